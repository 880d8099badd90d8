-- 071-interrupt.lua: Ctrl-C (SIGINT) stops every long-running subcommand and every search
-- promptly, with a message, and a search's `time` is honoured.  The waits are wall-clock on a
-- shared machine, so the bounds here are loose (2 s to stop, twice the time plus 0.5 s to
-- answer): they catch a search that ignores the signal or the clock, not a slow one.
-- `stratagem bench timing` measures the overshoot itself.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"
local S = t.q(t.stratagem)

-- Run cmd, send SIGINT after `after` seconds (or, given `ready`, a shell test, once it holds,
-- at most 60 s), and return the seconds it took to end after the signal (nil when it had to
-- be killed), its stderr and exit code.
local function interrupt(cmd, after, input, ready)
  local script = table.concat({
    cmd .. " 2>err.$$ &",
    "pid=$!",
    ready and "i=0; while ! " .. ready .. " && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done"
      or string.format("sleep %g", after * t.slow),
    "t1=$(date +%s.%N)",
    "kill -INT $pid",
    "i=0",
    string.format("while kill -0 $pid 2>/dev/null && [ $i -lt %d ]; do sleep 0.02; i=$((i+1)); done",
                  math.ceil(4 * t.slow / 0.02)),
    "t2=$(date +%s.%N)",
    "if kill -0 $pid 2>/dev/null; then kill -9 $pid; echo KILLED; fi",
    "wait $pid; echo \"code $?\"",
    "echo \"took $(echo \"$t2 - $t1\" | awk '{print $1 - $3}')\"",
    "cat err.$$ >&2; rm -f err.$$",
  }, "\n")
  local out, err = t.run("sh -c " .. t.q(script), input)
  local took = tonumber(out:match("took ([%d%.e%-]+)"))
  return (not out:find("KILLED")) and took or nil, err, tonumber(out:match("code (%d+)"))
end

-- Each command would run for minutes without the signal: 2 s is long enough for a loaded
-- machine and still catches one that ignores it (the 0.5 s of before failed under load)
local bound = 2 * t.slow
local function stops(what, cmd, after, input, code_ok)
  local took, err, code = interrupt(cmd, after or 0.4, input)
  t.ok(took and took <= bound and (code ~= 0 or code_ok),
       string.format("%s: stopped by Ctrl-C in %s s (exit %s)", what,
                     took and string.format("%.3f", took) or "never", tostring(code)))
  return err
end

-- subcommands
local e, code
do
  local took
  took, e, code = interrupt(S .. " perft chess 9", 0.4)
  t.ok(took and took <= bound and code == 130,
       string.format("perft: stopped by Ctrl-C in %s s (exit %s, 130 expected)",
                     took and string.format("%.3f", took) or "never", tostring(code)))
end
t.is(e, "stratagem: perft: interrupted!\n", "perft says it was interrupted in one line, no traceback")
stops("play, two AIs", S .. " play othello --seats ai,ai --delay 0 --ai depth=20", 0.8)
stops("bench", S .. " bench chess")
e = stops("solve, the Qubic proof-number solver", S .. " solve qubic --time 60")
t.like(e, "^stratagem: solve: interrupted!\n$", "solve says it was interrupted, no traceback")
stops("uci: go infinite", "(printf 'position startpos\\ngo infinite\\n'; sleep 30) | " .. S .. " uci")
stops("a script in a loop", S .. " -e 'while true do end'")
-- the lab: the games played so far are reported, the workers ended, and the checkpoint kept
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
for _, jobs in ipairs({1, 2}) do
  local took, err, code = interrupt(S .. " sprt othello --a '{search = {depth = 5, endgame = 0}}' "
    .. "--b '{search = {depth = 5, endgame = 0}, weights = {a1 = 120}}' --max-games 100000 "
    .. "--fixed --quiet --jobs " .. jobs .. " > " .. t.q(dir .. "/sprt.out"), 1)
  local out = io.open(dir .. "/sprt.out"):read("a")
  t.ok(took and took <= bound and code == 130,
       string.format("sprt --jobs %d: stopped by Ctrl-C in %s s (exit %s)", jobs,
                     took and string.format("%.3f", took) or "never", tostring(code)))
  t.like(out, "interrupted after %d+ games; the test so far:\nsprt othello: %d+ games played",
         "sprt --jobs " .. jobs .. ": the games played so far are reported")
end
t.is(t.run("pgrep -f '[s]tratagem job -' | wc -l"):match("%d+"), "0", "no worker is left running")
do
  local ck = dir .. "/tune.ckpt"
  local took, err, code = interrupt(S .. " tune othello --params a1,b1 --method spsa " ..
    "--iterations 100000 --base '{search = {depth = 4, endgame = 0}}' --quiet --checkpoint " ..
    t.q(ck), nil, nil, "grep -q 'iteration = [1-9]' " .. t.q(ck) .. " 2>/dev/null")
  t.ok(took and took <= bound and code == 130,
       string.format("tune: stopped by Ctrl-C in %s s (exit %s)",
                     took and string.format("%.3f", took) or "never", tostring(code)))
  t.like(err, "interrupted; the checkpoint keeps every finished iteration", "tune says so")
  local f = io.open(ck)
  local text = f and f:read("a") or ""
  if f then f:close() end
  t.like(text, "iteration = [1-9]", "the checkpoint holds the iterations finished")
end
os.execute("rm -rf " .. t.q(dir))
stops("the REPL running a statement (it goes on, then ends at the end of input)",
      "printf 'while true do end\\nprint(1)\\n' | " .. S, nil, nil, true)

-- searches: each algorithm with limits it would take minutes to reach
local searches = {
  {"alphabeta, chess", "chess", "{depth = 60}"},
  {"alphabeta, 2 threads", "chess", "{depth = 60, threads = 2}"},
  {"maxn, chexers", "chexers", "{algo = 'maxn', depth = 40}"},
  {"paranoid, chexers", "chexers", "{algo = 'paranoid', depth = 40}"},
  {"brs, chexers", "chexers", "{algo = 'brs', depth = 40}"},
  {"mcts, othello", "othello", "{algo = 'mcts', iterations = 1000000000}"},
  {"mcts, 2 threads", "othello", "{algo = 'mcts', iterations = 1000000000, threads = 2}"},
  {"pimc, connect4", "connect4", "{algo = 'pimc', samples = 4, depth = 40}"},
  {"ismcts, othello", "othello", "{algo = 'ismcts', iterations = 1000000000}"},
  {"othello solve", "othello", "{algo = 'solve'}"},
  {"lookahead, warchess", "warchess", "{algo = 'lookahead', depth = 8, plans = 16}"},
  {"predict, starchess, 2 threads", "starchess",
   "{algo = 'predict', turns = 8, dedupe = false, threads = 2}"},
  {"strong, starchess, 2 threads", "starchess",
   "{algo = 'strong', turns = 8, dedupe = false, threads = 2}"},
}
for _, s in ipairs(searches) do
  local chunk = string.format("local sg = require 'stratagem' local g = sg.new(%q) "
    .. "for i = 1, 8 do g:play(sg.search(g, {algo = 'random', seed = i}).move) end "
    .. "sg.search(g, %s)", s[2], s[3])
  local err = stops("search " .. s[1], S .. " -e " .. t.q(chunk))
  t.like(err, "interrupted!", "search " .. s[1] .. ": the error says so")
end

-- MultiPV in gentle mode (as at a terminal): Ctrl-C ends the search, which returns its lines
do
  local chunk = "local sg = require 'stratagem' require('stratagem.term').gentle(true) "
    .. "local g = sg.new('chess') local r = sg.search(g, {depth = 60, multipv = 3}) "
    .. "local seen, n = {}, 0 for _, l in ipairs(r.lines) do "
    .. "if not seen[l.move] and g:legal(l.move) and l.pv[1] == l.move then n = n + 1 end "
    .. "seen[l.move] = true end "
    .. "io.stderr:write(string.format('stopped %s, %d lines, %d distinct, line 1 the move: %s\\n', "
    .. "r.stopped, #r.lines, n, tostring(r.lines[1].move == r.move)))"
  local err = stops("search alphabeta multipv 3 (gentle)", S .. " -e " .. t.q(chunk), 1, nil, true)
  t.like(err, "stopped interrupted, 3 lines, 3 distinct, line 1 the move: true",
         "multipv 3 stopped by Ctrl-C in gentle mode: the 3 lines so far, line 1 the move")
end

-- at a terminal (a pseudo-terminal made by script(1)): Ctrl-C stops a search, which returns
-- what it found (the REPL), or which plays its best move so far (play with a person seated)
if os.execute("command -v script >/dev/null 2>&1") then
  local function at_tty(cmd, feed, kill_after)
    local out = os.tmpname()
    local parts = {"("}
    for _, f in ipairs(feed) do
      parts[#parts + 1] = string.format("sleep %g; printf %s;", f[1] * t.slow, t.q(f[2]))
    end
    parts[#parts + 1] = string.format(") | timeout %g script -qfc %s /dev/null > %s 2>&1 &",
                                      30 * t.slow, t.q(cmd), t.q(out))
    -- the program's process found by its command line in /proc (procps may be missing)
    if kill_after then
      parts[#parts + 1] = string.format("sleep %g; for d in /proc/[0-9]*; do " ..
        "if [ \"$(tr '\\0' ' ' < $d/cmdline 2>/dev/null)\" = %s ]; then kill -INT ${d#/proc/}; fi; " ..
        "done;", kill_after * t.slow, t.q(cmd .. " "))
    end
    parts[#parts + 1] = "wait"
    os.execute(table.concat(parts, " "))
    local f = io.open(out, "rb")
    local text = f and f:read("a") or ""
    if f then f:close() end
    os.remove(out)
    return (text:gsub("\r", ""))
  end
  local text = at_tty(t.stratagem, {{1, 'g = sg.new("othello")\n'},
    {0.3, "r = sg.search(g, {depth = 30}); print(r.stopped, g:legal(r.move))\n"},
    {2.5, 'print("after")\n'}, {0.5, ""}}, 2.5)
  t.like(text, "interrupted\ttrue\n", "REPL at a terminal: Ctrl-C, and the search returns its " ..
         "move so far, marked stopped = \"interrupted\"")
  t.like(text, 'print%("after"%)\n[^\n]-after\n', "and the REPL goes on")
  -- (the line is written when a depth ends past the first second: with 5 s, some depth ends
  -- between 1 and 5 s unless one depth alone took more than four times the one before)
  text = at_tty(t.stratagem, {{1, 'r = sg.search(sg.new("chess"), {time = 5})\n'},
    {6.5, "print(r.depth)\n"}, {0.5, ""}})
  t.like(text, "%(searching: depth %d+, [%d.]+ M nodes, [%d.]+ s; Ctrl%-C plays the best so far%)",
         "REPL at a terminal: a search past a second shows the depth it reached")
  text = at_tty(t.stratagem .. " play othello --no-prefs --ai depth=30", {{1.5, "d3\n"}, {4, "quit\n"},
    {1, ""}}, 3)
  t.like(text, "%(Ctrl%-C stopped the search: the best move found so far is played%)\n" ..
         "white %(AI%) plays %a%d", "play at a terminal: Ctrl-C while the AI thinks plays its move")
  t.like(text, "black to move> quit", "and the game goes on")
  -- Star Chess's prediction tree (#33 item 4): the turn found so far is played, not thrown away
  text = at_tty(t.stratagem .. " play starchess --no-prefs --ai turns=8,dedupe=false",
    {{1.5, "end\n"}, {5, "quit\n"}, {1, ""}}, 4)
  t.like(text, "%(Ctrl%-C stopped the search: the best move found so far is played%)\n" ..
         "player 2 %(AI%) plays [^\n]-end   %[%d+ positions generated",
         "play starchess at a terminal: Ctrl-C while the AI plans plays the turn found so far")
else
  t.skip("script(1) is not installed: no pseudo-terminal for the tests at a terminal", 6)
end

-- the time limit of every algorithm that takes one (loose bound: see above)
local timed = {
  {"chess", {depth = 60, time = 0.3}},
  {"chess", {depth = 60, time = 0.3, threads = 2}},
  {"chexers", {algo = "maxn", depth = 40, time = 0.3}},
  {"chexers", {algo = "paranoid", depth = 40, time = 0.3}},
  {"chexers", {algo = "brs", depth = 40, time = 0.3}},
  {"othello", {algo = "mcts", time = 0.3}},
  {"connect4", {algo = "pimc", samples = 4, depth = 40, time = 0.3}},
  {"othello", {algo = "ismcts", time = 0.3}},
  {"warchess", {algo = "lookahead", depth = 8, plans = 16, time = 0.3}},
  {"starchess", {algo = "predict", turns = 8, dedupe = false, threads = 2, time = 0.3}},
  {"starchess", {algo = "strong", turns = 8, dedupe = false, threads = 2, time = 0.3}},
}
for _, c in ipairs(timed) do
  local g = sg.new(c[1])
  for i = 1, 8 do g:play(sg.search(g, {algo = "random", seed = i}).move) end
  local t0 = sg.clock()
  local r = sg.search(g, c[2])
  local took = sg.clock() - t0
  t.ok(took <= (2 * 0.3 + 0.5) * t.slow and g:legal(r.move),
       string.format("%s %s: time = 0.3 answered in %.3f s", c[1], c[2].algo or "alphabeta",
                     took))
end
t.done()
