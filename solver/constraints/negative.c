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

/* Whether a constraint of kind `kind` joins cells a and b. */
static bool vx_marked(const sudoku_variant *v, int kind, int a, int b)
{
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        if (c->kind != kind || c->ncells != 2) continue;
        const uint8_t *cells = &v->cells[c->first];
        if ((cells[0] == a && cells[1] == b) || (cells[0] == b && cells[1] == a)) return true;
    }
    return false;
}

/* Calls visit(a, b) on every orthogonal pair no `kind` clue marks, until it returns false. */
static bool vx_unmarked_pairs(const sudoku_variant *v, int kind,
                              bool (*visit)(void *ctx, int a, int b), void *ctx)
{
    int n = v->grid.size;
    for (int a = 0; a < n * n; a++) {
        int right = a % n + 1 < n ? a + 1 : -1, below = a + n < n * n ? a + n : -1;
        if (right >= 0 && !vx_marked(v, kind, a, right) && !visit(ctx, a, right)) return false;
        if (below >= 0 && !vx_marked(v, kind, a, below) && !visit(ctx, a, below)) return false;
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
