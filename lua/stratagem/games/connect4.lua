-- Connect Four defaults: evaluation weights and search settings (the only copy).
return {
  title = "Connect Four (7 columns, 6 rows)",
  notation = "a column a to g (or 1 to 7), e.g. d",
  players = {"x", "o"},
  -- rules constants: the standard board has none to change
  rules = {},
  -- evaluation at the search horizon, from x's point of view (o gets the opposite): each
  -- empty cell where a disc would complete a four of a player (a threat) is worth `threat` to
  -- that player, and `parity` more on a row of the player's parity (x: rows 1, 3, 5; o: rows
  -- 2, 4, 6), where zugzwang at the end tends to let its owner fill it; each line of four
  -- cells holding two discs of one player and two empty cells is worth `two`; each disc in
  -- the centre column d `centre`; the player to move gets `tempo`
  weights = {threat = 40, parity = 20, two = 4, centre = 3, tempo = 2},
  variant = {},
  -- the game's own sg.new keys beyond the common ones (none)
  options = {},
  -- sg.search defaults: the shared alpha-beta to depth 8 with a 16 MB table
  search = {algo = "alphabeta", depth = 8, hash = 16},
  -- what `stratagem play connect4` seats by default, and how its AI plays
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", depth = 8, random = 0},
          -- levels 1-10 of play and serve: look-ahead plies only (the same move on any
          -- machine); the ladder of doc/manual.md 7.14 measured each against the one below
          levels = {
            {depth = 1, text = "looks 1 ply ahead"},
            {depth = 2, text = "looks 2 plies ahead"},
            {depth = 4, text = "looks 4 plies ahead"},
            {depth = 6, text = "looks 6 plies ahead"},
            {depth = 8, text = "looks 8 plies ahead"},
            {depth = 10, text = "looks 10 plies ahead"},
            {depth = 12, text = "looks 12 plies ahead"},
            {depth = 14, text = "looks 14 plies ahead"},
            {depth = 16, text = "looks 16 plies ahead"},
            {depth = 18, text = "looks 18 plies ahead"},
          }},
}
