/* api.c -- every endpoint: routing verdicts, input checks, jobs for the pool, rendering.
 *
 * DESIGN: a handler either answers on the spot (health, info, metrics, any
 * 4xx found while reading the body) or builds a job. A job carries copies
 * of everything its tasks need, so workers never look at the request:
 *
 *   solve     1 task: a heap sudoku_puzzle, limits, a solutions buffer
 *   validate  1 task: the same, when "solvable"/"unique" were asked
 *   batch     k tasks: items [first, first+count) each, rendered by the
 *             worker into the task's own output buffer
 *
 * Batch items are stored compactly, not as 8 KiB sudoku_puzzles: a small
 * header per item plus its N*N cells in one arena (81 bytes for a 9x9).
 * Items that failed to parse carry their problem object, pre-rendered. Each
 * worker copies an item into its own scratch puzzle to solve it and writes
 * the result line straight into its chunk's buffer; finishing hands those
 * buffers, in input order, to a stream the HTTP layer sends from directly.
 *
 *   items[]  [hdr|hdr|hdr|hdr|hdr|hdr|hdr|hdr]      arena [81 cells|81 cells|...]
 *            '-- task 0 --'-- task 1 --'-- task 2 -'   problems ["{index:3,...}"...]
 *                   |            |          |
 *                 out[0]       out[1]     out[2]  --> stream: "[" out0 "," out1 "," out2 "]"
 *
 * Deadlines: every solve gets an absolute deadline (request arrival +
 * timeout_ms), so queueing time counts against it and no connection waits
 * past its budget. A batch item gets its own timeout_ms from when it starts,
 * capped by the batch's deadline: arrival + max_timeout_ms * ceil(items /
 * workers).
 */
#include "server/api.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

#include "server/buf.h"
#include "server/input.h"
#include "server/json.h"
#include "solver/sudoku.h"

#define API_CT_JSON    "application/json"
#define API_CT_PROBLEM "application/problem+json"
#define API_CT_NDJSON  "application/x-ndjson"
#define API_CT_METRICS "text/plain; version=0.0.4; charset=utf-8"
#define API_CT_YAML    "application/yaml"

/* Tasks per worker a batch is cut into: enough to even out hard and easy
 * chunks and to start streaming the answer early (after 1/16 of the work
 * with 2 workers), few enough to leave queue room for other requests. */
#define API_CHUNKS_PER_WORKER 8

/* A batch may ask for at most this many solution cells per body byte
 * (return_solutions * N*N summed over items), so a small body cannot demand
 * gigabytes of output. */
#define API_SOLUTION_CELLS_PER_BODY_BYTE 4

/* Bytes a flattened stream grows by per read. */
#define API_FLATTEN_STEP (64 * 1024)

/* Bytes of one 9x9 batch result, to size a chunk's output in one go. */
#define API_RESULT_ESTIMATE 400

/* The most CORS origins --cors-origins may list. */
#define API_MAX_ORIGINS 32

static const char api_internal_error_body[] =
    "{\"type\":\"" API_PROBLEM_URN "internal-error\",\"title\":\"Internal error\",\"status\":500,"
    "\"detail\":\"out of memory\"}";

struct api_context {
    const struct config *cfg;
    metrics *metrics;
    size_t (*queue_depth)(void *);
    void *queue_arg;
    atomic_int cancel; /* the solver's cancel flag, shared by every job */
    void (*wake)(void *owner);
    atomic_bool draining;
    atomic_ullong next_id;
    uint64_t id_seed;
    bool cors_any;
    size_t norigins;
    char *origins[API_MAX_ORIGINS];
};

typedef enum api_job_kind { API_JOB_SOLVE, API_JOB_VALIDATE, API_JOB_BATCH } api_job_kind;

/* One compact batch item. */
struct api_item {
    size_t data;    /* cells offset in the arena, or the problem's offset in `problems` */
    size_t regions; /* regions offset in the arena, or SIZE_MAX for boxes */
    uint32_t len;   /* problem text length (problem items) */
    uint32_t max_solutions;
    uint32_t timeout_ms;
    uint8_t size, box_rows, box_cols, return_solutions;
    uint8_t form;
    bool diagonal;
    bool problem;
};

/* Solver outcomes, indexed by sudoku_status. */
#define API_OUTCOMES (SUDOKU_INVALID + 1)

struct api_task {
    api_job *job;
    size_t first, count; /* items of a batch chunk */
    buf out;
    uint64_t start_ns, end_ns;
    uint64_t runs[API_OUTCOMES]; /* solver runs by outcome */
    uint64_t nodes;
    uint64_t unread;  /* items that never reached the solver (input problems) */
    atomic_bool done; /* release: everything above is final */
};

struct api_job {
    api_context *ctx;
    void *owner;
    api_job_kind kind;
    atomic_int refs;         /* the owner, the tasks while any is unfinished, a stream */
    atomic_size_t remaining; /* tasks not yet finished */
    atomic_int waiting;      /* the task the owner sleeps on until woken, or -1 */
    bool submitted;          /* the tasks hold a reference */
    bool counted;            /* in the jobs-in-flight gauge */
    uint64_t streamed;       /* body bytes a stream has produced (owner's thread) */
    uint64_t submit_ns;
    uint64_t deadline_ns;
    size_t ntasks;
    struct api_task *tasks;

    /* solve and validate */
    sudoku_puzzle *puzzle;
    input_form form;
    uint32_t max_solutions;
    uint32_t return_solutions;
    unsigned check;
    sudoku_result result;
    uint8_t *solutions;
    api_problem invalid; /* when the solver refused the puzzle after all */

    /* batch */
    bool ndjson;
    size_t nitems;
    struct api_item *items;
    buf arena;
    buf problems;
    size_t shared_regions; /* arena offset of the shared layout, SIZE_MAX when none */
    const uint8_t *shared_regions_src;
    uint64_t solution_cells; /* output guard, see API_SOLUTION_CELLS_PER_BODY_BYTE */
    uint64_t solution_cells_max;
};

struct api_worker {
    sudoku_solver *solver;
    sudoku_puzzle puzzle;
    uint8_t *solutions; /* INPUT_MAX_RETURN_SOLUTIONS grids of the largest size */
};

/* ---- context ------------------------------------------------------------------ */

static uint64_t api_mix64(uint64_t x)
{
    /* splitmix64: spreads a counter into well-mixed, distinct ids */
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

static int api_parse_origins(api_context *ctx, const char *list)
{
    const char *p = list;
    while (*p != '\0') {
        while (*p == ' ' || *p == ',') p++;
        const char *end = p;
        while (*end != '\0' && *end != ',') end++;
        const char *last = end;
        while (last > p && last[-1] == ' ') last--;
        if (last > p) {
            if ((size_t)(last - p) == 1 && *p == '*') {
                ctx->cors_any = true;
            } else if (ctx->norigins < API_MAX_ORIGINS) {
                ctx->origins[ctx->norigins] = strndup(p, (size_t)(last - p));
                if (ctx->origins[ctx->norigins] == NULL) return -1;
                ctx->norigins++;
            }
        }
        p = end;
    }
    return 0;
}

api_context *api_new(const struct config *cfg, metrics *m, size_t (*queue_depth)(void *),
                     void *queue_arg)
{
    api_context *ctx = calloc(1, sizeof(*ctx));
    if (ctx == NULL) return NULL;
    ctx->cfg = cfg;
    ctx->metrics = m;
    ctx->queue_depth = queue_depth;
    ctx->queue_arg = queue_arg;
    atomic_init(&ctx->cancel, 0);
    atomic_init(&ctx->draining, false);
    atomic_init(&ctx->next_id, 0);
    if (getrandom(&ctx->id_seed, sizeof(ctx->id_seed), GRND_NONBLOCK) !=
        (ssize_t)sizeof(ctx->id_seed)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ctx->id_seed = api_mix64((uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20));
    }
    if (api_parse_origins(ctx, cfg->cors_origins) != 0) {
        api_free(ctx);
        return NULL;
    }
    return ctx;
}

void api_set_wake(api_context *ctx, void (*wake)(void *owner))
{
    ctx->wake = wake;
}

void api_free(api_context *ctx)
{
    if (ctx == NULL) return;
    for (size_t i = 0; i < ctx->norigins; i++) free(ctx->origins[i]);
    free(ctx);
}

void api_request_id(api_context *ctx, const char *client, char out[API_REQUEST_ID_LEN])
{
    if (client != NULL) {
        size_t n = 0;
        while (n < API_REQUEST_ID_LEN && client[n] != '\0' &&
               strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-",
                      client[n]) != NULL)
            n++;
        if (n >= 1 && n < API_REQUEST_ID_LEN && client[n] == '\0') {
            memcpy(out, client, n + 1);
            return;
        }
    }
    uint64_t k = atomic_fetch_add_explicit(&ctx->next_id, 1, memory_order_relaxed);
    snprintf(out, API_REQUEST_ID_LEN, "%016llx", (unsigned long long)api_mix64(ctx->id_seed + k));
}

size_t api_body_limit(const api_context *ctx, router_route route)
{
    return (size_t)(route == ROUTE_BATCH ? ctx->cfg->max_batch_body : ctx->cfg->max_body);
}

void api_begin_drain(api_context *ctx)
{
    atomic_store_explicit(&ctx->draining, true, memory_order_relaxed);
}

void api_cancel_work(api_context *ctx)
{
    atomic_store_explicit(&ctx->cancel, 1, memory_order_relaxed);
}

bool api_draining(const api_context *ctx)
{
    return atomic_load_explicit(&ctx->draining, memory_order_relaxed);
}

/* ---- responses ------------------------------------------------------------------ */

static void api_header_add(api_response *resp, const char *name, const char *value)
{
    if (resp->nheaders < API_MAX_HEADERS)
        resp->headers[resp->nheaders++] = (api_header){name, value};
}

/* The Origin to echo, or NULL when CORS does not apply. */
static const char *api_cors_origin(const api_context *ctx, const api_request *req)
{
    if (req->origin == NULL) return NULL;
    if (ctx->cors_any) return "*";
    for (size_t i = 0; i < ctx->norigins; i++) {
        if (strcmp(ctx->origins[i], req->origin) == 0) return req->origin;
    }
    return NULL;
}

static void api_cors_headers(const api_context *ctx, const api_request *req, api_response *resp,
                             bool preflight)
{
    const char *origin = api_cors_origin(ctx, req);
    if (ctx->norigins > 0) api_header_add(resp, "Vary", "Origin");
    if (origin == NULL) return;
    api_header_add(resp, "Access-Control-Allow-Origin", origin);
    if (preflight) {
        api_header_add(resp, "Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        api_header_add(resp, "Access-Control-Allow-Headers", "Content-Type, X-Request-Id");
        api_header_add(resp, "Access-Control-Max-Age", "600");
    } else {
        api_header_add(resp, "Access-Control-Expose-Headers", "X-Request-Id, Server-Timing");
    }
}

static void api_response_init(api_response *resp)
{
    memset(resp, 0, sizeof(*resp));
}

/* Moves a finished buffer into the response; out of memory becomes a 500. */
static void api_set_body(api_response *resp, int status, const char *content_type, buf *b)
{
    size_t len;
    char *data = buf_take(b, &len);
    if (data == NULL) {
        resp->status = API_HTTP_INTERNAL_SERVER_ERROR;
        resp->content_type = API_CT_PROBLEM;
        resp->body = api_internal_error_body;
        resp->body_len = sizeof(api_internal_error_body) - 1;
        return;
    }
    resp->status = status;
    resp->content_type = content_type;
    resp->body = data;
    resp->body_len = len;
    resp->owned = data;
}

static uint64_t api_us(uint64_t from_ns, uint64_t to_ns)
{
    return to_ns > from_ns ? (to_ns - from_ns) / 1000 : 0;
}

/* Sets the Server-Timing value from n (name, microseconds) pairs, in
 * milliseconds with three decimals. Integer formatting: this runs on every
 * request, where printf's floating point showed in profiles. */
static void api_server_timing(api_response *resp, const char *const *names, const uint64_t *us,
                              size_t n)
{
    char *out = resp->server_timing;
    size_t cap = sizeof(resp->server_timing), len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n && len < cap; i++) {
        int w = snprintf(out + len, cap - len, "%s%s;dur=%llu.%03llu", i > 0 ? ", " : "", names[i],
                         (unsigned long long)(us[i] / 1000), (unsigned long long)(us[i] % 1000));
        if (w < 0) break;
        len += (size_t)w;
    }
}

static void api_timing_total(api_response *resp, const api_request *req)
{
    static const char *const names[] = {"total"};
    uint64_t us[] = {api_us(req->start_ns, sudoku_now_ns())};
    api_server_timing(resp, names, us, 1);
}

/* A problem+json response, with conflicts when given. */
static void api_problem_response(api_context *ctx, const api_request *req, const api_problem *pb,
                                 const sudoku_conflict *conflicts, size_t nconflicts,
                                 const sudoku_puzzle *shape, api_response *resp)
{
    buf b = BUF_INIT;
    api_response_init(resp);
    json_render_problem(&b, pb, req->path, req->request_id, -1, conflicts, nconflicts, shape);
    api_set_body(resp, api_problem_status(pb->type), API_CT_PROBLEM, &b);
    if (pb->type == API_PROBLEM_QUEUE_FULL || pb->type == API_PROBLEM_DRAINING)
        api_header_add(resp, "Retry-After", "1");
    if (pb->type == API_PROBLEM_METHOD_NOT_ALLOWED) api_header_add(resp, "Allow", req->match.allow);
    api_cors_headers(ctx, req, resp, false);
    api_timing_total(resp, req);
}

void api_reject(api_context *ctx, const api_request *req, api_problem_type type, const char *detail,
                api_response *resp)
{
    api_problem pb;
    api_problem_set(&pb, type, NULL, "%s", detail);
    api_problem_response(ctx, req, &pb, NULL, 0, NULL, resp);
}

static void api_body_response(api_context *ctx, const api_request *req, int status, buf *b,
                              const char *content_type, api_response *resp)
{
    api_response_init(resp);
    api_set_body(resp, status, content_type, b);
    api_cors_headers(ctx, req, resp, false);
    api_timing_total(resp, req);
}

void api_response_free(api_response *resp)
{
    if (resp == NULL) return;
    free(resp->owned);
    resp->owned = NULL;
    resp->body = NULL;
    api_stream_free(resp->stream);
    resp->stream = NULL;
}

/* ---- request checks ---------------------------------------------------------------- */

/* True when the Content-Type's media type (parameters ignored) is `want`. */
static bool api_media_is(const char *content_type, const char *want)
{
    if (content_type == NULL) return false;
    const char *p = content_type;
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strlen(want);
    if (strncasecmp(p, want, n) != 0) return false;
    p += n;
    while (*p == ' ' || *p == '\t') p++;
    return *p == '\0' || *p == ';';
}

/* 415 unless the body is JSON (an empty body without a type falls through to 400). */
static bool api_require_json(api_context *ctx, const api_request *req, api_response *resp)
{
    if (api_media_is(req->content_type, API_CT_JSON)) return true;
    if (req->content_type == NULL && req->body_len == 0) return true;
    api_reject(ctx, req, API_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
               "send the body as Content-Type: application/json", resp);
    return false;
}

/* ---- jobs: common --------------------------------------------------------------------- */

static api_job *api_job_new(api_context *ctx, api_job_kind kind, size_t ntasks)
{
    api_job *job = calloc(1, sizeof(*job));
    if (job == NULL) return NULL;
    job->ctx = ctx;
    job->kind = kind;
    job->shared_regions = SIZE_MAX;
    job->tasks = calloc(ntasks, sizeof(*job->tasks));
    if (job->tasks == NULL) {
        free(job);
        return NULL;
    }
    job->ntasks = ntasks;
    for (size_t i = 0; i < ntasks; i++) {
        job->tasks[i].job = job;
        atomic_init(&job->tasks[i].done, false);
    }
    atomic_init(&job->refs, 1);
    atomic_init(&job->remaining, ntasks);
    atomic_init(&job->waiting, -1);
    return job;
}

static void api_job_destroy(api_job *job)
{
    if (job->counted) metrics_job_finished(job->ctx->metrics);
    for (size_t i = 0; i < job->ntasks; i++) buf_free(&job->tasks[i].out);
    free(job->tasks);
    free(job->puzzle);
    free(job->solutions);
    free(job->items);
    buf_free(&job->arena);
    buf_free(&job->problems);
    free(job);
}

/* Drops one reference; the last one frees the job, on whichever thread. */
static void api_job_release(api_job *job)
{
    if (atomic_fetch_sub_explicit(&job->refs, 1, memory_order_acq_rel) == 1) api_job_destroy(job);
}

void api_job_free(api_job *job)
{
    if (job != NULL) api_job_release(job);
}

size_t api_job_ntasks(const api_job *job)
{
    return job->ntasks;
}

void *api_job_task(api_job *job, size_t i)
{
    return &job->tasks[i];
}

void api_job_unsubmit(api_job *job)
{
    if (job->submitted) {
        job->submitted = false;
        atomic_store(&job->waiting, -1);
        api_job_release(job);
    }
}

bool api_job_ready(api_job *job)
{
    return job->ntasks == 0 || atomic_load_explicit(&job->tasks[0].done, memory_order_acquire);
}

uint64_t api_job_streamed(const api_job *job)
{
    return job->streamed;
}

/* The owner wants task k: true when it must sleep until woken, false when
 * the task is done. Pairs with api_task_wake(): with sequentially
 * consistent order, either the owner sees the task done, or the worker sees
 * the owner waiting and wakes it -- never neither. */
static bool api_job_wait(api_job *job, int k)
{
    if (atomic_load_explicit(&job->tasks[k].done, memory_order_acquire)) return false;
    atomic_store(&job->waiting, k);
    if (!atomic_load(&job->tasks[k].done)) return true;
    int expected = k;
    /* done meanwhile: take the request back, unless the worker already
     * took it and is waking us (then sleep; the wake cancels the sleep) */
    return !atomic_compare_exchange_strong(&job->waiting, &expected, -1);
}

/* Marks task k done and wakes the owner if it sleeps on it. */
static void api_task_wake(api_job *job, int k)
{
    void *owner = job->owner;
    atomic_store(&job->tasks[k].done, true);
    int expected = k;
    if (atomic_load(&job->waiting) == k &&
        atomic_compare_exchange_strong(&job->waiting, &expected, -1) && job->ctx->wake != NULL)
        job->ctx->wake(owner);
}

bool api_job_done(api_job *job)
{
    return atomic_load_explicit(&job->remaining, memory_order_acquire) == 0;
}

void api_job_set_owner(api_job *job, void *owner)
{
    job->owner = owner;
}

void *api_job_owner(const api_job *job)
{
    return job->owner;
}

void api_job_submitted(api_job *job)
{
    job->submitted = true;
    atomic_fetch_add_explicit(&job->refs, 1, memory_order_relaxed);
    /* the owner sleeps until the first task is done: a single job's only
     * one, or the chunk a batch answer starts with */
    atomic_store(&job->waiting, 0);
    job->submit_ns = sudoku_now_ns();
    if (!job->counted) {
        job->counted = true;
        metrics_job_started(job->ctx->metrics);
    }
}

void *api_worker_new(void *unused)
{
    (void)unused;
    struct api_worker *w = calloc(1, sizeof(*w));
    if (w == NULL) return NULL;
    w->solver = sudoku_solver_new(0);
    w->solutions = malloc((size_t)INPUT_MAX_RETURN_SOLUTIONS * SUDOKU_MAX_CELLS);
    if (w->solver == NULL || w->solutions == NULL) {
        api_worker_free(w);
        return NULL;
    }
    return w;
}

void api_worker_free(void *worker)
{
    struct api_worker *w = worker;
    if (w == NULL) return;
    sudoku_solver_free(w->solver);
    free(w->solutions);
    free(w);
}

static sudoku_limits api_limits(const api_context *ctx, uint32_t max_solutions,
                                uint64_t deadline_ns)
{
    sudoku_limits l = {0};
    l.max_solutions = max_solutions;
    l.node_budget = ctx->cfg->max_nodes;
    l.deadline_ns = deadline_ns;
    l.cancel = &ctx->cancel;
    return l;
}

/* Lists the givens' conflicts into a new array (*out, caller frees). Returns
 * the count; *out is NULL when 0 or out of memory (then *oom is set). */
static size_t api_conflicts(const sudoku_puzzle *p, sudoku_conflict **out, bool *oom)
{
    *out = NULL;
    *oom = false;
    size_t n = sudoku_conflicts(p, NULL, 0);
    if (n == 0) return 0;
    *out = malloc(n * sizeof(**out));
    if (*out == NULL) {
        *oom = true;
        return 0;
    }
    return sudoku_conflicts(p, *out, n);
}

/* ---- solve -------------------------------------------------------------------------- */

/* The shared start of a solve or validate: reads the body into a new job
 * with its puzzle and lists the givens' conflicts into *conflicts (caller
 * frees; NULL when none). Returns the job, or NULL with *resp answered (the
 * request's problem, or out of memory). */
static api_job *api_read_single(api_context *ctx, const api_request *req, api_job_kind kind,
                                json_kind what, input_puzzle *in, sudoku_conflict **conflicts,
                                size_t *nconflicts, api_response *resp)
{
    api_problem pb;
    bool oom;

    *conflicts = NULL;
    *nconflicts = 0;
    if (!api_require_json(ctx, req, resp)) return NULL;
    api_job *job = api_job_new(ctx, kind, 1);
    if (job == NULL || (job->puzzle = malloc(sizeof(*job->puzzle))) == NULL) goto oom;
    input_init(in, job->puzzle->cells, job->puzzle->regions,
               (uint32_t)ctx->cfg->default_timeout_ms);
    if (json_read_request(req->body, req->body_len, what, (uint32_t)ctx->cfg->max_timeout_ms, in,
                          &pb) != 0) {
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        api_problem_response(ctx, req, &pb, NULL, 0, NULL, resp);
        api_job_free(job);
        return NULL;
    }
    input_to_puzzle(in, job->puzzle);
    *nconflicts = api_conflicts(job->puzzle, conflicts, &oom);
    if (oom) goto oom;
    return job;

oom:
    api_reject(ctx, req, API_PROBLEM_INTERNAL_ERROR, "out of memory", resp);
    api_job_free(job);
    return NULL;
}

static api_job *api_solve(api_context *ctx, const api_request *req, api_response *resp)
{
    api_problem pb;
    input_puzzle in;
    sudoku_conflict *conflicts;
    size_t nconflicts;

    api_job *job = api_read_single(ctx, req, API_JOB_SOLVE, JSON_KIND_SOLVE, &in, &conflicts,
                                   &nconflicts, resp);
    if (job == NULL) return NULL;
    if (nconflicts > 0) {
        api_problem_set(&pb, API_PROBLEM_CONFLICTING_GIVENS, NULL,
                        "%zu rule%s broken by the givens", nconflicts,
                        nconflicts == 1 ? " is" : "s are");
        api_problem_response(ctx, req, &pb, conflicts, nconflicts, job->puzzle, resp);
        free(conflicts);
        api_job_free(job);
        return NULL;
    }
    if (api_draining(ctx)) {
        api_reject(ctx, req, API_PROBLEM_DRAINING, "the server is shutting down", resp);
        api_job_free(job);
        return NULL;
    }

    job->form = in.form;
    job->max_solutions = in.max_solutions;
    job->return_solutions = in.return_solutions;
    job->deadline_ns = req->start_ns + (uint64_t)in.timeout_ms * 1000000u;
    size_t keep = in.return_solutions < in.max_solutions ? in.return_solutions : in.max_solutions;
    job->result.solutions_capacity = keep;
    if (keep > 0) {
        job->solutions = malloc(keep * (size_t)in.size * (size_t)in.size);
        if (job->solutions == NULL) {
            api_reject(ctx, req, API_PROBLEM_INTERNAL_ERROR, "out of memory", resp);
            api_job_free(job);
            return NULL;
        }
    }
    job->result.solutions = job->solutions;
    return job;
}

/* Runs the solve of a solve or validate job. */
static void api_run_single(api_job *job, struct api_worker *w)
{
    sudoku_limits limits = api_limits(job->ctx, job->max_solutions, job->deadline_ns);
    sudoku_solve(w->solver, job->puzzle, &limits, &job->result);
    if (job->result.status == SUDOKU_INVALID) {
        char err[SUDOKU_ERR_LEN] = "the solver does not accept this puzzle";
        sudoku_puzzle_check(job->puzzle, err);
        api_problem_set(&job->invalid, API_PROBLEM_INVALID_PUZZLE, "/puzzle", "%s", err);
    }
    metrics_solve(job->ctx->metrics, job->result.status, job->result.stats.nodes);
}

static void api_finish_solve(api_job *job, const api_request *req, api_response *resp)
{
    const struct api_task *t = &job->tasks[0];
    uint64_t now = sudoku_now_ns();
    uint64_t queue_us = api_us(job->submit_ns, t->start_ns);
    uint64_t solve_us = api_us(t->start_ns, t->end_ns);
    uint64_t total_us = api_us(req->start_ns, now);

    if (job->result.status == SUDOKU_INVALID) {
        api_problem_response(job->ctx, req, &job->invalid, NULL, 0, NULL, resp);
        return;
    }
    if (job->result.status == SUDOKU_CONFLICT) {
        /* the HTTP thread checked the givens, so only a solver change gets here */
        sudoku_conflict *conflicts;
        bool oom;
        size_t n = api_conflicts(job->puzzle, &conflicts, &oom);
        api_problem pb;
        api_problem_set(&pb, API_PROBLEM_CONFLICTING_GIVENS, NULL, "the givens break a rule");
        api_problem_response(job->ctx, req, &pb, conflicts, n, job->puzzle, resp);
        free(conflicts);
        return;
    }
    json_result r = {
        .index = -1,
        .form = job->form,
        .shape = job->puzzle,
        .res = &job->result,
        .full_timing = true,
        .queue_us = queue_us,
        .solve_us = solve_us,
        .total_us = total_us,
    };
    buf b = BUF_INIT;
    size_t cells = (size_t)job->puzzle->size * (size_t)job->puzzle->size;
    /* one allocation for the usual answer: a grid as text or arrays, per solution */
    buf_reserve(&b, API_RESULT_ESTIMATE + 3 * cells * (1 + job->result.solutions_stored));
    json_render_result(&b, &r);
    api_body_response(job->ctx, req, API_HTTP_OK, &b, API_CT_JSON, resp);
    static const char *const names[] = {"queue", "solve", "total"};
    api_server_timing(resp, names, (uint64_t[]){queue_us, solve_us, total_us}, 3);
}

/* ---- validate ------------------------------------------------------------------------ */

static void api_render_validate(buf *b, const sudoku_puzzle *p, const sudoku_conflict *conflicts,
                                size_t nconflicts, unsigned check, int solvable, int unique)
{
    size_t cells = (size_t)p->size * (size_t)p->size, givens = 0;
    for (size_t i = 0; i < cells; i++) givens += p->cells[i] != 0;

    buf_puts(b, nconflicts == 0 ? "{\"valid\":true" : "{\"valid\":false");
    buf_puts(b, givens == cells ? ",\"complete\":true" : ",\"complete\":false");
    buf_puts(b, ",\"size\":");
    buf_put_u64(b, (uint64_t)p->size);
    buf_puts(b, ",\"givens\":");
    buf_put_u64(b, givens);
    buf_puts(b, ",\"conflicts\":");
    json_render_conflicts(b, conflicts, nconflicts, p);
    static const char *const tri[] = {"null", "false", "true"};
    if (check & INPUT_CHECK_SOLVABLE) {
        buf_puts(b, ",\"solvable\":");
        buf_puts(b, tri[solvable + 1]);
    }
    if (check & INPUT_CHECK_UNIQUE) {
        buf_puts(b, ",\"unique\":");
        buf_puts(b, tri[unique + 1]);
    }
    buf_putc(b, '}');
}

static api_job *api_validate(api_context *ctx, const api_request *req, api_response *resp)
{
    input_puzzle in;
    sudoku_conflict *conflicts;
    size_t nconflicts;

    api_job *job = api_read_single(ctx, req, API_JOB_VALIDATE, JSON_KIND_VALIDATE, &in, &conflicts,
                                   &nconflicts, resp);
    if (job == NULL) return NULL;
    if (in.check == 0 || nconflicts > 0) {
        /* nothing to search: conflicting givens can be neither solvable nor unique */
        buf b = BUF_INIT;
        api_render_validate(&b, job->puzzle, conflicts, nconflicts, in.check, 0, 0);
        api_body_response(ctx, req, API_HTTP_OK, &b, API_CT_JSON, resp);
        free(conflicts);
        api_job_free(job);
        return NULL;
    }
    if (api_draining(ctx)) {
        api_reject(ctx, req, API_PROBLEM_DRAINING, "the server is shutting down", resp);
        api_job_free(job);
        return NULL;
    }
    job->check = in.check;
    job->max_solutions = (in.check & INPUT_CHECK_UNIQUE) ? 2 : 1;
    job->deadline_ns = req->start_ns + ctx->cfg->default_timeout_ms * 1000000u;
    return job;
}

static void api_finish_validate(api_job *job, const api_request *req, api_response *resp)
{
    const sudoku_result *r = &job->result;
    int solvable = -1, unique = -1;

    switch (r->status) {
    case SUDOKU_SOLVED:
        solvable = 1;
        unique = r->count_exact && r->solution_count == 1 ? 1 : -1;
        break;
    case SUDOKU_MULTIPLE:
        solvable = 1;
        unique = 0;
        break;
    case SUDOKU_NO_SOLUTION:
    case SUDOKU_CONFLICT:
        solvable = 0;
        unique = 0;
        break;
    case SUDOKU_LIMIT:
        /* a solution found before the budget ran out still proves solvable */
        solvable = r->solution_count > 0 ? 1 : -1;
        unique = r->solution_count > 1 ? 0 : -1;
        break;
    case SUDOKU_INVALID:
        api_problem_response(job->ctx, req, &job->invalid, NULL, 0, NULL, resp);
        return;
    }
    buf b = BUF_INIT;
    api_render_validate(&b, job->puzzle, NULL, 0, job->check, solvable, unique);
    api_body_response(job->ctx, req, API_HTTP_OK, &b, API_CT_JSON, resp);
}

/* ---- batch: reading ----------------------------------------------------------------- */

/* Appends bytes to the arena; returns their offset, or SIZE_MAX when out of memory. */
static size_t api_arena_put(buf *arena, const uint8_t *data, size_t n)
{
    size_t off = arena->len;
    buf_append(arena, data, n);
    return arena->oom ? SIZE_MAX : off;
}

static int api_batch_begin(void *opaque, size_t count, const input_puzzle *shared)
{
    api_job *job = opaque;
    job->nitems = 0;
    job->items = calloc(count > 0 ? count : 1, sizeof(*job->items));
    if (job->items == NULL) return -1;
    if (shared->nregions > 0) {
        job->shared_regions = api_arena_put(&job->arena, shared->regions, shared->nregions);
        job->shared_regions_src = shared->regions;
        if (job->shared_regions == SIZE_MAX) return -1;
    }
    return 0;
}

static int api_batch_item(void *opaque, size_t index, const input_puzzle *in, const api_problem *pb)
{
    api_job *job = opaque;
    struct api_item *it = &job->items[index];

    job->nitems = index + 1;
    if (pb != NULL) {
        size_t off = job->problems.len;
        json_render_problem(&job->problems, pb, NULL, NULL, (long long)index, NULL, 0, NULL);
        if (job->problems.oom) return -1;
        it->problem = true;
        it->data = off;
        it->len = (uint32_t)(job->problems.len - off);
        return 0;
    }
    size_t cells = (size_t)in->size * (size_t)in->size;
    it->data = api_arena_put(&job->arena, in->cells, cells);
    if (it->data == SIZE_MAX) return -1;
    it->regions = SIZE_MAX;
    if (in->nregions > 0) {
        if (in->regions == job->shared_regions_src)
            it->regions = job->shared_regions;
        else if ((it->regions = api_arena_put(&job->arena, in->regions, cells)) == SIZE_MAX)
            return -1;
    }
    it->size = (uint8_t)in->size;
    it->box_rows = (uint8_t)in->box_rows;
    it->box_cols = (uint8_t)in->box_cols;
    it->diagonal = in->diagonal;
    it->form = (uint8_t)in->form;
    it->max_solutions = in->max_solutions;
    it->return_solutions = (uint8_t)in->return_solutions;
    it->timeout_ms = in->timeout_ms;
    uint32_t keep =
        in->return_solutions < in->max_solutions ? in->return_solutions : in->max_solutions;
    job->solution_cells += (uint64_t)(keep > 0 ? keep : 1) * cells;
    return 0;
}

/* Parses an unsigned query value in min..max. */
static int api_query_uint(const api_param *q, uint64_t min, uint64_t max, uint32_t *out,
                          api_problem *pb)
{
    uint64_t v = 0;
    const char *s = q->value;
    if (*s == '\0') goto bad;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9' || v > max) goto bad;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (v < min || v > max) goto bad;
    *out = (uint32_t)v;
    return 0;
bad:
    return api_problem_set(pb, API_PROBLEM_INVALID_REQUEST, NULL,
                           "query parameter %s must be an integer in %llu..%llu", q->key,
                           (unsigned long long)min, (unsigned long long)max);
}

/* Reads the shared options of a text batch from the query string. */
static int api_query_options(api_context *ctx, const api_request *req, input_puzzle *shared,
                             api_problem *pb)
{
    for (size_t i = 0; i < req->nquery; i++) {
        const api_param *q = &req->query[i];
        int rc;
        if (strcmp(q->key, "max_solutions") == 0) {
            rc = api_query_uint(q, 1, INPUT_MAX_SOLUTIONS, &shared->max_solutions, pb);
        } else if (strcmp(q->key, "return_solutions") == 0) {
            rc = api_query_uint(q, 0, INPUT_MAX_RETURN_SOLUTIONS, &shared->return_solutions, pb);
        } else if (strcmp(q->key, "timeout_ms") == 0) {
            rc = api_query_uint(q, 1, ctx->cfg->max_timeout_ms, &shared->timeout_ms, pb);
        } else {
            rc = api_problem_set(pb, API_PROBLEM_INVALID_REQUEST, NULL,
                                 "unknown query parameter \"%.64s\" (max_solutions, "
                                 "return_solutions, timeout_ms)",
                                 q->key);
        }
        if (rc != 0) return -1;
    }
    return 0;
}

/* Next line of a text body: [*start, *end) without the newline or trailing
 * whitespace, leading whitespace skipped. Returns false at the end. */
static bool api_next_line(const char *body, size_t len, size_t *pos, size_t *start, size_t *end)
{
    if (*pos >= len) return false;
    const char *nl = memchr(body + *pos, '\n', len - *pos);
    size_t stop = nl != NULL ? (size_t)(nl - body) : len;
    size_t s = *pos, e = stop;
    while (s < e && (body[s] == ' ' || body[s] == '\t' || body[s] == '\r')) s++;
    while (e > s && (body[e - 1] == ' ' || body[e - 1] == '\t' || body[e - 1] == '\r')) e--;
    *start = s;
    *end = e;
    *pos = stop + 1;
    return true;
}

static bool api_line_skipped(const char *body, size_t start, size_t end)
{
    return start == end || body[start] == '#';
}

static int api_read_text_batch(api_context *ctx, const api_request *req, api_job *job,
                               input_puzzle *shared, input_puzzle *item, api_problem *pb)
{
    size_t pos = 0, start, end, count = 0;

    if (api_query_options(ctx, req, shared, pb) != 0) return -1;
    while (api_next_line(req->body, req->body_len, &pos, &start, &end))
        count += !api_line_skipped(req->body, start, end);
    if (count > ctx->cfg->max_batch_items)
        return api_problem_set(pb, API_PROBLEM_BATCH_TOO_LARGE, NULL,
                               "%zu puzzles in one batch; the limit is %llu", count,
                               (unsigned long long)ctx->cfg->max_batch_items);
    if (api_batch_begin(job, count, shared) != 0)
        return api_problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");

    uint8_t *cells = item->cells, *regions_buf = item->regions_buf;
    size_t index = 0;
    pos = 0;
    while (api_next_line(req->body, req->body_len, &pos, &start, &end)) {
        if (api_line_skipped(req->body, start, end)) continue;
        const char *line = req->body + start;
        size_t n = end - start;
        api_problem item_pb;
        int rc;
        *item = *shared;
        item->cells = cells;
        item->regions_buf = regions_buf;
        if (line[0] == '{' || line[0] == '"') {
            rc = json_read_line(line, n, (uint32_t)ctx->cfg->max_timeout_ms, item, &item_pb);
        } else {
            rc = input_read_text(item, line, n, "", &item_pb);
            if (rc == 0) rc = input_finish(item, "", "", &item_pb);
        }
        if (rc != 0 && item_pb.type == API_PROBLEM_INTERNAL_ERROR)
            return api_problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
        if (api_batch_item(job, index, rc == 0 ? item : NULL, rc == 0 ? NULL : &item_pb) != 0)
            return api_problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
        index++;
    }
    return 0;
}

static void api_finish_batch(api_job *job, const api_request *req, api_response *resp);
static void api_flatten(api_context *ctx, const api_request *req, api_response *resp);

static api_job *api_batch(api_context *ctx, const api_request *req, api_response *resp)
{
    api_problem pb;
    input_puzzle shared, item;
    uint8_t *scratch = NULL;
    bool ndjson;

    if (api_media_is(req->content_type, API_CT_JSON) ||
        (req->content_type == NULL && req->body_len == 0)) {
        ndjson = false;
    } else if (api_media_is(req->content_type, "text/plain") ||
               api_media_is(req->content_type, API_CT_NDJSON)) {
        ndjson = true;
    } else {
        api_reject(ctx, req, API_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
                   "send application/json, or text/plain or application/x-ndjson with one "
                   "puzzle per line",
                   resp);
        return NULL;
    }

    size_t workers = (size_t)ctx->cfg->workers;
    /* cut into at most this many tasks; the real count depends on the items */
    size_t max_tasks = workers * API_CHUNKS_PER_WORKER;
    if (max_tasks > ctx->cfg->queue_depth) max_tasks = (size_t)ctx->cfg->queue_depth;
    api_job *job = api_job_new(ctx, API_JOB_BATCH, max_tasks);
    scratch = malloc(4 * (size_t)SUDOKU_MAX_CELLS);
    if (job == NULL || scratch == NULL) goto oom;
    job->ndjson = ndjson;
    /* every cell takes at least a byte of the body: the arena never grows */
    buf_reserve(&job->arena, req->body_len);
    job->solution_cells_max = (uint64_t)req->body_len * API_SOLUTION_CELLS_PER_BODY_BYTE + 4096;
    uint32_t def_timeout = (uint32_t)ctx->cfg->default_timeout_ms;
    input_init(&shared, scratch, scratch + SUDOKU_MAX_CELLS, def_timeout);
    input_init(&item, scratch + 2 * SUDOKU_MAX_CELLS, scratch + 3 * SUDOKU_MAX_CELLS, def_timeout);

    int rc;
    if (ndjson) {
        rc = api_read_text_batch(ctx, req, job, &shared, &item, &pb);
    } else {
        json_batch_sink sink = {job, api_batch_begin, api_batch_item};
        rc = json_read_batch(req->body, req->body_len, (uint32_t)ctx->cfg->max_timeout_ms,
                             (size_t)ctx->cfg->max_batch_items, &shared, &item, &sink, &pb);
    }
    free(scratch);
    scratch = NULL;
    if (rc == 0 && job->solution_cells > job->solution_cells_max)
        rc = api_problem_set(&pb, API_PROBLEM_BATCH_TOO_LARGE, NULL,
                             "the batch asks for %llu solution cells; at most %llu for a body "
                             "of this size (lower return_solutions)",
                             (unsigned long long)job->solution_cells,
                             (unsigned long long)job->solution_cells_max);
    if (rc != 0) {
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        api_problem_response(ctx, req, &pb, NULL, 0, NULL, resp);
        api_job_free(job);
        return NULL;
    }

    size_t ntasks = job->nitems < max_tasks ? job->nitems : max_tasks;
    if (ntasks == 0) {
        /* nothing to solve: the finish step renders the empty answer directly */
        job->ntasks = 0;
        api_finish_batch(job, req, resp);
        api_flatten(ctx, req, resp);
        api_job_free(job);
        return NULL;
    }
    if (api_draining(ctx)) {
        api_reject(ctx, req, API_PROBLEM_DRAINING, "the server is shutting down", resp);
        api_job_free(job);
        return NULL;
    }
    for (size_t t = 0; t < ntasks; t++) {
        job->tasks[t].first = job->nitems * t / ntasks;
        job->tasks[t].count = job->nitems * (t + 1) / ntasks - job->tasks[t].first;
    }
    job->ntasks = ntasks;
    atomic_store_explicit(&job->remaining, ntasks, memory_order_relaxed);
    uint64_t rounds = (job->nitems + workers - 1) / workers;
    job->deadline_ns = req->start_ns + rounds * ctx->cfg->max_timeout_ms * 1000000u;
    return job;

oom:
    free(scratch);
    api_reject(ctx, req, API_PROBLEM_INTERNAL_ERROR, "out of memory", resp);
    api_job_free(job);
    return NULL;
}

/* ---- batch: solving and rendering ------------------------------------------------------ */

static void api_run_batch_item(api_job *job, struct api_task *t, struct api_worker *w, size_t i)
{
    const struct api_item *it = &job->items[i];
    buf *out = &t->out;

    if (it->problem) {
        buf_append(out, job->problems.data + it->data, it->len);
        t->unread++;
        return;
    }
    sudoku_puzzle *p = &w->puzzle;
    size_t cells = (size_t)it->size * it->size;
    p->size = it->size;
    p->box_rows = it->box_rows;
    p->box_cols = it->box_cols;
    p->diagonal = it->diagonal;
    p->has_regions = it->regions != SIZE_MAX;
    memcpy(p->cells, job->arena.data + it->data, cells);
    if (p->has_regions) memcpy(p->regions, job->arena.data + it->regions, cells);

    uint64_t deadline = sudoku_now_ns() + (uint64_t)it->timeout_ms * 1000000u;
    if (deadline > job->deadline_ns) deadline = job->deadline_ns;
    sudoku_limits limits = api_limits(job->ctx, it->max_solutions, deadline);
    sudoku_result r = {0};
    r.solutions = w->solutions;
    r.solutions_capacity =
        it->return_solutions < it->max_solutions ? it->return_solutions : it->max_solutions;
    sudoku_solve(w->solver, p, &limits, &r);
    if ((unsigned)r.status < API_OUTCOMES) t->runs[r.status]++;
    t->nodes += r.stats.nodes;

    api_problem pb;
    switch (r.status) {
    case SUDOKU_CONFLICT: {
        sudoku_conflict *conflicts;
        bool oom;
        size_t n = api_conflicts(p, &conflicts, &oom);
        api_problem_set(&pb, API_PROBLEM_CONFLICTING_GIVENS, NULL,
                        "%zu rule%s broken by the givens", n, n == 1 ? " is" : "s are");
        json_render_problem(out, &pb, NULL, NULL, (long long)i, conflicts, n, p);
        free(conflicts);
        return;
    }
    case SUDOKU_INVALID: {
        char err[SUDOKU_ERR_LEN] = "the solver does not accept this puzzle";
        sudoku_puzzle_check(p, err);
        api_problem_set(&pb, API_PROBLEM_INVALID_PUZZLE, NULL, "%s", err);
        json_render_problem(out, &pb, NULL, NULL, (long long)i, NULL, 0, NULL);
        return;
    }
    case SUDOKU_SOLVED:
    case SUDOKU_MULTIPLE:
    case SUDOKU_NO_SOLUTION:
    case SUDOKU_LIMIT:
        break;
    }
    json_result jr = {
        .index = (long long)i,
        .form = (input_form)it->form,
        .shape = p,
        .res = &r,
        .full_timing = false,
        .solve_us = r.stats.elapsed_ns / 1000,
    };
    json_render_result(out, &jr);
}

static void api_run_batch(api_job *job, struct api_task *t, struct api_worker *w)
{
    char sep = job->ndjson ? '\n' : ',';
    /* one allocation for a chunk of 9x9 results; larger ones grow it */
    buf_reserve(&t->out, t->count * API_RESULT_ESTIMATE);
    for (size_t i = t->first; i < t->first + t->count; i++) {
        api_run_batch_item(job, t, w, i);
        if (job->ndjson || i + 1 < t->first + t->count) buf_putc(&t->out, sep);
    }
    metrics_solve_many(job->ctx->metrics, t->runs, t->nodes);
}

api_job *api_task_run(void *task, void *worker)
{
    struct api_task *t = task;
    api_job *job = t->job;

    t->start_ns = sudoku_now_ns();
    if (job->kind == API_JOB_BATCH)
        api_run_batch(job, t, worker);
    else
        api_run_single(job, worker);
    t->end_ns = sudoku_now_ns();
    api_task_wake(job, (int)(t - job->tasks));
    if (atomic_fetch_sub_explicit(&job->remaining, 1, memory_order_acq_rel) != 1) return NULL;
    /* the owner holds its own reference until it is done with the job, so
     * this never frees a job that is handed back */
    if (job->submitted) api_job_release(job);
    return job;
}

/* A batch response body, read straight out of the chunks' buffers in input
 * order, with the JSON punctuation between them: no copy of the whole
 * answer is ever made, and the first chunks are on the wire while later
 * ones are still being solved. The stream holds a job reference. */
enum api_stream_phase { API_STREAM_OPEN, API_STREAM_CHUNKS, API_STREAM_TAIL, API_STREAM_END };

struct api_stream {
    api_job *job;
    const api_request *req; /* the owner's, alive while it reads */
    enum api_stream_phase phase;
    size_t chunk;    /* next chunk to send */
    size_t off;      /* bytes of the current piece sent */
    bool comma_sent; /* the separator before this chunk */
    buf tail;        /* the JSON summary, rendered when the last chunk is sent */
};

static const char api_results_open[] = "{\"results\":[";

/* Renders the JSON summary; every chunk is done when this runs. */
static void api_batch_summary(api_job *job, const api_request *req, buf *out)
{
    uint64_t runs[API_OUTCOMES] = {0}, unread = 0;
    for (size_t i = 0; i < job->ntasks; i++) {
        for (size_t k = 0; k < API_OUTCOMES; k++) runs[k] += job->tasks[i].runs[k];
        unread += job->tasks[i].unread;
    }
    buf_printf(out,
               "],\"summary\":{\"count\":%zu,\"solved\":%llu,\"multiple\":%llu,"
               "\"no_solution\":%llu,\"limit\":%llu,\"errors\":%llu,\"time_us\":%llu}}",
               job->nitems, (unsigned long long)runs[SUDOKU_SOLVED],
               (unsigned long long)runs[SUDOKU_MULTIPLE],
               (unsigned long long)runs[SUDOKU_NO_SOLUTION], (unsigned long long)runs[SUDOKU_LIMIT],
               (unsigned long long)(unread + runs[SUDOKU_CONFLICT] + runs[SUDOKU_INVALID]),
               (unsigned long long)api_us(req->start_ns, sudoku_now_ns()));
}

/* Copies from piece[*off..len) into out[*done..max); true when the piece is used up. */
static bool api_stream_copy(const char *piece, size_t len, size_t *off, char *out, size_t *done,
                            size_t max)
{
    size_t n = len - *off;
    if (n > max - *done) n = max - *done;
    memcpy(out + *done, piece + *off, n);
    *done += n;
    *off += n;
    return *off == len;
}

ssize_t api_stream_read(api_stream *s, char *out, size_t max)
{
    api_job *job = s->job;
    size_t done = 0;

    while (done < max && s->phase != API_STREAM_END) {
        if (s->phase == API_STREAM_OPEN) {
            if (job->ndjson || api_stream_copy(api_results_open, sizeof(api_results_open) - 1,
                                               &s->off, out, &done, max)) {
                s->phase = API_STREAM_CHUNKS;
                s->off = 0;
            }
        } else if (s->phase == API_STREAM_CHUNKS && s->chunk == job->ntasks) {
            if (!job->ndjson) api_batch_summary(job, s->req, &s->tail);
            s->phase = API_STREAM_TAIL;
        } else if (s->phase == API_STREAM_CHUNKS) {
            /* with bytes in hand, hand them over rather than sleep */
            if (s->off == 0 &&
                !atomic_load_explicit(&job->tasks[s->chunk].done, memory_order_acquire)) {
                if (done > 0) break;
                if (api_job_wait(job, (int)s->chunk)) return API_STREAM_WAIT;
            }
            if (!job->ndjson && s->chunk > 0 && !s->comma_sent) {
                out[done++] = ',';
                s->comma_sent = true;
                continue;
            }
            const buf *b = &job->tasks[s->chunk].out;
            if (b->oom) return API_STREAM_ERROR;
            if (api_stream_copy(b->data, b->len, &s->off, out, &done, max)) {
                s->chunk++;
                s->off = 0;
                s->comma_sent = false;
            }
        } else {
            if (s->tail.oom) return API_STREAM_ERROR;
            if (s->tail.len == 0 ||
                api_stream_copy(s->tail.data, s->tail.len, &s->off, out, &done, max))
                s->phase = API_STREAM_END;
        }
    }
    job->streamed += done;
    return (ssize_t)done;
}

void api_stream_free(api_stream *s)
{
    if (s == NULL) return;
    buf_free(&s->tail);
    api_job_release(s->job);
    free(s);
}

void *api_stream_owner(const api_stream *s)
{
    return s->job->owner;
}

/* Copies a streamed body into one owned buffer (a no-op for other bodies);
 * every chunk must be done. */
static void api_flatten(api_context *ctx, const api_request *req, api_response *resp)
{
    if (resp->stream == NULL) return;
    buf b = BUF_INIT;
    ssize_t n = 0;
    while (buf_reserve(&b, API_FLATTEN_STEP) == 0 &&
           (n = api_stream_read(resp->stream, b.data + b.len, API_FLATTEN_STEP)) > 0)
        b.len += (size_t)n;
    api_stream_free(resp->stream);
    resp->stream = NULL;
    if (b.oom || n < 0) {
        buf_free(&b);
        api_reject(ctx, req, API_PROBLEM_INTERNAL_ERROR, "out of memory", resp);
        return;
    }
    b.data[b.len] = '\0';
    size_t len;
    resp->owned = buf_take(&b, &len);
    resp->body = resp->owned;
    resp->body_len = len;
}

static void api_finish_batch(api_job *job, const api_request *req, api_response *resp)
{
    api_stream *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        api_reject(job->ctx, req, API_PROBLEM_INTERNAL_ERROR, "out of memory", resp);
        return;
    }
    atomic_fetch_add_explicit(&job->refs, 1, memory_order_relaxed);
    s->job = job;
    s->req = req;
    api_response_init(resp);
    resp->status = API_HTTP_OK;
    resp->content_type = job->ndjson ? API_CT_NDJSON : API_CT_JSON;
    resp->stream = s;
    api_cors_headers(job->ctx, req, resp, false);
    /* the headers leave before the last chunk is solved: the queue wait and
     * the time to the first answers are all they can tell */
    uint64_t first = job->ntasks > 0 ? job->tasks[0].start_ns : job->submit_ns;
    static const char *const names[] = {"queue", "total"};
    api_server_timing(
        resp, names,
        (uint64_t[]){api_us(job->submit_ns, first), api_us(req->start_ns, sudoku_now_ns())}, 2);
}

void api_job_finish_stream(api_job *job, const api_request *req, api_response *resp)
{
    switch (job->kind) {
    case API_JOB_SOLVE:
        api_finish_solve(job, req, resp);
        break;
    case API_JOB_VALIDATE:
        api_finish_validate(job, req, resp);
        break;
    case API_JOB_BATCH:
        api_finish_batch(job, req, resp);
        break;
    }
}

void api_job_finish(api_job *job, const api_request *req, api_response *resp)
{
    api_job_finish_stream(job, req, resp);
    api_flatten(job->ctx, req, resp);
}

/* ---- simple endpoints --------------------------------------------------------------------- */

static void api_info(api_context *ctx, const api_request *req, api_response *resp)
{
    const struct config *c = ctx->cfg;
    buf b = BUF_INIT;
    buf_printf(&b,
               "{\"name\":\"%s\",\"version\":\"%s\",\"shapes\":{\"min_size\":%d,\"max_size\":%d,"
               "\"text_max_size\":%d},\"variants\":[\"diagonal\",\"regions\"],\"limits\":{"
               "\"max_body\":%llu,\"max_batch_body\":%llu,\"max_batch_items\":%llu,"
               "\"default_timeout_ms\":%llu,\"max_timeout_ms\":%llu,\"max_nodes\":%llu,"
               "\"max_solutions\":%u,\"max_return_solutions\":%u,\"queue_depth\":%llu,"
               "\"max_connections\":%llu,\"connection_timeout\":%llu},\"workers\":%llu}",
               SUDOKUD_NAME, SUDOKUD_VERSION, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE,
               SUDOKU_MAX_TEXT_SIZE, (unsigned long long)c->max_body,
               (unsigned long long)c->max_batch_body, (unsigned long long)c->max_batch_items,
               (unsigned long long)c->default_timeout_ms, (unsigned long long)c->max_timeout_ms,
               (unsigned long long)c->max_nodes, INPUT_MAX_SOLUTIONS, INPUT_MAX_RETURN_SOLUTIONS,
               (unsigned long long)c->queue_depth, (unsigned long long)c->max_connections,
               (unsigned long long)c->connection_timeout, (unsigned long long)c->workers);
    api_body_response(ctx, req, API_HTTP_OK, &b, API_CT_JSON, resp);
}

static void api_static(api_context *ctx, const api_request *req, const char *body, size_t len,
                       const char *content_type, api_response *resp)
{
    api_response_init(resp);
    resp->status = API_HTTP_OK;
    resp->content_type = content_type;
    resp->body = body;
    resp->body_len = len;
    api_cors_headers(ctx, req, resp, false);
    api_timing_total(resp, req);
}

api_job *api_handle(api_context *ctx, const api_request *req, api_response *resp)
{
    static const char ok[] = "{\"status\":\"ok\"}";
    static const char ready[] = "{\"status\":\"ready\"}";
    api_problem pb;

    switch (req->match.verdict) {
    case ROUTER_OK:
        break;
    case ROUTER_NOT_FOUND:
        api_problem_set(&pb, API_PROBLEM_NOT_FOUND, NULL, "no such endpoint: %.128s", req->path);
        api_problem_response(ctx, req, &pb, NULL, 0, NULL, resp);
        return NULL;
    case ROUTER_METHOD_NOT_ALLOWED:
        api_problem_set(&pb, API_PROBLEM_METHOD_NOT_ALLOWED, NULL,
                        "%.16s is not allowed here; use %s", req->method, req->match.allow);
        api_problem_response(ctx, req, &pb, NULL, 0, NULL, resp);
        return NULL;
    case ROUTER_PREFLIGHT:
        api_response_init(resp);
        resp->status = API_HTTP_NO_CONTENT;
        api_header_add(resp, "Allow", req->match.allow);
        api_cors_headers(ctx, req, resp, true);
        api_timing_total(resp, req);
        return NULL;
    }

    switch (req->match.route) {
    case ROUTE_SOLVE:
        return api_solve(ctx, req, resp);
    case ROUTE_BATCH:
        return api_batch(ctx, req, resp);
    case ROUTE_VALIDATE:
        return api_validate(ctx, req, resp);
    case ROUTE_INFO:
        api_info(ctx, req, resp);
        return NULL;
    case ROUTE_HEALTHZ:
        api_static(ctx, req, ok, sizeof(ok) - 1, API_CT_JSON, resp);
        return NULL;
    case ROUTE_READYZ:
        if (api_draining(ctx))
            api_reject(ctx, req, API_PROBLEM_DRAINING, "the server is shutting down", resp);
        else
            api_static(ctx, req, ready, sizeof(ready) - 1, API_CT_JSON, resp);
        return NULL;
    case ROUTE_METRICS: {
        buf b = BUF_INIT;
        size_t depth = ctx->queue_depth != NULL ? ctx->queue_depth(ctx->queue_arg) : 0;
        metrics_render(ctx->metrics, depth, &b);
        api_body_response(ctx, req, API_HTTP_OK, &b, API_CT_METRICS, resp);
        return NULL;
    }
    case ROUTE_OPENAPI:
        api_static(ctx, req, api_openapi_yaml, (size_t)api_openapi_yaml_size, API_CT_YAML, resp);
        return NULL;
    case ROUTE_NONE:
    case ROUTE_COUNT:
        break;
    }
    api_reject(ctx, req, API_PROBLEM_NOT_FOUND, "no such endpoint", resp);
    return NULL;
}
