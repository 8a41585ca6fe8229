/* json_steps.c -- the JSON writers of json_steps.h. */
#include "server/json_steps.h"

/* A score in tenths as a JSON number with one decimal. */
static void json_put_score(buf *b, int tenths)
{
    buf_printf(b, "%d.%d", tenths / 10, tenths % 10);
}

/* A JSON string; our texts are ASCII, but quotes, backslashes and control
 * characters are escaped all the same. */
static void json_put_string(buf *b, const char *s)
{
    buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            buf_putc(b, '\\');
            buf_putc(b, (char)c);
        } else if (c < 0x20) {
            buf_printf(b, "\\u%04x", c);
        } else {
            buf_putc(b, (char)c);
        }
    }
    buf_putc(b, '"');
}

static void json_put_cands(buf *b, int n, const sudoku_cand *c, int k)
{
    buf_putc(b, '[');
    for (int i = 0; i < k; i++) {
        buf_printf(b, "%s{\"row\":%d,\"col\":%d,\"digit\":%d}", i ? "," : "", c[i].cell / n,
                   c[i].cell % n, c[i].digit);
    }
    buf_putc(b, ']');
}

void json_step_write(buf *b, const sudoku_puzzle *p, const sudoku_step *st)
{
    int n = p->size;
    char text[SUDOKU_STEP_TEXT_LEN];
    buf_puts(b, "{\"technique\":");
    json_put_string(b, sudoku_technique_str(st->technique));
    buf_puts(b, ",\"score\":");
    json_put_score(b, st->score);
    buf_puts(b, ",\"placements\":");
    json_put_cands(b, n, st->placements, st->nplacements);
    buf_puts(b, ",\"eliminations\":");
    json_put_cands(b, n, st->eliminations, st->neliminations);
    buf_puts(b, ",\"cells\":[");
    for (int i = 0; i < st->ncells; i++)
        buf_printf(b, "%s{\"row\":%d,\"col\":%d}", i ? "," : "", st->cells[i] / n,
                   st->cells[i] % n);
    buf_puts(b, "],\"units\":[");
    for (int i = 0; i < st->nunits; i++) {
        const char *type = st->units[i].kind == SUDOKU_UNIT_BOX && p->has_regions
                               ? "region"
                               : sudoku_unit_kind_str(st->units[i].kind);
        buf_printf(b, "%s{\"type\":\"%s\",\"index\":%d}", i ? "," : "", type, st->units[i].index);
    }
    buf_puts(b, "],\"text\":");
    sudoku_step_text(p, st, text, sizeof(text));
    json_put_string(b, text);
    buf_putc(b, '}');
}

void json_rating_write(buf *b, const sudoku_rating *r)
{
    buf_puts(b, "{\"score\":");
    json_put_score(b, r->score);
    buf_puts(b, ",\"level\":");
    json_put_string(b, sudoku_level_str(sudoku_level_of(r->score, r->needs_search)));
    buf_puts(b, ",\"hardest_technique\":");
    if (r->hardest < SUDOKU_TECHNIQUE_COUNT)
        json_put_string(b, sudoku_technique_str(r->hardest));
    else
        buf_puts(b, "null");
    buf_printf(b, ",\"needs_search\":%s,\"search_nodes\":", r->needs_search ? "true" : "false");
    buf_put_u64(b, r->search_nodes);
    buf_puts(b, ",\"techniques\":{");
    const char *sep = "";
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        if (!r->counts[t]) continue;
        buf_puts(b, sep);
        json_put_string(b, sudoku_technique_str((sudoku_technique)t));
        buf_printf(b, ":%u", r->counts[t]);
        sep = ",";
    }
    buf_printf(b, "},\"steps\":%u}", r->steps);
}

void json_hint_write(buf *b, const sudoku_puzzle *p, const sudoku_hint *h)
{
    int n = p->size;
    switch (h->kind) {
    case SUDOKU_HINT_MISTAKE:
        buf_puts(b, "{\"kind\":\"mistake\",\"cells\":[");
        for (int i = 0; i < h->nmistakes; i++) {
            buf_printf(b, "%s{\"row\":%d,\"col\":%d", i ? "," : "", h->mistakes[i].cell / n,
                       h->mistakes[i].cell % n);
            if (h->mistakes[i].digit) buf_printf(b, ",\"digit\":%d", h->mistakes[i].digit);
            buf_putc(b, '}');
        }
        buf_puts(b, "]}");
        break;
    case SUDOKU_HINT_STEP:
        buf_puts(b, "{\"kind\":\"step\",\"step\":");
        json_step_write(b, p, &h->step);
        buf_putc(b, '}');
        break;
    case SUDOKU_HINT_SOLVED:
        buf_puts(b, "{\"kind\":\"solved\"}");
        break;
    case SUDOKU_HINT_STUCK:
        buf_puts(b, "{\"kind\":\"stuck\"}");
        break;
    }
}
