/* http_convert.c -- POST /v1/convert and the formats every puzzle string reads, over real HTTP.
 *
 * A sudokud on a loopback port: an .sdk and links sent to /v1/solve and
 * /v1/hint, every `to` of /v1/convert read back through /v1/convert, and
 * the 4xx answers to a bad `to` and to the bad samples of
 * tests/data/formats/bad/.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/server.h"

#define DIR "tests/data/formats/"

static const char *const givens =
    "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";

/* POSTs {"puzzle": <text>, extra...} (text JSON-escaped) to path. */
static cJSON *post_puzzle(const test_server *s, const char *path, const char *text,
                          const char *extra, test_http_resp *r)
{
    cJSON *body = cJSON_CreateObject();
    cJSON_AddStringToObject(body, "puzzle", text);
    char *json = cJSON_PrintUnformatted(body);
    cJSON_Delete(body);
    size_t n = strlen(json);
    char *full = malloc(n + strlen(extra) + 2);
    memcpy(full, json, n - 1);
    sprintf(full + n - 1, "%s}", extra);
    free(json);
    char url[256];
    test_http_url(url, sizeof(url), s->url, path);
    cr_assert_eq(test_http_post_json(url, full, r), 0, "POST %s: %s", path, r->error);
    free(full);
    return test_http_json(r);
}

Test(convert, solve_takes_an_sdk_and_links, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    static const char *const files[] = {"sudocue.sdk", "simple.ss", "sudokuwiki.link",
                                        "classic.fpuzzles.json", "library.hdk"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        char path[128];
        snprintf(path, sizeof(path), DIR "%s", files[i]);
        char *text = test_read_file(path, NULL);
        test_http_resp r;
        cJSON *a = post_puzzle(&s, "/v1/solve", text, "", &r);
        cr_assert_eq(r.status, 200, "%s: %s", files[i], r.body);
        cr_expect_str_eq(cJSON_GetObjectItem(a, "status")->valuestring, "solved", "%s", files[i]);
        cJSON_Delete(a);
        test_http_resp_free(&r);
        free(text);
    }
    test_server_stop(&s);
}

Test(convert, hint_takes_the_entries_and_candidates_of_a_library_line, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    char *text = test_read_file(DIR "library.hdk", NULL);
    test_http_resp r;
    cJSON *a = post_puzzle(&s, "/v1/hint", text, "", &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    /* its entry is the solution's 3 and its deletions leave the right digits: no mistake */
    cr_expect_str_neq(cJSON_GetObjectItem(a, "kind")->valuestring, "mistake", "%s", r.body);
    cJSON_Delete(a);
    test_http_resp_free(&r);
    free(text);
    test_server_stop(&s);
}

Test(convert, every_to_reads_back_the_same_state, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    static const char *const to[] = {
        "line", "sdk", "sdm", "ss", "hodoku", "fpuzzles", "sudokupad-link", "sudokuwiki-link"};
    char *sdk = test_read_file(DIR "sudocue.sdk", NULL);
    for (size_t i = 0; i < sizeof(to) / sizeof(to[0]); i++) {
        char extra[64];
        snprintf(extra, sizeof(extra), ",\"to\":\"%s\"", to[i]);
        test_http_resp r, back;
        cJSON *a = post_puzzle(&s, "/v1/convert", sdk, extra, &r);
        cr_assert_eq(r.status, 200, "%s: %s", to[i], r.body);
        const char *text = cJSON_GetObjectItem(a, "text")->valuestring;
        cJSON *state = post_puzzle(&s, "/v1/convert", text, ",\"to\":\"json\"", &back);
        cr_assert_eq(back.status, 200, "%s: %s", to[i], back.body);
        cr_expect_str_eq(cJSON_GetObjectItem(state, "puzzle")->valuestring, givens, "%s", to[i]);
        cJSON_Delete(a);
        cJSON_Delete(state);
        test_http_resp_free(&r);
        test_http_resp_free(&back);
    }
    test_http_resp r;
    cJSON *state = post_puzzle(&s, "/v1/convert", sdk, ",\"to\":\"json\"", &r);
    cJSON *meta = cJSON_GetObjectItem(state, "metadata");
    cr_expect_str_eq(cJSON_GetObjectItem(meta, "author")->valuestring, "Ruud");
    cr_expect_str_eq(cJSON_GetObjectItem(meta, "level")->valuestring, "Easy");
    cJSON_Delete(state);
    test_http_resp_free(&r);
    free(sdk);
    test_server_stop(&s);
}

Test(convert, bad_inputs_get_a_4xx_naming_what_is_wrong, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", NULL});
    static const struct {
        const char *file, *says;
    } bad[] = {
        {"truncated.sdk", "cut short"},         {"empty-cell.pm", "no candidates"},
        {"fields.hdk", "this one has 3"},       {"lz-garbage.link", "not LZ-String"},
        {"killer.fpuzzles.json", "killercage"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char path[128];
        snprintf(path, sizeof(path), DIR "bad/%s", bad[i].file);
        char *text = test_read_file(path, NULL);
        test_http_resp r;
        cJSON *a = post_puzzle(&s, "/v1/convert", text, ",\"to\":\"line\"", &r);
        cr_expect_eq(r.status, 400, "%s: %d", bad[i].file, r.status);
        cr_expect(strstr(r.body, bad[i].says) != NULL, "%s: %s", bad[i].file, r.body);
        cJSON_Delete(a);
        test_http_resp_free(&r);
        free(text);
    }
    test_http_resp r;
    cJSON *a = post_puzzle(&s, "/v1/convert", givens, ",\"to\":\"xml\"", &r);
    cr_expect_eq(r.status, 400);
    cr_expect(strstr(r.body, "xml") != NULL && strstr(r.body, "/to") != NULL, "%s", r.body);
    cJSON_Delete(a);
    test_http_resp_free(&r);
    a = post_puzzle(&s, "/v1/convert", givens, "", &r);
    cr_expect_eq(r.status, 400);
    cr_expect(strstr(r.body, "required key") != NULL, "%s", r.body);
    cJSON_Delete(a);
    test_http_resp_free(&r);
    test_server_stop(&s);
}
