/* sandwich.c -- SANDWICH: in a row or column, the digits between its 1 and its N sum to the clue.
 *
 * DESIGN: enumerate the places (i, j) of the 1 and the N that the masks
 * allow; with them placed, the k cells between hold one of the sets of k
 * digits of 2..N-1 summing to the clue (the cage family's lists), and the
 * cells outside hold the other middle digits. A set stands when every
 * cell has a candidate on its side and every digit a cell to go to; each
 * cell keeps the union of what the standing (placing, set) pairs leave
 * it. Solved cells leave one placing and one set, so a broken clue fails.
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

/* With the 1 at i and the N at j: whether the cells from..to-1 between
 * them can hold the digit set `set` (no 1, no N) and the other cells the
 * other middle digits; adds what each cell keeps so to keep[]. */
static bool vx_sandwich_fill(const vx_engine *e, const vx_prop *p, int i, int j, uint16_t set,
                             uint16_t *keep)
{
    int from = (i < j ? i : j) + 1, to = i < j ? j : i;
    int n = e->n;
    uint16_t middle = (uint16_t)(e->full & ~(vx_bit(1) | vx_bit(n))), rest = middle & ~set;
    uint16_t inside = 0, outside = 0;
    for (int k = 0; k < n; k++) {
        uint16_t m = e->cand[p->cells[k]];
        if (k == i || k == j) continue;
        bool between = k >= from && k < to;
        uint16_t want = between ? set : rest;
        if (!(m & want)) return false;
        if (between)
            inside |= m;
        else
            outside |= m;
    }
    if ((inside & set) != set || (outside & rest) != rest) return false;
    for (int k = 0; k < n; k++) {
        if (k != i && k != j) keep[k] |= e->cand[p->cells[k]] & (k >= from && k < to ? set : rest);
    }
    return true;
}

static bool vx_sandwich_run(vx_engine *e, const vx_prop *p)
{
    int n = e->n;
    uint16_t keep[SUDOKU_VARIANT_MAX_SIZE] = {0};
    for (int i = 0; i < n; i++) {
        if (!(e->cand[p->cells[i]] & vx_bit(1))) continue;
        for (int j = 0; j < n; j++) {
            if (j == i || !(e->cand[p->cells[j]] & vx_bit(n))) continue;
            /* The k cells between hold one of the k-digit sets of 2..N-1
             * summing to the clue. */
            int k = (i < j ? j - i : i - j) - 1;
            bool any = false;
            uint16_t part[SUDOKU_VARIANT_MAX_SIZE] = {0};
            if (k == 0) {
                any = p->value == 0 && vx_sandwich_fill(e, p, i, j, 0, part);
            } else if (p->value >= 1 && p->value <= VX_MAX_CAGE_SUM) {
                const vx_cage_memo *memo = &e->cage_sets[k][p->value];
                for (uint32_t s = 0; memo->listed && s < memo->count; s++) {
                    uint16_t set = (uint16_t)e->data[memo->at + s];
                    if (set & (vx_bit(1) | vx_bit(n))) continue;
                    any |= vx_sandwich_fill(e, p, i, j, set, part);
                }
            }
            if (!any) continue;
            for (int x = 0; x < n; x++) keep[x] |= part[x];
            keep[i] |= vx_bit(1);
            keep[j] |= vx_bit(n);
        }
    }
    for (int i = 0; i < n; i++) {
        if (!vx_keep(e, p->cells[i], keep[i])) return false;
    }
    return true;
}

bool vx_sandwich_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    for (int k = 1; k <= e->n - 2 && c->value >= 1; k++) {
        uint32_t at, count;
        if (!vx_cage_sets(e, k, c->value, &at, &count)) return false;
    }
    vx_prop *p = vx_add_prop(e, vx_sandwich_run, cells, c->ncells);
    if (p) p->value = c->value;
    return p != NULL;
}
