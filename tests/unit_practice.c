/* unit_practice.c -- puzzles for a technique (solver/generate_technique.c):
 * the puzzle has one solution and sudoku_rate() names the technique as its
 * hardest step, the start state is where a hint names it, the same seed gives
 * the same puzzle, a walk up to a technique stops where a harder one is
 * needed, a budget ends the search with "limit", and every built-in example
 * rates its technique. Fast techniques only: a search for a rare one is a
 * bench's business (bench/practice.sh).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "solver/solver_int.h"

static sudoku_puzzle shape, out, again;
static uint8_t solution[SUDOKU_MAX_CELLS], values[SUDOKU_MAX_CELLS];
static uint64_t cand[SUDOKU_MAX_CELLS];
static sudoku_solver *solver;
static sudoku_logic *lg;

static void setup(void)
{
    solver = sudoku_solver_new(0);
    lg = sudoku_logic_new();
    cr_assert(solver && lg);
    cr_assert_eq(sudoku_puzzle_init(&shape, 9, 0, 0, NULL), 0);
}

static void teardown(void)
{
    sudoku_logic_free(lg);
    sudoku_solver_free(solver);
}

TestSuite(practice, .init = setup, .fini = teardown);

/* The budget of a test's search: generous, the techniques are found in ms. */
static sudoku_technique_opts budget(bool fresh)
{
    return (sudoku_technique_opts){.deadline_ns = sudoku_now_ns() + 20000000000u, .fresh = fresh};
}

/* Asserts that p has one solution, `solution`, and rates t. */
static void assert_rates(const sudoku_puzzle *p, sudoku_technique t)
{
    uint8_t found[SUDOKU_MAX_CELLS];
    sudoku_limits two = {.max_solutions = 2};
    sudoku_result r = {.solutions = found, .solutions_capacity = 1};
    cr_assert_eq(sudoku_solve(solver, p, &two, &r), SUDOKU_SOLVED);
    cr_assert_eq(r.solution_count, 1);
    sudoku_rating rating;
    cr_assert_eq(sudoku_rate(lg, solver, p, NULL, &rating), SUDOKU_LOGIC_SOLVED);
    cr_assert_eq(rating.hardest, t, "hardest %s, wanted %s", sudoku_technique_str(rating.hardest),
                 sudoku_technique_str(t));
}

Test(practice, the_puzzle_rates_its_technique_and_the_hint_at_its_start_names_it)
{
    static const sudoku_technique ts[] = {SUDOKU_TECH_X_WING, SUDOKU_TECH_XY_WING,
                                          SUDOKU_TECH_XYZ_WING, SUDOKU_TECH_UNIQUE_RECTANGLE,
                                          SUDOKU_TECH_JELLYFISH};
    for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++) {
        for (uint64_t seed = 1; seed <= 2; seed++) {
            sudoku_technique_opts o = budget(false);
            sudoku_practice rep;
            cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, ts[i], seed, &o, &out,
                                                   solution, values, cand, &rep),
                         SUDOKU_SOLVED, "%s seed %llu", sudoku_technique_str(ts[i]),
                         (unsigned long long)seed);
            assert_rates(&out, ts[i]);
            cr_assert(sudoku_is_solution(&out, solution));
            int givens = 0;
            for (int c = 0; c < 81; c++) {
                givens += out.cells[c] != 0;
                if (out.cells[c]) cr_assert_eq(values[c], out.cells[c], "the givens are placed");
                if (values[c])
                    cr_assert_eq(values[c], solution[c]);
                else
                    cr_assert(cand[c] >> (solution[c] - 1) & 1, "the solution stays a candidate");
            }
            cr_assert_eq(rep.givens, givens);
            cr_assert(rep.tries >= 1 && rep.walks >= 1);

            sudoku_hint h;
            cr_assert_eq(sudoku_hint_next(lg, solver, &out, values, cand, NULL, &h), SUDOKU_SOLVED);
            cr_assert_eq(h.kind, SUDOKU_HINT_STEP);
            cr_assert_eq(h.step.technique, ts[i], "the hint is %s",
                         sudoku_technique_str(h.step.technique));
        }
    }
}

Test(practice, the_same_seed_gives_the_same_puzzle_and_another_seed_another)
{
    sudoku_technique_opts o = budget(true);
    sudoku_practice rep;
    cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, SUDOKU_TECH_XY_WING, 7, &o, &out,
                                           solution, NULL, NULL, &rep),
                 SUDOKU_SOLVED);
    o = budget(true);
    cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, SUDOKU_TECH_XY_WING, 7, &o, &again,
                                           solution, NULL, NULL, &rep),
                 SUDOKU_SOLVED);
    cr_assert_eq(memcmp(out.cells, again.cells, 81), 0);
    o = budget(true);
    cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, SUDOKU_TECH_XY_WING, 8, &o, &again,
                                           solution, NULL, NULL, &rep),
                 SUDOKU_SOLVED);
    cr_assert_neq(memcmp(out.cells, again.cells, 81), 0);
}

Test(practice, a_walk_up_to_a_technique_is_stuck_where_a_harder_one_is_needed)
{
    /* rated with an XY-Wing as its hardest step: capped below it, the walk sticks */
    sudoku_technique_opts o = budget(true);
    sudoku_practice rep;
    cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, SUDOKU_TECH_XY_WING, 3, &o, &out,
                                           solution, NULL, NULL, &rep),
                 SUDOKU_SOLVED);
    sudoku_step st;
    sudoku_logic_status ls;
    for (int pass = 0; pass < 2; pass++) {
        sudoku_technique ceiling = pass == 0 ? SUDOKU_TECH_TURBOT_FISH : SUDOKU_TECH_XY_WING;
        cr_assert_eq(sudoku_logic_load(lg, &out, NULL, NULL), SUDOKU_LOGIC_STEP);
        while ((ls = sudoku_logic_next_upto(lg, ceiling, &st)) == SUDOKU_LOGIC_STEP) {
            cr_assert(st.score <= sudoku_technique_score(ceiling));
            sudoku_logic_apply(lg, &st);
        }
        cr_assert_eq(ls, pass == 0 ? SUDOKU_LOGIC_STUCK : SUDOKU_LOGIC_SOLVED);
    }
}

Test(practice, a_budget_ends_the_search_with_limit_and_no_puzzle)
{
    sudoku_technique_opts o = {.max_tries = 3, .fresh = true};
    sudoku_practice rep;
    cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, SUDOKU_TECH_NESTED_DYNAMIC_CHAIN, 1,
                                           &o, &out, solution, NULL, NULL, &rep),
                 SUDOKU_LIMIT);
    cr_assert_eq(rep.limit_reason, SUDOKU_LIMIT_ATTEMPTS);
    cr_assert_eq(rep.tries, 3);
    for (int c = 0; c < 81; c++) cr_assert_eq(out.cells[c], 0);
    cr_assert_eq(sudoku_generate_technique(solver, lg, &shape, SUDOKU_TECHNIQUE_COUNT, 1, &o, &out,
                                           solution, NULL, NULL, &rep),
                 SUDOKU_INVALID);
}

Test(practice, technique_keys_read_back_and_every_one_has_a_description)
{
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        sudoku_technique back;
        cr_assert_eq(sudoku_technique_from_str(sudoku_technique_str((sudoku_technique)t), &back),
                     0);
        cr_assert_eq(back, t);
        cr_assert(strlen(sudoku_technique_description((sudoku_technique)t)) > 10);
    }
    sudoku_technique none = SUDOKU_TECH_X_WING;
    cr_assert_eq(sudoku_technique_from_str("x-wing", &none), -1);
    cr_assert_eq(none, SUDOKU_TECH_X_WING);
}

Test(practice, every_built_in_example_rates_its_technique)
{
    int total = 0;
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        const char *text = NULL;
        int count = sdk_technique_examples((sudoku_technique)t, &text);
        for (int k = 0; k < count; k++, text += 82) {
            cr_assert_eq(text[81], '\n');
            cr_assert_eq(sudoku_parse(text, 81, 9, 3, 3, &out, NULL), 0);
            assert_rates(&out, (sudoku_technique)t);
        }
        total += count;
    }
    cr_assert(total >= 4, "the rarest rungs have examples");
}
