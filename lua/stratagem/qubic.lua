-- Qubic defaults: evaluation weights and search settings (the only copy).
return {
  title = "Qubic (4x4x4 noughts and crosses, 76 lines)",
  notation = "a cell: layer 1-4, column a-d, row 1-4, e.g. 2b3",
  players = {"x", "o"},
  -- rules constants: the standard cube has none to change
  rules = {},
  -- evaluation at the search horizon, from x's point of view (o gets the opposite): each line
  -- holding marks of one player only is worth `one`, `two` or `three` to that player by the
  -- number of its marks (a three is a threat: its empty cell wins); each empty cell on two or
  -- more of a player's lines of two (playing it makes a double threat) is worth `fork`; the
  -- player to move gets `tempo`
  weights = {one = 1, two = 8, three = 60, fork = 40, tempo = 20},
  variant = {},
  -- the game's own sg.new keys beyond the common ones (none)
  options = {},
  -- sg.search defaults: the shared alpha-beta to depth 3 (forcing moves, a win to take or a
  -- three to block, are searched past it), moves in the game's order (wins, blocks, double
  -- threats, threes, then open lines), which history and killers would only disturb
  search = {algo = "alphabeta", depth = 3, hash = 16, history = false, killers = false},
  -- what `stratagem play qubic` seats by default, and how its AI plays
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", depth = 3, random = 0,
                                         history = false, killers = false}},
}
