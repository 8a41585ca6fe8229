/* http_batch.c -- POST /v1/solve/batch over HTTP: JSON and text/NDJSON bodies, results
 * in input order, good and bad items mixed, every answer checked against the known
 * solutions of top95. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/server.h"

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static const char *get_str(const cJSON *obj, const char *key)
{
    const cJSON *v = get(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static void post(const test_server *s, const char *query, const char *content_type,
                 const char *body, test_http_resp *r)
{
    char url[512];
    snprintf(url, sizeof(url), "%s/v1/solve/batch%s", s->url, query);
    test_http_req req = {.content_type = content_type, .body = body};
    cr_assert_eq(test_http_request(url, &req, r), 0, "%s", r->error);
}

Test(http_batch, json_batch_of_top95_in_order, .timeout = 90)
{
    size_t n, nsol;
    char **puzzles = test_read_lines("tests/data/http/top95.txt", &n);
    char **solutions = test_read_lines("tests/data/http/top95.solutions", &nsol);
    cr_assert_eq(n, 95);
    cr_assert_eq(nsol, 95);
    char *body = malloc(n * 100 + 64);
    size_t len = (size_t)sprintf(body, "{\"puzzles\":[");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(body + len, "%s\"%s\"", i ? "," : "", puzzles[i]);
    strcpy(body + len, "]}");

    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "2", NULL});
    test_http_resp r;
    post(&s, "", "application/json", body, &r);
    cr_assert_eq(r.status, 200, "%.300s", r.body);
    char v[256];
    cr_assert_not_null(test_http_header(&r, "Server-Timing", v, sizeof(v)));
    cJSON *j = test_http_json(&r);
    const cJSON *results = get(j, "results");
    cr_assert_eq(cJSON_GetArraySize(results), 95);
    size_t i = 0;
    for (const cJSON *it = results->child; it != NULL; it = it->next, i++) {
        cr_assert_eq(get(it, "index")->valueint, (int)i);
        cr_assert_str_eq(get_str(it, "status"), "solved", "item %zu", i);
        cr_assert(cJSON_IsTrue(get(it, "unique")), "item %zu", i);
        cr_assert_str_eq(get_str(it, "solution"), solutions[i], "item %zu", i);
    }
    const cJSON *sum = get(j, "summary");
    cr_assert_eq(get(sum, "count")->valueint, 95);
    cr_assert_eq(get(sum, "solved")->valueint, 95);
    cr_assert_eq(get(sum, "errors")->valueint, 0);
    cJSON_Delete(j);
    test_http_resp_free(&r);
    test_server_stop(&s);
    free(body);
    test_free_lines(puzzles);
    test_free_lines(solutions);
}

Test(http_batch, text_batch_answers_ndjson_line_by_line, .timeout = 90)
{
    size_t n, nsol;
    char **puzzles = test_read_lines("tests/data/http/top95.txt", &n);
    char **solutions = test_read_lines("tests/data/http/top95.solutions", &nsol);
    char *body = malloc(n * 100 + 1024);
    size_t len = (size_t)sprintf(body, "# top95, with a bad line in the middle\n\n");
    for (size_t i = 0; i < n; i++) {
        len += (size_t)sprintf(body + len, "%s\r\n", puzzles[i]);
        if (i == 40) len += (size_t)sprintf(body + len, "   \n# skipped\nnot a puzzle\n");
    }

    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    post(&s, "?max_solutions=1&timeout_ms=5000", "text/plain; charset=utf-8", body, &r);
    cr_assert_eq(r.status, 200, "%.300s", r.body);
    char ct[128];
    cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)), "application/x-ndjson");
    size_t line = 0;
    for (char *p = r.body; *p != '\0'; line++) {
        char *nl = strchr(p, '\n');
        cr_assert_not_null(nl, "line %zu has no newline", line);
        cJSON *j = cJSON_ParseWithLength(p, (size_t)(nl - p));
        cr_assert_not_null(j, "line %zu is not JSON", line);
        cr_assert_eq(get(j, "index")->valueint, (int)line);
        if (line == 41) {
            cr_assert_str_eq(get_str(j, "type"), "urn:sudokud:problem:invalid-puzzle");
        } else {
            size_t k = line < 41 ? line : line - 1;
            cr_assert_str_eq(get_str(j, "status"), "solved", "line %zu", line);
            cr_assert(cJSON_IsNull(get(j, "unique")), "max_solutions=1 from the query");
            cr_assert_str_eq(get_str(j, "solution"), solutions[k], "line %zu", line);
        }
        cJSON_Delete(j);
        p = nl + 1;
    }
    cr_assert_eq(line, 96);
    test_http_resp_free(&r);
    test_server_stop(&s);
    free(body);
    test_free_lines(puzzles);
    test_free_lines(solutions);
}

Test(http_batch, ndjson_lines_mix_forms_and_problems, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    post(&s, "", "application/x-ndjson",
         "{\"puzzle\":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],\"max_solutions\":1}\n"
         "\"1234341221434321\"\n"
         "{\"puzzle\":\"11..............\"}\n"
         "{\"puzzle\":\"1234341221434321\",\"bad\":true}\n"
         "[1,2,3]\n"
         "{\"puzzle\":\n"
         "1234341221434321\n",
         &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    static const char *const want[] = {
        "solved",
        "solved",
        "urn:sudokud:problem:conflicting-givens",
        "urn:sudokud:problem:invalid-request",
        "urn:sudokud:problem:invalid-puzzle",
        "urn:sudokud:problem:malformed-json",
        "solved",
    };
    size_t line = 0;
    for (char *p = r.body; *p != '\0'; line++) {
        char *nl = strchr(p, '\n');
        cr_assert_not_null(nl);
        cJSON *j = cJSON_ParseWithLength(p, (size_t)(nl - p));
        cr_assert_not_null(j);
        cr_assert_lt(line, 7);
        const char *got =
            strncmp(want[line], "urn:", 4) == 0 ? get_str(j, "type") : get_str(j, "status");
        cr_assert_str_eq(got, want[line], "line %zu: %.*s", line, (int)(nl - p), p);
        cr_assert_eq(get(j, "index")->valueint, (int)line);
        if (line == 0) cr_assert(cJSON_IsArray(get(j, "solution")->child), "rows in, rows out");
        cJSON_Delete(j);
        p = nl + 1;
    }
    cr_assert_eq(line, 7);
    test_http_resp_free(&r);

    post(&s, "?max_solutions=zero", "text/plain", "1234341221434321\n", &r);
    cr_assert_eq(r.status, 400, "%s", r.body);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_batch, json_batch_mixed_items_and_shared_options, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    post(&s, "", "application/json",
         "{\"max_solutions\":1,\"return_solutions\":1,\"puzzles\":["
         "\"1...............\","
         "{\"puzzle\":\"1...............\",\"max_solutions\":2},"
         "\"1\","
         "[[1,2],[3,4]],"
         "{\"puzzle\":[1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0]},"
         "{\"puzzle\":\"1...............\",\"diagonal\":\"yes\"},"
         "null]}",
         &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *j = test_http_json(&r);
    const cJSON *it = get(j, "results")->child;
    cr_assert_str_eq(get_str(it, "status"), "solved");
    it = it->next;
    cr_assert_str_eq(get_str(it, "status"), "multiple", "the item's own max_solutions");
    it = it->next;
    cr_assert_str_eq(get_str(it, "type"), "urn:sudokud:problem:invalid-puzzle", "a cell count");
    it = it->next;
    cr_assert_str_eq(get_str(it, "type"), "urn:sudokud:problem:unsupported-shape");
    it = it->next;
    cr_assert_str_eq(get_str(it, "type"), "urn:sudokud:problem:conflicting-givens");
    it = it->next;
    cr_assert_str_eq(get_str(it, "type"), "urn:sudokud:problem:invalid-request");
    cr_assert_str_eq(get_str(get(it, "errors")->child, "pointer"), "/puzzles/5/diagonal");
    it = it->next;
    cr_assert_str_eq(get_str(it, "type"), "urn:sudokud:problem:invalid-puzzle",
                     "null is no puzzle");
    cr_assert_null(it->next);
    const cJSON *sum = get(j, "summary");
    cr_assert_eq(get(sum, "count")->valueint, 7);
    cr_assert_eq(get(sum, "solved")->valueint, 1);
    cr_assert_eq(get(sum, "multiple")->valueint, 1);
    cr_assert_eq(get(sum, "errors")->valueint, 5);
    cJSON_Delete(j);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_batch, items_past_their_budget_report_limit, .timeout = 60)
{
    char *hard = test_read_file("tests/data/http/unsolvable25.txt", NULL);
    hard[strcspn(hard, "\r\n")] = '\0';
    char *body = malloc(4096);
    snprintf(body, 4096, "%s\n1234341221434321\n%s\n", hard, hard);
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "2", NULL});
    test_http_resp r;
    post(&s, "?timeout_ms=100", "text/plain", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    char *second = strchr(r.body, '\n') + 1;
    char *third = strchr(second, '\n') + 1;
    cr_assert(strstr(r.body, "\"status\":\"limit\"") < second, "%s", r.body);
    cr_assert(strstr(second, "\"status\":\"solved\"") < third, "%s", r.body);
    cr_assert(strstr(third, "\"limit_reason\":\"deadline\"") != NULL, "%s", r.body);
    test_http_resp_free(&r);
    test_server_stop(&s);
    free(body);
    free(hard);
}

Test(http_batch, answer_streams_while_later_items_are_solved, .timeout = 60)
{
    char *hard = test_read_file("tests/data/http/unsolvable25.txt", NULL);
    hard[strcspn(hard, "\r\n")] = '\0';
    /* a quick first chunk, then slow ones: the first results must leave
     * long before the last item is done */
    char *body = malloc(8192);
    int len = sprintf(body, "1234341221434321\n1234341221434321\n");
    for (int i = 0; i < 3; i++) len += sprintf(body + len, "%s\n", hard);
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "2", NULL});
    test_http_resp r;
    post(&s, "?timeout_ms=600", "text/plain", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    char te[64];
    cr_assert_str_eq(test_http_header(&r, "Transfer-Encoding", te, sizeof(te)), "chunked");
    int lines = 0;
    for (const char *p = r.body; (p = strchr(p, '\n')) != NULL; p++) lines++;
    cr_assert_eq(lines, 5, "%s", r.body);
    cr_assert(strstr(r.body, "{\"index\":4,") != NULL);
    cr_assert_lt(r.first_byte_ms + 300, r.total_ms,
                 "first byte after %.0f ms of %.0f: the answer was not streamed", r.first_byte_ms,
                 r.total_ms);
    test_http_resp_free(&r);
    test_server_stop(&s);
    free(body);
    free(hard);
}
