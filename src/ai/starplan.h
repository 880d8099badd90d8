/* starplan.h: the Star Chess computer player of Nahr (2001), sections 2.2-3.5: prioritised
   requests (CountThreats, CreateRequests), the turn generator (CompMove, CompMoveStep,
   CompReqBuild, CompColonise, CompSupBuild, CompScrap, CompTerraform: CompLevel) and the
   prediction tree over request masks (TreePredict, CompTurn) with restricted masking. */
#ifndef SG_STARPLAN_H
#define SG_STARPLAN_H

#include <stdint.h>

#include "games/starchess.h"

/* The situations that make a request, in the order of section 3.4.4's list. */
enum {
  SP_DEFEND_HOMEWORLD, SP_DEFEND_COLONY, SP_ATTACK_HOMEWORLD, SP_ATTACK_COLONY, SP_GARRISON,
  SP_COLONISE, SP_KINDS
};
extern const char *const sp_kind_names[SP_KINDS];

/* A request size as a formula of the threat count T: t*T + t3*floor(T/3) + add, at least
   at_least. */
typedef struct sp_size {
  int t, t3, add, at_least;
} sp_size;

typedef struct sp_rule {
  int priority;        /* 1 (highest) to 4 */
  int colonise;        /* the command: 0 move, 1 colonise */
  sp_size min, max;
} sp_rule;

/* The request table; filled from `priorities` in lua/stratagem/games/starchess.lua. */
typedef struct sp_priorities {
  sp_rule rule[SP_KINDS];
  int reserve_turns;   /* CompSupBuild and CompScrap count 1/reserve_turns of the reserves as
                          income (rules file: support capacity); 0 counts none */
  int terraform_balance;   /* CompTerraform by the support it gains, not the paper's rule */
  int gather;   /* beyond the paper: idle fleets that together meet an unmet request gather at
                   the own colony nearest to it (doc/starchess.md) */
} sp_priorities;

typedef struct sp_request {
  int sector, kind, priority, colonise;
  int threats, min, max;    /* min and max shrink as ships are assigned or built */
  int min0, max0;           /* as created */
} sp_request;

/* Threat counts (CountThreats) and the standard mask for player p (1..4): bit s of *mask set
   when s is reachable and not safe. */
void sp_threats(const sc_state *s, int p, int threats[SC_SECTORS], uint16_t *mask);

/* CreateRequests for player p on the standard mask less the sectors in `masked`: the request
   list, sorted by priority then p's processing order; returns its length. */
int sp_requests(const sp_priorities *pr, const sc_cfg *c, const sc_state *s, int p,
                uint16_t masked, sp_request out[SC_SECTORS]);

/* CompLevel: the whole turn of the player to move with the requests of the sectors in
   `masked` left out, ending with "end" (the state is changed).  When cmds is not NULL the
   commands are written there (room for SP_MAX_COMMANDS) and their number returned. */
#define SP_MAX_COMMANDS 512
int sp_comp_level(const sp_priorities *pr, const sc_cfg *c, sc_state *s, uint16_t masked,
                  sg_move *cmds);

struct sp_options;

/* The opponents' own player, run for their turns in the first full turns of the tree (beyond
   the paper: opponent_model = "predict"): a player whose search reads no seed and no clock
   plays exactly the turn that this predicts. */
typedef struct sp_model {
  const sp_priorities *pr;          /* their request table */
  const sc_cfg *c;                  /* their rules and evaluation weights */
  const struct sp_options *o;       /* their search: one thread, no time, no model of its own */
  int turns;                        /* full turns of the tree whose opponent turns are theirs */
  int top;                          /* > 0: the root's alternatives are first searched without
                                       the model, and only the `top` best of them again with
                                       it (the model's searches cost the most); 0: all */
} sp_model;

typedef struct sp_options {
  int levels;          /* tree levels (player turns); 1 = "tree predicts 0 turns" */
  int prune;           /* restricted masking: branch only on the root player's levels */
  int skip_dead;       /* SKIP_DEAD: defeated players get no level */
  int masks;           /* 0: no alternatives at all, the plain unmasked request list */
  int threads;         /* root masks searched in parallel; the result does not change */
  const sp_priorities *others;   /* the request table predicted for the other players'
                                    turns; NULL: the player's own (the paper's) */
  int rollout;         /* full turns of unmasked play after each leaf before it is evaluated */
  int wide;            /* more alternatives at the root: sp_masks_wide, not sp_masks */
  int dedupe;          /* masks whose turns end in the same position are searched once (the
                          result does not change; fewer positions generated and evaluated) */
  const sp_model *model;   /* NULL: the opponents' turns are their unmasked request lists (or
                              levels of masks without prune) */
  double time;         /* seconds; past them the tree stops and the best of the root masks
                          searched to the end is played (0: no limit) */
} sp_options;

typedef struct sp_result {
  uint16_t mask;               /* the sectors whose requests were masked out */
  int scores[SC_PLAYERS];      /* the evaluation the tree predicts */
  uint64_t generated, evaluated;
  int ncmds;
  sg_move cmds[SP_MAX_COMMANDS];
  int interrupted;
  int complete;                /* every root mask searched to the end (the time held) */
} sp_result;

/* CompTurn: TreePredict from s, then the commands of the best mask.  Returns 0, or -1 with a
   message. */
int sp_comp_turn(const sp_priorities *pr, const sc_cfg *c, const sc_state *s,
                 const sp_options *o, sp_result *r, char *err);

/* The masks of section 2.2.2 for a request list of n: the full mask, each single request,
   each pair (lexicographic); returns their number (at most 1 + 16 + 120). */
int sp_masks(const sp_request *req, int n, uint16_t *out);
/* Wider: also all requests but one (n > 3), each priority class, all but each class. */
#define SP_MAX_MASKS (1 + 16 + 120 + 16 + 8)
int sp_masks_wide(const sp_request *req, int n, uint16_t *out);

#endif
