/* worker.h -- what one thread needs to run solver work: a solver and scratch space.
 *
 * Each pool worker owns one, and so does each network thread that answers a
 * small solve on the spot (job.h's fast path). Sized once for the largest
 * grid, so running a task never allocates. Not shared between threads.
 */
#ifndef SUDOKUD_WORKER_H
#define SUDOKUD_WORKER_H

#include <stdint.h>

#include "solver/sudoku.h"
#include "solver/variant.h"

typedef struct worker {
    sudoku_solver *solver;          /* for grids up to SUDOKU_MAX_SIZE */
    sudoku_logic *logic;            /* the step engine: ratings, explanations, hints */
    sudoku_variant_solver *variant; /* f-puzzles variants (POST /v1/solve with fpuzzles) */
    sudoku_puzzle puzzle;           /* scratch: a batch item is copied here to be solved */
    uint8_t *solutions;             /* INPUT_MAX_RETURN_SOLUTIONS grids of SUDOKU_MAX_CELLS bytes */
} worker;

/* Returns a new worker, or NULL when out of memory. */
worker *worker_new(void);

/* Frees a worker; NULL is accepted. */
void worker_free(worker *w);

#endif /* SUDOKUD_WORKER_H */
