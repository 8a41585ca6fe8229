/* relabel.c -- draw and apply a random band/stack/symbol relabelling.
 *
 * Rows are grouped in bands of box_rows rows (there are box_cols bands);
 * columns in stacks of box_cols columns (there are box_rows stacks):
 *
 *             stack 0   stack 1          box_rows = 2, box_cols = 3, N = 6
 *            c0 c1 c2  c3 c4 c5
 *   band 0  r0 .  .  . | .  .  .
 *           r1 .  .  . | .  .  .
 *           ---------- + --------
 *   band 1  r2 ...
 *
 * A row map that permutes whole bands and the rows inside each band keeps
 * every box's rows together, so boxes map onto boxes; likewise for columns.
 * The draws are made in a fixed order (rows, columns, symbols) that the
 * CLI's seeded outputs depend on: changing it changes every `--seed`.
 */
#include "solver/solver_int.h"

/* Fills map[0..groups*width) with a permutation that moves whole groups of
 * `width` consecutive lines and the lines within each group. */
static void sdk_band_map(uint8_t *map, int groups, int width, sudoku_rng *rng)
{
    uint8_t order[SUDOKU_MAX_SIZE], inner[SUDOKU_MAX_SIZE];

    for (int g = 0; g < groups; g++) order[g] = (uint8_t)g;
    sudoku_rng_shuffle(rng, order, (size_t)groups);
    for (int g = 0; g < groups; g++) {
        for (int i = 0; i < width; i++) inner[i] = (uint8_t)i;
        sudoku_rng_shuffle(rng, inner, (size_t)width);
        for (int i = 0; i < width; i++) map[g * width + i] = (uint8_t)(order[g] * width + inner[i]);
    }
}

int sudoku_relabel_random(sudoku_relabel *t, const sudoku_puzzle *shape, sudoku_rng *rng)
{
    int n = shape->size;

    if (shape->diagonal || shape->has_regions ||
        sudoku_box_check(n, shape->box_rows, shape->box_cols, NULL) != 0)
        return -1;
    t->size = n;
    sdk_band_map(t->row, shape->box_cols, shape->box_rows, rng);
    sdk_band_map(t->col, shape->box_rows, shape->box_cols, rng);
    t->sym[0] = 0;
    for (int v = 1; v <= n; v++) t->sym[v] = (uint8_t)v;
    sudoku_rng_shuffle(rng, t->sym + 1, (size_t)n);
    return 0;
}

void sudoku_relabel_apply(const sudoku_relabel *t, const uint8_t *in, uint8_t *out)
{
    int n = t->size;

    for (int r = 0; r < n; r++) {
        const uint8_t *src = in + t->row[r] * n;
        for (int c = 0; c < n; c++) out[r * n + c] = t->sym[src[t->col[c]]];
    }
}
