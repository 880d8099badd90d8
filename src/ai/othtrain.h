/* othtrain.h: training Othello's pattern weights on self-play positions labelled by the exact
   solver (src/ai/othsolve.c). */
#ifndef SG_OTHTRAIN_H
#define SG_OTHTRAIN_H

#include <stdint.h>

#include "games/othpattern.h"

typedef struct otrain_opts {
  uint64_t seed;
  int games;             /* self-play games */
  int solve_empties;     /* each game is solved exactly at this many empty squares */
  int random_min, random_max;   /* each game opens with this many random plies (uniform) */
  int epochs;            /* passes of the fit over the positions */
  double rate;           /* the fit's step (normalised least mean squares) */
  int holdout;           /* every holdout-th game is held out to measure the fit; 0: none */
  const othp_weights *policy;   /* the players' evaluation; NULL: mobility and corners */
  int policy_depth;      /* the players' look-ahead in plies (1 or more) */
} otrain_opts;

typedef struct otrain_report {
  long positions, held_out;
  long count[OTHP_STAGES], held_count[OTHP_STAGES];
  double train_mae[OTHP_STAGES], held_mae[OTHP_STAGES];   /* in discs */
  double zero_mae[OTHP_STAGES];   /* the fitted positions' mean |label|: no evaluation's error */
  uint64_t solve_nodes;
  double time;
} otrain_report;

void otrain_opts_default(otrain_opts *o);

/* Play the games, label their positions and fit; out->w is allocated (the caller frees it).
   Returns 0, or -1 with a message in err (no memory, interrupted). */
int otrain_run(const otrain_opts *o, othp_weights *out, otrain_report *r, char *err,
               size_t errlen);

#endif
