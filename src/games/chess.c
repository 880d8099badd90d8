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

#include "chess_bb.h"

/* ---- tables ---- */

bb ch_knight_att[64], ch_king_att[64], ch_pawn_att[2][64];
static bb between[64][64];   /* squares strictly between two squares on a line, else 0 */
static bb line_bb[64][64];   /* the whole line through two squares, else 0 */

magic ch_rook_m[64], ch_bishop_m[64];
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
        ch_knight_att[s] |= BIT(rr * 8 + ff);
    }
    for (int dr = -1; dr <= 1; dr++)
      for (int df = -1; df <= 1; df++) {
        int rr = r + dr, ff = f + df;
        if ((dr || df) && rr >= 0 && rr < 8 && ff >= 0 && ff < 8)
          ch_king_att[s] |= BIT(rr * 8 + ff);
      }
    if (r < 7) {
      if (f > 0) ch_pawn_att[0][s] |= BIT(s + 7);
      if (f < 7) ch_pawn_att[0][s] |= BIT(s + 9);
    }
    if (r > 0) {
      if (f > 0) ch_pawn_att[1][s] |= BIT(s - 9);
      if (f < 7) ch_pawn_att[1][s] |= BIT(s - 7);
    }
  }
  uint64_t stream = CH_STREAM_AFTER_MAGICS;
  if (!init_magics(ch_rook_m, rook_table, rook_dirs, NULL, rook_known) ||
      !init_magics(ch_bishop_m, bishop_table, bishop_dirs, NULL, bishop_known)) {
    stream = CH_TABLE_SEED;
    init_magics(ch_rook_m, rook_table, rook_dirs, &stream, NULL);
    init_magics(ch_bishop_m, bishop_table, bishop_dirs, &stream, NULL);
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


/* The enemy's attackers of the king's square alone (attackers_to's terms for one colour: the
   search asks this at every node and of many children). */
int chess_in_check(const ch_pos *p) {
  int us = p->side, k = king_sq(p, us);
  const bb *t = p->pieces[us ^ 1];
  bb occ = occupied(p);
  return ((ch_pawn_att[us][k] & t[CH_PAWN]) | (ch_knight_att[k] & t[CH_KNIGHT]) |
          (ch_king_att[k] & t[CH_KING]) | (bishop_att(k, occ) & (t[CH_BISHOP] | t[CH_QUEEN])) |
          (rook_att(k, occ) & (t[CH_ROOK] | t[CH_QUEEN]))) != 0;
}

/* ---- move generation ---- */

static inline sg_move mk(int from, int to, int promo, int kind, int piece, int capt) {
  return (sg_move)from | (sg_move)to << 6 | (sg_move)promo << 12 | (sg_move)kind << 15 |
         (sg_move)piece << 17 | (sg_move)capt << 20;
}

/* The piece on a board square (piece + 6 * colour, or CH_EMPTY) as a move's captured field. */
static const uint8_t capt_of[13] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, CH_NONE};

static inline int capt_at(const ch_pos *p, int sq) { return capt_of[p->board[sq]]; }

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

  bb km = ch_king_att[k] & ~own & ~danger;
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
    bb a = ch_knight_att[from] & (capt_target | quiet_target);
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
      bb from_bb = ch_pawn_att[them][to] & pawns;
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
  return p->ep < 64 && (ch_pawn_att[p->side ^ 1][p->ep] & p->pieces[p->side][CH_PAWN]);
}

static inline void make_body(ch_pos *p, sg_move m) {
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
  p->psq_key = 0;
  if (kind == CH_DOUBLE) {
    p->ep = (uint8_t)((from + to) / 2);
    if (ep_counts(p))
      p->key ^= z_ep[p->ep & 7];
  }
}

void chess_make(ch_pos *p, sg_move m) { make_body(p, m); }

void chess_psq_sum(const ch_cfg *cfg, ch_pos *p) {
  int64_t v = 0;
  for (int c = 0; c < 2; c++)
    for (int pc = CH_PAWN; pc <= CH_KING; pc++) {
      const int64_t *t = cfg->psq64[c][pc];
      bb x = p->pieces[c][pc];
      while (x)
        v += t[pop_lsb(&x)];
    }
  p->psq = v;
  p->psq_key = cfg->eval_key;
}

/* The change of the sum is the moved man off its square and on its target (promoted), the
   man taken, and a castling rook's move: table entries added and subtracted. */
void chess_make_psq(const ch_cfg *cfg, ch_pos *p, sg_move m) {
  uint64_t k = cfg->eval_key;
  if (!k || p->psq_key != k) {
    make_body(p, m);
    if (k)
      chess_psq_sum(cfg, p);
    return;
  }
  int us = p->side, from = CH_FROM(m), to = CH_TO(m), pc = CH_PIECE(m), capt = CH_CAPT(m);
  const int64_t(*mine)[64] = cfg->psq64[us];
  int64_t v = p->psq + mine[CH_PROMO(m) ? CH_PROMO(m) : pc][to] - mine[pc][from];
  if (capt != CH_NONE)
    v -= cfg->psq64[us ^ 1][capt][CH_KIND(m) == CH_EP ? (us == 0 ? to - 8 : to + 8) : to];
  if (CH_KIND(m) == CH_CASTLE) {
    int base = us == 0 ? 0 : 56, kside = to == base + 6;
    v += mine[CH_ROOK][kside ? base + 5 : base + 3] - mine[CH_ROOK][kside ? base + 7 : base];
  }
  make_body(p, m);
  p->psq = v;
  p->psq_key = k;
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

/* Whether legal move m checks the enemy king: the attackers of that king after the move, by
   the mover's pieces as they then stand and the occupancy the move leaves (the moved or
   promoted piece on its target, a castling rook on its new square, a pawn taken en passant
   gone), so direct and discovered checks alike; the same answer as making m and asking
   chess_in_check, without the copy and the key updates (the quiescence search asks it of every
   quiet move at its first ply). */
int chess_gives_check(const ch_pos *p, sg_move m) {
  int us = p->side, k = king_sq(p, us ^ 1);
  int from = CH_FROM(m), to = CH_TO(m), kind = CH_KIND(m);
  int pc = CH_PROMO(m) ? CH_PROMO(m) : CH_PIECE(m);
  const bb *w = p->pieces[us];
  bb occ = (occupied(p) & ~BIT(from)) | BIT(to);
  bb mine[6];
  for (int i = CH_PAWN; i <= CH_QUEEN; i++)
    mine[i] = w[i] & ~BIT(from);
  mine[pc] |= BIT(to);
  if (kind == CH_EP)
    occ &= ~BIT(us == 0 ? to - 8 : to + 8);
  else if (kind == CH_CASTLE) {
    int base = us == 0 ? 0 : 56, rf = to == base + 6 ? base + 7 : base, rt = to == base + 6 ? base + 5 : base + 3;
    occ = (occ & ~BIT(rf)) | BIT(rt);
    mine[CH_ROOK] = (mine[CH_ROOK] & ~BIT(rf)) | BIT(rt);
  }
  /* the mover's king never checks (kings are never next to each other) */
  return ((ch_pawn_att[us ^ 1][k] & mine[CH_PAWN]) | (ch_knight_att[k] & mine[CH_KNIGHT]) |
          (bishop_att(k, occ) & (mine[CH_BISHOP] | mine[CH_QUEEN])) |
          (rook_att(k, occ) & (mine[CH_ROOK] | mine[CH_QUEEN]))) != 0;
}

/* What chess_gives_check_with needs of a position, computed once for all its moves (as
   Stockfish's CheckInfo): the enemy king's square, the squares from which each of the mover's
   pieces would check it, and the mover's men that alone stand between one of its sliders and
   that king (moving one off the line uncovers a check). */
void chess_check_info(const ch_pos *p, ch_check_info *ci) {
  int us = p->side, k = king_sq(p, us ^ 1);
  bb occ = occupied(p);
  const bb *w = p->pieces[us];
  ci->king = k;
  ci->squares[CH_PAWN] = ch_pawn_att[us ^ 1][k];
  ci->squares[CH_KNIGHT] = ch_knight_att[k];
  ci->squares[CH_BISHOP] = bishop_att(k, occ);
  ci->squares[CH_ROOK] = rook_att(k, occ);
  ci->squares[CH_QUEEN] = ci->squares[CH_BISHOP] | ci->squares[CH_ROOK];
  ci->squares[CH_KING] = 0;
  bb snipers = (rook_att(k, 0) & (w[CH_ROOK] | w[CH_QUEEN])) |
               (bishop_att(k, 0) & (w[CH_BISHOP] | w[CH_QUEEN]));
  ci->blockers = 0;
  while (snipers) {
    bb b = between[k][pop_lsb(&snipers)] & occ;
    if (b && !(b & (b - 1)) && (b & p->occ[us]))
      ci->blockers |= b;
  }
}

/* chess_gives_check with the position's check info: a direct check when the moved piece lands
   on one of its checking squares (the occupancy before the move serves: the square it leaves
   can only lie between its target and the king when it checked already, which the side to
   move cannot do), a discovered one when it leaves the line of a slider it alone blocked;
   promotions, en passant and castling, where more changes, are worked out in full. */
int chess_gives_check_with(const ch_pos *p, const ch_check_info *ci, sg_move m) {
  int from = CH_FROM(m), to = CH_TO(m);
  if (CH_PROMO(m) || CH_KIND(m) == CH_EP || CH_KIND(m) == CH_CASTLE)
    return chess_gives_check(p, m);
  if (ci->squares[CH_PIECE(m)] & BIT(to))
    return 1;
  return (ci->blockers & BIT(from)) && !(line_bb[ci->king][from] & BIT(to));
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
  case CH_KNIGHT: reach = ch_knight_att[from]; break;
  case CH_BISHOP: reach = bishop_att(from, occ); break;
  case CH_ROOK: reach = rook_att(from, occ); break;
  case CH_QUEEN: reach = bishop_att(from, occ) | rook_att(from, occ); break;
  case CH_KING: reach = ch_king_att[from]; break;
  default: {
    int fwd = c == 0 ? 8 : -8;
    if (to == from + fwd && p->board[to] == CH_EMPTY)
      reach = BIT(to);
    if (to == from + 2 * fwd && p->board[from + fwd] == CH_EMPTY && p->board[to] == CH_EMPTY &&
        from / 8 == (c == 0 ? 1 : 6))
      reach = BIT(to);
    if ((ch_pawn_att[c][from] & BIT(to)) && ((p->occ[c ^ 1] & BIT(to)) || to == p->ep))
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
  chess_make_psq(cfg, node, m);
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
  ch_check_info ci;
  chess_check_info(p, &ci);
  for (int i = 0; i < n; i++) {
    sg_move m = out[i];
    if (CH_IS_CAPTURE(m) || CH_PROMO(m) == CH_QUEEN || chess_gives_check_with(p, &ci, m))
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

/* The piece moved (a pawn for a promotion) and its target square. */
static int ch_piece_to(const void *cfg, sg_move m) {
  (void)cfg;
  return CH_PIECE(m) * 64 + CH_TO(m);
}

/* The shallow pruning asks it of many moves of one node in turn: the node's check info is
   kept (per thread) for the position last asked about, known by its key and occupancy (the
   check info depends on the side to move, its men and the enemy king, all in the key), and
   each move is then a few table lookups (chess_gives_check_with: the same answers as
   chess_gives_check, t/012). */
static int ch_gives_check(const void *cfg, const void *st, sg_move m) {
  static _Thread_local struct {
    uint64_t key;
    bb occ;
    ch_check_info ci;
  } last;
  const ch_pos *p = st;
  bb occ = occupied(p);
  (void)cfg;
  if (last.key != p->key || last.occ != occ) {
    chess_check_info(p, &last.ci);
    last.key = p->key, last.occ = occ;
  }
  return chess_gives_check_with(p, &last.ci, m);
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
  chess_eval_init();
  c->pawn_key = chess_pawn_key(&c->w);
  c->eval_key = chess_eval_key(&c->w);
  chess_psq(c);
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
  W("mop_edge", mop_edge), W("mop_close", mop_close), W("mop_corner", mop_corner),
  {"scale_pawnless", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.scale_pawnless), 0, 100},
  {"scale_pawnless_rook", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.scale_pawnless_rook), 0, 100},
  {"scale_pawns_base", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.scale_pawns_base), 0, 100},
  {"scale_pawns_step", SG_WEIGHTS, SG_PINT, offsetof(ch_cfg, w.scale_pawns_step), 0, 100},
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
           SG_HOOK_NOISY | SG_HOOK_TACTICAL | SG_HOOK_NULL_MOVE | SG_HOOK_SEE |
           SG_HOOK_PIECE_TO | SG_HOOK_GIVES_CHECK,
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
  .piece_to = ch_piece_to,
  .npiece_to = 6 * 64,
  .gives_check = ch_gives_check,
};
