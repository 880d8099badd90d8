-- stratagem.tune: tuning a game's weights or request priorities (stratagem tune, sg.lab.tune).
--
-- Three methods:
-- * spsa: simultaneous perturbation stochastic approximation as fishtest runs it: every
--   iteration perturbs all parameters together by +-c_k, plays game pairs of theta+ against
--   theta- (stratagem.lab's rounds), and steps theta by R_k c_k r Delta, r = theta+'s
--   (wins - losses) / games.  c_k = c_end (N/k)^0.101, R_k = a_k / c_k^2 with a_k = r_end
--   c_end^2 ((A + N) / (A + k))^0.602, A = N / 10; defaults c_end = (hi - lo) / 20 and
--   r_end = 50 / N: a game or two a step is far less than fishtest's thousands, so the steps
--   are larger than its r_end = 0.002.
-- * ga: a genetic algorithm (the chess seed's extension): a population around the defaults,
--   fitness = the score against the incumbent (the best so far) over game pairs, truncation
--   selection, uniform crossover, Gaussian mutation; an individual that beats the incumbent
--   becomes the incumbent.
-- * texel: Texel tuning of evaluation weights: positions sampled from self-play games, each
--   labelled with its game's result; the weights minimise the mean squared error between the
--   result and sigmoid(K * eval) (K fitted first), by Texel's local search (each parameter +-
--   a step, kept when the error falls; the steps halve down to 1 when nothing does).
-- * texel-gradient (`--method texel --gradient`): the same loss for chess's tapered evaluation,
--   minimised by Adam over the whole evaluation in C (src/games/chess_tune.c): the positions
--   file is read once, quiet positions only, each stored as its evaluation's trace (the
--   coefficient of every weight), and an iteration is `epochs` full-batch steps.
-- Every iteration writes a checkpoint atomically (--resume goes on from it), the result as a
-- Lua settings file, and a progress line; --plot draws the parameters and the loss or score
-- over the iterations as SVG.
local sg = require "stratagem"
local data = require "stratagem.data"
local lab = require "stratagem.lab"
local core = require "stratagem.core"

local M = {}
local fmt = string.format

local copy = lab.copy

-- ---- parameters ----

-- The parameters named (`weights.NAME`, `priorities.SITUATION.KEY`, or a weight's bare name),
-- with their defaults (from base settings over the game's defaults) and bounds (given as
-- {[name] = {lo, hi}}, else the default +- max(|default|, 10) within what C accepts).
-- Returns the list or nil and a message.
function M.params(game, names, bounds, base)
  local d = sg.defaults(game)
  local ranges = core.ranges(game)
  base = base or {}
  bounds = bounds or {}
  if type(names) ~= "table" or #names == 0 then
    return nil, "tune: params: expected names of weights or priorities (e.g. weights.man)"
  end
  local list, seen = {}, {}
  for _, name in ipairs(names) do
    local path = {}
    for part in name:gmatch("[^.]+") do path[#path + 1] = part end
    if #path == 1 then table.insert(path, 1, "weights") end
    local top = path[1]
    if top == "rules" then
      return nil, fmt("tune: params: %s: rules constants change the game both players play, " ..
                      "so two settings of them cannot meet in one game; tune weights or " ..
                      "priorities", name)
    end
    if top ~= "weights" and top ~= "priorities" then
      return nil, fmt("tune: params: %s: expected weights.NAME or priorities.SITUATION.KEY", name)
    end
    local full = table.concat(path, ".")
    if seen[full] then return nil, "tune: params: " .. full .. " is named twice" end
    seen[full] = true
    local value = base[top] or d[top]
    local dv = d[top]
    for i = 2, #path do
      value = type(value) == "table" and value[path[i]] or nil
      dv = type(dv) == "table" and dv[path[i]] or nil
    end
    if value == nil then value = dv end
    if type(value) ~= "number" then
      local valid = {}
      if top == "weights" then
        for k, v in pairs(d.weights or {}) do if type(v) == "number" then valid[#valid + 1] = k end end
        table.sort(valid)
      end
      return nil, fmt("tune: params: %s is not a number the game %s declares%s", full, game,
                      #valid > 0 and (" (its weights: " .. table.concat(valid, ", ") .. ")") or "")
    end
    local r = top == "weights" and ranges.weights[path[2]] or nil
    if top == "priorities" then
      -- what the game's request table accepts (stratagem.starchess.priority_ranges)
      local pr = d.priority_ranges or {}
      r = pr[path[#path]] or (#path >= 4 and pr.term) or nil
    end
    local integer = (r and r.type == "integer") or (not r and math.type(value) == "integer")
    local span = math.max(math.abs(value), 10)
    local lo, hi = value - span, value + span
    if r then lo, hi = math.max(lo, r.min), math.min(hi, r.max) end
    local b = bounds[full] or bounds[name]
    if b then
      lo, hi = b[1], b[2]
      if not (type(lo) == "number" and type(hi) == "number" and lo < hi) then
        return nil, fmt("tune: bounds of %s: expected LO < HI", full)
      end
      if r and (lo < r.min or hi > r.max) then
        return nil, fmt("tune: bounds of %s: %g to %g is outside what the game accepts (%g to %g)",
                        full, lo, hi, r.min, r.max)
      end
      if value < lo or value > hi then
        return nil, fmt("tune: bounds of %s: %g to %g exclude its default %g", full, lo, hi, value)
      end
    end
    local entry = {name = full, path = path, default = value, lo = lo, hi = hi,
                   integer = integer}
    if top == "priorities" and #path >= 4 then
      -- a Star Chess situation's min or max is replaced as a whole formula: keep its other terms
      local f = (base.priorities and base.priorities[path[2]] and
                 base.priorities[path[2]][path[3]]) or d.priorities[path[2]][path[3]]
      entry.formula = copy(f)
    end
    list[#list + 1] = entry
  end
  for k in pairs(bounds) do
    if not seen[k] and not seen["weights." .. k] then
      return nil, fmt("tune: bounds given for %s, which is not among the parameters", k)
    end
  end
  return list
end

-- The settings of a parameter vector: base settings with each parameter set (integers rounded).
function M.settings(params, values, base)
  local s = copy(base or {})
  for i, p in ipairs(params) do
    local v = values[i]
    if p.integer then v = math.floor(v + 0.5) end
    local t = s
    for j = 1, #p.path - 1 do
      if t[p.path[j]] == nil then
        t[p.path[j]] = (p.formula and j == #p.path - 1) and copy(p.formula) or {}
      end
      t = t[p.path[j]]
    end
    t[p.path[#p.path]] = p.integer and math.tointeger(v) or v
  end
  return s
end

local function clamp(p, v) return math.max(p.lo, math.min(p.hi, v)) end

-- ---- games between two settings ----

local run_seq = 0
-- Play matches of game pairs (rounds), each {a =, b =, pairs =, seed =}: settings b against a
-- from seeds seed.., all in one batch: on `st.jobs` workers, or through st.runner (a job file
-- per batch: an SPSA iteration, a GA generation).  Returns for each match b's wins, draws,
-- losses as {w, d, l} (two players: a draw counts half; N players: b's first places against
-- N - 1 copies of a).  The job lines are whole ones (`stratagem job` plays them), of runs
-- named tuneK with the numbers of an SPRT that tune does not use.
local function play_matches(st, matches)
  local n = st.players
  local jobs, tally = {}, {}
  for m, match in ipairs(matches) do
    run_seq = run_seq + 1
    tally[m] = {0, 0, 0, failed = 0, games = match.pairs * n}
    for idx = 1, match.pairs * n do
      local round = (idx - 1) // n + 1
      local seats = {}
      for s = 1, n do seats[s] = s == (idx - 1) % n + 1 and "b" or "a" end
      jobs[#jobs + 1] = {format = lab.FORMAT, version = sg.version, run = "tune" .. run_seq,
                         index = idx, round = round, game = st.game, rules = st.rules,
                         seed = match.seed + round - 1, opening = {plies = st.opening},
                         seats = seats, a = match.a, b = match.b, max_moves = st.max_moves,
                         players = n, rounds = match.pairs, elo0 = 0, elo1 = 5, alpha = 0.05,
                         beta = 0.05, match = m}
    end
  end
  local indices = {}
  for i = 1, #jobs do indices[i] = i end
  local first_err
  local ok, err = pcall(lab.execute, function(i)
    local job = lab.copy(jobs[i])
    job.match = nil
    return job
  end, st.jobs, indices, function(i, res, err)
    local tl = tally[jobs[i].match]
    if not res then
      io.stderr:write(fmt("\ntune: a game failed (%s); counted as a draw\n", tostring(err)))
      tl[2], tl.failed, first_err = tl[2] + 1, tl.failed + 1, first_err or tostring(err)
      return
    end
    local seat
    for s, who in ipairs(res.seats) do if who == "b" then seat = s end end
    if res.first == nil then tl[2] = tl[2] + 1
    elseif res.first == seat then tl[1] = tl[1] + 1
    else tl[3] = tl[3] + 1 end
  end, function() return false end, {game_timeout = st.game_timeout, runner = st.runner,
                                      retries = st.retries, batch = #jobs,
                                      progress = st.progress})
  if not ok then
    err = tostring(err)
    if err:find("^runner: ") then   -- the runner failed: where to go on from
      err = "tune: " .. err .. "\n" .. (st.checkpoint and
        fmt("tune: the checkpoint %s keeps the %d iterations before it: the same command with " ..
            "--resume goes on from them", st.checkpoint, st.iteration) or
        fmt("tune: %d iterations were finished (with --checkpoint FILE, --resume would go on " ..
            "from them)", st.iteration))
    end
    error(err, 0)
  end
  for _, tl in ipairs(tally) do
    if tl.failed == tl.games then
      -- not a crash now and then but settings that cannot be played: stop before stepping
      error(fmt("tune: every game of iteration %d failed (the first: %s); the " ..
                "checkpoint keeps the iterations before it", st.iteration + 1, first_err), 0)
    end
  end
  return tally
end

local function play_pairs(st, a, b, pairs, seed)
  local tl = play_matches(st, {{a = a, b = b, pairs = pairs, seed = seed}})[1]
  return tl[1], tl[2], tl[3]
end

-- ---- the methods ----

local methods = {}

-- A deterministic generator for the tuner's own choices (perturbations, mutations).
local function rng(state)
  state.rng = (state.rng * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (state.rng >> 11) / (1 << 52)
end
local function gauss(state)
  local u1, u2 = math.max(rng(state), 1e-12), rng(state)
  return math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)
end

-- The share of wins, draws, losses of n players: a draw (or a game without a first place)
-- counts 1/n.  The margin is the share less an equal player's 1/n, scaled to -1 .. 1 (two
-- players: (w - l) / games); SPSA steps by it, so that equal strength takes no step.
local function share(w, d, l, n)
  return (w + d / n) / math.max(w + d + l, 1)
end
function M.margin(w, d, l, n)
  local x = share(w, d, l, n)
  return (x - 1 / n) * n / (n - 1), x
end

function methods.spsa(state, opts)
  local k = state.iteration + 1
  local N = state.iterations
  local A, alpha, gamma = 0.1 * N, 0.602, 0.101
  local plus, minus, delta = {}, {}, {}
  for i, p in ipairs(state.params) do
    local c_end = opts.c_end or (p.hi - p.lo) / 20
    -- an integer's perturbation of less than 1/2 each way would round both sides to one value
    if p.integer then c_end = math.max(c_end, 0.5) end
    local a_end = (opts.r_end or 50 / N) * c_end ^ 2
    local c_k = c_end * N ^ gamma / k ^ gamma
    local a_k = a_end * (A + N) ^ alpha / (A + k) ^ alpha
    delta[i] = rng(state) < 0.5 and -1 or 1
    plus[i] = clamp(p, state.theta[i] + c_k * delta[i])
    minus[i] = clamp(p, state.theta[i] - c_k * delta[i])
    p.c_k, p.r_k = c_k, a_k / c_k ^ 2
  end
  local w, d, l = play_pairs(state, M.settings(state.params, minus, state.base),
                             M.settings(state.params, plus, state.base), state.games,
                             state.seed + state.iteration * state.games)
  -- theta+'s margin per game, -1 to 1 and 0 at equal strength: two players (w - l) / games;
  -- n players (one theta+ against n - 1 theta-) the share of first places less 1/n, scaled
  local result, score = M.margin(w, d, l, state.players)
  for i, p in ipairs(state.params) do
    state.theta[i] = clamp(p, state.theta[i] + p.r_k * p.c_k * result * delta[i])
  end
  return {score = score, result = result}
end

function methods.ga(state, opts)
  local P = opts.population or state.population or 8
  state.population = P
  local np = #state.params
  if not state.pop then   -- the first generation: the defaults, then mutants of them
    state.pop = {copy(state.theta)}
    while #state.pop < P do
      local ind = {}
      for i, p in ipairs(state.params) do
        ind[i] = clamp(p, state.theta[i] + gauss(state) * (p.hi - p.lo) / 6)
      end
      state.pop[#state.pop + 1] = ind
    end
  end
  local incumbent = M.settings(state.params, state.theta, state.base)
  local fit, matches = {}, {}
  for j, ind in ipairs(state.pop) do   -- a generation is one batch
    matches[j] = {a = incumbent, b = M.settings(state.params, ind, state.base),
                  pairs = state.games, seed = state.seed + state.iteration * 7919}
  end
  for j, tl in ipairs(play_matches(state, matches)) do
    fit[j] = {score = share(tl[1], tl[2], tl[3], state.players), ind = state.pop[j]}
  end
  table.sort(fit, function(x, y) return x.score > y.score end)
  local best = fit[1]
  local changed = best.score > 1 / state.players   -- better than an equal player's share
  if changed then state.theta = copy(best.ind) end
  -- the next generation: the better half kept, children of two of them (uniform crossover)
  -- mutated with a spread that shrinks over the generations
  local keep = math.max(2, P // 2)
  local nextp = {copy(state.theta)}
  for j = 1, keep do
    if #nextp < P and fit[j].ind ~= best.ind then nextp[#nextp + 1] = copy(fit[j].ind) end
  end
  local spread = 1 / 6 * (1 - state.iteration / math.max(state.iterations, 1)) + 1 / 60
  while #nextp < P do
    local x = fit[1 + math.floor(rng(state) * keep)].ind
    local y = fit[1 + math.floor(rng(state) * keep)].ind
    local child = {}
    for i, p in ipairs(state.params) do
      child[i] = rng(state) < 0.5 and x[i] or y[i]
      if rng(state) < 1 / np + 0.2 then
        child[i] = clamp(p, child[i] + gauss(state) * (p.hi - p.lo) * spread)
      end
    end
    nextp[#nextp + 1] = child
  end
  state.pop = nextp
  return {score = best.score, result = changed and 1 or 0}
end

-- ---- Texel tuning ----

-- The job of self-play game gi (1-based) of a Texel generation: a whole `sgjob` line of kind
-- "selfplay" that `stratagem job` plays (M.selfplay), so the positions can be made on other
-- machines (--runner) or worker processes (--jobs) and are the same wherever they are made.
-- gen: {game, base (settings), search (laid over the base's), seed, games, opening, skip,
-- every, max_moves, run}.
function M.selfplay_job(gen, gi)
  return {format = lab.FORMAT, version = sg.version, kind = "selfplay", run = gen.run,
          index = gi, game = gen.game, seed = (gen.seed or 1) + gi - 1, games = gen.games,
          base = gen.base or {}, search = gen.search, opening = gen.opening or 6,
          skip = gen.skip or 4, every = gen.every or 3, max_moves = gen.max_moves or 400}
end

-- Play one self-play job: one position in `every` plies after `skip`, after `opening` random
-- moves.  Returns {kind, run, index, result ("1", "0.5" or "0": for player 1), positions,
-- moves, time}.
function M.selfplay(job)
  local t0 = sg.clock()
  local base = job.base or {}
  local search = lab.search_of(job.game, base, 1)
  for k, v in pairs(job.search or {}) do search[k] = v end
  local seed = job.seed
  local g = assert(sg.new(job.game, {seed = seed, weights = base.weights}))
  for i = 1, job.opening or 6 do
    if g:status() ~= "playing" then break end
    g:play(sg.search(g, {algo = "random", seed = seed * 7919 + i}).move)
  end
  local picked = {}
  local ply = 0
  while g:status() == "playing" and ply < (job.max_moves or 400) do
    ply = ply + 1
    if ply > (job.skip or 4) and ply % (job.every or 3) == 0 then
      picked[#picked + 1] = g:position()
    end
    search.seed = seed * 1000003 + ply
    local r = sg.search(g, search)
    for _, m in ipairs(r.moves or {r.move}) do g:play(m) end
  end
  local status, winner = g:status()
  return {kind = "selfplay", run = job.run, index = job.index, positions = picked, moves = ply,
          result = status == "won" and (winner == 1 and "1" or "0") or "0.5",
          time = sg.clock() - t0}
end

-- A generation's name: the same game, settings, seed and counts give the same name (a
-- partial file of another generation is refused on --resume).
local function generation_run(gen)
  local s = lab.line_of({game = gen.game, base = gen.base or {}, search = gen.search or false,
                         seed = gen.seed or 1, games = gen.games, opening = gen.opening or 6,
                         skip = gen.skip or 4, every = gen.every or 3,
                         max_moves = gen.max_moves or 400})
  local h = 2166136261
  for i = 1, #s do h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff end
  return fmt("tx%08x", h)
end

-- The lines "RESULT<TAB>POSITION" of the games' results, in game order.
local function position_lines(results, games)
  local lines = {}
  for gi = 1, games do
    for _, pos in ipairs(results[gi].positions) do lines[#lines + 1] = results[gi].result .. "\t" .. pos end
  end
  return lines
end

-- Positions of self-play games with the base settings (opts: games, base, search, seed,
-- opening, skip, every, max_moves), each with the result for player 1.  Lines
-- "RESULT<TAB>POSITION".  With opts.jobs > 1 on worker processes; with opts.runner through a
-- runner in batches of opts.batch games (default 100), the games finished kept after each
-- batch in opts.part (a file of result lines), which opts.resume reads back so that only the
-- games missing are played.  The same lines in every way.
function M.texel_positions(game, opts)
  local gen = {game = game, base = opts.base or {}, search = opts.search, seed = opts.seed or 1,
               games = opts.games, opening = opts.opening, skip = opts.skip, every = opts.every,
               max_moves = opts.max_moves}
  gen.run = generation_run(gen)
  local results, indices = {}, {}
  if opts.resume and opts.part then
    local text = data.read_file(opts.part)
    local n = 0
    for line in (text or ""):gmatch("[^\n]+") do
      n = n + 1
      local res, rerr = lab.read_result(line)
      if not res or res.kind ~= "selfplay" then
        error(fmt("tune: cannot resume: %s, line %d: %s", opts.part, n,
                  rerr or "not a self-play result"), 0)
      end
      if res.run ~= gen.run then
        error(fmt("tune: cannot resume: %s, line %d: a self-play game of generation %s, but " ..
                  "these settings make generation %s", opts.part, n, res.run, gen.run), 0)
      end
      if not res.failed then results[res.index] = res end
    end
  end
  for gi = 1, gen.games do
    if not results[gi] then indices[#indices + 1] = gi end
  end
  local function keep()   -- the games finished so far, in game order
    if not opts.part then return end
    local lines = {}
    for gi = 1, gen.games do
      local r = results[gi]
      if r then
        local c = copy(r)
        c.format, c.version = nil, nil
        c.job = {game = game, seed = gen.seed + gi - 1, games = gen.games}
        lines[#lines + 1] = lab.result_line(c)
      end
    end
    local ok, err = data.write_file(opts.part, table.concat(lines, "\n") .. "\n")
    if not ok then error("tune: " .. tostring(err), 0) end
  end
  local ok, err = pcall(lab.execute, function(gi) return M.selfplay_job(gen, gi) end,
    opts.jobs or 1, indices, function(gi, res, rerr)
      if not res then error(fmt("tune: self-play game %d failed: %s", gi, tostring(rerr)), 0) end
      results[gi] = res
    end, function() return false end,
    {runner = opts.runner, retries = opts.retries, batch = opts.batch or 100,
     game_timeout = opts.game_timeout, progress = opts.progress,
     on_batch = opts.runner and keep or nil})
  if not ok then
    err = tostring(err)
    if err:find("^runner: ") then
      local done = 0
      for gi = 1, gen.games do if results[gi] then done = done + 1 end end
      err = "tune: " .. err .. "\n" .. (opts.part and
        fmt("tune: the %d of %d self-play games played are kept in %s: the same command " ..
            "with --resume goes on from them", done, gen.games, opts.part) or "")
    end
    error(err, 0)
  end
  return position_lines(results, gen.games)
end

local function texel_load(state)
  if state.games_loaded then return end
  local text, err = data.read_file(state.positions)
  if not text then error("tune: cannot read the positions: " .. err, 0) end
  local list, n = {}, 0
  for line in text:gmatch("[^\n]+") do
    n = n + 1
    local r, pos = line:match("^([%d.]+)\t(.+)$")
    local v = tonumber(r)
    if not v or (v ~= 0 and v ~= 0.5 and v ~= 1) then
      error(fmt("tune: %s:%d: expected RESULT (1, 0.5 or 0), a tab and a position", state.positions, n), 0)
    end
    local g, perr = sg.new(state.game, {position = pos})
    if not g then error(fmt("tune: %s:%d: %s", state.positions, n, perr), 0) end
    list[#list + 1] = {g = g, r = v}
  end
  if #list == 0 then error("tune: " .. state.positions .. " holds no positions", 0) end
  state.games_loaded = list
end

local function texel_loss(state, weights, K)
  local sum = 0
  for _, e in ipairs(state.games_loaded) do
    e.g:set_weights(weights)
    local s = e.g:scores()[1]
    local p = 1 / (1 + 10 ^ (-K * s / 400))
    sum = sum + (e.r - p) ^ 2
  end
  return sum / #state.games_loaded
end

function methods.texel(state)
  texel_load(state)
  local function weights_of(theta) return M.settings(state.params, theta, state.base).weights end
  if not state.K then   -- K by golden-section search on log K over [0.05, 20]
    local a, b = math.log(0.05), math.log(20)
    local gr = (math.sqrt(5) - 1) / 2
    local w = weights_of(state.theta)
    for _ = 1, 40 do
      local c, d = b - gr * (b - a), a + gr * (b - a)
      if texel_loss(state, w, math.exp(c)) < texel_loss(state, w, math.exp(d)) then b = d else a = c end
    end
    state.K = math.exp((a + b) / 2)
    state.loss0 = texel_loss(state, w, state.K)
  end
  local best = texel_loss(state, weights_of(state.theta), state.K)
  -- steps start at a fortieth of each span; when a round improves nothing they halve, down to
  -- 1 for integers (Texel's own step) and a 4096th of the span for the others
  if not state.steps then
    state.steps = {}
    for i, p in ipairs(state.params) do
      state.steps[i] = math.max(p.integer and 1 or 0, (p.hi - p.lo) / 40)
    end
  end
  local improved = 0
  for i, p in ipairs(state.params) do
    for _, dir in ipairs({1, -1}) do
      local t = copy(state.theta)
      t[i] = clamp(p, t[i] + dir * state.steps[i])
      if p.integer then t[i] = math.floor(t[i] + 0.5) end
      if t[i] ~= state.theta[i] then
        local l = texel_loss(state, weights_of(t), state.K)
        if l < best then
          best, state.theta, improved = l, t, improved + 1
          break
        end
      end
    end
  end
  local smallest = true
  if improved == 0 then
    for i, p in ipairs(state.params) do
      local min = p.integer and 1 or (p.hi - p.lo) / 4096
      if state.steps[i] > min then smallest = false end
      state.steps[i] = math.max(min, state.steps[i] / 2)
      if p.integer then state.steps[i] = math.floor(state.steps[i] + 0.5) end
    end
  end
  return {loss = best, result = improved, minimum = improved == 0 and smallest}
end

-- The gradient Texel tuner (chess): the positions traced once with the base weights
-- (core.chess.texel_load), K fitted, then state.epochs Adam steps an iteration in C.
methods["texel-gradient"] = function(state)
  local names = {}
  for i, p in ipairs(state.params) do names[i] = p.path[2] end
  if not state.set then
    local t0 = sg.clock()
    local g = assert(sg.new(state.game, {weights = state.base.weights}))
    state.set = core.chess.texel_load(g, state.positions)
    local info = state.set:info()
    state.loaded = info
    if state.progress ~= false then
      io.stderr:write(fmt("tune: %d quiet positions of %d lines in %s (%d in check and %d not " ..
                          "quiet left out), %d coefficients, %.0f MB, read in %.1f s\n",
                          info.positions, info.lines, state.positions, info.in_check, info.noisy,
                          info.entries, info.bytes / 1048576, sg.clock() - t0))
    end
  end
  if not state.K then
    state.K = state.set:fit_k(names, state.theta)
    state.loss0 = state.set:loss(names, state.theta, state.K)
  end
  local n = #state.params
  if not state.m then
    state.m, state.v, state.step = {}, {}, 0
    for i = 1, n do state.m[i], state.v[i] = 0, 0 end
  end
  local t0 = sg.clock()
  local start = {}
  for i, p in ipairs(state.params) do start[i] = p.default end
  local loss, step = state.set:adam(names, state.theta, state.m, state.v, state.step, state.K,
                                    state.lr, state.epochs, start, state.l2)
  state.step = step
  for i, p in ipairs(state.params) do state.theta[i] = clamp(p, state.theta[i]) end
  state.epoch_time = (sg.clock() - t0) / state.epochs
  return {loss = loss, result = state.epochs}
end

-- ---- the run ----

local KEYS = {game = true, params = true, method = true, iterations = true, games = true,
              bounds = true, base = true, seed = true, jobs = true, checkpoint = true,
              resume = true, out = true, plot = true, progress = true, positions = true,
              opening = true, max_moves = true, rules = true, population = true, c_end = true,
              r_end = true, game_timeout = true, texel_games = true, search = true,
              gradient = true, epochs = true, lr = true, l2 = true,
              runner = true, retries = true, batch = true}

local function fail(msg, ...) error("tune: " .. fmt(msg, ...), 0) end

-- What is wrong with v as an array of n finite numbers (named name), or nil.
local function bad_numbers(v, n, name)
  if type(v) ~= "table" then return fmt("%s must be a table of %d numbers, got %s", name, n, type(v)) end
  if #v ~= n then return fmt("%s must hold %d numbers (one per parameter), got %d", name, n, #v) end
  for i = 1, n do
    local x = v[i]
    if type(x) ~= "number" or x ~= x or x == math.huge or x == -math.huge then
      return fmt("%s[%d] must be a number, got %s", name, i, type(x) == "number" and tostring(x)
                 or type(x))
    end
  end
end

-- What is wrong with field k of s as a whole number from lo to hi (made an integer), or nil.
local function bad_whole(s, k, lo, hi)
  local v = s[k]
  if v == nil then return fmt("%s is missing (a whole number from %d to %d)", k, lo, hi) end
  if math.type(v) == "float" and v == math.floor(v) and v >= lo and v <= hi then
    v = math.tointeger(v)
    s[k] = v
  end
  if math.type(v) ~= "integer" or v < lo or v > hi then
    return fmt("%s must be a whole number from %d to %d, got %s", k, lo, hi,
               type(v) == "number" and tostring(v) or type(v))
  end
end

-- The state of a checkpoint's text (from file `path`), checked against what tune writes for
-- this game, method and params: every field of its type, arrays of one number per parameter,
-- iteration a whole number from 0 to iterations.  The state, or nil and a message naming the
-- file and the field.
function M.read_checkpoint(text, path, game, method, params)
  local function bad(msg, ...) return nil, fmt("tune: cannot resume: %s: ", path) .. fmt(msg, ...) end
  local s, derr = data.parse(text)
  if type(s) ~= "table" then
    return nil, fmt("tune: cannot resume: %s is not a checkpoint of stratagem tune (%s)", path,
                    derr or "not a table")
  end
  if s.game ~= game or s.method ~= method then
    return nil, fmt("tune: cannot resume: %s is a checkpoint of %s by %s, not of %s by %s", path,
                    tostring(s.game), tostring(s.method), game, method)
  end
  local names, n = {}, #params
  for i, p in ipairs(params) do names[i] = p.name end
  if type(s.names) ~= "table" then return bad("names must be a table of parameter names") end
  for i = 1, #s.names do
    if type(s.names[i]) ~= "string" then return bad("names[%d] must be a parameter name", i) end
  end
  if table.concat(s.names, ",") ~= table.concat(names, ",") then
    return nil, fmt("tune: cannot resume: the checkpoint tunes %s, not %s",
                    table.concat(s.names, ", "), table.concat(names, ", "))
  end
  local why = bad_whole(s, "iterations", 1, 1e9) or bad_whole(s, "iteration", 0, s.iterations)
    or bad_whole(s, "seed", 0, 1 << 53) or bad_whole(s, "rng", 0, math.maxinteger)
    or bad_numbers(s.theta, n, "theta")
    or (s.games ~= nil and bad_whole(s, "games", 1, 1e9))
    or (s.population ~= nil and bad_whole(s, "population", 1, 1e6))
    or (s.steps ~= nil and bad_numbers(s.steps, n, "steps"))
    or (s.m ~= nil and bad_numbers(s.m, n, "m")) or (s.v ~= nil and bad_numbers(s.v, n, "v"))
    or (s.step ~= nil and bad_whole(s, "step", 0, math.maxinteger))
  if why then return bad("%s", why) end
  for _, k in ipairs({"K", "loss0", "l2"}) do
    local v = s[k]
    if v ~= nil and (type(v) ~= "number" or not (v >= 0 and v < math.huge)) then
      return bad("%s must be a number of 0 or more, got %s", k, tostring(v))
    end
  end
  if s.pop ~= nil then
    if type(s.pop) ~= "table" then return bad("pop must be a table of individuals") end
    for j = 1, #s.pop do
      why = bad_numbers(s.pop[j], n, fmt("pop[%d]", j))
      if why then return bad("%s", why) end
    end
  end
  if type(s.history) ~= "table" or #s.history ~= s.iteration then
    return bad("history must be a table of %d iterations, got %s", s.iteration,
               type(s.history) == "table" and tostring(#s.history) or type(s.history))
  end
  for k, h in ipairs(s.history) do
    if type(h) ~= "table" then return bad("history[%d] must be a table", k) end
    why = bad_numbers(h.theta, n, fmt("history[%d].theta", k))
    if why then return bad("%s", why) end
    for _, f in ipairs({"iteration", "score", "loss", "result"}) do
      if h[f] ~= nil and (type(h[f]) ~= "number" or h[f] ~= h[f]) then
        return bad("history[%d].%s must be a number, got %s", k, f, type(h[f]))
      end
    end
  end
  return s
end

-- Run a tuning.  spec: game, params (names), method ("spsa", "ga", "texel"), iterations,
-- games (pairs per iteration, or per fitness), bounds, base (settings), seed, jobs,
-- checkpoint (file), resume, out (settings file), plot (SVG file), progress, positions
-- (texel: a file, made from texel_games self-play games when missing, through runner in
-- batches of `batch` games), opening, max_moves, runner, retries,
-- rules, population (ga), c_end, r_end (spsa).  Returns the final state.
function M.tune(spec)
  if type(spec) ~= "table" then fail("expected a table of settings") end
  for k in pairs(spec) do
    if not KEYS[k] then
      local names = {}
      for n in pairs(KEYS) do names[#names + 1] = n end
      table.sort(names)
      fail("unknown setting '%s' (valid: %s)", tostring(k), table.concat(names, ", "))
    end
  end
  if type(spec.game) ~= "string" or not sg.known(spec.game) then
    fail("unknown game '%s' (games: %s)", tostring(spec.game), table.concat(sg.games(), ", "))
  end
  local method = spec.method or "spsa"
  if spec.gradient then
    if method ~= "texel" and method ~= "texel-gradient" then
      fail("gradient goes with the method texel (got %s)", tostring(method))
    end
    method = "texel-gradient"
  end
  if not methods[method] then
    fail("unknown method '%s' (valid: ga, spsa, texel, texel-gradient)", tostring(method))
  end
  local texel = method == "texel" or method == "texel-gradient"
  if method == "texel-gradient" then
    if spec.game ~= "chess" then
      fail("the gradient Texel tuner fits chess's tapered evaluation, not %s", tostring(spec.game))
    end
    -- every weight it can fit, unless named
    if spec.params == nil or (type(spec.params) == "table" and #spec.params == 1 and
                              spec.params[1] == "all") then
      spec.params = core.chess.texel_names()
    end
    if spec.epochs ~= nil and (math.type(spec.epochs) ~= "integer" or spec.epochs < 1 or
                               spec.epochs > 1000000) then
      fail("epochs must be a whole number from 1 to 1000000, got %s", tostring(spec.epochs))
    end
    if spec.lr ~= nil and (type(spec.lr) ~= "number" or not (spec.lr > 0 and spec.lr < 1e6)) then
      fail("lr must be a number above 0 (centipawns, Adam's step), got %s", tostring(spec.lr))
    end
    if spec.l2 ~= nil and (type(spec.l2) ~= "number" or not (spec.l2 >= 0 and spec.l2 < 1e12)) then
      fail("l2 must be a number of 0 or more (the pull toward the start), got %s", tostring(spec.l2))
    end
  elseif spec.epochs ~= nil or spec.lr ~= nil or spec.l2 ~= nil then
    fail("epochs, lr and l2 go with the gradient Texel tuner (--method texel --gradient)")
  end
  local base = {}
  if spec.base then
    local b, err = lab.read_settings(spec.game, spec.base, "base")
    if not b then fail("%s", err) end
    base = b
  end
  local params, perr = M.params(spec.game, spec.params, spec.bounds, base)
  if not params then error(perr, 0) end
  if method == "texel-gradient" then
    -- a weight the tuner cannot fit is refused; bounds are what C accepts unless given
    local fits = {}
    for _, n in ipairs(core.chess.texel_names()) do fits[n] = true end
    local ranges = core.ranges(spec.game).weights
    for _, p in ipairs(params) do
      if p.path[1] ~= "weights" or not fits[p.path[2]] then
        fail("the gradient Texel tuner fits the tapered evaluation's linear weights; %s is " ..
             "not one (not model, king_attack_*, scale_ocb nor the seed's weights)", p.name)
      end
      local b = spec.bounds and (spec.bounds[p.name] or spec.bounds[p.path[2]])
      if not b then p.lo, p.hi = ranges[p.path[2]].min, ranges[p.path[2]].max end
    end
  end
  local players = assert(sg.new(spec.game, {rules = spec.rules})):players()
  if texel then
    if players ~= 2 then fail("texel tunes two-player games (%s has %d players)", spec.game, players) end
    for _, p in ipairs(params) do
      if p.path[1] ~= "weights" then fail("texel tunes evaluation weights, not %s", p.name) end
    end
  end
  local state
  local positions = spec.positions or (spec.game .. "-positions.txt")
  local function exists(path)
    local f = io.open(path, "rb")
    if f then f:close() end
    return f ~= nil
  end
  -- texel whose self-play was cut short (a runner that failed): --resume goes on with the
  -- games of the partial file, and the tuning starts afresh
  local generating = texel and not exists(positions)
  if spec.resume and not (generating and exists(positions .. ".part") and
                          not (spec.checkpoint and exists(spec.checkpoint))) then
    if not spec.checkpoint then fail("resume needs a checkpoint file") end
    local text, err = data.read_file(spec.checkpoint)
    if not text then fail("cannot resume: %s", err) end
    local s, cerr = M.read_checkpoint(text, spec.checkpoint, spec.game, method, params)
    if not s then error(cerr, 0) end
    state = s
    state.params = params
    state.iterations = spec.iterations or state.iterations
  else
    local theta, names = {}, {}
    for i, p in ipairs(params) do theta[i], names[i] = p.default, p.name end
    state = {game = spec.game, method = method, names = names, theta = theta, iteration = 0,
             iterations = spec.iterations or (texel and 50 or 100),
             seed = spec.seed or 1, rng = (spec.seed or 1) * 2654435761 + 1, history = {}}
  end
  state.params, state.base, state.players = params, base, players
  state.games = spec.games or state.games or (method == "ga" and 4 or 2)
  state.jobs = spec.jobs or 1
  if spec.runner ~= nil then
    local cmd, cerr = lab.runner_command(spec.runner)
    if not cmd then fail("%s", cerr) end
  end
  if spec.batch ~= nil then
    if not texel then
      fail("batch goes with texel (its self-play games a batch); an SPSA iteration or a GA " ..
           "generation is one batch")
    end
    if math.type(spec.batch) ~= "integer" or spec.batch < 1 or spec.batch > 1e6 then
      fail("batch must be a whole number from 1 to 1000000, got %s", tostring(spec.batch))
    end
  end
  if spec.retries ~= nil and (math.type(spec.retries) ~= "integer" or spec.retries < 0 or
                              spec.retries > 100) then
    fail("retries must be a whole number from 0 to 100, got %s", tostring(spec.retries))
  end
  state.runner, state.retries, state.progress = spec.runner, spec.retries, spec.progress
  state.checkpoint = spec.checkpoint
  state.rules, state.max_moves, state.game_timeout = spec.rules, spec.max_moves, spec.game_timeout
  state.opening = spec.opening or require("stratagem.lab").default_opening(spec.game, players)
  state.epochs = spec.epochs or state.epochs or 10
  state.lr = spec.lr or state.lr or 1
  state.l2 = spec.l2 or state.l2 or 0
  if texel then
    state.positions = positions
    if generating then
      local part = positions .. ".part"
      local lines = M.texel_positions(spec.game, {games = spec.texel_games or 100, base = base,
                                                  search = spec.search, seed = state.seed,
                                                  jobs = state.jobs, runner = spec.runner,
                                                  retries = spec.retries, batch = spec.batch,
                                                  game_timeout = spec.game_timeout,
                                                  progress = spec.progress, part = part,
                                                  resume = spec.resume})
      local ok, err = data.write_file(state.positions, table.concat(lines, "\n") .. "\n")
      if not ok then fail("%s", err) end
      os.remove(part)
      if spec.progress ~= false then
        io.stderr:write(fmt("tune: %d positions from %d self-play games written to %s\n",
                            #lines, spec.texel_games or 100, state.positions))
      end
    end
  end
  local progress = spec.progress ~= false
  local t0 = sg.clock()
  while state.iteration < state.iterations do
    local r = methods[method](state, spec)
    state.iteration = state.iteration + 1
    local h = {iteration = state.iteration, theta = copy(state.theta), score = r.score,
               loss = r.loss, result = r.result}
    state.history[#state.history + 1] = h
    M.save(state, spec)
    if progress and #params > 8 then   -- many: the loss and the largest move from the start
      local far, fi = -1, 1
      for i, p in ipairs(params) do
        local d = math.abs(state.theta[i] - p.default)
        if d > far then far, fi = d, i end
      end
      io.stderr:write(fmt("[%d/%d] %s  %d weights, the most moved %s %s -> %.1f%s  %.0f s\n",
                          state.iteration, state.iterations,
                          r.loss and fmt("loss %.6f", r.loss) or fmt("score %.3f", r.score),
                          #params, params[fi].name:gsub("^weights%.", ""),
                          tostring(params[fi].default), state.theta[fi],
                          state.epoch_time and fmt("  %d epochs, %.3g s each", state.epochs,
                                                   state.epoch_time) or "",
                          sg.clock() - t0))
    elseif progress then
      local parts = {}
      for i, p in ipairs(params) do
        parts[#parts + 1] = fmt("%s=%s", p.name:gsub("^weights%.", ""),
                                p.integer and fmt("%d", math.floor(state.theta[i] + 0.5))
                                or fmt("%.3g", state.theta[i]))
      end
      io.stderr:write(fmt("[%d/%d] %s  %s  %.0f s\n", state.iteration, state.iterations,
                          r.loss and fmt("loss %.6f", r.loss) or fmt("score %.3f", r.score),
                          table.concat(parts, " "), sg.clock() - t0))
    end
    if r.minimum then break end   -- texel: a local minimum at the smallest steps
  end
  state.time = sg.clock() - t0
  return state
end

-- The checkpoint, the settings file and the plot, each written atomically.
function M.save(state, spec)
  local keep = {}
  for k, v in pairs(state) do
    if k ~= "params" and k ~= "games_loaded" and k ~= "base" and k ~= "runner" and k ~= "set" and
       k ~= "retries" and k ~= "progress" and k ~= "checkpoint" then keep[k] = v end
  end
  if spec.checkpoint then
    local ok, err = data.write_file(spec.checkpoint, "return " .. data.serialize(keep) .. "\n")
    if not ok then fail("checkpoint: %s", err) end
  end
  if spec.out then
    local s = M.settings(state.params, state.theta, state.base)
    local text = fmt("-- stratagem tune %s --method %s, iteration %d of %d\nreturn %s\n",
                     state.game, state.method, state.iteration, state.iterations,
                     data.serialize(s))
    local ok, err = data.write_file(spec.out, text)
    if not ok then fail("out: %s", err) end
  end
  if spec.plot then
    local ok, err = data.write_file(spec.plot, M.svg(state))
    if not ok then fail("plot: %s", err) end
  end
end

-- An SVG chart: each parameter over the iterations (scaled to its bounds, 0 to 1), and the
-- loss (texel) or the score (spsa: theta+ against theta-; ga: the best against the incumbent).
function M.svg(state)
  local W, H, L, T = 800, 420, 60, 30
  local pw, ph = W - L - 250, H - T - 50
  local n = math.max(#state.history, 1)
  local out = {fmt('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" ' ..
                   'font-family="sans-serif" font-size="12">', W, H),
               fmt('<rect width="%d" height="%d" fill="white"/>', W, H),
               fmt('<text x="%d" y="18" font-size="14">stratagem tune %s --method %s: ' ..
                   'parameters (0 to 1: their bounds) and %s</text>', L, state.game,
                   state.method, state.method:find("^texel") and "loss" or "score"),
               fmt('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>',
                   L, T, pw, ph)}
  for i = 0, 4 do
    local y = T + ph - ph * i / 4
    out[#out + 1] = fmt('<text x="%d" y="%.1f" text-anchor="end">%.2f</text>', L - 6, y + 4, i / 4)
    out[#out + 1] = fmt('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>', L, L + pw, y, y)
  end
  out[#out + 1] = fmt('<text x="%d" y="%d" text-anchor="middle">iteration</text>', L + pw // 2,
                      H - 8)
  for _, k in ipairs(n > 1 and {1, (n + 1) // 2, n} or {1}) do
    out[#out + 1] = fmt('<text x="%.1f" y="%d" text-anchor="middle">%d</text>',
                        L + pw * (k - 1) / math.max(n - 1, 1), T + ph + 16, k)
  end
  local colours = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
                   "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#ad494a", "#637939", "#e7ba52",
                   "#7b4173", "#3182bd", "#e6550d", "#31a354", "#756bb1", "#636363"}
  local function x_of(k) return L + pw * (k - 1) / math.max(n - 1, 1) end
  local series = {}
  for i, p in ipairs(state.params or {}) do
    local pts = {}
    for k, h in ipairs(state.history) do
      pts[#pts + 1] = fmt("%.1f,%.1f", x_of(k), T + ph - ph * (h.theta[i] - p.lo) / (p.hi - p.lo))
    end
    series[#series + 1] = {name = p.name, pts = pts, colour = colours[(i - 1) % #colours + 1]}
  end
  -- the loss, or the score as a running mean of the last twentieth of the iterations (one
  -- iteration's few games say little), scaled to its own range
  local vals, lo, hi = {}, math.huge, -math.huge
  local w = state.method:find("^texel") and 1 or math.max(1, n // 20)
  for k = 1, #state.history do
    local sum, m = 0, 0
    for j = math.max(1, k - w + 1), k do
      local h = state.history[j]
      sum, m = sum + (h.loss or h.score or 0), m + 1
    end
    vals[k] = sum / m
    lo, hi = math.min(lo, vals[k]), math.max(hi, vals[k])
  end
  if hi <= lo then hi = lo + 1 end
  local pts = {}
  for k, v in ipairs(vals) do pts[#pts + 1] = fmt("%.1f,%.1f", x_of(k), T + ph - ph * (v - lo) / (hi - lo)) end
  series[#series + 1] = {name = fmt("%s (%.4g to %.4g)", state.method:find("^texel") and "loss" or
                                    fmt("score, mean of %d", w), lo, hi),
                         pts = pts, colour = "black", dash = true}
  for j, s in ipairs(series) do
    out[#out + 1] = fmt('<polyline fill="none" stroke="%s" stroke-width="1.5"%s points="%s"/>',
                        s.colour, s.dash and ' stroke-dasharray="4 3"' or "", table.concat(s.pts, " "))
    out[#out + 1] = fmt('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"%s/>',
                        L + pw + 12, L + pw + 30, T + 10 + 18 * (j - 1), T + 10 + 18 * (j - 1),
                        s.colour, s.dash and ' stroke-dasharray="4 3"' or "")
    out[#out + 1] = fmt('<text x="%d" y="%d">%s</text>', L + pw + 36, T + 14 + 18 * (j - 1),
                        (s.name:gsub("&", "&amp;"):gsub("<", "&lt;")))
  end
  out[#out + 1] = "</svg>\n"
  return table.concat(out, "\n")
end

-- ---- stratagem tune ----

M.USAGE = "stratagem tune GAME --params NAME,... [--method spsa|ga|texel] [--iterations N] " ..
  "[--games N] [--bounds NAME=LO:HI,...] [--base SETTINGS] [--seed N] [--jobs N] " ..
  "[--population N] [--c-end X] [--r-end X] [--positions FILE] [--texel-games N] " ..
  "[--gradient] [--epochs N] [--lr X] [--l2 X] " ..
  "[--search TABLE] [--opening PLIES] " ..
  "[--max-moves N] [--runner CMD] [--retries N] [--batch N] [--checkpoint FILE] [--resume] [--out FILE] " ..
  "[--plot FILE.svg] [--quiet]"

function M.main(...)
  local args = {...}
  local spec = {}
  local function usage(msg)
    io.stderr:write("stratagem: tune: ", msg, "\nusage: ", M.USAGE, "\n")
    return 2
  end
  local ints = {["--iterations"] = "iterations", ["--games"] = "games", ["--seed"] = "seed",
                ["--jobs"] = "jobs", ["--population"] = "population", ["--opening"] = "opening",
                ["--max-moves"] = "max_moves", ["--texel-games"] = "texel_games",
                ["--retries"] = "retries", ["--batch"] = "batch", ["--epochs"] = "epochs"}
  local i = 1
  while i <= #args do
    local a = args[i]
    local v = args[i + 1]
    if ints[a] then
      local n = math.tointeger(tonumber(v or ""))
      if not n or n < 0 then return usage(fmt("%s must be a whole number, got '%s'", a, tostring(v))) end
      spec[ints[a]] = n
      i = i + 1
    elseif a == "--params" then
      if not v then return usage("--params needs names") end
      spec.params = {}
      for name in v:gmatch("[^,%s]+") do spec.params[#spec.params + 1] = name end
      i = i + 1
    elseif a == "--bounds" then
      if not v then return usage("--bounds needs NAME=LO:HI,...") end
      spec.bounds = {}
      for item in v:gmatch("[^,]+") do
        local name, lo, hi = item:match("^%s*([%w_.]+)%s*=%s*(%-?[%d.]+)%s*:%s*(%-?[%d.]+)%s*$")
        if not name then return usage(fmt("--bounds: expected NAME=LO:HI, got '%s'", item)) end
        spec.bounds[name] = {tonumber(lo), tonumber(hi)}
      end
      i = i + 1
    elseif a == "--method" or a == "--base" or a == "--positions" or a == "--checkpoint" or
           a == "--out" or a == "--plot" or a == "--runner" then
      if not v then return usage(a .. " needs a value") end
      spec[a:sub(3)] = v
      i = i + 1
    elseif a == "--lr" then
      local x = tonumber(v or "")
      if not x or not (x > 0) then return usage(fmt("--lr must be a number above 0, got '%s'", tostring(v))) end
      spec.lr = x
      i = i + 1
    elseif a == "--l2" then
      local x = tonumber(v or "")
      if not x or not (x >= 0) then return usage(fmt("--l2 must be a number of 0 or more, got '%s'", tostring(v))) end
      spec.l2 = x
      i = i + 1
    elseif a == "--gradient" then spec.gradient = true
    elseif a == "--c-end" or a == "--r-end" then
      local x = tonumber(v or "")
      if not x or x <= 0 then return usage(fmt("%s must be a number above 0, got '%s'", a, tostring(v))) end
      spec[a == "--c-end" and "c_end" or "r_end"] = x
      i = i + 1
    elseif a == "--search" then
      local t = v and data.parse(v)
      if type(t) ~= "table" then return usage("--search must be a Lua table such as '{depth = 2}'") end
      spec.search = t
      i = i + 1
    elseif a == "--resume" then spec.resume = true
    elseif a == "--quiet" then spec.progress = false
    elseif a:sub(1, 1) == "-" then return usage("unknown option '" .. a .. "'")
    elseif not spec.game then spec.game = a
    else return usage("unexpected '" .. a .. "'") end
    i = i + 1
  end
  if not spec.game then return usage("expected a game") end
  if not spec.params and not spec.gradient then return usage("expected --params NAME,...") end
  local ok, state = pcall(M.tune, spec)
  if not ok then
    if tostring(state):find("interrupted!", 1, true) then
      io.stderr:write("stratagem: tune: interrupted; the checkpoint keeps every finished iteration\n")
      return 130
    end
    io.stderr:write("stratagem: ", tostring(state):gsub("^[^\n]-:%d+: ", ""), "\n")
    return 1
  end
  local s = M.settings(state.params, state.theta, state.base)
  print(fmt("tune %s by %s: %d iterations, %.1f s", state.game, state.method, state.iteration,
            state.time))
  if state.K then
    print(fmt("K %.4f; loss %.6f at the start, %.6f at the end", state.K, state.loss0,
              state.history[#state.history] and state.history[#state.history].loss or state.loss0))
  end
  local shown = {}
  for j = 1, #state.params do shown[j] = j end
  if #shown > 20 then   -- many: the 20 that moved most
    local function moved(j) return math.abs(state.theta[j] - state.params[j].default) end
    table.sort(shown, function(a, b) return moved(a) > moved(b) or (moved(a) == moved(b) and a < b) end)
    print(fmt("%d weights; the 20 that moved most:", #shown))
    for j = #shown, 21, -1 do shown[j] = nil end
  end
  for _, j in ipairs(shown) do
    local p = state.params[j]
    print(fmt("  %-28s %10s -> %s   (bounds %g to %g)", p.name, tostring(p.default),
              p.integer and fmt("%d", math.floor(state.theta[j] + 0.5)) or fmt("%.4g", state.theta[j]),
              p.lo, p.hi))
  end
  if #state.params <= 20 or not spec.out then print("settings: " .. lab.line_of(s)) end
  if spec.out then print("written to " .. spec.out .. " (use it with --a/--b, sg.new or prefs)") end
  return 0
end

return M
