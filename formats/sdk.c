/* sdk.c -- SadMan Software's `.sdk`, with SudoCue's metadata lines.
 *
 *   #ARuud                      `#` and a letter: author, description,
 *   #DA random puzzle           comment, date (B), source, level, URL
 *   2..1.5..3                   then the grid, a row per line, `.` blank
 *   .54...71.
 *   ...                         (N rows of N cells; 9 in SadMan's files)
 *
 * Metadata lines may come anywhere; a `#` line of another letter is a
 * comment of the file's own and is skipped. Rows use the text form's
 * symbols, so a 4x4 or a 16x16 reads as well.
 */
#include <string.h>

#include "formats/formats_int.h"

/* The .sdk letter of each metadata field, 0 for none. */
static const char fmt_sdk_letters[FMT_META_COUNT] = {
#define X(id, key, letter) letter,
    FMT_META_FIELDS(X)
#undef X
};

static bool fmt_sdk_meta_line(const char *text, size_t len, const fmt_line *l)
{
    return l->end - l->start >= 2 && text[l->start] == '#' && l->start + 1 < len &&
           text[l->start + 1] >= 'A' && text[l->start + 1] <= 'Z';
}

bool fmt_sdk_detect(const char *text, size_t len)
{
    fmt_line l;
    return fmt_first_line(text, len, &l) && text[l.start] == '#';
}

static void fmt_sdk_meta(const char *text, const fmt_line *l, fmt_state *s)
{
    char letter = text[l->start + 1];
    for (int m = 0; m < FMT_META_COUNT; m++) {
        if (fmt_sdk_letters[m] != letter) continue;
        size_t from = l->start + 2;
        while (from < l->end && text[from] == ' ') from++;
        fmt_set_meta(s, (fmt_meta_id)m, text + from, l->end - from);
    }
}

static bool fmt_sdk_skip(const char *text, const fmt_line *l)
{
    return text[l->start] == '#';
}

int fmt_sdk_read(const char *text, size_t len, fmt_state *s, char *err)
{
    fmt_line l;
    for (size_t pos = 0; fmt_next_line(text, len, pos, &l); pos = l.next)
        if (fmt_sdk_meta_line(text, len, &l)) fmt_sdk_meta(text, &l, s);
    return fmt_read_rows(text, len, ".sdk", fmt_sdk_skip, s, err);
}

int fmt_sdk_write(const fmt_state *s, buf *out, char *err)
{
    for (int m = 0; m < FMT_META_COUNT; m++) {
        if (fmt_sdk_letters[m] == 0 || s->meta[m][0] == '\0') continue;
        buf_printf(out, "#%c", fmt_sdk_letters[m]);
        /* a line each: a line break inside a value would end it */
        for (const char *c = s->meta[m]; *c != '\0'; c++)
            buf_putc(out, *c == '\n' || *c == '\r' ? ' ' : *c);
        buf_putc(out, '\n');
    }
    buf row = BUF_INIT;
    int rc = fmt_line_write(s, &row, err);
    for (int r = 0; rc == 0 && r < s->size; r++) {
        buf_append(out, row.data + (size_t)r * s->size, (size_t)s->size);
        buf_putc(out, '\n');
    }
    out->oom |= row.oom;
    buf_free(&row);
    return rc;
}
