/* lcore.c: the C half of the stratagem module (require "stratagem.core"). */
#include "config.h"

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

/* core.write_atomic(path, text): write text to a new temporary file beside path, flush it to
   the disk, and rename it over path, so that whatever happens the file holds either the old
   text or the new, never a mix.  The temporary file has an unpredictable name and is created
   exclusively (mkstemp: a planted file or symlink is never followed); when path is a symlink,
   the file it points to is written (the link stays a link).  The old file's permissions are
   kept (new files: 0666 less the umask).  true, or nil and a message. */
static int lwrite_atomic(lua_State *L) {
  size_t n;
  const char *path = luaL_checkstring(L, 1);
  const char *text = luaL_checklstring(L, 2, &n);
  const char *target = path;
  struct stat sb;
  if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
    char *real = realpath(path, NULL);
    if (real == NULL) {
      int e = errno;
      luaL_pushfail(L);
      lua_pushfstring(L, "cannot write %s: it is a symlink whose target cannot be reached (%s)",
                      path, strerror(e));
      return 2;
    }
    target = lua_pushstring(L, real);
    free(real);
  }
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
  const char *slash = strrchr(target, '/');
  lua_pushlstring(L, slash ? target : ".",
                  slash ? (size_t)(slash - target + (slash == target)) : 1);
  int dfd = open(lua_tostring(L, -1), O_RDONLY);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* core.interrupt_pending(): whether Ctrl-C asked to stop (for Lua loops that run under a hook
   of their own, such as a scenario's sandbox). */
static int linterrupt_pending(lua_State *L) {
  lua_pushboolean(L, interrupt_pending());
  return 1;
}

static const luaL_Reg core_funcs[] = {
  {"interrupt_pending", linterrupt_pending},
  {"mkdir", lmkdir},
  {"write_atomic", lwrite_atomic},
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
