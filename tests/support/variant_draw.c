/* variant_draw.c -- random constraints a solution grid keeps: see variant_draw.h.
 *
 * DESIGN: most kinds are a path drawn on sol, one cell at a time, each step to a random
 * neighbour (orthogonal or a king's move) that a predicate on the digits allows (a
 * thermometer's next digit is larger, a whisper's differs by enough); the kind's value is
 * then read off sol. A draw that gets stuck starts again elsewhere, a few hundred times
 * at most, so a kind a small grid cannot carry ends in -1, never in a loop.
 */
#include "tests/support/variant_draw.h"

#include <stdlib.h>
#include <string.h>

#define VD_TRIES    400
#define VD_MAX_PATH 16

typedef struct vd_ctx {
    const sudoku_variant *v;
    const uint8_t *sol;
    sudoku_rng *rng;
    int n;
} vd_ctx;

/* May the path path[0..len) go on to cell `next`? */
typedef bool vd_step_ok(const vd_ctx *x, const uint8_t *path, int len, int next, int arg);

static int vd_below(const vd_ctx *x, int n)
{
    return (int)sudoku_rng_below(x->rng, (uint64_t)n);
}

static int vd_add(sudoku_variant *v, sudoku_constraint_kind kind, int value, int aux,
                  const uint8_t *cells, int ncells)
{
    return sudoku_variant_add(v, kind, value, aux, cells, ncells, NULL);
}

/* The neighbours of cell in random order: 4 orthogonal ones, or all 8 with king. */
static int vd_neighbours(const vd_ctx *x, int cell, bool king, uint8_t *out)
{
    int n = x->n, r = cell / n, c = cell % n, k = 0;
    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            if ((dr == 0 && dc == 0) || (!king && dr != 0 && dc != 0)) continue;
            if (r + dr < 0 || r + dr >= n || c + dc < 0 || c + dc >= n) continue;
            out[k++] = (uint8_t)((r + dr) * n + c + dc);
        }
    }
    sudoku_rng_shuffle(x->rng, out, (size_t)k);
    return k;
}

static bool vd_in(const uint8_t *cells, int len, int cell)
{
    for (int i = 0; i < len; i++)
        if (cells[i] == cell) return true;
    return false;
}

/* A path of up to maxlen cells from `start` (a random cell when negative), each step
 * allowed by ok. Returns its length (at least 1). */
static int vd_path(const vd_ctx *x, int start, bool king, int maxlen, vd_step_ok *ok, int arg,
                   uint8_t *path)
{
    int len = 0;
    path[len++] = (uint8_t)(start >= 0 ? start : vd_below(x, x->n * x->n));
    while (len < maxlen) {
        uint8_t nb[8];
        int k = vd_neighbours(x, path[len - 1], king, nb), i = 0;
        while (i < k && (vd_in(path, len, nb[i]) || !ok(x, path, len, nb[i], arg))) i++;
        if (i == k) break;
        path[len++] = nb[i];
    }
    return len;
}

static bool vd_any(const vd_ctx *x, const uint8_t *path, int len, int next, int arg)
{
    (void)x, (void)path, (void)len, (void)next, (void)arg;
    return true;
}

static bool vd_rising(const vd_ctx *x, const uint8_t *path, int len, int next, int arg)
{
    (void)arg;
    return x->sol[next] > x->sol[path[len - 1]];
}

static bool vd_far(const vd_ctx *x, const uint8_t *path, int len, int next, int arg)
{
    return abs(x->sol[next] - x->sol[path[len - 1]]) >= arg;
}

/* A new digit keeping the path's digits within a span of arg - 1 (renban of arg cells). */
static bool vd_run(const vd_ctx *x, const uint8_t *path, int len, int next, int arg)
{
    int lo = x->sol[next], hi = lo;
    for (int i = 0; i < len; i++) {
        int d = x->sol[path[i]];
        if (d == x->sol[next]) return false;
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    return hi - lo < arg;
}

/* Distinct digits: a cage grows this way. */
static bool vd_fresh(const vd_ctx *x, const uint8_t *cells, int len, int next)
{
    for (int i = 0; i < len; i++)
        if (x->sol[cells[i]] == x->sol[next]) return false;
    return true;
}

static int vd_sum(const vd_ctx *x, const uint8_t *cells, int len)
{
    int s = 0;
    for (int i = 0; i < len; i++) s += x->sol[cells[i]];
    return s;
}

/* A connected cage of distinct digits grown from `start` to at most `size` cells,
 * avoiding cells marked in `taken` (may be NULL). */
static int vd_grow_cage(const vd_ctx *x, int start, int size, const bool *taken, uint8_t *cage)
{
    int len = 0;
    cage[len++] = (uint8_t)start;
    while (len < size) {
        uint8_t nb[8];
        int from = cage[vd_below(x, len)], k = vd_neighbours(x, from, false, nb), i = 0;
        while (i < k && (vd_in(cage, len, nb[i]) || (taken && taken[nb[i]]) ||
                         !vd_fresh(x, cage, len, nb[i])))
            i++;
        if (i == k) {
            /* a dead end from this cell; try every other member once before giving up */
            bool grown = false;
            for (int m = 0; m < len && !grown; m++) {
                k = vd_neighbours(x, cage[m], false, nb);
                for (i = 0; i < k && !grown; i++) {
                    if (vd_in(cage, len, nb[i]) || (taken && taken[nb[i]]) ||
                        !vd_fresh(x, cage, len, nb[i]))
                        continue;
                    cage[len++] = nb[i];
                    grown = true;
                }
            }
            if (!grown) break;
            continue;
        }
        cage[len++] = nb[i];
    }
    return len;
}

static int vd_cage(sudoku_variant *v, const vd_ctx *x)
{
    uint8_t cage[VD_MAX_PATH];
    int max = x->n < 5 ? x->n : 5, size = 2 + vd_below(x, max - 1);
    int len = vd_grow_cage(x, vd_below(x, x->n * x->n), size, NULL, cage);
    int value = vd_below(x, 4) == 0 ? 0 : vd_sum(x, cage, len);
    return vd_add(v, SUDOKU_CON_CAGE, value, 0, cage, len);
}

/* A whole diagonal from a border cell to the opposite border, at least 2 cells. */
static int vd_little_killer(sudoku_variant *v, const vd_ctx *x)
{
    int n = x->n;
    uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
    int r = vd_below(x, n), c = vd_below(x, 2) * (n - 1), dc = c == 0 ? 1 : -1,
        dr = vd_below(x, 2) ? 1 : -1, len = 0;
    for (; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc)
        cells[len++] = (uint8_t)(r * n + c);
    if (len < 2) return -1;
    return vd_add(v, SUDOKU_CON_SUM, vd_sum(x, cells, len), 0, cells, len);
}

/* A pill of `aux` cells in a row, read as a decimal number, and a king's path from its
 * last cell whose digits add up to it. */
static int vd_arrow(sudoku_variant *v, const vd_ctx *x)
{
    int n = x->n, aux = vd_below(x, 4) == 0 ? 2 : 1;
    for (int t = 0; t < VD_TRIES; t++) {
        uint8_t cells[VD_MAX_PATH];
        int r = vd_below(x, n), c = vd_below(x, n - aux + 1), number = 0;
        for (int i = 0; i < aux; i++) {
            cells[i] = (uint8_t)(r * n + c + i);
            number = number * 10 + x->sol[cells[i]];
        }
        uint8_t shaft[VD_MAX_PATH];
        int len = vd_path(x, cells[aux - 1], true, 1 + n, vd_any, 0, shaft), sum = 0, k = 0;
        for (int i = 1; i < len && sum < number; i++) {
            if (vd_in(cells, aux, shaft[i])) break;
            sum += x->sol[shaft[i]];
            cells[aux + k++] = shaft[i];
        }
        if (sum == number && k > 0) return vd_add(v, SUDOKU_CON_ARROW, 0, aux, cells, aux + k);
    }
    return -1;
}

/* A path of at least `min` cells that ok allows, with its value. */
static int vd_line(sudoku_variant *v, const vd_ctx *x, sudoku_constraint_kind kind, int min,
                   int maxlen, vd_step_ok *ok, int arg, int value)
{
    for (int t = 0; t < VD_TRIES; t++) {
        uint8_t path[VD_MAX_PATH];
        int len = vd_path(x, -1, true, maxlen, ok, arg, path);
        if (len >= min) return vd_add(v, kind, value, 0, path, len);
    }
    return -1;
}

static bool vd_between_ok(const vd_ctx *x, const uint8_t *path, int len)
{
    int a = x->sol[path[0]], b = x->sol[path[len - 1]], lo = a < b ? a : b, hi = a ^ b ^ lo;
    for (int i = 1; i < len - 1; i++)
        if (x->sol[path[i]] <= lo || x->sol[path[i]] >= hi) return false;
    return true;
}

static int vd_between(sudoku_variant *v, const vd_ctx *x)
{
    for (int t = 0; t < VD_TRIES; t++) {
        uint8_t path[VD_MAX_PATH];
        int len = vd_path(x, -1, true, 3 + vd_below(x, 3), vd_any, 0, path);
        if (len >= 3 && vd_between_ok(x, path, len))
            return vd_add(v, SUDOKU_CON_BETWEEN, 0, 0, path, len);
    }
    return -1;
}

/* Two orthogonal neighbours of sol that `value_of` gives a value (> 0) for. */
static int vd_pair(sudoku_variant *v, const vd_ctx *x, sudoku_constraint_kind kind)
{
    for (int t = 0; t < VD_TRIES; t++) {
        uint8_t cells[2], nb[8];
        cells[0] = (uint8_t)vd_below(x, x->n * x->n);
        vd_neighbours(x, cells[0], false, nb);
        cells[1] = nb[0];
        int a = x->sol[cells[0]], b = x->sol[cells[1]], lo = a < b ? a : b, hi = a ^ b ^ lo;
        int value = kind == SUDOKU_CON_DIFFERENCE ? hi - lo
                    : kind == SUDOKU_CON_PAIR_SUM ? a + b
                    : hi % lo == 0                ? hi / lo
                                                  : 0;
        if (value > 0) return vd_add(v, kind, value, 0, cells, 2);
    }
    return -1;
}

/* Two cells anywhere: the same digit (EQUAL) or the first one lower (LESS). */
static int vd_two(sudoku_variant *v, const vd_ctx *x, sudoku_constraint_kind kind)
{
    for (int t = 0; t < VD_TRIES; t++) {
        uint8_t cells[2] = {(uint8_t)vd_below(x, x->n * x->n), (uint8_t)vd_below(x, x->n * x->n)};
        int a = x->sol[cells[0]], b = x->sol[cells[1]];
        if (cells[0] == cells[1]) continue;
        if (kind == SUDOKU_CON_EQUAL ? a == b : a < b) return vd_add(v, kind, 0, 0, cells, 2);
    }
    return -1;
}

/* A row or a column in order, and the sum between its 1 and its N. */
static int vd_sandwich(sudoku_variant *v, const vd_ctx *x)
{
    int n = x->n, line = vd_below(x, n), col = vd_below(x, 2), one = 0, top = 0, sum = 0;
    uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < n; i++) {
        cells[i] = (uint8_t)(col ? i * n + line : line * n + i);
        if (x->sol[cells[i]] == 1) one = i;
        if (x->sol[cells[i]] == n) top = i;
    }
    for (int i = (one < top ? one : top) + 1; i < (one < top ? top : one); i++)
        sum += x->sol[cells[i]];
    return vd_add(v, SUDOKU_CON_SANDWICH, sum, 0, cells, n);
}

/* The four cells around a grid point and 1..4 of their digits, 5 bits each. */
static int vd_quadruple(sudoku_variant *v, const vd_ctx *x)
{
    int n = x->n, r = vd_below(x, n - 1), c = vd_below(x, n - 1), m = 1 + vd_below(x, 4);
    uint8_t cells[4] = {(uint8_t)(r * n + c), (uint8_t)(r * n + c + 1), (uint8_t)((r + 1) * n + c),
                        (uint8_t)((r + 1) * n + c + 1)};
    uint8_t pick[4] = {0, 1, 2, 3};
    sudoku_rng_shuffle(x->rng, pick, 4);
    int value = 0;
    for (int i = 0; i < m; i++) value |= x->sol[cells[pick[i]]] << (5 * i);
    return vd_add(v, SUDOKU_CON_QUADRUPLE, value, m, cells, 4);
}

static int vd_digits(sudoku_variant *v, const vd_ctx *x)
{
    uint8_t cell = (uint8_t)vd_below(x, x->n * x->n);
    int all = (1 << x->n) - 1, mask = (int)(sudoku_rng_next(x->rng) & (uint64_t)all);
    return vd_add(v, SUDOKU_CON_DIGITS, mask | 1 << (x->sol[cell] - 1), 0, &cell, 1);
}

static bool vd_related(sudoku_constraint_kind kind, int value, int a, int b)
{
    switch (kind) {
    case SUDOKU_CON_DIFFERENCE:
        return abs(a - b) == value;
    case SUDOKU_CON_RATIO:
        return a == b * value || b == a * value;
    default:
        return a + b == value;
    }
}

int vdraw_all_pairs(sudoku_variant *v, sudoku_constraint_kind kind, int value, bool negative,
                    const uint8_t *sol)
{
    int n = v->grid.size, added = 0;
    for (int cell = 0; cell < n * n; cell++) {
        int right = cell % n + 1 < n ? cell + 1 : -1, down = cell + n < n * n ? cell + n : -1;
        for (int k = 0; k < 2; k++) {
            int other = k ? down : right;
            if (other < 0 || !vd_related(kind, value, sol[cell], sol[other])) continue;
            uint8_t cells[2] = {(uint8_t)cell, (uint8_t)other};
            if (vd_add(v, kind, value, 0, cells, 2) != 0) return -1;
            added++;
        }
    }
    if (negative && sudoku_variant_add(v, SUDOKU_CON_NEGATIVE, value, kind, NULL, 0, NULL) != 0)
        return -1;
    return added + negative;
}

int vdraw_cages(sudoku_variant *v, int max_cells, bool tile, const uint8_t *sol, sudoku_rng *rng)
{
    vd_ctx x = {v, sol, rng, v->grid.size};
    int nn = x.n * x.n, covered = 0, added = 0;
    bool taken[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE] = {false};
    uint8_t order[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < nn; i++) order[i] = (uint8_t)i;
    sudoku_rng_shuffle(rng, order, (size_t)nn);
    for (int i = 0; i < nn && (tile || covered * 3 < nn); i++) {
        if (taken[order[i]]) continue;
        uint8_t cage[VD_MAX_PATH];
        int len = vd_grow_cage(&x, order[i], 2 + vd_below(&x, max_cells - 1), taken, cage);
        for (int k = 0; k < len; k++) taken[cage[k]] = true;
        covered += len;
        if (vd_add(v, SUDOKU_CON_CAGE, vd_sum(&x, cage, len), 0, cage, len) != 0) return -1;
        added++;
    }
    return added;
}

int vdraw_whispers(sudoku_variant *v, int gap, const uint8_t *sol, sudoku_rng *rng)
{
    vd_ctx x = {v, sol, rng, v->grid.size};
    return vd_line(v, &x, SUDOKU_CON_WHISPERS, 2, 2 + vd_below(&x, 5), vd_far, gap, gap);
}

int vdraw_one(sudoku_variant *v, sudoku_constraint_kind kind, const uint8_t *sol, sudoku_rng *rng)
{
    vd_ctx x = {v, sol, rng, v->grid.size};
    int n = x.n;
    switch (kind) {
    case SUDOKU_CON_CAGE:
        return vd_cage(v, &x);
    case SUDOKU_CON_SUM:
        return vd_little_killer(v, &x);
    case SUDOKU_CON_ARROW:
        return vd_arrow(v, &x);
    case SUDOKU_CON_THERMO:
        return vd_line(v, &x, kind, 2, n, vd_rising, 0, 0);
    case SUDOKU_CON_WHISPERS:
        return vdraw_whispers(v, 1 + vd_below(&x, n / 2), sol, rng);
    case SUDOKU_CON_RENBAN: {
        int want = 2 + vd_below(&x, (n < 5 ? n : 5) - 1);
        return vd_line(v, &x, kind, want, want, vd_run, want, 0);
    }
    case SUDOKU_CON_DIFFERENCE:
    case SUDOKU_CON_RATIO:
    case SUDOKU_CON_PAIR_SUM:
        return vd_pair(v, &x, kind);
    case SUDOKU_CON_EQUAL:
    case SUDOKU_CON_LESS:
        return vd_two(v, &x, kind);
    case SUDOKU_CON_BETWEEN:
        return vd_between(v, &x);
    case SUDOKU_CON_SANDWICH:
        return vd_sandwich(v, &x);
    case SUDOKU_CON_QUADRUPLE:
        return vd_quadruple(v, &x);
    case SUDOKU_CON_DIGITS:
        return vd_digits(v, &x);
    case SUDOKU_CON_NEGATIVE: {
        static const int kinds[] = {SUDOKU_CON_DIFFERENCE, SUDOKU_CON_RATIO, SUDOKU_CON_PAIR_SUM};
        int k = kinds[vd_below(&x, 3)];
        int value = k == SUDOKU_CON_RATIO        ? 2
                    : k == SUDOKU_CON_DIFFERENCE ? 1
                                                 : 3 + vd_below(&x, n);
        return vdraw_all_pairs(v, (sudoku_constraint_kind)k, value, true, sol) < 0 ? -1 : 0;
    }
    default: /* the global kinds: sol may break them, see the header */
        return sudoku_variant_add(v, kind, 0, 0, NULL, 0, NULL);
    }
}
