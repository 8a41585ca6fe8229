/* parallel.c -- the CLI's only use of <pthread.h>: a self-scheduling loop.
 *
 * Workers claim small chunks of indices from one atomic counter instead of
 * taking fixed slices, because puzzle difficulty clusters in data sets (a
 * slice of hard puzzles would leave the other threads idle). Chunks of a few
 * items keep the counter traffic negligible next to a solve.
 */
#include "cli/parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

enum { CHUNK = 8 };

struct loop {
    atomic_size_t next;
    size_t n;
    cli_task_fn *fn;
    void *ctx;
};

struct worker {
    struct loop *loop;
    int id;
};

static void run_worker(struct loop *l, int id)
{
    for (;;) {
        size_t start = atomic_fetch_add_explicit(&l->next, CHUNK, memory_order_relaxed);
        if (start >= l->n) return;
        size_t end = l->n - start < CHUNK ? l->n : start + CHUNK;
        for (size_t i = start; i < end; i++) l->fn(l->ctx, id, i);
    }
}

static void *thread_main(void *arg)
{
    struct worker *w = arg;
    run_worker(w->loop, w->id);
    return NULL;
}

int cli_parallel_for(size_t n, int threads, cli_task_fn *fn, void *ctx)
{
    struct loop l = {.n = n, .fn = fn, .ctx = ctx};
    pthread_t tids[CLI_MAX_THREADS];
    struct worker workers[CLI_MAX_THREADS];
    int started = 0;

    atomic_init(&l.next, 0);
    if (threads > CLI_MAX_THREADS) threads = CLI_MAX_THREADS;
    /* Worker 0 is this thread; worker ids stay dense even if a create fails. */
    for (int i = 1; i < threads; i++) {
        workers[started] = (struct worker){.loop = &l, .id = started + 1};
        if (pthread_create(&tids[started], NULL, thread_main, &workers[started]) != 0) break;
        started++;
    }
    run_worker(&l, 0);
    for (int i = 0; i < started; i++) pthread_join(tids[i], NULL);
    return started + 1;
}

int cli_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > CLI_MAX_THREADS ? CLI_MAX_THREADS : (int)n;
}
