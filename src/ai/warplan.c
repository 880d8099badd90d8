/* warplan.c: the exact single-turn planner of war chess (see warplan.h).

   Exactness.
   1. The search is a depth-first search over states: at a state, every acting unit that has
      not acted yet may act next, with every tile of its movement range (computed in that
      state) and every attack option, as the rules allow; a state where every acting unit has
      acted, or where the enemy has lost, is a leaf (an end state).  This reaches exactly the
      end states of every plan, as the enumeration does.
   2. Branch and bound: a child is skipped when an upper bound of the value of every leaf below
      it is not above the best value found so far (which only grows): nothing below can
      strictly improve on it (children are tried best bound first, so the rest are skipped
      too).  The bound (node_bound) relaxes the plan only in that the free units' tiles, paths
      and shots are not checked against each other:
      - Where a free unit can end: its terrain-only reach (a superset of any movement range it
        can have later) without what lies behind the enemies it cannot get past: those alive
        whatever the other free units do before it moves (their attacks on the enemy, summed
        over every free unit that could come within range, are below its health; the unit's
        own attack comes after its move).
      - Kills: an enemy "may die" when the attacks of all free units that could reach it are
        at least its health; every unit attacks at most once, so the attacks are assigned
        (assign_attacks): each free unit to one enemy it can reach from a tile it may end on,
        or to none, at best over every assignment (dynamic programming over the enemies with
        the set of units left; with more than 10 free units, per-unit shares instead).  An
        enemy's material follows exactly from the attacks assigned to it (dead, or health
        down by their sum).  WP_WIN, the most any end state is worth, while some assignment
        kills an enemy leader or every living enemy.
      - Each free unit's own terms (pair terms, closeness to its nearest enemy, the closeness
        terms of the enemies it is made to "own", below) at their best over the tiles it may
        end on, separately for each choice of attack: it attacks from its final tile, and the
        enemy it attacks is alive at the end (its pair term as it is) or, in an assignment
        that kills it, dead (no pair term; its nearest enemy is another).  Enemies that may die
        and are not its target count at their best, alive or dead.
      - An enemy that may die adds, only when the assignment leaves it alive, what its living
        costs beyond the dead case counted elsewhere: its closeness term (at most minus
        position times the largest least closeness of our units), the fixed units' negative
        pair terms with it, and a fixed unit's closeness when it is that unit's nearest
        enemy (the rest counted to the next nearest).
      - The fixed units' terms as they stand; an enemy that cannot die: its closeness term,
        minus position times the max over our units of their closeness to it, is at most
        minus position times max(owner's closeness, the largest least closeness F of the
        others), the owner being the free unit most able to come close (position > 0; for
        position < 0 the largest closeness any unit can have).
      Every end state below takes one assignment and one tile per free unit, each within
      these sets, and its value is at most the sum of the parts for them; a sum of separate
      maxima is at least the maximum of the sum.
   3. Transpositions: what lies below a state depends on the state only (the tiles, health,
      alive and acted flags; the acting set is fixed for a search).  When a state is met
      again, its first visit has either evaluated every leaf below or proved it not above the
      best value at the time, which is at most the best value now: it is skipped.  The keys
      are exact (every changing field packed), so a table hit is never a different state; a
      full table overwrites entries, which only loses time.
   4. Independence: the acting units are split into groups (union-find, conservative rules in
      find_groups) such that (a) a group's plans are legal whatever the other groups do (the
      tiles their units may end on are outside the others' terrain-only reach and its
      neighbours; enemies that may die are reachable and attackable by one group only), and
      (b) every term of wc_score depends on the decisions of one group at most (a unit's pair
      and closeness terms on its tile and on the alive flags of enemies only its own group can
      kill; an enemy's material on its group of attackers; an enemy's closeness term, a max
      over our units, on the units that can be its nearest, put in one group), and (c) no win
      is possible (else everything is one group).  Then score(end) = K + sum over groups of
      F_g(group g's plan), so the best plan is the concatenation of each group's best plan,
      each found by a search with the other groups frozen where they stand (which changes
      the value by a constant only), and the best value is
      score(start) + sum over groups of (best_g - score(start)).  The concatenated plan is
      played at the end and its value computed again (wp_result.value is that). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "warplan.h"

#define NS WC_MAX_SIDE_UNITS
#define KW 8            /* words per table slot: 16 + 11 * 16 + 15 * 16 bits < 7 * 64 */
#define PROBES 4

#define TOPC 1024       /* cached bounds per unit */
#define PN (2 * NS)     /* unit_terms: P[e] attack e (alive at the end), P[NS + e] attack e
                           (dead at the end), P[PN] no attack */
#define DPMAX 10        /* assign_attacks with at most this many free units */

typedef struct topkey {
  uint32_t live, kill, owned;   /* enemy masks */
  uint32_t blk;                 /* enemies that stand in the unit's way (alive when it moves) */
  uint8_t F[NS];                /* floors of the owned enemies */
} topkey;

typedef struct topslot {
  topkey key;
  long P[PN + 1];               /* unit_terms: per attack choice */
  uint32_t gen;
} topslot;

typedef struct altplan {
  long value;
  wc_state end;
  sg_move path[NS];
  int len, order;
} altplan;

typedef struct child {
  long ub;
  sg_move m;
  int order;
} child;

struct wp_ctx {
  uint64_t *tab;
  size_t nslots;        /* power of two */
  uint32_t gen;
  /* the run */
  const wc_cfg *c;
  int side;
  int nown, own[NS];    /* own living units */
  int nen, en[NS];      /* enemies living at the start */
  int acting[NS];       /* own index: has not acted at the start */
  int active[NS];       /* own index: in the group being planned */
  int npr[NS];
  uint16_t pr[NS][WC_MAX_REACH];   /* terrain-only reach (own tile for the others) */
  uint8_t can[NS][NS];             /* own a, enemy e: some tile of a's reach is within range */
  uint8_t dd[NS][WC_MAX_REACH][NS];   /* distance from each reach tile to each enemy */
  int lo[NS][NS], hi[NS][NS];      /* min and max over the reach of closeness to enemy e */
  /* best K */
  int k, nalt, altorder;
  altplan alt[WP_MAX_K];
  /* group search */
  long best;
  int found;
  sg_move path[NS + 1], bestpath[NS + 1];
  int bestlen;
  int keywords;
  child *kids;
  size_t kidcap, maxkids;
  wc_state st[NS + 2];
  uint16_t tiles[WC_MAX_REACH];
  uint8_t tg[WC_MAX_UNITS];
  uint64_t plans, ops1, nodes, max_nodes;
  double deadline;
  int stopped, use_bound, use_memo;
  int dpmax;            /* assign_attacks with at most this many free units (else shares) */
  wc_scratch w;
  /* terrain-only reach scratch */
  uint8_t dist[WC_MAX_TILES];
  uint8_t block[WC_MAX_TILES];     /* unit_terms: tiles of the enemies in the way */
  uint16_t rtiles[WC_MAX_REACH];
  uint16_t bucket[WC_MAX_MP + 1][WC_MAX_TILES];
  int nbucket[WC_MAX_MP + 1];
  uint8_t near[NS][WC_MAX_TILES];  /* find_groups: reach and its neighbours per acting unit */
  topslot tops[NS][TOPC];          /* node_bound's cache of free units' best terms */
  long dp[2][1 << DPMAX], dpval[1 << DPMAX];   /* assign_attacks */
  uint8_t dpwin[2][1 << DPMAX], dpkill[1 << DPMAX];
};

void warplan_defaults(wp_opts *o) {
  memset(o, 0, sizeof *o);
  o->independence = o->bound = o->memo = o->assign = 1;
}

wp_ctx *warplan_new(size_t hash_bytes) {
  wp_ctx *p = calloc(1, sizeof *p);
  if (p == NULL)
    return NULL;
  size_t n = 1024;
  while (n * 2 * KW * sizeof(uint64_t) <= hash_bytes)
    n *= 2;
  p->tab = calloc(n * KW, sizeof(uint64_t));
  if (p->tab == NULL) {
    free(p);
    return NULL;
  }
  p->nslots = n;
  wc_scratch_init(&p->w);
  return p;
}

void warplan_free(wp_ctx *p) {
  if (p) {
    free(p->tab);
    free(p->kids);
    free(p);
  }
}

long warplan_value(const wc_cfg *c, const wc_state *s, int side) {
  return wc_lost(c, s, 1 - side) ? WP_WIN : wc_score(c, s, side);
}

/* ---- terrain-only reach: every tile within the unit's movement points by terrain costs,
   ignoring every unit (a superset of any movement range the unit can have this turn) ---- */

static int reach(wp_ctx *p, int u, int start, const uint8_t *block, uint16_t *tiles) {
  const wc_cfg *c = p->c;
  int mp = c->unit[u].mp, kind = c->unit[u].kind, n = 0;
  memset(p->dist, 255, (size_t)(c->width * c->height));
  for (int k = 0; k <= mp; k++)
    p->nbucket[k] = 0;
  p->dist[start] = 0;
  p->bucket[0][p->nbucket[0]++] = (uint16_t)start;
  tiles[n++] = (uint16_t)start;
  for (int d = 0; d <= mp; d++)
    for (int i = 0; i < p->nbucket[d]; i++) {
      int t = p->bucket[d][i], nb[8], k = wc_neighbours(c, t, nb);
      if (p->dist[t] != d)
        continue;
      for (int j = 0; j < k; j++) {
        int v = nb[j], cost = c->terrain[c->tile[v]].cost[kind];
        if (cost == WC_IMPASSABLE || d + cost > mp || p->dist[v] <= d + cost ||
            (block && block[v]))
          continue;
        if (p->dist[v] == 255)
          tiles[n++] = (uint16_t)v;
        p->dist[v] = (uint8_t)(d + cost);
        p->bucket[d + cost][p->nbucket[d + cost]++] = (uint16_t)v;
      }
    }
  return n;
}

/* ---- the evaluation's terms (wc_score's split) ---- */

/* The terms themselves are warchess.h's (wc_material, wc_reach, wc_closeness,
   wc_pair_term): this file only bounds them. */

/* The pair term of own unit u on tile t and enemy unit v on tile q (both alive). */
static long pair_term(const wc_cfg *c, int u, int t, int v, int q) {
  return wc_pair_term(c, u, v, wc_distance(c, t, q));
}

static int alive(const wc_state *s, int u) {
  return (s->u[u].flags & WC_ALIVE) != 0;
}

/* Whether own index a may still move in s. */
static int is_free(const wp_ctx *p, const wc_state *s, int a) {
  return p->active[a] && !(s->u[p->own[a]].flags & WC_ACTED);
}

/* An upper bound of warplan_value of every end state reachable from s by the acting units
   that have not acted (see the file comment).  A win is possible: WP_WIN, the most any end
   state is worth.  Else wc_score's terms: each free unit's own terms (pair terms, closeness)
   at their best together over its reach, for each choice of its attack (none, or an enemy it
   can reach: the best over the tiles it could attack that enemy from, since a unit attacks
   from the tile it ends on); the enemies' material with the attacks assigned to them (below);
   an enemy's closeness term (minus position times the max over our units of their closeness
   to it) bounded with the max of the others' least closeness and, when position > 0, joined to
   the free unit most able to come close, maximized with that unit's terms; the fixed units'
   terms as they are (with the enemies that may die counted at their best: alive or dead). */

/* The bound's terms of free unit a at their best over the tiles it may end on, per choice of
   attack: P[e] for an attack on enemy e that is alive at the end of the turn, P[NS + e] for
   one on an enemy that may die and is dead at the end (NO_TILE: no tile within range), P[PN]
   for no attack.  The tiles: its terrain-only reach without the tiles behind the enemies in
   blk (alive whenever it moves, so they bar its way).  An enemy that may die counts at its
   best, alive or dead, except the one attacked in P[e] (alive: its pair term as it is) and
   P[NS + e] (dead: no pair term, and the nearest enemy for closeness is another).  They depend
   only on the unit, which enemies live, which may die, which bar its way and which it owns
   with their floors F: cached under those. */
#define NO_TILE (LONG_MIN / 4)

static const long *unit_terms(wp_ctx *p, const wc_state *s, int a, uint32_t blk,
                              const int *live, const int *kill, const int *owner, const int *F) {
  const wc_cfg *c = p->c;
  int u = p->own[a];
  topkey key;
  memset(&key, 0, sizeof key);
  key.blk = blk;
  int nen = p->nen < NS ? p->nen : NS;   /* always p->nen; the bound helps the compiler */
  for (int e = 0; e < nen; e++) {
    key.live |= (uint32_t)live[e] << e;
    key.kill |= (uint32_t)kill[e] << e;
    if (owner[e] == a)
      key.owned |= 1u << e, key.F[e] = (uint8_t)F[e];
  }
  uint64_t h = ((uint64_t)key.live * 0x9e3779b97f4a7c15ULL) ^
               ((uint64_t)key.kill * 0xbf58476d1ce4e5b9ULL) ^
               ((uint64_t)key.owned * 0x94d049bb133111ebULL) ^
               ((uint64_t)blk * 0xd6e8feb86659fd93ULL);
  for (int e = 0; e < nen; e++)
    h = (h ^ key.F[e]) * 0x100000001b3ULL;
  topslot *ts = &p->tops[a][(h ^ h >> 29) & (TOPC - 1)];
  if (ts->gen == p->gen && memcmp(&ts->key, &key, sizeof key) == 0)
    return ts->P;
  long *P = ts->P;
  for (int e = 0; e <= PN; e++)
    P[e] = NO_TILE;
  if (blk) {   /* the tiles it can still reach: p->dist below 255 */
    memset(p->block, 0, (size_t)(c->width * c->height));
    for (int e = 0; e < p->nen; e++)
      if (blk >> e & 1)
        p->block[s->u[p->en[e]].tile] = 1;
    reach(p, u, s->u[u].tile, p->block, p->rtiles);
  }
  for (int i = 0; i < p->npr[a]; i++) {
    const uint8_t *d = p->dd[a][i];
    if (blk && p->dist[p->pr[a][i]] == 255)
      continue;
    long val = 0, pv[NS];
    int near = 99, near2 = 99, first = -1;   /* the nearest enemy, and the next */
    for (int e = 0; e < p->nen; e++) {
      if (!live[e])
        continue;
      int v = p->en[e];
      pv[e] = wc_pair_term(c, u, v, d[e]);
      val += kill[e] && pv[e] < 0 ? 0 : pv[e];
      if (d[e] < near)
        near2 = near, near = d[e], first = e;
      else if (d[e] < near2)
        near2 = d[e];
      if (owner[e] == a) {
        int cl = wc_closeness(d[e]);
        val -= (long)c->position * (cl > F[e] ? cl : F[e]);
      }
    }
    if (c->position > 0 && near < 99)
      val += (long)c->position * wc_closeness(near);
    if (val > P[PN])
      P[PN] = val;
    for (int e = 0; e < p->nen; e++) {
      if (!live[e] || d[e] > c->unit[u].range)
        continue;
      long vl = val, vd = val;
      if (kill[e] && pv[e] > 0)
        vd -= pv[e];
      else if (kill[e])
        vl += pv[e];
      if (c->position > 0 && e == first)
        vd -= (long)c->position * (wc_closeness(near) - wc_closeness(near2));
      if (vl > P[e])
        P[e] = vl;
      if (kill[e] && vd > P[NS + e])
        P[NS + e] = vd;
    }
  }
  ts->key = key, ts->gen = p->gen;
  return P;
}

/* The most the free units' attacks can add to the enemies' material terms (wc_score counts
   minus each living enemy's unit value, leader value and hp weight x health) together with
   what attacking costs each attacker in its own terms (P[e] - P[PN] <= 0): the best
   assignment of each free unit to one enemy it can reach, or to none.  An enemy of health h
   given attackers S loses hp x atk(S) while atk(S) < h, and its whole value when it dies
   (exact for any weights: no attack is forced).  Every end state below assigns each free unit
   to the enemy it attacked, if any, so this is an upper bound; the relaxation is only that
   tiles, paths and shots are not checked against each other.  Dynamic programming over the
   enemies with the set of attackers still unassigned (3^free per enemy at most).  With
   win != NULL, *win says whether some assignment kills every living enemy. */
static long assign_attacks(wp_ctx *p, const wc_state *s, const int *fa, int nf,
                           const long *const *P, const int *live, const long *spare,
                           int *win) {
  const wc_cfg *c = p->c;
  int full = (1 << nf) - 1;
  long *cur = p->dp[0], *nxt = p->dp[1];
  uint8_t *ok = p->dpwin[0], *okn = p->dpwin[1];
  int lwin = 0;   /* a leader's attackers can kill it */
  for (int m = 0; m <= full; m++)
    cur[m] = 0, ok[m] = 1;
  for (int e = 0; e < p->nen; e++) {
    if (!live[e])
      continue;
    int v = p->en[e], h = s->u[v].hp, cm = 0;
    long V = wc_material(c, v, h);
    for (int i = 0; i < nf; i++)
      if (p->can[fa[i]][e] && P[i][e] != NO_TILE)
        cm |= 1 << i;   /* a tile within range of a living enemy: both P[e] and P[NS + e] */
    if (cm == 0) {
      for (int m = 0; m <= full; m++)
        cur[m] += spare[e], ok[m] = 0;
      continue;
    }
    /* each subset S of the enemy's attackers: its value and whether it kills */
    long *val = p->dpval;
    uint8_t *kills = p->dpkill;
    for (int S = cm;; S = (S - 1) & cm) {
      long atk = 0, cost = 0, costd = 0;
      int nocost = 0, nocostd = 0;   /* a unit without a tile for that attack: no such plan */
      for (int i = 0; i < nf; i++)
        if (S >> i & 1) {
          atk += c->unit[p->own[fa[i]]].atk;
          if (P[i][e] == NO_TILE || P[i][PN] == NO_TILE)
            nocost = 1;
          else
            cost += P[i][e] - P[i][PN];
          if (P[i][NS + e] == NO_TILE || P[i][PN] == NO_TILE)
            nocostd = 1;
          else
            costd += P[i][NS + e] - P[i][PN];
        }
      kills[S] = atk >= h;
      /* NO_TILE terms are not summed (several would overflow): the subset is impossible */
      if (kills[S] ? nocostd : nocost)
        val[S] = NO_TILE;
      else
        val[S] = kills[S] ? V + costd : (long)c->hp * atk + spare[e] + cost;
      if (S == 0)
        break;
    }
    lwin |= kills[cm] && c->unit[v].leader;
    for (int m = 0; m <= full; m++) {
      int sub = m & cm;
      long b = cur[m] + spare[e];   /* S empty */
      uint8_t w = 0;
      for (int S = sub; S; S = (S - 1) & sub) {
        long x = val[S] + cur[m & ~S];
        if (x > b)
          b = x;
        w |= kills[S] && ok[m & ~S];
      }
      nxt[m] = b, okn[m] = w;
    }
    long *t = cur;
    cur = nxt, nxt = t;
    uint8_t *tw = ok;
    ok = okn, okn = tw;
  }
  if (win)
    *win = ok[full] || lwin;
  return cur[full];
}

/* Mode 1's share of an enemy that may die for one attacker with attack atk (the bound when
   there are too many free units for assign_attacks): the enemy's value V = unit value
   (+ leader) + hp weight x health h, taken whole by a kill, or hp x damage.  With shares
   g = min(V, max(hp x atk, ceil(V x atk / h))) the attackers of any set get at least what
   their attacks gain: a kill (sum of atk >= h) gives at most V <= sum of g, a wound at most
   hp x sum of atk <= sum of g (needs hp >= 0 and V >= 0: see mode1_ok). */
static long kill_share(const wc_cfg *c, int v, int h, int atk) {
  long V = wc_material(c, v, h);
  long g = (V * atk + h - 1) / h, w = (long)c->hp * atk;
  if (w > g)
    g = w;
  return g < V ? g : V;
}

static int mode1_ok(const wc_cfg *c) {
  return c->hp >= 0 && c->unit_value >= 0 && c->unit_value + c->leader_value >= 0;
}

/* With more than DPMAX free units: each free unit at its best over its attack choices with
   its attack's gain taken alone: mode 0 counts each enemy that may die at its best whatever
   the attackers do (its attackers gain nothing more), mode 1 makes each attacker carry a
   share of it (tighter when several enemies may die, looser on overkill).  Both are upper
   bounds; the least is taken. */
static long share_attacks(wp_ctx *p, const wc_state *s, const int *fa, int nf,
                          const long *const *P, const int *live, const int *kill, int mode) {
  const wc_cfg *c = p->c;
  long sum = 0;
  for (int i = 0; i < nf; i++) {
    int atk = c->unit[p->own[fa[i]]].atk;
    long top = P[i][PN];
    for (int e = 0; e < p->nen; e++) {
      if (!live[e] || P[i][e] == NO_TILE)
        continue;
      long pe = P[i][e] > P[i][NS + e] ? P[i][e] : P[i][NS + e];
      long gv = 0;
      if (!kill[e])
        gv = c->hp > 0 ? (long)c->hp * atk : 0;
      else if (mode == 1)
        gv = kill_share(c, p->en[e], s->u[p->en[e]].hp, atk);
      if (pe + gv > top)
        top = pe + gv;
    }
    sum += top;
  }
  return sum;
}

static long node_bound(wp_ctx *p, const wc_state *s) {
  const wc_cfg *c = p->c;
  long ub = 0, best0 = 0;   /* best0: mode 0's killable enemies at their best, over now */
  int dmg[NS], fr[NS], kill[NS], live[NS], owner[NS], F[NS], fa[NS], nf = 0;
  long spare[NS];   /* a killable enemy's terms if it lives, over those counted (dead) */
  if (wc_lost(c, s, 1 - p->side))
    return WP_WIN;
  for (int a = 0; a < p->nown; a++) {
    int u = p->own[a];
    ub += wc_material(c, u, s->u[u].hp);
    fr[a] = is_free(p, s, a);
    if (fr[a])
      fa[nf++] = a;
  }
  int all_killable = 1, any_live = 0, any_kill = 0, leader = 0;
  for (int e = 0; e < p->nen; e++) {
    int v = p->en[e];
    dmg[e] = 0;
    live[e] = alive(s, v);
    for (int a = 0; a < p->nown; a++)
      if (fr[a] && p->can[a][e])
        dmg[e] += c->unit[p->own[a]].atk;
    kill[e] = live[e] && dmg[e] >= s->u[v].hp;
    any_live |= live[e];
    any_kill |= kill[e];
    if (live[e] && !kill[e])
      all_killable = 0;
    leader |= kill[e] && c->unit[v].leader;
  }
  /* an enemy leader may die, or some enemy lives (else the enemy has lost) and every one may
     die alone: a win is possible unless assign_attacks finds that the leader's attackers
     cannot reach it, or that the enemies cannot all die together */
  int win_check = leader || (all_killable && any_live);
  if (win_check && nf > p->dpmax)
    return WP_WIN;
  for (int e = 0; e < p->nen; e++) {
    owner[e] = -1;
    spare[e] = 0;
    if (!live[e])
      continue;
    int v = p->en[e], h = s->u[v].hp, q = s->u[v].tile;
    long base = wc_material(c, v, 0);
    long m = -(base + (long)c->hp * h), m0 = m;
    if (kill[e]) {   /* mode 0: alive with any health down to h - dmg, or dead */
      int h2 = h - dmg[e] < 1 ? 1 : h - dmg[e];
      long m2 = -(base + (long)c->hp * h2);
      if (m2 > m0)
        m0 = m2;
      if (m0 < 0)
        m0 = 0;
    }
    ub += m, best0 += m0 - m;
    /* the enemy's closeness term */
    int best = -1, L = 0, H = 0, L2 = 0;
    for (int a = 0; a < p->nown; a++) {
      int u = p->own[a], l, hh;
      if (fr[a])
        l = p->lo[a][e], hh = p->hi[a][e];
      else {
        l = hh = wc_closeness(wc_distance(c, q, s->u[u].tile));
        long pt = pair_term(c, u, s->u[u].tile, v, q);
        ub += kill[e] && pt < 0 ? 0 : pt;
        if (kill[e] && pt < 0)
          spare[e] += pt;
      }
      if (l > L)
        L = l;
      if (hh > H)
        H = hh;
      if (fr[a] && (best < 0 || hh > p->hi[best][e]))
        best = a;
    }
    if (c->position < 0)
      ub += -(long)c->position * H;
    else if (!kill[e] && c->position > 0 && best >= 0) {
      for (int a = 0; a < p->nown; a++)   /* the least closeness of the others */
        if (a != best) {
          int l = fr[a] ? p->lo[a][e] : wc_closeness(wc_distance(c, q, s->u[p->own[a]].tile));
          if (l > L2)
            L2 = l;
        }
      owner[e] = best;
      F[e] = L2;
    } else if (!kill[e])
      ub -= (long)c->position * L;
    else if (c->position > 0)
      spare[e] -= (long)c->position * L;
  }
  /* a free unit's way is barred by the living enemies that the other free units cannot kill
     before it moves (its own attack comes after its move) */
  const long *P[NS];
  for (int i = 0; i < nf; i++) {
    int a = fa[i], atk = c->unit[p->own[a]].atk;
    uint32_t blk = 0;
    for (int e = 0; e < p->nen; e++)
      if (live[e] && dmg[e] - (p->can[a][e] ? atk : 0) < s->u[p->en[e]].hp)
        blk |= 1u << e;
    P[i] = unit_terms(p, s, a, blk, live, kill, owner, F);
  }
  /* the fixed units' closeness to their nearest enemy: to the next one (the enemies that may
     die at their best, alive), and the difference if the nearest may die and lives */
  for (int a = 0; a < p->nown && c->position > 0; a++) {
    if (fr[a])
      continue;
    int u = p->own[a], near = 99, near2 = 99, first = -1;
    for (int e = 0; e < p->nen; e++)
      if (live[e]) {
        int d = wc_distance(c, s->u[u].tile, s->u[p->en[e]].tile);
        if (d < near)
          near2 = near, near = d, first = e;
        else if (d < near2)
          near2 = d;
      }
    if (first >= 0 && kill[first]) {
      ub += (long)c->position * wc_closeness(near2);
      spare[first] += (long)c->position * (wc_closeness(near) - wc_closeness(near2));
    } else
      ub += (long)c->position * wc_closeness(near);
  }
  if (nf <= p->dpmax) {
    int win = 0;
    long gain = assign_attacks(p, s, fa, nf, P, live, spare, win_check ? &win : NULL);
    if (win)
      return WP_WIN;
    for (int i = 0; i < nf; i++)
      ub += P[i][PN];
    return ub + gain;
  }
  for (int e = 0; e < p->nen; e++)   /* alive or dead, at its best */
    ub += spare[e] > 0 ? spare[e] : 0;
  long b = ub + best0 + share_attacks(p, s, fa, nf, P, live, kill, 0);
  if (mode1_ok(c) && any_kill) {
    long b1 = ub + share_attacks(p, s, fa, nf, P, live, kill, 1);
    if (b1 < b)
      b = b1;
  }
  return b;
}

/* ---- the transposition table: a visited set of exact keys ---- */

static int make_key(const wp_ctx *p, const wc_state *s, uint64_t *k) {
  int nb = 16;
  memset(k, 0, KW * sizeof *k);
  k[0] = p->gen;   /* from 1: a used slot is never all zero */
#define PUT(v, bits)                                                      \
  do {                                                                    \
    uint64_t x_ = (uint64_t)(v);                                          \
    k[nb / 64] |= x_ << (nb % 64);                                        \
    if (nb % 64 + (bits) > 64)                                            \
      k[nb / 64 + 1] |= x_ >> (64 - nb % 64);                             \
    nb += (bits);                                                         \
  } while (0)
  for (int a = 0; a < p->nown; a++)
    if (p->active[a]) {
      int u = p->own[a];
      PUT(s->u[u].tile, 10);
      PUT((s->u[u].flags & WC_ACTED) != 0, 1);
    }
  for (int e = 0; e < p->nen; e++) {
    int any = 0;
    for (int a = 0; a < p->nown; a++)
      any |= p->active[a] && p->can[a][e];
    if (any) {
      int v = p->en[e];
      PUT(alive(s, v) ? s->u[v].hp : 0, 15);
    }
  }
#undef PUT
  return (nb + 63) / 64;
}

static uint64_t key_hash(const uint64_t *k, int n) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (int i = 0; i < n; i++) {
    h ^= k[i];
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  return h;
}

/* 1 when s was visited before in this search; else it is recorded (0). */
static int seen_before(wp_ctx *p, const wc_state *s) {
  uint64_t k[KW];
  int n = make_key(p, s, k);
  uint64_t h = key_hash(k, n);
  size_t mask = p->nslots - 1, i0 = (size_t)h & mask;
  for (int j = 0; j < PROBES; j++) {
    uint64_t *slot = p->tab + ((i0 + (size_t)j) & mask) * KW;
    if (slot[0] == 0 || (uint32_t)(slot[0] & 0xffff) != p->gen) {
      memcpy(slot, k, KW * sizeof *k);
      return 0;
    }
    if (memcmp(slot, k, (size_t)n * sizeof *k) == 0)
      return 1;
  }
  /* full: overwrite one (only time is lost) */
  uint64_t *slot = p->tab + ((i0 + (size_t)(h >> 60 & (PROBES - 1))) & mask) * KW;
  memcpy(slot, k, KW * sizeof *k);
  return 0;
}

/* ---- the search ---- */

static void check_stop(wp_ctx *p) {
  if (p->max_nodes && p->nodes >= p->max_nodes)
    p->stopped = 1;
  else if ((p->nodes & 1023) == 0 &&
           (interrupt_pending() || (p->deadline > 0 && clock_now() > p->deadline)))
    p->stopped = 1;
}

static int cmp_child(const void *x, const void *y) {
  const child *a = x, *b = y;
  if (a->ub != b->ub)
    return a->ub > b->ub ? -1 : 1;
  return a->order - b->order;
}

/* Best K: the K best distinct end states so far (p->best is the least of them once there
   are K, the threshold a plan must beat; below K nothing is cut). */
static int same_end(const wc_cfg *c, const wc_state *a, const wc_state *b) {
  for (int u = 0; u < c->nunits; u++) {
    int la = alive(a, u), lb = alive(b, u);
    if (la != lb || (la && (a->u[u].tile != b->u[u].tile || a->u[u].hp != b->u[u].hp)))
      return 0;
  }
  return 1;
}

static void keep_alt(wp_ctx *p, const wc_state *s, long v, int depth) {
  if (p->nalt == p->k && v <= p->best)
    return;
  for (int i = 0; i < p->nalt; i++)
    if (same_end(p->c, &p->alt[i].end, s))
      return;   /* the same end state by another order: same value */
  int slot = p->nalt;
  if (p->nalt == p->k) {   /* replace the least (the first of the least: reproducible) */
    slot = 0;
    for (int i = 1; i < p->nalt; i++)
      if (p->alt[i].value < p->alt[slot].value)
        slot = i;
  } else
    p->nalt++;
  p->alt[slot].value = v;
  p->alt[slot].end = *s;
  p->alt[slot].len = depth;
  p->alt[slot].order = p->altorder++;
  memcpy(p->alt[slot].path, p->path, (size_t)depth * sizeof(sg_move));
  if (p->nalt == p->k) {
    p->found = 1;
    p->best = p->alt[0].value;
    for (int i = 1; i < p->nalt; i++)
      if (p->alt[i].value < p->best)
        p->best = p->alt[i].value;
  }
}

static void dfs(wp_ctx *p, int depth) {
  const wc_cfg *c = p->c;
  wc_state *s = &p->st[depth];
  p->nodes++;
  check_stop(p);
  if (p->stopped)
    return;
  int left = 0;
  for (int a = 0; a < p->nown; a++)
    left += is_free(p, s, a);
  if (left == 0 || wc_lost(c, s, 1 - p->side)) {
    p->plans++;
    long v = warplan_value(c, s, p->side);
    if (p->k > 1)
      keep_alt(p, s, v, depth);
    else if (!p->found || v > p->best) {
      p->found = 1;
      p->best = v;
      p->bestlen = depth;
      memcpy(p->bestpath, p->path, (size_t)depth * sizeof(sg_move));
    }
    return;
  }
  if (p->use_memo && seen_before(p, s))
    return;
  child *kids = p->kids + (size_t)depth * p->maxkids;
  int nk = 0;
  wc_state *t = &p->st[depth + 1];
  for (int a = 0; a < p->nown; a++) {
    if (!is_free(p, s, a))
      continue;
    int u = p->own[a];
    int nt = wc_move_range(c, s, u, &p->w, p->tiles);
    for (int i = 0; i < nt; i++) {
      p->ops1++;
      *t = *s;
      wc_act(c, t, u, p->tiles[i], WC_NO_TARGET);
      int k = wc_targets(c, t, u, p->tiles[i], p->tg);
      kids[nk].m = WC_ACTION(u, p->tiles[i], WC_NO_TARGET);
      kids[nk].ub = p->use_bound ? node_bound(p, t) : 0;
      kids[nk].order = nk;
      nk++;
      for (int j = 0; j < k; j++) {
        *t = *s;
        wc_act(c, t, u, p->tiles[i], p->tg[j]);
        kids[nk].m = WC_ACTION(u, p->tiles[i], p->tg[j]);
        kids[nk].ub = p->use_bound ? node_bound(p, t) : 0;
        kids[nk].order = nk;
        nk++;
      }
    }
  }
  if (p->use_bound)
    qsort(kids, (size_t)nk, sizeof *kids, cmp_child);
  for (int i = 0; i < nk && !p->stopped; i++) {
    if (p->use_bound && p->found && kids[i].ub <= p->best)
      break;   /* sorted: no later child can do better either */
    sg_move m = kids[i].m;
    *t = *s;
    wc_act(c, t, WC_UNIT(m), WC_TILE(m), WC_TARGET(m));
    p->path[depth] = m;
    dfs(p, depth + 1);
  }
}

/* ---- groups ---- */

static int uf_find(int *par, int x) {
  while (par[x] != x)
    x = par[x] = par[par[x]];
  return x;
}

static void uf_union(int *par, int a, int b) {
  a = uf_find(par, a), b = uf_find(par, b);
  if (a != b)
    par[a > b ? a : b] = a < b ? a : b;
}

/* Union the acting units that can interact (see the file comment, point 4); par over own
   indices (units that do not act stay alone and are ignored). */
static void find_groups(wp_ctx *p, const wc_state *s, int *par) {
  const wc_cfg *c = p->c;
  static const int none = -1;
  int n = p->nown, nt = c->width * c->height;
  uint8_t (*near)[WC_MAX_TILES] = p->near;
  int killer[NS], killable[NS], first = none;
  for (int a = 0; a < n; a++)
    par[a] = a;
  for (int a = 0; a < n; a++) {
    if (!p->acting[a])
      continue;
    if (first == none)
      first = a;
    memset(near[a], 0, (size_t)nt);
    for (int i = 0; i < p->npr[a]; i++) {
      int t = p->pr[a][i], nb[8], k = wc_neighbours(c, t, nb);
      near[a][t] = 1;
      for (int j = 0; j < k; j++)
        near[a][nb[j]] = 1;
    }
  }
  if (first == none)
    return;
  /* reaches that meet or touch */
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n && p->acting[a]; b++) {
      if (!p->acting[b])
        continue;
      for (int i = 0; i < p->npr[b]; i++)
        if (near[a][p->pr[b][i]]) {
          uf_union(par, a, b);
          break;
        }
    }
  /* common targets; which enemies may die */
  int all_killable = 1, win = 0;
  for (int e = 0; e < p->nen; e++) {
    int v = p->en[e], dmg = 0;
    killer[e] = none;
    for (int a = 0; a < n; a++)
      if (p->acting[a] && p->can[a][e]) {
        dmg += c->unit[p->own[a]].atk;
        if (killer[e] == none)
          killer[e] = a;
        else
          uf_union(par, killer[e], a);
      }
    killable[e] = killer[e] != none && dmg >= s->u[v].hp;
    if (!killable[e])
      all_killable = 0;
    else if (c->unit[v].leader)
      win = 1;
  }
  if (win || (all_killable && p->nen > 0)) {
    for (int a = 0; a < n; a++)
      if (p->acting[a])
        uf_union(par, first, a);
    return;
  }
  /* a killable enemy's tile opens paths: units whose reach (or its rim) holds it */
  for (int e = 0; e < p->nen; e++)
    if (killable[e])
      for (int a = 0; a < n; a++)
        if (p->acting[a] && near[a][s->u[p->en[e]].tile])
          uf_union(par, a, killer[e]);
  /* terms of own units that depend on whether a killable enemy lives */
  for (int a = 0; a < n; a++) {
    int u = p->own[a], dep = none;
    for (int e = 0; e < p->nen; e++) {
      if (!killable[e])
        continue;
      int v = p->en[e], q = s->u[v].tile, depends = 0;
      for (int i = 0; i < p->npr[a] && !depends; i++) {
        int t = p->pr[a][i], d = wc_distance(c, t, q);
        if (c->threat != 0 && (d <= wc_reach(c, u) || d <= wc_reach(c, v)))
          depends = 1;
        if (c->position != 0) {
          int du = 99;
          for (int f = 0; f < p->nen; f++)
            if (!killable[f]) {
              int d2 = wc_distance(c, t, s->u[p->en[f]].tile);
              if (d2 < du)
                du = d2;
            }
          if (d <= du)
            depends = 1;
        }
      }
      if (!depends)
        continue;
      if (p->acting[a])
        uf_union(par, a, killer[e]);
      else if (dep == none)
        dep = killer[e];
      else
        uf_union(par, dep, killer[e]);
    }
  }
  /* an enemy's closeness term: the units that can be its nearest, and its killers */
  if (c->position != 0)
    for (int e = 0; e < p->nen; e++) {
      int L = 0, r = none;
      for (int a = 0; a < n; a++)
        if (p->lo[a][e] > L)
          L = p->lo[a][e];
      for (int a = 0; a < n; a++)
        if (p->hi[a][e] > L) {   /* only acting units can exceed the max of the minima */
          if (r == none)
            r = a;
          else
            uf_union(par, r, a);
        }
      if (r != none && killable[e])
        uf_union(par, r, killer[e]);
    }
}

/* ---- the run ---- */

static void precompute(wp_ctx *p, const wc_state *s) {
  const wc_cfg *c = p->c;
  for (int a = 0; a < p->nown; a++) {
    int u = p->own[a];
    if (p->acting[a])
      p->npr[a] = reach(p, u, s->u[u].tile, NULL, p->pr[a]);
    else
      p->npr[a] = 1, p->pr[a][0] = s->u[u].tile;
    for (int e = 0; e < p->nen; e++) {
      p->can[a][e] = 0;
      p->lo[a][e] = 64, p->hi[a][e] = 0;
    }
    for (int i = 0; i < p->npr[a]; i++) {
      int t = p->pr[a][i];
      for (int e = 0; e < p->nen; e++) {
        int d = wc_distance(c, t, s->u[p->en[e]].tile);
        p->dd[a][i][e] = (uint8_t)d;
        if (p->acting[a] && d <= c->unit[u].range)
          p->can[a][e] = 1;
        int cl = wc_closeness(d);
        if (cl < p->lo[a][e])
          p->lo[a][e] = cl;
        if (cl > p->hi[a][e])
          p->hi[a][e] = cl;
      }
    }
  }
}

static int cmp_alt(const void *x, const void *y) {
  const altplan *a = x, *b = y;
  if (a->value != b->value)
    return a->value > b->value ? -1 : 1;
  return a->order - b->order;
}

static int clip_score(long sc) {
  if (sc > SG_EVAL_MAX / 2)
    sc = SG_EVAL_MAX / 2;
  if (sc < -SG_EVAL_MAX / 2)
    sc = -SG_EVAL_MAX / 2;
  return (int)sc;
}

int warplan_run(wp_ctx *p, const wc_cfg *c, const wc_state *s, const wp_opts *o,
                wp_result *r, char *err) {
  double t0 = clock_now();
  memset(r, 0, sizeof *r);
  p->c = c;
  p->side = s->side;
  if (wc_lost(c, s, 0) || wc_lost(c, s, 1)) {
    snprintf(err, SG_ERRLEN, "the game is over: no turn to plan");
    return -1;
  }
  p->nown = p->nen = 0;
  for (int u = 0; u < c->nunits; u++) {
    if (!alive(s, u))
      continue;
    if (c->unit[u].side == s->side) {
      p->acting[p->nown] = !(s->u[u].flags & WC_ACTED);
      p->own[p->nown++] = u;
    } else
      p->en[p->nen++] = u;
  }
  precompute(p, s);
  size_t maxkids = 1;
  for (int a = 0; a < p->nown; a++)
    if (p->acting[a]) {
      int ncan = 0;
      for (int e = 0; e < p->nen; e++)
        ncan += p->can[a][e];
      maxkids += (size_t)p->npr[a] * (size_t)(1 + ncan);
    }
  size_t need = maxkids * (size_t)(p->nown + 1);
  if (need > p->kidcap) {
    child *k = realloc(p->kids, need * sizeof *k);
    if (k == NULL) {
      snprintf(err, SG_ERRLEN, "out of memory");
      return -1;
    }
    p->kids = k, p->kidcap = need;
  }
  p->maxkids = maxkids;
  int par[NS];
  p->k = o->k < 1 ? 1 : o->k > WP_MAX_K ? WP_MAX_K : o->k;
  if (o->independence && p->k == 1)
    find_groups(p, s, par);
  else {
    int first = -1;
    for (int a = 0; a < p->nown; a++) {
      par[a] = a;
      if (p->acting[a])
        par[a] = first < 0 ? (first = a) : first;
    }
  }
  p->plans = p->ops1 = p->nodes = 0;
  p->max_nodes = o->max_nodes;
  p->deadline = o->time > 0 ? t0 + o->time : 0;
  p->stopped = 0;
  p->use_bound = o->bound;
  p->use_memo = o->memo;
  p->dpmax = o->assign ? DPMAX : 0;
  long base = warplan_value(c, s, s->side), total = base;
  int n = 0;
  for (int g = 0; g < p->nown; g++) {
    if (!p->acting[g] || uf_find(par, g) != g)
      continue;
    r->groups++;
    for (int a = 0; a < p->nown; a++)
      p->active[a] = p->acting[a] && uf_find(par, a) == g;
    if (++p->gen > 0xffff) {
      memset(p->tab, 0, p->nslots * KW * sizeof(uint64_t));
      memset(p->tops, 0, sizeof p->tops);
      p->gen = 1;
    }
    p->found = 0;
    p->bestlen = 0;
    p->nalt = p->altorder = 0;
    p->st[0] = *s;
    if (!p->stopped)
      dfs(p, 0);
    if (p->k > 1 && p->nalt > 0) {   /* best first, ties in the order found */
      qsort(p->alt, (size_t)p->nalt, sizeof p->alt[0], cmp_alt);
      p->found = 1;
      p->best = p->alt[0].value;
      p->bestlen = p->alt[0].len;
      memcpy(p->bestpath, p->alt[0].path, (size_t)p->bestlen * sizeof(sg_move));
      for (int i = 0; i < p->nalt; i++) {
        wp_alt *x = &r->alt[i];
        x->nmoves = p->alt[i].len;
        memcpy(x->moves, p->alt[i].path, (size_t)x->nmoves * sizeof(sg_move));
        x->value = p->alt[i].value;
        x->win = wc_lost(c, &p->alt[i].end, 1 - s->side);
        x->score = clip_score(wc_score(c, &p->alt[i].end, s->side));
      }
      r->nalt = p->nalt;
    }
    if (p->found) {
      total += p->best - base;
      for (int i = 0; i < p->bestlen; i++)
        r->moves[n++] = p->bestpath[i];
    } else   /* stopped before a plan: the group's units stay */
      for (int a = 0; a < p->nown; a++)
        if (p->active[a])
          r->moves[n++] = WC_ACTION(p->own[a], s->u[p->own[a]].tile, WC_NO_TARGET);
  }
  r->nmoves = n;
  wc_state e = *s;
  for (int i = 0; i < n; i++)
    wc_act(c, &e, WC_UNIT(r->moves[i]), WC_TILE(r->moves[i]), WC_TARGET(r->moves[i]));
  r->value = warplan_value(c, &e, s->side);
  r->score = clip_score(wc_score(c, &e, s->side));
  r->win = wc_lost(c, &e, 1 - s->side);
  if (r->nalt == 0) {   /* k = 1, or nothing to plan: the one plan is the one alternative */
    r->nalt = 1;
    memcpy(r->alt[0].moves, r->moves, sizeof r->moves);
    r->alt[0].nmoves = n;
    r->alt[0].value = r->value;
    r->alt[0].score = r->score;
    r->alt[0].win = r->win;
  }
  r->plans = p->plans;
  r->ops1 = p->ops1;
  r->nodes = p->nodes;
  r->exact = !p->stopped;
  r->check = !r->exact || r->value == total;
  r->time = clock_now() - t0;
  return 0;
}
