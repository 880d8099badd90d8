/* othpattern.h: Othello's pattern evaluation (as Logistello, Edax and Egaroucid evaluate): the
   ternary index of each line and corner block looked up in a table of weights per game stage,
   plus mobility, potential mobility and parity; and the weights file it reads. */
#ifndef SG_OTHPATTERN_H
#define SG_OTHPATTERN_H

#include <stddef.h>
#include <stdint.h>

#define OTHP_KINDS 11        /* edge + 2 X-squares, corner 3x3, corner 2x5, rows 2-4, diagonals 8-4 */
#define OTHP_NINST 46        /* their instances on the board; symmetric ones share one table */
#define OTHP_STAGES 12       /* stage = empty squares / 5 (60 empties: the last stage) */
#define OTHP_UNIT 128        /* weights are in 1/128 of a disc */
#define OTHP_TABLES 167265   /* the kinds' tables, 3^cells each, end to end */
#define OTHP_NSCALAR 4       /* then: bias, mobility, potential mobility, parity */
#define OTHP_STAGE_SIZE (OTHP_TABLES + OTHP_NSCALAR)
#define OTHP_BIAS OTHP_TABLES
#define OTHP_MOB (OTHP_TABLES + 1)
#define OTHP_POT (OTHP_TABLES + 2)
#define OTHP_PAR (OTHP_TABLES + 3)
#define OTHP_NFEAT (OTHP_NINST + OTHP_NSCALAR)   /* features of one position */

/* The weights of every stage: OTHP_STAGES * OTHP_STAGE_SIZE values, owned by whoever loaded
   them; read-only once loaded (threads share them). */
typedef struct othp_weights {
  int16_t *w;
} othp_weights;

/* One position's features: for the pattern instances the index into the stage's weights (the
   value is 1), for the scalars the index and the value. */
typedef struct othp_features {
  int stage;
  int32_t idx[OTHP_NFEAT];
  int val[OTHP_NFEAT];
} othp_features;

static inline int othp_stage(int empties) {
  int s = empties / 5;
  return s < OTHP_STAGES ? s : OTHP_STAGES - 1;
}

/* The pattern value of the position for `me` to move against `opp`, in 1/OTHP_UNIT discs. */
int othp_eval(const othp_weights *w, uint64_t me, uint64_t opp);

/* The same value by the portable loop over the discs, never by BMI2's pext (othp_eval reads
   the patterns with pext where the processor has a fast one): for the tests. */
int othp_eval_by_disc(const othp_weights *w, uint64_t me, uint64_t opp);

/* The features othp_eval sums (training reads them). */
void othp_features_of(uint64_t me, uint64_t opp, othp_features *f);

/* Make one stage's weights (float, as training holds them) equal on each index and its image
   under the kind's self-map, so that the evaluation is symmetric. */
void othp_symmetrize(float *stage);

/* The name of kind k ("edge_x", "corner_3x3", ...) and its number of cells. */
const char *othp_kind_name(int k);
int othp_kind_cells(int k);

/* The weights file: a header line, then the stages' values with runs of zeros packed, then a
   checksum.  Read: 0, or -1 with a message saying what is wrong (w->w is then NULL); the
   caller frees w->w.  Write: 0, or -1 with the system's message. */
int othp_read(const char *path, othp_weights *w, char *err, size_t errlen);
int othp_write(const char *path, const othp_weights *w, char *err, size_t errlen);

#endif
