/* reply.h -- building an api_response: bodies, problem+json answers, headers, Server-Timing.
 *
 * What every endpoint answers with (endpoint.h includes it). A reply takes
 * over what it is given (a buf's memory) or borrows static strings; out of
 * memory becomes a fixed 500 body, never a failure the caller must handle.
 * Thread-safe: each call touches only its own response.
 */
#ifndef SUDOKUD_REPLY_H
#define SUDOKUD_REPLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/api.h"
#include "solver/sudoku.h"
#include "writers/buf.h"
#include "writers/json_write.h"
#include "writers/problems.h"

#define CT_JSON    "application/json"
#define CT_PROBLEM "application/problem+json"
#define CT_NDJSON  "application/x-ndjson"

/* Adds a header (static or request-borrowed strings); extra ones are dropped. */
void reply_header(api_response *resp, const char *name, const char *value);

/* Adds a header whose value is formatted into the response itself (cut at
 * API_TEXT_HEADER_LEN); past API_MAX_TEXT_HEADERS, dropped. name is static. */
void reply_header_text(api_response *resp, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A body of len static bytes. */
void reply_static(api_response *resp, int status, const char *content_type, const char *body,
                  size_t len);

/* Moves a finished buffer into the response; out of memory becomes a 500. */
void reply_buf(api_response *resp, int status, const char *content_type, buf *b);

/* A problem+json answer for req, listing the conflicts c (may be NULL). */
void reply_problem(api_response *resp, const api_request *req, const api_problem *pb,
                   const json_conflicts *c);

/* A problem of `type` with a printf-style detail. */
void reply_error(api_response *resp, const api_request *req, api_problem_type type, const char *fmt,
                 ...) __attribute__((format(printf, 4, 5)));

/* When p's givens break a rule, answers 422 conflicting-givens listing
 * every conflict (and naming a non-square box that was assumed because the
 * request named none) and returns true; else returns false. labels: the
 * client's label of each region id when the layout came as labels, else NULL. */
bool reply_if_conflicting(api_response *resp, const api_request *req, const sudoku_puzzle *p,
                          const uint32_t *labels, bool box_assumed);

/* Sets Server-Timing from n (name, microseconds) pairs. */
void reply_timing(api_response *resp, const char *const *names, const uint64_t *us, size_t n);

/* Microseconds from one sudoku_now_ns() reading to a later one (0 if not later). */
uint64_t reply_us(uint64_t from_ns, uint64_t to_ns);

#endif /* SUDOKUD_REPLY_H */
