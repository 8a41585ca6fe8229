/* endpoint.h -- what an endpoint is made of, and the helpers endpoints answer with.
 *
 * Internal to api.c, routes.c and the ep_*.c files (http.c sees only
 * api.h); it brings reply.h, the helpers endpoints answer with. An endpoint is up to four
 * functions, named in its route row:
 *
 *   parse   network thread: reads the request; answers it (returns NULL with
 *           *resp filled) or returns a job made with api_job_new()
 *   quick   network thread, optional: tries the job right there under a
 *           small budget; true when it finished (then no worker is needed)
 *   run     worker thread: one task of the job (job.h's job_run_fn)
 *   render  network thread: the answer of a ready job
 *
 * A job carries the run function of the route that made it, and api.c
 * renders it with that same route's render: no endpoint's job can reach
 * another endpoint's code.
 */
#ifndef SUDOKUD_ENDPOINT_H
#define SUDOKUD_ENDPOINT_H

#include <stdatomic.h>

#include "server/api.h"
#include "server/metrics.h"
#include "server/reply.h"
#include "writers/buf.h"

typedef job *(*route_parse_fn)(api_context *ctx, const api_request *req, api_response *resp);
typedef bool (*route_quick_fn)(job *j, worker *w);
typedef void (*route_render_fn)(job *j, const api_request *req, api_response *resp);

struct route {
    const char *label;                /* metrics and logs */
    const char *path;                 /* exact path, or the prefix when `claims` is set */
    bool (*claims)(const char *path); /* prefix routes: is this path ours? */
    unsigned methods;                 /* ROUTE_GET | ROUTE_POST */
    unsigned media;                   /* MEDIA_* a body may have; 0 = no body expected */
    route_limit limit;
    route_parse_fn parse;
    route_quick_fn quick; /* may be NULL */
    job_run_fn run;       /* NULL when parse always answers */
    route_render_fn render;
};

/* The most CORS origins --cors-origins may list. */
#define API_MAX_ORIGINS 32

struct api_context {
    const struct config *cfg;
    metrics *metrics;
    job_runner *runner;
    struct reserve *reserve; /* puzzles made ahead for /v1/generate, or NULL */
    bool threaded;           /* jobs go to worker threads; else they run in api_handle */
    atomic_int cancel;       /* the solver's cancel flag, shared by every job */
    atomic_bool draining;
    atomic_ullong next_id;
    uint64_t id_seed;
    bool cors_any;
    size_t norigins;
    char *origins[API_MAX_ORIGINS];
};

/* Makes a job for req's route: its tasks run the route's run function.
 * state becomes the job's (freed by free_state, also when this fails).
 * Returns NULL when out of memory. */
job *api_job_new(const api_request *req, size_t ntasks, void *state,
                 void (*free_state)(void *state));

/* Moves the request's body into *out (empty), so a job can keep it past
 * the request without a copy; copies it when the caller gave no buffer.
 * out->data then holds the body at the same offsets. Returns 0, or -1 when
 * out of memory. */
int api_take_body(const api_request *req, buf *out);

/* Solver limits for a job of ctx: the node budget, the cancel flag. */
sudoku_limits api_limits(api_context *ctx, uint32_t max_solutions, uint64_t deadline_ns);

/* ---- the endpoints (one ep_*.c file each family) -------------------------------------- */

/* ep_solve.c: POST /v1/solve and /v1/validate, one puzzle each */
job *ep_solve_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_solve_render(job *j, const api_request *req, api_response *resp);
job *ep_validate_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_validate_render(job *j, const api_request *req, api_response *resp);
bool ep_single_quick(job *j, worker *w);
void ep_single_run(job *j, size_t task, worker *w);

/* ep_batch.c: POST /v1/solve/batch */
job *ep_batch_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_batch_run(job *j, size_t task, worker *w);
void ep_batch_render(job *j, const api_request *req, api_response *resp);

/* ep_logic.c: POST /v1/rate, /v1/explain, /v1/hint, readers of the step engine */
job *ep_rate_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_rate_run(job *j, size_t task, worker *w);
job *ep_explain_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_explain_run(job *j, size_t task, worker *w);
job *ep_hint_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_hint_run(job *j, size_t task, worker *w);
void ep_logic_render(job *j, const api_request *req, api_response *resp);

/* ep_generate.c: POST and GET /v1/generate */
job *ep_generate_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_generate_run(job *j, size_t task, worker *w);
void ep_generate_render(job *j, const api_request *req, api_response *resp);
/* The workers' idle work (arg: the api_context): one puzzle for the reserve. */
bool ep_generate_refill(void *arg, worker *w);
/* Makes the puzzle of `seed` at `level` with the reserve's options (one 9x9,
 * no symmetry, not minimal), rates it and writes its object to out; the
 * status as a generate answer's puzzle says it. Worker thread. */
sudoku_status ep_generate_level(buf *out, worker *w, sudoku_level level, uint64_t seed,
                                const sudoku_limits *limits);

/* ep_daily.c: GET /v1/daily, the same puzzle for everyone on a day */
job *ep_daily_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_daily_run(job *j, size_t task, worker *w);
void ep_daily_render(job *j, const api_request *req, api_response *resp);

/* ep_scan.c: POST /v1/scan, a photo read by libscan (scan/scan.h) */
job *ep_scan_parse(api_context *ctx, const api_request *req, api_response *resp);
void ep_scan_run(job *j, size_t task, worker *w);
void ep_scan_render(job *j, const api_request *req, api_response *resp);

/* ep_convert.c: POST /v1/convert, a puzzle from one file format to another */
job *ep_convert_parse(api_context *ctx, const api_request *req, api_response *resp);

/* ep_health.c: GET /healthz, /readyz, /v1/info */
job *ep_healthz(api_context *ctx, const api_request *req, api_response *resp);
job *ep_readyz(api_context *ctx, const api_request *req, api_response *resp);
job *ep_info(api_context *ctx, const api_request *req, api_response *resp);

/* ep_metrics.c: GET /metrics */
job *ep_metrics(api_context *ctx, const api_request *req, api_response *resp);

/* ep_static.c: files embedded at build time (the page, /openapi.yaml) */
job *ep_static(api_context *ctx, const api_request *req, api_response *resp);
bool ep_static_claims(const char *path);

#endif /* SUDOKUD_ENDPOINT_H */
