/* ref_solver.h -- a naive reference solver for differential tests.
 *
 * Plain backtracking over the blank cells in row-major order, symbols in
 * ascending order, each placement checked against every other cell of the
 * grid. No deductions and no shared code with solver/, so a disagreement
 * with the real solver points at the real solver. Slow: keep the puzzles
 * small or nearly full.
 */
#ifndef REF_SOLVER_H
#define REF_SOLVER_H

#include <stdint.h>

#include "solver/sudoku.h"

/* Counts the solutions of p (its shape, diagonal and regions honoured) up to
 * `max`, and copies the first one found, the smallest in row-major order, to
 * `first` (N*N bytes, may be NULL). Returns the count, at most max; 0 when
 * the givens already break a rule. Reentrant. */
uint64_t ref_solve(const sudoku_puzzle *p, uint64_t max, uint8_t *first);

#endif /* REF_SOLVER_H */
