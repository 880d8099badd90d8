-- Experiment: Request masking (tree predicts 0 turns) against the plain unmasked request list: does masking "decisively improve" play (section 2.2.2)?
-- Usage: stratagem scenarios/starchess/masking.lua [GAMES] [--rich]
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
    {name = "masked, turns 0", search = {turns = 0}},
    {name = "plain request list", search = {masks = false}},
  },
}
print(T.report(res, "masking: " .. (rich and "start reserves 2000" or "default rules")))
