/* json_read.c -- whole JSON bodies and text-batch JSON lines -> input_puzzle.
 *
 * DESIGN: reading is two steps. json_check() (json_check.h) rejects every
 * body that is not strict JSON; only then does cJSON parse it, and only one
 * request at a time (bounded by --max-body), whose members json_members.c
 * reads by the option table. Batches have their own walker (json_batch.h).
 * The most common body, {"puzzle":"<plain text>"}, skips both steps: it is
 * recognised by a scan that accepts nothing the general path would read
 * differently.
 */
#include "server/json_read.h"

#include <string.h>

#include "server/json_check.h"
#include "server/json_members.h"

void json_global_init(void)
{
    cJSON_InitHooks(NULL);
}

/* The body most requests are, {"puzzle":"<text>"} with ASCII text and no
 * escapes (whitespace allowed between tokens), read without a parse: what
 * the general path would make of it, at a fraction of the cost. Returns the
 * text's span in *text and *n, or false for any other body. */
static bool json_plain_puzzle(const char *body, size_t len, const char **text, size_t *n)
{
    static const char key[] = "\"puzzle\"";
    size_t i = json_skip_ws(body, len, 0);
    if (i == len || body[i] != '{') return false;
    i = json_skip_ws(body, len, i + 1);
    if (len - i < sizeof(key) - 1 || memcmp(body + i, key, sizeof(key) - 1) != 0) return false;
    i = json_skip_ws(body, len, i + sizeof(key) - 1);
    if (i == len || body[i] != ':') return false;
    i = json_skip_ws(body, len, i + 1);
    if (i == len || body[i] != '"') return false;
    size_t start = ++i;
    while (i < len && body[i] != '"') {
        unsigned char c = (unsigned char)body[i];
        if (c < 0x20 || c >= 0x80 || c == '\\') return false;
        i++;
    }
    if (i == len) return false;
    size_t end = i;
    i = json_skip_ws(body, len, i + 1);
    if (i == len || body[i] != '}') return false;
    if (json_skip_ws(body, len, i + 1) != len) return false;
    *text = body + start;
    *n = end - start;
    return true;
}

int json_read_request(const char *body, size_t len, request_kind kind, uint32_t max_timeout_ms,
                      input_puzzle *p, api_problem *pb)
{
    const char *text;
    size_t n;
    if ((REQ_PUZZLE & (1u << kind)) != 0 && json_plain_puzzle(body, len, &text, &n)) {
        if (input_read_text(p, text, n, "/puzzle", pb) != 0) return -1;
        return input_finish(p, "", "/puzzle", pb);
    }
    if (json_check(body, len, pb) != 0) return -1;
    cJSON *root = json_parse_span(body, len, pb);
    if (root == NULL) return -1;
    int rc = json_read_object(root, kind, "", max_timeout_ms, p, pb);
    cJSON_Delete(root);
    if (rc != 0) return -1;
    return input_finish(p, "", "/puzzle", pb);
}

int json_read_line(const char *line, size_t len, uint32_t max_timeout_ms, input_puzzle *p,
                   api_problem *pb)
{
    if (json_check(line, len, pb) != 0) return -1;
    cJSON *root = json_parse_span(line, len, pb);
    if (root == NULL) return -1;
    int rc;
    const char *puzzle_ptr = "/puzzle";
    if (cJSON_IsString(root)) {
        puzzle_ptr = "";
        rc = input_read_text(p, root->valuestring, strlen(root->valuestring), "", pb);
    } else if (cJSON_IsObject(root)) {
        rc = json_read_object(root, REQUEST_SOLVE, "", max_timeout_ms, p, pb);
    } else {
        rc = problem_set(pb, API_PROBLEM_INVALID_PUZZLE, "",
                         "a JSON line must be a request object or a puzzle string");
    }
    cJSON_Delete(root);
    if (rc != 0) return -1;
    return input_finish(p, "", puzzle_ptr, pb);
}

int json_read_generate(const char *body, size_t len, uint32_t max_timeout_ms, input_puzzle *p,
                       api_problem *pb)
{
    if (len == 0) return input_finish_generate(p, pb); /* an empty body asks for the defaults */
    if (json_check(body, len, pb) != 0) return -1;
    cJSON *root = json_parse_span(body, len, pb);
    if (root == NULL) return -1;
    int rc = json_read_object(root, REQUEST_GENERATE, "", max_timeout_ms, p, pb);
    cJSON_Delete(root);
    return rc != 0 ? -1 : input_finish_generate(p, pb);
}
