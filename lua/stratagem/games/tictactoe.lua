-- Tic-tac-toe defaults: evaluation weights, variants and search settings (the only copy).
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
  -- --level 1 to 10: level 1 plays at random, levels 2 to 9 look 1 to 8 plies ahead, level 10
  -- to the end of the game.  The game is a draw with best play, which a search to the end (and
  -- in practice one a few plies deep) finds from every position: the top levels cannot beat
  -- each other, only punish the lower ones' mistakes
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", random = 0, symmetry = true},
          levels = {
            {algo = "random", text = "plays at random"},
            {depth = 1, text = "looks 1 ply ahead"}, {depth = 2, text = "looks 2 plies ahead"},
            {depth = 3, text = "looks 3 plies ahead"}, {depth = 4, text = "looks 4 plies ahead"},
            {depth = 5, text = "looks 5 plies ahead"}, {depth = 6, text = "looks 6 plies ahead"},
            {depth = 7, text = "looks 7 plies ahead"}, {depth = 8, text = "looks 8 plies ahead"},
            {depth = 0, text = "looks to the end of the game: never loses"},
          }},
}
