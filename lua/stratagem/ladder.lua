-- stratagem.ladder: is each of a game's ten levels stronger than the one below?  (stratagem
-- ladder, sg.lab.ladder)
--
-- A level's settings are those of `stratagem play GAME --level N` (play.ai_settings: the
-- game's own table of levels, play.levels in its defaults, else a time a move and, at the
-- lowest levels, a depth).  Each pair of adjacent levels is a fixed match of the lab
-- (stratagem.lab's sprt with fixed = true): rounds of one start position played with level N
-- in each seat and level N - 1 in the others, so that for two players the colours are swapped
-- and for N players level N sits once in each seat against N - 1 copies of the level below.
-- A level is "stronger" when the 95% interval of its share lies above an equal player's
-- (1/2 of the points for two players, 1/N of the first places for N), "weaker" when it lies
-- below, and "not shown" otherwise ("too few" under ten rounds: 20 games for two players, 40
-- for four).  A game of one player: each level plays the same games alone (M.solo).
local lab = require "stratagem.lab"

local M = {}
local fmt = string.format

M.USAGE = "stratagem ladder GAME [--levels A-B] [--games N] [--seed N] [--jobs N] " ..
          "[--opening PLIES] [--max-moves N] [--game-timeout S] [--out FILE.md] [--quiet]"

local KEYS = {game = true, from = true, to = true, games = true, seed = true, jobs = true,
              opening = true, max_moves = true, game_timeout = true, out = true,
              progress = true, on_row = true}

-- What a summary of the lab shows of a level against the one below.
-- Fewer than MIN_ROUNDS rounds: the normal approximation of the interval is not to be trusted,
-- and nothing is said.
M.MIN_ROUNDS = 10
function M.verdict(sum, players)
  local equal = 1 / players
  if not sum.share_low or sum.games == 0 then return "no games" end
  if (sum.rounds or 0) < M.MIN_ROUNDS then return "too few" end
  if sum.share_low > equal then return "stronger" end
  if sum.share_high < equal then return "weaker" end
  return "not shown"
end

-- The settings of a level, as the lab takes them ({search = ...}), and what the level says it
-- does.
function M.level(game, level)
  local play = require "stratagem.cmd.play"
  local ai, elo, about = play.ai_settings(game, nil, nil, level)
  return {search = ai}, about or play.level_text(ai), elo
end

local function whole(spec, k, lo, hi, default)
  local v = spec[k]
  if v == nil then return default end
  if math.type(v) ~= "integer" and not (type(v) == "number" and v == math.floor(v)) or
     v < lo or v > hi then
    error(fmt("ladder: %s must be a whole number from %d to %d, got %s", k, lo, hi,
              tostring(v)), 3)
  end
  return math.tointeger(v)
end

-- The share of a row as text: for two players the points (draws half), for N first places.
local function share_text(r)
  local pct = function(x) return fmt("%.1f%%", 100 * x) end
  return fmt("%s (%s-%s)", pct(r.score), pct(r.share_low), pct(r.share_high))
end

local function elo_text(x, low)
  if x == nil then return low and "-inf" or "+inf" end
  return fmt("%+.0f", x)
end

-- One line of text for a row.
local function pct(x) return fmt("%+.1f%%", 100 * x) end

function M.row_text(r)
  if r.players == 1 then
    return fmt("%5d  %7d  %5d  %-18s  %-22s  %-20s  %-9s  %.1f s", r.level, r.level - 1,
               r.games, fmt("won %d (+%d -%d)", r.wins, r.only or 0, r.only_below or 0),
               share_text(r),
               fmt("%s (%s to %s)", pct(r.diff), pct(r.diff_low), pct(r.diff_high)),
               r.verdict, r.time)
  end
  local res = r.players == 2 and fmt("+%d =%d -%d", r.wins, r.draws, r.losses)
    or fmt("first %d of %d", r.wins, r.games)
  return fmt("%5d  %7d  %5d  %-18s  %-22s  %-20s  %-9s  %.1f s", r.level, r.level - 1, r.games,
             res, share_text(r), fmt("%s (%s to %s)", elo_text(r.elo), elo_text(r.elo_low, true),
                                     elo_text(r.elo_high)), r.verdict, r.time)
end

M.HEADER_SOLO = fmt("%5s  %7s  %5s  %-18s  %-22s  %-20s  %-9s  %s", "level", "against",
                    "games", "level's result", "won (95%)", "difference (95%)", "verdict", "time")
M.HEADER = fmt("%5s  %7s  %5s  %-18s  %-22s  %-20s  %-9s  %s", "level", "against", "games",
               "level's result", "share (95%)", "Elo (95%)", "verdict", "time")

-- The ladder as a Markdown table, with what each level does and the run's settings.
function M.markdown(res)
  if res.players == 1 then
    local out = {fmt("# The levels of %s, each against the one below", res.game), "",
                 fmt("`stratagem ladder %s --levels %d-%d --games %d --seed %d`: each level " ..
                     "plays the same %d games alone; a level is stronger when the 95%% " ..
                     "interval of the difference of its share of won games and the level " ..
                     "below's, paired by game, lies above 0 (won alone: the games this " ..
                     "level won and the one below lost, and the other way round).",
                     res.game, res.from, res.to, res.games, res.seed, res.games), "",
                 "| level | what it does | games | won (95%) | won alone | difference (95%) | verdict |",
                 "|---|---|---|---|---|---|---|"}
    local f = res.first
    if f then
      out[#out + 1] = fmt("| %d | %s | %d | %d, %s | | | |", f.level, res.about[f.level], f.games,
                          f.wins, share_text(f))
    end
    for _, r in ipairs(res.rows) do
      out[#out + 1] = fmt("| %d | %s | %d | %d, %s | +%d -%d | %s (%s to %s) | %s |", r.level,
                          res.about[r.level], r.games, r.wins, share_text(r), r.only or 0,
                          r.only_below or 0, pct(r.diff),
                          pct(r.diff_low), pct(r.diff_high), r.verdict)
    end
    out[#out + 1] = ""
    return table.concat(out, "\n")
  end
  local out = {fmt("# The levels of %s, each against the one below", res.game), "",
               fmt("`stratagem ladder %s --levels %d-%d --games %d --seed %d` (%s); an equal " ..
                   "player takes %s.", res.game, res.from, res.to, res.games, res.seed,
                   res.players == 2 and "the level's points, a draw a half" or
                   "the level's first places, in each seat in turn",
                   res.players == 2 and "50%" or fmt("%.1f%%", 100 / res.players)), "",
               "| level | what it does | against | games | result | share (95%) | Elo (95%) | verdict |",
               "|---|---|---|---|---|---|---|---|"}
  out[#out + 1] = fmt("| %d | %s | | | | | | |", res.from, res.about[res.from])
  for _, r in ipairs(res.rows) do
    out[#out + 1] = fmt("| %d | %s | %d | %d | %s | %s | %s (%s to %s) | %s |", r.level,
                        res.about[r.level], r.level - 1, r.games,
                        r.players == 2 and fmt("+%d =%d -%d", r.wins, r.draws, r.losses)
                          or fmt("first %d of %d", r.wins, r.games),
                        share_text(r), elo_text(r.elo), elo_text(r.elo_low, true),
                        elo_text(r.elo_high), r.verdict)
  end
  out[#out + 1] = ""
  return table.concat(out, "\n")
end

-- spec: {game =, from = 1, to = 10, games = 20 (a pair of levels), seed = 1, jobs = 1,
-- opening =, max_moves =, game_timeout =, out = (a Markdown file), progress = true,
-- on_row = function(row)} -> {game, from, to, games, seed, players, about = {[level] = text},
-- rows = {{level, games, wins, draws, losses, score, share_low, share_high, elo, elo_low,
-- elo_high, verdict, players, time}}, stronger = {levels}}
function M.ladder(spec)
  if type(spec) ~= "table" then
    error("ladder: expected a table of settings {game =, from =, to =, games =, ...}", 2)
  end
  for k in pairs(spec) do
    if not KEYS[k] then
      local names = {}
      for n in pairs(KEYS) do names[#names + 1] = n end
      table.sort(names)
      error(fmt("ladder: unknown setting '%s' (valid: %s)", tostring(k),
                table.concat(names, ", ")), 2)
    end
  end
  local game = spec.game
  local sg = require "stratagem"
  local ok, probe = pcall(sg.new, game)
  if type(game) ~= "string" or not ok then
    error(fmt("ladder: unknown game '%s' (games: %s)", tostring(game),
              table.concat(sg.games(), ", ")), 2)
  end
  local players = probe:players()
  local from, to = whole(spec, "from", 1, 9, 1), whole(spec, "to", 2, 10, 10)
  if to <= from then
    error(fmt("ladder: the levels must rise: from %d to %d", from, to), 2)
  end
  local games = whole(spec, "games", players, 1000000, 20)
  local seed = whole(spec, "seed", 0, math.maxinteger, 1)
  local res = {game = game, from = from, to = to, games = games, seed = seed,
               players = players, about = {}, rows = {}, stronger = {}}
  local settings = {}
  for level = from, to do
    settings[level], res.about[level] = M.level(game, level)
  end
  if players == 1 then M.solo(spec, res, settings) else M.pairs(spec, res, settings) end
  if spec.out then
    local wok, werr = sg.data.write_file(spec.out, M.markdown(res))
    if not wok then error("ladder: out: " .. tostring(werr), 2) end
  end
  return res
end

-- Two or more players: each level against the one below, a fixed match of the lab.
function M.pairs(spec, res, settings)
  local game, games, seed, players = res.game, res.games, res.seed, res.players
  for level = res.from + 1, res.to do
    local sum = lab.sprt{game = game, a = settings[level - 1], b = settings[level],
                         fixed = true, max_games = games, seed = seed, jobs = spec.jobs or 1,
                         opening = spec.opening, max_moves = spec.max_moves,
                         game_timeout = spec.game_timeout, progress = spec.progress ~= false}
    local row = {level = level, games = sum.games, wins = sum.wins, draws = sum.draws,
                 losses = sum.losses, score = sum.mean or 0, share_low = sum.share_low or 0,
                 share_high = sum.share_high or 1, elo = sum.elo, elo_low = sum.elo_low,
                 elo_high = sum.elo_high, players = players, time = sum.time or 0}
    -- a share at 0 or 1 (all won or all lost): that end of the Elo interval is infinite
    if row.share_high >= 1 - 1e-6 then row.elo_high = nil end
    if row.share_low <= 1e-6 then row.elo_low = nil end
    row.verdict = M.verdict(sum, players)
    if row.verdict == "stronger" then res.stronger[#res.stronger + 1] = level end
    res.rows[#res.rows + 1] = row
    if spec.on_row then spec.on_row(row) end
    if sum.interrupted then res.interrupted = true; break end
  end
end

-- A game of one player (patience): each level plays the same `games` deals (rounds from the
-- seed) alone; a level is stronger when the 95% interval of the difference between its share
-- of won games and the level below's lies above 0.  The interval is paired by deal (the
-- deals both levels played): of n deals, b won by this level alone and c by the level below
-- alone, the difference (b - c) / n with the variance ((b + c) / n - ((b - c) / n)^2) / n, the
-- deals both won or both lost adding nothing.  Either level's deal not played (a failed game)
-- leaves that deal out.  The normal approximation wants enough deals that differ: with fewer
-- than MIN_DIFFERING (5 won by one level alone and none by the other would pass it, where the
-- exact sign test gives p = 0.06) the verdict is "too few".
function M.paired(cur_rounds, prev_rounds)
  for i = 1, 2 do
    local t = i == 1 and cur_rounds or prev_rounds
    if type(t) ~= "table" then
      error(fmt("ladder.paired: argument %d: expected a table of results by round (1 or 0), " ..
                "got %s", i, type(t)), 2)
    end
    for r, x in pairs(t) do
      if type(x) ~= "number" then
        error(fmt("ladder.paired: argument %d: round %s's result is %s; expected 1 or 0", i,
                  tostring(r), type(x)), 2)
      end
    end
  end
  local n, b, c = 0, 0, 0
  for r, x in pairs(cur_rounds) do
    local y = prev_rounds[r]
    if y then
      n = n + 1
      if x > y then b = b + 1 elseif y > x then c = c + 1 end
    end
  end
  if n == 0 then return 0, 0, 0, 0, 0, 0 end
  local d = (b - c) / n
  local h = lab.Z95 * math.sqrt(math.max(0, ((b + c) / n - d * d) / n))
  return d, d - h, d + h, b, c, n
end

M.MIN_DIFFERING = 10

-- The verdict of a level against the one below from their results by round (1 or 0), and
-- the paired difference: diff, low, high, only, only_below, deals.
function M.paired_verdict(cur_rounds, prev_rounds)
  local d, lo, hi, only, only_below, both = M.paired(cur_rounds, prev_rounds)
  local v
  if both < 2 * M.MIN_ROUNDS or only + only_below < M.MIN_DIFFERING then v = "too few"
  elseif lo > 0 then v = "stronger"
  elseif hi < 0 then v = "weaker"
  else v = "not shown" end
  return v, d, lo, hi, only, only_below, both
end

function M.solo(spec, res, settings)
  local prev
  for level = res.from, res.to do
    -- the lab plays the candidate (b) alone; a is only named, and differs, so that the lab
    -- does not warn of two equal players
    local other = settings[level == res.to and level - 1 or level + 1]
    local sum = lab.sprt{game = res.game, a = other, b = settings[level], fixed = true,
                         max_games = res.games, seed = res.seed, jobs = spec.jobs or 1,
                         opening = spec.opening, max_moves = spec.max_moves,
                         game_timeout = spec.game_timeout, progress = spec.progress ~= false}
    local n = math.max(sum.games, 1)
    local p = sum.wins / n
    local cur = {level = level, games = sum.games, wins = sum.wins, draws = 0,
                 losses = sum.games - sum.wins, score = p, players = 1, time = sum.time or 0}
    local h = lab.Z95 * math.sqrt(p * (1 - p) / n)
    cur.share_low, cur.share_high = math.max(0, p - h), math.min(1, p + h)
    cur.by_round = sum.by_round or {}
    if prev then
      local v, d, lo, hi, only, only_below = M.paired_verdict(cur.by_round, prev.by_round)
      cur.below, cur.diff, cur.diff_low, cur.diff_high = prev.score, d, lo, hi
      cur.only, cur.only_below, cur.verdict = only, only_below, v
      if cur.verdict == "stronger" then res.stronger[#res.stronger + 1] = level end
      res.rows[#res.rows + 1] = cur
      if spec.on_row then spec.on_row(cur) end
    else
      res.first = cur
    end
    if sum.interrupted then res.interrupted = true; break end
    prev = cur
  end
end

-- stratagem ladder GAME ...
function M.main(...)
  local args = {...}
  local spec = {}
  local function usage(msg)
    io.stderr:write("stratagem: ladder: ", msg, "\nusage: ", M.USAGE, "\n")
    return 2
  end
  local ints = {["--games"] = "games", ["--seed"] = "seed", ["--jobs"] = "jobs",
                ["--opening"] = "opening", ["--max-moves"] = "max_moves",
                ["--game-timeout"] = "game_timeout"}
  local quiet = false
  local i = 1
  while i <= #args do
    local a, v = args[i], args[i + 1]
    if ints[a] then
      local n = math.tointeger(tonumber(v or ""))
      if not n then return usage(fmt("%s must be a whole number, got '%s'", a, tostring(v))) end
      spec[ints[a]] = n
      i = i + 1
    elseif a == "--levels" then
      local lo, hi = (v or ""):match("^(%d+)%-(%d+)$")
      if not lo then return usage(fmt("--levels must be A-B, e.g. 1-10, got '%s'", tostring(v))) end
      spec.from, spec.to = math.tointeger(tonumber(lo)), math.tointeger(tonumber(hi))
      i = i + 1
    elseif a == "--out" then
      if not v then return usage("--out needs a file name") end
      spec.out = v
      i = i + 1
    elseif a == "--quiet" then
      quiet = true
    elseif a:sub(1, 1) == "-" then
      return usage(fmt("unknown option '%s'", a))
    elseif not spec.game then
      spec.game = a
    else
      return usage(fmt("unexpected '%s'", a))
    end
    i = i + 1
  end
  if not spec.game then return usage("expected a game") end
  spec.progress = not quiet
  local header = false
  spec.on_row = function(row)
    if not header then print(row.players == 1 and M.HEADER_SOLO or M.HEADER); header = true end
    print(M.row_text(row))
    io.stdout:flush()
  end
  local ok, res = pcall(M.ladder, spec)
  if not ok then
    if tostring(res):find("interrupted!", 1, true) then error(res, 0) end
    return usage((tostring(res):gsub("^[^\n]-:%d+: ", ""):gsub("^ladder: ", "")))
  end
  local function list(t)
    return #t > 0 and table.concat(t, ", ") or "none"
  end
  local others = {}
  for _, r in ipairs(res.rows) do
    if r.verdict ~= "stronger" then others[#others + 1] = fmt("%d (%s)", r.level, r.verdict) end
  end
  print(fmt("ladder %s: stronger than the level below: %s; not: %s", res.game,
            list(res.stronger), list(others)))
  if spec.out then print(fmt("ladder: the table is in %s", spec.out)) end
  return res.interrupted and 130 or 0
end

return M
