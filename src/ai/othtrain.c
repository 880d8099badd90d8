/* othtrain.c: Othello's pattern weights fitted to exact values.  Self-play games from a seed
   (random opening plies, then 1-ply greedy play with a policy evaluation) are solved exactly
   at a fixed number of empty squares; every position of a game from the end of its random
   opening takes that exact margin (from its mover's side) as its label, and the positions of
   the solver's principal variation to the end take it too.  The weights of each stage are then
   fitted by normalised least mean squares (a stochastic gradient step on the squared error,
   divided by the squared norm of the position's features), in a seeded random order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "core/clock.h"
#include "core/rng.h"
#include "othsolve.h"
#include "othtrain.h"

#define CORNERS 0x8100000000000081ULL

typedef struct sample {
  uint64_t me, opp;
  int8_t label;        /* the exact margin for the side to move */
  uint8_t held;        /* held out of the fit */
} sample;

typedef struct sample_vec {
  sample *v;
  size_t n, cap;
} sample_vec;

static int push(sample_vec *s, uint64_t me, uint64_t opp, int label, int held) {
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 65536;
    sample *v = realloc(s->v, cap * sizeof *v);
    if (!v)
      return -1;
    s->v = v, s->cap = cap;
  }
  s->v[s->n++] = (sample){me, opp, (int8_t)label, (uint8_t)held};
  return 0;
}

void otrain_opts_default(otrain_opts *o) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  o->games = 20000;
  o->solve_empties = 14;
  o->random_min = 4, o->random_max = 20;
  o->epochs = 12;
  o->rate = 0.1;
  o->holdout = 10;
  o->policy_depth = 1;
}

/* The policy's value of the position for `me` to move (greater is better for me). */
static int policy_value(const otrain_opts *o, uint64_t me, uint64_t opp) {
  if (o->policy)
    return othp_eval(o->policy, me, opp);
  uint64_t mm = oth_moves(me, opp), mo = oth_moves(opp, me);
  return 2 * (bits_count64(mm) - bits_count64(mo)) +
         16 * (bits_count64(me & CORNERS) - bits_count64(opp & CORNERS));
}

/* Negamax with alpha-beta to depth d on the policy's value (the players' look-ahead). */
static int policy_search(const otrain_opts *o, uint64_t me, uint64_t opp, int d, int alpha,
                         int beta) {
  if (d == 0)
    return policy_value(o, me, opp);
  uint64_t moves = oth_moves(me, opp);
  if (!moves) {
    if (!oth_moves(opp, me))
      return 10000 * (bits_count64(me) - bits_count64(opp));
    return -policy_search(o, opp, me, d, -beta, -alpha);
  }
  int best = -1000000;
  for (; moves; moves &= moves - 1) {
    int sq = bits_first64(moves);
    uint64_t f = oth_flips(me, opp, sq);
    int v = -policy_search(o, opp & ~f, me | f | 1ULL << sq, d - 1, -beta, -alpha);
    if (v > best) {
      best = v;
      if (v > alpha)
        alpha = v;
      if (alpha >= beta)
        break;
    }
  }
  return best;
}

/* The move of one ply: random during the opening, else the best for the policy's search to
   policy_depth (ties broken at random). */
static int choose(const otrain_opts *o, sg_rng *rng, uint64_t me, uint64_t opp, uint64_t moves,
                  int random) {
  int n = bits_count64(moves);
  if (random) {
    int k = (int)rng_below(rng, (uint64_t)n);
    while (k--)
      moves &= moves - 1;
    return bits_first64(moves);
  }
  int best = 0, bestv = 0, ties = 0;
  for (uint64_t m = moves; m; m &= m - 1) {
    int sq = bits_first64(m);
    uint64_t f = oth_flips(me, opp, sq);
    /* a window one above the best so far: ties are told apart, worse moves cut */
    int v = -policy_search(o, opp & ~f, me | f | 1ULL << sq, o->policy_depth - 1, -1000000,
                           ties ? -bestv + 1 : 1000000);
    if (ties == 0 || v > bestv)
      best = sq, bestv = v, ties = 1;
    else if (v == bestv && rng_below(rng, (uint64_t)++ties) == 0)
      best = sq;
  }
  return best;
}

/* One game: its positions from the end of the opening to the end, labelled. */
static int play_game(const otrain_opts *o, sg_rng *rng, int held, sample_vec *s,
                     uint64_t *nodes, char *err, size_t errlen) {
  uint64_t me = 1ULL << 28 | 1ULL << 35, opp = 1ULL << 27 | 1ULL << 36;   /* black to move */
  int nrand = o->random_min +
              (int)rng_below(rng, (uint64_t)(o->random_max - o->random_min + 1));
  size_t first = s->n;
  int side = 0;                 /* 0: black to move */
  int8_t sides[64];             /* the mover of each recorded position */
  int nrec = 0;
  for (int ply = 0;; ply++) {
    uint64_t moves = oth_moves(me, opp);
    if (!moves) {
      if (!oth_moves(opp, me))
        break;                  /* over before the solve point: labelled by the final count */
      uint64_t t = me;
      me = opp, opp = t, side ^= 1;
      continue;
    }
    int empties = 64 - bits_count64(me | opp);
    if (empties <= o->solve_empties)
      break;
    if (ply >= nrand && nrec < 64) {
      if (push(s, me, opp, 0, held) != 0)
        goto nomem;
      sides[nrec++] = (int8_t)side;
    }
    int sq = choose(o, rng, me, opp, moves, ply < nrand);
    uint64_t f = oth_flips(me, opp, sq);
    uint64_t t = me | f | 1ULL << sq;
    me = opp & ~f, opp = t, side ^= 1;
  }
  int margin;   /* for `side` */
  if (!oth_moves(me, opp) && !oth_moves(opp, me)) {
    margin = bits_count64(me) - bits_count64(opp);
  } else {
    osolve_opts so;
    osolve_result r;
    char e[SG_ERRLEN];
    osolve_opts_default(&so);
    so.hash_bytes = (size_t)1 << 20;
    if (osolve_run(me, opp, &so, &r, e) != 0) {
      snprintf(err, errlen, "%s", e);
      return -1;
    }
    if (r.stopped == OSOLVE_INTERRUPTED) {
      snprintf(err, errlen, "interrupted");
      return -1;
    }
    *nodes += r.nodes;
    margin = r.margin;
    /* the principal variation's positions have the same value, up to the sign */
    uint64_t P = me, O = opp;
    int v = margin;
    for (int i = 0; i < r.npv; i++) {
      if (r.pv[i] != OTH_PASS) {
        if (push(s, P, O, v, held) != 0)
          goto nomem;
        uint64_t f = oth_flips(P, O, r.pv[i]);
        uint64_t t = P | f | 1ULL << r.pv[i];
        P = O & ~f, O = t;
      } else {
        uint64_t t = P;
        P = O, O = t;
      }
      v = -v;
    }
  }
  for (int i = 0; i < nrec; i++)
    s->v[first + (size_t)i].label = (int8_t)(sides[i] == side ? margin : -margin);
  return 0;
nomem:
  snprintf(err, errlen, "othello training: out of memory (%zu positions)", s->n);
  return -1;
}

/* The weights' value of a position's features, in discs. */
static double predict(const float *w, const othp_features *f) {
  const float *t = w + (size_t)f->stage * OTHP_STAGE_SIZE;
  double v = 0;
  for (int i = 0; i < OTHP_NFEAT; i++)
    v += (double)t[f->idx[i]] * f->val[i];
  return v;
}

static void fit(const otrain_opts *o, sample_vec *s, float *w, sg_rng *rng) {
  size_t *order = malloc(s->n * sizeof *order);
  size_t n = 0;
  if (!order)
    return;
  for (size_t i = 0; i < s->n; i++)
    if (!s->v[i].held)
      order[n++] = i;
  for (int e = 0; e < o->epochs; e++) {
    for (size_t i = n; i > 1; i--) {   /* a seeded shuffle */
      size_t j = (size_t)rng_below(rng, (uint64_t)i), t = order[i - 1];
      order[i - 1] = order[j], order[j] = t;
    }
    double rate = o->rate * (1.0 - 0.9 * e / (o->epochs > 1 ? o->epochs - 1 : 1));
    for (size_t k = 0; k < n; k++) {
      const sample *p = &s->v[order[k]];
      othp_features f;
      othp_features_of(p->me, p->opp, &f);
      double norm = 0;
      for (int i = 0; i < OTHP_NFEAT; i++)
        norm += (double)f.val[i] * f.val[i];
      double step = rate * (p->label - predict(w, &f)) / norm;
      float *t = w + (size_t)f.stage * OTHP_STAGE_SIZE;
      for (int i = 0; i < OTHP_NFEAT; i++)
        t[f.idx[i]] += (float)(step * f.val[i]);
    }
    for (int st = 0; st < OTHP_STAGES; st++)
      othp_symmetrize(w + (size_t)st * OTHP_STAGE_SIZE);
  }
  free(order);
}

/* Mean absolute errors per stage of the quantised weights, on the fitted and held-out sets. */
static void measure(const sample_vec *s, const othp_weights *q, otrain_report *r) {
  double sum[2][OTHP_STAGES] = {{0}}, zero[OTHP_STAGES] = {0};
  for (size_t i = 0; i < s->n; i++) {
    const sample *p = &s->v[i];
    int st = othp_stage(64 - bits_count64(p->me | p->opp));
    double e = (double)othp_eval(q, p->me, p->opp) / OTHP_UNIT - p->label;
    sum[p->held][st] += e < 0 ? -e : e;
    zero[st] += p->held ? 0 : abs(p->label);
    if (p->held)
      r->held_count[st]++, r->held_out++;
    else
      r->count[st]++, r->positions++;
  }
  for (int st = 0; st < OTHP_STAGES; st++) {
    r->train_mae[st] = r->count[st] ? sum[0][st] / (double)r->count[st] : 0;
    r->held_mae[st] = r->held_count[st] ? sum[1][st] / (double)r->held_count[st] : 0;
    r->zero_mae[st] = r->count[st] ? zero[st] / (double)r->count[st] : 0;
  }
}

int otrain_run(const otrain_opts *o, othp_weights *out, otrain_report *r, char *err,
               size_t errlen) {
  memset(r, 0, sizeof *r);
  out->w = NULL;
  double t0 = clock_now();
  sg_rng rng;
  rng_seed(&rng, o->seed);
  sample_vec s = {NULL, 0, 0};
  size_t total = (size_t)OTHP_STAGES * OTHP_STAGE_SIZE;
  float *w = NULL;
  for (int g = 0; g < o->games; g++) {
    int held = o->holdout > 0 && g % o->holdout == o->holdout - 1;
    if (interrupt_pending()) {
      snprintf(err, errlen, "interrupted");
      goto fail;
    }
    if (play_game(o, &rng, held, &s, &r->solve_nodes, err, errlen) != 0)
      goto fail;
  }
  w = calloc(total, sizeof *w);
  out->w = malloc(total * sizeof *out->w);
  if (!w || !out->w) {
    snprintf(err, errlen, "othello training: out of memory (weights)");
    goto fail;
  }
  fit(o, &s, w, &rng);
  for (size_t i = 0; i < total; i++) {
    double v = (double)w[i] * OTHP_UNIT;
    v = v > 32767 ? 32767 : v < -32767 ? -32767 : v;
    out->w[i] = (int16_t)(v < 0 ? v - 0.5 : v + 0.5);
  }
  measure(&s, out, r);
  free(w);
  free(s.v);
  r->time = clock_now() - t0;
  return 0;
fail:
  free(w);
  free(s.v);
  free(out->w);
  out->w = NULL;
  return -1;
}
