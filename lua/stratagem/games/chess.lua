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
    -- mop-up, endgame, against a bare king when the other side can mate (a rook or queen, or a
    -- bishop and another minor): per step of the bare king from the centre (0-6), per step
    -- the kings are closer (14 - their file and rank distance, 0-12); with bishop and knight
    -- alone, per step the bare king is nearer a corner of the bishop's colour (7 - its king
    -- distance, 0-7) in place of the centre's term
    mop_edge = 20, mop_close = 5, mop_corner = 30,
    -- percent of the score kept when the stronger side has no pawns and leads by a minor piece
    -- at most (3 a minor, 5 a rook, 9 a queen), with a rook's worth or more: against a minor
    -- piece or none (KRKB, KRKN, KBBKB), and against more (KRBKR, KQKRB)
    scale_pawnless = 6, scale_pawnless_rook = 22,
    -- percent of the endgame sum kept for the side it favours: scale_pawns_base plus
    -- scale_pawns_step per pawn of that side, at most 100 (few pawns are hard to win with);
    -- all of it against a bare king
    scale_pawns_base = 56, scale_pawns_step = 11,
    -- Material and piece-square tables: PeSTO's (Ronald Friederich's Texel-tuned values,
    -- published on the Chess Programming Wiki, "PeSTO's Evaluation Function"), each table in the
    -- order printed there (rank 8 first, a to h), one weight per square from white's view
    -- (black's mirrored): pst_<piece>_<square>_<mg|eg>, so that set_weights, settings files and
    -- tune reach each number; g:set_pst sets whole tables.
    pawn_mg = 82, pawn_eg = 94, knight_mg = 337, knight_eg = 281, bishop_mg = 365, bishop_eg = 297,
    rook_mg = 477, rook_eg = 512, queen_mg = 1025, queen_eg = 936,
    -- pawn, middlegame
    pst_pawn_a8_mg = 0, pst_pawn_b8_mg = 0, pst_pawn_c8_mg = 0, pst_pawn_d8_mg = 0,
    pst_pawn_e8_mg = 0, pst_pawn_f8_mg = 0, pst_pawn_g8_mg = 0, pst_pawn_h8_mg = 0,
    pst_pawn_a7_mg = 98, pst_pawn_b7_mg = 134, pst_pawn_c7_mg = 61, pst_pawn_d7_mg = 95,
    pst_pawn_e7_mg = 68, pst_pawn_f7_mg = 126, pst_pawn_g7_mg = 34, pst_pawn_h7_mg = -11,
    pst_pawn_a6_mg = -6, pst_pawn_b6_mg = 7, pst_pawn_c6_mg = 26, pst_pawn_d6_mg = 31,
    pst_pawn_e6_mg = 65, pst_pawn_f6_mg = 56, pst_pawn_g6_mg = 25, pst_pawn_h6_mg = -20,
    pst_pawn_a5_mg = -14, pst_pawn_b5_mg = 13, pst_pawn_c5_mg = 6, pst_pawn_d5_mg = 21,
    pst_pawn_e5_mg = 23, pst_pawn_f5_mg = 12, pst_pawn_g5_mg = 17, pst_pawn_h5_mg = -23,
    pst_pawn_a4_mg = -27, pst_pawn_b4_mg = -2, pst_pawn_c4_mg = -5, pst_pawn_d4_mg = 12,
    pst_pawn_e4_mg = 17, pst_pawn_f4_mg = 6, pst_pawn_g4_mg = 10, pst_pawn_h4_mg = -25,
    pst_pawn_a3_mg = -26, pst_pawn_b3_mg = -4, pst_pawn_c3_mg = -4, pst_pawn_d3_mg = -10,
    pst_pawn_e3_mg = 3, pst_pawn_f3_mg = 3, pst_pawn_g3_mg = 33, pst_pawn_h3_mg = -12,
    pst_pawn_a2_mg = -35, pst_pawn_b2_mg = -1, pst_pawn_c2_mg = -20, pst_pawn_d2_mg = -23,
    pst_pawn_e2_mg = -15, pst_pawn_f2_mg = 24, pst_pawn_g2_mg = 38, pst_pawn_h2_mg = -22,
    pst_pawn_a1_mg = 0, pst_pawn_b1_mg = 0, pst_pawn_c1_mg = 0, pst_pawn_d1_mg = 0,
    pst_pawn_e1_mg = 0, pst_pawn_f1_mg = 0, pst_pawn_g1_mg = 0, pst_pawn_h1_mg = 0,
    -- pawn, endgame
    pst_pawn_a8_eg = 0, pst_pawn_b8_eg = 0, pst_pawn_c8_eg = 0, pst_pawn_d8_eg = 0,
    pst_pawn_e8_eg = 0, pst_pawn_f8_eg = 0, pst_pawn_g8_eg = 0, pst_pawn_h8_eg = 0,
    pst_pawn_a7_eg = 178, pst_pawn_b7_eg = 173, pst_pawn_c7_eg = 158, pst_pawn_d7_eg = 134,
    pst_pawn_e7_eg = 147, pst_pawn_f7_eg = 132, pst_pawn_g7_eg = 165, pst_pawn_h7_eg = 187,
    pst_pawn_a6_eg = 94, pst_pawn_b6_eg = 100, pst_pawn_c6_eg = 85, pst_pawn_d6_eg = 67,
    pst_pawn_e6_eg = 56, pst_pawn_f6_eg = 53, pst_pawn_g6_eg = 82, pst_pawn_h6_eg = 84,
    pst_pawn_a5_eg = 32, pst_pawn_b5_eg = 24, pst_pawn_c5_eg = 13, pst_pawn_d5_eg = 5,
    pst_pawn_e5_eg = -2, pst_pawn_f5_eg = 4, pst_pawn_g5_eg = 17, pst_pawn_h5_eg = 17,
    pst_pawn_a4_eg = 13, pst_pawn_b4_eg = 9, pst_pawn_c4_eg = -3, pst_pawn_d4_eg = -7,
    pst_pawn_e4_eg = -7, pst_pawn_f4_eg = -8, pst_pawn_g4_eg = 3, pst_pawn_h4_eg = -1,
    pst_pawn_a3_eg = 4, pst_pawn_b3_eg = 7, pst_pawn_c3_eg = -6, pst_pawn_d3_eg = 1,
    pst_pawn_e3_eg = 0, pst_pawn_f3_eg = -5, pst_pawn_g3_eg = -1, pst_pawn_h3_eg = -8,
    pst_pawn_a2_eg = 13, pst_pawn_b2_eg = 8, pst_pawn_c2_eg = 8, pst_pawn_d2_eg = 10,
    pst_pawn_e2_eg = 13, pst_pawn_f2_eg = 0, pst_pawn_g2_eg = 2, pst_pawn_h2_eg = -7,
    pst_pawn_a1_eg = 0, pst_pawn_b1_eg = 0, pst_pawn_c1_eg = 0, pst_pawn_d1_eg = 0,
    pst_pawn_e1_eg = 0, pst_pawn_f1_eg = 0, pst_pawn_g1_eg = 0, pst_pawn_h1_eg = 0,
    -- knight, middlegame
    pst_knight_a8_mg = -167, pst_knight_b8_mg = -89, pst_knight_c8_mg = -34, pst_knight_d8_mg = -49,
    pst_knight_e8_mg = 61, pst_knight_f8_mg = -97, pst_knight_g8_mg = -15, pst_knight_h8_mg = -107,
    pst_knight_a7_mg = -73, pst_knight_b7_mg = -41, pst_knight_c7_mg = 72, pst_knight_d7_mg = 36,
    pst_knight_e7_mg = 23, pst_knight_f7_mg = 62, pst_knight_g7_mg = 7, pst_knight_h7_mg = -17,
    pst_knight_a6_mg = -47, pst_knight_b6_mg = 60, pst_knight_c6_mg = 37, pst_knight_d6_mg = 65,
    pst_knight_e6_mg = 84, pst_knight_f6_mg = 129, pst_knight_g6_mg = 73, pst_knight_h6_mg = 44,
    pst_knight_a5_mg = -9, pst_knight_b5_mg = 17, pst_knight_c5_mg = 19, pst_knight_d5_mg = 53,
    pst_knight_e5_mg = 37, pst_knight_f5_mg = 69, pst_knight_g5_mg = 18, pst_knight_h5_mg = 22,
    pst_knight_a4_mg = -13, pst_knight_b4_mg = 4, pst_knight_c4_mg = 16, pst_knight_d4_mg = 13,
    pst_knight_e4_mg = 28, pst_knight_f4_mg = 19, pst_knight_g4_mg = 21, pst_knight_h4_mg = -8,
    pst_knight_a3_mg = -23, pst_knight_b3_mg = -9, pst_knight_c3_mg = 12, pst_knight_d3_mg = 10,
    pst_knight_e3_mg = 19, pst_knight_f3_mg = 17, pst_knight_g3_mg = 25, pst_knight_h3_mg = -16,
    pst_knight_a2_mg = -29, pst_knight_b2_mg = -53, pst_knight_c2_mg = -12, pst_knight_d2_mg = -3,
    pst_knight_e2_mg = -1, pst_knight_f2_mg = 18, pst_knight_g2_mg = -14, pst_knight_h2_mg = -19,
    pst_knight_a1_mg = -105, pst_knight_b1_mg = -21, pst_knight_c1_mg = -58, pst_knight_d1_mg = -33,
    pst_knight_e1_mg = -17, pst_knight_f1_mg = -28, pst_knight_g1_mg = -19, pst_knight_h1_mg = -23,
    -- knight, endgame
    pst_knight_a8_eg = -58, pst_knight_b8_eg = -38, pst_knight_c8_eg = -13, pst_knight_d8_eg = -28,
    pst_knight_e8_eg = -31, pst_knight_f8_eg = -27, pst_knight_g8_eg = -63, pst_knight_h8_eg = -99,
    pst_knight_a7_eg = -25, pst_knight_b7_eg = -8, pst_knight_c7_eg = -25, pst_knight_d7_eg = -2,
    pst_knight_e7_eg = -9, pst_knight_f7_eg = -25, pst_knight_g7_eg = -24, pst_knight_h7_eg = -52,
    pst_knight_a6_eg = -24, pst_knight_b6_eg = -20, pst_knight_c6_eg = 10, pst_knight_d6_eg = 9,
    pst_knight_e6_eg = -1, pst_knight_f6_eg = -9, pst_knight_g6_eg = -19, pst_knight_h6_eg = -41,
    pst_knight_a5_eg = -17, pst_knight_b5_eg = 3, pst_knight_c5_eg = 22, pst_knight_d5_eg = 22,
    pst_knight_e5_eg = 22, pst_knight_f5_eg = 11, pst_knight_g5_eg = 8, pst_knight_h5_eg = -18,
    pst_knight_a4_eg = -18, pst_knight_b4_eg = -6, pst_knight_c4_eg = 16, pst_knight_d4_eg = 25,
    pst_knight_e4_eg = 16, pst_knight_f4_eg = 17, pst_knight_g4_eg = 4, pst_knight_h4_eg = -18,
    pst_knight_a3_eg = -23, pst_knight_b3_eg = -3, pst_knight_c3_eg = -1, pst_knight_d3_eg = 15,
    pst_knight_e3_eg = 10, pst_knight_f3_eg = -3, pst_knight_g3_eg = -20, pst_knight_h3_eg = -22,
    pst_knight_a2_eg = -42, pst_knight_b2_eg = -20, pst_knight_c2_eg = -10, pst_knight_d2_eg = -5,
    pst_knight_e2_eg = -2, pst_knight_f2_eg = -20, pst_knight_g2_eg = -23, pst_knight_h2_eg = -44,
    pst_knight_a1_eg = -29, pst_knight_b1_eg = -51, pst_knight_c1_eg = -23, pst_knight_d1_eg = -15,
    pst_knight_e1_eg = -22, pst_knight_f1_eg = -18, pst_knight_g1_eg = -50, pst_knight_h1_eg = -64,
    -- bishop, middlegame
    pst_bishop_a8_mg = -29, pst_bishop_b8_mg = 4, pst_bishop_c8_mg = -82, pst_bishop_d8_mg = -37,
    pst_bishop_e8_mg = -25, pst_bishop_f8_mg = -42, pst_bishop_g8_mg = 7, pst_bishop_h8_mg = -8,
    pst_bishop_a7_mg = -26, pst_bishop_b7_mg = 16, pst_bishop_c7_mg = -18, pst_bishop_d7_mg = -13,
    pst_bishop_e7_mg = 30, pst_bishop_f7_mg = 59, pst_bishop_g7_mg = 18, pst_bishop_h7_mg = -47,
    pst_bishop_a6_mg = -16, pst_bishop_b6_mg = 37, pst_bishop_c6_mg = 43, pst_bishop_d6_mg = 40,
    pst_bishop_e6_mg = 35, pst_bishop_f6_mg = 50, pst_bishop_g6_mg = 37, pst_bishop_h6_mg = -2,
    pst_bishop_a5_mg = -4, pst_bishop_b5_mg = 5, pst_bishop_c5_mg = 19, pst_bishop_d5_mg = 50,
    pst_bishop_e5_mg = 37, pst_bishop_f5_mg = 37, pst_bishop_g5_mg = 7, pst_bishop_h5_mg = -2,
    pst_bishop_a4_mg = -6, pst_bishop_b4_mg = 13, pst_bishop_c4_mg = 13, pst_bishop_d4_mg = 26,
    pst_bishop_e4_mg = 34, pst_bishop_f4_mg = 12, pst_bishop_g4_mg = 10, pst_bishop_h4_mg = 4,
    pst_bishop_a3_mg = 0, pst_bishop_b3_mg = 15, pst_bishop_c3_mg = 15, pst_bishop_d3_mg = 15,
    pst_bishop_e3_mg = 14, pst_bishop_f3_mg = 27, pst_bishop_g3_mg = 18, pst_bishop_h3_mg = 10,
    pst_bishop_a2_mg = 4, pst_bishop_b2_mg = 15, pst_bishop_c2_mg = 16, pst_bishop_d2_mg = 0,
    pst_bishop_e2_mg = 7, pst_bishop_f2_mg = 21, pst_bishop_g2_mg = 33, pst_bishop_h2_mg = 1,
    pst_bishop_a1_mg = -33, pst_bishop_b1_mg = -3, pst_bishop_c1_mg = -14, pst_bishop_d1_mg = -21,
    pst_bishop_e1_mg = -13, pst_bishop_f1_mg = -12, pst_bishop_g1_mg = -39, pst_bishop_h1_mg = -21,
    -- bishop, endgame
    pst_bishop_a8_eg = -14, pst_bishop_b8_eg = -21, pst_bishop_c8_eg = -11, pst_bishop_d8_eg = -8,
    pst_bishop_e8_eg = -7, pst_bishop_f8_eg = -9, pst_bishop_g8_eg = -17, pst_bishop_h8_eg = -24,
    pst_bishop_a7_eg = -8, pst_bishop_b7_eg = -4, pst_bishop_c7_eg = 7, pst_bishop_d7_eg = -12,
    pst_bishop_e7_eg = -3, pst_bishop_f7_eg = -13, pst_bishop_g7_eg = -4, pst_bishop_h7_eg = -14,
    pst_bishop_a6_eg = 2, pst_bishop_b6_eg = -8, pst_bishop_c6_eg = 0, pst_bishop_d6_eg = -1,
    pst_bishop_e6_eg = -2, pst_bishop_f6_eg = 6, pst_bishop_g6_eg = 0, pst_bishop_h6_eg = 4,
    pst_bishop_a5_eg = -3, pst_bishop_b5_eg = 9, pst_bishop_c5_eg = 12, pst_bishop_d5_eg = 9,
    pst_bishop_e5_eg = 14, pst_bishop_f5_eg = 10, pst_bishop_g5_eg = 3, pst_bishop_h5_eg = 2,
    pst_bishop_a4_eg = -6, pst_bishop_b4_eg = 3, pst_bishop_c4_eg = 13, pst_bishop_d4_eg = 19,
    pst_bishop_e4_eg = 7, pst_bishop_f4_eg = 10, pst_bishop_g4_eg = -3, pst_bishop_h4_eg = -9,
    pst_bishop_a3_eg = -12, pst_bishop_b3_eg = -3, pst_bishop_c3_eg = 8, pst_bishop_d3_eg = 10,
    pst_bishop_e3_eg = 13, pst_bishop_f3_eg = 3, pst_bishop_g3_eg = -7, pst_bishop_h3_eg = -15,
    pst_bishop_a2_eg = -14, pst_bishop_b2_eg = -18, pst_bishop_c2_eg = -7, pst_bishop_d2_eg = -1,
    pst_bishop_e2_eg = 4, pst_bishop_f2_eg = -9, pst_bishop_g2_eg = -15, pst_bishop_h2_eg = -27,
    pst_bishop_a1_eg = -23, pst_bishop_b1_eg = -9, pst_bishop_c1_eg = -23, pst_bishop_d1_eg = -5,
    pst_bishop_e1_eg = -9, pst_bishop_f1_eg = -16, pst_bishop_g1_eg = -5, pst_bishop_h1_eg = -17,
    -- rook, middlegame
    pst_rook_a8_mg = 32, pst_rook_b8_mg = 42, pst_rook_c8_mg = 32, pst_rook_d8_mg = 51,
    pst_rook_e8_mg = 63, pst_rook_f8_mg = 9, pst_rook_g8_mg = 31, pst_rook_h8_mg = 43,
    pst_rook_a7_mg = 27, pst_rook_b7_mg = 32, pst_rook_c7_mg = 58, pst_rook_d7_mg = 62,
    pst_rook_e7_mg = 80, pst_rook_f7_mg = 67, pst_rook_g7_mg = 26, pst_rook_h7_mg = 44,
    pst_rook_a6_mg = -5, pst_rook_b6_mg = 19, pst_rook_c6_mg = 26, pst_rook_d6_mg = 36,
    pst_rook_e6_mg = 17, pst_rook_f6_mg = 45, pst_rook_g6_mg = 61, pst_rook_h6_mg = 16,
    pst_rook_a5_mg = -24, pst_rook_b5_mg = -11, pst_rook_c5_mg = 7, pst_rook_d5_mg = 26,
    pst_rook_e5_mg = 24, pst_rook_f5_mg = 35, pst_rook_g5_mg = -8, pst_rook_h5_mg = -20,
    pst_rook_a4_mg = -36, pst_rook_b4_mg = -26, pst_rook_c4_mg = -12, pst_rook_d4_mg = -1,
    pst_rook_e4_mg = 9, pst_rook_f4_mg = -7, pst_rook_g4_mg = 6, pst_rook_h4_mg = -23,
    pst_rook_a3_mg = -45, pst_rook_b3_mg = -25, pst_rook_c3_mg = -16, pst_rook_d3_mg = -17,
    pst_rook_e3_mg = 3, pst_rook_f3_mg = 0, pst_rook_g3_mg = -5, pst_rook_h3_mg = -33,
    pst_rook_a2_mg = -44, pst_rook_b2_mg = -16, pst_rook_c2_mg = -20, pst_rook_d2_mg = -9,
    pst_rook_e2_mg = -1, pst_rook_f2_mg = 11, pst_rook_g2_mg = -6, pst_rook_h2_mg = -71,
    pst_rook_a1_mg = -19, pst_rook_b1_mg = -13, pst_rook_c1_mg = 1, pst_rook_d1_mg = 17,
    pst_rook_e1_mg = 16, pst_rook_f1_mg = 7, pst_rook_g1_mg = -37, pst_rook_h1_mg = -26,
    -- rook, endgame
    pst_rook_a8_eg = 13, pst_rook_b8_eg = 10, pst_rook_c8_eg = 18, pst_rook_d8_eg = 15,
    pst_rook_e8_eg = 12, pst_rook_f8_eg = 12, pst_rook_g8_eg = 8, pst_rook_h8_eg = 5,
    pst_rook_a7_eg = 11, pst_rook_b7_eg = 13, pst_rook_c7_eg = 13, pst_rook_d7_eg = 11,
    pst_rook_e7_eg = -3, pst_rook_f7_eg = 3, pst_rook_g7_eg = 8, pst_rook_h7_eg = 3,
    pst_rook_a6_eg = 7, pst_rook_b6_eg = 7, pst_rook_c6_eg = 7, pst_rook_d6_eg = 5,
    pst_rook_e6_eg = 4, pst_rook_f6_eg = -3, pst_rook_g6_eg = -5, pst_rook_h6_eg = -3,
    pst_rook_a5_eg = 4, pst_rook_b5_eg = 3, pst_rook_c5_eg = 13, pst_rook_d5_eg = 1,
    pst_rook_e5_eg = 2, pst_rook_f5_eg = 1, pst_rook_g5_eg = -1, pst_rook_h5_eg = 2,
    pst_rook_a4_eg = 3, pst_rook_b4_eg = 5, pst_rook_c4_eg = 8, pst_rook_d4_eg = 4,
    pst_rook_e4_eg = -5, pst_rook_f4_eg = -6, pst_rook_g4_eg = -8, pst_rook_h4_eg = -11,
    pst_rook_a3_eg = -4, pst_rook_b3_eg = 0, pst_rook_c3_eg = -5, pst_rook_d3_eg = -1,
    pst_rook_e3_eg = -7, pst_rook_f3_eg = -12, pst_rook_g3_eg = -8, pst_rook_h3_eg = -16,
    pst_rook_a2_eg = -6, pst_rook_b2_eg = -6, pst_rook_c2_eg = 0, pst_rook_d2_eg = 2,
    pst_rook_e2_eg = -9, pst_rook_f2_eg = -9, pst_rook_g2_eg = -11, pst_rook_h2_eg = -3,
    pst_rook_a1_eg = -9, pst_rook_b1_eg = 2, pst_rook_c1_eg = 3, pst_rook_d1_eg = -1,
    pst_rook_e1_eg = -5, pst_rook_f1_eg = -13, pst_rook_g1_eg = 4, pst_rook_h1_eg = -20,
    -- queen, middlegame
    pst_queen_a8_mg = -28, pst_queen_b8_mg = 0, pst_queen_c8_mg = 29, pst_queen_d8_mg = 12,
    pst_queen_e8_mg = 59, pst_queen_f8_mg = 44, pst_queen_g8_mg = 43, pst_queen_h8_mg = 45,
    pst_queen_a7_mg = -24, pst_queen_b7_mg = -39, pst_queen_c7_mg = -5, pst_queen_d7_mg = 1,
    pst_queen_e7_mg = -16, pst_queen_f7_mg = 57, pst_queen_g7_mg = 28, pst_queen_h7_mg = 54,
    pst_queen_a6_mg = -13, pst_queen_b6_mg = -17, pst_queen_c6_mg = 7, pst_queen_d6_mg = 8,
    pst_queen_e6_mg = 29, pst_queen_f6_mg = 56, pst_queen_g6_mg = 47, pst_queen_h6_mg = 57,
    pst_queen_a5_mg = -27, pst_queen_b5_mg = -27, pst_queen_c5_mg = -16, pst_queen_d5_mg = -16,
    pst_queen_e5_mg = -1, pst_queen_f5_mg = 17, pst_queen_g5_mg = -2, pst_queen_h5_mg = 1,
    pst_queen_a4_mg = -9, pst_queen_b4_mg = -26, pst_queen_c4_mg = -9, pst_queen_d4_mg = -10,
    pst_queen_e4_mg = -2, pst_queen_f4_mg = -4, pst_queen_g4_mg = 3, pst_queen_h4_mg = -3,
    pst_queen_a3_mg = -14, pst_queen_b3_mg = 2, pst_queen_c3_mg = -11, pst_queen_d3_mg = -2,
    pst_queen_e3_mg = -5, pst_queen_f3_mg = 2, pst_queen_g3_mg = 14, pst_queen_h3_mg = 5,
    pst_queen_a2_mg = -35, pst_queen_b2_mg = -8, pst_queen_c2_mg = 11, pst_queen_d2_mg = 2,
    pst_queen_e2_mg = 8, pst_queen_f2_mg = 15, pst_queen_g2_mg = -3, pst_queen_h2_mg = 1,
    pst_queen_a1_mg = -1, pst_queen_b1_mg = -18, pst_queen_c1_mg = -9, pst_queen_d1_mg = 10,
    pst_queen_e1_mg = -15, pst_queen_f1_mg = -25, pst_queen_g1_mg = -31, pst_queen_h1_mg = -50,
    -- queen, endgame
    pst_queen_a8_eg = -9, pst_queen_b8_eg = 22, pst_queen_c8_eg = 22, pst_queen_d8_eg = 27,
    pst_queen_e8_eg = 27, pst_queen_f8_eg = 19, pst_queen_g8_eg = 10, pst_queen_h8_eg = 20,
    pst_queen_a7_eg = -17, pst_queen_b7_eg = 20, pst_queen_c7_eg = 32, pst_queen_d7_eg = 41,
    pst_queen_e7_eg = 58, pst_queen_f7_eg = 25, pst_queen_g7_eg = 30, pst_queen_h7_eg = 0,
    pst_queen_a6_eg = -20, pst_queen_b6_eg = 6, pst_queen_c6_eg = 9, pst_queen_d6_eg = 49,
    pst_queen_e6_eg = 47, pst_queen_f6_eg = 35, pst_queen_g6_eg = 19, pst_queen_h6_eg = 9,
    pst_queen_a5_eg = 3, pst_queen_b5_eg = 22, pst_queen_c5_eg = 24, pst_queen_d5_eg = 45,
    pst_queen_e5_eg = 57, pst_queen_f5_eg = 40, pst_queen_g5_eg = 57, pst_queen_h5_eg = 36,
    pst_queen_a4_eg = -18, pst_queen_b4_eg = 28, pst_queen_c4_eg = 19, pst_queen_d4_eg = 47,
    pst_queen_e4_eg = 31, pst_queen_f4_eg = 34, pst_queen_g4_eg = 39, pst_queen_h4_eg = 23,
    pst_queen_a3_eg = -16, pst_queen_b3_eg = -27, pst_queen_c3_eg = 15, pst_queen_d3_eg = 6,
    pst_queen_e3_eg = 9, pst_queen_f3_eg = 17, pst_queen_g3_eg = 10, pst_queen_h3_eg = 5,
    pst_queen_a2_eg = -22, pst_queen_b2_eg = -23, pst_queen_c2_eg = -30, pst_queen_d2_eg = -16,
    pst_queen_e2_eg = -16, pst_queen_f2_eg = -23, pst_queen_g2_eg = -36, pst_queen_h2_eg = -32,
    pst_queen_a1_eg = -33, pst_queen_b1_eg = -28, pst_queen_c1_eg = -22, pst_queen_d1_eg = -43,
    pst_queen_e1_eg = -5, pst_queen_f1_eg = -32, pst_queen_g1_eg = -20, pst_queen_h1_eg = -41,
    -- king, middlegame
    pst_king_a8_mg = -65, pst_king_b8_mg = 23, pst_king_c8_mg = 16, pst_king_d8_mg = -15,
    pst_king_e8_mg = -56, pst_king_f8_mg = -34, pst_king_g8_mg = 2, pst_king_h8_mg = 13,
    pst_king_a7_mg = 29, pst_king_b7_mg = -1, pst_king_c7_mg = -20, pst_king_d7_mg = -7,
    pst_king_e7_mg = -8, pst_king_f7_mg = -4, pst_king_g7_mg = -38, pst_king_h7_mg = -29,
    pst_king_a6_mg = -9, pst_king_b6_mg = 24, pst_king_c6_mg = 2, pst_king_d6_mg = -16,
    pst_king_e6_mg = -20, pst_king_f6_mg = 6, pst_king_g6_mg = 22, pst_king_h6_mg = -22,
    pst_king_a5_mg = -17, pst_king_b5_mg = -20, pst_king_c5_mg = -12, pst_king_d5_mg = -27,
    pst_king_e5_mg = -30, pst_king_f5_mg = -25, pst_king_g5_mg = -14, pst_king_h5_mg = -36,
    pst_king_a4_mg = -49, pst_king_b4_mg = -1, pst_king_c4_mg = -27, pst_king_d4_mg = -39,
    pst_king_e4_mg = -46, pst_king_f4_mg = -44, pst_king_g4_mg = -33, pst_king_h4_mg = -51,
    pst_king_a3_mg = -14, pst_king_b3_mg = -14, pst_king_c3_mg = -22, pst_king_d3_mg = -46,
    pst_king_e3_mg = -44, pst_king_f3_mg = -30, pst_king_g3_mg = -15, pst_king_h3_mg = -27,
    pst_king_a2_mg = 1, pst_king_b2_mg = 7, pst_king_c2_mg = -8, pst_king_d2_mg = -64,
    pst_king_e2_mg = -43, pst_king_f2_mg = -16, pst_king_g2_mg = 9, pst_king_h2_mg = 8,
    pst_king_a1_mg = -15, pst_king_b1_mg = 36, pst_king_c1_mg = 12, pst_king_d1_mg = -54,
    pst_king_e1_mg = 8, pst_king_f1_mg = -28, pst_king_g1_mg = 24, pst_king_h1_mg = 14,
    -- king, endgame
    pst_king_a8_eg = -74, pst_king_b8_eg = -35, pst_king_c8_eg = -18, pst_king_d8_eg = -18,
    pst_king_e8_eg = -11, pst_king_f8_eg = 15, pst_king_g8_eg = 4, pst_king_h8_eg = -17,
    pst_king_a7_eg = -12, pst_king_b7_eg = 17, pst_king_c7_eg = 14, pst_king_d7_eg = 17,
    pst_king_e7_eg = 17, pst_king_f7_eg = 38, pst_king_g7_eg = 23, pst_king_h7_eg = 11,
    pst_king_a6_eg = 10, pst_king_b6_eg = 17, pst_king_c6_eg = 23, pst_king_d6_eg = 15,
    pst_king_e6_eg = 20, pst_king_f6_eg = 45, pst_king_g6_eg = 44, pst_king_h6_eg = 13,
    pst_king_a5_eg = -8, pst_king_b5_eg = 22, pst_king_c5_eg = 24, pst_king_d5_eg = 27,
    pst_king_e5_eg = 26, pst_king_f5_eg = 33, pst_king_g5_eg = 26, pst_king_h5_eg = 3,
    pst_king_a4_eg = -18, pst_king_b4_eg = -4, pst_king_c4_eg = 21, pst_king_d4_eg = 24,
    pst_king_e4_eg = 27, pst_king_f4_eg = 23, pst_king_g4_eg = 9, pst_king_h4_eg = -11,
    pst_king_a3_eg = -19, pst_king_b3_eg = -3, pst_king_c3_eg = 11, pst_king_d3_eg = 21,
    pst_king_e3_eg = 23, pst_king_f3_eg = 16, pst_king_g3_eg = 7, pst_king_h3_eg = -9,
    pst_king_a2_eg = -27, pst_king_b2_eg = -11, pst_king_c2_eg = 4, pst_king_d2_eg = 13,
    pst_king_e2_eg = 14, pst_king_f2_eg = 4, pst_king_g2_eg = -5, pst_king_h2_eg = -17,
    pst_king_a1_eg = -53, pst_king_b1_eg = -34, pst_king_c1_eg = -21, pst_king_d1_eg = -11,
    pst_king_e1_eg = -28, pst_king_f1_eg = -14, pst_king_g1_eg = -24, pst_king_h1_eg = -43,
  },
  variant = {},
  -- preset: "modern" (the default) or "seed" (doc/chess.md): a set of weights laid over the
  -- defaults before the weights given
  options = {preset = "modern"},
  -- without depth, time or nodes a search thinks for one second; each search of a game starts
  -- from the history tables its player's last one left, halved (doc/chess.md, History kept
  -- between moves); continuation history on (doc/chess.md, Continuation history and singular
  -- extensions: what they measured)
  search = {algo = "alphabeta", hash = 16, keep_history = true, cont_history = true},
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

local PIECES = {pawn = true, knight = true, bishop = true, rook = true, queen = true, king = true}

-- The square of entry i (1-based) of a table printed rank 8 first: a8, b8, ..., h1.
local function table_square(i)
  local f, r = (i - 1) % 8, 7 - (i - 1) // 8
  return string.char(97 + f) .. (r + 1)
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
-- 64 numbers printed rank 8 first (as the weights above).  Errors name what is wrong.
function M.pst_weights(t, who)
  who = who or "pst_weights"
  if type(t) ~= "table" then
    error(string.format("%s: expected a table of tables such as {knight_mg = {64 numbers}}, got %s",
                        who, type(t)), 3)
  end
  local w = {}
  for k, v in pairs(t) do
    local pc, phase = tostring(k):match("^(%a+)_(%a%a)$")
    if type(k) ~= "string" or not PIECES[pc] or (phase ~= "mg" and phase ~= "eg") then
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
for _, k in ipairs({"aspiration", "check_ext", "cont_history", "countermove", "depth", "eval",
                    "futility", "hash", "history", "iir", "keep_history", "killers", "lmp",
                    "lmr", "lmr_table", "multipv", "nodes", "null_move", "probcut", "pvs",
                    "quiescence", "random", "rfp", "see", "seed", "singular", "threads",
                    "time"}) do
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
