/* buf.h: a bounded text buffer written piece by piece with printf formats, snprintf's
   contract kept: the length counts what did not fit, so a caller can ask again with room. */
#ifndef SG_BUF_H
#define SG_BUF_H

#include <stddef.h>

typedef struct sg_buf {
  char *p;      /* the caller's buffer */
  size_t n;     /* its size */
  size_t len;   /* what has been written, or would have been with room */
} sg_buf;

/* A buffer over p[0..n); p holds "" from the start when n > 0. */
sg_buf buf_open(char *p, size_t n);

/* Append formatted text (cut at the end of the buffer, always NUL-terminated). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void buf_printf(sg_buf *b, const char *fmt, ...);

/* Drop the last character written, when it fitted (a final newline nobody wants). */
void buf_unput(sg_buf *b);

#endif
