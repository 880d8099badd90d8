/* patience.c: seven-column Klondike (one player): rules, hidden information (view, sample),
   notation, position text, diagram, and the solver that sees the whole deal.

   Moves: src | dst << 4 | n << 8.  src: 0-6 a column, 7 the waste, 8-11 a suit's foundation,
   12 the stock; dst: 0-6 a column, 7 the foundations, 8 the waste (the stock turned: `draw`
   cards, or the waste turned over when the stock is empty); n: cards moved between columns.

   Ending: the game is won with 52 cards on the foundations; it ends unwon when there is no
   legal move or after max_idle moves without progress.  Progress is a face-down card turned up
   or more cards on the foundations than ever before: both only grow (21 and 52 at most), so a
   game lasts at most 74 * max_idle moves, whatever the player does. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/postok.h"
#include "patience.h"

enum { SRC_WASTE = 7, SRC_FOUND = 8, SRC_STOCK = 12, DST_FOUND = 7, DST_WASTE = 8 };
#define MV(src, dst, n) ((sg_move)((src) | (dst) << 4 | (n) << 8))
#define MSRC(m) ((int)((m) & 15))
#define MDST(m) ((int)(((m) >> 4) & 15))
#define MN(m) ((int)(((m) >> 8) & 31))
#define MAXMOVES 256

#define SUIT(c) ((c) / 13)
#define RANK(c) ((c) % 13 + 1)
#define RED(c) (SUIT(c) == 1 || SUIT(c) == 2)

static const char RANKS[] = "A23456789TJQK";
static const char SUITS[] = "shdc";
static const char *const SUIT_SYM[] = {"\xe2\x99\xa0", "\xe2\x99\xa5", "\xe2\x99\xa6",
                                       "\xe2\x99\xa3"};   /* ♠ ♥ ♦ ♣ */
static const char *const SUIT_NAME[] = {"spades", "hearts", "diamonds", "clubs"};

static const sg_param pat_params[] = {
  {"max_idle", SG_RULES, SG_PINT, offsetof(pat_cfg, max_idle), 10, 10000},
  {"foundation", SG_WEIGHTS, SG_PINT, offsetof(pat_cfg, w_found), -100000, 100000},
  {"revealed", SG_WEIGHTS, SG_PINT, offsetof(pat_cfg, w_revealed), -100000, 100000},
  {"unplayed", SG_WEIGHTS, SG_PINT, offsetof(pat_cfg, w_hidden_stock), -100000, 100000},
  {"empty", SG_WEIGHTS, SG_PINT, offsetof(pat_cfg, w_empty), -100000, 100000},
  {"empty_column", SG_VARIANT, SG_PINT, offsetof(pat_cfg, empty_column), 0, 1},
  {"stock", SG_VARIANT, SG_PINT, offsetof(pat_cfg, stock), 0, 2},
  {"split_runs", SG_VARIANT, SG_PBOOL, offsetof(pat_cfg, split_runs), 0, 1},
  {"draw", SG_VARIANT, SG_PINT, offsetof(pat_cfg, draw), 1, 3},
  {"shuffle", SG_VARIANT, SG_PINT, offsetof(pat_cfg, shuffle), 0, 1},
  {NULL, 0, 0, 0, 0, 0}
};

static int pat_check_cfg(void *cfg, char *err) {
  const pat_cfg *c = cfg;
  if (c->draw != 1 && c->draw != 3) {
    snprintf(err, SG_ERRLEN, "variant.draw must be 3 or 1 (cards turned from the stock), got %d",
             c->draw);
    return -1;
  }
  return 0;
}

/* ---- shuffling and the deal ---- */

void pat_shuffle(uint8_t *a, int n, int swaps, sg_rng *r) {
  if (swaps <= 0) {
    for (int i = n - 1; i > 0; i--) {
      int j = (int)rng_below(r, (uint64_t)i + 1);
      uint8_t t = a[i];
      a[i] = a[j], a[j] = t;
    }
    return;
  }
  for (int k = 0; k < swaps; k++) {
    int i = (int)rng_below(r, (uint64_t)n), j = (int)rng_below(r, (uint64_t)n);
    uint8_t t = a[i];
    a[i] = a[j], a[j] = t;
  }
}

static void pat_deal(const pat_cfg *c, pat_state *s, uint64_t seed) {
  memset(s, 0, sizeof *s);
  uint8_t pack[52];
  for (int i = 0; i < 52; i++)
    pack[i] = (uint8_t)i;
  sg_rng r;
  rng_seed(&r, seed);
  pat_shuffle(pack, 52, c->shuffle ? 104 : 0, &r);
  int k = 0;
  for (int row = 0; row < PAT_COLS; row++)
    for (int col = row; col < PAT_COLS; col++)
      s->col[col][s->ncol[col]++] = pack[k++];
  for (int col = 0; col < PAT_COLS; col++)
    s->down[col] = (uint8_t)col;
  for (int i = 0; i < PAT_STOCKMAX; i++)   /* the rest, the first dealt on top */
    s->stock[i] = pack[51 - i];
  s->nstock = PAT_STOCKMAX;
  /* the state's own generator: the deal's, after the shuffle */
  memcpy(s->rng, r.s, sizeof s->rng);
}

/* ---- the rules ---- */

static int found_total(const pat_state *s) {
  return s->found[0] + s->found[1] + s->found[2] + s->found[3];
}

static int can_found(const pat_state *s, int card) {
  return s->found[SUIT(card)] == RANK(card) - 1;
}

static int can_place(const pat_cfg *c, const pat_state *s, int card, int d) {
  if (s->ncol[d] == 0)
    return RANK(card) == 13 || (c->empty_column == 1 && RANK(card) >= 11);
  int t = s->col[d][s->ncol[d] - 1];
  return RANK(t) == RANK(card) + 1 && RED(t) != RED(card);
}

static int can_turn(const pat_cfg *c, const pat_state *s) {
  return s->nstock > 0 || (s->nwaste > 0 && c->stock != 2);
}

/* The legal moves, without the end-of-game tests. */
static int gen_moves(const pat_cfg *c, const pat_state *s, sg_move *out) {
  int n = 0;
  for (int k = 0; k < PAT_COLS; k++)
    if (s->ncol[k] && can_found(s, s->col[k][s->ncol[k] - 1]))
      out[n++] = MV(k, DST_FOUND, 1);
  if (s->nwaste && can_found(s, s->waste[s->nwaste - 1]))
    out[n++] = MV(SRC_WASTE, DST_FOUND, 1);
  for (int k = 0; k < PAT_COLS; k++) {
    int up = s->ncol[k] - s->down[k];
    if (up <= 0)
      continue;
    for (int d = 0; d < PAT_COLS; d++) {
      if (d == k)
        continue;
      for (int i = c->split_runs ? 1 : up; i <= up; i++)
        if (can_place(c, s, s->col[k][s->ncol[k] - i], d))
          out[n++] = MV(k, d, i);
    }
  }
  if (s->nwaste)
    for (int d = 0; d < PAT_COLS; d++)
      if (can_place(c, s, s->waste[s->nwaste - 1], d))
        out[n++] = MV(SRC_WASTE, d, 1);
  if (can_turn(c, s))
    out[n++] = MV(SRC_STOCK, DST_WASTE, 0);
  for (int f = 0; f < 4; f++)
    if (s->found[f])
      for (int d = 0; d < PAT_COLS; d++)
        if (can_place(c, s, f * 13 + s->found[f] - 1, d))
          out[n++] = MV(SRC_FOUND + f, d, 1);
  return n;
}

static sg_status pat_status(const void *cfg, const void *st, int *winner) {
  const pat_cfg *c = cfg;
  const pat_state *s = st;
  if (winner)
    *winner = -1;
  if (found_total(s) == 52) {
    if (winner)
      *winner = 0;
    return SG_WON;
  }
  if (s->idle >= c->max_idle)
    return SG_DRAWN;
  sg_move ms[MAXMOVES];
  return gen_moves(c, s, ms) ? SG_PLAYING : SG_DRAWN;
}

static int pat_gen(const void *cfg, const void *st, sg_move *out) {
  const pat_cfg *c = cfg;
  const pat_state *s = st;
  if (found_total(s) == 52 || s->idle >= c->max_idle)
    return 0;
  return gen_moves(c, s, out);
}

static void pat_play(const void *cfg, void *st, sg_move m) {
  const pat_cfg *c = cfg;
  pat_state *s = st;
  int src = MSRC(m), dst = MDST(m), n = MN(m), progress = 0;
  if (src == SRC_STOCK) {
    if (s->nstock == 0) {   /* the waste turned over: the stock again */
      if (c->stock == 1) {
        memcpy(s->stock, s->waste, s->nwaste);
        sg_rng r;
        memcpy(r.s, s->rng, sizeof r.s);
        pat_shuffle(s->stock, s->nwaste, 0, &r);
        memcpy(s->rng, r.s, sizeof r.s);
      } else
        for (int i = 0; i < s->nwaste; i++)
          s->stock[i] = s->waste[s->nwaste - 1 - i];
      s->nstock = s->nwaste;
      s->nwaste = 0;
      s->passes++;
    } else
      for (int i = 0; i < c->draw && s->nstock; i++)
        s->waste[s->nwaste++] = s->stock[--s->nstock];
  } else {
    uint8_t cards[PAT_COLMAX];
    if (src < PAT_COLS) {
      s->ncol[src] = (uint8_t)(s->ncol[src] - n);
      memcpy(cards, &s->col[src][s->ncol[src]], (size_t)n);
      if (s->ncol[src] && s->down[src] == s->ncol[src]) {
        s->down[src]--;
        progress = 1;
      }
    } else if (src == SRC_WASTE) {
      cards[0] = s->waste[--s->nwaste];
    } else {
      int f = src - SRC_FOUND;
      cards[0] = (uint8_t)(f * 13 + --s->found[f]);
    }
    if (dst == DST_FOUND)
      s->found[SUIT(cards[0])]++;
    else {
      memcpy(&s->col[dst][s->ncol[dst]], cards, (size_t)n);
      s->ncol[dst] = (uint8_t)(s->ncol[dst] + n);
    }
  }
  int t = found_total(s);
  if (t > s->best) {
    s->best = (uint8_t)t;
    progress = 1;
  }
  s->idle = progress ? 0 : (uint16_t)(s->idle + 1);
}

static int pat_players(const void *cfg, const void *st) { (void)cfg, (void)st; return 1; }
static int pat_to_move(const void *cfg, const void *st) { (void)cfg, (void)st; return 0; }

static int hidden_cards(const pat_state *s) {
  int h = 0;
  for (int k = 0; k < PAT_COLS; k++)
    h += s->down[k];
  return h;
}

/* Progress from the player's point of view: cards on the foundations, face-down cards turned
   up, cards left in the stock and waste, empty columns. */
static void pat_eval(const void *cfg, const void *st, int *scores) {
  const pat_cfg *c = cfg;
  const pat_state *s = st;
  int empty = 0;
  for (int k = 0; k < PAT_COLS; k++)
    empty += s->ncol[k] == 0;
  scores[0] = c->w_found * found_total(s) + c->w_revealed * (21 - hidden_cards(s)) +
              c->w_hidden_stock * (s->nstock + s->nwaste) + c->w_empty * empty;
}

static uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Everything that decides what can happen next (the idle count and passes left out). */
static uint64_t pat_hash_state(const pat_cfg *c, const pat_state *s) {
  uint64_t h = 0x1234567;
  for (int k = 0; k < PAT_COLS; k++) {
    h = mix(h + 0x100 + s->down[k]);
    for (int i = 0; i < s->ncol[k]; i++)
      h = h * 0x100000001b3ULL + s->col[k][i] + 1;
  }
  h = mix(h + 0x200);
  for (int i = 0; i < s->nstock; i++)
    h = h * 0x100000001b3ULL + s->stock[i] + 1;
  h = mix(h + 0x300);
  for (int i = 0; i < s->nwaste; i++)
    h = h * 0x100000001b3ULL + s->waste[i] + 1;
  uint64_t f;
  memcpy(&f, s->found, 4);
  h = mix(h + (f & 0xffffffffULL));
  if (c->stock == 1)
    h = mix(h ^ s->rng[0] ^ mix(s->rng[1] + s->rng[2] + s->rng[3]));
  return h;
}

static uint64_t pat_hash(const void *cfg, const void *st) {
  return pat_hash_state(cfg, st);
}

/* ---- hidden information ---- */

/* What the player sees: not the face-down cards, nor the stock before it was first turned
   over (after that, with unlimited passes, the stock is the waste turned over, each card of
   which the player saw drawn: its order is known; a reshuffled stock is unknown again). */
static void pat_view(const void *cfg, const void *st, int player, void *out) {
  const pat_cfg *c = cfg;
  (void)player;
  pat_state *v = out;
  memcpy(v, st, sizeof *v);
  for (int k = 0; k < PAT_COLS; k++)
    memset(v->col[k], PAT_UNK, v->down[k]);
  if (!(v->passes > 0 && c->stock == 0))
    memset(v->stock, PAT_UNK, v->nstock);
  memset(v->rng, 0, sizeof v->rng);
  v->view = 1;
}

/* The cards the view shows: face-up cards, the waste and the foundations; the others fill
   the face-down places and the stock, uniformly. */
static void pat_sample(const void *cfg, const void *vv, int player, uint64_t seed, void *out) {
  (void)cfg, (void)player;
  const pat_state *v = vv;
  pat_state *s = out;
  memcpy(s, v, sizeof *s);
  uint8_t seen[52] = {0}, rest[52];
  for (int k = 0; k < PAT_COLS; k++)
    for (int i = 0; i < v->ncol[k]; i++)
      if (v->col[k][i] != PAT_UNK)
        seen[v->col[k][i]] = 1;
  for (int i = 0; i < v->nwaste; i++)
    seen[v->waste[i]] = 1;
  for (int i = 0; i < v->nstock; i++)
    if (v->stock[i] != PAT_UNK)
      seen[v->stock[i]] = 1;
  for (int f = 0; f < 4; f++)
    for (int r = 0; r < v->found[f]; r++)
      seen[f * 13 + r] = 1;
  int n = 0;
  for (int i = 0; i < 52; i++)
    if (!seen[i])
      rest[n++] = (uint8_t)i;
  sg_rng r;
  rng_seed(&r, seed);
  pat_shuffle(rest, n, 0, &r);
  int k = 0;
  for (int c = 0; c < PAT_COLS; c++)
    for (int i = 0; i < s->ncol[c]; i++)
      if (s->col[c][i] == PAT_UNK)
        s->col[c][i] = k < n ? rest[k++] : 0;
  for (int i = 0; i < s->nstock; i++)
    if (s->stock[i] == PAT_UNK)
      s->stock[i] = k < n ? rest[k++] : 0;
  for (int i = 0; i < 4; i++)
    s->rng[i] = rng_next(&r);
  s->view = 0;
}

/* ---- notation ---- */

static void card_text(int card, char *b) {
  if (card == PAT_UNK) {
    b[0] = '?', b[1] = '\0';
    return;
  }
  b[0] = RANKS[RANK(card) - 1], b[1] = SUITS[SUIT(card)], b[2] = '\0';
}

/* The longest run of column k that may go to column d, or 0. */
static int longest_to(const pat_cfg *c, const pat_state *s, int k, int d) {
  int up = s->ncol[k] - s->down[k];
  for (int i = up; i >= (c->split_runs ? 1 : up) && i >= 1; i--)
    if (can_place(c, s, s->col[k][s->ncol[k] - i], d))
      return i;
  return 0;
}

static void pat_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  const pat_state *s = st;
  int src = MSRC(m), dst = MDST(m), k = MN(m);
  if (src == SRC_STOCK)
    snprintf(buf, n, "s");
  else if (src == SRC_WASTE)
    dst == DST_FOUND ? snprintf(buf, n, "wf") : snprintf(buf, n, "w%d", dst + 1);
  else if (src >= SRC_FOUND)
    snprintf(buf, n, "f%c%d", SUITS[src - SRC_FOUND], dst + 1);
  else if (dst == DST_FOUND)
    snprintf(buf, n, "%df", src + 1);
  else if (k == longest_to(cfg, s, src, dst))
    snprintf(buf, n, "%d-%d", src + 1, dst + 1);
  else
    snprintf(buf, n, "%d-%dx%d", src + 1, dst + 1, k);
}

#define NOTATION "s (turn the stock), wf, w3 (waste to foundation or column 3), 3f, 3-5 or " \
                 "3-5x2 (column to column, x the number of cards), fh3 (a foundation's top " \
                 "card to column 3)"

/* Why card may not go on column d (it may not). */
static void place_why(const pat_cfg *c, const pat_state *s, int card, int d, char *why,
                      size_t n) {
  char a[3], b[3];
  card_text(card, a);
  if (s->ncol[d] == 0) {
    snprintf(why, n, "column %d is empty: only %s may go there (variant empty_column = '%s'), "
             "not %s", d + 1, c->empty_column ? "a jack, queen or king" : "a king",
             c->empty_column ? "picture" : "king", a);
    return;
  }
  card_text(s->col[d][s->ncol[d] - 1], b);
  int t = s->col[d][s->ncol[d] - 1];
  if (RANK(t) == 1)
    snprintf(why, n, "nothing goes on an ace (%s on column %d)", b, d + 1);
  else
    snprintf(why, n, "%s cannot go on %s: columns build down in alternating colours (a %s %c "
             "goes on %s)", a, b, RED(t) ? "black" : "red", RANKS[RANK(t) - 2], b);
}

#define BAD "malformed move '%.40s': expected " NOTATION

static int illegal(char *err, const char *text, const char *why) {
  snprintf(err, SG_ERRLEN, "illegal move '%.40s': %.190s", text, why);
  return -1;
}

static int col_digit(char ch) { return ch >= '1' && ch <= '7' ? ch - '1' : -1; }

static int pat_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const pat_cfg *c = cfg;
  const pat_state *s = st;
  char why[200];
  size_t len = strlen(text);
  if (pat_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal move '%.40s': the game is over", text);
    return -1;
  }
  if (len == 1 && (text[0] == 's' || text[0] == 'S')) {
    if (s->nstock == 0 && s->nwaste == 0)
      return illegal(err, text, "the stock and the waste are empty");
    if (s->nstock == 0 && c->stock == 2)
      return illegal(err, text, "the stock is empty and the waste may "
                     "not be turned over (variant stock = 'one_pass')");
    *m = MV(SRC_STOCK, DST_WASTE, 0);
    return 0;
  }
  if (len == 2 && (text[0] == 'w' || text[0] == 'W')) {
    int d = text[1] == 'f' || text[1] == 'F' ? DST_FOUND : col_digit(text[1]);
    if (d < 0)
      return snprintf(err, SG_ERRLEN, BAD, text), -1;
    if (s->nwaste == 0)
      return illegal(err, text, "the waste is empty");
    int card = s->waste[s->nwaste - 1];
    char a[3];
    card_text(card, a);
    if (d == DST_FOUND) {
      if (!can_found(s, card)) {
        snprintf(why, sizeof why, "%s cannot go to its foundation, which needs %s%c next",
                 a, s->found[SUIT(card)] == 13 ? "nothing" : "",
                 s->found[SUIT(card)] == 13 ? ' ' : RANKS[s->found[SUIT(card)]]);
        return illegal(err, text, why);
      }
    } else if (!can_place(c, s, card, d)) {
      place_why(c, s, card, d, why, sizeof why);
      return illegal(err, text, why);
    }
    *m = MV(SRC_WASTE, d, 1);
    return 0;
  }
  if (len == 2 && col_digit(text[0]) >= 0 && (text[1] == 'f' || text[1] == 'F')) {
    int k = col_digit(text[0]);
    if (s->ncol[k] == 0) {
      snprintf(why, sizeof why, "column %d is empty", k + 1);
      return illegal(err, text, why);
    }
    int card = s->col[k][s->ncol[k] - 1];
    if (!can_found(s, card)) {
      char a[3];
      card_text(card, a);
      snprintf(why, sizeof why, "%s cannot go to the %s foundation, which holds %d card%s", a,
               SUIT_NAME[SUIT(card)], s->found[SUIT(card)], s->found[SUIT(card)] == 1 ? "" : "s");
      return illegal(err, text, why);
    }
    *m = MV(k, DST_FOUND, 1);
    return 0;
  }
  if (len == 3 && (text[0] == 'f' || text[0] == 'F') && strchr(SUITS, text[1] | 0x20) &&
      text[1] && col_digit(text[2]) >= 0) {
    int f = (int)(strchr(SUITS, text[1] | 0x20) - SUITS), d = col_digit(text[2]);
    if (s->found[f] == 0) {
      snprintf(why, sizeof why, "the %s foundation is empty", SUIT_NAME[f]);
      return illegal(err, text, why);
    }
    int card = f * 13 + s->found[f] - 1;
    if (!can_place(c, s, card, d)) {
      place_why(c, s, card, d, why, sizeof why);
      return illegal(err, text, why);
    }
    *m = MV(SRC_FOUND + f, d, 1);
    return 0;
  }
  /* column to column: 3-5, 35, 3-5x2 */
  const char *p = text;
  int k = col_digit(*p), d, cnt = 0;
  if (k < 0)
    return snprintf(err, SG_ERRLEN, BAD, text), -1;
  p++;
  if (*p == '-')
    p++;
  d = col_digit(*p);
  if (d < 0)
    return snprintf(err, SG_ERRLEN, BAD, text), -1;
  p++;
  if (*p == 'x' || *p == 'X') {
    p++;
    while (*p >= '0' && *p <= '9' && cnt < 100)
      cnt = cnt * 10 + (*p++ - '0');
    if (cnt < 1)
      return snprintf(err, SG_ERRLEN, BAD, text), -1;
  }
  if (*p)
    return snprintf(err, SG_ERRLEN, BAD, text), -1;
  if (k == d)
    return illegal(err, text, "a column cannot move onto itself");
  int up = s->ncol[k] - s->down[k];
  if (s->ncol[k] == 0) {
    snprintf(why, sizeof why, "column %d is empty", k + 1);
    return illegal(err, text, why);
  }
  if (cnt > up) {
    snprintf(why, sizeof why, "column %d has %d face-up card%s", k + 1, up, up == 1 ? "" : "s");
    return illegal(err, text, why);
  }
  if (cnt && !c->split_runs && cnt != up) {
    snprintf(why, sizeof why, "only the whole face-up run of column %d (%d cards) may move "
             "(variant split_runs = false)", k + 1, up);
    return illegal(err, text, why);
  }
  if (!cnt) {
    cnt = longest_to(c, s, k, d);
    if (!cnt) {
      if (!c->split_runs || up == 1 || s->ncol[d] == 0) {
        place_why(c, s, s->col[k][s->ncol[k] - up], d, why, sizeof why);
        if (c->split_runs && s->ncol[d] == 0)
          snprintf(why, sizeof why, "column %d is empty: only %s may go there (variant "
                   "empty_column = '%s'), and column %d shows none", d + 1,
                   c->empty_column ? "a jack, queen or king" : "a king",
                   c->empty_column ? "picture" : "king", k + 1);
      } else {
        char b[3];
        int t = s->col[d][s->ncol[d] - 1];
        card_text(t, b);
        snprintf(why, sizeof why, "no face-up card of column %d goes on %s (a %s %c is needed)",
                 k + 1, b, RED(t) ? "black" : "red", RANK(t) > 1 ? RANKS[RANK(t) - 2] : '-');
      }
      return illegal(err, text, why);
    }
  } else if (!can_place(c, s, s->col[k][s->ncol[k] - cnt], d)) {
    place_why(c, s, s->col[k][s->ncol[k] - cnt], d, why, sizeof why);
    return illegal(err, text, why);
  }
  *m = MV(k, d, cnt);
  return 0;
}

/* ---- position text ----
   Words: the seven columns (bottom first, '|' after the face-down cards, '-' for an empty
   column) separated by '/'; the stock (bottom first) or '-'; the waste (bottom first) or '-';
   the foundations' counts s,h,d,c; the passes; the idle moves; the most cards the foundations
   have held; the generator (four hex words joined by ':').  In a view each unknown card is '?'
   and the generator is '?'. */

static size_t cards_text(const uint8_t *a, int n, char *buf) {
  size_t k = 0;
  for (int i = 0; i < n; i++) {
    char t[3];
    card_text(a[i], t);
    memcpy(buf + k, t, strlen(t));
    k += strlen(t);
  }
  buf[k] = '\0';
  return k;
}

static size_t pat_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  (void)cfg;
  const pat_state *s = st;
  char t[1024];
  size_t k = 0;
  for (int c = 0; c < PAT_COLS; c++) {
    if (c)
      t[k++] = '/';
    if (s->ncol[c] == 0) {
      t[k++] = '-';
      continue;
    }
    k += cards_text(s->col[c], s->down[c], t + k);
    if (s->down[c])
      t[k++] = '|';
    k += cards_text(s->col[c] + s->down[c], s->ncol[c] - s->down[c], t + k);
  }
  t[k++] = ' ';
  if (s->nstock)
    k += cards_text(s->stock, s->nstock, t + k);
  else
    t[k++] = '-';
  t[k++] = ' ';
  if (s->nwaste)
    k += cards_text(s->waste, s->nwaste, t + k);
  else
    t[k++] = '-';
  k += (size_t)snprintf(t + k, sizeof t - k, " %d,%d,%d,%d %d %d %d ", s->found[0], s->found[1],
                        s->found[2], s->found[3], s->passes, s->idle, s->best);
  if (s->view)
    k += (size_t)snprintf(t + k, sizeof t - k, "?");
  else
    k += (size_t)snprintf(t + k, sizeof t - k, "%016llx:%016llx:%016llx:%016llx",
                          (unsigned long long)s->rng[0], (unsigned long long)s->rng[1],
                          (unsigned long long)s->rng[2], (unsigned long long)s->rng[3]);
  return (size_t)snprintf(buf, n, "%s", t);
}

#define EXP_CARDS "cards such as Ah, Td, Ks (rank A23456789TJQK, suit s h d c)"
#define EXP_TEXT "'COLUMNS STOCK WASTE S,H,D,C PASSES IDLE BEST GENERATOR', e.g. as g:position{all = true} writes it"

/* Read the cards of a span into a (at most max); -1 with err. */
static int read_cards(sg_span sp, uint8_t *a, int max, const char *field, char *err, int *n) {
  *n = 0;
  for (size_t i = 0; i < sp.n;) {
    if (sp.p[i] == '?')
      return postok_error(err, SG_ERRLEN, field, "every card known (a view's text cannot be "
                          "played; save the game with all = true)", "'?' is an unknown card");
    if (i + 1 >= sp.n)
      return postok_error(err, SG_ERRLEN, field, EXP_CARDS, "'%.*s' is not a card",
                          (int)(sp.n - i), sp.p + i);
    const char *r = strchr(RANKS, sp.p[i] >= 'a' && sp.p[i] <= 'z' ? sp.p[i] - 32 : sp.p[i]);
    const char *su = strchr(SUITS, sp.p[i + 1] | 0x20);
    if (!r || !*r || !su || !*su || !sp.p[i])
      return postok_error(err, SG_ERRLEN, field, EXP_CARDS, "'%.2s' is not a card", sp.p + i);
    if (*n >= max)
      return postok_error(err, SG_ERRLEN, field, max == 6 ? "at most 6 face-down cards" :
                          max == 13 ? "at most 13 face-up cards" : "at most 24 cards",
                          "too many cards");
    a[(*n)++] = (uint8_t)((su - SUITS) * 13 + (r - RANKS));
    i += 2;
  }
  return 0;
}

static int pat_init(const void *cfg, void *st, const char *position, uint64_t seed, char *err) {
  const pat_cfg *c = cfg;
  pat_state s;
  if (!position) {
    pat_deal(c, &s, seed);
    memcpy(st, &s, sizeof s);
    return 0;
  }
  memset(&s, 0, sizeof s);
  sg_postok t;
  sg_span w[8];
  postok_open(&t, position);
  static const char *const names[8] = {"columns", "stock", "waste", "foundations", "passes",
                                       "idle", "best", "generator"};
  for (int i = 0; i < 8; i++)
    if (!postok_word(&t, &w[i]))
      return postok_error(err, SG_ERRLEN, names[i], EXP_TEXT, "missing");
  if (!postok_done(&t))
    return postok_error(err, SG_ERRLEN, "text", EXP_TEXT, "more than eight words");
  /* columns */
  sg_postok ct = {w[0].p, w[0].p + w[0].n};
  sg_span f;
  int k = 0;
  char field[32];
  while (postok_field(&ct, '/', &f)) {
    if (k == PAT_COLS)
      return postok_error(err, SG_ERRLEN, "columns", "7 columns separated by '/'",
                          "more than 7 columns");
    snprintf(field, sizeof field, "column %d", k + 1);
    if (span_is(f, "-")) {
      k++;
      continue;
    }
    const char *bar = memchr(f.p, '|', f.n);
    sg_span dn = {f.p, bar ? (size_t)(bar - f.p) : 0};
    sg_span upp = {bar ? bar + 1 : f.p, bar ? f.n - (size_t)(bar + 1 - f.p) : f.n};
    int nd, nu;
    if (read_cards(dn, s.col[k], 6, field, err, &nd) != 0)
      return -1;
    if (read_cards(upp, s.col[k] + nd, 13, field, err, &nu) != 0)
      return -1;
    if (nu == 0)
      return postok_error(err, SG_ERRLEN, field, "a face-up card on top (a face-down card is "
                          "turned up at once)", "no face-up card");
    for (int i = nd + 1; i < nd + nu; i++) {
      int a = s.col[k][i - 1], b = s.col[k][i];
      if (!(RANK(a) == RANK(b) + 1 && RED(a) != RED(b))) {
        char x[3], y[3];
        card_text(a, x), card_text(b, y);
        return postok_error(err, SG_ERRLEN, field, "face-up cards built down in alternating "
                            "colours", "%s on %s", y, x);
      }
    }
    s.ncol[k] = (uint8_t)(nd + nu);
    s.down[k] = (uint8_t)nd;
    k++;
  }
  if (k != PAT_COLS)
    return postok_error(err, SG_ERRLEN, "columns", "7 columns separated by '/' ('-' for an "
                        "empty one)", "%d columns", k);
  int n;
  if (!span_is(w[1], "-")) {
    if (read_cards(w[1], s.stock, PAT_STOCKMAX, "stock", err, &n) != 0)
      return -1;
    s.nstock = (uint8_t)n;
  }
  if (!span_is(w[2], "-")) {
    if (read_cards(w[2], s.waste, PAT_STOCKMAX, "waste", err, &n) != 0)
      return -1;
    s.nwaste = (uint8_t)n;
  }
  if (s.nstock + s.nwaste > PAT_STOCKMAX)
    return postok_error(err, SG_ERRLEN, "stock", "at most 24 cards in the stock and waste",
                        "%d cards in the stock and waste", s.nstock + s.nwaste);
  sg_postok ft = {w[3].p, w[3].p + w[3].n};
  for (int i = 0; i < 4; i++) {
    long v;
    if (!postok_field(&ft, ',', &f) || span_int(f, 0, 13, &v) != 0)
      return postok_error(err, SG_ERRLEN, "foundations", "four counts 0 to 13 (spades, hearts, "
                          "diamonds, clubs) separated by ','", "'%.*s'", (int)w[3].n, w[3].p);
    s.found[i] = (uint8_t)v;
  }
  if (!postok_done(&ft))
    return postok_error(err, SG_ERRLEN, "foundations", "four counts", "more than four");
  long v;
  if (span_int(w[4], 0, 65535, &v) != 0)
    return postok_error(err, SG_ERRLEN, "passes", "a whole number 0 to 65535", "'%.*s'",
                        (int)w[4].n, w[4].p);
  s.passes = (uint16_t)v;
  if (span_int(w[5], 0, c->max_idle, &v) != 0)
    return postok_error(err, SG_ERRLEN, "idle", "a whole number from 0 to rules.max_idle",
                        "'%.*s'", (int)w[5].n, w[5].p);
  s.idle = (uint16_t)v;
  int tot = s.found[0] + s.found[1] + s.found[2] + s.found[3];
  if (span_int(w[6], tot, 52, &v) != 0)
    return postok_error(err, SG_ERRLEN, "best", "a whole number from the cards on the "
                        "foundations to 52", "'%.*s'", (int)w[6].n, w[6].p);
  s.best = (uint8_t)v;
  if (span_is(w[7], "?"))
    return postok_error(err, SG_ERRLEN, "generator", "four hex words joined by ':' (a view's "
                        "text cannot be played)", "'?' is unknown");
  {
    char hex[80];
    if (w[7].n != 67)
      return postok_error(err, SG_ERRLEN, "generator", "four 16-digit hex words joined by ':'",
                          "'%.*s'", (int)(w[7].n > 70 ? 70 : w[7].n), w[7].p);
    memcpy(hex, w[7].p, w[7].n);
    hex[w[7].n] = '\0';
    unsigned long long a[4];
    char tail;
    if (sscanf(hex, "%16llx:%16llx:%16llx:%16llx%c", &a[0], &a[1], &a[2], &a[3], &tail) != 4 ||
        hex[16] != ':' || hex[33] != ':' || hex[50] != ':')
      return postok_error(err, SG_ERRLEN, "generator", "four 16-digit hex words joined by ':'",
                          "'%s'", hex);
    for (int i = 0; i < 4; i++)
      s.rng[i] = a[i];
    if (!(a[0] | a[1] | a[2] | a[3]))
      return postok_error(err, SG_ERRLEN, "generator", "a state other than all zero",
                          "all zero");
  }
  /* every card once */
  int count[52] = {0};
  for (int i = 0; i < PAT_COLS; i++)
    for (int j = 0; j < s.ncol[i]; j++)
      count[s.col[i][j]]++;
  for (int i = 0; i < s.nstock; i++)
    count[s.stock[i]]++;
  for (int i = 0; i < s.nwaste; i++)
    count[s.waste[i]]++;
  for (int f2 = 0; f2 < 4; f2++)
    for (int r = 0; r < s.found[f2]; r++)
      count[f2 * 13 + r]++;
  for (int i = 0; i < 52; i++)
    if (count[i] != 1) {
      char x[3];
      card_text(i, x);
      return postok_error(err, SG_ERRLEN, "cards", "each of the 52 cards exactly once (columns, "
                          "stock, waste and foundations)", "%s %s", x,
                          count[i] ? "appears more than once" : "is missing");
    }
  memcpy(st, &s, sizeof s);
  return 0;
}

/* ---- the diagram ---- */

static size_t pat_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const pat_cfg *c = cfg;
  const pat_state *s = st;
  size_t k = 0;
#define OUT(...) (k += (size_t)snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__))
  const char *red = colour ? "\x1b[31m" : "", *off = colour ? "\x1b[0m" : "";
#define CARD(cd)                                                                        \
  do {                                                                                  \
    int cd_ = (cd);                                                                     \
    if (RANK(cd_) == 10)                                                                \
      OUT("%s10%s%s", RED(cd_) ? red : "", SUIT_SYM[SUIT(cd_)], RED(cd_) ? off : "");   \
    else                                                                                \
      OUT("%s%c%s%s ", RED(cd_) ? red : "", RANKS[RANK(cd_) - 1], SUIT_SYM[SUIT(cd_)],  \
          RED(cd_) ? off : "");                                                         \
  } while (0)
  OUT("stock %2d  waste %2d:", s->nstock, s->nwaste);
  for (int i = s->nwaste > 3 ? s->nwaste - 3 : 0; i < s->nwaste; i++) {
    OUT(" ");
    CARD(s->waste[i]);
  }
  OUT("%*s  foundations:", s->nwaste >= 3 ? 0 : 4 * (3 - s->nwaste), "");
  for (int f = 0; f < 4; f++) {
    OUT(" ");
    if (s->found[f])
      CARD(f * 13 + s->found[f] - 1);
    else
      OUT("-%s ", SUIT_SYM[f]);
  }
  OUT("\n\n");
  int rows = 0;
  for (int i = 0; i < PAT_COLS; i++)
    rows = s->ncol[i] > rows ? s->ncol[i] : rows;
  for (int i = 0; i < PAT_COLS; i++)
    OUT("  %d  ", i + 1);
  OUT("\n");
  for (int r = 0; r < rows || r == 0; r++) {
    for (int i = 0; i < PAT_COLS; i++) {
      OUT(" ");
      if (r >= s->ncol[i])
        OUT(r == 0 ? " .  " : "    ");
      else if (r < s->down[i])
        OUT("##  ");
      else
      {
        CARD(s->col[i][r]);
        OUT(" ");
      }
    }
    while (k > 0 && k <= n && buf[k - 1] == ' ')
      k--;
    OUT("\n");
  }
  OUT("\n%d on the foundations, %d face down; draw %d, %s stock, passes %d; idle %d of %d\n",
      found_total(s), hidden_cards(s), c->draw,
      c->stock == 0 ? "unlimited" : c->stock == 1 ? "reshuffled" : "one-pass", s->passes,
      s->idle, c->max_idle);
#undef CARD
#undef OUT
  return k;
}

/* ---- ordering for the searches: foundations first, then moves that turn a card up ---- */

static int move_key(const pat_state *s, sg_move m) {
  int src = MSRC(m), dst = MDST(m);
  if (dst == DST_FOUND)
    return 100;
  if (src < PAT_COLS && MN(m) == s->ncol[src] - s->down[src] && s->down[src])
    return 80;
  if (src == SRC_WASTE)
    return 60;
  if (src < PAT_COLS)
    return MN(m) == s->ncol[src] - s->down[src] && s->ncol[dst] ? 40 : 20;
  if (src == SRC_STOCK)
    return 30;
  return 0;
}

static void pat_order(const void *cfg, const void *st, sg_move *ms, int n) {
  (void)cfg;
  const pat_state *s = st;
  for (int i = 1; i < n; i++) {
    sg_move m = ms[i];
    int key = move_key(s, m), j = i;
    while (j > 0 && move_key(s, ms[j - 1]) < key) {
      ms[j] = ms[j - 1];
      j--;
    }
    ms[j] = m;
  }
}

/* ---- the solver (sees every card) ---- */

/* A foundation move that can never be wrong: an ace or two, or a card whose two lower cards of
   the other colour are on their foundations (nothing could still need to go on it). */
static int safe_found(const pat_state *s, int card) {
  int r = RANK(card);
  if (r <= 2)
    return 1;
  int a = RED(card) ? 0 : 1, b = RED(card) ? 3 : 2;
  return s->found[a] >= r - 1 && s->found[b] >= r - 1;
}

/* The moves worth trying: one safe foundation move alone when there is one (from a column;
   from the waste only when drawing one card, where taking it changes no later turn of the
   stock); never a whole column moved into an empty one, nor a foundation card to a column
   from which it could just go back. */
static int worth_trying(const pat_state *s, sg_move m) {
  int src = MSRC(m), dst = MDST(m);
  if (src < PAT_COLS && dst < PAT_COLS && MN(m) == s->ncol[src] && s->ncol[dst] == 0)
    return 0;
  if (src >= SRC_FOUND && src < SRC_STOCK)
    return 0;
  if (src < PAT_COLS && dst < PAT_COLS && MN(m) < s->ncol[src] - s->down[src] &&
      !can_found(s, s->col[src][s->ncol[src] - MN(m) - 1]))
    return 0;
  return 1;
}

/* The safe foundation move to play alone, or 0 (from the waste only when drawing one card,
   where taking it changes no later turn of the stock). */
static sg_move safe_move(const pat_cfg *c, const pat_state *s) {
  for (int k = 0; k < PAT_COLS; k++)
    if (s->ncol[k] && can_found(s, s->col[k][s->ncol[k] - 1]) &&
        safe_found(s, s->col[k][s->ncol[k] - 1]))
      return MV(k, DST_FOUND, 1);
  if (c->draw == 1 && s->nwaste && can_found(s, s->waste[s->nwaste - 1]) &&
      safe_found(s, s->waste[s->nwaste - 1]))
    return MV(SRC_WASTE, DST_FOUND, 1);
  return 0;
}

/* The same choice for the searches (search option prune_actions): the moves are those of the
   player's view, and the test reads only face-up cards. */
static int pat_prune(const void *cfg, const void *st, sg_move *ms, int n) {
  const pat_state *s = st;
  sg_move safe = safe_move(cfg, s);
  if (safe)
    for (int i = 0; i < n; i++)
      if (ms[i] == safe) {
        ms[0] = safe;
        return 1;
      }
  int k = 0;
  for (int i = 0; i < n; i++)
    if (worth_trying(s, ms[i]))
      ms[k++] = ms[i];
  return k > 0 ? k : n;
}

/* The solver's moves are macro moves (Bjarnason, Fern and Tadepalli's "K+" moves; Blake and
   Gent): the stock and waste are one cyclic list, the talon, of which the cards reachable by
   turning the stock are played directly, "turn k times, then play the waste's card".  Turns
   alone are never a move (with unlimited passes or one pass, turning first reaches a subset of
   the same cards); with a reshuffled stock one more macro turns to the next pass.  A move is
   its base move (the play) | turns << 16 | (talon index + 1) << 24. */
#define M_TURNS(m) ((int)(((m) >> 16) & 255))
#define M_TIDX(m) ((int)(((m) >> 24) & 255))   /* 0: not from the talon by index */
#define M_BASE(m) ((m) & 0xffff)
#define M_MACRO(base, turns, idx) ((base) | (sg_move)(turns) << 16 | (sg_move)(idx) << 24)
#define TURN MV(SRC_STOCK, DST_WASTE, 0)

/* The talon as one list: the waste bottom first, then the stock from its top; the waste's
   playable card is t[nwaste - 1]. */
static int talon_list(const pat_state *s, uint8_t *t) {
  memcpy(t, s->waste, s->nwaste);
  for (int j = 0; j < s->nstock; j++)
    t[s->nwaste + j] = s->stock[s->nstock - 1 - j];
  return s->nwaste + s->nstock;
}

/* The first empty column, or -1: empty columns are alike (the table's key ignores the columns'
   order), so a card goes to the first only. */
static int first_empty(const pat_state *s) {
  for (int k = 0; k < PAT_COLS; k++)
    if (s->ncol[k] == 0)
      return k;
  return -1;
}

/* Dominance for a column's run moved onto another column: never a whole column into an empty
   one (the same position with the columns renamed), nor into any empty column but the
   first, nor a whole column onto another when no card could fill the column it empties;
   in the first search (not `full`), part of a run only when the card it uncovers can go
   home. */
static int run_worth(const pat_state *s, int k, int d, int n, int filler, int full) {
  int up = s->ncol[k] - s->down[k];
  if (s->ncol[d] == 0 && (n == s->ncol[k] || d != first_empty(s)))
    return 0;
  if (n == s->ncol[k])   /* empties column k: worth it only if a card could fill it */
    return filler;
  if (n == up || full)
    return 1;
  return can_found(s, s->col[k][s->ncol[k] - n - 1]);
}

/* Whether some card could still be moved into an empty column: a king (a jack, queen or
   king with empty_column = "picture") in the talon, or in a column above its bottom card.  A
   column's bottom card never moves to another column (a whole column is never moved into an
   empty one) and a foundation's cards never come back, so when there is none, a column
   emptied by moving its cards onto another column stays empty: the position with the cards
   left where they were has every move it has, and the card they would cover free too. */
static int filler_left(const pat_cfg *c, const pat_state *s, int full) {
  int lo = c->empty_column == 1 ? 11 : 13;
  for (int i = 0; i < s->nwaste; i++)
    if (RANK(s->waste[i]) >= lo)
      return 1;
  for (int i = 0; i < s->nstock; i++)
    if (RANK(s->stock[i]) >= lo)
      return 1;
  for (int k = 0; k < PAT_COLS; k++)
    for (int i = 1; i < s->ncol[k]; i++)
      if (RANK(s->col[k][i]) >= lo)
        return 1;
  for (int f = 0; f < 4 && full; f++)   /* worried back from its foundation */
    if (s->found[f] >= lo)
      return 1;
  return 0;
}

typedef struct solve_move {
  sg_move m;
  int key;
} solve_move;

static void solve_add(solve_move *out, int *n, sg_move m, int key) {
  int j = (*n)++;
  while (j > 0 && out[j - 1].key < key) {   /* insertion: best first, stable */
    out[j] = out[j - 1];
    j--;
  }
  out[j].m = m, out[j].key = key;
}

/* The talon's card t[idx] reached after `turns` turns: played to its foundation or a column. */
static void solve_talon_card(const pat_cfg *c, const pat_state *s, int card, int turns,
                             int idx, solve_move *out, int *n, int *dep) {
  if (s->idle + turns >= c->max_idle) {
    *dep = 1;   /* the idle limit, not the cards, stopped this move */
    return;
  }
  if (can_found(s, card))
    solve_add(out, n, M_MACRO(MV(SRC_WASTE, DST_FOUND, 1), turns, idx), 69 - turns);
  int e = first_empty(s);
  for (int d = 0; d < PAT_COLS; d++)
    if ((s->ncol[d] || d == e) && can_place(c, s, card, d))
      solve_add(out, n, M_MACRO(MV(SRC_WASTE, d, 1), turns, idx), 60 - turns);
}

/* The talon's moves: with unlimited passes or one pass, every card reachable by turning
   (computed on the list: from the waste's place p, p + draw, p + 2 draw, ... to the end, then
   after a turn-over draw, 2 draw, ...); with a reshuffled stock, turned card by card to the
   end of the next pass, plus the turns to that pass. */
static void solve_talon(const pat_cfg *c, const pat_state *s, solve_move *out, int *n,
                        int *dep) {
  if (c->stock != 1) {
    uint8_t t[PAT_STOCKMAX], seen[PAT_STOCKMAX] = {0};
    int len = talon_list(s, t), q = s->nwaste, turns = 0, wrapped = 0;
    if (q > 0) {
      seen[q - 1] = 1;
      solve_talon_card(c, s, t[q - 1], 0, q, out, n, dep);
    }
    while (len > 0) {
      if (q < len) {
        q = q + c->draw < len ? q + c->draw : len;
      } else {
        if (c->stock == 2 || wrapped)
          break;
        q = 0, wrapped = 1;
        turns++;
        continue;
      }
      turns++;
      if (!seen[q - 1]) {
        seen[q - 1] = 1;
        solve_talon_card(c, s, t[q - 1], turns, q, out, n, dep);
      }
    }
    return;
  }
  pat_state w = *s;
  int passes = 0;
  for (int turns = 1; can_turn(c, &w) && passes < 2 && turns < 255; turns++) {
    if (w.nstock == 0)
      passes++;
    pat_play(c, &w, TURN);
    if (w.nwaste)   /* the columns and foundations are s's */
      solve_talon_card(c, s, w.waste[w.nwaste - 1], turns, 0, out, n, dep);
    if (passes == 1 && w.nwaste == 0) {
      if (s->idle + turns < c->max_idle)
        solve_add(out, n, M_MACRO(TURN, turns - 1, 0), 5);
      else
        *dep = 1;
    }
  }
}

/* A card the solver sends home at once (Horne's rule for FreeCell's autoplay): an ace or two,
   or one whose lower cards of the other colour are home, or nearly: both other-colour
   foundations at r - 2 or more and the same colour's other one at r - 3 or more.  A card x
   that could go on it (rank r - 1, other colour) can then go home itself, and so can any card
   y that could go on x (rank r - 2, the card's colour).  That argument holds when cards never
   come back from the foundations (the first search).  In the second search (`full`) a card
   home can be worried back to hold another, so the rule is stricter there: an ace or two, or
   a card whose lower cards of the other colour and whose cards two lower of its own colour are
   all home (both other-colour foundations at r - 1 or more, the same colour's other one at
   r - 2 or more).  Then every card that could ever lie on it (ranks below r, alternating
   colours) is home already: it could hold only cards worried back, each of which could hold
   only cards home too, so a line that keeps the card in its column only moves home cards out
   and back.  The looser rule is wrong there: with spades and clubs at 8, hearts at 8 and
   diamonds at 5, 9h is not safe, since 8s worried back onto it holds 7d (a deal of the
   endgame test, t/041-patience.lua, is won only so). */
static int solve_safe(const pat_state *s, int card, int full) {
  int r = RANK(card);
  if (r <= 2)
    return 1;
  int a = RED(card) ? 0 : 1, b = RED(card) ? 3 : 2, other = SUIT(card) ^ 3;
  if (full)
    return s->found[a] >= r - 1 && s->found[b] >= r - 1 && s->found[other] >= r - 2;
  if (s->found[a] >= r - 1 && s->found[b] >= r - 1)
    return 1;
  return s->found[a] >= r - 2 && s->found[b] >= r - 2 && s->found[other] >= r - 3;
}

/* A position no line can win: a set of cards in the columns none of which can leave its
   column before another of them has.  A card X (not a king, nor a jack, queen or king with
   empty_column = "picture": those could go to an empty column) leaves its column home, onto a
   card one rank higher of the other colour (a parent), or in a run started below it; the
   last needs the card just beneath X to be a face-up parent, so such cards are never in the
   set.  Going home needs every lower card of X's suit home; going onto a parent P needs P
   uncovered (out of X's column if it lies above X; never if it lies below X).  The set is the
   largest one in which every card has each of these ways barred by another card of the set:
   a lower card of its suit lies beneath a card of the set, and each parent lies below X in
   its column, or beneath a card of the set, or is itself in the set above X.  A parent in the
   talon or on a foundation frees X (it might come to a column).  Found by starting from every
   such card and taking out, until none changes, those with a way not barred.  The simplest
   case: X above a lower card of its suit with both parents under it (de Ruiter, Counting
   Classes of Klondike Solitaire Configurations, 2012, counts deals blocked so). */
static int solve_dead(const pat_cfg *c, const pat_state *s) {
  int lo = c->empty_column == 1 ? 11 : 13;
  int8_t wcol[52], widx[52];
  uint64_t cand = 0;
  memset(wcol, -1, sizeof wcol);
  for (int k = 0; k < PAT_COLS; k++)
    for (int i = 0; i < s->ncol[k]; i++) {
      int x = s->col[k][i], p = i ? s->col[k][i - 1] : 0;
      wcol[x] = (int8_t)k, widx[x] = (int8_t)i;
      if (RANK(x) < lo &&
          !(i && i - 1 >= s->down[k] && RANK(p) == RANK(x) + 1 && RED(p) != RED(x)))
        cand |= (uint64_t)1 << x;
    }
  for (int changed = 1; cand && changed;) {
    int hi[PAT_COLS];   /* the highest place of a card of the set in each column */
    for (int k = 0; k < PAT_COLS; k++) {
      hi[k] = -1;
      for (int i = s->ncol[k] - 1; i >= 0; i--)
        if (cand >> s->col[k][i] & 1) {
          hi[k] = i;
          break;
        }
    }
    changed = 0;
    for (int x = 0; x < 52; x++) {
      if (!(cand >> x & 1))
        continue;
      int r = RANK(x), su = SUIT(x), k = wcol[x], free = 1;
      for (int q = s->found[su] + 1; q < r && free; q++) {   /* home */
        int y = su * 13 + q - 1;
        if (wcol[y] >= 0 && hi[(int)wcol[y]] > widx[y])
          free = 0;
      }
      for (int j = 0; j < 2 && !free; j++) {   /* onto a parent */
        int pp = (RED(x) ? (j ? 3 : 0) : (j ? 2 : 1)) * 13 + r;
        int pk = wcol[pp];
        if (pk < 0)
          free = 1;   /* in the talon or home */
        else if (pk == k && widx[pp] < widx[x])
          ;           /* under X */
        else if (pk == k)
          free = !(cand >> pp & 1) && hi[pk] <= widx[pp];
        else
          free = hi[pk] <= widx[pp];
      }
      if (free) {
        cand &= ~((uint64_t)1 << x);
        changed = 1;
      }
    }
  }
  return cand != 0;
}

/* The solver's moves, best first: a safe foundation move from a column alone when there is
   one (from the waste too when drawing one); otherwise foundations, runs that turn a card up
   (the column with more face-down cards first), the talon's cards, other run moves; with
   `full` (the second search, pat_solve), also parts of runs whatever they uncover and, last,
   a foundation's card back to a column (one that is not safe home). */
static int solve_moves(const pat_cfg *c, const pat_state *s, solve_move *out, int *dep,
                       int full) {
  int n = 0;
  for (int k = 0; k < PAT_COLS; k++)
    if (s->ncol[k] && can_found(s, s->col[k][s->ncol[k] - 1]) &&
        solve_safe(s, s->col[k][s->ncol[k] - 1], full)) {
      out[0].m = MV(k, DST_FOUND, 1), out[0].key = 0;
      return 1;
    }
  if (c->draw == 1 && s->nwaste && can_found(s, s->waste[s->nwaste - 1]) &&
      solve_safe(s, s->waste[s->nwaste - 1], full)) {
    out[0].m = MV(SRC_WASTE, DST_FOUND, 1), out[0].key = 0;
    return 1;
  }
  int filler = filler_left(c, s, full);
  for (int k = 0; k < PAT_COLS; k++) {
    if (s->ncol[k] == 0)
      continue;
    if (can_found(s, s->col[k][s->ncol[k] - 1]))
      solve_add(out, &n, MV(k, DST_FOUND, 1), 100);
    int up = s->ncol[k] - s->down[k];
    for (int d = 0; d < PAT_COLS; d++) {
      if (d == k)
        continue;
      for (int i = c->split_runs ? 1 : up; i <= up; i++)
        if (can_place(c, s, s->col[k][s->ncol[k] - i], d) &&
            run_worth(s, k, d, i, filler, full))
          solve_add(out, &n, MV(k, d, i),
                    i == up ? (s->down[k] ? 70 + s->down[k] : 40) :
                    can_found(s, s->col[k][s->ncol[k] - i - 1]) ? 20 : 3);
    }
  }
  solve_talon(c, s, out, &n, dep);
  /* a foundation's card back to a column (worrying back), last: a card that is safe home
     would only be sent home again at once */
  int e = first_empty(s);
  for (int f = 0; f < 4 && full; f++) {
    if (!s->found[f])
      continue;
    int card = f * 13 + s->found[f] - 1;
    if (solve_safe(s, card, 1))
      continue;
    for (int d = 0; d < PAT_COLS; d++)
      if ((s->ncol[d] || d == e) && can_place(c, s, card, d))
        solve_add(out, &n, MV(SRC_FOUND + f, d, 1), 1);
  }
  return n;
}

/* Play a solver's move on s. */
static void solve_play(const pat_cfg *c, pat_state *s, sg_move m) {
  int turns = M_TURNS(m), idx = M_TIDX(m);
  if (idx) {   /* the talon rearranged at once: t[idx - 1] on top of the waste */
    uint8_t t[PAT_STOCKMAX];
    int len = talon_list(s, t);
    if (idx < s->nwaste)
      s->passes++;
    memcpy(s->waste, t, (size_t)idx);
    s->nwaste = (uint8_t)idx;
    s->nstock = (uint8_t)(len - idx);
    for (int j = 0; j < s->nstock; j++)
      s->stock[s->nstock - 1 - j] = t[idx + j];
    s->idle = (uint16_t)(s->idle + turns);
  } else
    for (int i = 0; i < turns; i++)
      pat_play(c, s, TURN);
  pat_play(c, s, M_BASE(m));
}

/* The waste's place in the talon as far as the solver's moves can tell.  With unlimited
   passes, from place p (the waste's card count) the macro moves reach p, p + draw, ... to the
   end, then after a turn-over draw, 2 draw, ... and the end again (solve_talon); so every p
   that is a multiple of draw, and the end of the list, reach the same cards (the multiples of
   draw and the end), and a macro move's result depends only on the card it plays (solve_play
   rebuilds the waste and stock from the list), not on p: such places are one for the table
   (0; with draw 1 every place).  What differs is only the turns the macro moves count as idle
   moves; "lost" is claimed only when the idle limit cut nothing (solve_pending).  With one
   pass or a reshuffled stock the place is kept as it is. */
static int solve_pointer(const pat_cfg *c, const pat_state *s) {
  if (c->stock != 0 || s->nstock == 0 || s->nwaste % c->draw == 0)
    return c->stock != 0 ? s->nwaste : 0;
  return s->nwaste;
}

/* The table's key: as pat_hash_state, but the columns' order left out (a sum of each column's
   own hash), and the most cards ever home kept in the first search (it decides whether a card
   home is progress, so only the idle limit sees it; there no card leaves its foundation, so it
   is the cards home anyway).  The second search (`full`) leaves it out: a position met with
   another such count is the same position but for what the idle limit allows, and "lost" is
   said only when that limit cut nothing (solve_pending), when the search was one of the game
   without the limit, whose positions do not hold the count.  solve_key_talon gives the part
   before the waste's place, solve_key_at the key. */
static uint64_t solve_key_talon(const pat_state *s) {
  uint64_t cols = 0;
  for (int k = 0; k < PAT_COLS; k++) {
    uint64_t h = 0x9e3779b97f4a7c15ULL + s->down[k];
    for (int i = 0; i < s->ncol[k]; i++)
      h = h * 0x100000001b3ULL + s->col[k][i] + 1;
    cols += mix(h);
  }
  uint64_t h = mix(cols + 0x200);
  for (int i = 0; i < s->nwaste; i++)   /* the talon's list (talon_list's order) */
    h = h * 0x100000001b3ULL + s->waste[i] + 1;
  for (int i = s->nstock - 1; i >= 0; i--)
    h = h * 0x100000001b3ULL + s->stock[i] + 1;
  return h;
}

/* The key from solve_key_talon's part, the waste's place (solve_pointer's) and the constraint
   on the next move (pend: 0 none). */
static uint64_t solve_key_at(const pat_cfg *c, const pat_state *s, int full, uint64_t pre,
                             int place, int pend) {
  uint64_t h = mix(pre + 0x300 + (uint64_t)place);
  uint64_t f;
  memcpy(&f, s->found, 4);
  h = mix(h + (f & 0xffffffffULL) + (full ? 0 : (uint64_t)s->best << 32));
  if (c->stock == 1)
    h = mix(h ^ s->rng[0] ^ mix(s->rng[1] + s->rng[2] + s->rng[3]));
  if (pend)   /* a position with a constraint on its next move is another entry */
    h ^= mix((uint64_t)pend + 0x51ed27);
  return h | (uint64_t)1 << 63;   /* the table keeps the top 48 bits: never all 0 (empty) */
}

#define RESTART_NODES 20000
#define RESTART_SHAKE 100

typedef struct solve_frame {
  pat_state st;
  solve_move ms[MAXMOVES];
  uint64_t key;                    /* in the table while the position is searched */
  int n, i;
  int pend;                        /* the second search's constraint on the next move (0:
                                      none; see solve_pending) */
  int entered;                     /* searched here (not found in the table) */
  int dep;                         /* the idle limit cut something below */
  int raw;                         /* moves of the game played to reach this position */
} solve_frame;

/* A position searched (or being searched) and the fewest idle moves it was met with.  Met
   again, it is searched again only if the idle limit cut something below it (VISIT_IDLE) and
   it now has fewer idle moves: otherwise it can win no more (its moves are those of the game,
   and as many remain).  On the path (VISIT_PATH), met again it closes a cycle.  An entry is
   one 64-bit word: the key's top 48 bits (its low bits choose the slot), the idle count in 14
   bits (max_idle is at most 10000; IDLE_NONE marks a position to search again whatever its
   idle count) and the two flags, so a table holds 8-byte entries.  A position, once searched
   to the end, stays in the table unless 16 slots from its own are all taken (then the newest
   replaces one not on the path): a position forgotten is only searched again, so a verdict
   stays exact; a position on the path is never replaced. */
enum { VISIT_PATH = 1, VISIT_IDLE = 2 };
#define VISIT_PROBES 16
#define IDLE_NONE 0x3fffu
#define V_TAG(key) ((key) & ~(uint64_t)0xffff)
#define V_IDLE(e) ((uint32_t)((e) >> 2) & IDLE_NONE)
#define V_FLAGS(e) ((uint32_t)(e) & 3)
#define V_MAKE(key, idle, flags) (V_TAG(key) | (uint64_t)(idle) << 2 | (uint64_t)(flags))
typedef uint64_t visit;

/* Mark a position of the table as never searched (it was on the path when a restart came). */
static void solve_forget(visit *tab, size_t cap, uint64_t key) {
  size_t h = (size_t)(key & (cap - 1));
  for (int probe = 0; probe < VISIT_PROBES; probe++, h = (h + 1) & (cap - 1))
    if (tab[h] && V_TAG(tab[h]) == V_TAG(key)) {
      tab[h] = V_MAKE(key, IDLE_NONE, VISIT_IDLE);
      return;
    }
}

/* A restart's order: each move's key raised by up to amp - 1, from a hash of the position,
   the move and the restart, then the moves sorted again. */
static void solve_perturb(solve_move *ms, int n, uint64_t salt, int amp) {
  for (int i = 0; i < n; i++)
    ms[i].key += (int)(mix(salt ^ ms[i].m * 0x9e3779b97f4a7c15ULL) % (uint64_t)amp);
  for (int i = 1; i < n; i++) {
    solve_move x = ms[i];
    int j = i;
    while (j > 0 && ms[j - 1].key < x.key) {
      ms[j] = ms[j - 1];
      j--;
    }
    ms[j] = x;
  }
}

/* Look s up in the table: 1 when it need not be searched (*dep set when what was found there
   depended on the idle limit); else enter it as on the path (*full counts the positions
   that found no free slot). */
static int solve_seen(visit *tab, size_t cap, uint64_t key, int idle, int *dep,
                      uint64_t *full) {
  size_t h = (size_t)(key & (cap - 1)), victim = SIZE_MAX;
  for (int probe = 0; probe < VISIT_PROBES; probe++, h = (h + 1) & (cap - 1)) {
    visit e = tab[h];
    if (e && V_TAG(e) == V_TAG(key)) {
      uint32_t fl = V_FLAGS(e);
      if ((fl & VISIT_PATH) || !(fl & VISIT_IDLE) || V_IDLE(e) <= (uint32_t)idle) {
        if ((fl & (VISIT_PATH | VISIT_IDLE)) == VISIT_IDLE)
          *dep = 1;
        return 1;
      }
      tab[h] = V_MAKE(key, idle, VISIT_PATH);
      return 0;
    }
    if (!e) {
      tab[h] = V_MAKE(key, idle, VISIT_PATH);
      return 0;
    }
    if (victim == SIZE_MAX && !(V_FLAGS(e) & VISIT_PATH))
      victim = h;
  }
  /* full: the newest replaces a position off the path (searched again if met again) */
  (*full)++;
  if (victim != SIZE_MAX)
    tab[victim] = V_MAKE(key, idle, VISIT_PATH);
  return 0;
}

/* A position searched to the end: off the path, marked if the idle limit cut below it. */
static void solve_done(visit *tab, size_t cap, uint64_t key, int dep) {
  size_t h = (size_t)(key & (cap - 1));
  for (int probe = 0; probe < VISIT_PROBES; probe++, h = (h + 1) & (cap - 1))
    if (tab[h] && V_TAG(tab[h]) == V_TAG(key)) {
      tab[h] = V_MAKE(key, V_IDLE(tab[h]), dep ? VISIT_IDLE : 0);
      return;
    }
}

/* With unlimited passes, the waste's place p in the talon decides which of its cards the
   macro moves reach (solve_talon): p, p + draw, ... to the end, then draw, 2 draw, ... and the
   end.  From a place q < p with q = p (mod draw) they reach all of those and more, and from
   any place they reach the multiples of draw and the end, which is all the places that are
   one entry for the table (solve_pointer: 0) reach; a macro move's result depends only on the
   card it plays.  So a position is covered by the same position with such a place q (with
   place 0: any other place) searched to the end with no win and nothing cut by the idle limit
   below it (its moves are a superset, each giving the same position, with more turns, which
   matter only through the idle limit: "lost" is said only when it cut nothing).  1 when one
   is in the table. */
static int solve_covered(const pat_cfg *c, const pat_state *s, int full, uint64_t pre,
                         int pend, const visit *tab, size_t cap) {
  int len = s->nwaste + s->nstock, p = solve_pointer(c, s), dr = c->draw;
  if (c->stock != 0 || dr == 1 || len < 2)
    return 0;
  for (int q = p ? p - dr : 1; q >= 1 && q < len; q = p ? q - dr : q + 1) {
    if (q % dr == 0)
      continue;
    uint64_t key = solve_key_at(c, s, full, pre, q, pend);
    size_t h = (size_t)(key & (cap - 1));
    for (int probe = 0; probe < VISIT_PROBES; probe++, h = (h + 1) & (cap - 1)) {
      visit e = tab[h];
      if (!e)
        break;
      if (V_TAG(e) == V_TAG(key)) {
        if (V_FLAGS(e) == 0)
          return 1;
        break;
      }
    }
  }
  return 0;
}

/* The second search's deferred moves (it is the one that must search every move, so these
   are where its space grows: splitting runs made it some five times the first search's).
   Three kinds of move are useful only for what they make possible next:

   - part of a run moved (a "split"), uncovering u, a face-up card that stays in column k;
   - a foundation's card X moved back ("worried") onto a column d;
   - a whole column's cards, all face up, moved onto a card Q of another column, emptying
     column k (the emptied column is deferred as a split is, with nothing left to use in k
     but the empty column: the next move must go into it).

   After a split, the next move must use u: u home, a run from column k (u is its top card),
   or a card onto u (a move to column k).  After a worry, the next move must put a card on X
   (a move to column d) or worry the next card of X's suit.  Why no win is lost (with no
   idle limit: see below): take any winning line and, from its end backwards, move each split
   later, to just before the first later move that uses u (from or to column k), and each
   worry to just before the first later move that puts a card on X or worries X's suit.  The
   moves in between are still legal: a split only moved the run above u onto a card Q and
   exposed u, and those moves neither use u (by the choice) nor need Q covered (covering a
   card allows nothing); a move of the run that holds the split cards (from Q's column)
   becomes the same move of a shorter run, and a move of the split run alone from Q becomes a
   split from u straight to its new place (one move fewer).  With X still home in between,
   only more is allowed (X's suit cannot go further home while X is out: the original line
   did not do so), a move of X alone or with its parent's run becomes the same move without
   X, and X is then worried straight to where it lies at its use.  The line ends in the same
   position, is no longer, plays the same cards home and turns up the same cards in the same
   order.  In the new line each split and worry is followed by a use, as the search asks.  The
   solver's other rules are unchanged: a safe card is never worried back, and after a split
   the only new top card is u (a safe card elsewhere would have been played before it).  An
   emptied column goes the split's way (the moved cards lie on Q as a split run would; when
   all of them leave Q before column k is filled, column k empties itself in the new line and
   the move is dropped); in between, a move into an empty column went to one before k (k was
   empty but not chosen, and a card goes to the first empty column only), which is still the
   first; Q, left uncovered, is not safe home there (the card that was on it, of the other
   colour and one rank lower, is not home), and at the move's new place a card goes into k at
   once, so a card could fill it (filler_left).  The constraint is part of the table's key (a
   position met with it has fewer moves).

   The reordering can make a stretch without progress longer, so under the rules' idle limit
   a line could become too long: "lost" from the second search is exact only when the idle
   limit cut nothing in it (pat_solve counts the cuts; the rules' limit, 200, hardly ever
   binds).  pend: 0 none; (type << 8) | column, with the card on top of the column in bits
   16-23 (255 for an emptied column); type 1 split, 2 worry, 3 emptied column (whose use is a
   split's: a move to or from column k). */
enum { PEND_SPLIT = 1, PEND_WORRY = 2, PEND_EMPTY = 3 };
#define PEND_COL(p) ((p) & 15)
#define PEND_TYPE(p) (((p) >> 8) & 3)
#define PEND_CARD(p) (((p) >> 16) & 255)

/* The constraint after move m (played in the second search on s, the position before it). */
static int solve_pending(const pat_state *s, sg_move m, int defer_empty) {
  int src = MSRC(m), dst = MDST(m), n = MN(m);
  if (M_TIDX(m) || M_TURNS(m))
    return 0;
  if (src < PAT_COLS && dst < PAT_COLS && n < s->ncol[src] - s->down[src])
    return PEND_SPLIT << 8 | src | s->col[src][s->ncol[src] - n - 1] << 16;
  if (src < PAT_COLS && dst < PAT_COLS && n == s->ncol[src] && defer_empty)   /* emptied */
    return PEND_EMPTY << 8 | src | 0xff << 16;
  if (src >= SRC_FOUND && src < SRC_STOCK)
    return PEND_WORRY << 8 | dst | ((src - SRC_FOUND) * 13 + s->found[src - SRC_FOUND] - 1) << 16;
  return 0;
}

/* Keep the moves the constraint allows (solve_pending); returns how many. */
static int solve_constrain(solve_move *ms, int n, int pend) {
  int k = 0, col = PEND_COL(pend);
  for (int i = 0; i < n; i++) {
    int src = MSRC(ms[i].m), dst = MDST(ms[i].m);
    /* col is a column (0-6): dst == col only for a card or run onto it */
    int ok = PEND_TYPE(pend) != PEND_WORRY ? src == col || dst == col
                                           : dst == col || src == SRC_FOUND + PEND_CARD(pend) / 13;
    if (ok)
      ms[k++] = ms[i];
  }
  return k;
}

/* Depth-first search over the solver's moves with the table; "lost" only when every move
   was searched (see doc/patience.md for what the dominance rules leave out). */
int pat_solve(const pat_cfg *cfg, const pat_state *st, const pat_solve_opts *o,
              pat_solve_result *r, char *err) {
  sg_move *line = r->moves;
  memset(r, 0, sizeof *r);
  r->moves = line;
  if (st->view) {
    snprintf(err, SG_ERRLEN, "solve: a view has unknown cards; the solver needs the whole deal");
    return -1;
  }
  int maxd = o->max_depth > 0 ? o->max_depth : 1;
  size_t cap = 1;
  while (cap * 2 * sizeof(visit) <= (o->hash_bytes ? o->hash_bytes : (size_t)16 << 20))
    cap *= 2;
  visit *tab = calloc(cap, sizeof *tab);
  solve_frame *fr = malloc((size_t)(maxd + 1) * sizeof *fr);
  if (!tab || !fr) {
    free(tab), free(fr);
    snprintf(err, SG_ERRLEN, "solve: out of memory");
    return -1;
  }
  double t0 = clock_now();
  int d, won = 0, stopped = 0, restart, full = 0;
  uint64_t cuts = 0;
  uint64_t budget;
  /* two searches: the first leaves out parts of runs that uncover a card that cannot go home
     and foundation cards back to the columns (rarely needed, and costly to search); a win it
     finds is a win, but "lost" needs the second, with every move (the table cleared) */
again:
  d = 0, restart = 0;
  fr[0].st = *st;
  fr[0].n = -1;
  fr[0].raw = 0;
  fr[0].pend = 0;
  /* restarts: the first search stops after RESTART_NODES nodes, each next one after twice as
     many, with the moves' order shaken; the table is kept (what it holds was searched to the
     end), the positions on the path at the restart forgotten */
  budget = r->nodes + RESTART_NODES;
  while (d >= 0) {
    solve_frame *f = &fr[d];
    if (f->n < 0) {   /* entering a position */
      r->nodes++;
      if ((r->nodes & 4095) == 0) {
        if (interrupt_pending()) {
          stopped = 1, r->interrupted = 1;
          break;
        }
        if (o->time > 0 && clock_now() - t0 >= o->time) {
          stopped = 1;
          break;
        }
      }
      if (o->nodes && r->nodes >= o->nodes) {
        stopped = 1;
        break;
      }
      if (found_total(&f->st) == 52) {
        won = 1;
        break;
      }
      if (r->nodes >= budget) {   /* a restart from the start, the order shaken */
        for (int i = 0; i < d; i++)
          if (fr[i].entered)
            solve_forget(tab, cap, fr[i].key);
        restart++;
        budget = r->nodes + ((uint64_t)RESTART_NODES << (restart < 20 ? restart : 20));
        d = 0;
        fr[0].n = -1;
        continue;
      }
      f->n = 0, f->i = 0, f->entered = 0, f->dep = 0;
      int nobest = full && o->no_defer != 2;
      uint64_t pre = solve_key_talon(&f->st);
      f->key = solve_key_at(cfg, &f->st, nobest, pre, solve_pointer(cfg, &f->st), f->pend);
      if (f->st.idle >= cfg->max_idle)
        f->dep = 1;
      else if ((d == 0 || hidden_cards(&f->st) != hidden_cards(&fr[d - 1].st)) &&
               solve_dead(cfg, &f->st))
        r->dead++;   /* tested where a card was just turned up (and at the start): the
                        blocks come from how the face-down cards lie */
      else if (!o->no_cover && solve_covered(cfg, &f->st, nobest, pre, f->pend, tab, cap))
        r->covered++;
      else if (!solve_seen(tab, cap, f->key, f->st.idle, &f->dep, &r->full)) {
        f->entered = 1;
        r->positions++;
        f->n = solve_moves(cfg, &f->st, f->ms, &f->dep, full);
        if (f->pend)
          f->n = solve_constrain(f->ms, f->n, f->pend);
        if (restart)
          solve_perturb(f->ms, f->n, f->key ^ (uint64_t)restart * 0xd1b54a32d192ed03ULL,
                        RESTART_SHAKE);
      }
    }
    if (f->i >= f->n) {
      if (full && f->dep && f->entered)
        cuts++;   /* the idle limit cut something in the second search */
      if (f->entered)
        solve_done(tab, cap, f->key, f->dep);
      if (d > 0)
        fr[d - 1].dep |= f->dep;
      d--;
      continue;
    }
    sg_move m = f->ms[f->i++].m;
    int raw = f->raw + M_TURNS(m) + 1;
    if (raw > maxd || d >= maxd) {
      r->depth_cut = 1;
      continue;
    }
    solve_frame *g = &fr[d + 1];
    g->st = f->st;
    solve_play(cfg, &g->st, m);
    g->n = -1;
    g->raw = raw;
    g->pend = full && o->no_defer != 1 ? solve_pending(&f->st, m, o->no_defer == 0) : 0;
    d++;
  }
  if (!won && !stopped && !r->depth_cut && !full) {
    r->first_nodes = r->nodes;
    full = 1;
    visit *fresh = calloc(cap, sizeof *tab);   /* untouched pages cost nothing to clear */
    if (fresh)
      free(tab), tab = fresh;
    else
      memset(tab, 0, cap * sizeof *tab);
    goto again;
  }
  r->time = clock_now() - t0;
  if (won) {   /* the line in the game's moves: each macro's turns, then its play */
    r->verdict = PAT_WON;
    int k = 0;
    for (int i = 0; i < d; i++) {
      sg_move m = fr[i].ms[fr[i].i - 1].m;
      for (int j = 0; j < M_TURNS(m); j++)
        r->moves[k++] = TURN;
      r->moves[k++] = M_BASE(m);
    }
    r->nmoves = k;
  } else
    r->verdict = stopped || r->depth_cut || cuts ? PAT_UNKNOWN : PAT_LOST;
  r->idle_cuts = cuts;
  free(tab), free(fr);
  return 0;
}

const sg_class patience_class = {
  .name = "patience",
  .state_size = sizeof(pat_state),
  .cfg_size = sizeof(pat_cfg),
  .max_moves = MAXMOVES,
  .params = pat_params,
  .min_players = 1,
  .max_players = 1,
  .utility = SG_GENERAL_SUM,
  .chance = 1,
  .hidden = 1,
  .hooks = SG_HOOK_CHECK_CFG | SG_HOOK_ORDER | SG_HOOK_PRUNE | SG_HOOK_HIDDEN,
  .init = pat_init,
  .check_cfg = pat_check_cfg,
  .players = pat_players,
  .to_move = pat_to_move,
  .gen = pat_gen,
  .play = pat_play,
  .status = pat_status,
  .eval = pat_eval,
  .hash = pat_hash,
  .parse = pat_parse,
  .format = pat_format,
  .save_pos = pat_save_pos,
  .draw = pat_draw,
  .order = pat_order,
  .prune = pat_prune,
  .view = pat_view,
  .sample = pat_sample,
  .perft_end_leaf = 1,
};
