/* subsets.c -- naked and hidden sets (pairs, triples, quads), and the direct
 * hidden pair and triple.
 *
 * Naked: k unsolved cells of a unit whose candidates together are k digits;
 * those digits leave the unit's other cells. Hidden: k digits of a unit whose
 * places together are k cells; those cells lose every other digit. Like Sudoku
 * Explainer, a naked set is looked for in units with at least 2k empty cells
 * and a hidden one in units with more than 2k (the complement of a smaller
 * set is the other kind), and a hidden set counts as "direct" (2.0, 2.5) when
 * the removal leaves another digit of the unit with a single place, which the
 * step then fills. Like SE's direct hints, a direct step only fills it: the
 * removals themselves are left to later steps, and SE rates what follows on
 * the grid that keeps them.
 *
 * Both are one search: choose k items (cells, or digits) whose masks (digits,
 * or positions in the unit) have a union of k bits, pruning as soon as the
 * union grows past k.
 */
#include "solver/logic/logic_int.h"

typedef struct sdk_lg_combo {
    int k, nitems;
    uint64_t mask[SUDOKU_MAX_SIZE]; /* per item */
    int item[SUDOKU_MAX_SIZE];      /* what the item stands for */
    int pick[4];                    /* chosen item indices */
    uint64_t unions;                /* union of the chosen masks */
    const uint64_t *pos;            /* hidden sets: every digit's positions in the unit */
} sdk_lg_combo;

/* Callback of a found set: true when it made a step. */
typedef bool sdk_lg_combo_fn(sudoku_logic *lg, sudoku_step *st, int u, const sdk_lg_combo *cb,
                             bool direct);

static bool sdk_lg_choose(sudoku_logic *lg, sudoku_step *st, int u, sdk_lg_combo *cb, int depth,
                          int from, uint64_t acc, sdk_lg_combo_fn *fn, bool direct)
{
    if (depth == cb->k) {
        cb->unions = acc;
        return fn(lg, st, u, cb, direct);
    }
    for (int i = from; i <= cb->nitems - (cb->k - depth); i++) {
        uint64_t next = acc | cb->mask[i];
        if (sdk_popcount(next) > cb->k) continue;
        cb->pick[depth] = i;
        if (sdk_lg_choose(lg, st, u, cb, depth + 1, i + 1, next, fn, direct)) return true;
    }
    return false;
}

static const sudoku_technique naked_tech[5] = {0, 0, SUDOKU_TECH_NAKED_PAIR,
                                               SUDOKU_TECH_NAKED_TRIPLE, SUDOKU_TECH_NAKED_QUAD};
static const sudoku_technique hidden_tech[5] = {0, 0, SUDOKU_TECH_HIDDEN_PAIR,
                                                SUDOKU_TECH_HIDDEN_TRIPLE, SUDOKU_TECH_HIDDEN_QUAD};

/* A naked set: cb items are cells, masks their candidates. */
static bool sdk_lg_naked_found(sudoku_logic *lg, sudoku_step *st, int u, const sdk_lg_combo *cb,
                               bool direct)
{
    (void)direct;
    sudoku_technique t = naked_tech[cb->k];
    sdk_lg_step_begin(st, t, sudoku_technique_score(t));
    st->digits = cb->unions;
    for (int j = 0; j < cb->k; j++) sdk_lg_add_cell(st, cb->item[cb->pick[j]]);
    for (int i = 0; i < lg->n; i++) {
        int c = lg->unit_cells[u][i];
        bool in = false;
        for (int j = 0; j < cb->k; j++) in |= cb->item[cb->pick[j]] == c;
        if (in) continue;
        for (uint64_t m = lg->cand[c] & cb->unions; m; m &= m - 1)
            sdk_lg_add_elim(st, c, sdk_ctz(m) + 1);
    }
    if (!st->neliminations) return false;
    sdk_lg_add_unit(lg, st, u);
    return true;
}

/* A hidden set: cb items are digits, masks their positions in unit u (cb->pos
 * holds every digit's). */
static bool sdk_lg_hidden_found(sudoku_logic *lg, sudoku_step *st, int u, const sdk_lg_combo *cb,
                                bool direct)
{
    uint64_t digits = 0;
    for (int j = 0; j < cb->k; j++) digits |= sdk_bit(cb->item[cb->pick[j]]);
    int single = -1, single_digit = 0;
    if (direct) {
        /* Another digit with several places, all but one inside the set's cells. */
        for (int d = 1; d <= lg->n && single < 0; d++) {
            if (digits & sdk_bit(d)) continue;
            uint64_t pos = cb->pos[d - 1];
            if (sdk_popcount(pos) > 1 && sdk_popcount(pos & ~cb->unions) == 1) {
                single = lg->unit_cells[u][sdk_ctz(pos & ~cb->unions)];
                single_digit = d;
            }
        }
        if (single < 0) return false;
    }
    sudoku_technique t =
        direct ? (cb->k == 2 ? SUDOKU_TECH_DIRECT_HIDDEN_PAIR : SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE)
               : hidden_tech[cb->k];
    sdk_lg_step_begin(st, t, sudoku_technique_score(t));
    st->digits = digits;
    for (uint64_t m = cb->unions; m; m &= m - 1) {
        int c = lg->unit_cells[u][sdk_ctz(m)];
        sdk_lg_add_cell(st, c);
        if (direct) continue;
        for (uint64_t e = lg->cand[c] & ~digits; e; e &= e - 1)
            sdk_lg_add_elim(st, c, sdk_ctz(e) + 1);
    }
    if (!st->neliminations && !direct) return false;
    sdk_lg_add_unit(lg, st, u);
    if (direct) sdk_lg_add_place(st, single, single_digit);
    return true;
}

/* Number of unsolved cells of unit u. */
static int sdk_lg_empty(const sudoku_logic *lg, int u)
{
    return sdk_lg_count2(lg, lg->unsolved, lg->unit_bits[u]);
}

/* Units in Sudoku Explainer's order: boxes, columns, rows, diagonals. */
static int sdk_lg_unit_order(const sudoku_logic *lg, int i)
{
    int n = lg->n;
    if (i < n) return 2 * n + i;
    if (i < 2 * n) return i;
    if (i < 3 * n) return i - 2 * n;
    return i;
}

bool sdk_lg_naked_set(sudoku_logic *lg, sudoku_step *st, int degree)
{
    sdk_lg_combo cb = {.k = degree};
    uint64_t *clean = lg->naked_clean[degree];
    for (int ui = 0; ui < lg->nunits; ui++) {
        int u = sdk_lg_unit_order(lg, ui);
        if (clean[u] == lg->unit_stamp[u]) continue;
        clean[u] = lg->unit_stamp[u];
        if (sdk_lg_empty(lg, u) < 2 * degree) continue;
        cb.nitems = 0;
        for (int i = 0; i < lg->n; i++) {
            int c = lg->unit_cells[u][i];
            int pc = sdk_popcount(lg->cand[c]);
            if (lg->value[c] || pc < 2 || pc > degree) continue;
            cb.mask[cb.nitems] = lg->cand[c];
            cb.item[cb.nitems++] = c;
        }
        if (cb.nitems >= degree &&
            sdk_lg_choose(lg, st, u, &cb, 0, 0, 0, sdk_lg_naked_found, false)) {
            clean[u] = 0; /* the step is found again until it is applied */
            return true;
        }
    }
    return false;
}

bool sdk_lg_say_naked_set(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "naked %s: ", sdk_lg_set_name(st->ncells));
    sdk_lg_put_cells(t, st->cells, st->ncells);
    sdk_lg_put(t, " hold only ");
    sdk_lg_put_digits(t, st->digits);
    sdk_lg_put(t, " in ");
    sdk_lg_put_unit(t, st->units[0]);
    return false;
}

bool sdk_lg_hidden_set(sudoku_logic *lg, sudoku_step *st, int arg)
{
    int degree = arg & ~SDK_LG_DIRECT;
    bool direct = arg & SDK_LG_DIRECT;
    sdk_lg_combo cb = {.k = degree};
    uint64_t *clean = lg->hidden_clean[direct][degree];
    for (int ui = 0; ui < lg->nunits; ui++) {
        int u = sdk_lg_unit_order(lg, ui);
        if (clean[u] == lg->unit_stamp[u]) continue;
        clean[u] = lg->unit_stamp[u];
        int empty = sdk_lg_empty(lg, u);
        if (direct ? empty <= degree : empty <= 2 * degree) continue;
        cb.nitems = 0;
        cb.pos = sdk_lg_unit_positions(lg, u);
        int spare = 0; /* direct: digits that could be left with one place */
        for (int d = 1; d <= lg->n; d++) {
            uint64_t pos = cb.pos[d - 1];
            int pc = sdk_popcount(pos);
            spare += pc >= 2 && pc <= degree + 1;
            if (pc < 2 || pc > degree) continue;
            cb.mask[cb.nitems] = pos;
            cb.item[cb.nitems++] = d;
        }
        if (direct && spare <= degree) continue;
        if (cb.nitems >= degree &&
            sdk_lg_choose(lg, st, u, &cb, 0, 0, 0, sdk_lg_hidden_found, direct)) {
            clean[u] = 0;
            return true;
        }
    }
    return false;
}

bool sdk_lg_say_hidden_set(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "hidden %s: in ", sdk_lg_set_name(st->ncells));
    sdk_lg_put_unit(t, st->units[0]);
    sdk_lg_put(t, ", ");
    sdk_lg_put_digits(t, st->digits);
    sdk_lg_put(t, " go only in ");
    sdk_lg_put_cells(t, st->cells, st->ncells);
    return false;
}
