/* 073-dict.c: the dictionary and the word grid in C alone (src/words/): packing at the edges
   of the 12-letter head, order and search across them in both forms, narrowing, paths with the
   Qu face, the solver against a path check of every word, the deal from a seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "words/dict.h"
#include "words/wordgrid.h"

/* Words around the 12- and 24-letter edges of the packed chunks, out of order, with a duplicate
   and lines that are not words. */
static const char *LIST =
    "abcdefghijklm\n"
    "abcdefghijkl\n"
    "abcdefghijk\n"
    "abcdefghijkla\n"
    "abcdefghijkm\n"
    "abcdefghijklabcdefghijkl\n"
    "abcdefghijklabcdefghijklz\n"
    "abcdefghijklabcdefghijk\n"
    "ZZZ\n"
    "zzz\n"
    "zz\n"
    "don't\n"
    "quest\n"
    "queue\n"
    "aaa\n";

/* The expected order (bytes), duplicates gone. */
static const char *SORTED[] = {
    "aaa", "abcdefghijk", "abcdefghijkl", "abcdefghijkla", "abcdefghijklabcdefghijk",
    "abcdefghijklabcdefghijkl", "abcdefghijklabcdefghijklz", "abcdefghijklm", "abcdefghijkm",
    "quest", "queue", "zzz"};
#define NSORTED (int)(sizeof SORTED / sizeof *SORTED)

static void check_form(dict_form form) {
  const char *name = form == DICT_PACKED ? "packed" : "plain";
  char err[DICT_ERRLEN], w[DICT_MAXLEN + 1];
  sg_dict *d = dict_build(LIST, strlen(LIST), form, err);
  if (!d)
    bail("dict_build: %s", err);
  is_int((long long)d->n, NSORTED, "%s: %d words kept", name, NSORTED);
  is_int((long long)d->stats.duplicates, 1, "%s: ZZZ and zzz are one word", name);
  is_int((long long)(d->stats.bad_chars + d->stats.short_words), 2, "%s: don't and zz left out",
         name);
  int order = 1, found = 1;
  for (int i = 0; i < NSORTED && i < (int)d->n; i++) {
    dict_word(d, (size_t)i, w);
    order = order && strcmp(w, SORTED[i]) == 0;
    dict_key k;
    dict_key_make(d, SORTED[i], (int)strlen(SORTED[i]), &k);
    found = found && dict_find(d, &k) == i;
  }
  ok(order, "%s: the words in byte order across the 12- and 24-letter edges", name);
  ok(found, "%s: binary search finds each at its place", name);
  const char *absent[] = {"abcdefghij", "abcdefghijkk", "abcdefghijklb", "abcdefghijklabcdefghijkla",
                          "abcdefghijklabcdefghij", "zzzz", "que"};
  int none = 1;
  for (size_t i = 0; i < sizeof absent / sizeof *absent; i++) {
    dict_key k;
    dict_key_make(d, absent[i], (int)strlen(absent[i]), &k);
    none = none && dict_find(d, &k) < 0;
  }
  ok(none, "%s: near misses at the edges are not found", name);
  struct { const char *p; size_t lo, n; } pre[] = {
      {"", 0, NSORTED}, {"abcdefghijkl", 2, 6}, {"abcdefghijkla", 3, 4},
      {"abcdefghijklabcdefghijkl", 5, 2}, {"qu", 9, 2}, {"b", 9, 0}, {"zzz", 11, 1}};
  for (size_t i = 0; i < sizeof pre / sizeof *pre; i++) {
    dict_key k;
    size_t lo, hi;
    dict_key_make(d, pre[i].p, (int)strlen(pre[i].p), &k);
    dict_prefix(d, &k, &lo, &hi);
    ok(lo == pre[i].lo && hi - lo == pre[i].n, "%s: prefix '%s' is words %zu..%zu (got %zu..%zu)",
       name, pre[i].p, pre[i].lo, pre[i].lo + pre[i].n, lo, hi);
  }
  /* narrowing one letter at a time gives the same ranges as the prefix search */
  size_t lo = 0, hi = d->n;
  const char *p = "abcdefghijklabcdefghijklz";
  int same = 1;
  for (int pos = 0; p[pos]; pos++) {
    dict_narrow(d, lo, hi, pos, p[pos] - 'a' + 1, &lo, &hi);
    dict_key k;
    size_t a, b;
    dict_key_make(d, p, pos + 1, &k);
    dict_prefix(d, &k, &a, &b);
    same = same && a == lo && b == hi;
  }
  ok(same && hi - lo == 1, "%s: narrowing letter by letter agrees with every prefix range", name);
  is_int(dict_letter(d, 6, 24), 26, "%s: letter 25 of the longest word (in its second tail "
         "chunk) is z", name);
  is_int(dict_letter(d, 5, 24), 0, "%s: past the end of a 24-letter word, no letter", name);
  dict_free(d);
}

/* Any a-z word of 1 to 48 letters packs and unpacks to itself. */
static void check_packing(void) {
  char w[DICT_MAXLEN + 1], back[DICT_MAXLEN + 1];
  uint64_t c[8];
  int good = 1;
  for (int len = 1; len <= DICT_MAXLEN; len++) {
    for (int i = 0; i < len; i++)
      w[i] = (char)('a' + (i * 7 + len) % 26);
    w[len] = '\0';
    int nc = dict_pack(w, len, c);
    good = good && nc == (len + 11) / 12 && dict_unpack(c, nc, back) == len && strcmp(w, back) == 0;
  }
  ok(good, "every length 1 to 48 packs into (len + 11) / 12 chunks and unpacks");
  dict_pack("a", 1, c);
  uint64_t a = c[0];
  dict_pack("b", 1, c);
  ok(a < c[0] && a == (uint64_t)1 << 55, "a is code 1 in the top five bits of the 60");
}

/* The grid of t/072-words.lua: CATS / ORE Qu / DINU / LEST. */
static void check_grid(void) {
  wg_grid g;
  const char *cells = "catsoreqdinulest";
  for (int i = 0; i < WG_CELLS; i++)
    g.letter[i] = (uint8_t)(cells[i] - 'a' + 1);
  int path[WG_CELLS];
  int n = wg_path(&g, "quest", 5, path);
  ok(n == 4 && path[0] == 7 && path[1] == 6 && path[2] == 3 && path[3] == 2,
     "quest: Qu (cell 8) then E S T, 4 cells");
  is_int(wg_path(&g, "rare", 4, path), 0, "rare: the R cannot be used twice");
  is_int(wg_path(&g, "qest", 4, path), 0, "qest: no q without its u");
  is_int(wg_path(&g, "diner", 5, path), 5, "diner: 5 cells");
  ok(wg_adjacent(0, 5) && !wg_adjacent(0, 2) && !wg_adjacent(3, 4) && !wg_adjacent(5, 5),
     "adjacency: diagonals yes, two apart no, no wrap from the end of a row, not itself");

  const char *words = "cat\ncats\ncar\ncore\nquest\nqueue\nrare\ntee\ndiner\ndine\nreins\nnest\n"
                      "sent\nlies\nlie\nuns\nnut\nzebra\nrest\nnets\nlest\nsect\n";
  char err[DICT_ERRLEN], w[DICT_MAXLEN + 1];
  for (int f = 0; f < 2; f++) {
    sg_dict *d = dict_build(words, strlen(words), (dict_form)f, err);
    if (!d)
      bail("dict_build: %s", err);
    uint8_t *seen = calloc(d->n / 8 + 1, 1);
    uint32_t out[64];
    uint64_t nodes;
    size_t found = wg_solve(&g, d, 3, 0, seen, out, 64, &nodes);
    /* against a path check of every word */
    size_t want = 0, k = 0;
    int agree = 1;
    for (size_t i = 0; i < d->n; i++) {
      int len = dict_word(d, i, w);
      if (wg_path(&g, w, len, path)) {
        want++;
        agree = agree && k < found && out[k] == i;
        k++;
      }
    }
    ok(agree && found == want && want == 17,
       "%s: the solver's %zu words are the 17 the path check finds, in order", f ? "packed" : "plain",
       found);
    int cleared = 1;
    for (size_t i = 0; i < d->n / 8 + 1; i++)
      cleared = cleared && seen[i] == 0;
    ok(cleared, "%s: the solver leaves its bitmap cleared for the next grid", f ? "packed" : "plain");
    size_t three = wg_solve(&g, d, 3, 3, seen, out, 64, &nodes);
    ok(three == 5, "%s: max_len 3 finds car cat lie nut uns (got %zu)", f ? "packed" : "plain",
       three);
    free(seen);
    dict_free(d);
  }

  static const char *dice[WG_CELLS] = {
      "AACIOT", "ABILTY", "ABJMOQ", "ACDEMP", "ACELRS", "ADENVZ", "AHMORS", "BIFORX",
      "DENOSW", "DKNOTU", "EEFHIY", "EGKLUY", "EGINTV", "EHINPS", "ELPSTU", "GILRUW"};
  wg_grid a, b, c;
  char e[128];
  ok(wg_deal(dice, 42, &a, e, sizeof e) == 0 && wg_deal(dice, 42, &b, e, sizeof e) == 0 &&
     memcmp(&a, &b, sizeof a) == 0, "the same seed deals the same grid");
  ok(wg_deal(dice, 43, &c, e, sizeof e) == 0 && memcmp(&a, &c, sizeof a) != 0,
     "another seed another grid");
  static const char *bad[WG_CELLS] = {
      "AACIOT", "ABILTY", "ABJMOQ", "ACDEMP", "ACELRS", "ADENVZ", "AHMORS", "BIFORX",
      "DENOSW", "DKNOTU", "EEFHIY", "EGKLUY", "EGINTV", "EHINPS", "ELPST1", "GILRUW"};
  ok(wg_deal(bad, 1, &c, e, sizeof e) != 0 && strstr(e, "die 15"), "a die with a digit: %s", e);
}

int main(void) {
  check_form(DICT_PLAIN);
  check_form(DICT_PACKED);
  check_packing();
  check_grid();
  return done_testing();
}
