/* ep_scan.c -- POST /v1/scan: a photo of a puzzle in, its reading out (libscan, scan/scan.h).
 *
 * The body is the image itself (the route's media types say which), so the
 * request's options come as query parameters through the option table
 * (options.h: timeout_ms). A photo takes tens of milliseconds to read, far
 * more than a solve, so a scan is always one task on a worker: scans queue
 * behind other work and are refused with 503 when the queue is full, like
 * any job. The body is moved into the job, never copied, and freed by the
 * worker as soon as it is read.
 *
 * A reading cannot be interrupted once begun (libscan takes no deadline);
 * its time and memory are bounded by --max-image-pixels (at most libscan's
 * 50 megapixels), checked in the header before decoding: a PNG or WebP is
 * decoded whole, some 6 bytes a pixel, so a server with many workers may
 * want it lower. So timeout_ms bounds the wait for a worker: a
 * scan whose deadline passed in the queue (or that a drain cancelled)
 * answers 200 "status":"limit" like a solve, and one that started in time
 * is answered whole.
 *
 * Answers: 200 with the reading (writers/json_scan.h, the object `sudoku
 * scan --json` prints, with queue and total added to its timing_us); a photo
 * that is no reading is a problem: 400 bad-image (empty, not an image,
 * damaged), 415 (an image type other than the three), 422 too-many-pixels,
 * 422 no-grid, each with libscan's sentence as the detail. Too many pixels
 * is 422, not 413: the body was within its byte limit, and a 413 would tell
 * the client to send fewer bytes, while a 60-megapixel PNG of a blank page
 * can be smaller than a phone's 12-megapixel JPEG that reads fine.
 */
#include <stdlib.h>

#include "scan/scan.h"
#include "server/endpoint.h"
#include "server/input.h"
#include "server/options.h"
#include "writers/json_scan.h"
#include "writers/json_write.h"

typedef struct scan_job {
    api_context *ctx;
    buf photo; /* the request's body; freed by the worker once read */
    uint64_t deadline_ns;
    uint64_t start_ns; /* when a worker took it */
    bool late;         /* not read: the deadline passed, or a drain cancelled it */
    scan_result result;
} scan_job;

static void scan_job_free(void *state)
{
    scan_job *s = state;
    if (s == NULL) return;
    buf_free(&s->photo);
    free(s);
}

job *ep_scan_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    input_puzzle in;
    api_problem pb;
    input_init(&in, NULL, NULL, (uint32_t)ctx->cfg->default_timeout_ms);
    for (size_t i = 0; i < req->nquery; i++) {
        if (option_read_param(REQUEST_SCAN, req->query[i].key, req->query[i].value,
                              (uint32_t)ctx->cfg->max_timeout_ms, &in, &pb) != 0) {
            reply_problem(resp, req, &pb, NULL);
            return NULL;
        }
    }
    if (req->body_len == 0) {
        reply_error(resp, req, API_PROBLEM_BAD_IMAGE,
                    "the body is empty: send the photo's bytes, e.g. curl --data-binary "
                    "@photo.jpg -H 'Content-Type: image/jpeg'");
        return NULL;
    }
    scan_job *s = calloc(1, sizeof(*s));
    if (s == NULL || api_take_body(req, &s->photo) != 0) {
        scan_job_free(s);
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return NULL;
    }
    s->ctx = ctx;
    s->deadline_ns = option_deadline_ns(req->start_ns, in.timeout_ms);
    job *j = api_job_new(req, 1, s, scan_job_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;
}

void ep_scan_run(job *j, size_t task, worker *w)
{
    scan_job *s = job_state(j);
    (void)task;
    (void)w; /* libscan keeps its working memory on its own */
    s->start_ns = sudoku_now_ns();
    s->late = s->start_ns >= s->deadline_ns ||
              atomic_load_explicit(&s->ctx->cancel, memory_order_relaxed) != 0;
    scan_options opts = {.max_pixels = (size_t)s->ctx->cfg->max_image_pixels};
    if (!s->late) scan_read(s->photo.data, s->photo.len, &opts, &s->result);
    buf_free(&s->photo);
}

/* The problem of a photo that gave no reading. */
static void scan_refuse(const scan_job *s, const api_request *req, api_response *resp)
{
    const scan_result *r = &s->result;
    switch (r->status) {
    case SCAN_EMPTY:
    case SCAN_NOT_IMAGE:
    case SCAN_BAD_IMAGE:
        reply_error(resp, req, API_PROBLEM_BAD_IMAGE, "%s", r->reason);
        return;
    case SCAN_UNSUPPORTED:
        reply_error(resp, req, API_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
                    "%s (the bytes are of another type, whatever the Content-Type says)",
                    r->reason);
        return;
    case SCAN_TOO_LARGE:
        reply_error(resp, req, API_PROBLEM_TOO_MANY_PIXELS,
                    "%s: its header claims more than the %llu this server decodes "
                    "(--max-image-pixels), so it was not decoded; send a smaller photo (a few "
                    "megapixels read best)",
                    r->reason, (unsigned long long)s->ctx->cfg->max_image_pixels);
        return;
    case SCAN_NO_GRID:
        reply_error(resp, req, API_PROBLEM_NO_GRID, "%s", r->reason);
        return;
    case SCAN_OK:
    case SCAN_NO_SOLUTION:
    case SCAN_MULTIPLE:
    case SCAN_CONFLICT:
    case SCAN_NO_MEMORY:
        break;
    }
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "%s", r->reason);
}

void ep_scan_render(job *j, const api_request *req, api_response *resp)
{
    const scan_job *s = job_state(j);
    const scan_result *r = &s->result;
    if (!s->late && !SCAN_IS_READING(r->status)) {
        scan_refuse(s, req, resp);
        return;
    }
    uint64_t submitted = job_submit_ns(j);
    uint64_t queue_us = submitted != 0 ? reply_us(submitted, s->start_ns) : 0;
    uint64_t total_us = reply_us(req->start_ns, sudoku_now_ns());
    static const char *const late_names[] = {"queue", "total"};
    static const char *const read_names[] = {"queue", "decode", "detect", "recognise", "total"};
    const uint64_t late_us[] = {queue_us, total_us};
    const uint64_t read_us[] = {queue_us, r->timing_us.decode, r->timing_us.detect,
                                r->timing_us.recognise, total_us};
    const char *const *names = s->late ? late_names : read_names;
    const uint64_t *us = s->late ? late_us : read_us;
    size_t n = s->late ? 2 : 5;
    buf b = BUF_INIT;
    if (s->late)
        json_render_limit_open(&b, s->deadline_ns <= s->start_ns ? SUDOKU_LIMIT_DEADLINE
                                                                 : SUDOKU_LIMIT_CANCEL);
    else
        json_render_scan_open(&b, r);
    buf_putc(&b, ',');
    json_render_timing(&b, names, us, n);
    buf_putc(&b, '}');
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    reply_timing(resp, names, us, n);
}
