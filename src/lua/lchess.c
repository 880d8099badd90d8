/* lchess.c: chess for Lua: core.chess.search (the chess alpha-beta), san, result, and the UCI
   loop (core.chess.uci, an adapter to src/uci.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "core/clock.h"
#include "games/chess.h"
#include "lstratagem.h"
#include "uci.h"

static const ch_state *checkchess(lua_State *L, int i, lgame **gp) {
  lgame *g = checkgame(L, i);
  if (g->cls != &chess_class)
    luaL_error(L, "expected a chess game, got a %s game", g->cls->name);
  *gp = g;
  return (const ch_state *)lgame_state(g);
}

static double optnum(lua_State *L, int t, const char *k, double def, double lo, double hi) {
  double v = def;
  if (lua_getfield(L, t, k) != LUA_TNIL) {
    if (!lua_isnumber(L, -1) || !(lua_tonumber(L, -1) >= lo && lua_tonumber(L, -1) <= hi))
      luaL_error(L, "search: %s must be a number from %g to %g", k, lo, hi);
    v = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* A margin: false (off, -1), or a whole number from lo to hi; def when absent. */
static int optmargin(lua_State *L, int t, const char *k, int def, int lo, int hi) {
  int v = def, ty = lua_getfield(L, t, k);
  if (ty == LUA_TBOOLEAN && !lua_toboolean(L, -1))
    v = -1;
  else if (ty != LUA_TNIL) {
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < lo || lua_tointeger(L, -1) > hi)
      luaL_error(L, "search: %s must be false or a whole number from %d to %d, got %s", k, lo,
                 hi, luaL_tolstring(L, -1, NULL));
    v = (int)lua_tointeger(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* A scripted evaluation: the function at upvalue-free index `fn` of L gets the FEN and
   returns centipawns for the side to move.  Slow: every leaf goes through Lua. */
typedef struct lua_eval {
  lua_State *L;
  int fn;
  int failed;
} lua_eval;

static int call_lua_eval(void *ud, const void *node, int *stop) {
  lua_eval *le = ud;
  lua_State *L = le->L;
  char fen[128];
  chess_to_fen(node, fen, sizeof fen);   /* a search node is the position, ch_pos */
  lua_pushvalue(L, le->fn);
  lua_pushstring(L, fen);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    le->failed = 1;   /* the message stays on the stack */
    *stop = 1;
    return 0;
  }
  int isnum;
  lua_Number v = lua_tonumberx(L, -1, &isnum);
  if (!isnum || v != v || v - v != 0) {   /* not a number, NaN or infinite (no cast of those) */
    const char *got = isnum ? (v != v ? "nan (not a finite number)" : v > 0 ?
                               "inf (not a finite number)" : "-inf (not a finite number)")
                            : luaL_typename(L, -1);
    lua_pop(L, 1);
    lua_pushfstring(L, "search: the eval function must return a number of centipawns, got %s",
                    got);
    le->failed = 1;
    *stop = 1;
    return 0;
  }
  lua_pop(L, 1);
  return (int)(v > 20000 ? 20000 : v < -20000 ? -20000 : v);
}

static void push_pv(lua_State *L, const sg_move *pv, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    char b[6];
    chess_move_uci(pv[i], b);
    lua_pushstring(L, b);
    lua_rawseti(L, -2, i + 1);
  }
}

static int optbool(lua_State *L, int t, const char *k, int def) {
  int ty = lua_getfield(L, t, k);
  if (ty != LUA_TNIL && ty != LUA_TBOOLEAN)
    luaL_error(L, "search: %s must be a boolean, got %s", k, luaL_typename(L, -1));
  int v = ty == LUA_TNIL ? def : lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* core.chess.search(g, {depth =, time =, nodes =, hash = MB, random =, seed =, threads = 1,
   the enhancement switches, eval = function(fen)}) -> the result table of sg.search: move,
   score (centipawns; a mate scores like the other games' wins, SG_WIN minus the plies), mate
   (moves to mate, negative when mated), depth, seldepth, nodes, time, nps, pv, exact.  The
   shared alpha-beta (src/ai/search.c) through chess's hooks. */
static int lsearch(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  luaL_checktype(L, 2, LUA_TTABLE);
  search_opts o;
  search_opts_default(&o);
  o.depth = (int)optnum(L, 2, "depth", 0, 0, SEARCH_MAX_PLY - 2);
  o.time = optnum(L, 2, "time", 0, 0, 1e9);
  o.nodes = (uint64_t)optnum(L, 2, "nodes", 0, 0, 1e18);
  double mb = optnum(L, 2, "hash", 16, 0, 65536);
  o.hash_bytes = (size_t)(mb * 1048576.0);
  o.random = (int)optnum(L, 2, "random", -1, -1, 100000);
  if (lua_getfield(L, 2, "seed") == LUA_TNUMBER)
    o.seed = (uint64_t)lua_tointeger(L, -1);
  lua_pop(L, 1);
  o.threads = (int)optnum(L, 2, "threads", 1, 1, 256);
  o.multipv = (int)optnum(L, 2, "multipv", 1, 1, SEARCH_MAX_LINES);
  o.pvs = optbool(L, 2, "pvs", 1);
  o.aspiration = optbool(L, 2, "aspiration", 1);
  o.killers = optbool(L, 2, "killers", 1);
  o.history = optbool(L, 2, "history", 1);
  o.null_move = optbool(L, 2, "null_move", 1);
  o.lmr = optbool(L, 2, "lmr", 1);
  o.quiescence = optbool(L, 2, "quiescence", 1);
  o.probcut = (int)optnum(L, 2, "probcut", -1, 1, 67108863);
  o.check_ext = optbool(L, 2, "check_ext", o.check_ext);
  o.see = optmargin(L, 2, "see", o.see, 1, 67108863);
  o.rfp = optmargin(L, 2, "rfp", o.rfp, 1, 67108863);
  o.futility = optmargin(L, 2, "futility", o.futility, 1, 67108863);
  o.lmp = optbool(L, 2, "lmp", o.lmp);
  o.lmr_table = optbool(L, 2, "lmr_table", o.lmr_table);
  o.countermove = optbool(L, 2, "countermove", o.countermove);
  o.iir = optbool(L, 2, "iir", o.iir);
  o.cont_history = optbool(L, 2, "cont_history", o.cont_history);
  o.singular = optbool(L, 2, "singular", o.singular);
  if (o.depth == 0 && o.time == 0 && o.nodes == 0)
    o.depth = 6;
  int tb = lua_gettop(L);
  lua_eval le = {L, 0, 0};
  if (lua_getfield(L, 2, "eval") != LUA_TNIL) {
    luaL_argexpected(L, lua_isfunction(L, -1), 2, "eval to be a function(fen) -> centipawns");
    le.fn = lua_gettop(L);
    o.eval_fn = call_lua_eval;
    o.eval_ud = &le;
  }
  if (chess_class.status(g->cfg, s, NULL) != SG_PLAYING)
    return luaL_error(L, "search: the game is over, there is no move to search");
  /* the search runs on its own copy of the position: an eval callback that changes the game
     changes nothing the search reads */
  ch_state *copy = lua_newuserdatauv(L, sizeof *copy + sizeof(search_result), 0);
  memcpy(copy, s, sizeof *copy);
  search_result *r = (search_result *)(copy + 1);
  char err[SG_ERRLEN];
  lsearch_progress prog = {0};
  if (!o.report && lsearch_progress_wanted())
    o.report = lsearch_progress_report, o.report_ud = &prog;
  int rc = search_alphabeta(&chess_class, g->cfg, copy, &o, r, err);
  lsearch_progress_end(&prog);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  if (le.failed)
    return lua_error(L);
  if (r->stopped == SEARCH_INTERRUPTED && !lgame_keep_partial())
    return lgame_interrupted(L);
  lua_createtable(L, 0, 14);
  char b[6];
  chess_move_uci(r->move, b);
  lua_pushstring(L, b);
  lua_setfield(L, -2, "move");
  lua_pushinteger(L, r->score);
  lua_setfield(L, -2, "score");
  int a = r->score < 0 ? -r->score : r->score;
  if (a > SG_WIN - SEARCH_MAX_PLY) {
    int plies = SG_WIN - a;
    lua_pushinteger(L, search_mate_moves(r->score));
    lua_setfield(L, -2, "mate");
    lua_pushinteger(L, r->score > 0 ? plies : -plies);
    lua_setfield(L, -2, "win_in");
  }
  lua_pushinteger(L, r->depth);
  lua_setfield(L, -2, "depth");
  lua_pushinteger(L, r->seldepth);
  lua_setfield(L, -2, "seldepth");
  lua_pushinteger(L, (lua_Integer)r->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, r->time);
  lua_setfield(L, -2, "time");
  lua_pushinteger(L, (lua_Integer)(r->time > 0 ? (double)r->nodes / r->time : 0));
  lua_setfield(L, -2, "nps");
  lua_pushinteger(L, (lua_Integer)r->tt_hits);
  lua_setfield(L, -2, "hash_hits");
  lua_pushboolean(L, r->exact);
  lua_setfield(L, -2, "exact");
  lua_pushinteger(L, r->ncand);
  lua_setfield(L, -2, "candidates");
  if (r->stopped == SEARCH_LIMIT)
    lua_pushliteral(L, "limit");
  else if (r->stopped == SEARCH_INTERRUPTED)
    lua_pushliteral(L, "interrupted");
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  push_pv(L, r->pv, r->npv);
  lua_setfield(L, -2, "pv");
  if (r->nlines > 0) {
    lsearch_push_lines(L, g, r);
    lua_setfield(L, -2, "lines");
  }
  lua_replace(L, tb + 1);
  lua_settop(L, tb + 1);
  return 1;
}

/* core.chess.san(g, move) -> SAN of a legal move given in UCI or SAN; raises when illegal. */
static int lsan(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  const char *t = luaL_checkstring(L, 2);
  char err[SG_ERRLEN], buf[16];
  sg_move m;
  if (chess_class.parse(g->cfg, s, t, &m, err) != 0)
    return luaL_error(L, "%s", err);
  chess_move_san(&s->p, m, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

/* core.chess.play_san(g, move) -> san, or nil and why: the move (SAN or UCI) checked, written
   in SAN and played with one parse (what a PGN reader does for every move of a file). */
static int lplay_san(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  const char *t = luaL_checkstring(L, 2);
  char err[SG_ERRLEN], buf[16];
  sg_move m;
  if (chess_class.parse(g->cfg, s, t, &m, err) != 0) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  chess_move_san(&s->p, m, buf, sizeof buf);
  lua_pushstring(L, buf);
  lgame_push(L, g, m);
  return 1;
}

/* core.chess.perft_unmake(g, depth): the leaves of g's position's tree, walked with make and
   unmake on one position instead of a copy per move (for `stratagem bench chess`). */
static int lperft_unmake(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  lua_Integer d = luaL_checkinteger(L, 2);
  luaL_argcheck(L, d >= 0 && d <= 63, 2, "depth must be 0 to 63");
  uint64_t n = chess_perft_unmake(&s->p, (int)d);
  if (n == UINT64_MAX)
    return luaL_error(L, interrupt_pending() ? "interrupted!" : "perft_unmake: out of memory");
  lua_pushinteger(L, (lua_Integer)n);
  return 1;
}

/* core.chess.play_line(g, text) -> sans, result, stop | nil, index, word, why: the movetext of
   one PGN game without comments, variations or NAGs (the reader's fast path), played in C:
   words between blanks, move numbers ("12.", "12...", stuck to a move or not) skipped, moves in
   SAN (or UCI) with trailing !? and "e.p." dropped and 0-0 read as O-O, until a result token.
   Returns the SAN of every move, the result (nil when the text ended first) and the offset
   just after it; or, at a move that is not legal, nil, the number of moves played before it,
   the word and the reason (the game holds the moves before it). */
static int lplay_line(lua_State *L) {
  lgame *g;
  checkchess(L, 1, &g);
  size_t len;
  const char *t = luaL_checklstring(L, 2, &len), *end = t + len, *p = t;
  char err[SG_ERRLEN], word[64], buf[16];
  lua_newtable(L);                                         /* g text sans */
  int n = 0;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' ||
                       *p == '\v'))
      p++;
    if (p >= end)
      break;
    const char *w = p;
    while (p < end && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' ||
                        *p == '\v'))
      p++;
    size_t wl = (size_t)(p - w);
    /* a move number, maybe stuck to its move */
    const char *q = w;
    while (q < p && *q >= '0' && *q <= '9')
      q++;
    if (q > w && (q == p || *q == '.')) {
      if (q == p)   /* digits alone: a move number without its period */
        continue;
      while (q < p && *q == '.')
        q++;
      w = q;
      wl = (size_t)(p - w);
      if (wl == 0)
        continue;
    }
    if ((wl == 3 && !memcmp(w, "1-0", 3)) || (wl == 3 && !memcmp(w, "0-1", 3)) ||
        (wl == 7 && !memcmp(w, "1/2-1/2", 7)) || (wl == 1 && *w == '*')) {
      lua_pushlstring(L, w, wl);
      lua_pushinteger(L, (lua_Integer)(p - t));
      return 3;
    }
    if (wl >= sizeof word) {
      luaL_pushfail(L);
      lua_pushinteger(L, n);
      lua_pushlstring(L, w, wl);
      lua_pushliteral(L, "too long to be a move");
      return 4;
    }
    memcpy(word, w, wl);
    word[wl] = 0;
    size_t k = wl;
    while (k > 0 && (word[k - 1] == '!' || word[k - 1] == '?'))
      word[--k] = 0;
    if (k >= 4 && !strcmp(word + k - 4, "e.p."))
      word[k -= 4] = 0;
    if ((word[0] == '0' || word[0] == 'O') && word[1] == '-')
      for (size_t j = 0; j < k; j++)
        if (word[j] == '0')
          word[j] = 'O';
    sg_move m;
    const ch_state *s = lgame_state(g);
    if (chess_class.parse(g->cfg, s, word, &m, err) != 0) {
      luaL_pushfail(L);
      lua_pushinteger(L, n);
      lua_pushlstring(L, w, wl);
      lua_pushstring(L, err);
      return 4;
    }
    chess_move_san(&s->p, m, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, 3, ++n);
    lgame_push(L, g, m);
  }
  lua_pushnil(L);
  lua_pushinteger(L, (lua_Integer)len);
  return 3;
}

/* core.chess.result(g) -> "1-0" | "0-1" | "1/2-1/2" | "*", reason or nil. */
static int lresult(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  int w, o = chess_outcome(g->cfg, s, &w);
  lua_pushstring(L, o == CH_PLAYING ? "*" : o == CH_CHECKMATE ? (w == 0 ? "1-0" : "0-1")
                                                             : "1/2-1/2");
  if (o == CH_PLAYING)
    lua_pushnil(L);
  else
    lua_pushstring(L, chess_outcome_names[o]);
  return 2;
}

/* core.chess.in_check(g) -> boolean */
static int lincheck(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  lua_pushboolean(L, chess_in_check(&s->p));
  return 1;
}

/* core.chess.uci(g): the UCI loop on stdin/stdout (src/uci.c), with g's weights and rules as
   the option defaults.  Returns when "quit" or the end of input is read. */
static int luci(lua_State *L) {
  lgame *g;
  char err[SG_ERRLEN];
  checkchess(L, 1, &g);
  int rc = uci_run(g->cfg, stdin, stdout, err);
  if (rc == 1)
    return lgame_interrupted(L);
  if (rc != 0)
    return luaL_error(L, "%s", err);
  return 0;
}

static const luaL_Reg chess_funcs[] = {
  {"search", lsearch},
  {"san", lsan},
  {"play_san", lplay_san},
  {"play_line", lplay_line},
  {"perft_unmake", lperft_unmake},
  {"result", lresult},
  {"in_check", lincheck},
  {"uci", luci},
  {NULL, NULL}
};

int luaopen_stratagem_chess(lua_State *L) {
  luaL_newlib(L, chess_funcs);
  lua_setfield(L, -2, "chess");
  return 1;
}
