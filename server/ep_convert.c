/* ep_convert.c -- POST /v1/convert: a puzzle from any format into another.
 *
 * {"puzzle": <text in any format>, "format"?, "entries"?, "candidates"?,
 * "to": F} answers {"text": ...}, or for "to": "json" the state itself
 * ({"puzzle","entries","candidates","metadata"}). The puzzle is read like
 * every other endpoint's (input_read_text, so formats.h's readers), its
 * entries and candidates members, when sent, replace those its text held;
 * the state is then written by fmt_write. A variant (an f-puzzles object
 * with constraints, or a link carrying one) converts to "fpuzzles" only:
 * the object is read with every check of a solve, and answered re-printed
 * (compact JSON) as its text, for the page to draw. Quick and bounded by the body
 * limit, so it is answered on the network thread: no job.
 */
#include <stdlib.h>
#include <string.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/json_read.h"
#include "server/options.h"
#include "writers/json_write.h"

/* The request's state, and what it read it with. */
typedef struct convert {
    fmt_state read; /* the text as read: its metadata */
    fmt_state out;  /* what is written */
    sudoku_puzzle puzzle;
    uint8_t entries[SUDOKU_MAX_CELLS];
    uint64_t marks[SUDOKU_MAX_CELLS];
} convert;

/* Fills c->out from the finished request. Returns 0, or -1 with *pb. */
static int convert_state(convert *c, const input_puzzle *in, api_problem *pb)
{
    int n = in->size;
    size_t cells = (size_t)n * (size_t)n;
    if (n > SUDOKU_MAX_TEXT_SIZE)
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, "/puzzle",
                           "a %dx%d grid is above what the formats hold (%dx%d)", n, n,
                           SUDOKU_MAX_TEXT_SIZE, SUDOKU_MAX_TEXT_SIZE);
    if (in->nregions != 0 || in->diagonal)
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, "/puzzle",
                           "the formats hold classic grids: no regions, no diagonals");
    fmt_state_clear(&c->out);
    c->out.size = n;
    memcpy(c->out.givens, c->puzzle.cells, cells);
    if (in->entries_size != 0) {
        for (size_t i = 0; i < cells; i++)
            c->out.entries[i] = c->out.givens[i] != 0 ? 0 : in->entries[i];
        c->out.has_entries = true;
    }
    if (in->nmarks != 0) {
        for (size_t i = 0; i < cells; i++)
            c->out.marks[i] = c->out.givens[i] != 0 || c->out.entries[i] != 0 ? 0 : in->marks[i];
        c->out.has_marks = true;
    }
    if (in->form == JSON_FORM_STRING) memcpy(c->out.meta, c->read.meta, sizeof(c->out.meta));
    return 0;
}

job *ep_convert_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    api_problem pb;
    input_puzzle in;
    char err[FMT_ERR_LEN];
    convert *c = calloc(1, sizeof(*c));
    if (c == NULL) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return NULL;
    }
    input_init(&in, c->puzzle.cells, c->puzzle.regions, (uint32_t)ctx->cfg->default_timeout_ms);
    in.entries = c->entries;
    in.marks = c->marks;
    in.state = &c->read;
    buf b = BUF_INIT, variant = BUF_INIT;
    in.variant_json = &variant;
    if (json_read_request(req->body, req->body_len, REQUEST_CONVERT,
                          (uint32_t)ctx->cfg->max_timeout_ms, &in, &pb) != 0)
        goto refuse;
    if (variant.len > 0 || variant.oom) {
        buf_puts(&b, "{\"text\":");
        json_put_string(&b, variant.data, variant.len);
        buf_putc(&b, '}');
        b.oom |= variant.oom;
        buf_free(&variant);
        free(c);
        reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
        return NULL;
    }
    if (convert_state(c, &in, &pb) != 0) goto refuse;
    if ((in.given & OPTION_BIT(TO)) == 0) {
        problem_set(&pb, API_PROBLEM_INVALID_REQUEST, "/to",
                    "the required key \"to\" is missing: the format to convert to");
        goto refuse;
    }
    bool as_json = in.to == FMT_JSON;
    if (!as_json) buf_puts(&b, "{\"text\":");
    buf text = BUF_INIT;
    if (fmt_write(in.to, &c->out, as_json ? &b : &text, err) != 0) {
        buf_free(&text);
        problem_set(&pb, API_PROBLEM_UNSUPPORTED_SHAPE, "/to", "%s", err);
        goto refuse;
    }
    if (!as_json) {
        json_put_string(&b, text.data != NULL ? text.data : "", text.len);
        buf_putc(&b, '}');
        b.oom |= text.oom;
        buf_free(&text);
    }
    free(c);
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    return NULL;

refuse:
    buf_free(&b);
    buf_free(&variant);
    free(c);
    if (pb.type == API_PROBLEM_INTERNAL_ERROR) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return NULL;
    }
    metrics_refused(ctx->metrics, pb.type);
    reply_problem(resp, req, &pb, NULL);
    return NULL;
}
