package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 021-starchess.lua: Star Chess through the API: setup, accessors, notation, undo within a
-- turn, save and load, seeded random playouts checking the accessors against each other.
local t = require "tap"
local sg = require "stratagem"

local SECTORS = {}
for r = 1, 4 do for c = 1, 4 do SECTORS[#SECTORS + 1] = ("ABCD"):sub(c, c) .. r end end

local g = sg.new("starchess", {seed = 11})
t.is(g:players(), 4, "four players")
t.is(g:player(), 1, "player 1 moves first")
t.is(g:turn(), 1, "turn 1")
for p, hw in ipairs({"A1", "A4", "D4", "D1"}) do
  local s = g:sector(hw)
  t.ok(s.planet == "terran" and s.colony and s.colony.owner == p and s.colony.pop == 20 and
       s.fleet and s.fleet.owner == p and s.fleet.ships == 20,
       ("player %d starts at %s: a terran colony of 20 and 20 ships"):format(p, hw))
  t.is_deeply(g:empire(p), {materials = 400, credits = 800, ships = 20, colonies = 1,
                            defeated = false, homeworld = hw}, "empire " .. p .. " at the start")
end
local barren = 0
for _, s in ipairs(SECTORS) do if g:sector(s).planet == "barren" then barren = barren + 1 end end
t.ok(barren > 0 and barren < 12, "some of the other planets are barren (" .. barren .. " of 12)")
t.is(sg.new("starchess", {seed = 11}):position(), g:position(), "the same seed, the same galaxy")
local all_terran = sg.new("starchess", {rules = {barren_share = 0}})
local n = 0
for _, s in ipairs(SECTORS) do if all_terran:sector(s).planet == "terran" then n = n + 1 end end
t.is(n, 16, "barren_share = 0 makes every planet terran")
t.is_deeply(g:scores(), {0, 0, 0, 0}, "equal empires score 0")
-- 20 ships x 3 neighbours (A2 B1 B2) + build 1-2 (workforce 20/10; 400/800 pay for 20)
-- + scrap 1-20 + end
t.is(#g:moves(), 83, "83 commands open the game")
t.is(g:moves()[#g:moves()], "end", "end is among them")
t.like(tostring(g), "turn 1, player 1 to move", "tostring tells whose turn it is")
t.like(tostring(g), "T col 1:20", "and draws the colonies")
t.like(tostring(g), "player 3  materials +400  credits +800  ships +20  colonies +1", "and the empires")

-- commands keep the turn, end passes it; undo works within a turn
local before = g:save()
g:play("move A1 B2 5")
t.is(g:player(), 1, "a command keeps the turn")
t.is_deeply(g:sector("B2").fleet, {owner = 1, ships = 5, moved = 5, built = 0}, "moved ships are marked")
t.is(g:sector("A1").fleet.ships, 15, "and left A1")
t.like(tostring(g), "| +1:5 m5 +|", "the diagram marks the ships moved this turn (m5)")
t.like(tostring(g), "T/B terran/barren planet +col 2:20 colony of player 2 with 20 inhabitants\n" ..
       "2:35 35 ships of player 2 %(m5 moved, b3 built this turn%) +! blockade\n",
       "a legend under the board explains the cells")
g:play("scrap A1 3")
t.is(g:sector("A1").fleet.ships, 12, "scrap removes ships")
t.is(g:undo(), "scrap A1 3", "undo takes back the last command")
t.is(g:undo(), "move A1 B2 5", "and the one before")
t.is(g:save(), before, "the game is as it was")
t.errors(function() g:play("move A1 A3 1") end, "A3 is not next to A1", "a two-sector move is refused")
t.errors(function() g:play("Move a1 b2 0") end, "malformed command", "zero ships is malformed")
t.errors(function() g:play("move A1 B2") end, "malformed command 'move A1 B2': expected one of: move FROM TO N",
         "a move without a count is malformed")
t.errors(function() g:play("end now") end, "malformed command", "extra words are malformed")
t.errors(function() g:play(42) end, "bad move: expected a string", "a command that is no string")
t.is(g:save(), before, "refused commands change nothing")
g:play("MOVE a1 b2 5")
t.is(g:history()[1], "move A1 B2 5", "commands are read in any case and written canonically")
g:undo()
g:play("end")
t.is(g:player(), 2, "end passes the turn to player 2")
for _ = 2, 4 do g:play("end") end
t.is(g:turn(), 2, "after four ends, turn 2")
t.is(g:player(), 1, "player 1 again")

-- accessors: bad input
t.errors(function() g:sector("E9") end, "unknown sector 'E9' %(expected A1 to D4%)", "an unknown sector")
t.errors(function() g:sector() end, "string expected", "sector needs a name")
t.errors(function() g:empire(5) end, "a player from 1 to 4", "an unknown player")
t.errors(function() sg.new("tictactoe"):sector("A1") end, "attempt to call a nil value", "tic-tac-toe has no sectors")
local none, why = sg.new("starchess", {scenario = 5})
t.ok(none == nil and why:find("scenario must be a table"), "a scenario that is no table: " .. tostring(why))
none, why = sg.new("starchess", {scenario = {fleet = {}}})
t.ok(none == nil and why:find("unknown key 'fleet'"), "an unknown scenario key: " .. tostring(why))
none, why = sg.new("starchess", {scenario = {}, position = g:position()})
t.ok(none == nil and why:find("not both"), "a scenario and a position together")
none, why = sg.new("starchess", {position = "turn 1 player 1"})
t.ok(none == nil and why == "position: reserves: the word is missing; expected 'reserves M/C M/C M/C M/C' after the player", "a malformed position text: " .. tostring(why))

-- save and load round trip mid-turn, history included
local m = sg.new("starchess", {seed = 4})
for _, c in ipairs({"move A1 A2 10", "end", "move A4 B4 5", "move A4 A3 2"}) do m:play(c) end
local l = sg.load(m:save())
t.is(l:position(), m:position(), "a game saved mid-turn loads with the same position")
t.is_deeply(l:history(), m:history(), "and history")
t.is(l:undo(), "move A4 A3 2", "and can be undone")

-- random playouts through the API: the accessors agree with each other
local ok_all, checked, games = true, 0, 400
for seed = 1, games do
  local r = sg.new("starchess", {seed = seed, rules = {max_turns = 12}})
  local steps = 0
  while r:status() == "playing" and steps < 400 do
    local c = sg.search(r, {algo = "random", seed = seed * 1000 + steps}).move
    r:play(c)
    steps = steps + 1
    local ships, cols, owners = {0, 0, 0, 0}, {0, 0, 0, 0}, true
    for _, s in ipairs(SECTORS) do
      local x = r:sector(s)
      if x.fleet then
        ships[x.fleet.owner] = ships[x.fleet.owner] + x.fleet.ships
        if x.fleet.ships < 1 or x.fleet.ships > 999 then owners = false end
      end
      if x.colony then cols[x.colony.owner] = cols[x.colony.owner] + 1 end
    end
    for p = 1, 4 do
      local e = r:empire(p)
      if e.ships ~= ships[p] or e.colonies ~= cols[p] or e.materials < 0 or e.credits < 0 then
        owners = false
      end
    end
    if not owners then
      ok_all = false
      t.diag(("seed %d after %s: accessors disagree"):format(seed, c))
      break
    end
    checked = checked + 1
  end
  local again = sg.load(r:save())
  if again:position() ~= r:position() then ok_all = false; t.diag("seed " .. seed .. ": save/load differs") end
end
t.ok(ok_all, ("over %d random games (%d commands) the accessors agree and save/load is exact"):format(games, checked))

-- playouts in C
local p1 = sg.playout(sg.new("starchess", {seed = 3}), {seed = 9})
local p2 = sg.playout(sg.new("starchess", {seed = 3}), {seed = 9})
t.ok(p1.moves > 0 and p1.status ~= "playing", "a random playout plays a game to its end")
t.is(p2.moves, p1.moves, "reproducibly from its seed")
local capped = sg.playout(sg.new("starchess"), {seed = 1, max = 10})
t.is(capped.moves, 10, "max caps the playout")
t.errors(function() sg.playout(g, {sead = 1}) end, "unknown option 'sead'", "playout options are checked")

-- the diagram's cells keep their columns with the widest marks: blockade, moved and built
do
  local sct = require "sctest"
  local b = sct.game{colonies = {A1 = sct.col(1, 1000), A4 = sct.col(2, 20), B2 = sct.col(2, 20)},
                     fleets = {A2 = sct.fl(1, 500), A1 = sct.fl(1, 499), B2 = sct.fl(1, 400)},
                     reserves = {sct.res(100000, 100000)}}
  b:play("move A2 A1 499")   -- A1: 998 ships, 499 moved
  b:play("scrap A1 100")     -- moved ships go first: 898, 399 moved
  b:play("build A1 100")     -- 998 ships, 399 moved, 100 built
  local d = tostring(b)
  t.like(d, "|   1:998 m399 b100|", "a fleet with moved and built ships shows both marks")
  t.like(d, "| ! 1:400 +|", "a blockading fleet is marked !")
  local widths, lines = {}, 0
  for line in d:gmatch("[^\n]+") do
    if line:find("^%d |") or line:find("^  [|+]") then
      widths[#line] = true
      lines = lines + 1
    end
  end
  t.ok(lines == 13 and next(widths, next(widths)) == nil,
       "the 13 lines of the board have one width (the cells stay aligned)")
end

-- a draw at the turn limit reports the ranking
local d = sg.new("starchess", {rules = {max_turns = 1}, scenario = {fleets = {A1 = {owner = 1, ships = 10}}}})
for _ = 1, 4 do d:play("end") end
local st, w, ranking = d:status()
t.is(st, "drawn", "after max_turns full turns the game is drawn")
t.is(w, nil, "with no winner")
t.is(ranking and ranking[1], 1, "and a ranking led by the strongest empire")

-- play in the terminal: a human seat and three random AIs
local out, err, code = t.run(t.q(t.stratagem) .. " play starchess --seed 2",
                             "move A1 B2 30\nmove A1 B2 5\nend\nquit\n")
t.like(out, "illegal command 'move A1 B2 30': A1 has only 20 ships", "play explains a refused command")
t.like(out, "player 2 %(AI%) plays", "the AI seats play")
t.like(out, "turn 2, player 1 to move", "and the turn comes back")
t.is(code, 0, "quit ends it")
t.done()
