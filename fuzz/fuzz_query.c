/* fuzz_query.c -- libFuzzer harness for the query strings of the GET endpoints and for the
 * endpoints fuzz_api.c does not pick: GET /v1/daily and /v1/generate, POST /v1/convert.
 *
 * Input: the first byte picks the route (byte % 4: GET /v1/daily, GET /v1/generate, POST
 * /v1/convert as JSON, GET /v1/info); then the query string, up to the first newline, split at
 * '&' and '=' as http.c hands the parameters over; the rest is the body. The date and technique
 * readers (server/options.c) and the format names of /v1/convert are reached this way.
 *
 * Checks, as fuzz_api.c: an answer to bad input is 200, 304, 400, 413, 415 or 422, never 500;
 * every body is strict JSON; a problem is application/problem+json with its status in the body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_common.h"
#include "server/api.h"
#include "server/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FUZZ_QUERY_MAX_PARAMS = 16 };

static api_context *fuzz_query_ctx;
static struct config fuzz_query_cfg;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct {
        const char *method, *path, *type;
    } routes[] = {{"GET", "/v1/daily", NULL},
                  {"GET", "/v1/generate", NULL},
                  {"POST", "/v1/convert", "application/json"},
                  {"GET", "/v1/info", NULL}};

    if (size < 1 || size > FUZZ_MAX_INPUT) return -1;
    if (fuzz_query_ctx == NULL) {
        config_defaults(&fuzz_query_cfg);
        fuzz_query_cfg.workers = 2;
        fuzz_query_cfg.queue_depth = 16;
        fuzz_query_cfg.max_nodes = FUZZ_NODE_BUDGET;
        fuzz_query_cfg.default_timeout_ms = 2;
        fuzz_query_cfg.max_timeout_ms = 5;
        fuzz_api_start(&fuzz_query_cfg, &fuzz_query_ctx);
    }
    unsigned sel = data[0] % 4;
    /* one NUL-terminated copy: the query's keys and values point into it */
    char *text = malloc(size);
    FUZZ_ASSERT(text != NULL);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char *nl = memchr(text, '\n', size - 1);
    char *body = nl ? nl + 1 : text + size - 1;
    if (nl) *nl = '\0';

    api_param params[FUZZ_QUERY_MAX_PARAMS];
    size_t n = 0;
    for (char *p = text; *p && n < FUZZ_QUERY_MAX_PARAMS;) {
        char *amp = strchr(p, '&');
        if (amp) *amp = '\0';
        char *eq = strchr(p, '=');
        if (eq) *eq = '\0';
        params[n++] = (api_param){.key = p, .value = eq ? eq + 1 : ""};
        if (!amp) break;
        p = amp + 1;
    }

    api_request req = {0};
    req.method = routes[sel].method;
    req.path = routes[sel].path;
    req.content_type = routes[sel].type;
    req.query = params;
    req.nquery = n;
    req.body = sel == 2 ? body : NULL;
    req.body_len = sel == 2 ? strlen(body) : 0;
    req.request_id = "fuzz";
    req.start_ns = sudoku_now_ns();

    api_response resp;
    fuzz_handle(fuzz_query_ctx, &req, &resp);

    FUZZ_ASSERT(resp.status == 200 || resp.status == 304 || resp.status == 400 ||
                resp.status == 413 || resp.status == 415 || resp.status == 422);
    fuzz_check_answer(&resp);
    api_response_free(&resp);
    free(text);
    return 0;
}
