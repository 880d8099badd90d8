package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 026-draughts.lua: English draughts through the API: moves, captures, the end, saves, the
-- huffing variant chosen by name, perft, and the search playing both sides.
local t = require "tap"
local sg = require "stratagem"

local names = table.concat(sg.games(), " ")
t.like(names, "draughts othello", "draughts is a game, listed before othello")

local g = sg.new("draughts")
t.is(g:players(), 2, "two players")
t.is(table.concat(g:moves(), " "), "9-13 9-14 10-14 10-15 11-15 11-16 12-16",
     "Black's seven openings")
t.is_deeply(g:scores(), {0, 0}, "the start scores 0")
g:play("11-15")
t.is(g:player(), 2, "White moves second")
t.like(tostring(g), "white to move", "the diagram says whose turn it is")
t.like(tostring(g), "1%s+2%s+3%s+4\n", "the diagram shows the square numbers")
t.errors(function() g:play("11-15") end, "illegal move '11-15': there is no white piece on 11",
         "a square without a piece of the side to move", true)
t.errors(function() g:play("22-13") end, "13 is not next to 22", "a move of two squares")
t.errors(function() g:play("11-") end, "malformed move '11-': expected squares 1 to 32 joined by "
         .. "- or x, e.g. 11-15 or 22x15x6, or huff N", "malformed", true)
g:undo()
t.is(g:player(), 1, "undo gives the move back")

for line in io.lines(t.srcdir .. "/t/data/draughts-perft.txt") do
  local d, n = line:match("^(%d+) (%d+)$")
  if d and tonumber(d) <= 6 then t.is(g:perft(tonumber(d)), tonumber(n), "perft(" .. d .. ")") end
end

-- a compulsory capture, completed, then the end
local c = sg.new("draughts", {position = "W:W22:B18,10"})
t.is_deeply(c:moves(), {"22x15x6"}, "the only move is the double jump")
t.errors(function() c:play("22-17") end, "a capture is compulsory: 22x15x6", "a plain move")
t.errors(function() c:play("22x15") end, "a multi-jump must be completed: 22x15x6", "half a jump", true)
c:play("22x6")
t.is_deeply({c:status()}, {"won", 2}, "Black has no piece left: White wins")
t.like(tostring(c), "white wins", "the diagram gives the result")
local none, err = sg.new("draughts", {position = "B:W21"})
t.ok(none == nil and err:find("^position: B: the field is missing; expected a W field and a B field"), "a position without Black's field: " .. tostring(err))

-- the draw rule is a rules constant
local d = sg.new("draughts", {position = "B:WK32:BK1", rules = {draw_moves = 1}})
d:play("1-5")
d:play("32-28")
t.is_deeply({d:status()}, {"drawn"}, "draw_moves = 1: two quiet plies draw")

-- the huffing variant by name
t.errors(function() sg.new("draughts", {variant = {capture = "optional"}}) end,
         "variant.capture must be one of 'compulsory', 'huff', got 'optional'", "a bad variant name", true)
local h = sg.new("draughts", {variant = {capture = "huff"}, position = "B:W21,24,28:B1,13,19"})
t.is(h:config().variant.capture, "huff", "config gives the variant back by name")
t.is(sg.new("draughts"):config().variant.capture, "compulsory", "compulsory by default")
h:play("13-17")
t.like(table.concat(h:moves(), " "), "^21x14 24x15 ", "White has two captures")
h:play("21x14")
t.is(h:moves()[1], "huff 24", "the capturer that did not capture can be huffed")
h:play("h24")
t.is(h:player(), 1, "the huff keeps Black's turn")
t.like(tostring(h), "black %(b, king B%) 2, white %(w, king W%) 2", "each side lost one piece")
h:play("19-23")
t.is(h:player(), 2, "then Black's move passes the turn")
local back = sg.load(h:save())
t.is(back:position(), h:position(), "a save with a huff in its history loads back")
t.is(back:config().variant.capture, "huff", "with its variant")
back:undo()
back:undo()
t.is(back:player(), 1, "undo takes the huff back too")
t.ok(table.concat(back:moves(), " "):find("huff 24"), "and the huff is on offer again")
t.errors(function() sg.new("draughts"):play("huff 5") end, "no huffing when a capture is compulsory",
         "no huff in the compulsory game")

-- the search plays both sides legally
local s = sg.new("draughts")
local legal, plies = true, 0
while s:status() == "playing" and plies < 200 do
  local r = sg.search(s, {depth = 4})
  local found = false
  for _, m in ipairs(s:moves()) do found = found or m == r.move end
  legal = legal and found
  s:play(r.move)
  plies = plies + 1
end
t.ok(legal, ("depth-4 search played %d legal plies (%s)"):format(plies, s:status()))
t.done()
