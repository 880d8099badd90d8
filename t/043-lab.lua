package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 043-lab.lua: the heuristics lab's SPRT (stratagem.lab, stratagem sprt/job/merge): the model's
-- numbers, settings and their errors, known outcomes, the error rate on equal players, the same
-- result for any number of workers and across machines (job file, GNU parallel, merge), a
-- worker that dies, damaged and foreign result lines.
local t = require "tap"
local sg = require "stratagem"
local lab = require "stratagem.lab"
local data = require "stratagem.data"
local S = t.q(t.stratagem)

-- ---- the model's numbers ----
t.ok(math.abs(lab.expected(0, 2) - 0.5) < 1e-12, "equal strength, two players: 1/2")
t.ok(math.abs(lab.expected(0, 4) - 0.25) < 1e-12, "equal strength, four players: 1/4")
t.ok(math.abs(lab.expected(400, 2) - 10 / 11) < 1e-12, "400 Elo above: 10/11 (logistic Elo)")
t.ok(math.abs(lab.expected(400, 3) - 10 / 12) < 1e-12,
     "400 Elo above two equals: 10/12 (Bradley-Terry-Luce)")
t.ok(math.abs(lab.elo_of(lab.expected(123, 3), 3) - 123) < 1e-9, "elo_of inverts expected")
local lo, hi = lab.bounds(0.05, 0.05)
t.ok(math.abs(lo - math.log(0.05 / 0.95)) < 1e-12 and math.abs(hi - math.log(0.95 / 0.05)) < 1e-12,
     "Wald's bounds: log(beta/(1-alpha)), log((1-beta)/alpha)")
local function counts(c) local r = {} for k = 0, #c - 1 do r[k] = c[k + 1] end return r end
local st = lab.stats(counts({0, 10, 40, 30, 20}), 4, 2, 0, 5)
t.ok(st.llr > 0 and st.elo > 0, "pairs won more than lost: LLR and Elo above 0")
st = lab.stats(counts({20, 30, 40, 10, 0}), 4, 2, 0, 5)
t.ok(st.llr < 0 and st.elo < 0, "pairs lost more than won: below 0")
-- the pentanomial mean of these counts is (10*1 + 40*2 + 30*3 + 20*4) / 4 / 100 = 0.65
st = lab.stats(counts({0, 10, 40, 30, 20}), 4, 2, 0, 5)
t.ok(math.abs(st.mean - 0.65) < 1e-3, "the mean of the pentanomial counts (0.65)")
t.ok(st.elo_low < st.elo and st.elo < st.elo_high, "the Elo inside its interval")
st = lab.stats(counts({0, 0, 0, 0, 1}), 4, 2, 0, 5)
t.ok(st.llr < hi, "one won pair does not decide alone (the prior of half a round)")

-- ---- one-line data ----
local v = {a = {search = {depth = 4, random = 0.25}}, list = {1, 2, "x\ny"}, ["odd key"] = true}
local line = lab.line_of(v)
t.ok(not line:find("\n"), "job data fits one line")
t.is_deeply(data.parse(line), v, "and reads back the same")

-- ---- settings ----
local s, err = lab.read_settings("connect4", "{search = {depth = 3}, weights = {threat = 50}}")
t.ok(s and s.search.depth == 3 and s.weights.threat == 50, "settings from the text of a table")
local path = os.tmpname()
local f = assert(io.open(path, "w"))
f:write("return {weights = {centre = 9}}\n")
f:close()
s = lab.read_settings("connect4", path)
t.ok(s and s.weights.centre == 9, "settings from a file")
os.remove(path)
s, err = lab.read_settings("connect4", "{weigths = {}}", "--b")
t.like(err, "^%-%-b: unknown part 'weigths'; expected weights, rules, priorities or search",
       "an unknown part is named")
s, err = lab.read_settings("connect4", "{weights = {thret = 1}}")
t.like(err, "thret", "an unknown weight is named")
s, err = lab.read_settings("connect4", "{search = {depth = -2}}")
t.like(err, "search: depth %(algo 'alphabeta'%): %-2 is out of range", "a bad search option")
s, err = lab.read_settings("connect4", "{priorities = {}}")
t.like(err, "has no request priorities", "priorities where the game has none")
s, err = lab.read_settings("connect4", "{search = {depth = 3}")
t.like(err, "is not a Lua table of settings", "a broken table")
t.ok(lab.read_settings("starchess", "{priorities = {garrison = {priority = 4}}}"),
     "Star Chess takes priorities")
t.errors(function() lab.sprt{game = "connect4", a = {}, b = {}, elo0 = 5, elo1 = 5} end,
         "elo1 (5) must be above elo0 (5)", "elo1 must be above elo0", true)
t.errors(function() lab.sprt{game = "connect4", a = {}, b = {}, jobz = 2} end,
         "unknown setting 'jobz'", "an unknown setting of the run")
t.errors(function()
  lab.sprt{game = "draughts", a = {rules = {draw_moves = 20}}, b = {rules = {draw_moves = 30}}}
end, "give different rules", "two sets of rules for one game are refused")

-- ---- known outcomes ----
local function run(spec)
  spec.progress = false
  if spec.jobs == nil then spec.jobs = 1 end
  return lab.sprt(spec)
end
local sum = run{game = "connect4", a = {search = {depth = 1}}, b = {search = {depth = 3}},
                elo1 = 20, max_games = 600}
t.is(sum.verdict, "H1", "depth 3 against depth 1: H1 (stronger)")
t.ok(sum.llr >= sum.upper and sum.elo > 0, "its LLR crossed the upper bound")
sum = run{game = "connect4", a = {search = {depth = 3}}, b = {search = {depth = 1}},
          elo1 = 20, max_games = 600}
t.is(sum.verdict, "H0", "depth 1 against depth 3: H0")
sum = run{game = "connect4", a = {search = {depth = 3}}, b = {search = {depth = 3}},
          max_games = 600}
t.is(sum.verdict, "H0", "the same player on both sides: H0")
t.is(sum.counts[2], sum.rounds, "every pair split 1-1")
sum = run{game = "chexers", a = {search = {depth = 1}}, b = {search = {depth = 3}},
          elo1 = 50, max_games = 300}
t.ok(sum.verdict == "H1" and sum.mean > 1 / 3,
     "three players: max^n depth 3 against two at depth 1 wins more than a third (H1)")

-- The error rate: random players are equal; over 60 tests with seeds 1..60, H1 (false) is
-- accepted at most 8 times (alpha = 0.05: 3 expected; 9 or more has probability 1.2%).
local h1, h0, games = 0, 0, 0
for seed = 1, 60 do
  local r = run{game = "tictactoe", a = {search = {algo = "random"}},
                b = {search = {algo = "random"}}, elo0 = 0, elo1 = 30, max_games = 20000,
                seed = seed * 100000}
  if r.verdict == "H1" then h1 = h1 + 1 elseif r.verdict == "H0" then h0 = h0 + 1 end
  games = games + r.games
end
t.ok(h1 <= 8, "equal players: H1 accepted " .. h1 .. " times of 60 (at most 8)")
t.ok(h0 + h1 == 60, "every test of equal players ended (" .. h0 .. " H0, " .. games .. " games)")

-- a fixed number of games (--fixed): no stop at the bound
local fx = run{game = "connect4", a = {search = {depth = 1}}, b = {search = {depth = 3}},
               elo1 = 20, max_games = 300, fixed = true}
t.ok(fx.games == 300 and fx.verdict == "H1", "fixed: all 300 games played, the LLR past H1's bound")

-- a checkpoint of games played here is rewritten every checkpoint_every seconds (0: after
-- each game), so that a run killed outright keeps what it played; each write holds the games
-- played so far, in order
do
  local path = os.tmpname()
  local writes, real = {}, data.write_file
  data.write_file = function(f, text)
    if f == path then
      local n = 0
      for _ in text:gmatch("sgresult") do n = n + 1 end
      writes[#writes + 1] = n
    end
    return real(f, text)
  end
  local ok, r = pcall(run, {game = "connect4", a = {search = {depth = 1}}, b = {search = {depth = 2}},
                            max_games = 6, fixed = true, checkpoint = path, checkpoint_every = 0})
  data.write_file = real
  t.ok(ok and r.games == 6, "a run with checkpoint_every = 0: " .. tostring(ok and r.games or r))
  t.is(table.concat(writes, " "), "1 2 3 4 5 6 6",
       "the checkpoint rewritten after each game (and at the end), each with the games so far")
  os.remove(path)
  t.errors(function() lab.sprt{game = "connect4", a = {}, b = {}, checkpoint_every = 5} end,
           "checkpoint_every goes with checkpoint", "checkpoint_every without a checkpoint")
  t.errors(function() lab.sprt{game = "connect4", a = {}, b = {}, checkpoint = path,
                               checkpoint_every = -1} end,
           "checkpoint_every must be a number from 0", "a negative checkpoint_every")
end

-- ---- the same result for any number of workers ----
local spec = {game = "connect4", a = {search = {depth = 2}}, b = {search = {depth = 3}},
              elo1 = 10, max_games = 40, seed = 7}
local one = run(spec)
spec.jobs = 2
local two = run(spec)
t.ok(one.games == 40 and one.verdict == "inconclusive", "40 games: no decision yet")
t.is_deeply({two.llr, two.games, two.counts, two.wins, two.draws},
            {one.llr, one.games, one.counts, one.wins, one.draws},
            "2 workers give the serial run's result")

-- ---- across machines: a job file, jobs played one by one, merged ----
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
local jobs = dir .. "/jobs.txt"
local out, e, code = t.run(S .. " sprt connect4 --a '{search = {depth = 2}}' --b " ..
                           "'{search = {depth = 3}}' --elo1 10 --max-games 40 --seed 7 " ..
                           "--emit-jobs " .. t.q(jobs))
t.is(code, 0, "sprt --emit-jobs: exit 0")
t.like(out, "wrote 40 jobs", "one line per game")
local lines = {}
for l in io.lines(jobs) do lines[#lines + 1] = l end
t.is(#lines, 40, "40 job lines")
out, e, code = t.run(S .. " job " .. t.q(lines[1]))
t.like(out, "^sgresult {", "stratagem job LINE prints a result line")
local rest = table.concat(lines, "\n", 2) .. "\n"
local results = dir .. "/results.txt"
local out2 = t.run(S .. " job -", rest)
local f2 = assert(io.open(results, "w"))
f2:write(out, out2)
f2:close()
out, e, code = t.run(S .. " merge " .. t.q(results))
t.is(code, 0, "merge: exit 0")
local serial = t.run(S .. " sprt connect4 --a '{search = {depth = 2}}' --b " ..
                     "'{search = {depth = 3}}' --elo1 10 --max-games 40 --seed 7 --jobs 1 --quiet")
local function figures(txt) return (txt:gsub("\n[%d.]+ s\n?$", "\n")) end
t.is(figures(out), figures(serial), "merge of the job results = the serial run's report")
do
  local svgfile = dir .. "/merge.svg"
  local o2, e2, c2 = t.run(S .. " merge " .. t.q(results) .. " --plot " .. t.q(svgfile))
  local f = io.open(svgfile, "rb")
  local svg = f and f:read("a") or ""
  if f then f:close() end
  t.ok(c2 == 0 and figures(o2) == figures(out) and svg:find("log%-likelihood ratio") and
       svg:find("H1 bound"), "merge --plot: the same report and the LLR chart" .. e2)
  o2, e2, c2 = t.run(S .. " merge " .. t.q(results) .. " --plot")
  t.ok(c2 == 2 and e2:find("--plot needs the name of an SVG file", 1, true), "merge --plot without a file")
  o2, e2, c2 = t.run(S .. " merge " .. t.q(results) .. " --bogus")
  t.ok(c2 == 2 and e2:find("unknown option '--bogus'", 1, true), "merge refuses unknown options")
  o2, e2, c2 = t.run(S .. " sprt connect4 --a '{}' --b '{}' --emit-jobs " .. t.q(dir .. "/j2.txt") ..
                     " --plot " .. t.q(svgfile))
  t.ok(c2 == 2 and e2:find("give it to stratagem merge", 1, true), "sprt --emit-jobs --plot points to merge")
end

-- GNU parallel runs the job file (Debian's package parallel)
if os.execute("command -v parallel >/dev/null 2>&1") then
  local presults = dir .. "/parallel.txt"
  out, e, code = t.run("parallel --will-cite -j 2 -a " .. t.q(jobs) .. " " .. S .. " job")
  t.is(code, 0, "parallel -a jobs.txt stratagem job: exit 0")
  local h = assert(io.open(presults, "w"))
  h:write(out)
  h:close()
  out = t.run(S .. " merge " .. t.q(presults))
  t.is(figures(out), figures(serial), "merged results of GNU parallel = the serial run's report")
else
  t.skip("GNU parallel is not installed (Debian package parallel)", 2)
end

-- merge: damaged, foreign and mixed lines
local function write(name, text)
  local p = dir .. "/" .. name
  local h = assert(io.open(p, "w"))
  h:write(text)
  h:close()
  return p
end
local first = assert(io.open(results)):read("l")
out, e, code = t.run(S .. " merge " .. t.q(write("bad.txt", first:sub(1, 60) .. "\n")))
t.ok(code == 1 and e:find("bad.txt:1: result: the line is damaged", 1, true),
     "a damaged result line is named")
out, e, code = t.run(S .. " merge " ..
                     t.q(write("old.txt", (first:gsub("format = 1", "format = 0")) .. "\n")))
t.like(e, "a line of format 0 .- reads format 1", "a result of another format version")
t.run(S .. " sprt connect4 --a '{search = {depth = 2}}' --b '{search = {depth = 3}}' " ..
      "--max-games 4 --seed 8 --emit-jobs " .. t.q(dir .. "/j8.txt"))
local r8 = t.run(S .. " job - ", assert(io.open(dir .. "/j8.txt")):read("a"))
out, e, code = t.run(S .. " merge " .. t.q(results) .. " " .. t.q(write("r8.txt", r8)))
t.like(e, "merge one run at a time", "results of two runs are not mixed")
out, e, code = t.run(S .. " merge " .. t.q(write("part.txt", first .. "\n")))
t.like(out, "the test is not finished", "a merge of part of the games says so")
out, e, code = t.run(S .. " job 'sgjob {format = 1'")
t.ok(code == 1 and e:find("job: the line is damaged", 1, true), "a damaged job line")

-- merge and job check every field of a line: a message naming the file, line and field
local good = 'sgresult {first = 1, format = 1, index = 3, job = {alpha = 0.05, beta = 0.05, ' ..
  'elo0 = 0, elo1 = 5, game = "tictactoe", players = 2, rounds = 2}, round = 2, run = "x", ' ..
  'seats = {"b", "a"}}'
local function merged(line)
  local sum, err = lab.merge({write("m.txt", good:gsub("index = 3", "index = 1")
                                                  :gsub("round = 2", "round = 1") .. "\n" .. line .. "\n")})
  return sum and "ok" or err
end
t.is(merged(good), "ok", "merge: a good result line")
local bad_results = {
  {"players = 2", "players = 1e12", "job%.players must be a whole number from 1 to 8, got 1000000000000"},
  {"players = 2", "players = 0.5", "job%.players must be a whole number from 1 to 8, got 0%.5"},
  {"players = 2", "players = -3", "job%.players must be a whole number from 1 to 8, got %-3"},
  {"alpha = 0.05, beta = 0.05", "alpha = 2, beta = -1", "job%.alpha must be a number from 1e%-06 to 0%.5, got 2"},
  {"elo1 = 5", "elo1 = -5", "job%.elo1 %(%-5%) must be above job%.elo0 %(0%)"},
  {"elo0 = 0", 'elo0 = "0"', "job%.elo0 must be a number from %-2000 to 2000, got '0'"},
  {"rounds = 2", "rounds = 3", "job%.rounds is 3, but 2 in the results before it", "^merge: .-m%.txt:2: "},
  {"index = 3", "index = 9", "index 9 and round 2 do not agree with 2 rounds of 2 players"},
  {"index = 3", "index = 2.5", "index must be a whole number from 1 to"},
  {"first = 1", "first = 3", "first must be a seat from 1 to 2, got 3"},
  {'seats = {"b", "a"}', 'seats = {"b", "b"}', 'seats must hold one "b" %(the candidate%), got 2'},
  {'seats = {"b", "a"}', 'seats = {"b"}', "seats must list 2 players %(one per seat%), got 1"},
  {'run = "x"', "run = 7", "run must be a string, got 7"},
  {"job = {", "job = 1, j = {", "job must be a table, got 1"},
}
for _, b in ipairs(bad_results) do
  local line = good:gsub(b[1]:gsub("%p", "%%%0"), b[2], 1)
  t.like(merged(line), (b[4] or "^merge: .-m%.txt:2: result: ") .. b[3], "merge refuses " .. b[2])
end
out, e, code = t.run(S .. " merge " .. t.q(write("p.txt", (good:gsub("players = 2", "players = 1e12")))))
t.ok(code == 1 and e:find("p.txt:1: result: job.players must be a whole number", 1, true),
     "stratagem merge: players = 1e12 is refused (it hung)")
local job1 = lines[1]
local bad_jobs = {
  {"seed = 7", "seed = 0.5", "job: seed must be a whole number from 0 to"},
  {"index = 1", "index = -1", "job: index must be a whole number from 1 to"},
  {"opening = {plies = 4}", "opening = {plies = 1e9}", "job: opening%.plies must be a whole number from 0 to 1000"},
  {"players = 2", "players = 3", "job: players must be 2 %(connect4's%), got 3"},
  {'seats = {"b", "a"}', 'seats = {"a", "a"}', 'job: seats must hold one "b"'},
  {"a = {search = {depth = 2}}", 'a = "/etc/passwd"', "job: a must be a table, got '/etc/passwd'"},
  {"a = {search = {depth = 2}}", "a = {search = {depth = -2}}", "job: settings a: search: depth"},
  {"max_games = 40", "max_games = 0", "job: max_games must be a whole number from 1 to"},
}
for _, b in ipairs(bad_jobs) do
  local line = job1:gsub(b[1]:gsub("%p", "%%%0"), b[2], 1)
  local j, jerr = lab.read_job(line)
  t.ok(line ~= job1 and j == nil and jerr:find(b[3]), "job refuses " .. b[2] .. ": " .. tostring(jerr))
end
t.ok(lab.read_job(job1), "and reads the good job line")
out, e, code = t.run(S .. " job -", job1 .. "\n" .. job1:gsub("seed = 7", "seed = 0.5") .. "\n")
t.ok(code == 1 and e:find("job: line 2: seed must be a whole number", 1, true),
     "stratagem job -: a bad line is named by its number")

-- a worker that dies on its first game: the game is played again on a new worker
local fake = write("worker.sh", "#!/bin/sh\n" ..
  "if [ ! -e " .. t.q(dir .. "/died") .. " ]; then touch " .. t.q(dir .. "/died") ..
  "; read line; exit 3; fi\nexec " .. S .. " \"$@\"\n")
os.execute("chmod +x " .. t.q(fake))
local spec2 = {game = "connect4", a = {search = {depth = 2}}, b = {search = {depth = 3}},
               elo1 = 10, max_games = 40, seed = 7, jobs = 2, program = fake}
local died = run(spec2)
t.is_deeply({died.llr, died.games, died.counts}, {one.llr, one.games, one.counts},
            "a worker that died: its game played again, the same result")
t.is(#died.failed, 0, "and no game counted as failed")

-- a worker that hangs on its first game: given up after game_timeout, the game played again
local hang = write("hang.sh", "#!/bin/sh\n" ..
  "if [ ! -e " .. t.q(dir .. "/hung") .. " ]; then touch " .. t.q(dir .. "/hung") ..
  "; read line; sleep 60; fi\nexec " .. S .. " \"$@\"\n")
os.execute("chmod +x " .. t.q(hang))
-- (the timeout long enough for a real game on a loaded machine under the sanitizers, short of 60 s)
spec2.program, spec2.game_timeout = hang, 5 * t.slow
local hung = run(spec2)
t.is_deeply({hung.llr, hung.games, hung.counts}, {one.llr, one.games, one.counts},
            "a worker that hung: given up after game_timeout, the same result")

-- ---- the command line ----
out, e, code = t.run(S .. " sprt connect4 --a '{}'")
t.ok(code == 2 and e:find("expected --a SETTINGS (the base) and --b SETTINGS", 1, true),
     "sprt without --b")
out, e, code = t.run(S .. " sprt connect4 --a '{}' --b '{}' --elo1 much")
t.like(e, "%-%-elo1 must be a number, got 'much'", "a bad number")
out, e, code = t.run(S .. " sprt connect4 --a '{}' --b '{}' --frob")
t.like(e, "unknown option '%-%-frob'", "an unknown option")
out, e, code = t.run(S .. " sprt connect4 --a '{wieghts = {}}' --b '{}'")
t.like(e, "%-%-a: unknown part 'wieghts'", "bad settings on the command line")
out, e, code = t.run(S .. " sprt connect4 --a '{search = {depth = 1}}' --b " ..
                     "'{search = {depth = 3}}' --elo1 20 --max-games 600 --jobs 2")
t.ok(code == 0 and out:find("H1 accepted", 1, true), "sprt on 2 workers from the command line")
t.like(e, "LLR", "a live progress line on standard error")
t.like(sg.lab.sprt and "ok" or "", "ok", "sg.lab.sprt")

-- chess's built-in openings, varied (#30): drawn by the seed, balanced, never one twice in a run
do
  local match = require "stratagem.match"
  local fens = {}
  for i, o in ipairs(match.OPENINGS) do
    local g = sg.new("chess")
    for m in o.moves:gmatch("%S+") do g:play(m) end
    fens[i] = g:fen()
  end
  local function positions(seed, rounds)
    local p = lab.plan{game = "chess", a = {}, b = {}, openings = fens, vary = true,
                       max_games = 2 * rounds, seed = seed}
    local out = {}
    for r = 1, rounds do
      local pos = lab.job(p, 2 * r - 1).opening.position
      if pos ~= lab.job(p, 2 * r).opening.position then return nil end
      out[r] = pos
    end
    return out, p
  end
  local one, p1 = positions(1, 120)
  t.ok(one, "both games of a round start from the same position")
  local seen, dup, unbalanced = {}, 0, 0
  for _, pos in ipairs(one or {}) do
    if seen[pos] then dup = dup + 1 end
    seen[pos] = true
    local sc = sg.search(sg.new("chess", {position = pos}), {depth = 3}).score
    if math.abs(sc) > 100 then unbalanced = unbalanced + 1 end
  end
  t.is(dup, 0, "120 rounds (three times round the 40 openings): no position played twice")
  t.is(unbalanced, 0, "each within a pawn by a depth-3 search")
  t.is(p1.opening, 2, "two random plies on each opening by default")
  local again = positions(1, 120)
  t.ok(again and again[120] == one[120] and again[57] == one[57], "the same seed gives the same positions")
  local other = positions(2, 40)
  local same = 0
  for r = 1, 40 do if other[r] == one[r] then same = same + 1 end end
  t.ok(same < 5, "another seed gives other positions (" .. same .. " of 40 the same)")
  -- random plies without openings: 4 for two players, one per player for more, and the game's
  -- own where it gives one (Star Chess: none; each round is a galaxy of its own seed)
  t.is(lab.plan{game = "connect4", a = {}, b = {}}.opening, 4, "connect4: 4 random plies by default")
  t.is(lab.plan{game = "chexers", a = {}, b = {}}.opening, 3, "chexers: one per player by default")
  t.is(lab.plan{game = "starchess", a = {}, b = {}}.opening, 0,
       "starchess: no random commands by default (its defaults' lab.opening)")
  t.is(lab.plan{game = "starchess", a = {}, b = {}, opening = 4}.opening, 4,
       "starchess: --opening 4 as asked")
  local sp = lab.plan{game = "starchess", a = {}, b = {}, max_games = 8, seed = 40}
  local j1, j5 = lab.job(sp, 1), lab.job(sp, 5)
  t.ok(j1.opening.plies == 0 and j1.seed ~= j5.seed and
       sg.new("starchess", {seed = j1.seed}):position() ~= sg.new("starchess", {seed = j5.seed}):position(),
       "starchess: two rounds start from two galaxies")
  t.errors(function() lab.plan{game = "connect4", a = {}, b = {}, vary = true} end,
           "vary goes with openings", "vary without openings is refused")
  -- the same deterministic player on both sides: warned
  local _, e2 = t.run(S .. " sprt tictactoe --a '{search = {depth = 2}}' --b '{search = {depth = 2}}' "
                      .. "--max-games 4 --jobs 1 --quiet")
  t.like(e2, "sprt: warning: %-%-a and %-%-b are the same player with no time limit", "identical players: a warning")
  local _, e3 = t.run(S .. " sprt tictactoe --a '{search = {depth = 2}}' --b '{search = {depth = 3}}' "
                      .. "--max-games 4 --jobs 1 --quiet")
  t.ok(not e3:find("warning", 1, true), "different players: none")
  local _, e4, c4 = t.run(S .. " sprt tictactoe --a '{}' --b '{}' --opening -1 --max-games 2")
  t.ok(c4 == 2 and e4:find("opening must be a whole number from 0 to 1000, got %-1") and
       not e4:find("usage: 1", 1, true), "a bad setting: its message and exit 2 (no stray 'usage: 1')")
end

os.execute("rm -rf " .. t.q(dir))
t.done()
