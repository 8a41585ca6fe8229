/* fuzz_batch_text.c -- libFuzzer harness for text/NDJSON batch bodies, through api_handle().
 *
 * The record walk of POST /v1/solve/batch (text/plain and
 * application/x-ndjson) is static in ep_batch.c, so this harness drives the
 * whole handler the way http.c does, minus the socket and the threads:
 * api_handle() on the batch route, every task run at once, the streamed body
 * read whole. That also covers the query-string options, the compact item store, chunking
 * over workers and the NDJSON rendering.
 *
 * Input: an optional first line `?key=value&key=value` (the already decoded
 * query string), then the body. The first byte of the body picks the
 * Content-Type variant (text/plain, with a charset parameter, or
 * application/x-ndjson), so one corpus covers all three.
 *
 * Budgets: the API takes its node budget from the config, the same for every
 * size and every line, and this harness is about lines, not search: it
 * allows FUZZ_MIN_NODES nodes (easy lines still solve, hard ones end as
 * "limit", so both renderings are reached), tight time budgets
 * (default_timeout_ms 1, max_timeout_ms 5) and 32 lines, so that a batch
 * costs about a millisecond under ASan and coverage instrumentation.
 *
 * Checks: the status is 200, 400, 413 or 422 (415 cannot happen: the types
 * used are all accepted; 500 only on out of memory); a 200 body has exactly
 * one NDJSON line per puzzle as sudoku_record_next cuts the body (a line, or
 * a grid a row per line), a count held between bounds found independently
 * (the lines that must belong to some puzzle: at least one per puzzle, at
 * most 35), the i-th line is an object starting {"index":i and every line is
 * strict JSON; an error body is strict JSON too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_common.h"
#include "server/api.h"
#include "server/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_TEXT_MAX_ITEMS 32
#define FUZZ_TEXT_MAX_QUERY 8

static api_context *fuzz_api;
static struct config fuzz_cfg;

/* The puzzles of a text batch as the API's reader, sudoku_record_next,
 * cuts them (its rules are tested in tests/unit_records.c); this harness
 * checks that the endpoint answers each one. */
static size_t fuzz_count_records(const char *s, size_t len)
{
    size_t count = 0, pos = sudoku_bom_len(s, len);
    sudoku_record rec;
    while (sudoku_record_next(s, len, pos, 0, true, &rec)) {
        FUZZ_ASSERT(rec.next > pos && rec.start < rec.end && rec.end <= len);
        pos = rec.next;
        count++;
    }
    return count;
}

/* The lines that must belong to a puzzle, counted independently of the
 * reader: after a byte-order mark, lines split on \n that hold a byte other
 * than a blank, '|', '+' or '-' and do not start with '#' (once trimmed). */
static size_t fuzz_count_content_lines(const char *s, size_t len)
{
    size_t count = 0, pos = len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (pos < len) {
        const char *nl = memchr(s + pos, '\n', len - pos);
        size_t stop = nl != NULL ? (size_t)(nl - s) : len, a = pos;
        while (a < stop && strchr(" \t\r\v\f", s[a]) != NULL && s[a] != '\0') a++;
        bool content = false;
        for (size_t i = a; i < stop && !content; i++)
            content = strchr(" \t\r\v\f|+-", s[i]) == NULL || s[i] == '\0';
        if (content && s[a] != '#') count++;
        pos = stop + 1;
    }
    return count;
}

/* Checks a 200 NDJSON body: `want` lines, each {"index":i,... and strict JSON. */
static void fuzz_check_ndjson(const char *body, size_t len, size_t want)
{
    size_t line = 0, pos = 0;
    api_problem pb;
    char prefix[40];

    while (pos < len) {
        const char *nl = memchr(body + pos, '\n', len - pos);
        FUZZ_ASSERT(nl != NULL); /* every line, the last too, ends in \n */
        size_t n = (size_t)(nl - (body + pos));
        int plen = snprintf(prefix, sizeof(prefix), "{\"index\":%zu,", line);
        FUZZ_ASSERT(n >= (size_t)plen && memcmp(body + pos, prefix, (size_t)plen) == 0);
        FUZZ_ASSERT(json_check(body + pos, n, &pb) == 0);
        pos += n + 1;
        line++;
    }
    FUZZ_ASSERT(line == want);
}

static void fuzz_init(void)
{
    config_defaults(&fuzz_cfg);
    fuzz_cfg.workers = 2; /* 8 chunks: exercises the split over tasks */
    fuzz_cfg.queue_depth = 16;
    fuzz_cfg.max_batch_items = FUZZ_TEXT_MAX_ITEMS;
    fuzz_cfg.max_nodes = FUZZ_MIN_NODES;
    fuzz_cfg.default_timeout_ms = 1;
    fuzz_cfg.max_timeout_ms = 5;
    fuzz_api_start(&fuzz_cfg, &fuzz_api);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const types[] = {"text/plain", "text/plain; charset=utf-8",
                                        "application/x-ndjson", "Application/X-NDJSON"};
    char query[256];
    api_param params[FUZZ_TEXT_MAX_QUERY];
    size_t nparams = 0;

    if (size > FUZZ_MAX_INPUT) return -1;
    if (fuzz_api == NULL) fuzz_init();

    const char *body = (const char *)data;
    size_t len = size;
    if (len > 0 && body[0] == '?') {
        const char *nl = memchr(body, '\n', len);
        size_t qlen = nl != NULL ? (size_t)(nl - body) : len;
        if (qlen >= sizeof(query)) return -1;
        memcpy(query, body + 1, qlen - 1);
        query[qlen - 1] = '\0';
        body += qlen + (nl != NULL);
        len -= qlen + (nl != NULL);
        for (char *save = NULL, *kv = strtok_r(query, "&", &save);
             kv != NULL && nparams < FUZZ_TEXT_MAX_QUERY; kv = strtok_r(NULL, "&", &save)) {
            char *eq = strchr(kv, '=');
            if (eq != NULL) *eq++ = '\0';
            params[nparams].key = kv;
            params[nparams].value = eq != NULL ? eq : "";
            nparams++;
        }
    }
    /* a private copy, so the API cannot rely on bytes past the end */
    char *copy = malloc(len > 0 ? len : 1);
    FUZZ_ASSERT(copy != NULL);
    memcpy(copy, body, len);

    api_request req = {0};
    req.method = "POST";
    req.path = "/v1/solve/batch";
    req.content_type = types[len > 0 ? (unsigned char)copy[0] % 4 : 0];
    req.body = len > 0 ? copy : NULL;
    req.body_len = len;
    req.query = params;
    req.nquery = nparams;
    req.request_id = "fuzz";
    req.start_ns = sudoku_now_ns();

    api_response resp;
    fuzz_handle(fuzz_api, &req, &resp);

    FUZZ_ASSERT(resp.status == 200 || resp.status == 400 || resp.status == 413 ||
                resp.status == 422);
    FUZZ_ASSERT(resp.content_type != NULL);
    if (resp.status == 200) {
        /* a batch without puzzle lines is answered with an empty body */
        FUZZ_ASSERT(strcmp(resp.content_type, "application/x-ndjson") == 0);
        size_t puzzles = fuzz_count_records(copy, len), lines = fuzz_count_content_lines(copy, len);
        /* a puzzle holds one such line at least, and 35 rows at most */
        FUZZ_ASSERT(puzzles <= lines && lines <= SUDOKU_MAX_TEXT_SIZE * puzzles);
        fuzz_check_ndjson(resp.body, resp.body_len, puzzles);
    } else {
        api_problem pb;
        FUZZ_ASSERT(strcmp(resp.content_type, "application/problem+json") == 0);
        FUZZ_ASSERT(resp.body != NULL && resp.body_len > 0);
        FUZZ_ASSERT(json_check(resp.body, resp.body_len, &pb) == 0);
    }
    api_response_free(&resp);
    free(copy);
    return 0;
}
