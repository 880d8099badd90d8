/* 019-hidden.c: the searches for hidden information (src/ai/hidden.h) do not cheat.  On a
   game made to tell: "high card", two players each dealt one card of six (0 to 5) that the
   other cannot see; the first player claims (it wins when its card is the higher, else loses)
   or passes (a draw).  A search that looks at the other card claims exactly when it wins; a
   fair one can only weigh its own card.  So: for every pair of deals that the first player
   sees alike, pimc and ismcts must give the same answer (move and counts, for a seed), while
   alpha-beta on the whole state gives different ones; and the fair answer is the right one
   (claim with 3 or more: it wins 3 times in 5). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ai/hidden.h"
#include "ai/search.h"
#include "core/rng.h"
#include "tap.h"

typedef struct hc {
  int8_t card[2];   /* -1: not seen (in a view) */
  int8_t moved;
  int8_t result;    /* after the move: 0 or 1 the winner, 2 a draw */
} hc;

static int hc_players(const void *c, const void *s) { (void)c, (void)s; return 2; }
static int hc_to_move(const void *c, const void *s) { (void)c, (void)s; return 0; }
static int hc_gen(const void *c, const void *s, sg_move *out) {
  (void)c;
  if (((const hc *)s)->moved)
    return 0;
  out[0] = 0;   /* pass */
  out[1] = 1;   /* claim */
  return 2;
}
static void hc_play(const void *c, void *s, sg_move m) {
  hc *h = s;
  (void)c;
  h->moved = 1;
  h->result = m == 0 ? 2 : h->card[0] > h->card[1] ? 0 : 1;
}
static sg_status hc_status(const void *c, const void *s, int *w) {
  const hc *h = s;
  (void)c;
  if (w)
    *w = h->moved && h->result < 2 ? h->result : -1;
  return !h->moved ? SG_PLAYING : h->result == 2 ? SG_DRAWN : SG_WON;
}
static void hc_eval(const void *c, const void *s, int *sc) { (void)c, (void)s; sc[0] = sc[1] = 0; }
static uint64_t hc_hash(const void *c, const void *s) {
  const hc *h = s;
  (void)c;
  return (uint64_t)(h->card[0] + 1) * 131 + (uint64_t)(h->card[1] + 1) * 17 +
         (uint64_t)h->moved * 3 + (uint64_t)h->result;
}
static int hc_init(const void *c, void *s, const char *pos, uint64_t seed, char *err) {
  (void)c, (void)pos, (void)err;
  hc *h = s;
  memset(h, 0, sizeof *h);
  sg_rng r;
  rng_seed(&r, seed);
  h->card[0] = (int8_t)rng_below(&r, 6);
  do
    h->card[1] = (int8_t)rng_below(&r, 6);
  while (h->card[1] == h->card[0]);
  return 0;
}
static int hc_parse(const void *c, const void *s, const char *t, sg_move *m, char *err) {
  (void)c, (void)s, (void)err;
  *m = t[0] == 'c';
  return 0;
}
static void hc_format(const void *c, const void *s, sg_move m, char *b, size_t n) {
  (void)c, (void)s;
  snprintf(b, n, "%s", m ? "claim" : "pass");
}
static size_t hc_save(const void *c, const void *s, char *b, size_t n) {
  const hc *h = s;
  (void)c;
  return (size_t)snprintf(b, n, "%d %d", h->card[0], h->card[1]);
}
static void hc_view(const void *c, const void *s, int p, void *out) {
  (void)c;
  memcpy(out, s, sizeof(hc));
  ((hc *)out)->card[1 - p] = -1;
}
static void hc_sample(const void *c, const void *v, int p, uint64_t seed, void *out) {
  (void)c;
  hc *h = out;
  memcpy(h, v, sizeof *h);
  sg_rng r;
  rng_seed(&r, seed);
  do
    h->card[1 - p] = (int8_t)rng_below(&r, 6);
  while (h->card[1 - p] == h->card[p]);
}

static const sg_class hc_class = {
  .name = "highcard", .state_size = sizeof(hc), .cfg_size = 0, .max_moves = 2,
  .min_players = 2, .max_players = 2, .utility = SG_ZERO_SUM, .chance = 1, .hidden = 1,
  .hooks = SG_HOOK_HIDDEN,
  .init = hc_init, .players = hc_players, .to_move = hc_to_move, .gen = hc_gen,
  .play = hc_play, .status = hc_status, .eval = hc_eval, .hash = hc_hash, .parse = hc_parse,
  .format = hc_format, .save_pos = hc_save, .draw = NULL,
  .view = hc_view, .sample = hc_sample,
};

int main(void) {
  ok(game_hooks_mismatch(&hc_class) == 0, "the test game declares its hooks");
  multi_opts o;
  multi_opts_default(&o);
  o.s.hash_bytes = 1 << 16;
  o.s.seed = 11;
  o.samples = 60;
  o.iterations = 3000;
  char err[SG_ERRLEN];
  int same_pimc = 1, same_is = 1, ab_sees = 1, right_pimc = 1, right_is = 1;
  for (int mine = 0; mine < 6; mine++) {
    hidden_result first_p, first_i;
    int have = 0;
    for (int theirs = 0; theirs < 6; theirs++) {
      if (theirs == mine)
        continue;
      hc st = {{(int8_t)mine, (int8_t)theirs}, 0, 0};
      hidden_result p, i;
      if (hidden_pimc(&hc_class, NULL, &st, &o, &p, err) != 0 ||
          hidden_ismcts(&hc_class, NULL, &st, &o, &i, err) != 0)
        bail("search: %s", err);
      search_result ab;
      if (search_alphabeta(&hc_class, NULL, &st, &o.s, &ab, err) != 0)
        bail("alphabeta: %s", err);
      ab_sees &= ab.move == (sg_move)(mine > theirs);   /* it claims exactly when it wins */
      if (have) {
        same_pimc &= p.move == first_p.move && p.votes == first_p.votes &&
                     p.score == first_p.score && p.nodes == first_p.nodes;
        same_is &= i.move == first_i.move && i.votes == first_i.votes &&
                   i.nodes == first_i.nodes && i.rewards[0] == first_i.rewards[0];
      } else
        first_p = p, first_i = i, have = 1;
      right_pimc &= p.move == (sg_move)(mine >= 3);
      right_is &= i.move == (sg_move)(mine >= 3);
    }
  }
  ok(same_pimc, "pimc: deals the first player sees alike get the same answer and counts");
  ok(same_is, "ismcts: deals the first player sees alike get the same answer and counts");
  ok(ab_sees, "alpha-beta on the whole state claims exactly when it wins (it sees the card)");
  ok(right_pimc, "pimc claims exactly with 3, 4 or 5");
  ok(right_is, "ismcts claims exactly with 3, 4 or 5");
  /* pimc's inner searches */
  hc st = {{4, 1}, 0, 0};
  hidden_result r;
  for (multi_inner in = MULTI_INNER_ALPHABETA; in <= MULTI_INNER_MCTS; in++) {
    o.inner = in;
    if (hidden_pimc(&hc_class, NULL, &st, &o, &r, err) != 0)
      bail("pimc inner %d: %s", (int)in, err);
    ok(r.move == 1 && r.samples == 60, "pimc with inner search %d claims with a 4", (int)in);
  }
  return done_testing();
}
