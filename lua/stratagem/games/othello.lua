-- Othello defaults: the weighting scheme, variants and search settings (the only copy).
local core = require "stratagem.core"

local M = {
  title = "Othello (Reversi) on an 8x8 board",
  notation = "a square a1 to h8 (column a-h, row 1-8 from the top), or pass",
  players = {"black", "white"},
  rules = {},
  -- preset "patterns" (the default): the pattern evaluation (edges with X-squares, corner
  -- blocks, rows, diagonals, mobility, potential mobility, parity; weights per stage of the
  -- game in the file othello-patterns.dat beside this one, trained by M.train: doc/classic.md),
  -- in tenths of a disc for the side to move.  preset "blunt": the weighting scheme below.
  -- Without a readable weights file the evaluation falls back to the weighting scheme, with a
  -- warning.
  -- The weighting scheme (Blunt, section 9.3): the value of a disc on each square, given for
  -- one octant (a1 b1 c1 d1 b2 c2 d2 c3 d3 d4) and mirrored to the whole board: corners high,
  -- the squares next to them low.  Mobility (moves available) and discs count with weights
  -- that go from the opening values to the endgame values as the board fills.
  weights = {
    preset = "patterns",
    a1 = 100, b1 = -20, c1 = 10, d1 = 5,
    b2 = -50, c2 = -2, d2 = -2,
    c3 = -1, d3 = -1, d4 = -1,
    mobility_open = 8, mobility_end = 2,
    discs_open = -2, discs_end = 8,
    corner_first = true,   -- key moves: search corner moves first
  },
  enums = {preset = {"patterns", "blunt"}},
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
  -- levels 1-10 of play and serve: look-ahead plies and the empty squares from which the
  -- exact solver answers, depth and node counts only (the same move on any machine); the
  -- ladder of doc/manual.md 7.14 measured each against the one below
  play = {seats = {"human", "ai"}, ai = {depth = 5, random = 0},
          levels = {
            {depth = 1, endgame = 4, text = "looks 1 ply ahead, solves the last 4 empty squares"},
            {depth = 2, endgame = 6, text = "looks 2 plies ahead, solves the last 6 empty squares"},
            {depth = 3, endgame = 8, text = "looks 3 plies ahead, solves the last 8 empty squares"},
            {depth = 4, endgame = 10, text = "looks 4 plies ahead, solves the last 10 empty squares"},
            {depth = 5, endgame = 12, text = "looks 5 plies ahead, solves the last 12 empty squares"},
            {depth = 6, endgame = 14, text = "looks 6 plies ahead, solves the last 14 empty squares"},
            {depth = 8, endgame = 16, text = "looks 8 plies ahead, solves the last 16 empty squares"},
            {depth = 10, endgame = 18, text = "looks 10 plies ahead, solves the last 18 empty squares"},
            {depth = 12, endgame = 20, text = "looks 12 plies ahead, solves the last 20 empty squares"},
            {depth = 14, endgame = 22, text = "looks 14 plies ahead, solves the last 22 empty squares"},
          },
          -- scores: the pattern evaluation's are in tenths of a disc ("+1.8 discs est."), Blunt's
          -- weighting scheme's in its own points ("+18 est."); an exact result in discs
          score = function(g)
            local blunt = g and g:config().weights.preset == "blunt"
            if blunt then return {margin = "discs", estimate = "est."} end
            return {margin = "discs", estimate = "discs est.", scale = 10, digits = 1}
          end},
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

-- ---- the pattern weights ----

-- The weights file: $STRATAGEM_OTHELLO_PATTERNS, else othello-patterns.dat beside this file.
function M.patterns_file()
  local env = os.getenv("STRATAGEM_OTHELLO_PATTERNS")
  if env and env ~= "" then return env end
  -- this file's own path, wherever the loader found it (lua/stratagem/games/ in the build and
  -- installed trees, or a copy under STRATAGEM_LUADIR)
  local here = debug.getinfo(1, "S").source:match("^@(.*)$")
  return (here and here:gsub("othello%.lua$", "") or "") .. "othello-patterns.dat"
end

local loaded, load_error   -- the weights, read once per Lua state, or why they could not be

-- The pattern weights (read on first use), or nil and the reason, with a warning on stderr
-- the first time: the evaluation then falls back to the weighting scheme.
function M.patterns()
  if loaded or load_error then return loaded, load_error end
  local w, err = core.othello.patterns_read(M.patterns_file())
  if w then loaded = w
  else
    load_error = err
    io.stderr:write("stratagem: warning: othello pattern weights: ", err,
                    "; falling back to the weighting scheme (preset \"blunt\")\n")
  end
  return loaded, load_error
end

-- sg.new's and g:set_weights's hook: a game under preset "patterns" reads the weights.
function M.created(g)
  if core.othello.wants_patterns(g) then
    local w = M.patterns()
    if w then core.othello.attach(g, w) end
  end
end

-- Train pattern weights: opts as core.othello.train's (seed, games, solve_empties, random_min,
-- random_max, epochs, rate, holdout), generations (default 2: the first plays by mobility
-- and corners looking 2 plies ahead, each next one by the weights the one before fitted,
-- looking policy_depth plies ahead, default 3); writes opts.out when given.  Returns the
-- weights and the last generation's report.
local TRAIN_KEYS = {"epochs", "games", "generations", "holdout", "log", "out", "policy_depth",
                    "random_max", "random_min", "rate", "seed", "solve_empties"}
function M.train(opts)
  opts = opts or {}
  local valid = {}
  for _, k in ipairs(TRAIN_KEYS) do valid[k] = true end
  for k in pairs(opts) do
    if not valid[k] then
      error(("othello train: unknown option '%s' (valid options: %s)"):format(tostring(k),
            table.concat(TRAIN_KEYS, ", ")), 2)
    end
  end
  local gens = opts.generations or 2
  if math.type(gens) ~= "integer" or gens < 1 then
    error(("othello train: generations: got %s; expected a whole number, 1 or more")
          :format(tostring(gens)), 2)
  end
  local o, w, rep = {}, nil, nil
  local own = {out = true, generations = true, log = true, policy_depth = true}
  for k, v in pairs(opts) do if not own[k] then o[k] = v end end
  local log = opts.log or function() end
  for gen = 1, gens do
    o.policy = w
    o.policy_depth = gen == 1 and 2 or opts.policy_depth or 3
    o.seed = (opts.seed or 1) * 1000 + gen
    local ok, a, b = pcall(core.othello.train, o)
    if not ok then   -- a bad option: said at the caller's line, not this file's
      error((tostring(a):gsub("^[^\n]-othello%.lua:%d+: ", "")), 2)
    end
    w, rep = a, b
    log(gen, rep)
  end
  if opts.out then
    local ok, err = core.othello.patterns_write(w, opts.out)
    if not ok then error("othello train: " .. err, 0) end
  end
  return w, rep
end

return M
