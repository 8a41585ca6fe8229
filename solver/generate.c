/* generate.c -- sudoku_generate(): seeded puzzles with exactly one solution.
 *
 * A candidate puzzle is made in two steps, every random choice drawn from
 * one sudoku_rng seeded by the caller:
 *   1. fill: the generic search solves the empty grid of the shape, each
 *      guess trying a random candidate first (sdk_random_solve), so the
 *      first solution is a random grid of any shape the solver takes:
 *      diagonals and jigsaws included, which relabelling cannot reach, and
 *      not one pattern's relabellings as sudoku_grid_random() gives;
 *   2. thin: the cells are grouped in orbits of the symmetry and the orbits
 *      are blanked in random order, each blanking kept only when
 *      sudoku_solve (max_solutions 2) still proves one solution.
 * Blanking more cells never removes a solution, so an orbit refused once
 * stays refused: one pass over the orbits leaves a puzzle none of whose
 * orbits can go, which is what `minimal` promises (with no symmetry, no
 * single given can go). Not minimal, a check may give up after check_nodes
 * nodes and keep its orbit, and the pass ends after SDK_GIVE_UP orbits kept
 * in a row: the end of a pass is mostly refusals, each a hard search, so
 * this bounds the time of large grids for a few more givens (measured on
 * one core, 200 nodes a check: 16x16 from 70 to 30 ms a puzzle, 102.5 to
 * 105.5 givens; 25x25 from 0.31 s to 0.06 s, 295 to 312 givens; 9x9 alike).
 *
 * DESIGN: a difficulty target is the caller's score function and range, so
 * the library does not depend on the step engine; candidates are made until
 * one scores in range or a budget (attempts, deadline, cancel) runs out, and
 * the closest so far is kept. The score function is told score_max because
 * rating is most of the cost and a rating can stop once it is past it
 * (generate_rating.c, the score function of the rating, has the figures).
 * Everything lives on the stack (about 40 KiB at 64x64) or in the caller's
 * solver: no allocation, no globals.
 *
 *   orbits of a 4x4 under ROTATIONAL (cell -> 15 - cell):
 *      0  1  2  3      start  0    2    4    6    8    10   12   14   16
 *      4  5  6  7      cells  0 15 1 14 2 13 3 12 4 11 5 10 6  9 7  8
 *      8  9 10 11             \__/ one orbit: blanked or kept together
 *     12 13 14 15
 */
#include <limits.h>
#include <string.h>

#include "solver/solver_int.h"

/* Nodes the first fill of a grid may take before it starts again with new
 * draws, per cell; each retry doubles it, so a shape that has a grid gets
 * one. Most fills need no backtrack at all; a few wander into a dead corner
 * of a large grid, where a fresh start is much cheaper than the way out. */
#define SDK_FILL_NODES_PER_CELL 4

/* Orbits kept in a row after which a pass that need not be minimal stops. */
#define SDK_GIVE_UP 10

static const char *const sdk_symmetry_names[] = {SUDOKU_SYMMETRIES(SDK_NAME_ROW)};

enum { SDK_NSYMMETRIES = sizeof(sdk_symmetry_names) / sizeof(sdk_symmetry_names[0]) };

const char *sudoku_symmetry_str(sudoku_symmetry symmetry)
{
    return SDK_NAME_OF(sdk_symmetry_names, symmetry);
}

int sudoku_symmetry_from_str(const char *name, sudoku_symmetry *out)
{
    for (int k = 0; k < SDK_NSYMMETRIES; k++) {
        if (strcmp(name, sdk_symmetry_names[k]) == 0) {
            *out = (sudoku_symmetry)k;
            return 0;
        }
    }
    return -1;
}

/* The cells of a grid grouped by orbit: orbit k is cells[start[k] ..
 * start[k+1]), its cells in the order the symmetry visits them. */
typedef struct sdk_orbits {
    int count;
    uint16_t start[SUDOKU_MAX_CELLS + 1];
    uint16_t cells[SUDOKU_MAX_CELLS];
} sdk_orbits;

/* Where the move of `symmetry` takes `cell` of an n x n grid. */
static int sdk_image(sudoku_symmetry symmetry, int n, int cell)
{
    int r = cell / n, c = cell % n;
    switch (symmetry) {
    case SUDOKU_SYMMETRY_ROTATIONAL:
        return (n - 1 - r) * n + (n - 1 - c);
    case SUDOKU_SYMMETRY_ROTATIONAL90:
        return c * n + (n - 1 - r);
    case SUDOKU_SYMMETRY_MIRROR:
        return r * n + (n - 1 - c);
    case SUDOKU_SYMMETRY_DIAGONAL:
        return c * n + r;
    case SUDOKU_SYMMETRY_NONE:
        break;
    }
    return cell;
}

/* Each move is a permutation of the cells, so following it from a cell
 * comes back to that cell: the cycle is the orbit. */
static void sdk_orbits_build(sdk_orbits *o, sudoku_symmetry symmetry, int n)
{
    uint8_t seen[SUDOKU_MAX_CELLS] = {0};
    int len = 0;

    o->count = 0;
    for (int cell = 0; cell < n * n; cell++) {
        if (seen[cell]) continue;
        o->start[o->count++] = (uint16_t)len;
        for (int x = cell; !seen[x]; x = sdk_image(symmetry, n, x)) {
            seen[x] = 1;
            o->cells[len++] = (uint16_t)x;
        }
    }
    o->start[o->count] = (uint16_t)len;
}

/* One sudoku_generate call: the caller's objects and the scratch of the
 * candidate in progress. */
typedef struct sdk_gen {
    sudoku_solver *s;
    const sudoku_generate_opts *o;
    sudoku_puzzle *puzzle; /* the candidate's givens, in the caller's struct */
    sudoku_generated *g;
    sudoku_rng rng;
    uint8_t grid[SUDOKU_MAX_CELLS]; /* the candidate's solution */
    sdk_orbits orbits;
    uint16_t order[SUDOKU_MAX_CELLS]; /* orbit indices, shuffled per candidate */
} sdk_gen;

/* The deadline or cancel flag that stopped a solve, else NONE: a node
 * budget running out is the generator's own business, not a stop. */
static sudoku_limit_reason sdk_stop_reason(const sudoku_result *r)
{
    return r->limit_reason == SUDOKU_LIMIT_NODES ? SUDOKU_LIMIT_NONE : r->limit_reason;
}

/* Fills gen->grid with a random complete grid of the shape. Returns
 * SUDOKU_SOLVED; SUDOKU_LIMIT with the reason in *why when a deadline or
 * cancel stopped it; SUDOKU_NO_SOLUTION when the shape has no complete grid
 * at all (a jigsaw can be such). */
static sudoku_status sdk_fill(sdk_gen *gen, sudoku_limit_reason *why)
{
    sudoku_puzzle *p = gen->puzzle;
    int ncells = p->size * p->size;
    sudoku_limits lim = {.max_solutions = 1,
                         .node_budget = (uint64_t)ncells * SDK_FILL_NODES_PER_CELL,
                         .deadline_ns = gen->o->deadline_ns,
                         .cancel = gen->o->cancel};

    memset(p->cells, 0, (size_t)ncells);
    for (;; lim.node_budget *= 2) {
        sudoku_result r = {.solutions = gen->grid, .solutions_capacity = 1};
        sudoku_status st = sdk_random_solve(gen->s, p, &lim, &gen->rng, &r);
        if (st == SUDOKU_SOLVED || st == SUDOKU_NO_SOLUTION) return st;
        *why = sdk_stop_reason(&r);
        if (*why != SUDOKU_LIMIT_NONE) return SUDOKU_LIMIT;
    }
}

/* Blanks the orbits of the full grid in gen->puzzle in random order while
 * the puzzle keeps one solution. Returns NONE, or the reason a deadline or
 * cancel stopped it (the puzzle then still has one solution). */
static sudoku_limit_reason sdk_thin(sdk_gen *gen)
{
    const sdk_orbits *o = &gen->orbits;
    sudoku_puzzle *p = gen->puzzle;
    uint64_t check_nodes = gen->o->check_nodes ? gen->o->check_nodes : SUDOKU_GENERATE_CHECK_NODES;
    sudoku_limits lim = {.max_solutions = 2,
                         .node_budget = gen->o->minimal ? 0 : check_nodes,
                         .deadline_ns = gen->o->deadline_ns,
                         .cancel = gen->o->cancel};

    memcpy(p->cells, gen->grid, (size_t)(p->size * p->size));
    for (int k = 0; k < o->count; k++) gen->order[k] = (uint16_t)k;
    for (int k = o->count; k > 1; k--) { /* Fisher-Yates, as sudoku_rng_shuffle */
        int j = (int)sudoku_rng_below(&gen->rng, (uint64_t)k);
        uint16_t t = gen->order[k - 1];
        gen->order[k - 1] = gen->order[j];
        gen->order[j] = t;
    }
    int kept = 0; /* orbits kept in a row */
    for (int k = 0; k < o->count && (gen->o->minimal || kept < SDK_GIVE_UP); k++) {
        int first = o->start[gen->order[k]], end = o->start[gen->order[k] + 1];
        for (int i = first; i < end; i++) p->cells[o->cells[i]] = 0;
        sudoku_result r = {0};
        sudoku_status st = sudoku_solve(gen->s, p, &lim, &r);
        gen->g->checks++;
        if (st == SUDOKU_SOLVED) {
            kept = 0;
            continue;
        }
        kept++;
        for (int i = first; i < end; i++) p->cells[o->cells[i]] = gen->grid[o->cells[i]];
        sudoku_limit_reason stop = sdk_stop_reason(&r);
        if (stop != SUDOKU_LIMIT_NONE) return stop;
    }
    return SUDOKU_LIMIT_NONE;
}

/* How far a score lies outside [min, max]: 0 inside, INT_MAX when the score
 * function could not tell. Any ints the caller passes stay in range. */
static int sdk_distance(int score, int min, int max)
{
    if (score < 0) return INT_MAX;
    long long d = score < min ? (long long)min - score : score > max ? (long long)score - max : 0;
    return d < INT_MAX ? (int)d : INT_MAX - 1;
}

sudoku_status sudoku_generate(sudoku_solver *s, const sudoku_puzzle *shape, uint64_t seed,
                              const sudoku_generate_opts *opts, sudoku_puzzle *puzzle,
                              uint8_t *solution, sudoku_generated *g)
{
    static const sudoku_generate_opts defaults = {0};
    sdk_gen gen;
    uint8_t best[SUDOKU_MAX_CELLS], best_grid[SUDOKU_MAX_CELLS];
    int best_distance = INT_MAX, best_score = -1;
    bool have_best = false;

    memset(g, 0, sizeof(*g));
    g->status = SUDOKU_INVALID;
    g->score = -1;
    if (!opts) opts = &defaults;
    if (sudoku_puzzle_check(shape, NULL) != 0 || shape->size > s->max_size ||
        (unsigned)opts->symmetry >= SDK_NSYMMETRIES)
        return g->status;

    int n = shape->size, ncells = n * n;
    uint32_t max_attempts = opts->max_attempts ? opts->max_attempts : 1;
    sudoku_limit_reason stop = SUDOKU_LIMIT_ATTEMPTS;
    gen.s = s;
    gen.o = opts;
    gen.puzzle = puzzle;
    gen.g = g;
    *puzzle = *shape;
    sudoku_rng_seed(&gen.rng, seed);
    sdk_orbits_build(&gen.orbits, opts->symmetry, n);

    while (g->attempts < max_attempts) {
        sudoku_limit_reason why = SUDOKU_LIMIT_NONE;
        sudoku_status filled = sdk_fill(&gen, &why);
        if (filled == SUDOKU_NO_SOLUTION) return g->status; /* INVALID: no grid to start from */
        if (filled != SUDOKU_SOLVED) {
            stop = why;
            break;
        }
        g->attempts++;
        why = sdk_thin(&gen);
        if (why != SUDOKU_LIMIT_NONE) {
            /* Cut short, it is unique but unrated: worth keeping only when
             * there is nothing else. */
            if (!have_best) {
                memcpy(best, puzzle->cells, (size_t)ncells);
                memcpy(best_grid, gen.grid, (size_t)ncells);
                have_best = true;
            }
            stop = why;
            break;
        }
        int score = opts->score ? opts->score(puzzle, opts->score_max, opts->score_arg) : -1;
        int distance = opts->score ? sdk_distance(score, opts->score_min, opts->score_max) : 0;
        if (!have_best || distance < best_distance) {
            memcpy(best, puzzle->cells, (size_t)ncells);
            memcpy(best_grid, gen.grid, (size_t)ncells);
            best_distance = distance;
            best_score = score;
            have_best = true;
        }
        if (distance == 0) break;
    }

    memset(puzzle->cells, 0, sizeof(puzzle->cells));
    if (have_best) {
        memcpy(puzzle->cells, best, (size_t)ncells);
        if (solution) memcpy(solution, best_grid, (size_t)ncells);
        for (int i = 0; i < ncells; i++) g->givens += best[i] != 0;
    }
    g->score = best_score;
    if (have_best && best_distance == 0) {
        g->status = SUDOKU_SOLVED;
    } else {
        g->status = SUDOKU_LIMIT;
        g->limit_reason = stop;
    }
    return g->status;
}
