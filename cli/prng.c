/* prng.c -- xoshiro256** (Blackman and Vigna), seeded by splitmix64.
 *
 * splitmix64 spreads a small seed such as 1 over the 256-bit state, which
 * xoshiro needs to be non-zero and well mixed. Both are public-domain
 * reference algorithms, small enough to keep here rather than depend on one.
 */
#include "cli/prng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void cli_rng_seed(cli_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

uint64_t cli_rng_next(cli_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t cli_rng_below(cli_rng *r, uint64_t n)
{
    /* Values below 2^64 mod n would make small results more likely: redraw them. */
    uint64_t threshold = (0 - n) % n;
    for (;;) {
        uint64_t x = cli_rng_next(r);
        if (x >= threshold) return x % n;
    }
}

void cli_rng_shuffle_u8(cli_rng *r, uint8_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)cli_rng_below(r, i);
        uint8_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}
