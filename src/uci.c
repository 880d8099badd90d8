/* uci.c: the UCI protocol engine for chess: commands read from one stream while the shared
   alpha-beta (src/ai/search.c, through chess's hooks) runs on a thread of its own and reports
   on the other stream.  A front end of the program, like main.c: it knows the chess game and
   the search, no Lua. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ai/search.h"
#include "core/clock.h"
#include "core/tt.h"
#include "games/chess.h"
#include "uci.h"


typedef struct uci {
  ch_cfg cfg;
  const sg_param *params;
  ch_state st;            /* the position, written by the reader only */
  ch_state root;          /* the position searched: a copy made by go */
  tt_table tt;           /* kept between the moves of a game */
  search_memory memory;  /* the history tables, kept between the moves of a game when the
                            search's keep_history is on (its default) */
  size_t hash_mb;
  int threads;
  int multipv;           /* MultiPV: lines shown (1 to SEARCH_MAX_LINES) */
  int skill;             /* Skill Level 0-20 (20: full strength) */
  int limit_strength;    /* UCI_LimitStrength: play at UCI_Elo */
  int elo;               /* UCI_Elo, on the measured scale of SKILL_ELO */
  int overhead_ms;       /* Move Overhead: what the GUI and the pipe take of each move */
  int debug;             /* "debug on": each timed go says its time plan in an info string */
  pthread_t thread;
  int running;           /* a search thread exists (joinable) */
  int stop;              /* read and written with __atomic builtins */
  int infinite;          /* "go infinite" (or "go" alone): bestmove waits for stop */
  int perft;             /* "go perft N": the thread counts N plies instead (0: a search) */
  search_opts lim;
  sg_move searchmoves[CH_MAX_MOVES];   /* "go searchmoves": the root moves allowed */
  search_result result;   /* the search thread's (here, not on its stack: it holds the lines) */
  pthread_mutex_t lock;   /* one line at a time from the two threads */
  FILE *out;
} uci;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void say(uci *u, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  pthread_mutex_lock(&u->lock);
  vfprintf(u->out, fmt, ap);
  fputc('\n', u->out);
  fflush(u->out);
  pthread_mutex_unlock(&u->lock);
  va_end(ap);
}

/* One info line: depth, the line's number (0: none, MultiPV off), its score or bound, the
   counts, and the PV (not with a bound). */
static void info_line(uci *u, const search_result *i, int depth, int multipv, int score,
                      const sg_move *pv, int npv) {
  char line[4096];
  size_t k = 0;
  int ms = (int)(i->time * 1000);
  int mate = search_mate_moves(score);
  k += (size_t)snprintf(line + k, sizeof line - k, "info depth %d seldepth %d ", depth,
                        i->seldepth);
  if (multipv)
    k += (size_t)snprintf(line + k, sizeof line - k, "multipv %d ", multipv);
  if (mate)
    k += (size_t)snprintf(line + k, sizeof line - k, "score mate %d", mate);
  else
    k += (size_t)snprintf(line + k, sizeof line - k, "score cp %d", score);
  if (i->bound)
    k += (size_t)snprintf(line + k, sizeof line - k, i->bound == 1 ? " lowerbound" : " upperbound");
  k += (size_t)snprintf(line + k, sizeof line - k, " nodes %llu nps %llu time %d",
                        (unsigned long long)i->nodes,
                        (unsigned long long)(i->time > 0 ? (double)i->nodes / i->time : 0), ms);
  if (!i->bound && npv) {
    k += (size_t)snprintf(line + k, sizeof line - k, " pv");
    for (int j = 0; j < npv && k + 8 < sizeof line; j++) {
      char b[6];
      chess_move_uci(pv[j], b);
      k += (size_t)snprintf(line + k, sizeof line - k, " %s", b);
    }
  }
  say(u, "%s", line);
}

/* After each iteration (and each fail low): one info line, or with MultiPV one per line,
   numbered from 1, best first. */
static void report(void *ud, const search_result *i) {
  uci *u = ud;
  if (u->lim.multipv <= 1 || i->bound || i->nlines == 0) {
    info_line(u, i, i->depth, u->lim.multipv > 1, i->score, i->pv, i->npv);
    return;
  }
  for (int k = 0; k < i->nlines; k++) {
    const search_line *l = &i->lines[k];
    info_line(u, i, l->depth, k + 1, l->score, l->pv, l->npv);
  }
}

/* go perft N on the search thread: stop, quit and Ctrl-C end it. */
static void perft_run(uci *u) {
  int d = u->perft;
  uint64_t n = chess_perft_flag(&u->root.p, d, &u->stop);
  if (n == UINT64_MAX) {
    say(u, "info string go perft %d: stopped, interrupted or out of memory", d);
    return;
  }
  say(u, "info string perft %d nodes %llu", d, (unsigned long long)n);
  say(u, "Nodes searched: %llu", (unsigned long long)n);
}

static void *search_thread(void *arg) {
  uci *u = arg;
  search_result *r = &u->result;
  char err[SG_ERRLEN];
  if (u->perft) {
    perft_run(u);
    return NULL;
  }
  /* a position drawn by rule that has moves is searched all the same: the GUI adjudicates */
  int outcome = chess_outcome(&u->cfg, &u->root, NULL);
  if (outcome != CH_PLAYING && outcome != CH_CHECKMATE && outcome != CH_STALEMATE)
    say(u, "info string the position is drawn (%s); its moves are searched all the same",
        chess_outcome_names[outcome]);
  if (search_alphabeta(&chess_class, &u->cfg, &u->root, &u->lim, r, err) != 0) {
    if (outcome == CH_CHECKMATE || outcome == CH_STALEMATE)
      say(u, "info string no legal move in this position");
    else
      say(u, "info string %s", err);
    say(u, "bestmove 0000");
    return NULL;
  }
  if (u->debug && u->lim.soft_time > 0)
    say(u, "info string time: depth %d in %.0f ms, the best move stable for %d iterations, "
        "soft limit x%.1f", r->depth, r->time * 1000, r->stable, r->soft_scale);
  /* under "go infinite" the bestmove waits for stop (the protocol says so) */
  while (u->infinite && !__atomic_load_n(&u->stop, __ATOMIC_RELAXED)) {
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  char b[6], p[6];
  chess_move_uci(r->move, b);
  if (r->npv > 1 && r->pv[0] == r->move) {
    chess_move_uci(r->pv[1], p);
    say(u, "bestmove %s ponder %s", b, p);
  } else
    say(u, "bestmove %s", b);
  return NULL;
}

static void wait_search(uci *u) {
  if (u->running) {
    pthread_join(u->thread, NULL);
    u->running = 0;
  }
}

static void stop_search(uci *u) {
  __atomic_store_n(&u->stop, 1, __ATOMIC_RELAXED);
  wait_search(u);
}

static char *next_tok(char **s) {
  while (**s == ' ' || **s == '\t')
    (*s)++;
  if (!**s)
    return NULL;
  char *t = *s;
  while (**s && **s != ' ' && **s != '\t')
    (*s)++;
  if (**s)
    *(*s)++ = 0;
  return t;
}

static void cmd_position(uci *u, char *rest) {
  char err[SG_ERRLEN];
  ch_state st;
  memset(&st, 0, sizeof st);
  char *t = next_tok(&rest);
  char fen[256] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  if (t && !strcmp(t, "fen")) {
    char *m = strstr(rest, " moves");
    size_t n = m ? (size_t)(m - rest) : strlen(rest);
    if (n >= sizeof fen)
      n = sizeof fen - 1;
    memcpy(fen, rest, n);
    fen[n] = 0;
    rest = m ? m + 1 : rest + strlen(rest);
  } else if (!t || strcmp(t, "startpos")) {
    say(u, "info string position: expected 'startpos' or 'fen FEN', got '%s'", t ? t : "");
    return;
  }
  if (chess_class.init(&u->cfg, &st, fen, 0, err) != 0) {
    say(u, "info string %s", err);
    return;
  }
  t = next_tok(&rest);
  if (t && !strcmp(t, "moves")) {
    while ((t = next_tok(&rest))) {
      sg_move m;
      if (chess_parse_move(&st.p, t, &m, err) != 0) {
        say(u, "info string position: %s (the position is unchanged)", err);
        return;
      }
      chess_class.play(&u->cfg, &st, m);
    }
  }
  u->st = st;
}

/* Time for this move from a clock: a share of the time left (the slot, the average budget)
   plus most of the increment; the soft limit ends the deepening (the driver scales it by how
   settled the best move is: doc/search.md, "The driver"), the hard one, at most 2.5 slots,
   stops the search.  Sudden death shares the clock among 30 moves to come; with movestogo
   the moves to the control share it, with half a move's reserve, so the last move before the
   control may use most of what is left (nothing stays on the clock unused when it renews).
   The Move Overhead is taken off the clock first (for this move and each of the moves it is
   shared among), and no move takes more than half of what is left after it, or 0.9 of it
   for the last move before the control: no floor that would overdraw a short clock.
   Returns 0, or -1 when too little is left to search at all (then move at once). */
static int plan_time(search_opts *o, double left, double inc, int movestogo, double overhead) {
  double moves = movestogo > 0 ? movestogo + 0.5 : 30;
  double usable = left - overhead * (moves < 10 ? moves : 10) * 0.2 - overhead;
  if (usable < 0.002)
    return -1;
  double slot = usable / moves + inc * 0.75;
  double cap = usable * (movestogo == 1 ? 0.9 : 0.5);
  if (slot > cap)
    slot = cap;
  o->soft_time = slot * 0.6;
  o->time = slot * 2.5 < cap ? slot * 2.5 : cap;
  return 0;
}

/* x within lo..hi (NaN: lo): a GUI's number may be anything; a double outside int's range
   has no int value at all, and a clock of NaN or infinity would set no limit. */
static double clamp_num(double x, double lo, double hi) {
  if (!(x >= lo))
    return lo;
  return x > hi ? hi : x;
}

/* Weaker play.  A skill s from 0 to 20 below 20 caps the depth and lets the search choose at
   random (from the position, so a game replays) among the moves within a margin of the best:
   with t = 12 + 2s/5, at most 1 + t/2 plies and 15 * (20 - t) centipawns, so skill 0 searches 7
   plies and plays any move within 120 cp, skill 10 searches 9 plies within 60 cp.  (Until
   the skills were measured t was s itself; below t = 12 each step of 2 lost 400 Elo and more,
   too steep to measure or to play against.)  The skills of SKILL_ELO were measured at 100 ms
   a move against Stockfish 15.1 limited by its UCI_Elo (doc/manual.md, "Strength of the
   levels"): an Elo scale anchored to Stockfish's UCI_Elo at that time control.  Between two
   measured skills the Elo is interpolated, and UCI_Elo takes the skill so interpolated, in
   hundredths, so every Elo of the range plays a little differently; with UCI_LimitStrength
   the weaker of Skill Level and UCI_Elo is played. */
static const struct { int skill, elo; } SKILL_ELO[] = {
  {0, 1172}, {5, 1280}, {10, 1524}, {20, 2041},
};
#define SKILL_ELO_N ((int)(sizeof SKILL_ELO / sizeof SKILL_ELO[0]))
#define UCI_ELO_MIN (SKILL_ELO[0].elo)
#define UCI_ELO_MAX (SKILL_ELO[SKILL_ELO_N - 1].elo)
#define SKILL_FULL 2000   /* skills are in hundredths */

/* The skill (in hundredths) whose interpolated Elo is elo, within the measured range. */
static int skill_at_elo(int elo) {
  int i = 1;
  while (i < SKILL_ELO_N - 1 && elo > SKILL_ELO[i].elo)
    i++;
  int e0 = SKILL_ELO[i - 1].elo, e1 = SKILL_ELO[i].elo;
  int s0 = 100 * SKILL_ELO[i - 1].skill, s1 = 100 * SKILL_ELO[i].skill;
  if (elo <= e0)
    return s0;
  if (elo >= e1)
    return s1;
  return s0 + (s1 - s0) * (elo - e0) / (e1 - e0);
}

/* The Elo of a skill (in hundredths): measured, or interpolated between two measured. */
static int elo_at_skill(int s) {
  int i = 1;
  while (i < SKILL_ELO_N - 1 && s > 100 * SKILL_ELO[i].skill)
    i++;
  int e0 = SKILL_ELO[i - 1].elo, e1 = SKILL_ELO[i].elo;
  int s0 = 100 * SKILL_ELO[i - 1].skill, s1 = 100 * SKILL_ELO[i].skill;
  if (s <= s0)
    return e0;
  return s >= s1 ? e1 : e0 + (e1 - e0) * (s - s0) / (s1 - s0);
}

/* The skill played, in hundredths (SKILL_FULL: full strength). */
static int skill_of(const uci *u) {
  int s = 100 * u->skill;
  if (u->limit_strength) {
    int e = skill_at_elo(u->elo);
    if (e < s)
      s = e;
  }
  return s < 0 ? 0 : s > SKILL_FULL ? SKILL_FULL : s;
}

/* The search limits of a skill (in hundredths) below full strength: a depth cap and a random
   margin in centipawns. */
static void skill_limits(int s, int *depth, int *margin) {
  int t = 1200 + 2 * s / 5;
  *depth = 1 + t / 200;
  *margin = 15 * (SKILL_FULL - t) / 100;
}

/* The strength played, for d: the skill, its limits and its Elo on the measured scale. */
static void say_strength(uci *u) {
  int s = skill_of(u), cap, margin;
  if (s >= SKILL_FULL) {
    say(u, "Strength: full (skill 20, Elo %d at 100 ms a move)", UCI_ELO_MAX);
    return;
  }
  skill_limits(s, &cap, &margin);
  say(u, "Strength: skill %d.%02d (depth at most %d, a move within %d cp of the best), "
      "Elo %d at 100 ms a move", s / 100, s % 100, cap, margin, elo_at_skill(s));
}

/* The words of go that are not moves (searchmoves takes moves up to the next of them). */
static int go_word(const char *t) {
  static const char *const words[] = {"searchmoves", "ponder", "wtime", "btime", "winc", "binc",
                                      "movestogo", "depth", "nodes", "mate", "movetime",
                                      "infinite", "perft", NULL};
  for (int i = 0; words[i]; i++)
    if (!strcmp(t, words[i]))
      return 1;
  return 0;
}

/* Whether the position to search has a single legal move. */
static int one_move(const uci *u) {
  sg_move ms[CH_MAX_MOVES];
  return chess_gen(&u->st.p, ms) == 1;
}

static void cmd_go(uci *u, char *rest) {
  search_opts *o = &u->lim;
  search_opts_default(o);
  o->random = -1;
  o->threads = u->threads;
  o->multipv = u->multipv;
  o->table = &u->tt;
  o->memory = &u->memory;
  o->keep_history = 1;   /* chess's defaults (lua/stratagem/games/chess.lua) */
  o->cont_history = 1;
  o->stop_flag = &u->stop;
  o->report = report;
  o->report_ud = u;
  o->drawn_root = 1;
  double wt = -1, bt = -1, wi = 0, bi = 0, movetime = 0;
  int wgiven = 0, bgiven = 0;
  int timed = 0;     /* a clock, an increment or movestogo was given */
  int at_once = 0;   /* a limit of zero or less: a depth-1 search */
  int depth = 0, movestogo = 0, infinite = 0, perft = 0, nsearch = 0;
  uint64_t nodes = 0;
  char *t, *pending = NULL;
  while ((t = pending ? pending : next_tok(&rest))) {
    pending = NULL;
    if (!strcmp(t, "searchmoves")) {
      char *m;
      while ((m = next_tok(&rest)) && !go_word(m)) {
        char err[SG_ERRLEN];
        sg_move mv;
        if (chess_parse_move(&u->st.p, m, &mv, err) != 0)
          say(u, "info string go searchmoves: %s (ignored)", err);
        else if (nsearch < CH_MAX_MOVES)
          u->searchmoves[nsearch++] = mv;
      }
      pending = m;
      continue;
    }
    char *v = NULL;
    if (strcmp(t, "infinite") && strcmp(t, "ponder"))
      v = next_tok(&rest);
    double x = v ? atof(v) : 0;
    if (!strcmp(t, "depth")) depth = (int)clamp_num(x, 1, SEARCH_MAX_PLY);   /* 0 or less: 1 */
    else if (!strcmp(t, "movetime")) {
      movetime = clamp_num(x, 0, 1e12) / 1000;
      at_once |= !(movetime > 0);
    } else if (!strcmp(t, "nodes")) {
      nodes = (uint64_t)clamp_num(x, 0, 1e18);
      at_once |= nodes == 0;
    }
    else if (!strcmp(t, "wtime")) wt = clamp_num(x, -1e12, 1e12) / 1000, wgiven = timed = 1;
    else if (!strcmp(t, "btime")) bt = clamp_num(x, -1e12, 1e12) / 1000, bgiven = timed = 1;
    else if (!strcmp(t, "winc")) wi = clamp_num(x, 0, 1e12) / 1000, timed = 1;
    else if (!strcmp(t, "binc")) bi = clamp_num(x, 0, 1e12) / 1000, timed = 1;
    else if (!strcmp(t, "movestogo")) movestogo = (int)clamp_num(x, 0, 1000), timed = 1;
    else if (!strcmp(t, "infinite")) infinite = 1;
    else if (!strcmp(t, "ponder")) continue;
    else if (!strcmp(t, "perft")) {
      if (!(x >= 1 && x <= 20)) {
        say(u, "info string go perft: depth must be 1 to 20, got '%s'", v ? v : "");
        return;
      }
      perft = (int)x;
    } else
      say(u, "info string go: unknown parameter '%s' ignored", t);
  }
  double left = u->st.p.side == 0 ? wt : bt, inc = u->st.p.side == 0 ? wi : bi;
  int clock = u->st.p.side == 0 ? wgiven : bgiven;
  if (depth > SEARCH_MAX_PLY - 2)
    depth = SEARCH_MAX_PLY - 2;   /* beyond the deepest the search can go: the deepest */
  o->depth = depth;
  o->nodes = nodes;
  if (!infinite) {
    if (movetime > 0)
      o->time = movetime;
    else if (timed && !clock) {
      say(u, "info string go: no clock for the side to move (%s): a move at once",
          u->st.p.side == 0 ? "wtime" : "btime");
      at_once = 1;
    } else if (clock && left <= 0)
      at_once = 1;   /* no time left on the clock: move at once */
    else if (clock && plan_time(o, left, inc, movestogo, u->overhead_ms / 1000.0) != 0) {
      say(u, "info string go: %.0f ms left, too little after Move Overhead (%d ms): a move at "
          "once", left * 1000, u->overhead_ms);
      at_once = 1;
    } else if (clock && one_move(u)) {
      if (u->debug)
        say(u, "info string time: one legal move, played at once");
      at_once = 1;   /* nothing to choose: keep the clock for the moves that need it */
    } else if (clock && u->debug)
      say(u, "info string time: soft %.0f ms, hard %.0f ms (%.0f ms left, increment %.0f ms, "
          "movestogo %d)", o->soft_time * 1000, o->time * 1000, left * 1000, inc * 1000,
          movestogo);
    if (at_once)
      o->depth = 1, o->nodes = 0, o->time = o->soft_time = 0;
  }
  if (!depth && !movetime && !nodes && !timed && !at_once)
    infinite = 1;   /* "go" alone searches until stop */
  if (infinite)
    o->time = o->soft_time = 0, o->depth = depth;
  o->root_moves = u->searchmoves;
  o->nroot_moves = nsearch;
  int skill = skill_of(u);
  if (skill < SKILL_FULL) {
    int cap, margin;
    skill_limits(skill, &cap, &margin);
    if (o->depth == 0 || o->depth > cap)
      o->depth = cap;
    o->random = margin;
    o->seed = chess_class.hash(&u->cfg, &u->st);
    o->multipv = 1;   /* a weakened engine chooses among near-best moves: one line */
  }
  u->infinite = infinite && !perft;
  u->perft = perft;
  u->root = u->st;
  __atomic_store_n(&u->stop, 0, __ATOMIC_RELAXED);
  if (pthread_create(&u->thread, NULL, search_thread, u) == 0)
    u->running = 1;
  else
    say(u, "info string go: cannot start the search thread");
}

/* The whole number val of option name within lo..hi into *x; else an info string naming the
   option, the range and the value, and -1 (the option keeps its value). */
static int option_num(uci *u, const char *name, const char *val, long lo, long hi, long *x) {
  char *end = NULL;
  errno = 0;
  long v = val ? strtol(val, &end, 10) : 0;
  if (!val || end == val || *end || errno == ERANGE || v < lo || v > hi) {
    say(u, "info string setoption: %s must be a whole number from %ld to %ld, got '%s'", name,
        lo, hi, val ? val : "");
    return -1;
  }
  *x = v;
  return 0;
}

static void cmd_setoption(uci *u, char *rest) {
  /* setoption name NAME [value VALUE]; names may hold spaces */
  char *n = strstr(rest, "name ");
  if (!n) {
    say(u, "info string setoption: expected 'name NAME value VALUE'");
    return;
  }
  n += 5;
  char *v = strstr(n, " value ");
  char name[128];
  size_t len = v ? (size_t)(v - n) : strlen(n);
  while (len && n[len - 1] == ' ')
    len--;
  if (len >= sizeof name)
    len = sizeof name - 1;
  memcpy(name, n, len);
  name[len] = 0;
  const char *val = v ? v + 7 : NULL;
  long x;
  if (!strcasecmp(name, "Hash")) {
    tt_table t;
    if (option_num(u, "Hash", val, 1, 65536, &x) != 0)
      return;
    if (tt_init(&t, (size_t)x << 20) != 0)
      say(u, "info string setoption: Hash of %ld MB cannot be had (out of memory); it stays "
          "%zu MB", x, u->hash_mb);
    else {
      tt_free(&u->tt);
      u->tt = t;
      u->hash_mb = (size_t)x;
    }
    return;
  }
  if (!strcasecmp(name, "Move Overhead")) {
    if (option_num(u, "Move Overhead", val, 0, 5000, &x) == 0)
      u->overhead_ms = (int)x;
    return;
  }
  if (!strcasecmp(name, "Threads")) {
    if (option_num(u, "Threads", val, 1, 256, &x) == 0)
      u->threads = (int)x;
    return;
  }
  if (!strcasecmp(name, "MultiPV")) {
    if (option_num(u, "MultiPV", val, 1, SEARCH_MAX_LINES, &x) == 0)
      u->multipv = (int)x;
    return;
  }
  if (!strcasecmp(name, "Skill Level")) {
    if (option_num(u, "Skill Level", val, 0, 20, &x) == 0)
      u->skill = (int)x;
    return;
  }
  if (!strcasecmp(name, "UCI_Elo")) {
    if (option_num(u, "UCI_Elo", val, UCI_ELO_MIN, UCI_ELO_MAX, &x) == 0)
      u->elo = (int)x;
    return;
  }
  if (!strcasecmp(name, "UCI_LimitStrength")) {
    if (val && !strcasecmp(val, "true"))
      u->limit_strength = 1;
    else if (val && !strcasecmp(val, "false"))
      u->limit_strength = 0;
    else
      say(u, "info string setoption: UCI_LimitStrength must be true or false, got '%s'",
          val ? val : "");
    return;
  }
  if (!strcasecmp(name, "Clear Hash")) {
    tt_clear(&u->tt);
    search_memory_clear(&u->memory);
    return;
  }
  if (!strcasecmp(name, "Ponder") || !strcasecmp(name, "UCI_AnalyseMode"))
    return;
  /* Preset: the evaluation, as sg.new's preset option (lua/stratagem/games/chess.lua, M.presets):
     "seed" is the seed's weighted sum (weights.model 0), "modern" the tapered one (1) */
  if (!strcasecmp(name, "Preset")) {
    if (val && !strcasecmp(val, "seed"))
      u->cfg.w.model = 0;
    else if (val && !strcasecmp(val, "modern"))
      u->cfg.w.model = 1;
    else
      say(u, "info string setoption: Preset must be modern or seed, got '%s'", val ? val : "");
    char err[SG_ERRLEN];   /* the keys derived from the weights (the evaluation cache's) */
    if (chess_class.check_cfg && chess_class.check_cfg(&u->cfg, err) != 0)
      say(u, "info string setoption: %s", err);
    return;
  }
  for (const sg_param *p = u->params; p->name; p++)
    if (!strcasecmp(name, p->name)) {
      char err[SG_ERRLEN];
      ch_cfg trial = u->cfg;
      if (option_num(u, p->name, val, (long)p->min, (long)p->max, &x) != 0)
        return;
      if (game_param_set(p, &trial, (double)x, err) != 0 ||
          (chess_class.check_cfg && chess_class.check_cfg(&trial, err) != 0))
        say(u, "info string setoption: %s", err);
      else
        u->cfg = trial;
      return;
    }
  say(u, "info string setoption: unknown option '%s' ignored", name);
}

/* ---- the reader: lines of any length from the input, on a thread of their own, into a
   queue the commands are taken from in order.  So the engine always hears stop and quit, even
   while a command waits for a search to finish: the reader raises the stop flag as soon as it
   reads either, and the command is then handled in its turn as well. */

typedef struct lineq {
  char **line;
  size_t head, n, cap;
  int eof;
  pthread_mutex_t m;
  pthread_cond_t more;
  FILE *in;
  uci *u;
} lineq;

static int starts_with_word(const char *s, const char *w) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t k = strlen(w);
  return strncmp(s, w, k) == 0 && (s[k] == 0 || s[k] == ' ' || s[k] == '\t' ||
                                   s[k] == '\n' || s[k] == '\r');
}

static void *reader_thread(void *arg) {
  lineq *q = arg;
  char *line = NULL;
  size_t cap = 0;
  while (getline(&line, &cap, q->in) >= 0) {
    if (starts_with_word(line, "stop") || starts_with_word(line, "quit"))
      __atomic_store_n(&q->u->stop, 1, __ATOMIC_RELAXED);
    char *copy = strdup(line);
    pthread_mutex_lock(&q->m);
    if (copy && q->n == q->cap) {
      size_t nc = q->cap ? q->cap * 2 : 16;
      char **g = malloc(nc * sizeof *g);
      if (g) {
        for (size_t i = 0; i < q->n; i++)
          g[i] = q->line[(q->head + i) % q->cap];
        free(q->line);
        q->line = g, q->head = 0, q->cap = nc;
      }
    }
    int queued = copy && q->n < q->cap;
    if (queued)
      q->line[(q->head + q->n++) % q->cap] = copy;
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->m);
    if (!queued) {   /* out of memory: the line is lost, and said so */
      free(copy);
      say(q->u, "info string out of memory: a command was dropped");
    }
    if (starts_with_word(line, "quit"))
      break;
  }
  free(line);
  pthread_mutex_lock(&q->m);
  q->eof = 1;
  pthread_cond_signal(&q->more);
  pthread_mutex_unlock(&q->m);
  return NULL;
}

/* The next line (the caller frees it), or NULL at the end of the input or when Ctrl-C asked
   to stop (the interrupt flag, looked at every 50 ms while waiting). */
static char *next_line(lineq *q) {
  pthread_mutex_lock(&q->m);
  while (q->n == 0 && !q->eof && !interrupt_pending()) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 50000000;
    if (ts.tv_nsec >= 1000000000)
      ts.tv_sec++, ts.tv_nsec -= 1000000000;
    pthread_cond_timedwait(&q->more, &q->m, &ts);
  }
  char *l = NULL;
  if (q->n) {
    l = q->line[q->head];
    q->head = (q->head + 1) % q->cap;
    q->n--;
  }
  pthread_mutex_unlock(&q->m);
  return l;
}

int uci_run(const ch_cfg *defaults, FILE *in, FILE *out, char *err) {
  uci *u = calloc(1, sizeof *u);
  if (!u) {
    snprintf(err, SG_ERRLEN, "uci: out of memory");
    return -1;
  }
  memcpy(&u->cfg, defaults, sizeof u->cfg);
  u->params = chess_class.params;
  u->hash_mb = 16;
  u->out = out;
  chess_class.init(&u->cfg, &u->st, NULL, 0, err);
  u->threads = 1;
  u->multipv = 1;
  u->overhead_ms = 10;
  u->skill = 20;
  u->elo = UCI_ELO_MAX;
  if (tt_init(&u->tt, u->hash_mb << 20) != 0) {
    free(u);
    snprintf(err, SG_ERRLEN, "uci: out of memory");
    return -1;
  }
  pthread_mutex_init(&u->lock, NULL);
  setvbuf(out, NULL, _IOLBF, 0);
  /* on the heap: after Ctrl-C the reader may still be waiting for a line, and it keeps it */
  lineq *q = calloc(1, sizeof *q);
  if (!q) {
    tt_free(&u->tt);
    free(u);
    snprintf(err, SG_ERRLEN, "uci: out of memory");
    return -1;
  }
  q->in = in, q->u = u;
  pthread_mutex_init(&q->m, NULL);
  pthread_cond_init(&q->more, NULL);
  pthread_t reader;
  int threaded = pthread_create(&reader, NULL, reader_thread, q) == 0;
  if (!threaded)
    reader_thread(q);   /* no thread: read everything first, then answer */
  char *line;
  while ((line = next_line(q)) != NULL) {
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      line[--n] = 0;
    char *rest = line;
    char *cmd = next_tok(&rest);
    if (!cmd) {
      free(line);
      continue;
    }
    if (!strcmp(cmd, "uci")) {
      say(u, "id name stratagem " PACKAGE_VERSION);
      say(u, "id author the stratagem developers");
      say(u, "option name Hash type spin default 16 min 1 max 65536");
      say(u, "option name Threads type spin default 1 min 1 max 256");
      say(u, "option name Move Overhead type spin default 10 min 0 max 5000");
      say(u, "option name Clear Hash type button");
      say(u, "option name MultiPV type spin default 1 min 1 max %d", SEARCH_MAX_LINES);
      say(u, "option name Skill Level type spin default 20 min 0 max 20");
      say(u, "option name UCI_LimitStrength type check default false");
      say(u, "option name UCI_Elo type spin default %d min %d max %d", UCI_ELO_MAX, UCI_ELO_MIN,
          UCI_ELO_MAX);
      say(u, "option name Preset type combo default %s var modern var seed",
          u->cfg.w.model == 0 ? "seed" : "modern");
      /* every weight is an option; the 768 piece-square entries (pst_*) are settable by name
         but not listed, so that a GUI's option dialog stays usable */
      for (const sg_param *p = u->params; p->name; p++)
        if (strncmp(p->name, "pst_", 4) != 0)
          say(u, "option name %s type spin default %d min %d max %d", p->name,
              (int)game_param_get(p, &u->cfg), (int)p->min, (int)p->max);
      say(u, "uciok");
    } else if (!strcmp(cmd, "isready"))
      say(u, "readyok");
    else if (!strcmp(cmd, "quit")) {
      __atomic_store_n(&u->stop, 1, __ATOMIC_RELAXED);
      free(line);
      break;
    }
    else if (!strcmp(cmd, "stop"))
      stop_search(u);
    else if (!strcmp(cmd, "ponderhit"))
      ;
    else if (!strcmp(cmd, "debug")) {
      char *w = next_tok(&rest);
      u->debug = w && !strcmp(w, "on");
    } else if (!strcmp(cmd, "register"))
      ;
    else if (!strcmp(cmd, "d")) {   /* the position held, at once: a search has its copy */
      char buf[2048];
      chess_class.draw(&u->cfg, &u->st, buf, sizeof buf, 0);
      char fen[128];
      chess_to_fen(&u->st.p, fen, sizeof fen);
      say(u, "%s\nFen: %s", buf, fen);
      say_strength(u);
    } else if (strcmp(cmd, "ucinewgame") && strcmp(cmd, "position") && strcmp(cmd, "go") &&
               strcmp(cmd, "setoption"))
      say(u, "info string unknown command '%s' ignored", cmd);
    else {
      /* the other commands come between searches: a limited search is waited for (stop and
         quit still reach it through the reader), an infinite one is stopped first */
      if (u->running && u->infinite)
        stop_search(u);
      wait_search(u);
      if (!strcmp(cmd, "ucinewgame")) {
        tt_clear(&u->tt);
        search_memory_clear(&u->memory);
      }
      else if (!strcmp(cmd, "position"))
        cmd_position(u, rest);
      else if (!strcmp(cmd, "go"))
        cmd_go(u, rest);
      else
        cmd_setoption(u, rest);
    }
    free(line);
  }
  /* end of input: an infinite search is stopped, a limited one finishes; then bestmove.
     Ctrl-C: any search is stopped, and the engine ends at once. */
  int interrupted = interrupt_pending();
  if (u->running && (u->infinite || interrupted))
    __atomic_store_n(&u->stop, 1, __ATOMIC_RELAXED);
  wait_search(u);
  if (interrupted && threaded) {
    pthread_detach(reader);   /* it may wait for input forever: q stays its own */
  } else {
    if (threaded)   /* the loop ended at quit or at the end of the input: so did the reader */
      pthread_join(reader, NULL);
    while ((line = next_line(q)) != NULL)
      free(line);
    free(q->line);
    pthread_cond_destroy(&q->more);
    pthread_mutex_destroy(&q->m);
    free(q);
  }
  tt_free(&u->tt);
  search_memory_free(&u->memory);
  if (interrupted) {   /* u and q stay: the reader may still use them */
    snprintf(err, SG_ERRLEN, "interrupted!");
    return 1;
  }
  pthread_mutex_destroy(&u->lock);
  free(u);
  return 0;
}

