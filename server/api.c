/* api.c -- one request through the API: route, media type, parse, run here or in the pool, render.
 *
 * DESIGN: api_handle() is the same for every endpoint:
 *
 *   route_lookup --> 404 / 405 / preflight answered here
 *   media type   --> 415 when the body's type is not one the row accepts
 *   row.parse    --> answered (4xx, health, files...)      --> CORS, timing
 *        `-- job --> draining? 503
 *                    row.quick on this thread, small budget --> row.render
 *                    else job_submit: the owner sleeps; api_resume() renders
 *                    with row.render once the job is ready (queue full: 503)
 *
 * The quick path exists because handing a small solve to a worker and
 * back (queue, wake, resume) costs as much as the solve itself; a budget
 * of a few hundred search nodes keeps a network thread from ever being
 * held long, so health checks and other connections stay prompt.
 */
#include "server/api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

#include "server/endpoint.h"
#include "server/log.h"
#include "server/reserve.h"
#include "solver/sudoku.h"

_Static_assert(ROUTES_MAX <= METRICS_MAX_ROUTES, "metrics must tell every route apart");

/* Characters a client's X-Request-Id may use. */
static const char api_id_chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";

/* ---- context ------------------------------------------------------------------------ */

/* Checks one --cors-origins entry: "*" or scheme://host[:port], nothing after. */
static int api_origin_check(const char *o, size_t n, char *err, size_t errlen)
{
    const char *sep = memmem(o, n, "://", 3);
    const char *host = sep != NULL ? sep + 3 : NULL;
    const char *why = NULL;
    if (sep == NULL || sep == o)
        why = "needs a scheme, e.g. https://example.org";
    else if (host == o + n)
        why = "has no host";
    else if (memchr(host, '/', (size_t)(o + n - host)) != NULL)
        why = "has a path or a trailing slash; browsers send the Origin without one, so it would "
              "never match";
    if (why == NULL) return 0;
    snprintf(err, errlen, "--cors-origins/SUDOKUD_CORS_ORIGINS: '%.*s' %s",
             (int)(n > 200 ? 200 : n), o, why);
    return -1;
}

static int api_parse_origins(api_context *ctx, const char *list, char *err, size_t errlen)
{
    const char *p = list;
    while (*p != '\0') {
        while (*p == ' ' || *p == ',') p++;
        const char *end = p;
        while (*end != '\0' && *end != ',') end++;
        const char *last = end;
        while (last > p && last[-1] == ' ') last--;
        size_t n = (size_t)(last - p);
        if (n == 1 && *p == '*') {
            ctx->cors_any = true;
        } else if (n > 0) {
            if (api_origin_check(p, n, err, errlen) != 0) return -1;
            if (ctx->norigins == API_MAX_ORIGINS) {
                snprintf(err, errlen, "--cors-origins: more than %d origins", API_MAX_ORIGINS);
                return -1;
            }
            ctx->origins[ctx->norigins] = strndup(p, n);
            if (ctx->origins[ctx->norigins] == NULL) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            ctx->norigins++;
        }
        p = end;
    }
    return 0;
}

api_context *api_new(const struct config *cfg, const job_hooks *hooks, char *err, size_t errlen)
{
    api_context *ctx = calloc(1, sizeof(*ctx));
    if (ctx == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ctx->cfg = cfg;
    atomic_init(&ctx->cancel, 0);
    atomic_init(&ctx->draining, false);
    atomic_init(&ctx->next_id, 0);
    if (getrandom(&ctx->id_seed, sizeof(ctx->id_seed), GRND_NONBLOCK) !=
        (ssize_t)sizeof(ctx->id_seed)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ctx->id_seed = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20);
    }
    if (api_parse_origins(ctx, cfg->cors_origins, err, errlen) != 0) goto fail;
    const char *labels[ROUTES_MAX];
    size_t nroutes = route_count();
    for (size_t i = 0; i < nroutes; i++) labels[i] = route_label(i);
    ctx->metrics = metrics_new(labels, nroutes);
    if (ctx->metrics == NULL) goto oom;
    ctx->threaded = hooks != NULL;
    ctx->runner =
        job_runner_new((size_t)cfg->workers, (size_t)cfg->queue_depth, hooks, ctx->metrics);
    if (ctx->runner == NULL) goto oom;
    if (ctx->threaded && cfg->generate_reserve > 0) {
        ctx->reserve = reserve_new((size_t)cfg->generate_reserve);
        if (ctx->reserve == NULL) goto oom;
        job_runner_set_idle(ctx->runner, ep_generate_refill, ctx);
    }
    return ctx;

oom:
    snprintf(err, errlen, "out of memory or threads starting %llu workers",
             (unsigned long long)cfg->workers);
fail:
    api_free(ctx);
    return NULL;
}

void api_shutdown(api_context *ctx)
{
    job_runner_shutdown(ctx->runner);
}

void api_free(api_context *ctx)
{
    if (ctx == NULL) return;
    job_runner_free(ctx->runner); /* the workers are gone: nothing fills the reserve now */
    reserve_free(ctx->reserve);
    metrics_free(ctx->metrics);
    for (size_t i = 0; i < ctx->norigins; i++) free(ctx->origins[i]);
    free(ctx);
}

void api_request_id(api_context *ctx, const char *client, char out[API_REQUEST_ID_LEN])
{
    if (client != NULL) {
        size_t n = strspn(client, api_id_chars);
        if (n >= 1 && n < API_REQUEST_ID_LEN && client[n] == '\0') {
            memcpy(out, client, n + 1);
            return;
        }
    }
    static const char hex[] = "0123456789abcdef";
    uint64_t k = ctx->id_seed + atomic_fetch_add_explicit(&ctx->next_id, 1, memory_order_relaxed);
    uint64_t id = sudoku_splitmix64(&k);
    for (int i = 15; i >= 0; i--, id >>= 4) out[i] = hex[id & 15];
    out[16] = '\0';
}

void api_begin_drain(api_context *ctx)
{
    atomic_store_explicit(&ctx->draining, true, memory_order_relaxed);
}

bool api_draining(const api_context *ctx)
{
    return atomic_load_explicit(&ctx->draining, memory_order_relaxed);
}

void api_cancel_work(api_context *ctx)
{
    atomic_store_explicit(&ctx->cancel, 1, memory_order_relaxed);
}

int api_take_body(const api_request *req, buf *out)
{
    if (req->body_buf != NULL && req->body_buf->data == req->body) {
        *out = *req->body_buf;
        *req->body_buf = (buf)BUF_INIT;
        return 0;
    }
    buf_append(out, req->body, req->body_len);
    return out->oom ? -1 : 0;
}

sudoku_limits api_limits(api_context *ctx, uint32_t max_solutions, uint64_t deadline_ns)
{
    sudoku_limits l = {0};
    l.max_solutions = max_solutions;
    l.node_budget = ctx->cfg->max_nodes;
    l.deadline_ns = deadline_ns;
    l.cancel = &ctx->cancel;
    return l;
}

job *api_job_new(const api_request *req, size_t ntasks, void *state,
                 void (*free_state)(void *state))
{
    return job_new(req->match.route->run, ntasks, state, free_state);
}

/* ---- answers ------------------------------------------------------------------------ */

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
    if (ctx->norigins > 0) reply_header(resp, "Vary", "Origin");
    if (origin == NULL) return;
    reply_header(resp, "Access-Control-Allow-Origin", origin);
    if (preflight) {
        reply_header(resp, "Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        reply_header(resp, "Access-Control-Allow-Headers", "Content-Type, X-Request-Id");
        reply_header(resp, "Access-Control-Max-Age", "600");
    } else {
        reply_header(resp, "Access-Control-Expose-Headers", "X-Request-Id, Server-Timing");
    }
}

/* What every answer gets: CORS headers, and Server-Timing when the
 * endpoint set none. */
static void api_complete(const api_context *ctx, const api_request *req, api_response *resp,
                         bool preflight)
{
    api_cors_headers(ctx, req, resp, preflight);
    if (resp->server_timing[0] == '\0') {
        static const char *const names[] = {"total"};
        uint64_t us[] = {reply_us(req->start_ns, sudoku_now_ns())};
        reply_timing(resp, names, us, 1);
    }
}

void api_reject(api_context *ctx, const api_request *req, api_problem_type type, const char *detail,
                api_response *resp)
{
    memset(resp, 0, sizeof(*resp));
    reply_error(resp, req, type, "%s", detail);
    api_complete(ctx, req, resp, false);
}

void api_response_free(api_response *resp)
{
    if (resp == NULL) return;
    free(resp->owned);
    resp->owned = NULL;
    resp->body = NULL;
    job_stream_free(resp->stream);
    resp->stream = NULL;
}

/* ---- requests ----------------------------------------------------------------------- */

/* Each route_limit's setting. An image is cut off as soon as it passes its
 * limit: reading megabytes more of a photo only to answer 413 at their end
 * (libmicrohttpd cannot answer while a body arrives) helps no client. */
static const struct {
    size_t offset;
    const char *setting;
    bool cuts;
} api_limits_table[] = {
    [ROUTE_LIMIT_BODY] = {offsetof(struct config, max_body), "--max-body", false},
    [ROUTE_LIMIT_BATCH] = {offsetof(struct config, max_batch_body), "--max-batch-body", false},
    [ROUTE_LIMIT_IMAGE] = {offsetof(struct config, max_image_body), "--max-image-body", true},
};

size_t api_route(api_context *ctx, api_request *req)
{
    req->match = route_lookup(req->method, req->path);
    const route *r = req->match.route;
    /* a body sent where none belongs is read (up to --max-body) and ignored:
     * the answer is about the method or the path, not the body's size */
    route_limit limit = r != NULL ? r->limit : ROUTE_LIMIT_BODY;
    uint64_t bytes;
    memcpy(&bytes, (const char *)ctx->cfg + api_limits_table[limit].offset, sizeof(bytes));
    req->limit_setting = api_limits_table[limit].setting;
    req->limit_cuts = api_limits_table[limit].cuts;
    return (size_t)bytes;
}

/* True when the Content-Type's media type (parameters ignored) is `want`. */
static bool api_media_is(const char *content_type, const char *want)
{
    const char *p = content_type;
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strlen(want);
    if (strncasecmp(p, want, n) != 0) return false;
    p += n;
    while (*p == ' ' || *p == '\t') p++;
    return *p == '\0' || *p == ';';
}

static const struct {
    unsigned media;
    const char *name;
} api_media_types[] = {
    {MEDIA_JSON, CT_JSON},
    {MEDIA_TEXT, "text/plain"},
    {MEDIA_NDJSON, CT_NDJSON},
    /* photos, for POST /v1/scan */
    {MEDIA_JPEG, "image/jpeg"},
    {MEDIA_PNG, "image/png"},
    {MEDIA_WEBP, "image/webp"},
};

/* Sets req->media from the Content-Type, or answers 415. A body-less
 * request without a type counts as JSON, so it meets the JSON reader's
 * clearer "empty body" 400. */
static bool api_check_media(api_request *req, api_response *resp)
{
    unsigned accepted = req->match.route->media;
    if (accepted == 0) return true;
    if (req->content_type == NULL) {
        req->media = req->body_len == 0 ? MEDIA_JSON : 0;
    } else {
        for (size_t i = 0; i < sizeof(api_media_types) / sizeof(api_media_types[0]); i++)
            if (api_media_is(req->content_type, api_media_types[i].name))
                req->media = api_media_types[i].media;
    }
    if ((req->media & accepted) != 0) return true;

    char list[96] = "";
    for (size_t i = 0; i < sizeof(api_media_types) / sizeof(api_media_types[0]); i++) {
        if ((accepted & api_media_types[i].media) == 0) continue;
        if (list[0] != '\0') strcat(list, ", ");
        strcat(list, api_media_types[i].name);
    }
    if ((req->media & (MEDIA_TEXT | MEDIA_NDJSON)) != 0 && (accepted & MEDIA_JSON) != 0)
        reply_error(resp, req, API_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
                    "%s takes %s; to send puzzles as text, one per line, POST them to "
                    "/v1/solve/batch",
                    req->match.route->path, list);
    else
        reply_error(resp, req, API_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
                    "%s takes a body of Content-Type %s", req->match.route->path, list);
    return false;
}

/* Answers the request without its endpoint: not found, wrong method, preflight. */
static void api_answer_verdict(const api_request *req, api_response *resp)
{
    switch (req->match.verdict) {
    case ROUTE_NOT_FOUND:
        reply_error(resp, req, API_PROBLEM_NOT_FOUND,
                    "no such endpoint: %.128s; the API is described at /openapi.yaml", req->path);
        break;
    case ROUTE_METHOD_NOT_ALLOWED:
        reply_error(resp, req, API_PROBLEM_METHOD_NOT_ALLOWED, "%.16s is not allowed here; use %s",
                    req->method, req->match.allow);
        break;
    case ROUTE_PREFLIGHT:
    case ROUTE_OK:
        resp->status = API_HTTP_NO_CONTENT;
        reply_header(resp, "Allow", req->match.allow);
        break;
    }
}

api_outcome api_handle(api_context *ctx, api_request *req, void *owner, api_response *resp)
{
    const route *r = req->match.route;
    memset(resp, 0, sizeof(*resp));

    if (req->match.verdict != ROUTE_OK) {
        api_answer_verdict(req, resp);
        api_complete(ctx, req, resp, req->match.verdict == ROUTE_PREFLIGHT);
        return API_ANSWERED;
    }
    if (!api_check_media(req, resp)) goto answered;
    job *j = r->parse(ctx, req, resp);
    if (j == NULL) goto answered;
    if (api_draining(ctx)) {
        job_free(j);
        reply_error(resp, req, API_PROBLEM_DRAINING, "the server is shutting down");
        goto answered;
    }
    if (r->quick != NULL) {
        worker *w = job_runner_local(ctx->runner);
        if (w != NULL && r->quick(j, w)) {
            r->render(j, req, resp);
            job_free(j);
            goto answered;
        }
    }
    if (job_submit(j, ctx->runner, owner) != 0) {
        job_free(j);
        reply_error(&req->pending, req, API_PROBLEM_QUEUE_FULL,
                    "the solve queue is full; retry shortly");
        api_complete(ctx, req, &req->pending, false);
        req->has_pending = true;
        return API_PENDING;
    }
    req->job = j;
    if (ctx->threaded) return API_PENDING;
    r->render(j, req, resp); /* without threads every task has run */

answered:
    api_complete(ctx, req, resp, false);
    return API_ANSWERED;
}

bool api_resume(api_context *ctx, api_request *req, api_response *resp)
{
    memset(resp, 0, sizeof(*resp));
    if (req->has_pending) {
        *resp = req->pending;
        memset(&req->pending, 0, sizeof(req->pending));
        req->has_pending = false;
        return true;
    }
    if (req->job == NULL || !job_ready(req->job)) return false;
    req->match.route->render(req->job, req, resp);
    api_complete(ctx, req, resp, false);
    return true;
}

uint64_t api_finish(api_context *ctx, api_request *req, int status)
{
    uint64_t streamed = req->job != NULL ? job_streamed(req->job) : 0;
    if (status != 0)
        metrics_request(ctx->metrics, route_index(req->match.route), status,
                        sudoku_now_ns() - req->start_ns);
    job_free(req->job);
    req->job = NULL;
    api_response_free(&req->pending);
    req->has_pending = false;
    return streamed;
}
