/* qubicpns.h: the Qubic solver: proof-number search over a graph in a pool allocated once
   (positions met again, up to the 192 symmetries, linked through a transposition table),
   with threat knowledge at its leaves (wins in one, forced blocks, double threats, and a
   search for a winning sequence of threats: threat-space search in the manner of Allis; the
   defender's replies that leave a standing sequence intact refuted), and the writers of a
   proof (a tree, or a graph of canonical positions) that lua/stratagem/games/qubic.lua
   checks.  doc/qubic.md describes it. */
#ifndef SG_QUBICPNS_H
#define SG_QUBICPNS_H

#include <stddef.h>
#include <stdint.h>

typedef struct qpns_solver qpns_solver;

enum { QPNS_MAXMOVES = 64 };

/* What the progress hook is shown: the proof search in progress and its root. */
typedef struct qpns_progress {
  int attacker;         /* whose win the search in progress tries to prove: 0 x, 1 o */
  uint64_t nodes;       /* tree nodes created over the whole solve */
  uint64_t iterations;
  uint64_t vcf_nodes;
  size_t used, cap;     /* nodes of the pool in use by this search, and its size */
  uint64_t root_pn, root_dn;
  double time;          /* seconds since the solve began */
} qpns_progress;

typedef struct qpns_opts {
  double time;          /* seconds for the whole solve; 0 = no limit */
  uint64_t nodes;       /* tree nodes created over the whole solve; 0 = the pool's size */
  int vcf_depth;        /* threat-space search: attacker moves at most (0: off) */
  uint64_t vcf_nodes;   /* its positions per leaf at most */
  int order;            /* create the children best first by line counts (else cell order) */
  int symmetry;         /* fold the moves that the position's symmetries map onto each other */
  int answers;          /* where the attacker, given the move, would win by a sequence of
                           threats, the defender's replies after which that sequence still
                           wins get no child (refuted); only those that answer it do */
  int transpositions;   /* the tree as a graph: a position met again (up to the 192
                           symmetries) is linked to the node already expanded for it */
  /* called every `progress_every` seconds (0: never) from inside the search; C only */
  void (*progress)(void *ud, const qpns_progress *p);
  void *progress_ud;
  double progress_every;
} qpns_opts;

typedef enum { QPNS_DONE = 0, QPNS_LIMIT = 1, QPNS_FULL = 2, QPNS_INTERRUPTED = 3 } qpns_stop;

typedef struct qpns_result {
  int value;            /* for the player to move: 1 win, -1 loss, 0 draw, 2 unknown */
  int move;             /* a winning (or, after a disproof, some) move: a cell, or -1 */
  uint64_t nodes;       /* tree nodes created */
  uint64_t vcf_nodes;   /* positions visited by the threat-space searches */
  uint64_t iterations;  /* most-proving nodes expanded (or linked) */
  uint64_t links;       /* leaves linked to an expanded node of the same position */
  uint64_t refuted;     /* defender's replies refuted by a standing threat sequence */
  uint64_t tt_entries;  /* positions in the transposition table at the end */
  double time;
  qpns_stop stopped;
  uint64_t root_pn, root_dn;  /* of the last proof search when unknown */
  /* each proof search's root at its end, by attacker (0: does x win? 1: does o win?);
     searched[a] 0 when that search did not run */
  int searched[2];
  uint64_t pn_of[2], dn_of[2];
  int attacker;         /* when unknown: whose win that last search tried to prove (0 x, 1 o) */
  /* when unknown: the root's moves that the stopped search decided, each with its value for
     the player to move: 1 wins (never when unknown), -1 loses, 0 proved not to win (the
     attacker was the mover) or not to lose (the attacker was the other) */
  int ndecided;
  uint8_t decided_move[QPNS_MAXMOVES];
  int8_t decided_value[QPNS_MAXMOVES];
  int nroot;            /* the root's children in that search (after symmetry folding) */
  size_t pool_nodes;    /* the pool's size in nodes */
} qpns_result;

void qpns_opts_default(qpns_opts *o);

/* A solver whose tree fills at most `bytes` of memory (allocated here, once); NULL when out
   of memory. */
qpns_solver *qpns_new(size_t bytes);
void qpns_free(qpns_solver *s);

/* Solve the position: x's and o's cells, `side` (0 x, 1 o) to move, no line on the board.
   First whether the player to move wins; when disproved, whether the other one does. */
void qpns_solve(qpns_solver *s, uint64_t x, uint64_t o, int side, const qpns_opts *op,
                qpns_result *r);

/* After a solve that found a win (value 1 or -1): write the proof, one line per move, each
   "DEPTH CELL" in preorder (doc/qubic.md), through emit (NULL: only count).  Returns the
   number of moves in the proof. */
uint64_t qpns_write_proof(qpns_solver *s, void (*emit)(void *ud, const char *line), void *ud);

/* The proof as a graph (format 2, doc/qubic.md): one line "XXXX OOOO CELL" for each
   position of the proof where the winner is to move and cannot complete a line at once, keyed
   by its canonical form (x's and o's cells as 16 hex digits each, the least image under the
   192 symmetries), with the winner's move in that form; each canonical position once.
   Returns the number of entries, or UINT64_MAX when out of memory. */
uint64_t qpns_write_graph(qpns_solver *s, void (*emit)(void *ud, const char *line), void *ud);

#endif
