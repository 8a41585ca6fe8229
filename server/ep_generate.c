/* ep_generate.c -- POST and GET /v1/generate: seeded puzzles with exactly one solution.
 *
 * A request for `count` puzzles is a job of `count` tasks, puzzle k made by
 * sudoku_generate with seed + k, so that any one of them can be made again
 * alone, and the answer streams out in order as they are done, like a
 * batch. Like a batch, the job never asks for more queue entries than the
 * queue has (--queue-depth): with fewer entries than puzzles, each task
 * makes a run of consecutive puzzles, so an idle server always admits it. A difficulty (a level, or
 * a score range) is met by rating each candidate with the step engine (sudoku_score_by_rating,
 * which stops as soon as a step passes the range); every puzzle answered is then rated in full, so
 * its `score` and `level` are what /v1/rate says of it. The request's timeout_ms bounds the whole
 * job: a puzzle that could not meet its target in time is answered as the closest one found, with
 * "status":"limit".
 *
 * technique=T asks instead for puzzles whose hardest step is T
 * (sudoku_generate_technique), each saying what its search tried; with
 * start=technique they carry the state before T's first step as entries and
 * candidates, the form /v1/hint takes.
 *
 * Without a seed the server draws one and says which, so any answer can be
 * made again. Such a request for one 9x9 at a level with the default
 * options is answered from the reserve (reserve.h) when it holds one: idle
 * workers keep a few per level ready, so a page's "New puzzle" is instant
 * even at the hardest level.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/json_read.h"
#include "server/options.h"
#include "server/reserve.h"
#include "writers/json_write.h"

/* Candidate puzzles a task tries for a difficulty before it settles for
 * the closest (the deadline usually ends the search first). */
#define EP_GENERATE_ATTEMPTS 100000

/* How long one piece of idle work may make a reserve puzzle for: a task
 * queued meanwhile waits at most this long for that worker (the others
 * are free). */
#define EP_REFILL_MS 100

typedef struct gen {
    api_context *ctx;
    sudoku_puzzle shape;
    sudoku_generate_opts opts;
    bool practice;              /* technique=: sudoku_generate_technique, not opts */
    sudoku_technique technique; /* the hardest step wanted */
    bool start;                 /* start=technique: answer the state before its first step */
    uint64_t seed;
    uint64_t start_ns;
    size_t count;  /* puzzles; task t makes [gen_first(t), gen_first(t + 1)) */
    size_t ntasks; /* at most count and the queue's depth */
    bool *limited; /* per task: a puzzle missed its target */
} gen;

static void gen_free(void *state)
{
    gen *g = state;
    if (g == NULL) return;
    free(g->limited);
    free(g);
}

/* Makes the puzzle of `seed`, rates it in full (the level /v1/rate gives
 * it) and writes its JSON object to out. Returns SUDOKU_SOLVED, or
 * SUDOKU_LIMIT when the target was missed or the budget ran out before the
 * rating ended (the object then says "limit", and its score is null). */
static sudoku_status gen_make(buf *out, worker *w, const sudoku_puzzle *shape, uint64_t seed,
                              const sudoku_generate_opts *base, const sudoku_limits *limits)
{
    sudoku_generate_opts opts = *base;
    sudoku_rating_scorer scorer = {w->logic, w->solver, limits};
    sudoku_generated res;
    sudoku_rating r;
    sudoku_puzzle *p = &w->puzzle;

    opts.score_arg = &scorer;
    opts.deadline_ns = limits->deadline_ns;
    opts.cancel = limits->cancel;
    sudoku_generate(w->solver, shape, seed, &opts, p, w->solutions, &res);
    bool rated =
        res.givens > 0 && sudoku_rate(w->logic, w->solver, p, limits, &r) != SUDOKU_LOGIC_LIMIT;
    sudoku_status status = res.status;
    sudoku_limit_reason reason = res.limit_reason;
    if (status == SUDOKU_SOLVED && !rated) {
        /* the puzzle is made, but its level is not known in time */
        status = SUDOKU_LIMIT;
        reason =
            sudoku_now_ns() >= limits->deadline_ns ? SUDOKU_LIMIT_DEADLINE : SUDOKU_LIMIT_CANCEL;
    }
    json_generated g = {
        .seed = seed,
        .status = status,
        .reason = reason,
        .puzzle = res.givens > 0 ? p : NULL,
        .solution = w->solutions,
        .givens = res.givens,
        .rating = rated ? &r : NULL,
    };
    json_render_generated(out, &g);
    return status;
}

/* Makes the practice puzzle of `seed` for g's technique and writes its
 * object to out, rated in full like any generated puzzle. Returns
 * SUDOKU_SOLVED, or SUDOKU_LIMIT when none was found in time (the object
 * says what was tried). */
static sudoku_status gen_make_practice(buf *out, worker *w, const gen *g, uint64_t seed,
                                       const sudoku_limits *limits)
{
    sudoku_technique_opts opts = {.deadline_ns = limits->deadline_ns, .cancel = limits->cancel};
    sudoku_practice res;
    sudoku_rating r;
    sudoku_puzzle *p = &w->puzzle;
    uint8_t values[SUDOKU_MAX_CELLS];
    uint64_t cand[SUDOKU_MAX_CELLS];

    sudoku_generate_technique(w->solver, w->logic, &g->shape, g->technique, seed, &opts, p,
                              w->solutions, values, cand, &res);
    bool found = res.status == SUDOKU_SOLVED;
    /* The search's walk rated it already; this is the rating the answer shows. */
    bool rated = found && sudoku_rate(w->logic, w->solver, p, NULL, &r) != SUDOKU_LOGIC_LIMIT;
    for (int c = 0; found && c < p->size * p->size; c++)
        if (p->cells[c]) values[c] = 0; /* the player's digits: the givens are the puzzle's */
    json_generated out_g = {
        .seed = seed,
        .status = found ? SUDOKU_SOLVED : SUDOKU_LIMIT,
        .reason = res.limit_reason,
        .puzzle = found ? p : NULL,
        .solution = w->solutions,
        .givens = res.givens,
        .rating = rated ? &r : NULL,
        .practice = &res,
        .technique = g->technique,
        .entries = found && g->start ? values : NULL,
        .candidates = cand,
    };
    json_render_generated(out, &out_g);
    return out_g.status;
}

/* The first puzzle of a task: the puzzles are shared out evenly, in order. */
static size_t gen_first(const gen *g, size_t task)
{
    return task * g->count / g->ntasks;
}

void ep_generate_run(job *j, size_t task, worker *w)
{
    gen *g = job_state(j);
    buf *out = job_task_out(j, task);
    sudoku_limits limits = api_limits(g->ctx, 1, g->opts.deadline_ns);
    for (size_t k = gen_first(g, task); k < gen_first(g, task + 1); k++) {
        if (k > gen_first(g, task)) buf_putc(out, ',');
        uint64_t seed = (g->seed + k) & INPUT_MAX_SEED;
        sudoku_status st = g->practice ? gen_make_practice(out, w, g, seed, &limits)
                                       : gen_make(out, w, &g->shape, seed, &g->opts, &limits);
        g->limited[task] |= st != SUDOKU_SOLVED;
    }
}

/* ---- the reserve ---------------------------------------------------------------------- */

/* The reserve's options: one 9x9 at a level, no symmetry, not minimal. */
static void gen_reserve_opts(sudoku_level level, sudoku_puzzle *shape, sudoku_generate_opts *o)
{
    sudoku_puzzle_init(shape, INPUT_DEFAULT_GENERATE_SIZE, 0, 0, NULL);
    memset(o, 0, sizeof(*o));
    sudoku_level_range(level, &o->score_min, &o->score_max);
    o->score = sudoku_score_by_rating;
    o->max_attempts = EP_GENERATE_ATTEMPTS;
}

/* The level whose reserve can answer this request, or -1: no seed, one
 * puzzle, the reserve's options, a level's whole score range. */
static int gen_reserve_level(const api_context *ctx, const input_puzzle *in,
                             const sudoku_puzzle *shape)
{
    if (ctx->reserve == NULL || (in->given & OPTION_BIT(SEED)) || in->count != 1 || in->minimal ||
        in->symmetry != SUDOKU_SYMMETRY_NONE || in->score_max == 0)
        return -1;
    sudoku_puzzle want;
    sudoku_generate_opts o;
    for (int l = SUDOKU_LEVEL_EASY; l <= SUDOKU_LEVEL_EXTREME; l++) {
        gen_reserve_opts((sudoku_level)l, &want, &o);
        if (o.score_min == in->score_min && o.score_max == in->score_max &&
            shape->size == want.size && shape->box_rows == want.box_rows &&
            shape->box_cols == want.box_cols && !shape->diagonal && !shape->has_regions)
            return l;
    }
    return -1;
}

sudoku_status ep_generate_level(buf *out, worker *w, sudoku_level level, uint64_t seed,
                                const sudoku_limits *limits)
{
    sudoku_puzzle shape;
    sudoku_generate_opts opts;
    gen_reserve_opts(level, &shape, &opts);
    return gen_make(out, w, &shape, seed, &opts, limits);
}

bool ep_generate_refill(void *arg, worker *w)
{
    api_context *ctx = arg;
    int level = reserve_wanted(ctx->reserve);
    if (level < 0 || api_draining(ctx)) return false;
    uint64_t seed;
    if (getrandom(&seed, sizeof(seed), 0) != (ssize_t)sizeof(seed)) seed = sudoku_now_ns();
    seed &= INPUT_MAX_SEED;
    sudoku_limits limits = api_limits(ctx, 1, option_deadline_ns(sudoku_now_ns(), EP_REFILL_MS));
    buf out = BUF_INIT;
    size_t len;
    if (ep_generate_level(&out, w, (sudoku_level)level, seed, &limits) == SUDOKU_SOLVED) {
        char *json = buf_take(&out, &len);
        if (json != NULL) reserve_put(ctx->reserve, (sudoku_level)level, json);
    }
    buf_free(&out);
    metrics_reserve(ctx->metrics, level, reserve_count(ctx->reserve, (sudoku_level)level));
    return reserve_wanted(ctx->reserve) >= 0;
}

/* Answers from the reserve; false when it has nothing for this request. */
static bool gen_from_reserve(api_context *ctx, const api_request *req, int level,
                             api_response *resp)
{
    char *json = reserve_take(ctx->reserve, (sudoku_level)level);
    metrics_reserve(ctx->metrics, level, reserve_count(ctx->reserve, (sudoku_level)level));
    job_runner_kick(ctx->runner); /* make its successor */
    if (json == NULL) return false;
    buf b = BUF_INIT;
    buf_puts(&b, JSON_GENERATE_HEAD);
    buf_puts(&b, json);
    json_render_generate_end(&b, false, reply_us(req->start_ns, sudoku_now_ns()));
    free(json);
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    return true;
}

job *ep_generate_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    input_puzzle in;
    api_problem pb;
    gen *g = calloc(1, sizeof(*g));
    if (g == NULL) goto oom;
    g->ctx = ctx;
    input_init(&in, g->shape.cells, g->shape.regions, (uint32_t)ctx->cfg->default_timeout_ms);
    uint32_t max_timeout = (uint32_t)ctx->cfg->max_timeout_ms;
    int rc = 0;
    if (strcmp(req->method, "POST") == 0) {
        rc = json_read_generate(req->body, req->body_len, max_timeout, &in, &pb);
    } else {
        for (size_t i = 0; i < req->nquery && rc == 0; i++)
            rc = option_read_param(REQUEST_GENERATE, req->query[i].key, req->query[i].value,
                                   max_timeout, &in, &pb);
        if (rc == 0) rc = input_finish_generate(&in, &pb);
    }
    if (rc != 0) {
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        reply_problem(resp, req, &pb, NULL);
        gen_free(g);
        return NULL;
    }
    input_to_puzzle(&in, &g->shape);
    int level = gen_reserve_level(ctx, &in, &g->shape);
    if (level >= 0 && gen_from_reserve(ctx, req, level, resp)) {
        gen_free(g);
        return NULL;
    }
    g->practice = (in.given & OPTION_BIT(TECHNIQUE)) != 0;
    g->technique = in.technique;
    g->start = in.start_technique;
    g->opts.symmetry = in.symmetry;
    g->opts.minimal = in.minimal;
    if (in.score_max > 0) { /* a difficulty target */
        g->opts.score = sudoku_score_by_rating;
        g->opts.score_min = in.score_min;
        g->opts.score_max = in.score_max;
        g->opts.max_attempts = EP_GENERATE_ATTEMPTS;
    }
    g->opts.deadline_ns = option_deadline_ns(req->start_ns, in.timeout_ms);
    g->seed = in.seed;
    if ((in.given & OPTION_BIT(SEED)) == 0 &&
        getrandom(&g->seed, sizeof(g->seed), 0) != (ssize_t)sizeof(g->seed))
        g->seed = sudoku_now_ns();
    g->seed &= INPUT_MAX_SEED;
    g->start_ns = req->start_ns;
    g->count = in.count;
    g->ntasks = in.count < ctx->cfg->queue_depth ? in.count : (size_t)ctx->cfg->queue_depth;
    g->limited = calloc(g->ntasks, sizeof(*g->limited));
    if (g->limited == NULL) goto oom;
    job *j = api_job_new(req, g->ntasks, g, gen_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;

oom:
    gen_free(g);
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return NULL;
}

/* After the last puzzle: whether every one met its target, and the time. */
static void gen_tail(job *j, buf *out)
{
    const gen *g = job_state(j);
    bool limited = false;
    for (size_t k = 0; k < job_ntasks(j); k++) limited |= g->limited[k];
    json_render_generate_end(out, limited, reply_us(g->start_ns, sudoku_now_ns()));
}

void ep_generate_render(job *j, const api_request *req, api_response *resp)
{
    resp->stream = job_stream_new(j, JSON_GENERATE_HEAD, ',', gen_tail);
    if (resp->stream == NULL) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return;
    }
    resp->status = API_HTTP_OK;
    resp->content_type = CT_JSON;
}
