-- stratagem.bench: benchmarks that print their figures (never timed assertions).
-- Each game that has a benchmark adds a function to `benches`; times are medians of runs.
local sg = require "stratagem"

local M = {}
local fmt = string.format

local function median(xs)
  table.sort(xs)
  local n = #xs
  if n % 2 == 1 then return xs[(n + 1) // 2] end
  return (xs[n // 2] + xs[n // 2 + 1]) / 2
end

-- Run f `runs` times; the median time and f's last result.
local function timed(runs, f)
  local ts, r = {}, nil
  for i = 1, runs do
    local t0 = sg.clock()
    r = f(i)
    ts[i] = sg.clock() - t0
  end
  return median(ts), r
end
M.timed = timed
M.median = median

local benches = {}
M.benches = benches

function benches.tictactoe(out)
  local g = sg.new("tictactoe")
  local runs = 7
  local t, leaves = timed(runs, function() return g:perft(9) end)
  -- every node visited on the way: the sum of perft(1..9)
  local nodes = 0
  for d = 1, 9 do nodes = nodes + g:perft(d) end
  out(fmt("tictactoe perft 9          %9d leaves  %8.2f ms  %6.2f M leaves/s  %6.2f M nodes/s",
          leaves, t * 1e3, leaves / t / 1e6, nodes / t / 1e6))
  for _, v in ipairs({{"solve (alpha-beta, table)", {}},
                      {"solve, no table", {hash = 0}},
                      {"solve, symmetry", {symmetry = true}}}) do
    local r
    t, r = timed(runs, function(i)
      local o = {seed = i}
      for k, x in pairs(v[2]) do o[k] = x end
      return sg.search(g, o)
    end)
    out(fmt("tictactoe %-25s score %d, depth %d, %6d nodes  %8.2f ms  %6.2f M nodes/s", v[1],
            r.score, r.depth, r.nodes, t * 1e3, r.nodes / t / 1e6))
  end
end

-- The same game written in Lua (stratagem/games/defined/tictactoe_lua.lua, sg.define) beside the C
-- one: perft and searches in nodes per second, and the Lua version's rate as a share of C's
-- (doc/new-game.md quotes them).
function benches.tictactoe_lua(out)
  local function rates(name, runs)
    local g = sg.new(name)
    local nodes = 0
    for d = 1, 9 do nodes = nodes + g:perft(d) end
    local t = timed(runs, function() return g:perft(9) end)
    local res = {perft = nodes / t}
    local r
    t, r = timed(runs, function(i) return sg.search(g, {seed = i, hash = 1, symmetry = false}) end)
    res.solve, res.solve_nodes = r.nodes / t, r.nodes
    t, r = timed(runs, function(i) return sg.search(g, {algo = "mcts", iterations = 2000, seed = i}) end)
    res.mcts = r.nodes / t
    return res
  end
  local c, l = rates("tictactoe", 5), rates("tictactoe_lua", 3)
  for _, v in ipairs({{"perft 9 (every node)", "perft"}, {"solve (alpha-beta)", "solve"},
                      {"mcts 2000 iterations", "mcts"}}) do
    out(fmt("tictactoe_lua %-22s %9.0f nodes/s   C tictactoe %11.0f nodes/s   Lua/C %6.4f",
            v[1], l[v[2]], c[v[2]], l[v[2]] / c[v[2]]))
  end
end

function benches.starchess(out)
  -- random playouts in C: every command is a move generation, a random pick (a kind of
  -- command, then one of that kind) and a copy-made state change
  local rates, total, games = {}, 0, 21
  for seed = 1, games do
    local r = sg.playout(sg.new("starchess", {seed = seed}), {seed = seed})
    rates[#rates + 1] = r.moves / r.time
    total = total + r.moves
  end
  out(fmt("starchess random playouts  %d games to the end (%d turns), %d commands, " ..
          "median %.2f M commands/s", games, sg.defaults("starchess").rules.max_turns, total,
          median(rates) / 1e6))
  local g = sg.new("starchess", {seed = 1})
  local t, n = timed(7, function() return g:perft(3) end)
  out(fmt("starchess perft 3          %9d leaves  %8.2f ms  %6.2f M leaves/s", n, t * 1e3,
          n / t / 1e6))
  M.starchess_predict(out)
  M.starchess_games(out)
end

-- Midgame positions, the same on every machine: from games of the paper's AI (turns = 3) on
-- the default rules, per seed the position of full turns 20 to 60 where the player to move
-- has the most requests.
function M.starchess_positions()
  local ps = {}
  for seed = 1, 5 do
    local g = sg.new("starchess", {seed = seed})
    local best, most = nil, -1
    while g:status() == "playing" and g:turn() <= 60 do
      if g:turn() >= 20 then
        local n = #sg.starchess.requests(g)
        if n > most then best, most = g:copy(), n end
      end
      for _, c in ipairs(sg.search(g).moves) do g:play(c) end
    end
    if best then ps[#ps + 1] = best end
  end
  return ps
end

-- One line of the predictor table: each position searched with opts.
local function predict_line(out, label, ps, opts)
  local times, gen, ev, tt, most = {}, 0, 0, 0, 0
  for _, g in ipairs(ps) do
    local r = sg.search(g, opts)
    times[#times + 1] = r.time
    gen, ev, tt, most = gen + r.generated, ev + r.evaluated, tt + r.time, math.max(most, r.time)
  end
  out(fmt("  %-22s median %8.2f ms, max %8.2f ms per AI turn   generated %8d  evaluated " ..
          "%7d   %5.2f M generated/s", label, median(times) * 1e3, most * 1e3, gen // #ps,
          ev // #ps, gen / math.max(tt, 1e-9) / 1e6))
end

function M.starchess_predict(out)
  local ps = M.starchess_positions()
  local masks = {}
  for _, g in ipairs(ps) do
    local k = #sg.starchess.requests(g)
    masks[#masks + 1] = 1 + k + k * (k - 1) // 2
  end
  out(fmt("starchess predictor on %d midgame positions (root masks %s; prune = true, one " ..
          "thread; generated and evaluated are means):", #ps, table.concat(masks, ", ")))
  for turns = 0, 3 do
    predict_line(out, fmt("turns = %d", turns), ps, {turns = turns})
  end
  predict_line(out, "turns = 3, dedupe off", ps, {turns = 3, dedupe = false})
  predict_line(out, "turns = 4", ps, {turns = 4})
  predict_line(out, "strong (algo)", ps, {algo = "strong"})
  M.starchess_threads(out, ps)
end

-- The load average over the last minute (nil where /proc is missing): a speed-up measured
-- beside other work says little, and the line says so (from a load of 1: a core taken).
local function loadavg()
  local f = io.open("/proc/loadavg")
  if not f then return nil end
  local l = tonumber(f:read("a"):match("^(%S+)"))
  f:close()
  return l
end
M.loadavg = loadavg

-- Two threads against one on the predictor, over enough work to mean something: every
-- position searched at turns = 4 (dedupe on) and turns = 3 (dedupe off), a round being the
-- five positions on one thread and on two, the order swapped every round (interleaved, so a
-- change in the machine's load falls on both); the speed-up per round is the ratio of the
-- rounds' total times, and the line gives their median, lowest and highest.
function M.starchess_threads(out, ps, rounds)
  rounds = rounds or 5
  local before = loadavg()
  for _, cfg in ipairs({{turns = 4, dedupe = true}, {turns = 3, dedupe = false}}) do
    local ratios, same, work = {}, true, {}
    for round = 1, rounds do
      local tm, res = {}, {}
      for _, n in ipairs(round % 2 == 1 and {1, 2} or {2, 1}) do
        local total = 0
        res[n] = {}
        for i, g in ipairs(ps) do
          local r = sg.search(g, {turns = cfg.turns, dedupe = cfg.dedupe, threads = n})
          total = total + r.time
          res[n][i] = table.concat(r.moves, ";") .. "/" .. r.generated
        end
        tm[n] = total
      end
      ratios[round] = tm[1] / math.max(tm[2], 1e-9)
      work[round] = tm[1]
      for i = 1, #ps do same = same and res[1][i] == res[2][i] end
    end
    local lo, hi = math.huge, 0
    for _, x in ipairs(ratios) do lo, hi = math.min(lo, x), math.max(hi, x) end
    out(fmt("  turns = %d, dedupe %-3s on 2 threads: median speed-up %.2fx (%.2f to %.2f) over " ..
            "%d interleaved rounds of %.0f ms on one thread, results %s", cfg.turns,
            cfg.dedupe and "on" or "off", median(ratios), lo, hi, rounds, median(work) * 1e3,
            same and "identical to one thread" or "DIFFERENT from one thread"))
  end
  -- (the load after would count this benchmark's own threads: the one before tells)
  if before then
    out(fmt("  (load average %.2f before%s)", before,
            before >= 1 and ": other work was running, the speed-up is not that of a quiet machine"
            or ""))
  end
end

-- AI turns as players meet them: whole seeded games on the default rules, the time of every
-- AI turn.  Four paper players (turns = 3); then the stronger player in seat 1 against three.
function M.starchess_games(out)
  local T = require "stratagem.tournament"
  local function games(label, lineup, seeds)
    local ents = {{name = "paper", search = {}}, {name = "strong", search = {algo = "strong"}}}
    local times = {{}, {}}
    local turns, t0 = 0, sg.clock()
    for seed = 1, seeds do
      local _, _, _, _, g = T.play_game("starchess", nil, ents, lineup, seed, nil, 0, times)
      turns = turns + g:turn()
    end
    local dt = sg.clock() - t0
    for i, name in ipairs({"paper", "strong"}) do
      local ts = times[i]
      if #ts > 0 then
        local most = 0
        for _, x in ipairs(ts) do most = math.max(most, x) end
        out(fmt("  %-34s %-6s %5d AI turns: median %7.2f ms, max %8.2f ms", label, name, #ts,
                T.median(ts) * 1e3, most * 1e3))
      end
    end
    out(fmt("  %-34s %d games, %d full turns in all, %.1f s", "", seeds, turns, dt))
  end
  out("starchess AI turns in whole games (default rules, seeds 1-3, one thread):")
  games("four paper players (turns 3)", {1, 1, 1, 1}, 3)
  games("strong in seat 1, three paper", {2, 1, 1, 1}, 3)
end

-- Positions reached by seeded random play: the same on every machine.
local function random_positions(game, count, plies)
  local ps = {}
  for seed = 1, count do
    local g = sg.new(game, {seed = seed})
    for i = 1, plies do
      if g:status() ~= "playing" then break end
      g:play(sg.search(g, {algo = "random", seed = seed * 1000 + i}).move)
    end
    if g:status() == "playing" then ps[#ps + 1] = g end
  end
  return ps
end
M.random_positions = random_positions

-- Alpha-beta at a fixed depth on each position: median nodes per second and the totals.
-- The chess bench positions as games.
function M.chess_games()
  local ps = {}
  for _, fen in ipairs(M.chess_positions) do ps[#ps + 1] = assert(sg.new("chess", {position = fen})) end
  return ps
end

-- Time to a fixed depth on 1 and 2 threads (lazy SMP: threads sharing the table), the totals
-- over the positions, and the ratio; the chosen moves may differ with 2 threads.
function M.threads_line(out, label, ps, opts)
  local t = {}
  for _, n in ipairs({1, 2}) do
    local o = {threads = n}
    for k, v in pairs(opts) do o[k] = v end
    local time, nodes = 0, 0
    for _, g in ipairs(ps) do
      local r = sg.search(g, o)
      time, nodes = time + r.time, nodes + r.nodes
    end
    t[n] = time
    out(fmt("%-26s %d positions, %d thread%s %9d nodes  %8.2f ms", label, #ps, n,
            n == 1 and " " or "s", nodes, time * 1e3))
  end
  out(fmt("%-26s time to depth on 2 threads: %.2fx faster", label, t[1] / math.max(t[2], 1e-9)))
end

-- The shared alpha-beta against itself with its enhancements off (principal variation search,
-- aspiration, killers, history, late move reductions, null move: plain alpha-beta with the
-- table, quiescence kept), at one depth.
function M.plain_line(out, label, ps, opts)
  local res = {}
  for i, off in ipairs({false, true}) do
    local o = {}
    for k, v in pairs(opts) do o[k] = v end
    if off then   -- those of the parts the game's alpha-beta takes
      local takes = {}
      for _, k in ipairs(sg.search_options(ps[1]:game(), "alphabeta")) do takes[k] = true end
      for _, k in ipairs({"pvs", "aspiration", "killers", "history", "lmr", "null_move", "probcut"}) do
        if takes[k] then o[k] = false end
      end
    end
    local time, nodes = 0, 0
    for _, g in ipairs(ps) do
      local r = sg.search(g, o)
      time, nodes = time + r.time, nodes + r.nodes
    end
    res[i] = {time, nodes}
  end
  out(fmt("%-26s enhancements on %9d nodes %8.2f ms, off %9d nodes %8.2f ms: %.1fx fewer nodes",
          label, res[1][2], res[1][1] * 1e3, res[2][2], res[2][1] * 1e3,
          res[2][2] / math.max(res[1][2], 1)))
end

local function search_rate(out, label, ps, opts)
  local rates, nodes, time = {}, 0, 0
  for _, g in ipairs(ps) do
    local r = sg.search(g, opts)
    rates[#rates + 1] = r.nodes / math.max(r.time, 1e-9)
    nodes, time = nodes + r.nodes, time + r.time
  end
  out(fmt("%-26s %d positions, %9d nodes  %8.2f ms  median %6.2f M nodes/s", label, #ps, nodes,
          time * 1e3, median(rates) / 1e6))
end
M.search_rate = search_rate

function benches.othello(out)
  local g = sg.new("othello")
  -- the reference counts of ../shared/rules/classic.md
  local ref = {[9] = 3005288, [10] = 24571284, [11] = 212258800}
  for _, d in ipairs({9, 10, 11}) do
    local t, n = timed(d < 11 and 3 or 1, function() return g:perft(d) end)
    out(fmt("othello perft %-2d           %9d leaves  %8.2f ms  %6.2f M leaves/s  %s", d, n,
            t * 1e3, n / t / 1e6, n == ref[d] and "(= reference)" or "(REFERENCE " .. ref[d] .. ")"))
  end
  search_rate(out, "othello alpha-beta depth 8", {g}, {depth = 8, endgame = 0})
  search_rate(out, "othello midgame depth 7", random_positions("othello", 8, 20),
              {depth = 7, endgame = 0})
  local mid = random_positions("othello", 8, 20)
  M.threads_line(out, "othello midgame depth 11", mid, {depth = 11, endgame = 0, hash = 16})
  M.plain_line(out, "othello midgame depth 7", mid, {depth = 7, endgame = 0})
  M.othello_endgame(out)
end

-- Fixed positions with 20 empty squares (from seeded play: alpha-beta depth 4, random 5), the
-- exact solver on each, and the shared alpha-beta run to the end on the first (the others
-- take it minutes).
M.othello_20 = {
  "..b.w.../b.bw..../bbwbw.b./bbbwbwww/bbbbbbww/bbbwbwww/b.bbw.../.bbbbw.. b",
  "..ww..../..ww...b/..wwwwbb/wwwwwbbb/wwbwbwbb/wwwbwwbb/..bwbw.b/.bbb.w.. b",
  ".wwwww../b.wbww../bbwwwb../bwbwwb../bbwwwwbw/bbbwbbww/b..bww.w/....w... b",
  ".bbb.w../..wwbw../.wwwwbww/.wbbwbb./w.bbwwbb/.wbbbwwb/..wbbb.b/..w.bbb. b",
  "..bbbb../..bbbw../bbbbbb../wbbbwbb./wwwwwwb./bbwbbwwb/..bbww../..b.www. b",
}

function M.othello_endgame(out)
  local times = {}
  for i, pos in ipairs(M.othello_20) do
    local g = assert(sg.new("othello", {position = pos}))
    local r = sg.search(g, {algo = "solve", hash = 64})
    times[#times + 1] = r.time
    out(fmt("othello solve, 20 empties #%d  %s %+3d  %9d nodes  %8.2f ms  %6.2f M nodes/s", i,
            r.move, r.margin, r.nodes, r.time * 1e3, r.nodes / r.time / 1e6))
  end
  local g = assert(sg.new("othello", {position = M.othello_20[1]}))
  local w = sg.search(g, {algo = "solve", wld = true, hash = 64})
  out(fmt("othello solve wld, #1          %s %-4s %9d nodes  %8.2f ms", w.move, w.outcome, w.nodes,
          w.time * 1e3))
  local a = sg.search(g, {endgame = 0, depth = 0, hash = 64})
  out(fmt("othello shared alpha-beta, #1  %s %+3d  %9d nodes  %8.2f ms  (the solver: %.0fx faster)",
          a.move, a.margin or 0, a.nodes, a.time * 1e3, a.time / times[1]))
  out(fmt("othello solve, 20 empties: median %.2f ms over %d positions", median(times) * 1e3,
          #times))
end

-- FFO endgame test positions #40-#59 with their exact results, from Gunnar Andersson's FFO
-- test suite (http://www.radagast.se/othello/ffotest.html; t/data/othello-ffo.txt holds the
-- same for the tests): number, the board from a1 to h8 row by row (X black, O white, - empty),
-- the side to move, the final disc margin for it with best play, the moves that reach it.
M.othello_ffo = {
  {40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------", "X", 38, "a2"},
  {41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O-", "X", 0, "h4"},
  {42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO--", "X", 6, "g2"},
  {43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX-", "O", -12, "g3,c7"},
  {44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX--", "O", -14, "d2,b8"},
  {45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO--", "X", 6, "b2"},
  {46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O-", "X", -8, "b3"},
  {47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX--", "O", 4, "g2"},
  {48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX-", "O", 28, "f6"},
  {49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O---", "X", 16, "e1"},
  {50, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O--", "X", 10, "d8"},
  {51, "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO--", "O", 6, "e2,a3"},
  {52, "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X--------", "O", 0, "a3"},
  {53, "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X--", "X", -2, "d8"},
  {54, "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O----", "X", -2, "c7"},
  {55, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO---", "O", 0,
   "g6,b7,e2,g4"},
  {56, "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX----------", "O", 2, "h5"},
  {57, "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO--", "X", -10, "a6"},
  {58, "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX----------", "X", 4, "g1"},
  {59, "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X", "X", 64, "h4,g8,e8"},
}

-- Published node counts of other solvers on FFO #40-#49, one thread, for the table below.
-- Only totals: these are the figures issue #31 quotes from Edax 4.5.5's published benchmark
-- (its documentation's fforum-40-59 run, #40-#49 part) and from Egaroucid 7.8.0's benchmark
-- page; per-position counts of either were not found to cite, so none are printed.
M.othello_ffo_published = {
  {name = "Edax 4.5.5", nodes = 1142609308, approx = false},
  {name = "Egaroucid 7.8.0", nodes = 680000000, approx = true},
}

-- FFO #lo-#hi solved one at a time on `threads` threads (default 1) with a table of `hash`
-- MB (default 64): each position's nodes, time and rate, the load average before it, and the
-- totals beside the published ones (the ratio is our nodes over theirs; #40-#49 on one thread
-- only).  Returns the total nodes and time.
function M.othello_ffo_table(out, lo, hi, threads, hash)
  lo, hi, threads, hash = lo or 40, hi or 49, threads or 1, hash or 64
  out(fmt("othello solve, FFO #%s, %d thread%s, %d MB table (published counts: the totals of " ..
          "#40-#49 on one thread only):", lo == hi and lo or lo .. "-#" .. hi, threads,
          threads > 1 and "s" or "", hash))
  out(fmt("  %-8s %7s %14s %9s %9s %16s %16s %7s", "position", "empties", "our nodes",
          "our time", "M nodes/s", "Edax 4.5.5", "Egaroucid 7.8.0", "ratio"))
  local nodes, time = 0, 0
  for _, f in ipairs(M.othello_ffo) do
    if f[1] >= lo and f[1] <= hi then
      local g = assert(sg.new("othello", {position = M.ffo_position(f[2], f[3])}))
      local load = loadavg()
      local r = sg.search(g, {algo = "solve", hash = hash, threads = threads})
      local known = r.margin == f[4] and f[5]:find(r.move, 1, true)
      nodes, time = nodes + r.nodes, time + r.time
      out(fmt("  #%-7d %7d %14d %8.2fs %9.2f %16s %16s %7s  %s %+d %s%s", f[1], r.depth, r.nodes,
              r.time, r.nodes / r.time / 1e6, "-", "-", "-", r.move, r.margin,
              known and "(= FFO)" or fmt("(FFO: %s %+d)", f[5], f[4]),
              load and fmt("  load %.2f", load) or ""))
    end
  end
  local pub = M.othello_ffo_published
  local whole = lo == 40 and hi == 49 and threads == 1
  out(fmt("  %-8s %7s %14d %8.2fs %9.2f %16s %16s %7s", "total", "", nodes, time,
          nodes / time / 1e6, whole and tostring(pub[1].nodes) or "-",
          whole and "about " .. tostring(pub[2].nodes) or "-",
          whole and fmt("%.2fx", nodes / pub[1].nodes) or "-"))
  if whole then
    out(fmt("  our nodes against Egaroucid's: %.2fx (its count is approximate)",
            nodes / pub[2].nodes))
  end
  return nodes, time
end

-- An FFO board and side to move in stratagem's Othello position notation.
function M.ffo_position(board, side)
  local b = board:gsub("X", "b"):gsub("O", "w"):gsub("-", ".")
  local rows = {}
  for r = 0, 7 do rows[#rows + 1] = b:sub(r * 8 + 1, r * 8 + 8) end
  return table.concat(rows, "/") .. " " .. (side == "X" and "b" or "w")
end

-- The exact solver on FFO #40-#44, once each on 1 and on 2 threads (64 MB table): time to
-- solve, nodes, nodes per second, the speed-up, and the margin against the known one.  The
-- process's CPU time is printed too: on a machine where other work takes a core, the wall
-- time of 2 threads says little, while the CPU time shows what the threads did (every thread
-- searches until the first has its answer).
benches["othello-ffo"] = function(out)
  local range = M.ffo_range
  if range then
    return M.othello_ffo_table(out, range.lo, range.hi, range.threads, range.hash)
  end
  out("othello solve, FFO endgame positions #40-#44, 64 MB table, one run each:")
  local sum, cpu, nodes = {0, 0}, {0, 0}, {0, 0}
  for _, f in ipairs({table.unpack(M.othello_ffo, 1, 5)}) do
    local g = assert(sg.new("othello", {position = M.ffo_position(f[2], f[3])}))
    local rs = {}
    for i, th in ipairs({1, 2}) do
      local c0 = os.clock()
      local r = sg.search(g, {algo = "solve", hash = 64, threads = th})
      local c = os.clock() - c0
      rs[i], sum[i], cpu[i], nodes[i] = r, sum[i] + r.time, cpu[i] + c, nodes[i] + r.nodes
      local known = r.margin == f[4] and f[5]:find(r.move, 1, true)
      out(fmt("  #%d  %d empties  %d thread%s  %s %+3d %-11s %10d nodes  %7.2f s (cpu %6.2f s)" ..
              "  %6.2f M nodes/s", f[1], r.depth, th, th > 1 and "s" or " ", r.move, r.margin,
              known and "(= FFO)" or fmt("(FFO: %s %+d)", f[5], f[4]), r.nodes, r.time, c,
              r.nodes / r.time / 1e6))
    end
    out(fmt("  #%d  speed-up on 2 threads %.2fx", f[1], rs[1].time / rs[2].time))
  end
  out(fmt("othello solve FFO #40-#44: 1 thread %.2f s, 2 threads %.2f s, speed-up %.2fx",
          sum[1], sum[2], sum[1] / sum[2]))
  out(fmt("  2 threads: %.2fx the nodes of 1, %.2fx its CPU time (with 2 free cores the " ..
          "speed-up would be about %.2fx)", nodes[2] / nodes[1], cpu[2] / cpu[1],
          2 * cpu[1] / cpu[2]))
  M.othello_ffo_table(out, 40, 49)
end

function benches.draughts(out)
  local g = sg.new("draughts")
  -- the reference counts of ../shared/rules/classic.md (compulsory capture)
  local ref = {[8] = 845931, [9] = 3963680, [10] = 18391564}
  for _, d in ipairs({8, 9, 10}) do
    local t, n = timed(3, function() return g:perft(d) end)
    out(fmt("draughts perft %-2d          %9d leaves  %8.2f ms  %6.2f M leaves/s  %s", d, n,
            t * 1e3, n / t / 1e6, n == ref[d] and "(= reference)" or "(REFERENCE " .. ref[d] .. ")"))
  end
  search_rate(out, "draughts alpha-beta d 12", {g}, {depth = 12})
  search_rate(out, "draughts midgame depth 10", random_positions("draughts", 8, 16), {depth = 10})
  M.plain_line(out, "draughts midgame depth 10", random_positions("draughts", 8, 16),
               {depth = 10})
  local huff = {}
  for seed = 1, 8 do
    local h = sg.new("draughts", {seed = seed, variant = {capture = "huff"}})
    for i = 1, 16 do
      if h:status() ~= "playing" then break end
      h:play(sg.search(h, {algo = "random", seed = seed * 1000 + i}).move)
    end
    if h:status() == "playing" then huff[#huff + 1] = h end
  end
  search_rate(out, "draughts huff depth 6", huff, {depth = 6})
end

function benches.chexers(out)
  local g = sg.new("chexers")
  -- the reference counts of ../shared/rules/chexers.md reach depth 5; deeper counts are
  -- printed for speed only
  local ref = {[5] = 89752}
  for _, d in ipairs({5, 6, 7}) do
    local t, n = timed(d < 7 and 3 or 1, function() return g:perft(d) end)
    out(fmt("chexers perft %d            %10d leaves  %8.2f ms  %6.2f M leaves/s  %s", d, n,
            t * 1e3, n / t / 1e6, ref[d] and (n == ref[d] and "(= reference)" or
            "(REFERENCE " .. ref[d] .. ")") or ""))
  end
  -- a fixed middle-game position: 30 seeded random actions from the start
  local mid = random_positions("chexers", 1, 30)[1]
  out("chexers searches, 1 s each from the position " .. mid:position():gsub("|history.*", ""))
  for _, a in ipairs({"maxn", "paranoid", "brs", "mcts"}) do
    for _, prune in ipairs({false, true}) do
      local r = sg.search(mid, {algo = a, depth = a ~= "mcts" and 0 or nil, time = 1,
                                prune_actions = prune})   -- MCTS takes no depth
      out(fmt("  %-8s %-14s depth %2d  %9d nodes  %6.2f M nodes/s%s  plays %s", a,
              prune and "prune_actions" or "all actions", r.depth, r.nodes,
              r.nodes / r.time / 1e6, r.iterations and fmt("  %d iterations", r.iterations) or "",
              r.move))
    end
  end
end

-- War chess: the single-turn enumeration (Algorithms 2 and 5) against the exact planner on
-- the Table 2 set-ups (../shared/rules/warchess.md: one side, no enemies), then the planner on
-- the "Fire Emblem" case (5 units a side, MP 5, an open 30x30 board), the armies some rows
-- apart.
local function warchess_game(units, width)
  return assert(sg.new("warchess", {scenario = {board = {width = width, height = width},
                                                units = units}}))
end

function benches.warchess(out)
  local dx, dy = {6, 16, 26, 6}, {6, 6, 6, 16}
  local cx, cy = {16, 17, 16, 17}, {16, 16, 17, 17}
  out("warchess Table 2 (one side, no enemies): ops1, time and ops1/s of Algorithms 2 and 5; "
      .. "the planner's time, ops1 and nodes")
  for _, nm in ipairs({{3, 2}, {3, 3}, {3, 4}, {4, 2}, {4, 3}, {4, 4}}) do
    local n, m = nm[1], nm[2]
    for layout = 1, 2 do
      local xs, ys = layout == 1 and dx or cx, layout == 1 and dy or cy
      local units = {}
      for i = 1, n do
        units[i] = {side = 1, kind = "swordsman", x = xs[i], y = ys[i], mp = m}
      end
      local g = warchess_game(units, 32)
      local a2 = g:enumerate{algorithm = "order", states = false}
      local a5 = g:enumerate{algorithm = "recursive", states = false}
      local t, r = timed(3, function() return sg.search(g, {algo = "turn"}) end)
      -- without the bound (every end state has the same value here: the bound cuts all but
      -- one plan), the table and the groups alone: every distinct state once
      local tn, rn = timed(1, function() return sg.search(g, {algo = "turn", bound = false,
                                                              hash = 256}) end)
      out(fmt("  %d units MP %d %-9s alg 2 %9d ops1 %6.3f s %4.1f M/s | alg 5 %9d ops1 %6.3f s "
              .. "%4.1f M/s | planner %6.4f s %4d ops1 %d groups | no bound %6.3f s %9d ops1 "
              .. "%9d nodes", n, m, layout == 1 and "dispersed" or "compact", a2.ops1, a2.time,
              a2.ops1 / a2.time / 1e6, a5.ops1, a5.time, a5.ops1 / a5.time / 1e6, t, r.ops1,
              r.groups, tn, rn.ops1, rn.nodes))
    end
  end
  out("warchess \"Fire Emblem\": 5 units a side (swordsmen and archers, MP 5), 30x30, red on "
      .. "row 12, blue GAP rows below (the paper: 7.1e8 to 3.2e14 plans for Algorithm 5)")
  for _, gap in ipairs({2, 4, 6, 7, 8, 10, 14}) do
    local units = {}
    for side = 1, 2 do
      for i = 0, 4 do
        units[#units + 1] = {side = side, kind = i % 2 == 1 and "archer" or "swordsman",
                             x = 11 + 2 * i, y = side == 1 and 12 or 12 + gap, mp = 5,
                             hp = side == 2 and 4 + i or nil, leader = i == 2}
      end
    end
    local g = warchess_game(units, 30)
    local t, r = timed(3, function() return sg.search(g, {algo = "turn"}) end)
    out(fmt("  gap %2d: planner %7.3f s %8d ops1 %6d nodes %4d plans %d groups exact %s "
            .. "score %d%s", gap, t, r.ops1, r.nodes, r.plans, r.groups, tostring(r.exact),
            r.score, r.win and " (wins)" or ""))
  end
  local units = {}
  for side = 1, 2 do
    for i = 0, 4 do
      units[#units + 1] = {side = side, kind = "swordsman", x = 11 + 2 * i,
                           y = side == 1 and 12 or 20, mp = 5}
    end
  end
  local a5 = warchess_game(units, 30):enumerate{time = 1, states = false}
  out(fmt("  Algorithm 5 on gap 8 for 1 s: %d ops1, %d plans (%.1f M ops1/s), %s", a5.ops1,
          a5.plans, a5.ops1 / a5.time / 1e6, a5.stopped and "not finished" or "finished"))
end

-- Chess: perft on Kiwipete against Stockfish's "go perft" in the same run, the deeper
-- reference counts, search speed on fixed positions, and the chess search against the shared
-- alpha-beta at equal depth (why chess has a search of its own).
local KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

-- Stockfish's program, when installed (Debian puts it in /usr/games).
function M.stockfish()
  for _, p in ipairs({"stockfish", "/usr/games/stockfish"}) do
    local f = io.popen("command -v " .. p .. " 2>/dev/null")
    local path = f:read("l")
    f:close()
    if path and path ~= "" then return path end
  end
end

-- Stockfish's perft: the wall time of "go perft d" less the time of "go perft 1" (start-up).
local function stockfish_perft(sf, fen, d)
  local function run(depth)
    local cmd = fmt("printf 'position fen %s\ngo perft %d\n' | %s 2>/dev/null", fen, depth, sf)
    local t0 = sg.clock()
    local f = io.popen(cmd)
    local text = f:read("a")
    f:close()
    return sg.clock() - t0, tonumber(text:match("Nodes searched: (%d+)"))
  end
  local base = timed(3, function() return run(1) end)
  local t, n
  local ts = {}
  for i = 1, 3 do ts[i], n = run(d) end
  t = median(ts) - base
  return t, n
end

M.chess_positions = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  KIWIPETE,
  "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "6k1/5pp1/7p/8/3P4/2K5/5PPP/8 w - - 0 40",
}

function benches.chess(out)
  local g = assert(sg.new("chess", {position = KIWIPETE}))
  local t, n = timed(3, function() return g:perft(5) end)
  local ours = n / t
  out(fmt("chess perft 5 kiwipete    %10d leaves  %8.2f ms  %7.2f M leaves/s  %s", n, t * 1e3,
          ours / 1e6, n == 193690690 and "(= reference)" or "(REFERENCE 193690690)"))
  local sf = M.stockfish()
  if sf then
    local st, sn = stockfish_perft(sf, KIWIPETE, 5)
    if sn and st > 0 then
      out(fmt("stockfish go perft 5      %10d leaves  %8.2f ms  %7.2f M leaves/s  ours/stockfish %.2fx",
              sn, st * 1e3, sn / st / 1e6, ours / (sn / st)))
    else
      out("stockfish go perft 5      (no answer from " .. sf .. ")")
    end
  else
    out("stockfish go perft 5      (stockfish is not installed: no ratio)")
  end
  -- the same tree walked with make and unmake on one position instead of a copy per move
  -- (issue 15 asks which is faster): runs interleaved, so the ratio is of one machine state
  local unmake = require("stratagem.core").chess.perft_unmake
  local tc, tu = {}, {}
  local nu
  for i = 1, 5 do
    local t0 = sg.clock()
    g:perft(5)
    tc[i] = sg.clock() - t0
    t0 = sg.clock()
    nu = unmake(g, 5)
    tu[i] = sg.clock() - t0
  end
  local mc, mu = M.median(tc), M.median(tu)
  out(fmt("chess perft 5 make/unmake %10d leaves  %8.2f ms  %7.2f M leaves/s  copy/unmake time %.2fx",
          nu, mu * 1e3, nu / mu / 1e6, mc / mu))
  local start = sg.new("chess")
  t, n = timed(1, function() return start:perft(6) end)
  out(fmt("chess perft 6 start       %10d leaves  %8.2f ms  %7.2f M leaves/s  %s", n, t * 1e3,
          n / t / 1e6, n == 119060324 and "(= reference)" or "(REFERENCE 119060324)"))
  -- the deeper counts of t/data/chess-perft.epd (the tests run the shallower ones)
  local deep = {
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551},
  }
  for i, c in ipairs(deep) do
    local p = assert(sg.new("chess", {position = c[1]}))
    t, n = timed(1, function() return p:perft(c[2]) end)
    out(fmt("chess perft %d CPW #%d       %10d leaves  %8.2f ms  %7.2f M leaves/s  %s", c[2], i + 2,
            n, t * 1e3, n / t / 1e6, n == c[3] and "(= reference)" or "(REFERENCE " .. c[3] .. ")"))
  end
  -- search: the fixed positions to depth 10, with the default weights and with the six terms
  -- beyond the seed on (what they cost a node); time to depth on 1 and 2 threads; what the
  -- enhancements save
  local function rates_of(weights)
    local rates, nodes, time = {}, 0, 0
    for _, fen in ipairs(M.chess_positions) do
      local r = sg.search(assert(sg.new("chess", {position = fen, weights = weights})),
                          {depth = 10, hash = 64})
      rates[#rates + 1] = r.nodes / math.max(r.time, 1e-9)
      nodes, time = nodes + r.nodes, time + r.time
    end
    return median(rates), nodes, time
  end
  local rate, nodes, time = rates_of(nil)
  out(fmt("chess search depth 10     %d positions, %9d nodes  %8.2f ms  median %6.2f M nodes/s",
          #M.chess_positions, nodes, time * 1e3, rate / 1e6))
  -- the seed's weighted sum (preset "seed", weights.model 0), alone and with its six extra terms
  local srate, snodes, stime = rates_of({model = 0})
  out(fmt("chess depth 10, preset seed %d positions, %9d nodes  %8.2f ms  median %6.2f M nodes/s  the default's rate is %.2fx this",
          #M.chess_positions, snodes, stime * 1e3, srate / 1e6, rate / srate))
  local xrate, xnodes, xtime = rates_of({model = 0, mobility = 1, king_shield = 1, king_zone = 1,
                                         doubled_pawns = 1, isolated_pawns = 1, passed_pawns_end = 1})
  out(fmt("chess depth 10, seed + 6 terms %d positions, %9d nodes  %8.2f ms  median %6.2f M nodes/s  %.2fx the seed's rate",
          #M.chess_positions, xnodes, xtime * 1e3, xrate / 1e6, xrate / srate))
  -- (each run from empty history tables: the games are searched more than once)
  M.threads_line(out, "chess depth 10", M.chess_games(), {depth = 10, hash = 16, keep_history = false})
  M.plain_line(out, "chess depth 7", M.chess_games(), {depth = 7, hash = 16, keep_history = false})
  -- the chess-strength techniques of issue 30 (the see hook's): nodes and time to depth 10
  -- with them and without
  local res = {}
  for i, off in ipairs({false, true}) do
    local o = {depth = 10, hash = 64}
    if off then
      for _, k in ipairs({"see", "rfp", "futility", "lmp", "lmr_table", "countermove", "iir"}) do
        o[k] = false
      end
    end
    local sum, tm = 0, 0
    for _, game in ipairs(M.chess_games()) do
      local r = sg.search(game, o)
      sum, tm = sum + r.nodes, tm + r.time
    end
    res[i] = {sum, tm}
  end
  out(fmt("chess depth 10 techniques on %9d nodes %8.2f ms, off %9d nodes %8.2f ms: %.1fx fewer nodes, %.1fx less time",
          res[1][1], res[1][2] * 1e3, res[2][1], res[2][2] * 1e3, res[2][1] / math.max(res[1][1], 1),
          res[2][2] / math.max(res[1][2], 1e-9)))
end

-- PGN reading (run when named: stratagem bench pgn): a file of seeded random games made in
-- memory (long games: every move a record), read whole (pgn.read) and streamed (pgn.games).
benches.pgn = function(out)
  local pgn = sg.chess.pgn
  local parts, moves = {}, 0
  for i = 1, 3000 do
    local g = sg.new("chess", {seed = i})
    for k = 1, 60 + (i * 7919) % 120 do
      if g:status() ~= "playing" then break end
      g:play(sg.search(g, {algo = "random", seed = i * 1000 + k}).move)
    end
    moves = moves + g:ply()
    parts[i] = pgn.write({{game = g, tags = {Event = "bench", Round = tostring(i)}}})
  end
  local text = table.concat(parts, "\n")
  parts = nil   -- luacheck: ignore 311 (dropped so that collectgarbage frees the games)
  collectgarbage()
  local mb = #text / 1048576
  local t = timed(3, function()
    local n = 0
    for _ in pgn.games(text) do n = n + 1 end
    return n
  end)
  out(fmt("pgn.games   3000 games, %d moves, %.1f MB  %8.2f ms  %7.2f M moves/s  %6.1f MB/s",
          moves, mb, t * 1e3, moves / t / 1e6, mb / t))
  collectgarbage()
  local before = collectgarbage("count")
  local games
  t = timed(3, function() games = pgn.read(text); return #games end)
  collectgarbage()   -- what the records of the last read hold
  out(fmt("pgn.read    3000 games, %d moves, %.1f MB  %8.2f ms  %7.2f M moves/s  records %.1f MB",
          moves, mb, t * 1e3, moves / t / 1e6, (collectgarbage("count") - before) / 1024))
  games = nil
  -- the two shapes the audit found quadratic (its D4): games without tag pairs, and '{' with
  -- no '}'; twice the input should take about twice the time
  local shapes = {
    {"tagless games", function(n) return ("1. e4 e5 2. Nf3 Nc6 *\n\n"):rep(n) end, 10000},
    {"open braces", function(n) return '[Event "x"]\n\n1. e4 ' .. ("{"):rep(n) .. " e5 *\n" end,
     40000},
  }
  for _, shape in ipairs(shapes) do
    local ts = {}
    for k, n in ipairs({shape[3], 2 * shape[3]}) do
      local input = shape[2](n)
      ts[k] = timed(3, function() return pgn.read(input) end)
    end
    out(fmt("pgn.read    %-13s %6d: %8.2f ms  %6d: %8.2f ms  ratio %.2f (linear: 2)", shape[1],
            shape[3], ts[1] * 1e3, 2 * shape[3], ts[2] * 1e3, ts[2] / ts[1]))
  end
end

-- How far past its `time` each search answers (run when named: stratagem bench timing): every
-- game, every algorithm that takes a `time`, from a position after 10 seeded random moves, with
-- no other limit (depth 0, iterations 0), the median of 3 runs.  The target (doc/reliability.md):
-- the answer comes within the time plus 10% plus 20 ms.  Algorithms that take `threads` are
-- timed on 1 and 2 threads ("x2").  An algorithm that does not fit a game (alpha-beta on four
-- players) is refused by sg.search and left out.
benches.timing = function(out, limit)
  limit = limit or 0.2
  local worst, worst_at, over_count = -math.huge, "", 0
  for _, name in ipairs(sg.games()) do
    local g
    for moves = 10, 0, -1 do   -- as many random moves as leave the game going (tic-tac-toe)
      g = sg.new(name, {seed = 1})
      for i = 1, moves do
        if g:status() ~= "playing" then break end
        g:play(sg.search(g, {algo = "random", seed = i}).move)
      end
      if g:status() == "playing" then break end
    end
    for _, a in ipairs(sg.search_algos(name)) do
      local has = {}
      for _, e in ipairs(sg.search_schema(name, a)) do has[e.name] = e end
      local opts = {algo = a, time = limit}
      -- no other limit: 0 where it means none, else the most the option takes
      for _, k in ipairs({"depth", "iterations"}) do
        if has[k] then
          opts[k] = 0
          if not sg.search_check(name, opts) then opts[k] = has[k].max end
        end
      end
      if has.turns then opts.turns, opts.dedupe = 6, false end  -- Star Chess: the audit's case
      if has.samples then opts.samples = 64 end     -- pimc: more samples than the time allows
      local fits, why = sg.search_check(name, opts)
      if has.time and not fits then
        out(fmt("timing %-10s %-12s not measured: %s", name, a, why))
      elseif has.time then
        for _, threads in ipairs(has.threads and {1, 2} or {1}) do
          opts.threads = has.threads and threads or nil
          local label = a .. (threads > 1 and " x2" or "")
          local runs, msg = {}, nil
          for r = 1, 3 do
            local t0 = sg.clock()
            local ok, e = pcall(sg.search, g, opts)
            runs[r] = sg.clock() - t0
            if not ok then msg = tostring(e) break end
          end
          if not msg then
            local m = median(runs)
            local over = m - limit
            local bad = over > limit * 0.1 + 0.02
            if over > worst then worst, worst_at = over, name .. " " .. label end
            if bad then over_count = over_count + 1 end
            out(fmt("timing %-10s %-12s time %.2f s: answered in %7.1f ms, over by %+7.1f ms  %s",
                    name, label, limit, m * 1e3, over * 1e3, bad and "OVER 10% + 20 ms" or "ok"))
          elseif not msg:find("needs a", 1, true) and not msg:find("only", 1, true) then
            out(fmt("timing %-10s %-12s refused: %s", name, label, msg))
          end
        end
      end
    end
  end
  out(fmt("timing: the most over the limit: %+.1f ms (%s); %d over the bound", worst * 1e3,
          worst_at, over_count))
end

-- Every game without a benchmark of its own gets this one, so a game added later is measured
-- with no edit here: perft at the first depth that takes 0.1 s or more (the depth grown one at
-- a time, at most 12), random playouts in C, and the game's own default search (its Lua
-- defaults' `search`, one thread) on eight positions of seeded random play: nodes, time and
-- median nodes per second.
function M.generic(name)
  return function(out)
    local g = sg.new(name)
    local d = 0
    repeat
      d = d + 1
      local t0 = sg.clock()
      g:perft(d)
      local t = sg.clock() - t0
    until t >= 0.1 or d >= 12
    local t, n = timed(3, function() return g:perft(d) end)
    out(fmt("%s perft %-2d %s %9d leaves  %8.2f ms  %6.2f M leaves/s", name, d,
            string.rep(" ", math.max(0, 16 - #name)), n, t * 1e3, n / math.max(t, 1e-9) / 1e6))
    local rates, total, games = {}, 0, 21
    for seed = 1, games do
      local r = sg.playout(sg.new(name, {seed = seed}), {seed = seed})
      rates[#rates + 1] = r.moves / math.max(r.time, 1e-9)
      total = total + r.moves
    end
    out(fmt("%s random playouts %s %d games, %d moves, median %.2f M moves/s", name,
            string.rep(" ", math.max(0, 10 - #name)), games, total, median(rates) / 1e6))
    local s = sg.defaults(name).search or {}
    local o = {}
    for k, v in pairs(s) do o[k] = v end
    o.threads = nil
    local label = fmt("%s %s%s", name, o.algo or "search",
                      o.depth and (" depth " .. o.depth) or "")
    search_rate(out, label, random_positions(name, 8, 6), o)
  end
end

-- Dominoes (fives and threes): random games played in C (sg.playout: every draw and deal
-- from the state's generator), then each computer player's time per move over positions met
-- in seeded random games (the mover's view is all any of them reads).
function benches.dominoes(out)
  local g = sg.new("dominoes", {seed = 1})
  local games = 2000
  local moves = 0
  local t = timed(3, function()
    moves = 0
    for seed = 1, games do moves = moves + sg.playout(g, {seed = seed}).moves end
  end)
  out(fmt("dominoes random games       %6d games  %7d moves  %8.2f ms  %6.2f k games/s  "
          .. "%6.2f M moves/s", games, moves, t * 1e3, games / t / 1e3, moves / t / 1e6))
  local ps = {}
  for seed = 1, 40 do
    local h = sg.new("dominoes", {seed = seed})
    for i = 1, 2 + seed % 11 do
      if h:status() ~= "playing" then break end
      h:play(sg.search(h, {algo = "random", seed = seed * 100 + i}).move)
    end
    if h:status() == "playing" then ps[#ps + 1] = h end
  end
  for _, v in ipairs({{"greedy", {algo = "greedy"}},
                      {"pimc 20 samples depth 3", {algo = "pimc", samples = 20, depth = 3}},
                      {"pimc 40 samples depth 5", {algo = "pimc", samples = 40, depth = 5}},
                      {"ismcts 2000 iterations", {algo = "ismcts", iterations = 2000}}}) do
    local ts, nodes = {}, 0
    for i, p in ipairs(ps) do
      local o = {seed = i}
      for k, x in pairs(v[2]) do o[k] = x end
      local t0 = sg.clock()
      local r = sg.search(p, o)
      ts[#ts + 1] = sg.clock() - t0
      nodes = nodes + (r.nodes or 0)
    end
    local total = 0
    for _, x in ipairs(ts) do total = total + x end
    out(fmt("dominoes %-24s %3d positions  a move: median %7.3f ms, mean %7.3f ms, max %7.3f ms"
            .. "  %s", v[1], #ps, median(ts) * 1e3, total / #ts * 1e3, ts[#ts] * 1e3,
            nodes > 0 and fmt("%5.2f M nodes/s", nodes / total / 1e6) or ""))
  end
end

-- Patience: random playouts (played in C to the end), the fair player's time per move (its
-- defaults, and ISMCTS), and the solver that sees the deal (nodes per second).
function benches.patience(out)
  local moves, games = 0, 200
  local t = timed(3, function()
    moves = 0
    for seed = 1, games do
      moves = moves + sg.playout(sg.new("patience", {seed = seed}), {seed = seed}).moves
    end
  end)
  out(fmt("patience random playouts %d deals, %d moves  %8.2f ms  %6.2f M moves/s", games,
          moves, t * 1e3, moves / t / 1e6))
  -- positions from 10 deals after 20 moves of the default player
  local ps = {}
  for seed = 1, 10 do
    local g = sg.new("patience", {seed = seed})
    for i = 1, 20 do
      if g:status() ~= "playing" then break end
      g:play(sg.search(g, {seed = i}).move)
    end
    if g:status() == "playing" then ps[#ps + 1] = g end
  end
  for _, v in ipairs({{"fair: pimc 12 samples, depth 2 (default)", {}},
                      {"fair: ismcts 200 iterations", {algo = "ismcts", iterations = 200}}}) do
    local times = {}
    for i, g in ipairs(ps) do
      local o = {seed = i}
      for k, x in pairs(v[2]) do o[k] = x end
      local t0 = sg.clock()
      sg.search(g, o)
      times[#times + 1] = sg.clock() - t0
    end
    out(fmt("patience %-42s %8.2f ms a move (median of %d positions)", v[1], median(times) * 1e3,
            #times))
  end
  local nodes, secs, won = 0, 0, 0
  for seed = 1, 20 do
    local r = sg.new("patience", {seed = seed}):solve{nodes = 200000}
    nodes, secs = nodes + r.nodes, secs + r.time
    if r.result == "won" then won = won + 1 end
  end
  out(fmt("patience solver 20 deals, at most 200000 nodes: %d won, %d nodes  %8.2f ms  %6.2f M nodes/s",
          won, nodes, secs * 1e3, nodes / secs / 1e6))
end

-- The dictionary (run when named: stratagem bench words): the seed's listing 9.1 on the
-- system word list: sort time (the list shuffled, then sorted when loaded), search time
-- (100,000 lookups, half words, half not, in C alone, and through d:has from Lua) and memory,
-- plain against packed, at 10,000 words and at the whole list; then the time the computer
-- takes to find every word in a grid (seeded grids, the prefix-pruned walk).
function benches.words(out)
  local full, err = sg.dict.load({packed = false})
  if not full then out("words: skipped: " .. err); return end
  local st = full:stats()
  out(fmt("words: %s: %d lines, %d words kept (%d with characters outside a-z, %d short, " ..
          "%d duplicates after case folding)", sg.dict.DEFAULT_PATH, st.lines, st.kept,
          st.bad_chars, st.short, st.duplicates))
  local all = full:words()
  local x = 88172645463325252   -- xorshift64, seeded: the same shuffle and probes every run
  local function rnd(n)
    x = x ~ (x << 13); x = x ~ (x >> 7); x = x ~ (x << 17)
    return (x >> 1) % n + 1
  end
  for i = #all, 2, -1 do
    local j = rnd(i)
    all[i], all[j] = all[j], all[i]
  end
  out(fmt("%-7s %-7s %10s %12s %13s %10s %11s", "words", "form", "sort ms", "search ns",
          "d:has ns", "memory KB", "bytes/word"))
  for _, size in ipairs({10000, #all}) do
    local list = table.move(all, 1, size, 1, {})
    local probes = {}
    for _ = 1, 50000 do
      local w = list[rnd(size)]
      probes[#probes + 1] = w
      local k = rnd(#w)   -- one letter changed: mostly not a word
      local c = string.char((w:byte(k) - 97 + rnd(25)) % 26 + 97)
      probes[#probes + 1] = w:sub(1, k - 1) .. c .. w:sub(k + 1)
    end
    local row = {}
    for _, packed in ipairs({false, true}) do
      local d
      local sort = {}
      for r = 1, 3 do
        d = sg.dict.new(list, {packed = packed})
        sort[r] = d:stats().sort_time
      end
      local search, found = {}, 0
      for r = 1, 5 do search[r], found = d:bench_search(probes, 1) end
      local has = timed(5, function()
        local n = 0
        for i = 1, #probes do if d:has(probes[i]) then n = n + 1 end end
        return n
      end)
      local r = {sort = median(sort), search = median(search) / #probes, has = has / #probes,
                 mem = d:memory(), n = #d}
      row[packed] = r
      out(fmt("%-7d %-7s %10.2f %12.1f %13.1f %10.1f %11.2f", r.n, packed and "packed" or "plain",
              r.sort * 1e3, r.search * 1e9, r.has * 1e9, r.mem / 1024, r.mem / r.n))
      if packed then
        local p, q = row[true], row[false]
        out(fmt("%-7d packed/plain: sort %.2f, search %.2f, d:has %.2f, memory %.2f " ..
                "(%d of the %d probes are words)", r.n, p.sort / q.sort, p.search / q.search,
                p.has / q.has, p.mem / q.mem, found, #probes))
      end
    end
  end
  -- the computer's search: every word in a grid, seeded grids
  local dice = require("stratagem.wordgrid").dice
  local core = require "stratagem.core"
  local dicts = {plain = full, packed = sg.dict.load({packed = true})}
  for _, form in ipairs({"packed", "plain"}) do
    local d = dicts[form]
    local times, counts, nodes, most = {}, 0, {}, 0
    local grids = 300
    for seed = 1, grids do
      local grid = core.wordgrid.deal(dice, seed)
      local ws, n, t = core.wordgrid.solve(d, grid, 3, 0)
      times[seed], nodes[seed] = t, n
      counts = counts + #ws
      most = math.max(most, #ws)
    end
    out(fmt("grid solve %-6s %d seeded grids: median %.3f ms a grid, %.0f words a grid " ..
            "(most %d), median %.0f nodes", form, grids, median(times) * 1e3, counts / grids, most,
            median(nodes)))
  end
end

-- Qubic: bulk perft, the default search and a deeper one over positions of seeded random
-- games, and the proof-number solver on positions a few moves in (value, nodes, proof size).
function benches.qubic(out)
  local g = sg.new("qubic")
  local t, leaves = timed(3, function() return g:perft(5) end)
  out(fmt("qubic perft 5          %10d leaves  %8.2f ms  %7.2f M leaves/s", leaves, t * 1e3,
          leaves / t / 1e6))
  local ps = random_positions("qubic", 8, 8)
  for _, v in ipairs({{"default search (depth 3)", {}}, {"alpha-beta depth 5", {depth = 5}}}) do
    local times, nodes, total = {}, 0, 0
    for i, p in ipairs(ps) do
      local o = {seed = i}
      for k, x in pairs(v[2]) do o[k] = x end
      local t0 = sg.clock()
      local r = sg.search(p, o)
      times[#times + 1] = sg.clock() - t0
      total, nodes = total + times[#times], nodes + r.nodes
    end
    out(fmt("qubic %-26s %d positions  a move: median %8.2f ms  %6.2f M nodes/s", v[1], #ps,
            median(times) * 1e3, nodes / total / 1e6))
  end
  for _, line in ipairs({"1a1 1d2 1d1 3d4 1a4 1b4", "1a1 4a3 4a1 1d1 1a4 2a2",
                         "1a1 3d3 1d1 1a3 4a1 2c1", "1a1 4b1 4a1 1b1 2b1 4d2"}) do
    local h = sg.new("qubic")
    for m in line:gmatch("%S+") do h:play(m) end
    local r = h:solve{time = 30}
    out(fmt("qubic solve after %-24s %-7s %-4s %8d nodes  %9d threat-space  %8.2f ms  proof %s",
            line, r.value, r.move or "-", r.nodes, r.vcf_nodes, r.time * 1e3,
            r.proof_size and (r.proof_size .. " moves") or "-"))
  end
end

-- The options of `bench othello-ffo` (--ffo LO-HI, --threads N, --hash MB) out of the
-- arguments: the range to solve instead of the default run, or nil; or nil and a message.
function M.ffo_options(args)
  local o, names, given = {}, {}, {}
  local i = 1
  while i <= #args do
    local k, v = args[i], args[i + 1]
    if k:sub(1, 2) ~= "--" then
      names[#names + 1] = k
      i = i + 1
    else
      if k ~= "--ffo" and k ~= "--threads" and k ~= "--hash" then
        return nil, fmt("unknown option '%s' (expected --ffo, --threads or --hash)", k)
      end
      if v == nil then return nil, k .. " needs a value" end
      if k == "--ffo" then
        local lo, hi = v:match("^(%d+)%-(%d+)$")
        if not lo then lo = v:match("^(%d+)$"); hi = lo end
        lo, hi = tonumber(lo), tonumber(hi)
        if not lo or lo < M.othello_ffo[1][1] or hi > M.othello_ffo[#M.othello_ffo][1]
           or lo > hi then
          return nil, fmt("--ffo: expected a position or a range of the FFO positions #%d-#%d " ..
                          "such as 50-59, got '%s'", M.othello_ffo[1][1],
                          M.othello_ffo[#M.othello_ffo][1], v)
        end
        o.lo, o.hi = lo, hi
      else
        local n = math.tointeger(tonumber(v))
        local top = k == "--threads" and 256 or 65536
        if not n or n < 1 or n > top then
          return nil, fmt("%s: expected a whole number from 1 to %d, got '%s'", k, top, v)
        end
        o[k:sub(3)] = n
      end
      given[#given + 1] = k
      i = i + 2
    end
  end
  if #given == 0 then return false, names end
  if not o.lo then return nil, given[1] .. " needs --ffo LO-HI (the positions to solve)" end
  local named = false
  for _, n in ipairs(names) do named = named or n == "othello-ffo" end
  if not named then return nil, "--ffo belongs to the othello-ffo benchmark; name it" end
  return o, names
end

function M.main(...)
  local range, names = M.ffo_options({...})
  if range == nil then
    io.stderr:write("stratagem: bench: ", names, "\n")
    return 2
  end
  M.ffo_range = range or nil
  if #names == 0 then
    for _, n in ipairs(sg.games()) do names[#names + 1] = n end
  end
  local games = {}
  for _, n in ipairs(sg.games()) do games[n] = true end
  for _, n in ipairs(names) do
    if not benches[n] and games[n] then benches[n] = M.generic(n) end
    if not benches[n] then
      io.stderr:write(fmt("stratagem: bench: no benchmark for '%s' (have: %s)\n", n,
                          table.concat((function()
                            local l = {}
                            for k in pairs(benches) do l[#l + 1] = k end
                            for k in pairs(games) do
                              if not benches[k] then l[#l + 1] = k end
                            end
                            table.sort(l)
                            return l
                          end)(), ", ")))
      return 2
    end
  end
  print(fmt("stratagem %s bench (%s)", sg.version, M.ffo_range and
            "FFO positions solved once each, one at a time" or "times are medians; one thread"))
  -- an estimate up front, from how long each benchmark took the last time it ran here
  local path = M.times_path()
  local last = path and sg.data.parse(sg.data.read_file(path) or "") or nil
  last = type(last) == "table" and last or {}
  local known, total = 0, 0
  for _, n in ipairs(names) do
    if type(last[n]) == "number" then known, total = known + 1, total + last[n] end
  end
  io.stderr:write(fmt("%d benchmark%s: %s%s\n", #names, #names == 1 and "" or "s",
    table.concat(names, ", "), known == #names and fmt("; about %.0f s (as the last run took)", total)
    or known > 0 and fmt("; at least %.0f s (%d of them timed before)", total, known)
    or "; no estimate yet (the times of this run are kept for the next)"))
  for k, n in ipairs(names) do
    local t0 = sg.clock()
    benches[n](function(s) print(s); io.stdout:flush() end)
    last[n] = math.floor((sg.clock() - t0) * 10 + 0.5) / 10
    if #names > 1 then
      io.stderr:write(fmt("[%d/%d] %s: %.1f s\n", k, #names, n, last[n]))
    end
  end
  if path then sg.data.write_file(path, sg.data.serialize(last)) end
  return 0
end

-- Where the times of the last runs are kept: $XDG_STATE_HOME/stratagem/bench-times (default
-- ~/.local/state/...), its folder made; nil when there is no such place.
function M.times_path()
  local dir = require("stratagem.data").xdg_dir("state")
  if not dir or not require("stratagem.core").mkdir(dir) then return nil end
  return dir .. "/bench-times"
end

return M
