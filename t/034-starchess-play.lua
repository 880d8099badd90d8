package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 034-starchess-play.lua: watching and playing Star Chess: the chronicle's events on small
-- scenarios where the outcome is known by hand (../shared/rules/starchess.md), its standings,
-- terminal play (several commands a line, hint, grouped moves, confirmations, the board when
-- a turn begins) and the demo script's summaries.
local t = require "tap"
local _   -- the results of t.run that a claim does not use
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
-- a player's whole turn in a few lines (#33 item 5): terminal play and the web page say the same

do
  local lines = chronicle.summary(2, 14, {"move A4 B4 10", "MOVE a4 b4 5", "move A4 A3 5",
                                          "build A4 3", "build B1 1", "build A4 1", "scrap D1 2",
                                          "colonise B3", "end"},
                                  {{kind = "battle", text = "battle at B4: so and so"}})
  t.is(lines[1], "player 2, turn 14: moved 15 ships from A4 to B4, 5 from A4 to A3; built 4 " ..
       "ships at A4, 1 at B1; scrapped 2 ships at D1", "a turn's headline: moves between the " ..
       "same sectors summed, in the order they came, then builds and scraps")
  t.is(lines[2], "battle at B4: so and so", "then its events' words, one a line")
  t.is(#lines, 2, "and nothing else")
  t.is(chronicle.summary(1, 3, {"move A1 B1 1", "end"}, {})[1],
       "player 1, turn 3: moved 1 ship from A1 to B1", "one ship")
  t.is(chronicle.summary(4, 1, {"end"}, {})[1], "player 4, turn 1: no ships moved, built or scrapped",
       "a turn of nothing but end says so")
end

do   -- the turns since a player's last: 10 ships of player 2 attack player 1's 15 at A3
  local rich = {res(10000, 10000), res(10000, 10000), res(0, 0), res(0, 0)}
  local g = game{reserves = rich, fleets = {A3 = fl(1, 15), A4 = fl(2, 10)}, player = 2}
  t.is(#chronicle.recent(g, 1), 0, "at the start nobody has played: no turns to tell")
  for _, c in ipairs({"move A4 A3 10", "end"}) do g:play(c) end
  local r = chronicle.recent(g, 1)
  t.ok(#r == 1 and r[1].player == 2 and r[1].turn == 1,
       "player 1 has not played yet: player 2's turn since the start (players 3 and 4 are " ..
       "out), with its number")
  t.is(r[1] and r[1].lines[1], "player 2, turn 1: moved 10 ships from A4 to A3",
       "player 2's headline")
  t.like(r[1] and r[1].lines[2] or "", "^battle at A3: player 2's 10 ships against player 1's 15; ",
         "then the battle it fought, as the chronicle tells it")
  g:play("end")
  t.ok(#chronicle.recent(g, 1) == 0 and #chronicle.recent(g, 2) == 1,
       "player 1 ends again: nothing to tell player 1, its turn to tell player 2")
  g:play("end")
  g:play("build A1 1")
  t.is(#chronicle.recent(g, 1), 1, "a command of player 1's turn going on is not a turn to tell")
end

---------------------------------------------------------------------------------------------
-- the chronicle plays as g:play does, and says what a command did in one line

do
  local g = sg.new("starchess", {seed = 3, rules = {start_materials = 0, start_credits = 0}})
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
  local g = sg.new("starchess", {seed = 5, rules = {max_turns = 100}})
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

---------------------------------------------------------------------------------------------
-- terminal play (stratagem.play's M.run, driven through its read and write functions)

local play = require "stratagem.play"

-- Play with the typed lines `lines` (strings, or functions of the output so far that return
-- the line): the output, the game, and what M.run returned.
local function session(o, lines)
  local out, i = {}, 0
  o.no_prefs = true
  local ok, g = play.run(o, function()
    i = i + 1
    local l = lines[i]
    if type(l) == "function" then l = l(table.concat(out)) end
    return l
  end, function(s) out[#out + 1] = s end)
  return table.concat(out), g, ok
end

local function count(text, plain)
  local n, at = 0, 1
  while true do
    local i, j = text:find(plain, at, true)
    if not i then return n end
    n, at = n + 1, j + 1
  end
end

local LEGEND = "T/B terran/barren planet"   -- once in each Star Chess board
-- zero reserves at the start (whatever the defaults say): nothing to build, and the first
-- end scraps the ships that cannot be supported
local ZERO = {start_materials = 0, start_credits = 0}
local SC = function() return {game = "starchess", seed = 2, rules = ZERO} end

-- moves: counts as ranges, for Star Chess only
t.is_deeply(play.group_moves{"move A1 B2 1", "move A1 B2 2", "move A1 B2 3", "move A1 B2 5",
                             "build A1 1", "move A1 B1 2", "move A1 B1 1", "end"},
            {"move A1 B2 1-3,5", "build A1 1", "move A1 B1 1-2", "end"},
            "group_moves: one line per command with its counts as contiguous ranges")
do
  local same = true
  for _, name in ipairs(sg.games()) do
    if name ~= "starchess" then
      local ms = sg.new(name):moves()
      same = same and t.same(play.group_moves(ms), ms)
    end
  end
  t.ok(same, "group_moves leaves the moves of every other game as they are")
  local out = session(SC(), {"moves", "quit"})
  local listed = out:match("player 1 to move> (.-)player 1 to move> ")
  t.is(listed, "move A1 B1 1-20\nmove A1 A2 1-20\nmove A1 B2 1-20\nscrap A1 1-20\nend\n",
       "moves at the start of Star Chess: 5 lines instead of 81")
end

-- hint: a line that can be typed back as it is
do
  local hinted
  local out, g = session(SC(), {"hint", function(o)
    hinted = o:match("\nplayer 1 to move> hint: ([^\n]*)\n")
    return hinted
  end, "quit"})
  t.ok(hinted and hinted:find("; end$"), "Star Chess hint: the AI's whole turn, commands " ..
       "separated by ';', ending with end (" .. tostring(hinted) .. ")")
  local h = g:history()
  t.is(table.concat(h, "; "):sub(1, #(hinted or "x")), hinted,
       "typed back as it is, the hint's commands are played in order")
  t.ok(g:turn() == 2 and g:player() == 1, "and the turn passes round to player 1 in turn 2")
  local tt
  out, g = session({game = "tictactoe", seats = {"human", "ai"}}, {"hint", function(o)
    tt = o:match("hint: ([^\n]*)\n")
    return tt
  end, "quit"})
  t.ok(tt and g:history()[1] == tt, "tic-tac-toe hint: the move alone on its line, " ..
       "typed back it is played (" .. tostring(tt) .. ")")
  t.like(out, "hint: %S+\n +%(draw, exact%)\n",
         "and the score on the next line, in the game's terms (the start is a draw, solved)")
end

-- several commands on a line: all or none
do
  local out, g = session(SC(), {"move A1 B2 5; move A1 B1 30; end", "quit"})
  t.like(out, "command 2 of 3, 'move A1 B1 30', refused: illegal command 'move A1 B1 30': " ..
         "A1 has only 15 ships\n%(nothing on the line was played%)",
         "a refused command on a line is named, with its number and the game's reason")
  t.is(g:ply(), 0, "and the commands before it are taken back: nothing was played")
  out, g = session(SC(), {"move A1 B2 5 ;  scrap A1 2;", "quit"})
  t.is(table.concat(g:history(), "; "), "move A1 B2 5; scrap A1 2",
       "accepted commands are played in order (blanks and a last ';' do not matter)")
  t.like(out, "> A1: col 1:20, 1:15; B2: 1:5 %(moved 5%)\nA1: col 1:20, 1:13\n",
         "each says what it did in one line: the sectors it changed, as the board shows them")
  out, g = session({game = "tictactoe", seats = {"human", "ai"}}, {"b2; a1", "quit"})
  t.ok(out:find("command 2 of 2, 'a1', refused: the turn already passed after 'b2'", 1, true)
       and g:ply() == 0, "a line holds one player's moves: after the turn passes, refused")
  out = session({game = "starchess", seed = 1, scenario = sct.scen{
    fleets = {A1 = fl(1, 15), B2 = fl(2, 10)}}}, {"move A1 B2 15", "quit"})
  t.like(out, "> battle at B2: player 1's 15 ships against player 2's 10; lost: player 1 10, " ..
         "player 2 all 10; A1: col 1:20; B2: 1:5 %(moved 5%)\n",
         "a battle is told in the command's line, with each side's losses")
end

-- the computers' turns: each told under its commands, in chronicle.summary's words, the lines
-- chronicle.recent (the web page's) gives for the same turns
do
  local out, g = session(SC(), {"end", "quit"})
  local r = chronicle.recent(g, 1)
  local want = {}
  for _, tn in ipairs(r) do
    want[#want + 1] = ("player %d %%(AI%%) plays [^\n]*\n"):format(tn.player)
    for _, line in ipairs(tn.lines) do
      want[#want + 1] = "  " .. line:gsub("%p", "%%%0") .. "\n"
    end
  end
  t.is(#r, 3, "after the person's end, three computer turns")
  local last = chronicle.recent(g, 1, 2)
  t.ok(#last == 2 and last[1].player == 3 and last[2].player == 4 and
       last[2].lines[1] == r[3].lines[1], "chronicle.recent's max: the last 2 of them")
  t.like(out, table.concat(want), "terminal play tells each of them as the web page does " ..
         "(headline, then the events)")
end

-- the board: when a person's turn begins and on 'board', not after each command
do
  local out = session(SC(), {"move A1 B2 5", "scrap A1 2", "end", "quit"})
  t.is(count(out, LEGEND), 2, "Star Chess: the board at the start and when the turn comes " ..
       "back, not after the commands nor after each AI")
  t.like(out, "player 4 %(AI%) plays .-\n%s+A .-turn 2, player 1 to move",
         "it is drawn after the last AI, when player 1's turn begins")
  t.like(out, "> player 1 scrapped %d+ ships? it could not support\nplayer 2 %(AI%) plays",
         "end says what the end of the turn did")
  out = session(SC(), {"board", "quit"})
  t.is(count(out, LEGEND), 2, "'board' draws it")
  out = session(SC(), {"move A1 B2 5", "undo", "quit"})
  t.ok(out:find("took back: move A1 B2 5\n", 1, true) and count(out, LEGEND) == 1,
       "undo of a command within the turn says what it took back, without the board")
  out = session({game = "tictactoe", seats = {"human", "ai"}, seed = 3}, {"b2", "quit"})
  t.is(count(out, "a b c"), 3, "tic-tac-toe as before: the board at the start, after the " ..
       "person's move and after the AI's")
  t.like(session({game = "tictactoe"}, {"help", "quit"}), "board +draw the board",
         "help lists 'board'")
end

---------------------------------------------------------------------------------------------
-- the demo script: one screen per full turn, then the standings

do
  local demo = t.q(t.srcdir .. "/scenarios/starchess/demo.lua")
  local S = t.q(t.stratagem)
  local out, err, code = t.run(S .. " " .. demo .. " --delay 0 --seed 3 --turns 4")
  t.is(code, 0, "the demo runs (--delay 0 --seed 3 --turns 4): " .. err)
  local heads = {}
  for k in out:gmatch("=+ after full turn (%d+) =+\n") do heads[#heads + 1] = tonumber(k) end
  t.is_deeply(heads, {1, 2, 3, 4}, "a screen after each full turn, in order")
  t.is(count(out, LEGEND), 5, "each with the board (and one at the start)")
  local sections = {}
  for k, body in out:gmatch("during full turn (%d+):\n(.-)\n\n") do sections[tonumber(k)] = body end
  t.ok(#sections == 4, "each with what happened during that full turn")
  t.like(out, "\nturn 5, player 1 to move\nplayer 1  materials", "the empires' lines under the board")
  -- the events shown are the chronicle's of the same game (sg.search's defaults, seed 3)
  local g, missing = sg.new("starchess", {seed = 3}), {}
  for k = 1, 4 do
    while g:turn() == k and g:status() == "playing" do
      for _, e in ipairs(chronicle.turn(g, sg.search(g).moves)) do
        local want = e.kind == "bombarded" and ("player %d's %s from %d to %d"):format(e.owner,
                     e.sector, e.from, e.to) or e.text
        if not (sections[k] or ""):find(want, 1, true) then missing[#missing + 1] = want end
      end
    end
  end
  t.ok(#missing == 0, "every event of each full turn is on its screen" ..
       (#missing > 0 and (": missing " .. missing[1]) or ""))
  local result = out:match("=+ result =+\n(.*)$") or ""
  t.like(result, "^still playing: stopped after 4 full turns %(%-%-turns 4, seed 3%)\n" ..
         "place  player    ships  colonies   score  defeated\n", "the standings close it")
  local seen = {}
  for place, p in result:gmatch("\n +(%d)  player (%d) ") do seen[#seen + 1] = place .. ":" .. p end
  table.sort(seen)
  t.ok(#seen == 4 and seen[1]:sub(1, 1) == "1" and seen[4]:sub(1, 1) == "4",
       "four places, one line each (" .. table.concat(seen, " ") .. ")")
  t.like(result, "\nAI time %d+%.%d%d s for %d+ player turns %(%d+ positions generated%)\n$",
         "and the AI's time")
  t.like(out, "^Star Chess: four computer players, seed 3, no pause between full turns\n",
         "piped, it does not pause")
  out = t.run(S .. " " .. demo .. " --quiet --turns 2")
  t.ok(count(out, LEGEND) == 0 and out:find("^=+ result =+\nstill playing: stopped after 2"),
       "--quiet prints only the standings")
  for _, bad in ipairs({{"--delay x", "%-%-delay needs a number of seconds, 0 to 60, got 'x'"},
                        {"--seed 1.5", "%-%-seed needs a whole number, got '1.5'"},
                        {"--turns 0", "%-%-turns needs a whole number, 1 or more, got '0'"},
                        {"--colour", "unexpected argument '%-%-colour'"}}) do
    local o2, e2, c2 = t.run(S .. " " .. demo .. " " .. bad[1])
    t.ok(c2 == 2 and o2 == "" and e2:find(bad[2]) and e2:find("\nusage: stratagem"),
         "demo " .. bad[1] .. ": a message and the usage, exit 2 (" .. e2:gsub("\n.*", "") .. ")")
  end
  out, _, code = t.run(S .. " " .. demo .. " --help")
  t.ok(code == 0 and out:find("^usage: ") and out:find("--delay SECONDS", 1, true),
       "demo --help: the usage and the options, exit 0")
end

---------------------------------------------------------------------------------------------
-- levels 1-10 (play.levels in the defaults; doc/starchess.md, "Levels"): each level's settings
-- are a search sg.search takes, they climb from the plain request list to the stronger
-- player, and play --help and the level line say what each does

do
  local pl = require "stratagem.cmd.play"
  local seen, algos, ok_all = {}, {}, true
  for level = 1, 10 do
    local ai, _, about = pl.ai_settings("starchess", nil, nil, level)
    local g = sg.new("starchess", {seed = 5})
    local ok, r = pcall(sg.search, g, ai)
    ok_all = ok_all and ok and type(r.move) == "string" and type(about) == "string"
    seen[#seen + 1] = about
    algos[level] = ai.algo
  end
  t.ok(ok_all, "levels 1-10: each level's settings search a start position, each has its words")
  local l1 = pl.ai_settings("starchess", nil, nil, 1)
  local l2 = pl.ai_settings("starchess", nil, nil, 2)
  local l7 = pl.ai_settings("starchess", nil, nil, 7)
  local l8 = pl.ai_settings("starchess", nil, nil, 8)
  local l9 = pl.ai_settings("starchess", nil, nil, 9)
  local l10 = pl.ai_settings("starchess", nil, nil, 10)
  t.ok(l1.turns == 1 and l2.turns == 0 and l2.masks == false and l10.algo == "strong" and
       l10.rollout == nil and l10.wide == nil and l10.opponent_model == "auto" and
       l10.model_top == 4 and l10.model_top_cheap == 0 and algos[4] == "predict",
       "level 1 looks one turn ahead, level 2 plays the request list alone (masks false); " ..
       "level 10 is the stronger player with its own settings and the opponents' model found " ..
       "from their turns")
  -- levels 7 to 10 (doc/starchess.md, "Levels 1-10"): 8 is the stronger player's tree with no
  -- rollouts (level 7's tree, request table and evaluation with its wide root), 9 plays each
  -- leaf on one full turn, 10 on the stronger player's own five
  t.ok(l7.algo == "predict" and l7.turns == 3 and l8.algo == "strong" and l8.rollout == 0 and
       l8.wide == nil and l8.turns == 3 and l8.priorities == nil and l8.weights == nil and
       l9.algo == "strong" and l9.rollout == 1 and l9.wide == nil and l9.turns == 3,
       "levels 8 and 9: the stronger player with rollouts of 0 and 1 full turns, all else its own")
  -- level 8 is level 7 with the wide root: without it, the same turns and scores
  local same, n8 = true, 0
  for seed = 1, 4 do
    local g = sg.new("starchess", {seed = seed})
    for _ = 1, 12 do
      if g:status() ~= "playing" then break end
      local narrow = {}
      for k, v in pairs(l8) do narrow[k] = v end
      narrow.wide = false
      local r7, r8 = sg.search(g, l7), sg.search(g, narrow)
      same = same and r7.move == r8.move and r7.score == r8.score
      n8 = n8 + 1
      g:play(r7.move)
    end
  end
  t.ok(same and n8 >= 24, "level 8 without its wide root plays level 7's turns with its scores ("
       .. n8 .. " positions)")
  local distinct = {}
  for _, w in ipairs(seen) do distinct[w] = true end
  local n = 0
  for _ in pairs(distinct) do n = n + 1 end
  t.is(n, 10, "ten levels, ten different descriptions")
  local out = t.run(t.q(t.stratagem) .. " play starchess --help")
  t.ok(out:find("\n   2  plays the paper's request list", 1, true) and
       out:find("\n  10  the stronger player (algo = \"strong\")", 1, true),
       "play starchess --help lists the levels in words")
end

t.done()
