/* lstarchess.c: Star Chess accessors for Lua: a sector and an empire as tables. */
#include <string.h>

#include "games/starchess.h"
#include "lstratagem.h"

static const sc_state *checkstarchess(lua_State *L, int i, lgame **gp) {
  lgame *g = checkgame(L, i);
  if (g->cls != &starchess_class)
    luaL_error(L, "expected a starchess game, got a %s game", g->cls->name);
  if (gp)
    *gp = g;
  return (const sc_state *)lgame_state(g);
}

/* core.starchess.sector(g, "B2") -> {planet =, colony = {owner, pop} | nil, fleet = ...} */
static int lsector(lua_State *L) {
  const sc_state *s = checkstarchess(L, 1, NULL);
  const char *name = luaL_checkstring(L, 2);
  int i = sc_sector_parse(name);
  if (i < 0)
    return luaL_error(L, "sector: unknown sector '%s' (expected A1 to D4)", name);
  lua_createtable(L, 0, 3);
  lua_pushstring(L, s->terran >> i & 1 ? "terran" : "barren");
  lua_setfield(L, -2, "planet");
  if (s->col_owner[i]) {
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, s->col_owner[i]);
    lua_setfield(L, -2, "owner");
    lua_pushinteger(L, s->pop[i]);
    lua_setfield(L, -2, "pop");
    lua_pushinteger(L, s->worked[i]);
    lua_setfield(L, -2, "worked");
    lua_pushboolean(L, i == sc_homeworld[s->col_owner[i] - 1]);
    lua_setfield(L, -2, "homeworld");
    lua_setfield(L, -2, "colony");
  }
  if (s->fl_owner[i]) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, s->fl_owner[i]);
    lua_setfield(L, -2, "owner");
    lua_pushinteger(L, s->ships[i]);
    lua_setfield(L, -2, "ships");
    lua_pushinteger(L, s->moved[i]);
    lua_setfield(L, -2, "moved");
    lua_pushinteger(L, s->built[i]);
    lua_setfield(L, -2, "built");
    lua_setfield(L, -2, "fleet");
  }
  lua_pushboolean(L, s->col_owner[i] && s->fl_owner[i] && s->col_owner[i] != s->fl_owner[i]);
  lua_setfield(L, -2, "blockade");
  return 1;
}

/* core.starchess.empire(g, p) -> {materials, credits, ships, colonies, defeated} */
static int lempire(lua_State *L) {
  const sc_state *s = checkstarchess(L, 1, NULL);
  lua_Integer p = luaL_checkinteger(L, 2);
  luaL_argcheck(L, p >= 1 && p <= SC_PLAYERS, 2, "a player from 1 to 4");
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, s->materials[p - 1]);
  lua_setfield(L, -2, "materials");
  lua_pushinteger(L, s->credits[p - 1]);
  lua_setfield(L, -2, "credits");
  lua_pushinteger(L, sc_ships(s, (int)p));
  lua_setfield(L, -2, "ships");
  lua_pushinteger(L, sc_colonies(s, (int)p));
  lua_setfield(L, -2, "colonies");
  lua_pushboolean(L, s->defeated >> (p - 1) & 1);
  lua_setfield(L, -2, "defeated");
  char hw[3];
  sc_sector_name(sc_homeworld[p - 1], hw);
  lua_pushstring(L, hw);
  lua_setfield(L, -2, "homeworld");
  return 1;
}

/* core.starchess.turn(g) -> full turn number */
static int lturn(lua_State *L) {
  lua_pushinteger(L, checkstarchess(L, 1, NULL)->turn);
  return 1;
}

/* core.starchess.order(p) -> the sector processing order of player p (section 3.1) */
static int lorder(lua_State *L) {
  lua_Integer p = luaL_checkinteger(L, 1);
  luaL_argcheck(L, p >= 1 && p <= SC_PLAYERS, 1, "a player from 1 to 4");
  lua_createtable(L, SC_SECTORS, 0);
  for (int k = 0; k < SC_SECTORS; k++) {
    char name[3];
    sc_sector_name(sc_order[p - 1][k], name);
    lua_pushstring(L, name);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static const luaL_Reg starchess_funcs[] = {
  {"sector", lsector},
  {"empire", lempire},
  {"turn", lturn},
  {"order", lorder},
  {NULL, NULL}
};

int luaopen_stratagem_starchess(lua_State *L) {
  luaL_newlib(L, starchess_funcs);
  lua_setfield(L, -2, "starchess");
  return 1;
}
