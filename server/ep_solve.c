/* ep_solve.c -- POST /v1/solve and POST /v1/validate: one puzzle, one solver run.
 *
 * Both read a JSON body into a `single` job of one task. A variant (the
 * `fpuzzles` member, or any puzzle whose true candidates are asked for)
 * carries its sudoku_variant and is solved by sudoku_variant_solve(),
 * always on a worker: its nodes cost more than a classic's. A solve whose
 * search stays under EP_QUICK_NODES is answered on the network thread (the
 * route's quick function); a harder one goes to a worker and starts again
 * there with the full budget, having cost at most that small a detour.
 * Every solve has an absolute deadline (arrival + timeout_ms), so time in
 * the queue counts against it and no connection waits past its budget.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/json_read.h"
#include "server/options.h"
#include "writers/json_write.h"

/* Search nodes a solve may take on the network thread before it is handed
 * to a worker: most published puzzles need far fewer, and a few hundred
 * nodes of a 9x9 are some tens of microseconds. */
#define EP_QUICK_NODES 256

/* Largest grid tried on the network thread (a node of a bigger one costs more). */
#define EP_QUICK_MAX_SIZE 16

/* Bytes of a result without its grids, to size the answer in one go. */
#define EP_RESULT_ESTIMATE 400

/* Solution cells a single keeps in itself: the two 9x9 grids of a default
 * solve, which then allocates nothing for them. */
#define EP_KEPT_SOLUTION_CELLS (2 * 81)

/* The puzzle is kept compact, its shape and N*N cells (then N*N region ids,
 * then, for a layout given as labels, the N labels' code points), not as an
 * 8 KiB sudoku_puzzle: a request of that size would take glibc's large-chunk
 * path, and with it a consolidation of its small free chunks, on every
 * solve. single_puzzle() spreads it into a sudoku_puzzle where the solver or
 * a writer needs one. */
typedef struct single {
    api_context *ctx;
    json_form form;
    bool box_assumed; /* the request named no box: the default one was taken */
    uint32_t max_solutions;
    unsigned check; /* validate: INPUT_CHECK_* */
    uint64_t deadline_ns;
    uint64_t start_ns; /* when a worker took it (the quick path has no queue) */
    uint64_t solve_ns; /* of the solver run that counts */
    sudoku_result result;
    uint8_t *solutions;        /* kept_solutions, or an allocation for larger answers */
    api_problem invalid;       /* when the solver refused the puzzle after all */
    sudoku_variant *variant;   /* the f-puzzles variant, or NULL for a classic solve */
    uint32_t *true_candidates; /* N*N masks when asked for, else NULL */
    bool candidates_complete;  /* the masks were proven within the budget */
    int size, box_rows, box_cols;
    bool diagonal, has_regions, has_labels;
    uint8_t kept_solutions[EP_KEPT_SOLUTION_CELLS]; /* written before they are read */
    uint8_t grid[]; /* N*N cells, then N*N region ids when has_regions, then N uint32_t
                     * labels when has_labels (unaligned: read with single_labels()) */
} single;

static void single_free(void *state)
{
    single *s = state;
    if (s == NULL) return;
    if (s->solutions != s->kept_solutions) free(s->solutions);
    free(s->variant);
    free(s->true_candidates);
    free(s);
}

/* The client's region labels, copied into out (N of them), or NULL when the
 * layout came as ids or there is none. */
static const uint32_t *single_labels(const single *s, uint32_t out[SUDOKU_MAX_SIZE])
{
    if (!s->has_labels) return NULL;
    size_t n = (size_t)s->size * (size_t)s->size;
    memcpy(out, s->grid + 2 * n, (size_t)s->size * sizeof(*out));
    return out;
}

/* Fills p with s's shape, and with its cells and regions when `cells`. */
static void single_puzzle(const single *s, sudoku_puzzle *p, bool cells)
{
    size_t n = (size_t)s->size * (size_t)s->size;
    p->size = s->size;
    p->box_rows = s->box_rows;
    p->box_cols = s->box_cols;
    p->diagonal = s->diagonal;
    p->has_regions = s->has_regions;
    if (!cells) return;
    memcpy(p->cells, s->grid, n);
    if (s->has_regions) memcpy(p->regions, s->grid + n, n);
}

/* Lists the givens' conflicts into a new array (*out, caller frees). Returns
 * the count; -1 when out of memory. */
static long single_conflicts(const sudoku_puzzle *p, sudoku_conflict **out)
{
    *out = NULL;
    size_t n = sudoku_conflicts(p, NULL, 0);
    if (n == 0) return 0;
    *out = malloc(n * sizeof(**out));
    if (*out == NULL) return -1;
    return (long)sudoku_conflicts(p, *out, n);
}

/* The shared start of a solve or validate: reads the body into a new
 * single, and its options into *in (whose cell buffers are gone). Returns
 * it, or NULL with *resp answered. */
static single *single_read(api_context *ctx, const api_request *req, request_kind what,
                           input_puzzle *in, api_response *resp)
{
    api_problem pb;
    uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    input_init(in, cells, regions, (uint32_t)ctx->cfg->default_timeout_ms);
    in->variant_ok = true;
    if (json_read_request(req->body, req->body_len, what, (uint32_t)ctx->cfg->max_timeout_ms, in,
                          &pb) != 0) {
        free(in->variant);
        if (pb.type == API_PROBLEM_INTERNAL_ERROR) goto oom;
        metrics_refused(ctx->metrics, pb.type);
        reply_problem(resp, req, &pb, NULL);
        return NULL;
    }
    size_t n = (size_t)in->size * (size_t)in->size;
    bool has_regions = in->nregions != 0;
    const uint32_t *labels = input_region_labels(in);
    size_t labels_len = labels != NULL ? (size_t)in->size * sizeof(*labels) : 0;
    single *s = malloc(offsetof(single, grid) + (has_regions ? 2 * n : n) + labels_len);
    if (s == NULL) {
        free(in->variant);
        goto oom;
    }
    /* the solution cells are written before they are read */
    memset(s, 0, offsetof(single, kept_solutions));
    s->ctx = ctx;
    s->variant = in->variant;
    in->variant = NULL;
    s->box_assumed = in->box_assumed;
    s->form = in->form;
    s->size = in->size;
    s->box_rows = in->box_rows;
    s->box_cols = in->box_cols;
    s->diagonal = in->diagonal;
    s->has_regions = has_regions;
    s->has_labels = labels != NULL;
    memcpy(s->grid, in->cells, n);
    if (has_regions) memcpy(s->grid + n, in->regions, n);
    if (labels != NULL) memcpy(s->grid + 2 * n, labels, labels_len);
    /* the caller reads in's options; the puzzle itself now lives in s */
    in->cells = in->regions_buf = NULL;
    in->regions = NULL;
    return s;

oom:
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return NULL;
}

/* Makes room for the true candidates, and a variant of a classic puzzle
 * (its diagonals become cages) for them to be found on. Returns 0, or -1
 * with *resp answered. */
static int single_candidates_setup(single *s, api_response *resp, const api_request *req)
{
    size_t n = (size_t)s->size * (size_t)s->size;
    s->true_candidates = calloc(n, sizeof(*s->true_candidates));
    if (s->true_candidates == NULL) goto oom;
    if (s->variant != NULL) return 0;
    sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN];
    single_puzzle(s, &p, true);
    p.diagonal = false;
    s->variant = malloc(sizeof(*s->variant));
    if (s->variant == NULL) goto oom;
    if (sudoku_variant_init(s->variant, &p, err) != 0) {
        api_problem pb;
        problem_set(&pb, API_PROBLEM_UNSUPPORTED_SHAPE, "/true_candidates",
                    "true candidates are found for grids up to %dx%d: %s", SUDOKU_VARIANT_MAX_SIZE,
                    SUDOKU_VARIANT_MAX_SIZE, err);
        metrics_refused(s->ctx->metrics, pb.type);
        reply_problem(resp, req, &pb, NULL);
        return -1;
    }
    for (int d = 0; s->diagonal && d < 2; d++) {
        uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
        for (int i = 0; i < s->size; i++)
            cells[i] = (uint8_t)((d == 0 ? i : s->size - 1 - i) * s->size + i);
        if (sudoku_variant_add(s->variant, SUDOKU_CON_CAGE, 0, 0, cells, s->size, err) != 0) {
            reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "a diagonal: %s", err);
            return -1;
        }
    }
    return 0;

oom:
    reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return -1;
}

job *ep_solve_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    input_puzzle in;

    /* Conflicting givens are not looked for here: the solver finds them at
     * once, and render lists them, so a good puzzle pays no second pass. */
    single *s = single_read(ctx, req, REQUEST_SOLVE, &in, resp);
    if (s == NULL) return NULL;
    s->max_solutions = in.max_solutions;
    s->deadline_ns = option_deadline_ns(req->start_ns, in.timeout_ms);
    size_t keep = in.return_solutions < in.max_solutions ? in.return_solutions : in.max_solutions;
    s->result.solutions_capacity = keep;
    size_t cells = keep * (size_t)in.size * (size_t)in.size;
    if (cells > 0 && cells <= EP_KEPT_SOLUTION_CELLS) {
        s->solutions = s->kept_solutions;
    } else if (cells > 0) {
        s->solutions = malloc(cells);
        if (s->solutions == NULL) {
            single_free(s);
            reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
            return NULL;
        }
    }
    s->result.solutions = s->solutions;
    if (in.true_candidates && single_candidates_setup(s, resp, req) != 0) {
        single_free(s);
        return NULL;
    }
    job *j = api_job_new(req, 1, s, single_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;
}

/* Runs the solver on w's copy of the puzzle with at most node_cap nodes
 * (0: the configured budget). */
static void single_solve(single *s, worker *w, uint64_t node_cap)
{
    sudoku_limits limits = api_limits(s->ctx, s->max_solutions, s->deadline_ns);
    if (node_cap != 0 && (limits.node_budget == 0 || node_cap < limits.node_budget))
        limits.node_budget = node_cap;
    single_puzzle(s, &w->puzzle, true);
    if (s->variant == NULL) {
        sudoku_solve(w->solver, &w->puzzle, &limits, &s->result);
        s->solve_ns = s->result.stats.elapsed_ns;
        return;
    }
    sudoku_variant_solve(w->variant, s->variant, &limits, &s->result);
    s->solve_ns = s->result.stats.elapsed_ns;
    sudoku_status st = s->result.status;
    if (s->true_candidates == NULL || (st != SUDOKU_SOLVED && st != SUDOKU_MULTIPLE)) return;
    sudoku_result found = {0};
    limits.max_solutions = 1;
    /* complete: every candidate settled, whatever the status says of their count */
    st =
        sudoku_variant_true_candidates(w->variant, s->variant, &limits, s->true_candidates, &found);
    s->candidates_complete =
        (st == SUDOKU_SOLVED || st == SUDOKU_MULTIPLE) && found.limit_reason == SUDOKU_LIMIT_NONE;
    s->solve_ns += found.stats.elapsed_ns;
}

/* What every finished run does: the metrics, and the reason of a refusal. */
static void single_finish(single *s, const sudoku_puzzle *p)
{
    if (s->result.status == SUDOKU_INVALID) {
        char err[SUDOKU_ERR_LEN] = "the solver does not accept this puzzle";
        sudoku_puzzle_check(p, err);
        problem_set(&s->invalid, API_PROBLEM_INVALID_PUZZLE, "/puzzle", "%s", err);
    }
    metrics_solve(s->ctx->metrics, s->result.status, &s->result.stats);
}

bool ep_single_quick(job *j, worker *w)
{
    single *s = job_state(j);
    if (s->size > EP_QUICK_MAX_SIZE || s->variant != NULL) return false;
    single_solve(s, w, EP_QUICK_NODES);
    const sudoku_result *r = &s->result;
    bool capped = s->ctx->cfg->max_nodes == 0 || s->ctx->cfg->max_nodes > EP_QUICK_NODES;
    if (capped && r->limit_reason == SUDOKU_LIMIT_NODES) return false;
    single_finish(s, &w->puzzle);
    return true;
}

void ep_single_run(job *j, size_t task, worker *w)
{
    single *s = job_state(j);
    (void)task;
    s->start_ns = sudoku_now_ns();
    single_solve(s, w, 0);
    single_finish(s, &w->puzzle);
}

/* True when the solver's answer is a problem (then *resp has it). */
static bool single_refused(const single *s, const api_request *req, api_response *resp)
{
    if (s->result.status == SUDOKU_INVALID) {
        reply_problem(resp, req, &s->invalid, NULL);
        return true;
    }
    if (s->result.status != SUDOKU_CONFLICT) return false;
    sudoku_puzzle p;
    uint32_t labels[SUDOKU_MAX_SIZE];
    single_puzzle(s, &p, true);
    if (!reply_if_conflicting(resp, req, &p, single_labels(s, labels), s->box_assumed))
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR,
                    "the solver saw a conflict the check did not");
    return true;
}

void ep_solve_render(job *j, const api_request *req, api_response *resp)
{
    const single *s = job_state(j);
    uint64_t submitted = job_submit_ns(j);
    uint64_t queue_us = submitted != 0 ? reply_us(submitted, s->start_ns) : 0;
    uint64_t solve_us = s->solve_ns / 1000;
    uint64_t total_us = reply_us(req->start_ns, sudoku_now_ns());

    if (single_refused(s, req, resp)) return;
    sudoku_puzzle shape;
    single_puzzle(s, &shape, false);
    json_result r = {
        .index = -1,
        .form = s->form,
        .shape = &shape,
        .box_assumed = s->box_assumed,
        .res = &s->result,
        .full_timing = true,
        .queue_us = queue_us,
        .solve_us = solve_us,
        .total_us = total_us,
        .true_candidates = s->candidates_complete ? s->true_candidates : NULL,
    };
    buf b = BUF_INIT;
    size_t cells = (size_t)s->size * (size_t)s->size;
    buf_reserve(&b, EP_RESULT_ESTIMATE + 3 * cells * (1 + s->result.solutions_stored) +
                        (s->true_candidates != NULL ? cells * (3 + 3 * (size_t)s->size) : 0));
    json_render_result(&b, &r);
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    static const char *const names[] = {"queue", "solve", "total"};
    reply_timing(resp, names, (uint64_t[]){queue_us, solve_us, total_us}, 3);
}

/* ---- validate ------------------------------------------------------------------------ */

/* Answers a validation of the givens c->shape, which have the conflicts c. */
static void validate_reply(api_response *resp, const json_conflicts *c, unsigned check,
                           int solvable, int unique)
{
    json_validation v = {
        .conflicts = *c,
        .asked_solvable = (check & INPUT_CHECK_SOLVABLE) != 0,
        .asked_unique = (check & INPUT_CHECK_UNIQUE) != 0,
        .solvable = solvable,
        .unique = unique,
    };
    buf b = BUF_INIT;
    json_render_validation(&b, &v);
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
}

job *ep_validate_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    input_puzzle in;
    sudoku_conflict *conflicts;

    single *s = single_read(ctx, req, REQUEST_VALIDATE, &in, resp);
    if (s == NULL) return NULL;
    sudoku_puzzle p;
    single_puzzle(s, &p, true);
    long n = single_conflicts(&p, &conflicts);
    if (n < 0) {
        single_free(s);
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return NULL;
    }
    size_t nconflicts = (size_t)n;
    if (in.check == 0 || nconflicts > 0) {
        /* nothing to search: conflicting givens can be neither solvable nor unique */
        validate_reply(resp, &(json_conflicts){conflicts, nconflicts, &p, input_region_labels(&in)},
                       in.check, 0, 0);
        free(conflicts);
        single_free(s);
        return NULL;
    }
    s->check = in.check;
    s->max_solutions = (in.check & INPUT_CHECK_UNIQUE) ? 2 : 1;
    s->deadline_ns = option_deadline_ns(req->start_ns, ctx->cfg->default_timeout_ms);
    job *j = api_job_new(req, 1, s, single_free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;
}

void ep_validate_render(job *j, const api_request *req, api_response *resp)
{
    const single *s = job_state(j);
    const sudoku_result *r = &s->result;
    int solvable = -1, unique = -1;

    if (r->status == SUDOKU_INVALID && single_refused(s, req, resp)) return;
    switch (r->status) {
    case SUDOKU_SOLVED:
        solvable = 1;
        unique = r->count_exact && r->solution_count == 1 ? 1 : -1;
        break;
    case SUDOKU_MULTIPLE:
        solvable = 1;
        unique = 0;
        break;
    case SUDOKU_NO_SOLUTION:
    case SUDOKU_CONFLICT:
        solvable = 0;
        unique = 0;
        break;
    case SUDOKU_LIMIT:
        /* a solution found before the budget ran out still proves solvable */
        solvable = r->solution_count > 0 ? 1 : -1;
        unique = r->solution_count > 1 ? 0 : -1;
        break;
    case SUDOKU_INVALID:
        break;
    }
    sudoku_puzzle p;
    single_puzzle(s, &p, true);
    validate_reply(resp, &(json_conflicts){.shape = &p}, s->check, solvable, unique);
}
