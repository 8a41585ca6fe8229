/* variant.c -- the variant list (variant.h): building it, checking a grid against it, and the solve
 * calls.
 *
 * What a kind's cells and value must be lives in its family (constraints/,
 * one row of vx_families); this file checks what every kind shares (cells
 * inside the grid, none repeated, room left) and routes the solves: a
 * variant without constraints is a classic puzzle and takes sudoku_solve().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/constraints/constraints.h"
#include "solver/solver_int.h"

struct sudoku_variant_solver {
    vx_engine engine;
    sudoku_solver *classic;
};

#define VX_KIND_NAME(id, name, doc) name,

const char *sudoku_constraint_kind_str(sudoku_constraint_kind kind)
{
    static const char *const names[] = {SUDOKU_CONSTRAINT_KINDS(VX_KIND_NAME)};
    return SDK_NAME_OF(names, kind);
}

int vx_err(char *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, SUDOKU_ERR_LEN, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int sudoku_variant_init(sudoku_variant *v, const sudoku_puzzle *grid, char *err)
{
    if (sudoku_puzzle_check(grid, err) != 0) return -1;
    if (grid->size > SUDOKU_VARIANT_MAX_SIZE)
        return vx_err(err, "a variant grid is at most %dx%d, not %dx%d", SUDOKU_VARIANT_MAX_SIZE,
                      SUDOKU_VARIANT_MAX_SIZE, grid->size, grid->size);
    if (grid->diagonal) return vx_err(err, "a variant's diagonals are cages of its cells");
    v->grid = *grid;
    v->nconstraints = v->ncells = 0;
    return 0;
}

int sudoku_variant_add(sudoku_variant *v, sudoku_constraint_kind kind, int value, int aux,
                       const uint8_t *cells, int ncells, char *err)
{
    int n = v->grid.size;
    if ((unsigned)kind >= SUDOKU_CON_COUNT) return vx_err(err, "no constraint kind %d", (int)kind);
    const vx_family *f = &vx_families[kind];
    const char *name = sudoku_constraint_kind_str(kind);
    int lo = f->min_cells == VX_N ? n : f->min_cells, hi = f->max_cells == VX_N ? n : f->max_cells;
    if (ncells < lo || ncells > hi) {
        if (lo == hi) return vx_err(err, "a %s takes %d cells, not %d", name, lo, ncells);
        return vx_err(err, "a %s takes %d to %d cells, not %d", name, lo, hi, ncells);
    }
    if (v->nconstraints == SUDOKU_VARIANT_MAX_CONSTRAINTS)
        return vx_err(err, "more than %d constraints", SUDOKU_VARIANT_MAX_CONSTRAINTS);
    if ((uint32_t)ncells > SUDOKU_VARIANT_MAX_REFS - v->ncells)
        return vx_err(err, "more than %d cells over all constraints", SUDOKU_VARIANT_MAX_REFS);
    uint64_t seen[VX_PEER_WORDS] = {0};
    for (int i = 0; i < ncells; i++) {
        if (cells[i] >= n * n)
            return vx_err(err, "cell %d is outside the %dx%d grid", cells[i], n, n);
        if (seen[cells[i] / 64] >> (cells[i] % 64) & 1)
            return vx_err(err, "r%dc%d is in this %s twice", cells[i] / n + 1, cells[i] % n + 1,
                          name);
        seen[cells[i] / 64] |= UINT64_C(1) << (cells[i] % 64);
    }
    sudoku_constraint c = {.kind = (uint8_t)kind,
                           .aux = (uint8_t)aux,
                           .ncells = (uint16_t)ncells,
                           .first = v->ncells,
                           .value = value};
    if (aux < 0 || aux > 255) return vx_err(err, "a %s's aux %d is out of range", name, aux);
    for (uint32_t i = 0; f->max_cells == 0 && i < v->nconstraints; i++) {
        const sudoku_constraint *o = &v->constraints[i];
        if (o->kind == kind && o->aux == aux && o->value == value)
            return vx_err(err, "the %s rule is already on", name);
    }
    if (f->check(v, &c, cells, err) != 0) return -1;
    if (ncells > 0) memcpy(&v->cells[v->ncells], cells, (size_t)ncells);
    v->ncells += (uint32_t)ncells;
    v->constraints[v->nconstraints++] = c;
    return 0;
}

bool sudoku_variant_satisfied(const sudoku_variant *v, const uint8_t *digits)
{
    sudoku_puzzle p = v->grid;
    int cells = p.size * p.size;
    for (int c = 0; c < cells; c++) {
        if (digits[c] < 1 || digits[c] > p.size) return false;
        p.cells[c] = digits[c];
    }
    if (sudoku_conflicts(&p, NULL, 0) != 0) return false;
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        if (!vx_families[c->kind].holds(v, c, &v->cells[c->first], digits)) return false;
    }
    return true;
}

sudoku_variant_solver *sudoku_variant_solver_new(void)
{
    sudoku_variant_solver *s = calloc(1, sizeof(*s));
    if (!s) return NULL;
    vx_engine *e = &s->engine;
    s->classic = sudoku_solver_new(SUDOKU_VARIANT_MAX_SIZE);
    e->cell_units = malloc(VX_MAX_UNITS * SUDOKU_VARIANT_MAX_SIZE * sizeof(*e->cell_units));
    e->cell_words = malloc(VX_MAX_UNITS * SUDOKU_VARIANT_MAX_SIZE * sizeof(*e->cell_words));
    e->pairs = malloc(VX_MAX_PAIRS * sizeof(*e->pairs));
    e->pair_of = calloc(VX_MAX_CELLS * VX_MAX_CELLS, sizeof(*e->pair_of));
    e->props = malloc(VX_MAX_PROPS * sizeof(*e->props));
    e->watches = malloc(VX_MAX_WATCHES * sizeof(*e->watches));
    e->data = malloc(VX_MAX_DATA * sizeof(*e->data));
    e->prop_queue = malloc((VX_MAX_PROPS + 1) * sizeof(*e->prop_queue));
    e->in_queue = calloc(VX_MAX_PROPS, sizeof(*e->in_queue));
    e->unit_sets = malloc(VX_MAX_UNITS * sizeof(*e->unit_sets));
    e->groups = malloc(VX_MAX_GROUPS * sizeof(*e->groups));
    e->cage_cells = malloc(SUDOKU_VARIANT_MAX_CONSTRAINTS * sizeof(*e->cage_cells));
    e->cage_sums = malloc(SUDOKU_VARIANT_MAX_CONSTRAINTS * sizeof(*e->cage_sums));
    if (!s->classic || !e->cell_units || !e->cell_words || !e->pairs || !e->pair_of || !e->props ||
        !e->watches || !e->data || !e->prop_queue || !e->in_queue || !e->cage_cells ||
        !e->cage_sums || !e->unit_sets || !e->groups) {
        sudoku_variant_solver_free(s);
        return NULL;
    }
    return s;
}

void sudoku_variant_solver_free(sudoku_variant_solver *s)
{
    if (!s) return;
    vx_engine *e = &s->engine;
    sudoku_solver_free(s->classic);
    free(e->cell_units);
    free(e->cell_words);
    free(e->pairs);
    free(e->pair_of);
    free(e->props);
    free(e->watches);
    free(e->data);
    free(e->prop_queue);
    free(e->in_queue);
    free(e->unit_sets);
    free(e->groups);
    free(e->cage_cells);
    free(e->cage_sums);
    free(s);
}

/* Resets r and sorts out what needs no search: a bad shape, conflicting
 * givens, rules beyond the engine. Returns true when r is already the answer. */
static bool vx_settled(sudoku_variant_solver *s, const sudoku_variant *v, sudoku_result *r)
{
    sdk_result_reset(r);
    if (sudoku_puzzle_check(&v->grid, NULL) != 0 || v->grid.size > SUDOKU_VARIANT_MAX_SIZE)
        return true;
    if (sudoku_conflicts(&v->grid, NULL, 0) != 0) {
        r->status = SUDOKU_CONFLICT;
        r->count_exact = true;
        return true;
    }
    return !vx_compile(&s->engine, v); /* beyond the engine: invalid */
}

sudoku_status sudoku_variant_solve(sudoku_variant_solver *s, const sudoku_variant *v,
                                   const sudoku_limits *limits, sudoku_result *r)
{
    static const sudoku_limits no_limits = {0};
    if (v->nconstraints == 0) return sudoku_solve(s->classic, &v->grid, limits, r);
    uint64_t start = sudoku_now_ns();
    if (!vx_settled(s, v, r)) {
        vx_search(&s->engine, v->grid.cells, limits ? limits : &no_limits, r);
        sdk_result_status(r);
    }
    r->stats.elapsed_ns = sudoku_now_ns() - start;
    return r->status;
}

sudoku_status sudoku_variant_true_candidates(sudoku_variant_solver *s, const sudoku_variant *v,
                                             const sudoku_limits *limits, uint32_t *masks,
                                             sudoku_result *r)
{
    static const sudoku_limits no_limits = {0};
    uint64_t start = sudoku_now_ns();
    int cells = v->grid.size * v->grid.size;
    memset(masks, 0, (size_t)cells * sizeof(*masks));
    if (!vx_settled(s, v, r)) {
        uint16_t found[VX_MAX_CELLS];
        vx_true_candidates(&s->engine, v->grid.cells, limits ? limits : &no_limits, found, r);
        /* Each sub-solve's solution may repeat another's, so their number
         * counts nothing; a cell with two true candidates proves two. */
        r->solution_count = r->solution_count ? 1 : 0;
        for (int c = 0; c < cells; c++) {
            masks[c] = found[c];
            if (found[c] & (found[c] - 1)) r->solution_count = 2;
        }
        if (r->solution_count == 2) r->count_exact = false; /* two, and maybe more */
        sdk_result_status(r);
    }
    r->stats.elapsed_ns = sudoku_now_ns() - start;
    return r->status;
}
