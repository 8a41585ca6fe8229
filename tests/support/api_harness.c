/* api_harness.c -- the API driven without a socket, for the unit_api*.c files. */
#include "tests/support/api_harness.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config harness_cfg;
api_context *harness_ctx;

void api_harness_setup(void)
{
    char err[256];
    config_defaults(&harness_cfg);
    harness_cfg.workers = 2;
    harness_cfg.max_batch_items = 50;
    harness_cfg.cors_origins = "https://app.example, https://other.example";
    harness_ctx = api_new(&harness_cfg, NULL, err, sizeof(err));
    cr_assert(harness_ctx != NULL, "%s", err);
}

void api_harness_teardown(void)
{
    api_free(harness_ctx);
}

/* Reads a streamed body whole, in odd-sized steps that cross every piece
 * boundary somewhere; without worker threads every part is ready. */
char *read_stream(job_stream *stream, size_t *len)
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
struct exchange run_request(api_request *req)
{
    struct exchange x = {0};
    req->request_id = "test-id";
    req->start_ns = sudoku_now_ns();
    api_route(harness_ctx, req);
    cr_assert_eq(api_handle(harness_ctx, req, NULL, &x.resp), API_ANSWERED,
                 "without worker threads every request is answered at once");
    if (x.resp.stream != NULL) {
        size_t len;
        x.text = read_stream(x.resp.stream, &len);
        job_stream_free(x.resp.stream);
        x.resp.stream = NULL;
    } else {
        x.text = strndup(x.resp.body != NULL ? x.resp.body : "", x.resp.body_len);
    }
    api_finish(harness_ctx, req, x.resp.status);
    x.json = cJSON_Parse(x.text);
    return x;
}

struct exchange run(struct call c)
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

struct exchange post(const char *path, const char *body)
{
    return run((struct call){.method = "POST",
                             .path = path,
                             .content_type = "application/json",
                             .body = body,
                             .query = NULL,
                             .nquery = 0,
                             .origin = NULL});
}

void done(struct exchange *x)
{
    cJSON_Delete(x->json);
    free(x->text);
    api_response_free(&x->resp);
}

const char *header(const struct exchange *x, const char *name)
{
    for (size_t i = 0; i < x->resp.nheaders; i++) {
        if (strcmp(x->resp.headers[i].name, name) == 0) return x->resp.headers[i].value;
    }
    return NULL;
}

const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

const char *get_str(const cJSON *obj, const char *key)
{
    const cJSON *v = get(obj, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Asserts a problem response of the given slug; returns its JSON. */
const cJSON *expect_problem(struct exchange *x, int status, const char *slug)
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

const char *first_pointer(const cJSON *problem)
{
    const cJSON *errors = get(problem, "errors");
    if (!cJSON_IsArray(errors) || errors->child == NULL) return NULL;
    return get_str(errors->child, "pointer");
}

/* Reads a solution value (string, rows or flat) into cells. */
void solution_cells(const cJSON *v, int n, uint8_t *cells)
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
void expect_solution(const cJSON *result, const sudoku_puzzle *p)
{
    uint8_t cells[SUDOKU_MAX_CELLS];
    solution_cells(get(result, "solution"), p->size, cells);
    cr_assert(sudoku_is_solution(p, cells), "not a solution");
    for (int i = 0; i < p->size * p->size; i++) {
        if (p->cells[i] != 0) cr_assert_eq(cells[i], p->cells[i], "given %d changed", i);
    }
}

const char *const classic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

sudoku_puzzle *parse(const char *text, int box_rows, int box_cols)
{
    sudoku_puzzle *p = malloc(sizeof(*p));
    cr_assert_eq(sudoku_parse(text, strlen(text), 0, box_rows, box_cols, p, NULL), 0);
    return p;
}

char *read_file_whole(const char *path, size_t *len)
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

char *fixture(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s: run the tests from the repository root", path);
    char *text = calloc(1, 1 << 16);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r')) text[--n] = '\0';
    return text;
}
