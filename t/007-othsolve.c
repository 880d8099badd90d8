/* 007-othsolve.c: the Othello endgame solver without Lua: its margins against a brute-force
   negamax on positions from seeded random games, its move, wld mode, the table, limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/othsolve.h"
#include "core/rng.h"
#include "games/othello.h"
#include "games/othpattern.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &othello_class;
static oth_cfg cfg;   /* lua/stratagem/games/othello.lua, by name (main) */

/* What the brute force met on the way, so the test can claim it covered those cases. */
typedef struct bf_seen {
  long passes, early_ends;   /* a side passing; a game over with empty squares left */
} bf_seen;

/* Plain negamax over every line to the end: the margin for `me` to move. */
static int brute(uint64_t me, uint64_t opp, bf_seen *seen) {
  uint64_t m = oth_moves(me, opp);
  if (!m) {
    if (!oth_moves(opp, me)) {
      if (~(me | opp))
        seen->early_ends++;
      return __builtin_popcountll(me) - __builtin_popcountll(opp);
    }
    seen->passes++;
    return -brute(opp, me, seen);
  }
  int best = -1000;
  for (; m; m &= m - 1) {
    int sq = __builtin_ctzll(m);
    uint64_t f = oth_flips(me, opp, sq);
    int v = -brute(opp & ~f, me | f | 1ULL << sq, seen);
    if (v > best)
      best = v;
  }
  return best;
}

/* The brute force at the root: the best margin, and in vals[sq] each move's (a pass at
   OTH_PASS), so the solver's move is checked without a second search. */
static int brute_root(uint64_t me, uint64_t opp, int *vals, bf_seen *seen) {
  uint64_t m = oth_moves(me, opp);
  if (!m)
    return vals[OTH_PASS] = brute(me, opp, seen);
  int best = -1000;
  for (; m; m &= m - 1) {
    int sq = __builtin_ctzll(m);
    uint64_t f = oth_flips(me, opp, sq);
    vals[sq] = -brute(opp & ~f, me | f | 1ULL << sq, seen);
    if (vals[sq] > best)
      best = vals[sq];
  }
  return best;
}

/* Play a move of the solver's (a square or a pass) for the side to move. */
static void play(uint64_t *me, uint64_t *opp, int move) {
  if (move != OTH_PASS) {
    uint64_t f = oth_flips(*me, *opp, move);
    *me |= f | 1ULL << move;
    *opp &= ~f;
  }
  uint64_t t = *me;
  *me = *opp, *opp = t;
}

/* Follow the PV to its end: the final margin for the side that was to move, or 999 when the
   PV stops before the end or holds an illegal move. */
static int pv_margin(uint64_t me, uint64_t opp, const osolve_result *r) {
  int flip = 1;
  for (int i = 0; i < r->npv; i++) {
    int mv = r->pv[i];
    uint64_t legal = oth_moves(me, opp);
    if (mv == OTH_PASS ? legal != 0 : !(legal >> mv & 1))
      return 999;
    play(&me, &opp, mv);
    flip = -flip;
  }
  if (oth_moves(me, opp) || oth_moves(opp, me))
    return 999;
  return flip * (__builtin_popcountll(me) - __builtin_popcountll(opp));
}

static osolve_result solve_on(uint64_t me, uint64_t opp, size_t hash, int wld, uint64_t nodes,
                              int threads) {
  osolve_opts o;
  osolve_result r;
  char err[SG_ERRLEN];
  osolve_opts_default(&o);
  o.hash_bytes = hash, o.wld = wld, o.nodes = nodes, o.threads = threads;
  if (osolve_run(me, opp, &o, &r, err) != 0)
    bail("solver failed: %s", err);
  return r;
}

static osolve_result solve(uint64_t me, uint64_t opp, size_t hash, int wld, uint64_t nodes) {
  return solve_on(me, opp, hash, wld, nodes, 1);
}

/* The same margin, move and PV (and outcome in wld mode). */
static int same_result(const osolve_result *a, const osolve_result *b) {
  return a->exact == b->exact && a->margin == b->margin && a->move == b->move &&
         a->outcome == b->outcome && a->npv == b->npv &&
         memcmp(a->pv, b->pv, (size_t)a->npv * sizeof a->pv[0]) == 0;
}

static int sign(int v) { return (v > 0) - (v < 0); }

/* The builds of the solver behind osolve_run (othsolve.h) that this processor can run, besides
   the one osolve_run chose: each must give r's nodes, margin, move and PV.  Returns the number
   that differ; *nbuilds gets how many were compared. */
static int other_builds_differ(uint64_t me, uint64_t opp, size_t hash, const osolve_result *r,
                               int *nbuilds) {
  typedef int (*run_fn)(uint64_t, uint64_t, const osolve_opts *, osolve_result *, char *);
  run_fn fns[3];
  int nf = 0, bad = 0;
  fns[nf++] = osolve_run_portable;
#ifdef OSOLVE_POPCNT_BUILD
  if (__builtin_cpu_supports("popcnt"))
    fns[nf++] = osolve_run_popcnt;
  if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("avx2"))
    fns[nf++] = osolve_run_avx2;
#endif
  for (int i = 0; i < nf; i++) {
    osolve_opts o;
    osolve_result b;
    char err[SG_ERRLEN];
    osolve_opts_default(&o);
    o.hash_bytes = hash;
    if (fns[i](me, opp, &o, &b, err) != 0)
      bail("solver failed: %s", err);
    bad += b.nodes != r->nodes || !same_result(&b, r);
  }
  *nbuilds = nf;
  return bad;
}

static oth_state pos(const char *text) {
  oth_state s;
  char err[SG_ERRLEN];
  if (C->init(&cfg, &s, text, 0, err) != 0)
    bail("bad test position: %s", err);
  return s;
}

int main(void) {
  defaults_load(C, &cfg);
  int n = 0, bad_margin = 0, bad_move = 0, bad_wld = 0, bad_nohash = 0, bad_pv = 0, bad_tiny = 0;
  int root_passes = 0, bad_threads = 0, bad_builds = 0, nbuilds = 0;
  uint64_t tie_me = 0, tie_opp = 0;   /* a position where two moves have the best margin */
  bf_seen seen = {0, 0};
  /* 230 positions at 6 to 12 empties (mostly 10 or fewer: the brute force takes seconds at
     12), then 10 where the side to move must pass */
  for (uint64_t seed = 1; n < 240 && seed < 100000; seed++) {
    sg_rng rng;
    rng_seed(&rng, seed);
    int hunt = n >= 230;
    int target = hunt ? 11 : seed % 64 == 0 ? 12 : seed % 32 == 0 ? 11 : 6 + (int)(seed % 5);
    oth_state s = pos(NULL);
    sg_move ms[64];
    while (C->status(&cfg, &s, NULL) == SG_PLAYING) {
      int empty = 64 - __builtin_popcountll(s.disc[0] | s.disc[1]);
      int k = C->gen(&cfg, &s, ms);
      if (empty <= target && (!hunt || ms[0] == OTH_PASS))
        break;
      C->play(&cfg, &s, ms[rng_below(&rng, (uint64_t)k)]);
    }
    if (C->status(&cfg, &s, NULL) != SG_PLAYING)
      continue;
    n++;
    uint64_t me = s.disc[s.side], opp = s.disc[s.side ^ 1];
    int vals[65];
    for (int i = 0; i < 65; i++)
      vals[i] = -1000;
    int want = brute_root(me, opp, vals, &seen);
    osolve_result r = solve(me, opp, 1 << 20, 0, 0), w = solve(me, opp, 1 << 20, 1, 0),
                  z = solve(me, opp, 0, 0, 0);
    if (r.move == OTH_PASS)
      root_passes++;
    if (!r.exact || r.margin != want) {
      if (!bad_margin++)
        diag("seed %llu: solver %d, brute force %d", (unsigned long long)seed, r.margin, want);
    }
    bad_move += vals[r.move] != want;
    bad_wld += !w.exact || w.outcome != sign(want) || sign(w.margin) != sign(want);
    bad_nohash += z.margin != want;
    /* a table of 1 KB: 16 buckets of 3, so that nearly every store replaces an entry */
    osolve_result tiny = solve(me, opp, 1024, 0, 0);
    bad_tiny += !tiny.exact || tiny.margin != want || vals[tiny.move] != want;
    if (n % 8 == 0) {   /* every 8th: the same on 2 threads */
      osolve_result r2 = solve_on(me, opp, 1 << 20, 0, 0, 2);
      osolve_result w2 = solve_on(me, opp, 1 << 20, 1, 0, 2);
      bad_threads += !same_result(&r, &r2) || w2.outcome != w.outcome;
    }
    bad_pv += pv_margin(me, opp, &r) != want;
    bad_builds += other_builds_differ(me, opp, 1 << 20, &r, &nbuilds);
    int nbest = 0;
    for (int i = 0; i < 64; i++)
      nbest += vals[i] == want;
    if (!tie_me && nbest > 1)
      tie_me = me, tie_opp = opp;
  }
  diag("%d positions; the brute force met %ld passes and %ld games over with empty squares",
       n, seen.passes, seen.early_ends);
  is_int(bad_margin, 0, "the solver's margin equals brute force on %d positions (6-12 empties)",
         n);
  is_int(bad_move, 0, "the move it returns achieves that margin");
  is_int(bad_wld, 0, "wld mode gives the sign of the margin");
  is_int(bad_nohash, 0, "without the table the margins are the same");
  is_int(bad_tiny, 0, "with a table of 1 KB (entries replaced at nearly every store) the "
         "margins and moves are the same");
  is_int(bad_pv, 0, "the PV played out to the end gives the margin");
  ok(seen.passes > 0 && seen.early_ends > 0,
     "the positions include passes and games over with empty squares");
  is_int(root_passes, 10, "10 of them start with the side to move passing");
  is_int(bad_threads, 0, "on 2 threads margin, move, PV and wld outcome are the same (%d)",
         n / 8);
  is_int(bad_builds, 0, "the solver's %d builds this processor runs give the same nodes, "
         "margin, move and PV", nbuilds);

  /* 20 empties: limits and determinism */
  oth_state s = pos("..b.w.../b.bw..../bbwbw.b./bbbwbwww/bbbbbbww/bbbwbwww/b.bbw.../.bbbbw.. b");
  uint64_t me = s.disc[s.side], opp = s.disc[s.side ^ 1];
  osolve_result a = solve(me, opp, 0, 0, 20000);
  is_int(a.stopped, OSOLVE_LIMIT, "a node limit stops the solver with stopped set");
  ok(!a.exact, "and the result is not exact");
  ok(a.nodes >= 20000 && a.nodes < 30000, "having searched about that many nodes (%llu)",
     (unsigned long long)a.nodes);
  ok(oth_moves(me, opp) >> a.move & 1, "the move it returns is still legal");
  osolve_result b = solve(me, opp, 1 << 22, 0, 0), c = solve(me, opp, 1 << 22, 0, 0);
  ok(b.exact && b.move == c.move && b.margin == c.margin && b.nodes == c.nodes,
     "the same position gives the same move, margin and node count (%d, %llu nodes)",
     b.margin, (unsigned long long)b.nodes);
  int nb, builds_differ = other_builds_differ(me, opp, 1 << 22, &b, &nb);
  is_int(builds_differ, 0, "at 20 empties the %d builds give the same nodes, margin, move and "
         "PV", nb);
  for (int th = 2; th <= 4; th += 2) {
    osolve_result t2 = solve_on(me, opp, 1 << 22, 0, 0, th);
    ok(same_result(&b, &t2), "20 empties on %d threads: the same margin, move and PV (%d, %llu "
       "nodes in all)", th, t2.margin, (unsigned long long)t2.nodes);
  }
  osolve_result lim = solve_on(me, opp, 1 << 22, 0, 100000, 2);
  ok(lim.stopped == OSOLVE_LIMIT && !lim.exact && lim.nodes >= 100000 && lim.nodes < 200000,
     "a node limit on 2 threads counts both threads' nodes (%llu)",
     (unsigned long long)lim.nodes);
  osolve_result d = solve(me, opp, 1 << 22, 1, 0);
  is_int(d.outcome, sign(b.margin), "wld mode at 20 empties agrees with the exact margin");
  is_int(pv_margin(me, opp, &b), b.margin, "the PV at 20 empties reaches that margin");

  /* the random choice: every pick keeps the exact margin */
  int bad = 0, moves_seen = 0;
  uint64_t picked = 0;
  if (!tie_me)
    bail("no position with two best moves among the test positions");
  for (uint64_t seed = 1; seed <= 16; seed++) {
    osolve_opts o;
    osolve_result r;
    char err[SG_ERRLEN];
    osolve_opts_default(&o);
    o.random = 0, o.seed = seed;
    osolve_run(tie_me, tie_opp, &o, &r, err);
    uint64_t m2 = tie_me, o2 = tie_opp;
    play(&m2, &o2, r.move);
    bf_seen ignore = {0, 0};
    bad += -brute(m2, o2, &ignore) != r.margin;
    if (!(picked >> r.move & 1))
      moves_seen++;
    picked |= 1ULL << r.move;
  }
  is_int(bad, 0, "with random = 0 every pick has the best margin");
  ok(moves_seen > 1, "and the seed chooses between equal moves (%d seen)", moves_seen);

  /* the pattern evaluation the ordering searches use sums its indices by disc (othp_eval):
     the same as the features read instance by instance (othp_features_of, as training reads
     them), here with random weights on the positions of random games at every stage */
  othp_weights rw = {malloc((size_t)OTHP_STAGES * OTHP_STAGE_SIZE * sizeof(int16_t))};
  sg_rng wr;
  rng_seed(&wr, 7);
  for (size_t i = 0; i < (size_t)OTHP_STAGES * OTHP_STAGE_SIZE; i++)
    rw.w[i] = (int16_t)((int)rng_below(&wr, 2001) - 1000);
  int eval_bad = 0, eval_disc_bad = 0, eval_n = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    sg_rng rng;
    rng_seed(&rng, seed * 7919);
    uint64_t pm = 0x0000000810000000ULL, po = 0x0000001008000000ULL;
    for (int ply = 0; ply < 60; ply++) {
      uint64_t m = oth_moves(pm, po);
      if (m) {
        int k = (int)rng_below(&rng, (uint64_t)__builtin_popcountll(m));
        while (k--)
          m &= m - 1;
        int sq = __builtin_ctzll(m);
        uint64_t f = oth_flips(pm, po, sq);
        pm |= f | 1ULL << sq, po &= ~f;
      } else if (!oth_moves(po, pm))
        break;
      uint64_t t = pm;
      pm = po, po = t;
      othp_features f;
      othp_features_of(pm, po, &f);
      long want = 0;
      for (int i = 0; i < OTHP_NFEAT; i++)
        want += (long)rw.w[(size_t)f.stage * OTHP_STAGE_SIZE + f.idx[i]] * f.val[i];
      eval_bad += othp_eval(&rw, pm, po) != want;
      eval_disc_bad += othp_eval_by_disc(&rw, pm, po) != want;
      eval_n++;
    }
  }
  is_int(eval_bad, 0, "the pattern evaluation equals its features' weighted sum (%d positions)",
         eval_n);
  is_int(eval_disc_bad, 0, "and so does its portable loop by disc (othp_eval may read the "
         "patterns with pext)");
  free(rw.w);

  osolve_opts o;
  osolve_result r;
  char err[SG_ERRLEN] = "";
  osolve_opts_default(&o);
  oth_state over = pos("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbb.. b");
  ok(osolve_run(over.disc[0], over.disc[1], &o, &r, err) == -1 && strstr(err, "game is over"),
     "a finished game is refused: %s", err);
  return done_testing();
}
