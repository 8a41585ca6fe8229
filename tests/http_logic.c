/* http_logic.c -- /v1/rate, /v1/explain and /v1/hint over real HTTP: answers with their
 * timings, explanations replayed against the solver's solution for top95, and the 422 of a
 * puzzle without exactly one solution. */
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

static cJSON *post(const test_server *s, const char *path, const char *body, long want)
{
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_post_json(url, body, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, want, "%s: %.300s", path, r.body);
    cJSON *j = test_http_json(&r);
    cr_assert_not_null(j, "%s", r.body);
    test_http_resp_free(&r);
    return j;
}

Test(http_logic, explanations_of_top95_replay_to_the_solutions, .timeout = 120)
{
    size_t n, nsol;
    char **puzzles = test_read_lines("tests/data/http/top95.txt", &n);
    char **solutions = test_read_lines("tests/data/http/top95.solutions", &nsol);
    cr_assert_eq(n, nsol);
    test_server s;
    test_server_start(&s, (const char *const[]){"--max-timeout-ms", "10000", NULL});
    int solved = 0, stuck = 0;
    for (size_t i = 0; i < n; i++) {
        char body[256];
        snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"timeout_ms\":10000}", puzzles[i]);
        cJSON *j = post(&s, "/v1/explain", body, 200);
        const char *status = cJSON_GetStringValue(get(j, "status"));
        cr_assert(status != NULL && (strcmp(status, "solved") == 0 || strcmp(status, "stuck") == 0),
                  "puzzle %zu: %s", i, status);
        const cJSON *step, *c;
        cJSON_ArrayForEach(step, get(j, "steps"))
        {
            cJSON_ArrayForEach(c, get(step, "placements"))
            {
                int cell = get(c, "row")->valueint * 9 + get(c, "col")->valueint;
                cr_assert_eq(get(c, "digit")->valueint, solutions[i][cell] - '0', "puzzle %zu: %s",
                             i, cJSON_GetStringValue(get(step, "text")));
            }
            cJSON_ArrayForEach(c, get(step, "eliminations"))
            {
                int cell = get(c, "row")->valueint * 9 + get(c, "col")->valueint;
                cr_assert_neq(get(c, "digit")->valueint, solutions[i][cell] - '0', "puzzle %zu: %s",
                              i, cJSON_GetStringValue(get(step, "text")));
            }
        }
        if (strcmp(status, "stuck") == 0) {
            stuck++;
            cr_assert(cJSON_IsTrue(get(j, "needs_search")), "stuck means search is needed");
            cr_assert_eq(cJSON_GetArraySize(get(j, "candidates")), 81);
        } else {
            solved++;
        }
        cJSON_Delete(j);
    }
    cr_assert_eq(solved + stuck, (int)n);
    test_free_lines(puzzles);
    test_free_lines(solutions);
    test_server_stop(&s);
}

Test(http_logic, rate_and_hint_answer_with_timings, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    static const char body[] = "{\"puzzle\":\"003020600900305001001806400008102900700000008006708"
                               "200002609500800203009005010300\"}";
    cJSON *j = post(&s, "/v1/rate", body, 200);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "level")), "easy");
    cr_assert(cJSON_IsNumber(get(get(j, "timing_us"), "total")));
    cJSON_Delete(j);
    j = post(&s, "/v1/hint", body, 200);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "kind")), "step");
    cr_assert_not_null(cJSON_GetStringValue(get(get(j, "step"), "text")));
    cJSON_Delete(j);
    j = post(&s, "/v1/hint", "{\"puzzle\":\"1...............\"}", 422);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "type")), "urn:sudokud:problem:not-unique");
    cJSON_Delete(j);
    /* consistent givens that nothing completes: its own type, not not-unique */
    j = post(&s, "/v1/rate", "{\"puzzle\":\"1...2...4......3\"}", 422);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "type")), "urn:sudokud:problem:no-solution");
    cJSON_Delete(j);
    test_server_stop(&s);
}

/* A rating that needs nested forcing chains (SE 11.0) and gets 100 ms: 200
 * with status limit and the lower bound it had reached. */
Test(http_logic, rate_out_of_time_answers_limit_with_a_lower_bound, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    static const char body[] =
        "{\"puzzle\":\"..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686"
        "........7..6..5..\",\"timeout_ms\":100}";
    cJSON *j = post(&s, "/v1/rate", body, 200);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "status")), "limit");
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "limit_reason")), "deadline");
    double bound = cJSON_GetNumberValue(get(j, "score_at_least"));
    cr_assert(bound >= 1.0 && bound <= 11.0, "score_at_least %g", bound);
    cJSON_Delete(j);
    test_server_stop(&s);
}
