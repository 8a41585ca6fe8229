/* ep_generate.c -- POST and GET /v1/generate: seeded puzzles with exactly one solution.
 *
 * A request for `count` puzzles is a job of `count` tasks, puzzle k made by
 * sudoku_generate with seed + k, so that any one of them can be made again
 * alone, and the answer streams out in order as they are done, like a
 * batch. A difficulty (a level, or a score range) is met by rating each
 * candidate with the step engine (sudoku_score_by_rating, which stops as
 * soon as a step passes the range); every puzzle answered is then rated in
 * full, so its `score` and `level` are what /v1/rate says of it. The request's
 * timeout_ms bounds the whole job: a puzzle that could not meet its target
 * in time is answered as the closest one found, with "status":"limit".
 *
 * Without a seed the server draws one and says which, so any answer can be
 * made again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/json_read.h"
#include "server/json_write.h"

/* Candidate puzzles a task tries for a difficulty before it settles for
 * the closest (the deadline usually ends the search first). */
#define EP_GENERATE_ATTEMPTS 100000

typedef struct gen {
    api_context *ctx;
    sudoku_puzzle shape;
    sudoku_generate_opts opts;
    bool has_target;
    uint64_t seed;
    uint64_t start_ns;
    bool *limited; /* per task: the puzzle missed its target */
} gen;

static void gen_free(void *state)
{
    gen *g = state;
    if (g == NULL) return;
    free(g->limited);
    free(g);
}

job *ep_generate_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    input_generate in;
    api_problem pb;
    gen *g = calloc(1, sizeof(*g));
    if (g == NULL) goto oom;
    g->ctx = ctx;
    input_generate_init(&in, g->shape.cells, g->shape.regions,
                        (uint32_t)ctx->cfg->default_timeout_ms);
    uint32_t max_timeout = (uint32_t)ctx->cfg->max_timeout_ms;
    int rc = 0;
    if (strcmp(req->method, "POST") == 0) {
        rc = json_read_generate(req->body, req->body_len, max_timeout, &in, &pb);
    } else {
        for (size_t i = 0; i < req->nquery && rc == 0; i++)
            rc = input_generate_param(&in, req->query[i].key, req->query[i].value, max_timeout,
                                      &pb);
        if (rc == 0) rc = input_generate_finish(&in, &pb);
    }
    if (rc != 0) {
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        reply_problem(resp, req, &pb, NULL, 0, NULL);
        gen_free(g);
        return NULL;
    }
    input_to_puzzle(&in.shape, &g->shape);
    g->opts.symmetry = in.symmetry;
    g->opts.minimal = in.minimal;
    g->has_target = in.score_max > 0;
    if (g->has_target) {
        g->opts.score = sudoku_score_by_rating;
        g->opts.score_min = in.score_min;
        g->opts.score_max = in.score_max;
        g->opts.max_attempts = EP_GENERATE_ATTEMPTS;
    }
    g->opts.deadline_ns = req->start_ns + (uint64_t)in.shape.timeout_ms * 1000000u;
    g->opts.cancel = &ctx->cancel;
    g->seed = in.seed;
    if (!in.has_seed && getrandom(&g->seed, sizeof(g->seed), 0) != (ssize_t)sizeof(g->seed))
        g->seed = sudoku_now_ns();
    g->seed &= INPUT_MAX_SEED;
    g->start_ns = req->start_ns;
    g->limited = calloc(in.count, sizeof(*g->limited));
    if (g->limited == NULL) goto oom;
    job *j = api_job_new(req, in.count, g, gen_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;

oom:
    gen_free(g);
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return NULL;
}

void ep_generate_run(job *j, size_t task, worker *w)
{
    gen *g = job_state(j);
    buf *out = job_task_out(j, task);
    uint64_t seed = (g->seed + task) & INPUT_MAX_SEED;
    sudoku_generate_opts opts = g->opts;
    sudoku_limits limits = api_limits(g->ctx, 1, opts.deadline_ns);
    sudoku_rating_scorer scorer = {w->logic, w->solver, &limits};
    sudoku_generated res;
    sudoku_puzzle *p = &w->puzzle;

    opts.score_arg = &scorer;
    sudoku_generate(w->solver, &g->shape, seed, &opts, p, w->solutions, &res);
    g->limited[task] = res.status != SUDOKU_SOLVED;
    buf_printf(out, "{\"seed\":%llu,\"status\":\"%s\"", (unsigned long long)seed,
               res.status == SUDOKU_SOLVED ? "ok" : "limit");
    if (res.status == SUDOKU_LIMIT)
        buf_printf(out, ",\"limit_reason\":\"%s\"", sudoku_limit_reason_str(res.limit_reason));
    if (res.givens == 0) {
        buf_puts(out, ",\"puzzle\":null}");
        return;
    }
    input_form form = p->size <= SUDOKU_MAX_TEXT_SIZE ? INPUT_FORM_STRING : INPUT_FORM_FLAT;
    buf_puts(out, ",\"puzzle\":");
    json_render_grid(out, form, p->size, p->cells);
    buf_puts(out, ",\"solution\":");
    json_render_grid(out, form, p->size, w->solutions);
    buf_printf(out, ",\"givens\":%d,", res.givens);
    /* the full rating: the level /v1/rate gives this puzzle */
    sudoku_rating r;
    if (sudoku_rate(w->logic, w->solver, p, &limits, &r) == SUDOKU_LOGIC_LIMIT) {
        buf_puts(out, "\"score\":null,\"level\":null}");
        return;
    }
    json_render_rating(out, &r, false);
    buf_putc(out, '}');
}

/* After the last puzzle: whether every one met its target, and the time. */
static void gen_tail(job *j, buf *out)
{
    const gen *g = job_state(j);
    bool limited = false;
    for (size_t k = 0; k < job_ntasks(j); k++) limited |= g->limited[k];
    buf_printf(out, "],\"status\":\"%s\",\"timing_us\":{\"total\":%llu}}", limited ? "limit" : "ok",
               (unsigned long long)reply_us(g->start_ns, sudoku_now_ns()));
}

void ep_generate_render(job *j, const api_request *req, api_response *resp)
{
    resp->stream = job_stream_new(j, "{\"puzzles\":[", ',', gen_tail);
    if (resp->stream == NULL) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return;
    }
    resp->status = API_HTTP_OK;
    resp->content_type = CT_JSON;
}
