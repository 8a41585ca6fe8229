/* json.h -- JSON in (strict check, cJSON -> input_puzzle) and JSON out (results, problems).
 *
 * The only module that touches cJSON. Every body is first run through
 * json_check(), a strict RFC 8259 scanner that also enforces what cJSON
 * does not: valid UTF-8, no \u0000, no lone surrogates, a nesting limit and
 * exact error offsets. cJSON then builds trees only for small values (one
 * request, one batch item), never for a whole 16 MiB batch.
 *
 * Output is written straight into a buf with hand-rolled writers: results
 * are flat, their shapes fixed, and the batch path formats tens of thousands
 * of them, so building cJSON trees for output would only cost time.
 */
#ifndef SUDOKUD_JSON_H
#define SUDOKUD_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/buf.h"
#include "server/input.h"
#include "server/problems.h"
#include "solver/sudoku.h"

/* Deepest nesting of arrays/objects accepted; a request needs 4. */
#define JSON_MAX_DEPTH 64
/* Longest number accepted (cJSON copies numbers into a 64-byte buffer). */
#define JSON_MAX_NUMBER_LEN 63

/* Sets cJSON's allocator hooks. Call once before any thread starts. */
void json_global_init(void);

/* Strictly validates one JSON text of len bytes. Returns 0, or -1 with *pb:
 * malformed-json (syntax, bad UTF-8, \u0000, nesting deeper than
 * JSON_MAX_DEPTH, trailing data; detail names the byte offset) or
 * invalid-request (a number longer than JSON_MAX_NUMBER_LEN characters).
 * Iterative: any nesting depth is safe. Thread-safe. */
int json_check(const char *text, size_t len, api_problem *pb);

/* Which keys an object may have. */
typedef enum json_kind {
    JSON_KIND_SOLVE = 0, /* puzzle, box, diagonal, regions, max/return_solutions, timeout_ms */
    JSON_KIND_VALIDATE,  /* puzzle, box, diagonal, regions, check */
} json_kind;

/* Reads a whole POST /v1/solve or /v1/validate body into p (input_init'ed
 * by the caller) and runs input_finish(). Returns 0, or -1 with *pb.
 * Thread-safe. */
int json_read_request(const char *body, size_t len, json_kind kind, uint32_t max_timeout_ms,
                      input_puzzle *p, api_problem *pb);

/* Reads one JSON line of a text batch: a solve-request object or a puzzle
 * string. p holds the shared options on entry. Returns 0 (p finished), or
 * -1 with *pb (pointers relative to the line). Thread-safe. */
int json_read_line(const char *line, size_t len, uint32_t max_timeout_ms, input_puzzle *p,
                   api_problem *pb);

/* Receives a JSON batch as it is read. begin() gets the item count and the
 * shared options once; item() gets each item in order, finished, or its
 * problem (item NULL then). Either returns 0, or -1 to stop (out of memory). */
typedef struct json_batch_sink {
    void *ctx;
    int (*begin)(void *ctx, size_t count, const input_puzzle *shared);
    int (*item)(void *ctx, size_t index, const input_puzzle *item, const api_problem *pb);
} json_batch_sink;

/* Reads a POST /v1/solve/batch JSON body: {"puzzles": [...], shared
 * options}. `shared` and `item` are input_init'ed scratch puzzles with their
 * own buffers. Returns 0 when every item went to the sink, or -1 with *pb
 * for a problem of the request as a whole (batch-too-large when more than
 * max_items; internal-error when the sink stopped). Thread-safe. */
int json_read_batch(const char *body, size_t len, uint32_t max_timeout_ms, size_t max_items,
                    input_puzzle *shared, input_puzzle *item, const json_batch_sink *sink,
                    api_problem *pb);

/* ---- output ---------------------------------------------------------------- */

/* Appends s (len bytes) as a JSON string; invalid UTF-8 becomes U+FFFD. */
void json_put_string(buf *b, const char *s, size_t len);

/* One solve outcome to render. */
typedef struct json_result {
    long long index; /* batch position, or -1 for none */
    input_form form;
    const sudoku_puzzle *shape; /* size, box, regions flag */
    const sudoku_result *res;   /* solutions_stored of them in res->solutions */
    bool full_timing;           /* queue/solve/total (single solve) or solve only (batch) */
    uint64_t queue_us, solve_us, total_us;
} json_result;

/* Appends a solve result object. */
void json_render_result(buf *b, const json_result *r);

/* Appends a problem object. instance / request_id may be NULL (batch
 * items); index < 0 for none; conflicts may be NULL when nconflicts is 0
 * and shape then may be NULL. */
void json_render_problem(buf *b, const api_problem *pb, const char *instance,
                         const char *request_id, long long index, const sudoku_conflict *conflicts,
                         size_t nconflicts, const sudoku_puzzle *shape);

/* Appends a conflicts array (shape gives N and whether boxes are regions). */
void json_render_conflicts(buf *b, const sudoku_conflict *conflicts, size_t n,
                           const sudoku_puzzle *shape);

#endif /* SUDOKUD_JSON_H */
