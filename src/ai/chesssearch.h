/* chesssearch.h: chess's own alpha-beta: principal variation search with iterative deepening
   and aspiration windows, a transposition table, quiescence over captures, promotions and
   checks ("dynamic lookahead"), mate scores by distance, ordering by table move, MVV-LVA and
   SEE, killers and history, check extension, null move and late move reductions, and time
   management from a clock.  A private search (DESIGN: the shared alpha-beta has none of these
   and copies the whole game state, with its repetition history, at every node; see
   doc/manual.md for the benchmark). */
#ifndef SG_CHESSSEARCH_H
#define SG_CHESSSEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/tt.h"
#include "games/chess.h"

#define CHS_MAX_PLY 100
#define CHS_MATE 30000          /* a mate at ply p scores CHS_MATE - p */
#define CHS_MATE_BOUND (CHS_MATE - CHS_MAX_PLY - 1)

typedef struct chs_limits {
  int depth;                    /* plies; 0 = none */
  double movetime;              /* seconds for this move; 0 = none */
  uint64_t nodes;               /* 0 = none */
  /* a clock: time left and increment for the side to move (seconds; time < 0: no clock) */
  double time_left, increment;
  int movestogo;                /* 0: sudden death */
  int infinite;                 /* search until stopped */
  int random;                   /* < 0 off; else play a move chosen with the seed among those
                                   within this many centipawns of the best */
  uint64_t seed;
} chs_limits;

typedef struct chs_info {
  int depth, seldepth;
  int score;                    /* centipawns from the side to move's view */
  int mate;                     /* moves to mate: > 0 we mate, < 0 we are mated, 0 none */
  int bound;                    /* 0 exact, 1 lower (fail high), 2 upper (fail low) */
  uint64_t nodes;
  double time;
  uint64_t tt_hits;
  int ncand;                    /* moves within the random margin (1 when off) */
  int npv;
  sg_move pv[CHS_MAX_PLY];
} chs_info;

/* Called after every completed iteration (and on aspiration failures); ud is the caller's. */
typedef void (*chs_report)(void *ud, const chs_info *info);
/* An evaluation to use instead of chess_eval (centipawns, side to move's view); returns
   nonzero in *stop to abort the search (an error in a scripted evaluation). */
typedef int (*chs_evalfn)(void *ud, const ch_pos *p, int *stop);

typedef struct chs_engine chs_engine;

/* An engine holds the table, history and killers between searches (a game's moves, a UCI
   session).  hash_bytes 0 = no table.  NULL on no memory. */
chs_engine *chs_new(size_t hash_bytes);
void chs_free(chs_engine *e);
void chs_clear(chs_engine *e);      /* a new game: forget the table and history */
int chs_resize(chs_engine *e, size_t hash_bytes);   /* 0, or -1 (the old table is kept) */
void chs_set_eval(chs_engine *e, chs_evalfn fn, void *ud);

/* Search the position of s (its repetition history counts) within the limits; stop may be
   set from another thread (read with relaxed loads).  Fills out with the best move (pv[0])
   of the deepest completed iteration.  Returns 0, or -1 when there is no legal move. */
int chs_search(chs_engine *e, const ch_cfg *cfg, const ch_state *s, const chs_limits *l,
               volatile int *stop, chs_report report, void *ud, chs_info *out);

#endif
