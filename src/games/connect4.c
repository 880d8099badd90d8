/* connect4.c: Connect Four rules on bitboards, evaluation, notation, position text and perft. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/clock.h"
#include "connect4.h"

enum { COLS = 7, ROWS = 6, STRIDE = 7, SQUARES = 42 };

#define BIT(sq) ((uint64_t)1 << (sq))
/* The bottom cell of every column, and every playable cell (the spare row left out). */
#define BOTTOM 0x0040810204081ULL
#define BOARD (BOTTOM * 0x3f)
#define COLUMN(c) ((uint64_t)0x3f << ((c) * STRIDE))
#define CENTRE COLUMN(3)
/* Rows 1, 3, 5 (x's parity) and 2, 4, 6 (o's). */
#define ODD_ROWS (BOTTOM * 0x15)
#define EVEN_ROWS (BOTTOM * 0x2a)

static const sg_param c4_params[] = {
  {"threat", SG_WEIGHTS, SG_PINT, offsetof(c4_cfg, threat), -1000000, 1000000},
  {"parity", SG_WEIGHTS, SG_PINT, offsetof(c4_cfg, parity), -1000000, 1000000},
  {"two", SG_WEIGHTS, SG_PINT, offsetof(c4_cfg, two), -1000000, 1000000},
  {"centre", SG_WEIGHTS, SG_PINT, offsetof(c4_cfg, centre), -1000000, 1000000},
  {"tempo", SG_WEIGHTS, SG_PINT, offsetof(c4_cfg, tempo), -1000000, 1000000},
  {NULL, 0, 0, 0, 0, 0}
};

static int popcount(uint64_t b) {
  int n = 0;
  for (; b; b &= b - 1)
    n++;
  return n;
}

/* Four in a row anywhere in b: shift by the step of each direction (1 up a column, 7 along a
   row, 6 and 8 along the diagonals) and look for two overlapping pairs. */
static int c4_four(uint64_t b) {
  static const int step[4] = {1, STRIDE, STRIDE - 1, STRIDE + 1};
  for (int i = 0; i < 4; i++) {
    uint64_t m = b & (b >> step[i]);
    if (m & (m >> 2 * step[i]))
      return 1;
  }
  return 0;
}

/* The Zobrist key of a disc of player p on square sq: a fixed mix of (p, sq), computed rather
   than looked up so that there is no table to fill at start-up. */
static uint64_t c4_disc_key(int p, int sq) {
  uint64_t z = (uint64_t)(p * 64 + sq + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint64_t c4_key_of(const c4_state *s) {
  uint64_t k = 0;
  for (int p = 0; p < 2; p++)
    for (int sq = 0; sq < COLS * STRIDE; sq++)
      if (s->disc[p] & BIT(sq))
        k ^= c4_disc_key(p, sq);
  return k;
}

static int c4_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int c4_to_move(const void *cfg, const void *st) {
  const c4_state *s = st;
  (void)cfg;
  return s->plies & 1;
}

static sg_status c4_status(const void *cfg, const void *st, int *winner) {
  const c4_state *s = st;
  (void)cfg;
  if (winner)
    *winner = s->winner;
  if (s->winner >= 0)
    return SG_WON;
  return s->plies == SQUARES ? SG_DRAWN : SG_PLAYING;
}

/* The columns that still have room, a to g; none once the game is over. */
static int c4_gen(const void *cfg, const void *st, sg_move *out) {
  const c4_state *s = st;
  (void)cfg;
  if (s->winner >= 0)
    return 0;
  uint64_t full = s->disc[0] | s->disc[1];
  int n = 0;
  for (int c = 0; c < COLS; c++)
    if (!(full & BIT(c * STRIDE + ROWS - 1)))
      out[n++] = (sg_move)c;
  return n;
}

/* Drop a disc in column m: adding the column's bottom bit to the occupied cells carries up to
   the first empty cell of that column. */
static void c4_play(const void *cfg, void *st, sg_move m) {
  c4_state *s = st;
  (void)cfg;
  int p = s->plies & 1;
  uint64_t full = s->disc[0] | s->disc[1];
  uint64_t cell = (full + BIT(m * STRIDE)) & COLUMN(m);
  int sq = 0;
  while (!(cell & BIT(sq)))
    sq++;
  s->disc[p] |= cell;
  s->key ^= c4_disc_key(p, sq);
  s->plies++;
  if (c4_four(s->disc[p]))
    s->winner = (int8_t)p;
}

/* The empty cells where a disc would complete a four of b: for each direction, a cell whose
   three neighbours on one side, or two on one side and one on the other, are all in b. */
static uint64_t c4_threats(uint64_t b, uint64_t empty) {
  static const int step[4] = {1, STRIDE, STRIDE - 1, STRIDE + 1};
  uint64_t r = 0;
  for (int i = 0; i < 4; i++) {
    int d = step[i];
    uint64_t after = (b >> d) & (b >> 2 * d), before = (b << d) & (b << 2 * d);
    r |= (after & (b >> 3 * d)) | (after & (b << d));
    r |= (before & (b >> d)) | (before & (b << 3 * d));
  }
  return r & empty;
}

/* Count, over the 69 lines of four cells, those holding two discs of one player and two empty
   cells. */
static int c4_twos(uint64_t mine, uint64_t theirs) {
  static const int dc[4] = {0, 1, 1, 1}, dr[4] = {1, 0, 1, -1};
  int n = 0;
  for (int d = 0; d < 4; d++)
    for (int col = 0; col < COLS; col++)
      for (int row = 0; row < ROWS; row++) {
        int ec = col + 3 * dc[d], er = row + 3 * dr[d];
        if (ec >= COLS || er < 0 || er >= ROWS)
          continue;
        uint64_t w = 0;
        for (int i = 0; i < 4; i++)
          w |= BIT((col + i * dc[d]) * STRIDE + row + i * dr[d]);
        n += !(w & theirs) && popcount(w & mine) == 2;
      }
  return n;
}

/* Threats (cells that would complete a four) count most; a threat on a row of the player's own
   parity (odd rows 1, 3, 5 for x, even rows for o) counts `parity` more, since at the end of a
   game the player to fill such a cell is more often its owner (zugzwang in Connect Four). */
static void c4_eval(const void *cfg, const void *st, int *scores) {
  const c4_cfg *c = cfg;
  const c4_state *s = st;
  uint64_t empty = BOARD & ~(s->disc[0] | s->disc[1]);
  uint64_t tx = c4_threats(s->disc[0], empty), to = c4_threats(s->disc[1], empty);
  int v = c->threat * (popcount(tx) - popcount(to));
  v += c->parity * (popcount(tx & ODD_ROWS) - popcount(to & EVEN_ROWS));
  v += c->two * (c4_twos(s->disc[0], s->disc[1]) - c4_twos(s->disc[1], s->disc[0]));
  v += c->centre * (popcount(s->disc[0] & CENTRE) - popcount(s->disc[1] & CENTRE));
  v += (s->plies & 1) ? -c->tempo : c->tempo;
  scores[0] = v;
  scores[1] = -v;
}

static uint64_t c4_hash(const void *cfg, const void *st) {
  const c4_state *s = st;
  (void)cfg;
  return s->key;
}

/* Centre columns first: they take part in the most lines, so cut-offs come sooner. */
static void c4_order(const void *cfg, const void *st, sg_move *moves, int n) {
  static const int rank[COLS] = {6, 4, 2, 0, 1, 3, 5};
  (void)cfg, (void)st;
  for (int i = 1; i < n; i++) {
    sg_move m = moves[i];
    int j = i;
    for (; j > 0 && rank[moves[j - 1]] > rank[m]; j--)
      moves[j] = moves[j - 1];
    moves[j] = m;
  }
}

/* A column: a letter a-g or a number 1-7. */
static int c4_column(const char *t) {
  if (t[0] == '\0' || t[1] != '\0')
    return -1;
  if (t[0] >= 'a' && t[0] <= 'g')
    return t[0] - 'a';
  if (t[0] >= 'A' && t[0] <= 'G')
    return t[0] - 'A';
  if (t[0] >= '1' && t[0] <= '7')
    return t[0] - '1';
  return -1;
}

static int c4_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const c4_state *s = st;
  (void)cfg;
  int c = c4_column(text);
  if (c < 0) {
    snprintf(err, SG_ERRLEN, "malformed move '%.40s': expected a column a to g (or 1 to 7)",
             text);
    return -1;
  }
  if (c4_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  if ((s->disc[0] | s->disc[1]) & BIT(c * STRIDE + ROWS - 1)) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': column %c is full", text, 'a' + c);
    return -1;
  }
  *m = (sg_move)c;
  return 0;
}

static void c4_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  (void)cfg, (void)st;
  snprintf(buf, n, "%c", 'a' + (int)m);
}

static char c4_cell(const c4_state *s, int col, int row) {
  uint64_t b = BIT(col * STRIDE + row);
  return (s->disc[0] & b) ? 'x' : (s->disc[1] & b) ? 'o' : '.';
}

/* Position text: the six rows from the top, each of seven cells x, o or '.', separated by '/'. */
static size_t c4_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const c4_state *s = st;
  char t[ROWS * (COLS + 1)];
  int k = 0;
  (void)cfg;
  for (int row = ROWS - 1; row >= 0; row--) {
    for (int col = 0; col < COLS; col++)
      t[k++] = c4_cell(s, col, row);
    t[k++] = row ? '/' : '\0';
  }
  return (size_t)snprintf(buf, n, "%s", t);
}

#define C4_EXPECTED "expected 6 rows of 7 cells (x, o or .) from the top, separated by '/'"

/* Read the cells of a position text into s; the checks of what is possible come after. */
static int c4_read_cells(c4_state *s, const char *pos, char *err) {
  int row = ROWS - 1, col = 0;
  for (const char *p = pos; *p; p++) {
    if (*p == '/') {
      if (col != COLS || row == 0) {
        snprintf(err, SG_ERRLEN, "position: row %d: %s; %s", ROWS - row,
                 col != COLS ? "too few cells" : "too many rows", C4_EXPECTED);
        return -1;
      }
      row--, col = 0;
      continue;
    }
    if (col == COLS) {
      snprintf(err, SG_ERRLEN, "position: row %d: too many cells; %s", ROWS - row, C4_EXPECTED);
      return -1;
    }
    int who = *p == 'x' || *p == 'X' ? 0 : *p == 'o' || *p == 'O' ? 1 : *p == '.' ? -1 : -2;
    if (who == -2) {
      snprintf(err, SG_ERRLEN, "position: row %d: unknown cell '%c'; %s", ROWS - row, *p,
               C4_EXPECTED);
      return -1;
    }
    if (who >= 0)
      s->disc[who] |= BIT(col * STRIDE + row);
    col++;
  }
  if (row != 0 || col != COLS) {
    snprintf(err, SG_ERRLEN, "position: row %d: %s; %s", ROWS - row,
             col != COLS ? "too few cells" : "too few rows", C4_EXPECTED);
    return -1;
  }
  return 0;
}

/* A position is possible when no disc floats, x has as many discs as o or one more, and at
   most the player who moved last has four in a row. */
static int c4_check(c4_state *s, char *err) {
  uint64_t full = s->disc[0] | s->disc[1];
  for (int col = 0; col < COLS; col++)
    for (int row = 1; row < ROWS; row++)
      if ((full & BIT(col * STRIDE + row)) && !(full & BIT(col * STRIDE + row - 1))) {
        snprintf(err, SG_ERRLEN, "position: column %c: a disc floats above an empty cell; "
                 "expected discs stacked from the bottom", 'a' + col);
        return -1;
      }
  int nx = popcount(s->disc[0]), no = popcount(s->disc[1]);
  if (nx != no && nx != no + 1) {
    snprintf(err, SG_ERRLEN, "position: discs: x has %d and o %d; expected as many x as o or "
             "one more (x moves first)", nx, no);
    return -1;
  }
  int fx = c4_four(s->disc[0]), fo = c4_four(s->disc[1]);
  if ((fx && fo) || (fx && nx != no + 1) || (fo && nx != no)) {
    snprintf(err, SG_ERRLEN, "position: lines: %s; expected play to stop at the first four in "
             "a row", fx && fo ? "both players have four in a row"
             : "the player with four in a row did not move last");
    return -1;
  }
  s->plies = (int8_t)(nx + no);
  s->winner = (int8_t)(fx ? 0 : fo ? 1 : -1);
  return 0;
}

static int c4_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  c4_state s;
  (void)cfg, (void)seed;
  memset(&s, 0, sizeof s);
  s.winner = -1;
  if (pos && (c4_read_cells(&s, pos, err) < 0 || c4_check(&s, err) < 0))
    return -1;
  s.key = c4_key_of(&s);
  memcpy(st, &s, sizeof s);
  return 0;
}

static size_t c4_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const c4_state *s = st;
  size_t k = 0;
  (void)cfg;
#define OUT(...) (k += (size_t)snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__))
  for (int row = ROWS - 1; row >= 0; row--) {
    OUT("%d ", row + 1);
    for (int col = 0; col < COLS; col++) {
      char c = c4_cell(s, col, row);
      const char *on = !colour ? "" : c == 'x' ? "\033[1;31m" : c == 'o' ? "\033[1;33m" : "";
      OUT(" %s%c%s", on, c, colour && c != '.' ? "\033[0m" : "");
    }
    OUT("\n");
  }
  OUT("   a b c d e f g");
#undef OUT
  return k;
}

/* The mirror image (symmetry 1) swaps column c with column 6 - c. */
static uint64_t c4_mirror(uint64_t b) {
  uint64_t r = 0;
  for (int c = 0; c < COLS; c++)
    r |= ((b >> (c * STRIDE)) & 0x7f) << ((COLS - 1 - c) * STRIDE);
  return r;
}

static void c4_sym_state(const void *cfg, const void *st, void *out, int k) {
  c4_state s;
  (void)cfg;
  memcpy(&s, st, sizeof s);
  if (k == 1) {
    s.disc[0] = c4_mirror(s.disc[0]);
    s.disc[1] = c4_mirror(s.disc[1]);
    s.key = c4_key_of(&s);
  }
  memcpy(out, &s, sizeof s);
}

static sg_move c4_sym_move(const void *cfg, const void *st, sg_move m, int k) {
  (void)cfg, (void)st;
  return k == 1 ? (sg_move)(COLS - 1 - (int)m) : m;
}

typedef struct c4_walk {
  uint64_t nodes;
  int stopped;
} c4_walk;

/* Perft on the bitboards alone (no copy of the whole state, no move list). */
static uint64_t c4_perft_rec(c4_walk *w, uint64_t mine, uint64_t theirs, int depth) {
  uint64_t full = mine | theirs, total = 0;
  uint64_t free_cells = (full + BOTTOM) & BOARD;   /* the lowest empty cell of each column */
  if (depth == 1)
    return (uint64_t)popcount(free_cells);
  if ((++w->nodes & 0xfff) == 0 && interrupt_pending())
    w->stopped = 1;
  if (w->stopped)
    return 0;
  for (uint64_t f = free_cells; f; f &= f - 1) {
    uint64_t now = mine | (f & -f);
    if (!c4_four(now))
      total += c4_perft_rec(w, theirs, now, depth - 1);
  }
  return total;
}

static uint64_t c4_perft(const void *cfg, const void *st, int depth) {
  const c4_state *s = st;
  (void)cfg;
  if (s->winner >= 0 || s->plies == SQUARES)
    return 0;
  c4_walk w = {0, 0};
  int p = s->plies & 1;
  uint64_t r = c4_perft_rec(&w, s->disc[p], s->disc[1 - p], depth);
  return w.stopped ? UINT64_MAX : r;
}

const sg_class connect4_class = {
  .name = "connect4",
  .state_size = sizeof(c4_state),
  .cfg_size = sizeof(c4_cfg),
  .max_moves = COLS,
  .params = c4_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_SYMMETRY | SG_HOOK_ORDER | SG_HOOK_PERFT,
  .init = c4_init,
  .check_cfg = NULL,
  .players = c4_players,
  .to_move = c4_to_move,
  .gen = c4_gen,
  .play = c4_play,
  .status = c4_status,
  .eval = c4_eval,
  .hash = c4_hash,
  .parse = c4_parse,
  .format = c4_format,
  .save_pos = c4_save_pos,
  .draw = c4_draw,
  .nsym = 2,
  .sym_state = c4_sym_state,
  .sym_move = c4_sym_move,
  .order = c4_order,
  .perft = c4_perft,
  .perft_end_leaf = 0,
};
