/* hash.h: the hash mixer the games key their states with, the splitmix64 stream, and Zobrist
   key tables drawn from it. */
#ifndef SG_HASH_H
#define SG_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_GOLDEN 0x9e3779b97f4a7c15ULL

/* The splitmix64 finaliser: every input bit reaches every output bit (Steele, Lea, Flood,
   "Fast splittable pseudorandom number generators", 2014). */
static inline uint64_t hash_mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/* Fold one more word v into the running hash h (for states hashed field by field). */
static inline uint64_t hash_combine(uint64_t h, uint64_t v) {
  h ^= v + HASH_GOLDEN + (h << 6) + (h >> 2);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

/* The next number of a splitmix64 stream whose position is *state: a fixed sequence for a
   fixed start, on every machine. */
static inline uint64_t hash_splitmix_next(uint64_t *state) {
  return hash_mix64(*state += HASH_GOLDEN);
}

/* Fill n Zobrist keys from the stream *state (which moves on by n). */
void hash_zobrist(uint64_t *keys, size_t n, uint64_t *state);

#endif
