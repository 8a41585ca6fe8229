/* nested.c -- Sudoku Explainer's nested levels of dynamic forcing chains.
 *
 * SE's dynamic forcing chains (dynamic.c) follow an assumption with singles
 * only. At level 1, "dynamic forcing chains (+)" (9.0 plus the length
 * increments), a run whose singles have run dry applies, to the grid the
 * run has made, the first of these rules that finds anything there:
 *
 *   locked candidates   a digit's places in a box all in one line, or in a
 *                       line all in one box (box/column, box/row,
 *                       column/box, row/box, as SE tries them);
 *   hidden pairs, naked pairs, X-Wings (in boxes, columns, rows).
 *
 * Every instance of that rule is taken, each removal becoming an "off"
 * potential of the run whose parents are the run's own removals the
 * instance rests on (SE's rule parents): for locked candidates and X-Wings
 * the places of the digit gone from the base units outside the cover, for
 * a hidden pair the places of its digits gone from the rest of the unit,
 * for a naked pair the other candidates gone from its two cells. An
 * instance resting on none of them was there before the assumption and
 * is skipped, as SE does. The run then goes on with singles, and the
 * chain's complexity counts those parents as ancestors like any other.
 *
 * SE's levels 2-4 (9.5, 10.0, 10.5: plain, multiple and dynamic forcing
 * chains found on the run's grid) are not built here: a puzzle that needs
 * them still ends the ladder (needs_search).
 *
 * Like dynamic.c, this reads and writes only the dyn_* scratch of lg.
 */
#include "solver/logic/logic_int.h"

/* What one rule found: removals (nodes, off) and, for each, its parents. */
typedef struct sdk_lg_implied {
    sudoku_logic *lg;
    sudoku_technique rule;
    int added; /* potentials added to the run */
} sdk_lg_implied;

static inline int sdk_lg_nest_node(const sudoku_logic *lg, int cell, int d)
{
    return 2 * (cell * lg->n + d - 1);
}

/* Whether cell c had digit d before the run and has lost it in the run. */
static inline bool sdk_lg_nest_gone(const sudoku_logic *lg, int c, int d)
{
    return (lg->cand[c] & ~lg->dyn_cand[c]) >> (d - 1) & 1;
}

/* Adds one instance: removals rem[0..nrem) (nodes), each with the parents
 * written at the end of dyn_pool (npar of them). Returns whether the
 * instance counts (it has parents). */
static bool sdk_lg_nest_instance(sdk_lg_implied *im, const int *rem, int nrem, int npar)
{
    sudoku_logic *lg = im->lg;
    if (!npar || !nrem) return false;
    int32_t *par = lg->dyn_pool + lg->dyn_npool;
    for (int i = 0; i < nrem; i++) {
        if (lg->dyn_mark[rem[i]] == lg->dyn_epoch) continue;
        if (lg->dyn_npool + 2 * npar > SDK_DYN_POOL) break;
        int32_t *at = lg->dyn_pool + lg->dyn_npool;
        if (at != par)
            for (int k = 0; k < npar; k++) at[k] = par[k];
        sdk_lg_dyn_add(lg, rem[i], npar);
        lg->dyn_rule[rem[i]] = (uint8_t)(im->rule + 1);
        lg->dyn_qoff[lg->dyn_nqoff++] = rem[i];
        im->added++;
    }
    return true;
}

/* Locked candidates: the places of d in unit a (kind ka) all in unit b. */
static bool sdk_lg_nest_locked(sdk_lg_implied *im, sudoku_unit_kind ka, sudoku_unit_kind kb)
{
    sudoku_logic *lg = im->lg;
    bool any = false;
    im->rule = ka == SUDOKU_UNIT_BOX ? SUDOKU_TECH_POINTING : SUDOKU_TECH_CLAIMING;
    for (int d = 1; d <= lg->n; d++) {
        for (int a = 0; a < lg->nunits; a++) {
            if (sdk_lg_kind(lg, a) != ka) continue;
            uint64_t pos = lg->dyn_pos[a][d - 1];
            if (sdk_popcount(pos) < 2) continue;
            for (int j = 0; j < lg->ncross[a]; j++) {
                int b = lg->cross_unit[a][j];
                if (sdk_lg_kind(lg, b) != kb || (pos & ~lg->cross_mask[a][j])) continue;
                int rem[SUDOKU_MAX_SIZE], nrem = 0, npar = 0;
                int32_t *par = lg->dyn_pool + lg->dyn_npool;
                for (int i = 0; i < lg->n; i++) {
                    int c = lg->unit_cells[b][i];
                    if ((lg->dyn_cand[c] >> (d - 1) & 1) && !sdk_lg_has(lg->unit_bits[a], c))
                        rem[nrem++] = sdk_lg_nest_node(lg, c, d);
                }
                for (int i = 0; i < lg->n && nrem; i++) {
                    int c = lg->unit_cells[a][i];
                    if (sdk_lg_nest_gone(lg, c, d) && !sdk_lg_has(lg->unit_bits[b], c))
                        par[npar++] = sdk_lg_nest_node(lg, c, d);
                }
                any |= sdk_lg_nest_instance(im, rem, nrem, npar);
            }
        }
    }
    return any;
}

/* Units of kind k in SE's order for sets: boxes, columns, rows. */
static const sudoku_unit_kind sdk_lg_nest_kinds[] = {SUDOKU_UNIT_BOX, SUDOKU_UNIT_COLUMN,
                                                     SUDOKU_UNIT_ROW};

/* Hidden pairs: two digits whose places in a unit are the same two cells. */
static bool sdk_lg_nest_hidden_pairs(sdk_lg_implied *im)
{
    sudoku_logic *lg = im->lg;
    bool any = false;
    im->rule = SUDOKU_TECH_HIDDEN_PAIR;
    for (int k = 0; k < 3; k++) {
        for (int u = 0; u < lg->nunits; u++) {
            if (sdk_lg_kind(lg, u) != sdk_lg_nest_kinds[k]) continue;
            int empty = 0;
            for (int i = 0; i < lg->n; i++) empty += lg->value[lg->unit_cells[u][i]] == 0;
            if (empty <= 4) continue;
            const uint64_t *pos = lg->dyn_pos[u];
            for (int d2 = 2; d2 <= lg->n; d2++) {
                for (int d1 = 1; d1 < d2; d1++) {
                    uint64_t both = pos[d1 - 1] | pos[d2 - 1];
                    if (!pos[d1 - 1] || !pos[d2 - 1] || sdk_popcount(both) != 2) continue;
                    int rem[2 * SUDOKU_MAX_SIZE], nrem = 0, npar = 0;
                    int32_t *par = lg->dyn_pool + lg->dyn_npool;
                    for (uint64_t m = both; m; m &= m - 1) {
                        int c = lg->unit_cells[u][sdk_ctz(m)];
                        uint64_t others = lg->dyn_cand[c] & ~(sdk_bit(d1) | sdk_bit(d2));
                        for (; others; others &= others - 1)
                            rem[nrem++] = sdk_lg_nest_node(lg, c, sdk_ctz(others) + 1);
                    }
                    for (int i = 0; i < lg->n && nrem; i++) {
                        int c = lg->unit_cells[u][i];
                        if (both >> i & 1) continue;
                        if (sdk_lg_nest_gone(lg, c, d1)) par[npar++] = sdk_lg_nest_node(lg, c, d1);
                        if (sdk_lg_nest_gone(lg, c, d2)) par[npar++] = sdk_lg_nest_node(lg, c, d2);
                    }
                    any |= sdk_lg_nest_instance(im, rem, nrem, npar);
                }
            }
        }
    }
    return any;
}

/* Naked pairs: two cells of a unit left with the same two candidates. */
static bool sdk_lg_nest_naked_pairs(sdk_lg_implied *im)
{
    sudoku_logic *lg = im->lg;
    bool any = false;
    im->rule = SUDOKU_TECH_NAKED_PAIR;
    for (int k = 0; k < 3; k++) {
        for (int u = 0; u < lg->nunits; u++) {
            if (sdk_lg_kind(lg, u) != sdk_lg_nest_kinds[k]) continue;
            const uint16_t *uc = lg->unit_cells[u];
            for (int j = 1; j < lg->n; j++) {
                uint64_t mask = lg->dyn_cand[uc[j]];
                if (lg->value[uc[j]] || sdk_popcount(mask) != 2) continue;
                for (int i = 0; i < j; i++) {
                    if (lg->value[uc[i]] || lg->dyn_cand[uc[i]] != mask) continue;
                    int rem[2 * SUDOKU_MAX_SIZE], nrem = 0, npar = 0;
                    int32_t *par = lg->dyn_pool + lg->dyn_npool;
                    for (int x = 0; x < lg->n; x++) {
                        if (x == i || x == j) continue;
                        for (uint64_t m = lg->dyn_cand[uc[x]] & mask; m; m &= m - 1)
                            rem[nrem++] = sdk_lg_nest_node(lg, uc[x], sdk_ctz(m) + 1);
                    }
                    for (int x = 0; x < 2 && nrem; x++) {
                        int c = uc[x ? j : i];
                        for (uint64_t m = lg->cand[c] & ~mask; m; m &= m - 1)
                            par[npar++] = sdk_lg_nest_node(lg, c, sdk_ctz(m) + 1);
                    }
                    any |= sdk_lg_nest_instance(im, rem, nrem, npar);
                }
            }
        }
    }
    return any;
}

/* X-Wings: a digit's places in two rows (columns) in the same two columns
 * (rows). */
static bool sdk_lg_nest_x_wings(sdk_lg_implied *im)
{
    sudoku_logic *lg = im->lg;
    int n = lg->n;
    bool any = false;
    im->rule = SUDOKU_TECH_X_WING;
    for (int kind = SUDOKU_UNIT_ROW; kind <= SUDOKU_UNIT_COLUMN; kind++) {
        int base0 = kind * n, cover0 = (1 - kind) * n;
        for (int d = 1; d <= n; d++) {
            for (int b2 = 1; b2 < n; b2++) {
                uint64_t p2 = lg->dyn_pos[base0 + b2][d - 1];
                if (sdk_popcount(p2) != 2) continue;
                for (int b1 = 0; b1 < b2; b1++) {
                    uint64_t p1 = lg->dyn_pos[base0 + b1][d - 1], cover = p1 | p2;
                    if (p1 != p2) continue;
                    int rem[2 * SUDOKU_MAX_SIZE], nrem = 0, npar = 0;
                    int32_t *par = lg->dyn_pool + lg->dyn_npool;
                    for (uint64_t m = cover; m; m &= m - 1) {
                        int cu = cover0 + sdk_ctz(m);
                        for (uint64_t q = lg->dyn_pos[cu][d - 1]; q; q &= q - 1) {
                            int at = sdk_ctz(q); /* the row (column) of the cover's place */
                            if (at != b1 && at != b2)
                                rem[nrem++] = sdk_lg_nest_node(lg, lg->unit_cells[cu][at], d);
                        }
                    }
                    for (int x = 0; x < 2 && nrem; x++) {
                        int bu = base0 + (x ? b2 : b1);
                        for (int i = 0; i < n; i++) {
                            int c = lg->unit_cells[bu][i];
                            if (!(cover >> i & 1) && sdk_lg_nest_gone(lg, c, d))
                                par[npar++] = sdk_lg_nest_node(lg, c, d);
                        }
                    }
                    any |= sdk_lg_nest_instance(im, rem, nrem, npar);
                }
            }
        }
    }
    return any;
}

bool sdk_lg_nested_implied(sudoku_logic *lg)
{
    sdk_lg_implied im = {lg, SUDOKU_TECH_POINTING, 0};
    if (lg->diagonal || lg->has_regions) return false; /* SE's rules are for boxes and lines */
    /* every instance of locked candidates, all four ways; else of the next rule */
    bool locked = sdk_lg_nest_locked(&im, SUDOKU_UNIT_BOX, SUDOKU_UNIT_COLUMN);
    locked |= sdk_lg_nest_locked(&im, SUDOKU_UNIT_BOX, SUDOKU_UNIT_ROW);
    locked |= sdk_lg_nest_locked(&im, SUDOKU_UNIT_COLUMN, SUDOKU_UNIT_BOX);
    locked |= sdk_lg_nest_locked(&im, SUDOKU_UNIT_ROW, SUDOKU_UNIT_BOX);
    if (!locked && !sdk_lg_nest_hidden_pairs(&im) && !sdk_lg_nest_naked_pairs(&im))
        sdk_lg_nest_x_wings(&im);
    return im.added > 0;
}

sudoku_technique sdk_lg_dyn_technique(const sudoku_logic *lg)
{
    return lg->dyn_level ? SUDOKU_TECH_DYNAMIC_FORCING_CHAIN_PLUS
                         : SUDOKU_TECH_DYNAMIC_FORCING_CHAIN;
}

bool sdk_lg_say_dynamic_chain_plus(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "with locked candidates, pairs and X-Wings on each assumed grid too, ");
    return sdk_lg_say_dynamic_chain(t, st);
}
