/* search.c: alpha-beta in negamax form over the game interface, knowing no game: principal
   variation search with iterative deepening and aspiration windows, a transposition table,
   killer and history ordering, null move pruning and late move reductions, quiescence and
   check extension through the game's hooks, and several lines at the root (MultiPV).
   Everything a search touches is allocated before the first node. */
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "core/tt.h"
#include "driver.h"
#include "search.h"

#define NO_MOVE UINT32_MAX
#define WIN_BOUND (SG_WIN - SEARCH_MAX_PLY)   /* scores beyond this are game ends */
#define SEARCH_BUSY 16384   /* slots of the threads' table of positions being searched */
#define DEFER_DEPTH 3       /* moves with at least this depth left may be deferred */
#define SEARCH_DEFER_MAX 64 /* moves of one node deferred at most */
#define HIST_SIZE SEARCH_HIST_SIZE            /* history entries per player (move & 4095) */
#define HIST_MAX (1 << 20)
#define NO_EVAL (-SG_INF)                     /* no static value at this ply (in check) */
#define SHALLOW 6     /* the depth up to which the margin-based pruning acts */
#define RFP_DEPTH 8   /* the depth up to which reverse futility cuts */
#define IIR_DEPTH 4   /* the least depth internal iterative reduction acts at */
#define LMR_N 64      /* the reduction table's rows (depth) and columns (move number) */
#define CONT_MAX 29952   /* continuation history's bound (entries move towards it) */
#define CONT_QUIETS 64   /* quiet moves of a node remembered for continuation history's malus */
#define SE_DEPTH 7       /* the least depth singular extensions act at */
#define SE_TT_DEPTH 3    /* the table entry at most this much shallower than the node */
#define PICK_SORT 4      /* pick selects the first moves of a node, then sorts the rest */

/* Ordering keys: the table move, good noisy moves, killers, then quiet moves by history, then
   noisy moves that lose material. */
#define KEY_TT (1 << 30)
#define KEY_NOISY (1 << 28)
#define KEY_KILLER (1 << 27)
#define KEY_COUNTER (KEY_KILLER - 2)
#define KEY_BAD (-(1 << 26))

typedef struct search_ctx {
  const sg_class *c;
  const void *cfg;
  const search_opts *o;
  size_t ssize;                /* a whole state */
  size_t nsize;                /* what a ply copies: the node prefix, or the whole state */
  int nodemode;                /* the game's node hooks are in use */
  unsigned char *states;       /* SEARCH_MAX_PLY + 1 nodes, one per ply */
  sg_move *moves;              /* max_moves per ply */
  int *keys;                   /* ordering keys, max_moves per ply */
  unsigned char *noisy;        /* noisy flags, max_moves per ply */
  int *order;                  /* max_moves static values (the beam's scratch) */
  int *rootvals;               /* max_moves values of the root moves */
  uint64_t *symkeys;           /* max_moves symmetry keys */
  unsigned char *scratch;      /* 2 whole states for symmetry and beam ordering */
  unsigned char *full;         /* 4 whole states for the symmetric image */
  sg_move *pv;                 /* SEARCH_MAX_PLY x SEARCH_MAX_PLY triangular PV table */
  int pvlen[SEARCH_MAX_PLY + 1];
  uint64_t *path;              /* node mode: the game's keys, then the search path's */
  int nhist;
  sg_move killer[SEARCH_MAX_PLY + 1][2];
  int (*history)[HIST_SIZE];   /* [2][HIST_SIZE] */
  sg_move (*counter)[HIST_SIZE];   /* [2][HIST_SIZE]: by the opponent's last move's & 4095,
                                      the quiet move that refuted it last */
  sg_move played[SEARCH_MAX_PLY + 2];   /* the move that led to each ply (NO_MOVE: a pass) */
  int sev[SEARCH_MAX_PLY + 2];          /* the static value at each ply of the path, NO_EVAL
                                           in check or not computed */
  unsigned char (*lmr_red)[LMR_N];      /* [LMR_N][LMR_N]: the reduction by depth and move */
  /* Continuation history: cont[((me & 1) * 2 + (prev mover & 1)) * npt + prev][cur], the
     piece-and-square indices (the game's piece_to) of a move made by the previous mover and
     of the move made by me now; npt x npt entries per pair of colours. */
  int *cont;
  int npt;
  int pt[SEARCH_MAX_PLY + 2];           /* piece_to of the move that led to each ply, -1:
                                           none (the root, a pass) */
  int ptmover[SEARCH_MAX_PLY + 2];      /* who made that move */
  int *quiets;                          /* [SEARCH_MAX_PLY + 1][CONT_QUIETS]: the quiet moves
                                           searched at each ply (piece_to), for the malus */
  sg_move excluded[SEARCH_MAX_PLY + 1]; /* singular extensions: the move left out at a ply */
  unsigned char sorted[SEARCH_MAX_PLY + 1];   /* the ply's moves from the one being picked
                                                 on are in key order (pick) */
  tt_table own;                /* the table when it is this search's alone */
  tt_table *tt;                /* own, or the table shared by the threads of one search */
  int shared;                  /* tt is shared: lockless access */
  uint64_t *busy;              /* threads > 1: SEARCH_BUSY keys of positions some thread is
                                  searching (simplified ABDADA), shared; else NULL */
  uint64_t hits;               /* table hits */
  search_driver dr;            /* nodes, limits, the verdict, candidates, the rng (driver.h);
                                  its quit is set when this thread should stop: for helpers,
                                  the main thread is done; for the main thread, a helper
                                  finished the last depth asked */
  int *finished;               /* helpers: where to say so */
  search_result *r;            /* the result being filled (deepen's) */
  sg_move first;               /* the root move searched first: the last iteration's */
  int value;                   /* the score of the iteration just searched */
  int beamcut;                 /* the beam dropped moves somewhere */
  int quiet_limit;             /* no extension at or beyond this ply */
  int root;                    /* the player to move at the root */
  int seldepth;
  int use_pvs, use_killers, use_history, use_null, use_lmr, use_quiesce;
  /* the chess-strength techniques (search.h), each 0 / -1 unless the game has a see hook */
  int use_check_ext, see, rfp, futility, use_lmp, use_lmr_table, use_counter, use_iir;
  int use_cont, use_singular;
  int probcut;   /* ProbCut's margin, < 0: off */
  int multipv;                 /* lines asked (1: the best move alone) */
  search_line *lines;          /* multipv > 1: the lines of the iteration under way, whose
                                  moves the next line's root search leaves out */
  int nlines;                  /* how many of them it completed */
  search_line *merged;         /* multipv > 1: scratch for the result's lines */
  search_result *failed;       /* with a report: the result reported on a fail low (made
                                  here, not on the stack: a result holds the lines) */
  int in_probcut;   /* within a ProbCut's shallow search (which cuts nothing itself) */
} search_ctx;

void search_opts_default(search_opts *o) {
  memset(o, 0, sizeof *o);
  o->hash_bytes = (size_t)16 << 20;
  o->random = -1;
  o->threads = 1;
  o->multipv = 1;
  o->pvs = o->aspiration = o->killers = o->history = o->null_move = o->lmr = o->quiescence = 1;
  o->probcut = -1;
  o->check_ext = o->lmp = o->lmr_table = o->countermove = o->iir = 1;
  o->cont_history = 0;   /* not measured positive (doc/search.md) */
  o->singular = 0;       /* not measured positive either */
  o->see = 100, o->rfp = 80, o->futility = 100;   /* centipawns per ply in chess */
}

static void *state_at(search_ctx *x, int ply) {
  return x->states + (size_t)ply * x->nsize;
}

static sg_move *moves_at(search_ctx *x, int ply) {
  return x->moves + (size_t)ply * (size_t)x->c->max_moves;
}

static void ctx_free(search_ctx *x) {
  free(x->states);
  free(x->moves);
  free(x->keys);
  free(x->noisy);
  free(x->order);
  free(x->rootvals);
  free(x->symkeys);
  free(x->scratch);
  free(x->full);
  free(x->pv);
  free(x->path);
  free(x->history);
  free(x->counter);
  free(x->lmr_red);
  free(x->cont);
  free(x->quiets);
  free(x->lines);
  free(x->merged);
  free(x->failed);
  tt_free(&x->own);
  driver_free(&x->dr);
}

void search_memory_clear(search_memory *m) {
  m->searches = 0;
}

void search_memory_free(search_memory *m) {
  free(m->cont);
  m->cont = NULL, m->ncont = 0, m->searches = 0;
}

/* The tables a search starts from: the last search's in m, each history entry halved (older
   cut-offs count for less, and a table that has grown towards HIST_MAX over a game is brought
   back), the countermoves as they were; empty ones when m is NULL or empty. */
static void memory_recall(search_ctx *x, const search_memory *m) {
  if (!m || m->searches == 0)
    return;
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < HIST_SIZE; b++) {
      x->history[a][b] = m->history[a][b] / 2;
      x->counter[a][b] = m->counter[a][b];
    }
  size_t ncont = (size_t)4 * (size_t)x->npt * (size_t)x->npt;
  if (x->use_cont && m->cont && m->ncont == ncont)
    for (size_t i = 0; i < ncont; i++)
      x->cont[i] = m->cont[i] / 2;
}

/* Room in m for the continuation history of search x (before the search: nothing is allocated
   within it); 0, or -1 when out of memory. */
static int memory_reserve(const search_ctx *x, search_memory *m) {
  size_t ncont = (size_t)4 * (size_t)x->npt * (size_t)x->npt;
  if (!x->use_cont || m->ncont == ncont)
    return 0;
  int *cont = realloc(m->cont, ncont * sizeof *cont);
  if (!cont)
    return -1;
  m->cont = cont, m->ncont = ncont, m->searches = 0;   /* another size: what it held is gone */
  return 0;
}

/* Leave search x's tables in m for the next search. */
static void memory_keep(const search_ctx *x, search_memory *m) {
  memcpy(m->history, x->history, sizeof m->history);
  memcpy(m->counter, x->counter, sizeof m->counter);
  if (x->use_cont)
    memcpy(m->cont, x->cont, m->ncont * sizeof *m->cont);
  m->searches++;
}

/* shared: the threads' table, or NULL for a table of the search's own. */
static int ctx_init(search_ctx *x, const sg_class *c, const void *cfg, const void *st,
                    const search_opts *o, tt_table *shared, char *err) {
  memset(x, 0, sizeof *x);
  x->c = c, x->cfg = cfg, x->o = o, x->ssize = c->state_size;
  x->nodemode = c->node.size > 0 && c->node.make && c->node.gen;
  x->nsize = x->nodemode ? c->node.size : x->ssize;
  const uint64_t *hist = NULL;
  if (x->nodemode && c->node.history)
    x->nhist = c->node.history(cfg, st, &hist);
  size_t mm = (size_t)c->max_moves, np = SEARCH_MAX_PLY + 1;
  x->states = malloc(np * x->nsize);
  x->moves = malloc(np * mm * sizeof(sg_move));
  x->keys = malloc(np * mm * sizeof(int));
  x->noisy = malloc(np * mm);
  x->order = malloc(mm * sizeof(int));
  x->rootvals = malloc(mm * sizeof(int));
  x->symkeys = malloc(mm * sizeof(uint64_t));
  x->scratch = malloc(2 * x->ssize);
  x->full = malloc(4 * x->ssize);
  x->pv = malloc((size_t)SEARCH_MAX_PLY * SEARCH_MAX_PLY * sizeof(sg_move));
  x->path = malloc(((size_t)x->nhist + np + 1) * sizeof(uint64_t));
  x->history = calloc(2, sizeof *x->history);
  x->counter = malloc(2 * sizeof *x->counter);
  x->lmr_red = malloc(LMR_N * sizeof *x->lmr_red);
  x->use_cont = o->cont_history && c->piece_to && c->npiece_to > 0;
  if (x->use_cont) {
    x->npt = c->npiece_to;
    x->cont = calloc((size_t)4 * (size_t)x->npt * (size_t)x->npt, sizeof *x->cont);
    x->quiets = malloc((SEARCH_MAX_PLY + 1) * CONT_QUIETS * sizeof *x->quiets);
  }
  x->multipv = o->multipv > 1 ? o->multipv : 1;
  if (x->multipv > 1) {
    x->lines = malloc((size_t)x->multipv * sizeof *x->lines);
    x->merged = malloc((size_t)x->multipv * sizeof *x->merged);
  }
  if (o->report)
    x->failed = malloc(sizeof *x->failed);
  if (driver_init(&x->dr, o, c->max_moves, err) != 0 || !x->states || !x->moves || !x->keys ||
      !x->noisy || !x->order || !x->rootvals || !x->symkeys || !x->scratch || !x->full ||
      !x->pv || !x->path || !x->history || !x->counter || !x->lmr_red ||
      (x->use_cont && (!x->cont || !x->quiets)) || (x->multipv > 1 && (!x->lines || !x->merged)) || (o->report && !x->failed) ||
      (!shared && tt_init(&x->own, o->hash_bytes) != 0)) {
    ctx_free(x);
    snprintf(err, SG_ERRLEN, "search: out of memory (hash table of %zu bytes asked)",
             o->hash_bytes);
    return -1;
  }
  x->tt = shared ? shared : &x->own;
  x->shared = shared != NULL;
  if (x->nhist)
    memcpy(x->path, hist, (size_t)x->nhist * sizeof(uint64_t));
  memcpy(x->states, st, x->nsize);
  x->root = c->to_move(cfg, st);
  x->first = NO_MOVE;
  x->use_pvs = o->pvs;
  x->use_killers = o->killers;
  x->use_history = o->history;
  x->use_null = o->null_move && c->null_move;
  x->use_lmr = o->lmr && o->pvs;   /* a reduced move is re-searched through the null window */
  x->use_quiesce = o->quiescence;
  x->probcut = o->pvs ? o->probcut : -1;   /* it needs null windows to tell PV nodes */
  for (int i = 0; i <= SEARCH_MAX_PLY; i++)
    x->killer[i][0] = x->killer[i][1] = NO_MOVE;
  for (int i = 0; i < SEARCH_MAX_PLY + 2; i++)
    x->played[i] = NO_MOVE, x->sev[i] = NO_EVAL, x->pt[i] = -1, x->ptmover[i] = 0;
  for (int i = 0; i <= SEARCH_MAX_PLY; i++)
    x->excluded[i] = NO_MOVE;
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < HIST_SIZE; b++)
      x->counter[a][b] = NO_MOVE;
  /* Reductions grow with the logarithms of the depth and of the move's place (Stockfish's
     form of 2013): 0.75 + ln d ln i / 2.25. */
  for (int d = 0; d < LMR_N; d++)
    for (int i = 0; i < LMR_N; i++)
      x->lmr_red[d][i] = d && i ? (unsigned char)(0.75 + log(d) * log(i) / 2.25) : 0;
  int see = c->see != NULL;
  x->use_check_ext = o->check_ext;
  x->see = see ? o->see : -1;
  x->rfp = see ? o->rfp : -1;
  x->futility = see ? o->futility : -1;
  x->use_lmp = see && o->lmp;
  x->use_lmr_table = see && o->lmr_table;
  x->use_counter = see && o->countermove;
  x->use_iir = see && o->iir;
  x->use_singular = see && o->singular;
  memory_recall(x, o->keep_history ? o->memory : NULL);
  return 0;
}

static int probe(search_ctx *x, uint64_t key, tt_entry *out) {
  if (x->shared) {
    if (!tt_probe_shared(x->tt, key, out))
      return 0;
  } else {
    const tt_entry *e = tt_probe(x->tt, key);
    if (!e)
      return 0;
    *out = *e;
  }
  x->hits++;
  return 1;
}

static void store(search_ctx *x, uint64_t key, sg_move m, int score, int depth, int bound) {
  if (x->shared)
    tt_store_shared(x->tt, key, m, score, depth, bound);
  else
    tt_store(x->tt, key, m, score, depth, bound);
}

static int to_tt(int v, int ply) {
  return v > WIN_BOUND ? v + ply : v < -WIN_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply) {
  return v > WIN_BOUND ? v - ply : v < -WIN_BOUND ? v + ply : v;
}

/* The static value of st for the player to move. */
static int evaluate(search_ctx *x, const void *st, int me) {
  if (x->o->eval_fn) {
    int stop = 0, v = x->o->eval_fn(x->o->eval_ud, st, &stop);
    if (stop && !x->dr.stop)
      x->dr.stop = SEARCH_INTERRUPTED;
    return v > SG_EVAL_MAX - 1 ? SG_EVAL_MAX - 1 : v < -SG_EVAL_MAX + 1 ? -SG_EVAL_MAX + 1 : v;
  }
  int scores[SG_MAX_PLAYERS];
  x->c->eval(x->cfg, st, scores);
  return scores[me];
}

/* The value of a finished game for player `me`, or 0 with *over = 0 when it goes on.  In node
   mode only the draws by rule are seen here (a lost position shows when it has no move). */
static int node_end(search_ctx *x, const void *st, int me, int ply, int *over) {
  if (x->nodemode) {
    *over = x->c->node.draw && x->c->node.draw(x->cfg, st, x->path, x->nhist + ply);
    return 0;
  }
  int winner;
  sg_status s = x->c->status(x->cfg, st, &winner);
  *over = s != SG_PLAYING;
  if (*over && x->c->end_margin) {
    int m = x->c->end_margin(x->cfg, st, me);
    return m > 0 ? SG_WIN_MARGIN + m : m < 0 ? -(SG_WIN_MARGIN - m) : 0;
  }
  if (s == SG_WON)
    return winner == me ? SG_WIN - ply : -(SG_WIN - ply);
  return 0;
}

static int gen_at(search_ctx *x, const void *st, sg_move *out) {
  return x->nodemode ? x->c->node.gen(x->cfg, st, out) : x->c->gen(x->cfg, st, out);
}

/* The ordering key of move m: noisy moves by the game's tactical key (*noisy = 1), quiet ones
   0 (*noisy = 0; killers and history come on top of it). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))   /* called for every move of a node: no call of its own */
#endif
static inline int tactical_key(search_ctx *x, const void *st, sg_move m, unsigned char *noisy) {
  int t = 0;
  *noisy = x->c->tactical && x->c->tactical(x->cfg, st, m, &t);
  return !*noisy ? 0 : t >= 0 ? KEY_NOISY + t : KEY_BAD + t;
}

/* dst = src after m (dst and src are nodes). */
static void play_into(search_ctx *x, void *dst, const void *src, sg_move m) {
  memcpy(dst, src, x->nsize);
  if (x->nodemode)
    x->c->node.make(x->cfg, dst, m);
  else
    x->c->play(x->cfg, dst, m);
}

/* Keep the best k moves by the static value of the position each one leads to. */
static int beam_filter(search_ctx *x, const void *st, sg_move *ms, int n, int k, int ply) {
  const sg_class *c = x->c;
  int me = c->to_move(x->cfg, st);
  void *child = x->scratch;
  for (int i = 0; i < n; i++) {
    int over;
    play_into(x, child, st, ms[i]);
    int v = node_end(x, child, me, ply + 1, &over);
    if (!over)
      v = c->to_move(x->cfg, child) == me ? evaluate(x, child, me)
                                          : -evaluate(x, child, c->to_move(x->cfg, child));
    /* insertion sort, best first, stable */
    int j = i;
    sg_move m = ms[i];
    while (j > 0 && x->order[j - 1] < v) {
      x->order[j] = x->order[j - 1];
      ms[j] = ms[j - 1];
      j--;
    }
    x->order[j] = v;
    ms[j] = m;
  }
  if (k < n) {
    x->beamcut = 1;
    return k;
  }
  return n;
}

/* Continuation history: the row of entries for moves by `me` at ply after the move that led
   to ply - back + 1 (back 1: the opponent's last move, 2: the mover's own before it), or NULL
   when there is none (the root, a pass, off). */
static int *cont_row(search_ctx *x, int ply, int me, int back) {
  int at = ply + 1 - back;
  if (!x->use_cont || at < 1 || x->pt[at] < 0)
    return NULL;
  size_t pair = (size_t)((me & 1) * 2 + (x->ptmover[at] & 1));
  return x->cont + (pair * (size_t)x->npt + (size_t)x->pt[at]) * (size_t)x->npt;
}

/* The piece_to index of m, -1 when the game gives one out of range. */
static int piece_to(search_ctx *x, sg_move m) {
  int i = x->c->piece_to(x->cfg, m);
  return i >= 0 && i < x->npt ? i : -1;
}

/* What continuation history says of m's piece_to index i at ply: twice the answer to the
   opponent's last move plus the answer to the mover's own (0 off). */
static int cont_score(search_ctx *x, int ply, int me, int i) {
  const int *r1 = cont_row(x, ply, me, 1), *r2 = cont_row(x, ply, me, 2);
  return i < 0 ? 0 : (r1 ? 2 * r1[i] : 0) + (r2 ? r2[i] : 0);
}

/* Move an entry towards +-CONT_MAX by bonus (the "gravity" update: large entries move less). */
static void cont_add(int *e, int bonus) {
  int a = bonus < 0 ? -bonus : bonus;
  *e += bonus - (int)((int64_t)*e * a / CONT_MAX);
}

/* Moves of the node at ply, filtered by the game's pruning, symmetry and beam, with their
   ordering keys; returns their number. */
static int node_moves(search_ctx *x, const void *st, int ply, sg_move ttmove) {
  const sg_class *c = x->c;
  sg_move *ms = moves_at(x, ply);
  int *keys = x->keys + (size_t)ply * (size_t)c->max_moves;
  unsigned char *noisy = x->noisy + (size_t)ply * (size_t)c->max_moves;
  int me = c->to_move(x->cfg, st);
  int n = gen_at(x, st, ms);
  if (n > 1 && search_prunes(x->o, c, me, x->root))
    n = c->prune(x->cfg, st, ms, n);
  if (c->order && !c->tactical)
    c->order(x->cfg, st, ms, n);
  if (x->o->symmetry && c->nsym > 1 && !x->nodemode)
    n = game_distinct(c, x->cfg, st, ms, n, x->scratch, x->symkeys);
  int beam = ply < x->o->nbeam && x->o->beam[ply] > 0 && n > x->o->beam[ply];
  if (beam)
    n = beam_filter(x, st, ms, n, x->o->beam[ply], ply);
  const int *hist = x->history[me & 1];
  sg_move prev = x->played[ply];
  sg_move counter = x->use_counter && prev != NO_MOVE ? x->counter[me & 1][prev & (HIST_SIZE - 1)]
                                                      : NO_MOVE;
  const int *c1 = cont_row(x, ply, me, 1), *c2 = cont_row(x, ply, me, 2);
  int t = -1;   /* the table move's index */
  x->sorted[ply] = 0;
  for (int i = 0; i < n; i++) {
    sg_move m = ms[i];
    int k = tactical_key(x, st, m, &noisy[i]);
    if (!noisy[i]) {
      if (x->use_killers && m == x->killer[ply][0])
        k = KEY_KILLER;
      else if (x->use_killers && m == x->killer[ply][1])
        k = KEY_KILLER - 1;
      else if (m == counter)
        k = KEY_COUNTER;
      else {
        if (x->use_history)
          k = hist[m & (HIST_SIZE - 1)];
        if (c1 || c2) {
          int pt = piece_to(x, m);
          if (pt >= 0)
            k += (c1 ? 2 * c1[pt] : 0) + (c2 ? c2[pt] : 0);
        }
      }
    }
    if (m == ttmove)
      k = KEY_TT, t = i;
    keys[i] = beam ? (m == ttmove ? KEY_TT : -i) : k;
  }
  if (t > 0) {   /* the table move first, the others in their order: as pick would do it */
    sg_move m = ms[t];
    unsigned char f = noisy[t];
    memmove(ms + 1, ms, (size_t)t * sizeof *ms);
    memmove(keys + 1, keys, (size_t)t * sizeof *keys);
    memmove(noisy + 1, noisy, (size_t)t);
    ms[0] = m, keys[0] = KEY_TT, noisy[0] = f;
  }
  return n;
}

/* Sort n moves by their keys, highest first, keeping the order of equal keys (insertion):
   the order the selection in pick gives them one by one. */
static void sort_moves(sg_move *ms, int *keys, unsigned char *noisy, int n) {
  for (int j = 1; j < n; j++) {
    int k = keys[j], h = j;
    if (k <= keys[j - 1])
      continue;
    sg_move m = ms[j];
    unsigned char f = noisy[j];
    while (h > 0 && keys[h - 1] < k) {
      ms[h] = ms[h - 1], keys[h] = keys[h - 1], noisy[h] = noisy[h - 1];
      h--;
    }
    ms[h] = m, keys[h] = k, noisy[h] = f;
  }
}

/* Bring the best remaining move of the ply to position i (selection: cut-offs come early). */
static sg_move pick(search_ctx *x, int ply, int n, int i) {
  size_t base = (size_t)ply * (size_t)x->c->max_moves;
  sg_move *ms = x->moves + base;
  int *keys = x->keys + base;
  unsigned char *noisy = x->noisy + base;
  if (keys[i] == KEY_TT || x->sorted[ply])   /* the table move (none is above it), or the
                                                 rest sorted already */
    return ms[i];
  if (i >= PICK_SORT) {   /* many moves searched (an all-node): sort the rest once */
    sort_moves(ms + i, keys + i, noisy + i, n - i);
    x->sorted[ply] = 1;
    return ms[i];
  }
  int b = i;
  for (int j = i + 1; j < n; j++)
    if (keys[j] > keys[b])
      b = j;
  if (b != i) {
    sg_move m = ms[b];
    int k = keys[b];
    unsigned char f = noisy[b];
    memmove(ms + i + 1, ms + i, (size_t)(b - i) * sizeof *ms);
    memmove(keys + i + 1, keys + i, (size_t)(b - i) * sizeof *keys);
    memmove(noisy + i + 1, noisy + i, (size_t)(b - i));
    ms[i] = m, keys[i] = k, noisy[i] = f;
  }
  return ms[i];
}

void search_move_first(sg_move *ms, int n, sg_move ttmove) {
  if (ttmove == NO_MOVE)
    return;
  for (int i = 1; i < n; i++)
    if (ms[i] == ttmove) {
      memmove(ms + 1, ms, (size_t)i * sizeof(sg_move));
      ms[0] = ttmove;
      return;
    }
}

void search_pv_update(sg_move *pv, int *pvlen, int ply, sg_move m) {
  sg_move *row = pv + (size_t)ply * SEARCH_MAX_PLY;
  const sg_move *next = pv + (size_t)(ply + 1) * SEARCH_MAX_PLY;
  row[0] = m;
  int n = ply + 1 < SEARCH_MAX_PLY ? pvlen[ply + 1] : 0;
  if (n > SEARCH_MAX_PLY - 1)
    n = SEARCH_MAX_PLY - 1;
  memcpy(row + 1, next, (size_t)n * sizeof(sg_move));
  pvlen[ply] = n + 1;
}

static void pv_update(search_ctx *x, int ply, sg_move m) {
  search_pv_update(x->pv, x->pvlen, ply, m);
}

/* The threads' table of positions being searched: a slot holds a key (odd) or 0. */
static int busy_test(const search_ctx *x, uint64_t k) {
  return __atomic_load_n(&x->busy[k & (SEARCH_BUSY - 1)], __ATOMIC_RELAXED) == k;
}

static void busy_set(search_ctx *x, uint64_t k) {
  __atomic_store_n(&x->busy[k & (SEARCH_BUSY - 1)], k, __ATOMIC_RELAXED);
}

static void busy_clear(search_ctx *x, uint64_t k) {
  uint64_t want = k;   /* only this key: another may have taken the slot since */
  __atomic_compare_exchange_n(&x->busy[k & (SEARCH_BUSY - 1)], &want, 0, 0, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
}

static int negamax(search_ctx *x, int ply, int depth, int alpha, int beta, int null_ok);
static int qsearch(search_ctx *x, int ply, int qply, int alpha, int beta);

/* The value of the child at ply+1 for the player `me` to move at ply: a player who moves
   again keeps the sign and the window. */
static int child_value(search_ctx *x, int ply, int me, int depth, int alpha, int beta) {
  const void *child = state_at(x, ply + 1);
  if (x->c->to_move(x->cfg, child) == me)
    return negamax(x, ply + 1, depth, alpha, beta, 1);
  return -negamax(x, ply + 1, depth, -beta, -alpha, 1);
}

static int child_qvalue(search_ctx *x, int ply, int me, int qply, int alpha, int beta) {
  const void *child = state_at(x, ply + 1);
  if (x->c->to_move(x->cfg, child) == me)
    return qsearch(x, ply + 1, qply, alpha, beta);
  return -qsearch(x, ply + 1, qply, -beta, -alpha);
}

static int qsearch_node(search_ctx *x, int ply, int qply, int alpha, int beta, int incheck);

/* Quiescence: the position as it stands (stand pat) against its noisy moves; in check, every
   evasion. */
static int qsearch(search_ctx *x, int ply, int qply, int alpha, int beta) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int over, v = node_end(x, st, c->to_move(x->cfg, st), ply, &over);
  if (over) {
    x->dr.nodes++;
    return v;
  }
  return qsearch_node(x, ply, qply, alpha, beta, c->in_check && c->in_check(x->cfg, st));
}

/* The same once the end of the game and check are known (negamax knows them). */
static int qsearch_node(search_ctx *x, int ply, int qply, int alpha, int beta, int incheck) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int me = c->to_move(x->cfg, st), v;
  x->dr.nodes++;
  x->pvlen[ply] = 0;
  x->dr.horizon = x->dr.leaf = 1;
  if (ply > x->seldepth)
    x->seldepth = ply;
  if (driver_spent(&x->dr))
    return 0;
  if (ply >= SEARCH_MAX_PLY - 1)
    return evaluate(x, st, me);
  sg_move *ms = moves_at(x, ply);
  int *keys = x->keys + (size_t)ply * (size_t)c->max_moves;
  int n, best = -SG_INF;
  if (incheck) {
    n = gen_at(x, st, ms);
    if (n == 0)
      return x->nodemode ? -(SG_WIN - ply) : evaluate(x, st, me);
  } else {
    int stand = evaluate(x, st, me);
    if (stand >= beta)
      return stand;
    if (stand > alpha)
      alpha = stand;
    best = stand;
    n = c->noisy(x->cfg, st, ms, qply);
  }
  unsigned char *noisy = x->noisy + (size_t)ply * (size_t)c->max_moves;
  for (int i = 0; i < n; i++)
    keys[i] = tactical_key(x, st, ms[i], &noisy[i]);
  x->sorted[ply] = 0;
  if (x->nodemode)
    x->path[x->nhist + ply] = c->hash(x->cfg, st);
  for (int i = 0; i < n; i++) {
    sg_move m = pick(x, ply, n, i);
    if (!incheck && keys[i] < 0)
      break;   /* losing captures (the rest, in key order) do not change a quiet verdict */
    play_into(x, state_at(x, ply + 1), st, m);
    v = child_qvalue(x, ply, me, qply + 1, alpha, beta);
    if (x->dr.stop)
      return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        pv_update(x, ply, m);
        if (v >= beta)
          break;
      }
    }
  }
  return best;
}

/* nq: the quiet moves searched at ply before m (their piece_to in x->quiets). */
static void note_cutoff(search_ctx *x, int ply, int me, sg_move m, int depth, int nq) {
  if (x->use_cont) {
    int bonus = (12 * depth + 282) * depth - 349;   /* Stockfish 15's stat bonus */
    if (bonus > 1594)
      bonus = 1594;
    int pm = piece_to(x, m);
    const int *q = x->quiets + (size_t)ply * CONT_QUIETS;
    for (int back = 1; back <= 2; back++) {
      int *row = cont_row(x, ply, me, back);
      if (!row)
        continue;
      if (pm >= 0)
        cont_add(&row[pm], bonus);
      for (int j = 0; j < nq; j++)
        if (q[j] >= 0 && q[j] != pm)
          cont_add(&row[q[j]], -bonus);
    }
  }
  if (x->use_killers && x->killer[ply][0] != m)
    x->killer[ply][1] = x->killer[ply][0], x->killer[ply][0] = m;
  if (x->use_counter && x->played[ply] != NO_MOVE)
    x->counter[me & 1][x->played[ply] & (HIST_SIZE - 1)] = m;
  if (x->use_history) {
    int *h = &x->history[me & 1][m & (HIST_SIZE - 1)];
    *h += depth * depth;
    if (*h > HIST_MAX)
      for (int a = 0; a < 2; a++)
        for (int b = 0; b < HIST_SIZE; b++)
          x->history[a][b] /= 2;
  }
}

/* Whether a move of a shallow node (not the first, not in check, some move already scoring
   above a loss) is skipped: a late quiet move (lmp), a quiet move that cannot lift the static
   value to alpha (futility), or a move that loses material by exchange (see).  Quiet moves
   that give check are searched. */
static int shallow_skip(search_ctx *x, const void *st, sg_move m, int noisy, int key, int k,
                        int depth, int alpha, int pvnode, int sev, int improving) {
  const sg_class *c = x->c;
  if (noisy)   /* a capture the ordering found losing (key < 0) losing more than see x depth */
    return x->see >= 0 && key < 0 && c->see(x->cfg, st, m) < -x->see * depth;
  int lmp = x->use_lmp && !pvnode && k >= (3 + depth * depth) / (2 - improving);
  int fut = x->futility >= 0 && !pvnode && sev != NO_EVAL && alpha < WIN_BOUND &&
            sev + x->futility * (depth + 1) <= alpha;
  /* the exchange last: it costs the most */
  if (!lmp && !fut && !(x->see >= 0 && c->see(x->cfg, st, m) < -(x->see / 4) * depth * depth))
    return 0;
  /* a quiet check is searched all the same */
  if (c->gives_check)
    return !c->gives_check(x->cfg, st, m);
  void *child = x->scratch;
  play_into(x, child, st, m);
  return !(c->in_check && c->in_check(x->cfg, child));
}

/* The late move reduction of a quiet move at place i: the table's, one less at the principal
   variation, one more when the mover's position is not improving, one less for a move with a
   good history; at least 1 and leaving at least a ply. */
static int table_reduction(search_ctx *x, int ply, int me, sg_move m, int depth, int i,
                           int pvnode, int improving) {
  int r = x->lmr_red[depth < LMR_N ? depth : LMR_N - 1][i < LMR_N ? i : LMR_N - 1];
  r += !improving - pvnode;
  if (x->use_history && x->history[me & 1][m & (HIST_SIZE - 1)] >= HIST_MAX / 64)
    r--;
  if (x->use_cont) {   /* continuation history: up to two plies less, or more */
    int cs = cont_score(x, ply, me, piece_to(x, m)) / (CONT_MAX / 2);
    r -= cs > 2 ? 2 : cs < -2 ? -2 : cs;
  }
  if (r > depth - 2)
    r = depth - 2;
  return r < 1 ? 1 : r;
}

static int negamax(search_ctx *x, int ply, int depth, int alpha, int beta, int null_ok) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int me = c->to_move(x->cfg, st), over;
  int pvnode = !x->use_pvs || beta - alpha > 1;
  x->pvlen[ply] = 0;
  int v = node_end(x, st, me, ply, &over);
  if (over) {
    x->dr.nodes++;
    return v;
  }
  int incheck = c->in_check && c->in_check(x->cfg, st);
  if (incheck && x->use_check_ext && ply < x->quiet_limit)
    depth++;   /* check extension */
  if (depth <= 0 && x->use_quiesce) {
    if (c->noisy)
      return qsearch_node(x, ply, 0, alpha, beta, incheck);
    if (c->unquiet && ply < SEARCH_MAX_PLY - 1 && ply < x->quiet_limit && c->unquiet(x->cfg, st))
      depth = 1;   /* in the middle of an exchange: look one move further */
  }
  x->dr.nodes++;
  if (ply > x->seldepth)
    x->seldepth = ply;
  if (driver_spent(&x->dr))
    return 0;
  if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1) {
    x->dr.horizon = 1;
    x->dr.leaf = 1;
    return evaluate(x, st, me);
  }
  /* mate distance: no line from here beats a win at the next ply or loses faster than now */
  if (ply > 0) {
    int lo = -(SG_WIN - ply), hi = SG_WIN - ply - 1;
    if (alpha < lo)
      alpha = lo;
    if (beta > hi)
      beta = hi;
    if (alpha >= beta)
      return alpha;
  }

  uint64_t key = c->hash(x->cfg, st);
  sg_move ttmove = NO_MOVE, excluded = x->excluded[ply];
  tt_entry te;
  int have_te = 0;
  if (excluded != NO_MOVE) {
    /* a singular extension's search of the other moves: no cut-off from the table, whose
       entry is this node's with the move left out */
  } else if (probe(x, key, &te)) {
    const tt_entry *e = &te;
    ttmove = e->move;
    have_te = 1;
    if (e->depth >= depth && (!x->dr.exact_only || e->depth == TT_DEPTH_EXACT) &&
        (!pvnode || !x->use_pvs || e->depth == TT_DEPTH_EXACT)) {
      int tv = from_tt(e->score, ply);
      if (e->bound == TT_EXACT || (e->bound == TT_LOWER && tv >= beta) ||
          (e->bound == TT_UPPER && tv <= alpha)) {
        if (e->depth != TT_DEPTH_EXACT)
          x->dr.horizon = 1;
        return tv;
      }
    }
  }
  if (x->nodemode)
    x->path[x->nhist + ply] = key;

  /* The static value, once, for the pruning below; improving: better than at the mover's
     last turn (two plies up), which makes the pruning more careful. */
  int sev = NO_EVAL, improving = 0, shallow = !x->dr.exact_only && !x->in_probcut && ply > 0;
  int forward = excluded == NO_MOVE;   /* node-level pruning: not in a singular search */
  if (!incheck && (x->use_null || x->rfp >= 0 || x->futility >= 0 || x->use_lmr_table)) {
    sev = evaluate(x, st, me);
    improving = ply >= 2 && x->sev[ply - 2] != NO_EVAL && sev > x->sev[ply - 2];
  }
  x->sev[ply] = sev;

  /* reverse futility: well above beta by a margin that grows with the depth, the node is
     expected to fail high (its value is the static one, never exact) */
  if (x->rfp >= 0 && shallow && forward && !pvnode && sev != NO_EVAL && depth <= RFP_DEPTH &&
      beta > -WIN_BOUND && sev < WIN_BOUND && sev - x->rfp * (depth - improving) >= beta) {
    x->dr.horizon = 1;
    return sev;
  }

  /* internal iterative reduction: no table move to try first, a ply less */
  if (x->use_iir && forward && ttmove == NO_MOVE && depth >= IIR_DEPTH && !x->dr.exact_only)
    depth--;

  /* null move: when passing still fails high, a real move will too */
  if (x->use_null && forward && !pvnode && null_ok && !incheck && depth >= 3 && ply > 0 &&
      beta > -WIN_BOUND && beta < WIN_BOUND && sev >= beta) {
    void *child = state_at(x, ply + 1);
    memcpy(child, st, x->nsize);
    x->played[ply + 1] = NO_MOVE;
    x->pt[ply + 1] = -1;
    if (c->null_move(x->cfg, child)) {
      int r = 2 + depth / 4, outer = x->dr.horizon;
      v = c->to_move(x->cfg, child) == me
              ? negamax(x, ply + 1, depth - 1 - r, beta - 1, beta, 0)
              : -negamax(x, ply + 1, depth - 1 - r, -beta, -beta + 1, 0);
      if (x->dr.stop)
        return 0;
      if (v >= beta) {
        x->dr.horizon = 1;   /* a pass is no move: the verdict is never exact */
        return v > WIN_BOUND ? beta : v;
      }
      x->dr.horizon = outer;
    }
  }

  /* ProbCut (Buro): away from the principal variation, a search of about a quarter of the
     depth (same parity) whose value clears beta, or falls below alpha, by the margin
     predicts that the full depth would too, and the node is cut. */
  if (x->probcut >= 0 && forward && !x->in_probcut && !x->dr.exact_only && !pvnode && !incheck &&
      depth >= 4 && ply > 0) {
    int d2 = depth / 4 * 2 + (depth & 1), pc = x->probcut, outer = x->dr.horizon, h;
    int leaf = x->dr.leaf;   /* the shallow searches' leaves are not the iteration's */
    if (beta < WIN_BOUND - pc) {
      int b = beta + pc;
      x->dr.horizon = 0;
      x->in_probcut = 1;
      v = negamax(x, ply, d2, b - 1, b, null_ok);
      x->in_probcut = 0;
      x->dr.leaf = leaf;
      if (x->dr.stop)
        return 0;
      h = x->dr.horizon;
      x->dr.horizon = outer | h;
      if (v >= b)
        return h ? beta : v;   /* a shallow search that saw no horizon was exact */
    }
    if (alpha > -WIN_BOUND + pc) {
      int a = alpha - pc;
      x->dr.horizon = 0;
      x->in_probcut = 1;
      v = negamax(x, ply, d2, a, a + 1, null_ok);
      x->in_probcut = 0;
      x->dr.leaf = leaf;
      if (x->dr.stop)
        return 0;
      h = x->dr.horizon;
      x->dr.horizon = outer | h;
      if (v <= a)
        return h ? alpha : v;
    }
    x->dr.horizon = outer;
  }

  /* Singular extension: when the table's move holds a lower bound from a search not much
     shallower, search the other moves to half the depth with a window just below its score;
     if all fail low, the table move alone holds the position and is searched a ply deeper.
     If they beat beta too, several moves do (multi-cut): the node is cut. */
  int ext = 0;
  if (x->use_singular && forward && have_te && ttmove != NO_MOVE && ply > 0 &&
      depth >= SE_DEPTH && !x->dr.exact_only && !x->in_probcut && ply < x->quiet_limit &&
      (te.bound == TT_LOWER || te.bound == TT_EXACT) && te.depth >= depth - SE_TT_DEPTH) {
    int tv = from_tt(te.score, ply);
    if (tv > -WIN_BOUND && tv < WIN_BOUND) {
      int sbeta = tv - 2 * depth, outer = x->dr.horizon, leaf = x->dr.leaf;
      x->excluded[ply] = ttmove;
      v = negamax(x, ply, (depth - 1) / 2, sbeta - 1, sbeta, 0);
      x->excluded[ply] = NO_MOVE;
      x->dr.leaf = leaf;
      x->dr.horizon = outer;
      if (x->dr.stop)
        return 0;
      if (v < sbeta)
        ext = 1;
      else if (sbeta >= beta) {
        x->dr.horizon = 1;   /* a reduced search's verdict: never exact */
        return sbeta;
      }
    }
  }

  int n = node_moves(x, st, ply, ttmove);
  if (n == 0) {
    if (excluded != NO_MOVE)
      return alpha;
    if (x->nodemode)   /* no move: lost in check, drawn otherwise */
      return incheck ? -(SG_WIN - ply) : 0;
    return evaluate(x, st, me);   /* a standstill the game does not end: score it statically */
  }
  sg_move *ms = moves_at(x, ply);
  unsigned char *noisy = x->noisy + (size_t)ply * (size_t)c->max_moves;
  int alpha0 = alpha, best = -SG_INF, outer_horizon = x->dr.horizon;
  sg_move bestmove = NO_MOVE;
  x->dr.horizon = 0;
  void *child = state_at(x, ply + 1);
  /* Threads: a move (not the first) into a position another thread is searching waits until
     the node's other moves are done, so that the threads spread over the tree instead of
     repeating each other (simplified ABDADA); its index in the ply's lists goes to later[]. */
  int defer = x->busy && depth >= DEFER_DEPTH, nlater = 0, later[SEARCH_DEFER_MAX];
  int *keys = x->keys + (size_t)ply * (size_t)c->max_moves;
  int prune = shallow && !incheck && depth <= SHALLOW, nq = 0;
  int *quiets = x->use_cont ? x->quiets + (size_t)ply * CONT_QUIETS : NULL;
  for (int k = 0; k < n + nlater; k++) {
    int i = k < n ? k : later[k - n];
    sg_move m = k < n ? pick(x, ply, n, k) : ms[i];
    if (m == excluded)
      continue;
    if (prune && k > 0 && k < n && best > -WIN_BOUND && shallow_skip(x, st, m, noisy[i], keys[i],
                                                                     k, depth, alpha, pvnode,
                                                                     sev, improving)) {
      x->dr.horizon = 1;   /* a move left unsearched: the value is no longer exact */
      continue;
    }
    play_into(x, child, st, m);
    x->played[ply + 1] = m;
    if (x->use_cont)
      x->pt[ply + 1] = piece_to(x, m), x->ptmover[ply + 1] = me;
    uint64_t bkey = 0;
    if (defer) {
      bkey = c->hash(x->cfg, child) | 1;
      if (k > 0 && k < n && nlater < SEARCH_DEFER_MAX && busy_test(x, bkey)) {
        later[nlater++] = k;
        continue;
      }
      busy_set(x, bkey);
    }
    if (i == 0 || !x->use_pvs)
      v = child_value(x, ply, me, depth - 1 + (m == ttmove ? ext : 0), alpha, beta);
    else {
      int red = 0;
      if (x->use_lmr && depth >= 3 && i >= 3 && !noisy[i] && !incheck &&
          m != x->killer[ply][0] && m != x->killer[ply][1] &&
          !(c->in_check && c->in_check(x->cfg, child))) {
        if (x->use_lmr_table)
          red = table_reduction(x, ply, me, m, depth, i, pvnode, improving);
        else {
          red = 1 + (i >= 8) + (depth >= 8);
          if (pvnode && red > 1)
            red--;
        }
      }
      v = child_value(x, ply, me, depth - 1 - red, alpha, alpha + 1);
      if (v > alpha && red && !x->dr.stop)
        v = child_value(x, ply, me, depth - 1, alpha, alpha + 1);
      if (v > alpha && v < beta && !x->dr.stop)
        v = child_value(x, ply, me, depth - 1, alpha, beta);
    }
    if (defer)
      busy_clear(x, bkey);
    if (x->dr.stop)
      return 0;
    if (v > best) {
      best = v, bestmove = m;
      if (v > alpha) {
        alpha = v;
        pv_update(x, ply, m);
        if (alpha >= beta) {
          if (!noisy[i])
            note_cutoff(x, ply, me, m, depth, nq);
          break;
        }
      }
    }
    if (quiets && !noisy[i] && nq < CONT_QUIETS)
      quiets[nq++] = x->pt[ply + 1];
  }
  if (excluded != NO_MOVE)
    return best == -SG_INF ? alpha : best;   /* the table's entry is not this search's */
  int bound = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
  store(x, key, bestmove == NO_MOVE ? ms[0] : bestmove, to_tt(best, ply),
           x->dr.horizon ? (depth > 254 ? 254 : depth) : TT_DEPTH_EXACT, bound);
  x->dr.horizon |= outer_horizon;
  return best;
}

/* MultiPV: leave out of the n root moves those of the lines this iteration has completed,
   with their ordering keys and noisy flags. */
static int root_exclude(search_ctx *x, int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    int taken = 0;
    for (int j = 0; j < x->nlines && !taken; j++)
      taken = x->moves[i] == x->lines[j].move;
    if (!taken) {
      x->moves[k] = x->moves[i], x->keys[k] = x->keys[i], x->noisy[k] = x->noisy[i];
      k++;
    }
  }
  return k;
}

/* Whether m is among the root moves the caller allows (all when it named none). */
static int root_allowed(const search_opts *o, sg_move m) {
  if (o->nroot_moves <= 0 || !o->root_moves)
    return 1;
  for (int i = 0; i < o->nroot_moves; i++)
    if (o->root_moves[i] == m)
      return 1;
  return 0;
}

/* Leave out of the n root moves those the caller did not allow, with their ordering keys and
   noisy flags. */
static int root_restrict(search_ctx *x, int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (root_allowed(x->o, x->moves[i])) {
      x->moves[k] = x->moves[i], x->keys[k] = x->keys[i], x->noisy[k] = x->noisy[i];
      k++;
    }
  return k;
}

/* One iteration at the root, in the window (alpha, beta).  With a random margin the window
   stays open down to best - margin, so every move within the margin gets its exact value.
   MultiPV: the moves of the lines already completed are left out, and the value found
   without them, which is not the position's, is not stored in the table. */
static int root(search_ctx *x, int depth, int alpha, int beta, sg_move first, sg_move *cand,
                int *ncand, int *completed) {
  const sg_class *c = x->c;
  void *st = state_at(x, 0);
  int me = c->to_move(x->cfg, st);
  if (x->nodemode)
    x->path[x->nhist] = c->hash(x->cfg, st);
  int incheck = c->in_check && c->in_check(x->cfg, st);
  if (incheck && x->use_check_ext)
    depth++;
  x->played[0] = NO_MOVE;
  x->sev[0] = NO_EVAL;
  int n = node_moves(x, st, 0, first);
  if (x->o->nroot_moves > 0)
    n = root_restrict(x, n);
  if (x->nlines)
    n = root_exclude(x, n);
  unsigned char *noisy = x->noisy;
  sg_move *ms = x->moves;
  int margin = x->o->random;
  int best = -SG_INF, alpha0 = alpha;
  int *vals = x->rootvals;
  x->dr.nodes++;
  x->pvlen[0] = 0;
  *completed = 0;
  void *child = state_at(x, 1);
  for (int i = 0; i < n; i++) {
    sg_move m = pick(x, 0, n, i);
    play_into(x, child, st, m);
    x->played[1] = m;
    if (x->use_cont)
      x->pt[1] = piece_to(x, m), x->ptmover[1] = me;
    int v;
    if (i == 0 || !x->use_pvs)
      v = child_value(x, 0, me, depth - 1, alpha, beta);
    else {
      /* late quiet moves are searched a ply shallower first, except where a random margin
         needs every value */
      int red = 0;
      if (x->use_lmr && margin < 0 && depth >= 3 && i >= 3 && !noisy[i] && !incheck &&
          !(c->in_check && c->in_check(x->cfg, child))) {
        red = 1 + (i >= 8) + (depth >= 8);   /* as at the other nodes of the principal line */
        if (red > 1)
          red--;
      }
      v = child_value(x, 0, me, depth - 1 - red, alpha, alpha + 1);
      if (v > alpha && red && !x->dr.stop)
        v = child_value(x, 0, me, depth - 1, alpha, alpha + 1);
      if (v > alpha && v < beta && !x->dr.stop)
        v = child_value(x, 0, me, depth - 1, alpha, beta);
    }
    if (x->dr.stop)
      break;
    vals[i] = v;
    (*completed)++;
    if (v > best) {
      best = v;
      pv_update(x, 0, m);
    }
    int lo = margin >= 0 ? best - margin - 1 : best;
    if (lo > alpha)
      alpha = lo;
    if (alpha >= beta)
      break;   /* above the aspiration window: the caller widens it */
  }
  *ncand = 0;
  for (int i = 0; i < *completed; i++)
    if (margin < 0 ? ms[i] == x->pv[0] : vals[i] >= best - margin)
      cand[(*ncand)++] = ms[i];
  if (*completed == n && n > 0 && best > -SG_INF && !x->nlines && x->o->nroot_moves <= 0)
    store(x, c->hash(x->cfg, st), x->pv[0], to_tt(best, 0),
             x->dr.horizon ? depth : TT_DEPTH_EXACT,
             best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT);
  return best;
}

/* Replace the chosen move by a random image under the board symmetries, mapping the PV. */
static void symmetric_image(search_ctx *x, const void *st, search_result *r) {
  const sg_class *c = x->c;
  sg_move *ms = x->moves;
  unsigned char *a = x->full, *b = x->full + x->ssize;
  int n = c->gen(x->cfg, st, ms), nimg = 0;
  memcpy(a, st, x->ssize);
  c->play(x->cfg, a, r->move);
  uint64_t key = game_canon_hash(c, x->cfg, a, x->scratch);
  for (int i = 0; i < n; i++) {
    memcpy(b, st, x->ssize);
    c->play(x->cfg, b, ms[i]);
    if (game_canon_hash(c, x->cfg, b, x->scratch) == key)
      ms[nimg++] = ms[i];
  }
  if (nimg <= 1)
    return;
  sg_move img = ms[rng_below(&x->dr.rng, (uint64_t)nimg)];
  /* A symmetry k with T_k(child of move) = child of image exists (the classes say so); it
     need not fix the current position, so it maps the PV's continuation, walked from the
     child, and the image itself is the first move. */
  memcpy(b, st, x->ssize);
  c->play(x->cfg, b, img);
  uint64_t target = c->hash(x->cfg, b);
  for (int k = 0; k < c->nsym; k++) {
    c->sym_state(x->cfg, a, x->scratch, k);
    if (c->hash(x->cfg, x->scratch) != target)
      continue;
    unsigned char *walk = x->full + 2 * x->ssize;
    memcpy(walk, a, x->ssize);
    for (int i = 1; i < r->npv; i++) {
      sg_move m = r->pv[i];
      r->pv[i] = c->sym_move(x->cfg, walk, m, k);
      c->play(x->cfg, walk, m);
    }
    break;
  }
  r->pv[0] = img;
  r->move = img;
}

static void fill_result(search_ctx *x, search_result *r, int depth, int score) {
  r->score = score;
  r->depth = depth;
  r->npv = x->pvlen[0];
  memcpy(r->pv, x->pv, (size_t)r->npv * sizeof(sg_move));
  r->move = r->pv[0];
  r->nodes = x->dr.nodes;
  r->tt_hits = x->hits;
  r->seldepth = x->seldepth;
  r->time = clock_now() - x->dr.t0;
}

/* Whether an iteration to depth d searches in an aspiration window around center (the
   score of the last iteration, or of its line). */
static int aspirate(const search_ctx *x, int d, int center) {
  const search_opts *o = x->o;
  return o->aspiration && o->random < 0 && d >= 5 && x->dr.have && center > -WIN_BOUND / 2 &&
         center < WIN_BOUND / 2 && !x->dr.exact_only;
}

/* The root to depth d, in a window around center when narrow, widened (doubled) on a fail
   until the score falls inside it; *first is the move searched first (after a fail high, the
   one that failed high).  Returns the score, with *completed as root's, or 0 when stopped
   inside a narrowed window (its moves are not comparable).  Fail lows of line 0 (MultiPV's
   first, or the only one) are reported. */
static int root_window(search_ctx *x, int d, int narrow, int center, sg_move *first, int line,
                       int *completed) {
  const search_opts *o = x->o;
  int v = 0, delta = 25, lo = -SG_INF, hi = SG_INF;
  if (narrow)
    lo = center - delta, hi = center + delta;
  for (;;) {
    x->dr.horizon = 0;
    x->dr.leaf = 0;
    x->beamcut = 0;
    x->quiet_limit = 2 * d + 16;   /* extensions stay bounded by the nominal depth */
    v = root(x, d, lo, hi, *first, x->dr.cand, &x->dr.ncand, completed);
    if (x->dr.stop)
      break;
    if (v <= lo && lo > -SG_INF) {
      if (o->report && !x->dr.helper && line == 0) {
        search_result *t = x->failed;   /* the result so far, without its lines */
        memcpy(t, x->r, offsetof(search_result, lines));
        t->nlines = 0;
        t->bound = 2;
        fill_result(x, t, d, lo);
        o->report(o->report_ud, t);
      }
      lo = delta > 1000 ? -SG_INF : lo - delta;
    } else if (v >= hi && hi < SG_INF) {
      hi = delta > 1000 ? SG_INF : hi + delta;
      *first = x->pv[0];
    } else
      break;
    delta *= 2;
  }
  if (x->dr.stop && (lo > -SG_INF || hi < SG_INF))
    *completed = 0;
  return v;
}

/* Insert line l among the n lines of the iteration under way, sorted by score, best first (a
   later line scores no more than an earlier one but for the search's instability). */
static void insert_line(search_ctx *x, const search_line *l) {
  int j = x->nlines++;
  while (j > 0 && x->lines[j - 1].score < l->score) {
    x->lines[j] = x->lines[j - 1];
    j--;
  }
  x->lines[j] = *l;
}

/* A MultiPV iteration to depth d: the root searched once per line, each time without the
   moves of the lines before it (as Stockfish does), each in an aspiration window around its
   line's last score.  Returns the lines completed; stopped before the first, what iterate
   returns.  Stopped after it, the iteration has settled its best move (dr.settled). */
static int iterate_lines(search_ctx *x, int d) {
  const search_result *last = x->r;   /* the last iteration kept: its lines */
  int horizon = 0, leaf = 0, beamcut = 0, completed = 0, v0 = 0;
  x->nlines = 0;
  for (int k = 0; k < x->multipv; k++) {
    int known = k == 0 || k < last->nlines;
    int center = k == 0 ? x->value : known ? last->lines[k].score : 0;
    sg_move kfirst = known && k > 0 ? last->lines[k].move : NO_MOVE;
    sg_move *first = k == 0 ? &x->first : &kfirst;
    int v = root_window(x, d, known && aspirate(x, d, center), center, first, k, &completed);
    horizon |= x->dr.horizon, leaf |= x->dr.leaf, beamcut |= x->beamcut;
    if (k == 0)
      v0 = v;
    if (x->dr.stop || completed == 0)
      break;   /* stopped, or no root move left */
    search_line *l = &x->merged[0];   /* scratch until the iteration is kept */
    l->move = x->pv[0], l->score = v, l->depth = d, l->npv = x->pvlen[0];
    memcpy(l->pv, x->pv, (size_t)l->npv * sizeof(sg_move));
    insert_line(x, l);
  }
  x->dr.horizon = horizon, x->dr.leaf = leaf, x->beamcut = beamcut;
  if (x->nlines == 0) {
    x->value = v0;
    return completed;
  }
  /* the best line is the iteration's result: its PV back in the PV table's first row */
  const search_line *b = &x->lines[0];
  memcpy(x->pv, b->pv, (size_t)b->npv * sizeof(sg_move));
  x->pvlen[0] = b->npv;
  x->value = b->score;
  x->dr.cand[0] = b->move;
  x->dr.ncand = 1;
  x->dr.settled = x->dr.stop != 0;
  return x->nlines;
}

/* One iteration to depth d (driver_iterate): the root in an aspiration window around the
   last score, widened on a fail until the score falls inside it; with multipv > 1, once per
   line. */
static int iterate(void *ud, int d) {
  search_ctx *x = ud;
  if (x->multipv > 1)
    return iterate_lines(x, d);
  int completed = 0;
  x->value = root_window(x, d, aspirate(x, d, x->value), x->value, &x->first, 0, &completed);
  return completed;
}

/* The result's lines once an iteration is kept: those it completed, then, when it was
   stopped, the lines of the iteration kept before whose moves it did not reach (with their
   depth and score); stopped in its first line, the result's move alone. */
static void keep_lines(search_ctx *x, search_result *r) {
  search_line *out = x->merged;
  int n = 0;
  for (int i = 0; i < x->nlines; i++)
    out[n++] = x->lines[i];
  if (n == 0) {
    out[0].move = r->move, out[0].score = r->score, out[0].depth = r->depth;
    out[0].npv = r->npv;
    memcpy(out[0].pv, r->pv, (size_t)r->npv * sizeof(sg_move));
    n = 1;
  } else if (x->dr.stop) {
    for (int i = 0; i < r->nlines && n < x->multipv; i++) {
      int taken = 0;
      for (int j = 0; j < x->nlines && !taken; j++)
        taken = r->lines[i].move == x->lines[j].move;
      if (!taken)
        out[n++] = r->lines[i];
    }
  }
  memcpy(r->lines, out, (size_t)n * sizeof *out);
  r->nlines = n;
}

/* Take the iteration just searched (driver_keep): the result, and when it is complete its
   verdict, the report, and for a helper that reached the depth asked, the end of the search. */
static void keep(void *ud, int d, int complete) {
  search_ctx *x = ud;
  const search_opts *o = x->o;
  search_result *r = x->r;
  fill_result(x, r, d, x->value);
  x->first = r->move;
  if (x->multipv > 1)
    keep_lines(x, r);
  if (!complete)
    return;
  r->exact = !x->dr.horizon && !x->beamcut;
  if (o->report && !x->dr.helper)
    o->report(o->report_ud, r);
  if (x->dr.helper && d == driver_max_depth(o) && x->finished)
    __atomic_store_n(x->finished, 1, __ATOMIC_RELAXED);   /* the main thread can stop */
}

/* How many of a result's lines were searched to its depth (1 without lines). */
static int lines_at_depth(const search_result *r) {
  if (r->nlines == 0)
    return 1;
  int n = 0;
  for (int i = 0; i < r->nlines; i++)
    n += r->lines[i].depth == r->depth;
  return n;
}

/* Iterative deepening on x into r (the deepest completed iteration); returns whether an
   iteration finished.  Helpers (x->dr.helper > 0) skip depths (driver.c). */
static int deepen(search_ctx *x, search_result *r) {
  x->r = r;
  return driver_deepen(&x->dr, iterate, keep, x);
}

typedef struct helper {
  search_ctx x;
  search_result r;
  pthread_t thread;
  int started, have;
} helper;

static void *helper_main(void *arg) {
  helper *h = arg;
  h->have = deepen(&h->x, &h->r);
  if (h->x.dr.stop)
    h->r.exact = 0;
  return NULL;
}

/* MultiPV: the first line is the move played, with its PV (a symmetric image of it, or the
   first legal move when no iteration was kept). */
static void first_line(search_result *r) {
  search_line *l = &r->lines[0];
  if (r->nlines == 0) {
    l->score = r->score, l->depth = r->depth;
    r->nlines = 1;
  }
  l->move = r->move;
  l->npv = r->npv;
  memcpy(l->pv, r->pv, (size_t)r->npv * sizeof(sg_move));
}

int search_alphabeta(const sg_class *c, const void *cfg, const void *st, const search_opts *o,
                     search_result *r, char *err) {
  search_ctx x;
  memset(r, 0, offsetof(search_result, lines));   /* the lines count in nlines */
  sg_status status = c->status(cfg, st, NULL);
  if (status != SG_PLAYING && !(o->drawn_root && status == SG_DRAWN)) {
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  if (o->multipv > SEARCH_MAX_LINES) {
    snprintf(err, SG_ERRLEN, "search: multipv (algo 'alphabeta'): %d lines asked; expected a "
             "whole number from 1 to %d", o->multipv, SEARCH_MAX_LINES);
    return -1;
  }
  if (o->multipv > 1 && o->random >= 0) {
    snprintf(err, SG_ERRLEN, "search: multipv (algo 'alphabeta'): %d lines with a random "
             "margin; expected multipv = 1 with random (it chooses among the near-best moves "
             "itself) or random = false", o->multipv);
    return -1;
  }
  int nthreads = o->threads > 1 ? o->threads : 1;
  if (nthreads > 1 && o->eval_fn) {
    snprintf(err, SG_ERRLEN, "search: threads (algo 'alphabeta'): a scripted eval runs on one "
             "thread; expected threads = 1 with eval");
    return -1;
  }
  tt_table shared;
  memset(&shared, 0, sizeof shared);
  tt_table *common = o->table;
  if (nthreads > 1 && !common && tt_init(&shared, o->hash_bytes) != 0) {
    snprintf(err, SG_ERRLEN, "search: out of memory (hash table of %zu bytes asked)",
             o->hash_bytes);
    return -1;
  }
  if (nthreads > 1 && !common)
    common = &shared;
  if (ctx_init(&x, c, cfg, st, o, common, err) != 0) {
    tt_free(&shared);
    return -1;
  }
  if (status != SG_PLAYING && (!x.nodemode || gen_at(&x, state_at(&x, 0), x.moves) == 0)) {
    ctx_free(&x), tt_free(&shared);   /* drawn, and no move (or no node hooks to find one) */
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  search_memory *memory = o->keep_history ? o->memory : NULL;
  if (memory && memory_reserve(&x, memory) != 0) {
    ctx_free(&x), tt_free(&shared);
    snprintf(err, SG_ERRLEN, "search: out of memory (keep_history's continuation history)");
    return -1;
  }
  int quit = 0, finished = 0;
  helper *hs = nthreads > 1 ? calloc((size_t)nthreads - 1, sizeof *hs) : NULL;
  uint64_t *busy = nthreads > 1 ? calloc(SEARCH_BUSY, sizeof *busy) : NULL;
  if (nthreads > 1 && (!hs || !busy)) {
    free(hs), free(busy);
    ctx_free(&x), tt_free(&shared);
    snprintf(err, SG_ERRLEN, "search: out of memory");
    return -1;
  }
  x.busy = busy;
  /* helper threads: their own nodes, ordering tables and stop, one shared table */
  for (int i = 0; i < nthreads - 1; i++) {
    helper *h = &hs[i];
    char herr[SG_ERRLEN];
    if (ctx_init(&h->x, c, cfg, st, o, common, herr) != 0)
      break;
    h->x.dr.helper = i + 1;
    h->x.busy = busy;
    h->x.dr.node_limit = 0;   /* the main thread's count is the one limited */
    h->x.dr.poll_at = DRIVER_POLL;
    h->x.dr.quit = &quit;
    h->x.finished = &finished;
    h->started = pthread_create(&h->thread, NULL, helper_main, h) == 0;
    if (!h->started) {
      ctx_free(&h->x);
      break;
    }
  }
  if (nthreads > 1 && o->random < 0)
    x.dr.quit = &finished;   /* a helper that finishes the last depth first ends the search */
  deepen(&x, r);
  uint64_t nodes = x.dr.nodes, hits = x.hits;
  search_stop stopped = x.dr.stop;
  if (x.dr.stop == SEARCH_LIMIT && x.dr.quit && __atomic_load_n(&finished, __ATOMIC_RELAXED))
    stopped = SEARCH_DONE;   /* stopped because a helper reached the depth asked */
  for (int i = 0; i < nthreads - 1; i++)
    if (hs[i].started) {
      __atomic_store_n(&quit, 1, __ATOMIC_RELAXED);
      pthread_join(hs[i].thread, NULL);
      nodes += hs[i].x.dr.nodes, hits += hs[i].x.hits;
      if (hs[i].x.dr.stop == SEARCH_INTERRUPTED)
        stopped = SEARCH_INTERRUPTED;
      /* without a random margin the deepest completed iteration of any thread is played
         (with several lines, at the same depth the one with more lines of that depth: a
         thread stopped within an iteration keeps older lines after the first) */
      if (o->random < 0 && hs[i].have &&
          (!x.dr.have || hs[i].r.depth > r->depth ||
           (hs[i].r.depth == r->depth && lines_at_depth(&hs[i].r) > lines_at_depth(r)))) {
        *r = hs[i].r;
        x.dr.nbest = 1;
        x.dr.best[0] = r->move;
        x.dr.have = 1;
      }
      ctx_free(&hs[i].x);
    }
  free(hs);
  free(busy);
  r->stopped = stopped;
  if (stopped || o->nroot_moves > 0)
    r->exact = 0;   /* a restricted root's value is not the position's */
  sg_move first = NO_MOVE;
  for (int i = 0, n = gen_at(&x, state_at(&x, 0), x.moves); i < n && first == NO_MOVE; i++)
    if (root_allowed(o, x.moves[i]))
      first = x.moves[i];
  r->ncand = driver_choose(&x.dr, first, &r->move, r->pv, &r->npv);
  if (o->symmetry && c->nsym > 1 && c->sym_move && !x.nodemode)
    symmetric_image(&x, st, r);
  if (x.multipv > 1)
    first_line(r);
  r->nodes = nodes;
  r->tt_hits = hits;
  r->seldepth = x.seldepth;
  r->stable = x.dr.stable;
  r->soft_scale = x.dr.soft_scale;
  r->time = clock_now() - x.dr.t0;
  if (memory)
    memory_keep(&x, memory);   /* the main thread's tables */
  ctx_free(&x);
  tt_free(&shared);
  return 0;
}

int search_random(const sg_class *c, const void *cfg, const void *st, const search_opts *o,
                  search_result *r, char *err) {
  memset(r, 0, offsetof(search_result, lines));
  sg_move *ms = malloc((size_t)c->max_moves * sizeof(sg_move));
  if (!ms) {
    snprintf(err, SG_ERRLEN, "search: out of memory");
    return -1;
  }
  double t0 = clock_now();
  int n = c->status(cfg, st, NULL) == SG_PLAYING ? c->gen(cfg, st, ms) : 0;
  if (n == 0) {
    free(ms);
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  sg_rng rng;
  rng_seed(&rng, o->seed);
  r->move = game_random_move(c, cfg, ms, n, &rng);
  r->pv[0] = r->move;
  r->npv = 1;
  r->nodes = 1;
  r->ncand = n;
  r->time = clock_now() - t0;
  free(ms);
  return 0;
}

int search_playout(const sg_class *c, const void *cfg, const void *st, uint64_t seed,
                   uint64_t max_moves, playout_result *r, char *err) {
  memset(r, 0, sizeof *r);
  sg_move *ms = malloc((size_t)c->max_moves * sizeof(sg_move));
  unsigned char *s = malloc(c->state_size);
  if (!ms || !s) {
    free(ms), free(s);
    snprintf(err, SG_ERRLEN, "playout: out of memory");
    return -1;
  }
  memcpy(s, st, c->state_size);
  sg_rng rng;
  rng_seed(&rng, seed);
  double t0 = clock_now();
  while (!max_moves || r->moves < max_moves) {
    if ((r->moves & 4095) == 4095 && interrupt_pending()) {
      r->interrupted = 1;
      break;
    }
    int n = c->gen(cfg, s, ms);
    if (n == 0)
      break;
    c->play(cfg, s, game_random_move(c, cfg, ms, n, &rng));
    r->moves++;
  }
  r->status = c->status(cfg, s, &r->winner);
  r->time = clock_now() - t0;
  free(ms);
  free(s);
  return 0;
}
