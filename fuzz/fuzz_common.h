/* fuzz_common.h -- what every libFuzzer harness of sudokud shares: a budgeted solve and oracles.
 *
 * Header-only on purpose: the Makefile links each fuzz/fuzz_*.c alone against
 * libserver.a and libsudoku.a, so shared code lives in static functions here.
 *
 * A harness decodes its input with the server's real parser and, when the
 * input is accepted, solves it the way the API would, but with a small node
 * budget (fuzz_budget()) so the fuzzer spends its time in the parsers and
 * not in search. Beyond the sanitizers, the helpers check properties the API
 * promises, and __builtin_trap() when one breaks, so libFuzzer records the
 * input as a crash:
 *   - every stored solution is a valid grid that keeps the givens;
 *   - givens with conflicts are answered SUDOKU_CONFLICT, others never are;
 *   - every JSON body the server would send passes the server's own strict
 *     json_check() (escaping of user bytes, truncated UTF-8 in details);
 *   - bad input is never an internal-error (that is a 500: out of memory only).
 */
#ifndef SUDOKUD_FUZZ_COMMON_H
#define SUDOKUD_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/api.h"
#include "server/config.h"
#include "server/input.h"
#include "server/json_batch.h"
#include "server/json_check.h"
#include "server/json_read.h"
#include "server/metrics.h"
#include "solver/sudoku.h"
#include "writers/buf.h"
#include "writers/json_write.h"
#include "writers/problems.h"

/* Search nodes per solve. The plain 9x9 (the fast9 path) gets FUZZ_NODE_BUDGET:
 * enough to finish most 9x9 puzzles. The generic path (other sizes, diagonal,
 * jigsaw regions) costs far more per node under ASan -- a 9x9 jigsaw node is
 * ~70 us, a 64x64 node ~2 ms, growing with the square of the cell count -- so
 * it gets FUZZ_GENERIC_BUDGET scaled down by (81 / cells)^2, and at least
 * FUZZ_MIN_NODES so that search itself still runs. */
#define FUZZ_NODE_BUDGET    2000
#define FUZZ_GENERIC_BUDGET 200
#define FUZZ_MIN_NODES      16

/* The largest timeout_ms the harnesses allow (the server's default max). */
#define FUZZ_MAX_TIMEOUT_MS 10000
/* Inputs longer than this are not interesting for the parsers and only slow the run. */
#define FUZZ_MAX_INPUT (256 * 1024)

/* Marks a broken invariant as a crash libFuzzer can minimise. */
#define FUZZ_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) __builtin_trap();                                                             \
    } while (0)

/* One solver for the whole process, sized for the largest grid: allocating
 * it per input would dominate the run. It is never freed (still reachable,
 * so LeakSanitizer does not count it). */
static inline sudoku_solver *fuzz_solver(void)
{
    static sudoku_solver *solver;
    if (solver == NULL) {
        solver = sudoku_solver_new(0);
        FUZZ_ASSERT(solver != NULL);
    }
    return solver;
}

/* The node budget for p (see above). */
static inline uint64_t fuzz_budget(const sudoku_puzzle *p)
{
    if (p->size == 9 && !p->diagonal && !p->has_regions) return FUZZ_NODE_BUDGET;
    uint64_t cells = (uint64_t)p->size * (uint64_t)p->size;
    uint64_t b = FUZZ_GENERIC_BUDGET * 81 * 81 / (cells * cells);
    return b < FUZZ_MIN_NODES ? FUZZ_MIN_NODES : b > FUZZ_GENERIC_BUDGET ? FUZZ_GENERIC_BUDGET : b;
}

/* Checks that a body the server would send is strict JSON, then frees it. */
static inline void fuzz_check_body(buf *b)
{
    api_problem pb;
    FUZZ_ASSERT(!b->oom);
    FUZZ_ASSERT(b->len > 0 && b->data != NULL);
    FUZZ_ASSERT(json_check(b->data, b->len, &pb) == 0);
    buf_free(b);
}

/* A problem from bad input: typed, never internal-error, NUL-terminated text. */
static inline void fuzz_check_problem(const api_problem *pb, long long index)
{
    FUZZ_ASSERT((unsigned)pb->type < API_PROBLEM_COUNT);
    FUZZ_ASSERT(pb->type != API_PROBLEM_INTERNAL_ERROR);
    FUZZ_ASSERT(memchr(pb->detail, '\0', sizeof(pb->detail)) != NULL);
    FUZZ_ASSERT(memchr(pb->pointer, '\0', sizeof(pb->pointer)) != NULL);
    int status = problem_status(pb->type);
    FUZZ_ASSERT(status == 400 || status == 413 || status == 415 || status == 422);

    buf b = BUF_INIT;
    json_render_problem(&b, pb, "/v1/solve", "0123456789abcdef", index, NULL);
    fuzz_check_body(&b);
}

/* True when cells (N*N) is a valid solution of p that keeps p's givens. */
static inline bool fuzz_keeps_givens(const sudoku_puzzle *p, const uint8_t *cells)
{
    size_t n = (size_t)p->size * (size_t)p->size;
    for (size_t i = 0; i < n; i++) {
        if (p->cells[i] != 0 && p->cells[i] != cells[i]) return false;
    }
    return sudoku_is_solution(p, cells);
}

/* Solves p as the API would (conflicts first, then a budgeted search),
 * checks the answer and renders it in `form`. index < 0 for a single solve.
 * Returns the solve status. */
static inline sudoku_status fuzz_solve(const sudoku_puzzle *p, uint32_t max_solutions,
                                       uint32_t return_solutions, json_form form, long long index)
{
    static sudoku_conflict conflicts[64];
    size_t cells = (size_t)p->size * (size_t)p->size;

    FUZZ_ASSERT(sudoku_puzzle_check(p, NULL) == 0);
    size_t nconf = sudoku_conflicts(p, conflicts, 64);
    if (nconf > 0) {
        api_problem pb;
        problem_set(&pb, API_PROBLEM_CONFLICTING_GIVENS, NULL, "%zu conflicts", nconf);
        buf b = BUF_INIT;
        json_render_problem(&b, &pb, "/v1/solve", NULL, index,
                            &(json_conflicts){conflicts, nconf < 64 ? nconf : 64, p, NULL});
        fuzz_check_body(&b);
    }

    sudoku_result res;
    memset(&res, 0, sizeof(res));
    res.solutions_capacity = return_solutions;
    if (return_solutions > 0) {
        res.solutions = malloc(return_solutions * cells);
        FUZZ_ASSERT(res.solutions != NULL);
    }
    sudoku_limits lim = {.max_solutions = max_solutions, .node_budget = fuzz_budget(p)};
    sudoku_status st = sudoku_solve(fuzz_solver(), p, &lim, &res);

    FUZZ_ASSERT(st == res.status);
    FUZZ_ASSERT((st == SUDOKU_CONFLICT) == (nconf > 0));
    FUZZ_ASSERT(st != SUDOKU_INVALID);
    FUZZ_ASSERT(res.solutions_stored <= res.solutions_capacity);
    FUZZ_ASSERT(res.solutions_stored <= res.solution_count);
    if (st == SUDOKU_SOLVED || st == SUDOKU_MULTIPLE) FUZZ_ASSERT(res.solution_count >= 1);
    if (st == SUDOKU_MULTIPLE) FUZZ_ASSERT(res.solution_count >= 2);
    if (st == SUDOKU_LIMIT) FUZZ_ASSERT(res.limit_reason == SUDOKU_LIMIT_NODES);
    for (size_t i = 0; i < res.solutions_stored; i++)
        FUZZ_ASSERT(fuzz_keeps_givens(p, res.solutions + i * cells));

    if (st != SUDOKU_CONFLICT) {
        json_result jr = {.index = index,
                          .form = form,
                          .shape = p,
                          .res = &res,
                          .full_timing = index < 0,
                          .queue_us = 1,
                          .solve_us = 2,
                          .total_us = 3};
        buf b = BUF_INIT;
        json_render_result(&b, &jr);
        fuzz_check_body(&b);
    }
    free(res.solutions);
    return st;
}

/* Solves a finished input_puzzle (from any reader). */
static inline sudoku_status fuzz_solve_input(const input_puzzle *in, long long index)
{
    static sudoku_puzzle p;
    memset(&p, 0, sizeof(p));
    FUZZ_ASSERT(in->size >= SUDOKU_MIN_SIZE && in->size <= SUDOKU_MAX_SIZE);
    FUZZ_ASSERT(in->max_solutions >= 1 && in->max_solutions <= INPUT_MAX_SOLUTIONS);
    FUZZ_ASSERT(in->return_solutions <= INPUT_MAX_RETURN_SOLUTIONS);
    FUZZ_ASSERT(in->timeout_ms >= 1 && in->timeout_ms <= FUZZ_MAX_TIMEOUT_MS);
    input_to_puzzle(in, &p);
    return fuzz_solve(&p, in->max_solutions, in->return_solutions, in->form, index);
}

/* Makes an API context without worker threads for a config the caller has
 * filled in, so every request is answered on the harness's thread. cfg
 * must outlive it; like the solver above, it is never freed. */
static inline void fuzz_api_start(const struct config *cfg, api_context **ctx)
{
    char err[256];
    json_global_init();
    *ctx = api_new(cfg, NULL, err, sizeof(err));
    FUZZ_ASSERT(*ctx != NULL);
}

/* Answers req the way the server does, minus the socket and the threads:
 * route, handle, and a streamed body read into one owned buffer in odd
 * steps (every part is done, so it must never wait). *resp is filled. */
/* What every answer of the API keeps, whatever the input: a 304 has no body; any other
 * answer is strict JSON, application/json when it succeeds and application/problem+json,
 * with its status in the body, when it does not. */
static inline void fuzz_check_answer(const api_response *resp)
{
    api_problem pb;
    char status[32];
    if (resp->status == 304) return;
    FUZZ_ASSERT(resp->content_type != NULL && resp->body != NULL && resp->body_len > 0);
    FUZZ_ASSERT(json_check(resp->body, resp->body_len, &pb) == 0);
    if (resp->status < 400) {
        FUZZ_ASSERT(strcmp(resp->content_type, "application/json") == 0);
        return;
    }
    FUZZ_ASSERT(strcmp(resp->content_type, "application/problem+json") == 0);
    snprintf(status, sizeof(status), "\"status\":%d,", resp->status);
    FUZZ_ASSERT(strstr(resp->body, status) != NULL);
}

static inline void fuzz_handle(api_context *ctx, api_request *req, api_response *resp)
{
    api_route(ctx, req);
    FUZZ_ASSERT(api_handle(ctx, req, NULL, resp) == API_ANSWERED);
    if (resp->stream != NULL) {
        buf b = BUF_INIT;
        ssize_t n;
        while (buf_reserve(&b, 4099) == 0 &&
               (n = job_stream_read(resp->stream, b.data + b.len, 4099)) > 0)
            b.len += (size_t)n;
        FUZZ_ASSERT(!b.oom && n == 0);
        job_stream_free(resp->stream);
        resp->stream = NULL;
        resp->owned = buf_take(&b, &resp->body_len);
        resp->body = resp->owned;
    }
    api_finish(ctx, req, resp->status);
}

#endif /* SUDOKUD_FUZZ_COMMON_H */
