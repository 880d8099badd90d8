/* lproc.c: child processes with pipes to their standard input and output (core.spawn), for
   talking to engines over a line protocol such as UCI. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "core/clock.h"
#include "lstratagem.h"

#define READ_CHUNK 4096

/* A child process as Lua sees it.  The userdata owns the descriptors and the read buffer, so an
   error anywhere leaves nothing behind that __gc cannot free. */
typedef struct lproc {
  pid_t pid;          /* -1 before the fork succeeds */
  int to_child;       /* the write end of the child's standard input, or -1 once closed */
  int from_child;     /* the read end of the child's standard output, or -1 */
  int reaped;         /* waitpid has collected the child; status holds its end */
  int status;
  int eof;            /* the child's output has ended */
  char *buf;          /* bytes read and not yet returned as lines: buf[0 .. len) */
  size_t len, cap;
} lproc;

static lproc *checkproc(lua_State *L, int i) {
  return (lproc *)luaL_checkudata(L, i, SG_PROC_MT);
}

static void close_fd(int *fd) {
  if (*fd >= 0) {
    close(*fd);
    *fd = -1;
  }
}

static int set_cloexec(int fd) {
  int flags = fcntl(fd, F_GETFD);
  return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

/* A pipe whose two ends are closed by exec; 0, or -1 with errno set. */
static int cloexec_pipe(int fds[2]) {
  if (pipe(fds) != 0)
    return -1;
  if (set_cloexec(fds[0]) != 0 || set_cloexec(fds[1]) != 0) {
    int e = errno;
    close(fds[0]);
    close(fds[1]);
    errno = e;
    return -1;
  }
  return 0;
}

/* Collect the child if it has ended (wait: block until it does).  Whether it is reaped. */
static int reap(lproc *p, int wait) {
  if (p->reaped || p->pid < 0)
    return p->reaped;
  int st;
  pid_t r;
  do
    r = waitpid(p->pid, &st, wait ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == p->pid || (r < 0 && errno == ECHILD)) {
    p->reaped = 1;
    p->status = r == p->pid ? st : 0;
  }
  return p->reaped;
}

/* End the child's process group: the child and whatever it started (each child leads a group
   of its own), so an engine that left a process behind does not leave it running. */
static void kill_group(lproc *p) {
  if (p->pid > 0)
    kill(-p->pid, SIGKILL);
}

/* Kill the child (and its group), reap it and let go of everything. */
static void proc_release(lproc *p) {
  close_fd(&p->to_child);
  close_fd(&p->from_child);
  if (p->pid > 0 && !p->reaped) {
    kill_group(p);
    kill(p->pid, SIGKILL);
    reap(p, 1);
  } else
    kill_group(p);
  free(p->buf);
  p->buf = NULL;
  p->len = p->cap = 0;
}

static int lproc_gc(lua_State *L) {
  proc_release(checkproc(L, 1));
  return 0;
}

/* The child's side of the fork: plumbing, then exec; on failure the errno goes up the status
   pipe.  Only async-signal-safe calls here. */
static void child(pid_t parent, int in_fd, int out_fd, int status_fd, int quiet, char **argv) {
  setpgid(0, 0);   /* a process group of its own, ended with it (and out of the terminal's
                      Ctrl-C, which the runner handles) */
#ifdef __linux__
  /* killed with the parent even when the parent is killed by SIGKILL and can do nothing; if
     the parent died before the request, nothing would come: check */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 && getppid() != parent)
    _exit(127);
#else
  (void)parent;
#endif
  signal(SIGPIPE, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0)
    goto fail;
  if (quiet) {
    int null = open("/dev/null", O_WRONLY);
    if (null < 0 || dup2(null, 2) < 0)
      goto fail;
  }
  execvp(argv[0], argv);
fail:;
  int e = errno;
  ssize_t w = write(status_fd, &e, sizeof e);
  (void)w;
  _exit(127);
}

static const char *const stderr_modes[] = {"inherit", "null", NULL};

/* core.spawn(argv [, {stderr = "inherit" | "null"}]): start argv[1] (found on PATH as execvp
   does, no shell) with the other strings as its arguments.  A process object, or nil and a
   message when it cannot be started. */
static int lspawn(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  int quiet = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 2)) {                       /* opts key value */
      lua_pop(L, 1);
      if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "stderr") != 0)
        return luaL_error(L, "spawn: unknown option '%s' (valid options: stderr)",
                          luaL_tolstring(L, -1, NULL));
    }
    lua_getfield(L, 2, "stderr");
    if (!lua_isnil(L, -1)) {
      lua_Integer mode = 0;
      for (const char *const *m = stderr_modes; *m; m++)
        if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), *m) == 0)
          mode = m - stderr_modes + 1;
      if (mode == 0)
        return luaL_error(L, "spawn: stderr must be 'inherit' or 'null', got %s",
                          luaL_tolstring(L, -1, NULL));
      quiet = mode == 2;
    }
    lua_settop(L, 2);
  }
  lua_Integer n = luaL_len(L, 1);
  if (n < 1)
    return luaL_error(L, "spawn: expected an array of the program and its arguments, got an "
                         "empty table");
  char **argv = lua_newuserdatauv(L, (size_t)(n + 1) * sizeof(char *), 0);   /* .. argvbuf */
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_geti(L, 1, i) != LUA_TSTRING)          /* the table keeps the string alive */
      return luaL_error(L, "spawn: argument %d must be a string, got %s", (int)i,
                        luaL_typename(L, -1));
    argv[i - 1] = (char *)lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  argv[n] = NULL;

  lproc *p = lua_newuserdatauv(L, sizeof *p, 0);   /* .. argvbuf proc */
  memset(p, 0, sizeof *p);
  p->pid = -1;
  p->to_child = p->from_child = -1;
  luaL_setmetatable(L, SG_PROC_MT);

  int in[2] = {-1, -1}, out[2] = {-1, -1}, st[2] = {-1, -1};
  if (cloexec_pipe(in) != 0 || cloexec_pipe(out) != 0 || cloexec_pipe(st) != 0) {
    int e = errno;
    close_fd(&in[0]), close_fd(&in[1]), close_fd(&out[0]), close_fd(&out[1]);
    luaL_pushfail(L);
    lua_pushfstring(L, "spawn: cannot run '%s': %s", argv[0], strerror(e));
    return 2;
  }
  p->to_child = in[1];
  p->from_child = out[0];
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0)
    child(parent, in[0], out[1], st[1], quiet, argv);
  int e = errno;
  if (pid > 0)
    setpgid(pid, pid);   /* as the child does: whichever runs first (a refusal once it ran
                            exec is harmless) */
  close(in[0]);
  close(out[1]);
  close(st[1]);
  if (pid < 0) {
    close(st[0]);
    proc_release(p);
    luaL_pushfail(L);
    lua_pushfstring(L, "spawn: cannot run '%s': %s", argv[0], strerror(e));
    return 2;
  }
  p->pid = pid;
  /* the status pipe closes on a successful exec; an errno arrives if exec failed */
  int child_errno = 0;
  ssize_t r;
  do
    r = read(st[0], &child_errno, sizeof child_errno);
  while (r < 0 && errno == EINTR);
  close(st[0]);
  if (r == (ssize_t)sizeof child_errno) {
    proc_release(p);
    luaL_pushfail(L);
    lua_pushfstring(L, "spawn: cannot run '%s': %s", argv[0], strerror(child_errno));
    return 2;
  }
  return 1;
}

/* Write all of buf to fd with SIGPIPE ignored (a child that has gone gives EPIPE, not a dead
   parent); 0, or -1 with errno set. */
static int write_all(int fd, const char *buf, size_t n) {
  struct sigaction ign, old;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  sigemptyset(&ign.sa_mask);
  sigaction(SIGPIPE, &ign, &old);
  int rc = 0;
  while (n > 0) {
    ssize_t w = write(fd, buf, n);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      rc = -1;
      break;
    }
    buf += w, n -= (size_t)w;
  }
  int e = errno;
  sigaction(SIGPIPE, &old, NULL);
  errno = e;
  return rc;
}

/* p:send(line): write line and a newline to the child's standard input.  true, or nil and a
   message when the child has gone. */
static int lsend(lua_State *L) {
  lproc *p = checkproc(L, 1);
  size_t n;
  const char *line = luaL_checklstring(L, 2, &n);
  if (p->to_child < 0)
    return luaL_error(L, "send: the process's input is closed");
  if (p->reaped) {
    luaL_pushfail(L);
    lua_pushfstring(L, "send: process %d has exited", (int)p->pid);
    return 2;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addlstring(&b, line, n);
  luaL_addchar(&b, '\n');
  luaL_pushresult(&b);                             /* p line text */
  size_t tn;
  const char *text = lua_tolstring(L, -1, &tn);
  if (write_all(p->to_child, text, tn) != 0) {
    int e = errno;
    luaL_pushfail(L);
    if (e == EPIPE)
      lua_pushfstring(L, "send: process %d has exited", (int)p->pid);
    else
      lua_pushfstring(L, "send: cannot write to process %d: %s", (int)p->pid, strerror(e));
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* Push the first complete line of the buffer (without its newline, or a carriage return
   before it) and drop it from the buffer; 0 when there is no complete line. */
static int pop_line(lua_State *L, lproc *p) {
  char *nl = p->len ? memchr(p->buf, '\n', p->len) : NULL;
  size_t take, drop;
  if (nl) {
    take = (size_t)(nl - p->buf);
    drop = take + 1;
  } else if (p->eof && p->len > 0) {               /* a last line without a newline */
    take = drop = p->len;
  } else {
    return 0;
  }
  if (take > 0 && p->buf[take - 1] == '\r')
    take--;
  lua_pushlstring(L, p->buf, take);
  memmove(p->buf, p->buf + drop, p->len - drop);
  p->len -= drop;
  return 1;
}

/* Read what the child has written into the buffer; -1 with errno set on a read error. */
static int fill(lproc *p) {
  if (p->cap - p->len < READ_CHUNK) {
    size_t cap = p->cap ? p->cap * 2 : 2 * READ_CHUNK;
    char *nb = realloc(p->buf, cap);
    if (nb == NULL) {
      errno = ENOMEM;
      return -1;
    }
    p->buf = nb;
    p->cap = cap;
  }
  ssize_t r = read(p->from_child, p->buf + p->len, p->cap - p->len);
  if (r < 0)
    return errno == EINTR ? 0 : -1;
  if (r == 0)
    p->eof = 1;
  p->len += (size_t)r;
  return 0;
}

/* p:recv([timeout]): the next line the child writes, without its newline; nil, "timeout" when
   none comes within timeout seconds (nil: wait as long as it takes); nil, "eof" when the
   child's output has ended. */
static int lrecv(lua_State *L) {
  lproc *p = checkproc(L, 1);
  double timeout = luaL_optnumber(L, 2, -1);
  if (!lua_isnoneornil(L, 2) && !(timeout >= 0))
    return luaL_error(L, "recv: timeout must be a number of seconds, 0 or more");
  double deadline = clock_now() + timeout;
  for (;;) {
    if (pop_line(L, p))
      return 1;
    if (p->eof || p->from_child < 0) {
      luaL_pushfail(L);
      lua_pushliteral(L, "eof");
      return 2;
    }
    if (interrupt_pending())   /* a signal that came just before the wait */
      return lgame_interrupted(L);
    int ms = -1;
    if (timeout >= 0) {
      double left = deadline - clock_now();
      ms = left <= 0 ? 0 : (int)(left * 1000 + 0.999);
    }
    struct pollfd pf = {p->from_child, POLLIN, 0};
    int r = poll(&pf, 1, ms);
    if (r < 0 && errno != EINTR)
      return luaL_error(L, "recv: %s", strerror(errno));
    if (r < 0 && interrupt_pending())
      return lgame_interrupted(L);
    if (r == 0) {
      luaL_pushfail(L);
      lua_pushliteral(L, "timeout");
      return 2;
    }
    if (r > 0 && fill(p) != 0)
      return luaL_error(L, "recv: %s", strerror(errno));
  }
}

/* core.wait_any(procs [, timeout]): the index in the array procs of the first process that has
   a line to give (or whose output has ended), waiting up to timeout seconds (nil: as long as
   it takes) without spinning; nil when none is ready in time.  A line is then taken with
   p:recv(0). */
#define WAIT_MAX 256
static int lwait_any(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  double timeout = luaL_optnumber(L, 2, -1);
  if (!lua_isnoneornil(L, 2) && !(timeout >= 0))
    return luaL_error(L, "wait_any: timeout must be a number of seconds, 0 or more");
  lua_Integer n = luaL_len(L, 1);
  if (n < 1 || n > WAIT_MAX)
    return luaL_error(L, "wait_any: expected an array of 1 to %d processes", WAIT_MAX);
  lproc *ps[WAIT_MAX];
  struct pollfd pf[WAIT_MAX];
  int idx[WAIT_MAX], npf = 0;
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 1, i);
    ps[i - 1] = checkproc(L, -1);
    lua_pop(L, 1);
    lproc *p = ps[i - 1];
    if ((p->len && memchr(p->buf, '\n', p->len)) || p->eof || p->from_child < 0) {
      /* a line, or the end, is there already */
      lua_pushinteger(L, i);
      return 1;
    }
    pf[npf].fd = p->from_child;
    pf[npf].events = POLLIN;
    pf[npf].revents = 0;
    idx[npf++] = (int)(i - 1);
  }
  double deadline = clock_now() + timeout;
  for (;;) {
    if (interrupt_pending())
      return lgame_interrupted(L);
    int ms = -1;
    if (timeout >= 0) {
      double left = deadline - clock_now();
      ms = left <= 0 ? 0 : (int)(left * 1000 + 0.999);
    }
    int r = poll(pf, (nfds_t)npf, ms);
    if (r < 0 && errno != EINTR)
      return luaL_error(L, "wait_any: %s", strerror(errno));
    if (r < 0 && interrupt_pending())
      return lgame_interrupted(L);
    if (r == 0) {
      luaL_pushfail(L);
      return 1;
    }
    for (int k = 0; r > 0 && k < npf; k++) {
      if (!pf[k].revents)
        continue;
      lproc *p = ps[idx[k]];
      if (fill(p) != 0)
        return luaL_error(L, "wait_any: %s", strerror(errno));
      if (p->eof || (p->len && memchr(p->buf, '\n', p->len))) {
        lua_pushinteger(L, idx[k] + 1);
        return 1;
      }
      pf[k].revents = 0;
    }
  }
}

/* SIGTERM and SIGHUP while a caller such as the match runner has engines to end: they raise
   the interrupt flag as Ctrl-C does (searches and Lua code stop, the engines' groups are ended
   on the way out) and are remembered so the program can exit with 128 + the signal.  A signal
   is process-wide, so this state is too; only the handler and core.catch_term touch it. */
static int term_caught;                   /* atomic: the handler may run on any thread */
static int term_depth;                    /* nested core.catch_term(true) calls */
static struct sigaction term_old, hup_old;

static void term_action(int sig) {
  __atomic_store_n(&term_caught, sig, __ATOMIC_RELAXED);
  interrupt_request();
}

/* Install sa for sig, keeping the handler before in *old; an ignored signal stays ignored
   (nohup). */
static void catch_one(int sig, const struct sigaction *sa, struct sigaction *old) {
  if (sigaction(sig, NULL, old) == 0 && old->sa_handler != SIG_IGN)
    sigaction(sig, sa, NULL);
}

/* core.catch_term(on): on true, catch SIGTERM and SIGHUP (the handler is reset by its first
   signal, so a second one ends the program); on false, undo the matching true call (the
   handlers before are back after the outermost).  Returns the signal caught since the
   outermost call began, as a number and a name, or nil. */
static int lcatch_term(lua_State *L) {
  luaL_checktype(L, 1, LUA_TBOOLEAN);
  if (lua_toboolean(L, 1)) {
    if (term_depth++ == 0) {
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = term_action;
      sigemptyset(&sa.sa_mask);
      sa.sa_flags = SA_RESETHAND;   /* no SA_RESTART: a wait returns EINTR */
      __atomic_store_n(&term_caught, 0, __ATOMIC_RELAXED);
      catch_one(SIGTERM, &sa, &term_old);
      catch_one(SIGHUP, &sa, &hup_old);
    }
  } else if (term_depth > 0 && --term_depth == 0) {
    sigaction(SIGTERM, &term_old, NULL);
    sigaction(SIGHUP, &hup_old, NULL);
  }
  int sig = __atomic_load_n(&term_caught, __ATOMIC_RELAXED);
  if (sig == 0) {
    luaL_pushfail(L);
    return 1;
  }
  lua_pushinteger(L, sig);
  lua_pushstring(L, sig == SIGTERM ? "SIGTERM" : "SIGHUP");
  return 2;
}

static void sleep_seconds(double s) {
  struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

/* Push the way the child ended: exit code and "exit", or signal number and "signal". */
static int push_status(lua_State *L, const lproc *p) {
  if (WIFSIGNALED(p->status)) {
    lua_pushinteger(L, WTERMSIG(p->status));
    lua_pushliteral(L, "signal");
  } else {
    lua_pushinteger(L, WIFEXITED(p->status) ? WEXITSTATUS(p->status) : 0);
    lua_pushliteral(L, "exit");
  }
  return 2;
}

/* p:close([grace]): close the child's input, give it grace seconds (default 1) to end, then
   kill it.  The exit code and "exit", or the signal number and "signal". */
static int lclose(lua_State *L) {
  lproc *p = checkproc(L, 1);
  double grace = luaL_optnumber(L, 2, 1.0);
  if (!(grace >= 0))
    return luaL_error(L, "close: grace must be a number of seconds, 0 or more");
  close_fd(&p->to_child);
  double deadline = clock_now() + grace;
  while (!reap(p, 0) && clock_now() < deadline)
    sleep_seconds(0.005);
  if (!p->reaped) {
    kill_group(p);
    kill(p->pid, SIGKILL);
    reap(p, 1);
  } else
    kill_group(p);   /* what it started and left behind */
  close_fd(&p->from_child);
  return push_status(L, p);
}

/* p:pid(): the child's process id. */
static int lpid(lua_State *L) {
  lproc *p = checkproc(L, 1);
  lua_pushinteger(L, p->pid);
  return 1;
}

/* p:alive(): whether the child is still running (it may have exited but not been closed). */
static int lalive(lua_State *L) {
  lproc *p = checkproc(L, 1);
  lua_pushboolean(L, p->pid > 0 && !reap(p, 0));
  return 1;
}

static int lproc_tostring(lua_State *L) {
  lproc *p = checkproc(L, 1);
  if (p->reaped)
    lua_pushfstring(L, "process (pid %d, ended)", (int)p->pid);
  else
    lua_pushfstring(L, "process (pid %d)", (int)p->pid);
  return 1;
}

static const luaL_Reg proc_methods[] = {
  {"send", lsend},
  {"recv", lrecv},
  {"close", lclose},
  {"pid", lpid},
  {"alive", lalive},
  {NULL, NULL}
};

static const luaL_Reg proc_meta[] = {
  {"__gc", lproc_gc},
  {"__close", lproc_gc},
  {"__tostring", lproc_tostring},
  {"__index", NULL},     /* placeholder: the methods table */
  {NULL, NULL}
};

int luaopen_stratagem_proc(lua_State *L) {
  luaL_newmetatable(L, SG_PROC_MT);                /* mod mt */
  luaL_setfuncs(L, proc_meta, 0);
  luaL_newlibtable(L, proc_methods);               /* mod mt methods */
  luaL_setfuncs(L, proc_methods, 0);
  lua_setfield(L, -2, "__index");                  /* mod mt */
  lua_pop(L, 1);                                   /* mod */
  lua_pushcfunction(L, lspawn);
  lua_setfield(L, -2, "spawn");
  lua_pushcfunction(L, lwait_any);
  lua_setfield(L, -2, "wait_any");
  lua_pushcfunction(L, lcatch_term);
  lua_setfield(L, -2, "catch_term");
  return 0;
}
