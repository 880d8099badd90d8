/* vtt.c: transposition table of score vectors; its size is fixed when made. */
#include <stdlib.h>
#include <string.h>

#include "vtt.h"
#include "zmem.h"

int vtt_init(vtt_table *t, size_t bytes) {
  memset(t, 0, sizeof *t);
  size_t n = 1;
  if (bytes < 2 * sizeof(vtt_entry))
    return 0;
  while (n * 2 * 2 * sizeof(vtt_entry) <= bytes)
    n *= 2;
  t->slots = zmem_alloc(2 * n * sizeof(vtt_entry));
  if (t->slots == NULL)
    return -1;
  t->nbuckets = n;
  return 0;
}

void vtt_free(vtt_table *t) {
  zmem_free(t->slots, 2 * t->nbuckets * sizeof *t->slots);
  memset(t, 0, sizeof *t);
}

const vtt_entry *vtt_probe(vtt_table *t, uint64_t key) {
  if (t->nbuckets == 0)
    return NULL;
  t->probes++;
  vtt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  for (int i = 0; i < 2; i++)
    if (b[i].bound != TT_NONE && b[i].key == key) {
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
  vtt_entry *e = (b[0].bound == TT_NONE || b[0].key == key || depth >= b[0].depth) ? &b[0] : &b[1];
  if (e == &b[0] && b[0].bound != TT_NONE && b[0].key != key)
    b[1] = b[0];
  memset(e, 0, sizeof *e);
  e->key = key;
  e->move = move;
  for (int i = 0; i < n && i < VTT_MAX_PLAYERS; i++)
    e->vec[i] = vec[i];
  e->depth = (uint8_t)(depth > TT_DEPTH_EXACT ? TT_DEPTH_EXACT : depth);
  e->bound = (uint8_t)bound;
  t->stores++;
}
