-- stratagem.tournament: seeded games between entrants (AI settings) for any game and number
-- of players, every rotation of the seats, win rates with 95% intervals, a live progress line.
local sg = require "stratagem"

local M = {}
local fmt = string.format

-- The median of an array of numbers (nil when empty).
function M.median(xs)
  if #xs == 0 then return nil end
  local c = {}
  for i, x in ipairs(xs) do c[i] = x end
  table.sort(c)
  local m = (#c + 1) // 2
  return #c % 2 == 1 and c[m] or (c[m] + c[m + 1]) / 2
end

-- Wilson score interval for k successes in n trials, 95%.
function M.interval(k, n)
  if n == 0 then return 0, 1 end
  local z, p = 1.959964, k / n
  local d = 1 + z * z / n
  local c = (p + z * z / (2 * n)) / d
  local h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  return math.max(0, c - h), math.min(1, c + h)
end

local ENTRANT_KEYS = {name = true, search = true, weights = true}
local KEYS = {game = true, entrants = true, games = true, seed = true, options = true,
              progress = true, max_moves = true, opening = true, lineup = true, plot = true}

local function check(spec)
  if type(spec) ~= "table" then error("tournament: expected a table of settings", 3) end
  for k in pairs(spec) do
    if not KEYS[k] then
      error(fmt("tournament: unknown setting '%s' (valid: entrants, game, games, lineup, " ..
                "max_moves, opening, options, plot, progress, seed)", tostring(k)), 3)
    end
  end
  if type(spec.game) ~= "string" then error("tournament: game must be a game name", 3) end
  if spec.plot ~= nil and type(spec.plot) ~= "string" then
    error("tournament: plot must be the name of an SVG file to write, got " .. type(spec.plot), 3)
  end
  if type(spec.entrants) ~= "table" or #spec.entrants < 2 then
    error("tournament: entrants must be an array of at least two {name =, search =}", 3)
  end
  for i, e in ipairs(spec.entrants) do
    if type(e) ~= "table" or type(e.name) ~= "string" or type(e.search) ~= "table" then
      error(fmt("tournament: entrants[%d] must be {name = string, search = table}", i), 3)
    end
    for k in pairs(e) do
      if not ENTRANT_KEYS[k] then
        error(fmt("tournament: entrants[%d]: unknown key '%s' (valid: name, search, weights)", i, tostring(k)), 3)
      end
    end
    if e.weights ~= nil and type(e.weights) ~= "table" then
      error(fmt("tournament: entrants[%d]: weights must be a table of evaluation weights", i), 3)
    end
  end
  if spec.games ~= nil and (math.type(spec.games) ~= "integer" or spec.games < 1) then
    error("tournament: games must be a whole number, 1 or more", 3)
  end
  if spec.opening ~= nil and (math.type(spec.opening) ~= "integer" or spec.opening < 0) then
    error("tournament: opening must be a whole number of random moves, 0 or more", 3)
  end
end

-- The seats of a lineup are checked against the game's: an array with an entrant index for
-- every seat, every entrant seated.
local function check_lineup(lineup, seats, ne)
  if type(lineup) ~= "table" or #lineup ~= seats then
    error(fmt("tournament: lineup must be an array of %d entrant indices, one per seat", seats), 3)
  end
  local seen = {}
  for i, e in ipairs(lineup) do
    if math.type(e) ~= "integer" or e < 1 or e > ne then
      error(fmt("tournament: lineup[%d] must be an entrant index from 1 to %d", i, ne), 3)
    end
    seen[e] = true
  end
  for e = 1, ne do
    if not seen[e] then error(fmt("tournament: lineup gives entrant %d no seat", e), 3) end
  end
end

-- Play one game; lineup[seat] is an entrant index.  Returns the status, the winner's seat or
-- nil, the ranking of seats (for a draw), and the number of moves, and the game.  When times
-- is given, the time of each search is appended to times[entrant].
function M.play_game(game, options, entrants, lineup, seed, max_moves, opening, times)
  local opts = {}
  for k, v in pairs(options or {}) do opts[k] = v end
  opts.seed = seed
  local g = assert(sg.new(game, opts))
  local moves = 0
  -- a seeded random opening, the same for every rotation of the seats of one round
  for i = 1, opening or 0 do
    if g:status() ~= "playing" then break end
    g:play(sg.search(g, {algo = "random", seed = seed * 7919 + i}).move)
  end
  while g:status() == "playing" and moves < (max_moves or math.huge) do
    local e = entrants[lineup[g:player()]]
    local s = {}
    for k, v in pairs(e.search) do s[k] = v end
    s.seed = seed * 1000003 + g:ply()
    local sg_game = g
    if e.weights then   -- the entrant's own evaluation, on a copy of the game
      sg_game = g:copy()
      sg_game:set_weights(e.weights)
    end
    local r = sg.search(sg_game, s)
    if times and r.time then
      local list = times[lineup[g:player()]]
      list[#list + 1] = r.time
    end
    for _, m in ipairs(r.moves or {r.move}) do
      g:play(m)
      moves = moves + 1
    end
  end
  local status, winner, ranking = g:status()
  if status == "playing" then   -- stopped by max_moves: rank by score
    ranking = {}
    local sc = g:scores()
    for p = 1, g:players() do ranking[p] = p end
    table.sort(ranking, function(a, b) return sc[a] > sc[b] or (sc[a] == sc[b] and a < b) end)
  end
  return status, winner, ranking, moves, g
end

-- Run a tournament.  spec: game, entrants = {{name =, search = {...}, weights = {...}}, ...}
-- (weights: the entrant's own evaluation weights), games (default 100), seed (default 1),
-- options (sg.new options but the seed), progress (default true: a live line on standard
-- error), max_moves, opening (random moves played first, the same in every rotation of a
-- round, so that deterministic players meet in varied positions).  Each round plays the same
-- start (seed) with every rotation of the seats; an entrant holds several seats when there
-- are more seats than entrants.  "first" counts games won outright, or led in the ranking of a drawn game.
function M.run(spec)
  check(spec)
  local n = spec.games or 100
  local probe = assert(sg.new(spec.game, spec.options))
  local seats = probe:players()
  local ne = #spec.entrants
  local base = {}
  for s = 1, seats do base[s] = (s - 1) % ne + 1 end
  if spec.lineup ~= nil then
    check_lineup(spec.lineup, seats, ne)
    base = spec.lineup
  end
  local res = {game = spec.game, games = 0, drawn = 0, entrants = {}, seats = seats, rounds = {}, lengths = {}}
  local times = {}
  for i = 1, ne do times[i] = {} end
  for i, e in ipairs(spec.entrants) do
    res.entrants[i] = {name = e.name, first = 0, won = 0, seats = 0, score_rank = 0}
  end
  local progress = spec.progress ~= false
  local t0 = sg.clock()
  for gi = 1, n do
    local rot = (gi - 1) % seats
    local seed = (spec.seed or 1) + (gi - 1) // seats
    local lineup = {}
    for s = 1, seats do lineup[s] = base[(s - 1 + rot) % seats + 1] end
    local status, winner, ranking, _, g = M.play_game(spec.game, spec.options, spec.entrants,
                                                      lineup, seed, spec.max_moves,
                                                      spec.opening, times)
    res.games = res.games + 1
    res.lengths[#res.lengths + 1] = g.turn and g:turn() or g:ply()
    res.length_unit = g.turn and "full turns" or "moves"
    local firstseat = winner or (ranking and ranking[1])
    if status ~= "won" then res.drawn = res.drawn + 1 end
    if winner then res.entrants[lineup[winner]].won = res.entrants[lineup[winner]].won + 1 end
    if firstseat then res.entrants[lineup[firstseat]].first = res.entrants[lineup[firstseat]].first + 1 end
    for s = 1, seats do res.entrants[lineup[s]].seats = res.entrants[lineup[s]].seats + 1 end
    if progress then
      local parts = {}
      for _, e in ipairs(res.entrants) do
        parts[#parts + 1] = fmt("%s %d (%.0f%%)", e.name, e.first, 100 * e.first / res.games)
      end
      io.stderr:write(fmt("\r[%d/%d] %s  drawn %d  %.0f s%s ", res.games, n,
                          table.concat(parts, "  "), res.drawn, sg.clock() - t0,
                          require("stratagem.match").time_left(sg.clock() - t0, res.games, n)))
      io.stderr:flush()
    end
  end
  if progress then io.stderr:write("\n") end
  res.time = sg.clock() - t0
  res.decided = res.games - res.drawn
  res.decided_low, res.decided_high = M.interval(res.decided, res.games)
  res.median_length = M.median(res.lengths)
  for i, e in ipairs(res.entrants) do
    e.time_median, e.time_max = M.median(times[i]), 0
    for _, x in ipairs(times[i]) do e.time_max = math.max(e.time_max, x) end
    e.rate = e.first / res.games
    e.low, e.high = M.interval(e.first, res.games)
    e.won_rate = e.won / res.games
    e.won_low, e.won_high = M.interval(e.won, res.games)
    e.expected = e.seats / (res.games * seats)   -- the share of first places by seats alone
  end
  if spec.plot then
    local ok, err = sg.data.write_file(spec.plot, M.svg(res))
    if not ok then error("tournament: plot: " .. tostring(err), 2) end
  end
  return res
end

-- The share of first places of each entrant with its 95% interval, as an SVG bar chart, the
-- equal-strength share marked.
function M.svg(res)
  local bars = {}
  for _, e in ipairs(res.entrants) do
    bars[#bars + 1] = {name = e.name, value = e.rate, lo = e.low, hi = e.high}
  end
  local eq = res.entrants[1] and res.entrants[1].expected
  return require("stratagem.plot").bars{
    title = fmt("%s: first places of %d games (95%% intervals)", res.game or "tournament", res.games),
    ylabel = "share of first places", bars = bars,
    hline = eq and {y = eq, name = fmt("equal strength %.0f%%", 100 * eq)} or nil}
end

-- An experiment script's whole work: spec.args is the script's arg table ([GAMES] and flags);
-- spec.flags maps a flag to {label =, options =} (sg.new options for that variant); the rest
-- of spec goes to M.run.  Prints the report.
function M.experiment(spec)
  local games, label, options = 200, spec.label or "default rules", spec.options or {}
  for _, a in ipairs(spec.args or {}) do
    local f = spec.flags and spec.flags[a]
    if f then
      label, options = f.label, f.options
    elseif math.tointeger(tonumber(a)) then
      games = math.tointeger(tonumber(a))
    else
      error("experiment: unknown argument '" .. tostring(a) .. "' (expected a number of games" ..
            " or one of the flags)", 2)
    end
  end
  local res = M.run{game = spec.game, games = games, seed = spec.seed or 1, options = options,
                    entrants = spec.entrants, opening = spec.opening, lineup = spec.lineup}
  print(M.report(res, spec.name .. ": " .. label))
  return res
end

-- The results as a Markdown table.
function M.report(res, title)
  local out = {}
  if title then out[#out + 1] = "### " .. title .. "\n" end
  out[#out + 1] = "| entrant | first places | rate (95% interval) | won outright | rate (95% interval) | equal-strength share | time per move: median, max |"
  out[#out + 1] = "|---|---|---|---|---|---|---|"
  for _, e in ipairs(res.entrants) do
    out[#out + 1] = fmt("| %s | %d of %d | %.1f%% (%.1f-%.1f%%) | %d | %.1f%% (%.1f-%.1f%%) | %.1f%% | %s |",
                        e.name, e.first, res.games, 100 * e.rate, 100 * e.low, 100 * e.high,
                        e.won, 100 * e.won_rate, 100 * e.won_low, 100 * e.won_high,
                        100 * e.expected, e.time_median and
                          fmt("%.1f ms, %.0f ms", 1e3 * e.time_median, 1e3 * e.time_max) or "-")
  end
  out[#out + 1] = fmt("\n%d games (%d seats each, every rotation), %d drawn; %.1f s. First " ..
                      "places: the game won, or the top score of a drawn " ..
                      "game.", res.games, res.seats, res.drawn, res.time)
  if res.median_length then
    out[#out + 1] = fmt("Decided (won outright): %d of %d, %.1f%% (%.1f-%.1f%%); median length " ..
                        "%s %s.", res.decided, res.games, 100 * res.decided / res.games,
                        100 * res.decided_low, 100 * res.decided_high,
                        fmt("%g", res.median_length), res.length_unit)
  end
  return table.concat(out, "\n")
end

return M
