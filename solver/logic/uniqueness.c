/* uniqueness.c -- unique rectangles (types 1 to 4) and BUG (types 1 and 2).
 *
 * Both rest on the puzzle having one solution: a pattern that, if it were
 * left alone, could be filled two ways cannot be the final state, so some
 * candidate that would leave it must be true.
 *
 * Unique rectangle: four unsolved cells on two rows and two columns, in
 * exactly two boxes, all holding digits {a,b}. Type 1: three hold only {a,b},
 * so the fourth is not a or b. Type 2: the other two hold {a,b,x}: x goes in
 * one of them and leaves the cells seeing both. Type 4: the other two share a
 * unit where a goes only in them: one is a, so neither is b. Type 3: their
 * extra digits, as one cell, make a naked set with other cells of a unit they
 * share. Sudoku Explainer scores a rectangle 4.5, type 3 plus 0.1 a digit. A swap of a and b must
 * keep every unit valid, so on diagonal puzzles rectangles touching a diagonal are not used.
 *
 * BUG (bivalue universal grave, 5.6-5.7): a grid where every unsolved cell
 * is bivalue and every unit holds each digit in 0 or 2 places has two
 * solutions, so the few "extra" candidates that keep the grid from being one
 * must hold some truth (see sdk_lg_bug).
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

/* Type 3: the extra digits of roof cells e and f act as one cell; with k-1
 * other cells of a unit they share they form a naked set of k digits, which
 * leave the unit's other cells. SE adds 0.1 per digit beyond the first. */
static bool sdk_lg_ur_type3(sudoku_logic *lg, sudoku_step *st, const int *q, uint64_t ab, int e,
                            int f, const int *common, int ncommon)
{
    uint64_t x = (lg->cand[e] | lg->cand[f]) & ~ab;
    if (sdk_popcount(x) > 4) return false;
    for (int k = 0; k < ncommon; k++) {
        int u = common[k], cells[SUDOKU_MAX_SIZE], nc = 0;
        for (int i = 0; i < lg->n; i++) {
            int c = lg->unit_cells[u][i];
            if (c != e && c != f && lg->cand[c] && sdk_popcount(lg->cand[c]) <= 4) cells[nc++] = c;
        }
        /* Subsets of 1..3 other cells, by bitmask over the first few candidates. */
        int lim = nc < 12 ? nc : 12;
        for (int mask = 1; mask < (1 << lim); mask++) {
            int size = __builtin_popcount((unsigned)mask);
            if (size > 3) continue;
            uint64_t set = x;
            for (int i = 0; i < lim; i++)
                if (mask >> i & 1) set |= lg->cand[cells[i]];
            if (sdk_popcount(set) != size + 1) continue;
            sdk_lg_step_begin(st, SUDOKU_TECH_UNIQUE_RECTANGLE,
                              sudoku_technique_score(SUDOKU_TECH_UNIQUE_RECTANGLE) + size);
            st->digits = ab | set;
            for (int i = 0; i < 4; i++) sdk_lg_add_cell(st, q[i]);
            for (int i = 0; i < lim; i++)
                if (mask >> i & 1) sdk_lg_add_cell(st, cells[i]);
            sdk_lg_add_unit(lg, st, u);
            for (int i = 0; i < lg->n; i++) {
                int c = lg->unit_cells[u][i];
                bool in = c == e || c == f;
                for (int j = 0; j < lim; j++) in |= (mask >> j & 1) && cells[j] == c;
                if (in || lg->value[c]) continue;
                for (uint64_t m = lg->cand[c] & set; m; m &= m - 1)
                    sdk_lg_add_elim(st, c, sdk_ctz(m) + 1);
            }
            if (st->neliminations) return true;
        }
    }
    return false;
}

/* Tries types 1, 2, 3 and 4 on corners q[0..3] (q[0],q[1] one row; q[0],q[2] one column). */
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
    if (sdk_lg_ur_type3(lg, st, q, ab, e, f, common, ncommon)) return true;
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

/* BUG: finds the cells that break a bivalue universal grave and the digits
 * that break it there ("extra" digits), as Sudoku Explainer does: every unit
 * where a digit has neither 0 nor 2 places must have exactly one cell with
 * three or more candidates among them, which takes that digit as an extra.
 * Without the extras every unsolved cell must be bivalue and every unit hold
 * each digit 0 or 2 times. Type 1 (one such cell, 5.6): it is its extra
 * digit. Type 2 (several, all with the same single extra, 5.7): that digit
 * leaves every cell seeing them all. */
bool sdk_lg_bug(sudoku_logic *lg, sudoku_step *st)
{
    static const int max_bug = 8; /* more breaking cells than this is no BUG worth the name */
    int bug[8], nbug = 0;
    uint64_t extra[8] = {0}, all_extra = 0;
    for (int c = 0; c < lg->ncells; c++) {
        int pc = sdk_popcount(lg->cand[c]);
        if (!lg->value[c] && pc < 2) return false;
    }
    for (int u = 0; u < lg->nunits; u++) {
        const uint64_t *pos = sdk_lg_unit_positions(lg, u);
        for (int d = 1; d <= lg->n; d++) {
            int pc = sdk_popcount(pos[d - 1]);
            if (pc == 0 || pc == 2) continue;
            int found = -1, nfound = 0;
            for (uint64_t m = pos[d - 1]; m; m &= m - 1) {
                int c = lg->unit_cells[u][sdk_ctz(m)];
                if (sdk_popcount(lg->cand[c]) >= 3) found = c, nfound++;
            }
            if (nfound == 0) return false;
            if (nfound > 1) continue;
            int k = 0;
            while (k < nbug && bug[k] != found) k++;
            if (k == nbug) {
                if (nbug == max_bug) return false;
                bug[nbug++] = found;
            }
            extra[k] |= sdk_bit(d);
            all_extra |= sdk_bit(d);
        }
    }
    if (nbug == 0) return false;
    /* Without the extras: all bivalue, every digit 0 or 2 times in every unit. */
    for (int c = 0; c < lg->ncells; c++) {
        if (lg->value[c]) continue;
        uint64_t m = lg->cand[c];
        for (int k = 0; k < nbug; k++)
            if (bug[k] == c) m &= ~extra[k];
        if (sdk_popcount(m) != 2) return false;
    }
    for (int u = 0; u < lg->nunits; u++) {
        const uint64_t *pos = sdk_lg_unit_positions(lg, u);
        for (int d = 1; d <= lg->n; d++) {
            int pc = sdk_popcount(pos[d - 1]);
            for (int k = 0; k < nbug; k++) {
                if ((extra[k] & sdk_bit(d)) && sdk_lg_has(lg->unit_bits[u], bug[k])) pc--;
            }
            if (pc != 0 && pc != 2) return false;
        }
    }
    if (nbug == 1) {
        if (sdk_popcount(extra[0]) != 1) return false;
        sdk_lg_step_begin(st, SUDOKU_TECH_BUG, sudoku_technique_score(SUDOKU_TECH_BUG));
        st->digits = extra[0];
        sdk_lg_add_cell(st, bug[0]);
        sdk_lg_add_place(st, bug[0], sdk_ctz(extra[0]) + 1);
        return true;
    }
    if (sdk_popcount(all_extra) != 1) return false;
    uint64_t common[SDK_LG_WORDS], peers[SDK_LG_WORDS];
    sdk_lg_peers(lg, bug[0], common);
    for (int k = 1; k < nbug; k++) {
        sdk_lg_peers(lg, bug[k], peers);
        for (int w = 0; w < lg->words; w++) common[w] &= peers[w];
    }
    int x = sdk_ctz(all_extra) + 1;
    sdk_lg_step_begin(st, SUDOKU_TECH_BUG, sudoku_technique_score(SUDOKU_TECH_BUG) + 1);
    st->digits = all_extra;
    for (int k = 0; k < nbug; k++) sdk_lg_add_cell(st, bug[k]);
    return sdk_lg_elim_set(lg, st, common, x) > 0;
}
