/* problems.h -- the one table of error types sudokud answers with, and the HTTP statuses it uses.
 *
 * Every error response is an RFC 9457 problem+json object whose `type` is
 * `urn:sudokud:problem:<slug>`. The table below is the single source of the
 * slugs, their HTTP status and their title: api.c renders from it, the
 * metrics and tests enumerate it, and openapi.yaml lists exactly these slugs
 * (tests/unit_api.c checks the two agree).
 *
 * The status codes have names here because only http.c may include
 * <microhttpd.h>; http.c checks at compile time that each value equals the
 * matching MHD_HTTP_* constant.
 */
#ifndef SUDOKUD_PROBLEMS_H
#define SUDOKUD_PROBLEMS_H

#include <stdbool.h>

/* HTTP statuses the API produces. X(NAME, code) */
#define API_STATUSES(X)                                                                            \
    X(OK, 200)                                                                                     \
    X(NO_CONTENT, 204)                                                                             \
    X(NOT_MODIFIED, 304)                                                                           \
    X(BAD_REQUEST, 400)                                                                            \
    X(NOT_FOUND, 404)                                                                              \
    X(METHOD_NOT_ALLOWED, 405)                                                                     \
    X(CONTENT_TOO_LARGE, 413)                                                                      \
    X(UNSUPPORTED_MEDIA_TYPE, 415)                                                                 \
    X(UNPROCESSABLE_CONTENT, 422)                                                                  \
    X(INTERNAL_SERVER_ERROR, 500)                                                                  \
    X(SERVICE_UNAVAILABLE, 503)

typedef enum api_status {
#define X(name, code) API_HTTP_##name = code,
    API_STATUSES(X)
#undef X
} api_status;

/* X(ENUM, slug, HTTP status, title) -- keep in step with openapi.yaml's Problem.type enum. */
#define API_PROBLEMS(X)                                                                            \
    X(MALFORMED_JSON, "malformed-json", API_HTTP_BAD_REQUEST, "Malformed JSON")                    \
    X(INVALID_REQUEST, "invalid-request", API_HTTP_BAD_REQUEST, "Invalid request")                 \
    X(INVALID_PUZZLE, "invalid-puzzle", API_HTTP_BAD_REQUEST, "Invalid puzzle")                    \
    X(CONFLICTING_GIVENS, "conflicting-givens", API_HTTP_UNPROCESSABLE_CONTENT,                    \
      "Conflicting givens")                                                                        \
    X(UNSUPPORTED_SHAPE, "unsupported-shape", API_HTTP_UNPROCESSABLE_CONTENT, "Unsupported shape") \
    X(NOT_UNIQUE, "not-unique", API_HTTP_UNPROCESSABLE_CONTENT, "Not exactly one solution")        \
    X(NO_SOLUTION, "no-solution", API_HTTP_UNPROCESSABLE_CONTENT, "No solution")                   \
    X(BAD_IMAGE, "bad-image", API_HTTP_BAD_REQUEST, "Not a readable image")                        \
    X(TOO_MANY_PIXELS, "too-many-pixels", API_HTTP_UNPROCESSABLE_CONTENT, "Image too large")       \
    X(NO_GRID, "no-grid", API_HTTP_UNPROCESSABLE_CONTENT, "No Sudoku grid found")                  \
    X(BODY_TOO_LARGE, "body-too-large", API_HTTP_CONTENT_TOO_LARGE, "Request body too large")      \
    X(BATCH_TOO_LARGE, "batch-too-large", API_HTTP_CONTENT_TOO_LARGE, "Batch too large")           \
    X(UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", API_HTTP_UNSUPPORTED_MEDIA_TYPE,           \
      "Unsupported media type")                                                                    \
    X(NOT_FOUND, "not-found", API_HTTP_NOT_FOUND, "Not found")                                     \
    X(METHOD_NOT_ALLOWED, "method-not-allowed", API_HTTP_METHOD_NOT_ALLOWED, "Method not allowed") \
    X(QUEUE_FULL, "queue-full", API_HTTP_SERVICE_UNAVAILABLE, "Server busy")                       \
    X(DRAINING, "draining", API_HTTP_SERVICE_UNAVAILABLE, "Shutting down")                         \
    X(INTERNAL_ERROR, "internal-error", API_HTTP_INTERNAL_SERVER_ERROR, "Internal error")

/* The common prefix of every problem type URI. */
#define API_PROBLEM_URN "urn:sudokud:problem:"

typedef enum api_problem_type {
#define X(name, slug, status, title) API_PROBLEM_##name,
    API_PROBLEMS(X)
#undef X
        API_PROBLEM_COUNT
} api_problem_type;

/* Room for a JSON Pointer in a problem (longer ones are cut at a character boundary). */
#define API_POINTER_LEN 160
/* Room for a problem's detail sentence. */
#define API_DETAIL_LEN 256

/* One problem found while reading a request: its type, a sentence for
 * `detail`, and when has_pointer one `errors` entry {pointer, reason:
 * detail} ("" points at the whole document), or {parameter, reason} when
 * in_query (`pointer` then holds the query parameter's name). Plain data;
 * lives on the stack or in a job. */
typedef struct api_problem {
    api_problem_type type;
    bool has_pointer;
    bool in_query;
    char pointer[API_POINTER_LEN];
    char detail[API_DETAIL_LEN];
} api_problem;

/* Fills *pb (not in_query). `pointer` is NULL when no particular value is at fault. Always
 * returns -1, so parsers can `return problem_set(...)`. */
int problem_set(api_problem *pb, api_problem_type type, const char *pointer, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Writes base + suffix to out (API_POINTER_LEN bytes), cut at a character
 * boundary when too long: a pointer names a place, a cut one still helps. */
void problem_pointer_join(char *out, const char *base, const char *suffix);

/* The slug, title and HTTP status of a problem type. */
const char *problem_slug(api_problem_type type);
const char *problem_title(api_problem_type type);
int problem_status(api_problem_type type);

#endif /* SUDOKUD_PROBLEMS_H */
