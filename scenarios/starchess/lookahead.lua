-- Experiment: Two full turns of prediction with restricted masking against tree predicts 0 turns.
-- Usage: stratagem scenarios/starchess/lookahead.lua [GAMES] [--rich]
-- Seeded games with every rotation of the seats (stratagem.tournament); --rich gives every
-- empire 2000 materials and credits at the start (rules start_materials, start_credits).
local T = require "stratagem.tournament"

local games, rich = 200, false
for _, a in ipairs(arg or {}) do
  if a == "--rich" then rich = true else games = math.tointeger(tonumber(a)) or games end
end
local options = rich and {rules = {start_materials = 2000, start_credits = 2000}} or {}
local res = T.run{
  game = "starchess", games = games, seed = 1, options = options,
  entrants = {
    {name = "turns 2, pruned", search = {turns = 2, prune = true}},
    {name = "turns 0", search = {turns = 0}},
  },
}
print(T.report(res, "lookahead: " .. (rich and "start reserves 2000" or "default rules")))
