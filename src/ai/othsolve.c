/* othsolve.c: the exact Othello endgame solver: negamax with null windows on the two bitboards
   (side to move, opponent), fastest-first ordering far from the end (8 or more empty
   squares; the table from 9, its move searched before the others are ordered), parity order
   and special code for the last four near it (no move list, no table), stable discs bounding
   the margin; the root by null windows around a guess; on
   several threads, a shared table and young brothers wait: once a node's eldest two moves are
   searched without a cut, idle threads take its other moves (split points, below;
   doc/classic.md has what it bought against the deferred moves of a simplified ABDADA).  The legal moves come from othello.h's
   generator, the flips of a square from rays (below).  With GCC on x86 the file is compiled
   three times (portable, popcnt, AVX2: below). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "core/clock.h"
#include "core/rng.h"
#include "core/zmem.h"
#include "games/othpattern.h"
#include "othsolve.h"

/* The population count is the solver's most frequent operation after the moves and flips.
   The default build targets every x86-64, whose popcount is bits.h's dozen instructions; so,
   as chess's evaluation does (src/games/chess_eval.c), GCC on x86 compiles this file three
   times: as it is (osolve_run_portable), from othsolve_popcnt.c with the popcnt instruction
   allowed for the whole file (osolve_run_popcnt), and from othsolve_avx2.c with popcnt and AVX2
   (osolve_run_avx2: the moves, flips, the last empties' full lines and potential mobility
   four directions at a time in vectors, under #ifdef __AVX2__); osolve_run asks the processor
   once a solve (__builtin_cpu_supports).  The three are the same search: the same nodes,
   margins and moves (t/007 checks).  Other compilers and builds that have popcnt anyway get
   one copy.  FFO #40: 799.5 instructions a node before these builds and the steps beside
   them, 390.7 after, 383.4 after the last empties' steps (doc/classic.md). */
#if defined(OSOLVE_AVX2_CLONE)
#define OSOLVE_RUN osolve_run_avx2
#elif defined(OSOLVE_POPCNT_CLONE)
#define OSOLVE_RUN osolve_run_popcnt
#else
#define OSOLVE_RUN osolve_run_portable
#endif

#define SCORE_INF 65        /* above every margin (-64..64) */
#define NO_SQUARE 255
#define SHALLOW 7           /* at or below this many empties: no move list, parity order
                               (6 until the table's move was searched ahead of the
                               ordering; with it, 7 takes the same time, with 20% more
                               nodes, each cheaper) */
#define POLL_NODES 4096     /* the clock and the interrupt flag are read this often */
#define CORNERS 0x8100000000000081ULL
#define SPLIT_MIN 9         /* nodes with at least this many empties may be split between
                               threads (young brothers wait) */
#define SPLIT_ELDER 2       /* the moves of a node searched before it may be split (the
                               young brothers wait for them) */
#define SPLIT_MAX 16        /* split points one thread may own at once (nested) */

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

/* Each square's place in square_order (filled with the rays). */
static uint8_t square_rank[64];

/* One table entry: the whole position as its key (so no collision can make the result
   wrong), bounds on its value, the move that was best and what the entry is worth keeping:
   the size of the search that gave it.  Packed: 21 bytes, so that a bucket fits a cache
   line. */
typedef struct __attribute__((packed)) os_entry {
  uint64_t me, opp;
  int8_t lo, hi;
  uint8_t move, empties;   /* empties 0: a free slot */
  uint8_t cost;            /* the bit length of the largest subtree's node count behind it */
} os_entry;

/* A bucket holds WAYS entries and its spin lock (threads only) in one cache line of 64
   bytes, so that a probe costs one miss.  A new position takes the place of the entry of
   least worth (cost, then empties), a free slot first.  Four entries in 96 bytes (two lines,
   at times three) took 55.4 s for FFO #40-#49 on one thread, 867.0 M nodes; three in one
   line: doc/classic.md.  Against two entries (the deeper and the most recent): FFO #40-#44
   107.3 M -> 106.3 M nodes, #45-#49 747.5 M -> 729.5 M with four (doc/search.md). */
#define WAYS 3
typedef struct os_bucket {
  _Alignas(64) os_entry e[WAYS];
  uint8_t lock;
} os_bucket;
_Static_assert(sizeof(os_bucket) == 64, "a bucket is one cache line");

typedef struct os_move {
  uint64_t flips;
  uint64_t replies;   /* the opponent's moves after it (the key counts them): its node's moves */
  int sq, key;
} os_move;

/* A split point (young brothers wait): a node whose first move was searched without a cut,
   its other moves offered to idle threads.  Its owner fills it under the lock and waits at
   the end until every worker has left, so that the moves (on the owner's stack) outlive
   their readers.  `open` is read without the lock by the threads looking for work; the rest
   under the lock. */
typedef struct os_split {
  /* a cache line read at every node below it, written when the point is set up or cut */
  _Alignas(64) atomic_int cut;   /* a move reached beta, or a thread stopped: the work below ends */
  struct os_split *parent;   /* the split point the owner was working under, or NULL */
  uint64_t P, O;
  const os_move *ms;
  int nm, n, beta;
  /* a line written as the moves are taken and their results combined */
  _Alignas(64) atomic_flag lock;
  int next, alpha, best, bestsq;
  osolve_stop stopped;  /* a worker met the limit: the result is not whole */
  uint64_t nodes;       /* the workers' nodes here (the table's cost of the node) */
  /* a line polled by the idle threads and by the owner waiting for its workers */
  _Alignas(64) atomic_int open;   /* the node's empties while moves are left to take, else 0 */
  atomic_int workers;   /* threads inside besides the owner */
} os_split;

/* What the threads of one solve share: the table, the split points, the clock and the node
   count.  Allocated once before the first node.  The fields read at every node and the ones
   the threads write (each counter on a cache line of its own) never share a line: a write
   would take the line from every other thread's cache. */
typedef struct os_shared {
  _Alignas(64) os_bucket *tt;   /* nbuckets buckets */
  size_t nbuckets;         /* a power of two, or 0 for no table */
  int locking;             /* threads: a bucket is read and written under its lock */
  os_split *splits;        /* SPLIT_MAX a thread, or NULL with one thread */
  int nthreads;
  double t0, deadline;
  _Alignas(64) atomic_int idle;          /* helpers waiting for a split point to join */
  _Alignas(64) atomic_int quit;          /* the main thread has its answer: the helpers stop */
  _Alignas(64) _Atomic uint64_t nodes;   /* every thread's nodes, as of its last poll */
} os_shared;

/* One thread's view of a solve.  Thread 0 (the caller) searches the root and gives the
   result; the helpers work at its split points (and at each other's). */
typedef struct os_ctx {
  _Alignas(64) const osolve_opts *o;   /* a cache line each: the counts change at every node */
  os_shared *sh;
  int id;
  uint64_t nodes, next_poll;
  uint64_t flushed, others;   /* own nodes added to sh->nodes so far; the other threads' */
  uint64_t lent;              /* other threads' nodes under this thread's split points */
  os_split *sp;               /* the split point this thread works under, or NULL */
  int nsplit;                 /* split points it owns (its slots in sh->splits in use) */
  int cut;                    /* a split point on its chain was cut: unwind to it */
  osolve_stop stop;
} os_ctx;

/* The number of discs (core/bits.h: the instruction where the build has it, else inline). */
static inline int popcount(uint64_t b) { return bits_count64(b); }

/* ---- flips by square: the rays from each square, searched for their first non-opponent disc
   with one bit scan a direction (othello.h's oth_flips shifts six times a direction) ---- */

/* ray[sq][0..3]: the squares from sq towards higher indices (+1, +7, +8, +9), up to the edge;
   [4..7]: towards lower ones (-1, -7, -8, -9). */
static _Alignas(32) uint64_t ray[64][8];
static uint64_t neighbours[64];   /* the squares next to each */
static uint64_t diag9[64], diag7[64];   /* the diagonals through each square (a1-h8, h1-a8) */
/* line_of[sq]: the row, column and two diagonals through sq (with sq) */
static _Alignas(32) uint64_t line_of[64][4];
/* count_flip[x][p]: the discs turned along a full line of 8 by a placement on its square x,
   the mover's discs on the line being the bits of p and every other square the opponent's */
static uint8_t count_flip[8][256];
/* edge_stable[p][o]: the discs of one colour on an edge (the bits of p; o the other colour's)
   that no placements on the edge's empty squares, by either side in any order, can flip
   (Edax's edge stability): an edge's discs can only be flipped along the edge.  col_of[b]: a
   byte's bits on column a (bit r on row r). */
static uint8_t edge_stable[256][256];
static uint64_t col_of[256];
static pthread_once_t ray_once = PTHREAD_ONCE_INIT;

/* An edge after a placement on its square x by the side whose discs are `me`: me's new
   discs, the other side's left in *op (the runs of op's discs between x and me's nearest
   disc on each side turned). */
static int edge_place(int me, int *op, int x) {
  int f = 0, y;
  for (y = x - 1; y >= 0 && (*op >> y & 1); y--)
    ;
  if (y >= 0 && y < x - 1 && (me >> y & 1))
    f |= ((1 << x) - 1) & ~((2 << y) - 1);
  for (y = x + 1; y < 8 && (*op >> y & 1); y++)
    ;
  if (y < 8 && y > x + 1 && (me >> y & 1))
    f |= ((1 << y) - 1) & ~((2 << x) - 1);
  *op &= ~f;
  return me | f | 1 << x;
}

/* An edge's entry: a full edge's discs are all stable; otherwise a disc is stable when it is
   stable after every placement either side can make (each has one empty square fewer),
   computed once each (known: a bit a pair). */
static int edge_stable_of(int p, int o, uint64_t *known) {
  int i = p << 8 | o, e = ~(p | o) & 0xff, st = p;
  if (known[i >> 6] >> (i & 63) & 1)
    return edge_stable[p][o];
  for (int x = 0; x < 8 && st; x++)
    if (e >> x & 1) {
      int o2 = o, p2 = edge_place(p, &o2, x);   /* p's side places */
      st &= edge_stable_of(p2, o2, known);
      int p3 = p;
      o2 = edge_place(o, &p3, x);                /* the other side places */
      st &= edge_stable_of(p3, o2, known);
    }
  edge_stable[p][o] = (uint8_t)st;
  known[i >> 6] |= 1ULL << (i & 63);
  return st;
}

static void edge_stable_init(void) {
  uint64_t known[65536 / 64] = {0};
  for (int p = 0; p < 256; p++)
    for (int o = 0; o < 256; o++)
      if (!(p & o))
        edge_stable_of(p, o, known);
  for (int b = 0; b < 256; b++)
    for (int r = 0; r < 8; r++)
      if (b >> r & 1)
        col_of[b] |= 1ULL << 8 * r;
}

static void ray_init(void) {
  for (int i = 0; i < 64; i++)
    square_rank[square_order[i]] = (uint8_t)i;
  static const int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
  for (int sq = 0; sq < 64; sq++)
    for (int d = 0; d < 8; d++) {
      uint64_t m = 0;
      for (int r = sq / 8 + dr[d], c = sq % 8 + dc[d]; r >= 0 && r < 8 && c >= 0 && c < 8;
           r += dr[d], c += dc[d])
        m |= 1ULL << (r * 8 + c);
      ray[sq][d] = m;
      int r = sq / 8 + dr[d], c = sq % 8 + dc[d];
      if (r >= 0 && r < 8 && c >= 0 && c < 8)
        neighbours[sq] |= 1ULL << (r * 8 + c);
    }
  for (int sq = 0; sq < 64; sq++) {
    diag9[sq] = ray[sq][3] | ray[sq][7] | 1ULL << sq;
    diag7[sq] = ray[sq][1] | ray[sq][5] | 1ULL << sq;
    line_of[sq][0] = 0xffULL << (sq & 56), line_of[sq][1] = 0x0101010101010101ULL << (sq & 7);
    line_of[sq][2] = diag9[sq], line_of[sq][3] = diag7[sq];
  }
  edge_stable_init();
  for (int x = 0; x < 8; x++)
    for (int p = 0; p < 256; p++) {
      int n = 0, k, i;
      for (k = 0, i = x + 1; i < 8 && !(p >> i & 1); i++)
        k++;
      if (i < 8)
        n += k;
      for (k = 0, i = x - 1; i >= 0 && !(p >> i & 1); i--)
        k++;
      if (i >= 0)
        n += k;
      count_flip[x][p] = (uint8_t)n;
    }
}

/* The number of discs P turns by playing on sq when sq is the only empty square (every other
   square is P's or the opponent's): each line through sq gathered into a byte by a multiply
   (a row by a shift; a column's squares to its row numbers, a diagonal's to its columns;
   squares off the board read as the opponent's, which can never close a run), then a table. */
static inline int last_flips(uint64_t P, int sq) {
  int r = sq >> 3, c = sq & 7;
  return count_flip[c][P >> (sq & 56) & 0xff] +
         count_flip[r][((P >> c) & 0x0101010101010101ULL) * 0x0102040810204080ULL >> 56] +
         count_flip[c][(P & diag9[sq]) * 0x0101010101010101ULL >> 56] +
         count_flip[c][(P & diag7[sq]) * 0x0101010101010101ULL >> 56];
}

/* The discs P turns by playing on sq: on each ray, the opponent's discs up to the first square
   that is not the opponent's, when that square is P's. */
#ifdef __AVX2__
/* The AVX2 build (othsolve_avx2.c): the four rays upwards in one vector, the four downwards
   in another.  Upwards the first non-opponent square is the lowest bit, as below; downwards,
   with no bit scan in the vector unit, the non-opponent squares are spread down their rays
   (three doubling steps along each lane's direction, a ray being at most 7 long): the ray's
   squares outside that spread are the run next to sq, and the one square of them not reached
   from another is the first. */
static inline uint64_t flips(uint64_t P, uint64_t O, int sq) {
  if (!(O & neighbours[sq]))   /* no opponent's disc next to it: nothing to flip */
    return 0;
  const oth_v4 d = {1, 7, 8, 9}, d2 = {2, 14, 16, 18}, d4 = {4, 28, 32, 36};
  oth_v4 up = *(const oth_v4 *)&ray[sq][0], dn = *(const oth_v4 *)&ray[sq][4];
  oth_v4 x = up & ~O, first = x & (0 - x);
  oth_v4 f = up & (first - 1) & ~(oth_v4)((first & P) == 0);
  x = dn & ~O;
  oth_v4 y = x | x >> d;
  y |= y >> d2;
  y |= y >> d4;
  first = x & ~(y >> d);
  f |= dn & ~(y | (oth_v4)((first & P) == 0));
  return oth_v4_or(f);
}
#else
static inline uint64_t flips(uint64_t P, uint64_t O, int sq) {
  if (!(O & neighbours[sq]))   /* no opponent's disc next to it: nothing to flip */
    return 0;
  const uint64_t *r = ray[sq];
  uint64_t f = 0, x, first;
  /* upwards: the lowest non-opponent square of the ray */
#define UP(d)                                                                 \
  x = r[d] & ~O, first = x & (0 - x);                                          \
  f |= r[d] & (first - 1) & (0 - (uint64_t)((first & P) != 0))
  /* downwards: the highest (x | 1 keeps the bit scan defined, & x makes it 0 for none) */
#define DOWN(d)                                                               \
  x = r[d] & ~O, first = 1ULL << (63 - __builtin_clzll(x | 1)) & x;            \
  f |= r[d] & ~(first | (first - 1)) & (0 - (uint64_t)((first & P) != 0))
  UP(0); UP(1); UP(2); UP(3);
  DOWN(4); DOWN(5); DOWN(6); DOWN(7);
#undef UP
#undef DOWN
  return f;
}
#endif


/* The game is over: the plain disc difference, empty squares awarded to nobody. */
static int final_margin(uint64_t P, uint64_t O) { return popcount(P) - popcount(O); }

/* Whether the split point sp or one it lies under was cut: the work below it is wasted. */
static int split_cut(const os_split *sp) {
  for (; sp; sp = sp->parent)
    if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
      return 1;
  return 0;
}

/* The search stopped (x->stop) or a split point above it was cut (x->cut): either way its
   values mean nothing and go nowhere. */
static inline int halted(const os_ctx *x) { return x->stop || x->cut; }

/* Polled at every node far from the end: the cut of the split points above (threads); the
   clock, the interrupt flag and (with threads) the shared node count and the main thread's
   quit every POLL_NODES. */
static int budget_spent(os_ctx *x) {
  if (halted(x))
    return 1;
  if (x->sp && split_cut(x->sp))
    return x->cut = 1;
  if (x->o->nodes && x->nodes + x->others >= x->o->nodes)
    x->stop = OSOLVE_LIMIT;
  else if (x->nodes >= x->next_poll) {
    x->next_poll = x->nodes + POLL_NODES;
    if (x->sh->locking) {
      uint64_t all = atomic_fetch_add(&x->sh->nodes, x->nodes - x->flushed);
      x->others = all - x->flushed;
      x->flushed = x->nodes;
      if (x->id > 0 && atomic_load_explicit(&x->sh->quit, memory_order_relaxed))
        x->stop = OSOLVE_LIMIT;
    }
    if (x->stop)
      ;
    else if (interrupt_pending())
      x->stop = OSOLVE_INTERRUPTED;
    else if (x->sh->deadline && clock_now() >= x->sh->deadline)
      x->stop = OSOLVE_LIMIT;
  }
  return x->stop != 0;
}

/* ---- the transposition table ---- */

static uint64_t pos_hash(uint64_t P, uint64_t O) {
  uint64_t h = P * 0x9e3779b97f4a7c15ULL ^ (O + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
  return h ^ h >> 31;
}

/* With threads, a bucket is read and written under its spin lock, so that no thread sees half
   of another's entry: the bounds stay true bounds and the result exact.  The lock is the
   bucket's last byte, in the cache line the probe reads anyway: striped locks in an
   array of their own cost a line taken from the other thread's cache at most probes. */
static void tt_lock(const os_shared *sh, os_bucket *b) {
  if (sh->locking)
    while (__atomic_test_and_set(&b->lock, __ATOMIC_ACQUIRE))
      ;
}

static void tt_unlock(const os_shared *sh, os_bucket *b) {
  if (sh->locking)
    __atomic_clear(&b->lock, __ATOMIC_RELEASE);
}

static os_entry *bucket_find(os_bucket *b, uint64_t P, uint64_t O) {
  for (int i = 0; i < WAYS; i++)
    if (b->e[i].me == P && b->e[i].opp == O && b->e[i].empties)
      return &b->e[i];
  return NULL;
}

static inline int entry_worth(const os_entry *e) { return e->cost * 64 + e->empties; }

/* A copy of the position's entry into *out; 0 when it has none. */
static int tt_probe(os_ctx *x, uint64_t P, uint64_t O, os_entry *out) {
  os_shared *sh = x->sh;
  if (!sh->nbuckets)
    return 0;
  os_bucket *b = &sh->tt[pos_hash(P, O) & (sh->nbuckets - 1)];
  tt_lock(sh, b);
  const os_entry *e = bucket_find(b, P, O);
  if (e)
    *out = *e;
  tt_unlock(sh, b);
  return e != NULL;
}

/* The position's bucket fetched into the cache ahead of its probe: a child's while its
   parent orders the moves, so that the enhanced transposition cut-offs and the child's own
   probe find it there. */
static inline void tt_prefetch(os_ctx *x, uint64_t P, uint64_t O) {
  os_shared *sh = x->sh;
  if (sh->nbuckets) {
    __builtin_prefetch(&sh->tt[pos_hash(P, O) & (sh->nbuckets - 1)]);
  }
}

/* Narrow the entry's bounds by v, the fail-soft result of a search of (alpha, beta) that took
   `nodes` nodes. */
static void tt_save(os_ctx *x, uint64_t P, uint64_t O, int n, int alpha, int beta, int v,
                    int move, uint64_t nodes) {
  os_shared *sh = x->sh;
  if (!sh->nbuckets || halted(x))
    return;
  int cost = 64 - __builtin_clzll(nodes | 1);
  os_bucket *b = &sh->tt[pos_hash(P, O) & (sh->nbuckets - 1)];
  tt_lock(sh, b);
  os_entry *e = bucket_find(b, P, O);
  if (!e) {
    e = &b->e[0];
    for (int i = 1; i < WAYS; i++)
      if (entry_worth(&b->e[i]) < entry_worth(e))
        e = &b->e[i];
    e->me = P, e->opp = O, e->lo = -64, e->hi = 64, e->cost = 0;
  }
  if (cost > e->cost)
    e->cost = (uint8_t)cost;
  if (v < beta && v < e->hi)
    e->hi = (int8_t)v;
  if (v > alpha && v > e->lo)
    e->lo = (int8_t)v;
  e->move = (uint8_t)move;
  e->empties = (uint8_t)n;
  tt_unlock(sh, b);
}

/* ---- stable discs: a bound on the final margin ---- */

#define COL_A 0x0101010101010101ULL
#define COL_H 0x8080808080808080ULL
#define ROW_1 0x00000000000000ffULL
#define ROW_8 0xff00000000000000ULL
#define EDGES (COL_A | COL_H | ROW_1 | ROW_8)

/* An occluded fill along a direction in three doubling steps (Kogge-Stone): every square of
   S spreads over the squares after it in the direction (the mask M keeps a diagonal from
   wrapping round an edge). */
#define FILL(S, OP, N, M)                                                                 \
  do {                                                                                    \
    uint64_t m_ = (M);                                                                    \
    S |= (S OP N) & m_;                                                                   \
    m_ &= m_ OP N;                                                                        \
    S |= (S OP (2 * N)) & m_;                                                             \
    m_ &= m_ OP (2 * N);                                                                  \
    S |= (S OP (4 * N)) & m_;                                                             \
  } while (0)

/* The squares on a full line in each of the four directions (every square of the line holds
   a disc, so no placement along it can flip any of them). */
static void full_lines(uint64_t occ, uint64_t *h, uint64_t *v, uint64_t *d9, uint64_t *d7) {
  uint64_t r = occ & occ >> 4;   /* bit 8k: the AND of row k's eight squares */
  r &= r >> 2;
  r &= r >> 1;
  *h = (r & COL_A) * 0xff;
  uint64_t c = occ & occ >> 32;
  c &= c >> 16;
  c &= c >> 8;
  *v = (c & 0xff) * COL_A;
  /* diagonals: a square is on a full diagonal when no empty square spreads to it along the
     diagonal from either side */
  uint64_t e = ~occ, a = e, b = e, p = e, q = e;
  FILL(a, <<, 9, ~COL_A);
  FILL(b, >>, 9, ~COL_H);
  FILL(p, <<, 7, ~COL_H);
  FILL(q, >>, 7, ~COL_A);
  *d9 = ~(a | b), *d7 = ~(p | q);
}

/* The same from the last empty squares themselves (n of them, a byte each in E, below): a
   line is full when it goes through none of them (line_of), a load and an OR a square
   instead of the fills. */
static inline void full_lines_of(uint64_t E, int n, uint64_t *h, uint64_t *v, uint64_t *d9,
                                 uint64_t *d7) {
#ifdef __AVX2__
  oth_v4 on = {0, 0, 0, 0};
  for (int i = 0; i < n; i++)
    on |= *(const oth_v4 *)line_of[E >> 8 * i & 0xff];
  *h = ~on[0], *v = ~on[1], *d9 = ~on[2], *d7 = ~on[3];
#else
  uint64_t a = 0, b = 0, c = 0, d = 0;
  for (int i = 0; i < n; i++) {
    const uint64_t *l = line_of[E >> 8 * i & 0xff];
    a |= l[0], b |= l[1], c |= l[2], d |= l[3];
  }
  *h = ~a, *v = ~b, *d9 = ~c, *d7 = ~d;
#endif
}

/* The discs of `me` on the four edges that no placements on the edges can flip
   (edge_stable), each edge gathered into a byte (a column by a multiply). */
static inline uint64_t edge_stable_discs(uint64_t me, uint64_t opp) {
#define COL_BYTE(b) (((b) & COL_A) * 0x0102040810204080ULL >> 56)
  return edge_stable[me & 0xff][opp & 0xff] | (uint64_t)edge_stable[me >> 56][opp >> 56] << 56 |
         col_of[edge_stable[COL_BYTE(me)][COL_BYTE(opp)]] |
         col_of[edge_stable[COL_BYTE(me >> 7)][COL_BYTE(opp >> 7)]] << 7;
#undef COL_BYTE
}

/* The discs of `me` that no sequence of moves can flip: the edges' (above), and grown from
   them those whose four lines through the disc are each full (h, v, d9, d7: the squares on
   full lines), or have a neighbour on it that is the board's edge or another such disc of the
   same colour, until nothing changes; every disc it finds is stable (it may miss some).  In
   scalar registers in every build: the loop is a chain of dependent steps, and the AVX2
   build's four lanes (fewer instructions) took longer a step, the lanes going to and from
   the vector unit (the stable discs of FFO #40's 1.16 M stability tests, each with the fills:
   27.2 ns a position in the lanes, 22.1 ns scalar, a loop over them; doc/classic.md). */
static inline uint64_t stable_grow(uint64_t me, uint64_t opp, uint64_t h, uint64_t v,
                                   uint64_t d9, uint64_t d7) {
  h |= COL_A | COL_H, v |= ROW_1 | ROW_8, d9 |= EDGES, d7 |= EDGES;
  uint64_t edge = edge_stable_discs(me, opp), s = edge, prev;
  do {
    prev = s;
    s = edge | (me & (h | (s << 1 & ~COL_A) | (s >> 1 & ~COL_H)) & (v | s << 8 | s >> 8)
                & (d9 | (s << 9 & ~COL_A) | (s >> 9 & ~COL_H))
                & (d7 | (s << 7 & ~COL_H) | (s >> 7 & ~COL_A)));
  } while (s != prev);
  return s;
}

static uint64_t stable_discs(uint64_t me, uint64_t opp) {
  uint64_t h, v, d9, d7;
  full_lines(me | opp, &h, &v, &d9, &d7);
  return stable_grow(me, opp, h, v, d9, d7);
}

/* The stability cut-off: the opponent's stable discs stay its own, so the mover's margin is at
   most 64 - 2 x their number; when that is no better than alpha, *ub is the fail-low value. */
static inline int stability_cut(uint64_t P, uint64_t O, int alpha, int *ub) {
  if (alpha < 64 - 2 * popcount(O))   /* not even all of the opponent's discs could cut */
    return 0;
  *ub = 64 - 2 * popcount(stable_discs(O, P));
  return *ub <= alpha;
}

/* The same with the n empty squares known (E), the last few. */
static inline int stability_cut_of(uint64_t P, uint64_t O, int alpha, int *ub, uint64_t E,
                                   int n) {
  if (alpha < 64 - 2 * popcount(O))
    return 0;
  uint64_t h, v, d9, d7;
  full_lines_of(E, n, &h, &v, &d9, &d7);
  *ub = 64 - 2 * popcount(stable_grow(O, P, h, v, d9, d7));
  return *ub <= alpha;
}

/* ---- the last empty squares: no move generation, no table ---- */

/* Up to eight empty squares a byte each in a 64-bit word, the first in the low byte: a move's
   list of the squares left is the word with its byte taken out, a mask and a shift. */
static inline int empty_at(uint64_t E, int i) { return (int)(E >> 8 * i & 0xff); }

static inline uint64_t empty_drop(uint64_t E, int i) {
  uint64_t low = (1ULL << 8 * i) - 1;
  return (E & low) | (E >> 8 & ~low);
}

static inline uint64_t empties_pack(const uint8_t *e, int n) {
  uint64_t E = 0;
  for (int i = 0; i < n; i++)
    E |= (uint64_t)e[i] << 8 * i;
  return E;
}

/* One empty square: who can play it decides, counted directly. */
static inline int solve_1(os_ctx *x, uint64_t P, uint64_t O, int sq) {
  x->nodes++;
  int n = last_flips(P, sq);
  if (n)
    return 2 * (popcount(P) + n + 1) - 64;
  n = last_flips(O, sq);
  if (n)
    return 64 - 2 * (popcount(O) + n + 1);
  return 2 * popcount(P) - 63;   /* neither: the game ends with the square empty */
}

static int solve_2(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int a, int b) {
  x->nodes++;
  int best = -SCORE_INF;
  uint64_t f = flips(P, O, a);
  if (f) {
    best = -solve_1(x, O & ~f, P | f | 1ULL << a, b);
    if (best >= beta)
      return best;
  }
  f = flips(P, O, b);
  if (f) {
    int v = -solve_1(x, O & ~f, P | f | 1ULL << b, a);
    if (v > best)
      best = v;
  }
  if (best > -SCORE_INF)
    return best;
  if (flips(O, P, a) || flips(O, P, b))
    return -solve_2(x, O, P, -beta, -alpha, a, b);   /* pass */
  return final_margin(P, O);
}

/* Three empties (E): the one alone in its quadrant first (odd parity: the last move there),
   then the others in E's order, or when none is alone the three the other way round.  No
   stability cut-off here (as in Edax): on FFO #40-#44 it was tried at 7.0 M nodes of 3
   empties and cut 1.2 M, each cut saving a few nodes; without it FFO #40-#49 took 6.5% more
   nodes and about 2.5% less time (doc/classic.md). */
static int solve_3p(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, uint64_t E) {
  x->nodes++;
  int s0 = empty_at(E, 0), s1 = empty_at(E, 1), s2 = empty_at(E, 2), t;
  if (QUAD(s0) == QUAD(s1))
    t = s0, s0 = s2, s2 = t;
  else if (QUAD(s0) == QUAD(s2))
    t = s0, s0 = s1, s1 = t;
  int best = -SCORE_INF, v;
  uint64_t f;
  /* each move, the other two to solve_2 in order */
#define MOVE3(sq, a, b)                                                                     \
  if ((f = flips(P, O, sq)) != 0) {                                                         \
    v = -solve_2(x, O & ~f, P | f | 1ULL << (sq), -beta, -alpha, a, b);                     \
    if (v > best) {                                                                         \
      best = v;                                                                             \
      if (v > alpha) {                                                                      \
        alpha = v;                                                                          \
        if (v >= beta)                                                                      \
          return v;                                                                         \
      }                                                                                     \
    }                                                                                       \
  }
  MOVE3(s0, s1, s2)
  MOVE3(s1, s0, s2)
  MOVE3(s2, s0, s1)
#undef MOVE3
  if (best > -SCORE_INF)
    return best;
  if (flips(O, P, s0) || flips(O, P, s1) || flips(O, P, s2))
    return -solve_3p(x, O, P, -beta, -alpha,
                     (uint64_t)s0 | (uint64_t)s1 << 8 | (uint64_t)s2 << 16);   /* pass */
  return final_margin(P, O);
}

static int solve_3(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, const uint8_t *e) {
  return solve_3p(x, P, O, alpha, beta, empties_pack(e, 3));
}

/* Which of the n empties of E are in quadrants with an odd number of empties: bit i for
   E's square i. */
static inline unsigned odd_empties(uint64_t E, int n) {
  unsigned parity = 0, odd = 0;
  for (int i = 0; i < n; i++)
    parity ^= 1u << QUAD(empty_at(E, i));
  for (int i = 0; i < n; i++)
    odd |= (parity >> QUAD(empty_at(E, i)) & 1) << i;
  return odd;
}

/* Four empties: those alone or three in their quadrant (odd parity) first, then the others,
   each group in E's order; the three left go to solve_3p in that order. */
static int solve_4p(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, uint64_t E) {
  x->nodes++;
  int ub;
  if (stability_cut_of(P, O, alpha, &ub, E, 4))
    return ub;
  unsigned odd = odd_empties(E, 4);
  if (odd != 0 && odd != 15) {   /* two in one quadrant, one in each of two others */
    uint64_t S = 0;
    int k = 0;
    for (unsigned m = odd | (~odd & 15) << 4; m; m &= m - 1)
      S |= (uint64_t)empty_at(E, __builtin_ctz(m) & 3) << 8 * k++;
    E = S;
  }
  int best = -SCORE_INF;
  for (int i = 0; i < 4; i++) {
    int sq = empty_at(E, i);
    uint64_t f = flips(P, O, sq);
    if (!f)
      continue;
    int v = -solve_3p(x, O & ~f, P | f | 1ULL << sq, -beta, -alpha, empty_drop(E, i));
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
  if (flips(O, P, empty_at(E, 0)) || flips(O, P, empty_at(E, 1)) ||
      flips(O, P, empty_at(E, 2)) || flips(O, P, empty_at(E, 3)))
    return -solve_4p(x, O, P, -beta, -alpha, E);   /* pass */
  return final_margin(P, O);
}

static int solve_4(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, const uint8_t *e) {
  return solve_4p(x, P, O, alpha, beta, empties_pack(e, 4));
}

/* A few empties (5 to 8; 5 to SHALLOW, 7, in practice): squares in quadrants with an odd
   number of empties first, each group in E's order (the fixed square order); each move's list
   of the squares left keeps E's order. */
static int solve_np(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, uint64_t E, int n) {
  x->nodes++;
  int ub;
  if (stability_cut_of(P, O, alpha, &ub, E, n))
    return ub;
  unsigned odd = odd_empties(E, n), all = (1u << n) - 1;
  int best = -SCORE_INF;
  for (unsigned m = odd | (all & ~odd) << 8; m; m &= m - 1) {   /* the odd ones, then the rest */
    int i = __builtin_ctz(m) & 7, sq = empty_at(E, i);
    uint64_t f = flips(P, O, sq);
    if (!f)
      continue;
    uint64_t P2 = O & ~f, O2 = P | f | 1ULL << sq, rest = empty_drop(E, i);
    int v = n == 5 ? -solve_4p(x, P2, O2, -beta, -alpha, rest)
                   : -solve_np(x, P2, O2, -beta, -alpha, rest, n - 1);
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
    if (flips(O, P, empty_at(E, i)))
      return -solve_np(x, O, P, -beta, -alpha, E, n);   /* pass */
  return final_margin(P, O);
}

static int solve_shallow(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta,
                         const uint8_t *e, int n) {
  return solve_np(x, P, O, alpha, beta, empties_pack(e, n), n);
}
/* ---- far from the end: move lists, fastest-first order, null windows, the table ---- */

static int solve_deep(os_ctx *x, uint64_t P, uint64_t O, uint64_t moves, int alpha, int beta,
                      int n);

/* The empty squares (at most SHALLOW + 1) into e in the fixed square order, by rank. */
static inline void sorted_empties(uint64_t empty, uint8_t *e) {
  int k = 0;
  for (; empty; empty &= empty - 1) {
    int sq = __builtin_ctzll(empty), j = k++;
    while (j > 0 && square_rank[e[j - 1]] > square_rank[sq]) {
      e[j] = e[j - 1];
      j--;
    }
    e[j] = (uint8_t)sq;
  }
}

/* Any position: the search that suits its number of empty squares. */
static int solve_any(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n) {
  if (n > SHALLOW)
    return solve_deep(x, P, O, oth_moves(P, O), alpha, beta, n);
  uint8_t e[SHALLOW];
  sorted_empties(~(P | O), e);
  switch (n) {
  case 0: x->nodes++; return final_margin(P, O);
  case 1: return solve_1(x, P, O, e[0]);
  case 2: return solve_2(x, P, O, alpha, beta, e[0], e[1]);
  case 3: return solve_3(x, P, O, alpha, beta, e);
  case 4: return solve_4(x, P, O, alpha, beta, e);
  default: return solve_shallow(x, P, O, alpha, beta, e, n);
  }
}

/* The move ordering far from the end (doc/search.md has what each choice bought on FFO
   #40-#44): from ORDER_DEPTH1 empty squares each move's key adds the value of a 1-ply search
   with the pattern evaluation when the game gives one (o->patterns), else a cheap one (2-ply
   from ORDER_DEPTH2, 3-ply from ORDER_DEPTH3), weighted against the opponent's replies;
   enhanced transposition cut-offs from ETC_MIN empties.  The patterns: 242.4 M -> 174.8 M
   nodes on FFO #40-#44 (doc/classic.md); with the patterns, 2-ply from 16 instead of 18
   (doc/search.md; 3-ply from 19 as well helped #41 and #42 but not #40-#44 as a whole).
   These were chosen by nodes; by time, with the table from TT_MIN 9 empties and no move list
   at SHALLOW 6, 1-ply from 15 and 2-ply from 17 did best: more nodes, each of them cheaper
   (doc/classic.md, "The shallow end and the table's reach, chosen by time").  With the
   table's move searched before the others are ordered and SHALLOW 7, 1-ply from 14 or 2-ply
   from 16 were again slower, the table from 8 too, and ETC from 11 no faster. */
#define ORDER_DEPTH1 15
#define ORDER_DEPTH2 17
#define ORDER_DEPTH3 21
#define W_REPLY 8           /* per reply of the opponent (corners count twice) */
#define W_POTENTIAL 1       /* per empty square next to the mover's discs */
#define W_EVAL 2            /* per unit of the shallow search's value (a reply = 2 units) */
#define W_CORNER 2          /* per stable disc of the mover's on a corner or next to it */
#define ETC_MIN 10          /* enhanced transposition cut-offs from this many empties */
#define TT_MIN 9            /* the table from this many empties: below, a probe costs more
                               than the subtree it can save */
#define GUESS_DEPTH 4       /* the depth of the search that guesses the root's value */
#define GUESS_DROP 8        /* after the guess failed low, the next window this much lower */
#define SORT_DELTA 8        /* the shallow searches' window: alpha - this, in discs */

/* The discs of P on a corner or next to one of its corners along an edge: stable (Edax's
   corner stability, a term of its move ordering). */
static inline uint64_t corner_stable(uint64_t P) {
  return (((0x0100000000000001ULL & P) << 1) | ((0x8000000000000080ULL & P) >> 1) |
          ((0x0000000000000081ULL & P) << 8) | ((0x8100000000000000ULL & P) >> 8) | CORNERS) & P;
}

/* A cheap evaluation for move ordering only: mobility (corners counted twice) and corners
   held, for the side to move. */
static int eval_cheap(uint64_t P, uint64_t O) {
  uint64_t mp = oth_moves(P, O), mo = oth_moves(O, P);
  return 2 * (popcount(mp) + popcount(mp & CORNERS) - popcount(mo) - popcount(mo & CORNERS)) +
         8 * (popcount(P & CORNERS) - popcount(O & CORNERS));
}

/* A shallow alpha-beta with that evaluation: the ordering's look-ahead.  Its nodes count. */
static int eval_search(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int depth) {
  x->nodes++;
  if (depth == 0)   /* the patterns in units of half a disc (a reply of mobility: 2 units) */
    return x->o->patterns ? othp_eval(x->o->patterns, P, O) / (OTHP_UNIT / 2) : eval_cheap(P, O);
  uint64_t moves = oth_moves(P, O);
  if (!moves) {
    if (!oth_moves(O, P))
      return 16 * final_margin(P, O);
    return -eval_search(x, O, P, -beta, -alpha, depth);
  }
  int best = -4096;
  /* the corners first: the replies most likely to cut */
  for (uint64_t m = moves & CORNERS, rest = moves & ~CORNERS; m | rest; m &= m - 1) {
    if (!m)
      m = rest, rest = 0;
    int sq = __builtin_ctzll(m);
    uint64_t f = flips(P, O, sq);
    int v = -eval_search(x, O & ~f, P | f | 1ULL << sq, -beta, -alpha, depth - 1);
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta)
          break;
      }
    }
  }
  return best;
}

/* The legal moves of a position with n empty squares, the most promising first: the table's
   move, then by a key made of the opponent's replies (fastest first; corners counted twice, as
   they are the replies that hurt), its potential replies (empty squares next to the mover's
   discs), less the mover's stable discs at the corners and, far from the end, the value of a shallow search of the move, searched only as
   far as needed to tell the moves better than the node's alpha - SORT_DELTA (alpha
   -SCORE_INF: all exactly); ties in the fixed square order. */
static int order_moves(os_ctx *x, uint64_t P, uint64_t O, uint64_t moves, int first, int n,
                       int alpha, os_move *ms) {
  /* a move worse than alpha - SORT_DELTA needs no exact value: its search may stop there */
  int ebeta = alpha > -SCORE_INF ? 2 * (SORT_DELTA - alpha) : 4096;
  int depth = n >= ORDER_DEPTH3 ? 3 : n >= ORDER_DEPTH2 ? 2 : n >= ORDER_DEPTH1 ? 1 : 0;
  int nm = 0;
  for (; moves; moves &= moves - 1) {   /* the keys are unique: any visiting order will do */
    int sq = __builtin_ctzll(moves), i = square_rank[sq];
    uint64_t f = flips(P, O, sq), P2 = O & ~f, O2 = P | f | 1ULL << sq;
    if (n - 1 >= TT_MIN)
      tt_prefetch(x, P2, O2);
    uint64_t reply = oth_moves(P2, O2);
    int key = W_REPLY * (popcount(reply) + popcount(reply & CORNERS));
    if (W_POTENTIAL) {   /* the squares next to O2's discs */
#ifdef __AVX2__
      const oth_v4 d = {8, 1, 9, 7}, ml = {~0ULL, ~COL_A, ~COL_A, ~COL_H},
                   mr = {~0ULL, ~COL_H, ~COL_H, ~COL_A};
      oth_v4 ov = {O2, O2, O2, O2};
      uint64_t nb = oth_v4_or((ov << d & ml) | (ov >> d & mr));
#else
      uint64_t nb = O2 << 8 | O2 >> 8 | ((O2 << 1 | O2 << 9 | O2 >> 7) & ~COL_A) |
                    ((O2 >> 1 | O2 >> 9 | O2 << 7) & ~COL_H);
#endif
      key += W_POTENTIAL * popcount(nb & ~(P2 | O2));
    }
    if (depth)
      key += W_EVAL * eval_search(x, P2, O2, -4096, ebeta, depth);
    key -= W_CORNER * popcount(corner_stable(O2));
    key = sq == first ? -(1 << 30) : key * 64 + i;
    int j = nm++;
    while (j > 0 && ms[j - 1].key > key) {
      ms[j] = ms[j - 1];
      j--;
    }
    ms[j].flips = f, ms[j].replies = reply, ms[j].sq = sq, ms[j].key = key;
  }
  return nm;
}

/* ---- threads: young brothers wait ----
   Only the main thread searches the root; the helpers wait for a split point.  A node with
   SPLIT_MIN or more empties whose eldest SPLIT_ELDER moves were searched without a cut offers
   its other moves when a thread is idle: the node becomes a split point in its thread's next
   slot, the moves taken one at a time by the owner and the idle threads, and a cut by any of
   them ends the others' work there and below (budget_spent looks at the chain of split points
   a thread works under at every node far from the end).  The owner waits for its workers
   at the end, working at their split points meanwhile, so no wait depends on itself.  After
   one eldest move the later cuts wasted a fifth more nodes on FFO #46-#48; after three the
   owner waited twice as long for its workers (doc/classic.md). */

static void split_lock(os_split *sp) {
  while (atomic_flag_test_and_set_explicit(&sp->lock, memory_order_acquire))
    ;
}

static void split_unlock(os_split *sp) {
  atomic_flag_clear_explicit(&sp->lock, memory_order_release);
}

/* A short wait in a loop that polls other threads' work. */
static inline void cpu_relax(void) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  __builtin_ia32_pause();
#endif
}

/* The moves of the split point sp taken one at a time (the owner and its workers alike) and
   searched as search_moves does, the results combined under the lock; a move that reaches
   beta cuts the split point: the others stop at their next node. */
static void split_work(os_ctx *x, os_split *sp) {
  for (;;) {
    split_lock(sp);
    if (atomic_load_explicit(&sp->cut, memory_order_relaxed) || sp->next >= sp->nm) {
      atomic_store_explicit(&sp->open, 0, memory_order_relaxed);
      split_unlock(sp);
      return;
    }
    const os_move *m = &sp->ms[sp->next++];
    int a = sp->alpha, beta = sp->beta, n = sp->n;
    uint64_t P2 = sp->O & ~m->flips, O2 = sp->P | m->flips | 1ULL << m->sq;
    if (sp->next >= sp->nm)
      atomic_store_explicit(&sp->open, 0, memory_order_relaxed);
    split_unlock(sp);
    int v = -solve_deep(x, P2, O2, m->replies, -a - 1, -a, n - 1);
    if (v > a && v < beta && !halted(x))
      v = -solve_deep(x, P2, O2, m->replies, -beta, -v, n - 1);
    if (x->cut && !x->stop)   /* this split point or one above it was cut */
      return;
    split_lock(sp);
    if (x->stop) {   /* the value is not whole: the owner stops too */
      sp->stopped = x->stop;
      atomic_store_explicit(&sp->cut, 1, memory_order_relaxed);
    } else if (v > sp->best) {
      sp->best = v, sp->bestsq = m->sq;
      if (v > sp->alpha) {
        sp->alpha = v;
        if (v >= beta)
          atomic_store_explicit(&sp->cut, 1, memory_order_relaxed);
      }
    }
    split_unlock(sp);
    if (x->stop)
      return;
  }
}

/* An open split point with moves left to take, the one nearest the root (most empties) of
   those seen; with `under`, only one below that split point (an owner waiting for its
   workers helps them, and only them: its wait then never depends on itself).  On success
   the caller is counted among its workers. */
static os_split *split_find(os_ctx *x, const os_split *under) {
  os_shared *sh = x->sh;
  os_split *pick = NULL;
  int most = 0;
  for (int i = 0; i < sh->nthreads * SPLIT_MAX; i++) {
    int e = atomic_load_explicit(&sh->splits[i].open, memory_order_relaxed);
    if (e > most)
      most = e, pick = &sh->splits[i];
  }
  if (!pick)
    return NULL;
  split_lock(pick);
  int ok = atomic_load_explicit(&pick->open, memory_order_relaxed) &&
           !atomic_load_explicit(&pick->cut, memory_order_relaxed) && pick->next < pick->nm;
  if (ok && under) {
    const os_split *s = pick;
    while (s && s != under)
      s = s->parent;
    ok = s != NULL;
  }
  if (ok)
    atomic_fetch_add_explicit(&pick->workers, 1, memory_order_relaxed);
  split_unlock(pick);
  return ok ? pick : NULL;
}

/* Work at another thread's split point found by split_find, then leave it: the nodes spent
   there count for its node's table entry. */
static void split_join(os_ctx *x, os_split *sp) {
  os_split *was = x->sp;
  uint64_t n0 = x->nodes + x->lent;
  x->sp = sp;
  x->cut = split_cut(sp);
  split_work(x, sp);
  x->sp = was;
  split_lock(sp);
  sp->nodes += x->nodes + x->lent - n0;
  split_unlock(sp);
  atomic_fetch_sub_explicit(&sp->workers, 1, memory_order_release);
  x->cut = split_cut(was);
}

/* An idle thread's step: join an open split point (below `under`, if given) and work there,
   counted out of the idle ones meanwhile.  Returns whether it found one. */
static int split_help(os_ctx *x, const os_split *under) {
  os_split *w = split_find(x, under);
  if (!w)
    return 0;
  atomic_fetch_sub_explicit(&x->sh->idle, 1, memory_order_relaxed);
  split_join(x, w);
  atomic_fetch_add_explicit(&x->sh->idle, 1, memory_order_relaxed);
  return 1;
}

/* The moves ms[k0..] of (P, O) shared with idle threads: a split point in this thread's next
   slot, its moves taken by this thread and any that join; then the wait for the workers
   (helping them meanwhile).  alpha, best and *bestsq are the node's so far; returns its
   fail-soft value as search_moves does. */
static int split_search(os_ctx *x, uint64_t P, uint64_t O, const os_move *ms, int nm, int k0,
                        int alpha, int beta, int n, int best, int *bestsq) {
  os_shared *sh = x->sh;
  os_split *sp = &sh->splits[x->id * SPLIT_MAX + x->nsplit++];
  split_lock(sp);
  sp->parent = x->sp, sp->P = P, sp->O = O, sp->ms = ms, sp->nm = nm, sp->next = k0;
  sp->n = n, sp->alpha = alpha, sp->beta = beta, sp->best = best, sp->bestsq = *bestsq;
  sp->stopped = OSOLVE_DONE, sp->nodes = 0;
  atomic_store_explicit(&sp->cut, 0, memory_order_relaxed);
  atomic_store_explicit(&sp->workers, 0, memory_order_relaxed);
  atomic_store_explicit(&sp->open, n, memory_order_relaxed);
  split_unlock(sp);
  x->sp = sp;
  split_work(x, sp);
  /* Closed before the wait: split_work may return on a cut above with moves left, and a
     thread that joined after the workers were counted would work on ms after this frame is
     gone, in a slot the next split point resets. */
  split_lock(sp);
  atomic_store_explicit(&sp->open, 0, memory_order_relaxed);
  split_unlock(sp);
  if (atomic_load_explicit(&sp->workers, memory_order_acquire) > 0) {
    atomic_fetch_add_explicit(&sh->idle, 1, memory_order_relaxed);
    while (atomic_load_explicit(&sp->workers, memory_order_acquire) > 0)
      if (!split_help(x, sp))
        cpu_relax();
    atomic_fetch_sub_explicit(&sh->idle, 1, memory_order_relaxed);
  }
  split_lock(sp);
  best = sp->best, *bestsq = sp->bestsq;
  osolve_stop stopped = sp->stopped;
  x->lent += sp->nodes;
  split_unlock(sp);
  x->sp = sp->parent;
  x->nsplit--;
  if (stopped && !x->stop)
    x->stop = stopped;
  x->cut = split_cut(x->sp);
  return best;
}

/* The moves ms of (P, O) searched in (alpha, beta), principal variation style: the first with
   the window, the others with a null window first; `done` moves of the node were searched
   before these (the table's move, by solve_deep), so that with done 1 every move here is a
   later one.  With `split` (threads, a node far enough from the end), once the node's eldest
   SPLIT_ELDER moves are searched without a cut, the others are shared with the threads that
   are idle, if any (young brothers wait: split_search).  Returns the fail-soft value of these
   moves, *bestsq the move that gave it (NO_SQUARE before any finished). */
static int search_moves(os_ctx *x, uint64_t P, uint64_t O, const os_move *ms, int nm,
                        int alpha, int beta, int n, int split, int done, int *bestsq) {
  int best = -SCORE_INF, a = alpha;
  uint8_t es[SHALLOW + 1], rest[SHALLOW];   /* children with SHALLOW empties: their list */
  if (n == SHALLOW + 1)
    sorted_empties(~(P | O), es);
  *bestsq = NO_SQUARE;
  for (int k = 0; k < nm; k++) {
    if (split && k + done >= SPLIT_ELDER && x->nsplit < SPLIT_MAX &&
        atomic_load_explicit(&x->sh->idle, memory_order_relaxed) > 0)
      return split_search(x, P, O, ms, nm, k, a, beta, n, best, bestsq);
    const os_move *m = &ms[k];
    uint64_t P2 = O & ~m->flips, O2 = P | m->flips | 1ULL << m->sq;
    /* the child's moves are known (the key counted them) when it is a deep node; with
       SHALLOW empties, its list is this node's without the move (still in order) */
    if (n == SHALLOW + 1)
      for (int i = 0, j = 0; i <= SHALLOW; i++)
        if (es[i] != m->sq)
          rest[j++] = es[i];
    int v;
#define CHILD(lo, hi)                                                                       \
  (n - 1 > SHALLOW ? solve_deep(x, P2, O2, m->replies, lo, hi, n - 1)                       \
                   : n - 1 == SHALLOW ? solve_shallow(x, P2, O2, lo, hi, rest, SHALLOW)      \
                                      : solve_any(x, P2, O2, lo, hi, n - 1))
    if (k + done == 0)
      v = -CHILD(-beta, -a);
    else {
      v = -CHILD(-a - 1, -a);
      if (v > a && v < beta && !halted(x))
        v = -CHILD(-beta, -v);
    }
#undef CHILD
    if (halted(x))
      return best;
    if (v > best) {
      best = v, *bestsq = m->sq;
      if (v > a) {
        a = v;
        if (v >= beta)
          break;
      }
    }
  }
  return best;
}

/* A position with more than SHALLOW empty squares, whose legal moves are `moves`. */
static int solve_deep(os_ctx *x, uint64_t P, uint64_t O, uint64_t moves, int alpha, int beta,
                      int n) {
  uint64_t n0 = x->nodes++ + x->lent;   /* lent: other threads' nodes at its split points */
  if (budget_spent(x))
    return 0;
  if (!moves) {
    uint64_t theirs = oth_moves(O, P);
    if (!theirs)
      return final_margin(P, O);
    return -solve_deep(x, O, P, theirs, -beta, -alpha, n);   /* pass */
  }
  int ub;
  if (stability_cut(P, O, alpha, &ub))
    return ub;
  int first = NO_SQUARE;
  os_entry e;
  if (n >= TT_MIN && tt_probe(x, P, O, &e)) {
    if (e.lo >= beta || e.lo == e.hi)
      return e.lo;
    if (e.hi <= alpha)
      return e.hi;
    if (e.lo > alpha)
      alpha = e.lo;
    if (e.hi < beta)
      beta = e.hi;
    first = e.move;
  }
  int best = -SCORE_INF, bestsq = NO_SQUARE, a = alpha, done = 0;
  if (first != NO_SQUARE && (moves >> first & 1)) {
    /* the table's move before the others are ordered: when it cuts, their keys (and the
       ordering's shallow searches) are never needed */
    uint64_t f = flips(P, O, first), P2 = O & ~f, O2 = P | f | 1ULL << first;
    best = -solve_any(x, P2, O2, -beta, -alpha, n - 1), bestsq = first;
    if (halted(x))
      return 0;
    if (best >= beta || !(moves &= ~(1ULL << first))) {
      tt_save(x, P, O, n, alpha, beta, best, bestsq, x->nodes + x->lent - n0);
      return best;
    }
    if (best > a)
      a = best;
    first = NO_SQUARE, done = 1;
  }
  os_move ms[32];
  int nm = order_moves(x, P, O, moves, first, n, a, ms), sq;
  if (n >= ETC_MIN)   /* a move into a position the table already shows is enough */
    for (int i = 0; i < nm; i++) {
      uint64_t P2 = O & ~ms[i].flips, O2 = P | ms[i].flips | 1ULL << ms[i].sq;
      if (tt_probe(x, P2, O2, &e) && -e.hi >= beta) {
        tt_save(x, P, O, n, alpha, beta, -e.hi, ms[i].sq, x->nodes + x->lent - n0);
        return -e.hi;
      }
    }
  int v = search_moves(x, P, O, ms, nm, a, beta, n, x->sh->splits && n >= SPLIT_MIN, done,
                       &sq);
  if (halted(x))
    return 0;
  if (v > best)
    best = v, bestsq = sq;
  if (n >= TT_MIN)
    tt_save(x, P, O, n, alpha, beta, best, bestsq, x->nodes + x->lent - n0);
  return best;
}

/* ---- the root ---- */

/* The root's moves searched in (alpha, beta); *best gets the best move, or the first in order
   when the search stopped before one finished.  Only the main thread searches the root, in
   the fixed order and one move after another (the split points are below it), so that its
   move is the first of the best in that order whatever the threads. */
static int solve_root(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n,
                      int *bestsq) {
  x->nodes++;
  os_move ms[32];
  int nm = order_moves(x, P, O, oth_moves(P, O), NO_SQUARE, n, -SCORE_INF, ms);
  int best = search_moves(x, P, O, ms, nm, alpha, beta, n, 0, 0, bestsq);
  if (*bestsq == NO_SQUARE)
    *bestsq = ms[0].sq;
  return best;
}

/* With a random margin: the moves worth at least best - random (a null window each), one of
   them chosen with the seed.  Returns the chosen square; *ncand gets how many there were. */
static int choose_random(os_ctx *x, uint64_t P, uint64_t O, int n, int best, int bestsq,
                         int *ncand) {
  os_move ms[32];
  int cand[32], nc = 0, floor_ = best - x->o->random;
  int nm = order_moves(x, P, O, oth_moves(P, O), NO_SQUARE, n, -SCORE_INF, ms);
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
    uint64_t moves = oth_moves(P, O);
    if (!moves) {
      if (!oth_moves(O, P))
        break;
      r->pv[r->npv++] = OTH_PASS;
      uint64_t t = P;
      P = O, O = t, target = -target, first = NO_SQUARE;
      continue;
    }
    os_move ms[32];
    int nm = order_moves(x, P, O, moves, NO_SQUARE, n, -SCORE_INF, ms), pick = -1;
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


static void shared_free(os_shared *sh) {
  zmem_free(sh->tt, sh->nbuckets * sizeof(os_bucket));
  free(sh->splits);
}

/* The table, and with threads its locks and the split points. */
static int shared_init(os_shared *sh, const osolve_opts *o, int nthreads, char *err) {
  memset(sh, 0, sizeof *sh);
  size_t nb = 0;
  if (o->hash_bytes >= sizeof(os_bucket)) {
    nb = 1;   /* the most buckets, a power of two, that fit */
    while (nb * 2 * sizeof(os_bucket) <= o->hash_bytes)
      nb *= 2;
    sh->tt = zmem_alloc(nb * sizeof(os_bucket));
    if (!sh->tt) {
      snprintf(err, SG_ERRLEN, "othello solve: out of memory (hash table of %zu bytes asked)",
               o->hash_bytes);
      return -1;
    }
  }
  sh->nbuckets = nb;
  if (nthreads > 1) {
    sh->locking = 1;
    sh->splits = aligned_alloc(64, (size_t)nthreads * SPLIT_MAX * sizeof *sh->splits);
    if (!sh->splits) {
      shared_free(sh);
      snprintf(err, SG_ERRLEN, "othello solve: out of memory (tables for %d threads)",
               nthreads);
      return -1;
    }
    for (int i = 0; i < nthreads * SPLIT_MAX; i++) {
      os_split *sp = &sh->splits[i];
      atomic_flag_clear(&sp->lock);
      atomic_init(&sp->open, 0);
      atomic_init(&sp->cut, 0);
      atomic_init(&sp->workers, 0);
    }
  }
  sh->nthreads = nthreads;
  atomic_init(&sh->idle, 0);
  atomic_init(&sh->quit, 0);
  atomic_init(&sh->nodes, 0);
  sh->t0 = clock_now();
  sh->deadline = o->time > 0 ? sh->t0 + o->time : 0;
  return 0;
}

static void ctx_init(os_ctx *x, const osolve_opts *o, os_shared *sh, int id) {
  memset(x, 0, sizeof *x);
  x->o = o, x->sh = sh, x->id = id;
  x->next_poll = POLL_NODES;
}

/* A helper thread: idle until a split point offers moves, then one of its workers; it stops
   when the main thread has its answer (no split point is open then) or its search stopped. */
typedef struct os_helper {
  os_ctx x;
  pthread_t tid;
} os_helper;

static void *helper_run(void *arg) {
  os_ctx *x = &((os_helper *)arg)->x;
  os_shared *sh = x->sh;
  atomic_fetch_add_explicit(&sh->idle, 1, memory_order_relaxed);
  while (!atomic_load_explicit(&sh->quit, memory_order_relaxed) && !x->stop)
    if (!split_help(x, NULL))
      sched_yield();   /* on a machine with fewer cores than threads, the others run */
  atomic_fetch_sub_explicit(&sh->idle, 1, memory_order_relaxed);
  return NULL;
}

/* Solve the root on thread 0 (the caller), with threads - 1 helpers sharing the table.  A
   helper that cannot be started is simply missing: the result is the same. */
static int solve_threads(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n,
                         int nthreads, int *sq) {
  os_helper *hs = NULL;
  int started = 0;
  if (nthreads > 1)
    hs = aligned_alloc(64, (size_t)(nthreads - 1) * sizeof *hs);
  for (int i = 0; hs && i < nthreads - 1; i++) {
    ctx_init(&hs[i].x, x->o, x->sh, i + 1);
    if (pthread_create(&hs[i].tid, NULL, helper_run, &hs[i]) != 0)
      break;
    started++;
  }
  int v = solve_root(x, P, O, alpha, beta, n, sq);
  atomic_store(&x->sh->quit, 1);
  for (int i = 0; i < started; i++) {
    pthread_join(hs[i].tid, NULL);
    x->nodes += hs[i].x.nodes;   /* the result counts every thread's nodes */
    x->flushed += hs[i].x.flushed;   /* those already in sh->nodes (the node limit) */
  }
  /* the helpers' nodes are this thread's own now: counted in `others` as well, as of its last
     poll, they would bring the node limit of the next window forward */
  if (started)
    x->others = atomic_load(&x->sh->nodes) - x->flushed;
  free(hs);
  return v;
}

/* The root's value in (alpha, beta) by null-window searches (b - 1, b) around a guess, each
   starting from what the table kept of the last, until the bounds meet (MTD(f); Edax too
   solves by null windows around its estimate): fewer nodes than one search of the whole
   window (doc/search.md).  The guess: a GUESS_DEPTH-ply search with the pattern evaluation.
   A search that fails high is cheap (one good move proves it) and one that fails low dear
   (every move refuted), so after a fail low with nothing known below, the next window is
   GUESS_DROP lower, and the value is then reached from below.  The move is that of the last
   search that failed high, the first in the root's order with the best margin, as one search
   of the whole window gives. */
static int solve_windows(os_ctx *x, uint64_t P, uint64_t O, int alpha, int beta, int n,
                         int nthreads, int *sq) {
  if (beta - alpha <= 2)   /* wld: one null window already */
    return solve_threads(x, P, O, alpha, beta, n, nthreads, sq);
  int g = 0;
  if (x->o->patterns) {
    g = eval_search(x, P, O, -4096, 4096, GUESS_DEPTH);   /* in half discs */
    g = g >= 0 ? (g + 1) / 2 : -((1 - g) / 2);
  }
  int lo = alpha, hi = beta, found = 0;
  while (lo < hi) {
    int b = g < lo + 1 ? lo + 1 : g > hi ? hi : g, bsq;
    atomic_store(&x->sh->quit, 0);
    int v = solve_threads(x, P, O, b - 1, b, n, nthreads, &bsq);
    if (x->stop) {   /* keep the move known to reach lo, if any */
      if (!found)
        *sq = bsq;
      return found ? lo : v;
    }
    if (v >= b) {
      lo = v, *sq = bsq, found = 1;
      g = v + 1;
    } else {
      hi = v;
      if (!found)
        *sq = bsq;
      g = found ? v : v - GUESS_DROP;
    }
  }
  return lo;
}

int OSOLVE_RUN(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r,
               char *err) {
  memset(r, 0, sizeof *r);
  if (me & opp) {
    snprintf(err, SG_ERRLEN, "othello solve: a square holds discs of both sides");
    return -1;
  }
  if (!oth_moves(me, opp) && !oth_moves(opp, me)) {
    snprintf(err, SG_ERRLEN, "othello solve: the game is over");
    return -1;
  }
  pthread_once(&ray_once, ray_init);
  int nthreads = o->threads < 1 ? 1 : o->threads > OSOLVE_MAX_THREADS ? OSOLVE_MAX_THREADS
                                                                       : o->threads;
  os_shared sh;
  if (shared_init(&sh, o, nthreads, err) != 0)
    return -1;
  os_ctx x;
  ctx_init(&x, o, &sh, 0);
  int n = 64 - popcount(me | opp), lo = o->wld ? -1 : -SCORE_INF, hi = o->wld ? 1 : SCORE_INF;
  uint64_t P = me, O = opp;
  int passed = !oth_moves(me, opp), sq, v;
  if (passed)   /* the side to move must pass: solve for the opponent */
    P = opp, O = me;
  v = solve_windows(&x, P, O, passed ? -hi : lo, passed ? -lo : hi, n, nthreads, &sq);
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
  r->time = clock_now() - sh.t0;
  shared_free(&sh);
  return 0;
}

#if !defined(OSOLVE_POPCNT_CLONE) && !defined(OSOLVE_AVX2_CLONE)
void osolve_opts_default(osolve_opts *o) {
  memset(o, 0, sizeof *o);
  o->hash_bytes = (size_t)16 << 20;
  o->random = -1;
  o->threads = 1;
}

int osolve_run(uint64_t me, uint64_t opp, const osolve_opts *o, osolve_result *r, char *err) {
#ifdef OSOLVE_POPCNT_BUILD
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
    return osolve_run_avx2(me, opp, o, r, err);
  if (__builtin_cpu_supports("popcnt"))
    return osolve_run_popcnt(me, opp, o, r, err);
#endif
  return osolve_run_portable(me, opp, o, r, err);
}
#endif
