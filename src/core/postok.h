/* postok.h: reading a position text field by field, and the one form of its errors:
   "position: FIELD: what was wrong; expected WHAT". */
#ifndef SG_POSTOK_H
#define SG_POSTOK_H

#include <stddef.h>

/* A piece of the text: n characters from p (not NUL-terminated). */
typedef struct sg_span {
  const char *p;
  size_t n;
} sg_span;

/* The reader: what is left of the text. */
typedef struct sg_postok {
  const char *p, *end;
} sg_postok;

void postok_open(sg_postok *t, const char *text);
/* The next word, blanks (space, tab, newline, CR) around it skipped; 0 at the end. */
int postok_word(sg_postok *t, sg_span *out);
/* The next field up to the separator sep (or the end), which may be empty; 0 when nothing is
   left (the text is exhausted after a field that ended at the end, not at a separator). */
int postok_field(sg_postok *t, char sep, sg_span *out);
/* 1 when nothing but blanks is left. */
int postok_done(const sg_postok *t);

/* The span as a whole number from lo to hi into *v; 0, or -1 when it is not one. */
int span_int(sg_span s, long lo, long hi, long *v);
/* 1 when the span is exactly the word w. */
int span_is(sg_span s, const char *w);

/* Write "position: FIELD: <what>; expected <expected>" into err (n bytes), cutting long
   quotes short; returns -1 for the caller to return. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 5, 6)))
#endif
int postok_error(char *err, size_t n, const char *field, const char *expected,
                 const char *what, ...);

#endif
