/* bits.h: portable bit operations on 32- and 64-bit sets (compiler builtins where there are
   some, plain C elsewhere), for the bitboard games. */
#ifndef SG_BITS_H
#define SG_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define SG_HAVE_BUILTIN_BITS 1
#endif

/* The number of set bits: the popcnt instruction where the build has it (-mpopcnt or a
   -march that includes it); without it the compiler's builtin is a call into libgcc
   (__popcountdi2, a table walk: 9% of a chess search's instructions), and the multiply form
   inline is about a dozen instructions. */
static inline int bits_count64(uint64_t x) {
#if defined(SG_HAVE_BUILTIN_BITS) && defined(__POPCNT__)
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int bits_count32(uint32_t x) { return bits_count64(x); }

/* The index of the lowest set bit; x must not be 0. */
static inline int bits_first64(uint64_t x) {
#ifdef SG_HAVE_BUILTIN_BITS
  return __builtin_ctzll(x);
#else
  int n = 0;
  if (!(x & 0xffffffffULL)) x >>= 32, n += 32;
  if (!(x & 0xffffULL)) x >>= 16, n += 16;
  if (!(x & 0xffULL)) x >>= 8, n += 8;
  if (!(x & 0xfULL)) x >>= 4, n += 4;
  if (!(x & 0x3ULL)) x >>= 2, n += 2;
  return n + !(x & 1);
#endif
}

static inline int bits_first32(uint32_t x) { return bits_first64(x); }

/* The lowest set bit's index, and that bit cleared from *x; *x must not be 0. */
static inline int bits_pop_first64(uint64_t *x) {
  int s = bits_first64(*x);
  *x &= *x - 1;
  return s;
}

/* The bytes in reverse order (a board's rows upside down). */
static inline uint64_t bits_swap_bytes64(uint64_t x) {
#ifdef SG_HAVE_BUILTIN_BITS
  return __builtin_bswap64(x);
#else
  x = (x & 0x00000000ffffffffULL) << 32 | (x >> 32);
  x = (x & 0x0000ffff0000ffffULL) << 16 | ((x >> 16) & 0x0000ffff0000ffffULL);
  return (x & 0x00ff00ff00ff00ffULL) << 8 | ((x >> 8) & 0x00ff00ff00ff00ffULL);
#endif
}

#endif
