/* dlx.h -- an exact-cover solver (Knuth's Algorithm X with dancing links)
 * as a second, independent judge of solution counts.
 *
 * It shares nothing with solver/ but the sudoku_puzzle struct: no masks, no
 * propagation, no unit tables; the constraints are written out again here as
 * the columns of an exact-cover matrix. A count the bitmask solver and this
 * agree on was found by two unrelated methods. Unlike ref_solver.c it is
 * fast enough for 16x16 and 25x25 puzzles with one solution.
 */
#ifndef TEST_SUPPORT_DLX_H
#define TEST_SUPPORT_DLX_H

#include <stdint.h>

#include "solver/sudoku.h"

/* Counts the solutions of p (size, box, diagonal and regions honoured) up to
 * `max`, and copies the first one found to `first` (N*N bytes, may be
 * NULL). Returns the count, at most max; 0 when the givens already break a
 * rule. Allocates its matrix per call and aborts the test when memory runs
 * out. Reentrant. */
uint64_t dlx_count(const sudoku_puzzle *p, uint64_t max, uint8_t *first);

/* What exact cover can say of a variant beyond the shape: extra units (N
 * cells that hold every symbol once: an N-cell cage without a sum, a
 * diagonal) and the symbols each cell may hold (odd, even). Borrowed, not
 * copied. */
typedef struct dlx_extra {
    int nunits;
    const uint8_t *units;    /* nunits * N cell indices */
    const uint32_t *allowed; /* N*N masks, bit v-1 = v; NULL = any symbol */
} dlx_extra;

/* dlx_count() with the extra units and allowed symbols of *extra; a given
 * its cell does not allow counts as a clash (0). */
uint64_t dlx_count_extra(const sudoku_puzzle *p, const dlx_extra *extra, uint64_t max,
                         uint8_t *first);

#endif /* TEST_SUPPORT_DLX_H */
