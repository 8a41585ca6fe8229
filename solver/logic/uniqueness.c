/* uniqueness.c -- unique rectangles (types 1, 2 and 4) and the BUG+1.
 *
 * Both rest on the puzzle having one solution: a pattern that, if it were
 * left alone, could be filled two ways cannot be the final state, so some
 * candidate that would leave it must be true.
 *
 * Unique rectangle: four unsolved cells on two rows and two columns, in
 * exactly two boxes, all holding digits {a,b}. Type 1: three hold only {a,b},
 * so the fourth is not a or b. Type 2: the other two hold {a,b,x}: x goes in
 * one of them and leaves the cells seeing both. Type 4: the other two share a
 * unit where a goes only in them: one is a, so neither is b. Sudoku Explainer
 * scores a rectangle 4.5. A swap of a and b must keep every unit valid, so on
 * diagonal puzzles rectangles touching a diagonal are not used.
 *
 * BUG+1 (5.6): every unsolved cell is bivalue but one, which has three
 * candidates; if removing digit t from that cell leaves each digit with 0 or 2
 * places in every unit (a "bivalue universal grave", with two solutions), the
 * cell must be t.
 */
#include "solver/logic/logic_int.h"

static int sdk_lg_box_of(const sudoku_logic *lg, int c)
{
    return lg->cell_units[c][2];
}

static bool sdk_lg_on_diagonal(const sudoku_logic *lg, int c)
{
    return lg->cell_nunits[c] > 3;
}

static void sdk_lg_ur_begin(sudoku_logic *lg, sudoku_step *st, const int *q, uint64_t ab)
{
    sdk_lg_step_begin(st, SUDOKU_TECH_UNIQUE_RECTANGLE,
                      sudoku_technique_score(SUDOKU_TECH_UNIQUE_RECTANGLE));
    st->digits = ab;
    for (int i = 0; i < 4; i++) sdk_lg_add_cell(st, q[i]);
    (void)lg;
}

/* Tries types 1, 2 and 4 on corners q[0..3] (q[0],q[1] one row; q[0],q[2] one column). */
static bool sdk_lg_ur_try(sudoku_logic *lg, sudoku_step *st, const int *q, uint64_t ab)
{
    int bi[4], nb = 0, ex[4], ne = 0;
    for (int i = 0; i < 4; i++) {
        if ((lg->cand[q[i]] & ~ab) == 0)
            bi[nb++] = q[i];
        else
            ex[ne++] = q[i];
    }
    (void)bi;
    if (nb == 3) {
        sdk_lg_ur_begin(lg, st, q, ab);
        for (uint64_t m = ab; m; m &= m - 1) sdk_lg_add_elim(st, ex[0], sdk_ctz(m) + 1);
        return true;
    }
    if (nb != 2) return false;
    int e = ex[0], f = ex[1];
    /* The two extra cells must share a row or column (the floor is the other line). */
    int common[SDK_CELL_UNITS], ncommon = 0;
    for (int k = 0; k < lg->cell_nunits[e]; k++) {
        int u = lg->cell_units[e][k];
        if (sdk_lg_has(lg->unit_bits[u], f)) common[ncommon++] = u;
    }
    if (ncommon == 0 || sdk_lg_kind(lg, common[0]) > SUDOKU_UNIT_COLUMN) return false;
    uint64_t xe = lg->cand[e] & ~ab, xf = lg->cand[f] & ~ab;
    if (xe == xf && sdk_popcount(xe) == 1) {
        int x = sdk_ctz(xe) + 1;
        uint64_t pe[SDK_LG_WORDS], pf[SDK_LG_WORDS];
        sdk_lg_peers(lg, e, pe);
        sdk_lg_peers(lg, f, pf);
        for (int w = 0; w < lg->words; w++) pe[w] &= pf[w];
        if (sdk_lg_count2(lg, pe, lg->dcells[x - 1]) > 0) {
            sdk_lg_ur_begin(lg, st, q, ab);
            st->digits |= xe;
            sdk_lg_elim_set(lg, st, pe, x);
            return true;
        }
    }
    for (int k = 0; k < ncommon; k++) {
        int u = common[k];
        for (uint64_t m = ab; m; m &= m - 1) {
            int a = sdk_ctz(m) + 1, b = sdk_ctz(ab & ~sdk_bit(a)) + 1;
            if (sdk_lg_count2(lg, lg->dcells[a - 1], lg->unit_bits[u]) != 2) continue;
            sdk_lg_ur_begin(lg, st, q, ab);
            sdk_lg_add_unit(lg, st, u);
            sdk_lg_add_elim(st, e, b);
            sdk_lg_add_elim(st, f, b);
            return true;
        }
    }
    return false;
}

bool sdk_lg_unique_rectangle(sudoku_logic *lg, sudoku_step *st)
{
    int n = lg->n;
    for (int a0 = 0; a0 < lg->ncells; a0++) {
        uint64_t ab = lg->cand[a0];
        if (sdk_popcount(ab) != 2 || (lg->diagonal && sdk_lg_on_diagonal(lg, a0))) continue;
        int r1 = a0 / n, c1 = a0 % n;
        for (int c2 = 0; c2 < n; c2++) {
            int b0 = r1 * n + c2;
            if (c2 == c1 || (lg->cand[b0] & ab) != ab) continue;
            if (lg->diagonal && sdk_lg_on_diagonal(lg, b0)) continue;
            for (int r2 = 0; r2 < n; r2++) {
                int c0 = r2 * n + c1, d0 = r2 * n + c2;
                if (r2 == r1 || (lg->cand[c0] & ab) != ab || (lg->cand[d0] & ab) != ab) continue;
                if (lg->diagonal && (sdk_lg_on_diagonal(lg, c0) || sdk_lg_on_diagonal(lg, d0)))
                    continue;
                int ba = sdk_lg_box_of(lg, a0), bb = sdk_lg_box_of(lg, b0);
                int bc = sdk_lg_box_of(lg, c0), bd = sdk_lg_box_of(lg, d0);
                bool two = (ba == bb && bc == bd && ba != bc) || (ba == bc && bb == bd && ba != bb);
                if (!two) continue;
                int q[4] = {a0, b0, c0, d0};
                if (sdk_lg_ur_try(lg, st, q, ab)) return true;
            }
        }
    }
    return false;
}

/* True when every unit holds each digit in 0 or 2 places, counting cell x
 * without digit t. */
static bool sdk_lg_grave_without(const sudoku_logic *lg, int x, int t)
{
    for (int u = 0; u < lg->nunits; u++) {
        const uint64_t *b = lg->unit_bits[u];
        bool has_x = sdk_lg_has(b, x);
        for (int d = 1; d <= lg->n; d++) {
            int cnt = sdk_lg_count2(lg, lg->dcells[d - 1], b);
            if (has_x && d == t) cnt--;
            if (cnt != 0 && cnt != 2) return false;
        }
    }
    return true;
}

bool sdk_lg_bug(sudoku_logic *lg, sudoku_step *st)
{
    int x = -1;
    for (int c = 0; c < lg->ncells; c++) {
        if (lg->value[c]) continue;
        int pc = sdk_popcount(lg->cand[c]);
        if (pc == 2) continue;
        if (pc != 3 || x >= 0) return false;
        x = c;
    }
    if (x < 0) return false;
    for (uint64_t m = lg->cand[x]; m; m &= m - 1) {
        int t = sdk_ctz(m) + 1;
        if (!sdk_lg_grave_without(lg, x, t)) continue;
        sdk_lg_step_begin(st, SUDOKU_TECH_BUG, sudoku_technique_score(SUDOKU_TECH_BUG));
        st->digits = sdk_bit(t);
        sdk_lg_add_cell(st, x);
        sdk_lg_add_place(st, x, t);
        return true;
    }
    return false;
}
