-- Two Othello AIs play a seeded game: alpha-beta with the weighting scheme in the midgame
-- (random among equal moves), the exact endgame solver at the end; the board after each move
-- and what the search found.  Usage: stratagem scenarios/othello/demo.lua [SEED] [DEPTH]
local sg = require "stratagem"
local seed = math.tointeger(tonumber(arg[1])) or 1
local depth = math.tointeger(tonumber(arg[2])) or 6
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
end
print()
print(g)
