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

#include "server/buf.h"
#include "server/input.h"
#include "server/problems.h"
#include "solver/sudoku.h"


/* Appends s (len bytes) as a JSON string; invalid UTF-8 becomes U+FFFD. */
void json_put_string(buf *b, const char *s, size_t len);

/* One solve outcome to render. */
typedef struct json_result {
    long long index; /* batch position, or -1 for none */
    input_form form;
    const sudoku_puzzle *shape; /* size, box, regions flag */
    bool box_assumed;           /* no box was asked for: say so of a non-square default */
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

/* Appends one N x N grid in a form: a string (N <= 35), row strings, rows
 * or a flat array. */
void json_render_grid(buf *b, input_form form, int n, const uint8_t *cells);

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

#endif /* SUDOKUD_JSON_WRITE_H */
