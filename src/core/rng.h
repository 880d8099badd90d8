/* rng.h: seeded pseudo-random numbers (xoshiro256**) and Zobrist key tables. */
#ifndef SG_RNG_H
#define SG_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct sg_rng {
  uint64_t s[4];
} sg_rng;

void rng_seed(sg_rng *r, uint64_t seed);
uint64_t rng_next(sg_rng *r);
/* Uniform integer in [0, n); n > 0.  Unbiased (rejection sampling). */
uint64_t rng_below(sg_rng *r, uint64_t n);
/* Uniform double in [0, 1). */
double rng_double(sg_rng *r);
/* Fill a table of n Zobrist keys, the same for the same seed on every machine. */
void rng_zobrist(uint64_t *keys, size_t n, uint64_t seed);

#endif
