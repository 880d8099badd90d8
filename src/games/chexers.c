/* chexers.c: Chexers rules on 64-bit hex sets (MOVE, JUMP with conversion, EXIT, PASS; the
   win, the repetition draw and the turn limit), the referee's notation, position text, and
   the seed player's evaluation and action pruning. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chexers.h"
#include "core/bits.h"
#include "core/buf.h"
#include "core/hash.h"
#include "core/postok.h"
#include "core/score.h"

/* Pieces on the board and exits together never exceed 12 (a jump converts, it never adds);
   each piece has at most one action per direction and maybe an EXIT. */
#define CX_MAX_MOVES (12 * 7 + 1)

static const sg_param cx_params[] = {
  {"max_turns", SG_RULES, SG_PINT, offsetof(cx_cfg, max_turns), 1, CX_MAX_TURNS},
  {"win_exits", SG_RULES, SG_PINT, offsetof(cx_cfg, win_exits), 1, 12},
  {"repetitions", SG_RULES, SG_PINT, offsetof(cx_cfg, repetitions), 2, 255},
  {"average", SG_WEIGHTS, SG_PINT, offsetof(cx_cfg, average), -1000, 1000},
  {"exits", SG_WEIGHTS, SG_PINT, offsetof(cx_cfg, exits), -100000, 100000},
  {"pieces", SG_WEIGHTS, SG_PINT, offsetof(cx_cfg, pieces), -100000, 100000},
  {"corner", SG_WEIGHTS, SG_PINT, offsetof(cx_cfg, corner), -100000, 100000},
  {"edge", SG_WEIGHTS, SG_PINT, offsetof(cx_cfg, edge), -100000, 100000},
  {"centre", SG_WEIGHTS, SG_PINT, offsetof(cx_cfg, centre), -100000, 100000},
  {NULL, 0, 0, 0, 0, 0}
};

static const char *const colour_name[3] = {"red", "green", "blue"};
static const char colour_letter[3] = {'R', 'G', 'B'};

#define BIT(q, r) (1ULL << CX_SQ(q, r))
static const uint64_t start_mask[3] = {
  BIT(-3, 3) | BIT(-3, 2) | BIT(-3, 1) | BIT(-3, 0),
  BIT(0, -3) | BIT(1, -3) | BIT(2, -3) | BIT(3, -3),
  BIT(3, 0) | BIT(2, 1) | BIT(1, 2) | BIT(0, 3),
};
static const uint64_t exit_mask[3] = {
  BIT(3, -3) | BIT(3, -2) | BIT(3, -1) | BIT(3, 0),
  BIT(-3, 3) | BIT(-2, 3) | BIT(-1, 3) | BIT(0, 3),
  BIT(-3, 0) | BIT(-2, -1) | BIT(-1, -2) | BIT(0, -3),
};
static const uint64_t corner_mask =
  BIT(0, -3) | BIT(3, -3) | BIT(3, 0) | BIT(0, 3) | BIT(-3, 3) | BIT(-3, 0);
/* the outer ring: max(|q|, |r|, |q + r|) = 3 */
static const uint64_t ring_mask =
  BIT(0, -3) | BIT(1, -3) | BIT(2, -3) | BIT(3, -3) | BIT(3, -2) | BIT(3, -1) | BIT(3, 0) |
  BIT(2, 1) | BIT(1, 2) | BIT(0, 3) | BIT(-1, 3) | BIT(-2, 3) | BIT(-3, 3) | BIT(-3, 2) |
  BIT(-3, 1) | BIT(-3, 0) | BIT(-2, -1) | BIT(-1, -2);
#undef BIT

/* The six steps in the referee's order, (-1,0) (0,-1) (1,-1) (1,0) (0,1) (-1,1), as bit
   offsets dq + 8 dr.  Direction d + 3 (mod 6) is the opposite of d. */
static const int step_off[6] = {-1, -8, -7, 1, 8, 7};

static uint64_t step(uint64_t x, int d) {
  int o = step_off[d];
  return (o > 0 ? x << o : x >> -o) & CX_BOARD;
}

static int on_board(int q, int r) {
  return q >= -3 && q <= 3 && r >= -3 && r <= 3 && q + r >= -3 && q + r <= 3;
}

static int hex_distance(int a, int b) {
  int dq = abs(CX_Q(a) - CX_Q(b)), dr = abs(CX_R(a) - CX_R(b));
  int ds = abs(CX_Q(a) + CX_R(a) - CX_Q(b) - CX_R(b));
  return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

int cx_exit_distance(int p, int sq) {
  int best = 99;
  for (uint64_t b = exit_mask[p]; b; b &= b - 1) {
    int d = hex_distance(sq, bits_first64(b));
    if (d < best)
      best = d;
  }
  return best;
}

static const cx_state *S(const void *st) { return st; }

static uint64_t occupied(const cx_state *s) { return s->piece[0] | s->piece[1] | s->piece[2]; }

static int colour_at(const cx_state *s, int sq) {
  for (int c = 0; c < 3; c++)
    if (s->piece[c] >> sq & 1)
      return c;
  return -1;
}

/* The pieces of player p that can MOVE (mv[d]) and JUMP (jp[d]) in each direction. */
static void movers(const uint64_t *piece, int p, uint64_t *mv, uint64_t *jp) {
  uint64_t occ = piece[0] | piece[1] | piece[2], empty = CX_BOARD & ~occ;
  for (int d = 0; d < 6; d++) {
    int back = (d + 3) % 6;
    mv[d] = piece[p] & step(empty, back);
    jp[d] = piece[p] & step(occ & step(empty, back), back);
  }
}

/* Whether player p has an action other than PASS. */
static int has_action(const uint64_t *piece, int p) {
  uint64_t mv[6], jp[6], any = piece[p] & exit_mask[p];
  movers(piece, p, mv, jp);
  for (int d = 0; d < 6; d++)
    any |= mv[d] | jp[d];
  return any != 0;
}

/* Every action but PASS of the side to move: pieces in bit order (rows by r, q ascending),
   each piece's EXIT first, then its MOVE or JUMP in each direction in the referee's order. */
static int gen_actions(const cx_state *s, sg_move *out) {
  int me = s->side, n = 0;
  uint64_t mv[6], jp[6], any = s->piece[me] & exit_mask[me];
  movers(s->piece, me, mv, jp);
  for (int d = 0; d < 6; d++)
    any |= mv[d] | jp[d];
  for (uint64_t b = any; b; b &= b - 1) {
    int sq = bits_first64(b);
    if (exit_mask[me] >> sq & 1)
      out[n++] = CX_ACTION(CX_EXIT, sq, 0);
    for (int d = 0; d < 6; d++)
      if (mv[d] >> sq & 1)
        out[n++] = CX_ACTION(CX_MOVE, sq, sq + step_off[d]);
      else if (jp[d] >> sq & 1)
        out[n++] = CX_ACTION(CX_JUMP, sq, sq + 2 * step_off[d]);
  }
  return n;
}

static int cx_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 3;
}

static int cx_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return S(st)->side;
}

/* The win is looked at first: a winning action is an EXIT, which cannot repeat a position,
   so only the turn limit can coincide with it, and the exit that reaches 4 then wins. */
static sg_status cx_status(const void *cfg, const void *st, int *winner) {
  const cx_cfg *c = cfg;
  const cx_state *s = st;
  if (winner)
    *winner = -1;
  for (int p = 0; p < 3; p++)
    if (s->exits[p] >= c->win_exits) {
      if (winner)
        *winner = p;
      return SG_WON;
    }
  if (s->reps >= c->repetitions || s->actions >= 3 * c->max_turns)
    return SG_DRAWN;
  return SG_PLAYING;
}

static int cx_gen(const void *cfg, const void *st, sg_move *out) {
  const cx_state *s = st;
  if (cx_status(cfg, st, NULL) != SG_PLAYING)
    return 0;
  int n = gen_actions(s, out);
  if (n == 0)
    out[n++] = CX_ACTION(CX_PASS, 0, 0);
  return n;
}

/* Take history entry e, made by player `mover`, back on the hex sets. */
static void undo_entry(uint64_t *piece, uint16_t e, int mover) {
  if (e == CX_HIST_PASS)
    return;
  int from = e & 63, to = e >> 6 & 63, was = e >> 12 & 3;
  piece[mover] ^= 1ULL << from | 1ULL << to;
  if (was != 3) {   /* a jump: the jumped piece gets its colour back */
    uint64_t mid = 1ULL << ((from + to) / 2);
    piece[mover] &= ~mid;
    piece[was] |= mid;
  }
}

/* Occurrences of the current position (board and side to move) since the last EXIT: the
   history is taken back one action at a time, and every third position has the same side to
   move. */
static int count_reps(const cx_state *s) {
  uint64_t p[3] = {s->piece[0], s->piece[1], s->piece[2]};
  int reps = 1, mover = s->side;
  for (int k = s->nhist - 1; k >= 0; k--) {
    mover = (mover + 2) % 3;
    undo_entry(p, s->hist[k], mover);
    if ((s->nhist - k) % 3 == 0 && p[0] == s->piece[0] && p[1] == s->piece[1] &&
        p[2] == s->piece[2])
      reps++;
  }
  return reps > 255 ? 255 : reps;
}

static void cx_play(const void *cfg, void *st, sg_move m) {
  cx_state *s = st;
  int me = s->side, type = CX_TYPE(m), from = CX_FROM(m), to = CX_TO(m);
  uint16_t entry = CX_HIST_PASS;
  (void)cfg;
  if (type == CX_MOVE) {
    s->piece[me] ^= 1ULL << from | 1ULL << to;
    entry = (uint16_t)(from | to << 6 | 3 << 12);
  } else if (type == CX_JUMP) {
    int mid = (from + to) / 2, was = colour_at(s, mid);
    s->piece[was] &= ~(1ULL << mid);
    s->piece[me] |= 1ULL << mid;
    s->piece[me] ^= 1ULL << from | 1ULL << to;
    entry = (uint16_t)(from | to << 6 | was << 12);
  } else if (type == CX_EXIT) {
    s->piece[me] &= ~(1ULL << from);
    s->exits[me]++;
  }
  s->actions++;
  s->side = (uint8_t)((me + 1) % 3);
  if (type == CX_EXIT) {   /* no earlier position can come back: the window starts again */
    s->nhist = 0;
    s->reps = 1;
    return;
  }
  if (s->nhist == CX_HIST) {   /* only past the turn limit, which ends the game first */
    memmove(s->hist, s->hist + 3, (CX_HIST - 3) * sizeof s->hist[0]);
    s->nhist -= 3;
  }
  s->hist[s->nhist++] = entry;
  s->reps = (uint8_t)count_reps(s);
}

/* The seed's utility for player p, in hundredths: average over the pieces of (defence value -
   squared distance to the nearest exit hex), plus exits and pieces. */
static long utility(const cx_cfg *c, const cx_state *s, int p) {
  long sum = 0;
  int n = 0;
  for (uint64_t b = s->piece[p]; b; b &= b - 1, n++) {
    int sq = bits_first64(b), d = cx_exit_distance(p, sq);
    uint64_t x = 1ULL << sq;
    long def = x & corner_mask ? c->corner : x & ring_mask ? c->edge : c->centre;
    sum += def - 100L * d * d;
  }
  long avg = n ? sum / n : 0;   /* truncated toward zero: under 1/100 of the seed's unit */
  return c->average * avg + 100L * ((long)c->exits * s->exits[p] + (long)c->pieces * n);
}

static void cx_eval(const void *cfg, const void *st, int *scores) {
  for (int p = 0; p < 3; p++) {
    long v = utility(cfg, st, p);
    v = score_clamp(v, SG_EVAL_MAX / 2);
    scores[p] = (int)v;
  }
}

/* The score bounds for max^n's shallow pruning, as data in the config (sg_bounds), when every
   weight is 0 or more: a piece's value is at least -100 * 6 * 6 (no hex is more than 6 steps
   from its player's nearest exit hex) and at most the best defence value, and the pieces on
   the board and the exits of all players add up to 12 (a jump converts a piece, never adds
   one).  Filled by check_cfg, which runs again whenever the weights change. */
static int cx_check_cfg(void *cfg, char *err) {
  cx_cfg *c = cfg;
  (void)err;
  c->bounds.known = 0;
  if (c->average < 0 || c->exits < 0 || c->pieces < 0 || c->corner < 0 || c->edge < 0 ||
      c->centre < 0)
    return 0;
  long def = c->corner > c->edge ? c->corner : c->edge;
  if (c->centre > def)
    def = c->centre;
  long lo = -(long)c->average * 3600;
  long hi = 3 * (long)c->average * def +
            100L * 12 * (c->exits > c->pieces ? c->exits : c->pieces);
  if (lo < -SG_EVAL_MAX / 2 || hi > SG_EVAL_MAX / 2)
    return 0;   /* the evaluation may be clamped: no promise */
  c->bounds = (sg_bounds){1, (int)lo, (int)hi};
  return 0;
}

/* The three hex sets, the side to move and the exits (the actions count and the history stay
   out: they change what is drawn, not what the position is worth). */
static uint64_t cx_hash(const void *cfg, const void *st) {
  const cx_state *s = st;
  (void)cfg;
  uint64_t extra = (uint64_t)s->side | (uint64_t)s->exits[0] << 8 |
                   (uint64_t)s->exits[1] << 16 | (uint64_t)s->exits[2] << 24;
  return hash_mix64(s->piece[0] ^ hash_mix64(s->piece[1] ^ hash_mix64(s->piece[2] ^
                                                          hash_mix64(extra + 0x9e3779b97f4a7c15ULL))));
}

static int cx_move_kind(const void *cfg, sg_move m) {
  (void)cfg;
  return CX_TYPE(m);
}

/* The seed's action pruning: EXITs only when one is available; else the MOVEs and JUMPs that
   bring their piece nearer its nearest exit hex, and the others only when there is none. */
static int cx_prune(const void *cfg, const void *st, sg_move *ms, int n) {
  const cx_state *s = st;
  int k = 0;
  (void)cfg;
  for (int i = 0; i < n; i++)
    if (CX_TYPE(ms[i]) == CX_EXIT)
      ms[k++] = ms[i];
  if (k)
    return k;
  for (int i = 0; i < n; i++) {
    int t = CX_TYPE(ms[i]);
    if ((t == CX_MOVE || t == CX_JUMP) &&
        cx_exit_distance(s->side, CX_TO(ms[i])) < cx_exit_distance(s->side, CX_FROM(ms[i]))) {
      sg_move x = ms[k];   /* swap, so the list still holds every move */
      ms[k++] = ms[i];
      ms[i] = x;
    }
  }
  return k ? k : n;
}

/* ---- notation ---- */

static void cx_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  int from = CX_FROM(m), to = CX_TO(m);
  (void)cfg, (void)st;
  switch (CX_TYPE(m)) {
  case CX_MOVE:
  case CX_JUMP:
    snprintf(buf, n, "%s (%d,%d) (%d,%d)", CX_TYPE(m) == CX_MOVE ? "MOVE" : "JUMP", CX_Q(from),
             CX_R(from), CX_Q(to), CX_R(to));
    break;
  case CX_EXIT:
    snprintf(buf, n, "EXIT (%d,%d)", CX_Q(from), CX_R(from));
    break;
  default:
    snprintf(buf, n, "PASS");
  }
}

static void skip_space(const char **p) {
  while (isspace((unsigned char)**p))
    (*p)++;
}

/* A whole number at *p (sign allowed), advanced past it. */
static int read_int(const char **p, int *v) {
  const char *s = *p;
  int neg = 0, k = 0;
  long x = 0;
  if (*s == '-' || *s == '+')
    neg = *s++ == '-';
  while (isdigit((unsigned char)*s) && k < 6)
    x = x * 10 + (*s++ - '0'), k++;
  if (k == 0 || isdigit((unsigned char)*s))
    return -1;
  *v = (int)(neg ? -x : x);
  *p = s;
  return 0;
}

/* "(q,r)" with any spaces, advanced past it. */
static int read_hex(const char **p, int *q, int *r) {
  const char *s = *p;
  skip_space(&s);
  if (*s++ != '(')
    return -1;
  skip_space(&s);
  if (read_int(&s, q) != 0)
    return -1;
  skip_space(&s);
  if (*s++ != ',')
    return -1;
  skip_space(&s);
  if (read_int(&s, r) != 0)
    return -1;
  skip_space(&s);
  if (*s++ != ')')
    return -1;
  *p = s;
  return 0;
}

static const char *const action_word[4] = {"move", "jump", "exit", "pass"};
static const char *const action_example[4] = {
  "MOVE (-3,3) (-2,3)", "JUMP (0,1) (-2,3)", "EXIT (3,-3)", "PASS"};

/* Read an action text: its type, hexes (qs, rs) and their number; 0, or -1 with the fault. */
static int read_action(const char *text, int *type, int *qs, int *rs, int *nh, char *err) {
  const char *p = text;
  char word[8];
  int k = 0;
  skip_space(&p);
  while (isalpha((unsigned char)*p) && k < 7)
    word[k++] = (char)tolower((unsigned char)*p++);
  word[k] = '\0';
  *type = -1;
  for (int t = 0; t < 4; t++)
    if (strcmp(word, action_word[t]) == 0 && !isalpha((unsigned char)*p))
      *type = t;
  if (*type < 0) {
    snprintf(err, SG_ERRLEN, "malformed action '%.40s': expected MOVE, JUMP, EXIT or PASS and "
             "hexes (q,r), e.g. MOVE (-3,3) (-2,3)", text);
    return -1;
  }
  int want = *type <= CX_JUMP ? 2 : *type == CX_EXIT ? 1 : 0;
  *nh = 0;
  for (;;) {
    skip_space(&p);
    if (*p == '\0')
      break;
    if (*nh == 3 || read_hex(&p, &qs[*nh], &rs[*nh]) != 0) {
      if (want)
        snprintf(err, SG_ERRLEN, "malformed action '%.40s': expected hexes written (q,r) with "
                 "whole numbers, e.g. %s", text, action_example[*type]);
      else
        snprintf(err, SG_ERRLEN, "malformed action '%.40s': PASS takes no hex", text);
      return -1;
    }
    (*nh)++;
  }
  if (*nh != want) {
    static const char *const takes[3] = {"no hex", "one hex", "two hexes"};
    static const char *const upper[4] = {"MOVE", "JUMP", "EXIT", "PASS"};
    snprintf(err, SG_ERRLEN, "malformed action '%.40s': %s takes %s%s, e.g. %s", text,
             upper[*type], takes[want],
             *type == CX_JUMP && *nh > 2 ? " (one jump per action, no chains)" : "",
             action_example[*type]);
    return -1;
  }
  return 0;
}

/* Why the MOVE or JUMP from a to b (both on the board, a holding a piece of the side to
   move) is not legal. */
static void explain_step(const cx_state *s, const char *text, int type, int a, int b,
                         char *err) {
  int dist = hex_distance(a, b), d = -1, mid = -1;
  for (int k = 0; k < 6; k++) {
    if (a + step_off[k] == b)
      d = k;
    if (a + 2 * step_off[k] == b && ((CX_BOARD >> (a + step_off[k])) & 1))
      mid = a + step_off[k];
  }
  uint64_t occ = occupied(s);
  if (type == CX_MOVE && d < 0)
    snprintf(err, SG_ERRLEN, "illegal action '%s': (%d,%d) is not adjacent to (%d,%d)%s", text,
             CX_Q(b), CX_R(b), CX_Q(a), CX_R(a),
             mid >= 0 ? " (going two hexes over a piece is a JUMP)" : "");
  else if (type == CX_JUMP && mid < 0)
    snprintf(err, SG_ERRLEN, "illegal action '%s': (%d,%d) is not a jump away from (%d,%d) (a "
             "JUMP goes over an adjacent hex to the hex straight beyond it%s)", text, CX_Q(b),
             CX_R(b), CX_Q(a), CX_R(a), dist == 1 ? "; to an adjacent hex is a MOVE" : "");
  else if (occ >> b & 1)
    snprintf(err, SG_ERRLEN, "illegal action '%s': (%d,%d) is occupied", text, CX_Q(b),
             CX_R(b));
  else
    snprintf(err, SG_ERRLEN, "illegal action '%s': jump over an empty hex (%d,%d) (a JUMP goes "
             "over a piece; to move there is a MOVE)", text, CX_Q(mid), CX_R(mid));
}

static int cx_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const cx_state *s = st;
  int type, qs[3], rs[3], nh, me = s->side;
  if (read_action(text, &type, qs, rs, &nh, err) != 0)
    return -1;
  if (cx_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal action '%s': the game is over", text);
    return -1;
  }
  for (int i = 0; i < nh; i++)
    if (!on_board(qs[i], rs[i])) {
      snprintf(err, SG_ERRLEN, "illegal action '%s': (%d,%d) is off the board (q, r and -q-r "
               "are each from -3 to 3)", text, qs[i], rs[i]);
      return -1;
    }
  sg_move ms[CX_MAX_MOVES];
  int n = gen_actions(s, ms);
  if (type == CX_PASS) {
    if (n) {
      snprintf(err, SG_ERRLEN, "illegal action '%s': PASS while other actions exist (%s has "
               "%d); a player passes only with no other action", text, colour_name[me], n);
      return -1;
    }
    *m = CX_ACTION(CX_PASS, 0, 0);
    return 0;
  }
  int a = CX_SQ(qs[0], rs[0]), b = nh > 1 ? CX_SQ(qs[1], rs[1]) : 0, who = colour_at(s, a);
  if (who < 0) {
    snprintf(err, SG_ERRLEN, "illegal action '%s': there is no piece on (%d,%d)", text, qs[0],
             rs[0]);
    return -1;
  }
  if (who != me) {
    snprintf(err, SG_ERRLEN, "illegal action '%s': not your piece: (%d,%d) holds %s's piece "
             "and %s is to move", text, qs[0], rs[0], colour_name[who], colour_name[me]);
    return -1;
  }
  sg_move want = CX_ACTION(type, a, type == CX_EXIT ? 0 : b);
  for (int i = 0; i < n; i++)
    if (ms[i] == want) {
      *m = want;
      return 0;
    }
  if (type == CX_EXIT) {
    char list[64];
    sg_buf out = buf_open(list, sizeof list);
    for (uint64_t x = exit_mask[me]; x; x &= x - 1)
      buf_printf(&out, "%s(%d,%d)", out.len ? " " : "", CX_Q(bits_first64(x)),
                 CX_R(bits_first64(x)));
    snprintf(err, SG_ERRLEN, "illegal action '%s': (%d,%d) is not an exit hex of yours (%s "
             "exits from %s)", text, qs[0], rs[0], colour_name[me], list);
  } else
    explain_step(s, text, type, a, b, err);
  return -1;
}

/* ---- position text ----

   Fields separated by '|', each name:value, in this order (exits, actions and history may be
   left out: 0, 0, none):
     red:-3,3;-3,2;-3,1;-3,0|green:0,-3;1,-3;2,-3;3,-3|blue:3,0;2,1;1,2;0,3|exits:0,0,0|
     turn:red|actions:0|history:...
   red, green, blue: the hexes q,r each colour holds, separated by ';' (may be empty).
   exits: the pieces each player has taken off, red, green, blue.
   turn: the player to move; actions: the actions played so far (the turn limit counts them).
   history: the actions since the last EXIT, oldest first, that the repetition rule needs, in
   a compact form (it can be long): each MOVE or JUMP as the labels of its two hexes, a JUMP
   followed by the digit of the colour the jumped piece had before (0 red, 1 green, 2 blue),
   and '.' for a PASS.  Labels name the hexes row by row from r = -3, q ascending: A = (0,-3),
   B = (1,-3), ..., Z, then a to k (k = (0,3)).  E.g. "AE.QZ1". */

static char hex_label(int sq) {
  int i = bits_count64(CX_BOARD & ((1ULL << sq) - 1));
  return (char)(i < 26 ? 'A' + i : 'a' + i - 26);
}

static int label_hex(char ch) {
  int i = ch >= 'A' && ch <= 'Z' ? ch - 'A' : ch >= 'a' && ch <= 'k' ? ch - 'a' + 26 : -1;
  if (i < 0)
    return -1;
  for (uint64_t b = CX_BOARD; b; b &= b - 1)
    if (i-- == 0)
      return bits_first64(b);
  return -1;
}

static size_t cx_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const cx_state *s = st;
  sg_buf out = buf_open(buf, n);
  (void)cfg;
  for (int c = 0; c < 3; c++) {
    buf_printf(&out, "%s%s:", c ? "|" : "", colour_name[c]);
    for (uint64_t b = s->piece[c]; b; b &= b - 1) {
      int sq = bits_first64(b);
      buf_printf(&out, "%d,%d%s", CX_Q(sq), CX_R(sq), b & (b - 1) ? ";" : "");
    }
  }
  buf_printf(&out, "|exits:%d,%d,%d|turn:%s|actions:%d", s->exits[0], s->exits[1], s->exits[2],
      colour_name[s->side], s->actions);
  if (s->nhist)
    buf_printf(&out, "|history:");
  for (int i = 0; i < s->nhist; i++) {
    uint16_t e = s->hist[i];
    if (e == CX_HIST_PASS)
      buf_printf(&out, ".");
    else if ((e >> 12 & 3) == 3)
      buf_printf(&out, "%c%c", hex_label(e & 63), hex_label(e >> 6 & 63));
    else
      buf_printf(&out, "%c%c%d", hex_label(e & 63), hex_label(e >> 6 & 63), e >> 12 & 3);
  }
  return out.len;
}

/* A list of hexes "q,r;q,r" into *set; 0, or -1 with the fault in why. */
static int read_hex_list(const char *field, const char *p, const char *end, uint64_t *set,
                         char *why, size_t wn) {
  while (p < end) {
    int q, r;
    const char *s = p;
    skip_space(&s);
    if (s == end)
      break;
    if (read_int(&s, &q) != 0 || (skip_space(&s), *s++ != ',') ||
        (skip_space(&s), read_int(&s, &r)) != 0 || (skip_space(&s), s > end) ||
        (s < end && *s != ';')) {
      return postok_error(why, wn, field, "hexes q,r separated by ';', e.g. -3,3;-3,2",
                          "'%.*s' is not a hex", (int)(end - p > 20 ? 20 : end - p), p);
    }
    if (!on_board(q, r)) {
      return postok_error(why, wn, field, "hexes with |q|, |r| and |q+r| at most 3",
                          "(%d,%d) is off the board", q, r);
    }
    uint64_t x = 1ULL << CX_SQ(q, r);
    if (*set & x) {
      return postok_error(why, wn, field, "each hex once", "(%d,%d) is given twice", q, r);
    }
    *set |= x;
    p = s < end ? s + 1 : s;
  }
  return 0;
}

/* The history field into s->hist; 0, or -1 with the fault. */
static int read_history(const char *p, const char *end, cx_state *s, char *why, size_t wn) {
  s->nhist = 0;
  while (p < end) {
    uint16_t e;
    if (*p == '.') {
      e = CX_HIST_PASS;
      p++;
    } else {
      int a = label_hex(p[0]), b = p + 1 < end ? label_hex(p[1]) : -1, was = 3;
      if (a < 0 || b < 0) {
        return postok_error(why, wn, "history", "'.' or two hex labels A-Z, a-k, each action",
                            "'%.8s' is not an action", p);
      }
      p += 2;
      if (p < end && *p >= '0' && *p <= '2')
        was = *p++ - '0';
      e = (uint16_t)(a | b << 6 | was << 12);
    }
    if (s->nhist == CX_HIST) {
      return postok_error(why, wn, "history", "no more actions than the game keeps",
                          "more than %d actions", CX_HIST);
    }
    s->hist[s->nhist++] = e;
  }
  return 0;
}

/* Take the history back from the position and check each action was legal for the player who
   made it; 0, or -1 with the fault. */
static int check_history(const cx_state *s, char *why, size_t wn) {
  uint64_t p[3] = {s->piece[0], s->piece[1], s->piece[2]};
  int mover = s->side;
  for (int k = s->nhist - 1; k >= 0; k--) {
    uint16_t e = s->hist[k];
    mover = (mover + 2) % 3;
    int from = e & 63, to = e >> 6 & 63, was = e >> 12 & 3, bad = 0;
    if (e != CX_HIST_PASS) {
      int dist = hex_distance(from, to), mid = (from + to) / 2;
      int line = dist == 2 && (from + to) % 2 == 0 && (CX_BOARD >> mid & 1) &&
                 hex_distance(from, mid) == 1 && hex_distance(mid, to) == 1;
      bad = !(p[mover] >> to & 1) || ((p[0] | p[1] | p[2]) >> from & 1) ||
            (was == 3 ? dist != 1 : !line || !(p[mover] >> mid & 1));
    }
    if (!bad)
      undo_entry(p, e, mover);
    if (e == CX_HIST_PASS && has_action(p, mover))
      bad = 1;
    if (bad) {
      return postok_error(why, wn, "history", "legal actions that lead to the position",
                          "action %d (by %s) does not lead to this position or was not legal",
                          k + 1, colour_name[mover]);
    }
  }
  return 0;
}

static int find_field(const char *name) {
  static const char *const names[] = {"red", "green", "blue", "exits", "turn", "actions",
                                      "history"};
  for (int i = 0; i < 7; i++)
    if (strcmp(name, names[i]) == 0)
      return i;
  return -1;
}

/* One field "name:value" (at p, ending at end) into s. */
static int read_field(const cx_cfg *c, const char *p, const char *end, cx_state *s, int *seen,
                      char *why, size_t wn) {
  char name[12];
  const char *start = p;
  int k = 0;
  while (p < end && *p != ':' && k < 11)
    name[k++] = (char)tolower((unsigned char)*p++);
  name[k] = '\0';
  int f = p < end && *p == ':' ? find_field(name) : -1;
  if (f < 0) {
    return postok_error(why, wn, "field", "fields red:, green:, blue:, exits:, turn:, "
                        "actions:, history: separated by '|'", "'%.*s' is not a field",
                        (int)(end - start > 20 ? 20 : end - start), start);
  }
  if (seen[f]++) {
    return postok_error(why, wn, name, "each field at most once", "the field is given twice");
  }
  p++;
  if (f < 3)
    return read_hex_list(name, p, end, &s->piece[f], why, wn);
  if (f == 3) {
    const char *q = p;
    for (int i = 0; i < 3; i++) {
      int e;
      skip_space(&q);
      int bad = read_int(&q, &e) != 0 || e < 0 || e > c->win_exits;
      skip_space(&q);
      if (!bad && i < 2)
        bad = *q++ != ',';
      if (bad || (i == 2 && q != end)) {
        return postok_error(why, wn, "exits", "three numbers (red, green, blue), e.g. 0,1,0",
                            "'%.*s' is not three exit counts from 0 to %d",
                            (int)(end - p > 20 ? 20 : end - p), p, c->win_exits);
      }
      s->exits[i] = (uint8_t)e;
    }
    return 0;
  }
  if (f == 4) {
    for (int i = 0; i < 3; i++)
      if ((size_t)(end - p) == strlen(colour_name[i]) &&
          strncmp(p, colour_name[i], (size_t)(end - p)) == 0) {
        s->side = (uint8_t)i;
        return 0;
      }
    return postok_error(why, wn, "turn", "red, green or blue", "'%.*s' is not a colour",
                        (int)(end - p > 20 ? 20 : end - p), p);
  }
  if (f == 5) {
    int v;
    const char *q = p;
    if (read_int(&q, &v) != 0 || q != end || v < 0 || v > 3 * c->max_turns) {
      return postok_error(why, wn, "actions", "the actions played, up to 3 * rules.max_turns",
                          "'%.*s' is not a count from 0 to %d", (int)(end - p > 20 ? 20 : end - p), p,
                          3 * c->max_turns);
    }
    s->actions = (uint16_t)v;
    return 0;
  }
  return read_history(p, end, s, why, wn);
}

/* The whole position text into s; 0, or -1 with the fault. */
static int read_position(const cx_cfg *c, const char *pos, cx_state *s, char *why, size_t wn) {
  int seen[7] = {0};
  memset(s, 0, sizeof *s);
  sg_postok t;
  sg_span f;
  postok_open(&t, pos);
  while (postok_field(&t, '|', &f))
    if (read_field(c, f.p, f.p + f.n, s, seen, why, wn) != 0)
      return -1;
  for (int i = 0; i < 5; i++)
    if (!seen[i] && i != 3) {
      return postok_error(why, wn, i == 4 ? "turn" : colour_name[i], "the fields red, green, "
                          "blue and turn", "the field is missing");
    }
  if ((s->piece[0] & s->piece[1]) | (s->piece[0] & s->piece[2]) | (s->piece[1] & s->piece[2])) {
    int sq = bits_first64((s->piece[0] & s->piece[1]) | (s->piece[0] & s->piece[2]) |
                             (s->piece[1] & s->piece[2]));
    return postok_error(why, wn, "board", "each hex for one colour at most",
                        "(%d,%d) is given to two colours", CX_Q(sq), CX_R(sq));
  }
  int total = bits_count64(occupied(s)) + s->exits[0] + s->exits[1] + s->exits[2];
  if (total > 12) {
    return postok_error(why, wn, "board", "at most 12 pieces on the board and exited (jumps "
                        "convert pieces, they never add any)", "%d pieces", total);
  }
  int winners = 0, last = (s->side + 2) % 3;
  for (int i = 0; i < 3; i++)
    if (s->exits[i] >= c->win_exits) {
      winners++;
      if (i != last || s->nhist) {
        return postok_error(why, wn, "exits", "the winner to have made the last action (an EXIT)",
                            "%s has won but did not play last", colour_name[i]);
      }
    }
  if (winners > 1) {
    return postok_error(why, wn, "exits", "one winner at most",
                        "more than one player has %d exits", c->win_exits);
  }
  if (s->nhist > s->actions) {
    return postok_error(why, wn, "history", "no more actions than the actions field",
                        "%d actions, more than the %d played", s->nhist, s->actions);
  }
  if (check_history(s, why, wn) != 0)
    return -1;
  s->reps = (uint8_t)count_reps(s);
  return 0;
}

static int cx_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  cx_state s;
  (void)seed;
  if (!pos) {
    memset(&s, 0, sizeof s);
    for (int c = 0; c < 3; c++)
      s.piece[c] = start_mask[c];
    s.reps = 1;   /* the initial position counts once */
    memcpy(st, &s, sizeof s);
    return 0;
  }
  if (read_position(cfg, pos, &s, err, SG_ERRLEN) != 0)
    return -1;
  memcpy(st, &s, sizeof s);
  return 0;
}

/* The board as 7 rows by r, each hex R, G, B or '.', with the q range of each row. */
static size_t cx_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const cx_cfg *c = cfg;
  const cx_state *s = st;
  static const char *const ansi[3] = {"\033[1;31m", "\033[1;32m", "\033[1;34m"};
  sg_buf out = buf_open(buf, n);
  for (int r = -3; r <= 3; r++) {
    int qlo = r < 0 ? -3 - r : -3, qhi = r > 0 ? 3 - r : 3;
    buf_printf(&out, "r=%2d  %*s", r, 2 * abs(r), "");
    for (int q = qlo; q <= qhi; q++) {
      int who = colour_at(s, CX_SQ(q, r));
      if (who < 0)
        buf_printf(&out, " . ");
      else if (colour)
        buf_printf(&out, " %s%c\033[0m ", ansi[who], colour_letter[who]);
      else
        buf_printf(&out, " %c ", colour_letter[who]);
      if (q < qhi)
        buf_printf(&out, " ");
    }
    buf_printf(&out, "%*s   q=%d..%d\n", 2 * abs(r), "", qlo, qhi);
  }
  int w;
  sg_status result = cx_status(cfg, st, &w);
  buf_printf(&out, "exits: red %d, green %d, blue %d (%d win); ", s->exits[0], s->exits[1], s->exits[2],
      c->win_exits);
  if (result == SG_PLAYING)
    buf_printf(&out, "%s to move, action %d of %d", colour_name[s->side], s->actions + 1, 3 * c->max_turns);
  else if (result == SG_WON)
    buf_printf(&out, "%s wins", colour_name[w]);
  else if (s->reps >= c->repetitions)
    buf_printf(&out, "drawn (the same position for the %d%s time)", s->reps,
        s->reps == 2 ? "nd" : s->reps == 3 ? "rd" : "th");
  else
    buf_printf(&out, "drawn (%d turns each)", c->max_turns);
  if (result == SG_PLAYING && s->reps > 1)
    buf_printf(&out, "\nthis position has occurred %d times", s->reps);
  return out.len;
}

const sg_class chexers_class = {
  .name = "chexers",
  .state_size = sizeof(cx_state),
  .cfg_size = sizeof(cx_cfg),
  .max_moves = CX_MAX_MOVES,
  .params = cx_params,
  .min_players = 3,
  .max_players = 3,
  .utility = SG_GENERAL_SUM,
  .hooks = SG_HOOK_CHECK_CFG | SG_HOOK_MOVE_KIND | SG_HOOK_PRUNE,
  .bounds = SG_BOUNDS_CONFIG,
  .bounds_offset = offsetof(cx_cfg, bounds),
  .init = cx_init,
  .check_cfg = cx_check_cfg,
  .players = cx_players,
  .to_move = cx_to_move,
  .gen = cx_gen,
  .play = cx_play,
  .status = cx_status,
  .eval = cx_eval,
  .hash = cx_hash,
  .parse = cx_parse,
  .format = cx_format,
  .save_pos = cx_save_pos,
  .draw = cx_draw,
  .move_kind = cx_move_kind,
  .prune = cx_prune,
  .perft_end_leaf = 0,
};
