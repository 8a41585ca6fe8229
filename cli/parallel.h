/* parallel.h -- run an indexed loop on a few threads.
 *
 * `solve`, `count` and `bench` split their puzzles over N threads, each with
 * its own sudoku_solver (the solver is reentrant, not shareable). Results go
 * to per-index slots, so output order is the caller's, not the threads'.
 */
#ifndef CLI_PARALLEL_H
#define CLI_PARALLEL_H

#include <stddef.h>

/* Most workers a loop runs: the --threads limit, and the size of the
 * loop's per-worker arrays on the stack. */
#define CLI_MAX_THREADS 1024

/* The loop body: handles item `index` on behalf of worker `worker`
 * (0 <= worker < the thread count), which owns whatever per-worker state
 * ctx holds at that position. Must be safe to run concurrently for
 * different workers. */
typedef void cli_task_fn(void *ctx, int worker, size_t index);

/* Calls fn(ctx, w, i) exactly once for every i in [0, n), spread
 * dynamically over up to `threads` workers; the calling thread is worker 0,
 * so threads <= 1 runs the loop inline with no thread created. Returns when
 * every call has returned, with all their writes visible to the caller.
 * Returns the number of workers that ran: fewer than asked when a thread
 * could not be created (the others then did its share). */
int cli_parallel_for(size_t n, int threads, cli_task_fn *fn, void *ctx);

/* The number of online CPUs, at least 1. */
int cli_cpu_count(void);

#endif /* CLI_PARALLEL_H */
