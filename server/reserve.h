/* reserve.h -- puzzles made ahead of time, a few per difficulty level, for instant answers.
 *
 * GET or POST /v1/generate without a seed, for one 9x9 at a level with the
 * default options, takes a puzzle from here instead of making one; idle
 * workers make new ones (pool_set_idle) until every level holds `per_level`
 * again. A puzzle is kept as the JSON object /v1/generate answers with, so
 * taking one is a copy. Thread-safe (one mutex); the reserve owns its
 * strings until reserve_take hands one over.
 */
#ifndef SUDOKUD_RESERVE_H
#define SUDOKUD_RESERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "solver/sudoku.h"

/* The levels a reserve keeps puzzles for. */
#define RESERVE_LEVELS (SUDOKU_LEVEL_EXTREME + 1)

typedef struct reserve reserve;

/* A reserve of per_level (>= 1) puzzles per level. NULL when out of memory. */
reserve *reserve_new(size_t per_level);

/* Frees the reserve and the puzzles it holds; NULL is accepted. */
void reserve_free(reserve *r);

/* The oldest puzzle of `level` (a malloc'd JSON object, the caller's to
 * free), or NULL when there is none. */
char *reserve_take(reserve *r, sudoku_level level);

/* The level that most needs a puzzle (fewest held, lowest level first), or
 * -1 when every level is full. */
int reserve_wanted(reserve *r);

/* Keeps a puzzle (a malloc'd JSON object, now the reserve's) of `level`;
 * frees it instead when that level is full. */
void reserve_put(reserve *r, sudoku_level level, char *json);

/* Puzzles held for `level` now. */
size_t reserve_count(reserve *r, sudoku_level level);

#endif /* SUDOKUD_RESERVE_H */
