/* chess_eval.c: chess's two evaluations: the seed's weighted sum (weights.model 0, the preset
   "seed") and the tapered evaluation (model 1, the default), with the static exchange
   evaluation and the test for insufficient material. */
#include <stdlib.h>

#include "chess_bb.h"

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

/* The squares of the tapered evaluation's pawn shield (1-2 ranks before a king of colour c on
   square k, its file and the next) and of the pawn storm (1-3 ranks), made once. */
static bb shield_zone[2][64], storm_zone[2][64];

static bb file_mask(int f) { return 0x0101010101010101ULL << f; }

static void init_king_zones(void) {
  for (int c = 0; c < 2; c++)
    for (int k = 0; k < 64; k++) {
      int kf = k % 8;
      bb files = file_mask(kf) | (kf > 0 ? file_mask(kf - 1) : 0) | (kf < 7 ? file_mask(kf + 1) : 0);
      bb near2 = 0, near3 = 0;
      for (int d = 1; d <= 3; d++) {
        int r = c ? k / 8 - d : k / 8 + d;
        if (r >= 0 && r <= 7) {
          near3 |= 0xffULL << (8 * r);
          if (d <= 2)
            near2 |= 0xffULL << (8 * r);
        }
      }
      shield_zone[c][k] = files & near2;
      storm_zone[c][k] = files & near3;
    }
}

void chess_eval_init(void) {
  if (!pst_ready) {
    init_king_zones();
    init_pst();
  }
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
      n += popcnt(ch_knight_att[pop_lsb(&x)] & safe);
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
    int zone = popcnt(ch_king_att[k] & att_them);
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

/* The dark squares (a1, c1, ..., h8). */
#define DARK_SQUARES 0xaa55aa55aa55aa55ULL

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

void chess_psq(ch_cfg *cfg) {
  const ch_weights *w = &cfg->w;
  for (int c = 0; c < 2; c++)
    for (int pc = CH_PAWN; pc <= CH_KING; pc++)
      for (int s = 0; s < 64; s++)
        for (int k = 0; k < 2; k++)
          cfg->psq[c][pc][s][k] = w->value[pc][k] + w->pst[pc][c ? s ^ 56 : s][k];
  for (int c = 0; c < 2; c++)
    for (int pc = CH_PAWN; pc <= CH_KING; pc++)
      for (int s = 0; s < 64; s++) {
        const int *v = cfg->psq[c][pc][s];
        cfg->psq64[c][pc][s] = c ? -CH_PACK(v[0], v[1]) : CH_PACK(v[0], v[1]);
      }
}

/* The population count of the tapered evaluation, which counts more than anything else in
   the search: cnt(1, x) is the popcnt instruction, cnt(0, x) bits.h's portable form.  Without
   -mpopcnt (the default build targets every x86-64) the evaluation is compiled twice from the
   same source: modern_eval_popcnt, with the instruction allowed (GCC's target attribute: the
   functions below are always inlined into it, so their counts become popcnt), and
   modern_eval(.., 0) for processors without it; eval_uncached asks the processor once a call
   (__builtin_cpu_supports: a load and a test).  Both give the same values. */
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(__POPCNT__)
#define EVAL_POPCNT_CLONE 1
#define SG_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(__GNUC__) || defined(__clang__)
#define SG_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SG_ALWAYS_INLINE inline
#endif

static SG_ALWAYS_INLINE int cnt(int hw, bb x) {
#ifdef EVAL_POPCNT_CLONE
  if (hw)
    return __builtin_popcountll(x);
#endif
  (void)hw;
  return popcnt(x);
}

/* What one side's pieces are worth where they stand, how freely they move (squares not held by
   their own men nor attacked by enemy pawns), and the attack units they aim at the enemy king's
   zone (its square and the squares around it).  att[] gets the side's attacks by piece, [6] all. */
static SG_ALWAYS_INLINE void modern_pieces(const ch_cfg *cfg, const ch_pos *p, int c, bb att[7],
                                           int *acc, int *units, int *attackers, int hw) {
  const ch_weights *w = &cfg->w;
  const bb *my = p->pieces[c];
  bb occ = occupied(p);
  bb safe = ~(p->occ[c] | pawn_attacks(p->pieces[c ^ 1][CH_PAWN], c ^ 1));
  int ek = king_sq(p, c ^ 1);
  bb zone = ch_king_att[ek] | BIT(ek);
  if (!cfg->eval_key || p->psq_key != cfg->eval_key) {   /* else modern_eval adds p->psq */
    int mg = 0, eg = 0;
    for (int pc = CH_PAWN; pc <= CH_KING; pc++) {
      const int(*t)[2] = cfg->psq[c][pc];
      bb x = my[pc];
      while (x) {
        int s = pop_lsb(&x);
        mg += t[s][0];
        eg += t[s][1];
      }
    }
    acc[0] += mg, acc[1] += eg;
  }
  att[CH_PAWN] = pawn_attacks(my[CH_PAWN], c);
  att[CH_KING] = ch_king_att[king_sq(p, c)];
  for (int pc = CH_KNIGHT; pc <= CH_QUEEN; pc++) {
    bb x = my[pc], all = 0;
    while (x) {
      int s = pop_lsb(&x);
      bb a = pc == CH_KNIGHT ? ch_knight_att[s]
             : pc == CH_BISHOP ? bishop_att(s, occ)
             : pc == CH_ROOK ? rook_att(s, occ)
                             : bishop_att(s, occ) | rook_att(s, occ);
      all |= a;
      add2(acc, w->mob[pc - 1], cnt(hw, a & safe));
      int z = cnt(hw, a & zone);
      if (z) {
        *units += w->king_attack[pc - 1] * z;
        (*attackers)++;
      }
    }
    att[pc] = all;
  }
  att[6] = att[0] | att[1] | att[2] | att[3] | att[4] | att[5];
}

/* Side c's pawn structure, which depends on the pawns alone: doubled, isolated, backward,
   connected, phalanx and passed by rank; its passed pawns go to *passed. */
static void pawn_structure(const ch_weights *w, const ch_pos *p, int c, int *acc, bb *passed) {
  bb mine = p->pieces[c][CH_PAWN], theirs = p->pieces[c ^ 1][CH_PAWN];
  bb their_att = pawn_attacks(theirs, c ^ 1), defended = pawn_attacks(mine, c);
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
    if (!((file | side) & front & theirs) && !(mine & file & front)) {
      add2(acc, w->passed[rr], 1);
      *passed |= BIT(s);
    }
  }
}

/* The pawn hash: pawn_structure's result for both sides, by the two pawn sets and the key of
   the pawn weights (ch_cfg.pawn_key, set by check_cfg; 0: no hashing).  One table per thread
   (thread-local, fixed size: nothing is allocated, and each search thread has its own), and a
   memo only: an entry is used only when both pawn sets and the key match exactly, so the
   evaluation is the same with it or without. */
#define PAWN_HASH_BITS 12   /* 4,096 entries (224 KB a thread); 1,024 missed more (doc/chess.md) */
typedef struct pawn_entry {
  bb pawns[2], passed;
  uint64_t wkey;
  int acc[2][2];
} pawn_entry;
static _Thread_local pawn_entry pawn_hash[1 << PAWN_HASH_BITS];

static void pawn_eval(const ch_cfg *cfg, const ch_pos *p, int acc[2][2], bb *passed) {
  bb wp = p->pieces[0][CH_PAWN], bp = p->pieces[1][CH_PAWN];
  pawn_entry *e = NULL;
  if (cfg->pawn_key) {
    uint64_t h = ((wp ^ (bp * 0x9e3779b97f4a7c15ULL)) * 0xbf58476d1ce4e5b9ULL) ^ cfg->pawn_key;
    e = &pawn_hash[h >> (64 - PAWN_HASH_BITS)];
    if (e->pawns[0] == wp && e->pawns[1] == bp && e->wkey == cfg->pawn_key) {
      for (int c = 0; c < 2; c++)
        add2(acc[c], e->acc[c], 1);
      *passed = e->passed;
      return;
    }
  }
  int mine[2][2] = {{0, 0}, {0, 0}};
  bb pass = 0;
  for (int c = 0; c < 2; c++)
    pawn_structure(&cfg->w, p, c, mine[c], &pass);
  if (e) {
    *e = (pawn_entry){{wp, bp}, pass, cfg->pawn_key, {{mine[0][0], mine[0][1]}, {mine[1][0], mine[1][1]}}};
  }
  for (int c = 0; c < 2; c++)
    add2(acc[c], mine[c], 1);
  *passed = pass;
}

/* The key of the weights pawn_eval reads (never 0). */
uint64_t chess_pawn_key(const ch_weights *w) {
  const int *v[] = {w->doubled, w->isolated, w->backward, w->connected, w->phalanx};
  uint64_t h = 0x84222325cbf29ce4ULL;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 2; j++)
      h = (h ^ (uint32_t)v[i][j]) * 0x100000001b3ULL;
  for (int r = 0; r < 8; r++)
    for (int j = 0; j < 2; j++)
      h = (h ^ (uint32_t)w->passed[r][j]) * 0x100000001b3ULL;
  return h | 1;
}

/* Side c's passed pawns (from pawn_eval) in the ending: a free path, the kings' distances to
   the square before the pawn, and the rule of the square when the defender has only king and
   pawns. */
static void passed_pawns(const ch_weights *w, const ch_pos *p, int c, bb passed, int *acc) {
  bb occ = occupied(p);
  int own_k = king_sq(p, c), their_k = king_sq(p, c ^ 1);
  const bb *them = p->pieces[c ^ 1];
  int bare = !(them[CH_KNIGHT] | them[CH_BISHOP] | them[CH_ROOK] | them[CH_QUEEN]);
  while (passed) {
    int s = pop_lsb(&passed), f = s % 8, rr = c ? 7 - s / 8 : s / 8;
    int stop = c ? s - 8 : s + 8, adv = rr - 1;
    bb path = file_bb(f) & ranks_ahead(c, s);
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

/* Mop-up: side c against a bare king, with mating material (a rook or queen, or a bishop and
   another minor piece).  Sets the three counts of mop_edge, mop_close and mop_corner (endgame
   terms) and returns 1, or returns 0 when the term does not apply.  With bishop and knight
   alone (no rook, queen or pawn, one bishop's colour), the bare king is driven to a corner of
   the bishop's colour, where the mate is, instead of to any edge. */
static SG_ALWAYS_INLINE int mop_up(const ch_pos *p, int c, int n[3], int hw) {
  const bb *my = p->pieces[c], *them = p->pieces[c ^ 1];
  if (p->occ[c ^ 1] != them[CH_KING])
    return 0;
  int minors = cnt(hw, my[CH_KNIGHT] | my[CH_BISHOP]);
  if (!(my[CH_ROOK] | my[CH_QUEEN]) && !(my[CH_BISHOP] && minors >= 2))
    return 0;
  int k = king_sq(p, c), ek = king_sq(p, c ^ 1), f = ek % 8, r = ek / 8;
  int cf = f < 4 ? 3 - f : f - 4, cr = r < 4 ? 3 - r : r - 4;   /* 0 on the centre's files */
  int df = k % 8 - f, dr = k / 8 - r;
  n[0] = cf + cr;
  n[1] = 14 - (df < 0 ? -df : df) - (dr < 0 ? -dr : dr);
  n[2] = 0;
  const bb dark = DARK_SQUARES;
  if (!(my[CH_ROOK] | my[CH_QUEEN] | my[CH_PAWN]) && my[CH_KNIGHT] &&
      (!(my[CH_BISHOP] & dark) || !(my[CH_BISHOP] & ~dark))) {
    /* file and rank steps to the nearer of the two corners (a1 and h8 are dark, a8 and h1
       light) */
    int d1 = (my[CH_BISHOP] & dark) ? f + r : f + 7 - r, d2 = 14 - d1;
    n[0] = 0;
    n[2] = 14 - (d1 < d2 ? d1 : d2);
  }
  return 1;
}

/* Side c's threats, rooks, bishop pair and the safety of its own king (shield and storm before
   it, and the attack units of the enemy on its zone). */
static SG_ALWAYS_INLINE void modern_rest(const ch_weights *w, const ch_pos *p, int c,
                                         const bb att[2][7], int units, int attackers, int *acc,
                                         int hw) {
  const bb *my = p->pieces[c], *them = p->pieces[c ^ 1];
  bb targets = p->occ[c ^ 1] & ~them[CH_PAWN] & ~them[CH_KING];
  add2(acc, w->threat_pawn, cnt(hw, att[c][CH_PAWN] & targets));
  add2(acc, w->threat_minor,
       cnt(hw, (att[c][CH_KNIGHT] | att[c][CH_BISHOP]) & (them[CH_ROOK] | them[CH_QUEEN])));
  add2(acc, w->hanging, cnt(hw, targets & att[c][6] & ~att[c ^ 1][6]));
  bb x = my[CH_ROOK];
  while (x) {
    int s = pop_lsb(&x);
    bb file = file_bb(s % 8);
    if (!(file & my[CH_PAWN]))
      add2(acc, (file & them[CH_PAWN]) ? w->rook_half : w->rook_open, 1);
    if ((c ? 7 - s / 8 : s / 8) == 6)
      add2(acc, w->rook_seventh, 1);
  }
  if (cnt(hw, my[CH_BISHOP]) >= 2)
    add2(acc, w->bishop_pair2, 1);
  int k = king_sq(p, c);
  acc[0] += w->shield * cnt(hw, my[CH_PAWN] & shield_zone[c][k]);
  acc[0] -= w->storm * cnt(hw, them[CH_PAWN] & storm_zone[c][k]);
  if (attackers >= 2) {
    int u = units < 60 ? units : 60;
    acc[0] -= w->king_danger * u * u / 16;
  }
}

/* Endgame scaling of the blended score v (white's view): a side without pawns that has only a
   minor piece or two knights cannot win (KNK, KBK, KNNK score 0); one without pawns that leads
   by a minor piece at most keeps scale_pawnless percent against a minor piece or none and
   scale_pawnless_rook against more; opposite bishops alone with pawns keep scale_ocb percent. */
static SG_ALWAYS_INLINE int scale_percent(const ch_weights *w, const ch_pos *p, int strong,
                                           int hw) {
  const bb *s = p->pieces[strong];
  if (!s[CH_PAWN] && !s[CH_ROOK] && !s[CH_QUEEN]) {
    int minors = cnt(hw, s[CH_KNIGHT] | s[CH_BISHOP]);
    if (minors <= 1 || (minors == 2 && !s[CH_BISHOP]))
      return 0;
  }
  if (!s[CH_PAWN]) {   /* no pawns, a minor piece ahead at most: hard to win */
    const bb *o = p->pieces[strong ^ 1];
    int ms = 3 * cnt(hw, s[CH_KNIGHT] | s[CH_BISHOP]) + 5 * cnt(hw, s[CH_ROOK]) +
             9 * cnt(hw, s[CH_QUEEN]);
    int mw = 3 * cnt(hw, o[CH_KNIGHT] | o[CH_BISHOP]) + 5 * cnt(hw, o[CH_ROOK]) +
             9 * cnt(hw, o[CH_QUEEN]);
    if (ms >= 5 && ms - mw <= 3)
      return mw <= 3 ? w->scale_pawnless : w->scale_pawnless_rook;
  }
  const bb *a = p->pieces[0], *b = p->pieces[1];
  if (!(a[CH_KNIGHT] | a[CH_ROOK] | a[CH_QUEEN] | b[CH_KNIGHT] | b[CH_ROOK] | b[CH_QUEEN]) &&
      cnt(hw, a[CH_BISHOP]) == 1 && cnt(hw, b[CH_BISHOP]) == 1) {
    const bb dark = DARK_SQUARES;
    if (!(a[CH_BISHOP] & dark) != !(b[CH_BISHOP] & dark))
      return w->scale_ocb;
  }
  return 100;
}

/* The percent of the endgame sum eg (white's view) kept: scale_pawns_base plus scale_pawns_step
   per pawn of the side it favours, at most 100; all of it against a bare king (the mop-up's
   endings, won without pawns). */
static SG_ALWAYS_INLINE int pawns_percent(const ch_weights *w, const ch_pos *p, int eg, int hw) {
  int s = eg > 0 ? 0 : 1;
  if (p->occ[s ^ 1] == p->pieces[s ^ 1][CH_KING])
    return 100;
  int pct = w->scale_pawns_base + w->scale_pawns_step * cnt(hw, p->pieces[s][CH_PAWN]);
  return pct < 100 ? pct : 100;
}

static SG_ALWAYS_INLINE int modern_scale(const ch_weights *w, const ch_pos *p, int v, int hw) {
  int pct = scale_percent(w, p, v > 0 ? 0 : 1, hw);
  return pct == 100 ? v : v * pct / 100;
}

static SG_ALWAYS_INLINE int modern_eval(const ch_cfg *cfg, const ch_pos *p, int hw) {
  const ch_weights *w = &cfg->w;
  int acc[2][2] = {{0, 0}, {0, 0}}, units[2] = {0, 0}, attackers[2] = {0, 0};
  bb att[2][7], passed;
  int phase = 0;
  pawn_eval(cfg, p, acc, &passed);
  if (cfg->eval_key && p->psq_key == cfg->eval_key)   /* the search's running sums */
    acc[0][0] += ch_pack_mg(p->psq), acc[0][1] += ch_pack_eg(p->psq);
  for (int c = 0; c < 2; c++) {
    /* units[c]: what side c aims at the enemy king */
    modern_pieces(cfg, p, c, att[c], acc[c], &units[c], &attackers[c], hw);
    passed_pawns(w, p, c, passed & p->pieces[c][CH_PAWN], acc[c]);
    phase += cnt(hw, p->pieces[c][CH_KNIGHT] | p->pieces[c][CH_BISHOP]) +
             2 * cnt(hw, p->pieces[c][CH_ROOK]) + 4 * cnt(hw, p->pieces[c][CH_QUEEN]);
  }
  for (int c = 0; c < 2; c++)
    modern_rest(w, p, c, (const bb(*)[7])att, units[c ^ 1], attackers[c ^ 1], acc[c], hw);
  for (int c = 0; c < 2; c++) {
    int n[3];
    if (mop_up(p, c, n, hw))
      acc[c][1] += w->mop_edge * n[0] + w->mop_close * n[1] + w->mop_corner * n[2];
  }
  if (phase > 24)
    phase = 24;
  add2(acc[p->side], w->tempo2, 1);
  int mg = acc[0][0] - acc[1][0], eg = acc[0][1] - acc[1][1];
  int pp = pawns_percent(w, p, eg, hw);
  if (pp < 100)
    eg = eg * pp / 100;
  int v = modern_scale(w, p, (mg * phase + eg * (24 - phase)) / 24, hw);
  return p->side ? -v : v;
}

#ifdef EVAL_POPCNT_CLONE
__attribute__((target("popcnt"))) static int modern_eval_popcnt(const ch_cfg *cfg,
                                                                 const ch_pos *p) {
  return modern_eval(cfg, p, 1);
}
#endif

/* ---- the trace of the tapered evaluation (for the gradient Texel tuner, chess_tune.c) ----
   The same terms as modern_eval, each recorded as its count instead of added: t->mg[i] and
   t->eg[i] get white's count minus black's of weight i (an index into ch_weights seen as an
   array of ints), so that the evaluation is scale * sum_i (mg[i] * phase + eg[i] * (24 -
   phase)) / 24 * weight[i].  Two parts are not linear and are kept fixed at the weights
   traced with: the king-attack units (king_attack_*: king_danger's coefficient is units^2 / 16,
   from those weights) and the endgame scale (scale_ocb, and which side is stronger). */
#define IX(ptr) ((int)((const int *)(ptr) - (const int *)w))

static inline void tr2(ch_trace *t, const ch_weights *w, const int *pair, double n) {
  t->mg[IX(pair)] += n;
  t->eg[IX(pair + 1)] += n;
}

static void trace_pawns(const ch_weights *w, const ch_pos *p, int c, ch_trace *t, bb *passed) {
  double sg = c ? -1 : 1;
  bb mine = p->pieces[c][CH_PAWN], theirs = p->pieces[c ^ 1][CH_PAWN];
  bb their_att = pawn_attacks(theirs, c ^ 1), defended = pawn_attacks(mine, c);
  bb x = mine;
  while (x) {
    int s = pop_lsb(&x), f = s % 8, r = s / 8, rr = c ? 7 - r : r;
    int stop = c ? s - 8 : s + 8;
    bb file = file_bb(f), side = beside_files(f), front = ranks_ahead(c, s);
    if (mine & file & front)
      tr2(t, w, w->doubled, -sg);
    if (!(mine & side))
      tr2(t, w, w->isolated, -sg);
    else if (!(mine & side & ~front) && (BIT(stop) & their_att))
      tr2(t, w, w->backward, -sg);
    if (BIT(s) & defended)
      tr2(t, w, w->connected, sg);
    if (mine & side & (RANK_1 << (8 * r)))
      tr2(t, w, w->phalanx, sg);
    if (!((file | side) & front & theirs) && !(mine & file & front)) {
      tr2(t, w, w->passed[rr], sg);
      *passed |= BIT(s);
    }
  }
}

static void trace_pieces(const ch_weights *w, const ch_pos *p, int c, bb att[7], ch_trace *t,
                         int *units, int *attackers) {
  double sg = c ? -1 : 1;
  const bb *my = p->pieces[c];
  bb occ = occupied(p);
  bb safe = ~(p->occ[c] | pawn_attacks(p->pieces[c ^ 1][CH_PAWN], c ^ 1));
  int ek = king_sq(p, c ^ 1);
  bb zone = ch_king_att[ek] | BIT(ek);
  for (int pc = CH_PAWN; pc <= CH_KING; pc++) {
    bb x = my[pc];
    while (x) {
      int s = pop_lsb(&x), rs = c ? s ^ 56 : s;
      tr2(t, w, w->value[pc], sg);
      tr2(t, w, w->pst[pc][rs], sg);
    }
  }
  att[CH_PAWN] = pawn_attacks(my[CH_PAWN], c);
  att[CH_KING] = ch_king_att[king_sq(p, c)];
  for (int pc = CH_KNIGHT; pc <= CH_QUEEN; pc++) {
    bb x = my[pc], all = 0;
    while (x) {
      int s = pop_lsb(&x);
      bb a = pc == CH_KNIGHT ? ch_knight_att[s]
             : pc == CH_BISHOP ? bishop_att(s, occ)
             : pc == CH_ROOK ? rook_att(s, occ)
                             : bishop_att(s, occ) | rook_att(s, occ);
      all |= a;
      tr2(t, w, w->mob[pc - 1], sg * popcnt(a & safe));
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

static void trace_passed(const ch_weights *w, const ch_pos *p, int c, bb passed, ch_trace *t) {
  double sg = c ? -1 : 1;
  bb occ = occupied(p);
  int own_k = king_sq(p, c), their_k = king_sq(p, c ^ 1);
  const bb *them = p->pieces[c ^ 1];
  int bare = !(them[CH_KNIGHT] | them[CH_BISHOP] | them[CH_ROOK] | them[CH_QUEEN]);
  while (passed) {
    int s = pop_lsb(&passed), f = s % 8, rr = c ? 7 - s / 8 : s / 8;
    int stop = c ? s - 8 : s + 8, adv = rr - 1;
    bb path = file_bb(f) & ranks_ahead(c, s);
    if (!(path & occ))
      t->eg[IX(&w->passed_free)] += sg * adv;
    int dt = sq_dist(their_k, stop), dm = sq_dist(own_k, stop);
    t->eg[IX(&w->passed_king)] += sg * ((dt < 5 ? dt : 5) - (dm < 5 ? dm : 5)) * adv;
    if (bare && !(path & occ)) {
      int q = c ? f : 56 + f;
      int moves = 7 - rr - (rr == 1);
      int kd = sq_dist(their_k, q) - (p->side != c);
      if (kd > moves)
        t->eg[IX(&w->unstoppable)] += sg;
    }
  }
}

static void trace_rest(const ch_weights *w, const ch_pos *p, int c, const bb att[2][7],
                       int units, int attackers, ch_trace *t) {
  double sg = c ? -1 : 1;
  const bb *my = p->pieces[c], *them = p->pieces[c ^ 1];
  bb targets = p->occ[c ^ 1] & ~them[CH_PAWN] & ~them[CH_KING];
  tr2(t, w, w->threat_pawn, sg * popcnt(att[c][CH_PAWN] & targets));
  tr2(t, w, w->threat_minor,
      sg * popcnt((att[c][CH_KNIGHT] | att[c][CH_BISHOP]) & (them[CH_ROOK] | them[CH_QUEEN])));
  tr2(t, w, w->hanging, sg * popcnt(targets & att[c][6] & ~att[c ^ 1][6]));
  bb x = my[CH_ROOK];
  while (x) {
    int s = pop_lsb(&x);
    bb file = file_bb(s % 8);
    if (!(file & my[CH_PAWN]))
      tr2(t, w, (file & them[CH_PAWN]) ? w->rook_half : w->rook_open, sg);
    if ((c ? 7 - s / 8 : s / 8) == 6)
      tr2(t, w, w->rook_seventh, sg);
  }
  if (popcnt(my[CH_BISHOP]) >= 2)
    tr2(t, w, w->bishop_pair2, sg);
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
  t->mg[IX(&w->shield)] += sg * popcnt(my[CH_PAWN] & files & near2);
  t->mg[IX(&w->storm)] -= sg * popcnt(them[CH_PAWN] & files & near3);
  if (attackers >= 2) {
    int u = units < 60 ? units : 60;
    t->mg[IX(&w->king_danger)] -= sg * u * u / 16.0;
  }
}

void chess_eval_trace(const ch_weights *w, const ch_pos *p, ch_trace *t) {
  int units[2] = {0, 0}, attackers[2] = {0, 0};
  bb att[2][7], passed = 0;
  int phase = 0;
  for (int i = 0; i < CH_NW; i++)
    t->mg[i] = t->eg[i] = 0;
  for (int c = 0; c < 2; c++)
    trace_pawns(w, p, c, t, &passed);
  for (int c = 0; c < 2; c++) {
    trace_pieces(w, p, c, att[c], t, &units[c], &attackers[c]);
    trace_passed(w, p, c, passed & p->pieces[c][CH_PAWN], t);
    phase += popcnt(p->pieces[c][CH_KNIGHT] | p->pieces[c][CH_BISHOP]) +
             2 * popcnt(p->pieces[c][CH_ROOK]) + 4 * popcnt(p->pieces[c][CH_QUEEN]);
  }
  for (int c = 0; c < 2; c++)
    trace_rest(w, p, c, (const bb(*)[7])att, units[c ^ 1], attackers[c ^ 1], t);
  for (int c = 0; c < 2; c++) {
    int n[3];
    if (mop_up(p, c, n, 0)) {
      double sg = c ? -1 : 1;
      t->eg[IX(&w->mop_edge)] += sg * n[0];
      t->eg[IX(&w->mop_close)] += sg * n[1];
      t->eg[IX(&w->mop_corner)] += sg * n[2];
    }
  }
  if (phase > 24)
    phase = 24;
  tr2(t, w, w->tempo2, p->side ? -1 : 1);
  t->phase = phase;
  /* the stronger side, as modern_eval decides it (its sums are whole numbers but for
     king_danger's, whose fraction cannot change the sign of a truncated blend but at 0) */
  const int *wv = (const int *)w;
  double mg = 0, eg = 0;
  for (int i = 0; i < CH_NW; i++) {
    mg += t->mg[i] * wv[i];
    eg += t->eg[i] * wv[i];
  }
  /* the endgame sum's pawn scale, kept fixed at the weights traced with (as the scale below) */
  int pp = pawns_percent(w, p, (int)eg, 0);
  if (pp < 100) {
    for (int i = 0; i < CH_NW; i++)
      t->eg[i] *= pp / 100.0;
    eg *= pp / 100.0;
  }
  int v = (int)((mg * phase + eg * (24 - phase)) / 24);
  t->scale = scale_percent(w, p, v > 0 ? 0 : 1, 0) / 100.0;
}
#undef IX

/* The evaluation cache: the last value computed for a position (by its Zobrist key, which
   holds the men and the side to move, the evaluation's only inputs) under the weights whose
   key is ch_cfg.eval_key (set by check_cfg; 0: no cache).  One table per thread, fixed size,
   like the pawn hash: a memo, so the values and the search are the same with it or without.
   Transpositions and the re-searches of a node (aspiration, PVS, the reductions' re-searches,
   the iterations) evaluate the same positions again: on the bench's depth-10 search it
   answers about a quarter of the calls. */
#define EVAL_CACHE_BITS 15
typedef struct eval_entry {
  uint64_t tag;   /* the position's key xor the weights' key */
  int value;
} eval_entry;
static _Thread_local eval_entry eval_cache[1 << EVAL_CACHE_BITS];

/* The key of all the weights (never 0). */
uint64_t chess_eval_key(const ch_weights *w) {
  const int *v = (const int *)w;
  uint64_t h = 0x6c62272e07bb0142ULL;
  for (int i = 0; i < CH_NW; i++)
    h = (h ^ (uint32_t)v[i]) * 0x100000001b3ULL;
  return h | 1;
}

static int eval_uncached(const ch_cfg *cfg, const ch_pos *p);

int chess_eval(const ch_cfg *cfg, const ch_pos *p) {
  if (!cfg->eval_key)
    return eval_uncached(cfg, p);
  uint64_t tag = p->key ^ cfg->eval_key;
  eval_entry *e = &eval_cache[(p->key * 0x9e3779b97f4a7c15ULL) >> (64 - EVAL_CACHE_BITS)];
  if (e->tag == tag)
    return e->value;
  int v = eval_uncached(cfg, p);
  e->tag = tag;
  e->value = v;
  return v;
}

static int eval_uncached(const ch_cfg *cfg, const ch_pos *p) {
  const ch_weights *w = &cfg->w;
  if (w->model == 1) {
#ifdef EVAL_POPCNT_CLONE
    if (__builtin_cpu_supports("popcnt"))
      return modern_eval_popcnt(cfg, p);
#endif
    return modern_eval(cfg, p, 0);
  }
  if (!pst_ready)
    chess_eval_init();
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
  const bb dark = DARK_SQUARES;
  return !knights && (!(bishops & dark) || !(bishops & ~dark));
}
