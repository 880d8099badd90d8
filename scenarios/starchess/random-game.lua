-- A seeded Star Chess game between four random players (legal commands, a kind of command
-- chosen first), showing the galaxy after every full turn and the result.
-- Usage: stratagem scenarios/starchess/random-game.lua [SEED] [TURNS]
local sg = require "stratagem"

local seed = math.tointeger(tonumber(arg and arg[1] or "")) or 1
local turns = math.tointeger(tonumber(arg and arg[2] or "")) or 10
local g = sg.new("starchess", {seed = seed, rules = {max_turns = turns}})
print(("Star Chess, four random players, seed %d, %d turns\n"):format(seed, turns))
print(g)
local step = 0
while g:status() == "playing" do
  local before = g:turn()
  g:play(sg.search(g, {algo = "random", seed = seed * 100003 + step}).move)
  step = step + 1
  if g:turn() ~= before or g:status() ~= "playing" then print("\n" .. tostring(g)) end
end
local status, winner, ranking = g:status()
print(("\n%s after %d commands%s"):format(status, step,
  winner and (": player " .. winner .. " wins") or
  (ranking and (": ranking " .. table.concat(ranking, ", ")) or "")))
