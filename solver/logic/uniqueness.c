/* uniqueness.c -- unique rectangles and loops (types 1 to 4) and BUG (types 1 to 4).
 *
 * Both rest on the puzzle having one solution: a pattern that, if it were
 * left alone, could be filled two ways cannot be the final state, so some
 * candidate that would leave it must be true.
 *
 * Unique loop: unsolved cells all holding digits {a,b}, linked in a loop
 * through shared units, every unit they touch holding exactly two of them at
 * an even and an odd place of the loop, so that a and b could swap. Four
 * cells make the unique rectangle (two rows, two columns, two boxes). Type 1:
 * all but one hold only {a,b}, so that one is not a or b. Type 2: the others
 * hold one same extra digit x: x goes in one of them and leaves the cells
 * seeing them all. Type 4: two others share a unit where a goes only in
 * them: one is a, so neither is b. Type 3: their extra digits, as one cell,
 * make a naked set with other cells of a unit they share, or (hidden) a and
 * b with other digits are confined to as many cells of it, one of the two
 * left out. Sudoku Explainer (Sukaku Explainer's original rating) scores a
 * rectangle 4.5, a loop of 6 cells 4.6, of 8 4.7, longer 5.0; type 3 adds
 * 0.1 a digit of a naked set beyond the first, of a hidden one beyond the
 * second.
 *
 * BUG (bivalue universal grave, 5.6-6.2): a grid where every unsolved cell
 * is bivalue and every unit holds each digit in 0 or 2 places has two
 * solutions, so the few "extra" candidates that keep the grid from being one
 * must hold some truth (see sdk_lg_bug).
 */
#include <string.h>

#include "solver/logic/logic_int.h"

/* Cells a loop can have: two per row. */
#define SDK_LG_MAX_LOOP (2 * SDK_CHAIN_MAX_SIZE)

/* A unique loop being searched for: cells holding both digits of ab, each
 * unit they touch holding two of them, one at an even and one at an odd
 * place of the loop (so that swapping a and b keeps every unit valid). */
typedef struct sdk_lg_loop {
    uint64_t ab;
    int max_len, len, nextra;
    uint64_t extra; /* digits beyond ab in the loop's cells */
    int cells[SDK_LG_MAX_LOOP];
    uint8_t count[SDK_MAX_UNITS];  /* loop cells in each unit */
    uint8_t parity[SDK_MAX_UNITS]; /* the parity of the first of them */
    sudoku_step trial;
    int best;      /* score of the step kept in *st, 1000 for none */
    int best_type; /* and its type (1-4) */
} sdk_lg_loop;

/* SE's base score of a loop: 4.5 the rectangle, 4.6 six cells, 4.7 eight, 5.0 more. */
static int sdk_lg_loop_score(int len)
{
    return len == 4 ? 45 : len == 6 ? 46 : len == 8 ? 47 : 50;
}

static void sdk_lg_loop_begin(const sdk_lg_loop *lp, sudoku_step *st, int score)
{
    sdk_lg_step_begin(st, lp->len == 4 ? SUDOKU_TECH_UNIQUE_RECTANGLE : SUDOKU_TECH_UNIQUE_LOOP,
                      score);
    st->digits = lp->ab;
    for (int i = 0; i < lp->len; i++) sdk_lg_add_cell(st, lp->cells[i]);
}

/* Keeps the trial step, of type `type`, in *st when it scores below the best
 * so far, or as much with a lower type: SE sorts its unique loop hints by
 * score, then type, and takes the first. */
static void sdk_lg_loop_keep(sdk_lg_loop *lp, sudoku_step *st, int type)
{
    if (!lp->trial.neliminations || lp->trial.score > lp->best) return;
    if (lp->trial.score == lp->best && type >= lp->best_type) return;
    *st = lp->trial;
    lp->best = lp->trial.score;
    lp->best_type = type;
}

/* Type 3: the extra digits of cells e and f act as one cell; with other
 * cells of a unit they share they form a naked set of k digits, which leave
 * the unit's other cells. SE adds 0.1 per digit beyond the first. */
static void sdk_lg_loop_type3(sudoku_logic *lg, sdk_lg_loop *lp, sudoku_step *st, int e, int f,
                              const int *common, int ncommon)
{
    uint64_t x = (lg->cand[e] | lg->cand[f]) & ~lp->ab;
    if (sdk_popcount(x) > 4) return;
    for (int k = 0; k < ncommon; k++) {
        int u = common[k], cells[SUDOKU_MAX_SIZE], nc = 0;
        for (int i = 0; i < lg->n; i++) {
            int c = lg->unit_cells[u][i];
            if (c != e && c != f && lg->cand[c] && sdk_popcount(lg->cand[c]) <= 4) cells[nc++] = c;
        }
        /* Subsets of 1..3 other cells, by bitmask over the first few candidates. */
        int lim = nc < 12 ? nc : 12;
        for (int mask = 1; mask < (1 << lim); mask++) {
            int size = __builtin_popcount((unsigned)mask);
            if (size > 3 || sdk_lg_loop_score(lp->len) + size > lp->best) continue;
            uint64_t set = x;
            for (int i = 0; i < lim; i++)
                if (mask >> i & 1) set |= lg->cand[cells[i]];
            if (sdk_popcount(set) != size + 1) continue;
            sdk_lg_loop_begin(lp, &lp->trial, sdk_lg_loop_score(lp->len) + size);
            lp->trial.digits |= set;
            for (int i = 0; i < lim; i++)
                if (mask >> i & 1) sdk_lg_add_cell(&lp->trial, cells[i]);
            sdk_lg_add_unit(lg, &lp->trial, u);
            for (int i = 0; i < lg->n; i++) {
                int c = lg->unit_cells[u][i];
                bool in = c == e || c == f;
                for (int j = 0; j < lim; j++) in |= (mask >> j & 1) && cells[j] == c;
                if (in || lg->value[c]) continue;
                for (uint64_t m = lg->cand[c] & set; m; m &= m - 1)
                    sdk_lg_add_elim(&lp->trial, c, sdk_ctz(m) + 1);
            }
            sdk_lg_loop_keep(lp, st, 3);
        }
    }
}

/* Type 3, SE's hidden form: a and b with k-2 other digits (none an extra
 * of e or f), whose places in a unit e and f share are k cells once f is
 * left out. Unless a digit of the set is in f, they fill those k cells; if
 * one is (a or b), e holds an extra and the other k-1 fill the cells but e.
 * Either way those cells hold only the set's digits. SE adds 0.1 per cell
 * beyond the first two of the set. */
static void sdk_lg_loop_type3_hidden(sudoku_logic *lg, sdk_lg_loop *lp, sudoku_step *st, int e,
                                     int f, const int *common, int ncommon)
{
    int base = sdk_lg_loop_score(lp->len);
    uint64_t no = lp->ab | lg->cand[e] | lg->cand[f];
    for (int k = 0; k < ncommon; k++) {
        int u = common[k], empty = sdk_lg_count2(lg, lg->unsolved, lg->unit_bits[u]);
        const uint64_t *pos = sdk_lg_unit_positions(lg, u);
        uint64_t fbit = 0, ebit = 0, others = 0;
        for (int i = 0; i < lg->n; i++) {
            fbit |= (uint64_t)(lg->unit_cells[u][i] == f) << i;
            ebit |= (uint64_t)(lg->unit_cells[u][i] == e) << i;
        }
        for (int d = 1; d <= lg->n; d++)
            if (!(no & sdk_bit(d)) && (pos[d - 1] & ~fbit)) others |= sdk_bit(d);
        /* Sets of 2, 3 and 4 digits: a and b with no other digit (d1 = 0),
         * with d1, or with d1 and d2 > d1 (d2 == d1 standing for none). */
        for (int d1 = 0; d1 <= lg->n; d1++) {
            if (d1 && !(others & sdk_bit(d1))) continue;
            for (int d2 = d1; d2 <= lg->n; d2++) {
                if (d2 != d1 && (!d1 || !(others & sdk_bit(d2)))) continue;
                uint64_t set = lp->ab | (d1 ? sdk_bit(d1) : 0) | (d2 != d1 ? sdk_bit(d2) : 0);
                int size = sdk_popcount(set);
                if (base + size - 2 > lp->best || 2 * size >= empty) continue;
                uint64_t cells = 0;
                for (uint64_t s = set; s; s &= s - 1) cells |= pos[sdk_ctz(s)];
                cells &= ~fbit;
                if (sdk_popcount(cells) != size) continue;
                sdk_lg_loop_begin(lp, &lp->trial, base + size - 2);
                lp->trial.digits |= set;
                sdk_lg_add_unit(lg, &lp->trial, u);
                for (uint64_t c = cells & ~ebit; c; c &= c - 1) {
                    int cell = lg->unit_cells[u][sdk_ctz(c)];
                    sdk_lg_add_cell(&lp->trial, cell);
                    for (uint64_t r = lg->cand[cell] & ~set; r; r &= r - 1)
                        sdk_lg_add_elim(&lp->trial, cell, sdk_ctz(r) + 1);
                }
                sdk_lg_loop_keep(lp, st, 3);
            }
        }
    }
}

/* The types of a closed loop. Type 1: one cell holds more than ab, so it is
 * not a or b. Type 2: the cells holding more share one extra digit x, which
 * goes in one of them and leaves the cells seeing them all. With two such
 * cells e and f sharing a unit, type 3 (above) and type 4: where a goes in
 * that unit only in e and f, one of them is a, so neither is b. */
static void sdk_lg_loop_types(sudoku_logic *lg, sdk_lg_loop *lp, sudoku_step *st)
{
    int base = sdk_lg_loop_score(lp->len), ex[SDK_LG_MAX_LOOP], ne = 0;
    if (base > lp->best) return;
    for (int i = 0; i < lp->len; i++)
        if (lg->cand[lp->cells[i]] & ~lp->ab) ex[ne++] = lp->cells[i];
    if (ne == 0) return; /* two solutions: not this technique's business */
    if (ne == 1) {
        sdk_lg_loop_begin(lp, &lp->trial, base);
        for (uint64_t m = lp->ab; m; m &= m - 1) sdk_lg_add_elim(&lp->trial, ex[0], sdk_ctz(m) + 1);
        sdk_lg_loop_keep(lp, st, 1);
        return;
    }
    if (sdk_popcount(lp->extra) == 1) {
        uint64_t common[SDK_LG_WORDS], peers[SDK_LG_WORDS];
        sdk_lg_peers(lg, ex[0], common);
        for (int k = 1; k < ne; k++) {
            sdk_lg_peers(lg, ex[k], peers);
            for (int w = 0; w < lg->words; w++) common[w] &= peers[w];
        }
        sdk_lg_loop_begin(lp, &lp->trial, base);
        lp->trial.digits |= lp->extra;
        sdk_lg_elim_set(lg, &lp->trial, common, sdk_ctz(lp->extra) + 1);
        sdk_lg_loop_keep(lp, st, 2);
    }
    if (ne != 2) return;
    int e = ex[0], f = ex[1], common[SDK_CELL_UNITS], ncommon = 0;
    for (int k = 0; k < lg->cell_nunits[e]; k++) {
        int u = lg->cell_units[e][k];
        if (sdk_lg_has(lg->unit_bits[u], f)) common[ncommon++] = u;
    }
    for (int k = 0; k < ncommon && base <= lp->best; k++) {
        int u = common[k];
        for (uint64_t m = lp->ab; m; m &= m - 1) {
            int a = sdk_ctz(m) + 1, b = sdk_ctz(lp->ab & ~sdk_bit(a)) + 1;
            if (sdk_lg_count2(lg, lg->dcells[a - 1], lg->unit_bits[u]) != 2) continue;
            sdk_lg_loop_begin(lp, &lp->trial, base);
            sdk_lg_add_unit(lg, &lp->trial, u);
            sdk_lg_add_elim(&lp->trial, e, b);
            sdk_lg_add_elim(&lp->trial, f, b);
            sdk_lg_loop_keep(lp, st, 4);
            break;
        }
    }
    if (sdk_popcount(lp->extra) < 2) return;
    sdk_lg_loop_type3(lg, lp, st, e, f, common, ncommon);
    sdk_lg_loop_type3_hidden(lg, lp, st, e, f, common, ncommon);
}

/* Adds cell c at the loop's end when every unit of c can take it (none
 * holds two loop cells, nor one at the same parity). */
static bool sdk_lg_loop_push(sudoku_logic *lg, sdk_lg_loop *lp, int c)
{
    int par = lp->len & 1;
    for (int k = 0; k < lg->cell_nunits[c]; k++) {
        int u = lg->cell_units[c][k];
        if (lp->count[u] == 2 || (lp->count[u] == 1 && lp->parity[u] == par)) return false;
    }
    for (int k = 0; k < lg->cell_nunits[c]; k++) {
        int u = lg->cell_units[c][k];
        if (lp->count[u]++ == 0) lp->parity[u] = (uint8_t)par;
    }
    lp->cells[lp->len++] = c;
    return true;
}

static void sdk_lg_loop_pop(sudoku_logic *lg, sdk_lg_loop *lp)
{
    int c = lp->cells[--lp->len];
    for (int k = 0; k < lg->cell_nunits[c]; k++) lp->count[lg->cell_units[c][k]]--;
}

/* True when every unit the loop touches holds two of its cells. */
static bool sdk_lg_loop_closed(const sudoku_logic *lg, const sdk_lg_loop *lp)
{
    for (int i = 0; i < lp->len; i++) {
        int c = lp->cells[i];
        for (int k = 0; k < lg->cell_nunits[c]; k++)
            if (lp->count[lg->cell_units[c][k]] != 2) return false;
    }
    return true;
}

/* Extends the loop from its last cell. Like SE, at most two cells may hold
 * digits beyond ab, unless all of them hold the same single one (type 2);
 * the first cell is the loop's lowest bivalue cell, so each loop is found
 * from one start only (in both directions). */
static void sdk_lg_loop_extend(sudoku_logic *lg, sdk_lg_loop *lp, sudoku_step *st)
{
    int start = lp->cells[0], last = lp->cells[lp->len - 1];
    uint64_t next[SDK_LG_WORDS];
    sdk_lg_peers(lg, last, next);
    for (uint64_t m = lp->ab; m; m &= m - 1)
        for (int w = 0; w < lg->words; w++) next[w] &= lg->dcells[sdk_ctz(m)][w];
    if (lp->len >= 4 && sdk_lg_has(next, start) && sdk_lg_loop_closed(lg, lp))
        sdk_lg_loop_types(lg, lp, st);
    if (lp->len == lp->max_len) return;
    for (int w = 0; w < lg->words; w++) {
        for (uint64_t b = next[w]; b; b &= b - 1) {
            int c = w * 64 + sdk_ctz(b);
            uint64_t x = lg->cand[c] & ~lp->ab;
            if (!x && c < start) continue;
            if (x && sdk_popcount(lp->extra | x) != 1 && lp->nextra >= 2) continue;
            uint64_t extra = lp->extra;
            if (!sdk_lg_loop_push(lg, lp, c)) continue;
            lp->extra |= x;
            lp->nextra += x != 0;
            sdk_lg_loop_extend(lg, lp, st);
            lp->nextra -= x != 0;
            lp->extra = extra;
            sdk_lg_loop_pop(lg, lp);
        }
    }
}

/* Unique rectangles and loops from every bivalue cell: the easiest step of
 * all, as SE sorts its hints. Loops longer than a rectangle only where
 * chains run (the search grows with the grid). */
bool sdk_lg_unique_loops(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    sdk_lg_loop loop, *lp = &loop; /* on the stack: the engine keeps no globals */
    memset(lp->count, 0, sizeof(lp->count));
    lp->best = 1000;
    lp->best_type = 0;
    lp->max_len = lg->n <= SDK_CHAIN_MAX_SIZE ? 2 * lg->n : 4;
    for (int c = 0; c < lg->ncells; c++) {
        if (sdk_popcount(lg->cand[c]) != 2) continue;
        lp->ab = lg->cand[c];
        lp->len = lp->nextra = 0;
        lp->extra = 0;
        sdk_lg_loop_push(lg, lp, c);
        sdk_lg_loop_extend(lg, lp, st);
        sdk_lg_loop_pop(lg, lp);
    }
    return lp->best < 1000;
}

/* BUG type 3 (5.8 and up): the breaking cells share a unit, and one of them
 * holds one of their extra digits x; with k-1 other cells of the unit that
 * hold only k digits, x among them, that is a naked set: its digits leave
 * the unit's other cells. Like SE, the smallest set first, then boxes, rows
 * and columns; SE scores 5.7 plus 0.1 a digit beyond the first. */
static bool sdk_lg_bug_type3(sudoku_logic *lg, sudoku_step *st, const int *bug, int nbug,
                             uint64_t all_extra)
{
    static const sudoku_unit_kind order[] = {SUDOKU_UNIT_BOX, SUDOKU_UNIT_ROW, SUDOKU_UNIT_COLUMN};
    for (int degree = 2; degree <= 6; degree++) {
        for (int o = 0; o < 3; o++) {
            int u = -1;
            for (int k = 0; k < lg->cell_nunits[bug[0]] && u < 0; k++)
                if (sdk_lg_kind(lg, lg->cell_units[bug[0]][k]) == order[o])
                    u = lg->cell_units[bug[0]][k];
            bool shared = u >= 0;
            for (int b = 1; b < nbug && shared; b++) shared = sdk_lg_has(lg->unit_bits[u], bug[b]);
            if (!shared) continue;
            int cells[SUDOKU_MAX_SIZE], nc = 0;
            for (int i = 0; i < lg->n; i++) {
                int c = lg->unit_cells[u][i];
                bool is_bug = false;
                for (int b = 0; b < nbug; b++) is_bug |= bug[b] == c;
                if (!lg->value[c] && !is_bug && sdk_popcount(lg->cand[c]) <= degree)
                    cells[nc++] = c;
            }
            int lim = nc < 12 ? nc : 12;
            for (int mask = 1; mask < (1 << lim); mask++) {
                if (__builtin_popcount((unsigned)mask) != degree - 1) continue;
                uint64_t set = 0;
                for (int i = 0; i < lim; i++)
                    if (mask >> i & 1) set |= lg->cand[cells[i]];
                if (sdk_popcount(set) != degree || (all_extra & ~set)) continue;
                sdk_lg_step_begin(st, SUDOKU_TECH_BUG, 57 + degree - 1);
                st->digits = set;
                for (int b = 0; b < nbug; b++) sdk_lg_add_cell(st, bug[b]);
                for (int i = 0; i < lim; i++)
                    if (mask >> i & 1) sdk_lg_add_cell(st, cells[i]);
                sdk_lg_add_unit(lg, st, u);
                for (int i = 0; i < lg->n; i++) {
                    int c = lg->unit_cells[u][i];
                    bool in = false;
                    for (int b = 0; b < nbug; b++) in |= bug[b] == c;
                    for (int j = 0; j < lim; j++) in |= (mask >> j & 1) && cells[j] == c;
                    if (in || lg->value[c]) continue;
                    for (uint64_t m = lg->cand[c] & set; m; m &= m - 1)
                        sdk_lg_add_elim(st, c, sdk_ctz(m) + 1);
                }
                if (st->neliminations) return true;
            }
        }
    }
    return false;
}

/* BUG type 4 (5.7): two breaking cells share a unit and, past their extra
 * digits, one digit v; without the extras v would have only those two places
 * in the unit, so one of them holds v and the other its extra digit: neither
 * can hold the digit it has beside v and its extras. SE tries boxes, then
 * rows, then columns. */
static bool sdk_lg_bug_type4(sudoku_logic *lg, sudoku_step *st, const int *bug,
                             const uint64_t *extra, uint64_t all_extra)
{
    static const sudoku_unit_kind order[] = {SUDOKU_UNIT_BOX, SUDOKU_UNIT_ROW, SUDOKU_UNIT_COLUMN};
    uint64_t common = lg->cand[bug[0]] & lg->cand[bug[1]] & ~all_extra;
    if (sdk_popcount(common) != 1) return false;
    for (int o = 0; o < 3; o++) {
        for (int k = 0; k < lg->cell_nunits[bug[0]]; k++) {
            int u = lg->cell_units[bug[0]][k];
            if (sdk_lg_kind(lg, u) != order[o] || !sdk_lg_has(lg->unit_bits[u], bug[1])) continue;
            sdk_lg_step_begin(st, SUDOKU_TECH_BUG, sudoku_technique_score(SUDOKU_TECH_BUG) + 1);
            st->digits = common;
            for (int b = 0; b < 2; b++) {
                sdk_lg_add_cell(st, bug[b]);
                for (uint64_t m = lg->cand[bug[b]] & ~extra[b] & ~common; m; m &= m - 1)
                    sdk_lg_add_elim(st, bug[b], sdk_ctz(m) + 1);
            }
            sdk_lg_add_unit(lg, st, u);
            return st->neliminations > 0;
        }
    }
    return false;
}

/* BUG: finds the cells that break a bivalue universal grave and the digits
 * that break it there ("extra" digits), as Sudoku Explainer does: every unit
 * where a digit has neither 0 nor 2 places must have exactly one cell with
 * three or more candidates among them, which takes that digit as an extra.
 * Without the extras every unsolved cell must be bivalue and every unit hold
 * each digit 0 or 2 times. Type 1 (one such cell, 5.6): it is its extra
 * digit. Type 2 (several, all with the same single extra, 5.7): that digit
 * leaves every cell seeing them all; when it leaves none, and for two cells
 * with different extras, type 4 (sdk_lg_bug_type4); otherwise type 3
 * (sdk_lg_bug_type3). SE's order. */
bool sdk_lg_bug(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    static const int max_bug = 8; /* more breaking cells than this is no BUG worth the name */
    int bug[8], nbug = 0;
    uint64_t extra[8] = {0}, all_extra = 0;
    for (int c = 0; c < lg->ncells; c++) {
        int pc = sdk_popcount(lg->cand[c]);
        if (!lg->value[c] && pc < 2) return false;
    }
    for (int u = 0; u < lg->nunits; u++) {
        const uint64_t *pos = sdk_lg_unit_positions(lg, u);
        for (int d = 1; d <= lg->n; d++) {
            int pc = sdk_popcount(pos[d - 1]);
            if (pc == 0 || pc == 2) continue;
            int found = -1, nfound = 0;
            for (uint64_t m = pos[d - 1]; m; m &= m - 1) {
                int c = lg->unit_cells[u][sdk_ctz(m)];
                if (sdk_popcount(lg->cand[c]) >= 3) found = c, nfound++;
            }
            if (nfound == 0) return false;
            if (nfound > 1) continue;
            int k = 0;
            while (k < nbug && bug[k] != found) k++;
            if (k == nbug) {
                if (nbug == max_bug) return false;
                bug[nbug++] = found;
            }
            extra[k] |= sdk_bit(d);
            all_extra |= sdk_bit(d);
        }
    }
    if (nbug == 0) return false;
    /* Without the extras: all bivalue, every digit 0 or 2 times in every unit. */
    for (int c = 0; c < lg->ncells; c++) {
        if (lg->value[c]) continue;
        uint64_t m = lg->cand[c];
        for (int k = 0; k < nbug; k++)
            if (bug[k] == c) m &= ~extra[k];
        if (sdk_popcount(m) != 2) return false;
    }
    for (int u = 0; u < lg->nunits; u++) {
        const uint64_t *pos = sdk_lg_unit_positions(lg, u);
        for (int d = 1; d <= lg->n; d++) {
            int pc = sdk_popcount(pos[d - 1]);
            for (int k = 0; k < nbug; k++) {
                if ((extra[k] & sdk_bit(d)) && sdk_lg_has(lg->unit_bits[u], bug[k])) pc--;
            }
            if (pc != 0 && pc != 2) return false;
        }
    }
    if (nbug == 1) {
        if (sdk_popcount(extra[0]) != 1) return false;
        sdk_lg_step_begin(st, SUDOKU_TECH_BUG, sudoku_technique_score(SUDOKU_TECH_BUG));
        st->digits = extra[0];
        sdk_lg_add_cell(st, bug[0]);
        sdk_lg_add_place(st, bug[0], sdk_ctz(extra[0]) + 1);
        return true;
    }
    if (sdk_popcount(all_extra) != 1) {
        if (nbug == 2 && sdk_lg_bug_type4(lg, st, bug, extra, all_extra)) return true;
        return sdk_lg_bug_type3(lg, st, bug, nbug, all_extra);
    }
    uint64_t common[SDK_LG_WORDS], peers[SDK_LG_WORDS];
    sdk_lg_peers(lg, bug[0], common);
    for (int k = 1; k < nbug; k++) {
        sdk_lg_peers(lg, bug[k], peers);
        for (int w = 0; w < lg->words; w++) common[w] &= peers[w];
    }
    int x = sdk_ctz(all_extra) + 1;
    sdk_lg_step_begin(st, SUDOKU_TECH_BUG, sudoku_technique_score(SUDOKU_TECH_BUG) + 1);
    st->digits = all_extra;
    for (int k = 0; k < nbug; k++) sdk_lg_add_cell(st, bug[k]);
    if (sdk_lg_elim_set(lg, st, common, x) > 0) return true;
    return nbug == 2 && sdk_lg_bug_type4(lg, st, bug, extra, all_extra);
}

/* A rectangle names its four corners; a loop all its cells, then those of a
 * type 3's naked set. */
bool sdk_lg_say_unique_loop(sdk_lg_text *t, const sudoku_step *st)
{
    bool rectangle = st->technique == SUDOKU_TECH_UNIQUE_RECTANGLE;
    sdk_lg_put(t, "unique %s ", rectangle ? "rectangle" : "loop");
    sdk_lg_put_cells(t, st->cells, rectangle && st->ncells > 4 ? 4 : st->ncells);
    sdk_lg_put(t, " on ");
    sdk_lg_put_digits(t, st->digits);
    sdk_lg_put(t, ": leaving it whole would give the puzzle two solutions");
    return false;
}

bool sdk_lg_say_bug(sdk_lg_text *t, const sudoku_step *st)
{
    if (st->nunits && sdk_popcount(st->digits) == 1) {
        /* Type 4: the two breaking cells and the digit they share. */
        sdk_lg_put(t, "bivalue universal grave: one of ");
        sdk_lg_put_cells(t, st->cells, st->ncells);
        sdk_lg_put(t, " holds a digit beyond two and the other holds ");
        sdk_lg_put_digit(t, sdk_lg_step_digit(st));
        sdk_lg_put(t, ", as without those digits it has only these two places in ");
        sdk_lg_put_unit(t, st->units[0]);
        return false;
    }
    if (st->nunits) {
        /* Type 3: the breaking cells, then the naked set's other cells. */
        int others = sdk_popcount(st->digits) - 1;
        sdk_lg_put(t, "bivalue universal grave: one of ");
        sdk_lg_put_cells(t, st->cells, st->ncells - others);
        sdk_lg_put(t, " holds a digit beyond two, which with ");
        sdk_lg_put_cells(t, st->cells + st->ncells - others, others);
        sdk_lg_put(t, " makes a naked set of ");
        sdk_lg_put_digits(t, st->digits);
        sdk_lg_put(t, " in ");
        sdk_lg_put_unit(t, st->units[0]);
        return false;
    }
    sdk_lg_put(t, "bivalue universal grave: without ");
    sdk_lg_put_digit(t, sdk_lg_step_digit(st));
    sdk_lg_put(t, " in ");
    sdk_lg_put_cells(t, st->cells, st->ncells);
    sdk_lg_put(t, " every cell would hold two candidates and the puzzle two solutions");
    return false;
}
