/* wings.c -- XY-Wing (4.2) and XYZ-Wing (4.4).
 *
 * A pivot sees two bivalue pincers; whichever digit the pivot takes, one
 * pincer becomes z, so z leaves every cell that sees both pincers (and the
 * pivot too, for XYZ where the pivot itself may be z). "Sees" is sharing any
 * unit, so diagonals and jigsaw regions count.
 */
#include "solver/logic/logic_int.h"

/* Eliminates z from the unsolved cells seeing a, b (and c when c >= 0). */
static bool sdk_lg_wing_step(sudoku_logic *lg, sudoku_step *st, sudoku_technique t, int pivot,
                             int a, int b, int z, bool xyz)
{
    uint64_t pa[SDK_LG_WORDS], pb[SDK_LG_WORDS], pc[SDK_LG_WORDS];
    sdk_lg_peers(lg, a, pa);
    sdk_lg_peers(lg, b, pb);
    if (xyz) sdk_lg_peers(lg, pivot, pc);
    bool any = false;
    for (int w = 0; w < lg->words; w++) {
        pa[w] &= pb[w] & lg->dcells[z - 1][w] & (xyz ? pc[w] : ~UINT64_C(0));
        any |= pa[w] != 0;
    }
    pa[pivot >> 6] &= ~(UINT64_C(1) << (pivot & 63));
    if (!any) return false;
    sdk_lg_step_begin(st, t, sudoku_technique_score(t));
    st->digits = lg->cand[pivot] | lg->cand[a] | lg->cand[b];
    sdk_lg_add_cell(st, pivot);
    sdk_lg_add_cell(st, a);
    sdk_lg_add_cell(st, b);
    return sdk_lg_elim_set(lg, st, pa, z) > 0;
}

static bool sdk_lg_wing(sudoku_logic *lg, sudoku_step *st, bool xyz)
{
    sudoku_technique t = xyz ? SUDOKU_TECH_XYZ_WING : SUDOKU_TECH_XY_WING;
    uint64_t peers[SDK_LG_WORDS];
    for (int p = 0; p < lg->ncells; p++) {
        uint64_t pm = lg->cand[p];
        if (sdk_popcount(pm) != (xyz ? 3 : 2)) continue;
        sdk_lg_peers(lg, p, peers);
        /* Pincers: bivalue peers sharing exactly one digit with the pivot (XY)
         * or holding two of its three (XYZ). */
        int pin[3 * SUDOKU_MAX_SIZE], npin = 0;
        for (int w = 0; w < lg->words; w++) {
            for (uint64_t m = peers[w]; m && npin < 3 * SUDOKU_MAX_SIZE; m &= m - 1) {
                int q = w * 64 + sdk_ctz(m);
                uint64_t qm = lg->cand[q];
                if (sdk_popcount(qm) != 2) continue;
                if (xyz ? (qm & pm) == qm : sdk_popcount(qm & pm) == 1) pin[npin++] = q;
            }
        }
        for (int i = 0; i < npin; i++) {
            for (int j = i + 1; j < npin; j++) {
                uint64_t a = lg->cand[pin[i]], b = lg->cand[pin[j]];
                uint64_t zm = a & b;
                if (sdk_popcount(zm) != 1 || a == b) continue;
                if (xyz) {
                    if ((a | b) != pm) continue;
                } else {
                    /* {x,z} and {y,z} with pivot {x,y}: z outside the pivot. */
                    if (zm & pm || ((a | b) & pm) != pm) continue;
                }
                if (sdk_lg_wing_step(lg, st, t, p, pin[i], pin[j], sdk_ctz(zm) + 1, xyz))
                    return true;
            }
        }
    }
    return false;
}

bool sdk_lg_xy_wing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_wing(lg, st, false);
}

bool sdk_lg_xyz_wing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_wing(lg, st, true);
}
