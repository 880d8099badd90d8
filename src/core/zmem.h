/* zmem.h: zeroed blocks for tables (transposition tables), cheap to make and to drop.

   A large block comes straight from the system as anonymous pages (mmap), which are zero until
   written: a table of 64 MB costs nothing until a search writes into it, and only the pages it
   writes.  calloc would do the same only while the allocator hands out fresh pages: glibc
   raises its mmap threshold after a large block is freed, so the next table of the same size
   comes from the heap and is cleared byte by byte (a 16 MB table then cost 10 ms per search,
   more than a short search).  Small blocks, and systems without anonymous mappings, use
   calloc. */
#ifndef SG_ZMEM_H
#define SG_ZMEM_H

#include <stddef.h>

/* A zeroed block of `bytes` bytes, or NULL when memory could not be had. */
void *zmem_alloc(size_t bytes);
/* Give back a block of zmem_alloc (p may be NULL); bytes as given to zmem_alloc. */
void zmem_free(void *p, size_t bytes);

#endif
