/* worker.c -- a thread's solver and scratch buffers. */
#include "server/worker.h"

#include <stdlib.h>

#include "server/input.h"

worker *worker_new(void)
{
    worker *w = calloc(1, sizeof(*w));
    if (w == NULL) return NULL;
    w->solver = sudoku_solver_new(0);
    w->logic = sudoku_logic_new();
    w->variant = sudoku_variant_solver_new();
    w->solutions = malloc((size_t)INPUT_MAX_RETURN_SOLUTIONS * SUDOKU_MAX_CELLS);
    if (w->solver == NULL || w->logic == NULL || w->variant == NULL || w->solutions == NULL) {
        worker_free(w);
        return NULL;
    }
    return w;
}

void worker_free(worker *w)
{
    if (w == NULL) return;
    sudoku_solver_free(w->solver);
    sudoku_logic_free(w->logic);
    sudoku_variant_solver_free(w->variant);
    free(w->solutions);
    free(w);
}
