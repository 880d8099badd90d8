/* chess.c: chess on bitboards.  Moves are generated legal at once, the way the seed describes:
   the squares the opponent attacks (the king may not go there), the pieces pinned to the king
   (they move only along the pin's line) and, in check, the squares that capture or block the
   checker; double check leaves only king moves.  Slider attacks come from magic bitboards whose
   multipliers are found at start-up from a fixed seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"
#include "core/bits.h"
#include "core/buf.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/postok.h"

typedef uint64_t bb;

#define BIT(s) ((bb)1 << (s))
#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define RANK_1 0xffULL
#define RANK_8 0xff00000000000000ULL

static inline int lsb(bb x) { return bits_first64(x); }
static inline int popcnt(bb x) { return bits_count64(x); }
static inline int pop_lsb(bb *x) { return bits_pop_first64(x); }

/* ---- tables ---- */

static bb knight_att[64], king_att[64], pawn_att[2][64];
static bb between[64][64];   /* squares strictly between two squares on a line, else 0 */
static bb line_bb[64][64];   /* the whole line through two squares, else 0 */

typedef struct magic {
  bb mask, mul;
  bb *att;
  int shift;
} magic;

static magic rook_m[64], bishop_m[64];
static bb rook_table[102400], bishop_table[5248];

static uint64_t z_piece[12][64], z_castle[16], z_ep[8], z_side;
static uint8_t castle_mask[64];
static int tables_ready;

/* The magic multipliers and then the Zobrist keys come from one splitmix64 stream with a fixed
   start, so both are the same on every machine and in every run. */
#define CH_TABLE_SEED 0x2545f4914f6cdd1dULL

/* The multipliers that search finds from that start, kept so start-up need not repeat it (it
   took 0.2 s, more under the sanitizers), and the stream's state after it, from which the
   Zobrist keys follow.  Each is checked against every occupancy at start-up; if one does not
   fit (the masks or this table changed), the search runs from the start. */
static const bb rook_known[64] = {
  0xa080001820400080ULL, 0x0040002000401000ULL, 0x0180300160008008ULL,
  0x0480040800801001ULL, 0x2a00081084204200ULL, 0x0480018012003400ULL,
  0x0600010082000428ULL, 0x420002250c018042ULL, 0x0040800040002080ULL,
  0x000040002000500cULL, 0x2002004022001080ULL, 0x0026002200400810ULL,
  0x2000808008000400ULL, 0x0022000200883104ULL, 0x2c88808001000200ULL,
  0x1112000080420104ULL, 0x0100908000400020ULL, 0x0080808020004000ULL,
  0x0008410010200300ULL, 0x0014808010000801ULL, 0x0080050011004800ULL,
  0x00d1010002080400ULL, 0xa08004000a300158ULL, 0x1000120005288244ULL,
  0x020c400080248002ULL, 0x4020411200220082ULL, 0x8028100080200881ULL,
  0x1210001100090020ULL, 0x005a005200084520ULL, 0x0080040080020080ULL,
  0x0002000200840148ULL, 0x440b210a00006884ULL, 0x0880401028800080ULL,
  0x2000802008804000ULL, 0x2160001041002900ULL, 0x201020400a001200ULL,
  0x8018010009001104ULL, 0x2480800400800200ULL, 0x0000010804000210ULL,
  0x0020008042003104ULL, 0x0000802040008000ULL, 0x0010002000404000ULL,
  0x0001001020010041ULL, 0x8840100009010022ULL, 0x8048004020040400ULL,
  0x2000040002008080ULL, 0x0803000200010084ULL, 0x0010004400820001ULL,
  0xa881410720800100ULL, 0x0008208a00450600ULL, 0x0000802000100080ULL,
  0x004408a240920200ULL, 0x6000800400080080ULL, 0x0020040002008080ULL,
  0x8003000a00245500ULL, 0x0100842081004200ULL, 0x0000201840820102ULL,
  0x0011002040008019ULL, 0x001181c20020501aULL, 0x1c10014488201101ULL,
  0x0002002004110802ULL, 0x0881000204000801ULL, 0x2000880142100094ULL,
  0x000154050022c082ULL};
static const bb bishop_known[64] = {
  0x8040011264004082ULL, 0x1002442122020100ULL, 0x080800a400880009ULL,
  0x08424081000220c8ULL, 0x00a2021104080040ULL, 0x0002080208000060ULL,
  0x4001011820240008ULL, 0x0010882802100420ULL, 0x0000042004010218ULL,
  0x0011020848008481ULL, 0x1080088084008600ULL, 0x88000c4100603b11ULL,
  0x0410921210618128ULL, 0x1145420290044401ULL, 0x0281010808028800ULL,
  0x4400892504422010ULL, 0x2090800882280808ULL, 0x8c2c20a001640120ULL,
  0x1130022040908010ULL, 0x0008000422032018ULL, 0x0094004e010c0141ULL,
  0x0200401080602004ULL, 0x2000400401582800ULL, 0xa00040408200d040ULL,
  0x400a202030241044ULL, 0x6204111182020808ULL, 0x00080a10010a0200ULL,
  0x0002002008008020ULL, 0x2000488014002000ULL, 0x0060820001011880ULL,
  0x000c141411014100ULL, 0x0007020200504402ULL, 0x00022a20c0902108ULL,
  0x0008021894071800ULL, 0x0004014100082604ULL, 0x0000110800840040ULL,
  0x0040008020060020ULL, 0x8008080088431004ULL, 0x100420820180884cULL,
  0x4006c58080430405ULL, 0x0408010420411014ULL, 0x0400821002201024ULL,
  0x00010402a2084400ULL, 0x4c04410411000800ULL, 0x8030283010140100ULL,
  0x0820041048100880ULL, 0x0084881a04064050ULL, 0x7888008102100040ULL,
  0x1004040124504000ULL, 0x4401010110022b02ULL, 0x081001008090010aULL,
  0x0100000420880000ULL, 0x00800012120a0001ULL, 0x000b040408220030ULL,
  0x0140a80149020810ULL, 0x06040848004c900aULL, 0x00e200805808041fULL,
  0x0900020084218804ULL, 0x0240a00204841100ULL, 0x08922000b0411081ULL,
  0x0800000028030401ULL, 0x030c801122100440ULL, 0x0002100202080210ULL,
  0x0008080084040020ULL};
#define CH_STREAM_AFTER_MAGICS 0x71dda9ac4d46ef61ULL

static bb ray_attacks(int sq, bb occ, const int (*dirs)[2]) {
  bb a = 0;
  int r0 = sq / 8, f0 = sq % 8;
  for (int d = 0; d < 4; d++) {
    int r = r0 + dirs[d][0], f = f0 + dirs[d][1];
    while (r >= 0 && r < 8 && f >= 0 && f < 8) {
      a |= BIT(r * 8 + f);
      if (occ & BIT(r * 8 + f))
        break;
      r += dirs[d][0], f += dirs[d][1];
    }
  }
  return a;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static bb edges_for(int sq) {
  bb e = ((RANK_1 | RANK_8) & ~(RANK_1 << (8 * (sq / 8)))) |
         ((FILE_A | FILE_H) & ~(FILE_A << (sq % 8)));
  return e;
}

/* Whether mul maps every occupancy of the mask (occs, with attacks refs, n of them) to an
   entry of at that holds its attacks; fills at as it goes.  ep marks the entries set. */
static int magic_fits(bb mul, int shift, const bb *occs, const bb *refs, int n, bb *at,
                      int *epoch, int ep) {
  for (int i = 0; i < n; i++) {
    unsigned idx = (unsigned)((occs[i] * mul) >> shift);
    if (epoch[idx] < ep) {
      epoch[idx] = ep;
      at[idx] = refs[i];
    } else if (at[idx] != refs[i])
      return 0;
  }
  return 1;
}

/* The magics of one slider: the known multipliers when every one fits (returns 1), else, with
   known NULL, found by the search from *stream (returns 1) or, with known given and one that
   does not fit, 0 (the caller searches again from the start). */
static int init_magics(magic *m, bb *table, const int (*dirs)[2], uint64_t *stream,
                       const bb *known) {
  static bb occs[4096], refs[4096];
  static int epoch[4096];
  bb *at = table;
  int ep = 0;
  if (known)
    memset(epoch, 0, sizeof epoch);   /* no mark left by the other slider's pass */
  for (int sq = 0; sq < 64; sq++) {
    magic *mg = &m[sq];
    mg->mask = ray_attacks(sq, 0, dirs) & ~edges_for(sq);
    int bits = popcnt(mg->mask), n = 0;
    mg->shift = 64 - bits;
    mg->att = at;
    bb sub = 0;
    do {   /* every subset of the mask (carry-rippler) */
      occs[n] = sub;
      refs[n++] = ray_attacks(sq, sub, dirs);
      sub = (sub - mg->mask) & mg->mask;
    } while (sub);
    if (known) {
      if (!magic_fits(known[sq], mg->shift, occs, refs, n, at, epoch, ++ep))
        return 0;
      mg->mul = known[sq];
    } else
      for (;;) {
        bb mul = hash_splitmix_next(stream) & hash_splitmix_next(stream) &
                 hash_splitmix_next(stream);
        if (popcnt((mg->mask * mul) >> 56) < 6)
          continue;
        if (magic_fits(mul, mg->shift, occs, refs, n, at, epoch, ++ep)) {
          mg->mul = mul;
          break;
        }
      }
    at += (size_t)1 << bits;
  }
  return 1;
}

static inline bb rook_att(int sq, bb occ) {
  const magic *m = &rook_m[sq];
  return m->att[((occ & m->mask) * m->mul) >> m->shift];
}
static inline bb bishop_att(int sq, bb occ) {
  const magic *m = &bishop_m[sq];
  return m->att[((occ & m->mask) * m->mul) >> m->shift];
}

void chess_init_tables(void) {
  if (tables_ready)
    return;
  for (int s = 0; s < 64; s++) {
    int r = s / 8, f = s % 8;
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int i = 0; i < 8; i++) {
      int rr = r + kn[i][0], ff = f + kn[i][1];
      if (rr >= 0 && rr < 8 && ff >= 0 && ff < 8)
        knight_att[s] |= BIT(rr * 8 + ff);
    }
    for (int dr = -1; dr <= 1; dr++)
      for (int df = -1; df <= 1; df++) {
        int rr = r + dr, ff = f + df;
        if ((dr || df) && rr >= 0 && rr < 8 && ff >= 0 && ff < 8)
          king_att[s] |= BIT(rr * 8 + ff);
      }
    if (r < 7) {
      if (f > 0) pawn_att[0][s] |= BIT(s + 7);
      if (f < 7) pawn_att[0][s] |= BIT(s + 9);
    }
    if (r > 0) {
      if (f > 0) pawn_att[1][s] |= BIT(s - 9);
      if (f < 7) pawn_att[1][s] |= BIT(s - 7);
    }
  }
  uint64_t stream = CH_STREAM_AFTER_MAGICS;
  if (!init_magics(rook_m, rook_table, rook_dirs, NULL, rook_known) ||
      !init_magics(bishop_m, bishop_table, bishop_dirs, NULL, bishop_known)) {
    stream = CH_TABLE_SEED;
    init_magics(rook_m, rook_table, rook_dirs, &stream, NULL);
    init_magics(bishop_m, bishop_table, bishop_dirs, &stream, NULL);
  }
  for (int a = 0; a < 64; a++)
    for (int b = 0; b < 64; b++) {
      if (a == b)
        continue;
      if (bishop_att(a, 0) & BIT(b)) {
        between[a][b] = bishop_att(a, BIT(b)) & bishop_att(b, BIT(a));
        line_bb[a][b] = (bishop_att(a, 0) & bishop_att(b, 0)) | BIT(a) | BIT(b);
      } else if (rook_att(a, 0) & BIT(b)) {
        between[a][b] = rook_att(a, BIT(b)) & rook_att(b, BIT(a));
        line_bb[a][b] = (rook_att(a, 0) & rook_att(b, 0)) | BIT(a) | BIT(b);
      }
    }
  hash_zobrist(z_piece[0], 12 * 64, &stream);
  z_castle[0] = 0;   /* no castling right: nothing to key */
  hash_zobrist(z_castle + 1, 15, &stream);
  hash_zobrist(z_ep, 8, &stream);
  hash_zobrist(&z_side, 1, &stream);
  for (int s = 0; s < 64; s++)
    castle_mask[s] = 15;
  castle_mask[0] = 15 & ~CH_WQ, castle_mask[7] = 15 & ~CH_WK, castle_mask[4] = 15 & ~(CH_WK | CH_WQ);
  castle_mask[56] = 15 & ~CH_BQ, castle_mask[63] = 15 & ~CH_BK;
  castle_mask[60] = 15 & ~(CH_BK | CH_BQ);
  tables_ready = 1;
}

/* ---- attacks ---- */

static inline bb occupied(const ch_pos *p) { return p->occ[0] | p->occ[1]; }

static inline bb attackers_to(const ch_pos *p, int sq, bb occ) {
  const bb(*w)[6] = p->pieces;
  return (pawn_att[1][sq] & w[0][CH_PAWN]) | (pawn_att[0][sq] & w[1][CH_PAWN]) |
         (knight_att[sq] & (w[0][CH_KNIGHT] | w[1][CH_KNIGHT])) |
         (king_att[sq] & (w[0][CH_KING] | w[1][CH_KING])) |
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
static bb attacked_by(const ch_pos *p, int c, bb occ) {
  const bb *w = p->pieces[c];
  bb a = pawn_attacks(w[CH_PAWN], c);
  bb x = w[CH_KNIGHT];
  while (x)
    a |= knight_att[pop_lsb(&x)];
  x = w[CH_BISHOP] | w[CH_QUEEN];
  while (x)
    a |= bishop_att(pop_lsb(&x), occ);
  x = w[CH_ROOK] | w[CH_QUEEN];
  while (x)
    a |= rook_att(pop_lsb(&x), occ);
  a |= king_att[lsb(w[CH_KING])];
  return a;
}

static inline int king_sq(const ch_pos *p, int c) { return lsb(p->pieces[c][CH_KING]); }

int chess_in_check(const ch_pos *p) {
  int us = p->side;
  return (attackers_to(p, king_sq(p, us), occupied(p)) & p->occ[us ^ 1]) != 0;
}

/* ---- move generation ---- */

static inline sg_move mk(int from, int to, int promo, int kind, int piece, int capt) {
  return (sg_move)from | (sg_move)to << 6 | (sg_move)promo << 12 | (sg_move)kind << 15 |
         (sg_move)piece << 17 | (sg_move)capt << 20;
}

static inline int capt_at(const ch_pos *p, int sq) {
  int b = p->board[sq];
  return b == CH_EMPTY ? CH_NONE : b % 6;
}

static sg_move *add_pawn_moves(sg_move *o, int from, int to, int capt, int promo_rank, int noisy) {
  if (promo_rank) {
    *o++ = mk(from, to, CH_QUEEN, CH_NORMAL, CH_PAWN, capt);
    if (!noisy || capt != CH_NONE) {
      *o++ = mk(from, to, CH_KNIGHT, CH_NORMAL, CH_PAWN, capt);
      *o++ = mk(from, to, CH_ROOK, CH_NORMAL, CH_PAWN, capt);
      *o++ = mk(from, to, CH_BISHOP, CH_NORMAL, CH_PAWN, capt);
    }
  } else
    *o++ = mk(from, to, 0, CH_NORMAL, CH_PAWN, capt);
  return o;
}

/* Whether an en passant capture from `from` leaves our king safe (the two pawns leave the rank
   together, which may open a line to the king). */
static int ep_safe(const ch_pos *p, int from, int to, int capsq) {
  int us = p->side, them = us ^ 1, k = king_sq(p, us);
  bb occ = (occupied(p) ^ BIT(from) ^ BIT(capsq)) | BIT(to);
  const bb *t = p->pieces[them];
  return !(rook_att(k, occ) & (t[CH_ROOK] | t[CH_QUEEN])) &&
         !(bishop_att(k, occ) & (t[CH_BISHOP] | t[CH_QUEEN]));
}

/* Legal moves; with noisy, only captures and queen promotions (and under-promotions that
   capture). */
static int gen(const ch_pos *p, sg_move *out, int noisy) {
  int us = p->side, them = us ^ 1;
  const bb *w = p->pieces[us];
  bb own = p->occ[us], opp = p->occ[them], occ = own | opp;
  int k = lsb(w[CH_KING]);
  sg_move *o = out;
  bb checkers = attackers_to(p, k, occ) & opp;
  bb danger = attacked_by(p, them, occ ^ BIT(k));

  bb km = king_att[k] & ~own & ~danger;
  if (noisy)
    km &= opp;
  while (km) {
    int to = pop_lsb(&km);
    *o++ = mk(k, to, 0, CH_NORMAL, CH_KING, capt_at(p, to));
  }
  if (checkers & (checkers - 1))
    return (int)(o - out);   /* double check: the king must move */

  bb target = ~own;
  if (checkers)
    target = between[k][lsb(checkers)] | checkers;
  bb capt_target = target & opp;
  bb quiet_target = noisy ? 0 : target & ~occ;

  /* pinned pieces */
  bb pinned = 0;
  const bb *t = p->pieces[them];
  bb snipers = (rook_att(k, 0) & (t[CH_ROOK] | t[CH_QUEEN])) |
               (bishop_att(k, 0) & (t[CH_BISHOP] | t[CH_QUEEN]));
  while (snipers) {
    int s = pop_lsb(&snipers);
    bb b = between[k][s] & occ;
    if (b && !(b & (b - 1)) && (b & own))
      pinned |= b;
  }

  /* knights (a pinned knight never moves) */
  bb x = w[CH_KNIGHT] & ~pinned;
  while (x) {
    int from = pop_lsb(&x);
    bb a = knight_att[from] & (capt_target | quiet_target);
    while (a) {
      int to = pop_lsb(&a);
      *o++ = mk(from, to, 0, CH_NORMAL, CH_KNIGHT, capt_at(p, to));
    }
  }
  /* sliders */
  for (int pc = CH_BISHOP; pc <= CH_QUEEN; pc++) {
    x = w[pc];
    while (x) {
      int from = pop_lsb(&x);
      bb a = 0;
      if (pc != CH_ROOK)
        a |= bishop_att(from, occ);
      if (pc != CH_BISHOP)
        a |= rook_att(from, occ);
      a &= capt_target | quiet_target;
      if (pinned & BIT(from))
        a &= line_bb[k][from];
      while (a) {
        int to = pop_lsb(&a);
        *o++ = mk(from, to, 0, CH_NORMAL, pc, capt_at(p, to));
      }
    }
  }
  /* pawns */
  bb pawns = w[CH_PAWN];
  int fwd = us == 0 ? 8 : -8;
  bb last = us == 0 ? RANK_8 : RANK_1;
  bb third = us == 0 ? (RANK_1 << 16) : (RANK_1 << 40);
  bb empty = ~occ;
  bb one = us == 0 ? (pawns << 8) & empty : (pawns >> 8) & empty;
  bb two = us == 0 ? ((one & third) << 8) & empty : ((one & third) >> 8) & empty;
  /* pushes: promotions count as noisy */
  bb pushes = one & target;
  if (noisy)
    pushes &= last;
  while (pushes) {
    int to = pop_lsb(&pushes), from = to - fwd;
    if ((pinned & BIT(from)) && !(line_bb[k][from] & BIT(to)))
      continue;
    o = add_pawn_moves(o, from, to, CH_NONE, (BIT(to) & last) != 0, noisy);
  }
  if (!noisy) {
    bb dbl = two & target;
    while (dbl) {
      int to = pop_lsb(&dbl), from = to - 2 * fwd;
      if ((pinned & BIT(from)) && !(line_bb[k][from] & BIT(to)))
        continue;
      *o++ = mk(from, to, 0, CH_DOUBLE, CH_PAWN, CH_NONE);
    }
  }
  bb caps = us == 0 ? ((pawns & ~FILE_A) << 7) : ((pawns & ~FILE_A) >> 9);
  bb caps2 = us == 0 ? ((pawns & ~FILE_H) << 9) : ((pawns & ~FILE_H) >> 7);
  int d1 = us == 0 ? 7 : -9, d2 = us == 0 ? 9 : -7;
  caps &= capt_target;
  caps2 &= capt_target;
  while (caps) {
    int to = pop_lsb(&caps), from = to - d1;
    if ((pinned & BIT(from)) && !(line_bb[k][from] & BIT(to)))
      continue;
    o = add_pawn_moves(o, from, to, capt_at(p, to), (BIT(to) & last) != 0, noisy);
  }
  while (caps2) {
    int to = pop_lsb(&caps2), from = to - d2;
    if ((pinned & BIT(from)) && !(line_bb[k][from] & BIT(to)))
      continue;
    o = add_pawn_moves(o, from, to, capt_at(p, to), (BIT(to) & last) != 0, noisy);
  }
  if (p->ep < 64) {
    int to = p->ep, capsq = to - fwd;
    /* in check, en passant helps only by taking the checker or blocking */
    if (!checkers || (checkers & BIT(capsq)) || (target & BIT(to))) {
      bb from_bb = pawn_att[them][to] & pawns;
      while (from_bb) {
        int from = pop_lsb(&from_bb);
        if (ep_safe(p, from, to, capsq))
          *o++ = mk(from, to, 0, CH_EP, CH_PAWN, CH_PAWN);
      }
    }
  }
  /* castling */
  if (!noisy && !checkers) {
    int base = us == 0 ? 0 : 56;
    int rk = us == 0 ? CH_WK : CH_BK, rq = us == 0 ? CH_WQ : CH_BQ;
    if ((p->castle & rk) && !(occ & (BIT(base + 5) | BIT(base + 6))) &&
        !(danger & (BIT(base + 5) | BIT(base + 6))))
      *o++ = mk(base + 4, base + 6, 0, CH_CASTLE, CH_KING, CH_NONE);
    if ((p->castle & rq) && !(occ & (BIT(base + 1) | BIT(base + 2) | BIT(base + 3))) &&
        !(danger & (BIT(base + 2) | BIT(base + 3))))
      *o++ = mk(base + 4, base + 2, 0, CH_CASTLE, CH_KING, CH_NONE);
  }
  return (int)(o - out);
}

int chess_gen(const ch_pos *p, sg_move *out) { return gen(p, out, 0); }
int chess_gen_noisy(const ch_pos *p, sg_move *out) { return gen(p, out, 1); }

/* ---- making moves ---- */

static inline void put(ch_pos *p, int c, int pc, int sq) {
  p->pieces[c][pc] |= BIT(sq);
  p->occ[c] |= BIT(sq);
  p->board[sq] = (uint8_t)(pc + 6 * c);
  p->key ^= z_piece[pc + 6 * c][sq];
}

static inline void take(ch_pos *p, int c, int pc, int sq) {
  p->pieces[c][pc] &= ~BIT(sq);
  p->occ[c] &= ~BIT(sq);
  p->board[sq] = CH_EMPTY;
  p->key ^= z_piece[pc + 6 * c][sq];
}

/* The en passant square counts in the key only when the side to move has a pawn that attacks
   it, so positions that differ only by an unusable en passant square are one position. */
static inline int ep_counts(const ch_pos *p) {
  return p->ep < 64 && (pawn_att[p->side ^ 1][p->ep] & p->pieces[p->side][CH_PAWN]);
}

void chess_make(ch_pos *p, sg_move m) {
  int us = p->side, them = us ^ 1;
  int from = CH_FROM(m), to = CH_TO(m), pc = CH_PIECE(m), capt = CH_CAPT(m), kind = CH_KIND(m);
  if (ep_counts(p))
    p->key ^= z_ep[p->ep & 7];
  p->ep = 64;
  p->key ^= z_castle[p->castle];
  p->castle &= castle_mask[from] & castle_mask[to];
  p->key ^= z_castle[p->castle];
  p->halfmove++;
  if (capt != CH_NONE) {
    take(p, them, capt, kind == CH_EP ? (us == 0 ? to - 8 : to + 8) : to);
    p->halfmove = 0;
  }
  take(p, us, pc, from);
  put(p, us, CH_PROMO(m) ? CH_PROMO(m) : pc, to);
  if (pc == CH_PAWN)
    p->halfmove = 0;
  if (kind == CH_CASTLE) {
    int base = us == 0 ? 0 : 56;
    if (to == base + 6)
      take(p, us, CH_ROOK, base + 7), put(p, us, CH_ROOK, base + 5);
    else
      take(p, us, CH_ROOK, base), put(p, us, CH_ROOK, base + 3);
  }
  if (us == 1)
    p->fullmove++;
  p->side = (uint8_t)them;
  p->key ^= z_side;
  if (kind == CH_DOUBLE) {
    p->ep = (uint8_t)((from + to) / 2);
    if (ep_counts(p))
      p->key ^= z_ep[p->ep & 7];
  }
}

void chess_make_undo(ch_pos *p, sg_move m, ch_undo *u) {
  u->key = p->key, u->halfmove = p->halfmove, u->castle = p->castle, u->ep = p->ep;
  chess_make(p, m);
}

void chess_unmake(ch_pos *p, sg_move m, const ch_undo *u) {
  int them = p->side, us = them ^ 1;
  int from = CH_FROM(m), to = CH_TO(m), pc = CH_PIECE(m), capt = CH_CAPT(m), kind = CH_KIND(m);
  if (kind == CH_CASTLE) {
    int base = us == 0 ? 0 : 56;
    if (to == base + 6)
      take(p, us, CH_ROOK, base + 5), put(p, us, CH_ROOK, base + 7);
    else
      take(p, us, CH_ROOK, base + 3), put(p, us, CH_ROOK, base);
  }
  take(p, us, CH_PROMO(m) ? CH_PROMO(m) : pc, to);
  put(p, us, pc, from);
  if (capt != CH_NONE)
    put(p, them, capt, kind == CH_EP ? (us == 0 ? to - 8 : to + 8) : to);
  if (us == 1)
    p->fullmove--;
  p->side = (uint8_t)us;
  p->key = u->key, p->halfmove = u->halfmove, p->castle = u->castle, p->ep = u->ep;
}

void chess_make_null(ch_pos *p) {
  if (ep_counts(p))
    p->key ^= z_ep[p->ep & 7];
  p->ep = 64;
  p->halfmove++;
  p->side ^= 1;
  p->key ^= z_side;
}

int chess_gives_check(const ch_pos *p, sg_move m) {
  ch_pos q = *p;
  chess_make(&q, m);
  return chess_in_check(&q);
}

/* ---- perft ---- */

typedef struct perft_ctx {
  sg_move moves[64][CH_MAX_MOVES];
  uint64_t nodes;
  int stopped;
  int unmake;   /* make and unmake on one position, instead of a copy per move */
  int *stop;    /* a flag another thread may set (NULL: none) */
} perft_ctx;

/* The leaves below p: each move on a copy of p (copy-make), or with c->unmake on p itself,
   made and then unmade (p is the same again on return). */
static uint64_t perft_rec(perft_ctx *c, ch_pos *p, int depth, int ply) {
  sg_move *ms = c->moves[ply];
  int n = gen(p, ms, 0);
  if (depth == 1)
    return (uint64_t)n;
  if ((++c->nodes & 0xfff) == 0 &&   /* every few ms */
      (interrupt_pending() || (c->stop && __atomic_load_n(c->stop, __ATOMIC_RELAXED))))
    c->stopped = 1;
  if (c->stopped)
    return 0;
  uint64_t total = 0;
  for (int i = 0; i < n; i++)
    if (c->unmake) {
      ch_undo u;
      chess_make_undo(p, ms[i], &u);
      total += perft_rec(c, p, depth - 1, ply + 1);
      chess_unmake(p, ms[i], &u);
    } else {
      ch_pos q = *p;
      chess_make(&q, ms[i]);
      total += perft_rec(c, &q, depth - 1, ply + 1);
    }
  return total;
}

static uint64_t perft_run(const ch_pos *p, int depth, int unmake, int *stop) {
  chess_init_tables();
  if (depth <= 0)
    return 1;
  if (depth > 63)
    return UINT64_MAX;
  perft_ctx *c = malloc(sizeof *c);
  if (!c)
    return UINT64_MAX;
  c->nodes = 0, c->stopped = 0, c->unmake = unmake, c->stop = stop;
  ch_pos q = *p;
  uint64_t r = perft_rec(c, &q, depth, 0);
  if (c->stopped)
    r = UINT64_MAX;
  free(c);
  return r;
}

uint64_t chess_perft(const ch_pos *p, int depth) { return perft_run(p, depth, 0, NULL); }
uint64_t chess_perft_unmake(const ch_pos *p, int depth) { return perft_run(p, depth, 1, NULL); }
uint64_t chess_perft_flag(const ch_pos *p, int depth, int *stop) {
  return perft_run(p, depth, 0, stop);
}

/* ---- FEN ---- */

static const char piece_chars[] = "PNBRQKpnbrqk";

static int sq_parse(const char *t) {
  if (t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
    return -1;
  return (t[1] - '1') * 8 + (t[0] - 'a');
}

static void sq_name(int s, char *b) {
  b[0] = (char)('a' + s % 8);
  b[1] = (char)('1' + s / 8);
  b[2] = 0;
}

static void compute_key(ch_pos *p) {
  p->key = 0;
  for (int s = 0; s < 64; s++)
    if (p->board[s] != CH_EMPTY)
      p->key ^= z_piece[p->board[s]][s];
  p->key ^= z_castle[p->castle];
  if (p->side)
    p->key ^= z_side;
  if (ep_counts(p))
    p->key ^= z_ep[p->ep & 7];
}

/* The next blank-separated field of the FEN into out (cut to n - 1 characters); returns its
   whole length (0 at the end). */
static size_t next_field(sg_postok *t, char *out, size_t n) {
  sg_span w;
  if (!postok_word(t, &w))
    w.n = 0;
  snprintf(out, n, "%.*s", (int)(w.n < n ? w.n : n - 1), w.p);
  return w.n;
}

/* A refused FEN, in the error form of every position parser ("position: FEN side: ...");
   what may quote a (one %s). */
static int fen_err(char *err, const char *field, const char *expected, const char *what,
                   const char *a) {
  char why[160];
  snprintf(why, sizeof why, what, a);
  return postok_error(err, SG_ERRLEN, field, expected, "%s", why);
}

#define FEN_PLACEMENT "FEN placement"
#define PLACEMENT_EXPECTED "8 ranks of 8 squares, rank 8 first, separated by '/'"

int chess_from_fen(ch_pos *out, const char *fen, char *err) {
  chess_init_tables();
  ch_pos p;
  memset(&p, 0, sizeof p);
  memset(p.board, CH_EMPTY, sizeof p.board);
  p.ep = 64;
  char f[128];
  sg_postok s;
  postok_open(&s, fen);
  if (next_field(&s, f, sizeof f) == 0)
    return fen_err(err, "FEN", "'placement side castling en-passant [halfmove fullmove]'",
                   "the text is empty%s", "");
  if (strlen(f) >= sizeof f - 1)
    return fen_err(err, FEN_PLACEMENT, PLACEMENT_EXPECTED, "too long%s", "");
  /* 1. placement, rank 8 first */
  int rank = 7, file = 0;
  for (const char *c = f; *c; c++) {
    if (*c == '/') {
      if (file != 8)
        return fen_err(err, FEN_PLACEMENT, PLACEMENT_EXPECTED,
                       "rank %s does not have 8 squares", (char[]){(char)('1' + rank), 0});
      if (--rank < 0)
        return fen_err(err, FEN_PLACEMENT, PLACEMENT_EXPECTED, "more than 8 ranks%s", "");
      file = 0;
    } else if (*c >= '1' && *c <= '8') {
      file += *c - '0';
      if (file > 8)
        return fen_err(err, FEN_PLACEMENT, PLACEMENT_EXPECTED,
                       "rank %s has more than 8 squares", (char[]){(char)('1' + rank), 0});
    } else {
      const char *q = *c ? strchr(piece_chars, *c) : NULL;
      if (!q)
        return fen_err(err, FEN_PLACEMENT, "a piece letter PNBRQKpnbrqk, a digit 1-8 or '/'",
                       "unexpected character '%s'", (char[]){*c, 0});
      if (file > 7)
        return fen_err(err, FEN_PLACEMENT, PLACEMENT_EXPECTED,
                       "rank %s has more than 8 squares", (char[]){(char)('1' + rank), 0});
      int code = (int)(q - piece_chars), sq = rank * 8 + file;
      int c6 = code / 6, pc = code % 6;
      p.pieces[c6][pc] |= BIT(sq);
      p.occ[c6] |= BIT(sq);
      p.board[sq] = (uint8_t)code;
      file++;
    }
  }
  if (rank != 0 || file != 8)
    return fen_err(err, FEN_PLACEMENT, PLACEMENT_EXPECTED, "the board ends at rank %s",
                   (char[]){(char)('1' + rank), 0});
  for (int c = 0; c < 2; c++) {
    const char *who = c ? "black" : "white";
    if (popcnt(p.pieces[c][CH_KING]) != 1)
      return fen_err(err, FEN_PLACEMENT, "exactly one king of each colour",
                     "%s does not have exactly one king", who);
    if (p.pieces[c][CH_PAWN] & (RANK_1 | RANK_8))
      return fen_err(err, FEN_PLACEMENT, "pawns on ranks 2 to 7 only",
                     "a %s pawn on the first or last rank", who);
    /* material a game can reach: each piece beyond the initial set came from a pawn */
    int n[6];
    for (int k = 0; k < 6; k++)
      n[k] = popcnt(p.pieces[c][k]);
    int extra = (n[CH_QUEEN] > 1 ? n[CH_QUEEN] - 1 : 0) + (n[CH_ROOK] > 2 ? n[CH_ROOK] - 2 : 0) +
                (n[CH_BISHOP] > 2 ? n[CH_BISHOP] - 2 : 0) +
                (n[CH_KNIGHT] > 2 ? n[CH_KNIGHT] - 2 : 0);
    if (popcnt(p.occ[c]) > 16 || n[CH_PAWN] > 8 || extra > 8 - n[CH_PAWN])
      return fen_err(err, FEN_PLACEMENT,
                     "at most 16 men and 8 pawns a side, and no more promoted pieces than "
                     "missing pawns", "%s has material no game can reach", who);
  }
  /* 2. side */
  if (next_field(&s, f, sizeof f) == 0)
    return fen_err(err, "FEN side", "'w' or 'b'", "missing%s", "");
  if (strcmp(f, "w") && strcmp(f, "b"))
    return fen_err(err, "FEN side", "'w' or 'b'", "'%s' is not a side", f);
  p.side = f[0] == 'b';
  /* 3. castling */
  if (next_field(&s, f, sizeof f) == 0)
    return fen_err(err, "FEN castling", "'-' or some of KQkq", "missing%s", "");
  if (strcmp(f, "-")) {
    for (const char *c = f; *c; c++) {
      int bit = *c == 'K' ? CH_WK : *c == 'Q' ? CH_WQ : *c == 'k' ? CH_BK : *c == 'q' ? CH_BQ : 0;
      if (!bit || (p.castle & bit))
        return fen_err(err, "FEN castling", "'-' or KQkq, each at most once",
                       "'%s' is not a set of castling rights", f);
      p.castle |= (uint8_t)bit;
    }
    static const struct { int bit, king, rook; const char *name; } need[4] = {
        {CH_WK, 4, 7, "K needs the white king on e1 and a white rook on h1"},
        {CH_WQ, 4, 0, "Q needs the white king on e1 and a white rook on a1"},
        {CH_BK, 60, 63, "k needs the black king on e8 and a black rook on h8"},
        {CH_BQ, 60, 56, "q needs the black king on e8 and a black rook on a8"}};
    for (int i = 0; i < 4; i++) {
      int c = i / 2;
      if ((p.castle & need[i].bit) &&
          (p.board[need[i].king] != CH_KING + 6 * c || p.board[need[i].rook] != CH_ROOK + 6 * c))
        return fen_err(err, "FEN castling", "rights whose king and rook stand on their squares",
                       "%s", need[i].name);
    }
  }
  /* 4. en passant */
  if (next_field(&s, f, sizeof f) == 0)
    return fen_err(err, "FEN en passant", "'-' or a square such as e3", "missing%s", "");
  if (strcmp(f, "-")) {
    int e = strlen(f) == 2 ? sq_parse(f) : -1;
    if (e < 0)
      return fen_err(err, "FEN en passant", "'-' or a square such as e3",
                     "'%s' is not a square", f);
    int want_rank = p.side == 0 ? 5 : 2;
    int pawn_sq = p.side == 0 ? e - 8 : e + 8;
    if (e / 8 != want_rank || p.board[pawn_sq] != CH_PAWN + 6 * (p.side ^ 1) ||
        p.board[e] != CH_EMPTY || p.board[p.side == 0 ? e + 8 : e - 8] != CH_EMPTY)
      return fen_err(err, "FEN en passant", "'-' or the square a double pawn push just passed",
                     "'%s' does not follow a double pawn push of the side that just moved", f);
    p.ep = (uint8_t)e;
  }
  /* 5-6. counters, optional */
  long half = 0, full = 1;
  if (next_field(&s, f, sizeof f)) {
    char *end;
    half = strtol(f, &end, 10);
    if (*end || end == f || half < 0 || half > CH_COUNTER_MAX)
      return fen_err(err, "FEN halfmove", "a whole number from 0 to 2147483647",
                     "'%s' is not a move count", f);
    if (next_field(&s, f, sizeof f)) {
      full = strtol(f, &end, 10);
      if (*end || end == f || full < 1 || full > CH_COUNTER_MAX)
        return fen_err(err, "FEN fullmove", "a whole number from 1 to 2147483647",
                       "'%s' is not a move number", f);
    }
  }
  if (next_field(&s, f, sizeof f))
    return fen_err(err, "FEN", "at most six fields", "unexpected text '%s' after the six fields",
                   f);
  p.halfmove = (uint32_t)half;
  p.fullmove = (uint32_t)full;
  /* the side that just moved may not be in check */
  p.side ^= 1;
  int bad = chess_in_check(&p);
  p.side ^= 1;
  if (bad)
    return fen_err(err, "FEN side", "the side that just moved not to be in check",
                   "the side not to move (%s) is in check, which no legal move leaves",
                   p.side ? "white" : "black");
  compute_key(&p);
  *out = p;
  return 0;
}

size_t chess_to_fen(const ch_pos *p, char *buf, size_t n) {
  char t[100];
  size_t k = 0;
  for (int r = 7; r >= 0; r--) {
    int empty = 0;
    for (int f = 0; f < 8; f++) {
      int b = p->board[r * 8 + f];
      if (b == CH_EMPTY) {
        empty++;
        continue;
      }
      if (empty)
        t[k++] = (char)('0' + empty), empty = 0;
      t[k++] = piece_chars[b];
    }
    if (empty)
      t[k++] = (char)('0' + empty);
    if (r)
      t[k++] = '/';
  }
  t[k++] = ' ';
  t[k++] = p->side ? 'b' : 'w';
  t[k++] = ' ';
  if (!p->castle)
    t[k++] = '-';
  if (p->castle & CH_WK) t[k++] = 'K';
  if (p->castle & CH_WQ) t[k++] = 'Q';
  if (p->castle & CH_BK) t[k++] = 'k';
  if (p->castle & CH_BQ) t[k++] = 'q';
  t[k++] = ' ';
  if (p->ep < 64)
    sq_name(p->ep, t + k), k += 2;
  else
    t[k++] = '-';
  t[k] = 0;
  return (size_t)snprintf(buf, n, "%s %u %u", t, (unsigned)p->halfmove,
                          (unsigned)p->fullmove);
}

/* ---- moves as text ---- */

static const char promo_chars[] = " nbrq";
static const char san_pieces[] = "PNBRQK";

void chess_move_uci(sg_move m, char *buf) {
  sq_name(CH_FROM(m), buf);
  sq_name(CH_TO(m), buf + 2);
  buf[4] = CH_PROMO(m) ? promo_chars[CH_PROMO(m)] : 0;
  buf[5] = 0;
}

size_t chess_move_san(const ch_pos *p, sg_move m, char *buf, size_t n) {
  char t[16];
  size_t k = 0;
  int from = CH_FROM(m), to = CH_TO(m), pc = CH_PIECE(m);
  if (CH_KIND(m) == CH_CASTLE) {
    strcpy(t, to > from ? "O-O" : "O-O-O");
    k = strlen(t);
  } else {
    if (pc == CH_PAWN) {
      if (CH_IS_CAPTURE(m))
        t[k++] = (char)('a' + from % 8);
    } else {
      t[k++] = san_pieces[pc];
      sg_move ms[CH_MAX_MOVES];
      int nm = gen(p, ms, 0), same = 0, file = 0, rank = 0;
      for (int i = 0; i < nm; i++) {
        if (CH_TO(ms[i]) != to || CH_PIECE(ms[i]) != pc || CH_FROM(ms[i]) == from)
          continue;
        same = 1;
        if (CH_FROM(ms[i]) % 8 == from % 8)
          file = 1;
        if (CH_FROM(ms[i]) / 8 == from / 8)
          rank = 1;
      }
      if (same) {
        if (!file)
          t[k++] = (char)('a' + from % 8);
        else if (!rank)
          t[k++] = (char)('1' + from / 8);
        else
          t[k++] = (char)('a' + from % 8), t[k++] = (char)('1' + from / 8);
      }
    }
    if (CH_IS_CAPTURE(m))
      t[k++] = 'x';
    sq_name(to, t + k);
    k += 2;
    if (CH_PROMO(m))
      t[k++] = '=', t[k++] = san_pieces[CH_PROMO(m)];
  }
  ch_pos q = *p;
  chess_make(&q, m);
  if (chess_in_check(&q)) {
    sg_move ms[CH_MAX_MOVES];
    t[k++] = gen(&q, ms, 0) ? '+' : '#';
  }
  t[k] = 0;
  return (size_t)snprintf(buf, n, "%s", t);
}

static const char *piece_names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

/* Why the geometrically described move from-to (promotion promo) is not legal here. */
static void why_illegal(const ch_pos *p, const char *text, int from, int to, int promo,
                        char *err) {
  char a[3], b[3];
  sq_name(from, a), sq_name(to, b);
  int pb = p->board[from];
  if (pb == CH_EMPTY) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': there is no piece on %s", text, a);
    return;
  }
  int c = pb / 6, pc = pb % 6;
  if (c != p->side) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the %s on %s is %s's and %s is to move", text,
             piece_names[pc], a, c ? "black" : "white", p->side ? "black" : "white");
    return;
  }
  bb occ = occupied(p), reach = 0;
  switch (pc) {
  case CH_KNIGHT: reach = knight_att[from]; break;
  case CH_BISHOP: reach = bishop_att(from, occ); break;
  case CH_ROOK: reach = rook_att(from, occ); break;
  case CH_QUEEN: reach = bishop_att(from, occ) | rook_att(from, occ); break;
  case CH_KING: reach = king_att[from]; break;
  default: {
    int fwd = c == 0 ? 8 : -8;
    if (to == from + fwd && p->board[to] == CH_EMPTY)
      reach = BIT(to);
    if (to == from + 2 * fwd && p->board[from + fwd] == CH_EMPTY && p->board[to] == CH_EMPTY &&
        from / 8 == (c == 0 ? 1 : 6))
      reach = BIT(to);
    if ((pawn_att[c][from] & BIT(to)) && ((p->occ[c ^ 1] & BIT(to)) || to == p->ep))
      reach = BIT(to);
    int last = (to / 8 == 7 || to / 8 == 0);
    if ((reach & BIT(to)) && last && !promo) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': a pawn reaching the last rank must "
               "promote (add q, r, b or n, e.g. %s%sq)", text, a, b);
      return;
    }
    if ((reach & BIT(to)) && !last && promo) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': only a pawn reaching the last rank "
               "promotes", text);
      return;
    }
  }
  }
  if (pc != CH_PAWN && promo) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': only a pawn promotes", text);
    return;
  }
  if (pc == CH_KING && abs(to - from) == 2 && from / 8 == to / 8) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': castling is not allowed here (it needs the "
             "right to castle, empty squares between king and rook, and no attacked square "
             "on the king's way, nor check)", text);
    return;
  }
  if ((reach & BIT(to)) && !(p->occ[c] & BIT(to)))
    snprintf(err, SG_ERRLEN, "illegal move '%s': it would leave the %s king in check", text,
             c ? "black" : "white");
  else
    snprintf(err, SG_ERRLEN, "illegal move '%s': the %s on %s cannot move to %s", text,
             piece_names[pc], a, b);
}

static int parse_uci(const ch_pos *p, const char *t, sg_move *m, char *err) {
  int from = sq_parse(t), to = sq_parse(t + 2), promo = 0;
  if (t[4]) {
    const char *q = strchr(promo_chars + 1, t[4]);
    promo = q ? (int)(q - promo_chars) : -1;
  }
  sg_move ms[CH_MAX_MOVES];
  int n = gen(p, ms, 0);
  for (int i = 0; i < n; i++)
    if (CH_FROM(ms[i]) == from && CH_TO(ms[i]) == to && CH_PROMO(ms[i]) == promo) {
      *m = ms[i];
      return 0;
    }
  if (n == 0) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", t);
    return -1;
  }
  why_illegal(p, t, from, to, promo, err);
  return -1;
}

static int is_uci(const char *t) {
  size_t n = strlen(t);
  return (n == 4 || (n == 5 && t[4] && strchr("nbrq", t[4]))) && sq_parse(t) >= 0 &&
         sq_parse(t + 2) >= 0;
}

/* SAN, tolerant of what PGN files contain: check and annotation marks, 0-0 for O-O, a missing
   '=' before the promotion piece, over-disambiguation. */
static int parse_san(const ch_pos *p, const char *text, sg_move *m, char *err) {
  char t[16];
  size_t n = 0;
  for (const char *c = text; *c && n < sizeof t - 1; c++)
    if (!strchr("+#!?", *c))
      t[n++] = *c == '0' ? 'O' : *c;
  t[n] = 0;
  sg_move ms[CH_MAX_MOVES];
  int nm = gen(p, ms, 0);
  const char *bad = "malformed move '%s': expected a move in UCI long algebraic (e2e4, e7e8q) "
                    "or SAN (Nf3, exd5, O-O, e8=Q)";
  if (!strcmp(t, "O-O") || !strcmp(t, "O-O-O")) {
    int to = (p->side ? 56 : 0) + (n == 3 ? 6 : 2);
    for (int i = 0; i < nm; i++)
      if (CH_KIND(ms[i]) == CH_CASTLE && CH_TO(ms[i]) == to) {
        *m = ms[i];
        return 0;
      }
    snprintf(err, SG_ERRLEN, nm ? "illegal move '%s': castling is not allowed here (it needs "
             "the right to castle, empty squares between king and rook, and no attacked square "
             "on the king's way, nor check)" : "illegal move '%s': the game is over", text);
    return -1;
  }
  const char *c = t;
  int pc = CH_PAWN;
  if (*c && strchr("NBRQK", *c))
    pc = (int)(strchr(san_pieces, *c++) - san_pieces);
  /* the rest: [file][rank][x]square[=promo] */
  size_t len = strlen(c);
  int promo = 0;
  if (len >= 2 && strchr("NBRQ", c[len - 1])) {
    promo = (int)(strchr(san_pieces, c[len - 1]) - san_pieces);
    len--;
    if (len && c[len - 1] == '=')
      len--;
  } else if (len >= 2 && c[len - 1] == '=') {
    snprintf(err, SG_ERRLEN, bad, text);
    return -1;
  }
  if (len < 2) {
    snprintf(err, SG_ERRLEN, bad, text);
    return -1;
  }
  char sqt[3] = {c[len - 2], c[len - 1], 0};
  int to = sq_parse(sqt);
  if (to < 0) {
    snprintf(err, SG_ERRLEN, bad, text);
    return -1;
  }
  int ffile = -1, frank = -1, capture = 0;
  for (size_t i = 0; i + 2 < len; i++) {
    if (c[i] >= 'a' && c[i] <= 'h' && ffile < 0 && frank < 0 && !capture)
      ffile = c[i] - 'a';
    else if (c[i] >= '1' && c[i] <= '8' && frank < 0 && !capture)
      frank = c[i] - '1';
    else if (c[i] == 'x' && !capture)
      capture = 1;
    else {
      snprintf(err, SG_ERRLEN, bad, text);
      return -1;
    }
  }
  if (nm == 0) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  int found = 0;
  for (int i = 0; i < nm; i++) {
    sg_move x = ms[i];
    if (CH_PIECE(x) != pc || CH_TO(x) != to || CH_PROMO(x) != promo ||
        CH_KIND(x) == CH_CASTLE)
      continue;
    if ((ffile >= 0 && CH_FROM(x) % 8 != ffile) || (frank >= 0 && CH_FROM(x) / 8 != frank))
      continue;
    if (capture && !CH_IS_CAPTURE(x))
      continue;
    *m = x;
    found++;
  }
  if (found == 1)
    return 0;
  if (found > 1) {
    snprintf(err, SG_ERRLEN, "ambiguous move '%s': more than one %s can go to %s (add the "
             "file or rank it comes from)", text, piece_names[pc], sqt);
    return -1;
  }
  snprintf(err, SG_ERRLEN, "illegal move '%s': no %s %s can %s %s", text,
           p->side ? "black" : "white", piece_names[pc], capture ? "capture on" : "move to",
           sqt);
  if (promo && pc == CH_PAWN && to / 8 != 0 && to / 8 != 7)
    snprintf(err, SG_ERRLEN, "illegal move '%s': only a pawn reaching the last rank promotes",
             text);
  else if (!promo && pc == CH_PAWN && (to / 8 == 0 || to / 8 == 7))
    snprintf(err, SG_ERRLEN, "illegal move '%s': a pawn reaching the last rank must promote "
             "(e.g. %s=Q)", text, sqt);
  return -1;
}

int chess_parse_move(const ch_pos *p, const char *text, sg_move *m, char *err) {
  if (strlen(text) > 12) {
    snprintf(err, SG_ERRLEN, "malformed move '%.12s...': too long, expected a move in UCI "
             "(e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q)", text);
    return -1;
  }
  if (is_uci(text))
    return parse_uci(p, text, m, err);
  return parse_san(p, text, m, err);
}

/* ---- evaluation ---- */

/* Piece-square tables from white's view (a1 = 0), built once from simple rules: pawns gain as
   they advance and in the centre, knights and bishops like the centre, rooks the seventh rank,
   the king shelters in a corner while queens are on (mg) and comes to the centre later (eg). */
static int pst[6][64], king_eg[64];
static int pst_ready;

static void init_pst(void) {
  for (int s = 0; s < 64; s++) {
    int r = s / 8, f = s % 8;
    int cf = f < 4 ? f : 7 - f, cr = r < 4 ? r : 7 - r;   /* 0 at the edge, 3 in the centre */
    int centre = cf + cr;                                /* 0..6 */
    pst[CH_PAWN][s] = r == 0 || r == 7 ? 0 : 5 * (r - 1) + ((f == 3 || f == 4) ? 5 * (r >= 2 && r <= 4 ? r : 1) : 0) - ((f == 3 || f == 4) && r == 1 ? 10 : 0);
    pst[CH_KNIGHT][s] = 8 * centre - 30 + (r == 0 ? -10 : 0);
    pst[CH_BISHOP][s] = 4 * centre - 10 + (r == 0 ? -5 : 0) + ((f == r || f == 7 - r) ? 5 : 0);
    pst[CH_ROOK][s] = (r == 6 ? 20 : 0) + ((f == 3 || f == 4) ? 5 : 0) - (cf == 0 && r > 0 && r < 6 ? 5 : 0);
    pst[CH_QUEEN][s] = 2 * centre - 5;
    pst[CH_KING][s] = r == 0 ? (f == 1 || f == 6 ? 30 : f == 2 ? 10 : f == 4 || f == 3 ? 0 : 15)
                             : -20 * r - 10;
    king_eg[s] = 10 * centre - 30;
  }
  pst_ready = 1;
}

static const bb centre16 = 0x00003c3c3c3c0000ULL;

static bb file_bb(int f) { return FILE_A << f; }
static bb beside_files(int f) { return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0); }

/* Two of the terms beyond the seed's, each skipped while its weight is 0 (the default): safe
   mobility, and the king's pawn shield and the attacked squares around it (weighed by the
   middlegame phase, 24 with all pieces on). The pawn terms are in side_eval's pawn loop. */
static int mobility_king_eval(const ch_weights *w, const ch_pos *p, int c, bb att_them,
                              int phase) {
  const bb *my = p->pieces[c];
  int v = 0;
  if (w->mobility) {
    bb occ = occupied(p);
    bb safe = ~(p->occ[c] | pawn_attacks(p->pieces[c ^ 1][CH_PAWN], c ^ 1));
    int n = 0;
    bb x = my[CH_KNIGHT];
    while (x)
      n += popcnt(knight_att[pop_lsb(&x)] & safe);
    x = my[CH_BISHOP] | my[CH_QUEEN];
    while (x)
      n += popcnt(bishop_att(pop_lsb(&x), occ) & safe);
    x = my[CH_ROOK] | my[CH_QUEEN];
    while (x)
      n += popcnt(rook_att(pop_lsb(&x), occ) & safe);
    v += w->mobility * n;
  }
  if ((w->king_shield || w->king_zone) && my[CH_KING]) {
    int k = lsb(my[CH_KING]), kf = k % 8, kr = k / 8;
    bb ranks = 0;
    for (int d = 1; d <= 2; d++) {
      int r = c == 0 ? kr + d : kr - d;
      if (r >= 0 && r <= 7)
        ranks |= RANK_1 << (8 * r);
    }
    int shield = popcnt(my[CH_PAWN] & (file_bb(kf) | beside_files(kf)) & ranks);
    int zone = popcnt(king_att[k] & att_them);
    v += (w->king_shield * shield - w->king_zone * zone) * phase / 24;
  }
  return v;
}

static int side_eval(const ch_weights *w, const ch_pos *p, int c, bb att_us, bb att_them,
                     int phase) {
  const bb *my = p->pieces[c];
  bb mypawns = my[CH_PAWN], theirpawns = p->pieces[c ^ 1][CH_PAWN];
  int material = 0, pos = 0;
  for (int pc = CH_PAWN; pc <= CH_KING; pc++) {
    bb x = my[pc];
    if (pc != CH_KING)
      material += w->piece[pc] * popcnt(x);
    while (x) {
      int s = pop_lsb(&x), rs = c ? s ^ 56 : s;
      if (pc == CH_KING)
        pos += (pst[CH_KING][rs] * phase + king_eg[rs] * (24 - phase)) / 24;
      else
        pos += pst[pc][rs];
    }
  }
  int v = material + pos * w->position / 100;
  v += w->space * (popcnt(att_us) + popcnt(att_us & centre16));
  v += w->attacks * (popcnt(att_us & p->occ[c ^ 1]) - popcnt(att_them & p->occ[c]));
  int open = 0;
  bb majors = my[CH_ROOK] | my[CH_QUEEN];
  while (majors)
    if (!(file_bb(pop_lsb(&majors) % 8) & mypawns))
      open++;
  v += w->open_files * open;
  bb defended = pawn_attacks(mypawns, c);
  bb beside = ((mypawns & ~FILE_A) >> 1) | ((mypawns & ~FILE_H) << 1);
  v += w->connected_pawns * popcnt(mypawns & (defended | beside));
  /* passed pawns (by ranks advanced, and in the ending by their square), doubled, isolated */
  int passed = 0, passed_sq = 0, doubled = 0, isolated = 0;
  bb x = mypawns;
  while (x) {
    int s = pop_lsb(&x), f = s % 8, r = s / 8;
    bb file = file_bb(f), side = beside_files(f);
    bb front = c == 0 ? ~((BIT(s) << 1) - 1) & ~(RANK_1 << (8 * r))
                      : (BIT(s) - 1) & ~(RANK_1 << (8 * r));
    doubled += (mypawns & file & front) != 0;
    isolated += !(mypawns & side);
    if (!((file | side) & front & theirpawns)) {
      int adv = c == 0 ? r - 1 : 6 - r;
      passed += adv;
      passed_sq += adv * adv;
    }
  }
  v += w->passed_pawns * passed - w->doubled_pawns * doubled - w->isolated_pawns * isolated +
       w->passed_pawns_end * passed_sq * (24 - phase) / 24;
  if (popcnt(my[CH_BISHOP]) >= 2)
    v += w->bishop_pair;
  return v + mobility_king_eval(w, p, c, att_them, phase);
}

/* ---- the tapered evaluation (weights.model = 1, the default) ----
   Every term has a middlegame and an endgame value (ch_weights); the two sums are blended by
   the phase.  acc[0] and acc[1] gather one side's middlegame and endgame points. */

static inline void add2(int *acc, const int *pair, int n) {
  acc[0] += pair[0] * n;
  acc[1] += pair[1] * n;
}

static inline int sq_dist(int a, int b) {
  int df = abs(a % 8 - b % 8), dr = abs(a / 8 - b / 8);
  return df > dr ? df : dr;
}

/* The squares on the ranks ahead of square s for side c. */
static inline bb ranks_ahead(int c, int s) {
  int r = s / 8;
  if (c == 0)
    return r < 7 ? ~0ULL << (8 * (r + 1)) : 0;
  return r > 0 ? ~0ULL >> (8 * (8 - r)) : 0;
}

/* What one side's pieces are worth where they stand, how freely they move (squares not held by
   their own men nor attacked by enemy pawns), and the attack units they aim at the enemy king's
   zone (its square and the squares around it).  att[] gets the side's attacks by piece, [6] all. */
static void modern_pieces(const ch_weights *w, const ch_pos *p, int c, bb att[7], int *acc,
                          int *units, int *attackers) {
  const bb *my = p->pieces[c];
  bb occ = occupied(p);
  bb safe = ~(p->occ[c] | pawn_attacks(p->pieces[c ^ 1][CH_PAWN], c ^ 1));
  int ek = king_sq(p, c ^ 1);
  bb zone = king_att[ek] | BIT(ek);
  for (int pc = CH_PAWN; pc <= CH_KING; pc++) {
    bb x = my[pc];
    while (x) {
      int s = pop_lsb(&x), rs = c ? s ^ 56 : s;
      acc[0] += w->value[pc][0] + w->pst[pc][rs][0];
      acc[1] += w->value[pc][1] + w->pst[pc][rs][1];
    }
  }
  att[CH_PAWN] = pawn_attacks(my[CH_PAWN], c);
  att[CH_KING] = king_att[king_sq(p, c)];
  for (int pc = CH_KNIGHT; pc <= CH_QUEEN; pc++) {
    bb x = my[pc], all = 0;
    while (x) {
      int s = pop_lsb(&x);
      bb a = pc == CH_KNIGHT ? knight_att[s]
             : pc == CH_BISHOP ? bishop_att(s, occ)
             : pc == CH_ROOK ? rook_att(s, occ)
                             : bishop_att(s, occ) | rook_att(s, occ);
      all |= a;
      add2(acc, w->mob[pc - 1], popcnt(a & safe));
      int z = popcnt(a & zone);
      if (z) {
        *units += w->king_attack[pc - 1] * z;
        (*attackers)++;
      }
    }
    att[pc] = all;
  }
  att[6] = att[0] | att[1] | att[2] | att[3] | att[4] | att[5];
}

/* Side c's pawn structure and passed pawns (by rank; in the ending also a free path, the kings'
   distances and the rule of the square when the defender has only king and pawns). */
static void modern_pawns(const ch_weights *w, const ch_pos *p, int c, int *acc) {
  bb mine = p->pieces[c][CH_PAWN], theirs = p->pieces[c ^ 1][CH_PAWN];
  bb their_att = pawn_attacks(theirs, c ^ 1), defended = pawn_attacks(mine, c);
  bb occ = occupied(p);
  int own_k = king_sq(p, c), their_k = king_sq(p, c ^ 1);
  const bb *them = p->pieces[c ^ 1];
  int bare = !(them[CH_KNIGHT] | them[CH_BISHOP] | them[CH_ROOK] | them[CH_QUEEN]);
  bb x = mine;
  while (x) {
    int s = pop_lsb(&x), f = s % 8, r = s / 8, rr = c ? 7 - r : r;
    int stop = c ? s - 8 : s + 8;
    bb file = file_bb(f), side = beside_files(f), front = ranks_ahead(c, s);
    if (mine & file & front)
      add2(acc, w->doubled, -1);
    if (!(mine & side))
      add2(acc, w->isolated, -1);
    else if (!(mine & side & ~front) && (BIT(stop) & their_att))
      add2(acc, w->backward, -1);
    if (BIT(s) & defended)
      add2(acc, w->connected, 1);
    if (mine & side & (RANK_1 << (8 * r)))
      add2(acc, w->phalanx, 1);
    if (((file | side) & front & theirs) || (mine & file & front))
      continue;
    /* a passed pawn */
    int adv = rr - 1;
    add2(acc, w->passed[rr], 1);
    bb path = file & front;
    if (!(path & occ))
      acc[1] += w->passed_free * adv;
    int dt = sq_dist(their_k, stop), dm = sq_dist(own_k, stop);
    acc[1] += w->passed_king * ((dt < 5 ? dt : 5) - (dm < 5 ? dm : 5)) * adv;
    if (bare && !(path & occ)) {
      int q = c ? f : 56 + f;
      int moves = 7 - rr - (rr == 1);
      int kd = sq_dist(their_k, q) - (p->side != c);
      if (kd > moves)
        acc[1] += w->unstoppable;
    }
  }
}

/* Side c's threats, rooks, bishop pair and the safety of its own king (shield and storm before
   it, and the attack units of the enemy on its zone). */
static void modern_rest(const ch_weights *w, const ch_pos *p, int c, const bb att[2][7],
                        int units, int attackers, int *acc) {
  const bb *my = p->pieces[c], *them = p->pieces[c ^ 1];
  bb targets = p->occ[c ^ 1] & ~them[CH_PAWN] & ~them[CH_KING];
  add2(acc, w->threat_pawn, popcnt(att[c][CH_PAWN] & targets));
  add2(acc, w->threat_minor,
       popcnt((att[c][CH_KNIGHT] | att[c][CH_BISHOP]) & (them[CH_ROOK] | them[CH_QUEEN])));
  add2(acc, w->hanging, popcnt(targets & att[c][6] & ~att[c ^ 1][6]));
  bb x = my[CH_ROOK];
  while (x) {
    int s = pop_lsb(&x);
    bb file = file_bb(s % 8);
    if (!(file & my[CH_PAWN]))
      add2(acc, (file & them[CH_PAWN]) ? w->rook_half : w->rook_open, 1);
    if ((c ? 7 - s / 8 : s / 8) == 6)
      add2(acc, w->rook_seventh, 1);
  }
  if (popcnt(my[CH_BISHOP]) >= 2)
    add2(acc, w->bishop_pair2, 1);
  int k = king_sq(p, c), kf = k % 8;
  bb files = file_bb(kf) | beside_files(kf), near2 = 0, near3 = 0;
  for (int d = 1; d <= 3; d++) {
    int r = c ? k / 8 - d : k / 8 + d;
    if (r >= 0 && r <= 7) {
      near3 |= RANK_1 << (8 * r);
      if (d <= 2)
        near2 |= RANK_1 << (8 * r);
    }
  }
  acc[0] += w->shield * popcnt(my[CH_PAWN] & files & near2);
  acc[0] -= w->storm * popcnt(them[CH_PAWN] & files & near3);
  if (attackers >= 2) {
    int u = units < 60 ? units : 60;
    acc[0] -= w->king_danger * u * u / 16;
  }
}

/* Endgame scaling of the blended score v (white's view): a side without pawns that has only a
   minor piece or two knights cannot win (KNK, KBK, KNNK score 0); opposite bishops alone with
   pawns keep scale_ocb percent. */
static int modern_scale(const ch_weights *w, const ch_pos *p, int v) {
  int strong = v > 0 ? 0 : 1;
  const bb *s = p->pieces[strong];
  if (!s[CH_PAWN] && !s[CH_ROOK] && !s[CH_QUEEN]) {
    int minors = popcnt(s[CH_KNIGHT] | s[CH_BISHOP]);
    if (minors <= 1 || (minors == 2 && !s[CH_BISHOP]))
      return 0;
  }
  const bb *a = p->pieces[0], *b = p->pieces[1];
  if (!(a[CH_KNIGHT] | a[CH_ROOK] | a[CH_QUEEN] | b[CH_KNIGHT] | b[CH_ROOK] | b[CH_QUEEN]) &&
      popcnt(a[CH_BISHOP]) == 1 && popcnt(b[CH_BISHOP]) == 1) {
    const bb dark = 0xaa55aa55aa55aa55ULL;
    if (!(a[CH_BISHOP] & dark) != !(b[CH_BISHOP] & dark))
      return v * w->scale_ocb / 100;
  }
  return v;
}

static int modern_eval(const ch_weights *w, const ch_pos *p) {
  int acc[2][2] = {{0, 0}, {0, 0}}, units[2] = {0, 0}, attackers[2] = {0, 0};
  bb att[2][7];
  int phase = 0;
  for (int c = 0; c < 2; c++) {
    /* units[c]: what side c aims at the enemy king */
    modern_pieces(w, p, c, att[c], acc[c], &units[c], &attackers[c]);
    modern_pawns(w, p, c, acc[c]);
    phase += popcnt(p->pieces[c][CH_KNIGHT] | p->pieces[c][CH_BISHOP]) +
             2 * popcnt(p->pieces[c][CH_ROOK]) + 4 * popcnt(p->pieces[c][CH_QUEEN]);
  }
  for (int c = 0; c < 2; c++)
    modern_rest(w, p, c, (const bb(*)[7])att, units[c ^ 1], attackers[c ^ 1], acc[c]);
  if (phase > 24)
    phase = 24;
  add2(acc[p->side], w->tempo2, 1);
  int mg = acc[0][0] - acc[1][0], eg = acc[0][1] - acc[1][1];
  int v = modern_scale(w, p, (mg * phase + eg * (24 - phase)) / 24);
  return p->side ? -v : v;
}

int chess_eval(const ch_cfg *cfg, const ch_pos *p) {
  const ch_weights *w = &cfg->w;
  if (w->model == 1)
    return modern_eval(w, p);
  if (!pst_ready)
    init_pst();
  bb occ = occupied(p);
  int phase = 0;
  for (int c = 0; c < 2; c++)
    phase += popcnt(p->pieces[c][CH_KNIGHT] | p->pieces[c][CH_BISHOP]) +
             2 * popcnt(p->pieces[c][CH_ROOK]) + 4 * popcnt(p->pieces[c][CH_QUEEN]);
  if (phase > 24)
    phase = 24;
  bb a0 = attacked_by(p, 0, occ), a1 = attacked_by(p, 1, occ);
  int v = side_eval(w, p, 0, a0, a1, phase) - side_eval(w, p, 1, a1, a0, phase);
  if (p->side)
    v = -v;
  if (p->pieces[p->side][CH_KING] & (p->side ? a0 : a1))
    v -= w->in_check;
  return v + w->tempo;
}

int chess_see(const ch_cfg *cfg, const ch_pos *p, sg_move m) {
  int val[7];
  for (int i = 0; i < 5; i++)
    val[i] = cfg->w.piece[i];
  val[CH_KING] = 20000, val[6] = 0;
  if (CH_KIND(m) == CH_CASTLE)
    return 0;
  int from = CH_FROM(m), to = CH_TO(m);
  int gain[40], d = 0;
  bb occ = occupied(p) ^ BIT(from);
  if (CH_KIND(m) == CH_EP)
    occ ^= BIT(p->side == 0 ? to - 8 : to + 8);
  gain[0] = CH_IS_CAPTURE(m) ? val[CH_CAPT(m)] : 0;
  int onsq = CH_PIECE(m);
  if (CH_PROMO(m)) {
    gain[0] += val[CH_PROMO(m)] - val[CH_PAWN];
    onsq = CH_PROMO(m);
  }
  bb diag = p->pieces[0][CH_BISHOP] | p->pieces[1][CH_BISHOP] | p->pieces[0][CH_QUEEN] |
            p->pieces[1][CH_QUEEN];
  bb orth = p->pieces[0][CH_ROOK] | p->pieces[1][CH_ROOK] | p->pieces[0][CH_QUEEN] |
            p->pieces[1][CH_QUEEN];
  bb attackers = attackers_to(p, to, occ) & occ;
  int side = p->side ^ 1;
  for (;;) {
    bb mine = attackers & p->occ[side];
    if (!mine || d >= 38)
      break;
    int pt = CH_PAWN;
    while (!(mine & p->pieces[side][pt]))
      pt++;
    if (pt == CH_KING && (attackers & p->occ[side ^ 1]))
      break;   /* the king cannot take into an attack */
    d++;
    gain[d] = val[onsq] - gain[d - 1];
    bb b = mine & p->pieces[side][pt];
    occ ^= b & -b;
    attackers |= (bishop_att(to, occ) & diag) | (rook_att(to, occ) & orth);
    attackers &= occ;
    onsq = pt;
    side ^= 1;
  }
  while (d > 0) {
    if (-gain[d - 1] < gain[d])
      gain[d - 1] = -gain[d];
    d--;
  }
  return gain[0];
}

int chess_insufficient(const ch_pos *p) {
  for (int c = 0; c < 2; c++)
    if (p->pieces[c][CH_PAWN] | p->pieces[c][CH_ROOK] | p->pieces[c][CH_QUEEN])
      return 0;
  bb knights = p->pieces[0][CH_KNIGHT] | p->pieces[1][CH_KNIGHT];
  bb bishops = p->pieces[0][CH_BISHOP] | p->pieces[1][CH_BISHOP];
  if (popcnt(knights | bishops) <= 1)
    return 1;
  const bb dark = 0xaa55aa55aa55aa55ULL;
  return !knights && (!(bishops & dark) || !(bishops & ~dark));
}

/* ---- the game class ---- */

const char *const chess_outcome_names[] = {NULL, "checkmate", "stalemate", "fifty-move rule",
                                           "threefold repetition", "insufficient material"};

static int count_repetitions(const ch_state *s) {
  int n = 1;
  for (int i = (int)s->nkeys - 2; i >= 0; i -= 2)
    if (s->keys[i] == s->p.key)
      n++;
  return n;
}

int chess_repeated(const ch_state *s) {
  for (int i = (int)s->nkeys - 4; i >= 0; i -= 2)
    if (s->keys[i] == s->p.key)
      return 1;
  return 0;
}

int chess_outcome(const ch_cfg *c, const ch_state *s, int *winner) {
  sg_move ms[CH_MAX_MOVES];
  if (winner)
    *winner = -1;
  if (gen(&s->p, ms, 0) == 0) {
    if (chess_in_check(&s->p)) {
      if (winner)
        *winner = s->p.side ^ 1;
      return CH_CHECKMATE;
    }
    return CH_STALEMATE;
  }
  if (c->draw_fifty > 0 && s->p.halfmove >= (uint32_t)c->draw_fifty)
    return CH_FIFTY;
  if (c->repetitions && count_repetitions(s) >= c->repetitions)
    return CH_REPETITION;
  if (chess_insufficient(&s->p))
    return CH_MATERIAL;
  return CH_PLAYING;
}

static const ch_state *S(const void *st) { return st; }

static int ch_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int ch_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return S(st)->p.side;
}

static sg_status ch_status(const void *cfg, const void *st, int *winner) {
  int w, o = chess_outcome(cfg, st, &w);
  if (winner)
    *winner = w;
  return o == CH_PLAYING ? SG_PLAYING : o == CH_CHECKMATE ? SG_WON : SG_DRAWN;
}

static int ch_gen(const void *cfg, const void *st, sg_move *out) {
  if (ch_status(cfg, st, NULL) != SG_PLAYING)
    return 0;
  return gen(&S(st)->p, out, 0);
}

static void ch_play(const void *cfg, void *st, sg_move m) {
  ch_state *s = st;
  (void)cfg;
  uint64_t old = s->p.key;
  chess_make(&s->p, m);
  if (s->p.halfmove == 0) {
    s->nkeys = 0;
    return;
  }
  if (s->nkeys == CH_HIST) {
    memmove(s->keys, s->keys + 2, (CH_HIST - 2) * sizeof s->keys[0]);
    s->nkeys -= 2;
  }
  s->keys[s->nkeys++] = old;
}

static void ch_eval(const void *cfg, const void *st, int *scores) {
  const ch_state *s = st;
  int v = chess_eval(cfg, &s->p);
  scores[s->p.side] = v;
  scores[s->p.side ^ 1] = -v;
}

static uint64_t ch_hash(const void *cfg, const void *st) {
  (void)cfg;
  return S(st)->p.key;
}

static int ch_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  int w;
  const ch_state *s = st;
  int o = chess_outcome(cfg, s, &w);
  if (o != CH_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%.20s': the game is over (%s)", text,
             chess_outcome_names[o]);
    return -1;
  }
  return chess_parse_move(&s->p, text, m, err);
}

static void ch_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  char t[6];
  (void)cfg, (void)st;
  chess_move_uci(m, t);
  snprintf(buf, n, "%s", t);
}

static size_t ch_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  (void)cfg;
  return chess_to_fen(&S(st)->p, buf, n);
}

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static int ch_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  ch_state s;
  (void)cfg, (void)seed;
  memset(&s, 0, sizeof s);
  if (chess_from_fen(&s.p, pos ? pos : start_fen, err) != 0)
    return -1;
  memcpy(st, &s, sizeof s);
  return 0;
}

static size_t ch_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const ch_state *s = st;
  sg_buf out = buf_open(buf, n);
  for (int r = 7; r >= 0; r--) {
    buf_printf(&out, "%d", r + 1);
    for (int f = 0; f < 8; f++) {
      int b = s->p.board[r * 8 + f];
      if (b == CH_EMPTY)
        buf_printf(&out, " .");
      else if (colour)
        /* white bold in the terminal's own colour, black bold red: both show on light and
           dark backgrounds (bright white vanished on a light one) */
        buf_printf(&out, b < 6 ? " \033[1m%c\033[0m" : " \033[1;31m%c\033[0m", piece_chars[b]);
      else
        buf_printf(&out, " %c", piece_chars[b]);
    }
    buf_printf(&out, "\n");
  }
  buf_printf(&out, "  a b c d e f g h\n");
  int w, o = chess_outcome(cfg, s, &w);
  if (o == CH_PLAYING)
    buf_printf(&out, "%s to move%s", s->p.side ? "black" : "white", chess_in_check(&s->p) ? ", in check" : "");
  else if (o == CH_CHECKMATE)
    buf_printf(&out, "checkmate: %s wins", w ? "black" : "white");
  else
    buf_printf(&out, "drawn (%s)", chess_outcome_names[o]);
  return out.len;
}

/* Captures first, most valuable victim then least valuable attacker; promotions with them. */
static void ch_order(const void *cfg, const void *st, sg_move *ms, int n) {
  int key[CH_MAX_MOVES];
  (void)cfg, (void)st;
  for (int i = 0; i < n; i++) {
    sg_move m = ms[i];
    int k = CH_IS_CAPTURE(m) ? 100 + 10 * CH_CAPT(m) - CH_PIECE(m) : 0;
    if (CH_PROMO(m) == CH_QUEEN)
      k += 90;
    int j = i;
    while (j > 0 && key[j - 1] < k) {
      key[j] = key[j - 1];
      ms[j] = ms[j - 1];
      j--;
    }
    key[j] = k;
    ms[j] = m;
  }
}

/* ---- hooks for the shared alpha-beta: a node is the ch_pos at the head of ch_state ---- */

static int ch_node_gen(const void *cfg, const void *node, sg_move *out) {
  (void)cfg;
  return gen(node, out, 0);
}

static void ch_node_make(const void *cfg, void *node, sg_move m) {
  (void)cfg;
  chess_make(node, m);
}

/* Drawn by rule: the fifty-move rule (unless the mover is mated), a repetition of a position
   since the last irreversible move (one repetition is enough inside a search), or material
   that cannot mate. */
static int ch_node_draw(const void *cfg, const void *node, const uint64_t *keys, int nkeys) {
  const ch_cfg *c = cfg;
  const ch_pos *p = node;
  if (c->draw_fifty > 0 && p->halfmove >= (uint32_t)c->draw_fifty) {
    sg_move ms[CH_MAX_MOVES];
    return !(chess_in_check(p) && gen(p, ms, 0) == 0);
  }
  if (c->repetitions) {
    int stop = p->halfmove < (uint32_t)nkeys ? nkeys - (int)p->halfmove : 0;
    for (int i = nkeys - 2; i >= (stop > 0 ? stop : 0); i -= 2)
      if (keys[i] == p->key)
        return 1;
  }
  return chess_insufficient(p);
}

static int ch_node_history(const void *cfg, const void *st, const uint64_t **keys) {
  (void)cfg;
  *keys = S(st)->keys;
  return S(st)->nkeys;
}

static int ch_in_check(const void *cfg, const void *st) {
  (void)cfg;
  return chess_in_check(st);
}

static const int victim_value[8] = {100, 320, 330, 500, 900, 0, 0, 0};

/* Captures and queen promotions: most valuable victim, least valuable attacker; a capture that
   loses material by exchange (SEE) gets a key below 0. */
static int ch_tactical(const void *cfg, const void *st, sg_move m, int *key) {
  if (!CH_IS_CAPTURE(m) && CH_PROMO(m) != CH_QUEEN)
    return 0;
  int k = victim_value[CH_CAPT(m)] * 16 - CH_PIECE(m) + (CH_PROMO(m) == CH_QUEEN ? 8000 : 0) +
          16;
  if (CH_IS_CAPTURE(m) && !CH_PROMO(m) && victim_value[CH_CAPT(m)] < victim_value[CH_PIECE(m)] &&
      chess_see(cfg, st, m) < 0)
    k = -(1 << 20) + k;
  *key = k;
  return 1;
}

/* Captures and promotions; at the first quiescence ply also the quiet checks. */
static int ch_noisy(const void *cfg, const void *st, sg_move *out, int qply) {
  const ch_pos *p = st;
  (void)cfg;
  if (qply > 0)
    return gen(p, out, 1);
  int n = gen(p, out, 0), k = 0;
  for (int i = 0; i < n; i++) {
    sg_move m = out[i];
    if (CH_IS_CAPTURE(m) || CH_PROMO(m) == CH_QUEEN || chess_gives_check(p, m))
      out[k++] = m;
  }
  return k;
}

/* A pass, except in check or with pawns alone (zugzwang is common there). */
static int ch_null_move(const void *cfg, void *st) {
  ch_pos *p = st;
  int c = p->side;
  (void)cfg;
  if (chess_in_check(p) || !(p->pieces[c][CH_KNIGHT] | p->pieces[c][CH_BISHOP] |
                             p->pieces[c][CH_ROOK] | p->pieces[c][CH_QUEEN]))
    return 0;
  chess_make_null(p);
  return 1;
}

static int ch_see(const void *cfg, const void *st, sg_move m) {
  return chess_see(cfg, st, m);
}

static uint64_t ch_perft(const void *cfg, const void *st, int depth) {
  /* chess perft counts move sequences of the rules of movement alone, as every engine does:
     the draw rules (fifty moves, repetition, material) do not end a line */
  (void)cfg;
  return chess_perft(&S(st)->p, depth);
}

static int ch_check_cfg(void *cfg, char *err) {
  ch_cfg *c = cfg;
  if (c->repetitions == 1) {
    snprintf(err, SG_ERRLEN, "rules.repetitions must be 0 (off) or from 2 to 10, got 1");
    return -1;
  }
  chess_init_tables();
  if (!pst_ready)
    init_pst();
  return 0;
}

#define W(name, field) {name, SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.field), -100000, 100000}
/* A tapered term: name_mg and name_eg. */
#define W2(name, field) {name "_mg", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.field[0]), -100000, \
                         100000}, \
                        {name "_eg", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.field[1]), -100000, 100000}
/* The piece-square tables: pst_<piece>_<square>_mg and _eg, a1 to h8. */
#define PST_SQ(pc, PC, sq, i) W2("pst_" pc "_" sq, pst[PC][i])
#define PST_RANK(pc, PC, r, i) PST_SQ(pc, PC, "a" r, 8 * i), PST_SQ(pc, PC, "b" r, 8 * i + 1), \
  PST_SQ(pc, PC, "c" r, 8 * i + 2), PST_SQ(pc, PC, "d" r, 8 * i + 3), \
  PST_SQ(pc, PC, "e" r, 8 * i + 4), PST_SQ(pc, PC, "f" r, 8 * i + 5), \
  PST_SQ(pc, PC, "g" r, 8 * i + 6), PST_SQ(pc, PC, "h" r, 8 * i + 7)
#define PST_PIECE(pc, PC) PST_RANK(pc, PC, "1", 0), PST_RANK(pc, PC, "2", 1), \
  PST_RANK(pc, PC, "3", 2), PST_RANK(pc, PC, "4", 3), PST_RANK(pc, PC, "5", 4), \
  PST_RANK(pc, PC, "6", 5), PST_RANK(pc, PC, "7", 6), PST_RANK(pc, PC, "8", 7)
static const sg_param ch_params[] = {
  W("pawn", piece[CH_PAWN]), W("knight", piece[CH_KNIGHT]), W("bishop", piece[CH_BISHOP]),
  W("rook", piece[CH_ROOK]), W("queen", piece[CH_QUEEN]),
  W("position", position), W("space", space), W("attacks", attacks),
  W("open_files", open_files), W("in_check", in_check), W("connected_pawns", connected_pawns),
  W("passed_pawns", passed_pawns), W("bishop_pair", bishop_pair), W("tempo", tempo),
  W("mobility", mobility), W("king_shield", king_shield), W("king_zone", king_zone),
  W("doubled_pawns", doubled_pawns), W("isolated_pawns", isolated_pawns),
  W("passed_pawns_end", passed_pawns_end),
  {"model", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.model), 0, 1},
  W2("pawn", value[CH_PAWN]), W2("knight", value[CH_KNIGHT]), W2("bishop", value[CH_BISHOP]),
  W2("rook", value[CH_ROOK]), W2("queen", value[CH_QUEEN]),
  PST_PIECE("pawn", CH_PAWN), PST_PIECE("knight", CH_KNIGHT), PST_PIECE("bishop", CH_BISHOP),
  PST_PIECE("rook", CH_ROOK), PST_PIECE("queen", CH_QUEEN), PST_PIECE("king", CH_KING),
  W2("mobility_knight", mob[0]), W2("mobility_bishop", mob[1]), W2("mobility_rook", mob[2]),
  W2("mobility_queen", mob[3]),
  W("king_attack_knight", king_attack[0]), W("king_attack_bishop", king_attack[1]),
  W("king_attack_rook", king_attack[2]), W("king_attack_queen", king_attack[3]),
  W("king_danger", king_danger), W("shield", shield), W("storm", storm),
  W2("passed_2", passed[1]), W2("passed_3", passed[2]), W2("passed_4", passed[3]),
  W2("passed_5", passed[4]), W2("passed_6", passed[5]), W2("passed_7", passed[6]),
  W("passed_free", passed_free), W("passed_king", passed_king),
  W2("doubled", doubled), W2("isolated", isolated), W2("backward", backward),
  W2("connected", connected), W2("phalanx", phalanx),
  W2("threat_pawn", threat_pawn), W2("threat_minor", threat_minor), W2("hanging", hanging),
  W2("rook_open", rook_open), W2("rook_half", rook_half), W2("rook_seventh", rook_seventh),
  W2("bishop_pair", bishop_pair2), W2("tempo", tempo2),
  {"scale_ocb", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.scale_ocb), 0, 100},
  W("unstoppable", unstoppable),
  {"draw_fifty", SG_RULES, SG_PINT, offsetof(ch_cfg, draw_fifty), 0, 1000},
  {"repetitions", SG_RULES, SG_PINT, offsetof(ch_cfg, repetitions), 0, 10},
  {NULL, 0, 0, 0, 0, 0}
};
#undef W
#undef W2
#undef PST_SQ
#undef PST_RANK
#undef PST_PIECE

const sg_class chess_class = {
  .name = "chess",
  .state_size = sizeof(ch_state),
  .cfg_size = sizeof(ch_cfg),
  .max_moves = CH_MAX_MOVES,
  .params = ch_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_CHECK_CFG | SG_HOOK_ORDER | SG_HOOK_PERFT | SG_HOOK_NODE | SG_HOOK_IN_CHECK |
           SG_HOOK_NOISY | SG_HOOK_TACTICAL | SG_HOOK_NULL_MOVE | SG_HOOK_SEE,
  .init = ch_init,
  .check_cfg = ch_check_cfg,
  .players = ch_players,
  .to_move = ch_to_move,
  .gen = ch_gen,
  .play = ch_play,
  .status = ch_status,
  .eval = ch_eval,
  .hash = ch_hash,
  .parse = ch_parse,
  .format = ch_format,
  .save_pos = ch_save_pos,
  .draw = ch_draw,
  .order = ch_order,
  .perft = ch_perft,
  .perft_end_leaf = 0,
  .node = {sizeof(ch_pos), ch_node_gen, ch_node_make, ch_node_draw, ch_node_history},
  .in_check = ch_in_check,
  .noisy = ch_noisy,
  .tactical = ch_tactical,
  .null_move = ch_null_move,
  .see = ch_see,
};
