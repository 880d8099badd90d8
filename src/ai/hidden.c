/* hidden.c: determinized search (pimc) and information-set MCTS (ismcts) over a game's view
   and sample hooks (see hidden.h). */
#include "hidden.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/rng.h"
#include "core/tt.h"

/* The state the observer searches from: a sample of its view, or (no hidden information) the
   position itself.  view is scratch of state_size bytes. */
static void determinize(const sg_class *c, const void *cfg, const void *view, int obs,
                        const void *st, uint64_t seed, void *out) {
  if (c->hidden)
    c->sample(cfg, view, obs, seed, out);
  else
    memcpy(out, st, c->state_size);
}

/* The seed of sample i: far apart for neighbouring i. */
static uint64_t sample_seed(uint64_t seed, uint64_t i) {
  uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static int check_position(const sg_class *c, const void *cfg, const void *st, char *err) {
  int np = c->players(cfg, st);
  if (c->status(cfg, st, NULL) != SG_PLAYING) {
    snprintf(err, SG_ERRLEN, "search: the game is over, there is no move to search");
    return -1;
  }
  if (np < 1 || np > SG_MAX_PLAYERS) {
    snprintf(err, SG_ERRLEN, "search: %s has %d players, at most %d are searched", c->name,
             np, SG_MAX_PLAYERS);
    return -1;
  }
  if (c->hidden && (!c->view || !c->sample)) {
    snprintf(err, SG_ERRLEN, "search: %s declares hidden information without view and "
             "sample hooks", c->name);
    return -1;
  }
  return 0;
}

/* ---- determinized search ---- */

typedef struct vote {
  sg_move move;
  int votes;
  double sum;   /* of the inner scores of the samples that chose it */
} vote;

int hidden_pimc(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
                hidden_result *r, char *err) {
  memset(r, 0, sizeof *r);
  if (check_position(c, cfg, st, err) != 0)
    return -1;
  int np = c->players(cfg, st), obs = c->to_move(cfg, st);
  multi_inner inner = o->inner;
  if (inner == MULTI_INNER_AUTO)
    inner = np <= 2 ? MULTI_INNER_ALPHABETA : MULTI_INNER_MAXN;
  if (inner == MULTI_INNER_ALPHABETA && np > 2) {
    snprintf(err, SG_ERRLEN, "search: inner 'alphabeta' needs one or two players; %s has %d "
             "(use inner 'maxn', 'paranoid', 'brs' or 'mcts')", c->name, np);
    return -1;
  }
  int samples = o->samples < 1 ? 1 : o->samples;
  size_t sz = c->state_size;
  unsigned char *view = malloc(sz), *det = malloc(sz);
  sg_move *ms = malloc((size_t)c->max_moves * sizeof *ms);
  vote *votes = calloc((size_t)c->max_moves, sizeof *votes);
  search_result *sr = malloc(sizeof *sr);
  multi_result *mr = malloc(sizeof *mr);
  tt_table *table = NULL;
  int rc = -1;
  if (!view || !det || !ms || !votes || !sr || !mr) {
    snprintf(err, SG_ERRLEN, "search: out of memory");
    goto out;
  }
  /* the root moves, the same in every sample (the observer sees them) */
  int nm = c->gen(cfg, st, ms);
  for (int i = 0; i < nm; i++)
    votes[i].move = ms[i];
  if (c->hidden)
    c->view(cfg, st, obs, view);
  /* the inner request: the limits shared out among the samples; alpha-beta keeps one table
     for them all (positions that agree on everything share entries rightly) */
  multi_opts io = *o;
  if (io.s.time > 0)
    io.s.time = o->s.time / samples;
  if (io.s.nodes > 0)
    io.s.nodes = o->s.nodes / (uint64_t)samples > 0 ? o->s.nodes / (uint64_t)samples : 1;
  if (inner != MULTI_INNER_MCTS && io.s.depth == 0 && io.s.time <= 0 && io.s.nodes == 0)
    io.s.depth = 4;   /* an unlimited inner search would never end */
  if (inner == MULTI_INNER_MCTS && io.iterations > 0)
    io.iterations = o->iterations / (uint64_t)samples > 0
                        ? o->iterations / (uint64_t)samples : 1;
  io.s.random = -1;
  io.s.threads = 1;
  if (inner == MULTI_INNER_ALPHABETA && io.s.hash_bytes > 0) {
    table = malloc(sizeof *table);
    if (!table || tt_init(table, io.s.hash_bytes) != 0) {
      free(table);
      table = NULL;
      snprintf(err, SG_ERRLEN, "search: out of memory (a table of %zu bytes)",
               io.s.hash_bytes);
      goto out;
    }
    io.s.table = table;
  }
  double t0 = clock_now();
  for (int i = 0; i < samples; i++) {
    uint64_t seed = sample_seed(o->s.seed, (uint64_t)i);
    determinize(c, cfg, view, obs, st, seed, det);
    io.s.seed = seed;
    sg_move m;
    double score;
    search_stop stopped;
    int irc;
    if (inner == MULTI_INNER_ALPHABETA) {
      irc = search_alphabeta(c, cfg, det, &io.s, sr, err);
      m = sr->move, score = sr->score, stopped = sr->stopped;
      r->nodes += sr->nodes;
    } else {
      irc = inner == MULTI_INNER_MAXN       ? multi_maxn(c, cfg, det, &io, mr, err)
            : inner == MULTI_INNER_PARANOID ? multi_paranoid(c, cfg, det, &io, mr, err)
            : inner == MULTI_INNER_BRS      ? multi_brs(c, cfg, det, &io, mr, err)
                                             : multi_mcts(c, cfg, det, &io, mr, err);
      m = mr->move, stopped = mr->stopped;
      score = inner == MULTI_INNER_MCTS ? mr->rewards[obs] : mr->scores[obs];
      r->nodes += mr->nodes;
    }
    if (irc != 0)
      goto out;
    if (stopped == SEARCH_INTERRUPTED) {
      r->stopped = SEARCH_INTERRUPTED;
      break;
    }
    for (int k = 0; k < nm; k++)
      if (votes[k].move == m) {
        votes[k].votes++;
        votes[k].sum += score;
        break;
      }
    r->samples++;
    if (o->s.time > 0 && clock_now() - t0 >= o->s.time && i + 1 < samples) {
      r->stopped = SEARCH_LIMIT;   /* the samples took longer than their shares */
      break;
    }
  }
  int best = 0;
  for (int k = 0; k < nm; k++) {
    r->nchoices += votes[k].votes > 0;
    if (votes[k].votes > votes[best].votes ||
        (votes[k].votes == votes[best].votes && votes[k].votes > 0 &&
         votes[k].sum / votes[k].votes > votes[best].sum / votes[best].votes))
      best = k;
  }
  r->move = votes[best].move;
  r->votes = votes[best].votes;
  r->score = votes[best].votes ? votes[best].sum / votes[best].votes : 0;
  r->nplayers = np;
  r->time = clock_now() - t0;
  rc = 0;
out:
  if (table) {
    tt_free(table);
    free(table);
  }
  free(view), free(det), free(ms), free(votes), free(sr), free(mr);
  return rc;
}

/* ---- information-set MCTS ---- */

#define NIL UINT32_MAX

typedef struct is_node {
  uint32_t parent, child, sibling;
  sg_move move;        /* from the parent */
  uint32_t visits;
  uint32_t avail;      /* iterations in which the move was legal at the parent */
  int32_t player;      /* who played move */
} is_node;

typedef struct is_ctx {
  const sg_class *c;
  const void *cfg;
  const multi_opts *o;
  int np;
  is_node *pool;
  double *reward;      /* np per node */
  uint32_t cap, used;
  unsigned char *st;
  sg_move *ms, *untried;
  uint32_t *found;     /* per legal move: its child, or NIL */
  uint32_t *path;
  sg_rng rng;
  uint64_t nodes, node_limit;
  double deadline;
  search_stop stop;
} is_ctx;

static int is_budget(is_ctx *m) {
  if (m->stop)
    return 1;
  if (m->node_limit && m->nodes >= m->node_limit)
    m->stop = SEARCH_LIMIT;
  else if (interrupt_pending())
    m->stop = SEARCH_INTERRUPTED;
  else if (m->deadline && clock_now() >= m->deadline)
    m->stop = SEARCH_LIMIT;
  return m->stop != 0;
}

static uint32_t is_new(is_ctx *m, uint32_t parent, sg_move mv, int player) {
  uint32_t i = m->used++;
  is_node *nd = &m->pool[i];
  nd->parent = parent, nd->child = NIL, nd->move = mv, nd->visits = 0, nd->avail = 0;
  nd->player = player;
  if (parent != NIL) {
    nd->sibling = m->pool[parent].child;
    m->pool[parent].child = i;
  } else
    nd->sibling = NIL;
  memset(m->reward + (size_t)i * (size_t)m->np, 0, (size_t)m->np * sizeof(double));
  return i;
}

/* One iteration from the determinization in m->st. */
static void is_iterate(is_ctx *m) {
  const sg_class *c = m->c;
  const void *cfg = m->cfg;
  double C = m->o->exploration;
  uint32_t cur = 0;
  int len = 0, winner = -1;
  m->path[len++] = 0;
  sg_status s;
  while ((s = c->status(cfg, m->st, &winner)) == SG_PLAYING && len < SEARCH_MAX_PLY) {
    int n = c->gen(cfg, m->st, m->ms), nu = 0;
    if (n == 0)
      break;
    int me = c->to_move(cfg, m->st);
    /* the children legal here: seen (availability), and the untried moves */
    for (int k = 0; k < n; k++) {
      m->found[k] = NIL;
      for (uint32_t ch = m->pool[cur].child; ch != NIL; ch = m->pool[ch].sibling)
        if (m->pool[ch].move == m->ms[k]) {
          m->found[k] = ch;
          break;
        }
      if (m->found[k] == NIL)
        m->untried[nu++] = m->ms[k];
      else
        m->pool[m->found[k]].avail++;
    }
    if (nu > 0) {   /* expand one untried move (when the pool has room) and play out */
      if (m->used < m->cap) {
        sg_move mv = m->untried[rng_below(&m->rng, (uint64_t)nu)];
        uint32_t ch = is_new(m, cur, mv, me);
        m->pool[ch].avail = 1;
        c->play(cfg, m->st, mv);
        m->nodes++;
        m->path[len++] = ch;
      }
      break;
    }
    uint32_t best = NIL;
    double bv = -1;
    for (int k = 0; k < n; k++) {
      const is_node *nd = &m->pool[m->found[k]];
      double v = m->reward[(size_t)m->found[k] * (size_t)m->np + (size_t)me] / nd->visits +
                 C * sqrt(log((double)nd->avail) / nd->visits);
      if (v > bv)
        bv = v, best = m->found[k];
    }
    c->play(cfg, m->st, m->pool[best].move);
    m->nodes++;
    m->path[len++] = best;
    cur = best;
  }
  /* the playout */
  int depth = m->o->playout_depth, moves = 0;
  while ((s = c->status(cfg, m->st, &winner)) == SG_PLAYING &&
         (depth == 0 || moves < depth)) {
    int n = c->gen(cfg, m->st, m->ms);
    if (n == 0)
      break;
    c->play(cfg, m->st, game_random_move(c, cfg, m->ms, n, &m->rng));
    m->nodes++;
    moves++;
    if ((moves & 255) == 0 && is_budget(m))
      break;
  }
  double rw[SG_MAX_PLAYERS];
  multi_rewards(c, cfg, m->st, s, winner, rw);
  for (int i = 0; i < len; i++) {
    is_node *nd = &m->pool[m->path[i]];
    nd->visits++;
    double *t = m->reward + (size_t)m->path[i] * (size_t)m->np;
    for (int p = 0; p < m->np; p++)
      t[p] += rw[p];
  }
}

int hidden_ismcts(const sg_class *c, const void *cfg, const void *st, const multi_opts *o,
                  hidden_result *r, char *err) {
  memset(r, 0, sizeof *r);
  if (check_position(c, cfg, st, err) != 0)
    return -1;
  is_ctx m;
  memset(&m, 0, sizeof m);
  m.c = c, m.cfg = cfg, m.o = o, m.np = c->players(cfg, st);
  int obs = c->to_move(cfg, st);
  uint64_t iters = o->iterations;
  if (iters == 0 && o->s.time <= 0 && o->s.nodes == 0)
    iters = 10000;
  size_t per = sizeof(is_node) + (size_t)m.np * sizeof(double);
  uint64_t cap = o->s.hash_bytes / per;
  if (iters && iters + 1 < cap)
    cap = iters + 1;
  if (cap < 2)
    cap = 2;
  if (cap > UINT32_MAX - 1)
    cap = UINT32_MAX - 1;
  size_t sz = c->state_size, mm = (size_t)c->max_moves;
  unsigned char *view = malloc(sz);
  m.cap = (uint32_t)cap;
  m.pool = malloc((size_t)cap * sizeof *m.pool);
  m.reward = malloc((size_t)cap * (size_t)m.np * sizeof(double));
  m.st = malloc(sz);
  m.ms = malloc(mm * sizeof *m.ms);
  m.untried = malloc(mm * sizeof *m.untried);
  m.found = malloc(mm * sizeof *m.found);
  m.path = malloc((SEARCH_MAX_PLY + 1) * sizeof *m.path);
  int rc = -1;
  if (!view || !m.pool || !m.reward || !m.st || !m.ms || !m.untried || !m.found || !m.path) {
    snprintf(err, SG_ERRLEN, "search: out of memory (a tree of %llu nodes)",
             (unsigned long long)cap);
    goto out;
  }
  rng_seed(&m.rng, o->s.seed);
  double t0 = clock_now();
  m.deadline = o->s.time > 0 ? t0 + o->s.time : 0;
  m.node_limit = o->s.nodes;
  if (c->hidden)
    c->view(cfg, st, obs, view);
  is_new(&m, NIL, 0, -1);
  uint64_t it = 0;
  while (iters == 0 || it < iters) {
    if (((it & 15) == 0 || m.node_limit) && is_budget(&m))
      break;
    determinize(c, cfg, view, obs, st, sample_seed(o->s.seed, it), m.st);
    is_iterate(&m);
    it++;
  }
  if (m.stop == SEARCH_INTERRUPTED)
    r->stopped = SEARCH_INTERRUPTED;
  else if (m.stop == SEARCH_LIMIT && iters)
    r->stopped = SEARCH_LIMIT;
  /* the most visited root child (ties: the first in the game's order) */
  int n = c->gen(cfg, st, m.ms);
  uint32_t best = NIL;
  r->move = m.ms[0];
  for (int k = 0; k < n; k++)
    for (uint32_t ch = m.pool[0].child; ch != NIL; ch = m.pool[ch].sibling)
      if (m.pool[ch].move == m.ms[k]) {
        if (best == NIL || m.pool[ch].visits > m.pool[best].visits)
          best = ch;
        break;
      }
  r->nplayers = m.np;
  if (best != NIL && m.pool[best].visits > 0) {
    r->move = m.pool[best].move;
    for (int p = 0; p < m.np; p++)
      r->rewards[p] = m.reward[(size_t)best * (size_t)m.np + (size_t)p] / m.pool[best].visits;
    r->score = r->rewards[obs];
    r->votes = (int)m.pool[best].visits;
  }
  r->samples = (int)(it > INT32_MAX ? INT32_MAX : it);
  r->nodes = m.nodes;
  r->tree_nodes = m.used;
  r->time = clock_now() - t0;
  rc = 0;
out:
  free(view), free(m.pool), free(m.reward), free(m.st), free(m.ms), free(m.untried);
  free(m.found), free(m.path);
  return rc;
}
