/* buf.c: a bounded text buffer written with printf formats. */
#include <stdarg.h>
#include <stdio.h>

#include "buf.h"

sg_buf buf_open(char *p, size_t n) {
  sg_buf b = {p, n, 0};
  if (n > 0)
    p[0] = '\0';
  return b;
}

void buf_printf(sg_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(b->p ? b->p + (b->len < b->n ? b->len : b->n) : NULL,
                    b->len < b->n ? b->n - b->len : 0, fmt, ap);
  va_end(ap);
  if (w > 0)
    b->len += (size_t)w;
}

void buf_unput(sg_buf *b) {
  if (b->len > 0 && b->len <= b->n)
    b->p[--b->len] = '\0';
}
