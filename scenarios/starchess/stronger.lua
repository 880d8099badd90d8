-- Experiment: EvalPlayers with the stronger-player doubling (step 3 of section 3.3) against without it, both predicting 0 turns.
-- Usage: stratagem scenarios/starchess/stronger.lua [GAMES] [--rich]
-- Seeded games with every rotation of the seats (stratagem.tournament); --rich gives every
-- empire 2000 materials and credits at the start (rules start_materials, start_credits).
require("stratagem.tournament").experiment{
  name = "stronger", game = "starchess", args = arg,
  flags = {["--rich"] = {label = "start reserves 2000",
                         options = {rules = {start_materials = 2000, start_credits = 2000}}}},
  entrants = {
    {name = "doubling", search = {turns = 0}},
    {name = "no doubling", search = {turns = 0, weights = {stronger_factor = 1}}},
  },
}
