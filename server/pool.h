/* pool.h -- a fixed set of worker threads fed by one bounded FIFO of {fn, arg}.
 *
 * The pool knows nothing of HTTP or Sudoku. Submitting never blocks: when
 * the queue is full the call fails at once, so the caller can answer
 * "busy" instead of stalling a network thread. Each worker owns one piece
 * of per-thread state (made by the caller's init hook, e.g. a solver's
 * scratch memory) that every task run on that worker receives.
 */
#ifndef SUDOKUD_POOL_H
#define SUDOKUD_POOL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pool pool;

/* A task: arg is the submitter's, worker is the state of the running worker. */
typedef void (*pool_fn)(void *arg, void *worker);

/* Makes per-worker state on the calling thread before the workers start;
 * returns NULL on failure. `init_arg` is passed through. */
typedef void *(*pool_worker_init_fn)(void *init_arg);
/* Frees what pool_worker_init_fn made; must accept NULL. */
typedef void (*pool_worker_fini_fn)(void *worker);

/* Starts `workers` threads (>= 1) and a queue of `depth` (>= 1) slots. The
 * hooks may be NULL (workers then get NULL state). Returns NULL when memory,
 * a thread or a worker state cannot be had; nothing is left running then. */
pool *pool_new(size_t workers, size_t depth, pool_worker_init_fn init, pool_worker_fini_fn fini,
               void *init_arg);

/* Queues one task. Returns 0, or -1 when the queue is full or the pool is
 * shutting down (the task is then not run). Thread-safe; never blocks on
 * anything but the queue's mutex. */
int pool_submit(pool *p, pool_fn fn, void *arg);

/* Queues n tasks fn(args[i], ...) all together or none of them: returns 0,
 * or -1 when fewer than n slots are free or the pool is shutting down.
 * Thread-safe. */
int pool_submit_all(pool *p, pool_fn fn, void *const *args, size_t n);

/* Work for a worker that has no task: does one bounded piece of it with
 * the worker's state and returns true when there is more, false when there
 * is none left (until pool_kick). It must not take long: a task queued
 * meanwhile waits for it (only one worker at a time does idle work, so the
 * others stay free for tasks). */
typedef bool (*pool_idle_fn)(void *arg, void *worker);

/* Sets the idle work (call before any task is submitted); the workers start
 * on it at once. fn NULL is none. */
void pool_set_idle(pool *p, pool_idle_fn fn, void *arg);

/* Says there is idle work again: wakes a sleeping worker to do it.
 * Thread-safe; cheap when a worker is at it already. */
void pool_kick(pool *p);

/* Tasks waiting in the queue now (not counting running ones). Thread-safe. */
size_t pool_queued(pool *p);

/* Tasks being run by workers now. Thread-safe. */
size_t pool_running(pool *p);

/* The number of queue slots and of workers given to pool_new. Thread-safe. */
size_t pool_depth(const pool *p);
size_t pool_workers(const pool *p);

/* Stops accepting tasks, lets the workers finish every task already queued,
 * then joins them. Idempotent; must not be called from a task. */
void pool_shutdown(pool *p);

/* Shuts down (as above) and frees the pool and every worker state. NULL is
 * accepted. */
void pool_free(pool *p);

#endif /* SUDOKUD_POOL_H */
