/* api_harness.h -- the API driven without a socket: the shared harness of the unit_api*.c files.
 *
 * Requests go through api_route(), api_handle() and api_finish(), as the
 * HTTP layer calls them, on an API made without worker threads: every job
 * runs on the calling thread, so each call answers at once, and streamed
 * bodies are read whole in odd-sized steps. The suite `api` (unit_api.c)
 * runs api_harness_setup before each test and api_harness_teardown after.
 * Every helper fails the running test (Criterion asserts) rather than
 * returning an error.
 */
#ifndef SUDOKUD_TESTS_API_HARNESS_H
#define SUDOKUD_TESTS_API_HARNESS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/api.h"
#include "server/config.h"
#include "server/metrics.h"
#include "solver/sudoku.h"
#include "writers/problems.h"

/* The configuration and the API of the running test: defaults, 2 workers'
 * worth of chunks, at most 50 batch items, two CORS origins. A test may
 * change harness_cfg; the API reads it live. */
extern struct config harness_cfg;
extern api_context *harness_ctx;

void api_harness_setup(void);
void api_harness_teardown(void);

/* One exchange: the response and its body parsed when it is JSON. Free with done(). */
struct exchange {
    api_response resp;
    cJSON *json;
    char *text; /* the body as a C string */
};

/* A request to make; unset members are absent. */
struct call {
    const char *method;
    const char *path;
    const char *content_type;
    const char *body;
    const api_param *query;
    size_t nquery;
    const char *origin;
};

/* Reads a streamed body whole (the caller frees it); *len gets its length. */
char *read_stream(job_stream *stream, size_t *len);

/* Answers req as the HTTP layer does, and records it in the metrics. */
struct exchange run_request(api_request *req);

/* Makes the request c, or a POST of a JSON body to path. */
struct exchange run(struct call c);
struct exchange post(const char *path, const char *body);

/* Frees an exchange. */
void done(struct exchange *x);

/* A response header's value, or NULL. */
const char *header(const struct exchange *x, const char *name);

/* A member of obj, or its string value (NULL when absent or not a string). */
const cJSON *get(const cJSON *obj, const char *key);
const char *get_str(const cJSON *obj, const char *key);

/* Asserts a problem+json response of the given status and slug; returns its JSON. */
const cJSON *expect_problem(struct exchange *x, int status, const char *slug);

/* The pointer of a problem's first errors[] entry, or NULL. */
const char *first_pointer(const cJSON *problem);

/* Reads a solution value (string, rows or flat) of an NxN grid into cells. */
void solution_cells(const cJSON *v, int n, uint8_t *cells);

/* Asserts a result's solution obeys the rules of p and keeps p's givens. */
void expect_solution(const cJSON *result, const sudoku_puzzle *p);

/* The Wikipedia 9x9, in text form. */
extern const char *const classic;

/* A parsed puzzle (the caller frees it). */
sudoku_puzzle *parse(const char *text, int box_rows, int box_cols);

/* A whole file as a C string (the caller frees it); *len gets its length. */
char *read_file_whole(const char *path, size_t *len);

/* A fixture file as a C string without its trailing newline (the caller frees it). */
char *fixture(const char *path);

#endif /* SUDOKUD_TESTS_API_HARNESS_H */
