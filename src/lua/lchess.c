/* lchess.c: chess for Lua: core.chess.search (the chess alpha-beta), san, result, and the UCI
   loop (core.chess.uci), which reads commands on one thread while the search runs on
   another. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ai/chesssearch.h"
#include "ai/search.h"
#include "core/clock.h"
#include "games/chess.h"
#include "lstratagem.h"

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
  if (!isnum) {
    const char *got = luaL_typename(L, -1);
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
  o.pvs = optbool(L, 2, "pvs", 1);
  o.aspiration = optbool(L, 2, "aspiration", 1);
  o.killers = optbool(L, 2, "killers", 1);
  o.history = optbool(L, 2, "history", 1);
  o.null_move = optbool(L, 2, "null_move", 1);
  o.lmr = optbool(L, 2, "lmr", 1);
  o.quiescence = optbool(L, 2, "quiescence", 1);
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
  if (search_alphabeta(&chess_class, g->cfg, copy, &o, r, err) != 0)
    return luaL_error(L, "%s", err);
  if (le.failed)
    return lua_error(L);
  if (r->stopped == SEARCH_INTERRUPTED)
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
    lua_pushinteger(L, r->score > 0 ? (plies + 1) / 2 : -(plies / 2));
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
  else
    lua_pushnil(L);
  lua_setfield(L, -2, "stopped");
  push_pv(L, r->pv, r->npv);
  lua_setfield(L, -2, "pv");
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

/* ---- UCI ---- */

typedef struct uci {
  ch_cfg cfg;
  const sg_param *params;
  ch_state st;
  chs_engine *eng;
  size_t hash_mb;
  pthread_t thread;
  int running;           /* a search thread exists (joinable) */
  volatile int stop;
  chs_limits lim;
  pthread_mutex_t out;
} uci;

static void say(uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void say(uci *u, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  pthread_mutex_lock(&u->out);
  vfprintf(stdout, fmt, ap);
  fputc('\n', stdout);
  fflush(stdout);
  pthread_mutex_unlock(&u->out);
  va_end(ap);
}

static void report(void *ud, const chs_info *i) {
  uci *u = ud;
  char line[4096];
  size_t k = 0;
  int ms = (int)(i->time * 1000);
  k += (size_t)snprintf(line + k, sizeof line - k, "info depth %d seldepth %d ", i->depth,
                        i->seldepth);
  if (i->mate)
    k += (size_t)snprintf(line + k, sizeof line - k, "score mate %d", i->mate);
  else
    k += (size_t)snprintf(line + k, sizeof line - k, "score cp %d", i->score);
  if (i->bound)
    k += (size_t)snprintf(line + k, sizeof line - k, i->bound == 1 ? " lowerbound" : " upperbound");
  k += (size_t)snprintf(line + k, sizeof line - k, " nodes %llu nps %llu time %d",
                        (unsigned long long)i->nodes,
                        (unsigned long long)(i->time > 0 ? (double)i->nodes / i->time : 0), ms);
  if (!i->bound && i->npv) {
    k += (size_t)snprintf(line + k, sizeof line - k, " pv");
    for (int j = 0; j < i->npv && k + 8 < sizeof line; j++) {
      char b[6];
      chess_move_uci(i->pv[j], b);
      k += (size_t)snprintf(line + k, sizeof line - k, " %s", b);
    }
  }
  say(u, "%s", line);
}

static void *search_thread(void *arg) {
  uci *u = arg;
  chs_info r;
  if (chs_search(u->eng, &u->cfg, &u->st, &u->lim, &u->stop, report, u, &r) != 0) {
    say(u, "info string no legal move in this position");
    say(u, "bestmove 0000");
    return NULL;
  }
  /* under "go infinite" the bestmove waits for stop (the protocol says so) */
  while (u->lim.infinite && !u->stop) {
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  char b[6], p[6];
  chess_move_uci(r.pv[0], b);
  if (r.npv > 1) {
    chess_move_uci(r.pv[1], p);
    say(u, "bestmove %s ponder %s", b, p);
  } else
    say(u, "bestmove %s", b);
  return NULL;
}

static void wait_search(uci *u) {
  if (u->running) {
    pthread_join(u->thread, NULL);
    u->running = 0;
  }
}

static void stop_search(uci *u) {
  u->stop = 1;
  wait_search(u);
}

static char *next_tok(char **s) {
  while (**s == ' ' || **s == '\t')
    (*s)++;
  if (!**s)
    return NULL;
  char *t = *s;
  while (**s && **s != ' ' && **s != '\t')
    (*s)++;
  if (**s)
    *(*s)++ = 0;
  return t;
}

static void cmd_position(uci *u, char *rest) {
  char err[SG_ERRLEN];
  ch_state st;
  memset(&st, 0, sizeof st);
  char *t = next_tok(&rest);
  char fen[256] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  if (t && !strcmp(t, "fen")) {
    char *m = strstr(rest, " moves");
    size_t n = m ? (size_t)(m - rest) : strlen(rest);
    if (n >= sizeof fen)
      n = sizeof fen - 1;
    memcpy(fen, rest, n);
    fen[n] = 0;
    rest = m ? m + 1 : rest + strlen(rest);
  } else if (!t || strcmp(t, "startpos")) {
    say(u, "info string position: expected 'startpos' or 'fen FEN', got '%s'", t ? t : "");
    return;
  }
  if (chess_class.init(&u->cfg, &st, fen, 0, err) != 0) {
    say(u, "info string %s", err);
    return;
  }
  t = next_tok(&rest);
  if (t && !strcmp(t, "moves")) {
    while ((t = next_tok(&rest))) {
      sg_move m;
      if (chess_parse_move(&st.p, t, &m, err) != 0) {
        say(u, "info string position: %s (the moves after it are ignored)", err);
        break;
      }
      chess_class.play(&u->cfg, &st, m);
    }
  }
  u->st = st;
}

static void cmd_go(uci *u, char *rest) {
  chs_limits l;
  memset(&l, 0, sizeof l);
  l.time_left = -1;
  l.random = -1;
  double wt = -1, bt = -1, wi = 0, bi = 0;
  char *t;
  while ((t = next_tok(&rest))) {
    char *v = NULL;
    if (strcmp(t, "infinite") && strcmp(t, "ponder"))
      v = next_tok(&rest);
    double x = v ? atof(v) : 0;
    if (!strcmp(t, "depth")) l.depth = (int)x;
    else if (!strcmp(t, "movetime")) l.movetime = x / 1000;
    else if (!strcmp(t, "nodes")) l.nodes = (uint64_t)x;
    else if (!strcmp(t, "wtime")) wt = x / 1000;
    else if (!strcmp(t, "btime")) bt = x / 1000;
    else if (!strcmp(t, "winc")) wi = x / 1000;
    else if (!strcmp(t, "binc")) bi = x / 1000;
    else if (!strcmp(t, "movestogo")) l.movestogo = (int)x;
    else if (!strcmp(t, "infinite")) l.infinite = 1;
    else if (!strcmp(t, "ponder")) continue;
    else if (!strcmp(t, "perft")) {
      uint64_t n = chess_perft(&u->st.p, (int)x);
      say(u, "info string perft %d nodes %llu", (int)x, (unsigned long long)n);
      say(u, "Nodes searched: %llu", (unsigned long long)n);
      return;
    } else
      say(u, "info string go: unknown parameter '%s' ignored", t);
  }
  if (u->st.p.side == 0)
    l.time_left = wt, l.increment = wi;
  else
    l.time_left = bt, l.increment = bi;
  if (l.depth < 0 || l.depth > CHS_MAX_PLY - 3)
    l.depth = 0;
  if (!l.depth && !l.movetime && !l.nodes && l.time_left < 0)
    l.infinite = 1;   /* "go" alone searches until stop */
  u->lim = l;
  u->stop = 0;
  if (pthread_create(&u->thread, NULL, search_thread, u) == 0)
    u->running = 1;
  else
    say(u, "info string go: cannot start the search thread");
}

static void cmd_setoption(uci *u, char *rest) {
  /* setoption name NAME [value VALUE]; names may hold spaces */
  char *n = strstr(rest, "name ");
  if (!n) {
    say(u, "info string setoption: expected 'name NAME value VALUE'");
    return;
  }
  n += 5;
  char *v = strstr(n, " value ");
  char name[128];
  size_t len = v ? (size_t)(v - n) : strlen(n);
  while (len && n[len - 1] == ' ')
    len--;
  if (len >= sizeof name)
    len = sizeof name - 1;
  memcpy(name, n, len);
  name[len] = 0;
  const char *val = v ? v + 7 : NULL;
  if (!strcasecmp(name, "Hash")) {
    long mb = val ? atol(val) : 0;
    if (mb < 1 || mb > 65536 || chs_resize(u->eng, (size_t)mb << 20) != 0)
      say(u, "info string setoption: Hash must be 1 to 65536 MB that can be had, got '%s'",
          val ? val : "");
    else
      u->hash_mb = (size_t)mb;
    return;
  }
  if (!strcasecmp(name, "Clear Hash")) {
    chs_clear(u->eng);
    return;
  }
  if (!strcasecmp(name, "Ponder") || !strcasecmp(name, "UCI_AnalyseMode"))
    return;
  for (const sg_param *p = u->params; p->name; p++)
    if (!strcasecmp(name, p->name)) {
      char err[SG_ERRLEN];
      char *end;
      double x = val ? strtod(val, &end) : 0;
      if (!val || end == val || game_param_set(p, &u->cfg, x, err) != 0)
        say(u, "info string setoption: %s must be a whole number from %g to %g, got '%s'",
            p->name, p->min, p->max, val ? val : "");
      return;
    }
  say(u, "info string setoption: unknown option '%s' ignored", name);
}

/* core.chess.uci(g): the UCI loop on stdin/stdout, with g's weights and rules as the option
   defaults.  Returns when "quit" or the end of input is read. */
static int luci(lua_State *L) {
  lgame *g;
  checkchess(L, 1, &g);
  uci *u = lua_newuserdatauv(L, sizeof *u, 0);
  memset(u, 0, sizeof *u);
  memcpy(&u->cfg, g->cfg, sizeof u->cfg);
  u->params = chess_class.params;
  u->hash_mb = 16;
  pthread_mutex_init(&u->out, NULL);
  char err[SG_ERRLEN];
  chess_class.init(&u->cfg, &u->st, NULL, 0, err);
  u->eng = chs_new(u->hash_mb << 20);
  if (!u->eng)
    return luaL_error(L, "uci: out of memory");
  setvbuf(stdout, NULL, _IOLBF, 0);
  char line[8192];
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      line[--n] = 0;
    char *rest = line;
    char *cmd = next_tok(&rest);
    if (!cmd)
      continue;
    if (!strcmp(cmd, "uci")) {
      say(u, "id name stratagem " PACKAGE_VERSION);
      say(u, "id author the stratagem developers");
      say(u, "option name Hash type spin default 16 min 1 max 65536");
      say(u, "option name Clear Hash type button");
      for (const sg_param *p = u->params; p->name; p++)
        say(u, "option name %s type spin default %d min %d max %d", p->name,
            (int)game_param_get(p, &u->cfg), (int)p->min, (int)p->max);
      say(u, "uciok");
    } else if (!strcmp(cmd, "isready"))
      say(u, "readyok");
    else if (!strcmp(cmd, "quit")) {
      u->stop = 1;
      break;
    }
    else if (!strcmp(cmd, "stop"))
      stop_search(u);
    else if (!strcmp(cmd, "ponderhit"))
      ;
    else if (!strcmp(cmd, "debug") || !strcmp(cmd, "register"))
      ;
    else {
      wait_search(u);   /* the other commands come between searches */
      if (!strcmp(cmd, "ucinewgame"))
        chs_clear(u->eng);
      else if (!strcmp(cmd, "position"))
        cmd_position(u, rest);
      else if (!strcmp(cmd, "go"))
        cmd_go(u, rest);
      else if (!strcmp(cmd, "setoption"))
        cmd_setoption(u, rest);
      else if (!strcmp(cmd, "d")) {
        char buf[2048];
        chess_class.draw(&u->cfg, &u->st, buf, sizeof buf, 0);
        char fen[128];
        chess_to_fen(&u->st.p, fen, sizeof fen);
        say(u, "%s\nFen: %s", buf, fen);
      } else
        say(u, "info string unknown command '%s' ignored", cmd);
    }
  }
  /* end of input: an infinite search is stopped, a limited one finishes; then bestmove */
  if (u->running && u->lim.infinite)
    u->stop = 1;
  wait_search(u);
  chs_free(u->eng);
  u->eng = NULL;
  pthread_mutex_destroy(&u->out);
  return 0;
}

static const luaL_Reg chess_funcs[] = {
  {"search", lsearch},
  {"san", lsan},
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
