/* random_cmd.c -- `sudoku random`: seeded random puzzles of any box shape,
 * for benchmarking sizes that no public data set covers.
 *
 * A valid full grid comes from sudoku_grid_random() (a pattern grid under a
 * random relabelling); then a random subset of cells is kept as givens.
 * Puzzles are therefore always solvable but not necessarily unique, which is
 * fine for a throughput benchmark checked by the rules; puzzles with one
 * solution are `sudoku generate`'s job (generate_cmd.c). Everything derives
 * from --seed, so a file can be regenerated instead of stored; without it
 * the seed is random and told on stderr.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "solver/sudoku.h"

enum { TEXT_CELLS = SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE };

/* Keeps `givens` cells of the n cells of grid, chosen uniformly (a partial
 * Fisher-Yates shuffle of the cell indices), and blanks the rest. */
static void blank_cells(uint8_t *grid, int n, int givens, sudoku_rng *rng)
{
    uint16_t idx[TEXT_CELLS];

    for (int i = 0; i < n; i++) idx[i] = (uint16_t)i;
    for (int i = 0; i < n - givens; i++) {
        int j = i + (int)sudoku_rng_below(rng, (uint64_t)(n - i));
        uint16_t t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        grid[idx[i]] = 0;
    }
}

static int print_random(const sudoku_puzzle *p, double density, uint64_t count, uint64_t seed)
{
    int cells = p->size * p->size;
    int givens = (int)(density * cells + 0.5);
    uint8_t grid[TEXT_CELLS];
    char text[TEXT_CELLS + 1];
    sudoku_rng rng;

    sudoku_rng_seed(&rng, seed);
    for (uint64_t k = 0; k < count; k++) {
        sudoku_grid_random(p, &rng, grid); /* p is a plain shape: never refused */
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

int cli_random_main(int argc, char **argv)
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
    uint64_t count = 1, seed = 0;
    bool seeded = false;
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
            seeded = true;
            break;
        default:
            return cli_help_or_usage_error(c, argv[0]);
        }
        if (rc != 0) return cli_usage_error(argv[0]);
    }
    if (optind != argc) {
        fprintf(stderr, "sudoku: random takes no file arguments\n");
        return cli_usage_error(argv[0]);
    }
    if (size == 0) size = box_rows * box_cols;
    if (size == 0) {
        fprintf(stderr, "sudoku: random needs --size N or --box RxC\n");
        return cli_usage_error(argv[0]);
    }
    if (cli_shape_init(argv[0], size, box_rows, box_cols, &p) != 0) return cli_usage_error(argv[0]);
    if (!seeded) seed = cli_random_seed(argv[0]);
    return print_random(&p, density, count, seed);
}
