/* unit_api.c -- every endpoint, input form and problem type, driven without a socket.
 *
 * Requests go through api_route(), api_handle() and api_finish(), as the
 * HTTP layer calls them, on an API without worker threads: every job runs
 * on the calling thread, so each call answers at once. Streamed bodies are
 * read in odd-sized steps. Also checks that problems.h and openapi.yaml
 * list the same problem types.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/api.h"
#include "server/config.h"
#include "server/metrics.h"
#include "writers/problems.h"
#include "solver/sudoku.h"

static struct config cfg;
static api_context *ctx;

static void setup(void)
{
    char err[256];
    config_defaults(&cfg);
    cfg.workers = 2;
    cfg.max_batch_items = 50;
    cfg.cors_origins = "https://app.example, https://other.example";
    ctx = api_new(&cfg, NULL, err, sizeof(err));
    cr_assert(ctx != NULL, "%s", err);
}

static void teardown(void)
{
    api_free(ctx);
}

TestSuite(api, .init = setup, .fini = teardown);

/* One exchange: the response and its body parsed when it is JSON. */
struct exchange {
    api_response resp;
    cJSON *json;
    char *text; /* the body as a C string */
};

struct call {
    const char *method;
    const char *path;
    const char *content_type;
    const char *body;
    const api_param *query;
    size_t nquery;
    const char *origin;
};

/* Reads a streamed body whole, in odd-sized steps that cross every piece
 * boundary somewhere; without worker threads every part is ready. */
static char *read_stream(job_stream *stream, size_t *len)
{
    size_t cap = 1 << 16, got = 0;
    char *text = malloc(cap);
    ssize_t n;
    while ((n = job_stream_read(stream, text + got, 777)) > 0) {
        got += (size_t)n;
        if (cap - got < 1024) text = realloc(text, cap *= 2);
    }
    cr_assert_eq(n, 0, "every part was done: the stream must not wait");
    text[got] = '\0';
    *len = got;
    return text;
}

/* Answers req as the HTTP layer does, and records it in the metrics. */
static struct exchange run_request(api_request *req)
{
    struct exchange x = {0};
    req->request_id = "test-id";
    req->start_ns = sudoku_now_ns();
    api_route(ctx, req);
    cr_assert_eq(api_handle(ctx, req, NULL, &x.resp), API_ANSWERED,
                 "without worker threads every request is answered at once");
    if (x.resp.stream != NULL) {
        size_t len;
        x.text = read_stream(x.resp.stream, &len);
        job_stream_free(x.resp.stream);
        x.resp.stream = NULL;
    } else {
        x.text = strndup(x.resp.body != NULL ? x.resp.body : "", x.resp.body_len);
    }
    api_finish(ctx, req, x.resp.status);
    x.json = cJSON_Parse(x.text);
    return x;
}

static struct exchange run(struct call c)
{
    api_request req = {0};
    req.method = c.method;
    req.path = c.path;
    req.content_type = c.content_type;
    req.origin = c.origin;
    req.body = c.body;
    req.body_len = c.body != NULL ? strlen(c.body) : 0;
    req.query = c.query;
    req.nquery = c.nquery;
    return run_request(&req);
}

static struct exchange post(const char *path, const char *body)
{
    return run((struct call){.method = "POST",
                             .path = path,
                             .content_type = "application/json",
                             .body = body,
                             .query = NULL,
                             .nquery = 0,
                             .origin = NULL});
}

static void done(struct exchange *x)
{
    cJSON_Delete(x->json);
    free(x->text);
    api_response_free(&x->resp);
}

static const char *header(const struct exchange *x, const char *name)
{
    for (size_t i = 0; i < x->resp.nheaders; i++) {
        if (strcmp(x->resp.headers[i].name, name) == 0) return x->resp.headers[i].value;
    }
    return NULL;
}

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static const char *get_str(const cJSON *obj, const char *key)
{
    const cJSON *v = get(obj, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Asserts a problem response of the given slug; returns its JSON. */
static const cJSON *expect_problem(struct exchange *x, int status, const char *slug)
{
    char type[128];
    snprintf(type, sizeof(type), "urn:sudokud:problem:%s", slug);
    cr_assert_eq(x->resp.status, status, "status %d, want %d: %s", x->resp.status, status, x->text);
    cr_assert_str_eq(x->resp.content_type, "application/problem+json");
    cr_assert_not_null(x->json, "not JSON: %s", x->text);
    cr_assert_str_eq(get_str(x->json, "type"), type, "%s", x->text);
    cr_assert_eq(get(x->json, "status")->valueint, status);
    cr_assert_not_null(get_str(x->json, "title"));
    cr_assert_not_null(get_str(x->json, "detail"));
    return x->json;
}

static const char *first_pointer(const cJSON *problem)
{
    const cJSON *errors = get(problem, "errors");
    if (!cJSON_IsArray(errors) || errors->child == NULL) return NULL;
    return get_str(errors->child, "pointer");
}

/* Reads a solution value (string, rows or flat) into cells. */
static void solution_cells(const cJSON *v, int n, uint8_t *cells)
{
    if (cJSON_IsString(v)) {
        cr_assert_eq((int)strlen(v->valuestring), n * n);
        for (int i = 0; i < n * n; i++) {
            char ch = v->valuestring[i];
            cells[i] = (uint8_t)(ch <= '9' ? ch - '0' : ch - 'A' + 10);
        }
        return;
    }
    cr_assert(cJSON_IsArray(v));
    int i = 0;
    for (const cJSON *e = v->child; e != NULL; e = e->next) {
        if (cJSON_IsArray(e)) {
            for (const cJSON *c = e->child; c != NULL; c = c->next)
                cells[i++] = (uint8_t)c->valueint;
        } else {
            cells[i++] = (uint8_t)e->valueint;
        }
    }
    cr_assert_eq(i, n * n);
}

/* Checks a result's solution against the rules of p and p's givens. */
static void expect_solution(const cJSON *result, const sudoku_puzzle *p)
{
    uint8_t cells[SUDOKU_MAX_CELLS];
    solution_cells(get(result, "solution"), p->size, cells);
    cr_assert(sudoku_is_solution(p, cells), "not a solution");
    for (int i = 0; i < p->size * p->size; i++) {
        if (p->cells[i] != 0) cr_assert_eq(cells[i], p->cells[i], "given %d changed", i);
    }
}

static const char *const classic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static sudoku_puzzle *parse(const char *text, int box_rows, int box_cols)
{
    sudoku_puzzle *p = malloc(sizeof(*p));
    cr_assert_eq(sudoku_parse(text, strlen(text), 0, box_rows, box_cols, p, NULL), 0);
    return p;
}

/* ---- service endpoints ---------------------------------------------------------- */

Test(api, healthz_readyz_info)
{
    struct exchange x = run((struct call){.method = "GET", .path = "/healthz"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert_str_eq(get_str(x.json, "status"), "ok");
    done(&x);

    x = run((struct call){.method = "GET", .path = "/readyz"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert_str_eq(get_str(x.json, "status"), "ready");
    done(&x);

    x = run((struct call){.method = "GET", .path = "/v1/info"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert_str_eq(get_str(x.json, "name"), "sudokud");
    cr_assert_str_eq(get_str(x.json, "version"), SUDOKUD_VERSION);
    cr_assert_eq(get(get(x.json, "shapes"), "max_size")->valueint, 64);
    cr_assert_eq(get(get(x.json, "limits"), "max_batch_items")->valueint, 50);
    cr_assert_eq(get(x.json, "workers")->valueint, 2);
    done(&x);
}

Test(api, draining_fails_readiness_and_new_solves_but_not_health)
{
    api_begin_drain(ctx);
    struct exchange x = run((struct call){.method = "GET", .path = "/readyz"});
    expect_problem(&x, 503, "draining");
    cr_assert_str_eq(header(&x, "Retry-After"), "1");
    done(&x);

    x = run((struct call){.method = "GET", .path = "/healthz"});
    cr_assert_eq(x.resp.status, 200);
    done(&x);

    char body[200];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", classic);
    x = post("/v1/solve", body);
    expect_problem(&x, 503, "draining");
    done(&x);
}

Test(api, metrics_are_prometheus_text)
{
    struct exchange x = post("/v1/solve", "{\"puzzle\":\"1234341221434321\"}");
    cr_assert_eq(x.resp.status, 200);
    done(&x);
    x = run((struct call){.method = "GET", .path = "/metrics"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert(strncmp(x.resp.content_type, "text/plain; version=0.0.4", 25) == 0);
    cr_assert(strstr(x.text, "sudokud_requests_total{route=\"solve\",status=\"200\"} 1") != NULL,
              "%s", x.text);
    cr_assert(strstr(x.text, "sudokud_solves_total{status=\"solved\"} 1") != NULL, "%s", x.text);
    cr_assert(strstr(x.text, "# TYPE sudokud_request_duration_seconds histogram") != NULL);
    cr_assert(strstr(x.text, "sudokud_request_duration_seconds_bucket{le=\"+Inf\"} 1") != NULL);
    cr_assert(strstr(x.text, "sudokud_queue_depth 0") != NULL);
    cr_assert(strstr(x.text, "sudokud_jobs_in_flight 0") != NULL);
    cr_assert(strstr(x.text, "sudokud_search_nodes_total ") != NULL);
    done(&x);
}

Test(api, openapi_is_the_embedded_file)
{
    FILE *f = fopen("openapi.yaml", "rb");
    cr_assert_not_null(f, "run the tests from the repository root");
    char *file = malloc(1 << 22);
    size_t n = fread(file, 1, 1 << 22, f);
    fclose(f);
    struct exchange x = run((struct call){.method = "GET", .path = "/openapi.yaml"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert_str_eq(x.resp.content_type, "application/yaml");
    cr_assert_eq(x.resp.body_len, n);
    cr_assert(memcmp(x.resp.body, file, n) == 0);
    free(file);
    done(&x);
}

Test(api, problem_types_match_openapi_yaml)
{
    static const char *const slugs[] = {
#define X(name, slug, status, title) slug,
        API_PROBLEMS(X)
#undef X
    };
    size_t nslugs = sizeof(slugs) / sizeof(slugs[0]);
    bool seen[sizeof(slugs) / sizeof(slugs[0])] = {false};
    FILE *f = fopen("openapi.yaml", "r");
    cr_assert_not_null(f, "run the tests from the repository root");
    char line[1024];
    size_t found = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        char *urn = strstr(line, API_PROBLEM_URN);
        if (urn == NULL) continue;
        char *slug = urn + strlen(API_PROBLEM_URN);
        slug[strcspn(slug, " \t\r\n'\",]#")] = '\0';
        size_t k = 0;
        while (k < nslugs && strcmp(slugs[k], slug) != 0) k++;
        cr_assert(k < nslugs, "openapi.yaml lists %s, problems.h does not", slug);
        cr_assert(!seen[k], "openapi.yaml lists %s twice", slug);
        seen[k] = true;
        found++;
    }
    fclose(f);
    for (size_t k = 0; k < nslugs; k++)
        cr_assert(seen[k], "problems.h has %s, openapi.yaml does not", slugs[k]);
    cr_assert_eq(found, nslugs);
}

/* ---- routing, CORS, ids ------------------------------------------------------------ */

Test(api, unknown_path_is_404_and_wrong_method_405_with_allow)
{
    struct exchange x = run((struct call){.method = "GET", .path = "/nope"});
    expect_problem(&x, 404, "not-found");
    cr_assert_str_eq(get_str(x.json, "instance"), "/nope");
    cr_assert_str_eq(get_str(x.json, "request_id"), "test-id");
    done(&x);

    x = run((struct call){.method = "GET", .path = "/v1/solve"});
    expect_problem(&x, 405, "method-not-allowed");
    cr_assert_str_eq(header(&x, "Allow"), "POST, OPTIONS");
    done(&x);

    x = run((struct call){.method = "DELETE", .path = "/healthz"});
    expect_problem(&x, 405, "method-not-allowed");
    cr_assert_str_eq(header(&x, "Allow"), "GET, HEAD, OPTIONS");
    done(&x);

    x = run((struct call){.method = "GET", .path = "/v1/solve/"});
    expect_problem(&x, 404, "not-found");
    done(&x);
}

Test(api, cors_preflight_and_simple_requests)
{
    struct exchange x = run(
        (struct call){.method = "OPTIONS", .path = "/v1/solve", .origin = "https://app.example"});
    cr_assert_eq(x.resp.status, 204);
    cr_assert_str_eq(header(&x, "Access-Control-Allow-Origin"), "https://app.example");
    cr_assert_str_eq(header(&x, "Access-Control-Allow-Methods"), "GET, POST, OPTIONS");
    cr_assert_str_eq(header(&x, "Access-Control-Allow-Headers"), "Content-Type, X-Request-Id");
    cr_assert_str_eq(header(&x, "Access-Control-Max-Age"), "600");
    cr_assert_str_eq(header(&x, "Vary"), "Origin");
    done(&x);

    x = run(
        (struct call){.method = "OPTIONS", .path = "/v1/solve", .origin = "https://evil.example"});
    cr_assert_eq(x.resp.status, 204);
    cr_assert_null(header(&x, "Access-Control-Allow-Origin"));
    done(&x);

    x = run((struct call){.method = "GET", .path = "/healthz", .origin = "https://other.example"});
    cr_assert_str_eq(header(&x, "Access-Control-Allow-Origin"), "https://other.example");
    cr_assert_str_eq(header(&x, "Access-Control-Expose-Headers"), "X-Request-Id, Server-Timing");
    done(&x);

    x = run((struct call){.method = "OPTIONS", .path = "/nope", .origin = "https://app.example"});
    expect_problem(&x, 404, "not-found");
    done(&x);
}

Test(api, request_ids_are_echoed_or_generated)
{
    char id[API_REQUEST_ID_LEN], other[API_REQUEST_ID_LEN];
    api_request_id(ctx, "abc-DEF_1.2", id);
    cr_assert_str_eq(id, "abc-DEF_1.2");
    char longest[65];
    memset(longest, 'a', 64);
    longest[64] = '\0';
    api_request_id(ctx, longest, id);
    cr_assert_str_eq(id, longest);

    static const char *const bad[] = {"", "has space", "semi;colon", "\xc3\xa9", NULL};
    char toolong[66];
    memset(toolong, 'b', 65);
    toolong[65] = '\0';
    for (size_t i = 0; i < 6; i++) {
        const char *client = i < 4 ? bad[i] : i == 4 ? toolong : NULL;
        api_request_id(ctx, client, id);
        cr_assert_eq(strlen(id), 16, "id '%s' for '%s'", id, client ? client : "(none)");
        cr_assert_eq(strspn(id, "0123456789abcdef"), 16);
    }
    api_request_id(ctx, NULL, id);
    api_request_id(ctx, NULL, other);
    cr_assert_str_neq(id, other, "two generated ids are equal");
}

/* ---- solve: input forms ---------------------------------------------------------------- */

Test(api, solves_the_string_form)
{
    char body[200];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", classic);
    struct exchange x = post("/v1/solve", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(x.resp.content_type, "application/json");
    cr_assert_str_eq(get_str(x.json, "status"), "solved");
    cr_assert(cJSON_IsTrue(get(x.json, "unique")));
    cr_assert_eq(get(x.json, "size")->valueint, 9);
    cr_assert_eq(get(get(x.json, "box"), "rows")->valueint, 3);
    cr_assert_eq(get(x.json, "solution_count")->valueint, 1);
    cr_assert(cJSON_IsTrue(get(x.json, "count_exact")));
    cr_assert_null(get(x.json, "solutions"));
    cr_assert_null(get(x.json, "limit_reason"));
    cr_assert_not_null(get(get(x.json, "stats"), "nodes"));
    const cJSON *t = get(x.json, "timing_us");
    cr_assert(get(t, "queue") && get(t, "solve") && get(t, "total"));
    /* Server-Timing carries the same microseconds, as milliseconds */
    unsigned long long ms[3], frac[3];
    int end = 0;
    cr_assert_eq(sscanf(x.resp.server_timing,
                        "queue;dur=%llu.%3llu, solve;dur=%llu.%3llu, total;dur=%llu.%3llu%n",
                        &ms[0], &frac[0], &ms[1], &frac[1], &ms[2], &frac[2], &end),
                 6, "%s", x.resp.server_timing);
    cr_assert_eq(x.resp.server_timing[end], '\0', "%s", x.resp.server_timing);
    const char *const parts[] = {"queue", "solve", "total"};
    for (int i = 0; i < 3; i++)
        cr_assert_eq(ms[i] * 1000 + frac[i], (unsigned long long)get(t, parts[i])->valuedouble,
                     "%s vs timing_us.%s", x.resp.server_timing, parts[i]);
    sudoku_puzzle *p = parse(classic, 0, 0);
    expect_solution(x.json, p);
    free(p);
    done(&x);
}

Test(api, solves_rows_and_flat_arrays_in_their_own_shape)
{
    sudoku_puzzle *p = parse(classic, 0, 0);
    char rows[1024] = "{\"puzzle\":[", flat[1024] = "{\"puzzle\":[";
    for (int r = 0; r < 9; r++) {
        strcat(rows, r ? ",[" : "[");
        for (int c = 0; c < 9; c++) {
            char cell[8];
            int v = p->cells[r * 9 + c];
            snprintf(cell, sizeof(cell), "%s%s", c ? "," : "",
                     v ? (char[2]){(char)('0' + v), 0} : "null");
            strcat(rows, cell);
            snprintf(cell, sizeof(cell), "%s%d", r || c ? "," : "", v);
            strcat(flat, cell);
        }
        strcat(rows, "]");
    }
    strcat(rows, "]}");
    strcat(flat, "]}");

    struct exchange x = post("/v1/solve", rows);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    const cJSON *sol = get(x.json, "solution");
    cr_assert(cJSON_IsArray(sol) && cJSON_IsArray(sol->child), "rows in, rows out");
    expect_solution(x.json, p);
    done(&x);

    x = post("/v1/solve", flat);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    sol = get(x.json, "solution");
    cr_assert(cJSON_IsArray(sol) && cJSON_IsNumber(sol->child), "flat in, flat out");
    expect_solution(x.json, p);
    done(&x);
    free(p);
}

/* Solves an empty grid of a shape and checks the solution obeys it. */
static void solve_empty(int n, int box_rows, int box_cols, bool diagonal, const char *regions)
{
    char *body = malloc(64 * 1024);
    int len = snprintf(body, 64 * 1024, "{\"max_solutions\":1,\"puzzle\":[");
    for (int i = 0; i < n * n; i++)
        len += snprintf(body + len, (size_t)(64 * 1024 - len), "%s0", i ? "," : "");
    len += snprintf(body + len, (size_t)(64 * 1024 - len), "]");
    if (box_rows)
        len += snprintf(body + len, (size_t)(64 * 1024 - len), ",\"box\":{\"rows\":%d,\"cols\":%d}",
                        box_rows, box_cols);
    if (diagonal) len += snprintf(body + len, (size_t)(64 * 1024 - len), ",\"diagonal\":true");
    if (regions)
        len += snprintf(body + len, (size_t)(64 * 1024 - len), ",\"regions\":\"%s\"", regions);
    snprintf(body + len, (size_t)(64 * 1024 - len), "}");

    struct exchange x = post("/v1/solve", body);
    cr_assert_eq(x.resp.status, 200, "%dx%d: %s", n, n, x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "solved");
    cr_assert(cJSON_IsNull(get(x.json, "unique")), "one solution asked: uniqueness unknown");
    cr_assert_eq(get(x.json, "size")->valueint, n);

    sudoku_puzzle *p = calloc(1, sizeof(*p));
    cr_assert_eq(sudoku_puzzle_init(p, n, box_rows, box_cols, NULL), 0);
    p->diagonal = diagonal;
    if (regions) {
        char labels[SUDOKU_MAX_SIZE];
        int nlabels = 0, k = 0;
        for (const char *c = regions; *c; c++) {
            if (*c == ' ') continue;
            int id = 0;
            while (id < nlabels && labels[id] != *c) id++;
            if (id == nlabels) labels[nlabels++] = *c;
            p->regions[k++] = (uint8_t)id;
        }
        p->has_regions = true;
    }
    expect_solution(x.json, p);
    free(p);
    done(&x);
    free(body);
}

Test(api, solves_every_shape_and_variant)
{
    solve_empty(4, 0, 0, false, NULL);
    solve_empty(6, 0, 0, false, NULL);
    solve_empty(6, 3, 2, false, NULL);
    solve_empty(8, 2, 4, false, NULL);
    solve_empty(9, 0, 0, true, NULL);
    solve_empty(12, 0, 0, false, NULL);
    solve_empty(16, 0, 0, false, NULL);
    solve_empty(6, 0, 0, false, "AAABBB AACBBB ACCDDD CCCDDD EEEFFF EEEFFF");
}

Test(api, solutions_are_returned_and_counted_as_asked)
{
    struct exchange x = post("/v1/solve", "{\"puzzle\":\"1...............\",\"max_solutions\":5,"
                                          "\"return_solutions\":3}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "multiple");
    cr_assert(cJSON_IsFalse(get(x.json, "unique")));
    cr_assert_eq(get(x.json, "solution_count")->valueint, 5);
    cr_assert(cJSON_IsFalse(get(x.json, "count_exact")));
    cr_assert_eq(cJSON_GetArraySize(get(x.json, "solutions")), 3);
    done(&x);

    x = post("/v1/solve", "{\"puzzle\":\"1...............\",\"return_solutions\":0}");
    cr_assert(cJSON_IsNull(get(x.json, "solution")), "%s", x.text);
    done(&x);

    /* (0,0) sees 2 and 3 in its row, 1 in its column, 4 in its box */
    x = post("/v1/solve", "{\"puzzle\":\"..23.4..1.......\"}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "no_solution");
    cr_assert(cJSON_IsFalse(get(x.json, "unique")));
    cr_assert(cJSON_IsNull(get(x.json, "solution")));
    done(&x);
}

/* Reads a fixture file into a NUL-terminated string without its trailing newline. */
/* A whole file as a C string; *len gets its length. */
static char *read_file_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s: run the tests from the repository root", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    *len = fread(text, 1, (size_t)size, f);
    text[*len] = '\0';
    fclose(f);
    return text;
}

static char *fixture(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s: run the tests from the repository root", path);
    char *text = calloc(1, 1 << 16);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r')) text[--n] = '\0';
    return text;
}

Test(api, deadline_gives_status_limit)
{
    /* 25x25, 21 givens, no solution, but only a deep search can tell */
    char *puzzle = fixture("tests/data/http/unsolvable25.txt");
    char body[2048];
    snprintf(body, sizeof(body), "{\"timeout_ms\":30,\"puzzle\":\"%s\"}", puzzle);
    uint64_t t0 = sudoku_now_ns();
    struct exchange x = post("/v1/solve", body);
    uint64_t ms = (sudoku_now_ns() - t0) / 1000000;
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "limit");
    cr_assert_str_eq(get_str(x.json, "limit_reason"), "deadline");
    cr_assert(cJSON_IsNull(get(x.json, "unique")));
    cr_assert(cJSON_IsNull(get(x.json, "solution")));
    cr_assert_lt(ms, 1000, "a 30 ms budget took %llu ms", (unsigned long long)ms);
    done(&x);

    /* validate's checks run on the same budget: unknown is null */
    cfg.default_timeout_ms = 20;
    snprintf(body, sizeof(body), "{\"check\":[\"solvable\"],\"puzzle\":\"%s\"}", puzzle);
    x = post("/v1/validate", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert(cJSON_IsNull(get(x.json, "solvable")), "%s", x.text);
    done(&x);
    free(puzzle);
}

Test(api, cancel_stops_running_solves)
{
    char *puzzle = fixture("tests/data/http/unsolvable25.txt");
    char body[2048];
    snprintf(body, sizeof(body), "{\"timeout_ms\":10000,\"puzzle\":\"%s\"}", puzzle);
    api_cancel_work(ctx); /* sets the cancel flag every solve polls */
    uint64_t t0 = sudoku_now_ns();
    struct exchange x = post("/v1/solve", body);
    cr_assert_lt((sudoku_now_ns() - t0) / 1000000, 1000);
    cr_assert(strstr(x.text, "\"limit_reason\":\"cancel\"") != NULL, "%s", x.text);
    done(&x);
    free(puzzle);
}

/* ---- solve: problems -------------------------------------------------------------------- */

static void expect_post_problem(const char *body, int status, const char *slug, const char *pointer)
{
    struct exchange x = post("/v1/solve", body);
    const cJSON *p = expect_problem(&x, status, slug);
    if (pointer != NULL) {
        const char *got = first_pointer(p);
        cr_assert_not_null(got, "%s: no errors[].pointer in %s", body, x.text);
        cr_assert_str_eq(got, pointer, "%s: %s", body, x.text);
    }
    done(&x);
}

Test(api, malformed_json_names_the_offset)
{
    struct exchange x = post("/v1/solve", "{\"puzzle\": \"12\"");
    expect_problem(&x, 400, "malformed-json");
    cr_assert(strstr(get_str(x.json, "detail"), "byte offset") != NULL);
    done(&x);
    expect_post_problem("", 400, "malformed-json", NULL);
    expect_post_problem("{\"puzzle\":\"1234341221434321\"} trailing", 400, "malformed-json", NULL);
    expect_post_problem("{\"puzzle\":\"12\\u0000\"}", 400, "malformed-json", NULL);
    expect_post_problem("{\"puzzle\":\"\xff\"}", 400, "malformed-json", NULL);
}

Test(api, deep_nesting_is_malformed_not_a_crash)
{
    size_t depth = 100000;
    char *body = malloc(2 * depth + 32);
    strcpy(body, "{\"puzzle\":");
    size_t len = strlen(body);
    memset(body + len, '[', depth);
    memset(body + len + depth, ']', depth);
    strcpy(body + len + 2 * depth, "}");
    expect_post_problem(body, 400, "malformed-json", NULL);
    free(body);
}

Test(api, invalid_requests_point_at_the_value)
{
    expect_post_problem("[1,2]", 400, "invalid-request", "");
    expect_post_problem("{}", 400, "invalid-request", "/puzzle");
    expect_post_problem("{\"puzzle\":5}", 400, "invalid-request", "/puzzle");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"maxsolutions\":1}", 400,
                        "invalid-request", "/maxsolutions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"a/b~c\":1}", 400, "invalid-request",
                        "/a~1b~0c");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"puzzle\":\"1234341221434321\"}", 400,
                        "invalid-request", "/puzzle");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"max_solutions\":0}", 400,
                        "invalid-request", "/max_solutions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"max_solutions\":1.5}", 400,
                        "invalid-request", "/max_solutions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"max_solutions\":\"2\"}", 400,
                        "invalid-request", "/max_solutions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"max_solutions\":1e300}", 400,
                        "invalid-request", "/max_solutions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"max_solutions\":"
                        "1234567890123456789012345678901234567890123456789012345678901234}",
                        400, "invalid-request", NULL);
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"return_solutions\":101}", 400,
                        "invalid-request", "/return_solutions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"timeout_ms\":10001}", 400,
                        "invalid-request", "/timeout_ms");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"timeout_ms\":0}", 400,
                        "invalid-request", "/timeout_ms");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"diagonal\":1}", 400, "invalid-request",
                        "/diagonal");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"box\":[2,2]}", 400, "invalid-request",
                        "/box");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"box\":{\"rows\":2}}", 400,
                        "invalid-request", "/box/cols");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"box\":{\"rows\":2,\"cols\":2,"
                        "\"x\":1}}",
                        400, "invalid-request", "/box/x");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"regions\":true}", 400,
                        "invalid-request", "/regions");
    expect_post_problem("{\"puzzle\":\"1234341221434321\",\"check\":[\"solvable\"]}", 400,
                        "invalid-request", "/check");
}

Test(api, invalid_puzzles_point_at_the_cell)
{
    expect_post_problem("{\"puzzle\":\"123434122143432*\"}", 400, "invalid-puzzle", "/puzzle");
    expect_post_problem("{\"puzzle\":\"12343412214343\"}", 400, "invalid-puzzle", "/puzzle");
    expect_post_problem("{\"puzzle\":\"\"}", 400, "invalid-puzzle", "/puzzle");
    expect_post_problem("{\"puzzle\":\"123434122143432G\"}", 400, "invalid-puzzle", "/puzzle");
    expect_post_problem("{\"puzzle\":[]}", 400, "invalid-puzzle", "/puzzle");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4],[4,3,2,1]]}", 400,
                        "invalid-puzzle", "/puzzle/2");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4,3,1],[4,3,2,1]]}", 400,
                        "invalid-puzzle", "/puzzle/2");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4,5],[4,3,2,1]]}", 400,
                        "invalid-puzzle", "/puzzle/2/3");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4,-1],[4,3,2,1]]}", 400,
                        "invalid-puzzle", "/puzzle/2/3");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4,\"3\"],[4,3,2,1]]}", 400,
                        "invalid-puzzle", "/puzzle/2/3");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],[2,1,4,3.5],[4,3,2,1]]}", 400,
                        "invalid-puzzle", "/puzzle/2/3");
    expect_post_problem("{\"puzzle\":[[1,2,3,4],[3,4,1,2],5,[4,3,2,1]]}", 400, "invalid-puzzle",
                        "/puzzle/2");
    expect_post_problem("{\"puzzle\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2]}", 400, "invalid-puzzle",
                        "/puzzle");
    expect_post_problem("{\"puzzle\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,9]}", 400, "invalid-puzzle",
                        "/puzzle/15");
}

Test(api, conflicting_givens_list_every_conflict)
{
    struct exchange x = post("/v1/solve", "{\"puzzle\":[[1,1,0,0],[0,0,0,0],[1,0,0,0],[0,0,0,0]]}");
    const cJSON *p = expect_problem(&x, 422, "conflicting-givens");
    const cJSON *conflicts = get(p, "conflicts");
    cr_assert_eq(cJSON_GetArraySize(conflicts), 3, "row 0, box 0, column 0: %s", x.text);
    bool row = false, col = false, box = false;
    for (const cJSON *c = conflicts->child; c != NULL; c = c->next) {
        const char *unit = get_str(c, "unit");
        cr_assert_eq(get(c, "symbol")->valueint, 1);
        cr_assert_eq(get(c, "index")->valueint, 0);
        cr_assert_eq(cJSON_GetArraySize(get(c, "cells")), 2);
        row |= strcmp(unit, "row") == 0;
        col |= strcmp(unit, "column") == 0;
        box |= strcmp(unit, "box") == 0;
    }
    cr_assert(row && col && box);
    const cJSON *cell = get(conflicts->child, "cells")->child;
    cr_assert(get(cell, "row") != NULL && get(cell, "col") != NULL);
    done(&x);

    /* a jigsaw says "region", a diagonal puzzle "diagonal" */
    x = post("/v1/solve", "{\"puzzle\":\"1.........1.....\",\"regions\":\"AABBAABBCCDDCCDD\","
                          "\"diagonal\":true}");
    p = expect_problem(&x, 422, "conflicting-givens");
    cr_assert(strstr(x.text, "\"unit\":\"diagonal\"") != NULL, "%s", x.text);
    done(&x);
    x = post("/v1/solve", "{\"puzzle\":\"1....1..........\",\"regions\":\"AABBAABBCCDDCCDD\"}");
    expect_problem(&x, 422, "conflicting-givens");
    cr_assert(strstr(x.text, "\"unit\":\"region\"") != NULL, "%s", x.text);
    done(&x);
}

Test(api, unsupported_shapes)
{
    expect_post_problem("{\"puzzle\":\".........................\"}", 422, "unsupported-shape",
                        "/puzzle");
    expect_post_problem("{\"puzzle\":\".........\"}", 400, "invalid-puzzle", "/puzzle");
    expect_post_problem("{\"puzzle\":[[0,0,0],[0,0,0],[0,0,0]]}", 422, "unsupported-shape",
                        "/puzzle");
    expect_post_problem("{\"puzzle\":\"................\",\"box\":{\"rows\":2,\"cols\":3}}", 422,
                        "unsupported-shape", "/box");
    expect_post_problem("{\"puzzle\":\"................\",\"regions\":\"AABB\"}", 422,
                        "unsupported-shape", "/regions");
    expect_post_problem("{\"puzzle\":\"................\",\"regions\":\"AAABAABBCCDDCCDD\"}", 422,
                        "unsupported-shape", "/regions");
    expect_post_problem("{\"puzzle\":\"................\",\"regions\":[0,0,1,1,0,0,1,1,2,2,3,3,2,"
                        "2,3,4]}",
                        422, "unsupported-shape", "/regions");
    expect_post_problem("{\"puzzle\":\"................\",\"regions\":[0,0,1,1,0,0,1,1,2,2,3,3,2,"
                        "2,3,\"x\"]}",
                        400, "invalid-request", "/regions/15");
}

Test(api, media_type_must_be_json)
{
    struct exchange x = run((struct call){
        .method = "POST", .path = "/v1/solve", .content_type = "text/plain", .body = "{}"});
    expect_problem(&x, 415, "unsupported-media-type");
    done(&x);
    x = run(
        (struct call){.method = "POST", .path = "/v1/solve", .content_type = NULL, .body = "{}"});
    expect_problem(&x, 415, "unsupported-media-type");
    done(&x);
    x = run((struct call){.method = "POST",
                          .path = "/v1/solve",
                          .content_type = "application/x-www-form-urlencoded",
                          .body = "{}"});
    expect_problem(&x, 415, "unsupported-media-type");
    done(&x);
    x = run((struct call){.method = "POST",
                          .path = "/v1/solve",
                          .content_type = "Application/JSON ; charset=utf-8",
                          .body = "{\"puzzle\":\"1234341221434321\"}"});
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    done(&x);
    x = run((struct call){
        .method = "POST", .path = "/v1/solve", .content_type = "application/jsonx", .body = "{}"});
    expect_problem(&x, 415, "unsupported-media-type");
    done(&x);
}

Test(api, rejections_from_the_http_layer)
{
    api_request req = {.method = "POST", .path = "/v1/solve", .request_id = "r1"};
    api_route(ctx, &req);
    req.start_ns = sudoku_now_ns();
    struct exchange x = {0};
    api_reject(ctx, &req, API_PROBLEM_QUEUE_FULL, "busy", &x.resp);
    x.text = strndup(x.resp.body, x.resp.body_len);
    x.json = cJSON_Parse(x.text);
    expect_problem(&x, 503, "queue-full");
    cr_assert_str_eq(header(&x, "Retry-After"), "1");
    done(&x);

    memset(&x, 0, sizeof(x));
    api_reject(ctx, &req, API_PROBLEM_BODY_TOO_LARGE, "big", &x.resp);
    x.text = strndup(x.resp.body, x.resp.body_len);
    x.json = cJSON_Parse(x.text);
    expect_problem(&x, 413, "body-too-large");
    done(&x);
}

/* ---- validate ------------------------------------------------------------------------------ */

Test(api, validate_reports_conflicts_as_200)
{
    struct exchange x = post("/v1/validate", "{\"puzzle\":\"11..............\"}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert(cJSON_IsFalse(get(x.json, "valid")));
    cr_assert(cJSON_IsFalse(get(x.json, "complete")));
    cr_assert_eq(get(x.json, "givens")->valueint, 2);
    cr_assert_eq(get(x.json, "size")->valueint, 4);
    cr_assert_eq(cJSON_GetArraySize(get(x.json, "conflicts")), 2);
    cr_assert_null(get(x.json, "solvable"), "not asked");
    done(&x);

    x = post("/v1/validate", "{\"puzzle\":\"1234341221434321\"}");
    cr_assert(cJSON_IsTrue(get(x.json, "valid")));
    cr_assert(cJSON_IsTrue(get(x.json, "complete")));
    done(&x);
}

Test(api, validate_runs_checks_when_asked)
{
    char body[256];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"check\":[\"solvable\",\"unique\"]}",
             classic);
    struct exchange x = post("/v1/validate", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert(cJSON_IsTrue(get(x.json, "solvable")));
    cr_assert(cJSON_IsTrue(get(x.json, "unique")));
    done(&x);

    x = post("/v1/validate", "{\"puzzle\":\"1...............\",\"check\":[\"unique\"]}");
    cr_assert(cJSON_IsFalse(get(x.json, "unique")), "%s", x.text);
    cr_assert_null(get(x.json, "solvable"));
    done(&x);

    x = post("/v1/validate", "{\"puzzle\":\"..23.4..1.......\",\"check\":[\"solvable\"]}");
    cr_assert(cJSON_IsFalse(get(x.json, "solvable")), "%s", x.text);
    done(&x);

    x = post("/v1/validate", "{\"puzzle\":\"11..............\",\"check\":[\"solvable\"]}");
    cr_assert(cJSON_IsFalse(get(x.json, "valid")));
    cr_assert(cJSON_IsFalse(get(x.json, "solvable")), "%s", x.text);
    done(&x);

    x = post("/v1/validate", "{\"puzzle\":\"1...............\",\"check\":[\"unique\",\"fast\"]}");
    const cJSON *p = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(first_pointer(p), "/check/1");
    done(&x);

    x = post("/v1/validate", "{\"puzzle\":\"1...............\",\"max_solutions\":2}");
    expect_problem(&x, 400, "invalid-request");
    done(&x);
}

/* ---- batch ----------------------------------------------------------------------------------- */

Test(api, json_batch_keeps_order_and_mixes_results_with_problems)
{
    char body[1024];
    snprintf(body, sizeof(body),
             "{\"max_solutions\":1,\"puzzles\":[\"%s\",\"12\",[[1,2,3,4],[3,4,1,2],[2,1,4,3],"
             "[4,3,2,1]],{\"puzzle\":\"11..............\"},{\"puzzle\":\"1...............\","
             "\"max_solutions\":3,\"return_solutions\":2},{\"puzzle\":\"1234341221434321\","
             "\"bogus\":1},\"1234\\u0033412214343\\u0032\\u0031\",7]}",
             classic);
    struct exchange x = post("/v1/solve/batch", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    const cJSON *results = get(x.json, "results");
    cr_assert_eq(cJSON_GetArraySize(results), 8, "%s", x.text);
    const cJSON *r = results->child;
    for (int i = 0; r != NULL; r = r->next, i++)
        cr_assert_eq(get(r, "index")->valueint, i, "out of order: %s", x.text);
    r = results->child;
    cr_assert_str_eq(get_str(r, "status"), "solved");
    cr_assert_not_null(get(get(r, "timing_us"), "solve"));
    cr_assert_null(get(get(r, "timing_us"), "queue"));
    r = r->next;
    cr_assert_str_eq(get_str(r, "type"), "urn:sudokud:problem:invalid-puzzle");
    cr_assert_str_eq(first_pointer(r), "/puzzles/1");
    r = r->next;
    cr_assert_str_eq(get_str(r, "status"), "solved");
    cr_assert(cJSON_IsArray(get(r, "solution")->child), "rows in, rows out");
    r = r->next;
    cr_assert_str_eq(get_str(r, "type"), "urn:sudokud:problem:conflicting-givens");
    cr_assert_eq(cJSON_GetArraySize(get(r, "conflicts")), 2);
    r = r->next;
    cr_assert_str_eq(get_str(r, "status"), "multiple", "per-item options override");
    cr_assert_eq(cJSON_GetArraySize(get(r, "solutions")), 2);
    r = r->next;
    cr_assert_str_eq(get_str(r, "type"), "urn:sudokud:problem:invalid-request");
    cr_assert_str_eq(first_pointer(r), "/puzzles/5/bogus");
    r = r->next;
    cr_assert_str_eq(get_str(r, "status"), "solved", "escaped strings: %s", x.text);
    r = r->next;
    cr_assert_str_eq(get_str(r, "type"), "urn:sudokud:problem:invalid-request");

    const cJSON *s = get(x.json, "summary");
    cr_assert_eq(get(s, "count")->valueint, 8);
    cr_assert_eq(get(s, "solved")->valueint, 3);
    cr_assert_eq(get(s, "multiple")->valueint, 1);
    cr_assert_eq(get(s, "errors")->valueint, 4);
    cr_assert_eq(get(s, "no_solution")->valueint, 0);
    cr_assert_eq(get(s, "limit")->valueint, 0);
    cr_assert_not_null(get(s, "time_us"));
    done(&x);
}

Test(api, json_batch_shared_regions_apply_to_every_item)
{
    struct exchange x = post(
        "/v1/solve/batch", "{\"regions\":\"AABBAABBCCDDCCDD\",\"max_solutions\":1,"
                           "\"puzzles\":[\"1...............\",\"................\","
                           "{\"puzzle\":\"................\",\"regions\":\"ABBBAABBCCDDCCDD\"}]}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    const cJSON *r = get(x.json, "results")->child;
    cr_assert_str_eq(get_str(r, "status"), "solved");
    cr_assert_str_eq(get_str(r->next, "status"), "solved");
    cr_assert_str_eq(get_str(r->next->next, "type"), "urn:sudokud:problem:unsupported-shape");
    done(&x);
}

Test(api, json_batch_request_level_problems)
{
    struct exchange x = post("/v1/solve/batch", "{\"puzzle\":\"1234341221434321\"}");
    const cJSON *p = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(first_pointer(p), "/puzzle");
    done(&x);
    x = post("/v1/solve/batch", "{\"max_solutions\":1}");
    p = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(first_pointer(p), "/puzzles");
    done(&x);
    x = post("/v1/solve/batch", "{\"puzzles\":{}}");
    expect_problem(&x, 400, "invalid-request");
    done(&x);
    x = post("/v1/solve/batch", "{\"puzzles\":[],\"pu\\u007a\\u007ales\":[]}");
    p = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(first_pointer(p), "/puzzles", "escaped duplicate key: %s", x.text);
    done(&x);
    x = post("/v1/solve/batch", "{\"puzzles\":[],\"timeout_ms\":-1}");
    p = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(first_pointer(p), "/timeout_ms");
    done(&x);
    x = post("/v1/solve/batch", "{\"puzzles\":[1,2");
    expect_problem(&x, 400, "malformed-json");
    done(&x);

    char body[4096] = "{\"puzzles\":[";
    for (int i = 0; i < 51; i++) strcat(body, i ? ",\"1234341221434321\"" : "\"1234341221434321\"");
    strcat(body, "]}");
    x = post("/v1/solve/batch", body);
    expect_problem(&x, 413, "batch-too-large");
    done(&x);

    x = post("/v1/solve/batch", "{\"puzzles\":[]}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_eq(cJSON_GetArraySize(get(x.json, "results")), 0);
    cr_assert_eq(get(get(x.json, "summary"), "count")->valueint, 0);
    done(&x);
}

/* Splits an NDJSON body into parsed lines. */
static int ndjson_lines(const char *text, cJSON **out, int max)
{
    int n = 0;
    for (const char *p = text; *p != '\0' && n < max;) {
        const char *nl = strchr(p, '\n');
        cr_assert_not_null(nl, "the last line has no newline");
        out[n] = cJSON_ParseWithLength(p, (size_t)(nl - p));
        cr_assert_not_null(out[n], "line %d is not JSON", n);
        n++;
        p = nl + 1;
    }
    return n;
}

Test(api, text_batch_answers_one_ndjson_line_per_puzzle_line)
{
    char body[1024];
    snprintf(body, sizeof(body),
             "# a comment\n%s\n\n   \n12\r\n{\"puzzle\":[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
             "\"max_solutions\":1}\n\"1234341221434321\"\n11..............\n{\"puzzle\":1}\n"
             "1234341221434321",
             classic);
    api_param q[] = {{"max_solutions", "1"}, {"timeout_ms", "500"}};
    struct exchange x = run((struct call){.method = "POST",
                                          .path = "/v1/solve/batch",
                                          .content_type = "text/plain",
                                          .body = body,
                                          .query = q,
                                          .nquery = 2});
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(x.resp.content_type, "application/x-ndjson");
    cJSON *lines[16];
    int n = ndjson_lines(x.text, lines, 16);
    cr_assert_eq(n, 7, "%s", x.text);
    for (int i = 0; i < n; i++) cr_assert_eq(get(lines[i], "index")->valueint, i);
    cr_assert_str_eq(get_str(lines[0], "status"), "solved");
    cr_assert(cJSON_IsNull(get(lines[0], "unique")), "shared max_solutions=1 applies");
    cr_assert_str_eq(get_str(lines[1], "type"), "urn:sudokud:problem:invalid-puzzle");
    cr_assert(cJSON_IsArray(get(lines[2], "solution")), "flat in, flat out");
    cr_assert(cJSON_IsString(get(lines[3], "solution")));
    cr_assert_str_eq(get_str(lines[4], "type"), "urn:sudokud:problem:conflicting-givens");
    cr_assert_str_eq(get_str(lines[5], "type"), "urn:sudokud:problem:invalid-request");
    cr_assert_str_eq(get_str(lines[6], "status"), "solved");
    for (int i = 0; i < n; i++) cJSON_Delete(lines[i]);
    done(&x);

    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "application/x-ndjson",
                          .body = "\"1234341221434321\"\n"});
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(x.resp.content_type, "application/x-ndjson");
    done(&x);
}

Test(api, text_batch_takes_over_the_request_buffer_instead_of_copying_it)
{
    /* as the HTTP layer hands it: the body in a buffer the API may take */
    buf body = BUF_INIT;
    buf_puts(&body, classic);
    buf_puts(&body, "\n");
    buf_puts(&body, classic);
    api_request req = {.method = "POST",
                       .path = "/v1/solve/batch",
                       .content_type = "text/plain",
                       .body = body.data,
                       .body_len = body.len,
                       .body_buf = &body};
    struct exchange x = run_request(&req);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cJSON *lines[4];
    cr_assert_eq(ndjson_lines(x.text, lines, 4), 2, "%s", x.text);
    for (int i = 0; i < 2; i++) {
        cr_assert_str_eq(get_str(lines[i], "status"), "solved");
        cJSON_Delete(lines[i]);
    }
    cr_assert_null(body.data, "the job took the buffer: the request has none left to free");
    cr_assert_eq(body.len, 0);
    done(&x);
    buf_free(&body);
}

Test(api, text_batch_query_and_size_problems)
{
    api_param bad[] = {{"max_solutions", "0"}};
    struct exchange x = run((struct call){.method = "POST",
                                          .path = "/v1/solve/batch",
                                          .content_type = "text/plain",
                                          .body = "1234341221434321\n",
                                          .query = bad,
                                          .nquery = 1});
    expect_problem(&x, 400, "invalid-request");
    done(&x);
    api_param unknown[] = {{"diagonal", "true"}};
    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "text/plain",
                          .body = "1234341221434321\n",
                          .query = unknown,
                          .nquery = 1});
    expect_problem(&x, 400, "invalid-request");
    done(&x);
    api_param junk[] = {{"timeout_ms", "12ab"}};
    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "text/plain",
                          .body = "1234341221434321\n",
                          .query = junk,
                          .nquery = 1});
    expect_problem(&x, 400, "invalid-request");
    done(&x);

    char body[2048] = "";
    for (int i = 0; i < 51; i++) strcat(body, "1234341221434321\n");
    x = run((struct call){
        .method = "POST", .path = "/v1/solve/batch", .content_type = "text/plain", .body = body});
    expect_problem(&x, 413, "batch-too-large");
    done(&x);

    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "text/csv",
                          .body = "1234341221434321\n"});
    expect_problem(&x, 415, "unsupported-media-type");
    done(&x);

    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "text/plain",
                          .body = "# nothing\n\n"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert_eq(x.resp.body_len, 0);
    done(&x);
}

Test(api, batch_output_is_capped_by_the_body_size)
{
    /* 16 cells asking for 100 solutions each, from a tiny body */
    struct exchange x = post("/v1/solve/batch", "{\"return_solutions\":100,\"max_solutions\":100,"
                                                "\"puzzles\":[\"................\"]}");
    cr_assert_eq(x.resp.status, 200, "a small ask passes: %s", x.text);
    done(&x);

    char body[8192];
    int len = snprintf(body, sizeof(body),
                       "{\"return_solutions\":100,\"max_solutions\":100,\"puzzles\":[");
    for (int i = 0; i < 49; i++)
        len += snprintf(body + len, sizeof(body) - (size_t)len, "%s\"................\"",
                        i ? "," : "");
    snprintf(body + len, sizeof(body) - (size_t)len, "]}");
    x = post("/v1/solve/batch", body);
    expect_problem(&x, 413, "batch-too-large");
    done(&x);
}

/* Runs a batch and checks it was cut into several tasks, streamed. */
static char *streamed_batch(const char *content_type, const char *body, size_t *len)
{
    api_request req = {.method = "POST",
                       .path = "/v1/solve/batch",
                       .content_type = content_type,
                       .body = body,
                       .body_len = strlen(body),
                       .request_id = "s"};
    api_response resp;
    api_route(ctx, &req);
    req.start_ns = sudoku_now_ns();
    cr_assert_eq(api_handle(ctx, &req, NULL, &resp), API_ANSWERED);
    cr_assert_not_null(req.job);
    cr_assert_gt(job_ntasks(req.job), 1, "a batch of this size is cut into chunks");
    cr_assert_not_null(resp.stream);
    cr_assert_eq(resp.status, 200);
    char *text = read_stream(resp.stream, len);
    api_response_free(&resp);
    api_finish(ctx, &req, 200);
    return text;
}

Test(api, batch_answers_stream_from_the_chunk_buffers)
{
    char *lines = fixture("tests/data/http/top95.txt");
    char *body = malloc(strlen(lines) * 2 + 64);
    sprintf(body, "%s\n%s\n", lines, lines);
    cfg.max_batch_items = 1000;
    size_t len;
    char *text = streamed_batch("text/plain", body, &len);
    int n = 0;
    for (char *p = text; *p != '\0'; n++) {
        char *nl = strchr(p, '\n');
        cr_assert_not_null(nl);
        char want[32];
        snprintf(want, sizeof(want), "{\"index\":%d,", n);
        cr_assert(strncmp(p, want, strlen(want)) == 0, "line %d: %.40s", n, p);
        p = nl + 1;
    }
    cr_assert_eq(n, 190);
    free(text);

    char *json = malloc(strlen(lines) * 2 + 1024);
    size_t k = (size_t)sprintf(json, "{\"max_solutions\":1,\"puzzles\":[");
    for (char *p = lines; *p != '\0';) {
        char *nl = strchr(p, '\n');
        size_t l = nl != NULL ? (size_t)(nl - p) : strlen(p);
        k += (size_t)sprintf(json + k, "%s\"%.*s\"", k > 30 ? "," : "", (int)l, p);
        p += l + (nl != NULL);
    }
    strcpy(json + k, "]}");
    text = streamed_batch("application/json", json, &len);
    cJSON *j = cJSON_Parse(text);
    cr_assert_not_null(j, "the streamed JSON body does not parse");
    cr_assert_eq(cJSON_GetArraySize(get(j, "results")), 95);
    cr_assert_eq(get(get(j, "summary"), "solved")->valueint, 95);
    cJSON_Delete(j);
    free(text);
    free(json);
    free(body);
    free(lines);
}

/* ---- what a new user tripped on ------------------------------------------------------- */

Test(api, text_to_solve_points_at_the_batch_endpoint)
{
    struct exchange x = run((struct call){
        .method = "POST", .path = "/v1/solve", .content_type = "text/plain", .body = "1234"});
    const cJSON *pb = expect_problem(&x, 415, "unsupported-media-type");
    cr_assert(strstr(get_str(pb, "detail"), "/v1/solve/batch") != NULL, "%s", x.text);
    done(&x);
}

Test(api, rows_may_be_strings_and_the_solution_comes_back_the_same_way)
{
    struct exchange one = post("/v1/solve", "{\"puzzle\":\"1...34..2...4..1\"}");
    struct exchange x = post("/v1/solve", "{\"puzzle\":[\"1...\",\"34..\",\"2...\",\"4..1\"]}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    const char *want = get_str(one.json, "solution");
    const cJSON *sol = get(x.json, "solution");
    cr_assert(cJSON_IsArray(sol) && cJSON_GetArraySize(sol) == 4, "%s", x.text);
    for (int r = 0; r < 4; r++)
        cr_assert(strncmp(cJSON_GetArrayItem(sol, r)->valuestring, want + 4 * r, 4) == 0 &&
                      strlen(cJSON_GetArrayItem(sol, r)->valuestring) == 4,
                  "row %d of %s vs %s", r, x.text, want);
    done(&x);
    done(&one);

    /* a short row is named, 1-based in words and 0-based in the pointer */
    x = post("/v1/solve", "{\"puzzle\":[\"12..\",\"34.\",\"2...\",\"4..1\"]}");
    const cJSON *pb = expect_problem(&x, 400, "invalid-puzzle");
    cr_assert_str_eq(first_pointer(pb), "/puzzle/1");
    cr_assert(strstr(get_str(pb, "detail"), "row 2") != NULL, "%s", x.text);
    done(&x);

    /* strings and arrays cannot be mixed */
    x = post("/v1/solve", "{\"puzzle\":[\"12..\",[3,4,0,0],\"2...\",\"4..1\"]}");
    expect_problem(&x, 400, "invalid-puzzle");
    done(&x);
}

Test(api, an_assumed_box_shape_is_named)
{
    /* 12x12 without `box`: 3x4 boxes are taken, and the answer says so */
    char body[512];
    char grid[145];
    memset(grid, '.', 144);
    grid[144] = '\0';
    grid[0] = '1';
    grid[12 + 3] = '1'; /* r2c4: with r1c1 in a 3x4 box, not in a 4x3 one */
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", grid);
    struct exchange x = post("/v1/validate", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    done(&x);
    x = post("/v1/solve", body);
    const cJSON *pb = expect_problem(&x, 422, "conflicting-givens");
    cr_assert(strstr(get_str(pb, "detail"), "3x4 assumed") != NULL, "%s", x.text);
    done(&x);

    x = post("/v1/solve", "{\"puzzle\":\"" /* an empty 6x6: 2x3 boxes assumed */
                          "....................................\"}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    const cJSON *box = get(x.json, "box");
    cr_assert_eq(get(box, "rows")->valueint, 2);
    cr_assert(cJSON_IsTrue(get(box, "assumed")), "%s", x.text);
    done(&x);
    x = post("/v1/solve", "{\"box\":{\"rows\":2,\"cols\":3},\"puzzle\":\""
                          "....................................\"}");
    cr_assert_null(get(get(x.json, "box"), "assumed"), "a box that was asked for: %s", x.text);
    done(&x);
}

Test(api, refused_puzzles_count_in_solves_total)
{
    struct exchange x = post("/v1/solve", "{\"puzzle\":\"11..............\"}");
    expect_problem(&x, 422, "conflicting-givens");
    done(&x);
    x = post("/v1/solve", "{\"puzzle\":\"1234341221434329\"}");
    expect_problem(&x, 400, "invalid-puzzle");
    done(&x);
    x = post("/v1/solve", "{\"puzzle\":[1,2,3]}");
    expect_problem(&x, 400, "invalid-puzzle");
    done(&x);
    x = post("/v1/solve", "{\"oops\":1}");
    expect_problem(&x, 400, "invalid-request");
    done(&x);
    x = run((struct call){.method = "GET", .path = "/metrics"});
    cr_assert(strstr(x.text, "sudokud_solves_total{status=\"conflict\"} 1\n") != NULL, "%s",
              x.text);
    cr_assert(strstr(x.text, "sudokud_solves_total{status=\"invalid\"} 2\n") != NULL,
              "a request that is not a puzzle does not count: %s", x.text);
    done(&x);
}

Test(api, stats_keys_come_from_the_technique_table_and_openapi_lists_them)
{
    static const char *const keys[] = {
#define X(field, technique, description) #field,
        SUDOKU_SEARCH_COUNTERS(X)
#undef X
    };
    struct exchange x = post("/v1/solve", "{\"puzzle\":\"1234341221434321\"}");
    const cJSON *stats = get(x.json, "stats");
    size_t len;
    char *yaml = read_file_whole("openapi.yaml", &len);
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        cr_assert(cJSON_IsNumber(get(stats, keys[i])), "stats.%s: %s", keys[i], x.text);
        char want[96];
        snprintf(want, sizeof(want), "\n        %s:\n", keys[i]);
        cr_assert(strstr(yaml, want) != NULL, "openapi.yaml's Stats lacks %s", keys[i]);
    }
    done(&x);
    x = run((struct call){.method = "GET", .path = "/metrics"});
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        char want[96];
        snprintf(want, sizeof(want), "sudokud_propagation_total{counter=\"%s\"}", keys[i]);
        cr_assert(strstr(x.text, want) != NULL, "%s", want);
    }
    done(&x);
    free(yaml);
}

Test(api, cors_origins_with_a_path_are_refused_at_start)
{
    static const char *const bad[] = {"https://app.example/", "https://app.example/page",
                                      "app.example", "https://"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct config c;
        char err[256] = "";
        config_defaults(&c);
        c.cors_origins = bad[i];
        api_context *a = api_new(&c, NULL, err, sizeof(err));
        cr_assert_null(a, "%s was accepted", bad[i]);
        cr_assert(strstr(err, "--cors-origins") != NULL, "%s: %s", bad[i], err);
    }
    struct config c;
    char err[256];
    config_defaults(&c);
    c.cors_origins = "*, https://app.example:8443, http://localhost:3000";
    api_context *a = api_new(&c, NULL, err, sizeof(err));
    cr_assert_not_null(a, "%s", err);
    api_free(a);
}

/* ---- rate, explain, hint --------------------------------------------------------------- */

static const char *const top95_1 =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

Test(api, rate_gives_a_score_a_level_and_the_techniques_used)
{
    char body[256];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", top95_1);
    struct exchange x = post("/v1/rate", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "rated");
    double score = get(x.json, "score")->valuedouble;
    cr_assert(score >= 1.0 && score <= 12.0, "%s", x.text);
    static const char *const levels[] = {"easy", "medium", "hard", "expert", "extreme"};
    bool known = false;
    for (size_t i = 0; i < 5; i++) known |= strcmp(get_str(x.json, "level"), levels[i]) == 0;
    cr_assert(known, "%s", x.text);
    cr_assert(cJSON_IsBool(get(x.json, "needs_search")));
    int sum = 0, steps = get(x.json, "steps")->valueint;
    const cJSON *t;
    cJSON_ArrayForEach(t, get(x.json, "techniques")) sum += t->valueint;
    cr_assert_eq(sum, steps, "technique counts add up to the steps: %s", x.text);
    cr_assert_not_null(get(get(x.json, "techniques"), get_str(x.json, "hardest_technique")));
    cr_assert(cJSON_IsNumber(get(get(x.json, "timing_us"), "work")));
    done(&x);
}

Test(api, rate_explain_and_hint_need_exactly_one_solution)
{
    static const char *const paths[] = {"/v1/rate", "/v1/explain", "/v1/hint"};
    for (size_t i = 0; i < 3; i++) {
        struct exchange x = post(paths[i], "{\"puzzle\":\"1...............\"}");
        const cJSON *pb = expect_problem(&x, 422, "not-unique");
        cr_assert(strstr(get_str(pb, "detail"), "several") != NULL, "%s", x.text);
        done(&x);
        /* consistent givens, no completion */
        x = post(paths[i], "{\"puzzle\":\"1...2...4......3\"}");
        pb = expect_problem(&x, 422, "not-unique");
        cr_assert(strstr(get_str(pb, "detail"), "no solution") != NULL, "%s", x.text);
        done(&x);
        x = post(paths[i], "{\"puzzle\":\"11..............\"}");
        expect_problem(&x, 422, "conflicting-givens");
        done(&x);
        x = post(paths[i], "{\"puzzle\":\"1234341221434321\",\"max_solutions\":2}");
        cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")),
                         "/max_solutions");
        done(&x);
    }
}

/* The placements and eliminations of an explanation, replayed on the grid:
 * every placement is the solution's digit, no elimination removes it, and
 * the last step leaves the solved grid. */
static void replay_explanation(const char *puzzle, int n)
{
    char body[4096];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", puzzle);
    struct exchange sol = post("/v1/solve", body);
    cr_assert_eq(sol.resp.status, 200, "%s", sol.text);
    uint8_t want[SUDOKU_MAX_CELLS], got[SUDOKU_MAX_CELLS] = {0};
    solution_cells(get(sol.json, "solution"), n, want);
    struct exchange x = post("/v1/explain", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "solved", "%s", x.text);
    const cJSON *step, *c;
    cJSON_ArrayForEach(step, get(x.json, "steps"))
    {
        cr_assert(strlen(get_str(step, "text")) > 0);
        cJSON_ArrayForEach(c, get(step, "placements"))
        {
            int cell = get(c, "row")->valueint * n + get(c, "col")->valueint;
            cr_assert_eq(get(c, "digit")->valueint, want[cell], "%s", get_str(step, "text"));
            got[cell] = (uint8_t)get(c, "digit")->valueint;
        }
        cJSON_ArrayForEach(c, get(step, "eliminations"))
        {
            int cell = get(c, "row")->valueint * n + get(c, "col")->valueint;
            cr_assert_neq(get(c, "digit")->valueint, want[cell], "%s", get_str(step, "text"));
        }
    }
    /* givens plus placements make the whole solution */
    for (int i = 0; i < n * n; i++)
        cr_assert(puzzle[i] != '.' || got[i] == want[i], "cell %d never placed", i);
    done(&x);
    done(&sol);
}

Test(api, explain_replays_to_the_solution)
{
    replay_explanation(top95_1, 9);
    replay_explanation("1..4..1.4..3..4.", 4);
}

Test(api, explain_stops_at_max_steps_with_the_candidates_left)
{
    char body[256];
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"max_steps\":3}", top95_1);
    struct exchange x = post("/v1/explain", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "max_steps");
    cr_assert_eq(cJSON_GetArraySize(get(x.json, "steps")), 3);
    cr_assert_eq(cJSON_GetArraySize(get(x.json, "candidates")), 81);
    cr_assert_eq(cJSON_GetArraySize(get(x.json, "values")), 81);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetArrayItem(get(x.json, "candidates"), 0)), 0,
                 "a given has no candidates left");
    const cJSON *u = cJSON_GetArrayItem(get(cJSON_GetArrayItem(get(x.json, "steps"), 0), "units"), 0);
    cr_assert_str_eq(get_str(u, "type"), "box");
    done(&x);
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"max_steps\":0}", top95_1);
    x = post("/v1/explain", body);
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/max_steps");
    done(&x);
}

Test(api, hint_names_mistakes_without_revealing_and_else_the_next_step)
{
    char body[2048], entries[82];
    struct exchange sol;
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\"}", top95_1);
    sol = post("/v1/solve", body);
    const char *solution = get_str(sol.json, "solution");

    /* no entries: the easiest step from the givens */
    struct exchange x = post("/v1/hint", body);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "kind"), "step");
    cr_assert_not_null(get(get(x.json, "step"), "text"));
    done(&x);

    /* a wrong entry at r1c2 */
    memcpy(entries, top95_1, 82);
    entries[1] = solution[1] == '9' ? '8' : '9';
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"entries\":\"%s\"}", top95_1, entries);
    x = post("/v1/hint", body);
    cr_assert_str_eq(get_str(x.json, "kind"), "mistake", "%s", x.text);
    const cJSON *cell = cJSON_GetArrayItem(get(x.json, "cells"), 0);
    cr_assert_eq(get(cell, "row")->valueint, 0);
    cr_assert_eq(get(cell, "col")->valueint, 1);
    cr_assert_eq(get(cell, "digit")->valueint, entries[1] - '0');
    cr_assert_str_eq(get_str(cell, "reason"), "entry");
    done(&x);

    /* pencil marks at r1c2 that leave out the right digit: named, not revealed */
    size_t len = (size_t)snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"candidates\":[",
                                  top95_1);
    for (int i = 0; i < 81; i++)
        len += (size_t)snprintf(body + len, sizeof(body) - len, "%s%s", i > 0 ? "," : "",
                                i == 1 ? (solution[1] == '1' ? "[2]" : "[1]") : "[]");
    snprintf(body + len, sizeof(body) - len, "]}");
    x = post("/v1/hint", body);
    cr_assert_str_eq(get_str(x.json, "kind"), "mistake", "%s", x.text);
    cell = cJSON_GetArrayItem(get(x.json, "cells"), 0);
    cr_assert_str_eq(get_str(cell, "reason"), "candidates");
    cr_assert_null(get(cell, "digit"), "the right digit stays hidden: %s", x.text);
    done(&x);

    /* the whole solution entered: solved */
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"entries\":\"%s\"}", top95_1, solution);
    x = post("/v1/hint", body);
    cr_assert_str_eq(get_str(x.json, "kind"), "solved", "%s", x.text);
    done(&x);

    /* entries of another size, candidates of the wrong count */
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"entries\":\"1234341221434321\"}", top95_1);
    x = post("/v1/hint", body);
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/entries");
    done(&x);
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"candidates\":[[1],[2]]}", top95_1);
    x = post("/v1/hint", body);
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/candidates");
    done(&x);
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"candidates\":[[0]]}", top95_1);
    x = post("/v1/hint", body);
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")),
                     "/candidates/0/0");
    done(&x);
    done(&sol);
}

/* ---- generate ------------------------------------------------------------------------- */

/* The puzzles of a generate answer, with the answer's status. */
static const cJSON *generated(struct exchange *x, int count)
{
    cr_assert_eq(x->resp.status, 200, "%s", x->text);
    const cJSON *puzzles = get(x->json, "puzzles");
    cr_assert_eq(cJSON_GetArraySize(puzzles), count, "%s", x->text);
    return puzzles;
}

Test(api, generate_is_deterministic_for_a_seed_by_get_and_by_post)
{
    /* pinned: the seed -> puzzle contract (README, openapi.yaml) */
    static const char *const want =
        "...3.....4...256.882.....7.2....1.6..1.7.3.4..8.6....9.7.....966.423...1.....9...";
    api_param q[] = {{"difficulty", "hard"}, {"seed", "42"}, {"symmetry", "rotational"}};
    struct exchange x = run((struct call){.method = "GET", .path = "/v1/generate", .query = q,
                                          .nquery = 3});
    const cJSON *p = cJSON_GetArrayItem(generated(&x, 1), 0);
    cr_assert_str_eq(get_str(p, "puzzle"), want);
    cr_assert_eq(get(p, "seed")->valuedouble, 42);
    cr_assert_str_eq(get_str(p, "level"), "hard");
    cr_assert_str_eq(get_str(x.json, "status"), "ok");
    done(&x);
    x = post("/v1/generate", "{\"difficulty\":\"hard\",\"seed\":42,\"symmetry\":\"rotational\"}");
    cr_assert_str_eq(get_str(cJSON_GetArrayItem(generated(&x, 1), 0), "puzzle"), want);
    done(&x);
}

Test(api, generated_puzzles_are_unique_symmetric_and_rated_as_rate_rates_them)
{
    static const char *const levels[] = {"easy", "medium", "hard"};
    for (size_t l = 0; l < 3; l++) {
        char body[160];
        snprintf(body, sizeof(body),
                 "{\"difficulty\":\"%s\",\"seed\":7,\"count\":3,\"symmetry\":\"rotational\","
                 "\"timeout_ms\":10000}",
                 levels[l]);
        struct exchange x = post("/v1/generate", body);
        const cJSON *p;
        int k = 0;
        cJSON_ArrayForEach(p, generated(&x, 3))
        {
            const char *puzzle = get_str(p, "puzzle");
            cr_assert_eq(get(p, "seed")->valuedouble, 7 + k++, "puzzle k is made from seed + k");
            cr_assert_str_eq(get_str(p, "level"), levels[l], "%s", x.text);
            for (int i = 0; i < 81; i++)
                cr_assert_eq(puzzle[i] == '.', puzzle[80 - i] == '.', "half-turn symmetry: %s",
                             puzzle);
            char req[160];
            snprintf(req, sizeof(req), "{\"puzzle\":\"%s\",\"check\":[\"unique\"]}", puzzle);
            struct exchange v = post("/v1/validate", req);
            cr_assert(cJSON_IsTrue(get(v.json, "unique")), "%s", v.text);
            done(&v);
            snprintf(req, sizeof(req), "{\"puzzle\":\"%s\"}", puzzle);
            struct exchange r = post("/v1/rate", req);
            cr_assert_str_eq(get_str(r.json, "level"), levels[l]);
            cr_assert_eq(get(r.json, "score")->valuedouble, get(p, "score")->valuedouble);
            done(&r);
        }
        done(&x);
    }
}

Test(api, generate_takes_the_shape_options)
{
    struct exchange x = post("/v1/generate", "{\"box\":{\"rows\":2,\"cols\":3},\"seed\":1,"
                                             "\"minimal\":true}");
    const cJSON *p = cJSON_GetArrayItem(generated(&x, 1), 0);
    cr_assert_eq(strlen(get_str(p, "puzzle")), 36);
    done(&x);
    api_param q[] = {{"size", "16"}, {"seed", "2"}};
    x = run((struct call){.method = "GET", .path = "/v1/generate", .query = q, .nquery = 2});
    p = cJSON_GetArrayItem(generated(&x, 1), 0);
    cr_assert_eq(strlen(get_str(p, "solution")), 256);
    done(&x);
    /* no seed: the server draws one and says which */
    x = post("/v1/generate", "{}");
    p = cJSON_GetArrayItem(generated(&x, 1), 0);
    char again[96];
    snprintf(again, sizeof(again), "{\"seed\":%.0f}", get(p, "seed")->valuedouble);
    struct exchange y = post("/v1/generate", again);
    cr_assert_str_eq(get_str(cJSON_GetArrayItem(generated(&y, 1), 0), "puzzle"),
                     get_str(p, "puzzle"), "the returned seed makes the puzzle again");
    done(&y);
    done(&x);
}

Test(api, generate_refuses_what_it_cannot_make)
{
    struct exchange x = post("/v1/generate", "{\"difficulty\":\"impossible\"}");
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/difficulty");
    done(&x);
    x = post("/v1/generate", "{\"count\":101}");
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/count");
    done(&x);
    x = post("/v1/generate", "{\"size\":7}");
    expect_problem(&x, 422, "unsupported-shape");
    done(&x);
    x = post("/v1/generate", "{\"score\":{\"min\":4.0,\"max\":2.0}}");
    expect_problem(&x, 400, "invalid-request");
    done(&x);
    x = post("/v1/generate", "{\"puzzle\":\"1234341221434321\"}");
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/puzzle");
    done(&x);
    api_param q[] = {{"symmetry", "spiral"}};
    x = run((struct call){.method = "GET", .path = "/v1/generate", .query = q, .nquery = 1});
    expect_problem(&x, 400, "invalid-request");
    done(&x);
}

/* A query parameter and a JSON member of the same option are refused in the
 * same words; the query's errors[] entry names the parameter. */
Test(api, options_are_refused_alike_in_a_body_and_a_query_string)
{
    api_param q[] = {{"count", "abc"}};
    struct exchange x =
        run((struct call){.method = "GET", .path = "/v1/generate", .query = q, .nquery = 1});
    const cJSON *pb = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(get_str(pb, "detail"), "count must be an integer in 1..100", "%s", x.text);
    const cJSON *e = cJSON_GetArrayItem(get(pb, "errors"), 0);
    cr_assert_str_eq(get_str(e, "parameter"), "count", "%s", x.text);
    cr_assert_null(get(e, "pointer"), "a query parameter has no JSON Pointer: %s", x.text);
    cr_assert_str_eq(get_str(e, "reason"), "count must be an integer in 1..100");
    done(&x);

    x = post("/v1/generate", "{\"count\":\"abc\"}");
    pb = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(get_str(pb, "detail"), "count must be an integer in 1..100", "%s", x.text);
    cr_assert_str_eq(first_pointer(pb), "/count");
    done(&x);

    api_param t[] = {{"timeout_ms", "0"}};
    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "text/plain",
                          .body = "1234341221434321\n",
                          .query = t,
                          .nquery = 1});
    char want[96];
    snprintf(want, sizeof(want), "timeout_ms must be an integer in 1..%llu",
             (unsigned long long)cfg.max_timeout_ms);
    pb = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(get_str(pb, "detail"), want, "%s", x.text);
    cr_assert_str_eq(get_str(cJSON_GetArrayItem(get(pb, "errors"), 0), "parameter"), "timeout_ms");
    done(&x);
    x = post("/v1/solve", "{\"puzzle\":\"1234341221434321\",\"timeout_ms\":0}");
    cr_assert_str_eq(get_str(expect_problem(&x, 400, "invalid-request"), "detail"), want);
    done(&x);

    /* an unknown parameter is told the ones this endpoint takes */
    api_param u[] = {{"diagonal", "true"}};
    x = run((struct call){.method = "POST",
                          .path = "/v1/solve/batch",
                          .content_type = "text/plain",
                          .body = "1234341221434321\n",
                          .query = u,
                          .nquery = 1});
    cr_assert_str_eq(get_str(expect_problem(&x, 400, "invalid-request"), "detail"),
                     "unknown query parameter \"diagonal\" (max_solutions, return_solutions, "
                     "timeout_ms)",
                     "%s", x.text);
    done(&x);
}

Test(api, generate_that_runs_out_of_time_answers_what_it_has)
{
    struct exchange x = post("/v1/generate", "{\"score\":{\"min\":9.9,\"max\":9.9},\"seed\":5,"
                                             "\"timeout_ms\":50}");
    const cJSON *p = cJSON_GetArrayItem(generated(&x, 1), 0);
    cr_assert_str_eq(get_str(x.json, "status"), "limit", "%s", x.text);
    cr_assert_str_eq(get_str(p, "status"), "limit");
    cr_assert_str_eq(get_str(p, "limit_reason"), "deadline");
    done(&x);
}

Test(api, the_plain_puzzle_body_reads_as_the_general_path_does)
{
    /* {"puzzle":"<text>"} is read without a parse; any other body, or one
     * that only looks like it, goes the general way: same answers either way */
    static const char *const same[] = {
        "{\"puzzle\":\"1234341221434321\"}",
        " { \"puzzle\" :\t\"1234341221434321\" } \n",
        "{\"puzzle\":\"1234341221434\\u0033\\u00321\"}",
    };
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
        struct exchange x = post("/v1/solve", same[i]);
        cr_assert_eq(x.resp.status, 200, "%s: %s", same[i], x.text);
        cr_assert_str_eq(get_str(x.json, "solution"), "1234341221434321");
        done(&x);
    }
    struct exchange x = post("/v1/solve", "{\"puzzle\":\"1234341221434321\"} x");
    expect_problem(&x, 400, "malformed-json");
    done(&x);
    x = post("/v1/solve", "{\"puzzle\":\"1234341221434329\"}");
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-puzzle")), "/puzzle");
    done(&x);
    x = post("/v1/solve", "{\"puzzle\":\"12343412214343\x01\"}");
    expect_problem(&x, 400, "malformed-json");
    done(&x);
}
