/* fpuzzles.h -- the f-puzzles JSON object, apart from the links and LZ-String that carry it.
 *
 * f-puzzles (and SudokuPad, which reads its links) describe a puzzle as a
 * JSON object: `size`, a `grid` of size x size cell objects (`value`,
 * `given`, `region`, `centerPencilMarks`), metadata (`title`, `author`),
 * drawings, and one key per constraint (`killercage`, `arrow`, ...). Two
 * readers share one key table: the classic one (fmt_fpuzzles_object_read,
 * a row of the format table) takes what a classic grid is and refuses
 * every constraint key by name, so a variant is never solved as a classic;
 * the variant one (fmt_fpuzzles_variant_read) reads the constraints too,
 * into a sudoku_variant (solver/variant.h). Drawing-only keys are ignored
 * by both; a key neither knows is refused by both. Pure and thread-safe.
 */
#ifndef FORMATS_FPUZZLES_H
#define FORMATS_FPUZZLES_H

#include "formats/formats.h"
#include "solver/variant.h"

/* The largest grid f-puzzles draws. */
#define FMT_FPUZZLES_MAX_SIZE 16
/* Room for the JSON Pointer of a variant reader's error. */
#define FMT_PTR_LEN 96

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

/* What the variant readers fill: all of it the caller's. */
typedef struct fmt_variant_read {
    sudoku_variant *v;         /* required (about 90 KiB: not on a small stack) */
    fmt_state *state;          /* may be NULL: the grid as the classic reader reads it
                                * (givens, entries, centre marks, title, author) */
    buf *printed;              /* may be NULL: gets the object re-printed as compact JSON */
    char err[FMT_ERR_LEN];     /* on error: what and where ("killercage[3]: ...") */
    char pointer[FMT_PTR_LEN]; /* on error: the JSON Pointer of the value at fault inside
                                * the object ("/killercage/3/cells/1"), "" for the whole */
    bool unsupported;          /* on error: the fault is a key this reader does not know */
} fmt_variant_read;

/* Reads an f-puzzles JSON object (len bytes) with its constraints into
 * r->v: the grid's givens and regions (a jigsaw is allowed), then one
 * constraint per clue (README "Variant Sudoku" has the table), each checked
 * by sudoku_variant_add(). Returns 0, or -1 with r->err and r->pointer: not
 * a JSON object, a size out of 4..16 or prime, a wrong type, a cell outside
 * the grid, a constraint sudoku_variant_add refuses (its reason), a key
 * neither read nor known as drawing-only. */
int fmt_fpuzzles_variant_read(const char *json, size_t len, fmt_variant_read *r);

/* The same from any text that carries the object: an f-puzzles ?load=
 * link, a SudokuPad fpuz/fpuzzles link, their LZ-String base64 data
 * (URL-escaped or not), or the JSON itself (links.c). Errors of the
 * decoding have the pointer "". */
int fmt_variant_read_text(const char *text, size_t len, fmt_variant_read *r);

/* Appends a variant's f-puzzles object (json, len bytes, as r->printed
 * holds it) as a link of format `to`: FMT_FPUZZLES (an f-puzzles ?load=
 * link) or FMT_SUDOKUPAD_LINK; both carry every constraint (links.c).
 * Returns 0, or -1 with err for any other format. */
int fmt_variant_link_write(fmt_id to, const char *json, size_t len, buf *out, char *err);

#endif /* FORMATS_FPUZZLES_H */
