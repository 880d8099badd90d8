/* qubic.c: Qubic (4x4x4 noughts and crosses): rules on two 64-bit sets, the 76 lines, the 192
   symmetries, evaluation by lines and threats, notation, position text, diagram and perft. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/bits.h"
#include "core/clock.h"
#include "qubic.h"

#define BIT(sq) ((uint64_t)1 << (sq))

/* The 76 lines: 48 rows and columns of a layer or pillars, 24 diagonals of a plane, 4 space
   diagonals (every direction of {-1,0,1}^3 from every cell where 4 steps stay in the cube),
   as cell sets sorted by value; t/072-qubic.lua derives them again from the geometry. */
const uint64_t qubic_lines[QB_LINES] = {
  0x000000000000000fULL, 0x00000000000000f0ULL, 0x0000000000000f00ULL, 0x0000000000001111ULL,
  0x0000000000001248ULL, 0x0000000000002222ULL, 0x0000000000004444ULL, 0x0000000000008421ULL,
  0x0000000000008888ULL, 0x000000000000f000ULL, 0x00000000000f0000ULL, 0x0000000000f00000ULL,
  0x000000000f000000ULL, 0x0000000011110000ULL, 0x0000000012480000ULL, 0x0000000022220000ULL,
  0x0000000044440000ULL, 0x0000000084210000ULL, 0x0000000088880000ULL, 0x00000000f0000000ULL,
  0x0000000f00000000ULL, 0x000000f000000000ULL, 0x00000f0000000000ULL, 0x0000111100000000ULL,
  0x0000124800000000ULL, 0x0000222200000000ULL, 0x0000444400000000ULL, 0x0000842100000000ULL,
  0x0000888800000000ULL, 0x0000f00000000000ULL, 0x0001000100010001ULL, 0x0001000200040008ULL,
  0x0001001001001000ULL, 0x0001002004008000ULL, 0x0002000200020002ULL, 0x0002002002002000ULL,
  0x0004000400040004ULL, 0x0004004004004000ULL, 0x0008000400020001ULL, 0x0008000800080008ULL,
  0x0008004002001000ULL, 0x0008008008008000ULL, 0x000f000000000000ULL, 0x0010001000100010ULL,
  0x0010002000400080ULL, 0x0020002000200020ULL, 0x0040004000400040ULL, 0x0080004000200010ULL,
  0x0080008000800080ULL, 0x00f0000000000000ULL, 0x0100010001000100ULL, 0x0100020004000800ULL,
  0x0200020002000200ULL, 0x0400040004000400ULL, 0x0800040002000100ULL, 0x0800080008000800ULL,
  0x0f00000000000000ULL, 0x1000010000100001ULL, 0x1000020000400008ULL, 0x1000100010001000ULL,
  0x1000200040008000ULL, 0x1111000000000000ULL, 0x1248000000000000ULL, 0x2000020000200002ULL,
  0x2000200020002000ULL, 0x2222000000000000ULL, 0x4000040000400004ULL, 0x4000400040004000ULL,
  0x4444000000000000ULL, 0x8000040000200001ULL, 0x8000080000800008ULL, 0x8000400020001000ULL,
  0x8000800080008000ULL, 0x8421000000000000ULL, 0x8888000000000000ULL, 0xf000000000000000ULL,
};

/* The lines through each cell: 7 for the 8 corners and the 8 centre cells, 4 for the others. */
const uint8_t qubic_cell_lines[QB_CELLS][7] = {
  {0,3,7,30,38,57,69},{0,5,34,63,255,255,255},{0,6,36,66,255,255,255},{0,4,8,31,39,58,70},
  {1,3,43,47,255,255,255},{1,5,7,45,255,255,255},{1,4,6,46,255,255,255},{1,8,44,48,255,255,255},
  {2,3,50,54,255,255,255},{2,4,5,52,255,255,255},{2,6,7,53,255,255,255},{2,8,51,55,255,255,255},
  {3,4,9,32,40,59,71},{5,9,35,64,255,255,255},{6,9,37,67,255,255,255},{7,8,9,33,41,60,72},
  {10,13,17,30,255,255,255},{10,15,34,38,255,255,255},{10,16,31,36,255,255,255},{10,14,18,39,255,255,255},
  {11,13,43,57,255,255,255},{11,15,17,45,47,63,69},{11,14,16,44,46,58,66},{11,18,48,70,255,255,255},
  {12,13,32,50,255,255,255},{12,14,15,35,40,52,54},{12,16,17,33,37,51,53},{12,18,41,55,255,255,255},
  {13,14,19,59,255,255,255},{15,19,64,71,255,255,255},{16,19,60,67,255,255,255},{17,18,19,72,255,255,255},
  {20,23,27,30,255,255,255},{20,25,31,34,255,255,255},{20,26,36,38,255,255,255},{20,24,28,39,255,255,255},
  {21,23,32,43,255,255,255},{21,25,27,33,35,44,45},{21,24,26,37,40,46,47},{21,28,41,48,255,255,255},
  {22,23,50,57,255,255,255},{22,24,25,51,52,58,63},{22,26,27,53,54,66,69},{22,28,55,70,255,255,255},
  {23,24,29,59,255,255,255},{25,29,60,64,255,255,255},{26,29,67,71,255,255,255},{27,28,29,72,255,255,255},
  {30,31,32,33,42,61,73},{34,35,42,65,255,255,255},{36,37,42,68,255,255,255},{38,39,40,41,42,62,74},
  {43,44,49,61,255,255,255},{45,49,65,73,255,255,255},{46,49,62,68,255,255,255},{47,48,49,74,255,255,255},
  {50,51,56,61,255,255,255},{52,56,62,65,255,255,255},{53,56,68,73,255,255,255},{54,55,56,74,255,255,255},
  {57,58,59,60,61,62,75},{63,64,65,75,255,255,255},{66,67,68,75,255,255,255},{69,70,71,72,73,74,75}
};

static const sg_param qb_params[] = {
  {"one", SG_WEIGHTS, SG_PINT, offsetof(qb_cfg, one), -1000000, 1000000},
  {"two", SG_WEIGHTS, SG_PINT, offsetof(qb_cfg, two), -1000000, 1000000},
  {"three", SG_WEIGHTS, SG_PINT, offsetof(qb_cfg, three), -1000000, 1000000},
  {"fork", SG_WEIGHTS, SG_PINT, offsetof(qb_cfg, fork), -1000000, 1000000},
  {"tempo", SG_WEIGHTS, SG_PINT, offsetof(qb_cfg, tempo), -1000000, 1000000},
  {NULL, 0, 0, 0, 0, 0}
};

/* ---- lines, threats, symmetries ---- */

int qubic_has_line(uint64_t b) {
  for (int i = 0; i < QB_LINES; i++)
    if ((b & qubic_lines[i]) == qubic_lines[i])
      return 1;
  return 0;
}

/* Whether the mark just put on sq completes a line of b (only the lines through sq). */
static int qb_completes(uint64_t b, int sq) {
  for (int i = 0; i < 7 && qubic_cell_lines[sq][i] != 255; i++) {
    uint64_t l = qubic_lines[qubic_cell_lines[sq][i]];
    if ((b & l) == l)
      return 1;
  }
  return 0;
}

uint64_t qubic_threats(uint64_t mine, uint64_t theirs) {
  uint64_t r = 0;
  for (int i = 0; i < QB_LINES; i++) {
    uint64_t l = qubic_lines[i];
    if (!(l & theirs) && bits_count64(l & mine) == 3)
      r |= l & ~mine;
  }
  return r;
}

/* The 4 maps of one coordinate applied to all three together, one from each coset of the
   reversal v -> 3 - v in the 8 permutations of 0-3 that commute with it (identity, swap of the
   two inner values, swap of inner and outer values, and both): with the reversals of each axis
   (8) and the permutations of the axes (6) they make the 192 symmetries of the lines. */
static const uint8_t qb_inside_out[4][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {1, 0, 3, 2},
                                             {2, 0, 3, 1}};
static const uint8_t qb_axes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1},
                                      {2, 1, 0}};

/* Symmetry k = (axes * 8 + reversals) * 4 + inside-out map; k = 0 is the identity. */
int qubic_sym_cell(int k, int sq) {
  const uint8_t *u = qb_inside_out[k & 3];
  int refl = (k >> 2) & 7;
  const uint8_t *ax = qb_axes[k >> 5];
  int c[3] = {sq & 3, (sq >> 2) & 3, sq >> 4}, d[3];
  for (int i = 0; i < 3; i++) {
    int v = u[c[i]];
    d[i] = (refl >> i) & 1 ? 3 - v : v;
  }
  return d[ax[0]] | d[ax[1]] << 2 | d[ax[2]] << 4;
}

uint64_t qubic_sym_set(int k, uint64_t b) {
  uint64_t r = 0;
  for (; b; b &= b - 1)
    r |= BIT(qubic_sym_cell(k, bits_first64(b)));
  return r;
}


/* One pass over the 76 lines for both players: threats (the empty cell of a line of three),
   forks (empty cells on two or more lines of two) and the sum of the line weights w for x. */
typedef struct qb_scan {
  uint64_t threat[2], fork[2];
  int lines;
  uint8_t count[2][QB_LINES];   /* the marks of x and of o in each line */
} qb_scan;

/* The number of cells of a set of at most 4 (a line's part): no popcount instruction needed. */
static inline int qb_count4(uint64_t b) {
  int n = 0;
  for (; b; b &= b - 1)
    n++;
  return n;
}

static void qb_scan_lines(uint64_t x, uint64_t o, const int *w, qb_scan *r) {
  uint64_t once[2] = {0, 0}, twice[2] = {0, 0}, threat[2] = {0, 0};
  int v = 0;
  for (int i = 0; i < QB_LINES; i++) {
    uint64_t l = qubic_lines[i];
    uint64_t lx = l & x, lo = l & o;
    r->count[0][i] = (uint8_t)qb_count4(lx);
    r->count[1][i] = (uint8_t)qb_count4(lo);
    if (lx && lo)
      continue;
    int p = lo ? 1 : 0, c = r->count[p][i];
    v += p ? -w[c] : w[c];
    if (c == 3) {
      threat[p] |= l & ~(lx | lo);
    } else if (c == 2) {
      uint64_t e = l & ~(lx | lo);
      twice[p] |= once[p] & e;
      once[p] |= e;
    }
  }
  r->threat[0] = threat[0], r->threat[1] = threat[1];
  r->fork[0] = twice[0], r->fork[1] = twice[1];
  r->lines = v;
}

/* ---- the class's functions ---- */

/* The Zobrist key of a mark of player p on cell sq: a fixed mix of (p, sq), no table. */
static uint64_t qb_mark_key(int p, int sq) {
  uint64_t z = (uint64_t)(p * 64 + sq + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint64_t qb_key_of(const qb_state *s) {
  uint64_t k = 0;
  for (int p = 0; p < 2; p++)
    for (uint64_t b = s->mark[p]; b; b &= b - 1)
      k ^= qb_mark_key(p, bits_first64(b));
  return k;
}

static int qb_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int qb_to_move(const void *cfg, const void *st) {
  const qb_state *s = st;
  (void)cfg;
  return s->plies & 1;
}

static sg_status qb_status(const void *cfg, const void *st, int *winner) {
  const qb_state *s = st;
  (void)cfg;
  if (winner)
    *winner = s->winner;
  if (s->winner >= 0)
    return SG_WON;
  return s->plies == QB_CELLS ? SG_DRAWN : SG_PLAYING;
}

/* Every empty cell, in index order; none once the game is over. */
static int qb_gen(const void *cfg, const void *st, sg_move *out) {
  const qb_state *s = st;
  (void)cfg;
  if (s->winner >= 0)
    return 0;
  int n = 0;
  for (uint64_t e = ~(s->mark[0] | s->mark[1]); e; e &= e - 1)
    out[n++] = (sg_move)bits_first64(e);
  return n;
}

static void qb_play(const void *cfg, void *st, sg_move m) {
  qb_state *s = st;
  (void)cfg;
  int p = s->plies & 1;
  s->mark[p] |= BIT(m);
  s->key ^= qb_mark_key(p, (int)m);
  s->plies++;
  s->last = (int8_t)m;
  if (qb_completes(s->mark[p], (int)m))
    s->winner = (int8_t)p;
}

/* The value of the lines for x: each line free of o scores by the number of x's marks in it
   (one, two, three), and the same for o against; each fork cell (a double threat in one move)
   counts `fork`; the player to move gets `tempo`. */
static void qb_eval(const void *cfg, const void *st, int *scores) {
  const qb_cfg *c = cfg;
  const qb_state *s = st;
  const int w[4] = {0, c->one, c->two, c->three};
  qb_scan r;
  qb_scan_lines(s->mark[0], s->mark[1], w, &r);
  int v = r.lines;
  v += c->fork * (bits_count64(r.fork[0]) - bits_count64(r.fork[1]));
  v += (s->plies & 1) ? -c->tempo : c->tempo;
  scores[0] = v;
  scores[1] = -v;
}

static uint64_t qb_hash(const void *cfg, const void *st) {
  const qb_state *s = st;
  (void)cfg;
  return s->key;
}

/* Move ordering: an immediate win first, then the block of the opponent's threat, a double
   threat, the block of the opponent's fork, moves that make a three, then cells by the lines
   still open through them (the corners and centre cells lie on 7). */
static void qb_order(const void *cfg, const void *st, sg_move *moves, int n) {
  const qb_state *s = st;
  (void)cfg;
  int p = s->plies & 1;
  static const int none[4] = {0, 0, 0, 0};
  qb_scan r;
  qb_scan_lines(s->mark[0], s->mark[1], none, &r);
  uint64_t win = r.threat[p], block = r.threat[p ^ 1], fork = r.fork[p], ofork = r.fork[p ^ 1];
  int key[QB_CELLS];
  for (int i = 0; i < n; i++) {
    int sq = (int)moves[i], k = 0;
    uint64_t b = BIT(sq);
    k += (win & b) ? 1 << 20 : (block & b) ? 1 << 19 : (fork & b) ? 1 << 18 : 0;
    k += (ofork & b) ? 1 << 17 : 0;
    for (int j = 0; j < 7 && qubic_cell_lines[sq][j] != 255; j++) {
      int li = qubic_cell_lines[sq][j];
      int nm = r.count[p][li], no = r.count[p ^ 1][li];
      if (!no)
        k += nm == 2 ? 1 << 12 : 4 << (2 * nm);
      if (!nm)
        k += 3 << (2 * no);
    }
    key[i] = k;
  }
  for (int i = 1; i < n; i++) {   /* insertion sort, stable: equal keys keep index order */
    sg_move m = moves[i];
    int k = key[i], j = i;
    for (; j > 0 && key[j - 1] < k; j--)
      moves[j] = moves[j - 1], key[j] = key[j - 1];
    moves[j] = m, key[j] = k;
  }
}

/* Not quiet: the player to move can complete a line or must block one (forcing moves are
   searched past the depth limit, so a sequence of threats is seen to its end). */
static int qb_unquiet(const void *cfg, const void *st) {
  const qb_state *s = st;
  (void)cfg;
  static const int none[4] = {0, 0, 0, 0};
  qb_scan r;
  qb_scan_lines(s->mark[0], s->mark[1], none, &r);
  return (r.threat[0] | r.threat[1]) != 0;
}

/* ---- notation ---- */

void qubic_cell_name(int sq, char *buf) {
  buf[0] = (char)('1' + (sq >> 4));
  buf[1] = (char)('a' + (sq & 3));
  buf[2] = (char)('1' + ((sq >> 2) & 3));
  buf[3] = '\0';
}

int qubic_cell_parse(const char *t) {
  if (strlen(t) != 3)
    return -1;
  int layer = t[0] - '1', col = (t[1] | 0x20) - 'a', row = t[2] - '1';
  if (layer < 0 || layer > 3 || col < 0 || col > 3 || row < 0 || row > 3)
    return -1;
  return layer * 16 + row * 4 + col;
}

#define QB_CELL_EXPECTED "expected a cell name: layer 1-4, column a-d, row 1-4, e.g. 2b3"

/* Why a name is not a cell: what is wrong with it. */
static void qb_bad_cell(const char *t, char *err) {
  size_t n = strlen(t);
  const char *why = "not a cell name";
  char tmp[80];
  if (n == 3) {
    if (t[0] < '1' || t[0] > '4') {
      snprintf(tmp, sizeof tmp, "layer '%c' is outside the cube", t[0]);
      why = tmp;
    } else if ((t[1] | 0x20) < 'a' || (t[1] | 0x20) > 'd') {
      snprintf(tmp, sizeof tmp, "column '%c' is outside the cube", t[1]);
      why = tmp;
    } else {
      snprintf(tmp, sizeof tmp, "row '%c' is outside the cube", t[2]);
      why = tmp;
    }
  }
  snprintf(err, SG_ERRLEN, "illegal move '%.40s': %s; %s", t, why, QB_CELL_EXPECTED);
}

static int qb_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const qb_state *s = st;
  (void)cfg;
  int sq = qubic_cell_parse(text);
  if (sq < 0) {
    qb_bad_cell(text, err);
    return -1;
  }
  if (qb_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  for (int p = 0; p < 2; p++)
    if (s->mark[p] & BIT(sq)) {
      char name[4];
      qubic_cell_name(sq, name);
      snprintf(err, SG_ERRLEN, "illegal move '%s': cell %s is taken by %c; expected an empty "
               "cell", text, name, p ? 'o' : 'x');
      return -1;
    }
  *m = (sg_move)sq;
  return 0;
}

static void qb_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  char name[4];
  (void)cfg, (void)st;
  qubic_cell_name((int)m, name);
  snprintf(buf, n, "%s", name);
}

/* ---- position text ---- */

static char qb_cell(const qb_state *s, int sq) {
  return (s->mark[0] & BIT(sq)) ? 'x' : (s->mark[1] & BIT(sq)) ? 'o' : '.';
}

/* Position text: the four layers bottom (1) to top (4) separated by '/', each of 16 cells x, o
   or '.' in the order a1 b1 c1 d1 a2 ... d4, then a space and the player to move (x or o). */
static size_t qb_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const qb_state *s = st;
  char t[QB_CELLS + 8];
  int k = 0;
  (void)cfg;
  for (int sq = 0; sq < QB_CELLS; sq++) {
    if (sq && !(sq & 15))
      t[k++] = '/';
    t[k++] = qb_cell(s, sq);
  }
  t[k++] = ' ';
  t[k++] = (s->plies & 1) ? 'o' : 'x';
  t[k] = '\0';
  return (size_t)snprintf(buf, n, "%s", t);
}

#define QB_EXPECTED "expected 4 layers (bottom to top) of 16 cells (x, o or .) separated by " \
  "'/', then the player to move, e.g. .....x/// o (a short layer is filled with .)"

/* Read the cells and the player to move into s; the checks of what is possible come after. */
static int qb_read(qb_state *s, const char *pos, char *err) {
  int layer = 0, i = 0;
  const char *p = pos;
  for (; *p && *p != ' '; p++) {
    if (*p == '/') {
      if (layer == 3) {
        snprintf(err, SG_ERRLEN, "position: layers: more than 4; %s", QB_EXPECTED);
        return -1;
      }
      layer++, i = 0;
      continue;
    }
    if (i == 16) {
      snprintf(err, SG_ERRLEN, "position: layer %d: more than 16 cells; %s", layer + 1,
               QB_EXPECTED);
      return -1;
    }
    int who = (*p == 'x' || *p == 'X') ? 0 : (*p == 'o' || *p == 'O') ? 1 : *p == '.' ? -1 : -2;
    if (who == -2) {
      snprintf(err, SG_ERRLEN, "position: layer %d: unknown cell '%c'; %s", layer + 1, *p,
               QB_EXPECTED);
      return -1;
    }
    if (who >= 0)
      s->mark[who] |= BIT(layer * 16 + i);
    i++;
  }
  if (layer != 3) {
    snprintf(err, SG_ERRLEN, "position: layers: %d; %s", layer + 1, QB_EXPECTED);
    return -1;
  }
  int nx = bits_count64(s->mark[0]), no = bits_count64(s->mark[1]);
  while (*p == ' ')
    p++;
  if (*p) {
    int side = (p[0] == 'x' || p[0] == 'X') ? 0 : (p[0] == 'o' || p[0] == 'O') ? 1 : -1;
    if (side < 0 || p[1]) {
      snprintf(err, SG_ERRLEN, "position: player to move: '%.20s'; expected x or o", p);
      return -1;
    }
    if (side != (nx != no)) {
      snprintf(err, SG_ERRLEN, "position: player to move: %c, but x has %d marks and o %d; "
               "expected x to move when both have as many, o when x has one more",
               side ? 'o' : 'x', nx, no);
      return -1;
    }
  }
  if (nx != no && nx != no + 1) {
    snprintf(err, SG_ERRLEN, "position: marks: x has %d and o %d; expected as many x as o or "
             "one more (x moves first)", nx, no);
    return -1;
  }
  int fx = qubic_has_line(s->mark[0]), fo = qubic_has_line(s->mark[1]);
  if ((fx && fo) || (fx && nx != no + 1) || (fo && nx != no)) {
    snprintf(err, SG_ERRLEN, "position: lines: %s; expected play to stop at the first line",
             fx && fo ? "both players have a line"
             : "the player with a line did not move last");
    return -1;
  }
  s->plies = (int8_t)(nx + no);
  s->winner = (int8_t)(fx ? 0 : fo ? 1 : -1);
  return 0;
}

static int qb_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  qb_state s;
  (void)cfg, (void)seed;
  memset(&s, 0, sizeof s);
  s.winner = -1;
  s.last = -1;
  if (pos && qb_read(&s, pos, err) < 0)
    return -1;
  s.key = qb_key_of(&s);
  memcpy(st, &s, sizeof s);
  return 0;
}

/* ---- the diagram ---- */

/* The four layers side by side, layer 1 (bottom) on the left, row 4 at the top of each.  The
   last move is in brackets; an empty cell that completes a line of three (an open three) is
   '!' and the lines are listed below.  With colour each layer has its own background tint,
   darkest at the bottom layer, x red, o blue, the last move in reverse video. */
static size_t qb_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const qb_state *s = st;
  static const int tint[4] = {236, 239, 242, 245};
  uint64_t open = qubic_threats(s->mark[0], s->mark[1]) | qubic_threats(s->mark[1], s->mark[0]);
  size_t k = 0;
  (void)cfg;
#define OUT(...) (k += (size_t)snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__))
  for (int l = 0; l < 4; l++)
    OUT("%s  layer %d     ", l ? "    " : "", l + 1);
  OUT("\n");
  for (int row = 3; row >= 0; row--) {
    for (int l = 0; l < 4; l++) {
      OUT("%s%d ", l ? "    " : "", row + 1);
      if (colour)
        OUT("\033[48;5;%dm", tint[l]);
      for (int col = 0; col < 4; col++) {
        int sq = l * 16 + row * 4 + col;
        char c = qb_cell(s, sq);
        int last = sq == s->last;
        if (c == '.' && (open & BIT(sq)))
          c = '!';
        if (colour) {
          const char *fg = c == 'x' ? "\033[1;91m" : c == 'o' ? "\033[1;96m"
                           : c == '!' ? "\033[1;93m" : "\033[37m";
          OUT("%s%s%c%c%c\033[22;27;39m", fg, last ? "\033[7m" : "", last ? '[' : ' ', c,
              last ? ']' : ' ');
        } else {
          OUT("%c%c%c", last ? '[' : ' ', c, last ? ']' : ' ');
        }
      }
      if (colour)
        OUT("\033[0m");
    }
    OUT("\n");
  }
  for (int l = 0; l < 4; l++)
    OUT("%s   a  b  c  d ", l ? "    " : "");
  /* the open threes, each as its three marks and the empty cell */
  for (int i = 0; i < QB_LINES; i++) {
    uint64_t l = qubic_lines[i];
    for (int p = 0; p < 2; p++)
      if (!(l & s->mark[p ^ 1]) && bits_count64(l & s->mark[p]) == 3) {
        char name[4];
        OUT("\nopen three of %c:", p ? 'o' : 'x');
        for (uint64_t b = l; b; b &= b - 1) {
          qubic_cell_name(bits_first64(b), name);
          OUT(" %s%s", name, (s->mark[p] & (b & -b)) ? "" : "!");
        }
      }
  }
#undef OUT
  return k;
}

/* ---- symmetries ---- */

static void qb_sym_state(const void *cfg, const void *st, void *out, int k) {
  qb_state s;
  (void)cfg;
  memcpy(&s, st, sizeof s);
  if (k) {
    s.mark[0] = qubic_sym_set(k, s.mark[0]);
    s.mark[1] = qubic_sym_set(k, s.mark[1]);
    if (s.last >= 0)
      s.last = (int8_t)qubic_sym_cell(k, s.last);
    s.key = qb_key_of(&s);
  }
  memcpy(out, &s, sizeof s);
}

static sg_move qb_sym_move(const void *cfg, const void *st, sg_move m, int k) {
  (void)cfg, (void)st;
  return (sg_move)qubic_sym_cell(k, (int)m);
}

/* ---- perft ---- */

typedef struct qb_walk {
  uint64_t nodes;
  int stopped;
} qb_walk;

/* Perft on the two sets alone: at the last ply every empty cell is one sequence. */
static uint64_t qb_perft_rec(qb_walk *w, uint64_t mine, uint64_t theirs, int depth) {
  uint64_t empty = ~(mine | theirs), total = 0;
  if (depth == 1)
    return (uint64_t)bits_count64(empty);
  if ((++w->nodes & 0xfff) == 0 && interrupt_pending())
    w->stopped = 1;
  if (w->stopped)
    return 0;
  for (; empty; empty &= empty - 1) {
    int sq = bits_first64(empty);
    uint64_t now = mine | BIT(sq);
    if (!qb_completes(now, sq))
      total += qb_perft_rec(w, theirs, now, depth - 1);
  }
  return total;
}

static uint64_t qb_perft(const void *cfg, const void *st, int depth) {
  const qb_state *s = st;
  (void)cfg;
  if (s->winner >= 0 || s->plies == QB_CELLS)
    return 0;
  if (depth == 0)
    return 1;
  qb_walk w = {0, 0};
  int p = s->plies & 1;
  uint64_t r = qb_perft_rec(&w, s->mark[p], s->mark[p ^ 1], depth);
  return w.stopped ? UINT64_MAX : r;
}

const sg_class qubic_class = {
  .name = "qubic",
  .state_size = sizeof(qb_state),
  .cfg_size = sizeof(qb_cfg),
  .max_moves = QB_CELLS,
  .params = qb_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_SYMMETRY | SG_HOOK_ORDER | SG_HOOK_UNQUIET | SG_HOOK_PERFT,
  .init = qb_init,
  .check_cfg = NULL,
  .players = qb_players,
  .to_move = qb_to_move,
  .gen = qb_gen,
  .play = qb_play,
  .status = qb_status,
  .eval = qb_eval,
  .hash = qb_hash,
  .parse = qb_parse,
  .format = qb_format,
  .save_pos = qb_save_pos,
  .draw = qb_draw,
  .nsym = QB_NSYM,
  .sym_state = qb_sym_state,
  .sym_move = qb_sym_move,
  .order = qb_order,
  .unquiet = qb_unquiet,
  .perft = qb_perft,
  .perft_end_leaf = 0,
};
