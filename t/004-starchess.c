/* 004-starchess.c: Star Chess without Lua: the processing orders of section 3.1, the move
   count of the opening, and thousands of seeded random playouts checking the invariants after
   every command (reserves never negative, fleets within 0..999 with consistent marks, colonies
   within their limits, defeated players owning nothing, the position text round trip). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/starchess.h"
#include "defaults.h"
#include "tap.h"

static const sg_class *C = &starchess_class;

static sc_cfg cfg;   /* lua/stratagem/games/starchess.lua, by name (main) */

static const char *const seed_orders[4] = {
  "A1 A2 B1 C1 B2 A3 A4 B3 C2 D1 D2 C3 B4 C4 D3 D4",
  "A4 B4 A3 A2 B3 C4 D4 C3 B2 A1 B1 C2 D3 D2 C1 D1",
  "D4 D3 C4 B4 C3 D2 D1 C2 B3 A4 A3 B2 C1 B1 A2 A1",
  "D1 C1 D2 D3 C2 B1 A1 B2 C3 D4 C4 B3 A2 A3 B4 A4",
};

/* Every invariant of a state; the first broken one is described in why. */
static int invariants(const sc_state *s, char *why) {
  for (int p = 0; p < 4; p++)
    if (s->materials[p] < 0 || s->credits[p] < 0)
      return sprintf(why, "player %d has negative reserves", p + 1), 0;
  for (int i = 0; i < 16; i++) {
    if ((s->fl_owner[i] == 0) != (s->ships[i] == 0))
      return sprintf(why, "sector %d: fleet owner and ships disagree", i), 0;
    if (s->ships[i] > cfg.max_fleet)
      return sprintf(why, "sector %d: %d ships", i, s->ships[i]), 0;
    if (s->moved[i] + s->built[i] > s->ships[i])
      return sprintf(why, "sector %d: marks exceed the fleet", i), 0;
    if ((s->moved[i] || s->built[i]) && s->fl_owner[i] != s->player + 1)
      return sprintf(why, "sector %d: marks on another player's fleet", i), 0;
    if (s->col_owner[i]) {
      int top = s->terran >> i & 1 ? cfg.terran_max_pop : cfg.barren_max_pop;
      if (s->pop[i] < cfg.min_pop || s->pop[i] > top)
        return sprintf(why, "sector %d: colony of %d", i, s->pop[i]), 0;
      if (s->worked[i] > s->pop[i] / cfg.workforce)
        return sprintf(why, "sector %d: more ships built than the workforce allows", i), 0;
    } else if (s->pop[i] || s->worked[i])
      return sprintf(why, "sector %d: population without a colony", i), 0;
  }
  for (int p = 1; p <= 4; p++) {
    int dead = s->defeated >> (p - 1) & 1;
    if (dead && (sc_ships(s, p) || sc_colonies(s, p)))
      return sprintf(why, "defeated player %d owns something", p), 0;
    if (!dead && s->col_owner[sc_homeworld[p - 1]] != p)
      return sprintf(why, "player %d lives without its homeworld colony", p), 0;
  }
  return 1;
}

/* A random command: a kind first (each present kind equally likely), then one of its commands;
   so turns end and fleets are not scrapped away at once. */
static sg_move pick(sg_rng *r, const sg_move *ms, int n) {
  int first[6], count[6] = {0}, kinds[6], nk = 0;
  for (int i = 0; i < n; i++) {
    int k = SC_KIND(ms[i]);
    if (count[k]++ == 0)
      first[k] = i, kinds[nk++] = k;
  }
  int k = kinds[rng_below(r, (uint64_t)nk)];
  return ms[first[k] + (int)rng_below(r, (uint64_t)count[k])];
}

int main(void) {
  defaults_load(C, &cfg);
  char name[3], buf[4096], err[SG_ERRLEN];
  for (int p = 0; p < 4; p++) {
    char list[80] = "";
    for (int k = 0; k < 16; k++) {
      sc_sector_name(sc_order[p][k], name);
      strcat(list, name);
      if (k < 15)
        strcat(list, " ");
    }
    is_string(list, seed_orders[p], "the processing order of player %d is section 3.1's", p + 1);
  }
  ok(sizeof(sc_state) <= 256, "a state is small: %zu bytes", sizeof(sc_state));

  sc_state s, t;
  ok(C->init(&cfg, &s, NULL, 7, err) == 0, "the seeded setup");
  sg_move *ms = malloc((size_t)C->max_moves * sizeof(sg_move));
  /* 20 ships x 3 neighbours, build 1-2 (workforce 20/10), scrap 1-20, end */
  is_int(C->gen(&cfg, &s, ms), 3 * 20 + 2 + 20 + 1, "83 commands open the game");
  int terran_homes = 1;
  for (int p = 0; p < 4; p++)
    terran_homes &= s.terran >> sc_homeworld[p] & 1;
  ok(terran_homes, "homeworlds are terran");
  int same = 1, differ = 0;
  for (uint64_t seed = 1; seed <= 50; seed++) {
    C->init(&cfg, &s, NULL, seed, err);
    C->init(&cfg, &t, NULL, seed, err);
    same &= s.terran == t.terran;
    C->init(&cfg, &t, NULL, seed + 1000, err);
    differ += s.terran != t.terran;
  }
  ok(same, "the same seed gives the same planets");
  ok(differ > 40, "other seeds give other planets (%d of 50)", differ);

  /* random playouts */
  sg_rng r;
  rng_seed(&r, 2026);
  long commands = 0, ended = 0, won = 0, drawn = 0, turns = 0;
  int broken = 0, roundtrip = 1, legal = 1;
  defaults_set(C, &cfg, "max_turns", 60);   /* shorter games, more of them */
  for (int game = 0; game < 2000 && !broken; game++) {
    C->init(&cfg, &s, NULL, (uint64_t)game, err);
    for (int step = 0; step < 1500; step++) {
      int n = C->gen(&cfg, &s, ms);
      if (n == 0)
        break;
      sg_move m = pick(&r, ms, n);
      /* every generated command parses back to itself */
      char text[64];
      sg_move back;
      C->format(&cfg, &s, m, text, sizeof text);
      if (C->parse(&cfg, &s, text, &back, err) != 0 || back != m) {
        legal = 0;
        diag("game %d: generated '%s' does not parse back: %s", game, text, err);
      }
      C->play(&cfg, &s, m);
      commands++;
      if (!invariants(&s, buf)) {
        broken = 1;
        diag("game %d after '%s': %s", game, text, buf);
        break;
      }
      if ((step & 63) == 0 || SC_KIND(m) == SC_END) {
        C->save_pos(&cfg, &s, buf, sizeof buf);
        if (C->init(&cfg, &t, buf, 0, err) != 0 || C->hash(&cfg, &t) != C->hash(&cfg, &s)) {
          if (roundtrip)
            diag("game %d: position '%s' does not read back (%s)", game, buf, err);
          roundtrip = 0;
        }
      }
    }
    int w;
    sg_status st = C->status(&cfg, &s, &w);
    ended += st != SG_PLAYING;
    won += st == SG_WON;
    drawn += st == SG_DRAWN;
    turns += s.turn;
  }
  ok(!broken, "the invariants hold after every command of 2000 random games");

  /* rich empires close together: combats, bombardments, defeats and wins happen */
  const char *rich = "turn 1 player 1 reserves 60000/60000 60000/60000 60000/60000 60000/60000 "
    "sectors T,c1:60,f1:300 B,f1:100 B,f4:100 T,c4:60,f4:300 B,f1:100 T T B,f4:100 "
    "B,f2:100 T T B,f3:100 T,c2:60,f2:300 B,f2:100 B,f3:100 T,c3:60,f3:300";
  long rich_won = 0, rich_defeats = 0;
  ok(C->init(&cfg, &t, rich, 0, err) == 0, "the crowded position is read (%s)", err);
  for (int game = 0; game < 400 && !broken; game++) {
    C->init(&cfg, &s, rich, 0, err);
    for (int step = 0; step < 3000; step++) {
      int n = C->gen(&cfg, &s, ms);
      if (n == 0)
        break;
      sg_move m = pick(&r, ms, n);
      C->play(&cfg, &s, m);
      commands++;
      if (!invariants(&s, buf)) {
        broken = 1;
        diag("crowded game %d: %s", game, buf);
        break;
      }
    }
    int w;
    rich_won += C->status(&cfg, &s, &w) == SG_WON;
    for (int p = 0; p < 4; p++)
      rich_defeats += s.defeated >> p & 1;
  }
  ok(!broken, "and after every command of 400 games from a crowded position");
  ok(rich_defeats > 0, "where players are defeated (%ld defeats, %ld games won)", rich_defeats,
     rich_won);
  ok(legal, "every generated command is legal by the parser and reads back");
  ok(roundtrip, "positions read back identical (text round trip)");
  ok(ended > 1000, "most random games end (%ld: %ld won, %ld drawn)", ended, won, drawn);
  diag("%ld commands, %ld full turns in all", commands, turns);
  free(ms);
  return done_testing();
}
