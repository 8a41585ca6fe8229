/* http_generate.c -- /v1/generate over real HTTP: GET links, a streamed answer of many
 * puzzles, and the reserve that idle workers fill for unseeded requests. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/http_client.h"
#include "tests/support/server.h"

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static cJSON *get_json(const test_server *s, const char *path)
{
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_get(url, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200, "%s: %.300s", path, r.body);
    cJSON *j = test_http_json(&r);
    cr_assert_not_null(j, "%s", r.body);
    test_http_resp_free(&r);
    return j;
}

/* The value of the metric line that starts with `series`, or -1. */
static long metric(const test_server *s, const char *series)
{
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s->url, "/metrics");
    cr_assert_eq(test_http_get(url, &r), 0);
    const char *at = strstr(r.body, series);
    long v = at != NULL ? strtol(at + strlen(series), NULL, 10) : -1;
    test_http_resp_free(&r);
    return v;
}

Test(http_generate, a_link_gives_the_same_puzzles_each_time, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    cJSON *a = get_json(&s, "/v1/generate?difficulty=medium&seed=9&count=5&symmetry=mirror");
    cJSON *b = get_json(&s, "/v1/generate?difficulty=medium&seed=9&count=5&symmetry=mirror");
    cr_assert_eq(cJSON_GetArraySize(get(a, "puzzles")), 5);
    for (int k = 0; k < 5; k++) {
        const cJSON *pa = cJSON_GetArrayItem(get(a, "puzzles"), k);
        const cJSON *pb = cJSON_GetArrayItem(get(b, "puzzles"), k);
        const char *puzzle = cJSON_GetStringValue(get(pa, "puzzle"));
        cr_assert_str_eq(puzzle, cJSON_GetStringValue(get(pb, "puzzle")));
        cr_assert_str_eq(cJSON_GetStringValue(get(pa, "level")), "medium");
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                cr_assert_eq(puzzle[r * 9 + c] == '.', puzzle[r * 9 + 8 - c] == '.',
                             "mirror symmetry: %s", puzzle);
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
    test_server_stop(&s);
}

Test(http_generate, unseeded_requests_are_answered_from_the_reserve_and_it_refills, .timeout = 90)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--generate-reserve", "2", NULL});
    static const char *const levels[] = {"easy", "medium", "hard", "expert", "extreme"};
    char series[64];
    /* idle workers fill every level */
    for (int i = 0; i < 600; i++) {
        int full = 0;
        for (int l = 0; l < 5; l++) {
            snprintf(series, sizeof(series), "sudokud_generate_reserve{level=\"%s\"} ", levels[l]);
            full += metric(&s, series) == 2;
        }
        if (full == 5) break;
        usleep(100 * 1000);
    }
    snprintf(series, sizeof(series), "sudokud_generate_reserve{level=\"extreme\"} ");
    cr_assert_eq(metric(&s, series), 2, "the reserve fills while the server is idle");
    cJSON *j = get_json(&s, "/v1/generate?difficulty=extreme");
    const cJSON *p = cJSON_GetArrayItem(get(j, "puzzles"), 0);
    cr_assert_str_eq(cJSON_GetStringValue(get(p, "level")), "extreme");
    cr_assert(cJSON_IsNumber(get(p, "seed")), "a reserve puzzle says its seed too");
    /* and it is the puzzle its seed makes */
    char path[128];
    snprintf(path, sizeof(path), "/v1/generate?difficulty=extreme&seed=%.0f",
             get(p, "seed")->valuedouble);
    cJSON *again = get_json(&s, path);
    cr_assert_str_eq(
        cJSON_GetStringValue(get(cJSON_GetArrayItem(get(again, "puzzles"), 0), "puzzle")),
        cJSON_GetStringValue(get(p, "puzzle")));
    cJSON_Delete(again);
    cJSON_Delete(j);
    for (int i = 0; i < 300 && metric(&s, series) != 2; i++) usleep(100 * 1000);
    cr_assert_eq(metric(&s, series), 2, "a puzzle taken is made again");
    test_server_stop(&s);
}

/* A job of many puzzles takes at most --queue-depth entries, as a batch
 * does: an idle server with a short queue makes all of them, each from its
 * own seed, the same puzzles as a server with a long queue. */
Test(http_generate, more_puzzles_than_queue_entries_are_made_all_the_same, .timeout = 60)
{
    static const char *const short_queue[] = {"--queue-depth", "8", "--workers", "2", NULL};
    static const char path[] = "/v1/generate?count=20&seed=5&size=4";
    test_server s;
    test_server_start(&s, short_queue);
    cJSON *a = get_json(&s, path);
    test_server_stop(&s);
    test_server_start(&s, NULL);
    cJSON *b = get_json(&s, path);
    test_server_stop(&s);
    cr_assert_eq(cJSON_GetArraySize(get(a, "puzzles")), 20);
    int k = 0;
    const cJSON *p;
    cJSON_ArrayForEach(p, get(a, "puzzles"))
    {
        cr_assert_eq(get(p, "seed")->valuedouble, 5 + k, "puzzle k is made from seed + k");
        cr_assert_str_eq(
            cJSON_GetStringValue(get(p, "puzzle")),
            cJSON_GetStringValue(get(cJSON_GetArrayItem(get(b, "puzzles"), k), "puzzle")));
        k++;
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
}
