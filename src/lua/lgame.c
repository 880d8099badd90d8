/* lgame.c: the game userdata: creation from checked options, moves, play, undo, perft. */
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "core/clock.h"
#include "lstratagem.h"

#define MOVEBUF 64

static const char *const group_names[] = {"rules", "weights", "variant"};

lgame *checkgame(lua_State *L, int i) {
  lgame *g = (lgame *)luaL_checkudata(L, i, SG_GAME_MT);
  if (g->states == NULL)
    luaL_error(L, "attempt to use a closed game");
  if (ldefine_is(g->cls))
    ldefine_bind(L, g);
  return g;
}

void lgame_guard(lua_State *L, const lgame *g) {
  if (ldefine_is(g->cls))
    ldefine_guard(L, g);
}

void lgame_unguard(lua_State *L, const lgame *g) {
  if (ldefine_is(g->cls))
    ldefine_unguard(L, g);
}

const void *lgame_state(const lgame *g) {
  return g->states + (size_t)g->n * g->cls->state_size;
}

void lgame_pushmove(lua_State *L, const lgame *g, const void *st, sg_move m) {
  char buf[MOVEBUF];
  g->cls->format(g->cfg, st, m, buf, sizeof buf);
  lua_pushstring(L, buf);
}

int lgame_interrupted(lua_State *L) {
  interrupt_clear();
  return luaL_error(L, "interrupted!");
}

int lgame_keep_partial(void) {
  if (!interrupt_gentle())
    return 0;
  interrupt_clear();
  return 1;
}

/* Room for `need` states (and need - 1 moves); raises on no memory (the userdata still owns
   everything it had). */
static void reserve(lua_State *L, lgame *g, int need) {
  if (need <= g->cap)
    return;
  int cap = g->cap ? g->cap : 16;
  while (cap < need)
    cap *= 2;
  unsigned char *s = realloc(g->states, (size_t)cap * g->cls->state_size);
  if (s == NULL)
    luaL_error(L, "out of memory");
  g->states = s;
  sg_move *h = realloc(g->hist, (size_t)cap * sizeof(sg_move));
  if (h == NULL)
    luaL_error(L, "out of memory");
  g->hist = h;
  g->cap = cap;
}

/* A new empty game userdata of class c, safe to collect before it is filled. */
static lgame *newgame(lua_State *L, const sg_class *c) {
  lgame *g = (lgame *)lua_newuserdatauv(L, sizeof(lgame), 0);   /* ud */
  memset(g, 0, sizeof *g);
  luaL_setmetatable(L, SG_GAME_MT);
  g->cls = c;
  g->cfg = calloc(1, c->cfg_size ? c->cfg_size : 1);
  if (g->cfg == NULL)
    luaL_error(L, "out of memory");
  reserve(L, g, 1);
  return g;
}

struct search_memory *lgame_memory(lua_State *L, lgame *g, int player) {
  search_memory **m = &g->memory[player & 1];
  if (!*m && !(*m = calloc(1, sizeof **m)))
    luaL_error(L, "search: out of memory (keep_history's tables)");
  return *m;
}

/* Set every parameter of group grp from the table at index t (missing table: an error). */
static void set_params(lua_State *L, lgame *g, int t, sg_param_group grp) {
  const sg_class *c = g->cls;
  const char *gname = group_names[grp];
  char err[SG_ERRLEN];
  lua_getfield(L, t, gname);                                  /* ... tbl */
  if (!lua_istable(L, -1))
    luaL_error(L, "%s: '%s' must be a table, got %s", c->name, gname, luaL_typename(L, -1));
  int nparams = 0, nkeys = 0;
  for (const sg_param *p = c->params; p && p->name; p++) {
    if (p->group != grp)
      continue;
    nparams++;
    lua_getfield(L, -1, p->name);                             /* ... tbl v */
    double v = 0;
    if (p->type == SG_PBOOL && lua_isboolean(L, -1))
      v = lua_toboolean(L, -1);
    else if (p->type != SG_PBOOL && lua_type(L, -1) == LUA_TNUMBER)
      v = lua_tonumber(L, -1);
    else
      luaL_error(L, "%s: %s.%s must be a %s, got %s", c->name, gname, p->name,
                 p->type == SG_PBOOL ? "boolean" : "number", luaL_typename(L, -1));
    if (game_param_set(p, g->cfg, v, err) != 0)
      luaL_error(L, "%s: %s.%s", c->name, gname, err);
    lua_pop(L, 1);                                            /* ... tbl */
  }
  /* every parameter was found above, so a table of as many keys holds no other: only a
     table with more is searched for the unknown key (chess has 858 weights) */
  lua_pushnil(L);                                             /* ... tbl nil */
  while (lua_next(L, -2)) {                                   /* ... tbl k v */
    nkeys++;
    lua_pop(L, 1);                                            /* ... tbl k */
  }
  if (nkeys != nparams) {
    lua_pushnil(L);                                           /* ... tbl nil */
    while (lua_next(L, -2)) {                                 /* ... tbl k v */
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
      if (k == NULL || game_param_find(c, grp, k) == NULL)
        luaL_error(L, "%s: unknown %s key '%s'", c->name, gname,
                   k ? k : luaL_typename(L, -2));
      lua_pop(L, 1);                                          /* ... tbl k */
    }
  }
  lua_pop(L, 1);                                              /* ... */
}

/* The game named by argument arg, built in or defined in Lua, or NULL: a name with a NUL
   byte names none (C would read only the part before it). */
static const sg_class *find_game(lua_State *L, int arg) {
  size_t n;
  const char *name = luaL_checklstring(L, arg, &n);
  if (strlen(name) != n)
    return NULL;
  const sg_class *c = game_find(name);
  return c ? c : ldefine_find(L, name);
}

/* The unknown game's name as a message can show it: NUL bytes as \0. */
static const char *shown_name(lua_State *L, int arg) {
  size_t n;
  const char *name = lua_tolstring(L, arg, &n);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (size_t i = 0; i < n; i++) {
    if (name[i] == '\0')
      luaL_addstring(&b, "\\0");
    else
      luaL_addchar(&b, name[i]);
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

/* core.new(name, {seed =, position =, rules =, weights =, variant =}): options already merged
   with the game's Lua defaults and checked key by key by stratagem/init.lua. */
static int lnew(lua_State *L) {
  luaL_checktype(L, 2, LUA_TTABLE);
  const sg_class *c = find_game(L, 1);
  if (c == NULL)
    return luaL_error(L, "unknown game '%s'", shown_name(L, 1));
  lgame *g = newgame(L, c);                                   /* name opts ud */
  if (ldefine_is(c))   /* a game defined in Lua: no C parameters; weights go to its eval */
    ldefine_config(L, g, 2);
  else
    for (int grp = SG_RULES; grp <= SG_VARIANT; grp++)
      set_params(L, g, 2, (sg_param_group)grp);
  char err[SG_ERRLEN] = "";
  if (c->check_cfg && c->check_cfg(g->cfg, err) != 0)
    return luaL_error(L, "%s: %s", c->name, err);
  lua_getfield(L, 2, "seed");
  g->seed = luaL_optinteger(L, -1, 1);
  lua_getfield(L, 2, "position");                             /* ... ud seed pos */
  const char *pos = lua_isnil(L, -1) ? NULL : lua_tostring(L, -1);
  if (!lua_isnil(L, -1) && !lua_isstring(L, -1))
    return luaL_error(L, "%s: position must be a string, got %s", c->name, luaL_typename(L, -1));
  if ((c->setup && c->setup(g->cfg, pos, err) != 0) ||
      c->init(g->cfg, g->states, pos, (uint64_t)g->seed, err) != 0) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pop(L, 2);                                              /* name opts ud */
  return 1;
}

/* g:moves([{distinct = true}]): the legal moves as strings. */
static int lmoves(lua_State *L) {
  lgame *g = checkgame(L, 1);
  int distinct = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 2)) {
      if (lua_type(L, -2) != LUA_TSTRING || strcmp(lua_tostring(L, -2), "distinct") != 0)
        return luaL_error(L, "moves: unknown option '%s' (valid options: distinct)",
                          lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2)
                                                         : luaL_typename(L, -2));
      lua_pop(L, 1);
    }
    lua_getfield(L, 2, "distinct");
    if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
      return luaL_error(L, "moves: distinct must be a boolean, got %s", luaL_typename(L, -1));
    distinct = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  const sg_class *c = g->cls;
  const void *st = lgame_state(g);
  size_t mm = (size_t)c->max_moves;
  if (g->movebuf == NULL && (g->movebuf = malloc(mm * sizeof(sg_move))) == NULL)
    return luaL_error(L, "out of memory");
  sg_move *ms = g->movebuf;
  uint64_t *keys = NULL;
  void *scratch = NULL;
  if (distinct) {   /* symmetry keys and two states, as a userdata so an error leaks nothing */
    size_t soff = (mm * sizeof(uint64_t) + 15) & ~(size_t)15;
    unsigned char *buf = lua_newuserdatauv(L, soff + 2 * c->state_size, 0);
    keys = (uint64_t *)(void *)buf;
    scratch = buf + soff;
  }
  int n = c->status(g->cfg, st, NULL) == SG_PLAYING ? c->gen(g->cfg, st, ms) : 0;
  if (distinct)
    n = game_distinct(c, g->cfg, st, ms, n, scratch, keys);
  lua_createtable(L, n, 0);                                       /* g opts buf list */
  for (int i = 0; i < n; i++) {
    lgame_pushmove(L, g, st, ms[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* Apply move m to the current state, keeping the previous one for undo. */
void lgame_push(lua_State *L, lgame *g, sg_move m) {
  reserve(L, g, g->n + 2);
  size_t sz = g->cls->state_size;
  unsigned char *cur = g->states + (size_t)g->n * sz;
  memcpy(cur + sz, cur, sz);
  g->cls->play(g->cfg, cur + sz, m);
  if (ldefine_is(g->cls))   /* the script's new state is kept while the game keeps it */
    ldefine_keep(L, g, cur + sz);
  g->hist[g->n++] = m;
}

/* Parse and check a move string at stack index i; raises with the game's reason. */
static sg_move checkmove(lua_State *L, lgame *g, int i) {
  char err[SG_ERRLEN];
  sg_move m;
  if (lua_type(L, i) != LUA_TSTRING)
    luaL_error(L, "bad move: expected a string in %s's notation, got %s", g->cls->name,
               luaL_typename(L, i));
  const char *text = lua_tostring(L, i);
  if (g->cls->parse(g->cfg, lgame_state(g), text, &m, err) != 0)
    luaL_error(L, "%s", err);
  return m;
}

/* g:play(move): apply a legal move given as a string; returns g. */
static int lplay(lua_State *L) {
  lgame *g = checkgame(L, 1);
  sg_move m = checkmove(L, g, 2);
  lgame_push(L, g, m);
  lua_settop(L, 1);
  return 1;
}

/* g:legal(move): true when the string is a legal move here, else false and the reason. */
static int llegal(lua_State *L) {
  lgame *g = checkgame(L, 1);
  char err[SG_ERRLEN];
  sg_move m;
  const char *text = luaL_checkstring(L, 2);
  if (g->cls->parse(g->cfg, lgame_state(g), text, &m, err) != 0) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* g:undo(): take back the last move; returns the move taken back. */
static int lundo(lua_State *L) {
  lgame *g = checkgame(L, 1);
  if (g->n == 0)
    return luaL_error(L, "undo: nothing to undo (no move has been played)");
  g->n--;
  lgame_pushmove(L, g, lgame_state(g), g->hist[g->n]);
  if (ldefine_is(g->cls))   /* the state taken back is no longer held by g */
    ldefine_hold(L, g, g->states + (size_t)(g->n + 1) * g->cls->state_size, -1);
  return 1;
}

static int lcopy(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lgame *h = newgame(L, g->cls);
  memcpy(h->cfg, g->cfg, g->cls->cfg_size);
  h->seed = g->seed;
  reserve(L, h, g->n + 1);
  h->n = g->n;
  memcpy(h->states, g->states, (size_t)(g->n + 1) * g->cls->state_size);
  memcpy(h->hist, g->hist, (size_t)g->n * sizeof(sg_move));
  if (ldefine_is(g->cls))
    for (int i = 0; i <= h->n; i++)
      ldefine_hold(L, h, h->states + (size_t)i * g->cls->state_size, 1);
  return 1;
}

static int lplayer(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_pushinteger(L, g->cls->to_move(g->cfg, lgame_state(g)) + 1);
  return 1;
}

/* Push the score bounds {min_each, max_sum} of class c under cfg, or nil (cfg NULL: only
   bounds that are the same for every config). */
static int push_bounds(lua_State *L, const sg_class *c, const void *cfg) {
  int lo, sum;
  if ((cfg == NULL && c->bounds != SG_BOUNDS_FIXED) || !game_score_bounds(c, cfg, &lo, &sum)) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, lo);
  lua_setfield(L, -2, "min_each");
  lua_pushinteger(L, sum);
  lua_setfield(L, -2, "max_sum");
  return 1;
}

/* g:score_bounds(): {min_each, max_sum} for the game's weights, or nil when it has none. */
static int lscore_bounds(lua_State *L) {
  lgame *g = checkgame(L, 1);
  return push_bounds(L, g->cls, g->cfg);
}

static int lplayers(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_pushinteger(L, g->cls->players(g->cfg, lgame_state(g)));
  return 1;
}

/* g:status(): "playing" | "won" | "drawn" | "lost" (a one-player game that ended unwon: patience),
   then the winner (1-based) or nil, and for a drawn game of more than two players the ranking
   (players by score, best first). */
static int lstatus(lua_State *L) {
  lgame *g = checkgame(L, 1);
  int w = -1;
  sg_status s = g->cls->status(g->cfg, lgame_state(g), &w);
  if (s == SG_DRAWN && g->cls->max_players == 1) {
    lua_pushstring(L, "lost");
    lua_pushnil(L);
    return 2;
  }
  lua_pushstring(L, s == SG_WON ? "won" : s == SG_DRAWN ? "drawn" : "playing");
  if (s == SG_WON)
    lua_pushinteger(L, w + 1);
  else
    lua_pushnil(L);
  int np = g->cls->players(g->cfg, lgame_state(g));
  if (s != SG_DRAWN || np <= 2)
    return 2;
  /* a drawn game of more players: the ranking by score, best first (ties by number) */
  int sc[SG_MAX_PLAYERS], rank[SG_MAX_PLAYERS];
  g->cls->eval(g->cfg, lgame_state(g), sc);
  for (int i = 0; i < np; i++) {
    int j = i;
    while (j > 0 && sc[rank[j - 1]] < sc[i]) {
      rank[j] = rank[j - 1];
      j--;
    }
    rank[j] = i;
  }
  lua_createtable(L, np, 0);
  for (int i = 0; i < np; i++) {
    lua_pushinteger(L, rank[i] + 1);
    lua_rawseti(L, -2, i + 1);
  }
  return 3;
}

static int lscores(lua_State *L) {
  lgame *g = checkgame(L, 1);
  int sc[SG_MAX_PLAYERS];
  int np = g->cls->players(g->cfg, lgame_state(g));
  g->cls->eval(g->cfg, lgame_state(g), sc);
  lua_createtable(L, np, 0);
  for (int i = 0; i < np; i++) {
    lua_pushinteger(L, sc[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int lperft(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_Integer d = luaL_checkinteger(L, 2);
  if (d < 0 || d > 63)   /* deeper could never finish, and chess keeps 64 plies of moves */
    return luaL_error(L, "perft: depth %d is out of range; expected 0 to 63", (int)d);
  lgame_guard(L, g);
  uint64_t r = game_perft(g->cls, g->cfg, lgame_state(g), (int)d);
  lgame_unguard(L, g);
  if (r == UINT64_MAX) {
    if (interrupt_pending())
      return lgame_interrupted(L);
    return luaL_error(L, "perft: out of memory");
  }
  lua_pushinteger(L, (lua_Integer)r);
  return 1;
}

/* g:history(): the moves played from the start, as strings. */
static int lhistory(lua_State *L) {
  lgame *g = checkgame(L, 1);
  size_t sz = g->cls->state_size;
  lua_createtable(L, g->n, 0);
  for (int i = 0; i < g->n; i++) {
    lgame_pushmove(L, g, g->states + (size_t)i * sz, g->hist[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* The state that a text of g shows, chosen by the argument at index i: nil or false (the
   current state), true (the start), or a table {start =, all =, player =}.  For a game with
   hidden information the text shows what one player sees (the player to move, or `player`,
   1-based), unless all = true: then the view is written into the scratch userdata pushed on
   the stack (one value more on the stack in every case). */
static const void *shown_state(lua_State *L, lgame *g, int i, const char *what) {
  const sg_class *c = g->cls;
  int start = 0, all = 0, player = 0;
  if (lua_istable(L, i)) {
    lua_pushnil(L);
    while (lua_next(L, i)) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      if (strcmp(k, "start") == 0)
        start = lua_toboolean(L, -1);
      else if (strcmp(k, "all") == 0)
        all = lua_toboolean(L, -1);
      else if (strcmp(k, "player") == 0 && lua_isinteger(L, -1)) {
        lua_Integer p = lua_tointeger(L, -1);
        if (p < 1 || p > c->players(g->cfg, lgame_state(g)))
          luaL_error(L, "%s: player %d is not a player of this game (1 to %d)", what, (int)p,
                     c->players(g->cfg, lgame_state(g)));
        player = (int)p;
      } else
        luaL_error(L, "%s: unknown option '%s' or not of its type; expected start (boolean), "
                   "all (boolean), player (integer)", what, k);
      lua_pop(L, 1);
    }
  } else if (!lua_isnoneornil(L, i) && !lua_isboolean(L, i))
    luaL_error(L, "%s: expected a boolean or a table {start =, all =, player =}, got %s", what,
               luaL_typename(L, i));
  else
    start = lua_toboolean(L, i);
  const void *st = start ? g->states : lgame_state(g);
  if (!c->hidden || all) {
    lua_pushnil(L);
    return st;
  }
  void *v = lua_newuserdatauv(L, c->state_size, 0);
  c->view(g->cfg, st, player ? player - 1 : c->to_move(g->cfg, st), v);
  return v;
}

/* Push the diagram (draw = 1, in colour or not) or the position text (draw = 0) of st, with
   room for all of it. */
static void push_text(lua_State *L, lgame *g, const void *st, int draw, int colour) {
  luaL_Buffer b;
  size_t cap = 8192;
  for (;;) {
    char *p = luaL_buffinitsize(L, &b, cap);
    size_t n = draw ? g->cls->draw(g->cfg, st, p, cap, colour)
                    : g->cls->save_pos(g->cfg, st, p, cap);
    if (n < cap) {
      luaL_pushresultsize(&b, n);
      return;
    }
    luaL_pushresultsize(&b, 0);   /* a long position (a war chess board): again, bigger */
    lua_pop(L, 1);
    cap = n + 1;
  }
}

/* g:position([start | {start =, all =, player =}]): the current (or starting) position as
   text; with hidden information, what the player to move (or `player`) sees unless all. */
static int lposition(lua_State *L) {
  lgame *g = checkgame(L, 1);
  const void *st = shown_state(L, g, 2, "position");
  push_text(L, g, st, 0, 0);
  return 1;
}

/* g:view([player]): the position as player (default: the player to move) sees it. */
static int lview(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_settop(L, 2);
  lua_createtable(L, 0, 1);
  if (!lua_isnil(L, 2)) {
    lua_Integer p = luaL_checkinteger(L, 2);
    lua_pushinteger(L, p);
    lua_setfield(L, 3, "player");
  }
  const void *st = shown_state(L, g, 3, "view");
  push_text(L, g, st, 0, 0);
  return 1;
}

/* g:sample(seed [, player]): a new game (same config and seed, no history) whose state is a
   full state consistent with what player (default: the player to move) sees, the unknowns
   drawn from seed: a determinization.  A game without hidden information gives a copy of
   its position. */
static int lsample(lua_State *L) {
  lgame *g = checkgame(L, 1);
  const sg_class *c = g->cls;
  lua_Integer seed = luaL_checkinteger(L, 2);
  const void *st = lgame_state(g);
  int np = c->players(g->cfg, st);
  lua_Integer p = luaL_optinteger(L, 3, c->to_move(g->cfg, st) + 1);
  if (p < 1 || p > np)
    return luaL_error(L, "sample: player %d is not a player of this game (1 to %d)", (int)p, np);
  lgame *h = newgame(L, c);
  memcpy(h->cfg, g->cfg, c->cfg_size);
  h->seed = g->seed;
  if (c->hidden) {
    void *v = lua_newuserdatauv(L, c->state_size, 0);
    c->view(g->cfg, st, (int)p - 1, v);
    c->sample(g->cfg, v, (int)p - 1, (uint64_t)seed, h->states);
    lua_pop(L, 1);
  } else {
    memcpy(h->states, st, c->state_size);
    if (ldefine_is(c))
      ldefine_hold(L, h, h->states, 1);
  }
  return 1;
}

/* g:config(): the rules, weights and variant in force, read back from the C struct. */
static int lconfig(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_createtable(L, 0, 3);
  for (int grp = SG_RULES; grp <= SG_VARIANT; grp++) {
    lua_newtable(L);
    for (const sg_param *p = g->cls->params; p && p->name; p++) {
      if (p->group != (sg_param_group)grp)
        continue;
      double v = game_param_get(p, g->cfg);
      if (p->type == SG_PBOOL)
        lua_pushboolean(L, v != 0);
      else if (p->type == SG_PINT)
        lua_pushinteger(L, (lua_Integer)v);
      else
        lua_pushnumber(L, v);
      lua_setfield(L, -2, p->name);
    }
    lua_setfield(L, -2, group_names[grp]);
  }
  if (ldefine_is(g->cls)) {   /* a defined game's weights and variant: copies of its tables */
    for (int grp = 0; grp < 2; grp++) {
      lua_newtable(L);                                /* cfg copy */
      if (grp == 0)
        ldefine_push_weights(L, g);                   /* cfg copy w */
      else
        ldefine_push_variant(L, g);
      lua_pushnil(L);
      while (lua_next(L, -2)) {                       /* cfg copy w k v */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);                            /* cfg copy w k k v */
        lua_settable(L, -5);                          /* cfg copy w k */
      }
      lua_pop(L, 1);                                  /* cfg copy */
      lua_setfield(L, -2, grp == 0 ? "weights" : "variant");
    }
  }
  lua_pushinteger(L, g->seed);
  lua_setfield(L, -2, "seed");
  return 1;
}

/* g:ply(): the number of moves played since the start. */
static int lply(lua_State *L) {
  lua_pushinteger(L, checkgame(L, 1)->n);
  return 1;
}

/* g:set_weights{name = value, ...}: change evaluation weights now (they never change what is
   legal, so history and saves stay valid).  Every key and value is checked before any is set:
   on an error the game is unchanged.  Returns g. */
/* Levenshtein's edit distance, for names of up to 63 bytes (longer ones count as far). */
static int edits(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  int row[64];
  if (n > 63 || m > 63)
    return 1000;
  for (size_t j = 0; j <= m; j++)
    row[j] = (int)j;
  for (size_t i = 1; i <= n; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= m; j++) {
      int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[m];
}

/* Pushes the text naming class c's weights after the unknown key bad: all of them when there
   are few; of a long list (chess has 858) the eight nearest by spelling, and where to read
   them all. */
static void push_valid_weights(lua_State *L, const sg_class *c, const char *bad) {
  enum { NEAR = 8 };
  const char *near[NEAR];
  int dist[NEAR], count = 0, kept = 0;
  luaL_Buffer b;
  for (const sg_param *q = c->params; q && q->name; q++)
    count += q->group == SG_WEIGHTS;
  luaL_buffinit(L, &b);
  if (count <= 40) {
    luaL_addstring(&b, "valid keys: ");
    for (const sg_param *q = c->params; q && q->name; q++)
      if (q->group == SG_WEIGHTS) {
        luaL_addstring(&b, q->name);
        if (--count > 0)
          luaL_addstring(&b, ", ");
      }
    luaL_pushresult(&b);
    return;
  }
  for (const sg_param *q = c->params; q && q->name; q++) {   /* the NEAR nearest, in order */
    if (q->group != SG_WEIGHTS)
      continue;
    int d = edits(bad, q->name), at = kept < NEAR ? kept++ : NEAR;
    while (at > 0 && (dist[at - 1] > d || (dist[at - 1] == d && strcmp(near[at - 1], q->name) > 0))) {
      if (at < NEAR) {
        near[at] = near[at - 1];
        dist[at] = dist[at - 1];
      }
      at--;
    }
    if (at < NEAR) {
      near[at] = q->name;
      dist[at] = d;
    }
  }
  luaL_addstring(&b, "nearest valid keys: ");
  for (int i = 0; i < kept; i++) {
    luaL_addstring(&b, near[i]);
    luaL_addstring(&b, i + 1 < kept ? ", " : "; ");
  }
  lua_pushfstring(L, "%d in all, listed by g:config().weights", count);
  luaL_addvalue(&b);
  luaL_pushresult(&b);
}

static int lset_weights(lua_State *L) {
  lgame *g = checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  if (ldefine_is(g->cls)) {
    ldefine_set_weights(L, g, 2);
    lua_settop(L, 1);
    return 1;
  }
  const sg_class *c = g->cls;
  char err[SG_ERRLEN];
  void *trial = lua_newuserdatauv(L, c->cfg_size ? c->cfg_size : 1, 0);   /* g t trial */
  memcpy(trial, g->cfg, c->cfg_size);
  lua_pushnil(L);
  while (lua_next(L, 2)) {                                                 /* g t trial k v */
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    const sg_param *p = k ? game_param_find(c, SG_WEIGHTS, k) : NULL;
    if (p == NULL) {
      push_valid_weights(L, c, k ? k : "");
      return luaL_error(L, "set_weights: unknown weights key '%s' for %s (%s)",
                        k ? k : luaL_typename(L, -3), c->name, lua_tostring(L, -1));
    }
    if (p->type == SG_PBOOL ? !lua_isboolean(L, -1) : lua_type(L, -1) != LUA_TNUMBER)
      return luaL_error(L, "set_weights: %s must be a %s, got %s", k,
                        p->type == SG_PBOOL ? "boolean" : "number", luaL_typename(L, -1));
    double v = p->type == SG_PBOOL ? lua_toboolean(L, -1) : lua_tonumber(L, -1);
    if (game_param_set(p, trial, v, err) != 0)
      return luaL_error(L, "set_weights: %s", err);
    lua_pop(L, 1);                                                         /* g t trial k */
  }
  if (c->check_cfg && c->check_cfg(trial, err) != 0)
    return luaL_error(L, "set_weights: %s", err);
  memcpy(g->cfg, trial, c->cfg_size);
  lua_settop(L, 1);
  return 1;
}

static int lgamename(lua_State *L) {
  lua_pushstring(L, checkgame(L, 1)->cls->name);
  return 1;
}

static int lhash(lua_State *L) {
  lgame *g = checkgame(L, 1);
  lua_pushinteger(L, (lua_Integer)g->cls->hash(g->cfg, lgame_state(g)));
  return 1;
}

/* g:diagram([colour [, {all =, player =}]]): the board drawn as text; with hidden
   information, what the player to move (or `player`) sees unless all. */
static int ldiagram(lua_State *L) {
  lgame *g = checkgame(L, 1);
  int colour = lua_toboolean(L, 2);
  const void *st = shown_state(L, g, 3, "diagram");
  push_text(L, g, st, 1, colour);
  return 1;
}

/* tostring(g): the diagram, plain; in colour only when the interactive REPL on a terminal
   asked for it (registry field "stratagem.colour"), so text written to files stays plain. */
static int ltostring(lua_State *L) {
  lgame *g = (lgame *)luaL_checkudata(L, 1, SG_GAME_MT);
  if (g->states == NULL) {
    lua_pushfstring(L, "%s game (closed)", g->cls->name);
    return 1;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.colour");
  int colour = lua_toboolean(L, -1);
  lua_settop(L, 1);
  lua_pushboolean(L, colour);
  return ldiagram(L);
}

static int lgc(lua_State *L) {
  lgame *g = (lgame *)luaL_checkudata(L, 1, SG_GAME_MT);   /* closing twice is harmless */
  if (g->states && ldefine_is(g->cls))   /* the script's states g held */
    for (int i = 0; i <= g->n; i++)
      ldefine_hold(L, g, g->states + (size_t)i * g->cls->state_size, -1);
  free(g->cfg);
  free(g->states);
  free(g->hist);
  free(g->movebuf);
  for (int i = 0; i < 2; i++)
    if (g->memory[i]) {
      search_memory_free(g->memory[i]);
      free(g->memory[i]);
      g->memory[i] = NULL;
    }
  g->cfg = NULL, g->states = NULL, g->hist = NULL, g->movebuf = NULL;
  g->n = g->cap = 0;
  return 0;
}

static const luaL_Reg game_methods[] = {
  {"moves", lmoves},
  {"play", lplay},
  {"legal", llegal},
  {"undo", lundo},
  {"copy", lcopy},
  {"player", lplayer},
  {"players", lplayers},
  {"score_bounds", lscore_bounds},
  {"status", lstatus},
  {"scores", lscores},
  {"perft", lperft},
  {"history", lhistory},
  {"position", lposition},
  {"view", lview},
  {"sample", lsample},
  {"config", lconfig},
  {"set_weights", lset_weights},
  {"game", lgamename},
  {"ply", lply},
  {"hash", lhash},
  {"diagram", ldiagram},
  {NULL, NULL}
};

static const luaL_Reg game_meta[] = {
  {"__tostring", ltostring},
  {"__gc", lgc},
  {"__close", lgc},
  {"__index", NULL},     /* placeholder: the methods table */
  {NULL, NULL}
};

/* core.params(name): {rules = {names...}, weights = {...}, variant = {...}} as C knows them. */
static int lparams(lua_State *L) {
  const sg_class *c = find_game(L, 1);
  if (c == NULL)
    return luaL_error(L, "unknown game '%s'", shown_name(L, 1));
  lua_createtable(L, 0, 3);
  for (int grp = SG_RULES; grp <= SG_VARIANT; grp++) {
    lua_newtable(L);
    int k = 0;
    for (const sg_param *p = c->params; p && p->name; p++)
      if (p->group == (sg_param_group)grp) {
        lua_pushstring(L, p->name);
        lua_rawseti(L, -2, ++k);
      }
    lua_setfield(L, -2, group_names[grp]);
  }
  return 1;
}

/* core.ranges(name): {rules = {[name] = {min =, max =, type =}}, weights = {...}, variant =
   {...}}: the range C accepts for each number (type "integer", "number" or "boolean"). */
static int lranges(lua_State *L) {
  static const char *const types[] = {"integer", "number", "boolean"};
  const sg_class *c = find_game(L, 1);
  if (c == NULL)
    return luaL_error(L, "unknown game '%s'", shown_name(L, 1));
  lua_createtable(L, 0, 3);
  for (int grp = SG_RULES; grp <= SG_VARIANT; grp++) {
    lua_newtable(L);
    for (const sg_param *p = c->params; p && p->name; p++)
      if (p->group == (sg_param_group)grp) {
        lua_createtable(L, 0, 3);
        lua_pushnumber(L, p->min);
        lua_setfield(L, -2, "min");
        lua_pushnumber(L, p->max);
        lua_setfield(L, -2, "max");
        lua_pushstring(L, types[p->type]);
        lua_setfield(L, -2, "type");
        lua_setfield(L, -2, p->name);
      }
    lua_setfield(L, -2, group_names[grp]);
  }
  return 1;
}

static int lgames(lua_State *L) {
  lua_newtable(L);
  for (int i = 0; sg_classes[i]; i++) {
    lua_pushstring(L, sg_classes[i]->name);
    lua_rawseti(L, -2, i + 1);
  }
  ldefine_names(L, (int)lua_rawlen(L, -1));
  return 1;
}

/* core.known(name): whether a game of that name is built in. */
static int lknown(lua_State *L) {
  lua_pushboolean(L, find_game(L, 1) != NULL);
  return 1;
}

/* core.info(name): the class's declared properties, as a new table (changing it changes
   nothing): players {min, max}, utility, chance, hidden, hooks (names), bounds ("none",
   "fixed" or "weights") and, when fixed, score_bounds {min_each, max_sum}. */
static int linfo(lua_State *L) {
  static const char *const utility[] = {"zero-sum", "constant-sum", "general-sum"};
  static const char *const bounds[] = {"none", "fixed", "weights"};
  const sg_class *c = find_game(L, 1);
  if (c == NULL)
    return luaL_error(L, "unknown game '%s'", shown_name(L, 1));
  lua_createtable(L, 0, 8);                                   /* name info */
  lua_pushstring(L, c->name);
  lua_setfield(L, -2, "name");
  lua_createtable(L, 0, 2);                                   /* name info players */
  lua_pushinteger(L, c->min_players);
  lua_setfield(L, -2, "min");
  lua_pushinteger(L, c->max_players);
  lua_setfield(L, -2, "max");
  lua_setfield(L, -2, "players");                             /* name info */
  lua_pushstring(L, utility[c->utility]);
  lua_setfield(L, -2, "utility");
  lua_pushboolean(L, c->chance);
  lua_setfield(L, -2, "chance");
  lua_pushboolean(L, c->hidden);
  lua_setfield(L, -2, "hidden");
  lua_newtable(L);                                            /* name info hooks */
  for (int i = 0, k = 0; i < SG_HOOK_COUNT; i++)
    if (c->hooks & (1u << i)) {
      lua_pushstring(L, sg_hook_names[i]);
      lua_rawseti(L, -2, ++k);
    }
  lua_setfield(L, -2, "hooks");                               /* name info */
  lua_pushstring(L, bounds[c->bounds]);
  lua_setfield(L, -2, "bounds");
  push_bounds(L, c, NULL);
  lua_setfield(L, -2, "score_bounds");
  return 1;
}

static const luaL_Reg game_funcs[] = {
  {"new", lnew},
  {"info", linfo},
  {"params", lparams},
  {"ranges", lranges},
  {"games", lgames},
  {"known", lknown},
  {NULL, NULL}
};

int luaopen_stratagem_game(lua_State *L) {
  luaL_setfuncs(L, game_funcs, 0);                        /* mod */
  if (luaL_newmetatable(L, SG_GAME_MT)) {                 /* mod mt */
    luaL_setfuncs(L, game_meta, 0);
    luaL_newlib(L, game_methods);                         /* mod mt methods */
    lua_pushvalue(L, -1);                                 /* mod mt methods methods */
    lua_setfield(L, -3, "__index");                       /* mod mt methods */
    lua_setfield(L, -3, "methods");                       /* mod mt; mod.methods = methods */
  }
  lua_pop(L, 1);                                          /* mod */
  return 1;
}
