/* dominoes.h: dominoes, "fives and threes" (the seed's section 9.6; the rules as played here:
   doc/manual.md, section 7.10), with a double-six set, 2 to 4 players, a boneyard and hidden
   hands. */
#ifndef SG_DOMINOES_H
#define SG_DOMINOES_H

#include "core/rng.h"
#include "game.h"

enum {
  DOM_TILES = 28,    /* the double-six set */
  DOM_MAXP = 4,      /* players */
  DOM_MAXHAND = 28   /* room for any hand: a hand dealt few tiles may draw most of the set */
};

/* Where a tile is: in hand 0..3, or one of these. */
enum { DOM_BONE = 4, DOM_LINE = 5, DOM_UNKNOWN = 6 };

/* How the previous hand ended (for the display). */
enum { DOM_LAST_NONE = 0, DOM_LAST_GO = 1, DOM_LAST_BLOCKED = 2, DOM_LAST_TIE = 3 };

/* A state (no padding: hash reads its bytes).  A view (game.h) has every tile its player
   cannot see set to DOM_UNKNOWN, the generator zeroed and viewer set; the counts are kept. */
typedef struct dom_state {
  sg_rng rng;                        /* chance: the tile drawn, the next hands' deals */
  uint8_t where[DOM_TILES];          /* tile index -> hand 0..3, DOM_BONE, DOM_LINE, DOM_UNKNOWN */
  uint8_t line[DOM_TILES];           /* the line from left to right, each (a << 4 | b) as laid:
                                        a towards the left end, b towards the right */
  uint8_t count[DOM_MAXP];           /* tiles in each hand */
  /* What each player showed: per tile of their hand (oldest first), the numbers (bit n for
     n pips) that tile is known to lack, because its owner drew or passed with those numbers
     at the open ends while holding it.  Each draw or pass ORs the ends into every tile held,
     so older tiles lack a superset of what newer ones lack; a tile laid removes the oldest
     slot it fits, which keeps the slots a sound description (see dominoes.c). */
  uint8_t avoid[DOM_MAXP][DOM_MAXHAND];
  uint8_t nline;                     /* tiles in the line */
  uint8_t bone;                      /* tiles in the boneyard */
  uint8_t to_move;
  uint8_t leader;                    /* who led this hand */
  int8_t viewer;                     /* -1: the whole state; else whose view this is */
  int8_t winner;                     /* -1 playing; 0..3 the winner; DOM_MAXP drawn */
  uint8_t last_kind, last_who;       /* how the previous hand ended, and who scored */
  int16_t score[DOM_MAXP];
  uint16_t hand;                     /* the hand being played, 1 for the first */
  uint8_t spare[2];
} dom_state;

/* Rules constants and evaluation weights (the values: lua/stratagem/games/dominoes.lua). */
typedef struct dom_cfg {
  int target;       /* the first to reach it wins */
  int hand_size;    /* tiles dealt to each player */
  int players;      /* 2 to 4 */
  int draw_until;   /* tiles left in the boneyard when drawing must stop */
  int w_points;     /* per point of score */
  int w_tiles;      /* per tile in hand (fewer is nearer a go) */
  int w_pips;       /* per pip in hand (counts in a blocked hand) */
  int w_options;    /* per number 0-6 the hand holds (options to place every tile) */
  int w_stuck;      /* per open end the player cannot match (obstruction, from the others'
                       side) */
} dom_cfg;

extern const sg_class dominoes_class;

/* The points a total of the open ends scores: total/5 when 5 divides it, plus total/3 when 3
   does (15 scores 3 + 5 = 8). */
int dominoes_points(int total);

#endif
