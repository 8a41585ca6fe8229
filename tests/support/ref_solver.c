/* ref_solver.c -- the naive reference solver: see ref_solver.h. */
#include "tests/support/ref_solver.h"

#include <string.h>

typedef struct ref_state {
    const sudoku_puzzle *p;
    uint8_t grid[SUDOKU_MAX_CELLS];
    uint64_t count, max;
    uint8_t *first;
} ref_state;

/* Box or region of a cell, written out again rather than borrowed from grid.c. */
static int ref_box(const sudoku_puzzle *p, int r, int c)
{
    if (p->has_regions) return p->regions[r * p->size + c];
    return (r / p->box_rows) * (p->size / p->box_cols) + c / p->box_cols;
}

/* True when two different cells share a row, column, box or diagonal. */
static int ref_peers(const sudoku_puzzle *p, int a, int b)
{
    int n = p->size, ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    if (ra == rb || ca == cb || ref_box(p, ra, ca) == ref_box(p, rb, cb)) return 1;
    if (p->diagonal && ra == ca && rb == cb) return 1;
    if (p->diagonal && ra + ca == n - 1 && rb + cb == n - 1) return 1;
    return 0;
}

static int ref_fits(const ref_state *st, int cell, int v)
{
    int ncells = st->p->size * st->p->size;
    for (int other = 0; other < ncells; other++) {
        if (other != cell && st->grid[other] == v && ref_peers(st->p, cell, other)) return 0;
    }
    return 1;
}

static void ref_search(ref_state *st, int cell)
{
    int ncells = st->p->size * st->p->size;
    while (cell < ncells && st->grid[cell] != 0) cell++;
    if (cell == ncells) {
        if (st->count == 0 && st->first) memcpy(st->first, st->grid, (size_t)ncells);
        st->count++;
        return;
    }
    for (int v = 1; v <= st->p->size && st->count < st->max; v++) {
        if (!ref_fits(st, cell, v)) continue;
        st->grid[cell] = (uint8_t)v;
        ref_search(st, cell + 1);
        st->grid[cell] = 0;
    }
}

uint64_t ref_solve(const sudoku_puzzle *p, uint64_t max, uint8_t *first)
{
    ref_state st = {.p = p, .max = max, .first = first};
    int ncells = p->size * p->size;
    memcpy(st.grid, p->cells, (size_t)ncells);
    for (int cell = 0; cell < ncells; cell++) {
        if (st.grid[cell] && !ref_fits(&st, cell, st.grid[cell])) return 0;
    }
    if (max > 0) ref_search(&st, 0);
    return st.count;
}
