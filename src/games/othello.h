/* othello.h: Othello (Reversi) on bitboards: 8x8, Black moves first, passes. */
#ifndef SG_OTHELLO_H
#define SG_OTHELLO_H

#include "game.h"

/* Square i = row * 8 + column: a1 = 0 (top left, as Othello boards are written), h8 = 63. */
typedef struct oth_state {
  uint64_t disc[2];    /* [0] black, [1] white */
  uint8_t side;        /* 0 black, 1 white to move */
  uint8_t pad[7];
} oth_state;

/* The square weights come in the 10 classes of one octant of the board (a1, b1, c1, d1, b2,
   c2, d2, c3, d3, d4), mirrored to all 64 squares. */
typedef struct oth_cfg {
  int preset;                        /* 0 patterns, 1 Blunt's weighting scheme (below) */
  int sq[10];
  int mobility_open, mobility_end;   /* per move of difference, opening and endgame */
  int discs_open, discs_end;         /* per disc of difference */
  int corner_first;                  /* order corner moves first (key moves) */
  int forfeit_on_illegal;            /* variant: a wrong placement forfeits the turn */
  /* the pattern weights (othpattern.h), not a parameter: set by the binding from the weights
     file, shared read-only; NULL (or preset 1) evaluates by the weighting scheme */
  const struct othp_weights *patterns;
} oth_cfg;

#define OTH_PASS 64
#define OTH_FORFEIT 128   /* + square: a placement that flips nothing, under the variant */

extern const sg_class othello_class;

/* The move generator, shared by the game and the exact solver (src/ai/othsolve.c), inline
   because the solver calls it at every node.  Rays run on the opponent's discs in all 8
   directions at once (a run is at most 6 discs long); for the rays along a row or a diagonal
   those discs are masked to columns b to g, so a ray cannot wrap round an edge. */
#define OTH_INNER 0x7e7e7e7e7e7e7e7eULL

/* The legal placements of `me` against `opp`: the empty squares that close a run of the
   opponent's discs.  A run is grown two steps, then two steps of two (the squares whose
   neighbour back along the direction is an opponent's disc too: `pre`), so four shifts of the
   run reach its 6 discs (Kogge-Stone; the six single steps before took a third more). */
#ifdef __AVX2__
/* Where the file is compiled for AVX2 (the solver's AVX2 build, src/ai/othsolve_avx2.c): the
   four directions at once in the four lanes of a vector, each lane as below. */
typedef uint64_t oth_v4 __attribute__((vector_size(32)));
typedef uint64_t oth_v2 __attribute__((vector_size(16)));

/* The OR of a vector's four lanes: its halves, then the two lanes left. */
static inline uint64_t oth_v4_or(oth_v4 v) {
  union { oth_v4 v; oth_v2 h[2]; } u = {v};
  oth_v2 a = u.h[0] | u.h[1];
  return a[0] | a[1];
}
static inline uint64_t oth_moves(uint64_t me, uint64_t opp) {
  const oth_v4 s = {1, 8, 7, 9}, s2 = {2, 16, 14, 18};
  uint64_t h = opp & OTH_INNER;
  oth_v4 M = {h, opp, h, h}, P = {me, me, me, me};
  oth_v4 l = M & (P << s), r = M & (P >> s), pl = M & (M << s), pr = M & (M >> s);
  l |= M & (l << s), r |= M & (r >> s);
  l |= pl & (l << s2), r |= pr & (r >> s2);
  l |= pl & (l << s2), r |= pr & (r >> s2);
  oth_v4 m = l << s | r >> s;
  return oth_v4_or(m) & ~(me | opp);
}
#else
static inline uint64_t oth_moves(uint64_t me, uint64_t opp) {
  uint64_t h = opp & OTH_INNER, m = 0, l, r, pre;
#define OTH_SPREAD(M, S)                                                              \
  l = M & (me << S), r = M & (me >> S);                                               \
  l |= M & (l << S), r |= M & (r >> S);                                               \
  pre = M & (M << S);                                                                 \
  l |= pre & (l << 2 * S), r |= (pre >> S) & (r >> 2 * S);                            \
  l |= pre & (l << 2 * S), r |= (pre >> S) & (r >> 2 * S);                            \
  m |= l << S | r >> S
  OTH_SPREAD(h, 1);
  OTH_SPREAD(opp, 8);
  OTH_SPREAD(h, 7);
  OTH_SPREAD(h, 9);
#undef OTH_SPREAD
  return m & ~(me | opp);
}
#endif

/* The discs `me` turns by placing on sq (0 when the placement flips nothing). */
static inline uint64_t oth_flips(uint64_t me, uint64_t opp, int sq) {
  uint64_t b = 1ULL << sq, h = opp & OTH_INNER, f = 0, t;
#define OTH_RAY(M, OP, S)                                                             \
  t = M & (b OP S);                                                                   \
  t |= M & (t OP S); t |= M & (t OP S); t |= M & (t OP S); t |= M & (t OP S);         \
  t |= M & (t OP S);                                                                  \
  if ((t OP S) & me)                                                                  \
    f |= t
  OTH_RAY(h, <<, 1); OTH_RAY(h, >>, 1);
  OTH_RAY(opp, <<, 8); OTH_RAY(opp, >>, 8);
  OTH_RAY(h, <<, 7); OTH_RAY(h, >>, 7);
  OTH_RAY(h, <<, 9); OTH_RAY(h, >>, 9);
#undef OTH_RAY
  return f;
}

#endif
