/* lothello.c: Othello's own functions for Lua: core.othello.solve, the exact endgame solver,
   and the pattern weights (read, write, attach to a game, train). */
#include <stdlib.h>
#include <string.h>

#include "ai/options.h"
#include "ai/othsolve.h"
#include "ai/othtrain.h"
#include "core/clock.h"
#include "games/othello.h"
#include "games/othpattern.h"
#include "lstratagem.h"

#define SG_OTHPAT_MT "stratagem.othello.patterns"
#define SG_OTHPAT_ANCHOR "stratagem.othello.patterns.attached"

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
  const oth_cfg *c = g->cfg;
  o.patterns = c->preset == 0 ? c->patterns : NULL;
  osolve_result *r = lua_newuserdatauv(L, sizeof *r, 0);   /* raises, so not on the C stack */
  char err[SG_ERRLEN];
  if (osolve_run(s->disc[s->side], s->disc[s->side ^ 1], &o, r, err) != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == OSOLVE_INTERRUPTED)
    return lgame_interrupted(L);
  push_result(L, g, r, o.wld);
  return 1;
}

/* ---- pattern weights: a userdata owning an othp_weights ---- */

static othp_weights *checkpatterns(lua_State *L, int i) {
  othp_weights *w = luaL_checkudata(L, i, SG_OTHPAT_MT);
  if (w->w == NULL)
    luaL_error(L, "othello patterns: the weights were freed");
  return w;
}

/* A new empty weights userdata, safe to collect before it is filled. */
static othp_weights *newpatterns(lua_State *L) {
  othp_weights *w = lua_newuserdatauv(L, sizeof *w, 0);   /* ud */
  w->w = NULL;
  luaL_setmetatable(L, SG_OTHPAT_MT);
  return w;
}

static int patterns_gc(lua_State *L) {
  othp_weights *w = luaL_checkudata(L, 1, SG_OTHPAT_MT);
  free(w->w);
  w->w = NULL;
  return 0;
}

static int patterns_tostring(lua_State *L) {
  lua_pushfstring(L, "othello patterns (%d stages of %d weights): %p", OTHP_STAGES,
                  OTHP_STAGE_SIZE, lua_touserdata(L, 1));
  return 1;
}

/* core.othello.patterns_read(path) -> weights, or nil and what is wrong with the file. */
static int lpatterns_read(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  othp_weights *w = newpatterns(L);                          /* path ud */
  char err[512];
  if (othp_read(path, w, err, sizeof err) != 0) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  return 1;
}

/* core.othello.patterns_write(weights, path) -> true, or nil and the system's message. */
static int lpatterns_write(lua_State *L) {
  othp_weights *w = checkpatterns(L, 1);
  const char *path = luaL_checkstring(L, 2);
  char err[512];
  if (othp_write(path, w, err, sizeof err) != 0) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* core.othello.attach(g, weights or nil): the game's evaluation reads these weights (under
   preset "patterns"); nil detaches them.  Attached weights are anchored in the registry for
   the life of the Lua state, as copies of the game share the pointer. */
static int lattach(lua_State *L) {
  lgame *g;
  checkothello(L, 1, &g);
  oth_cfg *c = g->cfg;
  if (lua_isnoneornil(L, 2)) {
    c->patterns = NULL;
    return 0;
  }
  othp_weights *w = checkpatterns(L, 2);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, SG_OTHPAT_ANCHOR);  /* g w anchor */
  lua_pushvalue(L, 2);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  c->patterns = w;
  return 0;
}

/* core.othello.wants_patterns(g): the game evaluates by the patterns (preset 0) and has none
   attached. */
static int lwants_patterns(lua_State *L) {
  lgame *g;
  checkothello(L, 1, &g);
  const oth_cfg *c = g->cfg;
  lua_pushboolean(L, c->preset == 0 && c->patterns == NULL);
  return 1;
}

/* core.othello.pattern_eval(weights, g): the patterns' value of g for its side to move, in
   discs (unrounded: weights are in 1/128 disc). */
static int lpattern_eval(lua_State *L) {
  othp_weights *w = checkpatterns(L, 1);
  lgame *g;
  const oth_state *s = checkothello(L, 2, &g);
  lua_pushnumber(L, (double)othp_eval(w, s->disc[s->side], s->disc[s->side ^ 1]) / OTHP_UNIT);
  return 1;
}

static int intfield(lua_State *L, int t, const char *k, int def, int lo, int hi) {
  int v = def;
  if (lua_getfield(L, t, k) != LUA_TNIL) {
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < lo || lua_tointeger(L, -1) > hi)
      luaL_error(L, "othello train: %s: got %s; expected a whole number from %d to %d", k,
                 luaL_tolstring(L, -1, NULL), lo, hi);
    v = (int)lua_tointeger(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* core.othello.train({seed =, games =, solve_empties =, random_min =, random_max =, epochs =,
   rate =, holdout =, policy = weights, policy_depth =}) -> weights, report. */
static int ltrain(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  otrain_opts o;
  otrain_opts_default(&o);
  if (lua_getfield(L, 1, "seed") != LUA_TNIL)
    o.seed = (uint64_t)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  o.games = intfield(L, 1, "games", o.games, 1, 10000000);
  o.solve_empties = intfield(L, 1, "solve_empties", o.solve_empties, 0, 24);
  o.random_min = intfield(L, 1, "random_min", o.random_min, 0, 60);
  o.random_max = intfield(L, 1, "random_max", o.random_max, o.random_min, 60);
  o.epochs = intfield(L, 1, "epochs", o.epochs, 1, 1000);
  o.holdout = intfield(L, 1, "holdout", o.holdout, 0, 1000000);
  o.policy_depth = intfield(L, 1, "policy_depth", o.policy_depth, 1, 8);
  if (lua_getfield(L, 1, "rate") != LUA_TNIL) {
    o.rate = luaL_checknumber(L, -1);
    if (!(o.rate > 0 && o.rate <= 1))
      luaL_error(L, "othello train: rate: got %f; expected a number above 0, at most 1", o.rate);
  }
  lua_pop(L, 1);
  if (lua_getfield(L, 1, "policy") != LUA_TNIL)
    o.policy = checkpatterns(L, -1);
  lua_pop(L, 1);                                              /* keeps policy: opts holds it */
  othp_weights *w = newpatterns(L);                           /* opts ud */
  otrain_report *r = lua_newuserdatauv(L, sizeof *r, 0);      /* opts ud report */
  othp_weights got;
  char err[256];
  if (otrain_run(&o, &got, r, err, sizeof err) != 0) {
    if (strcmp(err, "interrupted") == 0)
      return lgame_interrupted(L);
    return luaL_error(L, "othello train: %s", err);
  }
  w->w = got.w;
  lua_createtable(L, 0, 8);                                   /* opts ud report t */
  lua_pushinteger(L, r->positions);
  lua_setfield(L, -2, "positions");
  lua_pushinteger(L, r->held_out);
  lua_setfield(L, -2, "held_out");
  lua_pushinteger(L, (lua_Integer)r->solve_nodes);
  lua_setfield(L, -2, "solve_nodes");
  lua_pushnumber(L, r->time);
  lua_setfield(L, -2, "time");
  lua_createtable(L, OTHP_STAGES, 0);                         /* ... t stages */
  for (int st = 0; st < OTHP_STAGES; st++) {
    lua_createtable(L, 0, 6);
    lua_pushinteger(L, st * 5);
    lua_setfield(L, -2, "empties_min");
    lua_pushinteger(L, st == OTHP_STAGES - 1 ? 60 : st * 5 + 4);
    lua_setfield(L, -2, "empties_max");
    lua_pushinteger(L, r->count[st]);
    lua_setfield(L, -2, "count");
    lua_pushinteger(L, r->held_count[st]);
    lua_setfield(L, -2, "held_count");
    lua_pushnumber(L, r->train_mae[st]);
    lua_setfield(L, -2, "train_mae");
    lua_pushnumber(L, r->held_mae[st]);
    lua_setfield(L, -2, "held_mae");
    lua_pushnumber(L, r->zero_mae[st]);
    lua_setfield(L, -2, "zero_mae");
    lua_rawseti(L, -2, st + 1);
  }
  lua_setfield(L, -2, "stages");                              /* opts ud report t */
  lua_remove(L, -2);                                          /* opts ud t */
  return 2;
}

static const luaL_Reg patterns_meta[] = {
  {"__gc", patterns_gc},
  {"__close", patterns_gc},
  {"__tostring", patterns_tostring},
  {NULL, NULL}
};

static const luaL_Reg othello_funcs[] = {
  {"solve", lsolve},
  {"patterns_read", lpatterns_read},
  {"patterns_write", lpatterns_write},
  {"attach", lattach},
  {"wants_patterns", lwants_patterns},
  {"pattern_eval", lpattern_eval},
  {"train", ltrain},
  {NULL, NULL}
};

int luaopen_stratagem_othello(lua_State *L) {
  luaL_newmetatable(L, SG_OTHPAT_MT);
  luaL_setfuncs(L, patterns_meta, 0);
  lua_pop(L, 1);
  luaL_newlib(L, othello_funcs);
  lua_setfield(L, -2, "othello");
  return 1;
}
