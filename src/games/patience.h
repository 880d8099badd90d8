/* patience.h: seven-column Klondike for one player (doc/patience.md, 002 sections 9.1.1 and
   9.5), with hidden information (face-down cards and the stock), and its solver that sees the
   whole deal. */
#ifndef SG_PATIENCE_H
#define SG_PATIENCE_H

#include <stdint.h>

#include "core/rng.h"
#include "game.h"

#define PAT_COLS 7
#define PAT_COLMAX 20   /* at most 6 face-down cards and a run of 13 */
#define PAT_STOCKMAX 24 /* the cards not dealt to the columns */
#define PAT_UNK 0xff    /* a card the player cannot see (in a view) */

/* A card is suit * 13 + rank - 1: suits spades, hearts, diamonds, clubs (0 to 3), rank 1 (ace)
   to 13 (king).  Hearts and diamonds are red. */
typedef struct pat_state {
  uint64_t rng[4];                 /* the state's generator (reshuffles); 0 in a view */
  uint8_t col[PAT_COLS][PAT_COLMAX]; /* each column bottom first */
  uint8_t ncol[PAT_COLS];          /* cards in each column */
  uint8_t down[PAT_COLS];          /* of which face down, at the bottom */
  uint8_t stock[PAT_STOCKMAX];     /* bottom first: the top is stock[nstock - 1] */
  uint8_t waste[PAT_STOCKMAX];     /* bottom first: the playable card is the last */
  uint8_t nstock, nwaste;
  uint8_t found[4];                /* cards on each suit's foundation */
  uint8_t best;                    /* most cards the foundations have held */
  uint8_t view;                    /* 1: a view, with unknown cards */
  uint16_t passes;                 /* times the waste was turned over into the stock */
  uint16_t idle;                   /* moves since the last progress (see patience.c) */
} pat_state;

typedef struct pat_cfg {
  int max_idle;                    /* rules: the game ends after this many moves without
                                      progress (a card turned up or a new most on the
                                      foundations) */
  int w_found, w_revealed, w_hidden_stock, w_empty;   /* weights of eval */
  int empty_column;                /* 0 king, 1 picture (J, Q or K) */
  int stock;                       /* 0 unlimited, 1 reshuffle, 2 one_pass */
  int split_runs;                  /* 1: any face-up part of a run moves */
  int draw;                        /* 3 or 1 cards per turn of the stock */
  int shuffle;                     /* 0 Fisher-Yates, 1 the seed's 104 random swaps */
} pat_cfg;

extern const sg_class patience_class;

/* Shuffle a[0..n-1] in place: Fisher-Yates (swaps = 0), or `swaps` swaps of two positions
   drawn uniformly and independently (the seed's method: 2n swaps, 104 for 52 cards). */
void pat_shuffle(uint8_t *a, int n, int swaps, sg_rng *r);

/* The solver that sees the whole deal: depth-first search over the moves, with a table of the
   positions already searched, safe foundation moves played at once and pointless moves left
   out (patience.c).  Limits: nodes (0: none), time in seconds (0: none), table size. */
typedef struct pat_solve_opts {
  uint64_t nodes;
  double time;
  size_t hash_bytes;
  int max_depth;                   /* longest line searched, in moves (1 or more) */
  int no_defer;                    /* 0: the second search defers splits, worried cards and
                                      emptied columns to their use (patience.c,
                                      solve_pending); 1: none of them; 2: splits and worried
                                      cards only, and the key with the most cards ever
                                      home (both for comparisons) */
  int no_cover;                    /* 1: no position is left out as covered by the same one
                                      with more of the talon in reach (patience.c,
                                      solve_covered; for comparisons) */
} pat_solve_opts;

typedef enum { PAT_UNKNOWN = 0, PAT_WON = 1, PAT_LOST = 2 } pat_verdict;

typedef struct pat_solve_result {
  pat_verdict verdict;             /* won: moves hold a winning line; lost: no win exists
                                      (the search was complete); unknown: a limit stopped it */
  int nmoves;
  sg_move *moves;                  /* the winning line: room for max_depth moves, given by
                                      the caller */
  uint64_t nodes;
  uint64_t positions;              /* positions searched (entered in the table) */
  uint64_t full;                   /* of which found no free slot in the table */
  uint64_t dead;                   /* positions found lost at once (patience.c, solve_dead) */
  uint64_t covered;                /* positions left out as covered by one searched with more
                                      of the talon in reach (patience.c, solve_covered) */
  uint64_t first_nodes;            /* nodes of the first search, when it ended with no win
                                      and the second (every move) followed */
  double time;
  int interrupted;
  int depth_cut;                   /* some line was cut at max_depth (lost is then not sure) */
  uint64_t idle_cuts;              /* positions of the second search below which the idle limit
                                      cut a line: "lost" then is not sure (patience.c,
                                      solve_pending), and the verdict is unknown */
} pat_solve_result;

/* Set r->moves (room for o->max_depth moves) before the call.  Returns 0, or -1 with err (a
   view, out of memory). */
int pat_solve(const pat_cfg *cfg, const pat_state *st, const pat_solve_opts *o,
              pat_solve_result *r, char *err);

#endif
