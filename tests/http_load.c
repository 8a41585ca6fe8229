/* http_load.c -- sudokud under pressure: a full queue answers 503 at once, deadlines
 * hold, many concurrent clients all get verified answers, and SIGTERM drains (every
 * request in flight answered, readiness fails, exit 0). */
#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "solver/sudoku.h"
#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/server.h"

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static const char *get_str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The body of a solve that runs until its timeout_ms. */
static char *slow_body(int timeout_ms)
{
    char *hard = test_read_file("tests/data/http/unsolvable25.txt", NULL);
    hard[strcspn(hard, "\r\n")] = '\0';
    char *body = malloc(strlen(hard) + 128);
    sprintf(body, "{\"timeout_ms\":%d,\"puzzle\":\"%s\"}", timeout_ms, hard);
    free(hard);
    return body;
}

/* One request on its own thread. */
struct shot {
    const char *url;
    const char *body;
    test_http_resp resp;
    int rc;
    long long ms;
};

static void *shoot(void *arg)
{
    struct shot *s = arg;
    test_http_req req = {.content_type = "application/json", .body = s->body};
    long long t0 = now_ms();
    s->rc = test_http_request(s->url, &req, &s->resp);
    s->ms = now_ms() - t0;
    return NULL;
}

Test(http_load, full_queue_answers_503_at_once, .timeout = 90)
{
    enum { SHOTS = 5 };
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", "--queue-depth", "1", NULL});
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    char *body = slow_body(1500);
    struct shot shots[SHOTS];
    pthread_t t[SHOTS];
    for (int i = 0; i < SHOTS; i++) {
        shots[i] = (struct shot){.url = url, .body = body};
        pthread_create(&t[i], NULL, shoot, &shots[i]);
    }
    int busy = 0, limited = 0;
    for (int i = 0; i < SHOTS; i++) {
        pthread_join(t[i], NULL);
        struct shot *sh = &shots[i];
        cr_assert_eq(sh->rc, 0, "%s", sh->resp.error);
        cJSON *j = test_http_json(&sh->resp);
        if (sh->resp.status == 503) {
            char v[32];
            busy++;
            cr_assert_str_eq(get_str(j, "type"), "urn:sudokud:problem:queue-full");
            cr_assert_str_eq(test_http_header(&sh->resp, "Retry-After", v, sizeof(v)), "1");
            cr_assert_lt(sh->ms, 1200, "a 503 must not wait for the queue (%lld ms)", sh->ms);
        } else {
            cr_assert_eq(sh->resp.status, 200, "%s", sh->resp.body);
            cr_assert_str_eq(get_str(j, "status"), "limit");
            limited++;
        }
        cJSON_Delete(j);
        test_http_resp_free(&sh->resp);
    }
    cr_assert_geq(busy, SHOTS - 2, "one running + one queued, the rest refused");
    cr_assert_geq(limited, 1);
    free(body);
    test_server_stop(&s);
}

Test(http_load, deadline_bounds_the_answer_time, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    char *body = slow_body(200);
    struct shot sh = {.url = url, .body = body};
    shoot(&sh);
    cr_assert_eq(sh.rc, 0, "%s", sh.resp.error);
    cr_assert_eq(sh.resp.status, 200, "%s", sh.resp.body);
    cJSON *j = test_http_json(&sh.resp);
    cr_assert_str_eq(get_str(j, "status"), "limit");
    cr_assert_str_eq(get_str(j, "limit_reason"), "deadline");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(j, "unique")));
    cr_assert_lt(sh.ms, 2000, "a 200 ms budget answered after %lld ms", sh.ms);
    cJSON_Delete(j);
    test_http_resp_free(&sh.resp);
    free(body);
    test_server_stop(&s);
}

/* ---- many clients --------------------------------------------------------------------- */

enum { CLIENTS = 16, REQUESTS = 200 };

struct client {
    const char *base;
    char **puzzles;
    size_t npuzzles;
    int id;
    atomic_int *failures;
    char failure[512];
};

/* Checks one answer: a solution of the puzzle that keeps its givens. */
static bool verify(const char *puzzle, const cJSON *j, int n, char *why, size_t cap)
{
    sudoku_puzzle p;
    uint8_t cells[SUDOKU_MAX_CELLS];
    if (sudoku_parse(puzzle, strlen(puzzle), 0, 0, 0, &p, NULL) != 0)
        return snprintf(why, cap, "bad fixture"), false;
    if (strcmp(get_str(j, "status"), "solved") != 0)
        return snprintf(why, cap, "status %s", get_str(j, "status")), false;
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(j, "solution");
    int i = 0;
    if (cJSON_IsString(sol)) {
        for (const char *c = sol->valuestring; *c && i < n * n; c++)
            cells[i++] = (uint8_t)(*c - '0');
    } else if (cJSON_IsArray(sol)) {
        for (const cJSON *e = sol->child; e != NULL && i < n * n; e = e->next) {
            if (cJSON_IsArray(e))
                for (const cJSON *x = e->child; x != NULL && i < n * n; x = x->next)
                    cells[i++] = (uint8_t)x->valueint;
            else
                cells[i++] = (uint8_t)e->valueint;
        }
    }
    if (i != n * n || !sudoku_is_solution(&p, cells))
        return snprintf(why, cap, "not a solution"), false;
    for (int k = 0; k < n * n; k++) {
        if (p.cells[k] != 0 && p.cells[k] != cells[k])
            return snprintf(why, cap, "given %d changed", k), false;
    }
    return true;
}

static void *client_main(void *arg)
{
    struct client *c = arg;
    test_http *h = test_http_new();
    char url[256], body[2048], id[32], hdr[64], got[64], why[400];
    snprintf(url, sizeof(url), "%s/v1/solve", c->base);
    for (int i = 0; i < REQUESTS; i++) {
        const char *puzzle = c->puzzles[(size_t)(c->id * REQUESTS + i) % c->npuzzles];
        int form = (c->id + i) % 3;
        int len = snprintf(body, sizeof(body), "{\"puzzle\":");
        if (form == 0) {
            len += snprintf(body + len, sizeof(body) - (size_t)len, "\"%s\"", puzzle);
        } else {
            body[len++] = '[';
            for (int k = 0; k < 81; k++) {
                int v = puzzle[k] == '.' ? 0 : puzzle[k] - '0';
                const char *open = form == 1 && k % 9 == 0 ? "[" : "";
                const char *close = form == 1 && k % 9 == 8 ? "]" : "";
                len += snprintf(body + len, sizeof(body) - (size_t)len, "%s%d%s%s", open, v, close,
                                k < 80 ? "," : "");
            }
            body[len++] = ']';
        }
        snprintf(body + len, sizeof(body) - (size_t)len, "}");
        snprintf(id, sizeof(id), "c%d-r%d", c->id, i);
        snprintf(hdr, sizeof(hdr), "X-Request-Id: %s", id);
        test_http_req req = {.content_type = "application/json",
                             .body = body,
                             .headers = (const char *const[]){hdr, NULL}};
        test_http_resp r;
        bool ok = test_http_do(h, url, &req, &r) == 0 && r.status == 200;
        cJSON *j = ok ? test_http_json(&r) : NULL;
        if (ok && (j == NULL || !verify(puzzle, j, 9, why, sizeof(why))))
            ok = false;
        else if (!ok)
            snprintf(why, sizeof(why), "status %ld %.256s", r.status, r.error);
        if (ok && strcmp(test_http_header(&r, "X-Request-Id", got, sizeof(got)) ? got : "", id))
            ok = false, snprintf(why, sizeof(why), "X-Request-Id %.64s for %.32s", got, id);
        if (!ok && atomic_fetch_add(c->failures, 1) == 0)
            snprintf(c->failure, sizeof(c->failure), "client %d request %d: %.400s", c->id, i, why);
        cJSON_Delete(j);
        test_http_resp_free(&r);
    }
    test_http_free(h);
    return NULL;
}

Test(http_load, concurrent_clients_all_get_verified_answers, .timeout = 300)
{
    size_t n;
    char **puzzles = test_read_lines("tests/data/http/top95.txt", &n);
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "2", NULL});
    atomic_int failures = 0;
    struct client clients[CLIENTS];
    pthread_t t[CLIENTS];
    for (int i = 0; i < CLIENTS; i++) {
        clients[i] = (struct client){
            .base = s.url, .puzzles = puzzles, .npuzzles = n, .id = i, .failures = &failures};
        pthread_create(&t[i], NULL, client_main, &clients[i]);
    }
    for (int i = 0; i < CLIENTS; i++) pthread_join(t[i], NULL);
    for (int i = 0; i < CLIENTS; i++)
        cr_assert(clients[i].failure[0] == '\0', "%d failures; first: %s", atomic_load(&failures),
                  clients[i].failure);
    cr_assert_eq(atomic_load(&failures), 0);

    test_http_resp r;
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/metrics");
    char series[128];
    snprintf(series, sizeof(series), "sudokud_requests_total{route=\"solve\",status=\"200\"} %d\n",
             CLIENTS * REQUESTS);
    cr_assert_eq(test_http_wait_for(url, series, 5000, &r), 0, "%s", r.body);
    test_http_resp_free(&r);
    test_server_stop(&s);
    test_free_lines(puzzles);
}

/* ---- shutdown ---------------------------------------------------------------------------- */

Test(http_load, sigterm_answers_requests_in_flight_and_exits_0, .timeout = 90)
{
    enum { SHOTS = 6 };
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "2", NULL});
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    char *body = slow_body(8000);
    struct shot shots[SHOTS];
    pthread_t t[SHOTS];
    for (int i = 0; i < SHOTS; i++) {
        shots[i] = (struct shot){.url = url, .body = body};
        pthread_create(&t[i], NULL, shoot, &shots[i]);
    }
    /* let them reach the workers and the queue */
    test_http_resp r;
    char metrics_url[256];
    test_http_url(metrics_url, sizeof(metrics_url), s.url, "/metrics");
    cr_assert_eq(test_http_wait_for(metrics_url, "\nsudokud_jobs_in_flight 6\n", 10000, &r), 0,
                 "%s", r.body);
    test_http_resp_free(&r);
    long long t0 = now_ms();
    int rc = test_server_stop_status(&s, 10000);
    long long stop_ms = now_ms() - t0;
    cr_assert_eq(rc, 0, "sudokud exited with %d", rc);
    /* the drain lets accepted work run for 4 of its 5 s, then cancels it */
    cr_assert_gt(stop_ms, 3500, "the drain cancelled work at once (%lld ms)", stop_ms);
    cr_assert_lt(stop_ms, 8000, "draining took %lld ms", stop_ms);
    for (int i = 0; i < SHOTS; i++) {
        pthread_join(t[i], NULL);
        cr_assert_eq(shots[i].rc, 0, "request %d was not answered: %s", i, shots[i].resp.error);
        cr_assert_eq(shots[i].resp.status, 200, "%s", shots[i].resp.body);
        cJSON *j = test_http_json(&shots[i].resp);
        cr_assert_str_eq(get_str(j, "status"), "limit");
        cr_assert_str_eq(get_str(j, "limit_reason"), "cancel");
        cJSON_Delete(j);
        test_http_resp_free(&shots[i].resp);
    }
    free(body);
}

Test(http_load, draining_server_refuses_new_work_with_503, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char ready[256], solve[256];
    test_http_url(ready, sizeof(ready), s.url, "/readyz");
    test_http_url(solve, sizeof(solve), s.url, "/v1/solve");

    /* two kept-alive connections, and a half-sent request that holds the drain open */
    test_http *a = test_http_new(), *b = test_http_new();
    test_http_req get = {0};
    test_http_resp r;
    cr_assert_eq(test_http_do(a, ready, &get, &r), 0);
    cr_assert_eq(r.status, 200);
    test_http_resp_free(&r);
    cr_assert_eq(test_http_do(b, ready, &get, &r), 0);
    test_http_resp_free(&r);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s.port)};
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    cr_assert_eq(connect(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
    const char *head = "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       "Content-Length: 100\r\n\r\n{\"puz";
    cr_assert_eq(write(fd, head, strlen(head)), (ssize_t)strlen(head));
    sleep_ms(100);

    kill(s.pid, SIGTERM);
    bool draining = false;
    for (long long until = now_ms() + 3000; !draining && now_ms() < until; sleep_ms(10)) {
        cr_assert_eq(test_http_do(a, ready, &get, &r), 0, "%s", r.error);
        draining = r.status == 503;
        if (draining) {
            cJSON *j = test_http_json(&r);
            char v[16];
            cr_assert_str_eq(get_str(j, "type"), "urn:sudokud:problem:draining");
            cr_assert_str_eq(test_http_header(&r, "Retry-After", v, sizeof(v)), "1");
            cJSON_Delete(j);
        }
        test_http_resp_free(&r);
    }
    cr_assert(draining, "/readyz never said draining");
    test_http_req post = {.content_type = "application/json",
                          .body = "{\"puzzle\":\"1234341221434321\"}"};
    cr_assert_eq(test_http_do(b, solve, &post, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 503, "%s", r.body);
    cJSON *j = test_http_json(&r);
    cr_assert_str_eq(get_str(j, "type"), "urn:sudokud:problem:draining");
    cJSON_Delete(j);
    test_http_resp_free(&r);

    close(fd); /* the last request in flight ends: the server may exit now */
    test_http_free(a);
    test_http_free(b);
    int rc = test_server_stop_status(&s, 10000);
    cr_assert_eq(rc, 0);
}
