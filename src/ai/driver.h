/* driver.h: the driver the tree searches share around their recursion (alpha-beta in
   search.c; max^n, paranoid and best-reply in multi.c): the budget of nodes, time, stop flags
   and Ctrl-C; iterative deepening, with its exact verdict and exact-only re-search; and the
   choice of the move at the end (doc/search.md, "The driver"). */
#ifndef SG_DRIVER_H
#define SG_DRIVER_H

#include <stdint.h>

#include "core/rng.h"
#include "search.h"

#define DRIVER_POLL 1024   /* nodes between two looks at the clock and the stop flags */

typedef struct search_driver {
  const search_opts *o;        /* depth, time, soft_time, nodes, stop_flag, seed, random */
  uint64_t nodes;              /* positions visited */
  uint64_t node_limit;         /* 0: none (helper threads have none) */
  uint64_t poll_at;            /* the node count at which the limits are looked at next */
  double t0, deadline;
  int *quit;                   /* set (atomically) by another thread to stop this one */
  int helper;                  /* lazy SMP: 0 for the main thread, else the helper's number */
  search_stop stop;
  int horizon;                 /* the depth limit cut a line in the current subtree, or a
                                  table entry of a depth-limited search stood for one */
  int leaf;                    /* this iteration evaluated a leaf at the depth limit */
  int exact_only;              /* the table cuts only on entries of finished subtrees */
  int have;                    /* an iteration was kept */
  int settled;                 /* the iteration under way, though stopped, settled its best
                                  move (alpha-beta's MultiPV: its first line), so it is kept at
                                  its depth */
  sg_move *cand;               /* the root moves of the iteration under way within the random
                                  margin (ncand of them; the best move alone when off) */
  sg_move *best;               /* those of the iteration kept (nbest) */
  int ncand, nbest;
  int stable;                  /* iterations in a row whose best move was the one before's */
  double soft_scale;           /* the share of the soft time limit the last iteration had */
  sg_rng rng;                  /* from the seed: the random choice, then symmetry images */
} search_driver;

/* What a search gives driver_deepen.  iterate searches the root to depth d (aspiration
   re-searches included), leaves its candidates in dr->cand and returns how many root moves it
   completed (0 when stopped with nothing usable); keep takes that iteration as the result,
   at depth d, or d - 1 when complete is 0 (stopped half-way) unless iterate set dr->settled. */
typedef int driver_iterate(void *x, int d);
typedef void driver_keep(void *x, int d, int complete);

/* Set dr up for a search of max_moves root moves; -1 with a message in err without memory. */
int driver_init(search_driver *dr, const search_opts *o, int max_moves, char *err);
void driver_free(search_driver *dr);

/* The deepest iteration asked: o's depth, or as deep as the ply stack goes. */
int driver_max_depth(const search_opts *o);

/* Whether the search must stop.  Called at every node: between polls it only compares the
   node count with the next poll's (a count that jumps cannot step over it). */
int driver_poll(search_driver *dr);
static inline int driver_spent(search_driver *dr) {
  return dr->stop || (dr->nodes >= dr->poll_at && driver_poll(dr));
}

/* Iterative deepening from depth 1 until the depth asked, a limit, or an iteration that no
   depth limit cut (its result is then the game's value).  Returns whether an iteration was
   kept. */
int driver_deepen(search_driver *dr, driver_iterate *iterate, driver_keep *keep, void *x);

/* The move to play once deepening is over, into *move and the PV (pv, *npv): with no
   iteration kept, `first` (the first legal move); with a random margin, one of the kept
   candidates drawn from the seed (the PV is then that move alone).  Returns the number of
   candidates. */
int driver_choose(search_driver *dr, sg_move first, sg_move *move, sg_move *pv, int *npv);

#endif
