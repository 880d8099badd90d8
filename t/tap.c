/* tap.c: TAP output for the C tests, with file:line on every failure. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

static int planned = -1, run = 0, failed = 0;

void plan(int n) {
  planned = n;
  printf("1..%d\n", n);
  fflush(stdout);
}

static int report(const char *file, int line, int pass, const char *fmt, va_list ap) {
  run++;
  printf("%sok %d - ", pass ? "" : "not ", run);
  vprintf(fmt, ap);
  printf("\n");
  if (!pass) {
    failed++;
    printf("#   Failed test at %s line %d.\n", file, line);
  }
  fflush(stdout);
  return pass;
}

int ok_at(const char *file, int line, int pass, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(file, line, pass, fmt, ap);
  va_end(ap);
  return pass;
}

int is_int_at(const char *file, int line, long long got, long long want, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int pass = got == want;
  report(file, line, pass, fmt, ap);
  va_end(ap);
  if (!pass)
    printf("#          got: %lld\n#     expected: %lld\n", got, want);
  return pass;
}

int is_string_at(const char *file, int line, const char *got, const char *want,
                 const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int pass = got && want ? strcmp(got, want) == 0 : got == want;
  report(file, line, pass, fmt, ap);
  va_end(ap);
  if (!pass)
    printf("#          got: '%s'\n#     expected: '%s'\n", got ? got : "(null)",
           want ? want : "(null)");
  return pass;
}

void diag(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("# ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  fflush(stdout);
}

void bail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("Bail out! ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  fflush(stdout);
  exit(255);
}

int done_testing(void) {
  if (planned < 0)
    printf("1..%d\n", run);
  else if (planned != run)
    printf("# planned %d tests but ran %d\n", planned, run);
  fflush(stdout);
  return failed || (planned >= 0 && planned != run) ? 1 : 0;
}

void read_counts(const char *name, long long *ref, int maxd) {
  char path[4096], line[256];
  const char *dir = getenv("SRCDIR");
  snprintf(path, sizeof path, "%s/t/data/%s", dir ? dir : ".", name);
  FILE *f = fopen(path, "r");
  if (!f)
    bail("cannot read %s", path);
  while (fgets(line, sizeof line, f)) {
    int d;
    long long v;
    if (line[0] != '#' && sscanf(line, "%d %lld", &d, &v) == 2 && d >= 1 && d <= maxd)
      ref[d] = v;
  }
  fclose(f);
}
