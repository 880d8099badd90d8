/* fuzz-uci.c: a fuzz target for the UCI engine (src/uci.c; libFuzzer's entry point,
   t/fuzz/driver.c runs it without libFuzzer).  An input is the text a GUI would send, one
   command a line, run through uci_run from a memory stream to a memory stream: the reader
   thread, the command queue, position/go/setoption/d and the search thread all take part.

   The harness bounds the work one input may ask for, and changes nothing else: every `go`
   starts with `nodes 3000` and any nodes value it gives is cut to 1..3000 (a `nodes` with no
   value, which would mean no limit, gets 3000), so a search ends after about 3,000 nodes
   however it was asked for (`go infinite` still waits for stop, or the end of input);
   `go perft N` is cut to N <= 3, `Hash` to 16 MB and `Threads` to 2.

   What must hold, or the target aborts (a crash is a finding, as is every sanitizer report):
   - uci_run returns 0 (the end of the input or quit ends it, with every search answered);
   - every `go` that starts a search (all but `go perft`) gets exactly one `bestmove`;
   - every `isready` gets one `readyok`, and every `uci` one `uciok`;
   - every `bestmove` names a move in UCI form (or 0000 when there was none);
   - every `Fen:` that `d` prints is a position the FEN parser accepts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "defaults.h"
#include "games/chess.h"
#include "uci.h"

static ch_cfg cfg;
static int ready;

static void init_once(void) {
  if (ready)
    return;
  defaults_load(&chess_class, &cfg);
  ready = 1;
}

#define CHECK(cond, ...) \
  do { \
    if (!(cond)) { \
      fprintf(stderr, "fuzz-uci: "); \
      fprintf(stderr, __VA_ARGS__); \
      fputc('\n', stderr); \
      abort(); \
    } \
  } while (0)

/* The first token of s (spaces and tabs between, as uci.c reads them) into w (cap bytes);
   returns what follows it. */
static const char *word(const char *s, char *w, size_t cap) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t n = 0;
  while (*s && *s != ' ' && *s != '\t') {
    if (n + 1 < cap)
      w[n++] = *s;
    s++;
  }
  w[n] = 0;
  return s;
}

/* The words of go that are not moves, as uci.c's go_word has them. */
static int go_word(const char *t) {
  static const char *const words[] = {"searchmoves", "ponder", "wtime", "btime", "winc", "binc",
                                      "movestogo", "depth", "nodes", "mate", "movetime",
                                      "infinite", "perft", NULL};
  for (int i = 0; words[i]; i++)
    if (!strcmp(t, words[i]))
      return 1;
  return 0;
}

/* What the harness expects of the commands it sends. */
typedef struct tally {
  int searches, isready, uci;
  int quit;   /* a quit was sent: the lines after it are never read */
} tally;

/* Append to out (the sanitized input) one line l (a C string, no newline), bounded as the
   header says, and count what it asks for. */
static void put_line(FILE *out, const char *l, tally *t) {
  char cmd[32], tok[256];
  char *line = strdup(l);
  CHECK(line != NULL, "out of memory");
  size_t n = strlen(line);
  while (n && (line[n - 1] == '\r' || line[n - 1] == '\n'))
    line[--n] = 0;
  const char *rest = word(line, cmd, sizeof cmd);
  if (!strcmp(cmd, "go")) {
    /* the same tokens cmd_go reads: each but infinite and ponder takes the next as value */
    int perft = 0, have = 0;
    fputs("go nodes 3000", out);
    for (;;) {
      if (!have)
        rest = word(rest, tok, sizeof tok);
      have = 0;
      if (!tok[0])
        break;
      fprintf(out, " %s", tok);
      if (!strcmp(tok, "infinite") || !strcmp(tok, "ponder"))
        continue;
      if (!strcmp(tok, "searchmoves")) {   /* moves up to the next word of go */
        while ((rest = word(rest, tok, sizeof tok)), tok[0] && !go_word(tok))
          fprintf(out, " %s", tok);
        have = 1;
        continue;
      }
      char val[256];
      rest = word(rest, val, sizeof val);
      if (!strcmp(tok, "perft"))
        perft = 1;   /* counted on the search thread, or refused: no bestmove either way */
      if (!val[0]) {
        if (!strcmp(tok, "nodes"))
          fputs(" 3000", out);   /* a nodes with no value would mean no limit */
        break;
      }
      if (perft) {
        if (atof(val) > 3)
          strcpy(val, "3");
        fprintf(out, " %s", val);
        break;   /* what follows it is left out (it could name another perft) */
      }
      double x = atof(val);
      if (!strcmp(tok, "nodes") && !(x >= 1 && x <= 3000))
        strcpy(val, "3000");
      fprintf(out, " %s", val);
    }
    if (!perft)
      t->searches++;
    fputc('\n', out);
    free(line);
    return;
  }
  if (!strcmp(cmd, "setoption")) {
    /* setoption name NAME value VALUE: Hash and Threads bounded, the rest as sent */
    const char *nm = strstr(line, "name ");
    const char *v = nm ? strstr(nm + 5, " value ") : NULL;
    if (nm && v) {
      size_t len = (size_t)(v - (nm + 5));
      while (len && nm[5 + len - 1] == ' ')
        len--;
      double x = atof(v + 7);
      if (len == 4 && !strncasecmp(nm + 5, "Hash", 4) && x > 16) {
        fprintf(out, "setoption name Hash value 16\n");
        free(line);
        return;
      }
      if (len == 7 && !strncasecmp(nm + 5, "Threads", 7) && x > 2) {
        fprintf(out, "setoption name Threads value 2\n");
        free(line);
        return;
      }
    }
  } else if (!strcmp(cmd, "isready"))
    t->isready++;
  else if (!strcmp(cmd, "uci"))
    t->uci++;
  else if (!strcmp(cmd, "quit"))
    t->quit = 1;
  fprintf(out, "%s\n", line);
  free(line);
}

static int count_lines(const char *text, const char *prefix) {
  int n = 0;
  size_t k = strlen(prefix);
  for (const char *p = text; p && *p;) {
    if (!strncmp(p, prefix, k))
      n++;
    p = strchr(p, '\n');
    if (p)
      p++;
  }
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  init_once();
  if (size > 1 << 16)
    return 0;
  /* the input's lines, each a C string as the reader keeps it (strdup stops at a NUL) */
  char *in = NULL, *outtext = NULL;
  size_t inlen = 0, outlen = 0;
  FILE *ins = open_memstream(&in, &inlen);
  CHECK(ins != NULL, "open_memstream");
  tally t = {0, 0, 0, 0};
  size_t i = 0;
  while (i < size && !t.quit) {
    const uint8_t *nl = memchr(data + i, '\n', size - i);
    size_t len = nl ? (size_t)(nl - (data + i)) : size - i;
    char *l = malloc(len + 1);
    CHECK(l != NULL, "out of memory");
    memcpy(l, data + i, len);
    l[len] = 0;
    put_line(ins, l, &t);
    free(l);
    i += len + 1;
  }
  fclose(ins);
  FILE *src = fmemopen(in, inlen ? inlen : 1, "r");
  FILE *dst = open_memstream(&outtext, &outlen);
  CHECK(src && dst, "cannot open the memory streams");
  if (!inlen)
    fgetc(src);   /* an empty input: fmemopen wants a size of 1 or more */
  char err[SG_ERRLEN] = "";
  int rc = uci_run(&cfg, src, dst, err);
  fclose(src);
  fclose(dst);
  CHECK(rc == 0, "uci_run returned %d (%s)", rc, err);
  CHECK(count_lines(outtext, "bestmove ") == t.searches,
        "%d searches started but %d bestmove lines:\n%s", t.searches,
        count_lines(outtext, "bestmove "), outtext);
  CHECK(count_lines(outtext, "readyok") == t.isready, "%d isready but %d readyok", t.isready,
        count_lines(outtext, "readyok"));
  CHECK(count_lines(outtext, "uciok") == t.uci, "%d uci but %d uciok", t.uci,
        count_lines(outtext, "uciok"));
  for (const char *p = outtext; p && *p;) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    char l[512];
    if (len >= sizeof l)
      len = sizeof l - 1;
    memcpy(l, p, len);
    l[len] = 0;
    if (!strncmp(l, "bestmove ", 9)) {
      char mv[16];
      word(l + 9, mv, sizeof mv);
      size_t m = strlen(mv);
      int ok = !strcmp(mv, "0000") ||
               ((m == 4 || m == 5) && mv[0] >= 'a' && mv[0] <= 'h' && mv[1] >= '1' &&
                mv[1] <= '8' && mv[2] >= 'a' && mv[2] <= 'h' && mv[3] >= '1' && mv[3] <= '8' &&
                (m == 4 || strchr("qrbn", mv[4])));
      CHECK(ok, "a bestmove that is no move: '%s'", l);
    } else if (!strncmp(l, "Fen: ", 5)) {
      ch_state st;
      char e2[SG_ERRLEN];
      CHECK(chess_class.init(&cfg, &st, l + 5, 0, e2) == 0, "d printed a FEN the parser "
            "refuses: '%s' (%s)", l + 5, e2);
    }
    p = e ? e + 1 : NULL;
  }
  free(in);
  free(outtext);
  return 0;
}
