/* lqubic.c: Qubic's own functions for Lua: core.qubic.solve (the proof-number solver and its
   proof), core.qubic.lines and core.qubic.symmetries (for the tests). */
#include <stdio.h>
#include <string.h>

#include "ai/qubicpns.h"
#include "games/qubic.h"
#include "lstratagem.h"

#define QPNS_MT "stratagem.qubic.solver"

/* The solver as a userdata, so its pool is freed even when an error is raised. */
typedef struct lsolver {
  qpns_solver *s;
} lsolver;

static int solver_gc(lua_State *L) {
  lsolver *u = luaL_checkudata(L, 1, QPNS_MT);
  qpns_free(u->s);
  u->s = NULL;
  return 0;
}

static void emit_line(void *ud, const char *line) {
  luaL_Buffer *b = ud;
  luaL_addstring(b, line);
  luaL_addchar(b, '\n');
}

/* The progress line (standard error, C only: no Lua is called inside the search). */
static void progress_line(void *ud, const qpns_progress *p) {
  (void)ud;
  fprintf(stderr, "solve: %.0f s  %s wins?  root pn %llu dn %llu  nodes %.2f M  "
          "pool %.0f%% of %zu M nodes  iterations %llu  threat-space %.1f M\n",
          p->time, p->attacker == 0 ? "x" : "o", (unsigned long long)p->root_pn,
          (unsigned long long)p->root_dn, (double)p->nodes / 1e6,
          p->cap ? 100.0 * (double)p->used / (double)p->cap : 0.0, p->cap / 1000000,
          (unsigned long long)p->iterations, (double)p->vcf_nodes / 1e6);
  fflush(stderr);
}

static double field(lua_State *L, int t, const char *k, double def, double lo, double hi) {
  double v = def;
  if (lua_getfield(L, t, k) != LUA_TNIL) {
    if (!lua_isnumber(L, -1) || !(lua_tonumber(L, -1) >= lo && lua_tonumber(L, -1) <= hi))
      luaL_error(L, "solve: %s: got %s; expected a number from %d to %d", k,
                 luaL_tolstring(L, -1, NULL), (int)lo, (int)hi);
    v = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* core.qubic.solve(g, {time =, nodes =, memory = MB, progress = S, vcf_depth =, vcf_nodes =,
   proof =, graph =, symmetry =, order =, transpositions =, answers =}) -> {value = "win" | "loss" | "draw" |
   "unknown" (for the player to move), move =, nodes =, vcf_nodes =, iterations =, links =, refuted =, time =, proof_size =, proof = text when asked; when
   unknown: stopped =, pn =, dn =, attacker =, root_moves =, pool_nodes =, decided =} */
static int lsolve(lua_State *L) {
  lgame *g = checkgame(L, 1);
  if (g->cls != &qubic_class)
    return luaL_error(L, "solve: expected a qubic game, got a %s game", g->cls->name);
  const qb_state *st = lgame_state(g);
  luaL_checktype(L, 2, LUA_TTABLE);
  if (st->winner >= 0 || st->plies == QB_CELLS)
    return luaL_error(L, "solve: the game is over: nothing to solve");
  qpns_opts o;
  qpns_opts_default(&o);
  o.time = field(L, 2, "time", 0, 0, 1e9);   /* lua/stratagem/games/qubic.lua checked them */
  o.nodes = (uint64_t)field(L, 2, "nodes", 0, 0, 2e9);
  o.vcf_depth = (int)field(L, 2, "vcf_depth", o.vcf_depth, 0, 32);
  o.vcf_nodes = (uint64_t)field(L, 2, "vcf_nodes", (double)o.vcf_nodes, 1, 1e9);
  double mb = field(L, 2, "memory", 256, 1, 65536);
  o.progress_every = field(L, 2, "progress", 0, 0, 1e9);
  if (o.progress_every > 0)
    o.progress = progress_line;
  lua_getfield(L, 2, "order");
  if (!lua_isnil(L, -1))
    o.order = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "symmetry");
  if (!lua_isnil(L, -1))
    o.symmetry = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "transpositions");
  if (!lua_isnil(L, -1))
    o.transpositions = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "answers");
  if (!lua_isnil(L, -1))
    o.answers = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "proof");
  int want = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "graph");   /* the proof as a graph (format 2) rather than a tree */
  int graph = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lsolver *u = lua_newuserdatauv(L, sizeof *u, 0);            /* g opts u */
  u->s = NULL;
  luaL_setmetatable(L, QPNS_MT);
  u->s = qpns_new((size_t)(mb * 1024 * 1024));
  if (!u->s)
    return luaL_error(L, "solve: no memory for a tree of %f MB", mb);
  qpns_result r;
  qpns_solve(u->s, st->mark[0], st->mark[1], st->plies & 1, &o, &r);
  /* Ctrl-C: an error, except in gentle mode (stratagem solve, the REPL), where what was
     proved so far is returned, stopped = "interrupted" */
  if (r.value == 2 && r.stopped == QPNS_INTERRUPTED && !lgame_keep_partial())
    return lgame_interrupted(L);
  static const char *const values[] = {"loss", "draw", "win", "unknown"};
  lua_createtable(L, 0, 12);                                  /* g opts u res */
  lua_pushstring(L, values[r.value + 1]);
  lua_setfield(L, -2, "value");
  if (r.move >= 0) {
    lgame_pushmove(L, g, st, (sg_move)r.move);
    lua_setfield(L, -2, "move");
  }
  lua_pushinteger(L, (lua_Integer)r.nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushinteger(L, (lua_Integer)r.vcf_nodes);
  lua_setfield(L, -2, "vcf_nodes");
  lua_pushinteger(L, (lua_Integer)r.iterations);
  lua_setfield(L, -2, "iterations");
  lua_pushinteger(L, (lua_Integer)r.links);
  lua_setfield(L, -2, "links");
  lua_pushinteger(L, (lua_Integer)r.refuted);
  lua_setfield(L, -2, "refuted");
  lua_pushnumber(L, r.time);
  lua_setfield(L, -2, "time");
  if (r.value == 2) {
    static const char *const why[] = {"done", "limit", "memory", "interrupted"};
    lua_pushstring(L, why[r.stopped]);
    lua_setfield(L, -2, "stopped");
    lua_pushinteger(L, (lua_Integer)r.root_pn);
    lua_setfield(L, -2, "pn");
    lua_pushinteger(L, (lua_Integer)r.root_dn);
    lua_setfield(L, -2, "dn");
    lua_pushstring(L, r.attacker == 0 ? "x" : "o");
    lua_setfield(L, -2, "attacker");
    lua_pushinteger(L, r.nroot);
    lua_setfield(L, -2, "root_moves");
    lua_pushinteger(L, (lua_Integer)r.pool_nodes);
    lua_setfield(L, -2, "pool_nodes");
    /* decided = {{move =, value = "win" | "loss" | "no win" | "no loss"}, ...} */
    lua_createtable(L, r.ndecided, 0);
    for (int i = 0; i < r.ndecided; i++) {
      lua_createtable(L, 0, 2);
      lgame_pushmove(L, g, st, (sg_move)r.decided_move[i]);
      lua_setfield(L, -2, "move");
      int v = r.decided_value[i];
      lua_pushstring(L, v == 1 ? "win" : v == -1 ? "loss"
                     : r.attacker == (st->plies & 1) ? "no win" : "no loss");
      lua_setfield(L, -2, "value");
      lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "decided");
    /* searches = {x = {pn =, dn =}, o = {pn =, dn =}}: each proof search's root at its end */
    lua_createtable(L, 0, 2);
    for (int a = 0; a < 2; a++)
      if (r.searched[a]) {
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, (lua_Integer)r.pn_of[a]);
        lua_setfield(L, -2, "pn");
        lua_pushinteger(L, (lua_Integer)r.dn_of[a]);
        lua_setfield(L, -2, "dn");
        lua_setfield(L, -2, a == 0 ? "x" : "o");
      }
    lua_setfield(L, -2, "searches");
  }
  if (r.value == 1 || r.value == -1) {
    uint64_t (*write)(qpns_solver *, void (*)(void *, const char *), void *) =
      graph ? qpns_write_graph : qpns_write_proof;
    uint64_t n;
    if (want) {
      luaL_Buffer b;
      luaL_buffinit(L, &b);                                   /* g opts u res (buffer) */
      n = write(u->s, emit_line, &b);
      luaL_pushresult(&b);                                    /* g opts u res proof */
      if (n == UINT64_MAX)
        return luaL_error(L, "solve: no memory to write the proof");
      lua_setfield(L, -2, "proof");
    } else {
      n = write(u->s, NULL, NULL);
      if (n == UINT64_MAX)
        return luaL_error(L, "solve: no memory to write the proof");
    }
    lua_pushinteger(L, (lua_Integer)n);
    lua_setfield(L, -2, "proof_size");
  }
  return 1;
}

/* core.qubic.lines() -> the 76 lines, each an array of 4 cell indices 0-63. */
static int llines(lua_State *L) {
  lua_createtable(L, QB_LINES, 0);
  for (int i = 0; i < QB_LINES; i++) {
    lua_createtable(L, 4, 0);
    int k = 1;
    for (uint64_t b = qubic_lines[i]; b; b &= b - 1)
      for (int sq = 0; sq < 64; sq++)
        if ((b & -b) == (uint64_t)1 << sq) {
          lua_pushinteger(L, sq);
          lua_rawseti(L, -2, k++);
        }
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* core.qubic.symmetries() -> the 192 symmetries, each an array: the image of cell i at i + 1. */
static int lsymmetries(lua_State *L) {
  lua_createtable(L, QB_NSYM, 0);
  for (int k = 0; k < QB_NSYM; k++) {
    lua_createtable(L, QB_CELLS, 0);
    for (int sq = 0; sq < QB_CELLS; sq++) {
      lua_pushinteger(L, qubic_sym_cell(k, sq));
      lua_rawseti(L, -2, sq + 1);
    }
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static const luaL_Reg qubic_funcs[] = {
  {"solve", lsolve},
  {"lines", llines},
  {"symmetries", lsymmetries},
  {NULL, NULL}
};

int luaopen_stratagem_qubic(lua_State *L) {
  if (luaL_newmetatable(L, QPNS_MT)) {                        /* mod mt */
    lua_pushcfunction(L, solver_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pop(L, 1);                                              /* mod */
  luaL_newlib(L, qubic_funcs);                                /* mod qubic */
  lua_setfield(L, -2, "qubic");
  return 1;
}
