/* digits.c -- DIGITS: one cell limited to a set of digits (odd, even). Applied once, to the start
 * masks. */
#include "solver/constraints/constraints.h"

int vx_digits_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                    char *err)
{
    (void)cells;
    uint32_t full = (1u << v->grid.size) - 1;
    if (c->value <= 0 || ((uint32_t)c->value & ~full) != 0)
        return vx_err(err, "a digit mask of a %dx%d grid is 1..%u, not %d", v->grid.size,
                      v->grid.size, full, (int)c->value);
    return 0;
}

bool vx_digits_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                     const uint8_t *digits)
{
    (void)v;
    return (c->value >> (digits[cells[0]] - 1)) & 1;
}

bool vx_digits_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    e->initial[cells[0]] &= (uint16_t)c->value;
    return true;
}
