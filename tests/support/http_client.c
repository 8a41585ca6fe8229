/* http_client.c -- libcurl easy-interface wrappers for the HTTP tests. */
#include "tests/support/http_client.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

struct test_http {
    CURL *curl;
};

static pthread_once_t test_http_once = PTHREAD_ONCE_INIT;

static void test_http_global_init(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

test_http *test_http_new(void)
{
    pthread_once(&test_http_once, test_http_global_init);
    test_http *h = calloc(1, sizeof(*h));
    if (h == NULL) return NULL;
    h->curl = curl_easy_init();
    if (h->curl == NULL) {
        free(h);
        return NULL;
    }
    return h;
}

void test_http_free(test_http *h)
{
    if (h == NULL) return;
    curl_easy_cleanup(h->curl);
    free(h);
}

struct test_sink {
    char *data;
    size_t len, cap;
};

static size_t test_sink_put(struct test_sink *s, const char *p, size_t n)
{
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap == 0 ? 4096 : s->cap;
        while (cap < s->len + n + 1) cap *= 2;
        char *d = realloc(s->data, cap);
        if (d == NULL) return 0;
        s->data = d;
        s->cap = cap;
    }
    memcpy(s->data + s->len, p, n);
    s->len += n;
    s->data[s->len] = '\0';
    return n;
}

static size_t test_write_body(char *p, size_t size, size_t n, void *ud)
{
    return test_sink_put(ud, p, size * n);
}

static size_t test_write_header(char *p, size_t size, size_t n, void *ud)
{
    struct test_sink *s = ud;
    /* a new status line starts a new header block (after 100 Continue) */
    if (size * n >= 5 && strncmp(p, "HTTP/", 5) == 0) s->len = 0;
    return test_sink_put(s, p, size * n);
}

struct test_source {
    const char *data;
    size_t len, pos;
};

static size_t test_read_body(char *p, size_t size, size_t n, void *ud)
{
    struct test_source *src = ud;
    size_t want = size * n, left = src->len - src->pos;
    /* small pieces, so a chunked body really arrives in many chunks */
    if (want > 4096) want = 4096;
    if (want > left) want = left;
    memcpy(p, src->data + src->pos, want);
    src->pos += want;
    return want;
}

int test_http_do(test_http *h, const char *url, const test_http_req *req, test_http_resp *out)
{
    CURL *c = h->curl;
    struct curl_slist *hdrs = NULL;
    struct test_sink body = {0}, head = {0};
    struct test_source src = {0};
    char ct[256];

    memset(out, 0, sizeof(*out));
    curl_easy_reset(c);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, req->timeout_ms > 0 ? req->timeout_ms : 30000L);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, test_write_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, test_write_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &head);

    const char *method = req->method != NULL ? req->method : req->body != NULL ? "POST" : "GET";
    if (req->body != NULL) {
        size_t len = req->len != 0 ? req->len : strlen(req->body);
        if (req->chunked) {
            src.data = req->body;
            src.len = len;
            curl_easy_setopt(c, CURLOPT_POST, 1L);
            curl_easy_setopt(c, CURLOPT_READFUNCTION, test_read_body);
            curl_easy_setopt(c, CURLOPT_READDATA, &src);
            hdrs = curl_slist_append(hdrs, "Transfer-Encoding: chunked");
        } else {
            curl_easy_setopt(c, CURLOPT_POSTFIELDS, req->body);
            curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
        }
        /* no 1 s wait for "100 Continue" */
        hdrs = curl_slist_append(hdrs, "Expect:");
    }
    if (strcmp(method, "HEAD") == 0)
        curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    else if (strcmp(method, "GET") != 0 || req->body != NULL)
        curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    if (req->content_type != NULL) {
        snprintf(ct, sizeof(ct), "Content-Type: %s", req->content_type);
        hdrs = curl_slist_append(hdrs, ct);
    } else {
        hdrs = curl_slist_append(hdrs, "Content-Type:"); /* none, not curl's form type */
    }
    for (size_t i = 0; req->headers != NULL && req->headers[i] != NULL; i++)
        hdrs = curl_slist_append(hdrs, req->headers[i]);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdrs);

    CURLcode rc = curl_easy_perform(c);
    curl_slist_free_all(hdrs);
    if (body.data == NULL) test_sink_put(&body, "", 0);
    if (head.data == NULL) test_sink_put(&head, "", 0);
    out->body = body.data;
    out->len = body.len;
    out->headers = head.data;
    out->hlen = head.len;
    if (rc != CURLE_OK) {
        snprintf(out->error, sizeof(out->error), "%s", curl_easy_strerror(rc));
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
        return -1;
    }
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
    double t;
    if (curl_easy_getinfo(c, CURLINFO_STARTTRANSFER_TIME, &t) == CURLE_OK)
        out->first_byte_ms = t * 1000.0;
    if (curl_easy_getinfo(c, CURLINFO_TOTAL_TIME, &t) == CURLE_OK) out->total_ms = t * 1000.0;
    return 0;
}

int test_http_request(const char *url, const test_http_req *req, test_http_resp *out)
{
    test_http *h = test_http_new();
    if (h == NULL) {
        memset(out, 0, sizeof(*out));
        snprintf(out->error, sizeof(out->error), "out of memory");
        return -1;
    }
    int rc = test_http_do(h, url, req, out);
    test_http_free(h);
    return rc;
}

int test_http_get(const char *url, test_http_resp *out)
{
    test_http_req req = {0};
    return test_http_request(url, &req, out);
}

int test_http_wait_for(const char *url, const char *text, long timeout_ms, test_http_resp *out)
{
    struct timespec pause = {0, 20 * 1000000L};
    for (long waited = 0;; waited += 20) {
        if (test_http_get(url, out) == 0 && out->body != NULL && strstr(out->body, text) != NULL)
            return 0;
        if (waited >= timeout_ms) return -1;
        test_http_resp_free(out);
        nanosleep(&pause, NULL);
    }
}

long long test_http_metric(const char *body, const char *series)
{
    const char *at = body != NULL ? strstr(body, series) : NULL;
    return at != NULL ? strtoll(at + strlen(series), NULL, 10) : -1;
}

int test_http_post_json(const char *url, const char *json, test_http_resp *out)
{
    test_http_req req = {.content_type = "application/json", .body = json};
    return test_http_request(url, &req, out);
}

void test_http_resp_free(test_http_resp *r)
{
    free(r->body);
    free(r->headers);
    r->body = r->headers = NULL;
}

const char *test_http_header(const test_http_resp *r, const char *name, char *buf, size_t cap)
{
    size_t n = strlen(name);
    for (const char *line = r->headers; line != NULL && *line != '\0';) {
        const char *eol = strchr(line, '\n');
        size_t len = eol != NULL ? (size_t)(eol - line) : strlen(line);
        if (len > n && line[n] == ':' && strncasecmp(line, name, n) == 0) {
            const char *v = line + n + 1;
            while (*v == ' ') v++;
            size_t vlen = (size_t)(line + len - v);
            while (vlen > 0 && (v[vlen - 1] == '\r' || v[vlen - 1] == ' ')) vlen--;
            snprintf(buf, cap, "%.*s", (int)vlen, v);
            return buf;
        }
        line = eol != NULL ? eol + 1 : line + len;
    }
    return NULL;
}

cJSON *test_http_json(const test_http_resp *r)
{
    return r->body != NULL ? cJSON_ParseWithLength(r->body, r->len) : NULL;
}

void test_http_url(char *out, size_t cap, const char *base, const char *path)
{
    snprintf(out, cap, "%s%s", base, path);
}
