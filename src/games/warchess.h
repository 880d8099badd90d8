/* warchess.h: turn-based war chess (Nan et al. 2016, sections 2-3): a tile board with terrain,
   two sides of units that each act once per turn (move within their movement range, then
   optionally attack one enemy in attack range), victory by killing every enemy or the leader.

   The split between config and state: the config (wc_cfg) holds everything a turn never
   changes: the board and its terrain, the terrain table, the unit kinds, each unit's side,
   kind, movement points, attack, range, full health and leader flag, and the evaluation
   weights.  The state (wc_state) holds what a turn changes: each unit's tile, health, alive
   and acted flags, the side to move and the turn number.  Both are flat (no pointers).

   Unlike the other games, the position text carries the board and the units' fixed values
   too (the scenario travels with the position, so a saved game loads without it): the class's
   init fills the board part of the config from the text.  wc_load does the same with a
   non-const config; wc_save writes it back.

   Coordinates are 1-based, x = column (1..width), y = row (1..height); tile index
   t = (y - 1) * width + (x - 1).  Hex boards use offset rows: every even row (y = 2, 4, ...)
   is drawn half a tile to the right of the odd rows, so a tile (x, y) in an odd row touches
   (x-1, y+-1) and (x, y+-1), in an even row (x, y+-1) and (x+1, y+-1), and its row
   neighbours (x+-1, y).

   Units are numbered 0..nunits-1 in C (scenario order, both sides); the notation and the
   drawing number them from 1 ("u1"). */
#ifndef SG_WARCHESS_H
#define SG_WARCHESS_H

#include "game.h"

#define WC_MAX_W 32
#define WC_MAX_H 32
#define WC_MAX_TILES (WC_MAX_W * WC_MAX_H)
#define WC_MAX_UNITS 32        /* both sides together */
#define WC_MAX_SIDE_UNITS 16   /* per side */
#define WC_MAX_KINDS 8
#define WC_MAX_TERRAIN 16
#define WC_MAX_MP 10           /* movement points */
#define WC_MAX_RANGE 8         /* attack range */
#define WC_MAX_COST 9          /* movement cost of one tile */
#define WC_NAME 16             /* kind and terrain names, with the '\0' */
#define WC_IMPASSABLE 0        /* a terrain cost of 0 means the kind cannot enter */

/* The most tiles a movement range can hold: a unit with WC_MAX_MP on square8 with cost 1. */
#define WC_MAX_REACH ((2 * WC_MAX_MP + 1) * (2 * WC_MAX_MP + 1))
/* gen's bound: every unit of a side x every tile of its range x (no attack + each enemy),
   plus "end". */
#define WC_MAX_MOVES (WC_MAX_SIDE_UNITS * WC_MAX_REACH * (WC_MAX_SIDE_UNITS + 1) + 1)

enum { WC_SQUARE4 = 0, WC_SQUARE8 = 1, WC_HEX = 2 };

typedef struct wc_terrain {
  char letter;                  /* as in the board rows */
  char name[WC_NAME];
  uint8_t cost[WC_MAX_KINDS];   /* movement cost per kind, WC_IMPASSABLE when it cannot enter */
  uint8_t shoot_over;           /* attacks pass over it even where nobody can enter (water) */
} wc_terrain;

typedef struct wc_kind {
  char name[WC_NAME];
  int mp, hp, atk, range;       /* the kind's values; each unit has its own copy */
} wc_kind;

/* A unit's fixed values (from its kind, overridden per unit by the scenario). */
typedef struct wc_unit {
  uint8_t side;                 /* 0 red, 1 blue */
  uint8_t kind;
  uint8_t mp, range;
  int16_t atk, hp_max;
  uint8_t leader;
  uint8_t pad;
} wc_unit;

typedef struct wc_cfg {
  /* rules (numbers from lua/stratagem/games/warchess.lua) */
  int max_turns;                /* full turns (both sides) before the game is drawn */
  /* weights: evaluation terms, each side's sum, red minus blue for red */
  int unit_value;               /* per living unit */
  int leader_value;             /* per living leader */
  int hp;                       /* per health point */
  int threat;                   /* per enemy within our reach (mp + range) next turn */
  int position;                 /* per tile of distance our units are closer to enemies */
  /* the board and the units: from the position text */
  int board, width, height;
  int nterrain, nkinds, nunits;
  wc_terrain terrain[WC_MAX_TERRAIN];
  wc_kind kind[WC_MAX_KINDS];
  wc_unit unit[WC_MAX_UNITS];
  uint8_t tile[WC_MAX_TILES];   /* terrain index per tile */
} wc_cfg;

/* A unit's changing values. */
#define WC_ALIVE 1u
#define WC_ACTED 2u
typedef struct wc_ustate {
  uint16_t tile;
  int16_t hp;
  uint8_t flags;                /* WC_ALIVE | WC_ACTED */
  uint8_t pad;
} wc_ustate;

typedef struct wc_state {
  uint8_t side;                 /* 0 red, 1 blue to move */
  uint8_t pad;
  uint16_t turn;                /* full turns from 1 (red then blue) */
  wc_ustate u[WC_MAX_UNITS];
} wc_state;

/* A move: one unit's action (move to a tile, then attack a target or not), or end of turn. */
#define WC_END ((sg_move)1 << 31)
#define WC_NO_TARGET 63
#define WC_ACTION(unit, tile, target) \
  ((sg_move)(unit) | (sg_move)(tile) << 5 | (sg_move)(target) << 15)
#define WC_UNIT(m) ((int)((m) & 31))
#define WC_TILE(m) ((int)((m) >> 5 & 1023))
#define WC_TARGET(m) ((int)((m) >> 15 & 63))   /* WC_NO_TARGET: no attack */

extern const sg_class warchess_class;

/* Scratch for range computations (the enumeration and the move generator keep one each, so
   nothing is allocated per node).  Stamps avoid clearing the arrays between calls. */
typedef struct wc_scratch {
  uint32_t stamp;
  uint32_t seen[WC_MAX_TILES];  /* == stamp: dist is valid */
  uint32_t occ[WC_MAX_TILES];   /* == stamp: a unit stands there (who) */
  uint8_t dist[WC_MAX_TILES];
  int8_t who[WC_MAX_TILES];
  uint16_t bucket[WC_MAX_MP + 1][WC_MAX_TILES];
  int nbucket[WC_MAX_MP + 1];
} wc_scratch;

/* Make a scratch ready for use (once; it is reused across calls). */
void wc_scratch_init(wc_scratch *w);

/* Fill cfg's board part and *st from a position text; 0, or -1 with a message in err. */
int wc_load(wc_cfg *cfg, wc_state *st, const char *text, char *err);
/* Write the position text (board, units, state); returns the length it needs. */
size_t wc_save(const wc_cfg *cfg, const wc_state *st, char *buf, size_t n);

/* Distance between two tiles by the board's metric (square4: Manhattan; square8: Chebyshev;
   hex: hex steps). */
int wc_distance(const wc_cfg *cfg, int a, int b);
/* The neighbours of tile t into out (room for 8); returns their number. */
int wc_neighbours(const wc_cfg *cfg, int t, int *out);

/* The movement range of unit u in st: every tile reachable at a total terrain cost within its
   movement points, passing own units, never entering a tile of a living enemy, ending only
   on an empty tile; its own tile first, then the others in order of cost (ties in the order
   the search reaches them).  tiles has room for
   WC_MAX_REACH.  Returns the number of tiles. */
int wc_move_range(const wc_cfg *cfg, const wc_state *st, int u, wc_scratch *w, uint16_t *tiles);

/* The living enemies unit u could attack standing on tile `from`: within its range by
   distance, along a line of tiles its shot may pass (a tile some kind can enter, or
   shoot_over terrain; units do not block).  targets has room for WC_MAX_UNITS; returns the
   number, in unit order. */
int wc_targets(const wc_cfg *cfg, const wc_state *st, int u, int from, uint8_t *targets);

/* Unit u moves to tile `to` and, when target is not WC_NO_TARGET, attacks it (a kill frees the
   tile at once); u is marked as having acted.  No legality check (see wc_move_range and
   wc_targets). */
void wc_act(const wc_cfg *cfg, wc_state *st, int u, int to, int target);

/* End the side's turn: the other side moves, every acted flag is cleared. */
void wc_end_turn(const wc_cfg *cfg, wc_state *st);

/* Whether side p has lost: it had units and all of them are dead, or a leader of it is dead
   (the game is then over: no further action is legal). */
int wc_lost(const wc_cfg *cfg, const wc_state *st, int p);

/* Side p's score before clipping: the evaluation's terms of side p minus those of the other
   side (the class's eval clips this to +-SG_EVAL_MAX/2).  As a sum of terms (src/ai/warplan.h
   uses this split to plan independent groups of units separately):
     own material     unit_value + hp * hp_i + leader_value * leader_i per living own unit i;
     enemy material   minus the same per living enemy j;
     pair terms       threat * ([d(i, j) <= mp_i + range_i] - [d(j, i) <= mp_j + range_j])
                      per living own unit i and living enemy j;
     own closeness    position * (64 - min(64, nearest living enemy)) per living own unit
                      (0 when no enemy lives);
     enemy closeness  minus position * (64 - min(64, nearest own unit)) per living enemy j,
                      i.e. minus position * max over own units of their closeness to j.
   Each term depends on one own unit's tile and the alive set or health of the enemies, except
   the enemy closeness, which depends on every own unit that can be j's nearest. */
long wc_score(const wc_cfg *cfg, const wc_state *st, int p);

/* The terms of wc_score one by one, for the planner (src/ai/warplan.c), which bounds them
   separately and must not keep a copy of them.  Inline: the planner calls them per tile. */

/* How far unit u threatens: its movement points plus its attack range. */
static inline int wc_reach(const wc_cfg *c, int u) { return c->unit[u].mp + c->unit[u].range; }

/* The closeness of a unit whose nearest enemy is d tiles away: 64 - min(64, d). */
static inline int wc_closeness(int d) { return 64 - (d < 64 ? d : 64); }

/* The material of unit u with health hp: unit_value + hp weight x hp (+ leader_value). */
static inline long wc_material(const wc_cfg *c, int u, int hp) {
  return c->unit_value + (long)c->hp * hp + (c->unit[u].leader ? c->leader_value : 0);
}

/* The pair term of own unit u and enemy unit v d tiles apart: threat x ([u reaches v] -
   [v reaches u]). */
static inline long wc_pair_term(const wc_cfg *c, int u, int v, int d) {
  return (long)c->threat * ((d <= wc_reach(c, u)) - (d <= wc_reach(c, v)));
}

/* A hash of the units' tiles, health and alive flags only (not the side to move nor the acted
   flags): what the single-turn enumeration counts as distinct end states. */
uint64_t wc_units_hash(const wc_cfg *cfg, const wc_state *st);

#endif
