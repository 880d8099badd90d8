-- Experiment: Two full turns of prediction with restricted masking against tree predicts 0 turns.
-- Usage: stratagem scenarios/starchess/lookahead.lua [GAMES] [--rich]
-- Seeded games with every rotation of the seats (stratagem.tournament); --rich gives every
-- empire 2000 materials and credits at the start (rules start_materials, start_credits).
require("stratagem.tournament").experiment{
  name = "lookahead", game = "starchess", args = arg,
  flags = {["--rich"] = {label = "start reserves 2000",
                         options = {rules = {start_materials = 2000, start_credits = 2000}}}},
  entrants = {
    {name = "turns 2, pruned", search = {turns = 2, prune = true}},
    {name = "turns 0", search = {turns = 0}},
  },
}
