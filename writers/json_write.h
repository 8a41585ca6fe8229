/* json_write.h -- JSON out: solve results, problem objects, conflict lists, strings.
 *
 * Hand-rolled writers into a buf (see json_write.c for why); no cJSON. Every
 * writer appends to b; out of memory sets b->oom and is reported once, by
 * whoever takes the buffer. Thread-safe: no shared state.
 */
#ifndef SUDOKUD_JSON_WRITE_H
#define SUDOKUD_JSON_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/sudoku.h"
#include "writers/buf.h"
#include "writers/problems.h"

/* The form a puzzle was given in; its solutions are written in the same one. */
typedef enum json_form {
    JSON_FORM_STRING = 0, /* text form, e.g. "53..7...." */
    JSON_FORM_ROWS,       /* [[5,3,0,...],...] */
    JSON_FORM_FLAT,       /* [5,3,0,...] */
    JSON_FORM_ROW_TEXT,   /* ["53..7....", "6..195...", ...] */
} json_form;

/* Appends s (len bytes) as a JSON string; invalid UTF-8 becomes U+FFFD. */
void json_put_string(buf *b, const char *s, size_t len);

/* One solve outcome to render. */
typedef struct json_result {
    long long index; /* batch position, or -1 for none */
    json_form form;
    const sudoku_puzzle *shape; /* size, box, regions flag */
    bool box_assumed;           /* no box was asked for: say so of a non-square default */
    const sudoku_result *res;   /* solutions_stored of them in res->solutions */
    bool full_timing;           /* queue/solve/total (single solve) or solve only (batch) */
    uint64_t queue_us, solve_us, total_us;
    const uint32_t *true_candidates; /* N*N masks (bit d-1 = d) to list, or NULL */
} json_result;

/* Appends a solve result object. */
void json_render_result(buf *b, const json_result *r);

/* The conflicts of one puzzle and how to name their units. */
typedef struct json_conflicts {
    const sudoku_conflict *list; /* n of them */
    size_t n;
    const sudoku_puzzle *shape; /* N, and whether the boxes are regions */
    const uint32_t *labels;     /* the client's label (a code point) of each region id when
                                 * the layout came as labels, else NULL (named by id only) */
} json_conflicts;

/* Appends a problem object. instance / request_id may be NULL (batch
 * items); index < 0 for none; c is NULL, or the conflicts to list. */
void json_render_problem(buf *b, const api_problem *pb, const char *instance,
                         const char *request_id, long long index, const json_conflicts *c);

/* Appends a conflicts array: unit, index (and label for a labelled region), symbol, cells. */
void json_render_conflicts(buf *b, const json_conflicts *c);

/* Appends one N x N grid in a form: a string (N <= 35), row strings, rows
 * or a flat array. */
void json_render_grid(buf *b, json_form form, int n, const uint8_t *cells);

/* Appends a score in tenths as a JSON number with one decimal (23 -> 2.3). */
void json_put_score(buf *b, int tenths);

/* Appends one step of the logic engine for puzzle p's shape: technique,
 * score, placements, eliminations, cells, units (0-based) and its sentence. */
void json_render_step(buf *b, const sudoku_puzzle *p, const sudoku_step *st);

/* Appends the members of a rating, no braces: "score", "level",
 * "hardest_technique", "needs_search", and with counts "techniques" (steps
 * per technique key, those used), "steps", "search_nodes". */
void json_render_rating(buf *b, const sudoku_rating *r, bool counts);

/* Appends the members of a hint for p's shape, no braces: "kind" and, by
 * kind, "cells" (mistakes: row, col, the wrong digit and reason "entry", or
 * reason "candidates" with the right digit kept back) or "step". */
void json_render_hint(buf *b, const sudoku_puzzle *p, const sudoku_hint *h);

/* Appends N*N candidate masks as an array of N*N arrays of digits. */
void json_render_candidates(buf *b, int n, const uint64_t *cand);

/* Appends the member "timing_us":{...}, no comma: n (name, microseconds)
 * pairs, the same names an endpoint gives Server-Timing. */
void json_render_timing(buf *b, const char *const *names, const uint64_t *us, size_t n);

/* The answer of POST /v1/validate. solvable and unique: -1 unknown, 0 no,
 * 1 yes, written only when asked for. */
typedef struct json_validation {
    json_conflicts conflicts; /* of the givens; .shape is the puzzle */
    bool asked_solvable, asked_unique;
    int solvable, unique;
} json_validation;

/* Appends a validation object. */
void json_render_validation(buf *b, const json_validation *v);

/* The answers of the step engine's readers are objects left open, so the
 * caller can add its timing_us and close them. */

/* Opens {"status":"limit","limit_reason":"...": a budget ran out. */
void json_render_limit_open(buf *b, sudoku_limit_reason reason);

/* Opens {"status":"rated", and the rating's members with its counts. */
void json_render_rated_open(buf *b, const sudoku_rating *r);

/* An explanation is JSON_EXPLAIN_HEAD, its steps (json_render_step) joined by
 * commas, then json_render_explain_end: the status, the rating (no counts)
 * and, when values is not NULL, where the steps stopped: the N*N digits
 * placed and the candidates left (N*N masks). */
#define JSON_EXPLAIN_HEAD "{\"steps\":["
void json_render_explain_end(buf *b, const char *status, const sudoku_rating *r, int n,
                             const uint8_t *values, const uint64_t *cand);

/* One generated puzzle. */
typedef struct json_generated {
    uint64_t seed;
    sudoku_status status;        /* SUDOKU_SOLVED ("ok") or SUDOKU_LIMIT */
    sudoku_limit_reason reason;  /* of a limit */
    const sudoku_puzzle *puzzle; /* NULL when none was made */
    const uint8_t *solution;     /* N*N cells */
    int givens;
    const sudoku_rating *rating; /* NULL when it was not rated in time */
    /* a practice puzzle (technique=): what the search tried, else NULL */
    const sudoku_practice *practice;
    sudoku_technique technique;
    /* start=technique: the player's digits and the candidates before the
     * technique's first step (N*N each), else NULL */
    const uint8_t *entries;
    const uint64_t *candidates;
} json_generated;

/* Appends "techniques":[...], the ladder (technique.h) in order: each
 * technique's key, base score and one-line description (GET /v1/info; the
 * page's Practice menu is built from it). */
void json_render_techniques(buf *b);

/* Appends one generated puzzle's object. A generate answer is
 * JSON_GENERATE_HEAD, the puzzles joined by commas, then
 * json_render_generate_end (whether any missed its target, the time). */
#define JSON_GENERATE_HEAD "{\"puzzles\":["
void json_render_generated(buf *b, const json_generated *g);
void json_render_generate_end(buf *b, bool limited, uint64_t total_us);

#endif /* SUDOKUD_JSON_WRITE_H */
