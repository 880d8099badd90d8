/* 010-warchess.c: war chess without Lua: Table 2 of Nan et al. (2016) reproduced exactly from
   t/data, equations (7) and (8) in the dispersed case, Theorem 1 (both algorithms reach the
   same end states) on scenarios with obstacles, blocking, attacks and kills, and each
   movement and attack rule on a board built by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/warenum.h"
#include "core/clock.h"
#include "games/warchess.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &warchess_class;

/* A fresh config (rules and weights as the Lua defaults would set them) and state from a
   position text. */
static void load(const char *text, wc_cfg *c, wc_state *s) {
  char err[SG_ERRLEN];
  defaults_load(C, c);
  if (C->setup(c, text, err) != 0 || C->init(c, s, text, 0, err) != 0)
    bail("bad test position: %s\n%s", err, text);
}

/* A position text on an open board: `board` "square4 32 32" etc., one kind "s" (mp, hp 10,
   atk 4, range), plain terrain, the given extra lines (units, rows, terrain). */
static const char *text_of(const char *board, int mp, int range, const char *extra) {
  static char buf[8192];
  snprintf(buf, sizeof buf, "board %s\nkind s %d 10 4 %d\nterrain . plain 1 -\n"
           "terrain A hill x -\nterrain B water x s\nterrain F forest 2 -\n%s",
           board, mp, range, extra);
  return buf;
}

/* n units of red's kind s at the tiles xs, ys (1-based), each with mp. */
static const char *units_text(int n, const int *xs, const int *ys, int mp) {
  static char buf[4096];
  size_t k = 0;
  for (int i = 0; i < n; i++)
    k += (size_t)snprintf(buf + k, sizeof buf - k,
                          "unit red s %d,%d hp 10/10 mp %d atk 4 range 1\n", xs[i], ys[i], mp);
  return buf;
}

static we_ctx *E;     /* no state set: the Table 2 runs */
static we_ctx *ES;    /* with a state set */

static we_result run(we_ctx *e, const wc_cfg *c, const wc_state *s, int algo) {
  we_result r;
  if (warenum_run(e, c, s, algo, 0, 0, &r) != 0)
    bail("warenum_run refused");
  return r;
}

/* ---- Table 2 ---- */

static double ops_total[2], time_total[2];

static void table2(void) {
  const char *dir = getenv("SRCDIR");
  char path[4096], line[256];
  snprintf(path, sizeof path, "%s/t/data/warchess-table2.txt", dir ? dir : ".");
  FILE *f = fopen(path, "r");
  if (!f)
    bail("cannot read %s", path);
  int rows = 0;
  while (fgets(line, sizeof line, f)) {
    int n, m;
    long long want[4];
    if (line[0] == '#' || sscanf(line, "%d %d %lld %lld %lld %lld", &n, &m, &want[0], &want[1],
                                 &want[2], &want[3]) != 6)
      continue;
    rows++;
    /* dispersed: 10 tiles apart on a 32x32 board, ranges of radius m <= 4 far from each
       other and from the edges; compact: around the centre */
    int dx[4] = {6, 16, 26, 6}, dy[4] = {6, 6, 6, 16};
    int cx[4] = {16, 17, 16, 17}, cy[4] = {16, 16, 17, 17};
    for (int layout = 0; layout < 2; layout++) {
      wc_cfg c;
      wc_state s;
      load(text_of("square4 32 32", m, 1, units_text(n, layout ? cx : dx, layout ? cy : dy, m)),
           &c, &s);
      for (int algo = 0; algo < 2; algo++) {
        we_result r = run(E, &c, &s, algo);
        is_int((long long)r.ops1, want[2 * layout + algo], "Table 2: %d units, MP %d, %s, "
               "Algorithm %d: ops1 %lld", n, m, layout ? "compact" : "dispersed",
               algo ? 5 : 2, want[2 * layout + algo]);
        ops_total[algo] += (double)r.ops1;
        time_total[algo] += r.time;
        if (r.time > 0.5)
          diag("  %d units MP %d %s Algorithm %d: %.2f s, %.1f M ops1/s", n, m,
               layout ? "compact" : "dispersed", algo ? 5 : 2, r.time, r.ops1 / r.time / 1e6);
      }
    }
  }
  fclose(f);
  is_int(rows, 6, "Table 2 has six rows in t/data");
  for (int algo = 0; algo < 2; algo++)
    diag("Table 2 Algorithm %d: %.0f ops1 in %.2f s: %.1f M ops1/s", algo ? 5 : 2,
         ops_total[algo], time_total[algo], ops_total[algo] / time_total[algo] / 1e6);
}

/* ---- equations (7) and (8): dispersed, r = 2m(m+1) + 1 ---- */

static long long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static long long ipow(long long r, int k) { return k ? r * ipow(r, k - 1) : 1; }

static void equations(void) {
  static const int cases[][2] = {{1, 3}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 1},
                                 {3, 5}, {5, 1}};
  int xs[5] = {6, 17, 6, 17, 27}, ys[5] = {6, 6, 17, 17, 27};   /* 11 apart */
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int n = cases[i][0], m = cases[i][1];
    long long r = 2LL * m * (m + 1) + 1, h1 = 0, h2 = 0;
    for (int k = 1; k <= n; k++)
      h1 += ipow(r, k);
    h1 *= fact(n);
    for (int j = 0; j < n; j++)
      h2 += fact(n) / fact(j) * ipow(r, n - j);
    wc_cfg c;
    wc_state s;
    load(text_of("square4 32 32", m, 1, units_text(n, xs, ys, m)), &c, &s);
    we_result a = run(ES, &c, &s, WE_ORDER), b = run(ES, &c, &s, WE_RECURSIVE);
    is_int((long long)a.ops1, h1, "equation (7): %d units MP %d (r = %lld): H1 = %lld", n, m, r,
           h1);
    is_int((long long)b.ops1, h2, "equation (8): %d units MP %d: H2 = %lld", n, m, h2);
    is_int((long long)a.plans, fact(n) * ipow(r, n), "  %d units MP %d: n! r^n plans", n, m);
    is_int((long long)b.states, ipow(r, n), "  %d units MP %d: r^n distinct end states", n, m);
  }
}

/* ---- Theorem 1 ---- */

static uint64_t *keys_a, *keys_b;

static void theorem1(const char *what, const char *text) {
  wc_cfg c;
  wc_state s;
  load(text, &c, &s);
  we_result a = run(ES, &c, &s, WE_ORDER);
  size_t na = warenum_states(ES, keys_a);
  we_result b = run(ES, &c, &s, WE_RECURSIVE);
  size_t nb = warenum_states(ES, keys_b);
  ok(na == nb && na > 1 && memcmp(keys_a, keys_b, na * sizeof *keys_a) == 0,
     "Theorem 1: %s: the same %zu end states by both algorithms", what, na);
  is_int((long long)a.plans, (long long)b.plans, "  %s: the same number of plans (%llu)", what,
         (unsigned long long)a.plans);
  ok(b.ops1 < a.ops1, "  %s: Algorithm 5 spends fewer ops1 (%llu < %llu)", what,
     (unsigned long long)b.ops1, (unsigned long long)a.ops1);
}

static void theorems(void) {
  theorem1("obstacles and costs", text_of("square4 7 6", 3, 1,
    "row .......\nrow ..A....\nrow .FAB...\nrow ....F..\nrow ...A...\nrow .......\n"
    "unit red s 2,2 hp 10/10 mp 3 atk 4 range 1\nunit red s 3,4 hp 10/10 mp 2 atk 4 range 1\n"
    "unit red s 5,5 hp 10/10 mp 3 atk 4 range 2\n"));
  theorem1("own units in a corridor", text_of("square4 6 3", 2, 1,
    "row AAAAAA\nrow ......\nrow AAAAAA\n"
    "unit red s 1,2 hp 10/10 mp 3 atk 4 range 1\nunit red s 2,2 hp 10/10 mp 2 atk 4 range 1\n"
    "unit red s 3,2 hp 10/10 mp 2 atk 4 range 1\n"));
  /* two red units can together kill the blue unit at 4,3 (4 + 4 >= 8 hp); a kill frees its
     tile for the red unit acting later */
  theorem1("attacks and kills", text_of("square4 6 5", 2, 1,
    "unit red s 2,3 hp 10/10 mp 2 atk 4 range 1\nunit red s 3,1 hp 10/10 mp 2 atk 4 range 1\n"
    "unit red s 3,5 hp 10/10 mp 1 atk 4 range 2\nunit blue s 4,3 hp 8/10 mp 2 atk 4 range 1\n"
    "unit blue s 6,5 hp 3/10 mp 2 atk 4 range 1\n"));
  theorem1("square8 with enemies", text_of("square8 6 6", 2, 1,
    "unit red s 2,2 hp 10/10 mp 1 atk 4 range 1\nunit red s 3,3 hp 10/10 mp 1 atk 4 range 1\n"
    "unit red s 2,3 hp 10/10 mp 1 atk 4 range 1\nunit blue s 4,4 hp 4/10 mp 2 atk 4 range 1\n"));
  theorem1("hex with water", text_of("hex 6 6", 2, 2,
    "row ......\nrow ..B...\nrow ..B...\nrow ......\nrow ......\nrow ......\n"
    "unit red s 1,2 hp 10/10 mp 2 atk 3 range 2\nunit red s 2,4 hp 10/10 mp 2 atk 4 range 1\n"
    "unit red s 1,5 hp 10/10 mp 2 atk 4 range 1\n"
    "unit blue s 4,2 hp 6/10 mp 2 atk 4 range 1\nunit blue s 5,5 hp 10/10 mp 2 atk 4 range 1\n"));

  /* Figure 7's point: the order decides what a kill makes possible.  Red u1 and u2 each kill
     the weak blue unit; only the one acting second can step onto its tile. */
  wc_cfg c;
  wc_state s;
  load(text_of("square4 5 1", 1, 1,
               "unit red s 1,1 hp 10/10 mp 1 atk 4 range 1\n"
               "unit blue s 2,1 hp 4/10 mp 1 atk 4 range 1\n"
               "unit red s 3,1 hp 10/10 mp 1 atk 4 range 1\n"), &c, &s);
  we_result a = run(ES, &c, &s, WE_ORDER), b = run(ES, &c, &s, WE_RECURSIVE);
  /* by hand, order u1, u3: u1's range is its own tile (1 ops1), then stay or stay x u2.
     After the kill u3 has 3 tiles (2,1 is free now), 3 plans; without it 2 tiles (2 ops1),
     3,1 with or without the attack and 4,1: 3 plans.  6 plans, 6 ops1.  Order u3, u1: u3 has
     3,1 (+ x u2) and 4,1 (2 ops1); then u1 has 1,1 (+ x u2) = 2 plans, 1 ops1, except after
     the kill: 1,1 and 2,1 = 2 plans, 2 ops1.  6 plans, 6 ops1.  With two units Algorithm 5
     places the same prefixes as Algorithm 2. */
  is_int((long long)a.plans, 12, "a kill frees the tile for the later unit: 12 plans by hand");
  is_int((long long)b.plans, 12, "  and by Algorithm 5");
  /* u2 alive: u1 on 1,1, u3 on 3,1 or 4,1; u2 dead: (u1, u3) on (1,1 3,1), (1,1 2,1),
     (1,1 4,1), (2,1 3,1): u1 reaches 2,1 only after u3 killed from 3,1 */
  is_int((long long)a.states, 6, "  6 distinct end states by hand");
  is_int((long long)a.ops1, 12, "  ops1 by hand: 12 (Algorithm 2)");
  is_int((long long)b.ops1, 12, "  ops1 by hand: 12 (Algorithm 5)");
}

/* ---- the rules one by one ---- */

/* The movement range of unit u (1-based) as "x,y x,y ..." sorted by tile index. */
static const char *range_text(const wc_cfg *c, const wc_state *s, int u) {
  static char buf[4096];
  static wc_scratch w;
  uint16_t tiles[WC_MAX_REACH];
  wc_scratch_init(&w);
  int n = wc_move_range(c, s, u - 1, &w, tiles);
  for (int i = 1; i < n; i++)   /* insertion sort by index */
    for (int j = i; j > 0 && tiles[j] < tiles[j - 1]; j--) {
      uint16_t x = tiles[j];
      tiles[j] = tiles[j - 1], tiles[j - 1] = x;
    }
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < n; i++)
    k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%d,%d", i ? " " : "",
                          tiles[i] % c->width + 1, tiles[i] / c->width + 1);
  return buf;
}

static int range_size(const wc_cfg *c, const wc_state *s, int u) {
  static wc_scratch w;
  uint16_t tiles[WC_MAX_REACH];
  wc_scratch_init(&w);
  return wc_move_range(c, s, u - 1, &w, tiles);
}

static int in_range(const wc_cfg *c, const wc_state *s, int u, const char *xy) {
  char pad[4200];
  snprintf(pad, sizeof pad, " %s ", range_text(c, s, u));
  char want[16];
  snprintf(want, sizeof want, " %s ", xy);
  return strstr(pad, want) != NULL;
}

static int can_attack(const wc_cfg *c, const wc_state *s, int u, int target) {
  uint8_t tg[WC_MAX_UNITS];
  int n = wc_targets(c, s, u - 1, s->u[u - 1].tile, tg);
  for (int i = 0; i < n; i++)
    if (tg[i] == target - 1)
      return 1;
  return 0;
}

static void rules(void) {
  wc_cfg c;
  wc_state s;
  const char *one = "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n";
  load(text_of("square4 9 9", 2, 1, one), &c, &s);
  is_int(range_size(&c, &s, 1), 13, "square4, MP 2, cost 1: 13 tiles (Figure 4(a))");
  uint16_t first[WC_MAX_REACH];
  static wc_scratch w;
  wc_scratch_init(&w);
  wc_move_range(&c, &s, 0, &w, first);
  is_int(first[0], s.u[0].tile, "the unit's own tile is in its range, listed first");
  load(text_of("square8 9 9", 2, 1, one), &c, &s);
  is_int(range_size(&c, &s, 1), 25, "square8, MP 2: 25 tiles");
  load(text_of("hex 9 9", 2, 1, one), &c, &s);
  is_int(range_size(&c, &s, 1), 19, "hex, MP 2: 19 tiles");
  load(text_of("square4 9 9", 2, 1, "unit red s 1,1 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  is_string(range_text(&c, &s, 1), "1,1 2,1 3,1 1,2 2,2 1,3", "the board's edge bounds it");

  /* Figure 4(b): a hill next to the unit: its tile and the tile beyond are out */
  load(text_of("square4 9 9", 2, 1,
               "row .........\nrow .........\nrow .........\nrow .........\nrow .....A...\n"
               "row .........\nrow .........\nrow .........\nrow .........\n"
               "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  is_int(range_size(&c, &s, 1), 11, "impassable hill: 11 tiles (Figure 4(b))");
  ok(!in_range(&c, &s, 1, "6,5") && !in_range(&c, &s, 1, "7,5"),
     "  neither the hill nor the tile behind it");
  /* a forest costs 2: entered with MP 2, nothing beyond it */
  load(text_of("square4 9 9", 2, 1,
               "row .........\nrow .........\nrow .........\nrow .........\nrow .....F...\n"
               "row .........\nrow .........\nrow .........\nrow .........\n"
               "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  ok(in_range(&c, &s, 1, "6,5") && !in_range(&c, &s, 1, "7,5"),
     "forest cost 2: entered with MP 2, the tile beyond not");
  is_int(range_size(&c, &s, 1), 12, "  12 tiles");
  /* water: nobody enters */
  load(text_of("square4 9 9", 2, 1,
               "row .........\nrow .........\nrow .........\nrow .........\nrow .....B...\n"
               "row .........\nrow .........\nrow .........\nrow .........\n"
               "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  ok(!in_range(&c, &s, 1, "6,5"), "water cannot be entered");
  /* Figure 4(c): an enemy blocks the way */
  load(text_of("square4 9 9", 2, 1, "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n"
               "unit blue s 6,5 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  ok(!in_range(&c, &s, 1, "6,5") && !in_range(&c, &s, 1, "7,5"),
     "an enemy cannot be passed (Figure 4(c))");
  is_int(range_size(&c, &s, 1), 11, "  11 tiles");
  /* Figure 4(d): an own unit is passed, its tile not ended on */
  load(text_of("square4 9 9", 2, 1, "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n"
               "unit red s 6,5 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  ok(in_range(&c, &s, 1, "7,5"), "an own unit is passed through (Figure 4(d))");
  ok(!in_range(&c, &s, 1, "6,5"), "  but its tile is not a place to end on");
  is_int(range_size(&c, &s, 1), 12, "  12 tiles");
  /* a dead enemy no longer blocks */
  load(text_of("square4 9 9", 2, 1, "unit red s 5,5 hp 10/10 mp 2 atk 4 range 1\n"
               "unit blue s 6,5 hp 0/10 mp 2 atk 4 range 1\n"), &c, &s);
  is_int(range_size(&c, &s, 1), 13, "a dead enemy's tile is free");

  /* melee adjacency by board */
  const char *diag_enemy = "unit red s 3,3 hp 10/10 mp 2 atk 4 range 1\n"
                           "unit blue s 4,4 hp 10/10 mp 2 atk 4 range 1\n"
                           "unit blue s 4,3 hp 10/10 mp 2 atk 4 range 1\n";
  load(text_of("square4 6 6", 2, 1, diag_enemy), &c, &s);
  ok(can_attack(&c, &s, 1, 3) && !can_attack(&c, &s, 1, 2),
     "square4: melee reaches the 4 neighbours, not the diagonal");
  load(text_of("square8 6 6", 2, 1, diag_enemy), &c, &s);
  ok(can_attack(&c, &s, 1, 3) && can_attack(&c, &s, 1, 2), "square8: the diagonal too");
  /* hex, offset rows: (3,3) is in an odd row: its neighbours in row 4 are (2,4) and (3,4) */
  load(text_of("hex 6 6", 2, 1, "unit red s 3,3 hp 10/10 mp 2 atk 4 range 1\n"
               "unit blue s 2,4 hp 10/10 mp 2 atk 4 range 1\n"
               "unit blue s 4,4 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  ok(can_attack(&c, &s, 1, 2) && !can_attack(&c, &s, 1, 3),
     "hex: (3,3) touches (2,4) but not (4,4) (odd rows drawn left)");
  load(text_of("hex 6 6", 2, 1, "unit red s 3,4 hp 10/10 mp 2 atk 4 range 1\n"
               "unit blue s 4,3 hp 10/10 mp 2 atk 4 range 1\n"
               "unit blue s 2,3 hp 10/10 mp 2 atk 4 range 1\n"), &c, &s);
  ok(can_attack(&c, &s, 1, 2) && !can_attack(&c, &s, 1, 3),
     "hex: (3,4), an even row, touches (4,3) but not (2,3)");
  is_int(wc_distance(&c, 0, 5 * 6 + 5), 8, "hex distance from 1,1 to 6,6 is 8");

  /* ranged attacks: over water, not over a hill; melee only adjacent */
  const char *shot = "unit red s 3,2 hp 10/10 mp 2 atk 3 range 2\n"
                     "unit blue s 5,2 hp 10/10 mp 2 atk 4 range 1\n";
  char extra[512];
  snprintf(extra, sizeof extra, "row .....\nrow ...B.\nrow .....\n%s", shot);
  load(text_of("square4 5 3", 2, 2, extra), &c, &s);
  ok(can_attack(&c, &s, 1, 2), "an archer shoots across water");
  snprintf(extra, sizeof extra, "row .....\nrow ...A.\nrow .....\n%s", shot);
  load(text_of("square4 5 3", 2, 2, extra), &c, &s);
  ok(!can_attack(&c, &s, 1, 2), "but not over a hill");
  snprintf(extra, sizeof extra, "row .....\nrow .....\nrow .....\n%s", shot);
  load(text_of("square4 5 3", 2, 1, extra), &c, &s);
  c.unit[0].range = 1;
  ok(!can_attack(&c, &s, 1, 2), "a melee unit does not reach two tiles away");

  /* the game: actions, a kill freeing a tile, the end of the turn, victory */
  load(text_of("square4 5 1", 1, 1,
               "unit red s 1,1 hp 10/10 mp 1 atk 4 range 1\n"
               "unit blue s 2,1 hp 4/10 mp 1 atk 4 range 1 leader\n"
               "unit red s 3,1 hp 10/10 mp 1 atk 4 range 1\n"
               "unit blue s 5,1 hp 10/10 mp 1 atk 4 range 1\n"), &c, &s);
  sg_move ms[64], m;
  static sg_move big[WC_MAX_MOVES];
  int n = C->gen(&c, &s, big);
  /* u1: stay, stay x u2; u3: 3,1 (+ x u2), 4,1 (+ x u4); end */
  is_int(n, 7, "gen lists every unit's actions and end");
  (void)ms;
  char err[SG_ERRLEN], buf[64];
  ok(C->parse(&c, &s, "u2 stay", &m, err) != 0 && strstr(err, "not your unit"),
     "an enemy unit is refused: %s", err);
  ok(C->parse(&c, &s, "u1 2,1", &m, err) != 0 && strstr(err, "occupied"),
     "an occupied tile is refused: %s", err);
  ok(C->parse(&c, &s, "u3 5,1", &m, err) != 0 && strstr(err, "occupied"),
     "so is the enemy's: %s", err);
  ok(C->parse(&c, &s, "u1 stay x u4", &m, err) != 0 && strstr(err, "out of attack range"),
     "a far enemy is refused: %s", err);
  ok(C->parse(&c, &s, "u1 stay x u2", &m, err) == 0, "u1 stay x u2 is legal");
  C->format(&c, &s, m, buf, sizeof buf);
  is_string(buf, "u1 1,1 x u2", "and written with its tile");
  C->play(&c, &s, m);
  int winner;
  ok(C->status(&c, &s, &winner) == SG_WON && winner == 0,
     "killing blue's leader wins for red");
}

int main(void) {
  E = warenum_new(0);
  ES = warenum_new((size_t)1 << 19);
  keys_a = malloc(((size_t)1 << 19) * sizeof *keys_a);
  keys_b = malloc(((size_t)1 << 19) * sizeof *keys_b);
  if (!E || !ES || !keys_a || !keys_b)
    bail("out of memory");
  rules();
  theorems();
  equations();
  table2();
  warenum_free(E);
  warenum_free(ES);
  free(keys_a);
  free(keys_b);
  return done_testing();
}
