/* zmem.c: zeroed blocks for tables (zmem.h). */
#include <stdlib.h>
#include <string.h>

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
  /* aligned to a cache line, as mapped blocks are (a table's buckets may ask for it) */
  size_t rounded = (bytes + ZMEM_ALIGN - 1) / ZMEM_ALIGN * ZMEM_ALIGN;
  void *p = rounded >= bytes ? aligned_alloc(ZMEM_ALIGN, rounded) : NULL;
  if (p)
    memset(p, 0, rounded);
  return p;
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

uint32_t zmem_keep_gen(zmem_keep *k, void *block, size_t bytes, uint64_t *cycle) {
  pthread_mutex_lock(&k->lock);
  uint32_t g = k->gen >= k->max_gen ? 1 : k->gen + 1;   /* 0 is zeroed memory's */
  k->gen = g;
  if (g == 1) {
    k->cycle++;
    if (k->block)   /* the kept block's old entries would match again */
      memset(k->block, 0, k->bytes);
  }
  *cycle = k->cycle;
  pthread_mutex_unlock(&k->lock);
  if (g == 1 && block)
    memset(block, 0, bytes);
  return g;
}

void *zmem_keep_take(zmem_keep *k, size_t bytes, uint32_t *gen, uint64_t *cycle) {
  void *p = NULL;
  pthread_mutex_lock(&k->lock);
  if (k->block && k->bytes == bytes) {
    p = k->block;
    k->block = NULL;
  }
  pthread_mutex_unlock(&k->lock);
  if (p == NULL)
    p = zmem_alloc(bytes);
  if (p)
    *gen = zmem_keep_gen(k, p, bytes, cycle);
  return p;
}

void zmem_keep_give(zmem_keep *k, void *p, size_t bytes, uint64_t cycle) {
  if (p == NULL)
    return;
  void *drop = p;
  size_t drop_bytes = bytes;
  if (bytes <= ZMEM_KEEP_MAX) {
    pthread_mutex_lock(&k->lock);
    if (cycle == k->cycle) {   /* the newest is kept */
      drop = k->block;
      drop_bytes = k->bytes;
      k->block = p;
      k->bytes = bytes;
    }
    pthread_mutex_unlock(&k->lock);
  }
  zmem_free(drop, drop_bytes);
}
