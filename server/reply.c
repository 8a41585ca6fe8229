/* reply.c -- building api_response values: bodies, problems, headers, Server-Timing. */
#include "server/reply.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "writers/json_write.h"

static const char reply_internal_error_body[] =
    "{\"type\":\"" API_PROBLEM_URN "internal-error\",\"title\":\"Internal error\",\"status\":500,"
    "\"detail\":\"out of memory\"}";

void reply_header(api_response *resp, const char *name, const char *value)
{
    if (resp->nheaders < API_MAX_HEADERS)
        resp->headers[resp->nheaders++] = (api_header){name, value};
}

void reply_header_text(api_response *resp, const char *name, const char *fmt, ...)
{
    for (size_t i = 0; i < API_MAX_TEXT_HEADERS; i++) {
        api_text_header *h = &resp->text_headers[i];
        if (h->name != NULL) continue;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(h->value, sizeof(h->value), fmt, ap);
        va_end(ap);
        h->name = name;
        return;
    }
}

void reply_static(api_response *resp, int status, const char *content_type, const char *body,
                  size_t len)
{
    resp->status = status;
    resp->content_type = content_type;
    resp->body = body;
    resp->body_len = len;
}

void reply_buf(api_response *resp, int status, const char *content_type, buf *b)
{
    size_t len;
    char *data = buf_take(b, &len);
    if (data == NULL) {
        reply_static(resp, API_HTTP_INTERNAL_SERVER_ERROR, CT_PROBLEM, reply_internal_error_body,
                     sizeof(reply_internal_error_body) - 1);
        return;
    }
    reply_static(resp, status, content_type, data, len);
    resp->owned = data;
}

void reply_problem(api_response *resp, const api_request *req, const api_problem *pb,
                   const json_conflicts *c)
{
    buf b = BUF_INIT;
    json_render_problem(&b, pb, req->path, req->request_id, -1, c);
    reply_buf(resp, problem_status(pb->type), CT_PROBLEM, &b);
    if (pb->type == API_PROBLEM_QUEUE_FULL || pb->type == API_PROBLEM_DRAINING)
        reply_header(resp, "Retry-After", "1");
    if (pb->type == API_PROBLEM_METHOD_NOT_ALLOWED) reply_header(resp, "Allow", req->match.allow);
}

void reply_error(api_response *resp, const api_request *req, api_problem_type type, const char *fmt,
                 ...)
{
    api_problem pb;
    char detail[API_DETAIL_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    problem_set(&pb, type, NULL, "%s", detail);
    reply_problem(resp, req, &pb, NULL);
}

uint64_t reply_us(uint64_t from_ns, uint64_t to_ns)
{
    return to_ns > from_ns ? (to_ns - from_ns) / 1000 : 0;
}

/* Milliseconds with three decimals, written by hand: this runs on every
 * request, where printf showed in profiles. */
void reply_timing(api_response *resp, const char *const *names, const uint64_t *us, size_t n)
{
    char *o = resp->server_timing;
    /* a name, ";dur=", 20 digits, ".", 3 digits, ", " and the NUL */
    char *end = resp->server_timing + sizeof(resp->server_timing);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        if ((size_t)(end - o) < len + 32) break;
        if (i > 0) *o++ = ',', *o++ = ' ';
        memcpy(o, names[i], len);
        o += len;
        memcpy(o, ";dur=", 5);
        o = buf_write_u64(o + 5, us[i] / 1000);
        *o++ = '.';
        unsigned frac = (unsigned)(us[i] % 1000);
        *o++ = (char)('0' + frac / 100);
        *o++ = (char)('0' + frac / 10 % 10);
        *o++ = (char)('0' + frac % 10);
    }
    *o = '\0';
}

bool reply_if_conflicting(api_response *resp, const api_request *req, const sudoku_puzzle *p,
                          const uint32_t *labels, bool box_assumed)
{
    size_t n = sudoku_conflicts(p, NULL, 0);
    if (n == 0) return false;
    sudoku_conflict *conflicts = malloc(n * sizeof(*conflicts));
    if (conflicts == NULL) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return true;
    }
    sudoku_conflicts(p, conflicts, n);
    char assumed[96] = "";
    if (box_assumed && !p->has_regions && p->box_rows != p->box_cols)
        snprintf(assumed, sizeof(assumed),
                 " (boxes of %dx%d assumed: set \"box\" for another shape)", p->box_rows,
                 p->box_cols);
    api_problem pb;
    problem_set(&pb, API_PROBLEM_CONFLICTING_GIVENS, NULL, "%zu rule%s broken by the givens%s", n,
                n == 1 ? " is" : "s are", assumed);
    reply_problem(resp, req, &pb, &(json_conflicts){conflicts, n, p, labels});
    free(conflicts);
    return true;
}
