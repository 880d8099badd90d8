package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 032-match.lua: child processes (core.spawn), the Elo estimate, and the match runner end to end
-- with fake UCI engines (t/fake-uci.lua): results, PGN, crashes, illegal moves, time losses,
-- adjudication, openings, signals to the runner, and stratagem match on the command line.
local t = require "tap"
local _   -- the results of t.run that a claim does not use
local sg = require "stratagem"
local core = require "stratagem.core"
local match = require "stratagem.match"

-- ---- core.spawn ----
local p = assert(core.spawn({"cat"}))
t.ok(math.type(p:pid()) == "integer" and p:pid() > 0, "spawn cat: a process with a pid")
t.like(tostring(p), "^process %(pid %d+%)$", "tostring names the type")
t.ok(p:send("hello"), "send a line")
t.is(p:recv(5), "hello", "recv the line back, without the newline")
p:send("a\r")
p:send("b")
t.is(p:recv(5), "a", "a carriage return before the newline is dropped")
t.is(p:recv(5), "b", "lines come in order")
local t0 = sg.clock()
local line, why = p:recv(0.2)
local waited = sg.clock() - t0
t.ok(line == nil and why == "timeout", "nothing to read: nil, 'timeout'")
-- (a lower bound only: a loaded machine may make any wait longer, never shorter)
t.ok(waited >= 0.15, ("recv waits for its timeout (%.2f s for 0.2)"):format(waited))
line, why = p:recv(0)
t.is(why, "timeout", "a zero timeout polls")
local big = ("x"):rep(100000)
p:send(big)
t.is(p:recv(5), big, "a 100 kB line arrives whole")
local code, how = p:close()
t.ok(code == 0 and how == "exit", "close: cat sees its input end and exits 0")
line, why = p:recv(1)
t.is(why, "eof", "recv after close: nil, 'eof'")
t.errors(function() p:send("x") end, "send: the process's input is closed", "send after close")

-- core.wait_any: the first of several processes with a line, without spinning
do
  local slow = assert(core.spawn({"sh", "-c", "sleep 2; echo slow"}))
  local quick = assert(core.spawn({"sh", "-c", "sleep 0.2; echo quick"}))
  t.is(core.wait_any({slow, quick}, 5), 2, "wait_any: the process that answers first")
  t.is(quick:recv(0), "quick", "its line is there at once")
  t.is(core.wait_any({slow}, 0.1), nil, "wait_any: nil when none answers within the timeout")
  t.errors(function() core.wait_any({}) end, "expected an array of 1 to 256 processes",
           "wait_any of no process")
  slow:close(0)
  quick:close(0)
end

p = assert(core.spawn({"sh", "-c", "echo one; printf two; exit 3"}))
t.is(p:recv(5), "one", "sh: first line")
t.is(p:recv(5), "two", "a last line without a newline")
line, why = p:recv(5)
t.ok(line == nil and why == "eof", "then nil, 'eof'")
code, how = p:close()
t.ok(code == 3 and how == "exit", "close returns the exit code (3)")
t.is(select(2, p:close()), "exit", "closing again gives the same status")

p = assert(core.spawn({"sh", "-c", "exit 0"}))
p:recv(5)
t0 = sg.clock()
while p:alive() and sg.clock() - t0 < 5 do end   -- its input may close a moment after its output
t.ok(not p:alive(), "alive is false once the child has ended")
local ok, err = p:send("x")
t.ok(ok == nil and err:find("has exited"), "send to a process that has gone: nil, message")
p:close()

p = assert(core.spawn({"sleep", "30"}))
code, how = p:close(0.1)
t.ok(how == "signal" and code == 9, "close kills a child that does not end within the grace")

local pid
do
  local q <close> = assert(core.spawn({"sleep", "30"}))
  pid = q:pid()
  t.ok(q:alive(), "alive while running")
end
t.ok(not os.execute("kill -0 " .. pid .. " 2>/dev/null"), "leaving a <close> scope kills the child")
p = assert(core.spawn({"sh", "-c", "echo out; echo err >&2"}, {stderr = "null"}))
t.is(p:recv(5), "out", "stderr = 'null' leaves standard output alone")
p:close()

local none, msg = core.spawn({"no-such-program-xyz", "--flag"})
t.is(none, nil, "a missing program: nil")
t.is(msg, "spawn: cannot run 'no-such-program-xyz': No such file or directory",
     "and a message naming it and the reason")
none, msg = core.spawn({"/etc/passwd"})
t.like(msg, "^spawn: cannot run '/etc/passwd': Permission denied", "a file that is not a program")
t.errors(function() core.spawn({}) end, "spawn: expected an array of the program", "an empty argv")
t.errors(function() core.spawn({"cat", 3}) end, "argument 2 must be a string", "a number in argv")
t.errors(function() core.spawn({"cat"}, {stdin = "x"}) end, "unknown option 'stdin'",
         "an unknown option is named")
t.errors(function() core.spawn({"cat"}, {stderr = "file"}) end, "stderr must be 'inherit' or 'null'",
         "a bad stderr mode")
p = assert(core.spawn({"cat"}))
t.errors(function() p:recv(-1) end, "timeout must be a number of seconds", "a negative timeout")
p:close()

-- ---- Elo ----
local e = match.elo(60, 20, 20)
t.ok(math.abs(e.elo - 147.19) < 0.01, ("70%% score: +147.2 Elo (%.2f)"):format(e.elo))
t.ok(math.abs(e.margin - 66.01) < 0.01, ("trinomial 95%% margin 66.0 (%.2f)"):format(e.margin))
t.is(match.elo(5, 5, 5).text, "+0.0 +/- 152.7", "an even score")
t.is(match.elo(0, 10, 0).margin, 0, "all draws: no spread")
e = match.elo(10, 0, 0)
t.is(e.elo, math.huge, "every game won: infinite difference")
t.is(e.text, "+inf (every game won; 95% lower bound +140)", "reported with its 95% lower bound")
t.is(e.bound, match.elo_of(0.025 ^ (1 / 10)), "the score whose 10th power is 2.5%")
t.is(match.elo(0, 0, 10).text, "-inf (every game lost; 95% upper bound -140)", "and every game lost")
t.like(match.elo(1, 1, 0).text, "^%+190%.8 %+/%- inf$", "an interval that reaches 100%: inf")

t.is_deeply(match.split_command([[a "b c" d\ e 'f "g']]), {"a", "b c", "d e", 'f "g'},
            "command lines split like a shell's words")
t.is(select(2, match.split_command('"x')), "unterminated \" quote in '\"x'", "an open quote")

-- ---- the match runner ----
local S, F = t.stratagem, t.srcdir .. "/t/fake-uci.lua"
local function fake(...) return {t.stratagem, F, ...} end
local tmp = os.tmpname()

local res = match.run{engines = {{cmd = fake("seed=1", "name=alpha")}, {cmd = fake("seed=2", "name=beta")}},
                      games = 4, tc = "5+0.1", max_moves = 60, pgn = tmp, progress = false}
t.is(res.games, 4, "four games")
t.is(res.wins + res.draws + res.losses, 4, "each counted once")
t.is_deeply(res.names, {"alpha", "beta"}, "the engines' names from 'id name'")
t.is(res.records[1].white, "alpha", "engine 1 has white in game 1")
t.is(res.records[2].white, "beta", "and black in game 2")
t.is(res.records[1].opening, res.records[2].opening, "games 1 and 2 share an opening")
t.isnt(res.records[3].opening, res.records[1].opening, "game 3 has another")
local games = assert(sg.chess.pgn.load(tmp))
t.is(#games, 4, "the PGN file holds the four games")
t.is(games[2].tags.White, "beta", "with White")
t.is(games[2].tags.Result, res.records[2].result, "Result")
t.is(games[2].tags.TimeControl, "5+0.1", "TimeControl")
t.ok(games[2].tags.Termination, "and Termination tags")
t.is(games[4].game:fen(), res.records[4].game:fen(), "the games read back to their last position")
local again = match.run{engines = {{cmd = fake("seed=1")}, {cmd = fake("seed=2")}},
                        games = 2, tc = "5+0.1", max_moves = 60, progress = false}
t.is(again.names[1], "fake-random (1)", "two engines of one name are told apart")
t.is(again.records[1].opening, res.records[1].opening, "the seed fixes the opening order")
t.is(table.concat(again.records[1].game:history(), " "), table.concat(res.records[1].game:history(), " "),
     "and deterministic engines replay the same game")

-- a game that runs long is drawn at the move limit
res = match.run{engines = {{cmd = fake("seed=3")}, {cmd = fake("seed=4")}}, games = 1,
                max_moves = 6, progress = false}
t.is(res.records[1].result, "1/2-1/2", "max_moves: a draw")
t.like(res.records[1].reason, "move limit", "by the move limit")
local opening_plies = 0
for _, o in ipairs(match.OPENINGS) do
  if o.name == res.records[1].opening then
    for _ in o.moves:gmatch("%S+") do opening_plies = opening_plies + 1 end
  end
end
t.is(#res.records[1].game:history(), opening_plies + 6, "six moves after the opening's")

-- an engine that plays an illegal move loses
res = match.run{engines = {{cmd = fake("seed=5")}, {cmd = fake("mode=illegal", "after=2")}},
                games = 2, movetime = 0.05, progress = false}
t.is(res.wins, 2, "an illegal move loses the game, with either colour")
t.is(res.records[1].termination, "rules infraction", "Termination: rules infraction")
t.like(res.records[1].reason, "^Black %(fake%-illegal%) plays an illegal move 'e1e1'$",
       "the reason names the side, the engine and the move")
t.is(res.records[2].result, "0-1", "game 2: the illegal mover has white and loses")

-- an engine that crashes loses, and is started again for the next game
res = match.run{engines = {{cmd = fake("seed=6")}, {cmd = fake("mode=crash", "after=2")}},
                games = 2, movetime = 0.05, progress = false}
t.is(res.wins, 2, "a crash loses the game, and the engine is restarted for the next")
t.is(res.records[1].termination, "abandoned", "Termination: abandoned")
t.like(res.records[1].reason, "crashed %(exit code 3%)", "the reason says how it ended")

-- an engine that does not answer loses on time, and is killed and restarted
res = match.run{engines = {{cmd = fake("seed=7")}, {cmd = fake("mode=hang", "after=2")}},
                games = 2, movetime = 0.05, progress = false}
t.is(res.wins, 2, "an engine that never answers loses on time, twice")
t.is(res.records[2].termination, "time forfeit", "Termination: time forfeit")
t.like(res.records[2].reason, "loses on time", "the reason")
res = match.run{engines = {{cmd = fake("seed=7")}, {cmd = fake("mode=hang", "after=3")}},
                games = 1, depth = 3, timeout = 1, progress = false}
t.like(res.records[1].reason, "did not answer 'go' within 1 s", "under --depth: unresponsive")

-- adjudication from the engines' scores
res = match.run{engines = {{cmd = fake("seed=8", "score=1500")}, {cmd = fake("seed=9", "score=-1500")}},
                games = 2, resign = true, progress = false}
t.is(res.wins, 2, "both engines agree engine 1 is winning: it wins by adjudication")
t.is(res.records[1].termination, "adjudication", "Termination: adjudication")
t.is(#res.records[1].game:history() - #res.records[2].game:history(), 0,
     "after the same number of moves with either colour")
res = match.run{engines = {{cmd = fake("seed=8")}, {cmd = fake("seed=9")}}, games = 1,
                draw = {after = 1, moves = 2}, progress = false}
t.is(res.draws, 1, "level scores after move 1 for 2 moves each: a draw")
t.like(res.records[1].reason, "draw by adjudication", "by adjudication")

-- openings: FEN/EPD lines and PGN files
local epd = os.tmpname()
local f = assert(io.open(epd, "w"))
f:write("# two positions\n",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"three\";\n",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n")
f:close()
local list = assert(match.load_openings(epd))
t.is(#list, 2, "load_openings: two EPD/FEN lines")
t.is(list[1].name, "three", "an EPD id names the opening")
res = match.run{engines = {{cmd = fake("seed=1")}, {cmd = fake("seed=2")}}, games = 2,
                openings = list, max_moves = 4, seed = 5, progress = false}
local starts = {}
for _, r in ipairs(res.records) do starts[#starts + 1] = r.game:position(true):match("^%S+") end
t.ok(starts[1] == starts[2] and (starts[1] == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R" or
     starts[1] == "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR"), "games start from the file's positions")
f = assert(io.open(epd, "w"))
f:write("rnbqkbnr/pppppppp/8/8 w\n")
f:close()
local nl, nmsg = match.load_openings(epd)
t.ok(nl == nil and nmsg:find(":1: "), "a bad line is named by its number")
sg.chess.pgn.save(epd, {sg.new("chess"):play("d4"):play("d5")})
list = assert(match.load_openings(epd))
t.is(table.concat(list[1].moves, " "), "d2d4 d7d5", "a PGN file of openings")
-- a file of many games: each opening's position and moves, the games not kept; lines of
-- movetext without tags too; a file that never ends is refused at the limit
local lines, firsts = {}, {"e4", "d4", "c4", "Nf3"}
for i = 1, 3000 do
  lines[i] = (i % 2 == 0 and ('[Event "o%d"]\n\n'):format(i) or "") ..
             ("1. %s { [%%eval 0.1] [%%clk 0:01:00] } 1... Nf6 $1 2. g3 g6 *\n"):format(firsts[i % 4 + 1])
end
f = assert(io.open(epd, "w"))
f:write(table.concat(lines, "\n"))
f:close()
list = assert(match.load_openings(epd))
local uci = {e4 = "e2e4", d4 = "d2d4", c4 = "c2c4", Nf3 = "g1f3"}
local right = #list == 3000
for i, o in ipairs(list) do
  right = right and table.concat(o.moves, " ") == uci[firsts[i % 4 + 1]] .. " g8f6 g2g3 g7g6"
          and o.name == (i % 2 == 0 and "o" .. i or nil)
end
t.ok(right, "3000 PGN games (half without tags) as openings: each one's moves and name")
os.remove(epd)
nl, nmsg = match.load_openings("/dev/zero")
t.ok(nl == nil and nmsg:find("/dev/zero is larger than 64 MB", 1, true),
     "an openings file that never ends is refused at its limit: " .. tostring(nmsg))
for i, o in ipairs(match.OPENINGS) do
  local g = sg.new("chess")
  local good = pcall(function() for m in o.moves:gmatch("%S+") do g:play(m) end end)
  if not good then t.ok(false, "built-in opening " .. i .. " (" .. o.name .. ") is legal") end
end
t.ok(#match.OPENINGS >= 30, #match.OPENINGS .. " built-in openings, all legal")

-- engines that cannot be used, and bad settings
t.errors(function() match.run{engines = {{cmd = "no-such-engine-xyz"}, {cmd = fake()}}, progress = false} end,
         "match: engine 1: spawn: cannot run 'no%-such%-engine%-xyz': No such file or directory",
         "a missing engine is named")
t.errors(function() match.run{engines = {{cmd = fake(), options = {Hsh = 16}}, {cmd = fake()}},
                              progress = false} end,
         "engine 1 %(fake%-random%) has no UCI option 'Hsh' %(its options: Hash, Skill Level%)",
         "an unknown UCI option is named with the engine's options")
t.errors(function() match.run{engines = {{cmd = {"cat"}}, {cmd = fake()}}, timeout = 0.3,
                              progress = false} end,
         "engine 1 %(cat%): no 'uciok' in answer to 'uci' %(nothing within 0%.3 s%)",
         "a program that does not speak UCI")
t.errors(function() match.run{engines = {{cmd = "x"}, {cmd = "y"}}, gmaes = 2} end,
         "match: unknown setting 'gmaes'", "a misspelled setting")
t.errors(function() match.run{engines = {{cmd = "x"}, {cmd = "y"}}, tc = "5+0", depth = 3} end,
         "give one of tc, movetime, depth and nodes", "two time controls")
t.errors(function() match.run{engines = {{cmd = "x"}}} end, "engines must be an array of two",
         "one engine")
t.errors(function() match.run{engines = {{cmd = "x"}, {cmd = "y"}}, resign = {scroe = 1}} end,
         "resign: unknown key 'scroe'", "a misspelled adjudication key")

-- ---- an SPRT over the game pairs (--sprt) ----
res = match.run{engines = {{cmd = {S, "uci"}}, {cmd = fake("seed=9")}}, depth = 2,
                sprt = {elo0 = 0, elo1 = 50}, max_moves = 200, progress = false}
t.is(res.sprt and res.sprt.verdict, "H1", "sprt: stratagem at depth 2 against random moves: H1")
t.ok(res.games % 2 == 0 and res.games < 20000 and res.sprt.pairs == res.games / 2,
     "it stopped after a whole pair, long before the default 20000 games")
t.like(match.report(res), "SPRT: H1 accepted: .- is stronger; LLR [%d.]+ %(bounds %-2%.944, 2%.944%)",
       "the report gives the verdict and the bounds")
res = match.run{engines = {{cmd = fake("seed=9")}, {cmd = {S, "uci"}}}, depth = 2,
                sprt = {elo1 = 50}, max_moves = 200, progress = false}
t.is(res.sprt.verdict, "H0", "sprt: random moves against stratagem: H0")
t.errors(function() match.run{engines = {{cmd = fake()}, {cmd = fake()}}, sprt = {elo2 = 1}} end,
         "sprt: unknown key 'elo2'", "sprt: an unknown key")
t.errors(function() match.run{engines = {{cmd = fake()}, {cmd = fake()}}, sprt = {elo1 = -1}} end,
         "elo1 (-1) must be above elo0 (0)", "sprt: elo1 below elo0", true)

-- ---- stratagem match on the command line ----
local q = t.q
local E1 = q(S .. " " .. F .. " seed=3 name=one")
local E2 = q(S .. " " .. F .. " seed=4 name=two")
local out, errs, rc = t.run(q(S) .. " match --engine1 " .. E1 .. " --engine2 " .. E2 ..
                            " --games 2 --movetime 20ms --max-moves 40 --option2 'Skill Level=3'" ..
                            " --option Hash=8 --pgn " .. q(tmp))
t.is(rc, 0, "stratagem match: exit 0")
t.like(out, "^one vs two: 2 games, %+%d+ =%d+ %-%d+", "the summary line")
t.like(out, "\nElo difference: [^\n]*95%%", "the Elo difference")
t.like(errs, "%[2/2%] one vs two: %+%d+ =%d+ %-%d+  Elo ", "a progress line on standard error")
t.is(#assert(sg.chess.pgn.load(tmp)), 2, "and the PGN file")
os.remove(tmp)
_, errs, rc = t.run(q(S) .. " match --engine1 no-such-engine-xyz --engine2 " .. E2 .. " --quiet")
t.like(errs, "stratagem: match: engine 1: spawn: cannot run 'no%-such%-engine%-xyz': No such file",
       "a missing engine binary on the command line")
t.is(rc, 1, "exit 1")
_, errs, rc = t.run(q(S) .. " match --engine1 x --engine2 y --tc fast")
t.like(errs, "%-%-tc: expected BASE%+INC", "a bad time control")
t.is(rc, 2, "exit 2")
_, errs, rc = t.run(q(S) .. " match --engine1 x")
t.like(errs, "give the engines with %-%-engine1 CMD %-%-engine2 CMD", "a missing engine")
_, errs, rc = t.run(q(S) .. " match --engine1 x --engine2 y --option1 Hash")
t.like(errs, "%-%-option1: expected NAME=VALUE", "a malformed option")

-- the program's own engine, and Stockfish when it is installed
if require("stratagem.cli").commands.uci then
  out, errs, rc = t.run(q(S) .. " match --engine1 " .. q(S .. " uci") .. " --engine2 " .. E2 ..
                        " --games 2 --movetime 50ms --max-moves 60 --quiet")
  t.is(rc, 0, "stratagem uci plays a match: " .. (errs:match("[^\n]*") or ""))
  t.like(out, "2 games", "two games")
else
  t.skip("no stratagem uci subcommand", 2)
end
local sf = require("stratagem.bench").stockfish()   -- on PATH, or Debian's /usr/games
if sf then
  res = match.run{engines = {{cmd = sf}, {cmd = fake("seed=1")}}, games = 2,
                  movetime = 0.01, max_moves = 200, progress = false}
  t.is(res.games, 2, "two quick games against Stockfish")
  t.is(res.losses, 0, "Stockfish does not lose to random moves")
else
  t.skip("stockfish is not installed", 2)
end

-- an engine's leftovers: a process it started in the background ends with it (each engine
-- leads a process group of its own, and the group is ended when the engine is closed)
do
  local pcore = require "stratagem.core"
  local p = assert(pcore.spawn({"sh", "-c", "sleep 300 & echo $!; exec cat"}))
  local bg = p:recv(5)
  t.ok(bg and bg:match("^%d+$"), "the engine started a background process: " .. tostring(bg))
  p:close(0)
  os.execute("sleep 0.3")
  local f = io.open("/proc/" .. bg .. "/status")
  local state = f and f:read("a"):match("State:%s*(%a)") or "gone"
  if f then f:close() end
  t.ok(state == "gone" or state == "Z", "and it was ended with the engine (state " .. state .. ")")
end

-- SIGTERM, SIGHUP and SIGKILL to stratagem match: a busy engine (one spinning on go, not
-- reading its input) does not outlive the runner.  TERM and HUP end the engines' groups, with
-- what they started in the background, and exit 128 + the signal; on KILL the kernel kills the
-- engine with its parent (Linux).  The waits are bounds on a hang (20 s), not timings.
do
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. q(dir))
  local polls = math.ceil(400 * t.slow)
  local wants = {TERM = 143, HUP = 129}
  -- a SIGHUP ignored by whoever started the tests (nohup) stays ignored in match, as nohup asks
  local sf = io.open("/proc/self/status")
  local ign = sf and sf:read("a"):match("SigIgn:%s*(%x+)")
  if sf then sf:close() end
  local hup_ignored = ign and tonumber(ign:sub(-1), 16) & 1 == 1
  for _, sig in ipairs({"TERM", "HUP", "KILL"}) do
    if sig == "HUP" and hup_ignored then
      t.skip("SIGHUP is ignored in this environment (nohup): match keeps it ignored", 3)
      goto next
    end
    local pidf = dir .. "/pids." .. sig
    local e1 = q(S) .. " " .. q(F) .. " mode=spin pids=" .. q(pidf)
    local script = table.concat({
      "gone() { ! kill -0 $1 2>/dev/null || grep -q '^State:.*Z' /proc/$1/status 2>/dev/null; }",
      q(S) .. " match --engine1 " .. q(e1) .. " --engine2 " .. q(q(S) .. " " .. q(F)) ..
        " --games 2 --movetime 600000 --quiet 2>" .. q(dir .. "/err") .. " &",
      "m=$!",
      "i=0; while [ ! -s " .. q(pidf) .. " ] && [ $i -lt " .. polls .. " ]; do sleep 0.05; i=$((i+1)); done",
      "kill -" .. sig .. " $m",
      -- bounded: a runner that does not end is killed, and the test fails on its exit code
      "i=0; while ! gone $m && [ $i -lt " .. polls .. " ]; do sleep 0.05; i=$((i+1)); done",
      "gone $m || kill -9 $m",
      "wait $m; echo \"code $?\"",
      "read e c < " .. q(pidf) .. " || exit 1",
      "echo \"pids $e $c\"",
      "i=0; while ! { gone $e && gone $c; } && [ $i -lt " .. polls .. " ]; do sleep 0.05; i=$((i+1)); done",
      "gone $e && echo engine-gone",
      "gone $c && echo child-gone",
      "kill -9 $e $c 2>/dev/null; exit 0",
    }, "\n")
    local so = t.run("sh -c " .. q(script))
    local rc = tonumber(so:match("code (%d+)"))
    t.ok(so:find("pids %d+ %d+") and so:find("engine-gone", 1, true),
         "match killed by SIG" .. sig .. ": the busy engine is gone too (" .. so:gsub("\n", " ") .. ")")
    if sig ~= "KILL" then
      t.ok(so:find("child-gone", 1, true), "SIG" .. sig .. ": and the process the engine started")
      local ef = io.open(dir .. "/err")
      local etext = ef and ef:read("a") or ""
      if ef then ef:close() end
      t.ok(rc == wants[sig] and etext:find("interrupted! (SIG" .. sig, 1, true),
           "SIG" .. sig .. ": exit " .. wants[sig] .. " and a message (exit " .. tostring(rc) ..
           ", " .. etext:gsub("\n", " ") .. ")")
    end
    ::next::
  end
  os.execute("rm -rf " .. q(dir))
end

out, err, code = t.run(t.q(S) .. " match --engine1 " .. t.q(t.q(S) .. " uci") .. " --engine2 " ..
                       t.q(t.q(S) .. " " .. t.q(F) .. " seed=9") ..
                       " --depth 2 --max-moves 200 --sprt elo1=50 --quiet")
t.ok(code == 0 and out:find("SPRT: H1 accepted", 1, true), "match --sprt elo1=50 on the command line")
out, err, code = t.run(t.q(S) .. " match --engine1 a --engine2 b --sprt elo1")
t.like(err, "%-%-sprt: expected elo0=E,elo1=E,alpha=A,beta=B", "a malformed --sprt")

t.done()
