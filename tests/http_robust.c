/* http_robust.c -- sudokud against hostile and unlucky clients, over real loopback sockets.
 *
 * Each test starts its own sudokud (tests/support/server.h) with the limits
 * it needs made small, so the limits are reached quickly: a 4 KiB body
 * limit, a 2 s connection timeout, one worker and a two-slot queue. What is
 * checked is what a client on the internet can observe:
 *   - malformed bodies of every kind get a 4xx problem+json, never a 500 or
 *     a dropped connection;
 *   - a body announced over the limit is refused before it is sent; a
 *     chunked one is cut off; oversized headers get 431 or a close;
 *   - slow clients (idle, or trickling headers or bodies a byte at a time)
 *     are closed after the connection timeout while /healthz stays fast;
 *   - overload is shed at once with 503 + Retry-After, accepted work is
 *     answered correctly and the queue gauge never passes its bound;
 *   - pathological puzzles come back within their time budget;
 *   - SIGTERM under load answers everything in flight and exits 0.
 * Every test ends with the server healthy and a clean exit 0, which under
 * ASan also means LeakSanitizer found nothing.
 *
 * libcurl is used where a polite client is enough; tests/support/robust_net.c
 * gives raw sockets where the test must misbehave or time the server.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/robust_net.h"
#include "tests/support/server.h"

/* A solve that runs until its timeout_ms (no solution, found only by search). */
#define ROBUST_HARD_PUZZLE "tests/data/http/unsolvable25.txt"

/* top95 #1 and its unique solution. */
static const char robust_p9[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
static const char robust_s9[] =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

static const char *json_str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static char *robust_strdupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *robust_strdupf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    cr_assert(n >= 0 && s != NULL, "out of memory");
    return s;
}

/* The hard puzzle as a solve body with the given timeout. */
static char *robust_hard_body(int timeout_ms)
{
    char *hard = test_read_file(ROBUST_HARD_PUZZLE, NULL);
    hard[strcspn(hard, "\r\n")] = '\0';
    char *body = robust_strdupf("{\"timeout_ms\":%d,\"puzzle\":\"%s\"}", timeout_ms, hard);
    free(hard);
    return body;
}

/* GET /healthz answers 200 {"status":"ok"} within a second. */
static void robust_expect_healthy(const test_server *s, const char *when)
{
    test_http_resp r;
    char url[128];
    test_http_url(url, sizeof(url), s->url, "/healthz");
    test_http_req req = {.timeout_ms = 1000};
    cr_assert_eq(test_http_request(url, &req, &r), 0, "%s: /healthz failed: %s", when, r.error);
    cr_expect_eq(r.status, 200, "%s: /healthz status %ld", when, r.status);
    cr_expect(strstr(r.body, "\"ok\"") != NULL, "%s: /healthz body %s", when, r.body);
    test_http_resp_free(&r);
}

/* A 4xx problem+json: content type, URN type (slug when given) and status field. */
static void robust_expect_problem(long status, const char *content_type, const char *body,
                                  const char *slug, const char *what)
{
    cr_expect(status == 400 || status == 413 || status == 415 || status == 422,
              "%s: status %ld (want 400/413/415/422), body %.200s", what, status, body);
    cr_expect(content_type != NULL && strncmp(content_type, "application/problem+json", 24) == 0,
              "%s: content type %s", what, content_type != NULL ? content_type : "(none)");
    cJSON *j = cJSON_Parse(body);
    cr_expect_not_null(j, "%s: body is not JSON: %.200s", what, body);
    if (j == NULL) return;
    const char *type = json_str(j, "type");
    cr_expect(strncmp(type, "urn:sudokud:problem:", 20) == 0, "%s: type '%s'", what, type);
    if (slug != NULL)
        cr_expect_str_eq(type + (strlen(type) >= 20 ? 20 : 0), slug, "%s: type %s, want %s", what,
                         type, slug);
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(j, "status");
    cr_expect(cJSON_IsNumber(st) && st->valuedouble == (double)status,
              "%s: status field does not match %ld", what, status);
    cJSON_Delete(j);
}

/* ---- malformed bodies ------------------------------------------------------------------ */

struct robust_case {
    const char *what;
    const char *path;
    const char *content_type; /* NULL: no Content-Type header */
    char *body;               /* owned */
    size_t len;
    const char *slug; /* expected problem slug, NULL for "any 4xx problem" */
};

#define ROBUST_MAX_CASES 96

struct robust_cases {
    struct robust_case c[ROBUST_MAX_CASES];
    size_t n;
};

/* Adds one case; len 0 takes strlen(body) (the empty body is robust_add's ""). */
static void robust_add_bytes(struct robust_cases *cs, const char *what, const char *path,
                             const char *ct, const char *body, size_t len, const char *slug)
{
    cr_assert_lt(cs->n, ROBUST_MAX_CASES);
    if (len == 0) len = strlen(body);
    char *copy = malloc(len + 1);
    cr_assert_not_null(copy);
    memcpy(copy, body, len);
    copy[len] = '\0';
    cs->c[cs->n++] = (struct robust_case){what, path, ct, copy, len, slug};
}

static void robust_add(struct robust_cases *cs, const char *what, const char *slug,
                       const char *body)
{
    robust_add_bytes(cs, what, "/v1/solve", "application/json", body, strlen(body), slug);
}

/* Adds a solve body built from printf, owning the text. */
static void robust_addf(struct robust_cases *cs, const char *what, const char *slug,
                        const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void robust_addf(struct robust_cases *cs, const char *what, const char *slug,
                        const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, fmt);
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    cr_assert(n >= 0);
    robust_add(cs, what, slug, s);
    free(s);
}

static void robust_build_cases(struct robust_cases *cs)
{
    const char *P = robust_p9;
    static const char nul_outside[] = "{\"puzzle\":\"1...2.3..1.4....\"}\0";
    static const char nul_inside[] = "{\"puzzle\":\"1...2.3.\0.1.4....\"}";
    static const char bad_utf8[] = "{\"puzzle\":\"1...2.3..1.4....\",\"\xff\xfe\":1}";
    static const char overlong[] = "{\"puzzle\":\"\xc0\xae...2.3..1.4....\"}";

    /* syntax */
    robust_add(cs, "empty body", "malformed-json", "");
    robust_add(cs, "truncated JSON", "malformed-json", "{\"puzzle\":\"4.....8.5.3...");
    robust_add(cs, "truncated after key", "malformed-json", "{\"puzzle\":");
    robust_addf(cs, "trailing garbage", "malformed-json", "{\"puzzle\":\"%s\"} xyz", P);
    robust_addf(cs, "two documents", "malformed-json", "{\"puzzle\":\"%s\"}{}", P);
    robust_add_bytes(cs, "NUL after the document", "/v1/solve", "application/json", nul_outside,
                     sizeof(nul_outside) - 1, "malformed-json");
    robust_add_bytes(cs, "NUL inside a string", "/v1/solve", "application/json", nul_inside,
                     sizeof(nul_inside) - 1, "malformed-json");
    robust_add(cs, "escaped NUL", "malformed-json", "{\"puzzle\":\"\\u0000\"}");
    robust_add_bytes(cs, "invalid UTF-8", "/v1/solve", "application/json", bad_utf8,
                     sizeof(bad_utf8) - 1, "malformed-json");
    robust_add_bytes(cs, "overlong UTF-8", "/v1/solve", "application/json", overlong,
                     sizeof(overlong) - 1, "malformed-json");
    robust_add(cs, "lone surrogate", "malformed-json", "{\"puzzle\":\"\\udc00\"}");
    robust_add(cs, "single quotes", "malformed-json", "{'puzzle':'1...'}");
    robust_add(cs, "comment", "malformed-json", "{/* x */\"puzzle\":\"1\"}");
    robust_add(cs, "NaN", "malformed-json", "{\"puzzle\":\"1\",\"max_solutions\":NaN}");

    /* 100,000-deep nesting, arrays and objects */
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 1);
    cr_assert_not_null(deep);
    memset(deep, '[', depth);
    memset(deep + depth, ']', depth);
    robust_add_bytes(cs, "100000-deep arrays", "/v1/solve", "application/json", deep, 2 * depth,
                     "malformed-json");
    free(deep);
    size_t unit = strlen("{\"a\":"), odepth = 20000;
    char *od = malloc(odepth * (unit + 1) + 2);
    cr_assert_not_null(od);
    for (size_t i = 0; i < odepth; i++) memcpy(od + i * unit, "{\"a\":", unit);
    od[odepth * unit] = '1';
    memset(od + odepth * unit + 1, '}', odepth);
    robust_add_bytes(cs, "20000-deep objects", "/v1/solve", "application/json", od,
                     odepth * (unit + 1) + 1, "malformed-json");
    free(od);

    /* numbers */
    robust_addf(cs, "64-digit number", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":"
                "1234567890123456789012345678901234567890123456789012345678901234}",
                P);
    robust_addf(cs, "64-digit cell", NULL,
                "{\"puzzle\":[1234567890123456789012345678901234567890123456789012345678901234,"
                "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}");
    robust_addf(cs, "1e300", "invalid-request", "{\"puzzle\":\"%s\",\"max_solutions\":1e300}", P);
    robust_addf(cs, "fraction option", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":1.5}", P);

    /* keys */
    robust_addf(cs, "duplicate puzzle", "invalid-request", "{\"puzzle\":\"%s\",\"puzzle\":\"%s\"}",
                P, P);
    robust_addf(cs, "duplicate option", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":1,\"max_solutions\":2}", P);
    robust_addf(cs, "duplicate box key", "invalid-request",
                "{\"puzzle\":\"%s\",\"box\":{\"rows\":3,\"rows\":3,\"cols\":3}}", P);
    robust_addf(cs, "unknown key", "invalid-request", "{\"puzzle\":\"%s\",\"max_solution\":1}", P);
    robust_add(cs, "missing puzzle", "invalid-request", "{\"max_solutions\":1}");
    robust_add(cs, "not an object", "invalid-request", "[\"1...2.3..1.4....\"]");
    robust_add(cs, "bare string", "invalid-request", "\"1...2.3..1.4....\"");

    /* wrong types everywhere */
    robust_add(cs, "puzzle number", "invalid-puzzle", "{\"puzzle\":5}");
    robust_add(cs, "puzzle true", "invalid-puzzle", "{\"puzzle\":true}");
    robust_add(cs, "puzzle object", "invalid-puzzle", "{\"puzzle\":{}}");
    robust_add(cs, "puzzle null", "invalid-puzzle", "{\"puzzle\":null}");
    robust_add(cs, "cell string", "invalid-puzzle",
               "{\"puzzle\":[\"1\",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}");
    robust_add(cs, "cell bool", "invalid-puzzle",
               "{\"puzzle\":[true,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}");
    robust_add(cs, "row not an array", "invalid-puzzle",
               "{\"puzzle\":[[1,0,0,0],5,[0,0,0,0],[0,0,0,0]]}");
    robust_addf(cs, "box array", "invalid-request", "{\"puzzle\":\"%s\",\"box\":[3,3]}", P);
    robust_addf(cs, "box rows string", "invalid-request",
                "{\"puzzle\":\"%s\",\"box\":{\"rows\":\"3\",\"cols\":3}}", P);
    robust_addf(cs, "diagonal number", "invalid-request", "{\"puzzle\":\"%s\",\"diagonal\":1}", P);
    robust_addf(cs, "max_solutions string", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":\"2\"}", P);
    robust_addf(cs, "return_solutions array", "invalid-request",
                "{\"puzzle\":\"%s\",\"return_solutions\":[]}", P);
    robust_addf(cs, "timeout_ms object", "invalid-request", "{\"puzzle\":\"%s\",\"timeout_ms\":{}}",
                P);
    robust_addf(cs, "regions number", "invalid-request", "{\"puzzle\":\"%s\",\"regions\":5}", P);

    /* grids of the wrong size, symbols out of range */
    robust_addf(cs, "80 cells", "invalid-puzzle", "{\"puzzle\":\"%.80s\"}", P);
    robust_addf(cs, "82 cells", "invalid-puzzle", "{\"puzzle\":\"%s1\"}", P);
    robust_add(cs, "49 cells (prime 7)", "unsupported-shape",
               "{\"puzzle\":\"................................................."
               "\"}");
    robust_add(cs, "empty string", "invalid-puzzle", "{\"puzzle\":\"\"}");
    robust_add(cs, "empty array", "invalid-puzzle", "{\"puzzle\":[]}");
    robust_add(cs, "ragged rows", "invalid-puzzle",
               "{\"puzzle\":[[1,0,0,0],[0,0,3],[0,1,0,4],[0,0,0,0]]}");
    robust_add(cs, "long row", "invalid-puzzle",
               "{\"puzzle\":[[1,0,0,0,0],[0,0,3,0],[0,1,0,4],[0,0,0,0]]}");
    robust_add(cs, "symbol 5 in 4x4", "invalid-puzzle", "{\"puzzle\":\"5...2.3..1.4....\"}");
    robust_add(cs, "bad symbol", "invalid-puzzle", "{\"puzzle\":\"x...2.3..1.4....\"}");
    robust_add(
        cs, "cell 10 in 9x9", NULL,
        "{\"puzzle\":[10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
        "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
        "0,0,0,0,0,0]}");
    robust_add(cs, "cell -1", "invalid-puzzle", "{\"puzzle\":[-1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}");
    robust_add(cs, "cell 1.5", "invalid-puzzle",
               "{\"puzzle\":[1.5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}");
    /* 65x65 of zeros: one row more than the largest grid */
    {
        size_t n = 65, len = 0;
        char *b = malloc(n * (2 * n + 3) + 32);
        cr_assert_not_null(b);
        len += (size_t)sprintf(b, "{\"puzzle\":[");
        for (size_t r = 0; r < n; r++) {
            b[len++] = '[';
            for (size_t c = 0; c < n; c++) {
                b[len++] = '0';
                b[len++] = c + 1 < n ? ',' : ']';
            }
            b[len++] = r + 1 < n ? ',' : ']';
        }
        b[len++] = '}';
        robust_add_bytes(cs, "65x65 grid", "/v1/solve", "application/json", b, len,
                         "unsupported-shape");
        free(b);
    }
    robust_add(cs, "conflicting givens", "conflicting-givens", "{\"puzzle\":\"11..............\"}");

    /* negative and huge option values */
    robust_addf(cs, "max_solutions 0", "invalid-request", "{\"puzzle\":\"%s\",\"max_solutions\":0}",
                P);
    robust_addf(cs, "max_solutions -1", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":-1}", P);
    robust_addf(cs, "max_solutions 1000001", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":1000001}", P);
    robust_addf(cs, "max_solutions 2^64", "invalid-request",
                "{\"puzzle\":\"%s\",\"max_solutions\":18446744073709551616}", P);
    robust_addf(cs, "return_solutions 101", "invalid-request",
                "{\"puzzle\":\"%s\",\"return_solutions\":101}", P);
    robust_addf(cs, "return_solutions -5", "invalid-request",
                "{\"puzzle\":\"%s\",\"return_solutions\":-5}", P);
    robust_addf(cs, "timeout_ms 0", "invalid-request", "{\"puzzle\":\"%s\",\"timeout_ms\":0}", P);
    robust_addf(cs, "timeout_ms over the max", "invalid-request",
                "{\"puzzle\":\"%s\",\"timeout_ms\":99999999}", P);
    robust_addf(cs, "timeout_ms -1", "invalid-request", "{\"puzzle\":\"%s\",\"timeout_ms\":-1}", P);
    robust_addf(cs, "box rows -3", "invalid-request",
                "{\"puzzle\":\"%s\",\"box\":{\"rows\":-3,\"cols\":-3}}", P);
    robust_addf(cs, "box rows 1000", "invalid-request",
                "{\"puzzle\":\"%s\",\"box\":{\"rows\":1000,\"cols\":3}}", P);
    robust_addf(cs, "box 2x5 for 9x9", "unsupported-shape",
                "{\"puzzle\":\"%s\",\"box\":{\"rows\":2,\"cols\":5}}", P);
    robust_addf(cs, "regions too short", "unsupported-shape",
                "{\"puzzle\":\"%s\",\"regions\":\"AAABBB\"}", P);
    robust_add(cs, "region id 99", "unsupported-shape",
               "{\"puzzle\":\"1...2.3..1.4....\",\"regions\":[99,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3]}");

    /* media types */
    robust_add_bytes(cs, "text/plain solve", "/v1/solve", "text/plain", "{}", 0,
                     "unsupported-media-type");
    robust_add_bytes(cs, "no Content-Type", "/v1/solve", NULL, "{}", 0, "unsupported-media-type");
    robust_add_bytes(cs, "form encoded", "/v1/solve", "application/x-www-form-urlencoded",
                     "puzzle=1", 0, "unsupported-media-type");
    robust_add_bytes(cs, "xml batch", "/v1/solve/batch", "application/xml", "<a/>", 0,
                     "unsupported-media-type");

    /* validate and batch endpoints */
    robust_add_bytes(cs, "validate unknown check", "/v1/validate", "application/json",
                     "{\"puzzle\":\"1...2.3..1.4....\",\"check\":[\"fast\"]}", 0,
                     "invalid-request");
    robust_add_bytes(cs, "validate check string", "/v1/validate", "application/json",
                     "{\"puzzle\":\"1...2.3..1.4....\",\"check\":\"unique\"}", 0,
                     "invalid-request");
    robust_add_bytes(cs, "validate solve option", "/v1/validate", "application/json",
                     "{\"puzzle\":\"1...2.3..1.4....\",\"max_solutions\":2}", 0, "invalid-request");
    robust_add_bytes(cs, "batch puzzles string", "/v1/solve/batch", "application/json",
                     "{\"puzzles\":\"1...2.3..1.4....\"}", 0, "invalid-request");
    robust_add_bytes(cs, "batch truncated", "/v1/solve/batch", "application/json",
                     "{\"puzzles\":[\"1...", 0, "malformed-json");
    robust_add_bytes(cs, "batch over max items", "/v1/solve/batch", "application/json",
                     "{\"puzzles\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\"]}", 0, "batch-too-large");
    robust_add_bytes(cs, "text batch over max items", "/v1/solve/batch", "text/plain",
                     "1\n2\n3\n4\n5\n6\n", 0, "batch-too-large");
}

Test(robust, malformed_bodies_get_4xx_problems, .timeout = 90)
{
    static struct robust_cases cs;
    test_server s;
    test_server_start(&s, (const char *const[]){"--max-batch-items", "5", NULL});
    robust_build_cases(&cs);

    test_http *h = test_http_new();
    cr_assert_not_null(h);
    for (size_t i = 0; i < cs.n; i++) {
        const struct robust_case *c = &cs.c[i];
        char url[256], ct[128];
        test_http_url(url, sizeof(url), s.url, c->path);
        test_http_req req = {.method = "POST",
                             .content_type = c->content_type,
                             .body = c->body,
                             .len = c->len,
                             .timeout_ms = 10000};
        test_http_resp r;
        int rc = test_http_do(h, url, &req, &r);
        cr_expect_eq(rc, 0, "%s: no answer: %s", c->what, r.error);
        if (rc == 0)
            robust_expect_problem(r.status, test_http_header(&r, "Content-Type", ct, sizeof(ct)),
                                  r.body, c->slug, c->what);
        test_http_resp_free(&r);
        free(cs.c[i].body);
    }
    test_http_free(h);
    robust_expect_healthy(&s, "after malformed bodies");
    test_server_stop(&s);
}

/* ---- body and header limits ------------------------------------------------------------ */

/* Sends headers announcing `announced` body bytes and only `sent` of them, then
 * expects a 413 body-too-large before sending anything more. `mhd_body`: the
 * 413 comes from libmicrohttpd itself (a Content-Length it cannot parse as a
 * 64-bit number), so its body is MHD's HTML page, not our problem+json. */
static void robust_expect_early_413(int port, const char *path, const char *announced,
                                    const char *extra_headers, size_t sent, bool mhd_body)
{
    char head[512], what[256];
    snprintf(what, sizeof(what), "%s with Content-Length %s%s", path, announced,
             extra_headers[0] != '\0' ? " and Expect: 100-continue" : "");
    snprintf(head, sizeof(head),
             "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "Content-Length: %s\r\n%s\r\n",
             path, announced, extra_headers);
    int fd = rn_connect(port);
    cr_assert_geq(fd, 0, "connect");
    cr_assert_eq(rn_send_str(fd, head, 2000), 0, "%s: sending headers", what);
    char *part = malloc(sent + 1);
    cr_assert_not_null(part);
    memset(part, '[', sent);
    /* the server may already have answered and closed: a failed send is fine */
    (void)rn_send_all(fd, part, sent, 2000);
    free(part);

    rn_response r;
    int rc = rn_read_response(fd, 3000, &r);
    cr_expect_eq(rc, 0, "%s: no response before the body was sent (%lld ms)", what, r.ms);
    if (rc == 0 && !mhd_body) {
        char ct[128];
        robust_expect_problem(r.status, rn_header(&r, "Content-Type", ct, sizeof(ct)), r.body,
                              "body-too-large", what);
    }
    cr_expect_eq(r.status, 413, "%s: status %d", what, r.status);
    rn_response_free(&r);
    close(fd);
}

Test(robust, announced_oversized_bodies_are_refused_before_they_are_sent, .timeout = 60)
{
    test_server s;
    test_server_start(
        &s, (const char *const[]){"--max-body", "4096", "--max-batch-body", "8192", NULL});
    robust_expect_early_413(s.port, "/v1/solve", "4097", "", 100, false);
    robust_expect_early_413(s.port, "/v1/validate", "1000000", "", 1000, false);
    robust_expect_early_413(s.port, "/v1/solve/batch", "8193", "", 0, false);
    robust_expect_early_413(s.port, "/v1/solve", "1000000", "Expect: 100-continue\r\n", 0, false);
    robust_expect_early_413(s.port, "/v1/solve", "99999999999999999999999999", "", 10, true);
    robust_expect_healthy(&s, "after oversized bodies");
    test_server_stop(&s);
}

/* Sends `total` bytes of chunked body in 4000-byte chunks; returns the bytes
 * the server took before a send failed (total when all went). */
static size_t robust_send_chunks(int fd, size_t total, bool finish)
{
    static char chunk[4000 + 16];
    size_t sent = 0;
    memcpy(chunk, "fa0\r\n", 5); /* 0xfa0 = 4000 */
    memset(chunk + 5, ' ', 4000);
    memcpy(chunk + 4005, "\r\n", 2);
    while (sent < total) {
        if (rn_send_all(fd, chunk, 4007, 2000) != 0) return sent;
        sent += 4000;
    }
    if (finish && rn_send_str(fd, "0\r\n\r\n", 2000) != 0) return sent;
    return sent;
}

Test(robust, chunked_bodies_over_the_limit_are_cut_off, .timeout = 60)
{
    static const char head[] =
        "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    test_server s;
    test_server_start(&s, (const char *const[]){"--max-body", "4096", NULL});

    /* a modest overflow, then the end of the body: 413, body not buffered */
    int fd = rn_connect(s.port);
    cr_assert_geq(fd, 0);
    cr_assert_eq(rn_send_str(fd, head, 2000), 0);
    robust_send_chunks(fd, 12000, true);
    rn_response r;
    int rc = rn_read_response(fd, 5000, &r);
    cr_expect_eq(rc, 0, "no answer to an over-limit chunked body");
    if (rc == 0) {
        char ct[128];
        robust_expect_problem(r.status, rn_header(&r, "Content-Type", ct, sizeof(ct)), r.body,
                              "body-too-large", "chunked 12000 bytes");
    }
    rn_response_free(&r);
    close(fd);

    /* an endless body: the server must stop reading (413 or close) long
     * before 32 MiB, whatever its discard allowance */
    const size_t endless = 32u << 20;
    fd = rn_connect(s.port);
    cr_assert_geq(fd, 0);
    cr_assert_eq(rn_send_str(fd, head, 2000), 0);
    size_t taken = robust_send_chunks(fd, endless, false);
    cr_expect_lt(taken, endless, "the server read a 32 MiB chunked body over a 4 KiB limit");
    rc = rn_read_response(fd, 3000, &r);
    cr_expect(rc == 0 ? r.status == 413 : r.eof, "endless chunked body: status %d, eof %d",
              r.status, r.eof);
    rn_response_free(&r);
    close(fd);

    robust_expect_healthy(&s, "after chunked bodies");
    test_server_stop(&s);
}

/* Sends a raw request and expects status `want` (or `alt`, 0 for none), or a
 * close without an answer. These answers come from libmicrohttpd itself,
 * before any request reaches the API, so their bodies are MHD's own. */
static void robust_expect_refused_head(int port, const char *request, size_t len, int want, int alt,
                                       const char *what)
{
    rn_response r;
    int rc = rn_exchange(port, request, len, 5000, &r);
    if (rc == 0 || r.status != 0)
        cr_expect(r.status == want || (alt != 0 && r.status == alt),
                  "%s: status %d (want %d, or a close)", what, r.status, want);
    else
        cr_expect(r.eof, "%s: neither an answer nor a close within 5 s", what);
    rn_response_free(&r);
}

Test(robust, oversized_headers_get_431_or_a_close, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    size_t big = 128 * 1024;
    char *req = malloc(big + 256);
    cr_assert_not_null(req);

    /* one 128 KiB header line */
    size_t n = (size_t)sprintf(req, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ");
    memset(req + n, 'a', big);
    n += big;
    n += (size_t)sprintf(req + n, "\r\n\r\n");
    robust_expect_refused_head(s.port, req, n, 431, 0, "128 KiB header");

    /* 4000 small headers */
    n = (size_t)sprintf(req, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for (int i = 0; i < 4000; i++) n += (size_t)sprintf(req + n, "X-H%d: v\r\n", i);
    n += (size_t)sprintf(req + n, "\r\n");
    robust_expect_refused_head(s.port, req, n, 431, 0, "4000 headers");

    /* a 128 KiB URI */
    n = (size_t)sprintf(req, "GET /");
    memset(req + n, 'u', big);
    n += big;
    n += (size_t)sprintf(req + n, " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    robust_expect_refused_head(s.port, req, n, 414, 431, "128 KiB URI");

    /* under the documented limits: a 12 KiB header, and 6 KiB of cookies
     * (libmicrohttpd keeps a parsed copy of them, so they count twice) */
    static const struct {
        const char *name;
        size_t kib;
    } fits[] = {{"X-Big", 12}, {"Cookie", 6}};
    for (size_t i = 0; i < sizeof(fits) / sizeof(fits[0]); i++) {
        n = (size_t)sprintf(req,
                            "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n%s: c=", fits[i].name);
        memset(req + n, 'c', fits[i].kib * 1024);
        n += fits[i].kib * 1024;
        n += (size_t)sprintf(req + n, "\r\nConnection: close\r\n\r\n");
        rn_response r;
        cr_expect_eq(rn_exchange(s.port, req, n, 5000, &r), 0);
        cr_expect_eq(r.status, 200, "%zu KiB %s header: status %d", fits[i].kib, fits[i].name,
                     r.status);
        rn_response_free(&r);
    }

    free(req);
    robust_expect_healthy(&s, "after oversized headers");
    test_server_stop(&s);
}

/* ---- slow clients ---------------------------------------------------------------------- */

enum { ROBUST_IDLE = 0, ROBUST_HEAD_TRICKLE, ROBUST_BODY_TRICKLE, ROBUST_KINDS };

Test(robust, slow_clients_are_closed_after_the_connection_timeout, .timeout = 90)
{
    enum { PER_KIND = 16, N = PER_KIND * ROBUST_KINDS };
    static const char *const kind_name[] = {"idle", "header trickle", "body trickle"};
    const int timeout_s = 2;
    /* a byte every 500 ms never leaves a connection idle for the timeout */
    const long trickle_ms = 500;
    /* closed within 3 timeouts counts as "after the connection timeout" */
    const long long give_up_ms = 3LL * timeout_s * 1000 + 2000;
    int fd[N];
    long long closed_at[N];
    size_t sent[N];

    test_server s;
    test_server_start(&s, (const char *const[]){"--connection-timeout", "2", NULL});
    long long t0 = rn_now_ms();
    for (int i = 0; i < N; i++) {
        fd[i] = rn_connect(s.port);
        cr_assert_geq(fd[i], 0, "connect %d", i);
        closed_at[i] = -1;
        sent[i] = 0;
        if (i / PER_KIND == ROBUST_HEAD_TRICKLE)
            cr_assert_eq(
                rn_send_str(fd[i], "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", 1000),
                0);
        else if (i / PER_KIND == ROBUST_BODY_TRICKLE)
            cr_assert_eq(rn_send_str(fd[i],
                                     "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                     "Content-Type: application/json\r\nContent-Length: 100000\r\n"
                                     "\r\n",
                                     1000),
                         0);
    }

    char url[128];
    test_http_url(url, sizeof(url), s.url, "/healthz");
    long long worst_health = 0, next_trickle = t0;
    int open = N;
    while (open > 0 && rn_now_ms() - t0 < give_up_ms) {
        bool trickle = rn_now_ms() >= next_trickle;
        if (trickle) next_trickle += trickle_ms;
        for (int i = 0; i < N; i++) {
            if (closed_at[i] >= 0) continue;
            bool gone = rn_peer_closed(fd[i]);
            if (!gone && trickle && i / PER_KIND != ROBUST_IDLE) {
                gone = rn_send_all(fd[i], i / PER_KIND == ROBUST_BODY_TRICKLE ? "[" : "a", 1,
                                   100) != 0;
                sent[i]++;
            }
            if (gone) {
                closed_at[i] = rn_now_ms() - t0;
                open--;
            }
        }
        /* the server keeps serving everyone else, promptly */
        test_http_req req = {.timeout_ms = 1000};
        test_http_resp r;
        long long h0 = rn_now_ms();
        int rc = test_http_request(url, &req, &r);
        long long hms = rn_now_ms() - h0;
        cr_expect(rc == 0 && r.status == 200, "/healthz failed during slow clients: %s",
                  rc == 0 ? r.body : r.error);
        test_http_resp_free(&r);
        if (hms > worst_health) worst_health = hms;
        rn_sleep_ms(100);
    }
    cr_expect_lt(worst_health, 1000, "/healthz took %lld ms with slow clients open", worst_health);
    for (int k = 0; k < ROBUST_KINDS; k++) {
        int still_open = 0;
        long long first = -1;
        for (int i = k * PER_KIND; i < (k + 1) * PER_KIND; i++) {
            if (closed_at[i] < 0)
                still_open++;
            else if (first < 0 || closed_at[i] < first)
                first = closed_at[i];
        }
        cr_expect_eq(still_open, 0,
                     "%s: %d of %d connections still open after %lld ms (timeout %d s, %zu bytes "
                     "trickled each)",
                     kind_name[k], still_open, PER_KIND, give_up_ms, timeout_s, sent[k * PER_KIND]);
        if (first >= 0)
            cr_expect_geq(first, timeout_s * 1000 - 500, "%s: closed after only %lld ms",
                          kind_name[k], first);
    }
    for (int i = 0; i < N; i++) close(fd[i]);
    robust_expect_healthy(&s, "after slow clients");
    test_server_stop(&s);
}

/* ---- overload -------------------------------------------------------------------------- */

struct robust_shot {
    int port;
    const char *body;
    pthread_barrier_t *start;
    rn_response r;
    int rc;
};

/* One POST /v1/solve on its own connection, all shots released together. */
static void *robust_shoot(void *arg)
{
    struct robust_shot *sh = arg;
    char *req = robust_strdupf("POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               "Content-Type: application/json\r\nContent-Length: %zu\r\n"
                               "Connection: close\r\n\r\n%s",
                               strlen(sh->body), sh->body);
    if (sh->start != NULL) pthread_barrier_wait(sh->start);
    sh->rc = rn_exchange(sh->port, req, strlen(req), 20000, &sh->r);
    free(req);
    return NULL;
}

struct robust_gauge {
    const char *url;
    atomic_bool stop;
    long long max_depth;
    int samples;
    int failures;
};

/* Samples sudokud_queue_depth from /metrics until told to stop. */
static void *robust_watch_queue(void *arg)
{
    struct robust_gauge *g = arg;
    test_http *h = test_http_new();
    while (!atomic_load(&g->stop)) {
        test_http_resp r;
        test_http_req req = {.timeout_ms = 2000};
        if (test_http_do(h, g->url, &req, &r) == 0 && r.status == 200) {
            long long v = test_http_metric(r.body, "\nsudokud_queue_depth ");
            if (v >= 0) {
                if (v > g->max_depth) g->max_depth = v;
                g->samples++;
            }
        } else {
            g->failures++;
        }
        test_http_resp_free(&r);
        rn_sleep_ms(20);
    }
    test_http_free(h);
    return NULL;
}

Test(robust, overload_is_shed_with_503_and_the_queue_stays_bounded, .timeout = 90)
{
    enum { SHOTS = 12, QUEUE = 2 };
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", "--queue-depth", "2", NULL});
    char *body = robust_hard_body(1500);
    char murl[128];
    test_http_url(murl, sizeof(murl), s.url, "/metrics");
    struct robust_gauge g = {.url = murl};
    atomic_init(&g.stop, false);
    pthread_t watcher, t[SHOTS];
    pthread_barrier_t start;
    struct robust_shot shots[SHOTS];

    cr_assert_eq(pthread_create(&watcher, NULL, robust_watch_queue, &g), 0);
    pthread_barrier_init(&start, NULL, SHOTS);
    for (int i = 0; i < SHOTS; i++) {
        shots[i] = (struct robust_shot){.port = s.port, .body = body, .start = &start};
        cr_assert_eq(pthread_create(&t[i], NULL, robust_shoot, &shots[i]), 0);
    }
    int busy = 0, done = 0;
    long long slowest_busy = 0, fastest_done = -1;
    for (int i = 0; i < SHOTS; i++) {
        pthread_join(t[i], NULL);
        struct robust_shot *sh = &shots[i];
        cr_expect_eq(sh->rc, 0, "request %d got no complete answer (status %d)", i, sh->r.status);
        cJSON *j = cJSON_Parse(sh->r.body);
        if (sh->r.status == 503) {
            char v[32], ct[128];
            busy++;
            cr_expect_str_eq(json_str(j, "type"), "urn:sudokud:problem:queue-full");
            cr_expect(rn_header(&sh->r, "Content-Type", ct, sizeof(ct)) != NULL &&
                      strncmp(ct, "application/problem+json", 24) == 0);
            const char *ra = rn_header(&sh->r, "Retry-After", v, sizeof(v));
            cr_expect(ra != NULL && strcmp(ra, "1") == 0, "503 without Retry-After: 1");
            if (sh->r.ms > slowest_busy) slowest_busy = sh->r.ms;
        } else if (sh->rc == 0) {
            cr_expect_eq(sh->r.status, 200, "accepted request answered %d: %.200s", sh->r.status,
                         sh->r.body);
            /* the puzzle has no solution: only a search to the deadline is correct */
            const char *st = json_str(j, "status");
            cr_expect(strcmp(st, "limit") == 0 || strcmp(st, "no_solution") == 0,
                      "accepted request: status '%s'", st);
            if (strcmp(st, "limit") == 0) cr_expect_str_eq(json_str(j, "limit_reason"), "deadline");
            cr_expect(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(j, "solution")));
            done++;
            if (fastest_done < 0 || sh->r.ms < fastest_done) fastest_done = sh->r.ms;
        }
        cJSON_Delete(j);
        rn_response_free(&sh->r);
    }
    atomic_store(&g.stop, true);
    pthread_join(watcher, NULL);
    pthread_barrier_destroy(&start);

    cr_expect_geq(busy, SHOTS - 1 - QUEUE - 2, "only %d of %d shed with 1 worker + %d slots", busy,
                  SHOTS, QUEUE);
    cr_expect_geq(done, 1, "no request was accepted");
    cr_expect_lt(slowest_busy, 1000, "a 503 took %lld ms: it must not wait for a worker",
                 slowest_busy);
    cr_expect_gt(g.samples, 0, "no /metrics sample");
    cr_expect_eq(g.failures, 0, "/metrics failed %d times under overload", g.failures);
    cr_expect_leq(g.max_depth, QUEUE, "sudokud_queue_depth reached %lld over a bound of %d",
                  g.max_depth, QUEUE);
    free(body);
    robust_expect_healthy(&s, "after overload");
    test_server_stop(&s);
}

/* ---- pathological puzzles -------------------------------------------------------------- */

/* A 9x9 one given away from top95 #1: a blank set to a value that breaks no
 * rule of the givens but is not in the unique solution, so there is no
 * solution and only search can tell. */
static void robust_near_contradiction(char out[82])
{
    memcpy(out, robust_p9, 82);
    for (int cell = 0; cell < 81; cell++) {
        if (out[cell] != '.') continue;
        int r = cell / 9, c = cell % 9;
        for (char v = '1'; v <= '9'; v++) {
            if (v == robust_s9[cell]) continue;
            bool clash = false;
            for (int k = 0; k < 81 && !clash; k++) {
                int kr = k / 9, kc = k % 9;
                bool peer = kr == r || kc == c || (kr / 3 == r / 3 && kc / 3 == c / 3);
                clash = peer && out[k] == v;
            }
            if (!clash) {
                out[cell] = v;
                return;
            }
        }
    }
    cr_assert_fail("no near-contradiction found");
}

static char *robust_empty_flat(int n, const char *opts)
{
    size_t cells = (size_t)n * (size_t)n;
    char *b = malloc(cells * 2 + 64 + strlen(opts));
    cr_assert_not_null(b);
    size_t len = (size_t)sprintf(b, "{%s\"puzzle\":[", opts);
    for (size_t i = 0; i < cells; i++) {
        b[len++] = '0';
        b[len++] = i + 1 < cells ? ',' : ']';
    }
    b[len++] = '}';
    b[len] = '\0';
    return b;
}

Test(robust, pathological_puzzles_are_answered_within_their_budget, .timeout = 90)
{
    enum { BUDGET_MS = 1000, SLACK_MS = 1500 };
    char near[82];
    robust_near_contradiction(near);
    char dots[1226];
    memset(dots, '.', sizeof(dots) - 1);
    dots[sizeof(dots) - 1] = '\0';
    struct {
        const char *what;
        char *body;
    } cases[] = {
        {"empty 25x25",
         robust_strdupf("{\"timeout_ms\":%d,\"puzzle\":\"%.625s\"}", BUDGET_MS, dots)},
        {"empty 35x35 counted to 1e6",
         robust_strdupf("{\"timeout_ms\":%d,\"max_solutions\":1000000,\"puzzle\":\"%s\"}",
                        BUDGET_MS, dots)},
        {"empty 64x64", robust_empty_flat(64, "\"timeout_ms\":1000,")},
        {"empty 16x16 diagonal, return 100",
         robust_strdupf("{\"timeout_ms\":%d,\"diagonal\":true,\"max_solutions\":1000000,"
                        "\"return_solutions\":100,\"puzzle\":\"%.256s\"}",
                        BUDGET_MS, dots)},
        {"9x9 near-contradiction",
         robust_strdupf("{\"timeout_ms\":%d,\"puzzle\":\"%s\"}", BUDGET_MS, near)},
        {"unsolvable 25x25", robust_hard_body(BUDGET_MS)},
    };

    test_server s;
    test_server_start(&s, NULL);
    char url[128];
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        test_http_resp r;
        long long t0 = rn_now_ms();
        int rc = test_http_post_json(url, cases[i].body, &r);
        long long ms = rn_now_ms() - t0;
        cr_expect_eq(rc, 0, "%s: %s", cases[i].what, r.error);
        cr_expect_eq(r.status, 200, "%s: status %ld %.200s", cases[i].what, r.status, r.body);
        cr_expect_lt(ms, BUDGET_MS + SLACK_MS, "%s: answered after %lld ms (budget %d ms)",
                     cases[i].what, ms, BUDGET_MS);
        cJSON *j = test_http_json(&r);
        const char *st = json_str(j, "status");
        cr_expect(strcmp(st, "solved") == 0 || strcmp(st, "multiple") == 0 ||
                      strcmp(st, "no_solution") == 0 || strcmp(st, "limit") == 0,
                  "%s: status '%s'", cases[i].what, st);
        if (strcmp(st, "limit") == 0) {
            const char *why = json_str(j, "limit_reason");
            cr_expect(strcmp(why, "deadline") == 0 || strcmp(why, "nodes") == 0,
                      "%s: limit_reason '%s'", cases[i].what, why);
        }
        if (strstr(cases[i].what, "near-contradiction") != NULL)
            cr_expect(strcmp(st, "no_solution") == 0 || strcmp(st, "limit") == 0,
                      "near-contradiction: status '%s'", st);
        cJSON_Delete(j);
        test_http_resp_free(&r);
        free(cases[i].body);
    }
    robust_expect_healthy(&s, "after pathological puzzles");
    test_server_stop(&s);

    /* a tiny node budget stops the biggest grid at once */
    test_server_start(&s, (const char *const[]){"--max-nodes", "200", NULL});
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    char *big = robust_empty_flat(64, "\"timeout_ms\":5000,\"max_solutions\":2,");
    test_http_resp r;
    long long t0 = rn_now_ms();
    cr_assert_eq(test_http_post_json(url, big, &r), 0, "%s", r.error);
    long long ms = rn_now_ms() - t0;
    cJSON *j = test_http_json(&r);
    cr_expect_eq(r.status, 200);
    cr_expect_str_eq(json_str(j, "status"), "limit");
    cr_expect_str_eq(json_str(j, "limit_reason"), "nodes");
    cr_expect_lt(ms, 4000, "200 nodes of a 64x64 took %lld ms", ms);
    cJSON_Delete(j);
    test_http_resp_free(&r);
    free(big);
    test_server_stop(&s);
}

/* ---- SIGTERM under load ---------------------------------------------------------------- */

Test(robust, sigterm_under_load_answers_in_flight_requests_and_exits_0, .timeout = 90)
{
    enum { SHOTS = 8 };
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "2", "--queue-depth", "4", NULL});
    char *body = robust_hard_body(5000);
    pthread_t t[SHOTS];
    struct robust_shot shots[SHOTS];
    for (int i = 0; i < SHOTS; i++) {
        shots[i] = (struct robust_shot){.port = s.port, .body = body};
        cr_assert_eq(pthread_create(&t[i], NULL, robust_shoot, &shots[i]), 0);
    }
    /* let every request reach the server: each is in flight or refused
     * (usually 2 running, 4 queued, 2 refused; on a loaded machine the queue
     * can fill before a worker takes the first job) */
    char murl[128];
    test_http_url(murl, sizeof(murl), s.url, "/metrics");
    long long in_flight = 0, refused = 0;
    for (long long until = rn_now_ms() + 5000; rn_now_ms() < until; rn_sleep_ms(20)) {
        test_http_resp r;
        if (test_http_get(murl, &r) == 0) {
            in_flight = test_http_metric(r.body, "\nsudokud_jobs_in_flight ");
            refused = test_http_metric(r.body,
                                       "\nsudokud_requests_total{route=\"solve\",status=\"503\"} ");
        }
        test_http_resp_free(&r);
        if (in_flight + (refused > 0 ? refused : 0) == SHOTS) break;
    }
    cr_assert_eq(in_flight + (refused > 0 ? refused : 0), SHOTS,
                 "%lld in flight and %lld refused of %d requests", in_flight, refused, SHOTS);

    long long t0 = rn_now_ms();
    int rc = test_server_stop_status(&s, 8000);
    long long stop_ms = rn_now_ms() - t0;
    cr_expect_eq(rc, 0, "sudokud exited with %d under load", rc);
    cr_expect_lt(stop_ms, 8000, "SIGTERM to exit took %lld ms", stop_ms);

    int ok = 0, busy = 0;
    for (int i = 0; i < SHOTS; i++) {
        pthread_join(t[i], NULL);
        struct robust_shot *sh = &shots[i];
        cr_expect_eq(sh->rc, 0, "request %d in flight got no answer (status %d, eof %d)", i,
                     sh->r.status, sh->r.eof);
        cr_expect(sh->r.status == 200 || sh->r.status == 503, "request %d: status %d %.200s", i,
                  sh->r.status, sh->r.body);
        ok += sh->r.status == 200;
        busy += sh->r.status == 503;
        if (sh->r.status == 503) {
            cJSON *j = cJSON_Parse(sh->r.body);
            const char *type = json_str(j, "type");
            cr_expect(strcmp(type, "urn:sudokud:problem:queue-full") == 0 ||
                          strcmp(type, "urn:sudokud:problem:draining") == 0,
                      "503 of type %s", type);
            cJSON_Delete(j);
        }
        rn_response_free(&sh->r);
    }
    cr_expect_eq(ok + busy, SHOTS);
    free(body);
}
