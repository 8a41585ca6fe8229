/* scan.h -- the public interface of libscan: read a Sudoku from a photo.
 *
 * One call, scan_read(), takes the bytes of a JPEG, PNG or WebP photo and
 * returns the reading: the printed givens, the digits written by hand into
 * empty cells, the grid's corners in the photo, one confidence per cell,
 * whether the givens make a valid unique puzzle, and how long each stage
 * took. Everything a caller needs is in the scan_result it owns; the library
 * keeps no state between calls.
 *
 * DESIGN: decode (scan/decode.c, Leptonica; big JPEGs are decoded at reduced
 * size) -> find the grid (scan/grid.c: adaptive threshold, the largest
 * grid-like connected component, its four corners; else its lines,
 * scan/lattice.c) -> warp the grid to a
 * square (scan/grid.c) and cut 81 cell images (scan/cells.c; the cell image
 * is the contract of scan/cell.h) -> classify each cell (scan/classify.h) ->
 * check the givens with the solver and, when they are not a valid unique
 * puzzle, try the second-best reading of the least confident cells
 * (scan/read.c); read unsure handwritten entries against the solution
 * (scan/entries.c); read the digits of the cells of pencil marks
 * (scan/candidates.c).
 *
 * Thread safety: scan_read is reentrant; any number of threads may read at
 * once. Each call allocates and frees its own memory: a few megabytes for
 * a JPEG (decoded reduced), but up to about 6 bytes per pixel for a PNG or
 * WebP, which Leptonica decodes whole (some 300 MB at the 50-megapixel
 * limit: a server with several workers may want a lower max_pixels). Call
 * scan_init() once before starting threads: it silences Leptonica's
 * messages on stderr, a global setting of that library. libjpeg and libpng
 * still print a line of their own for some damaged files.
 *
 * Cost: one read is one worker's job: about 10-25 ms of one core for a phone
 * photo, decode included, and 40 ms for a 12-megapixel JPEG, most of it
 * decoding, which reads such a JPEG at a quarter of its width and height
 * (bench/scan.sh).
 *
 * Dependencies: libc, Leptonica (-lleptonica), libsudoku. Nothing of HTTP or
 * JSON.
 */
#ifndef SCAN_SCAN_H
#define SCAN_SCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Photos whose header claims more pixels than this are refused unread. */
#define SCAN_MAX_PIXELS 50000000u

/* The outcome of scan_read. The first four are readings (the result's
 * puzzle, entries, corners and confidence are filled); the others are
 * refusals, with a sentence in scan_result.reason. X(name, string, meaning).
 * For HTTP: a reading is a 200 whatever its status; empty, not_image and
 * bad_image are the client's bad body (400/422), unsupported is 415,
 * too_large 413, no_grid 422 with the reason, no_memory 500. */
#define SCAN_STATUSES(X)                                                                           \
    X(SCAN_OK, "ok", "a grid was read and its givens have exactly one solution")                   \
    X(SCAN_NO_SOLUTION, "no_solution", "a grid was read; its givens have no solution")             \
    X(SCAN_MULTIPLE, "multiple", "a grid was read; its givens have more than one solution")        \
    X(SCAN_CONFLICT, "conflict", "a grid was read; two givens clash (see conflict[])")             \
    X(SCAN_EMPTY, "empty", "no bytes at all")                                                      \
    X(SCAN_NOT_IMAGE, "not_image", "the bytes are not an image of any known type")                 \
    X(SCAN_UNSUPPORTED, "unsupported", "an image type other than JPEG, PNG or WebP (GIF, TIFF)")   \
    X(SCAN_TOO_LARGE, "too_large", "the header claims more than max_pixels pixels")                \
    X(SCAN_BAD_IMAGE, "bad_image",                                                                 \
      "a JPEG, PNG or WebP that does not decode (truncated, corrupt)")                             \
    X(SCAN_NO_GRID, "no_grid", "the photo decodes but no 9x9 grid was found in it")                \
    X(SCAN_NO_MEMORY, "no_memory", "out of memory")

typedef enum scan_status {
#define SCAN_STATUS_ENUM(name, string, meaning) name,
    SCAN_STATUSES(SCAN_STATUS_ENUM)
#undef SCAN_STATUS_ENUM
} scan_status;

/* True for the four statuses that carry a reading (SCAN_OK .. SCAN_CONFLICT). */
#define SCAN_IS_READING(status) ((status) <= SCAN_CONFLICT)

/* What a cell holds, as the classifier sees it. */
typedef enum scan_cell_kind {
    SCAN_CELL_BLANK = 0,
    SCAN_CELL_PRINTED,     /* a printed given: puzzle[i] */
    SCAN_CELL_HANDWRITTEN, /* a digit written by hand: entries[i] */
    SCAN_CELL_PENCIL,      /* pencil marks (small candidate digits): empty in both strings */
} scan_cell_kind;

typedef struct scan_options {
    size_t max_pixels; /* refuse photos above this; 0 = SCAN_MAX_PIXELS */
    int max_changes;   /* at most this many cells re-read as their second-best
                          class when the givens are not a unique puzzle; 0 = 3,
                          negative = never */
} scan_options;

typedef struct scan_result {
    scan_status status;
    /* A sentence for the status, never NULL, static storage: for a refusal it
     * says what to do ("the grid's corners are outside the photo"). */
    const char *reason;
    int width, height; /* the photo's size in pixels (0 when not decoded) */

    /* Filled when SCAN_IS_READING(status): */
    char puzzle[82];      /* 81 cells row-major: '1'-'9' printed given, '.' else; NUL-ended */
    char entries[82];     /* '1'-'9' a digit written by hand in an empty cell, '.' else */
    double corners[4][2]; /* x, y in photo pixels: top-left, top-right, bottom-right, bottom-left */
    float confidence[81]; /* the classifier's probability of the class read, 0..1
                             (1 for a cell with no ink at all: blank, unclassified) */
    uint8_t kind[81];     /* scan_cell_kind per cell */
    int nchanged;         /* cells read as other than their most probable class: givens
                             re-read to make the puzzle valid, entries read as the
                             solution's digit (scan/entries.h), unsure digits of a
                             reading too sparse to be a puzzle read as none */
    uint8_t changed[81];  /* their indices (row-major, 0..80), ascending */
    int nconflict;        /* SCAN_CONFLICT: cells holding a given that repeats in a unit */
    uint8_t conflict[81]; /* their indices, ascending */
    int npencil;          /* cells holding pencil marks, not a digit: '.' in puzzle and entries */
    uint8_t pencil[81];   /* their indices, ascending */
    uint16_t candidates[81]; /* a pencil-mark cell's digits as read: bit d for digit d (1..9);
                                0 for every other cell, and for marks no digit was read in */

    /* Wall time of each stage in microseconds (0 for stages not reached). */
    struct {
        uint64_t decode, detect, recognise;
    } timing_us;
    /* Search nodes the solver spent checking the givens: at most SCAN_READ_NODES +
     * SCAN_CHECK_NODES (0 when no grid was read). */
    uint64_t solver_nodes;
} scan_result;

/* The bounds of a reading's solver checks (scan/read.c): SCAN_CHECK_NODES search nodes each,
 * SCAN_READ_NODES for all the checks that look for a unique reading, and SCAN_CHECK_NODES more
 * to solve the givens once found unique. Real givens need hundreds of nodes at most; givens
 * read off noise could need millions, so without them a hostile photo could hold a worker for
 * seconds. A check that runs out reads as no solution. */
#define SCAN_CHECK_NODES 10000
#define SCAN_READ_NODES  100000

/* Silences Leptonica's error messages (it prints them to stderr by default).
 * Call once, before threads start; scan_read works without it. */
void scan_init(void);

/* Reads the photo in bytes[0..len) (JPEG, PNG or WebP; not copied, not kept)
 * into *out, which the caller owns; opts may be NULL for the defaults.
 * Returns out->status. Every failure is a status with out->reason set:
 * never aborts, never leaks. Reentrant: each call uses only its arguments
 * and memory it frees before returning. Takes tens of milliseconds for a
 * phone photo on one core. */
scan_status scan_read(const void *bytes, size_t len, const scan_options *opts, scan_result *out);

/* The stable lower-case name of a status ("ok", "no_grid", ...); "unknown"
 * for a value outside the enum. */
const char *scan_status_str(scan_status status);

#ifdef __cplusplus
}
#endif

#endif
