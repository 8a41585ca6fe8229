/* variant_bench.c -- the variant engine's time on files of puzzles, for bench/vs-sigh.sh.
 *
 *   build/variant-bench RUNS FILE.txt...
 *
 * Reads every puzzle of each file (tests/support/variant_text.h, as bench/variant_gen.c
 * writes them), then solves the whole file RUNS times with sudoku_variant_solve() and
 * max_solutions 2 (solve and prove unique), and prints one line per file:
 *
 *   FILE PUZZLES MEDIAN_MS_PER_PUZZLE MIN_MS_PER_PUZZLE NODES_PER_PUZZLE
 *
 * Each solve starts from the plain constraint list, so the time includes compiling it.
 * A puzzle that is not unique, or whose solution is not the file's, fails the run (exit 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/variant.h"
#include "tests/support/variant_text.h"

#define VB_MAX_PUZZLES 1000

static int vb_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int vb_file(sudoku_variant_solver *s, const char *path, int runs)
{
    static sudoku_variant *v[VB_MAX_PUZZLES];
    static uint8_t sol[VB_MAX_PUZZLES][SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    static char line[1 << 20];
    char err[SUDOKU_ERR_LEN];
    FILE *f = fopen(path, "r");
    if (!f) return perror(path), 1;
    int count = 0;
    while (count < VB_MAX_PUZZLES && fgets(line, sizeof(line), f)) {
        if (!v[count] && !(v[count] = malloc(sizeof(sudoku_variant)))) return 1;
        if (vtext_read(line, strlen(line), v[count], sol[count], err) != 0) {
            fprintf(stderr, "%s:%d: %s\n", path, count + 1, err);
            return 1;
        }
        count++;
    }
    fclose(f);
    double *ms = calloc((size_t)runs, sizeof(double));
    uint64_t nodes = 0;
    uint8_t got[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    for (int run = 0; ms && run < runs; run++) {
        uint64_t start = sudoku_now_ns();
        for (int i = 0; i < count; i++) {
            sudoku_limits lim = {.max_solutions = 2};
            sudoku_result r = {.solutions = got, .solutions_capacity = 1};
            int nn = v[i]->grid.size * v[i]->grid.size;
            if (sudoku_variant_solve(s, v[i], &lim, &r) != SUDOKU_SOLVED || !r.count_exact ||
                memcmp(got, sol[i], (size_t)nn) != 0) {
                fprintf(stderr, "%s:%d: %s, not the file's unique solution\n", path, i + 1,
                        sudoku_status_str(r.status));
                return 1;
            }
            if (run == 0) nodes += r.stats.nodes;
        }
        ms[run] = (double)(sudoku_now_ns() - start) / 1e6 / (count ? count : 1);
    }
    if (!ms) return 1;
    qsort(ms, (size_t)runs, sizeof(double), vb_cmp);
    printf("%s %d %.4f %.4f %.1f\n", path, count, ms[runs / 2], ms[0],
           count ? (double)nodes / count : 0.0);
    free(ms);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = argc > 2 ? atoi(argv[1]) : 0;
    if (runs < 1) {
        fprintf(stderr, "usage: %s RUNS FILE.txt...\n", argv[0]);
        return 2;
    }
    sudoku_variant_solver *s = sudoku_variant_solver_new();
    if (!s) return 1;
    int status = 0;
    for (int i = 2; i < argc && status == 0; i++) status = vb_file(s, argv[i], runs);
    sudoku_variant_solver_free(s);
    return status;
}
