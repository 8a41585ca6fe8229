/* dynamic.c -- dynamic chains: assumptions followed with singles on a changing grid.
 *
 * Static chains (chains.c) follow implications on the grid as it is. Here an
 * assumption is carried out on a saved copy of the grid: the digit is placed
 * (or removed), then naked and hidden singles are applied until nothing more
 * follows or the grid breaks (a cell with no candidate, a unit with no place
 * for a digit it misses). This is Sudoku Explainer's dynamic chaining with
 * singles as the only rules.
 *
 *   Nishio (7.5): a candidate whose placement breaks the grid for its own
 *   digit (followed by that digit's hidden singles only) is false.
 *   Dynamic forcing (8.5): every candidate of a cell, or every place of a
 *   digit in a unit, leads to the same placement or removal; or removing a
 *   candidate breaks the grid (so it is true).
 *
 * SE's length increments apply to twice the number of deductions the
 * branches needed, our stand-in for SE's count of chain nodes. The grid is restored
 * after every assumption, so a step found here changes nothing until applied.
 */
#include <string.h>

#include "solver/logic/logic_int.h"

/* SE counts the nodes of the chains; a deduction here stands for about two
 * (the digit placed and the candidates it turns off). */
#define SDK_LG_NODES_PER_DEDUCTION 2

/* Applies singles from the current (assumed) grid. Returns the number of
 * deductions made, or -1 - that number when the grid broke. */
static int sdk_lg_propagate(sudoku_logic *lg, int limit)
{
    int made = 0, n = lg->n;
    for (;;) {
        bool progress = false;
        for (int c = 0; c < lg->ncells; c++) {
            if (lg->value[c]) continue;
            uint64_t m = lg->cand[c];
            if (!m) return -1 - made;
            if (m & (m - 1)) continue;
            sdk_lg_assume_place(lg, c, sdk_ctz(m) + 1);
            made++;
            progress = true;
        }
        for (int u = 0; u < lg->nunits; u++) {
            uint64_t seen = 0;
            for (int i = 0; i < n; i++) {
                int c = lg->unit_cells[u][i];
                seen |= lg->value[c] ? sdk_bit(lg->value[c]) : lg->cand[c];
            }
            if (seen != lg->full) return -1 - made;
            for (int d = 1; d <= n; d++) {
                if (sdk_lg_count2(lg, lg->dcells[d - 1], lg->unit_bits[u]) != 1) continue;
                sdk_lg_assume_place(lg, sdk_lg_first2(lg, lg->dcells[d - 1], lg->unit_bits[u]), d);
                made++;
                progress = true;
            }
        }
        if (!progress || made > limit) return made;
    }
}

/* Nishio's propagation: digit d alone, by hidden singles. Returns as
 * sdk_lg_propagate. */
static int sdk_lg_propagate_digit(sudoku_logic *lg, int d)
{
    int made = 0;
    for (bool progress = true; progress;) {
        progress = false;
        for (int u = 0; u < lg->nunits; u++) {
            int cnt = sdk_lg_count2(lg, lg->dcells[d - 1], lg->unit_bits[u]);
            if (cnt > 1) continue;
            bool placed = false;
            for (int i = 0; i < lg->n && !placed; i++)
                placed = lg->value[lg->unit_cells[u][i]] == d;
            if (placed) continue;
            if (cnt == 0) return -1 - made;
            sdk_lg_assume_place(lg, sdk_lg_first2(lg, lg->dcells[d - 1], lg->unit_bits[u]), d);
            made++;
            progress = true;
        }
    }
    return made;
}

/* Carries out "cell is not d" and restores the grid. Returns deductions, or
 * -1 - deductions on a broken grid. */
static int sdk_lg_assume_off(sudoku_logic *lg, int cell, int d)
{
    sdk_lg_save(lg);
    sdk_lg_assume_remove(lg, cell, d);
    int r = sdk_lg_propagate(lg, lg->ncells);
    sdk_lg_restore(lg);
    return r;
}

bool sdk_lg_nishio(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    if (lg->n > SDK_DYNAMIC_MAX_SIZE) return false;
    int base = sudoku_technique_score(SUDOKU_TECH_NISHIO), best = 1000;
    bool found = false;
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_lg_expired(lg)) return found;
        for (uint64_t m = lg->cand[cell]; m && sdk_popcount(lg->cand[cell]) > 1; m &= m - 1) {
            int d = sdk_ctz(m) + 1;
            sdk_lg_save(lg);
            sdk_lg_assume_place(lg, cell, d);
            int r = sdk_lg_propagate_digit(lg, d);
            sdk_lg_restore(lg);
            if (r >= 0) continue;
            int score = base + sdk_lg_length_bonus(SDK_LG_NODES_PER_DEDUCTION * (-r));
            if (score >= best) continue;
            best = score;
            found = true;
            sdk_lg_step_begin(st, SUDOKU_TECH_NISHIO, score);
            st->digits = sdk_bit(d);
            sdk_lg_add_cell(st, cell);
            sdk_lg_add_elim(st, cell, d);
        }
    }
    return found;
}

bool sdk_lg_say_nishio(sdk_lg_text *t, const sudoku_step *st)
{
    int d = sdk_lg_step_digit(st);
    sdk_lg_put(t, "nishio: placing ");
    sdk_lg_put_digit(t, d);
    sdk_lg_put(t, " in ");
    sdk_lg_put_cell(t, st->cells[0]);
    sdk_lg_put(t, " leaves a unit with no place for ");
    sdk_lg_put_digit(t, d);
    return false;
}

/* Folds the state of a branch (the grid now) into the agreement arrays. */
static void sdk_lg_agree(sudoku_logic *lg, bool first)
{
    for (int c = 0; c < lg->ncells; c++) {
        uint8_t v = lg->save_value[c] ? 0 : lg->value[c];
        uint64_t removed = lg->save_cand[c] & ~lg->cand[c] & ~(v ? sdk_bit(v) : 0);
        if (first) {
            lg->agree_value[c] = v;
            lg->agree_removed[c] = removed;
        } else {
            if (lg->agree_value[c] != v) lg->agree_value[c] = 0;
            lg->agree_removed[c] &= removed;
        }
    }
}

/* Runs the branches (cell, digit) on; a broken branch is skipped (it is
 * false, and the others still cover the truth). Fills *st with what they all
 * agree on when that scores below *best. */
static bool sdk_lg_branches_dynamic(sudoku_logic *lg, sudoku_step *st, const int *cells,
                                    const int *digits, int k, int *best, int unit)
{
    int total = 0, live = 0;
    for (int b = 0; b < k; b++) {
        sdk_lg_save(lg);
        sdk_lg_assume_place(lg, cells[b], digits[b]);
        int r = sdk_lg_propagate(lg, lg->ncells);
        if (r >= 0) {
            sdk_lg_agree(lg, live == 0);
            live++;
            total += r + 1;
        }
        sdk_lg_restore(lg);
    }
    if (live < 1) return false;
    int score = sudoku_technique_score(SUDOKU_TECH_DYNAMIC_FORCING_CHAIN) +
                sdk_lg_length_bonus(SDK_LG_NODES_PER_DEDUCTION * total);
    if (score >= *best) return false;
    bool any = false;
    sudoku_step trial;
    sdk_lg_step_begin(&trial, SUDOKU_TECH_DYNAMIC_FORCING_CHAIN, score);
    for (int c = 0; c < lg->ncells; c++) {
        if (lg->value[c]) continue;
        if (lg->agree_value[c] && !trial.nplacements) {
            sdk_lg_add_place(&trial, c, lg->agree_value[c]);
            trial.digits |= sdk_bit(lg->agree_value[c]);
            any = true;
        }
        for (uint64_t m = lg->agree_removed[c] & lg->cand[c]; m; m &= m - 1) {
            sdk_lg_add_elim(&trial, c, sdk_ctz(m) + 1);
            any = true;
        }
    }
    if (!any) return false;
    if (unit >= 0) trial.digits = sdk_bit(digits[0]); /* the digit whose places branch */
    for (int b = 0; b < k; b++) sdk_lg_add_cell(&trial, cells[b]);
    if (unit >= 0) sdk_lg_add_unit(lg, &trial, unit);
    *st = trial;
    *best = score;
    return true;
}

bool sdk_lg_dynamic_chain(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    if (lg->n > SDK_DYNAMIC_MAX_SIZE) return false;
    int best = 1000;
    bool found = false;
    /* A candidate whose removal breaks the grid is true. */
    int base = sudoku_technique_score(SUDOKU_TECH_DYNAMIC_FORCING_CHAIN);
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_lg_expired(lg)) return found;
        for (uint64_t m = lg->cand[cell]; m && sdk_popcount(lg->cand[cell]) > 1; m &= m - 1) {
            int d = sdk_ctz(m) + 1;
            int r = sdk_lg_assume_off(lg, cell, d);
            if (r >= 0) continue;
            int score = base + sdk_lg_length_bonus(SDK_LG_NODES_PER_DEDUCTION * (-r));
            if (score >= best) continue;
            best = score;
            found = true;
            sdk_lg_step_begin(st, SUDOKU_TECH_DYNAMIC_FORCING_CHAIN, score);
            st->digits = sdk_bit(d);
            sdk_lg_add_cell(st, cell);
            sdk_lg_add_place(st, cell, d);
        }
    }
    found |= sdk_lg_forcing_sources(lg, st, 2, sdk_lg_branches_dynamic, &best);
    return found;
}

bool sdk_lg_say_dynamic_chain(sdk_lg_text *t, const sudoku_step *st)
{
    int d = sdk_lg_step_digit(st);
    if (st->nunits) {
        sdk_lg_put(t, "dynamic forcing chains: every place of ");
        sdk_lg_put_digit(t, d);
        sdk_lg_put(t, " in ");
        sdk_lg_put_unit(t, st->units[0]);
    } else if (st->ncells == 1 && st->nplacements) {
        sdk_lg_put(t, "dynamic forcing chain: removing ");
        sdk_lg_put_digit(t, d);
        sdk_lg_put(t, " from ");
        sdk_lg_put_cell(t, st->cells[0]);
        sdk_lg_put(t, " and following the singles breaks the grid");
        return false;
    } else {
        sdk_lg_put(t, "dynamic forcing chains: every candidate of ");
        sdk_lg_put_cell(t, st->cells[0]);
    }
    sdk_lg_put(t, ", followed with singles, leads to the same result");
    return false;
}
