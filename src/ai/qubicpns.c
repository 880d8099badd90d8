/* qubicpns.c: the Qubic solver: proof-number search with threat-space leaves, and its proof. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "core/clock.h"
#include "games/qubic.h"
#include "qubicpns.h"

#define BIT(sq) ((uint64_t)1 << (sq))
#define PN_INF 0x3fffffffu
#define NO_CHILD 0u

/* A node of the tree: its proof and disproof numbers, its children (consecutive in the pool,
   `child` the first, 0 while unexpanded), the move that led to it, and how it was decided. */
typedef struct qnode {
  uint32_t pn, dn;
  uint32_t child;
  uint8_t nchild;
  uint8_t move;
  uint8_t how;      /* HOW_* below */
} qnode;

enum {
  HOW_OPEN = 0,     /* not decided at creation */
  HOW_LINE,         /* the move completed a line */
  HOW_FULL,         /* the board is full: drawn */
  HOW_WIN1,         /* the player to move completes a line at once */
  HOW_DOUBLE,       /* the player to move faces two threats or more and cannot win at once */
  HOW_VCF,          /* the attacker, to move, wins by a sequence of threats */
  HOW_LINK          /* a transposition: the node's position is, up to a symmetry, that of the
                       expanded node `child`; `nchild` is the symmetry S that sends that node's
                       cells to this one's (cell v there is cell S(v) here).  A link has no
                       numbers of its own: its parent reads the target's. */
};

/* The transposition table: the canonical form (the least image under the 192 symmetries) of
   each expanded node's position, the node, and the symmetry k with canonical = k(position).
   Open addressing, no deletion; cleared at the start of each proof search. */
typedef struct qtt_entry {
  uint64_t cx, co;
  uint32_t node;    /* 0: empty (the root is never entered: no other node has its marks) */
  uint8_t sym;
} qtt_entry;

struct qpns_solver {
  qnode *pool;
  size_t cap, used;
  qtt_entry *tt;
  size_t tt_cap, tt_used;   /* entries (a power of two) and entries in use */
  /* the search in progress, or the last one */
  int attacker;             /* 0 x, 1 o: the player whose win is to be proved */
  uint64_t root[2];
  int root_side;
  const qpns_opts *o;        /* points at opts */
  qpns_opts opts;           /* the limits of the proof search in progress */
  qpns_result *r;
  double t0;
  uint64_t vcf_budget;
  uint8_t vseq[33];         /* the last sequence vcf found: its attacker move at each depth */
  int stop;
  double next_progress;
  uint64_t base_nodes;      /* nodes created before the proof search in progress */     /* when the progress hook is next due */
};

static void sym_init(void);

void qpns_opts_default(qpns_opts *o) {
  o->time = 0;
  o->nodes = 0;
  o->vcf_depth = 10;
  o->vcf_nodes = 300;
  o->symmetry = 1;
  o->order = 1;
  o->transpositions = 1;
  o->answers = 1;
  o->progress = NULL;
  o->progress_ud = NULL;
  o->progress_every = 0;
}

qpns_solver *qpns_new(size_t bytes) {
  qpns_solver *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  /* a sixteenth of the memory for the transposition table (an expansion creates tens of
     children, and only expanded nodes are entered), the rest for the pool */
  size_t tt = 16;
  while (tt * 2 * sizeof(qtt_entry) <= bytes / 16)
    tt *= 2;
  size_t tbytes = tt * sizeof(qtt_entry);
  size_t pool = bytes > tbytes ? (bytes - tbytes) / sizeof(qnode) : 0;
  if (pool < 16)
    pool = 16;
  s->pool = malloc(pool * sizeof *s->pool);
  s->tt = malloc(tbytes);
  if (!s->pool || !s->tt) {
    free(s->pool);
    free(s->tt);
    free(s);
    return NULL;
  }
  s->cap = pool;
  s->tt_cap = tt;
  sym_init();
  return s;
}

void qpns_free(qpns_solver *s) {
  if (s) {
    free(s->pool);
    free(s->tt);
    free(s);
  }
}

/* ---- symmetries ---- */

/* The 192 symmetries of src/games/qubic.c as tables: the image of each byte of a cell set
   (fast images of positions), each symmetry's cells, their composition and inverses.  Built
   once, before the first search (not thread-safe: the solver runs on one thread). */
static uint64_t sym_byte[QB_NSYM][8][256];
static uint8_t sym_cell[QB_NSYM][QB_CELLS];
static uint8_t sym_compose[QB_NSYM][QB_NSYM];   /* [a][b]: the map v -> a(b(v)) */
static uint8_t sym_inverse[QB_NSYM];
static int sym_ready;

static void sym_init(void) {
  if (sym_ready)
    return;
  for (int k = 0; k < QB_NSYM; k++)
    for (int sq = 0; sq < QB_CELLS; sq++)
      sym_cell[k][sq] = (uint8_t)qubic_sym_cell(k, sq);
  for (int k = 0; k < QB_NSYM; k++)
    for (int b = 0; b < 8; b++)
      for (int v = 0; v < 256; v++) {
        uint64_t r = 0;
        for (int i = 0; i < 8; i++)
          if (v >> i & 1)
            r |= BIT(sym_cell[k][b * 8 + i]);
        sym_byte[k][b][v] = r;
      }
  for (int a = 0; a < QB_NSYM; a++)
    for (int b = 0; b < QB_NSYM; b++) {
      uint8_t img[QB_CELLS];
      for (int sq = 0; sq < QB_CELLS; sq++)
        img[sq] = sym_cell[a][sym_cell[b][sq]];
      for (int k = 0; k < QB_NSYM; k++)
        if (memcmp(img, sym_cell[k], QB_CELLS) == 0) {
          sym_compose[a][b] = (uint8_t)k;
          if (k == 0)
            sym_inverse[a] = (uint8_t)b;
          break;
        }
    }
  sym_ready = 1;
}

static uint64_t sym_set(int k, uint64_t b) {
  const uint64_t (*t)[256] = sym_byte[k];
  return t[0][b & 0xff] | t[1][b >> 8 & 0xff] | t[2][b >> 16 & 0xff] | t[3][b >> 24 & 0xff] |
         t[4][b >> 32 & 0xff] | t[5][b >> 40 & 0xff] | t[6][b >> 48 & 0xff] | t[7][b >> 56];
}

/* The symmetries that leave the position unchanged (the identity first); their number. */
static int stabilizer(const uint64_t *m, uint8_t *out) {
  int n = 0;
  for (int k = 0; k < QB_NSYM; k++)
    if (sym_set(k, m[0]) == m[0] && sym_set(k, m[1]) == m[1])
      out[n++] = (uint8_t)k;
  return n;
}

/* The canonical form of a position: the least (x, o) image under the 192 symmetries; *k
   gets a symmetry that gives it. */
static void canonical(const uint64_t *m, uint64_t *cx, uint64_t *co, int *k) {
  uint64_t bx = m[0], bo = m[1];
  int bk = 0;
  for (int j = 1; j < QB_NSYM; j++) {
    uint64_t x = sym_set(j, m[0]);
    if (x > bx)
      continue;
    uint64_t o = sym_set(j, m[1]);
    if (x < bx || o < bo)
      bx = x, bo = o, bk = j;
  }
  *cx = bx, *co = bo, *k = bk;
}

static size_t tt_slot(const qpns_solver *s, uint64_t cx, uint64_t co) {
  uint64_t h = cx * 0x9e3779b97f4a7c15ull ^ (co + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  return (size_t)h & (s->tt_cap - 1);
}

/* The entry of the canonical position (cx, co), or NULL; when absent and `add` is nonzero
   (the node to enter, with its symmetry in `sym`) and the table is less than 3/4 full, it is
   entered.  A full table only finds fewer transpositions. */
static const qtt_entry *tt_find(qpns_solver *s, uint64_t cx, uint64_t co, uint32_t add, int sym) {
  size_t i = tt_slot(s, cx, co);
  for (;; i = (i + 1) & (s->tt_cap - 1)) {
    qtt_entry *e = &s->tt[i];
    if (e->node == 0) {
      if (add && s->tt_used < s->tt_cap / 4 * 3) {
        e->cx = cx, e->co = co, e->node = add, e->sym = (uint8_t)sym;
        s->tt_used++;
      }
      return NULL;
    }
    if (e->cx == cx && e->co == co)
      return e;
  }
}

/* ---- threats ---- */

/* Whether the mark just put on sq completes a line of b. */
static int completes(uint64_t b, int sq) {
  for (int i = 0; i < 7 && qubic_cell_lines[sq][i] != 255; i++) {
    uint64_t l = qubic_lines[qubic_cell_lines[sq][i]];
    if ((b & l) == l)
      return 1;
  }
  return 0;
}

/* The empty cells of the lines holding two of a's marks and none of d's: where a makes a
   three (a threat) in one move. */
static uint64_t threes_to_make(uint64_t a, uint64_t d) {
  uint64_t r = 0;
  for (int i = 0; i < QB_LINES; i++) {
    uint64_t l = qubic_lines[i];
    if (!(l & d) && bits_count64(l & a) == 2)
      r |= l & ~a;
  }
  return r;
}

/* Threat-space search (a sequence of threats, each leaving the defender one reply, that ends
   in a double threat): the attacker a to move against d, neither with a line, the attacker
   with no win at once (the caller checks).  Returns the attacker's first move of a winning
   sequence, or -1.  Every defender reply other than the block loses at once, so a sequence
   found is a proof; not finding one proves nothing. */
static int vcf(qpns_solver *s, uint64_t a, uint64_t d, int depth) {
  if (depth <= 0 || s->vcf_budget == 0)
    return -1;
  s->vcf_budget--;
  s->r->vcf_nodes++;
  uint64_t empty = ~(a | d);
  uint64_t dthreat = qubic_threats(d, a);
  if (bits_count64(dthreat) >= 2)
    return -1;
  uint64_t cand = dthreat ? dthreat : threes_to_make(a, d) & empty;
  for (; cand; cand &= cand - 1) {
    int c = bits_first64(cand);
    uint64_t a2 = a | BIT(c);
    uint64_t t = qubic_threats(a2, d);
    if (!t)
      continue;
    if (qubic_threats(d, a2))   /* the defender completes a line first */
      continue;
    if (bits_count64(t) >= 2 || vcf(s, a2, d | t, depth - 1) >= 0) {
      s->vseq[depth] = (uint8_t)c;
      return c;
    }
  }
  return -1;
}

/* Whether the sequence vcf found last (from depth D: s->vseq[D], s->vseq[D - 1], ...) still
   wins for the attacker a to move against d: the tests of vcf along that one sequence (each
   move legal, blocking the defender's threat when there is one, leaving the defender no line
   to complete and making a threat; the last a double threat), so a success is a proof. */
static int vcf_replay(const qpns_solver *s, uint64_t a, uint64_t d, int D) {
  for (int i = D; i > 0; i--) {
    int c = s->vseq[i];
    if ((a | d) & BIT(c))
      return 0;
    uint64_t dt = qubic_threats(d, a);
    if (dt && (bits_count64(dt) >= 2 || !(dt & BIT(c))))
      return 0;
    a |= BIT(c);
    if (qubic_threats(d, a))
      return 0;
    uint64_t t = qubic_threats(a, d);
    if (!t)
      return 0;
    if (bits_count64(t) >= 2)
      return 1;
    d |= t;
  }
  return 0;
}

/* ---- the tree ---- */

/* Decide what can be decided of the position at creation: mover `side` to move, after `last`
   (-1 at the root) was played by the other.  Sets pn, dn and how. */
static void node_eval(qpns_solver *s, qnode *n, const uint64_t *m, int side, int last) {
  int att = side == s->attacker;
  n->child = NO_CHILD, n->nchild = 0, n->how = HOW_OPEN;
  n->pn = 1, n->dn = 1;
  if (last >= 0 && completes(m[side ^ 1], last)) {
    n->how = HOW_LINE;
    goto decided_other;   /* the previous mover won */
  }
  if (((m[0] | m[1]) == ~(uint64_t)0)) {
    n->how = HOW_FULL;
    n->pn = PN_INF, n->dn = 0;
    return;
  }
  if (qubic_threats(m[side], m[side ^ 1])) {
    n->how = HOW_WIN1;
    goto decided_mover;
  }
  uint64_t ot = qubic_threats(m[side ^ 1], m[side]);
  if (bits_count64(ot) >= 2) {
    n->how = HOW_DOUBLE;
    goto decided_other;
  }
  if (att && s->o->vcf_depth > 0) {
    s->vcf_budget = s->o->vcf_nodes;
    if (vcf(s, m[side], m[side ^ 1], s->o->vcf_depth) >= 0) {
      n->how = HOW_VCF;
      goto decided_mover;
    }
  }
  return;
decided_mover:   /* the player to move wins */
  n->pn = att ? 0 : PN_INF, n->dn = att ? PN_INF : 0;
  return;
decided_other:   /* the other player wins */
  n->pn = att ? PN_INF : 0, n->dn = att ? 0 : PN_INF;
}

/* The moves worth a child: the block when the opponent has one threat (every other move loses
   at once), else every empty cell. */
static uint64_t node_moves(const uint64_t *m, int side) {
  uint64_t ot = qubic_threats(m[side ^ 1], m[side]);
  return ot ? ot : ~(m[0] | m[1]);
}

/* The node that holds the numbers of child c: c, or the node it is linked to. */
static inline const qnode *eff(const qpns_solver *s, const qnode *c) {
  return c->how == HOW_LINK ? &s->pool[c->child] : c;
}

static uint32_t sat_add(uint32_t a, uint32_t b) {
  uint32_t c = a + b;
  return c > PN_INF ? PN_INF : c;
}

/* pn and dn of an expanded node from its children: OR (the attacker to move) or AND. */
static void node_update(qpns_solver *s, qnode *n, int or_node) {
  uint32_t mn = PN_INF, sum = 0;
  for (int i = 0; i < n->nchild; i++) {
    const qnode *c = eff(s, &s->pool[n->child + (uint32_t)i]);
    uint32_t a = or_node ? c->pn : c->dn, b = or_node ? c->dn : c->pn;
    if (a < mn)
      mn = a;
    sum = sat_add(sum, b);
  }
  if (or_node)
    n->pn = mn, n->dn = sum;
  else
    n->dn = mn, n->pn = sum;
}

/* Move ordering by line counts: the children are created, and ties between equal proof or
   disproof numbers broken, best first.  A cell scores, for each line through it, 4^a when the
   line holds a of the mover's marks and none of the other's (making threes and fours), and
   4^d / 2 when it holds d of the other's and none of the mover's (blocking them).  Stable:
   equal scores keep the cells' order. */
static void order_moves(uint8_t *cells, int n, uint64_t mine, uint64_t theirs) {
  int score[QB_CELLS];
  for (int i = 0; i < n; i++) {
    int c = cells[i], v = 0;
    for (int j = 0; j < 7 && qubic_cell_lines[c][j] != 255; j++) {
      uint64_t l = qubic_lines[qubic_cell_lines[c][j]];
      int a = bits_count64(l & mine), d = bits_count64(l & theirs);
      if (d == 0)
        v += 1 << (2 * a);
      else if (a == 0)
        v += (1 << (2 * d)) / 2;
    }
    score[i] = v;
  }
  for (int i = 1; i < n; i++) {   /* insertion sort, descending */
    int v = score[i];
    uint8_t c = cells[i];
    int j = i - 1;
    for (; j >= 0 && score[j] < v; j--)
      score[j + 1] = score[j], cells[j + 1] = cells[j];
    score[j + 1] = v, cells[j + 1] = c;
  }
}

/* Expand n (position m, side to move): its children, each evaluated.  0, or -1 when the pool
   is full, -2 when the node limit is reached. */
static int node_expand(qpns_solver *s, uint32_t ni, const uint64_t *m, int side) {
  uint64_t moves = node_moves(m, side);
  if (s->o->symmetry && bits_count64(moves) > 1) {
    /* moves that the position's own symmetries map onto each other lead to symmetric
       positions, of the same value: one child for each orbit */
    uint8_t stab[QB_NSYM];
    int ns = stabilizer(m, stab);
    if (ns > 1) {
      uint64_t kept = 0, covered = 0;
      for (uint64_t e = moves; e; e &= e - 1) {
        int c = bits_first64(e);
        if (covered & BIT(c))
          continue;
        kept |= BIT(c);
        for (int j = 0; j < ns; j++)
          covered |= BIT(sym_cell[stab[j]][c]);
      }
      moves = kept;
    }
  }
  int att = s->attacker;
  if (s->o->answers && side != att && s->o->vcf_depth > 0 && bits_count64(moves) > 1) {
    /* a threat stands: were the attacker to move, it would win by a sequence of threats.
       A reply after which that same sequence still wins is refuted without a child (the
       proof writer finds the sequence again); only the replies that answer it get one. */
    s->vcf_budget = s->o->vcf_nodes;
    if (vcf(s, m[att], m[side], s->o->vcf_depth) >= 0) {
      uint64_t keep = 0;
      for (uint64_t e = moves; e; e &= e - 1) {
        int c = bits_first64(e);
        if (!vcf_replay(s, m[att], m[side] | BIT(c), s->o->vcf_depth))
          keep |= BIT(c);
      }
      s->r->refuted += (uint64_t)(bits_count64(moves) - bits_count64(keep));
      moves = keep;
    }
  }
  int k = bits_count64(moves);
  if (s->used + (size_t)k > s->cap)
    return -1;
  if (s->o->nodes && s->r->nodes - s->base_nodes + (uint64_t)k > s->o->nodes)
    return -2;
  uint32_t first = (uint32_t)s->used;
  s->used += (size_t)k;
  s->r->nodes += (uint64_t)k;
  uint8_t cells[QB_CELLS];
  int nc = 0;
  for (; moves; moves &= moves - 1)
    cells[nc++] = (uint8_t)bits_first64(moves);
  if (s->o->order && nc > 1)
    order_moves(cells, nc, m[side], m[side ^ 1]);
  for (int i = 0; i < nc; i++) {
    int c = cells[i];
    uint64_t m2[2] = {m[0], m[1]};
    m2[side] |= BIT(c);
    qnode *ch = &s->pool[first + (uint32_t)i];
    ch->move = (uint8_t)c;
    node_eval(s, ch, m2, side ^ 1, c);
  }
  qnode *n = &s->pool[ni];
  n->child = first;
  n->nchild = (uint8_t)k;
  node_update(s, n, side == s->attacker);
  return 0;
}

/* Whether a limit stops the search: Ctrl-C at each iteration (an expansion can take a few
   milliseconds deep in the tree), the clock every 16. */
static int limits(qpns_solver *s) {
  if (interrupt_pending())
    return QPNS_INTERRUPTED;
  if ((s->r->iterations & 0xf) != 0)
    return 0;
  double now = clock_now();
  if (s->o->progress && s->o->progress_every > 0 && now >= s->next_progress) {
    s->next_progress = now + s->o->progress_every;
    qpns_progress p = {s->attacker, s->r->nodes, s->r->iterations, s->r->vcf_nodes, s->used,
                       s->cap, s->pool[0].pn, s->pool[0].dn, now - s->t0};
    s->o->progress(s->o->progress_ud, &p);
  }
  if (s->o->time > 0 && now - s->t0 >= s->o->time)
    return QPNS_LIMIT;
  return 0;
}

/* Link leaf n (position m) to the expanded node of the same position up to symmetry, when
   the table has one; else enter it (it is about to be expanded).  1 when linked. */
static int node_link(qpns_solver *s, uint32_t ni, const uint64_t *m) {
  uint64_t cx, co;
  int j;
  canonical(m, &cx, &co, &j);
  const qtt_entry *e = tt_find(s, cx, co, ni, j);
  if (!e)
    return 0;
  /* canonical = k(target) = j(this): this = j^-1(k(target)) */
  qnode *n = &s->pool[ni];
  n->how = HOW_LINK;
  n->child = e->node;
  n->nchild = sym_compose[sym_inverse[j]][e->sym];
  s->r->links++;
  return 1;
}

/* One proof search: does `attacker` win from the root?  Returns 1 proved, 0 disproved, -1
   stopped (s->stop says why).  With transpositions the tree is a graph: a node may be
   reached from several parents, and only those on the path just searched are backed up; a
   node's numbers are therefore computed again from its children each time a descent passes
   it (proof and disproof are never undone, so a number not yet brought up to date is only
   a worse guide, never a wrong proof). */
static int pns(qpns_solver *s, int attacker) {
  s->attacker = attacker;
  s->used = 1;
  if (s->o->transpositions)
    memset(s->tt, 0, s->tt_cap * sizeof *s->tt);
  s->tt_used = 0;
  qnode *root = &s->pool[0];
  root->move = 0;
  node_eval(s, root, s->root, s->root_side, -1);
  /* the path from the root to the current node: nodes (never links: a link is replaced by
     its target) and positions (in the frame of the node's own moves) */
  uint32_t path[QB_CELLS + 1];
  uint64_t pos[QB_CELLS + 1][2];
  int depth = 0;
  path[0] = 0;
  pos[0][0] = s->root[0], pos[0][1] = s->root[1];
  while (s->pool[0].pn != 0 && s->pool[0].dn != 0) {
    int why = limits(s);
    if (why) {
      s->stop = why;
      return -1;
    }
    s->r->iterations++;
    /* down to the most-proving node */
    int leaf = 1;
    for (;;) {
      qnode *n = &s->pool[path[depth]];
      if (n->child == NO_CHILD)
        break;
      int side = (s->root_side + depth) & 1, orn = side == s->attacker;
      if (s->o->transpositions && depth > 0) {
        node_update(s, n, orn);   /* reached by another parent since it was last backed up */
        if (n->pn == 0 || n->dn == 0) {
          leaf = 0;
          break;
        }
      }
      uint32_t best = n->child, bv = PN_INF + 1;
      for (uint32_t i = 0; i < n->nchild; i++) {
        const qnode *c = eff(s, &s->pool[n->child + i]);
        uint32_t v = orn ? c->pn : c->dn;
        if (v < bv)
          bv = v, best = n->child + i;
      }
      pos[depth + 1][0] = pos[depth][0], pos[depth + 1][1] = pos[depth][1];
      pos[depth + 1][side] |= BIT(s->pool[best].move);
      const qnode *c = &s->pool[best];
      if (c->how == HOW_LINK) {   /* on in the target's frame: target = S^-1(this) */
        int inv = sym_inverse[c->nchild];
        pos[depth + 1][0] = sym_set(inv, pos[depth + 1][0]);
        pos[depth + 1][1] = sym_set(inv, pos[depth + 1][1]);
        best = c->child;
      }
      path[++depth] = best;
    }
    if (leaf) {
      int side = (s->root_side + depth) & 1;
      if (!(s->o->transpositions && depth > 0 && node_link(s, path[depth], pos[depth]))) {
        int e = node_expand(s, path[depth], pos[depth], side);
        if (e < 0) {
          s->stop = e == -1 ? QPNS_FULL : QPNS_LIMIT;
          return -1;
        }
      }
    }
    /* back up to the root (a linked leaf has no numbers: its parent reads the target's) */
    while (depth > 0) {
      depth--;
      node_update(s, &s->pool[path[depth]], ((s->root_side + depth) & 1) == s->attacker);
    }
  }
  return s->pool[0].pn == 0;
}

/* One proof search, its root's numbers kept in the result. */
static int pns_kept(qpns_solver *s, int attacker) {
  int v = pns(s, attacker);
  s->r->searched[attacker] = 1;
  s->r->pn_of[attacker] = s->pool[0].pn, s->r->dn_of[attacker] = s->pool[0].dn;
  return v;
}

void qpns_solve(qpns_solver *s, uint64_t x, uint64_t o, int side, const qpns_opts *op,
                qpns_result *r) {
  memset(r, 0, sizeof *r);
  r->value = 2, r->move = -1;
  s->o = op, s->r = r, s->stop = 0;
  s->t0 = clock_now();
  s->next_progress = s->t0 + op->progress_every;
  r->pool_nodes = s->cap;
  s->root[0] = x, s->root[1] = o, s->root_side = side;
  /* with a limit, the first proof search (the player to move wins) gets half of it, so the
     second (the other player wins) is tried too when the first ends unknown */
  s->opts = *op;
  s->opts.time = op->time / 2, s->opts.nodes = op->nodes / 2;
  s->o = &s->opts;
  int v = pns_kept(s, side);
  if (v < 0 && s->stop == QPNS_INTERRUPTED)
    goto done;
  uint64_t used = r->nodes;
  if (v == 1) {
    r->value = 1;
  } else {
    s->opts.time = op->time;   /* both measured from the start */
    s->opts.nodes = op->nodes ? op->nodes - used : 0;
    s->stop = 0;
    s->base_nodes = used;   /* the node limit of pns counts from here */
    int w = pns_kept(s, side ^ 1);
    s->base_nodes = 0;
    r->value = w == 1 ? -1 : (w == 0 && v == 0) ? 0 : 2;
  }
done:
  if (r->value == 2) {
    const qnode *n = &s->pool[0];
    r->root_pn = n->pn, r->root_dn = n->dn;
    r->stopped = (qpns_stop)s->stop;
    r->attacker = s->attacker;
    r->nroot = n->nchild;
    /* the root's moves decided so far, for the player to move (side) */
    for (int i = 0; i < n->nchild; i++) {
      const qnode *c = eff(s, &s->pool[n->child + (uint32_t)i]);
      int cv = 2;
      if (c->pn == 0)
        cv = s->attacker == side ? 1 : -1;
      else if (c->dn == 0)
        cv = 0;
      if (cv != 2 && r->ndecided < QPNS_MAXMOVES) {
        r->decided_move[r->ndecided] = s->pool[n->child + (uint32_t)i].move;
        r->decided_value[r->ndecided++] = (int8_t)cv;
      }
    }
  }
  /* the move: the proved child at the root (the block or the winning sequence's first move
     when the root itself was decided at creation) */
  if (r->value == 1) {
    const qnode *n = &s->pool[0];
    uint64_t m[2] = {x, o};
    if (n->how == HOW_WIN1)
      r->move = bits_first64(qubic_threats(m[side], m[side ^ 1]));
    else if (n->how == HOW_VCF) {
      s->vcf_budget = op->vcf_nodes;
      r->move = vcf(s, m[side], m[side ^ 1], op->vcf_depth);
    } else
      for (int i = 0; i < n->nchild; i++)
        if (eff(s, &s->pool[n->child + (uint32_t)i])->pn == 0)
          r->move = s->pool[n->child + (uint32_t)i].move;
  }
  r->time = clock_now() - s->t0;
  r->tt_entries = s->tt_used;
  s->r = NULL;   /* the caller's; not kept */
}

/* ---- the proof ---- */

typedef struct writer {
  qpns_solver *s;
  void (*emit)(void *ud, const char *line);
  void *ud;
  uint64_t count;
} writer;

static void put(writer *w, int depth, int cell) {
  w->count++;
  if (w->emit) {
    char line[32], name[4];
    qubic_cell_name(cell, name);
    snprintf(line, sizeof line, "%d %s", depth, name);
    w->emit(w->ud, line);
  }
}

/* The attacker a to move wins by threats within vdepth moves (vcf found it with a budget): its
   move, then every reply.  Searched again without the budget, so the sequence is found again
   whatever was left of the budget when it was first found. */
static void write_vcf(writer *w, uint64_t a, uint64_t d, int depth, int vdepth) {
  qpns_solver *s = w->s;
  s->vcf_budget = UINT64_MAX;
  int c = vcf(s, a, d, vdepth);
  put(w, depth, c);
  a |= BIT(c);
  uint64_t t = qubic_threats(a, d);
  for (uint64_t e = ~(a | d); e; e &= e - 1) {
    int r = bits_first64(e);
    put(w, depth + 1, r);
    uint64_t left = t & ~BIT(r);
    if (left)
      put(w, depth + 2, bits_first64(left));   /* the threat not blocked */
    else
      write_vcf(w, a, d | BIT(r), depth + 2, vdepth - 1);
  }
}

/* The tree's positions are written through a symmetry `P`: a subtree reached through a reply
   that was folded onto a symmetric sibling (node_expand) is the sibling's, its cells mapped by
   the symmetry of the parent that sends the sibling's move to the reply.  `m` is the board as
   written; cell v of a node's subtree is cell sym_cell[P][v] of the board. */
static void write_defender(writer *w, const qnode *n, uint64_t *m, int depth, int P);

/* The attacker (m[side]) to move at node n, which is proved: one move and its subtree. */
static void write_attacker(writer *w, const qnode *n, uint64_t *m, int side, int depth, int P) {
  qpns_solver *s = w->s;
  if (n->how == HOW_LINK)   /* the target's subtree, its cells mapped through the link */
    P = sym_compose[P][n->nchild], n = &s->pool[n->child];
  if (n->how == HOW_WIN1) {
    put(w, depth, bits_first64(qubic_threats(m[side], m[side ^ 1])));
    return;
  }
  if (n->how == HOW_VCF) {
    write_vcf(w, m[side], m[side ^ 1], depth, s->o->vcf_depth);
    return;
  }
  for (int i = 0; i < n->nchild; i++) {
    const qnode *c = &s->pool[n->child + (uint32_t)i];
    if (eff(s, c)->pn == 0) {
      int cell = sym_cell[P][c->move];
      put(w, depth, cell);
      m[side] |= BIT(cell);
      write_defender(w, c, m, depth + 1, P);
      m[side] &= ~BIT(cell);
      return;
    }
  }
}

/* The child of the defender's node n (seen through symmetry P) that answers the defender's
   reply r, which m already holds; win: the lines the attacker now completes at once.  The
   child of that move, else, when the attacker has no such line, the child of a symmetric
   sibling under the stabilizer of the node's position (stab, found on first need: *ns < 0
   until then); *cP is the child's symmetry.  NULL: no child (a line completed at once, or a
   reply refuted by the threat sequence that stood). */
static const qnode *reply_child(const qpns_solver *s, const qnode *n, uint64_t *m, int def,
                                int r, int P, uint64_t win, uint8_t *stab, int *ns, int *cP) {
  int inv = sym_inverse[P], rn = sym_cell[inv][r];
  *cP = P;
  for (int i = 0; i < n->nchild; i++)
    if (s->pool[n->child + (uint32_t)i].move == rn)
      return &s->pool[n->child + (uint32_t)i];
  if (win)
    return NULL;
  if (*ns < 0) {   /* folded onto a symmetric sibling: the position before the reply */
    m[def] &= ~BIT(r);
    uint64_t nm[2] = {sym_set(inv, m[0]), sym_set(inv, m[1])};
    *ns = stabilizer(nm, stab);
    m[def] |= BIT(r);
  }
  for (int j = 0; j < *ns; j++)
    for (int i = 0; i < n->nchild; i++)
      if (sym_cell[stab[j]][s->pool[n->child + (uint32_t)i].move] == rn) {
        *cP = sym_compose[P][stab[j]];
        return &s->pool[n->child + (uint32_t)i];
      }
  return NULL;
}

/* The defender to move at node n (proved for the attacker): every reply and its subtree. */
static void write_defender(writer *w, const qnode *n, uint64_t *m, int depth, int P) {
  qpns_solver *s = w->s;
  int att = s->attacker, def = att ^ 1;
  if (n->how == HOW_LINK)
    P = sym_compose[P][n->nchild], n = &s->pool[n->child];
  if (n->how == HOW_LINE)
    return;
  uint8_t stab[QB_NSYM];
  int ns = -1;   /* the stabilizer of the node's position, found when first needed */
  for (uint64_t e = ~(m[0] | m[1]); e; e &= e - 1) {
    int r = bits_first64(e);
    put(w, depth, r);
    m[def] |= BIT(r);
    uint64_t win = qubic_threats(m[att], m[def]);
    int cP;
    const qnode *c = reply_child(s, n, m, def, r, P, win, stab, &ns, &cP);
    if (c)
      write_attacker(w, c, m, att, depth + 1, cP);
    else if (win)   /* not a child: the attacker completes a line at once */
      put(w, depth + 1, bits_first64(win));
    else   /* refuted by the threat sequence that stood (node_expand) */
      write_vcf(w, m[att], m[def], depth + 1, s->o->vcf_depth);
    m[def] &= ~BIT(r);
  }
}

uint64_t qpns_write_proof(qpns_solver *s, void (*emit)(void *ud, const char *line), void *ud) {
  writer w = {s, emit, ud, 0};
  if (s->used == 0 || s->pool[0].pn != 0)
    return 0;
  qpns_result scratch;   /* the threat-space searches count their positions somewhere */
  memset(&scratch, 0, sizeof scratch);
  s->r = &scratch;
  uint64_t m[2] = {s->root[0], s->root[1]};
  if (s->root_side == s->attacker)
    write_attacker(&w, &s->pool[0], m, s->root_side, 1, 0);
  else
    write_defender(&w, &s->pool[0], m, 1, 0);
  s->r = NULL;
  return w.count;
}

/* ---- the proof as a graph (format 2) ---- */

/* One entry for each position of the proof where the winner is to move and cannot complete a
   line at once: the position's canonical form (the least image under the 192 symmetries) and
   the winner's move in that form.  Each canonical position is written once, however many
   times the proof meets it (transpositions, symmetric positions).  The set of the canonical
   positions written is allocated here, outside the search, and grows as needed. */
typedef struct gwriter {
  qpns_solver *s;
  void (*emit)(void *ud, const char *line);
  void *ud;
  uint64_t count;
  uint64_t (*set)[2];
  size_t cap, n;
  int oom;
} gwriter;

static size_t gset_slot(const gwriter *w, uint64_t cx, uint64_t co) {
  uint64_t h = cx * 0x9e3779b97f4a7c15ull ^ (co + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  return (size_t)h & (w->cap - 1);
}

/* Adds (cx, co) to the set: 1 when it was not there.  (0, 0) marks an empty slot: it is the
   empty board, which only the root can be, and the root is met once. */
static int gset_add(gwriter *w, uint64_t cx, uint64_t co) {
  if ((w->n + 1) * 4 > w->cap * 3) {
    size_t ncap = w->cap ? w->cap * 2 : 1024;
    uint64_t (*ns)[2] = calloc(ncap, sizeof *ns);
    if (!ns) {
      w->oom = 1;
      return 0;
    }
    uint64_t (*old)[2] = w->set;
    size_t ocap = w->cap;
    w->set = ns, w->cap = ncap;
    for (size_t i = 0; i < ocap; i++)
      if (old[i][0] | old[i][1]) {
        size_t j = gset_slot(w, old[i][0], old[i][1]);
        while (ns[j][0] | ns[j][1])
          j = (j + 1) & (ncap - 1);
        ns[j][0] = old[i][0], ns[j][1] = old[i][1];
      }
    free(old);
  }
  size_t j = gset_slot(w, cx, co);
  for (; w->set[j][0] | w->set[j][1]; j = (j + 1) & (w->cap - 1))
    if (w->set[j][0] == cx && w->set[j][1] == co)
      return 0;
  w->set[j][0] = cx, w->set[j][1] = co;
  w->n++;
  return 1;
}

/* The entry of board m with the winner's move `cell`: 1 when written, 0 when the position (up
   to symmetry) was written before, so its subtree is too. */
static int gentry(gwriter *w, const uint64_t *m, int cell) {
  uint64_t cx, co;
  int k;
  canonical(m, &cx, &co, &k);
  if (!gset_add(w, cx, co))
    return 0;
  w->count++;
  if (w->emit) {
    char line[64], name[4];
    qubic_cell_name(sym_cell[k][cell], name);
    snprintf(line, sizeof line, "%016llx %016llx %s", (unsigned long long)cx,
             (unsigned long long)co, name);
    w->emit(w->ud, line);
  }
  return 1;
}

static void gvcf(gwriter *w, uint64_t *m, int att, int vdepth) {
  qpns_solver *s = w->s;
  int def = att ^ 1;
  s->vcf_budget = UINT64_MAX;
  int c = vcf(s, m[att], m[def], vdepth);
  if (c < 0 || !gentry(w, m, c))
    return;
  m[att] |= BIT(c);
  uint64_t t = qubic_threats(m[att], m[def]);
  for (uint64_t e = ~(m[0] | m[1]); e; e &= e - 1) {
    int r = bits_first64(e);
    if (t & ~BIT(r))
      continue;   /* a threat left: the winner completes a line at once */
    m[def] |= BIT(r);
    gvcf(w, m, att, vdepth - 1);
    m[def] &= ~BIT(r);
  }
  m[att] &= ~BIT(c);
}

static void gdefender(gwriter *w, const qnode *n, uint64_t *m, int P);

static void gattacker(gwriter *w, const qnode *n, uint64_t *m, int side, int P) {
  qpns_solver *s = w->s;
  if (w->oom)
    return;
  if (n->how == HOW_LINK)
    P = sym_compose[P][n->nchild], n = &s->pool[n->child];
  if (qubic_threats(m[side], m[side ^ 1]))
    return;   /* a line to complete: no entry (the checker finds it) */
  if (n->how == HOW_VCF) {
    gvcf(w, m, side, s->o->vcf_depth);
    return;
  }
  for (int i = 0; i < n->nchild; i++) {
    const qnode *c = &s->pool[n->child + (uint32_t)i];
    if (eff(s, c)->pn == 0) {
      int cell = sym_cell[P][c->move];
      if (!gentry(w, m, cell))
        return;
      m[side] |= BIT(cell);
      gdefender(w, c, m, P);
      m[side] &= ~BIT(cell);
      return;
    }
  }
}

static void gdefender(gwriter *w, const qnode *n, uint64_t *m, int P) {
  qpns_solver *s = w->s;
  int att = s->attacker, def = att ^ 1;
  if (n->how == HOW_LINK)
    P = sym_compose[P][n->nchild], n = &s->pool[n->child];
  if (n->how == HOW_LINE)
    return;
  uint8_t stab[QB_NSYM];
  int ns = -1;   /* as in write_defender */
  for (uint64_t e = ~(m[0] | m[1]); e; e &= e - 1) {
    int r = bits_first64(e);
    m[def] |= BIT(r);
    uint64_t win = qubic_threats(m[att], m[def]);
    int cP;
    const qnode *c = reply_child(s, n, m, def, r, P, win, stab, &ns, &cP);
    if (c)
      gattacker(w, c, m, att, cP);
    else if (!win)   /* refuted by the threat sequence that stood (node_expand) */
      gvcf(w, m, att, s->o->vcf_depth);
    m[def] &= ~BIT(r);
  }
}

uint64_t qpns_write_graph(qpns_solver *s, void (*emit)(void *ud, const char *line), void *ud) {
  gwriter w = {s, emit, ud, 0, NULL, 0, 0, 0};
  if (s->used == 0 || s->pool[0].pn != 0)
    return 0;
  qpns_result scratch;
  memset(&scratch, 0, sizeof scratch);
  s->r = &scratch;
  uint64_t m[2] = {s->root[0], s->root[1]};
  if (s->root_side == s->attacker)
    gattacker(&w, &s->pool[0], m, s->root_side, 0);
  else
    gdefender(&w, &s->pool[0], m, 0);
  s->r = NULL;
  free(w.set);
  return w.oom ? UINT64_MAX : w.count;
}
