-- Two draughts AIs play a seeded game (alpha-beta, random among equal moves), printing every
-- move and the final board.
-- Usage: stratagem scenarios/draughts/demo.lua [SEED] [DEPTH] [--huff] [--delay SECONDS]
-- (--delay: at a terminal, the board after each move, shown that long; default 0.3)
local sg = require "stratagem"
local seed, depth, huff, delay = 1, 8, false, 0.3
local nums = {}
local i = 1
while arg[i] do
  local a = arg[i]
  if a == "--huff" then huff = true
  elseif a == "--delay" then
    delay = tonumber(arg[i + 1] or "")
    if not delay or delay < 0 then
      io.stderr:write("--delay needs a number of seconds, got ", tostring(arg[i + 1]), "\n")
      os.exit(2)
    end
    i = i + 1
  else nums[#nums + 1] = math.tointeger(tonumber(a)) end
  i = i + 1
end
if not sg.isatty() then delay = 0 end
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
  if delay > 0 then print(); print(g); sg.sleep(delay) end
end
if #line > 0 then print(table.concat(line, "  ")) end
print()
print(g)
local status, winner = g:status()
print(status == "won" and (names[winner] .. " wins after " .. g:ply() .. " plies") or "drawn")
