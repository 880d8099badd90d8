/* lpatience.c: patience's own functions for Lua: core.patience.solve (the solver that sees
   the whole deal) and core.patience.shuffle (the two shuffles on a small pack, for tests). */
#include <string.h>

#include "games/patience.h"
#include "lstratagem.h"

/* core.patience.solve(g, nodes, time, hash_bytes, max_depth[, defer[, cover]]) -> verdict
   ("won", "lost", "unknown"), moves (a table of strings, the winning line), nodes, time,
   depth_cut, positions (searched, entered in the table), full (positions that found no free
   slot in the table), dead (positions found lost at once: a card blocked for good),
   first_nodes (the first search's nodes when a second, over every move, followed; else 0),
   idle_cuts (positions of the second search below which the idle limit cut a line: no "lost"
   then), covered (positions left out because the same position with more of the talon in
   reach was searched). */
static int lsolve(lua_State *L) {
  lgame *g = checkgame(L, 1);
  if (g->cls != &patience_class)
    return luaL_error(L, "solve: expected a patience game, got a %s game", g->cls->name);
  pat_solve_opts o;
  lua_Integer nodes = luaL_checkinteger(L, 2);
  o.nodes = nodes > 0 ? (uint64_t)nodes : 0;
  o.time = luaL_checknumber(L, 3);
  lua_Integer hb = luaL_checkinteger(L, 4);
  o.hash_bytes = hb > 0 ? (size_t)hb : 0;
  lua_Integer depth = luaL_checkinteger(L, 5);
  luaL_argcheck(L, depth >= 1 && depth <= 100000, 5, "a longest line of 1 to 100000 moves");
  o.max_depth = (int)depth;
  /* defer: true (or none) every deferral, false none, "runs" splits and worried cards only
     (and the key with the most cards ever home); cover: false leaves no position out as
     covered (patience.c, solve_covered) */
  if (lua_type(L, 6) == LUA_TSTRING) {
    luaL_argcheck(L, strcmp(lua_tostring(L, 6), "runs") == 0, 6,
                  "defer: true, false or \"runs\"");
    o.no_defer = 2;
  } else
    o.no_defer = lua_isnoneornil(L, 6) ? 0 : !lua_toboolean(L, 6);
  o.no_cover = lua_isnoneornil(L, 7) ? 0 : !lua_toboolean(L, 7);
  /* the result and its line live in userdata, so an error below leaks nothing */
  pat_solve_result *r = lua_newuserdatauv(L, sizeof *r, 0);          /* ... r */
  r->moves = lua_newuserdatauv(L, (size_t)depth * sizeof(sg_move), 0); /* ... r line */
  char err[SG_ERRLEN];
  if (pat_solve(g->cfg, lgame_state(g), &o, r, err) != 0)
    return luaL_error(L, "%s", err);
  if (r->interrupted)
    return lgame_interrupted(L);
  static const char *const names[] = {"unknown", "won", "lost"};
  lua_pushstring(L, names[r->verdict]);
  lua_createtable(L, r->nmoves, 0);
  pat_state walk = *(const pat_state *)lgame_state(g);
  char buf[64];
  for (int i = 0; i < r->nmoves; i++) {
    patience_class.format(g->cfg, &walk, r->moves[i], buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
    patience_class.play(g->cfg, &walk, r->moves[i]);
  }
  lua_pushinteger(L, (lua_Integer)r->nodes);
  lua_pushnumber(L, r->time);
  lua_pushboolean(L, r->depth_cut);
  lua_pushinteger(L, (lua_Integer)r->positions);
  lua_pushinteger(L, (lua_Integer)r->full);
  lua_pushinteger(L, (lua_Integer)r->dead);
  lua_pushinteger(L, (lua_Integer)r->first_nodes);
  lua_pushinteger(L, (lua_Integer)r->idle_cuts);
  lua_pushinteger(L, (lua_Integer)r->covered);
  return 11;
}

/* core.patience.shuffle(n, seed, swaps) -> the pack 1..n shuffled (swaps = 0: Fisher-Yates,
   else that many random swaps of two positions). */
static int lshuffle(lua_State *L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  lua_Integer seed = luaL_checkinteger(L, 2);
  lua_Integer swaps = luaL_checkinteger(L, 3);
  luaL_argcheck(L, n >= 1 && n <= 52, 1, "a pack of 1 to 52 cards");
  luaL_argcheck(L, swaps >= 0 && swaps <= 1000000, 3, "0 to 1000000 swaps");
  uint8_t a[52];
  for (int i = 0; i < n; i++)
    a[i] = (uint8_t)(i + 1);
  sg_rng r;
  rng_seed(&r, (uint64_t)seed);
  pat_shuffle(a, (int)n, (int)swaps, &r);
  lua_createtable(L, (int)n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, a[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static const luaL_Reg patience_funcs[] = {
  {"solve", lsolve},
  {"shuffle", lshuffle},
  {NULL, NULL}
};

int luaopen_stratagem_patience(lua_State *L) {
  luaL_newlib(L, patience_funcs);
  lua_setfield(L, -2, "patience");
  return 1;
}
