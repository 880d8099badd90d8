/* starchess.c: Star Chess rules: setup, commands, combat, the end-of-turn calculations,
   EvalPlayers, notation and the position text.  ../shared/rules/starchess.md is the spec. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/hash.h"
#include "core/postok.h"
#include "core/rng.h"
#include "core/score.h"
#include "starchess.h"

#define MAXCMD (SC_SECTORS * 8 * 999 + SC_SECTORS * 100 + SC_SECTORS * 999 + 2 * SC_SECTORS + 1)

const int sc_homeworld[SC_PLAYERS] = {0, 12, 15, 3};   /* A1, A4, D4, D1 */

/* Section 3.1, as sector indices. */
const int sc_order[SC_PLAYERS][SC_SECTORS] = {
  /* A1 A2 B1 C1 B2 A3 A4 B3 C2 D1 D2 C3 B4 C4 D3 D4 */
  {0, 4, 1, 2, 5, 8, 12, 9, 6, 3, 7, 10, 13, 14, 11, 15},
  /* A4 B4 A3 A2 B3 C4 D4 C3 B2 A1 B1 C2 D3 D2 C1 D1 */
  {12, 13, 8, 4, 9, 14, 15, 10, 5, 0, 1, 6, 11, 7, 2, 3},
  /* D4 D3 C4 B4 C3 D2 D1 C2 B3 A4 A3 B2 C1 B1 A2 A1 */
  {15, 11, 14, 13, 10, 7, 3, 6, 9, 12, 8, 5, 2, 1, 4, 0},
  /* D1 C1 D2 D3 C2 B1 A1 B2 C3 D4 C4 B3 A2 A3 B4 A4 */
  {3, 2, 7, 11, 6, 1, 0, 5, 10, 15, 14, 9, 4, 8, 13, 12},
};

#define P(name, grp, lo, hi) \
  {#name, grp, SG_PINT, offsetof(sc_cfg, name), lo, hi}
static const sg_param sc_params[] = {
  {"barren_share", SG_RULES, SG_PDOUBLE, offsetof(sc_cfg, barren_share), 0, 1},
  P(start_ships, SG_RULES, 0, 999),
  P(start_pop, SG_RULES, 1, 1000),
  P(start_materials, SG_RULES, 0, 1000000000),
  P(start_credits, SG_RULES, 0, 1000000000),
  P(max_fleet, SG_RULES, 1, 999),
  P(ship_materials, SG_RULES, 0, 100000),
  P(ship_credits, SG_RULES, 0, 100000),
  P(workforce, SG_RULES, 1, 1000),
  P(colonise_ships, SG_RULES, 1, 999),
  P(colony_pop, SG_RULES, 1, 1000),
  P(min_pop, SG_RULES, 1, 1000),
  P(terraform_cost, SG_RULES, 0, 1000000),
  P(bombard_cap, SG_RULES, 0, 100),
  P(barren_materials, SG_RULES, 0, 1000),
  P(barren_materials_cap, SG_RULES, 0, 1000000),
  P(barren_credits_use, SG_RULES, 0, 1000),
  P(barren_credits_use_cap, SG_RULES, 0, 1000000),
  P(barren_growth, SG_RULES, 0, 1000),
  P(barren_max_pop, SG_RULES, 1, 60000),
  P(terran_materials, SG_RULES, 0, 1000),
  P(terran_materials_cap, SG_RULES, 0, 1000000),
  P(terran_credits, SG_RULES, 0, 1000),
  P(terran_credits_cap, SG_RULES, 0, 1000000),
  P(terran_growth, SG_RULES, 0, 1000),
  P(terran_max_pop, SG_RULES, 1, 60000),
  P(support_materials, SG_RULES, 0, 100000),
  P(support_credits, SG_RULES, 0, 100000),
  P(material_price, SG_RULES, 0, 100000),
  P(max_turns, SG_RULES, 1, 60000),
  P(ship_weight, SG_WEIGHTS, -100000, 100000),
  P(colony_weight, SG_WEIGHTS, -100000, 100000),
  P(stronger_factor, SG_WEIGHTS, 0, 100),
  P(self_weight, SG_WEIGHTS, 0, 100),
  P(pop_weight, SG_WEIGHTS, -100000, 100000),
  P(homeworld_weight, SG_WEIGHTS, -100000, 100000),
  P(capacity_weight, SG_WEIGHTS, -100000, 100000),
  P(blockade_weight, SG_WEIGHTS, -100000, 100000),
  {NULL, 0, 0, 0, 0, 0}
};

static int sc_check_cfg(void *cfg, char *err) {
  const sc_cfg *c = cfg;
  if (c->colony_pop < c->min_pop || c->start_pop < c->min_pop) {
    snprintf(err, SG_ERRLEN, "rules: colony_pop and start_pop must be at least min_pop");
    return -1;
  }
  if (c->barren_max_pop < c->min_pop || c->terran_max_pop < c->min_pop ||
      c->colony_pop > c->barren_max_pop || c->start_pop > c->terran_max_pop) {
    snprintf(err, SG_ERRLEN, "rules: the population limits must hold new colonies "
             "(min_pop <= colony_pop <= barren_max_pop, start_pop <= terran_max_pop)");
    return -1;
  }
  if (c->start_ships > c->max_fleet || c->colonise_ships > c->max_fleet) {
    snprintf(err, SG_ERRLEN, "rules: start_ships and colonise_ships must be at most max_fleet");
    return -1;
  }
  return 0;
}

/* ---- geometry and notation ---- */

int sc_distance(int a, int b) {
  int dc = abs(a % 4 - b % 4), dr = abs(a / 4 - b / 4);
  return dc > dr ? dc : dr;
}

void sc_sector_name(int s, char *buf) {
  buf[0] = (char)('A' + s % 4);
  buf[1] = (char)('1' + s / 4);
  buf[2] = '\0';
}

int sc_sector_parse(const char *t) {
  if (strlen(t) != 2)
    return -1;
  int c = toupper((unsigned char)t[0]) - 'A', r = t[1] - '1';
  if (c < 0 || c > 3 || r < 0 || r > 3)
    return -1;
  return r * 4 + c;
}

static int is_terran(const sc_state *s, int sec) { return s->terran >> sec & 1; }

static int max_pop(const sc_cfg *c, const sc_state *s, int sec) {
  return is_terran(s, sec) ? c->terran_max_pop : c->barren_max_pop;
}

int sc_ships(const sc_state *s, int p) {
  int n = 0;
  for (int i = 0; i < SC_SECTORS; i++)
    if (s->fl_owner[i] == p)
      n += s->ships[i];
  return n;
}

int sc_colonies(const sc_state *s, int p) {
  int n = 0;
  for (int i = 0; i < SC_SECTORS; i++)
    n += s->col_owner[i] == p;
  return n;
}

/* A sector that holds a colony of p or is next to one: where p's ships may move, and where
   they are in support. */
int sc_near_colony(const sc_state *s, int p, int sec) {
  for (int i = 0; i < SC_SECTORS; i++)
    if (s->col_owner[i] == p && sc_distance(i, sec) <= 1)
      return 1;
  return 0;
}

int sc_blockaded(const sc_state *s, int sec) {
  return s->col_owner[sec] && s->fl_owner[sec] && s->fl_owner[sec] != s->col_owner[sec];
}

static int alive(const sc_state *s, int p) { return !(s->defeated >> (p - 1) & 1); }

/* ---- the state changes ---- */

static void clear_fleet(sc_state *s, int sec) {
  s->fl_owner[sec] = 0;
  s->ships[sec] = s->moved[sec] = s->built[sec] = 0;
}

/* Take n ships from a fleet, preferring the kinds in the order given ('f' free, 'b' built,
   'm' moved), so the marks stay consistent. */
static void take_ships(sc_state *s, int sec, int n, const char *prefer) {
  for (const char *k = prefer; *k && n > 0; k++) {
    int have = *k == 'm' ? s->moved[sec] : *k == 'b' ? s->built[sec]
                         : s->ships[sec] - s->moved[sec] - s->built[sec];
    int t = have < n ? have : n;
    if (*k == 'm')
      s->moved[sec] = (uint16_t)(s->moved[sec] - t);
    else if (*k == 'b')
      s->built[sec] = (uint16_t)(s->built[sec] - t);
    s->ships[sec] = (uint16_t)(s->ships[sec] - t);
    n -= t;
  }
  if (s->ships[sec] == 0)
    clear_fleet(s, sec);
}

/* Ships of player a (n of them, marked moved or built) arrive where an enemy fleet stands:
   the combat of the rules.  Returns the survivors of a (0 when a lost or both did). */
static int combat(sc_state *s, int sec, int a, int n, int as_built) {
  int e = s->ships[sec];
  int big = n > e ? n : e, small = n > e ? e : n, loss;
  if (n == e) {
    clear_fleet(s, sec);
    return 0;
  }
  if (big < 2 * small)
    loss = small;
  else if (big < 3 * small)
    loss = (small + 1) / 2;
  else
    loss = 0;
  if (e > n) {                       /* the defender wins and keeps its marks' proportions */
    s->ships[sec] = (uint16_t)(e - loss);
    if (s->moved[sec] > s->ships[sec])
      s->moved[sec] = s->ships[sec];
    if (s->built[sec] + s->moved[sec] > s->ships[sec])
      s->built[sec] = (uint16_t)(s->ships[sec] - s->moved[sec]);
    return 0;
  }
  int left = n - loss;
  s->fl_owner[sec] = (uint8_t)a;
  s->ships[sec] = (uint16_t)left;
  s->moved[sec] = (uint16_t)(as_built ? 0 : left);
  s->built[sec] = (uint16_t)(as_built ? left : 0);
  return left;
}

/* Add n ships of player a to a sector: join an own fleet, take an empty one, or fight. */
static void arrive(sc_state *s, int sec, int a, int n, int as_built) {
  if (s->fl_owner[sec] == 0) {
    s->fl_owner[sec] = (uint8_t)a;
    s->ships[sec] = (uint16_t)n;
    s->moved[sec] = (uint16_t)(as_built ? 0 : n);
    s->built[sec] = (uint16_t)(as_built ? n : 0);
  } else if (s->fl_owner[sec] == a) {
    s->ships[sec] = (uint16_t)(s->ships[sec] + n);
    if (as_built)
      s->built[sec] = (uint16_t)(s->built[sec] + n);
    else
      s->moved[sec] = (uint16_t)(s->moved[sec] + n);
  } else
    combat(s, sec, a, n, as_built);
}

/* Everything of player p vanishes; its planets keep their class. */
static void defeat(sc_state *s, int p) {
  for (int i = 0; i < SC_SECTORS; i++) {
    if (s->col_owner[i] == p)
      s->col_owner[i] = 0, s->pop[i] = 0, s->worked[i] = 0;
    if (s->fl_owner[i] == p)
      clear_fleet(s, i);
  }
  s->defeated = (uint8_t)(s->defeated | 1u << (p - 1));
}

static void scrap_all(sc_state *s, int p) {
  for (int i = 0; i < SC_SECTORS; i++)
    if (s->fl_owner[i] == p)
      clear_fleet(s, i);
}

/* Step 4: scrap `excess` of p's ships spread over the fleets in proportion to their sizes;
   the ships left after the floors go one each to the largest remainders, ties in p's
   processing order. */
static void scrap_spread(sc_state *s, int p, int total, int excess) {
  int cut[SC_SECTORS] = {0}, rem[SC_SECTORS] = {0}, given = 0;
  const int *order = sc_order[p - 1];
  for (int k = 0; k < SC_SECTORS; k++) {
    int i = order[k];
    if (s->fl_owner[i] != p)
      continue;
    long long share = (long long)s->ships[i] * excess;
    cut[i] = (int)(share / total);
    rem[i] = (int)(share % total);
    given += cut[i];
  }
  while (given < excess) {
    int best = -1;
    for (int k = 0; k < SC_SECTORS; k++) {
      int i = order[k];
      if (s->fl_owner[i] == p && rem[i] >= 0 && cut[i] < s->ships[i] &&
          (best < 0 || rem[i] > rem[best]))
        best = i;
    }
    cut[best]++;
    rem[best] = -1;   /* one extra ship per fleet at most */
    given++;
  }
  for (int i = 0; i < SC_SECTORS; i++)
    if (cut[i])
      take_ships(s, i, cut[i], "mbf");
}

static int min_int(int a, int b) { return a < b ? a : b; }


/* The end of player p's turn, steps 1-6 of the rules. */
static void end_turn(const sc_cfg *c, sc_state *s, int p) {
  const int *order = sc_order[p - 1];
  /* 1. bombardment */
  for (int k = 0; k < SC_SECTORS; k++) {
    int i = order[k], o = s->col_owner[i];
    if (s->fl_owner[i] != p || o == 0 || o == p)
      continue;
    /* rounded up, so that every blockade bites (rules file) */
    int loss = (s->pop[i] * min_int(s->ships[i], c->bombard_cap) + 99) / 100;
    s->pop[i] = (uint16_t)(s->pop[i] - loss);
    if (s->pop[i] < c->min_pop) {
      s->col_owner[i] = 0, s->pop[i] = 0, s->worked[i] = 0;
      s->terran = (uint16_t)(s->terran & ~(1u << i));
      if (i == sc_homeworld[o - 1])
        defeat(s, o);
    }
  }
  /* 2. production, then consumption: adding the net income is the same, since consumption
     fails exactly when production plus the reserve is below it */
  long net_m, net_c;
  sc_net_income(c, s, p, &net_m, &net_c);
  long long mat = (long long)s->materials[p - 1] + net_m;
  long long cred = (long long)s->credits[p - 1] + net_c;
  if (cred < 0) {
    cred = 0;
    scrap_all(s, p);
  }
  /* 3. out of support */
  for (int i = 0; i < SC_SECTORS; i++)
    if (s->fl_owner[i] == p && !sc_near_colony(s, p, i))
      clear_fleet(s, i);
  /* 4. ship support */
  int total = sc_ships(s, p);
  if (total > 0) {
    long long afford = sc_supported(c, mat, cred);
    if (afford < total) {
      scrap_spread(s, p, total, total - (int)(afford < 0 ? 0 : afford));
      total = (int)(afford < 0 ? 0 : afford);
    }
    /* materials the reserve lacks are paid in credits at material_price each (rules file) */
    sc_pay(c, &mat, &cred, total, c->support_materials, c->support_credits);
  }
  s->materials[p - 1] = (int32_t)(mat > 2000000000 ? 2000000000 : mat);
  s->credits[p - 1] = (int32_t)(cred > 2000000000 ? 2000000000 : cred);
  /* 5. growth */
  for (int i = 0; i < SC_SECTORS; i++) {
    if (s->col_owner[i] != p || sc_blockaded(s, i))
      continue;
    int top = max_pop(c, s, i), n = s->pop[i];
    if (n >= top)
      continue;
    int g = n * (is_terran(s, i) ? c->terran_growth : c->barren_growth) / 100;
    if (g < 1)
      g = 1;
    s->pop[i] = (uint16_t)min_int(n + g, top);
  }
  /* 6. marks */
  for (int i = 0; i < SC_SECTORS; i++) {
    if (s->fl_owner[i] == p)
      s->moved[i] = s->built[i] = 0;
    if (s->col_owner[i] == p)
      s->worked[i] = 0;
  }
}

/* Whether two states are the same position, field by field (the struct has padding). */
int sc_same(const sc_state *a, const sc_state *b) {
  return a->terran == b->terran && a->player == b->player && a->defeated == b->defeated &&
         a->turn == b->turn && !memcmp(a->col_owner, b->col_owner, sizeof a->col_owner) &&
         !memcmp(a->pop, b->pop, sizeof a->pop) &&
         !memcmp(a->fl_owner, b->fl_owner, sizeof a->fl_owner) &&
         !memcmp(a->ships, b->ships, sizeof a->ships) &&
         !memcmp(a->moved, b->moved, sizeof a->moved) &&
         !memcmp(a->built, b->built, sizeof a->built) &&
         !memcmp(a->worked, b->worked, sizeof a->worked) &&
         !memcmp(a->materials, b->materials, sizeof a->materials) &&
         !memcmp(a->credits, b->credits, sizeof a->credits);
}

static int survivors(const sc_state *s) {
  int n = 0;
  for (int p = 1; p <= SC_PLAYERS; p++)
    n += alive(s, p);
  return n;
}

/* After the end of a turn: the next surviving player, counting full turns. */
static void next_player(sc_state *s) {
  if (survivors(s) <= 1)
    return;
  int p = s->player;
  do {
    p = (p + 1) % SC_PLAYERS;
    if (p == 0)
      s->turn++;
  } while (!alive(s, p + 1));
  s->player = (uint8_t)p;
}

static void sc_play(const void *cfg, void *st, sg_move m) {
  const sc_cfg *c = cfg;
  sc_state *s = st;
  int p = s->player + 1, from = SC_FROM(m), to = SC_TO(m), n = SC_N(m);
  switch (SC_KIND(m)) {
  case SC_MOVE:
    take_ships(s, from, n, "f");
    arrive(s, to, p, n, 0);
    break;
  case SC_BUILD:
  {
    long long mat = s->materials[p - 1], cred = s->credits[p - 1];
    sc_pay(c, &mat, &cred, n, c->ship_materials, c->ship_credits);
    s->materials[p - 1] = (int32_t)mat, s->credits[p - 1] = (int32_t)cred;
  }
    s->worked[from] = (uint16_t)(s->worked[from] + n);
    arrive(s, from, p, n, 1);
    break;
  case SC_COLONISE:
    take_ships(s, from, c->colonise_ships, "fb");
    s->col_owner[from] = (uint8_t)p;
    s->pop[from] = (uint16_t)c->colony_pop;
    s->worked[from] = 0;
    break;
  case SC_TERRAFORM:
    s->materials[p - 1] -= c->terraform_cost;
    s->terran = (uint16_t)(s->terran | 1u << from);
    break;
  case SC_SCRAP:
    take_ships(s, from, n, "mbf");
    break;
  default:
    end_turn(c, s, p);
    next_player(s);
    break;
  }
}

/* ---- status and evaluation ---- */

static sg_status sc_status(const void *cfg, const void *st, int *winner) {
  const sc_cfg *c = cfg;
  const sc_state *s = st;
  if (winner)
    *winner = -1;
  if (survivors(s) <= 1) {
    for (int p = 1; p <= SC_PLAYERS; p++)
      if (alive(s, p) && winner)
        *winner = p - 1;
    return SG_WON;
  }
  return s->turn > c->max_turns ? SG_DRAWN : SG_PLAYING;
}

/* EvalPlayers (section 3.3), with the weights of the rules file and the terms beyond the paper
   (zero by default): B(p) = ship_weight S + colony_weight C + (pop_weight x inhabitants +
   homeworld_weight x homeworld inhabitants + capacity_weight x the ships p's net income
   supports) / 100 - blockade_weight x blockaded colonies, and E(s) = self_weight B(s) - the
   sum of the others, each stronger one stronger_factor times. */
void sc_eval(const sc_cfg *c, const sc_state *s, int *scores) {
  long long b[SC_PLAYERS] = {0}, extra[SC_PLAYERS] = {0}, blk[SC_PLAYERS] = {0};
  int ships[SC_PLAYERS] = {0}, cols[SC_PLAYERS] = {0};
  for (int i = 0; i < SC_SECTORS; i++) {
    if (s->fl_owner[i])
      ships[s->fl_owner[i] - 1] += s->ships[i];
    int o = s->col_owner[i];
    if (o) {
      cols[o - 1]++;
      extra[o - 1] += (long long)c->pop_weight * s->pop[i] +
                      (i == sc_homeworld[o - 1] ? (long long)c->homeworld_weight * s->pop[i] : 0);
      blk[o - 1] += s->fl_owner[i] && s->fl_owner[i] != o;
    }
  }
  if (c->capacity_weight)
    for (int p = 0; p < SC_PLAYERS; p++) {
      long m, cr;
      sc_net_income(c, s, p + 1, &m, &cr);
      long cap = sc_supported(c, m, cr);
      extra[p] += (long long)c->capacity_weight * (cap < 0 ? 0 : cap);
    }
  for (int p = 0; p < SC_PLAYERS; p++)
    if (alive(s, p + 1))
      b[p] = (long long)c->ship_weight * ships[p] + (long long)c->colony_weight * cols[p] +
             extra[p] / 100 - (long long)c->blockade_weight * blk[p];
  for (int ps = 0; ps < SC_PLAYERS; ps++) {
    long long e = (long long)c->self_weight * b[ps];
    for (int p = 0; p < SC_PLAYERS; p++)
      if (p != ps)
        e -= b[p] > b[ps] ? c->stronger_factor * b[p] : b[p];
    scores[ps] = (int)score_clamp(e, SG_EVAL_MAX);
  }
}

static void sc_eval_fn(const void *cfg, const void *st, int *scores) {
  sc_eval(cfg, st, scores);
}

static int sc_players(const void *cfg, const void *st) {
  (void)cfg, (void)st;
  return SC_PLAYERS;
}

static int sc_to_move(const void *cfg, const void *st) {
  (void)cfg;
  return ((const sc_state *)st)->player;
}

/* The state is small: hash all of it (the planner copy-makes and hashes whole states). */
static uint64_t sc_hash(const void *cfg, const void *st) {
  const sc_state *s = st;
  (void)cfg;
  uint64_t h = 0x51a7c4e55ULL;
  h = hash_combine(h, s->terran | (uint64_t)s->player << 16 | (uint64_t)s->defeated << 24 |
                 (uint64_t)s->turn << 32);
  for (int i = 0; i < SC_SECTORS; i++) {
    h = hash_combine(h, (uint64_t)s->col_owner[i] | (uint64_t)s->pop[i] << 8 |
                   (uint64_t)s->fl_owner[i] << 24 | (uint64_t)s->ships[i] << 32 |
                   (uint64_t)s->worked[i] << 48);
    h = hash_combine(h, (uint64_t)s->moved[i] | (uint64_t)s->built[i] << 16 | (uint64_t)i << 40);
  }
  for (int p = 0; p < SC_PLAYERS; p++)
    h = hash_combine(h, (uint64_t)(uint32_t)s->materials[p] | (uint64_t)(uint32_t)s->credits[p] << 32);
  return h;
}

/* ---- commands: what is legal ---- */

static int free_ships(const sc_state *s, int sec) {
  return s->ships[sec] - s->moved[sec] - s->built[sec];
}

/* Ships player p can still build at an own colony: workforce, reserves, the fleet cap. */
int sc_build_limit(const sc_cfg *c, const sc_state *s, int p, int sec, int *why) {
  int lim = s->pop[sec] / c->workforce - s->worked[sec], r;
  *why = 0;
  long long pay = sc_afford(c, s->materials[p - 1], s->credits[p - 1], c->ship_materials,
                            c->ship_credits);
  if (pay < lim)
    lim = (int)(pay < 0 ? 0 : pay), *why = 1;
  if (s->fl_owner[sec] == p && (r = c->max_fleet - s->ships[sec]) < lim)
    lim = r, *why = 2;
  else if (s->fl_owner[sec] != p && c->max_fleet < lim)
    lim = c->max_fleet, *why = 2;
  return lim < 0 ? 0 : lim;
}

static int move_room(const sc_cfg *c, const sc_state *s, int p, int to) {
  return s->fl_owner[to] == p ? c->max_fleet - s->ships[to] : c->max_fleet;
}

static int sc_gen(const void *cfg, const void *st, sg_move *out) {
  const sc_cfg *c = cfg;
  const sc_state *s = st;
  if (sc_status(cfg, st, NULL) != SG_PLAYING)
    return 0;
  int p = s->player + 1, k = 0, why;
  for (int f = 0; f < SC_SECTORS; f++) {
    if (s->fl_owner[f] != p || free_ships(s, f) == 0)
      continue;
    for (int t = 0; t < SC_SECTORS; t++) {
      if (t == f || sc_distance(f, t) != 1 || !sc_near_colony(s, p, t))
        continue;
      int n = min_int(free_ships(s, f), move_room(c, s, p, t));
      for (int i = 1; i <= n; i++)
        out[k++] = SC_CMD(SC_MOVE, f, t, i);
    }
  }
  for (int f = 0; f < SC_SECTORS; f++) {
    if (s->col_owner[f] != p)
      continue;
    int n = sc_build_limit(c, s, p, f, &why);
    for (int i = 1; i <= n; i++)
      out[k++] = SC_CMD(SC_BUILD, f, 0, i);
  }
  for (int f = 0; f < SC_SECTORS; f++)
    if (s->fl_owner[f] == p && s->col_owner[f] == 0 &&
        s->ships[f] - s->moved[f] >= c->colonise_ships)
      out[k++] = SC_CMD(SC_COLONISE, f, 0, 0);
  for (int f = 0; f < SC_SECTORS; f++)
    if (s->col_owner[f] == p && !is_terran(s, f) && !sc_blockaded(s, f) &&
        s->materials[p - 1] >= c->terraform_cost)
      out[k++] = SC_CMD(SC_TERRAFORM, f, 0, 0);
  for (int f = 0; f < SC_SECTORS; f++)
    if (s->fl_owner[f] == p)
      for (int i = 1; i <= s->ships[f]; i++)
        out[k++] = SC_CMD(SC_SCRAP, f, 0, i);
  out[k++] = SC_CMD(SC_END, 0, 0, 0);
  return k;
}

/* Whether command m is legal for the player to move (what sc_parse checks, without words). */
int sc_legal(const sc_cfg *c, const sc_state *s, sg_move m) {
  int p = s->player + 1, a = SC_FROM(m), b = SC_TO(m), n = SC_N(m), why;
  if (sc_status(c, s, NULL) != SG_PLAYING)
    return 0;
  switch (SC_KIND(m)) {
  case SC_MOVE:
    return s->fl_owner[a] == p && a != b && sc_distance(a, b) == 1 && n >= 1 &&
           free_ships(s, a) >= n && sc_near_colony(s, p, b) && n <= move_room(c, s, p, b);
  case SC_BUILD:
    return s->col_owner[a] == p && n >= 1 && n <= sc_build_limit(c, s, p, a, &why);
  case SC_COLONISE:
    return s->col_owner[a] == 0 && s->fl_owner[a] == p &&
           s->ships[a] - s->moved[a] >= c->colonise_ships;
  case SC_TERRAFORM:
    return s->col_owner[a] == p && !is_terran(s, a) && !sc_blockaded(s, a) &&
           s->materials[p - 1] >= c->terraform_cost;
  case SC_SCRAP:
    return s->fl_owner[a] == p && n >= 1 && s->ships[a] >= n;
  default:
    return 1;
  }
}

long long sc_afford(const sc_cfg *c, long long m, long long cr, int um, int uc) {
  long long a = um ? m / um : 999999;
  long long b = uc ? cr / uc : 999999;
  if (a >= b || c->material_price <= 0 || um <= 0)
    return a < b ? a : b;
  /* materials bind: credits pay for the rest, uc n + price (um n - m) <= cr */
  long long den = (long long)uc + (long long)c->material_price * um;
  long long num = cr + (long long)c->material_price * m;
  long long n = num >= 0 ? num / den : -((-num + den - 1) / den);
  if (n < a)
    n = a;
  return n < b ? n : b;
}

void sc_pay(const sc_cfg *c, long long *m, long long *cr, long long n, int um, int uc) {
  long long need = n * um;
  if (need > *m && c->material_price > 0) {
    *cr -= (need - *m) * c->material_price;
    need = *m;
  }
  *m -= need;
  *cr -= n * uc;
}

/* The ships a net income (or reserve) of m materials and cr credits supports (negative when
   it is short), the materials short paid with material_price credits each (rules file). */
long sc_supported(const sc_cfg *c, long m, long cr) {
  return (long)sc_afford(c, m, cr, c->support_materials, c->support_credits);
}

/* Net income of player p's colonies not blockaded: production minus colony consumption. */
void sc_net_income(const sc_cfg *c, const sc_state *s, int p, long *materials, long *credits) {
  long m = 0, cr = 0;
  for (int i = 0; i < SC_SECTORS; i++) {
    if (s->col_owner[i] != p || sc_blockaded(s, i))
      continue;
    int n = s->pop[i];
    if (is_terran(s, i)) {
      m += min_int(n * c->terran_materials, c->terran_materials_cap);
      cr += min_int(n * c->terran_credits, c->terran_credits_cap);
    } else {
      m += min_int(n * c->barren_materials, c->barren_materials_cap);
      cr -= min_int(n * c->barren_credits_use, c->barren_credits_use_cap);
    }
  }
  *materials = m;
  *credits = cr;
}

static void sc_format(const void *cfg, const void *st, sg_move m, char *buf, size_t n) {
  char a[3], b[3];
  (void)cfg, (void)st;
  sc_sector_name(SC_FROM(m), a);
  sc_sector_name(SC_TO(m), b);
  switch (SC_KIND(m)) {
  case SC_MOVE: snprintf(buf, n, "move %s %s %d", a, b, SC_N(m)); break;
  case SC_BUILD: snprintf(buf, n, "build %s %d", a, SC_N(m)); break;
  case SC_COLONISE: snprintf(buf, n, "colonise %s", a); break;
  case SC_TERRAFORM: snprintf(buf, n, "terraform %s", a); break;
  case SC_SCRAP: snprintf(buf, n, "scrap %s %d", a, SC_N(m)); break;
  default: snprintf(buf, n, "end"); break;
  }
}

/* A whole number 1..max_fleet, or -1. */
static int count_parse(const char *t) {
  if (!*t || strlen(t) > 4)
    return -1;
  for (const char *q = t; *q; q++)
    if (!isdigit((unsigned char)*q))
      return -1;
  int n = atoi(t);
  return n >= 1 && n <= 999 ? n : -1;
}

static const char *const usage_text =
  "expected one of: move FROM TO N, build SECTOR N, colonise SECTOR, terraform SECTOR, "
  "scrap SECTOR N, end (sectors A1 to D4, N from 1 to 999)";

static int sc_parse(const void *cfg, const void *st, const char *text, sg_move *m, char *err) {
  const sc_cfg *c = cfg;
  const sc_state *s = st;
  char w[5][16];
  int nw = 0;
  const char *q = text;
  while (*q && nw < 5) {
    while (*q == ' ' || *q == '\t')
      q++;
    if (!*q)
      break;
    size_t l = 0;
    while (q[l] && q[l] != ' ' && q[l] != '\t')
      l++;
    if (l >= sizeof w[0])
      l = sizeof w[0] - 1;
    memcpy(w[nw], q, l);
    w[nw][l] = '\0';
    for (size_t i = 0; i < l; i++)
      w[nw][i] = (char)tolower((unsigned char)w[nw][i]);
    nw++;
    while (*q && *q != ' ' && *q != '\t')
      q++;
  }
  while (*q == ' ' || *q == '\t')
    q++;
  int kind = -1, need = 0;
  if (nw > 0) {
    if (!strcmp(w[0], "end")) kind = SC_END, need = 1;
    else if (!strcmp(w[0], "move")) kind = SC_MOVE, need = 4;
    else if (!strcmp(w[0], "build")) kind = SC_BUILD, need = 3;
    else if (!strcmp(w[0], "colonise") || !strcmp(w[0], "colonize")) kind = SC_COLONISE, need = 2;
    else if (!strcmp(w[0], "terraform")) kind = SC_TERRAFORM, need = 2;
    else if (!strcmp(w[0], "scrap")) kind = SC_SCRAP, need = 3;
  }
  int a = nw > 1 ? sc_sector_parse(w[1]) : -1;
  int b = kind == SC_MOVE && nw > 2 ? sc_sector_parse(w[2]) : -1;
  int n = kind == SC_MOVE ? (nw > 3 ? count_parse(w[3]) : -1)
                          : (nw > 2 ? count_parse(w[2]) : -1);
  if (kind < 0 || nw != need || *q || (kind != SC_END && a < 0) || (kind == SC_MOVE && b < 0) ||
      ((kind == SC_MOVE || kind == SC_BUILD || kind == SC_SCRAP) && n < 0)) {
    snprintf(err, SG_ERRLEN, "malformed command '%.60s': %s", text, usage_text);
    return -1;
  }
  if (sc_status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "illegal command '%s': the game is over", text);
    return -1;
  }
  int p = s->player + 1, why;
  char an[3], bn[3];
  sc_sector_name(a < 0 ? 0 : a, an);
  sc_sector_name(b < 0 ? 0 : b, bn);
#define REFUSE(...) do { \
    int k_ = snprintf(err, SG_ERRLEN, "illegal command '%.60s': ", text); \
    snprintf(err + k_, SG_ERRLEN - (size_t)k_, __VA_ARGS__); \
    return -1; } while (0)
  switch (kind) {
  case SC_MOVE:
    if (s->fl_owner[a] != p)
      REFUSE("%s has no ships of player %d", an, p);
    if (a == b || sc_distance(a, b) != 1)
      REFUSE("%s is not next to %s (ships move one sector, to any of the 8 neighbours)", bn, an);
    if (s->ships[a] < n)
      REFUSE("%s has only %d ship%s", an, s->ships[a], s->ships[a] == 1 ? "" : "s");
    if (free_ships(s, a) < n)
      REFUSE("only %d of the %d ships at %s can still move (ships that moved or were built "
             "this turn cannot move)", free_ships(s, a), s->ships[a], an);
    if (!sc_near_colony(s, p, b))
      REFUSE("%s holds no colony of player %d and is not next to one (ships move only there)",
             bn, p);
    if (n > move_room(c, s, p, b))
      REFUSE("%s would hold %d ships; a sector holds at most %d", bn, s->ships[b] + n,
             c->max_fleet);
    break;
  case SC_BUILD:
    if (s->col_owner[a] != p)
      REFUSE("%s holds no colony of player %d", an, p);
    if (n > sc_build_limit(c, s, p, a, &why)) {
      int work = s->pop[a] / c->workforce - s->worked[a];
      if (n > work)
        REFUSE("the colony at %s has the workforce for %d more ship%s this turn (%d colonists "
               "per ship, %d inhabitants)", an, work < 0 ? 0 : work, work == 1 ? "" : "s",
               c->workforce, s->pop[a]);
      if (why == 1 && c->material_price > 0)
        REFUSE("the reserves (%d materials, %d credits) pay for %d ship%s at %d materials and "
               "%d credits each (%d credits for each material short)", s->materials[p - 1],
               s->credits[p - 1], sc_build_limit(c, s, p, a, &why),
               sc_build_limit(c, s, p, a, &why) == 1 ? "" : "s", c->ship_materials,
               c->ship_credits, c->material_price);
      if (why == 1)
        REFUSE("the reserves (%d materials, %d credits) pay for %d ship%s at %d materials and "
               "%d credits each", s->materials[p - 1], s->credits[p - 1],
               sc_build_limit(c, s, p, a, &why), sc_build_limit(c, s, p, a, &why) == 1 ? "" : "s",
               c->ship_materials, c->ship_credits);
      REFUSE("%s would hold more than %d ships", an, c->max_fleet);
    }
    break;
  case SC_COLONISE:
    if (s->col_owner[a])
      REFUSE("%s has a colony already", an);
    if (s->fl_owner[a] != p || s->ships[a] - s->moved[a] < c->colonise_ships)
      REFUSE("colonising needs %d ships of player %d at %s that have not moved this turn; "
             "there are %d", c->colonise_ships, p, an,
             s->fl_owner[a] == p ? s->ships[a] - s->moved[a] : 0);
    break;
  case SC_TERRAFORM:
    if (s->col_owner[a] != p)
      REFUSE("%s holds no colony of player %d", an, p);
    if (is_terran(s, a))
      REFUSE("the planet at %s is terran already", an);
    if (sc_blockaded(s, a))
      REFUSE("the colony at %s is blockaded by player %d's ships (a blockaded colony cannot "
             "be terraformed)", an, s->fl_owner[a]);
    if (s->materials[p - 1] < c->terraform_cost)
      REFUSE("terraforming costs %d materials; player %d has %d", c->terraform_cost, p,
             s->materials[p - 1]);
    break;
  case SC_SCRAP:
    if (s->fl_owner[a] != p)
      REFUSE("%s has no ships of player %d", an, p);
    if (s->ships[a] < n)
      REFUSE("%s has only %d ship%s", an, s->ships[a], s->ships[a] == 1 ? "" : "s");
    break;
  default:
    break;
  }
#undef REFUSE
  *m = SC_CMD(kind, a < 0 ? 0 : a, b < 0 ? 0 : b, kind == SC_MOVE || kind == SC_BUILD ||
                                                   kind == SC_SCRAP ? n : 0);
  return 0;
}

/* ---- setup and the position text ----
   "turn T player P reserves M/C M/C M/C M/C sectors S1 ... S16": the sectors in the order
   A1 B1 C1 D1 A2 ... D4, each "T" or "B" (the planet), then optionally ",cO:POP" (a colony),
   ",wN" (ships its workforce built this turn), ",fO:N" (a fleet) followed by "mN" and "bN"
   (of those, moved and built this turn).  A player without a colony on its homeworld is
   defeated. */

/* A refusal of the position text in the one form: "position: FIELD: what; expected ...". */
#define FAIL(field, expected, ...) return postok_error(err, SG_ERRLEN, field, expected, __VA_ARGS__)

static int read_int(const char **q, long *v) {
  char *end;
  if (!isdigit((unsigned char)**q))
    return -1;
  *v = strtol(*q, &end, 10);
  *q = end;
  return 0;
}

/* The next word of the text is w followed by a whole number from lo to hi. */
static int keyword_int(sg_postok *t, const char *w, long lo, long hi, long *v) {
  sg_span k, n;
  return postok_word(t, &k) && span_is(k, w) && postok_word(t, &n) && span_int(n, lo, hi, v) == 0
             ? 0 : -1;
}

/* One sector's word ("T,c2:20,f2:35m5b3": planet, colony, work, fleet) into s. */
static int read_sector(const sc_cfg *c, sc_state *s, int sec, sg_span word, char *err) {
  char name[12], text[64];
  long v, w;
  snprintf(name, sizeof name, "sector ");
  sc_sector_name(sec, name + 7);
  snprintf(text, sizeof text, "%.*s", (int)(word.n < 63 ? word.n : 63), word.p);
  const char *at = text, **q = &at;
  if (**q == 'T')
    s->terran = (uint16_t)(s->terran | 1u << sec);
  else if (**q != 'B')
    FAIL(name, "the planet first, T (terran) or B (barren)", "'%.20s' starts with no planet",
         text);
  (*q)++;
  while (**q == ',') {
    (*q)++;
    char k = *(*q)++;
    if (k == 'c' || k == 'f') {
      if (read_int(q, &v) != 0 || **q != ':' || (++*q, read_int(q, &w)) != 0)
        FAIL(name, k == 'c' ? "c<owner>:<inhabitants>" : "f<owner>:<ships>",
             "'%.20s' is malformed", text);
      if (v < 1 || v > SC_PLAYERS)
        FAIL(name, "an owner from 1 to 4", "owner %ld is not a player", v);
      if (k == 'c') {
        if (w < c->min_pop || w > max_pop(c, s, sec))
          FAIL(name, "from rules.min_pop to the planet's capacity",
               "a colony of %ld inhabitants on a %s planet (here %d to %d)", w,
               is_terran(s, sec) ? "terran" : "barren", c->min_pop, max_pop(c, s, sec));
        s->col_owner[sec] = (uint8_t)v, s->pop[sec] = (uint16_t)w;
      } else {
        if (w < 1 || w > c->max_fleet)
          FAIL(name, "1 to rules.max_fleet ships", "a fleet of %ld ships (here at most %d)", w,
               c->max_fleet);
        s->fl_owner[sec] = (uint8_t)v, s->ships[sec] = (uint16_t)w;
        while (**q == 'm' || **q == 'b') {
          char mk = *(*q)++;
          if (read_int(q, &v) != 0 || v > w)
            FAIL(name, "m<ships> and b<ships> after the fleet, at most its size",
                 "a bad count after '%c'", mk);
          if (mk == 'm')
            s->moved[sec] = (uint16_t)v;
          else
            s->built[sec] = (uint16_t)v;
        }
        if (s->moved[sec] + s->built[sec] > s->ships[sec])
          FAIL(name, "no more ships moved and built than the fleet has",
               "%d moved and %d built of %d ships", s->moved[sec], s->built[sec],
               s->ships[sec]);
      }
    } else if (k == 'w') {
      if (read_int(q, &v) != 0 || v > 999)
        FAIL(name, "w<ships built by the colony this turn>", "'%.20s' is malformed", text);
      s->worked[sec] = (uint16_t)v;
    } else
      FAIL(name, "the marks ,c ,w or ,f", "unknown mark ',%c'", k);
  }
  if (**q != '\0')
    FAIL(name, "T or B, then ,c ,w and ,f marks", "unexpected '%c'", **q);
  return 0;
}

/* The position text (sc_save_pos's form) into s; 0, or -1 with the error. */
static int read_position(const sc_cfg *c, sc_state *s, const char *pos, char *err) {
  sg_postok t;
  sg_span word;
  long v;
  memset(s, 0, sizeof *s);
  postok_open(&t, pos);
  if (keyword_int(&t, "turn", 1, 65535, &v) != 0)
    FAIL("turn", "'turn N' first, N from 1 to 65535", "missing, or N out of range");
  s->turn = (uint16_t)v;
  if (keyword_int(&t, "player", 1, SC_PLAYERS, &v) != 0)
    FAIL("player", "'player P' after the turn, P from 1 to 4", "missing, or P out of range");
  s->player = (uint8_t)(v - 1);
  if (!postok_word(&t, &word) || !span_is(word, "reserves"))
    FAIL("reserves", "'reserves M/C M/C M/C M/C' after the player", "the word is missing");
  for (int p = 0; p < SC_PLAYERS; p++) {
    char name[24], text[32];   /* room for any int: no truncation warning */
    long m, cr;
    snprintf(name, sizeof name, "reserves %d", p + 1);
    if (!postok_word(&t, &word))
      FAIL(name, "the reserves of all 4 players", "the reserves of player %d are missing", p + 1);
    snprintf(text, sizeof text, "%.*s", (int)(word.n < 31 ? word.n : 31), word.p);
    const char *q = text;
    if (read_int(&q, &m) || *q++ != '/' || read_int(&q, &cr) || *q || m > 2000000000 ||
        cr > 2000000000)
      FAIL(name, "materials/credits, whole numbers 0 or more", "'%s' is malformed", text);
    s->materials[p] = (int32_t)m, s->credits[p] = (int32_t)cr;
  }
  if (!postok_word(&t, &word) || !span_is(word, "sectors"))
    FAIL("sectors", "'sectors' and the 16 sectors after the reserves", "the word is missing");
  for (int i = 0; i < SC_SECTORS; i++) {
    if (!postok_word(&t, &word))
      FAIL("sectors", "16 sectors", "%d sectors given", i);
    if (read_sector(c, s, i, word, err) != 0)
      return -1;
  }
  if (postok_word(&t, &word))
    FAIL("end", "nothing after the 16 sectors", "unexpected text '%.*s'",
         (int)(word.n > 20 ? 20 : word.n), word.p);
  /* who is defeated, and is the position possible */
  for (int p = 1; p <= SC_PLAYERS; p++) {
    if (s->col_owner[sc_homeworld[p - 1]] == p)
      continue;
    if (sc_ships(s, p) || sc_colonies(s, p)) {
      char hw[3];
      sc_sector_name(sc_homeworld[p - 1], hw);
      FAIL("sectors", "a defeated player (no colony on its homeworld) to own nothing",
           "player %d has no colony on its homeworld %s but owns ships or colonies", p, hw);
    }
    s->defeated = (uint8_t)(s->defeated | 1u << (p - 1));
  }
  if (survivors(s) == 0)
    FAIL("sectors", "a player with a colony on its homeworld (A1, A4, D4, D1)",
         "every player is defeated");
  if (survivors(s) > 1 && !alive(s, s->player + 1))
    FAIL("player", "a player who is not defeated", "player %d is to move but is defeated",
         s->player + 1);
  for (int i = 0; i < SC_SECTORS; i++) {
    char name[12];
    snprintf(name, sizeof name, "sector ");
    sc_sector_name(i, name + 7);
    if ((s->moved[i] || s->built[i]) && s->fl_owner[i] != s->player + 1)
      FAIL(name, "moved or built marks on the fleets of the player to move only",
           "a fleet of player %d has them", s->fl_owner[i]);
    if (s->worked[i] && s->col_owner[i] != s->player + 1)
      FAIL(name, "a work mark on the colonies of the player to move only",
           "a colony of player %d has one", s->col_owner[i]);
    if (s->worked[i] && s->worked[i] > s->pop[i] / c->workforce)
      FAIL(name, "no more ships built than the colony's workforce allows",
           "the colony built %d ships", s->worked[i]);
  }
  return 0;
}

#undef FAIL

static int sc_init(const void *cfg, void *st, const char *pos, uint64_t seed, char *err) {
  const sc_cfg *c = cfg;
  sc_state s;
  if (pos) {   /* read into a copy: a refused text leaves st as it was */
    if (read_position(c, &s, pos, err) != 0)
      return -1;
    memcpy(st, &s, sizeof s);
    return 0;
  }
  memset(&s, 0, sizeof s);
  sg_rng r;
  rng_seed(&r, seed);
  for (int i = 0; i < SC_SECTORS; i++)
    if (rng_double(&r) >= c->barren_share)
      s.terran = (uint16_t)(s.terran | 1u << i);
  for (int p = 0; p < SC_PLAYERS; p++) {
    int h = sc_homeworld[p];
    s.terran = (uint16_t)(s.terran | 1u << h);
    s.col_owner[h] = (uint8_t)(p + 1), s.pop[h] = (uint16_t)c->start_pop;
    s.materials[p] = c->start_materials, s.credits[p] = c->start_credits;
    if (c->start_ships > 0)
      s.fl_owner[h] = (uint8_t)(p + 1), s.ships[h] = (uint16_t)c->start_ships;
  }
  s.turn = 1;
  memcpy(st, &s, sizeof s);
  return 0;
}

static size_t sc_save_pos(const void *cfg, const void *st, char *buf, size_t n) {
  const sc_state *s = st;
  sg_buf out = buf_open(buf, n);
  (void)cfg;
  buf_printf(&out, "turn %d player %d reserves", s->turn, s->player + 1);
  for (int p = 0; p < SC_PLAYERS; p++)
    buf_printf(&out, " %d/%d", s->materials[p], s->credits[p]);
  buf_printf(&out, " sectors");
  for (int i = 0; i < SC_SECTORS; i++) {
    buf_printf(&out, " %c", is_terran(s, i) ? 'T' : 'B');
    if (s->col_owner[i])
      buf_printf(&out, ",c%d:%d", s->col_owner[i], s->pop[i]);
    if (s->worked[i])
      buf_printf(&out, ",w%d", s->worked[i]);
    if (s->fl_owner[i]) {
      buf_printf(&out, ",f%d:%d", s->fl_owner[i], s->ships[i]);
      if (s->moved[i])
        buf_printf(&out, "m%d", s->moved[i]);
      if (s->built[i])
        buf_printf(&out, "b%d", s->built[i]);
    }
  }
  return out.len;
}

/* Width of a sector's text in the diagram: the longest fleet line, "! 1:999 m500 b499". */
#define SC_CELL 17

/* One line of a sector's cell as plain text: line 0 the planet and colony ("T col 2:20"),
   line 1 the fleet ("! 2:35 m5 b3": '!' a blockade, then of the ships those moved and built
   this turn).  Returns the owner whose colour the cell takes, 0 for none. */
static int draw_cell(const sc_state *s, int i, int line, char *cell, size_t n) {
  if (line == 0) {
    int o = s->col_owner[i];
    if (o)
      snprintf(cell, n, "%c col %d:%d", is_terran(s, i) ? 'T' : 'B', o, s->pop[i]);
    else
      snprintf(cell, n, "%c", is_terran(s, i) ? 'T' : 'B');
    return o;
  }
  int o = s->fl_owner[i];
  sg_buf out = buf_open(cell, n);
  if (!o)
    return 0;
  buf_printf(&out, "%s%d:%d", sc_blockaded(s, i) ? "! " : "  ", o, s->ships[i]);
  if (s->moved[i])
    buf_printf(&out, " m%d", s->moved[i]);
  if (s->built[i])
    buf_printf(&out, " b%d", s->built[i]);
  return o;
}

/* The galaxy, rows 4 to 1: per sector the planet, the colony (owner:inhabitants) and the fleet
   (owner:ships, with this turn's moved and built marks), '!' marking a blockade; a legend; then
   each empire. */
static size_t sc_draw(const void *cfg, const void *st, char *buf, size_t n, int colour) {
  const sc_cfg *c = cfg;
  const sc_state *s = st;
  static const char *const col[SC_PLAYERS + 1] = {"", "\033[1;31m", "\033[1;32m", "\033[1;34m",
                                                  "\033[1;33m"};
  const char *off = colour ? "\033[0m" : "";
  char rule[4 * (SC_CELL + 2) + 1];
  sg_buf out = buf_open(buf, n);
  int sc[SC_PLAYERS];
  for (int cc = 0, r = 0; cc < 4; cc++) {   /* "+-----...": one run of dashes per column */
    rule[r++] = '+';
    for (int d = 0; d < SC_CELL + 1; d++)
      rule[r++] = '-';
    rule[r] = '\0';
  }
  buf_printf(&out, "  %*c", SC_CELL / 2 + 2, 'A');   /* each column's letter over the middle of its cells */
  for (int cc = 1; cc < 4; cc++)
    buf_printf(&out, "%*c", SC_CELL + 2, 'A' + cc);
  buf_printf(&out, "\n  %s+\n", rule);
  for (int r = 3; r >= 0; r--) {
    for (int line = 0; line < 2; line++) {
      buf_printf(&out, line == 0 ? "%d |" : "  |", r + 1);
      for (int cc = 0; cc < 4; cc++) {
        char cell[SC_CELL + 8];
        int o = draw_cell(s, r * 4 + cc, line, cell, sizeof cell);
        buf_printf(&out, " %s%s%s%*s|", colour && o ? col[o] : "", cell, colour && o ? off : "",
            SC_CELL - (int)strlen(cell), "");
      }
      buf_printf(&out, "\n");
    }
    buf_printf(&out, "  %s+\n", rule);
  }
  buf_printf(&out, "T/B terran/barren planet   col 2:20 colony of player 2 with 20 inhabitants\n"
      "2:35 35 ships of player 2 (m5 moved, b3 built this turn)   ! blockade\n");
  sc_eval(c, s, sc);
  int w = -1;
  sg_status st_ = sc_status(cfg, st, &w);
  if (st_ == SG_WON)
    buf_printf(&out, "turn %d: player %d has won\n", s->turn, w + 1);
  else if (st_ == SG_DRAWN)
    buf_printf(&out, "drawn at the turn limit, after %d full turns\n", s->turn - 1);
  else
    buf_printf(&out, "turn %d, player %d to move\n", s->turn, s->player + 1);
  for (int p = 1; p <= SC_PLAYERS; p++) {
    buf_printf(&out, "%splayer %d%s  materials %5d  credits %5d  ships %4d  colonies %2d  score %6d%s%s\n",
        colour ? col[p] : "", p, off, s->materials[p - 1], s->credits[p - 1], sc_ships(s, p),
        sc_colonies(s, p), sc[p - 1], alive(s, p) ? "" : "  defeated",
        p == s->player + 1 && st_ == SG_PLAYING ? "  <" : "");
  }
  buf_unput(&out);   /* no final newline, as tostring of other games */
  return out.len;
}

static int sc_move_kind(const void *cfg, sg_move m) {
  (void)cfg;
  return SC_KIND(m);
}

const sg_class starchess_class = {
  .name = "starchess",
  .state_size = sizeof(sc_state),
  .cfg_size = sizeof(sc_cfg),
  .max_moves = MAXCMD,
  .params = sc_params,
  .min_players = 4,
  .max_players = 4,
  .utility = SG_GENERAL_SUM,
  .hooks = SG_HOOK_CHECK_CFG | SG_HOOK_MOVE_KIND,
  .init = sc_init,
  .check_cfg = sc_check_cfg,
  .players = sc_players,
  .to_move = sc_to_move,
  .gen = sc_gen,
  .play = sc_play,
  .status = sc_status,
  .eval = sc_eval_fn,
  .hash = sc_hash,
  .parse = sc_parse,
  .format = sc_format,
  .save_pos = sc_save_pos,
  .draw = sc_draw,
  .nsym = 0,
  .move_kind = sc_move_kind,
  .perft_end_leaf = 1,
};
