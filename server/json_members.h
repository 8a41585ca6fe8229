/* json_members.h -- the members of a request object, read from cJSON values (internal).
 *
 * Shared by the readers of whole bodies (json_read.c) and of batches
 * (json_batch.c); nothing outside the json_* files includes it, as nothing
 * else may see cJSON. Every function is thread-safe; problems are
 * invalid-request, invalid-puzzle or unsupported-shape with the value's
 * JSON Pointer, internal-error when out of memory.
 */
#ifndef SUDOKUD_JSON_MEMBERS_H
#define SUDOKUD_JSON_MEMBERS_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>

#include "server/input.h"
#include "server/options.h"
#include "writers/problems.h"

/* out = base + "/" + key escaped as RFC 6901 (~ -> ~0, / -> ~1), cut to cap bytes. */
void json_ptr_key(char *out, size_t cap, const char *base, const char *key, size_t keylen);

/* out = base + "/" + index, cut to cap bytes. */
void json_ptr_index(char *out, size_t cap, const char *base, size_t index);

/* cJSON-parses a span json_check() accepted (the caller cJSON_Delete()s
 * it). NULL, with *pb internal-error, only when out of memory. */
cJSON *json_parse_span(const char *s, size_t len, api_problem *pb);

/* Reads a puzzle value (a text string, an array of rows or a flat array) at
 * ptr into p's cells; sets size, form and has_puzzle. Returns 0 or -1 with *pb. */
int json_read_puzzle(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb);

/* The row of a member's key (keylen bytes) when a `kind` request takes it
 * and it is not yet in *seen (then added); else NULL with *pb (unknown or
 * duplicate key at ptr). */
const option_row *json_member_row(request_kind kind, const char *key, size_t keylen,
                                  const char *ptr, unsigned *seen, api_problem *pb);

/* Reads the value v at ptr of the option o into p. Returns 0 or -1 with *pb. */
int json_read_member(const option_row *o, const cJSON *v, const char *ptr, uint32_t max_timeout_ms,
                     input_puzzle *p, api_problem *pb);

/* Reads every member of the object obj (at base) that a `kind` request
 * takes into p, and records them in p->given. Returns 0 or -1 with *pb. */
int json_read_object(const cJSON *obj, request_kind kind, const char *base, uint32_t max_timeout_ms,
                     input_puzzle *p, api_problem *pb);

#endif /* SUDOKUD_JSON_MEMBERS_H */
