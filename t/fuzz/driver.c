/* driver.c: runs a fuzz target (LLVMFuzzerTestOneInput) without libFuzzer: every input file
   given (files, or folders of files: a corpus and the regression inputs of past findings),
   then inputs made by mutating them, from a seed, for a count or a time.  A crash or a
   sanitizer report ends the run; otherwise it prints TAP (so make check can run it).

     driver [-n COUNT] [-t SECONDS] [-s SEED] [-T LIMIT] FILE_OR_FOLDER...

   An input that runs longer than LIMIT seconds (default 60) is a finding too, as it is for
   libFuzzer's -timeout: the driver writes it to driver-timeout-input in the current folder,
   says so, and aborts, so that a hang fails the test instead of stopping make check.

   The same mutations as a fuzzer's simplest ones: flip, insert, delete or repeat bytes, and
   splice two inputs; they are reproducible from the seed. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct input {
  uint8_t *data;
  size_t size;
} input;

static input *corpus;
static size_t ncorpus, capcorpus;

static void add_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "driver: cannot read %s\n", path);
    exit(2);
  }
  uint8_t *buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n == cap) {
      cap = cap ? cap * 2 : 4096;
      uint8_t *b = realloc(buf, cap);
      if (!b)
        exit(2);
      buf = b;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (got == 0)
      break;
    n += got;
  }
  fclose(f);
  if (ncorpus == capcorpus) {
    capcorpus = capcorpus ? capcorpus * 2 : 64;
    input *c = realloc(corpus, capcorpus * sizeof *c);
    if (!c)
      exit(2);
    corpus = c;
  }
  corpus[ncorpus].data = buf;
  corpus[ncorpus++].size = n;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_path(const char *path) {
  struct stat sb;
  if (stat(path, &sb) != 0) {
    fprintf(stderr, "driver: no such file or folder: %s\n", path);
    exit(2);
  }
  if (!S_ISDIR(sb.st_mode)) {
    add_file(path);
    return;
  }
  DIR *d = opendir(path);
  if (!d)
    exit(2);
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    names = realloc(names, (n + 1) * sizeof *names);
    names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
    if (!names || !names[n])
      exit(2);
    sprintf(names[n++], "%s/%s", path, e->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);   /* the same order everywhere */
  for (size_t i = 0; i < n; i++) {
    add_file(names[i]);
    free(names[i]);
  }
  free(names);
}

static int open_timeout_file(void) {
  return open("driver-timeout-input", O_WRONLY | O_CREAT | O_TRUNC, 0644);
}

/* The input under way, for the watchdog. */
static const uint8_t *current;
static size_t current_size;
static int limit = 60;

static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "driver: an input ran longer than the limit; it is in "
                            "driver-timeout-input\n";
  int fd = open_timeout_file();
  if (fd >= 0) {
    ssize_t w = write(fd, current, current_size);
    (void)w;
    close(fd);
  }
  ssize_t w = write(2, msg, sizeof msg - 1);
  (void)w;
  abort();
}

static void run(const uint8_t *data, size_t size) {
  current = data, current_size = size;
  alarm((unsigned)limit);
  LLVMFuzzerTestOneInput(data, size);
  alarm(0);
}

static uint64_t rs;
static uint64_t rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}

/* Bytes the parsers care about, to insert more often than chance would. */
static const char interesting[] = " \n\x01/,.:;-x|?0123456789abcdefghKQRBNPkqrbnpwo#[]{}()\"'";

int main(int argc, char **argv) {
  long count = 1000;
  double seconds = 0;
  rs = 20261125;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc)
      count = atol(argv[++i]);
    else if (!strcmp(argv[i], "-t") && i + 1 < argc)
      seconds = atof(argv[++i]), count = -1;
    else if (!strcmp(argv[i], "-s") && i + 1 < argc)
      rs = strtoull(argv[++i], NULL, 10) | 1;
    else if (!strcmp(argv[i], "-T") && i + 1 < argc)
      limit = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [-n COUNT] [-t SECONDS] [-s SEED] [-T LIMIT] "
              "FILE_OR_FOLDER...\n", argv[0]);
      return 2;
    }
  }
  for (; i < argc; i++)
    add_path(argv[i]);
  if (limit < 1)
    limit = 1;
  signal(SIGALRM, on_alarm);
  if (ncorpus == 0)
    add_file("/dev/null");
  for (size_t k = 0; k < ncorpus; k++)
    run(corpus[k].data, corpus[k].size);
  printf("ok 1 - %zu inputs of the corpus\n", ncorpus);
  fflush(stdout);
  size_t cap = 1 << 16;
  uint8_t *buf = malloc(cap);
  if (!buf)
    return 2;
  time_t end = seconds > 0 ? time(NULL) + (time_t)seconds : 0;
  long done = 0;
  while (count < 0 ? time(NULL) < end : done < count) {
    const input *a = &corpus[rnd() % ncorpus];
    size_t n = a->size < cap ? a->size : cap;
    memcpy(buf, a->data, n);
    int edits = 1 + (int)(rnd() % 8);
    for (int e = 0; e < edits; e++) {
      size_t at = n ? (size_t)(rnd() % n) : 0;
      switch (rnd() % 6) {
      case 0:   /* flip a bit */
        if (n)
          buf[at] ^= (uint8_t)(1u << (rnd() % 8));
        break;
      case 1:   /* insert a byte, often an interesting one */
      case 2:
        if (n < cap) {
          memmove(buf + at + 1, buf + at, n - at);
          buf[at] = rnd() % 2 ? (uint8_t)interesting[rnd() % (sizeof interesting - 1)]
                              : (uint8_t)rnd();
          n++;
        }
        break;
      case 3: {   /* delete a run */
        size_t k = n - at < 4 ? n - at : 1 + (size_t)(rnd() % 4);
        memmove(buf + at, buf + at + k, n - at - k);
        n -= k;
        break;
      }
      case 4: {   /* repeat a run */
        size_t k = 1 + (size_t)(rnd() % 16);
        if (at + k <= n && n + k <= cap) {
          memmove(buf + at + k, buf + at, n - at);
          n += k;
        }
        break;
      }
      default: {   /* splice: the tail of another input */
        const input *b = &corpus[rnd() % ncorpus];
        size_t from = b->size ? (size_t)(rnd() % b->size) : 0, k = b->size - from;
        if (at + k > cap)
          k = cap - at;
        memcpy(buf + at, b->data + from, k);
        n = at + k;
        break;
      }
      }
    }
    run(buf, n);
    done++;
  }
  printf("ok 2 - %ld mutated inputs\n1..2\n", done);
  free(buf);
  return 0;
}
