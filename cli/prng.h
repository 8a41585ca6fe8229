/* prng.h -- a small seeded PRNG for the CLI (xoshiro256**, seeded by splitmix64).
 *
 * The benchmark relabelling and the grid generator must give the same output
 * for the same seed on every machine and libc, which rand() does not promise.
 * The state is a plain struct owned by the caller: no globals, so two streams
 * never disturb each other.
 */
#ifndef CLI_PRNG_H
#define CLI_PRNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct cli_rng {
    uint64_t s[4];
} cli_rng;

/* Seeds *r from one 64-bit value; every seed, 0 included, gives a usable
 * stream. Thread-safe for distinct r. */
void cli_rng_seed(cli_rng *r, uint64_t seed);

/* Returns the next 64 random bits of the stream. */
uint64_t cli_rng_next(cli_rng *r);

/* Returns a uniform value in [0, n), without modulo bias; n must be > 0. */
uint64_t cli_rng_below(cli_rng *r, uint64_t n);

/* Shuffles a[0..n) uniformly (Fisher-Yates). */
void cli_rng_shuffle_u8(cli_rng *r, uint8_t *a, size_t n);

#endif /* CLI_PRNG_H */
