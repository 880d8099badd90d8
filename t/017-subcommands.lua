package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 017-subcommands.lua: stratagem perft, games, help, bench and play.
local t = require "tap"
local _   -- the results of t.run that a claim does not use
local S = t.q(t.stratagem)

local out, err, code = t.run(S .. " perft tictactoe 9")
t.like(out, "^perft%(9%) = 127872 ", "perft tictactoe 9")
t.is(code, 0, "exit 0")
out = t.run(S .. " perft tictactoe 2 --divide")
local sum, lines = 0, 0
for _, n in out:gmatch("(%w+): (%d+)\n") do sum, lines = sum + tonumber(n), lines + 1 end
t.is(lines, 9, "--divide lists the 9 first moves")
t.is(sum, 72, "their counts add up to perft(2)")
t.like(out, "perft%(2%) = 72", "and the total is printed")
out = t.run(S .. " perft tictactoe 'x.o/.x./...' 1")
t.like(out, "perft%(1%) = 6 ", "perft from a position")
_, err, code = t.run(S .. " perft tictactoe deep")
t.like(err, "depth must be a whole number from 0 to 63, got 'deep'", "a bad depth is explained")
local _, perr64, pcode64 = t.run(S .. " perft chess 64")
t.ok(pcode64 == 2 and perr64:find("depth must be a whole number from 0 to 63, got '64'", 1, true)
     and not perr64:find("traceback"), "perft 64: refused with a message, no traceback")
t.is(code, 2, "and exits 2")
_, err, code = t.run(S .. " perft chequers 3")
t.like(err, "unknown game 'chequers'", "an unknown game is named")
t.is(code, 2, "exit 2")
_, err, code = t.run(S .. " perft tictactoe 'x/y' 2")
t.like(err, "position: rank 3: 'x' has 1 square; expected 3 squares", "a malformed position is explained")
t.is(code, 2, "exit 2")
_, err, code = t.run(S .. " perft")
t.like(err, "usage: stratagem perft GAME", "perft alone prints its usage")

out, _, code = t.run(S .. " games")
t.like(out, "tictactoe%s+tic%-tac%-toe", "games lists tic-tac-toe")
out = t.run(S .. " help")
t.like(out, "stratagem play GAME", "help lists the subcommands")
out = t.run(S .. " help perft")
t.like(out, "usage: stratagem perft", "help SUBCOMMAND describes one")
-- --help and -h: every subcommand prints its usage and help (a few screens at most), exits 0
-- and does nothing else
for _, name in ipairs({"games", "perft", "play", "prefs", "match", "bench", "uci", "help"}) do
  for _, flag in ipairs({"--help", "-h"}) do
    out, err, code = t.run(S .. " " .. name .. " " .. flag, "")
    t.ok(code == 0 and err == "" and out:find("^usage: stratagem " .. name) and
         select(2, out:gsub("\n", "")) <= 50,
         ("%s %s: the usage and help on standard output, exit 0 (%d, %s)"):format(name, flag,
                                                                                   code, err))
  end
end
out, _, code = t.run(S .. " play starchess --seed 3 --help", "")
t.ok(code == 0 and out:find("several separated by ';'", 1, true) and not out:find("turn 1"),
     "play GAME ... --help: the usage and the game's commands, no game")
out = t.run(S .. " bench tictactoe --help")
t.ok(not out:find("perft"), "bench --help runs no benchmark")
out = t.run(S .. " help play")
t.like(out, "board +draw the board", "help play lists the commands of the game's prompt too")
_, err, code = t.run(S .. " frobnicate")
t.like(err, "unknown subcommand 'frobnicate'", "an unknown subcommand is named")
t.is(code, 2, "exit 2")

out, _, code = t.run(S .. " bench tictactoe")
t.like(out, "tictactoe perft 9%s+127872 leaves", "bench prints the perft figures")
t.like(out, "solve %(alpha%-beta, table%)%s+score 0, depth 9", "and the solve")
t.is(code, 0, "exit 0")
_, err, code = t.run(S .. " bench go")
t.like(err, "no benchmark for 'go'", "bench of an unknown game")
t.like(err, "connect4", "the games named as having one include those without their own")
t.is(code, 2, "exit 2")

-- a game without a benchmark of its own gets the generic one: perft at the first depth taking
-- 0.1 s, random playouts, the game's default search
do
  local sg = require "stratagem"
  out, err, code = t.run(S .. " bench connect4")
  t.is(code, 0, "generic bench: exit 0")
  local d, n = out:match("connect4 perft (%d+)%s+(%d+) leaves")
  t.ok(d and tonumber(d) >= 1 and tonumber(d) <= 12, "generic bench: a perft depth from 1 to 12")
  t.is(tonumber(n), sg.new("connect4"):perft(tonumber(d) or 1),
       "generic bench: the perft count of that depth")
  t.like(out, "connect4 random playouts%s+21 games, %d+ moves, median [%d.]+ M moves/s",
         "generic bench: random playouts")
  local np, nodes = out:match("connect4 alphabeta depth 8 (%d) positions,%s+(%d+) nodes")
  t.ok(np and tonumber(np) >= 1 and tonumber(nodes) > 0,
       "generic bench: the default search (alpha-beta to depth 8) on random positions")
end

-- play: a person (standard input) against the AI
out, err, code = t.run(S .. " play tictactoe --seats human,ai --seed 3",
                       "help\nmoves\nzz\nb2\nb2\nundo\nb2\nquit\n")
t.like(out, "Type a move in the game's notation", "help explains the commands")
t.like(out, "a1 b1 c1 a2 b2 c2 a3 b3 c3", "moves lists the legal moves")
t.like(out, "malformed move 'zz': expected a square a1 to c3", "a wrong move is explained")
t.like(out, "illegal move 'b2': b2 is already taken", "an illegal move names the rule")
t.like(out, "o %(AI%) plays %a%d", "the AI answers")
t.like(out, "2  %. x %.", "the board is drawn after the moves")
t.is(code, 0, "quit ends with exit 0")
out, _, code = t.run(S .. " play tictactoe --seats ai,ai --seed 5")
t.like(out, "Drawn%.\n$", "two AIs draw")
t.is(code, 0, "exit 0")
-- the human cannot beat the AI: play the first legal move each turn to the end
local input = ("a1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n"):rep(3)
out = t.run(S .. " play tictactoe --seats human,ai", input)
t.ok(out:find("o wins%.\n$") or out:find("Drawn%.\n$"), "the game is played to its end")
t.ok(not out:find("x wins"), "a naive human does not beat the AI")
_, err, code = t.run(S .. " play tictactoe --seats human")
t.like(err, "give 2 seats", "a wrong number of seats is explained")
t.is(code, 1, "exit 1")
_, err, code = t.run(S .. " play tictactoe --seats human,robot")
t.like(err, "a seat is 'human' or 'ai', got 'robot'", "an unknown seat is explained")
t.is(code, 2, "exit 2")
-- rules, weights and AI settings from the command line
out, _, code = t.run(S .. " play starchess --rules start_materials=2000,start_credits=1500 --ai turns=0", "quit\n")
t.like(out, "player 1  materials  2000  credits  1500", "--rules sets rules constants")
t.is(code, 0, "exit 0")
out = t.run(S .. " play tictactoe --seats ai,ai --ai depth=1", "")
t.like(out, "depth 1,", "--ai sets the AI's search options")
_, err, code = t.run(S .. " play starchess --ai turnz=1", "quit\n")
t.like(err, "%-%-ai: turnz %(algo 'predict'%): unknown option; expected one of: algo, turns,", "an unknown AI option is refused at once")
t.is(code, 1, "exit 1")
out, err, code = t.run(S .. " play othello --seats ai,ai --ai algo=random --no-prefs", "")
t.ok(code == 0 and out:find("wins%.\n$") or out:find("Drawn%.\n$"),
     "--ai algo=random: the defaults random play does not take (depth) are left out " .. tostring(err))
_, err, code = t.run(S .. " play othello --seats ai,ai --ai algo=random,depth=3 --no-prefs", "")
t.like(err, "%-%-ai: depth %(algo 'random'%): not an option of this algorithm", "but a depth given with it is refused")
t.is(code, 1, "exit 1")
out, err, code = t.run(S .. " play chexers --seats ai,ai,ai --ai algo=mcts,iterations=20 --no-prefs", "")
t.ok(code == 0 and out:find("%(AI%) plays [^\n]*%[0%.%d%d%d %(mean result%), depth"),
     "--ai algo=mcts on chexers: maxn's depth from the defaults left out, MCTS's reward shown " .. tostring(err))
-- Othello and draughts in the terminal: AIs to the end, a person with a variant
out, _, code = t.run(S .. " play othello --seats ai,ai --ai depth=1 --no-prefs")
t.ok(out:find("black wins%.\n$") or out:find("white wins%.\n$") or out:find("Drawn%.\n$"),
     "two Othello AIs play to the end")
t.like(out, "black %(AI%) plays", "each move is printed")
t.is(code, 0, "exit 0")
out, _, code = t.run(S .. " play draughts --seats ai,ai --ai depth=2 --no-prefs")
t.ok(out:find("black wins%.\n$") or out:find("white wins%.\n$") or out:find("Drawn%.\n$"),
     "two draughts AIs play to the end")
out = t.run(S .. " play draughts --variant capture=huff --no-prefs", "11-15\n22-18\n15x22\nquit\n")
t.like(out, "white %(AI%) plays", "a person plays draughts against the AI")
_, err, code = t.run(S .. " play draughts --variant capture=hufff --no-prefs", "quit\n")
t.like(err, "variant%.capture must be one of 'compulsory', 'huff', got 'hufff'",
       "a misspelled variant name lists the valid ones")
t.is(code, 1, "exit 1")
_, err, code = t.run(S .. " play starchess --rules start_gold=5", "quit\n")
t.like(err, "unknown rules key 'start_gold'", "an unknown rules key is refused")
_, err, code = t.run(S .. " play starchess --weights ship_weight", "quit\n")
t.like(err, "expected key=value pairs", "a malformed pair list is explained")
t.is(code, 2, "exit 2")
_, err, code = t.run(S .. " play")
t.like(err, "which game%?", "play without a game asks which")
t.is(code, 2, "exit 2")

-- a scenario on the command line: a file that returns the table, or a name the game knows
out, err, code = t.run(S .. " play warchess " .. t.q(t.srcdir .. "/scenarios/warchess/river.lua") ..
                       " --seats ai,ai --no-prefs")
t.ok(code == 0 and out:find("u1  red  knight") and out:find("wins%.") ~= nil,
     "play warchess river.lua: two AIs to the end (" .. err .. ")")
out, _, code = t.run(S .. " play warchess skirmish --seats ai,ai --no-prefs")
t.ok(code == 0 and (out:find("wins%.") or out:find("Drawn%.")) ~= nil, "play warchess skirmish")
_, err, code = t.run(S .. " play tictactoe somewhere")
t.ok(code == 2 and err:find("tictactoe takes no scenario", 1, true), "a game without scenarios")
_, err = t.run(S .. " play warchess ./no-such-map.lua")
t.like(err, "scenario: cannot open ./no%-such%-map.lua", "a missing scenario file")
-- every subcommand's help (the list from the program itself): what it does, each option of
-- its usage line under Options, an example
local names = {}
for name in t.run(S .. " help"):gmatch("\n  stratagem (%S+)") do names[#names + 1] = name end
t.ok(#names >= 16, "stratagem help lists the subcommands (" .. #names .. ")")
for _, name in ipairs(names) do
  local o, e, c = t.run(S .. " " .. name .. " --help")
  local usage, desc = o:match("^usage: ([^\n]*)\n  (%u[^\n]+)\n")
  local opts = o:match("\nOptions:\n(.-)\nExample:\n")
  local missing = {}
  for flag in (usage or ""):gmatch("%f[%w-]%-%-?%a[%w-]*") do
    if not (opts or ""):find("%f[%w-]" .. flag:gsub("%p", "%%%0") .. "%f[^%w-]") then
      missing[#missing + 1] = flag
    end
  end
  t.ok(c == 0 and e == "" and desc and opts and #missing == 0 and
       o:find("\nExample:\n  stratagem " .. name .. "[ \n]"),
       name .. " --help: a description, every option under Options, an example" ..
       (#missing > 0 and " (not under Options: " .. table.concat(missing, " ") .. ")" or ""))
end
local ph = t.run(S .. " play --help")
t.ok(ph:find("\n  %-%-save FILE ") and ph:find("\n  %-%-force "), "play --help: --save FILE and --force")
local og = t.run(S .. " play othello --help")
t.ok(og:find("\nothello: Othello", 1, false) and og:find("\nMoves: a square a1 to h8") and
     og:find("forfeit_on_illegal=false", 1, true) and og:find("\n  10  [^\n]+") and
     og:find("\nExample: stratagem play othello "), "play othello --help: title, notation, variants, the ten levels, an example")
t.is(t.run(S .. " help play othello"), og, "the same as stratagem help play othello")

t.done()
