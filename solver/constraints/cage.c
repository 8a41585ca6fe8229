/* cage.c -- CAGE: distinct digits, and their sum when the cage has one.
 *
 * DESIGN: a cage of k cells summing to s can only hold one of the k-digit
 * sets with that sum; compile lists them (k-subsets by Gosper's walk), and
 * the propagator keeps the sets that contain every solved digit, use only
 * digits still present, and leave each cell a candidate. Each cell keeps
 * the digits of the sets that stand. Distinctness is peers, and a cage of N
 * cells is also a unit (hidden singles).
 */
#include <string.h>

#include "solver/constraints/constraints.h"

/* The house rule adds sums over at most this many cells: more are too weak to pay. */
#define VX_HOUSE_REST 5

/* The smallest and largest sums of k distinct digits of 1..n. */
static int vx_cage_low(int k)
{
    return k * (k + 1) / 2;
}

static int vx_cage_high(int n, int k)
{
    return k * (2 * n - k + 1) / 2;
}

int vx_cage_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                  char *err)
{
    (void)cells;
    int n = v->grid.size, k = c->ncells;
    if (c->value != 0 && (c->value < vx_cage_low(k) || c->value > vx_cage_high(n, k)))
        return vx_err(err, "a sum of %d cannot be made by %d distinct digits 1..%d (%d..%d)",
                      (int)c->value, k, n, vx_cage_low(k), vx_cage_high(n, k));
    return 0;
}

bool vx_cage_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                   const uint8_t *digits)
{
    (void)v;
    unsigned seen = 0;
    int sum = 0;
    for (int i = 0; i < c->ncells; i++) {
        unsigned bit = 1u << digits[cells[i]];
        if (seen & bit) return false;
        seen |= bit;
        sum += digits[cells[i]];
    }
    return c->value == 0 || sum == c->value;
}

static bool vx_cage_run(vx_engine *e, const vx_prop *p)
{
    uint16_t solved = 0, present = 0, allowed = 0;
    for (int i = 0; i < p->ncells; i++) {
        uint16_t m = e->cand[p->cells[i]];
        present |= m;
        if ((m & (m - 1)) == 0) solved |= m;
    }
    const int32_t *sets = &e->data[p->data];
    for (uint32_t s = 0; s < p->ndata; s++) {
        uint16_t set = (uint16_t)sets[s];
        if ((set & solved) != solved || (set & ~present) != 0) continue;
        int i = 0;
        while (i < p->ncells && (e->cand[p->cells[i]] & set)) i++;
        if (i == p->ncells) allowed |= set;
    }
    for (int i = 0; i < p->ncells; i++) {
        if (!vx_keep(e, p->cells[i], allowed)) return false;
    }
    return true;
}

bool vx_cage_sets(vx_engine *e, int k, int sum, uint32_t *at, uint32_t *count)
{
    vx_cage_memo *memo = &e->cage_sets[k][sum];
    if (!memo->listed) {
        memo->at = e->ndata;
        memo->count = 0;
        /* Gosper's hack: every k-bit subset of the n digits, in increasing order. */
        for (uint32_t set = (1u << k) - 1; set < (1u << e->n);) {
            int total = 0;
            for (uint32_t m = set; m; m &= m - 1) total += __builtin_ctz(m) + 1;
            if (total == sum) {
                uint32_t slot;
                int32_t *w = vx_data(e, 1, &slot);
                if (!w) return false;
                *w = (int32_t)set;
                memo->count++;
            }
            uint32_t low = set & -set, ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
        memo->listed = true;
    }
    *at = memo->at;
    *count = memo->count;
    return true;
}

/* Adds a cage of k distinct cells; `has_sum`: they sum to `sum`, which
 * may be one no digits make (a derived sum): the cage then fails. */
static bool vx_cage_add(vx_engine *e, const uint8_t *cells, int k, bool has_sum, int sum)
{
    vx_add_peers(e, cells, k);
    if (k == e->n) vx_add_unit(e, cells);
    if (!has_sum) return true;
    uint32_t at = 0, count = 0;
    if (sum >= 1 && sum <= VX_MAX_CAGE_SUM && !vx_cage_sets(e, k, sum, &at, &count)) return false;
    uint16_t union_ = 0;
    for (uint32_t i = 0; i < count; i++) union_ |= (uint16_t)e->data[at + i];
    for (int i = 0; i < k; i++) e->initial[cells[i]] &= union_;
    vx_prop *p = vx_add_prop(e, vx_cage_run, cells, k);
    if (!p) return false;
    p->data = at;
    p->ndata = count;
    p->idempotent = true; /* a set that stood still stands after the cut */
    return true;
}

bool vx_cage_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    return vx_cage_add(e, cells, c->ncells, c->value != 0, c->value);
}

/* ---- the house rule
 * ------------------------------------------------------------------------------ */

/* Writes the cells of s to out; returns how many. */
static int vx_cells_list(const vx_cells *s, uint8_t *out)
{
    int k = 0;
    for (int i = 0; i < VX_PEER_WORDS; i++) {
        for (uint64_t m = s->w[i]; m; m &= m - 1) out[k++] = (uint8_t)(i * 64 + __builtin_ctzll(m));
    }
    return k;
}

static vx_cells vx_cage_cells(const sudoku_variant *v, const sudoku_constraint *c)
{
    vx_cells s = {0};
    for (int i = 0; i < c->ncells; i++) {
        int x = v->cells[c->first + i];
        s.w[x / 64] |= UINT64_C(1) << (x % 64);
    }
    return s;
}

/* Gathers the cages with a sum into e->cage_cells and e->cage_sums.
 * Returns whether they are pairwise disjoint: the rule adds them up. */
static bool vx_cages_gather(vx_engine *e)
{
    const sudoku_variant *v = e->v;
    vx_cells all = {0};
    e->ncages = 0;
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        if (c->kind != SUDOKU_CON_CAGE || c->value == 0) continue;
        vx_cells s = vx_cage_cells(v, c);
        if (vx_cells_meet(&s, &all)) return false;
        for (int w = 0; w < VX_PEER_WORDS; w++) all.w[w] |= s.w[w];
        e->cage_cells[e->ncages] = s;
        e->cage_sums[e->ncages++] = c->value;
    }
    return true;
}

/* Copies cells into the engine's derived cells; NULL when full. */
static uint8_t *vx_keep_cells(vx_engine *e, const uint8_t *cells, int k)
{
    if ((uint32_t)k > VX_MAX_DERIVED - e->nderived) return NULL;
    uint8_t *out = &e->derived[e->nderived];
    memcpy(out, cells, (size_t)k);
    e->nderived += (uint32_t)k;
    return out;
}

/* The house of `units` whole units (cells `house`): the cages inside it
 * leave the rest of it a known sum (innies); the cages that cross its edge
 * then leave their parts outside a known sum too (outies). */
static bool vx_house(vx_engine *e, const vx_cells *house, int units)
{
    vx_cells inside = {0}, crossing = {0};
    int rest_sum = units * e->n * (e->n + 1) / 2, crossing_sum = 0;
    for (uint32_t i = 0; i < e->ncages; i++) {
        const vx_cells *s = &e->cage_cells[i];
        if (!vx_cells_meet(s, house)) continue;
        vx_cells *to = vx_cells_within(s, house) ? &inside : &crossing;
        for (int w = 0; w < VX_PEER_WORDS; w++) to->w[w] |= s->w[w];
        if (to == &inside)
            rest_sum -= e->cage_sums[i];
        else
            crossing_sum += e->cage_sums[i];
    }
    vx_cells rest, out;
    for (int w = 0; w < VX_PEER_WORDS; w++) {
        rest.w[w] = house->w[w] & ~inside.w[w];
        out.w[w] = crossing.w[w] & ~house->w[w];
    }
    uint8_t cells[VX_MAX_CELLS];
    int k = vx_cells_list(&rest, cells);
    if (k == 0 || k > VX_HOUSE_REST || k == units * e->n) return true;
    uint8_t *kept = vx_keep_cells(e, cells, k);
    if (!kept) return true; /* the rule is an extra: without room, go without it */
    bool ok = units == 1 ? vx_cage_add(e, kept, k, true, rest_sum)
                         : vx_sum_add(e, kept, k, NULL, rest_sum);
    if (!ok || !vx_cells_within(&rest, &crossing)) return ok;
    k = vx_cells_list(&out, cells);
    if (k == 0 || k > VX_HOUSE_REST || !(kept = vx_keep_cells(e, cells, k))) return true;
    return vx_sum_add(e, kept, k, NULL, crossing_sum - rest_sum);
}

bool vx_cage_finish(vx_engine *e)
{
    int n = e->n;
    if (!vx_cages_gather(e) || e->ncages == 0) return true;
    /* Every unit, then every band of 2..N-1 consecutive rows or columns. */
    for (int u = 0; u < 3 * n; u++) {
        vx_cells house = {0};
        for (int i = 0; i < n; i++) {
            int x = e->unit_cells[u * n + i];
            house.w[x / 64] |= UINT64_C(1) << (x % 64);
        }
        if (!vx_house(e, &house, 1)) return false;
    }
    for (int columns = 0; columns < 2; columns++) {
        for (int first = 0; first < n; first++) {
            vx_cells house = {0};
            for (int last = first; last < n - 1 + (first > 0); last++) {
                for (int i = 0; i < n; i++) {
                    int x = columns ? i * n + last : last * n + i;
                    house.w[x / 64] |= UINT64_C(1) << (x % 64);
                }
                if (last > first && !vx_house(e, &house, last - first + 1)) return false;
            }
        }
    }
    return true;
}
