/* text.c -- what the format files share: lines, messages, metadata and plain candidates.
 *
 * Kept apart from any one format so that each format file holds its own
 * grammar and nothing else (formats_int.h lists the helpers).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formats/formats_int.h"

int fmt_errf(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, FMT_ERR_LEN, fmt, ap);
    va_end(ap);
    return -1;
}

static bool fmt_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool fmt_next_line(const char *text, size_t len, size_t pos, fmt_line *l)
{
    if (pos >= len) return false;
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t stop = nl != NULL ? (size_t)(nl - text) : len;
    l->next = nl != NULL ? stop + 1 : len;
    while (pos < stop && fmt_blank(text[pos])) pos++;
    while (stop > pos && fmt_blank(text[stop - 1])) stop--;
    l->start = pos;
    l->end = stop;
    return true;
}

bool fmt_first_line(const char *text, size_t len, fmt_line *l)
{
    for (size_t pos = 0; fmt_next_line(text, len, pos, l); pos = l->next)
        if (l->end > l->start) return true;
    return false;
}

bool fmt_starts_with(const char *text, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    if (len < n) return false;
    for (size_t i = 0; i < n; i++) {
        char a = text[i], b = prefix[i];
        if (a >= 'A' && a <= 'Z') a = (char)(a - 'A' + 'a');
        if (a != b) return false;
    }
    return true;
}

int fmt_need_9x9(const fmt_state *s, const char *format, char *err)
{
    if (s->size == 9) return 0;
    return fmt_errf(err, "%s holds a 9x9 grid, not a %dx%d one", format, s->size, s->size);
}

void fmt_plain_marks(const fmt_state *s, uint64_t *marks)
{
    int n = s->size, br, bc;
    if (sudoku_default_box(n, &br, &bc) != 0) br = bc = 0;
    uint64_t all = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    for (int i = 0; i < n * n; i++) {
        marks[i] = fmt_digit(s, i) != 0 ? 0 : all;
    }
    for (int i = 0; i < n * n; i++) {
        int d = fmt_digit(s, i);
        if (d == 0) continue;
        int r = i / n, c = i % n;
        for (int j = 0; j < n * n; j++) {
            int rj = j / n, cj = j % n;
            bool box = br != 0 && rj / br == r / br && cj / bc == c / bc;
            if (rj == r || cj == c || box) marks[j] &= ~(UINT64_C(1) << (d - 1));
        }
    }
}

void fmt_settle_flags(fmt_state *s)
{
    int cells = s->size * s->size;
    s->has_entries = s->has_marks = false;
    for (int i = 0; i < cells; i++) {
        s->has_entries |= s->entries[i] != 0;
        s->has_marks |= s->marks[i] != 0;
    }
}

void fmt_set_meta(fmt_state *s, fmt_meta_id id, const char *value, size_t len)
{
    if (len >= FMT_META_LEN) {
        len = FMT_META_LEN - 1;
        while (len > 0 && ((unsigned char)value[len] & 0xC0) == 0x80) len--;
    }
    memcpy(s->meta[id], value, len);
    s->meta[id][len] = '\0';
}

/* The cells of a row in the text form: every character but blanks and separators. */
static int fmt_row_cells(const char *text, const fmt_line *l)
{
    int n = 0;
    for (size_t i = l->start; i < l->end; i++) n += strchr(" \t|+-", text[i]) == NULL;
    return n;
}

int fmt_read_rows(const char *text, size_t len, const char *format,
                  bool (*skip)(const char *text, const fmt_line *l), fmt_state *s, char *err)
{
    fmt_line l;
    char rerr[SUDOKU_ERR_LEN];
    int n = 0, rows = 0;
    for (size_t pos = 0; fmt_next_line(text, len, pos, &l); pos = l.next) {
        if (l.end == l.start || skip(text, &l)) continue;
        if (n == 0) {
            n = fmt_row_cells(text, &l);
            if (n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_TEXT_SIZE)
                return fmt_errf(err, "%s row 1 has %d cells: a row holds %d..%d", format, n,
                                SUDOKU_MIN_SIZE, SUDOKU_MAX_TEXT_SIZE);
        }
        if (rows == n)
            return fmt_errf(err, "%s grid: row %d is one more than its %d columns", format,
                            rows + 1, n);
        if (sudoku_parse_row(text + l.start, l.end - l.start, n, &s->givens[rows * n], rerr) != 0)
            return fmt_errf(err, "%s row %d: %s", format, rows + 1, rerr);
        rows++;
    }
    if (n == 0) return fmt_errf(err, "the %s text has no grid", format);
    if (rows < n)
        return fmt_errf(err, "the %s grid stops after row %d of %d: is the text cut short?", format,
                        rows, n);
    s->size = n;
    return 0;
}

int fmt_put_cells(buf *out, int n, const uint8_t *cells, char *err)
{
    if (buf_reserve(out, (size_t)n * n) != 0) return 0;
    sudoku_puzzle shape = {.size = n};
    int written = sudoku_format(&shape, cells, out->data + out->len, (size_t)n * n + 1);
    if (written < 0) return fmt_errf(err, "a %dx%d grid has no text form", n, n);
    out->len += (size_t)written;
    return 0;
}
