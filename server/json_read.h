/* json_read.h -- JSON in: whole request bodies and text-batch JSON lines -> input_puzzle.
 *
 * The only readers of JSON, with json_batch.h for batch bodies: every body
 * is first run through json_check() (json_check.h), then cJSON builds a
 * tree of one request at a time, whose members are read by the option
 * table (options.h). The writers are in writers/json_write.h.
 */
#ifndef SUDOKUD_JSON_READ_H
#define SUDOKUD_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

#include "server/input.h"
#include "server/options.h"
#include "writers/problems.h"

/* Sets cJSON's allocator hooks. Call once before any thread starts. */
void json_global_init(void);

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

#endif /* SUDOKUD_JSON_READ_H */
