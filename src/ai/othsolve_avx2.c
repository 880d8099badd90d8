/* othsolve_avx2.c: the exact Othello solver (othsolve.c) compiled a third time, with the
   popcnt instruction and AVX2 allowed, as osolve_run_avx2: the moves (othello.h) and the flips
   four directions at a time in vectors.  osolve_run calls it on processors that have both
   (othsolve.c says why).  Only GCC on x86 without -mpopcnt builds it. */
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(__POPCNT__)
#pragma GCC target("popcnt,avx2")
#define OSOLVE_AVX2_CLONE 1
#include "othsolve.c"
#else
typedef int osolve_avx2_unused;   /* one copy of the solver is enough here */
#endif
