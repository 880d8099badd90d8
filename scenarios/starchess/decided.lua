-- Experiment: four paper players (the prediction tree, three full turns, the game's defaults):
-- how many games reach a decision before the turn limit, and how long they last.
-- Usage: stratagem scenarios/starchess/decided.lua [GAMES] [--rich]
-- Seeded games with every rotation of the seats (stratagem.tournament); the two entrants are
-- the same player under two names, so their shares only show the seats' luck.
require("stratagem.tournament").experiment{
  name = "decided", game = "starchess", args = arg,
  flags = {["--rich"] = {label = "start reserves 2000",
                         options = {rules = {start_materials = 2000, start_credits = 2000}}}},
  entrants = {
    {name = "paper (turns 3)", search = {algo = "predict"}},
    {name = "paper (same)", search = {algo = "predict"}},
  },
}
