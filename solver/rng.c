/* rng.c -- the library's one PRNG: xoshiro256** (Blackman and Vigna),
 * seeded by splitmix64.
 *
 * Relabelled benchmarks and random grids must give the same output for the
 * same seed on every machine and libc, which rand() does not promise.
 * splitmix64 spreads a small seed such as 1 over the 256-bit state, which
 * xoshiro needs to be non-zero and well mixed; it is exported because it is
 * also a good one-call mixer (the server turns a counter into request ids
 * with it). Both are public-domain reference algorithms, small enough to
 * keep here rather than depend on one.
 */
#include "solver/sudoku.h"

/* The constants of the reference splitmix64: the golden-ratio increment and
 * the two multipliers of its finaliser. */
#define SDK_SPLITMIX_GAMMA UINT64_C(0x9e3779b97f4a7c15)
#define SDK_SPLITMIX_MUL1  UINT64_C(0xbf58476d1ce4e5b9)
#define SDK_SPLITMIX_MUL2  UINT64_C(0x94d049bb133111eb)

uint64_t sudoku_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += SDK_SPLITMIX_GAMMA);
    z = (z ^ (z >> 30)) * SDK_SPLITMIX_MUL1;
    z = (z ^ (z >> 27)) * SDK_SPLITMIX_MUL2;
    return z ^ (z >> 31);
}

static uint64_t sdk_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void sudoku_rng_seed(sudoku_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) r->s[i] = sudoku_splitmix64(&seed);
}

uint64_t sudoku_rng_next(sudoku_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = sdk_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sdk_rotl(s[3], 45);
    return result;
}

uint64_t sudoku_rng_below(sudoku_rng *r, uint64_t n)
{
    /* Values below 2^64 mod n would make small results more likely: redraw them. */
    uint64_t threshold = (0 - n) % n;
    for (;;) {
        uint64_t x = sudoku_rng_next(r);
        if (x >= threshold) return x % n;
    }
}

void sudoku_rng_shuffle(sudoku_rng *r, uint8_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)sudoku_rng_below(r, i);
        uint8_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}
