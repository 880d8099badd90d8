/* othpattern.c: Othello's pattern evaluation and its weights file (see othpattern.h; the
   training is src/ai/othtrain.c, the notes doc/classic.md). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "othello.h"
#include "othpattern.h"

/* With GCC on x86-64 an instance's index can also be read with BMI2's pext (below). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define OTHP_PEXT 1
#include <immintrin.h>
#endif

typedef struct othp_instance {
  uint8_t kind, n;
  uint8_t cell[10];   /* cell[i] is the square of ternary digit i (3^i) */
} othp_instance;

static const char *const kind_names[OTHP_KINDS] = {
  "edge_x", "corner_3x3", "corner_2x5", "row_2", "row_3", "row_4",
  "diag_8", "diag_7", "diag_6", "diag_5", "diag_4"
};
static const uint8_t kind_cells[OTHP_KINDS] = {10, 9, 10, 8, 8, 8, 8, 7, 6, 5, 4};
/* where each kind's table starts in a stage's weights: the sums of 3^cells before it */
static const int32_t kind_offset[OTHP_KINDS] = {
  0, 59049, 78732, 137781, 144342, 150903, 157464, 164025, 166212, 166941, 167184
};

/* Each kind's cells (as listed for its first instance, a1 = 0) under the 8 symmetries of the
   board, one instance per distinct set of squares: so the edge a1-h1 and the edge a1-a8 are
   read from the corner outwards and use one table. */
static const othp_instance othp_instances[OTHP_NINST] = {
  {0, 10, {0, 1, 2, 3, 4, 5, 6, 7, 9, 14}},
  {0, 10, {56, 57, 58, 59, 60, 61, 62, 63, 49, 54}},
  {0, 10, {0, 8, 16, 24, 32, 40, 48, 56, 9, 49}},
  {0, 10, {7, 15, 23, 31, 39, 47, 55, 63, 14, 54}},
  {1, 9, {0, 1, 2, 8, 9, 10, 16, 17, 18}},
  {1, 9, {56, 57, 58, 48, 49, 50, 40, 41, 42}},
  {1, 9, {7, 6, 5, 15, 14, 13, 23, 22, 21}},
  {1, 9, {63, 62, 61, 55, 54, 53, 47, 46, 45}},
  {2, 10, {0, 1, 2, 3, 4, 8, 9, 10, 11, 12}},
  {2, 10, {56, 57, 58, 59, 60, 48, 49, 50, 51, 52}},
  {2, 10, {7, 6, 5, 4, 3, 15, 14, 13, 12, 11}},
  {2, 10, {63, 62, 61, 60, 59, 55, 54, 53, 52, 51}},
  {2, 10, {0, 8, 16, 24, 32, 1, 9, 17, 25, 33}},
  {2, 10, {7, 15, 23, 31, 39, 6, 14, 22, 30, 38}},
  {2, 10, {56, 48, 40, 32, 24, 57, 49, 41, 33, 25}},
  {2, 10, {63, 55, 47, 39, 31, 62, 54, 46, 38, 30}},
  {3, 8, {8, 9, 10, 11, 12, 13, 14, 15}},
  {3, 8, {48, 49, 50, 51, 52, 53, 54, 55}},
  {3, 8, {1, 9, 17, 25, 33, 41, 49, 57}},
  {3, 8, {6, 14, 22, 30, 38, 46, 54, 62}},
  {4, 8, {16, 17, 18, 19, 20, 21, 22, 23}},
  {4, 8, {40, 41, 42, 43, 44, 45, 46, 47}},
  {4, 8, {2, 10, 18, 26, 34, 42, 50, 58}},
  {4, 8, {5, 13, 21, 29, 37, 45, 53, 61}},
  {5, 8, {24, 25, 26, 27, 28, 29, 30, 31}},
  {5, 8, {32, 33, 34, 35, 36, 37, 38, 39}},
  {5, 8, {3, 11, 19, 27, 35, 43, 51, 59}},
  {5, 8, {4, 12, 20, 28, 36, 44, 52, 60}},
  {6, 8, {0, 9, 18, 27, 36, 45, 54, 63}},
  {6, 8, {56, 49, 42, 35, 28, 21, 14, 7}},
  {7, 7, {1, 10, 19, 28, 37, 46, 55}},
  {7, 7, {57, 50, 43, 36, 29, 22, 15}},
  {7, 7, {6, 13, 20, 27, 34, 41, 48}},
  {7, 7, {62, 53, 44, 35, 26, 17, 8}},
  {8, 6, {2, 11, 20, 29, 38, 47}},
  {8, 6, {58, 51, 44, 37, 30, 23}},
  {8, 6, {5, 12, 19, 26, 33, 40}},
  {8, 6, {61, 52, 43, 34, 25, 16}},
  {9, 5, {3, 12, 21, 30, 39}},
  {9, 5, {59, 52, 45, 38, 31}},
  {9, 5, {4, 11, 18, 25, 32}},
  {9, 5, {60, 51, 42, 33, 24}},
  {10, 4, {4, 13, 22, 31}},
  {10, 4, {60, 53, 46, 39}},
  {10, 4, {3, 10, 17, 24}},
  {10, 4, {59, 50, 41, 32}},
};

/* Each kind's self-map: the symmetry of the board that keeps the kind's squares but not their
   order (the edge read from the other corner; the corner block transposed) sends digit i of
   an index to digit perm[i].  Weights equal on an index and its image make the evaluation the
   same for all 8 images of a position (training keeps them equal: othp_symmetrize). */
#define OTHP_MAXPERM 1
static const uint8_t kind_nperm[OTHP_KINDS] = {1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const uint8_t kind_perm[OTHP_KINDS][OTHP_MAXPERM][10] = {
  {{7, 6, 5, 4, 3, 2, 1, 0, 9, 8}},
  {{0, 3, 6, 1, 4, 7, 2, 5, 8}},
  {{0}},
  {{7, 6, 5, 4, 3, 2, 1, 0}},
  {{7, 6, 5, 4, 3, 2, 1, 0}},
  {{7, 6, 5, 4, 3, 2, 1, 0}},
  {{7, 6, 5, 4, 3, 2, 1, 0}},
  {{6, 5, 4, 3, 2, 1, 0}},
  {{5, 4, 3, 2, 1, 0}},
  {{4, 3, 2, 1, 0}},
  {{3, 2, 1, 0}},
};

const char *othp_kind_name(int k) { return k >= 0 && k < OTHP_KINDS ? kind_names[k] : NULL; }
int othp_kind_cells(int k) { return k >= 0 && k < OTHP_KINDS ? kind_cells[k] : 0; }

/* Empty squares next to a disc of b (b's neighbours): the potential mobility of b's opponent. */
static uint64_t neighbours(uint64_t b) {
  uint64_t l = b & 0xfefefefefefefefeULL, r = b & 0x7f7f7f7f7f7f7f7fULL;
  return b << 8 | b >> 8 | l >> 1 | r << 1 | l << 7 | l >> 9 | r << 9 | r >> 7;
}

/* The ternary index of instance t: each cell 0 empty, 1 mine, 2 the opponent's. */
static inline int32_t instance_index(const othp_instance *t, uint64_t me, uint64_t opp) {
  int32_t idx = 0;
  for (int i = t->n - 1; i >= 0; i--) {
    int s = t->cell[i];
    idx = idx * 3 + (int32_t)((me >> s & 1) + 2 * (opp >> s & 1));
  }
  return kind_offset[t->kind] + idx;
}

void othp_features_of(uint64_t me, uint64_t opp, othp_features *f) {
  uint64_t empty = ~(me | opp);
  int empties = bits_count64(empty);
  f->stage = othp_stage(empties);
  for (int i = 0; i < OTHP_NINST; i++) {
    f->idx[i] = instance_index(&othp_instances[i], me, opp);
    f->val[i] = 1;
  }
  int k = OTHP_NINST;
  f->idx[k] = OTHP_BIAS, f->val[k++] = 1;
  f->idx[k] = OTHP_MOB;
  f->val[k++] = bits_count64(oth_moves(me, opp)) - bits_count64(oth_moves(opp, me));
  f->idx[k] = OTHP_POT;
  f->val[k++] = bits_count64(neighbours(opp) & empty) - bits_count64(neighbours(me) & empty);
  f->idx[k] = OTHP_PAR, f->val[k] = empties & 1;
}

/* The same indices by square, for othp_eval: the instances a square is a cell of and the
   power of three of its digit there (at most OTHP_SQMAX; the unused slots point at the spare
   instance OTHP_NINST with power 0).  An index is then the sum of the powers over the
   discs of `me` plus twice the sum over those of `opp`: a loop over the discs instead of over
   every instance's cells. */
#define OTHP_SQMAX 8
typedef struct othp_sqcell {
  uint8_t inst[OTHP_SQMAX];
  int32_t pow[OTHP_SQMAX];
} othp_sqcell;
static othp_sqcell sq_cells[64];
static int32_t inst_offset[OTHP_NINST + 1];
static pthread_once_t sq_once = PTHREAD_ONCE_INIT;

#ifdef OTHP_PEXT
/* By instance with pext, where the processor has BMI2 and its pext is fast (not AMD's before
   Zen 3, whose pext is microcode: many times slower than the loop by disc): pext gathers the
   discs on an instance's squares into the low bits, in the order of the squares; a table per
   instance turns those bits into the ternary index's powers of three (cells in the instance's
   order).  About 8 instructions an instance against 8 a disc and cell slot. */
#define OTHP_TER_SIZE 18880   /* the sum of 2^cells over the instances */
static uint64_t inst_mask[OTHP_NINST];
static int32_t ter_off[OTHP_NINST];
static uint16_t ter_table[OTHP_TER_SIZE];
static int use_pext;
#endif

static void sq_cells_init(void) {
  int used[64] = {0};
  for (int s = 0; s < 64; s++)
    for (int k = 0; k < OTHP_SQMAX; k++)
      sq_cells[s].inst[k] = OTHP_NINST, sq_cells[s].pow[k] = 0;
  for (int i = 0; i < OTHP_NINST; i++) {
    const othp_instance *t = &othp_instances[i];
    int32_t p = 1;
    for (int c = 0; c < t->n; c++, p *= 3) {
      int s = t->cell[c];
      if (used[s] == OTHP_SQMAX)   /* cannot happen with the instances above */
        abort();
      sq_cells[s].inst[used[s]] = (uint8_t)i, sq_cells[s].pow[used[s]++] = p;
    }
    inst_offset[i] = kind_offset[t->kind];
  }
#ifdef OTHP_PEXT
  int32_t off = 0;
  for (int i = 0; i < OTHP_NINST; i++) {
    const othp_instance *t = &othp_instances[i];
    uint64_t mask = 0;
    for (int c = 0; c < t->n; c++)
      mask |= 1ULL << t->cell[c];
    if (off + (1 << t->n) > OTHP_TER_SIZE)   /* cannot happen with the instances above */
      abort();
    inst_mask[i] = mask, ter_off[i] = off;
    for (int p = 0; p < 1 << t->n; p++) {   /* bit j of p: the j-th lowest square of mask */
      int32_t v = 0, pw = 1;
      for (int c = 0; c < t->n; c++, pw *= 3) {
        int j = bits_count64(mask & ((1ULL << t->cell[c]) - 1));
        if (p >> j & 1)
          v += pw;
      }
      ter_table[off + p] = (uint16_t)v;
    }
    off += 1 << t->n;
  }
  __builtin_cpu_init();
  use_pext = __builtin_cpu_supports("bmi2") &&
             !(__builtin_cpu_is("amd") && (__builtin_cpu_is("amdfam15h") ||
                                           __builtin_cpu_is("znver1") ||
                                           __builtin_cpu_is("znver2")));
#endif
}

#ifdef OTHP_PEXT
__attribute__((target("bmi2"))) static int eval_pext(const int16_t *t, uint64_t me,
                                                      uint64_t opp) {
  int v = 0;
  for (int i = 0; i < OTHP_NINST; i++) {
    const uint16_t *ter = ter_table + ter_off[i];
    v += t[inst_offset[i] + ter[_pext_u64(me, inst_mask[i])] +
           2 * ter[_pext_u64(opp, inst_mask[i])]];
  }
  return v;
}
#endif

/* The patterns' part of the value by disc (the loop over each disc's instances). */
static int eval_by_disc(const int16_t *t, uint64_t me, uint64_t opp) {
  int32_t idx[OTHP_NINST + 1] = {0};
  for (uint64_t b = me; b; b &= b - 1) {
    const othp_sqcell *c = &sq_cells[bits_first64(b)];
    for (int k = 0; k < OTHP_SQMAX; k++)
      idx[c->inst[k]] += c->pow[k];
  }
  for (uint64_t b = opp; b; b &= b - 1) {
    const othp_sqcell *c = &sq_cells[bits_first64(b)];
    for (int k = 0; k < OTHP_SQMAX; k++)
      idx[c->inst[k]] += 2 * c->pow[k];
  }
  int v = 0;
  for (int i = 0; i < OTHP_NINST; i++)
    v += t[inst_offset[i] + idx[i]];
  return v;
}

static int eval_with(const othp_weights *w, uint64_t me, uint64_t opp, int fast) {
  pthread_once(&sq_once, sq_cells_init);
  uint64_t empty = ~(me | opp);
  int empties = bits_count64(empty);
  const int16_t *t = w->w + (size_t)othp_stage(empties) * OTHP_STAGE_SIZE;
  int v = t[OTHP_BIAS];
#ifdef OTHP_PEXT
  if (fast && use_pext)
    v += eval_pext(t, me, opp);
  else
#endif
    v += eval_by_disc(t, me, opp);
  (void)fast;
  v += t[OTHP_MOB] * (bits_count64(oth_moves(me, opp)) - bits_count64(oth_moves(opp, me)));
  v += t[OTHP_POT] * (bits_count64(neighbours(opp) & empty) - bits_count64(neighbours(me) & empty));
  v += t[OTHP_PAR] * (empties & 1);
  return v;
}

int othp_eval(const othp_weights *w, uint64_t me, uint64_t opp) {
  return eval_with(w, me, opp, 1);
}

int othp_eval_by_disc(const othp_weights *w, uint64_t me, uint64_t opp) {
  return eval_with(w, me, opp, 0);
}


/* The index of kind k's table (digits d_i) under its self-map. */
static int32_t mirror_index(int k, int32_t idx) {
  int32_t out = 0, p3[10];
  p3[0] = 1;
  for (int i = 1; i < kind_cells[k]; i++)
    p3[i] = p3[i - 1] * 3;
  for (int i = 0; i < kind_cells[k]; i++, idx /= 3)
    out += (idx % 3) * p3[kind_perm[k][0][i]];
  return out;
}

void othp_symmetrize(float *stage) {
  for (int k = 0; k < OTHP_KINDS; k++) {
    if (kind_nperm[k] == 0)
      continue;
    float *t = stage + kind_offset[k];
    int32_t n = k + 1 < OTHP_KINDS ? kind_offset[k + 1] - kind_offset[k]
                                   : OTHP_TABLES - kind_offset[k];
    for (int32_t i = 0; i < n; i++) {
      int32_t j = mirror_index(k, i);
      if (j > i)
        t[i] = t[j] = (t[i] + t[j]) / 2;
    }
  }
}

/* ---- the file: "stratagem othello patterns 1 stages S size N values V fnv H\n", then the
   values as little-endian int16, a zero run written as -32768 and a uint16 count ---- */

#define ZERO_RUN (-32768)
#define TOTAL ((size_t)OTHP_STAGES * OTHP_STAGE_SIZE)

static uint64_t fnv1a(const int16_t *v, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) {
    uint16_t u = (uint16_t)v[i];
    h = (h ^ (u & 0xff)) * 0x100000001b3ULL;
    h = (h ^ (u >> 8)) * 0x100000001b3ULL;
  }
  return h;
}

static void put16(FILE *f, unsigned v) {
  putc((int)(v & 0xff), f);
  putc((int)(v >> 8 & 0xff), f);
}

int othp_write(const char *path, const othp_weights *w, char *err, size_t errlen) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  fprintf(f, "stratagem othello patterns 1 stages %d size %d values %zu fnv %016llx\n",
          OTHP_STAGES, OTHP_STAGE_SIZE, TOTAL, (unsigned long long)fnv1a(w->w, TOTAL));
  for (size_t i = 0; i < TOTAL;) {
    if (w->w[i] == 0) {
      size_t j = i;
      while (j < TOTAL && j - i < 65535 && w->w[j] == 0)
        j++;
      put16(f, (uint16_t)ZERO_RUN);
      put16(f, (unsigned)(j - i));
      i = j;
    } else {
      put16(f, (uint16_t)w->w[i]);
      i++;
    }
  }
  if (fclose(f) != 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

static int get16(FILE *f, int *v) {
  int a = getc(f), b = getc(f);
  if (a == EOF || b == EOF)
    return -1;
  *v = (int16_t)(uint16_t)(a | b << 8);
  return 0;
}

static int read_fail(FILE *f, othp_weights *w, char *err, size_t errlen, const char *path,
                     const char *what) {
  snprintf(err, errlen, "%s: %s", path, what);
  free(w->w);
  w->w = NULL;
  if (f)
    fclose(f);
  return -1;
}

int othp_read(const char *path, othp_weights *w, char *err, size_t errlen) {
  w->w = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  char line[160];
  int stages = 0, size = 0, nread = 0;
  size_t total = 0;
  unsigned long long sum = 0;
  if (!fgets(line, sizeof line, f) ||
      sscanf(line, "stratagem othello patterns 1 stages %d size %d values %zu fnv %llx%n",
             &stages, &size, &total, &sum, &nread) != 4 || nread == 0)
    return read_fail(f, w, err, errlen, path, "not an Othello pattern weights file (expected "
                     "a first line 'stratagem othello patterns 1 stages ...')");
  if (stages != OTHP_STAGES || size != OTHP_STAGE_SIZE || total != TOTAL) {
    char what[200];
    snprintf(what, sizeof what, "made for another pattern set: %d stages of %d weights, "
             "expected %d of %d", stages, size, OTHP_STAGES, OTHP_STAGE_SIZE);
    return read_fail(f, w, err, errlen, path, what);
  }
  w->w = malloc(TOTAL * sizeof *w->w);
  if (!w->w)
    return read_fail(f, w, err, errlen, path, "out of memory");
  for (size_t i = 0; i < TOTAL;) {
    int v, n;
    if (get16(f, &v) != 0)
      return read_fail(f, w, err, errlen, path, "truncated (damaged file)");
    if (v != ZERO_RUN) {
      w->w[i++] = (int16_t)v;
      continue;
    }
    if (get16(f, &n) != 0 || (n = (uint16_t)n) == 0 || i + (size_t)n > TOTAL)
      return read_fail(f, w, err, errlen, path, "a run of zeros is malformed (damaged file)");
    memset(w->w + i, 0, (size_t)n * sizeof *w->w);
    i += (size_t)n;
  }
  if (getc(f) != EOF)
    return read_fail(f, w, err, errlen, path, "data after the last weight (damaged file)");
  if (fnv1a(w->w, TOTAL) != sum)
    return read_fail(f, w, err, errlen, path, "the checksum does not match (damaged file)");
  fclose(f);
  return 0;
}
