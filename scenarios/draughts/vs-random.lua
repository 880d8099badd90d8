-- Experiment: the draughts AI (alpha-beta at depth 6) against random play.
-- Usage: stratagem scenarios/draughts/vs-random.lua [GAMES] [--huff]
-- Seeded games, each start played with both colours (stratagem.tournament); --huff plays the
-- huffing variant (captures optional, a piece that failed to capture may be removed).
require("stratagem.tournament").experiment{
  name = "draughts vs-random", game = "draughts", args = arg, label = "compulsory capture",
  flags = {["--huff"] = {label = "huffing variant", options = {variant = {capture = "huff"}}}},
  entrants = {
    {name = "AI, depth 6", search = {depth = 6}},
    {name = "random", search = {algo = "random"}},
  },
}
