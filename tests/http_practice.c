/* http_practice.c -- practice puzzles (/v1/generate?technique=) and today's
 * puzzle (/v1/daily) over real HTTP: the hint on a practice start names its
 * technique, a day's puzzle is the same twice and revalidates with its ETag,
 * and the bad inputs are 4xx problems naming them. Techniques are fast ones
 * (x_wing, xy_wing) so the suite stays quick. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/http_client.h"
#include "tests/support/server.h"

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* GETs path and returns the response (status checked by the caller). */
static void get_path(const test_server *s, const char *path, const char *const *headers,
                     test_http_resp *r)
{
    char url[512];
    test_http_url(url, sizeof(url), s->url, path);
    test_http_req req = {.headers = headers};
    cr_assert_eq(test_http_request(url, &req, r), 0, "%s", r->error);
}

static cJSON *get_ok(const test_server *s, const char *path)
{
    test_http_resp r;
    get_path(s, path, NULL, &r);
    cr_assert_eq(r.status, 200, "%s: %.300s", path, r.body);
    cJSON *j = test_http_json(&r);
    cr_assert_not_null(j, "%s", r.body);
    test_http_resp_free(&r);
    return j;
}

/* The first puzzle of a generate answer. */
static const cJSON *first(const cJSON *answer)
{
    const cJSON *p = cJSON_GetArrayItem(get(answer, "puzzles"), 0);
    cr_assert_not_null(p);
    return p;
}

Test(http_practice, the_hint_at_a_practice_start_names_the_technique, .timeout = 60)
{
    static const char *const techniques[] = {"x_wing", "xy_wing"};
    test_server s;
    test_server_start(&s, NULL);
    for (size_t t = 0; t < sizeof(techniques) / sizeof(techniques[0]); t++) {
        char path[128];
        snprintf(path, sizeof(path), "/v1/generate?technique=%s&seed=11&start=technique",
                 techniques[t]);
        cJSON *g = get_ok(&s, path);
        const cJSON *p = first(g);
        cr_assert_str_eq(cJSON_GetStringValue(get(p, "status")), "ok");
        cr_assert_str_eq(cJSON_GetStringValue(get(p, "hardest_technique")), techniques[t]);
        cr_assert_eq(cJSON_GetArraySize(get(p, "candidates")), 81);

        /* /v1/hint on that state: the puzzle, the entries and the candidates as sent back */
        cJSON *body = cJSON_CreateObject();
        cJSON_AddItemToObject(body, "puzzle", cJSON_Duplicate(get(p, "puzzle"), 1));
        cJSON_AddItemToObject(body, "entries", cJSON_Duplicate(get(p, "entries"), 1));
        cJSON_AddItemToObject(body, "candidates", cJSON_Duplicate(get(p, "candidates"), 1));
        char *json = cJSON_PrintUnformatted(body);
        char url[256];
        test_http_resp r;
        test_http_url(url, sizeof(url), s.url, "/v1/hint");
        cr_assert_eq(test_http_post_json(url, json, &r), 0);
        cr_assert_eq(r.status, 200, "%.300s", r.body);
        cJSON *h = test_http_json(&r);
        cr_assert_str_eq(cJSON_GetStringValue(get(h, "kind")), "step", "%s", r.body);
        cr_assert_str_eq(cJSON_GetStringValue(get(get(h, "step"), "technique")), techniques[t],
                         "%s", r.body);
        cJSON_Delete(h);
        test_http_resp_free(&r);
        free(json);
        cJSON_Delete(body);
        cJSON_Delete(g);
    }
    test_server_stop(&s);
}

Test(http_practice, a_seed_gives_the_same_practice_puzzle_by_get_and_post, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    cJSON *a = get_ok(&s, "/v1/generate?technique=xy_wing&seed=5");
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s.url, "/v1/generate");
    cr_assert_eq(test_http_post_json(url, "{\"technique\":\"xy_wing\",\"seed\":5}", &r), 0);
    cr_assert_eq(r.status, 200, "%.300s", r.body);
    cJSON *b = test_http_json(&r);
    cr_assert_str_eq(cJSON_GetStringValue(get(first(a), "puzzle")),
                     cJSON_GetStringValue(get(first(b), "puzzle")));
    cr_assert_null(get(first(a), "entries"), "no start asked: no entries");
    cJSON_Delete(a);
    cJSON_Delete(b);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_practice, a_technique_not_found_in_time_answers_limit_with_what_was_tried, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    /* nested chains are far too rare to meet in 50 ms */
    cJSON *g = get_ok(&s, "/v1/generate?technique=nested_dynamic_forcing_chain&timeout_ms=50");
    const cJSON *p = first(g);
    cr_assert_str_eq(cJSON_GetStringValue(get(p, "status")), "limit");
    cr_assert_str_eq(cJSON_GetStringValue(get(p, "limit_reason")), "deadline");
    cr_assert(cJSON_IsNumber(get(p, "tries")));
    cr_assert(cJSON_IsNumber(get(p, "elapsed_ms")));
    cr_assert(cJSON_IsNull(get(p, "puzzle")));
    cJSON_Delete(g);
    test_server_stop(&s);
}

/* Asserts a 400 problem whose body contains `named` (as JSON escapes it). */
static void assert_refused(const test_server *s, const char *path, const char *named)
{
    test_http_resp r;
    get_path(s, path, NULL, &r);
    cr_assert_eq(r.status, 400, "%s: %ld %.300s", path, r.status, r.body);
    char ct[128];
    cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)),
                     "application/problem+json");
    cr_assert(strstr(r.body, named) != NULL, "%s: %s", path, r.body);
    test_http_resp_free(&r);
}

Test(http_practice, bad_techniques_and_dates_are_refused_by_name, .timeout = 30)
{
    test_server s;
    test_server_start(&s, NULL);
    assert_refused(&s, "/v1/generate?technique=x_wingz", "unknown technique \\\"x_wingz\\\"");
    assert_refused(&s, "/v1/generate?technique=x_wing&difficulty=hard", "technique");
    assert_refused(&s, "/v1/generate?start=technique", "start=technique needs a technique");
    assert_refused(&s, "/v1/generate?technique=x_wing&start=middle",
                   "start must be puzzle or technique");
    assert_refused(&s, "/v1/daily?date=2023-02-29", "2023-02-29\\\" is not a day");
    assert_refused(&s, "/v1/daily?date=yesterday", "yesterday\\\" is not a day");
    assert_refused(&s, "/v1/daily?date=2024-1-05", "2024-1-05\\\" is not a day");
    assert_refused(&s, "/v1/daily?difficulty=impossible", "difficulty");
    assert_refused(&s, "/v1/daily?seed=3",
                   "unknown query parameter \\\"seed\\\" (difficulty, date)");
    test_server_stop(&s);
}

Test(http_practice, a_day_has_one_puzzle_with_an_etag_that_revalidates, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp a, b, c;
    char etag[128], etag_b[128], cache[128];
    get_path(&s, "/v1/daily?date=2024-02-29&difficulty=hard", NULL, &a);
    get_path(&s, "/v1/daily?difficulty=hard&date=2024-02-29", NULL, &b);
    cr_assert_eq(a.status, 200, "%.300s", a.body);
    cJSON *ja = test_http_json(&a), *jb = test_http_json(&b);
    cr_assert_str_eq(cJSON_GetStringValue(get(ja, "date")), "2024-02-29");
    cr_assert_str_eq(cJSON_GetStringValue(get(ja, "level")), "hard");
    cr_assert_str_eq(cJSON_GetStringValue(get(ja, "puzzle")),
                     cJSON_GetStringValue(get(jb, "puzzle")));
    cr_assert_not_null(test_http_header(&a, "ETag", etag, sizeof(etag)));
    cr_assert_str_eq(test_http_header(&b, "ETag", etag_b, sizeof(etag_b)), etag);
    cr_assert_not_null(test_http_header(&a, "Cache-Control", cache, sizeof(cache)));
    long max_age = -1;
    cr_assert_eq(sscanf(cache, "public, max-age=%ld", &max_age), 1, "%s", cache);
    cr_assert(max_age > 0 && max_age <= 86400, "max-age %ld: until the day ends", max_age);

    char inm[160];
    snprintf(inm, sizeof(inm), "If-None-Match: %s", etag);
    const char *const headers[] = {inm, NULL};
    get_path(&s, "/v1/daily?date=2024-02-29&difficulty=hard", headers, &c);
    cr_assert_eq(c.status, 304);
    cr_assert_eq(c.len, 0);
    cr_assert_str_eq(test_http_header(&c, "ETag", etag_b, sizeof(etag_b)), etag);

    /* another day, another puzzle; and the default day is one too */
    cJSON *other = get_ok(&s, "/v1/daily?date=2024-03-01&difficulty=hard");
    cr_assert_str_neq(cJSON_GetStringValue(get(other, "puzzle")),
                      cJSON_GetStringValue(get(ja, "puzzle")));
    cJSON *today = get_ok(&s, "/v1/daily");
    cr_assert_eq(strlen(cJSON_GetStringValue(get(today, "date"))), 10);
    cr_assert_str_eq(cJSON_GetStringValue(get(today, "difficulty")), "medium");
    cJSON_Delete(today);
    cJSON_Delete(other);
    cJSON_Delete(ja);
    cJSON_Delete(jb);
    test_http_resp_free(&a);
    test_http_resp_free(&b);
    test_http_resp_free(&c);
    test_server_stop(&s);
}
