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

return M
