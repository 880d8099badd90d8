-- Experiment: The AI (two full turns, pruned) against random legal play (a kind of command first).
-- Usage: stratagem scenarios/starchess/vs-random.lua [GAMES] [--rich]
-- Seeded games with every rotation of the seats (stratagem.tournament); --rich gives every
-- empire 2000 materials and credits at the start (rules start_materials, start_credits).
require("stratagem.tournament").experiment{
  name = "vs-random", game = "starchess", args = arg,
  flags = {["--rich"] = {label = "start reserves 2000",
                         options = {rules = {start_materials = 2000, start_credits = 2000}}}},
  entrants = {
    {name = "AI, turns 2", search = {turns = 2}},
    {name = "random", search = {algo = "random"}},
  },
}
