/* unit_api_solve.c -- POST /v1/solve and /v1/validate: every input form, shape and problem.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/api_harness.h"

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
    harness_cfg.default_timeout_ms = 20;
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
    api_cancel_work(harness_ctx); /* sets the cancel flag every solve polls */
    uint64_t t0 = sudoku_now_ns();
    struct exchange x = post("/v1/solve", body);
    cr_assert_lt((sudoku_now_ns() - t0) / 1000000, 1000);
    cr_assert(strstr(x.text, "\"limit_reason\":\"cancel\"") != NULL, "%s", x.text);
    done(&x);
    free(puzzle);
}

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
    expect_post_problem("{\"puzzle\":5}", 400, "invalid-puzzle", "/puzzle");
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

/* A jigsaw has no box; a layout given as labels is refused in its own labels. */
Test(api, a_jigsaw_answer_has_no_box_and_its_layout_problems_name_the_labels)
{
    struct exchange x = post("/v1/solve", "{\"puzzle\":\"1...............\",\"regions\":"
                                          "\"AABBAABBCCDDCCDD\"}");
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert(cJSON_IsNull(get(x.json, "box")), "no box for a region layout: %s", x.text);
    done(&x);
    x = post("/v1/solve/batch", "{\"puzzles\":[\"1...............\"],\"regions\":"
                                "\"AABBAABBCCDDCCDD\"}");
    cr_assert(cJSON_IsNull(get(get(x.json, "results")->child, "box")), "%s", x.text);
    done(&x);
    static const struct {
        const char *regions, *detail;
    } bad[] = {
        {"\"AABBAABBCCDDCCCC\"", "region \"C\" has 6 cells, 4 expected"},
        {"\"\u00c4\u00c4BB\u00c4\u00c4BBCCDDCCDE\"",
         "5 distinct labels, but a 4x4 grid has 4 regions: \"E\" at r4c4 is one too many"},
        {"\"AABBAABBCCDDCCD\"", "the region layout has 15 labels, the 4x4 grid 16 cells"},
        {"[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3,3]", "the region layout has 17 cells, the grid 16"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char body[160];
        snprintf(body, sizeof(body), "{\"puzzle\":\"1...............\",\"regions\":%s}",
                 bad[i].regions);
        x = post("/v1/solve", body);
        const cJSON *pb = expect_problem(&x, 422, "unsupported-shape");
        cr_assert_str_eq(get_str(pb, "detail"), bad[i].detail, "%s", x.text);
        cr_assert_str_eq(first_pointer(pb), "/regions");
        done(&x);
    }
}
