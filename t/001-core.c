/* 001-core.c: the core pieces: random numbers, Zobrist tables, the transposition table, the
   clock and the interrupt flag. */
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "core/tt.h"
#include "tap.h"

static void test_rng(void) {
  sg_rng a, b, c;
  rng_seed(&a, 42);
  rng_seed(&b, 42);
  rng_seed(&c, 43);
  int same = 1, differ = 0;
  for (int i = 0; i < 1000; i++) {
    uint64_t x = rng_next(&a), y = rng_next(&b), z = rng_next(&c);
    same &= x == y;
    differ += x != z;
  }
  ok(same, "the same seed gives the same sequence");
  ok(differ > 990, "another seed gives another sequence (%d of 1000 differ)", differ);

  int counts[6] = {0}, inrange = 1;
  rng_seed(&a, 7);
  for (int i = 0; i < 60000; i++) {
    uint64_t v = rng_below(&a, 6);
    inrange &= v < 6;
    if (v < 6)
      counts[v]++;
  }
  ok(inrange, "rng_below(6) stays below 6");
  int fair = 1;
  for (int i = 0; i < 6; i++)
    fair &= counts[i] > 9500 && counts[i] < 10500;
  ok(fair, "rng_below(6) is roughly uniform: %d %d %d %d %d %d", counts[0], counts[1],
     counts[2], counts[3], counts[4], counts[5]);
  int unit = 1;
  for (int i = 0; i < 10000; i++) {
    double d = rng_double(&a);
    unit &= d >= 0 && d < 1;
  }
  ok(unit, "rng_double is in [0, 1)");

  uint64_t k1[64], k2[64];
  rng_zobrist(k1, 64, 99);
  rng_zobrist(k2, 64, 99);
  ok(memcmp(k1, k2, sizeof k1) == 0, "Zobrist tables are the same for the same seed");
  int distinct = 1;
  for (int i = 0; i < 64; i++)
    for (int j = i + 1; j < 64; j++)
      distinct &= k1[i] != k1[j];
  ok(distinct, "Zobrist keys are distinct");
}

static void test_tt(void) {
  tt_table t;
  ok(tt_init(&t, 0) == 0 && t.nbuckets == 0, "a table of 0 bytes is no table");
  tt_store(&t, 5, 1, 2, 3, TT_EXACT);
  ok(tt_probe(&t, 5) == NULL, "no table stores nothing");
  tt_free(&t);

  ok(tt_init(&t, 1 << 16) == 0, "a 64 KiB table is made");
  ok(t.nbuckets > 0 && 2 * t.nbuckets * sizeof(tt_entry) <= (1 << 16),
     "its size stays within the bytes asked (%zu buckets)", t.nbuckets);
  ok((t.nbuckets & (t.nbuckets - 1)) == 0, "the bucket count is a power of two");
  ok(tt_probe(&t, 12345) == NULL, "an empty table finds nothing");
  tt_store(&t, 12345, 7, -40, 4, TT_LOWER);
  const tt_entry *e = tt_probe(&t, 12345);
  ok(e && e->move == 7 && e->score == -40 && e->depth == 4 && e->bound == TT_LOWER,
     "a stored entry is found with its move, score, depth and bound");
  uint64_t other = 12345 + t.nbuckets;   /* same bucket, other key */
  tt_store(&t, other, 8, 10, 2, TT_EXACT);
  ok(tt_probe(&t, 12345) != NULL && tt_probe(&t, other) != NULL,
     "two keys share a bucket (deep slot and always-replace slot)");
  tt_store(&t, 12345 + 2 * t.nbuckets, 9, 11, 9, TT_EXACT);
  e = tt_probe(&t, 12345 + 2 * t.nbuckets);
  ok(e && e->depth == 9, "a deeper entry takes the deep slot");
  ok(tt_probe(&t, 12345) != NULL, "the displaced deep entry survives in the other slot");
  tt_store(&t, 1, 1, 1, 300, TT_EXACT);
  ok(tt_probe(&t, 1)->depth == TT_DEPTH_EXACT, "depths beyond the scale are kept as exact");
  tt_clear(&t);
  ok(tt_probe(&t, 1) == NULL, "a cleared table is empty");
  tt_free(&t);
}

static void test_clock(void) {
  double a = clock_now(), b = clock_now();
  ok(b >= a, "the clock does not go back");
  interrupt_clear();
  ok(!interrupt_pending(), "no interrupt at first");
  interrupt_request();
  ok(interrupt_pending(), "an interrupt request is seen");
  interrupt_clear();
  ok(!interrupt_pending(), "and cleared");
}

int main(void) {
  test_rng();
  test_tt();
  test_clock();
  return done_testing();
}
