/* unit_grid_random.c -- random complete grids (solver/grid_random.c): always
 * valid for every plain shape, fixed by the seed (the CLI's `sudoku random`
 * output depends on it), varied from draw to draw, and refused for the
 * variants a relabelling would break.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "solver/sudoku.h"

Test(grid_random, grids_are_valid_for_every_plain_shape)
{
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {2, 5}, {3, 4},
                                    {4, 3}, {4, 4}, {3, 5}, {5, 5}, {6, 6}, {7, 8}, {8, 8}};
    static sudoku_puzzle p;
    static uint8_t grid[SUDOKU_MAX_CELLS];
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 2);
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        int br = shapes[k][0], bc = shapes[k][1];
        cr_assert_eq(sudoku_puzzle_init(&p, br * bc, br, bc, NULL), 0);
        for (int draw = 0; draw < 25; draw++) {
            cr_assert_eq(sudoku_grid_random(&p, &rng, grid), 0);
            cr_assert(sudoku_is_solution(&p, grid), "%dx%d draw %d", br, bc, draw);
        }
    }
}

Test(grid_random, a_fixed_seed_gives_fixed_grids)
{
    /* `sudoku random --size 9 --density 1 --seed 1 --count 2` prints these. */
    static const char *want[] = {
        "364175892157892346829346175543217689698534217271689534486753921735921468912468753",
        "278491635419356728365287149531862497826974351947513286792145863683729514154638972",
    };
    static sudoku_puzzle p;
    uint8_t grid[81];
    char text[82];
    sudoku_rng rng;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 0, 0, NULL), 0);
    sudoku_rng_seed(&rng, 1);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(sudoku_grid_random(&p, &rng, grid), 0);
        cr_assert_eq(sudoku_format(&p, grid, text, sizeof(text)), 81);
        cr_assert_str_eq(text, want[i]);
    }
}

Test(grid_random, successive_grids_differ)
{
    static sudoku_puzzle p;
    uint8_t a[256], b[256];
    sudoku_rng rng;
    cr_assert_eq(sudoku_puzzle_init(&p, 16, 0, 0, NULL), 0);
    sudoku_rng_seed(&rng, 0);
    sudoku_grid_random(&p, &rng, a);
    for (int i = 0; i < 10; i++) {
        sudoku_grid_random(&p, &rng, b);
        cr_assert(memcmp(a, b, sizeof(a)) != 0, "draw %d repeats the previous grid", i);
        memcpy(a, b, sizeof(a));
    }
}

Test(grid_random, diagonal_and_jigsaw_shapes_are_refused_untouched)
{
    static sudoku_puzzle p;
    uint8_t grid[81], before[81];
    sudoku_rng rng, untouched;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 0, 0, NULL), 0);
    memset(grid, 7, sizeof(grid));
    memcpy(before, grid, sizeof(grid));
    sudoku_rng_seed(&rng, 1);
    untouched = rng;
    p.diagonal = true;
    cr_assert_eq(sudoku_grid_random(&p, &rng, grid), -1);
    p.diagonal = false;
    p.has_regions = true;
    cr_assert_eq(sudoku_grid_random(&p, &rng, grid), -1);
    cr_assert_arr_eq(grid, before, sizeof(grid));
    cr_assert_arr_eq(rng.s, untouched.s, sizeof(rng.s));
}
