/* unit_api_batch.c -- POST /v1/solve/batch: JSON and text bodies, shared options, limits,
 * streaming.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/api_harness.h"

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
    cr_assert_str_eq(get_str(r, "type"), "urn:sudokud:problem:invalid-puzzle", "7 is no puzzle");

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
    cr_assert_str_eq(get_str(lines[5], "type"), "urn:sudokud:problem:invalid-puzzle");
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
    api_route(harness_ctx, &req);
    req.start_ns = sudoku_now_ns();
    cr_assert_eq(api_handle(harness_ctx, &req, NULL, &resp), API_ANSWERED);
    cr_assert_not_null(req.job);
    cr_assert_gt(job_ntasks(req.job), 1, "a batch of this size is cut into chunks");
    cr_assert_not_null(resp.stream);
    cr_assert_eq(resp.status, 200);
    char *text = read_stream(resp.stream, len);
    api_response_free(&resp);
    api_finish(harness_ctx, &req, 200);
    return text;
}

Test(api, batch_answers_stream_from_the_chunk_buffers)
{
    char *lines = fixture("tests/data/http/top95.txt");
    char *body = malloc(strlen(lines) * 2 + 64);
    sprintf(body, "%s\n%s\n", lines, lines);
    harness_cfg.max_batch_items = 1000;
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
