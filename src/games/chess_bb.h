/* chess_bb.h: what chess.c (rules) and chess_eval.c (evaluation) share: bitboards, the attack
   tables chess_init_tables fills, and the attack helpers built on them.  Private to chess. */
#ifndef SG_CHESS_BB_H
#define SG_CHESS_BB_H

#include "chess.h"
#include "core/bits.h"

typedef uint64_t bb;

#define BIT(s) ((bb)1 << (s))
#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define RANK_1 0xffULL
#define RANK_8 0xff00000000000000ULL

static inline int lsb(bb x) { return bits_first64(x); }
static inline int popcnt(bb x) { return bits_count64(x); }   /* inline: core/bits.h */
static inline int pop_lsb(bb *x) { return bits_pop_first64(x); }

/* ---- tables (chess.c fills them once) ---- */

extern bb ch_knight_att[64], ch_king_att[64], ch_pawn_att[2][64];

typedef struct magic {
  bb mask, mul;
  bb *att;
  int shift;
} magic;

extern magic ch_rook_m[64], ch_bishop_m[64];

static inline bb rook_att(int sq, bb occ) {
  const magic *m = &ch_rook_m[sq];
  return m->att[((occ & m->mask) * m->mul) >> m->shift];
}
static inline bb bishop_att(int sq, bb occ) {
  const magic *m = &ch_bishop_m[sq];
  return m->att[((occ & m->mask) * m->mul) >> m->shift];
}

/* ---- attacks ---- */

static inline bb occupied(const ch_pos *p) { return p->occ[0] | p->occ[1]; }

static inline bb attackers_to(const ch_pos *p, int sq, bb occ) {
  const bb(*w)[6] = p->pieces;
  return (ch_pawn_att[1][sq] & w[0][CH_PAWN]) | (ch_pawn_att[0][sq] & w[1][CH_PAWN]) |
         (ch_knight_att[sq] & (w[0][CH_KNIGHT] | w[1][CH_KNIGHT])) |
         (ch_king_att[sq] & (w[0][CH_KING] | w[1][CH_KING])) |
         (bishop_att(sq, occ) &
          (w[0][CH_BISHOP] | w[1][CH_BISHOP] | w[0][CH_QUEEN] | w[1][CH_QUEEN])) |
         (rook_att(sq, occ) & (w[0][CH_ROOK] | w[1][CH_ROOK] | w[0][CH_QUEEN] | w[1][CH_QUEEN]));
}

/* The squares side c's pawns attack. */
static inline bb pawn_attacks(bb pawns, int c) {
  return c == 0 ? ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
                : ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7);
}

/* Every square side c attacks, with the given occupancy. */
static inline bb attacked_by(const ch_pos *p, int c, bb occ) {
  const bb *w = p->pieces[c];
  bb a = pawn_attacks(w[CH_PAWN], c);
  bb x = w[CH_KNIGHT];
  while (x)
    a |= ch_knight_att[pop_lsb(&x)];
  x = w[CH_BISHOP] | w[CH_QUEEN];
  while (x)
    a |= bishop_att(pop_lsb(&x), occ);
  x = w[CH_ROOK] | w[CH_QUEEN];
  while (x)
    a |= rook_att(pop_lsb(&x), occ);
  a |= ch_king_att[lsb(w[CH_KING])];
  return a;
}

static inline int king_sq(const ch_pos *p, int c) { return lsb(p->pieces[c][CH_KING]); }

/* The evaluation's one-time tables (the seed's piece-square tables); chess_eval.c. */
void chess_eval_init(void);

#endif
