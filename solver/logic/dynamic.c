/* dynamic.c -- Sudoku Explainer's chaining runs: multiple, Nishio and dynamic forcing chains.
 *
 * SE's Chaining rule, as it runs its three kinds. A potential is a
 * candidate assumed true ("on") or false ("off"). From an assumption, a run
 * follows:
 *   on  -> off: the other candidates of the cell (not for Nishio) and the
 *               other places of the digit in each unit of the cell;
 *   off -> on:  a cell left with one candidate (not for Nishio), a unit left
 *               with one place for the digit;
 * "on" potentials first. Static runs read the grid as it is (a conjugate
 * pair, a bivalue cell); dynamic ones (Nishio, dynamic forcing) work on a
 * copy from which every "off" is removed once followed, so later steps see
 * earlier removals. A run stops at a contradiction: a potential both on and
 * off.
 *
 * Every potential keeps its parents: the one it was implied by, plus, for
 * an "on", the removals that left its cell or unit with one choice. SE
 * scores a chain by its complexity, the number of distinct ancestors of the
 * potentials it concludes with (both halves of a contradiction, every
 * branch's copy of a forcing target), with the length increments of
 * sdk_lg_length_bonus on complexity - 2; the easiest hint wins, then the
 * least complex.
 *
 *   Nishio (7.5): one digit only; a candidate whose assumption, on or off,
 *   ends in a contradiction is false or true.
 *   Multiple forcing (8.0, static): a potential implied by every candidate
 *   of a cell of three or more, or by every place of a digit in a unit whose
 *   first place is such a cell (SE meets units from their first cell).
 *   Dynamic forcing (8.5): contradictions with both kinds of links; a
 *   potential implied by a candidate and by its absence (cells of three
 *   candidates or more); by every candidate of a cell; by every place of a
 *   digit in a unit.
 *
 * A run touches only the dyn_* scratch of lg, never the grid: a step found
 * here changes nothing until applied. Static runs go up to
 * SDK_CHAIN_MAX_SIZE, dynamic ones to SDK_DYNAMIC_MAX_SIZE.
 *
 * DESIGN: the forcing kinds need several runs at once (every branch of a
 * cell or unit). Each candidate's "on" run is kept as a set of potentials
 * (a bitset, dyn_set); a target all branches reach is found by ANDing the
 * sets, and only then are the branches run again to count its ancestors.
 * The chains a step writes for people (sdk_lg_add_chain) follow each
 * potential's first parent back to the assumption: the line a person reads,
 * without the earlier removals a dynamic single also rests on.
 */
#include <string.h>

#include "solver/logic/logic_int.h"

static inline int sdk_lg_dyn_node(const sudoku_logic *lg, int cell, int d, int on)
{
    return 2 * (cell * lg->n + d - 1) + on;
}

static inline bool sdk_lg_dyn_has(const sudoku_logic *lg, int node)
{
    return lg->dyn_mark[node] == lg->dyn_epoch;
}

/* Sets up the runs on the grid as it is: every cell's units in SE's order,
 * box, row, column, then the diagonals (the order a run follows them in),
 * with the cell's place in each, and every digit's places in every unit. */
static void sdk_lg_dyn_setup(sudoku_logic *lg)
{
    static const sudoku_unit_kind order[] = {SUDOKU_UNIT_BOX, SUDOKU_UNIT_ROW, SUDOKU_UNIT_COLUMN,
                                             SUDOKU_UNIT_DIAGONAL};
    for (int cell = 0; cell < lg->ncells; cell++) {
        int k = 0;
        for (int o = 0; o < 4; o++)
            for (int i = 0; i < lg->cell_nunits[cell]; i++)
                if (sdk_lg_kind(lg, lg->cell_units[cell][i]) == order[o]) {
                    lg->dyn_units[cell][k] = lg->cell_units[cell][i];
                    lg->dyn_index[cell][k++] = lg->cell_index[cell][i];
                }
    }
    for (int u = 0; u < lg->nunits; u++)
        memcpy(lg->dyn_pos0[u], sdk_lg_unit_positions(lg, u), sizeof(uint64_t) * (size_t)lg->n);
}

/* Distinct ancestors of the k potentials at start (themselves included),
 * plus the complexity of each nested chain they rest on, once (nested.c). */
static int sdk_lg_dyn_ancestors(sudoku_logic *lg, const int32_t *start, int k)
{
    if (++lg->dyn_aepoch == 0) {
        memset(lg->dyn_amark, 0, sizeof(lg->dyn_amark));
        memset(lg->dyn_nest_mark, 0, sizeof(lg->dyn_nest_mark));
        lg->dyn_aepoch = 1;
    }
    int top = 0, count = 0;
    for (int i = 0; i < k; i++) lg->dyn_astack[top++] = start[i];
    while (top) {
        int x = lg->dyn_astack[--top];
        if (lg->dyn_amark[x] == lg->dyn_aepoch) continue;
        lg->dyn_amark[x] = lg->dyn_aepoch;
        count++;
        int nest = lg->dyn_nest[x] - 1;
        if (nest >= 0 && lg->dyn_nest_mark[nest] != lg->dyn_aepoch) {
            lg->dyn_nest_mark[nest] = lg->dyn_aepoch;
            count += lg->dyn_nest_cx[nest];
        }
        for (int i = 0; i < lg->dyn_pcount[x]; i++)
            lg->dyn_astack[top++] = lg->dyn_pool[lg->dyn_pstart[x] + i];
    }
    return count;
}

/* The complexity of a contradiction: node x reached, and its conjugate
 * implied by the parents pending at the end of the pool (not added). */
static int sdk_lg_dyn_absurd(sudoku_logic *lg, int x, int npending)
{
    lg->dyn_absurd = x;
    return sdk_lg_dyn_ancestors(lg, (int32_t[]){x}, 1) + 1 +
           sdk_lg_dyn_ancestors(lg, lg->dyn_pool + lg->dyn_npool, npending);
}

void sdk_lg_dyn_add(sudoku_logic *lg, int y, int npending)
{
    lg->dyn_mark[y] = lg->dyn_epoch;
    lg->dyn_rule[y] = 0;
    lg->dyn_nest[y] = 0;
    lg->dyn_pstart[y] = lg->dyn_npool;
    lg->dyn_pcount[y] = (uint16_t)npending;
    lg->dyn_npool += npending;
}

/* How a run goes: SE's static chains (the grid does not change), Nishio's
 * (one digit's links only) or dynamic ones. */
typedef enum { SDK_LG_RUN_STATIC, SDK_LG_RUN_NISHIO, SDK_LG_RUN_DYNAMIC } sdk_lg_run_mode;

/* One run from node src. Returns the
 * complexity of the contradiction it ended in, or 0; the potentials it
 * reached are those with dyn_mark == dyn_epoch. */
static int sdk_lg_dyn_run(sudoku_logic *lg, int src, sdk_lg_run_mode mode)
{
    int n = lg->n, hon = 0, hoff = 0;
    int *qon = &lg->dyn_nqon, *qoff = &lg->dyn_nqoff;
    *qon = *qoff = 0;
    if (++lg->dyn_epoch == 0) {
        memset(lg->dyn_mark, 0, sizeof(lg->dyn_mark));
        lg->dyn_epoch = 1;
    }
    memcpy(lg->dyn_cand, lg->cand, sizeof(uint64_t) * (size_t)lg->ncells);
    memcpy(lg->dyn_pos, lg->dyn_pos0, sizeof(lg->dyn_pos[0]) * (size_t)lg->nunits);
    lg->dyn_npool = 0;
    lg->dyn_nnest = 0;
    sdk_lg_dyn_add(lg, src, 0);
    if (src & 1)
        lg->dyn_qon[(*qon)++] = src;
    else
        lg->dyn_qoff[(*qoff)++] = src;
    for (;;) {
        int32_t *pend = lg->dyn_pool + lg->dyn_npool;
        if (hon < *qon) {
            int p = lg->dyn_qon[hon++], cell = (p >> 1) / n, d = (p >> 1) % n + 1;
            int y[SUDOKU_MAX_SIZE * SDK_CELL_UNITS], ny = 0;
            if (mode != SDK_LG_RUN_NISHIO)
                for (uint64_t m = lg->dyn_cand[cell] & ~sdk_bit(d); m; m &= m - 1)
                    y[ny++] = sdk_lg_dyn_node(lg, cell, sdk_ctz(m) + 1, 0);
            for (int k = 0; k < lg->cell_nunits[cell]; k++) {
                int u = lg->dyn_units[cell][k];
                uint64_t m = lg->dyn_pos[u][d - 1] & ~(UINT64_C(1) << lg->dyn_index[cell][k]);
                for (; m; m &= m - 1)
                    y[ny++] = sdk_lg_dyn_node(lg, lg->unit_cells[u][sdk_ctz(m)], d, 0);
            }
            for (int i = 0; i < ny; i++) {
                pend[0] = p;
                if (sdk_lg_dyn_has(lg, y[i] | 1)) return sdk_lg_dyn_absurd(lg, y[i] | 1, 1);
                if (sdk_lg_dyn_has(lg, y[i])) continue;
                sdk_lg_dyn_add(lg, y[i], 1);
                lg->dyn_qoff[(*qoff)++] = y[i];
                pend = lg->dyn_pool + lg->dyn_npool;
            }
            continue;
        }
        /* singles have run dry: a nested level applies its rules, then goes on */
        if (hoff == *qoff) {
            if (mode != SDK_LG_RUN_DYNAMIC || !lg->dyn_level || !sdk_lg_nested_implied(lg))
                return 0;
            continue;
        }
        int p = lg->dyn_qoff[hoff++], cell = (p >> 1) / n, d = (p >> 1) % n + 1;
        /* What the removal implies, each with its parents, worked out on
         * the grid before it is made (as SE does). */
        int y[SDK_CELL_UNITS + 1], ny = 0, npar[SDK_CELL_UNITS + 1];
        int32_t par[SDK_CELL_UNITS + 1][SUDOKU_MAX_SIZE + 1];
        uint64_t cm = lg->dyn_cand[cell];
        if (mode != SDK_LG_RUN_NISHIO && sdk_popcount(cm) == 2) {
            y[ny] = sdk_lg_dyn_node(lg, cell, sdk_ctz(cm & ~sdk_bit(d)) + 1, 1);
            npar[ny] = 0;
            par[ny][npar[ny]++] = p;
            for (uint64_t m = lg->cand[cell] & ~cm; m; m &= m - 1)
                par[ny][npar[ny]++] = sdk_lg_dyn_node(lg, cell, sdk_ctz(m) + 1, 0);
            ny++;
        }
        for (int k = 0; k < lg->cell_nunits[cell]; k++) {
            int u = lg->dyn_units[cell][k];
            const uint16_t *uc = lg->unit_cells[u];
            uint64_t others = lg->dyn_pos[u][d - 1] & ~(UINT64_C(1) << lg->dyn_index[cell][k]);
            if (!others || (others & (others - 1))) continue;
            y[ny] = sdk_lg_dyn_node(lg, uc[sdk_ctz(others)], d, 1);
            npar[ny] = 0;
            par[ny][npar[ny]++] = p;
            for (uint64_t m = lg->dyn_pos0[u][d - 1] & ~lg->dyn_pos[u][d - 1]; m; m &= m - 1)
                par[ny][npar[ny]++] = sdk_lg_dyn_node(lg, uc[sdk_ctz(m)], d, 0);
            ny++;
        }
        if (mode != SDK_LG_RUN_STATIC) {
            lg->dyn_cand[cell] &= ~sdk_bit(d);
            for (int k = 0; k < lg->cell_nunits[cell]; k++)
                lg->dyn_pos[lg->dyn_units[cell][k]][d - 1] &=
                    ~(UINT64_C(1) << lg->dyn_index[cell][k]);
        }
        for (int i = 0; i < ny; i++) {
            memcpy(pend, par[i], sizeof(int32_t) * (size_t)npar[i]);
            if (sdk_lg_dyn_has(lg, y[i] & ~1)) return sdk_lg_dyn_absurd(lg, y[i] & ~1, npar[i]);
            if (sdk_lg_dyn_has(lg, y[i])) continue;
            sdk_lg_dyn_add(lg, y[i], npar[i]);
            lg->dyn_qon[(*qon)++] = y[i];
            pend = lg->dyn_pool + lg->dyn_npool;
        }
    }
}

/* Writes the chain of the last run from its source to potential x, then
 * `then` (a node, or -1), one of `of` chains of the step, following each
 * potential's first parent (the one it was implied by). */
static void sdk_lg_dyn_chain(sudoku_logic *lg, sudoku_step *st, int x, int then, int of)
{
    int32_t *nodes = lg->dyn_astack; /* free between ancestor counts */
    int len = 0;
    if (then >= 0) nodes[len++] = then;
    for (; len < SDK_DYN_POOL; x = lg->dyn_pool[lg->dyn_pstart[x]]) {
        nodes[len++] = x | lg->dyn_rule[x] << SDK_LG_RULE_SHIFT;
        if (!lg->dyn_pcount[x]) break;
    }
    for (int i = 0, j = len - 1; i < j; i++, j--) {
        int32_t v = nodes[i];
        nodes[i] = nodes[j];
        nodes[j] = v;
    }
    sdk_lg_add_chain(st, nodes, len, lg->n, of);
}

/* The best hint so far: its score, then its complexity. */
typedef struct sdk_lg_dyn_best {
    int score, complexity;
} sdk_lg_dyn_best;

/* Whether a hint of this complexity beats *best (and records it). */
static bool sdk_lg_dyn_better(sdk_lg_dyn_best *best, int base, int complexity)
{
    int score = base + sdk_lg_length_bonus(complexity - 2);
    if (score > best->score || (score == best->score && complexity >= best->complexity))
        return false;
    best->score = score;
    best->complexity = complexity;
    return true;
}

/* A contradiction from (cell, d) assumed on (on) or off: the candidate is
 * false, or true. */
static void sdk_lg_dyn_absurd_step(sudoku_logic *lg, sudoku_step *st, sudoku_technique t,
                                   const sdk_lg_dyn_best *best, int cell, int d, int on)
{
    sdk_lg_step_begin(st, t, best->score);
    /* the run just ended: its two chains, to a potential and to its conjugate */
    sdk_lg_dyn_chain(lg, st, lg->dyn_absurd, -1, 2);
    sdk_lg_dyn_chain(lg, st, lg->dyn_pool[lg->dyn_npool], lg->dyn_absurd ^ 1, 2);
    st->digits = sdk_bit(d);
    sdk_lg_add_cell(st, cell);
    if (on)
        sdk_lg_add_elim(st, cell, d);
    else
        sdk_lg_add_place(st, cell, d);
}

/* Whether potential x is a conclusion worth a step: a candidate to remove,
 * or a placement in a cell with other candidates. */
static bool sdk_lg_dyn_useful(const sudoku_logic *lg, int x)
{
    int cell = (x >> 1) / lg->n, d = (x >> 1) % lg->n + 1;
    if (!(lg->cand[cell] & sdk_bit(d))) return false;
    return !(x & 1) || sdk_popcount(lg->cand[cell]) > 1;
}

/* Fills the step concluding potential x. */
static void sdk_lg_dyn_conclude(const sudoku_logic *lg, sudoku_step *st, int x)
{
    int cell = (x >> 1) / lg->n, d = (x >> 1) % lg->n + 1;
    if (x & 1)
        sdk_lg_add_place(st, cell, d);
    else
        sdk_lg_add_elim(st, cell, d);
}

/* Keeps the last run's potentials (both queues hold every one it added)
 * as candidate cand's set. */
static void sdk_lg_dyn_keep(sudoku_logic *lg, int cand)
{
    uint64_t *set = lg->dyn_set[cand];
    memset(set, 0, sizeof(uint64_t) * (size_t)((2 * lg->ncells * lg->n + 63) / 64));
    for (int i = 0; i < lg->dyn_nqon; i++)
        set[lg->dyn_qon[i] >> 6] |= UINT64_C(1) << (lg->dyn_qon[i] & 63);
    for (int i = 0; i < lg->dyn_nqoff; i++)
        set[lg->dyn_qoff[i] >> 6] |= UINT64_C(1) << (lg->dyn_qoff[i] & 63);
}

/* The branches src[0..k), one of which holds: for every useful potential
 * all of them reach (the AND of their kept sets, `common`; the first 64,
 * more being rare), runs them again and sums its ancestors; keeps the least
 * complex that beats *best. */
static bool sdk_lg_dyn_forcing(sudoku_logic *lg, sudoku_step *st, sdk_lg_run_mode mode,
                               const int *src, int k, const uint64_t *common, sdk_lg_dyn_best *best,
                               int unit)
{
    sudoku_technique t =
        mode == SDK_LG_RUN_STATIC ? SUDOKU_TECH_FORCING_CHAIN : sdk_lg_dyn_technique(lg);
    int nodes = 2 * lg->ncells * lg->n, targets[64], nt = 0;
    for (int w = 0; w * 64 < nodes && nt < 64; w++)
        for (uint64_t m = common[w]; m && nt < 64; m &= m - 1)
            if (sdk_lg_dyn_useful(lg, w * 64 + sdk_ctz(m))) targets[nt++] = w * 64 + sdk_ctz(m);
    if (!nt) return false;
    int sum[64] = {0};
    for (int b = 0; b < k; b++) {
        sdk_lg_dyn_run(lg, src[b], mode);
        for (int i = 0; i < nt; i++) sum[i] += sdk_lg_dyn_ancestors(lg, &targets[i], 1);
    }
    int found = -1;
    for (int i = 0; i < nt; i++) {
        if (!sdk_lg_dyn_better(best, sudoku_technique_score(t), sum[i])) continue;
        found = i;
        int sd = (src[0] >> 1) % lg->n + 1;
        sdk_lg_step_begin(st, t, best->score);
        sdk_lg_dyn_conclude(lg, st, targets[i]);
        if (unit >= 0) {
            st->digits = sdk_bit(sd); /* the digit whose places branch */
            for (int b = 0; b < k; b++) sdk_lg_add_cell(st, (src[b] >> 1) / lg->n);
            sdk_lg_add_unit(lg, st, unit);
        } else {
            st->digits = sdk_bit((targets[i] >> 1) % lg->n + 1);
            sdk_lg_add_cell(st, (src[0] >> 1) / lg->n);
            sdk_lg_add_cell(st, (targets[i] >> 1) / lg->n);
        }
    }
    if (found < 0) return false;
    for (int b = 0; b < k; b++) { /* each branch again, for its chain to the target */
        sdk_lg_dyn_run(lg, src[b], mode);
        sdk_lg_dyn_chain(lg, st, targets[found], -1, k);
    }
    return true;
}

/* Runs "on" and "off" from every candidate of every cell with two or more:
 * contradictions, and (unless nishio) each "on" run kept for the forcing
 * kinds and the double forcing of cells of three candidates or more. */
static bool sdk_lg_dyn_binary(sudoku_logic *lg, sudoku_step *st, bool nishio, sdk_lg_dyn_best *best)
{
    sudoku_technique t = nishio ? SUDOKU_TECH_NISHIO : sdk_lg_dyn_technique(lg);
    int base = sudoku_technique_score(t);
    bool found = false;
    uint64_t on_set[SDK_DYN_SET_WORDS];
    sdk_lg_dyn_setup(lg);
    for (int cell = 0; cell < lg->ncells; cell++) {
        int card = sdk_popcount(lg->cand[cell]);
        if (card < 2) continue;
        if (sdk_lg_expired(lg)) return found;
        for (uint64_t m = lg->cand[cell]; m; m &= m - 1) {
            int d = sdk_ctz(m) + 1, on = sdk_lg_dyn_node(lg, cell, d, 1);
            sdk_lg_run_mode mode = nishio ? SDK_LG_RUN_NISHIO : SDK_LG_RUN_DYNAMIC;
            int cx = sdk_lg_dyn_run(lg, on, mode);
            if (cx && sdk_lg_dyn_better(best, base, cx)) {
                sdk_lg_dyn_absurd_step(lg, st, t, best, cell, d, 1);
                found = true;
            }
            if (!nishio) {
                sdk_lg_dyn_keep(lg, cell * lg->n + d - 1);
                memcpy(on_set, lg->dyn_set[cell * lg->n + d - 1], sizeof(on_set));
            }
            cx = sdk_lg_dyn_run(lg, on ^ 1, mode);
            if (cx && sdk_lg_dyn_better(best, base, cx)) {
                sdk_lg_dyn_absurd_step(lg, st, t, best, cell, d, 0);
                found = true;
            }
            if (nishio || card < 3) continue;
            /* double forcing: what both the candidate and its absence imply */
            uint64_t common[SDK_DYN_SET_WORDS];
            int nodes = 2 * lg->ncells * lg->n, any = 0;
            for (int w = 0; w * 64 < nodes; w++) {
                common[w] = 0;
                for (uint64_t b = on_set[w]; b; b &= b - 1)
                    if (sdk_lg_dyn_has(lg, w * 64 + sdk_ctz(b))) common[w] |= b & -b;
                any |= common[w] != 0;
            }
            if (any) {
                int src[2] = {on, on ^ 1};
                if (sdk_lg_dyn_forcing(lg, st, mode, src, 2, common, best, -1)) {
                    found = true;
                    st->ncells = 1; /* the source cell alone: "both d and its absence" */
                    st->digits = sdk_bit(d);
                }
            }
        }
    }
    return found;
}

bool sdk_lg_nishio(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    if (lg->n > SDK_DYNAMIC_MAX_SIZE) return false;
    sdk_lg_dyn_best best = {1000, 0};
    return sdk_lg_dyn_binary(lg, st, true, &best);
}

bool sdk_lg_say_nishio(sdk_lg_text *t, const sudoku_step *st)
{
    int d = sdk_lg_step_digit(st);
    sdk_lg_put(t, "nishio: %s ", st->nplacements ? "removing" : "placing");
    sdk_lg_put_digit(t, d);
    sdk_lg_put(t, st->nplacements ? " from " : " in ");
    sdk_lg_put_cell(t, st->cells[0]);
    sdk_lg_put(t, " leaves a unit with no place for ");
    sdk_lg_put_digit(t, d);
    sdk_lg_put(t, ": ");
    sdk_lg_put_chains(t, st, "; ");
    return false;
}

/* Cell and unit forcing from the "on" runs kept in dyn_set: every
 * candidate of a cell with at least min_cands, every place of a digit in a
 * unit (static: only where the unit's first place is such a cell, as SE
 * meets units from their first cell). */
static bool sdk_lg_dyn_multiple(sudoku_logic *lg, sudoku_step *st, sdk_lg_run_mode mode,
                                int min_cands, sdk_lg_dyn_best *best)
{
    bool found = false;
    int n = lg->n, src[SUDOKU_MAX_SIZE], nodes = 2 * lg->ncells * n;
    uint64_t common[SDK_DYN_SET_WORDS];
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_popcount(lg->cand[cell]) < min_cands) continue;
        int k = 0;
        memset(common, 0xff, sizeof(common));
        for (uint64_t m = lg->cand[cell]; m; m &= m - 1) {
            int d = sdk_ctz(m) + 1;
            src[k++] = sdk_lg_dyn_node(lg, cell, d, 1);
            for (int w = 0; w * 64 < nodes; w++) common[w] &= lg->dyn_set[cell * n + d - 1][w];
        }
        found |= sdk_lg_dyn_forcing(lg, st, mode, src, k, common, best, -1);
    }
    for (int u = 0; u < lg->nunits; u++) {
        if (sdk_lg_expired(lg)) return found;
        for (int d = 1; d <= n; d++) {
            int k = 0;
            memset(common, 0xff, sizeof(common));
            for (int i = 0; i < n && k >= 0; i++) {
                int c = lg->unit_cells[u][i];
                if (!(lg->cand[c] & sdk_bit(d))) continue;
                /* a place with no run kept (a single left by the user's
                 * marks) would be a branch not followed: no forcing then */
                if (sdk_popcount(lg->cand[c]) < 2 ||
                    (k == 0 && sdk_popcount(lg->cand[c]) < min_cands)) {
                    k = -1;
                    break;
                }
                src[k++] = sdk_lg_dyn_node(lg, c, d, 1);
                for (int w = 0; w * 64 < nodes; w++) common[w] &= lg->dyn_set[c * n + d - 1][w];
            }
            if (k >= 2) found |= sdk_lg_dyn_forcing(lg, st, mode, src, k, common, best, u);
        }
    }
    return found;
}

bool sdk_lg_multiple_chain(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    sdk_lg_dyn_best best = {1000, 0};
    sdk_lg_dyn_setup(lg);
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_popcount(lg->cand[cell]) < 2) continue;
        if (sdk_lg_expired(lg)) return false;
        for (uint64_t m = lg->cand[cell]; m; m &= m - 1) {
            int d = sdk_ctz(m) + 1;
            sdk_lg_dyn_run(lg, sdk_lg_dyn_node(lg, cell, d, 1), SDK_LG_RUN_STATIC);
            sdk_lg_dyn_keep(lg, cell * lg->n + d - 1);
        }
    }
    /* a cell of two candidates is a strong link: the single forcing chains follow it */
    bool found = sdk_lg_dyn_multiple(lg, st, SDK_LG_RUN_STATIC, 3, &best);
    lg->dyn_complexity = best.complexity;
    return found;
}

/* "KIND: every place of D in UNIT" or "KIND: every candidate of CELL": what
 * a unit or cell forcing chain branches on. */
static void say_branches(sdk_lg_text *t, const sudoku_step *st, const char *kind)
{
    sdk_lg_put(t, "%s", kind);
    if (st->nunits) {
        sdk_lg_put(t, ": every place of ");
        sdk_lg_put_digit(t, sdk_lg_step_digit(st));
        sdk_lg_put(t, " in ");
        sdk_lg_put_unit(t, st->units[0]);
    } else {
        sdk_lg_put(t, ": every candidate of ");
        sdk_lg_put_cell(t, st->cells[0]);
    }
}

bool sdk_lg_say_forcing_chain(sdk_lg_text *t, const sudoku_step *st)
{
    say_branches(t, st, "forcing chains");
    sdk_lg_put(t, " leads to the same result: ");
    sdk_lg_put_chains(t, st, "; ");
    return false;
}

/* arg: the nested level (nested.c), 0 for plain dynamic forcing chains. */
bool sdk_lg_dynamic_chain(sudoku_logic *lg, sudoku_step *st, int arg)
{
    if (lg->n > SDK_DYNAMIC_MAX_SIZE) return false;
    sdk_lg_dyn_best best = {1000, 0};
    lg->dyn_level = arg;
    bool found = sdk_lg_dyn_binary(lg, st, false, &best);
    if (!lg->timed_out) found = sdk_lg_dyn_multiple(lg, st, SDK_LG_RUN_DYNAMIC, 2, &best) || found;
    lg->dyn_level = 0;
    lg->dyn_complexity = best.complexity;
    return found;
}

/* A step names its kind by its lists: a unit (unit forcing); the source
 * cell alone, concluding on its own digit (a contradiction) or elsewhere
 * (double forcing); the source cell and the target's (cell forcing). */
bool sdk_lg_say_dynamic_chain(sdk_lg_text *t, const sudoku_step *st)
{
    if (st->nunits == 0 && st->ncells == 1) {
        int d = sdk_lg_step_digit(st);
        int c = st->cells[0];
        bool placed =
            st->nplacements && st->placements[0].cell == c && st->placements[0].digit == d;
        bool removed =
            st->neliminations && st->eliminations[0].cell == c && st->eliminations[0].digit == d;
        if (placed || removed) {
            sdk_lg_put(t, "dynamic forcing chain: %s ", placed ? "removing" : "placing");
            sdk_lg_put_digit(t, d);
            sdk_lg_put(t, placed ? " from " : " in ");
            sdk_lg_put_cell(t, c);
            sdk_lg_put(t, " and following the singles breaks the grid: ");
            sdk_lg_put_chains(t, st, "; ");
            return false;
        }
        sdk_lg_put(t, "dynamic forcing chains: both ");
        sdk_lg_put_digit(t, d);
        sdk_lg_put(t, " in ");
        sdk_lg_put_cell(t, c);
        sdk_lg_put(t, " and its absence");
    } else {
        say_branches(t, st, "dynamic forcing chains");
    }
    sdk_lg_put(t, ", followed with singles, leads to the same result: ");
    sdk_lg_put_chains(t, st, "; ");
    return false;
}
