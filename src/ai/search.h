/* search.h: game-independent search: alpha-beta (negamax, principal variation search) with a
   transposition table, iterative deepening, aspiration windows, killer and history move
   ordering, null move pruning, late move reductions, quiescence and check extension through
   the game's optional hooks (src/games/game.h), mate or win distance, limits, principal
   variation, several principal variations (MultiPV), random choice among near-best moves, beam
   ("fuzzy") forward pruning and symmetry reduction; and the random player. */
#ifndef SG_SEARCH_H
#define SG_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

#define SEARCH_MAX_PLY 128
#define SEARCH_MAX_BEAM 32
#define SEARCH_MAX_LINES 256   /* MultiPV: the most lines a search gives */

struct search_result;

#define SEARCH_HIST_SIZE 4096   /* history entries per player (a move's low 12 bits) */

/* What an alpha-beta search leaves for the next search of the same game when keep_history is
   on: its history tables (the history heuristic's, per player; the countermoves; continuation
   history when that is on), which the next search starts from, each history entry halved
   (aged) rather than cleared.  The caller owns it (the UCI engine one per engine, a Lua game
   one per player to move); a new game empties it (search_memory_clear). */
typedef struct search_memory {
  int history[2][SEARCH_HIST_SIZE];
  sg_move counter[2][SEARCH_HIST_SIZE];
  int *cont;       /* continuation history, ncont entries (NULL: none kept yet) */
  size_t ncont;
  int searches;    /* searches that left their tables here; 0: empty */
} search_memory;

void search_memory_clear(search_memory *m);   /* empty again (its storage kept) */
void search_memory_free(search_memory *m);    /* what it holds besides itself */

typedef struct search_opts {
  int depth;                   /* plies; 0 = no depth limit */
  double time;                 /* seconds; 0 = no time limit */
  uint64_t nodes;              /* 0 = no node limit */
  size_t hash_bytes;           /* transposition table size; 0 = none */
  uint64_t seed;               /* for random choices (random margin, symmetry images) */
  int random;                  /* < 0: off; else pick among moves within this margin of best */
  int beam[SEARCH_MAX_BEAM];   /* beam[i]: keep the best beam[i] moves at ply i (0 = all) */
  int nbeam;
  int symmetry;                /* one move per class of symmetric moves */
  int prune_actions;           /* the game's prune hook: 0 off, SEARCH_PRUNE_ALL at every
                                  node, SEARCH_PRUNE_OWN at the root player's nodes only */
  int threads;                 /* alpha-beta: threads sharing the table (1 = reproducible) */
  int multipv;                 /* alpha-beta: the best this many root moves, each with its
                                  line (1 to SEARCH_MAX_LINES; 1: the best move alone) */
  /* Alpha-beta's enhancements, each on by default where the game allows it (switch one off to
     study what it brings): principal variation search, aspiration windows, killer moves,
     the history heuristic, null move pruning (games with a null-move hook), late move
     reductions, quiescence (games with a noisy-move or unquiet hook). */
  int pvs, aspiration, killers, history, null_move, lmr, quiescence;
  int probcut;                 /* < 0: off; else ProbCut's margin, in the score's units */
  /* Chess-strength techniques, each on by default but acting only in games with an exchange
     hook (`see`, src/games/game.h), whose scores are in material units: */
  int check_ext;               /* extend a node in check by a ply (games with in_check) */
  int see;                     /* < 0: off; else shallow nodes skip captures losing more than
                                  see x depth and quiet moves losing more than see/4 x depth^2
                                  by exchange */
  int rfp;                     /* < 0: off; else reverse futility: a shallow node whose static
                                  value clears beta by rfp x depth is cut */
  int futility;                /* < 0: off; else quiet moves at shallow nodes whose static value
                                  is futility x (depth + 1) below alpha are skipped */
  int lmp;                     /* late move pruning: shallow nodes skip late quiet moves */
  int lmr_table;               /* late move reductions from a table by depth and move number,
                                  adjusted by improvement and history */
  int countermove;             /* the move that refuted the opponent's last move tried early */
  int iir;                     /* internal iterative reduction: a node without a table move
                                  is searched a ply shallower */
  int cont_history;            /* continuation history (games with a piece_to hook): quiet
                                  moves ordered, and reduced less or more, by how they did
                                  after the same previous move and the mover's own before */
  int singular;                /* singular extensions: a table move that alone holds its
                                  table score, the others failing low below it in a
                                  reduced search, is searched a ply deeper (multi-cut when
                                  the others beat beta) */
  int keep_history;            /* with a memory: start from the last search's history tables,
                                  halved, instead of empty ones, and leave this search's
                                  there */
  /* For programs that drive the search (the UCI engine), not read from Lua options: */
  struct tt_table *table;      /* a table of the caller's, kept between searches (NULL: the
                                  search makes its own of hash_bytes) */
  search_memory *memory;       /* the caller's history tables, kept between searches of one
                                  game (keep_history; NULL: none) */
  double soft_time;            /* seconds: no new iteration starts after it (0: none) */
  int *stop_flag;              /* set from another thread to stop, with __atomic_store_n
                                  (NULL: none) */
  const sg_move *root_moves;   /* only these root moves are searched (UCI searchmoves: legal
                                  moves, the caller's array); NULL or none: all */
  int nroot_moves;
  int drawn_root;              /* a root drawn by rule that has moves is searched all the same
                                  (games with node hooks; a UCI engine must answer a move) */
  /* Called after each completed iteration with the result so far (NULL: none). */
  void (*report)(void *ud, const struct search_result *r);
  void *report_ud;
  /* An evaluation replacing the game's (a scripted one): the score of the player to move;
     set *stop to abort the search (an error in the script). */
  int (*eval_fn)(void *ud, const void *st, int *stop);
  void *eval_ud;
} search_opts;

#define SEARCH_PRUNE_ALL 1
#define SEARCH_PRUNE_OWN 2

/* Whether the game's prune hook applies to the moves of `mover` in a search by `root`. */
static inline int search_prunes(const search_opts *o, const sg_class *c, int mover, int root) {
  return c->prune && (o->prune_actions == SEARCH_PRUNE_ALL ||
                      (o->prune_actions == SEARCH_PRUNE_OWN && mover == root));
}

typedef enum { SEARCH_DONE = 0, SEARCH_LIMIT = 1, SEARCH_INTERRUPTED = 2 } search_stop;

/* One of the lines of a MultiPV search: a root move, its score and principal variation, and
   the depth of the iteration that found them. */
typedef struct search_line {
  sg_move move;
  int score;
  int depth;
  int npv;
  sg_move pv[SEARCH_MAX_PLY];
} search_line;

typedef struct search_result {
  sg_move move;
  int score;                   /* from the view of the player to move at the root */
  int depth;                   /* deepest completed iteration */
  uint64_t nodes;
  double time;
  int exact;                   /* the score is the game's value: no horizon, no beam cut */
  search_stop stopped;         /* what ended the search */
  int npv;
  sg_move pv[SEARCH_MAX_PLY];
  int ncand;                   /* moves that were within the random margin (1 when off) */
  uint64_t tt_hits;
  int seldepth;                /* deepest ply reached, extensions and quiescence included */
  int stable;                  /* iterations in a row, to the last, whose best move was the
                                  one before's */
  double soft_scale;           /* with a soft time limit: the share of it the last iteration
                                  was allowed (driver.c's soft_scale), else 0 */
  int bound;                   /* of a report during an aspiration failure: 0 exact, 1 lower, 2 upper */
  /* With multipv > 1: the best root moves, best first (lines[0] is move, score and pv);
     nlines is at most multipv and the number of root moves.  Stopped during an iteration, the
     lines that iteration completed come first, then the previous iteration's others, each with
     its depth.  0 with multipv = 1.  Last, so that a search clears only what comes before. */
  int nlines;
  search_line lines[SEARCH_MAX_LINES];
} search_result;

void search_opts_default(search_opts *o);

/* Moves to a won or lost end from a score (> 0: the player to move wins, < 0: loses; chess's
   "mate N"), 0 when the score is no game end. */
static inline int search_mate_moves(int score) {
  int a = score < 0 ? -score : score;
  if (a <= SG_WIN - SEARCH_MAX_PLY)
    return 0;
  int plies = SG_WIN - a;
  return score > 0 ? (plies + 1) / 2 : -(plies / 2 > 0 ? plies / 2 : 1);
}

/* Helpers the searches share.  A triangular PV table of SEARCH_MAX_PLY rows: set row `ply`
   to m followed by row ply+1.  Put ttmove (when it is among the n moves) first. */
void search_pv_update(sg_move *pv, int *pvlen, int ply, sg_move m);
void search_move_first(sg_move *ms, int n, sg_move ttmove);

/* Alpha-beta for two-player games.  Returns 0, or -1 with a message in err (no legal move, no
   memory). */
int search_alphabeta(const sg_class *c, const void *cfg, const void *st, const search_opts *o,
                     search_result *r, char *err);

/* A uniformly random legal move, from the seed. */
int search_random(const sg_class *c, const void *cfg, const void *st, const search_opts *o,
                  search_result *r, char *err);

/* A random game from st (each move by game_random_move) to its end or max_moves (0: no
   limit). */
typedef struct playout_result {
  uint64_t moves;
  double time;
  sg_status status;
  int winner;          /* 0-based, -1 for none */
  int interrupted;
} playout_result;

int search_playout(const sg_class *c, const void *cfg, const void *st, uint64_t seed,
                   uint64_t max_moves, playout_result *r, char *err);

#endif
