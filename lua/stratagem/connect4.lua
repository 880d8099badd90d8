-- Connect Four defaults: evaluation weights and search settings (the only copy).
return {
  title = "Connect Four (7 columns, 6 rows)",
  notation = "a column a to g (or 1 to 7), e.g. d",
  players = {"x", "o"},
  -- rules constants: the standard board has none to change
  rules = {},
  -- evaluation at the search horizon, from x's point of view (o gets the opposite): each line
  -- of four cells holding discs of one player only is worth `three` to that player when it
  -- holds three of them and `two` when it holds two; each disc in the centre column d is worth
  -- `centre`; the player to move gets `tempo`
  weights = {three = 50, two = 5, centre = 4, tempo = 2},
  variant = {},
  -- the game's own sg.new keys beyond the common ones (none)
  options = {},
  -- sg.search defaults: the shared alpha-beta to depth 8 with a 16 MB table
  search = {algo = "alphabeta", depth = 8, hash = 16},
  -- what `stratagem play connect4` seats by default, and how its AI plays
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", depth = 8, random = 0}},
}
