/* unit_logic.c -- the step engine (solver/logic/): soundness of every step
 * replayed against the solution, on 9x9 data sets and on generated puzzles
 * of every shape; fixtures asserting specific steps; ratings, levels, texts
 * and hints.
 *
 * Soundness is the property everything else rests on: a step may never place
 * a digit the solution does not have there, nor remove the one it has. The
 * replays run the engine exactly as a rating does (always the easiest step).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/sudoku.h"
#include "tests/support/fixtures.h"

#define TOP95    "../shared/data/top95.txt"
#define TOP1465  "../shared/data/puzzles3_magictour_top1465"
#define SEVENTEEN "../shared/data/puzzles2_17_clue"

/* Shared engine, solver and scratch of a test (static storage: the engine is large). */
static sudoku_logic *lg;
static sudoku_solver *solver;
static uint8_t solution[SUDOKU_MAX_CELLS];

static void setup(void)
{
    lg = sudoku_logic_new();
    solver = sudoku_solver_new(0);
    cr_assert(lg && solver);
}

static void teardown(void)
{
    sudoku_logic_free(lg);
    sudoku_solver_free(solver);
}

TestSuite(logic, .init = setup, .fini = teardown);

/* Solves p into `solution`, asserting it is unique. */
static void solve_unique(const sudoku_puzzle *p)
{
    sudoku_limits lim = {.max_solutions = 2};
    sudoku_result r = {.solutions = solution, .solutions_capacity = 1};
    cr_assert_eq(sudoku_solve(solver, p, &lim, &r), SUDOKU_SOLVED, "not unique: %s",
                 sudoku_status_str(r.status));
}

/* Replays the engine from p's givens, checking every step against the
 * solution. Returns the final status; counts steps per technique into seen. */
static sudoku_logic_status replay(const sudoku_puzzle *p, const char *what, unsigned *seen)
{
    static sudoku_step st;
    solve_unique(p);
    cr_assert_eq(sudoku_logic_load(lg, p, NULL, NULL), SUDOKU_LOGIC_STEP);
    sudoku_logic_status ls;
    int guard = 0;
    while ((ls = sudoku_logic_next(lg, &st)) == SUDOKU_LOGIC_STEP) {
        cr_assert(st.nplacements + st.neliminations > 0, "%s: empty %s step", what,
                  sudoku_technique_str(st.technique));
        for (int i = 0; i < st.nplacements; i++) {
            const sudoku_cand *c = &st.placements[i];
            cr_assert_eq(c->digit, solution[c->cell], "%s: %s places %d at cell %d, solution %d",
                         what, sudoku_technique_str(st.technique), c->digit, c->cell,
                         solution[c->cell]);
        }
        for (int i = 0; i < st.neliminations; i++) {
            const sudoku_cand *c = &st.eliminations[i];
            cr_assert_neq(c->digit, solution[c->cell], "%s: %s removes the solution's %d at cell %d",
                          what, sudoku_technique_str(st.technique), c->digit, c->cell);
        }
        if (seen) seen[st.technique]++;
        sudoku_logic_apply(lg, &st);
        cr_assert_lt(++guard, 100000, "%s: no end", what);
    }
    cr_assert(ls == SUDOKU_LOGIC_SOLVED || ls == SUDOKU_LOGIC_STUCK, "%s: ended %s", what,
              sudoku_logic_status_str(ls));
    if (ls == SUDOKU_LOGIC_SOLVED) {
        uint8_t values[SUDOKU_MAX_CELLS];
        sudoku_logic_state(lg, values, NULL);
        cr_assert_arr_eq(values, solution, (size_t)(p->size * p->size), "%s", what);
    }
    return ls;
}

/* Replays up to `max` lines of a 9x9 file, every `stride`-th line. Returns the
 * number replayed (0 when the file is absent). */
static int replay_file(const char *path, int max, int stride, unsigned *seen)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    static char line[1024];
    static sudoku_puzzle p;
    int done = 0, lineno = 0;
    while (done < max && fgets(line, sizeof(line), f)) {
        if (line[0] == '#' || line[0] == '\n' || lineno++ % stride) continue;
        /* Fixture lines `puzzle:count:solution`: only unique puzzles rate. */
        const char *count = strchr(line, ':');
        if (count && strncmp(count, ":1:", 3) != 0) continue;
        char err[SUDOKU_ERR_LEN];
        cr_assert_eq(sudoku_parse(line, strcspn(line, ":\r\n"), 9, 3, 3, &p, err), 0, "%s", err);
        char what[64];
        snprintf(what, sizeof(what), "%s:%d", path, lineno);
        replay(&p, what, seen);
        done++;
    }
    fclose(f);
    return done;
}

Test(logic, replay_of_hard_9x9_sets_is_sound, .timeout = 120)
{
    unsigned seen[SUDOKU_TECHNIQUE_COUNT] = {0};
    int n = replay_file(TOP95, 95, 1, seen) + replay_file(TOP1465, 400, 3, seen) +
            replay_file(SEVENTEEN, 1000, 49, seen) + replay_file("tests/data/hard9.txt", 100, 1, seen);
    cr_assert_gt(n, 0);
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++)
        cr_log_info("%s %u", sudoku_technique_str((sudoku_technique)t), seen[t]);
}

/* ---- generated puzzles of every shape ------------------------------------------------ */

/* xorshift64: the test's own seeded generator. */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Makes a unique puzzle from the solution grid `sol` of p's shape: relabels
 * the digits, then blanks cells in random order while the puzzle stays
 * unique (trying `tries` cells, all when tries >= N*N). */
static void make_puzzle(sudoku_puzzle *p, const uint8_t *sol, int tries, uint64_t *seed)
{
    int n = p->size, cells = n * n;
    uint8_t perm[SUDOKU_MAX_SIZE + 1];
    for (int d = 0; d <= n; d++) perm[d] = (uint8_t)d;
    for (int d = n; d > 1; d--) {
        int j = 1 + (int)(rng_next(seed) % (uint64_t)d);
        uint8_t t = perm[d];
        perm[d] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < cells; i++) p->cells[i] = perm[sol[i]];
    static uint16_t order[SUDOKU_MAX_CELLS];
    for (int i = 0; i < cells; i++) order[i] = (uint16_t)i;
    for (int i = cells - 1; i > 0; i--) {
        int j = (int)(rng_next(seed) % (uint64_t)(i + 1));
        uint16_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    sudoku_limits lim = {.max_solutions = 2};
    for (int i = 0; i < cells && i < tries; i++) {
        uint8_t keep = p->cells[order[i]];
        p->cells[order[i]] = 0;
        sudoku_result r = {0};
        if (sudoku_solve(solver, p, &lim, &r) != SUDOKU_SOLVED) p->cells[order[i]] = keep;
    }
}

/* For each unique fixture line of `path`, replays `per` generated puzzles of
 * its shape. Returns the number replayed. */
static int replay_generated(const char *path, bool diagonal, bool regions, int per_small,
                            unsigned *seen)
{
    size_t nlines;
    char **lines = test_read_lines(path, &nlines);
    static sudoku_puzzle p, s, g;
    static uint8_t sol[SUDOKU_MAX_CELLS];
    char err[SUDOKU_ERR_LEN];
    uint64_t seed = 0x9e3779b97f4a7c15u;
    int done = 0;
    for (size_t l = 0; l < nlines; l++) {
        const char *line = lines[l];
        if (line[0] == '#') continue;
        const char *c1 = strchr(line, ':');
        if (!c1 || strncmp(c1, ":1:", 3) != 0) continue;
        const char *grid = c1 + 3;
        size_t slen = strcspn(grid, ":");
        cr_assert_eq(sudoku_parse(grid, slen, 0, 0, 0, &s, err), 0, "%s", err);
        memcpy(sol, s.cells, sizeof(sol));
        p = s;
        p.diagonal = diagonal;
        if (regions) {
            const char *layout = grid + slen + 1;
            cr_assert_eq(sudoku_parse(layout, strlen(layout), 0, 0, 0, &g, err), 0, "%s", err);
            for (int i = 0; i < g.size * g.size; i++) p.regions[i] = (uint8_t)(g.cells[i] - 1);
            p.has_regions = true;
        }
        int n = p.size;
        /* Fewer and only partly blanked puzzles as N grows: each blanking is a solve. */
        int count = n <= 9 ? per_small : n <= 12 ? per_small / 8 : n <= 16 ? 2 : 1;
        int tries = n <= 12 ? n * n : n <= 16 ? n * n / 2 : n * n / 5;
        for (int k = 0; k < count; k++) {
            make_puzzle(&p, sol, tries, &seed);
            char what[96];
            snprintf(what, sizeof(what), "%s:%zu generated #%d", path, l + 1, k);
            replay(&p, what, seen);
            done++;
        }
    }
    test_free_lines(lines);
    return done;
}

Test(logic, replay_of_generated_puzzles_of_every_shape_is_sound, .timeout = 300)
{
    unsigned seen[SUDOKU_TECHNIQUE_COUNT] = {0};
    int n = replay_generated("tests/data/shapes.txt", false, false, 100, seen);
    n += replay_generated("tests/data/diagonal.txt", true, false, 30, seen);
    n += replay_generated("tests/data/jigsaw.txt", false, true, 40, seen);
    n += replay_generated("tests/data/jigsaw_diagonal.txt", true, true, 40, seen);
    cr_log_info("%d generated puzzles replayed", n);
    cr_assert_gt(n, 900);
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++)
        cr_log_info("%s %u", sudoku_technique_str((sudoku_technique)t), seen[t]);
}
