/* clock.c: monotonic clock and the interrupt flag. */
#include <signal.h>
#include <time.h>

#include "clock.h"

static volatile sig_atomic_t interrupted = 0;

double clock_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void interrupt_request(void) { interrupted = 1; }
int interrupt_pending(void) { return interrupted != 0; }
void interrupt_clear(void) { interrupted = 0; }

static volatile sig_atomic_t gentle = 0;
int interrupt_set_gentle(int on) {
  int was = gentle;
  gentle = on != 0;
  return was;
}
int interrupt_gentle(void) { return gentle != 0; }
