-- Experiment: the Othello AI (alpha-beta at depth 4 with the weighting scheme, exact endgame)
-- against random play.  Usage: stratagem scenarios/othello/vs-random.lua [GAMES]
-- Seeded games, each start played with both colours (stratagem.tournament).
require("stratagem.tournament").experiment{
  name = "othello vs-random", game = "othello", args = arg, label = "standard rules",
  entrants = {
    {name = "AI, depth 4", search = {depth = 4}},
    {name = "random", search = {algo = "random"}},
  },
}
