/* tt.c: transposition table; its size is fixed when made, never grown during a search. */
#include <stdlib.h>
#include <string.h>

#include "tt.h"

int tt_init(tt_table *t, size_t bytes) {
  memset(t, 0, sizeof *t);
  size_t n = 1;
  if (bytes < 2 * sizeof(tt_entry))
    return 0;
  while (n * 2 * 2 * sizeof(tt_entry) <= bytes)
    n *= 2;
  t->slots = calloc(2 * n, sizeof(tt_entry));
  if (t->slots == NULL)
    return -1;
  t->nbuckets = n;
  return 0;
}

void tt_free(tt_table *t) {
  free(t->slots);
  memset(t, 0, sizeof *t);
}

void tt_clear(tt_table *t) {
  if (t->slots)
    memset(t->slots, 0, 2 * t->nbuckets * sizeof(tt_entry));
}

const tt_entry *tt_probe(tt_table *t, uint64_t key) {
  if (t->nbuckets == 0)
    return NULL;
  t->probes++;
  tt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  for (int i = 0; i < 2; i++)
    if (b[i].bound != TT_NONE && b[i].key == key) {
      t->hits++;
      return &b[i];
    }
  return NULL;
}

void tt_store(tt_table *t, uint64_t key, uint32_t move, int32_t score, int depth, int bound) {
  if (t->nbuckets == 0)
    return;
  tt_entry *b = &t->slots[2 * (key & (t->nbuckets - 1))];
  /* Slot 0 keeps the deepest result; anything else goes to slot 1. */
  tt_entry *e = (b[0].bound == TT_NONE || b[0].key == key || depth >= b[0].depth) ? &b[0] : &b[1];
  if (e == &b[0] && b[0].bound != TT_NONE && b[0].key != key)
    b[1] = b[0];  /* the displaced deep entry survives one more store */
  e->key = key;
  e->move = move;
  e->score = score;
  e->depth = (uint8_t)(depth > TT_DEPTH_EXACT ? TT_DEPTH_EXACT : depth);
  e->bound = (uint8_t)bound;
  t->stores++;
}
