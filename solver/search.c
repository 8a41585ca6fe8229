/* search.c -- sudoku_solve(), the solver object, and the generic search.
 *
 * sudoku_solve() is the one entry point: it validates, looks for conflicts,
 * and sends a plain 9x9 to fast9.c and everything else to the generic search
 * below. That search guesses on the cell with the fewest candidates (the
 * first in row-major order on a tie: smarter tie-breaks measured worse), lets
 * propagate.c deduce what follows, and on a contradiction undoes the trail
 * back to the guess.
 *
 * DESIGN: the search is a loop over an explicit stack of frames, not
 * recursion, so a 64x64 grid thousands of levels deep needs no stack space
 * and a budget can stop it at any node with the stats intact. Every array is
 * sized for max_size in sudoku_solver_new(); solving never allocates.
 *
 *   frames[0]      frames[1]          frames[depth-1]
 *   cell 17        cell 40            cell c, untried {3,7}
 *   mark 0         mark 212    ...    mark m  ---- undo pops the trail to m,
 *                                                  then the next symbol is tried
 *
 * Counting goes on after a solution as after a dead end (the next untried
 * branch), so max_solutions of a million costs a million leaves, not memory.
 */
#include <stdlib.h>
#include <string.h>

#include "solver/bits.h"
#include "solver/solver_int.h"

/* Nodes between two reads of the clock and the cancel flag. A read costs
 * some 25 ns and a node at least a microsecond, so this costs nothing and
 * stops even a 64x64 solve (up to ~150 us a node) within a few ms. */
#define SDK_CHECK_EVERY 16

sudoku_solver *sudoku_solver_new(int max_size)
{
    if (max_size < 0 || max_size > SUDOKU_MAX_SIZE) return NULL;
    if (max_size == 0) max_size = SUDOKU_MAX_SIZE;
    if (max_size < SUDOKU_MIN_SIZE) max_size = SUDOKU_MIN_SIZE;

    size_t n = (size_t)max_size, cells = n * n, units = 3 * n + 2;
    sudoku_solver *s = calloc(1, sizeof(*s));
    if (!s) return NULL;
    s->max_size = max_size;
    s->unit_cells = malloc(units * n * sizeof(*s->unit_cells));
    s->cell_units = malloc(cells * SDK_CELL_UNITS * sizeof(*s->cell_units));
    s->cell_nunits = malloc(cells * sizeof(*s->cell_nunits));
    s->piece = malloc((units - n) * n * sizeof(*s->piece));
    s->line_out = malloc((units - n) * n * sizeof(*s->line_out));
    s->box_out = malloc((units - n) * n * sizeof(*s->box_out));
    s->cand = malloc(cells * sizeof(*s->cand));
    s->queue = malloc(cells * sizeof(*s->queue));
    /* Each trail entry takes at least one candidate off a cell for good
     * along the current path, so n candidates per cell bound it. */
    s->trail_cell = malloc(cells * n * sizeof(*s->trail_cell));
    s->trail_mask = malloc(cells * n * sizeof(*s->trail_mask));
    /* Each level solves one more cell. */
    s->frames = malloc(cells * sizeof(*s->frames));
    if (!s->unit_cells || !s->cell_units || !s->cell_nunits || !s->piece || !s->line_out ||
        !s->box_out || !s->cand || !s->queue || !s->trail_cell || !s->trail_mask || !s->frames) {
        goto fail;
    }
    return s;

fail:
    sudoku_solver_free(s);
    return NULL;
}

void sudoku_solver_free(sudoku_solver *s)
{
    if (!s) return;
    free(s->unit_cells);
    free(s->cell_units);
    free(s->cell_nunits);
    free(s->piece);
    free(s->line_out);
    free(s->box_out);
    free(s->cand);
    free(s->queue);
    free(s->trail_cell);
    free(s->trail_mask);
    free(s->frames);
    free(s);
}

void sdk_result_reset(sudoku_result *r)
{
    r->status = SUDOKU_INVALID;
    r->limit_reason = SUDOKU_LIMIT_NONE;
    r->solution_count = 0;
    r->count_exact = false;
    memset(&r->stats, 0, sizeof(r->stats));
    r->solutions_stored = 0;
}

/* The unsolved cell with the fewest candidates; one must exist. */
static int sdk_pick(const sudoku_solver *s)
{
    int best = 0, best_count = SUDOKU_MAX_SIZE + 1; /* above any cell's candidate count */
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = s->cand[c];
        if (sdk_at_most_one(m)) continue;
        int k = sdk_popcount(m);
        if (k < best_count) {
            best = c;
            best_count = k;
            if (k == 2) break; /* nothing smaller is unsolved */
        }
    }
    return best;
}

static void sdk_record(const sudoku_solver *s, sudoku_result *r)
{
    if (r->solutions && r->solutions_stored < r->solutions_capacity) {
        uint8_t *out = &r->solutions[r->solutions_stored * (size_t)s->ncells];
        for (int c = 0; c < s->ncells; c++) out[c] = (uint8_t)(sdk_ctz(s->cand[c]) + 1);
        r->solutions_stored++;
    }
    r->solution_count++;
}

sudoku_limit_reason sdk_out_of_time(const sudoku_limits *lim)
{
    if (lim->cancel && atomic_load_explicit(lim->cancel, memory_order_relaxed)) {
        return SUDOKU_LIMIT_CANCEL;
    }
    if (lim->deadline_ns && sudoku_now_ns() >= lim->deadline_ns) return SUDOKU_LIMIT_DEADLINE;
    return SUDOKU_LIMIT_NONE;
}

sudoku_limit_reason sdk_over_budget(uint64_t nodes, const sudoku_limits *lim, uint64_t *next_check)
{
    if (lim->node_budget && nodes >= lim->node_budget) return SUDOKU_LIMIT_NODES;
    if (nodes < *next_check) return SUDOKU_LIMIT_NONE;
    *next_check = nodes + SDK_CHECK_EVERY;
    return sdk_out_of_time(lim);
}

/* One of the set bits of m (non-zero), each as likely, drawn from rng. */
static uint64_t sdk_random_bit(uint64_t m, sudoku_rng *rng)
{
    for (uint64_t k = sudoku_rng_below(rng, (uint64_t)sdk_popcount(m)); k > 0; k--) m &= m - 1;
    return sdk_lowbit(m);
}

/* Depth-first search from the board sdk_board_init() set up, `ok` being
 * what it returned. Fills the count, count_exact, limit_reason and
 * solutions of r. A guess tries the lowest symbol first, or a random one
 * drawn from rng when rng is not NULL. */
static void sdk_search(sudoku_solver *s, const sudoku_limits *lim, sudoku_rng *rng, bool ok,
                       sudoku_result *r)
{
    uint64_t max = lim->max_solutions ? lim->max_solutions : 1, next_check = 0;
    int depth = 0;
    ok = ok && sdk_propagate(s);
    for (;;) {
        if (!ok) {
            s->stats.backtracks++;
        } else if (s->nsolved == s->ncells) {
            sdk_record(s, r);
            if (r->solution_count >= max) return; /* the cap: count_exact stays false */
        } else {
            sdk_frame *f = &s->frames[depth++];
            f->cell = (uint16_t)sdk_pick(s);
            f->untried = s->cand[f->cell];
            f->mark = s->trail_len;
            f->nsolved = (uint16_t)s->nsolved;
            if ((uint32_t)depth > s->stats.max_depth) s->stats.max_depth = (uint32_t)depth;
        }

        while (depth > 0 && s->frames[depth - 1].untried == 0) depth--;
        if (depth == 0) {
            r->count_exact = true;
            return;
        }
        r->limit_reason = sdk_over_budget(s->stats.nodes, lim, &next_check);
        if (r->limit_reason != SUDOKU_LIMIT_NONE) return;

        sdk_frame *f = &s->frames[depth - 1];
        sdk_undo(s, f->mark, f->nsolved);
        uint64_t bit = rng ? sdk_random_bit(f->untried, rng) : sdk_lowbit(f->untried);
        f->untried ^= bit;
        s->stats.nodes++;
        s->stats.guesses++;
        sdk_place(s, f->cell, bit);
        ok = sdk_propagate(s);
    }
}

/* sdk_generic_solve(), with the guess order of sdk_search(). */
static sudoku_status sdk_generic_run(sudoku_solver *s, const sudoku_puzzle *p,
                                     const sudoku_limits *limits, sudoku_rng *rng, sudoku_result *r)
{
    static const sudoku_limits no_limits = {0};
    sdk_result_reset(r);
    if (p->size > s->max_size) return r->status = SUDOKU_INVALID;

    memset(&s->stats, 0, sizeof(s->stats));
    sdk_shape_load(s, p);
    s->stats.nodes = 1;
    sdk_search(s, limits ? limits : &no_limits, rng, sdk_board_init(s, p->cells), r);
    r->stats = s->stats;

    return sdk_result_status(r);
}

sudoku_status sdk_result_status(sudoku_result *r)
{
    /* Two solutions prove "multiple" even when a budget cut the count short. */
    if (r->solution_count >= 2) return r->status = SUDOKU_MULTIPLE;
    if (r->limit_reason != SUDOKU_LIMIT_NONE) return r->status = SUDOKU_LIMIT;
    return r->status = r->solution_count ? SUDOKU_SOLVED : SUDOKU_NO_SOLUTION;
}

sudoku_status sdk_generic_solve(sudoku_solver *s, const sudoku_puzzle *p,
                                const sudoku_limits *limits, sudoku_result *r)
{
    return sdk_generic_run(s, p, limits, NULL, r);
}

sudoku_status sdk_random_solve(sudoku_solver *s, const sudoku_puzzle *p,
                               const sudoku_limits *limits, sudoku_rng *rng, sudoku_result *r)
{
    return sdk_generic_run(s, p, limits, rng, r);
}

sudoku_status sudoku_solve(sudoku_solver *s, const sudoku_puzzle *p, const sudoku_limits *limits,
                           sudoku_result *r)
{
    uint64_t start = sudoku_now_ns();
    sdk_result_reset(r);
    if (p->size == 9 && p->box_rows == 3 && p->box_cols == 3 && !p->diagonal && !p->has_regions &&
        s->max_size >= 9) {
        /* a valid shape; it finds bad and broken givens itself, as it loads them */
        sdk_fast9_solve(p->cells, limits, r);
    } else if (sudoku_puzzle_check(p, NULL) != 0 || p->size > s->max_size) {
        r->status = SUDOKU_INVALID;
    } else if (sudoku_conflicts(p, NULL, 0) != 0) {
        r->status = SUDOKU_CONFLICT;
        r->count_exact = true; /* broken givens: no solution, for certain */
    } else {
        sdk_generic_solve(s, p, limits, r);
    }
    r->stats.elapsed_ns = sudoku_now_ns() - start;
    return r->status;
}
