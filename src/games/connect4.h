/* connect4.h: Connect Four on the standard 7 x 6 board, the worked example of doc/new-game.md. */
#ifndef SG_CONNECT4_H
#define SG_CONNECT4_H

#include "game.h"

/* Bitboards of 7 bits per column: square = column * 7 + row (column a-g = 0-6, row 0 at the
   bottom); bit 6 of each column is a spare row that stays empty, so a line of four cannot wrap
   from the top of one column to the bottom of the next. */
typedef struct c4_state {
  uint64_t disc[2];   /* the discs of the first (x) and second (o) player */
  uint64_t key;       /* Zobrist key of the discs, kept up to date by play */
  int8_t plies;       /* discs on the board; the player to move is plies & 1 */
  int8_t winner;      /* 0 or 1 once a player has four in a row, else -1 */
} c4_state;

/* Evaluation weights (the values are in lua/stratagem/games/connect4.lua). */
typedef struct c4_cfg {
  int threat;   /* an empty cell where a disc would complete a four of a player */
  int parity;   /* more for a threat on a row of its player's parity (x: odd rows, o: even) */
  int two;      /* a line of four cells holding two of a player's discs and two empty cells */
  int centre;   /* each disc in the centre column (d) */
  int tempo;    /* to the player to move */
} c4_cfg;

extern const sg_class connect4_class;

#endif
