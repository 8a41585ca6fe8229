/* relabel.h -- random validity-preserving relabellings of a sudoku grid.
 *
 * The benchmark relabels every puzzle so that a solver cannot profit from the
 * order in which a data set happens to be written, and the generator shuffles
 * a pattern grid with the same moves. A relabelling is kept as three maps, so
 * the same one can be applied to a puzzle and to its expected solution.
 */
#ifndef CLI_RELABEL_H
#define CLI_RELABEL_H

#include <stdint.h>

#include "cli/prng.h"
#include "solver/sudoku.h"

/* Output cell (r, c) takes input cell (row[r], col[c]) with its symbol v
 * replaced by sym[v]; sym[0] is 0, so blanks stay blank. */
typedef struct cli_relabel {
    int size;
    uint8_t row[SUDOKU_MAX_SIZE];
    uint8_t col[SUDOKU_MAX_SIZE];
    uint8_t sym[SUDOKU_MAX_SIZE + 1];
} cli_relabel;

/* Draws a uniformly random relabelling of a plain grid of size box_rows *
 * box_cols (no diagonal, no jigsaw): rows within each band, the bands,
 * columns within each stack, the stacks, and the symbols are permuted. Each
 * keeps every row, column and box a unit, so a solution maps to a solution
 * and the solution count is unchanged. The shape must be one
 * sudoku_puzzle_init() accepts. */
void cli_relabel_random(cli_relabel *t, int box_rows, int box_cols, cli_rng *rng);

/* Writes t applied to the size*size cells of in to out; in and out must not
 * overlap. */
void cli_relabel_apply(const cli_relabel *t, const uint8_t *in, uint8_t *out);

#endif /* CLI_RELABEL_H */
