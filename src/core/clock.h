/* clock.h: monotonic time and the process-wide interrupt flag (Ctrl-C stops a search). */
#ifndef SG_CLOCK_H
#define SG_CLOCK_H

/* Seconds from an arbitrary fixed point, monotonic. */
double clock_now(void);

/* The interrupt flag is the one piece of process-wide state: a signal is process-wide.
   The signal handler calls interrupt_request(); long C loops poll interrupt_pending()
   every few thousand nodes and stop; whoever reports the stop clears it. */
void interrupt_request(void);
int interrupt_pending(void);
void interrupt_clear(void);

/* Gentle mode (the REPL's prompt, a game being played): a search that Ctrl-C stops returns
   the best it found so far, marked interrupted, instead of raising, and a second Ctrl-C does
   not end the program.  interrupt_set_gentle returns the mode before. */
int interrupt_set_gentle(int on);
int interrupt_gentle(void);

#endif
