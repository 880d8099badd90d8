/* othello.h: Othello (Reversi) on bitboards: 8x8, Black moves first, passes. */
#ifndef SG_OTHELLO_H
#define SG_OTHELLO_H

#include "game.h"

/* Square i = row * 8 + column: a1 = 0 (top left, as Othello boards are written), h8 = 63. */
typedef struct oth_state {
  uint64_t disc[2];    /* [0] black, [1] white */
  uint8_t side;        /* 0 black, 1 white to move */
  uint8_t pad[7];
} oth_state;

/* The square weights come in the 10 classes of one octant of the board (a1, b1, c1, d1, b2,
   c2, d2, c3, d3, d4), mirrored to all 64 squares. */
typedef struct oth_cfg {
  int sq[10];
  int mobility_open, mobility_end;   /* per move of difference, opening and endgame */
  int discs_open, discs_end;         /* per disc of difference */
  int corner_first;                  /* order corner moves first (key moves) */
  int forfeit_on_illegal;            /* variant: a wrong placement forfeits the turn */
} oth_cfg;

#define OTH_PASS 64
#define OTH_FORFEIT 128   /* + square: a placement that flips nothing, under the variant */

extern const sg_class othello_class;

uint64_t oth_moves(uint64_t me, uint64_t opp);
uint64_t oth_flips(uint64_t me, uint64_t opp, int sq);

#endif
