package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 078-runner.lua: the lab across machines (stratagem sprt/tune --runner): a batch of games as a
-- job file that a command turns into a results file, with the result a local run with the same
-- seed gives, bit for bit: through sh, commands that lose games or fail (retries, the
-- checkpoint and --resume), Texel's self-play games (jobs of kind selfplay), GNU parallel,
-- and a real one-node Slurm cluster (munged, slurmctld and slurmd started here, as root) by
-- sbatch --array and by srun.
local t = require "tap"
local _   -- the results of t.run that a claim does not use
local lab = require "stratagem.lab"
local S = t.q(t.stratagem)

local dir = os.tmpname()
os.remove(dir)
assert(os.execute("mkdir " .. t.q(dir)))
local function figures(txt) return (txt:gsub("\n[%d.]+ s\n?$", "\n")) end
-- a candidate much stronger than the base: the test stops (H1) within 100 games, mid-batch
local SPRT = S .. " sprt connect4 --a '{search = {depth = 1}}' --b '{search = {depth = 4}}' " ..
             "--max-games 200 --seed 3 --quiet"
local serial, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --jobs 1")
t.is(code, 0, "sprt locally: exit 0")
t.like(serial, "H1 accepted", "the local run stops at H1 (" .. (serial:match("games %d+") or e) .. ")")

-- ---- sh: the batch's lines played one after another ----
local out
out, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner sh --batch 6")
t.is(code, 0, "sprt --runner sh: exit 0")
t.is(figures(out), figures(serial), "--runner sh --batch 6: the local run's report, bit for bit")
out = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner " ..
            t.q(S .. " job - < {jobs} > {results}") .. " --batch 7")
t.is(figures(out), figures(serial), "a runner command of one's own, batches of 7 (mid-round)")

-- ---- lost games, damaged lines, a runner that fails ----
-- plays only the first 3 lines of each job file: the others are played again (retries)
local lossy = t.q("head -n 3 {jobs} | " .. S .. " job - > {results}")
out, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner " .. lossy ..
                     " --batch 6 --retries 1")
t.is(code, 0, "a runner that loses games: exit 0")
t.is(figures(out), figures(serial), "its lost games played again: the local run's report")
t.like(e, "runner: 3 of 6 games without a result, 0 failed; playing them again %(retry 1 of 1%)",
       "the lost games are named on standard error")
-- a foreign line (another run's) and a damaged one are refused; the games played again
local fake = dir .. "/fake.sh"
local f = assert(io.open(fake, "w"))
f:write('sed "s/run = \\"[0-9a-f]*\\"/run = \\"0000beef\\"/" "$1" > /dev/null\n',
        'if [ -f "$3.once" ]; then ', S, ' job - < "$1" > "$2"; exit; fi\n',
        ': > "$3.once"\n', S, ' job - < "$1" | sed "1s/run = \\"[0-9a-f]*\\"/run = \\"0000beef\\"/; ',
        '2s/moves = /moves = -/" > "$2"\n')
f:close()
out, e, code = t.run("cd " .. t.q(dir) .. " && rm -f once.once && " .. SPRT .. " --runner " ..
                     t.q("sh " .. fake .. " {jobs} {results} " .. dir .. "/once") .. " --batch 4")
t.is(figures(out), figures(serial), "a foreign and a damaged result line refused, played again")
t.like(e, "runner: 2 of 4 games without a result", "the refused lines are games without a result")
-- a runner that always fails: the run stops with its error and a checkpoint to resume from
local failing = t.q("echo 'node lost: boom' >&2; exit 3; {jobs} {results}")
out, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner " .. failing ..
                     " --retries 1 --checkpoint " .. t.q(dir .. "/ck.txt"))
t.is(code, 1, "a runner that fails: exit 1")
t.like(e, "0 games still have no result after 1 retries", "it says the games have no result")
t.like(e, "failed %(exit 3%); its standard error ends:\nnode lost: boom", "with its exit and stderr")
t.like(e, "%-%-checkpoint " .. dir:gsub("%p", "%%%0") .. "/ck.txt %-%-resume goes on from them",
       "and how to resume")
-- fails after 2 batches: resume from the checkpoint with another runner
local twice = dir .. "/twice.sh"
f = assert(io.open(twice, "w"))
f:write('n=$(cat "$3" 2>/dev/null || echo 0); echo $((n + 1)) > "$3"\n',
        'if [ "$n" -ge 2 ]; then echo "the cluster went away" >&2; exit 1; fi\n',
        S, ' job - < "$1" > "$2"\n')
f:close()
out, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner " ..
                     t.q("sh " .. twice .. " {jobs} {results} " .. dir .. "/count") ..
                     " --batch 10 --retries 0")
local ck = e:match("kept in (%S+):")
t.ok(code == 1 and e:find("the cluster went away", 1, true) and e:find("the 20 games played", 1,
     true) and ck, "a runner that fails after two batches: the 20 games played are kept")
if ck then
  ck = ck:sub(1, 1) == "/" and ck or dir .. "/" .. ck
  local merged = t.run(S .. " merge " .. t.q(ck))
  t.like(merged, "games 20 %(10 pairs%)", "the checkpoint is a results file (stratagem merge)")
  out, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner sh --batch 10 " ..
                       "--checkpoint " .. t.q(ck) .. " --resume")
  t.is(figures(out), figures(serial), "--resume from it: the local run's report")
else
  t.skip("no checkpoint named (" .. e .. ")", 2)
end
out, e, code = t.run(SPRT .. " --runner sh --checkpoint " .. t.q(ck or "none") .. " --resume " ..
                     "--seed 4")
t.ok(code == 2 and e:find("a result of run %x+, but these settings make run %x+"),
     "--resume refuses another run's checkpoint")

-- ---- bad runners ----
out, e, code = t.run(SPRT .. " --runner 'parallel -a jobs.txt stratagem job'")
t.ok(code == 2 and e:find("has no {jobs} or no {results}", 1, true),
     "a runner without {jobs} and {results} is refused before playing")
out, e, code = t.run(SPRT .. " --runner sh --batch 0")
t.like(e, "batch must be a whole number from 1", "--batch 0 is refused")
out, e, code = t.run(SPRT .. " --runner sh --emit-jobs " .. t.q(dir .. "/j.txt"))
t.ok(code == 2 and e:find("plays nothing", 1, true), "--emit-jobs with --runner is refused")
t.ok(lab.runner_command("parallel"):find("^parallel %-%-will%-cite %-%-pipe %-%-round%-robin %-N 1 .* " ..
                                         "job %- < {jobs} > {results}$"),
     "the runner 'parallel' deals the lines to stratagem job - processes")

-- ---- tune: an SPSA iteration, a GA generation as a batch ----
local TUNE = S .. " tune connect4 --params weights.threat,weights.centre --games 2 --seed 5 " ..
             "--base '{search = {depth = 2}}' --quiet"
local spsa = t.run(TUNE .. " --iterations 3")
local function body(txt) return (txt:gsub("^[^\n]*\n", "")) end   -- less the line with the time
t.like(spsa, "weights.threat", "tune spsa locally")
out, e, code = t.run(TUNE .. " --iterations 3 --jobs 2")
t.is(body(out), body(spsa), "tune spsa --jobs 2 = one process (tune's job lines are whole)")
out, e, code = t.run(TUNE .. " --iterations 3 --runner sh")
t.is(body(out), body(spsa), "tune spsa --runner sh = the local run")
out, e, code = t.run(TUNE .. " --iterations 3 --runner " .. lossy .. " --retries 3")
t.is(body(out), body(spsa), "tune spsa through a runner that loses games = the local run")
out, e, code = t.run(TUNE .. " --iterations 3 --runner " .. failing .. " --retries 0 " ..
                     "--checkpoint " .. t.q(dir .. "/tune-ck.lua"))
t.ok(code == 1 and e:find("node lost: boom", 1, true), "tune: a runner that fails stops the run")
t.like(e, "the checkpoint .*tune%-ck%.lua keeps the 0 iterations before it: the same command " ..
       "with %-%-resume goes on", "and says where to go on from")
-- fails in its third iteration: --resume through sh ends with the local run's values
out, e, code = t.run(TUNE .. " --iterations 3 --runner " ..
                     t.q("sh " .. twice .. " {jobs} {results} " .. dir .. "/tcount") ..
                     " --retries 0 --checkpoint " .. t.q(dir .. "/tune-ck2.lua"))
t.ok(code == 1 and e:find("keeps the 2 iterations before it", 1, true),
     "tune: a runner that fails in the third iteration keeps two")
out = t.run(TUNE .. " --iterations 3 --runner sh --resume --checkpoint " ..
            t.q(dir .. "/tune-ck2.lua"))
t.is(body(out), body(spsa), "tune --resume after the runner failed: the local run's values")
local ga = t.run(TUNE .. " --method ga --population 3 --iterations 1 --games 1")
out = t.run(TUNE .. " --method ga --population 3 --iterations 1 --games 1 --runner sh")
t.is(body(out), body(ga), "tune ga: a generation through --runner sh = the local run")

-- ---- tune texel: the self-play games as jobs of kind selfplay ----
local TEXEL = S .. " tune connect4 --params threat,centre --method texel --texel-games 24 " ..
              "--search '{depth = 2}' --iterations 3 --seed 5 --quiet"
local function texel(name, more, env)
  local o, err, c = t.run("cd " .. t.q(dir) .. " && " .. (env or "") .. TEXEL .. " --positions " .. name ..
                          ".txt " .. (more or ""))
  local pf = io.open(dir .. "/" .. name .. ".txt", "rb")
  local text = pf and pf:read("a")
  if pf then pf:close() end
  return o, text, err, c
end
local tx_out, tx_pos = texel("tx-local")
t.ok(tx_pos and select(2, tx_pos:gsub("\n", "")) > 24, "texel locally: positions of 24 games (" ..
     (tx_pos and select(2, tx_pos:gsub("\n", "")) or "none") .. " lines)")
local tout, tpos = texel("tx-sh", "--runner sh --batch 7")
t.ok(tpos == tx_pos, "texel --runner sh --batch 7: the local positions, byte for byte")
t.is(body(tout), body(tx_out), "texel --runner sh: the local run's weights")
tout, tpos = texel("tx-jobs", "--jobs 2")
t.ok(tpos == tx_pos and body(tout) == body(tx_out), "texel --jobs 2: the local positions and weights")
local tx_err
tout, tpos, tx_err = texel("tx-lossy", "--runner " .. lossy .. " --batch 6 --retries 3")
t.ok(tpos == tx_pos and body(tout) == body(tx_out), "texel through a runner that loses games: " ..
     "the local positions and weights")
t.like(tx_err, "runner: 3 of 6 games without a result", "its lost self-play games played again")
local job1 = lab.job_line(require("stratagem.tune").selfplay_job({game = "connect4", base = {},
  search = {depth = 2}, seed = 5, games = 24, run = "txtest"}, 1))
local one = t.run(S .. " job " .. t.q(job1))
local r1 = lab.read_result(one:match("[^\n]+"))
t.ok(r1 and r1.kind == "selfplay" and r1.index == 1 and #r1.positions > 0 and
     tx_pos:sub(1, #r1.result + 1 + #r1.positions[1]) == r1.result .. "\t" .. r1.positions[1],
     "stratagem job plays a selfplay line: its result and positions, the local file's first")
_, e, code = t.run(S .. " job " .. t.q((job1:gsub("every = 3", "every = 0"))))
t.ok(code == 1 and e:find("job: every must be a whole number from 1", 1, true),
     "a selfplay job line with every = 0 is refused, naming the field")
_, e, code = t.run(S .. " job " .. t.q((job1:gsub('kind = "selfplay"', 'kind = "texel"'))))
t.ok(code == 1 and e:find('job: kind must be "selfplay"', 1, true), "an unknown kind of job is refused")
-- the runner fails after two batches: the games played are kept, --resume plays the rest
_, tpos, tx_err, code = texel("tx-cut", "--runner " ..
  t.q("sh " .. twice .. " {jobs} {results} " .. dir .. "/xcount") .. " --batch 5 --retries 0")
t.ok(code == 1 and tpos == nil and tx_err:find("the cluster went away", 1, true) and
     tx_err:find("the 10 of 24 self-play games played are kept in tx-cut.txt.part: the same " ..
                 "command with --resume goes on from them", 1, true),
     "texel: a runner that fails after two batches keeps their 10 games")
_, e, code = t.run(S .. " merge " .. t.q(dir .. "/tx-cut.txt.part"))
t.ok(code == 1 and e:find("a self-play result", 1, true), "merge refuses self-play results")
_, e, code = t.run("cd " .. t.q(dir) .. " && " .. TEXEL:gsub("seed 5", "seed 6") ..
                     " --positions tx-cut.txt --runner sh --resume")
t.ok(code == 1 and e:find("tx%-cut%.txt%.part, line 1: a self%-play game of generation tx%x+, " ..
                          "but these settings make generation tx%x+"),
     "--resume refuses another generation's games")
tout, tpos = texel("tx-cut", "--runner sh --resume --batch 5")
t.ok(tpos == tx_pos and body(tout) == body(tx_out),
     "texel --resume after the runner failed: the local positions and weights")
t.ok(not io.open(dir .. "/tx-cut.txt.part"), "the partial file is removed once the positions are written")
out, e, code = t.run(TUNE .. " --iterations 1 --batch 4")
t.ok(code == 1 and e:find("batch goes with texel", 1, true), "--batch with spsa is refused")

-- ---- GNU parallel ----
if os.execute("command -v parallel >/dev/null 2>&1") then
  out, e, code = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner parallel --batch 16")
  t.is(figures(out), figures(serial), "--runner parallel: the local run's report")
  out = t.run(TUNE .. " --iterations 3 --runner parallel")
  t.is(body(out), body(spsa), "tune spsa --runner parallel = the local run")
  tout, tpos = texel("tx-parallel", "--runner parallel --batch 10")
  t.ok(tpos == tx_pos and body(tout) == body(tx_out),
       "texel --runner parallel: the local positions and weights")
  -- the issue's form: a process a line
  out = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner " ..
              t.q("parallel --will-cite -a {jobs} " .. S .. " job > {results}"))
  t.is(figures(out), figures(serial), "--runner 'parallel -a {jobs} stratagem job > {results}'")
  -- over ssh hosts: ':' is parallel's name for this machine without ssh
  f = assert(io.open(dir .. "/hosts", "w"))
  f:write("2/:\n")
  f:close()
  out = t.run("cd " .. t.q(dir) .. " && " .. SPRT .. " --runner parallel:" .. t.q(dir .. "/hosts"))
  t.is(figures(out), figures(serial), "--runner parallel:HOSTSFILE (--sshloginfile)")
else
  t.skip("GNU parallel is not installed (Debian package parallel)", 5)
end

-- ---- Slurm: a one-node cluster started here ----
local cluster = dir .. "/slurm"
local up = t.run("sh " .. t.q(t.srcdir .. "/t/slurm-cluster.sh") .. " start " .. t.q(cluster))
local conf = up:match("SLURM_CONF=(%S+)")
if conf then
  local ok, err = pcall(function()
    local env = "cd " .. t.q(dir) .. " && SLURM_CONF=" .. t.q(conf) .. " "
    out, e, code = t.run(env .. SPRT .. " --runner slurm --batch 40")
    t.is(figures(out), figures(serial), "--runner slurm (a job array, sbatch --array): the local run's " ..
         "report, bit for bit")
    out, e, code = t.run(env .. SPRT .. " --runner srun --batch 40")
    t.is(figures(out), figures(serial), "--runner srun: the local run's report, bit for bit")
    out, e, code = t.run(env .. TUNE .. " --iterations 2 --runner slurm")
    local spsa2 = t.run(TUNE .. " --iterations 2")
    t.is(body(out), body(spsa2), "tune spsa, 2 iterations through Slurm = the local run")
    tout, tpos = texel("tx-slurm", "--runner slurm --batch 12",
                              "SLURM_CONF=" .. t.q(conf) .. " ")
    t.ok(tpos == tx_pos and body(tout) == body(tx_out),
         "texel through Slurm (two job arrays): the local positions and weights")
    -- sbatch refuses the job: the run stops with sbatch's own message
    out, e, code = t.run(env .. "SG_SLURM_ARGS='--partition=nosuch' " .. SPRT ..
                         " --runner slurm --batch 40 --retries 1")
    t.ok(code == 1 and e:find("still have no result after 1 retries", 1, true) and
         e:find("sbatch: error: invalid partition", 1, true),
         "sbatch that fails: the run stops with sbatch's error")
  end)
  if not ok then t.ok(false, "the Slurm tests raised: " .. tostring(err)) end
  local pids = {}
  for _, d in ipairs({"munged", "slurmctld", "slurmd"}) do
    local pf = io.open(cluster .. "/" .. d .. ".pid")
    pids[#pids + 1] = pf and pf:read("n")
    if pf then pf:close() end
  end
  t.run("sh " .. t.q(t.srcdir .. "/t/slurm-cluster.sh") .. " stop " .. t.q(cluster))
  local alive = 0
  for _, pid in ipairs(pids) do
    if os.execute("kill -0 " .. math.tointeger(pid) .. " 2>/dev/null") then alive = alive + 1 end
  end
  t.ok(#pids == 3 and alive == 0, "the cluster's three daemons are ended")
else
  t.skip("no Slurm cluster here: " .. (up:gsub("\n$", "")), 6)
end

os.execute("rm -rf " .. t.q(dir))
t.done()
