/* othello.c: Othello rules on bitboards, the pattern evaluation (othpattern.c) or the
   weighting-scheme evaluation of Blunt (1989, section 9.3), notation, the 8 board symmetries and key-move ordering. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/bits.h"
#include "core/buf.h"
#include "core/hash.h"
#include "core/postok.h"
#include "core/score.h"
#include "othello.h"
#include "othpattern.h"

#define CORNERS 0x8100000000000081ULL

static const sg_param oth_params[] = {
  {"preset", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, preset), 0, 1},
  {"a1", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[0]), -100000, 100000},
  {"b1", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[1]), -100000, 100000},
  {"c1", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[2]), -100000, 100000},
  {"d1", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[3]), -100000, 100000},
  {"b2", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[4]), -100000, 100000},
  {"c2", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[5]), -100000, 100000},
  {"d2", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[6]), -100000, 100000},
  {"c3", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[7]), -100000, 100000},
  {"d3", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[8]), -100000, 100000},
  {"d4", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, sq[9]), -100000, 100000},
  {"mobility_open", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, mobility_open), -100000, 100000},
  {"mobility_end", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, mobility_end), -100000, 100000},
  {"discs_open", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, discs_open), -100000, 100000},
  {"discs_end", SG_WEIGHTS, SG_PINT, offsetof(oth_cfg, discs_end), -100000, 100000},
  {"corner_first", SG_WEIGHTS, SG_PBOOL, offsetof(oth_cfg, corner_first), 0, 1},
  {"forfeit_on_illegal", SG_VARIANT, SG_PBOOL, offsetof(oth_cfg, forfeit_on_illegal), 0, 1},
  {NULL, 0, 0, 0, 0, 0}
};

static int popcount64(uint64_t x) { return bits_count64(x); }

static const oth_state *S(const void *st) { return st; }

static int oth_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int oth_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return S(st)->side;
}

static sg_status oth_status(const void *cfg, const void *st, int *winner) {
  const oth_state *s = st;
  (void)cfg;
  if (winner)
    *winner = -1;
  if (oth_moves(s->disc[0], s->disc[1]) || oth_moves(s->disc[1], s->disc[0]))
    return SG_PLAYING;
  int b = popcount64(s->disc[0]), w = popcount64(s->disc[1]);
  if (b == w)
    return SG_DRAWN;
  if (winner)
    *winner = b > w ? 0 : 1;
  return SG_WON;
}

static int oth_gen(const void *cfg, const void *st, sg_move *out) {
  const oth_state *s = st;
  (void)cfg;
  uint64_t me = s->disc[s->side], opp = s->disc[s->side ^ 1];
  uint64_t m = oth_moves(me, opp);
  int n = 0;
  if (m == 0)
    return oth_moves(opp, me) ? (out[0] = OTH_PASS, 1) : 0;
  while (m) {
    out[n++] = (sg_move)bits_first64(m);
    m &= m - 1;
  }
  return n;
}

static void oth_play(const void *cfg, void *st, sg_move m) {
  oth_state *s = st;
  (void)cfg;
  if (m < 64) {
    uint64_t *me = &s->disc[s->side], *opp = &s->disc[s->side ^ 1];
    uint64_t f = oth_flips(*me, *opp, (int)m);
    *me |= f | 1ULL << m;
    *opp &= ~f;
  }
  s->side ^= 1;   /* a pass, or a forfeited turn under the variant */
}

/* The class of square sq in the octant table: a1 b1 c1 d1 b2 c2 d2 c3 d3 d4. */
static int sq_class(int sq) {
  static const int cls[4][4] = {{0, 1, 2, 3}, {1, 4, 5, 6}, {2, 5, 7, 8}, {3, 6, 8, 9}};
  int r = sq / 8, c = sq % 8;
  if (r > 3)
    r = 7 - r;
  if (c > 3)
    c = 7 - c;
  return cls[r][c];
}

/* Weighted squares, and mobility and disc counts whose weights move from the opening values
   to the endgame values as the board fills. */
static void oth_eval(const void *cfg, const void *st, int *scores) {
  const oth_cfg *c = cfg;
  const oth_state *s = st;
  long v = 0;
  if (c->preset == 0 && c->patterns) {   /* in tenths of a disc, for the side to move */
    v = (long)othp_eval(c->patterns, s->disc[s->side], s->disc[s->side ^ 1]) * 10 / OTHP_UNIT;
    if (s->side)
      v = -v;
    scores[0] = (int)v;
    scores[1] = (int)-v;
    return;
  }
  for (uint64_t b = s->disc[0]; b; b &= b - 1)
    v += c->sq[sq_class(bits_first64(b))];
  for (uint64_t b = s->disc[1]; b; b &= b - 1)
    v -= c->sq[sq_class(bits_first64(b))];
  int filled = popcount64(s->disc[0] | s->disc[1]);   /* 4 to 64 */
  long mob = popcount64(oth_moves(s->disc[0], s->disc[1])) -
             popcount64(oth_moves(s->disc[1], s->disc[0]));
  long discs = popcount64(s->disc[0]) - popcount64(s->disc[1]);
  long wm = ((long)c->mobility_open * (64 - filled) + (long)c->mobility_end * (filled - 4)) / 60;
  long wd = ((long)c->discs_open * (64 - filled) + (long)c->discs_end * (filled - 4)) / 60;
  v += wm * mob + wd * discs;
  v = score_clamp(v, SG_EVAL_MAX / 2);
  scores[0] = (int)v;
  scores[1] = (int)-v;
}

/* The final disc margin for player `me`, for the exact endgame result. */
static int oth_end_margin(const void *cfg, const void *st, int me) {
  const oth_state *s = st;
  (void)cfg;
  return popcount64(s->disc[me]) - popcount64(s->disc[me ^ 1]);
}

static uint64_t oth_hash(const void *cfg, const void *st) {
  const oth_state *s = st;
  (void)cfg;
  /* each word mixed whole before the next is folded in: products of the words by constants
     alone left keys that collide (two positions two plies apart shared one) */
  return hash_combine(hash_combine(hash_mix64(s->disc[0]), s->disc[1]), (uint64_t)s->side + 1);
}

static int square_parse(const char *t) {
  if (strlen(t) != 2)
    return -1;
  int c = tolower((unsigned char)t[0]) - 'a', r = t[1] - '1';
  if (c < 0 || c > 7 || r < 0 || r > 7)
    return -1;
  return r * 8 + c;
}

static int oth_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const oth_cfg *c = cfg;
  const oth_state *s = st;
  int sq = square_parse(text);
  int pass = strcmp(text, "pass") == 0 || strcmp(text, "PASS") == 0;
  if (sq < 0 && !pass) {
    snprintf(err, SG_ERRLEN, "malformed move '%.40s': expected a square a1 to h8 or 'pass'", text);
    return -1;
  }
  if (oth_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  uint64_t me = s->disc[s->side], opp = s->disc[s->side ^ 1], legal = oth_moves(me, opp);
  if (pass) {
    if (legal) {
      snprintf(err, SG_ERRLEN, "illegal move 'pass': a player may pass only without a legal "
               "placement (%d here)", popcount64(legal));
      return -1;
    }
    *m = OTH_PASS;
    return 0;
  }
  if (legal >> sq & 1) {
    *m = (sg_move)sq;
    return 0;
  }
  if (c->forfeit_on_illegal && !((me | opp) >> sq & 1)) {
    *m = (sg_move)(OTH_FORFEIT + sq);   /* the variant: the turn is lost */
    return 0;
  }
  if ((me | opp) >> sq & 1)
    snprintf(err, SG_ERRLEN, "illegal move '%s': %s is taken", text, text);
  else if (!legal)
    snprintf(err, SG_ERRLEN, "illegal move '%s': no placement is legal, the player must pass",
             text);
  else
    snprintf(err, SG_ERRLEN, "illegal move '%s': it flips no disc (a placement must enclose "
             "a line of the opponent's discs)", text);
  return -1;
}

static void oth_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  (void)cfg, (void)st;
  if (m == OTH_PASS)
    snprintf(buf, n, "pass");
  else   /* a forfeited placement is written as the square: it reads back as the same */
    snprintf(buf, n, "%c%c", 'a' + (int)(m % 64 % 8), '1' + (int)(m % 64 / 8));
}

/* Position text: 8 rows from row 1, each 8 of 'b', 'w', '.', separated by '/', then the
   side to move: "......../......../......../...wb.../...bw.../......../......../........ b". */
static size_t oth_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const oth_state *s = st;
  char t[80];
  int k = 0;
  (void)cfg;
  for (int r = 0; r < 8; r++) {
    for (int c = 0; c < 8; c++) {
      int sq = r * 8 + c;
      t[k++] = (char)(s->disc[0] >> sq & 1 ? 'b' : s->disc[1] >> sq & 1 ? 'w' : '.');
    }
    t[k++] = r < 7 ? '/' : ' ';
  }
  t[k++] = s->side ? 'w' : 'b';
  t[k] = '\0';
  return (size_t)snprintf(buf, n, "%s", t);
}

/* The position text (oth_save_pos's form) into s; 0, or -1 with the error. */
static int read_position(const char *pos, oth_state *s, char *err) {
  static const char board_expected[] = "8 rows of 8 squares (b, w or .) from row 1, separated "
                                       "by '/'";
  sg_postok t, rows;
  sg_span board, side, row;
  postok_open(&t, pos);
  if (!postok_word(&t, &board))
    return postok_error(err, SG_ERRLEN, "board", board_expected, "the text is empty");
  rows.p = board.p, rows.end = board.p + board.n;   /* the board's rows, read in place */
  int r = 0;
  for (; postok_field(&rows, '/', &row); r++) {
    if (r == 8)
      return postok_error(err, SG_ERRLEN, "board", board_expected, "more than 8 rows");
    char name[8];
    snprintf(name, sizeof name, "row %d", r + 1);
    if (row.n != 8)
      return postok_error(err, SG_ERRLEN, name, "8 squares, each b, w or .",
                          "'%.*s' has %d square%s", (int)(row.n > 20 ? 20 : row.n), row.p,
                          (int)row.n, row.n == 1 ? "" : "s");
    for (int c = 0; c < 8; c++) {
      char ch = (char)tolower((unsigned char)row.p[c]);
      if (ch == 'b')
        s->disc[0] |= 1ULL << (r * 8 + c);
      else if (ch == 'w')
        s->disc[1] |= 1ULL << (r * 8 + c);
      else if (ch != '.')
        return postok_error(err, SG_ERRLEN, name, "b, w or . for each square",
                            "'%c' on %c%d is not a square's content", row.p[c], 'a' + c, r + 1);
    }
  }
  if (r != 8)
    return postok_error(err, SG_ERRLEN, "board", board_expected, "%d row%s", r,
                        r == 1 ? "" : "s");
  if (!postok_word(&t, &side))
    return postok_error(err, SG_ERRLEN, "side", "b or w after the board and a space",
                        "the side to move is missing");
  if (side.n != 1 || (tolower((unsigned char)side.p[0]) != 'b' &&
                      tolower((unsigned char)side.p[0]) != 'w'))
    return postok_error(err, SG_ERRLEN, "side", "b or w", "'%.*s' is not a side",
                        (int)(side.n > 20 ? 20 : side.n), side.p);
  s->side = tolower((unsigned char)side.p[0]) == 'w';
  if (postok_word(&t, &side))
    return postok_error(err, SG_ERRLEN, "end", "nothing after the side to move",
                        "unexpected text '%.*s'", (int)(side.n > 20 ? 20 : side.n), side.p);
  return 0;
}

static int oth_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  oth_state s;
  (void)cfg, (void)seed;
  memset(&s, 0, sizeof s);
  if (!pos) {
    s.disc[1] = 1ULL << 27 | 1ULL << 36;   /* d4, e5 white */
    s.disc[0] = 1ULL << 28 | 1ULL << 35;   /* e4, d5 black */
    memcpy(st, &s, sizeof s);
    return 0;
  }
  if (read_position(pos, &s, err) != 0)
    return -1;
  memcpy(st, &s, sizeof s);
  return 0;
}

static size_t oth_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const oth_state *s = st;
  sg_buf out = buf_open(buf, n);
  uint64_t legal = oth_moves(s->disc[s->side], s->disc[s->side ^ 1]);
  (void)cfg;
  buf_printf(&out, "  a b c d e f g h\n");
  for (int r = 0; r < 8; r++) {
    buf_printf(&out, "%d", r + 1);
    for (int c = 0; c < 8; c++) {
      int sq = r * 8 + c;
      if (s->disc[0] >> sq & 1)
        buf_printf(&out, colour ? " \033[1;30;47mX\033[0m" : " X");
      else if (s->disc[1] >> sq & 1)
        buf_printf(&out, colour ? " \033[1;37mO\033[0m" : " O");
      else
        buf_printf(&out, legal >> sq & 1 ? " +" : " .");
    }
    buf_printf(&out, "\n");
  }
  int w;
  sg_status st_ = oth_status(cfg, st, &w);
  buf_printf(&out, "black (X) %d, white (O) %d, ", popcount64(s->disc[0]), popcount64(s->disc[1]));
  if (st_ == SG_PLAYING)
    buf_printf(&out, "%s to move", s->side ? "white" : "black");
  else if (st_ == SG_DRAWN)
    buf_printf(&out, "drawn");
  else
    buf_printf(&out, "%s wins", w ? "white" : "black");
  return out.len;
}

/* The 8 symmetries of the square: flips and the transposition, composed. */
static uint64_t flip_vertical(uint64_t x) { return bits_swap_bytes64(x); }
static uint64_t mirror_horizontal(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
}
static uint64_t transpose(uint64_t x) {
  uint64_t t;
  t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}
static uint64_t sym(uint64_t x, int k) {
  if (k & 1)
    x = flip_vertical(x);
  if (k & 2)
    x = mirror_horizontal(x);
  if (k & 4)
    x = transpose(x);
  return x;
}

static void oth_sym_state(const void *cfg, const void *st, void *out, int k) {
  const oth_state *s = st;
  oth_state o = *s;
  (void)cfg;
  o.disc[0] = sym(s->disc[0], k);
  o.disc[1] = sym(s->disc[1], k);
  memcpy(out, &o, sizeof o);
}

static sg_move oth_sym_move(const void *cfg, const void *st, sg_move m, int k) {
  (void)cfg, (void)st;
  if (m >= 64)
    return m;
  return (sg_move)bits_first64(sym(1ULL << m, k));
}

/* For the shared alpha-beta: corners are the noisy moves (tried first, never reduced, no
   killers), as the key moves of the order above. */
static int oth_tactical(const void *cfg, const void *st, sg_move m, int *key) {
  const oth_cfg *c = cfg;
  (void)st;
  if (!c->corner_first || m >= 64 || !(CORNERS >> m & 1))
    return 0;
  *key = 1;
  return 1;
}

/* Key moves first (section 9.3): corners first; with 18 or fewer empty squares also the
   moves that leave the opponent fewest replies ("fastest first", which makes exact endgame
   searches cut early). */
static void oth_order(const void *cfg, const void *st, sg_move *ms, int n) {
  const oth_cfg *c = cfg;
  const oth_state *s = st;
  if (!c->corner_first || n < 2 || ms[0] >= 64)
    return;
  int late = popcount64(~(s->disc[0] | s->disc[1])) <= 18, key[64];
  uint64_t me = s->disc[s->side], opp = s->disc[s->side ^ 1];
  for (int i = 0; i < n; i++) {
    int corner = CORNERS >> ms[i] & 1, replies = 0;
    if (late) {
      uint64_t f = oth_flips(me, opp, (int)ms[i]);
      replies = popcount64(oth_moves(opp & ~f, me | f | 1ULL << ms[i]));
    }
    key[i] = (corner ? 0 : 100) + replies;
  }
  for (int i = 1; i < n; i++) {   /* stable insertion sort by key */
    sg_move m = ms[i];
    int k = key[i], j = i;
    while (j > 0 && key[j - 1] > k) {
      ms[j] = ms[j - 1], key[j] = key[j - 1];
      j--;
    }
    ms[j] = m, key[j] = k;
  }
}

const sg_class othello_class = {
  .name = "othello",
  .state_size = sizeof(oth_state),
  .cfg_size = sizeof(oth_cfg),
  .max_moves = 64,
  .params = oth_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_SYMMETRY | SG_HOOK_ORDER | SG_HOOK_END_MARGIN | SG_HOOK_TACTICAL,
  .init = oth_init,
  .players = oth_players,
  .to_move = oth_to_move,
  .gen = oth_gen,
  .play = oth_play,
  .status = oth_status,
  .eval = oth_eval,
  .hash = oth_hash,
  .parse = oth_parse,
  .format = oth_format,
  .save_pos = oth_save_pos,
  .draw = oth_draw,
  .nsym = 8,
  .sym_state = oth_sym_state,
  .sym_move = oth_sym_move,
  .order = oth_order,
  .end_margin = oth_end_margin,
  .tactical = oth_tactical,
  .perft_end_leaf = 1,
};
