package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 044-tune.lua: stratagem tune and sg.lab.tune: parameters and bounds, SPSA, the genetic
-- algorithm and Texel tuning on small runs, checkpoints (a resumed run equals an unbroken
-- one), the settings file and the chart, and bad input.
local t = require "tap"
local sg = require "stratagem"
local tune = require "stratagem.tune"
local data = require "stratagem.data"
local S = t.q(t.stratagem)

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
local function file(name) return dir .. "/" .. name end
local function read(path) local f = io.open(path) if not f then return nil end local s = f:read("a") f:close() return s end

-- ---- parameters ----
local ps = assert(tune.params("connect4", {"threat", "weights.two"}))
t.is(#ps, 2, "two parameters")
t.is(ps[1].name, "weights.threat", "a bare name is a weight")
t.ok(ps[1].default == 40 and ps[1].lo == 0 and ps[1].hi == 80 and ps[1].integer,
     "default bounds: the default +- its size (40: 0 to 80), an integer")
t.ok(ps[2].lo == -6 and ps[2].hi == 14, "a small default gets +- 10 (4: -6 to 14)")
local _, err = tune.params("connect4", {"thret"})
t.like(err, "weights.thret is not a number the game connect4 declares %(its weights: .*threat",
       "an unknown weight, with the valid ones")
_, err = tune.params("draughts", {"rules.draw_moves"})
t.like(err, "rules constants change the game both players play", "rules constants are refused")
_, err = tune.params("connect4", {"threat"}, {threat = {50, 60}})
t.like(err, "50 to 60 exclude its default 40", "bounds that exclude the default")
_, err = tune.params("connect4", {"threat"}, {threat = {-1e12, 60}})
t.like(err, "outside what the game accepts", "bounds beyond what C accepts")
_, err = tune.params("connect4", {"threat"}, {two = {0, 9}})
t.like(err, "bounds given for two, which is not among the parameters", "bounds of another name")
_, err = tune.params("connect4", {"threat", "weights.threat"})
t.like(err, "named twice", "a parameter named twice")
local sp = assert(tune.params("starchess", {"priorities.garrison.priority"}))
t.is(sp[1].default, sg.defaults("starchess").priorities.garrison.priority,
     "a Star Chess priority by its path")
t.is_deeply(tune.settings(sp, {3.4}), {priorities = {garrison = {priority = 3}}},
            "settings of a priority (rounded)")
local fp = assert(tune.params("starchess", {"priorities.attack_colony.max.at_least"}))
t.is_deeply(tune.settings(fp, {31}).priorities.attack_colony.max,
            {at_least = 31, t = sg.defaults("starchess").priorities.attack_colony.max.t},
            "a term of a priority's formula: the formula's other terms kept")
t.is_deeply(tune.settings(ps, {41.6, 2.2}, {search = {depth = 2}}),
            {search = {depth = 2}, weights = {threat = 42, two = 2}},
            "settings over a base, integers rounded")

local gp = assert(tune.params("starchess", {"priorities.garrison.priority", "priorities.reserve_turns"}))
t.ok(gp[1].lo == 1 and gp[1].hi == 4 and gp[2].lo == 0,
     "a priority's default bounds stay within what the request table accepts (1 to 4)")
_, err = tune.params("starchess", {"priorities.garrison.priority"},
                     {["priorities.garrison.priority"] = {1, 6}})
t.like(err, "1 to 6 is outside what the game accepts %(1 to 4%)", "a priority's bounds past 4")
_, err = pcall(tune.tune, {game = "starchess", params = {"priorities.colonise.min.add"},
                           iterations = 2, games = 1, progress = false,
                           base = {priorities = {garrison = {priority = 5}}},
                           checkpoint = file("bad.ckpt")})
t.like(err, "every game of iteration 1 failed %(the first: settings [ab]: sg.search: priorities.garrison.priority must be 1 to 4%)",
       "settings no game can be played with stop the run, with the games' error")
t.ok(not read(file("bad.ckpt")), "and write no checkpoint of an iteration that did not happen")

-- the tuned settings doc/lab.md reports are settings files the lab and the games accept
local lab = require "stratagem.lab"
for _, f in ipairs({{"chess", "lab-chess-spsa.lua"}, {"chess", "lab-chess-extended.lua"},
                    {"starchess", "lab-starchess-spsa.lua"}}) do
  local st, e = lab.read_settings(f[1], t.srcdir .. "/doc/" .. f[2])
  t.ok(st and (st.weights or st.priorities), "doc/" .. f[2] .. " is a settings file for " ..
       f[1] .. (e and (": " .. e) or ""))
end

-- ---- the margin SPSA steps by: 0 at equal strength, for any number of players ----
t.is(tune.margin(3, 2, 3, 2), 0, "two players, as many wins as losses: margin 0")
t.is(tune.margin(6, 0, 2, 2), 0.5, "two players: (wins - losses) / games")
t.is(tune.margin(1, 0, 3, 4), 0, "four players, one first place in four: an equal share, margin 0")
t.is(tune.margin(4, 0, 0, 4), 1, "four players, every first place: margin 1")
t.ok(math.abs(tune.margin(0, 0, 4, 4) + 1 / 3) < 1e-12, "four players, none: margin -1/3")
t.is(select(2, tune.margin(2, 4, 2, 4)), 0.375, "a game without a first place counts 1/n")

-- ---- SPSA: a run of 4 iterations equals one of 2 resumed for 2 more ----
local base = '{search = {depth = 2}}'
local function spsa(iterations, extra)
  local spec = {game = "connect4", params = {"threat", "two"}, method = "spsa", games = 1,
                iterations = iterations, base = base, seed = 5, progress = false,
                checkpoint = file("spsa.ckpt"), out = file("spsa-out.lua"),
                plot = file("spsa.svg")}
  for k, v in pairs(extra or {}) do spec[k] = v end
  return tune.tune(spec)
end
local whole = spsa(4)
t.is(#whole.history, 4, "spsa: 4 iterations")
t.ok(whole.theta[1] ~= 40 or whole.theta[2] ~= 4, "spsa: the parameters moved")
local ck = data.parse(read(file("spsa.ckpt")))
t.ok(ck and ck.iteration == 4 and #ck.history == 4, "the checkpoint holds every iteration")
local settings = assert(load(read(file("spsa-out.lua")), "=out", "t", {}))()
t.ok(settings.weights and math.type(settings.weights.threat) == "integer" and
     settings.search.depth == 2, "the settings file: weights and the base's search")
t.ok(sg.new("connect4", {weights = settings.weights}), "sg.new accepts the tuned weights")
local svg = read(file("spsa.svg"))
t.like(svg, "^<svg ", "the chart is SVG")
local lines = select(2, svg:gsub("<polyline", ""))
t.is(lines, 3, "a line per parameter and one for the score")
spsa(2)
local resumed = spsa(4, {resume = true})
t.is_deeply(resumed.theta, whole.theta, "2 iterations resumed to 4 = 4 at once")
t.is_deeply(resumed.history, whole.history, "with the same history")

-- a damaged checkpoint, and one of another method
local f = io.open(file("bad.ckpt"), "w")
f:write("return {game = ")
f:close()
t.errors(function() spsa(3, {checkpoint = file("bad.ckpt"), resume = true}) end,
         "is not a checkpoint of stratagem tune", "a damaged checkpoint is refused", true)
-- a checkpoint with fields of the wrong type or range: named with the file, never a traceback
local ckpt = read(file("spsa.ckpt"))
local bad_ckpts = {   -- (the top level's fields are indented by two spaces)
  {"\n  rng = %d+,", "", "rng is missing %(a whole number from 0 to"},
  {"\n  theta = {[^}]*}", '\n  theta = {"x", 1}', "theta%[1%] must be a number, got string"},
  {"\n  theta = {[^}]*}", "\n  theta = {}", "theta must hold 2 numbers %(one per parameter%), got 0"},
  {"\n  history = {", '\n  history = "x", h = {', "history must be a table of 4 iterations, got string"},
  {"\n  iteration = 4", "\n  iteration = -1e15", "iteration must be a whole number from 0 to 4"},
  {"\n  iteration = 4", "\n  iteration = 2.5", "iteration must be a whole number from 0 to 4"},
  {"\n  seed = 5", "\n  seed = {}", "seed must be a whole number"},
  {"\n  iterations = 4", "\n  iterations = 1e12", "iterations must be a whole number from 1 to"},
}
for _, b in ipairs(bad_ckpts) do
  local text, k = ckpt:gsub(b[1], b[2], 1)
  local s, err = tune.read_checkpoint(text, "x.ckpt", "connect4", "spsa",
                                      assert(tune.params("connect4", {"threat", "two"})))
  t.ok(k == 1 and s == nil and err:find("^tune: cannot resume: x%.ckpt: " .. b[3]),
       "a checkpoint with " .. (b[2] ~= "" and b[2]:sub(4) or "no rng") .. ": " .. tostring(err))
end
do
  local h = assert(io.open(file("neg.ckpt"), "w"))
  h:write((ckpt:gsub("\n  iteration = 4", "\n  iteration = -1e15", 1)))
  h:close()
  t.errors(function() spsa(5, {checkpoint = file("neg.ckpt"), resume = true}) end,
           "neg.ckpt: iteration must be a whole number from 0 to 4, got -1",
           "tune --resume refuses iteration = -1e15 (it ran for ever)", true)
end
t.ok(tune.read_checkpoint(ckpt, "x.ckpt", "connect4", "spsa",
                          assert(tune.params("connect4", {"threat", "two"}))),
     "and reads the checkpoint tune wrote")
t.errors(function() spsa(3, {method = "ga", resume = true}) end,
         "is a checkpoint of connect4 by spsa, not of connect4 by ga", "another method's")
t.errors(function() spsa(3, {params = {"threat"}, resume = true}) end,
         "the checkpoint tunes weights.threat, weights.two, not weights.threat",
         "other parameters'", true)

-- ---- the genetic algorithm ----
local ga = tune.tune{game = "connect4", params = {"threat", "parity"}, method = "ga",
                     population = 4, games = 1, iterations = 2, base = base, seed = 3,
                     progress = false}
t.is(#ga.history, 2, "ga: 2 generations")
for _, h in ipairs(ga.history) do
  t.ok(h.score >= 0 and h.score <= 1, "ga: the best score against the incumbent, 0 to 1")
end
t.ok(#ga.pop == 4, "ga: the population keeps its size")

-- ---- Texel tuning ----
local tx = tune.tune{game = "connect4", params = {"threat", "centre"}, method = "texel",
                     texel_games = 20, search = {depth = 2}, iterations = 10,
                     positions = file("c4-pos.txt"), progress = false}
local pos = read(file("c4-pos.txt"))
t.like(pos, "^[01.5]+\t[xo.]+/", "the positions file: result, a tab, a position")
t.ok(tx.K > 0, "texel: K fitted")
t.ok(tx.history[#tx.history].loss <= tx.loss0 + 1e-12, "texel: the loss never rises")
f = io.open(file("bad-pos.txt"), "w")
f:write("1\t.......\n")
f:close()
t.errors(function()
  tune.tune{game = "connect4", params = {"threat"}, method = "texel",
            positions = file("bad-pos.txt"), progress = false}
end, "bad-pos.txt:1: position", "a bad position in the file is named with its line", true)
t.errors(function()
  tune.tune{game = "chexers", params = {"weights.exits"}, method = "texel", progress = false}
end, "texel tunes two-player games", "texel on a three-player game", true)

-- ---- the command line ----
local o, e, code = t.run(S .. " tune connect4 --params threat --method spsa --iterations 1 " ..
                         "--games 1 --base " .. t.q(base) .. " --quiet")
t.ok(code == 0 and o:find("tune connect4 by spsa: 1 iterations", 1, true), "stratagem tune")
o, e, code = t.run(S .. " tune connect4 --params threat --method anneal")
t.ok(code == 1 and e:find("unknown method 'anneal'", 1, true), "an unknown method")
o, e, code = t.run(S .. " tune connect4")
t.ok(code == 2 and e:find("expected --params", 1, true), "no --params")
o, e, code = t.run(S .. " tune connect4 --params threat --bounds threat=1")
t.like(e, "expected NAME=LO:HI", "a malformed --bounds")
t.like(sg.lab.tune and "ok" or "", "ok", "sg.lab.tune")

os.execute("rm -rf " .. t.q(dir))
t.done()
