/* cage.c -- CAGE: distinct digits, and their sum when the cage has one.
 *
 * DESIGN: a cage of k cells summing to s can only hold one of the k-digit
 * sets with that sum; compile lists them (k-subsets by Gosper's walk), and
 * the propagator keeps the sets that contain every solved digit, use only
 * digits still present, and leave each cell a candidate. Each cell keeps
 * the digits of the sets that stand. Distinctness is peers, and a cage of N
 * cells is also a unit (hidden singles).
 */
#include "solver/constraints/constraints.h"

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

bool vx_cage_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    int k = c->ncells;
    vx_add_peers(e, cells, k);
    if (k == e->n) vx_add_unit(e, cells);
    if (c->value == 0) return true;

    /* Gosper's hack: every k-bit subset of the n digits, in increasing order. */
    uint32_t at = e->ndata, count = 0;
    uint16_t union_ = 0;
    for (uint32_t set = (1u << k) - 1; set < (1u << e->n);) {
        int sum = 0;
        for (uint32_t m = set; m; m &= m - 1) sum += __builtin_ctz(m) + 1;
        if (sum == c->value) {
            uint32_t slot;
            int32_t *w = vx_data(e, 1, &slot);
            if (!w) return false;
            *w = (int32_t)set;
            count++;
            union_ |= (uint16_t)set;
        }
        uint32_t low = set & -set, ripple = set + low;
        set = ripple | (((set ^ ripple) >> 2) / low);
    }
    for (int i = 0; i < k; i++) e->initial[cells[i]] &= union_;
    vx_prop *p = vx_add_prop(e, vx_cage_run, cells, k);
    if (!p) return false;
    p->data = at;
    p->ndata = count;
    return true;
}
