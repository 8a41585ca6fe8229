/* unit_relabel.c -- random relabellings (solver/relabel.c): the maps keep
 * boxes together, a relabelled puzzle has the same number of solutions and
 * the relabelled solution, the draws are uniform and fixed by the seed, and
 * shapes the moves would break are refused.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "solver/sudoku.h"
#include "tests/support/fixtures.h"

static void init_shape(sudoku_puzzle *p, int box_rows, int box_cols)
{
    cr_assert_eq(sudoku_puzzle_init(p, box_rows * box_cols, box_rows, box_cols, NULL), 0);
}

/* True when map[0..groups*width) permutes whole groups of `width` lines. */
static bool keeps_groups(const uint8_t *map, int groups, int width)
{
    bool seen[SUDOKU_MAX_SIZE] = {false};
    for (int g = 0; g < groups; g++) {
        int target = map[g * width] / width;
        for (int i = 0; i < width; i++) {
            int line = map[g * width + i];
            if (line / width != target || seen[line]) return false;
            seen[line] = true;
        }
    }
    return true;
}

/* True when sym[0] is 0 and sym[1..n] holds each of 1..n once. */
static bool is_symbol_permutation(const uint8_t *sym, int n)
{
    bool seen[SUDOKU_MAX_SIZE + 1] = {false};
    for (int v = 1; v <= n; v++) {
        if (sym[v] < 1 || sym[v] > n || seen[sym[v]]) return false;
        seen[sym[v]] = true;
    }
    return sym[0] == 0;
}

Test(relabel, maps_move_whole_bands_and_stacks)
{
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {8, 8}};
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 5);
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        static sudoku_puzzle p;
        sudoku_relabel t;
        int br = shapes[k][0], bc = shapes[k][1], n = br * bc;
        init_shape(&p, br, bc);
        for (int draw = 0; draw < 20; draw++) {
            cr_assert_eq(sudoku_relabel_random(&t, &p, &rng), 0);
            cr_assert_eq(t.size, n);
            cr_assert(keeps_groups(t.row, bc, br), "%dx%d rows", br, bc);
            cr_assert(keeps_groups(t.col, br, bc), "%dx%d columns", br, bc);
            cr_assert(is_symbol_permutation(t.sym, n), "%dx%d symbols", br, bc);
        }
    }
}

Test(relabel, a_fixed_seed_gives_fixed_maps)
{
    static const uint8_t row[] = {5, 4, 0, 1, 2, 3}, col[] = {3, 4, 5, 2, 0, 1},
                         sym[] = {0, 5, 4, 3, 6, 1, 2};
    static sudoku_puzzle p;
    sudoku_relabel t;
    sudoku_rng rng;
    init_shape(&p, 2, 3);
    sudoku_rng_seed(&rng, 1);
    cr_assert_eq(sudoku_relabel_random(&t, &p, &rng), 0);
    cr_assert_arr_eq(t.row, row, sizeof(row));
    cr_assert_arr_eq(t.col, col, sizeof(col));
    cr_assert_arr_eq(t.sym, sym, sizeof(sym));
}

Test(relabel, every_row_and_symbol_lands_anywhere_equally_often)
{
    enum { N = 9, DRAWS = 18000 };
    unsigned first_row[N] = {0}, first_sym[N] = {0};
    static sudoku_puzzle p;
    sudoku_relabel t;
    sudoku_rng rng;
    init_shape(&p, 3, 3);
    sudoku_rng_seed(&rng, 77);
    for (int i = 0; i < DRAWS; i++) {
        sudoku_relabel_random(&t, &p, &rng);
        first_row[t.row[0]]++;
        first_sym[t.sym[1] - 1]++;
    }
    double expect = DRAWS / N, x2_row = 0, x2_sym = 0;
    for (int i = 0; i < N; i++) {
        x2_row += (first_row[i] - expect) * (first_row[i] - expect) / expect;
        x2_sym += (first_sym[i] - expect) * (first_sym[i] - expect) / expect;
    }
    /* The chi-square quantile at p = 0.001 for 8 degrees of freedom. */
    cr_assert_lt(x2_row, 26.12, "rows: chi-square %.2f", x2_row);
    cr_assert_lt(x2_sym, 26.12, "symbols: chi-square %.2f", x2_sym);
}

Test(relabel, blanks_stay_blank)
{
    static sudoku_puzzle p;
    uint8_t in[16] = {0}, out[16];
    sudoku_relabel t;
    sudoku_rng rng;
    init_shape(&p, 2, 2);
    sudoku_rng_seed(&rng, 1);
    in[5] = 3;
    sudoku_relabel_random(&t, &p, &rng);
    sudoku_relabel_apply(&t, in, out);
    int filled = 0;
    for (int i = 0; i < 16; i++) filled += out[i] != 0;
    cr_assert_eq(filled, 1);
}

/* Solves p counting up to `cap` solutions; stores the first in first. */
static uint64_t count_solutions(sudoku_solver *s, const sudoku_puzzle *p, uint64_t cap,
                                uint8_t *first)
{
    sudoku_limits lim = {.max_solutions = cap};
    sudoku_result r = {.solutions = first, .solutions_capacity = 1};
    sudoku_solve(s, p, &lim, &r);
    cr_assert(r.count_exact);
    return r.solution_count;
}

Test(relabel, keeps_the_solution_count_and_maps_the_solution)
{
    size_t n;
    char **lines = test_read_lines("tests/data/shapes.txt", &n);
    sudoku_solver *s = sudoku_solver_new(0);
    static sudoku_puzzle p, q, sol;
    static uint8_t found[SUDOKU_MAX_CELLS], mapped[SUDOKU_MAX_CELLS];
    sudoku_relabel t;
    sudoku_rng rng;
    int checked = 0;

    cr_assert_not_null(s);
    sudoku_rng_seed(&rng, 11);
    for (size_t i = 0; i < n; i++) {
        if (lines[i][0] == '#') continue;
        char *count = strchr(lines[i], ':');
        cr_assert_not_null(count);
        cr_assert_eq(sudoku_parse(lines[i], (size_t)(count - lines[i]), 0, 0, 0, &p, NULL), 0);
        char *solution;
        uint64_t want = strtoull(count + 1, &solution, 10);
        cr_assert_eq(sudoku_relabel_random(&t, &p, &rng), 0);
        q = p;
        sudoku_relabel_apply(&t, p.cells, q.cells);
        cr_assert_eq(count_solutions(s, &q, want + 1, found), want, "line %zu", i + 1);
        if (want == 1) {
            cr_assert_eq(sudoku_parse(solution + 1, strlen(solution + 1), 0, 0, 0, &sol, NULL), 0);
            sudoku_relabel_apply(&t, sol.cells, mapped);
            cr_assert_arr_eq(found, mapped, (size_t)(p.size * p.size), "line %zu", i + 1);
        }
        checked++;
    }
    cr_assert_gt(checked, 20);
    sudoku_solver_free(s);
    test_free_lines(lines);
}

Test(relabel, shapes_the_moves_would_break_are_refused)
{
    static sudoku_puzzle diagonal, jigsaw, bad;
    sudoku_relabel t, before;
    sudoku_rng rng, untouched;
    init_shape(&diagonal, 3, 3);
    diagonal.diagonal = true;
    init_shape(&jigsaw, 2, 2);
    jigsaw.has_regions = true;
    init_shape(&bad, 3, 3);
    bad.box_cols = 2; /* 3x2 boxes cannot tile a 9x9 grid */
    memset(&t, 0xAB, sizeof(t));
    before = t;
    sudoku_rng_seed(&rng, 1);
    untouched = rng;
    cr_assert_eq(sudoku_relabel_random(&t, &diagonal, &rng), -1);
    cr_assert_eq(sudoku_relabel_random(&t, &jigsaw, &rng), -1);
    cr_assert_eq(sudoku_relabel_random(&t, &bad, &rng), -1);
    cr_assert_arr_eq(&t, &before, sizeof(t));
    cr_assert_arr_eq(rng.s, untouched.s, sizeof(rng.s));
}
