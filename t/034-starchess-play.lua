package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 034-starchess-play.lua: watching and playing Star Chess: the chronicle's events on small
-- scenarios where the outcome is known by hand (../shared/rules/starchess.md), its standings,
-- terminal play (several commands a line, hint, grouped moves, confirmations, the board when
-- a turn begins) and the demo script's summaries.
local t = require "tap"
local sg = require "stratagem"
local chronicle = require "stratagem.chronicle"
local sct = require "sctest"
local col, fl, res, game = sct.col, sct.fl, sct.res, sct.game

-- the events of one kind
local function only(events, kind)
  local list = {}
  for _, e in ipairs(events) do if e.kind == kind then list[#list + 1] = e end end
  return list
end

---------------------------------------------------------------------------------------------
-- the chronicle: battles

do   -- 15 attack 10: 15 < 20, the attacker loses 10, the defender all 10
  local g = game{fleets = {A1 = fl(1, 15), B2 = fl(2, 10)}}
  local ev = chronicle.play(g, "move A1 B2 15")
  local b = only(ev, "battle")[1]
  t.ok(#ev == 1 and b and b.sector == "B2" and b.attacker == 1 and b.defender == 2,
       "a move into enemy ships is one battle at B2, player 1 against player 2")
  t.ok(b and b.ships[1] == 15 and b.ships[2] == 10 and b.lost[1] == 10 and b.lost[2] == 10,
       "15 against 10: player 1 lost 10, player 2 all 10")
  t.is(b and b.text, "battle at B2: player 1's 15 ships against player 2's 10; " ..
       "lost: player 1 10, player 2 all 10", "the battle in words")
  t.is(g:sector("B2").fleet.ships, 5, "and the game went on as g:play plays it (5 left at B2)")
end

do   -- equal fleets annihilate each other
  local g = game{fleets = {A1 = fl(1, 10), B2 = fl(2, 10)}}
  local b = only(chronicle.play(g, "move A1 B2 10"), "battle")[1]
  t.ok(b and b.lost[1] == 10 and b.lost[2] == 10, "10 against 10: both lose all 10")
end

do   -- the defender wins: 7 against 20, 20 >= 14 and < 21, it loses ceil(7/2) = 4
  local g = game{fleets = {A1 = fl(1, 7), B2 = fl(2, 20)}}
  local b = only(chronicle.play(g, "MOVE a1 b2 7"), "battle")[1]
  t.ok(b and b.lost[1] == 7 and b.lost[2] == 4,
       "7 attack 20 (typed in capitals and small letters): player 1 lost all 7, player 2 4")
  t.like(b and b.text or "", "lost: player 1 all 7, player 2 4$", "in words")
end

do   -- 21 against 7: 3x, no loss for the attacker
  local g = game{fleets = {A1 = fl(1, 21), B2 = fl(2, 7)}}
  local b = only(chronicle.play(g, "move A1 B2 21"), "battle")[1]
  t.like(b and b.text or "", "lost: player 1 none, player 2 all 7$", "21 against 7: no loss is 'none'")
end

do   -- ships built at a blockaded colony fight at once: 8 against 5, 8 < 10: both lose 5
  local g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)}, fleets = {A1 = fl(2, 5)},
                 reserves = {res(1000, 1000)}}
  local b = only(chronicle.play(g, "build A1 8"), "battle")[1]
  t.ok(b and b.sector == "A1" and b.attacker == 1 and b.ships[1] == 8 and b.lost[1] == 5 and
       b.lost[2] == 5, "building 8 under a blockade of 5: a battle, each side loses 5")
end

do   -- no enemy in the way: no events
  local g = game{fleets = {A1 = fl(1, 20)}, reserves = {res(1000, 1000)}}
  t.is(#chronicle.turn(g, {"move A1 B2 5", "build A1 1", "scrap A1 2"}), 0,
       "moves, builds and scraps without an enemy are no events")
end

---------------------------------------------------------------------------------------------
-- colonies founded, terraformed, bombarded, lost; players defeated; ships unsupported

do
  local g = game{fleets = {B2 = fl(1, 20)}}
  local f = only(chronicle.play(g, "colonise B2"), "founded")[1]
  t.ok(f and f.sector == "B2" and f.owner == 1 and f.pop == 20,
       "colonise B2: a colony founded at B2 by player 1 with 20 inhabitants")
  t.is(f and f.text, "colony founded at B2 by player 1 (20 inhabitants)", "in words")
end

do
  local g = game{planets = {B1 = "barren"}, colonies = {A1 = col(1, 20), B1 = col(1, 20),
                 A4 = col(2, 20)}, reserves = {res(1000, 0)}}
  local e = only(chronicle.play(g, "terraform B1"), "terraformed")[1]
  t.ok(e and e.sector == "B1" and e.owner == 1, "terraform B1: B1 terraformed by player 1")
end

-- bombardment at the end of player 1's turn, with numbers that need no rounding:
-- 50 ships take 50% of 30 = 15, leaving 15 < 20 (out); 10 ships take 10% of 100 = 10
do
  local g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), B2 = col(2, 30), B1 = col(2, 100)},
                 fleets = {B2 = fl(1, 50), B1 = fl(1, 10)}, reserves = {res(10000, 10000)}}
  local ev = chronicle.play(g, "end")
  local lost, hit = only(ev, "lost")[1], only(ev, "bombarded")[1]
  t.ok(lost and lost.sector == "B2" and lost.owner == 2 and lost.by == 1 and lost.barren and
       not lost.homeworld, "50 ships on a colony of 30: the colony at B2 is lost, the planet barren")
  t.is(lost and lost.text, "player 2's colony at B2 bombarded out by player 1 (the planet turned barren)",
       "in words")
  t.ok(hit and hit.sector == "B1" and hit.from == 100 and hit.to == 90,
       "10 ships on a colony of 100: bombarded from 100 to 90")
  t.is(#only(ev, "defeated"), 0, "losing a colony that is no homeworld defeats nobody")
end

-- a homeworld bombarded out: 10 ships take 10% of 20 = 2, 18 < 20; player 2's other colony
-- (C3) and fleet (C2, 7 ships) vanish; player 3 is still in, so nobody has won yet
do
  local g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), C3 = col(2, 50), D4 = col(3, 20)},
                 fleets = {A4 = fl(1, 10), C2 = fl(2, 7)}, reserves = {res(10000, 10000)},
                 turn = 12}
  local ev = chronicle.play(g, "end")
  local lost, d = only(ev, "lost"), only(ev, "defeated")[1]
  t.ok(#lost == 1 and lost[1].sector == "A4" and lost[1].homeworld,
       "the homeworld A4 is lost (the vanishing colony C3 is no separate loss)")
  t.ok(d and d.defeated == 2 and d.by == 1 and d.turn == 12 and d.ships == 7 and d.colonies == 1,
       "player 2 is defeated by player 1 in turn 12, with 7 ships and 1 other colony")
  t.is(d and d.text, "player 2 is defeated by player 1 in turn 12 (its 7 ships and 1 other colony vanish)",
       "in words")
  t.is(#only(ev, "won"), 0, "two players left: no winner")
  -- the standings: 1 and 3 in the game (by score), then 2
  local rows = chronicle.standings(g, ev)
  t.ok(rows[3].player == 2 and rows[3].defeated == 12 and rows[1].defeated == nil,
       "the standings put the defeated player last, with its turn")
end

-- the last enemy falls: the game is won
do
  local g = game{colonies = {A1 = col(1, 20), A3 = col(1, 20), A4 = col(2, 20)},
                 fleets = {A4 = fl(1, 10)}, reserves = {res(10000, 10000)}}
  local ev = chronicle.play(g, "end")
  local w = only(ev, "won")[1]
  t.ok(w and w.winner == 1 and w.text == "player 1 wins the game", "player 2 falls: player 1 wins")
  local rows = chronicle.standings(g, ev)
  t.ok(rows[1].player == 1 and rows[1].colonies == 2 and rows[2].player == 2 and
       rows[2].defeated == 1, "the winner is first, then player 2 (fell in turn 1)")
  local text = chronicle.standings_text(rows)
  t.is(text[2], "    1  player 1     10         2      " .. rows[1].score .. "  -",
       "a standings line: place, player, ships, colonies, score, defeated")
  t.like(text[3], "in turn 1$", "the defeated player's line names its turn")
end

-- support: with no reserves a terran colony of 20 makes 20/20, enough for one ship of 10/20,
-- so 19 of 20 are scrapped at the end
do
  local g = game{fleets = {A1 = fl(1, 20)}}
  local u = only(chronicle.play(g, "end"), "unsupported")[1]
  t.ok(u and u.ships == 19 and u.player == 1, "player 1 scrapped 19 ships it could not support")
end

-- the turn limit: players 1 and 2 alone (3 and 4 have no homeworld), one full turn
do
  local g = game({}, {rules = {max_turns = 1}})
  local ev = chronicle.turn(g, {"end", "end"})
  t.ok(#ev == 1 and ev[1].kind == "drawn" and ev[1].player == 2,
       "player 2's end completes the last full turn: the game is drawn")
end

---------------------------------------------------------------------------------------------
-- the chronicle plays as g:play does, and says what a command did in one line

do
  local g = sg.new("starchess", {seed = 3})
  local before = g:position()
  local ok, err = pcall(chronicle.play, g, "move A1 C3 2")
  t.ok(not ok and tostring(err):find("C3 is not next to A1") and g:position() == before,
       "a refused command raises the game's message and changes nothing")
  local ev, b, a = chronicle.play(g, "move A1 B2 5")
  t.is(chronicle.describe(b, a, "move A1 B2 5", ev), "A1: col 1:20, 1:15; B2: 1:5 (moved 5)",
       "a move is described by the sectors it changed, as the board shows them")
  ev, b, a = chronicle.play(g, "scrap B2 2")
  t.is(chronicle.describe(b, a, "scrap B2 2", ev), "B2: 1:3 (moved 3)", "a scrap likewise")
  ev, b, a = chronicle.play(g, "end")
  t.like(chronicle.describe(b, a, "end", ev), "^player 1 scrapped %d+ ships it could not support$",
         "an end is described by its events")
end

-- every ship is accounted for: over a game of the request planner (CompLevel, no tree: fast),
-- each player's ships change only as the commands and the events say
do
  local g = sg.new("starchess", {seed = 5, rules = {start_materials = 2000, start_credits = 2000,
                                                    max_turns = 60}})
  local ships, kinds, bad = {}, {}, nil
  for p = 1, 4 do ships[p] = g:empire(p).ships end
  while g:status() == "playing" and not bad do
    for _, c in ipairs(sg.starchess.plan(g)) do
      local p = g:player()
      local ev = chronicle.play(g, c)
      local n = math.tointeger(c:match("(%d+)$"))
      if c:find("^build") then ships[p] = ships[p] + n end
      if c:find("^scrap") then ships[p] = ships[p] - n end
      if c:find("^colonise") then ships[p] = ships[p] - 20 end
      for _, e in ipairs(ev) do
        kinds[e.kind] = (kinds[e.kind] or 0) + 1
        if e.kind == "battle" then
          ships[e.attacker] = ships[e.attacker] - e.lost[e.attacker]
          ships[e.defender] = ships[e.defender] - e.lost[e.defender]
        elseif e.kind == "unsupported" then ships[p] = ships[p] - e.ships
        elseif e.kind == "defeated" then ships[e.defeated] = ships[e.defeated] - e.ships end
      end
      for q = 1, 4 do
        if ships[q] ~= g:empire(q).ships and not bad then
          bad = ("after '%s' by player %d in turn %d: player %d has %d ships, the events say %d")
                :format(c, p, g:turn(), q, g:empire(q).ships, ships[q])
        end
      end
    end
  end
  t.ok(not bad, "over a planner's game every ship lost is in a battle, an unsupported or a " ..
       "defeated event" .. (bad and (": " .. bad) or ""))
  t.ok((kinds.battle or 0) > 0 and (kinds.founded or 0) > 0,
       ("the game had battles (%d) and colonies founded (%d)"):format(kinds.battle or 0,
                                                                       kinds.founded or 0))
end

t.done()
