/* unit_solve.c -- sudoku_solve() and the generic search (solver/search.c,
 * solver/propagate.c): fixtures of every shape, counting, statuses, budgets,
 * a differential test against the naive reference solver, and every
 * fixture's count confirmed by the exact-cover solver (tests/support/dlx.c).
 *
 * Fixtures are lines `puzzle:solution_count:solution` (the solution only
 * when the count is 1); jigsaw files add `:regions`, the region of each cell
 * as a symbol 1..N. The file name gives the variant. Every count was checked
 * with tests/support/ref_solver.c when the fixtures were made.
 */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/solver_int.h"
#include "tests/support/dlx.h"
#include "tests/support/ref_solver.h"

#define SERG        "../shared/data/puzzles7_serg_benchmark"
#define SERG_COUNTS "../shared/data/puzzles7_serg_benchmark.counts"

/* One fixture line, parsed. Static storage: a puzzle is 8 KiB. */
typedef struct fixture {
    sudoku_puzzle p;
    uint64_t count;
    uint8_t solution[SUDOKU_MAX_CELLS]; /* when count == 1 */
    int line;
} fixture;

/* Parses a text grid into cells, failing the test on error. */
static void parse_cells(const char *text, size_t len, sudoku_puzzle *p)
{
    char err[SUDOKU_ERR_LEN] = "";
    cr_assert_eq(sudoku_parse(text, len, 0, 0, 0, p, err), 0, "%.*s: %s", (int)len, text, err);
}

/* Reads the next fixture line of f into x. Returns false at the end. */
static bool fixture_next(FILE *f, bool diagonal, bool regions, fixture *x)
{
    static char line[8192];
    while (fgets(line, sizeof(line), f)) {
        x->line++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char *count = strchr(line, ':');
        cr_assert_not_null(count, "line %d: no count", x->line);
        parse_cells(line, (size_t)(count - line), &x->p);
        char *solution;
        x->count = strtoull(count + 1, &solution, 10);
        cr_assert_eq(*solution, ':', "line %d: bad count", x->line);
        solution++;
        size_t len = strcspn(solution, ":\n");
        if (x->count == 1) {
            static sudoku_puzzle s;
            parse_cells(solution, len, &s);
            memcpy(x->solution, s.cells, sizeof(x->solution));
        }
        x->p.diagonal = diagonal;
        if (regions) {
            static sudoku_puzzle g;
            char *layout = solution + len + (solution[len] == ':');
            parse_cells(layout, strcspn(layout, "\n"), &g);
            for (int i = 0; i < g.size * g.size; i++) x->p.regions[i] = (uint8_t)(g.cells[i] - 1);
            x->p.has_regions = true;
            cr_assert_eq(sudoku_puzzle_check(&x->p, NULL), 0, "line %d: layout", x->line);
        }
        return true;
    }
    return false;
}

static sudoku_result result_with(uint8_t *buf, size_t capacity)
{
    sudoku_result r;
    memset(&r, 0, sizeof(r));
    r.solutions = buf;
    r.solutions_capacity = capacity;
    return r;
}

static sudoku_status expected_status(uint64_t count)
{
    return count == 0 ? SUDOKU_NO_SOLUTION : count == 1 ? SUDOKU_SOLVED : SUDOKU_MULTIPLE;
}

static bool agrees_with_givens(const sudoku_puzzle *p, const uint8_t *grid)
{
    for (int i = 0; i < p->size * p->size; i++) {
        if (p->cells[i] && p->cells[i] != grid[i]) return false;
    }
    return sudoku_is_solution(p, grid);
}

/* Solves every fixture of a file with the whole space searched and checks
 * status, exact count, and the solution, and that the exact-cover solver
 * counts the same. Returns the number of puzzles. */
static int check_fixture_file(const char *path, bool diagonal, bool regions, int *shapes_seen)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot open %s (tests run from the repository root)", path);
    sudoku_solver *s = sudoku_solver_new(0);
    cr_assert_not_null(s);
    static fixture x;
    static uint8_t buf[4 * SUDOKU_MAX_CELLS];
    memset(&x, 0, sizeof(x));
    int n = 0;
    while (fixture_next(f, diagonal, regions, &x)) {
        sudoku_limits lim = {.max_solutions = x.count + 1};
        sudoku_result r = result_with(buf, 4);
        int cells = x.p.size * x.p.size;
        cr_assert_eq(sudoku_conflicts(&x.p, NULL, 0), 0, "%s:%d conflicts", path, x.line);
        cr_assert_eq(sudoku_solve(s, &x.p, &lim, &r), expected_status(x.count), "%s:%d: %s", path,
                     x.line, sudoku_status_str(r.status));
        cr_assert_eq(r.solution_count, x.count, "%s:%d", path, x.line);
        cr_assert(r.count_exact, "%s:%d", path, x.line);
        cr_assert_eq(r.solutions_stored, x.count < 4 ? x.count : 4);
        for (size_t k = 0; k < r.solutions_stored; k++) {
            cr_assert(agrees_with_givens(&x.p, buf + k * (size_t)cells), "%s:%d", path, x.line);
        }
        if (x.count == 1) cr_assert_arr_eq(buf, x.solution, (size_t)cells, "%s:%d", path, x.line);
        cr_assert_eq(dlx_count(&x.p, x.count + 1, NULL), x.count, "%s:%d: exact cover", path,
                     x.line);
        if (shapes_seen) shapes_seen[x.p.size] = 1;
        n++;
    }
    fclose(f);
    sudoku_solver_free(s);
    return n;
}

Test(solve, fixtures_of_every_standard_shape)
{
    int seen[SUDOKU_MAX_SIZE + 1] = {0};
    cr_assert_gt(check_fixture_file("tests/data/shapes.txt", false, false, seen), 0);
    static const int sizes[] = {4, 6, 8, 9, 10, 12, 15, 16, 20, 25};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        cr_assert(seen[sizes[i]], "no %dx%d fixture", sizes[i], sizes[i]);
    }
}

Test(solve, fixtures_with_diagonals)
{
    cr_assert_gt(check_fixture_file("tests/data/diagonal.txt", true, false, NULL), 0);
}

Test(solve, fixtures_of_jigsaws)
{
    cr_assert_gt(check_fixture_file("tests/data/jigsaw.txt", false, true, NULL), 0);
    cr_assert_gt(check_fixture_file("tests/data/jigsaw_diagonal.txt", true, true, NULL), 0);
}

Test(solve, empty_4x4_has_288_solutions)
{
    sudoku_solver *s = sudoku_solver_new(4);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    static uint8_t buf[300 * 16];
    sudoku_limits lim = {.max_solutions = 1000};
    sudoku_result r = result_with(buf, 300);
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == 288 && r.count_exact && r.solutions_stored == 288);
    for (int k = 0; k < 288; k++) {
        cr_assert(sudoku_is_solution(&p, buf + 16 * k));
        for (int j = 0; j < k; j++) cr_assert(memcmp(buf + 16 * k, buf + 16 * j, 16) != 0);
    }
    /* a cap of exactly 288 stops at the last one without claiming exactness */
    lim.max_solutions = 288;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == 288 && !r.count_exact);
    sudoku_solver_free(s);
}

Test(solve, empty_diagonal_4x4_has_48_solutions_by_reference)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    p.diagonal = true;
    uint64_t want = ref_solve(&p, 1000, NULL);
    sudoku_limits lim = {.max_solutions = 1000};
    sudoku_result r = result_with(NULL, 0);
    sudoku_solve(s, &p, &lim, &r);
    cr_assert(r.solution_count == want && r.count_exact, "%llu vs %llu",
              (unsigned long long)r.solution_count, (unsigned long long)want);
    sudoku_solver_free(s);
}

Test(solve, counts_a_million_solutions_without_storing_them)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 6, 0, 0, NULL), 0); /* 28,200,960 solutions */
    uint8_t first[36];
    sudoku_limits lim = {.max_solutions = 1000000};
    sudoku_result r = result_with(first, 1);
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == 1000000 && !r.count_exact && r.solutions_stored == 1);
    cr_assert(sudoku_is_solution(&p, first));
    sudoku_solver_free(s);
}

Test(solve, max_solutions_decides_how_far_the_search_goes)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    /* a 4x4 with exactly 4 solutions */
    parse_cells("1........2......", 16, &p);
    uint64_t all = ref_solve(&p, 100, NULL);
    cr_assert_gt(all, 2);
    uint8_t buf[16 * 2];
    sudoku_limits lim = {0}; /* 0 is taken as 1 */
    sudoku_result r = result_with(buf, 2);
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && !r.count_exact && r.solutions_stored == 1);
    cr_assert(agrees_with_givens(&p, buf));
    cr_assert_eq(sudoku_solve(s, &p, NULL, &r), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && !r.count_exact);

    lim.max_solutions = 2;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == 2 && !r.count_exact && r.solutions_stored == 2);
    cr_assert(memcmp(buf, buf + 16, 16) != 0);

    lim.max_solutions = all + 1;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == all && r.count_exact && r.solutions_stored == 2);
    sudoku_solver_free(s);
}

Test(solve, unique_puzzle_is_proven_unique)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    parse_cells("1...3..4...1..4.", 16, &p);
    sudoku_limits lim = {.max_solutions = 2};
    uint8_t buf[16];
    sudoku_result r = result_with(buf, 1);
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && r.count_exact && r.solutions_stored == 1);
    static const uint8_t want[16] = {1, 4, 3, 2, 3, 2, 1, 4, 4, 3, 2, 1, 2, 1, 4, 3};
    cr_assert_arr_eq(buf, want, 16);
    sudoku_solver_free(s);
}

Test(solve, no_solution_without_conflicting_givens)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    /* Row 0 needs a 4 in its last cell, but column 3 already has one. */
    parse_cells("123....4........", 16, &p);
    cr_assert_eq(sudoku_conflicts(&p, NULL, 0), 0);
    cr_assert_eq(ref_solve(&p, 10, NULL), 0);
    sudoku_limits lim = {.max_solutions = 10};
    sudoku_result r = result_with(NULL, 0);
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_NO_SOLUTION);
    cr_assert(r.solution_count == 0 && r.count_exact && r.solutions_stored == 0);
    sudoku_solver_free(s);
}

Test(solve, conflicting_givens_are_reported_before_any_search)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    parse_cells("1..1............", 16, &p);
    sudoku_result r = result_with(NULL, 0);
    cr_assert_eq(sudoku_solve(s, &p, NULL, &r), SUDOKU_CONFLICT);
    cr_assert(r.solution_count == 0 && r.stats.nodes == 0);
    /* the generic path alone, handed a conflict anyway, finds nothing */
    cr_assert_eq(sdk_generic_solve(s, &p, NULL, &r), SUDOKU_NO_SOLUTION);
    sudoku_solver_free(s);
}

Test(solve, invalid_puzzles_and_small_solvers_are_refused)
{
    sudoku_solver *s = sudoku_solver_new(9);
    static sudoku_puzzle p;
    sudoku_result r = result_with(NULL, 0);
    cr_assert_eq(sudoku_puzzle_init(&p, 16, 0, 0, NULL), 0);
    cr_assert_eq(sudoku_solve(s, &p, NULL, &r), SUDOKU_INVALID); /* larger than the solver */
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    p.cells[3] = 9;
    cr_assert_eq(sudoku_solve(s, &p, NULL, &r), SUDOKU_INVALID);
    p.cells[3] = 0;
    p.box_cols = 3;
    cr_assert_eq(sudoku_solve(s, &p, NULL, &r), SUDOKU_INVALID);
    sudoku_solver_free(s);

    cr_assert_null(sudoku_solver_new(-1));
    cr_assert_null(sudoku_solver_new(65));
    sudoku_solver_free(NULL);
}

Test(solve, node_budget_returns_limit_with_partial_stats)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    p.cells[1] = 3; /* force some branching before the first solution */
    sudoku_limits lim = {.max_solutions = 1000, .node_budget = 5};
    sudoku_result r = result_with(NULL, 0);
    sudoku_status st = sudoku_solve(s, &p, &lim, &r);
    cr_assert(st == SUDOKU_LIMIT || st == SUDOKU_MULTIPLE);
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_NODES);
    cr_assert(!r.count_exact && r.stats.nodes == 5 && r.stats.elapsed_ns > 0);

    /* budget 1: the root alone, which cannot finish an empty grid */
    lim.node_budget = 1;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_LIMIT);
    cr_assert(r.solution_count == 0 && r.stats.nodes == 1);
    sudoku_solver_free(s);
}

Test(solve, deadline_stops_a_long_count_promptly)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 25, 0, 0, NULL), 0);
    sudoku_limits lim = {.max_solutions = UINT64_MAX};
    uint64_t start = sudoku_now_ns();
    lim.deadline_ns = start + 20 * 1000000ull;
    sudoku_result r = result_with(NULL, 0);
    sudoku_solve(s, &p, &lim, &r);
    uint64_t took = sudoku_now_ns() - start;
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_DEADLINE);
    cr_assert(!r.count_exact && r.stats.nodes > 1);
    cr_assert_lt(took, 500 * 1000000ull, "took %llu ns", (unsigned long long)took);

    /* a deadline already gone stops at the first guess with nothing found */
    lim.deadline_ns = start;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_LIMIT);
    cr_assert(r.limit_reason == SUDOKU_LIMIT_DEADLINE && r.stats.nodes == 1);
    sudoku_solver_free(s);
}

Test(solve, cancel_flag_returns_limit_promptly)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 64, 0, 0, NULL), 0);
    atomic_int cancel = 1;
    sudoku_limits lim = {.max_solutions = 2, .cancel = &cancel};
    sudoku_result r = result_with(NULL, 0);
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_LIMIT);
    cr_assert(r.limit_reason == SUDOKU_LIMIT_CANCEL && r.stats.nodes == 1);
    cr_assert_lt(r.stats.elapsed_ns, 200 * 1000000ull);

    atomic_store(&cancel, 0);
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 0, 0, NULL), 0);
    p.diagonal = true;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE);
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_NONE);
    sudoku_solver_free(s);
}

Test(solve, empty_grids_of_large_shapes_solve)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    static uint8_t buf[SUDOKU_MAX_CELLS];
    static const int sizes[] = {36, 49, 64};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        cr_assert_eq(sudoku_puzzle_init(&p, sizes[i], 0, 0, NULL), 0);
        sudoku_result r = result_with(buf, 1);
        cr_assert_eq(sudoku_solve(s, &p, NULL, &r), SUDOKU_SOLVED, "%d", sizes[i]);
        cr_assert(sudoku_is_solution(&p, buf), "%d", sizes[i]);
    }
    sudoku_solver_free(s);
}

Test(solve, one_solver_serves_changing_shapes)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle a, b;
    parse_cells("1...3..4...1..4.", 16, &a);
    parse_cells("1...3..4...1..4.", 16, &b);
    b.diagonal = true; /* the diagonal 1,.,.,. clashes with the plain solution */
    uint64_t want_b = ref_solve(&b, 100, NULL);
    for (int round = 0; round < 3; round++) {
        sudoku_limits lim = {.max_solutions = 100};
        sudoku_result r = result_with(NULL, 0);
        sudoku_solve(s, &a, &lim, &r);
        cr_assert(r.solution_count == 1 && r.count_exact);
        sudoku_solve(s, &b, &lim, &r);
        cr_assert(r.solution_count == want_b && r.count_exact);
        /* same size, other regions: the tables must be rebuilt */
        b.has_regions = true;
        for (int i = 0; i < 16; i++) b.regions[i] = (uint8_t)((i / 4 + i % 4 * (round + 1)) % 4);
        if (sudoku_puzzle_check(&b, NULL) != 0) b.has_regions = false;
        want_b = ref_solve(&b, 100, NULL);
    }
    sudoku_solver_free(s);
}

Test(solve, stats_count_the_deductions)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    /* the first of Norvig's top95: a 9x9 that needs search, on the generic path */
    parse_cells("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                81, &p);
    sudoku_limits lim = {.max_solutions = 2};
    sudoku_result r = result_with(NULL, 0);
    cr_assert_eq(sdk_generic_solve(s, &p, &lim, &r), SUDOKU_SOLVED);
    cr_assert(r.count_exact);
    cr_assert_gt(r.stats.naked_singles, 0);
    cr_assert_gt(r.stats.hidden_singles, 0);
    cr_assert_gt(r.stats.guesses, 0);
    cr_assert_gt(r.stats.backtracks, 4);
    cr_assert_gt(r.stats.locked_candidates + r.stats.naked_pairs, 0);
    cr_assert_eq(r.stats.nodes, r.stats.guesses + 1);
    cr_assert_gt(r.stats.max_depth, 0);
    sudoku_solver_free(s);
}

Test(solve, half_given_16x16_is_fast)
{
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p;
    FILE *f = fopen("tests/data/shapes.txt", "r");
    cr_assert_not_null(f);
    static fixture x;
    memset(&x, 0, sizeof(x));
    while (fixture_next(f, false, false, &x) && x.p.size != 16) continue;
    fclose(f);
    cr_assert_eq(x.p.size, 16);
    p = x.p;
    sudoku_result r = result_with(NULL, 0);
    sudoku_limits lim = {.max_solutions = 2};
    /* generous for sanitizer builds: the plain build takes well under 1 ms */
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), expected_status(x.count));
    cr_assert_lt(r.stats.elapsed_ns, 50 * 1000000ull);
    sudoku_solver_free(s);
}

Test(solve, serg_benchmark_counts)
{
    FILE *pf = fopen(SERG, "r"), *cf = fopen(SERG_COUNTS, "r");
    if (!pf || !cf) {
        if (pf) fclose(pf);
        if (cf) fclose(cf);
        cr_skip("%s not present (plain clone)", SERG);
    }
    sudoku_solver *s = sudoku_solver_new(9);
    static sudoku_puzzle p;
    char line[128], count[32];
    int checked = 0;
    for (int i = 0; fgets(line, sizeof(line), pf) && fgets(count, sizeof(count), cf); i++) {
        if (i % 33 != 0) continue; /* 304 of the 10,000 */
        parse_cells(line, 81, &p);
        uint64_t want = strtoull(count, NULL, 10);
        sudoku_limits lim = {.max_solutions = 100000};
        sudoku_result r = result_with(NULL, 0);
        cr_assert_eq(sdk_generic_solve(s, &p, &lim, &r), SUDOKU_MULTIPLE, "line %d", i + 1);
        cr_assert(r.solution_count == want && r.count_exact, "line %d: %llu, want %llu", i + 1,
                  (unsigned long long)r.solution_count, (unsigned long long)want);
        checked++;
    }
    fclose(pf);
    fclose(cf);
    cr_assert_gt(checked, 300);
    sudoku_solver_free(s);
}

/* ---- differential test against the naive reference ------------------------ */

/* The library's PRNG; each differential test seeds it with DIFF_SEED first. */
#define DIFF_SEED 20240601
static sudoku_rng diff_rng;

static uint32_t diff_below(uint32_t n)
{
    return (uint32_t)sudoku_rng_below(&diff_rng, n);
}

/* A random puzzle of p's shape: a reference solution of the empty grid with
 * its symbols relabelled, `blanks` cells cleared, and half the time one
 * or two cells set to a symbol their peers allow, which may leave no
 * solution. */
static void diff_puzzle(sudoku_puzzle *p, const uint8_t *base, int blanks)
{
    int n = p->size, cells = n * n;
    uint8_t map[SUDOKU_MAX_SIZE + 1];
    for (int i = 0; i <= n; i++) map[i] = (uint8_t)i;
    sudoku_rng_shuffle(&diff_rng, map + 1, (size_t)n);
    for (int i = 0; i < cells; i++) p->cells[i] = map[base[i]];
    int order[SUDOKU_MAX_CELLS];
    for (int i = 0; i < cells; i++) order[i] = i;
    for (int k = 0; k < blanks; k++) { /* a partial shuffle picks distinct cells */
        int j = k + (int)diff_below((uint32_t)(cells - k)), t = order[j];
        order[j] = order[k];
        order[k] = t;
        p->cells[t] = 0;
    }
    for (int k = (int)diff_below(4); k < 2; k++) {
        int c = (int)diff_below((uint32_t)cells);
        uint8_t old = p->cells[c];
        p->cells[c] = (uint8_t)(1 + diff_below((uint32_t)n));
        if (sudoku_conflicts(p, NULL, 0) != 0) p->cells[c] = old;
    }
}

/* Runs `rounds` random puzzles of p's shape through the generic path and
 * sudoku_solve, and compares status, count and solution with the reference. */
static void diff_shape(sudoku_puzzle *p, int rounds, int min_blanks, int max_blanks)
{
    enum { CAP = 200 };
    int cells = p->size * p->size;
    static uint8_t base[SUDOKU_MAX_CELLS], want[SUDOKU_MAX_CELLS], got[SUDOKU_MAX_CELLS];
    memset(p->cells, 0, sizeof(p->cells));
    cr_assert_eq(ref_solve(p, 1, base), 1, "shape %d has no solution", p->size);
    sudoku_solver *s = sudoku_solver_new(0);
    for (int round = 0; round < rounds; round++) {
        int blanks = min_blanks + (int)diff_below((uint32_t)(max_blanks - min_blanks + 1));
        diff_puzzle(p, base, blanks);
        uint64_t count = ref_solve(p, CAP, want);
        cr_assert_eq(dlx_count(p, CAP, NULL), count, "size %d round %d: exact cover", p->size,
                     round);
        sudoku_limits lim = {.max_solutions = CAP};
        for (int path = 0; path < 2; path++) {
            sudoku_result r = result_with(got, 1);
            sudoku_status st =
                path == 0 ? sdk_generic_solve(s, p, &lim, &r) : sudoku_solve(s, p, &lim, &r);
            cr_assert_eq(r.solution_count, count, "size %d round %d path %d", p->size, round, path);
            cr_assert_eq(st, expected_status(count), "size %d round %d", p->size, round);
            cr_assert_eq(r.count_exact, count < CAP, "size %d round %d", p->size, round);
            if (count == 1) cr_assert_arr_eq(got, want, (size_t)cells);
            if (count > 1) cr_assert(agrees_with_givens(p, got));
        }
    }
    sudoku_solver_free(s);
}

Test(diff, random_puzzles_agree_with_the_reference)
{
    sudoku_rng_seed(&diff_rng, DIFF_SEED);
    static sudoku_puzzle p;
    static const int shapes[][3] = {{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {9, 3, 3}};
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        int n = shapes[i][0];
        cr_assert_eq(sudoku_puzzle_init(&p, n, shapes[i][1], shapes[i][2], NULL), 0);
        diff_shape(&p, 100, n * n / 4, n * n * 3 / 4);
    }
}

Test(diff, random_variants_agree_with_the_reference)
{
    sudoku_rng_seed(&diff_rng, DIFF_SEED);
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    p.diagonal = true;
    diff_shape(&p, 100, 4, 14);
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 0, 0, NULL), 0);
    p.diagonal = true;
    diff_shape(&p, 100, 25, 55);

    /* a 6x6 jigsaw: regions are bands of 2 rows, but shifted per column pair */
    cr_assert_eq(sudoku_puzzle_init(&p, 6, 0, 0, NULL), 0);
    p.has_regions = true;
    for (int i = 0; i < 36; i++) {
        int r = i / 6, c = i % 6;
        p.regions[i] = (uint8_t)(((r + c / 2) % 6) / 2 * 2 + (c >= 3));
    }
    cr_assert_eq(sudoku_puzzle_check(&p, NULL), 0);
    diff_shape(&p, 100, 8, 28);
}
