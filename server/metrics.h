/* metrics.h -- request and solver counters, rendered as Prometheus text 0.0.4.
 *
 * METRICS_NAMES is the one table of metric names, types and help texts.
 * Every counter is a C11 atomic updated with relaxed order: the numbers are
 * statistics, nothing synchronises through them, and a scrape may see one
 * counter a moment ahead of another.
 */
#ifndef SUDOKUD_METRICS_H
#define SUDOKUD_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "server/buf.h"
#include "server/router.h"
#include "solver/sudoku.h"

/* X(ENUM, name, type, help) */
#define METRICS_NAMES(X)                                                                           \
    X(REQUESTS_TOTAL, "sudokud_requests_total", "counter",                                         \
      "HTTP requests answered, by route and status code.")                                         \
    X(REQUEST_DURATION, "sudokud_request_duration_seconds", "histogram",                           \
      "Time from a request's headers to the end of its response.")                                 \
    X(QUEUE_DEPTH, "sudokud_queue_depth", "gauge", "Jobs waiting for a worker.")                   \
    X(JOBS_IN_FLIGHT, "sudokud_jobs_in_flight", "gauge",                                           \
      "Requests whose solver work is queued or running.")                                          \
    X(SOLVES_TOTAL, "sudokud_solves_total", "counter", "Solver runs by outcome.")                  \
    X(SEARCH_NODES_TOTAL, "sudokud_search_nodes_total", "counter",                                 \
      "Search nodes visited by all solver runs.")

typedef struct metrics metrics;

/* Allocates zeroed counters; NULL when out of memory. */
metrics *metrics_new(void);
/* Frees; NULL is accepted. */
void metrics_free(metrics *m);

/* Counts one answered request. `status` is its HTTP status code (codes the
 * API does not produce are counted as "other"), `duration_ns` its latency.
 * Thread-safe. */
void metrics_request(metrics *m, router_route route, int status, uint64_t duration_ns);

/* Counts one solver run: its outcome and search nodes. Thread-safe. */
void metrics_solve(metrics *m, sudoku_status status, uint64_t nodes);

/* Counts many runs at once: runs[s] of each outcome s (SUDOKU_INVALID + 1
 * entries) and their nodes, so a batch chunk touches the shared counters
 * once rather than per puzzle. Thread-safe. */
void metrics_solve_many(metrics *m, const uint64_t *runs, uint64_t nodes);

/* Moves the jobs-in-flight gauge by +1 / -1. Thread-safe. */
void metrics_job_started(metrics *m);
void metrics_job_finished(metrics *m);

/* Appends the exposition text; queue_depth is sampled by the caller.
 * Thread-safe (concurrent updates may land mid-render). */
void metrics_render(metrics *m, size_t queue_depth, buf *out);

#endif /* SUDOKUD_METRICS_H */
