/* draughts.h: English draughts (checkers) on 32-square bitboards, with the huffing variant. */
#ifndef SG_DRAUGHTS_H
#define SG_DRAUGHTS_H

#include "game.h"

/* Bit i is PDN square i + 1.  Square 1 is at the top (Black's side), row 1 holds 1-4 on
   columns 2, 4, 6, 8, row 2 holds 5-8 on columns 1, 3, 5, 7, and so on; Black moves down
   (toward 32), White up. */
typedef struct dr_state {
  uint32_t piece[2];   /* [0] black, [1] white: every piece of that colour */
  uint32_t kings;      /* the crowned ones among both */
  uint32_t huffable;   /* pieces of the side that just moved that failed to capture */
  uint16_t quiet;      /* plies since the last capture, crowning or huff */
  uint8_t side;        /* 0 black, 1 white to move */
  uint8_t pad;
} dr_state;

typedef struct dr_cfg {
  int draw_moves;                /* rules: moves each without capture or crowning = draw */
  int man, king;                 /* weights: material */
  int advance;                   /* per row a man has advanced */
  int back_row;                  /* per man still on its home row */
  int centre;                    /* per piece on the 8 central squares */
  int trade;                     /* per piece off the board, to the side ahead in material */
  int capture;                   /* variant: DR_COMPULSORY or DR_HUFF */
} dr_cfg;

enum { DR_COMPULSORY = 0, DR_HUFF = 1 };

/* A move: bits 0-4 the start square (0-based), bits 5-8 the number of jumps (0: a plain
   move), then 2 bits per step (bit 0 of a step: toward higher columns, bit 1: toward higher
   rows), one step for a plain move and one per jump for a capture.  A huff is DR_HUFF_MOVE +
   the square of the piece removed. */
#define DR_HUFF_MOVE 0x80000000u
/* A jumping piece lands only on one quarter of the dark squares (its row parity), and only 9
   squares of the board lie between two of those: no move takes more than 9 pieces, so a
   route fits in 5 + 4 + 9 * 2 = 27 bits. */
#define DR_MAX_JUMPS 9

extern const sg_class draughts_class;

#endif
