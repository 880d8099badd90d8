/* lsearch.c: core.search(g, opts): runs a search of src/ai on a game and returns its result. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ai/hidden.h"
#include "ai/multi.h"
#include "ai/options.h"
#include "ai/search.h"
#include "core/clock.h"
#include "lstratagem.h"

/* The shared searches core.search runs, in opt_algo's order (Othello's solver is core.othello's). */
static const char *const algos[] = {"alphabeta", "random", "maxn", "paranoid", "brs", "mcts",
                                    "pimc", "ismcts", NULL};

/* Raise the one form of an option error: what was wrong with option d for algo, and what d
   takes. */
static int opt_error(lua_State *L, const opt_desc *d, const char *algo, const char *what) {
  char exp[256];
  options_expected(d, exp, sizeof exp);
  return luaL_error(L, "sg.search: %s (algo '%s'): %s; expected %s", d->name, algo, what, exp);
}

/* The value at the top of the stack, for a message: a number or string as it is, else its
   type. */
static const char *show(lua_State *L, char *buf, size_t n) {
  int t = lua_type(L, -1);
  if (t == LUA_TNUMBER && lua_isinteger(L, -1))
    snprintf(buf, n, "got %lld", (long long)lua_tointeger(L, -1));
  else if (t == LUA_TNUMBER)
    snprintf(buf, n, "got %.14g", (double)lua_tonumber(L, -1));
  else if (t == LUA_TSTRING)
    snprintf(buf, n, "got the string \"%.40s\"", lua_tostring(L, -1));
  else
    snprintf(buf, n, "got %s", luaL_typename(L, -1));
  return buf;
}

/* Whether the value at the top is a whole number (an integer, or a float with an integral
   value that fits), stored in *i. */
static int whole(lua_State *L, int64_t *i) {
  int ok;
  lua_Integer v = lua_tointegerx(L, -1, &ok);
  if (!ok || lua_type(L, -1) != LUA_TNUMBER)
    return 0;
  *i = (int64_t)v;
  return 1;
}

/* Read the value at the top of the stack as option d of algo into v; raise on a wrong type or
   range. */
static void read_value(lua_State *L, const opt_desc *d, const char *algo, opt_value *v) {
  char why[96];
  memset(v, 0, sizeof *v);
  switch (d->type) {
  case OPT_INTEGER:
    if (!whole(L, &v->i))
      opt_error(L, d, algo, show(L, why, sizeof why));
    break;
  case OPT_NUMBER:
    if (lua_type(L, -1) != LUA_TNUMBER)
      opt_error(L, d, algo, show(L, why, sizeof why));
    v->n = lua_tonumber(L, -1);
    break;
  case OPT_BOOLEAN:
    if (!lua_isboolean(L, -1))
      opt_error(L, d, algo, show(L, why, sizeof why));
    v->i = lua_toboolean(L, -1);
    break;
  case OPT_MARGIN:
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
      v->i = -1;
    else if (!whole(L, &v->i))
      opt_error(L, d, algo, show(L, why, sizeof why));
    break;
  case OPT_LIST: {
    if (!lua_istable(L, -1))
      opt_error(L, d, algo, show(L, why, sizeof why));
    lua_Integer n = luaL_len(L, -1);
    if (n > d->max_len) {
      snprintf(why, sizeof why, "%lld entries are too many", (long long)n);
      opt_error(L, d, algo, why);
    }
    for (lua_Integer i = 1; i <= n; i++) {
      int64_t x = 0;
      lua_geti(L, -1, i);                                   /* ... list entry */
      if (!whole(L, &x) || x < d->imin || x > d->imax) {
        snprintf(why, sizeof why, "entry %lld is not in range", (long long)i);
        opt_error(L, d, algo, why);
      }
      v->list[i - 1] = (int)x;
      lua_pop(L, 1);                                        /* ... list */
    }
    v->len = (int)n;
    break;
  }
  case OPT_ENUM: {
    const char *s = lua_isboolean(L, -1) ? (lua_toboolean(L, -1) ? "true" : "false")
                    : lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    int found = -1;
    for (int i = 0; s && d->values[i]; i++) {
      int is_bool = strcmp(d->values[i], "true") == 0 || strcmp(d->values[i], "false") == 0;
      if (is_bool == lua_isboolean(L, -1) && strcmp(s, d->values[i]) == 0)
        found = i;
    }
    if (found < 0)
      opt_error(L, d, algo, show(L, why, sizeof why));
    v->i = found;
    break;
  }
  case OPT_FUNCTION:
    if (!lua_isfunction(L, -1))
      opt_error(L, d, algo, show(L, why, sizeof why));
    break;
  }
  if (!options_in_range(d, v, why, sizeof why))
    opt_error(L, d, algo, why);
}

/* Raise for option name, which algo does not take: unknown, or another algorithm's. */
static int not_accepted(lua_State *L, const char *name, int algo) {
  char valid[512] = "", owners[128];
  size_t k = 0;
  for (int i = 0; i < OPT_COUNT && k < sizeof valid; i++)
    if (options_accepts(&options_table[i], algo))
      k += (size_t)snprintf(valid + k, sizeof valid - k, "%s%s", k ? ", " : "",
                            options_table[i].name);
  const opt_desc *d = options_find(name);
  if (d == NULL)
    return luaL_error(L, "sg.search: %s (algo '%s'): unknown option; expected one of: algo, %s",
                      name, algos[algo], valid);
  options_algo_list(d, 1, owners, sizeof owners);
  return luaL_error(L, "sg.search: %s (algo '%s'): not an option of this algorithm (it belongs "
                    "to %s); expected one of: algo, %s", name, algos[algo], owners, valid);
}

/* One reader for every shared search: each field of o from the schema's defaults, then every
   option of the table at t checked against the schema (accepted by algo, of its type, in its
   range) and stored. */
static void read_request(lua_State *L, int t, int algo, multi_opts *o) {
  options_defaults(o);
  t = lua_absindex(L, t);
  lua_pushnil(L);                                           /* ... nil */
  while (lua_next(L, t)) {                                  /* ... key value */
    if (lua_type(L, -2) != LUA_TSTRING)
      luaL_error(L, "sg.search: options are named: got a %s key", luaL_typename(L, -2));
    const char *name = lua_tostring(L, -2);
    if (strcmp(name, "algo") != 0) {
      const opt_desc *d = options_find(name);
      if (d == NULL || !options_accepts(d, algo))
        not_accepted(L, name, algo);
      opt_value v;
      read_value(L, d, algos[algo], &v);
      options_set(o, (opt_id)(d - options_table), &v);
    }
    lua_pop(L, 1);                                          /* ... key */
  }
}

/* A PV as a table of strings, each move formatted in the position it is played in (walk: a
   scratch state, set here to the game's current one). */
static void push_pv(lua_State *L, const lgame *g, unsigned char *walk, const sg_move *pv,
                    int npv) {
  memcpy(walk, lgame_state(g), g->cls->state_size);
  lua_createtable(L, npv, 0);
  for (int i = 0; i < npv; i++) {
    lgame_pushmove(L, g, walk, pv[i]);
    lua_rawseti(L, -2, i + 1);
    g->cls->play(g->cfg, walk, pv[i]);
  }
}

/* The MultiPV lines of r (alpha-beta with multipv > 1) as an array of {move =, score =,
   depth =, pv = {...}}, best first, each move formatted in the position it is played in. */
void lsearch_push_lines(lua_State *L, const lgame *g, const search_result *r) {
  const sg_class *c = g->cls;
  unsigned char *walk = lua_newuserdatauv(L, c->state_size, 0);      /* walk */
  lua_createtable(L, r->nlines, 0);                                   /* walk lines */
  for (int k = 0; k < r->nlines; k++) {
    const search_line *l = &r->lines[k];
    lua_createtable(L, 0, 4);                                         /* walk lines line */
    lgame_pushmove(L, g, lgame_state(g), l->move);
    lua_setfield(L, -2, "move");
    lua_pushinteger(L, l->score);
    lua_setfield(L, -2, "score");
    lua_pushinteger(L, l->depth);
    lua_setfield(L, -2, "depth");
    push_pv(L, g, walk, l->pv, l->npv);                              /* walk lines line pv */
    lua_setfield(L, -2, "pv");                                        /* walk lines line */
    lua_rawseti(L, -2, k + 1);                                        /* walk lines */
  }
  lua_remove(L, -2);                                                  /* lines */
}

static void push_result(lua_State *L, const lgame *g, int algo, const search_result *r) {
  const sg_class *c = g->cls;
  lua_createtable(L, 0, 14);
  lua_pushstring(L, algos[algo]);
  lua_setfield(L, -2, "algo");
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
  else if (r->stopped == SEARCH_INTERRUPTED)
    lua_pushliteral(L, "interrupted");
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  /* the PV as strings, each formatted in the position it is played in */
  unsigned char *walk = lua_newuserdatauv(L, 2 * c->state_size, 0);   /* res walk */
  push_pv(L, g, walk, r->pv, r->npv);                                 /* res walk pv */
  lua_setfield(L, -3, "pv");                                          /* res walk */
  lua_pop(L, 1);                                                      /* res */
  if (r->nlines > 0) {
    lsearch_push_lines(L, g, r);                                      /* res lines */
    lua_setfield(L, -2, "lines");                                     /* res */
  }
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

static void push_multi_result(lua_State *L, const lgame *g, int algo, const multi_result *r) {
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  int me = c->to_move(g->cfg, st);
  lua_createtable(L, 0, 14);
  lua_pushstring(L, algos[algo]);
  lua_setfield(L, -2, "algo");
  lgame_pushmove(L, g, st, r->move);
  lua_setfield(L, -2, "move");
  lua_createtable(L, r->nplayers, 0);
  for (int p = 0; p < r->nplayers; p++) {
    if (algo == ALGO_MCTS)
      lua_pushnumber(L, r->rewards[p]);
    else
      lua_pushinteger(L, r->scores[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "scores");
  if (algo == ALGO_MCTS)
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
  if (algo == ALGO_MCTS) {
    lua_pushinteger(L, (lua_Integer)r->iterations);
    lua_setfield(L, -2, "iterations");
    lua_pushinteger(L, (lua_Integer)r->tree_nodes);
    lua_setfield(L, -2, "tree_nodes");
    lua_pushboolean(L, 0);   /* sampled: never the game's value */
    lua_setfield(L, -2, "exact");
  } else {
    lua_pushboolean(L, r->exact);
    lua_setfield(L, -2, "exact");
    lua_pushinteger(L, r->ncand);
    lua_setfield(L, -2, "candidates");
  }
  if (r->stopped == SEARCH_LIMIT)
    lua_pushliteral(L, "limit");
  else if (r->stopped == SEARCH_INTERRUPTED)
    lua_pushliteral(L, "interrupted");
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

/* ---- progress of a long search at a terminal ---- */

/* In gentle mode (the REPL at a terminal, a game being played) with standard error a
   terminal, a search that has run a second shows the depth it reached on one line of standard
   error, rewritten after each iteration and erased at the end.  C only: no Lua is called. */
int lsearch_progress_wanted(void) {
  return interrupt_gentle() && isatty(STDERR_FILENO);
}

void lsearch_progress_report(void *ud, const search_result *r) {
  lsearch_progress *p = ud;
  if (r->time < 1.0 || r->bound)
    return;
  fprintf(stderr, "\r  (searching: depth %d, %.2f M nodes, %.1f s; Ctrl-C plays the best so far)",
          r->depth, (double)r->nodes / 1e6, r->time);
  fflush(stderr);
  p->shown = 1;
}

void lsearch_progress_end(const lsearch_progress *p) {
  if (p->shown) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
  }
}

/* The multi-player searches: maxn, paranoid, brs, mcts. */
static int lsearch_multi(lua_State *L, lgame *g, int algo, const multi_opts *o) {
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  multi_result *r = lua_newuserdatauv(L, sizeof *r, 0);
  char err[SG_ERRLEN];
  lgame_guard(L, g);
  int rc = algo == ALGO_MAXN       ? multi_maxn(c, g->cfg, st, o, r, err)
           : algo == ALGO_PARANOID ? multi_paranoid(c, g->cfg, st, o, r, err)
           : algo == ALGO_BRS      ? multi_brs(c, g->cfg, st, o, r, err)
                                   : multi_mcts(c, g->cfg, st, o, r, err);
  lgame_unguard(L, g);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == SEARCH_INTERRUPTED && !lgame_keep_partial())
    return lgame_interrupted(L);
  push_multi_result(L, g, algo, r);
  return 1;
}

/* The searches that do not cheat: pimc and ismcts. */
static int lsearch_hidden(lua_State *L, lgame *g, int algo, const multi_opts *o) {
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  hidden_result *r = lua_newuserdatauv(L, sizeof *r, 0);
  char err[SG_ERRLEN];
  lgame_guard(L, g);
  int rc = algo == ALGO_PIMC ? hidden_pimc(c, g->cfg, st, o, r, err)
                             : hidden_ismcts(c, g->cfg, st, o, r, err);
  lgame_unguard(L, g);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == SEARCH_INTERRUPTED && !lgame_keep_partial())
    return lgame_interrupted(L);
  lua_createtable(L, 0, 14);
  lua_pushstring(L, algos[algo]);
  lua_setfield(L, -2, "algo");
  lgame_pushmove(L, g, st, r->move);
  lua_setfield(L, -2, "move");
  lua_pushnumber(L, r->score);
  lua_setfield(L, -2, "score");
  if (algo == ALGO_ISMCTS) {
    lua_createtable(L, r->nplayers, 0);
    for (int p = 0; p < r->nplayers; p++) {
      lua_pushnumber(L, r->rewards[p]);
      lua_rawseti(L, -2, p + 1);
    }
    lua_setfield(L, -2, "scores");
    lua_pushinteger(L, r->samples);
    lua_setfield(L, -2, "iterations");
    lua_pushinteger(L, (lua_Integer)r->tree_nodes);
    lua_setfield(L, -2, "tree_nodes");
    lua_pushinteger(L, r->votes);
    lua_setfield(L, -2, "visits");
  } else {
    lua_pushinteger(L, r->samples);
    lua_setfield(L, -2, "samples");
    lua_pushinteger(L, r->votes);
    lua_setfield(L, -2, "votes");
    lua_pushinteger(L, r->nchoices);
    lua_setfield(L, -2, "choices");
  }
  lua_pushinteger(L, (lua_Integer)r->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, r->time);
  lua_setfield(L, -2, "time");
  lua_pushboolean(L, 0);   /* sampled: never the game's value */
  lua_setfield(L, -2, "exact");
  if (r->stopped == SEARCH_LIMIT)
    lua_pushliteral(L, "limit");
  else if (r->stopped == SEARCH_INTERRUPTED)
    lua_pushliteral(L, "interrupted");
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  lua_createtable(L, 1, 0);   /* only the move: a line beyond it would be one sample's guess */
  lgame_pushmove(L, g, st, r->move);
  lua_rawseti(L, -2, 1);
  lua_setfield(L, -2, "pv");
  return 1;
}

/* core.search(g, opts) */
static int lsearch(lua_State *L) {
  lgame *g = checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "algo");
  int algo = luaL_checkoption(L, -1, "alphabeta", algos);
  lua_pop(L, 1);
  multi_opts *mo = lua_newuserdatauv(L, sizeof *mo, 0);   /* raises, so not on the C stack */
  read_request(L, 2, algo, mo);
  if (mo->s.threads != 1 && ldefine_is(g->cls))
    return luaL_error(L, "search: %s is defined in Lua and runs on 1 thread (threads = %d "
                      "asked): its rules are one script in one Lua state", g->cls->name,
                      mo->s.threads);
  if (mo->s.threads != 1 && algo != ALGO_ALPHABETA && algo != ALGO_MCTS)
    return luaL_error(L, "search: algo '%s' runs on 1 thread (threads = %d asked; alphabeta "
                      "and mcts take more)", algos[algo], mo->s.threads);
  if (g->cls->hidden && !mo->omniscient && algo != ALGO_PIMC && algo != ALGO_ISMCTS &&
      algo != ALGO_RANDOM)
    return luaL_error(L, "search: %s hides information from its players; algo '%s' would "
                      "see it: use algo 'pimc' or 'ismcts' (they search samples of what the "
                      "mover sees), or omniscient = true for a player that cheats",
                      g->cls->name, algos[algo]);
  if (algo == ALGO_PIMC || algo == ALGO_ISMCTS)
    return lsearch_hidden(L, g, algo, mo);
  if (algo >= ALGO_MAXN)
    return lsearch_multi(L, g, algo, mo);
  const search_opts *o = &mo->s;
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  if (algo == ALGO_ALPHABETA && c->players(g->cfg, st) > 2)
    return luaL_error(L, "search: alphabeta needs a one- or two-player game; %s has %d players",
                      c->name, c->players(g->cfg, st));
  search_result *r = lua_newuserdatauv(L, sizeof *r, 0);
  char err[SG_ERRLEN];
  search_opts so = *o;
  lsearch_progress prog = {0};
  if (algo == ALGO_ALPHABETA && !so.report && lsearch_progress_wanted())
    so.report = lsearch_progress_report, so.report_ud = &prog;
  if (algo == ALGO_ALPHABETA && so.keep_history)   /* the player to move's memory */
    so.memory = lgame_memory(L, g, c->to_move(g->cfg, st));
  lgame_guard(L, g);
  int rc = algo == ALGO_ALPHABETA ? search_alphabeta(c, g->cfg, st, &so, r, err)
                                  : search_random(c, g->cfg, st, &so, r, err);
  lgame_unguard(L, g);
  lsearch_progress_end(&prog);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (r->stopped == SEARCH_INTERRUPTED && !lgame_keep_partial())
    return lgame_interrupted(L);
  push_result(L, g, algo, r);
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
  lgame_guard(L, g);
  int rc = search_playout(g->cls, g->cfg, lgame_state(g), (uint64_t)seed, (uint64_t)max, &r,
                          err);
  lgame_unguard(L, g);
  if (rc)
    return luaL_error(L, "%s", err);
  if (r.interrupted)
    return lgame_interrupted(L);
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, (lua_Integer)r.moves);
  lua_setfield(L, -2, "moves");
  lua_pushnumber(L, r.time);
  lua_setfield(L, -2, "time");
  lua_pushstring(L, r.status == SG_WON ? "won" : r.status != SG_DRAWN ? "playing" :
                  g->cls->max_players == 1 ? "lost" : "drawn");   /* as g:status() says */
  lua_setfield(L, -2, "status");
  if (r.winner >= 0) {
    lua_pushinteger(L, r.winner + 1);
    lua_setfield(L, -2, "winner");
  }
  return 1;
}

static const char *const type_names[] = {"integer", "number", "boolean", "margin", "list",
                                         "enum", "function"};

/* Push the default of d as a Lua value (nil for a list: none). */
static void push_default(lua_State *L, const opt_desc *d) {
  switch (d->type) {
  case OPT_INTEGER: lua_pushinteger(L, (lua_Integer)d->def); break;
  case OPT_NUMBER: lua_pushnumber(L, d->def); break;
  case OPT_BOOLEAN: lua_pushboolean(L, d->def != 0); break;
  case OPT_MARGIN:
    if (d->def < 0)
      lua_pushboolean(L, 0);
    else
      lua_pushinteger(L, (lua_Integer)d->def);
    break;
  case OPT_ENUM: {
    const char *v = d->values[(int)d->def];
    if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0)
      lua_pushboolean(L, strcmp(v, "true") == 0);
    else
      lua_pushstring(L, v);
    break;
  }
  default: lua_pushnil(L); break;
  }
}

/* core.search_schema() -> an array of descriptors, one per option of the shared searches:
   {name =, type =, min =, max =, max_len =, values =, default =, default_text =, algos = {...},
   unit =, doc =, expected =} */
static int lschema(lua_State *L) {
  lua_createtable(L, OPT_COUNT, 0);                              /* arr */
  for (int i = 0; i < OPT_COUNT; i++) {
    const opt_desc *d = &options_table[i];
    lua_createtable(L, 0, 12);                                   /* arr desc */
    lua_pushstring(L, d->name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, type_names[d->type]);
    lua_setfield(L, -2, "type");
    if (d->type == OPT_INTEGER || d->type == OPT_MARGIN || d->type == OPT_LIST) {
      lua_pushinteger(L, (lua_Integer)d->imin);
      lua_setfield(L, -2, "min");
      lua_pushinteger(L, (lua_Integer)d->imax);
      lua_setfield(L, -2, "max");
    } else if (d->type == OPT_NUMBER) {
      lua_pushnumber(L, d->nmin);
      lua_setfield(L, -2, "min");
      lua_pushnumber(L, d->nmax);
      lua_setfield(L, -2, "max");
    }
    if (d->type == OPT_LIST) {
      lua_pushinteger(L, d->max_len);
      lua_setfield(L, -2, "max_len");
    }
    if (d->values) {
      lua_newtable(L);                                           /* arr desc values */
      for (int k = 0; d->values[k]; k++) {
        const char *v = d->values[k];
        if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0)
          lua_pushboolean(L, strcmp(v, "true") == 0);
        else
          lua_pushstring(L, v);
        lua_rawseti(L, -2, k + 1);
      }
      lua_setfield(L, -2, "values");                             /* arr desc */
    }
    push_default(L, d);
    lua_setfield(L, -2, "default");
    lua_pushstring(L, d->def_text);
    lua_setfield(L, -2, "default_text");
    lua_newtable(L);                                             /* arr desc algos */
    for (int a = 0, n = 0; a < ALGO_COUNT; a++)
      if (options_accepts(d, a)) {
        lua_pushstring(L, options_algo_names[a]);
        lua_rawseti(L, -2, ++n);
      }
    lua_setfield(L, -2, "algos");                                /* arr desc */
    if (d->unit) {
      lua_pushstring(L, d->unit);
      lua_setfield(L, -2, "unit");
    }
    lua_pushstring(L, d->doc);
    lua_setfield(L, -2, "doc");
    char exp[256];
    options_expected(d, exp, sizeof exp);
    lua_pushstring(L, exp);
    lua_setfield(L, -2, "expected");
    lua_rawseti(L, -2, i + 1);                                   /* arr */
  }
  return 1;
}

static const luaL_Reg search_funcs[] = {
  {"search", lsearch},
  {"playout", lplayout},
  {"search_schema", lschema},
  {NULL, NULL}
};

int luaopen_stratagem_search(lua_State *L) {
  luaL_setfuncs(L, search_funcs, 0);
  return 1;
}
