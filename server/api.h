/* api.h -- the HTTP API as plain functions: a request struct in, a response struct out.
 *
 * No libmicrohttpd types cross this interface, so every endpoint and every
 * error can be driven by unit tests without a socket. http.c calls three
 * things per request: api_route() when the headers are in (the route
 * decides the body limit), api_handle() when the body is in, and, when that
 * said API_PENDING, api_resume() each time the connection is woken. Which
 * endpoint runs, whether its work goes to the worker pool or is answered on
 * the spot, is decided behind this interface (routes.h, endpoint.h).
 *
 * Thread safety: any number of network threads may call in at once, each
 * with its own requests.
 */
#ifndef SUDOKUD_API_H
#define SUDOKUD_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/config.h"
#include "server/job.h"
#include "server/routes.h"
#include "writers/problems.h"

/* Room for a request id and its NUL (ids are 1..64 characters). */
#define API_REQUEST_ID_LEN 65
/* Most extra headers one response carries. */
#define API_MAX_HEADERS 8
/* Room for a Server-Timing value. */
#define API_TIMING_LEN 128
/* Headers whose value is made for the one response (an ETag, a max-age),
 * kept in the response itself so that it can be copied; and their room. */
#define API_MAX_TEXT_HEADERS 2
#define API_TEXT_HEADER_LEN  96

typedef struct api_context api_context;

/* One query-string parameter, already percent-decoded. */
typedef struct api_param {
    const char *key;
    const char *value; /* "" when given without '=' */
} api_param;

typedef struct api_header {
    const char *name;
    const char *value; /* static, or borrowed from the request */
} api_header;

typedef struct api_text_header {
    const char *name; /* static; NULL for an unused slot */
    char value[API_TEXT_HEADER_LEN];
} api_text_header;

typedef struct api_response {
    int status;
    const char *content_type; /* static; NULL for no body */
    const char *body;         /* body_len bytes: static, or == owned */
    size_t body_len;
    char *owned;        /* a malloc'd body, the response's to free; else NULL */
    job_stream *stream; /* else the body is read from here (length unknown) */
    api_header headers[API_MAX_HEADERS];
    size_t nheaders;
    char server_timing[API_TIMING_LEN];
    api_text_header text_headers[API_MAX_TEXT_HEADERS];
} api_response;

/* What a handler needs of a request. Zero-initialise, then fill the first
 * block. Every pointer is borrowed and must stay valid until api_finish. */
typedef struct api_request {
    const char *method;
    const char *path;          /* without the query string */
    const char *content_type;  /* NULL when absent */
    const char *origin;        /* the Origin header, NULL when absent */
    const char *if_none_match; /* NULL when absent */
    const char *encodings;     /* the Accept-Encoding header, NULL when absent */
    const char *body;          /* body_len bytes, may be NULL when 0 */
    size_t body_len;
    buf *body_buf;          /* the caller's buffer holding body, or NULL (see api_take_body) */
    const api_param *query; /* nquery parameters */
    size_t nquery;
    const char *request_id; /* from api_request_id() */
    uint64_t start_ns;      /* sudoku_now_ns() when the request arrived */

    /* the API's own, set by api_route and api_handle */
    route_match match;
    const char *limit_setting; /* the setting of api_route's limit, for a 413 ("--max-body") */
    bool limit_cuts;           /* a body past the limit is cut off at once, not read on for a 413 */
    unsigned media;            /* the body's MEDIA_* type, once checked */
    job *job;                  /* work handed out for this request */
    bool has_pending;          /* `pending` is the answer once resumed */
    api_response pending;
} api_request;

/* What api_handle did. */
typedef enum api_outcome {
    API_ANSWERED = 0, /* *resp holds the answer */
    API_PENDING,      /* the owner was put to sleep; call api_resume when woken */
} api_outcome;

/* Makes the API of one server: metrics, the worker pool (cfg->workers
 * threads behind a queue of cfg->queue_depth, parking owners with hooks),
 * the CORS origins. hooks == NULL runs every job on the calling thread
 * (tests, fuzzers): api_handle then always answers. cfg is borrowed and must
 * outlive the context. Returns NULL with a reason in err (errlen bytes):
 * an unusable --cors-origins entry, out of memory or threads. */
api_context *api_new(const struct config *cfg, const job_hooks *hooks, char *err, size_t errlen);

/* Runs every queued task (each resumes its owner), then stops the
 * workers: call before the network threads stop. Idempotent. */
void api_shutdown(api_context *ctx);

/* Shuts down and frees; NULL is accepted. No request may be outstanding. */
void api_free(api_context *ctx);

/* Writes the id of a request to out: the client's X-Request-Id when it is
 * 1..64 characters of [A-Za-z0-9._-], else 16 fresh hex digits. client may
 * be NULL. */
void api_request_id(api_context *ctx, const char *client, char out[API_REQUEST_ID_LEN]);

/* Looks the request's method and path up (sets req->match, limit_setting
 * and limit_cuts) and returns the largest body to read for it. */
size_t api_route(api_context *ctx, api_request *req);

/* Answers req, whose body is complete. owner is the caller's handle (its
 * connection), passed to the hooks. Never fails: out of memory is a 500. */
api_outcome api_handle(api_context *ctx, api_request *req, void *owner, api_response *resp);

/* After API_PENDING, when the owner was woken: fills *resp and returns
 * true, or returns false when there is nothing to answer yet (the owner
 * sleeps on). A streamed body (resp->stream) may put the owner to sleep
 * again from job_stream_read. */
bool api_resume(api_context *ctx, api_request *req, api_response *resp);

/* Fills *resp with the problem `type` (the HTTP layer's own answers: 413 on
 * the announced length, 500 out of memory reading the body). */
void api_reject(api_context *ctx, const api_request *req, api_problem_type type, const char *detail,
                api_response *resp);

/* The request is over (answered or abandoned): counts it in the metrics
 * when it was answered with `status` (0 when not) and drops its work.
 * Returns the bytes a streamed body produced (for the access log). */
uint64_t api_finish(api_context *ctx, api_request *req, int status);

/* Frees a response's owned body or stream; NULL is accepted. */
void api_response_free(api_response *resp);

/* Starts draining: readiness fails and new solver work is refused with 503
 * draining; work already accepted goes on. Idempotent. */
void api_begin_drain(api_context *ctx);
bool api_draining(const api_context *ctx);

/* Cancels every queued or running solve, so each answers `limit` (reason
 * cancel) promptly: the end of a drain that ran out of patience. */
void api_cancel_work(api_context *ctx);

#endif /* SUDOKUD_API_H */
