package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 040-connect4.lua: Connect Four through the API: reference counts, the rules (four in a row in
-- each direction, the full-board draw, illegal moves), position text and saved games, and an AI
-- that beats random play in every game.
local t = require "tap"
local sg = require "stratagem"

-- ---- reference counts (t/data/connect4-perft.txt: OEIS A212693 and hand computation) ----
local perft, positions = {}, {}
for line in io.lines(t.srcdir .. "/t/data/connect4-perft.txt") do
  local kind, n, v = line:match("^(%a+)%s+(%d+)%s+(%d+)")
  if kind == "perft" then perft[tonumber(n)] = tonumber(v) end
  if kind == "positions" then positions[tonumber(n)] = tonumber(v) end
end
t.is(#perft, 7, "the reference file holds perft 1 to 7")
local g = sg.new("connect4")
for d = 1, #perft do
  t.is(g:perft(d), perft[d], "perft(" .. d .. ")")
end

-- distinct positions after n plies: walk every position once (by its text), stopping at wins
local seen, count = {}, {}
local function walk(game, ply, last)
  local key = game:position()
  if seen[key] then return end
  seen[key] = true
  count[ply] = (count[ply] or 0) + 1
  if ply == last or game:status() ~= "playing" then return end
  for _, m in ipairs(game:moves()) do
    game:play(m)
    walk(game, ply + 1, last)
    game:undo()
  end
end
walk(sg.new("connect4"), 0, #positions)
for n = 0, #positions do
  t.is(count[n], positions[n], ("legal positions after %d plies (OEIS A212693)"):format(n))
end
t.is(#g:moves{distinct = true}, 4, "4 essentially different first moves (a=g, b=f, c=e, d)")

-- ---- rules ----
local function play_all(game, seq)
  for m in seq:gmatch("%S+") do game:play(m) end
  return game
end
local function status_of(game)
  local s, w = game:status()
  return s .. (w and " " .. w or "")
end

t.is(status_of(play_all(sg.new("connect4"), "a b a b a b a")), "won 1", "vertical four wins")
t.is(status_of(play_all(sg.new("connect4"), "a a b b c c d")), "won 1", "horizontal four wins")
t.is(status_of(play_all(sg.new("connect4"), "d d e e f f")), "playing",
     "three in a row is not a win")
t.is(status_of(play_all(sg.new("connect4"), "a b a b a b c b")), "won 2",
     "the second player wins with four in column b")

-- rows are given from the top; x has a1 b2 c3 and plays d4
local diag = "......./......./......./..xo.../.xxo.../xoox..o"
local d1 = assert(sg.new("connect4", {position = diag}))
t.is(d1:player(), 1, "x to move in the diagonal position")
t.is(status_of(d1), "playing", "no four yet")
d1:play("d")
t.is(status_of(d1), "won 1", "rising diagonal a1-d4 wins")
local mirror = diag:gsub("[^/]+", function(row) return row:reverse() end)
local d2 = assert(sg.new("connect4", {position = mirror}))
t.is(status_of(d2), "playing", "mirror image: no four yet")
d2:play("4")
t.is(status_of(d2), "won 1", "falling diagonal d4-g1 wins (move given as a number)")
t.is(#d2:moves(), 0, "no moves once the game is won")

-- a full board without four in a row: rows of pairs, alternating from row to row
local full = "ooxxoox/xxooxxo/ooxxoox/xxooxxo/ooxxoox/xxooxxo"
local f = assert(sg.new("connect4", {position = full}))
t.is(status_of(f), "drawn", "a full board with no four is a draw")
local almost = assert(sg.new("connect4", {position = "." .. full:sub(2)}))
t.is(status_of(almost), "playing", "41 discs: still playing")
t.is_deeply(almost:moves(), {"a"}, "only column a is open")
almost:play("a")
t.is(status_of(almost), "drawn", "the 42nd disc fills the board: drawn")

-- illegal moves are refused and change nothing
local c = play_all(sg.new("connect4"), "a a a a a a")
local before = c:position()
t.errors(function() c:play("a") end, "column a is full", "a full column is refused")
t.errors(function() c:play("h") end, "expected a column a to g", "column h is refused")
t.errors(function() c:play("0") end, "expected a column a to g", "column 0 is refused")
t.errors(function() c:play("ab") end, "malformed move 'ab'", "two letters are refused")
t.is(c:position(), before, "refused moves leave the position unchanged")
t.ok(not c:legal("a") and c:legal("b"), "legal: a is not, b is")
local won = play_all(sg.new("connect4"), "a b a b a b a")
t.errors(function() won:play("c") end, "the game is over", "no move after a win")

-- transpositions: the same discs by another order give the same hash
local h1 = play_all(sg.new("connect4"), "a b c d"):hash()
local h2 = play_all(sg.new("connect4"), "c d a b"):hash()
local h3 = play_all(sg.new("connect4"), "b a d c"):hash()
t.is(h1, h2, "same position, same hash")
t.isnt(h1, h3, "x and o swapped: another hash")
t.is(sg.new("connect4", {position = play_all(sg.new("connect4"), "a b c d"):position()}):hash(),
     h1, "a position read from text has the hash of the same position played")

-- ---- position text and saved games ----
local p = play_all(sg.new("connect4"), "d d c e b")
t.is(p:position(), "......./......./......./......./...o.../.xxxo..", "position text, top row first")
local q = assert(sg.new("connect4", {position = p:position()}))
t.is(q:position(), p:position(), "position text round trip")
t.is(q:player(), 2, "o to move after five discs")
local r = sg.load(p:save())
t.is(r:position(), p:position(), "save/load: same position")
t.is_deeply(r:history(), p:history(), "save/load: same moves")
r:undo()
t.is(r:position(), "......./......./......./......./...o.../..xxo..", "the loaded game undoes")
t.like(tostring(p), "1  . x x x o . .\n   a b c d e f g$", "the diagram shows row 1 and the columns")

local bad = {
  {"......./......./......./......./.......", "row 5: too few rows", "five rows"},
  {"......./......./......./......./......./......./.......", "row 6: too many rows",
   "seven rows"},
  {"......./......./......./......./......./......", "row 6: too few cells", "a short row"},
  {"......./......./......./......./......./........", "row 6: too many cells", "a long row"},
  {"......./......./......./......./......./...z...", "row 6: unknown cell 'z'", "a bad cell"},
  {"......./......./......./......./...x.../.......", "column d: a disc floats",
   "a floating disc"},
  {"......./......./......./......./......./xx.....", "discs: x has 2 and o 0", "too many x"},
  {"......./......./......./......./......./o......", "discs: x has 0 and o 1", "o first"},
  {"......./......./......./......./oooo.../xxxx...", "lines: both players have four",
   "two fours"},
  {"......./......./......./......./.o..o../xxxxoo.", "lines: the player with four in a row did not move last",
   "x has four but o moved after"},
}
for _, b in ipairs(bad) do
  local game, msg = sg.new("connect4", {position = b[1]})
  t.ok(game == nil and msg:find("position: " .. b[2], 1, true) and msg:find("expected", 1, true),
       "malformed position refused with a message: " .. b[3] .. " (" .. tostring(msg) .. ")")
end
local ok, loaded = pcall(sg.load, (p:save():gsub('start = "[^"]*"', 'start = "x"')))
t.ok(not ok or loaded == nil, "a saved game with a malformed start is refused")

-- the program: perft and the game list pick the game up
local out = t.run(t.stratagem .. " perft connect4 4")
t.like(out, "perft%(4%) = 2401", "stratagem perft connect4 4")
out = t.run(t.stratagem .. " games")
t.like(out, "connect4%s+Connect Four", "stratagem games lists it")

-- ---- the evaluation, by hand: x and o each have one threat, both at d1 (row 1, x's parity),
-- no line with two discs and two empty cells, nothing in column d, x to move ----
local e = assert(sg.new("connect4", {position = "......./......./......./......./......./xxx.ooo"}))
t.is_deeply(e:scores(), {40 - 40 + 20 + 2, -22}, "threat 40 each, parity 20 for x, tempo 2")
e = assert(sg.new("connect4", {position = e:position(), weights = {parity = 0, tempo = 0}}))
t.is_deeply(e:scores(), {0, 0}, "without parity and tempo the threats cancel")

-- ---- the AI (shared alpha-beta at depth 4) against random play, 20 games as each colour ----
local function match(ai_side, seed)
  local m = sg.new("connect4")
  while m:status() == "playing" do
    local o = m:player() == ai_side and {algo = "alphabeta", depth = 4, seed = seed}
              or {algo = "random", seed = seed * 1000 + m:ply()}
    m:play(sg.search(m, o).move)
  end
  local _, w = m:status()
  return w == ai_side
end
for side = 1, 2 do
  local wins = 0
  for seed = 1, 20 do
    if match(side, seed) then wins = wins + 1 end
  end
  t.is(wins, 20, ("the AI as player %d wins all 20 games against random play"):format(side))
end

-- the defaults' search (depth 8) finds a win in one and blocks a loss in one
local threat = assert(sg.new("connect4", {position = "......./......./......./......./oo...../xxx...."}))
t.is(sg.search(threat).move, "d", "x completes its four")
local block = assert(sg.new("connect4",
  {position = "......./......./......./......./......./xxx.oo."}))
t.is(sg.search(block).move, "d", "o blocks x's open three (x would win at d)")
t.done()
