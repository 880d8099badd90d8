/* multi.c: max^n, paranoid, best-reply search and MCTS over the game interface, knowing no
   game (multi.h says what each one does and how it scores). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "core/vtt.h"
#include "driver.h"
#include "multi.h"

#define NO_MOVE UINT32_MAX
#define WIN_BOUND (SG_WIN - SEARCH_MAX_PLY)   /* scores beyond this are game ends */

enum { ALGO_MAXN, ALGO_PARANOID, ALGO_BRS };

/* Best-reply modes: where a node stands in the opponents' round between two turns of the root
   player.  NONE: an opponent's turn starts and nobody has replied yet; REPLY: the chosen
   opponent's turn goes on, searched; SKIP: an opponent plays its turn by default moves before
   a later one replies; DONE: the reply was made, the rest play by default moves; NOREPLY: the
   root's turn came back without a reply (a line BRS does not count). */
enum { BR_NONE, BR_REPLY, BR_SKIP, BR_DONE, BR_NOREPLY };

/* Everything a tree search touches, allocated once before the first node. */
typedef struct multi_ctx {
  const sg_class *c;
  const void *cfg;
  const multi_opts *o;
  int algo, np, root;
  size_t ssize;
  unsigned char *states;       /* SEARCH_MAX_PLY + 1 states, one per ply */
  sg_move *moves;              /* max_moves per branching level */
  int nlevels;
  sg_move *spare;              /* max_moves: default moves, the root's fallback */
  int *vecs;                   /* np scores per ply: each node's value vector */
  int *rootvals;               /* max_moves values of the root moves (root's component) */
  int rootvec[SG_MAX_PLAYERS]; /* the vector of the best root move */
  sg_move *pv;                 /* SEARCH_MAX_PLY x SEARCH_MAX_PLY triangular PV table */
  int pvlen[SEARCH_MAX_PLY + 1];
  vtt_table tt;
  search_driver dr;            /* nodes, limits, the verdict, candidates, the rng */
  multi_result *r;             /* the result being filled */
  sg_move first;               /* the root move searched first: the last iteration's */
  int bounds, lo_each, max_sum;   /* the game's score bounds (max^n), when it has them */
  int shallow;                    /* shallow pruning on */
} multi_ctx;

void multi_opts_default(multi_opts *o) {
  memset(o, 0, sizeof *o);
  search_opts_default(&o->s);
  o->exploration = sqrt(2.0);
}

static void *state_at(multi_ctx *x, int ply) {
  return x->states + (size_t)ply * x->ssize;
}

static int *vec_at(multi_ctx *x, int ply) {
  return x->vecs + (size_t)ply * (size_t)x->np;
}

static sg_move *moves_at(multi_ctx *x, int lvl) {
  return x->moves + (size_t)lvl * (size_t)x->c->max_moves;
}

static void ctx_free(multi_ctx *x) {
  free(x->states);
  free(x->moves);
  free(x->spare);
  free(x->vecs);
  free(x->rootvals);
  free(x->pv);
  vtt_free(&x->tt);
  driver_free(&x->dr);
}

static int ctx_init(multi_ctx *x, int algo, const sg_class *c, const void *cfg, const void *st,
                    const multi_opts *o, char *err) {
  memset(x, 0, sizeof *x);
  x->c = c, x->cfg = cfg, x->o = o, x->algo = algo, x->ssize = c->state_size;
  x->np = c->players(cfg, st);
  x->root = c->to_move(cfg, st);
  if (x->np < 1 || x->np > SG_MAX_PLAYERS) {
    snprintf(err, SG_ERRLEN, "search: %s has %d players, at most %d are searched", c->name,
             x->np, SG_MAX_PLAYERS);
    return -1;
  }
  /* best-reply levels: a skipped opponent adds a level without using depth */
  int d = driver_max_depth(&o->s);
  x->nlevels = algo == ALGO_BRS ? (d + 1) * x->np + 1 : d + 2;
  if (x->nlevels > SEARCH_MAX_PLY + 1)
    x->nlevels = SEARCH_MAX_PLY + 1;
  size_t mm = (size_t)c->max_moves;
  x->states = malloc((SEARCH_MAX_PLY + 1) * x->ssize);
  x->moves = malloc((size_t)x->nlevels * mm * sizeof(sg_move));
  x->spare = malloc(mm * sizeof(sg_move));
  x->vecs = malloc((SEARCH_MAX_PLY + 1) * (size_t)x->np * sizeof(int));
  x->rootvals = malloc(mm * sizeof(int));
  x->pv = malloc((size_t)SEARCH_MAX_PLY * SEARCH_MAX_PLY * sizeof(sg_move));
  if (driver_init(&x->dr, &o->s, c->max_moves, err) != 0 || !x->states || !x->moves ||
      !x->spare || !x->vecs || !x->rootvals || !x->pv || vtt_init(&x->tt, o->s.hash_bytes) != 0) {
    ctx_free(x);
    snprintf(err, SG_ERRLEN, "search: out of memory (hash table of %zu bytes asked)",
             o->s.hash_bytes);
    return -1;
  }
  if (algo == ALGO_MAXN && game_score_bounds(c, cfg, &x->lo_each, &x->max_sum) &&
      x->max_sum >= x->np * x->lo_each)
    x->bounds = 1, x->shallow = !o->no_shallow;
  memcpy(x->states, st, x->ssize);
  x->first = NO_MOVE;
  return 0;
}

static int floor_div(int a, int b) {
  int q = a / b;
  return q * b > a ? q - 1 : q;
}

/* The vector of a finished game (multi.h: Score vectors) into v; 0 when the game goes on. */
static int end_vector(multi_ctx *x, const void *st, int ply, int *v) {
  int winner = -1;
  sg_status s = x->c->status(x->cfg, st, &winner);
  if (s == SG_PLAYING)
    return 0;
  for (int p = 0; p < x->np; p++) {
    if (x->bounds)
      v[p] = s == SG_WON ? (p == winner ? x->max_sum - (x->np - 1) * x->lo_each : x->lo_each)
                         : floor_div(x->max_sum, x->np);
    else if (x->c->end_margin) {
      int m = x->c->end_margin(x->cfg, st, p);
      v[p] = m > 0 ? SG_WIN_MARGIN + m : m < 0 ? -(SG_WIN_MARGIN - m) : 0;
    } else
      v[p] = s == SG_WON ? (p == winner ? SG_WIN - ply : -(SG_WIN - ply)) : 0;
  }
  return 1;
}

static void leaf_vector(multi_ctx *x, const void *st, int *v) {
  x->c->eval(x->cfg, st, v);
}

/* Win scores count plies from the root; the table keeps them from the node. */
static void vec_to_tt(const int *v, int *out, int n, int ply) {
  for (int i = 0; i < n; i++)
    out[i] = v[i] > WIN_BOUND ? v[i] + ply : v[i] < -WIN_BOUND ? v[i] - ply : v[i];
}

static void vec_from_tt(const int32_t *v, int *out, int n, int ply) {
  for (int i = 0; i < n; i++)
    out[i] = v[i] > WIN_BOUND ? v[i] - ply : v[i] < -WIN_BOUND ? v[i] + ply : v[i];
}

static void tt_put(multi_ctx *x, uint64_t key, sg_move m, const int *v, int ply, int depth,
                   int bound) {
  int t[SG_MAX_PLAYERS];
  vec_to_tt(v, t, x->np, ply);
  vtt_store(&x->tt, key, m, t, x->np, x->dr.horizon ? depth : TT_DEPTH_EXACT, bound);
}

/* The moves of st into ms: the game's pruning (when asked), its order, the table move first. */
static int node_moves(multi_ctx *x, const void *st, sg_move *ms, sg_move ttmove) {
  const sg_class *c = x->c;
  int n = c->gen(x->cfg, st, ms);
  if (n > 1 && search_prunes(&x->o->s, c, c->to_move(x->cfg, st), x->root))
    n = c->prune(x->cfg, st, ms, n);
  if (c->order)
    c->order(x->cfg, st, ms, n);
  search_move_first(ms, n, ttmove);
  return n;
}

static void pv_update(multi_ctx *x, int ply, sg_move m) {
  search_pv_update(x->pv, x->pvlen, ply, m);
}

/* ---- max^n ---- */

/* The max^n value of the state at ply into vec_at(ply).  bp is the parent's player when it is
   another player (else -1) and bv its best score so far: once the mover here has v[me], the
   parent's player gets at most max_sum - v[me] - (n-2) min_each from this node, and when that
   cannot beat bv the rest is pruned (Korf's shallow pruning; the parent keeps its first best
   on ties, so "cannot beat" includes equal).  Returns 1 when the vector is the node's value,
   0 when pruning cut it short (the parent then never picks it). */
static int maxn(multi_ctx *x, int ply, int depth, int bp, int bv) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int *v = vec_at(x, ply);
  x->dr.nodes++;
  x->pvlen[ply] = 0;
  if (driver_spent(&x->dr))
    return 0;
  if (end_vector(x, st, ply, v))
    return 1;
  if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1 || ply + 1 >= x->nlevels) {
    x->dr.horizon = 1;
    x->dr.leaf = 1;   /* a real leaf: no exact-only re-search of this depth (driver.c) */
    leaf_vector(x, st, v);
    return 1;
  }
  uint64_t key = c->hash(x->cfg, st);
  sg_move ttmove = NO_MOVE;
  const vtt_entry *e = vtt_probe(&x->tt, key);
  if (e) {
    ttmove = e->move;
    if (e->depth >= depth && (!x->dr.exact_only || e->depth == TT_DEPTH_EXACT)) {
      vec_from_tt(e->vec, v, x->np, ply);
      if (e->depth != TT_DEPTH_EXACT)
        x->dr.horizon = 1;
      return 1;
    }
  }
  sg_move *ms = moves_at(x, ply);
  int n = node_moves(x, st, ms, ttmove);
  if (n == 0) {   /* a standstill the game does not call an end: score it statically */
    leaf_vector(x, st, v);
    return 1;
  }
  int me = c->to_move(x->cfg, st), best = -SG_INF, exact = 1, outer = x->dr.horizon;
  int slack = x->max_sum - (x->np - 2) * x->lo_each;
  sg_move bestmove = ms[0];
  const int *cv = vec_at(x, ply + 1);
  x->dr.horizon = 0;
  for (int i = 0; i < n; i++) {
    void *child = state_at(x, ply + 1);
    memcpy(child, st, x->ssize);
    c->play(x->cfg, child, ms[i]);
    int same = c->to_move(x->cfg, child) == me;
    maxn(x, ply + 1, depth - 1, same ? -1 : me, best);
    if (x->dr.stop)
      return 0;
    if (cv[me] > best) {
      best = cv[me], bestmove = ms[i];
      memcpy(v, cv, (size_t)x->np * sizeof(int));
      pv_update(x, ply, ms[i]);
    }
    if (x->shallow && bp >= 0 && i + 1 < n && slack - best <= bv) {
      exact = 0;
      break;
    }
  }
  if (exact)
    tt_put(x, key, bestmove, v, ply, depth, TT_EXACT);
  x->dr.horizon |= outer;
  return exact;
}

/* ---- paranoid and best-reply: alpha-beta on the root player's component ---- */

/* The move an opponent plays when it is not the one replying (multi_brs). */
static sg_move default_move(multi_ctx *x, const void *st, int *n) {
  const sg_class *c = x->c;
  sg_move *ms = x->spare;
  *n = c->gen(x->cfg, st, ms);
  if (*n == 0)
    return NO_MOVE;
  if (*n > 1 && search_prunes(&x->o->s, c, c->to_move(x->cfg, st), x->root))
    *n = c->prune(x->cfg, st, ms, *n);
  if (c->order) {
    c->order(x->cfg, st, ms, *n);
    return ms[0];
  }
  sg_rng r;
  rng_seed(&r, x->o->s.seed ^ c->hash(x->cfg, st));
  return game_random_move(c, x->cfg, ms, *n, &r);
}

/* The best-reply mode of a child, from the edge it was reached by. */
static int child_mode(multi_ctx *x, int edge, int mover, const void *child) {
  int p = x->c->to_move(x->cfg, child);
  if (mover == x->root)
    return BR_NONE;
  if (p == x->root)
    return edge == BR_SKIP ? BR_NOREPLY : BR_NONE;
  if (p == mover)
    return edge;
  return edge == BR_SKIP ? BR_NONE : BR_DONE;
}

static int pab(multi_ctx *x, int ply, int lvl, int depth, int alpha, int beta, int mode);

/* A best-reply node where the opponent to move plays its default move: no branching, no
   depth used; the value is the child's. */
static int pab_default(multi_ctx *x, int ply, int lvl, int depth, int alpha, int beta,
                       int mode) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int n, *v = vec_at(x, ply);
  sg_move m = default_move(x, st, &n);
  if (m == NO_MOVE) {
    leaf_vector(x, st, v);
    return v[x->root];
  }
  void *child = state_at(x, ply + 1);
  memcpy(child, st, x->ssize);
  c->play(x->cfg, child, m);
  int cm = child_mode(x, mode, c->to_move(x->cfg, st), child);
  int val = pab(x, ply + 1, lvl, depth, alpha, beta, cm);
  memcpy(v, vec_at(x, ply + 1), (size_t)x->np * sizeof(int));
  pv_update(x, ply, m);
  return val;
}

/* The paranoid (or best-reply) value of the state at ply for the root player, inside
   (alpha, beta); its vector into vec_at(ply).  lvl is the branching level (whose move list
   the node uses). */
static int pab(multi_ctx *x, int ply, int lvl, int depth, int alpha, int beta, int mode) {
  const sg_class *c = x->c;
  void *st = state_at(x, ply);
  int *v = vec_at(x, ply), R = x->root;
  x->dr.nodes++;
  x->pvlen[ply] = 0;
  if (driver_spent(&x->dr))
    return 0;
  if (mode == BR_NOREPLY)
    return SG_INF;   /* nobody replied in this round: not a line of best-reply search */
  if (end_vector(x, st, ply, v))
    return v[R];
  if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1 || lvl + 1 >= x->nlevels) {
    x->dr.horizon = 1;
    x->dr.leaf = 1;
    leaf_vector(x, st, v);
    return v[R];
  }
  if (mode == BR_SKIP || mode == BR_DONE)
    return pab_default(x, ply, lvl, depth, alpha, beta, mode);

  uint64_t key = c->hash(x->cfg, st) ^ (uint64_t)mode * 0x9e3779b97f4a7c15ULL;
  sg_move ttmove = NO_MOVE;
  const vtt_entry *e = vtt_probe(&x->tt, key);
  if (e) {
    ttmove = e->move;
    if (e->depth >= depth && (!x->dr.exact_only || e->depth == TT_DEPTH_EXACT)) {
      int t[SG_MAX_PLAYERS];
      vec_from_tt(e->vec, t, x->np, ply);
      int tv = t[R];
      if (e->bound == TT_EXACT || (e->bound == TT_LOWER && tv >= beta) ||
          (e->bound == TT_UPPER && tv <= alpha)) {
        memcpy(v, t, (size_t)x->np * sizeof(int));
        if (e->depth != TT_DEPTH_EXACT)
          x->dr.horizon = 1;
        return tv;
      }
    }
  }
  sg_move *ms = moves_at(x, lvl);
  int n = node_moves(x, st, ms, ttmove);
  if (n == 0) {
    leaf_vector(x, st, v);
    return v[R];
  }
  int me = c->to_move(x->cfg, st), maxing = me == R;
  /* a turn-starting opponent may also pass the reply on to a later one */
  int skip = x->algo == ALGO_BRS && !maxing && mode == BR_NONE && x->np > 2;
  int edge = maxing || x->algo != ALGO_BRS ? BR_NONE : BR_REPLY;
  int alpha0 = alpha, beta0 = beta, best = maxing ? -SG_INF : SG_INF, outer = x->dr.horizon;
  sg_move bestmove = ms[0];
  const int *cv = vec_at(x, ply + 1);
  x->dr.horizon = 0;
  for (int i = 0; i < n + skip; i++) {
    void *child = state_at(x, ply + 1);
    int val, dn;
    sg_move m;
    if (i < n) {
      m = ms[i];
      memcpy(child, st, x->ssize);
      c->play(x->cfg, child, m);
      int cm = x->algo == ALGO_BRS ? child_mode(x, edge, me, child) : BR_NONE;
      val = pab(x, ply + 1, lvl + 1, depth - 1, alpha, beta, cm);
    } else {
      m = default_move(x, st, &dn);
      memcpy(child, st, x->ssize);
      c->play(x->cfg, child, m);
      val = pab(x, ply + 1, lvl + 1, depth, alpha, beta, child_mode(x, BR_SKIP, me, child));
    }
    if (x->dr.stop)
      return 0;
    if (maxing ? val > best : val < best) {
      best = val, bestmove = m;
      memcpy(v, cv, (size_t)x->np * sizeof(int));
      if (maxing && val > alpha) {
        alpha = val;
        pv_update(x, ply, m);
      } else if (!maxing && val < beta) {
        beta = val;
        pv_update(x, ply, m);
      }
      if (alpha >= beta)
        break;
    }
  }
  if (best == SG_INF || best == -SG_INF) {   /* only lines without a reply: none counts */
    x->dr.horizon |= outer;
    return best;
  }
  int bound = best <= alpha0 ? TT_UPPER : best >= beta0 ? TT_LOWER : TT_EXACT;
  if (bestmove != NO_MOVE)
    tt_put(x, key, bestmove, v, ply, depth, bound);
  x->dr.horizon |= outer;
  return best;
}

/* ---- the root and iterative deepening of the three tree searches ---- */

/* One iteration at the root (driver_iterate); returns the root moves completed.  With a
   random margin every move within it of the best keeps an exact value (the window, or the
   pruning bound, stays at best - margin - 1). */
static int root(void *ud, int depth) {
  multi_ctx *x = ud;
  const sg_class *c = x->c;
  void *st = state_at(x, 0);
  sg_move *ms = moves_at(x, 0);
  int n = node_moves(x, st, ms, x->first), R = x->root, margin = x->o->s.random;
  int best = -SG_INF, lo = -SG_INF, *vals = x->rootvals, completed = 0;
  const int *cv = vec_at(x, 1);
  x->dr.nodes++;
  x->pvlen[0] = 0;
  for (int i = 0; i < n; i++) {
    void *child = state_at(x, 1);
    memcpy(child, st, x->ssize);
    c->play(x->cfg, child, ms[i]);
    int val;
    if (x->algo == ALGO_MAXN) {
      maxn(x, 1, depth - 1, c->to_move(x->cfg, child) == R ? -1 : R, lo);
      val = cv[R];
    } else {
      int cm = x->algo == ALGO_BRS ? child_mode(x, BR_NONE, R, child) : BR_NONE;
      val = pab(x, 1, 1, depth - 1, lo, SG_INF, cm);
    }
    if (x->dr.stop)
      break;
    vals[i] = val;
    completed++;
    if (val > best) {
      best = val;
      memcpy(x->rootvec, cv, (size_t)x->np * sizeof(int));
      pv_update(x, 0, ms[i]);
    }
    lo = margin >= 0 ? best - margin - 1 : best;
  }
  x->dr.ncand = 0;
  for (int i = 0; i < completed; i++)
    if (margin < 0 ? ms[i] == x->pv[0] : vals[i] >= best - margin)
      x->dr.cand[x->dr.ncand++] = ms[i];
  if (completed == n && n > 0)
    tt_put(x, c->hash(x->cfg, st), x->pv[0], x->rootvec, 0, depth, TT_EXACT);
  return completed;
}

/* Take the iteration just searched as the result (driver_keep). */
static void keep(void *ud, int depth, int complete) {
  multi_ctx *x = ud;
  multi_result *r = x->r;
  memcpy(r->scores, x->rootvec, (size_t)x->np * sizeof(int));
  r->depth = depth;
  r->npv = x->pvlen[0];
  memcpy(r->pv, x->pv, (size_t)r->npv * sizeof(sg_move));
  r->move = r->pv[0];
  x->first = r->move;
  if (complete)
    r->exact = !x->dr.horizon;
}

static int tree_search(int algo, const sg_class *c, const void *cfg, const void *st,
                       const multi_opts *o, multi_result *r, char *err) {
  multi_ctx x;
  memset(r, 0, sizeof *r);
  if (c->status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  if (ctx_init(&x, algo, c, cfg, st, o, err) != 0)
    return -1;
  r->nplayers = x.np;
  x.r = r;
  driver_deepen(&x.dr, root, keep, &x);
  r->stopped = x.dr.stop;
  if (x.dr.stop)
    r->exact = 0;
  sg_move first = c->gen(cfg, st, x.spare) > 0 ? x.spare[0] : NO_MOVE;
  if (!x.dr.have)
    c->eval(cfg, st, r->scores);
  r->ncand = driver_choose(&x.dr, first, &r->move, r->pv, &r->npv);
  r->nodes = x.dr.nodes;
  r->time = clock_now() - x.dr.t0;
  ctx_free(&x);
  return 0;
}

int multi_maxn(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
               multi_result *r, char *err) {
  return tree_search(ALGO_MAXN, c, cfg, st, o, r, err);
}

int multi_paranoid(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
                   multi_result *r, char *err) {
  return tree_search(ALGO_PARANOID, c, cfg, st, o, r, err);
}

int multi_brs(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
              multi_result *r, char *err) {
  return tree_search(ALGO_BRS, c, cfg, st, o, r, err);
}

/* ---- MCTS ---- */

#define NIL UINT32_MAX

typedef struct mcts_node {
  uint32_t parent, child, sibling;   /* first child; children are a list */
  sg_move move;                      /* the move from the parent */
  uint32_t visits;
  int32_t nmoves;                    /* legal moves (after pruning); -1 before the first look */
  int32_t nexp;                      /* children added so far */
  int32_t depth;
  uint64_t seed;                     /* the order in which the untried moves are added */
} mcts_node;

typedef struct mcts_ctx {
  const sg_class *c;
  const void *cfg;
  const multi_opts *o;
  int np, root;          /* players; the player to move at the root */
  mcts_node *pool;
  double *reward;        /* np per node: summed rewards */
  uint32_t cap, used;
  unsigned char *st;     /* the state of the current iteration */
  sg_move *ms;
  uint32_t *path;        /* the nodes of the current descent */
  sg_rng rng;
  uint64_t nodes;
  int maxdepth;
  double deadline;
  search_stop stop;
  uint64_t node_limit;   /* this tree's share of the node limit; 0 = none */
  uint64_t iters, it;    /* this tree's share of the iterations (0 = until a limit); done */
  const void *root_state;
  pthread_t tid;
} mcts_ctx;

static int mcts_budget(mcts_ctx *m) {
  if (m->stop)
    return 1;
  if (m->node_limit && m->nodes >= m->node_limit)
    m->stop = SEARCH_LIMIT;
  else if (interrupt_pending())
    m->stop = SEARCH_INTERRUPTED;
  else if (m->deadline && clock_now() >= m->deadline)
    m->stop = SEARCH_LIMIT;
  return m->stop != 0;
}

void multi_rewards(const sg_class *c, const void *cfg, const void *st, sg_status s,
                   int winner, double *rw) {
  int sc[SG_MAX_PLAYERS], n = c->players(cfg, st);
  if (n == 1) {   /* alone: a win is 1, anything else its evaluation squashed into (0, 1) */
    if (s == SG_WON && winner == 0) {
      rw[0] = 1.0;
      return;
    }
    c->eval(cfg, st, sc);
    double e = sc[0];
    rw[0] = 0.5 + 0.5 * e / (fabs(e) + MULTI_SOLO_SCALE);
    return;
  }
  if (s != SG_PLAYING) {   /* 1 to the winner, 0 to the others, 1/n each for a draw */
    for (int p = 0; p < n; p++)
      rw[p] = s == SG_WON ? (p == winner ? 1.0 : 0.0) : 1.0 / n;
    return;
  }
  c->eval(cfg, st, sc);   /* by rank: (players below + half those level) / (n(n-1)/2) */
  for (int p = 0; p < n; p++) {
    double below = 0;
    for (int q = 0; q < n; q++)
      if (q != p)
        below += sc[q] < sc[p] ? 1.0 : sc[q] == sc[p] ? 0.5 : 0.0;
    rw[p] = below / (n * (n - 1) / 2.0);
  }
}

static int mcts_gen(mcts_ctx *m, const void *st) {
  int n = m->c->gen(m->cfg, st, m->ms);
  if (n > 1 && search_prunes(&m->o->s, m->c, m->c->to_move(m->cfg, st), m->root))
    n = m->c->prune(m->cfg, st, m->ms, n);
  return n;
}

static uint32_t mcts_new(mcts_ctx *m, uint32_t parent, sg_move mv, int depth) {
  uint32_t i = m->used++;
  mcts_node *nd = &m->pool[i];
  nd->parent = parent, nd->child = NIL, nd->sibling = NIL, nd->move = mv;
  nd->visits = 0, nd->nmoves = -1, nd->nexp = 0, nd->depth = depth;
  nd->seed = rng_next(&m->rng);
  memset(m->reward + (size_t)i * (size_t)m->np, 0, (size_t)m->np * sizeof(double));
  if (parent != NIL) {
    nd->sibling = m->pool[parent].child;
    m->pool[parent].child = i;
  }
  if (depth > m->maxdepth)
    m->maxdepth = depth;
  return i;
}

/* The k-th move of the node's own random order of its n moves (in m->ms): a Fisher-Yates
   shuffle from the node's seed, run as far as k. */
static sg_move nth_untried(mcts_ctx *m, const mcts_node *nd, int n, int k) {
  sg_rng r;
  rng_seed(&r, nd->seed);
  for (int i = 0; i <= k; i++) {
    int j = i + (int)rng_below(&r, (uint64_t)(n - i));
    sg_move t = m->ms[i];
    m->ms[i] = m->ms[j], m->ms[j] = t;
  }
  return m->ms[k];
}

/* The child of node i (whose state is m->st) with the best UCB1 for the player to move. */
static uint32_t uct_select(mcts_ctx *m, uint32_t i) {
  int me = m->c->to_move(m->cfg, m->st);
  double logn = log((double)m->pool[i].visits + 1.0), best = -1.0;
  uint32_t pick = m->pool[i].child;
  for (uint32_t ch = m->pool[i].child; ch != NIL; ch = m->pool[ch].sibling) {
    const mcts_node *cn = &m->pool[ch];
    double u = cn->visits == 0 ? 1e300
               : m->reward[(size_t)ch * (size_t)m->np + (size_t)me] / cn->visits +
                     m->o->exploration * sqrt(logn / cn->visits);
    if (u > best)
      best = u, pick = ch;
  }
  return pick;
}

/* A random game from m->st for at most playout_depth moves; its rewards into rw.  Returns -1
   when a limit stopped it. */
static int playout(mcts_ctx *m, double *rw) {
  const sg_class *c = m->c;
  int winner = -1;
  for (int k = 0;; k++) {
    sg_status s = c->status(m->cfg, m->st, &winner);
    if (s != SG_PLAYING) {
      multi_rewards(m->c, m->cfg, m->st, s, winner, rw);
      return 0;
    }
    int n = m->o->playout_depth > 0 && k >= m->o->playout_depth ? 0 : mcts_gen(m, m->st);
    if (n == 0) {
      multi_rewards(m->c, m->cfg, m->st, SG_PLAYING, -1, rw);
      return 0;
    }
    c->play(m->cfg, m->st, game_random_move(c, m->cfg, m->ms, n, &m->rng));
    m->nodes++;
    if ((m->nodes & 1023) == 0 && mcts_budget(m))
      return -1;
  }
}

/* One iteration: descend, add a child, play out, back up.  Returns -1 when stopped. */
static int mcts_iterate(mcts_ctx *m, const void *root_state) {
  const sg_class *c = m->c;
  uint32_t i = 0;
  int np = 0;
  double rw[SG_MAX_PLAYERS];
  memcpy(m->st, root_state, c->state_size);
  m->path[np++] = 0;
  for (;;) {
    mcts_node *nd = &m->pool[i];
    if (nd->nmoves < 0)
      nd->nmoves = c->status(m->cfg, m->st, NULL) == SG_PLAYING ? mcts_gen(m, m->st) : 0;
    if (nd->nmoves == 0)
      break;   /* an end (or a standstill): the playout scores it at once */
    if (nd->nexp < nd->nmoves) {
      if (m->used >= m->cap)
        break;   /* the pool is full: play out from here */
      int n = mcts_gen(m, m->st);
      if (n <= nd->nexp)
        break;   /* fewer moves than before: only a game defined in Lua that failed (and so
                    stops the search) lists none; play out from here */
      sg_move mv = nth_untried(m, nd, n, nd->nexp);
      nd->nexp++;
      uint32_t ch = mcts_new(m, i, mv, nd->depth + 1);
      c->play(m->cfg, m->st, mv);
      m->nodes++;
      m->path[np++] = ch;
      break;
    }
    uint32_t ch = uct_select(m, i);
    c->play(m->cfg, m->st, m->pool[ch].move);
    m->nodes++;
    m->path[np++] = ch;
    i = ch;
  }
  if (playout(m, rw) != 0)
    return -1;
  for (int k = 0; k < np; k++) {
    uint32_t j = m->path[k];
    m->pool[j].visits++;
    double *t = m->reward + (size_t)j * (size_t)m->np;
    for (int p = 0; p < m->np; p++)
      t[p] += rw[p];
  }
  return 0;
}

static uint32_t most_visited(const mcts_ctx *m, uint32_t i) {
  uint32_t best = NIL;
  for (uint32_t ch = m->pool[i].child; ch != NIL; ch = m->pool[ch].sibling)
    if (best == NIL || m->pool[ch].visits > m->pool[best].visits)
      best = ch;
  return best;
}

static void mcts_free(mcts_ctx *m) {
  free(m->pool), free(m->reward), free(m->st), free(m->ms), free(m->path);
}

/* A tree of at most cap nodes and the buffers of an iteration; -1 without memory. */
static int mcts_alloc(mcts_ctx *m, uint64_t cap) {
  const sg_class *c = m->c;
  m->cap = (uint32_t)cap;
  m->pool = malloc((size_t)cap * sizeof(mcts_node));
  m->reward = malloc((size_t)cap * (size_t)m->np * sizeof(double));
  m->st = malloc(c->state_size);
  m->ms = malloc((size_t)c->max_moves * sizeof(sg_move));
  m->path = malloc((size_t)cap * sizeof(uint32_t));
  if (!m->pool || !m->reward || !m->st || !m->ms || !m->path) {
    mcts_free(m);
    return -1;
  }
  return 0;
}

/* One tree's iterations from the root state until its share or a limit is spent. */
static void *mcts_run(void *arg) {
  mcts_ctx *m = arg;
  mcts_new(m, NIL, NO_MOVE, 0);
  while (!m->iters || m->it < m->iters) {
    if (mcts_budget(m) || mcts_iterate(m, m->root_state) != 0)
      break;
    m->it++;
  }
  return NULL;
}

/* Root parallelism: the trees' root children joined by move, visits and rewards summed; the
   most visited move (ties: the first in the game's order), its PV from the tree that visited
   it most.  Fills r's move, rewards and PV. */
static void mcts_join(mcts_ctx *ms, int nt, const void *st, multi_result *r) {
  mcts_ctx *m0 = &ms[0];
  int n = mcts_gen(m0, st), np = m0->np, best = -1;
  uint64_t bv = 0;
  double sum[SG_MAX_PLAYERS];
  for (int j = 0; j < n; j++) {
    uint64_t v = 0;
    for (int t = 0; t < nt; t++)
      for (uint32_t ch = ms[t].pool[0].child; ch != NIL; ch = ms[t].pool[ch].sibling)
        if (ms[t].pool[ch].move == m0->ms[j])
          v += ms[t].pool[ch].visits;
    if (best < 0 || v > bv)
      best = j, bv = v;
  }
  sg_move mv = m0->ms[best < 0 ? 0 : best];
  r->move = mv;
  r->pv[0] = mv;
  r->npv = 1;
  if (bv == 0)
    return;   /* stopped before the first iteration */
  memset(sum, 0, sizeof sum);
  int from = -1;
  uint32_t from_node = NIL;
  for (int t = 0; t < nt; t++)
    for (uint32_t ch = ms[t].pool[0].child; ch != NIL; ch = ms[t].pool[ch].sibling)
      if (ms[t].pool[ch].move == mv) {
        for (int p = 0; p < np; p++)
          sum[p] += ms[t].reward[(size_t)ch * (size_t)np + (size_t)p];
        if (from < 0 || ms[t].pool[ch].visits > ms[from].pool[from_node].visits)
          from = t, from_node = ch;
      }
  for (int p = 0; p < np; p++) {
    r->rewards[p] = sum[p] / (double)bv;
    r->scores[p] = (int)lround(1000.0 * r->rewards[p]);
  }
  const mcts_ctx *f = &ms[from];
  for (uint32_t k = most_visited(f, from_node); k != NIL && f->pool[k].visits > 0 &&
       r->npv < SEARCH_MAX_PLY; k = most_visited(f, k))
    r->pv[r->npv++] = f->pool[k].move;
}

/* Thread t's share of a total: total / nt, the first total % nt threads one more. */
static uint64_t share(uint64_t total, int nt, int t) {
  return total / (uint64_t)nt + ((uint64_t)t < total % (uint64_t)nt);
}

int multi_mcts(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
               multi_result *r, char *err) {
  memset(r, 0, sizeof *r);
  if (c->status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  int np = c->players(cfg, st);
  if (np < 1 || np > SG_MAX_PLAYERS) {
    snprintf(err, SG_ERRLEN, "search: %s has %d players, at most %d are searched", c->name,
             np, SG_MAX_PLAYERS);
    return -1;
  }
  int nt = o->s.threads < 1 ? 1 : o->s.threads > MULTI_MAX_THREADS ? MULTI_MAX_THREADS
                                                                   : o->s.threads;
  uint64_t iters = o->iterations;
  if (iters == 0 && o->s.time <= 0 && o->s.nodes == 0)
    iters = 10000;
  if (iters && iters < (uint64_t)nt)
    nt = (int)iters;   /* a tree without an iteration would only cost memory */
  mcts_ctx *ms = calloc((size_t)nt, sizeof *ms);
  if (!ms) {
    snprintf(err, SG_ERRLEN, "search: out of memory (%d trees)", nt);
    return -1;
  }
  double t0 = clock_now();
  /* each tree its share of the iterations, the nodes and the memory, and its own seed (the
     search's seed for the first: one thread searches as it always has) */
  for (int t = 0; t < nt; t++) {
    mcts_ctx *m = &ms[t];
    m->c = c, m->cfg = cfg, m->o = o, m->np = np, m->root = c->to_move(cfg, st);
    m->root_state = st;
    m->iters = share(iters, nt, t);
    m->node_limit = share(o->s.nodes, nt, t);
    size_t per = sizeof(mcts_node) + (size_t)np * sizeof(double);
    uint64_t cap = o->s.hash_bytes / (uint64_t)nt / per;
    if (m->iters && m->iters + 1 < cap)
      cap = m->iters + 1;
    if (cap < 2)
      cap = 2;
    if (cap > UINT32_MAX - 1)
      cap = UINT32_MAX - 1;
    if (mcts_alloc(m, cap) != 0) {
      for (int k = 0; k < t; k++)
        mcts_free(&ms[k]);
      free(ms);
      snprintf(err, SG_ERRLEN, "search: out of memory (a tree of %llu nodes)",
               (unsigned long long)cap);
      return -1;
    }
    rng_seed(&m->rng, t == 0 ? o->s.seed : o->s.seed ^ (uint64_t)t * 0x9e3779b97f4a7c15ULL);
    m->deadline = o->s.time > 0 ? t0 + o->s.time : 0;
  }
  int started = 0;   /* trees 1.. on their own threads; one that cannot start runs here */
  for (int t = 1; t < nt; t++)
    if (pthread_create(&ms[t].tid, NULL, mcts_run, &ms[t]) == 0)
      started = t;
    else
      break;
  mcts_run(&ms[0]);
  for (int t = 1; t <= started; t++)
    pthread_join(ms[t].tid, NULL);
  for (int t = started + 1; t < nt; t++)
    mcts_run(&ms[t]);
  r->nplayers = np;
  r->ncand = 1;
  for (int t = 0; t < nt; t++) {
    r->iterations += ms[t].it;
    r->nodes += ms[t].nodes;
    r->tree_nodes += ms[t].used;
    if (ms[t].maxdepth > r->depth)
      r->depth = ms[t].maxdepth;
    if (ms[t].stop > r->stopped)
      r->stopped = ms[t].stop;   /* an interrupt before a limit */
  }
  mcts_ctx *m = &ms[0];
  uint32_t b = most_visited(m, 0);
  if (nt > 1)
    mcts_join(ms, nt, st, r);
  else if (b == NIL) {   /* stopped before the first iteration */
    mcts_gen(m, st);
    r->move = m->ms[0];
    r->pv[0] = r->move;
    r->npv = 1;
  } else {
    r->move = m->pool[b].move;
    for (uint32_t k = b; k != NIL && m->pool[k].visits > 0 && r->npv < SEARCH_MAX_PLY;
         k = most_visited(m, k))
      r->pv[r->npv++] = m->pool[k].move;
    for (int p = 0; p < np; p++) {
      r->rewards[p] = m->reward[(size_t)b * (size_t)np + (size_t)p] / m->pool[b].visits;
      r->scores[p] = (int)lround(1000.0 * r->rewards[p]);
    }
  }
  r->time = clock_now() - t0;
  for (int t = 0; t < nt; t++)
    mcts_free(&ms[t]);
  free(ms);
  return 0;
}
