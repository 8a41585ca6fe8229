/* json_read.h -- JSON in: a strict check, then cJSON -> input_puzzle.
 *
 * The only module that touches cJSON. Every body is first run through
 * json_check(), a strict RFC 8259 scanner that also enforces what cJSON
 * does not: valid UTF-8, no \u0000, no lone surrogates, a nesting limit and
 * exact error offsets. cJSON then builds trees only for small values (one
 * request, one batch item), never for a whole 16 MiB batch. The writers
 * are in json_write.h.
 */
#ifndef SUDOKUD_JSON_READ_H
#define SUDOKUD_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/input.h"
#include "server/options.h"
#include "writers/problems.h"
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

/* Reads a whole body of a request that sends one puzzle (solve, validate,
 * rate, explain, hint: the keys options.h gives that kind) into p
 * (input_init'ed by the caller) and runs input_finish(). Returns 0, or -1
 * with *pb. Thread-safe. */
int json_read_request(const char *body, size_t len, request_kind kind, uint32_t max_timeout_ms,
                      input_puzzle *p, api_problem *pb);

/* Reads a POST /v1/generate body (an object of the keys options.h gives
 * REQUEST_GENERATE; an empty body asks for the defaults) into p
 * (input_init'ed by the caller) and runs input_finish_generate(). Returns
 * 0, or -1 with *pb. Thread-safe. */
int json_read_generate(const char *body, size_t len, uint32_t max_timeout_ms, input_puzzle *p,
                       api_problem *pb);

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

#endif /* SUDOKUD_JSON_READ_H */
