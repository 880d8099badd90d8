/* driver.c: the budget, iterative deepening and the final choice shared by alpha-beta and the
   multi-player tree searches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "driver.h"

int driver_init(search_driver *dr, const search_opts *o, int max_moves, char *err) {
  memset(dr, 0, sizeof *dr);
  dr->o = o;
  dr->cand = malloc((size_t)max_moves * sizeof(sg_move));
  dr->best = malloc((size_t)max_moves * sizeof(sg_move));
  if (!dr->cand || !dr->best) {
    driver_free(dr);
    snprintf(err, SG_ERRLEN, "search: out of memory");
    return -1;
  }
  dr->node_limit = o->nodes;
  dr->poll_at = o->nodes && o->nodes < DRIVER_POLL ? o->nodes : DRIVER_POLL;
  rng_seed(&dr->rng, o->seed);
  dr->t0 = clock_now();
  dr->deadline = o->time > 0 ? dr->t0 + o->time : 0;
  if (o->stop_flag && __atomic_load_n(o->stop_flag, __ATOMIC_RELAXED))
    dr->stop = SEARCH_LIMIT;   /* stopped before it began: the first legal move */
  return 0;
}

void driver_free(search_driver *dr) {
  free(dr->cand);
  free(dr->best);
  dr->cand = dr->best = NULL;
}

int driver_max_depth(const search_opts *o) {
  return o->depth > 0 && o->depth < SEARCH_MAX_PLY - 1 ? o->depth : SEARCH_MAX_PLY - 1;
}

/* The node limit is met exactly: the next poll is never later than it. */
int driver_poll(search_driver *dr) {
  const search_opts *o = dr->o;
  if (dr->stop)
    return 1;
  if (dr->node_limit && dr->nodes >= dr->node_limit)
    dr->stop = SEARCH_LIMIT;
  else if (dr->quit && __atomic_load_n(dr->quit, __ATOMIC_RELAXED))
    dr->stop = SEARCH_LIMIT;
  else if (interrupt_pending())
    dr->stop = SEARCH_INTERRUPTED;
  else if (o->stop_flag && __atomic_load_n(o->stop_flag, __ATOMIC_RELAXED))
    dr->stop = SEARCH_LIMIT;
  else if (dr->deadline && clock_now() >= dr->deadline)
    dr->stop = SEARCH_LIMIT;
  dr->poll_at = dr->nodes + DRIVER_POLL;
  if (dr->node_limit && dr->poll_at > dr->node_limit)
    dr->poll_at = dr->node_limit;
  return dr->stop != 0;
}

/* Lazy SMP: helpers skip every other depth below the last (in blocks that grow with the
   helper's number, phased by it), so that they run ahead of the main thread and of each
   other and fill the shared table for them. */
static int skipped(const search_driver *dr, int d, int maxdepth) {
  int size = 1 + (dr->helper >= 3) + (dr->helper >= 7);
  return dr->helper && d > 1 && d < maxdepth && ((d + dr->helper) / size) % 2;
}

/* The share of the soft time limit after iteration d: an easy move (the same best move for
   the last few iterations) is played early, a best move that just changed gets longer, up
   to the hard limit (which the caller keeps at a few soft limits).  The first iterations
   say little either way. */
static double soft_scale(const search_driver *dr, int d) {
  if (d < 6)
    return 1.0;
  return dr->stable >= 6 ? 0.4 : dr->stable >= 3 ? 0.7 : dr->stable == 0 ? 1.6 : 1.0;
}

int driver_deepen(search_driver *dr, driver_iterate *iterate, driver_keep *keep, void *x) {
  const search_opts *o = dr->o;
  int maxdepth = driver_max_depth(o);
  for (int d = 1; d <= maxdepth; d++) {
    if (skipped(dr, d, maxdepth))
      continue;
    dr->horizon = dr->leaf = 0;
    dr->ncand = 0;
    dr->settled = 0;
    int completed = iterate(x, d);
    if ((dr->stop && dr->have && !dr->settled) || completed == 0)
      break;   /* keep the last completed iteration; nothing to show without one */
    /* a half first iteration beats no move */
    keep(x, dr->stop && !dr->settled ? d - 1 : d, !dr->stop);
    dr->stable = dr->have && dr->nbest > 0 && dr->ncand > 0 && dr->cand[0] == dr->best[0]
                     ? dr->stable + 1 : 0;
    dr->nbest = dr->ncand;
    memcpy(dr->best, dr->cand, (size_t)dr->ncand * sizeof(sg_move));
    dr->have = 1;
    if (dr->stop)
      break;
    if (!dr->horizon)
      break;   /* nothing was cut by the depth: deeper iterations would find the same */
    if (!dr->leaf && !dr->exact_only) {
      /* No leaf met the depth limit, yet a table entry of a depth-limited search was used.
         Such entries can keep each other inexact forever when a key comes back deeper in
         its own subtree: a position that recurs at other plies under a key that leaves out
         what ends the game (Chexers' actions count), or two positions whose keys collide
         (Othello's, two plies apart).  Search this depth again trusting only entries of
         finished subtrees, whose verdict is then the real one.  The same holds for
         alpha-beta, max^n, paranoid and best-reply: each stores a subtree as finished only
         when no horizon was met in it, and takes an entry's horizon as its own. */
      dr->exact_only = 1;
      d--;
      continue;
    }
    if (o->soft_time > 0) {
      dr->soft_scale = soft_scale(dr, d);
      if (clock_now() - dr->t0 >= o->soft_time * dr->soft_scale)
        break;
    }
  }
  return dr->have;
}

int driver_choose(search_driver *dr, sg_move first, sg_move *move, sg_move *pv, int *npv) {
  if (!dr->have) {   /* stopped at once: the first legal move rather than none */
    *move = pv[0] = first;
    *npv = 1;
    dr->best[0] = first;
    dr->nbest = 1;
  }
  if (dr->o->random >= 0 && dr->nbest > 1) {
    sg_move m = dr->best[rng_below(&dr->rng, (uint64_t)dr->nbest)];
    if (m != *move) {
      *move = pv[0] = m;
      *npv = 1;   /* the PV was the other move's */
    }
  }
  return dr->nbest;
}
