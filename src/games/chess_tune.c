/* chess_tune.c: the gradient Texel tuner of chess's tapered evaluation.  A positions file
   (lines RESULT<TAB>FEN, RESULT 1, 0.5 or 0 for white) is read once: each quiet position (not
   in check, and no capture or promotion raises the static evaluation in a quiescence search)
   is traced (chess_eval_trace) and kept as its sparse coefficients, so that the evaluation of
   any weight vector is a sum over a few dozen entries.  The loss is the mean squared error of
   sigmoid(K * eval) = 1 / (1 + 10^(-K * eval / 400)) against the results; Adam over whole
   epochs (full batch, one thread: reproducible) minimises it.  No Lua and no allocation in the
   loops. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_tune.h"

#define EG_BIT 0x8000u   /* an entry of the endgame sum */

/* A quiescence search over captures and promotions (legal, chess_gen_noisy), fail-hard. */
static int qsearch(const ch_cfg *cfg, const ch_pos *p, int alpha, int beta, int depth) {
  int stand = chess_eval(cfg, p);
  if (stand >= beta)
    return beta;
  if (depth == 0)
    return stand > alpha ? stand : alpha;
  if (stand > alpha)
    alpha = stand;
  sg_move mv[CH_MAX_MOVES];
  int n = chess_gen_noisy(p, mv);
  for (int i = 0; i < n; i++) {
    ch_pos q = *p;
    chess_make(&q, mv[i]);
    int s = -qsearch(cfg, &q, -beta, -alpha, depth - 1);
    if (s >= beta)
      return beta;
    if (s > alpha)
      alpha = s;
  }
  return alpha;
}

int chess_texel_quiet(const ch_cfg *cfg, const ch_pos *p) {
  if (chess_in_check(p))
    return 0;
  int stand = chess_eval(cfg, p);
  return qsearch(cfg, p, stand, stand + 1, 8) == stand;
}

/* Grow an array of `size`-byte items to hold at least `need`. */
static int grow(void **a, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return 0;
  size_t c = *cap ? *cap : 1024;
  while (c < need)
    c *= 2;
  void *b = realloc(*a, c * size);
  if (!b)
    return -1;
  *a = b;
  *cap = c;
  return 0;
}

void chess_texel_free(ch_texel *t) {
  if (!t)
    return;
  free(t->result);
  free(t->scale);
  free(t->phase);
  free(t->start);
  free(t->idx);
  free(t->coef);
  free(t);
}

/* Whether the text from s (to the tab) is a result: 1, 0.5, 0 (also 1.0, 0.0, 1/2). */
static int parse_result(const char *s, size_t n, float *r) {
  char b[8];
  if (n == 0 || n >= sizeof b)
    return -1;
  memcpy(b, s, n);
  b[n] = 0;
  if (!strcmp(b, "1") || !strcmp(b, "1.0"))
    *r = 1;
  else if (!strcmp(b, "0") || !strcmp(b, "0.0"))
    *r = 0;
  else if (!strcmp(b, "0.5") || !strcmp(b, "1/2"))
    *r = 0.5f;
  else
    return -1;
  return 0;
}

ch_texel *chess_texel_load(const ch_cfg *cfg, const char *path, int quiet_only, char *err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, SG_ERRLEN, "cannot read the positions: %s: %s", path, strerror(errno));
    return NULL;
  }
  ch_texel *t = calloc(1, sizeof *t);
  ch_trace *tr = malloc(sizeof *tr);
  size_t cap_pos = 0, cap_ent = 0, cap_start = 0, cap_r = 0, cap_s = 0, cap_ph = 0;
  char line[512];
  long lineno = 0;
  if (!t || !tr)
    goto nomem;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    size_t len = strlen(line);
    if (len == sizeof line - 1 && line[len - 1] != '\n') {
      snprintf(err, SG_ERRLEN, "%s:%ld: the line is too long (expected RESULT, a tab and a FEN)",
               path, lineno);
      goto fail;
    }
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = 0;
    if (len == 0)
      continue;
    t->lines++;
    char *tab = strchr(line, '\t');
    float r;
    if (!tab || parse_result(line, (size_t)(tab - line), &r) != 0) {
      snprintf(err, SG_ERRLEN, "%s:%ld: expected RESULT (1, 0.5 or 0 for white), a tab and a "
               "FEN, got '%.60s'", path, lineno, line);
      goto fail;
    }
    ch_pos p;
    char ferr[SG_ERRLEN];
    if (chess_from_fen(&p, tab + 1, ferr) != 0) {
      snprintf(err, SG_ERRLEN, "%.60s:%ld: %.150s", path, lineno, ferr);
      goto fail;
    }
    if (chess_in_check(&p)) {
      t->in_check++;
      continue;
    }
    if (quiet_only && !chess_texel_quiet(cfg, &p)) {
      t->noisy++;
      continue;
    }
    chess_eval_trace(&cfg->w, &p, tr);
    size_t k = t->nnz;
    for (int i = 0; i < CH_NW; i++)
      k += (tr->mg[i] != 0) + (tr->eg[i] != 0);
    if (grow((void **)&t->idx, &cap_ent, k, sizeof *t->idx) ||
        grow((void **)&t->coef, &cap_pos, k, sizeof *t->coef) ||
        grow((void **)&t->start, &cap_start, t->n + 2, sizeof *t->start) ||
        grow((void **)&t->result, &cap_r, t->n + 1, sizeof *t->result) ||
        grow((void **)&t->scale, &cap_s, t->n + 1, sizeof *t->scale) ||
        grow((void **)&t->phase, &cap_ph, t->n + 1, sizeof *t->phase))
      goto nomem;
    if (t->n == 0)
      t->start[0] = 0;
    for (int i = 0; i < CH_NW; i++) {
      if (tr->mg[i] != 0) {
        t->idx[t->nnz] = (uint16_t)i;
        t->coef[t->nnz++] = (float)tr->mg[i];
      }
      if (tr->eg[i] != 0) {
        t->idx[t->nnz] = (uint16_t)(i | EG_BIT);
        t->coef[t->nnz++] = (float)tr->eg[i];
      }
    }
    t->result[t->n] = r;
    t->scale[t->n] = (float)tr->scale;
    t->phase[t->n] = (uint8_t)tr->phase;
    t->start[++t->n] = (uint32_t)t->nnz;
  }
  if (ferror(f)) {
    snprintf(err, SG_ERRLEN, "cannot read the positions: %s: %s", path, strerror(errno));
    goto fail;
  }
  fclose(f);
  free(tr);
  if (t->n == 0) {
    snprintf(err, SG_ERRLEN, "%s holds no quiet positions (%zu lines, %zu in check, %zu not "
             "quiet)", path, t->lines, t->in_check, t->noisy);
    chess_texel_free(t);
    return NULL;
  }
  return t;
nomem:
  snprintf(err, SG_ERRLEN, "out of memory reading %s (line %ld)", path, lineno);
fail:
  fclose(f);
  free(tr);
  chess_texel_free(t);
  return NULL;
}

/* White's evaluation of position j under weights w (CH_NW doubles). */
static inline double eval_of(const ch_texel *t, size_t j, const double *w) {
  double mg = 0, eg = 0;
  for (uint32_t e = t->start[j]; e < t->start[j + 1]; e++) {
    unsigned i = t->idx[e];
    if (i & EG_BIT)
      eg += t->coef[e] * w[i & ~EG_BIT];
    else
      mg += t->coef[e] * w[i];
  }
  int ph = t->phase[j];
  return t->scale[j] * (mg * ph + eg * (24 - ph)) / 24;
}

double chess_texel_loss(const ch_texel *t, const double *w, double K) {
  double sum = 0, c = K * log(10.0) / 400;
  for (size_t j = 0; j < t->n; j++) {
    double p = 1 / (1 + exp(-c * eval_of(t, j, w)));
    double d = t->result[j] - p;
    sum += d * d;
  }
  return sum / (double)t->n;
}

double chess_texel_fit_k(const ch_texel *t, const double *w) {
  /* golden-section search on log K over [0.05, 20] (the loss is unimodal in K) */
  double a = log(0.05), b = log(20), gr = (sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 40; i++) {
    double c = b - gr * (b - a), d = a + gr * (b - a);
    if (chess_texel_loss(t, w, exp(c)) < chess_texel_loss(t, w, exp(d)))
      b = d;
    else
      a = c;
  }
  return exp((a + b) / 2);
}

double chess_texel_adam(const ch_texel *t, double *w, const unsigned char *mask, double *m,
                        double *v, double *grad, long *step, double K, double lr, int epochs,
                        const double *w0, double l2) {
  const double b1 = 0.9, b2 = 0.999, eps = 1e-8, c = K * log(10.0) / 400;
  for (int ep = 0; ep < epochs; ep++) {
    for (int i = 0; i < CH_NW; i++)
      grad[i] = 0;
    for (size_t j = 0; j < t->n; j++) {
      double e = eval_of(t, j, w);
      double p = 1 / (1 + exp(-c * e));
      /* d loss / d eval, for the mean over positions */
      double g = -2 * (t->result[j] - p) * p * (1 - p) * c / (double)t->n * t->scale[j] / 24;
      int ph = t->phase[j];
      double gm = g * ph, ge = g * (24 - ph);
      for (uint32_t k = t->start[j]; k < t->start[j + 1]; k++) {
        unsigned i = t->idx[k];
        if (i & EG_BIT)
          grad[i & ~EG_BIT] += ge * t->coef[k];
        else
          grad[i] += gm * t->coef[k];
      }
    }
    if (l2 > 0)   /* the penalty l2 * sum ((w - w0) / 100)^2 pulls toward the start */
      for (int i = 0; i < CH_NW; i++)
        grad[i] += 2 * l2 * (w[i] - w0[i]) / 10000;
    (*step)++;
    double c1 = 1 - pow(b1, (double)*step), c2 = 1 - pow(b2, (double)*step);
    for (int i = 0; i < CH_NW; i++) {
      if (!mask[i])
        continue;
      m[i] = b1 * m[i] + (1 - b1) * grad[i];
      v[i] = b2 * v[i] + (1 - b2) * grad[i] * grad[i];
      w[i] -= lr * (m[i] / c1) / (sqrt(v[i] / c2) + eps);
    }
  }
  return chess_texel_loss(t, w, K);
}
