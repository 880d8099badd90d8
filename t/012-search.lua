-- 012-search.lua: sg.search through the API on tic-tac-toe.
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
t.done()
