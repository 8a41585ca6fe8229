/* json_batch.c -- POST /v1/solve/batch JSON bodies, walked over the checked raw text.
 *
 * DESIGN: a batch may be 16 MiB of small arrays; parsed whole by cJSON it
 * would be millions of nodes at once. So the body is checked by
 * json_check() and then walked raw: the top-level keys are compared as they
 * stand (or decoded by cJSON when escaped), the shared options are
 * cJSON-parsed one value at a time, and the items are counted first (an
 * oversized batch costs no parsing), then read one span at a time, plain
 * strings straight from the body:
 *
 *   {"puzzles": [ item0, item1, ... ], "max_solutions": 1}
 *        |          |      |                  `-- cJSON on this span only
 *        |          `------`-- each span: fast path for plain strings,
 *        |                     else cJSON on the span, then freed
 *        `-- keys compared raw (or decoded by cJSON when escaped)
 *
 * The walkers below skip values without checking them: json_check() has.
 */
#include "server/json_batch.h"

#include <string.h>

#include "server/json_check.h"
#include "server/json_members.h"

/* Index just past the string whose opening quote is at s[i] (checked JSON). */
static size_t json_skip_string(const char *s, size_t i)
{
    i++;
    while (s[i] != '"') i += s[i] == '\\' ? 2 : 1;
    return i + 1;
}

/* Index just past the value starting at s[i] (checked JSON). */
static size_t json_skip_value(const char *s, size_t len, size_t i)
{
    if (s[i] == '"') return json_skip_string(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        do {
            if (s[i] == '"') {
                i = json_skip_string(s, i);
                continue;
            }
            if (s[i] == '{' || s[i] == '[')
                depth++;
            else if (s[i] == '}' || s[i] == ']')
                depth--;
            i++;
        } while (depth > 0);
        return i;
    }
    while (i < len && strchr(",]} \t\r\n", s[i]) == NULL) i++;
    return i;
}

/* Reads one batch item at s[0..len) into item (which holds the shared options). */
static int json_read_item(const char *s, size_t len, size_t index, uint32_t max_timeout_ms,
                          input_puzzle *item, api_problem *pb)
{
    char base[API_POINTER_LEN];
    json_ptr_index(base, sizeof(base), "/puzzles", index);

    if (s[0] == '"' && memchr(s, '\\', len) == NULL) {
        /* plain string: read the text straight from the body */
        if (input_read_text(item, s + 1, len - 2, base, pb) != 0) return -1;
        return input_finish(item, "", base, pb);
    }
    if (s[0] != '"' && s[0] != '[' && s[0] != '{')
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, base,
                           "an item must be a puzzle (string or array) or a request object");
    cJSON *v = json_parse_span(s, len, pb);
    if (v == NULL) return -1;
    int rc;
    bool object = cJSON_IsObject(v);
    if (object)
        rc = json_read_object(v, REQUEST_SOLVE, base, max_timeout_ms, item, pb);
    else
        rc = json_read_puzzle(v, base, item, pb);
    cJSON_Delete(v);
    if (rc != 0) return -1;
    if (object) {
        char puzzle_ptr[API_POINTER_LEN];
        json_ptr_key(puzzle_ptr, sizeof(puzzle_ptr), base, "puzzle", 6);
        return input_finish(item, base, puzzle_ptr, pb);
    }
    return input_finish(item, "", base, pb);
}

int json_read_batch(const char *body, size_t len, uint32_t max_timeout_ms, size_t max_items,
                    input_puzzle *shared, input_puzzle *item, const json_batch_sink *sink,
                    api_problem *pb)
{
    char ptr[API_POINTER_LEN];
    size_t arr_start = 0, arr_end = 0;
    bool have_puzzles = false;
    unsigned seen = 0;

    if (json_check(body, len, pb) != 0) return -1;
    size_t i = json_skip_ws(body, len, 0);
    if (body[i] != '{')
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, "",
                           "the request must be a JSON object with \"puzzles\"");
    i = json_skip_ws(body, len, i + 1);
    while (body[i] != '}') {
        size_t key_start = i, key_end = json_skip_string(body, i);
        const char *key = body + key_start + 1;
        size_t keylen = key_end - key_start - 2;
        cJSON *decoded = NULL;
        if (memchr(key, '\\', keylen) != NULL) {
            decoded = json_parse_span(body + key_start, key_end - key_start, pb);
            if (decoded == NULL) return -1;
            key = decoded->valuestring;
            keylen = strlen(key);
        }
        json_ptr_key(ptr, sizeof(ptr), "", key, keylen);
        const option_row *o = json_member_row(REQUEST_BATCH, key, keylen, ptr, &seen, pb);
        cJSON_Delete(decoded);
        if (o == NULL) return -1;

        i = json_skip_ws(body, len, key_end);
        i = json_skip_ws(body, len, i + 1); /* past ':' */
        size_t value_end = json_skip_value(body, len, i);
        if (o->type == OPTION_PUZZLES) {
            if (body[i] != '[')
                return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                                   "puzzles must be an array");
            have_puzzles = true;
            arr_start = i;
            arr_end = value_end;
        } else {
            cJSON *v = json_parse_span(body + i, value_end - i, pb);
            if (v == NULL) return -1;
            int rc = json_read_member(o, v, ptr, max_timeout_ms, shared, pb);
            cJSON_Delete(v);
            if (rc != 0) return -1;
        }
        i = json_skip_ws(body, len, value_end);
        if (body[i] == ',') i = json_skip_ws(body, len, i + 1);
    }
    if (!have_puzzles)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, "/puzzles",
                           "the required key \"puzzles\" is missing");

    /* count first, so an oversized batch costs no parsing */
    size_t count = 0;
    i = json_skip_ws(body, len, arr_start + 1);
    while (i < arr_end && body[i] != ']') {
        i = json_skip_ws(body, len, json_skip_value(body, len, i));
        if (body[i] == ',') i = json_skip_ws(body, len, i + 1);
        count++;
    }
    if (count > max_items)
        return problem_set(pb, API_PROBLEM_BATCH_TOO_LARGE, "/puzzles",
                           "%zu puzzles in one batch; the limit is %zu", count, max_items);
    if (sink->begin(sink->ctx, count, shared) != 0)
        return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");

    uint8_t *cells = item->cells, *regions_buf = item->regions_buf;
    size_t index = 0;
    i = json_skip_ws(body, len, arr_start + 1);
    while (i < arr_end && body[i] != ']') {
        size_t end = json_skip_value(body, len, i);
        api_problem item_pb;
        *item = *shared;
        item->cells = cells;
        item->regions_buf = regions_buf;
        int rc = json_read_item(body + i, end - i, index, max_timeout_ms, item, &item_pb);
        if (rc == 0)
            rc = sink->item(sink->ctx, index, item, NULL);
        else if (item_pb.type == API_PROBLEM_INTERNAL_ERROR)
            rc = -1;
        else
            rc = sink->item(sink->ctx, index, NULL, &item_pb);
        if (rc != 0) return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
        index++;
        i = json_skip_ws(body, len, end);
        if (body[i] == ',') i = json_skip_ws(body, len, i + 1);
    }
    return 0;
}
