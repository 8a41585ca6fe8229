/* renban.c -- RENBAN: distinct digits that form a run of consecutive digits, in any order.
 *
 * DESIGN: a line of k cells holds exactly one window lo..lo+k-1. A window
 * stands while each cell has a candidate in it and every digit of it can
 * still go somewhere; each cell keeps the digits of the windows that stand.
 * The cells are peers, so solved digits are distinct and fill the window.
 */
#include "solver/constraints/constraints.h"

int vx_renban_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                    char *err)
{
    (void)cells;
    if (c->ncells > v->grid.size)
        return vx_err(err, "a renban line of %d cells needs more than the digits 1..%d", c->ncells,
                      v->grid.size);
    return 0;
}

bool vx_renban_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                     const uint8_t *digits)
{
    (void)v;
    unsigned seen = 0;
    int lo = 99, hi = 0;
    for (int i = 0; i < c->ncells; i++) {
        int d = digits[cells[i]];
        if (seen & (1u << d)) return false;
        seen |= 1u << d;
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    return hi - lo == c->ncells - 1;
}

static bool vx_renban_run(vx_engine *e, const vx_prop *p)
{
    uint16_t present = 0, allowed = 0;
    for (int i = 0; i < p->ncells; i++) present |= e->cand[p->cells[i]];
    for (int lo = 1; lo + p->ncells - 1 <= e->n; lo++) {
        uint16_t window = vx_range(lo, lo + p->ncells - 1);
        if ((present & window) != window) continue;
        int i = 0;
        while (i < p->ncells && (e->cand[p->cells[i]] & window)) i++;
        if (i == p->ncells) allowed |= window;
    }
    for (int i = 0; i < p->ncells; i++) {
        if (!vx_keep(e, p->cells[i], allowed)) return false;
    }
    return true;
}

bool vx_renban_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    vx_add_peers(e, cells, c->ncells);
    if (c->ncells == e->n) vx_add_unit(e, cells);
    return vx_add_prop(e, vx_renban_run, cells, c->ncells) != NULL;
}
