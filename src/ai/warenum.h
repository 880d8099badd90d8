/* warenum.h: the single-turn enumeration of war chess (Nan et al. 2016, section 4): every
   action plan of the side to move, by Algorithm 2 (every permutation of the units in
   dictionary order, each followed by a depth-first Search(1..n)) or by Algorithm 5
   (Plans_Search: the recursive swap permutation interleaved with the depth-first search),
   counting ops1, complete plans and distinct end states. */
#ifndef SG_WARENUM_H
#define SG_WARENUM_H

#include <stddef.h>
#include <stdint.h>

#include "games/warchess.h"

enum { WE_ORDER = 0, WE_RECURSIVE = 1 };   /* Algorithm 2, Algorithm 5 */

typedef struct we_result {
  uint64_t ops1;     /* units placed on a tile of their movement range (own tile included) */
  uint64_t plans;    /* complete plans: every unit has acted */
  uint64_t states;   /* distinct end states (units' tiles, health, alive), when counted */
  double time;       /* seconds */
  int stopped;       /* 1: stopped by the time or ops1 limit or an interrupt (counts partial) */
  int states_full;   /* 1: the state set ran out of room (states is then a lower bound) */
} we_result;

/* The enumeration's memory, allocated once by warenum_new and reused: the distinct end-state
   set (open addressing over 64-bit keys, capacity a power of two, filled to 3/4 at most), the
   per-depth states, movement ranges and targets, and the range scratch.  Nothing is allocated
   while an enumeration runs. */
typedef struct we_ctx we_ctx;

/* A context whose state set holds up to 3/4 of `capacity` keys (rounded up to a power of two;
   0: no state set, states are not counted).  NULL when out of memory. */
we_ctx *warenum_new(size_t capacity);
void warenum_free(we_ctx *e);
/* The bytes warenum_new(capacity) allocates (for a caller that wants to say so). */
size_t warenum_size(size_t capacity);

/* Enumerate every action plan of the side to move in st: each of its living units that has not
   acted yet acts once, in every order; each moves to every tile of its movement range
   (computed when it acts, after the earlier units' moves and kills) and then attacks no one or
   one enemy in attack range.  algorithm is WE_ORDER or WE_RECURSIVE; time (seconds, 0: none)
   and max_ops1 (0: none) limit the run, and the process interrupt flag (core/clock.h) stops it
   (the caller clears the flag).  Returns 0, or -1 when the side has more units than the
   enumeration handles (WC_MAX_SIDE_UNITS cannot happen with a valid config). */
int warenum_run(we_ctx *e, const wc_cfg *cfg, const wc_state *st, int algorithm, double time,
                uint64_t max_ops1, we_result *r);

/* The distinct end-state hashes of the last run, sorted, into out (room for r->states);
   returns their number.  For comparing the state sets of the two algorithms (Theorem 1). */
size_t warenum_states(const we_ctx *e, uint64_t *out);

#endif
