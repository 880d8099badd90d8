/* fuzz-lua.c: a fuzz target for the entry points written in Lua (libFuzzer's entry point;
   t/fuzz/driver.c runs it without libFuzzer): the data reader of saves and preferences, saved
   games, PGN, opening files, sg.new's and sg.search's options.  An input is

     KIND '\n' TEXT

   and t/fuzz/fuzz.lua says what each kind must do; anything else it raises is a finding, and
   so is every crash and sanitizer report.  The Lua files come from $SRCDIR/lua (the tests'
   variable), else from the source tree the target was built in. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

int luaopen_stratagem_core(lua_State *L);
void sg_lua_layout(lua_State *L, const char *luadir);   /* lcore.c */

#ifndef STRATAGEM_SRCDIR
#define STRATAGEM_SRCDIR "."
#endif

static lua_State *L;
static int check_ref = LUA_NOREF;

static void init_once(void) {
  if (L)
    return;
  L = luaL_newstate();
  if (!L)
    abort();
  luaL_openlibs(L);
  const char *src = getenv("SRCDIR");
  if (!src || !*src)
    src = STRATAGEM_SRCDIR;
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/lua/?.lua;%s/lua/?/init.lua", src, src);
  lua_setfield(L, -2, "path");
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_stratagem_core);
  lua_setfield(L, -2, "stratagem.core");
  lua_pop(L, 2);
  lua_createtable(L, 0, 3);   /* core.paths() */
  lua_pushfstring(L, "%s/lua", src);
  lua_setfield(L, -2, "lua");
  lua_pushfstring(L, "%s/scenarios", src);
  lua_setfield(L, -2, "scenarios");
  lua_pushfstring(L, "%s/doc", src);
  lua_setfield(L, -2, "doc");
  lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.paths");
  char path[4096];
  snprintf(path, sizeof path, "%s/lua", src);
  sg_lua_layout(L, path);
  snprintf(path, sizeof path, "%s/t/fuzz/fuzz.lua", src);
  if (luaL_dofile(L, path) != LUA_OK) {
    fprintf(stderr, "fuzz-lua: %s\n", lua_tostring(L, -1));
    abort();
  }
  check_ref = luaL_ref(L, LUA_REGISTRYINDEX);   /* the function fuzz.lua returns */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  init_once();
  const uint8_t *nl = memchr(data, '\n', size);
  size_t klen = nl ? (size_t)(nl - data) : 0;
  lua_rawgeti(L, LUA_REGISTRYINDEX, check_ref);
  lua_pushlstring(L, (const char *)data, klen);
  lua_pushlstring(L, (const char *)data + (nl ? klen + 1 : 0), size - (nl ? klen + 1 : 0));
  if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
    fprintf(stderr, "fuzz-lua: finding: %s\n", lua_tostring(L, -1));
    abort();
  }
  lua_settop(L, 0);
  if (lua_gc(L, LUA_GCCOUNT, 0) > 512 * 1024)   /* 512 MB: a leak across inputs is a finding */
    abort();
  return 0;
}
