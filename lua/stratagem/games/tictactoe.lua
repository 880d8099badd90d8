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
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", random = 0, symmetry = true}},
}
