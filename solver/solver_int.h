/* solver_int.h -- declarations shared inside solver/ only (never included outside).
 *
 * sudoku_solve() in search.c checks the shape and the givens, then sends a
 * plain 9x9 (3x3 boxes, no variant) to the bit-band fast path in fast9.c and
 * every other shape to the generic bitmask search.
 */
#ifndef SOLVER_INT_H
#define SOLVER_INT_H

#include "solver/sudoku.h"

/* Solves a plain 9x9 whose givens (81 cells, 0 = blank) are known not to
 * conflict. Fills r exactly as sudoku_solve() documents (status, count,
 * count_exact, stats except elapsed_ns, solutions) and returns r->status.
 * Uses only the stack; reentrant. */
sudoku_status sdk_fast9_solve(const uint8_t *cells, const sudoku_limits *limits, sudoku_result *r);

/* Solves any shape sudoku_puzzle_check() accepts, givens known not to
 * conflict, with the generic bitmask search; same contract for r. The tests
 * call it directly to check the fast path against it. */
sudoku_status sdk_generic_solve(sudoku_solver *s, const sudoku_puzzle *p,
                                const sudoku_limits *limits, sudoku_result *r);

#endif /* SOLVER_INT_H */
