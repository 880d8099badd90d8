/* game.h: the game interface: one constant table of functions ("game class") per game. */
#ifndef SG_GAME_H
#define SG_GAME_H

#include <stddef.h>
#include <stdint.h>

/* Moves are small integers inside C; strings only at the boundary. */
typedef uint32_t sg_move;

#define SG_MAX_PLAYERS 8
#define SG_ERRLEN 256

/* Scores.  A won game scores SG_WIN minus the distance in moves, so a quicker win is preferred;
   evaluations stay well inside (-SG_WIN/2, SG_WIN/2). */
#define SG_WIN (1 << 28)
#define SG_INF (1 << 29)
#define SG_EVAL_MAX (SG_WIN / 2)
/* With an end_margin hook, a finished game scores +-(SG_WIN_MARGIN + |margin|), above every
   evaluation and below the scores that count plies to a win. */
#define SG_WIN_MARGIN (SG_WIN - 1024)

typedef enum { SG_PLAYING = 0, SG_WON = 1, SG_DRAWN = 2 } sg_status;

/* A named number of a game's configuration: a rules constant, an evaluation weight or a variant
   switch.  The values themselves live in lua/stratagem/games/<game>.lua; C only knows names and where
   each one goes in the game's config struct. */
typedef enum { SG_RULES = 0, SG_WEIGHTS = 1, SG_VARIANT = 2 } sg_param_group;
typedef enum { SG_PINT, SG_PDOUBLE, SG_PBOOL } sg_param_type;

typedef struct sg_param {
  const char *name;
  sg_param_group group;
  sg_param_type type;
  size_t offset;     /* into the config struct */
  double min, max;   /* accepted range (ints and doubles) */
} sg_param;

/* What the scores of one position add up to (OpenSpiel's GameType::Utility): zero-sum (two
   players: {s, -s}), constant-sum (the sum is the same in every position), general-sum. */
typedef enum { SG_ZERO_SUM = 0, SG_CONSTANT_SUM = 1, SG_GENERAL_SUM = 2 } sg_utility;

/* Bounds on the evaluation vector, for the shallow pruning of max^n (Korf): every score eval
   gives is at least min_each, and the scores of one position sum to at most max_sum (with n
   players, max_sum >= n * min_each).  known = 0: no promise (max^n then prunes nothing, which
   is always correct).  While bounds are in force max^n scores finished games inside them too
   (src/ai/multi.h). */
typedef struct sg_bounds {
  int known;
  int min_each, max_sum;
} sg_bounds;

/* Where a class's score bounds are: none; the same for every config (bounds_fixed); or an
   sg_bounds inside the config at bounds_offset, which check_cfg fills from the weights (and
   fills again whenever the weights change). */
typedef enum { SG_BOUNDS_NONE = 0, SG_BOUNDS_FIXED = 1, SG_BOUNDS_CONFIG = 2 } sg_bounds_kind;

/* The optional hooks of a class, as declared in its `hooks` field (one bit each). */
enum {
  SG_HOOK_SETUP = 1 << 0,
  SG_HOOK_CHECK_CFG = 1 << 1,
  SG_HOOK_SYMMETRY = 1 << 2,   /* nsym, sym_state, sym_move */
  SG_HOOK_MOVE_KIND = 1 << 3,
  SG_HOOK_ORDER = 1 << 4,
  SG_HOOK_END_MARGIN = 1 << 5,
  SG_HOOK_UNQUIET = 1 << 6,
  SG_HOOK_PRUNE = 1 << 7,
  SG_HOOK_PERFT = 1 << 8,
  SG_HOOK_NODE = 1 << 9,       /* node.size, node.gen, node.make (node.draw, node.history) */
  SG_HOOK_IN_CHECK = 1 << 10,
  SG_HOOK_NOISY = 1 << 11,
  SG_HOOK_TACTICAL = 1 << 12,
  SG_HOOK_NULL_MOVE = 1 << 13,
  SG_HOOK_HIDDEN = 1 << 14,    /* view, sample */
  SG_HOOK_SEE = 1 << 15,
  SG_HOOK_PIECE_TO = 1 << 16,  /* piece_to, npiece_to */
  SG_HOOK_GIVES_CHECK = 1 << 17,
  SG_HOOK_COUNT = 18
};
/* Their names, bit 0 first ("setup", "check_cfg", "symmetry", ...). */
extern const char *const sg_hook_names[SG_HOOK_COUNT];

/* A game class.  A state is a flat struct of `state_size` bytes (no pointers), so a copy is a
   memcpy.  `cfg` is the game's config struct (rules, weights, variant), filled once before
   play and never changed while a search runs. */
typedef struct sg_class {
  const char *name;
  size_t state_size;
  size_t cfg_size;
  int max_moves;                 /* upper bound on the legal moves of any state */
  const sg_param *params;        /* terminated by a NULL name */

  /* Declared properties, not run-time guesses (t/013-interface.c checks them against the hooks
     and the players function): */
  int min_players, max_players;  /* players() lies between them */
  sg_utility utility;            /* of the scores eval gives */
  int chance;                    /* nonzero: chance events during play (see view below) */
  int hidden;                    /* nonzero: hidden information (the view and sample hooks) */
  unsigned hooks;                /* SG_HOOK_* of the optional hooks below it offers */
  sg_bounds_kind bounds;         /* its score bounds: none, bounds_fixed or in the config */
  sg_bounds bounds_fixed;
  size_t bounds_offset;          /* of an sg_bounds in the config (SG_BOUNDS_CONFIG) */

  /* Optional: the set-up stage, run once on the writable config before init, for a game whose
     position text also carries configuration (war chess: the board, terrain, kinds and units
     of its scenario).  Returns 0, or -1 with the error (the position form) and cfg unchanged.
     NULL: the config is complete once its params are set. */
  int (*setup)(void *cfg, const char *position, char *err);
  /* Set up the start state (or the position given as text, NULL for the standard start).
     Returns 0, or -1 with a message in err naming what was wrong ("position: FIELD: what;
     expected ...", src/core/postok.h), st unchanged. */
  int (*init)(const void *cfg, void *st, const char *position, uint64_t seed, char *err);
  /* Check a filled config after the params were set; NULL when nothing to check. */
  int (*check_cfg)(void *cfg, char *err);

  int (*players)(const void *cfg, const void *st);
  int (*to_move)(const void *cfg, const void *st);            /* 0-based */
  /* Legal moves into out (room for max_moves); returns their number (0 when the game is over). */
  int (*gen)(const void *cfg, const void *st, sg_move *out);
  /* Apply a legal move. */
  void (*play)(const void *cfg, void *st, sg_move m);
  sg_status (*status)(const void *cfg, const void *st, int *winner);
  /* Evaluation, one score per player, from each player's point of view
     (two-player zero-sum games give {s, -s}). */
  void (*eval)(const void *cfg, const void *st, int *scores);
  uint64_t (*hash)(const void *cfg, const void *st);

  /* Parse a move string and check it is legal here.  Returns 0, or -1 with a message naming
     the move and what was wrong (malformed, or the rule it breaks). */
  int (*parse)(const void *cfg, const void *st, const char *text, sg_move *m, char *err);
  /* Write a move in the game's notation (buf of at least 64 bytes). */
  void (*format)(const void *cfg, const void *st, sg_move m, char *buf, size_t n);
  /* Position as text (init accepts it back); returns the length written (buf of n bytes). */
  size_t (*save_pos)(const void *cfg, const void *st, char *buf, size_t n);
  /* Board diagram (plain text; colour=1 may add ANSI colours). */
  size_t (*draw)(const void *cfg, const void *st, char *buf, size_t n, int colour);

  /* Optional: board symmetries.  nsym images, image 0 the identity; sym_state writes the image
     of a state under symmetry k. NULL / 0 when the game has none. */
  int nsym;
  void (*sym_state)(const void *cfg, const void *st, void *out, int k);
  /* The image of move m (legal in st) under symmetry k: legal in the image of st. */
  sg_move (*sym_move)(const void *cfg, const void *st, sg_move m, int k);

  /* Optional: the kind of a move (a small number), for random play that picks a kind first
     and then a move of that kind, so that a game with many moves of one kind (Star Chess
     fleet sizes) is still played sensibly at random.  NULL: every move is its own kind. */
  int (*move_kind)(const void *cfg, sg_move m);

  /* Optional: reorder the generated moves, best guesses first (key moves), for the search. */
  void (*order)(const void *cfg, const void *st, sg_move *moves, int n);

  /* Optional: the final margin of a finished game for `player` (Othello: the disc
     difference), so an exact search finds the best result and not only a win. */
  int (*end_margin)(const void *cfg, const void *st, int player);

  /* Optional: nonzero when the position is not quiet (draughts: the side to move has a capture
     pending), so a search that reaches its depth limit here goes on instead of evaluating a
     position in the middle of an exchange (quiescence by extension). */
  int (*unquiet)(const void *cfg, const void *st);

  /* Optional: the game's own forward pruning for its AI (Chexers: exit when possible, else
     forward moves only): keep the moves worth searching at the front of `moves` and return how
     many.  Searches apply it only when asked (search option prune_actions); it never changes
     what is legal. */
  int (*prune)(const void *cfg, const void *st, sg_move *moves, int n);

  /* ---- Optional hooks for the shared alpha-beta (src/ai/search.c) ----
     Each one is used where the game offers it and the search option of the same purpose is
     on; a game without them is searched by plain principal variation search. */

  /* A lighter node: the search copies only the first node.size bytes of a state per ply (a
     prefix holding the position, not the game's history) and moves on it with node.make;
     gen, to_move, eval, hash and the hooks below must then read nothing beyond the prefix.
     status is not called on such nodes: node.draw says whether the position is drawn by a
     rule (its keys list the positions before it, the game's history then the search path,
     oldest first: enough for repetitions), and a node with no legal move is lost when
     in_check says the mover is in check, drawn otherwise.  node.history gives the game's
     own keys before st (oldest first).  size 0: the search copies whole states. */
  struct {
    size_t size;
    int (*gen)(const void *cfg, const void *node, sg_move *out);   /* no end-of-game test */
    void (*make)(const void *cfg, void *node, sg_move m);
    int (*draw)(const void *cfg, const void *node, const uint64_t *keys, int nkeys);
    int (*history)(const void *cfg, const void *st, const uint64_t **keys);
  } node;

  /* The mover is in check: the search extends the line by a ply, tries no null move there
     and does not reduce the moves that give it. */
  int (*in_check)(const void *cfg, const void *st);
  /* The noisy moves for quiescence (captures, promotions; at the first quiescence ply
     qply = 0 the game may add quiet moves that threaten, such as checks): returns their
     number.  Quiescence evaluates the position as it stands (stand pat) and searches these. */
  int (*noisy)(const void *cfg, const void *st, sg_move *out, int qply);
  /* Whether m is a noisy move (1, with an ordering key in *key: above 0 a promising one,
     below 0 one that loses material, which quiescence skips), or a quiet one (0): noisy moves
     go first, are never reduced, and do not count for killers and history. */
  int (*tactical)(const void *cfg, const void *st, sg_move m, int *key);
  /* The mover passes, for null move pruning: returns 1 after changing st, or 0 (st unchanged)
     where a pass would mislead (in check, zugzwang-prone positions). */
  int (*null_move)(const void *cfg, void *st);
  /* Static exchange evaluation: what the mover gains (below 0: loses) on m's target square
     when both sides go on capturing there with their least valuable piece and may stop at
     will; 0 for a quiet move to a safe square.  A game that has it declares its scores to be
     in material units, and the search's margin-based pruning (reverse futility, futility,
     late move pruning, the exchange pruning of `see`), its reduction table, countermoves
     and internal iterative reductions act on it alone (src/ai/search.c). */
  int (*see)(const void *cfg, const void *st, sg_move m);
  /* The moving piece and its target square of move m (legal in the position it is made in)
     as one index in [0, npiece_to) (chess: piece x 64 + square, 384 in all), for the
     search's continuation history: how well a move did in answer to the move before it and
     to the mover's own move before that (search options cont_history, src/ai/search.c). */
  int (*piece_to)(const void *cfg, sg_move m);
  int npiece_to;
  /* Whether move m (legal in st) gives check: what in_check would say of the position after
     it, without making it.  The shallow pruning asks it of every move it would skip (a quiet
     check is searched all the same); without it the search makes the move to ask in_check. */
  int (*gives_check)(const void *cfg, const void *st, sg_move m);

  /* ---- Chance and hidden information ----
     Chance (chance = 1): a game draws at random only from what its state holds (a shuffled
     stock or boneyard, or a generator seeded by init from the game's seed), so play stays a
     function of the state and a saved game (seed and moves) replays exactly.

     Hidden information (hidden = 1, SG_HOOK_HIDDEN): view writes into out the state as
     `player` (0-based) sees it: everything that player cannot see (face-down cards, the other
     players' hands, the order of a stock or boneyard, the generator of future chance events)
     replaced by the game's unknown marker, what the player can count kept (how many cards in
     a pile, how many tiles in a hand).  save_pos and draw accept such a view and write each
     unknown as '?'; init refuses a position with unknowns.  sample writes into out a full
     state consistent with the view v of player: the unknowns filled at random, from seed
     (the same seed gives the same state), with the things player has not seen, using nothing
     but v (a game may keep in its state what a player showed, such as the numbers a domino
     player could not match, and sample respects it).  The legal moves of the player to move
     and their encoding depend only on that player's view, so a search may generate them on
     any sample.  A search that must not cheat (src/ai/hidden.h) sees a game only through
     these two. */
  void (*view)(const void *cfg, const void *st, int player, void *out);
  void (*sample)(const void *cfg, const void *v, int player, uint64_t seed, void *out);

  /* Optional: the game's own perft (a faster generator than the generic copy-make walk);
     returns UINT64_MAX when interrupted.  It follows the perft convention below. */
  uint64_t (*perft)(const void *cfg, const void *st, int depth);

  /* Perft convention: 0 = sequences end at game end and an ended game before the depth is not
     counted (tic-tac-toe); 1 = an ended game reached before the depth counts as one leaf. */
  int perft_end_leaf;
} sg_class;

/* The registry of games, sorted by name. */
extern const sg_class *const sg_classes[];
const sg_class *game_find(const char *name);

/* Set a parameter of cfg from a number; returns 0, or -1 with a message when out of range. */
int game_param_set(const sg_param *p, void *cfg, double value, char *err);
double game_param_get(const sg_param *p, const void *cfg);
const sg_param *game_param_find(const sg_class *c, sg_param_group g, const char *name);

/* The class's score bounds for this config (see sg_bounds); 1 when known, else 0. */
int game_score_bounds(const sg_class *c, const void *cfg, int *min_each, int *max_sum);

/* The declared hooks that the class's table does not hold, or holds undeclared: 0 when the
   declaration is true (a test runs it over every class). */
unsigned game_hooks_mismatch(const sg_class *c);

/* Perft: the number of move sequences of the given depth, by the class's perft convention.
   Returns UINT64_MAX when interrupted or out of memory. */
uint64_t game_perft(const sg_class *c, const void *cfg, const void *st, int depth);

/* A random legal move: uniform, or (with move_kind) a uniform kind, then a uniform move of
   it.  moves holds the n legal moves. */
struct sg_rng;
sg_move game_random_move(const sg_class *c, const void *cfg, const sg_move *moves, int n,
                         struct sg_rng *r);

/* Canonical hash of a state: the least hash over its symmetry images (its own hash when the
   game has no symmetries). */
uint64_t game_canon_hash(const sg_class *c, const void *cfg, const void *st, void *scratch);

/* Keep one move per class of moves equivalent under the board symmetries (moves whose results
   are images of each other), in the given order; returns the new count.  scratch holds two
   states; keys holds n entries. */
int game_distinct(const sg_class *c, const void *cfg, const void *st, sg_move *moves, int n,
                  void *scratch, uint64_t *keys);

#endif
