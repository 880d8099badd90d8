-- Tic-tac-toe written in Lua with sg.define: the same game as the built-in C tictactoe (the
-- same moves a1..c3, position text and perft), to compare the two (doc/new-game.md).
local sg = require "stratagem"

-- A state is a string of 10 characters: the squares a1 b1 c1 a2 ... c3 ('x', 'o' or '.'),
-- then the mark of the player to move.  Strings are immutable, as states must be.
local NAMES = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}
local LINES = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {1, 4, 7}, {2, 5, 8}, {3, 6, 9}, {1, 5, 9},
               {3, 5, 7}}
local X, O, EMPTY = ("x"):byte(), ("o"):byte(), ("."):byte()
local byte, sub = string.byte, string.sub

local function winner(s)
  for _, l in ipairs(LINES) do
    local a = byte(s, l[1])
    if a ~= EMPTY and a == byte(s, l[2]) and a == byte(s, l[3]) then return a == X and 1 or 2 end
  end
end

return sg.define{
  name = "tictactoe_lua",
  title = "tic-tac-toe written in Lua (sg.define), to compare with the C tictactoe",
  notation = "a square a1 to c3 (file a-c, rank 1-3), e.g. b2",
  players = 2,
  player_names = {"x", "o"},
  max_moves = 9,
  weights = {one = 1, two = 10},
  start = function() return ".........x" end,
  player = function(s) return byte(s, 10) == X and 1 or 2 end,
  moves = function(s)
    local list, n = {}, 0
    for i = 1, 9 do
      if byte(s, i) == EMPTY then n = n + 1; list[n] = NAMES[i] end
    end
    return list
  end,
  play = function(s, move)
    local i = (byte(move, 2) - 49) * 3 + byte(move, 1) - 96
    local mark = sub(s, 10)
    return sub(s, 1, i - 1) .. mark .. sub(s, i + 1, 9) .. (mark == "x" and "o" or "x")
  end,
  status = function(s)
    local w = winner(s)
    if w then return "won", w end
    if not s:find(".", 1, true) then return "drawn" end
    return "playing"
  end,
  -- a line holding marks of one player only is worth `one` or `two` to that player
  eval = function(s, player, w)
    local score = 0
    for _, l in ipairs(LINES) do
      local nx, no = 0, 0
      for k = 1, 3 do
        local c = byte(s, l[k])
        if c == X then nx = nx + 1 elseif c == O then no = no + 1 end
      end
      if no == 0 and nx > 0 then score = score + (nx == 1 and w.one or w.two) end
      if nx == 0 and no > 0 then score = score - (no == 1 and w.one or w.two) end
    end
    return player == 1 and score or -score
  end,
  -- the C game's position text: rank 3 first, ranks separated by '/'
  position = function(s) return sub(s, 7, 9) .. "/" .. sub(s, 4, 6) .. "/" .. sub(s, 1, 3) end,
  parse = function(text)
    local r3, r2, r1 = text:match("^([xo.][xo.][xo.])/([xo.][xo.][xo.])/([xo.][xo.][xo.])$")
    if not r3 then return nil, "expected three ranks of x, o or '.', rank 3 first, e.g. '.../.x./...'" end
    local b = r1 .. r2 .. r3
    local _, nx = b:gsub("x", "")
    local _, no = b:gsub("o", "")
    if nx ~= no and nx ~= no + 1 then return nil, "x moves first: x has as many marks as o or one more" end
    return b .. (nx == no and "x" or "o")
  end,
  render = function(s)
    local rows = {}
    for r = 3, 1, -1 do
      rows[#rows + 1] = r .. "  " .. sub(s, r * 3 - 2, r * 3):gsub(".", "%0 ")
    end
    return table.concat(rows, "\n") .. "\n   a b c\n"
  end,
}
