/* unit_api_generate.c -- POST and GET /v1/generate, and the option table seen through both.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/api_harness.h"

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
    struct exchange x =
        run((struct call){.method = "GET", .path = "/v1/generate", .query = q, .nquery = 3});
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
    /* a score far past long long's range is refused before it is converted (fuzz_api found it) */
    x = post("/v1/generate", "{\"score\":{\"min\":2.5,\"max\":1e49}}");
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/score/max");
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
             (unsigned long long)harness_cfg.max_timeout_ms);
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
