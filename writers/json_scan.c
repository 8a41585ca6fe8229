/* json_scan.c -- a photo's reading as JSON (see json_scan.h for the object).
 *
 * Apart from json_write.c so the scanner's one writer joins the writers
 * without touching theirs; same habits: straight into a buf, no cJSON.
 */
#include "writers/json_scan.h"

#include <string.h>

#include "writers/json_write.h"

static void put_cells(buf *b, const char *name, const uint8_t *cells, int n)
{
    buf_printf(b, ",\"%s\":[", name);
    for (int k = 0; k < n; k++)
        buf_printf(b, "%s{\"row\":%d,\"col\":%d}", k > 0 ? "," : "", cells[k] / 9, cells[k] % 9);
    buf_putc(b, ']');
}

void json_render_scan_open(buf *b, const scan_result *r)
{
    const char *status = scan_status_str(r->status);
    buf_puts(b, "{\"status\":");
    json_put_string(b, status, strlen(status));
    buf_puts(b, ",\"reason\":");
    json_put_string(b, r->reason, strlen(r->reason));
    buf_printf(b, ",\"width\":%d,\"height\":%d", r->width, r->height);
    if (SCAN_IS_READING(r->status)) {
        buf_puts(b, ",\"puzzle\":");
        json_put_string(b, r->puzzle, 81);
        buf_puts(b, ",\"entries\":");
        json_put_string(b, r->entries, 81);
        buf_puts(b, ",\"corners\":[");
        for (int k = 0; k < 4; k++)
            buf_printf(b, "%s[%.1f,%.1f]", k > 0 ? "," : "", r->corners[k][0], r->corners[k][1]);
        buf_puts(b, "],\"confidence\":[");
        for (int i = 0; i < 81; i++)
            buf_printf(b, "%s%.3f", i > 0 ? "," : "", (double)r->confidence[i]);
        buf_putc(b, ']');
        put_cells(b, "changed", r->changed, r->nchanged);
        put_cells(b, "conflicts", r->conflict, r->nconflict);
        /* cell indices (row * 9 + col), as /v1/hint numbers cells, not row/col pairs */
        buf_puts(b, ",\"pencil\":[");
        for (int k = 0; k < r->npencil; k++) buf_printf(b, "%s%d", k > 0 ? "," : "", r->pencil[k]);
        /* the form /v1/hint takes: 81 lists of digits, row-major */
        buf_puts(b, "],\"candidates\":[");
        for (int i = 0; i < 81; i++) {
            buf_puts(b, i > 0 ? ",[" : "[");
            for (int d = 1, first = 1; d <= 9; d++)
                if (r->candidates[i] & 1u << d) {
                    buf_printf(b, "%s%d", first ? "" : ",", d);
                    first = 0;
                }
            buf_putc(b, ']');
        }
        buf_putc(b, ']');
    }
}

void json_render_scan(buf *b, const scan_result *r)
{
    static const char *const names[] = {"decode", "detect", "recognise"};
    const uint64_t us[] = {r->timing_us.decode, r->timing_us.detect, r->timing_us.recognise};
    json_render_scan_open(b, r);
    buf_putc(b, ',');
    json_render_timing(b, names, us, 3);
    buf_putc(b, '}');
}
