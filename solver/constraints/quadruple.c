/* quadruple.c -- QUADRUPLE: up to four digits that must appear, with multiplicity, among up to four
 * cells.
 *
 * DESIGN: counting. A digit needed m times with fewer than m cells able to
 * hold it fails; with exactly m cells, each of them takes it. When the
 * needed digits fill every cell, no cell holds another digit.
 */
#include "solver/constraints/constraints.h"

/* The digit at place i of a quadruple's packed value. */
static int vx_quad_digit(const sudoku_constraint *c, int i)
{
    return (c->value >> (5 * i)) & 31;
}

int vx_quadruple_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                       char *err)
{
    (void)cells;
    if (c->aux < 1 || c->aux > c->ncells)
        return vx_err(err, "a quadruple of %d cells names 1..%d digits, not %d", c->ncells,
                      c->ncells, c->aux);
    if (c->value >> (5 * c->aux) != 0)
        return vx_err(err, "a quadruple's value holds %d digits", c->aux);
    for (int i = 0; i < c->aux; i++) {
        int d = vx_quad_digit(c, i);
        if (d < 1 || d > v->grid.size)
            return vx_err(err, "a quadruple's digit %d is not 1..%d", d, v->grid.size);
    }
    return 0;
}

/* How many times digit d is needed. */
static int vx_quad_needs(const sudoku_constraint *c, int d)
{
    int k = 0;
    for (int i = 0; i < c->aux; i++) k += vx_quad_digit(c, i) == d;
    return k;
}

bool vx_quadruple_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                        const uint8_t *digits)
{
    (void)v;
    for (int i = 0; i < c->aux; i++) {
        int d = vx_quad_digit(c, i), have = 0;
        for (int j = 0; j < c->ncells; j++) have += digits[cells[j]] == d;
        if (have < vx_quad_needs(c, d)) return false;
    }
    return true;
}

static bool vx_quadruple_run(vx_engine *e, const vx_prop *p)
{
    const sudoku_constraint *c = &e->v->constraints[p->data];
    uint16_t needed = 0;
    for (int i = 0; i < c->aux; i++) {
        int d = vx_quad_digit(c, i), want = vx_quad_needs(c, d), can = 0;
        needed |= vx_bit(d);
        for (int j = 0; j < p->ncells; j++) can += (e->cand[p->cells[j]] & vx_bit(d)) != 0;
        if (can < want) return false;
        for (int j = 0; can == want && j < p->ncells; j++) {
            if ((e->cand[p->cells[j]] & vx_bit(d)) && !vx_keep(e, p->cells[j], vx_bit(d)))
                return false;
        }
    }
    for (int j = 0; c->aux == p->ncells && j < p->ncells; j++) {
        if (!vx_keep(e, p->cells[j], needed)) return false;
    }
    return true;
}

bool vx_quadruple_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    vx_prop *p = vx_add_prop(e, vx_quadruple_run, cells, c->ncells);
    if (p) p->data = (uint32_t)(c - e->v->constraints);
    return p != NULL;
}
