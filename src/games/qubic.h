/* qubic.h: Qubic, 4x4x4 noughts and crosses: rules, the 76 lines, the 192 symmetries. */
#ifndef SG_QUBIC_H
#define SG_QUBIC_H

#include "game.h"

/* Cell index = layer * 16 + row * 4 + column (all 0-3): "2b3" is layer 2, column b, row 3,
   index 1 * 16 + 2 * 4 + 1 = 25.  One 64-bit set of cells per player. */
enum { QB_CELLS = 64, QB_LINES = 76, QB_NSYM = 192 };

typedef struct qb_state {
  uint64_t mark[2];   /* the cells of x (first player) and o */
  uint64_t key;       /* Zobrist key of the marks, kept up to date by play */
  int8_t plies;       /* marks on the board; the player to move is plies & 1 */
  int8_t winner;      /* 0 or 1 once a player has completed a line, else -1 */
  int8_t last;        /* the cell of the last move played, -1 at the start (for the diagram) */
} qb_state;

/* Evaluation weights (the values are in lua/stratagem/games/qubic.lua). */
typedef struct qb_cfg {
  int one, two, three;  /* a line holding 1, 2 or 3 marks of one player and none of the other */
  int fork;             /* an empty cell on two or more of a player's lines of two: playing
                           it makes a double threat */
  int tempo;            /* to the player to move */
} qb_cfg;

/* The 76 lines as cell sets, and the lines through each cell (4 or 7; 255 ends a list). */
extern const uint64_t qubic_lines[QB_LINES];
extern const uint8_t qubic_cell_lines[QB_CELLS][7];

/* The image of cell sq under symmetry k (0 to 191, 0 the identity). */
int qubic_sym_cell(int k, int sq);
/* The image of a set of cells under symmetry k. */
uint64_t qubic_sym_set(int k, uint64_t b);
/* The empty cells that would complete a line of `mine` (lines holding three of mine and no
   mark of `theirs`). */
uint64_t qubic_threats(uint64_t mine, uint64_t theirs);
/* Whether b holds a whole line. */
int qubic_has_line(uint64_t b);
/* Write the name of cell sq ("2b3") into buf (4 bytes at least). */
void qubic_cell_name(int sq, char *buf);
/* The cell of a name "2b3" (case of the letter ignored), or -1. */
int qubic_cell_parse(const char *t);

extern const sg_class qubic_class;

#endif
