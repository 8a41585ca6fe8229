/* metrics.c -- fixed arrays of atomic counters, indexed by route, status and outcome.
 *
 * DESIGN: every label combination is known at start-up (routes from the
 * labels the API hands over, statuses from problems.h, outcomes from the
 * solver), so the
 * counters are plain arrays of atomics: no maps, no locks, no allocation on
 * the request path. The histogram stores per-bucket counts and renders them
 * cumulatively, as Prometheus wants.
 */
#include "server/metrics.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "writers/problems.h"

static const int metrics_status_codes[] = {
#define X(name, code) code,
    API_STATUSES(X)
#undef X
};
#define METRICS_NSTATUS (sizeof(metrics_status_codes) / sizeof(metrics_status_codes[0]))

/* Upper bounds in microseconds; the last bucket is +Inf. */
static const uint64_t metrics_bucket_us[] = {500,     1000,    2500,    5000,    10000,
                                             25000,   50000,   100000,  250000,  500000,
                                             1000000, 2500000, 5000000, 10000000};
#define METRICS_NBUCKETS (sizeof(metrics_bucket_us) / sizeof(metrics_bucket_us[0]) + 1)

#define METRICS_NOUTCOMES (SUDOKU_INVALID + 1)

/* The search's propagation counters (technique.h), one label each. */
enum metrics_counter {
#define X(field, technique, description) METRICS_COUNTER_##field,
    SUDOKU_SEARCH_COUNTERS(X)
#undef X
        METRICS_NCOUNTERS
};

/* Labelled as the solve answer's `stats` keys. */
static const char *const metrics_counter_keys[] = {
#define X(field, technique, description) #field,
    SUDOKU_SEARCH_COUNTERS(X)
#undef X
};

enum metrics_name {
#define X(name, text, type, help) METRICS_##name,
    METRICS_NAMES(X)
#undef X
};

static const struct {
    const char *name, *type, *help;
} metrics_names[] = {
#define X(name, text, type, help) {text, type, help},
    METRICS_NAMES(X)
#undef X
};

struct metrics {
    size_t nroutes;
    const char *route_labels[METRICS_MAX_ROUTES];
    /* [route][status index]; the extra route row counts "none", the extra
     * status column codes outside the table */
    atomic_ullong requests[METRICS_MAX_ROUTES + 1][METRICS_NSTATUS + 1];
    atomic_ullong duration_buckets[METRICS_NBUCKETS];
    atomic_ullong duration_sum_us;
    atomic_ullong duration_count;
    atomic_llong jobs_in_flight;
    atomic_ullong solves[METRICS_NOUTCOMES];
    atomic_ullong nodes;
    atomic_ullong propagation[METRICS_NCOUNTERS];
    atomic_ullong reserve[SUDOKU_LEVEL_EXTREME + 1];
};

metrics *metrics_new(const char *const *route_labels, size_t nroutes)
{
    metrics *m = calloc(1, sizeof(*m));
    /* calloc's zero bytes are valid zero atomics on every platform we build for */
    if (m == NULL) return NULL;
    m->nroutes = nroutes < METRICS_MAX_ROUTES ? nroutes : METRICS_MAX_ROUTES;
    for (size_t i = 0; i < m->nroutes; i++) m->route_labels[i] = route_labels[i];
    return m;
}

void metrics_free(metrics *m)
{
    free(m);
}

static void metrics_add(atomic_ullong *c, unsigned long long v)
{
    atomic_fetch_add_explicit(c, v, memory_order_relaxed);
}

static unsigned long long metrics_get(atomic_ullong *c)
{
    return atomic_load_explicit(c, memory_order_relaxed);
}

void metrics_request(metrics *m, size_t rt, int status, uint64_t duration_ns)
{
    size_t s = METRICS_NSTATUS;
    for (size_t i = 0; i < METRICS_NSTATUS; i++) {
        if (metrics_status_codes[i] == status) s = i;
    }
    if (rt > m->nroutes) rt = m->nroutes;
    metrics_add(&m->requests[rt][s], 1);

    uint64_t us = duration_ns / 1000;
    size_t b = 0;
    while (b < METRICS_NBUCKETS - 1 && us > metrics_bucket_us[b]) b++;
    metrics_add(&m->duration_buckets[b], 1);
    metrics_add(&m->duration_sum_us, us);
    metrics_add(&m->duration_count, 1);
}

/* Adds one solve's (or a sum of solves') search counters. */
static void metrics_add_stats(metrics *m, const sudoku_stats *st)
{
    metrics_add(&m->nodes, st->nodes);
#define X(field, technique, description)                                                           \
    if (st->field != 0) metrics_add(&m->propagation[METRICS_COUNTER_##field], st->field);
    SUDOKU_SEARCH_COUNTERS(X)
#undef X
}

void metrics_solve(metrics *m, sudoku_status status, const sudoku_stats *st)
{
    if ((unsigned)status < METRICS_NOUTCOMES) metrics_add(&m->solves[status], 1);
    if (st != NULL) metrics_add_stats(m, st);
}

void metrics_solve_many(metrics *m, const uint64_t *runs, const sudoku_stats *sum)
{
    for (size_t s = 0; s < METRICS_NOUTCOMES; s++) {
        if (runs[s] != 0) metrics_add(&m->solves[s], runs[s]);
    }
    metrics_add_stats(m, sum);
}

void metrics_reserve(metrics *m, int level, size_t count)
{
    atomic_store_explicit(&m->reserve[level], count, memory_order_relaxed);
}

void metrics_refused(metrics *m, api_problem_type type)
{
    if (type == API_PROBLEM_INVALID_PUZZLE || type == API_PROBLEM_UNSUPPORTED_SHAPE)
        metrics_add(&m->solves[SUDOKU_INVALID], 1);
    else if (type == API_PROBLEM_CONFLICTING_GIVENS)
        metrics_add(&m->solves[SUDOKU_CONFLICT], 1);
}

void metrics_job_started(metrics *m)
{
    atomic_fetch_add_explicit(&m->jobs_in_flight, 1, memory_order_relaxed);
}

void metrics_job_finished(metrics *m)
{
    atomic_fetch_sub_explicit(&m->jobs_in_flight, 1, memory_order_relaxed);
}

static void metrics_header(buf *out, enum metrics_name n)
{
    buf_printf(out, "# HELP %s %s\n# TYPE %s %s\n", metrics_names[n].name, metrics_names[n].help,
               metrics_names[n].name, metrics_names[n].type);
}

void metrics_render(metrics *m, size_t queue_depth, buf *out)
{
    const char *name;

    metrics_header(out, METRICS_REQUESTS_TOTAL);
    name = metrics_names[METRICS_REQUESTS_TOTAL].name;
    for (size_t r = 0; r <= m->nroutes; r++) {
        const char *route = r < m->nroutes ? m->route_labels[r] : "none";
        for (size_t s = 0; s <= METRICS_NSTATUS; s++) {
            unsigned long long v = metrics_get(&m->requests[r][s]);
            if (v == 0) continue;
            if (s < METRICS_NSTATUS)
                buf_printf(out, "%s{route=\"%s\",status=\"%d\"} %llu\n", name, route,
                           metrics_status_codes[s], v);
            else
                buf_printf(out, "%s{route=\"%s\",status=\"other\"} %llu\n", name, route, v);
        }
    }

    metrics_header(out, METRICS_REQUEST_DURATION);
    name = metrics_names[METRICS_REQUEST_DURATION].name;
    unsigned long long cumulative = 0;
    for (size_t b = 0; b < METRICS_NBUCKETS; b++) {
        cumulative += metrics_get(&m->duration_buckets[b]);
        if (b < METRICS_NBUCKETS - 1)
            buf_printf(out, "%s_bucket{le=\"%g\"} %llu\n", name, (double)metrics_bucket_us[b] / 1e6,
                       cumulative);
        else
            buf_printf(out, "%s_bucket{le=\"+Inf\"} %llu\n", name, cumulative);
    }
    buf_printf(out, "%s_sum %.6f\n%s_count %llu\n", name,
               (double)metrics_get(&m->duration_sum_us) / 1e6, name,
               metrics_get(&m->duration_count));

    metrics_header(out, METRICS_QUEUE_DEPTH);
    buf_printf(out, "%s %zu\n", metrics_names[METRICS_QUEUE_DEPTH].name, queue_depth);

    metrics_header(out, METRICS_JOBS_IN_FLIGHT);
    buf_printf(out, "%s %lld\n", metrics_names[METRICS_JOBS_IN_FLIGHT].name,
               atomic_load_explicit(&m->jobs_in_flight, memory_order_relaxed));

    metrics_header(out, METRICS_SOLVES_TOTAL);
    name = metrics_names[METRICS_SOLVES_TOTAL].name;
    for (int s = 0; s < (int)METRICS_NOUTCOMES; s++)
        buf_printf(out, "%s{status=\"%s\"} %llu\n", name, sudoku_status_str((sudoku_status)s),
                   metrics_get(&m->solves[s]));

    metrics_header(out, METRICS_SEARCH_NODES_TOTAL);
    buf_printf(out, "%s %llu\n", metrics_names[METRICS_SEARCH_NODES_TOTAL].name,
               metrics_get(&m->nodes));

    metrics_header(out, METRICS_GENERATE_RESERVE);
    for (int l = SUDOKU_LEVEL_EASY; l <= SUDOKU_LEVEL_EXTREME; l++)
        buf_printf(out, "%s{level=\"%s\"} %llu\n", metrics_names[METRICS_GENERATE_RESERVE].name,
                   sudoku_level_str((sudoku_level)l), metrics_get(&m->reserve[l]));

    metrics_header(out, METRICS_PROPAGATION_TOTAL);
    name = metrics_names[METRICS_PROPAGATION_TOTAL].name;
    for (size_t c = 0; c < METRICS_NCOUNTERS; c++)
        buf_printf(out, "%s{counter=\"%s\"} %llu\n", name, metrics_counter_keys[c],
                   metrics_get(&m->propagation[c]));
}
