/* zmem.h: zeroed blocks for tables (transposition tables), cheap to make and to drop.

   A large block comes straight from the system as anonymous pages (mmap), which are zero until
   written: a table of 64 MB costs nothing until a search writes into it, and only the pages it
   writes.  calloc would do the same only while the allocator hands out fresh pages: glibc
   raises its mmap threshold after a large block is freed, so the next table of the same size
   comes from the heap and is cleared byte by byte (a 16 MB table then cost 10 ms per search,
   more than a short search).  Small blocks, and systems without anonymous mappings, are
   cleared after aligned_alloc, so that every block starts on a cache line. */
#ifndef SG_ZMEM_H
#define SG_ZMEM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* A zeroed block of `bytes` bytes aligned to ZMEM_ALIGN (a cache line; a mapped block to a
   page), or NULL when memory could not be had. */
#define ZMEM_ALIGN 64
void *zmem_alloc(size_t bytes);
/* Give back a block of zmem_alloc (p may be NULL); bytes as given to zmem_alloc. */
void zmem_free(void *p, size_t bytes);

/* A table kind's kept block and generations (tt.c, vtt.c): the last block given back (up to
   ZMEM_KEEP_MAX bytes) is kept for the next table of its size, and every use of a table takes
   a new generation; entries of another generation read as empty, so a kept block is never
   cleared.  When the generations wrap round, the block in use and the kept one are cleared
   and a block in use during a wrap is not kept when given back (its entries' generations
   would be given again).  One per kind of table (its entries' layout),
   defined with ZMEM_KEEP_INIT. */
#define ZMEM_KEEP_MAX ((size_t)256 << 20)
typedef struct zmem_keep {
  pthread_mutex_t lock;
  void *block;
  size_t bytes;
  uint32_t gen, max_gen;   /* the last generation given, and the largest (then it wraps) */
  uint64_t cycle;          /* the wraps so far */
} zmem_keep;
#define ZMEM_KEEP_INIT(max_gen) {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, (max_gen), 0}
/* A zeroed or kept block of bytes (NULL without memory); *gen its new generation, *cycle
   what zmem_keep_give needs back. */
void *zmem_keep_take(zmem_keep *k, size_t bytes, uint32_t *gen, uint64_t *cycle);
/* A new generation for a block in use (clearing a table), *cycle updated; the block is
   cleared on a wrap. */
uint32_t zmem_keep_gen(zmem_keep *k, void *block, size_t bytes, uint64_t *cycle);
/* Give back a block of zmem_keep_take (p may be NULL) with its cycle. */
void zmem_keep_give(zmem_keep *k, void *p, size_t bytes, uint64_t cycle);

#endif
