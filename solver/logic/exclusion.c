/* exclusion.c -- aligned pair exclusion (Sudoku Explainer 6.2).
 *
 * Two unsolved cells (the base) and the bivalue cells that see both (the
 * excluders, at least two). A pair of digits for the base is impossible when
 * the cells see each other and the digits are equal, or when it would empty
 * an excluder (its two digits are exactly the pair). A base digit that no
 * possible pair uses leaves its cell. As in SE, a base cell must see some
 * bivalue cell and no cell down to one candidate.
 */
#include "solver/logic/logic_int.h"

/* True when `cell` can be a base cell. */
static bool sdk_lg_ape_base(const sudoku_logic *lg, int cell, uint64_t *peers)
{
    if (sdk_popcount(lg->cand[cell]) < 2) return false;
    sdk_lg_peers(lg, cell, peers);
    bool bivalue = false;
    for (int w = 0; w < lg->words; w++) {
        for (uint64_t m = peers[w]; m; m &= m - 1) {
            int pc = sdk_popcount(lg->cand[w * 64 + sdk_ctz(m)]);
            if (pc == 1) return false;
            bivalue |= pc == 2;
        }
    }
    return bivalue;
}

bool sdk_lg_aligned_pair_exclusion(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    /* Pairs of cells grow as N^4: past the chains' size limit this costs
     * more than it is worth, as the chains would. */
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    int base[SUDOKU_MAX_CELLS], nbase = 0;
    uint64_t pa[SDK_LG_WORDS], pb[SDK_LG_WORDS];
    for (int c = 0; c < lg->ncells; c++) {
        if (sdk_lg_ape_base(lg, c, pa)) base[nbase++] = c;
    }
    int excl[SUDOKU_MAX_CELLS];
    for (int i = 0; i < nbase; i++) {
        if ((i & 63) == 0 && sdk_lg_expired(lg)) return false;
        int a = base[i];
        sdk_lg_peers(lg, a, pa);
        for (int j = i + 1; j < nbase; j++) {
            int b = base[j];
            sdk_lg_peers(lg, b, pb);
            int nexcl = 0;
            for (int w = 0; w < lg->words; w++) {
                for (uint64_t m = pa[w] & pb[w]; m; m &= m - 1) {
                    int c = w * 64 + sdk_ctz(m);
                    if (sdk_popcount(lg->cand[c]) == 2) excl[nexcl++] = c;
                }
            }
            if (nexcl < 2) continue;
            bool aligned = sdk_lg_has(pa, b);
            uint64_t used_a = 0, used_b = 0;
            for (uint64_t ma = lg->cand[a]; ma; ma &= ma - 1) {
                int da = sdk_ctz(ma);
                for (uint64_t mb = lg->cand[b]; mb; mb &= mb - 1) {
                    int db = sdk_ctz(mb);
                    if (aligned && da == db) continue;
                    uint64_t pair = (UINT64_C(1) << da) | (UINT64_C(1) << db);
                    bool allowed = true;
                    for (int k = 0; k < nexcl && allowed; k++)
                        allowed = (lg->cand[excl[k]] & ~pair) != 0;
                    if (allowed) used_a |= UINT64_C(1) << da, used_b |= UINT64_C(1) << db;
                }
            }
            uint64_t ra = lg->cand[a] & ~used_a, rb = lg->cand[b] & ~used_b;
            if (!ra && !rb) continue;
            sdk_lg_step_begin(st, SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION,
                              sudoku_technique_score(SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION));
            st->digits = ra | rb;
            sdk_lg_add_cell(st, a);
            sdk_lg_add_cell(st, b);
            for (int k = 0; k < nexcl; k++) sdk_lg_add_cell(st, excl[k]);
            for (uint64_t m = ra; m; m &= m - 1) sdk_lg_add_elim(st, a, sdk_ctz(m) + 1);
            for (uint64_t m = rb; m; m &= m - 1) sdk_lg_add_elim(st, b, sdk_ctz(m) + 1);
            return true;
        }
    }
    return false;
}

bool sdk_lg_say_aligned_pair_exclusion(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "aligned pair exclusion: no pair of digits for ");
    sdk_lg_put_cells(t, st->cells, 2);
    sdk_lg_put(t, " that the bivalue cells ");
    sdk_lg_put_cells(t, st->cells + 2, st->ncells - 2);
    sdk_lg_put(t, " allow uses the digits removed");
    return false;
}
