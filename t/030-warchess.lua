package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 030-warchess.lua: war chess through the API: scenario tables (good and refused), actions as
-- text, end of turn, undo, victory, save and load, the diagram, g:enumerate.
local t = require "tap"
local sg = require "stratagem"

t.like(table.concat(sg.games(), " "), "tictactoe warchess$", "warchess is a game, after tictactoe")

-- the default scenario: Figure 3
local g = assert(sg.new("warchess"))
t.is(g:players(), 2, "two players")
t.is(g:player(), 1, "red moves first")
t.is(g:units(), 8, "Figure 3: eight units")
t.is(g:unit(1).kind, "swordsman", "unit 1 is a swordsman")
t.is(g:unit(1).leader, true, "and red's leader")
t.is(g:unit(5).side, "blue", "unit 5 is blue")
t.like(tostring(g), "turn 1, red to move", "the diagram says whose turn it is")
t.like(tostring(g), " 1r", "and shows unit 1 as 1r")
t.like(tostring(g), "u7  blue archer", "with a legend of the units")
local moves = g:moves()
t.is(moves[#moves], "end", "end is always among the moves")
t.is(moves[1], "u1 2,4", "the first action: unit 1 stays on its tile")

-- a small scenario built here
local S = {
  board = {kind = "square4", width = 5, height = 3},
  units = {
    {side = 1, kind = "swordsman", x = 1, y = 2, leader = true},
    {side = 1, kind = "archer", x = 1, y = 1},
    {side = 2, kind = "swordsman", x = 4, y = 2, hp = 4},
    {side = 2, kind = "archer", x = 5, y = 3, leader = true},
  },
}
local w = assert(sg.new("warchess", {scenario = S}))
t.is(w:unit(3).hp, 4, "a unit's own hp overrides its kind's")
t.is(w:unit(2).range, 2, "an archer's range comes from the Lua defaults")
t.errors(function() w:play("u3 stay") end, "not your unit", "a blue unit on red's turn", true)
t.errors(function() w:play("u1 4,2") end, "occupied by u3", "an occupied tile", true)
t.errors(function() w:play("u1 5,1") end, "out of u1's movement range", "too far", true)
t.errors(function() w:play("u1 stay x u3") end, "out of attack range", "an enemy too far", true)
t.errors(function() w:play("u1 x") end, "malformed action", "malformed", true)
t.errors(function() w:play("u9 stay") end, "malformed action", "no unit 9", true)
w:play("u1 3,2 x u3")
t.is(w:unit(3).alive, false, "u1 moves next to u3 and kills it (4 hp, atk 4)")
t.is(w:unit(1).acted, true, "u1 has acted")
t.errors(function() w:play("u1 stay") end, "already acted", "a unit acts once a turn", true)
t.is(w:player(), 1, "red still moves: an action keeps the turn")
w:play("u2 3,1")
t.is(w:unit(2).x, 3, "the archer moves to 3,1")
w:undo()
t.is(w:unit(2).x, 1, "undo takes the action back")
t.is(w:unit(2).acted, false, "and the acted flag")
w:play("u2 3,1")
w:play("end")
t.is(w:player(), 2, "end passes the turn")
t.is(w:unit(1).acted, false, "and the acted flags are cleared")
-- blue's archer (range 2) against red's u1 on 3,2 and u2 on 3,1: its own tile first, then
-- the tiles at cost 1 and at cost 2 (4,2 is free: u3 died there), each without and with
-- each enemy within 2 tiles
t.is_deeply(w:moves(), {"u4 5,3", "u4 4,3", "u4 4,3 x u1", "u4 5,2", "u4 5,2 x u1", "u4 3,3",
                        "u4 3,3 x u1", "u4 3,3 x u2", "u4 4,2", "u4 4,2 x u1", "u4 4,2 x u2",
                        "u4 5,1", "u4 5,1 x u2", "end"},
            "blue's archer: every tile of its range, every attack, and end")
t.is(w:status(), "playing", "the game goes on")
w:play("end")
t.is(w:turn(), 2, "turn 2 after both sides ended")
t.is(w:player(), 1, "red again")
local mid, midpos = w:save(), w:position()
w:play("u1 4,3 x u4")
t.is(w:unit(4).hp, 2, "the blue leader loses 4 hp")
t.errors(function() w:play("u2 4,1 x u4") end, "out of attack range", "4,1 is 3 from 5,3", true)
w:play("u2 5,1 x u4")
t.is(w:unit(4).alive, false, "the archer shoots it from two tiles")
local status, winner = w:status()
t.is(status, "won", "the blue leader is dead: the game is won")
t.is(winner, 1, "by red")
t.is(#w:moves(), 0, "no moves after the end")
t.like(tostring(w), "red wins", "the diagram says so")

-- save and load, position text
local back = assert(sg.load(mid))
t.is(back:position(), midpos, "a saved game loads back")
t.is(assert(sg.load(w:save())):position(), w:position(), "and the finished one too")
local p = w:position()
t.like(p, "^board square4 5 3\n", "the position text starts with the board")
t.like(p, "unit blue archer 5,3 hp 0/6 mp 2 atk 3 range 2 leader", "and lists the dead")
local copy = assert(sg.new("warchess", {position = p}))
t.is(copy:position(), p, "a position text round-trips")
local v, err = sg.new("warchess", {position = "board square4 5 3\nkind a 2 6 3 9\n"})
t.is(v, nil, "a malformed position text is refused")
t.like(err, "^position: line 2: a malformed kind line; expected 'kind NAME MP HP ATK RANGE'", "naming the line")

-- the largest board and army: the position text is longer than 4 KB and still round-trips
local rows, units = {}, {}
for y = 1, 32 do rows[y] = ("."):rep(31) .. (y > 2 and "B" or ".") end
for i = 1, 32 do
  units[i] = {side = i <= 16 and 1 or 2, kind = "heavy_infantry", x = i, y = i % 2 + 1,
              hp = 30000, atk = 30000, leader = i == 1 or i == 17}
end
local kinds, terrain = {heavy_infantry = {mp = 10, hp = 1, atk = 1, range = 8}}, {}
for i = 1, 5 do kinds["kind_number_" .. i] = {mp = 1, hp = 1, atk = 1, range = 1} end
for i = 1, 12 do
  terrain[string.char(66 + i)] = {name = "terrain_name_" .. i, cost = 9, shoot_over = true}
end
local huge = assert(sg.new("warchess", {scenario = {board = {terrain = rows},
  kinds = kinds, terrain = terrain, units = units}}))
local hp = huge:position()
t.ok(#hp > 4096, "a 32x32 board with 32 units: " .. #hp .. " characters of position")
t.is(assert(sg.new("warchess", {position = hp})):position(), hp, "  which round-trips")

-- all enemies dead wins too
local S2 = {board = {width = 3, height = 1},
            units = {{side = 1, kind = "swordsman", x = 1, y = 1},
                     {side = 2, kind = "swordsman", x = 2, y = 1, hp = 3}}}
local k = assert(sg.new("warchess", {scenario = S2}))
k:play("u1 stay x u2")
t.is((k:status()), "won", "killing the last enemy wins")

-- one side only: valid, blue just ends its turns
local solo = assert(sg.new("warchess", {scenario = {board = {width = 4, height = 4},
  units = {{side = 1, kind = "archer", x = 1, y = 1}}}}))
solo:play("u1 2,2")
solo:play("end")
t.is(solo:moves()[1], "end", "a side without units can only end its turn")
solo:play("end")
t.is(solo:status(), "playing", "and the game goes on")

-- hex and square8 boards and terrain
local hx = assert(sg.new("warchess", {scenario = "skirmish"}))
t.like(tostring(hx), "\n  2   ", "the hex diagram shifts the even rows")
t.is(hx:unit(3).kind, "archer", "the skirmish scenario file loads")
local s8 = assert(sg.new("warchess", {scenario = {board = {kind = "square8", width = 5, height = 5},
  terrain = {F = {name = "forest", cost = {swordsman = 2, archer = 1}}},
  kinds = {knight = {mp = 3, hp = 12, atk = 5, range = 1}},
  units = {{side = 1, kind = "knight", x = 3, y = 3}}}}))
t.is(#s8:moves(), 25 + 1, "square8: a knight with MP 3 in the middle of 5x5 reaches all 25 tiles; and end")
t.is(s8:unit(1).mp, 3, "a new kind")

-- refused scenarios, each with a message naming the field
local function refused(scen, pattern, desc)
  local x, e = sg.new("warchess", {scenario = scen})
  t.ok(x == nil and type(e) == "string" and e:find(pattern, 1, true) ~= nil,
       desc .. " (" .. tostring(e) .. ")")
end
local function with(f)
  local base = {board = {width = 5, height = 5},
                units = {{side = 1, kind = "swordsman", x = 1, y = 1}}}
  f(base)
  return base
end
refused(with(function(b) b.colour = 1 end), "unknown key 'colour'", "an unknown key")
refused(with(function(b) b.board.kind = "tri" end), "board.kind", "an unknown board kind")
refused(with(function(b) b.board.width = 40 end), "board.width must be 1 to 32", "too wide")
refused(with(function(b) b.units[1].x = 6 end), "off the board", "a unit off the board")
refused(with(function(b) b.units[2] = {side = 2, kind = "archer", x = 1, y = 1} end),
        "1,1 is taken by units[1]", "two units on a tile")
refused(with(function(b) b.units[1].kind = "dragon" end), "unknown kind 'dragon'",
        "an unknown kind")
refused(with(function(b) b.units[1].side = 3 end), "units[1].side", "a bad side")
refused(with(function(b) b.units[1].mp = 1.5 end), "units[1].mp must be 0 to 10", "a bad mp")
refused(with(function(b) b.units[1].speed = 1 end), "units[1]: unknown key 'speed'",
        "an unknown unit key")
refused(with(function(b) b.board.terrain = {"A....", ".....", ".....", ".....", "....."} end),
        "1,1 is hill, which a swordsman cannot enter", "a unit on a hill")
refused(with(function(b) b.board.terrain = {"Z....", ".....", ".....", ".....", "....."} end),
        "unknown terrain letter 'Z'", "an unknown terrain letter")
refused(with(function(b) b.board.terrain = {"....."} end), "1 rows", "too few rows")
refused(with(function(b) b.kinds = {archer = {range = 0}} end), "kinds.archer.range",
        "a bad kind value")
refused(with(function(b) b.kinds = {giant = {mp = 1}} end), "kinds.giant.hp is missing",
        "an incomplete new kind")
refused(with(function(b) b.terrain = {F = {name = "forest", cost = 0}} end),
        "terrain.F.cost", "a bad terrain cost")
refused("nosuchmap", "cannot load 'nosuchmap'", "an unknown scenario file")
refused(42, "must be a table", "a number")
local both, e2 = sg.new("warchess", {scenario = S, position = p})
t.ok(both == nil and e2:find("not both"), "a scenario and a position together are refused")

-- the single-turn enumeration
local open = {board = {width = 20, height = 20}, kinds = {swordsman = {mp = 1}}, units = {
  {side = 1, kind = "swordsman", x = 3, y = 3}, {side = 1, kind = "swordsman", x = 10, y = 3},
  {side = 1, kind = "swordsman", x = 3, y = 10}}}
local e = assert(sg.new("warchess", {scenario = open}))
-- equations (7) and (8) with n = 3, r = 5: 3! (5 + 25 + 125) and 3! (125 + 25 + 5/2)
local r2 = e:enumerate{algorithm = "order"}
local r5 = e:enumerate{algorithm = "recursive"}
t.is(r2.ops1, 930, "g:enumerate order: equation (7)")
t.is(r5.ops1, 915, "g:enumerate recursive: equation (8)")
t.is(r2.plans, 6 * 125, "n! r^n plans")
t.is(r2.states, 125, "r^n distinct end states")
t.is(r5.states, 125, "the same by recursion")
t.ok(type(r2.time) == "number" and r2.stopped == false, "time and stopped")
t.is(e:enumerate{states = false}.states, nil, "states = false: not counted")
t.is(e:enumerate().ops1, 915, "recursive is the default")
t.errors(function() e:enumerate{algorithm = "dfs"} end, "algorithm must be 'order'",
         "an unknown algorithm")
t.errors(function() e:enumerate{time = -1} end, "time must be a number", "a bad time")
t.errors(function() e:enumerate{states = 1} end, "states must be a boolean", "a bad states")
t.errors(function() e:enumerate{depth = 1} end, "unknown option 'depth'", "an unknown option")
local big = assert(sg.new("warchess", {scenario = {board = {width = 32, height = 32},
  kinds = {swordsman = {mp = 4}}, units = {
  {side = 1, kind = "swordsman", x = 6, y = 6}, {side = 1, kind = "swordsman", x = 16, y = 6},
  {side = 1, kind = "swordsman", x = 26, y = 6}, {side = 1, kind = "swordsman", x = 6, y = 16}}}}))
local cut = big:enumerate{time = 0.05, states = false}
t.ok(cut.stopped and cut.ops1 < 69492704, "a time limit stops a long enumeration (" ..
     cut.ops1 .. " ops1 in " .. string.format("%.2f", cut.time) .. " s)")
local fig = g:enumerate{algorithm = "order"}
local fig5 = g:enumerate{algorithm = "recursive"}
t.is(fig.states, fig5.states, "Figure 3: both algorithms reach as many end states")
t.ok(fig5.ops1 < fig.ops1, "Figure 3: Algorithm 5 spends fewer ops1")
t.is(sg.new("tictactoe").enumerate, nil, "enumerate is a war chess method only")

-- a search plays a legal action
local res = sg.search(g, {algo = "alphabeta", depth = 1})
t.ok(res.move ~= nil, "sg.search (alpha-beta) finds an action (" .. tostring(res.move) .. ")")

-- ---- the single-turn planner: sg.search(g, {algo = "turn"}), the default ----

-- The brute force: every plan through g:moves and g:play; the best (win, score) of the side to
-- move (a win ends the plan).
local function brute(gm)
  local me = gm:player()
  local best
  local function better(win, score)
    return not best or (win and not best.win) or (win == best.win and not win and
                                                   score > best.score)
  end
  local function dfs()
    if gm:status() ~= "playing" then
      if better(true, 0) then best = {win = true, score = gm:scores()[me]} end
      return
    end
    local ms = gm:moves()
    if #ms == 1 then
      local sc = gm:scores()[me]
      if better(false, sc) then best = {win = false, score = sc} end
      return
    end
    for _, m in ipairs(ms) do
      if m ~= "end" then
        gm:play(m)
        dfs()
        gm:undo()
      end
    end
  end
  dfs()
  return best
end

-- Play r's moves on a copy of gm: the end state's score, and whether the game was won.
local function play_plan(gm, r)
  local c = sg.load(gm:save())
  local me = c:player()
  local sc
  for _, m in ipairs(r.moves) do
    if m == "end" then sc = c:scores()[me] end
    c:play(m)
  end
  if c:status() ~= "playing" then sc = c:scores()[me] end
  return sc, c:status() ~= "playing", c
end

local plan = sg.search(g)
t.is(plan.algo, "turn", "the default search on war chess is the planner")
t.ok(plan.exact and plan.groups >= 1, "Figure 3: an exact plan (" .. table.concat(plan.moves, "; ")
     .. ", score " .. plan.score .. ")")
t.is(plan.moves[#plan.moves], "end", "the plan ends with end")
local sc, _, after = play_plan(g, plan)
t.is(sc, plan.score, "playing it gives the score it says")
t.is(after:player(), 2, "and passes the turn to blue")
local bf = brute(g)
t.is(plan.score, bf.score, "Figure 3: the brute force's best score (" .. bf.score .. ")")

-- small random scenarios against the brute force
local seed = 12345
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end
local agree, wins, tried = 0, 0, 0
for _ = 1, 40 do
  local kinds = {"swordsman", "archer"}
  local boards = {"square4", "square8", "hex"}
  local units, used = {}, {}
  for side = 1, 2 do
    for _ = 1, 1 + rnd(2) do
      local x, y
      repeat x, y = 2 + rnd(4), 2 + rnd(4) until not used[x .. "," .. y]
      used[x .. "," .. y] = true
      units[#units + 1] = {side = side, kind = kinds[1 + rnd(2)], x = x, y = y, mp = 1 + rnd(2),
                           hp = 1 + rnd(6), atk = 2 + rnd(4), leader = rnd(4) == 0}
    end
  end
  local gm = sg.new("warchess", {scenario = {board = {kind = boards[1 + rnd(3)], width = 7,
                                                       height = 7}, units = units,
                                             side = 1 + rnd(2)}})
  if gm and gm:status() == "playing" then
    tried = tried + 1
    local r = sg.search(gm)
    local b = brute(gm)
    local s2, won = play_plan(gm, r)
    if r.exact and r.win == b.win and won == r.win and s2 == r.score and
       (r.win or r.score == b.score) then
      agree = agree + 1
    else
      t.diag("disagree: " .. gm:save())
    end
    if r.win then wins = wins + 1 end
  end
end
t.ok(tried >= 30, tried .. " random scenarios")
t.is(agree, tried, "the planner agrees with the brute force on every one (" .. wins .. " wins)")

-- independence: four units far apart, each facing an enemy it cannot kill
local far = {}
for i, xy in ipairs({{5, 5}, {25, 5}, {5, 25}, {25, 25}}) do
  far[#far + 1] = {side = 1, kind = "swordsman", x = xy[1], y = xy[2], mp = 3}
  far[#far + 1] = {side = 2, kind = "swordsman", x = xy[1] + 1, y = xy[2], hp = 10 + i}
end
local d = assert(sg.new("warchess", {scenario = {board = {width = 32, height = 32}, units = far}}))
local rd = sg.search(d)
local rn = sg.search(d, {independence = false})
t.is(rd.groups, 4, "dispersed units: four independent groups")
t.is(rn.groups, 1, "without independence: one group")
t.is(rd.score, rn.score, "the same score either way (" .. rd.score .. ")")
local en = d:enumerate{states = false}
t.ok(rd.ops1 * 100 < en.ops1, ("dispersed: %d ops1 against Algorithm 5's %d"):format(rd.ops1,
                                                                                     en.ops1))
t.is(play_plan(d, rd), rd.score, "the dispersed plan scores what it says")

-- limits and options
local fe = {}
for i = 0, 4 do
  fe[#fe + 1] = {side = 1, kind = i % 2 == 1 and "archer" or "swordsman", x = 11 + 2 * i, y = 12,
                 mp = 5}
end
for i = 0, 4 do
  fe[#fe + 1] = {side = 2, kind = i % 2 == 1 and "archer" or "swordsman", x = 11 + 2 * i, y = 20,
                 mp = 5, hp = 4 + i, leader = i == 2}
end
local f = assert(sg.new("warchess", {scenario = {board = {width = 30, height = 30}, units = fe}}))
cut = sg.search(f, {nodes = 50})
t.is(cut.exact, false, "a node limit stops the planner")
t.is(cut.moves[#cut.moves], "end", "with a complete plan")
local full = sg.search(f)
t.ok(full.exact and full.nodes > cut.nodes, ("the Fire Emblem case (5 units a side, MP 5): exact "
     .. "in %.3f s, %d nodes, %d ops1"):format(full.time, full.nodes, full.ops1))
t.is(sg.search(f, {bound = false, time = 0.05}).exact, false, "a time limit stops it too")
t.is(sg.search(f, {hash = 1, seed = 7}).score, full.score, "a small table: the same score")
t.errors(function() sg.search(f, {time = -1}) end, "sg%.search: time %(algo 'turn'%): %-1 is out of range; expected a number, 0 or more %(seconds; 0: no limit%)", "a bad time")
t.errors(function() sg.search(f, {nodes = 1.5}) end, "nodes %(algo 'turn'%): got 1%.5; expected a whole number, 0 or more", "bad nodes")
t.errors(function() sg.search(f, {hash = -1}) end,
         "hash %(algo 'turn'%): %-1 is out of range; expected a number from 0 to 65536 %(megabytes; 0: no table%)",
         "a bad hash: the one contract of hash")
t.is(sg.search(f, {hash = 0}).score, full.score, "hash = 0: no table, the same score")
t.errors(function() sg.search(f, {bound = 1}) end, "bound %(algo 'turn'%): got 1; expected true or false", "a bad bound")
t.errors(function() sg.search(f, {depth = 2}) end, "depth (algo 'turn'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', 'lookahead', 'maxn', 'paranoid', 'pimc')",
         "an option of another algorithm", true)
t.errors(function() sg.search(after, {seed = "x"}) end, "seed %(algo 'turn'%): got the string \"x\"; expected an integer", "a bad seed")
-- lookahead: alpha-beta over whole turns among each side's best plans, against plain minimax
local core = require "stratagem.core"
local function minimax(gm, d, k)
  if gm:status() ~= "playing" then return 0 end
  if d == 0 then return gm:scores()[gm:player()] end
  local r = core.warchess.plan(gm, 0, 0, 16, false, true, true, k)
  local best = -math.huge
  for _, a in ipairs(r.alternatives) do
    local v
    if a.win then
      v = 1000000000 + d
    else
      local c = gm:copy()
      for _, m in ipairs(a.moves) do c:play(m) end
      v = -minimax(c, d - 1, k)
    end
    if v > best then best = v end
  end
  return best
end
local alts = core.warchess.plan(g, 0, 0, 16, false, true, true, 4).alternatives
t.is(#alts, 4, "the planner gives the 4 best plans")
t.is(alts[1].score, plan.score, "the first is the best plan")
t.ok(alts[2].score <= alts[1].score and alts[4].score <= alts[3].score, "best first (" ..
     alts[1].score .. ", " .. alts[2].score .. ", " .. alts[3].score .. ", " .. alts[4].score .. ")")
for _, sc in ipairs({"figure3", "skirmish"}) do
  local gm = sg.new("warchess", {scenario = sc})
  for d = 1, 3 do
    local la = sg.search(gm, {algo = "lookahead", depth = d, plans = 3})
    t.is(la.score, minimax(gm, d, 3), ("%s: lookahead depth %d = minimax over the 3 best plans "
         .. "(%d, %d planner calls)"):format(sc, d, la.score, la.planner_calls))
    t.is(la.moves[#la.moves], "end", "  a whole turn")
  end
end
t.is(sg.search(g, {algo = "lookahead", depth = 1}).score, plan.score,
     "lookahead depth 1: the planner's best")
t.is(sg.search(f, {algo = "lookahead", depth = 3, time = 0.001}).exact, false,
     "lookahead with a time limit")
t.errors(function() sg.search(g, {algo = "lookahead", depth = 0}) end, "depth (algo 'lookahead'): 0 is out of range; expected a whole number from 1 to 8 (turns)",
         "a bad depth", true)
t.errors(function() sg.search(g, {algo = "lookahead", plans = 17}) end, "plans (algo 'lookahead'): 17 is out of range; expected a whole number from 1 to 16",
         "a bad plans", true)

-- the river map: a square8 board with forest, fords and knights, played to the end by the
-- planner, every turn exact and every action legal
local rv = assert(sg.new("warchess", {scenario = "river"}))
t.is(rv:units(), 10, "river: ten units")
t.is(rv:unit(1).kind .. " " .. tostring(rv:unit(1).leader), "knight true",
     "river: red's leader is a knight")
t.like(rv:position(), "^board square8 10 10\n", "river: a 10x10 square8 board")
local through_forest = false
for _, m in ipairs(rv:moves()) do
  through_forest = through_forest or m == "u4 2,3"   -- forest 3,2 then forest 2,3: 2 MP
end
t.ok(through_forest, "river: an archer (MP 2) crosses two forest tiles (cost 1 for archers)")
t.like(rv:position(), "\nterrain F forest ", "river: the forest terrain is in the position")
local turns, all_exact = 0, true
while rv:status() == "playing" and turns < 20 do
  local r = sg.search(rv)
  all_exact = all_exact and r.exact
  for _, m in ipairs(r.moves) do rv:play(m) end
  turns = turns + 1
end
t.ok(all_exact, "river: the planner is exact on every turn")
t.is(rv:status(), "won", "river: played by the planner, a side wins (after " .. turns
     .. " turns)")

local over = assert(sg.new("warchess", {scenario = {board = {width = 3, height = 1}, units = {
  {side = 1, kind = "swordsman", x = 1, y = 1}, {side = 2, kind = "archer", x = 2, y = 1, hp = 3,
                                                 leader = true}}}}))
local wr = sg.search(over)
t.ok(wr.win and wr.moves[#wr.moves] ~= "end", "a winning plan (" .. table.concat(wr.moves, "; ")
     .. ") leaves out end")
over:play(wr.moves[1])
t.is(over:status(), "won", "and wins")
t.errors(function() sg.search(over) end, "the game is over", "no turn to plan after the end", true)
t.done()
