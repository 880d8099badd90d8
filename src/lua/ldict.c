/* ldict.c: the dictionary (words/dict.h) and the word grid (words/wordgrid.h) for Lua:
   core.dict (build, normalise) making "stratagem.dict" userdata, and core.wordgrid (deal,
   path, solve).  Reading files, user dictionaries and messages are in lua/stratagem/words.lua. */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "lstratagem.h"
#include "words/dict.h"
#include "words/wordgrid.h"

/* The userdata holds a pointer: the dictionary is built before it is known to succeed. */
typedef struct ldict {
  sg_dict *d;
} ldict;

static sg_dict *checkdict(lua_State *L, int i) {
  ldict *u = luaL_checkudata(L, i, SG_DICT_MT);
  if (!u->d)
    luaL_error(L, "the dictionary was closed");
  return u->d;
}

/* core.dict.build(text, packed, [no_names]) -> dictionary, or raises on no memory; no_names
   leaves out the capitalised lines (proper nouns, abbreviations). */
static int lbuild(lua_State *L) {
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  int packed = lua_toboolean(L, 2);
  int flags = lua_toboolean(L, 3) ? DICT_NO_NAMES : 0;
  ldict *u = lua_newuserdatauv(L, sizeof *u, 0);   /* text packed u */
  u->d = NULL;
  luaL_setmetatable(L, SG_DICT_MT);
  char err[DICT_ERRLEN];
  u->d = dict_build_flags(text, len, packed ? DICT_PACKED : DICT_PLAIN, flags, err);
  if (!u->d)
    return luaL_error(L, "%s", err);
  return 1;
}

/* core.dict.normalise(word) -> the word in a-z, or nil and why it is not a word. */
static int lnormalise(lua_State *L) {
  size_t len;
  const char *w = luaL_checklstring(L, 1, &len);
  char out[DICT_MAXLEN + 1], err[64];
  if (dict_normalise(w, len, out, err, sizeof err) < 0) {
    lua_pushnil(L);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pushstring(L, out);
  return 1;
}

/* A word argument for a search: normalised into buf with its length, or -1 and err. */
static int word_arg(lua_State *L, int i, char *buf, char *err, size_t errlen) {
  size_t len;
  const char *w = luaL_checklstring(L, i, &len);
  return dict_normalise(w, len, buf, err, errlen);
}

/* d:has(word) -> true or false, and a reason when the word cannot be a word at all. */
static int lhas(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  char w[DICT_MAXLEN + 1], err[64];
  int len = word_arg(L, 2, w, err, sizeof err);
  if (len < 0) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, err);
    return 2;
  }
  dict_key k;
  dict_key_make(d, w, len, &k);
  lua_pushboolean(L, dict_find(d, &k) >= 0);
  return 1;
}

/* The prefix argument: 0 to DICT_MAXLEN letters a-z (case folded); raises otherwise. */
static void prefix_range(lua_State *L, sg_dict *d, size_t *lo, size_t *hi) {
  size_t len;
  const char *p = luaL_checklstring(L, 2, &len);
  char w[DICT_MAXLEN + 1];
  luaL_argcheck(L, len <= DICT_MAXLEN, 2, "a prefix of at most 48 letters");
  for (size_t i = 0; i < len; i++) {
    char c = p[i];
    if (c >= 'A' && c <= 'Z')
      c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'z')
      luaL_error(L, "prefix: '%s' has a character outside a-z (expected letters a-z)", p);
    w[i] = c;
  }
  dict_key k;
  dict_key_make(d, w, (int)len, &k);
  dict_prefix(d, &k, lo, hi);
}

/* d:prefix(p [, max]) -> array of the words beginning with p (at most max), and their count. */
static int lprefix(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  size_t lo, hi;
  prefix_range(L, d, &lo, &hi);
  lua_Integer max = luaL_optinteger(L, 3, (lua_Integer)(hi - lo));
  size_t n = hi - lo;
  if (max >= 0 && (size_t)max < n)
    n = (size_t)max;
  lua_createtable(L, (int)n, 0);
  char w[DICT_MAXLEN + 1];
  for (size_t i = 0; i < n; i++) {
    dict_word(d, lo + i, w);
    lua_pushstring(L, w);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  lua_pushinteger(L, (lua_Integer)(hi - lo));
  return 2;
}

/* d:range(p) -> first, last: the 1-based indices of the words beginning with p (last < first
   when there are none). */
static int lrange(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  size_t lo, hi;
  prefix_range(L, d, &lo, &hi);
  lua_pushinteger(L, (lua_Integer)lo + 1);
  lua_pushinteger(L, (lua_Integer)hi);
  return 2;
}

/* d:word(i) -> the i-th word (1-based) in alphabetical order. */
static int lword(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, i >= 1 && (size_t)i <= d->n, 2, "an index from 1 to the word count");
  char w[DICT_MAXLEN + 1];
  dict_word(d, (size_t)i - 1, w);
  lua_pushstring(L, w);
  return 1;
}

/* d:words() -> array of every word in order. */
static int lwords(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  luaL_checkstack(L, 2, NULL);
  lua_createtable(L, (int)d->n, 0);
  char w[DICT_MAXLEN + 1];
  for (size_t i = 0; i < d->n; i++) {
    dict_word(d, i, w);
    lua_pushstring(L, w);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

static int lcount(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)checkdict(L, 1)->n);
  return 1;
}

static int lmemory(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)dict_memory(checkdict(L, 1)));
  return 1;
}

static int lpacked(lua_State *L) {
  lua_pushboolean(L, checkdict(L, 1)->form == DICT_PACKED);
  return 1;
}

/* d:stats() -> {lines, kept, short, bad_chars, too_long, duplicates, names, was_sorted,
   parse_time, sort_time, build_time, memory, packed}. */
static int lstats(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  const dict_stats *s = &d->stats;
  lua_createtable(L, 0, 13);
  lua_pushinteger(L, (lua_Integer)s->lines);       lua_setfield(L, -2, "lines");
  lua_pushinteger(L, (lua_Integer)s->kept);        lua_setfield(L, -2, "kept");
  lua_pushinteger(L, (lua_Integer)s->short_words); lua_setfield(L, -2, "short");
  lua_pushinteger(L, (lua_Integer)s->bad_chars);   lua_setfield(L, -2, "bad_chars");
  lua_pushinteger(L, (lua_Integer)s->too_long);    lua_setfield(L, -2, "too_long");
  lua_pushinteger(L, (lua_Integer)s->duplicates);  lua_setfield(L, -2, "duplicates");
  lua_pushinteger(L, (lua_Integer)s->names);       lua_setfield(L, -2, "names");
  lua_pushboolean(L, s->was_sorted);               lua_setfield(L, -2, "was_sorted");
  lua_pushnumber(L, s->parse_time);                lua_setfield(L, -2, "parse_time");
  lua_pushnumber(L, s->sort_time);                 lua_setfield(L, -2, "sort_time");
  lua_pushnumber(L, s->build_time);                lua_setfield(L, -2, "build_time");
  lua_pushinteger(L, (lua_Integer)dict_memory(d)); lua_setfield(L, -2, "memory");
  lua_pushboolean(L, d->form == DICT_PACKED);      lua_setfield(L, -2, "packed");
  return 1;
}

/* d:bench_search(probes, reps) -> seconds, found: every probe (words, normalised; others
   skipped) made a key once, then searched reps times, timed in C with nothing else. */
static int lbench_search(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer reps = luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, reps >= 1 && reps <= 1000, 3, "1 to 1000 repetitions");
  lua_Integer n = luaL_len(L, 2);
  luaL_argcheck(L, n >= 1 && n <= 10000000, 2, "1 to 10000000 probes");
  dict_key *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys, 0);   /* ... keys */
  size_t m = 0;
  char w[DICT_MAXLEN + 1], err[64];
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, i);                                              /* ... keys probe */
    size_t len;
    const char *p = lua_tolstring(L, -1, &len);
    int wl = p ? dict_normalise(p, len, w, err, sizeof err) : -1;
    if (wl >= 0)
      dict_key_make(d, w, wl, &keys[m++]);
    lua_pop(L, 1);                                                     /* ... keys */
  }
  size_t found = 0;
  double t0 = clock_now();
  for (lua_Integer r = 0; r < reps; r++)
    for (size_t i = 0; i < m; i++)
      found += dict_find(d, &keys[i]) >= 0;
  double t = clock_now() - t0;
  lua_pushnumber(L, t);
  lua_pushinteger(L, (lua_Integer)(found / (size_t)reps));
  lua_pushinteger(L, (lua_Integer)m);
  return 3;
}

static int lclose(lua_State *L) {
  ldict *u = luaL_checkudata(L, 1, SG_DICT_MT);
  dict_free(u->d);
  u->d = NULL;
  return 0;
}

static int ltostring(lua_State *L) {
  ldict *u = luaL_checkudata(L, 1, SG_DICT_MT);
  if (!u->d)
    lua_pushliteral(L, "dictionary (closed)");
  else
    lua_pushfstring(L, "dictionary (%I words, %s, %I bytes)", (lua_Integer)u->d->n,
                    u->d->form == DICT_PACKED ? "packed" : "plain",
                    (lua_Integer)dict_memory(u->d));
  return 1;
}

static const luaL_Reg dict_methods[] = {
  {"has", lhas},
  {"contains", lhas},
  {"prefix", lprefix},
  {"range", lrange},
  {"word", lword},
  {"words", lwords},
  {"count", lcount},
  {"memory", lmemory},
  {"packed", lpacked},
  {"stats", lstats},
  {"bench_search", lbench_search},
  {"close", lclose},
  {NULL, NULL}
};

static const luaL_Reg dict_meta[] = {
  {"__len", lcount},
  {"__gc", lclose},
  {"__close", lclose},
  {"__tostring", ltostring},
  {"__index", NULL},
  {NULL, NULL}
};

static const luaL_Reg dict_funcs[] = {
  {"build", lbuild},
  {"normalise", lnormalise},
  {NULL, NULL}
};

/* ---- the grid: a string of 16 letters a-z, cell 1 first, 'q' the face "Qu" ---- */

static void checkgrid(lua_State *L, int i, wg_grid *g) {
  size_t len;
  const char *s = luaL_checklstring(L, i, &len);
  if (len != WG_CELLS)
    luaL_error(L, "a grid is 16 letters a-z ('q' for the Qu face), got %d characters", (int)len);
  for (int c = 0; c < WG_CELLS; c++) {
    if (s[c] < 'a' || s[c] > 'z')
      luaL_error(L, "a grid is 16 letters a-z ('q' for the Qu face), got '%s'", s);
    g->letter[c] = (uint8_t)(s[c] - 'a' + 1);
  }
}

static void pushgrid(lua_State *L, const wg_grid *g) {
  char s[WG_CELLS + 1];
  for (int c = 0; c < WG_CELLS; c++)
    s[c] = (char)('a' + g->letter[c] - 1);
  s[WG_CELLS] = '\0';
  lua_pushstring(L, s);
}

/* core.wordgrid.deal(dice, seed) -> grid string: dice an array of 16 strings of 6 faces. */
static int ldeal(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_Integer seed = luaL_checkinteger(L, 2);
  luaL_argcheck(L, luaL_len(L, 1) == WG_CELLS, 1, "16 dice");
  const char *dice[WG_CELLS];
  for (int i = 0; i < WG_CELLS; i++) {
    lua_rawgeti(L, 1, i + 1);           /* the strings stay referenced by the table */
    dice[i] = lua_tostring(L, -1);
    if (!dice[i])
      return luaL_error(L, "die %d must be a string of 6 letters", i + 1);
    lua_pop(L, 1);
  }
  wg_grid g;
  char err[128];
  if (wg_deal(dice, (uint64_t)seed, &g, err, sizeof err) != 0)
    return luaL_error(L, "%s", err);
  pushgrid(L, &g);
  return 1;
}

/* core.wordgrid.path(grid, word) -> array of the 1-based cells of a path, or nil. */
static int lpath(lua_State *L) {
  wg_grid g;
  checkgrid(L, 1, &g);
  size_t len;
  const char *w = luaL_checklstring(L, 2, &len);
  for (size_t i = 0; i < len; i++)
    if (w[i] < 'a' || w[i] > 'z')
      return luaL_error(L, "path: '%s' has a character outside a-z", w);
  int path[WG_CELLS];
  int n = len > 2 * WG_CELLS ? 0 : wg_path(&g, w, (int)len, path);
  if (!n) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, path[i] + 1);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* core.wordgrid.solve(d, grid, min_len, max_len) -> array of every word of d on the grid
   (alphabetical), nodes visited, seconds (the walk alone). */
static int lsolve(lua_State *L) {
  sg_dict *d = checkdict(L, 1);
  wg_grid g;
  checkgrid(L, 2, &g);
  lua_Integer minl = luaL_checkinteger(L, 3), maxl = luaL_checkinteger(L, 4);
  luaL_argcheck(L, minl >= 1 && minl <= DICT_MAXLEN, 3, "a shortest length of 1 to 48");
  luaL_argcheck(L, maxl >= 0 && maxl <= DICT_MAXLEN, 4, "a longest length of 0 (none) to 48");
  size_t cap = d->n < 65536 ? d->n : 65536;
  /* the scratch is Lua's (freed if anything raises), made before the walk */
  uint8_t *seen = lua_newuserdatauv(L, d->n / 8 + 1, 0);               /* ... seen */
  memset(seen, 0, d->n / 8 + 1);
  uint32_t *out = lua_newuserdatauv(L, (cap + 1) * sizeof *out, 0);    /* ... seen out */
  uint64_t nodes = 0;
  double t0 = clock_now();
  size_t n = wg_solve(&g, d, (int)minl, (int)maxl, seen, out, cap, &nodes);
  double t = clock_now() - t0;
  if (n > cap)
    n = cap;
  lua_createtable(L, (int)n, 0);                                       /* ... seen out words */
  char w[DICT_MAXLEN + 1];
  for (size_t i = 0; i < n; i++) {
    dict_word(d, out[i], w);
    lua_pushstring(L, w);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  lua_pushinteger(L, (lua_Integer)nodes);
  lua_pushnumber(L, t);
  return 3;
}

static const luaL_Reg wordgrid_funcs[] = {
  {"deal", ldeal},
  {"path", lpath},
  {"solve", lsolve},
  {NULL, NULL}
};

int luaopen_stratagem_dict(lua_State *L) {
  luaL_newmetatable(L, SG_DICT_MT);                 /* mod mt */
  luaL_setfuncs(L, dict_meta, 0);
  luaL_newlib(L, dict_methods);                     /* mod mt methods */
  lua_setfield(L, -2, "__index");                   /* mod mt */
  lua_pop(L, 1);                                    /* mod */
  luaL_newlib(L, dict_funcs);                       /* mod dict */
  lua_setfield(L, -2, "dict");                      /* mod */
  luaL_newlib(L, wordgrid_funcs);                   /* mod wordgrid */
  lua_setfield(L, -2, "wordgrid");                  /* mod */
  return 1;
}
