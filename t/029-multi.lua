-- 029-multi.lua: the multi-player searches (maxn, paranoid, brs, mcts) through sg.search, on
-- tic-tac-toe and on Star Chess (four players, turns of several commands).
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

local g = sg.new("tictactoe")
for _, algo in ipairs({"maxn", "paranoid", "brs"}) do
  local r = sg.search(g, {algo = algo})
  t.is(r.score, 0, algo .. ": the empty board is a draw")
  t.ok(r.scores[1] == 0 and r.scores[2] == 0 and #r.scores == 2, algo .. ": scores {0, 0}")
  t.is(r.exact, true, algo .. ": exactly, at depth " .. r.depth)
  t.ok(g:legal(r.move) and r.pv[1] == r.move, algo .. ": a legal move that starts the PV")
  t.is(sg.search(sg.new("tictactoe", {position = "oo./.../xx."}), {algo = algo}).move, "c1",
       algo .. ": x wins at once with c1")
  t.is(sg.search(sg.new("tictactoe", {position = "x../.x./o.."}), {algo = algo}).move, "c1",
       algo .. ": o blocks at c1")
end
local ab = sg.search(sg.new("tictactoe", {position = "x../.o./..."}), {depth = 3})
local pa = sg.search(sg.new("tictactoe", {position = "x../.o./..."}), {algo = "paranoid", depth = 3})
t.is(pa.score, ab.score, "paranoid scores as alpha-beta at depth 3")

local m = sg.search(sg.new("tictactoe", {position = "oo./.../xx."}), {algo = "mcts", iterations = 1000})
t.is(m.move, "c1", "mcts: x wins with c1")
t.is(m.iterations, 1000, "mcts: 1000 iterations")
t.ok(m.score > 0.9 and math.abs(m.scores[1] + m.scores[2] - 1) < 1e-9,
     "mcts: rewards sum to 1, x's near 1: " .. m.score)
m = sg.search(sg.new("tictactoe", {position = "x../.x./o.."}), {algo = "mcts", iterations = 1000})
t.is(m.move, "c1", "mcts: o blocks with c1")
local a = sg.search(g, {algo = "mcts", iterations = 500, seed = 7})
local b = sg.search(g, {algo = "mcts", iterations = 500, seed = 7})
t.ok(a.move == b.move and a.nodes == b.nodes and a.score == b.score and
     table.concat(a.pv, " ") == table.concat(b.pv, " "), "mcts: the same seed, the same result")
-- threads: root parallelism, reproducible for a given number of threads with iterations
local one = sg.search(g, {algo = "mcts", iterations = 900, seed = 7})
local same1 = sg.search(g, {algo = "mcts", iterations = 900, seed = 7, threads = 1})
t.ok(one.move == same1.move and one.nodes == same1.nodes and one.score == same1.score,
     "mcts: threads = 1 is the search without the option")
local m2 = sg.search(g, {algo = "mcts", iterations = 901, seed = 7, threads = 2})
local m2b = sg.search(g, {algo = "mcts", iterations = 901, seed = 7, threads = 2})
t.ok(g:legal(m2.move) and m2.pv[1] == m2.move, "mcts on 2 threads: a legal move, " .. m2.move)
t.is(m2.iterations, 901, "mcts on 2 threads: the iteration count is the sum of the trees'")
t.ok(m2.move == m2b.move and m2.nodes == m2b.nodes and m2.score == m2b.score and
     table.concat(m2.pv, " ") == table.concat(m2b.pv, " "), "mcts on 2 threads: the same seed, the same result")
t.is(sg.search(sg.new("tictactoe", {position = "x../.x./o.."}),
               {algo = "mcts", iterations = 2000, threads = 2}).move, "c1", "mcts on 2 threads: o blocks with c1")
local tm = sg.search(g, {algo = "mcts", time = 0.05, threads = 2})
t.ok(tm.stopped == "limit" and tm.time < 1, "mcts on 2 threads: a time limit stops both")
for _, bad in ipairs({0, 257}) do
  local ok, e = pcall(sg.search, g, {algo = "mcts", threads = bad})
  t.ok(not ok and tostring(e):find("threads (algo 'mcts'): " .. bad .. " is out of range; expected a whole number from 1 to 256", 1, true),
       "mcts refuses threads = " .. bad .. ": " .. tostring(e))
end
local r = sg.search(g, {algo = "mcts", time = 0.05})
t.is(r.stopped, "limit", "mcts: a time limit stops it")
r = sg.search(g, {algo = "maxn", nodes = 200})
t.ok(r.stopped == "limit" and r.nodes <= 201 and g:legal(r.move), "maxn: a node limit stops it")
r = sg.search(g, {algo = "brs", time = 1e-9})
t.ok(g:legal(r.move), "brs: a move even when the time is up at once")

-- Star Chess: four players, many commands to a turn
local function star() return sg.new("starchess", {seed = 5, rules = {start_materials = 2000, start_credits = 2000}}) end
local s = star()
for _, o in ipairs({{algo = "maxn", depth = 2}, {algo = "paranoid", depth = 2},
                    {algo = "brs", depth = 2}, {algo = "mcts", iterations = 200, playout_depth = 40},
                    {algo = "mcts", iterations = 200, playout_depth = 40, threads = 2}}) do
  local r1 = sg.search(s, o)
  local r2 = sg.search(star(), o)
  t.ok(s:legal(r1.move), o.algo .. " on Star Chess: a legal move, " .. r1.move)
  t.is(#r1.scores, 4, o.algo .. ": four scores")
  t.ok(r1.move == r2.move and r1.nodes == r2.nodes and r1.score == r2.score,
       o.algo .. ": the same seed, the same result")
end
-- a few turns on: the opponents' levels are reached (turns of several commands)
local p = star()
for _ = 1, 12 do p:play(sg.search(p, {algo = "mcts", iterations = 30, playout_depth = 20}).move) end
t.is(p:ply(), 12, "mcts plays twelve legal commands in a row (g:play accepts each)")
for _, algo in ipairs({"maxn", "paranoid", "brs"}) do
  local q = star()
  q:play("end")
  local r3 = sg.search(q, {algo = algo, depth = 3, nodes = 200000})
  t.ok(q:legal(r3.move), algo .. " for player 2 at depth 3: " .. r3.move)
end
r = sg.search(star(), {algo = "maxn", nodes = 500})
t.ok(r.stopped == "limit" and r.nodes <= 501, "maxn on Star Chess: a node limit of 500")

-- the driver's exact-only re-search (src/ai/driver.c): Chexers' key leaves out the actions
-- count, so a position recurs at later plies with fewer actions left, where table entries of
-- depth-limited searches vouched for each other's horizon; max^n went on to depth 127 and
-- called its answer inexact.  With three turns each, every line ends in a draw at ply 9.
local chx = sg.new("chexers", {rules = {max_turns = 3}, position = {pieces = {red = {{0, 0}},
                   green = {{1, -2}}, blue = {{-1, 2}}}, turn = "red"}})
for _, algo in ipairs({"maxn", "paranoid", "brs"}) do
  r = sg.search(chx, {algo = algo, depth = 0})
  t.ok(r.exact and r.depth <= 9 and r.scores[1] == r.scores[2] and r.scores[2] == r.scores[3],
       ("%s on Chexers with three turns: an exact draw by ply 9 (exact %s, depth %d, %d nodes)")
       :format(algo, tostring(r.exact), r.depth, r.nodes))
end

-- options
t.ok(sg.search_options("tictactoe"), "search options listed")
local function err_like(o, pat, what)
  local ok, e = pcall(sg.search, g, o)
  t.ok(not ok and tostring(e):find(pat, 1, true), what .. ": " .. tostring(e))
end
err_like({algo = "mcts", iterations = -1}, "iterations (algo 'mcts'): -1 is out of range; expected a whole number, 0 or more", "negative iterations refused")
err_like({algo = "mcts", iterations = 1.5}, "iterations (algo 'mcts'): got 1.5; expected a whole number", "fractional iterations refused")
err_like({algo = "mcts", exploration = "wide"}, "exploration (algo 'mcts'): got the string \"wide\"; expected a number, 0 or more", "exploration not a number")
err_like({algo = "mcts", exploration = -1}, "exploration (algo 'mcts'): -1 is out of range; expected a number, 0 or more", "negative exploration")
err_like({algo = "mcts", playout_depth = -3}, "playout_depth (algo 'mcts'): -3 is out of range", "negative playout_depth")
err_like({algo = "maxn", iterations = 10}, "iterations (algo 'maxn'): not an option of this algorithm (it belongs to 'ismcts', 'mcts', 'pimc'); expected one of: algo, depth, time, nodes, hash, seed, random, prune_actions, omniscient", "iterations on maxn")
err_like({algo = "alphabeta", exploration = 1}, "exploration (algo 'alphabeta'): not an option of this algorithm (it belongs to 'ismcts', 'mcts', 'pimc')", "exploration on alphabeta")
err_like({algo = "paranoid", beam = {2}}, "beam (algo 'paranoid'): not an option of this algorithm (it belongs to 'alphabeta', 'pimc')", "beam on paranoid")
err_like({algo = "mcts", depth = 3}, "depth (algo 'mcts'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', 'maxn', 'paranoid', 'pimc')", "depth on mcts: refused, not ignored")
err_like({algo = "random", depth = 3}, "depth (algo 'random'): not an option of this algorithm", "depth on random")
err_like({algo = "maxn", threads = 1}, "threads (algo 'maxn'): not an option of this algorithm (it belongs to 'alphabeta', 'mcts')", "threads on maxn")
err_like({algo = "minimax"}, "unknown algo 'minimax' (valid: alphabeta, brs, ismcts, maxn, mcts, paranoid, pimc, random)", "an unknown algo")
local ok, e = pcall(sg.search, star(), {algo = "alphabeta"})
t.ok(not ok and e:find("two%-player"), "alphabeta still refuses four players")
t.done()
