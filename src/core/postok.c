/* postok.c: a position text read word by word or field by field, and its error form. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postok.h"

static int blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void postok_open(sg_postok *t, const char *text) {
  t->p = text;
  t->end = text + strlen(text);
}

int postok_word(sg_postok *t, sg_span *out) {
  while (t->p < t->end && blank(*t->p))
    t->p++;
  out->p = t->p;
  while (t->p < t->end && !blank(*t->p))
    t->p++;
  out->n = (size_t)(t->p - out->p);
  return out->n > 0;
}

int postok_field(sg_postok *t, char sep, sg_span *out) {
  if (t->p == NULL)
    return 0;
  const char *at = memchr(t->p, sep, (size_t)(t->end - t->p));
  out->p = t->p;
  out->n = (size_t)((at ? at : t->end) - t->p);
  t->p = at ? at + 1 : NULL;   /* NULL: the last field has been read */
  return 1;
}

int postok_done(const sg_postok *t) {
  const char *p = t->p;
  if (p == NULL)
    return 1;
  while (p < t->end && blank(*p))
    p++;
  return p == t->end;
}

int span_int(sg_span s, long lo, long hi, long *v) {
  char t[24], *e;
  if (s.n == 0 || s.n >= sizeof t)
    return -1;
  memcpy(t, s.p, s.n);
  t[s.n] = '\0';
  if (!(t[0] == '-' || (t[0] >= '0' && t[0] <= '9')))
    return -1;
  long x = strtol(t, &e, 10);
  if (*e || x < lo || x > hi)
    return -1;
  *v = x;
  return 0;
}

int span_is(sg_span s, const char *w) {
  return strlen(w) == s.n && memcmp(s.p, w, s.n) == 0;
}

int postok_error(char *err, size_t n, const char *field, const char *expected,
                 const char *what, ...) {
  char why[200];
  va_list ap;
  va_start(ap, what);
  vsnprintf(why, sizeof why, what, ap);
  va_end(ap);
  snprintf(err, n, "position: %s: %s; expected %s", field, why, expected);
  return -1;
}
