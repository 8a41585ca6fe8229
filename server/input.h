/* input.h -- one puzzle request as read from the wire, before it meets the solver.
 *
 * Every input form (a text string, a 2-D array, a flat array; JSON bodies,
 * batch items and text lines) is read into an input_puzzle: the cells and
 * region ids in caller-provided buffers plus the shape and options asked for.
 * input_finish() then checks the shape as a whole, so the same rules and the
 * same problem types apply whatever form the puzzle came in. No cJSON here:
 * json_read.c reads JSON into this struct, options.c query parameters, and
 * ep_batch.c text lines.
 */
#ifndef SUDOKUD_INPUT_H
#define SUDOKUD_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/formats.h"
#include "solver/sudoku.h"
#include "solver/variant.h"
#include "writers/json_write.h"
#include "writers/problems.h"

/* Option ranges of the API contract. */
#define INPUT_MAX_SOLUTIONS            1000000u
#define INPUT_MAX_RETURN_SOLUTIONS     100u
#define INPUT_DEFAULT_MAX_SOLUTIONS    2u
#define INPUT_DEFAULT_RETURN_SOLUTIONS 1u

/* Most steps an explanation may be asked to stop at. */
#define INPUT_MAX_STEPS 100000u

/* What a generate request may ask for. */
#define INPUT_MAX_GENERATE          100u                      /* puzzles in one request */
#define INPUT_MAX_SEED              ((UINT64_C(1) << 53) - 1) /* exact as a JSON number */
#define INPUT_MAX_SCORE             200 /* tenths: above every score of the ladder */
#define INPUT_DEFAULT_GENERATE_SIZE 9

/* Checks a validate request may ask for. */
#define INPUT_CHECK_SOLVABLE 1u
#define INPUT_CHECK_UNIQUE   2u

/* One request's puzzle and options, whatever endpoint it was sent to. */
typedef struct input_puzzle {
    int size; /* N once the puzzle was read, else 0 */
    json_form form;
    bool has_puzzle; /* the `puzzle` key was present */
    int box_rows;    /* as asked, 0 = default box; the box in use after input_finish */
    int box_cols;
    bool box_assumed; /* input_finish took the default box: none was asked for */
    bool diagonal;
    size_t nregions; /* region ids read; 0 = no regions (plain boxes) */
    size_t nlabels;  /* the layout came as labels: how many distinct; 0 = as ids */
    uint32_t region_labels[SUDOKU_MAX_SIZE]; /* the label (a code point) of each id, so
                                              * problems name the client's own */
    const uint8_t *regions;                  /* the ids: regions_buf, or a shared batch layout */
    uint8_t *regions_buf;      /* caller's SUDOKU_MAX_CELLS bytes for this puzzle's own regions */
    uint8_t *cells;            /* caller's SUDOKU_MAX_CELLS bytes: 0 blank, 1..N */
    uint32_t max_solutions;    /* 1..INPUT_MAX_SOLUTIONS */
    uint32_t return_solutions; /* 0..INPUT_MAX_RETURN_SOLUTIONS */
    uint32_t timeout_ms;       /* 1..max_timeout_ms */
    unsigned check;            /* INPUT_CHECK_* bits (validate) */
    uint32_t max_steps;        /* explain: 0 = all */
    uint8_t *entries;          /* hint: caller's SUDOKU_MAX_CELLS bytes for the user's digits */
    int entries_size;          /* N of the entries read; 0 = none given */
    uint64_t *marks;           /* hint: caller's SUDOKU_MAX_CELLS pencil-mark masks, bit d-1 = d */
    size_t nmarks;             /* cells of marks read; 0 = none given */
    /* generate: the shape above, the grid to be made */
    int score_min, score_max; /* tenths; score_max 0: no difficulty target */
    uint64_t seed;            /* 0..INPUT_MAX_SEED, when given has OPTION_BIT(SEED) */
    sudoku_symmetry symmetry;
    bool minimal;
    uint32_t count;             /* puzzles to make, 1..INPUT_MAX_GENERATE */
    sudoku_technique technique; /* when given has OPTION_BIT(TECHNIQUE): the hardest step wanted */
    bool start_technique;       /* start=technique: answer the state before its first step */
    int32_t day;                /* daily: days since 1970-01-01 (UTC), when given has DATE */
    uint32_t given;             /* OPTION_BIT()s of the options the request named (options.h) */
    fmt_id format;              /* the puzzle text's format; FMT_AUTO: told from the text */
    fmt_id to;                  /* convert: the format to write */
    fmt_state *state;           /* caller's, or NULL: the whole state a text puzzle was read into */
    bool variant_ok;            /* the caller takes an `fpuzzles` member (solve, validate) */
    sudoku_variant *variant;    /* the `fpuzzles` member read: malloc'ed by its reader, the
                                 * caller's to free() after any read, good or bad; NULL if none */
    bool true_candidates;       /* solve: list every cell's true candidates */
    buf *variant_json;          /* convert's, or NULL: a variant puzzle converted to fpuzzles is
                                 * read and re-printed here (its cells and shape go to p) */
} input_puzzle;

/* Sets the options to their defaults and the puzzle to "not read yet";
 * cells/regions_buf are the caller's buffers (SUDOKU_MAX_CELLS bytes each). */
void input_init(input_puzzle *p, uint8_t *cells, uint8_t *regions_buf, uint32_t default_timeout_ms);

/* Reads a puzzle text (len bytes, need not be NUL-terminated) in p->format,
 * any format of formats.h (told from the text for FMT_AUTO; the plain text
 * form as ever), into p->cells and sets p->size and p->form. Entries and
 * candidates the text holds go to p->entries and p->marks when the caller
 * gave those buffers, the whole state to p->state when given. `pointer`
 * names the value in problems. Returns 0, or -1 with *pb filled
 * (invalid-puzzle or unsupported-shape). Thread-safe. */
int input_read_text(input_puzzle *p, const char *text, size_t len, const char *pointer,
                    api_problem *pb);

/* Reads a region layout in text form: one label per non-whitespace UTF-8
 * character, distinct labels numbered in order of first appearance. Fills
 * p->regions_buf / p->nregions, points p->regions at it and keeps the
 * labels (p->region_labels), so input_finish names them in its problems. Returns 0, or -1
 * with *pb (unsupported-shape). The text must be valid UTF-8. */
int input_read_region_labels(input_puzzle *p, const char *text, size_t len, const char *pointer,
                             api_problem *pb);

/* Checks the whole request once the puzzle is read: the puzzle is there, its
 * size is in range and not prime, the box tiles the grid, the regions match
 * the grid (N*N ids below N, N cells each). `base` is the JSON Pointer of
 * the object holding box/regions ("" for a whole body), `puzzle_ptr` that of
 * the puzzle. Resolves box_rows/box_cols to the actual box. Returns 0, or -1
 * with *pb filled. */
int input_finish(input_puzzle *p, const char *base, const char *puzzle_ptr, api_problem *pb);

/* Settles the size of a generate request (size, else box rows * cols, else
 * the regions' count, else 9), closes an open score range and checks the
 * shape as a whole like input_finish. Returns 0, or -1 with *pb. */
int input_finish_generate(input_puzzle *p, api_problem *pb);

/* Fills a solver puzzle from a finished input (copies N*N cells/regions;
 * the rest of *out is left as it was). */
void input_to_puzzle(const input_puzzle *p, sudoku_puzzle *out);

/* The client's label of each region id (N of them) when the layout came as
 * labels, for answers to name; NULL for boxes or a layout of ids. Points into p. */
const uint32_t *input_region_labels(const input_puzzle *p);

#endif /* SUDOKUD_INPUT_H */
