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
  },
  variant = {},
  options = {},
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
}

-- sg.chess: the UCI engine loop on standard input and output.
M.api = {
  uci = function(opts)
    local sg = require "stratagem"
    return core.chess.uci(sg.new("chess", opts))
  end,
}

return M
