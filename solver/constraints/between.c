/* between.c -- BETWEEN: the inner digits of a line lie strictly between the digits at its two ends.
 *
 * DESIGN: two cases, the first end low or the first end high. Within a
 * case, bounds: the low end stays below every inner cell's largest digit
 * and the high end's largest, the high end above every inner cell's
 * smallest, the inner cells between the ends' extremes. A case that empties
 * a cell fails; each cell keeps what either standing case leaves it.
 */
#include "solver/constraints/constraints.h"

int vx_between_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                     char *err)
{
    (void)v;
    (void)c;
    (void)cells;
    (void)err;
    return 0;
}

bool vx_between_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                      const uint8_t *digits)
{
    (void)v;
    int a = digits[cells[0]], b = digits[cells[c->ncells - 1]];
    int lo = a < b ? a : b, hi = a < b ? b : a;
    for (int i = 1; i < c->ncells - 1; i++) {
        if (digits[cells[i]] <= lo || digits[cells[i]] >= hi) return false;
    }
    return true;
}

/* The case where cells[low_at] is the low end: writes what each cell keeps
 * to keep[]; false when a cell would keep nothing. */
static bool vx_between_case(const vx_engine *e, const vx_prop *p, int low_at, uint16_t *keep)
{
    int last = p->ncells - 1, high_at = last - low_at;
    uint16_t low = e->cand[p->cells[low_at]], high = e->cand[p->cells[high_at]];
    int inner_max_min = 0,
        inner_min_max = e->n + 1; /* the largest smallest, the smallest largest */
    for (int i = 1; i < last; i++) {
        uint16_t m = e->cand[p->cells[i]];
        if (vx_min(m) > inner_max_min) inner_max_min = vx_min(m);
        if (vx_max(m) < inner_min_max) inner_min_max = vx_max(m);
    }
    int high_max = vx_max(high), low_min = vx_min(low);
    keep[low_at] = low & vx_range(1, (inner_min_max < high_max ? inner_min_max : high_max) - 1);
    keep[high_at] = high & vx_range((inner_max_min > low_min ? inner_max_min : low_min) + 1, e->n);
    if (!keep[low_at] || !keep[high_at]) return false;
    uint16_t inner = vx_range(vx_min(keep[low_at]) + 1, vx_max(keep[high_at]) - 1);
    for (int i = 1; i < last; i++) {
        keep[i] = e->cand[p->cells[i]] & inner;
        if (!keep[i]) return false;
    }
    return true;
}

static bool vx_between_run(vx_engine *e, const vx_prop *p)
{
    uint16_t first[VX_MAX_CELLS], second[VX_MAX_CELLS];
    bool a = vx_between_case(e, p, 0, first), b = vx_between_case(e, p, p->ncells - 1, second);
    if (!a && !b) return false;
    for (int i = 0; i < p->ncells; i++) {
        uint16_t keep = (uint16_t)((a ? first[i] : 0) | (b ? second[i] : 0));
        if (!vx_keep(e, p->cells[i], keep)) return false;
    }
    return true;
}

bool vx_between_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    return vx_add_prop(e, vx_between_run, cells, c->ncells) != NULL;
}
