/* unit_job.c -- jobs: running tasks, waking owners, streaming outputs in order, references. */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "server/job.h"

/* Each task writes "t<k>" into its output. */
static void write_task(job *j, size_t task, worker *w)
{
    (void)w;
    buf_printf(job_task_out(j, task), "t%zu", task);
}

static void tail(job *j, buf *out)
{
    buf_printf(out, "|end of %zu", job_ntasks(j));
}

static ssize_t read_all(job_stream *s, char *out, size_t cap, size_t *total)
{
    ssize_t n;
    while ((n = job_stream_read(s, out + *total, cap - *total)) > 0) *total += (size_t)n;
    out[*total] = '\0';
    return n;
}

Test(job, a_stream_waits_for_the_next_task_and_reads_on_once_it_is_done)
{
    metrics *m = metrics_new(NULL, 0);
    worker *w = worker_new();
    job *j = job_new(write_task, 3, NULL, NULL);
    cr_assert(m != NULL && w != NULL && j != NULL);
    job_stream *s = job_stream_new(j, "[", ',', tail);
    char out[256];
    size_t total = 0;

    cr_assert(!job_ready(j));
    cr_assert_eq(read_all(s, out, sizeof(out), &total), JOB_STREAM_WAIT, "task 0 has not run");
    cr_assert_str_eq(out, "[", "the head leaves at once");
    job_run_task(j, 0, w);
    cr_assert(job_ready(j), "the first task is enough to start answering");
    cr_assert_eq(read_all(s, out, sizeof(out), &total), JOB_STREAM_WAIT);
    cr_assert_str_eq(out, "[t0,", "what is done leaves, then the stream waits for task 1");
    size_t before = total;
    job_run_task(j, 2, w); /* out of order: task 1 still holds the stream up */
    cr_assert_eq(read_all(s, out, sizeof(out), &total), JOB_STREAM_WAIT);
    cr_assert_eq(total, before, "task 2 must wait for task 1");
    job_run_task(j, 1, w);
    cr_assert(job_done(j));
    cr_assert_eq(read_all(s, out, sizeof(out), &total), 0);
    cr_assert_str_eq(out, "[t0,t1,t2|end of 3");
    cr_assert_eq(job_streamed(j), strlen(out));
    job_free(j); /* the owner goes first: the stream keeps the job alive */
    job_stream_free(s);
    worker_free(w);
    metrics_free(m);
}

Test(job, one_byte_reads_cross_every_boundary)
{
    worker *w = worker_new();
    job *j = job_new(write_task, 4, NULL, NULL);
    for (size_t k = 0; k < 4; k++) job_run_task(j, k, w);
    job_stream *s = job_stream_new(j, "", '\0', NULL);
    char out[64];
    size_t total = 0;
    ssize_t n;
    while ((n = job_stream_read(s, out + total, 1)) > 0) total += (size_t)n;
    out[total] = '\0';
    cr_assert_eq(n, 0);
    cr_assert_str_eq(out, "t0t1t2t3", "no separator when none is asked for");
    job_stream_free(s);
    job_free(j);
    worker_free(w);
}

/* A threaded runner: the owner is put to sleep before its tasks are queued
 * and woken once the first is done. An owner here is a counter of wakes. */
static atomic_int slept;

static void hook_sleep(void *owner)
{
    (void)owner;
    atomic_fetch_add(&slept, 1);
}

static void hook_wake(void *owner)
{
    atomic_fetch_add((atomic_int *)owner, 1);
}

static void slow_task(job *j, size_t task, worker *w)
{
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    write_task(j, task, w);
}

Test(job, submit_sleeps_the_owner_first_and_wakes_it_when_ready)
{
    metrics *m = metrics_new(NULL, 0);
    job_hooks hooks = {hook_sleep, hook_wake};
    job_runner *r = job_runner_new(2, 8, &hooks, m);
    cr_assert_not_null(r);
    atomic_int woken = 0, busy_woken = 0;
    atomic_store(&slept, 0);
    job *j = job_new(write_task, 1, NULL, NULL);
    cr_assert_eq(job_submit(j, r, &woken), 0);
    cr_assert_eq(atomic_load(&slept), 1);
    for (int i = 0; i < 2000 && atomic_load(&woken) == 0; i++) {
        struct timespec ts = {0, 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    cr_assert_eq(atomic_load(&woken), 1, "the worker woke the owner once");
    cr_assert(job_ready(j) && job_done(j));
    job_free(j);

    /* a full queue: nothing is queued, and the owner is woken again at once */
    job *busy = job_new(slow_task, 8, NULL, NULL);
    cr_assert_eq(job_submit(busy, r, &busy_woken), 0);
    job *refused = job_new(write_task, 8, NULL, NULL);
    atomic_store(&woken, 0);
    cr_assert_eq(job_submit(refused, r, &woken), -1);
    cr_assert_eq(atomic_load(&woken), 1, "a refused owner must not sleep forever");
    job_free(refused);
    job_free(busy);     /* its queued tasks hold it until they have run */
    job_runner_free(r); /* runs them all before it returns */
    cr_assert_eq(atomic_load(&busy_woken), 1);
    metrics_free(m);
}

Test(job, a_runner_without_threads_runs_every_task_in_submit)
{
    metrics *m = metrics_new(NULL, 0);
    job_runner *r = job_runner_new(0, 0, NULL, m);
    job *j = job_new(write_task, 5, NULL, NULL);
    cr_assert_eq(job_submit(j, r, NULL), 0);
    cr_assert(job_done(j));
    cr_assert_not_null(job_runner_local(r), "the runner's own worker serves the caller");
    job_free(j);
    job_runner_free(r);
    metrics_free(m);
}
