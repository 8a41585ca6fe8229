/* fuzz_api.c -- libFuzzer harness for the JSON endpoints end to end, through api_handle().
 *
 * The parser harnesses call json.c directly; this one drives the handlers
 * as http.c does (minus the socket), so what api.c adds is fuzzed too: the
 * media-type check, the conflict listing, the job built for the pool, the
 * compact batch item store (arena offsets, shared vs own region layouts,
 * chunking over tasks) and the rendering of solve, validate and batch
 * answers, the step engine behind rate, explain and hint (entries, pencil
 * marks, max_steps), and the generator's options.
 *
 * Input: the first byte picks the endpoint and Content-Type (byte % 16:
 * solve, validate, JSON batch, rate, explain, hint, generate, each with
 * application/json or with a charset parameter; then a wrong type and no
 * type at all); the rest is the body.
 *
 * Checks: the status is one the API may answer to bad input (200, 400, 413,
 * 415, 422; never 500), every body is strict JSON (json_check), errors are
 * application/problem+json with the status in the body, and a 200 JSON batch
 * has as many results as its summary count. Budgets as in fuzz_batch_text.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_common.h"
#include "server/api.h"
#include "server/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static api_context *fuzz_api_ctx;
static struct config fuzz_api_cfg;

static void fuzz_api_init(void)
{
    config_defaults(&fuzz_api_cfg);
    fuzz_api_cfg.workers = 2;
    fuzz_api_cfg.queue_depth = 16;
    fuzz_api_cfg.max_batch_items = 64;
    fuzz_api_cfg.max_nodes = FUZZ_NODE_BUDGET;
    fuzz_api_cfg.default_timeout_ms = 2;
    fuzz_api_cfg.max_timeout_ms = 5;
    fuzz_api_start(&fuzz_api_cfg, &fuzz_api_ctx);
}

/* Counts the top-level elements of the "results" array of a 200 batch body
 * (strict JSON, already checked) and compares with "summary":{"count":N. */
static void fuzz_api_check_batch(const char *body, size_t len)
{
    static const char head[] = "{\"results\":[";
    FUZZ_ASSERT(len > sizeof(head) && memcmp(body, head, sizeof(head) - 1) == 0);
    size_t i = sizeof(head) - 1, results = 0;
    int depth = 0;
    bool in_string = false;
    for (; i < len; i++) {
        char c = body[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (depth++ == 0) results++;
        } else if (c == '}' || c == ']') {
            if (depth-- == 0) break; /* the end of "results" */
        }
    }
    const char *count = strstr(body + i, "\"summary\":{\"count\":");
    FUZZ_ASSERT(count != NULL);
    FUZZ_ASSERT(strtoull(count + strlen("\"summary\":{\"count\":"), NULL, 10) == results);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const paths[] = {"/v1/solve",   "/v1/validate", "/v1/solve/batch",
                                        "/v1/rate",    "/v1/explain",  "/v1/hint",
                                        "/v1/generate"};
    static const char *const types[] = {"application/json", "application/json; charset=utf-8",
                                        "text/html", NULL};

    if (size < 1 || size > FUZZ_MAX_INPUT) return -1;
    if (fuzz_api_ctx == NULL) fuzz_api_init();

    unsigned sel = data[0] % 16;
    size_t len = size - 1;
    char *body = malloc(len > 0 ? len : 1);
    FUZZ_ASSERT(body != NULL);
    memcpy(body, data + 1, len);

    api_request req = {0};
    req.method = "POST";
    req.path = paths[sel < 14 ? sel % 7 : 0];
    req.content_type = types[sel < 14 ? sel / 7 : sel - 12];
    req.body = len > 0 ? body : NULL;
    req.body_len = len;
    req.request_id = "fuzz";
    req.start_ns = sudoku_now_ns();

    api_response resp;
    fuzz_handle(fuzz_api_ctx, &req, &resp);

    FUZZ_ASSERT(resp.status == 200 || resp.status == 400 || resp.status == 413 ||
                resp.status == 415 || resp.status == 422);
    fuzz_check_answer(&resp);
    if (resp.status == 200 && strcmp(req.path, "/v1/solve/batch") == 0)
        fuzz_api_check_batch(resp.body, resp.body_len);
    api_response_free(&resp);
    free(body);
    return 0;
}
