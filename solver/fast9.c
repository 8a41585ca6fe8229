/* fast9.c -- the bit-band fast path for the plain 9x9 Sudoku.
 *
 * sudoku_solve() sends every plain 9x9 here (3x3 boxes, no variant); the
 * generic search in search.c handles the other shapes. This file exists for
 * speed alone: proving hard puzzles unique at 100,000 a second on one core
 * takes whole-band bit operations, not a cell-by-cell candidate search.
 *
 * DESIGN. The state is digit-major: for each digit d and band b (three rows)
 * a 27-bit mask of the cells where d may still go, placed cells included,
 * and per band the mask of unsolved cells.
 *
 *     f[4*d + b]   bit = 9 * (row in band) + column
 *
 *        26      18 17       9 8       0     (bits 27..31 always 0)
 *       +--------+  +---------+ +--------+
 *       | row 2  |  |  row 1  | | row 0  |   each row: columns 8..0,
 *       +--------+  +---------+ +--------+   box 2 = columns 8..6, box 0 = 2..0
 *
 *     f[]:  d0b0 d0b1 d0b2 0 | d1b0 d1b1 d1b2 0 | ... | d8b0 d8b1 d8b2 0
 *           \__ 16 bytes: the three bands of a digit side by side, so one
 *               vector op covers all three bands of a digit
 *
 * Band update. A digit's band holds it once per row and once per box, so
 * the rows take the boxes by one of six permutations. The update squeezes
 * each row to the boxes it touches (a 3 x 3 row x box occupancy, 9 bits),
 * looks up the cells the still possible permutations use (keep_cells) and
 * drops the rest: locked candidates along rows (pointing and claiming) and
 * hidden singles in rows and boxes, in a few dozen instructions. A row left
 * with one unsolved cell places the digit there: its column leaves the other
 * two bands, the cell leaves the other eight digits. Each mask is compared
 * with its value at its last update (prev, a vector compare of all 27) to
 * find the masks to update next, until none changed; a node's first round
 * needs no compare, as its guess changed one known mask. The start state,
 * where every mask needs an update, takes all 27 at once in vectors
 * (f9_band_all).
 *
 * Stack update. The same argument sideways: in a stack (three columns) a
 * digit's three bands take its three columns by a permutation. Folding each
 * band's rows gives the (band, column) occupancy, the three bands of a
 * digit in one vector; a pair is kept when the other two bands can take the
 * other two columns, which is bands and columns turned by one and by two
 * (lane shuffles and shifts, no table), and dropping the rest is locked
 * candidates along columns and hidden singles in columns. It runs per
 * changed digit once the bands are quiet.
 *
 * Cell counts. One pass over the nine digits counts candidates per cell with
 * bit-sliced counters, three bands per vector: no candidate is a
 * contradiction, one a naked single, two a bivalue cell.
 *
 * Search. When nothing is left to deduce, branch on the bivalue cell whose
 * row, column and box hold the most unsolved cells: either guess then
 * reaches furthest. Against the first bivalue cell this nearly halves the
 * nodes of hard puzzles. Every branch but the last runs on a copy of the
 * 304-byte state; the last goes on in place. Each guess places a cell, so
 * the recursion is at most 81 deep (about 30 KB of stack).
 *
 * Second solutions. Proving uniqueness stops at two. When the first is
 * found, a digit swap on cells none of them given may show the second
 * outright (f9_swap_second), and the search for it is skipped: on serg's
 * puzzles with many solutions, seven in ten.
 *
 * All state lives on the stack; the tables are const; nothing is allocated.
 *
 * Portability. Two routines are written per instruction set, f9_dirty (the
 * vector compare above) and f9_bytes_equal (the start state's byte compare):
 * SSE2 on x86_64, NEON on arm64, a plain loop elsewhere or when built with
 * -DSDK_PORTABLE. The Makefile's ARCH_FLAGS choose; everything else is C
 * with GCC/clang builtins and vector types, which each compiler lowers to
 * what the target has (POPCNT with -mpopcnt, CNT on arm64, a bit trick
 * otherwise). On x86_64 the whole file is built a second time for AVX2 and
 * BMI2 (fast9_v3.c, which defines F9_BMI2), which sdk_fast9_solve picks where
 * the CPU has them; that copy takes a band's row x box occupancy with PEXT,
 * writes grids with PDEP and compares the start grid 32 bytes at a time.
 */
#include "solver/solver_int.h"

#include <stdatomic.h>
#include <string.h>

/* F9_SOLVE names this copy's entry, sdk_fast9_solve_base: fast9_v3.c
 * compiles the file again for AVX2 and BMI2 as sdk_fast9_solve_v3, and
 * sdk_fast9_solve, at the end, picks one at run time. */
#ifndef F9_SOLVE
#define F9_SOLVE    sdk_fast9_solve_base
#define F9_DISPATCH 1
#endif

/* The instruction set of f9_dirty: F9_SSE2, F9_NEON or neither (plain C). */
#if defined(SDK_PORTABLE)
#elif defined(__SSE2__)
#define F9_SSE2 1
#include <emmintrin.h>
#elif defined(__aarch64__) && defined(__ARM_NEON)
#define F9_NEON 1
#include <arm_neon.h>
#endif
#if defined(F9_BMI2)
#include <immintrin.h>
#endif

#define F9_BAND  0x7FFFFFFu /* the 27 cells of a band */
#define F9_ROW   0x1FFu     /* the 9 cells of the lowest row of a band */
#define F9_LANES 0x40201u   /* bit 0 of each row; times a column set = its cells */

/* Bit tricks on a band mask, or on a vector of them (GCC and clang take a
 * scalar constant lane by lane; the pad lane, 0, stays 0):
 *   F9_ROW_FLAGS(x)  bit 8 of each row that holds a cell: its low 8 bits
 *                    plus 0xFF carry into bit 8 when any is set, and no row
 *                    carries into the next;
 *   F9_ROWS(h)       the whole rows whose bit 8 is set in h;
 *   F9_FOLD(x)       the rows ORed onto the lowest: the columns with a cell;
 *   F9_BOX_FLAGS(c)  bit 3k of each box a column set touches, and
 *   F9_BOX_COLUMNS(f) the columns of those boxes. */
#define F9_ROW_FLAGS(x)   (((((x)&0xFFu * F9_LANES) + 0xFFu * F9_LANES) | (x)) & 0x100u * F9_LANES)
#define F9_ROWS(h)        ((h) | ((h) - ((h) >> 8)))
#define F9_FOLD(x)        (((x) | (x) >> 9 | (x) >> 18) & F9_ROW)
#define F9_BOX_FLAGS(c)   (((c) | (c) >> 1 | (c) >> 2) & 0x49u)
#define F9_BOX_COLUMNS(f) ((f) | (f) << 1 | (f) << 2)

/* f[] and prev[] hold four masks per digit, the fourth an always-zero pad
 * that lets one 16-byte vector cover a digit (see the drawing). */
#define F9_MASKS 36
/* Bit 4*d + b of a dirty set for every real mask (b < 3), none for the pads. */
#define F9_ALL_MASKS UINT64_C(0x777777777)

/* Nodes between two reads of the clock and the cancel flag. A node here
 * costs well under a microsecond, so reading every 256 keeps the 25 ns read
 * out of the profile and still stops within a fraction of a millisecond;
 * the generic search, whose nodes cost far more, reads every SDK_CHECK_EVERY. */
#define F9_CHECK_EVERY 256

/* The tables below are built by the preprocessor, so they are const data
 * (the library keeps no mutable globals) and provably what their macro
 * says. F9_REP512(E) lists E(0) .. E(511). */
#define F9_REP4(E, o)  E(o), E((o) + 1), E((o) + 2), E((o) + 3)
#define F9_REP16(E, o) F9_REP4(E, o), F9_REP4(E, (o) + 4), F9_REP4(E, (o) + 8), F9_REP4(E, (o) + 12)
#define F9_REP64(E, o)                                                                             \
    F9_REP16(E, o), F9_REP16(E, (o) + 16), F9_REP16(E, (o) + 32), F9_REP16(E, (o) + 48)
#define F9_REP256(E, o)                                                                            \
    F9_REP64(E, o), F9_REP64(E, (o) + 64), F9_REP64(E, (o) + 128), F9_REP64(E, (o) + 192)
#define F9_REP512(E) F9_REP256(E, 0), F9_REP256(E, 256)

/* Bit (r, k) of a 3 x 3 occupancy: row r of a band touches box k, or band r
 * of a stack touches column k of the stack. */
#define F9_OB(o, r, k) (((o) >> (3 * (r) + (k))) & 1u)
/* OUT(0, a) | OUT(1, b) | OUT(2, c) when the assignment 0->a, 1->b, 2->c
 * uses occupied pairs only, else 0; F9_KEEP ORs it over all six. */
#define F9_PERM(o, OUT, a, b, c)                                                                   \
    ((F9_OB(o, 0, a) & F9_OB(o, 1, b) & F9_OB(o, 2, c)) ? (OUT(0, a) | OUT(1, b) | OUT(2, c)) : 0u)
#define F9_KEEP(o, OUT)                                                                            \
    (F9_PERM(o, OUT, 0, 1, 2) | F9_PERM(o, OUT, 0, 2, 1) | F9_PERM(o, OUT, 1, 0, 2) |              \
     F9_PERM(o, OUT, 1, 2, 0) | F9_PERM(o, OUT, 2, 0, 1) | F9_PERM(o, OUT, 2, 1, 0))

/* keep_cells[occupancy] = the cells of a band used by some row -> box
 * permutation that the row x box occupancy allows; 0 when none does. */
#define F9_ROW_BOX_CELLS(r, k) (0x7u << (9 * (r) + 3 * (k)))
#define F9_KEEP_CELLS(o)       F9_KEEP(o, F9_ROW_BOX_CELLS)
static const uint32_t keep_cells[512] = {F9_REP512(F9_KEEP_CELLS)};

#if !defined(F9_BMI2)
/* row_boxes[row] = the boxes the 9 cells of a row touch, bit k for box k
 * (PEXT does this where there is BMI2). */
#define F9_ROW_BOXES(x)                                                                            \
    ((((x)&7u) != 0) | (((((x) >> 3) & 7u) != 0) << 1) | (((((x) >> 6) & 7u) != 0) << 2))
static const uint8_t row_boxes[512] = {F9_REP512(F9_ROW_BOXES)};
#endif

/* Four bands' worth of masks, for the counting pass; GCC and clang lower it
 * to SSE2, NEON or plain words. */
typedef uint32_t f9_v4 __attribute__((vector_size(16)));
/* Sixteen cells of the grid as bytes, for the start state. */
typedef uint8_t f9_b16 __attribute__((vector_size(16)));

typedef struct f9_state {
    _Alignas(16) uint32_t f[F9_MASKS];    /* f[4*d + b], see the drawing; f[4*d + 3] == 0 */
    _Alignas(16) uint32_t prev[F9_MASKS]; /* f at the last band update of that mask */
    _Alignas(16) uint32_t unsolved[4];
} f9_state;

/* Why the search must unwind. */
typedef enum f9_stop {
    F9_GO = 0, /* keep searching */
    F9_ENOUGH, /* max_solutions found */
    F9_BUDGET, /* a budget ran out: reason says which */
} f9_stop;

/* A branch with a digit left to try: band b, cell p of the band, the digit
 * d it tries next. */
typedef struct f9_branch {
    uint8_t b, p, d;
} f9_branch;

typedef struct f9_ctx {
    uint64_t max_solutions;
    uint64_t node_limit; /* UINT64_MAX when unbounded */
    uint64_t deadline_ns;
    const atomic_int *cancel;
    uint8_t *out;
    size_t cap;
    size_t stored;
    uint64_t count;
    uint64_t placed; /* cells placed by band updates, whatever the reason */
    f9_stop stop;
    sudoku_limit_reason reason;
    sudoku_stats st;
    f9_branch *pending; /* the open branches, innermost last (at most one a cell) */
    int npending;
    uint32_t given[3]; /* the cells of each band given in the puzzle */
} f9_ctx;

static inline f9_v4 f9_load(const uint32_t *p)
{
    f9_v4 v;
    memcpy(&v, p, sizeof(v));
    return v;
}

static inline int f9_any(f9_v4 v)
{
    uint64_t q[2];
    memcpy(q, &v, sizeof(q));
    return (q[0] | q[1]) != 0;
}

static inline int f9_popcount4(f9_v4 x)
{
    return __builtin_popcount(x[0]) + __builtin_popcount(x[1]) + __builtin_popcount(x[2]);
}

/* Masks changed since their last band update, bit 4*d + b. */
static inline uint64_t f9_dirty(const f9_state *s)
{
#if defined(F9_SSE2)
    const __m128i *f = (const __m128i *)s->f, *p = (const __m128i *)s->prev;
    __m128i e0 = _mm_packs_epi32(_mm_cmpeq_epi32(f[0], p[0]), _mm_cmpeq_epi32(f[1], p[1]));
    __m128i e1 = _mm_packs_epi32(_mm_cmpeq_epi32(f[2], p[2]), _mm_cmpeq_epi32(f[3], p[3]));
    __m128i e2 = _mm_packs_epi32(_mm_cmpeq_epi32(f[4], p[4]), _mm_cmpeq_epi32(f[5], p[5]));
    __m128i e3 = _mm_packs_epi32(_mm_cmpeq_epi32(f[6], p[6]), _mm_cmpeq_epi32(f[7], p[7]));
    uint64_t lo = (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(e0, e1));
    uint64_t hi = (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(e2, e3));
    uint64_t top = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(f[8], p[8])));
    return ~(lo | hi << 16 | top << 32) & F9_ALL_MASKS;
#elif defined(F9_NEON)
    /* Lane b of a digit's compare keeps bit b; the across-lanes add then
     * gives the digit's four "unchanged" bits. */
    const uint32x4_t lane_bit = {1u, 2u, 4u, 8u};
    uint64_t same = 0;
    for (int d = 0; d < 9; d++) {
        uint32x4_t eq = vceqq_u32(vld1q_u32(s->f + 4 * d), vld1q_u32(s->prev + 4 * d));
        same |= (uint64_t)vaddvq_u32(vandq_u32(eq, lane_bit)) << (4 * d);
    }
    return ~same & F9_ALL_MASKS;
#else
    uint64_t m = 0;
    for (int i = 0; i < F9_MASKS; i++) m |= (uint64_t)(s->f[i] != s->prev[i]) << i;
    return m & F9_ALL_MASKS;
#endif
}

/* Places digit d on the cells S of band b, at most one per row and all in
 * different boxes (the band update guarantees it): their columns leave the
 * other bands of d, the cells leave the other digits. */
static inline void f9_place(f9_state *s, int d, int b, uint32_t S)
{
    uint32_t cols = F9_FOLD(S);
    uint32_t keep_col = ~(cols * F9_LANES);
    uint32_t own = s->f[4 * d + b];
    s->f[4 * d + 0] &= keep_col;
    s->f[4 * d + 1] &= keep_col;
    s->f[4 * d + 2] &= keep_col;
    uint32_t *fb = &s->f[b];
    fb[0] &= ~S, fb[4] &= ~S, fb[8] &= ~S, fb[12] &= ~S, fb[16] &= ~S;
    fb[20] &= ~S, fb[24] &= ~S, fb[28] &= ~S, fb[32] &= ~S;
    s->f[4 * d + b] = own;
    s->unsolved[b] &= ~S;
}

/* The band update of mask i = 4*d + b; adds the candidates it removes to
 * *elim and the cells it places to *placed. Returns 0 on a contradiction. */
static inline int f9_band(uint64_t *elim, uint64_t *placed, f9_state *s, int i)
{
    uint32_t m = s->f[i];
#if defined(F9_BMI2)
    uint32_t occ = _pext_u32(m | m >> 1 | m >> 2, 0x1249249u);
#else
    uint32_t occ = (uint32_t)row_boxes[m & F9_ROW] | (uint32_t)row_boxes[(m >> 9) & F9_ROW] << 3 |
                   (uint32_t)row_boxes[m >> 18] << 6;
#endif
    uint32_t nm = m & keep_cells[occ];
    if (!nm) return 0;
    *elim += (uint64_t)__builtin_popcount(m ^ nm);
    s->f[i] = s->prev[i] = nm;
    /* rows down to one cell that is not placed yet: place the digit there.
     * A kept mask has a cell in every row (a permutation uses each), so
     * taking one from every row borrows across none, and the rows left with
     * a cell had a second. */
    int b = i & 3;
    uint32_t rest = nm & (nm - F9_LANES), multi = F9_ROW_FLAGS(rest);
    uint32_t S = nm & ~F9_ROWS(multi) & s->unsolved[b];
    /* Placing no cell changes nothing, so no test: the test went either way
     * about as often, and its mispredictions cost more than the place. */
    *placed += (uint64_t)__builtin_popcount(S);
    f9_place(s, i >> 2, b, S);
    return 1;
}

/* Sets cell p of band b to digit d by leaving d only that cell in its row:
 * the band update then places it like any single. Returns the one mask it
 * changed, as a dirty set (bit 4*d + b). */
static inline uint64_t f9_assign(f9_state *s, int d, int b, int p)
{
    uint32_t row = F9_ROW << (9 * (p / 9));
    s->f[4 * d + b] &= ~(row & ~(1u << p));
    return UINT64_C(1) << (4 * d + b);
}

/* The band update of all 27 masks at once, when each needs one (the start
 * state): the rule of f9_band for the three bands of a digit in one vector,
 * the row x box occupancy kept where it is (bit 9r + 3k) and turned by
 * shifts instead of looked up (as f9_stacks does sideways), in a third of
 * the instructions of 27 f9_band calls. The cells it places go in after all
 * nine digits, each checked against what the others placed; the band
 * updates after it finish what those start. Adds to *elim and *placed like
 * f9_band. Returns 0 on a contradiction. */
static inline int f9_band_all(uint64_t *elim, uint64_t *placed, f9_state *s)
{
    const f9_v4 unsolved = f9_load(s->unsolved);
    f9_v4 singles[9];
    for (int d = 0; d < 9; d++) {
        f9_v4 x = f9_load(&s->f[4 * d]);
        f9_v4 o = (x | x >> 1 | x >> 2) & 0x1249249u;
        /* within each row, box k + 1 (k1) or k + 2 (k2) moved to box k */
        f9_v4 k1 = ((o >> 3) & 0x09u * F9_LANES) | ((o << 6) & 0x40u * F9_LANES);
        f9_v4 k2 = ((o >> 6) & 0x01u * F9_LANES) | ((o << 3) & 0x48u * F9_LANES);
        /* rows turned by one and by two, within the band */
        f9_v4 k1r1 = ((k1 >> 9) | (k1 << 18)) & F9_BAND, k1r2 = ((k1 >> 18) | (k1 << 9)) & F9_BAND;
        f9_v4 k2r1 = ((k2 >> 9) | (k2 << 18)) & F9_BAND, k2r2 = ((k2 >> 18) | (k2 << 9)) & F9_BAND;
        f9_v4 keep = o & ((k1r1 & k2r2) | (k2r1 & k1r2));
        f9_v4 nm = x & (keep | keep << 1 | keep << 2);
        if (!nm[0] || !nm[1] || !nm[2]) return 0;
        *elim += (uint64_t)f9_popcount4(x ^ nm);
        memcpy(&s->f[4 * d], &nm, sizeof(nm));
        memcpy(&s->prev[4 * d], &nm, sizeof(nm));
        /* rows down to one cell, as in f9_band */
        f9_v4 rest = nm & (nm - F9_LANES), multi = F9_ROW_FLAGS(rest);
        singles[d] = nm & ~F9_ROWS(multi) & unsolved;
    }
    for (int d = 0; d < 9; d++) {
        if (!f9_any(singles[d])) continue;
        for (int b = 0; b < 3; b++) {
            /* another digit's cells may have taken this one's */
            uint32_t S = singles[d][b] & s->f[4 * d + b];
            if (!S) continue;
            *placed += (uint64_t)__builtin_popcount(S);
            f9_place(s, d, b, S);
        }
    }
    return 1;
}

/* Runs band updates, starting from the masks in dirty (those changed since
 * their last update), until no mask changes. Returns 0 on a contradiction;
 * ORs the updated masks into *touched. The counters stay in registers
 * through the loop and reach the stats once. */
static inline int f9_settle(f9_ctx *c, f9_state *s, uint64_t *touched, uint64_t dirty)
{
    uint64_t elim = 0, placed = 0;
    int ok = 1;
    if (dirty == F9_ALL_MASKS) {
        *touched |= dirty;
        ok = f9_band_all(&elim, &placed, s);
        dirty = ok ? f9_dirty(s) : 0;
    }
    while (dirty) {
        *touched |= dirty;
        uint64_t placed_before = placed;
        do {
            if (!f9_band(&elim, &placed, s, __builtin_ctzll(dirty))) {
                ok = 0;
                break;
            }
            dirty &= dirty - 1;
        } while (dirty);
        /* an update that places nothing changes only its own mask, which
         * it leaves clean: no placement, nothing left to look at */
        if (!ok || placed == placed_before) break;
        dirty = f9_dirty(s);
    }
    c->st.locked_candidates += elim;
    c->placed += placed;
    return ok;
}

/* The stack update, the band update turned sideways, for the digits in
 * `digits` (bit 4*d): within a stack a digit's three bands take its three
 * columns by a permutation too. Folding each band's rows gives the columns
 * (mini-columns) a band still has; the (band, column) pairs no permutation
 * uses are dropped, which is locked candidates along columns and
 * hidden singles in columns (a column left with one cell leaves its box one
 * cell, which the band update places). Returns -1 on a contradiction, else
 * the number of masks narrowed. */
static inline int f9_stacks(f9_ctx *c, f9_state *s, uint64_t digits)
{
    int narrowed = 0;
    while (digits) {
        uint32_t *p = &s->f[__builtin_ctzll(digits)];
        digits &= digits - 1;
        f9_v4 x = f9_load(p);
        /* lane b: the columns band b still has; within a stack a column
         * turned by one (c1) or two (c2), and a band turned by one
         * (shuffle 1, 2, 0) or two (2, 0, 1) */
        f9_v4 y = F9_FOLD(x);
        f9_v4 c1 = ((y >> 1) & 0x0DBu) | ((y << 2) & 0x124u);
        f9_v4 c2 = ((y >> 2) & 0x049u) | ((y << 1) & 0x1B6u);
        /* (band r, column k) is kept when the other two bands take the
         * other two columns one way or the other */
        f9_v4 keep = y & ((__builtin_shufflevector(c1, c1, 1, 2, 0, 3) &
                           __builtin_shufflevector(c2, c2, 2, 0, 1, 3)) |
                          (__builtin_shufflevector(c2, c2, 1, 2, 0, 3) &
                           __builtin_shufflevector(c1, c1, 2, 0, 1, 3)));
        /* a stack no permutation fits keeps nothing in any band */
        uint32_t k0 = keep[0];
        if (!(k0 & 7u) || !(k0 & 070u) || !(k0 & 0700u)) return -1;
        if (f9_any(keep ^ y)) {
            f9_v4 n = x & (keep | keep << 9 | keep << 18);
            c->st.locked_candidates += (uint64_t)f9_popcount4(x ^ n);
            memcpy(p, &n, sizeof(n));
            narrowed++;
        }
    }
    return narrowed;
}

/* Adds digit d's three bands to the bit-sliced counters: a1, a2, a3 hold
 * the cells with at least one, two, three candidates. Called once per digit,
 * unrolled by hand: gcc -O2 would keep the loop and its overhead. */
static inline void f9_count(const f9_state *s, int d, f9_v4 *a1, f9_v4 *a2, f9_v4 *a3)
{
    f9_v4 x = f9_load(&s->f[4 * d]);
    *a3 |= *a2 & x;
    *a2 |= *a1 & x;
    *a1 |= x;
}

/* The digits cell p of band b may still hold, bit d for digit d. */
static inline uint32_t f9_cell_digits(const f9_state *s, int b, int p)
{
    const uint32_t *f = &s->f[b];
    return ((f[0] >> p) & 1u) | ((f[4] >> p) & 1u) << 1 | ((f[8] >> p) & 1u) << 2 |
           ((f[12] >> p) & 1u) << 3 | ((f[16] >> p) & 1u) << 4 | ((f[20] >> p) & 1u) << 5 |
           ((f[24] >> p) & 1u) << 6 | ((f[28] >> p) & 1u) << 7 | ((f[32] >> p) & 1u) << 8;
}

/* Propagates to the fixpoint from a state whose changed masks are dirty
 * (the caller knows them: every mask at the start, one after a guess, which
 * spares a compare of all 36). Returns 0 on a contradiction, else 1 with
 * the bivalue cells of each band in bival. */
static int f9_propagate(f9_ctx *c, f9_state *s, uint32_t bival[3], uint64_t dirty)
{
    uint64_t touched = 0;
    for (;;) {
        if (!f9_settle(c, s, &touched, dirty)) return 0;
        /* every cell placed: a solution (placements keep the rules), and
         * the counts and the stack update would find nothing */
        f9_v4 u = f9_load(s->unsolved);
        if (!f9_any(u)) {
            bival[0] = bival[1] = bival[2] = 0;
            return 1;
        }

        /* a1/a2/a3: cells with at least one/two/three candidates */
        f9_v4 a1 = {0, 0, 0, 0}, a2 = a1, a3 = a1;
        f9_count(s, 0, &a1, &a2, &a3), f9_count(s, 1, &a1, &a2, &a3);
        f9_count(s, 2, &a1, &a2, &a3), f9_count(s, 3, &a1, &a2, &a3);
        f9_count(s, 4, &a1, &a2, &a3), f9_count(s, 5, &a1, &a2, &a3);
        f9_count(s, 6, &a1, &a2, &a3), f9_count(s, 7, &a1, &a2, &a3);
        f9_count(s, 8, &a1, &a2, &a3);
        if (f9_any(u & ~a1)) return 0;
        f9_v4 single = u & ~a2;
        dirty = 0;
        if (f9_any(single)) {
            int n = 0;
            for (int b = 0; b < 3; b++) {
                uint32_t m = single[b];
                while (m) {
                    int p = __builtin_ctz(m);
                    m &= m - 1;
                    uint32_t digits = f9_cell_digits(s, b, p);
                    /* an earlier single of this pass took its last digit */
                    if (!digits) return 0;
                    dirty |= f9_assign(s, __builtin_ctz(digits), b, p);
                    n++;
                }
            }
            c->st.naked_singles += (uint64_t)n;
            continue;
        }

        uint64_t digits = (touched | touched >> 1 | touched >> 2) & 0x111111111ull;
        touched = 0;
        int narrowed = f9_stacks(c, s, digits);
        if (narrowed < 0) return 0;
        if (narrowed == 0) {
            f9_v4 two = u & a2 & ~a3;
            bival[0] = two[0];
            bival[1] = two[1];
            bival[2] = two[2];
            return 1;
        }
        dirty = f9_dirty(s);
    }
}

/* The cells of a band in the row, box or column of cell p of that band, and
 * in its column alone. */
#define F9_PEERS(p)                                                                                \
    ((F9_ROW << (9 * ((p) / 9))) | (7u << (3 * ((p) % 9 / 3))) * F9_LANES | (F9_LANES << ((p) % 9)))
#define F9_COLUMN(p) (F9_LANES << ((p) % 9))
#define F9_REP27(E)  F9_REP16(E, 0), F9_REP4(E, 16), F9_REP4(E, 20), E(24), E(25), E(26)
static const uint32_t peer_cells[27] = {F9_REP27(F9_PEERS)};
/* a column's cells in two bands side by side, bits 0..26 and 32..58 */
#define F9_COLUMN2(p) (F9_COLUMN(p) | (uint64_t)F9_COLUMN(p) << 32)
static const uint64_t column_cells2[27] = {F9_REP27(F9_COLUMN2)};

/* The cell to branch on: the bivalue cell of widest reach (see DESIGN; on a
 * tie the last one), or with no bivalue cell (rare) the cell with the
 * fewest candidates. Returns the digits of the cell. */
/* The key of bivalue cell p of band b: its reach (the unsolved cells of its
 * row, box and column in this band, plus those of its column in the other
 * two), then band and cell. reach[b] holds the band's unsolved cells and,
 * above bit 32, the other two bands' side by side (f9_pick). */
static inline uint32_t f9_key(const uint64_t reach[3][2], uint32_t b, uint32_t p)
{
    uint32_t n = (uint32_t)__builtin_popcountll(reach[b][0] & peer_cells[p]) +
                 (uint32_t)__builtin_popcountll(reach[b][1] & column_cells2[p]);
    return (n + 1) << 7 | b << 5 | p;
}

static uint32_t f9_pick(const f9_state *s, const uint32_t bival[3], int *band, int *pos)
{
    const uint32_t *u = s->unsolved;
    const uint64_t reach[3][2] = {{u[0], u[1] | (uint64_t)u[2] << 32},
                                  {u[1], u[2] | (uint64_t)u[0] << 32},
                                  {u[2], u[0] | (uint64_t)u[1] << 32}};
    /* the best key: reach above, then band and cell, so the larger key
     * wins a tie as the later cell; a max, not a branch, keeps the choice
     * out of the branch predictor */
    uint32_t best = 0;
    /* bands 0 and 1 in one loop (bit 32 * band + cell), band 2 in a second: one loop exit
     * fewer to mispredict */
    for (uint64_t m = bival[0] | (uint64_t)bival[1] << 32; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        uint32_t key = f9_key(reach, i >> 5, i & 31);
        best = key > best ? key : best;
    }
    for (uint32_t m = bival[2]; m; m &= m - 1) {
        uint32_t key = f9_key(reach, 2, (uint32_t)__builtin_ctz(m));
        best = key > best ? key : best;
    }
    if (best) {
        *band = (int)(best >> 5) & 3;
        *pos = (int)(best & 31);
    } else {
        int fewest = 9 + 1; /* more than the nine candidates any cell can have */
        for (int b = 0; b < 3; b++) {
            for (uint32_t m = s->unsolved[b]; m; m &= m - 1) {
                int p = __builtin_ctz(m), n = __builtin_popcount(f9_cell_digits(s, b, p));
                if (n < fewest) {
                    fewest = n;
                    *band = b;
                    *pos = p;
                }
            }
        }
    }
    return f9_cell_digits(s, *band, *pos);
}

/* The cells of an 8-bit set as 8 bytes, cell i in byte i (the machine's
 * order): 1 << j where the cell is in the set, else 0. */
static inline uint64_t f9_spread8(uint32_t x, int j)
{
#if defined(F9_BMI2)
    return _pdep_u64(x & 0xFFu, UINT64_C(0x0101010101010101) << j);
#else
    uint64_t m =
        (uint64_t)(x & 0xFFu) * UINT64_C(0x0101010101010101) & UINT64_C(0x8040201008040201);
    uint64_t bytes =
        ((m + UINT64_C(0x7F7F7F7F7F7F7F7F)) >> (7 - j)) & (UINT64_C(0x0101010101010101) << j);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    bytes = __builtin_bswap64(bytes);
#endif
    return bytes;
#endif
}

/* Writes a solved state as 81 digits. Bit plane j of the digits (1..9) is the
 * union of the masks of the digits that have bit j, so four unions per band
 * and a spread of each into bytes give the grid without a branch. */
static void f9_write_grid(const f9_state *s, uint8_t *out)
{
#define F9_D(d) f9_load(&s->f[4 * (d)])
    const f9_v4 plane[4] = {
        F9_D(0) | F9_D(2) | F9_D(4) | F9_D(6) | F9_D(8), /* 1, 3, 5, 7, 9 */
        F9_D(1) | F9_D(2) | F9_D(5) | F9_D(6),           /* 2, 3, 6, 7 */
        F9_D(3) | F9_D(4) | F9_D(5) | F9_D(6),           /* 4, 5, 6, 7 */
        F9_D(7) | F9_D(8),                               /* 8, 9 */
    };
#undef F9_D
    uint8_t grid[3 * 27 + 5];
#pragma GCC unroll 3
    for (int b = 0; b < 3; b++) {
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            uint64_t bytes =
                f9_spread8(plane[0][b] >> (8 * k), 0) | f9_spread8(plane[1][b] >> (8 * k), 1) |
                f9_spread8(plane[2][b] >> (8 * k), 2) | f9_spread8(plane[3][b] >> (8 * k), 3);
            memcpy(grid + 27 * b + 8 * k, &bytes, sizeof(bytes));
        }
    }
    memcpy(out, grid, 81);
}

/* A second solution read off the first, in place of the search for it.
 *
 * Once the search has a first solution it goes back to the branches it left
 * a digit y untried in, innermost first. Late branches are where a puzzle
 * with many solutions is free, and the first solution often shows a second
 * with y at such a branch's cell P outright: take the cells of x (P's digit)
 * and y, start from P, and add every x or y cell in a row, column or box the
 * set touches, until it touches no more. Swapping x and y on that set keeps
 * every row, column and box whole (each one touched has both its x and its y
 * in the set); when none of its cells is a given, the swapped grid is a
 * second solution. (The smallest such set is the unavoidable rectangle:
 * four cells, two boxes.)
 *
 * Proving a puzzle unique stops at two solutions, and on puzzles with many
 * the search after the first was a sixth of the nodes (serg's: 1.7 of 8.7
 * as written); this takes most of it. A unique puzzle pays one failed look
 * per open branch, once: its sets reach a given, or it would not be unique.
 * Returns 1 and writes the second grid after the first in c->out (room
 * allowing) when the set of branch `at` has no given, else 0. */
static int f9_swap_second(f9_ctx *c, const f9_state *s, f9_branch at)
{
    const f9_v4 given = {c->given[0], c->given[1], c->given[2], 0};
    int x = __builtin_ctz(f9_cell_digits(s, at.b, at.p));
    f9_v4 xy = f9_load(&s->f[4 * x]) | f9_load(&s->f[4 * at.d]);
    f9_v4 set = {0, 0, 0, 0};
    set[at.b] = 1u << at.p;
    for (;;) {
        /* the rows, boxes and columns the set touches */
        f9_v4 row_flags = F9_ROW_FLAGS(set), folded = F9_FOLD(set);
        f9_v4 box_flags = F9_BOX_FLAGS(folded);
        uint32_t cols = folded[0] | folded[1] | folded[2];
        f9_v4 grown = xy & (F9_ROWS(row_flags) | (F9_BOX_COLUMNS(box_flags) | cols) * F9_LANES);
        if (f9_any(grown & given)) return 0;
        if (!f9_any(grown ^ set)) break;
        set = grown;
    }
    if (c->stored < c->cap) {
        uint8_t *second = c->out + 81 * c->stored;
        memcpy(second, second - 81, 81);
        for (int b = 0; b < 3; b++) {
            for (uint32_t m = set[b]; m; m &= m - 1) {
                uint8_t *cell = &second[27 * b + __builtin_ctz(m)];
                *cell = *cell == x + 1 ? (uint8_t)(at.d + 1) : (uint8_t)(x + 1);
            }
        }
        c->stored++;
    }
    return 1;
}

static void f9_record(f9_ctx *c, const f9_state *s)
{
    if (c->stored < c->cap) {
        f9_write_grid(s, c->out + 81 * c->stored);
        c->stored++;
    }
    c->count++;
    /* proving uniqueness: a swap may show the second (f9_swap_second) */
    if (c->count == 1 && c->max_solutions == 2) {
        for (int i = c->npending - 1; i >= 0; i--) {
            if (f9_swap_second(c, s, c->pending[i])) {
                c->count++;
                break;
            }
        }
    }
    if (c->count >= c->max_solutions) c->stop = F9_ENOUGH;
}

/* True when a budget forbids another node. The clock and the cancel flag
 * are read at the first branch and every F9_CHECK_EVERY nodes after it,
 * never for the root. */
static int f9_over_budget(f9_ctx *c)
{
    uint64_t n = c->st.nodes;
    if (n >= c->node_limit) {
        c->reason = SUDOKU_LIMIT_NODES;
        return 1;
    }
    if (n && (n - 1) % F9_CHECK_EVERY == 0) {
        if (c->cancel && atomic_load_explicit(c->cancel, memory_order_relaxed)) {
            c->reason = SUDOKU_LIMIT_CANCEL;
            return 1;
        }
        if (c->deadline_ns && sudoku_now_ns() >= c->deadline_ns) {
            c->reason = SUDOKU_LIMIT_DEADLINE;
            return 1;
        }
    }
    return 0;
}

/* *dst = *src as 16-byte moves: a plain struct copy of this size becomes
 * `rep movsq`, whose start-up costs more than the copy. */
static inline void f9_copy(f9_state *dst, const f9_state *src)
{
    f9_v4 *d = (f9_v4 *)(void *)dst;
    const f9_v4 *p = (const f9_v4 *)(const void *)src;
#pragma GCC unroll 19
    for (size_t i = 0; i < sizeof(f9_state) / sizeof(f9_v4); i++) d[i] = p[i];
}

/* Depth-first search from s, whose changed masks are dirty (see
 * f9_propagate); s is consumed (the last branch runs in it). */
static void f9_search(f9_ctx *c, f9_state *s, uint32_t depth, uint64_t dirty)
{
    for (;;) {
        if (f9_over_budget(c)) {
            c->stop = F9_BUDGET;
            return;
        }
        c->st.nodes++;
        uint32_t bival[3];
        if (!f9_propagate(c, s, bival, dirty)) {
            c->st.backtracks++;
            return;
        }
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
            f9_record(c, s);
            return;
        }
        int b = 0, p = 0;
        uint32_t digits = f9_pick(s, bival, &b, &p);
        depth++;
        if (depth > c->st.max_depth) c->st.max_depth = depth;
        while (digits & (digits - 1)) {
            f9_state t;
            f9_copy(&t, s);
            uint64_t t_dirty = f9_assign(&t, __builtin_ctz(digits), b, p);
            digits &= digits - 1;
            c->st.guesses++;
            c->pending[c->npending++] =
                (f9_branch){(uint8_t)b, (uint8_t)p, (uint8_t)__builtin_ctz(digits)};
            f9_search(c, &t, depth, t_dirty);
            c->npending--;
            if (c->stop != F9_GO) return;
        }
        c->st.guesses++;
        dirty = f9_assign(s, __builtin_ctz(digits), b, p);
    }
}

/* The cells of 16 bytes equal to v, bit i for byte i. */
static inline uint32_t f9_bytes_equal(const uint8_t *p, uint8_t v)
{
#if defined(F9_SSE2)
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8((char)v)));
#elif defined(F9_NEON)
    /* NEON has no movemask: weigh each lane's compare by its bit, add up each half */
    const uint8x16_t weight = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t eq = vandq_u8(vceqq_u8(vld1q_u8(p), vdupq_n_u8(v)), weight);
    return (uint32_t)vaddv_u8(vget_low_u8(eq)) | (uint32_t)vaddv_u8(vget_high_u8(eq)) << 8;
#else
    uint32_t m = 0;
    for (int i = 0; i < 16; i++) m |= (uint32_t)(p[i] == v) << i;
    return m;
#endif
}

/* The three band masks of the cells of an 81-cell grid that hold v (0 for
 * the blanks), padded with a zero lane. The grid is read where it lies, the
 * last vector overlapping the one before so as to end at cell 80: a copy to
 * a padded buffer would be read back before its stores left the store
 * buffer, which stalls the loads. */
static inline f9_v4 f9_cells_equal(const uint8_t cells[81], uint8_t v)
{
    /* lo: cells 0..63, hi: cells 64..80 */
#if defined(F9_BMI2) /* the AVX2 build: 32 bytes a compare, the last at cell 49 */
    const __m256i want = _mm256_set1_epi8((char)v);
#define F9_EQ32(at)                                                                                \
    (uint64_t)(uint32_t) _mm256_movemask_epi8(_mm256_cmpeq_epi8(                                   \
        _mm256_loadu_si256((const __m256i *)(const void *)(cells + (at))), want))
    uint64_t lo = F9_EQ32(0) | F9_EQ32(32) << 32;
    uint64_t hi = F9_EQ32(49) >> 15;
#undef F9_EQ32
#else /* 16 bytes a compare, the last at cell 65 */
    uint64_t lo = (uint64_t)f9_bytes_equal(cells, v) |
                  (uint64_t)f9_bytes_equal(cells + 16, v) << 16 |
                  (uint64_t)f9_bytes_equal(cells + 32, v) << 32 |
                  (uint64_t)f9_bytes_equal(cells + 48, v) << 48;
    uint64_t hi = (uint64_t)f9_bytes_equal(cells + 64, v) |
                  (uint64_t)(f9_bytes_equal(cells + 65, v) >> 15) << 16;
#endif
    f9_v4 band = {(uint32_t)lo, (uint32_t)(lo >> 27), (uint32_t)(lo >> 54 | hi << 10), 0};
    return band & (f9_v4){F9_BAND, F9_BAND, F9_BAND, 0};
}

/* Whether a cell of the 81 holds a value above v; read like f9_cells_equal,
 * the sixth load from cell 65. */
static inline int f9_any_above(const uint8_t cells[81], uint8_t v)
{
    f9_b16 above = {0};
    for (int i = 0; i < 81; i += 16) {
        f9_b16 x;
        memcpy(&x, cells + (i < 65 ? i : 65), sizeof(x));
        above |= (f9_b16)(x > v);
    }
    uint64_t q[2];
    memcpy(q, &above, sizeof(q));
    return (q[0] | q[1]) != 0;
}

/* Builds the start state from the givens: per digit, one compare of the 81
 * cells gives its cells in each band, and per band (a lane each) its rows,
 * boxes and columns are banned. Returns SUDOKU_SOLVED when the givens are
 * usable, SUDOKU_INVALID for a value above 9, SUDOKU_CONFLICT for a digit
 * twice in a unit (sudoku_solve leaves both to this). */
static sudoku_status f9_init(f9_state *s, uint32_t given[3], const uint8_t *cells)
{
    const f9_v4 band = {F9_BAND, F9_BAND, F9_BAND, 0};
    const f9_v4 real = {~0u, ~0u, ~0u, 0}; /* the three bands, not the pad */
    if (f9_any_above(cells, 9)) return SUDOKU_INVALID;

    f9_v4 filled = band & ~f9_cells_equal(cells, 0);
    /* Every given fills a row, a box and a column for its digit; two givens
     * of a digit in one unit fill it once. So summed over the digits, the
     * rows, boxes and columns filled are the givens, or there is a repeat. */
    int rows_filled = 0, boxes_filled = 0, columns_filled = 0;
    for (int d = 0; d < 9; d++) {
        f9_v4 g = f9_cells_equal(cells, (uint8_t)(d + 1));
        /* per band: bit 8 of each row the givens of d are in (as in f9_band),
         * bits 0, 3, 6 of each box, and the columns */
        f9_v4 row_flags = F9_ROW_FLAGS(g), folded = F9_FOLD(g);
        f9_v4 box_flags = F9_BOX_FLAGS(folded);
        uint32_t cols = folded[0] | folded[1] | folded[2];
        rows_filled += __builtin_popcount(row_flags[0] | row_flags[1] >> 1 | row_flags[2] >> 2);
        boxes_filled += __builtin_popcount(box_flags[0] | box_flags[1] << 1 | box_flags[2] << 2);
        columns_filled += __builtin_popcount(cols);
        /* banned: those rows whole, those boxes and columns in every row */
        f9_v4 lines = F9_BOX_COLUMNS(box_flags) | cols;
        f9_v4 f = (band & ~(F9_ROWS(row_flags) | lines * F9_LANES | filled)) | g;
        memcpy(&s->f[4 * d], &f, sizeof(f));
        f = ~f & real; /* every band gets a first update; the pad stays equal */
        memcpy(&s->prev[4 * d], &f, sizeof(f));
    }
    int givens = f9_popcount4(filled);
    if (rows_filled != givens || boxes_filled != givens || columns_filled != givens)
        return SUDOKU_CONFLICT;
    f9_v4 unsolved = band & ~filled;
    memcpy(s->unsolved, &unsolved, sizeof(unsolved));
    given[0] = filled[0], given[1] = filled[1], given[2] = filled[2];
    return SUDOKU_SOLVED;
}

sudoku_status F9_SOLVE(const uint8_t *cells, const sudoku_limits *limits, sudoku_result *r)
{
    f9_ctx c;
    memset(&c, 0, sizeof(c));
    c.max_solutions = limits && limits->max_solutions ? limits->max_solutions : 1;
    c.node_limit = limits && limits->node_budget ? limits->node_budget : UINT64_MAX;
    c.deadline_ns = limits ? limits->deadline_ns : 0;
    c.cancel = limits ? limits->cancel : NULL;
    c.out = r->solutions;
    c.cap = r->solutions ? r->solutions_capacity : 0;
    f9_branch pending[81];
    c.pending = pending;

    f9_state s;
    sudoku_status status = f9_init(&s, c.given, cells);
    if (status == SUDOKU_SOLVED) {
        f9_search(&c, &s, 0, F9_ALL_MASKS);
        /* two solutions prove "multiple" even when a budget cut the count */
        if (c.count >= 2)
            status = SUDOKU_MULTIPLE;
        else if (c.stop == F9_BUDGET)
            status = SUDOKU_LIMIT;
        else
            status = c.count ? SUDOKU_SOLVED : SUDOKU_NO_SOLUTION;
    }
    r->status = status;
    r->limit_reason = c.stop == F9_BUDGET ? c.reason : SUDOKU_LIMIT_NONE;
    r->solution_count = c.count;
    r->count_exact = status != SUDOKU_INVALID && c.stop == F9_GO;
    r->solutions_stored = c.stored;
    /* Naked singles and guesses are placed by the band update like hidden
     * singles: take them out (an assignment cut short by a contradiction
     * was never placed, hence the floor at zero). */
    uint64_t assigned = c.st.naked_singles + c.st.guesses;
    c.st.hidden_singles = c.placed > assigned ? c.placed - assigned : 0;
    r->stats = c.st;
    return status;
}

#ifdef F9_DISPATCH
sudoku_status sdk_fast9_solve(const uint8_t *cells, const sudoku_limits *limits, sudoku_result *r)
{
#if SDK_FAST9_V3
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2"))
        return sdk_fast9_solve_v3(cells, limits, r);
#endif
    return sdk_fast9_solve_base(cells, limits, r);
}
#endif
