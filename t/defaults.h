/* defaults.h: the C tests' game configs, filled by name from the Lua defaults
   (lua/stratagem/games/<game>.lua), so no test keeps a second copy of a default. */
#ifndef SG_TEST_DEFAULTS_H
#define SG_TEST_DEFAULTS_H

#include "games/game.h"

/* Fill cfg (zeroed first) with the rules, weights and variant of $SRCDIR/lua/stratagem/games/<name>.lua,
   each key set through game_param_find / game_param_set, then run check_cfg.  Bails out when
   the file cannot be read, names a key C does not know, or leaves a parameter without value. */
void defaults_load(const sg_class *c, void *cfg);

/* Set one parameter by name (any group), then run check_cfg; bails out when the name is
   unknown or the value refused. */
void defaults_set(const sg_class *c, void *cfg, const char *name, double value);

#endif
