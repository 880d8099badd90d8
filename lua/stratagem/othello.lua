-- Othello defaults: the weighting scheme, variants and search settings (the only copy).
local M = {
  title = "Othello (Reversi) on an 8x8 board",
  notation = "a square a1 to h8 (column a-h, row 1-8 from the top), or pass",
  players = {"black", "white"},
  rules = {},
  -- The weighting scheme (Blunt, section 9.3): the value of a disc on each square, given for
  -- one octant (a1 b1 c1 d1 b2 c2 d2 c3 d3 d4) and mirrored to the whole board: corners high,
  -- the squares next to them low.  Mobility (moves available) and discs count with weights
  -- that go from the opening values to the endgame values as the board fills.
  weights = {
    a1 = 100, b1 = -20, c1 = 10, d1 = 5,
    b2 = -50, c2 = -2, d2 = -2,
    c3 = -1, d3 = -1, d4 = -1,
    mobility_open = 8, mobility_end = 2,
    discs_open = -2, discs_end = 8,
    corner_first = true,   -- key moves: search corner moves first
  },
  -- forfeit_on_illegal: a placement that flips nothing loses the turn instead of being refused
  variant = {forfeit_on_illegal = false},
  options = {},
  -- depth 6 in the midgame; with `endgame` or fewer empty squares the search runs to the end
  -- and finds the exact final disc difference (r.margin)
  search = {algo = "alphabeta", depth = 6, endgame = 12, hash = 16},
  search_options = {"endgame"},
  play = {seats = {"human", "ai"}, ai = {depth = 5, random = 0}},
}

-- sg.search's hook: the endgame solver takes over when few squares are empty.
function M.prepare_search(g, s)
  local n = s.endgame
  s.endgame = nil
  if n == nil then return end
  if math.type(n) ~= "integer" or n < 0 or n > 60 then
    error("endgame must be a whole number of empty squares from 0 to 60", 0)
  end
  local empty = select(2, g:position():gsub("%.", ""))
  if empty <= n then s.depth = nil end   -- no limit: exact to the end
end

return M
