/* 009-multi.c: max^n, paranoid, best-reply search and MCTS on games small enough to check by
   hand: three-player Nim, an explicit three-player tree, tic-tac-toe and a pile game in which a
   player moves twice in a row. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ai/driver.h"
#include "ai/multi.h"
#include "core/clock.h"
#include "games/tictactoe.h"
#include "defaults.h"
#include "tap.h"

typedef int (*multi_fn)(const sg_class *, const void *, const void *, const multi_opts *,
                        multi_result *, char *);

static multi_result run(multi_fn f, const sg_class *c, const void *cfg, const void *st,
                        const multi_opts *o) {
  multi_result r;
  char err[SG_ERRLEN];
  if (f(c, cfg, st, o, &r, err) != 0)
    bail("search failed: %s", err);
  return r;
}

/* ---- three-player Nim: take 1 or 2 stones (moves 0 and 1), whoever takes the last wins ---- */
typedef struct nim {
  int stones, player, last;
} nim;
typedef struct nim_cfg {
  sg_bounds bounds;   /* each at least 0, sum at most 1, when known */
} nim_cfg;

static int nim_players(const void *c, const void *s) { (void)c, (void)s; return 3; }
static int nim_to_move(const void *c, const void *s) { (void)c; return ((const nim *)s)->player; }
static sg_status nim_status(const void *c, const void *s, int *w) {
  const nim *p = s;
  (void)c;
  if (w)
    *w = p->stones == 0 ? p->last : -1;
  return p->stones == 0 ? SG_WON : SG_PLAYING;
}
static int nim_gen(const void *c, const void *s, sg_move *out) {
  const nim *p = s;
  (void)c;
  int n = 0;
  if (p->stones >= 1)
    out[n++] = 0;
  if (p->stones >= 2)
    out[n++] = 1;
  return n;
}
static void nim_play(const void *c, void *s, sg_move m) {
  nim *p = s;
  (void)c;
  p->stones -= (int)m + 1;
  p->last = p->player;
  p->player = (p->player + 1) % 3;
}
static void nim_eval(const void *c, const void *s, int *sc) {
  (void)c, (void)s;
  sc[0] = sc[1] = sc[2] = 0;
}
static uint64_t nim_hash(const void *c, const void *s) {
  const nim *p = s;
  (void)c;
  return ((uint64_t)p->stones * 3 + (uint64_t)p->player + 1) * 0x9e3779b97f4a7c15ULL;
}
static const sg_class nim_class = {
  .name = "nim3", .state_size = sizeof(nim), .cfg_size = sizeof(nim_cfg), .max_moves = 2,
  .players = nim_players, .to_move = nim_to_move, .gen = nim_gen, .play = nim_play,
  .status = nim_status, .eval = nim_eval, .hash = nim_hash, 
  .min_players = 3, .max_players = 3, .utility = SG_CONSTANT_SUM,
  .bounds = SG_BOUNDS_CONFIG, .bounds_offset = offsetof(nim_cfg, bounds),
};

/* ---- an explicit tree: the root (player 0) has children A B C (player 1 to move), whose
   children are leaves scored (p0, p1, p2); eval bounds: each at least 0, sum at most 10 ---- */
static const int tree_first[11] = {1, 4, 6, 8};       /* first child of nodes 0..3 */
static const int tree_count[11] = {3, 2, 2, 3};
static const int tree_leaf[11][3] = {
  {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0},
  {6, 3, 1}, {5, 2, 3},              /* A: player 1 takes (6,3,1) */
  {1, 5, 4}, {9, 0, 1},              /* B: (1,5,4); after it, player 0 gets at most 5 < 6 */
  {2, 8, 0}, {7, 1, 2}, {8, 1, 1},   /* C: (2,8,0); after it, at most 2 */
};
typedef struct tnode {
  int node;
} tnode;
static int tree_to_move(const void *c, const void *s) {
  int n = ((const tnode *)s)->node;
  (void)c;
  return n == 0 ? 0 : n < 4 ? 1 : 2;
}
static sg_status tree_status(const void *c, const void *s, int *w) {
  (void)c, (void)s;
  if (w)
    *w = -1;
  return SG_PLAYING;
}
static int tree_gen(const void *c, const void *s, sg_move *out) {
  int n = ((const tnode *)s)->node;
  (void)c;
  if (n >= 4)
    return 0;
  for (int i = 0; i < tree_count[n]; i++)
    out[i] = (sg_move)i;
  return tree_count[n];
}
static void tree_play(const void *c, void *s, sg_move m) {
  tnode *t = s;
  (void)c;
  t->node = tree_first[t->node] + (int)m;
}
static void tree_eval(const void *c, const void *s, int *sc) {
  (void)c;
  memcpy(sc, tree_leaf[((const tnode *)s)->node], 3 * sizeof(int));
}
static uint64_t tree_hash(const void *c, const void *s) {
  (void)c;
  return ((uint64_t)((const tnode *)s)->node + 1) * 0x9e3779b97f4a7c15ULL;
}
static const sg_class tree_class = {
  .name = "tree3", .state_size = sizeof(tnode), .cfg_size = 1, .max_moves = 3,
  .players = nim_players, .to_move = tree_to_move, .gen = tree_gen, .play = tree_play,
  .status = tree_status, .eval = tree_eval, .hash = tree_hash, 
  .min_players = 3, .max_players = 3, .utility = SG_GENERAL_SUM,
  .bounds = SG_BOUNDS_FIXED, .bounds_fixed = {1, 0, 10},
};

/* ---- the pile game of 003-search.c: take a stone, then take a second or end the turn; the
   last taker wins; the player to move at a turn's start loses on multiples of 3 ---- */
typedef struct pile {
  int stones, player, took;
} pile;
static int pile_players(const void *c, const void *s) { (void)c, (void)s; return 2; }
static int pile_to_move(const void *c, const void *s) { (void)c; return ((const pile *)s)->player; }
static sg_status pile_status(const void *c, const void *s, int *w) {
  const pile *p = s;
  (void)c;
  if (w)
    *w = p->stones > 0 ? -1 : p->player;
  return p->stones > 0 ? SG_PLAYING : SG_WON;
}
static int pile_gen(const void *c, const void *s, sg_move *out) {
  const pile *p = s;
  int n = 0;
  (void)c;
  if (p->stones == 0)
    return 0;
  out[n++] = 0;
  if (p->took)
    out[n++] = 1;
  return n;
}
static void pile_play(const void *c, void *s, sg_move m) {
  pile *p = s;
  (void)c;
  if (m == 0) {
    if (--p->stones == 0)
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
  return ((uint64_t)p->stones * 4 + (uint64_t)p->player * 2 + (uint64_t)p->took + 1) *
         0x9e3779b97f4a7c15ULL;
}
static const sg_class pile_class = {
  .name = "pile", .state_size = sizeof(pile), .cfg_size = 1, .max_moves = 2,
  .players = pile_players, .to_move = pile_to_move, .gen = pile_gen, .play = pile_play,
  .status = pile_status, .eval = pile_eval, .hash = pile_hash,
};

/* ---- tic-tac-toe ---- */
static const sg_class *T = &tictactoe_class;
static ttt_cfg tcfg;   /* lua/stratagem/games/tictactoe.lua, by name (main) */

static ttt_state pos(const char *text) {
  ttt_state s;
  char err[SG_ERRLEN];
  if (T->init(&tcfg, &s, text, 0, err) != 0)
    bail("bad test position %s: %s", text, err);
  return s;
}

/* The AI (player ai, searching with f) never loses against any sequence of replies. */
static int never_loses(multi_fn f, const ttt_state *s, int ai, multi_opts *o, int *games) {
  int w;
  sg_status st = T->status(&tcfg, s, &w);
  if (st != SG_PLAYING) {
    (*games)++;
    return st == SG_WON && w != ai;
  }
  if (T->to_move(&tcfg, s) == ai) {
    multi_result r = run(f, T, &tcfg, s, o);
    ttt_state c = *s;
    T->play(&tcfg, &c, r.move);
    return never_loses(f, &c, ai, o, games);
  }
  sg_move ms[9];
  int n = T->gen(&tcfg, s, ms), lost = 0;
  for (int i = 0; i < n; i++) {
    ttt_state c = *s;
    T->play(&tcfg, &c, ms[i]);
    lost += never_loses(f, &c, ai, o, games);
  }
  return lost;
}

static void nim_claims(void) {
  multi_opts o;
  multi_opts_default(&o);
  nim_cfg plain = {{0, 0, 0}}, bounded = {{1, 0, 1}};
  nim s4 = {4, 0, -1}, s5 = {5, 0, -1};
  multi_result r = run(multi_maxn, &nim_class, &plain, &s4, &o);
  /* 4 stones: taking 2 lets player 1 win at ply 2; taking 1 lets player 2 win at ply 3 (player
     1 then faces 3 stones and loses whatever it does); player 0 prefers the later loss */
  is_int((int)r.move, 0, "nim 4: player 0 takes one stone");
  ok(r.scores[0] == -(SG_WIN - 3) && r.scores[1] == -(SG_WIN - 3) && r.scores[2] == SG_WIN - 3,
     "nim 4: the max^n vector is (-(W-3), -(W-3), W-3) (got %d %d %d)", r.scores[0] - 0,
     r.scores[1], r.scores[2]);
  ok(r.exact && r.npv == 3, "nim 4: exact, a PV of 3 moves");
  r = run(multi_maxn, &nim_class, &plain, &s5, &o);
  is_int((int)r.move, 0, "nim 5: player 0 takes one stone");
  ok(r.scores[0] == SG_WIN - 4 && r.scores[1] == -(SG_WIN - 4) && r.scores[2] == -(SG_WIN - 4),
     "nim 5: and wins at ply 4: (W-4, -(W-4), -(W-4)) (player 1 then prefers losing later)");

  /* paranoid: players 1 and 2 both work against player 0, who loses at ply 3 at best */
  r = run(multi_paranoid, &nim_class, &plain, &s5, &o);
  ok(r.move == 0 && r.scores[0] == -(SG_WIN - 3), "nim 5, paranoid: take one, lose at ply 3");
  /* best-reply: one opponent replies, the other plays a default move; a win in one is found */
  nim s2 = {2, 0, -1};
  r = run(multi_brs, &nim_class, &plain, &s2, &o);
  ok(r.move == 1 && r.scores[0] == SG_WIN - 1, "nim 2, best-reply: take both and win at once");
  int legal = 1;
  for (int n = 3; n <= 12; n++) {
    nim s = {n, n % 3, -1};
    multi_result a = run(multi_brs, &nim_class, &plain, &s, &o);
    multi_result b = run(multi_brs, &nim_class, &plain, &s, &o);
    legal &= a.move <= 1 && a.move == b.move && a.nodes == b.nodes && a.exact;
  }
  ok(legal, "nim 3..12, best-reply with three players: legal, exact, reproducible");

  /* with bounds the scores of an end are 1 for the winner, 0 for the others */
  r = run(multi_maxn, &nim_class, &bounded, &s5, &o);
  ok(r.move == 0 && r.scores[0] == 1 && r.scores[1] == 0 && r.scores[2] == 0,
     "nim 5 with bounds: the same move, vector (1, 0, 0)");

  /* shallow pruning: the same result as without, in fewer nodes */
  o.s.hash_bytes = 0;
  int same = 1;
  uint64_t pruned = 0, plain_nodes = 0;
  for (int n = 1; n <= 14; n++) {
    nim s = {n, 0, -1};
    o.no_shallow = 0;
    multi_result a = run(multi_maxn, &nim_class, &bounded, &s, &o);
    o.no_shallow = 1;
    multi_result b = run(multi_maxn, &nim_class, &bounded, &s, &o);
    same &= a.move == b.move && !memcmp(a.scores, b.scores, 3 * sizeof(int));
    pruned += a.nodes, plain_nodes += b.nodes;
  }
  ok(same, "nim 1..14: shallow pruning gives the same moves and vectors");
  ok(pruned < plain_nodes, "with fewer nodes (%llu < %llu)", (unsigned long long)pruned,
     (unsigned long long)plain_nodes);
}

static void tree_claims(void) {
  multi_opts o;
  multi_opts_default(&o);
  o.s.depth = 2;
  o.s.hash_bytes = 0;
  tnode t = {0};
  multi_result a = run(multi_maxn, &tree_class, NULL, &t, &o);
  o.no_shallow = 1;
  multi_result b = run(multi_maxn, &tree_class, NULL, &t, &o);
  is_int((int)a.move, 0, "tree: player 0 picks A");
  ok(a.scores[0] == 6 && a.scores[1] == 3 && a.scores[2] == 1, "tree: the value is (6, 3, 1)");
  ok(b.move == a.move && !memcmp(a.scores, b.scores, 3 * sizeof(int)),
     "tree: the same without pruning");
  /* depth 1: root + 3; depth 2: root + 3 + 7 leaves, of which pruning skips B's second and
     C's last two */
  is_int((long long)b.nodes, 4 + 11, "tree: 15 nodes without pruning");
  is_int((long long)a.nodes, 4 + 8, "tree: 12 with shallow pruning (3 leaves cut)");
}

static void ttt_claims(void) {
  multi_opts o;
  multi_opts_default(&o);
  o.s.hash_bytes = 1 << 20;
  ttt_state empty = pos(".../.../...");
  multi_result r = run(multi_maxn, T, &tcfg, &empty, &o);
  ok(r.scores[0] == 0 && r.scores[1] == 0 && r.exact, "max^n: the empty board is a draw, exactly");
  r = run(multi_paranoid, T, &tcfg, &empty, &o);
  ok(r.scores[0] == 0 && r.exact && r.depth == 9, "paranoid: a draw, exactly, at depth 9");

  /* paranoid is alpha-beta on two players; best-reply is paranoid */
  const char *positions[] = {".../.../...", ".../.x./...", "x../.o./...", "xo./.x./...",
                             "oo./.../xx.", "x../.x./o..", "xox/.o./..."};
  int agree_ab = 1, agree_brs = 1;
  for (int i = 0; i < 7; i++)
    for (int d = 1; d <= 9; d += 2) {
      ttt_state s = pos(positions[i]);
      search_result ar;
      char err[SG_ERRLEN];
      search_opts so = o.s;
      so.depth = d;
      so.lmr = so.null_move = 0;   /* the enhancements that change a fixed depth's value */
      if (search_alphabeta(T, &tcfg, &s, &so, &ar, err) != 0)
        bail("%s", err);
      o.s.depth = d;
      multi_result p = run(multi_paranoid, T, &tcfg, &s, &o);
      multi_result b = run(multi_brs, T, &tcfg, &s, &o);
      int me = T->to_move(&tcfg, &s);
      if (p.scores[me] != ar.score) {
        agree_ab = 0;
        diag("%s depth %d: paranoid %d, alpha-beta %d", positions[i], d, p.scores[me], ar.score);
      }
      if (b.scores[me] != p.scores[me] || b.move != p.move)
        agree_brs = 0;
    }
  o.s.depth = 0;
  ok(agree_ab, "paranoid's value is alpha-beta's (principal variation search, aspiration, "
     "killers, history) on 7 positions at depths 1 3 5 7 9");
  ok(agree_brs, "best-reply search gives paranoid's value and move there");

  int games = 0;
  is_int(never_loses(multi_paranoid, &empty, 0, &o, &games), 0,
         "paranoid as x never loses against every reply sequence");
  diag("%d games", games);
  games = 0;
  is_int(never_loses(multi_maxn, &empty, 1, &o, &games), 0, "max^n as o never loses either");
  games = 0;
  is_int(never_loses(multi_brs, &empty, 1, &o, &games), 0, "best-reply as o never loses");

  /* MCTS: a win in one, a block, reproducible */
  multi_opts m;
  multi_opts_default(&m);
  m.iterations = 2000;
  ttt_state win1 = pos("oo./.../xx."), block = pos("x../.x./o..");
  r = run(multi_mcts, T, &tcfg, &win1, &m);
  is_int((int)r.move, 2, "mcts: x completes the row with c1");
  ok(r.rewards[0] > 0.9, "and expects to win (%.3f)", r.rewards[0]);
  r = run(multi_mcts, T, &tcfg, &block, &m);
  is_int((int)r.move, 2, "mcts: o blocks at c1");
  is_int((long long)r.iterations, 2000, "it ran its 2000 iterations");
  int repro = 1;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    m.s.seed = seed;
    multi_result a = run(multi_mcts, T, &tcfg, &empty, &m), b = run(multi_mcts, T, &tcfg, &empty, &m);
    repro &= a.move == b.move && a.nodes == b.nodes && a.rewards[0] == b.rewards[0] &&
             a.npv == b.npv && !memcmp(a.pv, b.pv, (size_t)a.npv * sizeof(sg_move));
  }
  ok(repro, "mcts: the same seed gives the same move, rewards, nodes and PV");
  m.iterations = 0;
  m.s.time = 0.05;
  r = run(multi_mcts, T, &tcfg, &empty, &m);
  ok(r.stopped == SEARCH_LIMIT && r.time < 1.0, "mcts: a time limit stops it (%.3f s, %llu iterations)",
     r.time, (unsigned long long)r.iterations);
  m.s.time = 0;
  m.s.nodes = 5000;
  r = run(multi_mcts, T, &tcfg, &empty, &m);
  ok(r.stopped == SEARCH_LIMIT && r.nodes <= 5000 + 9, "mcts: a node limit stops it (%llu nodes)",
     (unsigned long long)r.nodes);

  /* MCTS on threads: root parallelism, one tree per thread, reproducible for a given count */
  m.s.nodes = 0;
  m.iterations = 2001;
  m.s.seed = 3;
  multi_result one = run(multi_mcts, T, &tcfg, &empty, &m);
  m.s.threads = 1;
  multi_result one_b = run(multi_mcts, T, &tcfg, &empty, &m);
  ok(one.move == one_b.move && one.nodes == one_b.nodes && one.rewards[0] == one_b.rewards[0] &&
     one.tree_nodes == one_b.tree_nodes, "mcts: threads = 1 is the search as it was");
  m.s.threads = 3;
  multi_result t3 = run(multi_mcts, T, &tcfg, &empty, &m), t3b = run(multi_mcts, T, &tcfg, &empty, &m);
  is_int((long long)t3.iterations, 2001, "mcts on 3 threads: the iterations are the trees' sum");
  is_int((long long)t3.tree_nodes, 2001 + 3, "with 3 roots in the trees' node count");
  ok(t3.move < 9 && t3.npv >= 1 && t3.pv[0] == t3.move, "a legal move that starts the PV (%d)",
     (int)t3.move);
  ok(t3.move == t3b.move && t3.nodes == t3b.nodes && t3.rewards[0] == t3b.rewards[0] &&
     t3.npv == t3b.npv && !memcmp(t3.pv, t3b.pv, (size_t)t3.npv * sizeof(sg_move)),
     "the same seed on 3 threads gives the same move, rewards, nodes and PV");
  ok(t3.nodes != one.nodes, "and other trees than one thread's (%llu nodes, one thread %llu)",
     (unsigned long long)t3.nodes, (unsigned long long)one.nodes);
  m.iterations = 2000;
  m.s.threads = 2;
  r = run(multi_mcts, T, &tcfg, &win1, &m);
  ok(r.move == 2 && r.rewards[0] > 0.9, "on 2 threads x still completes the row with c1 (%.3f)",
     r.rewards[0]);
  m.iterations = 0;
  m.s.nodes = 6000;
  r = run(multi_mcts, T, &tcfg, &empty, &m);
  ok(r.stopped == SEARCH_LIMIT && r.nodes <= 6000 + 18, "a node limit shared by 2 threads (%llu nodes)",
     (unsigned long long)r.nodes);
  m.s.nodes = 0;
  m.s.threads = 1;

  /* limits of the tree searches */
  multi_fn fs[3] = {multi_maxn, multi_paranoid, multi_brs};
  const char *names[3] = {"max^n", "paranoid", "best-reply"};
  o.s.nodes = 300;
  for (int i = 0; i < 3; i++) {
    r = run(fs[i], T, &tcfg, &empty, &o);
    ok(r.stopped == SEARCH_LIMIT && r.nodes <= 301 && r.move < 9,
       "%s: a node limit of 300 stops it with a move (%llu nodes)", names[i],
       (unsigned long long)r.nodes);
  }
  o.s.nodes = 0;
  interrupt_request();
  r = run(multi_maxn, T, &tcfg, &empty, &o);
  ok(r.stopped == SEARCH_INTERRUPTED, "an interrupt stops max^n");
  interrupt_clear();

  /* random choice among equal root moves, reproducible */
  o.s.random = 0;
  int seen = 0, same = 1;
  for (int seed = 1; seed <= 60; seed++) {
    o.s.seed = (uint64_t)seed;
    multi_result a = run(multi_maxn, T, &tcfg, &empty, &o), b = run(multi_maxn, T, &tcfg, &empty, &o);
    same &= a.move == b.move;
    seen |= 1 << a.move;
  }
  ok(same && seen == 0777, "max^n with random = 0: every first move over 60 seeds, reproducibly");
  o.s.random = -1;

  ttt_state over = pos("xxx/oo./...");
  char err[SG_ERRLEN];
  ok(multi_maxn(T, &tcfg, &over, &o, &r, err) != 0 && strstr(err, "game is over"),
     "searching a finished game is an error");
  ok(multi_mcts(T, &tcfg, &over, &o, &r, err) != 0, "for mcts too");
}

static void pile_claims(void) {
  multi_opts o;
  multi_opts_default(&o);
  o.s.hash_bytes = 1 << 16;
  multi_fn fs[3] = {multi_maxn, multi_paranoid, multi_brs};
  const char *names[3] = {"max^n", "paranoid", "best-reply"};
  for (int i = 0; i < 3; i++) {
    int right = 1;
    for (int n = 1; n <= 16; n++) {
      pile p = {n, 0, 0};
      multi_result r = run(fs[i], &pile_class, NULL, &p, &o);
      if ((r.scores[0] > 0) != (n % 3 != 0))
        right = 0;
    }
    ok(right, "%s with double moves finds the losing piles (multiples of 3)", names[i]);
  }
}

/* The driver the tree searches share (src/ai/driver.c): alpha-beta, max^n, paranoid and
   best-reply honour a stop flag and an interrupt alike. */
static void driver_claims(void) {
  multi_opts o;
  multi_opts_default(&o);
  ttt_state empty = pos(".../.../...");
  sg_move ms[9];
  T->gen(&tcfg, &empty, ms);
  multi_fn fs[3] = {multi_maxn, multi_paranoid, multi_brs};
  const char *names[3] = {"max^n", "paranoid", "best-reply"};
  char err[SG_ERRLEN];
  search_result ar;
  int stop = 1;
  o.s.stop_flag = &stop;   /* set before the search: no iteration finishes */
  for (int i = 0; i < 3; i++) {
    multi_result r = run(fs[i], T, &tcfg, &empty, &o);
    ok(r.stopped == SEARCH_LIMIT && r.move == ms[0] && r.depth == 0 && r.nodes <= 2,
       "%s: a stop flag set before the search gives the first legal move at once (%llu nodes)",
       names[i], (unsigned long long)r.nodes);
  }
  if (search_alphabeta(T, &tcfg, &empty, &o.s, &ar, err) != 0)
    bail("%s", err);
  ok(ar.stopped == SEARCH_LIMIT && ar.move == ms[0] && ar.depth == 0 && ar.nodes <= 2,
     "alpha-beta: the same (%llu nodes)", (unsigned long long)ar.nodes);
  o.s.stop_flag = NULL;

  /* the limits are looked at when the node count reaches the next poll's, so a count that
     jumps (game ends are counted without a poll) cannot step over it */
  interrupt_request();
  for (int i = 0; i < 3; i++) {
    multi_result r = run(fs[i], T, &tcfg, &empty, &o);
    ok(r.stopped == SEARCH_INTERRUPTED && r.nodes <= DRIVER_POLL + 9,
       "%s: an interrupt stops it at the first poll (%llu nodes)", names[i],
       (unsigned long long)r.nodes);
  }
  o.s.hash_bytes = 0;   /* here alpha-beta's count steps over 1024 (it polled at multiples) */
  if (search_alphabeta(T, &tcfg, &empty, &o.s, &ar, err) != 0)
    bail("%s", err);
  ok(ar.stopped == SEARCH_INTERRUPTED && ar.nodes <= DRIVER_POLL + 9,
     "alpha-beta: the same (%llu nodes)", (unsigned long long)ar.nodes);
  interrupt_clear();
}

int main(void) {
  defaults_load(&tictactoe_class, &tcfg);
  nim_claims();
  tree_claims();
  ttt_claims();
  pile_claims();
  driver_claims();
  return done_testing();
}
