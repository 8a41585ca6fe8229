/* job.c -- reference-counted jobs, their hand-off to the pool, the owner's wake-up, streams.
 *
 * DESIGN: the owner and the workers meet on two atomics per job. Each task
 * has a `done` flag (release when set), and the job has a `waiting` token:
 * the index of the task the owner sleeps on, or -1. A worker that finishes
 * task k wakes the owner only if it takes the token k from `waiting`, and
 * the owner that sees task k unfinished publishes k and looks again, so
 * exactly one of the two acts:
 *
 *   owner                                   worker finishing task k
 *   if done[k]: go on                       done[k] = true
 *   waiting = k                             if CAS(waiting, k -> -1): wake(owner)
 *   if !done[k]: sleep  (woken later)
 *   else if CAS(waiting, k -> -1) fails: sleep (the wake is on its way)
 *
 * Sleeping comes before queueing (hooks.sleep before pool_submit_all), so a
 * fast worker never wakes an owner that is not asleep yet.
 *
 * References: the owner's, one for the queued tasks (dropped by the last
 * task to finish), one per stream. A stream reads the tasks' buffers in
 * order with the separators between them, then the tail:
 *
 *   head  out[0] sep out[1] sep ... out[n-1]  tail
 *         ^ waits (JOB_STREAM_WAIT) while out[k]'s task runs
 */
#include "server/job.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "server/pool.h"
#include "solver/sudoku.h"

struct job_runner {
    pool *pool; /* NULL: no threads */
    job_hooks hooks;
    metrics *metrics;
    worker *own; /* the worker of a runner without threads */
    bool (*idle)(void *arg, worker *w);
    void *idle_arg;
    pthread_key_t local;
    bool has_key;
};

struct job_task {
    job *job;
    buf out;
    atomic_bool done;
};

struct job {
    job_run_fn run;
    job_runner *runner; /* set by job_submit */
    void *owner;
    atomic_int refs;
    atomic_size_t remaining; /* tasks not finished */
    atomic_int waiting;      /* the task the owner sleeps on, or -1 */
    bool counted;            /* in the jobs-in-flight gauge */
    uint64_t submit_ns;
    uint64_t streamed;
    size_t ntasks;
    void *state;
    void (*free_state)(void *state);
    struct job_task tasks[]; /* one allocation with the job: a solve is one task */
};

/* ---- runner ------------------------------------------------------------------------- */

static void *job_worker_new(void *unused)
{
    (void)unused;
    return worker_new();
}

static void job_worker_free(void *w)
{
    worker_free(w);
}

job_runner *job_runner_new(size_t workers, size_t depth, const job_hooks *hooks, metrics *m)
{
    job_runner *r = calloc(1, sizeof(*r));
    if (r == NULL) return NULL;
    r->metrics = m;
    if (hooks == NULL) {
        r->own = worker_new();
        if (r->own == NULL) goto fail;
        return r;
    }
    r->hooks = *hooks;
    if (pthread_key_create(&r->local, job_worker_free) != 0) goto fail;
    r->has_key = true;
    r->pool = pool_new(workers, depth, job_worker_new, job_worker_free, NULL);
    if (r->pool == NULL) goto fail;
    return r;

fail:
    job_runner_free(r);
    return NULL;
}

/* pool_idle_fn's worker is a void *: this keeps the typed function. */
static bool job_runner_idle(void *arg, void *w)
{
    job_runner *r = arg;
    return r->idle(r->idle_arg, w);
}

void job_runner_set_idle(job_runner *r, bool (*fn)(void *arg, worker *w), void *arg)
{
    if (r->pool == NULL) return;
    r->idle = fn;
    r->idle_arg = arg;
    pool_set_idle(r->pool, fn != NULL ? job_runner_idle : NULL, r);
}

void job_runner_kick(job_runner *r)
{
    if (r->pool != NULL) pool_kick(r->pool);
}

void job_runner_shutdown(job_runner *r)
{
    if (r->pool != NULL) pool_shutdown(r->pool);
}

void job_runner_free(job_runner *r)
{
    if (r == NULL) return;
    pool_free(r->pool);
    if (r->has_key) pthread_key_delete(r->local);
    worker_free(r->own);
    free(r);
}

size_t job_runner_queued(job_runner *r)
{
    return r->pool != NULL ? pool_queued(r->pool) : 0;
}

worker *job_runner_local(job_runner *r)
{
    if (!r->has_key) return r->own;
    worker *w = pthread_getspecific(r->local);
    if (w == NULL) {
        w = worker_new();
        if (w != NULL && pthread_setspecific(r->local, w) != 0) {
            worker_free(w);
            w = NULL;
        }
    }
    return w;
}

/* ---- jobs --------------------------------------------------------------------------- */

job *job_new(job_run_fn run, size_t ntasks, void *state, void (*free_state)(void *state))
{
    job *j = ntasks <= (SIZE_MAX - sizeof(*j)) / sizeof(j->tasks[0])
                 ? calloc(1, sizeof(*j) + ntasks * sizeof(j->tasks[0]))
                 : NULL;
    if (j == NULL) {
        if (free_state != NULL) free_state(state);
        return NULL;
    }
    j->run = run;
    j->ntasks = ntasks;
    j->state = state;
    j->free_state = free_state;
    for (size_t i = 0; i < ntasks; i++) {
        j->tasks[i].job = j;
        atomic_init(&j->tasks[i].done, false);
    }
    atomic_init(&j->refs, 1);
    atomic_init(&j->remaining, ntasks);
    atomic_init(&j->waiting, -1);
    return j;
}

static void job_destroy(job *j)
{
    if (j->counted) metrics_job_finished(j->runner->metrics);
    for (size_t i = 0; i < j->ntasks; i++) buf_free(&j->tasks[i].out);
    if (j->free_state != NULL) j->free_state(j->state);
    free(j);
}

/* Drops one reference; the last one frees the job, on whichever thread. */
static void job_release(job *j)
{
    if (atomic_fetch_sub_explicit(&j->refs, 1, memory_order_acq_rel) == 1) job_destroy(j);
}

void job_free(job *j)
{
    if (j != NULL) job_release(j);
}

void *job_state(const job *j)
{
    return j->state;
}

size_t job_ntasks(const job *j)
{
    return j->ntasks;
}

buf *job_task_out(job *j, size_t k)
{
    return &j->tasks[k].out;
}

uint64_t job_submit_ns(const job *j)
{
    return j->submit_ns;
}

uint64_t job_streamed(const job *j)
{
    return j->streamed;
}

static bool job_task_done(job *j, size_t k)
{
    return atomic_load_explicit(&j->tasks[k].done, memory_order_acquire);
}

bool job_ready(job *j)
{
    return job_task_done(j, 0);
}

bool job_done(job *j)
{
    return atomic_load_explicit(&j->remaining, memory_order_acquire) == 0;
}

/* The owner wants task k: true when it must sleep until woken, false when
 * the task is done (see DESIGN). */
static bool job_wait(job *j, int k)
{
    if (job_task_done(j, (size_t)k)) return false;
    atomic_store(&j->waiting, k);
    if (!atomic_load(&j->tasks[k].done)) return true;
    int expected = k;
    return !atomic_compare_exchange_strong(&j->waiting, &expected, -1);
}

void job_run_task(job *j, size_t k, worker *w)
{
    void *owner = j->owner;
    j->run(j, k, w);
    atomic_store(&j->tasks[k].done, true);
    int expected = (int)k;
    if (atomic_load(&j->waiting) == (int)k &&
        atomic_compare_exchange_strong(&j->waiting, &expected, -1) && j->runner != NULL &&
        j->runner->hooks.wake != NULL)
        j->runner->hooks.wake(owner);
    if (atomic_fetch_sub_explicit(&j->remaining, 1, memory_order_acq_rel) == 1 && j->runner != NULL)
        job_release(j); /* the queued tasks' reference */
}

static void job_pool_task(void *task, void *w)
{
    struct job_task *t = task;
    job_run_task(t->job, (size_t)(t - t->job->tasks), w);
}

int job_submit(job *j, job_runner *r, void *owner)
{
    j->runner = r;
    j->owner = owner;
    j->submit_ns = sudoku_now_ns();
    atomic_fetch_add_explicit(&j->refs, 1, memory_order_relaxed);
    j->counted = true;
    metrics_job_started(r->metrics);
    if (r->pool == NULL) {
        for (size_t k = 0; k < j->ntasks; k++) job_run_task(j, k, r->own);
        return 0;
    }

    /* the owner sleeps until the first task is done: a one-task job's
     * only one, or the part a streamed answer starts with */
    atomic_store(&j->waiting, 0);
    r->hooks.sleep(owner);
    void *one;
    void **args = j->ntasks == 1 ? &one : malloc(j->ntasks * sizeof(*args));
    int rc = -1;
    if (args != NULL) {
        for (size_t k = 0; k < j->ntasks; k++) args[k] = &j->tasks[k];
        rc = pool_submit_all(r->pool, job_pool_task, args, j->ntasks);
        if (args != &one) free(args);
    }
    if (rc == 0) return 0;
    atomic_store(&j->waiting, -1);
    r->hooks.wake(owner); /* nothing else will */
    atomic_fetch_sub_explicit(&j->refs, 1, memory_order_relaxed);
    return -1;
}

/* ---- streams ------------------------------------------------------------------------ */

enum job_stream_phase { JOB_STREAM_HEAD, JOB_STREAM_TASKS, JOB_STREAM_TAIL, JOB_STREAM_END };

struct job_stream {
    job *job;
    const char *head;
    char sep; /* '\0': none */
    job_tail_fn tail_fn;
    enum job_stream_phase phase;
    size_t task;   /* next task whose output to send */
    size_t off;    /* bytes of the current piece sent */
    bool out_sent; /* this task's output is sent, its separator may not be */
    buf tail;
};

job_stream *job_stream_new(job *j, const char *head, char sep, job_tail_fn tail)
{
    job_stream *s = calloc(1, sizeof(*s));
    if (s == NULL) return NULL;
    atomic_fetch_add_explicit(&j->refs, 1, memory_order_relaxed);
    s->job = j;
    s->head = head;
    s->sep = sep;
    s->tail_fn = tail;
    return s;
}

/* Copies from piece[*off..len) into out[*done..max); true when the piece is used up. */
static bool job_stream_copy(const char *piece, size_t len, size_t *off, char *out, size_t *done,
                            size_t max)
{
    size_t n = len - *off;
    if (n > max - *done) n = max - *done;
    if (n > 0) memcpy(out + *done, piece + *off, n);
    *done += n;
    *off += n;
    return *off == len;
}

ssize_t job_stream_read(job_stream *s, char *out, size_t max)
{
    job *j = s->job;
    size_t done = 0;

    while (done < max && s->phase != JOB_STREAM_END) {
        switch (s->phase) {
        case JOB_STREAM_HEAD:
            if (job_stream_copy(s->head, strlen(s->head), &s->off, out, &done, max)) {
                s->phase = JOB_STREAM_TASKS;
                s->off = 0;
            }
            break;
        case JOB_STREAM_TASKS: {
            if (s->task == j->ntasks) {
                if (s->tail_fn != NULL) s->tail_fn(j, &s->tail);
                s->phase = JOB_STREAM_TAIL;
                break;
            }
            if (s->off == 0 && !s->out_sent && !job_task_done(j, s->task)) {
                /* with bytes in hand, hand them over rather than sleep */
                if (done > 0) goto out;
                if (job_wait(j, (int)s->task)) return JOB_STREAM_WAIT;
            }
            const buf *b = &j->tasks[s->task].out;
            if (b->oom) return JOB_STREAM_ERROR;
            if (!s->out_sent && !job_stream_copy(b->data, b->len, &s->off, out, &done, max)) break;
            s->out_sent = true;
            if (s->task + 1 < j->ntasks && s->sep != '\0') {
                if (done == max) break;
                out[done++] = s->sep;
            }
            s->task++;
            s->off = 0;
            s->out_sent = false;
            break;
        }
        case JOB_STREAM_TAIL:
            if (s->tail.oom) return JOB_STREAM_ERROR;
            if (s->tail.len == 0 ||
                job_stream_copy(s->tail.data, s->tail.len, &s->off, out, &done, max))
                s->phase = JOB_STREAM_END;
            break;
        case JOB_STREAM_END:
            break;
        }
    }
out:
    j->streamed += done;
    return (ssize_t)done;
}

void *job_stream_owner(const job_stream *s)
{
    return s->job->owner;
}

void job_stream_free(job_stream *s)
{
    if (s == NULL) return;
    buf_free(&s->tail);
    job_release(s->job);
    free(s);
}
