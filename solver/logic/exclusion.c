/* exclusion.c -- aligned pair (Sudoku Explainer 6.2) and triple (7.5) exclusion.
 *
 * Two unsolved cells (the base) and the bivalue cells that see both (the
 * excluders, at least two). A pair of digits for the base is impossible when
 * the cells see each other and the digits are equal, or when it would empty
 * an excluder (its two digits are exactly the pair). A base digit that no
 * possible pair uses leaves its cell. As in SE, a base cell must see some
 * bivalue cell and no cell down to one candidate.
 *
 * The triple is the same with three base cells and excluders of two or
 * three candidates seen by all three (at least two of them); as SE picks
 * them, the third cell is an excluder of the first or the second.
 */
#include "solver/logic/logic_int.h"

/* True when `cell` can be a base cell of a set of `degree` cells: it has
 * two candidates or more, no peer down to one, and some peer with 2..degree
 * (its excluders, written to excl when not NULL). */
static bool sdk_lg_ape_base(const sudoku_logic *lg, int cell, int degree, uint64_t *peers,
                            uint64_t *excl)
{
    if (sdk_popcount(lg->cand[cell]) < 2) return false;
    sdk_lg_peers(lg, cell, peers);
    bool any = false;
    for (int w = 0; w < lg->words; w++) {
        if (excl) excl[w] = 0;
        for (uint64_t m = peers[w]; m; m &= m - 1) {
            int pc = sdk_popcount(lg->cand[w * 64 + sdk_ctz(m)]);
            if (pc == 1) return false;
            if (pc < 2 || pc > degree) continue;
            any = true;
            if (excl) excl[w] |= m & -m;
        }
    }
    return any;
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
        if (sdk_lg_ape_base(lg, c, 2, pa, NULL)) base[nbase++] = c;
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

bool sdk_lg_say_aligned_exclusion(sdk_lg_text *t, const sudoku_step *st)
{
    bool pair = st->technique == SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION;
    int k = pair ? 2 : 3;
    sdk_lg_put(t, "aligned %s exclusion: no %s of digits for ", sdk_lg_set_name(k),
               sdk_lg_set_name(k));
    sdk_lg_put_cells(t, st->cells, k);
    sdk_lg_put(t, " that the %scells ", pair ? "bivalue " : "");
    sdk_lg_put_cells(t, st->cells + k, st->ncells - k);
    sdk_lg_put(t, " allow uses the digits removed");
    return false;
}

/* Cells of the sets aligned triple exclusion tries: they run where chains do. */
#define SDK_LG_ATE_CELLS (SDK_CHAIN_MAX_SIZE * SDK_CHAIN_MAX_SIZE)
#define SDK_LG_ATE_WORDS (SDK_LG_ATE_CELLS / 64)

/* The base digits (cells c[0..2]) that some choice of three digits allows:
 * equal digits only in cells that do not see each other, and no excluder
 * (set `common`) left without a candidate. Writes them to used[0..2]. */
static void sdk_lg_ate_allowed(const sudoku_logic *lg, const int *c, const uint64_t *common,
                               uint64_t *used)
{
    bool see01 = false, see02 = false, see12 = false;
    for (int k = 0; k < lg->cell_nunits[c[0]]; k++) {
        const uint64_t *ub = lg->unit_bits[lg->cell_units[c[0]][k]];
        see01 |= sdk_lg_has(ub, c[1]);
        see02 |= sdk_lg_has(ub, c[2]);
    }
    for (int k = 0; k < lg->cell_nunits[c[1]]; k++)
        see12 |= sdk_lg_has(lg->unit_bits[lg->cell_units[c[1]][k]], c[2]);
    /* only an excluder whose digits all lie in the three cells can be emptied */
    uint64_t all = lg->cand[c[0]] | lg->cand[c[1]] | lg->cand[c[2]];
    int excl[SDK_LG_ATE_CELLS], nexcl = 0;
    for (int w = 0; w < lg->words; w++)
        for (uint64_t m = common[w]; m; m &= m - 1)
            if (!(lg->cand[w * 64 + sdk_ctz(m)] & ~all)) excl[nexcl++] = w * 64 + sdk_ctz(m);
    used[0] = used[1] = used[2] = 0;
    if (!nexcl && !see01 && !see02 && !see12) {
        for (int k = 0; k < 3; k++) used[k] = lg->cand[c[k]];
        return;
    }
    /* For each digit of each cell not yet known to be allowed, look for one
     * allowed choice of the other two (most are met at the first try). */
    bool see[3][3] = {{false, see01, see02}, {see01, false, see12}, {see02, see12, false}};
    for (int k = 0; k < 3; k++) {
        int o1 = k == 0 ? 1 : 0, o2 = k == 2 ? 1 : 2;
        for (uint64_t mk = lg->cand[c[k]] & ~used[k]; mk; mk &= mk - 1) {
            uint64_t bk = mk & -mk;
            if (used[k] & bk) continue;
            bool allowed = false;
            for (uint64_t m1 = lg->cand[c[o1]]; m1 && !allowed; m1 &= m1 - 1) {
                uint64_t b1 = m1 & -m1;
                if (see[k][o1] && b1 == bk) continue;
                for (uint64_t m2 = lg->cand[c[o2]]; m2 && !allowed; m2 &= m2 - 1) {
                    uint64_t b2 = m2 & -m2, set = bk | b1 | b2;
                    if ((see[k][o2] && b2 == bk) || (see[o1][o2] && b2 == b1)) continue;
                    allowed = true;
                    for (int x = 0; x < nexcl && allowed; x++)
                        allowed = (lg->cand[excl[x]] & ~set) != 0;
                    if (allowed) used[k] |= bk, used[o1] |= b1, used[o2] |= b2;
                }
            }
        }
    }
}

/* True when an earlier pair of the walk (pairs in cell order, the third
 * cell an excluder of either) already met the triple c: c[0] < c[1] is the
 * pair now, c[2] the third. */
static bool sdk_lg_ate_seen(uint64_t (*excl)[SDK_LG_ATE_WORDS], const int *c)
{
    int a = c[0], b = c[1], k = c[2];
    if (k > b) return false;
    if (k > a) return sdk_lg_has(excl[a], b) || sdk_lg_has(excl[k], b); /* pair (a, k) */
    return sdk_lg_has(excl[k], b) || sdk_lg_has(excl[a], b) ||          /* pair (k, a) */
           sdk_lg_has(excl[k], a) || sdk_lg_has(excl[b], a);            /* pair (k, b) */
}

bool sdk_lg_aligned_triple_exclusion(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    int base[SDK_LG_ATE_CELLS], nbase = 0;
    _Static_assert(SDK_LG_ATE_WORDS <= SDK_LG_WORDS, "the cell sets fit the engine's");
    uint64_t excl[SDK_LG_ATE_CELLS][SDK_LG_ATE_WORDS], isbase[SDK_LG_ATE_WORDS] = {0};
    uint64_t peers[SDK_LG_WORDS];
    for (int c = 0; c < lg->ncells; c++) {
        if (!sdk_lg_ape_base(lg, c, 3, peers, excl[c])) continue;
        base[nbase++] = c;
        isbase[c >> 6] |= UINT64_C(1) << (c & 63);
    }
    for (int i = 0; i < nbase; i++) {
        if (sdk_lg_expired(lg)) return false;
        int c[3] = {base[i]};
        for (int j = i + 1; j < nbase; j++) {
            c[1] = base[j];
            uint64_t pair[SDK_LG_ATE_WORDS], tail[SDK_LG_ATE_WORDS];
            for (int w = 0; w < lg->words; w++) pair[w] = excl[c[0]][w] & excl[c[1]][w];
            if (sdk_lg_count2(lg, pair, pair) < 2) continue; /* no triple of theirs can have two */
            for (int w = 0; w < lg->words; w++)
                tail[w] = (excl[c[0]][w] | excl[c[1]][w]) & isbase[w];
            tail[c[0] >> 6] &= ~(UINT64_C(1) << (c[0] & 63));
            tail[c[1] >> 6] &= ~(UINT64_C(1) << (c[1] & 63));
            for (int w = 0; w < lg->words; w++) {
                for (uint64_t m = tail[w]; m; m &= m - 1) {
                    c[2] = w * 64 + sdk_ctz(m);
                    if (sdk_lg_ate_seen(excl, c)) continue;
                    uint64_t common[SDK_LG_ATE_WORDS];
                    for (int v = 0; v < lg->words; v++) common[v] = pair[v] & excl[c[2]][v];
                    if (sdk_lg_count2(lg, common, common) < 2) continue;
                    uint64_t used[3];
                    sdk_lg_ate_allowed(lg, c, common, used);
                    uint64_t gone = 0;
                    for (int k = 0; k < 3; k++) gone |= lg->cand[c[k]] & ~used[k];
                    if (!gone) continue;
                    sdk_lg_step_begin(st, SUDOKU_TECH_ALIGNED_TRIPLE_EXCLUSION,
                                      sudoku_technique_score(SUDOKU_TECH_ALIGNED_TRIPLE_EXCLUSION));
                    st->digits = gone;
                    for (int k = 0; k < 3; k++) sdk_lg_add_cell(st, c[k]);
                    for (int v = 0; v < lg->words; v++)
                        for (uint64_t e = common[v]; e; e &= e - 1)
                            sdk_lg_add_cell(st, v * 64 + sdk_ctz(e));
                    for (int k = 0; k < 3; k++)
                        for (uint64_t r = lg->cand[c[k]] & ~used[k]; r; r &= r - 1)
                            sdk_lg_add_elim(st, c[k], sdk_ctz(r) + 1);
                    return true;
                }
            }
        }
    }
    return false;
}
