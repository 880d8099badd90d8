/* zmem.c: zeroed blocks for tables (zmem.h). */
#include <stdlib.h>

#include "zmem.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#endif

#if defined(MAP_ANONYMOUS) || defined(MAP_ANON)
#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif
#define ZMEM_MAP 1
#endif

/* Blocks from this size on are mapped. */
#define ZMEM_MAP_MIN ((size_t)1 << 20)

void *zmem_alloc(size_t bytes) {
  if (bytes == 0)
    return NULL;
#ifdef ZMEM_MAP
  if (bytes >= ZMEM_MAP_MIN) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
  }
#endif
  return calloc(1, bytes);
}

void zmem_free(void *p, size_t bytes) {
  if (p == NULL)
    return;
#ifdef ZMEM_MAP
  if (bytes >= ZMEM_MAP_MIN) {
    munmap(p, bytes);
    return;
  }
#endif
  free(p);
}
