/* othsolve.c: the exact Othello endgame solver: negamax with null windows on the two bitboards
   (side to move, opponent), fastest-first ordering and a table far from the end, parity order
   and special code for the last three empty squares near it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "othsolve.h"

#define SCORE_INF 65        /* above every margin (-64..64) */
#define NO_SQUARE 255
#define SHALLOW 6           /* at or below this many empties: no table, no move list */
#define POLL_NODES 4096     /* the clock and the interrupt flag are read this often */
#define CORNERS 0x8100000000000081ULL
#define INNER 0x7e7e7e7e7e7e7e7eULL   /* columns b to g: a ray along a row may not wrap */

/* The quadrant of a square (0-3): parity is counted per quadrant, the regions that end up
   played out on their own near the end. */
#define QUAD(sq) ((((sq) >> 4) & 2) | (((sq) >> 2) & 1))

/* Squares from the most to the least promising, the order tried when nothing better is known:
   corners, then the squares two from a corner along an edge, the middle of the edges, the
   inner squares, and last the squares next to a corner (C, then X). */
static const uint8_t square_order[64] = {
  0, 7, 56, 63, 2, 5, 16, 23, 40, 47, 58, 61, 3, 4, 24, 31, 32, 39, 59, 60, 18, 21, 42, 45,
  19, 20, 26, 29, 34, 37, 43, 44, 27, 28, 35, 36, 10, 13, 17, 22, 41, 46, 50, 53, 11, 12, 25,
  30, 33, 38, 51, 52, 1, 6, 8, 15, 48, 55, 57, 62, 9, 14, 49, 54
};

/* One table entry: the whole position as its key (so no collision can make the result
   wrong), bounds on its value and the move that was best. */
typedef struct os_entry {
  uint64_t me, opp;
  int8_t lo, hi;
  uint8_t move, empties;   /* empties 0: a free slot */
  uint32_t pad;
} os_entry;

/* Everything a solve touches, allocated once before the first node. */
typedef struct os_ctx {
  const osolve_opts *o;
  os_entry *tt;            /* 2 * nbuckets entries: [deeper, most recent] */
  size_t nbuckets;         /* a power of two, or 0 for no table */
  uint64_t nodes, next_poll;
  double t0, deadline;
  osolve_stop stop;
} os_ctx;

typedef struct os_move {
  uint64_t flips;
  int sq, key;
} os_move;

static int popcount(uint64_t b) { return __builtin_popcountll(b); }

/* Placements for P against O: runs of O's discs closed by P, in all 8 directions at once. */
static uint64_t get_moves(uint64_t P, uint64_t O) {
  uint64_t h = O & INNER, m = 0, t;
#define SPREAD(M, OP, S)                                                              \
  t = M & (P OP S);                                                                   \
  t |= M & (t OP S); t |= M & (t OP S); t |= M & (t OP S); t |= M & (t OP S);         \
  t |= M & (t OP S);                                                                  \
  m |= t OP S
  SPREAD(h, <<, 1); SPREAD(h, >>, 1);
  SPREAD(O, <<, 8); SPREAD(O, >>, 8);
  SPREAD(h, <<, 7); SPREAD(h, >>, 7);
  SPREAD(h, <<, 9); SPREAD(h, >>, 9);
#undef SPREAD
  return m & ~(P | O);
}

/* The discs P turns by playing on sq (0 when the placement is illegal). */
static uint64_t get_flips(uint64_t P, uint64_t O, int sq) {
  uint64_t b = 1ULL << sq, h = O & INNER, f = 0, t;
#define RAY(M, OP, S)                                                                 \
  t = M & (b OP S);                                                                   \
  t |= M & (t OP S); t |= M & (t OP S); t |= M & (t OP S); t |= M & (t OP S);         \
  t |= M & (t OP S);                                                                  \
  if ((t OP S) & P)                                                                   \
    f |= t
  RAY(h, <<, 1); RAY(h, >>, 1);
  RAY(O, <<, 8); RAY(O, >>, 8);
  RAY(h, <<, 7); RAY(h, >>, 7);
  RAY(h, <<, 9); RAY(h, >>, 9);
#undef RAY
  return f;
}

/* The game is over: the plain disc difference, empty squares awarded to nobody. */
static int final_margin(uint64_t P, uint64_t O) { return popcount(P) - popcount(O); }

/* Polled at every node far from the end; the clock and the interrupt flag every POLL_NODES. */
static int budget_spent(os_ctx *x) {
  if (x->stop)
    return 1;
  if (x->o->nodes && x->nodes >= x->o->nodes)
    x->stop = OSOLVE_LIMIT;
  else if (x->nodes >= x->next_poll) {
    x->next_poll = x->nodes + POLL_NODES;
    if (interrupt_pending())
      x->stop = OSOLVE_INTERRUPTED;
    else if (x->deadline && clock_now() >= x->deadline)
      x->stop = OSOLVE_LIMIT;
  }
  return x->stop != 0;
}

/* ---- the transposition table ---- */

static os_entry *tt_bucket(os_ctx *x, uint64_t P, uint64_t O) {
  uint64_t h = P * 0x9e3779b97f4a7c15ULL ^ (O + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 31;
  return &x->tt[2 * (h & (x->nbuckets - 1))];
}

static os_entry *tt_find(os_ctx *x, uint64_t P, uint64_t O) {
  if (!x->nbuckets)
    return NULL;
  os_entry *b = tt_bucket(x, P, O);
  if (b[0].me == P && b[0].opp == O && b[0].empties)
    return &b[0];
  if (b[1].me == P && b[1].opp == O && b[1].empties)
    return &b[1];
  return NULL;
}

/* Narrow the entry's bounds by v, the fail-soft result of a search of (alpha, beta).  Slot 0
   keeps the larger subtree, the displaced entry going to slot 1. */
static void tt_save(os_ctx *x, uint64_t P, uint64_t O, int n, int alpha, int beta, int v,
                    int move) {
  if (!x->nbuckets || x->stop)
    return;
  os_entry *e = tt_find(x, P, O);
  if (!e) {
    os_entry *b = tt_bucket(x, P, O);
    if (b[0].empties <= n) {
      b[1] = b[0];
      e = &b[0];
    } else
      e = &b[1];
    e->me = P, e->opp = O, e->lo = -64, e->hi = 64;
  }
  if (v < beta && v < e->hi)
    e->hi = (int8_t)v;
  if (v > alpha && v > e->lo)
    e->lo = (int8_t)v;
  e->move = (uint8_t)move;
  e->empties = (uint8_t)n;
}

/* ---- the last empty squares: no move generation, the empties are a small array ---- */

/* One empty square: who can play it decides, counted directly. */
static int solve_1(os_ctx *x, uint64_t P, uint64_t O, int sq) {
  x->nodes++;
  int n = popcount(get_flips(P, O, sq));
  if (n)
    return 2 * (popcount(P) + n + 1) - 64;
  n = popcount(get_flips(O, P, sq));
  if (n)
    return 64 - 2 * (popcount(O) + n + 1);
  return 2 * popcount(P) - 63;   /* neither: the game ends with the square empty */
}

static int solve_2(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int a, int b) {
  x->nodes++;
  int best = -SCORE_INF;
  uint64_t f = get_flips(P, O, a);
  if (f) {
    best = -solve_1(x, O & ~f, P | f | 1ULL << a, b);
    if (best >= beta)
      return best;
  }
  f = get_flips(P, O, b);
  if (f) {
    int v = -solve_1(x, O & ~f, P | f | 1ULL << b, a);
    if (v > best)
      best = v;
  }
  if (best > -SCORE_INF)
    return best;
  if (get_flips(O, P, a) || get_flips(O, P, b))
    return -solve_2(x, O, P, -beta, -alpha, a, b);   /* pass */
  return final_margin(P, O);
}

/* Three empties: the one alone in its quadrant first (odd parity: the last move there). */
static int solve_3(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, const uint8_t *e) {
  x->nodes++;
  uint8_t s[3] = {e[0], e[1], e[2]};
  if (QUAD(s[0]) == QUAD(s[1]))
    s[0] = e[2], s[2] = e[0];
  else if (QUAD(s[0]) == QUAD(s[2]))
    s[0] = e[1], s[1] = e[0];
  int best = -SCORE_INF;
  for (int i = 0; i < 3; i++) {
    uint64_t f = get_flips(P, O, s[i]);
    if (!f)
      continue;
    int a = s[i == 0 ? 1 : 0], b = s[i == 2 ? 1 : 2];
    int v = -solve_2(x, O & ~f, P | f | 1ULL << s[i], -beta, -alpha, a, b);
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta)
          return v;
      }
    }
  }
  if (best > -SCORE_INF)
    return best;
  if (get_flips(O, P, s[0]) || get_flips(O, P, s[1]) || get_flips(O, P, s[2]))
    return -solve_3(x, O, P, -beta, -alpha, s);
  return final_margin(P, O);
}

/* A few empties: squares in quadrants with an odd number of empties first, each group in the
   fixed square order the array already has. */
static int solve_shallow(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta,
                         const uint8_t *e, int n) {
  x->nodes++;
  unsigned parity = 0;
  for (int i = 0; i < n; i++)
    parity ^= 1u << QUAD(e[i]);
  int best = -SCORE_INF;
  uint8_t rest[SHALLOW];
  for (int odd = 1; odd >= 0; odd--)
    for (int i = 0; i < n; i++) {
      if ((int)(parity >> QUAD(e[i]) & 1) != odd)
        continue;
      uint64_t f = get_flips(P, O, e[i]);
      if (!f)
        continue;
      for (int j = 0, k = 0; j < n; j++)
        if (j != i)
          rest[k++] = e[j];
      uint64_t P2 = O & ~f, O2 = P | f | 1ULL << e[i];
      int v = n == 4 ? -solve_3(x, P2, O2, -beta, -alpha, rest)
                     : -solve_shallow(x, P2, O2, -beta, -alpha, rest, n - 1);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (v >= beta)
            return v;
        }
      }
    }
  if (best > -SCORE_INF)
    return best;
  for (int i = 0; i < n; i++)
    if (get_flips(O, P, e[i]))
      return -solve_shallow(x, O, P, -beta, -alpha, e, n);   /* pass */
  return final_margin(P, O);
}

/* ---- far from the end: move lists, fastest-first order, null windows, the table ---- */

static int solve_deep(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n);

/* Any position: the search that suits its number of empty squares. */
static int solve_any(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n) {
  if (n > SHALLOW)
    return solve_deep(x, P, O, alpha, beta, n);
  uint64_t empty = ~(P | O);
  uint8_t e[SHALLOW];
  int k = 0;
  for (int i = 0; i < 64 && k < n; i++)
    if (empty >> square_order[i] & 1)
      e[k++] = square_order[i];
  switch (n) {
  case 0: x->nodes++; return final_margin(P, O);
  case 1: return solve_1(x, P, O, e[0]);
  case 2: return solve_2(x, P, O, alpha, beta, e[0], e[1]);
  case 3: return solve_3(x, P, O, alpha, beta, e);
  default: return solve_shallow(x, P, O, alpha, beta, e, n);
  }
}

/* The legal moves, fastest first: fewest replies for the opponent (corners counted twice, as
   they are the replies that hurt), then the fixed square order; the table's move before all. */
static int order_moves(uint64_t P, uint64_t O, uint64_t moves, int first, os_move *ms) {
  int n = 0;
  for (int i = 0; i < 64 && moves; i++) {
    int sq = square_order[i];
    if (!(moves >> sq & 1))
      continue;
    moves &= ~(1ULL << sq);
    uint64_t f = get_flips(P, O, sq);
    uint64_t reply = get_moves(O & ~f, P | f | 1ULL << sq);
    int key = sq == first ? -1 : (popcount(reply) + popcount(reply & CORNERS)) * 64 + i;
    int j = n++;
    while (j > 0 && ms[j - 1].key > key) {
      ms[j] = ms[j - 1];
      j--;
    }
    ms[j].flips = f, ms[j].sq = sq, ms[j].key = key;
  }
  return n;
}

static int solve_deep(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n) {
  x->nodes++;
  if (budget_spent(x))
    return 0;
  uint64_t moves = get_moves(P, O);
  if (!moves) {
    if (!get_moves(O, P))
      return final_margin(P, O);
    return -solve_deep(x, O, P, -beta, -alpha, n);   /* pass */
  }
  int first = NO_SQUARE;
  const os_entry *e = tt_find(x, P, O);
  if (e) {
    if (e->lo >= beta || e->lo == e->hi)
      return e->lo;
    if (e->hi <= alpha)
      return e->hi;
    if (e->lo > alpha)
      alpha = e->lo;
    if (e->hi < beta)
      beta = e->hi;
    first = e->move;
  }
  os_move ms[32];
  int nm = order_moves(P, O, moves, first, ms);
  int best = -SCORE_INF, bestsq = NO_SQUARE, a = alpha;
  for (int i = 0; i < nm; i++) {
    uint64_t P2 = O & ~ms[i].flips, O2 = P | ms[i].flips | 1ULL << ms[i].sq;
    int v;
    if (i == 0)
      v = -solve_any(x, P2, O2, -beta, -a, n - 1);
    else {
      v = -solve_any(x, P2, O2, -a - 1, -a, n - 1);
      if (v > a && v < beta && !x->stop)
        v = -solve_any(x, P2, O2, -beta, -v, n - 1);
    }
    if (x->stop)
      return 0;
    if (v > best) {
      best = v, bestsq = ms[i].sq;
      if (v > a) {
        a = v;
        if (v >= beta)
          break;
      }
    }
  }
  tt_save(x, P, O, n, alpha, beta, best, bestsq);
  return best;
}

/* ---- the root ---- */

/* The root's moves searched in (alpha, beta); *best gets the best move, or the first in order
   when the search stopped before one finished. */
static int solve_root(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n,
                      int *bestsq) {
  x->nodes++;
  os_move ms[32];
  int nm = order_moves(P, O, get_moves(P, O), NO_SQUARE, ms);
  int best = -SCORE_INF, a = alpha;
  *bestsq = ms[0].sq;
  for (int i = 0; i < nm; i++) {
    uint64_t P2 = O & ~ms[i].flips, O2 = P | ms[i].flips | 1ULL << ms[i].sq;
    int v;
    if (i == 0)
      v = -solve_any(x, P2, O2, -beta, -a, n - 1);
    else {
      v = -solve_any(x, P2, O2, -a - 1, -a, n - 1);
      if (v > a && v < beta && !x->stop)
        v = -solve_any(x, P2, O2, -beta, -v, n - 1);
    }
    if (x->stop)
      break;
    if (v > best) {
      best = v, *bestsq = ms[i].sq;
      if (v > a) {
        a = v;
        if (v >= beta)
          break;
      }
    }
  }
  return best;
}

/* With a random margin: the moves worth at least best - random (a null window each), one of
   them chosen with the seed.  Returns the chosen square; *ncand gets how many there were. */
static int choose_random(os_ctx *x, uint64_t P, uint64_t O, int n, int best, int bestsq,
                         int *ncand) {
  os_move ms[32];
  int cand[32], nc = 0, floor_ = best - x->o->random;
  int nm = order_moves(P, O, get_moves(P, O), NO_SQUARE, ms);
  for (int i = 0; i < nm && !x->stop; i++) {
    int ok = ms[i].sq == bestsq;
    if (!ok) {
      uint64_t P2 = O & ~ms[i].flips, O2 = P | ms[i].flips | 1ULL << ms[i].sq;
      ok = -solve_any(x, P2, O2, -floor_, -floor_ + 1, n - 1) >= floor_;
    }
    if (ok && !x->stop)
      cand[nc++] = ms[i].sq;
  }
  *ncand = nc;
  if (x->stop || nc < 2)
    return bestsq;   /* stopped: keep the move known to be best */
  sg_rng rng;
  rng_seed(&rng, x->o->seed);
  return cand[rng_below(&rng, (uint64_t)nc)];
}

static int sign(int v) { return (v > 0) - (v < 0); }

/* The principal variation from (P, O) whose value is `target` (the outcome's sign in wld
   mode), starting with `first`: at each position the first move in order that keeps the value,
   found by re-solving each child with a window around it (cheap with the table). */
static void pv_build(os_ctx *x, uint64_t P, uint64_t O, int target, int first,
                     osolve_result *r) {
  int n = 64 - popcount(P | O);
  r->npv = 0;
  while (r->npv < OSOLVE_MAX_PV && !x->stop) {
    uint64_t moves = get_moves(P, O);
    if (!moves) {
      if (!get_moves(O, P))
        break;
      r->pv[r->npv++] = OTH_PASS;
      uint64_t t = P;
      P = O, O = t, target = -target, first = NO_SQUARE;
      continue;
    }
    os_move ms[32];
    int nm = order_moves(P, O, moves, NO_SQUARE, ms), pick = -1;
    for (int i = 0; i < nm && pick < 0 && !x->stop; i++) {
      uint64_t P2 = O & ~ms[i].flips, O2 = P | ms[i].flips | 1ULL << ms[i].sq;
      if (first != NO_SQUARE) {
        if (ms[i].sq == first)
          pick = i;
        continue;
      }
      int v = x->o->wld ? -solve_any(x, P2, O2, -1, 1, n - 1)
                        : -solve_any(x, P2, O2, -target - 1, -target + 1, n - 1);
      if (x->o->wld ? sign(v) == target : v == target)
        pick = i;
    }
    if (pick < 0)
      break;
    r->pv[r->npv++] = ms[pick].sq;
    uint64_t P2 = O & ~ms[pick].flips, O2 = P | ms[pick].flips | 1ULL << ms[pick].sq;
    P = P2, O = O2, target = -target, first = NO_SQUARE, n--;
  }
}

void osolve_opts_default(osolve_opts *o) {
  memset(o, 0, sizeof *o);
  o->hash_bytes = (size_t)16 << 20;
  o->random = -1;
}

static int ctx_init(os_ctx *x, const osolve_opts *o, char *err) {
  memset(x, 0, sizeof *x);
  x->o = o;
  size_t nb = 0;
  if (o->hash_bytes >= 2 * sizeof(os_entry)) {
    nb = 1;
    while (nb * 4 * sizeof(os_entry) <= o->hash_bytes)
      nb *= 2;
    x->tt = calloc(2 * nb, sizeof(os_entry));
    if (!x->tt) {
      snprintf(err, SG_ERRLEN, "othello solve: out of memory (hash table of %zu bytes asked)",
               o->hash_bytes);
      return -1;
    }
  }
  x->nbuckets = nb;
  x->t0 = clock_now();
  x->deadline = o->time > 0 ? x->t0 + o->time : 0;
  x->next_poll = POLL_NODES;
  return 0;
}

int osolve_run(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r, char *err) {
  memset(r, 0, sizeof *r);
  if (me & opp) {
    snprintf(err, SG_ERRLEN, "othello solve: a square holds discs of both sides");
    return -1;
  }
  if (!get_moves(me, opp) && !get_moves(opp, me)) {
    snprintf(err, SG_ERRLEN, "othello solve: the game is over");
    return -1;
  }
  os_ctx x;
  if (ctx_init(&x, o, err) != 0)
    return -1;
  int n = 64 - popcount(me | opp), lo = o->wld ? -1 : -SCORE_INF, hi = o->wld ? 1 : SCORE_INF;
  uint64_t P = me, O = opp;
  int passed = !get_moves(me, opp), sq, v;
  if (passed)   /* the side to move must pass: solve for the opponent */
    P = opp, O = me;
  v = solve_root(&x, P, O, passed ? -hi : lo, passed ? -lo : hi, n, &sq);
  if (passed)
    v = -v;
  r->stopped = x.stop;
  r->exact = !x.stop;
  r->margin = v;
  r->outcome = sign(v);
  r->ncand = 1;
  r->move = passed ? OTH_PASS : sq;
  if (!x.stop && !passed && !o->wld && o->random >= 0)
    r->move = choose_random(&x, P, O, n, v, sq, &r->ncand);
  if (!x.stop) {
    /* the PV starts from the position after the chosen move when it is not the best one
       (its exact value is known only within the random margin) */
    if (passed)
      pv_build(&x, me, opp, o->wld ? r->outcome : v, OTH_PASS, r);
    else if (r->move == sq || o->random == 0)
      pv_build(&x, P, O, o->wld ? r->outcome : v, r->move, r);
    else
      r->pv[0] = r->move, r->npv = 1;
  }
  if (r->npv == 0)
    r->pv[0] = r->move, r->npv = 1;
  /* a limit met while building the PV only shortens it; an interrupt is always reported, so
     that the caller clears the flag */
  r->stopped = x.stop == OSOLVE_INTERRUPTED || !r->exact ? x.stop : OSOLVE_DONE;
  r->empties = n;
  r->nodes = x.nodes;
  r->time = clock_now() - x.t0;
  free(x.tt);
  return 0;
}
