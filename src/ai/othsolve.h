/* othsolve.h: the exact Othello endgame solver: the final disc margin with best play. */
#ifndef SG_OTHSOLVE_H
#define SG_OTHSOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "games/othello.h"

/* A PV alternates placements and passes, never two passes in a row: at most 2 * 60 moves. */
#define OSOLVE_MAX_PV 128
#define OSOLVE_MAX_THREADS 256

typedef struct osolve_opts {
  double time;          /* seconds; 0 = no time limit */
  uint64_t nodes;       /* 0 = no node limit; with threads, all threads' nodes count */
  size_t hash_bytes;    /* transposition table size; 0 = none */
  int wld;              /* only win, draw or loss: the window (-1, 1) */
  int random;           /* < 0: off; else a move whose margin is within this of the best,
                           chosen with the seed (exact mode only) */
  uint64_t seed;
  int threads;          /* 1 to OSOLVE_MAX_THREADS: threads sharing the table (0 counts as 1);
                           the margin, the move and the PV are the same for any number */
  const struct othp_weights *patterns;   /* the evaluation of the shallow searches that order
                           the moves far from the end; NULL: mobility and corners */
} osolve_opts;

typedef enum { OSOLVE_DONE = 0, OSOLVE_LIMIT = 1, OSOLVE_INTERRUPTED = 2 } osolve_stop;

typedef struct osolve_result {
  int move;             /* a square 0-63, or OTH_PASS */
  int margin;           /* exact mode: the final disc margin for the side to move; wld mode:
                           a bound of it with the right sign */
  int outcome;          /* 1 win, 0 draw, -1 loss for the side to move */
  int empties;
  int exact;            /* margin (or, in wld mode, outcome) is the game's value */
  osolve_stop stopped;
  uint64_t nodes;       /* every thread's */
  double time;
  int ncand;            /* moves within the random margin (1 when off) */
  int npv;
  int pv[OSOLVE_MAX_PV];
} osolve_result;

void osolve_opts_default(osolve_opts *o);

/* Solve the position with `me` to move against `opp`.  Returns 0, or -1 with a message in err
   (the game is over, no memory for the table). */
int osolve_run(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r, char *err);

/* The builds behind osolve_run, for the tests: the portable one always, and with GCC on x86
   (OSOLVE_POPCNT_BUILD) the same source compiled with the popcnt instruction and with popcnt
   and AVX2, which osolve_run calls on processors that have them (othsolve.c).  The same
   search: the same nodes, margin, move and PV. */
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__)) && \
    (!defined(__POPCNT__) || defined(OSOLVE_POPCNT_CLONE) || defined(OSOLVE_AVX2_CLONE))
#define OSOLVE_POPCNT_BUILD 1
int osolve_run_popcnt(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r,
                      char *err);
int osolve_run_avx2(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r,
                    char *err);
#endif
int osolve_run_portable(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r,
                        char *err);

#endif
