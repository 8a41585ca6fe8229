/* ep_batch.c -- POST /v1/solve/batch: many puzzles, as a JSON body or one per line of text.
 *
 * DESIGN: items are stored compactly, not as 8 KiB sudoku_puzzles: a small
 * header per item plus its N*N cells in one arena (81 bytes for a 9x9).
 * Items that failed to parse carry their problem object, pre-rendered. The
 * items are cut into chunks that shrink toward the end, one job task each;
 * a worker copies an item into its scratch puzzle, solves it and writes the
 * result straight into its task's output buffer, which the job's stream
 * sends from directly, in input order, while later chunks are still being
 * solved:
 *
 *   items[]  [hdr|hdr|hdr|hdr|hdr|hdr|hdr|hdr]      arena [81 cells|81 cells|...]
 *            '-- task 0 --'-- task 1 --'-- task 2 -'   problems ["{index:3,...}"...]
 *                   |            |          |
 *                 out[0]       out[1]     out[2]  --> stream: "[" out0 "," out1 "," out2 "]"
 *
 * A text body whose lines are all plain puzzles (no JSON lines) is not
 * parsed on the network thread at all: the job takes over the request's
 * buffer (api_take_body, no copy), its lines are found and counted, and
 * each worker reads its own lines as it solves them, so the
 * workers start at once and share the parsing. The output guard then counts
 * a line's length for its cells (never fewer); a body that the bound would
 * refuse is read up front, exactly, like any other.
 *
 * Deadlines: an item gets its own timeout_ms from when it starts, capped by
 * the batch's deadline: arrival + max_timeout_ms * ceil(items / workers).
 */
#include <stdlib.h>
#include <string.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/json_batch.h"
#include "server/json_read.h"
#include "server/options.h"
#include "writers/json_write.h"

/* Tasks per worker a batch is cut into: enough to even out hard and easy
 * chunks and to start streaming the answer early (the first chunk is about
 * 1/8 of the work with 2 workers), few enough to leave queue room for other
 * requests. */
#define EP_CHUNKS_PER_WORKER 8

/* A batch may ask for at most this many solution cells per body byte
 * (return_solutions * N*N summed over items), so a small body cannot demand
 * gigabytes of output. */
#define EP_SOLUTION_CELLS_PER_BODY_BYTE 4
/* ...plus this many, so that tiny bodies may still ask for a few grids. */
#define EP_SOLUTION_CELLS_SLACK 4096

/* Bytes of one 9x9 result, to size a chunk's output in one go. */
#define EP_RESULT_ESTIMATE 400

/* Solver outcomes, indexed by sudoku_status. */
#define EP_OUTCOMES (SUDOKU_INVALID + 1)

/* One compact item. */
struct batch_item {
    size_t data;    /* cells offset in the arena, or the problem's offset in `problems` */
    size_t regions; /* regions offset in the arena, or SIZE_MAX for boxes; when `labelled`,
                     * the N labels (uint32_t, unaligned) follow the N*N ids */
    uint32_t len;   /* problem text length (problem items) */
    uint32_t max_solutions;
    uint32_t timeout_ms;
    uint8_t size, box_rows, box_cols, return_solutions;
    uint8_t form;
    bool diagonal;
    bool labelled; /* the layout came as labels */
    bool problem;
    bool line; /* a text line of `text` at data, len bytes, for the worker to read */
};

/* What one task counted, for the summary. */
struct batch_chunk {
    uint64_t runs[EP_OUTCOMES]; /* solver runs by outcome */
    sudoku_stats stats;         /* their counters, summed */
    uint64_t unread;            /* items that never reached the solver (input problems) */
};

typedef struct batch {
    api_context *ctx;
    bool ndjson;
    size_t nitems;
    struct batch_item *items;
    buf arena;
    buf problems;
    buf text;              /* the body, when its lines are read by the workers */
    input_puzzle shared;   /* the options of every line (its buffers are not used) */
    size_t shared_regions; /* arena offset of the shared layout, SIZE_MAX when none */
    const uint8_t *shared_regions_src;
    bool shared_labelled;
    uint64_t solution_cells; /* output guard, see EP_SOLUTION_CELLS_PER_BODY_BYTE */
    uint64_t deadline_ns;
    uint64_t start_ns; /* of the request, for the summary */
    size_t nchunks;
    struct batch_chunk *chunks;
} batch;

static void batch_free(void *state)
{
    batch *b = state;
    if (b == NULL) return;
    free(b->items);
    free(b->chunks);
    buf_free(&b->arena);
    buf_free(&b->problems);
    buf_free(&b->text);
    free(b);
}

/* ---- reading ------------------------------------------------------------------------ */

/* Appends bytes to the arena; returns their offset, or SIZE_MAX when out of memory. */
static size_t batch_arena_put(buf *arena, const uint8_t *data, size_t n)
{
    size_t off = arena->len;
    buf_append(arena, data, n);
    return arena->oom ? SIZE_MAX : off;
}

/* Appends in's region layout (cells ids, then its labels when it has them:
 * as many as it read, since a shared layout has no size yet; input_finish
 * refused every item whose count is not N); returns its offset, or SIZE_MAX
 * when out of memory. */
static size_t batch_arena_put_layout(buf *arena, const input_puzzle *in, size_t cells)
{
    size_t off = batch_arena_put(arena, in->regions, cells);
    const uint32_t *labels = input_region_labels(in);
    if (off == SIZE_MAX || labels == NULL) return off;
    size_t len = in->nlabels * sizeof(*labels);
    return batch_arena_put(arena, (const uint8_t *)labels, len) == SIZE_MAX ? SIZE_MAX : off;
}

static int batch_begin(void *opaque, size_t count, const input_puzzle *shared)
{
    batch *b = opaque;
    b->nitems = 0;
    b->items = calloc(count > 0 ? count : 1, sizeof(*b->items));
    if (b->items == NULL) return -1;
    if (shared->nregions > 0) {
        b->shared_regions = batch_arena_put_layout(&b->arena, shared, shared->nregions);
        b->shared_regions_src = shared->regions;
        b->shared_labelled = input_region_labels(shared) != NULL;
        if (b->shared_regions == SIZE_MAX) return -1;
    }
    return 0;
}

static int batch_add(void *opaque, size_t index, const input_puzzle *in, const api_problem *pb)
{
    batch *b = opaque;
    struct batch_item *it = &b->items[index];

    b->nitems = index + 1;
    if (pb != NULL) {
        size_t off = b->problems.len;
        json_render_problem(&b->problems, pb, NULL, NULL, (long long)index, NULL);
        if (b->problems.oom) return -1;
        metrics_refused(b->ctx->metrics, pb->type);
        it->problem = true;
        it->data = off;
        it->len = (uint32_t)(b->problems.len - off);
        return 0;
    }
    size_t cells = (size_t)in->size * (size_t)in->size;
    it->data = batch_arena_put(&b->arena, in->cells, cells);
    if (it->data == SIZE_MAX) return -1;
    it->regions = SIZE_MAX;
    if (in->nregions > 0) {
        if (in->regions == b->shared_regions_src) {
            it->regions = b->shared_regions;
            it->labelled = b->shared_labelled;
        } else {
            it->regions = batch_arena_put_layout(&b->arena, in, cells);
            if (it->regions == SIZE_MAX) return -1;
            it->labelled = input_region_labels(in) != NULL;
        }
    }
    it->size = (uint8_t)in->size;
    it->box_rows = (uint8_t)in->box_rows;
    it->box_cols = (uint8_t)in->box_cols;
    it->diagonal = in->diagonal;
    it->form = (uint8_t)in->form;
    it->max_solutions = in->max_solutions;
    it->return_solutions = (uint8_t)in->return_solutions;
    it->timeout_ms = in->timeout_ms;
    uint32_t keep =
        in->return_solutions < in->max_solutions ? in->return_solutions : in->max_solutions;
    b->solution_cells += (uint64_t)(keep > 0 ? keep : 1) * cells;
    return 0;
}

/* Reads the shared options of a text batch from the query string. */
static int batch_query_options(api_context *ctx, const api_request *req, input_puzzle *shared,
                               api_problem *pb)
{
    for (size_t i = 0; i < req->nquery; i++)
        if (option_read_param(REQUEST_BATCH, req->query[i].key, req->query[i].value,
                              (uint32_t)ctx->cfg->max_timeout_ms, shared, pb) != 0)
            return -1;
    return 0;
}

/* Next puzzle of a text body: [*start, *end), blanks trimmed, one line or
 * the lines of a grid written a row per line (sudoku_record_next, the CLI's
 * reader too); `#` and blank lines skipped, a UTF-8 byte-order mark before
 * the first skipped. Start with *pos 0. Returns false at the end. */
static bool batch_next_record(const char *body, size_t len, size_t *pos, size_t *start, size_t *end)
{
    sudoku_record rec;
    if (*pos == 0) *pos = sudoku_bom_len(body, len);
    if (!sudoku_record_next(body, len, *pos, 0, true, &rec)) return false;
    *start = rec.start;
    *end = rec.end;
    *pos = rec.next;
    return true;
}

static int batch_read_text(api_context *ctx, const api_request *req, batch *b, input_puzzle *shared,
                           input_puzzle *item, api_problem *pb)
{
    size_t pos = 0, start, end, count = 0;

    while (batch_next_record(req->body, req->body_len, &pos, &start, &end)) count++;
    if (count > ctx->cfg->max_batch_items)
        return problem_set(pb, API_PROBLEM_BATCH_TOO_LARGE, NULL,
                           "%zu puzzles in one batch; the limit is %llu", count,
                           (unsigned long long)ctx->cfg->max_batch_items);
    if (batch_begin(b, count, shared) != 0)
        return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");

    uint8_t *cells = item->cells, *regions_buf = item->regions_buf;
    size_t index = 0;
    pos = 0;
    while (batch_next_record(req->body, req->body_len, &pos, &start, &end)) {
        const char *line = req->body + start;
        size_t n = end - start;
        api_problem item_pb;
        int rc;
        *item = *shared;
        item->cells = cells;
        item->regions_buf = regions_buf;
        if (line[0] == '{' || line[0] == '"') {
            rc = json_read_line(line, n, (uint32_t)ctx->cfg->max_timeout_ms, item, &item_pb);
        } else {
            rc = input_read_text(item, line, n, "", &item_pb);
            if (rc == 0) rc = input_finish(item, "", "", &item_pb);
        }
        if (rc != 0 && item_pb.type == API_PROBLEM_INTERNAL_ERROR)
            return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
        if (batch_add(b, index, rc == 0 ? item : NULL, rc == 0 ? NULL : &item_pb) != 0)
            return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
        index++;
    }
    return 0;
}

/* The puzzles of a plain text body, for the workers to read: true when it
 * was taken that way; false (nothing done) when a line is JSON or the
 * output guard's bound on record lengths would refuse the body, which is
 * then read up front. One walk over the body, which also stores the items:
 * it runs on the network thread before any worker starts. */
static bool batch_defer_text(const api_request *req, batch *b, const input_puzzle *shared,
                             uint64_t max_cells, api_problem *pb, int *rc)
{
    size_t pos = 0, start, end, count = 0, cap = 0;
    uint64_t cells = 0;
    uint32_t keep = shared->return_solutions < shared->max_solutions ? shared->return_solutions
                                                                     : shared->max_solutions;
    size_t max_items = (size_t)b->ctx->cfg->max_batch_items;
    struct batch_item *items = NULL;
    bool oom = false;
    while (batch_next_record(req->body, req->body_len, &pos, &start, &end)) {
        if (req->body[start] == '{' || req->body[start] == '"') {
            free(items);
            return false;
        }
        cells += (uint64_t)(keep > 0 ? keep : 1) * (end - start);
        /* past the item limit the count alone matters */
        if (count < max_items && count == cap && !oom) {
            size_t ncap = cap > 0 ? 2 * cap : 1024;
            if (ncap > max_items) ncap = max_items;
            struct batch_item *grown = realloc(items, ncap * sizeof(*items));
            if (grown != NULL) {
                items = grown;
                cap = ncap;
            } else {
                oom = true;
            }
        }
        if (count < cap)
            items[count] =
                (struct batch_item){.line = true, .data = start, .len = (uint32_t)(end - start)};
        count++;
    }
    if (cells > max_cells) {
        free(items);
        return false;
    }
    if (count > max_items) {
        free(items);
        *rc = problem_set(pb, API_PROBLEM_BATCH_TOO_LARGE, NULL,
                          "%zu puzzles in one batch; the limit is %llu", count,
                          (unsigned long long)max_items);
        return true;
    }
    b->items = items != NULL ? items : calloc(1, sizeof(*b->items));
    if (oom || b->items == NULL || api_take_body(req, &b->text) != 0) {
        *rc = problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
        return true;
    }
    b->nitems = count;
    b->shared = *shared;
    b->shared.cells = NULL;
    b->shared.regions_buf = NULL;
    *rc = 0;
    return true;
}

/* Reads the whole body into b. Returns 0, or -1 with *pb. */
static int batch_read(api_context *ctx, const api_request *req, batch *b, api_problem *pb)
{
    uint8_t *scratch = malloc(4 * (size_t)SUDOKU_MAX_CELLS);
    if (scratch == NULL) return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory");
    input_puzzle shared, item;
    uint32_t def_timeout = (uint32_t)ctx->cfg->default_timeout_ms;
    input_init(&shared, scratch, scratch + SUDOKU_MAX_CELLS, def_timeout);
    input_init(&item, scratch + 2 * SUDOKU_MAX_CELLS, scratch + 3 * SUDOKU_MAX_CELLS, def_timeout);
    uint64_t max_cells =
        (uint64_t)req->body_len * EP_SOLUTION_CELLS_PER_BODY_BYTE + EP_SOLUTION_CELLS_SLACK;
    int rc = 0;
    bool deferred = false;
    if (b->ndjson) {
        rc = batch_query_options(ctx, req, &shared, pb);
        if (rc == 0) deferred = batch_defer_text(req, b, &shared, max_cells, pb, &rc);
    }
    if (rc == 0 && !deferred) {
        /* every cell takes at least a byte of the body: the arena never grows */
        buf_reserve(&b->arena, req->body_len);
        if (b->ndjson) {
            rc = batch_read_text(ctx, req, b, &shared, &item, pb);
        } else {
            json_batch_sink sink = {b, batch_begin, batch_add};
            rc = json_read_batch(req->body, req->body_len, (uint32_t)ctx->cfg->max_timeout_ms,
                                 (size_t)ctx->cfg->max_batch_items, &shared, &item, &sink, pb);
        }
    }
    free(scratch);
    if (rc == 0 && b->solution_cells > max_cells)
        rc = problem_set(pb, API_PROBLEM_BATCH_TOO_LARGE, NULL,
                         "the batch asks for %llu solution cells; at most %llu for a body "
                         "of this size (lower return_solutions)",
                         (unsigned long long)b->solution_cells, (unsigned long long)max_cells);
    return rc;
}

job *ep_batch_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    api_problem pb;
    batch *b = calloc(1, sizeof(*b));
    if (b == NULL) goto oom;
    b->ctx = ctx;
    b->ndjson = req->media != MEDIA_JSON;
    b->shared_regions = SIZE_MAX;
    b->start_ns = req->start_ns;
    if (batch_read(ctx, req, b, &pb) != 0) {
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        reply_problem(resp, req, &pb, NULL);
        batch_free(b);
        return NULL;
    }

    size_t workers = (size_t)ctx->cfg->workers;
    size_t max_tasks = workers * EP_CHUNKS_PER_WORKER;
    if (max_tasks > ctx->cfg->queue_depth) max_tasks = (size_t)ctx->cfg->queue_depth;
    /* an empty batch is one empty task, so its answer takes the same path */
    b->nchunks = b->nitems < max_tasks ? (b->nitems > 0 ? b->nitems : 1) : max_tasks;
    b->chunks = calloc(b->nchunks, sizeof(*b->chunks));
    if (b->chunks == NULL) goto oom;
    uint64_t rounds = (b->nitems + workers - 1) / workers;
    b->deadline_ns = option_deadline_ns(req->start_ns, rounds * ctx->cfg->max_timeout_ms);
    job *j = api_job_new(req, b->nchunks, b, batch_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;

oom:
    batch_free(b);
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return NULL;
}

/* ---- solving ------------------------------------------------------------------------ */

static void batch_run_item(batch *b, struct batch_chunk *c, buf *out, worker *w, size_t i)
{
    const struct batch_item *it = &b->items[i];

    if (it->problem) {
        buf_append(out, b->problems.data + it->data, it->len);
        c->unread++;
        return;
    }
    sudoku_puzzle *p = &w->puzzle;
    const input_puzzle *opt = &b->shared;
    api_problem pb;
    if (it->line) {
        /* read here, straight into the worker's puzzle */
        input_puzzle in = b->shared;
        in.cells = p->cells;
        in.regions_buf = p->regions;
        if (input_read_text(&in, b->text.data + it->data, it->len, "", &pb) != 0 ||
            input_finish(&in, "", "", &pb) != 0) {
            metrics_refused(b->ctx->metrics, pb.type);
            json_render_problem(out, &pb, NULL, NULL, (long long)i, NULL);
            c->unread++;
            return;
        }
        p->size = in.size;
        p->box_rows = in.box_rows;
        p->box_cols = in.box_cols;
        p->diagonal = false;
        p->has_regions = false;
    } else {
        size_t cells = (size_t)it->size * it->size;
        p->size = it->size;
        p->box_rows = it->box_rows;
        p->box_cols = it->box_cols;
        p->diagonal = it->diagonal;
        p->has_regions = it->regions != SIZE_MAX;
        memcpy(p->cells, b->arena.data + it->data, cells);
        if (p->has_regions) memcpy(p->regions, b->arena.data + it->regions, cells);
    }
    uint32_t timeout_ms = it->line ? opt->timeout_ms : it->timeout_ms;
    uint32_t max_solutions = it->line ? opt->max_solutions : it->max_solutions;
    uint32_t return_solutions = it->line ? opt->return_solutions : it->return_solutions;
    json_form form = it->line ? JSON_FORM_STRING : (json_form)it->form;

    uint64_t deadline = option_deadline_ns(sudoku_now_ns(), timeout_ms);
    if (deadline > b->deadline_ns) deadline = b->deadline_ns;
    sudoku_limits limits = api_limits(b->ctx, max_solutions, deadline);
    sudoku_result r = {0};
    r.solutions = w->solutions;
    r.solutions_capacity = return_solutions < max_solutions ? return_solutions : max_solutions;
    sudoku_solve(w->solver, p, &limits, &r);
    if ((unsigned)r.status < EP_OUTCOMES) c->runs[r.status]++;
    c->stats.nodes += r.stats.nodes;
#define X(field, technique, description) c->stats.field += r.stats.field;
    SUDOKU_SEARCH_COUNTERS(X)
#undef X

    switch (r.status) {
    case SUDOKU_CONFLICT: {
        size_t n = sudoku_conflicts(p, NULL, 0);
        sudoku_conflict *conflicts = malloc(n * sizeof(*conflicts));
        if (conflicts != NULL) sudoku_conflicts(p, conflicts, n);
        problem_set(&pb, API_PROBLEM_CONFLICTING_GIVENS, NULL, "%zu rule%s broken by the givens", n,
                    n == 1 ? " is" : "s are");
        uint32_t labels[SUDOKU_MAX_SIZE];
        if (it->labelled)
            memcpy(labels, b->arena.data + it->regions + (size_t)p->size * (size_t)p->size,
                   (size_t)p->size * sizeof(labels[0]));
        json_render_problem(out, &pb, NULL, NULL, (long long)i,
                            &(json_conflicts){conflicts, conflicts != NULL ? n : 0, p,
                                              it->labelled ? labels : NULL});
        free(conflicts);
        return;
    }
    case SUDOKU_INVALID: {
        char err[SUDOKU_ERR_LEN] = "the solver does not accept this puzzle";
        sudoku_puzzle_check(p, err);
        problem_set(&pb, API_PROBLEM_INVALID_PUZZLE, NULL, "%s", err);
        json_render_problem(out, &pb, NULL, NULL, (long long)i, NULL);
        return;
    }
    case SUDOKU_SOLVED:
    case SUDOKU_MULTIPLE:
    case SUDOKU_NO_SOLUTION:
    case SUDOKU_LIMIT:
        break;
    }
    json_result jr = {
        .index = (long long)i,
        .form = form,
        .shape = p,
        .res = &r,
        .full_timing = false,
        .solve_us = r.stats.elapsed_ns / 1000,
    };
    json_render_result(out, &jr);
}

/* The first item of a task. Chunks shrink toward the end (each gets one item,
 * the rest are shared out along 1 - (1 - t/C)^2), so the last ones are small:
 * a worker that finds the queue empty waits for the others' last chunks only
 * briefly, where equal chunks left one core idle for up to a chunk's time. */
static size_t batch_chunk_first(const batch *b, size_t task)
{
    if (b->nitems < b->nchunks) return 0; /* the empty batch: one task, no item */
    uint64_t c = b->nchunks, left = c - task, extra = b->nitems - c;
    return task + (size_t)(extra * (c * c - left * left) / (c * c));
}

void ep_batch_run(job *j, size_t task, worker *w)
{
    batch *b = job_state(j);
    struct batch_chunk *c = &b->chunks[task];
    buf *out = job_task_out(j, task);
    size_t first = batch_chunk_first(b, task);
    size_t last = batch_chunk_first(b, task + 1);

    /* one allocation for a chunk of 9x9 results; larger ones grow it */
    buf_reserve(out, (last - first) * EP_RESULT_ESTIMATE);
    for (size_t i = first; i < last; i++) {
        batch_run_item(b, c, out, w, i);
        if (b->ndjson)
            buf_putc(out, '\n');
        else if (i + 1 < last)
            buf_putc(out, ',');
    }
    metrics_solve_many(b->ctx->metrics, c->runs, &c->stats);
}

/* ---- the answer --------------------------------------------------------------------- */

/* The JSON summary after the last result; every task is done when this runs. */
static void batch_summary(job *j, buf *out)
{
    const batch *b = job_state(j);
    uint64_t runs[EP_OUTCOMES] = {0}, unread = 0;
    for (size_t i = 0; i < b->nchunks; i++) {
        for (size_t k = 0; k < EP_OUTCOMES; k++) runs[k] += b->chunks[i].runs[k];
        unread += b->chunks[i].unread;
    }
    buf_printf(out,
               "],\"summary\":{\"count\":%zu,\"solved\":%llu,\"multiple\":%llu,"
               "\"no_solution\":%llu,\"limit\":%llu,\"errors\":%llu,\"time_us\":%llu}}",
               b->nitems, (unsigned long long)runs[SUDOKU_SOLVED],
               (unsigned long long)runs[SUDOKU_MULTIPLE],
               (unsigned long long)runs[SUDOKU_NO_SOLUTION], (unsigned long long)runs[SUDOKU_LIMIT],
               (unsigned long long)(unread + runs[SUDOKU_CONFLICT] + runs[SUDOKU_INVALID]),
               (unsigned long long)reply_us(b->start_ns, sudoku_now_ns()));
}

void ep_batch_render(job *j, const api_request *req, api_response *resp)
{
    const batch *b = job_state(j);
    /* NDJSON lines end in their own newline; JSON chunks are joined by commas */
    resp->stream = b->ndjson ? job_stream_new(j, "", '\0', NULL)
                             : job_stream_new(j, "{\"results\":[", ',', batch_summary);
    if (resp->stream == NULL) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return;
    }
    resp->status = API_HTTP_OK;
    resp->content_type = b->ndjson ? CT_NDJSON : CT_JSON;
    /* the headers leave before the last chunk is solved: the time to read
     * the body and to the first answers are all they can tell */
    uint64_t submitted = job_submit_ns(j);
    static const char *const names[] = {"parse", "total"};
    reply_timing(resp, names,
                 (uint64_t[]){submitted != 0 ? reply_us(req->start_ns, submitted) : 0,
                              reply_us(req->start_ns, sudoku_now_ns())},
                 2);
}
