/* unit_pool.c -- the worker pool: FIFO order, a full queue refuses, shutdown drains,
 * per-worker state, and a many-thread stress run (also run under TSan). */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "server/pool.h"

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* A task that holds its worker until `open` is set. */
struct gate {
    atomic_bool started;
    atomic_bool open;
};

static void gate_task(void *arg, void *worker)
{
    struct gate *g = arg;
    (void)worker;
    atomic_store(&g->started, true);
    while (!atomic_load(&g->open)) sleep_ms(1);
}

static void gate_wait_started(struct gate *g)
{
    for (int i = 0; i < 5000 && !atomic_load(&g->started); i++) sleep_ms(1);
    cr_assert(atomic_load(&g->started), "the gate task never started");
}

/* Records the order tasks ran in (one worker: no concurrent writers). */
struct order {
    int seen[64];
    atomic_int n;
};

struct order_task {
    struct order *order;
    int id;
};

static void order_run(void *arg, void *worker)
{
    struct order_task *t = arg;
    (void)worker;
    int i = atomic_fetch_add(&t->order->n, 1);
    t->order->seen[i] = t->id;
}

Test(pool, runs_tasks_in_fifo_order)
{
    struct gate g = {0};
    struct order o = {0};
    struct order_task tasks[32];
    pool *p = pool_new(1, 64, NULL, NULL, NULL);
    cr_assert_not_null(p);

    cr_assert_eq(pool_submit(p, gate_task, &g), 0);
    gate_wait_started(&g);
    for (int i = 0; i < 32; i++) {
        tasks[i] = (struct order_task){&o, i};
        cr_assert_eq(pool_submit(p, order_run, &tasks[i]), 0);
    }
    cr_assert_eq(pool_queued(p), 32);
    atomic_store(&g.open, true);
    pool_free(p);
    cr_assert_eq(atomic_load(&o.n), 32);
    for (int i = 0; i < 32; i++)
        cr_assert_eq(o.seen[i], i, "task %d ran in place %d", o.seen[i], i);
}

static void count_task(void *arg, void *worker)
{
    (void)worker;
    atomic_fetch_add((atomic_int *)arg, 1);
}

Test(pool, full_queue_rejects_at_once)
{
    struct gate g = {0};
    atomic_int ran = 0;
    pool *p = pool_new(1, 4, NULL, NULL, NULL);
    cr_assert_not_null(p);
    cr_assert_eq(pool_depth(p), 4);
    cr_assert_eq(pool_workers(p), 1);

    cr_assert_eq(pool_submit(p, gate_task, &g), 0);
    gate_wait_started(&g);
    cr_assert_eq(pool_running(p), 1);
    for (int i = 0; i < 4; i++) cr_assert_eq(pool_submit(p, count_task, &ran), 0);
    cr_assert_eq(pool_submit(p, count_task, &ran), -1, "a fifth task fits a queue of 4");
    cr_assert_eq(pool_queued(p), 4);

    void *args[2] = {&ran, &ran};
    cr_assert_eq(pool_submit_all(p, count_task, args, 2), -1);
    atomic_store(&g.open, true);
    pool_free(p);
    cr_assert_eq(atomic_load(&ran), 4, "the rejected tasks must not run");
}

Test(pool, submit_all_is_all_or_nothing)
{
    struct gate g = {0};
    atomic_int ran = 0;
    void *args[3] = {&ran, &ran, &ran};
    pool *p = pool_new(1, 4, NULL, NULL, NULL);
    cr_assert_not_null(p);

    cr_assert_eq(pool_submit(p, gate_task, &g), 0);
    gate_wait_started(&g);
    cr_assert_eq(pool_submit(p, count_task, &ran), 0);
    cr_assert_eq(pool_submit(p, count_task, &ran), 0);
    cr_assert_eq(pool_submit_all(p, count_task, args, 3), -1, "3 tasks fit in 2 free slots");
    cr_assert_eq(pool_queued(p), 2, "a refused batch left tasks behind");
    cr_assert_eq(pool_submit_all(p, count_task, args, 2), 0);
    atomic_store(&g.open, true);
    pool_free(p);
    cr_assert_eq(atomic_load(&ran), 4);
}

static void *open_gate_later(void *arg)
{
    sleep_ms(50);
    atomic_store(&((struct gate *)arg)->open, true);
    return NULL;
}

Test(pool, shutdown_runs_every_queued_task)
{
    struct gate g = {0};
    atomic_int ran = 0;
    pthread_t opener;
    pool *p = pool_new(2, 128, NULL, NULL, NULL);
    cr_assert_not_null(p);

    cr_assert_eq(pool_submit(p, gate_task, &g), 0);
    for (int i = 0; i < 100; i++) cr_assert_eq(pool_submit(p, count_task, &ran), 0);
    pthread_create(&opener, NULL, open_gate_later, &g);
    pool_shutdown(p);
    cr_assert_eq(atomic_load(&ran), 100, "shutdown dropped queued tasks");
    cr_assert_eq(pool_submit(p, count_task, &ran), -1, "a stopped pool took a task");
    pool_shutdown(p); /* idempotent */
    pthread_join(opener, NULL);
    pool_free(p);
    pool_free(NULL);
}

static atomic_int states_made, states_freed;

static void *state_init(void *arg)
{
    atomic_fetch_add(&states_made, 1);
    int *s = malloc(sizeof(*s));
    *s = *(int *)arg;
    return s;
}

static void state_fini(void *state)
{
    if (state != NULL) atomic_fetch_add(&states_freed, 1);
    free(state);
}

static void state_task(void *arg, void *worker)
{
    cr_assert_not_null(worker);
    cr_assert_eq(*(int *)worker, 42);
    atomic_fetch_add((atomic_int *)arg, 1);
}

Test(pool, each_worker_gets_its_own_state)
{
    int seed = 42;
    atomic_int ran = 0;
    pool *p = pool_new(3, 16, state_init, state_fini, &seed);
    cr_assert_not_null(p);
    cr_assert_eq(atomic_load(&states_made), 3);
    for (int i = 0; i < 10; i++) cr_assert_eq(pool_submit(p, state_task, &ran), 0);
    pool_free(p);
    cr_assert_eq(atomic_load(&ran), 10);
    cr_assert_eq(atomic_load(&states_freed), 3);
}

Test(pool, rejects_zero_sizes)
{
    cr_assert_null(pool_new(0, 4, NULL, NULL, NULL));
    cr_assert_null(pool_new(4, 0, NULL, NULL, NULL));
}

static void *failing_init(void *arg)
{
    (void)arg;
    return atomic_fetch_add(&states_made, 1) == 1 ? NULL : malloc(1);
}

Test(pool, failed_worker_state_fails_the_pool)
{
    atomic_store(&states_made, 0);
    cr_assert_null(pool_new(3, 4, failing_init, free, NULL));
}

/* Many submitters, many workers, a small queue: every accepted task runs once. */
struct stress {
    pool *pool;
    atomic_int ran;
    atomic_int accepted;
};

static void stress_task(void *arg, void *worker)
{
    (void)worker;
    atomic_fetch_add(&((struct stress *)arg)->ran, 1);
}

static void *stress_submitter(void *arg)
{
    struct stress *s = arg;
    for (int i = 0; i < 5000; i++) {
        while (pool_submit(s->pool, stress_task, s) != 0) sched_yield();
        atomic_fetch_add(&s->accepted, 1);
        if (i % 97 == 0) (void)pool_queued(s->pool);
    }
    return NULL;
}

Test(pool, stress_many_submitters_many_workers, .timeout = 60)
{
    struct stress s = {0};
    pthread_t t[6];
    s.pool = pool_new(4, 16, NULL, NULL, NULL);
    cr_assert_not_null(s.pool);
    for (int i = 0; i < 6; i++) pthread_create(&t[i], NULL, stress_submitter, &s);
    for (int i = 0; i < 6; i++) pthread_join(t[i], NULL);
    pool_free(s.pool);
    cr_assert_eq(atomic_load(&s.accepted), 30000);
    cr_assert_eq(atomic_load(&s.ran), 30000);
}
