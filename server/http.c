/* http.c -- libmicrohttpd glue: request bodies, limits, suspend/resume, responses, access log.
 *
 * The only file that includes <microhttpd.h>. It turns MHD's callbacks into
 * api_request / api_response structs, calls the API, and writes what it
 * answers; which endpoint runs, and where, is the API's business (api.h).
 *
 * DESIGN: one request through the server.
 *
 *   client --> MHD polling thread (epoll, a few of them)
 *                |  1st call: route, request id, Content-Length > limit? -> 413 now
 *                |  body calls: append, counting; over the limit -> 413 at its end
 *                |     (a photo over its limit: the connection is closed at once)
 *                |  last call: api_handle()
 *                |     |-- API_ANSWERED (4xx, health, small solves...) --> queue response
 *                |     `-- API_PENDING: the API called http_sleep() (suspend)
 *                |              and queued the work (queue full: woken at once)
 *                v              v
 *            [ bounded FIFO of tasks ] --> worker thread (own solver)
 *                                            first task done: http_wake() -> resume
 *              MHD polling thread  <-------------'
 *                resumed call: api_resume() -> queue response; a batch body
 *                  streams task by task, the connection suspended again
 *                  whenever the next part is unsolved and woken by the
 *                  worker that finishes it
 *                completed callback: api_finish() (metrics), access log, free
 *
 * The job module suspends before it queues, so a fast worker can never
 * resume a connection that is not suspended yet; a worker resumes only a
 * connection that is asleep on its task (job.c's waiting token), which
 * cannot close while suspended. Every job has a deadline and every solve
 * checks the shared cancel flag, so suspended connections always come back;
 * on shutdown the queue is drained (each cancelled task still resumes its
 * connection) before MHD_stop_daemon(), which must never see a suspended
 * connection.
 *
 * Slow clients: MHD's connection timeout counts idle time only, so a client
 * sending a byte every few seconds would hold a connection forever. A
 * reaper thread shuts down connections whose request headers take longer
 * than the timeout, and the body reader closes those whose body does.
 */
#include "server/http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "server/api.h"
#include "server/log.h"
#include "solver/sudoku.h"
#include "writers/buf.h"

/* The API names its statuses without MHD; they must be the same numbers. */
_Static_assert(API_HTTP_OK == MHD_HTTP_OK, "200");
_Static_assert(API_HTTP_NO_CONTENT == MHD_HTTP_NO_CONTENT, "204");
_Static_assert(API_HTTP_NOT_MODIFIED == MHD_HTTP_NOT_MODIFIED, "304");
_Static_assert(API_HTTP_BAD_REQUEST == MHD_HTTP_BAD_REQUEST, "400");
_Static_assert(API_HTTP_NOT_FOUND == MHD_HTTP_NOT_FOUND, "404");
_Static_assert(API_HTTP_METHOD_NOT_ALLOWED == MHD_HTTP_METHOD_NOT_ALLOWED, "405");
_Static_assert(API_HTTP_CONTENT_TOO_LARGE == MHD_HTTP_CONTENT_TOO_LARGE, "413");
_Static_assert(API_HTTP_UNSUPPORTED_MEDIA_TYPE == MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "415");
_Static_assert(API_HTTP_UNPROCESSABLE_CONTENT == MHD_HTTP_UNPROCESSABLE_CONTENT, "422");
_Static_assert(API_HTTP_INTERNAL_SERVER_ERROR == MHD_HTTP_INTERNAL_SERVER_ERROR, "500");
_Static_assert(API_HTTP_SERVICE_UNAVAILABLE == MHD_HTTP_SERVICE_UNAVAILABLE, "503");

/* MHD polling threads: parsing and rendering are cheap next to solving, so
 * a couple keep the workers fed without taking their cores; one when the
 * process has one CPU, where a second would only take turns with it. */
#define HTTP_POLL_THREADS 2

/* Memory per connection, MHD's pool: the request line and headers, the read
 * buffer and the answer's headers live in it. MHD clears the whole pool (and
 * half as much again) for every request, so its default 32 KiB wrote 48 KiB
 * per request and, over 64 connections, pushed the solver's tables out of
 * the caches. 16 KiB takes a browser's or a proxy's headers (cookies count
 * twice, being kept parsed too: about 7 KiB of them), like Node.js's 16 KiB. */
#define HTTP_CONNECTION_MEMORY ((size_t)16 * 1024)

/* Longest path written to the access log (longer ones are cut). */
#define HTTP_LOG_PATH_MAX 512

/* Bytes MHD asks a streamed body for at a time. */
#define HTTP_STREAM_BLOCK (256 * 1024)

/* How often the slow-client reaper looks at the connections. */
#define HTTP_REAPER_MS 250

/* The most body memory reserved ahead of the bytes, from Content-Length. */
#define HTTP_BODY_RESERVE ((uint64_t)1 << 20)

/* See http_discard_allowance(). */
#define HTTP_DISCARD_MIN ((size_t)1 << 20)

/* One open connection, watched so a client too slow to send its request
 * (slowloris) is cut off: MHD's own timeout only counts idle time, which a
 * byte every few seconds resets forever. Guarded by http_server.conns_mu. */
struct http_conn {
    struct http_conn *prev, *next;
    MHD_socket fd;
    uint64_t since_ns; /* start of the current wait for request headers */
    bool in_request;   /* headers complete: the request's own checks apply */
    bool cut;          /* already shut down */
};

struct http_server {
    const struct config *cfg;
    struct MHD_Daemon *daemon;
    api_context *api;
    atomic_long active; /* requests begun and not yet completed */
    uint16_t port;
    uint64_t slow_ns; /* time allowed for a request's headers, and again its body; 0 = no limit */

    pthread_mutex_t conns_mu;
    pthread_cond_t reaper_cv;
    struct http_conn *conns; /* every open connection */
    bool reaper_stop;
    bool conns_ready; /* conns_mu and reaper_cv are initialised */
    bool reaper_started;
    pthread_t reaper;
};

/* The state of one request, from its first callback to its completion. */
struct http_request {
    http_server *srv;
    struct MHD_Connection *conn;
    api_request req;
    char *method;
    char *path;
    char id[API_REQUEST_ID_LEN];
    buf body;
    size_t limit;
    uint64_t announced; /* Content-Length; 0 when absent or not a number */
    bool too_large;
    size_t discarded; /* bytes dropped after passing the limit */
    bool responded;
    bool pending;  /* api_handle said API_PENDING: answer through api_resume */
    bool streamed; /* the body comes from a stream */
    api_param *query;
    size_t nquery, query_cap;
    bool query_oom;
    int status;
    uint64_t bytes;
};

static unsigned http_poll_threads(void)
{
    uint64_t cpus = config_cpus();
    return cpus < HTTP_POLL_THREADS ? (unsigned)cpus : HTTP_POLL_THREADS;
}

static uint16_t http_port_of(struct MHD_Daemon *d)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

__attribute__((format(printf, 2, 0))) static void http_mhd_log(void *cls, const char *fmt,
                                                               va_list ap)
{
    (void)cls;
    if (log_enabled(LOG_LEVEL_WARN)) log_vwrite(LOG_LEVEL_WARN, "mhd", fmt, ap);
}

/* ---- responses ------------------------------------------------------------------ */

/* MHD's buffer API is not const-correct; it never writes to a PERSISTENT buffer. */
static void *http_unconst(const void *p)
{
    return (void *)(uintptr_t)p;
}

/* Feeds a batch body to MHD. When the next chunk is still being solved the
 * connection sleeps (suspended, as MHD wants for a reader with nothing to
 * give) until the worker that finishes it wakes it through http_wake(). */
static ssize_t http_stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
    (void)pos; /* MHD reads front to back: pos is the sum of what we gave */
    ssize_t n = job_stream_read(cls, out, max);
    if (n == JOB_STREAM_WAIT) {
        struct http_request *r = job_stream_owner(cls);
        MHD_suspend_connection(r->conn);
        return 0;
    }
    if (n == JOB_STREAM_ERROR) return MHD_CONTENT_READER_END_WITH_ERROR;
    return n > 0 ? n : MHD_CONTENT_READER_END_OF_STREAM;
}

static void http_stream_free(void *cls)
{
    job_stream_free(cls);
}

static enum MHD_Result http_respond(struct http_request *r, api_response *resp)
{
    struct MHD_Response *mr;
    enum MHD_Result rc;

    r->streamed = resp->stream != NULL;
    if (resp->stream != NULL) {
        /* length unknown until the last chunk is solved: chunked encoding */
        mr = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, HTTP_STREAM_BLOCK,
                                               http_stream_read, resp->stream, http_stream_free);
        if (mr != NULL) resp->stream = NULL; /* MHD frees it with the response */
    } else if (resp->owned != NULL) {
        mr = MHD_create_response_from_buffer(resp->body_len, resp->owned, MHD_RESPMEM_MUST_FREE);
        if (mr != NULL) resp->owned = NULL; /* MHD frees it now */
    } else {
        mr = MHD_create_response_from_buffer(resp->body_len, http_unconst(resp->body),
                                             MHD_RESPMEM_PERSISTENT);
    }
    if (mr == NULL) return MHD_NO; /* out of memory: MHD closes the connection */

    if (resp->content_type != NULL)
        MHD_add_response_header(mr, MHD_HTTP_HEADER_CONTENT_TYPE, resp->content_type);
    MHD_add_response_header(mr, "X-Request-Id", r->id);
    if (resp->server_timing[0] != '\0')
        MHD_add_response_header(mr, "Server-Timing", resp->server_timing);
    for (size_t i = 0; i < resp->nheaders; i++)
        MHD_add_response_header(mr, resp->headers[i].name, resp->headers[i].value);
    for (size_t i = 0; i < API_MAX_TEXT_HEADERS && resp->text_headers[i].name != NULL; i++)
        MHD_add_response_header(mr, resp->text_headers[i].name, resp->text_headers[i].value);
    if (api_draining(r->srv->api)) MHD_add_response_header(mr, MHD_HTTP_HEADER_CONNECTION, "close");

    rc = MHD_queue_response(r->conn, (unsigned)resp->status, mr);
    MHD_destroy_response(mr);
    if (rc == MHD_YES) {
        r->responded = true;
        r->status = resp->status;
        r->bytes = resp->body_len;
    }
    return rc;
}

static enum MHD_Result http_reject(struct http_request *r, api_problem_type type,
                                   const char *detail)
{
    api_response resp;
    api_reject(r->srv->api, &r->req, type, detail, &resp);
    enum MHD_Result rc = http_respond(r, &resp);
    api_response_free(&resp);
    return rc;
}

/* 413, naming the limit and the setting that raises it. */
static enum MHD_Result http_reject_too_large(struct http_request *r, const char *what)
{
    char detail[API_DETAIL_LEN];
    snprintf(detail, sizeof(detail), "%s more than the %zu bytes %s takes (%s)", what, r->limit,
             r->path, r->req.limit_setting);
    return http_reject(r, API_PROBLEM_BODY_TOO_LARGE, detail);
}

/* ---- per-request state ------------------------------------------------------------- */

static void http_request_free(struct http_request *r)
{
    if (r == NULL) return;
    buf_free(&r->body);
    free(r->query);
    free(r->method);
    free(r->path);
    free(r);
}

static enum MHD_Result http_collect_query(void *cls, enum MHD_ValueKind kind, const char *key,
                                          const char *value)
{
    struct http_request *r = cls;
    (void)kind;
    if (r->nquery == r->query_cap) {
        size_t cap = r->query_cap == 0 ? 8 : r->query_cap * 2;
        api_param *q = realloc(r->query, cap * sizeof(*q));
        if (q == NULL) {
            r->query_oom = true;
            return MHD_NO;
        }
        r->query = q;
        r->query_cap = cap;
    }
    r->query[r->nquery++] = (api_param){key, value != NULL ? value : ""};
    return MHD_YES;
}

static struct http_request *http_request_new(http_server *srv, struct MHD_Connection *conn,
                                             const char *url, const char *method)
{
    struct http_request *r = calloc(1, sizeof(*r));
    if (r == NULL) return NULL;
    r->srv = srv;
    r->conn = conn;
    r->method = strdup(method);
    r->path = strdup(url);
    if (r->method == NULL || r->path == NULL) {
        http_request_free(r);
        return NULL;
    }
    api_request_id(srv->api, MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Request-Id"),
                   r->id);
    r->req.method = r->method;
    r->req.path = r->path;
    r->req.request_id = r->id;
    r->req.start_ns = sudoku_now_ns();
    r->req.origin = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN);
    r->req.content_type =
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
    r->req.if_none_match =
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    r->req.encodings =
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    r->limit = api_route(srv->api, &r->req);
    return r;
}

/* The body length a Content-Length header announces: 0 when there is none
 * or it is not a plain number (MHD answers 400 to those itself), UINT64_MAX
 * when it does not fit. */
static uint64_t http_content_length(struct MHD_Connection *conn)
{
    const char *cl =
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    uint64_t v = 0;
    for (const char *p = cl != NULL ? cl : ""; *p != '\0'; p++) {
        if (*p < '0' || *p > '9') return 0;
        if (v > (UINT64_MAX - 9) / 10) return UINT64_MAX;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    return v;
}

/* Bytes of an over-limit chunked body read and dropped before giving up on
 * answering 413 and closing: as much again as the limit, at least 1 MiB. */
static size_t http_discard_allowance(size_t limit)
{
    return limit > HTTP_DISCARD_MIN ? limit : HTTP_DISCARD_MIN;
}

/* ---- slow clients -------------------------------------------------------------------- */

static void http_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                            enum MHD_ConnectionNotificationCode code)
{
    http_server *s = cls;
    struct http_conn *c = *socket_context;

    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        c = info != NULL ? calloc(1, sizeof(*c)) : NULL;
        if (c == NULL) return; /* untracked: only the idle timeout applies to it */
        c->fd = info->connect_fd;
        c->since_ns = sudoku_now_ns();
        pthread_mutex_lock(&s->conns_mu);
        c->next = s->conns;
        if (s->conns != NULL) s->conns->prev = c;
        s->conns = c;
        pthread_mutex_unlock(&s->conns_mu);
        *socket_context = c;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED && c != NULL) {
        /* MHD closes the socket only after this returns, so the reaper,
         * holding the mutex, never touches a descriptor already reused */
        pthread_mutex_lock(&s->conns_mu);
        if (c->prev != NULL)
            c->prev->next = c->next;
        else
            s->conns = c->next;
        if (c->next != NULL) c->next->prev = c->prev;
        pthread_mutex_unlock(&s->conns_mu);
        free(c);
        *socket_context = NULL;
    }
}

/* Marks the connection's request as started (headers in) or finished. */
static void http_conn_phase(http_server *s, struct MHD_Connection *conn, bool in_request)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct http_conn *c = info != NULL ? info->socket_context : NULL;
    if (c == NULL) return;
    pthread_mutex_lock(&s->conns_mu);
    c->in_request = in_request;
    c->since_ns = sudoku_now_ns();
    pthread_mutex_unlock(&s->conns_mu);
}

/* Every HTTP_REAPER_MS, shuts down connections whose request headers have
 * been arriving for longer than the connection timeout. MHD then sees the
 * socket fail and closes it the normal way. */
static void *http_reaper_main(void *arg)
{
    http_server *s = arg;
    struct timespec wake;

    pthread_mutex_lock(&s->conns_mu);
    while (!s->reaper_stop) {
        uint64_t now = sudoku_now_ns();
        for (struct http_conn *c = s->conns; c != NULL; c = c->next) {
            if (!c->in_request && !c->cut && now - c->since_ns > s->slow_ns) {
                shutdown(c->fd, SHUT_RDWR);
                c->cut = true;
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &wake);
        wake.tv_nsec += HTTP_REAPER_MS * 1000000L;
        if (wake.tv_nsec >= 1000000000L) {
            wake.tv_sec++;
            wake.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&s->reaper_cv, &s->conns_mu, &wake);
    }
    pthread_mutex_unlock(&s->conns_mu);
    return NULL;
}

/* Sets up the connection list's lock and starts the reaper (when there is
 * a timeout). On failure http_reaper_stop() undoes what was done. */
static int http_reaper_start(http_server *s)
{
    pthread_condattr_t attr;
    if (pthread_mutex_init(&s->conns_mu, NULL) != 0) return -1;
    if (pthread_condattr_init(&attr) != 0) {
        pthread_mutex_destroy(&s->conns_mu);
        return -1;
    }
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(&s->reaper_cv, &attr);
    pthread_condattr_destroy(&attr);
    if (rc != 0) {
        pthread_mutex_destroy(&s->conns_mu);
        return -1;
    }
    s->conns_ready = true;
    if (s->slow_ns == 0) return 0;
    if (pthread_create(&s->reaper, NULL, http_reaper_main, s) != 0) return -1;
    s->reaper_started = true;
    return 0;
}

static void http_reaper_stop(http_server *s)
{
    if (s->reaper_started) {
        pthread_mutex_lock(&s->conns_mu);
        s->reaper_stop = true;
        pthread_cond_signal(&s->reaper_cv);
        pthread_mutex_unlock(&s->conns_mu);
        pthread_join(s->reaper, NULL);
        s->reaper_started = false;
    }
    if (s->conns_ready) {
        pthread_cond_destroy(&s->reaper_cv);
        pthread_mutex_destroy(&s->conns_mu);
        s->conns_ready = false;
    }
}

/* ---- parking connections --------------------------------------------------------------- */

/* The job module's hooks. sleep runs on the connection's own thread right
 * before its work is queued; wake on a worker once the task the connection
 * waits for is done: the connection is suspended until then, so it and its
 * request stay alive. */
static void http_sleep(void *owner)
{
    struct http_request *r = owner;
    MHD_suspend_connection(r->conn);
}

static void http_wake(void *owner)
{
    struct http_request *r = owner;
    MHD_resume_connection(r->conn);
}

/* ---- MHD callbacks ----------------------------------------------------------------------- */

static enum MHD_Result http_access(void *cls, struct MHD_Connection *conn, const char *url,
                                   const char *method, const char *version, const char *upload_data,
                                   size_t *upload_data_size, void **con_cls)
{
    http_server *srv = cls;
    struct http_request *r = *con_cls;
    (void)version;

    if (r == NULL) {
        r = http_request_new(srv, conn, url, method);
        if (r == NULL) return MHD_NO;
        *con_cls = r;
        atomic_fetch_add_explicit(&srv->active, 1, memory_order_relaxed);
        http_conn_phase(srv, conn, true);
        r->announced = http_content_length(conn);
        if (r->announced > r->limit) {
            /* answer before reading: MHD then closes instead of taking the body */
            r->too_large = true;
            return http_reject_too_large(r, "Content-Length announces");
        }
        return MHD_YES;
    }

    if (*upload_data_size > 0) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (srv->slow_ns != 0 && sudoku_now_ns() - r->req.start_ns > srv->slow_ns)
            return MHD_NO; /* a body trickling in for longer than the timeout */
        if (r->too_large) {
            /* libmicrohttpd 0.9.x cannot queue a response while a body is
             * arriving, so a chunked body over the limit is read on (and
             * dropped) to answer 413 at its end -- within an allowance;
             * past it the connection is closed instead */
            r->discarded += n;
            return r->discarded > http_discard_allowance(r->limit) ? MHD_NO : MHD_YES;
        }
        if (n > r->limit - r->body.len) {
            if (r->req.limit_cuts) return MHD_NO; /* see api_route: closed, unread */
            r->too_large = true;
            r->discarded = n;
            buf_free(&r->body);
            return MHD_YES;
        }
        if (r->body.len == 0) {
            /* room for the announced body, up to HTTP_BODY_RESERVE: a
             * megabyte batch would otherwise be copied a dozen times, and a
             * client that announces much and sends little gets no more */
            uint64_t want = r->announced < HTTP_BODY_RESERVE ? r->announced : HTTP_BODY_RESERVE;
            buf_reserve(&r->body, want > n ? (size_t)want : n);
        }
        buf_append(&r->body, upload_data, n);
        return MHD_YES;
    }

    if (r->responded) return MHD_YES;
    if (r->pending) {
        api_response resp;
        if (!api_resume(srv->api, &r->req, &resp)) return MHD_YES; /* not ready yet */
        enum MHD_Result rc = http_respond(r, &resp);
        api_response_free(&resp);
        return rc;
    }
    if (r->too_large) return http_reject_too_large(r, "the body has");
    if (r->body.oom)
        return http_reject(r, API_PROBLEM_INTERNAL_ERROR, "out of memory reading the body");

    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, http_collect_query, r);
    if (r->query_oom)
        return http_reject(r, API_PROBLEM_INTERNAL_ERROR, "out of memory reading the query");
    r->req.query = r->query;
    r->req.nquery = r->nquery;
    r->req.body = r->body.data;
    r->req.body_len = r->body.len;
    r->req.body_buf = &r->body;

    api_response resp;
    if (api_handle(srv->api, &r->req, r, &resp) == API_PENDING) {
        r->pending = true;
        return MHD_YES;
    }
    enum MHD_Result rc = http_respond(r, &resp);
    api_response_free(&resp);
    return rc;
}

/* Copies a (percent-decoded, so arbitrary) path for the access log:
 * control characters, spaces, quotes and non-ASCII bytes are
 * percent-encoded again, so a path cannot forge or break log lines. */
static void http_log_safe(char *out, size_t cap, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)path; *p != '\0' && n + 4 < cap; p++) {
        if (*p > ' ' && *p < 0x7f && *p != '"' && *p != '%') {
            out[n++] = (char)*p;
        } else {
            out[n++] = '%';
            out[n++] = hex[*p >> 4];
            out[n++] = hex[*p & 15];
        }
    }
    out[n] = '\0';
}

static void http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                           enum MHD_RequestTerminationCode toe)
{
    http_server *srv = cls;
    struct http_request *r = *con_cls;
    (void)toe;

    if (r == NULL) return;
    uint64_t us = (sudoku_now_ns() - r->req.start_ns) / 1000;
    /* a job may outlive its request (a client gone mid-stream): finishing
     * drops only the request's reference */
    uint64_t streamed = api_finish(srv->api, &r->req, r->responded ? r->status : 0);
    if (r->streamed) r->bytes = streamed;
    if (log_enabled(LOG_LEVEL_INFO)) {
        char path[HTTP_LOG_PATH_MAX];
        http_log_safe(path, sizeof(path), r->path);
        LOG_INFO("access", "method=%s path=%s status=%d bytes=%llu us=%llu id=%s", r->method, path,
                 r->status, (unsigned long long)r->bytes, (unsigned long long)us, r->id);
    }
    http_request_free(r);
    *con_cls = NULL;
    http_conn_phase(srv, conn, false);
    atomic_fetch_sub_explicit(&srv->active, 1, memory_order_relaxed);
}

/* ---- lifecycle ----------------------------------------------------------------------------- */

http_server *http_start(const struct config *cfg, char *err, size_t errlen)
{
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;

    memset(&v4, 0, sizeof(v4));
    memset(&v6, 0, sizeof(v6));
    if (inet_pton(AF_INET, cfg->bind, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)cfg->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, cfg->bind, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)cfg->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, errlen, "--bind/SUDOKUD_BIND: '%s' is not an IPv4 or IPv6 address",
                 cfg->bind);
        return NULL;
    }
    flags |= MHD_is_feature_supported(MHD_FEATURE_EPOLL) == MHD_YES ? MHD_USE_EPOLL : MHD_USE_POLL;

    http_server *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->cfg = cfg;
    s->slow_ns = cfg->connection_timeout * UINT64_C(1000000000);
    atomic_init(&s->active, 0);
    if (http_reaper_start(s) != 0) {
        snprintf(err, errlen, "cannot start the slow-client reaper thread");
        goto fail;
    }
    static const job_hooks hooks = {http_sleep, http_wake};
    s->api = api_new(cfg, &hooks, err, errlen);
    if (s->api == NULL) goto fail;

    s->daemon = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, http_access, s, MHD_OPTION_EXTERNAL_LOGGER,
        http_mhd_log, s, MHD_OPTION_SOCK_ADDR, addr, MHD_OPTION_THREAD_POOL_SIZE,
        http_poll_threads(), MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->max_connections,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->connection_timeout,
        MHD_OPTION_NOTIFY_COMPLETED, http_completed, s, MHD_OPTION_NOTIFY_CONNECTION,
        http_connection, s, MHD_OPTION_CONNECTION_MEMORY_LIMIT, HTTP_CONNECTION_MEMORY,
        MHD_OPTION_END);
    if (s->daemon == NULL) {
        snprintf(err, errlen, "cannot listen on %s:%llu (address in use, or not local?)", cfg->bind,
                 (unsigned long long)cfg->port);
        goto fail;
    }
    s->port = http_port_of(s->daemon);
    return s;

fail:
    http_stop(s);
    return NULL;
}

uint16_t http_port(const http_server *s)
{
    return s->port;
}

/* Sleeps until no request is in flight or the monotonic clock passes deadline. */
static void http_wait_idle(http_server *s, uint64_t deadline)
{
    while (atomic_load_explicit(&s->active, memory_order_relaxed) > 0 &&
           sudoku_now_ns() < deadline) {
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

void http_drain(http_server *s, unsigned timeout_ms)
{
    /* keep accepting while draining, up to MHD_stop_daemon: a client in the
     * listen backlog gets a 503 draining rather than a reset connection. (No
     * MHD_quiesce_daemon either: with epoll polling threads, libmicrohttpd
     * 0.9.75 races its own threads removing the listening socket and aborts.) */
    api_begin_drain(s->api);
    /* accepted work may finish on its own for most of the grace period;
     * what is left then is cancelled, and answers promptly with `limit` */
    uint64_t start = sudoku_now_ns(), grace = (uint64_t)timeout_ms * 1000000u;
    http_wait_idle(s, start + grace * 4 / 5);
    api_cancel_work(s->api);
    http_wait_idle(s, start + grace);
}

void http_stop(http_server *s)
{
    if (s == NULL) return;
    /* every queued task still runs (cancelled) and resumes its connection,
     * so the daemon stops with none suspended */
    if (s->api != NULL) api_shutdown(s->api);
    if (s->daemon != NULL) MHD_stop_daemon(s->daemon);
    http_reaper_stop(s);
    api_free(s->api);
    free(s);
}
