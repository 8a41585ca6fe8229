/* pool.c -- worker threads around a ring buffer guarded by one mutex.
 *
 * DESIGN: the queue is a fixed ring of `depth` {fn, arg} slots allocated up
 * front, so submitting never allocates and "full" is a comparison. One mutex
 * guards the ring, the counters and the shutdown flag; `not_empty` wakes
 * workers, after a worker out of tasks has polled the count for a moment
 * (POOL_SPIN_NS) without the mutex. A worker out of tasks may do idle work
 * (pool_set_idle) in small pieces, one worker at a time, checking the queue
 * between pieces. Shutdown drains: workers exit only when the flag is set AND the
 * ring is empty, so every accepted task runs exactly once -- callers rely on
 * that to release whatever the task holds (e.g. a suspended connection).
 *
 *     submit --> [ head ... tail ]  ring of depth slots --> worker 0..n-1
 *                 ^ mutex + not_empty condvar ^             fn(arg, state)
 */
#include "server/pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* How long a worker that ran out of tasks keeps looking at the queue before
 * it sleeps on the condition variable. Under load the next task usually
 * comes within this time, and a worker that did not sleep spares the
 * hand-off a futex wake and two context switches: measured on 2 cores, that
 * was a fifth of the server's CPU for a small solve. The worker yields
 * between looks, so runnable threads keep the core; idle, it costs this
 * much once per task. */
#define POOL_SPIN_NS 50000

struct pool_task {
    pool_fn fn;
    void *arg;
};

struct pool_worker {
    pool *pool;
    pthread_t thread;
    void *state;
};

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t not_empty;
    struct pool_task *ring;
    size_t depth;
    size_t head;         /* next slot to take */
    atomic_size_t count; /* tasks queued; also read without the mutex, see pool_spin */
    size_t running;      /* tasks being run */
    bool stopping;
    bool joined;
    pool_idle_fn idle; /* work for a worker without a task, or NULL */
    void *idle_arg;
    bool idle_wanted;    /* pool_kick since the idle work last said it was done */
    bool idle_running;   /* a worker is doing idle work */
    unsigned idle_kicks; /* pool_kick calls: one during a piece of idle work keeps it wanted */
    bool sync_ready;     /* mu and not_empty are initialised */
    size_t nworkers;
    size_t nstarted;
    struct pool_worker *workers;
    pool_worker_fini_fn fini;
};

static uint64_t pool_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Called with the mutex held and the queue empty; returns with it held. */
static void pool_spin(pool *p)
{
    pthread_mutex_unlock(&p->mu);
    uint64_t until = pool_now_ns() + POOL_SPIN_NS;
    while (atomic_load_explicit(&p->count, memory_order_relaxed) == 0 && pool_now_ns() < until)
        sched_yield();
    pthread_mutex_lock(&p->mu);
}

static void *pool_worker_main(void *opaque)
{
    struct pool_worker *w = opaque;
    pool *p = w->pool;

    pthread_mutex_lock(&p->mu);
    for (;;) {
        if (p->count == 0 && !p->stopping) pool_spin(p);
        while (p->count == 0 && !p->stopping) {
            if (p->idle != NULL && p->idle_wanted && !p->idle_running) {
                unsigned kicks = p->idle_kicks;
                p->idle_running = true;
                pthread_mutex_unlock(&p->mu);
                bool more = p->idle(p->idle_arg, w->state);
                pthread_mutex_lock(&p->mu);
                p->idle_running = false;
                if (!more && p->idle_kicks == kicks) p->idle_wanted = false;
                continue;
            }
            pthread_cond_wait(&p->not_empty, &p->mu);
        }
        if (p->count == 0) break; /* stopping and drained */
        struct pool_task t = p->ring[p->head];
        p->head = (p->head + 1) % p->depth;
        p->count--;
        p->running++;
        pthread_mutex_unlock(&p->mu);

        t.fn(t.arg, w->state);

        pthread_mutex_lock(&p->mu);
        p->running--;
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

pool *pool_new(size_t workers, size_t depth, pool_worker_init_fn init, pool_worker_fini_fn fini,
               void *init_arg)
{
    pool *p;

    if (workers == 0 || depth == 0) return NULL;
    p = calloc(1, sizeof(*p));
    if (p == NULL) return NULL;
    p->depth = depth;
    p->nworkers = workers;
    p->fini = fini;
    if (pthread_mutex_init(&p->mu, NULL) != 0) goto fail;
    if (pthread_cond_init(&p->not_empty, NULL) != 0) {
        pthread_mutex_destroy(&p->mu);
        goto fail;
    }
    p->sync_ready = true;
    p->ring = calloc(depth, sizeof(*p->ring));
    p->workers = calloc(workers, sizeof(*p->workers));
    if (p->ring == NULL || p->workers == NULL) goto fail;
    for (size_t i = 0; i < workers; i++) {
        p->workers[i].pool = p;
        if (init != NULL) {
            p->workers[i].state = init(init_arg);
            if (p->workers[i].state == NULL) goto fail;
        }
    }
    for (size_t i = 0; i < workers; i++) {
        if (pthread_create(&p->workers[i].thread, NULL, pool_worker_main, &p->workers[i]) != 0)
            goto fail;
        p->nstarted++;
    }
    return p;

fail:
    pool_free(p);
    return NULL;
}

int pool_submit_all(pool *p, pool_fn fn, void *const *args, size_t n)
{
    int rc = -1;

    pthread_mutex_lock(&p->mu);
    if (!p->stopping && n <= p->depth - p->count) {
        for (size_t i = 0; i < n; i++) {
            p->ring[(p->head + p->count) % p->depth] = (struct pool_task){fn, args[i]};
            p->count++;
        }
        rc = 0;
    }
    pthread_mutex_unlock(&p->mu);
    if (rc == 0 && n == 1)
        pthread_cond_signal(&p->not_empty);
    else if (rc == 0 && n > 1)
        pthread_cond_broadcast(&p->not_empty);
    return rc;
}

int pool_submit(pool *p, pool_fn fn, void *arg)
{
    return pool_submit_all(p, fn, &arg, 1);
}

void pool_set_idle(pool *p, pool_idle_fn fn, void *arg)
{
    pthread_mutex_lock(&p->mu);
    p->idle = fn;
    p->idle_arg = arg;
    p->idle_wanted = fn != NULL;
    pthread_mutex_unlock(&p->mu);
    pthread_cond_signal(&p->not_empty);
}

void pool_kick(pool *p)
{
    pthread_mutex_lock(&p->mu);
    bool wake = p->idle != NULL && !p->idle_wanted;
    p->idle_wanted = p->idle != NULL;
    p->idle_kicks++;
    pthread_mutex_unlock(&p->mu);
    if (wake) pthread_cond_signal(&p->not_empty);
}

size_t pool_queued(pool *p)
{
    pthread_mutex_lock(&p->mu);
    size_t n = p->count;
    pthread_mutex_unlock(&p->mu);
    return n;
}

size_t pool_running(pool *p)
{
    pthread_mutex_lock(&p->mu);
    size_t n = p->running;
    pthread_mutex_unlock(&p->mu);
    return n;
}

size_t pool_depth(const pool *p)
{
    return p->depth; /* immutable after pool_new */
}

size_t pool_workers(const pool *p)
{
    return p->nworkers; /* immutable after pool_new */
}

void pool_shutdown(pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->stopping = true;
    bool join = !p->joined;
    p->joined = true;
    pthread_mutex_unlock(&p->mu);
    pthread_cond_broadcast(&p->not_empty);
    if (!join) return;
    for (size_t i = 0; i < p->nstarted; i++) pthread_join(p->workers[i].thread, NULL);
}

void pool_free(pool *p)
{
    if (p == NULL) return;
    if (p->sync_ready) pool_shutdown(p);
    if (p->workers != NULL && p->fini != NULL) {
        for (size_t i = 0; i < p->nworkers; i++) p->fini(p->workers[i].state);
    }
    free(p->workers);
    free(p->ring);
    if (p->sync_ready) {
        pthread_cond_destroy(&p->not_empty);
        pthread_mutex_destroy(&p->mu);
    }
    free(p);
}
