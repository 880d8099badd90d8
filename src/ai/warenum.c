/* warenum.c: war chess single-turn enumeration, Algorithms 2 and 5 of Nan et al. (2016),
   with the ops1 count, complete plans and distinct end states. */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "warenum.h"

#define NU WC_MAX_SIDE_UNITS

struct we_ctx {
  /* the state set: keys, 0 marks an empty slot (a real key 0 is stored as 1) */
  uint64_t *keys;
  size_t cap, mask, count, limit;
  int full;
  /* the run */
  const wc_cfg *cfg;
  int n;                             /* units acting */
  int ord[NU];                       /* Ord: unit numbers in acting order */
  wc_state st[NU + 1];               /* st[i]: before the i-th (0-based) unit acts */
  uint16_t tiles[NU][WC_MAX_REACH];  /* movement range of the unit acting at depth i */
  uint8_t targets[NU][WC_MAX_UNITS];
  uint64_t ops1, plans, max_ops1;
  double deadline;
  int stopped;
  wc_scratch w;
};

static size_t round_pow2(size_t x) {
  size_t p = 1;
  while (p < x)
    p <<= 1;
  return p;
}

size_t warenum_size(size_t capacity) {
  return sizeof(we_ctx) + (capacity ? round_pow2(capacity) * sizeof(uint64_t) : 0);
}

we_ctx *warenum_new(size_t capacity) {
  we_ctx *e = calloc(1, sizeof *e);
  if (e == NULL)
    return NULL;
  if (capacity) {
    e->cap = round_pow2(capacity);
    e->mask = e->cap - 1;
    e->limit = e->cap / 4 * 3;
    e->keys = calloc(e->cap, sizeof(uint64_t));
    if (e->keys == NULL) {
      free(e);
      return NULL;
    }
  }
  wc_scratch_init(&e->w);
  return e;
}

void warenum_free(we_ctx *e) {
  if (e) {
    free(e->keys);
    free(e);
  }
}

static void set_add(we_ctx *e, uint64_t k) {
  if (k == 0)
    k = 1;
  size_t i = (size_t)(k ^ k >> 29) & e->mask;
  while (e->keys[i]) {
    if (e->keys[i] == k)
      return;
    i = (i + 1) & e->mask;
  }
  if (e->count >= e->limit) {
    e->full = 1;
    return;
  }
  e->keys[i] = k;
  e->count++;
}

/* The time, ops1 and interrupt check, every 4096 ops1. */
static void check_stop(we_ctx *e) {
  if ((e->ops1 & 4095) != 0)
    return;
  if (interrupt_pending() || (e->max_ops1 && e->ops1 >= e->max_ops1) ||
      (e->deadline > 0 && clock_now() > e->deadline))
    e->stopped = 1;
}

static void leaf(we_ctx *e, const wc_state *s) {
  e->plans++;
  if (e->keys)
    set_add(e, wc_units_hash(e->cfg, s));
}

typedef void (*we_next)(we_ctx *e, int depth);

/* Every action plan of unit ord[depth] from st[depth]: each tile of its movement range (one
   ops1 each), then no attack or each target; next(depth + 1) goes on with the other units. */
static void unit_plans(we_ctx *e, int depth, we_next next) {
  const wc_cfg *c = e->cfg;
  int u = e->ord[depth];
  const wc_state *from = &e->st[depth];
  wc_state *to = &e->st[depth + 1];
  uint16_t *tiles = e->tiles[depth];
  uint8_t *tg = e->targets[depth];
  int nt = wc_move_range(c, from, u, &e->w, tiles);
  for (int i = 0; i < nt && !e->stopped; i++) {
    e->ops1++;
    check_stop(e);
    *to = *from;
    wc_act(c, to, u, tiles[i], WC_NO_TARGET);
    int k = wc_targets(c, to, u, tiles[i], tg);
    next(e, depth + 1);
    for (int j = 0; j < k && !e->stopped; j++) {
      *to = *from;
      wc_act(c, to, u, tiles[i], tg[j]);
      next(e, depth + 1);
    }
  }
}

/* Algorithm 3, Search(i): the units in the fixed order Ord, depth first. */
static void search(we_ctx *e, int depth) {
  if (depth == e->n) {
    leaf(e, &e->st[depth]);
    return;
  }
  unit_plans(e, depth, search);
}

/* Algorithm 1, next_permutation: the next sequence in dictionary order; 0 after the last. */
static int next_permutation(int *ord, int n) {
  int j = n - 2;
  while (j >= 0 && ord[j] >= ord[j + 1])
    j--;
  if (j < 0)
    return 0;
  int k = n - 1;
  while (ord[k] <= ord[j])
    k--;
  int x = ord[j];
  ord[j] = ord[k], ord[k] = x;
  for (int a = j + 1, b = n - 1; a < b; a++, b--)
    x = ord[a], ord[a] = ord[b], ord[b] = x;
  return 1;
}

/* Algorithm 5, Plans_Search(i): for each unit that may act i-th (swap it into place), its
   action plans, each followed by Plans_Search(i + 1). */
static void plans_search(we_ctx *e, int depth) {
  if (depth == e->n) {
    leaf(e, &e->st[depth]);
    return;
  }
  for (int j = depth; j < e->n && !e->stopped; j++) {
    int x = e->ord[depth];
    e->ord[depth] = e->ord[j], e->ord[j] = x;
    unit_plans(e, depth, plans_search);
    x = e->ord[depth];
    e->ord[depth] = e->ord[j], e->ord[j] = x;
  }
}

int warenum_run(we_ctx *e, const wc_cfg *c, const wc_state *s, int algorithm, double time,
                uint64_t max_ops1, we_result *r) {
  double t0 = clock_now();
  memset(r, 0, sizeof *r);
  e->cfg = c;
  e->n = 0;
  for (int u = 0; u < c->nunits; u++)
    if (c->unit[u].side == s->side && (s->u[u].flags & (WC_ALIVE | WC_ACTED)) == WC_ALIVE) {
      if (e->n == NU)
        return -1;
      e->ord[e->n++] = u;   /* ascending: the first sequence in dictionary order */
    }
  e->st[0] = *s;
  e->ops1 = e->plans = 0;
  e->max_ops1 = max_ops1;
  e->deadline = time > 0 ? t0 + time : 0;
  e->stopped = 0;
  e->count = 0;
  e->full = 0;
  if (e->keys)
    memset(e->keys, 0, e->cap * sizeof(uint64_t));
  if (algorithm == WE_ORDER) {
    do
      search(e, 0);
    while (!e->stopped && next_permutation(e->ord, e->n));
  } else
    plans_search(e, 0);
  r->ops1 = e->ops1;
  r->plans = e->plans;
  r->states = e->count;
  r->states_full = e->full;
  r->stopped = e->stopped;
  r->time = clock_now() - t0;
  return 0;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

size_t warenum_states(const we_ctx *e, uint64_t *out) {
  size_t n = 0;
  for (size_t i = 0; i < e->cap; i++)
    if (e->keys[i])
      out[n++] = e->keys[i];
  qsort(out, n, sizeof *out, cmp_u64);
  return n;
}
