-- The main demo: a seeded Star Chess game between four computer players (the prediction tree
-- over request masks, two full turns, pruned), printing the galaxy after every full turn and
-- the result.  Every empire starts with 2000 materials and 2000 credits (with the default
-- zero reserves the opening fleets cannot be supported and the seed's AI never gets going;
-- see doc/starchess.md).
-- Usage: stratagem scenarios/starchess/demo.lua [SEED] [--default-rules]
local sg = require "stratagem"

local seed, rich = 7, true
for _, a in ipairs(arg or {}) do
  if a == "--default-rules" then rich = false else seed = math.tointeger(tonumber(a)) or seed end
end
local g = assert(sg.new("starchess", {seed = seed, rules = rich and
  {start_materials = 2000, start_credits = 2000} or nil}))
print(("Star Chess: four AIs (predict, turns = 2), seed %d%s\n"):format(seed,
      rich and ", start reserves 2000" or ""))
print(g)
local t0, turns, generated = sg.clock(), 0, 0
while g:status() == "playing" do
  local before = g:turn()
  local r = sg.search(g, {turns = 2})
  for _, c in ipairs(r.moves) do g:play(c) end
  turns, generated = turns + 1, generated + r.generated
  if g:turn() ~= before or g:status() ~= "playing" then
    print(("\nafter full turn %d:"):format(before))
    print(g)
  end
end
local status, winner, ranking = g:status()
print(("\n%s%s after %d AI turns; the AI generated %d positions in %.2f s"):format(status,
      winner and (": player " .. winner .. " wins") or
      (ranking and (", ranking " .. table.concat(ranking, ", ")) or ""),
      turns, generated, sg.clock() - t0))
