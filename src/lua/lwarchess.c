/* lwarchess.c: war chess for Lua: the single-turn enumeration and a unit as a table. */
#include <string.h>

#include "ai/warenum.h"
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
