/* options.c: the schema of search requests (see options.h): the descriptor table, the
   defaults it gives, and the words its error messages use. */
#include "options.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define AB ALGO_BIT(ALGO_ALPHABETA)
#define RND ALGO_BIT(ALGO_RANDOM)
#define TREE (ALGO_BIT(ALGO_MAXN) | ALGO_BIT(ALGO_PARANOID) | ALGO_BIT(ALGO_BRS))
#define MC ALGO_BIT(ALGO_MCTS)
#define SO ALGO_BIT(ALGO_SOLVE)
#define PI ALGO_BIT(ALGO_PIMC)
#define IS ALGO_BIT(ALGO_ISMCTS)

const char *const options_algo_names[ALGO_COUNT + 1] = {
  "alphabeta", "random", "maxn", "paranoid", "brs", "mcts", "pimc", "ismcts", "solve", NULL
};

static const char *const prune_values[] = {"false", "true", "own", NULL};
static const char *const inner_values[] = {"auto", "alphabeta", "maxn", "paranoid", "brs",
                                           "mcts", NULL};

/* An alpha-beta enhancement: a boolean, on by default. */
#define FLAG(nm, what) \
  {nm, OPT_BOOLEAN, 0, 0, 0, 0, 0, NULL, 1, "true", AB | PI, NULL, what}

/* The order is opt_id's; the manual lists them in this order too. */
const opt_desc options_table[OPT_COUNT] = {
  [OPT_DEPTH] = {"depth", OPT_INTEGER, 0, SEARCH_MAX_PLY - 2, 0, 0, 0, NULL, 0, "0",
                 AB | TREE | PI, "plies; 0: no limit",
                 "the deepest iteration searched (pimc: 4 when nothing limits it)"},
  [OPT_TIME] = {"time", OPT_NUMBER, 0, 0, 0, HUGE_VAL, 0, NULL, 0, "0",
                AB | TREE | MC | SO | PI | IS,
                "seconds; 0: no limit", "stop after this long and answer with the best so far"},
  [OPT_NODES] = {"nodes", OPT_INTEGER, 0, INT64_MAX, 0, 0, 0, NULL, 0, "0",
                 AB | TREE | MC | SO | PI | IS, "0: no limit", "stop after this many positions"},
  [OPT_HASH] = {"hash", OPT_NUMBER, 0, 0, 0, 65536, 0, NULL, 16, "16",
                AB | TREE | MC | SO | PI | IS,
                "megabytes; 0: no table",
                "transposition table size (MCTS: the tree's memory, 2 nodes at least)"},
  [OPT_SEED] = {"seed", OPT_INTEGER, INT64_MIN, INT64_MAX, 0, 0, 0, NULL, 1,
                "from the game's seed and ply", AB | RND | TREE | MC | SO | PI | IS, NULL,
                "the random choices (random margin, random moves, playouts)"},
  [OPT_RANDOM] = {"random", OPT_MARGIN, 0, SG_WIN / 4 - 1, 0, 0, 0, NULL, -1, "false",
                  AB | TREE | SO, "in the score's units; Othello solve: discs",
                  "play a move chosen with the seed among those within this margin of the best"},
  [OPT_BEAM] = {"beam", OPT_LIST, 1, 1 << 30, 0, 0, SEARCH_MAX_BEAM, NULL, 0, "none", AB | PI,
                "moves kept at plies 1, 2, ...", "forward pruning: keep only the best moves by "
                "the evaluation at the first plies"},
  [OPT_SYMMETRY] = {"symmetry", OPT_BOOLEAN, 0, 0, 0, 0, 0, NULL, 0, "false", AB | PI, NULL,
                    "search one move of each class of symmetric moves"},
  [OPT_PRUNE_ACTIONS] = {"prune_actions", OPT_ENUM, 0, 0, 0, 0, 0, prune_values, 0, "false",
                         AB | TREE | MC | PI, "true: every player's moves, \"own\": the searching "
                         "player's only", "apply the game's prune hook to the moves searched"},
  [OPT_THREADS] = {"threads", OPT_INTEGER, 1, 256, 0, 0, 0, NULL, 1, "1", AB | MC | SO,
                   "1: reproducible from the seed", "threads searching together"},
  [OPT_MULTIPV] = {"multipv", OPT_INTEGER, 1, SEARCH_MAX_LINES, 0, 0, 0, NULL, 1, "1", AB,
                   "lines; 1: the best move alone",
                   "search this many best root moves, each with its line (result.lines)"},
  [OPT_PVS] = FLAG("pvs", "principal variation search (null windows after the first move)"),
  [OPT_ASPIRATION] = FLAG("aspiration", "aspiration windows around the last iteration's score"),
  [OPT_KILLERS] = FLAG("killers", "killer moves tried early"),
  [OPT_HISTORY] = FLAG("history", "the history heuristic orders quiet moves"),
  [OPT_NULL_MOVE] = FLAG("null_move", "null move pruning (games with a null-move hook)"),
  [OPT_LMR] = FLAG("lmr", "late move reductions"),
  [OPT_QUIESCENCE] = FLAG("quiescence", "quiescence search (games with a noisy-move hook)"),
  [OPT_PROBCUT] = {"probcut", OPT_MARGIN, 1, SG_WIN / 4 - 1, 0, 0, 0, NULL, -1, "false", AB | PI,
                   "in the score's units", "ProbCut: away from the principal variation, a "
                   "shallow search that clears a bound by this margin cuts the node"},
  [OPT_CHECK_EXT] = FLAG("check_ext", "extend a node in check by a ply (games with an in-check "
                         "hook)"),
  [OPT_SEE] = {"see", OPT_MARGIN, 1, SG_WIN / 4 - 1, 0, 0, 0, NULL, 100, "100", AB | PI,
               "in the score's units per ply", "exchange pruning (games with an exchange hook): "
               "shallow nodes skip captures that lose more than this times the depth and quiet "
               "moves that lose more than a quarter of it times the depth squared"},
  [OPT_RFP] = {"rfp", OPT_MARGIN, 1, SG_WIN / 4 - 1, 0, 0, 0, NULL, 80, "80", AB | PI,
               "in the score's units per ply", "reverse futility pruning (games with an "
               "exchange hook): a shallow node whose static value clears beta by this times the "
               "depth is cut"},
  [OPT_FUTILITY] = {"futility", OPT_MARGIN, 1, SG_WIN / 4 - 1, 0, 0, 0, NULL, 100, "100",
                    AB | PI, "in the score's units per ply", "futility pruning (games with an "
                    "exchange hook): shallow nodes skip quiet moves when the static value is "
                    "this times the depth plus one below alpha"},
  [OPT_LMP] = FLAG("lmp", "late move pruning (games with an exchange hook): shallow nodes skip "
                   "late quiet moves"),
  [OPT_LMR_TABLE] = FLAG("lmr_table", "late move reductions by a table of depth and move "
                         "number, adjusted by history (games with an exchange hook)"),
  [OPT_COUNTERMOVE] = FLAG("countermove", "the move that refuted the opponent's last move "
                           "tried after the killers (games with an exchange hook)"),
  [OPT_IIR] = FLAG("iir", "internal iterative reduction: a node without a table move is "
                   "searched a ply shallower (games with an exchange hook)"),
  [OPT_CONT_HISTORY] = {"cont_history", OPT_BOOLEAN, 0, 0, 0, 0, 0, NULL, 0, "false", AB | PI,
                        NULL, "continuation history: quiet moves ordered and reduced by how they "
                        "did after the same previous move and the mover's own move before it "
                        "(games with a piece-and-square hook; on in chess's defaults, where it "
                        "measured positive)"},
  [OPT_SINGULAR] = {"singular", OPT_BOOLEAN, 0, 0, 0, 0, 0, NULL, 0, "false", AB | PI, NULL,
                    "singular extensions: a table move that alone holds its score, the "
                    "others failing below it in a reduced search, is searched a ply deeper "
                    "(games with an exchange hook; off: not measured positive)"},
  [OPT_KEEP_HISTORY] = {"keep_history", OPT_BOOLEAN, 0, 0, 0, 0, 0, NULL, 0, "false", AB,
                        NULL, "start from the history tables (history, countermoves, "
                        "continuation history) of the last search of the same game and player, "
                        "halved, instead of empty ones (kept by the game object; the UCI engine "
                        "keeps its own until ucinewgame)"},
  [OPT_ITERATIONS] = {"iterations", OPT_INTEGER, 0, INT64_MAX, 0, 0, 0, NULL, 0, "0",
                      MC | PI | IS,
                      "playouts; 0: until time or nodes, 10000 when neither is set",
                      "playouts to run"},
  [OPT_EXPLORATION] = {"exploration", OPT_NUMBER, 0, 0, 0, HUGE_VAL, 0, NULL,
                       1.4142135623730951, "1.414 (the square root of 2)", MC | PI | IS, NULL,
                       "the UCB1 constant C"},
  [OPT_PLAYOUT_DEPTH] = {"playout_depth", OPT_INTEGER, 0, 1 << 30, 0, 0, 0, NULL, 0, "0",
                         MC | PI | IS, "moves; 0: to the game's end",
                         "random moves of a playout before it is evaluated"},
  [OPT_SAMPLES] = {"samples", OPT_INTEGER, 1, 1 << 20, 0, 0, 0, NULL, 20, "20", PI,
                   "states; the limits are shared out among them",
                   "full states sampled from the mover's view and searched"},
  [OPT_INNER] = {"inner", OPT_ENUM, 0, 0, 0, 0, 0, inner_values, 0, "\"auto\"", PI,
                 "\"auto\": alphabeta with one or two players, else maxn",
                 "the search run on each sampled state"},
  [OPT_OMNISCIENT] = {"omniscient", OPT_BOOLEAN, 0, 0, 0, 0, 0, NULL, 0, "false",
                      AB | TREE | MC, NULL, "search a game with hidden information as it "
                      "stands, seeing every hidden card (a cheating player, for comparisons)"},
};

int options_algo(const char *name) {
  for (int a = 0; a < ALGO_COUNT; a++)
    if (strcmp(name, options_algo_names[a]) == 0)
      return a;
  return -1;
}

const opt_desc *options_find(const char *name) {
  for (int i = 0; i < OPT_COUNT; i++)
    if (strcmp(name, options_table[i].name) == 0)
      return &options_table[i];
  return NULL;
}

/* "a whole number from lo to hi", "a whole number, lo or more" or "an integer" */
static int whole_range(char *buf, size_t n, int64_t lo, int64_t hi) {
  if (lo == INT64_MIN && hi == INT64_MAX)
    return snprintf(buf, n, "an integer");
  if (hi == INT64_MAX)
    return snprintf(buf, n, "a whole number, %lld or more", (long long)lo);
  return snprintf(buf, n, "a whole number from %lld to %lld", (long long)lo, (long long)hi);
}

void options_expected(const opt_desc *d, char *buf, size_t n) {
  int k = 0;
  switch (d->type) {
  case OPT_INTEGER:
    k = whole_range(buf, n, d->imin, d->imax);
    break;
  case OPT_NUMBER:
    if (isinf(d->nmax))
      k = snprintf(buf, n, "a number, %.14g or more", d->nmin);
    else
      k = snprintf(buf, n, "a number from %.14g to %.14g", d->nmin, d->nmax);
    break;
  case OPT_BOOLEAN:
    k = snprintf(buf, n, "true or false");
    break;
  case OPT_MARGIN:
    k = snprintf(buf, n, "false or ");
    if (k >= 0 && (size_t)k < n)
      k += whole_range(buf + k, n - (size_t)k, d->imin, d->imax);
    break;
  case OPT_LIST:
    k = snprintf(buf, n, "a list of at most %d whole numbers, each ", d->max_len);
    if (k >= 0 && (size_t)k < n)
      k += d->imax == INT64_MAX ? snprintf(buf + k, n - (size_t)k, "%lld or more",
                                           (long long)d->imin)
                                : snprintf(buf + k, n - (size_t)k, "from %lld to %lld",
                                           (long long)d->imin, (long long)d->imax);
    break;
  case OPT_ENUM:
    buf[0] = '\0';
    for (int i = 0; d->values[i]; i++) {
      const char *v = d->values[i];
      int quoted = strcmp(v, "true") != 0 && strcmp(v, "false") != 0;
      const char *sep = i == 0 ? "" : d->values[i + 1] ? ", " : " or ";
      k += snprintf(buf + k, (size_t)k < n ? n - (size_t)k : 0, quoted ? "%s\"%s\"" : "%s%s",
                    sep, v);
    }
    break;
  case OPT_FUNCTION:
    k = snprintf(buf, n, "a function");
    break;
  }
  if (d->unit && k >= 0 && (size_t)k < n)
    snprintf(buf + k, n - (size_t)k, " (%s)", d->unit);
}

void options_algo_list(const opt_desc *d, int quote, char *buf, size_t n) {
  static const int by_name[ALGO_COUNT] = {ALGO_ALPHABETA, ALGO_BRS, ALGO_ISMCTS, ALGO_MAXN,
                                          ALGO_MCTS, ALGO_PARANOID, ALGO_PIMC, ALGO_RANDOM,
                                          ALGO_SOLVE};
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < ALGO_COUNT && k < n; i++)
    if (d->algos & ALGO_BIT(by_name[i])) {
      int a = by_name[i];
      int w = snprintf(buf + k, n - k, quote ? "%s'%s'" : "%s%s", k ? ", " : "",
                       options_algo_names[a]);
      if (w < 0)
        break;
      k += (size_t)w;
    }
}

int options_in_range(const opt_desc *d, const opt_value *v, char *why, size_t n) {
  switch (d->type) {
  case OPT_INTEGER:
  case OPT_MARGIN:
    if (d->type == OPT_MARGIN && v->i < 0)
      return 1;   /* false */
    if (v->i < d->imin || v->i > d->imax) {
      snprintf(why, n, "%lld is out of range", (long long)v->i);
      return 0;
    }
    return 1;
  case OPT_NUMBER:
    if (!(v->n >= d->nmin && v->n <= d->nmax)) {
      snprintf(why, n, "%.14g is out of range", v->n);
      return 0;
    }
    return 1;
  case OPT_LIST:
    if (v->len > d->max_len) {
      snprintf(why, n, "%d entries are too many", v->len);
      return 0;
    }
    for (int i = 0; i < v->len; i++)
      if (v->list[i] < d->imin || v->list[i] > d->imax) {
        snprintf(why, n, "entry %d, %d, is out of range", i + 1, v->list[i]);
        return 0;
      }
    return 1;
  default:
    return 1;
  }
}

void options_defaults(multi_opts *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < OPT_COUNT; i++) {
    const opt_desc *d = &options_table[i];
    opt_value v = {.i = (int64_t)d->def, .n = d->def, .len = 0};
    options_set(o, (opt_id)i, &v);
  }
  o->no_shallow = 0;   /* max^n's comparison switch: not a request option */
}

size_t options_hash_bytes(double megabytes) {
  return (size_t)(megabytes * 1048576.0);
}

void options_set(multi_opts *o, opt_id id, const opt_value *v) {
  search_opts *s = &o->s;
  switch (id) {
  case OPT_DEPTH: s->depth = (int)v->i; break;
  case OPT_TIME: s->time = v->n; break;
  case OPT_NODES: s->nodes = (uint64_t)v->i; break;
  case OPT_HASH: s->hash_bytes = options_hash_bytes(v->n); break;
  case OPT_SEED: s->seed = (uint64_t)v->i; break;
  case OPT_RANDOM: s->random = v->i < 0 ? -1 : (int)v->i; break;
  case OPT_BEAM:
    memcpy(s->beam, v->list, (size_t)v->len * sizeof v->list[0]);
    s->nbeam = v->len;
    break;
  case OPT_SYMMETRY: s->symmetry = (int)v->i; break;
  case OPT_PRUNE_ACTIONS:
    s->prune_actions = v->i == 1 ? SEARCH_PRUNE_ALL : v->i == 2 ? SEARCH_PRUNE_OWN : 0;
    break;
  case OPT_THREADS: s->threads = (int)v->i; break;
  case OPT_MULTIPV: s->multipv = (int)v->i; break;
  case OPT_PVS: s->pvs = (int)v->i; break;
  case OPT_ASPIRATION: s->aspiration = (int)v->i; break;
  case OPT_KILLERS: s->killers = (int)v->i; break;
  case OPT_HISTORY: s->history = (int)v->i; break;
  case OPT_NULL_MOVE: s->null_move = (int)v->i; break;
  case OPT_LMR: s->lmr = (int)v->i; break;
  case OPT_QUIESCENCE: s->quiescence = (int)v->i; break;
  case OPT_PROBCUT: s->probcut = v->i < 0 ? -1 : (int)v->i; break;
  case OPT_CHECK_EXT: s->check_ext = (int)v->i; break;
  case OPT_SEE: s->see = v->i < 0 ? -1 : (int)v->i; break;
  case OPT_RFP: s->rfp = v->i < 0 ? -1 : (int)v->i; break;
  case OPT_FUTILITY: s->futility = v->i < 0 ? -1 : (int)v->i; break;
  case OPT_LMP: s->lmp = (int)v->i; break;
  case OPT_LMR_TABLE: s->lmr_table = (int)v->i; break;
  case OPT_COUNTERMOVE: s->countermove = (int)v->i; break;
  case OPT_IIR: s->iir = (int)v->i; break;
  case OPT_CONT_HISTORY: s->cont_history = (int)v->i; break;
  case OPT_SINGULAR: s->singular = (int)v->i; break;
  case OPT_KEEP_HISTORY: s->keep_history = (int)v->i; break;
  case OPT_ITERATIONS: o->iterations = (uint64_t)v->i; break;
  case OPT_EXPLORATION: o->exploration = v->n; break;
  case OPT_PLAYOUT_DEPTH: o->playout_depth = (int)v->i; break;
  case OPT_SAMPLES: o->samples = (int)v->i; break;
  case OPT_INNER: o->inner = (multi_inner)v->i; break;
  case OPT_OMNISCIENT: o->omniscient = (int)v->i; break;
  case OPT_COUNT: break;
  }
}
