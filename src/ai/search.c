/* search.c: alpha-beta in negamax form over the game interface, knowing no game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "core/tt.h"
#include "search.h"

#define NO_MOVE UINT32_MAX
#define WIN_BOUND (SG_WIN - SEARCH_MAX_PLY)   /* scores beyond this are game ends */

/* Everything a search touches, allocated once before the first node. */
typedef struct search_ctx {
  const sg_class *c;
  const void *cfg;
  const search_opts *o;
  size_t ssize;
  unsigned char *states;       /* SEARCH_MAX_PLY + 1 states, one per ply */
  sg_move *moves;              /* max_moves per ply */
  int *order;                  /* max_moves ordering scores (the beam's scratch) */
  int *rootvals;               /* max_moves values of the root moves */
  uint64_t *keys;              /* max_moves symmetry keys */
  unsigned char *scratch;      /* 2 states for symmetry and shallow ordering */
  sg_move *pv;                 /* SEARCH_MAX_PLY x SEARCH_MAX_PLY triangular PV table */
  int pvlen[SEARCH_MAX_PLY + 1];
  tt_table tt;
  sg_rng rng;
  uint64_t nodes;
  double t0, deadline;
  search_stop stop;
  int horizon;                 /* a leaf was cut by the depth limit in the current subtree */
  int leaf;                    /* this iteration evaluated a leaf at the depth limit */
  int exact_only;              /* cut only on table entries of finished subtrees */
  int beamcut;                 /* the beam dropped moves somewhere */
  int quiet_limit;             /* no quiescence extension at or beyond this ply */
  int root;                    /* the player to move at the root */
} search_ctx;

void search_opts_default(search_opts *o) {
  memset(o, 0, sizeof *o);
  o->hash_bytes = (size_t)16 << 20;
  o->random = -1;
  o->threads = 1;
  o->pvs = o->aspiration = o->killers = o->history = o->null_move = o->lmr = o->quiescence = 1;
}

static void *state_at(search_ctx *x, int ply) {
  return x->states + (size_t)ply * x->ssize;
}

static void ctx_free(search_ctx *x) {
  free(x->states);
  free(x->moves);
  free(x->order);
  free(x->rootvals);
  free(x->keys);
  free(x->scratch);
  free(x->pv);
  tt_free(&x->tt);
}

static int ctx_init(search_ctx *x, const sg_class *c, const void *cfg, const void *st,
                    const search_opts *o, char *err) {
  memset(x, 0, sizeof *x);
  x->c = c, x->cfg = cfg, x->o = o, x->ssize = c->state_size;
  size_t mm = (size_t)c->max_moves;
  x->states = malloc((SEARCH_MAX_PLY + 1) * x->ssize);
  x->moves = malloc((SEARCH_MAX_PLY + 1) * mm * sizeof(sg_move));
  x->order = malloc(mm * sizeof(int));
  x->rootvals = malloc(mm * sizeof(int));
  x->keys = malloc(mm * sizeof(uint64_t));
  x->scratch = malloc(2 * x->ssize);
  x->pv = malloc((size_t)SEARCH_MAX_PLY * SEARCH_MAX_PLY * sizeof(sg_move));
  if (!x->states || !x->moves || !x->order || !x->rootvals || !x->keys || !x->scratch || !x->pv ||
      tt_init(&x->tt, o->hash_bytes) != 0) {
    ctx_free(x);
    snprintf(err, SG_ERRLEN, "search: out of memory (hash table of %zu bytes asked)",
             o->hash_bytes);
    return -1;
  }
  memcpy(x->states, st, x->ssize);
  x->root = c->to_move(cfg, st);
  rng_seed(&x->rng, o->seed);
  x->t0 = clock_now();
  x->deadline = o->time > 0 ? x->t0 + o->time : 0;
  return 0;
}

/* Polled at every node; the clock and the interrupt flag every 1024 nodes. */
static int out_of_budget(search_ctx *x) {
  if (x->stop)
    return 1;
  if (x->o->nodes && x->nodes >= x->o->nodes)
    x->stop = SEARCH_LIMIT;
  else if ((x->nodes & 1023) == 0) {
    if (interrupt_pending())
      x->stop = SEARCH_INTERRUPTED;
    else if (x->deadline && clock_now() >= x->deadline)
      x->stop = SEARCH_LIMIT;
  }
  return x->stop != 0;
}

static int to_tt(int v, int ply) {
  return v > WIN_BOUND ? v + ply : v < -WIN_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply) {
  return v > WIN_BOUND ? v - ply : v < -WIN_BOUND ? v + ply : v;
}

/* The value of a finished game for player `me`, or 0 with *over = 0 when it goes on. */
static int game_end_value(search_ctx *x, const void *st, int me, int ply, int *over) {
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

/* Keep the best k moves by the static value of the position each one leads to. */
static int beam_filter(search_ctx *x, const void *st, sg_move *ms, int n, int k, int ply) {
  const sg_class *c = x->c;
  int me = c->to_move(x->cfg, st);
  int scores[SG_MAX_PLAYERS];
  void *child = x->scratch;
  for (int i = 0; i < n; i++) {
    int over;
    memcpy(child, st, x->ssize);
    c->play(x->cfg, child, ms[i]);
    int v = game_end_value(x, child, me, ply + 1, &over);
    if (!over) {
      c->eval(x->cfg, child, scores);
      v = scores[me];
    }
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

/* Moves of the state at ply, filtered by symmetry and beam, table move first. */
static int node_moves(search_ctx *x, const void *st, int ply, sg_move ttmove) {
  const sg_class *c = x->c;
  sg_move *ms = x->moves + (size_t)ply * (size_t)c->max_moves;
  int n = c->gen(x->cfg, st, ms);
  if (n > 1 && search_prunes(x->o, c, c->to_move(x->cfg, st), x->root))
    n = c->prune(x->cfg, st, ms, n);
  if (c->order)
    c->order(x->cfg, st, ms, n);
  if (x->o->symmetry && c->nsym > 1)
    n = game_distinct(c, x->cfg, st, ms, n, x->scratch, x->keys);
  if (ply < x->o->nbeam && x->o->beam[ply] > 0 && n > x->o->beam[ply])
    n = beam_filter(x, st, ms, n, x->o->beam[ply], ply);
  search_move_first(ms, n, ttmove);
  return n;
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

static int negamax(search_ctx *x, int ply, int depth, int alpha, int beta);

/* The value of the child at ply+1 for the player to move at ply: a player who moves again
   keeps the sign. */
static int child_value(search_ctx *x, int ply, int me, int depth, int alpha, int beta) {
  const void *child = state_at(x, ply + 1);
  if (x->c->to_move(x->cfg, child) == me)
    return negamax(x, ply + 1, depth - 1, alpha, beta);
  return -negamax(x, ply + 1, depth - 1, -beta, -alpha);
}

static int negamax(search_ctx *x, int ply, int depth, int alpha, int beta) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int me = c->to_move(x->cfg, st), over;
  x->nodes++;
  x->pvlen[ply] = 0;
  if (out_of_budget(x))
    return 0;
  int v = game_end_value(x, st, me, ply, &over);
  if (over)
    return v;
  if (depth <= 0 && c->unquiet && ply < SEARCH_MAX_PLY - 1 && ply < x->quiet_limit &&
      c->unquiet(x->cfg, st))
    depth = 1;   /* in the middle of an exchange: look one move further */
  if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1) {
    int scores[SG_MAX_PLAYERS];
    x->horizon = 1;
    x->leaf = 1;
    c->eval(x->cfg, st, scores);
    return scores[me];
  }

  uint64_t key = c->hash(x->cfg, st);
  sg_move ttmove = NO_MOVE;
  const tt_entry *e = tt_probe(&x->tt, key);
  if (e) {
    ttmove = e->move;
    if (e->depth >= depth && (!x->exact_only || e->depth == TT_DEPTH_EXACT)) {
      int tv = from_tt(e->score, ply);
      if (e->bound == TT_EXACT || (e->bound == TT_LOWER && tv >= beta) ||
          (e->bound == TT_UPPER && tv <= alpha)) {
        if (e->depth != TT_DEPTH_EXACT)
          x->horizon = 1;
        return tv;
      }
    }
  }

  int n = node_moves(x, st, ply, ttmove);
  if (n == 0) {   /* no move yet not over: the game calls that a standstill; score it statically */
    int scores[SG_MAX_PLAYERS];
    c->eval(x->cfg, st, scores);
    return scores[me];
  }
  sg_move *ms = x->moves + (size_t)ply * (size_t)c->max_moves;
  int alpha0 = alpha, best = -SG_INF, outer_horizon = x->horizon;
  sg_move bestmove = ms[0];
  x->horizon = 0;
  for (int i = 0; i < n; i++) {
    void *child = state_at(x, ply + 1);
    memcpy(child, st, x->ssize);
    c->play(x->cfg, child, ms[i]);
    v = child_value(x, ply, me, depth, alpha, beta);
    if (x->stop)
      return 0;
    if (v > best) {
      best = v, bestmove = ms[i];
      if (v > alpha) {
        alpha = v;
        pv_update(x, ply, ms[i]);
        if (alpha >= beta)
          break;
      }
    }
  }
  int bound = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
  tt_store(&x->tt, key, bestmove, to_tt(best, ply), x->horizon ? depth : TT_DEPTH_EXACT, bound);
  x->horizon |= outer_horizon;
  return best;
}

/* One iteration at the root.  With a random margin the window stays open down to
   best - margin, so every move within the margin gets its exact value. */
static int root(search_ctx *x, int depth, sg_move first, sg_move *cand, int *ncand,
                int *completed) {
  const sg_class *c = x->c;
  void *st = state_at(x, 0);
  int me = c->to_move(x->cfg, st);
  int n = node_moves(x, st, 0, first);
  sg_move *ms = x->moves;
  int margin = x->o->random;
  int best = -SG_INF, alpha = -SG_INF;
  int *vals = x->rootvals;
  x->nodes++;
  x->pvlen[0] = 0;
  *completed = 0;
  for (int i = 0; i < n; i++) {
    void *child = state_at(x, 1);
    memcpy(child, st, x->ssize);
    c->play(x->cfg, child, ms[i]);
    int v = child_value(x, 0, me, depth, alpha, SG_INF);
    if (x->stop)
      break;
    vals[i] = v;
    (*completed)++;
    if (v > best) {
      best = v;
      pv_update(x, 0, ms[i]);
    }
    int lo = margin >= 0 ? best - margin - 1 : best;
    if (lo > alpha)
      alpha = lo;
  }
  *ncand = 0;
  for (int i = 0; i < *completed; i++)
    if (margin < 0 ? ms[i] == x->pv[0] : vals[i] >= best - margin)
      cand[(*ncand)++] = ms[i];
  if (*completed == n && n > 0)
    tt_store(&x->tt, c->hash(x->cfg, st), x->pv[0], to_tt(best, 0),
             x->horizon ? depth : TT_DEPTH_EXACT, TT_EXACT);
  return best;
}

/* Replace the chosen move by a random image under the board symmetries, mapping the PV. */
static void symmetric_image(search_ctx *x, search_result *r) {
  const sg_class *c = x->c;
  const void *st = state_at(x, 0);
  sg_move *ms = x->moves;
  unsigned char *a = state_at(x, 1), *b = state_at(x, 2);
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
  sg_move img = ms[rng_below(&x->rng, (uint64_t)nimg)];
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
    unsigned char *walk = state_at(x, 3);
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

int search_alphabeta(const sg_class *c, const void *cfg, const void *st, const search_opts *o,
                     search_result *r, char *err) {
  search_ctx x;
  memset(r, 0, sizeof *r);
  if (c->status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  if (ctx_init(&x, c, cfg, st, o, err) != 0)
    return -1;
  sg_move *cand = malloc((size_t)c->max_moves * sizeof(sg_move));
  sg_move *best_cand = malloc((size_t)c->max_moves * sizeof(sg_move));
  if (!cand || !best_cand) {
    free(cand), free(best_cand), ctx_free(&x);
    snprintf(err, SG_ERRLEN, "search: out of memory");
    return -1;
  }
  int maxdepth = o->depth > 0 && o->depth < SEARCH_MAX_PLY - 1 ? o->depth : SEARCH_MAX_PLY - 1;
  int nbest = 0, have = 0;
  sg_move first = NO_MOVE;
  for (int d = 1; d <= maxdepth; d++) {
    int ncand, completed;
    x.horizon = 0;
    x.leaf = 0;
    x.beamcut = 0;
    x.quiet_limit = 2 * d + 16;   /* extensions stay bounded by the nominal depth */
    int v = root(&x, d, first, cand, &ncand, &completed);
    if (x.stop && have)
      break;
    if (completed == 0)
      break;   /* stopped before the first root move finished, with nothing to show */
    r->score = v;
    r->depth = x.stop ? d - 1 : d;
    r->npv = x.pvlen[0];
    memcpy(r->pv, x.pv, (size_t)r->npv * sizeof(sg_move));
    r->move = r->pv[0];
    nbest = ncand;
    memcpy(best_cand, cand, (size_t)ncand * sizeof(sg_move));
    have = 1;
    first = r->move;
    if (x.stop)
      break;
    r->exact = !x.horizon && !x.beamcut;
    if (!x.horizon)
      break;   /* nothing was cut by the depth: deeper iterations would find the same */
    if (!x.leaf && !x.exact_only) {
      /* No leaf met the depth limit, yet a table entry of a depth-limited search was used.
         Such entries can keep each other inexact forever when a position recurs at other
         plies; search this depth again trusting only entries of finished subtrees, whose
         verdict is then the real one. */
      x.exact_only = 1;
      d--;
    }
  }
  r->stopped = x.stop;
  if (x.stop)
    r->exact = 0;
  if (!have) {   /* stopped at once: play the first legal move rather than none */
    c->gen(cfg, st, x.moves);
    r->move = x.moves[0];
    r->pv[0] = r->move;
    r->npv = 1;
    nbest = 1;
    best_cand[0] = r->move;
  }
  r->ncand = nbest;
  if (o->random >= 0 && nbest > 1) {
    sg_move pick = best_cand[rng_below(&x.rng, (uint64_t)nbest)];
    if (pick != r->move) {
      r->move = pick;
      r->pv[0] = pick;
      r->npv = 1;   /* the PV was the other move's */
    }
  }
  if (o->symmetry && c->nsym > 1 && c->sym_move)
    symmetric_image(&x, r);
  r->nodes = x.nodes;
  r->tt_hits = x.tt.hits;
  r->time = clock_now() - x.t0;
  free(cand);
  free(best_cand);
  ctx_free(&x);
  return 0;
}

int search_random(const sg_class *c, const void *cfg, const void *st, const search_opts *o,
                  search_result *r, char *err) {
  memset(r, 0, sizeof *r);
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
