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
 * From level 2 the rules go on, when those find nothing, with chains found
 * on the run's grid (a copy loaded into lg->nest, an engine of its own):
 * forcing chains and cycles (level 2, 9.5), then cell and unit forcing
 * chains (3, 10.0); from level 4 (10.5) dynamic forcing chains alone,
 * themselves at level - 4 (SE goes to 6: two levels of nesting). The best
 * chain found there is the rule; its removals rest on the run's removals
 * that made singles of its links' "on" potentials (and of its branching
 * cell or unit), and its complexity counts once in every chain of the run
 * resting on it (dyn_nest, dyn_nest_cx; dynamic.c adds it to the
 * ancestors). SE takes every chain that level finds at once and reads the
 * rule parents from the whole chain; this engine takes the best and reads
 * the links its step keeps, and meets the others the next time the run
 * runs dry.
 *
 * The rungs (ladder.c) are sdk_lg_nested_chain, levels 1 to 6, after the
 * plain dynamic chains: on grids of boxes and lines only. Like dynamic.c,
 * this reads and writes only the dyn_* scratch of lg, and the nested
 * engine's whole state.
 */
#include "solver/logic/logic_int.h"

/* What one rule found: removals (nodes, off) and, for each, its parents. */
typedef struct sdk_lg_implied {
    sudoku_logic *lg;
    sudoku_technique rule;
    int nest;  /* the nested chain + 1 the removals come from, 0 for a plain rule */
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
        lg->dyn_nest[rem[i]] = (uint16_t)im->nest;
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

/* The run's removals in cell c (every digit) or, with d, in unit u. */
static int sdk_lg_nest_gone_cell(const sudoku_logic *lg, int c, int32_t *par, int np, int cap)
{
    for (uint64_t m = lg->cand[c] & ~lg->dyn_cand[c]; m && np < cap; m &= m - 1)
        par[np++] = sdk_lg_nest_node(lg, c, sdk_ctz(m) + 1);
    return np;
}

static int sdk_lg_nest_gone_unit(const sudoku_logic *lg, int u, int d, int32_t *par, int np,
                                 int cap)
{
    for (uint64_t m = lg->dyn_pos0[u][d - 1] & ~lg->dyn_pos[u][d - 1]; m && np < cap; m &= m - 1)
        par[np++] = sdk_lg_nest_node(lg, lg->unit_cells[u][sdk_ctz(m)], d);
    return np;
}

/* The first unit (box, row, column: SE's order) holding cells a and b. */
static int sdk_lg_nest_common(const sudoku_logic *lg, int a, int b)
{
    for (int k = 0; k < lg->cell_nunits[a]; k++)
        if (sdk_lg_has(lg->unit_bits[lg->dyn_units[a][k]], b)) return lg->dyn_units[a][k];
    return -1;
}

/* SE's rule parents of a chain step found on the run's grid: for each
 * potential its links show turned on by a single, the run's removals that
 * made it one (in its cell, or of its digit in the unit it shares with the
 * potential before); for a cell or unit forcing, those of the branching
 * cell or unit too. Only the links the step keeps are read (a long chain
 * keeps its ends), so a cut chain gives fewer. */
static int sdk_lg_nest_parents(const sudoku_logic *lg, const sudoku_step *st, int32_t *par, int cap)
{
    int n = lg->n, np = 0;
    const sudoku_link *l = st->links;
    bool cell_forcing = st->nchains >= 2 && !st->nunits && l[0].on &&
                        l[st->chain_shown[0]].cell == l[0].cell &&
                        l[st->chain_shown[0]].digit != l[0].digit;
    for (int c = 0; c < st->nchains; l += st->chain_shown[c++]) {
        int shown = st->chain_shown[c];
        if (st->nunits) {
            const sudoku_unit_ref *r = &st->units[0];
            int u =
                r->kind == SUDOKU_UNIT_DIAGONAL ? 3 * n + r->index : (int)r->kind * n + r->index;
            np = sdk_lg_nest_gone_unit(lg, u, l[0].digit, par, np, cap);
        } else if (cell_forcing) {
            np = sdk_lg_nest_gone_cell(lg, l[0].cell, par, np, cap);
        }
        for (int i = 1; i < shown; i++) {
            if (!l[i].on || (shown < st->chain_len[c] && i + 1 == shown)) continue;
            if (l[i - 1].cell == l[i].cell) {
                np = sdk_lg_nest_gone_cell(lg, l[i].cell, par, np, cap);
            } else {
                int u = sdk_lg_nest_common(lg, l[i - 1].cell, l[i].cell);
                if (u >= 0) np = sdk_lg_nest_gone_unit(lg, u, l[i].digit, par, np, cap);
            }
        }
    }
    return np;
}

/* SE's nested levels: the chains its level adds, searched on the run's
 * grid (a copy in lg->nest): static forcing chains and cycles (level 2 and
 * up), then multiple forcing chains (3); from level 4 dynamic forcing
 * chains alone, themselves at level - 4. The best one found becomes the
 * rule: its removals rest on its parents, and its complexity counts once
 * in every chain resting on it. */
static bool sdk_lg_nest_chains(sdk_lg_implied *im)
{
    sudoku_logic *lg = im->lg;
    /* out of time, a run goes on with singles only: a nested search is the
     * costly part, and it would not finish */
    if (sdk_lg_expired(lg) || lg->dyn_nnest == SDK_DYN_NEST ||
        (!lg->nest && !(lg->nest = sudoku_logic_new())))
        return false;
    sudoku_logic *h = lg->nest;
    sdk_lg_load_grid(h, lg, lg->dyn_cand, (const uint64_t(*)[SDK_CHAIN_MAX_SIZE])lg->dyn_pos);
    sudoku_step st;
    int cx = 0, npar = 0;
    int32_t par[SUDOKU_STEP_MAX_LINKS * SUDOKU_MAX_SIZE / 4];
    bool found = false;
    if (lg->dyn_level >= 4) {
        found = sdk_lg_dynamic_chain(h, &st, lg->dyn_level - 4);
        cx = h->dyn_complexity;
        if (found) npar = sdk_lg_nest_parents(lg, &st, par, (int)(sizeof(par) / sizeof(par[0])));
    } else {
        found = sdk_lg_forcing_chain(h, &st, 0);
        for (int c = 0; found && c < st.nchains; c++) cx += st.chain_len[c];
        if (found) npar = sdk_lg_nest_parents(lg, &st, par, (int)(sizeof(par) / sizeof(par[0])));
        if (!npar && lg->dyn_level >= 3 && !h->timed_out) {
            found = sdk_lg_multiple_chain(h, &st, 0);
            cx = h->dyn_complexity;
            if (found)
                npar = sdk_lg_nest_parents(lg, &st, par, (int)(sizeof(par) / sizeof(par[0])));
        }
    }
    if (h->timed_out) lg->timed_out = true;
    if (!found || !npar || lg->dyn_npool + npar > SDK_DYN_POOL) return false;
    int rem[SUDOKU_STEP_MAX_ELIMINATIONS + SUDOKU_STEP_MAX_PLACEMENTS * SUDOKU_MAX_SIZE], nrem = 0;
    for (int i = 0; i < st.neliminations; i++) {
        const sudoku_cand *e = &st.eliminations[i];
        if (lg->dyn_cand[e->cell] >> (e->digit - 1) & 1)
            rem[nrem++] = sdk_lg_nest_node(lg, e->cell, e->digit);
    }
    for (int i = 0; i < st.nplacements; i++) {
        const sudoku_cand *pl = &st.placements[i];
        for (uint64_t m = lg->dyn_cand[pl->cell] & ~sdk_bit(pl->digit); m; m &= m - 1)
            rem[nrem++] = sdk_lg_nest_node(lg, pl->cell, sdk_ctz(m) + 1);
    }
    int32_t *at = lg->dyn_pool + lg->dyn_npool;
    for (int i = 0; i < npar; i++) at[i] = par[i];
    im->rule = st.technique;
    im->nest = lg->dyn_nnest + 1;
    lg->dyn_nest_cx[lg->dyn_nnest] = cx;
    if (!sdk_lg_nest_instance(im, rem, nrem, npar)) return false;
    lg->dyn_nnest++;
    return im->added > 0;
}

bool sdk_lg_nested_chain(sudoku_logic *lg, sudoku_step *st, int arg)
{
    /* SE's rules are for boxes and lines: elsewhere a level adds nothing */
    if (lg->diagonal || lg->has_regions) return false;
    return sdk_lg_dynamic_chain(lg, st, arg);
}

bool sdk_lg_nested_implied(sudoku_logic *lg)
{
    sdk_lg_implied im = {lg, SUDOKU_TECH_POINTING, 0, 0};
    /* every instance of locked candidates, all four ways; else of the next rule */
    bool locked = sdk_lg_nest_locked(&im, SUDOKU_UNIT_BOX, SUDOKU_UNIT_COLUMN);
    locked |= sdk_lg_nest_locked(&im, SUDOKU_UNIT_BOX, SUDOKU_UNIT_ROW);
    locked |= sdk_lg_nest_locked(&im, SUDOKU_UNIT_COLUMN, SUDOKU_UNIT_BOX);
    locked |= sdk_lg_nest_locked(&im, SUDOKU_UNIT_ROW, SUDOKU_UNIT_BOX);
    if (!locked && !sdk_lg_nest_hidden_pairs(&im) && !sdk_lg_nest_naked_pairs(&im) &&
        !sdk_lg_nest_x_wings(&im) && lg->dyn_level >= 2)
        sdk_lg_nest_chains(&im);
    return im.added > 0;
}

sudoku_technique sdk_lg_dyn_technique(const sudoku_logic *lg)
{
    static const sudoku_technique by_level[] = {
        SUDOKU_TECH_DYNAMIC_FORCING_CHAIN, SUDOKU_TECH_DYNAMIC_FORCING_CHAIN_PLUS,
        SUDOKU_TECH_NESTED_FORCING_CHAIN, SUDOKU_TECH_NESTED_MULTIPLE_CHAIN};
    return lg->dyn_level < 4 ? by_level[lg->dyn_level] : SUDOKU_TECH_NESTED_DYNAMIC_CHAIN;
}

bool sdk_lg_say_nested_chain(sdk_lg_text *t, const sudoku_step *st)
{
    const char *also = "";
    if (st->technique == SUDOKU_TECH_NESTED_FORCING_CHAIN)
        also = " and forcing chains";
    else if (st->technique == SUDOKU_TECH_NESTED_MULTIPLE_CHAIN)
        also = ", forcing chains and cell and unit forcing chains";
    else if (st->technique == SUDOKU_TECH_NESTED_DYNAMIC_CHAIN)
        also = " and dynamic forcing chains";
    sdk_lg_put(t, "with locked candidates, pairs, X-Wings%s applied to each assumed grid too, ",
               also);
    return sdk_lg_say_dynamic_chain(t, st);
}
