/* dict.h: a word list for word games (seed 002, section 9.7): words normalised to a-z, kept
   sorted once, stored either plain (NUL-ended strings) or packed 5 bits a letter into 64-bit
   chunks, searched by binary search (membership, prefix ranges, one-letter narrowing). */
#ifndef SG_DICT_H
#define SG_DICT_H

#include <stddef.h>
#include <stdint.h>

#define DICT_MINLEN 3       /* shorter words are left out (rules/words.md) */
#define DICT_MAXLEN 48      /* longer lines are left out: no English word comes near */
#define DICT_PER_CHUNK 12   /* letters in one 64-bit chunk (12 x 5 = 60 bits) */
#define DICT_ERRLEN 256

typedef enum dict_form { DICT_PLAIN = 0, DICT_PACKED = 1 } dict_form;

/* What loading did: lines read, words kept, lines left out by kind, the times of the phases. */
typedef struct dict_stats {
  size_t lines, kept, short_words, bad_chars, too_long, duplicates;
  size_t names;            /* capitalised lines left out (DICT_NO_NAMES): Iowa, GPU, NATO */
  int was_sorted;          /* the normalised list was already in order: no sort needed */
  double parse_time, sort_time, build_time;
} dict_stats;

/* The dictionary.  Plain: word i is text + off[i], NUL-ended.  Packed: the first 12 letters of
   word i are head[i] (letter k at bits 59-5*k, codes 1..26, empty places zero, so comparing
   heads as unsigned integers orders words alphabetically); a longer word's other letters are
   its tail, chunks packed the same way: the r-th long word (index long_ix[r], ascending) has
   tail[long_off[r]] .. tail[long_off[r+1]-1].  No per-word index: 8 bytes a word for most. */
typedef struct sg_dict {
  dict_form form;
  size_t n;
  uint32_t *off;           /* plain: n + 1 offsets into text */
  char *text;
  size_t text_bytes;
  uint64_t *head;          /* packed: n heads */
  uint64_t *tail;
  uint32_t *long_ix, *long_off;
  size_t nlong, tails;
  dict_stats stats;
} sg_dict;

/* A word made ready for searching in one form: a packed key or the plain letters. */
typedef struct dict_key {
  int len;
  char s[DICT_MAXLEN + 1];
  uint64_t c[(DICT_MAXLEN + DICT_PER_CHUNK - 1) / DICT_PER_CHUNK];
  int nc;
} dict_key;

/* Normalise one word in place (case folded): its length, or -1 with why in err when it is
   shorter than DICT_MINLEN, longer than DICT_MAXLEN or has a character outside a-z. */
int dict_normalise(const char *in, size_t len, char *out, char *err, size_t errlen);

/* Build a dictionary from text, one word per line (any line ending); the lines that are not
   words are counted and left out, duplicates dropped.  NULL with a message in err when memory
   runs out.  Free with dict_free. */
sg_dict *dict_build(const char *text, size_t len, dict_form form, char *err);

/* dict_build with flags: DICT_NO_NAMES leaves out the lines that begin with a capital letter
   (proper nouns and abbreviations in a system word list: Iowa, GPU, NATO); a word listed both
   ways (March and march) is kept through its lower-case line. */
#define DICT_NO_NAMES 1
sg_dict *dict_build_flags(const char *text, size_t len, dict_form form, int flags, char *err);
void dict_free(sg_dict *d);

/* Bytes the dictionary holds for its words and index (the struct not counted). */
size_t dict_memory(const sg_dict *d);

/* Word i (0-based) unpacked into out (DICT_MAXLEN + 1 bytes); its length. */
int dict_word(const sg_dict *d, size_t i, char *out);
/* Letter code (1..26) at position pos of word i, 0 past its end; pos <= the word's length. */
int dict_letter(const sg_dict *d, size_t i, int pos);

/* Prepare a normalised word (a-z only, length <= DICT_MAXLEN) as a search key. */
void dict_key_make(const sg_dict *d, const char *w, int len, dict_key *k);
/* Binary search: the index of the word equal to k, or -1. */
long dict_find(const sg_dict *d, const dict_key *k);
/* The range [lo, hi) of the words that begin with k (empty when lo == hi). */
void dict_prefix(const sg_dict *d, const dict_key *k, size_t *lo, size_t *hi);
/* Given [lo, hi), the words sharing a prefix of pos letters, the subrange whose letter at pos
   is `letter` (1..26): the step of a search that grows a prefix one letter at a time. */
void dict_narrow(const sg_dict *d, size_t lo, size_t hi, int pos, int letter, size_t *nlo,
                 size_t *nhi);

/* Letters of a packed chunk sequence, for the tests: pack and unpack a word. */
int dict_pack(const char *w, int len, uint64_t *c);
int dict_unpack(const uint64_t *c, int nc, char *out);

#endif
