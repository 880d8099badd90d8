/* 012-chess.c: chess without Lua: perft against the reference counts, FEN (round trip, each
   field's error, random bytes), UCI and SAN moves, the end of the game, keys, SEE, and the
   search on positions with a known answer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "core/rng.h"
#include "games/chess.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &chess_class;
static ch_cfg cfg;

static void default_cfg(void) {
  defaults_load(C, &cfg);   /* lua/stratagem/games/chess.lua, by name */
}

static ch_state state(const char *fen) {
  ch_state s;
  char err[SG_ERRLEN];
  if (C->init(&cfg, &s, fen, 0, err) != 0)
    bail("bad test position %s: %s", fen, err);
  return s;
}

static sg_move move(const ch_state *s, const char *text) {
  sg_move m;
  char err[SG_ERRLEN];
  if (C->parse(&cfg, s, text, &m, err) != 0)
    bail("bad test move %s: %s", text, err);
  return m;
}

static void play_all(ch_state *s, const char *moves) {
  char buf[1024], *save = NULL;
  snprintf(buf, sizeof buf, "%s", moves);
  for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
    C->play(&cfg, s, move(s, t));
}

static int outcome(const ch_state *s) {
  int w;
  return chess_outcome(&cfg, s, &w);
}

/* ---- perft from the reference file ---- */
static void perft_suite(void) {
  char path[4096], line[1024];
  const char *dir = getenv("SRCDIR");
  snprintf(path, sizeof path, "%s/t/data/chess-perft.epd", dir ? dir : ".");
  FILE *f = fopen(path, "r");
  if (!f)
    bail("cannot read %s", path);
  int npos = 0, nrun = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    char *semi = strchr(line, ';');
    if (!semi)
      continue;
    *semi = 0;
    ch_state s = state(line);
    char fen[128];
    chess_to_fen(&s.p, fen, sizeof fen);
    size_t n = strlen(line);
    while (n && line[n - 1] == ' ')
      line[--n] = 0;
    is_string(fen, line, "FEN round trip of position %d", npos + 1);
    char *p = semi + 1;
    int d;
    long long want;
    while (sscanf(p, "D%d %lld", &d, &want) == 2) {
      if (want <= 5000000) {
        is_int((long long)game_perft(C, &cfg, &s, d), want, "perft(%d) of %s", d, line);
        nrun++;
      }
      if (want <= 500000)
        is_int((long long)chess_perft_unmake(&s.p, d), want, "perft(%d) by make/unmake of %s",
               d, line);
      char *q = strchr(p, ';');
      if (!q)
        break;
      p = q + 1;
    }
    npos++;
  }
  fclose(f);
  ok(npos == 22 && nrun >= 40, "the reference file has its 22 positions (%d counts run)", nrun);
}

/* ---- make then unmake gives back the position, byte for byte ---- */
static void unmake_round_trip(void) {
  const char *starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  };
  sg_rng rng;
  rng_seed(&rng, 12);
  long positions = 0, moves = 0, bad = 0;
  sg_move ms[CH_MAX_MOVES];
  for (size_t i = 0; i < sizeof starts / sizeof *starts; i++)
    for (int game = 0; game < 20; game++) {
      ch_pos p = state(starts[i]).p;
      for (int ply = 0; ply < 120; ply++) {
        int n = chess_gen(&p, ms);
        if (n == 0)
          break;
        positions++;
        for (int k = 0; k < n; k++) {
          ch_pos q = p;
          ch_undo u;
          chess_make_undo(&q, ms[k], &u);
          chess_unmake(&q, ms[k], &u);
          moves++;
          bad += memcmp(&q, &p, sizeof p) != 0;
        }
        chess_make(&p, ms[rng_below(&rng, (uint64_t)n)]);
      }
    }
  ok(bad == 0 && positions > 5000, "make then unmake gives back every byte: %ld moves of %ld "
     "positions (%ld differ)", moves, positions, bad);
}

/* ---- chess_gives_check (computed without making the move) against make + chess_in_check ---- */
static int gives_check_made(const ch_pos *p, sg_move m) {
  ch_pos q = *p;
  chess_make(&q, m);
  return chess_in_check(&q);
}

static void gives_check(void) {
  /* castling, en passant that uncovers a rook, promotions along the back rank; then random
     games from the perft positions */
  struct { const char *fen, *mv; int want; } cases[] = {
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 1},
    {"8/8/8/R2Pp2k/8/8/8/4K3 w - e6 0 1", "d5e6", 1},
    {"3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 1},
    {"3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", 0},
    {"4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", "e2b5", 1},   /* bishop checks and uncovers */
    {"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", 1},   /* uncovered only */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    ch_state s = state(cases[i].fen);
    sg_move m = move(&s, cases[i].mv);
    is_int(chess_gives_check(&s.p, m), cases[i].want, "%s checks in %s: %d", cases[i].mv,
           cases[i].fen, cases[i].want);
  }
  const char *starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  };
  sg_rng rng;
  rng_seed(&rng, 30);
  long moves = 0, checks = 0, bad = 0, bad_with = 0;
  sg_move ms[CH_MAX_MOVES];
  for (size_t i = 0; i < sizeof starts / sizeof *starts; i++)
    for (int game = 0; game < 20; game++) {
      ch_pos p = state(starts[i]).p;
      for (int ply = 0; ply < 120; ply++) {
        int n = chess_gen(&p, ms);
        if (n == 0)
          break;
        ch_check_info ci;
        chess_check_info(&p, &ci);
        for (int k = 0; k < n; k++) {
          int want = gives_check_made(&p, ms[k]);
          moves++;
          checks += want;
          bad += chess_gives_check(&p, ms[k]) != want;
          bad_with += chess_gives_check_with(&p, &ci, ms[k]) != want;
        }
        chess_make(&p, ms[rng_below(&rng, (uint64_t)n)]);
      }
    }
  ok(bad == 0 && checks > 1000, "chess_gives_check agrees with making the move: %ld moves, "
     "%ld checks (%ld differ)", moves, checks, bad);
  ok(bad_with == 0, "so does chess_gives_check_with, from the position's check info (%ld "
     "differ)", bad_with);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    ch_state s = state(cases[i].fen);
    ch_check_info ci;
    chess_check_info(&s.p, &ci);
    is_int(chess_gives_check_with(&s.p, &ci, move(&s, cases[i].mv)), cases[i].want,
           "%s checks in %s (check info): %d", cases[i].mv, cases[i].fen, cases[i].want);
  }
}

/* ---- the evaluation cache: the same values as without it, and none kept across weights ---- */
static void eval_cache(void) {
  ch_cfg plain = cfg, other = cfg;
  char err[SG_ERRLEN];
  plain.eval_key = 0;                 /* no cache */
  other.w.value[CH_KNIGHT][0] += 37;  /* other weights, keyed by check_cfg */
  if (C->check_cfg(&other, err) != 0)
    bail("check_cfg: %s", err);
  ok(cfg.eval_key != 0 && other.eval_key != 0 && other.eval_key != cfg.eval_key,
     "check_cfg keys the weights for the evaluation cache");
  sg_rng rng;
  rng_seed(&rng, 31);
  long evals = 0, bad = 0, moved = 0;
  sg_move ms[CH_MAX_MOVES];
  for (int game = 0; game < 40; game++) {
    ch_pos p = state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").p;
    for (int ply = 0; ply < 100; ply++) {
      int n = chess_gen(&p, ms);
      if (n == 0)
        break;
      /* twice each (the second from the cache), between the two sets of weights */
      int want = chess_eval(&plain, &p);
      int a = chess_eval(&cfg, &p), b = chess_eval(&other, &p), a2 = chess_eval(&cfg, &p);
      ch_cfg other_plain = other;
      other_plain.eval_key = 0;
      int want_b = chess_eval(&other_plain, &p);
      evals++;
      bad += a != want || a2 != want || b != want_b;
      moved += b != a;
      chess_make(&p, ms[rng_below(&rng, (uint64_t)n)]);
    }
  }
  ok(bad == 0 && moved > evals / 4, "the evaluation cache answers as the evaluation does, for "
     "two sets of weights in turn: %ld positions (%ld differ; %ld valued differently by the "
     "two)", evals, bad, moved);
}

/* ---- the search's running material and piece-square sums (chess_make_psq) against the sums
   made afresh, and the evaluation with them against the one without, along random games with
   castlings, captures en passant and promotions; the weights changed now and then ---- */
static void psq_sums(void) {
  static const char *fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  };
  ch_cfg other = cfg, plain = cfg;
  char err[SG_ERRLEN];
  other.w.pst[CH_ROOK][5][1] += 11;   /* f1: a castling rook's square */
  if (C->check_cfg(&other, err) != 0)
    bail("check_cfg: %s", err);
  plain.eval_key = 0;
  sg_rng rng;
  rng_seed(&rng, 33);
  long made = 0, bad = 0, badeval = 0, kinds[4] = {0, 0, 0, 0}, promos = 0, resums = 0;
  sg_move ms[CH_MAX_MOVES];
  for (int game = 0; game < 200; game++) {
    ch_pos p = state(fens[game % 5]).p;
    for (int ply = 0; ply < 120; ply++) {
      int n = chess_gen(&p, ms);
      if (n == 0)
        break;
      const ch_cfg *w = ply % 17 == 16 ? &other : &cfg;   /* now and then the other weights */
      sg_move m = ms[rng_below(&rng, (uint64_t)n)];
      resums += p.psq_key != w->eval_key;
      chess_make_psq(w, &p, m);
      made++, kinds[CH_KIND(m)]++, promos += CH_PROMO(m) != 0;
      ch_pos q = p;
      chess_psq_sum(w, &q);
      bad += p.psq != q.psq || p.psq_key != w->eval_key;
      if (w == &cfg)   /* with the running sum (the first time a position is seen) and
                          without (no cache, no sum: the men summed afresh) */
        badeval += chess_eval(&cfg, &p) != chess_eval(&plain, &p);
    }
  }
  ok(bad == 0 && badeval == 0 && kinds[CH_CASTLE] > 10 && kinds[CH_EP] > 5 && promos > 50 &&
     resums > 200, "the running sums equal the sums made afresh: %ld moves (%ld castlings, %ld en "
     "passant, %ld promotions, %ld made with the sum of other weights); %ld differ, %ld "
     "evaluations differ", made, kinds[CH_CASTLE], kinds[CH_EP], promos, resums, bad, badeval);
}

/* ---- FEN ---- */
static void fen_errors(void) {
  static const struct { const char *fen, *want; } cases[] = {
    {"", "position: FEN: the text is empty; expected"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "position: FEN placement: the board ends at rank 2; expected 8 ranks"},
    {"rnbqkbnr/pppppppp/p8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
    {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "does not have 8 squares"},
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unexpected character 'x'"},
    {"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "black does not have exactly one king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1", "pawn on the first or last rank"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "position: FEN side: 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "position: FEN side: missing; expected"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "position: FEN castling:"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "K needs the white king on e1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "position: FEN en passant:"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "double pawn push"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "position: FEN halfmove:"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "position: FEN fullmove:"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "unexpected text"},
    {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side not to move (white) is in check"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ch_pos p;
    char err[SG_ERRLEN] = "";
    p.key = 12345;
    int r = chess_from_fen(&p, cases[i].fen, err);
    ok(r == -1 && strstr(err, cases[i].want) && strncmp(err, "position: FEN", 13) == 0 &&
           strstr(err, "; expected ") && p.key == 12345,
       "FEN '%s' refused, naming '%s': %s", cases[i].fen, cases[i].want, err);
  }
  ch_pos p;
  char err[SG_ERRLEN];
  ok(chess_from_fen(&p, "4k3/8/8/8/8/8/8/4K3 w - -", err) == 0 && p.halfmove == 0 &&
         p.fullmove == 1, "the two counters may be left out");
}

/* Random bytes, and valid FENs with bytes changed: never a crash; what parses writes a FEN
   that parses to the same position. */
static void fen_fuzz(void) {
  sg_rng r;
  rng_seed(&r, 2026);
  const char *base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const char alphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789x\t";
  int accepted = 0, consistent = 1;
  for (int i = 0; i < 200000; i++) {
    char buf[96];
    size_t n;
    if (i % 2) {
      n = (size_t)rng_below(&r, 90);
      for (size_t j = 0; j < n; j++)
        buf[j] = i % 4 == 1 ? (char)(1 + rng_below(&r, 255))
                            : alphabet[rng_below(&r, sizeof alphabet - 1)];
      buf[n] = 0;
    } else {
      snprintf(buf, sizeof buf, "%s", base);
      n = strlen(buf);
      int k = 1 + (int)rng_below(&r, 3);
      for (int j = 0; j < k; j++)
        buf[rng_below(&r, n)] = alphabet[rng_below(&r, sizeof alphabet - 1)];
    }
    ch_pos p, q;
    char err[SG_ERRLEN], out[128];
    if (chess_from_fen(&p, buf, err) == 0) {
      accepted++;
      chess_to_fen(&p, out, sizeof out);
      if (chess_from_fen(&q, out, err) != 0 || q.key != p.key || memcmp(q.board, p.board, 64))
        consistent = 0;
      sg_move ms[CH_MAX_MOVES];
      chess_gen(&p, ms);   /* generation on whatever was accepted must not misbehave */
    } else if (!err[0])
      consistent = 0;
  }
  ok(consistent, "200000 random and mutated FENs: every one refused with a message or "
     "round-trips (%d accepted)", accepted);
}

/* ---- moves ---- */
static void moves_text(void) {
  ch_state s = state(NULL);
  char err[SG_ERRLEN], buf[16];
  sg_move m;
  static const char *bad[][2] = {
    {"e2e5", "the pawn on e2 cannot move to e5"},
    {"e3e4", "there is no piece on e3"},
    {"e7e5", "is black's and white is to move"},
    {"e1g1", "castling is not allowed"},
    {"Nf4", "no white knight can move to f4"},
    {"xyz", "malformed move 'xyz'"},
    {"e2e4e", "malformed"},
    {"Qxd8", "no white queen can capture on d8"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    ok(C->parse(&cfg, &s, bad[i][0], &m, err) == -1 && strstr(err, bad[i][1]),
       "'%s' refused: %s", bad[i][0], err);
  ch_state pin = state("4k3/8/8/1b6/8/8/4N3/r3K3 w - - 0 1");   /* e1 in check from a1 */
  ok(C->parse(&cfg, &pin, "e2c3", &m, err) == -1 && strstr(err, "leave the white king in check"),
     "a move that leaves the king in check: %s", err);
  ch_state pr = state("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  ok(C->parse(&cfg, &pr, "e7e8", &m, err) == -1 && strstr(err, "must promote"),
     "promotion needs a piece: %s", err);
  ok(C->parse(&cfg, &pr, "e8=N", &m, err) == 0 && CH_PROMO(m) == CH_KNIGHT, "SAN e8=N");
  ok(C->parse(&cfg, &pr, "e8Q", &m, err) == 0 && CH_PROMO(m) == CH_QUEEN, "SAN e8Q");

  /* SAN of every legal move parses back to it; so does UCI (positions of the perft file) */
  const char *fens[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
  };
  int all = 1, total = 0;
  for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
    ch_state t = state(fens[i]);
    sg_move ms[CH_MAX_MOVES];
    int n = chess_gen(&t.p, ms);
    for (int j = 0; j < n; j++) {
      char u[6];
      sg_move back;
      chess_move_san(&t.p, ms[j], buf, sizeof buf);
      if (chess_parse_move(&t.p, buf, &back, err) != 0 || back != ms[j])
        all = 0, diag("SAN %s of %s: %s", buf, fens[i], err);
      chess_move_uci(ms[j], u);
      if (chess_parse_move(&t.p, u, &back, err) != 0 || back != ms[j])
        all = 0, diag("UCI %s of %s: %s", u, fens[i], err);
      total++;
    }
  }
  ok(all, "SAN and UCI of %d legal moves parse back to the same move", total);
  ch_state q = state("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
  sg_move ms[CH_MAX_MOVES];
  is_int(chess_gen(&q.p, ms), 218, "the position with 218 legal moves");
  static const char *san[][3] = {
    {"4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "c3e4", "Nce4"},
    {"4k3/8/8/2N5/8/8/8/2N1K3 w - - 0 1", "c1d3", "N1d3"},
    {"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
    {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "O-O-O"},
    {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O"},
    {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "a1a8", "Ra8+"},
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
    {"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+"},
  };
  for (size_t i = 0; i < sizeof san / sizeof san[0]; i++) {
    ch_state t = state(san[i][0]);
    chess_move_san(&t.p, move(&t, san[i][1]), buf, sizeof buf);
    is_string(buf, san[i][2], "SAN of %s in %s", san[i][1], san[i][0]);
  }
  ch_state amb = state("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1");
  ok(C->parse(&cfg, &amb, "Ne4", &m, err) == -1 && strstr(err, "ambiguous"),
     "an ambiguous SAN is refused: %s", err);
  ok(C->parse(&cfg, &amb, "Nge4", &m, err) == 0 && CH_FROM(m) == 22, "Nge4 picks g3");
  ch_state cs = state("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ok(C->parse(&cfg, &cs, "0-0", &m, err) == 0 && CH_KIND(m) == CH_CASTLE, "0-0 is O-O");
}

/* ---- the end of the game ---- */
static void game_end(void) {
  ch_state s = state(NULL);
  play_all(&s, "f2f3 e7e5 g2g4 d8h4");
  int w;
  ok(chess_outcome(&cfg, &s, &w) == CH_CHECKMATE && w == 1, "fool's mate: black wins");
  ok(C->status(&cfg, &s, &w) == SG_WON && w == 1, "status: won by black");
  sg_move ms[CH_MAX_MOVES];
  is_int(C->gen(&cfg, &s, ms), 0, "no moves after mate");
  ch_state st = state("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  is_int(outcome(&st), CH_STALEMATE, "stalemate");
  ch_state f = state("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  is_int(outcome(&f), CH_PLAYING, "99 plies: the game goes on");
  C->play(&cfg, &f, move(&f, "a1a2"));
  is_int(outcome(&f), CH_FIFTY, "the hundredth ply without capture or pawn move draws");
  ch_state fm = state("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
  C->play(&cfg, &fm, move(&fm, "a1a8"));
  is_int(outcome(&fm), CH_CHECKMATE, "a mate on the hundredth ply is a mate");
  ch_state r = state(NULL);
  play_all(&r, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
  is_int(outcome(&r), CH_PLAYING, "twice the same position: the game goes on");
  play_all(&r, "f6g8");
  is_int(outcome(&r), CH_REPETITION, "three times: drawn by repetition");
  ch_state r2 = state(NULL);
  play_all(&r2, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  is_int(outcome(&r2), CH_REPETITION, "repetition after a double push (en passant right gone)");
  static const char *mat[][2] = {
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1"}, {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "1"},
    {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "1"}, {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "1"},
    {"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", "0"}, {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", "0"},
    {"4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", "0"}, {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "0"},
  };
  for (size_t i = 0; i < sizeof mat / sizeof mat[0]; i++) {
    ch_state t = state(mat[i][0]);
    is_int(outcome(&t) == CH_MATERIAL, mat[i][1][0] - '0', "insufficient material: %s",
           mat[i][0]);
  }
}

/* The key kept by the moves equals the key computed from scratch, over random games. */
static void keys(void) {
  sg_rng r;
  rng_seed(&r, 7);
  int same = 1, plies = 0;
  for (int g = 0; g < 200; g++) {
    ch_state s = state(NULL);
    for (int i = 0; i < 200; i++) {
      sg_move ms[CH_MAX_MOVES];
      int n = C->gen(&cfg, &s, ms);
      if (!n)
        break;
      C->play(&cfg, &s, ms[rng_below(&r, (uint64_t)n)]);
      char fen[128], err[SG_ERRLEN];
      ch_pos q;
      chess_to_fen(&s.p, fen, sizeof fen);
      if (chess_from_fen(&q, fen, err) != 0 || q.key != s.p.key)
        same = 0;
      plies++;
    }
  }
  ok(same, "incremental keys equal fresh ones over %d random plies", plies);
}

static void see(void) {
  static const struct { const char *fen, *mv; int want; } cases[] = {
    {"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
    {"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220},
    {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
    {"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ch_state s = state(cases[i].fen);
    is_int(chess_see(&cfg, &s.p, move(&s, cases[i].mv)), cases[i].want, "SEE of %s in %s",
           cases[i].mv, cases[i].fen);
  }
}

/* ---- search: the shared alpha-beta through chess's hooks ---- */

/* Moves to mate from a score (> 0: the side to move mates), 0 when it is no mate. */
static int mate_of(int score) {
  int a = score < 0 ? -score : score;
  if (a <= SG_WIN - SEARCH_MAX_PLY)
    return 0;
  int plies = SG_WIN - a;
  return score > 0 ? (plies + 1) / 2 : -(plies / 2);
}

static search_result run(const char *fen, const char *moves, int depth) {
  ch_state s = state(fen);
  if (moves)
    play_all(&s, moves);
  search_opts o;
  search_opts_default(&o);
  o.depth = depth;
  o.hash_bytes = (size_t)4 << 20;
  search_result r;
  char err[SG_ERRLEN];
  if (search_alphabeta(&chess_class, &cfg, &s, &o, &r, err) != 0)
    bail("%s", err);
  return r;
}

static void search(void) {
  char u[6];
  search_result r = run("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", NULL, 4);
  chess_move_uci(r.move, u);
  ok(!strcmp(u, "a1a8") && mate_of(r.score) == 1, "mate in one: %s, mate %d", u,
     mate_of(r.score));
  /* a mate in two (Qxh7+ would be slower here): the quick mate is preferred */
  r = run("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", NULL, 5);
  chess_move_uci(r.move, u);
  ok(!strcmp(u, "h5f7") && mate_of(r.score) == 1, "scholar's mate found: %s", u);
  r = run("7k/8/5K2/8/8/8/8/6R1 w - - 0 1", NULL, 6);   /* Kf7 Kh7 Rh1# */
  chess_move_uci(r.move, u);
  ok(mate_of(r.score) == 2 && !strcmp(u, "f6f7"), "a mate in two: %s, mate %d", u,
     mate_of(r.score));
  r = run("7k/8/8/8/8/8/8/K5r1 w - - 0 1", NULL, 6);
  ok(mate_of(r.score) == 0 && r.score < -300, "a rook down: %d", r.score);
  r = run("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", NULL, 6);
  ok(mate_of(r.score) == 1 || mate_of(r.score) == 2, "K+Q against K: mate seen (%d)",
     mate_of(r.score));
  {
    ch_state sm = state("7k/5Q2/8/6K1/8/8/8/8 b - - 0 1");
    search_opts o;
    search_opts_default(&o);
    o.depth = 3;
    char err[SG_ERRLEN];
    ok(search_alphabeta(&chess_class, &cfg, &sm, &o, &r, err) == -1, "no search in a stalemate");
  }
  /* white must not stalemate: Qf7 would leave black no move, so a win keeps a move */
  r = run("7k/8/8/5QK1/8/8/8/8 w - - 0 1", NULL, 5);
  chess_move_uci(r.move, u);
  ok(mate_of(r.score) >= 1 && strcmp(u, "f5f7"), "a mate, not the stalemate f5f7: %s mate %d",
     u, mate_of(r.score));
  /* a mate on the hundredth quiet ply is a mate, not a draw by the fifty-move rule; a quiet
     move there that does not mate is a draw */
  r = run("7k/8/8/8/8/8/r4PPP/6K1 b - - 99 80", NULL, 3);
  chess_move_uci(r.move, u);
  ok(!strcmp(u, "a2a1") && mate_of(r.score) == 1, "mate on the fifty-move ply: %s, mate %d", u,
     mate_of(r.score));
  r = run("7k/8/8/8/8/8/r7/6K1 b - - 99 80", NULL, 3);
  ok(r.score == 0, "a rook up, any move on the hundredth quiet ply draws: score %d", r.score);
  ch_state s = state(NULL);
  search_opts o;
  search_opts_default(&o);
  char err[SG_ERRLEN];
  /* the node limit stops it */
  o.nodes = 5000;
  search_alphabeta(&chess_class, &cfg, &s, &o, &r, err);
  ok(r.nodes <= 5100 && r.npv >= 1, "node limit: %llu nodes, a move", (unsigned long long)r.nodes);
  /* the stop flag, already set: a legal move, at once */
  int stop = 1;
  search_opts_default(&o);
  o.stop_flag = &stop;
  ok(search_alphabeta(&chess_class, &cfg, &s, &o, &r, err) == 0 && r.npv == 1 &&
     r.stopped == SEARCH_LIMIT, "a search stopped before it began still gives a move");
  /* repetition: black, a queen down, draws by perpetual check (Qa1-d4/e1 checks forever
     would be the line; any repetition scores 0 inside the search) */
  r = run("6k1/6p1/8/6KQ/8/8/8/q7 b - - 0 1", NULL, 8);
  ok(r.npv >= 1 && r.score > -300, "perpetual check position: black holds (score %d)", r.score);
  /* the gives_check hook (the shallow pruning's quiet checks found without making the moves)
     searches the same tree as a class without it, which makes each move and asks in_check */
  {
    static const char *fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 1",
      "2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/P4PPP/R2Q1RK1 b - - 0 1",
    };
    sg_class plain = chess_class;
    plain.gives_check = NULL;
    plain.hooks &= ~(unsigned)SG_HOOK_GIVES_CHECK;
    int same = 0;
    unsigned long long nodes = 0;
    for (int i = 0; i < 3; i++) {
      ch_state st = state(fens[i]);
      search_result with, without;
      search_opts_default(&o);
      o.depth = 8;
      o.hash_bytes = (size_t)4 << 20;
      if (search_alphabeta(&chess_class, &cfg, &st, &o, &with, err) != 0 ||
          search_alphabeta(&plain, &cfg, &st, &o, &without, err) != 0)
        bail("%s", err);
      same += with.move == without.move && with.score == without.score &&
              with.nodes == without.nodes;
      nodes += with.nodes;
    }
    ok(same == 3 && chess_class.gives_check && !game_hooks_mismatch(&chess_class) &&
       !game_hooks_mismatch(&plain), "gives_check: the same trees as making the moves (%d of 3 "
       "searches the same, %llu nodes)", same, nodes);
  }
  /* one thread is reproducible; two threads give a legal move */
  search_result a = run(NULL, "e2e4 e7e5", 6), b = run(NULL, "e2e4 e7e5", 6);
  ok(a.move == b.move && a.score == b.score && a.nodes == b.nodes,
     "one thread: the same move, score and nodes twice");
  s = state(NULL);
  play_all(&s, "e2e4 e7e5");
  search_opts_default(&o);
  o.depth = 6;
  o.threads = 2;
  ok(search_alphabeta(&chess_class, &cfg, &s, &o, &r, err) == 0 &&
     chess_class.parse(&cfg, &s, (chess_move_uci(r.move, u), u), &(sg_move){0}, err) == 0 &&
     r.depth == 6, "two threads: a legal move at depth 6 (%s)", u);
  /* the enhancements that keep a fixed depth's value: switched off, the same score */
  search_opts_default(&o);
  o.depth = 5;
  o.lmr = o.null_move = o.quiescence = 0;
  /* and the pruning that changes a depth's value (exchange, futility, late moves, reductions) */
  o.see = o.rfp = o.futility = -1;
  o.lmp = o.iir = 0;
  search_result full;
  s = state("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  search_alphabeta(&chess_class, &cfg, &s, &o, &full, err);
  o.pvs = o.aspiration = o.killers = o.history = 0;
  search_alphabeta(&chess_class, &cfg, &s, &o, &r, err);
  ok(full.score == r.score && full.nodes < r.nodes,
     "principal variation search, aspiration, killers and history: the same score (%d, %d) in "
     "fewer nodes (%llu, %llu)", full.score, r.score, (unsigned long long)full.nodes,
     (unsigned long long)r.nodes);
}

/* ---- keep_history: a search starts from the last one's history tables, halved ---- */
static uint64_t nodes_with(search_memory *m, int keep) {
  ch_state s = state("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
  search_opts o;
  search_opts_default(&o);
  o.depth = 7;
  o.hash_bytes = (size_t)4 << 20;
  o.keep_history = keep;
  o.memory = m;
  search_result r;
  char err[SG_ERRLEN];
  if (search_alphabeta(&chess_class, &cfg, &s, &o, &r, err) != 0)
    bail("%s", err);
  return r.nodes;
}

static void set_history(search_memory *m, int value) {
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < SEARCH_HIST_SIZE; b++) {
      m->history[a][b] = b % 5 == 0 ? value : 0;
      m->counter[a][b] = UINT32_MAX;   /* no countermove */
    }
  m->searches = 1;
}

static void keep_history(void) {
  static search_memory m;
  uint64_t plain = nodes_with(NULL, 0);
  uint64_t first = nodes_with(&m, 1);
  ok(first == plain && m.searches == 1, "keep_history, an empty memory: the same tree as "
     "without (%llu nodes, %llu), and the tables are left in it", (unsigned long long)first,
     (unsigned long long)plain);
  uint64_t second = nodes_with(&m, 1);
  ok(second != plain && m.searches == 2, "the next search starts from them: %llu nodes, not "
     "%llu", (unsigned long long)second, (unsigned long long)plain);
  ok(nodes_with(&m, 0) == plain && m.searches == 2, "keep_history off: the memory is neither "
     "read nor written");
  search_memory_clear(&m);
  ok(nodes_with(&m, 1) == plain, "a cleared memory (ucinewgame): the tree of a fresh search");
  set_history(&m, 1);
  ok(nodes_with(&m, 1) == plain, "aged: entries of 1 are halved to 0, the tree of empty tables");
  set_history(&m, 2);
  uint64_t twos = nodes_with(&m, 1);
  ok(twos != plain, "aged: entries of 2 are halved to 1, another tree (%llu nodes, %llu)",
     (unsigned long long)twos, (unsigned long long)plain);
  search_memory_free(&m);
}

int main(void) {
  default_cfg();
  chess_init_tables();
  perft_suite();
  unmake_round_trip();
  gives_check();
  eval_cache();
  psq_sums();
  fen_errors();
  fen_fuzz();
  moves_text();
  game_end();
  keys();
  see();
  search();
  keep_history();
  return done_testing();
}

