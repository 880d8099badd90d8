/* lstarchess.c: Star Chess accessors for Lua: a sector and an empire as tables. */
#include <string.h>

#include "ai/options.h"
#include "ai/starplan.h"
#include "core/clock.h"
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

/* Read one size formula {t =, t3 =, add =, at_least =} (all whole numbers, missing = 0). */
static void read_size(lua_State *L, int t, const char *kind, const char *which, sp_size *z) {
  static const char *const keys[] = {"t", "t3", "add", "at_least"};
  int *dst[] = {&z->t, &z->t3, &z->add, &z->at_least};
  lua_getfield(L, t, which);                                     /* ... size */
  if (!lua_istable(L, -1))
    luaL_error(L, "priorities.%s.%s must be a table {t =, t3 =, add =, at_least =}", kind, which);
  for (int i = 0; i < 4; i++) {
    lua_getfield(L, -1, keys[i]);
    if (lua_isnil(L, -1))
      *dst[i] = 0;
    else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= -100000 &&
             lua_tointeger(L, -1) <= 100000)
      *dst[i] = (int)lua_tointeger(L, -1);
    else
      luaL_error(L, "priorities.%s.%s.%s must be a whole number", kind, which, keys[i]);
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int known = 0;
    for (int i = 0; i < 4; i++)
      known |= strcmp(k, keys[i]) == 0;
    if (!known)
      luaL_error(L, "priorities.%s.%s: unknown key '%s' (valid keys: add, at_least, t, t3)",
                 kind, which, k);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* The request table from the Lua table at index t (merged with the defaults in Lua). */
static void read_priorities(lua_State *L, int t, sp_priorities *pr) {
  luaL_checktype(L, t, LUA_TTABLE);
  for (int k = 0; k < SP_KINDS; k++) {
    const char *kind = sp_kind_names[k];
    lua_getfield(L, t, kind);                                    /* ... rule */
    if (!lua_istable(L, -1))
      luaL_error(L, "priorities.%s must be a table {priority =, command =, min =, max =}", kind);
    int rt = lua_gettop(L);
    lua_getfield(L, rt, "priority");
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > 4)
      luaL_error(L, "priorities.%s.priority must be 1 to 4", kind);
    pr->rule[k].priority = (int)lua_tointeger(L, -1);
    lua_getfield(L, rt, "command");
    const char *cmd = lua_tostring(L, -1);
    if (!cmd || (strcmp(cmd, "move") && strcmp(cmd, "colonise")))
      luaL_error(L, "priorities.%s.command must be \"move\" or \"colonise\"", kind);
    pr->rule[k].colonise = strcmp(cmd, "colonise") == 0;
    lua_pop(L, 2);
    read_size(L, rt, kind, "min", &pr->rule[k].min);
    read_size(L, rt, kind, "max", &pr->rule[k].max);
    lua_pop(L, 1);
  }
  lua_getfield(L, t, "reserve_turns");
  if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > 1000)
    luaL_error(L, "priorities.reserve_turns must be a whole number from 0 to 1000");
  pr->reserve_turns = (int)lua_tointeger(L, -1);
  lua_getfield(L, t, "terraform");
  const char *tf = lua_tostring(L, -1);
  if (!tf || (strcmp(tf, "paper") && strcmp(tf, "balance")))
    luaL_error(L, "priorities.terraform must be \"paper\" or \"balance\"");
  pr->terraform_balance = strcmp(tf, "balance") == 0;
  lua_getfield(L, t, "gather");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    luaL_error(L, "priorities.gather must be true or false");
  pr->gather = lua_toboolean(L, -1);
  lua_pop(L, 3);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int known = strcmp(k, "reserve_turns") == 0 || strcmp(k, "terraform") == 0 ||
                strcmp(k, "gather") == 0;
    for (int i = 0; i < SP_KINDS; i++)
      known |= strcmp(k, sp_kind_names[i]) == 0;
    if (!known)
      luaL_error(L, "priorities: unknown situation '%s' (valid: attack_colony, "
                 "attack_homeworld, colonise, defend_colony, defend_homeworld, garrison, "
                 "gather, reserve_turns, terraform)", k);
    lua_pop(L, 1);
  }
}

static void push_sector(lua_State *L, int sec) {
  char name[3];
  sc_sector_name(sec, name);
  lua_pushstring(L, name);
}

/* core.starchess.requests(g, priorities) -> the request list of the player to move */
static int lrequests(lua_State *L) {
  lgame *g;
  const sc_state *s = checkstarchess(L, 1, &g);
  sp_priorities pr;
  read_priorities(L, 2, &pr);
  sp_request req[SC_SECTORS];
  int n = sp_requests(&pr, g->cfg, s, s->player + 1, 0, req);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 7);
    push_sector(L, req[i].sector);
    lua_setfield(L, -2, "sector");
    lua_pushstring(L, sp_kind_names[req[i].kind]);
    lua_setfield(L, -2, "kind");
    lua_pushinteger(L, req[i].priority);
    lua_setfield(L, -2, "priority");
    lua_pushstring(L, req[i].colonise ? "colonise" : "move");
    lua_setfield(L, -2, "command");
    lua_pushinteger(L, req[i].min);
    lua_setfield(L, -2, "min");
    lua_pushinteger(L, req[i].max);
    lua_setfield(L, -2, "max");
    lua_pushinteger(L, req[i].threats);
    lua_setfield(L, -2, "threats");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* core.starchess.threats(g) -> {A1 = n, ...}, {sectors of the standard mask} */
static int lthreats(lua_State *L) {
  const sc_state *s = checkstarchess(L, 1, NULL);
  int threats[SC_SECTORS];
  uint16_t std;
  sp_threats(s, s->player + 1, threats, &std);
  lua_createtable(L, 0, SC_SECTORS);
  for (int i = 0; i < SC_SECTORS; i++) {
    lua_pushinteger(L, threats[i]);
    char name[3];
    sc_sector_name(i, name);
    lua_setfield(L, -2, name);
  }
  lua_newtable(L);
  for (int k = 0, n = 0; k < SC_SECTORS; k++) {
    int sec = sc_order[s->player][k];
    if (std >> sec & 1) {
      push_sector(L, sec);
      lua_rawseti(L, -2, ++n);
    }
  }
  return 2;
}

/* The algorithm named in the options at t ("predict" or "strong"), for messages. */
static const char *sc_opt_algo(lua_State *L, int t) {
  lua_getfield(L, t, "algo");
  const char *a = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "predict";
  lua_pop(L, 1);   /* the string stays in the options table */
  return a;
}

/* Read an integer option, with a range (sg.search has checked it against the schema: this
   keeps C safe from a direct call, in the schema's error form). */
static int opt_int(lua_State *L, int t, const char *k, int def, int lo, int hi) {
  lua_getfield(L, t, k);
  int v = def;
  if (!lua_isnil(L, -1)) {
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < lo || lua_tointeger(L, -1) > hi)
      luaL_error(L, "sg.search: %s (algo '%s'): got %s; expected a whole number from %d to %d",
                 k, sc_opt_algo(L, t), luaL_tolstring(L, -1, NULL), lo, hi);
    v = (int)lua_tointeger(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

static int opt_bool(lua_State *L, int t, const char *k, int def) {
  lua_getfield(L, t, k);
  int v = def;
  if (!lua_isnil(L, -1)) {
    if (!lua_isboolean(L, -1))
      luaL_error(L, "sg.search: %s (algo '%s'): got %s; expected true or false", k,
                 sc_opt_algo(L, t), luaL_typename(L, -1));
    v = lua_toboolean(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* The tree's options from the table at t (checked and merged in Lua) into o: turns or levels,
   prune, skip_dead, masks, threads, dedupe, wide, rollout, time, priorities (a full table)
   into pr, opponent_priorities into others (o->others then points there).  No model. */
static void read_tree_options(lua_State *L, int t, sp_options *o, sp_priorities *pr,
                              sp_priorities *others) {
  o->prune = opt_bool(L, t, "prune", 1);
  o->skip_dead = opt_bool(L, t, "skip_dead", 0);
  o->masks = opt_bool(L, t, "masks", 1);
  o->threads = opt_int(L, t, "threads", 1, 1, 64);
  o->dedupe = opt_bool(L, t, "dedupe", 1);
  o->wide = opt_bool(L, t, "wide", 0);
  o->rollout = opt_int(L, t, "rollout", 0, 0, 100);
  o->model = NULL;
  lua_getfield(L, t, "time");
  o->time = 0;
  if (!lua_isnil(L, -1)) {
    if (!lua_isnumber(L, -1) || !(lua_tonumber(L, -1) >= 0)) {
      char exp[256];
      options_expected(&options_table[OPT_TIME], exp, sizeof exp);
      luaL_error(L, "sg.search: time (algo '%s'): got %s; expected %s", sc_opt_algo(L, t),
                 luaL_tolstring(L, -1, NULL), exp);
    }
    o->time = lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
  lua_getfield(L, t, "levels");
  int has_levels = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (has_levels)
    o->levels = opt_int(L, t, "levels", 1, 1, 64);
  else {
    int turns = opt_int(L, t, "turns", -1, 0, 16);   /* the default comes merged from Lua */
    if (turns < 0)
      luaL_error(L, "sg.search: turns (algo '%s'): missing; expected turns or levels",
                 sc_opt_algo(L, t));
    /* nLevels is fixed at 4 x turns; with skip_dead the levels go to the survivors, so the
       tree reaches further in full turns as players are eliminated (section 3.4.1) */
    o->levels = turns == 0 ? 1 : turns * SC_PLAYERS;
    if (o->levels > 64)
      luaL_error(L, "sg.search: turns (algo '%s'): %d turns are %d levels; expected at most 64 "
                 "levels", sc_opt_algo(L, t), turns, o->levels);
  }
  lua_getfield(L, t, "priorities");
  read_priorities(L, lua_gettop(L), pr);
  lua_pop(L, 1);
  o->others = NULL;
  lua_getfield(L, t, "opponent_priorities");
  if (!lua_isnil(L, -1)) {
    read_priorities(L, lua_gettop(L), others);
    o->others = others;
  }
  lua_pop(L, 1);
}

/* core.starchess.predict(g, opts, cfg_weights_game) -> result.  opts is checked and merged in
   Lua (read_tree_options); weights come as a game object whose config to use (the same game,
   or a copy with other weights).  opts.model, if given, is the opponents' own player (Lua's
   opponent_model "predict", "strong" or the one "auto" found): its tree options as above, its
   weights as the game object
   model.weights_game, model.turns, the full turns of the tree it plays the opponents in, and
   model.top, the root alternatives searched again with it (0: all at once). */
static int lpredict(lua_State *L) {
  lgame *g;
  const sc_state *s = checkstarchess(L, 1, &g);
  luaL_checktype(L, 2, LUA_TTABLE);
  lgame *wg;
  checkstarchess(L, 3, &wg);
  sp_options o, mo;
  sp_priorities pr, others, mpr, mothers;
  sp_model m;
  read_tree_options(L, 2, &o, &pr, &others);
  lua_getfield(L, 2, "model");
  if (!lua_isnil(L, -1)) {
    int mt = lua_gettop(L);
    luaL_checktype(L, mt, LUA_TTABLE);
    read_tree_options(L, mt, &mo, &mpr, &mothers);
    mo.threads = 1, mo.time = 0;   /* the model's result must not depend on either */
    lua_getfield(L, mt, "weights_game");
    lgame *mg;
    checkstarchess(L, lua_gettop(L), &mg);   /* held by opts.model: alive for the call */
    lua_pop(L, 1);
    m.pr = &mpr, m.c = mg->cfg, m.o = &mo;
    m.turns = opt_int(L, mt, "turns_modelled", 1, 0, 16);
    m.top = opt_int(L, mt, "top", 0, 0, SP_MAX_MASKS);
    o.model = &m;
  }
  lua_pop(L, 1);
  sp_result *r = lua_newuserdatauv(L, sizeof *r, 0);
  char err[SG_ERRLEN];
  double t0 = clock_now();
  if (sp_comp_turn(&pr, wg->cfg, s, &o, r, err) != 0)
    return luaL_error(L, "%s", err);
  double dt = clock_now() - t0;
  /* Ctrl-C: an error, except in gentle mode (a person at play or the REPL at a terminal),
     where the best turn among the masks searched to the end is returned, marked stopped */
  if (r->interrupted && !lgame_keep_partial())
    return lgame_interrupted(L);
  lua_createtable(L, 0, 9);
  if (r->interrupted) {
    lua_pushliteral(L, "interrupted");
    lua_setfield(L, -2, "stopped");
  }
  sc_state walk = *s;
  lua_createtable(L, r->ncmds, 0);
  for (int i = 0; i < r->ncmds; i++) {
    char buf[64];
    starchess_class.format(g->cfg, &walk, r->cmds[i], buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "moves");
  lua_newtable(L);
  for (int k = 0, n = 0; k < SC_SECTORS; k++) {
    int sec = sc_order[s->player][k];
    if (r->mask >> sec & 1) {
      push_sector(L, sec);
      lua_rawseti(L, -2, ++n);
    }
  }
  lua_setfield(L, -2, "mask");
  lua_createtable(L, SC_PLAYERS, 0);
  for (int p = 0; p < SC_PLAYERS; p++) {
    lua_pushinteger(L, r->scores[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "scores");
  lua_pushinteger(L, (lua_Integer)r->generated);
  lua_setfield(L, -2, "generated");
  lua_pushinteger(L, (lua_Integer)r->evaluated);
  lua_setfield(L, -2, "evaluated");
  lua_pushinteger(L, (lua_Integer)r->generated);
  lua_setfield(L, -2, "nodes");
  lua_pushinteger(L, o.levels);
  lua_setfield(L, -2, "levels");
  lua_pushnumber(L, dt);
  lua_setfield(L, -2, "time");
  lua_pushboolean(L, r->complete);
  lua_setfield(L, -2, "complete");
  return 1;
}

/* core.starchess.plan(g, masked_sectors_table, priorities) -> the commands CompLevel makes
   for the player to move with those sectors' requests masked out (g is unchanged). */
static int lplan(lua_State *L) {
  lgame *g;
  const sc_state *s = checkstarchess(L, 1, &g);
  luaL_checktype(L, 2, LUA_TTABLE);
  uint16_t masked = 0;
  lua_Integer n = luaL_len(L, 2);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, 2, i);
    const char *name = lua_tostring(L, -1);
    int sec = name ? sc_sector_parse(name) : -1;
    if (sec < 0)
      return luaL_error(L, "plan: mask[%d] is not a sector (A1 to D4)", (int)i);
    masked = (uint16_t)(masked | 1u << sec);
    lua_pop(L, 1);
  }
  sp_priorities pr;
  read_priorities(L, 3, &pr);
  sg_move *cmds = lua_newuserdatauv(L, SP_MAX_COMMANDS * sizeof(sg_move), 0);
  sc_state walk = *s;
  int nc = sp_comp_level(&pr, g->cfg, &walk, masked, cmds);
  if (nc > SP_MAX_COMMANDS - 1)
    nc = SP_MAX_COMMANDS - 1;
  walk = *s;
  lua_createtable(L, nc, 0);
  for (int i = 0; i < nc; i++) {
    char buf[64];
    starchess_class.format(g->cfg, &walk, cmds[i], buf, sizeof buf);
    starchess_class.play(g->cfg, &walk, cmds[i]);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static const luaL_Reg starchess_funcs[] = {
  {"plan", lplan},
  {"requests", lrequests},
  {"threats", lthreats},
  {"predict", lpredict},
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
