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
  -- (algo "solve") answers instead, with the final disc difference (r.margin)
  search = {algo = "alphabeta", depth = 6, endgame = 18, hash = 16},
  search_options = {"endgame"},
  play = {seats = {"human", "ai"}, ai = {depth = 5, random = 0}},
}

-- ---- the exact endgame solver: sg.search(g, {algo = "solve", ...}) ----

local SOLVE_OPTIONS = {"algo", "hash", "nodes", "random", "seed", "threads", "time", "wld"}

-- The solver's options from sg.search's merged table s, checked; raises on misuse.
local function solve_options(g, s)
  local o = {}
  if s.hash ~= nil then
    if type(s.hash) ~= "number" or not (s.hash >= 0 and s.hash <= 65536) then
      error("hash must be a number of megabytes from 0 to 65536, got " .. tostring(s.hash), 0)
    end
    o.hash = s.hash
  end
  if s.time ~= nil then
    if type(s.time) ~= "number" or not (s.time >= 0) then
      error("time must be a number of seconds, 0 or more (0: no limit), got " .. tostring(s.time), 0)
    end
    o.time = s.time
  end
  if s.nodes ~= nil then
    if math.type(s.nodes) ~= "integer" or s.nodes < 0 then
      error("nodes must be a whole number, 0 or more (0: no limit), got " .. tostring(s.nodes), 0)
    end
    o.nodes = s.nodes
  end
  if s.threads ~= nil then
    if math.type(s.threads) ~= "integer" or s.threads < 1 or s.threads > 256 then
      error("threads must be a whole number from 1 to 256, got " .. tostring(s.threads), 0)
    end
    o.threads = s.threads
  end
  if s.wld ~= nil and type(s.wld) ~= "boolean" then
    error("wld must be a boolean (true: only win, draw or loss), got " .. type(s.wld), 0)
  end
  o.wld = s.wld or false
  if s.random ~= nil and s.random ~= false then
    if math.type(s.random) ~= "integer" or s.random < 0 or s.random > 128 then
      error("random must be a whole number of discs from 0 to 128 (pick among the moves " ..
            "within that margin of the best) or false, got " .. tostring(s.random), 0)
    end
    if o.wld then error("random needs the exact margin: it cannot be used with wld", 0) end
    o.random = s.random
  end
  if s.seed ~= nil and math.type(s.seed) ~= "integer" then
    error("seed must be an integer, got " .. tostring(s.seed), 0)
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
-- is returned as it is); depth, beam and symmetry do not apply to it.
function M.prepare_search(g, s)
  local n = s.endgame
  s.endgame = nil
  if n == nil then return end
  if math.type(n) ~= "integer" or n < 0 or n > 60 then
    error("endgame must be a whole number of empty squares from 0 to 60", 0)
  end
  if g:status() ~= "playing" or empty_squares(g) > n then return end
  local r = core.othello.solve(g, solve_options(g, {hash = s.hash, time = s.time,
                                                    nodes = s.nodes, random = s.random,
                                                    seed = s.seed, threads = s.threads}))
  r.algo = "solve"
  return r
end

return M
