/* options.c -- the request option table, its query-parameter reader and the shared wordings.
 *
 * DESIGN: a query parameter is text, a JSON member a cJSON value; both end
 * in option_store() for plain values, and both word a refusal through the
 * option_*_problem() functions, so `?count=abc` and {"count": "abc"} are
 * refused alike. The cJSON side is json_read.c's json_read_member().
 */
#include "server/options.h"

#include <stdio.h>
#include <string.h>

static const option_row option_table[OPTION_COUNT] = {
#define X(id, key, type, min, max, field, json, query)                                             \
    [OPTION_KEY_##id] = {OPTION_KEY_##id, key, type, min, max, field, json, query},
    REQUEST_OPTIONS(X)
#undef X
};

const option_row *option_lookup(const char *key, size_t len)
{
    for (size_t k = 0; k < OPTION_COUNT; k++) {
        const option_row *o = &option_table[k];
        if (strlen(o->key) == len && memcmp(o->key, key, len) == 0) return o;
    }
    return NULL;
}

long long option_max(const option_row *o, uint32_t max_timeout_ms)
{
    return o->type == OPTION_TIMEOUT ? (long long)max_timeout_ms : o->max;
}

void option_store(input_puzzle *p, const option_row *o, long long value)
{
    unsigned char *field = (unsigned char *)p + o->offset;
    uint64_t v = (uint64_t)value;
    uint32_t v32 = (uint32_t)value;
    bool on = value != 0;
    switch (o->width) {
    case sizeof(uint64_t):
        memcpy(field, &v, sizeof(v));
        break;
    case sizeof(uint32_t): /* uint32_t and int fields: values are in range of both */
        memcpy(field, &v32, sizeof(v32));
        break;
    case sizeof(bool):
        memcpy(field, &on, sizeof(on));
        break;
    default:
        break;
    }
    p->given |= 1u << o->id;
}

int option_range_problem(api_problem *pb, const char *where, const char *name, long long min,
                         long long max)
{
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                       "%s must be an integer in %lld..%lld", name, min, max);
}

int option_bool_problem(api_problem *pb, const char *where, const char *name)
{
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where, "%s must be true or false", name);
}

int option_score_problem(api_problem *pb, const char *where, const char *name)
{
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                       "%s must be a number 0..%d.%d with at most one decimal", name,
                       INPUT_MAX_SCORE / 10, INPUT_MAX_SCORE % 10);
}

int option_set_level(input_puzzle *p, const char *name, const char *where, api_problem *pb)
{
    sudoku_level level;
    if (sudoku_level_from_str(name, &level) == 0 &&
        sudoku_level_range(level, &p->score_min, &p->score_max) == 0) {
        p->given |= OPTION_BIT(DIFFICULTY);
        return 0;
    }
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                       "difficulty must be easy, medium, hard, expert or extreme");
}

int option_set_symmetry(input_puzzle *p, const char *name, const char *where, api_problem *pb)
{
    if (sudoku_symmetry_from_str(name, &p->symmetry) == 0) {
        p->given |= OPTION_BIT(SYMMETRY);
        return 0;
    }
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                       "symmetry must be none, rotational, rotational90, mirror or diagonal");
}

int option_set_technique(input_puzzle *p, const char *name, const char *where, api_problem *pb)
{
    if (sudoku_technique_from_str(name, &p->technique) == 0) {
        p->given |= OPTION_BIT(TECHNIQUE);
        return 0;
    }
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                       "technique must be a key of the ladder such as x_wing or unique_rectangle "
                       "(GET /v1/info lists them): unknown technique \"%.64s\"",
                       name);
}

int option_set_start(input_puzzle *p, const char *name, const char *where, api_problem *pb)
{
    if (strcmp(name, "puzzle") == 0 || strcmp(name, "technique") == 0) {
        p->start_technique = name[0] == 't';
        p->given |= OPTION_BIT(START);
        return 0;
    }
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                       "start must be puzzle or technique, not \"%.64s\"", name);
}

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil). */
static int32_t option_days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    int era = y / 400, yoe = y - era * 400;
    int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int option_set_date(input_puzzle *p, const char *text, const char *where, api_problem *pb)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int v[3] = {0, 0, 0};
    static const int widths[] = {4, 2, 2};
    const char *s = text;
    bool ok = true;
    for (int k = 0; k < 3 && ok; k++) {
        for (int i = 0; i < widths[k] && ok; i++, s++) {
            ok = *s >= '0' && *s <= '9';
            if (ok) v[k] = v[k] * 10 + (*s - '0');
        }
        if (ok) ok = *s == (k < 2 ? '-' : '\0');
        if (ok && k < 2) s++;
    }
    if (ok) {
        bool leap = (v[0] % 4 == 0 && v[0] % 100 != 0) || v[0] % 400 == 0;
        ok = v[0] >= 1970 && v[1] >= 1 && v[1] <= 12 && v[2] >= 1 &&
             v[2] <= mdays[v[1] - 1] + (v[1] == 2 && leap);
    }
    if (!ok)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, where,
                           "date must be YYYY-MM-DD, a day from 1970-01-01 on: \"%.64s\" is not "
                           "a day",
                           text);
    p->day = option_days_from_civil(v[0], v[1], v[2]);
    p->given |= OPTION_BIT(DATE);
    return 0;
}

int option_set_name(option_type type, input_puzzle *p, const char *name, const char *where,
                    api_problem *pb)
{
    switch (type) {
    case OPTION_LEVEL:
        return option_set_level(p, name, where, pb);
    case OPTION_SYMMETRY:
        return option_set_symmetry(p, name, where, pb);
    case OPTION_TECHNIQUE:
        return option_set_technique(p, name, where, pb);
    case OPTION_START:
        return option_set_start(p, name, where, pb);
    default:
        return option_set_date(p, name, where, pb);
    }
}

/* Parses a decimal integer in min..max (min >= 0): the whole text, digits only. */
static int option_parse_int(const char *s, long long min, long long max, long long *out)
{
    unsigned long long v = 0;
    if (*s == '\0') return -1;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9' || v > ((unsigned long long)max - (unsigned)(*s - '0')) / 10)
            return -1;
        v = v * 10 + (unsigned)(*s - '0');
    }
    if ((long long)v < min) return -1;
    *out = (long long)v;
    return 0;
}

/* Parses a score with at most one decimal ("4", "4.2") into tenths, 0..max. */
static int option_parse_score(const char *s, long long max, long long *tenths)
{
    long long whole;
    char whole_text[8];
    const char *dot = strchr(s, '.');
    size_t n = dot != NULL ? (size_t)(dot - s) : strlen(s);
    if (n == 0 || n >= sizeof(whole_text)) return -1;
    memcpy(whole_text, s, n);
    whole_text[n] = '\0';
    if (option_parse_int(whole_text, 0, max / 10, &whole) != 0) return -1;
    int frac = 0;
    if (dot != NULL) {
        if (dot[1] < '0' || dot[1] > '9' || dot[2] != '\0') return -1;
        frac = dot[1] - '0';
    }
    if (whole * 10 + frac > max) return -1;
    *tenths = whole * 10 + frac;
    return 0;
}

/* Parses RxC, each part in min..max. */
static int option_parse_box(const char *s, long long min, long long max, long long *rows,
                            long long *cols)
{
    char part[8];
    const char *x = strchr(s, 'x');
    size_t n = x != NULL ? (size_t)(x - s) : 0;
    if (x == NULL || n == 0 || n >= sizeof(part)) return -1;
    memcpy(part, s, n);
    part[n] = '\0';
    return option_parse_int(part, min, max, rows) != 0 || option_parse_int(x + 1, min, max, cols);
}

/* The unknown-parameter problem, listing the parameters a `kind` request takes. */
static int option_unknown_param(request_kind kind, const char *key, api_problem *pb)
{
    char list[API_DETAIL_LEN] = "";
    size_t n = 0;
    for (size_t k = 0; k < OPTION_COUNT; k++) {
        if ((option_table[k].query & (1u << kind)) == 0) continue;
        int w =
            snprintf(list + n, sizeof(list) - n, "%s%s", n > 0 ? ", " : "", option_table[k].key);
        if (w < 0 || (size_t)w >= sizeof(list) - n) break;
        n += (size_t)w;
    }
    if (n == 0)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, key,
                           "unknown query parameter \"%.64s\": this endpoint takes none", key);
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, key,
                       "unknown query parameter \"%.64s\" (%s)", key, list);
}

/* option_read_param without marking the problem as a query parameter's. */
static int option_param(request_kind kind, const char *key, const char *value,
                        uint32_t max_timeout_ms, input_puzzle *p, api_problem *pb)
{
    const option_row *o = option_lookup(key, strlen(key));
    if (o == NULL || (o->query & (1u << kind)) == 0) return option_unknown_param(kind, key, pb);
    long long v, cols, max = option_max(o, max_timeout_ms);
    switch (o->type) {
    case OPTION_INT:
    case OPTION_TIMEOUT:
        if (option_parse_int(value, o->min, max, &v) != 0)
            return option_range_problem(pb, key, key, o->min, max);
        option_store(p, o, v);
        return 0;
    case OPTION_BOOL:
        if (strcmp(value, "true") == 0 || strcmp(value, "1") == 0)
            v = 1;
        else if (strcmp(value, "false") == 0 || strcmp(value, "0") == 0)
            v = 0;
        else
            return option_bool_problem(pb, key, key);
        option_store(p, o, v);
        return 0;
    case OPTION_SCORE:
        if (option_parse_score(value, max, &v) != 0) return option_score_problem(pb, key, key);
        option_store(p, o, v);
        return 0;
    case OPTION_LEVEL:
    case OPTION_SYMMETRY:
    case OPTION_TECHNIQUE:
    case OPTION_START:
    case OPTION_DATE:
        return option_set_name(o->type, p, value, key, pb);
    case OPTION_BOX:
        if (option_parse_box(value, o->min, max, &v, &cols) != 0)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, key,
                               "box must be RxC, e.g. 3x4, each part in %lld..%lld", o->min, max);
        p->box_rows = (int)v;
        p->box_cols = (int)cols;
        p->given |= OPTION_BIT(BOX);
        return 0;
    case OPTION_SCORE_RANGE:
    case OPTION_PUZZLE:
    case OPTION_REGIONS:
    case OPTION_CHECK:
    case OPTION_ENTRIES:
    case OPTION_CANDIDATES:
    case OPTION_PUZZLES:
    case OPTION_FORMAT:
    case OPTION_FPUZZLES:
        break;
    }
    return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, key,
                       "%s has no query form: mark it JSON-only in options.h", key);
}

int option_read_param(request_kind kind, const char *key, const char *value,
                      uint32_t max_timeout_ms, input_puzzle *p, api_problem *pb)
{
    if (option_param(kind, key, value, max_timeout_ms, p, pb) == 0) return 0;
    pb->in_query = true;
    return -1;
}

uint64_t option_deadline_ns(uint64_t start_ns, uint64_t timeout_ms)
{
    const uint64_t ns_per_ms = 1000000u;
    if (timeout_ms > (UINT64_MAX - start_ns) / ns_per_ms) return UINT64_MAX;
    return start_ns + timeout_ms * ns_per_ms;
}
