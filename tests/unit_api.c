/* unit_api.c -- the service endpoints, routing, CORS, request ids, media types and metrics, driven
 * without a socket.
 *
 * Every endpoint's tests share one harness (tests/support/api_harness.h):
 * requests go through api_route(), api_handle() and api_finish(), as the
 * HTTP layer calls them, on an API without worker threads. The suite `api`
 * is declared here; the endpoints' own files are unit_api_solve.c (solve,
 * validate), unit_api_batch.c, unit_api_logic.c (rate, explain, hint) and
 * unit_api_generate.c. Also checks that problems.h and openapi.yaml list
 * the same problem types.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/api_harness.h"

TestSuite(api, .init = api_harness_setup, .fini = api_harness_teardown);

Test(api, healthz_readyz_info)
{
    struct exchange x = run((struct call){.method = "GET", .path = "/healthz"});
    cr_assert_eq(x.resp.status, 200);
    cr_assert_str_eq(get_str(x.json, "status"), "ok");
    cr_assert_str_eq(get_str(x.json, "version"), SUDOKUD_VERSION);
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
    api_begin_drain(harness_ctx);
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
    api_request_id(harness_ctx, "abc-DEF_1.2", id);
    cr_assert_str_eq(id, "abc-DEF_1.2");
    char longest[65];
    memset(longest, 'a', 64);
    longest[64] = '\0';
    api_request_id(harness_ctx, longest, id);
    cr_assert_str_eq(id, longest);

    static const char *const bad[] = {"", "has space", "semi;colon", "\xc3\xa9", NULL};
    char toolong[66];
    memset(toolong, 'b', 65);
    toolong[65] = '\0';
    for (size_t i = 0; i < 6; i++) {
        const char *client = i < 4 ? bad[i] : i == 4 ? toolong : NULL;
        api_request_id(harness_ctx, client, id);
        cr_assert_eq(strlen(id), 16, "id '%s' for '%s'", id, client ? client : "(none)");
        cr_assert_eq(strspn(id, "0123456789abcdef"), 16);
    }
    api_request_id(harness_ctx, NULL, id);
    api_request_id(harness_ctx, NULL, other);
    cr_assert_str_neq(id, other, "two generated ids are equal");
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
    api_route(harness_ctx, &req);
    req.start_ns = sudoku_now_ns();
    struct exchange x = {0};
    api_reject(harness_ctx, &req, API_PROBLEM_QUEUE_FULL, "busy", &x.resp);
    x.text = strndup(x.resp.body, x.resp.body_len);
    x.json = cJSON_Parse(x.text);
    expect_problem(&x, 503, "queue-full");
    cr_assert_str_eq(header(&x, "Retry-After"), "1");
    done(&x);

    memset(&x, 0, sizeof(x));
    api_reject(harness_ctx, &req, API_PROBLEM_BODY_TOO_LARGE, "big", &x.resp);
    x.text = strndup(x.resp.body, x.resp.body_len);
    x.json = cJSON_Parse(x.text);
    expect_problem(&x, 413, "body-too-large");
    done(&x);
}

Test(api, text_to_solve_points_at_the_batch_endpoint)
{
    struct exchange x = run((struct call){
        .method = "POST", .path = "/v1/solve", .content_type = "text/plain", .body = "1234"});
    const cJSON *pb = expect_problem(&x, 415, "unsupported-media-type");
    cr_assert(strstr(get_str(pb, "detail"), "/v1/solve/batch") != NULL, "%s", x.text);
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
    /* a value where the puzzle belongs that is no puzzle at all, on every
     * endpoint that reads one, and as a batch item */
    static const char *const paths[] = {"/v1/solve", "/v1/validate", "/v1/rate", "/v1/explain",
                                        "/v1/hint"};
    for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
        x = post(paths[i], "{\"puzzle\":7}");
        cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-puzzle")), "/puzzle");
        done(&x);
    }
    x = post("/v1/rate", "{\"puzzle\":\"11..............\"}");
    expect_problem(&x, 422, "conflicting-givens");
    done(&x);
    x = post("/v1/solve/batch", "{\"puzzles\":[7,{\"puzzle\":true},\"1234341221434321\"]}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_eq(get(get(x.json, "summary"), "errors")->valueint, 2, "%s", x.text);
    done(&x);
    x = run((struct call){.method = "GET", .path = "/metrics"});
    cr_assert(strstr(x.text, "sudokud_solves_total{status=\"conflict\"} 2\n") != NULL, "%s",
              x.text);
    cr_assert(strstr(x.text, "sudokud_solves_total{status=\"invalid\"} 9\n") != NULL,
              "every puzzle refused as invalid counts, a request that is not a puzzle does not: %s",
              x.text);
    done(&x);
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
