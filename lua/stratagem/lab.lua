-- stratagem.lab: the heuristics lab.  Compare two settings of a game's computer player by a
-- sequential probability ratio test (SPRT), on every core (worker processes) or across
-- machines (a job file, one line per game, and a merge of the result lines).
--
-- The model (doc/manual.md, "sprt"):
-- * Settings are {weights =, rules =, priorities =, search =}: the evaluation weights the
--   player sees, rules constants of the game played, a Star Chess request table, sg.search
--   options laid over the game's default search.  A game has one set of rules, so `rules`
--   must be the same in both settings (or given in one only).
-- * A round is one start position (its seed and opening) played once with the candidate (B)
--   in each seat and the base (A) in all the others: two games with the colours swapped for
--   two players, N games for N players.
-- * Strength is Elo under the Bradley-Terry-Luce model: a player rated `elo` above N - 1 equal
--   opponents takes first place with probability r / (r + N - 1), r = 10^(elo / 400); for two
--   players this is the logistic Elo of chess, where a draw counts half.  A round's value x is
--   the candidate's share of the round's points (two players: 0, 1/4, ... 1, the pentanomial
--   outcomes of a game pair; N players: first places / N).
-- * The test is the generalised SPRT with the normal approximation used by fishtest and
--   fastchess: LLR = n (mu1 - mu0) (2 xbar - mu0 - mu1) / (2 var), n rounds with mean xbar
--   and variance var, mu = the expected x at elo0 and elo1.  It stops when the LLR leaves
--   (log(beta / (1 - alpha)), log((1 - beta) / alpha)).
-- * Rounds are counted in their order, and the test stops at the first round whose LLR
--   crosses a bound, so a run's result is the same for any number of workers and equal to a
--   serial run's; games past the stopping round are not counted.
local sg = require "stratagem"
local data = require "stratagem.data"

local M = {}

-- The normal quantile of a two-sided 95% interval (here and in stratagem.ladder).
M.Z95 = 1.959964
local fmt = string.format

M.FORMAT = 1          -- of job and result lines

-- ---- one-line plain data ----

local is_ident = data.is_ident

-- A value of plain data as a Lua constructor on one line (keys sorted, so equal values give
-- equal text); data.parse reads it back.
local function line_of(v)
  local t = type(v)
  if t == "string" then
    return (fmt("%q", v):gsub("\\\n", "\\n"))
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    if v ~= v or v == math.huge or v == -math.huge then
      error("lab: a number that is not finite cannot be written", 0)
    end
    local short = fmt("%.15g", v)
    if tonumber(short) == v then return short end
    return fmt("%.17g", v)
  elseif t == "boolean" then
    return tostring(v)
  elseif t == "table" then
    local parts, n = {}, #v
    for i = 1, n do parts[#parts + 1] = line_of(v[i]) end
    local keys = {}
    for k in pairs(v) do
      if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
    end
    table.sort(keys, function(a, b)
      if type(a) == type(b) then return a < b end
      return type(a) == "number"
    end)
    for _, k in ipairs(keys) do
      local key = is_ident(k) and k or "[" .. line_of(k) .. "]"
      parts[#parts + 1] = key .. " = " .. line_of(v[k])
    end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  error("lab: a " .. t .. " cannot be written as data", 0)
end
M.line_of = line_of

local function copy(t)
  if type(t) ~= "table" then return t end
  local c = {}
  for k, v in pairs(t) do c[k] = copy(v) end
  return c
end
M.copy = copy   -- a deep copy of plain data

-- ---- settings ----

local SETTINGS_KEYS = {weights = true, rules = true, priorities = true, search = true}

-- Read settings: a table, the text of a Lua table, or a file holding one ("return {...}" or
-- the table alone).  Checked against the game: weights and rules by name (sg.new), search by
-- the schema (sg.search_check), priorities only where the game has them.  Returns the table,
-- or nil and a message saying what was wrong, prefixed by `what`.
function M.read_settings(game, s, what)
  what = what or "settings"
  local v = s
  if type(s) == "string" then
    local text = s
    local f = io.open(s, "rb")
    if f then
      f:close()
      local rerr
      text, rerr = data.read_file(s, 16 * 1024 * 1024)
      if not text then return nil, fmt("%s: cannot read %s", what, rerr) end
    end
    local perr
    v, perr = data.parse(text)
    if v == nil then
      return nil, fmt("%s: %s is not a Lua table of settings (%s); expected e.g. " ..
                      "'{weights = {...}, search = {depth = 4}}' or a file holding one",
                      what, f and s or fmt("%q", s), perr)
    end
  end
  if type(v) ~= "table" then
    return nil, fmt("%s: expected a table {weights =, rules =, priorities =, search =}, got %s",
                    what, type(v))
  end
  for k, x in pairs(v) do
    if not SETTINGS_KEYS[k] then
      return nil, fmt("%s: unknown part '%s'; expected weights, rules, priorities or search",
                      what, tostring(k))
    end
    if type(x) ~= "table" then
      return nil, fmt("%s: %s must be a table, got %s", what, k, type(x))
    end
  end
  local d = sg.defaults(game)
  if v.priorities and not d.priorities then
    return nil, fmt("%s: priorities: %s has no request priorities (only Star Chess has)",
                    what, game)
  end
  if v.weights or v.rules then
    local ok, g, err = pcall(sg.new, game, {weights = v.weights, rules = v.rules})
    if not ok or not g then
      return nil, fmt("%s: %s", what, tostring(ok and err or g):gsub("^[^\n]-:%d+: ", ""))
    end
  end
  local ok, err = sg.search_check(game, M.search_of(game, v, 1))
  if not ok then return nil, fmt("%s: search: %s", what, err) end
  return v
end

-- The sg.search options of a player with settings v: the game's default search (unless
-- v.search names another algorithm), then v.search, then v.priorities, and the seed.
function M.search_of(game, v, seed)
  local o = copy(sg.defaults(game).search or {})
  if v.search and v.search.algo ~= nil and v.search.algo ~= o.algo then o = {} end
  for k, x in pairs(v.search or {}) do o[k] = copy(x) end
  if v.priorities then o.priorities = copy(v.priorities) end
  o.seed = seed
  return o
end

-- ---- playing one game (a job) ----

-- The random plies before each round when none are asked for: the game's own (its defaults'
-- lab.opening: Star Chess has 0, since its galaxy is drawn from the round's seed and random
-- commands scrap or send away one player's fleet), else 4 for two players and one per player
-- for more.
function M.default_opening(game, players)
  local ok, d = pcall(sg.defaults, game)
  local lab = ok and d.lab
  if lab and lab.opening then return lab.opening end
  return players == 2 and 4 or players
end

-- A job: {format, version, run, index, round, game, rules, seed, opening, seats, a, b,
-- max_moves}; seats[s] is "a" or "b".  opening: {plies = N} random moves from the round's seed,
-- or {position = TEXT} a start position (chess openings).  Returns the result:
-- {run, index, round, seats, first (the seat in first place, or nil: a draw of two players),
-- status, moves, time}.  A job of kind "selfplay" (Texel's positions) is played by
-- stratagem.tune.selfplay.
function M.play(job)
  if job.kind == "selfplay" then return require("stratagem.tune").selfplay(job) end
  local t0 = sg.clock()
  local opts = {seed = job.seed, rules = job.rules}
  if job.opening and job.opening.position then opts.position = job.opening.position end
  local g = assert(sg.new(job.game, opts))
  local plies = job.opening and job.opening.plies or 0
  for i = 1, plies do
    if g:status() ~= "playing" then break end
    g:play(sg.search(g, {algo = "random", seed = job.seed * 7919 + i}).move)
  end
  local players, moves = {a = job.a, b = job.b}, 0
  local max = job.max_moves or math.huge
  while g:status() == "playing" and moves < max do
    local v = players[job.seats[g:player()]]
    local s = M.search_of(job.game, v, (job.seed * 1000003 + job.index * 7919 + g:ply())
                                       % (1 << 48))
    local sgame = g
    if v.weights then
      sgame = g:copy()
      sgame:set_weights(v.weights)
    end
    local ok, r = pcall(sg.search, sgame, s)
    if not ok then   -- named by the side whose settings failed, without this file's position
      local msg = tostring(r):gsub("^[^%s:]+%.lua:%d+: ", "")
      error(fmt("settings %s: %s", job.seats[g:player()], msg), 0)
    end
    for _, m in ipairs(r.moves or {r.move}) do
      g:play(m)
      moves = moves + 1
    end
  end
  local status, winner, ranking = g:status()
  local first = winner
  if not first then
    if status == "playing" then   -- stopped by max_moves: rank by score
      ranking = {}
      local sc = g:scores()
      for p = 1, g:players() do ranking[p] = p end
      table.sort(ranking, function(x, y) return sc[x] > sc[y] or (sc[x] == sc[y] and x < y) end)
    end
    if g:players() > 2 and ranking then first = ranking[1] end
  end
  return {run = job.run, index = job.index, round = job.round, seats = job.seats, first = first,
          status = status, moves = moves, time = sg.clock() - t0}
end

-- The job line of a job, and back.
function M.job_line(job)
  return "sgjob " .. line_of(job)
end

local function read_line(line, tag, what)
  if type(line) ~= "string" then return nil, what .. ": expected a line of text" end
  local body = line:match("^" .. tag .. " (.*)$")
  if not body then
    return nil, fmt("%s: not a %s line (it starts '%s'; expected '%s {...}')", what, what,
                    line:sub(1, 20), tag)
  end
  local v, err = data.parse(body)
  if type(v) ~= "table" then
    return nil, fmt("%s: the line is damaged: %s", what, err or "not a table")
  end
  if v.format ~= M.FORMAT then
    return nil, fmt("%s: a line of format %s (stratagem %s); this stratagem (%s) reads " ..
                    "format %d: make the job file again with this version", what,
                    tostring(v.format), tostring(v.version), sg.version, M.FORMAT)
  end
  return v
end

-- A value as a message shows it.
local function shown(v)
  if type(v) == "string" then return fmt("'%s'", #v > 40 and v:sub(1, 40) .. "..." or v) end
  if type(v) == "number" then return tostring(math.tointeger(v) or v) end
  return type(v)
end

-- Check the fields of t, each {key, kind, lo, hi, optional}: kind "whole" (a whole number,
-- made an integer) or "number" from lo to hi, or a Lua type.  nil, or what is wrong with the
-- first bad field (named prefix .. key).
local function check_fields(t, fields, prefix)
  for _, fd in ipairs(fields) do
    local k, kind, lo, hi, optional = fd[1], fd[2], fd[3], fd[4], fd[5]
    local v = t[k]
    if v == nil then
      if not optional then return fmt("the line has no %s%s", prefix, k) end
    elseif kind == "whole" or kind == "number" then
      if type(v) ~= "number" or v ~= v or v < lo or v > hi or
         (kind == "whole" and v ~= math.floor(v)) then
        return fmt("%s%s must be %s from %s to %s, got %s", prefix, k,
                   kind == "whole" and "a whole number" or "a number", shown(lo), shown(hi),
                   shown(v))
      end
      if kind == "whole" then t[k] = math.tointeger(v) end
    elseif type(v) ~= kind then
      return fmt("%s%s must be a %s, got %s", prefix, k, kind, shown(v))
    end
  end
end

-- seats: an array of n "a" and "b", one "b" (the candidate).
local function check_seats(seats, n)
  if #seats ~= n then
    return fmt("seats must list %d players (one per seat), got %d", n, #seats)
  end
  local bs = 0
  for s = 1, n do
    if seats[s] ~= "a" and seats[s] ~= "b" then
      return fmt("seats[%d] must be \"a\" or \"b\", got %s", s, shown(seats[s]))
    end
    if seats[s] == "b" then bs = bs + 1 end
  end
  if bs ~= 1 then return fmt("seats must hold one \"b\" (the candidate), got %d", bs) end
end

local MAX_SEED = 2 ^ 53
-- A run's numbers, in a job line and in a result line's job (the ranges of M.plan).
local RUN_FIELDS = {{"players", "whole", 1, 8}, {"rounds", "whole", 1, 1e9},
                    {"elo0", "number", -2000, 2000}, {"elo1", "number", -2000, 2000},
                    {"alpha", "number", 1e-6, 0.5}, {"beta", "number", 1e-6, 0.5},
                    {"max_games", "whole", 1, 1e9, true}, {"fixed", "boolean", nil, nil, true}}

local function check_run(t, prefix)
  local why = check_fields(t, RUN_FIELDS, prefix)
  if why then return why end
  if t.elo1 <= t.elo0 then
    return fmt("%selo1 (%s) must be above %selo0 (%s)", prefix, shown(t.elo1), prefix,
               shown(t.elo0))
  end
end

local JOB_FIELDS = {{"run", "string"}, {"game", "string"}, {"index", "whole", 1, MAX_SEED},
                    {"round", "whole", 1, 1e9}, {"seed", "whole", 0, MAX_SEED},
                    {"seats", "table"}, {"a", "table"}, {"b", "table"},
                    {"opening", "table", nil, nil, true}, {"rules", "table", nil, nil, true},
                    {"max_moves", "whole", 1, 1e9, true}, {"version", "string", nil, nil, true}}

-- A self-play job (stratagem.tune.selfplay_job) checked: its fields, its game, its settings.
local SELFPLAY_FIELDS = {{"run", "string"}, {"game", "string"}, {"index", "whole", 1, 1e9},
                         {"games", "whole", 1, 1e9}, {"seed", "whole", 0, MAX_SEED},
                         {"base", "table"}, {"search", "table", nil, nil, true},
                         {"opening", "whole", 0, 1000}, {"skip", "whole", 0, 1e9},
                         {"every", "whole", 1, 1e9}, {"max_moves", "whole", 1, 1e9},
                         {"version", "string", nil, nil, true}}
local function read_selfplay_job(job)
  local why = check_fields(job, SELFPLAY_FIELDS, "")
  if why then return nil, "job: " .. why end
  local ok, known = pcall(sg.defaults, job.game)
  if not ok or not known then return nil, fmt("job: unknown game '%s'", tostring(job.game)) end
  if job.index > job.games then
    return nil, fmt("job: index %d is past the %d games of the generation", job.index, job.games)
  end
  local v, serr = M.read_settings(job.game, job.base, "job: base")
  if not v then return nil, serr end
  if job.search then
    local s = M.search_of(job.game, job.base, 1)
    for k, x in pairs(job.search) do s[k] = x end
    local sok, err = sg.search_check(job.game, s)
    if not sok then return nil, "job: search: " .. tostring(err) end
  end
  return job
end

function M.read_job(line)
  local job, err = read_line(line, "sgjob", "job")
  if not job then return nil, err end
  if job.kind ~= nil then
    if job.kind == "selfplay" then return read_selfplay_job(job) end
    return nil, fmt("job: kind must be \"selfplay\" (Texel's positions) or absent (a game " ..
                    "of two settings), got %s", shown(job.kind))
  end
  local why = check_fields(job, JOB_FIELDS, "")
  if why then return nil, "job: " .. why end
  local ok, known = pcall(sg.defaults, job.game)
  if not ok or not known then return nil, fmt("job: unknown game '%s'", tostring(job.game)) end
  why = check_run(job, "")
  if why then return nil, "job: " .. why end
  if job.opening then
    why = check_fields(job.opening, {{"plies", "whole", 0, 1000, true},
                                     {"position", "string", nil, nil, true}}, "opening.")
    if why then return nil, "job: " .. why end
  end
  local gok, g, gerr = pcall(sg.new, job.game, {rules = job.rules, position = job.opening
                                                and job.opening.position})
  if not gok or not g then
    return nil, fmt("job: %s", tostring(gok and gerr or g):gsub("^[^\n]-:%d+: ", ""))
  end
  if job.players ~= g:players() then
    return nil, fmt("job: players must be %d (%s's), got %d", g:players(), job.game, job.players)
  end
  why = check_seats(job.seats, job.players)
  if why then return nil, "job: " .. why end
  for _, k in ipairs({"a", "b"}) do
    local v, serr = M.read_settings(job.game, job[k], "job: settings " .. k)
    if not v then return nil, serr end
  end
  if job.index > job.rounds * job.players or job.round ~= (job.index - 1) // job.players + 1 then
    return nil, fmt("job: index %d and round %d do not agree with %d rounds of %d players",
                    job.index, job.round, job.rounds, job.players)
  end
  return job
end

function M.result_line(res)
  local r = copy(res)
  r.format, r.version = M.FORMAT, sg.version
  return "sgresult " .. line_of(r)
end

local RESULT_FIELDS = {{"run", "string"}, {"index", "whole", 1, MAX_SEED},
                       {"round", "whole", 1, 1e9, true}, {"seats", "table"}, {"job", "table"},
                       {"first", "whole", 1, 8, true}, {"status", "string", nil, nil, true},
                       {"moves", "whole", 0, 1e15, true}, {"time", "number", 0, 1e15, true},
                       {"failed", "string", nil, nil, true},
                       {"version", "string", nil, nil, true}}

-- A result line read and checked: every field of the type and in the range that `stratagem
-- job` writes; the result, or nil and a message naming the field.
local SELFPLAY_RESULT = {{"run", "string"}, {"index", "whole", 1, 1e9}, {"job", "table"},
                         {"result", "string", nil, nil, true},
                         {"positions", "table", nil, nil, true},
                         {"moves", "whole", 0, 1e15, true}, {"time", "number", 0, 1e15, true},
                         {"failed", "string", nil, nil, true},
                         {"version", "string", nil, nil, true}}
local function read_selfplay_result(res)
  local why = check_fields(res, SELFPLAY_RESULT, "")
    or check_fields(res.job, {{"game", "string"}, {"seed", "whole", 0, MAX_SEED},
                              {"games", "whole", 1, 1e9}}, "job.")
  if why then return nil, "result: " .. why end
  if res.index > res.job.games then
    return nil, fmt("result: index %d is past the %d games of the generation", res.index,
                    res.job.games)
  end
  if not res.failed then
    if res.result ~= "1" and res.result ~= "0.5" and res.result ~= "0" then
      return nil, fmt("result: result must be \"1\", \"0.5\" or \"0\" (for player 1), got %s",
                      shown(res.result))
    end
    if type(res.positions) ~= "table" then return nil, "result: the line has no positions" end
    for i = 1, #res.positions do
      if type(res.positions[i]) ~= "string" then
        return nil, fmt("result: positions[%d] must be a string, got %s", i,
                        shown(res.positions[i]))
      end
    end
  end
  return res
end

function M.read_result(line)
  local res, err = read_line(line, "sgresult", "result")
  if not res then return nil, err end
  if res.kind ~= nil then
    if res.kind == "selfplay" then return read_selfplay_result(res) end
    return nil, fmt("result: kind must be \"selfplay\" or absent, got %s", shown(res.kind))
  end
  local why = check_fields(res, RESULT_FIELDS, "")
    or check_fields(res.job, {{"game", "string"}, {"seed", "whole", 0, MAX_SEED, true},
                              {"round", "whole", 1, 1e9, true}}, "job.")
    or check_run(res.job, "job.")
  if why then return nil, "result: " .. why end
  local job = res.job
  why = check_seats(res.seats, job.players)
  if why then return nil, "result: " .. why end
  if res.first and res.first > job.players then
    return nil, fmt("result: first must be a seat from 1 to %d, got %d", job.players, res.first)
  end
  local round = (res.index - 1) // job.players + 1
  if res.index > job.rounds * job.players or (res.round or round) ~= round then
    return nil, fmt("result: index %d and round %s do not agree with %d rounds of %d players",
                    res.index, shown(res.round or round), job.rounds, job.players)
  end
  return res
end

-- ---- statistics ----

-- The expected round value of a candidate rated elo above its N - 1 equal opponents.
function M.expected(elo, n)
  local r = 10 ^ (elo / 400)
  return r / (r + n - 1)
end

-- The Elo of an expected value x in a game of n players (nil for x at 0 or 1).
function M.elo_of(x, n)
  if x <= 0 or x >= 1 then return nil end
  return 400 * math.log(x * (n - 1) / (1 - x), 10)
end

-- The mean and variance of round values k / K with the weights w[k].
local function moments(w, K)
  local total, sum = 0, 0
  for k = 0, K do total, sum = total + w[k], sum + w[k] * k / K end
  local mean, var = sum / total, 0
  for k = 0, K do var = var + w[k] * (k / K - mean) ^ 2 end
  return mean, var / total
end

-- The statistics of the rounds: counts[k] rounds of value k / K (k = 0..K): n, mean and
-- variance, the LLR for elo0 against elo1, the Elo and its 95% interval.  The LLR's normal
-- approximation needs data: with a few rounds the variance seen can be near 0 and the ratio
-- huge (one won pair would decide), so the LLR is taken over the counts plus a prior of half
-- a round on the two extreme values, in the proportions of equal strength (1 / N on the best
-- value); its weight fades as rounds come.  The Elo and its interval are the data's alone
-- (every count 1/1000 more, so that rounds all of one value give a finite interval).
function M.stats(counts, K, n_players, elo0, elo1)
  local n = 0
  for k = 0, K do n = n + counts[k] end
  local st = {rounds = n, llr = 0}
  if n == 0 then return st end
  local w, prior = {}, {}
  for k = 0, K do w[k], prior[k] = counts[k] + 1e-3, counts[k] end
  prior[K] = prior[K] + 0.5 / n_players
  prior[0] = prior[0] + 0.5 * (1 - 1 / n_players)
  local pm, pv = moments(prior, K)
  local mu0, mu1 = M.expected(elo0, n_players), M.expected(elo1, n_players)
  st.llr = n * (mu1 - mu0) * (2 * pm - mu0 - mu1) / (2 * pv)
  local mean, var = moments(w, K)
  st.mean, st.var = mean, var
  local h = M.Z95 * math.sqrt(var / n)
  st.elo = M.elo_of(mean, n_players)
  st.elo_low = M.elo_of(math.max(mean - h, 1e-9), n_players)
  st.elo_high = M.elo_of(math.min(mean + h, 1 - 1e-9), n_players)
  st.share_low, st.share_high = math.max(0, mean - h), math.min(1, mean + h)
  return st
end

function M.bounds(alpha, beta)
  return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
end

-- ---- the run ----

local RUN_KEYS = {game = true, a = true, b = true, elo0 = true, elo1 = true, alpha = true,
                  beta = true, max_games = true, jobs = true, seed = true, opening = true,
                  openings = true, rules = true, max_moves = true, progress = true,
                  game_timeout = true, program = true, fixed = true, plot = true, vary = true,
                  runner = true, batch = true, retries = true, resume = true, checkpoint = true,
                  checkpoint_every = true}

local function check_number(spec, k, lo, hi, default, integer)
  local v = spec[k]
  if v == nil then return default end
  if type(v) ~= "number" or v ~= v or v < lo or v > hi or (integer and math.type(v) ~= "integer"
     and v ~= math.floor(v)) then
    error(fmt("sprt: %s must be %s from %s to %s, got %s", k, integer and "a whole number" or
              "a number", tostring(lo), tostring(hi), tostring(v)), 3)
  end
  return integer and math.tointeger(v) or v
end

-- Check a run's settings and make its plan: the jobs of every round, in order.
function M.plan(spec)
  if type(spec) ~= "table" then error("sprt: expected a table of settings", 2) end
  for k in pairs(spec) do
    if not RUN_KEYS[k] then
      local names = {}
      for n in pairs(RUN_KEYS) do names[#names + 1] = n end
      table.sort(names)
      error(fmt("sprt: unknown setting '%s' (valid: %s)", tostring(k), table.concat(names, ", ")), 2)
    end
  end
  if type(spec.game) ~= "string" then error("sprt: game must be a game name", 2) end
  local okg, known = pcall(sg.defaults, spec.game)
  if not okg or not known then
    error(fmt("sprt: unknown game '%s' (valid: %s)", spec.game, table.concat(sg.games(), ", ")), 2)
  end
  local a, aerr = M.read_settings(spec.game, spec.a or {}, "--a")
  if not a then error("sprt: " .. aerr, 2) end
  local b, berr = M.read_settings(spec.game, spec.b or {}, "--b")
  if not b then error("sprt: " .. berr, 2) end
  local rules = spec.rules
  if rules ~= nil and type(rules) ~= "table" then error("sprt: rules must be a table", 2) end
  if a.rules and b.rules and line_of(a.rules) ~= line_of(b.rules) then
    error("sprt: --a and --b give different rules; a game has one set of rules (give them in " ..
          "both the same, or in one only)", 2)
  end
  rules = rules or a.rules or b.rules
  local p = {game = spec.game, a = a, b = b, rules = rules, fixed = spec.fixed and true or nil}
  if spec.plot ~= nil and type(spec.plot) ~= "string" then
    error("sprt: plot must be the name of an SVG file to write, got " .. type(spec.plot), 2)
  end
  p.elo0 = check_number(spec, "elo0", -2000, 2000, 0)
  p.elo1 = check_number(spec, "elo1", -2000, 2000, 5)
  if p.elo1 <= p.elo0 then
    error(fmt("sprt: elo1 (%g) must be above elo0 (%g)", p.elo1, p.elo0), 2)
  end
  p.alpha = check_number(spec, "alpha", 1e-6, 0.5, 0.05)
  p.beta = check_number(spec, "beta", 1e-6, 0.5, 0.05)
  p.seed = check_number(spec, "seed", 0, 2 ^ 40, 1, true)
  p.max_moves = spec.max_moves and check_number(spec, "max_moves", 1, 1e9, nil, true)
  local probe = assert(sg.new(spec.game, {rules = rules}))
  p.players = probe:players()
  local per = p.players
  p.max_games = check_number(spec, "max_games", per, 1e9, 20000, true)
  p.rounds = p.max_games // per
  -- openings: positions given (chess EPD/PGN openings), or random plies from each round's seed
  if spec.openings ~= nil then
    if type(spec.openings) ~= "table" or #spec.openings == 0 then
      error("sprt: openings must be a non-empty array of start positions (text)", 2)
    end
    for i, pos in ipairs(spec.openings) do
      local ok, g, err = pcall(sg.new, spec.game, {position = pos, rules = rules})
      if not ok or not g then
        error(fmt("sprt: openings[%d]: %s", i, tostring(ok and err or g)), 2)
      end
    end
    p.openings = spec.openings
  end
  if spec.vary ~= nil and type(spec.vary) ~= "boolean" then
    error("sprt: vary must be true or false, got " .. type(spec.vary), 2)
  end
  if spec.vary and not p.openings then
    error("sprt: vary goes with openings (it varies the openings given)", 2)
  end
  p.vary = spec.vary or nil
  p.opening = check_number(spec, "opening", 0, 1000, p.openings and (p.vary and 2 or 0) or
                           M.default_opening(spec.game, p.players), true)
  -- the run's name: the same settings give the same name, on any machine
  p.run = fmt("%08x", (function(s)
    local h = 2166136261
    for i = 1, #s do h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff end
    return h
  end)(line_of({game = p.game, a = a, b = b, rules = rules, seed = p.seed, opening = p.opening,
                openings = p.openings, max_moves = p.max_moves, vary = p.vary})))
  return p
end

-- With vary: the start position of each round, from the openings given in an order drawn by
-- the run's seed (a new order each time round the list), then opening random plies from the
-- round's seed; a try is kept when a depth-3 search of the side to move scores it within a
-- pawn and no earlier round of the run had it (else the next try, up to 40; then the first try
-- no earlier round had).  Made in round order and kept in the plan, so the same settings give
-- the same positions on any machine, and no position is played by two rounds.
local VARY_MARGIN, VARY_TRIES = 100, 40
local function varied_opening(p, round)
  p.varied = p.varied or {}
  p.seen = p.seen or {}
  local n = #p.openings
  for r = #p.varied + 1, round do
    local cycle = (r - 1) // n
    if r == 1 or (r - 1) % n == 0 then   -- a new order for this pass over the list
      local order = {}
      for i = 1, n do order[i] = i end
      local x = (p.seed * 2654435761 + cycle * 40503 + 1) % 2147483647
      for i = n, 2, -1 do
        x = (x * 48271) % 2147483647
        local j = x % i + 1
        order[i], order[j] = order[j], order[i]
      end
      p.order = order
    end
    local base = p.openings[p.order[(r - 1) % n + 1]]
    local chosen, fallback
    for try = 0, VARY_TRIES - 1 do
      local g = assert(sg.new(p.game, {position = base, rules = p.rules}))
      local seed = ((p.seed + r - 1) * 7919 + try * 104729) % (1 << 40)
      for i = 1, p.opening do
        if g:status() ~= "playing" then break end
        g:play(sg.search(g, {algo = "random", seed = seed + i}).move)
      end
      local pos = g:position()
      if g:status() == "playing" and not p.seen[pos] then
        fallback = fallback or pos
        local s = sg.search(g, {depth = 3, threads = 1, seed = 1})
        if s.score and math.abs(s.score) <= VARY_MARGIN then
          chosen = pos
          break
        end
      end
    end
    chosen = chosen or fallback or base
    p.seen[chosen] = r
    p.varied[r] = chosen
  end
  return p.varied[round]
end

-- The job of game `index` (1-based) of a plan: round (index - 1) // N + 1 from that round's
-- seed; the candidate sits in seat (index - 1) % N + 1.
function M.job(p, index)
  local n = p.players
  local round = (index - 1) // n + 1
  local seat = (index - 1) % n + 1
  local seats = {}
  for s = 1, n do seats[s] = s == seat and "b" or "a" end
  local opening = {plies = p.opening}
  if p.vary then
    opening = {plies = 0, position = varied_opening(p, round)}
  elseif p.openings then
    opening.position = p.openings[(round - 1) % #p.openings + 1]
  end
  return {format = M.FORMAT, version = sg.version, run = p.run, index = index, round = round,
          game = p.game, rules = p.rules, seed = p.seed + round - 1, opening = opening,
          seats = seats, a = p.a, b = p.b, max_moves = p.max_moves,
          elo0 = p.elo0, elo1 = p.elo1, alpha = p.alpha, beta = p.beta, players = n,
          rounds = p.rounds, max_games = p.max_games, fixed = p.fixed}
end

-- The candidate's share of a game's points: 1 first, 0 not, 1/2 each in a drawn two-player game.
local function points(res)
  local seat
  for s, who in ipairs(res.seats) do if who == "b" then seat = s end end
  if res.first == nil then return #res.seats == 2 and 0.5 or 0 end
  return res.first == seat and 1 or 0
end

-- The sequential test over results: rounds in order while every game of the round is there
-- (a round with a failed game is skipped and named).  Returns the summary; given the summary
-- of an earlier call over fewer results (prev), it goes on from where that one stopped.
function M.summarise(p, results, failed, prev)
  local n = p.players
  local K = n == 2 and 4 or n   -- a round's value in steps of 1/K
  local sum = prev
  if not sum then
    local lo, hi = M.bounds(p.alpha, p.beta)
    local counts = {}
    for k = 0, K do counts[k] = 0 end
    sum = {rounds = 0, games = 0, lower = lo, upper = hi, verdict = "inconclusive",
           skipped = {}, wins = 0, draws = 0, losses = 0, counts = counts, players = n,
           elo0 = p.elo0, elo1 = p.elo1, alpha = p.alpha, beta = p.beta, llr = 0,
           next_round = 1}
  end
  local counts = sum.counts
  while (p.fixed or sum.verdict == "inconclusive") and sum.next_round <= p.rounds do
    local r = sum.next_round
    local games, complete, bad = {}, true, false
    for s = 1, n do
      local idx = (r - 1) * n + s
      if failed and failed[idx] then bad = true
      elseif results[idx] then games[s] = results[idx]
      else complete = false end
    end
    if not complete and not bad then break end
    sum.next_round = r + 1
    if bad then
      sum.skipped[#sum.skipped + 1] = r
    else
      local x = 0
      for s = 1, n do
        local pt = points(games[s])
        x = x + pt
        if pt == 1 then sum.wins = sum.wins + 1
        elseif pt == 0.5 then sum.draws = sum.draws + 1
        else sum.losses = sum.losses + 1 end
      end
      -- two players: the pair's points in half points 0..4 (pentanomial); N: first places
      local k = math.floor(x * (n == 2 and 2 or 1) + 0.5)
      counts[k] = counts[k] + 1
      -- each round's points, for tests paired by round (the ladder of a one-player game)
      sum.by_round = sum.by_round or {}
      sum.by_round[r] = x
      sum.rounds, sum.games = sum.rounds + 1, sum.games + n
      local st = M.stats(counts, K, n, p.elo0, p.elo1)
      sum.last_round = r
      sum.history = sum.history or {}
      sum.history[#sum.history + 1] = {games = sum.games, llr = st.llr, elo = st.elo,
                                       low = st.elo_low, high = st.elo_high}
      if st.llr >= sum.upper then sum.verdict = "H1"
      elseif st.llr <= sum.lower then sum.verdict = "H0"
      else sum.verdict = "inconclusive" end   -- a fixed run's verdict is where the LLR ends
    end
  end
  local st = M.stats(counts, K, n, p.elo0, p.elo1)
  for k, v in pairs(st) do sum[k] = v end
  sum.done = (not p.fixed and sum.verdict ~= "inconclusive") or sum.next_round > p.rounds
  return sum
end

local function elo_text(x)
  if x == nil then return "inf" end
  return fmt("%+.1f", x)
end

-- The report of a summary, as lines of text.
function M.report(p, sum)
  local out = {}
  local verdict = sum.verdict == "H1" and "H1 accepted: the candidate (--b) is stronger"
    or sum.verdict == "H0" and "H0 accepted: the candidate (--b) is not stronger by elo1"
    or "inconclusive: no bound crossed"
  if p.fixed then verdict = fmt("%d games played (--fixed); the LLR ends %s", sum.games,
                                sum.verdict == "inconclusive" and "between its bounds" or
                                ("past the bound of " .. sum.verdict)) end
  out[#out + 1] = fmt("sprt %s: %s", p.game, verdict)
  out[#out + 1] = fmt("LLR %.3f (bounds %.3f, %.3f), elo0 %g, elo1 %g, alpha %g, beta %g",
                      sum.llr, sum.lower, sum.upper, p.elo0, p.elo1, p.alpha, p.beta)
  if p.players == 2 then
    out[#out + 1] = fmt("games %d (%d pairs): candidate +%d =%d -%d, score %.1f%%", sum.games,
                        sum.rounds, sum.wins, sum.draws, sum.losses, 100 * (sum.mean or 0))
    out[#out + 1] = fmt("pentanomial (pair points 0, 1/2, 1, 3/2, 2): %d %d %d %d %d",
                        sum.counts[0], sum.counts[1], sum.counts[2], sum.counts[3], sum.counts[4])
    out[#out + 1] = fmt("Elo %s (95%%: %s to %s)", elo_text(sum.elo), elo_text(sum.elo_low),
                        elo_text(sum.elo_high))
  else
    out[#out + 1] = fmt("games %d (%d rounds of %d seats): candidate first %d of %d, %.1f%% " ..
                        "(95%%: %.1f-%.1f%%; equal strength: %.1f%%)", sum.games, sum.rounds,
                        p.players, sum.wins, sum.games, 100 * (sum.mean or 0),
                        100 * (sum.share_low or 0), 100 * (sum.share_high or 1), 100 / p.players)
    out[#out + 1] = fmt("Elo (Bradley-Terry-Luce, against %d equal opponents) %s (95%%: %s to %s)",
                        p.players - 1, elo_text(sum.elo), elo_text(sum.elo_low),
                        elo_text(sum.elo_high))
  end
  if #sum.skipped > 0 then
    local list = {}
    for i, r in ipairs(sum.skipped) do
      if i > 10 then list[#list + 1] = "..."; break end
      list[#list + 1] = tostring(r)
    end
    out[#out + 1] = fmt("rounds not counted (a game failed): %s", table.concat(list, ", "))
  end
  return out
end

-- ---- workers ----

local function program()
  if arg then
    local lo = 0
    while arg[lo - 1] do lo = lo - 1 end
    if arg[lo] then return arg[lo] end
  end
  return "stratagem"
end

-- Play the plan's games (p: a plan, or a function giving the job of a game index) in order on
-- `jobs` worker processes (`stratagem job -`), or in this
-- process when jobs is 1; on_result(index, result or nil, error) for each game as it ends.
-- Stops handing out games once should_stop() says so (and then ends the workers at once).  A
-- worker that dies, or passes the time limit of a game, is replaced and its game played again
-- once; a game that fails twice is reported failed.
function M.execute(p, jobs, indices, on_result, should_stop, opts)
  opts = opts or {}
  local jobof = type(p) == "function" and p or function(i) return M.job(p, i) end
  if opts.runner then return M.execute_runner(jobof, indices, on_result, should_stop, opts) end
  if jobs <= 1 then
    for _, idx in ipairs(indices) do
      if should_stop() then return end
      local ok, res = pcall(M.play, jobof(idx))
      if not ok and tostring(res):find("interrupted!", 1, true) then error(res, 0) end
      on_result(idx, ok and res or nil, not ok and tostring(res) or nil)
    end
    return
  end
  local core = require "stratagem.core"
  local prog = opts.program or program()
  local limit = opts.game_timeout or 3600
  local workers, next_i, tries, retry = {}, 1, {}, {}
  local function start()
    local w, err = core.spawn({prog, "job", "-"}, {stderr = "inherit"})
    if not w then error("sprt: cannot start a worker: " .. tostring(err), 0) end
    return {proc = w}
  end
  local function give(w)   -- the next game (a game to play again first); false when none
    if should_stop() then return false end
    local idx
    if #retry > 0 then idx = table.remove(retry, 1)
    elseif next_i <= #indices then idx, next_i = indices[next_i], next_i + 1
    else return false end
    local job = jobof(idx)
    w.idx, w.t0, w.job_index = idx, sg.clock(), job.index
    if not w.proc:send(M.job_line(job)) then w.dead = true end
    return true
  end
  local ok, err = pcall(function()
    for i = 1, math.min(jobs, #indices) do
      workers[i] = start()
      give(workers[i])
    end
    -- a worker's end: its game played again once on a new worker, or reported failed
    local function lost(i, msg)
      local w = workers[i]
      local idx = w.idx
      w.proc:close(0)
      tries[idx] = (tries[idx] or 0) + 1
      if tries[idx] < 2 then
        io.stderr:write(fmt("\nsprt: game %d: %s; playing it again\n", idx, msg))
        table.insert(retry, 1, idx)
      else
        on_result(idx, nil, msg .. " (twice)")
      end
      workers[i] = start()
      give(workers[i])
    end
    while not should_stop() do
      local busy, procs = {}, {}
      local now, wait = sg.clock(), math.huge
      for i = 1, #workers do
        if workers[i].idx and workers[i].dead then lost(i, "the worker died") end
        local w = workers[i]
        if w.idx then
          busy[#busy + 1], procs[#procs + 1] = i, w.proc
          wait = math.min(wait, w.t0 + limit - now)
        end
      end
      if #busy == 0 then break end
      local k = core.wait_any(procs, math.max(0, wait))   -- sleeps until a worker answers
      if k then
        local i = busy[k]
        local w = workers[i]
        local line, why = w.proc:recv(0)
        if line then
          local idx = w.idx
          w.idx = nil
          local res, rerr = M.read_result(line)
          if res and res.index ~= w.job_index then
            res, rerr = nil, fmt("the worker answered for game %s", tostring(res.index))
          end
          if res and res.failed then res, rerr = nil, res.failed end
          on_result(idx, res, rerr)
          give(w)
        elseif why == "eof" then
          lost(i, "the worker died")
        end
      else
        for _, i in ipairs(busy) do
          if sg.clock() - workers[i].t0 > limit then
            lost(i, fmt("no result within %g s", limit))
          end
        end
      end
    end
  end)
  for _, w in ipairs(workers) do pcall(function() w.proc:close(w.idx and 0 or 1) end) end
  if not ok then error(err, 0) end
end

-- ---- runners: a batch of games played by a command (across machines) ----

-- A word for the shell, quoted.
local function shq(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end
M.shell_quote = shq

-- The program as another process (or another machine in the same folder) can start it: an
-- absolute path when it was started by a relative one.
local function program_path()
  local prog = program()
  if prog:find("/", 1, true) and prog:sub(1, 1) ~= "/" then
    local pwd = os.getenv("PWD")
    if pwd then prog = pwd .. "/" .. prog:gsub("^%./", "") end
  end
  return prog
end

-- The ready-made runners, by name (doc/lab.md, "Across machines"): GNU parallel on this
-- machine, or over the ssh hosts of a file (parallel's --sshloginfile, with the program at the
-- same path on each); a Slurm job array (sbatch --array, its tasks waited for by mark files),
-- or srun (inside an allocation, or making one); sh, the batch's lines one after another.
function M.runner_command(runner)
  if type(runner) ~= "string" or runner == "" then
    return nil, "runner must be a command with {jobs} and {results}, or one of parallel, " ..
                "parallel:HOSTSFILE, slurm, srun, sh"
  end
  local prog = shq(program_path())
  local script = shq((sg.paths and sg.paths.scenarios or "scenarios") .. "/lab/slurm-runner.sh")
  -- parallel: one `stratagem job -` per job slot, the lines dealt out to them (--pipe
  -- --round-robin), since a process per line (parallel -a {jobs} stratagem job) cost about
  -- 0.15 s a game here (doc/lab.md, "Across machines")
  local piped = "parallel --will-cite --pipe --round-robin -N 1 "
  if runner == "parallel" then
    return piped .. prog .. " job - < {jobs} > {results}"
  elseif runner:match("^parallel:") then
    local hosts = runner:sub(10)
    if hosts == "" then return nil, "runner parallel:HOSTSFILE needs the file of ssh hosts" end
    return piped .. "--sshloginfile " .. shq(hosts) .. " " .. prog .. " job - < {jobs} > {results}"
  elseif runner == "slurm" or runner == "srun" then
    return "STRATAGEM=" .. prog .. " sh " .. script .. (runner == "srun" and " --srun" or "") ..
           " {jobs} {results}"
  elseif runner == "sh" then
    return prog .. " job - < {jobs} > {results}"
  end
  if not runner:find("{jobs}", 1, true) or not runner:find("{results}", 1, true) then
    return nil, fmt("runner '%s' has no {jobs} or no {results}: a runner is a command that " ..
                    "turns the job file {jobs} into the results file {results} (or one of " ..
                    "parallel, parallel:HOSTSFILE, slurm, srun, sh)", runner)
  end
  return runner
end

-- The last lines of a text, for a message.
local function tail(text, n)
  local lines = {}
  for l in (text or ""):gmatch("[^\n]+") do lines[#lines + 1] = l end
  return table.concat(lines, "\n", math.max(1, #lines - n + 1))
end

-- Play a batch of jobs through a runner command: the job lines in a file, CMD with {jobs} and
-- {results} replaced by the two files' paths, and the result lines read back and checked.
-- Jobs without a valid result, or whose game failed, are given to the runner again (just
-- those), up to opts.retries times (default 2).  Returns an array of results in the order of
-- the jobs (a failed game: {failed = message}); raises an error naming the runner, its exit
-- status and the end of its standard error when games are still missing after the retries.
function M.run_batch(jobs, opts)
  local cmd, cerr = M.runner_command(opts.runner)
  if not cmd then error("runner: " .. cerr, 0) end
  local retries = opts.retries or 2
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -m 700 " .. shq(dir)), "runner: cannot make a temporary folder")
  local jobs_path, results_path, err_path = dir .. "/jobs.txt", dir .. "/results.txt",
                                             dir .. "/stderr.txt"
  local command = cmd:gsub("{jobs}", (shq(jobs_path):gsub("%%", "%%%%")))
                     :gsub("{results}", (shq(results_path):gsub("%%", "%%%%")))
  local out, key_of = {}, {}
  for i, job in ipairs(jobs) do key_of[job.run .. "/" .. job.index] = i end
  local pending = {}
  for i = 1, #jobs do pending[i] = i end
  local why = ""
  local ok, e = pcall(function()
    for attempt = 0, retries do
      local lines = {}
      for k, i in ipairs(pending) do lines[k] = M.job_line(jobs[i]) end
      local wok, werr = data.write_file(jobs_path, table.concat(lines, "\n") .. "\n")
      if not wok then error("runner: " .. tostring(werr), 0) end
      os.remove(results_path)
      local rok, how, code = os.execute("( " .. command .. "\n) 2> " .. shq(err_path))
      if how == "signal" and (code == 2 or code == 15) then error("interrupted!", 0) end
      local text = data.read_file(results_path) or ""
      local got, bad = {}, nil
      for line in text:gmatch("[^\n]+") do
        if line:match("^sgresult ") then
          local res, rerr = M.read_result(line)
          local i = res and key_of[res.run .. "/" .. res.index]
          if res and i and line_of(res.seats or false) == line_of(jobs[i].seats or false) then
            got[i] = res
          else
            bad = bad or rerr or fmt("a result for game %d of run %s, which is not in the " ..
                                     "batch (or not with these seats)", res.index, res.run)
          end
        end
      end
      local missing, failed = {}, {}
      for _, i in ipairs(pending) do
        local res = got[i]
        if res and not res.failed then out[i] = res
        elseif res then out[i] = {failed = res.failed}; failed[#failed + 1] = i
        else missing[#missing + 1] = i end
      end
      local errtext = data.read_file(err_path) or ""
      why = fmt("the runner (%s) %s", command, rok and "ended with status 0" or
                fmt("failed (%s %s)", tostring(how), tostring(code)))
      if errtext:match("%S") then why = why .. "; its standard error ends:\n" .. tail(errtext, 12) end
      if bad then why = why .. "\n(a line it wrote was refused: " .. bad .. ")" end
      pending = {}
      for _, i in ipairs(missing) do pending[#pending + 1] = i end
      for _, i in ipairs(failed) do pending[#pending + 1] = i end
      table.sort(pending)
      if #pending == 0 then return end
      if attempt < retries then
        io.stderr:write(fmt("%srunner: %d of %d games without a result, %d failed; playing " ..
                            "them again (retry %d of %d)\n", opts.progress == false and "" or "\n", #missing, #lines, #failed,
                            attempt + 1, retries))
      elseif #missing > 0 then
        error(fmt("runner: %d of %d games still have no result after %d retries: %s",
                  #missing, #jobs, retries, why), 0)
      end
    end
  end)
  os.remove(jobs_path); os.remove(results_path); os.remove(err_path); os.remove(dir)
  if not ok then error(e, 0) end
  return out
end

-- The results of a run as a file of result lines (`stratagem merge` reads it too), in game
-- order, written atomically.  true, or nil and a message.
function M.write_checkpoint(p, path, results, failed)
  local lines = {}
  for i = 1, p.rounds * p.players do
    local res = results[i]
    if failed[i] then
      local job = M.job(p, i)
      res = {run = p.run, index = i, round = job.round, seats = job.seats, failed = failed[i]}
    end
    if res then
      local r = copy(res)
      r.job = r.job or {game = p.game, seed = p.seed + (i - 1) // p.players, players = p.players,
                        rounds = p.rounds, elo0 = p.elo0, elo1 = p.elo1, alpha = p.alpha,
                        beta = p.beta, max_games = p.max_games, fixed = p.fixed}
      r.format, r.version = nil, nil
      lines[#lines + 1] = M.result_line(r)
    end
  end
  return data.write_file(path, table.concat(lines, "\n") .. (#lines > 0 and "\n" or ""))
end

-- Read a checkpoint of run p into results and failed.  true, or nil and a message.
function M.read_checkpoint(p, path, results, failed)
  local text, err = data.read_file(path)
  if not text then return nil, "cannot resume: " .. err end
  local n = 0
  for line in text:gmatch("[^\n]+") do
    n = n + 1
    local res, rerr = M.read_result(line)
    if not res then return nil, fmt("cannot resume: %s:%d: %s", path, n, rerr) end
    if res.run ~= p.run then
      return nil, fmt("cannot resume: %s:%d: a result of run %s, but these settings make run " ..
                      "%s (the same game, settings, seed and openings give the same run)",
                      path, n, res.run, p.run)
    end
    if res.failed then failed[res.index] = res.failed else results[res.index] = res end
  end
  return true
end

-- Play the games `indices` through a runner in batches of opts.batch games, handing each
-- result to on_result in index order while should_stop() says go on: what a serial run would
-- count, so the result is the serial run's (games played past the stop are not counted).
function M.execute_runner(jobof, indices, on_result, should_stop, opts)
  local batch = opts.batch or 200
  local first = 1
  while first <= #indices do
    if should_stop() then return end
    local jobs, idx = {}, {}
    for k = first, math.min(#indices, first + batch - 1) do
      idx[#idx + 1] = indices[k]
      jobs[#jobs + 1] = jobof(indices[k])
    end
    first = first + #jobs
    local out = M.run_batch(jobs, opts)
    for k, i in ipairs(idx) do
      if should_stop() then break end
      local res = out[k]
      if res.failed then on_result(i, nil, res.failed) else on_result(i, res) end
    end
    if opts.on_batch then opts.on_batch() end
  end
end

-- Run an SPRT.  spec: game, a, b (settings), elo0, elo1, alpha, beta, max_games, jobs
-- (default: the number of cores), seed, opening (random plies), openings (positions), rules,
-- max_moves, progress (default true: a live line on standard error), game_timeout (seconds).
-- Returns the summary (verdict "H0", "H1" or "inconclusive", llr, lower, upper, elo, elo_low,
-- elo_high, games, rounds, counts, ...) and the plan.
-- Whether the two sides are one player that plays the same moves every time (the same
-- settings and no time limit): their games replay one another and measure nothing.
function M.same_player(p)
  local function timed(v) return v.search and v.search.time end
  return line_of(p.a) == line_of(p.b) and not timed(p.a) and not timed(p.b)
end

function M.sprt(spec)
  local p = M.plan(spec)
  if M.same_player(p) then
    io.stderr:write("sprt: warning: --a and --b are the same player with no time limit, so " ..
                    "each plays the same moves as the other: the two games of a pair are one game " ..
                    "with the seats swapped, and the test measures nothing\n")
  end
  local jobs = spec.jobs
  if jobs == nil then jobs = M.cores() end
  if math.type(jobs) ~= "integer" or jobs < 1 or jobs > 256 then
    error("sprt: jobs must be a whole number from 1 to 256, got " .. tostring(jobs), 2)
  end
  if spec.runner ~= nil then
    local cmd, cerr = M.runner_command(spec.runner)
    if not cmd then error("sprt: " .. cerr, 2) end
  end
  check_number(spec, "batch", 1, 1e9, nil, true)
  check_number(spec, "retries", 0, 100, nil, true)
  if spec.checkpoint ~= nil and (type(spec.checkpoint) ~= "string" or spec.checkpoint == "") then
    error("sprt: checkpoint must be the name of a file of results to write", 2)
  end
  local every = check_number(spec, "checkpoint_every", 0, 1e9, 60)
  if spec.checkpoint_every ~= nil and not spec.checkpoint then
    error("sprt: checkpoint_every goes with checkpoint (the file to rewrite)", 2)
  end
  if spec.resume and not spec.checkpoint then
    error("sprt: resume needs the checkpoint file (--checkpoint FILE) to go on from", 2)
  end
  local results, failed = {}, {}
  if spec.resume then
    local ok, rerr = M.read_checkpoint(p, spec.checkpoint, results, failed)
    if not ok then error("sprt: " .. rerr, 2) end
  end
  local sum = M.summarise(p, results, failed)
  local progress = spec.progress ~= false
  local t0 = sg.clock()
  local indices = {}
  for i = 1, p.rounds * p.players do
    if not results[i] and not failed[i] then indices[#indices + 1] = i end
  end
  local opts = setmetatable({on_batch = function()
    if spec.checkpoint then M.write_checkpoint(p, spec.checkpoint, results, failed) end
  end}, {__index = spec})
  local written = sg.clock()
  local done, err = pcall(M.execute, p, jobs, indices, function(idx, res, err)
    if res then results[idx] = res
    else
      failed[idx] = err or "failed"
      io.stderr:write(fmt("\nsprt: game %d failed: %s (its round is not counted)\n", idx,
                          tostring(err)))
    end
    -- games played here (not through a runner, whose batches write it): the checkpoint is
    -- rewritten every `every` seconds, so that a run killed outright loses no more
    if spec.checkpoint and not spec.runner and sg.clock() - written >= every then
      M.write_checkpoint(p, spec.checkpoint, results, failed)
      written = sg.clock()
    end
    sum = M.summarise(p, results, failed, sum)
    if progress then
      io.stderr:write(fmt("\r[%d games] LLR %.2f (%.2f, %.2f)  Elo %s  %.0f s ", sum.games,
                          sum.llr, sum.lower, sum.upper, elo_text(sum.elo), sg.clock() - t0))
      io.stderr:flush()
    end
  end, function() return not p.fixed and sum.verdict ~= "inconclusive" end, opts)
  if progress then io.stderr:write("\n") end
  if spec.checkpoint or (not done and spec.runner) then
    -- what was played, for --resume (a runner that failed: in a file of the run's name)
    local path = spec.checkpoint or fmt("sprt-%s.results", p.run)
    local wok, werr = M.write_checkpoint(p, path, results, failed)
    if not done and wok and tostring(err):find("interrupted!", 1, true) then
      io.stderr:write(fmt("sprt: the %d games played are kept in %s (--checkpoint %s --resume " ..
                          "goes on from them)\n", sum.games, path, path))
    elseif not done and not tostring(err):find("interrupted!", 1, true) then
      error(fmt("sprt: %s\n%s", tostring(err):gsub("^sprt: ", ""), wok and
                fmt("sprt: the %d games played are kept in %s: the same command with " ..
                    "--checkpoint %s --resume goes on from them", sum.games, path, path) or
                fmt("sprt: the games played could not be kept: %s", tostring(werr))), 0)
    end
  end
  if not done then
    -- Ctrl-C: the workers are ended; what was played is kept and reported
    if not tostring(err):find("interrupted!", 1, true) then error(err, 0) end
    sum.interrupted = true
  end
  sum.time = sg.clock() - t0
  sum.failed = {}
  for idx, why in pairs(failed) do
    -- games past the round where the test stopped are not counted, failed or not
    if (idx - 1) // p.players + 1 < sum.next_round then
      sum.failed[#sum.failed + 1] = {index = idx, why = why}
    end
  end
  table.sort(sum.failed, function(x, y) return x.index < y.index end)
  if spec.plot then
    local ok, werr = sg.data.write_file(spec.plot, M.svg(p, sum))
    if not ok then error("sprt: plot: " .. tostring(werr), 2) end
  end
  return sum, p
end

-- The test's course as an SVG chart: the LLR after each round against its two bounds.
function M.svg(p, sum)
  local pts = {}
  for _, h in ipairs(sum.history or {}) do pts[#pts + 1] = {h.games, h.llr} end
  return require("stratagem.plot").lines{
    title = fmt("sprt %s: LLR over the games (elo0 %g, elo1 %g); %s", p.game, p.elo0, p.elo1,
                sum.verdict),
    xlabel = "games", ylabel = "log-likelihood ratio",
    series = {{name = "LLR", points = pts}},
    hlines = {{y = sum.upper, name = fmt("H1 bound %.2f", sum.upper), colour = "#2ca02c"},
              {y = sum.lower, name = fmt("H0 bound %.2f", sum.lower), colour = "#d62728"}}}
end

-- The number of cores (online processors), 1 when it cannot be told.
function M.cores()
  local f = io.popen("getconf _NPROCESSORS_ONLN 2>/dev/null")
  local n = f and tonumber(f:read("l") or "")
  if f then f:close() end
  return math.tointeger(n) or 1
end

-- ---- across machines ----

-- Write the job file of a run: one line per game of max_games.  true, or nil and a message.
function M.emit_jobs(spec, path)
  local p = M.plan(spec)
  local lines = {}
  for i = 1, p.rounds * p.players do lines[i] = M.job_line(M.job(p, i)) end
  local ok, err = data.write_file(path, table.concat(lines, "\n") .. "\n")
  if not ok then return nil, err end
  return #lines, p
end

-- Merge result lines (from files): the same statistics as the single-machine run.  Returns
-- the summary and the plan, or nil and a message.
function M.merge(paths)
  local results, spec, run, bad = {}, nil, nil, 0
  for _, path in ipairs(paths) do
    local text, err = data.read_file(path)
    if not text then return nil, "merge: cannot read " .. err end
    local n = 0
    for line in text:gmatch("[^\n]+") do
      n = n + 1
      if line:match("^sgresult ") then
        local res, rerr = M.read_result(line)
        if not res then return nil, fmt("merge: %s:%d: %s", path, n, rerr) end
        if res.kind then
          return nil, fmt("merge: %s:%d: a self-play result (Texel's positions, which stratagem " ..
                          "tune reads back), not a game of an SPRT", path, n)
        end
        if run and res.run ~= run then
          return nil, fmt("merge: %s:%d: a result of run %s among results of run %s; merge " ..
                          "one run at a time", path, n, tostring(res.run), run)
        end
        run = res.run
        if spec then   -- one run's numbers in every line
          for _, fd in ipairs(RUN_FIELDS) do
            local k = fd[1]
            if res.job[k] ~= spec[k] then
              return nil, fmt("merge: %s:%d: job.%s is %s, but %s in the results before it",
                              path, n, k, shown(res.job[k]), shown(spec[k]))
            end
          end
        end
        spec = spec or res.job
        results[res.index] = res
      elseif line:match("%S") then
        bad = bad + 1
      end
    end
  end
  if not spec then return nil, "merge: no result lines (sgresult ...) in the files given" end
  local p = {game = spec.game, run = run, players = spec.players, rounds = spec.rounds,
             elo0 = spec.elo0, elo1 = spec.elo1, alpha = spec.alpha, beta = spec.beta,
             max_games = spec.max_games, fixed = spec.fixed}
  for _, k in ipairs({"players", "rounds", "elo0", "elo1", "alpha", "beta"}) do
    if type(p[k]) ~= "number" then
      return nil, fmt("merge: the results' jobs have no %s (damaged lines?)", k)
    end
  end
  local failed = {}
  for idx, res in pairs(results) do
    if res.failed then failed[idx], results[idx] = res.failed, nil end
  end
  local sum = M.summarise(p, results, failed)
  sum.other_lines = bad
  return sum, p
end

-- `stratagem job LINE` / `stratagem job -`: play one job and print its result line; with "-",
-- every job line of standard input in turn (a worker).  A job that fails prints a result line
-- with `failed` (the message), so a merge names it.
function M.job_main(line)
  local function one(l, n)
    local job, err = M.read_job(l)
    if not job then
      if n then err = err:gsub("^job: ", fmt("job: line %d: ", n), 1) end
      io.stderr:write("stratagem: ", err, "\n")
      return false
    end
    local ok, res = pcall(M.play, job)
    if not ok then
      if tostring(res):find("interrupted!", 1, true) then error(res, 0) end
      res = {kind = job.kind, run = job.run, index = job.index, round = job.round,
             seats = job.seats, failed = tostring(res)}
    end
    -- what a merge needs of the run (the settings are in the job file, not repeated)
    if job.kind == "selfplay" then
      res.job = {game = job.game, seed = job.seed, games = job.games}
    else
      res.job = {game = job.game, seed = job.seed, round = job.round, players = job.players,
                 rounds = job.rounds, elo0 = job.elo0, elo1 = job.elo1, alpha = job.alpha,
                 beta = job.beta, max_games = job.max_games, fixed = job.fixed}
    end
    io.stdout:write(M.result_line(res), "\n")
    io.stdout:flush()
    return true
  end
  if line == "-" then
    local ok, n = true, 0
    for l in io.stdin:lines() do
      n = n + 1
      if l:match("%S") then ok = one(l, n) and ok end
    end
    return ok and 0 or 1
  end
  return one(line) and 0 or 1
end

-- ---- the subcommands ----

M.SPRT_USAGE = "stratagem sprt GAME --a SETTINGS --b SETTINGS [--elo0 0] [--elo1 5] " ..
  "[--alpha 0.05] [--beta 0.05] [--max-games N] [--jobs N] [--seed N] [--opening PLIES] " ..
  "[--openings FILE] [--rules TABLE] [--max-moves N] [--game-timeout S] [--emit-jobs FILE] " ..
  "[--runner CMD] [--batch N] [--retries N] [--checkpoint FILE] [--resume] " ..
  "[--fixed] [--plot FILE.svg] [--quiet]"

local function fail_usage(msg, usage)
  io.stderr:write("stratagem: ", msg, "\n")
  if usage then io.stderr:write("usage: ", usage, "\n") end
  return 2
end

-- Chess openings as positions: a file's (EPD, FEN or PGN, read as `stratagem match` reads
-- them), or the match runner's built-in ones.
local function chess_openings(path)
  local match = require "stratagem.match"
  local list = match.OPENINGS
  if path then
    local err
    list, err = match.load_openings(path)
    if not list then return nil, err end
  end
  local out = {}
  for i, o in ipairs(list) do
    local g, err = sg.new("chess", {position = o.fen})
    if not g then return nil, fmt("openings[%d]: %s", i, err) end
    local moves = o.moves or {}
    if type(moves) == "string" then
      local w = {}
      for m in moves:gmatch("%S+") do w[#w + 1] = m end
      moves = w
    end
    for _, m in ipairs(moves) do
      local ok, perr = pcall(g.play, g, m)
      if not ok then return nil, fmt("openings[%d]: %s", i, tostring(perr)) end
    end
    out[i] = g:fen()
  end
  return out
end

-- Positions of a game, one a line ('#' starts a comment).
local function position_lines(game, path)
  local text, err = data.read_file(path, 64 * 1024 * 1024)
  if not text then return nil, "openings: cannot read " .. err end
  local out, n = {}, 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    line = line:gsub("#.*", ""):gsub("^%s+", ""):gsub("%s+$", "")
    if line ~= "" then
      local g, perr = sg.new(game, {position = line})
      if not g then return nil, fmt("openings: %s:%d: %s", path, n, perr) end
      out[#out + 1] = line
    end
  end
  if #out == 0 then return nil, fmt("openings: %s: no positions in the file", path) end
  return out
end

function M.sprt_main(...)
  local args = {...}
  local spec, emit, quiet = {}, nil, false
  local numbers = {["--elo0"] = "elo0", ["--elo1"] = "elo1", ["--alpha"] = "alpha",
                   ["--beta"] = "beta", ["--max-games"] = "max_games", ["--jobs"] = "jobs",
                   ["--seed"] = "seed", ["--opening"] = "opening", ["--max-moves"] = "max_moves",
                   ["--game-timeout"] = "game_timeout", ["--batch"] = "batch",
                   ["--retries"] = "retries"}
  local openings_file
  local i = 1
  while i <= #args do
    local a = args[i]
    local function value()
      i = i + 1
      if args[i] == nil then error({usage = a .. " needs a value"}) end
      return args[i]
    end
    local ok, err = pcall(function()
      if numbers[a] then
        local v = value()
        local x = tonumber(v)
        if not x then error({usage = fmt("%s must be a number, got '%s'", a, v)}) end
        spec[numbers[a]] = math.tointeger(x) or x
      elseif a == "--a" then spec.a = value()
      elseif a == "--b" then spec.b = value()
      elseif a == "--rules" then
        local v = value()
        local t, perr = data.parse(v)
        if type(t) ~= "table" then
          error({usage = fmt("--rules must be a Lua table such as '{draw_moves = 20}' (%s)",
                             perr or "not a table")})
        end
        spec.rules = t
      elseif a == "--openings" then openings_file = value()
      elseif a == "--emit-jobs" then emit = value()
      elseif a == "--runner" then spec.runner = value()
      elseif a == "--checkpoint" then spec.checkpoint = value()
      elseif a == "--resume" then spec.resume = true
      elseif a == "--plot" then spec.plot = value()
      elseif a == "--quiet" then quiet = true
      elseif a == "--fixed" then spec.fixed = true
      elseif a:sub(1, 1) == "-" then error({usage = "unknown option '" .. a .. "'"})
      elseif not spec.game then spec.game = a
      else error({usage = "unexpected '" .. a .. "'"}) end
    end)
    if not ok then
      if type(err) == "table" then return fail_usage("sprt: " .. err.usage, M.SPRT_USAGE) end
      error(err, 0)
    end
    i = i + 1
  end
  if not spec.game then return fail_usage("sprt: expected a game", M.SPRT_USAGE) end
  if not spec.a or not spec.b then
    return fail_usage("sprt: expected --a SETTINGS (the base) and --b SETTINGS (the candidate)",
                      M.SPRT_USAGE)
  end
  local okg = pcall(sg.defaults, spec.game)
  if not okg then
    return fail_usage(fmt("sprt: unknown game '%s' (games: %s)", spec.game,
                          table.concat(sg.games(), ", ")))
  end
  if spec.game == "chess" then
    local list, err = chess_openings(openings_file)
    if not list then return fail_usage("sprt: " .. err) end
    spec.openings = list
    -- the 40 built-in openings, varied by --seed: random plies on each, balanced, none twice
    if not openings_file then spec.vary = true end
  elseif openings_file then
    local list, err = position_lines(spec.game, openings_file)
    if not list then return fail_usage("sprt: " .. err) end
    spec.openings = list
  end
  spec.progress = not quiet
  if emit then
    if spec.plot then
      return fail_usage("sprt: --plot goes with the games' results: with --emit-jobs, give it " ..
                        "to stratagem merge (stratagem merge results.txt --plot FILE.svg)")
    end
    if spec.runner or spec.checkpoint then
      return fail_usage("sprt: --emit-jobs writes the job file and plays nothing: --runner and " ..
                        "--checkpoint go with a run that plays its games")
    end
    spec.jobs, spec.progress, spec.game_timeout, spec.plot = nil, nil, nil, nil
    spec.batch, spec.retries = nil, nil
    local ok, n, p = pcall(M.emit_jobs, spec, emit)
    if not ok then return fail_usage((tostring(n):gsub("^[^\n]-:%d+: ", ""))) end
    if not n then io.stderr:write("stratagem: sprt: ", p, "\n"); return 1 end
    print(fmt("sprt: wrote %d jobs (run %s, %d games a round) to %s", n, p.run, p.players, emit))
    print(fmt("play them with: parallel -a %s stratagem job > results.txt; then: " ..
              "stratagem merge results.txt", emit))
    return 0
  end
  local ok, sum, p = pcall(M.sprt, spec)
  if not ok then
    if tostring(sum):find("interrupted!", 1, true) then error(sum, 0) end
    if tostring(sum):find("^sprt: runner: ") then   -- not a usage error: the runner failed
      io.stderr:write("stratagem: ", tostring(sum), "\n")
      return 1
    end
    return fail_usage((tostring(sum):gsub("^[^\n]-:%d+: ", "")))
  end
  if sum.interrupted then
    print(fmt("sprt: interrupted after %d games; the test so far:", sum.games))
  end
  for _, line in ipairs(M.report(p, sum)) do print(line) end
  for _, f in ipairs(sum.failed) do
    print(fmt("game %d failed: %s", f.index, f.why))
  end
  print(fmt("%.1f s", sum.time))
  return sum.interrupted and 130 or 0
end

-- Tuning (stratagem.tune): sg.lab.tune{...}.
function M.tune(spec) return require("stratagem.tune").tune(spec) end

-- The ladder of a game's levels (stratagem.ladder): sg.lab.ladder{...}.
function M.ladder(spec) return require("stratagem.ladder").ladder(spec) end

M.JOB_USAGE = "stratagem job LINE | stratagem job -"
M.MERGE_USAGE = "stratagem merge FILE... [--plot FILE.svg]"

function M.job_cli(...)
  local n = select("#", ...)
  if n ~= 1 then
    return fail_usage("job: expected one job line (from --emit-jobs) or - to read them from " ..
                      "standard input", M.JOB_USAGE)
  end
  return M.job_main((...))
end

function M.merge_cli(...)
  local args, paths, plot = {...}, {}, nil
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--plot" or a:match("^%-%-plot=") then
      plot = a:match("^%-%-plot=(.*)$")
      if not plot then
        i = i + 1
        plot = args[i]
      end
      if not plot or plot == "" then
        return fail_usage("merge: --plot needs the name of an SVG file to write", M.MERGE_USAGE)
      end
    elseif a:sub(1, 2) == "--" then
      return fail_usage(fmt("merge: unknown option '%s' (valid: --plot)", a), M.MERGE_USAGE)
    else
      paths[#paths + 1] = a
    end
    i = i + 1
  end
  if #paths == 0 then return fail_usage("merge: expected result files", M.MERGE_USAGE) end
  local sum, p = M.merge(paths)
  if not sum then
    io.stderr:write("stratagem: ", p, "\n")
    return 1
  end
  for _, line in ipairs(M.report(p, sum)) do print(line) end
  if plot then
    local ok, werr = sg.data.write_file(plot, M.svg(p, sum))
    if not ok then
      io.stderr:write("stratagem: merge: --plot: ", tostring(werr), "\n")
      return 1
    end
  end
  if not sum.done then
    print(fmt("the test is not finished: results up to round %d of %d are counted (a round's " ..
              "games missing after it)", sum.last_round or 0, p.rounds))
  end
  if sum.other_lines > 0 then
    print(fmt("%d lines that are not results were skipped", sum.other_lines))
  end
  return 0
end

return M
