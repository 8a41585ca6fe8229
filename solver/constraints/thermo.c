/* thermo.c -- THERMO: digits strictly increasing from the bulb.
 *
 * DESIGN: bounds both ways. Walking from the bulb each cell must exceed the
 * smallest digit its predecessor can hold; walking back each must stay
 * below the largest its successor can hold. A strictly increasing line has
 * distinct digits, so its cells are also peers.
 */
#include "solver/constraints/constraints.h"

int vx_thermo_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                    char *err)
{
    (void)cells;
    if (c->ncells > v->grid.size)
        return vx_err(err, "a thermometer of %d cells cannot increase through digits 1..%d",
                      c->ncells, v->grid.size);
    return 0;
}

bool vx_thermo_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                     const uint8_t *digits)
{
    (void)v;
    for (int i = 1; i < c->ncells; i++) {
        if (digits[cells[i]] <= digits[cells[i - 1]]) return false;
    }
    return true;
}

static bool vx_thermo_run(vx_engine *e, const vx_prop *p)
{
    int floor = 0;
    for (int i = 0; i < p->ncells; i++) {
        if (!vx_keep(e, p->cells[i], vx_range(floor + 1, SUDOKU_VARIANT_MAX_SIZE))) return false;
        floor = vx_min(e->cand[p->cells[i]]);
    }
    int ceiling = e->n + 1;
    for (int i = p->ncells - 1; i >= 0; i--) {
        if (!vx_keep(e, p->cells[i], vx_range(1, ceiling - 1))) return false;
        ceiling = vx_max(e->cand[p->cells[i]]);
    }
    return true;
}

bool vx_thermo_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    int k = c->ncells;
    vx_add_peers(e, cells, k);
    for (int i = 0; i < k; i++) e->initial[cells[i]] &= vx_range(i + 1, e->n - (k - 1 - i));
    return vx_add_prop(e, vx_thermo_run, cells, k) != NULL;
}
