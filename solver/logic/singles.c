/* singles.c -- full houses (the last empty cell of a unit), hidden singles (a
 * digit with one place left in a unit) and naked singles (a cell with one
 * digit left).
 *
 * Sudoku Explainer scores a full house 1.0 and a hidden single by where it is
 * seen: 1.2 in a box (or jigsaw region), 1.5 in a row, column or diagonal; a
 * naked single is 2.3,
 * harder than most "direct" techniques because a solver has to look at every
 * digit of a cell. So box and line singles are two rungs of the ladder.
 */
#include "solver/logic/logic_int.h"

/* Looks for a hidden single in units [from, to). */
static bool sdk_lg_hidden_in(sudoku_logic *lg, sudoku_step *st, sudoku_technique t, int from,
                             int to)
{
    for (int u = from; u < to; u++) {
        if (lg->single_clean[u] == lg->unit_stamp[u]) continue;
        lg->single_clean[u] = lg->unit_stamp[u];
        const uint64_t *ub = lg->unit_bits[u];
        for (int d = 1; d <= lg->n; d++) {
            if (sdk_lg_count2(lg, lg->dcells[d - 1], ub) != 1) continue;
            lg->single_clean[u] = 0; /* found: searched again until applied */
            int c = sdk_lg_first2(lg, lg->dcells[d - 1], ub);
            sdk_lg_step_begin(st, t, sudoku_technique_score(t));
            st->digits = sdk_bit(d);
            sdk_lg_add_place(st, c, d);
            sdk_lg_add_cell(st, c);
            sdk_lg_add_unit(lg, st, u);
            return true;
        }
    }
    return false;
}

bool sdk_lg_full_house(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    /* SE's order: boxes, columns, rows, then the diagonals. */
    for (int i = 0; i < lg->nunits; i++) {
        int n = lg->n, u = i < n ? 2 * n + i : i < 2 * n ? i : i < 3 * n ? i - 2 * n : i;
        if (sdk_lg_count2(lg, lg->unsolved, lg->unit_bits[u]) != 1) continue;
        int empty = sdk_lg_first2(lg, lg->unsolved, lg->unit_bits[u]);
        if (sdk_popcount(lg->cand[empty]) != 1) continue;
        int d = sdk_ctz(lg->cand[empty]) + 1;
        sdk_lg_step_begin(st, SUDOKU_TECH_FULL_HOUSE,
                          sudoku_technique_score(SUDOKU_TECH_FULL_HOUSE));
        st->digits = sdk_bit(d);
        sdk_lg_add_place(st, empty, d);
        sdk_lg_add_cell(st, empty);
        sdk_lg_add_unit(lg, st, u);
        return true;
    }
    return false;
}

bool sdk_lg_say_full_house(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put_placement(t, st->placements[0].cell, sdk_lg_step_digit(st));
    sdk_lg_put(t, ": the last empty cell of ");
    sdk_lg_put_unit(t, st->units[0]);
    return true;
}

bool sdk_lg_hidden_single_box(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    return sdk_lg_hidden_in(lg, st, SUDOKU_TECH_HIDDEN_SINGLE_BOX, 2 * lg->n, 3 * lg->n);
}

bool sdk_lg_hidden_single_line(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    return sdk_lg_hidden_in(lg, st, SUDOKU_TECH_HIDDEN_SINGLE_LINE, 0, 2 * lg->n) ||
           sdk_lg_hidden_in(lg, st, SUDOKU_TECH_HIDDEN_SINGLE_LINE, 3 * lg->n, lg->nunits);
}

bool sdk_lg_say_hidden_single(sdk_lg_text *t, const sudoku_step *st)
{
    int d = sdk_lg_step_digit(st);
    sdk_lg_put_placement(t, st->placements[0].cell, d);
    sdk_lg_put(t, ": the only place for ");
    sdk_lg_put_digit(t, d);
    sdk_lg_put(t, " in ");
    sdk_lg_put_unit(t, st->units[0]);
    return true;
}

bool sdk_lg_naked_single(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    for (int c = 0; c < lg->ncells; c++) {
        uint64_t m = lg->cand[c];
        if (!m || (m & (m - 1))) continue;
        int d = sdk_ctz(m) + 1;
        sdk_lg_step_begin(st, SUDOKU_TECH_NAKED_SINGLE,
                          sudoku_technique_score(SUDOKU_TECH_NAKED_SINGLE));
        st->digits = m;
        sdk_lg_add_place(st, c, d);
        sdk_lg_add_cell(st, c);
        return true;
    }
    return false;
}

bool sdk_lg_say_naked_single(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put_placement(t, st->placements[0].cell, sdk_lg_step_digit(st));
    sdk_lg_put(t, ": the only digit left for ");
    sdk_lg_put_cell(t, st->placements[0].cell);
    return true;
}
