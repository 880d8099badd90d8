/* lcore.c: the C half of the stratagem module (require "stratagem.core"). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "lstratagem.h"

/* core.clock(): seconds on the monotonic clock. */
static int lclock(lua_State *L) {
  lua_pushnumber(L, clock_now());
  return 1;
}

/* core.sleep(seconds): wait that long (a pause in a demo).  A signal that does not ask to stop
   resumes the wait for the time left; Ctrl-C (the interrupt flag) ends it with an error, so a
   script that sleeps can still be stopped. */
static int lsleep(lua_State *L) {
  lua_Number s = luaL_checknumber(L, 1);
  luaL_argcheck(L, s >= 0 && s <= 1e9, 1, "seconds must be from 0 to 1e9");
  struct timespec left = {(time_t)s, (long)((s - (lua_Number)(time_t)s) * 1e9)};
  while (nanosleep(&left, &left) != 0) {
    if (errno != EINTR)
      return luaL_error(L, "sleep: %s", strerror(errno));
    if (interrupt_pending())
      return lgame_interrupted(L);
  }
  return 0;
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

/* core.mkdir(path): make a folder and its missing parents (mode 0700 for new ones, as a
   user's configuration folder should be).  true, or nil and a message. */
static int lmkdir(lua_State *L) {
  size_t len;
  const char *path = luaL_checklstring(L, 1, &len);
  char *buf = lua_newuserdatauv(L, len + 1, 0);
  memcpy(buf, path, len + 1);
  for (size_t i = 1; i <= len; i++) {
    if (buf[i] != '/' && buf[i] != '\0')
      continue;
    char c = buf[i];
    buf[i] = '\0';
    if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
      luaL_pushfail(L);
      lua_pushfstring(L, "cannot make the folder %s: %s", buf, strerror(errno));
      return 2;
    }
    buf[i] = c;
  }
  struct stat sb;
  if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot make the folder %s: %s", path,
                    stat(path, &sb) != 0 ? strerror(errno) : "a file of that name is in the way");
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* Write all of buf to fd; 0, or -1 with errno set. */
static int write_all(int fd, const char *buf, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, buf, n);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    buf += w, n -= (size_t)w;
  }
  return 0;
}

/* Whether a symlink may be followed, by the rule of the kernel's fs.protected_symlinks: in a
   folder that anyone may write to (world-writable, sticky or not), only a link owned by us or
   by the folder's owner.  0, or -1 with *why set to the reason (a static string). */
/* The folder of path into dir (n bytes): "." for a bare name, "/" for a name in the root.
   0, or -1 when it does not fit. */
static int folder_of(const char *path, char *dir, size_t n) {
  const char *slash = strrchr(path, '/');
  size_t len = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
  if (len + 2 > n)
    return -1;
  if (slash == NULL)
    strcpy(dir, ".");
  else {
    memcpy(dir, path, len);
    dir[len] = '\0';
  }
  return 0;
}

static int link_may_be_followed(const char *link, const struct stat *lsb, const char **why) {
  char dir[4096];
  if (folder_of(link, dir, sizeof dir) != 0) {
    *why = "its folder's name is too long";
    return -1;
  }
  struct stat dsb;
  if (stat(dir, &dsb) != 0) {
    *why = "its folder cannot be read";
    return -1;
  }
  if ((dsb.st_mode & S_IWOTH) && lsb->st_uid != geteuid() && lsb->st_uid != dsb.st_uid) {
    *why = "it is a symlink owned by another user in a folder anyone may write to (not "
           "followed, as the kernel's protected_symlinks rule asks; remove the link or write "
           "elsewhere)";
    return -1;
  }
  return 0;
}

/* The file a path names once symlinks at its last component are followed, one link at a time
   and each checked by link_may_be_followed (links in the folders above are the kernel's to
   follow).  Pushes the path and returns it, or pushes fail and a message and returns NULL. */
static const char *resolve_target(lua_State *L, const char *path) {
  char cur[4096], next[4096];
  struct stat sb;
  const char *why = NULL;
  if (strlen(path) >= sizeof cur) {
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot write %s: the name is too long", path);
    return NULL;
  }
  strcpy(cur, path);
  for (int hops = 0; lstat(cur, &sb) == 0 && S_ISLNK(sb.st_mode); hops++) {
    ssize_t n = readlink(cur, next, sizeof next - 1);
    if (hops == 40 || n < 0 || (size_t)n >= sizeof next - 1)
      why = hops == 40 ? "too many levels of symlinks" : "its symlink cannot be read";
    else if (link_may_be_followed(cur, &sb, &why) == 0) {
      next[n] = '\0';
      const char *slash = strrchr(cur, '/');
      if (next[0] == '/' || slash == NULL)
        strcpy(cur, next);
      else if ((size_t)(slash - cur) + 1 + (size_t)n < sizeof cur)
        strcpy((char *)slash + 1, next);   /* relative: beside the link */
      else
        why = "the name is too long";
    }
    if (why) {
      luaL_pushfail(L);
      lua_pushfstring(L, "cannot write %s: %s", path, why);
      return NULL;
    }
  }
  if (strcmp(cur, path) != 0 && stat(cur, &sb) != 0) {
    int e = errno;
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot write %s: it is a symlink whose target cannot be reached (%s)",
                    path, strerror(e));
    return NULL;
  }
  return lua_pushstring(L, cur);
}

/* Remove our own temporary files of earlier writes to target that were killed before their
   rename (NAME.tmpXXXXXX, older than a minute, so a write running now is left alone). */
static void remove_stale_temporaries(const char *target) {
  const char *slash = strrchr(target, '/');
  const char *base = slash ? slash + 1 : target;
  size_t blen = strlen(base);
  char dir[4096];
  if (folder_of(target, dir, sizeof dir) != 0)
    return;
  DIR *d = opendir(dir);
  if (d == NULL)
    return;
  time_t now = time(NULL);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    const char *name = e->d_name;
    if (strlen(name) != blen + 10 || strncmp(name, base, blen) != 0 ||
        strncmp(name + blen, ".tmp", 4) != 0)
      continue;
    struct stat sb;
    if (fstatat(dirfd(d), name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode) &&
        sb.st_uid == geteuid() && now - sb.st_mtime > 60)
      unlinkat(dirfd(d), name, 0);
  }
  closedir(d);
}

/* core.write_atomic(path, text): write text to a new temporary file beside path, flush it to
   the disk, and rename it over path, so that whatever happens the file holds either the old
   text or the new, never a mix.  The temporary file has an unpredictable name and is created
   exclusively (mkstemp: a planted file or symlink is never followed).  When path is a symlink,
   the file it points to is written (the link stays a link), unless another user's link sits
   in a folder anyone may write to: that is refused (see link_may_be_followed).  Temporary
   files that a killed write left beside the target are removed.  The old file's permissions
   are kept (new files: 0666 less the umask).  true, or nil and a message. */
static int lwrite_atomic(lua_State *L) {
  size_t n;
  const char *path = luaL_checkstring(L, 1);
  const char *text = luaL_checklstring(L, 2, &n);
  if (strlen(path) != lua_rawlen(L, 1)) {
    luaL_pushfail(L);
    lua_pushliteral(L, "cannot write a file whose name holds a NUL byte");
    return 2;
  }
  const char *target = resolve_target(L, path);
  if (target == NULL)
    return 2;
  struct stat sb;
  remove_stale_temporaries(target);
  mode_t mask = umask(0);
  umask(mask);
  mode_t mode = stat(target, &sb) == 0 ? (sb.st_mode & 07777) : (0666 & ~mask);
  char *tmp = lua_newuserdatauv(L, strlen(target) + 16, 0);
  strcpy(tmp, target);
  strcat(tmp, ".tmpXXXXXX");
  int fd = mkstemp(tmp);
  int saved = 0;
  if (fd < 0) {
    saved = errno;
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot write %s: %s", path, strerror(saved));
    return 2;
  }
  if (fchmod(fd, mode) != 0 || write_all(fd, text, n) != 0 || fsync(fd) != 0)
    saved = errno;
  if (close(fd) != 0 && !saved)
    saved = errno;
  if (!saved && rename(tmp, target) != 0)
    saved = errno;
  if (saved) {
    remove(tmp);
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot write %s: %s", path, strerror(saved));
    return 2;
  }
  /* the rename itself reaches the disk with the folder */
  char dir[4096];
  int dfd = folder_of(target, dir, sizeof dir) == 0 ? open(dir, O_RDONLY) : -1;
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* ---- core.sandbox: a chunk run in a Lua state of its own ---- */

/* The sandbox's budgets and what broke them.  The allocator refuses a block that would take
   the state past max_bytes, so no single operation (a concatenation, a table's growth) can go
   past the budget between two checks. */
typedef struct {
  size_t used, max_bytes;
  lua_Integer count, max_count;
  const char *over;   /* what the hook stopped: "instructions", "interrupted" or NULL */
} Sandbox;

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Sandbox *sb = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    sb->used -= old;
    return NULL;
  }
  if (nsize > old && nsize - old > sb->max_bytes - sb->used)
    return NULL;   /* Lua collects and tries again, then raises a memory error */
  void *p = realloc(ptr, nsize);
  if (p != NULL)
    sb->used = sb->used - old + nsize;
  return p;
}

#define SANDBOX_STEP 10000
static void sandbox_hook(lua_State *S, lua_Debug *ar) {
  (void)ar;
  void *ud;
  lua_getallocf(S, &ud);
  Sandbox *sb = ud;
  sb->count += SANDBOX_STEP;
  if (interrupt_pending())
    sb->over = "interrupted";
  else if (sb->count > sb->max_count)
    sb->over = "instructions";
  else
    return;
  luaL_error(S, "%s", sb->over);
}

/* Copy the value at index i of S onto L's stack: data only (nil, booleans, numbers, strings
   and tables of them; a table met twice is one table).  memo (in L) maps S's tables, by their
   address, to their copies.  NULL, or a message (static or on S's stack) on failure. */
static const char *sandbox_copy(lua_State *S, int i, lua_State *L, int memo, int depth) {
  switch (lua_type(S, i)) {
  case LUA_TNIL: lua_pushnil(L); return NULL;
  case LUA_TBOOLEAN: lua_pushboolean(L, lua_toboolean(S, i)); return NULL;
  case LUA_TNUMBER:
    if (lua_isinteger(S, i))
      lua_pushinteger(L, lua_tointeger(S, i));
    else
      lua_pushnumber(L, lua_tonumber(S, i));
    return NULL;
  case LUA_TSTRING: {
    size_t n;
    const char *str = lua_tolstring(S, i, &n);
    lua_pushlstring(L, str, n);
    return NULL;
  }
  case LUA_TTABLE: break;
  default:
    return lua_pushfstring(S, "it holds a %s, and a scenario is data (tables, strings, numbers "
                           "and booleans)", luaL_typename(S, i));
  }
  if (depth > 200)
    return "its tables are nested more than 200 deep";
  i = lua_absindex(S, i);
  const void *key = lua_topointer(S, i);
  if (lua_rawgetp(L, memo, key) != LUA_TNIL)
    return NULL;
  lua_pop(L, 1);
  if (!lua_checkstack(L, 4) || !lua_checkstack(S, 4))
    return "its tables are nested too deep";
  lua_newtable(L);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, memo, key);
  lua_pushnil(S);
  while (lua_next(S, i) != 0) {
    const char *err = sandbox_copy(S, -2, L, memo, depth + 1);
    if (err == NULL)
      err = sandbox_copy(S, -1, L, memo, depth + 1);
    if (err != NULL)
      return err;   /* the caller drops what is left on L's stack */
    lua_rawset(L, -3);
    lua_pop(S, 1);
  }
  return NULL;
}

/* core.sandbox(text, chunkname, max_instructions, max_bytes): run a text chunk in a new Lua
   state with no libraries at all (no globals, and strings without methods: nothing runs for
   long inside one C call) under an instruction budget (counted every 10,000) and a memory
   budget that its allocator enforces; Ctrl-C stops it.  Returns the chunk's first result
   copied into this state (data only), or nil, a message and what broke: "syntax", "error",
   "memory", "instructions", "result" or "interrupted". */
static int lsandbox(lua_State *L) {
  size_t n;
  const char *text = luaL_checklstring(L, 1, &n);
  const char *name = luaL_checkstring(L, 2);
  lua_Integer max_count = luaL_checkinteger(L, 3);
  lua_Integer max_bytes = luaL_checkinteger(L, 4);
  luaL_argcheck(L, max_count > 0, 3, "must be positive");
  luaL_argcheck(L, max_bytes > 0, 4, "must be positive");
  Sandbox sb = {0, (size_t)max_bytes, 0, max_count, NULL};
  lua_State *S = lua_newstate(sandbox_alloc, &sb);
  if (S == NULL)
    return luaL_error(L, "sandbox: not enough memory for a Lua state");
  const char *kind = NULL;
  int status = luaL_loadbufferx(S, text, n, name, "t");
  if (status != LUA_OK)
    kind = status == LUA_ERRMEM ? "memory" : "syntax";
  else {
    lua_sethook(S, sandbox_hook, LUA_MASKCOUNT, SANDBOX_STEP);
    status = lua_pcall(S, 0, 1, 0);
    lua_sethook(S, NULL, 0, 0);
    if (status != LUA_OK)
      kind = status == LUA_ERRMEM ? "memory" : sb.over ? sb.over : "error";
  }
  if (kind != NULL) {
    luaL_pushfail(L);
    if (strcmp(kind, "memory") == 0)
      lua_pushfstring(L, "used more than %d MB of memory", (int)(max_bytes >> 20));
    else if (strcmp(kind, "instructions") == 0)
      lua_pushfstring(L, "ran more than %d million instructions (a scenario is data: an "
                      "endless loop?)", (int)(max_count / 1000000));
    else if (strcmp(kind, "interrupted") == 0)
      lua_pushliteral(L, "interrupted!");
    else {
      const char *msg = lua_tostring(S, -1);
      lua_pushstring(L, msg ? msg : "an error that is not a string");
    }
    lua_pushstring(L, kind);
    lua_close(S);
    return 3;
  }
  /* the result is copied with the budget lifted: S is only read, and is at most max_bytes */
  sb.max_bytes = (size_t)-1;
  lua_newtable(L);
  int memo = lua_gettop(L);
  const char *err = sandbox_copy(S, -1, L, memo, 0);
  if (err != NULL) {
    lua_settop(L, memo - 1);
    luaL_pushfail(L);
    lua_pushfstring(L, "its result cannot be used: %s", err);
    lua_pushliteral(L, "result");
    lua_close(S);
    return 3;
  }
  lua_close(S);
  return 1;
}

/* core.interrupt_pending(): whether Ctrl-C asked to stop (for Lua loops that run under a hook
   of their own, such as a scenario's sandbox). */
static int linterrupt_pending(lua_State *L) {
  lua_pushboolean(L, interrupt_pending());
  return 1;
}

/* The layout of the Lua half (doc/manual.md, Files): stratagem.NAME is lua/stratagem/NAME.lua
   (package.path finds the library modules there), else lua/stratagem/games/NAME.lua (a game's
   defaults) or lua/stratagem/cmd/NAME.lua (a subcommand), so module names do not show the
   folders.  The searcher, after package.path's: its upvalue is the path of those folders. */
static int layout_searcher(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  if (strncmp(name, "stratagem.", 10) != 0 || !name[10] || strpbrk(name + 10, "./\\"))
    return 0;                                           /* not one of ours: no message */
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "searchpath");
  lua_pushstring(L, name + 10);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_call(L, 2, 2);                                   /* file | nil, message */
  if (lua_isnil(L, -2))
    return 1;                                          /* "no file '...'" */
  const char *file = lua_tostring(L, -2);
  if (luaL_loadfile(L, file) != LUA_OK)
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, file,
                      lua_tostring(L, -1));
  lua_pushstring(L, file);
  return 2;
}

void sg_lua_layout(lua_State *L, const char *luadir) {
  lua_pushfstring(L, "%s/stratagem/games/?.lua;%s/stratagem/cmd/?.lua", luadir, luadir);
  lua_getfield(L, LUA_REGISTRYINDEX, "stratagem.paths");      /* path paths */
  if (lua_istable(L, -1)) {
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "modules");
  }
  lua_pop(L, 1);                                              /* path */
  lua_getglobal(L, "package");                                /* path package */
  lua_getfield(L, -1, "searchers");                           /* path package searchers */
  lua_pushvalue(L, -3);
  lua_pushcclosure(L, layout_searcher, 1);                    /* ... searchers f */
  for (lua_Integer i = (lua_Integer)luaL_len(L, -2); i >= 3; i--) {
    lua_rawgeti(L, -2, i);
    lua_rawseti(L, -3, i + 1);
  }
  lua_rawseti(L, -2, 3);                                      /* path package searchers */
  lua_pop(L, 3);
}

static const luaL_Reg core_funcs[] = {
  {"interrupt_pending", linterrupt_pending},
  {"mkdir", lmkdir},
  {"write_atomic", lwrite_atomic},
  {"sandbox", lsandbox},
  {"isatty", lisatty},
  {"clock", lclock},
  {"sleep", lsleep},
  {"paths", lpaths},
  {NULL, NULL}
};

int luaopen_stratagem_core(lua_State *L) {
  luaL_newlib(L, core_funcs);                    /* mod */
  lua_pushliteral(L, PACKAGE_VERSION);
  lua_setfield(L, -2, "version");
  luaopen_stratagem_game(L);
  luaopen_stratagem_define(L);
  luaopen_stratagem_search(L);
  luaopen_stratagem_starchess(L);
  luaopen_stratagem_othello(L);
  luaopen_stratagem_warchess(L);
  luaopen_stratagem_chess(L);
  luaopen_stratagem_patience(L);
  luaopen_stratagem_qubic(L);
  luaopen_stratagem_proc(L);
  luaopen_stratagem_dict(L);
  return 1;
}
