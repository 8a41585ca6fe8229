/* generate.c -- `sudoku generate`: seeded random puzzles of any box shape,
 * for benchmarking sizes that no public data set covers.
 *
 * A valid full grid comes from the pattern (r * box_cols + r / box_rows + c)
 * % N + 1 (each row shifts the previous by a box width, each band by one
 * more), shuffled by a random relabelling (cli/relabel.h); then a random
 * subset of cells is kept as givens. Puzzles are therefore always solvable
 * but not necessarily unique, which is fine for a throughput benchmark
 * checked by the rules. Everything derives from --seed, so a file can be
 * regenerated instead of stored.
 */
#include <getopt.h>
#include <stdio.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/prng.h"
#include "cli/relabel.h"

enum { TEXT_CELLS = SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE };

/* Keeps `givens` cells of the n cells of grid, chosen uniformly (a partial
 * Fisher-Yates shuffle of the cell indices), and blanks the rest. */
static void blank_cells(uint8_t *grid, int n, int givens, cli_rng *rng)
{
    uint16_t idx[TEXT_CELLS];

    for (int i = 0; i < n; i++) idx[i] = (uint16_t)i;
    for (int i = 0; i < n - givens; i++) {
        int j = i + (int)cli_rng_below(rng, (uint64_t)(n - i));
        uint16_t t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        grid[idx[i]] = 0;
    }
}

static int generate(const sudoku_puzzle *p, double density, uint64_t count, uint64_t seed)
{
    int n = p->size, cells = n * n;
    int givens = (int)(density * cells + 0.5);
    uint8_t pattern[TEXT_CELLS], grid[TEXT_CELLS];
    char text[TEXT_CELLS + 1];
    cli_relabel t;
    cli_rng rng;

    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            pattern[r * n + c] = (uint8_t)((r * p->box_cols + r / p->box_rows + c) % n + 1);
    cli_rng_seed(&rng, seed);
    for (uint64_t k = 0; k < count; k++) {
        cli_relabel_random(&t, p->box_rows, p->box_cols, &rng);
        cli_relabel_apply(&t, pattern, grid);
        blank_cells(grid, cells, givens, &rng);
        sudoku_format(p, grid, text, sizeof(text));
        if (puts(text) == EOF) break;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("sudoku: stdout");
        return 2;
    }
    return 0;
}

int cli_generate_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 'n'},
        {"box", required_argument, NULL, 'b'},
        {"density", required_argument, NULL, 'd'},
        {"count", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int size = 0, box_rows = 0, box_cols = 0, c;
    double density = 0.5;
    uint64_t count = 1, seed = 1;
    char err[SUDOKU_ERR_LEN];
    sudoku_puzzle p;

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int rc = 0;
        switch (c) {
        case 'n':
            rc = cli_parse_int("--size", optarg, SUDOKU_MIN_SIZE, SUDOKU_MAX_TEXT_SIZE, &size);
            break;
        case 'b':
            rc = cli_parse_box(optarg, &box_rows, &box_cols);
            break;
        case 'd':
            rc = cli_parse_double("--density", optarg, 0.0, 1.0, &density);
            break;
        case 'c':
            rc = cli_parse_u64("--count", optarg, 0, UINT64_MAX, &count);
            break;
        case 's':
            rc = cli_parse_u64("--seed", optarg, 0, UINT64_MAX, &seed);
            break;
        case 'h':
            cli_usage(stdout);
            return 0;
        default:
            rc = -1;
        }
        if (rc != 0) return cli_usage_error();
    }
    if (optind != argc) {
        fprintf(stderr, "sudoku: generate takes no file arguments\n");
        return cli_usage_error();
    }
    if (size == 0) size = box_rows * box_cols;
    if (size == 0) {
        fprintf(stderr, "sudoku: generate needs --size N or --box RxC\n");
        return cli_usage_error();
    }
    if (box_rows && box_rows * box_cols != size) {
        fprintf(stderr, "sudoku: --box %dx%d does not fit --size %d\n", box_rows, box_cols, size);
        return cli_usage_error();
    }
    if (sudoku_puzzle_init(&p, size, box_rows, box_cols, err) != 0) {
        fprintf(stderr, "sudoku: generate: %s\n", err);
        return 2;
    }
    return generate(&p, density, count, seed);
}
