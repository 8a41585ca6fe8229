/* http_api.c -- a real sudokud over HTTP: every endpoint and input form, the headers
 * (X-Request-Id, Server-Timing, CORS), /metrics, /openapi.yaml, the command line and
 * the --probe health check. Each test runs its own server on port 0. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solver/sudoku.h"
#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/server.h"
#include "version.h"

static const char *const classic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static const char *get_str(const cJSON *obj, const char *key)
{
    const cJSON *v = get(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static void fetch(const test_server *s, const char *path, test_http_resp *r)
{
    char url[256];
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_get(url, r), 0, "GET %s: %s", path, r->error);
}

static void post_json(const test_server *s, const char *path, const char *body, test_http_resp *r)
{
    char url[256];
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_post_json(url, body, r), 0, "POST %s: %s", path, r->error);
}

Test(http_api, health_readiness_and_info, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "3", NULL});
    test_http_resp r;

    fetch(&s, "/healthz", &r);
    cr_assert_eq(r.status, 200);
    cr_assert_str_eq(r.body, "{\"status\":\"ok\",\"version\":\"" SUDOKUD_VERSION "\"}",
                     "/healthz reports the version, as version.h says");
    char ct[128];
    cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)), "application/json");
    test_http_resp_free(&r);

    fetch(&s, "/readyz", &r);
    cr_assert_eq(r.status, 200);
    cr_assert_str_eq(r.body, "{\"status\":\"ready\"}");
    test_http_resp_free(&r);

    fetch(&s, "/v1/info", &r);
    cr_assert_eq(r.status, 200);
    cJSON *info = test_http_json(&r);
    cr_assert_str_eq(get_str(info, "name"), "sudokud");
    cr_assert_eq(get(info, "workers")->valueint, 3);
    cr_assert_eq(get(get(info, "limits"), "queue_depth")->valueint, 1024);
    cJSON_Delete(info);
    test_http_resp_free(&r);

    char url[256];
    test_http_url(url, sizeof(url), s.url, "/healthz");
    test_http_req head = {.method = "HEAD"};
    cr_assert_eq(test_http_request(url, &head, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, 0, "HEAD has no body");
    test_http_resp_free(&r);
    test_server_stop(&s);
}

/* One shape to solve: the JSON body, and the puzzle the answer must fit. */
struct form_case {
    const char *name;
    char body[48 * 1024];
    sudoku_puzzle puzzle;
};

enum form { FORM_STRING, FORM_ROWS, FORM_FLAT };

/* Builds a body for p's givens in a form, with options appended. */
static void build(struct form_case *c, const char *name, enum form form, const char *extra)
{
    const sudoku_puzzle *p = &c->puzzle;
    static const char symbols[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    int n = p->size, len;

    c->name = name;
    len = snprintf(c->body, sizeof(c->body), "{\"puzzle\":%s", form == FORM_STRING ? "\"" : "[");
    for (int i = 0; i < n * n; i++) {
        if (form == FORM_STRING) {
            c->body[len++] = symbols[p->cells[i]];
            continue;
        }
        const char *open = form == FORM_ROWS && i % n == 0 ? "[" : "";
        const char *close = form == FORM_ROWS && i % n == n - 1 ? "]" : "";
        const char *sep = i + 1 < n * n ? "," : "";
        len += snprintf(c->body + len, sizeof(c->body) - (size_t)len, "%s%d%s%s", open, p->cells[i],
                        close, sep);
    }
    len += snprintf(c->body + len, sizeof(c->body) - (size_t)len, "%s%s}",
                    form == FORM_STRING ? "\"" : "]", extra);
    cr_assert_lt((size_t)len, sizeof(c->body));
}

static void solution_cells(const cJSON *v, int n, uint8_t *cells)
{
    int i = 0;
    if (cJSON_IsString(v)) {
        for (const char *ch = v->valuestring; *ch != '\0' && i < n * n; ch++)
            cells[i++] = (uint8_t)(*ch <= '9' ? *ch - '0' : *ch - 'A' + 10);
    } else {
        for (const cJSON *e = v->child; e != NULL; e = e->next) {
            if (cJSON_IsArray(e)) {
                for (const cJSON *x = e->child; x != NULL && i < n * n; x = x->next)
                    cells[i++] = (uint8_t)x->valueint;
            } else if (i < n * n) {
                cells[i++] = (uint8_t)e->valueint;
            }
        }
    }
    cr_assert_eq(i, n * n, "the solution has %d cells, %d expected", i, n * n);
}

static void expect_solved(const struct form_case *c, const test_http_resp *r, enum form form)
{
    cr_assert_eq(r->status, 200, "%s: %ld %s", c->name, r->status, r->body);
    cJSON *j = test_http_json(r);
    cr_assert_str_eq(get_str(j, "status"), "solved", "%s: %s", c->name, r->body);
    const cJSON *sol = get(j, "solution");
    if (form == FORM_STRING)
        cr_assert(cJSON_IsString(sol), "%s: string in, string out", c->name);
    else if (form == FORM_ROWS)
        cr_assert(cJSON_IsArray(sol) && cJSON_IsArray(sol->child), "%s: rows out", c->name);
    else
        cr_assert(cJSON_IsArray(sol) && cJSON_IsNumber(sol->child), "%s: flat out", c->name);
    uint8_t cells[SUDOKU_MAX_CELLS];
    solution_cells(sol, c->puzzle.size, cells);
    cr_assert(sudoku_is_solution(&c->puzzle, cells), "%s: not a solution: %s", c->name, r->body);
    for (int i = 0; i < c->puzzle.size * c->puzzle.size; i++)
        cr_assert(c->puzzle.cells[i] == 0 || c->puzzle.cells[i] == cells[i], "%s: given %d changed",
                  c->name, i);
    cJSON_Delete(j);
}

Test(http_api, solves_every_input_form_and_shape, .timeout = 90)
{
    test_server s;
    test_server_start(&s, NULL);
    struct form_case *c = calloc(1, sizeof(*c));
    static const struct {
        const char *name;
        int n, box_rows, box_cols;
        enum form form;
        const char *givens; /* text form, or NULL for an empty grid */
        bool diagonal;
        const char *regions; /* jigsaw labels */
    } cases[] = {
        {"9x9 string", 9, 0, 0, FORM_STRING, NULL, false, NULL},
        {"9x9 rows", 9, 0, 0, FORM_ROWS, NULL, false, NULL},
        {"9x9 flat", 9, 0, 0, FORM_FLAT, NULL, false, NULL},
        {"4x4 string", 4, 0, 0, FORM_STRING, "1...........4..2", false, NULL},
        {"6x6 flat", 6, 0, 0, FORM_FLAT, NULL, false, NULL},
        {"6x6 3x2 boxes", 6, 3, 2, FORM_ROWS, NULL, false, NULL},
        {"16x16 rows", 16, 0, 0, FORM_ROWS, NULL, false, NULL},
        {"16x16 string", 16, 0, 0, FORM_STRING, NULL, false, NULL},
        {"diagonal 9x9", 9, 0, 0, FORM_STRING, NULL, true, NULL},
        {"jigsaw 6x6", 6, 0, 0, FORM_FLAT, NULL, false, "AAABBBAACBBBACCDDDCCCDDDEEEFFFEEEFFF"},
    };
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/v1/solve");

    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        char extra[256] = ",\"max_solutions\":1";
        memset(c, 0, sizeof(*c));
        const char *givens = cases[k].givens;
        if (givens == NULL && cases[k].n == 9 && !cases[k].diagonal) givens = classic;
        if (givens != NULL)
            cr_assert_eq(sudoku_parse(givens, strlen(givens), 0, cases[k].box_rows,
                                      cases[k].box_cols, &c->puzzle, NULL),
                         0);
        else
            cr_assert_eq(sudoku_puzzle_init(&c->puzzle, cases[k].n, cases[k].box_rows,
                                            cases[k].box_cols, NULL),
                         0);
        if (cases[k].box_rows != 0)
            snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra),
                     ",\"box\":{\"rows\":%d,\"cols\":%d}", cases[k].box_rows, cases[k].box_cols);
        if (cases[k].diagonal) {
            c->puzzle.diagonal = true;
            strcat(extra, ",\"diagonal\":true");
        }
        if (cases[k].regions != NULL) {
            char labels[8] = {0};
            int nl = 0;
            for (int i = 0; cases[k].regions[i] != '\0'; i++) {
                char *hit = memchr(labels, cases[k].regions[i], (size_t)nl);
                if (hit == NULL) {
                    labels[nl] = cases[k].regions[i];
                    hit = &labels[nl++];
                }
                c->puzzle.regions[i] = (uint8_t)(hit - labels);
            }
            c->puzzle.has_regions = true;
            snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra), ",\"regions\":\"%s\"",
                     cases[k].regions);
        }
        build(c, cases[k].name, cases[k].form, extra);
        test_http_resp r;
        test_http_req req = {.content_type = "application/json", .body = c->body};
        cr_assert_eq(test_http_request(url, &req, &r), 0, "%s: %s", c->name, r.error);
        expect_solved(c, &r, cases[k].form);
        test_http_resp_free(&r);
    }
    free(c);
    test_server_stop(&s);
}

Test(http_api, uniqueness_counting_and_solutions, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    char body[256];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", classic);
    post_json(&s, "/v1/solve", body, &r);
    cJSON *j = test_http_json(&r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cr_assert(cJSON_IsTrue(get(j, "unique")));
    cr_assert(cJSON_IsTrue(get(j, "count_exact")));
    cr_assert_eq(get(j, "solution_count")->valueint, 1);
    cJSON_Delete(j);
    test_http_resp_free(&r);

    post_json(&s, "/v1/solve",
              "{\"puzzle\":[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
              "\"max_solutions\":10,\"return_solutions\":4}",
              &r);
    j = test_http_json(&r);
    cr_assert_str_eq(get_str(j, "status"), "multiple", "%s", r.body);
    cr_assert(cJSON_IsFalse(get(j, "unique")));
    cr_assert_eq(get(j, "solution_count")->valueint, 10);
    cr_assert_eq(cJSON_GetArraySize(get(j, "solutions")), 4);
    cJSON_Delete(j);
    test_http_resp_free(&r);

    post_json(&s, "/v1/validate", "{\"puzzle\":\"11..............\",\"check\":[\"solvable\"]}", &r);
    j = test_http_json(&r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cr_assert(cJSON_IsFalse(get(j, "valid")));
    cr_assert(cJSON_IsFalse(get(j, "solvable")));
    cr_assert_eq(cJSON_GetArraySize(get(j, "conflicts")), 2);
    cJSON_Delete(j);
    test_http_resp_free(&r);

    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"check\":[\"solvable\",\"unique\"]}",
             classic);
    post_json(&s, "/v1/validate", body, &r);
    j = test_http_json(&r);
    cr_assert(cJSON_IsTrue(get(j, "valid")), "%s", r.body);
    cr_assert(cJSON_IsTrue(get(j, "solvable")));
    cr_assert(cJSON_IsTrue(get(j, "unique")));
    cr_assert_eq(get(j, "givens")->valueint, 30);
    cJSON_Delete(j);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_api, request_ids_and_server_timing, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char url[256], value[256], body[256];
    test_http_url(url, sizeof(url), s.url, "/v1/solve");
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", classic);
    test_http_resp r;

    test_http_req req = {.content_type = "application/json",
                         .body = body,
                         .headers = (const char *const[]){"X-Request-Id: trace-42.a_b", NULL}};
    cr_assert_eq(test_http_request(url, &req, &r), 0);
    cr_assert_str_eq(test_http_header(&r, "X-Request-Id", value, sizeof(value)), "trace-42.a_b");
    const char *timing = test_http_header(&r, "Server-Timing", value, sizeof(value));
    cr_assert_not_null(timing);
    cr_assert(strstr(timing, "queue;dur=") && strstr(timing, "solve;dur=") &&
                  strstr(timing, "total;dur="),
              "Server-Timing: %s", timing);
    test_http_resp_free(&r);

    /* invalid ids are replaced; problem bodies carry the id too */
    req.body = "{\"puzzle\":1}";
    req.headers = (const char *const[]){"X-Request-Id: not valid!", NULL};
    cr_assert_eq(test_http_request(url, &req, &r), 0);
    const char *id = test_http_header(&r, "X-Request-Id", value, sizeof(value));
    cr_assert_not_null(id);
    cr_assert_eq(strlen(id), 16);
    cr_assert_eq(strspn(id, "0123456789abcdef"), 16);
    cJSON *j = test_http_json(&r);
    cr_assert_str_eq(get_str(j, "request_id"), id);
    cr_assert_str_eq(get_str(j, "instance"), "/v1/solve");
    cJSON_Delete(j);
    test_http_resp_free(&r);

    fetch(&s, "/healthz", &r);
    cr_assert_not_null(test_http_header(&r, "X-Request-Id", value, sizeof(value)));
    cr_assert_not_null(test_http_header(&r, "Server-Timing", value, sizeof(value)));
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_api, cors_preflight_and_exposed_headers, .timeout = 60)
{
    test_server s;
    test_server_start(&s,
                      (const char *const[]){"--cors-origins", "https://a.example,https://b.example",
                                            "--log-level", "info", NULL});
    /* the start line follows "listening on" */
    char *log = NULL;
    for (int i = 0; i < 200; i++) {
        free(log);
        log = test_server_stderr(&s);
        if (strstr(log, "cors_origins=") != NULL) break;
        usleep(10000);
    }
    cr_assert(strstr(log, "cors_origins=\"https://a.example,https://b.example\"") != NULL,
              "the start line names the CORS setting: %s", log);
    free(log);
    char url[256], v[256];
    test_http_url(url, sizeof(url), s.url, "/v1/solve/batch");
    test_http_resp r;

    test_http_req pre = {.method = "OPTIONS",
                         .headers = (const char *const[]){
                             "Origin: https://b.example", "Access-Control-Request-Method: POST",
                             "Access-Control-Request-Headers: content-type", NULL}};
    cr_assert_eq(test_http_request(url, &pre, &r), 0);
    cr_assert_eq(r.status, 204);
    cr_assert_str_eq(test_http_header(&r, "Access-Control-Allow-Origin", v, sizeof(v)),
                     "https://b.example");
    cr_assert_str_eq(test_http_header(&r, "Access-Control-Allow-Methods", v, sizeof(v)),
                     "GET, POST, OPTIONS");
    cr_assert_str_eq(test_http_header(&r, "Access-Control-Allow-Headers", v, sizeof(v)),
                     "Content-Type, X-Request-Id");
    cr_assert_str_eq(test_http_header(&r, "Access-Control-Max-Age", v, sizeof(v)), "600");
    cr_assert_str_eq(test_http_header(&r, "Vary", v, sizeof(v)), "Origin");
    cr_assert_str_eq(test_http_header(&r, "Allow", v, sizeof(v)), "POST, OPTIONS");
    test_http_resp_free(&r);

    pre.headers = (const char *const[]){"Origin: https://evil.example", NULL};
    cr_assert_eq(test_http_request(url, &pre, &r), 0);
    cr_assert_eq(r.status, 204);
    cr_assert_null(test_http_header(&r, "Access-Control-Allow-Origin", v, sizeof(v)));
    test_http_resp_free(&r);

    test_http_url(url, sizeof(url), s.url, "/v1/info");
    test_http_req get = {.headers = (const char *const[]){"Origin: https://a.example", NULL}};
    cr_assert_eq(test_http_request(url, &get, &r), 0);
    cr_assert_str_eq(test_http_header(&r, "Access-Control-Allow-Origin", v, sizeof(v)),
                     "https://a.example");
    cr_assert_str_eq(test_http_header(&r, "Access-Control-Expose-Headers", v, sizeof(v)),
                     "X-Request-Id, Server-Timing");
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_api, openapi_yaml_is_the_repository_file, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    size_t len;
    char *file = test_read_file("openapi.yaml", &len);
    test_http_resp r;
    fetch(&s, "/openapi.yaml", &r);
    cr_assert_eq(r.status, 200);
    char ct[64];
    cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)), "application/yaml");
    cr_assert_eq(r.len, len, "served %zu bytes, the file has %zu", r.len, len);
    cr_assert(memcmp(r.body, file, len) == 0, "served bytes differ from openapi.yaml");
    test_http_resp_free(&r);
    free(file);
    test_server_stop(&s);
}

static unsigned long long metric(const char *text, const char *series)
{
    long long v = test_http_metric(text, series);
    cr_assert_geq(v, 0, "no %s in\n%s", series, text);
    return (unsigned long long)v;
}

Test(http_api, metrics_count_requests_and_solves, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    for (int i = 0; i < 3; i++) {
        post_json(&s, "/v1/solve", "{\"puzzle\":\"1234341221434321\"}", &r);
        cr_assert_eq(r.status, 200);
        test_http_resp_free(&r);
    }
    post_json(&s, "/v1/solve", "{\"puzzle\":[}", &r);
    test_http_resp_free(&r);
    fetch(&s, "/nope", &r);
    test_http_resp_free(&r);

    /* a request is counted once it has completed, which may be after its client has the
     * answer (seen under TSan): wait for each count, they only grow */
    static const char *const counted[] = {
        "sudokud_requests_total{route=\"solve\",status=\"200\"} 3",
        "sudokud_requests_total{route=\"solve\",status=\"400\"} 1",
        "sudokud_requests_total{route=\"none\",status=\"404\"} 1",
    };
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/metrics");
    for (size_t i = 0; i < sizeof(counted) / sizeof(counted[0]); i++) {
        if (i > 0) test_http_resp_free(&r);
        cr_assert_eq(test_http_wait_for(url, counted[i], 5000, &r), 0, "%s", r.body);
    }
    cr_assert_eq(r.status, 200);
    char ct[128];
    cr_assert(strncmp(test_http_header(&r, "Content-Type", ct, sizeof(ct)),
                      "text/plain; version=0.0.4", 25) == 0);
    cr_assert_eq(metric(r.body, "sudokud_requests_total{route=\"solve\",status=\"200\"} "), 3);
    cr_assert_eq(metric(r.body, "sudokud_requests_total{route=\"solve\",status=\"400\"} "), 1);
    cr_assert_eq(metric(r.body, "sudokud_requests_total{route=\"none\",status=\"404\"} "), 1);
    cr_assert_eq(metric(r.body, "sudokud_solves_total{status=\"solved\"} "), 3);
    /* every completed request is in the histogram: the five above, and the
     * /metrics polls before this one */
    unsigned long long requests = 0;
    for (const char *at = r.body; (at = strstr(at, "\nsudokud_requests_total{")) != NULL; at++)
        requests += strtoull(strchr(at, '}') + 1, NULL, 10);
    cr_assert_geq(requests, 5);
    cr_assert_eq(metric(r.body, "sudokud_request_duration_seconds_count "), requests);
    cr_assert_eq(metric(r.body, "sudokud_queue_depth "), 0);
    cr_assert_eq(metric(r.body, "sudokud_jobs_in_flight "), 0);
    metric(r.body, "sudokud_search_nodes_total "); /* present; complete grids need no search */
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_api, probe_mode_is_a_health_check, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char url[256], out[4096];
    test_http_url(url, sizeof(url), s.url, "/healthz");
    cr_assert_eq(
        test_server_run((const char *const[]){"--probe", url, NULL}, NULL, out, sizeof(out)), 0,
        "%s", out);
    test_http_url(url, sizeof(url), s.url, "/nope");
    cr_assert_eq(
        test_server_run((const char *const[]){"--probe", url, NULL}, NULL, out, sizeof(out)), 1,
        "a 404 is not healthy: %s", out);
    snprintf(url, sizeof(url), "http://localhost:%d/readyz", s.port);
    cr_assert_eq(
        test_server_run((const char *const[]){"--probe", url, NULL}, NULL, out, sizeof(out)), 0,
        "host names resolve: %s", out);
    test_server_stop(&s);
    cr_assert_eq(
        test_server_run((const char *const[]){"--probe", url, NULL}, NULL, out, sizeof(out)), 1,
        "nothing listens any more: %s", out);
    cr_assert_eq(
        test_server_run((const char *const[]){"--probe", "ftp://x/", NULL}, NULL, out, sizeof(out)),
        1);
}

Test(http_api, command_line_help_version_and_bad_values, .timeout = 60)
{
    char out[16384];
    cr_assert_eq(test_server_run((const char *const[]){"--help", NULL}, NULL, out, sizeof(out)), 0);
    cr_assert(strstr(out, "--max-batch-items") && strstr(out, "SUDOKUD_MAX_BATCH_ITEMS") &&
                  strstr(out, "--probe") && strstr(out, "default"),
              "%s", out);
    cr_assert_eq(test_server_run((const char *const[]){"--version", NULL}, NULL, out, sizeof(out)),
                 0);
    cr_assert(strncmp(out, "sudokud 1.0.0", 13) == 0, "%s", out);
    cr_assert_eq(
        test_server_run((const char *const[]){"--workers", "0", NULL}, NULL, out, sizeof(out)), 2);
    cr_assert(strstr(out, "--workers") != NULL, "%s", out);
    cr_assert_eq(test_server_run((const char *const[]){"--port", "0", NULL},
                                 (const char *const[]){"SUDOKUD_QUEUE_DEPTH=lots", NULL}, out,
                                 sizeof(out)),
                 2);
    cr_assert(strstr(out, "SUDOKUD_QUEUE_DEPTH") != NULL, "%s", out);
    cr_assert_eq(test_server_run((const char *const[]){"--bind", "not-an-ip", "--port", "0", NULL},
                                 NULL, out, sizeof(out)),
                 1);
    cr_assert(strstr(out, "--bind") != NULL, "%s", out);
    /* an origin with a path would silently never match: refused at start */
    cr_assert_eq(test_server_run((const char *const[]){"--port", "0", "--cors-origins",
                                                       "https://app.example/", NULL},
                                 NULL, out, sizeof(out)),
                 1);
    cr_assert(strstr(out, "--cors-origins") != NULL && strstr(out, "trailing slash") != NULL, "%s",
              out);
}
