/* sum.c -- SUM (little killer: repeats allowed) and ARROW (the shaft sums to the pill's number).
 *
 * DESIGN: both are one linear equation, sum of w_i * x_i = target, kept by
 * bounds: each term may only take values the other terms' extremes can
 * balance. A SUM has weights 1 and its value as target; an ARROW gives its
 * pill cells -100, -10, -1 (a decimal number, read in its cells' order)
 * and its shaft +1, with target 0. The weights live in the family data.
 * With every cell solved the bounds meet, so a broken sum empties a cell.
 */
#include "solver/constraints/constraints.h"

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
    int32_t w[VX_MAX_CELLS];
    for (int i = 0; i < c->ncells; i++) w[i] = vx_arrow_weight(c, i);
    return vx_sum_add(e, cells, c->ncells, w, 0);
}
