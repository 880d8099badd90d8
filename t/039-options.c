/* 039-options.c: the schema of search requests without Lua: the defaults it gives every field
   (read by name), which algorithms take what, the words of its expectations, its range
   checks. */
#include <math.h>
#include <string.h>

#include "ai/options.h"
#include "tap.h"

int main(void) {
  multi_opts o;
  options_defaults(&o);
  is_int((long long)o.s.hash_bytes, 16LL << 20, "hash: 16 MB");
  is_int(o.s.depth, 0, "depth: no limit");
  ok(o.s.time == 0, "time: no limit");
  is_int((long long)o.s.nodes, 0, "nodes: no limit");
  is_int((long long)o.s.seed, 1, "seed: 1");
  is_int(o.s.random, -1, "random: off");
  is_int(o.s.nbeam, 0, "beam: none");
  is_int(o.s.symmetry, 0, "symmetry: off");
  is_int(o.s.prune_actions, 0, "prune_actions: off");
  is_int(o.s.threads, 1, "threads: 1");
  ok(o.s.pvs && o.s.aspiration && o.s.killers && o.s.history && o.s.null_move && o.s.lmr &&
         o.s.quiescence, "alpha-beta's enhancements: all on");
  ok(o.s.check_ext && o.s.lmp && o.s.lmr_table && o.s.countermove && o.s.iir &&
         !o.s.cont_history && !o.s.singular && o.s.see == 100 && o.s.rfp == 80 &&
         o.s.futility == 100, "the chess-strength techniques: all on but cont_history and singular, margins 100, 80, 100");
  is_int((long long)o.iterations, 0, "iterations: 0");
  ok(fabs(o.exploration - sqrt(2.0)) < 1e-12, "exploration: the square root of 2");
  is_int(o.playout_depth, 0, "playout_depth: to the end");
  is_int(o.no_shallow, 0, "no_shallow: off");

  /* what each algorithm takes */
  const opt_desc *threads = options_find("threads");
  ok(threads && options_accepts(threads, ALGO_ALPHABETA) && options_accepts(threads, ALGO_MCTS) &&
         options_accepts(threads, ALGO_SOLVE) && !options_accepts(threads, ALGO_MAXN) &&
         !options_accepts(threads, ALGO_RANDOM),
     "threads: alphabeta, mcts and solve");
  const opt_desc *depth = options_find("depth");
  ok(depth && !options_accepts(depth, ALGO_MCTS) && !options_accepts(depth, ALGO_RANDOM) &&
         options_accepts(depth, ALGO_BRS), "depth: not mcts, not random; brs");
  ok(options_find("tt_size") == NULL, "an unknown name has no descriptor");
  is_int(options_algo("paranoid"), ALGO_PARANOID, "algorithms by name");
  is_int(options_algo("minimax"), -1, "an unknown algorithm");
  char buf[256];
  options_algo_list(options_find("random"), 1, buf, sizeof buf);
  is_string(buf, "'alphabeta', 'brs', 'maxn', 'paranoid', 'solve'", "random's algorithms, sorted");

  /* the words of the expectations */
  options_expected(depth, buf, sizeof buf);
  is_string(buf, "a whole number from 0 to 126 (plies; 0: no limit)", "depth expects");
  options_expected(options_find("hash"), buf, sizeof buf);
  is_string(buf, "a number from 0 to 65536 (megabytes; 0: no table)", "hash expects");
  options_expected(options_find("seed"), buf, sizeof buf);
  is_string(buf, "an integer", "seed expects");
  options_expected(options_find("prune_actions"), buf, sizeof buf);
  is_string(buf, "false, true or \"own\" (true: every player's moves, \"own\": the searching "
            "player's only)", "prune_actions expects");
  options_expected(options_find("random"), buf, sizeof buf);
  is_string(buf, "false or a whole number from 0 to 67108863 (in the score's units; Othello "
            "solve: discs)", "random expects");

  /* ranges */
  opt_value v = {.i = 127};
  ok(!options_in_range(depth, &v, buf, sizeof buf), "depth 127 is out of range");
  is_string(buf, "127 is out of range", "and says so");
  v.i = 126;
  ok(options_in_range(depth, &v, buf, sizeof buf), "depth 126 is in range");
  v = (opt_value){.i = -1};
  ok(options_in_range(options_find("random"), &v, buf, sizeof buf), "random false (-1) passes");
  v = (opt_value){.n = 65536.5};
  ok(!options_in_range(options_find("hash"), &v, buf, sizeof buf), "hash 65536.5 is too big");
  v = (opt_value){.len = 2, .list = {3, 0}};
  ok(!options_in_range(options_find("beam"), &v, buf, sizeof buf), "a beam width of 0");
  is_string(buf, "entry 2, 0, is out of range", "names the entry");

  /* a value set by id lands in its field */
  v = (opt_value){.i = 2};
  options_set(&o, OPT_PRUNE_ACTIONS, &v);
  is_int(o.s.prune_actions, SEARCH_PRUNE_OWN, "prune_actions \"own\"");
  v = (opt_value){.n = 0.5};
  options_set(&o, OPT_HASH, &v);
  is_int((long long)o.s.hash_bytes, 1LL << 19, "hash 0.5 MB");
  return done_testing();
}
