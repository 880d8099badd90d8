/* tt.h: a transposition table of fixed size (two-entry buckets), keyed by Zobrist hash. */
#ifndef SG_TT_H
#define SG_TT_H

#include <stddef.h>
#include <stdint.h>

enum { TT_NONE = 0, TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* Depth stored for a subtree searched to its end (no horizon in it): valid at any depth. */
#define TT_DEPTH_EXACT 255

typedef struct tt_entry {
  uint64_t key;
  uint32_t move;
  int32_t score;
  uint8_t depth;
  uint8_t bound;
  uint16_t pad;
  uint32_t gen;      /* the generation of the table's use that wrote it (see tt_init); with
                        the fields above, three whole 64-bit words for the shared access */
} tt_entry;

typedef struct tt_table {
  tt_entry *slots;  /* 2 * nbuckets entries: [depth-preferred, always-replace] */
  size_t nbuckets;  /* a power of two, or 0 for no table */
  uint32_t gen;     /* entries of another generation read as empty */
  uint64_t cycle;   /* of the generations (core/zmem.h) */
  uint64_t probes, hits, stores;
} tt_table;

/* Size the table to at most `bytes` (rounded down to a power of two of buckets; 0 = no
   table).  Returns 0, or -1 when memory could not be had (the table is then empty).
   Making a table costs nothing however large it is: every use of a table (tt_init, tt_clear)
   takes a new generation from a process-wide counter, and an entry of another generation
   reads as empty, so nothing is cleared.  tt_free keeps the last block given back (up to
   256 MB) for the next tt_init of the same size, so a program that searches again and again
   (sg.search from Lua) neither maps nor clears a table each time; a fresh block comes from
   zeroed pages (core/zmem.h).  A search sees exactly what it would see in a new table. */
int tt_init(tt_table *t, size_t bytes);
void tt_free(tt_table *t);
/* Empty the table (a new generation). */
void tt_clear(tt_table *t);
/* The entry for key, or NULL. */
const tt_entry *tt_probe(tt_table *t, uint64_t key);
void tt_store(tt_table *t, uint64_t key, uint32_t move, int32_t score, int depth, int bound);

/* The same for a table shared by threads (lazy SMP): each entry is read and written as three
   64-bit words with relaxed atomic operations, its key stored xor-ed with the other two, so an
   entry torn by two writers fails the check and reads as absent (the lockless scheme of
   Hyatt and Mann).  A table is used either way, never both; these count no statistics.
   tt_probe_shared copies the entry into *out and returns 1, or returns 0. */
int tt_probe_shared(tt_table *t, uint64_t key, tt_entry *out);
void tt_store_shared(tt_table *t, uint64_t key, uint32_t move, int32_t score, int depth,
                     int bound);

#endif
