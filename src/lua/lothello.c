/* lothello.c: Othello's own search for Lua: core.othello.solve, the exact endgame solver. */
#include <string.h>

#include "ai/options.h"
#include "ai/othsolve.h"
#include "games/othello.h"
#include "lstratagem.h"

static const oth_state *checkothello(lua_State *L, int i, lgame **gp) {
  lgame *g = checkgame(L, i);
  if (g->cls != &othello_class)
    luaL_error(L, "expected an othello game, got a %s game", g->cls->name);
  *gp = g;
  return (const oth_state *)lgame_state(g);
}

/* Field k of the options table at t as a number in option k's range of the schema, or def
   when absent (sg.search has checked the options against the schema already: this only keeps
   C safe from a direct call). */
static double optnum(lua_State *L, int t, opt_id k, double def) {
  const opt_desc *d = &options_table[k];
  double lo = d->type == OPT_NUMBER ? d->nmin : (double)d->imin;
  double hi = d->type == OPT_NUMBER ? d->nmax : (double)d->imax;
  double v = def;
  if (lua_getfield(L, t, d->name) != LUA_TNIL) {   /* opts ... value */
    if (!lua_isnumber(L, -1) || !(lua_tonumber(L, -1) >= lo && lua_tonumber(L, -1) <= hi)) {
      char exp[256];
      options_expected(d, exp, sizeof exp);
      luaL_error(L, "sg.search: %s (algo 'solve'): got %s; expected %s", d->name,
                 luaL_tolstring(L, -1, NULL), exp);
    }
    v = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* The solver's options: every field from the schema's defaults, then the request's. */
static void read_opts(lua_State *L, int t, osolve_opts *o) {
  osolve_opts_default(o);
  o->time = optnum(L, t, OPT_TIME, options_table[OPT_TIME].def);
  o->nodes = (uint64_t)optnum(L, t, OPT_NODES, options_table[OPT_NODES].def);
  o->hash_bytes = options_hash_bytes(optnum(L, t, OPT_HASH, options_table[OPT_HASH].def));
  lua_getfield(L, t, "random");
  int off = lua_isnil(L, -1) || (lua_isboolean(L, -1) && !lua_toboolean(L, -1));
  lua_pop(L, 1);
  o->random = off ? -1 : (int)optnum(L, t, OPT_RANDOM, -1);
  o->seed = (uint64_t)(lua_Integer)optnum(L, t, OPT_SEED, options_table[OPT_SEED].def);
  double th = optnum(L, t, OPT_THREADS, options_table[OPT_THREADS].def);
  if (th != (int)th || th > OSOLVE_MAX_THREADS)
    luaL_error(L, "sg.search: threads (algo 'solve'): got %f; expected a whole number from 1 "
               "to %d", th, OSOLVE_MAX_THREADS);
  o->threads = (int)th;
  lua_getfield(L, t, "wld");
  o->wld = lua_toboolean(L, -1);
  lua_pop(L, 1);
}

static void push_result(lua_State *L, const lgame *g, const osolve_result *r, int wld) {
  static const char *const outcomes[] = {"loss", "draw", "win"};
  lua_createtable(L, 0, 14);
  lgame_pushmove(L, g, lgame_state(g), (sg_move)r->move);
  lua_setfield(L, -2, "move");
  lua_pushinteger(L, wld ? r->outcome : r->margin);
  lua_setfield(L, -2, "score");
  if (!wld && r->exact) {
    lua_pushinteger(L, r->margin);
    lua_setfield(L, -2, "margin");
  }
  if (r->exact) {
    lua_pushstring(L, outcomes[r->outcome + 1]);
    lua_setfield(L, -2, "outcome");
  }
  lua_pushboolean(L, r->exact);
  lua_setfield(L, -2, "exact");
  lua_pushinteger(L, r->empties);
  lua_setfield(L, -2, "depth");
  lua_pushinteger(L, (lua_Integer)r->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, r->time);
  lua_setfield(L, -2, "time");
  lua_pushinteger(L, r->ncand);
  lua_setfield(L, -2, "candidates");
  if (r->stopped == OSOLVE_LIMIT)
    lua_pushliteral(L, "limit");
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  /* the PV as strings, each formatted in the position it is played in */
  oth_state walk = *(const oth_state *)lgame_state(g);
  lua_createtable(L, r->npv, 0);                       /* res pv */
  for (int i = 0; i < r->npv; i++) {
    lgame_pushmove(L, g, &walk, (sg_move)r->pv[i]);
    lua_rawseti(L, -2, i + 1);
    othello_class.play(g->cfg, &walk, (sg_move)r->pv[i]);
  }
  lua_setfield(L, -2, "pv");                           /* res */
}

/* core.othello.solve(g, {time =, nodes =, hash = MB, wld =, random =, seed =, threads =}) ->
   the result table of sg.search, with outcome ("win", "draw", "loss") added. */
static int lsolve(lua_State *L) {
  lgame *g;
  const oth_state *s = checkothello(L, 1, &g);
  luaL_checktype(L, 2, LUA_TTABLE);
  osolve_opts o;
  read_opts(L, 2, &o);
  osolve_result *r = lua_newuserdatauv(L, sizeof *r, 0);   /* raises, so not on the C stack */
  char err[SG_ERRLEN];
  if (osolve_run(s->disc[s->side], s->disc[s->side ^ 1], &o, r, err) != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == OSOLVE_INTERRUPTED)
    return lgame_interrupted(L);
  push_result(L, g, r, o.wld);
  return 1;
}

static const luaL_Reg othello_funcs[] = {
  {"solve", lsolve},
  {NULL, NULL}
};

int luaopen_stratagem_othello(lua_State *L) {
  luaL_newlib(L, othello_funcs);
  lua_setfield(L, -2, "othello");
  return 1;
}
