/* job.h -- solver work handed from a connection to the worker pool, and its results back.
 *
 * An endpoint that needs the solver builds a job of 1..n tasks around its
 * own state; the job module queues the tasks, wakes the connection that
 * owns the job, and streams the tasks' output buffers back in order. It
 * knows nothing of HTTP, JSON or endpoints: the owner is an opaque pointer
 * and the hooks say how to put it to sleep and wake it.
 *
 * Ownership: job_new's reference belongs to the owner; queued tasks and a
 * stream each hold one more, so a client that leaves early frees nothing a
 * worker still uses. The last reference frees the state with free_state.
 *
 * Thread safety: one owner thread per job (any network thread); its tasks
 * run on any workers. Everything a task writes (its state slice, its output
 * buffer) is visible to the owner once job_ready/job_done/the stream says
 * so (release/acquire on each task's done flag).
 */
#ifndef SUDOKUD_JOB_H
#define SUDOKUD_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "server/metrics.h"
#include "server/worker.h"
#include "writers/buf.h"

typedef struct job job;
typedef struct job_runner job_runner;
typedef struct job_stream job_stream;

/* Runs task `task` of j on a worker thread (or the owner's, see
 * job_run_task). Writes only its own slice of the state and its output. */
typedef void (*job_run_fn)(job *j, size_t task, worker *w);

/* How the runner parks and resumes owners. */
typedef struct job_hooks {
    void (*sleep)(void *owner); /* owner's thread, right before its tasks are queued */
    void (*wake)(void *owner);  /* any thread: the task the owner sleeps on is done */
} job_hooks;

/* Starts `workers` threads behind a queue of `depth` tasks. hooks == NULL
 * makes a runner without threads: job_submit runs every task at once on the
 * caller's thread (tests and fuzzers). The hooks struct is copied; m is
 * borrowed (jobs-in-flight gauge). Returns NULL when out of memory or
 * threads. */
job_runner *job_runner_new(size_t workers, size_t depth, const job_hooks *hooks, metrics *m);

/* Gives the workers idle work (pool_set_idle): fn(arg, worker) does one
 * small piece and returns true while there is more. A runner without threads
 * has no idle time and ignores it. */
void job_runner_set_idle(job_runner *r, bool (*fn)(void *arg, worker *w), void *arg);

/* There is idle work again (pool_kick). Thread-safe. */
void job_runner_kick(job_runner *r);

/* Runs every queued task, then stops the threads. Idempotent. */
void job_runner_shutdown(job_runner *r);

/* Shuts down and frees; NULL is accepted. No job may still be owned. */
void job_runner_free(job_runner *r);

/* Tasks waiting for a worker now. Thread-safe. */
size_t job_runner_queued(job_runner *r);

/* The calling thread's own worker, made on first use and freed when the
 * thread exits (or with the runner, for a runner without threads): lets a
 * network thread run a small task itself. NULL when out of memory. */
worker *job_runner_local(job_runner *r);

/* Makes a job of ntasks (>= 1) tasks, each run by run(). state is the
 * caller's until this returns; from then on the job's, freed by free_state
 * (may be NULL) with the job. Returns NULL when out of memory (state is
 * then freed too). */
job *job_new(job_run_fn run, size_t ntasks, void *state, void (*free_state)(void *state));

void *job_state(const job *j);
size_t job_ntasks(const job *j);

/* Task k's output buffer: written by the task, read by a stream. */
buf *job_task_out(job *j, size_t k);

/* Queues every task of j for r's workers on behalf of owner, having put
 * the owner to sleep (hooks.sleep). Returns 0: the owner is woken
 * (hooks.wake) once the first task is done; or -1: the queue had no room
 * for all tasks (or memory ran out), nothing was queued, and the owner has
 * already been woken again: it answers for itself when it resumes. Without
 * threads every task has run when this returns 0, and nobody sleeps. Call
 * once per job. */
int job_submit(job *j, job_runner *r, void *owner);

/* Runs task k on the calling thread and marks it done (waking the owner if
 * it sleeps on it). The pool's workers run tasks through this. */
void job_run_task(job *j, size_t k, worker *w);

/* True once task 0 is done: a one-task job can be rendered, a streamed one
 * can start its answer. Owner's thread. */
bool job_ready(job *j);

/* True once every task is done. */
bool job_done(job *j);

/* When the job was queued (sudoku_now_ns), 0 if it never was. */
uint64_t job_submit_ns(const job *j);

/* Body bytes the job's stream has produced (for the access log). */
uint64_t job_streamed(const job *j);

/* Drops the owner's reference. NULL is accepted. */
void job_free(job *j);

/* ---- streaming ---------------------------------------------------------------------- */

/* Renders what follows the last task's output; every task is done. */
typedef void (*job_tail_fn)(job *j, buf *out);

/* A body read straight from the tasks' buffers, in task order: head, then
 * each output with sep between them ('\0' for none), then tail (may be NULL). No copy of the whole
 * body is ever made, and the first parts can leave while later tasks still run. The stream holds a
 * job reference. head must be static. NULL when out of memory. */
job_stream *job_stream_new(job *j, const char *head, char sep, job_tail_fn tail);

/* What job_stream_read returns besides a byte count. */
#define JOB_STREAM_WAIT  ((ssize_t)-1) /* the next task is still running */
#define JOB_STREAM_ERROR ((ssize_t)-2) /* a task ran out of memory: abort the body */

/* Copies up to max bytes of the body. Returns the count (0 at the end),
 * JOB_STREAM_ERROR, or JOB_STREAM_WAIT: nothing is ready, and hooks.wake
 * will be called with the owner when the next task is done. Owner's thread;
 * one reader per stream. */
ssize_t job_stream_read(job_stream *s, char *out, size_t max);

/* The owner of the stream's job. */
void *job_stream_owner(const job_stream *s);

/* Frees a stream and its job reference; NULL is accepted. */
void job_stream_free(job_stream *s);

#endif /* SUDOKUD_JOB_H */
