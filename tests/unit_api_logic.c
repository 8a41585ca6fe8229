/* unit_api_logic.c -- POST /v1/rate, /v1/explain and /v1/hint.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/api_harness.h"

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
        pb = expect_problem(&x, 422, "no-solution");
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
    const cJSON *u =
        cJSON_GetArrayItem(get(cJSON_GetArrayItem(get(x.json, "steps"), 0), "units"), 0);
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
    size_t len =
        (size_t)snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"candidates\":[", top95_1);
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

    /* entries that are no grid of the puzzle's size are measured against
     * it, whatever the order of the keys */
    snprintf(body, sizeof(body), "{\"entries\":\"12\",\"puzzle\":\"%s\"}", top95_1);
    x = post("/v1/hint", body);
    cr_assert_str_eq(get_str(expect_problem(&x, 400, "invalid-puzzle"), "detail"),
                     "entries: 81 cells expected, 2 found (the puzzle is 9x9)", "%s", x.text);
    done(&x);
    snprintf(body, sizeof(body), "{\"puzzle\":\"%s\",\"entries\":[1,2]}", top95_1);
    x = post("/v1/hint", body);
    cr_assert_str_eq(get_str(expect_problem(&x, 400, "invalid-request"), "detail"),
                     "entries have 2 cells, the 9x9 puzzle 81", "%s", x.text);
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
    cr_assert_str_eq(first_pointer(expect_problem(&x, 400, "invalid-request")), "/candidates/0/0");
    done(&x);
    done(&sol);
}
