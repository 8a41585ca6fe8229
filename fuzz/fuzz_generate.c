/* fuzz_generate.c -- libFuzzer harness for the puzzle generator, sudoku_generate().
 *
 * Input: raw bytes, read as
 *   [0..7]  the seed, little-endian          [8]  shape, an index into shapes[]
 *   [9]     bit 0 diagonal, bit 1 minimal, bits 2-4 symmetry (5..7 invalid)
 *   [10]    check_nodes (0: the default)     [11] max_attempts (0..3)
 *   [12], [13]  a target range of givens for the score function, when [11] > 0
 * Short inputs read as zeros past their end. The shapes stop at 10x10, and
 * minimal ones at 9x9 (every check must end: a 12x12 takes a second or two
 * under the fuzzer's instrumentation), so a run spends its time in many
 * generations, not in a few large ones.
 *
 * Beyond memory safety it checks what the generator promises: an unknown
 * symmetry is INVALID and so is a shape without any complete grid (and only
 * such a shape); otherwise the puzzle has exactly one solution (sudoku_solve
 * without a budget), that solution is the one reported, the givens are its
 * cells and follow the symmetry, a SOLVED status with a target lies in the
 * range, LIMIT comes only from the attempts running out, and the same input
 * gives the same bytes a second time.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz/fuzz_common.h"
#include "tests/support/symmetry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The score of the tests: the number of givens. */
static int fuzz_givens(const sudoku_puzzle *p, int score_max, void *arg)
{
    int givens = 0;
    (void)score_max;
    (void)arg;
    for (int i = 0; i < p->size * p->size; i++) givens += p->cells[i] != 0;
    return givens;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}};
    static sudoku_puzzle shape, out, again;
    static uint8_t solution[SUDOKU_MAX_CELLS], solution2[SUDOKU_MAX_CELLS];
    uint8_t in[14] = {0};
    uint64_t seed = 0;

    memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
    for (int i = 7; i >= 0; i--) seed = seed << 8 | in[i];
    const int *box = shapes[in[8] % (sizeof(shapes) / sizeof(shapes[0]))];
    FUZZ_ASSERT(sudoku_puzzle_init(&shape, box[0] * box[1], box[0], box[1], NULL) == 0);
    shape.diagonal = in[9] & 1;
    int n = shape.size, symmetry = (in[9] >> 2) & 7;
    sudoku_generate_opts o = {.symmetry = (sudoku_symmetry)symmetry,
                              .minimal = (in[9] >> 1) & 1 && n <= 9,
                              .check_nodes = in[10],
                              .max_attempts = in[11] & 3};
    if (o.max_attempts > 0) {
        o.score = fuzz_givens;
        o.score_min = in[12] < in[13] ? in[12] : in[13];
        o.score_max = in[12] < in[13] ? in[13] : in[12];
    }

    sudoku_solver *s = fuzz_solver();
    sudoku_generated g, g2;
    sudoku_status st = sudoku_generate(s, &shape, seed, &o, &out, solution, &g);
    if (symmetry >= 5) {
        FUZZ_ASSERT(st == SUDOKU_INVALID);
        return 0;
    }
    sudoku_result r = {0};
    sudoku_limits unique = {.max_solutions = 2};
    if (st == SUDOKU_INVALID) {
        /* only a shape without any complete grid */
        FUZZ_ASSERT(sudoku_solve(s, &shape, NULL, &r) == SUDOKU_NO_SOLUTION);
        return 0;
    }
    FUZZ_ASSERT(st == SUDOKU_SOLVED ||
                (st == SUDOKU_LIMIT && o.score != NULL && g.limit_reason == SUDOKU_LIMIT_ATTEMPTS));
    FUZZ_ASSERT(g.givens > 0 && g.attempts >= 1);
    FUZZ_ASSERT(sudoku_solve(s, &out, &unique, &r) == SUDOKU_SOLVED && r.count_exact);
    FUZZ_ASSERT(sudoku_is_solution(&out, solution));
    int givens = 0;
    for (int i = 0; i < n * n; i++) {
        FUZZ_ASSERT(out.cells[i] == 0 || out.cells[i] == solution[i]);
        FUZZ_ASSERT((out.cells[i] != 0) ==
                    (out.cells[test_symmetry_image(o.symmetry, n, i / n, i % n)] != 0));
        givens += out.cells[i] != 0;
    }
    FUZZ_ASSERT(givens == g.givens);
    if (o.score) {
        FUZZ_ASSERT(g.score == givens);
        FUZZ_ASSERT((st == SUDOKU_SOLVED) == (givens >= o.score_min && givens <= o.score_max));
    }
    FUZZ_ASSERT(sudoku_generate(s, &shape, seed, &o, &again, solution2, &g2) == st);
    FUZZ_ASSERT(memcmp(again.cells, out.cells, (size_t)(n * n)) == 0);
    FUZZ_ASSERT(memcmp(solution2, solution, (size_t)(n * n)) == 0);
    FUZZ_ASSERT(g2.givens == g.givens && g2.attempts == g.attempts && g2.checks == g.checks);
    return 0;
}
