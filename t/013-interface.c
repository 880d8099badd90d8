/* 013-interface.c: the game interface itself, over every class: the declared properties hold
   (hooks, players, utility, score bounds), and each game's position parser refuses a
   malformed text in the one form "position: FIELD: what; expected ...", leaving the state
   (and for the set-up stage the config) as it was. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "defaults.h"
#include "games/game.h"
#include "tap.h"

/* A small war chess scenario (war chess has no standard start). */
static const char war_start[] = "board square4 5 3\nkind a 2 6 3 1\nterrain . plain 1 -\n"
                                "row .....\nrow .....\nrow .....\n"
                                "unit red a 1,1 hp 6/6 mp 2 atk 3 range 1 leader\n"
                                "unit blue a 5,3 hp 6/6 mp 2 atk 3 range 1 leader\n";

/* A start state of class c under cfg (its defaults); bails out when refused. */
static void start(const sg_class *c, void *cfg, void *st) {
  char err[SG_ERRLEN];
  const char *pos = strcmp(c->name, "warchess") == 0 ? war_start : NULL;
  defaults_load(c, cfg);
  if ((c->setup && c->setup(cfg, pos, err) != 0) || c->init(cfg, st, pos, 1, err) != 0)
    bail("%s: the start is refused: %s", c->name, err);
}

static void test_declared(const sg_class *c) {
  void *cfg = calloc(1, c->cfg_size), *st = calloc(1, c->state_size);
  if (!cfg || !st)
    bail("out of memory");
  start(c, cfg, st);
  unsigned miss = game_hooks_mismatch(c);
  ok(miss == 0, "%s: the declared hooks are the hooks its table holds (differ: %#x)", c->name,
     miss);
  int np = c->players(cfg, st);
  ok(c->min_players >= 1 && c->min_players <= np && np <= c->max_players &&
         c->max_players <= SG_MAX_PLAYERS, "%s: players %d within the declared %d to %d",
     c->name, np, c->min_players, c->max_players);
  ok(!c->hidden == !(c->hooks & SG_HOOK_HIDDEN), "%s: %s, %s view and sample hooks", c->name,
     c->hidden ? "hidden information" : "no hidden information", c->hidden ? "with" : "without");
  ok(!c->hidden || c->chance, "%s: hidden information comes with chance (a deal)", c->name);
  int sc[SG_MAX_PLAYERS] = {0}, sum = 0;
  c->eval(cfg, st, sc);
  for (int i = 0; i < np; i++)
    sum += sc[i];
  ok(c->utility != SG_ZERO_SUM || sum == 0, "%s: %s, the start's scores sum to %d", c->name,
     c->utility == SG_ZERO_SUM ? "zero-sum" : "not zero-sum", sum);
  int lo, hi;
  int has = game_score_bounds(c, cfg, &lo, &hi);
  ok(c->bounds == SG_BOUNDS_NONE ? !has
     : c->bounds == SG_BOUNDS_CONFIG ? c->bounds_offset + sizeof(sg_bounds) <= c->cfg_size
     : 1, "%s: the score bounds are where the class says", c->name);
  ok(!has || (sc[0] >= lo && sum <= hi), "%s: the start's scores lie within its bounds",
     c->name);
  free(cfg);
  free(st);
}

/* A game with hidden information over random play: for each player, a sample of its view
   is a state that it sees exactly as it saw the real one (view(sample(v)) == v, byte for
   byte), the same seed gives the same sample, and to the player to move a sample offers the
   moves of the real state, in the same encoding. */
static void test_hidden(const sg_class *c) {
  size_t sz = c->state_size;
  unsigned char *cfg = calloc(1, c->cfg_size), *st = calloc(1, sz), *v = calloc(1, sz);
  unsigned char *s1 = calloc(1, sz), *s2 = calloc(1, sz), *v2 = calloc(1, sz);
  sg_move *m1 = calloc((size_t)c->max_moves, sizeof *m1);
  sg_move *m2 = calloc((size_t)c->max_moves, sizeof *m2);
  if (!cfg || !st || !v || !s1 || !s2 || !v2 || !m1 || !m2)
    bail("out of memory");
  start(c, cfg, st);
  sg_rng r;
  rng_seed(&r, 7);
  int bad_view = 0, bad_seed = 0, bad_moves = 0, checks = 0, winner;
  for (int ply = 0; ply < 400 && c->status(cfg, st, &winner) == SG_PLAYING; ply++) {
    int np = c->players(cfg, st), mover = c->to_move(cfg, st);
    for (int p = 0; p < np; p++) {
      c->view(cfg, st, p, v);
      uint64_t seed = rng_next(&r);
      c->sample(cfg, v, p, seed, s1);
      c->sample(cfg, v, p, seed, s2);
      c->view(cfg, s1, p, v2);
      bad_view += memcmp(v, v2, sz) != 0;
      bad_seed += memcmp(s1, s2, sz) != 0;
      if (p == mover) {
        int n1 = c->gen(cfg, st, m1), n2 = c->gen(cfg, s1, m2);
        bad_moves += n1 != n2 || memcmp(m1, m2, (size_t)n1 * sizeof *m1) != 0;
      }
      checks++;
    }
    int n = c->gen(cfg, st, m1);
    if (n == 0)
      break;
    c->play(cfg, st, game_random_move(c, cfg, m1, n, &r));
  }
  ok(checks > 0 && bad_view == 0, "%s: a sample looks to its player as the real state did "
     "(%d of %d differ)", c->name, bad_view, checks);
  ok(bad_seed == 0, "%s: the same seed gives the same sample (%d differ)", c->name, bad_seed);
  ok(bad_moves == 0, "%s: the mover's moves on a sample are those of the real state (%d "
     "differ)", c->name, bad_moves);
  free(cfg), free(st), free(v), free(s1), free(s2), free(v2), free(m1), free(m2);
}

/* A malformed position per game and its message, worked out from the parser's rules. */
static const struct {
  const char *game, *text, *want;
} refusals[] = {
  {"chess", "8/8/8/8/8/8/8/8 w - - 0 1",
   "position: FEN placement: white does not have exactly one king; expected exactly one king "
   "of each colour"},
  {"connect4", "q....../......./......./......./......./.......",
   "position: row 1: unknown cell 'q'; expected 6 rows of 7 cells (x, o or .) from the top, "
   "separated by '/'"},
  {"chexers", "red:0,0|green:|blue:|turn:pink",
   "position: turn: 'pink' is not a colour; expected red, green or blue"},
  {"draughts", "B:W21:B33",
   "position: B: '33' is not a square; expected squares 1 to 32 separated by commas, ranges "
   "such as 1-12 allowed, K before a king"},
  {"othello", "......../......../......../...wb.../...bw.../......../......../........ q",
   "position: side: 'q' is not a side; expected b or w"},
  {"patience", "Kh/-/-/-/-/-/- - - 0,0,0,0 0 0 0 q",
   "position: generator: 'q'; expected four 16-digit hex words joined by ':'"},
  {"qubic", "xq/// o",
   "position: layer 1: unknown cell 'q'; expected 4 layers (bottom to top) of 16 cells (x, o or .) "
   "separated by '/', then the player to move, e.g. .....x/// o (a short layer is filled with .)"},
  {"starchess", "turn 0 player 1",
   "position: turn: missing, or N out of range; expected 'turn N' first, N from 1 to 65535"},
  {"tictactoe", "x../...",
   "position: ranks: 2 ranks in 'x../...'; expected 3 ranks of 3 squares (x, o or .) "
   "separated by '/', e.g. \"x.o/.x./...\""},
  {"warchess", "board square4 5 3\nkind a 2 6 3 1\nterrain . plain 1 -\nrow .....\nrow ....\n",
   "position: line 5: row 2 is not one of 5 letters (of 3 rows); expected a row of "
   "board-width terrain letters after the board and terrain lines, board-height rows"},
};

static void test_refusals(void) {
  size_t n = sizeof refusals / sizeof refusals[0];
  int covered = 0;
  for (int i = 0; sg_classes[i]; i++)
    for (size_t j = 0; j < n; j++)
      covered += strcmp(sg_classes[i]->name, refusals[j].game) == 0;
  is_int(covered, (long long)n, "every game has a malformed position below");
  for (size_t j = 0; j < n; j++) {
    const sg_class *c = game_find(refusals[j].game);
    if (!c)
      bail("no game %s", refusals[j].game);
    unsigned char *cfg = calloc(1, c->cfg_size), *before = calloc(1, c->cfg_size);
    unsigned char *st = calloc(1, c->state_size), *was = calloc(1, c->state_size);
    if (!cfg || !before || !st || !was)
      bail("out of memory");
    start(c, cfg, st);
    memcpy(before, cfg, c->cfg_size);
    memcpy(was, st, c->state_size);
    char err[SG_ERRLEN] = "";
    int r = c->setup ? c->setup(cfg, refusals[j].text, err) : 0;
    ok(r == -1 || !c->setup, "%s: the set-up stage refuses it too", c->name);
    ok(memcmp(cfg, before, c->cfg_size) == 0, "%s: the config is unchanged", c->name);
    r = c->init(cfg, st, refusals[j].text, 1, err);
    ok(r == -1, "%s: the malformed position is refused", c->name);
    is_string(err, refusals[j].want, "%s: in the one form", c->name);
    ok(memcmp(st, was, c->state_size) == 0, "%s: the state is unchanged", c->name);
    free(cfg), free(before), free(st), free(was);
  }
}

int main(void) {
  for (int i = 0; sg_classes[i]; i++)
    test_declared(sg_classes[i]);
  for (int i = 0; sg_classes[i]; i++)
    if (sg_classes[i]->hidden)
      test_hidden(sg_classes[i]);
  test_refusals();
  return done_testing();
}
