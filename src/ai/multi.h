/* multi.h: game-independent searches for games of any number of players: max^n with shallow
   pruning, paranoid, best-reply search (BRS) and Monte Carlo tree search (UCT, max^n backup).

   Score vectors.  A position's value is one score per player.  Below the horizon it is the
   game's `eval`; a finished game scores, for each player p:
     - without declared bounds: a win SG_WIN - ply for the winner and -(SG_WIN - ply) for every
       other player (so a quicker win, and a later loss, is preferred); with an end_margin hook
       +-(SG_WIN_MARGIN + |margin|) as alpha-beta does; a draw 0 for everyone;
     - in max^n, when the game declares bounds (sg_class.bounds: min_each L, max_sum S,
       n players): the winner S - (n-1)L, the others L, a draw S/n each (rounded down): the vectors stay inside the
       bounds, which shallow pruning relies on; quicker wins are then not preferred.
   MCTS works with rewards in [0, 1] instead (see multi_mcts); its result's scores are those
   rewards in thousandths. */
#ifndef SG_MULTI_H
#define SG_MULTI_H

#include <stdint.h>

#include "search.h"

#define MULTI_MAX_THREADS 256

/* The inner search of determinized search (src/ai/hidden.h). */
typedef enum {
  MULTI_INNER_AUTO = 0,   /* alphabeta with one or two players, else maxn */
  MULTI_INNER_ALPHABETA, MULTI_INNER_MAXN, MULTI_INNER_PARANOID, MULTI_INNER_BRS,
  MULTI_INNER_MCTS
} multi_inner;

typedef struct multi_opts {
  search_opts s;          /* depth, time, nodes, hash_bytes (MCTS: the trees' memory), seed,
                             random (root margin on the mover's own score), prune_actions,
                             threads (MCTS: trees grown in parallel); the tree searches also
                             take stop_flag and soft_time (the driver's, driver.h) */
  uint64_t iterations;    /* MCTS: 0 = until time or nodes (10000 when neither is set) */
  double exploration;     /* MCTS: the UCB1 constant C (default sqrt 2) */
  int playout_depth;      /* MCTS: random moves of a playout before it is evaluated; 0 = to the
                             game's end */
  int samples;            /* pimc: the states sampled from the mover's view */
  multi_inner inner;      /* pimc: the search run on each sample */
  int omniscient;         /* a game with hidden information searched as it stands (a player
                             that cheats, for comparisons); else only pimc, ismcts and random
                             search it */
  int no_shallow;         /* max^n: no shallow pruning even when the game declares bounds
                             (the same scores: for comparisons) */
} multi_opts;

typedef struct multi_result {
  sg_move move;
  int nplayers;
  int scores[SG_MAX_PLAYERS];       /* tree searches: the value vector of the best line */
  double rewards[SG_MAX_PLAYERS];   /* MCTS: the mean rewards of the chosen move, in [0, 1] */
  int depth;                        /* deepest completed iteration (MCTS: deepest tree node) */
  uint64_t iterations;              /* MCTS playouts */
  uint64_t nodes;                   /* positions visited (MCTS: tree and playout moves) */
  uint64_t tree_nodes;              /* MCTS: nodes in the tree */
  double time;
  int exact;                        /* tree searches: no horizon was met (max^n, paranoid: the
                                       game's value under that model) */
  search_stop stopped;
  int npv;
  sg_move pv[SEARCH_MAX_PLY];
  int ncand;                        /* root moves within the random margin (1 when off) */
} multi_result;

void multi_opts_default(multi_opts *o);

/* max^n: every player maximises its own score; ties go to the first move in the search's
   order (the table move, then the game's order), or with `random` to a random one within the
   margin at the root.  Shallow pruning when the game declares score bounds.  The table holds
   exact vectors only.  Returns 0, or -1 with a message in err. */
int multi_maxn(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
               multi_result *r, char *err);

/* Paranoid: the player to move at the root (R) against the coalition of all others, who
   minimise R's own score component (not R's minus theirs: a game's eval already says what R
   values, and on two-player zero-sum games this is alpha-beta's value).  Alpha-beta on that
   component; a player who moves again keeps being max (R) or min (the others). */
int multi_paranoid(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
                   multi_result *r, char *err);

/* Best-reply search (Schadd & Winands), as paranoid but between two turns of R only one
   opponent replies: the opponents' levels branch over the replies of every opponent, the one
   chosen plays its whole turn searched (each of its moves costs a ply, so a multi-command turn
   is a sequence of min levels), and the others play their turns by a default move that costs
   no depth (BRS+ with a fixed policy, as the interface has no pass): the first move in the
   game's order when it has an `order` hook, else a random move (game_random_move) drawn from
   the seed and the position's hash, so the same position always gets the same default.  With
   two players this is paranoid. */
int multi_brs(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
              multi_result *r, char *err);

/* MCTS: UCT with max^n backup of reward vectors.  Each iteration descends by UCB1 on the
   reward of the player to move at each node, adds one child (an untried move in a random
   order), plays a random game (game_random_move) to the end or for playout_depth moves, and
   adds the rewards (multi_rewards below) to every node on the path.  The tree lives in a node pool
   allocated once (iterations + 1 nodes, at most what hash_bytes holds); when it is full,
   iterations go on without adding nodes.  The move is the most visited root child.
   With s.threads = N > 1 (root parallelism), N independent trees grow on N threads, each
   with a share of the iterations, the node limit and the memory, and its own seed (tree 0 the
   search's seed, tree t that seed ^ t * 0x9e3779b97f4a7c15); their root children are joined
   by move (visits and rewards summed), the move is the most visited (ties: the first in the
   game's order), the PV comes from the tree that visited it most, and the counts are sums.
   With an iteration or node limit the result is the same for the same seed and N; with one
   thread it is what it always was. */
int multi_mcts(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
               multi_result *r, char *err);

/* The rewards in [0, 1] of MCTS (and information-set MCTS) for every player of st, a finished
   game (s: its status and winner) or a playout cut off (s = SG_PLAYING): a win 1 to the
   winner and 0 to the others, a draw 1/n each; a cut-off by rank of the evaluation, player p
   getting (players below p + half the players level with p) / (n(n-1)/2), so rewards sum to
   1 and two players get 1, 0 or 1/2 as at a real end.  A one-player game (patience) has no
   rank: a win is 1 and any other position, finished or not, gets its evaluation e squashed
   into (0, 1) as 0.5 + 0.5 e / (|e| + MULTI_SOLO_SCALE). */
#define MULTI_SOLO_SCALE 1000.0
void multi_rewards(const sg_class *c, const void *cfg, const void *st, sg_status s,
                   int winner, double *rw);

#endif
