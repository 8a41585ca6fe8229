/* unit_generate.c -- the puzzle generator (solver/generate.c): every puzzle
 * has one solution by two unrelated judges (sudoku_solve and the exact-cover
 * solver of tests/support/dlx.c), its givens follow the asked symmetry, a
 * minimal one loses uniqueness with any given (orbit) taken away, the same
 * seed gives the same bytes (pinned below: changing them changes every
 * published seed), the difficulty target and budgets end as documented, and
 * a puzzle asked of a level is of that level by sudoku_rate().
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "solver/sudoku.h"
#include "tests/support/dlx.h"
#include "tests/support/symmetry.h"

/* Generator state is large (a puzzle is 8 KiB): keep it static, as the other
 * solver tests do. */
static sudoku_puzzle shape, out, probe;
static uint8_t solution[SUDOKU_MAX_CELLS];
static sudoku_solver *solver;

static void setup(void)
{
    solver = sudoku_solver_new(0);
    cr_assert_not_null(solver);
}

static void teardown(void)
{
    sudoku_solver_free(solver);
}

static void init_shape(int size, int box_rows, int box_cols, bool diagonal)
{
    cr_assert_eq(sudoku_puzzle_init(&shape, size, box_rows, box_cols, NULL), 0);
    shape.diagonal = diagonal;
}

/* Regions from a text layout of symbols 1..N, one per cell. */
static void init_jigsaw(const char *layout, bool diagonal)
{
    char err[SUDOKU_ERR_LEN];
    cr_assert_eq(sudoku_parse(layout, strlen(layout), 0, 0, 0, &probe, err), 0, "%s", err);
    init_shape(probe.size, 0, 0, diagonal);
    for (int i = 0; i < probe.size * probe.size; i++)
        shape.regions[i] = (uint8_t)(probe.cells[i] - 1);
    shape.has_regions = true;
    cr_assert_eq(sudoku_puzzle_check(&shape, err), 0, "%s", err);
}

static sudoku_generated generate(uint64_t seed, const sudoku_generate_opts *o)
{
    sudoku_generated g;
    sudoku_generate(solver, &shape, seed, o, &out, solution, &g);
    return g;
}

/* Number of solutions of `p` up to 2 by sudoku_solve, which must be exact. */
static uint64_t solver_count(const sudoku_puzzle *p)
{
    sudoku_limits lim = {.max_solutions = 2};
    sudoku_result r = {0};
    sudoku_solve(solver, p, &lim, &r);
    cr_assert(r.count_exact || r.solution_count == 2, "%s", sudoku_status_str(r.status));
    return r.solution_count;
}

/* The generated puzzle in `out` has exactly one solution, `solution`, by
 * both solvers; its givens are the solution's; g reports them. */
static void check_unique(const sudoku_generated *g, const char *what)
{
    static uint8_t first[SUDOKU_MAX_CELLS];
    int cells = out.size * out.size, givens = 0;
    cr_assert_eq(g->status, SUDOKU_SOLVED, "%s: %s", what, sudoku_status_str(g->status));
    cr_assert(sudoku_is_solution(&out, solution), "%s: solution breaks a rule", what);
    for (int i = 0; i < cells; i++) {
        cr_assert(out.cells[i] == 0 || out.cells[i] == solution[i], "%s: cell %d", what, i);
        givens += out.cells[i] != 0;
    }
    cr_assert_eq(g->givens, givens, "%s", what);
    cr_assert_lt(givens, cells, "%s: nothing blanked", what);
    cr_assert_eq(solver_count(&out), 1, "%s: sudoku_solve", what);
    cr_assert_eq(dlx_count(&out, 2, first), 1, "%s: exact cover", what);
    cr_assert_arr_eq(first, solution, (size_t)cells, "%s: exact cover's solution", what);
}

static const sudoku_symmetry all_symmetries[] = {
    SUDOKU_SYMMETRY_NONE,   SUDOKU_SYMMETRY_ROTATIONAL, SUDOKU_SYMMETRY_ROTATIONAL90,
    SUDOKU_SYMMETRY_MIRROR, SUDOKU_SYMMETRY_DIAGONAL,
};
enum { NSYMMETRIES = sizeof(all_symmetries) / sizeof(all_symmetries[0]) };

TestSuite(generate, .init = setup, .fini = teardown);

Test(generate, puzzles_of_every_shape_are_unique_by_two_solvers)
{
    static const int shapes[][4] = {
        {4, 2, 2, 0}, {6, 2, 3, 0}, {6, 3, 2, 0},  {8, 2, 4, 0},  {9, 3, 3, 0},
        {9, 3, 3, 1}, {4, 2, 2, 1}, {10, 2, 5, 0}, {12, 3, 4, 0}, {12, 4, 3, 0},
    };
    char what[64];
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        init_shape(shapes[k][0], shapes[k][1], shapes[k][2], shapes[k][3]);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            sudoku_generate_opts o = {.symmetry = all_symmetries[seed % NSYMMETRIES]};
            snprintf(what, sizeof(what), "%dx%d diag %d seed %llu", shapes[k][1], shapes[k][2],
                     shapes[k][3], (unsigned long long)seed);
            sudoku_generated g = generate(seed, &o);
            check_unique(&g, what);
            cr_assert_eq(g.attempts, 1, "%s", what);
            cr_assert_eq(g.score, -1, "%s", what);
        }
    }
}

/* The layouts of tests/data/jigsaw.txt and jigsaw_diagonal.txt. */
static const char jigsaw6[] = "111222131244133224333444555666555666";
static const char jigsaw9[] =
    "112222233111222333111123336455555366444455666444455669777888969777899999777888889";

Test(generate, jigsaws_are_unique_by_two_solvers)
{
    static const struct {
        const char *layout;
        bool diagonal;
    } shapes[] = {{jigsaw6, false}, {jigsaw9, false}, {jigsaw9, true}};
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        init_jigsaw(shapes[k].layout, shapes[k].diagonal);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            sudoku_generated g = generate(seed, NULL);
            check_unique(&g, shapes[k].layout);
        }
    }
}

Test(generate, a_jigsaw_without_any_grid_is_invalid)
{
    /* the 6x6 layout with both diagonals as units has no complete grid */
    init_jigsaw(jigsaw6, true);
    cr_assert_eq(dlx_count(&shape, 1, NULL), 0);
    sudoku_generated g = generate(1, NULL);
    cr_assert_eq(g.status, SUDOKU_INVALID);
    cr_assert_eq(g.givens, 0);
}

Test(generate, a_16x16_is_unique_by_two_solvers)
{
    init_shape(16, 4, 4, false);
    sudoku_generate_opts o = {.symmetry = SUDOKU_SYMMETRY_ROTATIONAL};
    sudoku_generated g = generate(7, &o);
    check_unique(&g, "16x16");
    cr_assert_lt(g.givens, 256 * 6 / 10, "16x16 kept %d givens", g.givens);
}

Test(generate, givens_follow_every_symmetry)
{
    static const int shapes[][3] = {{9, 3, 3}, {6, 2, 3}, {8, 4, 2}, {16, 4, 4}};
    for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
        init_shape(shapes[s][0], shapes[s][1], shapes[s][2], false);
        int n = shape.size;
        for (int k = 0; k < NSYMMETRIES; k++) {
            sudoku_generate_opts o = {.symmetry = all_symmetries[k]};
            for (uint64_t seed = 1; seed <= (n > 9 ? 1 : 4); seed++) {
                sudoku_generated g = generate(seed, &o);
                cr_assert_eq(g.status, SUDOKU_SOLVED);
                for (int r = 0; r < n; r++) {
                    for (int c = 0; c < n; c++) {
                        cr_assert_eq(out.cells[r * n + c] != 0,
                                     out.cells[test_symmetry_image(o.symmetry, n, r, c)] != 0,
                                     "%dx%d %s seed %llu r%dc%d", n, n,
                                     sudoku_symmetry_str(o.symmetry), (unsigned long long)seed,
                                     r + 1, c + 1);
                    }
                }
            }
        }
    }
}

/* Each orbit of symmetry k among the givens of `out`, blanked alone, leaves
 * two solutions by the exact-cover solver. */
static void assert_minimal(sudoku_symmetry k, uint64_t seed)
{
    int n = out.size;
    probe = out;
    for (int i = 0; i < n * n; i++) {
        if (!out.cells[i]) continue;
        int x = i;
        do {
            probe.cells[x] = 0;
            x = test_symmetry_image(k, n, x / n, x % n);
        } while (x != i);
        cr_assert_eq(dlx_count(&probe, 2, NULL), 2, "%dx%d %s seed %llu: r%dc%d can go", n, n,
                     sudoku_symmetry_str(k), (unsigned long long)seed, i / n + 1, i % n + 1);
        memcpy(probe.cells, out.cells, (size_t)(n * n));
    }
}

Test(generate, minimal_puzzles_lose_uniqueness_with_any_given_or_orbit)
{
    sudoku_generate_opts o = {.minimal = true};
    init_shape(9, 3, 3, false);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        sudoku_generated g = generate(seed, &o);
        check_unique(&g, "minimal 9x9");
        assert_minimal(o.symmetry, seed);
    }
    /* with a symmetry, minimal means no orbit can go */
    init_shape(6, 2, 3, false);
    for (int k = 1; k < NSYMMETRIES; k++) {
        o.symmetry = all_symmetries[k];
        for (uint64_t seed = 1; seed <= 4; seed++) {
            sudoku_generated g = generate(seed, &o);
            check_unique(&g, "minimal 6x6");
            assert_minimal(o.symmetry, seed);
        }
    }
}

/* The seed contract: these strings are what the seeds give on every
 * machine and build. A change to them is a change to every puzzle a user
 * has a seed for: make it on purpose, and say so. */
Test(generate, fixed_seeds_give_fixed_puzzles)
{
    static const struct {
        int size, box_rows, box_cols;
        bool diagonal;
        sudoku_symmetry symmetry;
        bool minimal;
        uint64_t seed;
        const char *puzzle;
    } want[] = {
        {9, 3, 3, false, SUDOKU_SYMMETRY_ROTATIONAL, false, 1,
         ".37.2..41...31.....9...4.7...2...3.....142.....8...6...5.4...2.....71...17..6.49."},
        {9, 3, 3, false, SUDOKU_SYMMETRY_ROTATIONAL, false, 42,
         "...9214........8.24..3......986..7..37.....46..4..723......6..76.1........7452..."},
        {9, 3, 3, false, SUDOKU_SYMMETRY_NONE, true, 1,
         ".3.926..1..4.....5....8...37......54.6.1..7...4...36............2.87........6.498"},
        {9, 3, 3, true, SUDOKU_SYMMETRY_MIRROR, false, 3,
         "...6.9......4.7...5..1.8..21.......7.3.....5...2...9.....3.5....9.....7..7.....4."},
        {6, 2, 3, false, SUDOKU_SYMMETRY_DIAGONAL, false, 0,
         ".4..6.62.........3....544..1....34.."},
        {16, 4, 4, false, SUDOKU_SYMMETRY_ROTATIONAL90, false, 5,
         ".7F.2.834........4.G.5A...32.9DE.2...1.....6C..3..3.4D.G......A..ED....9GB..1..8.C......"
         "DA..4B6.....D6.7......EFF...3C.8E2.75..D"
         "D..6E.4B2.C5...G31......B.AE.....5CA..12......3.E..F..DC1....7B..3......8.2C.F..4..28...."
         ".D...C.5DE.CB...7G.3.1........D95.F.G4."},
    };
    char text[SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE + 1];
    for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
        init_shape(want[k].size, want[k].box_rows, want[k].box_cols, want[k].diagonal);
        sudoku_generate_opts o = {.symmetry = want[k].symmetry, .minimal = want[k].minimal};
        sudoku_generated g = generate(want[k].seed, &o);
        cr_assert_eq(g.status, SUDOKU_SOLVED);
        cr_assert_gt(sudoku_format(&out, out.cells, text, sizeof(text)), 0);
        cr_assert_str_eq(text, want[k].puzzle, "case %zu", k);
    }
}

Test(generate, the_same_seed_repeats_and_other_seeds_differ)
{
    static uint8_t first[81], first_solution[81];
    init_shape(9, 3, 3, false);
    generate(99, NULL);
    memcpy(first, out.cells, 81);
    memcpy(first_solution, solution, 81);
    /* a solver that served other shapes in between changes nothing */
    init_shape(16, 4, 4, false);
    generate(1, NULL);
    init_shape(9, 3, 3, false);
    generate(99, NULL);
    cr_assert_arr_eq(out.cells, first, 81);
    cr_assert_arr_eq(solution, first_solution, 81);
    /* 50 seeds, 50 different grids */
    static uint8_t grids[50][81];
    for (int k = 0; k < 50; k++) {
        generate((uint64_t)k + 1000, NULL);
        memcpy(grids[k], solution, 81);
        for (int j = 0; j < k; j++) cr_assert(memcmp(grids[j], grids[k], 81) != 0, "%d = %d", j, k);
    }
}

Test(generate, grids_spread_every_symbol_over_every_cell)
{
    /* 360 seeds: every symbol of every cell expected 40 times. The fill
     * guesses in random order, so no cell should favour a symbol the way a
     * pattern grid (or a lowest-first search) would; the bounds are loose
     * enough for chance (a binomial's 5 sigma) and the seeds are fixed. */
    enum { SEEDS = 360 };
    static int seen[81][10];
    init_shape(9, 3, 3, false);
    memset(seen, 0, sizeof(seen));
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        generate(seed, NULL);
        for (int i = 0; i < 81; i++) seen[i][solution[i]]++;
    }
    for (int i = 0; i < 81; i++) {
        for (int v = 1; v <= 9; v++) {
            cr_assert(seen[i][v] > 10 && seen[i][v] < 72, "r%dc%d holds %d in %d of %d grids",
                      i / 9 + 1, i % 9 + 1, v, seen[i][v], SEEDS);
        }
    }
}

/* A score function for the tests: the number of blanks, so a target range
 * of blanks is a difficulty target the tests can reason about. */
static int count_blanks(const sudoku_puzzle *p, int score_max, void *arg)
{
    (void)score_max;
    int *calls = arg, blanks = 0;
    (*calls)++;
    for (int i = 0; i < p->size * p->size; i++) blanks += p->cells[i] == 0;
    return blanks;
}

Test(generate, a_score_target_is_met_or_the_closest_is_returned)
{
    int calls = 0;
    init_shape(9, 3, 3, false);
    sudoku_generate_opts o = {.score = count_blanks, .score_arg = &calls, .max_attempts = 50};
    /* a reachable target: 56 or more blanks (25 givens or fewer) */
    o.score_min = 56;
    o.score_max = 81;
    sudoku_generated g = generate(3, &o);
    check_unique(&g, "target");
    cr_assert_geq(g.score, 56);
    cr_assert_eq(g.score, 81 - g.givens);
    cr_assert_eq((int)g.attempts, calls);

    /* out of reach (no unique 9x9 has 17 blanks... or 80): the closest after every attempt */
    calls = 0;
    o.score_min = 80;
    o.max_attempts = 5;
    g = generate(3, &o);
    cr_assert_eq(g.status, SUDOKU_LIMIT);
    cr_assert_eq(g.limit_reason, SUDOKU_LIMIT_ATTEMPTS);
    cr_assert_eq(g.attempts, 5);
    cr_assert_eq(calls, 5);
    cr_assert_eq(g.score, 81 - g.givens);
    cr_assert_eq(solver_count(&out), 1);
    cr_assert_eq(dlx_count(&out, 2, NULL), 1);
    /* the closest is the most blanks of the five, which the same seed repeats */
    int best = g.score;
    g = generate(3, &o);
    cr_assert_eq(g.score, best);
}

/* A score function that solves with the generator's own solver, as the
 * contract allows: the search nodes a solve takes. */
static int nodes_with_generator_solver(const sudoku_puzzle *p, int score_max, void *arg)
{
    (void)score_max;
    (void)arg;
    sudoku_limits lim = {.max_solutions = 2};
    sudoku_result r = {0};
    cr_assert_eq(sudoku_solve(solver, p, &lim, &r), SUDOKU_SOLVED);
    return (int)r.stats.nodes;
}

Test(generate, the_score_function_may_use_the_generator_solver)
{
    init_shape(6, 2, 3, false);
    sudoku_generate_opts o = {.score = nodes_with_generator_solver,
                              .score_min = 1 << 30,
                              .score_max = 1 << 30,
                              .max_attempts = 8};
    sudoku_generated g = generate(11, &o);
    cr_assert_eq(g.status, SUDOKU_LIMIT);
    cr_assert_eq(g.attempts, 8);
    cr_assert_eq(dlx_count(&out, 2, NULL), 1);
    /* the same run without the score function in between makes the same first puzzle */
    static uint8_t scored[36];
    o.max_attempts = 1;
    generate(11, &o);
    memcpy(scored, out.cells, 36);
    generate(11, NULL);
    cr_assert_arr_eq(out.cells, scored, 36);
}

/* A score function that raises the cancel flag in arg and answers 5, after
 * checking it is told the top of the target range: the generator must stop
 * before the next candidate and keep this one. */
static int cancel_after_scoring(const sudoku_puzzle *p, int score_max, void *arg)
{
    (void)p;
    cr_assert_eq(score_max, 60);
    atomic_store((atomic_int *)arg, 1);
    return 5;
}

Test(generate, a_stop_keeps_the_best_candidate_so_far)
{
    atomic_int cancel = 0;
    init_shape(9, 3, 3, false);
    sudoku_generate_opts o = {.score = cancel_after_scoring,
                              .score_arg = &cancel,
                              .score_min = 50,
                              .score_max = 60,
                              .max_attempts = 1000,
                              .cancel = &cancel};
    sudoku_generated g = generate(4, &o);
    cr_assert_eq(g.status, SUDOKU_LIMIT);
    cr_assert_eq(g.limit_reason, SUDOKU_LIMIT_CANCEL);
    cr_assert_eq(g.attempts, 1);
    cr_assert_eq(g.score, 5);
    cr_assert_gt(g.givens, 0);
    cr_assert_eq(solver_count(&out), 1);
    cr_assert_eq(dlx_count(&out, 2, NULL), 1);
    /* it is the seed's first candidate */
    static uint8_t kept[81];
    memcpy(kept, out.cells, 81);
    generate(4, NULL);
    cr_assert_arr_eq(out.cells, kept, 81);
}

Test(generate, deadline_and_cancel_stop_with_a_limit)
{
    init_shape(16, 4, 4, false);
    sudoku_generate_opts o = {.deadline_ns = sudoku_now_ns()};
    sudoku_generated g = generate(1, &o);
    cr_assert_eq(g.status, SUDOKU_LIMIT);
    cr_assert_eq(g.limit_reason, SUDOKU_LIMIT_DEADLINE);
    cr_assert_eq(g.givens, 0);

    atomic_int cancel = 1;
    o = (sudoku_generate_opts){.cancel = &cancel, .minimal = true};
    g = generate(1, &o);
    cr_assert_eq(g.status, SUDOKU_LIMIT);
    cr_assert_eq(g.limit_reason, SUDOKU_LIMIT_CANCEL);

    /* a deadline mid-way through thinning a 25x25: what is left is still unique */
    init_shape(25, 5, 5, false);
    o = (sudoku_generate_opts){.minimal = true};
    uint64_t start = sudoku_now_ns();
    o.deadline_ns = start + 300 * 1000000ull;
    g = generate(1, &o);
    cr_assert_lt(sudoku_now_ns() - start, 2000 * 1000000ull);
    if (g.status == SUDOKU_LIMIT && g.givens > 0) {
        cr_assert_eq(g.limit_reason, SUDOKU_LIMIT_DEADLINE);
        cr_assert_eq(dlx_count(&out, 2, NULL), 1);
    }
}

Test(generate, bad_shapes_and_options_are_invalid)
{
    sudoku_solver *small = sudoku_solver_new(9);
    sudoku_generated g;
    init_shape(16, 4, 4, false);
    cr_assert_eq(sudoku_generate(small, &shape, 1, NULL, &out, NULL, &g), SUDOKU_INVALID);
    init_shape(9, 3, 3, false);
    sudoku_generate_opts o = {.symmetry = (sudoku_symmetry)NSYMMETRIES};
    cr_assert_eq(sudoku_generate(small, &shape, 1, &o, &out, NULL, &g), SUDOKU_INVALID);
    shape.box_cols = 4;
    cr_assert_eq(sudoku_generate(small, &shape, 1, NULL, &out, NULL, &g), SUDOKU_INVALID);
    sudoku_solver_free(small);
}

Test(generate, symmetry_names_round_trip)
{
    for (int k = 0; k < NSYMMETRIES; k++) {
        sudoku_symmetry back = SUDOKU_SYMMETRY_NONE;
        cr_assert_eq(sudoku_symmetry_from_str(sudoku_symmetry_str(all_symmetries[k]), &back), 0);
        cr_assert_eq(back, all_symmetries[k]);
    }
    sudoku_symmetry untouched = SUDOKU_SYMMETRY_MIRROR;
    cr_assert_eq(sudoku_symmetry_from_str("180", &untouched), -1);
    cr_assert_eq(untouched, SUDOKU_SYMMETRY_MIRROR);
    cr_assert_str_eq(sudoku_symmetry_str((sudoku_symmetry)NSYMMETRIES), "unknown");
    cr_assert_str_eq(sudoku_limit_reason_str(SUDOKU_LIMIT_ATTEMPTS), "attempts");
}

/* ---- levels: the rating as the target (solver/generate_rating.c) ----------- */

Test(generate, level_ranges_follow_the_level_cuts)
{
    static const int want[][2] = {{0, 15}, {16, 25}, {26, 44}, {45, 62}, {63, INT_MAX}};
    for (int k = SUDOKU_LEVEL_EASY; k <= SUDOKU_LEVEL_EXTREME; k++) {
        int min = -7, max = -7;
        cr_assert_eq(sudoku_level_range((sudoku_level)k, &min, &max), 0);
        cr_assert(min == want[k][0] && max == want[k][1], "%s: %d..%d",
                  sudoku_level_str((sudoku_level)k), min, max);
        sudoku_level back = SUDOKU_LEVEL_EXTREME;
        cr_assert_eq(sudoku_level_from_str(sudoku_level_str((sudoku_level)k), &back), 0);
        cr_assert_eq((int)back, k);
    }
    int min = -7, max = -7;
    cr_assert_eq(sudoku_level_range((sudoku_level)99, &min, &max), -1);
    cr_assert(min == -7 && max == -7);
    sudoku_level untouched = SUDOKU_LEVEL_HARD;
    cr_assert_eq(sudoku_level_from_str("diabolical", &untouched), -1);
    cr_assert_eq(untouched, SUDOKU_LEVEL_HARD);
}

static sudoku_logic *engine;

/* Per test, after the suite's setup(): the engine of the rating tests. */
static void setup_rating(void)
{
    engine = sudoku_logic_new();
    cr_assert_not_null(engine);
}

static void teardown_rating(void)
{
    sudoku_logic_free(engine);
}

Test(generate, the_stopping_score_is_the_rating_up_to_its_cap, .init = setup_rating,
     .fini = teardown_rating)
{
    sudoku_rating_scorer rs = {.lg = engine, .s = solver};
    sudoku_rating full;
    init_shape(9, 3, 3, false);
    sudoku_generate_opts o = {.minimal = true};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        generate(seed, &o);
        sudoku_logic_status st = sudoku_rate(engine, solver, &out, NULL, &full);
        cr_assert(st == SUDOKU_LOGIC_SOLVED || st == SUDOKU_LOGIC_STUCK);
        cr_assert_eq(sudoku_score_by_rating(&out, INT_MAX, &rs), full.score, "seed %llu",
                     (unsigned long long)seed);
        int capped = sudoku_score_by_rating(&out, 20, &rs);
        if (full.score <= 20)
            cr_assert_eq(capped, full.score, "seed %llu", (unsigned long long)seed);
        else
            cr_assert_gt(capped, 20, "seed %llu: %d", (unsigned long long)seed, capped);
    }
}

Test(generate, a_puzzle_asked_of_a_level_is_rated_that_level, .init = setup_rating,
     .fini = teardown_rating)
{
    sudoku_rating_scorer rs = {.lg = engine, .s = solver};
    sudoku_rating r;
    init_shape(9, 3, 3, false);
    for (int k = SUDOKU_LEVEL_EASY; k <= SUDOKU_LEVEL_EXTREME; k++) {
        sudoku_generate_opts o = {.symmetry = SUDOKU_SYMMETRY_ROTATIONAL,
                                  .minimal = k >= SUDOKU_LEVEL_HARD,
                                  .score = sudoku_score_by_rating,
                                  .score_arg = &rs,
                                  .max_attempts = 2000};
        cr_assert_eq(sudoku_level_range((sudoku_level)k, &o.score_min, &o.score_max), 0);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            sudoku_generated g = generate(seed, &o);
            check_unique(&g, sudoku_level_str((sudoku_level)k));
            sudoku_rate(engine, solver, &out, NULL, &r);
            cr_assert_eq(sudoku_level_of(r.score, r.needs_search), (sudoku_level)k,
                         "%s seed %llu: rated %d", sudoku_level_str((sudoku_level)k),
                         (unsigned long long)seed, r.score);
            cr_assert_eq(g.score, r.score);
            /* easy needs hidden singles alone; hard and harder do not fall to singles */
            bool singles_only = r.hardest == SUDOKU_TECH_HIDDEN_SINGLE_BOX ||
                                r.hardest == SUDOKU_TECH_HIDDEN_SINGLE_LINE ||
                                r.hardest == SUDOKU_TECH_NAKED_SINGLE;
            if (k == SUDOKU_LEVEL_EASY) cr_assert(singles_only && !r.needs_search);
            if (k >= SUDOKU_LEVEL_HARD) cr_assert(!singles_only || r.needs_search);
        }
    }
}
