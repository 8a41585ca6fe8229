/* sum.c -- SUM (little killer: repeats allowed) and ARROW (the shaft sums to the pill's number).
 *
 * DESIGN: a sum of cells that must land in a set of totals (one total for
 * a SUM, the pill's possible numbers for an ARROW) keeps exactly the
 * digits that some choice of the other cells' digits completes: sums
 * reachable from the left (prefix sets) against totals still reachable
 * from the right (need sets), as bit sets of totals, a shift per digit.
 * Repeats are allowed, so digits that must differ (cells that share a
 * unit) are left to the peers. An ARROW then keeps the pill numbers the
 * shaft can reach. Sums too long or too large for the bit sets fall back
 * to bounds on the one linear equation sum of w_i * x_i = target (pill
 * weights -100, -10, -1, shaft +1), which also serves the house rule's
 * derived sums. Either way a broken complete sum empties a cell.
 */
#include <string.h>

#include "solver/bits.h"
#include "solver/constraints/constraints.h"

/* Totals the bit sets hold, 0..VX_SUM_BITS-1, and the cells a sum may have to use them. */
#define VX_SUM_WORDS 16
#define VX_SUM_BITS  (64 * VX_SUM_WORDS)
#define VX_SUM_CELLS 32

typedef struct vx_sums {
    uint64_t w[VX_SUM_WORDS];
} vx_sums;

/* out |= in shifted up (toward larger totals) by s, 0 <= s < 64, over
 * the first `words` words (the totals a sum can reach). */
static inline void vx_sums_or_up(vx_sums *out, const vx_sums *in, int s, int words)
{
    for (int i = words - 1; i >= 0; i--) {
        uint64_t v = in->w[i] << s;
        if (s && i > 0) v |= in->w[i - 1] >> (64 - s);
        out->w[i] |= v;
    }
}

/* out |= in shifted down by s, 0 <= s < 64, over the first `words` words. */
static inline void vx_sums_or_down(vx_sums *out, const vx_sums *in, int s, int words)
{
    for (int i = 0; i < words; i++) {
        uint64_t v = in->w[i] >> s;
        if (s && i + 1 < words) v |= in->w[i + 1] << (64 - s);
        out->w[i] |= v;
    }
}

/* Whether (a shifted up by s) meets b, over the first `words` words. */
static inline bool vx_sums_meet_up(const vx_sums *a, const vx_sums *b, int s, int words)
{
    for (int i = 0; i < words; i++) {
        uint64_t v = a->w[i] << s;
        if (s && i > 0) v |= a->w[i - 1] >> (64 - s);
        if (v & b->w[i]) return true;
    }
    return false;
}

/* Whether a sum of k cells of an n x n grid fits the bit sets. */
static bool vx_sum_fits(int n, int k)
{
    return k <= VX_SUM_CELLS && k * n < VX_SUM_BITS;
}

/* Cells that must differ (peers, next to each other in the sum's list:
 * a little killer's cells in one box, an arrow's in one row) are taken
 * together, up to this many. */
#define VX_GROUP_CELLS 3

/* Splits cells[0..k) into groups of peers, and returns how many. The
 * split depends on the peers alone, which are fixed once compiled, so a
 * cache keeps each group's size and cells. */
static int vx_groups(const vx_engine *e, const uint8_t *cells, int k, vx_group *group)
{
    int groups = 0;
    if (group[0].size) {
        for (int i = 0; i < k; i += group[groups++].size) {
        }
        return groups;
    }
    int start[VX_SUM_CELLS + 1];
    for (int i = 0; i < k; i++) {
        int size = groups ? i - start[groups - 1] : 0;
        bool joins = size > 0 && size < VX_GROUP_CELLS;
        for (int j = i - size; joins && j < i; j++) {
            joins = e->peers[cells[i]][cells[j] / 64] >> (cells[j] % 64) & 1;
        }
        if (!joins) start[groups++] = i;
    }
    start[groups] = k;
    for (int g = 0; g < groups; g++) {
        group[g].size = (uint8_t)(start[g + 1] - start[g]);
        for (int i = 0; i < VX_GROUP_CELLS; i++) {
            group[g].cells[i] = i < group[g].size ? cells[start[g] + i] : VX_MAX_CELLS;
        }
    }
    return groups;
}

/* Walks the distinct digit choices of a group's cells (size 1..3), with
 * digits as bits (digit d is bit d - 1, total t bit t): returns the totals
 * they make, and ORs into keep[i] the digits of cell i in the choices
 * whose total `wanted` holds. The cells with fewer digits are walked a
 * digit at a time and the one with the most goes at once, as a mask
 * shifted by the total so far: at most N * (N - 1) steps, and N - 1 when
 * a cell is solved. */
static uint64_t vx_group_walk(const uint16_t *m, int size, uint64_t wanted, uint16_t *keep)
{
    if (size == 1) {
        keep[0] |= (uint16_t)(m[0] & (wanted >> 1));
        return (uint64_t)m[0] << 1;
    }
    /* the cell with the most digits goes last, as the mask (no branch to mispredict) */
    int p0 = sdk_popcount(m[0]), p1 = sdk_popcount(m[1]), p2 = size > 2 ? sdk_popcount(m[2]) : -1;
    int c = p0 >= p1 ? (p0 >= p2 ? 0 : 2) : (p1 >= p2 ? 1 : 2);
    int a = c == 0 ? 1 : 0, b = size == 2 ? c : 3 - c - a; /* of two cells, c is the mask */
    uint64_t totals = 0;
    for (uint16_t xs = m[a]; xs; xs &= xs - 1) {
        int x = __builtin_ctz(xs) + 1;
        uint16_t bx = vx_bit(x);
        if (size == 2) {
            uint16_t ys = m[b] & ~bx, hit = (uint16_t)(ys & (wanted >> (x + 1)));
            totals |= (uint64_t)ys << (x + 1);
            if (hit) keep[a] |= bx, keep[b] |= hit;
            continue;
        }
        for (uint16_t ys = m[b] & ~bx; ys; ys &= ys - 1) {
            int y = __builtin_ctz(ys) + 1;
            uint16_t zs = m[c] & ~bx & ~vx_bit(y), hit = (uint16_t)(zs & (wanted >> (x + y + 1)));
            totals |= (uint64_t)zs << (x + y + 1);
            if (hit) keep[a] |= bx, keep[b] |= vx_bit(y), keep[c] |= hit;
        }
    }
    return totals;
}

/* g's totals and used digits from the masks m of its cells, unless they
 * are the masks it was filled from. */
static void vx_group_fill(vx_group *g, const uint16_t *m)
{
    if (g->filled && g->masks[0] == m[0] && g->masks[1] == m[1] && g->masks[2] == m[2]) return;
    memcpy(g->masks, m, sizeof(g->masks));
    memset(g->used, 0, sizeof(g->used));
    g->filled = true;
    g->totals = vx_group_walk(m, g->size, ~UINT64_C(0), g->used);
}

/* The digits of g's cells that reach a total in `wanted`, into keep[0..g->size). */
static void vx_group_keep(const vx_group *g, uint64_t wanted, uint16_t *keep)
{
    if (wanted == g->totals) {
        memcpy(keep, g->used, sizeof(g->used));
    } else {
        memset(keep, 0, sizeof(g->used));
        vx_group_walk(g->masks, g->size, wanted, keep);
    }
}

/* vx_sum_support() over `words` words of totals; inlined twice so that the
 * common case, totals below 128 (a 9x9 sum), runs with a constant 2. */
static inline __attribute__((always_inline)) bool
vx_sum_support_words(vx_engine *e, const uint8_t *cells, int k, vx_group *group,
                     const vx_sums *totals, vx_sums *reach, int words)
{
    size_t bytes = (size_t)words * sizeof(uint64_t);
    int groups = vx_groups(e, cells, k, group);
    vx_sums prefix[VX_SUM_CELLS + 1], need;
    memset(&prefix[0], 0, bytes);
    prefix[0].w[0] = 1;
    for (int g = 0; g < groups; g++) {
        const uint16_t *at = group[g].cells;
        uint16_t m[VX_GROUP_CELLS] = {e->cand[at[0]], e->cand[at[1]], e->cand[at[2]]};
        vx_group_fill(&group[g], m);
        if (g + 1 == groups && !reach)
            break; /* the totals of all the cells: only reach wants them */
        memset(&prefix[g + 1], 0, bytes);
        if (g == 0) { /* the prefix before it is {0} */
            prefix[1].w[0] = group[0].totals;
            continue;
        }
        for (uint64_t t = group[g].totals; t; t &= t - 1) {
            vx_sums_or_up(&prefix[g + 1], &prefix[g], __builtin_ctzll(t), words);
        }
    }
    if (reach) {
        memset(reach, 0, sizeof(*reach));
        memcpy(reach, &prefix[groups], bytes);
    }
    memcpy(&need, totals, bytes);
    for (int g = groups - 1; g >= 0; g--) {
        uint64_t wanted = 0;
        vx_sums before;
        if (g == 0) {
            wanted = group[0].totals & need.w[0]; /* the prefix before the first group is {0} */
        } else {
            memset(&before, 0, bytes);
            for (uint64_t ts = group[g].totals; ts; ts &= ts - 1) {
                int t = __builtin_ctzll(ts);
                if (!vx_sums_meet_up(&prefix[g], &need, t, words)) continue;
                vx_sums_or_down(&before, &need, t, words);
                wanted |= UINT64_C(1) << t;
            }
        }
        uint16_t keep[VX_GROUP_CELLS];
        vx_group_keep(&group[g], wanted, keep);
        for (int i = 0; i < group[g].size;
             i++) { /* the masks are the cells' own: none changed since */
            if ((group[g].masks[i] & ~keep[i]) && !vx_keep(e, group[g].cells[i], keep[i]))
                return false;
        }
        if (g) memcpy(&need, &before, bytes);
    }
    return true;
}

/* Narrows cells[0..k) to the digits some completion to a total in
 * `totals` uses; *reach, unless NULL, gets every total the cells can
 * make. `cache` has room for a group per cell, or is NULL. */
static bool vx_sum_support(vx_engine *e, const uint8_t *cells, int k, vx_group *cache,
                           const vx_sums *totals, vx_sums *reach)
{
    int words = k * e->n / 64 + 1;
    vx_group local[VX_SUM_CELLS];
    if (!cache) {
        memset(local, 0, sizeof(local[0]) * (size_t)k);
        cache = local;
    }
    if (words == 1) return vx_sum_support_words(e, cells, k, cache, totals, reach, 1);
    if (words == 2) return vx_sum_support_words(e, cells, k, cache, totals, reach, 2);
    return vx_sum_support_words(e, cells, k, cache, totals, reach, words);
}

/* The group cache of a sum propagator: room for one group per cell, or NULL. */
static vx_group *vx_sum_cache(vx_engine *e, const vx_prop *p)
{
    return p->ndata ? &e->groups[p->data] : NULL;
}

/* Reserves a sum propagator's group cache, k groups at most; none when full. */
static void vx_sum_cache_add(vx_engine *e, vx_prop *p, int k)
{
    if ((uint32_t)k > VX_MAX_GROUPS - e->ngroups) return;
    p->data = e->ngroups;
    p->ndata = (uint32_t)k;
    memset(&e->groups[e->ngroups], 0, sizeof(vx_group) * (size_t)k);
    e->ngroups += (uint32_t)k;
}

static bool vx_sum_run(vx_engine *e, const vx_prop *p)
{
    vx_sums totals = {0};
    totals.w[p->value / 64] = UINT64_C(1) << (p->value % 64);
    return vx_sum_support(e, p->cells, p->ncells, vx_sum_cache(e, p), &totals, NULL);
}

/* With reach NULL: the numbers an arrow's pill (cells[0..aux)) can read,
 * into *numbers. Otherwise: keep[i] gets the digits of pill cell i in the
 * readings whose number reach holds. A digit of 10 or more weighs its
 * place value as any other (d * 10^k), the rule the weights state. */
static void vx_pill_numbers(const vx_engine *e, const vx_prop *p, vx_sums *numbers,
                            const vx_sums *reach, uint16_t *keep)
{
    int aux = p->aux, d[3] = {0, 0, 0};
    uint16_t m[3] = {0, 0, 0};
    for (int i = 0; i < aux; i++) m[i] = e->cand[p->cells[i]];
    for (uint16_t a = m[0]; a; a &= a - 1) {
        d[0] = __builtin_ctz(a) + 1;
        for (uint16_t b = aux > 1 ? m[1] : 1; b; b &= b - 1) {
            d[1] = __builtin_ctz(b) + 1;
            for (uint16_t c = aux > 2 ? m[2] : 1; c; c &= c - 1) {
                d[2] = __builtin_ctz(c) + 1;
                int number = aux == 1   ? d[0]
                             : aux == 2 ? 10 * d[0] + d[1]
                                        : 100 * d[0] + 10 * d[1] + d[2];
                if (number >= VX_SUM_BITS) continue;
                if (!reach) {
                    numbers->w[number / 64] |= UINT64_C(1) << (number % 64);
                } else if (reach->w[number / 64] >> (number % 64) & 1) {
                    for (int i = 0; i < aux; i++) keep[i] |= vx_bit(d[i]);
                }
            }
        }
    }
}

static bool vx_arrow_run(vx_engine *e, const vx_prop *p)
{
    vx_sums numbers = {0}, reach;
    uint16_t keep[3] = {0, 0, 0};
    vx_pill_numbers(e, p, &numbers, NULL, NULL);
    if (!vx_sum_support(e, p->cells + p->aux, p->ncells - p->aux, vx_sum_cache(e, p), &numbers,
                        &reach))
        return false;
    vx_pill_numbers(e, p, NULL, &reach, keep);
    for (int i = 0; i < p->aux; i++) {
        if (!vx_keep(e, p->cells[i], keep[i])) return false;
    }
    return true;
}

static bool vx_linear_run(vx_engine *e, const vx_prop *p)
{
    const int32_t *w = &e->data[p->data];
    int lo[VX_MAX_CELLS], hi[VX_MAX_CELLS], low = 0, high = 0;
    for (int i = 0; i < p->ncells; i++) {
        uint16_t m = e->cand[p->cells[i]];
        int a = w[i] * vx_min(m), b = w[i] * vx_max(m);
        lo[i] = a < b ? a : b;
        hi[i] = a < b ? b : a;
        low += lo[i];
        high += hi[i];
    }
    if (p->value < low || p->value > high) return false;
    for (int i = 0; i < p->ncells; i++) {
        int from = p->value - (high - hi[i]), to = p->value - (low - lo[i]);
        if (from <= lo[i] && to >= hi[i]) continue;
        uint16_t keep = 0;
        for (uint16_t m = e->cand[p->cells[i]]; m; m &= m - 1) {
            int d = __builtin_ctz(m) + 1, t = w[i] * d;
            if (t >= from && t <= to) keep |= vx_bit(d);
        }
        if (!vx_keep(e, p->cells[i], keep)) return false;
    }
    return true;
}

bool vx_sum_add(vx_engine *e, const uint8_t *cells, int ncells, const int32_t *weights, int target)
{
    if (!weights && vx_sum_fits(e->n, ncells)) {
        if (target < 0 || target >= VX_SUM_BITS) { /* a derived total no digits make */
            e->initial[cells[0]] = 0;
            return true;
        }
        vx_prop *p = vx_add_prop(e, vx_sum_run, cells, ncells);
        if (!p) return false;
        p->value = target;
        p->idempotent = true; /* every digit kept has a completion of kept digits */
        vx_sum_cache_add(e, p, ncells);
        return true;
    }
    uint32_t at;
    int32_t *w = vx_data(e, (uint32_t)ncells, &at);
    vx_prop *p = w ? vx_add_prop(e, vx_linear_run, cells, ncells) : NULL;
    if (!p) return false;
    for (int i = 0; i < ncells; i++) w[i] = weights ? weights[i] : 1;
    p->data = at;
    p->ndata = (uint32_t)ncells;
    p->value = target;
    return true;
}

int vx_sum_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                 char *err)
{
    (void)cells;
    int n = v->grid.size, k = c->ncells;
    if (c->value < k || c->value > k * n)
        return vx_err(err, "a sum of %d cannot be made by %d digits 1..%d", (int)c->value, k, n);
    return 0;
}

bool vx_sum_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                  const uint8_t *digits)
{
    (void)v;
    int sum = 0;
    for (int i = 0; i < c->ncells; i++) sum += digits[cells[i]];
    return sum == c->value;
}

bool vx_sum_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    return vx_sum_add(e, cells, c->ncells, NULL, c->value);
}

/* The weight of cell i of an arrow: the pill's place values, then the shaft's 1. */
static int32_t vx_arrow_weight(const sudoku_constraint *c, int i)
{
    if (i >= c->aux) return 1;
    int32_t place = 1;
    for (int j = i + 1; j < c->aux; j++) place *= 10;
    return -place;
}

int vx_arrow_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                   char *err)
{
    (void)v;
    (void)cells;
    if (c->aux < 1 || c->aux > 3)
        return vx_err(err, "an arrow's circle holds 1 to 3 cells, not %d", c->aux);
    if (c->ncells <= c->aux) return vx_err(err, "an arrow needs at least one cell on its shaft");
    return 0;
}

bool vx_arrow_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                    const uint8_t *digits)
{
    (void)v;
    int total = 0;
    for (int i = 0; i < c->ncells; i++) total += vx_arrow_weight(c, i) * digits[cells[i]];
    return total == 0;
}

bool vx_arrow_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    if (vx_sum_fits(e->n, c->ncells - c->aux)) {
        vx_prop *p = vx_add_prop(e, vx_arrow_run, cells, c->ncells);
        if (!p) return false;
        p->aux = c->aux;
        p->idempotent = true;
        vx_sum_cache_add(e, p, c->ncells - c->aux);
        return true;
    }
    int32_t w[VX_MAX_CELLS];
    for (int i = 0; i < c->ncells; i++) w[i] = vx_arrow_weight(c, i);
    return vx_sum_add(e, cells, c->ncells, w, 0);
}
