/* vtt.h: a transposition table of score vectors (one score per player), of fixed size, for the
   multi-player searches (max^n stores exact vectors; paranoid and best-reply a bound on the
   root player's component with the vector of the line that gave it). */
#ifndef SG_VTT_H
#define SG_VTT_H

#include <stddef.h>
#include <stdint.h>

#include "tt.h"   /* TT_NONE, TT_EXACT, TT_LOWER, TT_UPPER, TT_DEPTH_EXACT */

#define VTT_MAX_PLAYERS 8

typedef struct vtt_entry {
  uint64_t key;
  uint32_t move;
  uint8_t depth;
  uint8_t bound;
  uint16_t gen;       /* the generation of the table's use that wrote it (tt.h's tt_init) */
  int32_t vec[VTT_MAX_PLAYERS];
} vtt_entry;

typedef struct vtt_table {
  vtt_entry *slots;   /* 2 * nbuckets entries: [depth-preferred, always-replace] */
  size_t nbuckets;    /* a power of two, or 0 for no table */
  uint16_t gen;       /* entries of another generation read as empty */
  uint64_t cycle;     /* of the generations (core/zmem.h) */
  uint64_t probes, hits, stores;
} vtt_table;

/* Size the table to at most `bytes` (0 = no table).  Returns 0, or -1 without memory.  Made
   at no cost, as tt_init makes a table: generations, and the last block kept. */
int vtt_init(vtt_table *t, size_t bytes);
void vtt_free(vtt_table *t);
/* The entry for key, or NULL. */
const vtt_entry *vtt_probe(vtt_table *t, uint64_t key);
/* Store n scores (n <= VTT_MAX_PLAYERS). */
void vtt_store(vtt_table *t, uint64_t key, uint32_t move, const int *vec, int n, int depth,
               int bound);

#endif
