/* json_check.h -- the strict JSON scanner: what a body must pass before cJSON reads it.
 *
 * No cJSON here: the scanner reads raw bytes. The readers (json_read.h,
 * json_batch.h) call it first, so cJSON only ever sees text it parses
 * exactly, and the walkers of checked text may skip values without
 * re-checking them.
 */
#ifndef SUDOKUD_JSON_CHECK_H
#define SUDOKUD_JSON_CHECK_H

#include <stddef.h>

#include "writers/problems.h"

/* Deepest nesting of arrays/objects accepted; a request needs 4. */
#define JSON_MAX_DEPTH 64
/* Longest number accepted (cJSON copies numbers into a 64-byte buffer). */
#define JSON_MAX_NUMBER_LEN 63

/* Strictly validates one JSON text of len bytes. Returns 0, or -1 with *pb:
 * malformed-json (syntax, bad UTF-8, \u0000, nesting deeper than
 * JSON_MAX_DEPTH, trailing data; detail names the byte offset) or
 * invalid-request (a number longer than JSON_MAX_NUMBER_LEN characters).
 * Iterative: any nesting depth is safe. Thread-safe. */
int json_check(const char *text, size_t len, api_problem *pb);

/* Index of the first byte at or after i that is not JSON whitespace (len at the end). */
size_t json_skip_ws(const char *text, size_t len, size_t i);

#endif /* SUDOKUD_JSON_CHECK_H */
