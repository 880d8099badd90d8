/* hash.c: Zobrist key tables from a splitmix64 stream. */
#include "hash.h"

void hash_zobrist(uint64_t *keys, size_t n, uint64_t *state) {
  for (size_t i = 0; i < n; i++)
    keys[i] = hash_splitmix_next(state);
}
