/* wordgrid.h: the word game's grid (rules/words.md): 16 cells of one face each, a "Qu" face
   counting as two letters; dealing from the dice by a seed, checking a word's path, and the
   computer's search for every word in the grid by prefix ranges of a dictionary. */
#ifndef SG_WORDGRID_H
#define SG_WORDGRID_H

#include <stddef.h>
#include <stdint.h>

#include "words/dict.h"

#define WG_SIDE 4
#define WG_CELLS 16
#define WG_FACES 6
#define WG_QU 17            /* the letter code of q: a cell with it holds "qu" */

/* Cell i (row i / 4, column i % 4) shows letter[i] (1..26; WG_QU is the face "Qu"). */
typedef struct wg_grid {
  uint8_t letter[WG_CELLS];
} wg_grid;

/* Deal the grid from 16 dice of 6 faces (letters A-Z or a-z, 'q' the Qu face): the dice
   shuffled into the cells and one face of each thrown, all from seed.  0, or -1 with a message
   when a face is not a letter. */
int wg_deal(const char *const dice[WG_CELLS], uint64_t seed, wg_grid *g, char *err, size_t errlen);

/* Whether the word (a-z, length len) is a path on the grid: adjacent cells (8 neighbours), no
   cell twice, a Qu cell matching "qu".  The number of cells of the path (written to path), or
   0 when there is none. */
int wg_path(const wg_grid *g, const char *word, int len, int path[WG_CELLS]);

/* Every word of d on the grid with min_len..max_len letters (max_len 0: no limit), by a depth-
   first walk over the cells that keeps the range of words beginning with the letters so far
   and stops where it is empty.  seen is a zeroed bitmap of d->n bits the caller owns; the
   indices of the words found, in alphabetical order, go to out (at most cap of them: the
   count found is returned, which may be larger).  No allocation, no callback. */
size_t wg_solve(const wg_grid *g, const sg_dict *d, int min_len, int max_len, uint8_t *seen,
                uint32_t *out, size_t cap, uint64_t *nodes);

/* Whether cells a and b touch (8 neighbours, a != b). */
int wg_adjacent(int a, int b);

#endif
