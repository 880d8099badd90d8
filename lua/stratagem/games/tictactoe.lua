-- Tic-tac-toe defaults: evaluation weights, variants and search settings (the only copy).
local levels = require "stratagem.levels"
return {
  title = "tic-tac-toe (noughts and crosses)",
  notation = "a square a1 to c3 (file a-c, rank 1-3), e.g. b2",
  players = {"x", "o"},
  -- rules constants: tic-tac-toe has none
  rules = {},
  -- evaluation at the search horizon: a line holding marks of one player only is worth
  -- `one` or `two` to that player; only used by depth-limited searches
  weights = {one = 1, two = 10},
  -- misere = true: three in a row loses
  variant = {misere = false},
  -- the game's own sg.new keys beyond the common ones (none)
  options = {},
  -- sg.search defaults: no limit, so the search runs until the result is exact; no late move
  -- reductions, which would make the proof a few plies longer on a tree this small
  search = {algo = "alphabeta", hash = 1, lmr = false},
  -- what `stratagem play tictactoe` seats by default, and how its AI plays: the exact search,
  -- choosing at random (seeded) among the moves that are equally good
  -- --level 1 to 10: level 1 plays at random, level 10 searches to the end of the game (it
  -- never loses), and levels 2 to 9 play level 10's move on a growing share of their moves and
  -- a random one on the others (blunder).  The game is a draw with best play, which a search a
  -- few plies deep already finds, so depth could not make more than three levels differ; the
  -- shares were chosen so that each level is measurably stronger than the one below
  -- (doc/manual.md, 7.14)
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", random = 0, symmetry = true},
          -- the level the web page (stratagem serve) starts at
          default_level = 10,
          levels = levels.list(
            {algo = "random", text = "plays at random"},
            levels.blunder({depth = 0}, {15, 27, 38, 50, 60, 70, 80, 90},
                           "plays the best move on %s of its moves, a random one on the others"),
            {depth = 0, text = "looks to the end of the game: never loses"})},
}
