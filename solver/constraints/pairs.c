/* pairs.c -- the two-cell kinds: DIFFERENCE, RATIO, PAIR_SUM (X and V), EQUAL and LESS.
 *
 * DESIGN: a relation between two cells is a table, for each digit of one
 * cell the digits the other may hold (vx_pair). Every relation on the same
 * two cells ANDs into one table, so a white dot, a whisper and a negative
 * rule on one edge cost one propagator. WHISPERS (whispers.c) and NEGATIVE
 * (negative.c) build their tables from vx_pair_relation too.
 */
#include <stdlib.h>

#include "solver/constraints/constraints.h"

bool vx_pair_relation(int kind, int value, int x, int y)
{
    switch (kind) {
    case SUDOKU_CON_DIFFERENCE:
        return abs(x - y) == value;
    case SUDOKU_CON_RATIO:
        return x == value * y || y == value * x;
    case SUDOKU_CON_PAIR_SUM:
        return x + y == value;
    case SUDOKU_CON_EQUAL:
        return x == y;
    case SUDOKU_CON_LESS:
        return x < y;
    default:
        return false;
    }
}

int vx_pair_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                  char *err)
{
    (void)cells;
    int n = v->grid.size;
    for (int x = 1; x <= n; x++) {
        for (int y = 1; y <= n; y++) {
            if (vx_pair_relation(c->kind, c->value, x, y)) return 0;
        }
    }
    return vx_err(err, "no two digits 1..%d are %s %d", n,
                  sudoku_constraint_kind_str((sudoku_constraint_kind)c->kind), (int)c->value);
}

bool vx_pair_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                   const uint8_t *digits)
{
    (void)v;
    return vx_pair_relation(c->kind, c->value, digits[cells[0]], digits[cells[1]]);
}

bool vx_pair_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    uint16_t allowed[SUDOKU_VARIANT_MAX_SIZE + 1] = {0};
    for (int x = 1; x <= e->n; x++) {
        for (int y = 1; y <= e->n; y++) {
            if (vx_pair_relation(c->kind, c->value, x, y)) allowed[x] |= vx_bit(y);
        }
    }
    return vx_add_pair(e, cells[0], cells[1], allowed);
}
