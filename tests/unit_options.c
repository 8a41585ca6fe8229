/* unit_options.c -- the request option table: lookups, the query reader, the deadline helper.
 *
 * The rows are walked through options.h's own X-macro, so a new row is
 * tested here without a new case.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "server/options.h"

#define MAX_TIMEOUT 7000u

static const option_row *row(const char *key)
{
    return option_lookup(key, strlen(key));
}

Test(options, every_key_finds_its_own_row)
{
#define X(ID, KEY, TYPE, MIN, MAX, FIELD, JSON, QUERY)                                             \
    cr_assert_not_null(row(KEY), "%s", KEY);                                                       \
    cr_assert_eq(row(KEY)->id, OPTION_KEY_##ID, "%s", KEY);                                        \
    cr_assert_str_eq(row(KEY)->key, KEY);                                                          \
    cr_assert((JSON | QUERY) != 0, "%s is taken by no request", KEY);
    REQUEST_OPTIONS(X)
#undef X
    cr_assert_null(row("puzzle_"));
    cr_assert_null(option_lookup("puzzle", 5), "a prefix of a key is not the key");
}

/* The value of a plain option's field, widened. */
static long long field_value(const input_puzzle *p, const option_row *o)
{
    const unsigned char *f = (const unsigned char *)p + o->offset;
    uint64_t v64;
    uint32_t v32;
    bool b;
    switch (o->width) {
    case sizeof(v64):
        memcpy(&v64, f, sizeof(v64));
        return (long long)v64;
    case sizeof(v32):
        memcpy(&v32, f, sizeof(v32));
        return (long long)v32;
    default:
        memcpy(&b, f, sizeof(b));
        return b;
    }
}

static void expect_refused(request_kind kind, const char *key, const char *value,
                           const char *detail)
{
    input_puzzle p;
    uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    api_problem pb;
    input_init(&p, cells, regions, 100);
    cr_assert_eq(option_read_param(kind, key, value, MAX_TIMEOUT, &p, &pb), -1, "%s=%s", key,
                 value);
    cr_assert_eq(pb.type, API_PROBLEM_INVALID_REQUEST);
    cr_assert(pb.has_pointer && pb.in_query, "%s=%s: the problem names the parameter", key, value);
    cr_assert_str_eq(pb.pointer, key);
    char start[64];
    snprintf(start, sizeof(start), "%s must ", key);
    if (detail != NULL)
        cr_assert(strstr(pb.detail, detail) != NULL, "%s=%s: %s", key, value, pb.detail);
    else
        cr_assert_eq(strncmp(pb.detail, start, strlen(start)), 0, "%s=%s: %s", key, value,
                     pb.detail);
}

/* Every option a query may carry refuses junk in its own words, and an
 * integer takes both ends of its range and nothing past them. */
Test(options, every_query_option_reads_its_range_and_refuses_the_rest)
{
    size_t checked = 0;
    for (int kind = 0; kind < REQUEST_KIND_COUNT; kind++) {
#define X(ID, KEY, TYPE, MIN, MAX, FIELD, JSON, QUERY)                                             \
    if ((QUERY) & (1u << kind)) {                                                                  \
        expect_refused((request_kind)kind, KEY, "abc", NULL);                                      \
        checked++;                                                                                 \
    }
        REQUEST_OPTIONS(X)
#undef X
    }
    cr_assert_geq(checked, 14, "the batch's 3 and generate's 11 query parameters");

#define X(ID, KEY, TYPE, MIN, MAX, FIELD, JSON, QUERY)                                             \
    if ((TYPE == OPTION_INT || TYPE == OPTION_TIMEOUT) && (QUERY) != 0) {                          \
        const option_row *o = row(KEY);                                                            \
        request_kind k = (request_kind)__builtin_ctz(QUERY);                                       \
        long long hi = option_max(o, MAX_TIMEOUT);                                                 \
        long long ends[2] = {o->min, hi};                                                          \
        for (int e = 0; e < 2; e++) {                                                              \
            char text[32], want[96];                                                               \
            input_puzzle p;                                                                        \
            uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];                            \
            api_problem pb;                                                                        \
            input_init(&p, cells, regions, 100);                                                   \
            snprintf(text, sizeof(text), "%lld", ends[e]);                                         \
            cr_assert_eq(option_read_param(k, KEY, text, MAX_TIMEOUT, &p, &pb), 0, "%s=%s: %s",    \
                         KEY, text, pb.detail);                                                    \
            cr_assert_eq(field_value(&p, o), ends[e], "%s=%s", KEY, text);                         \
            cr_assert(p.given &(1u << o->id));                                                     \
            snprintf(text, sizeof(text), "%lld", e == 0 ? ends[0] - 1 : hi + 1);                   \
            snprintf(want, sizeof(want), "%s must be an integer in %lld..%lld", KEY, o->min, hi);  \
            expect_refused(k, KEY, text, want);                                                    \
        }                                                                                          \
    }
    REQUEST_OPTIONS(X)
#undef X
}

Test(options, a_parameter_an_endpoint_does_not_take_is_unknown_and_the_known_ones_listed)
{
    input_puzzle p;
    uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    api_problem pb;
    input_init(&p, cells, regions, 100);
    /* puzzle is a body member only; count belongs to generate, not to the batch */
    cr_assert_eq(option_read_param(REQUEST_GENERATE, "puzzle", "1", MAX_TIMEOUT, &p, &pb), -1);
    cr_assert(strstr(pb.detail, "unknown query parameter \"puzzle\"") != NULL, "%s", pb.detail);
    cr_assert(strstr(pb.detail, "count") != NULL, "%s", pb.detail);
    cr_assert_eq(option_read_param(REQUEST_BATCH, "count", "1", MAX_TIMEOUT, &p, &pb), -1);
    cr_assert_str_eq(pb.detail, "unknown query parameter \"count\" (max_solutions, "
                                "return_solutions, timeout_ms)");
    cr_assert(pb.in_query);
}

Test(options, names_scores_and_boxes_read_as_query_parameters)
{
    input_puzzle p;
    uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    api_problem pb;
    input_init(&p, cells, regions, 100);
    cr_assert_eq(option_read_param(REQUEST_GENERATE, "box", "3x4", MAX_TIMEOUT, &p, &pb), 0);
    cr_assert_eq(p.box_rows, 3);
    cr_assert_eq(p.box_cols, 4);
    cr_assert_eq(option_read_param(REQUEST_GENERATE, "score_min", "4.2", MAX_TIMEOUT, &p, &pb), 0);
    cr_assert_eq(p.score_min, 42);
    cr_assert_eq(option_read_param(REQUEST_GENERATE, "minimal", "1", MAX_TIMEOUT, &p, &pb), 0);
    cr_assert(p.minimal);
    cr_assert_eq(option_read_param(REQUEST_GENERATE, "symmetry", "mirror", MAX_TIMEOUT, &p, &pb),
                 0);
    cr_assert_eq(p.symmetry, SUDOKU_SYMMETRY_MIRROR);
    expect_refused(REQUEST_GENERATE, "score_max", "20.1", NULL);
    expect_refused(REQUEST_GENERATE, "score_max", "4.25", NULL);
    expect_refused(REQUEST_GENERATE, "box", "3x1", NULL);
    expect_refused(REQUEST_GENERATE, "difficulty", "impossible", NULL);
}

Test(options, the_deadline_is_the_start_plus_the_timeout_and_never_wraps)
{
    cr_assert_eq(option_deadline_ns(5, 3), 5 + 3 * UINT64_C(1000000));
    cr_assert_eq(option_deadline_ns(UINT64_MAX - 10, 1), UINT64_MAX);
    cr_assert_eq(option_deadline_ns(1, UINT64_MAX / 1000), UINT64_MAX);
}

Test(options, dates_are_real_days_counted_from_1970)
{
    static const struct {
        const char *text;
        int32_t day;
    } days[] = {
        {"1970-01-01", 0}, {"2000-03-01", 11017}, {"2024-02-29", 19782}, {"2100-12-31", 47846}};
    input_puzzle p;
    uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    api_problem pb;
    input_init(&p, cells, regions, 100);
    for (size_t i = 0; i < sizeof(days) / sizeof(days[0]); i++) {
        cr_assert_eq(option_read_param(REQUEST_DAILY, "date", days[i].text, MAX_TIMEOUT, &p, &pb),
                     0, "%s", days[i].text);
        cr_assert_eq(p.day, days[i].day, "%s: %d", days[i].text, p.day);
    }
    static const char *const bad[] = {"2023-02-29", "2100-02-29", "2024-13-01", "2024-04-31",
                                      "1969-12-31", "2024-1-05",  "24-01-05",   "2024-01-05x",
                                      "2024/01/05", "",           "today"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        expect_refused(REQUEST_DAILY, "date", bad[i], "is not a day");
}

Test(options, a_technique_is_a_key_of_the_ladder_and_start_names_where_to_open)
{
    input_puzzle p;
    uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    api_problem pb;
    input_init(&p, cells, regions, 100);
    cr_assert_eq(
        option_read_param(REQUEST_GENERATE, "technique", "jellyfish", MAX_TIMEOUT, &p, &pb), 0);
    cr_assert_eq(p.technique, SUDOKU_TECH_JELLYFISH);
    cr_assert_eq(option_read_param(REQUEST_GENERATE, "start", "technique", MAX_TIMEOUT, &p, &pb),
                 0);
    cr_assert(p.start_technique);
    expect_refused(REQUEST_GENERATE, "technique", "x-wing", "unknown technique");
    expect_refused(REQUEST_GENERATE, "start", "end", "start must be puzzle or technique");
}
