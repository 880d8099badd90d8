/* starchess.h: Star Chess (Nahr 2001, appendix A): four empires on a 4x4 galaxy. */
#ifndef SG_STARCHESS_H
#define SG_STARCHESS_H

#include "game.h"

#define SC_SECTORS 16
#define SC_PLAYERS 4

/* Sector index: row * 4 + column; A1 = 0, B1 = 1, ..., D4 = 15. */
typedef struct sc_state {
  uint16_t terran;                 /* bit s: the planet in sector s is terran */
  uint8_t col_owner[SC_SECTORS];   /* 0 none, else player 1..4 */
  uint16_t pop[SC_SECTORS];
  uint8_t fl_owner[SC_SECTORS];    /* 0 none, else player 1..4 */
  uint16_t ships[SC_SECTORS];
  uint16_t moved[SC_SECTORS];      /* of ships: moved this turn (the owner's turn) */
  uint16_t built[SC_SECTORS];      /* of ships: built this turn */
  uint16_t worked[SC_SECTORS];     /* ships built at this colony this turn (workforce used) */
  int32_t materials[SC_PLAYERS], credits[SC_PLAYERS];
  uint8_t player;                  /* 0..3, the player to move */
  uint8_t defeated;                /* bit p: player p+1 is defeated */
  uint16_t turn;                   /* full turns, from 1 */
} sc_state;

/* Rules constants and evaluation weights; the values come from lua/stratagem/games/starchess.lua. */
typedef struct sc_cfg {
  double barren_share;
  int start_ships, start_pop, start_materials, start_credits, max_fleet;
  int ship_materials, ship_credits, workforce;
  int colonise_ships, colony_pop, min_pop;
  int terraform_cost, bombard_cap;
  int barren_materials, barren_materials_cap, barren_credits_use, barren_credits_use_cap;
  int barren_growth, barren_max_pop;
  int terran_materials, terran_materials_cap, terran_credits, terran_credits_cap;
  int terran_growth, terran_max_pop;
  int support_materials, support_credits;
  /* credits that pay for each material the reserves lack for building or supporting ships
     (0: none, the appendix's rules; doc/starchess.md) */
  int material_price;
  int max_turns;
  int ship_weight, colony_weight, stronger_factor;
  /* beyond the paper (their defaults leave EvalPlayers as it is): the weight of the player's
     own basic score (P - 1 = 3 in the paper); in hundredths of a point: each inhabitant, each
     homeworld inhabitant once more, each ship the net income supports; each colony under
     blockade */
  int self_weight, pop_weight, homeworld_weight, capacity_weight, blockade_weight;
} sc_cfg;

enum { SC_END = 0, SC_MOVE = 1, SC_BUILD = 2, SC_COLONISE = 3, SC_TERRAFORM = 4, SC_SCRAP = 5 };

#define SC_CMD(kind, from, to, n) \
  ((sg_move)(kind) << 28 | (sg_move)(from) << 24 | (sg_move)(to) << 20 | (sg_move)(n))
#define SC_KIND(m) ((int)((m) >> 28))
#define SC_FROM(m) ((int)((m) >> 24 & 15))
#define SC_TO(m) ((int)((m) >> 20 & 15))
#define SC_N(m) ((int)((m) & 0xfffff))

extern const sg_class starchess_class;

/* The homeworld sector of player p (0..3), and the processing orders of section 3.1. */
extern const int sc_homeworld[SC_PLAYERS];
extern const int sc_order[SC_PLAYERS][SC_SECTORS];

int sc_distance(int a, int b);
void sc_sector_name(int s, char *buf);       /* "B2" (buf of 3) */
int sc_sector_parse(const char *t);          /* -1 when not a sector */
int sc_ships(const sc_state *s, int p);      /* ships of player p (1..4) */
int sc_colonies(const sc_state *s, int p);
/* Rules helpers shared with the AI planner (src/ai/starplan.c). */
int sc_near_colony(const sc_state *s, int p, int sec);  /* holds or is next to p's colony */
int sc_blockaded(const sc_state *s, int sec);           /* enemy ships on a colony */
int sc_build_limit(const sc_cfg *c, const sc_state *s, int p, int sec, int *why);
int sc_legal(const sc_cfg *c, const sc_state *s, sg_move m);
long sc_supported(const sc_cfg *c, long m, long cr);  /* ships an income supports */
/* Ships that m materials and cr credits pay for at um materials and uc credits each, the
   materials short paid with c->material_price credits each (negative when short). */
long long sc_afford(const sc_cfg *c, long long m, long long cr, int um, int uc);
/* Pay for n ships at um materials and uc credits each from player p's reserves (in place). */
void sc_pay(const sc_cfg *c, long long *m, long long *cr, long long n, int um, int uc);
int sc_same(const sc_state *a, const sc_state *b);       /* the same position */
void sc_net_income(const sc_cfg *c, const sc_state *s, int p, long *materials, long *credits);

/* The per-player basic scores of EvalPlayers and the final evaluation (section 3.3). */
void sc_eval(const sc_cfg *c, const sc_state *s, int *scores);

#endif
