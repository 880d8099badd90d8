/* uci.h: the UCI protocol engine for chess (Universal Chess Interface, as Stockfish and the
   GUIs speak it), with no Lua: the binding core.chess.uci calls it on stdin and stdout. */
#ifndef SG_UCI_H
#define SG_UCI_H

#include <stdio.h>

#include "games/chess.h"

/* Run the UCI loop: commands from in, answers on out (line-buffered), the chess search on a
   thread of its own; defaults gives the weights and rules the options start from.  Returns
   when "quit" or the end of in is read: 0, or -1 with the error in err (SG_ERRLEN bytes)
   when the engine cannot be set up (out of memory); or 1 ("interrupted!") at once when
   Ctrl-C raised the interrupt flag (a search is stopped; the reader thread is left waiting
   on in, with what it uses, as the program is about to end). */
int uci_run(const ch_cfg *defaults, FILE *in, FILE *out, char *err);

#endif
