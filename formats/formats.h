/* formats.h -- the puzzle file formats other programs use, read and written: libformats.a.
 *
 * A text in any format of FMT_FORMATS is read into one fmt_state (givens,
 * the player's entries, pencil-mark candidates, metadata) and any state is
 * written out in any of them. The server's `puzzle` strings, the CLI's input
 * files and /v1/convert all go through fmt_read(), so there is one reader per
 * format (house rule 18); the plain text form (81 characters, a drawn grid,
 * other sizes) is the `line` row, read by the solver's own sudoku_parse_cells().
 *
 * Depends on libsudoku (the text form), libwriters (buf, JSON strings) and,
 * for the f-puzzles JSON object only, cJSON. Every function is pure and
 * thread-safe: the tables are constant and all state is the caller's.
 */
#ifndef FORMATS_H
#define FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/sudoku.h"
#include "writers/buf.h"

/* X(ID, name): the formats, by the name `format`, `--format` and `to` use.
 * FMT_AUTO (0) asks fmt_read to tell the format from the text. */
#define FMT_FORMATS(X)                                                                             \
    X(LINE, "line")                       /* 81 characters, a drawn grid, other sizes */           \
    X(SDK, "sdk")                         /* SadMan: #-metadata lines, then a row per line */      \
    X(SDM, "sdm")                         /* one puzzle per line */                                \
    X(SS, "ss")                           /* Simple Sudoku: a grid drawn with | - and * */         \
    X(PM_GRID, "pm-grid")                 /* HoDoKu's pencil-mark grid */                          \
    X(HODOKU, "hodoku")                   /* HoDoKu's library line :type:digits:grid:deleted: */   \
    X(FPUZZLES, "fpuzzles")               /* an f-puzzles link, its LZ data or its JSON */         \
    X(SUDOKUPAD_LINK, "sudokupad-link")   /* a SudokuPad link of f-puzzles data (fpuz...) */       \
    X(SUDOKUWIKI_LINK, "sudokuwiki-link") /* a sudokuwiki.org ?bd= link */                         \
    X(JSON, "json")                       /* the state itself, as /v1/convert answers it */

typedef enum fmt_id {
    FMT_AUTO = 0,
#define X(id, name) FMT_##id,
    FMT_FORMATS(X)
#undef X
        FMT_COUNT
} fmt_id;

/* X(ID, key, sdk letter or 0): the metadata a state keeps. */
#define FMT_META_FIELDS(X)                                                                         \
    X(TITLE, "title", 0)                                                                           \
    X(AUTHOR, "author", 'A')                                                                       \
    X(DESCRIPTION, "description", 'D')                                                             \
    X(COMMENT, "comment", 'C')                                                                     \
    X(DATE, "date", 'B')                                                                           \
    X(SOURCE, "source", 'S')                                                                       \
    X(LEVEL, "level", 'L')                                                                         \
    X(URL, "url", 'U')

typedef enum fmt_meta_id {
#define X(id, key, letter) FMT_META_##id,
    FMT_META_FIELDS(X)
#undef X
        FMT_META_COUNT
} fmt_meta_id;

/* Longest metadata value kept, NUL included; longer values are cut at a
 * UTF-8 character boundary. */
#define FMT_META_LEN 256
/* The largest grid a state holds: what the text form can spell. */
#define FMT_MAX_CELLS (SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE)
/* Room for any message fmt_read writes. */
#define FMT_ERR_LEN 192

/* A puzzle as a player has it. A cell holds a given or an entry, never both;
 * marks of a cell that holds a digit are 0. Plain data, about 14 KB. */
typedef struct fmt_state {
    int size;                       /* N */
    bool has_entries;               /* the text held player digits (even if none was set) */
    bool has_marks;                 /* the text held candidates */
    uint8_t givens[FMT_MAX_CELLS];  /* 0 blank, 1..N */
    uint8_t entries[FMT_MAX_CELLS]; /* 0 none, 1..N */
    uint64_t marks[FMT_MAX_CELLS];  /* bit d-1 = candidate d */
    char meta[FMT_META_COUNT][FMT_META_LEN]; /* "" = not known */
} fmt_state;

/* What part of a state a format holds (fmt_holds). */
#define FMT_HOLDS_GIVENS  1u
#define FMT_HOLDS_ENTRIES 2u
#define FMT_HOLDS_MARKS   4u

/* A format's name ("pm-grid"), or "auto" for FMT_AUTO. */
const char *fmt_name(fmt_id id);

/* The format of a name (len bytes), FMT_AUTO for "auto", or -1 when unknown. */
int fmt_lookup(const char *name, size_t len);

/* The FMT_HOLDS_* bits of what a format holds, and the FMT_META_* bits
 * (1u << id) of the metadata it keeps. */
unsigned fmt_holds(fmt_id id);
unsigned fmt_holds_meta(fmt_id id);

/* A metadata field's key ("author"). */
const char *fmt_meta_key(fmt_meta_id id);

/* Whether a format can be read (every one but json) and written (all). */
bool fmt_readable(fmt_id id);

/* Empties a state: size 0, no cells, no metadata. */
void fmt_state_clear(fmt_state *s);

/* Reads text (len bytes, need not be NUL-terminated; a byte order mark is
 * the caller's to skip) in format `id`, or the format fmt_detect() names for
 * FMT_AUTO, into *s; a told format that cannot read the text gives way to the
 * plain text form when that reads it, so every text sudoku_parse() takes
 * reads as it does. *used (may be NULL) gets the format read. Returns 0, or
 * -1 with a message in err (FMT_ERR_LEN bytes) saying what is wrong and where. */
int fmt_read(const char *text, size_t len, fmt_id id, fmt_state *s, fmt_id *used, char *err);

/* The format a text is in, from its shape alone (cheap: the plain text form
 * is settled in one pass). Never FMT_AUTO; FMT_LINE when nothing else fits. */
fmt_id fmt_detect(const char *text, size_t len);

/* Whether a text starts a format that spans several lines the record
 * walker cannot cut (sudoku_record_next: an .sdk with metadata, an .ss or a
 * pencil-mark grid with borders, a JSON object): a CLI reads such a file
 * whole. `line` is the file's first line that is not blank. */
bool fmt_whole_file(const char *line, size_t len);

/* Appends s in format `id` (not FMT_AUTO) to out; texts of several lines end
 * with a newline, one-line texts (line, sdm, hodoku, links) with none.
 * Returns 0, or -1 with err when the format cannot hold s's size (the
 * 9x9-only formats, f-puzzles above 16). out->oom tells of memory. */
int fmt_write(fmt_id id, const fmt_state *s, buf *out, char *err);

#endif /* FORMATS_H */
