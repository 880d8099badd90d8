-- Two draughts AIs play a seeded game (alpha-beta, random among equal moves), printing every
-- move and the final board.  Usage: stratagem scenarios/draughts/demo.lua [SEED] [DEPTH] [--huff]
local sg = require "stratagem"
local seed, depth, huff = 1, 8, false
local nums = {}
for _, a in ipairs(arg) do
  if a == "--huff" then huff = true else nums[#nums + 1] = math.tointeger(tonumber(a)) end
end
seed, depth = nums[1] or seed, nums[2] or depth
local g = sg.new("draughts", {seed = seed, variant = huff and {capture = "huff"} or nil})
print(("English draughts%s: two AIs (alpha-beta depth %d), seed %d\n"):format(
      huff and " (huffing)" or "", depth, seed))
local names, line = {"black", "white"}, {}
while g:status() == "playing" do
  local r = sg.search(g, {depth = depth, random = 0})
  line[#line + 1] = r.move
  if #line == 8 then print(table.concat(line, "  ")); line = {} end
  g:play(r.move)
end
if #line > 0 then print(table.concat(line, "  ")) end
print()
print(g)
local status, winner = g:status()
print(status == "won" and (names[winner] .. " wins after " .. g:ply() .. " plies") or "drawn")
