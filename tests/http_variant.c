/* http_variant.c -- f-puzzles variants over real HTTP: /v1/solve, /v1/validate, /v1/convert.
 *
 * A sudokud on a loopback port solves the killer of tests/data/variants/
 * (cages tiling a known classic grid, unique without givens: `sudoku count`
 * says 1) sent as an object, as LZ-String data and in both links, and must
 * answer that grid; lists the true candidates of a small killer whose
 * candidates can be told by hand; converts a variant link into its object;
 * and answers every bad input with a 4xx problem whose pointer says where.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lzstring.h"
#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/server.h"

#define KILLER "tests/data/variants/killer.fpuzzles.json"

/* The classic grid the killer's cages were cut from. */
static const char *const killer_solution =
    "135849672269357841748261359896524137412736598357198264574612983681973425923485716";

/* A 4x4 with one cage: R1C1+R1C2 = 3, so they are 1 and 2 and their boxes' others 3 and 4. */
#define SMALL_KILLER                                                                               \
    "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"              \
    "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}"

static cJSON *post(const test_server *s, const char *path, const char *body, test_http_resp *r)
{
    char url[256];
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_post_json(url, body, r), 0, "POST %s: %s", path, r->error);
    return test_http_json(r);
}

/* {"fpuzzles": "<text>"<extra>} with the text JSON-escaped. */
static char *body_with_string(const char *text, const char *extra)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "fpuzzles", text);
    char *json = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    size_t n = strlen(json);
    char *full = malloc(n + strlen(extra) + 1);
    memcpy(full, json, n - 1);
    sprintf(full + n - 1, "%s}", extra);
    free(json);
    return full;
}

/* The LZ-String data of a text, escaped as links carry it when `escape`. */
static char *lz_of(const char *text, bool escape)
{
    buf lz = BUF_INIT, out = BUF_INIT;
    cr_assert_eq(lzstring_encode(text, strlen(text), &lz), 0);
    for (size_t i = 0; i < lz.len; i++) {
        char c = lz.data[i];
        if (escape && (c == '+' || c == '/' || c == '='))
            buf_printf(&out, "%%%02X", (unsigned char)c);
        else
            buf_putc(&out, c);
    }
    buf_free(&lz);
    return out.data;
}

static void expect_killer_solved(const cJSON *a, const char *how)
{
    cr_expect_str_eq(cJSON_GetObjectItem(a, "status")->valuestring, "solved", "%s", how);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(a, "unique")), "%s", how);
    cr_expect_str_eq(cJSON_GetObjectItem(a, "solution")->valuestring, killer_solution, "%s", how);
    cr_expect_eq(cJSON_GetObjectItem(a, "solution_count")->valueint, 1, "%s", how);
    cr_expect_not_null(cJSON_GetObjectItem(a, "stats"), "%s", how);
    cr_expect_not_null(cJSON_GetObjectItem(a, "timing_us"), "%s", how);
}

Test(variant, a_killer_is_solved_in_every_carrier, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    char *json = test_read_file(KILLER, NULL);
    json[strcspn(json, "\n")] = '\0';
    test_http_resp r;
    char *body = malloc(strlen(json) + 32);
    sprintf(body, "{\"fpuzzles\":%s}", json);
    cJSON *a = post(&s, "/v1/solve", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    expect_killer_solved(a, "object");
    cJSON_Delete(a);
    test_http_resp_free(&r);
    free(body);

    char *lz = lz_of(json, false), *escaped = lz_of(json, true);
    char links[3][8192];
    snprintf(links[0], sizeof(links[0]), "%s", lz);
    snprintf(links[1], sizeof(links[1]), "https://www.f-puzzles.com/?load=%s", escaped);
    snprintf(links[2], sizeof(links[2]), "https://sudokupad.app/fpuzzles%s", escaped);
    for (int i = 0; i < 3; i++) {
        body = body_with_string(links[i], "");
        a = post(&s, "/v1/solve", body, &r);
        cr_assert_eq(r.status, 200, "%.60s: %s", links[i], r.body);
        expect_killer_solved(a, links[i]);
        cJSON_Delete(a);
        test_http_resp_free(&r);
        free(body);
    }
    /* validate proves it unique */
    body = body_with_string(links[1], ",\"check\":[\"unique\"]");
    a = post(&s, "/v1/validate", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(a, "unique")), "%s", r.body);
    cJSON_Delete(a);
    test_http_resp_free(&r);
    free(body);
    free(lz);
    free(escaped);
    free(json);
    test_server_stop(&s);
}

/* Each cell's list as digits ("12"), for comparing. */
static void candidate_text(const cJSON *cell, char *out)
{
    const cJSON *d;
    cJSON_ArrayForEach(d, cell) *out++ = (char)('0' + d->valueint);
    *out = '\0';
}

Test(variant, true_candidates_list_what_each_cell_can_hold, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    test_http_resp r;
    cJSON *a =
        post(&s, "/v1/solve", "{\"fpuzzles\":" SMALL_KILLER ",\"true_candidates\":true}", &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cr_expect_str_eq(cJSON_GetObjectItem(a, "status")->valuestring, "multiple");
    const cJSON *tc = cJSON_GetObjectItem(a, "true_candidates");
    cr_assert_eq(cJSON_GetArraySize(tc), 16, "%s", r.body);
    static const char *const want[16] = {"12",   "12",   "34",   "34",   "34",   "34",
                                         "12",   "12",   "1234", "1234", "1234", "1234",
                                         "1234", "1234", "1234", "1234"};
    for (int i = 0; i < 16; i++) {
        char got[8];
        candidate_text(cJSON_GetArrayItem(tc, i), got);
        cr_expect_str_eq(got, want[i], "cell %d", i);
    }
    cJSON_Delete(a);
    test_http_resp_free(&r);

    /* a unique puzzle's true candidates are its solution, classic ones too */
    char *json = test_read_file(KILLER, NULL);
    char *body = malloc(strlen(json) + 64);
    sprintf(body, "{\"fpuzzles\":%s,\"true_candidates\":true}", json);
    const char *bodies[] = {body,
                            "{\"puzzle\":\"1...49....6.3.................5..1.74.2....9.3......"
                            "...7.6..9........42........1.\",\"true_candidates\":true}"};
    for (int k = 0; k < 2; k++) {
        a = post(&s, "/v1/solve", bodies[k], &r);
        cr_assert_eq(r.status, 200, "%s", r.body);
        tc = cJSON_GetObjectItem(a, "true_candidates");
        const char *solution = cJSON_GetObjectItem(a, "solution")->valuestring;
        cr_assert_eq(cJSON_GetArraySize(tc), 81, "%s", r.body);
        for (int i = 0; i < 81; i++) {
            char got[12];
            candidate_text(cJSON_GetArrayItem(tc, i), got);
            cr_expect(got[0] == solution[i] && got[1] == '\0', "body %d cell %d: %s", k, i, got);
        }
        cJSON_Delete(a);
        test_http_resp_free(&r);
    }
    /* without the option, none */
    a = post(&s, "/v1/solve", "{\"fpuzzles\":" SMALL_KILLER "}", &r);
    cr_expect_null(cJSON_GetObjectItem(a, "true_candidates"));
    cJSON_Delete(a);
    test_http_resp_free(&r);
    free(body);
    free(json);
    test_server_stop(&s);
}

/* A 9x9 object of an empty grid with `members`, as an `fpuzzles` body. */
static char *body_9x9(const char *members)
{
    buf b = BUF_INIT;
    buf_puts(&b, "{\"fpuzzles\":{\"size\":9,\"grid\":[");
    for (int r = 0; r < 9; r++)
        buf_puts(&b, r ? ",[{},{},{},{},{},{},{},{},{}]" : "[{},{},{},{},{},{},{},{},{}]");
    buf_printf(&b, "],%s}}", members);
    return b.data;
}

static void expect_problem(const test_server *s, const char *path, const char *body, long status,
                           const char *pointer, const char *says)
{
    test_http_resp r;
    cJSON *a = post(s, path, body, &r);
    cr_expect_eq(r.status, status, "%.80s: %ld %s", body, r.status, r.body);
    char ct[128];
    cr_expect(test_http_header(&r, "Content-Type", ct, sizeof(ct)) != NULL &&
                  strstr(ct, "application/problem+json") != NULL,
              "%s", r.body);
    const cJSON *errors = cJSON_GetObjectItem(a, "errors");
    const cJSON *ptr = cJSON_GetObjectItem(cJSON_GetArrayItem(errors, 0), "pointer");
    cr_expect(cJSON_IsString(ptr) && strcmp(ptr->valuestring, pointer) == 0, "want %s: %s", pointer,
              r.body);
    const cJSON *detail = cJSON_GetObjectItem(a, "detail");
    cr_expect(cJSON_IsString(detail) && strstr(detail->valuestring, says) != NULL,
              "want \"%s\": %s", says, r.body);
    cJSON_Delete(a);
    test_http_resp_free(&r);
}

Test(variant, every_bad_input_is_a_4xx_pointing_where, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", "--max-body", "65536", NULL});
    static const struct {
        const char *members;
        long status;
        const char *pointer, *says;
    } bad[] = {
        {"\"killercage\":[{\"cells\":[\"R10C1\"],\"value\":\"3\"}]", 400,
         "/fpuzzles/killercage/0/cells/0", "R10C1 is outside the 9x9 grid"},
        {"\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R1C3\",\"R1C4\",\"R1C5\",\"R1C6\","
         "\"R1C7\",\"R1C8\",\"R1C9\",\"R2C1\",\"R2C2\",\"R2C3\"],\"value\":\"60\"}]",
         400, "/fpuzzles/killercage/0", "killercage[0]: "},
        {"\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"99\"}]", 400,
         "/fpuzzles/killercage/0", "killercage[0]: "},
        {"\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C1\"]]}]", 400,
         "/fpuzzles/thermometer/0", "thermometer[0]: "},
        {"\"antiknight\":\"yes\"", 400, "/fpuzzles/antiknight", "true or false"},
        {"\"killercage\":[{\"cells\":\"R1C1\"}]", 400, "/fpuzzles/killercage/0/cells",
         "not an array of cells"},
        {"\"xsum\":[]", 422, "/fpuzzles/xsum", "\"xsum\""},
        {"\"skyscraper\":[]", 422, "/fpuzzles/skyscraper", "\"skyscraper\""},
        {"\"entropicline\":[]", 422, "/fpuzzles/entropicline", "\"entropicline\""},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char *body = body_9x9(bad[i].members);
        expect_problem(&s, "/v1/solve", body, bad[i].status, bad[i].pointer, bad[i].says);
        free(body);
    }
    /* 100,000 entries, within the body limit, are refused by count */
    buf many = BUF_INIT;
    buf_puts(&many, "\"odd\":[");
    for (int i = 0; i < 100000; i++) buf_puts(&many, i ? ",{}" : "{}");
    buf_putc(&many, ']');
    test_server big;
    test_server_start(&big, (const char *const[]){"--workers", "1", NULL});
    char *body = body_9x9(many.data);
    expect_problem(&big, "/v1/solve", body, 400, "/fpuzzles/odd", "100000 entries");
    test_server_stop(&big);
    free(body);
    buf_free(&many);
    /* over the body limit by a little: a body far over it (the 100,000 entries) may still be
     * on its way when the server answers 413 and closes, and the client then fails to send */
    buf over = BUF_INIT;
    buf_puts(&over, "{\"fpuzzles\":{\"size\":9}}");
    while (over.len <= 65536) buf_puts(&over, "        ");
    test_http_resp r;
    cJSON_Delete(post(&s, "/v1/solve", over.data, &r));
    cr_expect_eq(r.status, 413, "%s", r.body);
    test_http_resp_free(&r);
    buf_free(&over);

    expect_problem(&s, "/v1/solve", "{\"fpuzzles\":\"N4IgzglgXgp!!garbage\"}", 400, "/fpuzzles",
                   "not LZ-String");
    expect_problem(&s, "/v1/solve", "{\"fpuzzles\":5}", 400, "/fpuzzles", "fpuzzles must be");
    expect_problem(&s, "/v1/solve", "{\"fpuzzles\":{\"size\":7,\"grid\":[]}}", 400,
                   "/fpuzzles/size", "\"size\"");
    expect_problem(&s, "/v1/solve", "{\"fpuzzles\":{\"size\":9}}", 400, "/fpuzzles/grid",
                   "no \"grid\"");
    expect_problem(&s, "/v1/solve",
                   "{\"puzzle\":\"1234341221434321\",\"fpuzzles\":" SMALL_KILLER "}", 400,
                   "/fpuzzles", "not both");
    expect_problem(&s, "/v1/solve",
                   "{\"fpuzzles\":" SMALL_KILLER ",\"box\":{\"rows\":2,\"cols\":2}}", 400,
                   "/fpuzzles", "its own shape");
    /* a batch item is refused alone, in its result */
    cJSON *a = post(&s, "/v1/solve/batch", "{\"puzzles\":[{\"fpuzzles\":" SMALL_KILLER "}]}", &r);
    const cJSON *item = cJSON_GetArrayItem(cJSON_GetObjectItem(a, "results"), 0);
    const cJSON *err0 = cJSON_GetArrayItem(cJSON_GetObjectItem(item, "errors"), 0);
    cr_expect_eq(cJSON_GetObjectItem(item, "status")->valueint, 400, "%s", r.body);
    cr_expect_str_eq(cJSON_GetObjectItem(err0, "pointer")->valuestring, "/puzzles/0/fpuzzles");
    cJSON_Delete(a);
    test_http_resp_free(&r);
    /* a variant sent as `puzzle` is refused by its constraint's name: it goes in `fpuzzles` */
    char *link = lz_of(SMALL_KILLER, true);
    char puzzle[1024];
    snprintf(puzzle, sizeof(puzzle), "{\"puzzle\":\"https://www.f-puzzles.com/?load=%s\"}", link);
    expect_problem(&s, "/v1/solve", puzzle, 400, "/puzzle", "killercage");
    free(link);
    test_server_stop(&s);
}

Test(variant, convert_answers_the_checked_object_of_a_variant, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    char *link = lz_of(SMALL_KILLER, true);
    char body[2048];
    snprintf(body, sizeof(body),
             "{\"puzzle\":\"https://sudokupad.app/fpuzzles%s\",\"to\":\"fpuzzles\"}", link);
    test_http_resp r;
    cJSON *a = post(&s, "/v1/convert", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *obj = cJSON_Parse(cJSON_GetObjectItem(a, "text")->valuestring);
    cr_assert_not_null(obj, "%s", r.body);
    cr_expect_eq(cJSON_GetObjectItem(obj, "size")->valueint, 4);
    const cJSON *cage = cJSON_GetArrayItem(cJSON_GetObjectItem(obj, "killercage"), 0);
    cr_expect_str_eq(cJSON_GetObjectItem(cage, "value")->valuestring, "3");
    cJSON_Delete(obj);
    cJSON_Delete(a);
    test_http_resp_free(&r);
    /* the object itself, and its refusals */
    a = post(&s, "/v1/convert", "{\"puzzle\":" SMALL_KILLER ",\"to\":\"fpuzzles\"}", &r);
    cr_expect_eq(r.status, 200, "%s", r.body);
    cJSON_Delete(a);
    test_http_resp_free(&r);
    expect_problem(&s, "/v1/convert",
                   "{\"to\":\"fpuzzles\",\"puzzle\":{\"size\":4,\"grid\":[],\"xsum\":[]}}", 400,
                   "/puzzle/grid", "must be 4 rows");
    expect_problem(
        &s, "/v1/convert",
        "{\"to\":\"fpuzzles\",\"puzzle\":{\"size\":9,\"grid\":[[{},{},{},{},{},{},{},{},"
        "{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},"
        "{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{}"
        ",{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"
        "\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[[\"R1C1\",\"R1C10\"]]}]}}",
        400, "/puzzle/arrow/0/lines/0/1", "R1C10");
    /* to any other format a variant stays refused, by its constraint's name */
    snprintf(body, sizeof(body),
             "{\"puzzle\":\"https://sudokupad.app/fpuzzles%s\",\"to\":\"line\"}", link);
    expect_problem(&s, "/v1/convert", body, 400, "/puzzle", "killercage");
    free(link);
    test_server_stop(&s);
}
