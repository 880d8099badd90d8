/* chess.h: chess on bitboards: legal move generation from check and pin masks, copy-make,
   FEN, UCI and SAN moves, Zobrist keys, perft (chess.c), and the evaluation: the seed's
   weighted sum or the tapered one (chess_eval.c). */
#ifndef SG_CHESS_H
#define SG_CHESS_H

#include "game.h"

/* Squares a1 = 0, b1 = 1, ..., h8 = 63.  Pieces 0..5: pawn, knight, bishop, rook, queen,
   king; colours 0 white, 1 black; board[] holds piece + 6 * colour, or CH_EMPTY. */
enum { CH_PAWN, CH_KNIGHT, CH_BISHOP, CH_ROOK, CH_QUEEN, CH_KING };
#define CH_EMPTY 12
#define CH_NONE 7        /* "no piece" in a move's captured field */

/* Castling rights: bits. */
#define CH_WK 1
#define CH_WQ 2
#define CH_BK 4
#define CH_BQ 8

/* A move: from | to << 6 | promotion << 12 (0 none, else the piece: knight .. queen) |
   kind << 15 | moving piece << 17 | captured piece << 20 (CH_NONE when none).  The upper
   fields make ordering cheap (MVV-LVA) and never change what the move is. */
#define CH_NORMAL 0
#define CH_EP 1
#define CH_CASTLE 2
#define CH_DOUBLE 3

#define CH_FROM(m) ((int)((m) & 63))
#define CH_TO(m) ((int)(((m) >> 6) & 63))
#define CH_PROMO(m) ((int)(((m) >> 12) & 7))
#define CH_KIND(m) ((int)(((m) >> 15) & 3))
#define CH_PIECE(m) ((int)(((m) >> 17) & 7))
#define CH_CAPT(m) ((int)(((m) >> 20) & 7))
#define CH_IS_CAPTURE(m) (CH_CAPT(m) != CH_NONE)
#define CH_NULLMOVE 0u   /* a1a1: never legal */

/* Room for the legal moves of any position the FEN parser accepts: it refuses material no
   game can reach (more than 16 men or 8 pawns a side, or more promoted pieces than missing
   pawns), so a side has at most 9 queens, 2 rooks, 2 bishops, 2 knights and a king:
   9 x 27 + 2 x 14 + 2 x 13 + 2 x 8 + 8 + 2 castlings = 323 moves (a pawn, 12 at most with its
   promotions, is always worth less than the queen it could become).  The most found in a
   reachable position is 218. */
#define CH_MAX_MOVES 384
#define CH_COUNTER_MAX 2147483647L   /* the largest move counter a FEN may give */
#define CH_HIST 128       /* keys kept for repetition (the fifty-move rule bounds the need) */

typedef struct ch_pos {
  uint64_t pieces[2][6];
  uint64_t occ[2];
  uint64_t key;            /* Zobrist key (side, castling, en passant file when capturable) */
  uint8_t board[64];
  uint8_t side;            /* 0 white, 1 black to move */
  uint8_t castle;          /* CH_WK | CH_WQ | CH_BK | CH_BQ */
  uint8_t ep;              /* en passant target square, or 64 for none */
  uint8_t pad;
  uint32_t halfmove;       /* plies since the last capture or pawn move */
  uint32_t fullmove;       /* (32 bits: a UCI move list may hold any number of plies) */
  /* The search's running sum of the tapered evaluation's material and piece-square values,
     white's minus black's, packed (ch_cfg.psq64: CH_PACK), valid only while psq_key equals
     the ch_cfg.eval_key of the weights it was summed with: the search's make (chess_make_psq)
     keeps it, chess_make sets psq_key to 0 (not kept; so chess_unmake gives back a position
     whose sum was not kept), and the evaluation sums the men afresh whenever the key does not
     match. */
  int64_t psq;
  uint64_t psq_key;
} ch_pos;

/* The game state: the position and the keys of the positions since the last irreversible
   move (for threefold repetition), newest last. */
typedef struct ch_state {
  ch_pos p;
  uint16_t nkeys;
  uint16_t pad[3];
  uint64_t keys[CH_HIST];
} ch_state;

/* The evaluation weights (lua/stratagem/games/chess.lua holds the values; all in centipawns or
   centipawns per unit, scaled by 1/100 where the name says percent). */
typedef struct ch_weights {
  int piece[6];            /* material: pawn, knight, bishop, rook, queen (king unused) */
  int position;            /* percent applied to the piece-square tables */
  int space;               /* per square controlled, centre squares count double */
  int attacks;             /* per enemy piece attacked minus own piece attacked */
  int open_files;          /* per rook or queen on a file without own pawns */
  int in_check;            /* penalty for the side in check */
  int connected_pawns;     /* per pawn defended by a pawn or beside one */
  int passed_pawns;        /* per passed pawn, times the ranks it has advanced */
  int bishop_pair;         /* for two bishops or more */
  int tempo;               /* bonus for the side to move */
  /* beyond the seed's factors, 0 (off) by default: the lab's tuned settings turn them on */
  int mobility;            /* per square a knight, bishop, rook or queen reaches that holds no
                              own piece and no enemy pawn attacks */
  int king_shield;         /* per own pawn one or two ranks ahead of the king on its file or
                              the next, scaled by the middlegame phase */
  int king_zone;           /* deducted per square next to the king the enemy attacks, scaled by
                              the middlegame phase */
  int doubled_pawns;       /* deducted per pawn with an own pawn ahead on its file */
  int isolated_pawns;      /* deducted per pawn with no own pawn on the files beside it */
  int passed_pawns_end;    /* per passed pawn, times the square of the ranks it has advanced,
                              scaled by the endgame phase */
  /* Which evaluation runs: 0 the seed's weighted sum above (the preset "seed"), 1 the tapered
     evaluation below (the default, "modern").  Every term below is a pair: [0] its middlegame
     value, [1] its endgame value, blended by the phase (24 with all pieces on, 0 with none). */
  int model;
  int value[6][2];         /* material per piece (king unused) */
  int pst[6][64][2];       /* piece-square tables, from white's view (a1 = 0); black mirrored */
  int mob[4][2];           /* per safe square a knight, bishop, rook, queen reaches */
  int king_attack[4];      /* attack units per square of the king zone a knight, bishop, rook,
                              queen attacks */
  int king_danger;         /* middlegame penalty: units^2 * king_danger / 16 with 2+ attackers */
  int shield;              /* middlegame, per own pawn 1-2 ranks before the king (files +-1) */
  int storm;               /* middlegame, per enemy pawn 1-3 ranks before the king (files +-1) */
  int passed[8][2];        /* per passed pawn by its rank (white's view: 1 = second rank) */
  int passed_free;         /* endgame, per passed pawn with an empty path, times ranks advanced */
  int passed_king;         /* endgame, (enemy king distance - own king distance) to the square
                              before the pawn, times ranks advanced */
  int doubled[2], isolated[2], backward[2], connected[2], phalanx[2];
  int threat_pawn[2];      /* per knight, bishop, rook or queen attacked by an enemy pawn */
  int threat_minor[2];     /* per rook or queen attacked by an enemy knight or bishop */
  int hanging[2];          /* per piece (not pawn, not king) attacked and not defended */
  int rook_open[2], rook_half[2], rook_seventh[2];
  int bishop_pair2[2];
  int tempo2[2];
  int scale_ocb;           /* percent kept of the score with opposite bishops and pawns only */
  int unstoppable;         /* endgame, a passed pawn the enemy king cannot catch (rule of the
                              square) when the defender has king and pawns only */
  /* Mop-up, endgame, against a bare king when the other side can mate (a rook or queen, or a
     bishop and another minor): per step of the bare king from the centre (0-6, not with bishop
     and knight alone), per step the kings are closer (14 - their distance in king moves along
     files and ranks, 0-12), and, with bishop and knight alone, per step the bare king is nearer
     a corner of the bishop's colour (7 - its distance in king moves, 0-7). */
  int mop_edge, mop_close, mop_corner;
  /* Percent kept of the score when the stronger side has no pawns and leads by at most a minor
     piece (in units of 3 a minor, 5 a rook, 9 a queen) with a rook or more: against at most
     one minor (KRKB, KRKN, KBBKB), and against more (KRBKR, KQKRB). */
  int scale_pawnless, scale_pawnless_rook;
  /* Percent of the endgame sum kept for the side it favours: scale_pawns_base, plus
     scale_pawns_step per pawn of that side, at most 100 (few pawns are hard to win with); all
     of it against a bare king. */
  int scale_pawns_base, scale_pawns_step;
} ch_weights;

typedef struct ch_cfg {
  ch_weights w;
  int draw_fifty;          /* rules: plies of the fifty-move rule (100), 0 = off */
  int repetitions;         /* rules: occurrences that draw (3), 0 = off */
  uint64_t pawn_key;       /* derived by check_cfg from the pawn weights: the pawn hash's key
                              (chess_pawn_key; 0: the pawn hash is not used) */
  uint64_t eval_key;       /* derived by check_cfg from all the weights: the evaluation
                              cache's key (chess_eval_key; 0: no cache) */
  int psq[2][6][64][2];    /* derived by check_cfg (chess_psq): value + pst of a piece of each
                              colour on each square, black's mirrored, [0] mg, [1] eg */
  int64_t psq64[2][6][64]; /* the same packed (CH_PACK), black's negated: what a man adds to
                              white's minus black's sums */
} ch_cfg;

/* A middlegame and an endgame value in one number, so that one addition adds both: the sum
   of packed values is the packed sum (exact while the middlegame sum fits 32 bits). */
#define CH_PACK(mg, eg) ((int64_t)(eg) * 4294967296LL + (int64_t)(mg))
static inline int ch_pack_mg(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }
static inline int ch_pack_eg(int64_t v) { return (int)((v - ch_pack_mg(v)) / 4294967296LL); }

extern const sg_class chess_class;

/* One-time tables (magic attacks, Zobrist keys); safe to call more than once. */
void chess_init_tables(void);

/* Legal moves (all, or only captures and promotions with noisy = 1); returns the count. */
int chess_gen(const ch_pos *p, sg_move *out);
int chess_gen_noisy(const ch_pos *p, sg_move *out);
/* Apply a legal move (copy the position first to keep the old one). */
void chess_make(ch_pos *p, sg_move m);
/* What a move cannot give back: chess_make_undo saves it, chess_unmake restores the position
   from it (the pair to copy-make, for the comparison in `stratagem bench chess`). */
typedef struct ch_undo {
  uint64_t key;
  uint32_t halfmove;
  uint8_t castle, ep;
} ch_undo;
void chess_make_undo(ch_pos *p, sg_move m, ch_undo *u);
void chess_unmake(ch_pos *p, sg_move m, const ch_undo *u);
/* A null move (side to move passes) for search; the position must not be in check. */
void chess_make_null(ch_pos *p);
int chess_in_check(const ch_pos *p);
/* Whether the move gives check (m legal in p). */
int chess_gives_check(const ch_pos *p, sg_move m);
/* The same for many moves of one position: its check info once, then each move. */
typedef struct ch_check_info {
  uint64_t squares[6];     /* where each of the mover's pieces would check the enemy king */
  uint64_t blockers;       /* the mover's men alone between its slider and that king */
  int king;                /* the enemy king's square */
} ch_check_info;
void chess_check_info(const ch_pos *p, ch_check_info *ci);
int chess_gives_check_with(const ch_pos *p, const ch_check_info *ci, sg_move m);
/* Neither side can mate by any sequence of legal moves (K v K, K+minor v K, bishops on one
   colour). */
int chess_insufficient(const ch_pos *p);
/* The key of the pawn-structure weights for the pawn hash (never 0; check_cfg stores it in
   ch_cfg.pawn_key whenever the weights change). */
uint64_t chess_pawn_key(const ch_weights *w);
/* The key of all the weights for the evaluation cache (never 0; check_cfg stores it in
   ch_cfg.eval_key whenever the weights change). */
uint64_t chess_eval_key(const ch_weights *w);
/* Fill cfg->psq from cfg->w (check_cfg does it whenever the weights change). */
void chess_psq(ch_cfg *cfg);
/* p->psq summed afresh from cfg->psq64, and p->psq_key set to cfg->eval_key. */
void chess_psq_sum(const ch_cfg *cfg, ch_pos *p);
/* chess_make that also keeps p->psq for cfg's weights (summed afresh when they were not
   valid for them): the search's make. */
void chess_make_psq(const ch_cfg *cfg, ch_pos *p, sg_move m);
/* Static evaluation in centipawns from the side to move's view. */
int chess_eval(const ch_cfg *c, const ch_pos *p);
/* The trace of the tapered evaluation (weights.model 1) for the gradient Texel tuner: white's
   count minus black's of each weight, by its index in ch_weights seen as CH_NW ints, in the
   middlegame sum (mg) and the endgame sum (eg), with the phase (0..24) and the endgame scale
   (1, 0 or scale_ocb / 100).  White's evaluation is then scale * sum_i (mg[i] * phase +
   eg[i] * (24 - phase)) / 24 * weight[i], to the rounding the evaluation does (under 4
   centipawns).  Kept fixed at the weights traced with: the king-attack units (king_danger's
   coefficient is units^2 / 16) and the scale. */
#define CH_NW ((int)(sizeof(ch_weights) / sizeof(int)))
typedef struct ch_trace {
  int phase;
  double scale;
  double mg[CH_NW], eg[CH_NW];
} ch_trace;
void chess_eval_trace(const ch_weights *w, const ch_pos *p, ch_trace *t);
/* Static exchange evaluation of a capture (centipawns gained, piece[] values). */
int chess_see(const ch_cfg *c, const ch_pos *p, sg_move m);

/* FEN: parse (0, or -1 with a message naming the field at fault) and write. */
int chess_from_fen(ch_pos *p, const char *fen, char *err);
size_t chess_to_fen(const ch_pos *p, char *buf, size_t n);
/* Moves as text: UCI long algebraic (buf >= 6 bytes), SAN (buf >= 16 bytes), and a parser that
   takes either and checks legality. */
void chess_move_uci(sg_move m, char *buf);
size_t chess_move_san(const ch_pos *p, sg_move m, char *buf, size_t n);
int chess_parse_move(const ch_pos *p, const char *text, sg_move *m, char *err);

/* Why the game is over: CH_PLAYING while it goes on. */
enum { CH_PLAYING, CH_CHECKMATE, CH_STALEMATE, CH_FIFTY, CH_REPETITION, CH_MATERIAL };
int chess_outcome(const ch_cfg *c, const ch_state *s, int *winner);
extern const char *const chess_outcome_names[];
/* Whether the current position occurred before since the last irreversible move (for the
   search: a repetition scores as a draw). */
int chess_repeated(const ch_state *s);

/* Leaves of the legal-move tree of the given depth (bulk counted at the last ply), with a copy
   of the position made for each move; chess_perft_unmake walks the same tree on one position
   with make and unmake.  UINT64_MAX when interrupted or out of memory. */
uint64_t chess_perft(const ch_pos *p, int depth);
uint64_t chess_perft_unmake(const ch_pos *p, int depth);
/* chess_perft that also stops when *stop is set from another thread (__atomic builtins). */
uint64_t chess_perft_flag(const ch_pos *p, int depth, int *stop);

#endif
