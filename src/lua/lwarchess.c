/* lwarchess.c: war chess for Lua: the single-turn enumeration and a unit as a table. */
#include <string.h>

#include "ai/warenum.h"
#include "ai/options.h"
#include "ai/warplan.h"
#include "core/clock.h"
#include "games/warchess.h"
#include "lstratagem.h"

/* Room in the distinct end-state set: 2^22 keys (32 MB), 3/4 of them usable. */
#define STATE_CAPACITY ((size_t)1 << 22)

static lgame *checkwarchess(lua_State *L, int i) {
  lgame *g = checkgame(L, i);
  if (g->cls != &warchess_class)
    luaL_error(L, "expected a warchess game, got a %s game", g->cls->name);
  return g;
}

/* core.warchess.enumerate(g, algorithm, time, states) -> {ops1 =, plans =, states =, time =,
   stopped =, states_full =}; algorithm "order" (Algorithm 2) or "recursive" (Algorithm 5),
   time in seconds (0: no limit), states a boolean (count the distinct end states). */
static int lenumerate(lua_State *L) {
  static const char *const algos[] = {"order", "recursive", NULL};
  lgame *g = checkwarchess(L, 1);
  int algo = luaL_checkoption(L, 2, NULL, algos);
  double time = luaL_checknumber(L, 3);
  int states = lua_toboolean(L, 4);
  we_ctx *e = warenum_new(states ? STATE_CAPACITY : 0);
  if (e == NULL)
    return luaL_error(L, "enumerate: out of memory");
  we_result r;
  int rc = warenum_run(e, g->cfg, lgame_state(g), algo, time, 0, &r);   /* cannot raise */
  warenum_free(e);
  if (rc != 0)
    return luaL_error(L, "enumerate: too many units for the enumeration");
  if (r.stopped && interrupt_pending())
    return lgame_interrupted(L);
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, (lua_Integer)r.ops1);
  lua_setfield(L, -2, "ops1");
  lua_pushinteger(L, (lua_Integer)r.plans);
  lua_setfield(L, -2, "plans");
  if (states) {
    lua_pushinteger(L, (lua_Integer)r.states);
    lua_setfield(L, -2, "states");
    lua_pushboolean(L, r.states_full);
    lua_setfield(L, -2, "states_full");
  }
  lua_pushnumber(L, r.time);
  lua_setfield(L, -2, "time");
  lua_pushboolean(L, r.stopped);
  lua_setfield(L, -2, "stopped");
  return 1;
}

/* core.warchess.plan(g, time, nodes, hash_mb | nil, independence, bound, table [, k]) -> {moves =
   {"u1 3,4", ..., "end"} ("end" left out when the plan wins the game), score =, win =,
   plans =, ops1 =, nodes =, time =, exact =, groups =, check =}, with k > 1 also
   alternatives = {{moves =, score =, win =}, ...}: the k best plans with distinct end states.
   The exact single-turn planner (src/ai/warplan.h); the options are checked in Lua. */
static int lplan(lua_State *L) {
  lgame *g = checkwarchess(L, 1);
  wp_opts o;
  warplan_defaults(&o);
  o.time = luaL_checknumber(L, 2);
  o.max_nodes = (uint64_t)luaL_checkinteger(L, 3);
  /* hash: megabytes, 0 = no table (the schema's contract); nil: the schema's default */
  double mb = luaL_optnumber(L, 4, options_table[OPT_HASH].def);
  luaL_argcheck(L, mb >= options_table[OPT_HASH].nmin && mb <= options_table[OPT_HASH].nmax, 4,
                "hash: megabytes from 0 to 65536");
  o.independence = lua_toboolean(L, 5);
  o.bound = lua_toboolean(L, 6);
  o.memo = lua_toboolean(L, 7) && mb > 0;
  o.k = (int)luaL_optinteger(L, 8, 1);
  luaL_argcheck(L, o.k >= 1 && o.k <= WP_MAX_K, 8, "plans must be 1 to 16");
  wp_ctx *p = warplan_new(options_hash_bytes(mb));
  if (p == NULL)
    return luaL_error(L, "out of memory (hash %g MB)", mb);
  wp_result r;
  char err[SG_ERRLEN];
  const void *st = lgame_state(g);
  int rc = warplan_run(p, g->cfg, st, &o, &r, err);   /* cannot raise */
  warplan_free(p);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (!r.exact && interrupt_pending())
    return lgame_interrupted(L);
  lua_createtable(L, 0, 10);
  lua_createtable(L, r.nmoves + 1, 0);
  for (int i = 0; i < r.nmoves; i++) {
    lgame_pushmove(L, g, st, r.moves[i]);
    lua_rawseti(L, -2, i + 1);
  }
  if (!r.win) {   /* a winning plan ends the game: "end" would be refused */
    lua_pushstring(L, "end");
    lua_rawseti(L, -2, r.nmoves + 1);
  }
  lua_setfield(L, -2, "moves");
  lua_pushinteger(L, r.score);
  lua_setfield(L, -2, "score");
  lua_pushboolean(L, r.win);
  lua_setfield(L, -2, "win");
  lua_pushinteger(L, (lua_Integer)r.plans);
  lua_setfield(L, -2, "plans");
  lua_pushinteger(L, (lua_Integer)r.ops1);
  lua_setfield(L, -2, "ops1");
  lua_pushinteger(L, (lua_Integer)r.nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, r.time);
  lua_setfield(L, -2, "time");
  lua_pushboolean(L, r.exact);
  lua_setfield(L, -2, "exact");
  lua_pushinteger(L, r.groups);
  lua_setfield(L, -2, "groups");
  lua_pushboolean(L, r.check);
  lua_setfield(L, -2, "check");
  if (o.k > 1) {   /* the best plans, each {moves =, score =, win =} */
    lua_createtable(L, r.nalt, 0);
    for (int i = 0; i < r.nalt; i++) {
      lua_createtable(L, 0, 3);
      lua_createtable(L, r.alt[i].nmoves + 1, 0);
      for (int j = 0; j < r.alt[i].nmoves; j++) {
        lgame_pushmove(L, g, st, r.alt[i].moves[j]);
        lua_rawseti(L, -2, j + 1);
      }
      if (!r.alt[i].win) {
        lua_pushstring(L, "end");
        lua_rawseti(L, -2, r.alt[i].nmoves + 1);
      }
      lua_setfield(L, -2, "moves");
      lua_pushinteger(L, r.alt[i].score);
      lua_setfield(L, -2, "score");
      lua_pushboolean(L, r.alt[i].win);
      lua_setfield(L, -2, "win");
      lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "alternatives");
  }
  return 1;
}

/* core.warchess.unit(g, n) -> {number, side, kind, x, y, hp, hp_max, mp, atk, range, leader,
   alive, acted}; n from 1. */
static int lunit(lua_State *L) {
  lgame *g = checkwarchess(L, 1);
  const wc_cfg *c = g->cfg;
  const wc_state *s = lgame_state(g);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_argcheck(L, n >= 1 && n <= c->nunits, 2, "no such unit");
  const wc_unit *un = &c->unit[n - 1];
  const wc_ustate *us = &s->u[n - 1];
  lua_createtable(L, 0, 13);
  lua_pushinteger(L, n);
  lua_setfield(L, -2, "number");
  lua_pushstring(L, un->side ? "blue" : "red");
  lua_setfield(L, -2, "side");
  lua_pushstring(L, c->kind[un->kind].name);
  lua_setfield(L, -2, "kind");
  lua_pushinteger(L, us->tile % c->width + 1);
  lua_setfield(L, -2, "x");
  lua_pushinteger(L, us->tile / c->width + 1);
  lua_setfield(L, -2, "y");
  lua_pushinteger(L, (us->flags & WC_ALIVE) ? us->hp : 0);
  lua_setfield(L, -2, "hp");
  lua_pushinteger(L, un->hp_max);
  lua_setfield(L, -2, "hp_max");
  lua_pushinteger(L, un->mp);
  lua_setfield(L, -2, "mp");
  lua_pushinteger(L, un->atk);
  lua_setfield(L, -2, "atk");
  lua_pushinteger(L, un->range);
  lua_setfield(L, -2, "range");
  lua_pushboolean(L, un->leader);
  lua_setfield(L, -2, "leader");
  lua_pushboolean(L, us->flags & WC_ALIVE);
  lua_setfield(L, -2, "alive");
  lua_pushboolean(L, (us->flags & WC_ACTED) != 0);
  lua_setfield(L, -2, "acted");
  return 1;
}

/* core.warchess.units(g) -> the number of units */
static int lunits(lua_State *L) {
  lua_pushinteger(L, ((const wc_cfg *)checkwarchess(L, 1)->cfg)->nunits);
  return 1;
}

/* core.warchess.turn(g) -> full turn number */
static int lturn(lua_State *L) {
  lgame *g = checkwarchess(L, 1);
  lua_pushinteger(L, ((const wc_state *)lgame_state(g))->turn);
  return 1;
}

static const luaL_Reg warchess_funcs[] = {
  {"enumerate", lenumerate},
  {"plan", lplan},
  {"unit", lunit},
  {"units", lunits},
  {"turn", lturn},
  {NULL, NULL}
};

int luaopen_stratagem_warchess(lua_State *L) {
  luaL_newlib(L, warchess_funcs);                                 /* mod wc */
  lua_setfield(L, -2, "warchess");                                /* mod */
  return 0;
}
