/* 003-search.c: the generic alpha-beta on tic-tac-toe and on a toy game in which a player
   moves twice in a row. */
#include <stdio.h>
#include <string.h>

#include "ai/search.h"
#include "core/clock.h"
#include "games/tictactoe.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *T = &tictactoe_class;
static ttt_cfg cfg;   /* lua/stratagem/games/tictactoe.lua, by name (main) */

static ttt_state pos(const char *text) {
  ttt_state s;
  char err[SG_ERRLEN];
  if (T->init(&cfg, &s, text, 0, err) != 0)
    bail("bad test position %s: %s", text, err);
  return s;
}

static search_result run(const void *st, search_opts *o) {
  search_result r;
  char err[SG_ERRLEN];
  if (search_alphabeta(T, &cfg, st, o, &r, err) != 0)
    bail("search failed: %s", err);
  return r;
}

/* The AI (player ai) never loses against any sequence of opponent replies.  Returns the number
   of games it lost (0 expected); counts games and AI wins. */
static int never_loses(const ttt_state *s, int ai, search_opts *o, int *games, int *wins) {
  int w;
  sg_status st = T->status(&cfg, s, &w);
  if (st != SG_PLAYING) {
    (*games)++;
    *wins += st == SG_WON && w == ai;
    return st == SG_WON && w != ai;
  }
  sg_move ms[9];
  if (T->to_move(&cfg, s) == ai) {
    search_result r = run(s, o);
    ttt_state c = *s;
    T->play(&cfg, &c, r.move);
    o->seed++;
    return never_loses(&c, ai, o, games, wins);
  }
  int n = T->gen(&cfg, s, ms), lost = 0;
  for (int i = 0; i < n; i++) {
    ttt_state c = *s;
    T->play(&cfg, &c, ms[i]);
    lost += never_loses(&c, ai, o, games, wins);
  }
  return lost;
}

/* A toy game: a pile of stones; a turn takes one stone, then may take a second (the same
   player moves again) or end.  Whoever takes the last stone wins: the player to move at the
   start of a turn loses exactly when the pile is a multiple of 3. */
typedef struct pile {
  int stones, player, took;
} pile;

static int pile_players(const void *c, const void *s) { (void)c, (void)s; return 2; }
static int pile_to_move(const void *c, const void *s) { (void)c; return ((const pile *)s)->player; }
static sg_status pile_status(const void *c, const void *s, int *w) {
  const pile *p = s;
  (void)c;
  if (p->stones > 0) {
    if (w) *w = -1;
    return SG_PLAYING;
  }
  if (w) *w = p->player;   /* the last taker stays the player after the last stone */
  return SG_WON;
}
static int pile_gen(const void *c, const void *s, sg_move *out) {
  const pile *p = s;
  int n = 0;
  (void)c;
  if (p->stones == 0)
    return 0;
  out[n++] = 0;              /* take a stone */
  if (p->took)
    out[n++] = 1;            /* end the turn */
  return n;
}
static void pile_play(const void *c, void *s, sg_move m) {
  pile *p = s;
  (void)c;
  if (m == 0) {
    p->stones--;
    if (p->stones == 0)
      return;
    if (p->took)
      p->took = 0, p->player ^= 1;
    else
      p->took = 1;
  } else
    p->took = 0, p->player ^= 1;
}
static void pile_eval(const void *c, const void *s, int *sc) { (void)c, (void)s; sc[0] = sc[1] = 0; }
static uint64_t pile_hash(const void *c, const void *s) {
  const pile *p = s;
  (void)c;
  return ((uint64_t)p->stones * 4 + (uint64_t)p->player * 2 + (uint64_t)p->took) * 0x9e3779b97f4a7c15ULL;
}
static const sg_class pile_class = {
  .name = "pile", .state_size = sizeof(pile), .cfg_size = 1, .max_moves = 2,
  .players = pile_players, .to_move = pile_to_move, .gen = pile_gen, .play = pile_play,
  .status = pile_status, .eval = pile_eval, .hash = pile_hash,
};

int main(void) {
  defaults_load(&tictactoe_class, &cfg);
  search_opts o;
  search_opts_default(&o);
  ttt_state empty = pos(".../.../...");

  search_result r = run(&empty, &o);
  is_int(r.score, 0, "alpha-beta at full depth scores the empty board 0 (a draw)");
  ok(r.exact, "with no limit the result is exact");
  ok(r.depth >= 9 && r.depth <= 16, "late move reductions cost a few more iterations (%d)",
     r.depth);
  o.lmr = 0;
  r = run(&empty, &o);
  is_int(r.depth, 9, "without reductions it needed 9 plies");
  is_int(r.score, 0, "the same score");
  o.lmr = 1;
  r = run(&empty, &o);
  ok(r.npv >= 1 && r.pv[0] == r.move, "the PV starts with the move");
  ok(r.stopped == SEARCH_DONE, "nothing stopped it");

  o.hash_bytes = 0;
  search_result r0 = run(&empty, &o);
  is_int(r0.score, 0, "without a table the score is the same");
  ok(r0.nodes > r.nodes, "the table saves nodes (%llu with, %llu without)",
     (unsigned long long)r.nodes, (unsigned long long)r0.nodes);
  o.hash_bytes = 1 << 20;

  /* x to move wins at once with c1 (or later, which scores less) */
  ttt_state win1 = pos("oo./.../xx.");
  r = run(&win1, &o);
  is_int((int)r.move, 2, "x completes a row with c1");
  is_int(r.score, SG_WIN - 1, "a win in one scores SG_WIN - 1 (preferred to a later win)");
  ttt_state lose = pos("x../.x./o..");   /* x threatens a3-b2-c1 */
  r = run(&lose, &o);
  is_int((int)r.move, 2, "o blocks at c1");

  o.depth = 2;
  r = run(&empty, &o);
  is_int(r.depth, 2, "a depth limit of 2 stops at depth 2");
  ok(!r.exact, "a depth-limited result is not exact");
  o.depth = 0;

  o.nodes = 100;
  r = run(&empty, &o);
  ok(r.stopped == SEARCH_LIMIT && r.nodes <= 101, "a node limit of 100 is kept (%llu nodes)",
     (unsigned long long)r.nodes);
  ok(r.move < 9 && ((empty.x | empty.o) & (1u << r.move)) == 0, "and a legal move is returned");
  o.nodes = 0;

  interrupt_request();
  r = run(&empty, &o);
  ok(r.stopped == SEARCH_INTERRUPTED, "an interrupt stops the search");
  interrupt_clear();

  /* random margin: all first moves draw, so with margin 0 all 9 are candidates */
  o.random = 0;
  o.hash_bytes = 0;
  int seen = 0, same = 1;
  for (int seed = 1; seed <= 60; seed++) {
    o.seed = (uint64_t)seed;
    r = run(&empty, &o);
    search_result again = run(&empty, &o);
    same &= again.move == r.move;
    seen |= 1 << r.move;
    if (seed == 1)
      is_int(r.ncand, 9, "all 9 first moves are equally good");
  }
  ok(same, "the same seed picks the same move");
  is_int(seen, 0777, "over 60 seeds every first move is picked");
  ttt_state after = pos(".../.x./...");
  o.seed = 3;
  r = run(&after, &o);
  is_int(r.ncand, 4, "after x b2 only the 4 corners keep the draw for o");
  ok(r.move == 0 || r.move == 2 || r.move == 6 || r.move == 8, "and o plays a corner");
  o.random = -1;

  /* symmetry: fewer nodes, the same value, a random image of the chosen class */
  o.symmetry = 1;
  search_result rs = run(&empty, &o);
  is_int(rs.score, 0, "with symmetry the empty board still scores 0");
  ok(rs.nodes < r0.nodes, "symmetry reduction searches fewer nodes (%llu < %llu)",
     (unsigned long long)rs.nodes, (unsigned long long)r0.nodes);
  seen = 0;
  for (int seed = 1; seed <= 80; seed++) {
    o.seed = (uint64_t)seed;
    o.random = 0;
    seen |= 1 << run(&empty, &o).move;
  }
  is_int(seen, 0777, "with symmetry and random images every square is played over 80 seeds");
  o.random = -1;
  o.symmetry = 0;

  /* beam: keep 2 moves at each of the first plies */
  for (int i = 0; i < 9; i++)
    o.beam[i] = 2;
  o.nbeam = 9;
  r = run(&empty, &o);
  ok(r.nodes < r0.nodes, "a beam of 2 searches fewer nodes (%llu)", (unsigned long long)r.nodes);
  ok(!r.exact, "a beam-cut result is not called exact");
  o.nbeam = 0;

  /* never loses: as x and as o, against every sequence of replies */
  int games = 0, wins = 0;
  o.hash_bytes = 1 << 16;
  o.random = 0;
  o.seed = 1;
  is_int(never_loses(&empty, 0, &o, &games, &wins), 0, "as x the AI never loses");
  diag("as x: %d games, %d won", games, wins);
  ok(wins > 0, "and wins when the opponent errs");
  games = wins = 0;
  o.symmetry = 1;   /* and as o, playing random images of its moves */
  is_int(never_loses(&empty, 1, &o, &games, &wins), 0, "as o (with symmetry) the AI never loses");
  diag("as o: %d games, %d won", games, wins);
  o.random = -1;
  o.symmetry = 0;

  /* a player moving twice keeps the sign */
  search_opts po;
  search_opts_default(&po);
  po.hash_bytes = 1 << 16;
  int right = 1;
  for (int n = 1; n <= 20; n++) {
    pile p = {n, 0, 0};
    char err[SG_ERRLEN];
    search_result pr;
    if (search_alphabeta(&pile_class, NULL, &p, &po, &pr, err) != 0)
      bail("%s", err);
    int wins_now = pr.score > 0;
    if (wins_now != (n % 3 != 0)) {
      right = 0;
      diag("pile of %d: score %d", n, pr.score);
    }
  }
  ok(right, "with double moves the search finds the losing piles (multiples of 3)");

  ttt_state over = pos("xxx/oo./...");
  char err[SG_ERRLEN];
  ok(search_alphabeta(T, &cfg, &over, &o, &r, err) != 0 && strstr(err, "game is over"),
     "searching a finished game is an error: %s", err);
  ok(search_random(T, &cfg, &empty, &o, &r, err) == 0 && r.move < 9, "the random player moves");
  return done_testing();
}
