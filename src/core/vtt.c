/* vtt.c: transposition table of score vectors; its size is fixed when made. */
#include <stdlib.h>
#include <string.h>

#include "vtt.h"
#include "zmem.h"

static zmem_keep keep = ZMEM_KEEP_INIT(UINT16_MAX);

int vtt_init(vtt_table *t, size_t bytes) {
  memset(t, 0, sizeof *t);
  size_t n = 1;
  if (bytes < 2 * sizeof(vtt_entry))
    return 0;
  while (n * 2 * 2 * sizeof(vtt_entry) <= bytes)
    n *= 2;
  uint32_t gen = 0;
  t->slots = zmem_keep_take(&keep, 2 * n * sizeof(vtt_entry), &gen, &t->cycle);
  if (t->slots == NULL)
    return -1;
  t->gen = (uint16_t)gen;
  t->nbuckets = n;
  return 0;
}

void vtt_free(vtt_table *t) {
  zmem_keep_give(&keep, t->slots, 2 * t->nbuckets * sizeof *t->slots, t->cycle);
  memset(t, 0, sizeof *t);
}

const vtt_entry *vtt_probe(vtt_table *t, uint64_t key) {
  if (t->nbuckets == 0)
    return NULL;
  t->probes++;
  vtt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  for (int i = 0; i < 2; i++)
    if (b[i].bound != TT_NONE && b[i].key == key && b[i].gen == t->gen) {
      t->hits++;
      return &b[i];
    }
  return NULL;
}

void vtt_store(vtt_table *t, uint64_t key, uint32_t move, const int *vec, int n, int depth,
               int bound) {
  if (t->nbuckets == 0)
    return;
  vtt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  /* slot 0 keeps the deepest result, the displaced one moves to slot 1 */
  int live0 = b[0].bound != TT_NONE && b[0].gen == t->gen;   /* else empty */
  vtt_entry *e = (!live0 || b[0].key == key || depth >= b[0].depth) ? &b[0] : &b[1];
  if (e == &b[0] && live0 && b[0].key != key)
    b[1] = b[0];
  memset(e, 0, sizeof *e);
  e->key = key;
  e->gen = t->gen;
  e->move = move;
  for (int i = 0; i < n && i < VTT_MAX_PLAYERS; i++)
    e->vec[i] = vec[i];
  e->depth = (uint8_t)(depth > TT_DEPTH_EXACT ? TT_DEPTH_EXACT : depth);
  e->bound = (uint8_t)bound;
  t->stores++;
}
