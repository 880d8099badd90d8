/* score.h: the clamp that keeps a game's evaluation inside the bounds the searches expect. */
#ifndef SG_SCORE_H
#define SG_SCORE_H

/* v brought into [-bound, bound]. */
static inline long long score_clamp(long long v, long long bound) {
  return v > bound ? bound : v < -bound ? -bound : v;
}

#endif
