/* ldefine.c: games defined in Lua (sg.define): one game class whose functions call the script. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "lstratagem.h"

/* A state of a defined game, as C holds it: where the script's state (an immutable Lua value)
   is kept, the ply from the start, the last move and a hash of the moves that led here.

   Lua values live in two tables.  A state that a game object keeps (its start, each move
   played through g:play) is "kept": slot 0, at key `serial` of the kept table, for as long as
   a game object holds it (held[serial] counts them: copies add, undo and collection take
   away).  A state made inside a search or perft is "scratch": slot s >= 1 of
   the scratch table, where slot s belongs to ply s / RING and is reused round-robin among
   RING states of that ply; serial must equal the slot's current serial, so a state whose slot
   was reused is refused (an error, never a wrong answer).  Copy-make searches keep one state
   per ply alive (MCTS one in all), so the scratch table holds at most RING states per ply and
   a search allocates nothing per node but the script's own values. */
typedef struct lstate {
  uint32_t slot, serial;
  uint32_t ply, last;   /* last: the move id that led here, NO_LAST at the start */
  uint64_t path;
} lstate;

#define RING 8
#define NO_LAST UINT32_MAX
#define NAMELEN 64

enum { CB_START, CB_PLAYER, CB_MOVES, CB_PLAY, CB_STATUS, CB_EVAL, CB_POSITION, CB_PARSE,
       CB_RENDER, CB_COUNT };
static const char *const cb_names[CB_COUNT] = {"start", "player", "moves", "play", "status",
                                               "eval", "position", "parse", "render"};

typedef struct ldef {
  sg_class cls;              /* first: g->cls points here */
  char name[NAMELEN];
  lua_State *L;              /* the thread of the call into the game now running */
  int players;
  int ref[CB_COUNT];         /* the callbacks (LUA_NOREF when absent) */
  int ref_kept, ref_scratch; /* the two tables of states */
  int ref_ids;               /* move string -> id (0-based) */
  int ref_opts;              /* sg.new's options while init runs */
  const char **names;        /* id -> string (the strings anchored in ref_ids's table) */
  uint32_t nnames, capnames;
  uint32_t kept;             /* serials of kept states handed out */
  uint32_t *held, capheld;   /* per kept serial: how many game objects hold it */
  int dead;                  /* collected (at the end of the program): touch nothing */
  uint32_t serial;           /* serials of scratch states handed out */
  uint32_t *slotser;         /* the current serial of each scratch slot */
  uint32_t *ring;            /* per ply: the next of its RING slots */
  uint32_t capply;
  uint32_t *stamp, stampgen; /* per move id: when last listed (duplicate check) */
  sg_move *scratch;          /* max_moves, for parse */
  int guard;                 /* inside a search or perft: errors are kept, not raised */
  int failed;                /* guard: a callback failed; err holds what */
  int stopped;               /* no more calls into Lua until the next guard */
  char err[512];
} ldef;

/* A defined game's config: its definition, the weights table passed to eval, and the variant
   settings it was made with (sg.new's, checked; g:config() and g:save() give them back). */
typedef struct lcfg {
  ldef *d;
  int ref_weights;
  int ref_variant;
} lcfg;

static ldef *def_of(const void *cfg) {
  return ((const lcfg *)cfg)->d;
}

/* The move's name for messages. */
static const char *move_name(const ldef *d, uint32_t id) {
  return id < d->nnames ? d->names[id] : "?";
}

/* A callback failed (or returned a bad value): message at the top of d->L's stack, or fmt.
   Under a guard it is kept and the search is stopped through the interrupt flag; else it is
   raised at once (the callers are bindings that hold nothing to free). */
static void fail(ldef *d, int cb, const lstate *st, const char *what) {
  lua_State *L = d->L;
  char where[160] = "";
  if (cb == CB_PLAY)
    snprintf(where, sizeof where, "('%s')", move_name(d, st ? st->last : NO_LAST));
  else if (st && st->last != NO_LAST)
    snprintf(where, sizeof where, " (after the move '%s')", move_name(d, st->last));
  if (d->guard) {
    if (d->failed)
      return;
    snprintf(d->err, sizeof d->err, "game %s: %s%s: %s", d->name, cb_names[cb], where, what);
    d->failed = d->stopped = 1;
    interrupt_request();   /* the searches poll it: they stop within a few nodes */
    return;
  }
  luaL_error(L, "game %s: %s%s: %s", d->name, cb_names[cb], where, what);
}

/* Push the script's value of st; 0 (nothing pushed, the failure noted) if it is gone. */
static int push_state(ldef *d, const lstate *st, int cb) {
  lua_State *L = d->L;
  if (st->slot == 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_kept);
    lua_rawgeti(L, -1, (lua_Integer)st->serial);
  } else {
    if (st->slot >= (uint64_t)d->capply * RING + 1 || d->slotser[st->slot - 1] != st->serial) {
      fail(d, cb, st, "a search used a state the Lua bridge had already reused (more than "
                      "8 live states of one ply); please report this");
      return 0;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_scratch);
    lua_rawgeti(L, -1, (lua_Integer)st->slot);
  }
  lua_remove(L, -2);
  return 1;
}

/* Room for scratch states of ply p; 0 without memory. */
static int room_for_ply(ldef *d, uint32_t p) {
  if (p < d->capply)
    return 1;
  uint32_t cap = d->capply ? d->capply : 64;
  while (cap <= p)
    cap *= 2;
  uint32_t *s = realloc(d->slotser, (size_t)cap * RING * sizeof *s);
  if (s == NULL)
    return 0;
  d->slotser = s;
  uint32_t *r = realloc(d->ring, (size_t)cap * sizeof *r);
  if (r == NULL)
    return 0;
  d->ring = r;
  memset(d->slotser + (size_t)d->capply * RING, 0, (size_t)(cap - d->capply) * RING * sizeof *s);
  memset(d->ring + d->capply, 0, (size_t)(cap - d->capply) * sizeof *r);
  d->capply = cap;
  return 1;
}

/* Keep the value at the top of the stack as scratch state st of ply st->ply (pops it). */
static int store_scratch(ldef *d, lstate *st) {
  lua_State *L = d->L;
  if (!room_for_ply(d, st->ply)) {
    lua_pop(L, 1);
    return 0;
  }
  uint32_t slot = st->ply * RING + d->ring[st->ply]++ % RING + 1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_scratch);   /* v scratch */
  lua_insert(L, -2);                                    /* scratch v */
  lua_rawseti(L, -2, slot);                             /* scratch */
  lua_pop(L, 1);
  d->slotser[slot - 1] = ++d->serial ? d->serial : ++d->serial;
  st->slot = slot, st->serial = d->slotser[slot - 1];
  return 1;
}

/* Keep the value at the top of the stack as a kept state (pops it), held once. */
static void store_kept(ldef *d, lstate *st) {
  lua_State *L = d->L;
  if (d->kept + 1 >= d->capheld) {
    uint32_t cap = d->capheld ? 2 * d->capheld : 256;
    uint32_t *h = realloc(d->held, (size_t)cap * sizeof *h);
    if (h == NULL) {
      lua_pop(L, 1);
      luaL_error(L, "out of memory");
    }
    memset(h + d->capheld, 0, (size_t)(cap - d->capheld) * sizeof *h);
    d->held = h, d->capheld = cap;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_kept);   /* v kept */
  lua_insert(L, -2);                                 /* kept v */
  lua_rawseti(L, -2, (lua_Integer)++d->kept);        /* kept */
  lua_pop(L, 1);
  st->slot = 0, st->serial = d->kept;
  d->held[d->kept] = 1;
}

/* Call callback cb with the state and nargs more values pushed after it, expecting nres
   results; 0 on failure (noted, nothing left on the stack). */
static int call(ldef *d, int cb, const lstate *st, int nargs, int nres) {
  lua_State *L = d->L;
  if (d->stopped) {
    lua_pop(L, nargs);
    return 0;
  }
  lua_checkstack(L, 8);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref[cb]);      /* args f */
  if (!push_state(d, st, cb)) {
    lua_pop(L, nargs + 1);
    return 0;
  }
  lua_rotate(L, -(nargs + 2), 2);                     /* f s args */
  for (int tries = 0;; tries++) {
    for (int i = 0; i < nargs + 2; i++)
      lua_pushvalue(L, -(nargs + 2));                 /* f s args f s args */
    if (lua_pcall(L, nargs + 1, nres, 0) == LUA_OK) { /* f s args res */
      lua_rotate(L, -(nargs + 2 + nres), -(nargs + 2));
      lua_pop(L, nargs + 2);                          /* res */
      return 1;
    }
    /* Ctrl-C outside the REPL's prompt sets a hook that raises "interrupted!" in the next
       Lua call and then removes itself: a stop, which the search sees through the flag, not
       an error of the script; so the call is made once more */
    if (tries == 0 && interrupt_pending()) {
      lua_pop(L, 1);
      continue;
    }
    const char *msg = lua_tostring(L, -1);
    char buf[400];
    snprintf(buf, sizeof buf, "%s", msg ? msg : "(an error object that is not a string)");
    lua_pop(L, nargs + 3);
    fail(d, cb, st, buf);
    return 0;
  }
}

/* A bad value returned by cb: the failure, with the value's type (pops nres values). */
static void bad_value(ldef *d, int cb, const lstate *st, int nres, const char *expected,
                      int at) {
  char buf[200];
  snprintf(buf, sizeof buf, "returned %s; expected %s", luaL_typename(d->L, at), expected);
  lua_pop(d->L, nres);
  fail(d, cb, st, buf);
}

/* ---- the class functions ---- */

static int ld_players(const void *cfg, const void *st) {
  (void)st;
  return def_of(cfg)->players;
}

static int ld_to_move(const void *cfg, const void *vst) {
  ldef *d = def_of(cfg);
  const lstate *st = vst;
  if (!call(d, CB_PLAYER, st, 0, 1))
    return 0;
  int isnum;
  lua_Integer p = lua_tointegerx(d->L, -1, &isnum);
  if (!isnum || p < 1 || p > d->players) {
    char buf[64];
    snprintf(buf, sizeof buf, "a player number from 1 to %d", d->players);
    bad_value(d, CB_PLAYER, st, 1, buf, -1);
    return 0;
  }
  lua_pop(d->L, 1);
  return (int)p - 1;
}

static sg_status ld_status(const void *cfg, const void *vst, int *winner) {
  ldef *d = def_of(cfg);
  const lstate *st = vst;
  if (winner)
    *winner = -1;
  if (!call(d, CB_STATUS, st, 0, 2))
    return SG_DRAWN;
  lua_State *L = d->L;
  const char *s = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
  sg_status r;
  if (strcmp(s, "playing") == 0)
    r = SG_PLAYING;
  else if (strcmp(s, "drawn") == 0)
    r = SG_DRAWN;
  else if (strcmp(s, "won") == 0) {
    int isnum;
    lua_Integer w = lua_tointegerx(L, -1, &isnum);
    if (!isnum || w < 1 || w > d->players) {
      char buf[96];
      snprintf(buf, sizeof buf, "\"won\" and the winner, a player number from 1 to %d",
               d->players);
      bad_value(d, CB_STATUS, st, 2, buf, -1);
      return SG_DRAWN;
    }
    if (winner)
      *winner = (int)w - 1;
    r = SG_WON;
  } else {
    char buf[160];
    snprintf(buf, sizeof buf, "returned \"%.40s\" (%s); expected \"playing\", \"won\" and the "
             "winner, or \"drawn\"", s, luaL_typename(L, -2));
    lua_pop(L, 2);
    fail(d, CB_STATUS, st, buf);
    return SG_DRAWN;
  }
  lua_pop(L, 2);
  return r;
}

/* The id of the move string at the top of the stack (interned on first sight); pops it.
   Returns -1 (noted) for a value that is not a move. */
static int64_t intern(ldef *d, const lstate *st, int i) {
  lua_State *L = d->L;
  size_t len;
  if (lua_type(L, -1) != LUA_TSTRING) {
    char buf[120];
    snprintf(buf, sizeof buf, "move %d is a %s; expected strings", i, luaL_typename(L, -1));
    lua_pop(L, 1);
    fail(d, CB_MOVES, st, buf);
    return -1;
  }
  const char *s = lua_tolstring(L, -1, &len);
  if (len == 0 || len >= NAMELEN || strlen(s) != len) {
    char buf[120];
    snprintf(buf, sizeof buf, "move %d is \"%.40s\"; expected 1 to %d characters, no NUL", i,
             s, NAMELEN - 1);
    lua_pop(L, 1);
    fail(d, CB_MOVES, st, buf);
    return -1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_ids);   /* s ids */
  lua_pushvalue(L, -2);                             /* s ids s */
  if (lua_rawget(L, -2) == LUA_TNUMBER) {           /* s ids id */
    int64_t id = lua_tointeger(L, -1);
    lua_pop(L, 3);
    return id;
  }
  lua_pop(L, 1);                                    /* s ids */
  if (d->nnames == d->capnames) {
    uint32_t cap = d->capnames ? 2 * d->capnames : 64;
    const char **n = realloc(d->names, cap * sizeof *n);
    uint32_t *t = realloc(d->stamp, cap * sizeof *t);
    if (n) d->names = n;
    if (t) d->stamp = t;
    if (n == NULL || t == NULL) {
      lua_pop(L, 2);
      fail(d, CB_MOVES, st, "out of memory");
      return -1;
    }
    memset(d->stamp + d->capnames, 0, (cap - d->capnames) * sizeof *t);
    d->capnames = cap;
  }
  uint32_t id = d->nnames++;
  d->names[id] = s;   /* the ids table anchors the string */
  d->stamp[id] = 0;
  lua_insert(L, -2);                                /* ids s */
  lua_pushinteger(L, id);                           /* ids s id */
  lua_rawset(L, -3);                                /* ids */
  lua_pop(L, 1);
  return id;
}

/* The legal moves: none when the game is over (status is asked first). */
static int ld_gen(const void *cfg, const void *vst, sg_move *out) {
  ldef *d = def_of(cfg);
  const lstate *st = vst;
  if (ld_status(cfg, st, NULL) != SG_PLAYING || !call(d, CB_MOVES, st, 0, 1))
    return 0;
  lua_State *L = d->L;
  if (!lua_istable(L, -1)) {
    bad_value(d, CB_MOVES, st, 1, "a table of move strings", -1);
    return 0;
  }
  int n = (int)lua_rawlen(L, -1);
  if (n > d->cls.max_moves) {
    char buf[120];
    snprintf(buf, sizeof buf, "returned %d moves; expected at most max_moves = %d", n,
             d->cls.max_moves);
    lua_pop(L, 1);
    fail(d, CB_MOVES, st, buf);
    return 0;
  }
  if (++d->stampgen == 0)
    d->stampgen = 1, memset(d->stamp, 0, d->capnames * sizeof *d->stamp);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, -1, i + 1);
    int64_t id = intern(d, st, i + 1);
    if (id < 0) {
      lua_pop(L, 1);
      return 0;
    }
    if (d->stamp[id] == d->stampgen) {
      char buf[120];
      snprintf(buf, sizeof buf, "listed the move \"%s\" twice", d->names[id]);
      lua_pop(L, 1);
      fail(d, CB_MOVES, st, buf);
      return 0;
    }
    d->stamp[id] = d->stampgen;
    out[i] = (sg_move)id;
  }
  lua_pop(L, 1);
  return n;
}

static uint64_t mix(uint64_t h) {
  h ^= h >> 31;
  h *= 0x7fb5d329728ea185ULL;
  h ^= h >> 27;
  h *= 0x81dadef4bc2dd44dULL;
  return h ^ (h >> 33);
}

/* Play m on st in place: the script's play gives the new state; st's old value stays for
   whoever else holds it.  On failure st is unchanged (and the failure noted). */
static void ld_play(const void *cfg, void *vst, sg_move m) {
  ldef *d = def_of(cfg);
  lstate *st = vst, next = *st;
  next.ply = st->ply + 1, next.last = m;
  next.path = mix(st->path ^ ((uint64_t)m + 1) * 0x9e3779b97f4a7c15ULL);
  if (d->stopped)
    return;
  lua_State *L = d->L;
  lua_checkstack(L, 4);
  lua_pushstring(L, move_name(d, m));
  if (!call(d, CB_PLAY, &next, 1, 1))
    return;
  if (lua_isnil(L, -1)) {
    bad_value(d, CB_PLAY, &next, 1, "the new state", -1);
    return;
  }
  push_state(d, st, CB_PLAY);                  /* new old */
  int same = lua_rawequal(L, -1, -2);
  lua_pop(L, 1);
  if (same) {
    lua_pop(L, 1);
    fail(d, CB_PLAY, &next, "returned the state it was given; expected a new state (the "
                            "engine keeps the old one for undo and search)");
    return;
  }
  if (!store_scratch(d, &next)) {
    fail(d, CB_PLAY, &next, "out of memory");
    return;
  }
  *st = next;
}

static void ld_eval(const void *cfg, const void *vst, int *scores) {
  ldef *d = def_of(cfg);
  const lcfg *c = cfg;
  int np = d->players;
  for (int p = 0; p < np; p++)
    scores[p] = 0;
  if (d->ref[CB_EVAL] == LUA_NOREF)
    return;
  for (int p = 0; p < (np == 2 ? 1 : np); p++) {
    lua_State *L = d->L;
    lua_pushinteger(L, p + 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->ref_weights);
    if (!call(d, CB_EVAL, vst, 2, 1))
      return;
    int isnum;
    lua_Number v = lua_tonumberx(L, -1, &isnum);
    if (!isnum || v != v) {
      bad_value(d, CB_EVAL, vst, 1, "a number", -1);
      return;
    }
    lua_pop(L, 1);
    double lim = SG_EVAL_MAX - 1;
    v = v > lim ? lim : v < -lim ? -lim : v;
    scores[p] = (int)floor(v + 0.5);
  }
  if (np == 2)
    scores[1] = -scores[0];
}

/* Push the script's text of st from callback cb (position or render); 0 when absent or
   failed. */
static int text_of(ldef *d, const lstate *st, int cb) {
  if (d->ref[cb] == LUA_NOREF || !call(d, cb, st, 0, 1))
    return 0;
  if (lua_type(d->L, -1) != LUA_TSTRING) {
    bad_value(d, cb, st, 1, "a string", -1);
    return 0;
  }
  return 1;
}

/* The hash: of the position text when the game has `position` (transpositions meet in the
   table), else of the moves from the start (only the same line of moves meets). */
static uint64_t ld_hash(const void *cfg, const void *vst) {
  ldef *d = def_of(cfg);
  const lstate *st = vst;
  if (d->ref[CB_POSITION] == LUA_NOREF || !text_of(d, st, CB_POSITION))
    return st->path;
  size_t n;
  const char *s = lua_tolstring(d->L, -1, &n);
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
  lua_pop(d->L, 1);
  return mix(h);
}

static size_t copy_out(const char *s, size_t len, char *buf, size_t n) {
  if (n > 0) {
    size_t k = len < n - 1 ? len : n - 1;
    memcpy(buf, s, k);
    buf[k] = '\0';
  }
  return len;
}

static size_t ld_save_pos(const void *cfg, const void *vst, char *buf, size_t n) {
  ldef *d = def_of(cfg);
  if (!text_of(d, vst, CB_POSITION))
    return copy_out("", 0, buf, n);
  size_t len;
  const char *s = lua_tolstring(d->L, -1, &len);
  len = copy_out(s, len, buf, n);
  lua_pop(d->L, 1);
  return len;
}

static size_t ld_draw(const void *cfg, const void *vst, char *buf, size_t n, int colour) {
  (void)colour;
  ldef *d = def_of(cfg);
  const lstate *st = vst;
  if (text_of(d, st, d->ref[CB_RENDER] != LUA_NOREF ? CB_RENDER : CB_POSITION)) {
    size_t len;
    const char *s = lua_tolstring(d->L, -1, &len);
    len = copy_out(s, len, buf, n);
    lua_pop(d->L, 1);
    return len;
  }
  char tmp[160];
  int k = snprintf(tmp, sizeof tmp, "%s after %u moves (no render function)\n", d->name,
                   (unsigned)st->ply);
  return copy_out(tmp, (size_t)k, buf, n);
}

static void ld_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  (void)st;
  copy_out(move_name(def_of(cfg), m), strlen(move_name(def_of(cfg), m)), buf, n);
}

static int ld_parse(const void *cfg, const void *vst, const char *text, sg_move *m,
                    char *err) {
  ldef *d = def_of(cfg);
  int n = ld_gen(cfg, vst, d->scratch);
  if (d->stopped)
    return snprintf(err, SG_ERRLEN, "%.200s", d->err), -1;
  for (int i = 0; i < n; i++)
    if (strcmp(d->names[d->scratch[i]], text) == 0) {
      *m = d->scratch[i];
      return 0;
    }
  int k = snprintf(err, SG_ERRLEN, "illegal move '%.60s' in %s; legal moves: ", text, d->name);
  for (int i = 0; i < n && k < SG_ERRLEN - 70; i++)
    k += snprintf(err + k, SG_ERRLEN - (size_t)k, "%s%s", i ? ", " : "", d->names[d->scratch[i]]);
  if (n == 0)
    snprintf(err + k, SG_ERRLEN - (size_t)k, "none (the game is over)");
  return -1;
}

/* The start (position NULL or empty), or the script's parse of the position text. */
static int ld_init(const void *cfg, void *vst, const char *position, uint64_t seed, char *err) {
  (void)seed;
  ldef *d = def_of(cfg);
  lua_State *L = d->L;
  lstate st = {0, 0, 0, NO_LAST, 0};
  d->stopped = 0;
  int cb = position && *position ? CB_PARSE : CB_START;
  if (cb == CB_PARSE && d->ref[CB_PARSE] == LUA_NOREF) {
    snprintf(err, SG_ERRLEN, "position: %s has no parse function: it starts only from its "
             "start", d->name);
    return -1;
  }
  lua_checkstack(L, 6);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref[cb]);
  if (cb == CB_PARSE)   /* parse(text, options): the options tell the variant */
    lua_pushstring(L, position);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_opts);
  if (lua_pcall(L, cb == CB_PARSE ? 2 : 1, 2, 0) != LUA_OK)
    return luaL_error(L, "%s: %s: %s", d->name, cb_names[cb], lua_tostring(L, -1));
  if (lua_isnil(L, -2)) {
    if (cb == CB_PARSE) {
      snprintf(err, SG_ERRLEN, "position: %s", lua_isstring(L, -1) ? lua_tostring(L, -1)
                                                 : "the game's parse refused it");
      lua_pop(L, 2);
      return -1;
    }
    return luaL_error(L, "%s: start returned nil; expected the start state", d->name);
  }
  lua_pop(L, 1);
  store_kept(d, &st);
  memcpy(vst, &st, sizeof st);
  return 0;
}

/* ---- what the other bindings call ---- */

void ldefine_hold(lua_State *L, const lgame *g, const void *st, int delta);

int ldefine_is(const sg_class *c) {
  return c->init == ld_init;
}

void ldefine_bind(lua_State *L, const lgame *g) {
  ldef *d = def_of(g->cfg);
  d->L = L;
  d->guard = 0;
  d->stopped = d->failed = 0;
}

void ldefine_keep(lua_State *L, lgame *g, void *st) {
  ldef *d = def_of(g->cfg);
  lstate *s = st;
  d->L = L;
  if (s->slot == 0) {   /* already kept: one more holder */
    ldefine_hold(L, g, st, 1);
    return;
  }
  uint32_t slot = s->slot;
  if (!push_state(d, s, CB_PLAY))
    return;
  store_kept(d, s);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_scratch);   /* the scratch slot lets it go */
  lua_pushnil(L);
  lua_rawseti(L, -2, slot);
  lua_pop(L, 1);
  d->slotser[slot - 1] = 0;
}

/* One more (delta 1) or one less (-1) game object holds the kept state st; the script's
   value is let go when none does. */
void ldefine_hold(lua_State *L, const lgame *g, const void *st, int delta) {
  ldef *d = g->cfg ? def_of(g->cfg) : NULL;
  const lstate *s = st;
  if (d == NULL || d->dead || s->slot != 0 || s->serial == 0 || s->serial >= d->capheld)
    return;
  if (delta > 0)
    d->held[s->serial]++;
  else if (d->held[s->serial] > 0 && --d->held[s->serial] == 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, d->ref_kept);
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)s->serial);
    lua_pop(L, 1);
  }
}

void ldefine_guard(lua_State *L, const lgame *g) {
  ldefine_bind(L, g);
  def_of(g->cfg)->guard = 1;
}

/* Let go of every scratch state (none is referenced once a search or perft has returned). */
static void clear_scratch(lua_State *L, ldef *d) {
  luaL_unref(L, LUA_REGISTRYINDEX, d->ref_scratch);
  lua_newtable(L);
  d->ref_scratch = luaL_ref(L, LUA_REGISTRYINDEX);
  if (d->slotser)
    memset(d->slotser, 0, (size_t)d->capply * RING * sizeof *d->slotser);
}

void ldefine_unguard(lua_State *L, const lgame *g) {
  ldef *d = def_of(g->cfg);
  d->guard = 0;
  clear_scratch(L, d);
  if (d->failed) {
    d->failed = d->stopped = 0;
    interrupt_clear();
    lua_pushstring(L, d->err);
    lua_error(L);
  }
  d->stopped = 0;
}

/* Fill cfg of a new game of this class from sg.new's options at index o (weights). */
void ldefine_config(lua_State *L, lgame *g, int o) {
  lcfg *c = g->cfg;
  c->d = (ldef *)(void *)g->cls;
  lua_getfield(L, o, "weights");
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
  }
  c->ref_weights = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getfield(L, o, "variant");
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
  }
  c->ref_variant = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, o);
  lua_rawseti(L, LUA_REGISTRYINDEX, c->d->ref_opts);
  ldefine_bind(L, g);
}

/* g:set_weights{...} on a defined game (the table at index t): every key must be a weight of
   the game and every value a number; then g's weights are a new table with them changed (the
   old table stays with the games that share it).  Raises before changing anything. */
void ldefine_set_weights(lua_State *L, lgame *g, int t) {
  lcfg *c = g->cfg;
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->ref_weights);          /* ... old */
  int old = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {                                    /* ... old k v */
    if (lua_type(L, -2) != LUA_TSTRING || (lua_pushvalue(L, -2), lua_rawget(L, old)) == LUA_TNIL) {
      luaL_Buffer b;
      luaL_buffinit(L, &b);
      lua_pushnil(L);
      while (lua_next(L, old)) {
        lua_pop(L, 1);
        if (luaL_bufflen(&b) > 0)
          luaL_addstring(&b, ", ");
        lua_pushvalue(L, -1);
        luaL_addvalue(&b);
      }
      luaL_pushresult(&b);
      luaL_error(L, "set_weights: unknown weights key '%s' for %s (valid keys: %s)",
                 lua_type(L, -4) == LUA_TSTRING ? lua_tostring(L, -4) : "?", g->cls->name,
                 lua_tostring(L, -1));
    }
    lua_pop(L, 1);                                            /* ... old k v */
    if (lua_type(L, -1) != LUA_TNUMBER)
      luaL_error(L, "set_weights: %s must be a number, got %s", lua_tostring(L, -2),
                 luaL_typename(L, -1));
    lua_pop(L, 1);                                            /* ... old k */
  }
  lua_newtable(L);                                            /* ... old new */
  for (int src = old; src; src = src == old ? t : 0) {
    lua_pushnil(L);
    while (lua_next(L, src)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
  }
  c->ref_weights = luaL_ref(L, LUA_REGISTRYINDEX);            /* ... old */
  lua_pop(L, 1);
}

/* The weights table of g (pushed). */
void ldefine_push_weights(lua_State *L, const lgame *g) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ((const lcfg *)g->cfg)->ref_weights);
}

/* The variant table of g (pushed). */
void ldefine_push_variant(lua_State *L, const lgame *g) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ((const lcfg *)g->cfg)->ref_variant);
}

/* The defined game called name (NULL: none). */
const sg_class *ldefine_find(lua_State *L, const char *name) {
  const sg_class *c = NULL;
  int top = lua_gettop(L);
  if (lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.defined") == LUA_TTABLE &&
      lua_getfield(L, -1, name) == LUA_TUSERDATA)
    c = lua_touserdata(L, -1);
  lua_settop(L, top);
  return c;
}

/* Push the names of the defined games into the array at the top, after index k; returns
   the new count. */
int ldefine_names(lua_State *L, int k) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.defined") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      lua_rawseti(L, -4, ++k);
    }
  }
  lua_pop(L, 1);
  return k;
}

static int ldef_gc(lua_State *L) {
  ldef *d = lua_touserdata(L, 1);
  free(d->names), free(d->stamp), free(d->slotser), free(d->ring), free(d->scratch);
  free(d->held);
  d->names = NULL, d->stamp = d->slotser = d->ring = d->held = NULL, d->scratch = NULL;
  d->dead = 1;
  return 0;
}

/* core.define(spec): spec checked by stratagem/init.lua: {name =, players =, max_moves =,
   start =, player =, moves =, play =, status =, [eval =, position =, parse =, render =]}.
   Makes the class and registers it under its name (a new definition of a name replaces the
   old one for new games; games of the old one keep it). */
static int ldefine(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "name");
  size_t len;
  const char *name = luaL_checklstring(L, -1, &len);
  luaL_argcheck(L, len > 0 && len < NAMELEN, 1, "name too long");
  lua_getfield(L, 1, "players");
  int np = (int)luaL_checkinteger(L, -1);
  lua_getfield(L, 1, "max_moves");
  int mm = (int)luaL_checkinteger(L, -1);
  luaL_argcheck(L, np >= 1 && np <= SG_MAX_PLAYERS, 1, "players out of range");
  luaL_argcheck(L, mm >= 1 && mm <= 1 << 20, 1, "max_moves out of range");
  lua_pop(L, 2);                                              /* spec name */
  ldef *d = lua_newuserdatauv(L, sizeof *d, 1);               /* spec name d */
  memset(d, 0, sizeof *d);
  for (int i = 0; i < CB_COUNT; i++)
    d->ref[i] = LUA_NOREF;
  d->ref_kept = d->ref_scratch = d->ref_ids = d->ref_opts = LUA_NOREF;
  if (luaL_newmetatable(L, "stratagem.definition")) {
    lua_pushcfunction(L, ldef_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  d->scratch = malloc((size_t)mm * sizeof(sg_move));
  if (d->scratch == NULL)
    return luaL_error(L, "out of memory");
  memcpy(d->name, name, len + 1);
  d->players = np;
  d->L = L;
  for (int i = 0; i < CB_COUNT; i++) {
    lua_getfield(L, 1, cb_names[i]);
    if (lua_isnil(L, -1))
      lua_pop(L, 1);
    else
      d->ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  for (int *r = &d->ref_kept; r <= &d->ref_opts; r++) {
    lua_newtable(L);
    *r = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  sg_class *c = &d->cls;
  c->name = d->name;
  c->state_size = sizeof(lstate);
  c->cfg_size = sizeof(lcfg);
  c->max_moves = mm;
  c->min_players = c->max_players = np;
  c->utility = np == 2 ? SG_ZERO_SUM : SG_GENERAL_SUM;
  c->init = ld_init;
  c->players = ld_players;
  c->to_move = ld_to_move;
  c->gen = ld_gen;
  c->play = ld_play;
  c->status = ld_status;
  c->eval = ld_eval;
  c->hash = ld_hash;
  c->parse = ld_parse;
  c->format = ld_format;
  c->save_pos = ld_save_pos;
  c->draw = ld_draw;
  c->perft_end_leaf = 0;
  if (lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.defined") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.defined");
  }                                                           /* spec name d defined */
  if (lua_getfield(L, -1, name) != LUA_TNIL) {                /* an older definition: kept */
    if (lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.replaced") != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, -1);
      lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.replaced");
    }
    lua_insert(L, -2);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  }
  lua_pop(L, 1);
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, name);
  lua_pushvalue(L, 2);
  return 1;
}

/* core.defined_state(g): the script's value of g's current state (a game defined in Lua), for
   the functions of its definition that take one (svg). */
static int ldefined_state(lua_State *L) {
  lgame *g = checkgame(L, 1);
  if (!ldefine_is(g->cls))
    return luaL_error(L, "defined_state: %s is not a game defined in Lua", g->cls->name);
  ldef *d = def_of(g->cfg);
  if (!push_state(d, (const lstate *)lgame_state(g), CB_PLAY))
    return 0;
  return 1;
}

static const luaL_Reg define_funcs[] = {
  {"define", ldefine},
  {"defined_state", ldefined_state},
  {NULL, NULL}
};

int luaopen_stratagem_define(lua_State *L) {
  luaL_setfuncs(L, define_funcs, 0);
  return 1;
}
