/* lstratagem.h: the bindings' shared declarations: the game userdata and its checked getter. */
#ifndef SG_LSTRATAGEM_H
#define SG_LSTRATAGEM_H

#include <lua.h>
#include <lauxlib.h>

#include "games/game.h"

#define SG_GAME_MT "stratagem.game"
#define SG_PROC_MT "stratagem.proc"   /* a child process (lproc.c) */
#define SG_DICT_MT "stratagem.dict"   /* a word list (ldict.c) */

struct search_memory;

/* A game as Lua sees it: its class, its config (rules, weights, variant) and the line of
   states from the start, so undo and save need nothing else; and, made when a search with
   keep_history first asks, one memory of history tables per player to move (not copied by
   g:copy). */
typedef struct lgame {
  const sg_class *cls;
  void *cfg;
  unsigned char *states;   /* (n + 1) states: states[0] the start, states[n] the current */
  sg_move *hist;           /* the n moves played */
  sg_move *movebuf;        /* max_moves scratch for listing moves, made on first use */
  int n, cap;
  lua_Integer seed;
  struct search_memory *memory[2];
} lgame;

lgame *checkgame(lua_State *L, int i);
/* The memory of history tables of g's player `player` (0 or 1) for keep_history, made on
   first use (raises when out of memory). */
struct search_memory *lgame_memory(lua_State *L, lgame *g, int player);
const void *lgame_state(const lgame *g);
/* Push a move of the current state as a string. */
void lgame_pushmove(lua_State *L, const lgame *g, const void *st, sg_move m);
/* Raise "interrupted!" and clear the flag (a Ctrl-C stopped a C loop). */
int lgame_interrupted(lua_State *L);
/* A search stopped by Ctrl-C in gentle mode (core/clock.h): 1, the flag cleared, and the
   caller returns what the search found marked stopped = "interrupted"; else 0, and the caller
   raises with lgame_interrupted. */
int lgame_keep_partial(void);

/* A long search's progress on standard error at a terminal (lsearch.c): set report and
   report_ud of the search's options to these when lsearch_progress_wanted(), and call
   lsearch_progress_end after the search. */
struct search_result;
typedef struct lsearch_progress { int shown; } lsearch_progress;
int lsearch_progress_wanted(void);
void lsearch_progress_report(void *ud, const struct search_result *r);
void lsearch_progress_end(const lsearch_progress *p);
/* Push the MultiPV lines of an alpha-beta result (r->nlines > 0) as sg.search gives them. */
void lsearch_push_lines(lua_State *L, const lgame *g, const struct search_result *r);
/* Play legal move m on g, keeping the state before it for undo (raises on no memory). */
void lgame_push(lua_State *L, lgame *g, sg_move m);

/* Games defined in Lua (ldefine.c).  Every binding that reaches a defined game's class goes
   through checkgame, which points the class at the calling thread (ldefine_bind); a binding
   that runs a search or perft brackets it with ldefine_guard / ldefine_unguard (lgame_guard /
   lgame_unguard do nothing for other games), so that an error in the script stops the search
   and is raised after it, with the callback's name and the move. */
int ldefine_is(const sg_class *c);
void ldefine_bind(lua_State *L, const lgame *g);
void ldefine_guard(lua_State *L, const lgame *g);
void ldefine_unguard(lua_State *L, const lgame *g);
void ldefine_keep(lua_State *L, lgame *g, void *st);
void ldefine_hold(lua_State *L, const lgame *g, const void *st, int delta);
void ldefine_config(lua_State *L, lgame *g, int o);
void ldefine_push_weights(lua_State *L, const lgame *g);
void ldefine_push_variant(lua_State *L, const lgame *g);
void ldefine_set_weights(lua_State *L, lgame *g, int t);
const sg_class *ldefine_find(lua_State *L, const char *name);
int ldefine_names(lua_State *L, int k);
void lgame_guard(lua_State *L, const lgame *g);
void lgame_unguard(lua_State *L, const lgame *g);

int luaopen_stratagem_game(lua_State *L);
int luaopen_stratagem_define(lua_State *L);     /* fills the module table at -1 */     /* fills the module table at -1 */
int luaopen_stratagem_search(lua_State *L);   /* fills the module table at -1 */
int luaopen_stratagem_starchess(lua_State *L);   /* sets mod.starchess */
int luaopen_stratagem_othello(lua_State *L);     /* sets mod.othello */
int luaopen_stratagem_warchess(lua_State *L);    /* sets mod.warchess */
int luaopen_stratagem_chess(lua_State *L);       /* sets mod.chess */
int luaopen_stratagem_patience(lua_State *L);    /* sets mod.patience */
int luaopen_stratagem_qubic(lua_State *L);       /* sets mod.qubic */
int luaopen_stratagem_proc(lua_State *L);       /* sets mod.spawn */
int luaopen_stratagem_dict(lua_State *L);       /* sets mod.dict, mod.wordgrid */
int luaopen_stratagem_core(lua_State *L);
/* Let require find stratagem.NAME in the folders of the Lua half under luadir (games/, cmd/)
   and record their search path as paths.modules; call after the paths table is set. */
void sg_lua_layout(lua_State *L, const char *luadir);

#endif
