-- Experiment: the stronger player (algo "strong") in one seat against three paper players
-- (algo "predict", three full turns); the seat rotates over the four positions of each galaxy.
-- An equal player would take 25% of the first places.
-- Usage: stratagem scenarios/starchess/strong.lua [GAMES] [--rich]
require("stratagem.tournament").experiment{
  name = "strong", game = "starchess", args = arg, lineup = {1, 2, 2, 2},
  flags = {["--rich"] = {label = "start reserves 2000",
                         options = {rules = {start_materials = 2000, start_credits = 2000}}}},
  entrants = {
    {name = "strong", search = {algo = "strong"}},
    {name = "paper (turns 3)", search = {algo = "predict"}},
  },
}
