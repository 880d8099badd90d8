/* chesssearch.c: chess's alpha-beta (see chesssearch.h).  Everything a search touches is
   allocated with the engine; a search allocates nothing. */
#include <stdlib.h>
#include <string.h>

#include "chesssearch.h"
#include "core/clock.h"
#include "core/rng.h"

#define INF 32500
#define NO_MOVE 0u

typedef struct ply_data {
  sg_move moves[CH_MAX_MOVES];
  int keys[CH_MAX_MOVES];
  sg_move killer[2];
  int static_eval;
} ply_data;

struct chs_engine {
  tt_table tt;
  int history[2][64][64];
  ply_data ply[CHS_MAX_PLY + 1];
  sg_move pv[CHS_MAX_PLY + 1][CHS_MAX_PLY + 1];
  int pvlen[CHS_MAX_PLY + 1];
  uint64_t path[CH_HIST + CHS_MAX_PLY + 8];   /* keys: game history then the search path */
  chs_evalfn evalfn;
  void *eval_ud;
  /* per search */
  const ch_cfg *cfg;
  const chs_limits *lim;
  volatile int *stopflag;
  uint64_t nodes;
  double t0, soft, hard;     /* soft: no new iteration after it; hard: stop at once */
  int stop, seldepth, root_side;
  int npath;
};

chs_engine *chs_new(size_t hash_bytes) {
  chs_engine *e = calloc(1, sizeof *e);
  if (!e)
    return NULL;
  if (tt_init(&e->tt, hash_bytes) != 0) {
    free(e);
    return NULL;
  }
  return e;
}

void chs_free(chs_engine *e) {
  if (!e)
    return;
  tt_free(&e->tt);
  free(e);
}

void chs_clear(chs_engine *e) {
  tt_clear(&e->tt);
  memset(e->history, 0, sizeof e->history);
  for (int i = 0; i <= CHS_MAX_PLY; i++)
    e->ply[i].killer[0] = e->ply[i].killer[1] = NO_MOVE;
}

int chs_resize(chs_engine *e, size_t hash_bytes) {
  tt_table t;
  if (tt_init(&t, hash_bytes) != 0)
    return -1;
  tt_free(&e->tt);
  e->tt = t;
  return 0;
}

void chs_set_eval(chs_engine *e, chs_evalfn fn, void *ud) {
  e->evalfn = fn;
  e->eval_ud = ud;
}

/* ---- budget ---- */

static int out_of_budget(chs_engine *e) {
  if (e->stop)
    return 1;
  if (e->lim->nodes && e->nodes >= e->lim->nodes)
    e->stop = 1;
  else if ((e->nodes & 1023) == 0) {
    if ((e->stopflag && *e->stopflag) || interrupt_pending())
      e->stop = 1;
    else if (e->hard > 0 && clock_now() >= e->hard)
      e->stop = 1;
  }
  return e->stop;
}

static int evaluate(chs_engine *e, const ch_pos *p) {
  if (e->evalfn) {
    int stop = 0;
    int v = e->evalfn(e->eval_ud, p, &stop);
    if (stop)
      e->stop = 1;
    if (v > CHS_MATE_BOUND - 1)
      v = CHS_MATE_BOUND - 1;
    if (v < -CHS_MATE_BOUND + 1)
      v = -CHS_MATE_BOUND + 1;
    return v;
  }
  return chess_eval(e->cfg, p);
}

/* ---- ordering ---- */

static const int victim_value[8] = {100, 320, 330, 500, 900, 0, 0, 0};

static void score_moves(chs_engine *e, const ch_pos *p, ply_data *pd, int n, sg_move ttmove,
                        int ply) {
  for (int i = 0; i < n; i++) {
    sg_move m = pd->moves[i];
    int k;
    if (m == ttmove)
      k = 1 << 30;
    else if (CH_IS_CAPTURE(m) || CH_PROMO(m) == CH_QUEEN) {
      int mvv = victim_value[CH_CAPT(m)] * 16 - CH_PIECE(m) + (CH_PROMO(m) == CH_QUEEN ? 8000 : 0);
      /* captures that lose material by exchange go after the quiet moves */
      k = (CH_IS_CAPTURE(m) && victim_value[CH_CAPT(m)] < victim_value[CH_PIECE(m)] &&
           chess_see(e->cfg, p, m) < 0)
              ? -(1 << 20) + mvv
              : (1 << 28) + mvv;
    } else if (m == e->ply[ply].killer[0])
      k = (1 << 27);
    else if (m == e->ply[ply].killer[1])
      k = (1 << 27) - 1;
    else
      k = e->history[p->side][CH_FROM(m)][CH_TO(m)];
    pd->keys[i] = k;
  }
}

/* Bring the best remaining move to position i (selection: cut-offs usually come early). */
static sg_move pick(ply_data *pd, int n, int i) {
  int b = i;
  for (int j = i + 1; j < n; j++)
    if (pd->keys[j] > pd->keys[b])
      b = j;
  sg_move m = pd->moves[b];
  int k = pd->keys[b];
  pd->moves[b] = pd->moves[i], pd->keys[b] = pd->keys[i];
  pd->moves[i] = m, pd->keys[i] = k;
  return m;
}

static int to_tt(int v, int ply) {
  return v > CHS_MATE_BOUND ? v + ply : v < -CHS_MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply) {
  return v > CHS_MATE_BOUND ? v - ply : v < -CHS_MATE_BOUND ? v + ply : v;
}

static void pv_set(chs_engine *e, int ply, sg_move m) {
  e->pv[ply][0] = m;
  int n = ply + 1 <= CHS_MAX_PLY ? e->pvlen[ply + 1] : 0;
  if (n > CHS_MAX_PLY - 1)
    n = CHS_MAX_PLY - 1;
  memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)n * sizeof(sg_move));
  e->pvlen[ply] = n + 1;
}

/* A repetition since the last irreversible move (on the path or in the game) is a draw. */
static int repeated(const chs_engine *e, const ch_pos *p) {
  int stop = e->npath - p->halfmove;
  if (stop < 0)
    stop = 0;
  for (int i = e->npath - 2; i >= stop; i -= 2)
    if (e->path[i] == p->key)
      return 1;
  return 0;
}

static int non_pawn_material(const ch_pos *p, int c) {
  return p->pieces[c][CH_KNIGHT] || p->pieces[c][CH_BISHOP] || p->pieces[c][CH_ROOK] ||
         p->pieces[c][CH_QUEEN];
}

/* ---- quiescence: captures, promotions, and at its first ply quiet checks ---- */

static int qsearch(chs_engine *e, const ch_pos *p, int ply, int qply, int alpha, int beta) {
  e->nodes++;
  e->pvlen[ply] = 0;
  if (ply > e->seldepth)
    e->seldepth = ply;
  if (out_of_budget(e))
    return 0;
  ply_data *pd = &e->ply[ply];
  int incheck = chess_in_check(p);
  if (ply >= CHS_MAX_PLY - 1)
    return incheck ? 0 : evaluate(e, p);
  int n, best = -INF;
  if (incheck) {
    n = chess_gen(p, pd->moves);
    if (n == 0)
      return -CHS_MATE + ply;
  } else {
    int stand = evaluate(e, p);
    if (stand >= beta)
      return stand;
    if (stand > alpha)
      alpha = stand;
    best = stand;
    if (qply == 0) {
      n = chess_gen(p, pd->moves);   /* captures, promotions and checking moves */
      int k = 0;
      for (int i = 0; i < n; i++) {
        sg_move m = pd->moves[i];
        if (CH_IS_CAPTURE(m) || CH_PROMO(m) == CH_QUEEN || chess_gives_check(p, m))
          pd->moves[k++] = m;
      }
      n = k;
    } else
      n = chess_gen_noisy(p, pd->moves);
  }
  for (int i = 0; i < n; i++) {
    sg_move m = pd->moves[i];
    pd->keys[i] = CH_IS_CAPTURE(m) ? victim_value[CH_CAPT(m)] * 16 - CH_PIECE(m) : 0;
    if (CH_PROMO(m) == CH_QUEEN)
      pd->keys[i] += 8000;
  }
  for (int i = 0; i < n; i++) {
    sg_move m = pick(pd, n, i);
    if (!incheck && CH_IS_CAPTURE(m) && !CH_PROMO(m) &&
        victim_value[CH_CAPT(m)] < victim_value[CH_PIECE(m)] && chess_see(e->cfg, p, m) < 0)
      continue;   /* a losing capture does not change the verdict of a quiet position */
    ch_pos q = *p;
    chess_make(&q, m);
    int v = -qsearch(e, &q, ply + 1, qply + 1, -beta, -alpha);
    if (e->stop)
      return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        pv_set(e, ply, m);
        if (v >= beta)
          break;
      }
    }
  }
  return best;
}

/* ---- the main search ---- */

static int search(chs_engine *e, const ch_pos *p, int ply, int depth, int alpha, int beta,
                  int null_ok) {
  int pvnode = beta - alpha > 1;
  e->pvlen[ply] = 0;
  const ch_cfg *cf = e->cfg;
  int fifty = cf->draw_fifty && p->halfmove >= cf->draw_fifty;
  if (ply && (fifty || (cf->repetitions && repeated(e, p)) || chess_insufficient(p))) {
    e->nodes++;
    if (fifty && chess_in_check(p)) {
      sg_move tmp[CH_MAX_MOVES];
      if (chess_gen(p, tmp) == 0)
        return -CHS_MATE + ply;
    }
    return 0;
  }
  int incheck = chess_in_check(p);
  if (incheck)
    depth++;   /* check extension */
  if (depth <= 0)
    return qsearch(e, p, ply, 0, alpha, beta);
  e->nodes++;
  if (ply > e->seldepth)
    e->seldepth = ply;
  if (out_of_budget(e))
    return 0;
  if (ply >= CHS_MAX_PLY - 1)
    return evaluate(e, p);
  /* mate distance pruning: no line from here beats a mate already found closer to the root */
  if (ply) {
    int lo = -CHS_MATE + ply, hi = CHS_MATE - ply - 1;
    if (alpha < lo)
      alpha = lo;
    if (beta > hi)
      beta = hi;
    if (alpha >= beta)
      return alpha;
  }

  sg_move ttmove = NO_MOVE;
  const tt_entry *te = tt_probe(&e->tt, p->key);
  if (te) {
    ttmove = te->move;
    if (!pvnode && ply && te->depth >= depth) {
      int tv = from_tt(te->score, ply);
      if (te->bound == TT_EXACT || (te->bound == TT_LOWER && tv >= beta) ||
          (te->bound == TT_UPPER && tv <= alpha))
        return tv;
    }
  }

  ply_data *pd = &e->ply[ply];
  int static_eval = incheck ? -INF : evaluate(e, p);
  pd->static_eval = static_eval;

  /* null move: if passing still fails high, a real move will too (not in check, not in
     pawn endings where zugzwang is common) */
  if (!pvnode && null_ok && !incheck && depth >= 3 && static_eval >= beta &&
      non_pawn_material(p, p->side) && beta > -CHS_MATE_BOUND) {
    ch_pos q = *p;
    chess_make_null(&q);
    int r = 2 + depth / 4;
    e->path[e->npath++] = p->key;
    int v = -search(e, &q, ply + 1, depth - 1 - r, -beta, -beta + 1, 0);
    e->npath--;
    if (e->stop)
      return 0;
    if (v >= beta)
      return v > CHS_MATE_BOUND ? beta : v;
  }

  int n = chess_gen(p, pd->moves);
  if (n == 0)
    return incheck ? -CHS_MATE + ply : 0;
  score_moves(e, p, pd, n, ttmove, ply);

  int best = -INF, alpha0 = alpha;
  sg_move bestmove = NO_MOVE;
  e->path[e->npath++] = p->key;
  for (int i = 0; i < n; i++) {
    sg_move m = pick(pd, n, i);
    ch_pos q = *p;
    chess_make(&q, m);
    int quiet = !CH_IS_CAPTURE(m) && !CH_PROMO(m);
    int gives = chess_in_check(&q);
    int v;
    if (i == 0)
      v = -search(e, &q, ply + 1, depth - 1, -beta, -alpha, 1);
    else {
      /* late quiet moves are searched shallower first (late move reductions) */
      int red = 0;
      if (depth >= 3 && i >= 3 && quiet && !incheck && !gives && m != pd->killer[0] &&
          m != pd->killer[1]) {
        red = 1 + (i >= 8) + (depth >= 8);
        if (pvnode && red > 1)
          red--;
      }
      v = -search(e, &q, ply + 1, depth - 1 - red, -alpha - 1, -alpha, 1);
      if (v > alpha && red)
        v = -search(e, &q, ply + 1, depth - 1, -alpha - 1, -alpha, 1);
      if (v > alpha && v < beta)
        v = -search(e, &q, ply + 1, depth - 1, -beta, -alpha, 1);
    }
    if (e->stop) {
      e->npath--;
      return 0;
    }
    if (v > best) {
      best = v, bestmove = m;
      if (v > alpha) {
        alpha = v;
        pv_set(e, ply, m);
        if (v >= beta) {
          if (quiet) {
            if (pd->killer[0] != m)
              pd->killer[1] = pd->killer[0], pd->killer[0] = m;
            int *h = &e->history[p->side][CH_FROM(m)][CH_TO(m)];
            *h += depth * depth;
            if (*h > (1 << 20))
              for (int a = 0; a < 2; a++)
                for (int b = 0; b < 64; b++)
                  for (int c = 0; c < 64; c++)
                    e->history[a][b][c] /= 2;
          }
          break;
        }
      }
    }
  }
  e->npath--;
  int bound = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
  tt_store(&e->tt, p->key, bestmove, to_tt(best, ply), depth > 250 ? 250 : depth, bound);
  return best;
}

static void fill_info(chs_engine *e, chs_info *info, int depth, int score, int bound) {
  info->depth = depth;
  info->seldepth = e->seldepth;
  info->score = score;
  info->bound = bound;
  info->mate = score > CHS_MATE_BOUND ? (CHS_MATE - score + 1) / 2
               : score < -CHS_MATE_BOUND ? -(CHS_MATE + score) / 2 : 0;
  info->nodes = e->nodes;
  info->time = clock_now() - e->t0;
  info->tt_hits = e->tt.hits;
  info->npv = e->pvlen[0];
  memcpy(info->pv, e->pv[0], (size_t)info->npv * sizeof(sg_move));
}

/* Time for this move: a share of the clock plus most of the increment; the soft limit ends
   the deepening, the hard one stops the search. */
static void plan_time(chs_engine *e, const chs_limits *l) {
  e->soft = e->hard = 0;
  if (l->infinite)
    return;
  if (l->movetime > 0) {
    e->soft = e->hard = e->t0 + l->movetime;
    return;
  }
  if (l->time_left >= 0 && (l->time_left > 0 || l->increment > 0)) {
    double left = l->time_left, moves = l->movestogo > 0 ? l->movestogo + 1 : 30;
    double slot = left / moves + l->increment * 0.75;
    double cap = left * 0.5 - 0.02;
    if (slot > cap)
      slot = cap;
    if (slot < 0.005)
      slot = 0.005;
    e->soft = e->t0 + slot * 0.6;
    e->hard = e->t0 + (slot * 2.5 < cap ? slot * 2.5 : (cap > slot ? cap : slot));
  }
}

/* Random choice among near-best moves: every root move is tested with a null window at the
   depth below the last completed one (does it reach best - margin?); one of those that do is
   chosen with the seed.  The deadline still holds: a stopped test keeps the best move. */
static void pick_random(chs_engine *e, const ch_pos *p, const chs_limits *l, sg_move *ms,
                        int n, chs_info *out) {
  int bar = out->score - l->random, depth = out->depth > 1 ? out->depth - 1 : 1;
  sg_move cand[CH_MAX_MOVES];
  int nc = 0;
  double hard = e->hard;
  if (e->soft > 0)
    e->hard = e->soft + (e->hard - e->soft) / 2;
  e->path[e->npath++] = p->key;
  for (int i = 0; i < n && !e->stop; i++) {
    if (ms[i] == out->pv[0]) {
      cand[nc++] = ms[i];
      continue;
    }
    ch_pos q = *p;
    chess_make(&q, ms[i]);
    int v = -search(e, &q, 1, depth - 1, -bar, -bar + 1, 1);
    if (!e->stop && v >= bar)
      cand[nc++] = ms[i];
  }
  e->npath--;
  e->hard = hard;
  if (e->stop || nc <= 1)
    return;
  sg_rng r;
  rng_seed(&r, l->seed);
  sg_move m = cand[rng_below(&r, (uint64_t)nc)];
  out->ncand = nc;
  if (m != out->pv[0]) {
    out->pv[0] = m;
    out->npv = 1;
  }
}

int chs_search(chs_engine *e, const ch_cfg *cfg, const ch_state *s, const chs_limits *l,
               volatile int *stop, chs_report report, void *ud, chs_info *out) {
  memset(out, 0, sizeof *out);
  const ch_pos *p = &s->p;
  e->cfg = cfg, e->lim = l, e->stopflag = stop;
  e->nodes = 0, e->stop = stop && *stop, e->seldepth = 0;
  e->t0 = clock_now();
  e->tt.hits = 0;
  plan_time(e, l);
  e->root_side = p->side;
  memcpy(e->path, s->keys, (size_t)s->nkeys * sizeof(uint64_t));
  e->npath = s->nkeys;
  for (int i = 0; i <= CHS_MAX_PLY; i++)
    e->ply[i].killer[0] = e->ply[i].killer[1] = NO_MOVE;
  sg_move rootmoves[CH_MAX_MOVES];
  int nroot = chess_gen(p, rootmoves);
  if (nroot == 0)
    return -1;
  out->pv[0] = rootmoves[0];
  out->npv = 1;
  int maxd = l->depth > 0 && l->depth < CHS_MAX_PLY - 2 ? l->depth : CHS_MAX_PLY - 2;
  int score = 0;
  for (int d = 1; d <= maxd; d++) {
    int delta = 25, lo = -INF, hi = INF;
    if (d >= 5 && score > -CHS_MATE_BOUND && score < CHS_MATE_BOUND)
      lo = score - delta, hi = score + delta;
    int v;
    for (;;) {   /* aspiration: widen on a fail until the score falls inside the window */
      e->seldepth = 0;
      v = search(e, p, 0, d, lo, hi, 0);
      if (e->stop)
        break;
      if (v <= lo) {
        if (report) {
          chs_info t;
          fill_info(e, &t, d, lo, 2);
          report(ud, &t);
        }
        lo = lo - delta < -INF ? -INF : lo - delta;
      } else if (v >= hi) {
        hi = hi + delta > INF ? INF : hi + delta;
      } else
        break;
      delta *= 2;
      if (delta > 1000)
        lo = -INF, hi = INF;
    }
    if (e->stop) {
      /* a stopped iteration still improves on the last when its first move was searched and
         changed; keep the completed one otherwise */
      break;
    }
    score = v;
    fill_info(e, out, d, v, 0);
    if (report)
      report(ud, out);
    if (l->depth == 0 && !l->infinite && e->soft > 0 && clock_now() >= e->soft)
      break;
    if (nroot == 1 && !l->infinite && l->depth == 0 && d >= 4)
      break;   /* the only move: no need to think long */
    if (out->mate && out->mate > 0 && d >= 2 * out->mate + 2 && !l->infinite && l->depth == 0)
      break;   /* a forced mate found and confirmed */
  }
  out->ncand = 1;
  if (l->random >= 0 && out->depth >= 1 && nroot > 1 && !out->mate)
    pick_random(e, p, l, rootmoves, nroot, out);
  if (out->depth == 0) {   /* stopped before depth 1 finished: the first legal move */
    out->pv[0] = rootmoves[0];
    out->npv = 1;
  }
  out->nodes = e->nodes;
  out->time = clock_now() - e->t0;
  out->tt_hits = e->tt.hits;
  return 0;
}
