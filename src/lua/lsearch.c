/* lsearch.c: core.search(g, opts): runs a search of src/ai on a game and returns its result. */
#include <string.h>

#include "ai/multi.h"
#include "ai/search.h"
#include "core/clock.h"
#include "lstratagem.h"

static const char *const algos[] = {"alphabeta", "random", "maxn", "paranoid", "brs", "mcts",
                                    NULL};
enum { A_ALPHABETA, A_RANDOM, A_MAXN, A_PARANOID, A_BRS, A_MCTS };

/* An optional number field of the options table at index t, at least lo. */
static double optnum(lua_State *L, int t, const char *k, double def, double lo) {
  lua_getfield(L, t, k);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return def;
  }
  if (lua_type(L, -1) != LUA_TNUMBER)
    luaL_error(L, "search: %s must be a number, got %s", k, luaL_typename(L, -1));
  double v = lua_tonumber(L, -1);
  if (!(v >= lo))
    luaL_error(L, "search: %s must be at least %f, got %f", k, lo, v);
  lua_pop(L, 1);
  return v;
}

static lua_Integer optint(lua_State *L, int t, const char *k, lua_Integer def, lua_Integer lo,
                          lua_Integer hi) {
  lua_getfield(L, t, k);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return def;
  }
  if (!lua_isinteger(L, -1))
    luaL_error(L, "search: %s must be a whole number, got %s", k,
               lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1) : luaL_typename(L, -1));
  lua_Integer v = lua_tointeger(L, -1);
  if (v < lo || v > hi)
    luaL_error(L, "search: %s must be %I to %I, got %I", k, (LUAI_UACINT)lo, (LUAI_UACINT)hi,
               (LUAI_UACINT)v);
  lua_pop(L, 1);
  return v;
}

static void read_opts(lua_State *L, int t, search_opts *o) {
  search_opts_default(o);
  o->depth = (int)optint(L, t, "depth", 0, 0, SEARCH_MAX_PLY - 2);
  o->time = optnum(L, t, "time", 0, 0);
  o->nodes = (uint64_t)optint(L, t, "nodes", 0, 0, LUA_MAXINTEGER);
  double mb = optnum(L, t, "hash", 16, 0);
  if (mb > 65536)
    luaL_error(L, "search: hash must be at most 65536 (megabytes), got %f", mb);
  o->hash_bytes = (size_t)(mb * 1048576.0);
  o->seed = (uint64_t)optint(L, t, "seed", 1, LUA_MININTEGER, LUA_MAXINTEGER);
  lua_getfield(L, t, "random");
  if (lua_type(L, -1) == LUA_TNUMBER) {
    lua_Number m = lua_tonumber(L, -1);
    if (!(m >= 0 && m < SG_WIN / 4))
      luaL_error(L, "search: random must be a margin of 0 or more, got %f", (double)m);
    o->random = (int)m;
  } else if (!lua_isnil(L, -1) && !(lua_isboolean(L, -1) && !lua_toboolean(L, -1)))
    luaL_error(L, "search: random must be a number (the margin) or false, got %s",
               luaL_typename(L, -1));
  lua_pop(L, 1);
  lua_getfield(L, t, "beam");
  if (lua_istable(L, -1)) {
    lua_Integer n = luaL_len(L, -1);
    if (n > SEARCH_MAX_BEAM)
      luaL_error(L, "search: beam has %I entries, at most %d are used", (LUAI_UACINT)n,
                 SEARCH_MAX_BEAM);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1)
        luaL_error(L, "search: beam[%I] must be a whole number of moves, 1 or more",
                   (LUAI_UACINT)i);
      o->beam[i - 1] = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    o->nbeam = (int)n;
  } else if (!lua_isnil(L, -1))
    luaL_error(L, "search: beam must be a table of widths {k1, k2, ...}, got %s",
               luaL_typename(L, -1));
  lua_pop(L, 1);
  lua_getfield(L, t, "symmetry");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    luaL_error(L, "search: symmetry must be a boolean, got %s", luaL_typename(L, -1));
  o->symmetry = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, t, "prune_actions");
  if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "own") == 0)
    o->prune_actions = SEARCH_PRUNE_OWN;   /* only the searching player's own moves */
  else if (lua_isnil(L, -1) || lua_isboolean(L, -1))
    o->prune_actions = lua_toboolean(L, -1) ? SEARCH_PRUNE_ALL : 0;
  else
    luaL_error(L, "search: prune_actions must be true (every player's moves), \"own\" (the "
               "searching player's moves only) or false, got %s",
               lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
  lua_pop(L, 1);
  static const char *const flags[] = {"pvs", "aspiration", "killers", "history", "null_move",
                                      "lmr", "quiescence", NULL};
  int *const fields[] = {&o->pvs, &o->aspiration, &o->killers, &o->history, &o->null_move,
                         &o->lmr, &o->quiescence};
  for (int i = 0; flags[i]; i++) {
    lua_getfield(L, t, flags[i]);
    if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
      luaL_error(L, "search: %s must be a boolean, got %s", flags[i], luaL_typename(L, -1));
    if (!lua_isnil(L, -1))
      *fields[i] = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
}

static void push_result(lua_State *L, const lgame *g, const search_result *r) {
  const sg_class *c = g->cls;
  lua_createtable(L, 0, 12);
  lgame_pushmove(L, g, lgame_state(g), r->move);
  lua_setfield(L, -2, "move");
  lua_pushinteger(L, r->score);
  lua_setfield(L, -2, "score");
  lua_pushinteger(L, r->depth);
  lua_setfield(L, -2, "depth");
  lua_pushinteger(L, (lua_Integer)r->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, r->time);
  lua_setfield(L, -2, "time");
  lua_pushboolean(L, r->exact);
  lua_setfield(L, -2, "exact");
  lua_pushinteger(L, r->ncand);
  lua_setfield(L, -2, "candidates");
  lua_pushinteger(L, (lua_Integer)r->tt_hits);
  lua_setfield(L, -2, "hash_hits");
  if (r->stopped == SEARCH_LIMIT)
    lua_pushliteral(L, "limit");
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  /* the PV as strings, each formatted in the position it is played in */
  unsigned char *walk = lua_newuserdatauv(L, 2 * c->state_size, 0);   /* res walk */
  memcpy(walk, lgame_state(g), c->state_size);
  lua_createtable(L, r->npv, 0);                                      /* res walk pv */
  for (int i = 0; i < r->npv; i++) {
    lgame_pushmove(L, g, walk, r->pv[i]);
    lua_rawseti(L, -2, i + 1);
    c->play(g->cfg, walk, r->pv[i]);
  }
  lua_setfield(L, -3, "pv");                                          /* res walk */
  lua_pop(L, 1);                                                      /* res */
  int a = r->score < 0 ? -r->score : r->score;
  if (a > SG_WIN_MARGIN && a < SG_WIN - SEARCH_MAX_PLY) {
    lua_pushinteger(L, r->score > 0 ? a - SG_WIN_MARGIN : -(a - SG_WIN_MARGIN));
    lua_setfield(L, -2, "margin");   /* the final margin with best play (Othello: discs) */
  } else if (c->end_margin && r->exact && r->score == 0) {
    lua_pushinteger(L, 0);
    lua_setfield(L, -2, "margin");   /* an exact draw */
  }
  if (r->score > SG_WIN - SEARCH_MAX_PLY || r->score < -(SG_WIN - SEARCH_MAX_PLY)) {
    int plies = SG_WIN - (r->score > 0 ? r->score : -r->score);
    lua_pushinteger(L, r->score > 0 ? plies : -plies);
    lua_setfield(L, -2, "win_in");    /* + : the player to move wins in that many moves */
  }
}

/* Whether option k is set (present and not false). */
static int optset(lua_State *L, int t, const char *k) {
  lua_getfield(L, t, k);
  int set = !lua_isnil(L, -1) && !(lua_isboolean(L, -1) && !lua_toboolean(L, -1));
  lua_pop(L, 1);
  return set;
}

/* The options of the multi-player searches: the generic ones and MCTS's own; an option that
   belongs to another algorithm is refused rather than ignored. */
static void read_multi_opts(lua_State *L, int t, int algo, multi_opts *o) {
  static const char *const mcts_only[] = {"iterations", "exploration", "playout_depth", NULL};
  static const char *const ab_only[] = {"beam", "symmetry", "pvs", "aspiration", "killers",
                                        "history", "null_move", "lmr", "quiescence", NULL};
  for (int i = 0; mcts_only[i]; i++)
    if (algo != A_MCTS && optset(L, t, mcts_only[i]))
      luaL_error(L, "search: %s is an option of algo 'mcts', not of '%s'", mcts_only[i],
                 algos[algo]);
  for (int i = 0; ab_only[i]; i++)
    if (algo >= A_MAXN && optset(L, t, ab_only[i]))
      luaL_error(L, "search: %s is an option of algo 'alphabeta', not of '%s'", ab_only[i],
                 algos[algo]);
  multi_opts_default(o);
  read_opts(L, t, &o->s);
  o->iterations = (uint64_t)optint(L, t, "iterations", 0, 0, LUA_MAXINTEGER);
  o->exploration = optnum(L, t, "exploration", o->exploration, 0);
  o->playout_depth = (int)optint(L, t, "playout_depth", 0, 0, 1 << 30);
  o->s.threads = (int)optint(L, t, "threads", 1, 1, 256);
}

static void push_multi_result(lua_State *L, const lgame *g, int algo, const multi_result *r) {
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  int me = c->to_move(g->cfg, st);
  lua_createtable(L, 0, 12);
  lgame_pushmove(L, g, st, r->move);
  lua_setfield(L, -2, "move");
  lua_createtable(L, r->nplayers, 0);
  for (int p = 0; p < r->nplayers; p++) {
    if (algo == A_MCTS)
      lua_pushnumber(L, r->rewards[p]);
    else
      lua_pushinteger(L, r->scores[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "scores");
  if (algo == A_MCTS)
    lua_pushnumber(L, r->rewards[me]);
  else
    lua_pushinteger(L, r->scores[me]);
  lua_setfield(L, -2, "score");
  lua_pushinteger(L, r->depth);
  lua_setfield(L, -2, "depth");
  lua_pushinteger(L, (lua_Integer)r->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, r->time);
  lua_setfield(L, -2, "time");
  if (algo == A_MCTS) {
    lua_pushinteger(L, (lua_Integer)r->iterations);
    lua_setfield(L, -2, "iterations");
    lua_pushinteger(L, (lua_Integer)r->tree_nodes);
    lua_setfield(L, -2, "tree_nodes");
  } else {
    lua_pushboolean(L, r->exact);
    lua_setfield(L, -2, "exact");
    lua_pushinteger(L, r->ncand);
    lua_setfield(L, -2, "candidates");
  }
  if (r->stopped == SEARCH_LIMIT)
    lua_pushliteral(L, "limit");
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  unsigned char *walk = lua_newuserdatauv(L, c->state_size, 0);   /* res walk */
  memcpy(walk, st, c->state_size);
  lua_createtable(L, r->npv, 0);                                   /* res walk pv */
  for (int i = 0; i < r->npv; i++) {
    lgame_pushmove(L, g, walk, r->pv[i]);
    lua_rawseti(L, -2, i + 1);
    c->play(g->cfg, walk, r->pv[i]);
  }
  lua_setfield(L, -3, "pv");                                       /* res walk */
  lua_pop(L, 1);                                                   /* res */
}

/* The multi-player searches: maxn, paranoid, brs, mcts. */
static int lsearch_multi(lua_State *L, lgame *g, int algo) {
  multi_opts o;
  read_multi_opts(L, 2, algo, &o);
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  multi_result *r = lua_newuserdatauv(L, sizeof *r, 0);
  char err[SG_ERRLEN];
  int rc = algo == A_MAXN       ? multi_maxn(c, g->cfg, st, &o, r, err)
           : algo == A_PARANOID ? multi_paranoid(c, g->cfg, st, &o, r, err)
           : algo == A_BRS      ? multi_brs(c, g->cfg, st, &o, r, err)
                                : multi_mcts(c, g->cfg, st, &o, r, err);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == SEARCH_INTERRUPTED)
    return lgame_interrupted(L);
  push_multi_result(L, g, algo, r);
  return 1;
}

/* core.search(g, opts) */
static int lsearch(lua_State *L) {
  lgame *g = checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "algo");
  int algo = luaL_checkoption(L, -1, "alphabeta", algos);
  lua_pop(L, 1);
  lua_Integer threads = optint(L, 2, "threads", 1, 1, 256);
  if (threads != 1 && algo != A_ALPHABETA && algo != A_MCTS)
    return luaL_error(L, "search: algo '%s' runs on 1 thread (threads = %I asked; alphabeta "
                      "and mcts take more)", algos[algo], (LUAI_UACINT)threads);
  if (algo >= A_MAXN)
    return lsearch_multi(L, g, algo);
  static const char *const multi_only[] = {"iterations", "exploration", "playout_depth", NULL};
  for (int i = 0; multi_only[i]; i++)
    if (optset(L, 2, multi_only[i]))
      return luaL_error(L, "search: %s is an option of algo 'mcts', not of '%s'", multi_only[i],
                        algos[algo]);
  search_opts o;
  read_opts(L, 2, &o);
  o.threads = (int)threads;
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  if (algo == 0 && c->players(g->cfg, st) != 2)
    return luaL_error(L, "search: alphabeta needs a two-player game; %s has %d players",
                      c->name, c->players(g->cfg, st));
  search_result *r = lua_newuserdatauv(L, sizeof *r, 0);
  char err[SG_ERRLEN];
  int rc = algo == 0 ? search_alphabeta(c, g->cfg, st, &o, r, err)
                     : search_random(c, g->cfg, st, &o, r, err);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == SEARCH_INTERRUPTED)
    return lgame_interrupted(L);
  push_result(L, g, r);
  return 1;
}

/* core.playout(g, seed, max): a random game from g's position (g is unchanged). */
static int lplayout(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_Integer seed = luaL_checkinteger(L, 2);
  lua_Integer max = luaL_optinteger(L, 3, 0);
  luaL_argcheck(L, max >= 0, 3, "max must be 0 (no limit) or more");
  playout_result r;
  char err[SG_ERRLEN];
  if (search_playout(g->cls, g->cfg, lgame_state(g), (uint64_t)seed, (uint64_t)max, &r, err))
    return luaL_error(L, "%s", err);
  if (r.interrupted)
    return lgame_interrupted(L);
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, (lua_Integer)r.moves);
  lua_setfield(L, -2, "moves");
  lua_pushnumber(L, r.time);
  lua_setfield(L, -2, "time");
  lua_pushstring(L, r.status == SG_WON ? "won" : r.status == SG_DRAWN ? "drawn" : "playing");
  lua_setfield(L, -2, "status");
  if (r.winner >= 0) {
    lua_pushinteger(L, r.winner + 1);
    lua_setfield(L, -2, "winner");
  }
  return 1;
}

static const luaL_Reg search_funcs[] = {
  {"search", lsearch},
  {"playout", lplayout},
  {NULL, NULL}
};

int luaopen_stratagem_search(lua_State *L) {
  luaL_setfuncs(L, search_funcs, 0);
  return 1;
}
