package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 025-othello.lua: Othello through the API: moves, passes, the end, the forfeit variant, the
-- weighting scheme, and the endgame solver against a brute-force negamax written here.
local t = require "tap"
local sg = require "stratagem"

local g = sg.new("othello")
t.is(g:players(), 2, "two players")
t.is(table.concat(g:moves(), " "), "d3 c4 f5 e6", "black's four openings")
t.is(#g:moves{distinct = true}, 1, "all four are the same up to symmetry")
t.is(g:scores()[1], -g:scores()[2], "the two sides' scores are opposite")
g:play("d3")
t.is(g:player(), 2, "white moves second")
t.like(tostring(g), "black %(X%) 4, white %(O%) 1, white to move", "the diagram counts discs")
t.errors(function() g:play("d3") end, "illegal move 'd3': d3 is taken", "a taken square")
t.errors(function() g:play("a8") end, "flips no disc", "a placement that encloses nothing")
t.errors(function() g:play("pass") end, "may pass only without a legal placement", "no pass with moves")
t.errors(function() g:play("z0") end, "malformed move 'z0': expected a square a1 to h8 or 'pass'", "malformed")
g:undo()

for line in io.lines(t.srcdir .. "/t/data/othello-perft.txt") do
  local d, n = line:match("^(%d+) (%d+)$")
  if d and tonumber(d) <= 6 then t.is(g:perft(tonumber(d)), tonumber(n), "perft(" .. d .. ")") end
end

-- a pass through the API
local p = sg.new("othello", {position = "bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbw./........ w"})
t.is_deeply(p:moves(), {"pass"}, "white without a placement may only pass")
p:play("pass")
t.is(p:player(), 1, "then black moves")
local none, err = sg.new("othello", {position = "bbb w"})
t.ok(none == nil and err == "position: row 1: 'bbb' has 3 squares; expected 8 squares, each b, w or .", "a malformed position: " .. tostring(err))

-- the variant: a wrong placement forfeits the turn, and saves replay it
local v = sg.new("othello", {variant = {forfeit_on_illegal = true}})
v:play("a1")
t.is(v:player(), 2, "with forfeit_on_illegal, a1 at the start loses black's turn")
t.is(v:position(), "......../......../......../...wb.../...bw.../......../......../........ w",
     "and changes no disc")
t.errors(function() v:play("d4") end, "d4 is taken", "a taken square is still refused")
local back = sg.load(v:save())
t.is(back:position(), v:position(), "a save with a forfeit loads back")

-- weights: the square table and the key-move ordering are Lua settings
local flat = sg.new("othello", {weights = {a1 = 0, b1 = 0, c1 = 0, d1 = 0, b2 = 0, c2 = 0,
                                           d2 = 0, c3 = 0, d3 = 0, d4 = 0}})
t.is(flat:config().weights.a1, 0, "square weights can be set")
local r1 = sg.search(sg.new("othello"), {depth = 5, hash = 0})
local r2 = sg.search(sg.new("othello", {weights = {corner_first = false}}), {depth = 5, hash = 0})
t.is(r1.score, r2.score, "key-move ordering changes the work, not the value")

-- the endgame solver: exact margins against a brute-force negamax
local function count(g)
  local board = g:position():match("^(%S+)")   -- without the side to move
  return select(2, board:gsub("b", "")), select(2, board:gsub("w", ""))
end
local function solve(g)
  if g:status() ~= "playing" then
    local b, w = count(g)
    return g:player() == 1 and b - w or w - b
  end
  local me, best = g:player(), -math.huge
  for _, m in ipairs(g:moves()) do
    g:play(m)
    local v = solve(g)
    if g:player() ~= me then v = -v end
    g:undo()
    if v > best then best = v end
  end
  return best
end
local agree, n = true, 0
for seed = 1, 12 do
  local e = sg.new("othello", {seed = seed})
  while e:status() == "playing" and select(2, e:position():gsub("%.", "")) > (seed % 2 == 0 and 7 or 9) do
    e:play(sg.search(e, {algo = "random", seed = seed * 100 + e:ply()}).move)
  end
  if e:status() == "playing" then
    local want = solve(e)
    local r = sg.search(e)   -- the default endgame = 12 makes it exact here
    n = n + 1
    if not r.exact or (r.margin or 0) ~= want then
      agree = false
      t.diag(("seed %d: solver margin %s exact %s, brute force %d"):format(seed,
             tostring(r.margin), tostring(r.exact), want))
    end
  end
end
t.ok(agree and n >= 10, ("the endgame solver's margin equals brute force on %d positions"):format(n))
-- a position that recurs at two plies (through passes) must not keep the search inexact
do
  local e = sg.new("othello", {seed = 7})
  while e:status() == "playing" and select(2, e:position():gsub("%.", "")) > 10 do
    e:play(sg.search(e, {algo = "random", seed = 7 * 100 + e:ply()}).move)
  end
  local with, without = sg.search(e), sg.search(e, {hash = 0})
  t.ok(with.exact and without.exact, "with and without the table the endgame search is exact")
  t.is(with.margin, without.margin, "and both find the same final margin")
  t.ok(with.depth < 20, "the table does not make it deepen past the end (depth " .. with.depth .. ")")
end
-- the same for the shared alpha-beta itself (the search above is the solver's: 10 empty
-- squares are within the default endgame): without the driver's exact-only re-search, table
-- entries of depth-limited searches kept this endgame inexact to depth 60
do
  local e = sg.new("othello", {seed = 2})
  while e:status() == "playing" and select(2, e:position():gsub("%.", "")) > 12 do
    e:play(sg.search(e, {algo = "random", seed = 2 * 100 + e:ply()}).move)
  end
  local r = sg.search(e, {endgame = 0, depth = 60})
  t.ok(r.exact and r.depth < 30, ("alpha-beta without the solver: exact at depth %d (%s)")
       :format(r.depth, tostring(r.exact)))
end
-- ProbCut: a shallow search that clears a bound by the margin cuts the node
do
  local e = sg.new("othello", {seed = 2})
  while e:status() == "playing" and select(2, e:position():gsub("%.", "")) > 12 do
    e:play(sg.search(e, {algo = "random", seed = 2 * 100 + e:ply()}).move)
  end
  local off = sg.search(e, {endgame = 0, depth = 60, probcut = false})
  local on = sg.search(e, {endgame = 0, depth = 60, probcut = 20})
  t.ok(on.exact and off.exact and on.score == off.score,
       ("an endgame searched with ProbCut is still exact, with the same score (%d, %d)")
       :format(on.score, off.score))
  t.ok(on.depth <= off.depth + 1, ("and as soon: ProbCut is off in the driver's exact-only "
       .. "re-search (depth %d, %d without ProbCut)"):format(on.depth, off.depth))
  -- (the weighting scheme's scale, where margin 20 was measured: a corner is 100)
  local m = sg.new("othello", {seed = 5, weights = {preset = "blunt"}})
  for i = 1, 20 do m:play(sg.search(m, {algo = "random", seed = 500 + i}).move) end
  local base = {depth = 7, lmr = false, endgame = 0}
  local function with(pc)
    local o = {probcut = pc}
    for k, v in pairs(base) do o[k] = v end
    return sg.search(m, o)
  end
  local a, b, c = with(false), with(20), with(50000000)
  t.ok(b.nodes < a.nodes * 0.8, ("a midgame at depth 7: ProbCut (margin 20) searches fewer "
       .. "nodes (%d against %d)"):format(b.nodes, a.nodes))
  t.ok(c.score == a.score and c.move == a.move and c.nodes > a.nodes,
       "a margin beyond every evaluation never cuts: the same score and move, in more nodes")
  t.ok(not b.exact and not c.exact, "a midgame search is not exact")
  -- on threads (which defer a move another thread is searching): the same exact verdict
  for _, th in ipairs({2, 3}) do
    local r = sg.search(e, {endgame = 0, depth = 60, threads = th, lmr = true, probcut = false})
    t.ok(r.exact and r.score == off.score, ("alpha-beta on %d threads: exact, the same score "
         .. "(%d, %d)"):format(th, r.score, off.score))
  end
  local d = sg.defaults("othello").search
  t.ok(d.probcut == 20 and d.lmr == false, "Othello searches with ProbCut, not late move reductions")
end
t.errors(function() sg.search(sg.new("othello"), {endgame = -1}) end, "sg%.search: endgame %(algo 'alphabeta'%): %-1 is out of range; expected a whole number from 0 to 60 %(empty squares%)",
         "a negative endgame threshold")
t.errors(function() sg.search(sg.new("othello"), {endgam = 3}) end, "endgam %(algo 'alphabeta'%): unknown option; expected one of: .*, endgame, blunder$",
         "a misspelled option lists endgame among the valid ones")

-- the exact solver of its own (algo "solve") against the brute force above
do
  local agree, wld_agree, move_agree, m = true, true, true, 0
  for seed = 21, 28 do
    local e = sg.new("othello", {seed = seed})
    while e:status() == "playing" and select(2, e:position():gsub("%.", "")) > 8 do
      e:play(sg.search(e, {algo = "random", seed = seed * 100 + e:ply()}).move)
    end
    if e:status() == "playing" then
      m = m + 1
      local want = solve(e)
      local r = sg.search(e, {algo = "solve"})
      local w = sg.search(e, {algo = "solve", wld = true})
      if not r.exact or r.margin ~= want or r.score ~= want then
        agree = false
        t.diag(("seed %d: solve %s, brute force %d"):format(seed, tostring(r.margin), want))
      end
      local sign = want > 0 and "win" or want < 0 and "loss" or "draw"
      if w.outcome ~= sign or r.outcome ~= sign or w.margin ~= nil then wld_agree = false end
      local me = e:player()
      e:play(r.move)
      local after = solve(e)
      if e:player() ~= me then after = -after end
      e:undo()
      if after ~= want or r.pv[1] ~= r.move then move_agree = false end
    end
  end
  t.ok(agree and m >= 6, ("algo 'solve' gives the brute-force margin on %d positions"):format(m))
  t.ok(wld_agree, "wld gives only the outcome, and it agrees")
  t.ok(move_agree, "its move keeps the margin and starts the PV")
end
do
  local e20 = sg.new("othello", {position = "..b.w.../b.bw..../bbwbw.b./bbbwbwww/bbbbbbww/bbbwbwww/b.bbw.../.bbbbw.. b"})
  local r = sg.search(e20, {algo = "solve", hash = 8})
  t.ok(r.exact and r.margin == 46 and r.depth == 20 and r.move == "g8",
       "20 empties: g8 wins by 46 discs (the shared alpha-beta agrees, in seconds)")
  local p = e20:copy()
  for _, mv in ipairs(r.pv) do p:play(mv) end
  local b, w = count(p)
  t.ok(p:status() ~= "playing" and b - w == 46, "its PV plays out to that margin")
  local s = sg.search(e20, {algo = "solve", nodes = 5000})
  t.ok(s.stopped == "limit" and not s.exact and s.margin == nil, "a node limit stops it")
  t.ok(sg.search(e20, {algo = "solve", hash = 0}).nodes == sg.search(e20, {algo = "solve", hash = 0}).nodes,
       "the node count is reproducible")
  -- the shared alpha-beta hands over to the solver within `endgame` empty squares
  local e = sg.new("othello", {seed = 5})
  while select(2, e:position():gsub("%.", "")) > 11 do
    e:play(sg.search(e, {algo = "random", seed = 500 + e:ply()}).move)
  end
  local ab = sg.search(e, {endgame = 12})
  local generic = sg.search(e, {endgame = 0, depth = 0})
  local own = sg.search(e, {algo = "solve"})
  t.ok(ab.algo == "solve" and ab.exact and ab.margin == own.margin,
       "alpha-beta with endgame = 12 answers with the solver's margin (" .. tostring(own.margin) .. ")")
  t.ok(generic.algo == "alphabeta" and generic.exact and generic.margin == own.margin,
       "and the shared alpha-beta run to the end finds the same")
end
-- the solver on threads: the same margin, move and PV as on one (the threads share a table)
do
  local same, m = true, 0
  for seed = 31, 36 do
    local e = sg.new("othello", {seed = seed})
    while e:status() == "playing" and select(2, e:position():gsub("%.", "")) > 14 do
      e:play(sg.search(e, {algo = "random", seed = seed * 100 + e:ply()}).move)
    end
    if e:status() == "playing" then
      m = m + 1
      local one = sg.search(e, {algo = "solve", hash = 8})
      for _, th in ipairs({2, 3}) do
        local r = sg.search(e, {algo = "solve", hash = 8, threads = th})
        local w = sg.search(e, {algo = "solve", hash = 8, threads = th, wld = true})
        if not r.exact or r.margin ~= one.margin or r.move ~= one.move or
           table.concat(r.pv, " ") ~= table.concat(one.pv, " ") or w.outcome ~= one.outcome then
          same = false
          t.diag(("seed %d, %d threads: %s %s, one thread %s %s"):format(seed, th, r.move,
                 tostring(r.margin), one.move, tostring(one.margin)))
        end
      end
    end
  end
  t.ok(same and m >= 5, ("on 2 and 3 threads margin, move, PV and outcome are those of one " ..
                         "thread at 14 empties (%d positions)"):format(m))
  local e20 = sg.new("othello", {position = "..b.w.../b.bw..../bbwbw.b./bbbwbwww/bbbbbbww/bbbwbwww/b.bbw.../.bbbbw.. b"})
  local r = sg.search(e20, {algo = "solve", hash = 8, threads = 2})
  t.ok(r.exact and r.margin == 46 and r.move == "g8", "20 empties on 2 threads: g8 wins by 46 discs")
  local s = sg.search(e20, {algo = "solve", threads = 2, nodes = 50000})
  t.ok(s.stopped == "limit" and not s.exact and e20:legal(s.move),
       "a node limit stops every thread (" .. s.nodes .. " nodes)")
  -- FFO #40 (t/data/othello-ffo.txt: the public suite's positions and exact results), the
  -- one of #40-#44 the solver finishes in seconds; the others are in `stratagem bench
  -- othello-ffo`, whose copy of the table must be the same
  local bench = require "stratagem.bench"
  local rows = {}
  for line in io.lines(t.srcdir .. "/t/data/othello-ffo.txt") do
    local n, board, side, margin, best = line:match("^(%d+) (%S+) ([XO]) ([-+]%d+) (%S+)$")
    if n then rows[#rows + 1] = {tonumber(n), board, side, tonumber(margin), best} end
  end
  t.is_deeply(rows, bench.othello_ffo, "the bench's FFO #40-#59 are those of t/data/othello-ffo.txt")
  -- FFO #50-#59 (26-34 empty squares: solved by `stratagem bench othello-ffo --ffo 50-59`,
  -- too slow here): every line parsed, the board one the game accepts, the published
  -- margin even (the empties go to the winner: the margin has 64's parity) and each published
  -- move a legal placement of the side to move
  local later, bad = {}, {}
  for _, f in ipairs(rows) do
    if f[1] >= 50 then
      later[#later + 1] = f[1]
      local g = sg.new("othello", {position = bench.ffo_position(f[2], f[3])})
      local moves = {}
      for _, m in ipairs(g and g:moves() or {}) do moves[m] = true end
      local ok = g and #f[2] == 64 and not f[2]:find("[^XO-]") and f[4] % 2 == 0
                 and f[4] >= -64 and f[4] <= 64
      for m in f[5]:gmatch("[^,]+") do ok = ok and moves[m] end
      if not ok then bad[#bad + 1] = f[1] end
    end
  end
  t.is(table.concat(later, " "), "50 51 52 53 54 55 56 57 58 59",
       "t/data/othello-ffo.txt has FFO #50-#59, each line parsed")
  t.is(table.concat(bad, " "), "", "their boards, margins and published moves are well formed " ..
       "(each move legal for the side to move)")
  t.is(rows[11][4] .. " " .. rows[11][5] .. " " .. rows[20][4] .. " " .. rows[20][5],
       "10 d8 64 h4,g8,e8", "#50 d8 +10 and #59 h4, g8 or e8 +64, as published")
  -- `stratagem bench othello-ffo --ffo LO-HI [--threads N] [--hash MB]`: the options, and
  -- the range's table on #59 (34 empty squares, but a wipe-out: well under a million nodes)
  t.is_deeply({bench.ffo_options({"othello-ffo", "--ffo", "50-59", "--threads", "2", "--hash", "256"})},
              {{lo = 50, hi = 59, threads = 2, hash = 256}, {"othello-ffo"}},
              "bench --ffo 50-59 --threads 2 --hash 256 parsed")
  t.is_deeply({bench.ffo_options({"othello"})}, {false, {"othello"}}, "no options: the default run")
  for _, c in ipairs({
    {{"othello-ffo", "--ffo", "39-45"}, "%-%-ffo: expected a position or a range of the FFO " ..
     "positions #40%-#59 such as 50%-59, got '39%-45'"},
    {{"othello-ffo", "--ffo", "55-50"}, "got '55%-50'"},
    {{"othello-ffo", "--ffo", "50", "--threads", "0"}, "%-%-threads: expected a whole number " ..
     "from 1 to 256, got '0'"},
    {{"othello-ffo", "--hash", "8"}, "%-%-hash needs %-%-ffo LO%-HI"},
    {{"othello", "--ffo", "50"}, "belongs to the othello%-ffo benchmark"},
    {{"othello-ffo", "--ffo"}, "%-%-ffo needs a value"},
    {{"othello-ffo", "--fo", "50"}, "unknown option '%-%-fo'"}}) do
    local o, msg = bench.ffo_options(c[1])
    t.ok(o == nil and tostring(msg):find(c[2]), "bench " .. table.concat(c[1], " ") .. ": " ..
         tostring(msg))
  end
  local lines = {}
  bench.othello_ffo_table(function(l) lines[#lines + 1] = l end, 59, 59, 2, 8)
  t.ok(lines[1]:find("FFO #59, 2 threads, 8 MB table", 1, true) and
       lines[3]:find("^  #59 +34 .* g8 %+64 %(= FFO%)") and lines[4]:find("^  total"),
       "the table of FFO #59 on 2 threads: g8 +64, as published (" .. lines[3] .. ")")
  local f = rows[1]
  local ffo = assert(sg.new("othello", {position = bench.ffo_position(f[2], f[3])}))
  local fr = sg.search(ffo, {algo = "solve", threads = 2, hash = 32})
  t.ok(fr.exact and fr.margin == f[4] and f[5]:find(fr.move, 1, true),
       ("FFO #40 on 2 threads: %s %+d, as published (a2 +38)"):format(fr.move, fr.margin))
  local p = ffo:copy()
  for _, mv in ipairs(fr.pv) do p:play(mv) end
  local b, w = count(p)
  t.ok(p:status() ~= "playing" and b - w == 38, "and its PV plays out to +38")
  -- on one thread the count is reproducible: before the ordering by shallow searches, the
  -- stability cut-off and the enhanced transposition cut-off (issue #31) it was 29,779,966;
  -- with the shallow searches on mobility and corners 22,041,399 (preset "blunt" still), on
  -- the pattern evaluation 13,365,064, with the table and move lists from 6 empty squares
  -- instead of 7 11,109,530, with 2-ply searches from 16 empty squares instead of 18
  -- 10,714,863; with stability cut-offs at 3-5 empties, the root by null windows and corner
  -- stability in the ordering 6,260,775; with 4-way buckets keeping the entries of the
  -- largest searches instead of two (the deeper and the most recent) 6,147,728 (doc/search.md);
  -- with the table from 7 empties 6,383,552; from 9, no move list at 6 and the ordering's
  -- searches from 15 and 17, chosen by time, 7,360,901, and their replies corners first
  -- 7,374,164 (more nodes, each cheaper: FFO #40-#49 1.29 times faster, doc/classic.md);
  -- with the table's move searched before the ordering, no move list at 7 empties and no
  -- stability cut-off at 3, 10,131,908 (again more nodes, each cheaper: FFO #40-#49 1.06
  -- times faster, doc/classic.md)
  local one = sg.search(ffo, {algo = "solve", hash = 64})
  t.ok(one.exact and one.margin == 38 and one.move == "a2" and one.nodes < 10500000,
       ("FFO #40 on 1 thread: a2 +38 in %d nodes (< 10.5 M; 29.8 M before issue #31, 22.0 M " ..
        "before the patterns ordered it, 10.7 M before the null windows at the root, 6.26 M " ..
        "with buckets of two, 6.15 M with the table from 6 empties, 6.45 M and 11%% faster " ..
        "from 7, 7.37 M and 1.29 times faster from 9, 10.13 M with no move list at 7)"):format(one.nodes))
  t.is(sg.search(ffo, {algo = "solve", hash = 64}).nodes, one.nodes, "the same count twice")
  local q = assert(sg.new("othello", {position = bench.ffo_position(rows[3][2], rows[3][3])}))
  local tl = sg.search(q, {algo = "solve", threads = 2, time = 0.05})
  t.ok(tl.stopped == "limit" and not tl.exact and tl.time < 2,
       ("a time limit stops every thread (FFO #42, 0.05 s: %.2f s)"):format(tl.time))
  -- the hand-off from alpha-beta takes the threads along
  local ab = sg.search(e20, {endgame = 20, threads = 2, hash = 8})
  t.ok(ab.algo == "solve" and ab.margin == 46, "alpha-beta hands over to the solver on 2 threads")
end
local e0 = sg.new("othello")
t.errors(function() sg.search(e0, {algo = "solve", depth = 3}) end, "depth %(algo 'solve'%): not an option of this algorithm %(it belongs to 'alphabeta', 'brs', 'maxn', 'paranoid', 'pimc'%); expected one of: algo, hash, nodes, random, seed, threads, time, wld",
         "the solver takes no depth")
t.errors(function() sg.search(e0, {algo = "solve", hash = -1}) end, "hash %(algo 'solve'%): %-1 is out of range; expected a number from 0 to 65536 %(megabytes; 0: no table%)",
         "a negative hash size")
t.errors(function() sg.search(e0, {algo = "solve", nodes = 1.5}) end, "nodes %(algo 'solve'%): got 1%.5; expected a whole number, 0 or more",
         "a fractional node limit")
t.errors(function() sg.search(e0, {algo = "solve", time = "1"}) end, "time %(algo 'solve'%): got the string \"1\"; expected a number, 0 or more %(seconds",
         "a time that is not a number")
t.errors(function() sg.search(e0, {algo = "solve", wld = 1}) end, "wld %(algo 'solve'%): got 1; expected true or false", "wld not a boolean")
t.errors(function() sg.search(e0, {algo = "solve", wld = true, random = 0}) end,
         "random %(algo 'solve'%): needs the exact margin; expected false with wld", "random with wld")
for _, bad in ipairs({0, 257, 1.5, "2"}) do
  t.errors(function() sg.search(e0, {algo = "solve", threads = bad}) end,
           "threads %(algo 'solve'%)", "solve refuses threads = " .. tostring(bad))
end
local full = sg.new("othello", {position = "bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbb.. b"})
t.errors(function() sg.search(full, {algo = "solve"}) end, "the game is over", "nothing to solve")
-- the table key: no two positions share one (the old key, products of the disc words by
-- constants, gave 9 collisions in these 204,064 positions; a 64-bit key should give none)
do
  local seen, n, coll = {}, 0, 0
  for seed = 1, 400 do
    local g = sg.new("othello", {seed = seed})
    while g:status() == "playing" do
      for _, m in ipairs(g:moves()) do   -- every child: positions a few plies apart meet
        g:play(m)
        local k, p = g:hash(), g:position()
        if seen[k] and seen[k] ~= p then coll = coll + 1 end
        seen[k] = p
        n = n + 1
        g:undo()
      end
      g:play(sg.search(g, {algo = "random", seed = seed * 1000 + g:ply()}).move)
    end
  end
  t.is(coll, 0, "no two of " .. n .. " positions share a table key")
end
t.done()
