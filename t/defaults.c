/* defaults.c: read a game's Lua defaults file far enough for the C tests: the flat tables
   rules, weights and variant of numbers, booleans and enum names (enums = {key = {names}}). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "defaults.h"
#include "tap.h"

/* The file with its comments blanked out (strings kept). */
static char *read_source(const char *name) {
  const char *dir = getenv("SRCDIR");
  char path[1024];
  snprintf(path, sizeof path, "%s/lua/stratagem/games/%s.lua", dir ? dir : ".", name);
  FILE *f = fopen(path, "rb");
  if (!f)
    bail("cannot read the defaults %s", path);
  static char text[1 << 18];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  char quote = 0;
  for (char *p = text; *p; p++) {
    if (quote) {
      if (*p == '\\' && p[1])
        p++;
      else if (*p == quote)
        quote = 0;
    } else if (*p == '"' || *p == '\'')
      quote = *p;
    else if (p[0] == '-' && p[1] == '-')
      while (*p && *p != '\n')
        *p++ = ' ';
  }
  return text;
}

/* The body of the first table `key = {` at any depth: *len characters from the return value
   (just inside the brace), or NULL. */
static const char *find_table(const char *text, const char *key, size_t *len) {
  size_t kl = strlen(key);
  for (const char *p = text; (p = strstr(p, key)) != NULL; p += kl) {
    if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
      continue;
    const char *q = p + kl;
    while (isspace((unsigned char)*q))
      q++;
    if (*q++ != '=')
      continue;
    while (isspace((unsigned char)*q))
      q++;
    if (*q != '{')
      continue;
    int depth = 0;
    for (const char *e = q; *e; e++) {
      depth += *e == '{' ? 1 : *e == '}' ? -1 : 0;
      if (depth == 0) {
        *len = (size_t)(e - q - 1);
        return q + 1;
      }
    }
  }
  return NULL;
}

/* The index (0-based) of enum name `word` for key in the file's enums table, or -1. */
static int enum_value(const char *text, const char *key, const char *word) {
  size_t n, m;
  const char *enums = find_table(text, "enums", &n);
  char body[4096];
  if (!enums || n >= sizeof body)
    return -1;
  memcpy(body, enums, n);
  body[n] = '\0';
  const char *list = find_table(body, key, &m);
  for (int i = 0; list && m > 0; i++) {
    const char *q = memchr(list, '"', m);
    if (!q)
      break;
    const char *e = memchr(q + 1, '"', m - (size_t)(q + 1 - list));
    if (!e)
      break;
    if ((size_t)(e - q - 1) == strlen(word) && strncmp(q + 1, word, strlen(word)) == 0)
      return i;
    m -= (size_t)(e + 1 - list);
    list = e + 1;
  }
  return -1;
}

/* Set every `key = value` at the top of one group's table. */
static void load_group(const sg_class *c, void *cfg, const char *text, sg_param_group g,
                       const char *gname, int *set) {
  size_t n;
  const char *body = find_table(text, gname, &n);
  if (!body)
    bail("%s.lua has no %s table", c->name, gname);
  const char *p = body, *end = body + n;
  while (p < end) {
    while (p < end && (isspace((unsigned char)*p) || *p == ','))
      p++;
    if (p >= end)
      break;
    char key[64], word[64];
    int k = 0, w = 0;
    while (p < end && (isalnum((unsigned char)*p) || *p == '_') && k < 63)
      key[k++] = *p++;
    key[k] = '\0';
    while (p < end && isspace((unsigned char)*p))
      p++;
    if (k == 0 || p >= end || *p++ != '=')
      bail("%s.lua: %s: cannot read the entry at '%.20s'", c->name, gname, p);
    while (p < end && isspace((unsigned char)*p))
      p++;
    if (*p == '"') {
      for (p++; p < end && *p != '"' && w < 63;)
        word[w++] = *p++;
      p++;
    } else
      while (p < end && !isspace((unsigned char)*p) && *p != ',' && w < 63)
        word[w++] = *p++;
    word[w] = '\0';
    const sg_param *prm = game_param_find(c, g, key);
    if (!prm)
      bail("%s.lua: %s.%s is not a parameter of the C game", c->name, gname, key);
    double v;
    char *e, err[SG_ERRLEN];
    if (strcmp(word, "true") == 0 || strcmp(word, "false") == 0)
      v = word[0] == 't';
    else if ((v = strtod(word, &e)), *e != '\0' || e == word) {
      int i = enum_value(text, key, word);
      if (i < 0)
        bail("%s.lua: %s.%s = '%s' is neither a number nor a known name", c->name, gname, key,
             word);
      v = i;
    }
    if (game_param_set(prm, cfg, v, err) != 0)
      bail("%s.lua: %s.%s: %s", c->name, gname, key, err);
    set[prm - c->params] = 1;
  }
}

void defaults_load(const sg_class *c, void *cfg) {
  static const char *const gnames[] = {"rules", "weights", "variant"};
  const char *text = read_source(c->name);
  int set[1024] = {0};   /* one per parameter (chess has 858) */
  char err[SG_ERRLEN] = "";
  int n = 0;
  for (const sg_param *p = c->params; p && p->name; p++)
    n++;
  if (n > (int)(sizeof set / sizeof set[0]))
    bail("%s has %d parameters: defaults_load holds %d", c->name, n, (int)(sizeof set / sizeof set[0]));
  memset(cfg, 0, c->cfg_size);
  for (int g = SG_RULES; g <= SG_VARIANT; g++)
    load_group(c, cfg, text, (sg_param_group)g, gnames[g], set);
  for (const sg_param *p = c->params; p && p->name; p++)
    if (!set[p - c->params])
      bail("%s.lua gives no %s.%s", c->name, gnames[p->group], p->name);
  if (c->check_cfg && c->check_cfg(cfg, err) != 0)
    bail("%s: the Lua defaults are refused: %s", c->name, err);
}

void defaults_set(const sg_class *c, void *cfg, const char *name, double value) {
  char err[SG_ERRLEN] = "";
  const sg_param *p = NULL;
  for (int g = SG_RULES; g <= SG_VARIANT && !p; g++)
    p = game_param_find(c, (sg_param_group)g, name);
  if (!p)
    bail("%s has no parameter '%s'", c->name, name);
  if (game_param_set(p, cfg, value, err) != 0 ||
      (c->check_cfg && c->check_cfg(cfg, err) != 0))
    bail("%s: %s = %g refused: %s", c->name, name, value, err);
}
