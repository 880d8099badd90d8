/* dominoes.c: dominoes, "fives and threes": rules, chance (draws and deals from the state's
   generator), hidden hands (view and sample), evaluation, notation, position text, diagram. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/postok.h"
#include "dominoes.h"

_Static_assert(sizeof(dom_state) == 224, "dom_state has no padding (its bytes are hashed)");

enum { MOVE_DRAW = 2 * DOM_TILES, MOVE_PASS = 2 * DOM_TILES + 1, MAX_MOVES = 2 * DOM_TILES + 2 };
/* A game that has not reached its target after this many hands (only hands blocked with a tie
   score nothing, so it takes a freak run of them) ends: the highest score wins, a tie draws. */
enum { HAND_LIMIT = 1000 };
#define K_DEAL 0x6a09e667f3bcc909ULL   /* the first deal's generator: seed ^ K_DEAL */
#define K_PLAY 0xbb67ae8584caa73bULL   /* the state's generator: seed ^ K_PLAY */

static const sg_param dom_params[] = {
  {"target", SG_RULES, SG_PINT, offsetof(dom_cfg, target), 1, 10000},
  {"hand_size", SG_RULES, SG_PINT, offsetof(dom_cfg, hand_size), 1, 13},   /* and check_cfg */
  {"players", SG_RULES, SG_PINT, offsetof(dom_cfg, players), 2, 4},
  {"draw_until", SG_RULES, SG_PINT, offsetof(dom_cfg, draw_until), 0, 27},
  {"points", SG_WEIGHTS, SG_PINT, offsetof(dom_cfg, w_points), -100000, 100000},
  {"tiles", SG_WEIGHTS, SG_PINT, offsetof(dom_cfg, w_tiles), -100000, 100000},
  {"pips", SG_WEIGHTS, SG_PINT, offsetof(dom_cfg, w_pips), -100000, 100000},
  {"options", SG_WEIGHTS, SG_PINT, offsetof(dom_cfg, w_options), -100000, 100000},
  {"stuck", SG_WEIGHTS, SG_PINT, offsetof(dom_cfg, w_stuck), -100000, 100000},
  {NULL, 0, 0, 0, 0, 0}
};

/* Tile index t of a-b (a >= b): a(a+1)/2 + b, so 0-0 is 0 and 6-6 is 27. */
static const uint8_t TILE_HI[DOM_TILES] = {0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4,
                                           5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6};
static const uint8_t TILE_LO[DOM_TILES] = {0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4,
                                           0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6};
static int tile_hi(int t) { return TILE_HI[t]; }
static int tile_lo(int t) { return TILE_LO[t]; }
static int tile_of(int a, int b) { return a >= b ? a * (a + 1) / 2 + b : b * (b + 1) / 2 + a; }
static int tile_mask(int t) { return (1 << tile_hi(t)) | (1 << tile_lo(t)); }

int dominoes_points(int total) {
  if (total <= 0)
    return 0;
  return (total % 5 == 0 ? total / 5 : 0) + (total % 3 == 0 ? total / 3 : 0);
}

static int nplayers(const dom_cfg *c) { return c->players; }

/* The numbers at the open ends (left, right); the line is not empty. */
static int left_end(const dom_state *s) { return s->line[0] >> 4; }
static int right_end(const dom_state *s) { return s->line[s->nline - 1] & 15; }
static int is_double(uint8_t lt) { return (lt >> 4) == (lt & 15); }

/* The total of the open ends: a crosswise double at an end counts both halves; a line of one
   tile counts both its ends (a lone double: both halves once). */
static int ends_total(const dom_state *s) {
  if (s->nline == 0)
    return 0;
  if (s->nline == 1)
    return (s->line[0] >> 4) + (s->line[0] & 15);
  uint8_t l = s->line[0], r = s->line[s->nline - 1];
  return left_end(s) * (is_double(l) ? 2 : 1) + right_end(s) * (is_double(r) ? 2 : 1);
}

/* Can hand p lay a tile? */
static int can_play(const dom_state *s, int p) {
  if (s->nline == 0)
    return s->count[p] > 0;
  int want = (1 << left_end(s)) | (1 << right_end(s));
  for (int t = 0; t < DOM_TILES; t++)
    if (s->where[t] == p && (tile_mask(t) & want))
      return 1;
  return 0;
}

static int pips_of(const dom_state *s, int p) {
  int n = 0;
  for (int t = 0; t < DOM_TILES; t++)
    if (s->where[t] == p)
      n += tile_hi(t) + tile_lo(t);
  return n;
}

/* A tile from the boneyard to hand p, chosen by the state's generator. */
static int draw_tile(dom_state *s, int p) {
  int k = (int)rng_below(&s->rng, s->bone);
  for (int t = 0; t < DOM_TILES; t++)
    if (s->where[t] == DOM_BONE && k-- == 0) {
      s->where[t] = (uint8_t)p;
      s->bone--;
      s->avoid[p][s->count[p]++] = 0;
      return t;
    }
  return -1;
}

/* Deal a hand: every tile to the boneyard, then hand_size each from r. */
static void deal(const dom_cfg *c, dom_state *s, sg_rng *r) {
  for (int t = 0; t < DOM_TILES; t++)
    s->where[t] = DOM_BONE;
  s->bone = DOM_TILES;
  s->nline = 0;
  memset(s->count, 0, sizeof s->count);
  memset(s->avoid, 0, sizeof s->avoid);
  sg_rng keep = s->rng;
  s->rng = *r;
  for (int p = 0; p < nplayers(c); p++)
    for (int i = 0; i < c->hand_size; i++)
      draw_tile(s, p);
  *r = s->rng;
  s->rng = keep;
}

/* The first hand's leader: the holder of the highest double, else of the heaviest tile (on
   equal pips, the one with the higher half: 6-3 before 5-4). */
static int first_leader(const dom_state *s) {
  int best = -1, who = 0;
  for (int t = 0; t < DOM_TILES; t++) {
    if (s->where[t] >= DOM_MAXP)
      continue;
    int a = tile_hi(t), b = tile_lo(t);
    int key = (a == b ? 1000 : 0) + (a + b) * 10 + a;
    if (key > best)
      best = key, who = s->where[t];
  }
  return who;
}

static void end_game_if_target(const dom_cfg *c, dom_state *s, int p) {
  if (s->winner < 0 && s->score[p] >= c->target)
    s->winner = (int8_t)p;
}

/* The hand is over (won by `who`, or -1 for a blocked hand tied): the next one is dealt from
   the state's generator and led by the winner (on a tie, by this hand's leader again). */
static void next_hand(const dom_cfg *c, dom_state *s, int who) {
  if (s->winner >= 0)
    return;
  s->leader = (uint8_t)(who >= 0 ? who : s->leader);
  if (s->hand >= HAND_LIMIT) {
    int best = -1, n = 0, w = 0;
    for (int p = 0; p < nplayers(c); p++)
      if (s->score[p] > best)
        best = s->score[p], n = 1, w = p;
      else if (s->score[p] == best)
        n++;
    s->winner = (int8_t)(n == 1 ? w : DOM_MAXP);
    return;
  }
  s->hand++;
  sg_rng r = s->rng;
  deal(c, s, &r);
  s->rng = r;
  s->to_move = s->leader;
}

/* Nobody can lay a tile and nobody may draw: the fewest pips scores 1 (none on a tie). */
static int blocked(const dom_cfg *c, const dom_state *s) {
  if (s->nline == 0 || s->bone > c->draw_until)
    return 0;
  for (int p = 0; p < nplayers(c); p++)
    if (can_play(s, p))
      return 0;
  return 1;
}

static void end_blocked(const dom_cfg *c, dom_state *s) {
  int best = 1 << 20, n = 0, w = -1;
  for (int p = 0; p < nplayers(c); p++) {
    int v = pips_of(s, p);
    if (v < best)
      best = v, n = 1, w = p;
    else if (v == best)
      n++;
  }
  if (n == 1) {
    s->score[w]++;
    s->last_kind = DOM_LAST_BLOCKED, s->last_who = (uint8_t)w;
    end_game_if_target(c, s, w);
    next_hand(c, s, w);
  } else {
    s->last_kind = DOM_LAST_TIE, s->last_who = 0;
    next_hand(c, s, -1);
  }
}

/* Player p drew or passed with these ends open: every tile it holds lacks both numbers. */
static void showed_void(dom_state *s, int p) {
  uint8_t m = (uint8_t)((1 << left_end(s)) | (1 << right_end(s)));
  for (int i = 0; i < s->count[p]; i++)
    s->avoid[p][i] |= m;
}

/* Tile t leaves hand p: the oldest slot it fits goes (older slots lack more numbers, so
   whichever slot t really filled, the tile that filled the removed one fits t's slot). */
static void remove_slot(dom_state *s, int p, int t) {
  int n = s->count[p], k = n - 1;
  for (int i = 0; i < n; i++)
    if (!(s->avoid[p][i] & tile_mask(t))) {
      k = i;
      break;
    }
  memmove(&s->avoid[p][k], &s->avoid[p][k + 1], (size_t)(n - 1 - k));
  s->avoid[p][n - 1] = 0;
  s->count[p]--;
}

static int dom_players(const void *cfg, const void *st) {
  (void)st;
  return nplayers(cfg);
}

static int dom_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return ((const dom_state *)st)->to_move;
}

static sg_status dom_status(const void *cfg, const void *st, int *winner) {
  const dom_state *s = st;
  (void)cfg;
  if (winner)
    *winner = s->winner >= 0 && s->winner < DOM_MAXP ? s->winner : -1;
  return s->winner < 0 ? SG_PLAYING : s->winner == DOM_MAXP ? SG_DRAWN : SG_WON;
}

static int fits(const dom_state *s, int t, int side) {
  if (s->nline == 0)
    return side == 0;
  int e = side == 0 ? left_end(s) : right_end(s);
  return tile_hi(t) == e || tile_lo(t) == e;
}

/* Tiles (2 t + side: 0 the left end, 1 the right; a lead is side 0) in tile order; when none
   fits, draw while the boneyard holds more than draw_until tiles, else pass. */
static int dom_gen(const void *cfg, const void *st, sg_move *out) {
  const dom_cfg *c = cfg;
  const dom_state *s = st;
  if (s->winner >= 0)
    return 0;
  int p = s->to_move, n = 0;
  for (int t = 0; t < DOM_TILES; t++) {
    if (s->where[t] != p)
      continue;
    for (int side = 0; side < 2; side++)
      if (fits(s, t, side))
        out[n++] = (sg_move)(2 * t + side);
  }
  if (n == 0)
    out[n++] = s->bone > c->draw_until ? MOVE_DRAW : MOVE_PASS;
  return n;
}

/* Lay tile t at an end: the line with t turned so its matching half meets the end. */
static void lay(dom_state *s, int t, int side) {
  int a = tile_hi(t), b = tile_lo(t);
  if (s->nline == 0) {
    s->line[0] = (uint8_t)(a << 4 | b);
  } else if (side == 0) {
    int e = left_end(s);
    uint8_t lt = (uint8_t)(b == e ? a << 4 | b : b << 4 | a);
    memmove(&s->line[1], &s->line[0], s->nline);
    s->line[0] = lt;
  } else {
    int e = right_end(s);
    s->line[s->nline] = (uint8_t)(a == e ? a << 4 | b : b << 4 | a);
  }
  s->nline++;
}

/* The points laying m would score (0 for draw and pass). */
static int move_points(const dom_state *s, sg_move m) {
  if (m >= MOVE_DRAW)
    return 0;
  dom_state t;
  memcpy(t.line, s->line, sizeof t.line);
  t.nline = s->nline;
  lay(&t, (int)m / 2, (int)m % 2);
  return dominoes_points(ends_total(&t));
}

static void dom_play(const void *cfg, void *st, sg_move m) {
  const dom_cfg *c = cfg;
  dom_state *s = st;
  int p = s->to_move, np = nplayers(c);
  if (m == MOVE_DRAW) {
    showed_void(s, p);
    draw_tile(s, p);
  } else if (m == MOVE_PASS) {
    showed_void(s, p);
    s->to_move = (uint8_t)((p + 1) % np);
  } else {
    int t = (int)m / 2;
    remove_slot(s, p, t);
    s->where[t] = DOM_LINE;
    lay(s, t, (int)m % 2);
    s->score[p] = (int16_t)(s->score[p] + dominoes_points(ends_total(s)));
    end_game_if_target(c, s, p);
    if (s->winner >= 0)
      return;
    if (s->count[p] == 0) {   /* a go */
      s->score[p]++;
      s->last_kind = DOM_LAST_GO, s->last_who = (uint8_t)p;
      end_game_if_target(c, s, p);
      next_hand(c, s, p);
      return;
    }
    s->to_move = (uint8_t)((p + 1) % np);
  }
  if (blocked(c, s))
    end_blocked(c, s);
}

/* From each player's side: points, and for the hand (on a sample, every hand is known) fewer
   tiles and pips, more numbers held, and the open ends the others cannot match.  The vector
   is made zero-sum: n e_p - (e_1 + ... + e_n), so {e_0 - e_1, e_1 - e_0} with two players. */
static void dom_eval(const void *cfg, const void *st, int *scores) {
  const dom_cfg *c = cfg;
  const dom_state *s = st;
  int np = nplayers(c), e[DOM_MAXP], sum = 0;
  int l = s->nline ? left_end(s) : -1, r = s->nline ? right_end(s) : -1;
  for (int p = 0; p < np; p++) {
    int nums = 0, pips = 0;
    for (int t = 0; t < DOM_TILES; t++)
      if (s->where[t] == p)
        nums |= tile_mask(t), pips += tile_hi(t) + tile_lo(t);
    int held = 0;
    for (int k = 0; k < 7; k++)
      held += (nums >> k) & 1;
    int stuck = s->nline ? !((nums >> l) & 1) + !((nums >> r) & 1) : 0;
    e[p] = c->w_points * s->score[p] - c->w_tiles * s->count[p] - c->w_pips * pips +
           c->w_options * held - c->w_stuck * stuck;
    sum += e[p];
  }
  for (int p = 0; p < np; p++)
    scores[p] = np * e[p] - sum;
}

static uint64_t dom_hash(const void *cfg, const void *st) {
  const unsigned char *b = st;
  uint64_t h = 0xcbf29ce484222325ULL;
  (void)cfg;
  for (size_t i = 0; i < sizeof(dom_state); i++)
    h = (h ^ b[i]) * 0x100000001b3ULL;
  return h ^ (h >> 29);
}

/* Most points first, then the heavier tile; draw and pass come alone. */
static void dom_order(const void *cfg, const void *st, sg_move *moves, int n) {
  int key[MAX_MOVES];
  (void)cfg;
  for (int i = 0; i < n; i++) {
    int t = (int)moves[i] / 2;
    key[i] = moves[i] >= MOVE_DRAW ? 0
                                   : move_points(st, moves[i]) * 100 + tile_hi(t) + tile_lo(t);
  }
  for (int i = 1; i < n; i++) {
    sg_move m = moves[i];
    int k = key[i], j = i;
    for (; j > 0 && key[j - 1] < k; j--)
      moves[j] = moves[j - 1], key[j] = key[j - 1];
    moves[j] = m, key[j] = k;
  }
}

/* ---- notation ---- */

static void dom_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  const dom_state *s = st;
  (void)cfg;
  if (m == MOVE_DRAW)
    snprintf(buf, n, "draw");
  else if (m == MOVE_PASS)
    snprintf(buf, n, "pass");
  else if (s->nline == 0)
    snprintf(buf, n, "%d-%d", tile_hi((int)m / 2), tile_lo((int)m / 2));
  else
    snprintf(buf, n, "%d-%d%c", tile_hi((int)m / 2), tile_lo((int)m / 2), m % 2 ? 'R' : 'L');
}

#define MOVE_EXPECTED "expected a tile and an end (5-3L, 5-3R, 53l; a lead without end: 5-3), " \
                      "a tile's number in your hand and an end (3L), draw or pass"

static int dom_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const dom_cfg *c = cfg;
  const dom_state *s = st;
  int p = s->to_move;
  char w[16];
  size_t len = strlen(text);
  if (len == 0 || len >= sizeof w) {
    snprintf(err, SG_ERRLEN, "malformed move '%.40s': " MOVE_EXPECTED, text);
    return -1;
  }
  for (size_t i = 0; i <= len; i++)
    w[i] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a' : text[i]);
  int kind = strcmp(w, "draw") == 0 ? 1 : strcmp(w, "pass") == 0 ? 2 : 0;
  int a = -1, b = -1, side = -1;
  int num = 0;   /* a tile named by its number in the hand, as the diagram numbers them */
  if (kind == 0 && w[0] >= '1' && w[0] <= '9' &&
      (w[1] == '\0' || ((w[1] == 'l' || w[1] == 'r') && w[2] == '\0'))) {
    num = w[0] - '0';
    side = w[1] ? w[1] == 'r' : -1;
  } else if (kind == 0) {
    const char *q = w;
    if (*q >= '0' && *q <= '6')
      a = *q++ - '0';
    if (*q == '-' || *q == '|' || *q == ':')
      q++;
    if (*q >= '0' && *q <= '6')
      b = *q++ - '0';
    if (*q == 'l' || *q == 'r')
      side = *q++ == 'r';
    if (a < 0 || b < 0 || *q) {
      snprintf(err, SG_ERRLEN, "malformed move '%.40s': " MOVE_EXPECTED, text);
      return -1;
    }
  }
  if (s->winner >= 0) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': the game is over", text);
    return -1;
  }
  sg_move legal[MAX_MOVES];
  int n = dom_gen(cfg, st, legal);
  int tiles = n > 0 && legal[0] < MOVE_DRAW;
  if (kind == 1) {
    if (tiles) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': you hold a playable tile: draw refused", text);
      return -1;
    }
    if (legal[0] != MOVE_DRAW) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': the boneyard has %d tile%s left and drawing "
               "stops at %d: pass", text, s->bone, s->bone == 1 ? "" : "s", c->draw_until);
      return -1;
    }
    *m = MOVE_DRAW;
    return 0;
  }
  if (kind == 2) {
    if (tiles) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': you hold a playable tile: pass refused", text);
      return -1;
    }
    if (legal[0] == MOVE_DRAW) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': the boneyard has %d tiles (more than %d): "
               "draw first, pass refused", text, s->bone, c->draw_until);
      return -1;
    }
    *m = MOVE_PASS;
    return 0;
  }
  if (num) {
    int i = 0;
    for (int u = 0; u < DOM_TILES && !(a >= 0); u++)
      if (s->where[u] == p && ++i == num)
        a = tile_hi(u), b = tile_lo(u);
    if (a < 0) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': you hold %d tile%s (numbered 1 to %d)", text,
               s->count[p], s->count[p] == 1 ? "" : "s", s->count[p]);
      return -1;
    }
  }
  int t = tile_of(a, b), hi = tile_hi(t), lo = tile_lo(t);
  if (s->where[t] != p) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': you do not hold %d-%d", text, hi, lo);
    return -1;
  }
  if (s->nline == 0) {
    *m = (sg_move)(2 * t);
    return 0;
  }
  int fl = fits(s, t, 0), fr = fits(s, t, 1);
  if (!fl && !fr) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': %d-%d matches neither end (%d, %d)", text, hi,
             lo, left_end(s), right_end(s));
    return -1;
  }
  if (side < 0) {
    if (fl && fr) {
      snprintf(err, SG_ERRLEN, "illegal move '%s': %d-%d fits both ends (%d, %d): say which, "
               "%d-%dL or %d-%dR", text, hi, lo, left_end(s), right_end(s), hi, lo, hi, lo);
      return -1;
    }
    side = fr;
  }
  if (!fits(s, t, side)) {
    snprintf(err, SG_ERRLEN, "illegal move '%s': %d-%d does not match the %s end (%d)", text,
             hi, lo, side ? "right" : "left", side ? right_end(s) : left_end(s));
    return -1;
  }
  *m = (sg_move)(2 * t + side);
  return 0;
}

/* ---- position text ----
   Words, in this order (players = the rules constant):
     hand N  turn P  leader P  scores S1,S2,...  line T,T,...  hand1 T,T,...  ...  handN ...
     bone T,T,...  [avoid1 M,M,...  ...]
   P 1-based; a tile of the line is written as laid, left half first (63 = 6 towards the left
   end); a tile of a hand or the boneyard as two digits in any order; '-' an empty list; ?K a
   list of K unknown tiles (a view).  avoidP, optional: one mask per tile of hand P, oldest
   first, the numbers that tile is known to lack (digits, '-' for none). */

#define OUT(...) (k += (size_t)snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__))

static size_t write_set(const dom_state *s, int owner, char *buf, size_t n, size_t k) {
  int first = 1, any = 0;
  for (int t = 0; t < DOM_TILES; t++)
    if (s->where[t] == owner) {
      OUT("%s%d%d", first ? "" : ",", tile_hi(t), tile_lo(t));
      first = 0, any = 1;
    }
  if (!any)
    OUT("-");
  return k;
}

static int hidden_from(const dom_state *s, int owner) {
  return s->viewer >= 0 && owner != s->viewer;
}

static size_t dom_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const dom_cfg *c = cfg;
  const dom_state *s = st;
  size_t k = 0;
  int np = nplayers(c);
  OUT("hand %d turn %d leader %d scores ", s->hand, s->to_move + 1, s->leader + 1);
  for (int p = 0; p < np; p++)
    OUT("%s%d", p ? "," : "", s->score[p]);
  OUT(" line ");
  for (int i = 0; i < s->nline; i++)
    OUT("%s%d%d", i ? "," : "", s->line[i] >> 4, s->line[i] & 15);
  if (s->nline == 0)
    OUT("-");
  for (int p = 0; p < np; p++) {
    OUT(" hand%d ", p + 1);
    if (!hidden_from(s, p))
      k = write_set(s, p, buf, n, k);
    else if (s->count[p])
      OUT("?%d", s->count[p]);
    else
      OUT("-");
  }
  OUT(" bone ");
  if (s->viewer >= 0 && s->bone)
    OUT("?%d", s->bone);
  else
    k = write_set(s, DOM_BONE, buf, n, k);
  for (int p = 0; p < np; p++) {
    int any = 0;
    for (int i = 0; i < s->count[p]; i++)
      any |= s->avoid[p][i];
    if (!any)
      continue;
    OUT(" avoid%d ", p + 1);
    for (int i = 0; i < s->count[p]; i++) {
      if (i)
        OUT(",");
      if (!s->avoid[p][i])
        OUT("-");
      for (int d = 0; d < 7; d++)
        if (s->avoid[p][i] >> d & 1)
          OUT("%d", d);
    }
  }
  return k;
}

#define POS_EXPECTED "hand N turn P leader P scores S,S line T,T hand1 T,T ... bone T,T " \
                     "[avoid1 M,M ...] (doc/manual.md, Dominoes)"

static int want_word(sg_postok *tk, const char *w, char *err) {
  sg_span sp;
  if (!postok_word(tk, &sp) || !span_is(sp, w))
    return postok_error(err, SG_ERRLEN, w, POS_EXPECTED, "missing or out of order");
  return 0;
}

static int read_int(sg_postok *tk, const char *field, long lo, long hi, long *v, char *err) {
  sg_span sp = {"", 0};
  if (!postok_word(tk, &sp) || span_int(sp, lo, hi, v) < 0)
    return postok_error(err, SG_ERRLEN, field, "a whole number in range",
                        "'%.*s' is not a number from %ld to %ld", (int)sp.n, sp.p, lo, hi);
  return 0;
}

/* A comma-separated list of tiles ("-" none) into out (as a<<4|b), at most max; the count. */
static int read_tiles(sg_postok *tk, const char *field, uint8_t *out, int max, char *err) {
  sg_span sp;
  if (!postok_word(tk, &sp))
    return postok_error(err, SG_ERRLEN, field, "a list of tiles such as 53,64 or '-'", "missing");
  if (sp.n == 1 && sp.p[0] == '-')
    return 0;
  if (sp.p[0] == '?')
    return postok_error(err, SG_ERRLEN, field, "every tile given (a view cannot be played "
                        "from)", "'%.*s' hides tiles", (int)sp.n, sp.p);
  int cnt = 0;
  size_t i = 0;
  while (i < sp.n) {
    if (i + 2 > sp.n || sp.p[i] < '0' || sp.p[i] > '6' || sp.p[i + 1] < '0' || sp.p[i + 1] > '6' ||
        (i + 2 < sp.n && sp.p[i + 2] != ','))
      return postok_error(err, SG_ERRLEN, field, "tiles of two digits 0 to 6 separated by ','",
                          "'%.*s' is not a list of tiles", (int)sp.n, sp.p);
    if (cnt == max)
      return postok_error(err, SG_ERRLEN, field, "fewer tiles", "more than %d tiles", max);
    out[cnt++] = (uint8_t)((sp.p[i] - '0') << 4 | (sp.p[i + 1] - '0'));
    i += 3;
  }
  return cnt;
}

static int read_masks(sg_postok *tk, const char *field, uint8_t *out, int cnt, char *err) {
  sg_span sp;
  if (!postok_word(tk, &sp))
    return postok_error(err, SG_ERRLEN, field, "one mask per tile of the hand", "missing");
  int k = 0;
  size_t i = 0;
  uint8_t m = 0;
  for (; i <= sp.n; i++) {
    char ch = i < sp.n ? sp.p[i] : ',';
    if (ch == ',') {
      if (k == cnt)
        return postok_error(err, SG_ERRLEN, field, "one mask per tile of the hand",
                            "more masks than the hand's %d tiles", cnt);
      out[k++] = m, m = 0;
    } else if (ch >= '0' && ch <= '6')
      m |= (uint8_t)(1 << (ch - '0'));
    else if (ch != '-')
      return postok_error(err, SG_ERRLEN, field, "digits 0 to 6 or '-' per tile, separated by "
                          "','", "'%c' is not a number of pips", ch);
  }
  if (k != cnt)
    return postok_error(err, SG_ERRLEN, field, "one mask per tile of the hand",
                        "%d masks for %d tiles", k, cnt);
  return 0;
}

/* Kuhn's augmenting paths: slot i (mask) to a tile of cand[]; order of trying from r. */
typedef struct matcher {
  int nslot, ntile;
  uint8_t mask[DOM_TILES], tile[DOM_TILES];
  int of_tile[DOM_TILES];   /* the slot holding candidate j, or -1 */
  uint8_t seen[DOM_TILES];
} matcher;

static int augment(matcher *mt, int i) {
  for (int j = 0; j < mt->ntile; j++) {
    if (mt->seen[j] || (mt->mask[i] & tile_mask(mt->tile[j])))
      continue;
    mt->seen[j] = 1;
    if (mt->of_tile[j] < 0 || augment(mt, mt->of_tile[j])) {
      mt->of_tile[j] = i;
      return 1;
    }
  }
  return 0;
}

static int match_all(matcher *mt) {
  for (int j = 0; j < mt->ntile; j++)
    mt->of_tile[j] = -1;
  for (int i = 0; i < mt->nslot; i++) {
    memset(mt->seen, 0, sizeof mt->seen);
    if (!augment(mt, i))
      return 0;
  }
  return 1;
}

static int dom_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  const dom_cfg *c = cfg;
  int np = nplayers(c);
  dom_state s;
  memset(&s, 0, sizeof s);
  s.viewer = -1;
  s.winner = -1;
  rng_seed(&s.rng, seed ^ K_PLAY);
  if (!pos) {
    sg_rng r;
    rng_seed(&r, seed ^ K_DEAL);
    deal(c, &s, &r);
    s.hand = 1;
    s.leader = s.to_move = (uint8_t)first_leader(&s);
    memcpy(st, &s, sizeof s);
    return 0;
  }
  sg_postok tk;
  long v;
  postok_open(&tk, pos);
  if (want_word(&tk, "hand", err) || read_int(&tk, "hand", 1, HAND_LIMIT, &v, err))
    return -1;
  s.hand = (uint16_t)v;
  if (want_word(&tk, "turn", err) || read_int(&tk, "turn", 1, np, &v, err))
    return -1;
  s.to_move = (uint8_t)(v - 1);
  if (want_word(&tk, "leader", err) || read_int(&tk, "leader", 1, np, &v, err))
    return -1;
  s.leader = (uint8_t)(v - 1);
  if (want_word(&tk, "scores", err))
    return -1;
  sg_span sp;
  if (!postok_word(&tk, &sp))
    return postok_error(err, SG_ERRLEN, "scores", "one score per player separated by ','",
                        "missing");
  {
    sg_postok sub = {sp.p, sp.p + sp.n};
    sg_span f;
    int p = 0;
    while (postok_field(&sub, ',', &f)) {
      if (p == np || span_int(f, 0, c->target + 40, &v) < 0)
        return postok_error(err, SG_ERRLEN, "scores", "one score per player, each from 0 to "
                            "target + 40, separated by ','", "'%.*s' is wrong for %d players",
                            (int)sp.n, sp.p, np);
      s.score[p++] = (int16_t)v;
    }
    if (p != np)
      return postok_error(err, SG_ERRLEN, "scores", "one score per player separated by ','",
                          "%d given for %d players", p, np);
  }
  int seen[DOM_TILES];
  for (int t = 0; t < DOM_TILES; t++)
    seen[t] = 0;
  uint8_t tl[DOM_TILES];
  if (want_word(&tk, "line", err))
    return -1;
  int nl = read_tiles(&tk, "line", tl, DOM_TILES, err);
  if (nl < 0)
    return -1;
  for (int i = 0; i < nl; i++) {
    if (i > 0 && (tl[i - 1] & 15) != tl[i] >> 4)
      return postok_error(err, SG_ERRLEN, "line", "each tile's left half to match the right "
                          "half of the tile before it", "%d%d does not meet %d%d",
                          tl[i - 1] >> 4, tl[i - 1] & 15, tl[i] >> 4, tl[i] & 15);
    int t = tile_of(tl[i] >> 4, tl[i] & 15);
    if (seen[t]++)
      return postok_error(err, SG_ERRLEN, "tiles", "each of the 28 tiles once", "%d-%d appears "
                          "twice", tile_hi(t), tile_lo(t));
    s.where[t] = DOM_LINE;
    s.line[i] = tl[i];
  }
  s.nline = (uint8_t)nl;
  char name[16];
  for (int p = 0; p <= np; p++) {
    snprintf(name, sizeof name, p < np ? "hand%d" : "bone", p + 1);
    if (want_word(&tk, name, err))
      return -1;
    int cnt = read_tiles(&tk, name, tl, DOM_TILES, err);
    if (cnt < 0)
      return -1;
    if (p < np && cnt >= DOM_MAXHAND)
      return postok_error(err, SG_ERRLEN, name, "fewer tiles in a hand", "%d tiles", cnt);
    for (int i = 0; i < cnt; i++) {
      int t = tile_of(tl[i] >> 4, tl[i] & 15);
      if (seen[t]++)
        return postok_error(err, SG_ERRLEN, "tiles", "each of the 28 tiles once", "%d-%d appears "
                            "twice", tile_hi(t), tile_lo(t));
      s.where[t] = (uint8_t)(p < np ? p : DOM_BONE);
    }
    if (p < np)
      s.count[p] = (uint8_t)cnt;
    else
      s.bone = (uint8_t)cnt;
  }
  for (int t = 0; t < DOM_TILES; t++)
    if (!seen[t])
      return postok_error(err, SG_ERRLEN, "tiles", "each of the 28 tiles once (in the line, a "
                          "hand or the boneyard)", "%d-%d is missing", tile_hi(t), tile_lo(t));
  while (postok_word(&tk, &sp)) {
    int p = -1;
    if (sp.n == 6 && memcmp(sp.p, "avoid", 5) == 0 && sp.p[5] >= '1' && sp.p[5] < '1' + np)
      p = sp.p[5] - '1';
    if (p < 0)
      return postok_error(err, SG_ERRLEN, "avoid", POS_EXPECTED, "unexpected '%.*s'", (int)sp.n,
                          sp.p);
    snprintf(name, sizeof name, "avoid%d", p + 1);
    if (read_masks(&tk, name, s.avoid[p], s.count[p], err))
      return -1;
    for (int i = 1; i < s.count[p]; i++)
      if ((s.avoid[p][i] & s.avoid[p][i - 1]) != s.avoid[p][i])
        return postok_error(err, SG_ERRLEN, name, "each mask within the one before it (older "
                            "tiles lack more)", "mask %d has a number mask %d lacks", i + 1, i);
    matcher mt;
    mt.nslot = mt.ntile = s.count[p];
    int j = 0;
    for (int t = 0; t < DOM_TILES; t++)
      if (s.where[t] == p)
        mt.tile[j++] = (uint8_t)t;
    memcpy(mt.mask, s.avoid[p], (size_t)s.count[p]);
    if (!match_all(&mt))
      return postok_error(err, SG_ERRLEN, name, "masks the hand's tiles can fill",
                          "hand %d holds numbers its masks say it lacks", p + 1);
  }
  if (s.nline == 0 && s.bone != DOM_TILES - np * c->hand_size)
    return postok_error(err, SG_ERRLEN, "bone", "28 - players x hand_size tiles before the lead",
                        "%d tiles, not %d", s.bone, DOM_TILES - np * c->hand_size);
  int reached = 0;
  for (int p = 0; p < np; p++)
    if (s.score[p] >= c->target)
      reached++, s.winner = (int8_t)p;
  if (reached > 1)
    return postok_error(err, SG_ERRLEN, "scores", "at most one player at the target: the game "
                        "stops at the first", "%d players reached %d", reached, c->target);
  if (reached == 0) {
    int empty = 0;
    for (int p = 0; p < np; p++)
      empty += s.count[p] == 0;
    if (empty && s.nline > 0)
      return postok_error(err, SG_ERRLEN, "hands", "every hand holding a tile while a hand is "
                          "played (the next hand is dealt at once)", "a hand is empty");
    if (blocked(c, &s))
      return postok_error(err, SG_ERRLEN, "line", "a hand someone can still play (a blocked "
                          "hand is scored and the next dealt at once)", "nobody can play");
  }
  memcpy(st, &s, sizeof s);
  return 0;
}

/* ---- hidden information ---- */

static void dom_view(const void *cfg, const void *st, int player, void *out) {
  dom_state *v = out;
  (void)cfg;
  memcpy(v, st, sizeof *v);
  for (int t = 0; t < DOM_TILES; t++)
    if (v->where[t] != DOM_LINE && v->where[t] != player)
      v->where[t] = DOM_UNKNOWN;
  memset(&v->rng, 0, sizeof v->rng);
  v->viewer = (int8_t)player;
}

/* Deal the unseen tiles to the slots, the slots that lack the most numbers first, each a tile
   drawn uniformly among the unused ones it fits; 0 when a slot finds none.  With one other
   hand (two players) the slots' masks are nested (dominoes.h), so this never fails and every
   assignment of tiles to slots that fits the masks is equally likely: whichever tile a slot
   takes, each later slot (fitting a superset) has one fewer choice. */
static int deal_in_order(matcher *mt, sg_rng *r) {
  int order[DOM_TILES], used[DOM_TILES] = {0};
  for (int i = 0; i < mt->nslot; i++)
    order[i] = i;
  for (int i = 1; i < mt->nslot; i++) {   /* most numbers lacked first (stable) */
    int k = order[i], j = i, pk = 0;
    for (int d = 0; d < 7; d++)
      pk += mt->mask[k] >> d & 1;
    for (; j > 0; j--) {
      int pj = 0;
      for (int d = 0; d < 7; d++)
        pj += mt->mask[order[j - 1]] >> d & 1;
      if (pj >= pk)
        break;
      order[j] = order[j - 1];
    }
    order[j] = k;
  }
  for (int j = 0; j < mt->ntile; j++)
    mt->of_tile[j] = -1;
  for (int i = 0; i < mt->nslot; i++) {
    int slot = order[i], n = 0;
    for (int j = 0; j < mt->ntile; j++)
      n += !used[j] && !(mt->mask[slot] & tile_mask(mt->tile[j]));
    if (n == 0)
      return 0;
    int k = (int)rng_below(r, (uint64_t)n);
    for (int j = 0; j < mt->ntile; j++)
      if (!used[j] && !(mt->mask[slot] & tile_mask(mt->tile[j])) && k-- == 0) {
        used[j] = 1, mt->of_tile[j] = slot;
        break;
      }
  }
  return 1;
}

/* The unseen tiles dealt to the other hands' slots, each tile fitting its slot's numbers (in
   the order above; should that fail, as it may with three or four players, by augmenting
   paths tried in an order drawn from seed), the rest to the boneyard; a new generator from
   seed. */
static void dom_sample(const void *cfg, const void *v, int player, uint64_t seed, void *out) {
  const dom_cfg *c = cfg;
  dom_state *s = out;
  memcpy(s, v, sizeof *s);
  sg_rng r;
  rng_seed(&r, seed);
  matcher mt;
  int owner[DOM_TILES];
  mt.ntile = 0;
  for (int t = 0; t < DOM_TILES; t++)
    if (s->where[t] == DOM_UNKNOWN)
      mt.tile[mt.ntile++] = (uint8_t)t;
  mt.nslot = 0;
  for (int p = 0; p < nplayers(c); p++)
    if (p != player)
      for (int i = 0; i < s->count[p]; i++) {
        owner[mt.nslot] = p;
        mt.mask[mt.nslot++] = s->avoid[p][i];
      }
  if (!deal_in_order(&mt, &r)) {
    for (int i = mt.ntile - 1; i > 0; i--) {
      int j = (int)rng_below(&r, (uint64_t)i + 1);
      uint8_t x = mt.tile[i];
      mt.tile[i] = mt.tile[j], mt.tile[j] = x;
    }
    if (!match_all(&mt)) {   /* a view no deal fits (never from play): the masks left out */
      memset(mt.mask, 0, sizeof mt.mask);
      match_all(&mt);
    }
  }
  for (int j = 0; j < mt.ntile; j++)
    s->where[mt.tile[j]] = (uint8_t)(mt.of_tile[j] >= 0 ? owner[mt.of_tile[j]] : DOM_BONE);
  rng_seed(&s->rng, rng_next(&r));
  s->viewer = -1;
}

/* ---- the diagram ---- */

static size_t dom_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const dom_cfg *c = cfg;
  const dom_state *s = st;
  size_t k = 0;
  int np = nplayers(c);
  const char *B = colour ? "\033[1m" : "", *N = colour ? "\033[0m" : "";
  OUT("Fives and threes: hand %d, first to %d wins", s->hand, c->target);
  if (s->viewer >= 0)
    OUT(" (as player %d sees it)", s->viewer + 1);
  OUT("\nscores:");
  for (int p = 0; p < np; p++)
    OUT("  player %d: %s%d%s", p + 1, B, s->score[p], N);
  OUT("\n");
  if (s->last_kind == DOM_LAST_GO)
    OUT("last hand: player %d went out (a go, 1 point)\n", s->last_who + 1);
  else if (s->last_kind == DOM_LAST_BLOCKED)
    OUT("last hand: blocked; player %d held the fewest pips (1 point)\n", s->last_who + 1);
  else if (s->last_kind == DOM_LAST_TIE)
    OUT("last hand: blocked with a tie of the fewest pips (no point)\n");
  if (s->nline == 0) {
    OUT("line: empty; player %d leads\n", s->to_move + 1);
  } else {
    OUT("line:  L ");
    for (int i = 0; i < s->nline; i++) {
      int a = s->line[i] >> 4, b = s->line[i] & 15;
      if (a == b)
        OUT("%s[%d|%d]%s ", B, a, b, N);   /* a double, crosswise */
      else
        OUT("%d|%d ", a, b);
    }
    OUT("R\n");
    int l = left_end(s), r = right_end(s), tot = ends_total(s);
    int ld = s->nline > 1 && is_double(s->line[0]);
    int rd = s->nline > 1 && is_double(s->line[s->nline - 1]);
    OUT("ends: left %d%s, right %d%s: total %d, %s", l, ld ? " (double: counts 2x)" : "", r,
        rd ? " (double: counts 2x)" : "", tot, dominoes_points(tot) ? "" : "no score");
    if (dominoes_points(tot))
      OUT("scores %d", dominoes_points(tot));
    OUT("\n");
  }
  for (int p = 0; p < np; p++) {
    if (hidden_from(s, p)) {
      OUT("player %d: %d tile%s", p + 1, s->count[p], s->count[p] == 1 ? "" : "s");
    } else {
      OUT("player %d holds:", p + 1);
      int i = 0;
      for (int t = 0; t < DOM_TILES; t++)
        if (s->where[t] == p)
          OUT(" %d) %d-%d", ++i, tile_hi(t), tile_lo(t));
      if (i == 0)
        OUT(" nothing");
    }
    int lacks = s->count[p] ? 0x7f : 0;
    for (int i = 0; i < s->count[p]; i++)
      lacks &= s->avoid[p][i];
    if (lacks) {
      OUT("  (holds no");
      for (int d = 0; d < 7; d++)
        if (lacks >> d & 1)
          OUT(" %d", d);
      OUT(")");
    }
    OUT("%s\n", p == s->to_move && s->winner < 0 ? "   <- to move" : "");
  }
  OUT("boneyard: %d tile%s (drawing stops at %d)", s->bone, s->bone == 1 ? "" : "s",
      c->draw_until);
  if (s->viewer < 0 && s->bone) {
    OUT(":");
    for (int t = 0; t < DOM_TILES; t++)
      if (s->where[t] == DOM_BONE)
        OUT(" %d-%d", tile_hi(t), tile_lo(t));
  }
  if (s->winner >= 0 && s->winner < DOM_MAXP)
    OUT("\nplayer %d reached %d and wins", s->winner + 1, s->score[s->winner]);
  else if (s->winner == DOM_MAXP)
    OUT("\ndrawn after %d hands", HAND_LIMIT);
  return k;
}
#undef OUT

static int dom_check_cfg(void *cfg, char *err) {
  dom_cfg *c = cfg;
  if (c->hand_size < 1 || c->players * c->hand_size > DOM_TILES - 1 ||
      c->hand_size >= DOM_MAXHAND) {
    snprintf(err, SG_ERRLEN, "rules.hand_size: %d is out of range for %d players; expected 1 to "
             "%d", c->hand_size, c->players, (DOM_TILES - 1) / c->players);
    return -1;
  }
  if (c->draw_until > DOM_TILES - c->players * c->hand_size) {
    snprintf(err, SG_ERRLEN, "rules.draw_until: %d is more than the boneyard's %d tiles",
             c->draw_until, DOM_TILES - c->players * c->hand_size);
    return -1;
  }
  return 0;
}

const sg_class dominoes_class = {
  .name = "dominoes",
  .state_size = sizeof(dom_state),
  .cfg_size = sizeof(dom_cfg),
  .max_moves = MAX_MOVES,
  .params = dom_params,
  .min_players = 2,
  .max_players = DOM_MAXP,
  .utility = SG_ZERO_SUM,
  .chance = 1,
  .hidden = 1,
  .hooks = SG_HOOK_CHECK_CFG | SG_HOOK_ORDER | SG_HOOK_HIDDEN,
  .init = dom_init,
  .check_cfg = dom_check_cfg,
  .players = dom_players,
  .to_move = dom_to_move,
  .gen = dom_gen,
  .play = dom_play,
  .status = dom_status,
  .eval = dom_eval,
  .hash = dom_hash,
  .parse = dom_parse,
  .format = dom_format,
  .save_pos = dom_save_pos,
  .draw = dom_draw,
  .order = dom_order,
  .view = dom_view,
  .sample = dom_sample,
  .perft_end_leaf = 0,
};
