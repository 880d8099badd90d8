-- Two Othello AIs play a seeded game: alpha-beta with the weighting scheme in the midgame
-- (random among equal moves), the exact endgame solver at the end; the board after each move
-- and what the search found.
-- Usage: stratagem scenarios/othello/demo.lua [SEED] [DEPTH] [--delay SECONDS]
-- (--delay: each move stays on the screen that long when the output is a terminal; default 0.3)
local sg = require "stratagem"
local args, delay = {}, 0.3
local i = 1
while arg[i] do
  if arg[i] == "--delay" then
    delay = tonumber(arg[i + 1] or "")
    if not delay or delay < 0 then
      io.stderr:write("--delay needs a number of seconds, got ", tostring(arg[i + 1]), "\n")
      os.exit(2)
    end
    i = i + 2
  else
    args[#args + 1], i = arg[i], i + 1
  end
end
if not sg.isatty() then delay = 0 end
local seed = math.tointeger(tonumber(args[1])) or 1
local depth = math.tointeger(tonumber(args[2])) or 6
local g = sg.new("othello", {seed = seed})
print(("Othello: two AIs (alpha-beta depth %d, exact endgame), seed %d\n"):format(depth, seed))
local names = {"black", "white"}
while g:status() == "playing" do
  local r = sg.search(g, {depth = depth, random = 0})
  local what = r.exact and r.margin and ("exact: %+d discs with best play"):format(r.margin)
               or ("score %d at depth %d"):format(r.score, r.depth)
  print(("%s plays %s   [%s, %d nodes, %.3f s]"):format(names[g:player()], r.move, what,
                                                        r.nodes, r.time))
  g:play(r.move)
  if delay > 0 then print(g); sg.sleep(delay) end
end
print()
print(g)
