/* dict.c: the word list of dict.h: normalising, sorting once, packing 5 bits a letter, and the
   binary searches (membership, prefix range, one-letter narrowing) on either form. */
#include "words/dict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"

int dict_normalise(const char *in, size_t len, char *out, char *err, size_t errlen) {
  if (len > DICT_MAXLEN) {
    snprintf(err, errlen, "longer than %d letters", DICT_MAXLEN);
    return -1;
  }
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)in[i];
    if (c >= 'A' && c <= 'Z')
      c = (unsigned char)(c - 'A' + 'a');
    if (c < 'a' || c > 'z') {
      if (c >= 0x20 && c < 0x7f)
        snprintf(err, errlen, "has the character '%c', outside a-z", c);
      else
        snprintf(err, errlen, "has the byte 0x%02x, outside a-z", c);
      return -1;
    }
    out[i] = (char)c;
  }
  out[len] = '\0';
  if (len < DICT_MINLEN) {
    snprintf(err, errlen, "shorter than %d letters", DICT_MINLEN);
    return -1;
  }
  return (int)len;
}

int dict_pack(const char *w, int len, uint64_t *c) {
  int nc = (len + DICT_PER_CHUNK - 1) / DICT_PER_CHUNK;
  for (int j = 0; j < nc; j++)
    c[j] = 0;
  for (int k = 0; k < len; k++)
    c[k / DICT_PER_CHUNK] |= (uint64_t)(w[k] - 'a' + 1) << (55 - 5 * (k % DICT_PER_CHUNK));
  return nc;
}

int dict_unpack(const uint64_t *c, int nc, char *out) {
  int n = 0;
  for (int j = 0; j < nc; j++)
    for (int k = 0; k < DICT_PER_CHUNK; k++) {
      int code = (int)((c[j] >> (55 - 5 * k)) & 31);
      if (code == 0)
        break;
      out[n++] = (char)('a' + code - 1);
    }
  out[n] = '\0';
  return n;
}

/* Chunk sequences compared as unsigned integers, then by count (a prefix first). */
static int chunks_cmp(const uint64_t *a, size_t na, const uint64_t *b, size_t nb) {
  size_t n = na < nb ? na : nb;
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return na < nb ? -1 : na > nb;
}

/* ---- sorting: the seed's quicksort (listing 9.1, middle pivot) on an index array ---- */

typedef struct sort_ctx {
  const char *text;           /* plain: words at text + off[i] */
  const uint32_t *off;
  const uint64_t *head;       /* packed: heads, and tails at tail[toff[i]] .. tail[toff[i+1]-1] */
  const uint64_t *tail;
  const uint32_t *toff;
} sort_ctx;

static int cmp_plain(const sort_ctx *c, uint32_t a, uint32_t b) {
  return strcmp(c->text + c->off[a], c->text + c->off[b]);
}

static int cmp_packed(const sort_ctx *c, uint32_t a, uint32_t b) {
  if (c->head[a] != c->head[b])
    return c->head[a] < c->head[b] ? -1 : 1;
  return chunks_cmp(c->tail + c->toff[a], c->toff[a + 1] - c->toff[a], c->tail + c->toff[b],
                    c->toff[b + 1] - c->toff[b]);
}

typedef int (*cmp_fn)(const sort_ctx *, uint32_t, uint32_t);

/* Hoare partition around the middle element; recursion on the smaller side only. */
static void quicksort(uint32_t *ix, long s, long e, const sort_ctx *c, cmp_fn cmp) {
  while (s < e) {
    if (e - s < 12) {   /* short runs: insertion sort */
      for (long i = s + 1; i <= e; i++) {
        uint32_t v = ix[i];
        long j = i - 1;
        while (j >= s && cmp(c, ix[j], v) > 0) {
          ix[j + 1] = ix[j];
          j--;
        }
        ix[j + 1] = v;
      }
      return;
    }
    uint32_t pivot = ix[s + (e - s) / 2];
    long a = s - 1, b = e + 1;
    for (;;) {
      do a++; while (cmp(c, ix[a], pivot) < 0);
      do b--; while (cmp(c, ix[b], pivot) > 0);
      if (a >= b)
        break;
      uint32_t t = ix[a];
      ix[a] = ix[b];
      ix[b] = t;
    }
    if (b - s < e - b) {
      quicksort(ix, s, b, c, cmp);
      s = b + 1;
    } else {
      quicksort(ix, b + 1, e, c, cmp);
      e = b;
    }
  }
}

/* ---- building ---- */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* Parse the lines into NUL-ended normalised words in buf (offsets in off); the count. */
static size_t parse_lines(const char *text, size_t len, char *buf, uint32_t *off, int flags,
                          dict_stats *st) {
  size_t n = 0, used = 0, i = 0;
  char err[64];
  while (i < len) {
    size_t e = i;
    while (e < len && text[e] != '\n')
      e++;
    size_t a = i, b = e;
    while (a < b && is_space(text[a]))
      a++;
    while (b > a && is_space(text[b - 1]))
      b--;
    if (a < b || e < len) {   /* a last line without a newline counts, an empty end does not */
      st->lines++;
      if ((flags & DICT_NO_NAMES) && text[a] >= 'A' && text[a] <= 'Z') {
        st->names++;
        i = e + 1;
        continue;
      }
      int wl = dict_normalise(text + a, b - a, buf + used, err, sizeof err);
      if (wl >= 0) {
        off[n++] = (uint32_t)used;
        used += (size_t)wl + 1;
      } else if (b - a > DICT_MAXLEN) {
        st->too_long++;
      } else if (strstr(err, "outside")) {
        st->bad_chars++;
      } else {
        st->short_words++;
      }
    }
    i = e + 1;
  }
  off[n] = (uint32_t)used;
  return n;
}

sg_dict *dict_build(const char *text, size_t len, dict_form form, char *err) {
  return dict_build_flags(text, len, form, 0, err);
}

sg_dict *dict_build_flags(const char *text, size_t len, dict_form form, int flags, char *err) {
  if (len >= UINT32_MAX / 2) {
    snprintf(err, DICT_ERRLEN, "the word list is larger than 2 GB");
    return NULL;
  }
  size_t lines = 1;   /* a word a line: the offsets need one more than the lines */
  for (const char *p = text, *e = text + len; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++)
    lines++;
  sg_dict *d = calloc(1, sizeof *d);
  char *buf = malloc(len + 2);
  uint32_t *toff = malloc((lines + 1) * sizeof *toff);
  uint32_t *ix = NULL, *tto = NULL;
  uint64_t *th = NULL, *tt = NULL;
  if (!d || !buf || !toff)
    goto nomem;
  d->form = form;
  double t0 = clock_now();
  size_t n = parse_lines(text, len, buf, toff, flags, &d->stats);
  double t1 = clock_now();
  d->stats.parse_time = t1 - t0;

  sort_ctx c = {buf, toff, NULL, NULL, NULL};
  cmp_fn cmp = cmp_plain;
  if (form == DICT_PACKED) {   /* pack first: the sort compares packed keys */
    size_t ntail = 0;
    for (size_t i = 0; i < n; i++)
      ntail += (toff[i + 1] - toff[i] - 1 + DICT_PER_CHUNK - 1) / DICT_PER_CHUNK - 1;
    th = malloc((n + 1) * sizeof *th);
    tt = malloc((ntail + 1) * sizeof *tt);
    tto = malloc((n + 1) * sizeof *tto);
    if (!th || !tt || !tto)
      goto nomem;
    size_t at = 0;
    uint64_t ch[(DICT_MAXLEN + DICT_PER_CHUNK - 1) / DICT_PER_CHUNK];
    for (size_t i = 0; i < n; i++) {
      int nc = dict_pack(buf + toff[i], (int)(toff[i + 1] - toff[i] - 1), ch);
      th[i] = ch[0];
      tto[i] = (uint32_t)at;
      for (int j = 1; j < nc; j++)
        tt[at++] = ch[j];
    }
    tto[n] = (uint32_t)at;
    c.head = th;
    c.tail = tt;
    c.toff = tto;
    cmp = cmp_packed;
  }
  ix = malloc((n + 1) * sizeof *ix);
  if (!ix)
    goto nomem;
  for (size_t i = 0; i < n; i++)
    ix[i] = (uint32_t)i;
  double t2 = clock_now();
  int sorted = 1;
  for (size_t i = 1; i < n && sorted; i++)
    sorted = cmp(&c, (uint32_t)(i - 1), (uint32_t)i) < 0;
  d->stats.was_sorted = sorted;
  if (!sorted && n > 1)
    quicksort(ix, 0, (long)n - 1, &c, cmp);
  double t3 = clock_now();
  d->stats.sort_time = t3 - t2;

  /* the kept words in order, duplicates dropped */
  size_t m = 0, at = 0;
  if (form == DICT_PLAIN) {
    d->off = malloc((n + 1) * sizeof *d->off);
    d->text = malloc(toff[n] + 1);
    if (!d->off || !d->text)
      goto nomem;
    for (size_t i = 0; i < n; i++) {
      if (i > 0 && cmp(&c, ix[i - 1], ix[i]) == 0) {
        d->stats.duplicates++;
        continue;
      }
      size_t wl = toff[ix[i] + 1] - toff[ix[i]];
      memcpy(d->text + at, buf + toff[ix[i]], wl);
      d->off[m++] = (uint32_t)at;
      at += wl;
    }
    d->off[m] = (uint32_t)at;
    d->text_bytes = at;
  } else {
    size_t nlong = 0;
    for (size_t i = 0; i < n; i++)
      nlong += tto[i + 1] > tto[i];
    d->head = malloc((n + 1) * sizeof *d->head);
    d->tail = malloc((tto[n] + 1) * sizeof *d->tail);
    d->long_ix = malloc((nlong + 1) * sizeof *d->long_ix);
    d->long_off = malloc((nlong + 1) * sizeof *d->long_off);
    if (!d->head || !d->tail || !d->long_ix || !d->long_off)
      goto nomem;
    size_t r = 0;
    for (size_t i = 0; i < n; i++) {
      if (i > 0 && cmp(&c, ix[i - 1], ix[i]) == 0) {
        d->stats.duplicates++;
        continue;
      }
      uint32_t w = ix[i];
      size_t nt = tto[w + 1] - tto[w];
      if (nt) {
        d->long_ix[r] = (uint32_t)m;
        d->long_off[r++] = (uint32_t)at;
        memcpy(d->tail + at, tt + tto[w], nt * sizeof *tt);
        at += nt;
      }
      d->head[m++] = th[w];
    }
    d->long_off[r] = (uint32_t)at;
    d->nlong = r;
    d->tails = at;
  }
  d->n = m;
  d->stats.kept = m;
  d->stats.build_time = clock_now() - t3;
  free(buf);
  free(toff);
  free(th);
  free(tt);
  free(tto);
  free(ix);
  return d;
nomem:
  snprintf(err, DICT_ERRLEN, "out of memory for a word list of %zu bytes", len);
  free(buf);
  free(toff);
  free(th);
  free(tt);
  free(tto);
  free(ix);
  dict_free(d);
  return NULL;
}

void dict_free(sg_dict *d) {
  if (!d)
    return;
  free(d->off);
  free(d->text);
  free(d->head);
  free(d->tail);
  free(d->long_ix);
  free(d->long_off);
  free(d);
}

size_t dict_memory(const sg_dict *d) {
  if (d->form == DICT_PLAIN)
    return (d->n + 1) * sizeof *d->off + d->text_bytes;
  return d->n * sizeof *d->head + d->tails * sizeof *d->tail +
         d->nlong * sizeof *d->long_ix + (d->nlong + 1) * sizeof *d->long_off;
}

/* The tail chunks of packed word i and their count (0 for a word of at most 12 letters). */
static size_t tail_of(const sg_dict *d, size_t i, const uint64_t **t) {
  if ((d->head[i] & 31) == 0)   /* the twelfth place is empty: no tail */
    return 0;
  size_t lo = 0, hi = d->nlong;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (d->long_ix[mid] < i)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == d->nlong || d->long_ix[lo] != i)
    return 0;   /* exactly 12 letters */
  *t = d->tail + d->long_off[lo];
  return d->long_off[lo + 1] - d->long_off[lo];
}

/* Chunk j of packed word i (0 past its end). */
static uint64_t chunk_of(const sg_dict *d, size_t i, int j) {
  if (j == 0)
    return d->head[i];
  const uint64_t *t = NULL;
  size_t nt = tail_of(d, i, &t);
  return (size_t)j <= nt ? t[j - 1] : 0;
}

int dict_word(const sg_dict *d, size_t i, char *out) {
  if (d->form == DICT_PLAIN) {
    size_t wl = d->off[i + 1] - d->off[i] - 1;
    memcpy(out, d->text + d->off[i], wl + 1);
    return (int)wl;
  }
  int n = dict_unpack(&d->head[i], 1, out);
  const uint64_t *t = NULL;
  size_t nt = tail_of(d, i, &t);
  return n + (nt ? dict_unpack(t, (int)nt, out + n) : 0);
}

int dict_letter(const sg_dict *d, size_t i, int pos) {
  if (d->form == DICT_PLAIN) {   /* pos <= length: the NUL ends the word */
    char ch = d->text[d->off[i] + (size_t)pos];
    return ch ? ch - 'a' + 1 : 0;
  }
  uint64_t c = pos < DICT_PER_CHUNK ? d->head[i] : chunk_of(d, i, pos / DICT_PER_CHUNK);
  return (int)((c >> (55 - 5 * (pos % DICT_PER_CHUNK))) & 31);
}

void dict_key_make(const sg_dict *d, const char *w, int len, dict_key *k) {
  k->len = len;
  if (d->form == DICT_PLAIN) {
    memcpy(k->s, w, (size_t)len);
    k->s[len] = '\0';
    k->nc = 0;
  } else {
    k->nc = dict_pack(w, len, k->c);
    if (k->nc == 0)
      k->c[k->nc++] = 0;   /* the empty prefix: one empty chunk */
    k->s[0] = '\0';
  }
}

/* Word i against key k: <0, 0, >0 (whole words). */
static int word_cmp(const sg_dict *d, size_t i, const dict_key *k) {
  if (d->form == DICT_PLAIN)
    return strcmp(d->text + d->off[i], k->s);
  uint64_t h = d->head[i];
  if (h != k->c[0])
    return h < k->c[0] ? -1 : 1;
  const uint64_t *t = NULL;
  size_t nt = tail_of(d, i, &t);
  return chunks_cmp(t, nt, k->c + 1, (size_t)k->nc - 1);
}

/* The first k->len letters of word i against the key: 0 when the word begins with it. */
static int prefix_cmp(const sg_dict *d, size_t i, const dict_key *k) {
  if (d->form == DICT_PLAIN)
    return strncmp(d->text + d->off[i], k->s, (size_t)k->len);
  int full = k->len / DICT_PER_CHUNK, rest = k->len % DICT_PER_CHUNK;
  for (int j = 0; j < full; j++) {
    uint64_t x = chunk_of(d, i, j);
    if (x != k->c[j])
      return x < k->c[j] ? -1 : 1;
  }
  if (rest) {
    uint64_t mask = (((uint64_t)1 << (5 * rest)) - 1) << (60 - 5 * rest);
    uint64_t x = chunk_of(d, i, full) & mask;
    if (x != k->c[full])
      return x < k->c[full] ? -1 : 1;
  }
  return 0;
}

long dict_find(const sg_dict *d, const dict_key *k) {
  size_t lo = 0, hi = d->n;   /* the word, if present, is in [lo, hi) */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int r = word_cmp(d, mid, k);
    if (r == 0)
      return (long)mid;
    if (r < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1;
}

void dict_prefix(const sg_dict *d, const dict_key *k, size_t *lo, size_t *hi) {
  size_t a = 0, b = d->n;   /* first word >= prefix */
  while (a < b) {
    size_t mid = a + (b - a) / 2;
    if (prefix_cmp(d, mid, k) < 0)
      a = mid + 1;
    else
      b = mid;
  }
  size_t e = d->n;   /* first word past the prefix */
  b = a;
  while (b < e) {
    size_t mid = b + (e - b) / 2;
    if (prefix_cmp(d, mid, k) <= 0)
      b = mid + 1;
    else
      e = mid;
  }
  *lo = a;
  *hi = b;
}

void dict_narrow(const sg_dict *d, size_t lo, size_t hi, int pos, int letter, size_t *nlo,
                 size_t *nhi) {
  size_t a = lo, b = hi;
  while (a < b) {
    size_t mid = a + (b - a) / 2;
    if (dict_letter(d, mid, pos) < letter)
      a = mid + 1;
    else
      b = mid;
  }
  size_t e = hi;
  b = a;
  while (b < e) {
    size_t mid = b + (e - b) / 2;
    if (dict_letter(d, mid, pos) <= letter)
      b = mid + 1;
    else
      e = mid;
  }
  *nlo = a;
  *nhi = b;
}
