/* clock.c: monotonic clock and the interrupt flag. */
#include <signal.h>
#include <time.h>

#include "clock.h"

/* Written by the signal handler, read by every search thread: lock-free atomics (which are
   async-signal-safe), relaxed since the flag orders nothing else. */
static int interrupted = 0;

double clock_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void interrupt_request(void) { __atomic_store_n(&interrupted, 1, __ATOMIC_RELAXED); }
int interrupt_pending(void) { return __atomic_load_n(&interrupted, __ATOMIC_RELAXED) != 0; }
void interrupt_clear(void) { __atomic_store_n(&interrupted, 0, __ATOMIC_RELAXED); }

static int gentle = 0;
int interrupt_set_gentle(int on) {
  return __atomic_exchange_n(&gentle, on != 0, __ATOMIC_RELAXED);
}
int interrupt_gentle(void) { return __atomic_load_n(&gentle, __ATOMIC_RELAXED) != 0; }
