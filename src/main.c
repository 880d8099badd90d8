/* main.c: the stratagem program: REPL, script runner and subcommands, modelled on lua.c. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "core/clock.h"
#include "lua/lstratagem.h"

#define PROGNAME "stratagem"
#define PROMPT "> "
#define PROMPT2 ">> "

static const char *progname = PROGNAME;
static lua_State *globalL = NULL;   /* only for the signal handler, as in lua.c */

static const char *subcommand_names =
    "bench, games, help, job, match, merge, perft, play, prefs, sprt, tune, uci";

static void print_usage(FILE *f) {
  fprintf(f,
          "usage: %s [options] [script.lua [args...]]\n"
          "       %s SUBCOMMAND [args...]\n"
          "Options:\n"
          "  -e chunk   run the Lua chunk (the words after it fill arg[1..])\n"
          "  -i         enter the REPL after running the script or chunks\n"
          "  -v         print the version and exit\n"
          "  -h, --help print this help and exit\n"
          "  --         stop handling options\n"
          "  -          run standard input as a script\n"
          "Subcommands: %s\n"
          "  (stratagem SUBCOMMAND --help, or stratagem help SUBCOMMAND, describes each)\n"
          "With no arguments, start the interactive REPL (the global sg is the module).\n",
          progname, progname, subcommand_names);
}

static void message(const char *msg) {
  fprintf(stderr, "%s: %s\n", progname, msg);
  fflush(stderr);
}

/* Report a failed status with its message; returns status. */
static int report(lua_State *L, int status) {
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    message(msg ? msg : "(error object is not a string)");
    lua_pop(L, 1);
  }
  return status;
}

static void lstop(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "interrupted!");
}

/* Every POLL_COUNT instructions of any Lua thread: stop when Ctrl-C asked.  Coroutines inherit
   their creator's hook, so a loop inside one stops too (the signal handler can only reach the
   main thread). */
#define POLL_COUNT 10000
static void lpoll(lua_State *L, lua_Debug *ar) {
  (void)ar;
  if (interrupt_pending()) {
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "interrupted!");
  }
}

/* Ctrl-C while Lua runs: stop C loops through the flag and Lua code through a hook.  A second
   Ctrl-C before the first was honoured ends the program, as in the standalone lua. */
static void laction(int sig) {
  int saved = errno;   /* the interrupted code may be between a call and its errno check */
  interrupt_request();
  if (!interrupt_gentle()) {   /* gentle: searches return what they found, Lua loops stop at
                                  the next lpoll */
    signal(sig, SIG_DFL);
    if (globalL)
      lua_sethook(globalL, lstop, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
  }
  errno = saved;
}

/* Install handler for SIGINT; returns the one it replaces. */
static void (*set_sigint(void (*handler)(int)))(int) {
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;   /* no SA_RESTART: a read at the prompt returns EINTR */
  if (sigaction(SIGINT, &sa, &old) != 0)
    return SIG_DFL;
  return old.sa_handler;
}

static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* Call the function below narg arguments under a traceback handler with Ctrl-C armed. */
static int docall(lua_State *L, int narg, int nres) {
  int base = lua_gettop(L) - narg;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  interrupt_clear();
  globalL = L;
  lua_sethook(L, lpoll, LUA_MASKCOUNT, POLL_COUNT);
  set_sigint(laction);
  int status = lua_pcall(L, narg, nres, base);
  set_sigint(SIG_DFL);
  lua_sethook(L, NULL, 0, 0);
  interrupt_clear();
  lua_remove(L, base);
  return status;
}

static int luaopen_stratagem_term(lua_State *L);
int luaopen_stratagem_http(lua_State *L);   /* http.c */

/* Whether folder dir holds the Lua half of the module. */
static int has_module(const char *dir) {
  char path[PATH_MAX];
  int n = snprintf(path, sizeof path, "%s/stratagem/init.lua", dir);
  return n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0;
}

/* Find the Lua half of the module: $STRATAGEM_LUADIR, else the source tree when this binary is
   the one in the build tree, else the installed data directory. */
static void set_paths(lua_State *L) {
  char exe[PATH_MAX], exedir[PATH_MAX], built[PATH_MAX];
  const char *luadir = STRATAGEM_LUADIR, *scendir = STRATAGEM_SCENARIODIR;
  const char *docdir = STRATAGEM_DOCDIR;
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
      *slash = '\0';
      if (realpath(exe, exedir) && realpath(STRATAGEM_BUILDDIR, built) &&
          strcmp(exedir, built) == 0) {
        luadir = STRATAGEM_SRCDIR "/lua";
        scendir = STRATAGEM_SRCDIR "/scenarios";
        docdir = STRATAGEM_SRCDIR "/doc";
      }
    }
  }
  /* installed elsewhere than configured (make install prefix=DIR, a copied tree): the files
     beside the program, in ../share/stratagem, when the configured folder lacks them */
  static char rel_lua[PATH_MAX], rel_scen[PATH_MAX], rel_doc[PATH_MAX];
  if (!has_module(luadir) && n > 0 && exe[0] == '/') {
    int a = snprintf(rel_lua, sizeof rel_lua, "%s/../share/stratagem/lua", exe);
    int b = snprintf(rel_scen, sizeof rel_scen, "%s/../share/stratagem/scenarios", exe);
    int c = snprintf(rel_doc, sizeof rel_doc, "%s/../share/doc/stratagem", exe);
    if (a > 0 && b > 0 && c > 0 && (size_t)a < sizeof rel_lua && (size_t)b < sizeof rel_scen &&
        (size_t)c < sizeof rel_doc && has_module(rel_lua))
      luadir = rel_lua, scendir = rel_scen, docdir = rel_doc;
  }
  const char *env = getenv("STRATAGEM_LUADIR");
  if (env && *env)
    luadir = env;
  if (!has_module(luadir))
    fprintf(stderr,
            "%s: cannot find the Lua half of stratagem (stratagem/init.lua) in %s%s%s; "
            "install the program with 'make install' or point to the source tree's lua folder "
            "with STRATAGEM_LUADIR=DIR\n",
            progname, luadir, env && *env ? "" : " nor beside the program in ",
            env && *env ? "" : "../share/stratagem/lua");
  lua_getglobal(L, "package");                                    /* package */
  lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;", luadir, luadir);  /* package ours */
  lua_getfield(L, -2, "path");                                    /* package ours path */
  lua_concat(L, 2);                                               /* package path' */
  lua_setfield(L, -2, "path");                                    /* package */
  lua_getfield(L, -1, "preload");                                 /* package preload */
  lua_pushcfunction(L, luaopen_stratagem_core);
  lua_setfield(L, -2, "stratagem.core");
  lua_pushcfunction(L, luaopen_stratagem_term);
  lua_setfield(L, -2, "stratagem.term");
  lua_pushcfunction(L, luaopen_stratagem_http);
  lua_setfield(L, -2, "stratagem.http");
  lua_pop(L, 2);
  lua_createtable(L, 0, 3);                                       /* paths */
  lua_pushstring(L, luadir);
  lua_setfield(L, -2, "lua");
  lua_pushstring(L, scendir);
  lua_setfield(L, -2, "scenarios");
  lua_pushstring(L, docdir);
  lua_setfield(L, -2, "doc");
  lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.paths");
  sg_lua_layout(L, luadir);
}

/* The global arg table: arg[0] the script (or the program), arg[-1] the program,
   arg[1..] the words after the script or the chunk. */
static void create_arg(lua_State *L, char **argv, int script, int first, int argc) {
  lua_createtable(L, argc - first, 2);
  lua_pushstring(L, argv[0]);
  lua_rawseti(L, -2, script ? -1 : 0);
  if (script)
    lua_pushstring(L, argv[script]), lua_rawseti(L, -2, 0);
  for (int i = first; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - first + 1);
  }
  lua_setglobal(L, "arg");
}

static int pushargs(lua_State *L) {
  lua_getglobal(L, "arg");
  if (!lua_istable(L, -1))
    luaL_error(L, "'arg' is not a table");
  int n = (int)luaL_len(L, -1);
  luaL_checkstack(L, n + 3, "too many arguments to script");
  for (int i = 1; i <= n; i++)
    lua_rawgeti(L, -i, i);
  lua_remove(L, -n - 1);
  return n;
}

static int dochunk(lua_State *L, const char *chunk) {
  int status = luaL_loadbuffer(L, chunk, strlen(chunk), "=(command line)");
  if (status == LUA_OK) {
    int n = pushargs(L);
    status = docall(L, n, 0);
  }
  return report(L, status);
}

static int doscript(lua_State *L, const char *fname) {
  if (fname && strcmp(fname, "-") == 0)
    fname = NULL;   /* standard input */
  int status = luaL_loadfile(L, fname);
  if (status == LUA_OK) {
    int n = pushargs(L);
    status = docall(L, n, 0);
  }
  return report(L, status);
}

/* Run a subcommand: require("stratagem.cli").main(name, args...); its result is the exit
   code. */
static int dosubcommand(lua_State *L, int *code) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "stratagem.cli");
  int status = docall(L, 1, 1);
  if (status == LUA_OK) {
    lua_getfield(L, -1, "main");
    lua_remove(L, -2);
    int n = pushargs(L);
    status = docall(L, n, 1);
    if (status == LUA_OK) {
      *code = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : lua_toboolean(L, -1) ? 0 : 1;
      lua_pop(L, 1);
    }
  }
  return report(L, status);
}

/* ---- the REPL ---- */

static int interactive_input;   /* standard input is a terminal: prompts and line editing */

/* Ctrl-C at the prompt abandons the line being typed (and an unfinished statement). */
static volatile sig_atomic_t prompt_interrupted;

static void prompt_action(int sig) {
  (void)sig;
  prompt_interrupted = 1;
}

/* A deadline for the line being read (clock_now() seconds; 0: none), set by term.readline's
   timeout, and whether it passed before the line was complete. */
static double read_deadline;
static int read_timed_out;

/* Wait for standard input until the deadline: 1 something to read (or no deadline), 0 the
   deadline passed (read_timed_out set), -1 a signal interrupted the wait. */
static int wait_input(void) {
  if (read_deadline <= 0)
    return 1;
  double left = read_deadline - clock_now();
  if (left <= 0) {
    read_timed_out = 1;
    return 0;
  }
  struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
  int r = poll(&p, 1, left > 86400 ? 86400000 : (int)(left * 1000) + 1);
  if (r == 0) {
    read_timed_out = 1;
    return 0;
  }
  return r > 0 || errno != EINTR ? 1 : -1;
}

#ifdef HAVE_READLINE
#if RL_READLINE_VERSION >= 0x0801
/* readline's input function, so that Ctrl-C abandons the line being typed: readline catches
   the signal (restoring the terminal, echoing ^C) and passes it to prompt_action through
   rl_check_signals; then a newline ends the line, which read_line_tty throws away.  A
   deadline that passes ends the line the same way. */
static int repl_getc(FILE *f) {
  for (;;) {
    int w = wait_input();
    if (w == 0)
      return '\n';
    if (w > 0) {
      unsigned char ch;
      ssize_t r = read(fileno(f), &ch, 1);
      if (r == 1)
        return ch;
      if (r == 0 || errno != EINTR)
        return EOF;
    }
    rl_check_signals();
    if (prompt_interrupted)
      return '\n';
  }
}
#endif

/* A line through readline; NULL at end of input; *interrupted set when Ctrl-C abandoned it. */
static char *read_line_tty(const char *prompt, int *interrupted) {
  prompt_interrupted = 0;
  void (*before)(int) = set_sigint(prompt_action);
#if RL_READLINE_VERSION >= 0x0801
  rl_getc_function = repl_getc;
#endif
  char *line = readline(prompt);
  set_sigint(before);   /* as it was: a subcommand's Lua code keeps its handler */
  if (prompt_interrupted) {
    *interrupted = 1;
    free(line);
    return NULL;
  }
  if (read_timed_out) {   /* the part typed before the deadline does not count */
    free(line);
    return NULL;
  }
  return line;
}
#endif

/* Whether stdio holds input already read from standard input (which poll cannot see). */
static int stdin_buffered(void) {
#ifdef __GLIBC__
  return stdin->_IO_read_ptr < stdin->_IO_read_end;
#else
  return 1;   /* unknown: read through stdio, without the deadline */
#endif
}

/* A line read byte by byte from the descriptor (nothing read beyond it), waiting no longer
   than the deadline: NULL at the end of input, at the deadline (read_timed_out) or, with
   *interrupted set, when Ctrl-C stopped the wait. */
static char *read_line_fd(int *interrupted) {
  size_t n = 0, cap = 128;
  char *buf = malloc(cap);
  while (buf) {
    int w = wait_input();
    if (w == 0)
      break;
    unsigned char ch;
    ssize_t r = w > 0 ? read(STDIN_FILENO, &ch, 1) : -1;
    if (r == 1 && ch != '\n') {
      if (n + 1 >= cap) {
        char *more = realloc(buf, cap * 2);
        if (!more)
          break;
        buf = more;
        cap *= 2;
      }
      buf[n++] = (char)ch;
      continue;
    }
    if (r == 1 || (r == 0 && n > 0)) {   /* a line, or a last line without its newline */
      buf[n] = '\0';
      return buf;
    }
    if (r == 0 || errno != EINTR)
      break;
    if (prompt_interrupted) {
      fputs("\n", stdout);
      *interrupted = 1;
      break;
    }
  }
  free(buf);
  return NULL;
}

/* A line of input without its newline (malloc'd), or NULL at the end of input or, with
   *interrupted set, when Ctrl-C abandoned it. */
static char *read_line(const char *prompt, int *interrupted) {
  *interrupted = 0;
#ifdef HAVE_READLINE
  if (interactive_input)
    return read_line_tty(prompt, interrupted);
#endif
  if (interactive_input) {
    fputs(prompt, stdout);
    fflush(stdout);
  }
  prompt_interrupted = 0;
  void (*before)(int) = set_sigint(prompt_action);   /* no SA_RESTART: getline returns */
  if (read_deadline > 0 && !stdin_buffered()) {
    char *line = read_line_fd(interrupted);
    set_sigint(before);
    return line;
  }
  errno = 0;
  char *buf = NULL;            /* a whole line, however long */
  size_t cap = 0;
  ssize_t got = getline(&buf, &cap, stdin);
  set_sigint(before);
  if (got < 0) {
    free(buf);
    if (prompt_interrupted && !feof(stdin)) {
      clearerr(stdin);
      fputs("\n", stdout);
      *interrupted = 1;
    }
    return NULL;
  }
  size_t l = (size_t)got;
  if (l > 0 && buf[l - 1] == '\n')
    buf[--l] = '\0';
  return buf;
}

static char history_file[PATH_MAX];   /* the REPL's history across sessions, or "" */

static void add_history_line(const char *line) {
#ifdef HAVE_READLINE
  if (interactive_input && line[0] != '\0') {
    add_history(line);
    /* append_history does not create a missing file: the first line writes it (mode 0600) */
    if (history_file[0] && append_history(1, history_file) != 0)
      write_history(history_file);
  }
#else
  (void)line;
#endif
}

/* ---- stratagem.term: the prompt's line editing for Lua code (the play subcommand) ---- */

/* term.readline(prompt, [timeout]) -> line, or nil and "eof", "interrupted" (Ctrl-C) or
   "timeout" (no whole line within timeout seconds; a line begun is dropped).  At a terminal
   the line is edited with readline and kept in this session's history; otherwise the prompt
   is written and a line read. */
static int lterm_readline(lua_State *L) {
  const char *prompt = luaL_optstring(L, 1, "");
  double timeout = luaL_optnumber(L, 2, -1);
  if (!lua_isnoneornil(L, 2) && !(timeout >= 0))
    return luaL_argerror(L, 2, "a timeout is 0 or more seconds");
  if (!lua_isnoneornil(L, 2) && timeout == 0) {
    lua_pushnil(L);
    lua_pushliteral(L, "timeout");
    return 2;
  }
  int was = interactive_input, interrupted;
  interactive_input = isatty(STDIN_FILENO);
  char saved[PATH_MAX];
  memcpy(saved, history_file, sizeof saved);
  history_file[0] = '\0';   /* moves are not the REPL's history */
  if (!interactive_input) {
    fputs(prompt, stdout);
    fflush(stdout);
  }
  read_timed_out = 0;
  read_deadline = timeout > 0 ? clock_now() + timeout : 0;
  char *line = read_line(prompt, &interrupted);
  read_deadline = 0;
  if (line)
    add_history_line(line);
  interactive_input = was;
  memcpy(history_file, saved, sizeof saved);
  if (line == NULL) {
    lua_pushnil(L);
    lua_pushstring(L, interrupted ? "interrupted" : read_timed_out ? "timeout" : "eof");
    return 2;
  }
  lua_pushstring(L, line);
  free(line);
  return 1;
}

/* term.gentle(on) -> before: Ctrl-C stops a search, which returns what it found (core/clock.h). */
static int lterm_gentle(lua_State *L) {
  lua_pushboolean(L, interrupt_set_gentle(lua_toboolean(L, 1)));
  return 1;
}

static int luaopen_stratagem_term(lua_State *L) {
  static const luaL_Reg funcs[] = {{"readline", lterm_readline}, {"gentle", lterm_gentle},
                                   {NULL, NULL}};
  luaL_newlib(L, funcs);
  return 1;
}

/* Incomplete statement: the syntax error is at <eof>. */
static int incomplete(lua_State *L, int status) {
  if (status == LUA_ERRSYNTAX) {
    size_t lmsg;
    const char *msg = lua_tolstring(L, -1, &lmsg);
    const char *eof = "<eof>";
    size_t le = strlen(eof);
    if (lmsg >= le && strcmp(msg + lmsg - le, eof) == 0) {
      lua_pop(L, 1);
      return 1;
    }
  }
  return 0;
}

/* Read a statement (or an expression, printed) into a loaded chunk on the stack.
   Returns -1 at end of input, else the load status. */
static int load_line(lua_State *L) {
  int interrupted;
  char *line;
  while ((line = read_line(PROMPT, &interrupted)) == NULL)
    if (!interrupted)
      return -1;
  if (line[0] == '=')   /* Lua 5.1 habit: "=expr" */
    line[0] = ' ';
  /* the words a user of python's prompt types: exit, quit (with or without "()"), help */
  const char *w = line + strspn(line, " \t");
  size_t wl = strspn(w, "abcdefghijklmnopqrstuvwxyz");
  const char *after = w + wl + strspn(w + wl, " \t");
  if (after[0] == '(' && after[1] == ')')
    after += 2 + strspn(after + 2, " \t");
  if (*after == '\0' && ((wl == 4 && (strncmp(w, "exit", 4) == 0 || strncmp(w, "quit", 4) == 0)) ||
                         (wl == 4 && strncmp(w, "help", 4) == 0))) {
    int leave = strncmp(w, "help", 4) != 0;
    add_history_line(line);
    free(line);
    if (leave)
      return -1;   /* as at the end of input */
    return luaL_loadstring(L, "help()");
  }
  const char *ret = lua_pushfstring(L, "return %s;", line);      /* retline */
  int status = luaL_loadbuffer(L, ret, strlen(ret), "=stdin");    /* retline fn|err */
  if (status == LUA_OK) {
    lua_remove(L, -2);
    add_history_line(line);
    free(line);
    return status;
  }
  lua_pop(L, 2);
  lua_pushstring(L, line);                                        /* buffer */
  free(line);
  for (;;) {
    size_t len;
    const char *code = lua_tolstring(L, -1, &len);
    status = luaL_loadbuffer(L, code, len, "=stdin");             /* buffer fn|err */
    if (!incomplete(L, status))
      break;
    char *more = read_line(PROMPT2, &interrupted);
    if (more == NULL && interrupted) {   /* Ctrl-C abandons the whole statement */
      lua_pop(L, 1);
      return load_line(L);
    }
    if (more == NULL) {
      status = luaL_loadbuffer(L, code, len, "=stdin");   /* report the real error */
      break;
    }
    lua_pushliteral(L, "\n");
    lua_pushstring(L, more);
    free(more);
    lua_concat(L, 3);                                             /* buffer' */
  }
  add_history_line(lua_tostring(L, -2));
  lua_remove(L, -2);                                              /* fn|err */
  return status;
}

static void print_results(lua_State *L) {
  int n = lua_gettop(L);
  if (n > 0) {
    luaL_checkstack(L, LUA_MINSTACK, "too many results to print");
    lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.show");   /* repl.show, else print */
    if (!lua_isfunction(L, -1)) {
      lua_pop(L, 1);
      lua_getglobal(L, "print");
    }
    lua_insert(L, 1);
    if (lua_pcall(L, n, 0, 0) != LUA_OK)
      message(lua_pushfstring(L, "error calling 'print' (%s)", lua_tostring(L, -1)));
  }
}

static void repl(lua_State *L) {
  const char *old = progname;
  progname = NULL;
  int status;
  lua_settop(L, 0);
  while ((status = load_line(L)) != -1) {
    if (status == LUA_OK) {
      /* at a terminal, Ctrl-C stops a search, which returns what it found so far */
      int was = interrupt_set_gentle(interactive_input);
      status = docall(L, 0, LUA_MULTRET);
      interrupt_set_gentle(was);
    }
    if (status == LUA_OK)
      print_results(L);
    else {
      const char *msg = lua_tostring(L, -1);
      fprintf(stderr, "%s\n", msg ? msg : "(error object is not a string)");
      fflush(stderr);
      lua_pop(L, 1);
    }
    lua_settop(L, 0);
  }
  if (interactive_input)
    fputs("\n", stdout);
  fflush(stdout);
#ifdef HAVE_READLINE
  if (history_file[0])
    history_truncate_file(history_file, 1000);
#endif
  progname = old;
}

#ifdef HAVE_READLINE
/* Tab completion: stratagem.repl's complete(text) gives the words; readline shows them. */
static lua_State *complete_L;
static int ncompletions, next_completion;

static char *completion(const char *text, int state) {
  lua_State *L = complete_L;
  if (state == 0) {
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.completions");
    ncompletions = next_completion = 0;
    lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.complete");
    lua_pushstring(L, text);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_istable(L, -1)) {
      lua_pop(L, 1);
      return NULL;
    }
    ncompletions = (int)luaL_len(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.completions");
  }
  if (next_completion >= ncompletions)
    return NULL;
  lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.completions");
  lua_rawgeti(L, -1, ++next_completion);
  const char *w = lua_tostring(L, -1);
  char *r = w ? strdup(w) : NULL;
  lua_pop(L, 2);
  return r;
}

static char **attempt_completion(const char *text, int start, int end) {
  (void)start, (void)end;
  rl_attempted_completion_over = 1;   /* names, never file names */
  rl_completion_append_character = '\0';
  return rl_completion_matches(text, completion);
}
#endif

/* Set the global sg (the module) for the REPL, and help; results shown by stratagem.repl;
   at a terminal, tab completion and the history kept across sessions. */
static int set_global_sg(lua_State *L) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "stratagem");
  int status = docall(L, 1, 1);
  if (status != LUA_OK)
    return report(L, status);
  lua_setglobal(L, "sg");
  lua_getglobal(L, "require");
  lua_pushliteral(L, "stratagem.repl");
  if (docall(L, 1, 1) != LUA_OK) {
    lua_pop(L, 1);   /* the prompt works without it */
    return LUA_OK;
  }
  lua_getfield(L, -1, "help");
  lua_setglobal(L, "help");
  lua_getfield(L, -1, "show");
  lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.show");
#ifdef HAVE_READLINE
  if (interactive_input) {
    lua_getfield(L, -1, "complete");
    lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.complete");
    complete_L = L;
    rl_readline_name = "stratagem";
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^~#[]";
    rl_attempted_completion_function = attempt_completion;
    lua_getfield(L, -1, "history_path");
    if (lua_pcall(L, 0, 1, 0) == LUA_OK && lua_isstring(L, -1)) {
      snprintf(history_file, sizeof history_file, "%s", lua_tostring(L, -1));
      stifle_history(1000);
      read_history(history_file);
    }
    lua_pop(L, 1);
  }
#endif
  lua_pop(L, 1);
  return LUA_OK;
}

typedef struct cmdline {
  int interactive, version, help;
  int first_chunk, last_chunk;   /* argv range holding -e chunks */
  int script;                    /* index of the script, 0 if none */
  int subcommand;                /* index of the subcommand word, 0 if none */
  int rest;                      /* first word for arg[1..] */
} cmdline;

static int is_script_name(const char *s) {
  size_t n = strlen(s);
  return strcmp(s, "-") == 0 || strchr(s, '/') != NULL || (n > 4 && strcmp(s + n - 4, ".lua") == 0);
}

/* Parse the command line; returns 0, or -1 with a message printed. */
static int parse_args(int argc, char **argv, cmdline *c) {
  memset(c, 0, sizeof *c);
  int i = 1;
  c->rest = argc;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (strcmp(a, "-") == 0 || a[0] != '-')
      break;
    if (strcmp(a, "-i") == 0)
      c->interactive = 1;
    else if (strcmp(a, "-v") == 0 || strcmp(a, "--version") == 0)
      c->version = 1;
    else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
      c->help = 1;
    else if (strcmp(a, "-e") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "%s: '-e' needs an argument (a Lua chunk)\n", progname);
        return -1;
      }
      if (!c->first_chunk)
        c->first_chunk = i;
      c->last_chunk = ++i;
    } else {
      fprintf(stderr, "%s: unknown option '%s'\n", progname, a);
      print_usage(stderr);
      return -1;
    }
  }
  if (i < argc) {
    if (c->first_chunk)          /* words after -e chunks are arguments, not a script */
      c->rest = i;
    else if (is_script_name(argv[i]))
      c->script = i, c->rest = i + 1;
    else
      c->subcommand = i, c->rest = i + 1;
  }
  return 0;
}

/* The names of the subcommands of lua/stratagem/cmd/cli.lua, sorted, joined by ", ". */
static int help_names(lua_State *L) {
  set_paths(L);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "stratagem.cli");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "commands");
  luaL_checktype(L, -1, LUA_TTABLE);
  lua_getglobal(L, "table");
  lua_getfield(L, -1, "sort");
  lua_getfield(L, -2, "concat");   /* cli commands table sort concat */
  lua_newtable(L);                 /* names */
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, -6) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, ++n);
  }
  lua_pushvalue(L, -3);            /* sort */
  lua_pushvalue(L, -2);
  lua_call(L, 1, 0);
  lua_pushvalue(L, -2);            /* concat */
  lua_pushvalue(L, -2);
  lua_pushliteral(L, ", ");
  lua_call(L, 2, 1);
  return 1;
}

typedef struct runargs {
  int argc;
  char **argv;
  cmdline *cl;
  int code;
} runargs;

/* Everything under lua_pcall, as in lua.c's pmain. */
static int pmain(lua_State *L) {
  runargs *ra = lua_touserdata(L, 1);
  cmdline *cl = ra->cl;
  char **argv = ra->argv;
  luaL_checkversion(L);
  luaL_openlibs(L);
  set_paths(L);
  lua_gc(L, LUA_GCRESTART);
  lua_gc(L, LUA_GCGEN, 0, 0);
  ra->code = 0;
  if (cl->subcommand) {
    /* arg[1] is the subcommand name, the rest its words */
    create_arg(L, argv, 0, cl->subcommand, ra->argc);
    int code = 1;
    if (dosubcommand(L, &code) != LUA_OK)
      code = 1;
    ra->code = code;
    lua_pushboolean(L, 1);
    return 1;
  }
  create_arg(L, argv, cl->script, cl->script ? cl->script + 1 : cl->rest, ra->argc);
  if (cl->first_chunk)
    for (int i = cl->first_chunk; i <= cl->last_chunk; i++)
      if (strcmp(argv[i], "-e") == 0 && i + 1 <= cl->last_chunk) {
        if (dochunk(L, argv[++i]) != LUA_OK) {
          ra->code = 1;
          lua_pushboolean(L, 1);
          return 1;
        }
      }
  if (cl->script && doscript(L, argv[cl->script]) != LUA_OK) {
    ra->code = 1;
    lua_pushboolean(L, 1);
    return 1;
  }
  int want_repl = cl->interactive || (!cl->script && !cl->first_chunk);
  if (want_repl) {
    interactive_input = isatty(STDIN_FILENO);
    if (set_global_sg(L) != LUA_OK) {
      ra->code = 1;
      lua_pushboolean(L, 1);
      return 1;
    }
    const char *no_colour = getenv("NO_COLOR");   /* set and not empty: no colour */
    if (interactive_input && isatty(STDOUT_FILENO) && (no_colour == NULL || !no_colour[0])) {
      lua_pushboolean(L, 1);   /* games print in colour at this terminal */
      lua_setfield(L, LUA_REGISTRYINDEX, "stratagem.colour");
    }
    if (interactive_input) {
      printf("stratagem %s (Lua %s.%s)  sg = require \"stratagem\"; sg.games() lists the games\n",
             PACKAGE_VERSION, LUA_VERSION_MAJOR, LUA_VERSION_MINOR);
      fflush(stdout);
    }
    repl(L);
  }
  lua_pushboolean(L, 1);
  return 1;
}

int main(int argc, char **argv) {
  if (argv[0] && argv[0][0])
    progname = argv[0];
#ifdef __GLIBC__
  /* Each search allocates its working arrays (a few hundred kilobytes) and frees them when it
     ends, and a game of searches does so hundreds of times: glibc would give the freed top of
     the heap back to the system every time and fault it in again (5,600 brk calls and a third
     of the run's time in the kernel for 50 Othello games).  Keep what was freed, up to 64 MB;
     blocks under 4 MB come from the heap (transposition tables are mapped on their own, see
     core/zmem.h). */
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 1 << 20);
#endif
  cmdline cl;
  if (parse_args(argc, argv, &cl) != 0)
    return 2;
  if (cl.help) {
    /* the subcommands as cli.lua defines them, so this list cannot drift from `help` */
    lua_State *H = luaL_newstate();
    if (H) {
      luaL_openlibs(H);
      lua_pushcfunction(H, help_names);
      if (lua_pcall(H, 0, 1, 0) == LUA_OK && lua_isstring(H, -1))
        subcommand_names = lua_tostring(H, -1);
    }
    print_usage(stdout);
    if (H)
      lua_close(H);
    return 0;
  }
  if (cl.version) {
    printf("stratagem %s (Lua %s.%s.%s)\n", PACKAGE_VERSION, LUA_VERSION_MAJOR,
           LUA_VERSION_MINOR, LUA_VERSION_RELEASE);
    return 0;
  }
  lua_State *L = luaL_newstate();
  if (L == NULL) {
    message("cannot create state: not enough memory");
    return 1;
  }
  lua_gc(L, LUA_GCSTOP);
  runargs ra = {argc, argv, &cl, 0};
  lua_pushcfunction(L, pmain);
  lua_pushlightuserdata(L, &ra);
  int status = lua_pcall(L, 1, 1, 0);
  if (status != LUA_OK) {
    report(L, status);
    ra.code = 1;
  }
  lua_close(L);
  return ra.code;
}
