/* ss.c -- Simple Sudoku's `.ss`: the grid drawn with `|`, `-` and `*` corners.
 *
 *   *-----------*
 *   |2..|1.5|..3|
 *   |.54|...|71.|
 *   |.1.|2.3|.8.|
 *   |---+---+---|
 *   ...
 *   *-----------*
 *
 * Border lines hold no cell; rows are the text form's symbols between bars.
 * The writer draws the default box of any size the text form spells.
 */
#include <string.h>

#include "formats/formats_int.h"

/* A line of border characters only. */
static bool fmt_ss_border(const char *text, const fmt_line *l)
{
    for (size_t i = l->start; i < l->end; i++)
        if (strchr("*-+| \t", text[i]) == NULL) return false;
    return true;
}

bool fmt_ss_detect(const char *text, size_t len)
{
    fmt_line l;
    return fmt_first_line(text, len, &l) && text[l.start] == '*';
}

int fmt_ss_read(const char *text, size_t len, fmt_state *s, char *err)
{
    return fmt_read_rows(text, len, ".ss", fmt_ss_border, s, err);
}

/* A border line: `ends` at both ends, `fill` over each box, `joint` between boxes. */
static void fmt_ss_rule(buf *out, int boxes, int width, char ends, char joint)
{
    buf_putc(out, ends);
    for (int b = 0; b < boxes; b++) {
        if (b > 0) buf_putc(out, joint);
        for (int k = 0; k < width; k++) buf_putc(out, '-');
    }
    buf_putc(out, ends);
    buf_putc(out, '\n');
}

int fmt_ss_write(const fmt_state *s, buf *out, char *err)
{
    int n = s->size, br, bc;
    if (sudoku_default_box(n, &br, &bc) != 0)
        return fmt_errf(err, "a %dx%d grid has no boxes to draw", n, n);
    buf line = BUF_INIT;
    if (fmt_line_write(s, &line, err) != 0) return -1;
    fmt_ss_rule(out, br, bc, '*', '-');
    for (int r = 0; r < n && !line.oom; r++) {
        if (r > 0 && r % br == 0) fmt_ss_rule(out, br, bc, '|', '+');
        for (int c = 0; c < n; c++) {
            if (c % bc == 0) buf_putc(out, '|');
            buf_putc(out, line.data[r * n + c]);
        }
        buf_puts(out, "|\n");
    }
    fmt_ss_rule(out, br, bc, '*', '-');
    out->oom |= line.oom;
    buf_free(&line);
    return 0;
}
