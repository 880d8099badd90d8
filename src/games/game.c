/* game.c: the registry of games and what every game shares: parameters, perft, symmetry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "game.h"

/* The games come from SG_GAMES in Makefile.am: the build writes sg-games.h with one
   SG_GAME(name) per game, sorted by name, and each game's source defines name_class. */
#define SG_GAME(name) extern const sg_class name##_class;
#include "sg-games.h"
#undef SG_GAME

#define SG_GAME(name) &name##_class,
const sg_class *const sg_classes[] = {
#include "sg-games.h"
  NULL
};
#undef SG_GAME

const sg_class *game_find(const char *name) {
  for (int i = 0; sg_classes[i]; i++)
    if (strcmp(sg_classes[i]->name, name) == 0)
      return sg_classes[i];
  return NULL;
}

const char *const sg_hook_names[SG_HOOK_COUNT] = {
  "setup", "check_cfg", "symmetry", "move_kind", "order", "end_margin", "unquiet", "prune",
  "perft", "node", "in_check", "noisy", "tactical", "null_move", "hidden", "see",
  "piece_to", "gives_check"
};

int game_score_bounds(const sg_class *c, const void *cfg, int *min_each, int *max_sum) {
  const sg_bounds *b = c->bounds == SG_BOUNDS_FIXED ? &c->bounds_fixed
                       : c->bounds == SG_BOUNDS_CONFIG
                         ? (const sg_bounds *)(const void *)((const char *)cfg + c->bounds_offset)
                         : NULL;
  if (b == NULL || !b->known)
    return 0;
  *min_each = b->min_each;
  *max_sum = b->max_sum;
  return 1;
}

unsigned game_hooks_mismatch(const sg_class *c) {
  unsigned has = (c->setup ? SG_HOOK_SETUP : 0) | (c->check_cfg ? SG_HOOK_CHECK_CFG : 0) |
                 (c->nsym > 1 && c->sym_state && c->sym_move ? SG_HOOK_SYMMETRY : 0) |
                 (c->move_kind ? SG_HOOK_MOVE_KIND : 0) | (c->order ? SG_HOOK_ORDER : 0) |
                 (c->end_margin ? SG_HOOK_END_MARGIN : 0) | (c->unquiet ? SG_HOOK_UNQUIET : 0) |
                 (c->prune ? SG_HOOK_PRUNE : 0) | (c->perft ? SG_HOOK_PERFT : 0) |
                 (c->node.size && c->node.gen && c->node.make ? SG_HOOK_NODE : 0) |
                 (c->in_check ? SG_HOOK_IN_CHECK : 0) | (c->noisy ? SG_HOOK_NOISY : 0) |
                 (c->tactical ? SG_HOOK_TACTICAL : 0) | (c->null_move ? SG_HOOK_NULL_MOVE : 0) |
                 (c->view && c->sample ? SG_HOOK_HIDDEN : 0) | (c->see ? SG_HOOK_SEE : 0) |
                 (c->piece_to && c->npiece_to > 0 ? SG_HOOK_PIECE_TO : 0) |
                 (c->gives_check ? SG_HOOK_GIVES_CHECK : 0);
  return has ^ c->hooks;
}

const sg_param *game_param_find(const sg_class *c, sg_param_group g, const char *name) {
  for (const sg_param *p = c->params; p && p->name; p++)
    if (p->group == g && strcmp(p->name, name) == 0)
      return p;
  return NULL;
}

int game_param_set(const sg_param *p, void *cfg, double v, char *err) {
  char *at = (char *)cfg + p->offset;
  if (p->type == SG_PBOOL) {
    *(int *)at = v != 0;
    return 0;
  }
  if (!(v >= p->min && v <= p->max)) {
    snprintf(err, SG_ERRLEN, "%s = %g is out of range (expected %g to %g)", p->name, v, p->min,
             p->max);
    return -1;
  }
  if (p->type == SG_PINT) {
    if (v != (double)(long long)v) {
      snprintf(err, SG_ERRLEN, "%s = %g must be a whole number", p->name, v);
      return -1;
    }
    *(int *)at = (int)v;
  } else
    *(double *)at = v;
  return 0;
}

double game_param_get(const sg_param *p, const void *cfg) {
  const char *at = (const char *)cfg + p->offset;
  return p->type == SG_PDOUBLE ? *(const double *)at : (double)*(const int *)at;
}

typedef struct perft_ctx {
  const sg_class *c;
  const void *cfg;
  unsigned char *states;
  sg_move *moves;
  uint64_t nodes;
  int stopped;
} perft_ctx;

static uint64_t perft_rec(perft_ctx *p, int ply, int depth) {
  const sg_class *c = p->c;
  const void *st = p->states + (size_t)ply * c->state_size;
  void *child = p->states + (size_t)(ply + 1) * c->state_size;
  sg_move *ms = p->moves + (size_t)ply * c->max_moves;
  int n = c->gen(p->cfg, st, ms);
  if (n == 0)
    return c->perft_end_leaf ? 1 : 0;
  if (depth == 1)
    return (uint64_t)n;
  if ((++p->nodes & 0xfff) == 0 && interrupt_pending())
    p->stopped = 1;
  if (p->stopped)
    return 0;
  uint64_t total = 0;
  for (int i = 0; i < n; i++) {
    memcpy(child, st, c->state_size);
    c->play(p->cfg, child, ms[i]);
    total += perft_rec(p, ply + 1, depth - 1);
  }
  return total;
}

uint64_t game_perft(const sg_class *c, const void *cfg, const void *st, int depth) {
  if (depth <= 0)
    return 1;
  if (c->perft)
    return c->perft(cfg, st, depth);
  perft_ctx p = {c, cfg, NULL, NULL, 0, 0};
  p.states = malloc((size_t)(depth + 1) * c->state_size);
  p.moves = malloc((size_t)depth * (size_t)c->max_moves * sizeof(sg_move));
  uint64_t r = UINT64_MAX;
  if (p.states && p.moves) {
    memcpy(p.states, st, c->state_size);
    r = perft_rec(&p, 0, depth);
    if (p.stopped)
      r = UINT64_MAX;
  }
  free(p.states);
  free(p.moves);
  return r;
}

sg_move game_random_move(const sg_class *c, const void *cfg, const sg_move *moves, int n,
                         sg_rng *r) {
  if (c->move_kind == NULL)
    return moves[rng_below(r, (uint64_t)n)];
  /* kinds are few: count them in a small table, then pick the j-th move of the chosen kind */
  enum { MAXKINDS = 32 };
  int kind[MAXKINDS] = {0}, count[MAXKINDS] = {0}, nk = 0;
  for (int i = 0; i < n; i++) {
    int k = c->move_kind(cfg, moves[i]), j = 0;
    while (j < nk && kind[j] != k)
      j++;
    if (j == nk && nk < MAXKINDS)
      kind[nk] = k, count[nk++] = 0;
    if (j < nk)
      count[j]++;
  }
  int pick = (int)rng_below(r, (uint64_t)nk), want = kind[pick];
  int j = (int)rng_below(r, (uint64_t)count[pick]);
  for (int i = 0; i < n; i++)
    if (c->move_kind(cfg, moves[i]) == want && j-- == 0)
      return moves[i];
  return moves[0];
}

uint64_t game_canon_hash(const sg_class *c, const void *cfg, const void *st, void *scratch) {
  uint64_t best = c->hash(cfg, st);
  for (int k = 1; k < c->nsym; k++) {
    c->sym_state(cfg, st, scratch, k);
    uint64_t h = c->hash(cfg, scratch);
    if (h < best)
      best = h;
  }
  return best;
}

int game_distinct(const sg_class *c, const void *cfg, const void *st, sg_move *moves, int n,
                  void *scratch, uint64_t *keys) {
  if (c->nsym <= 1)
    return n;
  unsigned char *child = scratch;
  unsigned char *image = child + c->state_size;
  int kept = 0;
  for (int i = 0; i < n; i++) {
    memcpy(child, st, c->state_size);
    c->play(cfg, child, moves[i]);
    uint64_t key = game_canon_hash(c, cfg, child, image);
    int seen = 0;
    for (int j = 0; j < kept && !seen; j++)
      seen = keys[j] == key;
    if (!seen) {
      keys[kept] = key;
      moves[kept++] = moves[i];
    }
  }
  return kept;
}
