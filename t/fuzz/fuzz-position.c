/* fuzz-position.c: a fuzz target for every game's position and move parsers (libFuzzer's
   entry point; t/fuzz/driver.c runs it without libFuzzer).  An input is

     GAME '\n' POSITION ['\x01' MOVE ['\x01' CHOICES]]

   GAME names a game (any other text picks one by its bytes).  What must hold, or the target
   aborts (a crash is a finding, as is every sanitizer report):
   - a refused position or move comes with a message, and leaves the state as it was;
   - an accepted position's text is accepted again and gives back the same text;
   - every legal move formats to a text that parses back to the same move;
   - an accepted move is one of the legal moves;
   - with hidden information, the text of a player's view (with '?') is refused by init;
   - random play from the position (CHOICES bytes pick the moves) keeps all of the above. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "defaults.h"
#include "games/game.h"

#define TEXT_CAP (1 << 16)

static int nclasses;
static void **defaults;            /* each class's default config */
static char *text, *text2;
static unsigned char *st, *st2, *view, *cfg, *cfg2;
static sg_move *ms;

static void init_once(void) {
  if (defaults)
    return;
  size_t maxst = 0, maxcfg = 0;
  int maxmoves = 0;
  while (sg_classes[nclasses])
    nclasses++;
  defaults = calloc((size_t)nclasses, sizeof *defaults);
  for (int i = 0; i < nclasses; i++) {
    const sg_class *c = sg_classes[i];
    defaults[i] = calloc(1, c->cfg_size ? c->cfg_size : 1);
    defaults_load(c, defaults[i]);
    if (c->state_size > maxst)
      maxst = c->state_size;
    if (c->cfg_size > maxcfg)
      maxcfg = c->cfg_size;
    if (c->max_moves > maxmoves)
      maxmoves = c->max_moves;
  }
  text = malloc(TEXT_CAP), text2 = malloc(TEXT_CAP);
  st = malloc(maxst), st2 = malloc(maxst), view = malloc(maxst);
  cfg = malloc(maxcfg + 1), cfg2 = malloc(maxcfg + 1);
  ms = malloc((size_t)maxmoves * sizeof *ms);
  if (!text || !text2 || !st || !st2 || !view || !cfg || !cfg2 || !ms)
    abort();
}

#define CHECK(cond, ...) \
  do { \
    if (!(cond)) { \
      fprintf(stderr, "fuzz-position: %s: ", c->name); \
      fprintf(stderr, __VA_ARGS__); \
      fputc('\n', stderr); \
      abort(); \
    } \
  } while (0)

/* Set up class c from text into (cf, s): 0, or -1 with the message checked. */
static int set_up(const sg_class *c, int ci, void *cf, void *s, const char *pos) {
  char err[SG_ERRLEN] = "";
  memcpy(cf, defaults[ci], c->cfg_size);
  if (c->setup && c->setup(cf, pos, err) != 0) {
    CHECK(err[0] != 0, "a refused set-up without a message");
    return -1;
  }
  if (c->init(cf, s, pos, 7, err) != 0) {
    CHECK(err[0] != 0, "a refused position without a message");
    return -1;
  }
  return 0;
}

/* The invariants of one accepted state of class c under cfg. */
static void check_state(const sg_class *c, int ci) {
  size_t n = c->save_pos(cfg, st, text, TEXT_CAP);
  CHECK(n < TEXT_CAP, "a position text of %zu bytes", n);
  CHECK(set_up(c, ci, cfg2, st2, text) == 0, "its own text is refused: '%.200s'", text);
  size_t n2 = c->save_pos(cfg2, st2, text2, TEXT_CAP);
  CHECK(n == n2 && memcmp(text, text2, n) == 0, "the text does not come back: '%.200s' gave "
        "'%.200s'", text, text2);
  c->draw(cfg, st, text2, TEXT_CAP, 1);
  int nm = c->gen(cfg, st, ms);
  CHECK(nm >= 0 && nm <= c->max_moves, "%d moves (at most %d)", nm, c->max_moves);
  for (int i = 0; i < nm; i++) {
    char buf[256], err[SG_ERRLEN] = "";
    sg_move m;
    c->format(cfg, st, ms[i], buf, sizeof buf);
    CHECK(c->parse(cfg, st, buf, &m, err) == 0, "legal move '%s' refused: %s", buf, err);
    CHECK(m == ms[i], "'%s' parses to another move", buf);
  }
  if (c->hidden) {
    int np = c->players(cfg, st);
    for (int p = 0; p < np; p++) {
      c->view(cfg, st, p, view);
      size_t vn = c->save_pos(cfg, view, text2, TEXT_CAP);
      if (vn < TEXT_CAP && strchr(text2, '?')) {
        char err[SG_ERRLEN] = "";
        memcpy(cfg2, cfg, c->cfg_size);
        CHECK(c->init(cfg2, st2, text2, 7, err) != 0 && err[0],
              "a view with unknowns is accepted as a position: '%.200s'", text2);
      }
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  init_once();
  if (size > TEXT_CAP - 1)
    size = TEXT_CAP - 1;
  char *in = malloc(size + 1);
  if (!in)
    return 0;
  memcpy(in, data, size);
  in[size] = 0;
  /* the game */
  char *pos = strchr(in, '\n');
  int ci = -1;
  if (pos) {
    *pos++ = 0;
    for (int i = 0; i < nclasses; i++)
      if (strcmp(in, sg_classes[i]->name) == 0)
        ci = i;
  } else
    pos = in;
  if (ci < 0) {
    unsigned h = 0;
    for (const char *p = in; *p; p++)
      h = h * 31 + (unsigned char)*p;
    ci = (int)(h % (unsigned)nclasses);
  }
  const sg_class *c = sg_classes[ci];
  char *move = strchr(pos, '\x01'), *choices = NULL;
  if (move) {
    *move++ = 0;
    choices = strchr(move, '\x01');
    if (choices)
      *choices++ = 0;
  }
  /* the position: the standard start when empty (war chess has none) */
  const char *text_in = *pos ? pos : NULL;
  if (set_up(c, ci, cfg, st, text_in) == 0) {
    check_state(c, ci);
    if (move) {
      char err[SG_ERRLEN] = "";
      sg_move m;
      memcpy(st2, st, c->state_size);
      int winner;
      if (c->parse(cfg, st, move, &m, err) == 0) {
        int nm = c->status(cfg, st, &winner) == SG_PLAYING ? c->gen(cfg, st, ms) : 0, found = 0;
        for (int i = 0; i < nm; i++)
          found |= ms[i] == m;
        CHECK(found, "move '%.100s' accepted but not legal", move);
        c->play(cfg, st, m);
        check_state(c, ci);
      } else {
        CHECK(err[0] != 0, "move '%.100s' refused without a message", move);
        CHECK(memcmp(st, st2, c->state_size) == 0, "a refused move changed the state");
      }
    }
    for (const char *p = choices; p && *p; p++) {
      int winner;
      if (c->status(cfg, st, &winner) != SG_PLAYING)
        break;
      int nm = c->gen(cfg, st, ms);
      if (nm == 0)
        break;
      c->play(cfg, st, ms[(unsigned char)*p % (unsigned)nm]);
      check_state(c, ci);
    }
  }
  free(in);
  return 0;
}
