/* http_client.h -- small libcurl helpers for the HTTP tests.
 *
 * One request in, status + headers + body out. A test_http handle keeps its
 * connection alive between requests (the concurrency tests use one per
 * thread); test_http_request() is the one-shot form.
 */
#ifndef TEST_SUPPORT_HTTP_CLIENT_H
#define TEST_SUPPORT_HTTP_CLIENT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct test_http test_http;

typedef struct test_http_resp {
    long status; /* 0 when the request failed at the transport level */
    char *body;  /* NUL-terminated */
    size_t len;
    char *headers; /* the raw header block of the final response */
    size_t hlen;
    char error[256];      /* curl's message when status is 0 */
    double first_byte_ms; /* from the start to the first byte of the response */
    double total_ms;      /* from the start to the last byte */
} test_http_resp;

/* Request options; zero-initialise and set what you need. */
typedef struct test_http_req {
    const char *method;         /* default GET, or POST when body is set */
    const char *content_type;   /* NULL: no Content-Type header at all */
    const char *body;           /* NULL for none */
    size_t len;                 /* body bytes (strlen when 0 and body is set) */
    bool chunked;               /* send the body with Transfer-Encoding: chunked */
    const char *const *headers; /* extra "Name: value" lines, NULL-terminated */
    long timeout_ms;            /* default 30000 */
} test_http_req;

/* A reusable client (keep-alive). NULL-safe free. Not thread-safe: one per thread. */
test_http *test_http_new(void);
void test_http_free(test_http *h);

/* Performs one request on url. Returns 0, or -1 on a transport error
 * (out->status 0, out->error set). Free *out with test_http_resp_free. */
int test_http_do(test_http *h, const char *url, const test_http_req *req, test_http_resp *out);

/* One-shot test_http_do with a fresh connection. */
int test_http_request(const char *url, const test_http_req *req, test_http_resp *out);

/* Shorthands: GET, and POST of a JSON body with Content-Type application/json. */
int test_http_get(const char *url, test_http_resp *out);
int test_http_post_json(const char *url, const char *json, test_http_resp *out);

void test_http_resp_free(test_http_resp *r);

/* GETs url every 20 ms until the body contains `text` or timeout_ms pass.
 * For state the server updates after answering (metrics are counted when a
 * request completes, after its response went out). Returns 0 with the
 * matching response in *out, or -1 with the last one (free it either way). */
int test_http_wait_for(const char *url, const char *text, long timeout_ms, test_http_resp *out);

/* The value of a series in a /metrics body: `series` is the text before the
 * value ("\nname{labels} "). -1 when the body or the series is absent. */
long long test_http_metric(const char *body, const char *series);

/* Copies the value of a response header (case-insensitive name) into buf;
 * returns buf, or NULL when absent. */
const char *test_http_header(const test_http_resp *r, const char *name, char *buf, size_t cap);

/* Parses the body as JSON; NULL when it is not JSON. Caller cJSON_Deletes. */
cJSON *test_http_json(const test_http_resp *r);

/* Joins base and path ("http://h:p" + "/v1/solve") into a static-free buffer. */
void test_http_url(char *out, size_t cap, const char *base, const char *path);

#endif /* TEST_SUPPORT_HTTP_CLIENT_H */
