/* 011-warplan.c: the war chess single-turn planner against a brute force: on random small
   scenarios (square4, square8 and hex boards 6x6 to 10x10, terrain, 1-4 units a side with MP 1
   to 3, swordsmen and archers, enemies close enough to attack and kill, leaders, random
   weights) its value is the best value over every plan, with each of its devices (table,
   bound, independence) alone and all together; its moves are legal and reach an end state of
   that score.  Independent groups on dispersed units; limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/warenum.h"
#include "ai/warplan.h"
#include "core/rng.h"
#include "games/warchess.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &warchess_class;

static void load(const char *text, wc_cfg *c, wc_state *s) {
  char err[SG_ERRLEN];
  defaults_load(C, c);
  if (C->setup(c, text, err) != 0 || C->init(c, s, text, 0, err) != 0)
    bail("bad test position: %s\n%s", err, text);
}

/* ---- the brute force: every plan, depth first, no table, no bound ---- */

static wc_scratch BW;
static uint64_t bf_plans;

static long brute(const wc_cfg *c, const wc_state *s) {
  int side = s->side, any = 0;
  long best = 0;
  int found = 0;
  if (wc_lost(c, s, 1 - side)) {
    bf_plans++;
    return WP_WIN;
  }
  for (int u = 0; u < c->nunits; u++) {
    if (c->unit[u].side != side || (s->u[u].flags & (WC_ALIVE | WC_ACTED)) != WC_ALIVE)
      continue;
    any = 1;
    uint16_t tiles[WC_MAX_REACH];
    int nt = wc_move_range(c, s, u, &BW, tiles);
    for (int i = 0; i < nt; i++) {
      wc_state t = *s;
      wc_act(c, &t, u, tiles[i], WC_NO_TARGET);
      uint8_t tg[WC_MAX_UNITS];
      int k = wc_targets(c, &t, u, tiles[i], tg);
      for (int j = -1; j < k; j++) {
        wc_state x = *s;
        wc_act(c, &x, u, tiles[i], j < 0 ? WC_NO_TARGET : tg[j]);
        long v = brute(c, &x);
        if (!found || v > best)
          best = v, found = 1;
      }
    }
  }
  if (!any) {
    bf_plans++;
    return wc_score(c, s, side);
  }
  return best;
}

/* Every leaf's (end-state hash, value), for the best-K check. */
typedef struct leafv {
  uint64_t h;
  long v;
} leafv;
static leafv *LV;
static size_t nlv, caplv;

static void collect(const wc_cfg *c, const wc_state *s) {
  int side = s->side, any = 0;
  if (!wc_lost(c, s, 1 - side))
    for (int u = 0; u < c->nunits; u++) {
      if (c->unit[u].side != side || (s->u[u].flags & (WC_ALIVE | WC_ACTED)) != WC_ALIVE)
        continue;
      any = 1;
      uint16_t tiles[WC_MAX_REACH];
      int nt = wc_move_range(c, s, u, &BW, tiles);
      for (int i = 0; i < nt; i++) {
        wc_state t = *s;
        wc_act(c, &t, u, tiles[i], WC_NO_TARGET);
        uint8_t tg[WC_MAX_UNITS];
        int k = wc_targets(c, &t, u, tiles[i], tg);
        for (int j = -1; j < k; j++) {
          wc_state x = *s;
          wc_act(c, &x, u, tiles[i], j < 0 ? WC_NO_TARGET : tg[j]);
          collect(c, &x);
        }
      }
    }
  if (any)
    return;
  if (nlv == caplv) {
    caplv = caplv ? caplv * 2 : 4096;
    LV = realloc(LV, caplv * sizeof *LV);
    if (!LV)
      bail("out of memory");
  }
  LV[nlv].h = wc_units_hash(c, s);
  LV[nlv++].v = wc_lost(c, s, 1 - side) ? WP_WIN : wc_score(c, s, side);
}

static int by_hash(const void *x, const void *y) {
  const leafv *a = x, *b = y;
  return a->h < b->h ? -1 : a->h > b->h;
}

static int by_value_desc(const void *x, const void *y) {
  const leafv *a = x, *b = y;
  return a->v > b->v ? -1 : a->v < b->v;
}

/* ---- random scenarios ---- */

static sg_rng R;

static int rnd(int n) { return (int)(rng_next(&R) % (uint64_t)n); }

static const char *boards[3] = {"square4", "square8", "hex"};

/* A random scenario text: the armies in a band of the board so that units meet; big: two
   clusters of up to 6 units a side; close: close combat, 3 or 4 units a side mixed in a 4x4
   square, MP 2 or 3, hard hitters (several enemies may die, not all at once). */
static const char *random_text(int *nunits, int big, int close) {
  static char buf[8192];
  /* one in three: two clusters in opposite corners of a 10x10 board (independent groups) */
  int split = !close && (big || rnd(2) == 0);
  int w = split ? 10 : 6 + rnd(5), h = split ? 10 : 6 + rnd(5), b = rnd(3);
  size_t k = 0;
  char grid[10][11];
  k += (size_t)snprintf(buf + k, sizeof buf - k,
                        "board %s %d %d\nkind swordsman 2 10 4 1\nkind archer 2 6 3 2\n"
                        "terrain . plain 1 1 -\nterrain A hill x x -\nterrain B water x x s\n"
                        "terrain F forest 2 1 -\n", boards[b], w, h);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      int r = rnd(100);
      grid[y][x] = r < 80 ? '.' : r < 87 ? 'A' : r < 93 ? 'B' : 'F';
    }
    grid[y][w] = '\0';
    k += (size_t)snprintf(buf + k, sizeof buf - k, "row %s\n", grid[y]);
  }
  int n[2] = {1 + rnd(big ? 6 : 4), 1 + rnd(big ? 6 : 4)}, used[10][10] = {{0}}, total = 0;
  int cx = rnd(w), cy = rnd(h), spread = split ? 3 : 5, maxmp = split ? 2 : 3;
  if (close)
    n[0] = 3 + rnd(2), n[1] = 3 + rnd(2), spread = 4, cx = w / 2, cy = h / 2;
  for (int sd = 0; sd < 2; sd++)
    for (int i = 0; i < n[sd]; i++) {
      int x, y, tries = 0;
      if (split) {
        int far = rnd(2);
        cx = far ? w - 2 : 1, cy = far ? h - 2 : 1;
      }
      do {
        x = cx + rnd(spread) - spread / 2, y = cy + rnd(spread) - spread / 2;
        tries++;
      } while (tries < 200 && (x < 0 || y < 0 || x >= w || y >= h || used[y][x] ||
                               grid[y][x] == 'A' || grid[y][x] == 'B'));
      if (tries >= 200)
        continue;
      used[y][x] = 1;
      int archer = rnd(3) == 0;
      int hpmax = archer ? 6 : 10, hp = close ? hpmax / 2 + rnd(hpmax / 2) : 1 + rnd(hpmax);
      int mp = close ? 2 + (n[sd] == 3 && rnd(2)) : 1 + rnd(maxmp);
      int atk = close ? 3 + rnd(3) : 2 + rnd(5);
      k += (size_t)snprintf(buf + k, sizeof buf - k,
                            "unit %s %s %d,%d hp %d/%d mp %d atk %d range %d%s\n",
                            sd ? "blue" : "red", archer ? "archer" : "swordsman", x + 1, y + 1,
                            hp, hpmax, mp, atk, archer ? 2 : 1,
                            rnd(close ? 8 : 4) == 0 ? " leader" : "");
      total++;
    }
  int side = rnd(2);
  snprintf(buf + k, sizeof buf - k, "side %s\nturn 1\n", side ? "blue" : "red");
  /* one in five: a unit of the side to move has acted already (a turn under way) */
  if (rnd(5) == 0) {
    char *line = strstr(buf, side ? "unit blue" : "unit red");
    if (line) {
      char *eol = strchr(line, '\n');
      memmove(eol + 6, eol, strlen(eol) + 1);
      memcpy(eol, " acted", 6);
    }
  }
  *nunits = total;
  return buf;
}

static void random_weights(wc_cfg *c) {
  switch (rnd(4)) {
  case 0:
    break;   /* the defaults */
  case 1:
    defaults_set(C, c, "threat", 0);
    defaults_set(C, c, "position", 0);
    break;
  case 2:   /* one after the other: the same draws of rnd as always */
    defaults_set(C, c, "unit_value", rnd(300) - 50);
    defaults_set(C, c, "leader_value", rnd(500) - 100);
    defaults_set(C, c, "hp", rnd(30) - 5);
    defaults_set(C, c, "threat", rnd(21) - 10);
    defaults_set(C, c, "position", rnd(11) - 5);
    break;
  default:
    defaults_set(C, c, "position", 3 + rnd(20));
    defaults_set(C, c, "threat", rnd(30));
  }
}

/* The plan's moves are legal (each among gen's moves in turn) and its end state scores
   r->score for the side to move; 1 when all is well. */
static int replay(const wc_cfg *c, const wc_state *s, const wp_result *r, int *won) {
  static sg_move moves[WC_MAX_MOVES];
  wc_state t = *s;
  for (int i = 0; i < r->nmoves; i++) {
    int n = C->gen(c, &t, moves), in = 0;
    for (int j = 0; j < n; j++)
      in |= moves[j] == r->moves[i];
    if (!in)
      return 0;
    C->play(c, &t, r->moves[i]);
  }
  int sc[2], w;
  C->eval(c, &t, sc);
  *won = C->status(c, &t, &w) == SG_WON;
  if (!*won) {   /* every unit of the side acted: only "end" is left */
    int n = C->gen(c, &t, moves);
    if (n != 1 || moves[0] != WC_END)
      return 0;
  }
  return sc[s->side] == r->score;
}

static wp_ctx *P;

#define NMODES 7   /* the planner's devices on and off (random_scenarios) */

static void random_scenarios(int count, int close) {
  int agree[NMODES] = {0}, legal = 0, checks = 0, wins = 0, kills = 0, tried = 0, multi = 0;
  uint64_t bf_total = 0, plan_nodes = 0;
  for (int done = 0; done < count;) {
    int nu;
    const char *text = random_text(&nu, 0, close);
    wc_cfg c;
    wc_state s;
    load(text, &c, &s);
    random_weights(&c);
    if (C->status(&c, &s, NULL) != SG_PLAYING)
      continue;
    tried++;
    /* skip the few scenarios too big for the brute force */
    we_ctx *e = warenum_new(0);
    we_result er;
    warenum_run(e, &c, &s, WE_ORDER, 0, 2000000, &er);
    warenum_free(e);
    if (er.stopped)
      continue;
    done++;
    bf_plans = 0;
    long want = brute(&c, &s);
    bf_total += bf_plans;
    static const int modes[NMODES][4] = {{1, 1, 1, 1}, {0, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1},
                                         {1, 0, 0, 1}, {1, 1, 1, 0}, {0, 1, 0, 0}};
    for (int m = 0; m < NMODES; m++) {
      wp_opts o;
      warplan_defaults(&o);
      o.independence = modes[m][0], o.bound = modes[m][1], o.memo = modes[m][2];
      o.assign = modes[m][3];
      wp_result r;
      char err[SG_ERRLEN];
      if (warplan_run(P, &c, &s, &o, &r, err) != 0)
        bail("warplan_run: %s", err);
      if (r.value == want && r.exact)
        agree[m]++;
      else
        diag("mode %d: planner %ld (exact %d), brute force %ld on\n%s", m, r.value, r.exact,
             want, text);
      if (m == 0) {
        int won;
        legal += replay(&c, &s, &r, &won);
        checks += r.check;
        wins += won;
        multi += r.groups > 1;
        plan_nodes += r.nodes;
        wc_state t = s;
        for (int i = 0; i < r.nmoves; i++)
          kills += WC_TARGET(r.moves[i]) != WC_NO_TARGET &&
                   (C->play(&c, &t, r.moves[i]), !(t.u[WC_TARGET(r.moves[i])].flags & WC_ALIVE));
      }
    }
  }
  static const char *const mode_name[NMODES] = {
    "all devices", "none", "bound only", "table only", "independence only",
    "all devices, attacks as shares in the bound", "bound only, attacks as shares"};
  const char *what = close ? "close-combat scenarios" : "random scenarios";
  for (int m = 0; m < NMODES; m++)
    is_int(agree[m], count, "%d %s: the planner (%s) finds the brute force's best value", count,
           what, mode_name[m]);
  is_int(legal, count, "its moves are legal, complete, and score what it says");
  is_int(checks, count, "the value composed from the groups is the value of the plan");
  if (close)
    ok(wins > 5 && kills > count, "the scenarios have wins (%d) and kills (%d)", wins,
       kills);
  else
    ok(wins > 10 && kills > 50 && multi > 10, "the scenarios have wins (%d), kills (%d) and "
       "several groups (%d times)", wins, kills, multi);
  diag("%d scenarios (of %d tried): brute force %llu plans, planner %llu nodes", count, tried,
       (unsigned long long)bf_total, (unsigned long long)plan_nodes);
}

/* Bigger two-cluster scenarios (up to 6 units a side): the same value with and without the
   groups (the planner without them is checked against the brute force above). */
static void clusters(int count) {
  int same = 0, multi = 0;
  uint64_t n_on = 0, n_off = 0;
  for (int done = 0; done < count;) {
    int nu;
    const char *text = random_text(&nu, 1, 0);
    wc_cfg c;
    wc_state s;
    load(text, &c, &s);
    random_weights(&c);
    if (C->status(&c, &s, NULL) != SG_PLAYING)
      continue;
    done++;
    wp_opts o;
    warplan_defaults(&o);
    wp_result on, off;
    char err[SG_ERRLEN];
    warplan_run(P, &c, &s, &o, &on, err);
    o.independence = 0;
    warplan_run(P, &c, &s, &o, &off, err);
    int won;
    if (on.exact && off.exact && on.value == off.value && on.check && replay(&c, &s, &on, &won))
      same++;
    else
      diag("groups %d: %ld, one group: %ld on\n%s", on.groups, on.value, off.value, text);
    multi += on.groups > 1;
    n_on += on.nodes, n_off += off.nodes;
  }
  is_int(same, count, "%d two-cluster scenarios (up to 6 units a side): the same value with "
         "the groups (%d times several) as without, legal plans", count, multi);
  diag("nodes with the groups %llu, without %llu", (unsigned long long)n_on,
       (unsigned long long)n_off);
}

/* The best K plans: their values are the K best values over the distinct end states. */
static void best_k(int count) {
  int agree = 0, legal = 0;
  for (int done = 0; done < count;) {
    int nu;
    const char *text = random_text(&nu, 0, 0);
    wc_cfg c;
    wc_state s;
    load(text, &c, &s);
    random_weights(&c);
    if (C->status(&c, &s, NULL) != SG_PLAYING)
      continue;
    we_ctx *e = warenum_new(0);
    we_result er;
    warenum_run(e, &c, &s, WE_ORDER, 0, 300000, &er);
    warenum_free(e);
    if (er.stopped)
      continue;
    done++;
    nlv = 0;
    collect(&c, &s);
    qsort(LV, nlv, sizeof *LV, by_hash);
    size_t m = 0;
    for (size_t i = 0; i < nlv; i++)
      if (m == 0 || LV[i].h != LV[m - 1].h)
        LV[m++] = LV[i];
    qsort(LV, m, sizeof *LV, by_value_desc);
    int k = 1 + rnd(8);
    wp_opts o;
    warplan_defaults(&o);
    o.k = k;
    wp_result r;
    char err[SG_ERRLEN];
    warplan_run(P, &c, &s, &o, &r, err);
    int want = (int)(m < (size_t)k ? m : (size_t)k), good = r.exact && r.nalt == want;
    for (int i = 0; good && i < want; i++)
      good = r.alt[i].value == LV[i].v;
    agree += good;
    if (!good)
      diag("best %d: %d plans (want %d) on\n%s", k, r.nalt, want, text);
    /* each alternative is legal and reaches its value */
    int ok_all = 1;
    for (int i = 0; i < r.nalt; i++) {
      wp_result one = r;
      one.nmoves = r.alt[i].nmoves;
      memcpy(one.moves, r.alt[i].moves, sizeof one.moves);
      one.score = r.alt[i].score;
      int won;
      ok_all &= replay(&c, &s, &one, &won) && won == r.alt[i].win;
    }
    legal += ok_all;
  }
  is_int(agree, count, "%d random scenarios: the best K plans (K 1 to 8) have the K best values "
         "over the distinct end states", count);
  is_int(legal, count, "and each of them is legal and scores what it says");
}

/* ---- independence on dispersed units ---- */

static void dispersed(void) {
  /* four red swordsmen, each next to a blue one it cannot kill, far apart on 32x32 */
  char text[4096];
  size_t k = 0;
  k += (size_t)snprintf(text + k, sizeof text - k, "board square4 32 32\nkind s 2 10 4 1\n"
                        "terrain . plain 1 -\n");
  static const int xs[4] = {5, 25, 5, 25}, ys[4] = {5, 5, 25, 25};
  for (int i = 0; i < 4; i++)
    k += (size_t)snprintf(text + k, sizeof text - k,
                          "unit red s %d,%d hp 10/10 mp 2 atk 4 range 1\n", xs[i], ys[i]);
  for (int i = 0; i < 4; i++)
    k += (size_t)snprintf(text + k, sizeof text - k,
                          "unit blue s %d,%d hp 10/10 mp 2 atk 4 range 1\n", xs[i] + 1, ys[i]);
  snprintf(text + k, sizeof text - k, "side red\n");
  wc_cfg c;
  wc_state s;
  load(text, &c, &s);
  wp_opts o;
  warplan_defaults(&o);
  wp_result r, rn;
  char err[SG_ERRLEN];
  warplan_run(P, &c, &s, &o, &r, err);
  is_int(r.groups, 4, "dispersed: four independent groups");
  o.independence = 0;
  warplan_run(P, &c, &s, &o, &rn, err);
  is_int(rn.groups, 1, "without independence: one group");
  is_int(r.value, rn.value, "same value with and without independence");
  we_ctx *e = warenum_new(0);
  we_result er;
  warenum_run(e, &c, &s, WE_RECURSIVE, 0, 0, &er);
  warenum_free(e);
  ok(r.ops1 * 100 < er.ops1 && r.nodes * 100 < er.plans, "dispersed: %llu ops1 and %llu nodes "
     "against Algorithm 5's %llu ops1 and %llu plans", (unsigned long long)r.ops1,
     (unsigned long long)r.nodes, (unsigned long long)er.ops1, (unsigned long long)er.plans);
  long want = brute(&c, &s);
  is_int(r.value, want, "dispersed: the brute force's value");
  int won;
  ok(replay(&c, &s, &r, &won) && r.check, "dispersed: the plan is legal and scores %d", r.score);

  /* the same armies brought together interact: one group, still exact */
  k = 0;
  k += (size_t)snprintf(text + k, sizeof text - k, "board square4 12 12\nkind s 2 10 4 1\n"
                        "terrain . plain 1 -\n");
  for (int i = 0; i < 4; i++)
    k += (size_t)snprintf(text + k, sizeof text - k,
                          "unit red s %d,%d hp 10/10 mp 2 atk 4 range 1\n", 4 + i, 5 + i % 2);
  for (int i = 0; i < 4; i++)
    k += (size_t)snprintf(text + k, sizeof text - k,
                          "unit blue s %d,%d hp %d/10 mp 2 atk 4 range 1\n", 4 + i, 7 + i % 2,
                          3 + 2 * i);
  snprintf(text + k, sizeof text - k, "side red\n");
  load(text, &c, &s);
  o.independence = 1;
  warplan_run(P, &c, &s, &o, &r, err);
  is_int(r.groups, 1, "compact: one group");
  is_int(r.value, brute(&c, &s), "compact: the brute force's value");
  ok(replay(&c, &s, &r, &won), "compact: the plan is legal and scores %d", r.score);
}

/* ---- limits ---- */

static void limits(void) {
  char text[4096];
  size_t k = 0;
  /* "Fire Emblem": 5 units a side (swordsmen and archers), MP 5, an open 30x30 board, the
     armies 8 rows apart (they meet after moving) */
  k += (size_t)snprintf(text + k, sizeof text - k, "board square4 30 30\nkind s 5 10 4 1\n"
                        "kind a 5 6 3 2\nterrain . plain 1 1 -\n");
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < 5; i++)
      k += (size_t)snprintf(text + k, sizeof text - k,
                            "unit %s %s %d,%d hp %d/10 mp 5 atk 4 range %d%s\n",
                            side ? "blue" : "red", i % 2 ? "a" : "s", 11 + 2 * i,
                            side ? 20 : 12, side ? 4 + i : 10, i % 2 ? 2 : 1,
                            i == 2 ? " leader" : "");
  snprintf(text + k, sizeof text - k, "side red\n");
  wc_cfg c;
  wc_state s;
  load(text, &c, &s);
  wp_opts o;
  warplan_defaults(&o);
  o.max_nodes = 100;
  wp_result r;
  char err[SG_ERRLEN];
  warplan_run(P, &c, &s, &o, &r, err);
  ok(!r.exact && r.nodes <= 101, "a node limit stops it (%llu nodes)",
     (unsigned long long)r.nodes);
  int won;
  ok(replay(&c, &s, &r, &won), "the plan found so far is legal and complete");
  warplan_defaults(&o);
  o.time = 1e-9;
  o.bound = 0;
  warplan_run(P, &c, &s, &o, &r, err);
  ok(!r.exact && replay(&c, &s, &r, &won), "a time limit stops it with a legal plan");
  warplan_defaults(&o);
  warplan_run(P, &c, &s, &o, &r, err);
  ok(r.exact && r.check, "the Fire Emblem case (5 units a side, MP 5, 30x30): exact in %.3f s, "
     "%llu nodes, %llu ops1", r.time, (unsigned long long)r.nodes, (unsigned long long)r.ops1);
  /* a finished game */
  wc_state over = s;
  for (int u = 5; u < 10; u++)
    over.u[u].flags = 0, over.u[u].hp = 0;
  is_int(warplan_run(P, &c, &over, &o, &r, err), -1, "a finished game is refused: %s", err);
}

int main(void) {
  rng_seed(&R, 20261123);
  wc_scratch_init(&BW);
  P = warplan_new((size_t)16 << 20);
  if (!P)
    bail("out of memory");
  random_scenarios(300, 0);
  random_scenarios(60, 1);
  clusters(200);
  best_k(150);
  dispersed();
  limits();
  warplan_free(P);
  free(LV);
  return done_testing();
}
