/* unit_json.c -- the strict JSON checker, the text and region readers, and the writers. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "server/input.h"
#include "server/json_check.h"
#include "server/json_read.h"
#include "writers/buf.h"
#include "writers/json_write.h"

static int check(const char *text, api_problem *pb)
{
    return json_check(text, strlen(text), pb);
}

Test(json, accepts_valid_documents)
{
    static const char *const ok[] = {
        "{}",
        "[]",
        " {\"a\": [1, -2.5e+3, 0, true, false, null, \"x\"]} ",
        "\"\\u00e9\\ud83d\\ude00\"",
        "0",
        "-0.0e0",
        "{\"k\":{\"k\":[[[]]]}}",
        "\"caf\xc3\xa9\"",
        "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
    };
    api_problem pb;
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
        cr_assert_eq(check(ok[i], &pb), 0, "rejected %s: %s", ok[i], pb.detail);
}

static void expect_malformed(const char *text, size_t len, const char *why)
{
    api_problem pb;
    cr_assert_eq(json_check(text, len, &pb), -1, "accepted %s", why);
    cr_assert_eq(pb.type, API_PROBLEM_MALFORMED_JSON, "%s: wrong type", why);
    cr_assert(strstr(pb.detail, "byte offset") != NULL || strstr(pb.detail, "empty") != NULL ||
                  strstr(pb.detail, "nesting") != NULL,
              "%s: detail '%s' has no position", why, pb.detail);
}

#define MALFORMED(lit, why) expect_malformed(lit, sizeof(lit) - 1, why)

Test(json, rejects_what_cjson_would_let_through)
{
    MALFORMED("", "empty");
    MALFORMED("   ", "blank");
    MALFORMED("{", "unterminated object");
    MALFORMED("{\"a\":1,}", "trailing comma");
    MALFORMED("[1,]", "trailing comma in array");
    MALFORMED("{} x", "trailing garbage");
    MALFORMED("{}{}", "two documents");
    MALFORMED("{'a':1}", "single quotes");
    MALFORMED("{a:1}", "bare key");
    MALFORMED("[01]", "leading zero");
    MALFORMED("[+1]", "plus sign");
    MALFORMED("[.5]", "bare fraction");
    MALFORMED("[1.]", "empty fraction");
    MALFORMED("[1e]", "empty exponent");
    MALFORMED("[NaN]", "NaN");
    MALFORMED("[tru]", "bad literal");
    MALFORMED("\"\\u0000\"", "escaped NUL");
    MALFORMED("\"a\0b\"", "raw NUL");
    MALFORMED("\"\x01\"", "control character");
    MALFORMED("\"\\x41\"", "bad escape");
    MALFORMED("\"\\ud800\"", "lone high surrogate");
    MALFORMED("\"\\udc00\"", "lone low surrogate");
    MALFORMED("\"\\ud800\\u0041\"", "high surrogate with a non-surrogate");
    MALFORMED("\"\xff\"", "invalid UTF-8 byte");
    MALFORMED("\"\xc0\xaf\"", "overlong UTF-8");
    MALFORMED("\"\xed\xa0\x80\"", "UTF-8 encoded surrogate");
    MALFORMED("\"\xf4\x90\x80\x80\"", "above U+10FFFF");
    MALFORMED("\"\xe2\x82\"", "truncated UTF-8");
    MALFORMED("\xef\xbb\xbf{}", "byte order mark");
}

Test(json, error_offsets_point_at_the_fault)
{
    api_problem pb;
    cr_assert_eq(check("{\"a\": [1, 2,, 3]}", &pb), -1);
    cr_assert(strstr(pb.detail, "offset 12") != NULL, "detail: %s", pb.detail);
    cr_assert_eq(check("[1] ]", &pb), -1);
    cr_assert(strstr(pb.detail, "offset 4") != NULL, "detail: %s", pb.detail);
}

Test(json, deep_nesting_is_a_clean_error)
{
    size_t depth = 100000;
    char *text = malloc(2 * depth + 1);
    memset(text, '[', depth);
    memset(text + depth, ']', depth);
    text[2 * depth] = '\0';
    api_problem pb;
    cr_assert_eq(json_check(text, 2 * depth, &pb), -1);
    cr_assert_eq(pb.type, API_PROBLEM_MALFORMED_JSON);
    cr_assert(strstr(pb.detail, "nesting") != NULL, "detail: %s", pb.detail);
    free(text);

    char ok[2 * JSON_MAX_DEPTH + 1];
    memset(ok, '[', JSON_MAX_DEPTH);
    memset(ok + JSON_MAX_DEPTH, ']', JSON_MAX_DEPTH);
    ok[2 * JSON_MAX_DEPTH] = '\0';
    cr_assert_eq(check(ok, &pb), 0, "%d levels must pass: %s", JSON_MAX_DEPTH, pb.detail);
}

Test(json, overlong_numbers_are_out_of_range_not_malformed)
{
    api_problem pb;
    char text[200];
    memset(text, '9', 64);
    text[64] = '\0';
    cr_assert_eq(check(text, &pb), -1);
    cr_assert_eq(pb.type, API_PROBLEM_INVALID_REQUEST);
}

static char *render_string(const char *s, size_t len)
{
    buf b = BUF_INIT;
    json_put_string(&b, s, len);
    size_t n;
    return buf_take(&b, &n);
}

Test(json, strings_are_escaped_and_utf8_repaired)
{
    char *out = render_string("a\"b\\c\n\x01\xc3\xa9\xff", 10);
    cr_assert_str_eq(out, "\"a\\\"b\\\\c\\n\\u0001\xc3\xa9\\ufffd\"");
    free(out);
    out = render_string("", 0);
    cr_assert_str_eq(out, "\"\"");
    free(out);
}

/* ---- input readers ---- */

struct scratch {
    uint8_t cells[SUDOKU_MAX_CELLS];
    uint8_t regions[SUDOKU_MAX_CELLS];
    input_puzzle in;
};

static struct scratch *scratch_new(void)
{
    struct scratch *s = calloc(1, sizeof(*s));
    input_init(&s->in, s->cells, s->regions, 1000);
    return s;
}

Test(json, text_puzzles_take_every_symbol_and_separator)
{
    struct scratch *s = scratch_new();
    api_problem pb;
    const char *text = "1.3_|+- \t\r\n0 a 2 b c  d 4 .....";
    cr_assert_eq(input_read_text(&s->in, text, strlen(text), "", &pb), -1, "'a' is 10, above 4");
    cr_assert_eq(pb.type, API_PROBLEM_INVALID_PUZZLE);

    text = "12.4 | 3..1 | .... | 2..3";
    cr_assert_eq(input_read_text(&s->in, text, strlen(text), "", &pb), 0, "%s", pb.detail);
    cr_assert_eq(s->in.size, 4);
    cr_assert_eq(s->in.form, JSON_FORM_STRING);
    cr_assert_eq(s->cells[0], 1);
    cr_assert_eq(s->cells[2], 0);
    cr_assert_eq(s->cells[15], 3);
    free(s);
}

Test(json, text_puzzle_errors_have_the_right_type)
{
    struct scratch *s = scratch_new();
    api_problem pb;
    static const struct {
        const char *text;
        api_problem_type type;
    } cases[] = {
        {"", API_PROBLEM_INVALID_PUZZLE},                             /* empty */
        {"12345", API_PROBLEM_INVALID_PUZZLE},                        /* not square */
        {"1234*", API_PROBLEM_INVALID_PUZZLE},                        /* junk */
        {"123412341", API_PROBLEM_INVALID_PUZZLE},                    /* 3x3: 16 cells expected */
        {".........................", API_PROBLEM_UNSUPPORTED_SHAPE}, /* 5x5, prime */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        input_init(&s->in, s->cells, s->regions, 1000);
        cr_assert_eq(input_read_text(&s->in, cases[i].text, strlen(cases[i].text), "/p", &pb), -1,
                     "accepted '%s'", cases[i].text);
        cr_assert_eq(pb.type, cases[i].type, "'%s': got %d", cases[i].text, pb.type);
        cr_assert_str_eq(pb.pointer, "/p");
    }
    /* 36x36 blanks: a real shape, but the text form cannot spell it */
    char *big = malloc(36 * 36 + 1);
    memset(big, '.', 36 * 36);
    big[36 * 36] = '\0';
    cr_assert_eq(input_read_text(&s->in, big, 36 * 36, "", &pb), -1);
    cr_assert_eq(pb.type, API_PROBLEM_INVALID_PUZZLE);
    free(big);
    free(s);
}

Test(json, region_labels_number_in_order_of_appearance)
{
    struct scratch *s = scratch_new();
    api_problem pb;
    const char *labels = "AABB\nAABB\nCCDD\nCCDD";
    cr_assert_eq(input_read_region_labels(&s->in, labels, strlen(labels), "/regions", &pb), 0);
    cr_assert_eq(s->in.nregions, 16);
    cr_assert_eq(s->regions[0], 0);
    cr_assert_eq(s->regions[2], 1);
    cr_assert_eq(s->regions[8], 2);
    cr_assert_eq(s->regions[15], 3);

    const char *utf8 = "\xc3\xa9\xc3\xa9xx\xc3\xa9\xc3\xa9xxyyzzyyzz";
    cr_assert_eq(input_read_region_labels(&s->in, utf8, strlen(utf8), "/regions", &pb), 0);
    cr_assert_eq(s->in.nregions, 16, "a two-byte label counts once");
    cr_assert_eq(s->regions[0], 0);
    cr_assert_eq(s->regions[2], 1);
    free(s);
}

Test(json, finish_checks_box_and_regions_against_the_size)
{
    struct scratch *s = scratch_new();
    api_problem pb;
    const char *text = "................";
    cr_assert_eq(input_read_text(&s->in, text, 16, "/puzzle", &pb), 0);
    s->in.box_rows = 4;
    s->in.box_cols = 1;
    cr_assert_eq(input_finish(&s->in, "", "/puzzle", &pb), -1);
    cr_assert_eq(pb.type, API_PROBLEM_UNSUPPORTED_SHAPE);
    cr_assert_str_eq(pb.pointer, "/box");

    s->in.box_rows = 0;
    s->in.box_cols = 0;
    const char *bad = "AAAB AABB CCDD CCDD"; /* region sizes 5 and 3 */
    cr_assert_eq(input_read_region_labels(&s->in, bad, strlen(bad), "/regions", &pb), 0);
    cr_assert_eq(input_finish(&s->in, "", "/puzzle", &pb), -1);
    cr_assert_eq(pb.type, API_PROBLEM_UNSUPPORTED_SHAPE);
    cr_assert_str_eq(pb.pointer, "/regions");

    input_init(&s->in, s->cells, s->regions, 1000);
    cr_assert_eq(input_finish(&s->in, "", "/puzzle", &pb), -1, "no puzzle read");
    cr_assert_eq(pb.type, API_PROBLEM_INVALID_REQUEST);
    free(s);
}

Test(json, problem_objects_render_pointer_and_conflicts)
{
    api_problem pb;
    problem_set(&pb, API_PROBLEM_INVALID_PUZZLE, "/puzzle/1", "bad \"cell\"");
    buf b = BUF_INIT;
    json_render_problem(&b, &pb, "/v1/solve", "abc", 7, NULL, 0, NULL);
    size_t n;
    char *s = buf_take(&b, &n);
    cr_assert(strstr(s, "\"index\":7") != NULL);
    cr_assert(strstr(s, "\"type\":\"urn:sudokud:problem:invalid-puzzle\"") != NULL);
    cr_assert(strstr(s, "\"status\":400") != NULL);
    cr_assert(strstr(s, "\"pointer\":\"/puzzle/1\"") != NULL);
    cr_assert(strstr(s, "bad \\\"cell\\\"") != NULL);
    cr_assert(strstr(s, "\"request_id\":\"abc\"") != NULL);
    free(s);
}
