/* bits.h -- one-line bit helpers for the candidate masks of the solver.
 *
 * A candidate set is a uint64_t with bit d-1 set when symbol d (1..N) is
 * still possible, so every supported size (N <= 64) fits one word. These
 * wrappers name the few operations the solver needs and keep the compiler
 * builtins in one place (with -mpopcnt they are single instructions).
 */
#ifndef SDK_BITS_H
#define SDK_BITS_H

#include <stdbool.h>
#include <stdint.h>

/* Number of set bits. */
static inline int sdk_popcount(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* Index of the lowest set bit; x must be non-zero. */
static inline int sdk_ctz(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* The lowest set bit alone (0 for 0). */
static inline uint64_t sdk_lowbit(uint64_t x)
{
    return x & (~x + 1);
}

/* True when at most one bit is set: a solved cell, or an empty one. */
static inline bool sdk_at_most_one(uint64_t x)
{
    return (x & (x - 1)) == 0;
}

/* The candidate set of an empty cell of an N x N grid: bits 0..n-1. */
static inline uint64_t sdk_full_mask(int n)
{
    return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

/* The bit of symbol d (1..64). */
static inline uint64_t sdk_bit(int d)
{
    return UINT64_C(1) << (d - 1);
}

#endif /* SDK_BITS_H */
