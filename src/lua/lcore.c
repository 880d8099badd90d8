/* lcore.c: the C half of the stratagem module (require "stratagem.core"). */
#include "config.h"

#include <unistd.h>
#include "core/clock.h"
#include "lstratagem.h"

/* core.clock(): seconds on the monotonic clock. */
static int lclock(lua_State *L) {
  lua_pushnumber(L, clock_now());
  return 1;
}

/* core.paths(): {lua =, scenarios =, doc =} as the program found them, or nil. */
static int lpaths(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.paths");
  return 1;
}

/* core.isatty([fd]): whether the descriptor (default 1, standard output) is a terminal. */
static int lisatty(lua_State *L) {
  lua_pushboolean(L, isatty((int)luaL_optinteger(L, 1, 1)));
  return 1;
}

static const luaL_Reg core_funcs[] = {
  {"isatty", lisatty},
  {"clock", lclock},
  {"paths", lpaths},
  {NULL, NULL}
};

int luaopen_stratagem_core(lua_State *L) {
  luaL_newlib(L, core_funcs);                    /* mod */
  lua_pushliteral(L, PACKAGE_VERSION);
  lua_setfield(L, -2, "version");
  luaopen_stratagem_game(L);
  luaopen_stratagem_search(L);
  luaopen_stratagem_starchess(L);
  return 1;
}
