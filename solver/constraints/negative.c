/* negative.c -- NEGATIVE: every orthogonal neighbour pair not marked with a kind's clue is not in
 * its relation.
 *
 * "Every black dot is given", "every X and V is given", nonconsecutive: the
 * pairs that carry a clue of the negated kind (any value) are left alone;
 * every other orthogonal pair gets the relation's complement as a pair
 * table (pairs.c).
 */
#include "solver/constraints/constraints.h"

int vx_negative_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                      char *err)
{
    (void)v;
    (void)cells;
    if (c->aux != SUDOKU_CON_DIFFERENCE && c->aux != SUDOKU_CON_RATIO &&
        c->aux != SUDOKU_CON_PAIR_SUM)
        return vx_err(err, "a negative rule negates difference, ratio or pair_sum, not %s",
                      sudoku_constraint_kind_str((sudoku_constraint_kind)c->aux));
    if (c->value < 1)
        return vx_err(err, "a negative rule's value is positive, not %d", (int)c->value);
    return 0;
}

/* Calls visit(a, b) on every orthogonal pair no `kind` clue marks, until
 * it returns false. The marks are gathered first: one pass over the list. */
static bool vx_unmarked_pairs(const sudoku_variant *v, int kind,
                              bool (*visit)(void *ctx, int a, int b), void *ctx)
{
    int n = v->grid.size;
    uint8_t marked[VX_MAX_CELLS] = {
        0}; /* bit 0: the pair with the cell to the right; bit 1: below */
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        if (c->kind != kind || c->ncells != 2) continue;
        int a = v->cells[c->first], b = v->cells[c->first + 1];
        int low = a < b ? a : b, gap = a < b ? b - a : a - b;
        if (gap == 1 && low % n + 1 < n) marked[low] |= 1;
        if (gap == n) marked[low] |= 2;
    }
    for (int a = 0; a < n * n; a++) {
        if (a % n + 1 < n && !(marked[a] & 1) && !visit(ctx, a, a + 1)) return false;
        if (a + n < n * n && !(marked[a] & 2) && !visit(ctx, a, a + n)) return false;
    }
    return true;
}

typedef struct vx_negative_ctx {
    const sudoku_constraint *c;
    const uint8_t *digits;
    vx_engine *e;
    uint16_t allowed[SUDOKU_VARIANT_MAX_SIZE + 1];
} vx_negative_ctx;

static bool vx_negative_visit_holds(void *ctx, int a, int b)
{
    const vx_negative_ctx *x = ctx;
    return !vx_pair_relation(x->c->aux, x->c->value, x->digits[a], x->digits[b]);
}

bool vx_negative_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                       const uint8_t *digits)
{
    (void)cells;
    vx_negative_ctx x = {.c = c, .digits = digits};
    return vx_unmarked_pairs(v, c->aux, vx_negative_visit_holds, &x);
}

static bool vx_negative_visit_compile(void *ctx, int a, int b)
{
    vx_negative_ctx *x = ctx;
    return vx_add_pair(x->e, a, b, x->allowed);
}

bool vx_negative_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    (void)cells;
    vx_negative_ctx x = {.c = c, .e = e};
    for (int p = 1; p <= e->n; p++) {
        for (int q = 1; q <= e->n; q++) {
            if (!vx_pair_relation(c->aux, c->value, p, q)) x.allowed[p] |= vx_bit(q);
        }
    }
    return vx_unmarked_pairs(e->v, c->aux, vx_negative_visit_compile, &x);
}
