/* options.h: the schema of search requests: one descriptor per option (name, type, range or
   values, default, the algorithms that accept it, a line of description), from which the
   bindings read search_opts and multi_opts, Lua checks sg.search's options and the manual's
   table is made.  Defaults are written here and nowhere else. */
#ifndef SG_OPTIONS_H
#define SG_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "multi.h"
#include "search.h"

/* The shared searches, and Othello's solver (its options come from this table too). */
typedef enum {
  ALGO_ALPHABETA, ALGO_RANDOM, ALGO_MAXN, ALGO_PARANOID, ALGO_BRS, ALGO_MCTS, ALGO_PIMC,
  ALGO_ISMCTS, ALGO_SOLVE,
  ALGO_COUNT
} opt_algo;

#define ALGO_BIT(a) (1u << (a))

typedef enum {
  OPT_INTEGER,   /* a whole number in [imin, imax] */
  OPT_NUMBER,    /* a number in [nmin, nmax] */
  OPT_BOOLEAN,
  OPT_MARGIN,    /* false (off) or a whole number in [imin, imax] */
  OPT_LIST,      /* an array of at most imax_len whole numbers, each in [imin, imax] */
  OPT_ENUM,      /* one of values: "true" and "false" stand for the booleans */
  OPT_FUNCTION
} opt_type;

typedef enum {
  OPT_DEPTH, OPT_TIME, OPT_NODES, OPT_HASH, OPT_SEED, OPT_RANDOM, OPT_BEAM, OPT_SYMMETRY,
  OPT_PRUNE_ACTIONS, OPT_THREADS, OPT_MULTIPV, OPT_PVS, OPT_ASPIRATION, OPT_KILLERS, OPT_HISTORY,
  OPT_NULL_MOVE, OPT_LMR, OPT_QUIESCENCE, OPT_PROBCUT, OPT_CHECK_EXT, OPT_SEE, OPT_RFP,
  OPT_FUTILITY, OPT_LMP, OPT_LMR_TABLE, OPT_COUNTERMOVE, OPT_IIR, OPT_CONT_HISTORY,
  OPT_SINGULAR, OPT_KEEP_HISTORY, OPT_ITERATIONS, OPT_EXPLORATION, OPT_PLAYOUT_DEPTH,
  OPT_SAMPLES, OPT_INNER, OPT_OMNISCIENT, OPT_COUNT
} opt_id;

typedef struct opt_desc {
  const char *name;
  opt_type type;
  int64_t imin, imax;          /* integer, margin, list entries */
  double nmin, nmax;           /* number */
  int max_len;                 /* list: at most this many entries */
  const char *const *values;   /* enum: NULL-terminated */
  double def;                  /* integer, number, boolean (0/1), margin (-1: false) */
  const char *def_text;        /* the default as the manual shows it */
  unsigned algos;              /* ALGO_BIT of every algorithm that accepts it */
  const char *unit;            /* what the value counts, and what 0 means: "plies; 0: no
                                  limit" (may be NULL) */
  const char *doc;             /* one line */
} opt_desc;

/* A value as read from a request: the reader fills the member its type uses. */
typedef struct opt_value {
  int64_t i;                   /* integer, margin (-1: false), boolean, enum (index) */
  double n;                    /* number */
  int list[SEARCH_MAX_BEAM];
  int len;
} opt_value;

extern const opt_desc options_table[OPT_COUNT];
extern const char *const options_algo_names[ALGO_COUNT + 1];   /* NULL-terminated */

/* The algorithm of that name, or -1. */
int options_algo(const char *name);
/* The option of that name, or NULL. */
const opt_desc *options_find(const char *name);
static inline int options_accepts(const opt_desc *d, int algo) {
  return algo >= 0 && algo < ALGO_COUNT && (d->algos & ALGO_BIT(algo)) != 0;
}
/* What the option takes, as the end of an error message: "a whole number from 0 to 126
   (plies; 0: no limit)". */
void options_expected(const opt_desc *d, char *buf, size_t n);
/* The names of the algorithms that accept d, sorted, joined by ", " (quoted when quote). */
void options_algo_list(const opt_desc *d, int quote, char *buf, size_t n);
/* Whether v (of the right type) is in d's range; else 0 with what was wrong in why. */
int options_in_range(const opt_desc *d, const opt_value *v, char *why, size_t n);

/* Every field of o to the table's defaults (multi_opts holds search_opts). */
void options_defaults(multi_opts *o);
/* Store a checked value of option id in o. */
void options_set(multi_opts *o, opt_id id, const opt_value *v);
/* The default table size in bytes (for searches with options of their own kind). */
size_t options_hash_bytes(double megabytes);

#endif
