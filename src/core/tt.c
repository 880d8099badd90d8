/* tt.c: transposition table; its size is fixed when made, never grown during a search. */
#include <stdlib.h>
#include <string.h>

#include "tt.h"
#include "zmem.h"

/* Kept block and generations (core/zmem.h); generation 0 is zeroed memory's. */
static zmem_keep keep = ZMEM_KEEP_INIT(UINT32_MAX);

int tt_init(tt_table *t, size_t bytes) {
  memset(t, 0, sizeof *t);
  size_t n = 1;
  if (bytes < 2 * sizeof(tt_entry))
    return 0;
  while (n * 2 * 2 * sizeof(tt_entry) <= bytes)
    n *= 2;
  t->slots = zmem_keep_take(&keep, 2 * n * sizeof(tt_entry), &t->gen, &t->cycle);
  if (t->slots == NULL)
    return -1;
  t->nbuckets = n;
  return 0;
}

void tt_free(tt_table *t) {
  zmem_keep_give(&keep, t->slots, 2 * t->nbuckets * sizeof(tt_entry), t->cycle);
  memset(t, 0, sizeof *t);
}

void tt_clear(tt_table *t) {
  if (t->slots)
    t->gen = zmem_keep_gen(&keep, t->slots, 2 * t->nbuckets * sizeof(tt_entry), &t->cycle);
}

const tt_entry *tt_probe(tt_table *t, uint64_t key) {
  if (t->nbuckets == 0)
    return NULL;
  t->probes++;
  tt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  for (int i = 0; i < 2; i++)
    if (b[i].bound != TT_NONE && b[i].key == key && b[i].gen == t->gen) {
      t->hits++;
      return &b[i];
    }
  return NULL;
}

void tt_store(tt_table *t, uint64_t key, uint32_t move, int32_t score, int depth, int bound) {
  if (t->nbuckets == 0)
    return;
  tt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  /* Slot 0 keeps the deepest result; anything else goes to slot 1.  An entry of another
     generation is empty. */
  int live0 = b[0].bound != TT_NONE && b[0].gen == t->gen;
  tt_entry *e = (!live0 || b[0].key == key || depth >= b[0].depth) ? &b[0] : &b[1];
  if (e == &b[0] && live0 && b[0].key != key)
    b[1] = b[0];  /* the displaced deep entry survives one more store */
  e->key = key;
  e->gen = t->gen;
  e->pad = 0;
  e->move = move;
  e->score = score;
  e->depth = (uint8_t)(depth > TT_DEPTH_EXACT ? TT_DEPTH_EXACT : depth);
  e->bound = (uint8_t)bound;
  t->stores++;
}

/* ---- shared access (see tt.h) ---- */

static void load3(const tt_entry *e, uint64_t w[3]) {
  const uint64_t *p = (const uint64_t *)(const void *)e;
  for (int i = 0; i < 3; i++)
    w[i] = __atomic_load_n(p + i, __ATOMIC_RELAXED);
}

static void store3(tt_entry *e, const uint64_t w[3]) {
  uint64_t *p = (uint64_t *)(void *)e;
  for (int i = 0; i < 3; i++)
    __atomic_store_n(p + i, w[i], __ATOMIC_RELAXED);
}

/* w[1] = move | score << 32, w[2] = depth | bound << 8 | gen << 32,
   w[0] = key ^ w[1] ^ w[2]. */
static int unpack(const uint64_t w[3], uint64_t key, uint32_t gen, tt_entry *out) {
  int bound = (int)((w[2] >> 8) & 0xff);
  if (bound == TT_NONE || (w[0] ^ w[1] ^ w[2]) != key || (uint32_t)(w[2] >> 32) != gen)
    return 0;
  if (out) {
    memset(out, 0, sizeof *out);
    out->key = key;
    out->move = (uint32_t)w[1];
    out->score = (int32_t)(uint32_t)(w[1] >> 32);
    out->depth = (uint8_t)w[2];
    out->bound = (uint8_t)bound;
    out->gen = gen;
  }
  return 1;
}

int tt_probe_shared(tt_table *t, uint64_t key, tt_entry *out) {
  if (t->nbuckets == 0)
    return 0;
  tt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  for (int i = 0; i < 2; i++) {
    uint64_t w[3];
    load3(&b[i], w);
    if (unpack(w, key, t->gen, out))
      return 1;
  }
  return 0;
}

void tt_store_shared(tt_table *t, uint64_t key, uint32_t move, int32_t score, int depth,
                     int bound) {
  if (t->nbuckets == 0)
    return;
  tt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  uint64_t old[3];
  load3(&b[0], old);
  int odepth = (int)(old[2] & 0xff), obound = (int)((old[2] >> 8) & 0xff);
  if ((uint32_t)(old[2] >> 32) != t->gen)
    obound = TT_NONE;   /* another generation's: empty */
  int same = obound != TT_NONE && (old[0] ^ old[1] ^ old[2]) == key;
  uint64_t w[3];
  w[1] = (uint64_t)move | (uint64_t)(uint32_t)score << 32;
  w[2] = (uint64_t)(depth > TT_DEPTH_EXACT ? TT_DEPTH_EXACT : depth) | (uint64_t)bound << 8 |
         (uint64_t)t->gen << 32;
  w[0] = key ^ w[1] ^ w[2];
  if (obound == TT_NONE || same || depth >= odepth) {
    if (obound != TT_NONE && !same)
      store3(&b[1], old);   /* the displaced deep entry survives one more store */
    store3(&b[0], w);
  } else
    store3(&b[1], w);
}
