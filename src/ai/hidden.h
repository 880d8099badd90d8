/* hidden.h: searches for games with chance and hidden information that do not cheat: they
   see a game only through its view and sample hooks (src/games/game.h), never through the
   state itself.

   Determinized search (perfect-information Monte Carlo, "pimc"): the player to move (the
   observer) takes its view of the position, samples `samples` full states consistent with it,
   searches each as if everything were known (the inner search: alpha-beta, max^n or MCTS, with
   the request's limits shared out equally among the samples), and plays the move chosen by
   the most samples (ties: the better mean score of the samples that chose it, then the first
   in the game's order).  Its known weaknesses (Frank and Basin's strategy fusion and
   non-locality) are the price of reusing every perfect-information search unchanged.

   Information-set MCTS ("ismcts", single observer, Cowling, Powley and Whitehouse 2012): one
   tree over the observer's information sets.  Each iteration samples a state from the
   observer's view, descends the tree by UCB1 among the children whose moves are legal in that
   sample (a child's availability counts the iterations in which it was legal, and replaces
   the parent's visits in the exploration term), adds one child for an untried legal move,
   plays at random to the end or for playout_depth moves, and backs up the reward vector
   (multi_rewards).  The tree lives in a node pool allocated once; the move is the most
   visited root child.

   A game without hidden information is searched by both as it stands (every sample is the
   position itself). */
#ifndef SG_HIDDEN_H
#define SG_HIDDEN_H

#include "multi.h"

typedef struct hidden_result {
  sg_move move;
  int nplayers;
  double score;                    /* pimc: the mean inner score of the chosen move over the
                                      samples that chose it (MCTS inner: its mean reward);
                                      ismcts: the mover's mean reward of the chosen move */
  double rewards[SG_MAX_PLAYERS];  /* ismcts: the mean reward vector of the chosen move */
  int samples;                     /* pimc: samples searched; ismcts: iterations */
  int votes;                       /* pimc: samples that chose the move */
  int nchoices;                    /* pimc: distinct moves chosen by some sample */
  uint64_t nodes;                  /* positions visited, over every sample */
  uint64_t tree_nodes;             /* ismcts: nodes in the tree */
  double time;
  search_stop stopped;
} hidden_result;

/* The options are multi_opts: the limits (time and nodes for the whole search), seed, table
   size, MCTS's iterations, exploration and playout depth, and pimc's samples and inner
   search.  Returns 0, or -1 with a message in err (no legal move, out of memory, an inner search's
   refusal). */
int hidden_pimc(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
                hidden_result *r, char *err);
int hidden_ismcts(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
                  hidden_result *r, char *err);

#endif
