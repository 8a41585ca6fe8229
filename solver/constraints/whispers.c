/* whispers.c -- WHISPERS: neighbours on the line differ by at least the value (German whispers: 5).
 *
 * Each step of the line is a pair table (pairs.c), so a whisper sharing an
 * edge with a dot is one propagator.
 */
#include <stdlib.h>

#include "solver/constraints/constraints.h"

int vx_whispers_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                      char *err)
{
    (void)cells;
    if (c->value < 1 || c->value > v->grid.size - 1)
        return vx_err(err, "a whisper's difference is 1..%d, not %d", v->grid.size - 1,
                      (int)c->value);
    return 0;
}

bool vx_whispers_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                       const uint8_t *digits)
{
    (void)v;
    for (int i = 1; i < c->ncells; i++) {
        if (abs(digits[cells[i]] - digits[cells[i - 1]]) < c->value) return false;
    }
    return true;
}

bool vx_whispers_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    uint16_t allowed[SUDOKU_VARIANT_MAX_SIZE + 1] = {0};
    for (int x = 1; x <= e->n; x++) {
        allowed[x] = (uint16_t)(vx_range(1, x - c->value) | vx_range(x + c->value, e->n));
    }
    for (int i = 1; i < c->ncells; i++) {
        if (!vx_add_pair(e, cells[i - 1], cells[i], allowed)) return false;
    }
    return true;
}
