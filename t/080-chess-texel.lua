package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 080-chess-texel.lua: the trace of chess's tapered evaluation (core.chess.trace: the
-- coefficient of every weight, whose sum with the weights is the evaluation) and the gradient
-- Texel tuner over it (`stratagem tune chess --method texel --gradient`, src/games/chess_tune.c):
-- quiet positions only, malformed lines refused with FILE:LINE, the loss it computes equal to
-- the evaluation's, Adam lowering it, checkpoints and --resume giving what one run gives.
local t = require "tap"
local sg = require "stratagem"
local core = require "stratagem.core"
local tune = require "stratagem.tune"
local S = t.q(t.stratagem)

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
local function file(name) return dir .. "/" .. name end
local function write(name, text)
  local f = assert(io.open(file(name), "w"))
  f:write(text)
  f:close()
  return file(name)
end

local D = sg.defaults("chess").weights

-- ---- the trace: sum of coefficient x weight = white's evaluation ----
-- The evaluation truncates its blend, its scaled score and king_danger's units^2 / 16 to whole
-- centipawns; the trace does not, so the two differ by less than 4.
local function traced(g)
  local terms, phase, scale = core.chess.trace(g)
  local W = g:config().weights
  local s = 0
  for k, c in pairs(terms) do s = s + c * W[k] end
  return s, phase, scale, terms
end

-- mop-up's counts against a bare king, traced as the evaluation counts them (t/036 has them
-- by hand): KBNK with a dark bishop, b8 6 steps from h8, the kings 2 files and 4 ranks apart
do
  local g = sg.new("chess", {position = "1k6/8/8/8/3K4/8/8/1NB5 w - - 0 1",
                             weights = {scale_pawns_base = 100}})
  local s, _, _, terms = traced(g)
  t.ok(math.abs(s - g:scores()[1]) < 4 and math.abs(terms.mop_corner - 8 * 22 / 24) < 1e-9 and
       (terms.mop_edge or 0) == 0 and math.abs(terms.mop_close - 8 * 22 / 24) < 1e-9,
       "trace: mop-up's corner and closeness counts (KBNK), the sum the evaluation")
  g = sg.new("chess", {position = "7r/8/8/3k4/8/8/1K6/8 w - - 0 1",
                         weights = {scale_pawns_base = 100}})
  s, _, _, terms = traced(g)
  t.ok(math.abs(s - g:scores()[1]) < 4 and math.abs(terms.mop_edge + 4 * 22 / 24) < 1e-9,
       "trace: mop-up for black counts against white")
end

local rnd = 20261127
local function rand(n) rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd % n end
for _, kind in ipairs({"the default weights", "random weights"}) do
  local worst, n = 0, 0
  for seed = 1, 12 do
    local w
    if kind == "random weights" then   -- every weight, so that no term hides behind a zero
      w = {}
      for k, v in pairs(D) do
        if type(v) == "number" and k ~= "model" and not k:match("^scale_") then w[k] = rand(201) - 100 end
      end
      w.scale_ocb, w.scale_pawnless, w.scale_pawnless_rook = rand(101), rand(101), rand(101)
      w.scale_pawns_base, w.scale_pawns_step = rand(101), rand(31)
    end
    local g = sg.new("chess", {weights = w})
    for i = 1, 70 do
      if g:status() ~= "playing" then break end
      g:play(sg.search(g, {algo = "random", seed = seed * 1000 + i}).move)
      local s = traced(g)
      worst = math.max(worst, math.abs(s - g:scores()[1]))
      n = n + 1
    end
  end
  t.ok(n > 500 and worst < 4, string.format("trace with %s: %d positions, the largest " ..
       "difference from the evaluation %.3f centipawns (under 4)", kind, n, worst))
end

-- by hand: a knight on d4 (PeSTO's table: mg 13, eg 25) and pawns on a2 and a7, phase 1 of 24
local NOPS = {scale_pawns_base = 100}   -- no pawn scale of the endgame sum (tested below)
local g = sg.new("chess", {position = "4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1", weights = NOPS})
local s, phase, scale, terms = traced(g)
t.is(phase, 1, "trace: phase 1 (a knight)")
t.is(scale, 1.0, "trace: no scaling")
t.is(terms.knight_mg, 1 / 24, "trace: knight_mg weighs phase / 24")
t.is(terms.knight_eg, 23 / 24, "trace: knight_eg weighs (24 - phase) / 24")
t.is(terms.pst_knight_d4_eg, 23 / 24, "trace: the knight's square, d4")
-- the pawn scale of the endgame sum: white, ahead, has one pawn: 50 + 10 x 1 percent
g = sg.new("chess", {position = "4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1",
                     weights = {scale_pawns_base = 50, scale_pawns_step = 10}})
s, phase, scale, terms = traced(g)
t.ok(math.abs(terms.knight_eg - 23 / 24 * 0.6) < 1e-12 and terms.knight_mg == 1 / 24 and
     math.abs(s - g:scores()[1]) < 4, "trace: the endgame sum's pawn scale (60%: one pawn)")
t.is(terms.pawn_mg, nil, "trace: the pawns cancel")
t.is(terms.tempo_mg, 1 / 24, "trace: white's tempo")
t.ok(math.abs(s - g:scores()[1]) < 4, "trace: the sum is the evaluation")
-- the endgame scale: opposite bishops keep scale_ocb percent; a lone bishop cannot win
g = sg.new("chess", {position = "4k3/p3b3/8/8/8/8/PP6/3BK3 w - - 0 1"})
s, phase, scale = traced(g)
t.is(scale, D.scale_ocb / 100, "trace: opposite bishops scale by scale_ocb")
t.ok(math.abs(s - g:scores()[1]) < 4, "trace: the scaled sum is the evaluation")
g = sg.new("chess", {position = "4k3/p7/8/8/8/8/8/3BK3 w - - 0 1"})
s, phase, scale = traced(g)
t.is(scale, 0.0, "trace: a lone bishop (white) scores 0")
t.is(g:scores()[1], 0, "the evaluation agrees")
t.errors(function() core.chess.trace(sg.new("chess", {preset = "seed"})) end,
         "tapered evaluation (weights.model 1), got model 0", "trace: the seed's sum is refused",
         true)

-- ---- the positions file ----
-- 1 quiet; 2 in check (left out); 3 not quiet: white's queen takes a hanging rook
local P = write("pos.txt", table.concat({
  "1\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
  "0.5\t4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
  "0\t4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1",
  "",
  "0.5\t4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
}, "\n") .. "\n")
g = sg.new("chess")
local set = core.chess.texel_load(g, P)
local info = set:info()
t.is(info.lines, 4, "positions: 4 lines (the empty one skipped)")
t.is(info.in_check, 1, "positions: the one in check left out")
t.is(info.noisy, 1, "positions: the one with a winning capture left out (not quiet)")
t.is(info.positions, 2, "positions: 2 quiet ones kept")
t.is(core.chess.texel_load(g, P, false):info().positions, 3,
     "positions: with quiet false, only the one in check is left out")
t.errors(function() core.chess.texel_load(g, write("bad1.txt", "1\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\nwin\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")) end,
         "bad1.txt:2: expected RESULT (1, 0.5 or 0 for white), a tab and a FEN, got 'win",
         "a malformed result: FILE:LINE and what was expected", true)
t.errors(function() core.chess.texel_load(g, write("bad2.txt", "0\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n0.5\t4k3/8/8 w\n")) end,
         "bad2.txt:3: ", "a malformed FEN: FILE:LINE", true)
t.errors(function() core.chess.texel_load(g, write("bad3.txt", "1 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")) end,
         "bad3.txt:1: expected RESULT", "no tab", true)
t.errors(function() core.chess.texel_load(g, file("missing.txt")) end,
         "cannot read the positions", "a missing file", true)

-- ---- the loss: the C tuner's equals the one computed from the evaluation ----
local POS = file("selfplay.txt")
local lines = tune.texel_positions("chess", {games = 6, search = {depth = 1}, seed = 5})
write("selfplay.txt", table.concat(lines, "\n") .. "\n")
set = core.chess.texel_load(g, POS)
info = set:info()
t.ok(info.positions > 50 and info.positions + info.in_check + info.noisy == info.lines,
     string.format("self-play: %d quiet positions of %d", info.positions, info.lines))
local names = set:names()
t.is(#names, #core.chess.texel_names(), "set:names() = core.chess.texel_names()")
local fits = {}
for _, n in ipairs(names) do fits[n] = true end
t.ok(fits.pst_queen_h8_eg and fits.king_danger and fits.unstoppable and not fits.model and
     not fits.scale_ocb and not fits.king_attack_queen and not fits.pawn,
     "the tuner fits the linear weights of the tapered evaluation only")
local vals = {}
for i, n in ipairs(names) do vals[i] = D[n] end
local K = set:fit_k(names, vals)
t.ok(K > 0.05 and K < 20, "K fitted: " .. K)
local loss = set:loss(names, vals, K)
t.ok(loss > 0 and loss < 0.25, "the loss: " .. loss)

-- the loss of single positions (each file of one line the filter keeps) against the
-- evaluation's, within the rounding of a few centipawns
local kept = {}
for line in io.lines(POS) do
  local one = write("one.txt", line .. "\n")
  local ok, s1 = pcall(core.chess.texel_load, g, one)
  if ok then
    local r, fen = line:match("^([%d.]+)\t(.+)$")
    kept[#kept + 1] = {tonumber(r), sg.new("chess", {position = fen}):scores()[1]}
    t.ok(math.abs(s1:loss(names, vals, K) - (kept[#kept][1] - 1 / (1 + 10 ^ (-K * kept[#kept][2] / 400))) ^ 2) < 0.002,
         "one position: the tuner's loss is the evaluation's") -- (a few cp of rounding)
    if #kept >= 5 then break end
  end
end
t.is(#kept, 5, "five single positions checked")
local sum = 0
for line in io.lines(POS) do
  local one = write("one.txt", line .. "\n")
  local ok, s1 = pcall(core.chess.texel_load, g, one)
  if ok then sum = sum + s1:loss(names, vals, K) * 1 end
end
t.ok(math.abs(sum / info.positions - loss) < 1e-9, "the loss is the mean over the positions")

-- ---- Adam lowers the loss; reproducible ----
local function fresh() local v = {} for i = 1, #names do v[i] = 0 end return v end
local theta, mm, vv = {table.unpack(vals)}, fresh(), fresh()
local l1, step = set:adam(names, theta, mm, vv, 0, K, 2, 30)
t.is(step, 30, "adam: 30 steps")
t.ok(l1 < loss, string.format("adam: the loss falls, %.6f -> %.6f", loss, l1))
local theta2, m2, v2 = {table.unpack(vals)}, fresh(), fresh()
local la = set:adam(names, theta2, m2, v2, 0, K, 2, 10)
local lb, step2 = set:adam(names, theta2, m2, v2, 10, K, 2, 20)
t.is(step2, 30, "adam: 10 then 20 steps")
t.ok(la > lb and lb == l1 and table.concat(theta2, ",") == table.concat(theta, ","),
     "adam: 10 steps and 20 more from the moments give exactly 30 steps' weights")
t.is(set:loss(names, theta, K), l1, "adam returns the loss at its new weights")
-- only the named weights move
local one_name = {"pawn_eg"}
local one_val, om, ov = {D.pawn_eg}, {0}, {0}
set:adam(one_name, one_val, om, ov, 0, K, 1, 5)
t.ok(one_val[1] ~= D.pawn_eg, "adam on one weight moves it")
t.errors(function() set:loss({"model"}, {1}, K) end, "model is not a weight the gradient tuner fits",
         "set:loss refuses a weight it cannot fit", true)
t.errors(function() set:adam(names, theta, mm, {}, 0, K, 1, 1) end, "expected values, m and v",
         "set:adam: the moments must match the names", true)

-- ---- stratagem tune --method texel --gradient ----
local ck, out = file("ck.lua"), file("tuned.lua")
local st = tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
                     iterations = 2, epochs = 5, lr = 2, checkpoint = ck, out = out,
                     progress = false}
t.is(st.method, "texel-gradient", "--gradient: the method texel-gradient")
t.is(#st.params, #names, "all the weights it fits, by default")
t.is(st.step, 10, "2 iterations of 5 epochs")
t.ok(st.history[2].loss < st.loss0, "the loss falls")
local settings = dofile(out)
local tuned = sg.new("chess", settings)
t.is(tuned:config().weights.pawn_eg, math.floor(st.theta[2] + 0.5), "the settings file's weights load")
st = tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
               iterations = 3, epochs = 5, lr = 2, checkpoint = ck, out = out, resume = true,
               progress = false}
local once = tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
                       iterations = 3, epochs = 5, lr = 2, progress = false}
t.is(st.iteration, 3, "--resume goes on to iteration 3")
t.ok(table.concat(st.theta, ",") == table.concat(once.theta, ","),
     "2 iterations and a resumed third give what 3 in one run give")
-- --l2: a pull toward the start; a strong one keeps every weight nearer it than none does
local function spread(state)
  local far = 0
  for i, p in ipairs(state.params) do far = math.max(far, math.abs(state.theta[i] - p.default)) end
  return far
end
local free = tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
                       iterations = 2, epochs = 10, lr = 2, progress = false}
local pulled = tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
                         iterations = 2, epochs = 10, lr = 2, l2 = 1000, progress = false}
t.ok(spread(pulled) < spread(free) / 2, string.format("--l2 1000 keeps the weights near the " ..
     "start: %.2f at the most, against %.2f without", spread(pulled), spread(free)))
t.ok(pulled.history[2].loss > free.history[2].loss, "... at the cost of a higher loss")
t.errors(function() set:adam(names, theta, mm, vv, 0, K, 1, 1, {1}, 0.5) end,
         "expected start of one number a name", "set:adam: the start must match the names", true)
t.errors(function()
  tune.tune{game = "chess", method = "texel", gradient = true, positions = POS, l2 = -1,
            progress = false}
end, "l2 must be a number of 0 or more", "a negative l2 is refused", true)
local sub = tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
                      params = {"pawn_mg", "pawn_eg"}, iterations = 1, epochs = 3,
                      progress = false}
t.is(#sub.theta, 2, "--params names a subset")
t.errors(function()
  tune.tune{game = "chess", method = "texel", gradient = true, positions = POS,
            params = {"king_attack_queen"}, progress = false}
end, "king_attack_queen is not one", "a weight the tuner cannot fit is refused", true)
t.errors(function()
  tune.tune{game = "connect4", method = "texel", gradient = true, progress = false}
end, "fits chess's tapered evaluation, not connect4", "--gradient is chess's", true)
t.errors(function()
  tune.tune{game = "chess", method = "spsa", epochs = 3, params = {"pawn_mg"}, progress = false}
end, "epochs, lr and l2 go with the gradient Texel tuner", "--epochs without --gradient", true)
t.errors(function()
  tune.tune{game = "chess", method = "texel", gradient = true, positions = write("bad4.txt", "1\tfoo\n"),
            progress = false}
end, "bad4.txt:1: ", "a malformed positions file through tune", true)

local o, e, code = t.run(S .. " tune chess --method texel --gradient --positions " .. t.q(POS) ..
                         " --iterations 2 --epochs 3 --lr 1.5 --out " .. t.q(out))
t.ok(code == 0 and o:find("tune chess by texel-gradient: 2 iterations", 1, true) and
     o:find("the 20 that moved most", 1, true), "the command line")
t.like(e, "%[2/2%] loss [%d.]+  %d+ weights, the most moved", "progress lines")
t.like(e, "quiet positions of %d+ lines", "what was loaded")
o, e, code = t.run(S .. " tune chess --method texel --gradient --positions " .. t.q(POS) ..
                   " --lr -1")
t.ok(code == 2 and e:find("--lr must be a number above 0", 1, true), "--lr checked")
o, e, code = t.run(S .. " tune chess --method texel --gradient --positions " .. t.q(POS) ..
                   " --l2 x")
t.ok(code == 2 and e:find("--l2 must be a number of 0 or more", 1, true), "--l2 checked")

os.execute("rm -rf " .. t.q(dir))
t.done()
