/* ep_logic.c -- POST /v1/rate, /v1/explain, /v1/hint: three readers of the step engine.
 *
 * All three read a puzzle like /v1/solve, refuse conflicting givens on the
 * network thread, and queue one task. The task first proves the puzzle has
 * exactly one solution (the engine's uniqueness techniques assume it; a
 * puzzle with several is 422 not-unique, one with none 422 no-solution), then runs the engine and
 * writes the answer's JSON, all but its timings, into the task's output;
 * ep_logic_render adds the timings. A budget that runs out (timeout_ms, or
 * the drain's cancel flag) answers 200 with "status":"limit".
 */
#include <stdlib.h>
#include <string.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/json_read.h"
#include "server/options.h"
#include "writers/json_write.h"

typedef struct logic {
    api_context *ctx;
    sudoku_puzzle puzzle;
    uint32_t max_steps; /* explain: 0 = all */
    uint8_t *entries;   /* hint: the user's digits, NULL when none were sent */
    uint64_t *marks;    /* hint: the user's pencil marks, NULL when none were sent */
    uint64_t deadline_ns;
    uint64_t start_ns, end_ns;
    bool refused; /* the answer is `problem`, not the task's output */
    api_problem problem;
} logic;

static void logic_free(void *state)
{
    logic *lg = state;
    if (lg == NULL) return;
    free(lg->entries);
    free(lg->marks);
    free(lg);
}

/* Reads the request into a new job of the route, or answers it. */
static job *logic_parse(api_context *ctx, const api_request *req, request_kind kind,
                        api_response *resp)
{
    input_puzzle in;
    api_problem pb;
    logic *lg = calloc(1, sizeof(*lg));
    if (lg == NULL) goto oom;
    lg->ctx = ctx;
    input_init(&in, lg->puzzle.cells, lg->puzzle.regions, (uint32_t)ctx->cfg->default_timeout_ms);
    if (kind == REQUEST_HINT) {
        in.entries = lg->entries = calloc(SUDOKU_MAX_CELLS, sizeof(*lg->entries));
        in.marks = lg->marks = calloc(SUDOKU_MAX_CELLS, sizeof(*lg->marks));
        if (lg->entries == NULL || lg->marks == NULL) goto oom;
    }
    if (json_read_request(req->body, req->body_len, kind, (uint32_t)ctx->cfg->max_timeout_ms, &in,
                          &pb) != 0) {
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        metrics_refused(ctx->metrics, pb.type);
        reply_problem(resp, req, &pb, NULL);
        logic_free(lg);
        return NULL;
    }
    input_to_puzzle(&in, &lg->puzzle);
    if (reply_if_conflicting(resp, req, &lg->puzzle, input_region_labels(&in), in.box_assumed)) {
        if (resp->status == API_HTTP_UNPROCESSABLE_CONTENT)
            metrics_refused(ctx->metrics, API_PROBLEM_CONFLICTING_GIVENS);
        logic_free(lg);
        return NULL;
    }
    if (in.entries_size == 0) {
        free(lg->entries);
        lg->entries = NULL;
    }
    if (in.nmarks == 0) {
        free(lg->marks);
        lg->marks = NULL;
    }
    lg->max_steps = in.max_steps;
    lg->deadline_ns = option_deadline_ns(req->start_ns, in.timeout_ms);
    job *j = api_job_new(req, 1, lg, logic_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;

oom:
    logic_free(lg);
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return NULL;
}

job *ep_rate_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    return logic_parse(ctx, req, REQUEST_RATE, resp);
}

job *ep_explain_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    return logic_parse(ctx, req, REQUEST_EXPLAIN, resp);
}

job *ep_hint_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    return logic_parse(ctx, req, REQUEST_HINT, resp);
}

/* What a deadline or cancel flag that stopped the engine was. */
static sudoku_limit_reason logic_limit_reason(const logic *lg)
{
    return sudoku_now_ns() >= lg->deadline_ns ? SUDOKU_LIMIT_DEADLINE : SUDOKU_LIMIT_CANCEL;
}

/* The refusal of a solve status that is not "exactly one solution"; true
 * when the puzzle is fit for the engine. A budget that ran out starts the
 * limit answer in out. */
static bool logic_check_solution(logic *lg, sudoku_status status, sudoku_limit_reason reason,
                                 buf *out)
{
    switch (status) {
    case SUDOKU_SOLVED:
        return true;
    case SUDOKU_MULTIPLE:
        problem_set(&lg->problem, API_PROBLEM_NOT_UNIQUE, NULL,
                    "the puzzle has several solutions; ratings, explanations and hints need "
                    "exactly one");
        break;
    case SUDOKU_NO_SOLUTION:
    case SUDOKU_CONFLICT:
        problem_set(&lg->problem, API_PROBLEM_NO_SOLUTION, NULL,
                    "the puzzle has no solution: its givens cannot be completed");
        break;
    case SUDOKU_INVALID: {
        char err[SUDOKU_ERR_LEN] = "the solver does not accept this puzzle";
        sudoku_puzzle_check(&lg->puzzle, err);
        problem_set(&lg->problem, API_PROBLEM_INVALID_PUZZLE, "/puzzle", "%s", err);
        break;
    }
    case SUDOKU_LIMIT:
        json_render_limit_open(out, reason);
        return false;
    }
    lg->refused = true;
    return false;
}

/* Solves with max_solutions 2: true when the puzzle has exactly one solution. */
static bool logic_unique(logic *lg, worker *w, const sudoku_limits *limits, buf *out)
{
    sudoku_result r = {0};
    sudoku_solve(w->solver, &lg->puzzle, limits, &r);
    return logic_check_solution(lg, r.status, r.limit_reason, out);
}

/* Rates into *r; false (with the limit answer started) when the budget ran out. */
static bool logic_rate(logic *lg, worker *w, const sudoku_limits *limits, sudoku_rating *r,
                       buf *out)
{
    if (sudoku_rate(w->logic, w->solver, &lg->puzzle, limits, r) != SUDOKU_LOGIC_LIMIT) return true;
    json_render_limit_open(out, logic_limit_reason(lg));
    buf_puts(out, ",\"score_at_least\":");
    json_put_score(out, r->score);
    return false;
}

void ep_rate_run(job *j, size_t task, worker *w)
{
    logic *lg = job_state(j);
    buf *out = job_task_out(j, task);
    sudoku_limits limits = api_limits(lg->ctx, 2, lg->deadline_ns);
    sudoku_rating r;

    lg->start_ns = sudoku_now_ns();
    if (logic_unique(lg, w, &limits, out) && logic_rate(lg, w, &limits, &r, out))
        json_render_rated_open(out, &r);
    lg->end_ns = sudoku_now_ns();
}

/* One walk of the engine gives both the explanation and its rating: the
 * steps up to max_steps are rendered as they come, and the grid where they
 * stop is kept when max_steps cuts the walk short. */
typedef struct explain_walk {
    logic *lg;
    buf *out;
    uint8_t *values; /* the grid at the cut (N*N) */
    uint64_t *cand;
} explain_walk;

static void explain_step(void *arg, uint32_t index, const sudoku_step *st,
                         const sudoku_logic *engine)
{
    explain_walk *x = arg;
    uint32_t max = x->lg->max_steps;
    if (max != 0 && index >= max) {
        if (index == max) sudoku_logic_state(engine, x->values, x->cand);
        return;
    }
    if (index > 0) buf_putc(x->out, ',');
    json_render_step(x->out, &x->lg->puzzle, st);
}

void ep_explain_run(job *j, size_t task, worker *w)
{
    logic *lg = job_state(j);
    buf *out = job_task_out(j, task);
    sudoku_limits limits = api_limits(lg->ctx, 2, lg->deadline_ns);
    sudoku_rating r;
    uint8_t values[SUDOKU_MAX_CELLS];
    int n = lg->puzzle.size;
    explain_walk x = {lg, out, values, malloc((size_t)n * (size_t)n * sizeof(uint64_t))};

    lg->start_ns = sudoku_now_ns();
    if (x.cand == NULL) {
        out->oom = true;
        goto done;
    }
    if (!logic_unique(lg, w, &limits, out)) goto done;
    buf_puts(out, JSON_EXPLAIN_HEAD);
    sudoku_logic_status s =
        sudoku_rate_steps(w->logic, w->solver, &lg->puzzle, &limits, &r, explain_step, &x);
    if (s == SUDOKU_LOGIC_LIMIT) {
        out->len = 0; /* the steps so far give way to the limit answer */
        json_render_limit_open(out, logic_limit_reason(lg));
        goto done;
    }
    bool cut = lg->max_steps != 0 && r.steps >= lg->max_steps;
    const char *status = cut ? "max_steps" : s == SUDOKU_LOGIC_SOLVED ? "solved" : "stuck";
    bool stopped = strcmp(status, "solved") != 0;
    /* where the explanation stopped: the digits placed and the candidates left */
    if (stopped && (!cut || r.steps == lg->max_steps)) sudoku_logic_state(w->logic, values, x.cand);
    json_render_explain_end(out, status, &r, n, stopped ? values : NULL, x.cand);
done:
    free(x.cand);
    lg->end_ns = sudoku_now_ns();
}

void ep_hint_run(job *j, size_t task, worker *w)
{
    logic *lg = job_state(j);
    buf *out = job_task_out(j, task);
    sudoku_limits limits = api_limits(lg->ctx, 2, lg->deadline_ns);
    sudoku_hint *h = malloc(sizeof(*h));

    lg->start_ns = sudoku_now_ns();
    if (h == NULL) {
        out->oom = true;
        goto done;
    }
    sudoku_status s =
        sudoku_hint_next(w->logic, w->solver, &lg->puzzle, lg->entries, lg->marks, &limits, h);
    if (!logic_check_solution(lg, s, logic_limit_reason(lg), out)) goto done;
    buf_putc(out, '{');
    json_render_hint(out, &lg->puzzle, h);
done:
    free(h);
    lg->end_ns = sudoku_now_ns();
}

void ep_logic_render(job *j, const api_request *req, api_response *resp)
{
    const logic *lg = job_state(j);
    const buf *out = job_task_out(j, 0);
    if (lg->refused) {
        metrics_refused(lg->ctx->metrics, lg->problem.type);
        reply_problem(resp, req, &lg->problem, NULL);
        return;
    }
    uint64_t submitted = job_submit_ns(j);
    uint64_t queue_us = submitted != 0 ? reply_us(submitted, lg->start_ns) : 0;
    uint64_t work_us = reply_us(lg->start_ns, lg->end_ns);
    uint64_t total_us = reply_us(req->start_ns, sudoku_now_ns());
    buf b = BUF_INIT;
    if (out->oom) b.oom = true; /* becomes a 500 */
    static const char *const names[] = {"queue", "work", "total"};
    const uint64_t us[] = {queue_us, work_us, total_us};
    buf_append(&b, out->data, out->len);
    buf_putc(&b, ',');
    json_render_timing(&b, names, us, 3);
    buf_putc(&b, '}');
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    reply_timing(resp, names, us, 3);
}
