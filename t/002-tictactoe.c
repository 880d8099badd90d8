/* 002-tictactoe.c: tic-tac-toe rules against the reference counts in t/data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/tictactoe.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &tictactoe_class;
static ttt_cfg cfg;   /* lua/stratagem/games/tictactoe.lua, by name (main) */

/* reference counts from t/data/tictactoe-perft.txt */
static long long ref_perft[10], ref_games, ref_positions, ref_classes, ref_openings;

static void read_reference(void) {
  const char *dir = getenv("SRCDIR");
  char path[4096], key[32];
  long long v;
  snprintf(path, sizeof path, "%s/t/data/tictactoe-perft.txt", dir ? dir : ".");
  FILE *f = fopen(path, "r");
  if (!f)
    bail("cannot read %s", path);
  char line[256];
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || sscanf(line, "%31s %lld", key, &v) != 2)
      continue;
    int d = atoi(key);
    if (d >= 1 && d <= 9)
      ref_perft[d] = v;
    else if (!strcmp(key, "games"))
      ref_games = v;
    else if (!strcmp(key, "positions"))
      ref_positions = v;
    else if (!strcmp(key, "classes"))
      ref_classes = v;
    else if (!strcmp(key, "openings"))
      ref_openings = v;
  }
  fclose(f);
}

static ttt_state start(void) {
  ttt_state s;
  char err[SG_ERRLEN];
  C->init(&cfg, &s, NULL, 0, err);
  return s;
}

/* Walk every game: count complete games and collect the distinct positions. */
typedef struct walk {
  long long games;
  uint64_t seen[8192], canon[8192];
  int nseen, ncanon;
} walk;

static void add(uint64_t *set, int *n, uint64_t k) {
  for (int i = 0; i < *n; i++)
    if (set[i] == k)
      return;
  set[(*n)++] = k;
}

static void walk_games(walk *w, const ttt_state *s) {
  ttt_state scratch;
  add(w->seen, &w->nseen, C->hash(&cfg, s));
  add(w->canon, &w->ncanon, game_canon_hash(C, &cfg, s, &scratch));
  sg_move ms[9];
  int n = C->gen(&cfg, s, ms);
  if (n == 0) {
    w->games++;
    return;
  }
  for (int i = 0; i < n; i++) {
    ttt_state c = *s;
    C->play(&cfg, &c, ms[i]);
    walk_games(w, &c);
  }
}

static int parse_ok(const ttt_state *s, const char *t, sg_move *m, char *err) {
  return C->parse(&cfg, s, t, m, err) == 0;
}

int main(void) {
  defaults_load(C, &cfg);
  read_reference();
  ttt_state s = start();
  for (int d = 1; d <= 9; d++)
    is_int((long long)game_perft(C, &cfg, &s, d), ref_perft[d], "perft(%d)", d);
  is_int((long long)game_perft(C, &cfg, &s, 0), 1, "perft(0) is 1");

  walk *w = calloc(1, sizeof *w);
  walk_games(w, &s);
  is_int(w->games, ref_games, "complete games");
  is_int(w->nseen, ref_positions, "legal positions");
  is_int(w->ncanon, ref_classes, "positions up to the 8 symmetries");
  free(w);

  sg_move ms[9];
  uint64_t keys[9];
  ttt_state scratch[2];
  int n = C->gen(&cfg, &s, ms);
  is_int(game_distinct(C, &cfg, &s, ms, n, scratch, keys), ref_openings,
         "essentially different first moves");

  /* the 8 images of an asymmetric position are all different, and image 0 is the identity */
  char err[SG_ERRLEN];
  ttt_state a;
  ok(C->init(&cfg, &a, "xo./.../...", 0, err) == 0, "a position is read");
  uint64_t img[8];
  int distinct = 1;
  for (int k = 0; k < 8; k++) {
    ttt_state t;
    C->sym_state(&cfg, &a, &t, k);
    img[k] = C->hash(&cfg, &t);
    for (int j = 0; j < k; j++)
      distinct &= img[j] != img[k];
  }
  ok(distinct, "the 8 symmetry images of xo. are distinct");
  is_int((long long)img[0], (long long)C->hash(&cfg, &a), "image 0 is the identity");
  int moves_map = 1;
  for (int k = 0; k < 8; k++) {
    for (int m = 0; m < 9; m++) {
      ttt_state one = start(), im;
      C->play(&cfg, &one, (sg_move)m);
      C->sym_state(&cfg, &one, &im, k);
      ttt_state two = start();
      C->play(&cfg, &two, C->sym_move(&cfg, &s, (sg_move)m, k));
      moves_map &= C->hash(&cfg, &im) == C->hash(&cfg, &two);
    }
  }
  ok(moves_map, "sym_move agrees with sym_state on every square and symmetry");

  /* status and winner */
  int win = -9;
  ok(C->init(&cfg, &a, ".../ooo/xx.", 0, err) != 0, "o cannot have a line while x has moved more");
  ok(C->init(&cfg, &a, "oo./xxx/...", 0, err) == 0, "a won position is read");
  ok(C->status(&cfg, &a, &win) == SG_WON && win == 0, "x has won");
  is_int(C->gen(&cfg, &a, ms), 0, "no move after a win");
  ttt_cfg mis = cfg;
  defaults_set(C, &mis, "misere", 1);
  ok(C->status(&mis, &a, &win) == SG_WON && win == 1, "in misere, three in a row loses");
  ok(C->init(&cfg, &a, "xox/xox/oxo", 0, err) == 0 && C->status(&cfg, &a, &win) == SG_DRAWN &&
         win == -1, "a full board without a line is a draw");
  ok(C->init(&cfg, &a, "xxx/ooo/...", 0, err) != 0, "both with a line is refused");
  ok(C->init(&cfg, &a, "xx./.../...", 0, err) != 0, "two x and no o is refused");
  ok(strstr(err, "x has 2 marks and o 0") != NULL, "the message counts the marks: %s", err);
  ok(C->init(&cfg, &a, "xx/.../...", 0, err) != 0, "a short rank is malformed");
  is_string(err, "position: rank 3: 'xx' has 2 squares; expected 3 squares, each x, o or .",
            "  the message names the rank, what was wrong and what is expected");
  ok(C->init(&cfg, &a, "x../.../.../...", 0, err) != 0, "four ranks are malformed");
  ok(C->init(&cfg, &a, "x../.q./...", 0, err) != 0, "an unknown mark is malformed");

  /* moves */
  sg_move m;
  ok(parse_ok(&s, "b2", &m, err) && m == 4, "b2 is square 4");
  ok(parse_ok(&s, "C3", &m, err) && m == 8, "C3 is read as c3");
  ok(!parse_ok(&s, "d1", &m, err) && strstr(err, "malformed") != NULL, "d1 is malformed");
  ok(!parse_ok(&s, "b22", &m, err), "b22 is malformed");
  ok(!parse_ok(&s, "", &m, err), "the empty string is malformed");
  ttt_state t = s;
  C->play(&cfg, &t, 4);
  ok(!parse_ok(&t, "b2", &m, err) && strstr(err, "already taken") != NULL,
     "a taken square is refused: %s", err);
  is_int(C->to_move(&cfg, &t), 1, "o moves second");
  char buf[64];
  C->format(&cfg, &t, 6, buf, sizeof buf);
  is_string(buf, "a3", "square 6 is written a3");
  C->save_pos(&cfg, &t, buf, sizeof buf);
  is_string(buf, ".../.x./...", "the position text");

  /* evaluation: symmetric and from each player's view */
  int sc[2];
  C->eval(&cfg, &t, sc);
  is_int(sc[0], 4 * cfg.one, "x in the centre has 4 open lines of one mark");
  is_int(sc[1], -sc[0], "the scores are zero-sum");
  return done_testing();
}
