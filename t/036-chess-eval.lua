package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 036-chess-eval.lua: chess's two evaluations: the seed's weighted sum (preset "seed"), its
-- values worked out by hand from its formula, and the tapered evaluation (the default), each of
-- its terms alone worked out by hand, its endgame scaling, its symmetry, its tables set from Lua.
local t = require "tap"
local sg = require "stratagem"
local S = t.q(t.stratagem)

-- presets
t.is(sg.new("chess"):config().weights.model, 1, "the tapered evaluation is the default")
t.is(sg.new("chess", {preset = "seed"}):config().weights.model, 0, "preset seed: the seed's sum")
t.is(sg.new("chess", {preset = "modern"}):config().weights.model, 1, "preset modern")
t.is(sg.new("chess", {preset = "seed", weights = {model = 1}}):config().weights.model, 1,
     "weights given by name win over the preset's")
t.errors(function() sg.new("chess", {preset = "fast"}) end,
         "preset must be one of 'modern', 'seed', got 'fast'", "an unknown preset is named", true)
t.errors(function() sg.new("chess", {preset = 3}) end, "got number", "a preset is a name")

-- the seed's weighted sum, by hand (lua/stratagem/games/chess.lua's seed weights; chess.c init_pst):
-- Nd4 v Ke8: material 320, knight table 8 * centre(6) - 30 = 18, kings on e1/e8 score 0 in
-- both tables; white attacks 12 squares, 4 of them central (c6 e6 f3 f5): space 16; black's
-- king attacks 5; so 320 + 18 + 16 - 5 + tempo 10 = 359
local function seed(fen) return sg.new("chess", {preset = "seed", position = fen}):scores()[1] end
t.is(seed("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 359, "seed: a knight on d4, by hand")
-- e2 pawn: 100, pawn table 5 (centre file) - 10 (d2/e2) = -5, white attacks 7 squares (d3 and
-- f3 central: space 9), black 5, passed but not advanced: 100 - 5 + 9 - 5 = 99, tempo 10
t.is(seed("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), 109, "seed: a pawn on e2, white to move, by hand")
t.is(seed("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), 89, "seed: black to move: 99 - tempo 10")

-- the tapered evaluation, one term at a time: every weight 0 but the ones named (model 1,
-- scale_ocb 100); a term given the same middlegame and endgame value is independent of phase
local D = sg.defaults("chess").weights
local function only(w)
  local z = {}
  for k, v in pairs(D) do if type(v) == "number" then z[k] = 0 end end
  z.model, z.scale_ocb, z.scale_pawnless, z.scale_pawnless_rook = 1, 100, 100, 100
  z.scale_pawns_base = 100
  for k, v in pairs(w) do z[k] = v end
  return z
end
local function modern(fen, w) return sg.new("chess", {position = fen, weights = only(w)}):scores()[1] end

-- material and PeSTO's knight table (printed rank 8 first: d4 is row 5, column 4: mg 13,
-- eg 25), phase 1 of 24: (350 * 1 + 306 * 23) / 24 = 307 (rounded toward zero)
local PST = {knight_mg = 337, knight_eg = 281}
for k, v in pairs(D) do if k:match("^pst_") then PST[k] = v end end
-- (pawns on a2 and a7 cancel, and keep a lone minor from being scaled to a draw)
t.is(modern("4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1", PST), 307, "material and tables, tapered, by hand")
t.is(modern("4k3/p7/8/3n4/8/8/P7/4K3 b - - 0 1", PST), -307, "the mirror image: a black knight on d5")
t.is(D.pst_knight_d4_mg, 13, "PeSTO's knight d4 (mg) is named pst_knight_d4_mg")
t.is(D.pst_pawn_a7_eg, 178, "PeSTO's pawn a7 (eg)")
t.is(D.pst_king_g1_mg, 24, "PeSTO's king g1 (mg)")
t.is(modern("4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1", {mobility_knight_mg = 5, mobility_knight_eg = 5}), 40,
     "mobility: 8 squares from d4")
t.is(modern("4k3/8/2p5/8/3N4/8/4P3/4K3 w - - 0 1", {mobility_knight_mg = 5, mobility_knight_eg = 5}), 30,
     "mobility: not e2 (own) nor b5 (a black pawn attacks it): 6 squares")
t.is(modern("4k3/8/8/P7/8/8/8/4K3 w - - 0 1", {passed_5_mg = 24, passed_5_eg = 24}), 24,
     "a passed pawn on the fifth rank")
t.is(modern("4k3/1p6/8/P7/8/8/8/4K3 w - - 0 1", {passed_5_mg = 24, passed_5_eg = 24}), 0,
     "b7 stops a5 being passed")
t.is(modern("4k3/8/8/P7/8/8/8/4K3 w - - 0 1", {passed_free = 2}), 6,
     "passed_free: an empty path, 3 ranks advanced")
t.is(modern("4k3/7p/8/P7/8/8/8/4K3 w - - 0 1", {passed_king = 2}), -6,
     "passed_king: to a6 the black king is 4 away, the white 5: (4 - 5) * 3 * 2")
t.is(modern("4k3/8/8/P7/8/8/8/4K3 w - - 0 1", {unstoppable = 500}), 500,
     "rule of the square: a5 with white to move runs in (3 moves, the king is 4 away)")
t.is(modern("4k3/8/8/P7/8/8/8/4K3 b - - 0 1", {unstoppable = 500}), 0,
     "rule of the square: black to move catches it")
-- mop-up against a bare king, an endgame term (phase 2 with a rook or two minors: x 22/24,
-- rounded toward zero).  Kd4 Rh1 v Kb7: b7 is 2 files and 2 ranks from the centre's squares
-- (n 4); the kings are 2 files and 3 ranks apart (14 - 5 = 9)
t.is(modern("8/1k6/8/8/3K4/8/8/7R w - - 0 1", {mop_edge = 10}), 36, "mop-up: 4 steps from the centre, x 22/24")
t.is(modern("8/1k6/8/8/3K4/8/8/7R w - - 0 1", {mop_close = 4}), 33, "mop-up: the kings 5 steps apart: 9 x 4 x 22/24")
t.is(modern("7r/8/8/3k4/8/8/1K6/8 w - - 0 1", {mop_edge = 10}), -36, "mop-up: the mirror image, black mops up")
t.is(modern("8/1k6/1p6/8/3K4/8/8/7R w - - 0 1", {mop_edge = 10, mop_close = 4}), 0,
     "mop-up: not against a king with a pawn")
t.is(modern("8/1k6/8/8/3K4/8/8/5BB1 w - - 0 1", {mop_edge = 10}), 36, "mop-up: two bishops can mate")
t.is(modern("8/1k6/8/8/3K4/8/8/5NN1 w - - 0 1", {mop_edge = 10, mop_close = 4}), 0,
     "mop-up: two knights cannot (and score 0 anyway)")
-- bishop and knight: the corners of the bishop's colour, a1 and h8 for a dark bishop (c1):
-- b8 is 6 steps from h8 (14 - 6 = 8); a light bishop (f1): a8 and h1, b8 1 step from a8 (13)
t.is(modern("1k6/8/8/8/3K4/8/8/1NB5 w - - 0 1", {mop_corner = 10}), 73, "mop-up: KBNK, dark bishop: 8 x 10 x 22/24")
t.is(modern("1k6/8/8/8/3K4/8/8/1N3B2 w - - 0 1", {mop_corner = 10}), 119, "mop-up: KBNK, light bishop: 13 x 10 x 22/24")
t.is(modern("1k6/8/8/8/3K4/8/8/1NB5 w - - 0 1", {mop_edge = 10}), 0,
     "mop-up: with bishop and knight the corner's term replaces the centre's")
-- pawnless endings a minor piece ahead at most: rook v bishop keeps scale_pawnless percent,
-- rook and bishop v rook scale_pawnless_rook; rook v nothing, and queen v rook, are not scaled
local MAT = {rook_mg = 500, rook_eg = 500, bishop_mg = 300, bishop_eg = 300, queen_mg = 900, queen_eg = 900}
local function mat(extra) local w = {} for k, v in pairs(MAT) do w[k] = v end
  for k, v in pairs(extra) do w[k] = v end return w end
t.is(modern("8/1k6/8/8/3K4/8/8/2b4R w - - 0 1", mat{scale_pawnless = 10}), 20, "KRKB: 200 x 10%")
t.is(modern("8/1k6/8/8/3K4/8/8/2b4R w - - 0 1", mat{scale_pawnless = 10, scale_pawnless_rook = 50}), 20,
     "KRKB: scale_pawnless, not _rook")
t.is(modern("8/1k6/8/8/3K4/8/8/2r2BR1 w - - 0 1", mat{scale_pawnless = 10, scale_pawnless_rook = 50}), 150,
     "KRBKR: 300 x 50%, scale_pawnless_rook")
t.is(modern("8/1k6/8/8/3K4/8/8/7R w - - 0 1", mat{scale_pawnless = 10, scale_pawnless_rook = 50}), 500,
     "KRK is not scaled (a rook ahead)")
t.is(modern("8/1k6/8/8/3K4/8/7Q/2r5 w - - 0 1", mat{scale_pawnless = 10, scale_pawnless_rook = 50}), 400,
     "KQKR is not scaled (more than a minor ahead)")
t.is(modern("8/1k6/1p6/8/3K4/8/8/2b4R w - - 0 1", mat{scale_pawnless = 10}), 20,
     "KRKBP: the weaker side's pawns do not matter (pawns count 0 here): 200 x 10%")
t.is(modern("8/1k6/8/8/3K4/8/1P6/2b4R w - - 0 1", mat{scale_pawnless = 10}), 200,
     "KRPKB: the stronger side has a pawn, no scaling")
-- the endgame sum's pawn scale: the knight's side has one pawn, 50 + 10 percent of eg 300 is
-- 180; phase 1: (300 x 1 + 180 x 23) / 24 = 185; with two pawns 70%: (300 + 210 x 23) / 24 = 213
t.is(modern("4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1", {knight_mg = 300, knight_eg = 300,
     scale_pawns_base = 50, scale_pawns_step = 10}), 185, "pawn scale: one pawn, 60% of the endgame sum")
t.is(modern("4k3/p7/8/8/3N4/8/PP6/4K3 w - - 0 1", {knight_mg = 300, knight_eg = 300,
     scale_pawns_base = 50, scale_pawns_step = 10}), 213, "pawn scale: two pawns, 70%")
t.is(modern("4k3/p7/8/8/3N4/8/PP6/4K3 w - - 0 1", {knight_mg = 300, knight_eg = 300,
     scale_pawns_base = 50, scale_pawns_step = 30}), 300, "pawn scale: at most 100%")
-- not against a bare king (the mop-up's endings): KRK keeps its 500; with a black pawn 50% of
-- the endgame sum: (500 x 2 + 250 x 22) / 24 = 270
t.is(modern("8/1k6/8/8/3K4/8/8/7R w - - 0 1", {rook_mg = 500, rook_eg = 500, scale_pawns_base = 50}),
     500, "pawn scale: none against a bare king")
t.is(modern("8/1k6/1p6/8/3K4/8/8/7R w - - 0 1", {rook_mg = 500, rook_eg = 500, scale_pawns_base = 50}),
     270, "pawn scale: against a king and pawn, 50% of the endgame sum")
-- and the player mates with it, at 5,000 nodes a move (one thread: the same game every run),
-- where without it KRK and KQK ended in the fifty-move rule from some of these positions
for _, fen in ipairs({"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/8/5k2/8/8/8/Q3K3 w - - 0 1",
                      "8/8/3k4/8/8/8/8/2B1KB2 w - - 0 1"}) do
  local g = sg.new("chess", {position = fen})
  for _ = 1, 100 do
    if g:status() ~= "playing" then break end
    g:play(sg.search(g, {nodes = 5000, threads = 1, hash = 1}).move)
  end
  local r, why = g:result()
  t.is(r .. " " .. tostring(why), "1-0 checkmate", "mop-up: the engine mates from " .. fen)
end
t.is(modern("4k3/7p/8/8/8/P7/P7/4K3 w - - 0 1", {doubled_mg = 5, doubled_eg = 5}), -5, "doubled: the rear pawn")
t.is(modern("4k3/6pp/8/8/8/8/P1P5/4K3 w - - 0 1", {isolated_mg = 5, isolated_eg = 5}), -10, "isolated: a2 and c2")
t.is(modern("4k3/8/8/2p5/8/1P6/P1P5/4K3 w - - 0 1", {backward_mg = 7, backward_eg = 7}), 0,
     "not backward: no stop square of a pawn without support is attacked by a pawn")
t.is(modern("4k3/8/8/3p4/8/2P5/1P6/4K3 w - - 0 1", {backward_mg = 7, backward_eg = 7}), 0,
     "b2 supports c3 from behind")
t.is(modern("4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1", {backward_mg = 7, backward_eg = 7}), -7,
     "backward: d3's neighbour e4 is ahead of it and e5 attacks d4")
t.is(modern("4k3/8/8/8/8/1P6/P1P5/4K3 w - - 0 1", {connected_mg = 3, connected_eg = 3}), 3,
     "connected: b3, defended by a2 and c2, counts once")
t.is(modern("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", {phalanx_mg = 4, phalanx_eg = 4}), 8, "phalanx: a2 and b2")
t.is(modern("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", {threat_pawn_mg = 24, threat_pawn_eg = 24}), 24,
     "threat: e4 attacks the knight on d5")
t.is(modern("4k3/p7/8/3r4/8/4N3/P7/4K3 w - - 0 1", {threat_minor_mg = 24, threat_minor_eg = 24}), 24,
     "threat: the knight on e3 attacks the rook on d5")
t.is(modern("4k3/p7/8/3r4/8/4N3/P7/4K3 w - - 0 1", {hanging_mg = 24, hanging_eg = 24}), 24,
     "hanging: d5 is attacked and undefended; e3 is not attacked")
t.is(modern("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {rook_open_mg = 24, rook_open_eg = 24}), 24, "rook on an open file")
t.is(modern("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", {rook_half_mg = 24, rook_half_eg = 24}), 24,
     "rook on a half-open file")
t.is(modern("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", {rook_seventh_mg = 24, rook_seventh_eg = 24}), 24,
     "rook on the seventh")
t.is(modern("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", {bishop_pair_mg = 24, bishop_pair_eg = 24}), 24, "bishop pair")
t.is(modern("4k3/p7/8/8/8/8/P7/4K3 b - - 0 1", {tempo_mg = 24, tempo_eg = 24}), -24, "tempo: black to move")
t.is(modern("4k3/8/8/8/8/8/8/4K3 b - - 0 1", {tempo_mg = 24, tempo_eg = 24}), 0,
     "but bare kings are a draw whatever the tempo")
-- king safety is middlegame only: two queens on make phase 8 of 24
t.is(modern("q5k1/8/8/8/8/8/5PPP/Q5K1 w - - 0 1", {shield = 24}), 24,
     "shield: f2 g2 h2 before the king on g1: 3 * 24 * 8/24")
t.is(modern("q5k1/8/8/8/8/6pp/8/Q5K1 w - - 0 1", {storm = 24}), -16,
     "storm: g3 and h3 near the king on g1: -2 * 24 * 8/24")
-- zone of Kh1: g1 g2 h1 h2; the rook on a2 reaches g2 and h2 (3 units each), the knight on f3
-- g1 and h2 (2 units each): 10 units from two attackers, 10^2 * 64 / 16 = 400 in the
-- middlegame, phase 3 (rook, knight): -400 * 3 / 24 = -50
t.is(modern("6k1/8/8/8/8/5n2/r7/7K w - - 0 1", {king_attack_knight = 2, king_attack_rook = 3,
                                              king_danger = 64}), -50, "king danger, by hand")
t.is(modern("6k1/8/8/8/8/8/r7/7K w - - 0 1", {king_attack_knight = 2, king_attack_rook = 3,
                                           king_danger = 64}), 0, "king danger: one attacker is not an attack")

-- the pawn hash (a memo per thread, keyed by the pawns and the pawn weights): two games with
-- different pawn weights, evaluated in turn on one thread, each keep their own values, and a
-- pawn weight changed by set_weights acts at once
local doubled = "4k3/6pp/8/8/8/P7/P7/4K3 w - - 0 1"
local g1 = sg.new("chess", {position = doubled, weights = only{doubled_mg = 5, doubled_eg = 5}})
local g2 = sg.new("chess", {position = doubled, weights = only{doubled_mg = 9, doubled_eg = 9}})
t.is_deeply({g1:scores()[1], g2:scores()[1], g1:scores()[1], g2:scores()[1]}, {-5, -9, -5, -9},
            "pawn hash: each game's own pawn weights")
g1:set_weights{doubled_mg = 7, doubled_eg = 7}
t.is(g1:scores()[1], -7, "pawn hash: a changed pawn weight acts at once")
g1:set_weights{passed_3_mg = 40, passed_3_eg = 40}
t.is(g1:scores()[1], -7 + 40, "pawn hash: so does a passed pawn's (a3 is passed, a2 behind it is not)")

-- endgame scaling with the default weights
local function eval(fen) return sg.new("chess", {position = fen}):scores()[1] end
t.is(eval("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), 0, "KNK: 0")
t.is(eval("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), 0, "KBK: 0")
t.is(eval("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"), 0, "KNNK: 0")
t.is(eval("4K3/8/8/8/8/8/8/3nkn2 b - - 0 1"), 0, "KNNK for black: 0")
t.ok(eval("4k3/8/8/8/8/8/8/3BKN2 w - - 0 1") > 200, "KBNK: a win, scored as one")
local ocb = "4k3/8/3b4/8/4P3/3B4/5P2/4K3 w - - 0 1"   -- d3 light, d6 dark
local full = sg.new("chess", {position = ocb, weights = {scale_ocb = 100}}):scores()[1]
t.ok(full > 50, "opposite bishops, two pawns up: " .. full)
t.is(eval(ocb), full * 50 // 100, "opposite bishops: half of it (scale_ocb 50)")
local same = "4k3/8/4b3/8/4P3/3B4/5P2/4K3 w - - 0 1"   -- e6 light too
t.is(sg.new("chess", {position = same, weights = {scale_ocb = 0}}):scores()[1], eval(same),
     "bishops of one colour are not scaled")

-- symmetry: a position and its colour-flipped mirror image score opposite (white's view)
local function flip(s) return (s:gsub("%a", function(c) return c:match("%l") and c:upper() or c:lower() end)) end
local function mirror(fen)
  local board, side, castle, ep, rest = fen:match("^(%S+) (%S+) (%S+) (%S+) (.*)$")
  local ranks = {}
  for r in board:gmatch("[^/]+") do table.insert(ranks, 1, flip(r)) end
  local c = {}
  for ch in (castle == "-" and "" or flip(castle)):gmatch(".") do c[#c + 1] = ch end
  table.sort(c, function(a, b) return ("KQkq"):find(a, 1, true) < ("KQkq"):find(b, 1, true) end)
  local e = ep == "-" and "-" or ep:sub(1, 1) .. (9 - tonumber(ep:sub(2)))
  return table.concat(ranks, "/") .. " " .. (side == "w" and "b" or "w") .. " " ..
         (#c > 0 and table.concat(c) or "-") .. " " .. e .. " " .. rest
end
for _, fen in ipairs{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                     "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 1",
                     "8/5pk1/6p1/1P6/P7/6P1/5PK1/8 b - - 0 1",
                     "2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/P4PPP/R2Q1RK1 b - - 0 1",
                     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                     "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 4",
                     "6k1/8/8/8/8/5n2/r7/7K w - - 0 1",
                     "4k3/8/3b4/8/4P3/3B4/5P2/4K3 b - - 0 1"} do
  t.is(eval(fen), -eval(mirror(fen)), "symmetric: " .. fen)
end

-- the tables from Lua: by name, whole tables with set_pst, checked
local g = sg.new("chess", {position = "4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1",
                           weights = {scale_pawns_base = 100}})
local before = g:scores()[1]
g:set_weights{pst_knight_d4_mg = 13 + 24, pst_knight_d4_eg = 25 + 24}
t.is(g:scores()[1], before + 24, "set_weights by a square's name")
local tbl = {}
for i = 1, 64 do tbl[i] = 0 end
g = sg.new("chess", {position = "4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1",
                     weights = only{knight_mg = 300, knight_eg = 300}})
tbl[37] = 48   -- e4: entry 37 (rank 8 first: row 5 is rank 4), not counted
tbl[36] = 24   -- d4
g:set_pst{knight_mg = tbl, knight_eg = tbl}
t.is(g:scores()[1], 324, "set_pst: whole tables, printed rank 8 first (d4 is entry 36)")
local cfg = g:config().weights
tbl[64] = nil
t.errors(function() g:set_pst{knight_mg = tbl} end, "knight_mg must be a table of 64 numbers", "a short table")
tbl[64] = 1.5
t.errors(function() g:set_pst{knight_eg = tbl} end, "knight_eg%[64%] %(h1%) must be a whole number", "a fraction")
tbl[64] = 0
t.errors(function() g:set_pst{knight_mg = tbl, queen_xx = tbl} end, "unknown table 'queen_xx'", "an unknown table")
t.errors(function() g:set_pst(5) end, "expected a table of tables", "not a table")
t.errors(function() g:set_weights{pst_knight_d4_mg = "x"} end, "must be a number", "set_weights checks types")
t.is_deeply(g:config().weights, cfg, "after the errors the weights are as they were")
t.is(g:scores()[1], 324, "and so is the evaluation")

-- tune takes a table entry as a parameter like any weight
local ps = assert(require("stratagem.tune").params("chess", {"pst_knight_d4_mg", "weights.king_danger"}))
t.is(ps[1].default, 13, "tune: pst_knight_d4_mg is a parameter, from PeSTO's 13")
local bad, why = require("stratagem.tune").params("chess", {"pst_knight_d9_mg"})
t.ok(bad == nil and why:find("pst_knight_d9_mg", 1, true), "tune: an unknown square is named")

-- UCI: the Preset option, its default from --preset, and setoption
local out = t.run(S .. " uci", "uci\nquit\n")
t.like(out, "option name Preset type combo default modern var modern var seed", "UCI lists Preset")
t.ok(not out:find("option name pst_", 1, true), "the piece-square entries are not listed")
out = t.run(S .. " uci --preset seed", "uci\nquit\n")
t.like(out, "option name Preset type combo default seed", "uci --preset seed")
out = t.run(S .. " uci", "setoption name Preset value fast\nquit\n")
t.like(out, "Preset must be modern or seed, got 'fast'", "a bad Preset value is named")
-- the seed preset plays the seed's search: same moves and nodes as preset seed through the API
local function uci_nodes(preset)
  local o = t.run(S .. " uci", "setoption name Preset value " .. preset .. "\nposition startpos\n" ..
                  "go depth 5\nisready\n")
  return tonumber(o:match(".*info depth 5 .-nodes (%d+)"))
end
local api = sg.search(sg.new("chess", {preset = "seed"}), {depth = 5})
t.is(uci_nodes("seed"), api.nodes, "UCI Preset seed searches what preset seed searches")
t.isnt(uci_nodes("modern"), api.nodes, "and Preset modern does not")
t.done()
