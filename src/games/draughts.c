/* draughts.c: English draughts rules on 32-square bitboards (Blunt 1989, section 9.1.1):
   compulsory capture or the huffing variant, PDN notation and positions, evaluation. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "core/buf.h"
#include "core/hash.h"
#include "core/postok.h"
#include "core/score.h"
#include "draughts.h"

/* The most legal moves of any state.  A capture route never lands on the same square twice
   by the same jump, and its captured squares are distinct; with every capturable square held
   by an enemy and every landing square empty, a king has at most 51 routes (prefixes
   included) from any square, counted by brute force over the board.  Twelve pieces, each
   with those routes and 4 plain moves (the huff variant lists both), and 12 huffs. */
#define DR_MAX_MOVES (12 * (51 + 4) + 12)

#define ROW_TOP 0x0000000fu      /* squares 1-4: Black's home row, White crowns here */
#define ROW_BOTTOM 0xf0000000u   /* squares 29-32: White's home row, Black crowns here */
#define CENTRE 0x00666600u       /* 10, 11, 14, 15, 18, 19, 22, 23 */

static const sg_param dr_params[] = {
  {"draw_moves", SG_RULES, SG_PINT, offsetof(dr_cfg, draw_moves), 1, 10000},
  {"man", SG_WEIGHTS, SG_PINT, offsetof(dr_cfg, man), -100000, 100000},
  {"king", SG_WEIGHTS, SG_PINT, offsetof(dr_cfg, king), -100000, 100000},
  {"advance", SG_WEIGHTS, SG_PINT, offsetof(dr_cfg, advance), -100000, 100000},
  {"back_row", SG_WEIGHTS, SG_PINT, offsetof(dr_cfg, back_row), -100000, 100000},
  {"centre", SG_WEIGHTS, SG_PINT, offsetof(dr_cfg, centre), -100000, 100000},
  {"trade", SG_WEIGHTS, SG_PINT, offsetof(dr_cfg, trade), -100000, 100000},
  {"capture", SG_VARIANT, SG_PINT, offsetof(dr_cfg, capture), 0, 1},
  {NULL, 0, 0, 0, 0, 0}
};

static const char *const side_name[2] = {"black", "white"};

static int popcount32(uint32_t x) { return bits_count32(x); }
static uint32_t bit(int sq) { return 1u << sq; }

/* Board geometry: row 0 at the top; row 0 uses columns 1, 3, 5, 7 (0-based), row 1 columns
   0, 2, 4, 6, alternating. */
static int sq_row(int sq) { return sq >> 2; }

/* The square k steps from s in direction d (bit 0: higher column, bit 1: higher row), or -1
   off the board, as integer constant expressions: the tables below are filled in by the
   compiler, so generation never works out a row or a column. */
#define G_ROW(s) ((s) >> 2)
#define G_COL(s) (2 * ((s) & 3) + !((s) >> 2 & 1))
#define G_AT(r, c) ((r) < 0 || (r) > 7 || (c) < 0 || (c) > 7 ? -1 : (r) * 4 + (c) / 2)
#define G_STEP(s, d, k) \
  G_AT(G_ROW(s) + (k) * ((d) & 2 ? 1 : -1), G_COL(s) + (k) * ((d) & 1 ? 1 : -1))
#define G_BIT(s, d, k) (G_STEP(s, d, k) < 0 ? 0u : 1u << (G_STEP(s, d, k) & 31))
#define G_SQ(f, s, k) {f(s, 0, k), f(s, 1, k), f(s, 2, k), f(s, 3, k)}
#define G_ROW4(f, s, k) \
  G_SQ(f, s, k), G_SQ(f, (s) + 1, k), G_SQ(f, (s) + 2, k), G_SQ(f, (s) + 3, k)
#define G_BOARD(f, k) \
  {G_ROW4(f, 0, k), G_ROW4(f, 4, k), G_ROW4(f, 8, k), G_ROW4(f, 12, k), \
   G_ROW4(f, 16, k), G_ROW4(f, 20, k), G_ROW4(f, 24, k), G_ROW4(f, 28, k)}

/* next_sq[sq][d]: the neighbour in direction d; land_sq[sq][d]: where a jump that way lands;
   next_bit and land_bit: the same as sets (0 off the board). */
static const signed char next_sq[32][4] = G_BOARD(G_STEP, 1);
static const signed char land_sq[32][4] = G_BOARD(G_STEP, 2);
static const uint32_t next_bit[32][4] = G_BOARD(G_BIT, 1);
static const uint32_t land_bit[32][4] = G_BOARD(G_BIT, 2);

#undef G_BOARD
#undef G_ROW4
#undef G_SQ
#undef G_BIT
#undef G_STEP
#undef G_AT
#undef G_COL
#undef G_ROW

/* The same steps for whole sets of squares.  A step down is a shift by 4 plus, by the row's
   parity, 5 (even rows, toward higher columns) or 3 (odd rows, toward lower ones); a step up
   mirrors it.  The masks keep the rows apart and drop the pieces on the edge column the step
   would leave by; the top and bottom edges fall off the 32 bits by themselves. */
#define EVEN_ROWS 0x0f0f0f0fu    /* rows 0, 2, 4, 6: columns 1, 3, 5, 7 */
#define ODD_ROWS 0xf0f0f0f0u     /* rows 1, 3, 5, 7: columns 0, 2, 4, 6 */
#define LEFT_EDGE 0x10101010u     /* column 0: 5, 13, 21, 29 */
#define RIGHT_EDGE 0x08080808u    /* column 7: 4, 12, 20, 28 */

/* Direction 0: up, toward lower columns; 1: up, higher; 2: down, lower; 3: down, higher. */
static uint32_t up_lo(uint32_t x) {
  return (x & EVEN_ROWS) >> 4 | (x & ODD_ROWS & ~LEFT_EDGE) >> 5;
}
static uint32_t up_hi(uint32_t x) {
  return (x & EVEN_ROWS & ~RIGHT_EDGE) >> 3 | (x & ODD_ROWS) >> 4;
}
static uint32_t down_lo(uint32_t x) {
  return (x & EVEN_ROWS) << 4 | (x & ODD_ROWS & ~LEFT_EDGE) << 3;
}
static uint32_t down_hi(uint32_t x) {
  return (x & EVEN_ROWS & ~RIGHT_EDGE) << 5 | (x & ODD_ROWS) << 4;
}

/* The pieces of `side` that may step up and those that may step down: men go forward only
   (Black down the board, White up), kings every way. */
static void goers(const dr_state *s, int side, uint32_t *up, uint32_t *down) {
  uint32_t all = s->piece[side], kings = all & s->kings;
  *up = side == 0 ? kings : all;
  *down = side == 0 ? all : kings;
}

/* The directions a piece may take (bit d: direction d). */
static int dir_mask(int side, int king) { return king ? 15 : side == 0 ? 12 : 3; }

static uint32_t crown_row(int side) { return side == 0 ? ROW_BOTTOM : ROW_TOP; }

/* The pieces of `side` that have a capture available: a piece jumps in direction d when the
   square that way holds an enemy and the one beyond it is empty, i.e. when it stands one step
   back (the opposite direction) from an enemy that stands one step back from an empty
   square. */
static inline uint32_t capturers(const dr_state *s, int side) {
  uint32_t empty = ~(s->piece[0] | s->piece[1]), enemy = s->piece[side ^ 1], up, down;
  goers(s, side, &up, &down);
  return (up & (down_hi(enemy & down_hi(empty)) | down_lo(enemy & down_lo(empty)))) |
         (down & (up_hi(enemy & up_hi(empty)) | up_lo(enemy & up_lo(empty))));
}

static int has_plain_move(const dr_state *s, int side) {
  uint32_t empty = ~(s->piece[0] | s->piece[1]), up, down;
  goers(s, side, &up, &down);
  return ((up & (down_hi(empty) | down_lo(empty))) |
          (down & (up_hi(empty) | up_lo(empty)))) != 0;
}

/* Capture routes are found depth first; captured pieces stay on the board until the move
   ends, so they can be neither jumped again nor landed on. */
typedef struct route_ctx {
  int from, king, dirs;
  uint32_t enemy, empty, crown;
  sg_move *out;
  int n;
} route_ctx;

/* The directions in which the piece, standing on sq, can jump now (bit d: direction d). */
static unsigned jump_dirs(const route_ctx *x, int sq, uint32_t taken) {
  uint32_t prey = x->enemy & ~taken, empty = x->empty;
  const uint32_t *o = next_bit[sq], *l = land_bit[sq];
  unsigned dirs = (unsigned)((prey & o[0]) && (empty & l[0])) |
                  (unsigned)((prey & o[1]) && (empty & l[1])) << 1 |
                  (unsigned)((prey & o[2]) && (empty & l[2])) << 2 |
                  (unsigned)((prey & o[3]) && (empty & l[3])) << 3;
  return dirs & (unsigned)x->dirs;
}

/* Every route that goes on from sq by the jumps in dirs (not empty), nj jumps made so far. */
static void route_jumps(route_ctx *x, int sq, uint32_t taken, int nj, sg_move steps,
                        unsigned dirs) {
  for (; dirs; dirs &= dirs - 1) {
    int d = bits_first32(dirs), l = land_sq[sq][d];
    sg_move s2 = steps | (sg_move)d << (9 + 2 * nj);
    uint32_t t2 = taken | next_bit[sq][d];
    unsigned more = 0;
    if (x->king || !(x->crown & land_bit[sq][d]))   /* a man crowned stops there */
      more = jump_dirs(x, l, t2);
    if (more)
      route_jumps(x, l, t2, nj + 1, s2, more);
    else
      x->out[x->n++] = s2 | (sg_move)(nj + 1) << 5 | (sg_move)x->from;
  }
}

/* Every move of the side to move, without asking whether the game is over: huffs first,
   then captures, then (unless a capture is compulsory) plain moves; pieces in square order,
   each piece's moves in direction order.  Only the pieces found able to jump or to step by
   the set computations above are visited. */
static int gen_moves(const dr_cfg *c, const dr_state *s, sg_move *out) {
  int side = s->side, n = 0;
  for (uint32_t b = s->huffable; b; b &= b - 1)
    out[n++] = DR_HUFF_MOVE | (sg_move)bits_first32(b);
  uint32_t empty = ~(s->piece[0] | s->piece[1]), jumpers = capturers(s, side);
  if (jumpers) {
    route_ctx x = {0, 0, 0, s->piece[side ^ 1], 0, crown_row(side), out, n};
    for (uint32_t b = jumpers; b; b &= b - 1) {
      x.from = bits_first32(b);
      x.king = s->kings >> x.from & 1;
      x.dirs = dir_mask(side, x.king);
      x.empty = empty | bit(x.from);   /* a king may come back */
      route_jumps(&x, x.from, 0, 0, 0, jump_dirs(&x, x.from, 0));
    }
    if (c->capture == DR_COMPULSORY)
      return x.n;
    n = x.n;
  }
  uint32_t up, down, to[4];   /* to[d]: the pieces that can step in direction d */
  goers(s, side, &up, &down);
  to[0] = up & down_hi(empty);
  to[1] = up & down_lo(empty);
  to[2] = down & up_hi(empty);
  to[3] = down & up_lo(empty);
  uint32_t movers = to[0] | to[1] | to[2] | to[3];
  for (uint32_t b = movers; b; b &= b - 1) {
    int sq = bits_first32(b);
    unsigned dirs = (to[0] >> sq & 1) | (to[1] >> sq & 1) << 1 | (to[2] >> sq & 1) << 2 |
                    (to[3] >> sq & 1) << 3;
    for (; dirs; dirs &= dirs - 1)
      out[n++] = (sg_move)bits_first32(dirs) << 9 | (sg_move)sq;
  }
  return n;
}

static const dr_state *S(const void *st) { return st; }

static int dr_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int dr_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return S(st)->side;
}

/* A player with nothing to move loses (a huff that took the opponent's last piece wins at
   once); the draw rule counts only when the side to move could still move. */
static sg_status dr_status(const void *cfg, const void *st, int *winner) {
  const dr_cfg *c = cfg;
  const dr_state *s = st;
  int me = s->side;
  if (winner)
    *winner = -1;
  int lost = s->piece[me] == 0 ||
             (!s->huffable && !has_plain_move(s, me) && !capturers(s, me));
  if (lost || s->piece[me ^ 1] == 0) {
    if (winner)
      *winner = lost ? me ^ 1 : me;
    return SG_WON;
  }
  if (s->quiet >= 2 * c->draw_moves)
    return SG_DRAWN;
  return SG_PLAYING;
}

static int dr_gen(const void *cfg, const void *st, sg_move *out) {
  const dr_cfg *c = cfg;
  const dr_state *s = st;
  if (s->piece[0] == 0 || s->piece[1] == 0)
    return 0;
  int n = gen_moves(c, s, out);
  return s->quiet >= 2 * c->draw_moves ? 0 : n;
}

/* The squares a move visits (start, then every landing square); returns their number. */
static int move_route(sg_move m, int *sqs) {
  int sq = (int)(m & 31), nj = (int)(m >> 5 & 15), k = 0;
  sqs[k++] = sq;
  if (nj == 0) {
    sqs[k++] = next_sq[sq][m >> 9 & 3];
    return k;
  }
  for (int j = 0; j < nj; j++) {
    int d = (int)(m >> (9 + 2 * j) & 3);
    sq = land_sq[sq][d];
    sqs[k++] = sq;
  }
  return k;
}

static void dr_play(const void *cfg, void *st, sg_move m) {
  const dr_cfg *c = cfg;
  dr_state *s = st;
  int me = s->side;
  if (m & DR_HUFF_MOVE) {   /* the turn goes on: the huffer still makes a move */
    uint32_t b = bit((int)(m & 31));
    s->piece[me ^ 1] &= ~b;
    s->kings &= ~b;
    s->huffable = 0;
    s->quiet = 0;
    return;
  }
  uint32_t could = c->capture == DR_HUFF ? capturers(s, me) : 0;
  int from = (int)(m & 31), nj = (int)(m >> 5 & 15), sq = from;
  uint32_t taken = 0;
  if (nj == 0)
    sq = next_sq[from][m >> 9 & 3];
  for (int j = 0; j < nj; j++) {
    int d = (int)(m >> (9 + 2 * j) & 3);
    taken |= next_bit[sq][d];
    sq = land_sq[sq][d];
  }
  int king = s->kings >> from & 1;
  s->piece[me] = (s->piece[me] & ~bit(from)) | bit(sq);
  s->piece[me ^ 1] &= ~taken;
  s->kings &= ~taken & ~bit(from);
  int crowned = !king && (crown_row(me) & bit(sq));
  if (king || crowned)
    s->kings |= bit(sq);
  if (taken || crowned)
    s->quiet = 0;
  else if (s->quiet < UINT16_MAX)
    s->quiet++;
  /* huffable: the pieces that could have captured and did not; one that moved instead is
     taken where it went */
  uint32_t h = could & ~bit(from);
  if (nj == 0 && (could >> from & 1))
    h |= bit(sq);
  s->huffable = h;
  s->side = (uint8_t)(me ^ 1);
}

/* Material, advance of the men, the back row kept, the centre held, and a pull toward
   exchanges for the side ahead; from Black's point of view, then {s, -s}. */
static void dr_eval(const void *cfg, const void *st, int *scores) {
  const dr_cfg *c = cfg;
  const dr_state *s = st;
  long v = 0, material[2];
  for (int col = 0; col < 2; col++) {
    uint32_t men = s->piece[col] & ~s->kings, kings = s->piece[col] & s->kings;
    long adv = 0;
    for (uint32_t b = men; b; b &= b - 1) {
      int r = sq_row(bits_first32(b));
      adv += col == 0 ? r : 7 - r;
    }
    material[col] = (long)c->man * popcount32(men) + (long)c->king * popcount32(kings);
    long x = material[col] + c->advance * adv +
             (long)c->back_row * popcount32(men & (col == 0 ? ROW_TOP : ROW_BOTTOM)) +
             (long)c->centre * popcount32(s->piece[col] & CENTRE);
    v += col == 0 ? x : -x;
  }
  long off = 24 - popcount32(s->piece[0] | s->piece[1]);
  if (material[0] != material[1])
    v += (material[0] > material[1] ? 1 : -1) * (long)c->trade * off;
  v = score_clamp(v, SG_EVAL_MAX / 2);
  scores[0] = (int)v;
  scores[1] = (int)-v;
}

/* The whole state: pieces, kings, huffable set, side and the no-progress counter (so a
   table entry never mixes positions nearer and farther from the draw). */
static uint64_t dr_hash(const void *cfg, const void *st) {
  const dr_state *s = st;
  (void)cfg;
  uint64_t a = (uint64_t)s->piece[0] | (uint64_t)s->piece[1] << 32;
  uint64_t b = (uint64_t)s->kings | (uint64_t)s->huffable << 32;
  uint64_t c = (uint64_t)s->side | (uint64_t)s->quiet << 8;
  return hash_mix64(a ^ hash_mix64(b ^ hash_mix64(c + 0x9e3779b97f4a7c15ULL)));
}

/* A capture pending, or (huff variant) a huff on offer: material is about to change. */
static int dr_unquiet(const void *cfg, const void *st) {
  const dr_state *s = st;
  (void)cfg;
  return s->huffable || capturers(s, s->side) != 0;
}

/* Huffs first, then longer captures, crowning moves before the rest (stable). */
static void dr_order(const void *cfg, const void *st, sg_move *ms, int n) {
  const dr_state *s = st;
  (void)cfg;
  int key[DR_MAX_MOVES], sqs[DR_MAX_JUMPS + 2];
  for (int i = 0; i < n; i++) {
    if (ms[i] & DR_HUFF_MOVE) {
      key[i] = 100;
      continue;
    }
    int k = move_route(ms[i], sqs), from = sqs[0], last = sqs[k - 1];
    int crowns = !(s->kings >> from & 1) && (crown_row(s->side) & bit(last));
    key[i] = 4 * (int)(ms[i] >> 5 & 15) + 3 * crowns;
  }
  for (int i = 1; i < n; i++) {
    sg_move m = ms[i];
    int k = key[i], j = i;
    while (j > 0 && key[j - 1] < k) {
      ms[j] = ms[j - 1], key[j] = key[j - 1];
      j--;
    }
    ms[j] = m, key[j] = k;
  }
}

/* For the shared alpha-beta: huffs, captures and crowning moves are noisy (the order above:
   huffs, longer captures, crownings), so the search tries them first and never reduces them;
   killers and history order the quiet rest. */
static int dr_tactical(const void *cfg, const void *st, sg_move m, int *key) {
  const dr_state *s = st;
  int sqs[DR_MAX_JUMPS + 2];
  (void)cfg;
  if (m & DR_HUFF_MOVE) {
    *key = 100;
    return 1;
  }
  int k = move_route(m, sqs), from = sqs[0], last = sqs[k - 1];
  int crowns = !(s->kings >> from & 1) && (crown_row(s->side) & bit(last));
  int jumps = (int)(m >> 5 & 15);
  if (!jumps && !crowns)
    return 0;
  *key = 1 + 4 * jumps + 3 * crowns;
  return 1;
}

static void dr_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  int sqs[DR_MAX_JUMPS + 2];
  (void)cfg, (void)st;
  if (m & DR_HUFF_MOVE) {
    snprintf(buf, n, "huff %d", (int)(m & 31) + 1);
    return;
  }
  int k = move_route(m, sqs), sep = (m >> 5 & 15) ? 'x' : '-';
  size_t at = 0;
  at += (size_t)snprintf(buf, n, "%d", sqs[0] + 1);
  for (int i = 1; i < k && at < n; i++)
    at += (size_t)snprintf(buf + at, n - at, "%c%d", sep, sqs[i] + 1);
}

/* Up to six moves of ms (those with keep[i]) in full, joined by "or". */
static void list_moves(const void *cfg, const void *st, const sg_move *ms, int n,
                       const char *keep, char *buf, size_t size) {
  size_t at = 0;
  int shown = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < size; i++) {
    if (!keep[i])
      continue;
    char one[64];
    if (shown == 6) {
      snprintf(buf + at, size - at, " or ...");
      return;
    }
    dr_format(cfg, st, ms[i], one, sizeof one);
    at += (size_t)snprintf(buf + at, size - at, "%s%s", shown ? " or " : "", one);
    shown++;
  }
}

/* A square number 1-32 at *p (advanced past it), as 0-31; -1 when there is none. */
static int read_square(const char **p) {
  if (!isdigit((unsigned char)**p))
    return -1;
  int v = 0, k = 0;
  while (isdigit((unsigned char)**p) && k < 3)
    v = v * 10 + (*(*p)++ - '0'), k++;
  return v >= 1 && v <= 32 && !isdigit((unsigned char)**p) ? v - 1 : -1;
}

/* The squares of a move text: "11-15" (plain, *sep '-') or "22x15x6" (*sep 'x'), or a huff
   ("huff 12", "h12": *sep 'h').  Returns the number of squares, 0 when malformed. */
static int read_move_text(const char *t, int *sqs, int *sep) {
  const char *p = t;
  if (tolower((unsigned char)*p) == 'h') {
    p++;
    if (strncmp(p, "uff", 3) == 0)
      p += 3;
    while (*p == ' ')
      p++;
    *sep = 'h';
    sqs[0] = read_square(&p);
    return sqs[0] >= 0 && *p == '\0' ? 1 : 0;
  }
  int k = 0;
  *sep = 0;
  for (;;) {
    int sq = read_square(&p);
    if (sq < 0 || k == DR_MAX_JUMPS + 1)
      return 0;
    sqs[k++] = sq;
    if (*p == '\0')
      break;
    int c = tolower((unsigned char)*p++);
    if ((c != '-' && c != 'x') || (*sep && c != *sep))
      return 0;
    *sep = c;
  }
  return k >= 2 && (*sep == 'x' || k == 2) ? k : 0;
}

/* Why the plain move a-b is not legal. */
static void explain_plain(const dr_cfg *c, const dr_state *s, const char *text, int a, int b,
                          const sg_move *ms, int n, char *err) {
  char list[200], keep[DR_MAX_MOVES] = {0};
  int caps = 0;
  for (int i = 0; i < n; i++)
    caps += keep[i] = (ms[i] >> 5 & 15) != 0 && !(ms[i] & DR_HUFF_MOVE);
  int d = -1;
  for (int k = 0; k < 4; k++)
    if (next_sq[a][k] == b)
      d = k;
  if (caps && c->capture == DR_COMPULSORY) {
    list_moves(c, s, ms, n, keep, list, sizeof list);
    snprintf(err, SG_ERRLEN, "illegal move '%s': a capture is compulsory: %.160s", text, list);
  } else if (d < 0)
    snprintf(err, SG_ERRLEN, "illegal move '%s': %d is not next to %d on a diagonal (a plain "
             "move goes one square; a capture is written with x)", text, b + 1, a + 1);
  else if ((s->piece[0] | s->piece[1]) >> b & 1)
    snprintf(err, SG_ERRLEN, "illegal move '%s': %d is occupied", text, b + 1);
  else
    snprintf(err, SG_ERRLEN, "illegal move '%s': a man moves only forward (toward %s); only "
             "a king moves back", text, s->side == 0 ? "32" : "1");
}

/* Why the capture route sqs[0..k) is not legal. */
static void explain_capture(const dr_cfg *c, const dr_state *s, const char *text,
                            const int *sqs, int k, const sg_move *ms, int n, char *err) {
  char list[200], keep[DR_MAX_MOVES] = {0};
  int route[DR_MAX_JUMPS + 2], longer = 0, shorter = -1, from_here = 0, caps = 0;
  for (int i = 0; i < n; i++) {
    keep[i] = 0;
    if (ms[i] & DR_HUFF_MOVE || !(ms[i] >> 5 & 15))
      continue;
    caps++;
    int rk = move_route(ms[i], route), same = 1;
    for (int j = 0; j < rk && j < k; j++)
      same &= route[j] == sqs[j];
    if (route[0] == sqs[0])
      from_here++;
    if (same && rk > k)
      keep[i] = 1, longer++;
    int crowned = !(s->kings >> route[0] & 1) && (crown_row(s->side) & bit(route[rk - 1]));
    if (same && rk < k && crowned)
      shorter = route[rk - 1];
  }
  if (longer) {
    list_moves(c, s, ms, n, keep, list, sizeof list);
    snprintf(err, SG_ERRLEN, "illegal move '%s': a multi-jump must be completed: %.120s", text,
             list);
  } else if (shorter >= 0)
    snprintf(err, SG_ERRLEN, "illegal move '%s': a man reaching the far row is crowned and "
             "the move ends there (at %d)", text, shorter + 1);
  else if (!from_here) {
    for (int i = 0; i < n; i++)
      keep[i] = !(ms[i] & DR_HUFF_MOVE) && (ms[i] >> 5 & 15);
    list_moves(c, s, ms, n, keep, list, sizeof list);
    snprintf(err, SG_ERRLEN, "illegal move '%s': the piece on %d has no capture (a jump "
             "needs an enemy piece next to it and an empty square beyond)%s%.100s", text,
             sqs[0] + 1, caps ? "; captures: " : "", caps ? list : "");
  } else {
    for (int i = 0; i < n; i++)
      keep[i] = !(ms[i] & DR_HUFF_MOVE) && (ms[i] >> 5 & 15) && (int)(ms[i] & 31) == sqs[0];
    list_moves(c, s, ms, n, keep, list, sizeof list);
    snprintf(err, SG_ERRLEN, "illegal move '%s': not a capture route of the piece on %d (a "
             "piece is jumped at most once; its captures: %.120s)", text, sqs[0] + 1, list);
  }
}

static int parse_huff(const dr_cfg *c, const dr_state *s, const char *text, int sq,
                      sg_move *m, char *err) {
  if (s->huffable >> sq & 1) {
    *m = DR_HUFF_MOVE | (sg_move)sq;
    return 0;
  }
  if (c->capture != DR_HUFF)
    snprintf(err, SG_ERRLEN, "illegal move '%s': there is no huffing when a capture is "
             "compulsory (variant capture = \"huff\" allows it)", text);
  else if (!s->huffable)
    snprintf(err, SG_ERRLEN, "illegal move '%s': no piece may be huffed now (only at the start "
             "of a turn, a piece that failed to take a capture)", text);
  else {
    char list[120];
    size_t at = 0;
    list[0] = '\0';
    for (uint32_t b = s->huffable; b && at < sizeof list; b &= b - 1)
      at += (size_t)snprintf(list + at, sizeof list - at, "%s%d", at ? ", " : "",
                             bits_first32(b) + 1);
    snprintf(err, SG_ERRLEN, "illegal move '%s': %d is not huffable (huffable: %s)", text,
             sq + 1, list);
  }
  return -1;
}

static int dr_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const dr_cfg *c = cfg;
  const dr_state *s = st;
  int sqs[DR_MAX_JUMPS + 2], sep, k = read_move_text(text, sqs, &sep);
  if (k == 0) {
    snprintf(err, SG_ERRLEN, "malformed move '%.40s': expected squares 1 to 32 joined by - "
             "or x, e.g. 11-15 or 22x15x6, or huff N", text);
    return -1;
  }
  if (dr_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  if (sep == 'h')
    return parse_huff(c, s, text, sqs[0], m, err);
  if (!(s->piece[s->side] >> sqs[0] & 1)) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': there is no %s piece on %d", text,
             side_name[s->side], sqs[0] + 1);
    return -1;
  }
  sg_move ms[DR_MAX_MOVES];
  char keep[DR_MAX_MOVES];
  int n = gen_moves(c, s, ms), found = 0;
  sg_move hit = 0;
  /* the full route matches exactly (format writes it); start and end alone may name a
     capture when only one route joins them */
  for (int i = 0; i < n; i++) {
    int route[DR_MAX_JUMPS + 2], capture = (ms[i] >> 5 & 15) != 0, same = 1;
    keep[i] = 0;
    if (ms[i] & DR_HUFF_MOVE || capture != (sep == 'x'))
      continue;
    int rk = move_route(ms[i], route);
    for (int j = 0; j < k && j < rk; j++)
      same &= route[j] == sqs[j];
    if (same && rk == k) {
      *m = ms[i];
      return 0;
    }
    if (k == 2 && route[0] == sqs[0] && route[rk - 1] == sqs[1])
      keep[i] = 1, found++, hit = ms[i];
  }
  if (found > 1) {
    char list[200];
    list_moves(cfg, st, ms, n, keep, list, sizeof list);
    snprintf(err, SG_ERRLEN, "ambiguous move '%s': several routes join %d and %d: %.120s (give "
             "the full route)", text, sqs[0] + 1, sqs[1] + 1, list);
    return -1;
  }
  if (found == 1) {
    *m = hit;
    return 0;
  }
  if (sep == '-')
    explain_plain(c, s, text, sqs[0], sqs[1], ms, n, err);
  else
    explain_capture(c, s, text, sqs, k, ms, n, err);
  return -1;
}

/* Position text (PDN FEN): "B:W21,22,...,K30:B1,2,...", side to move first; then, only when
   not empty or zero, ":H" and the huffable squares and ":C" and the plies since the last
   capture, crowning or huff. */
static size_t dr_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const dr_state *s = st;
  sg_buf out = buf_open(buf, n);
  (void)cfg;
  buf_printf(&out, "%c", s->side ? 'W' : 'B');
  for (int col = 1; col >= 0; col--) {
    buf_printf(&out, ":%c", col ? 'W' : 'B');
    int first = 1;
    for (uint32_t b = s->piece[col]; b; b &= b - 1, first = 0) {
      int sq = bits_first32(b);
      buf_printf(&out, "%s%s%d", first ? "" : ",",
                            s->kings >> sq & 1 ? "K" : "", sq + 1);
    }
  }
  if (s->huffable) {
    buf_printf(&out, ":H");
    for (uint32_t b = s->huffable; b; b &= b - 1)
      buf_printf(&out, "%d%s", bits_first32(b) + 1,
                            (b & (b - 1)) ? "," : "");
  }
  if (s->quiet)
    buf_printf(&out, ":C%d", s->quiet);
  return out.len;
}

#define SQUARES_EXPECTED "squares 1 to 32 separated by commas, ranges such as 1-12 allowed"

/* One field's list of squares (with K before a king when kings is not NULL, and ranges such as
   1-12) into *set; returns 0, or -1 with the error for the field named name. */
static int read_square_list(sg_span f, const char *name, uint32_t *set, uint32_t *kings,
                            char *err) {
  const char *p = f.p, *end = f.p + f.n;
  while (p < end) {
    int king = 0;
    const char *item = p;
    if (kings && (*p == 'K' || *p == 'k'))
      king = 1, p++;
    int a = read_square(&p), b = a;
    if (a >= 0 && *p == '-' && p + 1 < end) {
      p++;
      b = read_square(&p);
    }
    if (a < 0 || b < a || p > end || (p < end && *p != ',')) {
      const char *stop = memchr(item, ',', (size_t)(end - item));
      int len = (int)((stop ? stop : end) - item);
      return postok_error(err, SG_ERRLEN, name, kings ? SQUARES_EXPECTED ", K before a king"
                          : SQUARES_EXPECTED, "'%.*s' is not a square", len > 20 ? 20 : len,
                          item);
    }
    for (int sq = a; sq <= b; sq++) {
      if (*set >> sq & 1)
        return postok_error(err, SG_ERRLEN, name, "each square once",
                            "square %d is given twice", sq + 1);
      *set |= bit(sq);
      if (king)
        *kings |= bit(sq);
    }
    if (p < end)
      p++;   /* the comma */
  }
  return 0;
}

/* Read one field after the side to move (W, B, H or C and its contents) into s. */
static int read_field(sg_span f, dr_state *s, int *seen, char *err) {
  char k = f.n ? (char)toupper((unsigned char)f.p[0]) : '\0';
  const char *kinds = "WBHC", *at = k ? strchr(kinds, k) : NULL;
  if (!at)
    return postok_error(err, SG_ERRLEN, "field", "fields W, B, H or C after the side to "
                        "move", "'%.*s' starts with no field letter",
                        (int)(f.n > 20 ? 20 : f.n), f.p);
  int fi = (int)(at - kinds);
  char name[2] = {k, '\0'};
  if (seen[fi]++)
    return postok_error(err, SG_ERRLEN, name, "each field at most once",
                        "the field is given twice");
  sg_span rest = {f.p + 1, f.n - 1};
  if (fi == 3) {
    long v;
    if (span_int(rest, 0, UINT16_MAX, &v) != 0)
      return postok_error(err, SG_ERRLEN, name, "the plies since the last capture or crowning, "
                          "0 to 65535", "'%.*s' is not a count",
                          (int)(rest.n > 20 ? 20 : rest.n), rest.p);
    s->quiet = (uint16_t)v;
    return 0;
  }
  uint32_t set = 0;
  if (read_square_list(rest, name, &set, fi < 2 ? &s->kings : NULL, err) != 0)
    return -1;
  if (fi < 2 && ((s->piece[0] | s->piece[1]) & set))
    return postok_error(err, SG_ERRLEN, name, "each square for one side at most",
                        "square %d is given to both sides",
                        bits_first32((s->piece[0] | s->piece[1]) & set) + 1);
  if (fi < 2)
    s->piece[fi == 0 ? 1 : 0] = set;
  else
    s->huffable = set;
  return 0;
}

/* Read a position text (PDN FEN, dr_save_pos's form) into s; returns 0, or -1 with the
   error. */
static int read_position(const dr_cfg *c, const char *pos, dr_state *s, char *err) {
  char text[300];
  size_t len = strlen(pos);
  memset(s, 0, sizeof *s);
  if (len >= sizeof text)
    return postok_error(err, SG_ERRLEN, "text", "at most 299 characters", "%zu characters",
                        len);
  memcpy(text, pos, len + 1);
  if (len > 0 && text[len - 1] == '.')   /* PDN may close the position with a full stop */
    text[--len] = '\0';
  sg_postok t;
  sg_span f;
  postok_open(&t, text);
  postok_field(&t, ':', &f);
  char side = f.n == 1 ? (char)toupper((unsigned char)f.p[0]) : '\0';
  if (side != 'B' && side != 'W')
    return postok_error(err, SG_ERRLEN, "side", "B or W first, then ':'",
                        "'%.*s' is not the side to move", (int)(f.n > 20 ? 20 : f.n), f.p);
  s->side = side == 'W';
  int seen[4] = {0};   /* W, B, H, C */
  while (postok_field(&t, ':', &f))
    if (read_field(f, s, seen, err) != 0)
      return -1;
  if (!seen[0] || !seen[1])
    return postok_error(err, SG_ERRLEN, seen[0] ? "B" : "W", "a W field and a B field with "
                        "each side's squares", "the field is missing");
  for (int col = 0; col < 2; col++) {
    uint32_t men = s->piece[col] & ~s->kings & crown_row(col);
    const char *name = col ? "W" : "B";
    if (popcount32(s->piece[col]) > 12)
      return postok_error(err, SG_ERRLEN, name, "at most 12 pieces a side",
                          "%s has %d pieces", side_name[col], popcount32(s->piece[col]));
    if (men)
      return postok_error(err, SG_ERRLEN, name, "a king (K) on the far row",
                          "a %s man on %d would have been crowned", side_name[col],
                          bits_first32(men) + 1);
  }
  if (s->huffable && c->capture != DR_HUFF)
    return postok_error(err, SG_ERRLEN, "H", "no H field unless variant.capture is huff",
                        "huffable pieces need the huff variant");
  if (s->huffable & ~s->piece[s->side ^ 1])
    return postok_error(err, SG_ERRLEN, "H", "squares of the side that moved last",
                        "%d holds no piece of %s, who moved last",
                        bits_first32(s->huffable & ~s->piece[s->side ^ 1]) + 1,
                        side_name[s->side ^ 1]);
  return 0;
}

static int dr_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  dr_state s;
  (void)seed;
  if (!pos) {
    memset(&s, 0, sizeof s);
    s.piece[0] = 0x00000fffu;   /* 1-12 */
    s.piece[1] = 0xfff00000u;   /* 21-32 */
    memcpy(st, &s, sizeof s);
    return 0;
  }
  if (read_position(cfg, pos, &s, err) != 0)
    return -1;
  memcpy(st, &s, sizeof s);
  return 0;
}

/* The board as 8 rows of dark squares, with the PDN numbers beside it. */
static size_t dr_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const dr_cfg *c = cfg;
  const dr_state *s = st;
  sg_buf out = buf_open(buf, n);
  for (int r = 0; r < 8; r++) {
    buf_printf(&out, " ");
    for (int col = 0; col < 8; col++) {
      if ((r + col) % 2 == 0) {
        buf_printf(&out, "   ");
        continue;
      }
      int sq = r * 4 + col / 2, king = s->kings >> sq & 1;
      if (s->piece[0] >> sq & 1)
        buf_printf(&out, colour ? "  \033[1;31m%c\033[0m" : "  %c", king ? 'B' : 'b');
      else if (s->piece[1] >> sq & 1)
        buf_printf(&out, colour ? "  \033[1;37m%c\033[0m" : "  %c", king ? 'W' : 'w');
      else
        buf_printf(&out, "  .");
    }
    buf_printf(&out, "   ");
    for (int col = 0; col < 8; col++)
      if ((r + col) % 2)
        buf_printf(&out, "%3d", r * 4 + col / 2 + 1);
      else if (col < 7)   /* no trailing blanks */
        buf_printf(&out, "   ");
    buf_printf(&out, "\n");
  }
  int w;
  sg_status result = dr_status(cfg, st, &w);
  buf_printf(&out, "black (b, king B) %d, white (w, king W) %d, ", popcount32(s->piece[0]),
      popcount32(s->piece[1]));
  if (result == SG_PLAYING)
    buf_printf(&out, "%s to move", side_name[s->side]);
  else if (result == SG_DRAWN)
    buf_printf(&out, "drawn (%d moves each without a capture or crowning)", c->draw_moves);
  else
    buf_printf(&out, "%s wins", side_name[w]);
  buf_printf(&out, "\nno capture or crowning for %d plies (drawn at %d)", s->quiet, 2 * c->draw_moves);
  if (s->huffable) {
    buf_printf(&out, "; %s may huff", side_name[s->side]);
    for (uint32_t b = s->huffable; b; b &= b - 1)
      buf_printf(&out, " %d", bits_first32(b) + 1);
  }
  return out.len;
}

const sg_class draughts_class = {
  .name = "draughts",
  .state_size = sizeof(dr_state),
  .cfg_size = sizeof(dr_cfg),
  .max_moves = DR_MAX_MOVES,
  .params = dr_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_ORDER | SG_HOOK_UNQUIET | SG_HOOK_TACTICAL,
  .init = dr_init,
  .players = dr_players,
  .to_move = dr_to_move,
  .gen = dr_gen,
  .play = dr_play,
  .status = dr_status,
  .eval = dr_eval,
  .hash = dr_hash,
  .parse = dr_parse,
  .format = dr_format,
  .save_pos = dr_save_pos,
  .draw = dr_draw,
  .order = dr_order,
  .unquiet = dr_unquiet,
  .tactical = dr_tactical,
  .perft_end_leaf = 1,
};
