/* http_errors.c -- every problem type as a client sees it: status, problem+json body,
 * and the headers that go with it (Allow, Retry-After); body limits by Content-Length
 * and by counting a chunked body; hostile bodies that must stay clean 4xx. */
#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests/support/http_client.h"
#include "tests/support/server.h"

/* Sends req to path and checks the status and problem type; returns the
 * parsed body (caller deletes). */
static cJSON *expect_problem(const test_server *s, const char *path, const test_http_req *req,
                             long status, const char *slug)
{
    char url[256], type[128], ct[128];
    test_http_resp r;
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_request(url, req, &r), 0, "%s: %s", path, r.error);
    cr_assert_eq(r.status, status, "%s: status %ld, want %ld: %.300s", path, r.status, status,
                 r.body);
    cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)),
                     "application/problem+json");
    cJSON *j = test_http_json(&r);
    cr_assert_not_null(j, "not JSON: %s", r.body);
    snprintf(type, sizeof(type), "urn:sudokud:problem:%s", slug);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(j, "type");
    cr_assert(cJSON_IsString(t) && strcmp(t->valuestring, type) == 0, "want %s: %s", slug, r.body);
    cr_assert_eq(cJSON_GetObjectItemCaseSensitive(j, "status")->valueint, status);
    test_http_resp_free(&r);
    return j;
}

static void expect_json_problem(const test_server *s, const char *path, const char *body,
                                long status, const char *slug)
{
    test_http_req req = {.content_type = "application/json", .body = body};
    cJSON_Delete(expect_problem(s, path, &req, status, slug));
}

Test(http_errors, every_4xx_problem_type, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--max-batch-items", "2", NULL});

    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":", 400, "malformed-json");
    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\"1234341221434321\",\"max_solution\":1}",
                        400, "invalid-request");
    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\"1234341221434321x\"}", 400,
                        "invalid-puzzle");
    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\"11..............\"}", 422,
                        "conflicting-givens");
    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\".........................\"}", 422,
                        "unsupported-shape");
    expect_json_problem(&s, "/v1/solve/batch",
                        "{\"puzzles\":[\"1234341221434321\",\"1234341221434321\","
                        "\"1234341221434321\"]}",
                        413, "batch-too-large");

    test_http_req form = {.content_type = "application/x-www-form-urlencoded", .body = "{}"};
    cJSON_Delete(expect_problem(&s, "/v1/solve", &form, 415, "unsupported-media-type"));
    test_http_req none = {.body = "{}"};
    cJSON_Delete(expect_problem(&s, "/v1/validate", &none, 415, "unsupported-media-type"));

    test_http_req get = {0};
    cJSON_Delete(expect_problem(&s, "/v2/solve", &get, 404, "not-found"));

    char url[256], allow[64];
    test_http_resp r;
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    cr_assert_eq(test_http_request(url, &get, &r), 0);
    cr_assert_eq(r.status, 405);
    cr_assert_str_eq(test_http_header(&r, "Allow", allow, sizeof(allow)), "POST, OPTIONS");
    test_http_resp_free(&r);
    test_http_url(url, sizeof(url), s.url, "/metrics");
    test_http_req put = {.method = "PUT", .content_type = "application/json", .body = "{}"};
    cr_assert_eq(test_http_request(url, &put, &r), 0);
    cr_assert_eq(r.status, 405);
    cr_assert_str_eq(test_http_header(&r, "Allow", allow, sizeof(allow)), "GET, HEAD, OPTIONS");
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_errors, problem_details_point_at_the_bad_value, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_req req = {.content_type = "application/json",
                         .body = "{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4,9],[4,3,2,1]]}"};
    cJSON *j = expect_problem(&s, "/v1/solve", &req, 400, "invalid-puzzle");
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(j, "errors");
    cr_assert(cJSON_IsArray(e) && e->child != NULL);
    cr_assert_str_eq(cJSON_GetObjectItemCaseSensitive(e->child, "pointer")->valuestring,
                     "/puzzle/2/3");
    cr_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e->child, "reason")));
    cJSON_Delete(j);

    req.body = "{\"puzzle\":\"1.........1.....\",\"diagonal\":true}";
    j = expect_problem(&s, "/v1/solve", &req, 422, "conflicting-givens");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(j, "conflicts");
    cr_assert(cJSON_IsArray(c) && cJSON_GetArraySize(c) == 1, "only the diagonal");
    cr_assert_str_eq(cJSON_GetObjectItemCaseSensitive(c->child, "unit")->valuestring, "diagonal");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(c->child, "cells")), 2);
    cJSON_Delete(j);
    test_server_stop(&s);
}

Test(http_errors, body_limit_by_content_length_and_by_counting_chunks, .timeout = 60)
{
    test_server s;
    test_server_start(
        &s, (const char *const[]){"--max-body", "2048", "--max-batch-body", "4096", NULL});
    char *big = malloc(8192);
    memset(big, ' ', 8191);
    memcpy(big, "{\"puzzle\":\"1234341221434321\"}", 29);
    big[8191] = '\0';

    test_http_req req = {.content_type = "application/json", .body = big};
    cJSON *j = expect_problem(&s, "/v1/solve", &req, 413, "body-too-large");
    const char *detail = cJSON_GetObjectItemCaseSensitive(j, "detail")->valuestring;
    cr_assert(strstr(detail, "2048 bytes") != NULL && strstr(detail, "--max-body") != NULL,
              "a 413 names the limit and its setting: %s", detail);
    cJSON_Delete(j);
    req.chunked = true;
    j = expect_problem(&s, "/v1/solve", &req, 413, "body-too-large");
    detail = cJSON_GetObjectItemCaseSensitive(j, "detail")->valuestring;
    cr_assert(strstr(detail, "2048 bytes") != NULL, "%s", detail);
    cJSON_Delete(j);
    /* the batch has its own, larger limit */
    req.chunked = false;
    big[3000] = '\0';
    cJSON_Delete(expect_problem(&s, "/v1/solve", &req, 413, "body-too-large"));
    req.body = "{\"puzzles\":[\"1234341221434321\"]}";
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s.url, "/v1/solve/batch");
    cr_assert_eq(test_http_request(url, &req, &r), 0);
    cr_assert_eq(r.status, 200, "%s", r.body);
    test_http_resp_free(&r);
    big[3000] = ' ';
    req.body = big;
    req.content_type = "text/plain";
    j = expect_problem(&s, "/v1/solve/batch", &req, 413, "body-too-large");
    detail = cJSON_GetObjectItemCaseSensitive(j, "detail")->valuestring;
    cr_assert(strstr(detail, "4096 bytes") != NULL && strstr(detail, "--max-batch-body") != NULL,
              "%s", detail);
    cJSON_Delete(j);

    /* a just-fitting body is fine */
    big[2048] = '\0';
    req.content_type = "application/json";
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    cr_assert_eq(test_http_request(url, &req, &r), 0);
    cr_assert_eq(r.status, 200, "%s", r.body);
    test_http_resp_free(&r);
    free(big);
    test_server_stop(&s);
}

/* Opens a plain TCP connection to the server. */
static int raw_connect(const test_server *s)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s->port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
    return fd;
}

static size_t raw_read(int fd, char *buf, size_t cap, int timeout_ms)
{
    size_t got = 0;
    struct pollfd p = {fd, POLLIN, 0};
    while (got + 1 < cap && poll(&p, 1, timeout_ms) == 1) {
        ssize_t n = read(fd, buf + got, cap - 1 - got);
        if (n <= 0) break;
        got += (size_t)n;
    }
    buf[got] = '\0';
    return got;
}

Test(http_errors, announced_huge_body_is_refused_before_it_is_sent, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    int fd = raw_connect(&s);
    const char *head = "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       "Content-Length: 1000000000000\r\n\r\n{\"puzzle\":";
    cr_assert_eq(write(fd, head, strlen(head)), (ssize_t)strlen(head));
    char reply[4096];
    raw_read(fd, reply, sizeof(reply), 5000);
    cr_assert(strncmp(reply, "HTTP/1.1 413", 12) == 0, "%s", reply);
    cr_assert(strstr(reply, "urn:sudokud:problem:body-too-large") != NULL, "%s", reply);
    close(fd);
    test_server_stop(&s);
}

Test(http_errors, endless_chunked_body_is_cut_off, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--max-body", "1024", NULL});
    int fd = raw_connect(&s);
    const char *head = "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       "Transfer-Encoding: chunked\r\n\r\n";
    cr_assert_eq(write(fd, head, strlen(head)), (ssize_t)strlen(head));
    char chunk[4096 + 16];
    int n = snprintf(chunk, sizeof(chunk), "1000\r\n");
    memset(chunk + n, 'x', 4096);
    memcpy(chunk + n + 4096, "\r\n", 2);
    size_t sent = 0;
    /* far past limit + allowance: the server must hang up, not read forever */
    for (int i = 0; i < 2048; i++) {
        ssize_t w = send(fd, chunk, (size_t)n + 4098, MSG_NOSIGNAL);
        if (w <= 0) break;
        sent += (size_t)w;
    }
    cr_assert_lt(sent, (size_t)2048 * 4102, "the server read 8 MiB of an endless body");
    close(fd);
    test_server_stop(&s);
}

Test(http_errors, hostile_bodies_get_clean_400s, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 32);
    strcpy(deep, "{\"puzzle\":");
    memset(deep + 10, '[', depth);
    memset(deep + 10 + depth, ']', depth);
    strcpy(deep + 10 + 2 * depth, "}");
    expect_json_problem(&s, "/v1/solve", deep, 400, "malformed-json");
    free(deep);

    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\"12\\u0000\"}", 400, "malformed-json");
    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\"\xc3\x28\"}", 400, "malformed-json");
    expect_json_problem(&s, "/v1/solve",
                        "{\"puzzle\":\"1234341221434321\",\"timeout_ms\":"
                        "1234567890123456789012345678901234567890123456789012345678901234}",
                        400, "invalid-request");
    expect_json_problem(&s, "/v1/solve", "{\"puzzle\":\"1234341221434321\",\"timeout_ms\":2.5}",
                        400, "invalid-request");
    expect_json_problem(&s, "/v1/solve",
                        "{\"puzzle\":\"1234341221434321\",\"puzzle\":\"1234341221434321\"}", 400,
                        "invalid-request");
    test_http_req raw = {
        .content_type = "application/json", .body = "{\"puzzle\":\"12\0\"}", .len = 16};
    cJSON_Delete(expect_problem(&s, "/v1/solve", &raw, 400, "malformed-json"));

    /* the server is still fine */
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s.url, "/healthz");
    cr_assert_eq(test_http_get(url, &r), 0);
    cr_assert_eq(r.status, 200);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

/* HTTP/1.1 only, as documented: the HTTP/2 preface of a prior-knowledge
 * client gets a 505 and the connection closed, and the server goes on. The
 * 505 is libmicrohttpd's own (HTML), sent while it parses the request line:
 * the README says so, as there is no hook to answer it as problem+json. */
Test(http_errors, http2_prior_knowledge_gets_505_and_a_close, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    int fd = raw_connect(&s);
    static const char preface[] = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    cr_assert_eq(write(fd, preface, sizeof(preface) - 1), (ssize_t)(sizeof(preface) - 1));
    char reply[4096];
    raw_read(fd, reply, sizeof(reply), 5000);
    cr_assert(strstr(reply, " 505 ") != NULL, "%s", reply);
    cr_assert(strstr(reply, "Connection: close") != NULL, "%s", reply);
    close(fd);
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s.url, "/healthz");
    cr_assert_eq(test_http_get(url, &r), 0);
    cr_assert_eq(r.status, 200);
    test_http_resp_free(&r);
    test_server_stop(&s);
}
