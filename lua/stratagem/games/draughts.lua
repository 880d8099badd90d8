-- English draughts defaults: rules constant, evaluation weights, variant and search settings
-- (the only copy).
return {
  title = "English draughts (checkers) on an 8x8 board",
  notation = "PDN squares 1-32: 11-15 a plain move, 22x15x6 a capture (22x6 when only one "
             .. "route), huff 12 to remove a piece that failed to capture (huff variant)",
  players = {"black", "white"},
  -- draw_moves: the game is drawn when neither side captures nor crowns for this many moves
  -- each (twice as many plies)
  rules = {draw_moves = 40},
  -- evaluation at the search horizon, from each side's point of view
  weights = {
    man = 100,       -- a man on the board
    king = 160,      -- a king: it moves both ways, worth well over a man
    advance = 3,     -- per row a man has advanced toward crowning
    back_row = 8,    -- per man still on its home row, keeping the opponent from crowning
    centre = 4,      -- per piece on the 8 central squares (10, 11, 14, 15, 18, 19, 22, 23)
    trade = 2,       -- per piece off the board, to the side ahead in material: exchanges
                     -- help the stronger side
  },
  -- capture = "compulsory" (the modern rule) or "huff" (captures optional; the opponent may
  -- remove a piece that failed to take one, as the first action of their turn)
  variant = {capture = "compulsory"},
  enums = {capture = {"compulsory", "huff"}},
  options = {},
  search = {algo = "alphabeta", depth = 10},
  play = {seats = {"human", "ai"}, ai = {depth = 8, random = 0},
          -- levels 1-10 of play and serve: look-ahead plies only (the same move on any
          -- machine); the ladder of doc/manual.md 7.14 measured each against the one below
          levels = {
            {depth = 1, text = "looks 1 ply ahead"},
            {depth = 2, text = "looks 2 plies ahead"},
            {depth = 3, text = "looks 3 plies ahead"},
            {depth = 6, text = "looks 6 plies ahead"},
            {depth = 8, text = "looks 8 plies ahead"},
            {depth = 10, text = "looks 10 plies ahead"},
            {depth = 12, text = "looks 12 plies ahead"},
            {depth = 14, text = "looks 14 plies ahead"},
            {depth = 16, text = "looks 16 plies ahead"},
            {depth = 18, text = "looks 18 plies ahead"},
          }},
}
