/* constraints.h -- inside the variant solver (solver/constraints/ only, and variant.c).
 *
 * The engine (engine.c) keeps one candidate mask per cell, a trail to undo
 * with, and three kinds of deduction, each fed by what changed:
 *   - peers: a solved cell takes its digit from every cell it must differ
 *     from (units, cages, chess moves: one 256-bit set per cell), met only
 *     where it still stands (a set per digit of the cells holding it);
 *   - units of N cells: a digit with one place left goes there;
 *   - propagators: one per constraint that needs one, woken when one of
 *     its cells changes (a queue with an in-queue flag).
 * Two-cell relations of every kind on the same two cells merge into one
 * pair table (pairs.c), so a kropki dot with a negative rule is one pair.
 *
 * A family is a file with up to three functions, one row of vx_families
 * (table.c) per kind: `check` refuses what sudoku_variant_add must refuse,
 * `holds` says whether a complete grid keeps it, `compile` adds its peers,
 * units, pairs and propagators to the engine. A propagator must reject
 * every complete assignment of its cells that breaks the rule: the search
 * trusts it at the leaves. Prefix: vx_.
 */
#ifndef SOLVER_CONSTRAINTS_H
#define SOLVER_CONSTRAINTS_H

#include "solver/variant.h"

#define VX_MAX_CELLS     (SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE)
#define VX_PEER_WORDS    (VX_MAX_CELLS / 64)
#define VX_MAX_UNITS     (4 * SUDOKU_VARIANT_MAX_SIZE + SUDOKU_VARIANT_MAX_CONSTRAINTS)
#define VX_MAX_PAIRS     (VX_MAX_CELLS * (VX_MAX_CELLS - 1) / 2)
#define VX_MAX_PROPS     (SUDOKU_VARIANT_MAX_CONSTRAINTS + VX_MAX_PAIRS)
#define VX_MAX_WATCHES   (SUDOKU_VARIANT_MAX_REFS + 2 * VX_MAX_PAIRS)
#define VX_MAX_DATA      (1 << 18) /* words of family data: cage digit combinations */
#define VX_MAX_CAGE_SUM  (SUDOKU_VARIANT_MAX_SIZE * (SUDOKU_VARIANT_MAX_SIZE + 1) / 2)
#define VX_MAX_DERIVED   8192 /* cells of the constraints the engine derives */
#define VX_MAX_CROSSINGS 4096
#define VX_MAX_GROUPS    4096 /* cached peer groups of sums: past them, sums recompute */

typedef struct vx_engine vx_engine;
typedef struct vx_prop vx_prop;

/* Returns false on a contradiction. */
typedef bool vx_run_fn(vx_engine *e, const vx_prop *p);

struct vx_prop {
    vx_run_fn *run;
    const uint8_t *cells; /* into the variant's cell list, or the engine's */
    uint16_t ncells;
    uint8_t aux;
    int32_t value;
    uint32_t data, ndata; /* e->data[data .. data + ndata) */
    bool idempotent;      /* a second run straight after the first changes nothing */
};

/* A two-cell relation: allowed[d] = the digits cell b may hold when cell a
 * holds d (index 1..N), and back[d] the same from b to a. */
typedef struct vx_pair {
    uint8_t cells[2]; /* a, b */
    uint16_t allowed[SUDOKU_VARIANT_MAX_SIZE + 1];
    uint16_t back[SUDOKU_VARIANT_MAX_SIZE + 1];
} vx_pair;

typedef struct vx_frame {
    uint16_t untried;
    uint16_t cell;
    uint32_t mark; /* trail length before this level's guesses */
    int nsolved;   /* and the solved cells then */
} vx_frame;

/* A set of cells, a bit each. */
typedef struct vx_cells {
    uint64_t w[VX_PEER_WORDS];
} vx_cells;

static inline bool vx_cells_meet(const vx_cells *a, const vx_cells *b)
{
    for (int i = 0; i < VX_PEER_WORDS; i++) {
        if (a->w[i] & b->w[i]) return true;
    }
    return false;
}

/* Whether every cell of a is in b. */
static inline bool vx_cells_within(const vx_cells *a, const vx_cells *b)
{
    for (int i = 0; i < VX_PEER_WORDS; i++) {
        if (a->w[i] & ~b->w[i]) return false;
    }
    return true;
}

/* A run of up to 3 peer cells inside a sum (sum.c), kept between calls:
 * its size (0: the sum is not split yet), and with the masks they had the
 * totals its digits can make and the digits some total uses. */
typedef struct vx_group {
    uint16_t masks[3];
    uint16_t used[3];
    uint16_t cells[3]; /* VX_MAX_CELLS (a mask of 0) past its size */
    uint8_t size;
    bool filled;
    uint64_t totals; /* bit t: total t (at most 3 * 16) */
} vx_group;

/* Where the digit sets of a cage of some size and sum are in e->data. */
typedef struct vx_cage_memo {
    uint32_t at, count;
    bool listed; /* this compile */
} vx_cage_memo;

struct vx_engine {
    const sudoku_variant *v;
    int n, ncells;
    uint16_t full;

    /* The rules, built by vx_compile(). */
    uint64_t peers[VX_MAX_CELLS][VX_PEER_WORDS];
    uint32_t nunits, unit_first[VX_MAX_UNITS]; /* units of N distinct cells */
    uint8_t unit_cells[VX_MAX_UNITS * SUDOKU_VARIANT_MAX_SIZE];
    vx_cells *unit_sets; /* [VX_MAX_UNITS]: each unit's cells as a set */
    struct {
        uint32_t at;       /* crossing_cells[at..]: the shared cells, u's others, v's others */
        uint32_t units[2]; /* u, v */
        uint8_t shared;    /* how many cells the two units share */
        /* u's others and v's others as the shared cells of other crossings,
         * when they tile them (a row's other boxes, a box's other rows):
         * cover[side][0..covers[side]); 0 when they do not */
        uint8_t covers[2];
        uint16_t cover[2][SUDOKU_VARIANT_MAX_SIZE / 2];
    } crossings[VX_MAX_CROSSINGS]; /* units u, v sharing 2..N-1 cells (locked candidates) */
    uint8_t crossing_cells[VX_MAX_CROSSINGS * 2 * SUDOKU_VARIANT_MAX_SIZE];
    uint32_t ncrossings;
    uint32_t cell_unit_first[VX_MAX_CELLS + 1]; /* units of each cell, in cell_units */
    uint32_t *cell_units;
    /* The same as bits of dirty_units: units 0..63 in cell_units_low (all
     * of a 9x9's), the words past them, if any unit is, in cell_words. */
    uint64_t cell_units_low[VX_MAX_CELLS];
    bool units_high;
    uint32_t cell_word_first[VX_MAX_CELLS + 1];
    struct vx_unit_word {
        uint32_t word;
        uint64_t bits;
    } * cell_words;
    uint32_t npairs;
    vx_pair *pairs;
    uint16_t *pair_of; /* [a * VX_MAX_CELLS + b] = pair index + 1, 0 = none */
    uint32_t nprops;
    vx_prop *props;
    uint32_t watch_first[VX_MAX_CELLS + 1]; /* props of each cell, in watches */
    uint32_t *watches;
    int32_t *data;
    uint32_t ndata;
    uint16_t initial[VX_MAX_CELLS]; /* masks the rules leave before the givens */
    vx_cage_memo cage_sets[SUDOKU_VARIANT_MAX_SIZE + 1][VX_MAX_CAGE_SUM + 1]; /* [cells][sum] */
    vx_group *groups; /* [VX_MAX_GROUPS]: the sums' group caches */
    uint32_t ngroups;
    vx_cells *cage_cells; /* the cages with a sum, for the house rule */
    int32_t *cage_sums;
    uint32_t ncages;
    uint8_t derived[VX_MAX_DERIVED]; /* cells of derived constraints (the house rule) */
    uint32_t nderived;

    /* The board. */
    uint16_t cand[VX_MAX_CELLS + 1]; /* the last is 0: what a sum group's missing cell holds */
    vx_cells holders[SUDOKU_VARIANT_MAX_SIZE]; /* [d - 1]: the cells whose cand holds d */
    int nsolved;
    uint8_t solved_queue[VX_MAX_CELLS];
    int sq_head, sq_tail;
    uint64_t dirty_units[(VX_MAX_UNITS + 63) / 64];
    uint32_t *prop_queue; /* ring of nprops + 1 */
    uint32_t pq_head, pq_tail;
    uint8_t *in_queue; /* [nprops] */
    uint8_t trail_cell[VX_MAX_CELLS * SUDOKU_VARIANT_MAX_SIZE];
    uint16_t trail_mask[VX_MAX_CELLS * SUDOKU_VARIANT_MAX_SIZE];
    uint32_t trail_len;
    vx_frame frames[VX_MAX_CELLS];
    const sudoku_limits *limits;   /* of the search in progress */
    sudoku_limit_reason stopped;   /* the limit a propagation met, or NONE */
    uint32_t runs;                 /* propagator runs, for the clock's reading */
    uint32_t weight[VX_MAX_CELLS]; /* each cell's dom/wdeg weight, this search (vx_pick) */
    sudoku_stats stats;
};

/* ---- what families use (engine.c) ---- */

static inline uint16_t vx_bit(int d)
{
    return (uint16_t)(1u << (d - 1));
}

static inline int vx_min(uint16_t m)
{
    return __builtin_ctz(m) + 1;
}

static inline int vx_max(uint16_t m)
{
    return 32 - __builtin_clz(m);
}

/* The digits lo..hi (clamped to 1..16), 0 when lo > hi. */
static inline uint16_t vx_range(int lo, int hi)
{
    if (lo < 1) lo = 1;
    if (hi > SUDOKU_VARIANT_MAX_SIZE) hi = SUDOKU_VARIANT_MAX_SIZE;
    if (lo > hi) return 0;
    return (uint16_t)(((1u << hi) - 1) & ~((1u << (lo - 1)) - 1));
}

/* Narrows cell to cand & keep. Returns false when nothing is left. */
bool vx_keep(vx_engine *e, int cell, uint16_t keep);

/* Build-time helpers for `compile`. vx_add_peers makes every two of the
 * cells differ; vx_add_unit adds a unit of N distinct cells (hidden
 * singles; call vx_add_peers too); vx_add_pair ANDs a relation into the
 * pair of a and b, allowed[d] as vx_pair documents, index 1..N;
 * vx_add_prop returns the new propagator (watching its cells) or NULL when
 * full; vx_data reserves words. */
void vx_add_peers(vx_engine *e, const uint8_t *cells, int ncells);
void vx_add_peer_pair(vx_engine *e, int a, int b);
void vx_add_unit(vx_engine *e, const uint8_t *cells);
bool vx_add_pair(vx_engine *e, int a, int b, const uint16_t *allowed);
vx_prop *vx_add_prop(vx_engine *e, vx_run_fn *run, const uint8_t *cells, int ncells);
int32_t *vx_data(vx_engine *e, uint32_t words, uint32_t *at);

/* ---- the families: one row per kind ---- */

typedef struct vx_family {
    /* 0, or -1 with the reason in err (SUDOKU_ERR_LEN). Cells are known to
     * be inside the grid and distinct. */
    int (*check)(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                 char *err);
    /* Whether the complete grid `digits` keeps it. */
    bool (*holds)(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                  const uint8_t *digits);
    /* Adds its rules; false when the engine is full. */
    bool (*compile)(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells);
    int min_cells, max_cells; /* VX_N: the grid's size; VX_ANY: no bound */
} vx_family;

enum { VX_N = -1, VX_ANY = VX_MAX_CELLS };

extern const vx_family vx_families[SUDOKU_CON_COUNT];

#define VX_FAMILY_FNS(name)                                                                        \
    int vx_##name##_check(const sudoku_variant *v, const sudoku_constraint *c,                     \
                          const uint8_t *cells, char *err);                                        \
    bool vx_##name##_holds(const sudoku_variant *v, const sudoku_constraint *c,                    \
                           const uint8_t *cells, const uint8_t *digits);                           \
    bool vx_##name##_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells);

VX_FAMILY_FNS(cage)
VX_FAMILY_FNS(sum)
VX_FAMILY_FNS(arrow)
VX_FAMILY_FNS(thermo)
VX_FAMILY_FNS(pair)
VX_FAMILY_FNS(whispers)
VX_FAMILY_FNS(renban)
VX_FAMILY_FNS(between)
VX_FAMILY_FNS(sandwich)
VX_FAMILY_FNS(quadruple)
VX_FAMILY_FNS(digits)
VX_FAMILY_FNS(chess)
VX_FAMILY_FNS(negative)

/* sum.c: adds the propagator of sum(weights[i] * cells[i]) = target
 * (weights NULL: all 1). cells must outlive the solve. */
bool vx_sum_add(vx_engine *e, const uint8_t *cells, int ncells, const int32_t *weights, int target);

/* cage.c: lists the sets of k distinct digits summing to `sum` (1 <=
 * sum <= VX_MAX_CAGE_SUM) in e->data, once a compile (they depend on k and
 * the sum alone), and says where: e->data[*at .. *at + *count). Returns
 * false when the data is full. Only at compile time. */
bool vx_cage_sets(vx_engine *e, int k, int sum, uint32_t *at, uint32_t *count);

/* cage.c: the house rule, after every constraint is in (false: engine full). */
bool vx_cage_finish(vx_engine *e);

/* pairs.c: whether digits x (first cell) and y stand in the relation of a
 * two-cell kind (DIFFERENCE, RATIO, PAIR_SUM, EQUAL, LESS) with value. */
bool vx_pair_relation(int kind, int value, int x, int y);

/* Formats err (SUDOKU_ERR_LEN, may be NULL) and returns -1. */
int vx_err(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Builds e's rules for v; false when v needs more than the engine holds. */
bool vx_compile(vx_engine *e, const sudoku_variant *v);

/* Runs the search (engine.c) from e's compiled rules and the givens: r as
 * sudoku_solve() fills it, but for the status and elapsed_ns. */
void vx_search(vx_engine *e, const uint8_t *givens, const sudoku_limits *lim, sudoku_result *r);

/* The true candidates (variant.h) from e's rules and the givens into
 * found[N*N]; r gets the first solution, a count of the solutions met (not
 * all of them), the stats, and the limit that stopped it, if one did. */
void vx_true_candidates(vx_engine *e, const uint8_t *givens, const sudoku_limits *lim,
                        uint16_t *found, sudoku_result *r);

#endif /* SOLVER_CONSTRAINTS_H */
