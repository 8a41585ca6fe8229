/* options.h -- the request options: one table row per key a request may carry.
 *
 * DESIGN: a row says everything about an option: its key, the type of its
 * value, its range, the input_puzzle field a plain value fills, which
 * requests take it in a JSON body and which take it as a query parameter.
 * The JSON member reader (json_read.c), the query reader (options.c) and
 * the range messages ("count must be an integer in 1..100") all read this
 * table, so a body and a query string are refused in the same words, and a
 * new option of an existing type is one row (plus its field in input_puzzle).
 * Options of a structured type (a puzzle, a region layout, ...) are read by
 * their own JSON reader, named by the type. A request whose body is not
 * JSON (an image, say) takes its options as query parameters: give it a
 * request_kind and set its REQ() bit in the query column of the rows it takes.
 *
 *   key ----> option_lookup ----> row: type, min..max, field, json/query kinds
 *                                  |
 *       JSON member (cJSON) -------+------- query parameter (text)
 *                 `---> option_store(p, row, value) <---'
 *
 * Thread safety: the table is constant; every function is thread-safe.
 */
#ifndef SUDOKUD_OPTIONS_H
#define SUDOKUD_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/input.h"
#include "writers/problems.h"

/* What a request is, for which options it takes. */
typedef enum request_kind {
    REQUEST_SOLVE = 0, /* POST /v1/solve, a batch item, a JSON line of a text batch */
    REQUEST_VALIDATE,  /* POST /v1/validate */
    REQUEST_BATCH,     /* POST /v1/solve/batch: the options its items share */
    REQUEST_RATE,      /* POST /v1/rate */
    REQUEST_EXPLAIN,   /* POST /v1/explain */
    REQUEST_HINT,      /* POST /v1/hint */
    REQUEST_GENERATE,  /* POST and GET /v1/generate */
    REQUEST_SCAN,      /* POST /v1/scan: the body is a photo, options come as query parameters */
    REQUEST_DAILY,     /* GET /v1/daily: query parameters only */
    REQUEST_CONVERT,   /* POST /v1/convert */
    REQUEST_KIND_COUNT
} request_kind;

#define REQ(kind) (1u << REQUEST_##kind)

/* The requests that read a puzzle and its shape, and those that run the step engine. */
#define REQ_PUZZLE (REQ(SOLVE) | REQ(VALIDATE) | REQ(RATE) | REQ(EXPLAIN) | REQ(HINT))
#define REQ_LOGIC  (REQ(RATE) | REQ(EXPLAIN) | REQ(HINT))
#define REQ_SHAPE  (REQ_PUZZLE | REQ(BATCH) | REQ(GENERATE))
/* The requests whose puzzle may come with the player's entries and pencil marks. */
#define REQ_STATE (REQ(HINT) | REQ(CONVERT))

/* The type of an option's value. */
typedef enum option_type {
    OPTION_INT = 0,     /* an integer min..max */
    OPTION_TIMEOUT,     /* milliseconds, min..the server's --max-timeout */
    OPTION_BOOL,        /* true or false (a query parameter may also say 1 or 0) */
    OPTION_SCORE,       /* a score on SE's scale, at most one decimal, stored in tenths */
    OPTION_LEVEL,       /* a difficulty level's name: sets score_min..score_max */
    OPTION_SYMMETRY,    /* a symmetry's name */
    OPTION_BOX,         /* {"rows": R, "cols": C}; as a query parameter RxC */
    OPTION_SCORE_RANGE, /* {"min": 2.5, "max": 4.4} into score_min and score_max */
    OPTION_PUZZLE,      /* a puzzle in any form */
    OPTION_REGIONS,     /* a region layout: labels or ids */
    OPTION_CHECK,       /* validate's list of checks */
    OPTION_ENTRIES,     /* hint: the user's digits, in any form a puzzle takes */
    OPTION_CANDIDATES,  /* hint: the user's pencil marks */
    OPTION_PUZZLES,     /* the batch's items: walked by json_read_batch itself */
    OPTION_TECHNIQUE,   /* a technique's key (technique.h): generate for it */
    OPTION_START,       /* where a practice puzzle opens: "puzzle" or "technique" */
    OPTION_DATE,        /* a day, YYYY-MM-DD (UTC), stored as days since 1970-01-01 */
    OPTION_FORMAT,      /* a puzzle format's name (formats/formats.h) */
    OPTION_FPUZZLES,    /* a variant: an f-puzzles object, or a text carrying one */
} option_type;

/* The input_puzzle field a plain option fills, or none. */
#define OPTION_FIELD(f) offsetof(input_puzzle, f), sizeof(((input_puzzle *)0)->f)
#define OPTION_NO_FIELD 0, 0

/* X(ID, key, type, min, max, field, JSON body of, query parameter of) -- the
 * ranges are openapi.yaml's; a range of a structured type is its parts'. */
#define REQUEST_OPTIONS(X)                                                                         \
    X(PUZZLE, "puzzle", OPTION_PUZZLE, 0, 0, OPTION_NO_FIELD, REQ_PUZZLE | REQ(CONVERT), 0)        \
    X(FPUZZLES, "fpuzzles", OPTION_FPUZZLES, 0, 0, OPTION_NO_FIELD, REQ(SOLVE) | REQ(VALIDATE), 0) \
    X(TRUE_CANDIDATES, "true_candidates", OPTION_BOOL, 0, 1, OPTION_FIELD(true_candidates),        \
      REQ(SOLVE), 0)                                                                               \
    X(FORMAT, "format", OPTION_FORMAT, 0, 0, OPTION_FIELD(format), REQ_PUZZLE | REQ(CONVERT), 0)   \
    X(TO, "to", OPTION_FORMAT, 0, 0, OPTION_FIELD(to), REQ(CONVERT), 0)                            \
    X(BOX, "box", OPTION_BOX, 2, SUDOKU_MAX_SIZE, OPTION_NO_FIELD, REQ_SHAPE, REQ(GENERATE))       \
    X(DIAGONAL, "diagonal", OPTION_BOOL, 0, 1, OPTION_FIELD(diagonal), REQ_SHAPE, REQ(GENERATE))   \
    X(REGIONS, "regions", OPTION_REGIONS, 0, SUDOKU_MAX_SIZE - 1, OPTION_NO_FIELD, REQ_SHAPE, 0)   \
    X(MAX_SOLUTIONS, "max_solutions", OPTION_INT, 1, INPUT_MAX_SOLUTIONS,                          \
      OPTION_FIELD(max_solutions), REQ(SOLVE) | REQ(BATCH), REQ(BATCH))                            \
    X(RETURN_SOLUTIONS, "return_solutions", OPTION_INT, 0, INPUT_MAX_RETURN_SOLUTIONS,             \
      OPTION_FIELD(return_solutions), REQ(SOLVE) | REQ(BATCH), REQ(BATCH))                         \
    X(TIMEOUT_MS, "timeout_ms", OPTION_TIMEOUT, 1, 0, OPTION_FIELD(timeout_ms),                    \
      REQ(SOLVE) | REQ(BATCH) | REQ_LOGIC | REQ(GENERATE), REQ(BATCH) | REQ(GENERATE) | REQ(SCAN)) \
    X(CHECK, "check", OPTION_CHECK, 0, 0, OPTION_NO_FIELD, REQ(VALIDATE), 0)                       \
    X(PUZZLES, "puzzles", OPTION_PUZZLES, 0, 0, OPTION_NO_FIELD, REQ(BATCH), 0)                    \
    X(MAX_STEPS, "max_steps", OPTION_INT, 1, INPUT_MAX_STEPS, OPTION_FIELD(max_steps),             \
      REQ(EXPLAIN), 0)                                                                             \
    X(ENTRIES, "entries", OPTION_ENTRIES, 0, 0, OPTION_NO_FIELD, REQ_STATE, 0)                     \
    X(CANDIDATES, "candidates", OPTION_CANDIDATES, 1, SUDOKU_MAX_SIZE, OPTION_NO_FIELD, REQ_STATE, \
      0)                                                                                           \
    X(DIFFICULTY, "difficulty", OPTION_LEVEL, 0, 0, OPTION_NO_FIELD, REQ(GENERATE),                \
      REQ(GENERATE) | REQ(DAILY))                                                                  \
    X(SCORE, "score", OPTION_SCORE_RANGE, 0, INPUT_MAX_SCORE, OPTION_NO_FIELD, REQ(GENERATE), 0)   \
    X(SCORE_MIN, "score_min", OPTION_SCORE, 0, INPUT_MAX_SCORE, OPTION_FIELD(score_min), 0,        \
      REQ(GENERATE))                                                                               \
    X(SCORE_MAX, "score_max", OPTION_SCORE, 0, INPUT_MAX_SCORE, OPTION_FIELD(score_max), 0,        \
      REQ(GENERATE))                                                                               \
    X(SEED, "seed", OPTION_INT, 0, INPUT_MAX_SEED, OPTION_FIELD(seed), REQ(GENERATE),              \
      REQ(GENERATE))                                                                               \
    X(SYMMETRY, "symmetry", OPTION_SYMMETRY, 0, 0, OPTION_NO_FIELD, REQ(GENERATE), REQ(GENERATE))  \
    X(SIZE, "size", OPTION_INT, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE, OPTION_FIELD(size),              \
      REQ(GENERATE), REQ(GENERATE))                                                                \
    X(MINIMAL, "minimal", OPTION_BOOL, 0, 1, OPTION_FIELD(minimal), REQ(GENERATE), REQ(GENERATE))  \
    X(COUNT, "count", OPTION_INT, 1, INPUT_MAX_GENERATE, OPTION_FIELD(count), REQ(GENERATE),       \
      REQ(GENERATE))                                                                               \
    X(TECHNIQUE, "technique", OPTION_TECHNIQUE, 0, 0, OPTION_NO_FIELD, REQ(GENERATE),              \
      REQ(GENERATE))                                                                               \
    X(START, "start", OPTION_START, 0, 0, OPTION_NO_FIELD, REQ(GENERATE), REQ(GENERATE))           \
    X(DATE, "date", OPTION_DATE, 0, 0, OPTION_NO_FIELD, 0, REQ(DAILY))

typedef enum option_key {
#define X(id, key, type, min, max, field, json, query) OPTION_KEY_##id,
    REQUEST_OPTIONS(X)
#undef X
        OPTION_COUNT
} option_key;

_Static_assert(OPTION_COUNT <= 32, "input_puzzle.given has 32 bits");

/* A key's bit in input_puzzle.given. */
#define OPTION_BIT(id) (1u << OPTION_KEY_##id)

typedef struct option_row {
    option_key id;
    const char *key;
    option_type type;
    long long min, max;   /* max of OPTION_TIMEOUT: see option_max */
    size_t offset, width; /* the field a plain value is stored in; width 0: none */
    unsigned json;        /* REQ() bits of the requests taking it in a JSON body */
    unsigned query;       /* REQ() bits of those taking it as a query parameter */
} option_row;

/* The row of a key (len bytes, need not be NUL-terminated), or NULL. */
const option_row *option_lookup(const char *key, size_t len);

/* The largest value the option takes on a server whose --max-timeout is max_timeout_ms. */
long long option_max(const option_row *o, uint32_t max_timeout_ms);

/* Stores a plain value (in the row's range) in its field of p. */
void option_store(input_puzzle *p, const option_row *o, long long value);

/* The problems every reader gives, worded once. `where` is the JSON Pointer
 * of the value (pb->pointer), or for a query parameter its name (callers
 * then mark pb->in_query). `name` is how the detail calls the option.
 * Each returns -1 with *pb filled (invalid-request). */
int option_range_problem(api_problem *pb, const char *where, const char *name, long long min,
                         long long max);
int option_bool_problem(api_problem *pb, const char *where, const char *name);
int option_score_problem(api_problem *pb, const char *where, const char *name);

/* Reads a name into p: a difficulty level (sets score_min..score_max) or a
 * symmetry. Returns 0, or -1 with *pb (invalid-request at `where`). */
int option_set_level(input_puzzle *p, const char *name, const char *where, api_problem *pb);
int option_set_symmetry(input_puzzle *p, const char *name, const char *where, api_problem *pb);

/* Reads a technique's key (sets p->technique), a start ("puzzle" or
 * "technique": sets p->start_technique) or a date YYYY-MM-DD, a real day of
 * the Gregorian calendar from 1970 to 9999 (sets p->day). Returns 0, or -1
 * with *pb (invalid-request at `where`, naming the value refused). */
int option_set_technique(input_puzzle *p, const char *name, const char *where, api_problem *pb);
int option_set_start(input_puzzle *p, const char *name, const char *where, api_problem *pb);
int option_set_date(input_puzzle *p, const char *text, const char *where, api_problem *pb);

/* The setter of a named option's type (LEVEL, SYMMETRY, TECHNIQUE, START or
 * DATE), for the JSON and the query readers alike; same contract. */
int option_set_name(option_type type, input_puzzle *p, const char *name, const char *where,
                    api_problem *pb);

/* Reads one query parameter (already percent-decoded) of a `kind` request
 * into p. Returns 0, or -1 with *pb (invalid-request whose `errors` entry
 * names the parameter): an unknown parameter (the detail lists the known
 * ones), or a value out of its range. */
int option_read_param(request_kind kind, const char *key, const char *value,
                      uint32_t max_timeout_ms, input_puzzle *p, api_problem *pb);

/* The absolute deadline of work that started at start_ns and may take
 * timeout_ms (saturates instead of wrapping). */
uint64_t option_deadline_ns(uint64_t start_ns, uint64_t timeout_ms);

#endif /* SUDOKUD_OPTIONS_H */
