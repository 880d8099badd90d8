-- 012-search.lua: sg.search through the API on tic-tac-toe; MultiPV (multipv) on tic-tac-toe,
-- chess and Othello.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

local g = sg.new("tictactoe")
local r = sg.search(g)
t.is(r.score, 0, "the empty board is a draw")
t.is(r.depth, 9, "found at depth 9")
t.is(r.exact, true, "exactly")
t.ok(r.nodes > 0 and type(r.time) == "number", "nodes and time are reported")
t.ok(g:legal(r.move), "the move is legal")
t.is(r.pv[1], r.move, "the PV starts with the move")
local c = g:copy()
local pv_ok = true
for _, m in ipairs(r.pv) do pv_ok = pv_ok and c:legal(m); if pv_ok then c:play(m) end end
t.ok(pv_ok, "the whole PV is a legal line: " .. table.concat(r.pv, " "))
t.is(g:ply(), 0, "the search leaves the game as it was")

-- a win in one, and mate distance
local w = sg.new("tictactoe", {position = "oo./.../xx."})
r = sg.search(w)
t.is(r.move, "c1", "x wins at once with c1")
t.is(r.win_in, 1, "win_in = 1")
r = sg.search(sg.new("tictactoe", {position = "xx./o../o.."}))
t.is(r.move, "c3", "x completes rank 3 with c3 rather than block")
r = sg.search(sg.new("tictactoe", {position = "x../.x./o.."}))
t.is(r.move, "c1", "o blocks the diagonal at c1")

-- limits
r = sg.search(g, {depth = 3})
t.is(r.depth, 3, "depth = 3 stops at 3")
t.is(r.exact, false, "not exact")
r = sg.search(g, {nodes = 50})
t.is(r.stopped, "limit", "a node limit stops the search")
t.ok(r.nodes <= 51 and g:legal(r.move), "within the limit, with a legal move")
r = sg.search(g, {time = 10})
t.is(r.exact, true, "a generous time limit still solves the game")

-- reproducible randomness
local a = sg.search(g, {random = 0, seed = 11})
local b = sg.search(g, {random = 0, seed = 11})
t.is(a.move, b.move, "the same seed gives the same move")
t.is(a.candidates, 9, "all 9 first moves are within margin 0")
local seen, n = {}, 0
for s = 1, 60 do
  local m = sg.search(g, {random = 0, seed = s}).move
  if not seen[m] then seen[m], n = true, n + 1 end
end
t.is(n, 9, "over 60 seeds all 9 first moves are played")
local after = sg.new("tictactoe")
after:play("b2")
r = sg.search(after, {random = 0, seed = 5})
t.is(r.candidates, 4, "after b2, o has 4 drawing moves (the corners)")
t.like(r.move, "^[ac][13]$", "and plays a corner")
-- without a seed, the game's seed and the move number decide
local s1 = sg.search(sg.new("tictactoe", {seed = 3}), {random = 0}).move
local s2 = sg.search(sg.new("tictactoe", {seed = 3}), {random = 0}).move
t.is(s1, s2, "the default seed comes from the game: reproducible")

-- symmetry
local plain = sg.search(g, {hash = 0})
local sym = sg.search(g, {hash = 0, symmetry = true})
t.is(sym.score, plain.score, "symmetry keeps the value")
t.ok(sym.nodes < plain.nodes, ("symmetry searches fewer nodes (%d < %d)"):format(sym.nodes, plain.nodes))
t.is(#sym.pv >= 1 and sym.pv[1], sym.move, "the PV follows the image that is played")
local cc = g:copy()
local ok = true
for _, m in ipairs(sym.pv) do ok = ok and cc:legal(m); if ok then cc:play(m) end end
t.ok(ok, "the mapped PV is a legal line: " .. table.concat(sym.pv, " "))

-- a symmetry of the child need not fix the board: the image must still be legal
local bad = 0
for s = 1, 200 do
  local p = sg.new("tictactoe", {position = "..x/.o./..."})
  local m = sg.search(p, {symmetry = true, seed = s}).move
  if not p:legal(m) then bad = bad + 1 end
end
t.is(bad, 0, "with symmetry every image played is legal (200 seeds on ..x/.o./...)")

-- beam
local beam = sg.search(g, {beam = {2, 2, 2, 2, 2, 2, 2, 2, 2}, hash = 0})
t.ok(beam.nodes < plain.nodes, ("a beam of 2 searches fewer nodes (%d)"):format(beam.nodes))
t.is(beam.exact, false, "and is not exact")
t.ok(g:legal(beam.move), "but plays a legal move")

-- random player
local rr = sg.search(g, {algo = "random", seed = 4})
t.ok(g:legal(rr.move), "algo random plays a legal move")
t.is(sg.search(g, {algo = "random", seed = 4}).move, rr.move, "reproducibly")
local rs = {}
for s = 1, 50 do rs[sg.search(g, {algo = "random", seed = s}).move] = true end
local k = 0
for _ in pairs(rs) do k = k + 1 end
t.is(k, 9, "and covers every move over 50 seeds")
-- MultiPV: the best N root moves, each with its line
local function legal_line(game, pv)
  local c = game:copy()
  for _, m in ipairs(pv) do
    if not c:legal(m) then return false end
    c:play(m)
  end
  return true
end
-- the lines are distinct legal moves, best first, each with a legal PV that starts with it;
-- line 1 is the result's move, score and PV
local function lines_ok(game, r, desc)
  local seen, why = {}, nil
  for i, l in ipairs(r.lines) do
    if seen[l.move] then why = "line " .. i .. " repeats " .. l.move end
    seen[l.move] = true
    if not game:legal(l.move) then why = "line " .. i .. ": illegal " .. tostring(l.move) end
    if l.pv[1] ~= l.move or not legal_line(game, l.pv) then why = "line " .. i .. ": bad PV" end
    if i > 1 and l.score > r.lines[i - 1].score then why = "line " .. i .. " scores more" end
  end
  local one = r.lines[1]
  if not one or one.move ~= r.move or one.score ~= r.score or
     table.concat(one.pv, " ") ~= table.concat(r.pv, " ") then
    why = "line 1 is not the result's move, score and PV"
  end
  if desc then t.ok(why == nil, desc .. (why and ": " .. why or "")) end
  return why == nil, why
end

-- x to move after o's first corner: every move's exact value, checked against a search of
-- the position after it (a win in k plies there is one in k + 1 here)
local p = sg.new("tictactoe", {position = "x../.../..."})
r = sg.search(p, {multipv = 8})
t.is(#r.lines, 8, "multipv = 8 on 8 legal moves: 8 lines")
lines_ok(p, r, "distinct legal moves best first, each with its PV, line 1 the result")
local exact, values = true, {}
for _, l in ipairs(r.lines) do
  local c = p:copy()
  c:play(l.move)
  local v = sg.search(c).score
  local want = v > 0 and -(v - 1) or v < 0 and -(v + 1) or 0
  if l.score ~= want then exact = false end
  values[want] = true
end
t.ok(exact, "each line's score is its move's exact value")
local kinds = 0
for _ in pairs(values) do kinds = kinds + 1 end
t.ok(kinds >= 2, "(the moves do not all have the same value)")
t.ok(r.lines[1].score == 0 and r.lines[8].score < 0, "o draws with the best, loses with the worst")
r = sg.search(g, {multipv = 256})
t.is(#r.lines, 9, "multipv larger than the legal moves: one line per move (9)")
lines_ok(g, r, "and those lines are sound")
r = sg.search(g, {multipv = 9, symmetry = true})
t.is(#r.lines, 3, "with symmetry, one line per class of moves (corner, edge, centre)")
t.is(sg.search(g, {multipv = 1}).lines, nil, "multipv = 1: no lines, the result is the line")

-- chess: a mate in one is line 1, the next best scores less and is no mate
local mate = sg.new("chess", {position = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"})
r = sg.search(mate, {depth = 4, multipv = 3})
t.is(r.move, "a1a8", "multipv = 3 on a mate in one: the move is the mate")
t.is(r.lines[1].move, "a1a8", "line 1 is the mate")
t.is(r.lines[1].depth, r.depth, "at the depth of the result")
t.is(r.mate, 1, "r.mate = 1")
t.ok(r.lines[2] and r.lines[2].score < r.lines[1].score and r.lines[2].score < 10000,
     "line 2 scores less and is no mate (" .. tostring(r.lines[2] and r.lines[2].score) .. ")")
t.is(#r.lines, 3, "3 lines")
lines_ok(mate, r, "the chess lines are sound")
local few = sg.new("chess", {position = "7k/8/8/8/8/8/7p/K7 w - - 0 1"})
r = sg.search(few, {depth = 3, multipv = 10})
t.is(#r.lines, 3, "multipv = 10 with 3 legal moves: 3 lines")
-- multipv = 1 is the search without it: the same nodes and move
local same = true
local bench = require "stratagem.bench"
for _, c in ipairs(bench.chess_games()) do
  local a = sg.search(c, {depth = 7, keep_history = false})   -- (each afresh: chess keeps history)
  local b = sg.search(c, {depth = 7, multipv = 1, keep_history = false})
  if a.nodes ~= b.nodes or a.move ~= b.move or a.score ~= b.score then same = false end
end
t.ok(same, "multipv = 1 searches the same nodes and plays the same move as no multipv (7 positions, depth 7)")
local start = sg.new("chess")
local one, three = sg.search(start, {depth = 6}), sg.search(start, {depth = 6, multipv = 3})
t.ok(three.nodes > one.nodes, ("3 lines cost more nodes than 1 (%d > %d)"):format(three.nodes, one.nodes))
lines_ok(start, three, "so are those of the start position")
local deep = true
for _, l in ipairs(three.lines) do deep = deep and l.depth == 6 end
t.ok(deep, "a completed search: every line at its depth")
-- limits, threads
local all_ok, why = true, nil
for _, n in ipairs({300, 3000, 20000, 60000}) do
  r = sg.search(start, {nodes = n, multipv = 4})
  local ok_, w = lines_ok(start, r)
  -- stopped during an iteration, the lines it completed may score above the older ones
  if not ok_ and not (w or ""):find("scores more") then all_ok, why = false, w end
  if #r.lines ~= 4 or r.stopped ~= "limit" then all_ok, why = false, "nodes " .. n end
end
t.ok(all_ok, "stopped by a node limit: 4 distinct lines, line 1 the move " .. (why or ""))
r = sg.search(start, {time = 0.2, multipv = 2})
t.ok(#r.lines == 2 and r.lines[1].move == r.move, "stopped by the clock: 2 lines")
r = sg.search(start, {depth = 6, multipv = 3, threads = 2})
t.ok(#r.lines == 3 and lines_ok(start, r), "with 2 threads: 3 lines")
-- othello: with multipv > 1 alpha-beta answers near the end, not the one-line solver
local o = sg.new("othello", {seed = 3})
local i = 0
while o:status() == "playing" and i < 48 do
  i = i + 1
  o:play(sg.search(o, {algo = "random", seed = i}).move)
end
local solved = sg.search(o)
r = sg.search(o, {multipv = 2, depth = 0})
t.ok(solved.algo == "solve" and r.algo == "alphabeta" and #r.lines == 2 and r.exact,
     "othello near the end: multipv = 2 gives exact lines from alpha-beta, not the solver's one")
t.is(r.margin, solved.margin, "line 1 has the solver's margin")
-- refused
for _, v in ipairs({0, 257, 2.5, "3", true}) do
  t.errors(function() sg.search(g, {multipv = v}) end,
           "multipv %(algo 'alphabeta'%): .*; expected a whole number from 1 to 256",
           "multipv = " .. tostring(v) .. " refused with the range")
end
t.errors(function() sg.search(mate, {multipv = 0}) end,
         "multipv (algo 'alphabeta'): 0 is out of range; expected a whole number from 1 to 256",
         "chess too", true)
t.errors(function() sg.search(g, {multipv = 2, random = 0}) end,
         "multipv (algo 'alphabeta'): 2 lines with a random margin", "multipv with random refused", true)
t.errors(function() sg.search(g, {algo = "mcts", multipv = 2}) end,
         "multipv (algo 'mcts'): not an option of this algorithm (it belongs to 'alphabeta')",
         "other algorithms refuse multipv", true)

-- Ctrl-C during a search on two threads: the signal handler's flag is read by every search
-- thread (under .ci/run's ThreadSanitizer step, a race on it or a handler that spoils errno is
-- reported and fails the step).  A hang bound only: the process must end after the signal.
do
  local S = t.q(t.stratagem)
  local function after_sigint(cmd, marker)
    local script = table.concat({
      cmd .. " >out.$$ 2>&1 &", "pid=$!", "i=0",
      -- wait until the search has started (its first output), at most 60 s
      "while ! grep -q " .. t.q(marker) .. " out.$$ 2>/dev/null && [ $i -lt 3000 ]; do " ..
      "sleep 0.02; i=$((i+1)); done",
      "sleep 0.3", "kill -INT $pid", "i=0",
      "while kill -0 $pid 2>/dev/null && [ $i -lt " .. math.floor(1500 * t.slow) .. " ]; do " ..
      "sleep 0.02; i=$((i+1)); done",
      "if kill -0 $pid 2>/dev/null; then kill -9 $pid; echo KILLED; fi",
      "wait $pid; echo \"code $?\"; cat out.$$; rm -f out.$$",
    }, "\n")
    return (t.run("sh -c " .. t.q(script)))
  end
  local out = after_sigint("(printf 'uci\\nsetoption name Threads value 2\\ngo infinite\\n'; " ..
                           "sleep 120) | " .. S .. " uci", "info depth")
  t.ok(not out:find("KILLED") and out:find("bestmove %w+"),
       "uci, Threads 2, go infinite: Ctrl-C ends the search with a bestmove")
  out = after_sigint(S .. " -e " .. t.q("local sg = require 'stratagem'; io.write('started\\n'); " ..
                     "io.flush(); sg.search(sg.new('othello'), {threads = 2, depth = 60, endgame = 0})"),
                     "started")
  t.ok(not out:find("KILLED") and out:find("interrupted!", 1, true),
       "sg.search on two threads: Ctrl-C stops it with 'interrupted!'")
end
-- the chess-strength techniques act only in games with an exchange (see) hook: Othello,
-- Connect Four and draughts search the same tree with them switched on or off
local TECH_OFF = {see = false, rfp = false, futility = false, lmp = false, lmr_table = false,
                  countermove = false, iir = false, cont_history = false, singular = false}
for _, gd in ipairs({{"othello", 6}, {"connect4", 8}, {"draughts", 6}}) do
  local on = sg.search(sg.new(gd[1]), {depth = gd[2]})
  local o = {depth = gd[2]}
  for k, v in pairs(TECH_OFF) do o[k] = v end
  local off = sg.search(sg.new(gd[1]), o)
  t.ok(on.nodes == off.nodes and on.move == off.move and on.score == off.score,
       string.format("%s: the same search with the chess techniques on or off (%d and %d nodes)",
                     gd[1], on.nodes, off.nodes))
end
-- while in chess, which has the hook, they change it (t/033 shows each one alone)
local ch_on = sg.search(sg.new("chess"), {depth = 6})
local ch_o = {depth = 6}
for k, v in pairs(TECH_OFF) do ch_o[k] = v end
local ch_off = sg.search(sg.new("chess"), ch_o)
t.ok(ch_on.nodes < ch_off.nodes, string.format("chess: %d nodes to depth 6 with them, %d without",
                                               ch_on.nodes, ch_off.nodes))
t.done()
