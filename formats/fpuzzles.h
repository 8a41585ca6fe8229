/* fpuzzles.h -- the f-puzzles JSON object, apart from the links and LZ-String that carry it.
 *
 * f-puzzles (and SudokuPad, which reads its links) describe a puzzle as a
 * JSON object: `size`, a `grid` of size x size cell objects (`value`,
 * `given`, `region`, `centerPencilMarks`), metadata (`title`, `author`),
 * drawings, and one key per constraint (`killercage`, `arrow`, ...). The
 * reader takes what a classic grid is: it ignores drawing-only keys, and
 * refuses any constraint key it does not support with an error naming the
 * key, so a variant is never solved as a classic. Pure and thread-safe.
 */
#ifndef FORMATS_FPUZZLES_H
#define FORMATS_FPUZZLES_H

#include "formats/formats.h"

/* The largest grid f-puzzles draws. */
#define FMT_FPUZZLES_MAX_SIZE 16

/* Reads an f-puzzles JSON object (len bytes) into a cleared *s: givens,
 * entries (a value that is not given), candidates (centre pencil marks),
 * title and author. Returns 0, or -1 with err (FMT_ERR_LEN bytes) naming
 * the key or cell at fault: not JSON, a size out of 4..16 or prime, a grid
 * of the wrong shape, a value out of range, an irregular region, a
 * constraint key. */
int fmt_fpuzzles_object_read(const char *json, size_t len, fmt_state *s, char *err);

/* Appends s as an f-puzzles JSON object. Returns 0, or -1 with err when
 * f-puzzles cannot draw its size. */
int fmt_fpuzzles_object_write(const fmt_state *s, buf *out, char *err);

#endif /* FORMATS_FPUZZLES_H */
