/* intersections.c -- pointing and claiming (locked candidates), plain and direct.
 *
 * When every place of digit d in unit A lies inside unit B too, d must go in
 * A ∩ B, so it leaves the rest of B. A a box: pointing (2.6); A a line:
 * claiming (2.8). Sudoku Explainer counts them lower, 1.7 and 1.9, when the
 * removal at once leaves a hidden single for d in another unit of A's kind
 * that crosses B ("direct"): such a step only places that cell, leaving the
 * removal to later steps as SE's direct hints do (what follows is rated on
 * the grid that keeps it). Units are
 * generic, so boxes against diagonals and jigsaw regions against lines come
 * out of the same loop.
 */
#include "solver/logic/logic_int.h"

/* The step for A = u1, B = u2, digit d, and the cells `elim` it clears. In
 * direct mode only when a unit of u1's kind crossing u2 is left with one place
 * for d; returns false otherwise. */
static bool sdk_lg_locked_step(sudoku_logic *lg, sudoku_step *st, int u1, int u2, int d,
                               const uint64_t *elim, bool direct)
{
    bool pointing = sdk_lg_kind(lg, u1) == SUDOKU_UNIT_BOX;
    sudoku_technique t = pointing ? (direct ? SUDOKU_TECH_DIRECT_POINTING : SUDOKU_TECH_POINTING)
                                  : (direct ? SUDOKU_TECH_DIRECT_CLAIMING : SUDOKU_TECH_CLAIMING);
    int single = -1, single_unit = -1;
    if (direct) {
        for (int w = 0; w < lg->words && single < 0; w++) {
            for (uint64_t m = elim[w]; m && single < 0; m &= m - 1) {
                int e = w * 64 + sdk_ctz(m);
                for (int k = 0; k < lg->cell_nunits[e]; k++) {
                    int u3 = lg->cell_units[e][k];
                    if (u3 == u1 || u3 == u2 || sdk_lg_kind(lg, u3) != sdk_lg_kind(lg, u1))
                        continue;
                    const uint64_t *b3 = lg->unit_bits[u3];
                    int left = 0, cell = -1;
                    for (int x = 0; x < lg->words; x++) {
                        uint64_t r = lg->dcells[d - 1][x] & b3[x] & ~elim[x];
                        left += sdk_popcount(r);
                        if (r && cell < 0) cell = x * 64 + sdk_ctz(r);
                    }
                    if (left == 1) {
                        single = cell;
                        single_unit = u3;
                        break;
                    }
                }
            }
        }
        if (single < 0) return false;
    }
    sdk_lg_step_begin(st, t, sudoku_technique_score(t));
    st->digits = sdk_bit(d);
    sdk_lg_add_unit(lg, st, u1);
    sdk_lg_add_unit(lg, st, u2);
    for (int i = 0; i < lg->n; i++) {
        int c = lg->unit_cells[u1][i];
        if (lg->cand[c] & sdk_bit(d)) sdk_lg_add_cell(st, c);
    }
    if (direct) {
        sdk_lg_add_unit(lg, st, single_unit);
        sdk_lg_add_place(st, single, d);
    } else {
        sdk_lg_elim_set(lg, st, elim, d);
    }
    return true;
}

/* True when unit u1 had no locked digit at its last scan and neither it nor
 * a unit crossing it has lost a candidate since. */
static bool sdk_lg_locked_clean(const sudoku_logic *lg, int u1)
{
    uint64_t scanned = lg->locked_clean[u1];
    if (lg->unit_stamp[u1] > scanned) return false;
    for (int k = 0; k < lg->ncross[u1]; k++)
        if (lg->unit_stamp[lg->cross_unit[u1][k]] > scanned) return false;
    return true;
}

/* Every locked digit of the state, in scan order (units u1 ascending, digits),
 * into lg->locked: a digit whose places in u1 all lie in a crossing unit u2
 * that has more. Two cells share at most one line (row, column or diagonal)
 * and one box or region, so once u1 holds two places no other unit but one
 * can hold them both: a unit and digit give at most one entry, and the list
 * cannot overflow. Computed once per state: the four rungs (direct and plain
 * pointing and claiming) read the same list. */
static void sdk_lg_locked_list(sudoku_logic *lg)
{
    if (lg->locked_state == lg->state) return;
    lg->locked_state = lg->state;
    lg->nlocked = 0;
    for (int u1 = 0; u1 < lg->nunits; u1++) {
        if (sdk_lg_locked_clean(lg, u1)) continue;
        int before = lg->nlocked;
        const uint64_t *pos = sdk_lg_unit_positions(lg, u1);
        for (int d = 1; d <= lg->n; d++) {
            int pc = sdk_popcount(pos[d - 1]);
            if (pc < 2 || pc > lg->max_cross) continue;
            for (int k = 0; k < lg->ncross[u1]; k++) {
                if (pos[d - 1] & ~lg->cross_mask[u1][k]) continue;
                int u2 = lg->cross_unit[u1][k];
                if (sdk_popcount(sdk_lg_unit_positions(lg, u2)[d - 1]) != pc) {
                    lg->locked[lg->nlocked].u1 = (uint8_t)u1;
                    lg->locked[lg->nlocked].u2 = (uint8_t)u2;
                    lg->locked[lg->nlocked].d = (uint8_t)d;
                    lg->nlocked++;
                }
                break; /* the only unit besides u1 that holds these places */
            }
        }
        if (lg->nlocked == before) lg->locked_clean[u1] = lg->changes;
    }
}

/* The first locked digit whose u1 is a box (or not) that makes a step. */
static bool sdk_lg_locked(sudoku_logic *lg, sudoku_step *st, bool boxes, bool direct)
{
    uint64_t elim[SDK_LG_WORDS];
    sdk_lg_locked_list(lg);
    for (int i = 0; i < lg->nlocked; i++) {
        int u1 = lg->locked[i].u1, u2 = lg->locked[i].u2, d = lg->locked[i].d;
        if ((sdk_lg_kind(lg, u1) == SUDOKU_UNIT_BOX) != boxes) continue;
        for (int w = 0; w < lg->words; w++)
            elim[w] = lg->dcells[d - 1][w] & lg->unit_bits[u2][w] & ~lg->unit_bits[u1][w];
        if (sdk_lg_locked_step(lg, st, u1, u2, d, elim, direct)) return true;
    }
    return false;
}

bool sdk_lg_pointing(sudoku_logic *lg, sudoku_step *st, int arg)
{
    return sdk_lg_locked(lg, st, true, arg & SDK_LG_DIRECT);
}

bool sdk_lg_claiming(sudoku_logic *lg, sudoku_step *st, int arg)
{
    return sdk_lg_locked(lg, st, false, arg & SDK_LG_DIRECT);
}

bool sdk_lg_say_locked(sdk_lg_text *t, const sudoku_step *st)
{
    bool pointing =
        st->technique == SUDOKU_TECH_POINTING || st->technique == SUDOKU_TECH_DIRECT_POINTING;
    sdk_lg_put(t, "%s: in ", pointing ? "pointing" : "claiming");
    sdk_lg_put_unit(t, st->units[0]);
    sdk_lg_put(t, ", ");
    sdk_lg_put_digit(t, sdk_lg_step_digit(st));
    sdk_lg_put(t, " can only go in ");
    sdk_lg_put_unit(t, st->units[1]);
    return false;
}
