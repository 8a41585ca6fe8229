/* symmetry.h -- where each of the generator's symmetries takes a cell, stated apart from solver/.
 *
 * The unit tests and the generate fuzzer check the generator's blanks
 * against this, so it is written out here rather than borrowed from
 * solver/generate.c: a mistake there cannot agree with itself.
 * Header-only, so the fuzzers need no test objects to link.
 */
#ifndef TESTS_SUPPORT_SYMMETRY_H
#define TESTS_SUPPORT_SYMMETRY_H

#include "solver/sudoku.h"

/* The index of the cell that symmetry k pairs with cell (r, c) of an n x n grid. */
static inline int test_symmetry_image(sudoku_symmetry k, int n, int r, int c)
{
    switch (k) {
    case SUDOKU_SYMMETRY_ROTATIONAL:
        return (n - 1 - r) * n + n - 1 - c;
    case SUDOKU_SYMMETRY_ROTATIONAL90:
        return c * n + n - 1 - r;
    case SUDOKU_SYMMETRY_MIRROR:
        return r * n + n - 1 - c;
    case SUDOKU_SYMMETRY_DIAGONAL:
        return c * n + r;
    default:
        return r * n + c;
    }
}

#endif /* TESTS_SUPPORT_SYMMETRY_H */
