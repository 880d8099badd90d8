-- Tic-tac-toe between two AIs: the exact alpha-beta search, each choosing at random (from the
-- seed) among its equally good moves, so games differ from seed to seed but both sides play
-- perfectly and every game is a draw.
-- Usage: stratagem scenarios/tictactoe/demo.lua [SEED]
local sg = require "stratagem"

local seed = math.tointeger(tonumber(arg and arg[1] or "")) or 2026
local g = sg.new("tictactoe", {seed = seed})
print(("tic-tac-toe, two AIs, seed %d\n"):format(seed))
print(g)
while g:status() == "playing" do
  local who = ({"x", "o"})[g:player()]
  local r = sg.search(g, {random = 0, symmetry = true})
  g:play(r.move)
  print(("\n%s plays %s   (score %d: %s; %d nodes, %d equally good moves)"):format(
    who, r.move, r.score, r.score > 0 and "a win" or r.score < 0 and "a loss" or "a draw",
    r.nodes, r.candidates))
  print(g)
end
local status, winner = g:status()
print(("\nresult: %s%s after %s"):format(status, winner and (" by player " .. winner) or "",
                                         table.concat(g:history(), " ")))
