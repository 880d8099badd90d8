-- Othello defaults: the weighting scheme, variants and search settings (the only copy).
local core = require "stratagem.core"

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
  -- depth 6 in the midgame; with `endgame` or fewer empty squares the exact endgame solver
  -- (algo "solve") answers instead, with the final disc difference (r.margin).  ProbCut
  -- (margin 20: about one standard deviation of the difference between a search and one of a
  -- quarter of its depth) instead of late move reductions, and no history heuristic: the
  -- matches that chose them are in doc/search.md
  search = {algo = "alphabeta", depth = 6, endgame = 18, history = false, lmr = false,
            probcut = 20},
  -- sg.search's options beyond the shared searches' (descriptors of the schema, see
  -- doc/lua-api.md)
  search_options = {
    {name = "endgame", type = "integer", min = 0, max = 60, default = 18, algos = {"alphabeta"},
     unit = "empty squares", doc = "with this many empty squares or fewer, the exact endgame "
     .. "solver (algo \"solve\") answers"},
  },
  play = {seats = {"human", "ai"}, ai = {depth = 5, random = 0}, score = {margin = "discs", estimate = "est."}},
}

-- ---- the exact endgame solver: sg.search(g, {algo = "solve", ...}) ----

-- The solver's options: the shared searches' descriptors (their algos list "solve") and wld.
local SOLVE_OPTIONS = {
  {name = "hash", shared = true}, {name = "nodes", shared = true},
  {name = "random", shared = true}, {name = "seed", shared = true},
  {name = "threads", shared = true}, {name = "time", shared = true},
  {name = "wld", type = "boolean", default = false, algos = {"solve"},
   doc = "only win, draw or loss (faster); r.score is then 1, 0 or -1"},
}

-- The solver's options from sg.search's merged table s (checked against the schema there);
-- raises on a combination the schema cannot tell.
local function solve_options(g, s)
  local o = {hash = s.hash, time = s.time, nodes = s.nodes, threads = s.threads,
             wld = s.wld or false}
  if s.random ~= nil and s.random ~= false then
    if o.wld then error("random (algo 'solve'): needs the exact margin; expected false with wld", 0) end
    o.random = s.random
  end
  o.seed = s.seed or g:config().seed * 1000003 + g:ply()
  return o
end

local function empty_squares(g)
  return select(2, g:position():gsub("%.", ""))
end

M.algos = {
  -- The exact solver: r.margin is the final disc difference for the player to move with best
  -- play (empty squares count for nobody), r.outcome "win", "draw" or "loss"; with wld only
  -- the outcome is sought (faster) and r.score is 1, 0 or -1.  With random = k it plays a
  -- move chosen with the seed among those within k discs of the best.  With threads = N the
  -- threads share the table; margin, move and PV are the same for any N, r.nodes counts all.
  solve = {
    options = SOLVE_OPTIONS,
    run = function(g, s)
      if g:status() ~= "playing" then error("the game is over: nothing to solve", 0) end
      local r = core.othello.solve(g, solve_options(g, s))
      r.algo = "solve"
      return r
    end,
  },
}

-- sg.search's hook: with `endgame` or fewer empty squares the exact solver answers (its result
-- is returned as it is); depth, beam and symmetry do not apply to it.  It gives one line: with
-- multipv > 1 alpha-beta searches on (to the end of the game, there).
function M.prepare_search(g, s)
  local n = s.endgame   -- checked against its descriptor by sg.search
  s.endgame = nil
  if n == nil or (s.multipv or 1) > 1 then return end
  if g:status() ~= "playing" or empty_squares(g) > n then return end
  local r = core.othello.solve(g, solve_options(g, {hash = s.hash, time = s.time,
                                                    nodes = s.nodes, random = s.random,
                                                    seed = s.seed, threads = s.threads}))
  r.algo = "solve"
  return r
end

return M
