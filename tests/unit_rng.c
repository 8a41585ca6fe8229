/* unit_rng.c -- the seeded PRNG (solver/rng.c): splitmix64 and xoshiro256**
 * against reference values, the seeding, and uniformity of below() and
 * shuffle() by a chi-square bound.
 *
 * The fixed values were computed with an independent transcription of the
 * reference algorithms (Vigna's splitmix64.c and xoshiro256starstar.c). Every
 * seeded output of the CLI and of the benchmark depends on them: a change here
 * changes every `--seed`.
 *
 * The uniformity tests use fixed seeds, so they are deterministic; the bounds
 * are the chi-square quantiles at p = 0.001, loose enough for any sound
 * generator and tight enough to catch a modulo bias or an off-by-one shuffle.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "solver/sudoku.h"

/* Chi-square statistic of counts[0..k) against a uniform expectation. */
static double chi_square(const unsigned *counts, int k, unsigned total)
{
    double expect = (double)total / k, sum = 0;
    for (int i = 0; i < k; i++) {
        double d = counts[i] - expect;
        sum += d * d / expect;
    }
    return sum;
}

Test(rng, splitmix64_gives_the_reference_values)
{
    uint64_t state = 0;
    cr_assert_eq(sudoku_splitmix64(&state), UINT64_C(0xe220a8397b1dcdaf));
    cr_assert_eq(sudoku_splitmix64(&state), UINT64_C(0x6e789e6aa1b965f4));
    cr_assert_eq(sudoku_splitmix64(&state), UINT64_C(0x06c45d188009454f));
}

Test(rng, splitmix64_advances_its_state_by_the_golden_gamma)
{
    uint64_t a = 41, b = 41;
    sudoku_splitmix64(&a);
    sudoku_splitmix64(&b);
    cr_assert_eq(a, b, "a pure function of the state");
    cr_assert_eq(a, 41 + UINT64_C(0x9e3779b97f4a7c15));
}

Test(rng, seed_fills_the_state_from_splitmix64)
{
    sudoku_rng r;
    uint64_t state = 7;
    sudoku_rng_seed(&r, 7);
    for (int i = 0; i < 4; i++) cr_assert_eq(r.s[i], sudoku_splitmix64(&state), "word %d", i);
}

Test(rng, a_seed_gives_the_reference_stream)
{
    static const uint64_t seed1[] = {
        UINT64_C(0xb3f2af6d0fc710c5),
        UINT64_C(0x853b559647364cea),
        UINT64_C(0x92f89756082a4514),
        UINT64_C(0x642e1c7bc266a3a7),
    };
    static const uint64_t seed0[] = {
        UINT64_C(0x99ec5f36cb75f2b4),
        UINT64_C(0xbf6e1f784956452a),
        UINT64_C(0x1a5f849d4933e6e0),
        UINT64_C(0x6aa594f1262d2d2c),
    };
    sudoku_rng a, b;
    sudoku_rng_seed(&a, 1);
    sudoku_rng_seed(&b, 0);
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(sudoku_rng_next(&a), seed1[i], "seed 1, output %d", i);
        cr_assert_eq(sudoku_rng_next(&b), seed0[i], "seed 0, output %d", i);
    }
}

Test(rng, below_stays_in_range_even_where_it_must_redraw)
{
    /* Just above 2^63 almost half of all 64-bit values are redrawn. */
    static const uint64_t ns[] = {1,         2, 3, 10, UINT64_C(1) << 32, (UINT64_C(1) << 63) + 1,
                                  UINT64_MAX};
    sudoku_rng r;
    sudoku_rng_seed(&r, 3);
    for (size_t k = 0; k < sizeof(ns) / sizeof(ns[0]); k++)
        for (int i = 0; i < 1000; i++) cr_assert_lt(sudoku_rng_below(&r, ns[k]), ns[k]);
}

Test(rng, below_is_uniform)
{
    enum { K = 10, DRAWS = 100000 };
    unsigned counts[K] = {0};
    sudoku_rng r;
    sudoku_rng_seed(&r, 2024);
    for (int i = 0; i < DRAWS; i++) counts[sudoku_rng_below(&r, K)]++;
    double x2 = chi_square(counts, K, DRAWS);
    cr_assert_lt(x2, 27.88, "chi-square %.2f over 9 degrees of freedom", x2);
}

/* The index of a permutation of 0..3 among the 24, by its Lehmer code. */
static int perm_index(const uint8_t *a)
{
    int index = 0;
    for (int i = 0; i < 4; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 4; j++) smaller += a[j] < a[i];
        index = index * (4 - i) + smaller;
    }
    return index;
}

Test(rng, shuffle_gives_every_permutation_equally_often)
{
    enum { PERMS = 24, DRAWS = 48000 };
    unsigned counts[PERMS] = {0};
    sudoku_rng r;
    sudoku_rng_seed(&r, 99);
    for (int i = 0; i < DRAWS; i++) {
        uint8_t a[4] = {0, 1, 2, 3};
        sudoku_rng_shuffle(&r, a, 4);
        counts[perm_index(a)]++;
    }
    double x2 = chi_square(counts, PERMS, DRAWS);
    cr_assert_lt(x2, 49.73, "chi-square %.2f over 23 degrees of freedom", x2);
}

Test(rng, shuffle_of_zero_or_one_element_draws_nothing)
{
    sudoku_rng r, untouched;
    uint8_t a[1] = {5};
    sudoku_rng_seed(&r, 1);
    untouched = r;
    sudoku_rng_shuffle(&r, a, 0);
    sudoku_rng_shuffle(&r, a, 1);
    cr_assert_eq(a[0], 5);
    cr_assert_arr_eq(r.s, untouched.s, sizeof(r.s));
}
