/* wordgrid.c: the grid of wordgrid.h: dealing, path checking and the prefix-pruned solver. */
#include "words/wordgrid.h"

#include <stdio.h>
#include <string.h>

#include "core/bits.h"
#include "core/rng.h"

int wg_adjacent(int a, int b) {
  int dr = a / WG_SIDE - b / WG_SIDE, dc = a % WG_SIDE - b % WG_SIDE;
  return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

int wg_deal(const char *const dice[WG_CELLS], uint64_t seed, wg_grid *g, char *err, size_t errlen) {
  int order[WG_CELLS];
  for (int i = 0; i < WG_CELLS; i++) {
    if (strlen(dice[i]) != WG_FACES) {
      snprintf(err, errlen, "die %d ('%s') must have %d faces", i + 1, dice[i], WG_FACES);
      return -1;
    }
    for (int f = 0; f < WG_FACES; f++) {
      char c = dice[i][f];
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
        snprintf(err, errlen, "die %d ('%s') has a face that is not a letter A-Z", i + 1, dice[i]);
        return -1;
      }
    }
    order[i] = i;
  }
  sg_rng r;
  rng_seed(&r, seed);
  for (int i = WG_CELLS - 1; i > 0; i--) {   /* Fisher-Yates: which die lands in which cell */
    int j = (int)rng_below(&r, (uint64_t)i + 1);
    int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (int i = 0; i < WG_CELLS; i++) {
    char c = dice[order[i]][rng_below(&r, WG_FACES)];
    if (c >= 'A' && c <= 'Z')
      c = (char)(c - 'A' + 'a');
    g->letter[i] = (uint8_t)(c - 'a' + 1);
  }
  return 0;
}

/* Try to continue the word from position pos at cell c (not yet used). */
static int path_from(const wg_grid *g, const char *w, int len, int pos, int c, unsigned used,
                     int *path, int depth) {
  int L = g->letter[c];
  if (w[pos] - 'a' + 1 != L)
    return 0;
  int next = pos + 1;
  if (L == WG_QU) {
    if (next >= len || w[next] != 'u')
      return 0;
    next++;
  }
  path[depth] = c;
  used |= 1u << c;
  if (next == len)
    return depth + 1;
  for (int n = 0; n < WG_CELLS; n++)
    if (!(used >> n & 1) && wg_adjacent(c, n)) {
      int r = path_from(g, w, len, next, n, used, path, depth + 1);
      if (r)
        return r;
    }
  return 0;
}

int wg_path(const wg_grid *g, const char *word, int len, int path[WG_CELLS]) {
  if (len <= 0)
    return 0;
  for (int c = 0; c < WG_CELLS; c++) {
    int r = path_from(g, word, len, 0, c, 0, path, 0);
    if (r)
      return r;
  }
  return 0;
}

/* The solver's walk: everything it needs in one struct, on the caller's stack. */
typedef struct wg_walk {
  const wg_grid *g;
  const sg_dict *d;
  int min_len, max_len;
  uint8_t *seen;
  size_t found;
  uint64_t nodes;
  uint16_t nbr[WG_CELLS];   /* neighbour masks */
} wg_walk;

/* At cell c with the words [lo, hi) sharing the pos letters before it. */
static void walk(wg_walk *w, int c, unsigned used, size_t lo, size_t hi, int pos) {
  int L = w->g->letter[c];
  w->nodes++;
  dict_narrow(w->d, lo, hi, pos, L, &lo, &hi);
  pos++;
  if (lo < hi && L == WG_QU) {
    dict_narrow(w->d, lo, hi, pos, 'u' - 'a' + 1, &lo, &hi);
    pos++;
  }
  if (lo >= hi || (w->max_len && pos > w->max_len))
    return;
  /* the range is sorted: if the prefix itself is a word, it comes first */
  if (pos >= w->min_len && dict_letter(w->d, lo, pos) == 0) {
    if (!(w->seen[lo >> 3] >> (lo & 7) & 1)) {
      w->seen[lo >> 3] |= (uint8_t)(1u << (lo & 7));
      w->found++;
    }
  }
  used |= 1u << c;
  unsigned free_nbr = w->nbr[c] & ~used;
  while (free_nbr) {
    int n = bits_first64(free_nbr);
    free_nbr &= free_nbr - 1;
    walk(w, n, used, lo, hi, pos);
  }
}

size_t wg_solve(const wg_grid *g, const sg_dict *d, int min_len, int max_len, uint8_t *seen,
                uint32_t *out, size_t cap, uint64_t *nodes) {
  wg_walk w = {g, d, min_len, max_len, seen, 0, 0, {0}};
  for (int a = 0; a < WG_CELLS; a++)
    for (int b = 0; b < WG_CELLS; b++)
      if (wg_adjacent(a, b))
        w.nbr[a] |= (uint16_t)(1u << b);
  for (int c = 0; c < WG_CELLS; c++)
    walk(&w, c, 0, 0, d->n, 0);
  size_t k = 0;   /* the bitmap in index order: alphabetical, and cleared for the next call */
  for (size_t i = 0; i < d->n && k < w.found; i++)
    if (seen[i >> 3] >> (i & 7) & 1) {
      if (k < cap)
        out[k] = (uint32_t)i;
      k++;
      seen[i >> 3] &= (uint8_t)~(1u << (i & 7));
    }
  if (nodes)
    *nodes = w.nodes;
  return w.found;
}
