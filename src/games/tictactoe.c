/* tictactoe.c: tic-tac-toe rules, evaluation, notation and the 8 board symmetries. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/bits.h"
#include "core/buf.h"
#include "core/hash.h"
#include "core/postok.h"
#include "tictactoe.h"

static const uint16_t lines[8] = {
  0007, 0070, 0700,   /* ranks 1, 2, 3 */
  0111, 0222, 0444,   /* files a, b, c */
  0421, 0124          /* diagonals a1-c3, c1-a3 */
};

static const sg_param ttt_params[] = {
  {"one", SG_WEIGHTS, SG_PINT, offsetof(ttt_cfg, one), -1000000, 1000000},
  {"two", SG_WEIGHTS, SG_PINT, offsetof(ttt_cfg, two), -1000000, 1000000},
  {"misere", SG_VARIANT, SG_PBOOL, offsetof(ttt_cfg, misere), 0, 1},
  {NULL, 0, 0, 0, 0, 0}
};

static int has_line(unsigned b) {
  for (int i = 0; i < 8; i++)
    if ((b & lines[i]) == lines[i])
      return 1;
  return 0;
}

static int ttt_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int ttt_to_move(const void *cfg, const void *st) {
  const ttt_state *s = st;
  (void)cfg;
  return bits_count32(s->x) > bits_count32(s->o) ? 1 : 0;
}

static sg_status ttt_status(const void *cfg, const void *st, int *winner) {
  const ttt_cfg *c = cfg;
  const ttt_state *s = st;
  int who = -1;
  if (has_line(s->x))
    who = 0;
  else if (has_line(s->o))
    who = 1;
  if (who >= 0) {
    if (winner)
      *winner = c->misere ? 1 - who : who;
    return SG_WON;
  }
  if (winner)
    *winner = -1;
  return (s->x | s->o) == 0777 ? SG_DRAWN : SG_PLAYING;
}

static int ttt_gen(const void *cfg, const void *st, sg_move *out) {
  const ttt_state *s = st;
  if (ttt_status(cfg, st, NULL) != SG_PLAYING)
    return 0;
  int n = 0;
  unsigned empty = ~(s->x | s->o) & 0777u;
  for (int i = 0; i < 9; i++)
    if (empty & (1u << i))
      out[n++] = (sg_move)i;
  return n;
}

static void ttt_play(const void *cfg, void *st, sg_move m) {
  ttt_state *s = st;
  if (ttt_to_move(cfg, st) == 0)
    s->x |= (uint16_t)(1u << m);
  else
    s->o |= (uint16_t)(1u << m);
}

static void ttt_eval(const void *cfg, const void *st, int *scores) {
  const ttt_cfg *c = cfg;
  const ttt_state *s = st;
  int v = 0;
  for (int i = 0; i < 8; i++) {
    int a = bits_count32(s->x & lines[i]), b = bits_count32(s->o & lines[i]);
    if (b == 0 && a > 0)
      v += a == 1 ? c->one : c->two;
    else if (a == 0 && b > 0)
      v -= b == 1 ? c->one : c->two;
  }
  if (c->misere)
    v = -v;
  scores[0] = v;
  scores[1] = -v;
}

static uint64_t ttt_hash(const void *cfg, const void *st) {
  const ttt_state *s = st;
  (void)cfg;
  /* The 18-bit board is already a perfect key; scramble it so table indices spread. */
  return hash_mix64(((uint64_t)s->o << 9 | s->x) + HASH_GOLDEN);
}

static int square_parse(const char *t) {
  if (strlen(t) != 2)
    return -1;
  char f = t[0], r = t[1];
  if (f >= 'A' && f <= 'C')
    f = (char)(f - 'A' + 'a');
  if (f < 'a' || f > 'c' || r < '1' || r > '3' || t[2] != '\0')
    return -1;
  return (r - '1') * 3 + (f - 'a');
}

static int ttt_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const ttt_state *s = st;
  int sq = square_parse(text);
  if (sq < 0) {
    snprintf(err, SG_ERRLEN, "malformed move '%.40s': expected a square a1 to c3", text);
    return -1;
  }
  if (ttt_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  if ((s->x | s->o) & (1u << sq)) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': %c%c is already taken", text, 'a' + sq % 3,
             '1' + sq / 3);
    return -1;
  }
  *m = (sg_move)sq;
  return 0;
}

static void ttt_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  (void)cfg, (void)st;
  snprintf(buf, n, "%c%c", 'a' + (int)(m % 3), '1' + (int)(m / 3));
}

static char cell(const ttt_state *s, int sq) {
  return (s->x >> sq & 1) ? 'x' : (s->o >> sq & 1) ? 'o' : '.';
}

/* Position text: ranks 3, 2, 1 separated by '/', e.g. "x.o/.x./...". */
static size_t ttt_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const ttt_state *s = st;
  char t[12];
  int k = 0;
  (void)cfg;
  for (int r = 2; r >= 0; r--) {
    for (int f = 0; f < 3; f++)
      t[k++] = cell(s, r * 3 + f);
    if (r)
      t[k++] = '/';
  }
  t[k] = '\0';
  return (size_t)snprintf(buf, n, "%s", t);
}

/* Position text: rank 3 first, 3 squares a rank (x, o or .), ranks separated by '/'. */
static int read_position(const char *pos, ttt_state *s, char *err) {
  static const char ranks_expected[] = "3 ranks of 3 squares (x, o or .) separated by '/', "
                                       "e.g. \"x.o/.x./...\"";
  sg_postok t;
  sg_span rank;
  int r = 2;
  postok_open(&t, pos);
  for (; postok_field(&t, '/', &rank); r--) {
    if (r < 0)
      return postok_error(err, SG_ERRLEN, "ranks", ranks_expected, "more than 3 ranks in '%.40s'",
                          pos);
    char name[24];   /* room for any int: no truncation warning */
    snprintf(name, sizeof name, "rank %d", r + 1);
    if (rank.n != 3)
      return postok_error(err, SG_ERRLEN, name, "3 squares, each x, o or .",
                          "'%.*s' has %d square%s", (int)(rank.n > 20 ? 20 : rank.n), rank.p,
                          (int)rank.n, rank.n == 1 ? "" : "s");
    for (int f = 0; f < 3; f++) {
      char ch = rank.p[f];
      unsigned bit = 1u << (r * 3 + f);
      if (ch == 'x' || ch == 'X')
        s->x = (uint16_t)(s->x | bit);
      else if (ch == 'o' || ch == 'O')
        s->o = (uint16_t)(s->o | bit);
      else if (ch != '.')
        return postok_error(err, SG_ERRLEN, name, "x, o or . for each square",
                            "'%c' on %c%d is not a square's content", ch, 'a' + f, r + 1);
    }
  }
  if (r >= 0)
    return postok_error(err, SG_ERRLEN, "ranks", ranks_expected, "%d rank%s in '%.40s'", 2 - r,
                        r == 1 ? "" : "s", pos);
  int nx = bits_count32(s->x), no = bits_count32(s->o);
  if (nx != no && nx != no + 1)
    return postok_error(err, SG_ERRLEN, "marks", "x to have as many marks as o or one more "
                        "(x moves first)", "x has %d marks and o %d", nx, no);
  int lx = has_line(s->x), lo = has_line(s->o);
  if ((lx && lo) || (lx && nx != no + 1) || (lo && nx != no))
    return postok_error(err, SG_ERRLEN, "lines", "at most one three in a row, made by the last "
                        "move", "play would have stopped at the first three in a row");
  return 0;
}

static int ttt_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  ttt_state s = {0, 0};
  (void)cfg, (void)seed;
  if (pos && read_position(pos, &s, err) != 0)
    return -1;
  memcpy(st, &s, sizeof s);
  return 0;
}

static size_t ttt_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const ttt_state *s = st;
  sg_buf out = buf_open(buf, n);
  (void)cfg;
  for (int r = 2; r >= 0; r--) {
    buf_printf(&out, "%d ", r + 1);
    for (int f = 0; f < 3; f++) {
      char c = cell(s, r * 3 + f);
      const char *on = !colour ? "" : c == 'x' ? "\033[1;31m" : c == 'o' ? "\033[1;34m" : "";
      const char *off = colour && c != '.' ? "\033[0m" : "";
      buf_printf(&out, " %s%c%s", on, c, off);
    }
    buf_printf(&out, "\n");
  }
  buf_printf(&out, "   a b c");
  return out.len;
}

/* Image of square sq under symmetry k: 4 rotations, then the same after a mirror. */
static int sym_square(int sq, int k) {
  int r = sq / 3, f = sq % 3, t;
  if (k & 4)
    f = 2 - f;
  for (int i = 0; i < (k & 3); i++)
    t = r, r = f, f = 2 - t;
  return r * 3 + f;
}

static void ttt_sym_state(const void *cfg, const void *st, void *out, int k) {
  const ttt_state *s = st;
  ttt_state o = {0, 0};
  (void)cfg;
  for (int sq = 0; sq < 9; sq++) {
    int d = sym_square(sq, k);
    if (s->x >> sq & 1)
      o.x |= (uint16_t)(1u << d);
    if (s->o >> sq & 1)
      o.o |= (uint16_t)(1u << d);
  }
  memcpy(out, &o, sizeof o);
}

static sg_move ttt_sym_move(const void *cfg, const void *st, sg_move m, int k) {
  (void)cfg, (void)st;
  return (sg_move)sym_square((int)m, k);
}

const sg_class tictactoe_class = {
  .name = "tictactoe",
  .state_size = sizeof(ttt_state),
  .cfg_size = sizeof(ttt_cfg),
  .max_moves = 9,
  .params = ttt_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_SYMMETRY,
  .init = ttt_init,
  .check_cfg = NULL,
  .players = ttt_players,
  .to_move = ttt_to_move,
  .gen = ttt_gen,
  .play = ttt_play,
  .status = ttt_status,
  .eval = ttt_eval,
  .hash = ttt_hash,
  .parse = ttt_parse,
  .format = ttt_format,
  .save_pos = ttt_save_pos,
  .draw = ttt_draw,
  .nsym = 8,
  .sym_state = ttt_sym_state,
  .sym_move = ttt_sym_move,
  .perft_end_leaf = 0,
};
