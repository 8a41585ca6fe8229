/* json_check.c -- the strict RFC 8259 scanner every JSON body meets before cJSON does.
 *
 * DESIGN: json_check() walks the raw bytes once with an explicit container
 * stack (a bit per level: object or array), no recursion, so 100,000 nested
 * brackets are just a clean 400, and rejects everything cJSON would let
 * through or choke on: invalid UTF-8, \u0000, lone surrogates, numbers too
 * long for cJSON's buffer, trailing data. Its byte offsets are the error
 * positions (cJSON's own global error slot is never read).
 */
#include "server/json_check.h"

#include <string.h>

#include "writers/utf8.h"

static int json_hex4(const unsigned char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned c = s[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        v = v * 16 + d;
    }
    *out = v;
    return 0;
}

static int json_fail(api_problem *pb, size_t at, const char *what)
{
    return problem_set(pb, API_PROBLEM_MALFORMED_JSON, NULL, "%s at byte offset %zu", what, at);
}

/* Scans the string whose opening quote is at s[*i]; leaves *i after the closing quote. */
static int json_check_string(const unsigned char *s, size_t len, size_t *i, api_problem *pb)
{
    size_t k = *i + 1;

    for (;;) {
        /* the common case: a run of plain ASCII */
        while (k < len && s[k] >= 0x20 && s[k] < 0x80 && s[k] != '"' && s[k] != '\\') k++;
        if (k >= len) return json_fail(pb, *i, "unterminated string starting");
        unsigned c = s[k];
        if (c == '"') {
            *i = k + 1;
            return 0;
        }
        if (c < 0x20) return json_fail(pb, k, "unescaped control character in a string");
        if (c >= 0x80) {
            size_t n = utf8_seq(s + k, len - k);
            if (n == 0) return json_fail(pb, k, "invalid UTF-8");
            k += n;
            continue;
        }
        /* a backslash escape */
        if (k + 1 >= len) return json_fail(pb, k, "unterminated escape");
        c = s[k + 1];
        if (c != 'u') {
            if (strchr("\"\\/bfnrt", (int)c) == NULL || c == '\0')
                return json_fail(pb, k, "invalid escape");
            k += 2;
            continue;
        }
        unsigned u, lo;
        if (k + 6 > len || json_hex4(s + k + 2, &u) != 0)
            return json_fail(pb, k, "invalid \\u escape");
        if (u == 0) return json_fail(pb, k, "\\u0000 (NUL) in a string");
        if (u >= 0xDC00 && u <= 0xDFFF) return json_fail(pb, k, "lone low surrogate");
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (k + 12 > len || s[k + 6] != '\\' || s[k + 7] != 'u' ||
                json_hex4(s + k + 8, &lo) != 0 || lo < 0xDC00 || lo > 0xDFFF)
                return json_fail(pb, k, "high surrogate without a low surrogate");
            k += 12;
        } else {
            k += 6;
        }
    }
}

static int json_check_number(const unsigned char *s, size_t len, size_t *i, api_problem *pb)
{
    size_t k = *i;

    if (s[k] == '-') k++;
    if (k >= len || s[k] < '0' || s[k] > '9') return json_fail(pb, *i, "invalid number");
    if (s[k] == '0') {
        k++;
    } else {
        while (k < len && s[k] >= '0' && s[k] <= '9') k++;
    }
    if (k < len && s[k] == '.') {
        k++;
        if (k >= len || s[k] < '0' || s[k] > '9') return json_fail(pb, *i, "invalid number");
        while (k < len && s[k] >= '0' && s[k] <= '9') k++;
    }
    if (k < len && (s[k] == 'e' || s[k] == 'E')) {
        k++;
        if (k < len && (s[k] == '+' || s[k] == '-')) k++;
        if (k >= len || s[k] < '0' || s[k] > '9') return json_fail(pb, *i, "invalid number");
        while (k < len && s[k] >= '0' && s[k] <= '9') k++;
    }
    if (k - *i > JSON_MAX_NUMBER_LEN)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, NULL,
                           "the number at byte offset %zu has %zu characters: out of range", *i,
                           k - *i);
    *i = k;
    return 0;
}

size_t json_skip_ws(const char *text, size_t len, size_t i)
{
    const unsigned char *s = (const unsigned char *)text;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
    return i;
}

int json_check(const char *text, size_t len, api_problem *pb)
{
    const unsigned char *s = (const unsigned char *)text;
    uint64_t objects = 0; /* bit d set: level d+1 is an object */
    int depth = 0;
    size_t i = json_skip_ws(text, len, 0);

    if (i >= len) return problem_set(pb, API_PROBLEM_MALFORMED_JSON, NULL, "the body is empty");

value:
    i = json_skip_ws(text, len, i);
    if (i >= len) return json_fail(pb, i, "unexpected end of input");
    switch (s[i]) {
    case '{':
    case '[':
        if (depth == JSON_MAX_DEPTH)
            return problem_set(pb, API_PROBLEM_MALFORMED_JSON, NULL,
                               "nesting deeper than %d levels at byte offset %zu", JSON_MAX_DEPTH,
                               i);
        if (s[i] == '{')
            objects |= UINT64_C(1) << depth;
        else
            objects &= ~(UINT64_C(1) << depth);
        depth++;
        i = json_skip_ws(text, len, i + 1);
        if (i < len && s[i] == (objects >> (depth - 1) & 1 ? '}' : ']')) {
            depth--;
            i++;
            goto after;
        }
        if (objects >> (depth - 1) & 1) goto key;
        goto value;
    case '"':
        if (json_check_string(s, len, &i, pb) != 0) return -1;
        goto after;
    case 't':
        if (len - i < 4 || memcmp(s + i, "true", 4) != 0)
            return json_fail(pb, i, "invalid literal");
        i += 4;
        goto after;
    case 'f':
        if (len - i < 5 || memcmp(s + i, "false", 5) != 0)
            return json_fail(pb, i, "invalid literal");
        i += 5;
        goto after;
    case 'n':
        if (len - i < 4 || memcmp(s + i, "null", 4) != 0)
            return json_fail(pb, i, "invalid literal");
        i += 4;
        goto after;
    default:
        if (s[i] == '-' || (s[i] >= '0' && s[i] <= '9')) {
            if (json_check_number(s, len, &i, pb) != 0) return -1;
            goto after;
        }
        return json_fail(pb, i, "unexpected character");
    }

key:
    i = json_skip_ws(text, len, i);
    if (i >= len || s[i] != '"') return json_fail(pb, i, "expected a string key");
    if (json_check_string(s, len, &i, pb) != 0) return -1;
    i = json_skip_ws(text, len, i);
    if (i >= len || s[i] != ':') return json_fail(pb, i, "expected ':'");
    i++;
    goto value;

after:
    i = json_skip_ws(text, len, i);
    if (depth == 0) {
        if (i < len) return json_fail(pb, i, "trailing data after the JSON value");
        return 0;
    }
    if (i >= len) return json_fail(pb, i, "unexpected end of input");
    bool in_object = objects >> (depth - 1) & 1;
    if (s[i] == ',') {
        i++;
        if (in_object) goto key;
        goto value;
    }
    if (s[i] == (in_object ? '}' : ']')) {
        depth--;
        i++;
        goto after;
    }
    return json_fail(pb, i, in_object ? "expected ',' or '}'" : "expected ',' or ']'");
}
