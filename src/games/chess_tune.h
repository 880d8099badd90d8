/* chess_tune.h: the gradient Texel tuner of chess's tapered evaluation (chess_tune.c), over
   the trace of chess_eval_trace.  Weights are vectors of CH_NW doubles indexed as ch_weights
   seen as an array of ints. */
#ifndef SG_CHESS_TUNE_H
#define SG_CHESS_TUNE_H

#include "chess.h"

/* The positions of a file, each as its sparse trace: entries start[j] .. start[j + 1] - 1 of
   idx (a weight's index, | 0x8000 for the endgame sum) and coef; the result for white, the
   phase and the scale.  And what was read: lines, and those left out (in check, not quiet). */
typedef struct ch_texel {
  size_t n, nnz;
  float *result, *scale, *coef;
  uint8_t *phase;
  uint32_t *start;
  uint16_t *idx;
  size_t lines, in_check, noisy;
} ch_texel;

/* Whether a position is quiet: not in check, and no capture or promotion raises its static
   evaluation (a quiescence search of 8 plies at most). */
int chess_texel_quiet(const ch_cfg *cfg, const ch_pos *p);
/* Read a positions file (lines RESULT<TAB>FEN; empty lines skipped), tracing each position
   with cfg's weights; with quiet_only, positions that are not quiet are left out (in check
   always).  NULL and a message (FILE:LINE and what was expected) on a malformed line. */
ch_texel *chess_texel_load(const ch_cfg *cfg, const char *path, int quiet_only, char *err);
void chess_texel_free(ch_texel *t);
/* The mean squared error of 1 / (1 + 10^(-K * eval / 400)) against the results. */
double chess_texel_loss(const ch_texel *t, const double *w, double K);
/* The K that minimises the loss at weights w. */
double chess_texel_fit_k(const ch_texel *t, const double *w);
/* `epochs` steps of Adam (learning rate lr, in centipawns) over the whole set on the weights
   whose mask is set; m, v (the moments), grad (scratch) are CH_NW doubles, *step counts the
   steps.  With l2 > 0 the error minimised is the loss plus l2 * sum ((w - w0) / 100)^2 over
   the masked weights (a pull toward w0, in units of 100 centipawns).  Returns the loss (without
   the penalty) at the new weights. */
double chess_texel_adam(const ch_texel *t, double *w, const unsigned char *mask, double *m,
                        double *v, double *grad, long *step, double K, double lr, int epochs,
                        const double *w0, double l2);

#endif
