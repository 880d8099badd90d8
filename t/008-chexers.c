/* 008-chexers.c: Chexers rules without Lua: perft against the reference counts, each rule on
   a position built by hand, the repetition and turn-limit draws, notation, position text, the
   seed's evaluation and action pruning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/multi.h"
#include "games/chexers.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &chexers_class;
/* max_turns, win_exits, repetitions; average, exits, pieces; corner, edge, centre */
static cx_cfg cfg;   /* lua/stratagem/games/chexers.lua, by name (main) */

static cx_state pos_in(const cx_cfg *c, const char *text) {
  cx_state s;
  char err[SG_ERRLEN];
  if (C->init(c, &s, text, 0, err) != 0)
    bail("bad test position %s: %s", text ? text : "(start)", err);
  return s;
}

static cx_state pos(const char *text) { return pos_in(&cfg, text); }

/* The moves ms[0..n), formatted and joined by spaces. */
static const char *list_text(const cx_state *s, const sg_move *ms, int n) {
  static char out[4096];
  int k = 0;
  out[0] = '\0';
  for (int i = 0; i < n; i++) {
    char one[64];
    C->format(&cfg, s, ms[i], one, sizeof one);
    k += snprintf(out + k, sizeof out - (size_t)k, "%s%s", i ? " | " : "", one);
  }
  return out;
}

static const char *moves_text(const cx_state *s) {
  sg_move ms[256];
  return list_text(s, ms, C->gen(&cfg, s, ms));
}

/* The moves the prune hook keeps. */
static const char *pruned_text(const cx_state *s) {
  sg_move ms[256];
  int n = C->gen(&cfg, s, ms);
  return list_text(s, ms, C->prune(&cfg, s, ms, n));
}

static void play_in(const cx_cfg *c, cx_state *s, const char *text) {
  sg_move m;
  char err[SG_ERRLEN];
  if (C->parse(c, s, text, &m, err) != 0)
    bail("test action refused: %s", err);
  C->play(c, s, m);
}

static void play(cx_state *s, const char *text) { play_in(&cfg, s, text); }

/* Whether text is refused with a message containing want. */
static int refused(const cx_state *s, const char *text, const char *want) {
  sg_move m;
  char err[SG_ERRLEN];
  if (C->parse(&cfg, s, text, &m, err) == 0)
    return 0;
  if (!strstr(err, want)) {
    diag("'%s' refused with: %s", text, err);
    return 0;
  }
  return 1;
}

/* Whether position text is refused with a message containing want. */
static int pos_refused(const char *text, const char *want) {
  cx_state s;
  char err[SG_ERRLEN];
  if (C->init(&cfg, &s, text, 0, err) == 0)
    return 0;
  if (!strstr(err, want)) {
    diag("'%s' refused with: %s", text, err);
    return 0;
  }
  return 1;
}

static const char *pos_text(const cx_state *s) {
  static char buf[8192];
  C->save_pos(&cfg, s, buf, sizeof buf);
  return buf;
}

/* The parts of two states that mean something (hist past nhist is stale). */
static int same_state(const cx_state *a, const cx_state *b) {
  return memcmp(a->piece, b->piece, sizeof a->piece) == 0 && a->actions == b->actions &&
         a->nhist == b->nhist && a->side == b->side &&
         memcmp(a->exits, b->exits, sizeof a->exits) == 0 && a->reps == b->reps &&
         memcmp(a->hist, b->hist, a->nhist * sizeof a->hist[0]) == 0;
}

static int count(uint64_t x) { return __builtin_popcountll(x); }

static void test_perft(void) {
  long long ref[6] = {0};
  read_counts("chexers-perft.txt", ref, 5);
  cx_state s = pos(NULL);
  for (int d = 1; d <= 5; d++)
    is_int((long long)game_perft(C, &cfg, &s, d), ref[d], "perft(%d)", d);
}

static void test_start(void) {
  cx_state s = pos(NULL);
  is_int(C->players(&cfg, &s), 3, "three players");
  is_int(C->to_move(&cfg, &s), 0, "Red moves first");
  is_string(moves_text(&s), "MOVE (-3,0) (-2,-1) | MOVE (-3,0) (-2,0) | MOVE (-3,1) (-2,0) | "
            "MOVE (-3,1) (-2,1) | MOVE (-3,2) (-2,1) | MOVE (-3,2) (-2,2) | "
            "MOVE (-3,3) (-2,2) | MOVE (-3,3) (-2,3)", "Red's eight opening MOVEs");
  play(&s, "MOVE (-3,3) (-2,3)");
  is_int(C->to_move(&cfg, &s), 1, "then Green");
  play(&s, "move (0,-3)(0,-2)");
  is_int(C->to_move(&cfg, &s), 2, "then Blue (lower case and no space between hexes read)");
  play(&s, "  Move ( 0 , 3 )  ( 0 , 2 ) ");
  is_int(C->to_move(&cfg, &s), 0, "then Red again (spaces inside and around read)");
  ok(s.piece[0] >> CX_SQ(-2, 3) & 1 && !(s.piece[0] >> CX_SQ(-3, 3) & 1),
     "the moved piece stands on its new hex");
}

static void test_actions(void) {
  /* a red piece in the open next to a green one: a JUMP over it converts it */
  cx_state s = pos("red:0,0|green:1,0|blue:-3,3|turn:red");
  is_string(moves_text(&s), "MOVE (0,0) (-1,0) | MOVE (0,0) (0,-1) | MOVE (0,0) (1,-1) | "
            "JUMP (0,0) (2,0) | MOVE (0,0) (0,1) | MOVE (0,0) (-1,1)",
            "six directions: five MOVEs and a JUMP over the neighbour");
  play(&s, "JUMP (0,0) (2,0)");
  ok(s.piece[0] == (1ULL << CX_SQ(1, 0) | 1ULL << CX_SQ(2, 0)) && s.piece[1] == 0,
     "jumping Green's piece converts it: Red holds (1,0) and (2,0), Green nothing");
  is_int(C->to_move(&cfg, &s), 1, "one jump per action: Green moves next");
  is_string(moves_text(&s), "PASS", "Green has no pieces left: it passes");
  play(&s, "PASS");
  is_int(C->to_move(&cfg, &s), 2, "and Blue moves");

  s = pos("red:0,0;1,0|green:|blue:-3,3|turn:red");
  play(&s, "JUMP (0,0) (2,0)");
  ok(s.piece[0] == (1ULL << CX_SQ(1, 0) | 1ULL << CX_SQ(2, 0)),
     "jumping an own piece changes nothing but the jumper's hex");

  s = pos("red:0,0|green:1,0|blue:3,0|turn:red");
  ok(refused(&s, "JUMP (0,0) (2,0) (2,-2)", "one jump per action, no chains"),
     "a chain of jumps is refused");
  s = pos("red:0,0|green:1,0;2,0|blue:|turn:red");
  ok(refused(&s, "JUMP (0,0) (2,0)", "(2,0) is occupied"), "a JUMP onto a piece is refused");
  ok(refused(&s, "MOVE (0,0) (1,0)", "(1,0) is occupied"), "a MOVE onto a piece is refused");
  ok(refused(&s, "MOVE (0,0) (2,-2)", "is not adjacent"), "a MOVE of two hexes is refused");
  ok(refused(&s, "JUMP (0,0) (0,2)", "jump over an empty hex (0,1)"),
     "a JUMP over an empty hex is refused");
  ok(refused(&s, "JUMP (0,0) (1,-2)", "is not a jump away"), "a JUMP off the lines is refused");
  ok(refused(&s, "MOVE (1,0) (1,-1)", "not your piece"), "moving Green's piece is refused");
  ok(refused(&s, "MOVE (-1,0) (-2,0)", "there is no piece on (-1,0)"),
     "moving from an empty hex is refused");

  /* at the edge: the hex beyond is off the board */
  s = pos("red:2,0|green:3,0|blue:|turn:red");
  is_string(moves_text(&s), "MOVE (2,0) (1,0) | MOVE (2,0) (2,-1) | MOVE (2,0) (3,-1) | "
            "MOVE (2,0) (2,1) | MOVE (2,0) (1,1)", "no JUMP off the board over (3,0)");
  ok(refused(&s, "JUMP (2,0) (4,0)", "(4,0) is off the board"), "JUMP off the board refused");
  ok(refused(&s, "MOVE (4,-1) (3,-1)", "(4,-1) is off the board"), "a hex off the board");

  /* EXIT: only from the player's own exit hexes */
  s = pos("red:3,0;-3,0|green:3,-3|blue:|turn:red");
  ok(strstr(moves_text(&s), "EXIT (3,0)") != NULL, "Red may exit from (3,0)");
  ok(refused(&s, "EXIT (-3,0)", "not an exit hex of yours (red exits from (3,-3) (3,-2) "
             "(3,-1) (3,0))"), "but not from (-3,0), Blue's exit hex");
  play(&s, "EXIT (3,0)");
  ok(s.exits[0] == 1 && s.piece[0] == 1ULL << CX_SQ(-3, 0), "the piece leaves, Red scores 1");
  play(&s, "MOVE (3,-3) (2,-2)");
  play(&s, "PASS");
  ok(refused(&s, "EXIT (-3,0)", "not an exit hex of yours"), "Red's piece on (-3,0) cannot");
  s = pos("red:|green:3,-3|blue:|turn:green");
  ok(refused(&s, "EXIT (3,-3)", "not an exit hex of yours (green exits from (-3,3) (-2,3) "
             "(-1,3) (0,3))"), "Green cannot exit from Red's exit hex");

  /* PASS: only with no other action */
  s = pos(NULL);
  ok(refused(&s, "PASS", "PASS while other actions exist (red has 8)"), "PASS at the start");
  s = pos("red:-3,3|green:-2,3;-3,2;-2,2|blue:-1,3;-3,1;-1,1|turn:red");
  is_string(moves_text(&s), "PASS", "a blocked piece: PASS is the only action");
  play(&s, "pass");
  is_int(C->to_move(&cfg, &s), 1, "the PASS hands the turn on");
  s = pos("red:|green:0,0|blue:|turn:red");
  is_string(moves_text(&s), "PASS", "no pieces: PASS");
  is_int(C->move_kind(&cfg, CX_ACTION(CX_PASS, 0, 0)), 3, "move_kind: PASS is kind 3");
  is_int(C->move_kind(&cfg, CX_ACTION(CX_JUMP, 1, 2)), 1, "move_kind: JUMP is kind 1");
}

static void test_notation(void) {
  cx_state s = pos(NULL);
  ok(refused(&s, "STEP (-3,3) (-2,3)", "expected MOVE, JUMP, EXIT or PASS and hexes (q,r), "
             "e.g. MOVE (-3,3) (-2,3)"), "an unknown word");
  ok(refused(&s, "MOVE (-3,3)", "MOVE takes two hexes, e.g. MOVE (-3,3) (-2,3)"),
     "a MOVE with one hex");
  ok(refused(&s, "EXIT (3,0) (3,1)", "EXIT takes one hex, e.g. EXIT (3,-3)"),
     "an EXIT with two hexes");
  ok(refused(&s, "PASS (0,0)", "PASS takes no hex"), "a PASS with a hex");
  ok(refused(&s, "MOVE (-3,3) -2,3", "expected hexes written (q,r) with whole numbers"),
     "a hex without brackets");
  ok(refused(&s, "MOVE (-3,3) (-2.5,3)", "expected hexes written (q,r)"), "a fraction");
  ok(refused(&s, "MOVES (-3,3) (-2,3)", "expected MOVE, JUMP"), "a longer word");

  /* every legal action formats and reads back, in positions with every kind of action */
  const char *texts[] = {
    NULL,
    "red:0,0;3,-1;1,-1|green:1,0;-1,3|blue:0,1;-1,1|turn:red",
    "red:0,0;3,-1;1,-1|green:1,0;-1,3|blue:0,1;-1,1|turn:green",
    "red:0,0;3,-1;1,-1|green:1,0;-1,3|blue:0,1;-1,1;-3,0|turn:blue",
    "red:-3,3|green:-2,3;-3,2;-2,2|blue:-1,3;-3,1;-1,1|turn:red",
  };
  int all = 1, total = 0;
  for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
    cx_state p = pos(texts[t]);
    sg_move ms[256], m;
    char buf[64], err[SG_ERRLEN];
    int n = C->gen(&cfg, &p, ms);
    for (int i = 0; i < n; i++, total++) {
      C->format(&cfg, &p, ms[i], buf, sizeof buf);
      if (C->parse(&cfg, &p, buf, &m, err) != 0 || m != ms[i]) {
        diag("'%s' does not read back: %s", buf, err);
        all = 0;
      }
    }
  }
  ok(all && total > 40, "all %d legal actions of 5 positions format and read back", total);
}

static void test_end(void) {
  int w;
  /* the win: the fourth exit, checked after the action */
  cx_state s = pos("red:3,0;0,0|green:0,-3|blue:0,3|exits:3,0,0|turn:red");
  ok(C->status(&cfg, &s, &w) == SG_PLAYING, "three exits: still playing");
  play(&s, "EXIT (3,0)");
  ok(C->status(&cfg, &s, &w) == SG_WON && w == 0, "the fourth exit wins for Red");
  is_int(C->gen(&cfg, &s, (sg_move[256]){0}), 0, "no actions after the end");
  ok(refused(&s, "PASS", "the game is over"), "nothing is accepted after the end");

  /* the turn limit: 768 actions, passes included */
  s = pos("red:0,0|green:|blue:|turn:red|actions:767");
  ok(C->status(&cfg, &s, NULL) == SG_PLAYING, "767 actions: playing");
  play(&s, "MOVE (0,0) (1,0)");
  ok(C->status(&cfg, &s, &w) == SG_DRAWN && w == -1, "the 768th action draws");
  cx_cfg shorter = cfg;
  shorter.max_turns = 2;
  s = pos_in(&shorter, "red:0,0|green:0,3|blue:-3,0|turn:red");
  const char *shuffle[] = {"MOVE (0,0) (1,0)", "MOVE (0,3) (1,2)", "MOVE (-3,0) (-2,0)",
                           "MOVE (1,0) (2,0)", "MOVE (1,2) (2,1)"};
  for (int i = 0; i < 5; i++)
    play_in(&shorter, &s, shuffle[i]);
  ok(C->status(&shorter, &s, NULL) == SG_PLAYING, "max_turns 2: 5 actions, playing");
  play_in(&shorter, &s, "MOVE (-2,0) (-1,0)");
  ok(C->status(&shorter, &s, NULL) == SG_DRAWN, "max_turns 2: drawn after 6 actions");
}

/* The repetition draw: the 4th occurrence of a position (board and player to move), the
   initial position counting once. */
static void test_repetition(void) {
  const char *cycle[] = {"MOVE (-3,3) (-2,3)", "MOVE (0,-3) (0,-2)", "MOVE (0,3) (0,2)",
                         "MOVE (-2,3) (-3,3)", "MOVE (0,-2) (0,-3)", "MOVE (0,2) (0,3)"};
  cx_state s = pos(NULL);
  is_int(s.reps, 1, "the initial position counts once");
  int playing = 1;
  for (int k = 0; k < 17; k++) {
    play(&s, cycle[k % 6]);
    playing &= C->status(&cfg, &s, NULL) == SG_PLAYING;
    if (k == 5)
      is_int(s.reps, 2, "after one shuffle the start is there for the 2nd time");
    if (k == 11)
      is_int(s.reps, 3, "after two, the 3rd time");
  }
  ok(playing, "17 actions of shuffling: still playing");
  play(&s, cycle[5]);
  ok(C->status(&cfg, &s, NULL) == SG_DRAWN && s.reps == 4,
     "the 18th action brings the start back the 4th time: drawn");
  is_int(C->gen(&cfg, &s, (sg_move[256]){0}), 0, "no actions after the draw");

  /* the same board with another player to move is another position */
  s = pos("red:0,0|green:-3,3|blue:|turn:red");
  play(&s, "MOVE (0,0) (1,0)");
  play(&s, "MOVE (-3,3) (-2,3)");
  play(&s, "PASS");
  play(&s, "MOVE (1,0) (0,0)");
  play(&s, "MOVE (-2,3) (-3,3)");
  is_int(s.reps, 1, "the start board with Blue to move: a new position");
  play(&s, "PASS");
  is_int(s.reps, 2, "with Red to move again: the 2nd time");

  /* passes repeat the position: nobody has a piece, the 4th occurrence comes after 9 */
  s = pos("red:|green:|blue:|turn:red");
  for (int k = 0; k < 8; k++)
    play(&s, "PASS");
  ok(C->status(&cfg, &s, NULL) == SG_PLAYING, "8 passes: playing");
  play(&s, "PASS");
  ok(C->status(&cfg, &s, NULL) == SG_DRAWN, "the 9th pass is the 4th occurrence: drawn");

  /* an EXIT starts the count again: no earlier position can come back */
  s = pos("red:3,0;0,0|green:0,3|blue:-3,0|turn:red");
  play(&s, "MOVE (0,0) (1,0)");
  play(&s, "MOVE (0,3) (1,2)");
  play(&s, "MOVE (-3,0) (-2,0)");
  is_int(s.nhist, 3, "three reversible actions remembered");
  play(&s, "EXIT (3,0)");
  ok(s.nhist == 0 && s.reps == 1, "an EXIT clears the history");

  /* a conversion can be undone by another: positions before it may recur, and count */
  s = pos("red:0,0|green:1,0;3,-1|blue:-3,3|turn:red");
  const char *convert[] = {
    "JUMP (0,0) (2,0)", "JUMP (3,-1) (1,1)", "MOVE (-3,3) (-2,3)",
    "MOVE (1,0) (0,0)", "MOVE (1,1) (1,0)", "MOVE (-2,3) (-3,3)",
    "MOVE (0,0) (-1,0)", "MOVE (2,0) (2,-1)", "MOVE (-3,3) (-2,3)",
    "MOVE (-1,0) (0,0)", "MOVE (2,-1) (3,-1)", "MOVE (-2,3) (-3,3)"};
  cx_state start = s;
  for (int k = 0; k < 12; k++)
    play(&s, convert[k]);
  ok(memcmp(s.piece, start.piece, sizeof s.piece) == 0 && s.side == 0,
     "Red converts a green piece, Green converts it back: the start board is back");
  is_int(s.reps, 2, "and counts as the 2nd occurrence");
  cx_state back = pos(pos_text(&s));
  ok(same_state(&back, &s), "the history with both conversions reads back from the text");
}

static void test_position_text(void) {
  cx_state s = pos(NULL);
  is_string(pos_text(&s), "red:-3,0;-3,1;-3,2;-3,3|green:0,-3;1,-3;2,-3;3,-3|"
            "blue:3,0;2,1;1,2;0,3|exits:0,0,0|turn:red|actions:0", "the start as text");
  play(&s, "MOVE (-3,3) (-2,3)");
  play(&s, "MOVE (0,-3) (0,-2)");
  /* (-3,3) is the 34th hex (label h), (-2,3) the 35th (i); (0,-3) is A, (0,-2) is F */
  is_string(pos_text(&s), "red:-3,0;-3,1;-3,2;-2,3|green:1,-3;2,-3;3,-3;0,-2|"
            "blue:3,0;2,1;1,2;0,3|exits:0,0,0|turn:blue|actions:2|history:hiAF",
            "after two actions: the history in hex labels");
  cx_state back = pos(pos_text(&s));
  ok(same_state(&back, &s), "it reads back to the same state");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|actions:2|history:hiAF",
                 "position: history: action 2 (by blue) does not lead to this position"),
     "a history that does not fit the board is refused");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|actions:1|history:..",
                 "position: history: 2 actions, more than the 1 played; expected"), "a history longer than the game");
  ok(pos_refused("red:0,0|green:1,0|blue:|turn:green|actions:1|history:.",
                 "action 1 (by red) does not lead"), "a PASS by a player who could move");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|history:a!", "position: history: 'a!' is not an action; expected '.' or two"),
     "a bad history label");
  ok(pos_refused("red:4,0|green:|blue:|turn:red", "position: red: (4,0) is off the board; expected"),
     "a hex off the board");
  ok(pos_refused("red:0,0;0,0|green:|blue:|turn:red", "position: red: (0,0) is given twice"),
     "a hex given twice");
  ok(pos_refused("red:0,0|green:0,0|blue:|turn:red", "position: board: (0,0) is given to two colours"),
     "a hex given to two colours");
  ok(pos_refused("red:0,0|green:|blue:|turn:purple", "position: turn: 'purple' is not a colour; expected red, green or blue"),
     "a bad turn");
  ok(pos_refused("red:0,0|green:|blue:", "position: turn: the field is missing"), "no turn");
  ok(pos_refused("red:0,0|blue:|turn:red", "position: green: the field is missing"), "no green field");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|colour:red", "position: field: 'colour:red' is not a field; expected fields red:"),
     "an unknown field");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|turn:red", "position: turn: the field is given twice"),
     "a field twice");
  ok(pos_refused("red:0 0|green:|blue:|turn:red", "position: red: '0 0' is not a hex; expected hexes q,r"),
     "a malformed hex");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|exits:5,0,0", "position: exits: '5,0,0' is "
                 "not three exit counts from 0 to 4; expected three numbers"), "exits above 4");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|exits:1,0", "position: exits: '1,0'"), "two exits");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|actions:769", "position: actions: '769' is "
                 "not a count from 0 to 768; expected the actions played"), "too many actions");
  ok(pos_refused("red:-3,0;-3,1;-3,2;-3,3;-2,3|green:0,-3;1,-3;2,-3;3,-3|"
                 "blue:3,0;2,1;1,2;0,3|turn:red", "position: board: 13 pieces; expected at most 12 pieces on the board and exited"),
     "13 pieces");
  ok(pos_refused("red:0,0|green:|blue:|turn:red|exits:4,0,0", "position: exits: red has won "
                 "but did not play last; expected the winner to have made the last action"), "a winner who did not move last");
  int w;
  s = pos("red:0,0|green:|blue:|turn:green|exits:4,0,0");
  ok(C->status(&cfg, &s, &w) == SG_WON && w == 0, "4 exits read as a finished game, won");
  s = pos("red:|green:|blue:|turn:red|actions:5|history:.....");
  is_int(s.reps, 2, "a history of passes: the position is there for the 2nd time");
}

/* Random games: every legal action formats and reads back, the game is over exactly when
   there is no action, every position reads back from its text, and the pieces on the board
   and the exits together never grow past 12 nor does any player's exits fall. */
static void test_random_games(void) {
  uint64_t r = 12345;
  int roundtrip = 1, over_iff_none = 1, postext = 1, within = 1, invariant = 1, ended = 0;
  long actions = 0;
  for (int g = 0; g < 30; g++) {
    cx_state s = pos(NULL);
    for (;;) {
      sg_move ms[256], m;
      char buf[64], err[SG_ERRLEN];
      int n = C->gen(&cfg, &s, ms);
      within &= n <= C->max_moves;
      over_iff_none &= (n == 0) == (C->status(&cfg, &s, NULL) != SG_PLAYING);
      cx_state back;
      postext &= C->init(&cfg, &back, pos_text(&s), 0, err) == 0 && same_state(&back, &s);
      int total = count(s.piece[0] | s.piece[1] | s.piece[2]) + s.exits[0] + s.exits[1] +
                  s.exits[2];
      invariant &= total == 12;
      for (int i = 0; i < n; i++) {
        C->format(&cfg, &s, ms[i], buf, sizeof buf);
        int ok1 = C->parse(&cfg, &s, buf, &m, err) == 0 && m == ms[i];
        if (!ok1 && roundtrip)
          diag("'%s' does not read back: %s", buf, err);
        roundtrip &= ok1;
      }
      if (n == 0)
        break;
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      C->play(&cfg, &s, ms[(r >> 33) % (uint64_t)n]);
      actions++;
    }
    ended += C->status(&cfg, &s, NULL) != SG_PLAYING;
  }
  ok(roundtrip, "every legal action of 30 random games (%ld actions) reads back", actions);
  ok(over_iff_none && ended == 30, "each game ends, and exactly when there is no action");
  ok(postext, "every position of those games reads back from its text exactly");
  ok(within, "no position has more actions than max_moves");
  ok(invariant, "pieces on the board + exits stay 12 (jumps convert, only EXIT removes)");
}

/* The seed's utility in hundredths (worked out by hand):
   Red: (0,0) a centre hex (50), 3 from its nearest exit hex ((3,-3) to (3,0) are all 3
   away): 50 - 100 * 9 = -850; (3,-1) an edge hex (100) and an exit hex: 100 - 0 = 100;
   average (-850 + 100) / 2 = -375; 1 exit: 100 * 1000; 2 pieces: 100 * 100 * 2 = 20000;
   -375 + 100000 + 20000 = 119625.
   Green: (0,-3) a corner (150), 6 from every green exit hex (row r = 3): 150 - 3600 = -3450,
   one piece: -3450 + 10000 = 6550.
   Blue: no pieces, average 0; 2 exits: 200000. */
static void test_eval(void) {
  cx_state s = pos("red:0,0;3,-1|green:0,-3|blue:|exits:1,0,2|turn:red");
  int sc[3];
  C->eval(&cfg, &s, sc);
  is_int(sc[0], 119625, "Red's utility");
  is_int(sc[1], 6550, "Green's utility");
  is_int(sc[2], 200000, "Blue's utility");
  /* the start: each player's four pieces 6 from its exit hexes, two corners and two edges:
     (150 + 150 + 100 + 100 - 4 * 3600) / 4 = -3475, + 4 pieces * 10000 = 36525 each */
  s = pos(NULL);
  C->eval(&cfg, &s, sc);
  ok(sc[0] == 36525 && sc[1] == 36525 && sc[2] == 36525, "the start scores 36525 for each");
  /* a truncated average: (3,-3) a corner on an exit hex, 150; (2,-1) centre, 1 away,
     50 - 100; (1,-1) centre, 2 away, 50 - 400: -250 / 3 = -83.3, truncated to -83 */
  s = pos("red:3,-3;2,-1;1,-1|green:|blue:|turn:red");
  C->eval(&cfg, &s, sc);
  is_int(sc[0], -83 + 30000, "an average in hundredths, truncated");
  cx_cfg w = cfg;
  w.corner = 0, w.edge = 0, w.centre = 0, w.pieces = 0, w.exits = 0, w.average = 2;
  s = pos("red:0,0|green:|blue:|turn:red");
  C->eval(&w, &s, sc);
  is_int(sc[0], 2 * -900, "the weights come from the config");
  is_int(cx_exit_distance(0, CX_SQ(-3, 3)), 6, "the distance from (-3,3) to Red's exits");
  is_int(cx_exit_distance(2, CX_SQ(0, 0)), 3, "the distance from the centre to Blue's");
}

static void test_prune(void) {
  cx_state s = pos("red:3,0;0,0|green:|blue:|turn:red");
  is_string(pruned_text(&s), "EXIT (3,0)", "an EXIT available: only EXITs kept");
  s = pos("red:0,0|green:|blue:|turn:red");
  is_string(pruned_text(&s), "MOVE (0,0) (1,-1) | MOVE (0,0) (1,0)",
            "else only the actions that bring the piece nearer its exit hexes (3 to 2)");
  s = pos("red:1,0|green:2,0|blue:|turn:red");
  is_string(pruned_text(&s), "MOVE (1,0) (2,-1) | JUMP (1,0) (3,0)",
            "a forward JUMP counts as forward");
  /* (2,0) is 1 from (3,0); its forward hexes (3,-1) and (3,0) are taken and jumping them
     leaves the board: every action is kept */
  s = pos("red:2,0|green:3,-1|blue:3,0|turn:red");
  is_string(pruned_text(&s), "MOVE (2,0) (1,0) | MOVE (2,0) (2,-1) | MOVE (2,0) (2,1) | "
            "MOVE (2,0) (1,1)", "no forward action: the others are all kept");
  s = pos("red:|green:0,0|blue:|turn:red");
  is_string(pruned_text(&s), "PASS", "PASS stays as it is");
}

/* The evaluation bounds max^n prunes with: every score of every position of random games is at
   least min_each and the three sum to at most max_sum; negative weights give no bounds. */
static void test_bounds(void) {
  int lo = 0, hi = 0, held = 1;
  int has = game_score_bounds(C, &cfg, &lo, &hi);
  ok(has == 1, "the default weights give bounds (%d each, sum %d)", lo, hi);
  uint64_t r = 777;
  for (int g = 0; g < 40; g++) {
    cx_state s = pos(NULL);
    for (;;) {
      int sc[3];
      C->eval(&cfg, &s, sc);
      held &= sc[0] >= lo && sc[1] >= lo && sc[2] >= lo && sc[0] + sc[1] + sc[2] <= hi;
      sg_move ms[256];
      int n = C->gen(&cfg, &s, ms);
      if (n == 0)
        break;
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      C->play(&cfg, &s, ms[(r >> 33) % (uint64_t)n]);
    }
  }
  ok(held, "every score of 40 random games lies within the bounds");
  cx_cfg neg = cfg;
  defaults_set(C, &neg, "pieces", -100);
  ok(game_score_bounds(C, &neg, &lo, &hi) == 0,
     "a negative weight gives no bounds");

  /* shallow pruning changes the work, not the result: max^n with and without it */
  int same = 1;
  uint64_t with = 0, without = 0;
  r = 99;
  for (int k = 0; k < 12; k++) {
    cx_state s = pos(NULL);
    for (int i = 0; i < 10 + 3 * k; i++) {
      sg_move ms[256];
      int n = C->gen(&cfg, &s, ms);
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      C->play(&cfg, &s, ms[(r >> 33) % (uint64_t)n]);
    }
    if (C->status(&cfg, &s, NULL) != SG_PLAYING)
      continue;
    multi_opts o;
    multi_result a, b;
    char err[SG_ERRLEN];
    multi_opts_default(&o);
    o.s.depth = 3;
    o.s.hash_bytes = 0;
    if (multi_maxn(C, &cfg, &s, &o, &a, err) != 0)
      bail("maxn: %s", err);
    o.no_shallow = 1;
    if (multi_maxn(C, &cfg, &s, &o, &b, err) != 0)
      bail("maxn: %s", err);
    same &= a.move == b.move && memcmp(a.scores, b.scores, sizeof a.scores) == 0;
    with += a.nodes, without += b.nodes;
  }
  ok(same, "max^n with shallow pruning plays and scores as without it on 12 positions");
  ok(with <= without, "in no more nodes (%llu against %llu: the bounds are loose for Chexers)",
     (unsigned long long)with,
     (unsigned long long)without);
}

int main(void) {
  defaults_load(C, &cfg);
  test_perft();
  test_bounds();
  test_start();
  test_actions();
  test_notation();
  test_end();
  test_repetition();
  test_position_text();
  test_random_games();
  test_eval();
  test_prune();
  return done_testing();
}
