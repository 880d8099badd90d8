/* othsolve_popcnt.c: the exact Othello solver (othsolve.c) compiled a second time with the
   popcnt instruction allowed, as osolve_run_popcnt; osolve_run calls it on processors that
   have the instruction (othsolve.c says why).  Only GCC on x86 without -mpopcnt needs it. */
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(__POPCNT__)
#pragma GCC target("popcnt")
#define OSOLVE_POPCNT_CLONE 1
#include "othsolve.c"
#else
typedef int osolve_popcnt_unused;   /* one copy of the solver is enough here */
#endif
