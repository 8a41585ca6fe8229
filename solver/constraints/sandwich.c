/* sandwich.c -- SANDWICH: in a row or column, the digits between its 1 and its N sum to the clue.
 *
 * DESIGN: enumerate the places (i, j) of the 1 and the N that the masks
 * allow; a placing stands when the cells between can reach the clue by
 * bounds (each keeping 2..N-1). Each cell keeps the union over standing
 * placings: 1 or N at the ends, the in-bounds digits between, anything
 * else outside. Solved cells leave one placing, whose sum then must meet.
 */
#include "solver/constraints/constraints.h"

/* Whether the cells form a whole row or column, in order either way. */
static bool vx_sandwich_line(int n, const uint8_t *cells)
{
    int step = cells[1] - cells[0];
    if (step != 1 && step != -1 && step != n && step != -n) return false;
    for (int i = 1; i < n; i++) {
        if (cells[i] - cells[i - 1] != step) return false;
        if ((step == 1 || step == -1) && cells[i] / n != cells[0] / n) return false;
    }
    return true;
}

int vx_sandwich_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                      char *err)
{
    int n = v->grid.size, most = (n - 1) * n / 2 - 1; /* 2 + ... + (N-1) */
    if (!vx_sandwich_line(n, cells))
        return vx_err(err, "a sandwich's cells are one whole row or column");
    if (c->value < 0 || c->value > most)
        return vx_err(err, "a sandwich sum is 0..%d in a %dx%d grid, not %d", most, n, n,
                      (int)c->value);
    return 0;
}

bool vx_sandwich_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                       const uint8_t *digits)
{
    int n = v->grid.size, one = -1, top = -1, sum = 0;
    for (int i = 0; i < n; i++) {
        if (digits[cells[i]] == 1) one = i;
        if (digits[cells[i]] == n) top = i;
    }
    if (one < 0 || top < 0) return false;
    for (int i = (one < top ? one : top) + 1; i < (one < top ? top : one); i++)
        sum += digits[cells[i]];
    return sum == c->value;
}

static bool vx_sandwich_run(vx_engine *e, const vx_prop *p)
{
    int n = e->n;
    uint16_t ends = (uint16_t)(vx_bit(1) | vx_bit(n)), keep[SUDOKU_VARIANT_MAX_SIZE] = {0};
    uint16_t mid[SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < n; i++) mid[i] = e->cand[p->cells[i]] & (uint16_t)~ends;
    for (int i = 0; i < n; i++) {
        if (!(e->cand[p->cells[i]] & vx_bit(1))) continue;
        for (int j = 0; j < n; j++) {
            if (j == i || !(e->cand[p->cells[j]] & vx_bit(n))) continue;
            int from = (i < j ? i : j) + 1, to = i < j ? j : i, low = 0, high = 0;
            bool fits = true;
            for (int k = from; fits && k < to; k++) {
                fits = mid[k] != 0;
                if (fits) {
                    low += vx_min(mid[k]);
                    high += vx_max(mid[k]);
                }
            }
            if (!fits || p->value < low || p->value > high) continue;
            keep[i] |= vx_bit(1);
            keep[j] |= vx_bit(n);
            for (int k = 0; k < n; k++) {
                if (k == i || k == j) continue;
                if (k < from || k >= to) {
                    keep[k] |= mid[k];
                    continue;
                }
                int lo = p->value - (high - vx_max(mid[k])), hi = p->value - (low - vx_min(mid[k]));
                keep[k] |= mid[k] & vx_range(lo, hi);
            }
        }
    }
    for (int i = 0; i < n; i++) {
        if (!vx_keep(e, p->cells[i], keep[i])) return false;
    }
    return true;
}

bool vx_sandwich_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    vx_prop *p = vx_add_prop(e, vx_sandwich_run, cells, c->ncells);
    if (p) p->value = c->value;
    return p != NULL;
}
