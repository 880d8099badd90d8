/* 005-othello.c: Othello rules without Lua: perft against the reference counts (depths 1-9;
   10 and 11 are in the benchmark), flips, passes, the end, symmetries, positions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/othello.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &othello_class;
static oth_cfg cfg;   /* lua/stratagem/games/othello.lua, by name (main) */

static oth_state pos(const char *text) {
  oth_state s;
  char err[SG_ERRLEN];
  if (C->init(&cfg, &s, text, 0, err) != 0)
    bail("bad test position: %s", err);
  return s;
}

int main(void) {
  defaults_load(C, &cfg);
  long long ref[12] = {0};
  read_counts("othello-perft.txt", ref, 11);

  oth_state s;
  char err[SG_ERRLEN];
  ok(C->init(&cfg, &s, NULL, 0, err) == 0, "the standard start");
  for (int d = 1; d <= 9; d++)
    is_int((long long)game_perft(C, &cfg, &s, d), ref[d], "perft(%d)", d);

  /* flips along several lines at once */
  oth_state t = pos("......../......../..wwwb../..wbw.../..www.../..b....."
                    "/......../........ b");
  uint64_t fl = oth_flips(t.disc[0], t.disc[1], 2 * 8 + 1);   /* b3 */
  ok(fl != 0, "b3 flips for black");
  sg_move m;
  ok(C->parse(&cfg, &t, "b3", &m, err) == 0 && m == 17, "b3 is square 17 and legal");
  ok(C->parse(&cfg, &t, "h8", &m, err) != 0 && strstr(err, "flips no disc"),
     "a placement that encloses nothing is refused: %s", err);
  ok(C->parse(&cfg, &t, "c3", &m, err) != 0 && strstr(err, "taken"), "a taken square is refused");
  ok(C->parse(&cfg, &t, "pass", &m, err) != 0, "no pass while a placement is legal");
  ok(C->parse(&cfg, &t, "i9", &m, err) != 0 && strstr(err, "malformed"), "i9 is malformed");

  /* pass: white has no move, black has */
  oth_state p = pos("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbw./........ w");
  sg_move ms[64];
  int n = C->gen(&cfg, &p, ms);
  ok(n == 1 && ms[0] == OTH_PASS, "a player without a placement has only the pass");
  ok(C->status(&cfg, &p, NULL) == SG_PLAYING, "the game goes on while the other can move");
  ok(C->parse(&cfg, &p, "pass", &m, err) == 0 && m == OTH_PASS, "pass is read");
  C->play(&cfg, &p, OTH_PASS);
  is_int(C->to_move(&cfg, &p), 0, "after the pass black moves");

  /* the end: a full board */
  int w;
  oth_state e = pos("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwwb w");
  ok(C->status(&cfg, &e, &w) == SG_WON && w == 0, "a full board: the side with more discs wins");
  is_int(C->gen(&cfg, &e, ms), 0, "no moves after the end");
  ok(C->end_margin(&cfg, &e, 0) == 2 && C->end_margin(&cfg, &e, 1) == -2,
     "the final margin is the disc difference (33 to 31)");

  /* symmetries: 8 distinct images of an asymmetric position; moves map with states */
  oth_state a = pos("b......./..w...../......../...wb.../...bw.../......../......../........ b");
  uint64_t h[8];
  int distinct = 1, maps = 1;
  for (int k = 0; k < 8; k++) {
    oth_state im;
    C->sym_state(&cfg, &a, &im, k);
    h[k] = C->hash(&cfg, &im);
    for (int j = 0; j < k; j++)
      distinct &= h[j] != h[k];
    n = C->gen(&cfg, &a, ms);
    for (int i = 0; i < n; i++) {
      oth_state x = a, y;
      C->play(&cfg, &x, ms[i]);
      C->sym_state(&cfg, &x, &y, k);
      oth_state z = im;
      C->play(&cfg, &z, C->sym_move(&cfg, &a, ms[i], k));
      maps &= C->hash(&cfg, &y) == C->hash(&cfg, &z);
    }
  }
  ok(distinct, "the 8 symmetry images of an asymmetric position differ");
  ok(h[0] == C->hash(&cfg, &a), "image 0 is the identity");
  ok(maps, "every move's image is legal in the image and gives the image of the result");

  /* positions */
  char buf[128];
  C->save_pos(&cfg, &s, buf, sizeof buf);
  is_string(buf, "......../......../......../...wb.../...bw.../......../......../........ b",
            "the start as text");
  ok(C->init(&cfg, &t, "......../......../ b", 0, err) != 0, "a short position is malformed");
  is_string(err, "position: row 3: '' has 0 squares; expected 8 squares, each b, w or .",
            "  the message names the row, what was wrong and what is expected");
  ok(C->init(&cfg, &t, "......../......../......../...wb.../...bw.../......../......../........ x",
             0, err) != 0, "an unknown side to move is malformed");

  /* the variant: a wrong placement forfeits the turn */
  oth_cfg v = cfg;
  defaults_set(C, &v, "forfeit_on_illegal", 1);
  oth_state start = s;
  ok(C->parse(&v, &start, "a1", &m, err) == 0 && m == OTH_FORFEIT + 0,
     "with forfeit_on_illegal a1 at the start forfeits");
  C->play(&v, &start, m);
  ok(start.side == 1 && start.disc[0] == s.disc[0] && start.disc[1] == s.disc[1],
     "the turn passes and the board is unchanged");
  ok(C->parse(&v, &s, "d4", &m, err) != 0, "a taken square is still refused");
  return done_testing();
}
