/* 006-draughts.c: English draughts rules without Lua: perft against the reference counts,
   each rule on a position built by hand, notation, position text, and the huffing variant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/draughts.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &draughts_class;
static dr_cfg cfg, huff;   /* lua/stratagem/games/draughts.lua by name; huff: capture = huff */

static dr_state pos_in(const dr_cfg *c, const char *text) {
  dr_state s;
  char err[SG_ERRLEN];
  if (C->init(c, &s, text, 0, err) != 0)
    bail("bad test position %s: %s", text, err);
  return s;
}

static dr_state pos(const char *text) { return pos_in(&cfg, text); }

/* The legal moves, formatted and joined by spaces. */
static const char *moves_text(const dr_cfg *c, const dr_state *s) {
  static char out[4096];
  sg_move ms[1024];
  int n = C->gen(c, s, ms), k = 0;
  out[0] = '\0';
  for (int i = 0; i < n; i++) {
    char one[64];
    C->format(c, s, ms[i], one, sizeof one);
    k += snprintf(out + k, sizeof out - (size_t)k, "%s%s", i ? " " : "", one);
  }
  return out;
}

/* Play a move given as text; bail when it is refused (the test position is wrong). */
static void play(const dr_cfg *c, dr_state *s, const char *text) {
  sg_move m;
  char err[SG_ERRLEN];
  if (C->parse(c, s, text, &m, err) != 0)
    bail("test move refused: %s", err);
  C->play(c, s, m);
}

/* Whether text is refused with a message containing want. */
static int refused(const dr_cfg *c, const dr_state *s, const char *text, const char *want) {
  sg_move m;
  char err[SG_ERRLEN];
  if (C->parse(c, s, text, &m, err) == 0)
    return 0;
  if (!strstr(err, want)) {
    diag("'%s' refused with: %s", text, err);
    return 0;
  }
  return 1;
}

static int pieces(const dr_state *s, int side) { return __builtin_popcount(s->piece[side]); }

/* Random games (a small LCG, so the test is the same every run): every legal move formats and
   parses back to itself, the game is over exactly when there is no move, and the position text
   reads back to the same state. */
static void random_games(const dr_cfg *c, const char *what) {
  uint64_t r = 12345;
  int roundtrip = 1, over_iff_none = 1, postext = 1, within = 1, games = 0, plies = 0;
  for (int g = 0; g < 30; g++, games++) {
    dr_state s = pos_in(c, NULL);
    for (int ply = 0; ply < 300; ply++, plies++) {
      sg_move ms[1024], m;
      char buf[256], err[SG_ERRLEN];
      int n = C->gen(c, &s, ms);
      within &= n <= C->max_moves;
      over_iff_none &= (n == 0) == (C->status(c, &s, NULL) != SG_PLAYING);
      C->save_pos(c, &s, buf, sizeof buf);
      dr_state back;
      postext &= C->init(c, &back, buf, 0, err) == 0 && memcmp(&back, &s, sizeof s) == 0;
      for (int i = 0; i < n; i++) {
        C->format(c, &s, ms[i], buf, sizeof buf);
        int ok1 = C->parse(c, &s, buf, &m, err) == 0 && m == ms[i];
        if (!ok1 && roundtrip)
          diag("%s: '%s' does not read back: %s", what, buf, err);
        roundtrip &= ok1;
      }
      if (n == 0)
        break;
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      C->play(c, &s, ms[(r >> 33) % (uint64_t)n]);
    }
  }
  ok(roundtrip, "%s: every legal move of %d random games (%d plies) formats and reads back",
     what, games, plies);
  ok(over_iff_none, "%s: the game is over exactly when there is no legal move", what);
  ok(postext, "%s: every position of those games reads back from its text exactly", what);
  ok(within, "%s: no position has more moves than max_moves", what);
}

static void test_perft(void) {
  long long ref[11] = {0};
  read_counts("draughts-perft.txt", ref, 10);
  dr_state s = pos(NULL);
  for (int d = 1; d <= 10; d++)
    is_int((long long)game_perft(C, &cfg, &s, d), ref[d], "perft(%d)", d);
}

static void test_moves(void) {
  dr_state s = pos(NULL);
  is_string(moves_text(&cfg, &s), "9-13 9-14 10-14 10-15 11-15 11-16 12-16",
            "Black's seven openings, in PDN");
  is_int(C->to_move(&cfg, &s), 0, "Black moves first");
  ok(!C->unquiet(&cfg, &s), "the start is quiet");

  s = pos("B:W32:B14");
  is_string(moves_text(&cfg, &s), "14-17 14-18", "a black man moves forward only (down)");
  ok(refused(&cfg, &s, "14-10", "a man moves only forward"), "14-10 is refused: backward");
  s = pos("W:W14:B1");
  is_string(moves_text(&cfg, &s), "14-9 14-10", "a white man moves forward only (up)");
  s = pos("B:W32:BK14");
  is_string(moves_text(&cfg, &s), "14-9 14-10 14-17 14-18", "a king moves both ways");
  play(&cfg, &s, "14-9");
  ok(s.kings == 1u << 8 && s.piece[0] == 1u << 8, "the king goes with its piece");

  s = pos("B:W18:B14,1");
  is_string(moves_text(&cfg, &s), "14x23", "a capture hides every plain move");
  ok(C->unquiet(&cfg, &s), "a pending capture makes the position unquiet");
  ok(refused(&cfg, &s, "1-5", "a capture is compulsory: 14x23"),
     "1-5 is refused: a capture is compulsory, named");
  play(&cfg, &s, "14x23");
  ok(s.piece[1] == 0 && s.piece[0] == (1u << 0 | 1u << 22), "the jumped piece is removed");

  s = pos("W:W22:B18,10,3");
  is_string(moves_text(&cfg, &s), "22x15x6", "a multi-jump is one move");
  ok(refused(&cfg, &s, "22x15", "a multi-jump must be completed: 22x15x6"),
     "stopping half way is refused");
  sg_move m, full;
  char err[SG_ERRLEN];
  ok(C->parse(&cfg, &s, "22x6", &m, err) == 0 && C->parse(&cfg, &s, "22x15x6", &full, err) == 0 &&
     m == full, "the short form 22x6 names the only route");
  C->play(&cfg, &s, m);
  ok(s.piece[0] == 1u << 2 && s.piece[1] == 1u << 5, "both jumped pieces are gone, 6 holds the man");

  /* a king's circuit: the same four pieces, clockwise or anticlockwise */
  s = pos("W:WK22:B18,19,26,27");
  is_string(moves_text(&cfg, &s), "22x15x24x31x22 22x31x24x15x22",
            "two routes taking the same pieces are two moves");
  ok(refused(&cfg, &s, "22x22", "several routes join 22 and 22: 22x15x24x31x22 or "
             "22x31x24x15x22"), "the short form is refused when routes differ, listing them");

  s = pos("B:W26,27:B22");
  is_string(moves_text(&cfg, &s), "22x31", "a man crowned by a capture stops there");
  ok(refused(&cfg, &s, "22x31x24", "crowned and the move ends there (at 31)"),
     "jumping on as a new king is refused");
  play(&cfg, &s, "22x31");
  ok(s.kings == 1u << 30 && C->to_move(&cfg, &s) == 1, "31 holds a king and White moves");

  s = pos("B:W18:BK14");
  is_string(moves_text(&cfg, &s), "14x23", "a king does not jump the same piece back");
  ok(refused(&cfg, &s, "14x23x14", "a piece is jumped at most once"), "14x23x14 is refused");

  int w;
  s = pos("B:W9,14:B5");
  is_int(C->gen(&cfg, &s, (sg_move[1024]){0}), 0, "a blocked side has no move");
  ok(C->status(&cfg, &s, &w) == SG_WON && w == 1, "and loses");
  s = pos("W:W:B5");
  ok(C->status(&cfg, &s, &w) == SG_WON && w == 0, "a side without pieces loses");
  ok(refused(&cfg, &s, "5-9", "the game is over"), "no move after the end");

  /* the draw: 40 moves each without a capture or crowning */
  s = pos("B:WK32:BK1:C78");
  play(&cfg, &s, "1-5");
  ok(C->status(&cfg, &s, NULL) == SG_PLAYING, "79 quiet plies: still playing");
  play(&cfg, &s, "32-28");
  ok(C->status(&cfg, &s, NULL) == SG_DRAWN && C->gen(&cfg, &s, (sg_move[1024]){0}) == 0,
     "80 quiet plies: drawn, no moves");
  dr_cfg shorter = cfg;
  defaults_set(C, &shorter, "draw_moves", 1);
  s = pos("B:WK32:BK1");
  play(&shorter, &s, "1-5");
  play(&shorter, &s, "32-28");
  ok(C->status(&shorter, &s, NULL) == SG_DRAWN, "draw_moves = 1: drawn after two plies");
  s = pos("B:W18:B14:C79");
  play(&cfg, &s, "14x23");
  is_int(s.quiet, 0, "a capture sets the count back to 0");
  s = pos("B:WK1:B27:C79");
  play(&cfg, &s, "27-31");
  is_int(s.quiet, 0, "a crowning sets it back too");
  C->save_pos(&cfg, &s, err, sizeof err);
  is_string(err, "W:WK1:BK31", "and the count is written only when not zero");
}

static void test_notation(void) {
  dr_state s = pos(NULL);
  const char *bad[] = {"11-", "x", "33-34", "0-4", "11-15-19", "11x15-19", "abc", "11 15", "",
                       "11--15", "huff", "h33", "111-15"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    ok(refused(&cfg, &s, bad[i], "malformed move") &&
       refused(&cfg, &s, bad[i], "e.g. 11-15 or 22x15x6"), "'%s' is malformed", bad[i]);
  ok(refused(&cfg, &s, "21-17", "there is no black piece on 21"), "a piece of the wrong side");
  ok(refused(&cfg, &s, "13-17", "there is no black piece on 13"), "an empty square");
  ok(refused(&cfg, &s, "11-18", "18 is not next to 11 on a diagonal"), "a move of two rows");
  ok(refused(&cfg, &s, "8-11", "11 is occupied"), "onto a piece");
  ok(refused(&cfg, &s, "11x18", "the piece on 11 has no capture"), "a capture with nothing to take");
  ok(refused(&cfg, &s, "huff 21", "no huffing when a capture is compulsory"),
     "no huff in the compulsory variant");
  sg_move m;
  char err[SG_ERRLEN];
  ok(C->parse(&cfg, &s, "11x15", &m, err) != 0 && C->parse(&cfg, &s, "11-15", &m, err) == 0,
     "a plain move is written with -, not x");
  random_games(&cfg, "compulsory");
  random_games(&huff, "huff");
}

static void test_positions(void) {
  char buf[256], err[SG_ERRLEN];
  dr_state s = pos(NULL), t;
  C->save_pos(&cfg, &s, buf, sizeof buf);
  is_string(buf, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "the start as PDN FEN");
  t = pos("B:W21-32:B1-12");
  ok(memcmp(&s, &t, sizeof s) == 0, "ranges read as their squares");
  t = pos("W:WK3,21:B1,K30.");
  C->save_pos(&cfg, &t, buf, sizeof buf);
  is_string(buf, "W:WK3,21:B1,K30", "kings, White to move, and a closing full stop");
  t = pos_in(&huff, "B:W21,22:B1:H21,22:C5");
  C->save_pos(&huff, &t, buf, sizeof buf);
  is_string(buf, "B:W21,22:B1:H21,22:C5", "the huffable set and the count round-trip");
  struct { const char *text, *want; } bad[] = {
    {"X:W21:B1", "position: side: 'X' is not the side to move; expected B or W"},
    {"B:W21,21:B1", "position: W: square 21 is given twice"},
    {"B:W5:B5", "position: B: square 5 is given to both sides"},
    {"B:W21:B30", "a black man on 30 would have been crowned"},
    {"B:W2:B9", "a white man on 2 would have been crowned"},
    {"B:W:B1-13", "position: B: black has 13 pieces; expected at most 12"},
    {"B:W21", "position: B: the field is missing; expected a W field and a B field"},
    {"B:W21:B1:Z3", "position: field: 'Z3' starts with no field letter; expected fields W, B, H or C"},
    {"B:W21:B1:W22", "position: W: the field is given twice"},
    {"B:W21:B1:C-1", "position: C: '-1' is not a count; expected the plies"},
    {"B:W21:B1:Cx", "position: C: 'x' is not a count"},
    {"B:W2a:B1", "position: W: '2a' is not a square; expected squares 1 to 32"},
    {"B:W40:B1", "position: W: '40' is not a square"},
    {"B:W21:B1:H21", "position: H: huffable pieces need the huff variant; expected"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    int r = C->init(&cfg, &t, bad[i].text, 0, err);
    ok(r == -1 && strncmp(err, "position: ", 10) == 0 && strstr(err, bad[i].want),
       "'%s' is refused: %s", bad[i].text, r == -1 ? err : "accepted");
  }
  int r = C->init(&huff, &t, "B:W21:B1:H1", 0, err);
  ok(r == -1 && strstr(err, "1 holds no piece of white"), "huffable pieces belong to the side "
     "that moved last: %s", r == -1 ? err : "accepted");
}

static void test_huff(void) {
  dr_state s = pos_in(&huff, "B:W18:B14,1");
  is_string(moves_text(&huff, &s), "14x23 1-5 1-6 14-17",
            "huff variant: captures are optional");
  dr_state a = s, b = s, c = s;
  play(&huff, &a, "1-5");
  is_int(a.huffable, 1u << 13, "a plain move by another piece leaves 14 huffable");
  play(&huff, &b, "14-17");
  is_int(b.huffable, 1u << 16, "the capturer that moved away is huffable where it went");
  play(&huff, &c, "14x23");
  is_int(c.huffable, 0, "a piece that captured is not huffable");

  is_string(moves_text(&huff, &a), "huff 14 18x9 18-15", "White may huff 14, or capture, or move");
  sg_move m1, m2;
  char err[SG_ERRLEN];
  ok(C->parse(&huff, &a, "huff 14", &m1, err) == 0 && C->parse(&huff, &a, "h14", &m2, err) == 0 &&
     m1 == m2, "huff 14 and h14 are the same move");
  ok(refused(&huff, &a, "huff 1", "1 is not huffable (huffable: 14)"), "only a huffable piece");
  C->play(&huff, &a, m1);
  ok(C->to_move(&huff, &a) == 1 && a.piece[0] == 1u << 4, "the huff removes 14 and White keeps "
     "the turn");
  is_string(moves_text(&huff, &a), "18-14 18-15", "then White makes an ordinary move");
  ok(refused(&huff, &a, "huff 14", "no piece may be huffed now"), "one huff a turn, first");
  play(&huff, &a, "18-14");
  is_int(C->to_move(&huff, &a), 0, "after it Black moves");

  /* the double huff: Black offers 17 and 19 to two different white men; whichever White
     takes, Black huffs the other capturer, and each side has lost one piece */
  s = pos_in(&huff, "B:W21,24,28:B1,13,19");
  play(&huff, &s, "13-17");
  is_int(s.huffable, 0, "Black had no capture: nothing to huff");
  ok(strstr(moves_text(&huff, &s), "21x14 24x15") != NULL, "White has two captures, by 21 and 24");
  const char *take[2] = {"21x14", "24x15"}, *other[2] = {"huff 24", "huff 21"};
  for (int k = 0; k < 2; k++) {
    dr_state x = s;
    play(&huff, &x, take[k]);
    is_string(moves_text(&huff, &x), k == 0 ? "huff 24 1-5 1-6 19-23" :
              "huff 21 1-5 1-6 17-22", "after %s the other capturer is huffable", take[k]);
    play(&huff, &x, other[k]);
    ok(pieces(&x, 0) == 2 && pieces(&x, 1) == 2 && C->to_move(&huff, &x) == 0,
       "%s then %s: each side lost one piece, Black to move", take[k], other[k]);
  }
}

/* ---- a slow reference: the rules worked out square by square from rows and columns ---- */

static int ref_step(int sq, int d) {
  int r = (sq >> 2) + (d & 2 ? 1 : -1), c = 2 * (sq & 3) + !(sq >> 2 & 1) + (d & 1 ? 1 : -1);
  return r < 0 || r > 7 || c < 0 || c > 7 ? -1 : r * 4 + c / 2;
}

static int ref_dir_ok(int side, int king, int d) { return king || (d >> 1 & 1) == (side == 0); }

static uint32_t ref_crown(int side) { return side == 0 ? 0xf0000000u : 0x0000000fu; }

/* Whether the piece on sq jumps in direction d over a piece of enemy not in taken. */
static int ref_jump(const dr_state *s, int side, int king, int sq, int d, uint32_t taken,
                    uint32_t empty) {
  int o = ref_step(sq, d), l = o < 0 ? -1 : ref_step(o, d);
  return l >= 0 && ref_dir_ok(side, king, d) && (s->piece[side ^ 1] >> o & 1) &&
         !(taken >> o & 1) && (empty >> l & 1);
}

static uint32_t ref_capturers(const dr_state *s, int side) {
  uint32_t r = 0, empty = ~(s->piece[0] | s->piece[1]);
  for (int sq = 0; sq < 32; sq++)
    for (int d = 0; d < 4 && (s->piece[side] >> sq & 1); d++)
      if (ref_jump(s, side, s->kings >> sq & 1, sq, d, 0, empty))
        r |= 1u << sq;
  return r;
}

static int ref_plain(const dr_state *s, int side, int sq, int d) {
  int t = ref_step(sq, d);
  return (s->piece[side] >> sq & 1) && t >= 0 && ref_dir_ok(side, s->kings >> sq & 1, d) &&
         !((s->piece[0] | s->piece[1]) >> t & 1);
}

static void ref_routes(const dr_state *s, int from, int sq, uint32_t taken, int nj,
                       sg_move steps, sg_move *out, int *n) {
  int side = s->side, king = s->kings >> from & 1, more = 0;
  uint32_t empty = ~(s->piece[0] | s->piece[1]) | 1u << from;
  for (int d = 0; d < 4; d++) {
    if (!ref_jump(s, side, king, sq, d, taken, empty))
      continue;
    int o = ref_step(sq, d), l = ref_step(o, d);
    sg_move s2 = steps | (sg_move)d << (9 + 2 * nj);
    more = 1;
    if (!king && (ref_crown(side) >> l & 1))
      out[(*n)++] = s2 | (sg_move)(nj + 1) << 5 | (sg_move)from;
    else
      ref_routes(s, from, l, taken | 1u << o, nj + 1, s2, out, n);
  }
  if (!more && nj > 0)
    out[(*n)++] = steps | (sg_move)nj << 5 | (sg_move)from;
}

static int ref_gen(const dr_cfg *c, const dr_state *s, sg_move *out) {
  int n = 0;
  if (s->piece[0] == 0 || s->piece[1] == 0 || s->quiet >= 2 * c->draw_moves)
    return 0;
  for (int sq = 0; sq < 32; sq++)
    if (s->huffable >> sq & 1)
      out[n++] = DR_HUFF_MOVE | (sg_move)sq;
  int before = n;
  for (int sq = 0; sq < 32; sq++)
    if (s->piece[s->side] >> sq & 1)
      ref_routes(s, sq, sq, 0, 0, 0, out, &n);
  if (n > before && c->capture == DR_COMPULSORY)
    return n;
  for (int sq = 0; sq < 32; sq++)
    for (int d = 0; d < 4; d++)
      if (ref_plain(s, s->side, sq, d))
        out[n++] = (sg_move)d << 9 | (sg_move)sq;
  return n;
}

static void ref_play(const dr_cfg *c, dr_state *s, sg_move m) {
  int me = s->side, from = (int)(m & 31), nj = (int)(m >> 5 & 15), sq = from;
  if (m & DR_HUFF_MOVE) {
    s->piece[me ^ 1] &= ~(1u << from);
    s->kings &= ~(1u << from);
    s->huffable = 0;
    s->quiet = 0;
    return;
  }
  uint32_t could = c->capture == DR_HUFF ? ref_capturers(s, me) : 0, taken = 0;
  if (nj == 0)
    sq = ref_step(from, (int)(m >> 9 & 3));
  for (int j = 0; j < nj; j++) {
    int d = (int)(m >> (9 + 2 * j) & 3), o = ref_step(sq, d);
    taken |= 1u << o;
    sq = ref_step(o, d);
  }
  int king = s->kings >> from & 1, crowned = !king && (ref_crown(me) >> sq & 1);
  s->piece[me] = (s->piece[me] & ~(1u << from)) | 1u << sq;
  s->piece[me ^ 1] &= ~taken;
  s->kings &= ~taken & ~(1u << from);
  if (king || crowned)
    s->kings |= 1u << sq;
  if (taken || crowned)
    s->quiet = 0;
  else if (s->quiet < UINT16_MAX)
    s->quiet++;
  s->huffable = (could & ~(1u << from)) | (nj == 0 && (could >> from & 1) ? 1u << sq : 0);
  s->side = (uint8_t)(me ^ 1);
}

/* The status by the reference: lost with no piece or no move at all. */
static sg_status ref_status(const dr_cfg *c, const dr_state *s, int *winner) {
  int me = s->side, movable = 0;
  for (int sq = 0; sq < 32; sq++)
    for (int d = 0; d < 4; d++)
      movable |= ref_plain(s, me, sq, d);
  int lost = s->piece[me] == 0 || (!s->huffable && !movable && !ref_capturers(s, me));
  *winner = -1;
  if (lost || s->piece[me ^ 1] == 0) {
    *winner = lost ? me ^ 1 : me;
    return SG_WON;
  }
  return s->quiet >= 2 * c->draw_moves ? SG_DRAWN : SG_PLAYING;
}

static uint64_t lcg(uint64_t *r) {
  *r = *r * 6364136223846793005ULL + 1442695040888963407ULL;
  return *r >> 33;
}

/* A random board: up to 12 pieces a side scattered over the squares, some of them kings, no
   man on the row where it would have been crowned; in the huff variant some of the pieces of
   the side that moved last huffable. */
static dr_state random_board(const dr_cfg *c, uint64_t *r) {
  dr_state s;
  memset(&s, 0, sizeof s);
  int fill = 8 + (int)(lcg(r) % 60), kings = (int)(lcg(r) % 100);
  for (int sq = 0; sq < 32; sq++) {
    int side = (int)(lcg(r) % 2);
    if ((int)(lcg(r) % 100) >= fill || __builtin_popcount(s.piece[side]) == 12)
      continue;
    int king = (int)(lcg(r) % 100) < kings || (ref_crown(side) >> sq & 1);
    s.piece[side] |= 1u << sq;
    if (king)
      s.kings |= 1u << sq;
  }
  s.side = (uint8_t)(lcg(r) % 2);
  if (c->capture == DR_HUFF && lcg(r) % 2)
    s.huffable = s.piece[s.side ^ 1] & (uint32_t)lcg(r) & (uint32_t)lcg(r);
  s.quiet = (uint16_t)(lcg(r) % 4 == 0 ? 2 * c->draw_moves - 1 - (int)(lcg(r) % 2) : 0);
  return s;
}

/* gen, play, status and unquiet against the reference on one state; counts the faults. */
static void against_reference(const dr_cfg *c, const dr_state *s, int *faults, long *moves) {
  sg_move ms[1024], want[1024];
  int n = C->gen(c, s, ms), k = ref_gen(c, s, want), w1, w2;
  if (n != k || memcmp(ms, want, (size_t)n * sizeof *ms) != 0) {
    char buf[256];
    C->save_pos(c, s, buf, sizeof buf);
    if (*faults < 3)
      diag("moves differ from the reference in %s: %d against %d", buf, n, k);
    ++*faults;
    return;
  }
  sg_status st = C->status(c, s, &w1);
  *faults += st != ref_status(c, s, &w2) || w1 != w2;
  *faults += C->unquiet(c, s) != (s->huffable || ref_capturers(s, s->side) != 0);
  for (int i = 0; i < n; i++, ++*moves) {
    dr_state a = *s, b = *s;
    C->play(c, &a, ms[i]);
    ref_play(c, &b, ms[i]);
    *faults += memcmp(&a, &b, sizeof a) != 0;
  }
}

/* The bitboard generator agrees move for move (and in the same order) with the reference, and
   play, status and unquiet agree too, on the positions of random games and on random boards
   with many kings. */
static void test_reference(const dr_cfg *c, const char *what) {
  uint64_t r = 777;
  int faults = 0, states = 0;
  long moves = 0;
  for (int g = 0; g < 200; g++) {
    dr_state s = pos_in(c, NULL);
    for (int ply = 0; ply < 300; ply++, states++) {
      sg_move ms[1024];
      against_reference(c, &s, &faults, &moves);
      int n = C->gen(c, &s, ms);
      if (n == 0)
        break;
      C->play(c, &s, ms[lcg(&r) % (uint64_t)n]);
    }
  }
  int boards = 0;
  for (; boards < 20000; boards++, states++) {
    dr_state s = random_board(c, &r);
    against_reference(c, &s, &faults, &moves);
  }
  is_int(faults, 0, "%s: gen, play, status and unquiet equal a square-by-square reference "
         "on %d states (%d random boards), %ld moves played", what, states, boards, moves);
}

int main(void) {
  defaults_load(C, &cfg);
  defaults_load(C, &huff);
  defaults_set(C, &huff, "capture", DR_HUFF);
  test_perft();
  test_moves();
  test_notation();
  test_positions();
  test_huff();
  test_reference(&cfg, "compulsory");
  test_reference(&huff, "huff");
  return done_testing();
}
