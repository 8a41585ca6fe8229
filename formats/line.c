/* line.c -- the text form (`line`: 81 characters, a drawn grid, other sizes) and `.sdm`.
 *
 * The text form is the solver's own (sudoku_parse_cells, solver/grid.c), so
 * what the API and the CLI took before formats existed reads exactly as it
 * did. An .sdm file is that form one puzzle a line; one puzzle is one line.
 */
#include <string.h>

#include "formats/formats_int.h"

bool fmt_line_detect(const char *text, size_t len)
{
    (void)text;
    (void)len;
    return true; /* the last row of the detection order: what nothing else claims */
}

int fmt_line_read(const char *text, size_t len, fmt_state *s, char *err)
{
    int n = sudoku_parse_cells(text, len, 0, s->givens, err);
    if (n < 0) return -1;
    s->size = n;
    return 0;
}

int fmt_line_write(const fmt_state *s, buf *out, char *err)
{
    return fmt_put_cells(out, s->size, s->givens, err);
}

int fmt_sdm_read(const char *text, size_t len, fmt_state *s, char *err)
{
    fmt_line first, more;
    if (!fmt_first_line(text, len, &first)) return fmt_errf(err, "the .sdm text is empty");
    if (fmt_first_line(text + first.next, len - first.next, &more))
        return fmt_errf(err, "one puzzle is one .sdm line, and this text has more lines");
    if (memchr(text + first.start, ' ', first.end - first.start) != NULL)
        return fmt_errf(err, "an .sdm line holds its cells without spaces");
    return fmt_line_read(text + first.start, first.end - first.start, s, err);
}

int fmt_sdm_write(const fmt_state *s, buf *out, char *err)
{
    if (fmt_line_write(s, out, err) != 0) return -1;
    buf_putc(out, '\n');
    return 0;
}
