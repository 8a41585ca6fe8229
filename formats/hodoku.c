/* hodoku.c -- HoDoKu's library line.
 *
 *   :0000:x:7.2.+34.8...:913 516::
 *    type digits grid     deleted candidates [eliminations [placements [extra]]]
 *
 * The grid is 81 cells: a digit is a given, `+` and a digit a cell solved
 * by the player (an entry), `.` or `0` a blank. Deleted candidates are
 * digit-row-column triples: each blank's candidates are those the placed
 * digits leave, less the deleted ones; none listed means no candidates
 * were kept. 4 to 7 fields; 9x9 only.
 */
#include <string.h>

#include "formats/formats_int.h"

#define FMT_HODOKU_MIN_FIELDS 4
#define FMT_HODOKU_MAX_FIELDS 7

bool fmt_hodoku_detect(const char *text, size_t len)
{
    fmt_line l;
    return fmt_first_line(text, len, &l) && text[l.start] == ':';
}

static int fmt_hodoku_grid(const char *g, size_t len, fmt_state *s, char *err)
{
    int cell = 0;
    for (size_t i = 0; i < len; i++) {
        bool entry = g[i] == '+';
        if (entry && ++i == len) return fmt_errf(err, "library line grid: '+' ends it");
        if (cell == 81) return fmt_errf(err, "library line grid: more than 81 cells");
        char c = g[i];
        if (c >= '1' && c <= '9') {
            (entry ? s->entries : s->givens)[cell++] = (uint8_t)(c - '0');
        } else if (!entry && (c == '.' || c == '0')) {
            cell++;
        } else {
            return fmt_errf(err, "library line grid, cell %d: '%c'%s is no digit or blank",
                            cell + 1, c, entry ? " after '+'" : "");
        }
    }
    if (cell != 81) return fmt_errf(err, "library line grid: %d cells, 81 expected", cell);
    return 0;
}

static int fmt_hodoku_deleted(const char *d, size_t len, fmt_state *s, char *err)
{
    uint64_t plain[81];
    fmt_plain_marks(s, plain);
    bool any = false;
    for (size_t i = 0; i < len;) {
        if (d[i] == ' ') {
            i++;
            continue;
        }
        if (i + 3 > len || d[i] < '1' || d[i] > '9' || d[i + 1] < '1' || d[i + 1] > '9' ||
            d[i + 2] < '1' || d[i + 2] > '9' || (i + 3 < len && d[i + 3] != ' '))
            return fmt_errf(err, "deleted candidates: \"%.*s\" is not digit, row, column",
                            (int)(len - i > 8 ? 8 : len - i), d + i);
        int digit = d[i] - '0', cell = (d[i + 1] - '1') * 9 + d[i + 2] - '1';
        if (fmt_digit(s, cell) != 0)
            return fmt_errf(err, "deleted candidate %.3s: r%dc%d holds a digit", d + i,
                            cell / 9 + 1, cell % 9 + 1);
        plain[cell] &= ~(UINT64_C(1) << (digit - 1));
        any = true;
        i += 3;
    }
    if (!any) return 0;
    memcpy(s->marks, plain, sizeof(plain));
    s->has_marks = true;
    return 0;
}

int fmt_hodoku_read(const char *text, size_t len, fmt_state *s, char *err)
{
    fmt_line l;
    if (!fmt_first_line(text, len, &l) || text[l.start] != ':')
        return fmt_errf(err, "a library line starts with ':'");
    const char *p = text + l.start + 1;
    size_t n = l.end - l.start - 1;
    if (n > 0 && p[n - 1] == ':') n--;
    const char *field[FMT_HODOKU_MAX_FIELDS + 1];
    size_t flen[FMT_HODOKU_MAX_FIELDS + 1];
    int nf = 0;
    for (size_t i = 0, from = 0; i <= n; i++) {
        if (i < n && p[i] != ':') continue;
        if (nf <= FMT_HODOKU_MAX_FIELDS) {
            field[nf] = p + from;
            flen[nf] = i - from;
        }
        nf++;
        from = i + 1;
    }
    if (nf < FMT_HODOKU_MIN_FIELDS || nf > FMT_HODOKU_MAX_FIELDS)
        return fmt_errf(err,
                        "a library line has %d to %d fields between colons (type, digits, grid, "
                        "deleted candidates, ...): this one has %d",
                        FMT_HODOKU_MIN_FIELDS, FMT_HODOKU_MAX_FIELDS, nf);
    if (flen[0] == 0 || strspn(field[0], "0123456789") < flen[0])
        return fmt_errf(err, "library line type \"%.*s\" is not a number",
                        (int)(flen[0] > 8 ? 8 : flen[0]), field[0]);
    s->size = 9;
    if (fmt_hodoku_grid(field[2], flen[2], s, err) != 0) return -1;
    fmt_settle_flags(s);
    return fmt_hodoku_deleted(field[3], flen[3], s, err);
}

int fmt_hodoku_write(const fmt_state *s, buf *out, char *err)
{
    if (fmt_need_9x9(s, "a library line", err) != 0) return -1;
    buf_puts(out, ":0000:x:");
    for (int i = 0; i < 81; i++) {
        if (s->givens[i] != 0)
            buf_putc(out, (char)('0' + s->givens[i]));
        else if (s->entries[i] != 0)
            buf_printf(out, "+%d", s->entries[i]);
        else
            buf_putc(out, '.');
    }
    buf_putc(out, ':');
    uint64_t plain[81];
    fmt_plain_marks(s, plain);
    const char *space = "";
    for (int i = 0; s->has_marks && i < 81; i++) {
        uint64_t gone = s->marks[i] != 0 ? plain[i] & ~s->marks[i] : 0;
        for (int d = 1; d <= 9; d++) {
            if ((gone & (UINT64_C(1) << (d - 1))) == 0) continue;
            buf_printf(out, "%s%d%d%d", space, d, i / 9 + 1, i % 9 + 1);
            space = " ";
        }
    }
    buf_puts(out, "::");
    return 0;
}
