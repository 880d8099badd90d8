/* starplan.c: the Star Chess computer player: requests, the turn generator and the prediction
   tree.  Section numbers refer to Nahr (2001); ../shared/rules/starchess.md fixes what the
   paper leaves open, and the comments marked "decision" fix what neither says. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "starplan.h"

const char *const sp_kind_names[SP_KINDS] = {
  "defend_homeworld", "defend_colony", "attack_homeworld", "attack_colony", "garrison",
  "colonise"
};

#define PLAY(c, s, m) starchess_class.play((c), (s), (m))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
/* The request table the tree gives player q's turns. */
#define PR_OF(T, q) ((q) == (T)->root ? (T)->pr : (T)->opr)

/* sc_distance as a table: the planner asks it in its inner loops. */
static const uint8_t dist[SC_SECTORS][SC_SECTORS] = {
  {0, 1, 2, 3, 1, 1, 2, 3, 2, 2, 2, 3, 3, 3, 3, 3},
  {1, 0, 1, 2, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3},
  {2, 1, 0, 1, 2, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3},
  {3, 2, 1, 0, 3, 2, 1, 1, 3, 2, 2, 2, 3, 3, 3, 3},
  {1, 1, 2, 3, 0, 1, 2, 3, 1, 1, 2, 3, 2, 2, 2, 3},
  {1, 1, 1, 2, 1, 0, 1, 2, 1, 1, 1, 2, 2, 2, 2, 2},
  {2, 1, 1, 1, 2, 1, 0, 1, 2, 1, 1, 1, 2, 2, 2, 2},
  {3, 2, 1, 1, 3, 2, 1, 0, 3, 2, 1, 1, 3, 2, 2, 2},
  {2, 2, 2, 3, 1, 1, 2, 3, 0, 1, 2, 3, 1, 1, 2, 3},
  {2, 2, 2, 2, 1, 1, 1, 2, 1, 0, 1, 2, 1, 1, 1, 2},
  {2, 2, 2, 2, 2, 1, 1, 1, 2, 1, 0, 1, 2, 1, 1, 1},
  {3, 2, 2, 2, 3, 2, 1, 1, 3, 2, 1, 0, 3, 2, 1, 1},
  {3, 3, 3, 3, 2, 2, 2, 3, 1, 1, 2, 3, 0, 1, 2, 3},
  {3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 2, 1, 0, 1, 2},
  {3, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 2, 1, 0, 1},
  {3, 3, 3, 3, 3, 2, 2, 2, 3, 2, 1, 1, 3, 2, 1, 0}
};
#define DIST(a, b) dist[a][b]

static int enemy_ships(const sc_state *s, int p, int sec) {
  return s->fl_owner[sec] && s->fl_owner[sec] != p ? s->ships[sec] : 0;
}

/* ---- section 3.2: CountThreats and the standard mask ---- */

/* Bit t of hood[s]: t is s or one of its 8 neighbours. */
static const uint16_t hood[SC_SECTORS] = {
  0x0033, 0x0077, 0x00ee, 0x00cc, 0x0333, 0x0777, 0x0eee, 0x0ccc, 0x3330, 0x7770, 0xeee0, 0xccc0, 0x3300, 0x7700, 0xee00, 0xcc00
};

void sp_threats(const sc_state *s, int p, int threats[SC_SECTORS], uint16_t *mask) {
  uint16_t near[SC_PLAYERS + 1] = {0};
  for (int i = 0; i < SC_SECTORS; i++) {
    if (s->col_owner[i])
      near[s->col_owner[i]] = (uint16_t)(near[s->col_owner[i]] | hood[i]);
    threats[i] = enemy_ships(s, p, i);
  }
  /* every enemy fleet threatens the neighbouring sectors its owner may move into */
  for (int a = 0; a < SC_SECTORS; a++) {
    int q = s->fl_owner[a];
    if (!q || q == p)
      continue;
    uint16_t reach = (uint16_t)(hood[a] & near[q] & ~(1u << a));
    for (int t = 0; reach; t++, reach >>= 1)
      if (reach & 1)
        threats[t] += s->ships[a];
  }
  uint16_t m = 0;
  for (int t = 0; t < SC_SECTORS; t++) {
    int reachable = near[p] >> t & 1;
    int safe = s->col_owner[t] == p && threats[t] == 0;
    if (reachable && !safe)
      m = (uint16_t)(m | 1u << t);
  }
  *mask = m;
}

/* ---- section 3.4.4: CreateRequests ---- */

static int size_of(const sp_size *z, int T) {
  int v = z->t * T + z->t3 * (T / 3) + z->add;
  return v < z->at_least ? z->at_least : v;
}

int sp_requests(const sp_priorities *pr, const sc_cfg *c, const sc_state *s, int p,
                uint16_t masked, sp_request out[SC_SECTORS]) {
  int threats[SC_SECTORS], n = 0;
  uint16_t std;
  (void)c;
  sp_threats(s, p, threats, &std);
  uint16_t enabled = (uint16_t)(std & ~masked);
  for (int k = 0; k < SC_SECTORS; k++) {
    int t = sc_order[p - 1][k], kind, T = threats[t];
    if (!(enabled >> t & 1))
      continue;
    int owner = s->col_owner[t];
    if (owner == p) {
      if (enemy_ships(s, p, t))
        kind = t == sc_homeworld[p - 1] ? SP_DEFEND_HOMEWORLD : SP_DEFEND_COLONY;
      else if (T > 0)
        kind = SP_GARRISON;
      else
        continue;   /* safe: nothing to ask for */
    } else if (owner)
      kind = t == sc_homeworld[owner - 1] ? SP_ATTACK_HOMEWORLD : SP_ATTACK_COLONY;
    else
      kind = SP_COLONISE;
    const sp_rule *r = &pr->rule[kind];
    sp_request *q = &out[n++];
    q->sector = t, q->kind = kind, q->priority = r->priority, q->colonise = r->colonise;
    q->threats = T;
    q->min = q->min0 = size_of(&r->min, T);
    q->max = q->max0 = size_of(&r->max, T);
  }
  /* by priority; within it the processing order they were made in (a stable sort) */
  for (int i = 1; i < n; i++) {
    sp_request x = out[i];
    int j = i;
    while (j > 0 && out[j - 1].priority > x.priority) {
      out[j] = out[j - 1];
      j--;
    }
    out[j] = x;
  }
  return n;
}

/* ---- section 3.4.3: CompLevel and its parts ---- */

typedef struct level {
  const sp_priorities *pr;
  const sc_cfg *c;
  sc_state *s;
  int p;
  sp_request req[SC_SECTORS];
  int nreq;
  int assigned[SC_SECTORS];   /* ships serving a request in each sector */
  sg_move *cmds;
  int ncmds;
} level;

/* Execute a command if it is legal, recording it. */
static int exec(level *L, sg_move m) {
  if (!sc_legal(L->c, L->s, m))
    return 0;
  PLAY(L->c, L->s, m);
  if (L->cmds && L->ncmds < SP_MAX_COMMANDS - 1)
    L->cmds[L->ncmds] = m;
  L->ncmds++;
  return 1;
}

/* Section 3.5.2: CompMoveStep.  One step of n ships from f towards t: straight there when
   next to it, else by the first unblocked legal first step of the equally short routes, in
   the player's processing order (decision); none: the ships stay.  Returns where the ships
   are. */
static int comp_move_step(level *L, int f, int t, int n) {
  if (DIST(f, t) == 1)
    return exec(L, SC_CMD(SC_MOVE, f, t, n)) ? t : f;
  int d = DIST(f, t);
  for (int k = 0; k < SC_SECTORS; k++) {
    int a = sc_order[L->p - 1][k];
    if (DIST(f, a) != 1 || DIST(a, t) != d - 1 || enemy_ships(L->s, L->p, a))
      continue;
    if (exec(L, SC_CMD(SC_MOVE, f, a, n)))
      return a;
  }
  return f;
}

/* Section 3.5.1: CompMove. */
static void comp_move(level *L) {
  const int *order = sc_order[L->p - 1];
  int fleet[SC_SECTORS], nf = 0, left[SC_SECTORS], active[SC_SECTORS];
  for (int k = 0; k < SC_SECTORS; k++) {   /* largest first, ties in processing order */
    int sec = order[k];
    if (L->s->fl_owner[sec] != L->p)
      continue;
    int j = nf++;
    while (j > 0 && L->s->ships[fleet[j - 1]] < L->s->ships[sec]) {
      fleet[j] = fleet[j - 1];
      j--;
    }
    fleet[j] = sec;
  }
  /* ships still to assign: all present ones may serve a request in their own sector, only
     active ones (not moved or built this turn) one elsewhere (section 3.5.1) */
  for (int i = 0; i < SC_SECTORS; i++) {
    int own = L->s->fl_owner[i] == L->p;
    left[i] = own ? L->s->ships[i] : 0;
    active[i] = own ? L->s->ships[i] - L->s->moved[i] - L->s->built[i] : 0;
  }
  for (int i = 0; i < nf; i++) {
    int f = fleet[i];
    /* this fleet's request list: by priority, then distance, then processing order */
    int idx[SC_SECTORS];
    for (int r = 0; r < L->nreq; r++) {
      int j = r;
      const sp_request *x = &L->req[r];
      while (j > 0) {
        const sp_request *y = &L->req[idx[j - 1]];
        if (y->priority < x->priority ||
            (y->priority == x->priority && DIST(f, y->sector) <= DIST(f, x->sector)))
          break;
        idx[j] = idx[j - 1];
        j--;
      }
      idx[j] = r;
    }
    for (int k = 0; k < L->nreq && left[f] > 0; k++) {
      sp_request *r = &L->req[idx[k]];
      int local = r->sector == f, suitable = local ? left[f] : active[f];
      if (r->max <= 0 || suitable <= 0 || suitable < r->min)
        continue;
      int n = suitable < r->max ? suitable : r->max;
      /* a supplementary fleet never goes alone against a larger enemy in the target */
      int e = enemy_ships(L->s, L->p, r->sector);
      if (r->min <= 0 && e > 0 && n <= e)
        continue;
      r->min -= n, r->max -= n;
      if (r->min < 0)
        r->min = 0;
      int inactive = left[f] - active[f];
      left[f] -= n;
      if (!local)
        active[f] -= n;
      else if (n > inactive)   /* staying: the ships that cannot move serve first */
        active[f] -= n - inactive;
      int at = local ? f : comp_move_step(L, f, r->sector, n);
      L->assigned[at] += n;
    }
  }
}

/* Where ships are built for a request (CompReqBuild) and gather for it (comp_gather): the
   request's sector when it holds an own colony, else the own colony nearest to it (distance,
   then processing order); -1 when the player has none. */
static int request_site(const level *L, int target) {
  if (L->s->col_owner[target] == L->p)
    return target;
  int site = -1;
  for (int j = 0; j < SC_SECTORS; j++) {
    int sec = sc_order[L->p - 1][j];
    if (L->s->col_owner[sec] == L->p && (site < 0 || DIST(sec, target) < DIST(site, target)))
      site = sec;
  }
  return site;
}

/* Beyond the paper (priorities.gather): CompMove serves a request only with a fleet that meets
   its minimal size alone, so an empire whose ships are spread in fleets smaller than every
   minimal size never acts (doc/starchess.md, "What stalls the games").  Here the idle ships
   (active and serving no request) go one step towards the site of the first unmet request, in
   request-list order, whose minimal size they meet together: the own colony nearest to the
   request's sector (request_site), not blockaded and not the request's own sector when enemy
   ships stand there.  Once gathered, CompMove's own rule sends them.  One request a turn. */
static void comp_gather(level *L) {
  const sc_state *s = L->s;
  int idle[SC_SECTORS];
  for (int i = 0; i < SC_SECTORS; i++) {
    int n = 0;
    if (s->fl_owner[i] == L->p) {
      int act = s->ships[i] - s->moved[i] - s->built[i], un = s->ships[i] - L->assigned[i];
      n = act < un ? act : un;
    }
    idle[i] = n > 0 ? n : 0;
  }
  for (int k = 0; k < L->nreq; k++) {
    const sp_request *r = &L->req[k];
    if (r->min <= 0 || r->max <= 0)
      continue;
    int site = request_site(L, r->sector);
    if (site < 0 || sc_blockaded(s, site))
      continue;
    int total = 0, away = 0;
    for (int i = 0; i < SC_SECTORS; i++) {
      total += idle[i];
      away += i != site ? idle[i] : 0;
    }
    if (total < r->min || away == 0)
      continue;
    for (int j = 0; j < SC_SECTORS; j++) {
      int f = sc_order[L->p - 1][j];
      if (f == site || idle[f] <= 0)
        continue;
      int at = comp_move_step(L, f, site, idle[f]);
      L->assigned[at] += idle[f];
    }
    L->assigned[site] += idle[site];
    return;
  }
}

/* The ships player p's net income supports (rules file: support capacity); with `reserves`,
   as CompSupBuild and CompScrap count it, the income is raised by a share of each reserve. */
static int capacity(const level *L, int reserves) {
  long m, cr;
  sc_net_income(L->c, L->s, L->p, &m, &cr);
  if (reserves && L->pr->reserve_turns > 0) {
    m += L->s->materials[L->p - 1] / L->pr->reserve_turns;
    cr += L->s->credits[L->p - 1] / L->pr->reserve_turns;
  }
  long cap = sc_supported(L->c, m, cr);
  return cap < 0 ? 0 : (int)cap;
}

static int build(level *L, int sec, int n) {
  int why, lim = sc_build_limit(L->c, L->s, L->p, sec, &why);
  if (n > lim)
    n = lim;
  if (n <= 0 || !exec(L, SC_CMD(SC_BUILD, sec, 0, n)))
    return 0;
  return n;
}

/* Section 3.4.5: CompReqBuild.  Requests whose minimal size was not met get that many ships,
   at the request's sector when it holds an own colony, else at the own colony nearest to it;
   within the support capacity except on blockaded colonies. */
static void comp_req_build(level *L) {
  int cap = capacity(L, 0), ships = sc_ships(L->s, L->p);
  for (int k = 0; k < L->nreq; k++) {
    sp_request *r = &L->req[k];
    if (r->min <= 0)
      continue;
    int site = request_site(L, r->sector);
    if (site < 0)
      continue;
    int n = r->min;
    int blockade = sc_blockaded(L->s, site);
    if (!blockade && n > cap - ships)
      n = cap - ships;
    n = build(L, site, n);
    if (n > 0) {
      ships += blockade ? 0 : n;
      r->min -= n, r->max -= n;
      L->assigned[site] += n;
    }
  }
}

/* Section 3.4.5: CompColonise. */
static void comp_colonise(level *L) {
  for (int k = 0; k < L->nreq; k++) {
    const sp_request *r = &L->req[k];
    int sec = r->sector;
    if (!r->colonise || L->s->fl_owner[sec] != L->p || L->s->ships[sec] < r->min0)
      continue;
    if (exec(L, SC_CMD(SC_COLONISE, sec, 0, 0))) {
      L->assigned[sec] -= L->c->colonise_ships;
      if (L->assigned[sec] < 0)
        L->assigned[sec] = 0;
    }
  }
}

/* The ships CompSupBuild may add: n with ships + n within the capacity counting the reserves
   left after paying for the n ships, so that CompScrap, which counts the same reserves after
   the building, finds nothing to scrap.  With r = reserve_turns, u the support and k the price
   of a ship in one resource, income I and reserve R: u (ships + n) <= I + (R - k n) / r, that
   is n <= (r I + R - r u ships) / (r u + k); the floors of the integer capacity are then
   settled by stepping down. */
static int sup_room(const level *L, int ships) {
  int r = L->pr->reserve_turns;
  if (r <= 0)
    return capacity(L, 0) - ships;
  long im, ic;
  sc_net_income(L->c, L->s, L->p, &im, &ic);
  const sc_cfg *c = L->c;
  long long best = 999999;
  long long in[2] = {im, ic}, res[2] = {L->s->materials[L->p - 1], L->s->credits[L->p - 1]};
  int u[2] = {c->support_materials, c->support_credits}, k[2] = {c->ship_materials, c->ship_credits};
  for (int i = 0; i < 2; i++) {
    long long den = (long long)r * u[i] + k[i];
    if (den <= 0)
      continue;
    long long n = ((long long)r * in[i] + res[i] - (long long)r * u[i] * ships) / den;
    if (n < best)
      best = n;
  }
  if (c->material_price > 0) {
    /* credits pay for the materials short (rules file), so the materials bound above no
       longer holds; the credits bound does (paying in credits only costs more of them).  The
       largest n within it that the capacity as CompScrap computes it, on the reserves left
       after paying for the n ships, covers: by bisection, the test being monotone in n */
    long long lo = 0, hi = best;
    long long den = (long long)r * u[1] + k[1];
    if (den > 0)
      hi = ((long long)r * in[1] + res[1] - (long long)r * u[1] * ships) / den;
    while (lo < hi) {
      long long mid = (lo + hi + 1) / 2, m = res[0], cr = res[1];
      sc_pay(c, &m, &cr, mid, k[0], k[1]);
      if (sc_supported(c, (long)(in[0] + m / r), (long)(in[1] + cr / r)) >= ships + mid)
        lo = mid;
      else
        hi = mid - 1;
    }
    return (int)(lo > 999999 ? 999999 : lo);
  }
  for (; best > 0; best--) {   /* the capacity as CompScrap will compute it */
    int fits = 1;
    for (int i = 0; i < 2 && fits; i++)
      if (u[i] > 0)
        fits = (long long)u[i] * (ships + best) <= in[i] + (res[i] - k[i] * best) / r;
    if (fits)
      break;
  }
  return best < 0 ? 0 : (int)best;
}

/* Section 3.4.6: CompSupBuild, at the most populous unblockaded colonies first. */
static void comp_sup_build(level *L) {
  int want = sup_room(L, sc_ships(L->s, L->p));
  int done[SC_SECTORS] = {0};
  while (want > 0) {
    int best = -1;
    for (int k = 0; k < SC_SECTORS; k++) {
      int sec = sc_order[L->p - 1][k];
      if (L->s->col_owner[sec] == L->p && !done[sec] && !sc_blockaded(L->s, sec) &&
          (best < 0 || L->s->pop[sec] > L->s->pop[best]))
        best = sec;
    }
    if (best < 0)
      break;
    done[best] = 1;
    want -= build(L, best, want);
  }
}

/* Section 3.4.6: CompScrap, ships serving no request, in processing order. */
static void comp_scrap(level *L) {
  int excess = sc_ships(L->s, L->p) - capacity(L, 1);
  for (int k = 0; k < SC_SECTORS && excess > 0; k++) {
    int sec = sc_order[L->p - 1][k];
    if (L->s->fl_owner[sec] != L->p)
      continue;
    int free_ = L->s->ships[sec] - L->assigned[sec];
    int n = free_ < excess ? free_ : excess;
    if (n > 0 && exec(L, SC_CMD(SC_SCRAP, sec, 0, n)))
      excess -= n;
  }
}

/* Beyond the paper (priorities.terraform = "balance"): terraform the unblockaded barren colony
   that raises the ships the net income supports the most, if any does: an empire short of
   credits gains by it, one short of materials loses (the paper's rule turns material producers
   into credit producers whatever the empire lacks). */
static void comp_terraform_balance(level *L) {
  const sc_cfg *c = L->c;
  if (L->s->materials[L->p - 1] < c->terraform_cost)
    return;
  long m, cr;
  sc_net_income(c, L->s, L->p, &m, &cr);
  long base = sc_supported(c, m, cr), top = base;
  int best = -1;
  for (int k = 0; k < SC_SECTORS; k++) {
    int sec = sc_order[L->p - 1][k], n = L->s->pop[sec];
    if (L->s->col_owner[sec] != L->p || L->s->terran >> sec & 1 || sc_blockaded(L->s, sec))
      continue;
    long m2 = m - MIN(n * c->barren_materials, c->barren_materials_cap) +
              MIN(n * c->terran_materials, c->terran_materials_cap);
    long c2 = cr + MIN(n * c->barren_credits_use, c->barren_credits_use_cap) +
              MIN(n * c->terran_credits, c->terran_credits_cap);
    long v = sc_supported(c, m2, c2);
    if (v > top)
      top = v, best = sec;
  }
  if (best >= 0)
    exec(L, SC_CMD(SC_TERRAFORM, best, 0, 0));
}

/* Section 3.4.6: CompTerraform: with at least two barren colonies and at most twice as many
   terran ones, the most populous unblockaded barren colony, one at a time. */
static void comp_terraform(level *L) {
  if (L->pr->terraform_balance) {
    comp_terraform_balance(L);
    return;
  }
  int barren = 0, terran = 0, best = -1;
  for (int k = 0; k < SC_SECTORS; k++) {
    int sec = sc_order[L->p - 1][k];
    if (L->s->col_owner[sec] != L->p)
      continue;
    if (L->s->terran >> sec & 1)
      terran++;
    else {
      barren++;
      if (!sc_blockaded(L->s, sec) && (best < 0 || L->s->pop[sec] > L->s->pop[best]))
        best = sec;
    }
  }
  if (barren >= 2 && terran <= 2 * barren && best >= 0 &&
      L->s->materials[L->p - 1] >= L->c->terraform_cost)
    exec(L, SC_CMD(SC_TERRAFORM, best, 0, 0));
}

int sp_comp_level(const sp_priorities *pr, const sc_cfg *c, sc_state *s, uint16_t masked,
                  sg_move *cmds) {
  level L;
  memset(L.assigned, 0, sizeof L.assigned);
  L.pr = pr, L.c = c, L.s = s, L.p = s->player + 1, L.cmds = cmds, L.ncmds = 0;
  if (starchess_class.status(c, s, NULL) == SG_PLAYING) {
    L.nreq = sp_requests(pr, c, s, L.p, masked, L.req);
    comp_move(&L);
    if (pr->gather)
      comp_gather(&L);
    comp_req_build(&L);
    comp_colonise(&L);
    comp_sup_build(&L);
    comp_scrap(&L);
    comp_terraform(&L);
    exec(&L, SC_CMD(SC_END, 0, 0, 0));
  }
  return L.ncmds;
}

/* ---- section 2.2.2: the masks ---- */

int sp_masks(const sp_request *req, int n, uint16_t *out) {
  int k = 0;
  out[k++] = 0;
  for (int i = 0; i < n; i++)
    out[k++] = (uint16_t)(1u << req[i].sector);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      out[k++] = (uint16_t)(1u << req[i].sector | 1u << req[j].sector);
  return k;
}

/* Beyond the paper: the masks of sp_masks, then every request but one masked (the whole effort
   on one objective), then each priority class masked, then all but one class.  Masks that
   sp_masks has already (three requests or fewer) are not repeated. */
int sp_masks_wide(const sp_request *req, int n, uint16_t *out) {
  int k = sp_masks(req, n, out);
  uint16_t all = 0, cls[5] = {0};
  int ncls[5] = {0};
  for (int i = 0; i < n; i++) {
    all = (uint16_t)(all | 1u << req[i].sector);
    cls[req[i].priority] = (uint16_t)(cls[req[i].priority] | 1u << req[i].sector);
    ncls[req[i].priority]++;
  }
  if (n > 3)
    for (int i = 0; i < n; i++)
      out[k++] = (uint16_t)(all & ~(1u << req[i].sector));
  for (int p = 1; p <= 4; p++) {
    if (ncls[p] > 2 && ncls[p] < n)
      out[k++] = cls[p];
    if (n - ncls[p] > 2 && ncls[p] > 0)
      out[k++] = (uint16_t)(all & ~cls[p]);
  }
  return k;
}

/* ---- sections 3.4.1-3.4.2: TreePredict and CompTurn ---- */

#define MAX_LEVELS 64
#define MAX_MASKS SP_MAX_MASKS

typedef struct model_ws model_ws;

typedef struct tree {
  const sp_priorities *pr, *opr;   /* the root player's request table, the others' */
  const sc_cfg *c;
  const sp_options *o;
  int root;                        /* p(1), 1..4 */
  int levels;
  int player[MAX_LEVELS];          /* the player of each level */
  int turn_of[MAX_LEVELS];         /* the full turn of the tree a level is in, from 0 */
  uint64_t generated, evaluated;
  int stop, poll, timed_out;
  int interrupted;                 /* a stop not by the time (search_root's threads) */
  double deadline;                 /* clock_now() to stop at; 0: none */
  model_ws *mws;                   /* room for the opponents' own trees (o->model) */
} tree;

/* EvalPlayers at a leaf; with a rollout, after that many more full turns in which every player
   plays its unmasked request list (the paper's own turn generator as a default policy), so
   that what a blockade or an attack leads to beyond the tree's horizon is seen. */
static void evaluate(tree *T, const sc_state *s, int *v) {
  T->evaluated++;
  if (T->o->rollout <= 0) {
    sc_eval(T->c, s, v);
    return;
  }
  sc_state x = *s;
  int until = x.turn + T->o->rollout;
  while (x.turn < until && starchess_class.status(T->c, &x, NULL) == SG_PLAYING) {
    sp_comp_level(PR_OF(T, x.player + 1), T->c, &x, 0, NULL);
    T->generated++;
  }
  sc_eval(T->c, &x, v);
}

static void predict(tree *T, int l, const sc_state *s, int *best);
static void model_turn(tree *T, sc_state *s);

/* The turns of one node's masks.  Masks whose turns end in the same position (a masked
   request that would have received nothing, say) lead to the same subtree: with `dedupe`
   each is searched once and its copies take its scores, which changes no result, since the
   first of equal scores wins either way. */
typedef struct kids {
  sc_state s[MAX_MASKS];
  uint64_t key[MAX_MASKS];
  uint8_t first[MAX_MASKS];   /* the first mask with the same position (itself if none) */
} kids;

/* What an opponent's own tree needs beyond the stack: its root's children and their scores,
   allocated once per search thread (no allocation inside the search). */
struct model_ws {
  kids K;
  int scores[MAX_MASKS][SC_PLAYERS];
};

static void make_kids(tree *T, const sc_state *s, const uint16_t *masks, int nm, kids *K) {
  for (int i = 0; i < nm; i++) {
    K->s[i] = *s;
    sp_comp_level(PR_OF(T, s->player + 1), T->c, &K->s[i], masks[i], NULL);
    T->generated++;
    K->first[i] = (uint8_t)i;
    if (!T->o->dedupe)
      continue;
    K->key[i] = starchess_class.hash(T->c, &K->s[i]);
    for (int j = 0; j < i; j++)
      if (K->first[j] == j && K->key[j] == K->key[i] && sc_same(&K->s[j], &K->s[i])) {
        K->first[i] = (uint8_t)j;
        break;
      }
  }
}

/* The score vector of a child at level l + 1 (or evaluated when l is the last level). */
static void child_scores(tree *T, int l, const sc_state *child, int *v) {
  if (l == T->levels - 1)
    evaluate(T, child, v);
  else
    predict(T, l + 1, child, v);
}

/* A level that branches over masks: the best for its player q, the first of equal ones.  Kept
   out of predict so that only branching levels carry the children on the stack. */
static __attribute__((noinline)) void branch(tree *T, int l, int q, const sc_state *s,
                                             const uint16_t *masks, int nm, int *best) {
  kids K;
  int v[MAX_MASKS][SC_PLAYERS];
  make_kids(T, s, masks, nm, &K);
  for (int i = 0; i < nm; i++) {
    if (K.first[i] != i)
      memcpy(v[i], v[K.first[i]], sizeof v[i]);
    else
      child_scores(T, l, &K.s[i], v[i]);
    if (i == 0 || v[i][q - 1] > best[q - 1])
      memcpy(best, v[i], sizeof v[i]);
  }
}

/* Poll the interrupt every 256 positions generated (a countdown: the count itself moves by
   more than one between calls and could step over a multiple). */
static int stopped(tree *T) {
  if (--T->poll <= 0) {
    T->poll = 256;
    if (interrupt_pending())
      T->stop = 1;
    else if (T->deadline > 0 && clock_now() > T->deadline)
      T->stop = T->timed_out = 1;
  }
  return T->stop;
}

/* The best score vector for the player of level l, from state s (max^n). */
static void predict(tree *T, int l, const sc_state *s, int *best) {
  int q = T->player[l];
  if (stopped(T)) {
    memset(best, 0, SC_PLAYERS * sizeof(int));
    return;
  }
  if (starchess_class.status(T->c, s, NULL) != SG_PLAYING) {
    evaluate(T, s, best);   /* the game is over: nothing more to predict */
    return;
  }
  if (s->defeated >> (q - 1) & 1 || s->player + 1 != q) {
    /* a defeated player's level: one empty command sequence */
    T->generated++;
    child_scores(T, l, s, best);
    return;
  }
  if (T->o->model && q != T->root && T->turn_of[l] < T->o->model->turns) {
    sc_state child = *s;   /* the opponent's own turn, as its own player plays it */
    model_turn(T, &child);
    T->generated++;
    child_scores(T, l, &child, best);
    return;
  }
  if (T->o->masks && (q == T->root || !T->o->prune)) {
    uint16_t masks[MAX_MASKS];
    sp_request req[SC_SECTORS];
    int nr = sp_requests(PR_OF(T, q), T->c, s, q, 0, req);
    int nm = sp_masks(req, nr, masks);   /* wide masks only for the decision at the root */
    if (nm > 1) {
      branch(T, l, q, s, masks, nm, best);
      return;
    }
  }
  sc_state child = *s;   /* one turn: the unmasked request list */
  sp_comp_level(PR_OF(T, q), T->c, &child, 0, NULL);
  T->generated++;
  child_scores(T, l, &child, best);
}

typedef struct job {
  tree t;                          /* a private copy: counts and the stop flag */
  const kids *K;                   /* the root's children */
  int nm;
  atomic_int *next;                /* the next root mask to take, shared by the threads */
  int (*scores)[SC_PLAYERS];       /* per root mask */
  uint8_t *done;                   /* per root mask: its subtree searched to the end */
} job;

/* Take root masks one at a time until none is left: subtrees differ widely in size, so a
   fixed split would leave a thread idle.  Each mask's scores go to its own slot, and the
   best is chosen afterwards in enumeration order: the result never depends on the threads. */
static void *run_job(void *arg) {
  job *j = arg;
  for (int i; !j->t.stop && (i = atomic_fetch_add(j->next, 1)) < j->nm;)
    if (j->K->first[i] == i) {
      child_scores(&j->t, 0, &j->K->s[i], j->scores[i]);
      j->done[i] = !j->t.stop;
    }
  return NULL;
}

/* CompTurn's set-up: T for a turn of the player to move in s, a player to every level in the
   order of play. */
static void tree_init(tree *T, const sp_priorities *pr, const sc_cfg *c, const sc_state *s,
                      const sp_options *o) {
  memset(T, 0, sizeof *T);
  T->pr = pr, T->c = c, T->o = o, T->root = s->player + 1;
  T->opr = o->others ? o->others : pr;
  T->levels = o->levels < 1 ? 1 : o->levels > MAX_LEVELS ? MAX_LEVELS : o->levels;
  if (!o->masks)
    T->levels = 1;   /* no alternatives: a tree could only confirm the one turn there is */
  for (int l = 0, p = T->root, turn = -1; l < T->levels;) {
    if (!o->skip_dead || !(s->defeated >> (p - 1) & 1)) {
      turn += p == T->root;
      T->turn_of[l] = turn;
      T->player[l++] = p;
    }
    p = p % SC_PLAYERS + 1;
  }
}

/* The root's masks (sp_masks, or sp_masks_wide with `wide`; the unmasked list alone without
   `masks`); returns their number. */
static int root_masks(const tree *T, const sc_state *s, uint16_t *masks) {
  masks[0] = 0;
  if (!T->o->masks)
    return 1;
  sp_request req[SC_SECTORS];
  int nr = sp_requests(T->pr, T->c, s, T->root, 0, req);
  return T->o->wide ? sp_masks_wide(req, nr, masks) : sp_masks(req, nr, masks);
}

/* TreePredict below the root: the subtrees of the root's children K (nm masks), shared by
   up to o->threads threads (thread i with the model's room ws[i], if any); each mask's
   scores in scores[], and the index of the best returned: the first best in enumeration
   order, whatever the threads, among the masks searched to the end (all of them unless the
   time ran out; none: the unmasked turn).  Counts and stop flags are added to T. */
static int search_root(tree *T, const kids *K, int nm, int (*scores)[SC_PLAYERS], model_ws *ws) {
  uint8_t done[MAX_MASKS] = {0};
  int nt = T->o->threads < 1 ? 1 : T->o->threads > 64 ? 64 : T->o->threads;
  if (nt > nm)
    nt = nm;
  job jobs[64];
  pthread_t tid[64];
  atomic_int next;
  atomic_init(&next, 0);
  for (int i = 0; i < nt; i++) {
    jobs[i].t = *T;
    jobs[i].t.generated = jobs[i].t.evaluated = 0;
    jobs[i].t.mws = ws ? &ws[i] : NULL;
    jobs[i].K = K, jobs[i].scores = scores, jobs[i].done = done;
    jobs[i].nm = nm, jobs[i].next = &next;
  }
  int started = 0;
  for (int i = 1; i < nt; i++)
    if (pthread_create(&tid[i], NULL, run_job, &jobs[i]) == 0)
      started = i;
    else
      break;
  run_job(&jobs[0]);
  for (int i = 1; i <= started; i++)
    pthread_join(tid[i], NULL);
  for (int i = started + 1; i < nt; i++)   /* threads that could not start: run here */
    run_job(&jobs[i]);
  for (int i = 0; i < nm; i++)
    if (K->first[i] != i)
      memcpy(scores[i], scores[K->first[i]], sizeof scores[i]);
  int best = 0;
  for (int i = 1; i < nm; i++)
    if (done[K->first[i]] && (!done[K->first[best]] ||
                              scores[i][T->root - 1] > scores[best][T->root - 1]))
      best = i;
  for (int i = 0; i < nt; i++) {
    T->generated += jobs[i].t.generated;
    T->evaluated += jobs[i].t.evaluated;
    T->stop |= jobs[i].t.stop;
    T->timed_out |= jobs[i].t.timed_out;
    T->interrupted |= jobs[i].t.interrupted || (jobs[i].t.stop && !jobs[i].t.timed_out);
  }
  return best;
}

/* Beyond the paper (opponent_model = "predict"): the turn of the player to move in s as its
   own player plays it, its whole CompTurn with its request table, evaluation and search, in
   T's room for it; s becomes the position after that turn.  The opponent's tree has no model
   of its own and one thread; it keeps T's deadline, and a stop in it stops T. */
static void model_turn(tree *T, sc_state *s) {
  const sp_model *m = T->o->model;
  tree M;
  tree_init(&M, m->pr, m->c, s, m->o);
  M.deadline = T->deadline;
  uint16_t masks[MAX_MASKS];
  int nm = root_masks(&M, s, masks);
  make_kids(&M, s, masks, nm, &T->mws->K);
  int best = search_root(&M, &T->mws->K, nm, T->mws->scores, NULL);
  *s = T->mws->K.s[best];   /* CompLevel with the best mask: the turn played */
  T->generated += M.generated;
  T->evaluated += M.evaluated;
  if (M.stop)
    T->stop = 1, T->timed_out |= M.timed_out, T->interrupted |= M.interrupted;
}

/* Beyond the paper (model.top = k): the root's children K searched first with the opponents'
   request tables (T's options without the model), then the k best of them for the root
   player, the first of equal ones, searched again with the model, into a kids of their own
   (allocated here, before either search); the best of those k by the model's scores is
   returned, and every mask's scores in scores[] are the model's for the k, the table's for
   the others.  A stop (the time, Ctrl-C) in either search plays the first search's best.
   The same result for any number of threads, as search_root's. */
static int search_top(tree *T, const kids *K, int nm, int (*scores)[SC_PLAYERS], model_ws *ws) {
  sp_options plain = *T->o;
  plain.model = NULL;
  tree P = *T;
  P.o = &plain;
  P.generated = P.evaluated = 0;
  int k = T->o->model->top, pick[MAX_MASKS], np = 0;
  kids *K2 = malloc(sizeof *K2);
  if (!K2)
    return search_root(T, K, nm, scores, ws);   /* no room: every child with the model */
  int b1 = search_root(&P, K, nm, scores, NULL);
  T->generated += P.generated, T->evaluated += P.evaluated;
  T->stop |= P.stop, T->timed_out |= P.timed_out, T->interrupted |= P.interrupted;
  if (T->stop) {
    free(K2);
    return b1;
  }
  int q = T->root - 1;
  /* the k best distinct children by the first search, each the first of its position */
  uint8_t taken[MAX_MASKS] = {0};
  while (np < k) {
    int b = -1;
    for (int i = 0; i < nm; i++)
      if (K->first[i] == i && !taken[i] && (b < 0 || scores[i][q] > scores[b][q]))
        b = i;
    if (b < 0)
      break;
    taken[b] = 1;
    pick[np++] = b;
  }
  /* in enumeration order, so that the first of equal scores is the first mask, as always */
  for (int i = 1; i < np; i++)
    for (int j = i; j > 0 && pick[j - 1] > pick[j]; j--) {
      int t = pick[j];
      pick[j] = pick[j - 1], pick[j - 1] = t;
    }
  for (int i = 0; i < np; i++) {
    K2->s[i] = K->s[pick[i]];
    K2->first[i] = (uint8_t)i;
  }
  int v2[MAX_MASKS][SC_PLAYERS];
  int b2 = search_root(T, K2, np, v2, ws);
  free(K2);
  if (T->stop)
    return b1;
  for (int i = 0; i < np; i++)
    memcpy(scores[pick[i]], v2[i], sizeof v2[i]);
  return pick[b2];
}

int sp_comp_turn(const sp_priorities *pr, const sc_cfg *c, const sc_state *s,
                 const sp_options *o, sp_result *r, char *err) {
  memset(r, 0, sizeof *r);
  if (starchess_class.status(c, s, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no turn to plan");
    return -1;
  }
  if (o->model && (o->model->o->model || o->model->o->threads > 1 || o->model->o->time > 0)) {
    snprintf(err, SG_ERRLEN, "search: the opponents' model must search with one thread, no "
             "time and no model of its own");
    return -1;
  }
  tree T;
  tree_init(&T, pr, c, s, o);
  uint16_t masks[MAX_MASKS];
  int nm = root_masks(&T, s, masks);
  int nt = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads;
  int (*scores)[SC_PLAYERS] = malloc((size_t)nm * sizeof *scores);
  kids *K = malloc(sizeof *K);
  model_ws *ws = o->model ? malloc((size_t)(nt < nm ? nt : nm) * sizeof *ws) : NULL;
  if (!scores || !K || (o->model && !ws)) {
    free(scores), free(K), free(ws);
    snprintf(err, SG_ERRLEN, "search: out of memory");
    return -1;
  }
  T.deadline = o->time > 0 ? clock_now() + o->time : 0;
  make_kids(&T, s, masks, nm, K);   /* the root's turns, before the threads share them */
  int best;
  if (o->model && o->model->top > 0 && o->model->top < nm)
    best = search_top(&T, K, nm, scores, ws);
  else
    best = search_root(&T, K, nm, scores, ws);
  free(K), free(ws);
  r->generated = T.generated;
  r->evaluated = T.evaluated;
  r->interrupted = T.interrupted;
  r->complete = !T.stop;
  r->mask = masks[best];
  memcpy(r->scores, scores[best], sizeof r->scores);
  free(scores);
  sc_state final = *s;
  r->ncmds = sp_comp_level(pr, c, &final, r->mask, r->cmds);
  if (r->ncmds > SP_MAX_COMMANDS - 1)
    r->ncmds = SP_MAX_COMMANDS - 1;
  return 0;
}
