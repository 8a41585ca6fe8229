/* pmgrid.c -- HoDoKu's pencil-mark grid: every cell's candidates, a single digit for a placed cell.
 *
 *   .----------------.-----------.------------.
 *   | 6    1    5    | 9   38  4 | 2   7   38 |      a row per line: 9 cells,
 *   | 2389 ...                                      bars between boxes;
 *   :----------------+-----------+------------:      borders optional
 *   '----------------'-----------'------------'
 *
 * A cell is a run of digits: one digit is a placed cell, read as a given
 * (as HoDoKu reads it), more are its candidates. So a cell left with a
 * single candidate reads back as placed: the format cannot tell them apart.
 * Lines without a digit are borders. 9x9 only.
 */
#include <string.h>

#include "formats/formats_int.h"

/* Characters that separate cells or draw borders. */
static bool fmt_pm_sep(char c)
{
    return strchr(" \t\r|:.-+'*", c) != NULL;
}

/* Counts a line's cells (runs of non-separators), its digits, and whether
 * every cell is a run of digits 0..9. */
static void fmt_pm_count(const char *text, const fmt_line *l, int *cells, int *digits, bool *pure)
{
    *cells = *digits = 0;
    *pure = true;
    for (size_t i = l->start; i < l->end; i++) {
        if (fmt_pm_sep(text[i])) continue;
        if (i == l->start || fmt_pm_sep(text[i - 1])) ++*cells;
        if (text[i] >= '0' && text[i] <= '9')
            ++*digits;
        else
            *pure = false;
    }
}

bool fmt_pm_detect(const char *text, size_t len)
{
    fmt_line l;
    int cells = 0, long_cells = 0;
    for (size_t pos = 0; fmt_next_line(text, len, pos, &l); pos = l.next) {
        int c, d;
        bool pure;
        fmt_pm_count(text, &l, &c, &d, &pure);
        if (c == 0) continue;
        if (!pure) return false;
        cells += c;
        long_cells += d > c;
    }
    /* a drawn grid of the text form has 9 characters a row, however grouped */
    return cells >= 72 && cells <= 90 && long_cells > 0;
}

int fmt_pm_read(const char *text, size_t len, fmt_state *s, char *err)
{
    fmt_line l;
    int row = 0;
    s->size = 9;
    for (size_t pos = 0; fmt_next_line(text, len, pos, &l); pos = l.next) {
        int cells, digits;
        bool pure;
        fmt_pm_count(text, &l, &cells, &digits, &pure);
        if (cells == 0) continue;
        if (row == 9) return fmt_errf(err, "pencil-mark grid: a 10th row of cells");
        if (cells != 9)
            return fmt_errf(err,
                            "pencil-mark grid row %d has %d cells, 9 expected (a cell with no "
                            "candidates?)",
                            row + 1, cells);
        int col = -1;
        for (size_t i = l.start; i < l.end; i++) {
            char c = text[i];
            if (fmt_pm_sep(c)) continue;
            if (i == l.start || fmt_pm_sep(text[i - 1])) col++;
            int cell = row * 9 + col;
            if (c < '1' || c > '9')
                return fmt_errf(err,
                                "pencil-mark grid r%dc%d: '%c' is no candidate: a cell "
                                "lists its candidates 1-9, or its digit",
                                row + 1, col + 1, c);
            s->marks[cell] |= UINT64_C(1) << (c - '1');
        }
        row++;
    }
    if (row < 9) return fmt_errf(err, "pencil-mark grid: %d rows of cells, 9 expected", row);
    for (int i = 0; i < 81; i++) {
        uint64_t m = s->marks[i];
        if ((m & (m - 1)) != 0) continue;
        s->givens[i] = (uint8_t)(__builtin_ctzll(m) + 1);
        s->marks[i] = 0;
    }
    s->has_marks = true;
    return 0;
}

/* The cell's text: its digit, or its candidates in order. */
static int fmt_pm_cell(uint64_t m, int digit, char *out)
{
    int n = 0;
    if (digit != 0) {
        out[n++] = (char)('0' + digit);
    } else {
        for (int d = 1; d <= 9; d++)
            if (m & (UINT64_C(1) << (d - 1))) out[n++] = (char)('0' + d);
    }
    out[n] = '\0';
    return n;
}

static void fmt_pm_rule(buf *out, const int *seg, char end, char joint, char end2)
{
    buf_putc(out, end);
    for (int b = 0; b < 3; b++) {
        if (b > 0) buf_putc(out, joint);
        for (int k = 0; k < seg[b]; k++) buf_putc(out, '-');
    }
    buf_putc(out, end2);
    buf_putc(out, '\n');
}

int fmt_pm_write(const fmt_state *s, buf *out, char *err)
{
    if (fmt_need_9x9(s, "a pencil-mark grid", err) != 0) return -1;
    uint64_t plain[81];
    char text[81][10];
    int width[9] = {0}, seg[3];
    fmt_plain_marks(s, plain);
    for (int i = 0; i < 81; i++) {
        uint64_t m = s->has_marks && s->marks[i] != 0 ? s->marks[i] : plain[i];
        int w = fmt_pm_cell(m, fmt_digit(s, i), text[i]);
        if (w == 0) return fmt_errf(err, "r%dc%d has no candidate left", i / 9 + 1, i % 9 + 1);
        if (w > width[i % 9]) width[i % 9] = w;
    }
    for (int b = 0; b < 3; b++)
        seg[b] = width[3 * b] + width[3 * b + 1] + width[3 * b + 2] + 6; /* " a  b  c " */
    fmt_pm_rule(out, seg, '.', '.', '.');
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) fmt_pm_rule(out, seg, ':', '+', ':');
        for (int c = 0; c < 9; c++) {
            buf_puts(out, c % 3 == 0 ? "| " : "  ");
            buf_printf(out, "%-*s", width[c], text[r * 9 + c]);
            if (c % 3 == 2) buf_putc(out, ' ');
        }
        buf_puts(out, "|\n");
    }
    fmt_pm_rule(out, seg, '\'', '\'', '\'');
    return 0;
}
