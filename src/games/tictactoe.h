/* tictactoe.h: tic-tac-toe (noughts and crosses), the first and smallest game. */
#ifndef SG_TICTACTOE_H
#define SG_TICTACTOE_H

#include "game.h"

/* Squares 0..8 are a1 b1 c1 a2 b2 c2 a3 b3 c3 (file a-c, rank 1-3). */
typedef struct ttt_state {
  uint16_t x, o;   /* occupied squares of each player, bit i = square i */
} ttt_state;

typedef struct ttt_cfg {
  int one, two;    /* weights: a line holding one / two of a player's marks and none of the other */
  int misere;      /* variant: three in a row loses */
} ttt_cfg;

extern const sg_class tictactoe_class;

#endif
