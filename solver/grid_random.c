/* grid_random.c -- a random complete grid of a plain box shape.
 *
 * A valid grid comes from the pattern (r * box_cols + r / box_rows + c) % N
 * + 1: each row shifts the previous one by a box width, so the rows of a
 * band fill their boxes without repeating, and each band shifts by one more,
 * so the columns do not repeat either. A random relabelling (relabel.c) then
 * shuffles it. That is cheap and never fails, but it reaches only the
 * relabellings of one pattern, not every grid of the shape: a generator that
 * needs the whole space should fill a grid by a randomised search instead.
 *
 *   2x3 boxes, before the relabelling:   1 2 3 4 5 6
 *                                        4 5 6 1 2 3
 *                                        2 3 4 5 6 1
 *                                        ...
 */
#include "solver/sudoku.h"

int sudoku_grid_random(const sudoku_puzzle *shape, sudoku_rng *rng, uint8_t *cells)
{
    uint8_t pattern[SUDOKU_MAX_CELLS];
    sudoku_relabel t;
    int n = shape->size;

    if (sudoku_relabel_random(&t, shape, rng) != 0) return -1;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            pattern[r * n + c] = (uint8_t)((r * shape->box_cols + r / shape->box_rows + c) % n + 1);
    sudoku_relabel_apply(&t, pattern, cells);
    return 0;
}
