/* tap.h: a small TAP producer for the C tests: plan, ok, is_int, is_string, diag, bail. */
#ifndef SG_TAP_H
#define SG_TAP_H

#include <stdint.h>

#if defined(__GNUC__)
#define TAP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TAP_PRINTF(f, a)
#endif

void plan(int n);
int ok_at(const char *file, int line, int pass, const char *fmt, ...) TAP_PRINTF(4, 5);
int is_int_at(const char *file, int line, long long got, long long want, const char *fmt, ...)
    TAP_PRINTF(5, 6);
int is_string_at(const char *file, int line, const char *got, const char *want,
                 const char *fmt, ...) TAP_PRINTF(5, 6);
void diag(const char *fmt, ...) TAP_PRINTF(1, 2);
void bail(const char *fmt, ...) TAP_PRINTF(1, 2);
/* Read the reference counts "depth count" of $SRCDIR/t/data/<name> (lines starting with #
   are comments) into ref[1..maxd]; bails out when the file cannot be read. */
void read_counts(const char *name, long long *ref, int maxd);
/* Print the plan when none was given; the exit status for main: 0 when all passed. */
int done_testing(void);

#define ok(pass, ...) ok_at(__FILE__, __LINE__, (pass), __VA_ARGS__)
#define is_int(got, want, ...) is_int_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)
#define is_string(got, want, ...) is_string_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)

#endif
