/* records.c -- where one puzzle of a text stream ends: sudoku_record_next().
 *
 * The CLI's files and the server's text/plain batches are read by this one
 * walker, so a grid drawn over nine lines means the same puzzle to both. The
 * rules are in sudoku.h; the shape of the code follows from one of them:
 * a record ends at its last line, never at the line after it, so the walker
 * needs no look-ahead and a reader fed a line at a time (a terminal) gets
 * each puzzle when its last row is typed.
 *
 * DESIGN. One pass over lines, one state: no record open, or a grid of R
 * rows open with k rows read. Each line is classified once:
 *
 *   comment   `#` first          skipped; ends an open record (its span
 *                                would hold the comment), then skipped
 *   blank     whitespace only    ends an open record
 *   border    separators only    inside an open record, else skipped
 *   junk      any other byte     ends an open record, then alone
 *   c cells   c, top symbol      a whole puzzle, a row, or alone
 */
#include "solver/solver_int.h"

#include <string.h>

enum sdk_line_kind {
    SDK_LINE_BLANK,
    SDK_LINE_COMMENT,
    SDK_LINE_BORDER,
    SDK_LINE_JUNK,
    SDK_LINE_CELLS
};

/* What one line holds. */
struct sdk_line {
    enum sdk_line_kind kind;
    size_t start, end; /* trimmed of blanks */
    size_t next;       /* the byte after its newline */
    bool line_break;   /* it ends in a newline (the last line may not) */
    size_t cells;      /* counted up to one past the most a row can hold */
    int top;           /* the largest symbol */
};

static bool sdk_is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Reads the line at pos. Returns false when there is none: pos is at len,
 * or (before the end) the line has no newline yet. Counting stops past
 * `most` cells, or at a byte of junk: such a line is a record alone
 * whatever the rest of it holds, and a batch body is mostly such lines, read
 * on the server's network thread before any worker starts. */
static bool sdk_read_line(const char *text, size_t len, size_t pos, bool at_end, size_t most,
                          struct sdk_line *l)
{
    if (pos >= len) return false;
    const char *nl = memchr(text + pos, '\n', len - pos);
    if (nl == NULL && !at_end) return false;
    size_t stop = nl != NULL ? (size_t)(nl - text) : len;
    l->next = nl != NULL ? stop + 1 : len;
    l->line_break = nl != NULL;
    while (pos < stop && sdk_is_blank(text[pos])) pos++;
    while (stop > pos && sdk_is_blank(text[stop - 1])) stop--;
    l->start = pos;
    l->end = stop;
    l->cells = 0;
    l->top = 0;
    if (pos == stop) {
        l->kind = SDK_LINE_BLANK;
        return true;
    }
    if (text[pos] == '#') {
        l->kind = SDK_LINE_COMMENT;
        return true;
    }
    l->kind = SDK_LINE_BORDER;
    for (size_t i = pos; i < stop && l->cells <= most; i++) {
        int v = sdk_char_value((unsigned char)text[i]);
        if (v == SDK_SEPARATOR) continue;
        if (v == SDK_JUNK) {
            l->kind = SDK_LINE_JUNK;
            break;
        }
        l->kind = SDK_LINE_CELLS;
        l->cells++;
        if (v > l->top) l->top = v;
    }
    return true;
}

/* The most cells a row can hold: more make a line a record alone. */
static size_t sdk_row_most(int size)
{
    return size > 0 ? (size_t)size : SUDOKU_MAX_TEXT_SIZE;
}

/* The row length of a grid written a row per line that a line starts, or 0
 * when it starts none (a whole puzzle, or a record alone): R cells, R the
 * known size or 4..35, unless 16 cells are a whole 4x4 (no symbol above 4)
 * and no size says otherwise. */
static size_t sdk_row_length(const struct sdk_line *l, int size)
{
    if (l->kind != SDK_LINE_CELLS || l->cells > sdk_row_most(size)) return 0;
    if (size > 0) return l->cells == (size_t)size ? l->cells : 0;
    if (l->cells < SUDOKU_MIN_SIZE) return 0;
    if (l->cells == 16 && l->top <= 4) return 0;
    return l->cells;
}

bool sudoku_record_next(const char *text, size_t len, size_t pos, int size, bool at_end,
                        sudoku_record *rec)
{
    struct sdk_line l;
    size_t rows = 0, row_len = 0; /* rows > 0: a grid is open */
    unsigned long lines = 0;

    rec->next = pos;
    rec->lines = 0;
    while (sdk_read_line(text, len, pos, at_end, sdk_row_most(size), &l)) {
        if (rows > 0 && l.kind == SDK_LINE_CELLS && l.cells == row_len) {
            rec->end = l.end;
            if (++rows == row_len) {
                rec->next = l.next;
                rec->lines = lines + l.line_break;
                return true;
            }
        } else if (rows > 0 && l.kind == SDK_LINE_BORDER) {
            rec->end = l.end;
        } else if (rows > 0) {
            /* the grid ends short: a blank line goes with it, another is read again */
            bool blank = l.kind == SDK_LINE_BLANK;
            rec->next = blank ? l.next : pos;
            rec->lines = lines + (blank && l.line_break);
            return true;
        } else if (l.kind == SDK_LINE_CELLS || l.kind == SDK_LINE_JUNK) {
            rec->start = l.start;
            rec->end = l.end;
            rec->line = lines;
            row_len = sdk_row_length(&l, size);
            rec->size = (int)row_len;
            if (row_len == 0) {
                rec->next = l.next;
                rec->lines = lines + l.line_break;
                return true;
            }
            rows = 1;
        }
        lines += l.line_break;
        pos = l.next;
        if (rows == 0) {
            rec->next = pos;
            rec->lines = lines;
        }
    }
    if (rows > 0 && at_end) {
        rec->next = len;
        rec->lines = lines;
        return true;
    }
    return false;
}

size_t sudoku_bom_len(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}
