/* http.c: the module stratagem.http, a small HTTP server for `stratagem serve`, on GNU
   libmicrohttpd.  The daemon runs in libmicrohttpd's "external select" mode: nothing runs on a
   thread of its own; srv:step(seconds, handler) waits for activity and answers the requests
   that are complete by calling the Lua handler on the caller's own thread, so Lua is only
   ever entered from the thread that owns it.

     local http = require "stratagem.http"
     local srv = http.listen{host = "127.0.0.1", port = 8080, max_body = 65536}
     srv.port                       -- the port bound (useful with port = 0)
     srv:step(1.0, function(req)    -- req.method, .path, .query{}, .headers{}, .body
       return 200, "text/plain", "hello", {["X-Header"] = "value"}
     end)
     srv:close()

   Requests whose body passes max_body are answered 413 without calling the handler; header
   and URL overflows are refused by libmicrohttpd itself (431/414).  A handler that raises is
   answered 500 and the message is kept in srv:errors() for the caller to log. */
#include <config.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <lua.h>
#include <lauxlib.h>

#ifdef HAVE_MICROHTTPD
#include <microhttpd.h>
#endif

#define SG_HTTP_MT "stratagem.http.server"
#define SG_CONN_MT "stratagem.http.connection"

int luaopen_stratagem_http(lua_State *L);


/* http.fetch{host=, port=, method=, path=, body=, headers=, timeout=}: one request over a new
   connection (HTTP/1.0, so the answer ends with the connection): status, headers (names in
   lower case), body; or nil and why.  Plain sockets, for tests and scripts that talk to a
   server (stratagem serve's tests need no curl). */
static int lfetch(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "host");
  const char *host = luaL_optstring(L, -1, "127.0.0.1");
  lua_getfield(L, 1, "port");
  lua_Integer port = luaL_checkinteger(L, -1);
  lua_getfield(L, 1, "method");
  const char *method = luaL_optstring(L, -1, "GET");
  lua_getfield(L, 1, "path");
  const char *path = luaL_optstring(L, -1, "/");
  lua_getfield(L, 1, "body");
  size_t blen = 0;
  const char *body = luaL_optlstring(L, -1, NULL, &blen);
  lua_getfield(L, 1, "timeout");
  double timeout = luaL_optnumber(L, -1, 30);
  lua_getfield(L, 1, "raw");   /* the whole request as given, for tests of malformed ones */
  size_t rawlen = 0;
  const char *raw = luaL_optlstring(L, -1, NULL, &rawlen);
  if (port < 1 || port > 65535)
    return luaL_error(L, "http.fetch: port must be from 1 to 65535");
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((unsigned short)port);
  if (inet_pton(AF_INET, host, &a.sin_addr) != 1)
    return luaL_error(L, "http.fetch: host must be an IPv4 address, got '%s'", host);
  if (raw == NULL) {
    lua_getfield(L, 1, "headers");
    int h = lua_gettop(L);
    int own_type = 0;   /* the caller's Content-Type replaces the form's */
    lua_pushfstring(L, "%s %s HTTP/1.0\r\nHost: %s:%d\r\nConnection: close\r\n", method, path,
                    host, (int)port);
    if (lua_istable(L, h)) {
      lua_pushnil(L);
      while (lua_next(L, h)) {   /* each line goes below the key */
        if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING) {
          own_type |= strcasecmp(lua_tostring(L, -2), "Content-Type") == 0;
          lua_pushfstring(L, "%s: %s\r\n", lua_tostring(L, -2), lua_tostring(L, -1));
        } else
          lua_pushliteral(L, "");
        lua_insert(L, -3);
        lua_pop(L, 1);
      }
    }
    if (body)
      lua_pushfstring(L, "%sContent-Length: %d\r\n",
                      own_type ? "" : "Content-Type: application/x-www-form-urlencoded\r\n",
                      (int)blen);
    lua_pushliteral(L, "\r\n");
    if (body)
      lua_pushlstring(L, body, blen);
    lua_concat(L, lua_gettop(L) - h);
    raw = lua_tolstring(L, -1, &rawlen);
  }
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "socket: %s", strerror(errno));
    return 2;
  }
  struct timeval tv = {(time_t)timeout, (suseconds_t)((timeout - (double)(time_t)timeout) * 1e6)};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
    int e = errno;
    close(fd);
    lua_pushnil(L);
    lua_pushfstring(L, "cannot connect to %s port %d: %s", host, (int)port, strerror(e));
    return 2;
  }
  size_t off = 0;
  while (off < rawlen) {
    ssize_t w = send(fd, raw + off, rawlen - off, MSG_NOSIGNAL);
    if (w <= 0) {
      if (w < 0 && errno == EINTR)
        continue;
      break;   /* the server may answer before reading everything (413): read it */
    }
    off += (size_t)w;
  }
  luaL_Buffer ans;
  luaL_buffinit(L, &ans);
  for (;;) {
    char *p = luaL_prepbuffer(&ans);
    ssize_t r = recv(fd, p, LUAL_BUFFERSIZE, 0);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0) {
      int e = errno;
      close(fd);
      lua_pushnil(L);
      lua_pushfstring(L, "no answer from %s port %d: %s", host, (int)port,
                      e == EAGAIN ? "timed out" : strerror(e));
      return 2;
    }
    if (r == 0)
      break;
    luaL_addsize(&ans, (size_t)r);
  }
  close(fd);
  luaL_pushresult(&ans);
  size_t n;
  const char *t = lua_tolstring(L, -1, &n);
  const char *end = NULL;
  for (size_t i = 0; i + 3 < n; i++)
    if (memcmp(t + i, "\r\n\r\n", 4) == 0) {
      end = t + i;
      break;
    }
  int status = 0;
  if (end == NULL || sscanf(t, "HTTP/%*d.%*d %d", &status) != 1) {
    lua_pushnil(L);
    lua_pushliteral(L, "not an HTTP answer");
    return 2;
  }
  lua_pushinteger(L, status);
  lua_newtable(L);
  const char *line = strstr(t, "\r\n") + 2;
  while (line < end) {
    const char *eol = strstr(line, "\r\n");
    const char *colon = memchr(line, ':', (size_t)(eol - line));
    if (colon) {
      luaL_Buffer k;
      luaL_buffinit(L, &k);
      for (const char *c = line; c < colon; c++)
        luaL_addchar(&k, (char)((*c >= 'A' && *c <= 'Z') ? *c + 32 : *c));
      luaL_pushresult(&k);
      const char *v = colon + 1;
      while (v < eol && *v == ' ')
        v++;
      lua_pushlstring(L, v, (size_t)(eol - v));
      lua_rawset(L, -3);
    }
    line = eol + 2;
  }
  lua_pushlstring(L, end + 4, n - (size_t)(end + 4 - t));
  return 3;
}

/* http.connect{host=, port=, source=, timeout=}: a bare TCP connection, for tests of what a
   server does with clients that send little or nothing (conn:send, conn:recv, conn:close);
   source is the local address to connect from (any 127.x.y.z is this machine).  nil and why
   when it cannot connect. */
static int lconnect(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "host");
  const char *host = luaL_optstring(L, -1, "127.0.0.1");
  lua_getfield(L, 1, "port");
  lua_Integer port = luaL_checkinteger(L, -1);
  lua_getfield(L, 1, "source");
  const char *source = luaL_optstring(L, -1, NULL);
  if (port < 1 || port > 65535)
    return luaL_error(L, "http.connect: port must be from 1 to 65535");
  struct sockaddr_in a, from;
  memset(&a, 0, sizeof a);
  memset(&from, 0, sizeof from);
  a.sin_family = from.sin_family = AF_INET;
  a.sin_port = htons((unsigned short)port);
  if (inet_pton(AF_INET, host, &a.sin_addr) != 1)
    return luaL_error(L, "http.connect: host must be an IPv4 address, got '%s'", host);
  if (source && inet_pton(AF_INET, source, &from.sin_addr) != 1)
    return luaL_error(L, "http.connect: source must be an IPv4 address, got '%s'", source);
  int *fd = lua_newuserdatauv(L, sizeof *fd, 0);
  *fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  luaL_setmetatable(L, SG_CONN_MT);
  if (*fd < 0 || (source && bind(*fd, (struct sockaddr *)&from, sizeof from) != 0) ||
      connect(*fd, (struct sockaddr *)&a, sizeof a) != 0) {
    int e = errno;
    if (*fd >= 0)
      close(*fd);
    *fd = -1;
    lua_pushnil(L);
    lua_pushfstring(L, "cannot connect to %s port %d%s%s: %s", host, (int)port,
                    source ? " from " : "", source ? source : "", strerror(e));
    return 2;
  }
  return 1;
}

static int *check_conn(lua_State *L) {
  int *fd = luaL_checkudata(L, 1, SG_CONN_MT);
  if (*fd < 0)
    luaL_error(L, "the connection is closed");
  return fd;
}

/* conn:send(bytes): true, or nil and why (the server closed the connection). */
static int lconn_send(lua_State *L) {
  int *fd = check_conn(L);
  size_t n;
  const char *p = luaL_checklstring(L, 2, &n);
  while (n > 0) {
    ssize_t w = send(*fd, p, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      lua_pushnil(L);
      lua_pushstring(L, strerror(errno));
      return 2;
    }
    p += w, n -= (size_t)w;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* conn:recv(seconds): the bytes that came, "" when the other side closed the connection, or
   nil and "timed out" (nothing within seconds) or another reason. */
static int lconn_recv(lua_State *L) {
  int *fd = check_conn(L);
  double secs = luaL_optnumber(L, 2, 30);
  struct pollfd p = {*fd, POLLIN, 0};
  int n;
  do
    n = poll(&p, 1, secs < 0 ? 0 : (int)(secs * 1000));
  while (n < 0 && errno == EINTR);
  if (n == 0) {
    lua_pushnil(L);
    lua_pushliteral(L, "timed out");
    return 2;
  }
  char buf[4096];
  ssize_t r = n < 0 ? -1 : recv(*fd, buf, sizeof buf, 0);
  if (r < 0) {
    lua_pushnil(L);
    lua_pushstring(L, strerror(errno));
    return 2;
  }
  lua_pushlstring(L, buf, (size_t)r);
  return 1;
}

static int lconn_close(lua_State *L) {
  int *fd = luaL_checkudata(L, 1, SG_CONN_MT);
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
  return 0;
}

static void conn_metatable(lua_State *L) {
  static const luaL_Reg methods[] = {{"send", lconn_send}, {"recv", lconn_recv},
                                     {"close", lconn_close}, {NULL, NULL}};
  if (luaL_newmetatable(L, SG_CONN_MT)) {
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, lconn_close);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, lconn_close);
    lua_setfield(L, -2, "__close");
  }
  lua_pop(L, 1);
}

#ifdef HAVE_MICROHTTPD

/* A connection, from libmicrohttpd's notice of its start to that of its end.  A request must
   arrive whole within the server's request_time of the connection opening (or of the previous
   answer): libmicrohttpd's own timeout counts idle time only, which a client sending a byte
   now and then never reaches. */
typedef struct conn {
  struct conn *prev, *next;
  struct MHD_Connection *c;
  double since;           /* when it began waiting for its current request */
  int answering;          /* its request is complete: no deadline until it is answered */
  int cut;                /* shut down for passing the deadline */
} conn;

typedef struct server {
  struct MHD_Daemon *d;
  int fd;                 /* the listening socket (closed by us after the daemon stops) */
  int port;
  size_t max_body;
  double request_time;    /* seconds for a request to arrive whole */
  conn *conns;            /* the open connections */
  lua_State *L;           /* set during step: the state and stack index of the handler */
  int handler;
  int nerr;               /* handler errors since the last srv:errors() */
  lua_Integer served;
} server;

/* One request being received: its body so far. */
typedef struct request {
  char *body;
  size_t len, cap;
  int too_big;
} request;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static conn *conn_of(struct MHD_Connection *c) {
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return ci ? ci->socket_context : NULL;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
  server *s = cls;
  conn *cn = *socket_context;
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    cn = calloc(1, sizeof *cn);
    if (cn == NULL)
      return;   /* no deadline for this one; the idle timeout still holds */
    cn->c = c;
    cn->since = now();
    cn->next = s->conns;
    if (s->conns)
      s->conns->prev = cn;
    s->conns = cn;
    *socket_context = cn;
  } else if (cn) {
    if (cn->prev)
      cn->prev->next = cn->next;
    else
      s->conns = cn->next;
    if (cn->next)
      cn->next->prev = cn->prev;
    free(cn);
    *socket_context = NULL;
  }
}

/* Shut down the connections whose request is late (libmicrohttpd then sees them end and closes
   them); the seconds until the next deadline, or -1 when none is pending. */
static double cut_late(server *s) {
  double t = now(), next = -1;
  for (conn *cn = s->conns; cn; cn = cn->next) {
    if (cn->answering || cn->cut)
      continue;
    double left = cn->since + s->request_time - t;
    if (left <= 0) {
      const union MHD_ConnectionInfo *ci =
          MHD_get_connection_info(cn->c, MHD_CONNECTION_INFO_CONNECTION_FD);
      if (ci)
        shutdown(ci->connect_fd, SHUT_RDWR);
      cn->cut = 1;
    } else if (next < 0 || left < next) {
      next = left;
    }
  }
  return next;
}

static int answer(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                  size_t len) {
  struct MHD_Response *r =
      MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (r == NULL)
    return MHD_NO;
  MHD_add_response_header(r, "Content-Type", type);
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "Cache-Control", "no-store");
  int ok = MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
  return ok;
}

/* One value, whole: a NUL in a decoded argument (%00) stays, for the handler to refuse. */
static enum MHD_Result put_value(void *ud, enum MHD_ValueKind kind, const char *key,
                                 size_t key_size, const char *value, size_t value_size) {
  lua_State *L = ud;
  if (key == NULL)
    return MHD_YES;
  if (kind == MHD_HEADER_KIND) {   /* header names case-folded, as HTTP means them */
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < key_size; i++)
      luaL_addchar(&b, (char)((key[i] >= 'A' && key[i] <= 'Z') ? key[i] + 32 : key[i]));
    luaL_pushresult(&b);
  } else {
    lua_pushlstring(L, key, key_size);
  }
  lua_pushlstring(L, value ? value : "", value ? value_size : 0);
  lua_rawset(L, -3);
  return MHD_YES;
}

/* The message of a handler's error, with where it happened. */
static int traceback(lua_State *L) {
  luaL_traceback(L, L, luaL_tolstring(L, 1, NULL), 1);
  return 1;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload, size_t *upload_size, void **con_cls) {
  server *s = cls;
  request *rq = *con_cls;
  (void)version;
  if (rq == NULL) {
    rq = calloc(1, sizeof *rq);
    if (rq == NULL)
      return MHD_NO;
    *con_cls = rq;
    return MHD_YES;
  }
  if (*upload_size > 0) {
    size_t n = *upload_size;
    *upload_size = 0;
    if (rq->too_big || rq->len + n > s->max_body) {
      rq->too_big = 1;
      return MHD_YES;
    }
    if (rq->len + n + 1 > rq->cap) {
      size_t cap = rq->cap ? rq->cap : 1024;
      while (cap < rq->len + n + 1)
        cap *= 2;
      char *b = realloc(rq->body, cap);
      if (b == NULL)
        return MHD_NO;
      rq->body = b, rq->cap = cap;
    }
    memcpy(rq->body + rq->len, upload, n);
    rq->len += n;
    return MHD_YES;
  }
  conn *cn = conn_of(c);
  if (cn)
    cn->answering = 1;
  if (rq->too_big) {
    static const char msg[] = "413 the request's body is too large\n";
    return answer(c, 413, "text/plain; charset=utf-8", msg, sizeof msg - 1);
  }
  lua_State *L = s->L;
  if (L == NULL) {   /* not within step: cannot happen, but never enter Lua from elsewhere */
    static const char msg[] = "503 not ready\n";
    return answer(c, 503, "text/plain; charset=utf-8", msg, sizeof msg - 1);
  }
  int top = lua_gettop(L);
  lua_pushcfunction(L, traceback);
  lua_pushvalue(L, s->handler);
  lua_createtable(L, 0, 5);
  lua_pushstring(L, method);
  lua_setfield(L, -2, "method");
  lua_pushstring(L, url);
  lua_setfield(L, -2, "path");
  lua_newtable(L);
  MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, put_value, L);
  lua_setfield(L, -2, "query");
  lua_newtable(L);
  MHD_get_connection_values_n(c, MHD_HEADER_KIND, put_value, L);
  lua_setfield(L, -2, "headers");
  lua_pushlstring(L, rq->body ? rq->body : "", rq->len);
  lua_setfield(L, -2, "body");
  s->served++;
  double t0 = now();
  int called = lua_pcall(L, 1, 4, top + 1);
  /* the other clients' time does not run while the handler holds the server */
  double held = now() - t0;
  for (conn *o = s->conns; o; o = o->next)
    o->since += held;
  if (called != LUA_OK) {
    /* keep the message in the server's error list (uservalue 1) */
    lua_getiuservalue(L, 1, 1);   /* the server is at index 1 of step's frame */
    lua_insert(L, -2);
    lua_rawseti(L, -2, ++s->nerr);
    lua_settop(L, top);
    static const char msg[] = "500 the server failed on this request (see its log)\n";
    return answer(c, 500, "text/plain; charset=utf-8", msg, sizeof msg - 1);
  }
  lua_Integer status = lua_tointeger(L, -4);
  const char *type = lua_tostring(L, -3);
  size_t len = 0;
  const char *body = lua_tolstring(L, -2, &len);
  if (status < 100 || status > 599 || type == NULL || body == NULL) {
    lua_getiuservalue(L, 1, 1);
    lua_pushliteral(L, "the handler must return a status (100-599), a content type and a body");
    lua_rawseti(L, -2, ++s->nerr);
    lua_settop(L, top);
    static const char msg[] = "500 the server failed on this request (see its log)\n";
    return answer(c, 500, "text/plain; charset=utf-8", msg, sizeof msg - 1);
  }
  struct MHD_Response *r =
      MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (r == NULL) {
    lua_settop(L, top);
    return MHD_NO;
  }
  MHD_add_response_header(r, "Content-Type", type);
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "Cache-Control", "no-store");
  if (lua_istable(L, -1)) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING)
        MHD_add_response_header(r, lua_tostring(L, -2), lua_tostring(L, -1));
      lua_pop(L, 1);
    }
  }
  int ok = MHD_queue_response(c, (unsigned)status, r);
  MHD_destroy_response(r);
  lua_settop(L, top);
  return ok;
}

static void on_done(void *cls, struct MHD_Connection *c, void **con_cls,
                    enum MHD_RequestTerminationCode toe) {
  (void)cls, (void)toe;
  conn *cn = conn_of(c);
  if (cn) {   /* the next request on this connection has the time again */
    cn->answering = 0;
    cn->since = now();
  }
  request *rq = *con_cls;
  if (rq) {
    free(rq->body);
    free(rq);
    *con_cls = NULL;
  }
}

static server *check_server(lua_State *L) {
  server *s = luaL_checkudata(L, 1, SG_HTTP_MT);
  if (s->d == NULL)
    luaL_error(L, "the server is closed");
  return s;
}

static void stop(server *s) {
  if (s->d) {
    MHD_stop_daemon(s->d);
    s->d = NULL;
  }
  while (s->conns) {   /* libmicrohttpd tells of each end; in case it did not */
    conn *cn = s->conns;
    s->conns = cn->next;
    free(cn);
  }
  if (s->fd >= 0) {
    close(s->fd);
    s->fd = -1;
  }
}

static lua_Integer opt_int(lua_State *L, const char *key, lua_Integer def, lua_Integer lo,
                           lua_Integer hi) {
  lua_getfield(L, 1, key);
  lua_Integer v = def;
  if (!lua_isnil(L, -1)) {
    int isint;
    v = lua_tointegerx(L, -1, &isint);
    if (!isint || v < lo || v > hi)
      luaL_error(L, "http.listen: %s must be a whole number from %d to %d, got %s", key,
                 (int)lo, (int)hi, luaL_tolstring(L, -1, NULL));
  }
  lua_pop(L, 1);
  return v;
}

/* http.listen{host=, port=, max_body=, max_connections=, max_per_ip=, request_time=}: a
   server, or nil and why not. */
static int llisten(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  static const char *const known[] = {"host", "port", "max_body", "max_connections",
                                      "max_per_ip", "request_time", NULL};
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    int ok = 0;
    for (int i = 0; known[i]; i++)
      ok |= lua_type(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -2), known[i]) == 0;
    if (!ok)
      return luaL_error(L, "http.listen: unknown option '%s' (valid: host, port, max_body, "
                        "max_connections, max_per_ip, request_time)",
                        luaL_tolstring(L, -2, NULL));
    lua_pop(L, 1);
  }
  lua_getfield(L, 1, "host");
  const char *host = luaL_optstring(L, -1, "127.0.0.1");
  int port = (int)opt_int(L, "port", 8080, 0, 65535);
  size_t max_body = (size_t)opt_int(L, "max_body", 65536, 0, 64 << 20);
  unsigned maxconn = (unsigned)opt_int(L, "max_connections", 64, 1, 1000);
  unsigned per_ip = (unsigned)opt_int(L, "max_per_ip", 16, 1, 1000);
  lua_Integer request_time = opt_int(L, "request_time", 10, 1, 3600);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((unsigned short)port);
  if (inet_pton(AF_INET, host, &a.sin_addr) != 1)
    return luaL_error(L, "http.listen: host must be an IPv4 address such as 127.0.0.1 or "
                      "0.0.0.0, got '%s'", host);
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "cannot open a socket: %s", strerror(errno));
    return 2;
  }
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 32) != 0) {
    int e = errno;
    close(fd);
    lua_pushnil(L);
    lua_pushfstring(L, "cannot listen on %s port %d: %s%s", host, port, strerror(e),
                    e == EADDRINUSE ? " (another program uses it: choose another with --port)"
                                    : "");
    return 2;
  }
  socklen_t alen = sizeof a;
  getsockname(fd, (struct sockaddr *)&a, &alen);
  server *s = lua_newuserdatauv(L, sizeof *s, 1);
  memset(s, 0, sizeof *s);
  s->fd = fd;
  s->port = ntohs(a.sin_port);
  s->max_body = max_body;
  s->request_time = (double)request_time;
  luaL_setmetatable(L, SG_HTTP_MT);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 1);
  s->d = MHD_start_daemon(MHD_NO_FLAG, 0, NULL, NULL, on_request, s,
                          MHD_OPTION_LISTEN_SOCKET, fd,
                          MHD_OPTION_NOTIFY_COMPLETED, on_done, s,
                          MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
                          MHD_OPTION_CONNECTION_LIMIT, maxconn,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip,
                          MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)15,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
                          MHD_OPTION_END);
  if (s->d == NULL) {
    close(fd);
    s->fd = -1;
    lua_pushnil(L);
    lua_pushliteral(L, "libmicrohttpd could not start its daemon");
    return 2;
  }
  return 1;
}

/* srv:step(seconds, handler): wait up to seconds for requests and answer those complete;
   returns the number of requests answered so far in all. */
static int lstep(lua_State *L) {
  server *s = check_server(L);
  double secs = luaL_checknumber(L, 2);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  lua_settop(L, 3);
  fd_set rs, ws, es;
  FD_ZERO(&rs);
  FD_ZERO(&ws);
  FD_ZERO(&es);
  MHD_socket maxfd = 0;
  if (MHD_get_fdset(s->d, &rs, &ws, &es, &maxfd) != MHD_YES)
    return luaL_error(L, "libmicrohttpd: cannot get its sockets");
  MHD_UNSIGNED_LONG_LONG to;
  if (secs < 0)
    secs = 0;
  long long us = (long long)(secs * 1e6);
  if (MHD_get_timeout(s->d, &to) == MHD_YES && (long long)to * 1000 < us)
    us = (long long)to * 1000;
  double late = cut_late(s);
  if (late >= 0 && (long long)(late * 1e6) + 1000 < us)
    us = (long long)(late * 1e6) + 1000;
  struct timeval tv = {(time_t)(us / 1000000), (suseconds_t)(us % 1000000)};
  int n = select(maxfd + 1, &rs, &ws, &es, &tv);
  if (n < 0 && errno != EINTR)
    return luaL_error(L, "select: %s", strerror(errno));
  s->L = L;
  s->handler = 3;
  MHD_run(s->d);
  s->L = NULL;
  cut_late(s);
  lua_pushinteger(L, s->served);
  return 1;
}

/* srv:errors(): the handler errors since the last call (a list of messages). */
static int lerrors(lua_State *L) {
  server *s = luaL_checkudata(L, 1, SG_HTTP_MT);
  lua_getiuservalue(L, 1, 1);
  lua_newtable(L);
  lua_setiuservalue(L, 1, 1);
  s->nerr = 0;
  return 1;
}

static int lclose(lua_State *L) {
  server *s = luaL_checkudata(L, 1, SG_HTTP_MT);
  stop(s);
  return 0;
}

static int lindex(lua_State *L) {
  server *s = luaL_checkudata(L, 1, SG_HTTP_MT);
  const char *k = luaL_checkstring(L, 2);
  if (strcmp(k, "port") == 0) {
    lua_pushinteger(L, s->port);
    return 1;
  }
  luaL_getmetatable(L, SG_HTTP_MT);
  lua_getfield(L, -1, k);
  return 1;
}

int luaopen_stratagem_http(lua_State *L) {
  static const luaL_Reg methods[] = {{"step", lstep}, {"errors", lerrors}, {"close", lclose},
                                     {NULL, NULL}};
  if (luaL_newmetatable(L, SG_HTTP_MT)) {
    luaL_setfuncs(L, methods, 0);
    lua_pushcfunction(L, lindex);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, lclose);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, lclose);
    lua_setfield(L, -2, "__close");
  }
  lua_pop(L, 1);
  conn_metatable(L);
  static const luaL_Reg funcs[] = {{"listen", llisten}, {"fetch", lfetch}, {"connect", lconnect},
                                   {NULL, NULL}};
  luaL_newlib(L, funcs);
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "available");
  return 1;
}

#else /* !HAVE_MICROHTTPD */

static int lunavailable(lua_State *L) {
  return luaL_error(L, "this stratagem was built without libmicrohttpd, so it cannot serve "
                    "pages: install it (Debian: apt-get install libmicrohttpd-dev) and run "
                    "./bootstrap again");
}

int luaopen_stratagem_http(lua_State *L) {
  conn_metatable(L);
  static const luaL_Reg funcs[] = {{"listen", lunavailable}, {"fetch", lfetch},
                                   {"connect", lconnect}, {NULL, NULL}};
  luaL_newlib(L, funcs);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "available");
  return 1;
}

#endif
