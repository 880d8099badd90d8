/* warplan.h: the exact single-turn planner of war chess: the best complete plan of the side
   to move (every living unit that has not acted acts once: a tile of its movement range, then
   no attack or one enemy in attack range, in the order the plan lists them) under the game's
   evaluation, with the value exhaustive enumeration finds, while skipping what cannot matter:

   - transpositions: a state (the acting units' tiles and acted flags, the attackable enemies'
     health) is searched once; the table is a visited set of exact keys (no hash collisions
     can merge two states), so losing entries when it is full costs time, never exactness;
   - independence (Nan et al.'s future work): the acting units are split at the start into
     groups that cannot interact (movement, targets, kills, evaluation terms; see warplan.c),
     each group is planned alone with the others frozen, and the plans are concatenated;
   - bounds: branch and bound with an upper bound of the evaluation of any end state below a
     node (each term of wc_score at its best over what can still change, each unit's one
     attack assigned to one enemy).

   The value of an end state: wc_score for the side to move (unclipped), or WP_WIN (above any
   evaluation) when the plan wins the game (kills the enemy leader or every enemy).  A plan
   ends when the game is won (no action is legal after that, as g:gen and g:play say), so a
   winning plan may leave units that have not acted, and every winning plan is worth the same
   (the game is over; the first found is kept).  This is the one departure from the plain
   enumeration (warenum), which goes on placing units after a win. */
#ifndef SG_WARPLAN_H
#define SG_WARPLAN_H

#include <stddef.h>
#include <stdint.h>

#include "games/warchess.h"

#define WP_MAX_K 16         /* best plans kept at most (wp_opts.k) */
#define WP_WIN (1L << 40)   /* the value of an end state where the enemy has lost */

typedef struct wp_opts {
  double time;          /* seconds, 0: no limit */
  uint64_t max_nodes;   /* 0: no limit */
  int independence;     /* 1: plan independent groups separately (default) */
  int bound;            /* 1: branch and bound (default) */
  int memo;             /* 1: the transposition table (default) */
  int assign;           /* 1: the bound assigns each free unit's attack to one enemy (default;
                           with at most 10 free units), 0: attacks as per-unit shares */
  int k;                /* >1: also the k best plans with distinct end states (wp_result.alt;
                           at most WP_MAX_K; the groups are then not used) */
} wp_opts;

typedef struct wp_alt {
  sg_move moves[WC_MAX_SIDE_UNITS];
  int nmoves;
  long value;
  int score, win;
} wp_alt;

typedef struct wp_result {
  sg_move moves[WC_MAX_SIDE_UNITS];   /* the plan, without the final WC_END */
  int nmoves;
  long value;       /* the plan's value (see above) as the search found it */
  int score;        /* the side to move's clipped score of the end state (g:scores()) */
  int win;          /* 1: the plan wins the game */
  uint64_t plans;   /* complete plans (leaves) reached */
  uint64_t ops1;    /* units placed on a tile of their movement range (own tile included) */
  uint64_t nodes;   /* states visited (leaves included) */
  double time;
  int exact;        /* 1: the search finished (the plan is the best), 0: stopped by a limit */
  int groups;       /* independent groups of acting units */
  int nalt;         /* the best plans, best first (alt[0] is the plan above; with k = 1 it
                       is the only one, and when a limit stopped the search it may be one
                       where units stay) */
  wp_alt alt[WP_MAX_K];
  int check;        /* 1: the plan played again has the value the search composed from the
                       groups' values (always, unless there is a bug; the tests check it) */
} wp_result;

typedef struct wp_ctx wp_ctx;

/* A planner whose transposition table takes hash_bytes (at least 64 KB are used).  NULL when
   out of memory.  Nothing else is allocated per node; child lists grow per run when needed. */
wp_ctx *warplan_new(size_t hash_bytes);
void warplan_free(wp_ctx *p);

void warplan_defaults(wp_opts *o);

/* Plan the turn of the side to move in st.  Returns 0; -1 when the game is over or out of
   memory (a message in err, SG_ERRLEN).  The process interrupt flag stops it like a limit. */
int warplan_run(wp_ctx *p, const wc_cfg *cfg, const wc_state *st, const wp_opts *o,
                wp_result *r, char *err);

/* The value warplan_run maximizes, of a state reached by a plan (see above). */
long warplan_value(const wc_cfg *cfg, const wc_state *st, int side);

#endif
