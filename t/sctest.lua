-- sctest.lua: scenario helpers shared by the Star Chess tests.
local sg = require "stratagem"

local M = {}

M.SECTORS = {}
for r = 1, 4 do for c in ("ABCD"):gmatch(".") do M.SECTORS[#M.SECTORS + 1] = c .. r end end

-- every planet terran unless named in `over`
function M.planets(over)
  local p = {}
  for _, s in ipairs(M.SECTORS) do p[s] = "terran" end
  for k, v in pairs(over or {}) do p[k] = v end
  return p
end

function M.col(owner, pop) return {owner = owner, pop = pop} end
function M.fl(owner, ships) return {owner = owner, ships = ships} end
function M.res(m, c) return {materials = m, credits = c} end

-- A scenario: all planets set (terran unless given), colonies default to the homeworlds of
-- players 1 and 2 (players 3 and 4 then start defeated), no fleets, zero reserves.
function M.scen(s)
  s.planets = M.planets(s.planets)
  s.colonies = s.colonies or {A1 = M.col(1, 20), A4 = M.col(2, 20)}
  s.fleets = s.fleets or {}
  s.reserves = s.reserves or {M.res(0, 0), M.res(0, 0), M.res(0, 0), M.res(0, 0)}
  return s
end

-- A game of that scenario (seed 1), with further sg.new options.
function M.game(s, opts)
  local o = {seed = 1, scenario = M.scen(s)}
  for k, v in pairs(opts or {}) do o[k] = v end
  local g, err = sg.new("starchess", o)
  if not g then error("scenario refused: " .. tostring(err), 2) end
  return g
end

-- The masks of section 2.2.2 for a request list: none, each request, each pair, in order.
function M.masks(req)
  local m = {{}}
  for i = 1, #req do m[#m + 1] = {req[i].sector} end
  for i = 1, #req do
    for j = i + 1, #req do m[#m + 1] = {req[i].sector, req[j].sector} end
  end
  return m
end

-- Test positions: for seeds 1 to n, the start start(seed), and the position after
-- player_turns(seed) turns of the AI with tree predicts 0 turns, if the game is still on.
function M.ai_positions(n, start, player_turns)
  local ps = {}
  for seed = 1, n do
    local g = start(seed)
    ps[#ps + 1] = g:copy()
    for _ = 1, player_turns(seed) do
      if g:status() ~= "playing" then break end
      for _, c in ipairs(sg.search(g, {turns = 0}).moves) do g:play(c) end
    end
    if g:status() == "playing" then ps[#ps + 1] = g end
  end
  return ps
end

return M
