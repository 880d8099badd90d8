/* qubicpns.h: the Qubic solver: proof-number search over a tree in a pool allocated once,
   with threat knowledge at its leaves (wins in one, forced blocks, double threats, and a
   search for a winning sequence of threats: threat-space search in the manner of Allis), and
   the writer of a proof that lua/stratagem/games/qubic.lua checks.  doc/qubic.md describes it. */
#ifndef SG_QUBICPNS_H
#define SG_QUBICPNS_H

#include <stddef.h>
#include <stdint.h>

typedef struct qpns_solver qpns_solver;

typedef struct qpns_opts {
  double time;          /* seconds for the whole solve; 0 = no limit */
  uint64_t nodes;       /* tree nodes created over the whole solve; 0 = the pool's size */
  int vcf_depth;        /* threat-space search: attacker moves at most (0: off) */
  uint64_t vcf_nodes;   /* its positions per leaf at most */
} qpns_opts;

typedef enum { QPNS_DONE = 0, QPNS_LIMIT = 1, QPNS_FULL = 2, QPNS_INTERRUPTED = 3 } qpns_stop;

typedef struct qpns_result {
  int value;            /* for the player to move: 1 win, -1 loss, 0 draw, 2 unknown */
  int move;             /* a winning (or, after a disproof, some) move: a cell, or -1 */
  uint64_t nodes;       /* tree nodes created */
  uint64_t vcf_nodes;   /* positions visited by the threat-space searches */
  uint64_t iterations;  /* most-proving nodes expanded */
  double time;
  qpns_stop stopped;
  uint64_t root_pn, root_dn;  /* of the last proof search when unknown */
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

#endif
