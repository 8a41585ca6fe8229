/* api.h -- the HTTP API as plain functions: a request struct in, a response struct out.
 *
 * No libmicrohttpd types cross this interface, so every endpoint and every
 * error can be driven by unit tests without a socket. Requests that need the
 * solver are split in three steps so that no solve runs on a network thread:
 *
 *   api_handle()      network thread: route, parse, validate; answers at
 *                     once, or returns a job of 1..n tasks
 *   api_task_run()    worker thread: one task (a solve, or a chunk of a
 *                     batch); wakes the owner when it waits on that task
 *   api_job_finish()  network thread: renders the job's response; a batch
 *                     answer streams out chunk by chunk, the owner sleeping
 *                     whenever the next chunk is still being solved
 *
 * Thread safety: api_handle/api_job_finish may run on several network
 * threads at once; tasks of any jobs on any workers. A job's fields are
 * handed from the network thread to the workers by the pool's queue and
 * back by each task's atomic done flag. A job is reference-counted (owner,
 * unfinished tasks, stream), so a client that leaves early frees nothing a
 * worker still uses.
 */
#ifndef SUDOKUD_API_H
#define SUDOKUD_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "server/config.h"
#include "server/metrics.h"
#include "server/problems.h"
#include "server/router.h"

/* Room for a request id and its NUL (ids are 1..64 characters). */
#define API_REQUEST_ID_LEN 65
/* Most extra headers one response carries. */
#define API_MAX_HEADERS 8

typedef struct api_context api_context;
typedef struct api_job api_job;
typedef struct api_stream api_stream;

/* One query-string parameter, already percent-decoded. */
typedef struct api_param {
    const char *key;
    const char *value; /* "" when given without '=' */
} api_param;

/* What a handler needs of a request. Every pointer is borrowed and must stay
 * valid until the response is built (for a job: until api_job_finish). */
typedef struct api_request {
    const char *method;
    const char *path;         /* without the query string */
    router_match match;       /* router_lookup(method, path) */
    const char *content_type; /* NULL when absent */
    const char *origin;       /* the Origin header, NULL when absent */
    const char *body;         /* body_len bytes, may be NULL when 0 */
    size_t body_len;
    const api_param *query; /* nquery parameters */
    size_t nquery;
    const char *request_id; /* from api_request_id() */
    uint64_t start_ns;      /* sudoku_now_ns() when the request arrived */
} api_request;

typedef struct api_header {
    const char *name;
    const char *value; /* static or borrowed from the request */
} api_header;

typedef struct api_response {
    int status;
    const char *content_type; /* static; NULL for no body */
    const char *body;         /* body_len bytes: static, or == owned */
    size_t body_len;
    char *owned;        /* a malloc'd body, now the caller's to free; else NULL */
    api_stream *stream; /* else the body_len bytes are read from here (batch results) */
    api_header headers[API_MAX_HEADERS];
    size_t nheaders;
    char server_timing[128]; /* the Server-Timing value */
} api_response;

/* Makes the API state for one server: the config is borrowed (and must
 * outlive it), `m` receives solver counters, queue_depth(queue_arg) is
 * sampled by /metrics (may be NULL: reads as 0). Returns NULL when out of
 * memory. */
api_context *api_new(const struct config *cfg, metrics *m, size_t (*queue_depth)(void *),
                     void *queue_arg);
/* Frees; NULL is accepted. No job may be outstanding. */
void api_free(api_context *ctx);

/* Sets the function workers call with a job's owner when the owner sleeps
 * on the job (see api_job_submitted and API_STREAM_WAIT); it must wake the
 * owner, e.g. resume its connection, and may run on any worker thread.
 * Call before any job is submitted. Without one nobody is woken, which is
 * fine when the caller runs the tasks itself. */
void api_set_wake(api_context *ctx, void (*wake)(void *owner));

/* Writes the id of a request to out: the client's X-Request-Id when it is
 * 1..64 characters of [A-Za-z0-9._-], else 16 fresh hex digits. client may
 * be NULL. Thread-safe. */
void api_request_id(api_context *ctx, const char *client, char out[API_REQUEST_ID_LEN]);

/* The largest body accepted for a route (batch has its own limit). */
size_t api_body_limit(const api_context *ctx, router_route route);

/* Starts draining: readiness fails and new solver work is refused with 503
 * draining; work already accepted goes on. Thread-safe, idempotent. */
void api_begin_drain(api_context *ctx);
bool api_draining(const api_context *ctx);

/* Cancels every queued or running solve, so each answers `limit` (reason
 * cancel) promptly: the end of a drain that ran out of patience.
 * Thread-safe, idempotent. */
void api_cancel_work(api_context *ctx);

/* Answers req. Returns NULL with *resp filled, or a job whose
 * api_job_ntasks() tasks must each be given to api_task_run() exactly once;
 * *resp is then untouched. Never fails: out of memory becomes a 500.
 * Thread-safe. */
api_job *api_handle(api_context *ctx, const api_request *req, api_response *resp);

/* Fills *resp with the problem `type` for req (queue-full when the pool
 * rejects a job, body-too-large from the body reader). Thread-safe. */
void api_reject(api_context *ctx, const api_request *req, api_problem_type type, const char *detail,
                api_response *resp);

/* The number of tasks of a job (>= 1) and the i-th task, an opaque pointer
 * for the pool. */
size_t api_job_ntasks(const api_job *job);
void *api_job_task(api_job *job, size_t i);

/* Runs one task on a worker whose state came from api_worker_new(), and
 * wakes the job's owner if it sleeps on this task. Returns the task's job
 * when this was its last unfinished task, else NULL; the job stays valid
 * for a caller that still holds the owner's reference (one that runs the
 * tasks itself), not otherwise. */
api_job *api_task_run(void *task, void *worker);

/* True once every task of the job has run (acquire: the tasks' writes are
 * visible afterwards). Thread-safe. */
bool api_job_done(api_job *job);

/* True once the owner can answer: a single job is done, or a batch's first
 * chunk is (its answer then streams while the rest is solved). Thread-safe. */
bool api_job_ready(api_job *job);

/* Body bytes a stream of this job has produced so far (for the access log).
 * Owner's thread. */
uint64_t api_job_streamed(const api_job *job);

/* Attaches the caller's handle (e.g. its connection) to a job, for the code
 * that gets the job back from api_task_run(). */
void api_job_set_owner(api_job *job, void *owner);
void *api_job_owner(const api_job *job);

/* Call right before giving a job's tasks to the pool: the tasks then hold
 * the job alive until the last one ends, the owner is to be woken when the
 * first task is done (see api_set_wake), the queue time starts, and the job
 * counts in the jobs-in-flight gauge until it is freed. */
void api_job_submitted(api_job *job);

/* Undoes api_job_submitted when the pool refused the tasks. */
void api_job_unsubmit(api_job *job);

/* Renders a complete job's response for the same req given to api_handle,
 * as one flat body. */
void api_job_finish(api_job *job, const api_request *req, api_response *resp);

/* The same once api_job_ready(): a batch body comes as resp->stream (read it
 * with api_stream_read; its length is not known in advance) instead of one
 * buffer, so the HTTP layer sends chunks as they are solved. The stream
 * holds its own job reference, and borrows req until it is freed. */
void api_job_finish_stream(api_job *job, const api_request *req, api_response *resp);

/* Drops the owner's reference to a job; the job itself goes once its tasks
 * and any stream are done with it. NULL is accepted. */
void api_job_free(api_job *job);

/* Per-worker state for pool_new(): a solver sized for the largest grid and
 * scratch buffers. The argument is unused (jobs carry their context).
 * NULL when out of memory. api_worker_free accepts NULL. */
void *api_worker_new(void *unused);
void api_worker_free(void *worker);

/* What api_stream_read returns besides a byte count. */
#define API_STREAM_WAIT  ((ssize_t)-1) /* the next chunk is still being solved */
#define API_STREAM_ERROR ((ssize_t)-2) /* a chunk ran out of memory: abort the body */

/* Copies up to max bytes of a streamed body, front to back. Returns the
 * bytes copied (0 at the end), API_STREAM_ERROR, or API_STREAM_WAIT: nothing
 * is ready, and the wake function of api_set_wake() will be called with the
 * job's owner once the next chunk is done (the caller sleeps until then,
 * then reads again). Runs on the owner's thread; one reader per stream. */
ssize_t api_stream_read(api_stream *s, char *out, size_t max);

/* The owner of the stream's job (see api_job_set_owner). */
void *api_stream_owner(const api_stream *s);

/* Frees a stream and its job reference; NULL is accepted. */
void api_stream_free(api_stream *s);

/* Frees a response's owned body or stream. NULL is accepted. */
void api_response_free(api_response *resp);

/* The OpenAPI document embedded at build time (server/openapi_embed.S). */
extern const char api_openapi_yaml[];
extern const uint64_t api_openapi_yaml_size;

#endif /* SUDOKUD_API_H */
