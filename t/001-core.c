/* 001-core.c: the core pieces: random numbers, Zobrist tables, the transposition table, the
   clock and the interrupt flag; the shared helpers of the games (bit operations, the hash
   mixer and splitmix64 stream, the output buffer, the score clamp, the position reader). */
#include <string.h>

#include "core/bits.h"
#include "core/buf.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/postok.h"
#include "core/rng.h"
#include "core/score.h"
#include "core/tt.h"
#include "core/vtt.h"
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
  tt_store(&t, 1, 1, 1, 3, TT_EXACT);
  ok(tt_probe(&t, 1) != NULL, "and stores again");
  tt_free(&t);

  /* A block given back is kept for the next table of its size, whose generation hides every
     entry of the last use: the new table is empty however full the old one was. */
  ok(tt_init(&t, 1 << 20) == 0, "a 1 MiB table");
  tt_entry *block = t.slots;
  int stored = 0;
  for (uint64_t k = 1; k <= 100000; k++)
    tt_store(&t, k * 0x9E3779B97F4A7C15ull, (uint32_t)k, 5, 3, TT_EXACT);
  for (uint64_t k = 1; k <= 100000; k++)
    stored += tt_probe(&t, k * 0x9E3779B97F4A7C15ull) != NULL;
  ok(stored > 20000, "it holds many entries (%d)", stored);
  tt_free(&t);
  ok(tt_init(&t, 1 << 20) == 0 && t.slots == block, "the next table of that size reuses the block");
  int seen = 0;
  for (uint64_t k = 1; k <= 100000; k++)
    seen += tt_probe(&t, k * 0x9E3779B97F4A7C15ull) != NULL;
  ok(seen == 0, "and finds none of the old entries (%d found)", seen);
  tt_store(&t, 77, 1, 2, 1, TT_LOWER);
  tt_store(&t, 77 + t.nbuckets, 1, 2, 0, TT_LOWER);
  ok(tt_probe(&t, 77) != NULL && tt_probe(&t, 77 + t.nbuckets) != NULL,
     "old entries do not take the slots of new ones");
  tt_free(&t);
  ok(tt_init(&t, 1 << 20) == 0, "the same for shared access");
  tt_store_shared(&t, 99, 3, 4, 5, TT_EXACT);
  tt_entry out;
  ok(tt_probe_shared(&t, 99, &out) && out.move == 3 && out.score == 4 && out.depth == 5,
     "a shared entry reads back");
  tt_free(&t);
  ok(tt_init(&t, 1 << 20) == 0 && !tt_probe_shared(&t, 99, &out),
     "a shared entry of the last use is gone");
  tt_store_shared(&t, 99, 3, 4, 5, TT_EXACT);
  tt_clear(&t);
  ok(!tt_probe_shared(&t, 99, &out), "and after tt_clear");
  tt_free(&t);

  /* The score-vector table's generations are 16 bits: they wrap round after 65,535 uses, and
     the wrap clears the block, so an entry of the use that had the same generation one
     round before is not found. */
  vtt_table v;
  int vec[2] = {3, -3};
  ok(vtt_init(&v, 4096) == 0 && v.nbuckets > 0, "a small vector table");
  vtt_store(&v, 4242, 1, vec, 2, 2, TT_EXACT);
  ok(vtt_probe(&v, 4242) != NULL, "holds what it stores");
  unsigned g0 = v.gen;
  vtt_free(&v);
  int wrapped_ok = 1;
  for (int i = 0; i < 65534; i++) {
    vtt_init(&v, 4096);
    if (vtt_probe(&v, 4242) != NULL)
      wrapped_ok = 0;
    vtt_free(&v);
  }
  vtt_init(&v, 4096);
  ok(v.gen == g0, "after 65,535 more uses the generation comes round again (%u, %u)",
     (unsigned)v.gen, g0);
  ok(wrapped_ok && vtt_probe(&v, 4242) == NULL, "and the old entry is never found");
  vtt_free(&v);
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

/* Bit operations against counts made by hand, and against a bit-by-bit loop. */
static void test_bits(void) {
  is_int(bits_count64(0), 0, "popcount of 0");
  is_int(bits_count64(~0ULL), 64, "popcount of all ones");
  is_int(bits_count64(0x8000000000000001ULL), 2, "popcount of the two end bits");
  is_int(bits_count32(0xfff00000u), 12, "popcount32 of draughts' white start (21-32)");
  is_int(bits_first64(1ULL << 63), 63, "lowest set bit of bit 63");
  is_int(bits_first64(0x0000000810000000ULL), 28, "lowest set bit of Othello's black start (e4)");
  is_int(bits_first32(0x00000fffu), 0, "lowest set bit of draughts' black start");
  uint64_t x = 0x00ff000000000100ULL;
  int a = bits_pop_first64(&x);
  ok(a == 8 && x == 0x00ff000000000000ULL, "pop_first takes the lowest bit off");
  ok(bits_swap_bytes64(0x0102030405060708ULL) == 0x0807060504030201ULL,
     "swap_bytes reverses the bytes (a board upside down)");
  int agree = 1;
  uint64_t r = 12345;
  for (int i = 0; i < 10000; i++) {
    r = r * 6364136223846793005ULL + 1442695040888963407ULL;
    uint64_t v = r >> (i % 64);
    int n = 0, first = -1;
    for (int b = 0; b < 64; b++)
      if (v >> b & 1) {
        n++;
        if (first < 0)
          first = b;
      }
    agree &= bits_count64(v) == n && (v == 0 || bits_first64(v) == first);
  }
  ok(agree, "count and first agree with a bit-by-bit loop on 10000 words");
}

/* splitmix64 seeded with 0: the published first outputs (https://prng.di.unimi.it/splitmix64.c,
   Steele, Lea and Flood 2014). */
static void test_hash(void) {
  uint64_t st = 0;
  ok(hash_splitmix_next(&st) == 0xE220A8397B1DCDAFULL, "splitmix64(0): 1st output");
  ok(hash_splitmix_next(&st) == 0x6E789E6AA1B965F4ULL, "splitmix64(0): 2nd output");
  ok(hash_splitmix_next(&st) == 0x06C45D188009454FULL, "splitmix64(0): 3rd output");
  ok(hash_mix64(HASH_GOLDEN) == 0xE220A8397B1DCDAFULL, "the mixer is splitmix64's finaliser");
  uint64_t keys[3], s2 = 0;
  hash_zobrist(keys, 3, &s2);
  ok(keys[0] == 0xE220A8397B1DCDAFULL && keys[2] == 0x06C45D188009454FULL && s2 == 3 * HASH_GOLDEN,
     "Zobrist keys are the stream's numbers, and the stream moves on");
  ok(hash_combine(1, 2) != hash_combine(2, 1), "combine depends on the order");
}

static void test_buf(void) {
  char b[8];
  sg_buf o = buf_open(b, sizeof b);
  buf_printf(&o, "%d-%s", 12, "ab");
  is_string(b, "12-ab", "buf_printf appends");
  buf_printf(&o, "%s", "cdefgh");
  is_int((long long)o.len, 11, "the length counts what did not fit (as snprintf)");
  is_string(b, "12-abcd", "the text is cut and terminated");
  char c[4];
  sg_buf e = buf_open(c, sizeof c);
  buf_printf(&e, "xy\n");
  buf_unput(&e);
  ok(e.len == 2 && strcmp(c, "xy") == 0, "unput drops the last character");
  sg_buf none = buf_open(NULL, 0);
  buf_printf(&none, "%s", "hello");
  is_int((long long)none.len, 5, "a NULL buffer only measures");
}

static void test_score_and_postok(void) {
  ok(score_clamp(5, 3) == 3 && score_clamp(-5, 3) == -3 && score_clamp(2, 3) == 2,
     "score_clamp keeps a score in [-bound, bound]");
  sg_postok t;
  sg_span w;
  postok_open(&t, "  turn 12\tplayer  3 ");
  int n = 0;
  long v = 0;
  while (postok_word(&t, &w))
    n++;
  is_int(n, 4, "four words, blanks of any kind between");
  postok_open(&t, "a//b/");
  char got[32] = "";
  while (postok_field(&t, '/', &w)) {
    strncat(got, w.p, w.n);
    strcat(got, "|");
  }
  is_string(got, "a||b||", "fields keep the empty ones, the last after a final separator too");
  sg_span num = {"42", 2}, bad = {"4x", 2}, neg = {"-3", 2};
  ok(span_int(num, 0, 50, &v) == 0 && v == 42, "span_int reads 42");
  ok(span_int(bad, 0, 50, &v) != 0 && span_int(num, 0, 41, &v) != 0 &&
         span_int(neg, -5, 5, &v) == 0 && v == -3, "span_int refuses junk and the out of range");
  char err[64];
  ok(postok_error(err, sizeof err, "side", "b or w", "'%s' is not a side", "x") == -1,
     "postok_error returns -1");
  is_string(err, "position: side: 'x' is not a side; expected b or w", "the one error form");
}

int main(void) {
  test_rng();
  test_tt();
  test_clock();
  test_bits();
  test_hash();
  test_buf();
  test_score_and_postok();
  return done_testing();
}
