/* unit_fast9.c -- the plain 9x9 fast path (solver/fast9.c) against the generic
 * search, the naive reference solver and known answers.
 *
 * The fast path shares no code with the generic search, so agreement on
 * counts, statuses and solutions is strong evidence for both; the
 * exact-cover solver (tests/support/dlx.c) confirms the fixture's counts. Fixtures: the
 * committed tests/data/hard9.txt, and when ../shared/data is present (a
 * developer checkout, not a plain clone) the first few hundred puzzles of
 * each shared set, randomly relabelled with a fixed seed so the band logic
 * sees other layouts than the published ones.
 */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/solver_int.h"
#include "tests/support/dlx.h"
#include "tests/support/ref_solver.h"

#define SHARED     "../shared/data/"
#define HARD9      "tests/data/hard9.txt"
#define SHARED_MAX 300 /* puzzles taken from each shared set */

typedef struct fixture {
    uint8_t cells[81];
    uint64_t count;
    uint8_t solution[81]; /* when count == 1 */
} fixture;

static void to_cells(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = (uint8_t)(text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0);
}

/* Reads hard9.txt-style lines into out (up to max). Returns the number read. */
static int load_fixture(const char *path, fixture *out, int max)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot open %s (tests run from the repository root)", path);
    char line[512];
    int n = 0;
    while (n < max && fgets(line, sizeof(line), f)) {
        if (line[0] == '#' || strlen(line) < 84) continue;
        fixture *x = &out[n++];
        to_cells(line, x->cells);
        char *end;
        x->count = strtoull(line + 82, &end, 10);
        cr_assert_eq(*end, ':', "bad fixture line %d", n);
        if (x->count == 1) to_cells(end + 1, x->solution);
    }
    fclose(f);
    return n;
}

/* The library's PRNG; every test that draws from it seeds it first, so a
 * failure replays alone. */
static sudoku_rng rng;

static uint32_t rng_below(uint32_t n)
{
    return (uint32_t)sudoku_rng_below(&rng, n);
}

/* Applies one random relabelling (rows within bands, bands, columns within
 * stacks, stacks, digits) to a puzzle and its solution alike. */
static void relabel(uint8_t *cells, uint8_t *solution)
{
    static sudoku_puzzle shape;
    sudoku_relabel t;
    uint8_t out[81];
    cr_assert_eq(sudoku_puzzle_init(&shape, 9, 3, 3, NULL), 0);
    cr_assert_eq(sudoku_relabel_random(&t, &shape, &rng), 0);
    sudoku_relabel_apply(&t, cells, out);
    memcpy(cells, out, 81);
    sudoku_relabel_apply(&t, solution, out);
    memcpy(solution, out, 81);
}

static sudoku_status fast(const uint8_t *cells, uint64_t max, sudoku_result *r, uint8_t *buf,
                          size_t cap)
{
    sudoku_limits lim = {0};
    lim.max_solutions = max;
    memset(r, 0, sizeof(*r));
    r->solutions = buf;
    r->solutions_capacity = cap;
    return sdk_fast9_solve(cells, &lim, r);
}

static sudoku_status generic(const uint8_t *cells, uint64_t max, sudoku_result *r, uint8_t *buf,
                             size_t cap)
{
    sudoku_solver *s = sudoku_solver_new(9);
    cr_assert_not_null(s);
    sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 3, 3, NULL), 0);
    memcpy(p.cells, cells, 81);
    sudoku_limits lim = {0};
    lim.max_solutions = max;
    memset(r, 0, sizeof(*r));
    r->solutions = buf;
    r->solutions_capacity = cap;
    sudoku_status st = sdk_generic_solve(s, &p, &lim, r);
    sudoku_solver_free(s);
    return st;
}

static bool is_solution_of(const uint8_t *cells, const uint8_t *grid)
{
    sudoku_puzzle p;
    sudoku_puzzle_init(&p, 9, 3, 3, NULL);
    memcpy(p.cells, cells, 81);
    for (int i = 0; i < 81; i++) {
        if (cells[i] && cells[i] != grid[i]) return false;
    }
    return sudoku_is_solution(&p, grid);
}

/* Solves one unique puzzle both ways with uniqueness proven and checks both
 * against its known solution. */
static void check_unique(const uint8_t *cells, const uint8_t *solution, const char *what, int line)
{
    sudoku_result r, g;
    uint8_t a[81], b[81];
    cr_assert_eq(fast(cells, 2, &r, a, 1), SUDOKU_SOLVED, "%s line %d: fast status %s", what, line,
                 sudoku_status_str(r.status));
    cr_assert(r.count_exact && r.solution_count == 1 && r.solutions_stored == 1, "%s line %d", what,
              line);
    cr_assert_arr_eq(a, solution, 81, "%s line %d: fast solution differs", what, line);
    cr_assert_eq(generic(cells, 2, &g, b, 1), SUDOKU_SOLVED, "%s line %d: generic", what, line);
    cr_assert_arr_eq(b, solution, 81, "%s line %d: generic solution differs", what, line);
}

Test(fast9, agrees_with_generic_and_answers_on_hard_fixture)
{
    fixture fx[64];
    int n = load_fixture(HARD9, fx, 64);
    cr_assert_geq(n, 20);
    for (int i = 0; i < n; i++) {
        uint64_t max = fx[i].count + 1; /* one past the count: the search must cover it all */
        sudoku_result r, g;
        uint8_t a[81], b[81];
        sudoku_status want = fx[i].count == 0   ? SUDOKU_NO_SOLUTION
                             : fx[i].count == 1 ? SUDOKU_SOLVED
                                                : SUDOKU_MULTIPLE;
        cr_assert_eq(fast(fx[i].cells, max, &r, a, 1), want, "line %d: %s", i + 1,
                     sudoku_status_str(r.status));
        cr_assert_eq(r.solution_count, fx[i].count, "line %d", i + 1);
        cr_assert(r.count_exact, "line %d", i + 1);
        cr_assert_eq(generic(fx[i].cells, max, &g, b, 1), want, "line %d", i + 1);
        cr_assert_eq(g.solution_count, r.solution_count, "line %d", i + 1);
        static sudoku_puzzle p;
        cr_assert_eq(sudoku_puzzle_init(&p, 9, 3, 3, NULL), 0);
        memcpy(p.cells, fx[i].cells, 81);
        cr_assert_eq(dlx_count(&p, max, NULL), fx[i].count, "line %d: exact cover", i + 1);
        if (fx[i].count == 1) {
            cr_assert_arr_eq(a, fx[i].solution, 81, "line %d", i + 1);
            cr_assert_arr_eq(b, fx[i].solution, 81, "line %d", i + 1);
        }
        if (fx[i].count >= 1) cr_assert(is_solution_of(fx[i].cells, a), "line %d", i + 1);
        /* the search accounts for itself: every node but the root is a guess */
        cr_assert_eq(r.stats.nodes, r.stats.guesses + 1, "line %d", i + 1);
        cr_assert_leq(r.stats.max_depth, r.stats.guesses, "line %d", i + 1);
    }
}

Test(fast9, relabelled_fixture_gives_relabelled_solution)
{
    fixture fx[64];
    int n = load_fixture(HARD9, fx, 64);
    sudoku_rng_seed(&rng, 1);
    for (int i = 0; i < n; i++) {
        if (fx[i].count != 1) continue;
        for (int k = 0; k < 20; k++) {
            uint8_t cells[81], sol[81];
            memcpy(cells, fx[i].cells, 81);
            memcpy(sol, fx[i].solution, 81);
            relabel(cells, sol);
            check_unique(cells, sol, "relabelled hard9", i + 1);
        }
    }
}

/* The first SHARED_MAX puzzles of a shared set and their .solutions. */
static void check_shared_set(const char *name, const char *solutions)
{
    char path[256], spath[256], line[256], sline[256];
    snprintf(path, sizeof(path), SHARED "%s", name);
    snprintf(spath, sizeof(spath), SHARED "%s", solutions);
    FILE *f = fopen(path, "r"), *s = fopen(spath, "r");
    if (!f || !s) {
        if (f) fclose(f);
        if (s) fclose(s);
        cr_skip_test("%s absent: shared data is not part of a plain clone", path);
    }
    int n = 0;
    sudoku_rng_seed(&rng, 1);
    while (n < SHARED_MAX && fgets(line, sizeof(line), f) && fgets(sline, sizeof(sline), s)) {
        uint8_t cells[81], sol[81];
        to_cells(line, cells);
        to_cells(sline, sol);
        n++;
        check_unique(cells, sol, name, n);
        relabel(cells, sol);
        check_unique(cells, sol, name, n);
    }
    fclose(f);
    fclose(s);
    cr_assert_gt(n, 0);
}

Test(fast9, agrees_on_top95)
{
    check_shared_set("top95.txt", "top95.solutions");
}

Test(fast9, agrees_on_magictour_top1465)
{
    check_shared_set("puzzles3_magictour_top1465", "puzzles3_magictour_top1465.solutions");
}

Test(fast9, agrees_on_17_clue)
{
    check_shared_set("puzzles2_17_clue", "puzzles2_17_clue.solutions");
}

Test(fast9, counts_solutions_of_serg_benchmark_sample)
{
    FILE *f = fopen(SHARED "puzzles7_serg_benchmark", "r");
    FILE *c = fopen(SHARED "puzzles7_serg_benchmark.counts", "r");
    if (!f || !c) {
        if (f) fclose(f);
        if (c) fclose(c);
        cr_skip_test("shared data absent");
    }
    char line[256], cline[64];
    int n = 0;
    while (fgets(line, sizeof(line), f) && fgets(cline, sizeof(cline), c)) {
        if (n++ % 40) continue; /* every 40th: 250 puzzles, counts 2 to 1555 */
        uint8_t cells[81];
        to_cells(line, cells);
        uint64_t want = strtoull(cline, NULL, 10);
        sudoku_result r, g;
        cr_assert_eq(fast(cells, 100000, &r, NULL, 0), SUDOKU_MULTIPLE, "line %d", n);
        cr_assert(r.count_exact, "line %d", n);
        cr_assert_eq(r.solution_count, want, "line %d: %llu solutions, want %llu", n,
                     (unsigned long long)r.solution_count, (unsigned long long)want);
        if (n % 400 == 1) {
            generic(cells, 100000, &g, NULL, 0);
            cr_assert_eq(g.solution_count, want, "line %d: generic", n);
        }
    }
    fclose(f);
    fclose(c);
}

Test(fast9, stops_at_max_solutions)
{
    fixture fx[64];
    int n = load_fixture(HARD9, fx, 64);
    const fixture *multi = NULL, *unique = NULL;
    for (int i = 0; i < n; i++) {
        if (!multi && fx[i].count >= 7) multi = &fx[i];
        if (!unique && fx[i].count == 1) unique = &fx[i];
    }
    cr_assert(multi && unique);
    sudoku_result r;
    uint8_t buf[81 * 8];

    /* max 1: the first solution, and no claim about the rest */
    cr_assert_eq(fast(multi->cells, 1, &r, buf, 8), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && !r.count_exact && r.solutions_stored == 1);
    cr_assert(is_solution_of(multi->cells, buf));
    cr_assert_eq(fast(unique->cells, 1, &r, buf, 8), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && !r.count_exact);
    cr_assert_arr_eq(buf, unique->solution, 81);

    /* max 2: "multiple" as soon as a second one shows up; uniqueness proven */
    cr_assert_eq(fast(multi->cells, 2, &r, buf, 8), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == 2 && !r.count_exact && r.solutions_stored == 2);
    cr_assert(is_solution_of(multi->cells, buf) && is_solution_of(multi->cells, buf + 81));
    cr_assert(memcmp(buf, buf + 81, 81) != 0);
    cr_assert_eq(fast(unique->cells, 2, &r, buf, 8), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && r.count_exact);

    /* capacity below the count: the first ones are stored, all are counted */
    cr_assert_eq(fast(multi->cells, multi->count + 5, &r, buf, 3), SUDOKU_MULTIPLE);
    cr_assert(r.solution_count == multi->count && r.count_exact && r.solutions_stored == 3);
    for (int k = 0; k < 3; k++) cr_assert(is_solution_of(multi->cells, buf + 81 * k));

    /* max 0 means 1 */
    cr_assert_eq(fast(multi->cells, 0, &r, NULL, 0), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && r.solutions_stored == 0);
}

/* Finds an unavoidable rectangle in grid: rows of one band, columns of two
 * stacks, x y over y x. Writes its four cells to at and returns true. */
static bool find_rectangle(const uint8_t *grid, int at[4])
{
    for (int r1 = 0; r1 < 9; r1++) {
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++) {
            for (int c1 = 0; c1 < 9; c1++) {
                for (int c2 = (c1 / 3 + 1) * 3; c2 < 9; c2++) {
                    if (grid[9 * r1 + c1] != grid[9 * r2 + c2] ||
                        grid[9 * r1 + c2] != grid[9 * r2 + c1])
                        continue;
                    at[0] = 9 * r1 + c1, at[1] = 9 * r1 + c2;
                    at[2] = 9 * r2 + c1, at[3] = 9 * r2 + c2;
                    return true;
                }
            }
        }
    }
    return false;
}

/* A grid with only a rectangle left open has two solutions, and the second
 * is the first with the rectangle's digits swapped, found without a node. */
Test(fast9, a_rectangle_left_open_gives_the_second_solution_without_a_node)
{
    fixture fx[64];
    int n = load_fixture(HARD9, fx, 64), at[4];
    const fixture *x = NULL;
    for (int i = 0; i < n && !x; i++) {
        if (fx[i].count == 1 && find_rectangle(fx[i].solution, at)) x = &fx[i];
    }
    cr_assert_not_null(x, "no fixture solution holds a rectangle");
    uint8_t cells[81], buf[2 * 81];
    memcpy(cells, x->solution, 81);
    for (int k = 0; k < 4; k++) cells[at[k]] = 0;

    sudoku_result one, two;
    cr_assert_eq(fast(cells, 1, &one, buf, 1), SUDOKU_SOLVED);
    cr_assert_eq(fast(cells, 2, &two, buf, 2), SUDOKU_MULTIPLE);
    cr_assert(two.solution_count == 2 && !two.count_exact && two.solutions_stored == 2);
    cr_assert(is_solution_of(cells, buf) && is_solution_of(cells, buf + 81));
    for (int i = 0; i < 81; i++) {
        bool open = i == at[0] || i == at[1] || i == at[2] || i == at[3];
        cr_assert_eq(buf[i] != buf[81 + i], open, "cell %d", i);
    }
    cr_assert_eq(two.stats.nodes, one.stats.nodes, "the second solution cost %llu nodes",
                 (unsigned long long)(two.stats.nodes - one.stats.nodes));
}

/* Proving serg's puzzles not unique: two different solutions, both keeping
 * the givens, and on most of them the second costs no node past the first
 * (a swap of two digits on cells none of them given shows it). */
Test(fast9, proves_serg_puzzles_not_unique_mostly_by_a_swap)
{
    FILE *f = fopen(SHARED "puzzles7_serg_benchmark", "r");
    if (!f) cr_skip_test("shared data is not part of a plain clone");
    char line[256];
    int n = 0, free_second = 0;
    while (n < 1000 && fgets(line, sizeof(line), f)) {
        uint8_t cells[81], buf[2 * 81];
        sudoku_result one, two;
        to_cells(line, cells);
        n++;
        cr_assert_eq(fast(cells, 1, &one, buf, 1), SUDOKU_SOLVED, "line %d", n);
        cr_assert_eq(fast(cells, 2, &two, buf, 2), SUDOKU_MULTIPLE, "line %d", n);
        cr_assert_eq(two.solutions_stored, 2, "line %d", n);
        cr_assert(is_solution_of(cells, buf) && is_solution_of(cells, buf + 81), "line %d", n);
        cr_assert(memcmp(buf, buf + 81, 81) != 0, "line %d: the same solution twice", n);
        free_second += two.stats.nodes == one.stats.nodes;
    }
    fclose(f);
    cr_assert_eq(n, 1000);
    cr_assert_gt(free_second, n / 2, "%d of %d seconds without a node", free_second, n);
}

Test(fast9, wrong_clue_leaves_no_solution)
{
    fixture fx[64];
    int n = load_fixture(HARD9, fx, 64), made = 0;
    for (int i = 0; i < n; i++) {
        if (fx[i].count != 1) continue;
        /* a unique puzzle plus a clue that differs from its solution but breaks
         * no rule of the givens has no solution at all */
        for (int cell = 0; cell < 81; cell++) {
            if (fx[i].cells[cell]) continue;
            uint8_t cells[81];
            memcpy(cells, fx[i].cells, 81);
            for (int v = 1; v <= 9; v++) {
                if (v == fx[i].solution[cell]) continue;
                cells[cell] = (uint8_t)v;
                sudoku_puzzle p;
                sudoku_puzzle_init(&p, 9, 3, 3, NULL);
                memcpy(p.cells, cells, 81);
                if (sudoku_conflicts(&p, NULL, 0) == 0) break;
                cells[cell] = 0;
            }
            if (!cells[cell]) continue;
            sudoku_result r, g;
            cr_assert_eq(fast(cells, 2, &r, NULL, 0), SUDOKU_NO_SOLUTION, "line %d cell %d", i + 1,
                         cell);
            cr_assert(r.count_exact && r.solution_count == 0);
            cr_assert_eq(generic(cells, 2, &g, NULL, 0), SUDOKU_NO_SOLUTION);
            made++;
            cell += 7; /* a few cells per puzzle */
        }
    }
    cr_assert_gt(made, 50);
}

Test(fast9, agrees_with_naive_reference_on_thinned_grids)
{
    fixture fx[64];
    int n = load_fixture(HARD9, fx, 64), tried = 0;
    sudoku_rng_seed(&rng, 12345);
    for (int i = 0; i < n; i++) {
        if (fx[i].count != 1) continue;
        for (int k = 0; k < 10; k++) {
            /* a full grid with 40 to 55 random cells blanked: often several solutions */
            uint8_t cells[81], sol[81];
            memcpy(cells, fx[i].solution, 81);
            memcpy(sol, fx[i].solution, 81);
            relabel(cells, sol);
            int blanks = 40 + (int)rng_below(16);
            for (int b = 0; b < blanks;) {
                int cell = (int)rng_below(81);
                if (cells[cell]) cells[cell] = 0, b++;
            }
            sudoku_puzzle p;
            sudoku_puzzle_init(&p, 9, 3, 3, NULL);
            memcpy(p.cells, cells, 81);
            uint8_t first[81], a[81];
            uint64_t want = ref_solve(&p, 50, first);
            sudoku_result r;
            fast(cells, 50, &r, a, 1);
            cr_assert_eq(r.solution_count, want, "line %d try %d: %llu vs reference %llu", i + 1, k,
                         (unsigned long long)r.solution_count, (unsigned long long)want);
            cr_assert_eq(r.count_exact, want < 50);
            if (want == 1) cr_assert_arr_eq(a, first, 81);
            tried++;
        }
    }
    cr_assert_gt(tried, 100);
}

Test(fast9, counts_empty_grid_to_a_million)
{
    uint8_t cells[81] = {0}, buf[81 * 4];
    sudoku_result r;
    cr_assert_eq(fast(cells, 1000000, &r, buf, 4), SUDOKU_MULTIPLE);
    cr_assert_eq(r.solution_count, 1000000);
    cr_assert(!r.count_exact);
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_NONE);
    cr_assert_eq(r.solutions_stored, 4);
    for (int k = 0; k < 4; k++) cr_assert(is_solution_of(cells, buf + 81 * k));
    cr_assert(memcmp(buf, buf + 81, 81) != 0);
}

/* A puzzle that needs guesses: the fixture's hardest. */
static void hard_cells(uint8_t *cells)
{
    fixture fx[4];
    load_fixture(HARD9, fx, 1);
    memcpy(cells, fx[0].cells, 81);
}

Test(fast9, node_budget_returns_limit)
{
    uint8_t cells[81];
    hard_cells(cells);
    sudoku_limits lim = {0};
    lim.max_solutions = 2;
    sudoku_result r;
    memset(&r, 0, sizeof(r));
    cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_SOLVED);
    uint64_t need = r.stats.nodes;
    cr_assert_gt(need, 8, "the fixture's first puzzle should need a search");

    uint64_t budgets[] = {1, 2, need / 2, need - 1};
    for (size_t k = 0; k < sizeof(budgets) / sizeof(budgets[0]); k++) {
        lim.node_budget = budgets[k];
        memset(&r, 0, sizeof(r));
        cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_LIMIT, "budget %llu",
                     (unsigned long long)budgets[k]);
        cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_NODES);
        cr_assert(!r.count_exact);
        cr_assert_eq(r.stats.nodes, budgets[k]);
    }
    /* exactly enough: the answer */
    lim.node_budget = need;
    memset(&r, 0, sizeof(r));
    cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_SOLVED);
    cr_assert(r.count_exact);
}

Test(fast9, past_deadline_returns_limit)
{
    uint8_t cells[81];
    hard_cells(cells);
    sudoku_limits lim = {0};
    lim.max_solutions = 2;
    lim.deadline_ns = 1; /* long gone */
    sudoku_result r;
    memset(&r, 0, sizeof(r));
    cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_LIMIT);
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_DEADLINE);
    cr_assert_leq(r.stats.nodes, 1); /* stopped at the first branch */
}

Test(fast9, deadline_stops_a_long_count_promptly)
{
    uint8_t cells[81] = {0};
    sudoku_limits lim = {0};
    lim.max_solutions = UINT64_MAX; /* about 6.7e21 solutions: never finishes */
    uint64_t start = sudoku_now_ns();
    lim.deadline_ns = start + 20 * 1000000ull;
    sudoku_result r;
    memset(&r, 0, sizeof(r));
    cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_MULTIPLE); /* two seen: that stands */
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_DEADLINE);
    cr_assert(!r.count_exact && r.solution_count > 2);
    uint64_t took = sudoku_now_ns() - start;
    cr_assert_lt(took, 1000 * 1000000ull, "took %llu ns", (unsigned long long)took);
}

Test(fast9, cancel_flag_returns_limit)
{
    uint8_t cells[81];
    hard_cells(cells);
    atomic_int cancel = 1;
    sudoku_limits lim = {0};
    lim.max_solutions = 2;
    lim.cancel = &cancel;
    sudoku_result r;
    memset(&r, 0, sizeof(r));
    cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_LIMIT);
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_CANCEL);
    atomic_store(&cancel, 0);
    memset(&r, 0, sizeof(r));
    cr_assert_eq(sdk_fast9_solve(cells, &lim, &r), SUDOKU_SOLVED);
}

Test(fast9, no_limits_means_one_solution)
{
    uint8_t cells[81] = {0}, buf[81];
    sudoku_result r;
    memset(&r, 0, sizeof(r));
    r.solutions = buf;
    r.solutions_capacity = 1;
    cr_assert_eq(sdk_fast9_solve(cells, NULL, &r), SUDOKU_SOLVED);
    cr_assert(r.solution_count == 1 && !r.count_exact && is_solution_of(cells, buf));
}

Test(fast9, refuses_bad_givens)
{
    uint8_t cells[81] = {0};
    sudoku_result r;
    cells[40] = 10;
    cr_assert_eq(fast(cells, 2, &r, NULL, 0), SUDOKU_INVALID);
    cells[40] = 5;
    cells[44] = 5; /* same row */
    cr_assert_eq(fast(cells, 2, &r, NULL, 0), SUDOKU_CONFLICT);
    cr_assert_eq(r.solution_count, 0);
    cells[80] = 255; /* a bad value outranks a conflict, as in sudoku_puzzle_check */
    cr_assert_eq(fast(cells, 2, &r, NULL, 0), SUDOKU_INVALID);
}

/* A digit twice in a row, a column or a box, in every band and stack, each
 * with a third cell of that digit elsewhere that breaks nothing. */
Test(fast9, finds_every_kind_of_repeated_given)
{
    for (int d = 1; d <= 9; d++) {
        for (int a = 0; a < 81; a++) {
            for (int b = a + 1; b < 81; b++) {
                int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
                bool same = ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
                if (!same && (a + b + d) % 7 != 0) continue; /* a sample of the fine pairs */
                uint8_t cells[81] = {0};
                sudoku_result r;
                cells[a] = cells[b] = (uint8_t)d;
                cr_assert_eq(fast(cells, 1, &r, NULL, 0), same ? SUDOKU_CONFLICT : SUDOKU_SOLVED,
                             "digit %d at r%dc%d and r%dc%d", d, ra + 1, ca + 1, rb + 1, cb + 1);
            }
        }
    }
}

#if SDK_FAST9_V3
/* The AVX2 build and the baseline build are the same search: the same
 * answers and the same counts, on unique puzzles and on puzzles with many
 * solutions. */
static void check_builds_agree(const char *name, int limit)
{
    char path[256], line[256];
    snprintf(path, sizeof(path), SHARED "%s", name);
    FILE *f = fopen(path, "r");
    if (!f) cr_skip_test("%s absent: shared data is not part of a plain clone", path);
    int n = 0;
    while (n < limit && fgets(line, sizeof(line), f)) {
        uint8_t cells[81], a[2 * 81], b[2 * 81];
        to_cells(line, cells);
        sudoku_limits lim = {.max_solutions = 2};
        sudoku_result r = {.solutions = a, .solutions_capacity = 2};
        sudoku_result q = {.solutions = b, .solutions_capacity = 2};
        n++;
        sudoku_status sb = sdk_fast9_solve_base(cells, &lim, &r);
        cr_assert_eq(sdk_fast9_solve_v3(cells, &lim, &q), sb, "%s line %d", name, n);
        cr_assert_eq(r.solutions_stored, q.solutions_stored, "%s line %d", name, n);
        cr_assert_arr_eq(a, b, 81 * r.solutions_stored, "%s line %d", name, n);
        cr_assert_arr_eq(&r.stats, &q.stats, sizeof(r.stats), "%s line %d: stats", name, n);
    }
    fclose(f);
    cr_assert_gt(n, 0);
}

Test(fast9, avx2_build_agrees_with_baseline)
{
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi2"))
        cr_skip_test("this CPU has no AVX2 and BMI2");
    check_builds_agree("puzzles3_magictour_top1465", 1465);
    check_builds_agree("puzzles7_serg_benchmark", 2000);
}
#endif

Test(fast9, sudoku_solve_takes_the_fast_path_for_plain_9x9)
{
    fixture fx[4];
    load_fixture(HARD9, fx, 1);
    sudoku_solver *s = sudoku_solver_new(9);
    sudoku_puzzle p;
    sudoku_puzzle_init(&p, 9, 0, 0, NULL);
    memcpy(p.cells, fx[0].cells, 81);
    sudoku_limits lim = {0};
    lim.max_solutions = 2;
    sudoku_result r, q;
    uint8_t a[81];
    memset(&r, 0, sizeof(r));
    r.solutions = a;
    r.solutions_capacity = 1;
    cr_assert_eq(sudoku_solve(s, &p, &lim, &r), SUDOKU_SOLVED);
    cr_assert_arr_eq(a, fx[0].solution, 81);
    memset(&q, 0, sizeof(q));
    sdk_fast9_solve(p.cells, &lim, &q);
    /* the same search ran: the same node count */
    cr_assert_eq(r.stats.nodes, q.stats.nodes);
    sudoku_solver_free(s);
}
