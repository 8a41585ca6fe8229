/* json_state.c -- a state as JSON: what /v1/convert and `sudoku convert` answer for `json`.
 *
 *   {"puzzle":"53..7....","entries":"..1......" | null,
 *    "candidates":[[1,2],[],...] | null,"metadata":{"author":"..."}}
 *
 * `puzzle` and `entries` are the text form and `candidates` N*N digit
 * lists, the shapes /v1/hint takes, so the answer can be sent back as is.
 */
#include <string.h>

#include "formats/formats_int.h"
#include "writers/json_write.h"

int fmt_json_write(const fmt_state *s, buf *out, char *err)
{
    int n = s->size;
    buf_puts(out, "{\"puzzle\":\"");
    if (fmt_line_write(s, out, err) != 0) return -1;
    buf_puts(out, "\",\"entries\":");
    if (s->has_entries) {
        buf_putc(out, '"');
        fmt_put_cells(out, n, s->entries, err);
        buf_putc(out, '"');
    } else {
        buf_puts(out, "null");
    }
    buf_puts(out, ",\"candidates\":");
    if (s->has_marks)
        json_render_candidates(out, n, s->marks);
    else
        buf_puts(out, "null");
    buf_puts(out, ",\"metadata\":{");
    const char *comma = "";
    for (int m = 0; m < FMT_META_COUNT; m++) {
        if (s->meta[m][0] == '\0') continue;
        buf_printf(out, "%s\"%s\":", comma, fmt_meta_key((fmt_meta_id)m));
        json_put_string(out, s->meta[m], strlen(s->meta[m]));
        comma = ",";
    }
    buf_puts(out, "}}");
    return 0;
}
