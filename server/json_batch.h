/* json_batch.h -- POST /v1/solve/batch JSON bodies, read item by item into a sink.
 *
 * The body is never one cJSON tree: json_batch.c walks its checked raw text
 * and parses one item at a time (see its DESIGN). Thread-safe.
 */
#ifndef SUDOKUD_JSON_BATCH_H
#define SUDOKUD_JSON_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "server/input.h"
#include "writers/problems.h"

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

#endif /* SUDOKUD_JSON_BATCH_H */
