/* lchess.c: chess for Lua: core.chess.search (the chess alpha-beta), san, result, and the UCI
   loop (core.chess.uci, an adapter to src/uci.c). */
#include "config.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "core/clock.h"
#include "games/chess.h"
#include "games/chess_tune.h"
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
  o.keep_history = optbool(L, 2, "keep_history", o.keep_history);
  if (o.keep_history)   /* the memory of the player to move */
    o.memory = lgame_memory(L, g, s->p.side);
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


/* ---- the trace and the gradient Texel tuner (src/games/chess_tune.c) ---- */

/* The name of weight index i (an int of ch_weights), or NULL (a table made once: the names
   are constant). */
static const char *weight_name(int i) {
  static const char *names[CH_NW];
  static int ready;
  if (!ready) {
    for (const sg_param *p = chess_class.params; p->name; p++)
      if (p->group == SG_WEIGHTS)
        names[(p->offset - offsetof(ch_cfg, w)) / sizeof(int)] = p->name;
    ready = 1;
  }
  return i >= 0 && i < CH_NW ? names[i] : NULL;
}

/* Whether weight i is tuned by the gradient tuner: a weight of the tapered evaluation that
   enters it linearly (not model, the king-attack units nor the scales). */
static int weight_linear(const ch_weights *w, int i) {
  const int *b = (const int *)w;
  const int *x = b + i;
  return x > &w->model && !(x >= w->king_attack && x < w->king_attack + 4) &&
         x != &w->scale_ocb && x != &w->scale_pawnless && x != &w->scale_pawnless_rook &&
         x != &w->scale_pawns_base && x != &w->scale_pawns_step;
}

/* core.chess.trace(g) -> terms, phase, scale: the tapered evaluation of g's position as
   {[weight name] = coefficient} (white's count minus black's, blended by the phase and
   scaled), so that the sum of coefficient x weight is white's evaluation (to its rounding). */
static int ltrace(lua_State *L) {
  lgame *g;
  const ch_state *s = checkchess(L, 1, &g);
  const ch_cfg *cfg = g->cfg;
  if (cfg->w.model != 1)
    return luaL_error(L, "trace: the trace is of the tapered evaluation (weights.model 1), "
                         "got model %d", cfg->w.model);
  ch_trace *t = lua_newuserdatauv(L, sizeof *t, 0);
  chess_eval_trace(&cfg->w, &s->p, t);
  lua_newtable(L);
  for (int i = 0; i < CH_NW; i++) {
    double c = t->scale * (t->mg[i] * t->phase + t->eg[i] * (24 - t->phase)) / 24;
    const char *name = weight_name(i);
    if (c != 0 && name) {
      lua_pushnumber(L, c);
      lua_setfield(L, -2, name);
    }
  }
  lua_pushinteger(L, t->phase);
  lua_pushnumber(L, t->scale);
  return 3;
}

/* core.chess.texel_names() -> the names of the weights the gradient tuner fits, in the
   evaluation's order */
static int ltexel_names_all(lua_State *L) {
  static const ch_weights w;
  lua_newtable(L);
  int k = 0;
  for (int i = 0; i < CH_NW; i++)
    if (weight_linear(&w, i) && weight_name(i)) {
      lua_pushstring(L, weight_name(i));
      lua_rawseti(L, -2, ++k);
    }
  return 1;
}

#define TEXEL_MT "stratagem.chess.texel"

typedef struct ltexel {
  ch_texel *t;
  double w[CH_NW];        /* the weights traced with; parameters laid over them */
  unsigned char linear[CH_NW];
} ltexel;

static ltexel *checktexel(lua_State *L) {
  ltexel *x = luaL_checkudata(L, 1, TEXEL_MT);
  if (!x->t)
    luaL_error(L, "texel: the positions were freed");
  return x;
}

static int ltexel_gc(lua_State *L) {
  ltexel *x = luaL_checkudata(L, 1, TEXEL_MT);
  chess_texel_free(x->t);
  x->t = NULL;
  return 0;
}

/* core.chess.texel_load(g, path [, quiet = true]) -> a positions set for the tuner, traced
   with g's weights (model 1). */
static int ltexel_load(lua_State *L) {
  lgame *g;
  checkchess(L, 1, &g);
  const char *path = luaL_checkstring(L, 2);
  int quiet = lua_isnoneornil(L, 3) ? 1 : lua_toboolean(L, 3);
  const ch_cfg *cfg = g->cfg;
  if (cfg->w.model != 1)
    return luaL_error(L, "texel: the gradient tuner fits the tapered evaluation (weights.model "
                         "1), got model %d", cfg->w.model);
  ltexel *x = lua_newuserdatauv(L, sizeof *x, 0);
  x->t = NULL;
  luaL_setmetatable(L, TEXEL_MT);
  const int *wv = (const int *)&cfg->w;
  for (int i = 0; i < CH_NW; i++) {
    x->w[i] = wv[i];
    x->linear[i] = (unsigned char)(weight_linear(&cfg->w, i) && weight_name(i) != NULL);
  }
  char err[SG_ERRLEN];
  x->t = chess_texel_load(cfg, path, quiet, err);
  if (!x->t)
    return luaL_error(L, "%s", err);
  return 1;
}

/* set:info() -> {positions, lines, in_check, noisy, entries, bytes} */
static int ltexel_info(lua_State *L) {
  ltexel *x = checktexel(L);
  const ch_texel *t = x->t;
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, (lua_Integer)t->n);
  lua_setfield(L, -2, "positions");
  lua_pushinteger(L, (lua_Integer)t->lines);
  lua_setfield(L, -2, "lines");
  lua_pushinteger(L, (lua_Integer)t->in_check);
  lua_setfield(L, -2, "in_check");
  lua_pushinteger(L, (lua_Integer)t->noisy);
  lua_setfield(L, -2, "noisy");
  lua_pushinteger(L, (lua_Integer)t->nnz);
  lua_setfield(L, -2, "entries");
  lua_pushinteger(L, (lua_Integer)(t->nnz * 6 + t->n * 13));
  lua_setfield(L, -2, "bytes");
  return 1;
}

/* set:names() -> the names of the weights the tuner can fit, in the evaluation's order */
static int ltexel_names(lua_State *L) {
  ltexel *x = checktexel(L);
  lua_newtable(L);
  int k = 0;
  for (int i = 0; i < CH_NW; i++)
    if (x->linear[i]) {
      lua_pushstring(L, weight_name(i));
      lua_rawseti(L, -2, ++k);
    }
  return 1;
}

/* The weight indices of the names in table `ni` (checked: each one the tuner fits). */
static void texel_indices(lua_State *L, ltexel *x, int ni, int *idx, int n) {
  for (int k = 0; k < n; k++) {
    lua_rawgeti(L, ni, k + 1);
    const char *name = lua_tostring(L, -1);
    int found = -1;
    for (int i = 0; name && i < CH_NW && found < 0; i++)
      if (x->linear[i] && !strcmp(weight_name(i), name))
        found = i;
    if (found < 0)
      luaL_error(L, "texel: %s is not a weight the gradient tuner fits (the tapered "
                    "evaluation's linear weights: set:names())", name ? name : "?");
    idx[k] = found;
    lua_pop(L, 1);
  }
}

static void texel_numbers(lua_State *L, int ti, const int *idx, int n, double *out,
                          const char *what) {
  for (int k = 0; k < n; k++) {
    lua_rawgeti(L, ti, k + 1);
    int isnum;
    double v = lua_tonumberx(L, -1, &isnum);
    if (!isnum || v != v)
      luaL_error(L, "texel: %s[%d] must be a number", what, k + 1);
    out[idx[k]] = v;
    lua_pop(L, 1);
  }
}

static void texel_store(lua_State *L, int ti, const int *idx, int n, const double *in) {
  for (int k = 0; k < n; k++) {
    lua_pushnumber(L, in[idx[k]]);
    lua_rawseti(L, ti, k + 1);
  }
}

/* set:loss(names, values, K) -> the mean squared error */
static int ltexel_loss(lua_State *L) {
  ltexel *x = checktexel(L);
  double w[CH_NW];
  int idx[CH_NW];
  int n = (int)luaL_len(L, 2);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  if (n > CH_NW || (int)luaL_len(L, 3) != n)
    return luaL_error(L, "texel: expected one value a name (%d names)", n);
  texel_indices(L, x, 2, idx, n);
  memcpy(w, x->w, sizeof w);
  texel_numbers(L, 3, idx, n, w, "values");
  double K = luaL_checknumber(L, 4);
  luaL_argcheck(L, K > 0, 4, "K must be above 0");
  lua_pushnumber(L, chess_texel_loss(x->t, w, K));
  return 1;
}

/* set:fit_k(names, values) -> K */
static int ltexel_fit_k(lua_State *L) {
  ltexel *x = checktexel(L);
  double w[CH_NW];
  int idx[CH_NW];
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  int n = (int)luaL_len(L, 2);
  if (n > CH_NW || (int)luaL_len(L, 3) != n)
    return luaL_error(L, "texel: expected one value a name (%d names)", n);
  texel_indices(L, x, 2, idx, n);
  memcpy(w, x->w, sizeof w);
  texel_numbers(L, 3, idx, n, w, "values");
  lua_pushnumber(L, chess_texel_fit_k(x->t, w));
  return 1;
}

/* set:adam(names, values, m, v, step, K, lr, epochs [, start, l2]) -> loss, step: `epochs` Adam
   steps on the named weights; values, m and v (tables of one number a name) are updated in
   place; with l2 > 0, a pull toward start (one number a name) of l2 * sum ((w - start)/100)^2. */
static int ltexel_adam(lua_State *L) {
  ltexel *x = checktexel(L);
  for (int a = 2; a <= 5; a++)
    luaL_checktype(L, a, LUA_TTABLE);
  int n = (int)luaL_len(L, 2);
  if (n > CH_NW || (int)luaL_len(L, 3) != n || (int)luaL_len(L, 4) != n ||
      (int)luaL_len(L, 5) != n)
    return luaL_error(L, "texel: expected values, m and v of one number a name (%d names)", n);
  lua_Integer step = luaL_checkinteger(L, 6);
  double K = luaL_checknumber(L, 7), lr = luaL_checknumber(L, 8);
  lua_Integer epochs = luaL_checkinteger(L, 9);
  luaL_argcheck(L, step >= 0, 6, "step must be 0 or more");
  luaL_argcheck(L, K > 0, 7, "K must be above 0");
  luaL_argcheck(L, lr > 0, 8, "lr must be above 0");
  luaL_argcheck(L, epochs >= 1 && epochs <= 1000000, 9, "epochs must be 1 to 1000000");
  double l2 = luaL_optnumber(L, 11, 0);
  luaL_argcheck(L, l2 >= 0 && l2 < 1e12, 11, "l2 must be a number of 0 or more");
  if (l2 > 0)
    luaL_checktype(L, 10, LUA_TTABLE);
  double *buf = lua_newuserdatauv(L, sizeof(double) * 5 * CH_NW + sizeof(int) * CH_NW, 0);
  double *w = buf, *m = buf + CH_NW, *v = buf + 2 * CH_NW, *grad = buf + 3 * CH_NW;
  double *w0 = buf + 4 * CH_NW;
  int *idx = (int *)(buf + 5 * CH_NW);
  unsigned char mask[CH_NW];
  memset(mask, 0, sizeof mask);
  memset(m, 0, sizeof(double) * CH_NW);
  memset(v, 0, sizeof(double) * CH_NW);
  texel_indices(L, x, 2, idx, n);
  memcpy(w, x->w, sizeof x->w);
  texel_numbers(L, 3, idx, n, w, "values");
  texel_numbers(L, 4, idx, n, m, "m");
  texel_numbers(L, 5, idx, n, v, "v");
  memcpy(w0, w, sizeof(double) * CH_NW);
  if (l2 > 0) {
    if ((int)luaL_len(L, 10) != n)
      return luaL_error(L, "texel: expected start of one number a name (%d names)", n);
    texel_numbers(L, 10, idx, n, w0, "start");
  }
  for (int k = 0; k < n; k++)
    mask[idx[k]] = 1;
  long st = (long)step;
  double loss = chess_texel_adam(x->t, w, mask, m, v, grad, &st, K, lr, (int)epochs, w0, l2);
  texel_store(L, 3, idx, n, w);
  texel_store(L, 4, idx, n, m);
  texel_store(L, 5, idx, n, v);
  lua_pushnumber(L, loss);
  lua_pushinteger(L, st);
  return 2;
}

static const luaL_Reg texel_methods[] = {
  {"info", ltexel_info},
  {"names", ltexel_names},
  {"loss", ltexel_loss},
  {"fit_k", ltexel_fit_k},
  {"adam", ltexel_adam},
  {NULL, NULL}
};

static const luaL_Reg chess_funcs[] = {
  {"search", lsearch},
  {"san", lsan},
  {"play_san", lplay_san},
  {"play_line", lplay_line},
  {"perft_unmake", lperft_unmake},
  {"result", lresult},
  {"in_check", lincheck},
  {"uci", luci},
  {"trace", ltrace},
  {"texel_load", ltexel_load},
  {"texel_names", ltexel_names_all},
  {NULL, NULL}
};

int luaopen_stratagem_chess(lua_State *L) {
  if (luaL_newmetatable(L, TEXEL_MT)) {
    luaL_newlib(L, texel_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, ltexel_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pop(L, 1);
  luaL_newlib(L, chess_funcs);
  lua_setfield(L, -2, "chess");
  return 1;
}
