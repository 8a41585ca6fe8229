/* engine.c -- the variant solver's board, its deductions and its search (constraints.h).
 *
 * DESIGN: the generic solver's shape (propagate.c, search.c) with rules
 * that are lists instead of geometry: a 256-bit peer set per cell, units
 * of N cells for hidden singles, and propagators on a queue. Each change
 * goes through vx_keep(), which records the old mask on the trail, queues
 * a solved cell for its peers, marks its units for a hidden-singles scan
 * and wakes the propagators that watch it. Solved cells clear their peers
 * first, so a propagator sees no stale single; then the propagators run,
 * then the unit scans, then locked candidates. Propagators before the
 * scans: a failing sum is met sooner and its cells gain the weight that
 * steers the search (little killers: 7,013 nodes a puzzle -> 6,419 and
 * 7% fewer instructions, bench/data/variants).
 */
#include <string.h>

#include "solver/bits.h"
#include "solver/constraints/constraints.h"
#include "solver/solver_int.h"

/* Locked candidates cost a pass over every unit; as in propagate.c, they
 * start paying once a solve has met this many dead ends. */
#define VX_HARD_AFTER 4

/* Propagator runs between two reads of the clock and the cancel flag
 * inside a node (between nodes, sdk_over_budget reads them); a power of two. */
#define VX_RUNS_BETWEEN_CHECKS 64

static void vx_clear_queues(vx_engine *e);
static void vx_crossings_build(vx_engine *e);
static void vx_crossings_tile(vx_engine *e);

/* ---- building the rules ---------------------------------------------------------------------- */

void vx_add_peer_pair(vx_engine *e, int a, int b)
{
    if (a == b) return;
    e->peers[a][b / 64] |= UINT64_C(1) << (b % 64);
    e->peers[b][a / 64] |= UINT64_C(1) << (a % 64);
}

void vx_add_peers(vx_engine *e, const uint8_t *cells, int ncells)
{
    for (int i = 0; i < ncells; i++) {
        for (int j = i + 1; j < ncells; j++) vx_add_peer_pair(e, cells[i], cells[j]);
    }
}

void vx_add_unit(vx_engine *e, const uint8_t *cells)
{
    if (e->nunits == VX_MAX_UNITS) return; /* more units than constraints: a repeat; peers hold */
    memcpy(&e->unit_cells[e->nunits * (uint32_t)e->n], cells, (size_t)e->n);
    e->nunits++;
}

bool vx_add_pair(vx_engine *e, int a, int b, const uint16_t *allowed)
{
    uint16_t *slot = &e->pair_of[a * VX_MAX_CELLS + b];
    if (*slot == 0) {
        if (e->npairs == VX_MAX_PAIRS) return false;
        vx_pair *p = &e->pairs[e->npairs++];
        p->cells[0] = (uint8_t)a;
        p->cells[1] = (uint8_t)b;
        for (int d = 0; d <= e->n; d++) p->allowed[d] = p->back[d] = e->full;
        *slot = (uint16_t)e->npairs;
        e->pair_of[b * VX_MAX_CELLS + a] = (uint16_t)e->npairs;
    }
    vx_pair *p = &e->pairs[*slot - 1];
    bool forward = p->cells[0] == a;
    for (int x = 1; x <= e->n; x++) {
        for (int y = 1; y <= e->n; y++) {
            if (allowed[x] & vx_bit(y)) continue;
            /* x at a with y at b is forbidden */
            p->allowed[forward ? x : y] &= (uint16_t)~vx_bit(forward ? y : x);
            p->back[forward ? y : x] &= (uint16_t)~vx_bit(forward ? x : y);
        }
    }
    return true;
}

vx_prop *vx_add_prop(vx_engine *e, vx_run_fn *run, const uint8_t *cells, int ncells)
{
    if (e->nprops == VX_MAX_PROPS) return NULL;
    vx_prop *p = &e->props[e->nprops++];
    memset(p, 0, sizeof(*p));
    p->run = run;
    p->cells = cells;
    p->ncells = (uint16_t)ncells;
    return p;
}

int32_t *vx_data(vx_engine *e, uint32_t words, uint32_t *at)
{
    if (words > VX_MAX_DATA - e->ndata) return NULL;
    *at = e->ndata;
    e->ndata += words;
    return &e->data[*at];
}

/* A pair's propagator: each side keeps what the other side allows. */
static bool vx_pair_run(vx_engine *e, const vx_prop *p)
{
    const vx_pair *pr = &e->pairs[p->data];
    int a = pr->cells[0], b = pr->cells[1];
    uint16_t to_b = 0, to_a = 0;
    for (uint16_t m = e->cand[a]; m; m &= m - 1) to_b |= pr->allowed[__builtin_ctz(m) + 1];
    if (!vx_keep(e, b, to_b)) return false;
    for (uint16_t m = e->cand[b]; m; m &= m - 1) to_a |= pr->back[__builtin_ctz(m) + 1];
    return vx_keep(e, a, to_a);
}

/* Lists, for each cell, the items (props or units) whose cells hold it:
 * first[c] .. first[c + 1] in out. */
static void vx_index(int ncells, uint32_t nitems,
                     const uint8_t *(*cells_of)(const vx_engine *, uint32_t, int *),
                     const vx_engine *e, uint32_t *first, uint32_t *out)
{
    memset(first, 0, (size_t)(ncells + 1) * sizeof(*first));
    for (uint32_t i = 0; i < nitems; i++) {
        int k;
        const uint8_t *cells = cells_of(e, i, &k);
        for (int j = 0; j < k; j++) first[cells[j] + 1]++;
    }
    for (int c = 0; c < ncells; c++) first[c + 1] += first[c];
    uint32_t fill[VX_MAX_CELLS];
    memcpy(fill, first, (size_t)ncells * sizeof(*fill));
    for (uint32_t i = 0; i < nitems; i++) {
        int k;
        const uint8_t *cells = cells_of(e, i, &k);
        for (int j = 0; j < k; j++) out[fill[cells[j]]++] = i;
    }
}

/* Each cell's units as words of dirty_units: a change marks them a word
 * at a time, the first word (every unit of a 9x9) without a loop. The
 * units of a cell are listed in increasing order. */
static void vx_unit_words_build(vx_engine *e)
{
    uint32_t at = 0;
    e->units_high = e->nunits > 64;
    for (int c = 0; c < e->ncells; c++) {
        e->cell_word_first[c] = at;
        e->cell_units_low[c] = 0;
        for (uint32_t k = e->cell_unit_first[c]; k < e->cell_unit_first[c + 1]; k++) {
            uint32_t u = e->cell_units[k];
            if (u < 64) {
                e->cell_units_low[c] |= UINT64_C(1) << u;
                continue;
            }
            if (at == e->cell_word_first[c] || e->cell_words[at - 1].word != u / 64) {
                e->cell_words[at].word = u / 64;
                e->cell_words[at++].bits = 0;
            }
            e->cell_words[at - 1].bits |= UINT64_C(1) << (u % 64);
        }
    }
    e->cell_word_first[e->ncells] = at;
}

static const uint8_t *vx_prop_cells(const vx_engine *e, uint32_t i, int *k)
{
    *k = e->props[i].ncells;
    return e->props[i].cells;
}

static const uint8_t *vx_unit_cells(const vx_engine *e, uint32_t i, int *k)
{
    *k = e->n;
    return &e->unit_cells[i * (uint32_t)e->n];
}

bool vx_compile(vx_engine *e, const sudoku_variant *v)
{
    for (uint32_t i = 0; i < e->npairs; i++) {
        e->pair_of[e->pairs[i].cells[0] * VX_MAX_CELLS + e->pairs[i].cells[1]] = 0;
        e->pair_of[e->pairs[i].cells[1] * VX_MAX_CELLS + e->pairs[i].cells[0]] = 0;
    }
    /* The last search may have stopped with work queued: drop it while
     * the ring still has the size it was queued with. */
    vx_clear_queues(e);
    int n = v->grid.size;
    e->v = v;
    e->n = n;
    e->ncells = n * n;
    e->full = (uint16_t)sdk_full_mask(n);
    e->nunits = e->npairs = e->nprops = e->ndata = e->nderived = e->ngroups = 0;
    memset(e->peers, 0, sizeof(e->peers));
    memset(e->cage_sets, 0, sizeof(e->cage_sets));
    for (int c = 0; c < e->ncells; c++) e->initial[c] = e->full;

    /* Rows, columns and boxes (or regions): sudoku.h numbers them 0..3N-1. */
    for (int u = 0; u < 3 * n; u++) {
        uint16_t cells16[SUDOKU_MAX_SIZE];
        uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
        sdk_unit_cells(&v->grid, u, cells16);
        for (int i = 0; i < n; i++) cells[i] = (uint8_t)cells16[i];
        vx_add_unit(e, cells);
        vx_add_peers(e, cells, n);
    }
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        if (!vx_families[c->kind].compile(e, c, &v->cells[c->first])) return false;
    }
    if (!vx_cage_finish(e)) return false;
    uint32_t npairs = e->npairs;
    for (uint32_t i = 0; i < npairs; i++) {
        vx_prop *p = vx_add_prop(e, vx_pair_run, e->pairs[i].cells, 2);
        if (!p) return false;
        p->data = i;
        p->idempotent = true; /* a value pruned from one side supported nothing on the other */
    }
    vx_index(e->ncells, e->nprops, vx_prop_cells, e, e->watch_first, e->watches);
    vx_index(e->ncells, e->nunits, vx_unit_cells, e, e->cell_unit_first, e->cell_units);
    vx_unit_words_build(e);
    for (uint32_t u = 0; u < e->nunits; u++) {
        memset(&e->unit_sets[u], 0, sizeof(e->unit_sets[u]));
        for (int i = 0; i < n; i++) {
            int x = e->unit_cells[u * (uint32_t)n + i];
            e->unit_sets[u].w[x / 64] |= UINT64_C(1) << (x % 64);
        }
    }
    vx_crossings_build(e);
    return true;
}

/* ---- board changes ------------------------------------------------------------------------------
 */

/* Adds cell to (on) or takes it from the holders of each digit in `digits`. */
static inline void vx_holders_set(vx_engine *e, int cell, uint16_t digits, bool on)
{
    uint64_t bit = UINT64_C(1) << (cell % 64);
    for (; digits; digits &= digits - 1) {
        uint64_t *w = &e->holders[sdk_ctz(digits)].w[cell / 64];
        *w = on ? *w | bit : *w & ~bit;
    }
}

/* What follows a cell's narrowing from old to m, holders aside: the trail,
 * and unless m is empty (false), the solved queue, the dirty units and the
 * propagators that watch the cell. */
static inline bool vx_narrowed(vx_engine *e, int cell, uint16_t old, uint16_t m)
{
    e->trail_cell[e->trail_len] = (uint8_t)cell;
    e->trail_mask[e->trail_len++] = old;
    e->cand[cell] = m;
    if (m == 0) return false;
    if ((m & (m - 1)) == 0) {
        e->solved_queue[e->sq_tail++] = (uint8_t)cell;
        e->nsolved++;
    }
    e->dirty_units[0] |= e->cell_units_low[cell];
    for (uint32_t k = e->cell_word_first[cell]; e->units_high && k < e->cell_word_first[cell + 1];
         k++) {
        e->dirty_units[e->cell_words[k].word] |= e->cell_words[k].bits;
    }
    for (uint32_t k = e->watch_first[cell]; k < e->watch_first[cell + 1]; k++) {
        uint32_t p = e->watches[k];
        if (e->in_queue[p]) continue;
        e->in_queue[p] = 1;
        e->prop_queue[e->pq_tail] = p;
        e->pq_tail = e->pq_tail == e->nprops ? 0 : e->pq_tail + 1;
    }
    return true;
}

bool vx_keep(vx_engine *e, int cell, uint16_t keep)
{
    uint16_t old = e->cand[cell], m = old & keep;
    if (m == old) return true;
    vx_holders_set(e, cell, old & ~m, false);
    return vx_narrowed(e, cell, old, m);
}

/* Empties the work lists after a contradiction or before a new start. */
static void vx_clear_queues(vx_engine *e)
{
    e->sq_head = e->sq_tail = 0;
    while (e->pq_head != e->pq_tail) {
        e->in_queue[e->prop_queue[e->pq_head]] = 0;
        e->pq_head = e->pq_head == e->nprops ? 0 : e->pq_head + 1;
    }
    memset(e->dirty_units, 0, sizeof(e->dirty_units));
}

/* Back to trail length mark, when nsolved cells were solved. */
static void vx_undo(vx_engine *e, uint32_t mark, int nsolved)
{
    vx_clear_queues(e);
    e->nsolved = nsolved;
    while (e->trail_len > mark) {
        e->trail_len--;
        int c = e->trail_cell[e->trail_len];
        uint16_t now = e->cand[c], old = e->trail_mask[e->trail_len];
        e->cand[c] = old;
        vx_holders_set(e, c, old & ~now, true);
    }
}

/* A solved cell's digit leaves its peers: the digit's holders lose them
 * a word at a time; a failure gives the word's untouched peers back. */
static bool vx_naked(vx_engine *e, int cell)
{
    uint16_t bit = e->cand[cell];
    vx_cells *holders = &e->holders[sdk_ctz(bit)];
    for (int w = 0; w < VX_PEER_WORDS; w++) {
        uint64_t hit = e->peers[cell][w] & holders->w[w];
        holders->w[w] &= ~hit;
        for (uint64_t m = hit; m; m &= m - 1) {
            int p = w * 64 + sdk_ctz(m);
            uint16_t old = e->cand[p], now = old & (uint16_t)~bit;
            if (!vx_narrowed(e, p, old, now)) {
                holders->w[w] |= m & (m - 1);
                return false;
            }
            if ((now & (now - 1)) == 0) e->stats.naked_singles++;
        }
    }
    return true;
}

/* A digit with one place left in a unit goes there; with none, the board fails. */
static bool vx_hidden(vx_engine *e, uint32_t u)
{
    const uint8_t *cells = &e->unit_cells[u * (uint32_t)e->n];
    uint16_t seen = 0, twice = 0, placed = 0;
    for (int i = 0; i < e->n; i++) {
        uint16_t m = e->cand[cells[i]];
        twice |= seen & m;
        seen |= m;
        if ((m & (m - 1)) == 0) placed |= m;
    }
    if (seen != e->full) return false;
    uint16_t once = seen & ~twice & ~placed; /* a placed digit is no news */
    for (int i = 0; once && i < e->n; i++) {
        uint16_t m = e->cand[cells[i]], hit = m & once;
        if (!hit) continue;
        once &= ~hit;
        if (hit & (hit - 1)) return false; /* two digits need this one cell */
        if (!vx_keep(e, cells[i], hit)) return false;
        e->stats.hidden_singles++;
    }
    return true;
}

/* Whether cell x is in unit u. */
static inline bool vx_in_unit(const vx_engine *e, uint32_t u, int x)
{
    return e->unit_sets[u].w[x / 64] >> (x % 64) & 1;
}

/* The OR of the masks of cells[0..k). */
static uint16_t vx_masks(const vx_engine *e, const uint8_t *cells, int k)
{
    uint16_t m = 0;
    for (int i = 0; i < k; i++) m |= e->cand[cells[i]];
    return m;
}

/* Takes `digits` from cells[0..k). */
static bool vx_clear(vx_engine *e, const uint8_t *cells, int k, uint16_t digits)
{
    for (int i = 0; i < k; i++) {
        int x = cells[i];
        if (!(e->cand[x] & digits)) continue;
        e->stats.locked_candidates += (uint64_t)__builtin_popcount(e->cand[x] & digits);
        if (!vx_keep(e, x, (uint16_t)~digits)) return false;
    }
    return true;
}

/* Locked candidates on every crossing of two units of N cells (a box and a
 * line, and their kin on cages and extra regions): a digit that one unit
 * holds only where it meets the other leaves the rest of the other. */
static bool vx_locked(vx_engine *e)
{
    /* The shared cells' masks first: most others are read as tiles of them.
     * A tile read before this pass narrowed it only hides a deduction,
     * which the next pass makes. */
    uint16_t in_masks[VX_MAX_CROSSINGS];
    for (uint32_t i = 0; i < e->ncrossings; i++) {
        in_masks[i] = vx_masks(e, &e->crossing_cells[e->crossings[i].at], e->crossings[i].shared);
    }
    for (uint32_t i = 0; i < e->ncrossings; i++) {
        const uint8_t *shared = &e->crossing_cells[e->crossings[i].at];
        int k = e->crossings[i].shared, rest = e->n - k;
        const uint8_t *u_rest = shared + k, *v_rest = u_rest + rest;
        uint16_t in = in_masks[i], out[2];
        for (int side = 0; side < 2; side++) {
            int covers = e->crossings[i].covers[side];
            out[side] = covers ? 0 : vx_masks(e, side ? v_rest : u_rest, rest);
            for (int j = 0; j < covers; j++) out[side] |= in_masks[e->crossings[i].cover[side][j]];
        }
        uint16_t u_out = out[0], v_out = out[1];
        uint16_t pointing = in & ~u_out & v_out, claiming = in & ~v_out & u_out;
        if (pointing && !vx_clear(e, v_rest, rest, pointing)) return false;
        if (claiming && !vx_clear(e, u_rest, rest, claiming)) return false;
    }
    return true;
}

/* The cells a crossing's side (0: u's others, 1: v's others) covers, as a set. */
static vx_cells vx_crossing_rest(const vx_engine *e, uint32_t i, int side)
{
    vx_cells set = {{0}};
    int k = e->crossings[i].shared, rest = e->n - k;
    const uint8_t *cells = &e->crossing_cells[e->crossings[i].at + (uint32_t)(k + side * rest)];
    for (int j = 0; j < rest; j++) set.w[cells[j] / 64] |= UINT64_C(1) << (cells[j] % 64);
    return set;
}

/* The shared cells of a crossing, as a set. */
static vx_cells vx_crossing_shared(const vx_engine *e, uint32_t i)
{
    vx_cells set = {{0}};
    const uint8_t *cells = &e->crossing_cells[e->crossings[i].at];
    for (int j = 0; j < e->crossings[i].shared; j++) {
        set.w[cells[j] / 64] |= UINT64_C(1) << (cells[j] % 64);
    }
    return set;
}

/* Finds, for each side of each crossing, other crossings of the same unit
 * whose shared cells tile that side exactly (taken greedily in list
 * order), so that vx_locked reads their masks instead of the cells. Past
 * VX_TILE_TRIES crossings of the unit a side keeps its cells. The
 * crossings are listed by unit first, so the search stays linear when a
 * hostile list fills them. */
#define VX_TILE_TRIES 64
static void vx_crossings_tile(vx_engine *e)
{
    uint32_t first[VX_MAX_UNITS + 1], fill[VX_MAX_UNITS];
    uint16_t of_unit[2 * VX_MAX_CROSSINGS];
    memset(first, 0, sizeof(uint32_t) * (e->nunits + 1));
    for (uint32_t i = 0; i < e->ncrossings; i++) {
        first[e->crossings[i].units[0] + 1]++;
        first[e->crossings[i].units[1] + 1]++;
    }
    for (uint32_t u = 0; u < e->nunits; u++) first[u + 1] += first[u];
    memcpy(fill, first, sizeof(uint32_t) * e->nunits);
    for (uint32_t i = 0; i < e->ncrossings;
         i++) { /* ascending: each unit's list is in list order */
        of_unit[fill[e->crossings[i].units[0]]++] = (uint16_t)i;
        of_unit[fill[e->crossings[i].units[1]]++] = (uint16_t)i;
    }
    for (uint32_t i = 0; i < e->ncrossings; i++) {
        for (int side = 0; side < 2; side++) {
            uint32_t unit = e->crossings[i].units[side];
            vx_cells rest = vx_crossing_rest(e, i, side), covered = {{0}};
            int covers = 0, tries = 0;
            for (uint32_t k = first[unit]; k < first[unit + 1] && tries < VX_TILE_TRIES; k++) {
                uint32_t j = of_unit[k];
                if (j == i) continue;
                vx_cells tile = vx_crossing_shared(e, j);
                if (!vx_cells_within(&tile, &rest)) continue;
                tries++;
                if (vx_cells_meet(&tile, &covered)) continue;
                if (covers == SUDOKU_VARIANT_MAX_SIZE / 2) break;
                e->crossings[i].cover[side][covers++] = (uint16_t)j;
                for (int w = 0; w < VX_PEER_WORDS; w++) covered.w[w] |= tile.w[w];
            }
            bool tiled = true;
            for (int w = 0; w < VX_PEER_WORDS; w++) tiled = tiled && covered.w[w] == rest.w[w];
            e->crossings[i].covers[side] = tiled ? (uint8_t)covers : 0;
        }
    }
}

/* Lists the pairs of units that share two cells or more (at most
 * VX_MAX_CROSSINGS: the rule is an extra). */
static void vx_crossings_build(vx_engine *e)
{
    e->ncrossings = 0;
    int n = e->n;
    for (uint32_t u = 0; u < e->nunits; u++) {
        const uint8_t *cells = &e->unit_cells[u * (uint32_t)n];
        for (int i = 0; i < n; i++) {
            for (uint32_t k = e->cell_unit_first[cells[i]]; k < e->cell_unit_first[cells[i] + 1];
                 k++) {
                uint32_t v = e->cell_units[k];
                if (v <= u) continue;
                /* count the pair once: at the first cell it shares */
                int shared = 0, first = -1;
                for (int j = 0; j < n; j++) {
                    if (vx_in_unit(e, v, cells[j])) {
                        if (first < 0) first = j;
                        shared++;
                    }
                }
                if (first != i || shared < 2 || shared == n) continue;
                if (e->ncrossings == VX_MAX_CROSSINGS) return;
                /* the shared cells, then u's others, then v's others */
                uint32_t at = e->ncrossings * 2 * (uint32_t)SUDOKU_VARIANT_MAX_SIZE;
                uint8_t *out = &e->crossing_cells[at];
                const uint8_t *other = &e->unit_cells[v * (uint32_t)n];
                int w = 0;
                for (int j = 0; j < n; j++) {
                    if (vx_in_unit(e, v, cells[j])) out[w++] = cells[j];
                }
                for (int j = 0; j < n; j++) {
                    if (!vx_in_unit(e, v, cells[j])) out[w++] = cells[j];
                }
                for (int j = 0; j < n; j++) {
                    if (!vx_in_unit(e, u, other[j])) out[w++] = other[j];
                }
                e->crossings[e->ncrossings].at = at;
                e->crossings[e->ncrossings].units[0] = u;
                e->crossings[e->ncrossings].units[1] = v;
                e->crossings[e->ncrossings++].shared = (uint8_t)shared;
            }
        }
    }
    vx_crossings_tile(e);
}

/* Whether the deadline passed or the cancel flag rose; sets e->stopped.
 * Read between nodes, and inside a node every VX_RUNS_BETWEEN_CHECKS
 * propagator runs: a hostile list (thousands of sandwiches on a 16x16)
 * can make one node's propagation last seconds. */
static bool vx_out_of_time(vx_engine *e)
{
    e->stopped = sdk_out_of_time(e->limits);
    return e->stopped != SUDOKU_LIMIT_NONE;
}

static bool vx_propagate(vx_engine *e)
{
    for (;;) {
        if (e->sq_head < e->sq_tail) {
            int cell = e->solved_queue[e->sq_head++];
            if (!vx_naked(e, cell)) {
                e->weight[cell]++;
                return false;
            }
            continue;
        }
        int w = 0, words = (int)((e->nunits + 63) / 64);
        while (w < words && e->dirty_units[w] == 0) w++;
        if (w < words && e->pq_head == e->pq_tail) {
            uint32_t u = (uint32_t)w * 64 + (uint32_t)sdk_ctz(e->dirty_units[w]);
            e->dirty_units[w] &= e->dirty_units[w] - 1;
            if (!vx_hidden(e, u)) {
                for (int i = 0; i < e->n; i++) e->weight[e->unit_cells[u * (uint32_t)e->n + i]]++;
                return false;
            }
            continue;
        }
        if (e->pq_head == e->pq_tail) {
            if (e->stats.backtracks < VX_HARD_AFTER || e->nsolved == e->ncells) return true;
            uint32_t before = e->trail_len;
            if (!vx_locked(e)) return false;
            if (e->trail_len == before) return true;
            continue;
        }
        if ((++e->runs & (VX_RUNS_BETWEEN_CHECKS - 1)) == 0 && vx_out_of_time(e)) return false;
        uint32_t p = e->prop_queue[e->pq_head];
        e->pq_head = e->pq_head == e->nprops ? 0 : e->pq_head + 1;
        /* An idempotent propagator's own changes need not wake it again:
         * it stays marked queued while it runs. */
        bool idempotent = e->props[p].idempotent;
        e->in_queue[p] = idempotent;
        bool held = e->props[p].run(e, &e->props[p]);
        if (idempotent) e->in_queue[p] = 0;
        if (!held) {
            for (int i = 0; i < e->props[p].ncells; i++) e->weight[e->props[p].cells[i]]++;
            return false;
        }
    }
}

/* Sets the board to the rules' masks and the givens, every rule to run. */
static bool vx_board_init(vx_engine *e, const uint8_t *givens)
{
    e->trail_len = 0;
    e->nsolved = 0;
    vx_clear_queues(e);
    memset(e->holders, 0, sizeof(e->holders));
    e->cand[VX_MAX_CELLS] = 0;
    bool ok = true;
    for (int c = 0; c < e->ncells; c++) {
        uint16_t m = e->initial[c];
        if (givens[c]) {
            ok = ok && (m & vx_bit(givens[c]));
            m &= vx_bit(givens[c]);
        }
        e->cand[c] = m;
        vx_holders_set(e, c, m, true);
        ok = ok && m != 0; /* the rules alone can leave a cell nothing */
        if (m != 0 && (m & (m - 1)) == 0) {
            e->solved_queue[e->sq_tail++] = (uint8_t)c;
            e->nsolved++;
        }
    }
    memset(e->dirty_units, 0, sizeof(e->dirty_units));
    for (uint32_t u = 0; u < e->nunits; u++) e->dirty_units[u / 64] |= UINT64_C(1) << (u % 64);
    for (uint32_t p = 0; p < e->nprops; p++) {
        e->in_queue[p] = 1;
        e->prop_queue[p] = p;
    }
    e->pq_head = 0;
    e->pq_tail = e->nprops;
    return ok;
}

/* ---- search
 * ---------------------------------------------------------------------------------------- */

/* The unsolved cell with the fewest candidates per weight, -1 when all are
 * solved (dom/wdeg). A cell's weight starts at the number of propagators
 * watching it and grows by one each time a deduction involving it fails:
 * the cells where the puzzle keeps failing go first. Measured on
 * bench/data/variants against plain fewest-candidates, nodes a puzzle:
 * killer 193 -> 51, arrow 500 -> 375, little killer 8799 -> 7128, mixed
 * 525 -> 113, sandwich 58 -> 28; chess (no propagators) about equal. */
static int vx_pick(const vx_engine *e)
{
    int best = -1;
    uint32_t best_k = 1, best_w = 0;
    for (int c = 0; c < e->ncells; c++) {
        uint16_t m = e->cand[c];
        if ((m & (m - 1)) == 0) continue;
        uint32_t k = (uint32_t)__builtin_popcount(m), w = e->weight[c] + 1;
        uint64_t mine = (uint64_t)k * best_w, theirs = (uint64_t)best_k * w;
        if (best < 0 || mine < theirs || (mine == theirs && k < best_k)) {
            best = c;
            best_k = k;
            best_w = w;
        }
    }
    return best;
}

/* Starts a search under lim: no stats, every cell weighing its propagators. */
static void vx_search_start(vx_engine *e, const sudoku_limits *lim)
{
    e->limits = lim;
    e->stopped = SUDOKU_LIMIT_NONE;
    e->runs = 0;
    memset(&e->stats, 0, sizeof(e->stats));
    e->stats.nodes = 1;
    for (int c = 0; c < e->ncells; c++) e->weight[c] = e->watch_first[c + 1] - e->watch_first[c];
}

static void vx_record(const vx_engine *e, sudoku_result *r)
{
    if (r->solutions && r->solutions_stored < r->solutions_capacity) {
        uint8_t *out = &r->solutions[r->solutions_stored * (size_t)e->ncells];
        for (int c = 0; c < e->ncells; c++) out[c] = (uint8_t)vx_min(e->cand[c]);
        r->solutions_stored++;
    }
    r->solution_count++;
}

/* Depth-first search from the board as it stands (`ok`: its propagation
 * held). Adds to r's count, solutions, count_exact and limit_reason; the
 * board is left somewhere below where it started: the caller undoes. */
static void vx_dfs(vx_engine *e, const sudoku_limits *lim, bool ok, sudoku_result *r)
{
    uint64_t max = lim->max_solutions ? lim->max_solutions : 1, next_check = 0;
    int depth = 0;
    for (;;) {
        if (e->stopped != SUDOKU_LIMIT_NONE) { /* out of time inside a propagation */
            r->limit_reason = e->stopped;
            return;
        }
        if (!ok) {
            e->stats.backtracks++;

        } else {
            int cell = vx_pick(e);
            if (cell < 0) {
                vx_record(e, r);
                if (r->solution_count >= max) return;
            } else {
                vx_frame *f = &e->frames[depth++];
                f->cell = (uint16_t)cell;
                f->untried = e->cand[cell];
                f->mark = e->trail_len;
                f->nsolved = e->nsolved;
                if ((uint32_t)depth > e->stats.max_depth) e->stats.max_depth = (uint32_t)depth;
            }
        }
        while (depth > 0 && e->frames[depth - 1].untried == 0) depth--;
        if (depth == 0) {
            r->count_exact = true;
            return;
        }
        r->limit_reason = sdk_over_budget(e->stats.nodes, lim, &next_check);
        if (r->limit_reason != SUDOKU_LIMIT_NONE) return;

        vx_frame *f = &e->frames[depth - 1];
        vx_undo(e, f->mark, f->nsolved);
        uint16_t bit = f->untried & (uint16_t)-f->untried;
        f->untried ^= bit;
        e->stats.nodes++;
        e->stats.guesses++;
        ok = vx_keep(e, f->cell, bit) && vx_propagate(e);
    }
}

void vx_search(vx_engine *e, const uint8_t *givens, const sudoku_limits *lim, sudoku_result *r)
{
    vx_search_start(e, lim);
    bool ok = vx_board_init(e, givens) && vx_propagate(e);
    vx_dfs(e, lim, ok, r);
    r->stats = e->stats;
}

void vx_true_candidates(vx_engine *e, const uint8_t *givens, const sudoku_limits *lim,
                        uint16_t *found, sudoku_result *r)
{
    vx_search_start(e, lim);
    memset(found, 0, (size_t)e->ncells * sizeof(*found));
    bool ok = vx_board_init(e, givens) && vx_propagate(e);
    r->limit_reason = e->stopped;
    ok = ok && e->stopped == SUDOKU_LIMIT_NONE;
    uint16_t root[VX_MAX_CELLS];
    memcpy(root, e->cand, (size_t)e->ncells * sizeof(*root));
    uint32_t mark = e->trail_len;
    int nsolved = e->nsolved;
    sudoku_limits one = *lim;
    one.max_solutions = 1;
    uint8_t solution[VX_MAX_CELLS];
    for (int c = 0; ok && c < e->ncells; c++) {
        for (uint16_t tried = 0, todo; (todo = root[c] & ~found[c] & ~tried) != 0;) {
            uint16_t bit = todo & (uint16_t)-todo;
            tried |= bit;
            sudoku_result sub = {.solutions = solution, .solutions_capacity = 1};
            vx_undo(e, mark, nsolved);
            e->stats.nodes++;
            vx_dfs(e, &one, vx_keep(e, c, bit) && vx_propagate(e), &sub);
            if (sub.limit_reason != SUDOKU_LIMIT_NONE) {
                r->limit_reason = sub.limit_reason;
                ok = false;
                break;
            }
            if (sub.solution_count == 0) continue;
            for (int x = 0; x < e->ncells; x++) found[x] |= vx_bit(solution[x]);
            if (r->solution_count++ == 0 && r->solutions && r->solutions_capacity) {
                memcpy(r->solutions, solution, (size_t)e->ncells);
                r->solutions_stored = 1;
            }
        }
    }
    vx_undo(e, mark, nsolved);
    r->count_exact = r->limit_reason == SUDOKU_LIMIT_NONE;
    r->stats = e->stats;
}
