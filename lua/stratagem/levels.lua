-- stratagem.levels: a game's ten levels (play.levels in its defaults) made of the search
-- option blunder, for games where more search stops making a player stronger: random moves at
-- the bottom, the strongest player found at the top, and between them players that play its
-- move on a share of their moves and a random move on the others (doc/manual.md, section 5,
-- Levels; the shares are chosen so that each level is measurably stronger than the one below).
local M = {}

-- The levels that play `base`'s search on each of `shares` (percentages, rising) of their
-- moves and a random move on the others: copies of base with blunder set and text made by
-- formatting `text` with the share ("15%").
function M.blunder(base, shares, text)
  local out = {}
  for i, pct in ipairs(shares) do
    local l = {}
    for k, v in pairs(base) do l[k] = v end
    l.blunder = (100 - pct) / 100
    l.text = text:format(("%g%%"):format(pct))
    out[i] = l
  end
  return out
end

-- One list of levels from its arguments in order, each a level (a table with text) or a list
-- of levels (M.blunder's).
function M.list(...)
  local out = {}
  for _, item in ipairs({...}) do
    if item.text then out[#out + 1] = item
    else for _, l in ipairs(item) do out[#out + 1] = l end end
  end
  return out
end

return M
