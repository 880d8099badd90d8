/* chexers.h: Chexers, three players racing four pieces each across a 37-hex board (the
   COMP30024 2019 referee's rules), with the seed player's evaluation and action pruning. */
#ifndef SG_CHEXERS_H
#define SG_CHEXERS_H

#include "game.h"

/* Hex (q, r) in axial coordinates is bit CX_SQ(q, r) = 8 (r + 3) + (q + 3): seven rows of
   eight bits, the eighth column always off the board, so a shift by a direction's offset
   followed by a mask of the board never wraps onto another row (see chexers.c). */
#define CX_SQ(q, r) (((r) + 3) * 8 + (q) + 3)
#define CX_Q(sq) ((sq) % 8 - 3)
#define CX_R(sq) ((sq) / 8 - 3)
#define CX_BOARD 0x000f1f3f7f7e7c78ULL   /* the 37 hexes */

/* Reversible actions remembered for the repetition rule: every action since the last EXIT.
   Only an EXIT makes every earlier position impossible again (it takes a piece off for good;
   a JUMP over an opponent converts a piece, but a later jump can convert it back, so the
   positions before it may recur).  Between two exits there are at most as many actions as
   the whole game allows, 3 * max_turns <= 3 * 256 (max_turns is capped at 256 for this
   reason), so the window holds the whole stretch and the rule is exact. */
#define CX_HIST 768
#define CX_MAX_TURNS 256

/* A history entry: bits 0-5 from, 6-11 to, 12-13 the colour the jumped piece had before the
   jump (3 for a MOVE); CX_HIST_PASS for a PASS. */
#define CX_HIST_PASS 0x8000u

typedef struct cx_state {
  uint64_t piece[3];      /* [0] red, [1] green, [2] blue: the hexes each colour holds */
  uint16_t actions;       /* actions played (passes included), for the turn limit */
  uint16_t nhist;         /* entries in hist */
  uint8_t side;           /* 0 red, 1 green, 2 blue to move */
  uint8_t exits[3];       /* pieces each player has taken off */
  uint8_t reps;           /* occurrences of this position (board + side) since the last exit,
                             this one included */
  uint8_t pad[3];
  uint16_t hist[CX_HIST]; /* the actions since the last EXIT, oldest first */
} cx_state;

/* Scores are in hundredths of the seed's units: the defence values are given in hundredths
   (corner 150 = 1.5), the squared distance counts 100 per unit; average, exits and pieces are
   the seed's multipliers (1, 1000, 100). */
typedef struct cx_cfg {
  int max_turns;          /* rules: turns per player before the draw (256) */
  int win_exits;          /* rules: exits that win (4) */
  int repetitions;        /* rules: the occurrence of a position that draws (4) */
  int average;            /* weights: the average (defence - distance^2) over the pieces */
  int exits;              /* per piece exited */
  int pieces;             /* per piece on the board */
  int corner, edge, centre;   /* defence value of a hex, in hundredths */
  sg_bounds bounds;       /* the score bounds these weights give (check_cfg fills them) */
} cx_cfg;

/* A move: bits 0-5 from, 6-11 to (MOVE and JUMP), 12-13 the action type. */
enum { CX_MOVE = 0, CX_JUMP = 1, CX_EXIT = 2, CX_PASS = 3 };
#define CX_ACTION(type, from, to) \
  ((sg_move)(type) << 12 | (sg_move)(to) << 6 | (sg_move)(from))
#define CX_TYPE(m) ((int)((m) >> 12 & 3))
#define CX_FROM(m) ((int)((m) & 63))
#define CX_TO(m) ((int)((m) >> 6 & 63))

extern const sg_class chexers_class;

/* Hex distance from sq to the nearest exit hex of player p. */
int cx_exit_distance(int p, int sq);

#endif
