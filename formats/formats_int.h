/* formats_int.h -- what the format files share inside libformats (internal).
 *
 * A format is a row of the table in table.c: its detector, reader and
 * writer are the functions declared here, one file per format (or family:
 * links.c). Readers start from a cleared state (fmt_read clears it) and
 * fill what their format holds; writers get a state fmt_read could have
 * made. Nothing outside formats/ includes this file.
 */
#ifndef FORMATS_INT_H
#define FORMATS_INT_H

#include "formats/formats.h"

typedef bool (*fmt_detect_fn)(const char *text, size_t len);
typedef int (*fmt_read_fn)(const char *text, size_t len, fmt_state *s, char *err);
typedef int (*fmt_write_fn)(const fmt_state *s, buf *out, char *err);

/* ---- helpers (text.c) ---------------------------------------------------------- */

/* Formats a message into err (FMT_ERR_LEN bytes) and returns -1. */
int fmt_errf(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One line of a text: [start, end) trimmed of blanks and '\r', next past its newline. */
typedef struct fmt_line {
    size_t start, end, next;
} fmt_line;

/* Reads the line at pos into *l. Returns false when pos is at len. */
bool fmt_next_line(const char *text, size_t len, size_t pos, fmt_line *l);

/* The first line of text that is not blank, or false when there is none. */
bool fmt_first_line(const char *text, size_t len, fmt_line *l);

/* Whether text[0..len) starts with prefix, ignoring ASCII case. */
bool fmt_starts_with(const char *text, size_t len, const char *prefix);

/* Refuses (-1 with err) a state that is not 9x9, for the formats that only know 9x9. */
int fmt_need_9x9(const fmt_state *s, const char *format, char *err);

/* The candidates the placed digits (givens and entries) leave each blank
 * of a state with default boxes; 0 for a placed cell. */
void fmt_plain_marks(const fmt_state *s, uint64_t *marks);

/* The state's placed digit of cell i: its given, else its entry, else 0. */
static inline int fmt_digit(const fmt_state *s, int i)
{
    return s->givens[i] != 0 ? s->givens[i] : s->entries[i];
}

/* Reads a grid written a row per line (the text form's symbols and
 * separators) into s->givens and s->size, passing over blank lines and
 * those `skip` claims (metadata, borders). `format` names it in messages.
 * Returns 0, or -1 with err: a row of another cell count, too few or too
 * many rows. */
int fmt_read_rows(const char *text, size_t len, const char *format,
                  bool (*skip)(const char *text, const fmt_line *l), fmt_state *s, char *err);

/* Appends N*N cells in the text form. Returns 0, or -1 with err when N is
 * above what the text form spells (out->oom tells of memory). */
int fmt_put_cells(buf *out, int n, const uint8_t *cells, char *err);

/* Sets entries and marks flags from what the cells hold (any entry, any mark). */
void fmt_settle_flags(fmt_state *s);

/* Copies a metadata value (len bytes, valid UTF-8 assumed) into its slot,
 * cut at a character boundary to fit. */
void fmt_set_meta(fmt_state *s, fmt_meta_id id, const char *value, size_t len);

/* ---- the formats -------------------------------------------------------------- */

/* line.c: the text form (sudoku_parse_cells) and .sdm */
bool fmt_line_detect(const char *text, size_t len);
int fmt_line_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_line_write(const fmt_state *s, buf *out, char *err);
int fmt_sdm_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_sdm_write(const fmt_state *s, buf *out, char *err);

/* sdk.c: SadMan's .sdk */
bool fmt_sdk_detect(const char *text, size_t len);
int fmt_sdk_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_sdk_write(const fmt_state *s, buf *out, char *err);

/* ss.c: Simple Sudoku's .ss */
bool fmt_ss_detect(const char *text, size_t len);
int fmt_ss_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_ss_write(const fmt_state *s, buf *out, char *err);

/* pmgrid.c: HoDoKu's pencil-mark grid */
bool fmt_pm_detect(const char *text, size_t len);
int fmt_pm_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_pm_write(const fmt_state *s, buf *out, char *err);

/* hodoku.c: HoDoKu's library line */
bool fmt_hodoku_detect(const char *text, size_t len);
int fmt_hodoku_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_hodoku_write(const fmt_state *s, buf *out, char *err);

/* links.c: f-puzzles and SudokuPad links (LZ-String over fpuzzles.c's JSON), sudokuwiki */
bool fmt_fpuzzles_detect(const char *text, size_t len);
bool fmt_fpuzzles_detect_bare(const char *text, size_t len);
int fmt_fpuzzles_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_fpuzzles_write(const fmt_state *s, buf *out, char *err);
bool fmt_sudokupad_detect(const char *text, size_t len);
bool fmt_sudokupad_detect_bare(const char *text, size_t len);
int fmt_sudokupad_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_sudokupad_write(const fmt_state *s, buf *out, char *err);
bool fmt_sudokuwiki_detect(const char *text, size_t len);
int fmt_sudokuwiki_read(const char *text, size_t len, fmt_state *s, char *err);
int fmt_sudokuwiki_write(const fmt_state *s, buf *out, char *err);

/* json_state.c: the state as JSON (written only) */
int fmt_json_write(const fmt_state *s, buf *out, char *err);

#endif /* FORMATS_INT_H */
