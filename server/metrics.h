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

#include "solver/sudoku.h"
#include "writers/buf.h"
#include "writers/problems.h"

/* X(ENUM, name, type, help) */
#define METRICS_NAMES(X)                                                                           \
    X(REQUESTS_TOTAL, "sudokud_requests_total", "counter",                                         \
      "HTTP requests answered, by route and status code.")                                         \
    X(REQUEST_DURATION, "sudokud_request_duration_seconds", "histogram",                           \
      "Time from a request's headers to the end of its response.")                                 \
    X(QUEUE_DEPTH, "sudokud_queue_depth", "gauge", "Jobs waiting for a worker.")                   \
    X(JOBS_IN_FLIGHT, "sudokud_jobs_in_flight", "gauge",                                           \
      "Requests whose solver work is queued or running.")                                          \
    X(SOLVES_TOTAL, "sudokud_solves_total", "counter",                                             \
      "Puzzles by outcome, those refused before solving (conflict, invalid) included.")            \
    X(SEARCH_NODES_TOTAL, "sudokud_search_nodes_total", "counter",                                 \
      "Search nodes visited by all solver runs.")                                                  \
    X(GENERATE_RESERVE, "sudokud_generate_reserve", "gauge",                                       \
      "Puzzles kept ready for unseeded /v1/generate requests, by level.")                          \
    X(PROPAGATION_TOTAL, "sudokud_propagation_total", "counter",                                   \
      "What the search's propagation did, by the solve answer's stats key.")

typedef struct metrics metrics;

/* The most routes the request counters tell apart. */
#define METRICS_MAX_ROUTES 32

/* Allocates zeroed counters for requests to nroutes routes (at most
 * METRICS_MAX_ROUTES), labelled route_labels[i] (static strings, borrowed);
 * NULL when out of memory. */
metrics *metrics_new(const char *const *route_labels, size_t nroutes);
/* Frees; NULL is accepted. */
void metrics_free(metrics *m);

/* Counts one answered request to route rt (an index of metrics_new's
 * labels; any other is counted as route "none"). `status` is its HTTP
 * status code (codes the API does not produce are counted as "other"),
 * `duration_ns` its latency. Thread-safe. */
void metrics_request(metrics *m, size_t rt, int status, uint64_t duration_ns);

/* Counts one solver run: its outcome, and its search nodes and propagation
 * counters when st is not NULL. Thread-safe. */
void metrics_solve(metrics *m, sudoku_status status, const sudoku_stats *st);

/* Counts many runs at once: runs[s] of each outcome s (SUDOKU_INVALID + 1
 * entries) and the sum of their stats, so a batch chunk touches the shared
 * counters once rather than per puzzle. Thread-safe. */
void metrics_solve_many(metrics *m, const uint64_t *runs, const sudoku_stats *sum);

/* Sets the puzzles the generate reserve holds for a level (0..4). Thread-safe. */
void metrics_reserve(metrics *m, int level, size_t count);

/* Counts a puzzle refused before solving, by its problem: invalid-puzzle and
 * unsupported-shape as `invalid`, conflicting-givens as `conflict` (other
 * problems are not about a puzzle and count nothing). Thread-safe. */
void metrics_refused(metrics *m, api_problem_type type);

/* Moves the jobs-in-flight gauge by +1 / -1. Thread-safe. */
void metrics_job_started(metrics *m);
void metrics_job_finished(metrics *m);

/* Appends the exposition text; queue_depth is sampled by the caller.
 * Thread-safe (concurrent updates may land mid-render). */
void metrics_render(metrics *m, size_t queue_depth, buf *out);

#endif /* SUDOKUD_METRICS_H */
