-- Chess defaults: rules constants, the evaluation weights of the seed's factors and search
-- settings (the only copy).
local core = require "stratagem.core"

local M = {
  title = "Chess: the full rules, a UCI engine",
  notation = "UCI long algebraic (e2e4, e7e8q, castling e1g1) or SAN (Nf3, exd5, O-O, e8=Q)",
  players = {"white", "black"},
  -- draw_fifty: plies without a capture or pawn move that draw the game (the fifty-move rule,
  -- applied at once rather than on claim; 0 = off); repetitions: occurrences of one position
  -- that draw it (threefold repetition; 0 = off)
  rules = {draw_fifty = 100, repetitions = 3},
  -- The seed's weighted sum (section 2.1.5), in centipawns, from the side to move's view.
  weights = {
    pawn = 100, knight = 320, bishop = 330, rook = 500, queen = 900,   -- material
    position = 100,        -- percent of the piece-square tables (the seed's "position")
    space = 1,             -- per square attacked, centre squares (c3-f6) twice ("space")
    attacks = 2,           -- per enemy piece attacked minus per own piece attacked
    open_files = 8,        -- per rook or queen on a file without own pawns
    in_check = 8,          -- deducted from the side in check
    connected_pawns = 2,   -- per pawn defended by a pawn or with a pawn beside it
    passed_pawns = 8,      -- per passed pawn and rank it has advanced
    bishop_pair = 30,      -- two bishops or more
    tempo = 10,            -- the side to move
    -- beyond the seed's factors, off (0) by default so that the default player stays the
    -- seed's weighted sum (doc/manual.md 7.7)
    mobility = 0,          -- per square a knight, bishop, rook or queen reaches that holds
                           -- no own piece and no enemy pawn attacks
    king_shield = 0,       -- per own pawn 1-2 ranks ahead of the king, its file or the next
                           -- (times phase/24: 24 with all pieces on, 0 with none)
    king_zone = 0,         -- deducted per square next to the king the enemy attacks (phase/24)
    doubled_pawns = 0,     -- deducted per pawn with an own pawn ahead on its file
    isolated_pawns = 0,    -- deducted per pawn without own pawns on the files beside it
    passed_pawns_end = 0,  -- per passed pawn, times the square of its ranks advanced
                           -- (times (24 - phase)/24)
    -- Which evaluation runs: 0 the seed's weighted sum above (the preset "seed"), 1 the tapered
    -- evaluation whose weights follow (the default; doc/chess.md, "The evaluation").  Each
    -- tapered term is a pair NAME_mg (middlegame) and NAME_eg (endgame), blended by the phase.
    model = 1,
    mobility_knight_mg = 4, mobility_knight_eg = 4,   -- per safe square (no own man, no enemy
    mobility_bishop_mg = 5, mobility_bishop_eg = 5,   -- pawn's attack) the piece reaches
    mobility_rook_mg = 2, mobility_rook_eg = 4,
    mobility_queen_mg = 1, mobility_queen_eg = 2,
    king_attack_knight = 2, king_attack_bishop = 2,   -- attack units per square of the enemy
    king_attack_rook = 3, king_attack_queen = 5,      -- king's zone the piece attacks
    king_danger = 4,       -- middlegame: units^2 * king_danger / 16 off, with 2 attackers or more
    shield = 12,           -- middlegame, per own pawn 1-2 ranks before the king (its file or next)
    storm = 8,             -- middlegame, per enemy pawn 1-3 ranks before the king
    passed_2_mg = 0, passed_3_mg = 5, passed_4_mg = 10,   -- passed pawn by rank (white's view)
    passed_5_mg = 20, passed_6_mg = 35, passed_7_mg = 60,
    passed_2_eg = 5, passed_3_eg = 10, passed_4_eg = 20,
    passed_5_eg = 35, passed_6_eg = 60, passed_7_eg = 90,
    passed_free = 4,       -- endgame, per passed pawn with an empty path, times ranks advanced
    passed_king = 2,       -- endgame, (enemy king's distance - own king's) to the square before
                           -- the passed pawn (each at most 5), times ranks advanced
    doubled_mg = 10, doubled_eg = 20,       -- deducted per pawn with an own pawn ahead
    isolated_mg = 8, isolated_eg = 10,      -- deducted per pawn without pawns on the next files
    backward_mg = 6, backward_eg = 8,       -- deducted: no own pawn beside or behind on the next
                                            -- files and the square ahead attacked by a pawn
    connected_mg = 7, connected_eg = 8,     -- per pawn defended by a pawn
    phalanx_mg = 5, phalanx_eg = 5,         -- per pawn with an own pawn beside it
    threat_pawn_mg = 50, threat_pawn_eg = 30,     -- per piece attacked by an enemy pawn
    threat_minor_mg = 30, threat_minor_eg = 30,   -- per rook or queen attacked by a minor
    hanging_mg = 20, hanging_eg = 15,             -- per piece attacked and not defended
    rook_open_mg = 25, rook_open_eg = 10,         -- rook on a file without pawns
    rook_half_mg = 10, rook_half_eg = 5,          -- rook on a file without own pawns
    rook_seventh_mg = 10, rook_seventh_eg = 20,   -- rook on the seventh rank
    bishop_pair_mg = 30, bishop_pair_eg = 50,
    tempo_mg = 10, tempo_eg = 5,                  -- the side to move
    scale_ocb = 50,        -- percent of the score kept with opposite bishops and pawns only
    unstoppable = 500,     -- endgame: a passed pawn outside the enemy king's square when the
                           -- enemy has king and pawns only
  },
  variant = {},
  -- preset: "modern" (the default) or "seed" (doc/chess.md): a set of weights laid over the
  -- defaults before the weights given
  options = {preset = "modern"},
  -- without depth, time or nodes a search thinks for one second
  search = {algo = "alphabeta", hash = 16},
  -- play: scores in pawns, mates as "mate in N"; moves shown in SAN
  play = {seats = {"human", "ai"}, ai = {time = 1}, score = {scale = 100, unit = "pawns", mate = true},
          san = true,
          -- --level 1 to 10: stratagem uci's Skill Levels 0, 2, 5, 7, 10, 12, 14, 16, 18 and 20 (a
          -- depth cap and a random margin in centipawns) at 0.1 s a move, with their Elo on the
          -- scale measured for the UCI engine at that time control against Stockfish 15.1's
          -- UCI_Elo: measured at skills 0, 5, 10 and 20, interpolated between (src/uci.c,
          -- SKILL_ELO, is the other copy; doc/manual.md, "Strength of the levels")
          levels = {
            {depth = 7, random = 120, time = 0.1, elo = 1172},   -- skill 0
            {depth = 7, random = 108, time = 0.1, elo = 1215},   -- skill 2
            {depth = 8, random = 90, time = 0.1, elo = 1280},   -- skill 5
            {depth = 8, random = 78, time = 0.1, elo = 1377},   -- skill 7
            {depth = 9, random = 60, time = 0.1, elo = 1524},   -- skill 10
            {depth = 9, random = 48, time = 0.1, elo = 1627},   -- skill 12
            {depth = 9, random = 36, time = 0.1, elo = 1730},   -- skill 14
            {depth = 10, random = 24, time = 0.1, elo = 1834},   -- skill 16
            {depth = 10, random = 12, time = 0.1, elo = 1937},   -- skill 18
            {depth = false, random = false, time = 0.1, elo = 2041},   -- skill 20
          },
          level_scale = "anchored to Stockfish 15.1's UCI_Elo at 0.1 s a move",
          -- --unicode: the board's piece letters as chess figurines
          unicode = {K = "♔", Q = "♕", R = "♖", B = "♗", N = "♘", P = "♙",
                     k = "♚", q = "♛", r = "♜", b = "♝", n = "♞", p = "♟"}},
}

-- The tapered evaluation's material and piece-square tables: PeSTO's (Ronald Friederich's
-- Texel-tuned values, published on the Chess Programming Wiki, "PeSTO's Evaluation Function"),
-- each table as printed there: rank 8 first, a to h.  They become the weights
-- pst_<piece>_<square>_mg and _eg (and pawn_mg, pawn_eg, ...), so that set_weights, settings
-- files and tune reach each number; g:set_pst sets whole tables.
local PESTO_VALUE = {pawn = {82, 94}, knight = {337, 281}, bishop = {365, 297}, rook = {477, 512},
                     queen = {1025, 936}, king = {0, 0}}
local PESTO = {
  pawn = {mg = {
      0,   0,   0,   0,   0,   0,  0,   0,
     98, 134,  61,  95,  68, 126, 34, -11,
     -6,   7,  26,  31,  65,  56, 25, -20,
    -14,  13,   6,  21,  23,  12, 17, -23,
    -27,  -2,  -5,  12,  17,   6, 10, -25,
    -26,  -4,  -4, -10,   3,   3, 33, -12,
    -35,  -1, -20, -23, -15,  24, 38, -22,
      0,   0,   0,   0,   0,   0,  0,   0},
    eg = {
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0}},
  knight = {mg = {
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23},
    eg = {
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64}},
  bishop = {mg = {
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21},
    eg = {
    -14, -21, -11,  -8, -7,  -9, -17, -24,
     -8,  -4,   7, -12, -3, -13,  -4, -14,
      2,  -8,   0,  -1, -2,   6,   0,   4,
     -3,   9,  12,   9, 14,  10,   3,   2,
     -6,   3,  13,  19,  7,  10,  -3,  -9,
    -12,  -3,   8,  10, 13,   3,  -7, -15,
    -14, -18,  -7,  -1,  4,  -9, -15, -27,
    -23,  -9, -23,  -5, -9, -16,  -5, -17}},
  rook = {mg = {
     32,  42,  32,  51, 63,  9,  31,  43,
     27,  32,  58,  62, 80, 67,  26,  44,
     -5,  19,  26,  36, 17, 45,  61,  16,
    -24, -11,   7,  26, 24, 35,  -8, -20,
    -36, -26, -12,  -1,  9, -7,   6, -23,
    -45, -25, -16, -17,  3,  0,  -5, -33,
    -44, -16, -20,  -9, -1, 11,  -6, -71,
    -19, -13,   1,  17, 16,  7, -37, -26},
    eg = {
    13, 10, 18, 15, 12,  12,   8,   5,
    11, 13, 13, 11, -3,   3,   8,   3,
     7,  7,  7,  5,  4,  -3,  -5,  -3,
     4,  3, 13,  1,  2,   1,  -1,   2,
     3,  5,  8,  4, -5,  -6,  -8, -11,
    -4,  0, -5, -1, -7, -12,  -8, -16,
    -6, -6,  0,  2, -9,  -9, -11,  -3,
    -9,  2,  3, -1, -5, -13,   4, -20}},
  queen = {mg = {
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50},
    eg = {
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41}},
  king = {mg = {
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14},
    eg = {
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43}},
}

local PIECES = {"pawn", "knight", "bishop", "rook", "queen", "king"}
local PHASES = {"mg", "eg"}

-- The square of entry i (1-based) of a table printed rank 8 first: a8, b8, ..., h1.
local function table_square(i)
  local f, r = (i - 1) % 8, 7 - (i - 1) // 8
  return string.char(97 + f) .. (r + 1)
end

for _, pc in ipairs(PIECES) do
  for ph, phase in ipairs(PHASES) do
    if pc ~= "king" then M.weights[pc .. "_" .. phase] = PESTO_VALUE[pc][ph] end
    for i, v in ipairs(PESTO[pc][phase]) do
      M.weights["pst_" .. pc .. "_" .. table_square(i) .. "_" .. phase] = v
    end
  end
end

-- Presets: weights laid over the defaults by sg.new's preset option (the weights given by name
-- win over them).  "seed" is the seed's weighted sum exactly as it was before the tapered
-- evaluation (its weights above are unchanged; only model selects it).
M.presets = {modern = {model = 1}, seed = {model = 0}}

-- sg.new's hook: the preset's weights under the user's own.
function M.setup(opts, c)
  local name = opts.preset
  if name == nil then return true end
  local p = type(name) == "string" and M.presets[name]
  if not p then
    error(string.format("sg.new: preset must be one of 'modern', 'seed', got %s",
                        type(name) == "string" and ("'" .. name .. "'") or type(name)), 0)
  end
  for k, v in pairs(p) do
    if not (opts.weights and opts.weights[k] ~= nil) then c.weights[k] = v end
  end
  return true
end

-- The weights that set whole piece-square tables: t maps "<piece>_<mg|eg>" (e.g. knight_mg) to
-- 64 numbers printed rank 8 first (as PESTO above).  Errors name what is wrong.
function M.pst_weights(t, who)
  who = who or "pst_weights"
  if type(t) ~= "table" then
    error(string.format("%s: expected a table of tables such as {knight_mg = {64 numbers}}, got %s",
                        who, type(t)), 3)
  end
  local w = {}
  for k, v in pairs(t) do
    local pc, phase = tostring(k):match("^(%a+)_(%a%a)$")
    if type(k) ~= "string" or not PESTO[pc] or (phase ~= "mg" and phase ~= "eg") then
      error(string.format("%s: unknown table '%s' (expected <piece>_mg or <piece>_eg, piece " ..
                          "one of pawn, knight, bishop, rook, queen, king)", who, tostring(k)), 3)
    end
    if type(v) ~= "table" or #v ~= 64 then
      error(string.format("%s: %s must be a table of 64 numbers (rank 8 first, a8 to h1), got %s",
                          who, k, type(v) == "table" and (#v .. " entries") or type(v)), 3)
    end
    for i = 1, 64 do
      if math.type(v[i]) ~= "integer" then
        error(string.format("%s: %s[%d] (%s) must be a whole number, got %s", who, k, i,
                            table_square(i), tostring(v[i])), 3)
      end
      w["pst_" .. pc .. "_" .. table_square(i) .. "_" .. phase] = v[i]
    end
  end
  return w
end

-- The options of chess's alpha-beta: the shared searches' descriptors (the schema checks
-- them) and chess's scripted evaluation.
-- The options of chess's alpha-beta (sorted): the shared searches' descriptors (the schema
-- checks them) and chess's scripted evaluation.
local EVAL_OPTION = {name = "eval", type = "function", default = false, algos = {"alphabeta"},
  doc = "a function(fen) -> centipawns for the side to move replacing the C evaluation (slow: "
  .. "for experiments; one thread)"}
local SEARCH_OPTIONS = {"algo"}
for _, k in ipairs({"aspiration", "check_ext", "countermove", "depth", "eval", "futility",
                    "hash", "history", "iir", "killers", "lmp", "lmr", "lmr_table", "multipv",
                    "nodes", "null_move", "probcut", "pvs", "quiescence", "random", "rfp", "see",
                    "seed", "threads", "time"}) do
  SEARCH_OPTIONS[#SEARCH_OPTIONS + 1] = k == "eval" and EVAL_OPTION or {name = k, shared = true}
end

local function check_options(s)
  local function whole(k, lo, hi, what)
    local v = s[k]
    if v ~= nil and (math.type(v) ~= "integer" or v < lo or v > hi) then
      error(string.format("%s must be a whole number from %d to %d (%s), got %s", k, lo, hi,
                          what, tostring(v)), 0)
    end
  end
  whole("depth", 0, 97, "plies; 0: no limit")
  whole("nodes", 0, math.maxinteger, "0: no limit")
  whole("threads", 1, 256, "threads sharing the hash table")
  if s.time ~= nil and (type(s.time) ~= "number" or not (s.time >= 0)) then
    error("time must be a number of seconds, 0 or more (0: no limit), got " .. tostring(s.time), 0)
  end
  if s.hash ~= nil and (type(s.hash) ~= "number" or not (s.hash >= 0 and s.hash <= 65536)) then
    error("hash must be a number of megabytes from 0 to 65536, got " .. tostring(s.hash), 0)
  end
  if s.random == false then s.random = nil end
  if s.probcut == false then s.probcut = nil end
  whole("probcut", 1, 67108863, "centipawns: ProbCut's margin; false: off")
  whole("random", 0, 100000, "centipawns: play a move chosen with the seed among those within " ..
        "this margin of the best; false: off")
  if s.seed ~= nil and math.type(s.seed) ~= "integer" then
    error("seed must be an integer, got " .. tostring(s.seed), 0)
  end
  if s.eval ~= nil and type(s.eval) ~= "function" then
    error("eval must be a function(fen) returning centipawns for the side to move, got " ..
          type(s.eval), 0)
  end
  if (s.depth or 0) == 0 and (s.time or 0) == 0 and (s.nodes or 0) == 0 then
    s.time = 1
  end
end

M.algos = {
  -- The shared alpha-beta (src/ai/search.c) through chess's hooks: iterative deepening with
  -- aspiration windows, principal variation search, transposition table, quiescence over
  -- captures, promotions and checks, mate by distance, check extension, null move, late move
  -- reductions, killers and history (each can be switched off by its option).  r.score is in centipawns for the side to move (a mate scores like a won
  -- game, beyond every evaluation) and r.mate the moves to mate (negative: mated).
  -- eval = function(fen) -> centipawns replaces the C evaluation (slow: for experiments).
  alphabeta = {
    options = SEARCH_OPTIONS,
    run = function(g, s)
      check_options(s)
      local r = core.chess.search(g, s)
      r.algo = "alphabeta"
      return r
    end,
  },
}

-- Methods of chess games only.
M.methods = {
  -- the position as FEN (the same as g:position())
  fen = function(g) return g:position() end,
  -- the move (UCI or SAN, legal here) in SAN, with + or #
  san = function(g, move)
    if type(move) ~= "string" then
      error("san: expected a move as a string, got " .. type(move), 2)
    end
    return core.chess.san(g, move)
  end,
  -- "1-0", "0-1", "1/2-1/2" or "*", and why the game ended
  result = function(g) return core.chess.result(g) end,
  in_check = function(g) return core.chess.in_check(g) end,
  -- g:set_pst{knight_mg = {64 numbers, rank 8 first}, ...}: whole piece-square tables of the
  -- tapered evaluation at once; every table is checked before any is set.  Returns g.
  set_pst = function(g, t)
    return g:set_weights(M.pst_weights(t, "set_pst"))
  end,
}

-- sg.chess: the UCI engine loop on standard input and output.
M.api = {
  uci = function(opts)
    local sg = require "stratagem"
    return core.chess.uci(sg.new("chess", opts))
  end,
}

return M
