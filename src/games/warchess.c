/* warchess.c: war chess rules (movement ranges with terrain costs, attacks, kills, turns,
   victory), evaluation, notation, the position text with its board, and the diagram. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/hash.h"
#include "core/postok.h"
#include "core/score.h"
#include "warchess.h"

static const sg_param wc_params[] = {
  {"max_turns", SG_RULES, SG_PINT, offsetof(wc_cfg, max_turns), 1, 65535},
  {"unit_value", SG_WEIGHTS, SG_PINT, offsetof(wc_cfg, unit_value), -100000, 100000},
  {"leader_value", SG_WEIGHTS, SG_PINT, offsetof(wc_cfg, leader_value), -100000, 100000},
  {"hp", SG_WEIGHTS, SG_PINT, offsetof(wc_cfg, hp), -100000, 100000},
  {"threat", SG_WEIGHTS, SG_PINT, offsetof(wc_cfg, threat), -100000, 100000},
  {"position", SG_WEIGHTS, SG_PINT, offsetof(wc_cfg, position), -100000, 100000},
  {NULL, 0, 0, 0, 0, 0}
};

static const char *const side_name[2] = {"red", "blue"};
static const char side_letter[2] = {'r', 'b'};
static const char *const board_name[3] = {"square4", "square8", "hex"};

#define TX(c, t) ((t) % (c)->width)   /* 0-based column */
#define TY(c, t) ((t) / (c)->width)   /* 0-based row */

/* ---- geometry ---- */

int wc_neighbours(const wc_cfg *c, int t, int *out) {
  static const int d4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  static const int d8[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1},
                               {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  /* offset rows: 0-based row r odd (y even) is shifted right */
  static const int hev[6][2] = {{1, 0}, {-1, 0}, {-1, -1}, {0, -1}, {-1, 1}, {0, 1}};
  static const int hod[6][2] = {{1, 0}, {-1, 0}, {0, -1}, {1, -1}, {0, 1}, {1, 1}};
  int x = TX(c, t), y = TY(c, t), n = 0, k;
  const int (*d)[2];
  if (c->board == WC_SQUARE4)
    d = d4, k = 4;
  else if (c->board == WC_SQUARE8)
    d = d8, k = 8;
  else
    d = (y & 1) ? hod : hev, k = 6;
  for (int i = 0; i < k; i++) {
    int nx = x + d[i][0], ny = y + d[i][1];
    if (nx >= 0 && nx < c->width && ny >= 0 && ny < c->height)
      out[n++] = ny * c->width + nx;
  }
  return n;
}

int wc_distance(const wc_cfg *c, int a, int b) {
  int ax = TX(c, a), ay = TY(c, a), bx = TX(c, b), by = TY(c, b);
  int dx = abs(ax - bx), dy = abs(ay - by);
  if (c->board == WC_SQUARE4)
    return dx + dy;
  if (c->board == WC_SQUARE8)
    return dx > dy ? dx : dy;
  /* offset to axial: q = x - (y - (y & 1)) / 2 */
  int aq = ax - (ay - (ay & 1)) / 2, bq = bx - (by - (by & 1)) / 2;
  int dq = aq - bq, dr = ay - by, ds = -dq - dr;
  dq = abs(dq), dr = abs(dr), ds = abs(ds);
  return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

/* ---- movement range and attack range ---- */

void wc_scratch_init(wc_scratch *w) {
  memset(w->seen, 0, sizeof w->seen);
  memset(w->occ, 0, sizeof w->occ);
  w->stamp = 0;
}

static void next_stamp(wc_scratch *w) {
  if (++w->stamp == 0) {
    memset(w->seen, 0, sizeof w->seen);
    memset(w->occ, 0, sizeof w->occ);
    w->stamp = 1;
  }
}

/* Dial's algorithm: terrain costs are small whole numbers and the movement points few, so a
   bucket per cost replaces the priority queue. */
int wc_move_range(const wc_cfg *c, const wc_state *s, int u, wc_scratch *w, uint16_t *tiles) {
  const wc_unit *me = &c->unit[u];
  int start = s->u[u].tile, mp = me->mp, n = 0;
  next_stamp(w);
  uint32_t st = w->stamp;
  for (int i = 0; i < c->nunits; i++)
    if (i != u && (s->u[i].flags & WC_ALIVE)) {
      w->occ[s->u[i].tile] = st;
      w->who[s->u[i].tile] = (int8_t)i;
    }
  for (int k = 0; k <= mp; k++)
    w->nbucket[k] = 0;
  w->seen[start] = st;
  w->dist[start] = 0;
  w->bucket[0][w->nbucket[0]++] = (uint16_t)start;
  tiles[n++] = (uint16_t)start;
  for (int d = 0; d <= mp; d++) {
    for (int i = 0; i < w->nbucket[d]; i++) {
      int t = w->bucket[d][i];
      if (w->dist[t] != d)
        continue;   /* reached more cheaply since it was queued */
      int nb[8], k = wc_neighbours(c, t, nb);
      for (int j = 0; j < k; j++) {
        int v = nb[j];
        int cost = c->terrain[c->tile[v]].cost[me->kind];
        if (cost == WC_IMPASSABLE || d + cost > mp)
          continue;
        int occ = w->occ[v] == st;
        if (occ && c->unit[w->who[v]].side != me->side)
          continue;   /* enemies block */
        if (w->seen[v] == st && w->dist[v] <= d + cost)
          continue;
        if (w->seen[v] != st && !occ && v != start)
          tiles[n++] = (uint16_t)v;   /* first reached: an empty tile joins the range */
        w->seen[v] = st;
        w->dist[v] = (uint8_t)(d + cost);
        w->bucket[d + cost][w->nbucket[d + cost]++] = (uint16_t)v;
      }
    }
  }
  return n;
}

/* Whether a shot passes over tile t: a terrain some kind can enter, or shoot_over. */
static int transparent(const wc_cfg *c, int t) {
  const wc_terrain *tr = &c->terrain[c->tile[t]];
  if (tr->shoot_over)
    return 1;
  for (int k = 0; k < c->nkinds; k++)
    if (tr->cost[k] != WC_IMPASSABLE)
      return 1;
  return 0;
}

/* Whether a shot of at most `range` steps from `from` reaches `to` over transparent tiles:
   a breadth-first search bounded by the range (the intermediate tiles must be transparent). */
static int shot_reaches(const wc_cfg *c, int from, int to, int range) {
  uint16_t q[WC_MAX_REACH * 2];
  uint8_t depth[WC_MAX_REACH * 2];
  int head = 0, tail = 0;
  int nb[8];
  /* a small visited list: the area within range is at most WC_MAX_REACH-like in size */
  q[tail] = (uint16_t)from, depth[tail++] = 0;
  while (head < tail) {
    int t = q[head], d = depth[head++];
    int k = wc_neighbours(c, t, nb);
    for (int j = 0; j < k; j++) {
      int v = nb[j];
      if (v == to)
        return 1;
      if (d + 1 >= range || !transparent(c, v) || wc_distance(c, from, v) != d + 1)
        continue;   /* only steps that go outward: a shortest line */
      int dup = 0;
      for (int i = 0; i < tail && !dup; i++)
        dup = q[i] == v;
      if (!dup && tail < (int)(sizeof q / sizeof q[0]))
        q[tail] = (uint16_t)v, depth[tail++] = (uint8_t)(d + 1);
    }
  }
  return 0;
}

int wc_targets(const wc_cfg *c, const wc_state *s, int u, int from, uint8_t *targets) {
  const wc_unit *me = &c->unit[u];
  int n = 0;
  for (int i = 0; i < c->nunits; i++) {
    if (c->unit[i].side == me->side || !(s->u[i].flags & WC_ALIVE))
      continue;
    int d = wc_distance(c, from, s->u[i].tile);
    if (d > me->range)
      continue;
    if (d > 1 && !shot_reaches(c, from, s->u[i].tile, me->range))
      continue;
    targets[n++] = (uint8_t)i;
  }
  return n;
}

void wc_act(const wc_cfg *c, wc_state *s, int u, int to, int target) {
  s->u[u].tile = (uint16_t)to;
  s->u[u].flags |= WC_ACTED;
  if (target != WC_NO_TARGET) {
    wc_ustate *v = &s->u[target];
    v->hp = (int16_t)(v->hp - c->unit[u].atk);
    if (v->hp <= 0) {
      v->hp = 0;
      v->flags &= (uint8_t)~WC_ALIVE;
    }
  }
}

void wc_end_turn(const wc_cfg *c, wc_state *s) {
  for (int i = 0; i < c->nunits; i++)
    s->u[i].flags &= (uint8_t)~WC_ACTED;
  if (s->side == 1 && s->turn < 65535)
    s->turn++;
  s->side ^= 1;
}

/* ---- the game class ---- */

static int wc_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return 2;
}

static int wc_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return ((const wc_state *)st)->side;
}

/* Whether side p has lost: it had units and all are dead, or a leader of it is dead. */
int wc_lost(const wc_cfg *c, const wc_state *s, int p) {
  int had = 0, alive = 0;
  for (int i = 0; i < c->nunits; i++) {
    if (c->unit[i].side != p)
      continue;
    had++;
    if (s->u[i].flags & WC_ALIVE)
      alive++;
    else if (c->unit[i].leader)
      return 1;
  }
  return had && !alive;
}

static sg_status wc_status(const void *cfg, const void *st, int *winner) {
  const wc_cfg *c = cfg;
  const wc_state *s = st;
  if (winner)
    *winner = -1;
  for (int p = 0; p < 2; p++)
    if (wc_lost(c, s, p)) {
      if (winner)
        *winner = 1 - p;
      return SG_WON;
    }
  if (s->turn > c->max_turns)
    return SG_DRAWN;
  return SG_PLAYING;
}

static int wc_gen(const void *cfg, const void *st, sg_move *out) {
  const wc_cfg *c = cfg;
  const wc_state *s = st;
  if (wc_status(cfg, st, NULL) != SG_PLAYING)
    return 0;
  wc_scratch scratch, *w = &scratch;   /* about 32 KB of stack, nothing allocated */
  wc_scratch_init(w);
  uint16_t tiles[WC_MAX_REACH];
  uint8_t tg[WC_MAX_UNITS];
  int n = 0;
  for (int u = 0; u < c->nunits; u++) {
    if (c->unit[u].side != s->side || (s->u[u].flags & (WC_ALIVE | WC_ACTED)) != WC_ALIVE)
      continue;
    int nt = wc_move_range(c, s, u, w, tiles);
    for (int i = 0; i < nt; i++) {
      out[n++] = WC_ACTION(u, tiles[i], WC_NO_TARGET);
      int k = wc_targets(c, s, u, tiles[i], tg);
      for (int j = 0; j < k; j++)
        out[n++] = WC_ACTION(u, tiles[i], tg[j]);
    }
  }
  out[n++] = WC_END;
  return n;
}

static void wc_play(const void *cfg, void *st, sg_move m) {
  if (m == WC_END)
    wc_end_turn(cfg, st);
  else
    wc_act(cfg, st, WC_UNIT(m), WC_TILE(m), WC_TARGET(m));
}

/* One side's terms: living units, leaders, health, enemies within reach, closeness (the
   terms are the inline functions of warchess.h, shared with the planner). */
static long side_value(const wc_cfg *c, const wc_state *s, int p) {
  long v = 0;
  int threats = 0, close = 0;
  for (int i = 0; i < c->nunits; i++) {
    if (c->unit[i].side != p || !(s->u[i].flags & WC_ALIVE))
      continue;
    v += wc_material(c, i, s->u[i].hp);
    int reach = wc_reach(c, i), nearest = 99;
    for (int j = 0; j < c->nunits; j++) {
      if (c->unit[j].side == p || !(s->u[j].flags & WC_ALIVE))
        continue;
      int d = wc_distance(c, s->u[i].tile, s->u[j].tile);
      if (d <= reach)
        threats++;
      if (d < nearest)
        nearest = d;
    }
    if (nearest < 99)
      close += wc_closeness(nearest);
  }
  return v + (long)c->threat * threats + (long)c->position * close;
}

long wc_score(const wc_cfg *c, const wc_state *s, int p) {
  return side_value(c, s, p) - side_value(c, s, 1 - p);
}

static void wc_eval(const void *cfg, const void *st, int *scores) {
  long d = wc_score(cfg, st, 0);
  d = score_clamp(d, SG_EVAL_MAX / 2);
  scores[0] = (int)d;
  scores[1] = (int)-d;
}

uint64_t wc_units_hash(const wc_cfg *c, const wc_state *s) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (int i = 0; i < c->nunits; i++) {
    uint64_t x = (s->u[i].flags & WC_ALIVE)
                   ? (uint64_t)s->u[i].tile << 16 | (uint64_t)(uint16_t)s->u[i].hp << 1 | 1
                   : 0;
    h = hash_mix64(h ^ (x + (uint64_t)i * 0x100000001b3ULL));
  }
  return h;
}

static uint64_t wc_hash(const void *cfg, const void *st) {
  const wc_cfg *c = cfg;
  const wc_state *s = st;
  uint64_t acted = 0;
  for (int i = 0; i < c->nunits; i++)
    if (s->u[i].flags & WC_ACTED)
      acted |= 1ULL << i;
  return hash_mix64(wc_units_hash(c, s) ^ hash_mix64(acted ^ (uint64_t)s->side << 40));
}

/* ---- notation: "u3 12,7", "u3 stay", "u3 12,7 x u9", "end" ---- */

static void wc_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  const wc_cfg *c = cfg;
  (void)st;
  if (m == WC_END) {
    snprintf(buf, n, "end");
    return;
  }
  int u = WC_UNIT(m), t = WC_TILE(m), tg = WC_TARGET(m);
  int k = snprintf(buf, n, "u%d %d,%d", u + 1, TX(c, t) + 1, TY(c, t) + 1);
  if (tg != WC_NO_TARGET && k > 0 && (size_t)k < n)
    snprintf(buf + k, n - (size_t)k, " x u%d", tg + 1);
}

static int read_word(const char **p, char *w, size_t n) {
  size_t k = 0;
  while (isspace((unsigned char)**p))
    (*p)++;
  while (**p && !isspace((unsigned char)**p)) {
    if (k + 1 < n)
      w[k++] = (char)tolower((unsigned char)**p);
    (*p)++;
  }
  w[k] = '\0';
  return (int)k;
}

/* "u<N>" with N from 1 to nunits into *u (0-based); 0, or -1. */
static int read_unit(const wc_cfg *c, const char *w, int *u) {
  char *end;
  if (w[0] != 'u' || !isdigit((unsigned char)w[1]))
    return -1;
  long v = strtol(w + 1, &end, 10);
  if (*end || v < 1 || v > c->nunits)
    return -1;
  *u = (int)v - 1;
  return 0;
}

static int wc_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const wc_cfg *c = cfg;
  const wc_state *s = st;
  const char *p = text;
  char w1[24], w2[24], w3[24], w4[24], w5[8];
  read_word(&p, w1, sizeof w1);
  read_word(&p, w2, sizeof w2);
  read_word(&p, w3, sizeof w3);
  read_word(&p, w4, sizeof w4);
  int extra = read_word(&p, w5, sizeof w5);
  if (wc_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal action '%s': the game is over", text);
    return -1;
  }
  if (strcmp(w1, "end") == 0 && !w2[0]) {
    *m = WC_END;
    return 0;
  }
  int u, x, y, tgt = WC_NO_TARGET, t;
  char tail;
  if (read_unit(c, w1, &u) != 0 || !w2[0] || extra || (w3[0] && (strcmp(w3, "x") || !w4[0]))) {
    snprintf(err, SG_ERRLEN, "malformed action '%s': expected 'u<unit> x,y', 'u<unit> stay', "
             "optionally followed by 'x u<enemy>', or 'end' (units 1 to %d), e.g. u1 3,4 x u5",
             text, c->nunits);
    return -1;
  }
  if (w4[0] && read_unit(c, w4, &tgt) != 0) {
    snprintf(err, SG_ERRLEN, "malformed action '%s': the target must be a unit u1 to u%d",
             text, c->nunits);
    return -1;
  }
  if (strcmp(w2, "stay") == 0)
    t = s->u[u].tile;
  else if (sscanf(w2, "%d,%d%c", &x, &y, &tail) == 2) {
    if (x < 1 || x > c->width || y < 1 || y > c->height) {
      snprintf(err, SG_ERRLEN, "illegal action '%s': %d,%d is off the board (x 1 to %d, y 1 "
               "to %d)", text, x, y, c->width, c->height);
      return -1;
    }
    t = (y - 1) * c->width + (x - 1);
  } else {
    snprintf(err, SG_ERRLEN, "malformed action '%s': expected a tile x,y or 'stay' after u%d",
             text, u + 1);
    return -1;
  }
  const char *why = NULL;
  if (c->unit[u].side != s->side)
    why = "not your unit";
  else if (!(s->u[u].flags & WC_ALIVE))
    why = "that unit is dead";
  else if (s->u[u].flags & WC_ACTED)
    why = "that unit has already acted this turn";
  if (why) {
    snprintf(err, SG_ERRLEN, "illegal action '%s': %s (u%d is %s's; %s to move)", text, why,
             u + 1, side_name[c->unit[u].side], side_name[s->side]);
    return -1;
  }
  wc_scratch scratch, *w = &scratch;
  wc_scratch_init(w);
  uint16_t tiles[WC_MAX_REACH];
  int nt = wc_move_range(c, s, u, w, tiles), in = 0;
  for (int i = 0; i < nt; i++)
    in |= tiles[i] == t;
  if (!in) {
    int occ = -1;
    for (int i = 0; i < c->nunits; i++)
      if (i != u && (s->u[i].flags & WC_ALIVE) && s->u[i].tile == t)
        occ = i;
    if (occ >= 0)
      snprintf(err, SG_ERRLEN, "illegal action '%s': the tile is occupied by u%d", text,
               occ + 1);
    else if (c->terrain[c->tile[t]].cost[c->unit[u].kind] == WC_IMPASSABLE)
      snprintf(err, SG_ERRLEN, "illegal action '%s': u%d cannot enter %s", text, u + 1,
               c->terrain[c->tile[t]].name);
    else
      snprintf(err, SG_ERRLEN, "illegal action '%s': the tile is out of u%d's movement range "
               "(%d movement points)", text, u + 1, c->unit[u].mp);
    return -1;
  }
  if (tgt != WC_NO_TARGET) {
    uint8_t tg[WC_MAX_UNITS];
    wc_state moved = *s;
    moved.u[u].tile = (uint16_t)t;
    int k = wc_targets(c, &moved, u, t, tg), found = 0;
    for (int i = 0; i < k; i++)
      found |= tg[i] == tgt;
    if (!found) {
      snprintf(err, SG_ERRLEN, "illegal action '%s': %s", text,
               c->unit[tgt].side == s->side ? "cannot attack an own unit"
               : !(s->u[tgt].flags & WC_ALIVE) ? "the target is dead"
                                               : "the enemy is out of attack range");
      return -1;
    }
  }
  *m = WC_ACTION(u, t, tgt);
  return 0;
}

/* ---- position text ----

   Lines, each a keyword and words separated by spaces:
     board square4 8 8                 kind, width, height
     kind swordsman 2 10 4 1           name, mp, hp, atk, range (one line per kind)
     terrain . plain 1 1 -             letter, name, cost per kind (x: impassable), s or -
                                       (shoot_over); one line per terrain, after the kinds
     row ..A.....                      one per board row, top (y = 1) first; all plain (the
                                       first terrain) when there are none
     unit red archer 3,4 hp 6/6 mp 2 atk 3 range 2 [leader] [acted]
                                       one per unit, in number order; hp 0 = dead
     side red                          to move
     turn 1                            full turns from 1 */

size_t wc_save(const wc_cfg *c, const wc_state *s, char *buf, size_t n) {
  sg_buf out = buf_open(buf, n);
  buf_printf(&out, "board %s %d %d\n", board_name[c->board], c->width, c->height);
  for (int i = 0; i < c->nkinds; i++)
    buf_printf(&out, "kind %s %d %d %d %d\n", c->kind[i].name, c->kind[i].mp, c->kind[i].hp,
        c->kind[i].atk, c->kind[i].range);
  for (int i = 0; i < c->nterrain; i++) {
    buf_printf(&out, "terrain %c %s", c->terrain[i].letter, c->terrain[i].name);
    for (int j = 0; j < c->nkinds; j++) {
      if (c->terrain[i].cost[j] == WC_IMPASSABLE)
        buf_printf(&out, " x");
      else
        buf_printf(&out, " %d", c->terrain[i].cost[j]);
    }
    buf_printf(&out, " %s\n", c->terrain[i].shoot_over ? "s" : "-");
  }
  int plain = 1;
  for (int t = 0; t < c->width * c->height; t++)
    plain &= c->tile[t] == 0;
  for (int y = 0; y < c->height && !plain; y++) {
    buf_printf(&out, "row ");
    for (int x = 0; x < c->width; x++)
      buf_printf(&out, "%c", c->terrain[c->tile[y * c->width + x]].letter);
    buf_printf(&out, "\n");
  }
  for (int i = 0; i < c->nunits; i++) {
    const wc_unit *un = &c->unit[i];
    const wc_ustate *us = &s->u[i];
    buf_printf(&out, "unit %s %s %d,%d hp %d/%d mp %d atk %d range %d%s%s\n", side_name[un->side],
        c->kind[un->kind].name, TX(c, us->tile) + 1, TY(c, us->tile) + 1,
        (us->flags & WC_ALIVE) ? us->hp : 0, un->hp_max, un->mp, un->atk, un->range,
        un->leader ? " leader" : "", (us->flags & WC_ACTED) ? " acted" : "");
  }
  buf_printf(&out, "side %s\nturn %d", side_name[s->side], s->turn);
  return out.len;
}

#define MAXWORDS 40
/* Split a line (line..end) into words (copied into store). */
static int split(const char *line, const char *end, char words[][40]) {
  int n = 0;
  const char *p = line;
  while (p < end && n < MAXWORDS) {
    while (p < end && isspace((unsigned char)*p))
      p++;
    if (p >= end)
      break;
    int k = 0;
    while (p < end && !isspace((unsigned char)*p)) {
      if (k < 39)
        words[n][k++] = *p;
      p++;
    }
    words[n++][k] = '\0';
  }
  return n;
}

/* A whole number in [lo, hi] from word w; 0, or -1. */
static int num(const char *w, int lo, int hi, int *v) {
  char *end;
  long x = strtol(w, &end, 10);
  if (end == w || *end || x < lo || x > hi)
    return -1;
  *v = (int)x;
  return 0;
}

static int find_kind(const wc_cfg *c, const char *name) {
  for (int i = 0; i < c->nkinds; i++)
    if (strcmp(c->kind[i].name, name) == 0)
      return i;
  return -1;
}

/* One line of the position text into c and s; 0, or -1 with the fault in why. */
static int read_line(wc_cfg *c, wc_state *s, int *rows, int *seen, char words[][40], int nw,
                     const char *field, char *why, size_t wn) {
  const char *kw = words[0];
  int v[4];
  if (strcmp(kw, "board") == 0) {
    int b = -1;
    for (int i = 0; i < 3; i++)
      if (nw == 4 && strcmp(words[1], board_name[i]) == 0)
        b = i;
    if (b < 0 || num(words[2], 1, WC_MAX_W, &c->width) || num(words[3], 1, WC_MAX_H, &c->height)) {
      return postok_error(why, wn, field, "'board square4|square8|hex WIDTH HEIGHT', at most "
                          "32x32", "a malformed board line");
    }
    c->board = b;
    seen[0] = 1;
  } else if (strcmp(kw, "kind") == 0) {
    if (nw != 6 || c->nkinds == WC_MAX_KINDS || strlen(words[1]) >= WC_NAME ||
        num(words[2], 0, WC_MAX_MP, &v[0]) || num(words[3], 1, 30000, &v[1]) ||
        num(words[4], 0, 30000, &v[2]) || num(words[5], 1, WC_MAX_RANGE, &v[3]) ||
        find_kind(c, words[1]) >= 0 || c->nterrain) {
      return postok_error(why, wn, field, "'kind NAME MP HP ATK RANGE' (mp 0 to 10, range 1 to "
                          "8, at most 8 kinds, names unique, before the terrain lines)",
                          "a malformed kind line");
    }
    wc_kind *k = &c->kind[c->nkinds++];
    strcpy(k->name, words[1]);
    k->mp = v[0], k->hp = v[1], k->atk = v[2], k->range = v[3];
  } else if (strcmp(kw, "terrain") == 0) {
    int ok = nw == 4 + c->nkinds && strlen(words[1]) == 1 && words[1][0] > ' ' &&
             strlen(words[2]) < WC_NAME && c->nterrain < WC_MAX_TERRAIN &&
             (strcmp(words[nw - 1], "s") == 0 || strcmp(words[nw - 1], "-") == 0);
    for (int i = 0; ok && i < c->nterrain; i++)
      ok = c->terrain[i].letter != words[1][0];
    wc_terrain *t = &c->terrain[c->nterrain];
    for (int k = 0; ok && k < c->nkinds; k++) {
      int cost;
      if (strcmp(words[3 + k], "x") == 0)
        t->cost[k] = WC_IMPASSABLE;
      else if (num(words[3 + k], 1, WC_MAX_COST, &cost) == 0)
        t->cost[k] = (uint8_t)cost;
      else
        ok = 0;
    }
    if (!ok) {
      return postok_error(why, wn, field, "'terrain LETTER NAME COST... s|-' with a cost 1 to 9 "
                          "or x per kind, letters unique, at most 16 terrains",
                          "a malformed terrain line");
    }
    t->letter = words[1][0];
    strcpy(t->name, words[2]);
    t->shoot_over = words[nw - 1][0] == 's';
    c->nterrain++;
  } else if (strcmp(kw, "row") == 0) {
    if (!seen[0] || !c->nterrain || nw != 2 || (int)strlen(words[1]) != c->width ||
        *rows >= c->height) {
      return postok_error(why, wn, field, "a row of board-width terrain letters after the "
                          "board and terrain lines, board-height rows",
                          "row %d is not one of %d letters (of %d rows)", *rows + 1, c->width,
                          c->height);
    }
    for (int x = 0; x < c->width; x++) {
      int ti = -1;
      for (int i = 0; i < c->nterrain; i++)
        if (c->terrain[i].letter == words[1][x])
          ti = i;
      if (ti < 0) {
        return postok_error(why, wn, field, "the letters of the terrain lines",
                            "row %d: unknown terrain letter '%c'", *rows + 1, words[1][x]);
      }
      c->tile[*rows * c->width + x] = (uint8_t)ti;
    }
    (*rows)++;
  } else if (strcmp(kw, "unit") == 0) {
    int x, y, hp, hpmax, k, side = -1, n = c->nunits;
    char tail;
    for (int i = 0; i < 2; i++)
      if (nw > 1 && strcmp(words[1], side_name[i]) == 0)
        side = i;
    int ok = seen[0] && n < WC_MAX_UNITS && nw >= 12 && side >= 0 &&
             (k = find_kind(c, words[2])) >= 0 &&
             sscanf(words[3], "%d,%d%c", &x, &y, &tail) == 2 && x >= 1 && x <= c->width &&
             y >= 1 && y <= c->height && strcmp(words[4], "hp") == 0 &&
             sscanf(words[5], "%d/%d%c", &hp, &hpmax, &tail) == 2 && hpmax >= 1 &&
             hpmax <= 30000 && hp >= 0 && hp <= hpmax && strcmp(words[6], "mp") == 0 &&
             num(words[7], 0, WC_MAX_MP, &v[0]) == 0 && strcmp(words[8], "atk") == 0 &&
             num(words[9], 0, 30000, &v[1]) == 0 && strcmp(words[10], "range") == 0 &&
             num(words[11], 1, WC_MAX_RANGE, &v[2]) == 0;
    int leader = 0, acted = 0;
    for (int i = 12; ok && i < nw; i++) {
      if (strcmp(words[i], "leader") == 0 && !leader)
        leader = 1;
      else if (strcmp(words[i], "acted") == 0 && !acted)
        acted = 1;
      else
        ok = 0;
    }
    if (!ok) {
      return postok_error(why, wn, field, "'unit red|blue KIND X,Y hp HP/MAX mp MP atk ATK range "
                          "R [leader] [acted]' on the board, at most 32 units",
                          "unit %d is malformed", n + 1);
    }
    wc_unit *un = &c->unit[n];
    un->side = (uint8_t)side, un->kind = (uint8_t)k, un->mp = (uint8_t)v[0];
    un->atk = (int16_t)v[1], un->range = (uint8_t)v[2], un->hp_max = (int16_t)hpmax;
    un->leader = (uint8_t)leader;
    s->u[n].tile = (uint16_t)((y - 1) * c->width + (x - 1));
    s->u[n].hp = (int16_t)hp;
    s->u[n].flags = (uint8_t)((hp > 0 ? WC_ALIVE : 0) | (acted ? WC_ACTED : 0));
    c->nunits++;
  } else if (strcmp(kw, "side") == 0) {
    int side = -1;
    for (int i = 0; i < 2; i++)
      if (nw == 2 && strcmp(words[1], side_name[i]) == 0)
        side = i;
    if (side < 0) {
      return postok_error(why, wn, field, "'side red' or 'side blue'", "a malformed side line");
    }
    s->side = (uint8_t)side;
  } else if (strcmp(kw, "turn") == 0) {
    if (nw != 2 || num(words[1], 1, 65535, &v[0])) {
      return postok_error(why, wn, field, "'turn N', N from 1 to 65535", "a malformed turn line");
    }
    s->turn = (uint16_t)v[0];
  } else {
    return postok_error(why, wn, field, "a line starting board, kind, terrain, row, unit, side "
                        "or turn", "unknown line '%.20s'", kw);
  }
  return 0;
}

/* Checks across lines: units on the board on enterable tiles, one per tile, sides sizes. */
static int check_position(const wc_cfg *c, const wc_state *s, int rows, char *why, size_t wn) {
  if (rows && rows != c->height) {
    return postok_error(why, wn, "rows", "as many rows as the board is high",
                        "%d rows for a board %d high", rows, c->height);
  }
  int count[2] = {0, 0};
  for (int i = 0; i < c->nunits; i++) {
    const wc_unit *un = &c->unit[i];
    if (++count[un->side] > WC_MAX_SIDE_UNITS) {
      return postok_error(why, wn, "units", "at most 16 units a side", "more than %d %s units",
                          WC_MAX_SIDE_UNITS, side_name[un->side]);
    }
    if (!(s->u[i].flags & WC_ALIVE))
      continue;
    int t = s->u[i].tile;
    if (c->terrain[c->tile[t]].cost[un->kind] == WC_IMPASSABLE) {
      return postok_error(why, wn, "units", "units on terrain their kind can enter",
                          "unit %d stands on %s, which a %s cannot enter", i + 1,
                          c->terrain[c->tile[t]].name, c->kind[un->kind].name);
    }
    for (int j = 0; j < i; j++)
      if ((s->u[j].flags & WC_ALIVE) && s->u[j].tile == t) {
        return postok_error(why, wn, "units", "one living unit a tile",
                            "units %d and %d stand on the same tile %d,%d", j + 1, i + 1,
                            TX(c, t) + 1, TY(c, t) + 1);
      }
  }
  return 0;
}

int wc_load(wc_cfg *c, wc_state *s, const char *text, char *err) {
  char words[MAXWORDS][40];
  int rows = 0, seen[1] = {0}, line = 0;
  c->nterrain = c->nkinds = c->nunits = 0;
  c->board = WC_SQUARE4, c->width = c->height = 0;
  memset(c->tile, 0, sizeof c->tile);
  memset(s, 0, sizeof *s);
  s->turn = 1;
  sg_postok t;
  sg_span ln;
  postok_open(&t, text);
  while (postok_field(&t, '\n', &ln)) {
    char field[16];
    snprintf(field, sizeof field, "line %d", ++line);
    int nw = split(ln.p, ln.p + ln.n, words);
    if (nw && read_line(c, s, &rows, seen, words, nw, field, err, SG_ERRLEN) != 0)
      return -1;
  }
  if (!seen[0] || !c->nkinds || !c->nterrain)
    return postok_error(err, SG_ERRLEN, seen[0] ? "lines" : "board", "a board line, kind lines "
                        "and terrain lines", "the %s missing", !seen[0] ? "board line is"
                        : !c->nkinds ? "kind lines are" : "terrain lines are");
  return check_position(c, s, rows, err, SG_ERRLEN);
}

/* The set-up stage: the position text carries the board, the terrain, the kinds and the
   units' fixed values, so they are read here into the writable config, before any state
   exists; a refused text leaves the config as it was. */
static int wc_setup(void *cfg, const char *pos, char *err) {
  wc_cfg *c = cfg, trial;
  wc_state s;
  if (pos == NULL)
    return 0;   /* init says what is missing */
  memcpy(&trial, c, sizeof trial);
  if (wc_load(&trial, &s, pos, err) != 0)
    return -1;
  memcpy(c, &trial, sizeof trial);
  return 0;
}

static int wc_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  (void)seed;
  if (pos == NULL) {
    snprintf(err, SG_ERRLEN, "war chess needs a scenario (sg.new('warchess', {scenario = ...}))");
    return -1;
  }
  /* the board part of the config came from the set-up stage; reading the text again into a
     copy gives the state and checks that the set-up was done with this text */
  const wc_cfg *c = cfg;
  wc_cfg trial;
  wc_state s;
  memcpy(&trial, c, sizeof trial);
  if (wc_load(&trial, &s, pos, err) != 0)
    return -1;
  if (memcmp(&trial, c, sizeof trial) != 0)
    return postok_error(err, SG_ERRLEN, "board", "the text the set-up stage read (the class's "
                        "setup before init)", "the board, kinds or units differ from the "
                        "config's");
  memcpy(st, &s, sizeof s);
  return 0;
}

static size_t wc_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  return wc_save(cfg, st, buf, n);
}

/* The board: 3 characters a tile (terrain letter, or unit number and side letter), rows y
   from 1, hex rows y even shifted right; then the units and whose turn it is. */
static size_t wc_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const wc_cfg *c = cfg;
  const wc_state *s = st;
  static const char *const ansi[2] = {"\033[1;31m", "\033[1;34m"};
  sg_buf out = buf_open(buf, n);
  buf_printf(&out, "    ");
  if (c->board == WC_HEX)
    buf_printf(&out, " ");
  for (int x = 1; x <= c->width; x++)
    buf_printf(&out, "%3d", x);
  buf_printf(&out, "\n");
  for (int y = 0; y < c->height; y++) {
    buf_printf(&out, "%3d ", y + 1);
    if (c->board == WC_HEX)
      buf_printf(&out, "%s", y & 1 ? "  " : " ");
    for (int x = 0; x < c->width; x++) {
      int t = y * c->width + x, who = -1;
      for (int i = 0; i < c->nunits; i++)
        if ((s->u[i].flags & WC_ALIVE) && s->u[i].tile == t)
          who = i;
      if (who < 0)
        buf_printf(&out, "  %c", c->terrain[c->tile[t]].letter);
      else if (colour)   /* as wide as without colour: the columns stay aligned */
        buf_printf(&out, "%s%2d%c\033[0m", ansi[c->unit[who].side], who + 1, side_letter[c->unit[who].side]);
      else
        buf_printf(&out, "%2d%c", who + 1, side_letter[c->unit[who].side]);
    }
    buf_printf(&out, "\n");
  }
  /* the legend: each terrain letter on the board, what it costs to enter, then the units */
  buf_printf(&out, "terrain:");
  int shown = 0;
  for (int k = 0; k < c->nterrain; k++) {
    int used = 0;
    for (int t = 0; t < c->width * c->height && !used; t++)
      used = c->tile[t] == k;
    if (!used)
      continue;
    int any = 0, all = 1, lo = 255, hi = 0;
    for (int j = 0; j < c->nkinds; j++) {
      int cost = c->terrain[k].cost[j];
      any |= cost != WC_IMPASSABLE;
      all &= cost != WC_IMPASSABLE;
      if (cost != WC_IMPASSABLE) {
        lo = cost < lo ? cost : lo;
        hi = cost > hi ? cost : hi;
      }
    }
    buf_printf(&out, "%s %c %s", shown++ ? ";" : "", c->terrain[k].letter, c->terrain[k].name);
    if (!any)
      buf_printf(&out, " (impassable%s)", c->terrain[k].shoot_over ? ", shot over" : "");
    else if (!all)
      buf_printf(&out, " (some kinds only)");
    else if (hi > lo)
      buf_printf(&out, " (costs %d-%d)", lo, hi);
    else if (hi > 1)
      buf_printf(&out, " (costs %d)", hi);
  }
  buf_printf(&out, "\nunits: 3r is u3 of red, 7b u7 of blue; x is the column, y the row\n");
  for (int i = 0; i < c->nunits; i++) {
    const wc_unit *un = &c->unit[i];
    const wc_ustate *us = &s->u[i];
    buf_printf(&out, "u%-2d %-4s %-10s", i + 1, side_name[un->side], c->kind[un->kind].name);
    if (us->flags & WC_ALIVE)
      buf_printf(&out, " %d,%d hp %d/%d mp %d atk %d range %d%s%s\n", TX(c, us->tile) + 1,
          TY(c, us->tile) + 1, us->hp, un->hp_max, un->mp, un->atk, un->range,
          un->leader ? " leader" : "", (us->flags & WC_ACTED) ? " acted" : "");
    else
      buf_printf(&out, " dead%s\n", un->leader ? " (leader)" : "");
  }
  int w;
  sg_status r = wc_status(cfg, st, &w);
  if (r == SG_WON)
    buf_printf(&out, "%s wins", side_name[w]);
  else if (r == SG_DRAWN)
    buf_printf(&out, "drawn (%d turns)", c->max_turns);
  else
    buf_printf(&out, "turn %d, %s to move", s->turn, side_name[s->side]);
  return out.len;
}

const sg_class warchess_class = {
  .name = "warchess",
  .state_size = sizeof(wc_state),
  .cfg_size = sizeof(wc_cfg),
  .max_moves = WC_MAX_MOVES,
  .params = wc_params,
  .min_players = 2,
  .max_players = 2,
  .utility = SG_ZERO_SUM,
  .hooks = SG_HOOK_SETUP,
  .setup = wc_setup,
  .init = wc_init,
  .players = wc_players,
  .to_move = wc_to_move,
  .gen = wc_gen,
  .play = wc_play,
  .status = wc_status,
  .eval = wc_eval,
  .hash = wc_hash,
  .parse = wc_parse,
  .format = wc_format,
  .save_pos = wc_save_pos,
  .draw = wc_draw,
  .perft_end_leaf = 1,
};
