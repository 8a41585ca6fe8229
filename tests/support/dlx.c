/* dlx.c -- Algorithm X with dancing links: see dlx.h.
 *
 * DESIGN: one matrix row per (cell, symbol) choice, one column per
 * constraint that must hold exactly once:
 *
 *   columns   0 .. N²-1      cell c holds a symbol
 *             N² .. 2N²-1    row r holds symbol v        (r*N + v-1)
 *             2N² .. 3N²-1   column k holds symbol v
 *             3N² .. 4N²-1   box or region b holds v
 *             4N² .. 4N²+2N  main / anti diagonal holds v (diagonal only)
 *             then N per extra unit u: unit u holds v    (dlx_count_extra)
 *
 * Nodes are indices into parallel arrays (left, right, up, down, column,
 * row); node 0 is the root and nodes 1..ncols the column headers. Givens
 * are taken by covering their columns before the search; a column already
 * covered means two givens clash.
 */
#include "tests/support/dlx.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

typedef struct dlx {
    int *left, *right, *up, *down, *col, *row, *size;
    int nnodes;
    int *chosen; /* matrix rows picked so far, a stack */
    int depth;
    uint64_t count, max;
    const sudoku_puzzle *p;
    uint8_t *first;
} dlx;

/* The extra units each cell lies in: unit_of[cell * nunits + k] for k < in[cell]. */
typedef struct dlx_units {
    const dlx_extra *extra;
    int base; /* first extra column */
    int *in, *unit_of;
} dlx_units;

/* Box or region of a cell, written out again rather than borrowed from solver/. */
static int dlx_box(const sudoku_puzzle *p, int r, int c)
{
    if (p->has_regions) return p->regions[r * p->size + c];
    return (r / p->box_rows) * (p->size / p->box_cols) + c / p->box_cols;
}

/* The columns matrix row (cell, v) covers; returns how many. */
static int dlx_columns(const sudoku_puzzle *p, const dlx_units *u, int cell, int v, int *out)
{
    int n = p->size, nn = n * n, r = cell / n, c = cell % n, k = 0;
    out[k++] = cell;
    out[k++] = nn + r * n + v - 1;
    out[k++] = 2 * nn + c * n + v - 1;
    out[k++] = 3 * nn + dlx_box(p, r, c) * n + v - 1;
    if (p->diagonal && r == c) out[k++] = 4 * nn + v - 1;
    if (p->diagonal && r + c == n - 1) out[k++] = 4 * nn + n + v - 1;
    for (int i = 0; i < u->in[cell]; i++)
        out[k++] = u->base + u->unit_of[cell * u->extra->nunits + i] * n + v - 1;
    return k;
}

static void *dlx_alloc(size_t n, size_t each)
{
    void *m = calloc(n, each);
    cr_assert_not_null(m, "dlx: out of memory");
    return m;
}

/* Column headers 1..ncols in a ring with the root; each column an empty ring. */
static void dlx_build(dlx *x, int ncols, int nrows_nodes)
{
    size_t total = (size_t)(ncols + 1 + nrows_nodes);
    x->left = dlx_alloc(total, sizeof(int));
    x->right = dlx_alloc(total, sizeof(int));
    x->up = dlx_alloc(total, sizeof(int));
    x->down = dlx_alloc(total, sizeof(int));
    x->col = dlx_alloc(total, sizeof(int));
    x->row = dlx_alloc(total, sizeof(int));
    x->size = dlx_alloc(total, sizeof(int));
    for (int i = 0; i <= ncols; i++) {
        x->left[i] = i == 0 ? ncols : i - 1;
        x->right[i] = i == ncols ? 0 : i + 1;
        x->up[i] = x->down[i] = x->col[i] = i;
    }
    x->nnodes = ncols + 1;
}

/* Appends matrix row `id` covering the given columns (0-based). */
static void dlx_add_row(dlx *x, int id, const int *cols, int k)
{
    int first = x->nnodes;
    for (int i = 0; i < k; i++) {
        int node = x->nnodes++, h = cols[i] + 1;
        x->col[node] = h;
        x->row[node] = id;
        x->up[node] = x->up[h];
        x->down[node] = h;
        x->down[x->up[h]] = node;
        x->up[h] = node;
        x->size[h]++;
        x->left[node] = i == 0 ? node : node - 1;
        x->right[node] = first;
        x->right[x->left[node]] = node;
        x->left[first] = node;
    }
}

static void dlx_cover(dlx *x, int c)
{
    x->right[x->left[c]] = x->right[c];
    x->left[x->right[c]] = x->left[c];
    for (int i = x->down[c]; i != c; i = x->down[i]) {
        for (int j = x->right[i]; j != i; j = x->right[j]) {
            x->down[x->up[j]] = x->down[j];
            x->up[x->down[j]] = x->up[j];
            x->size[x->col[j]]--;
        }
    }
}

static void dlx_uncover(dlx *x, int c)
{
    for (int i = x->up[c]; i != c; i = x->up[i]) {
        for (int j = x->left[i]; j != i; j = x->left[j]) {
            x->size[x->col[j]]++;
            x->down[x->up[j]] = j;
            x->up[x->down[j]] = j;
        }
    }
    x->right[x->left[c]] = c;
    x->left[x->right[c]] = c;
}

static void dlx_record(dlx *x)
{
    if (x->count++ > 0 || !x->first) return;
    int n = x->p->size;
    memcpy(x->first, x->p->cells, (size_t)(n * n));
    for (int i = 0; i < x->depth; i++) x->first[x->chosen[i] / n] = (uint8_t)(x->chosen[i] % n + 1);
}

static void dlx_search(dlx *x)
{
    if (x->right[0] == 0) {
        dlx_record(x);
        return;
    }
    int c = x->right[0];
    for (int j = x->right[c]; j != 0; j = x->right[j])
        if (x->size[j] < x->size[c]) c = j;
    if (x->size[c] == 0) return;
    dlx_cover(x, c);
    for (int r = x->down[c]; r != c && x->count < x->max; r = x->down[r]) {
        x->chosen[x->depth++] = x->row[r];
        for (int j = x->right[r]; j != r; j = x->right[j]) dlx_cover(x, x->col[j]);
        dlx_search(x);
        for (int j = x->left[r]; j != r; j = x->left[j]) dlx_uncover(x, x->col[j]);
        x->depth--;
    }
    dlx_uncover(x, c);
}

static bool dlx_allowed(const dlx_extra *extra, int cell, int v)
{
    return !extra->allowed || (extra->allowed[cell] >> (v - 1) & 1u);
}

uint64_t dlx_count_extra(const sudoku_puzzle *p, const dlx_extra *extra, uint64_t max,
                         uint8_t *first)
{
    int n = p->size, nn = n * n, nunits = extra->nunits;
    int ncols = 4 * nn + (p->diagonal ? 2 * n : 0) + nunits * n;
    dlx_units u = {.extra = extra, .base = 4 * nn + (p->diagonal ? 2 * n : 0)};
    u.in = dlx_alloc((size_t)nn, sizeof(int));
    u.unit_of = dlx_alloc((size_t)nn * (size_t)(nunits + 1), sizeof(int));
    for (int k = 0; k < nunits; k++) {
        for (int i = 0; i < n; i++) {
            int cell = extra->units[k * n + i];
            u.unit_of[cell * nunits + u.in[cell]++] = k;
        }
    }
    int *cols = dlx_alloc((size_t)(6 + nunits), sizeof(int));
    dlx x = {.max = max, .p = p, .first = first};
    dlx_build(&x, ncols, nn * n * (6 + nunits));
    x.chosen = dlx_alloc((size_t)nn, sizeof(int));
    for (int cell = 0; cell < nn; cell++) {
        for (int v = 1; v <= n; v++) {
            if (dlx_allowed(extra, cell, v))
                dlx_add_row(&x, cell * n + v - 1, cols, dlx_columns(p, &u, cell, v, cols));
        }
    }
    bool *covered = dlx_alloc((size_t)ncols + 1, sizeof(bool));
    bool clash = false;
    for (int cell = 0; cell < nn && !clash; cell++) {
        if (!p->cells[cell]) continue;
        clash = !dlx_allowed(extra, cell, p->cells[cell]);
        int k = dlx_columns(p, &u, cell, p->cells[cell], cols);
        for (int i = 0; i < k; i++) clash |= covered[cols[i] + 1];
        for (int i = 0; i < k && !clash; i++) {
            covered[cols[i] + 1] = true;
            dlx_cover(&x, cols[i] + 1);
        }
    }
    if (!clash && max > 0) dlx_search(&x);
    free(covered);
    free(cols);
    free(u.in);
    free(u.unit_of);
    free(x.chosen);
    free(x.left);
    free(x.right);
    free(x.up);
    free(x.down);
    free(x.col);
    free(x.row);
    free(x.size);
    return x.count;
}

uint64_t dlx_count(const sudoku_puzzle *p, uint64_t max, uint8_t *first)
{
    dlx_extra none = {0};
    return dlx_count_extra(p, &none, max, first);
}
