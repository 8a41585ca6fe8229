/* wings.c -- XY-Wing (4.2) and XYZ-Wing (4.4).
 *
 * A pivot sees two bivalue pincers; whichever digit the pivot takes, one
 * pincer becomes z, so z leaves every cell that sees both pincers (and the
 * pivot too, for XYZ where the pivot itself may be z). "Sees" is sharing any
 * unit, so diagonals and jigsaw regions count.
 */
#include <stdio.h>
#include <string.h>

#include "solver/logic/logic_int.h"

/* Eliminates z from the unsolved cells seeing a, b (and c when c >= 0). */
static bool sdk_lg_wing_step(sudoku_logic *lg, sudoku_step *st, sudoku_technique t, int pivot,
                             int a, int b, int z, bool xyz)
{
    uint64_t pa[SDK_LG_WORDS], pb[SDK_LG_WORDS], pc[SDK_LG_WORDS];
    sdk_lg_peers(lg, a, pa);
    sdk_lg_peers(lg, b, pb);
    if (xyz) sdk_lg_peers(lg, pivot, pc);
    bool any = false;
    for (int w = 0; w < lg->words; w++) {
        pa[w] &= pb[w] & lg->dcells[z - 1][w] & (xyz ? pc[w] : ~UINT64_C(0));
        any |= pa[w] != 0;
    }
    pa[pivot >> 6] &= ~(UINT64_C(1) << (pivot & 63));
    if (!any) return false;
    sdk_lg_step_begin(st, t, sudoku_technique_score(t));
    st->digits = lg->cand[pivot] | lg->cand[a] | lg->cand[b];
    sdk_lg_add_cell(st, pivot);
    sdk_lg_add_cell(st, a);
    sdk_lg_add_cell(st, b);
    return sdk_lg_elim_set(lg, st, pa, z) > 0;
}

static bool sdk_lg_wing(sudoku_logic *lg, sudoku_step *st, bool xyz)
{
    sudoku_technique t = xyz ? SUDOKU_TECH_XYZ_WING : SUDOKU_TECH_XY_WING;
    uint64_t peers[SDK_LG_WORDS];
    for (int p = 0; p < lg->ncells; p++) {
        uint64_t pm = lg->cand[p];
        if (sdk_popcount(pm) != (xyz ? 3 : 2)) continue;
        sdk_lg_peers(lg, p, peers);
        /* Pincers: bivalue peers sharing exactly one digit with the pivot (XY)
         * or holding two of its three (XYZ). */
        int pin[3 * SUDOKU_MAX_SIZE], npin = 0;
        for (int w = 0; w < lg->words; w++) {
            for (uint64_t m = peers[w]; m && npin < 3 * SUDOKU_MAX_SIZE; m &= m - 1) {
                int q = w * 64 + sdk_ctz(m);
                uint64_t qm = lg->cand[q];
                if (sdk_popcount(qm) != 2) continue;
                if (xyz ? (qm & pm) == qm : sdk_popcount(qm & pm) == 1) pin[npin++] = q;
            }
        }
        for (int i = 0; i < npin; i++) {
            for (int j = i + 1; j < npin; j++) {
                uint64_t a = lg->cand[pin[i]], b = lg->cand[pin[j]];
                uint64_t zm = a & b;
                if (sdk_popcount(zm) != 1 || a == b) continue;
                if (xyz) {
                    if ((a | b) != pm) continue;
                } else {
                    /* {x,z} and {y,z} with pivot {x,y}: z outside the pivot. */
                    if (zm & pm || ((a | b) & pm) != pm) continue;
                }
                if (sdk_lg_wing_step(lg, st, t, p, pin[i], pin[j], sdk_ctz(zm) + 1, xyz))
                    return true;
            }
        }
    }
    return false;
}

bool sdk_lg_xy_wing(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    return sdk_lg_wing(lg, st, false);
}

bool sdk_lg_xyz_wing(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    return sdk_lg_wing(lg, st, true);
}

bool sdk_lg_say_wing(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "%s: pivot ", st->technique == SUDOKU_TECH_XY_WING ? "XY-Wing" : "XYZ-Wing");
    sdk_lg_put_cell(t, st->cells[0]);
    sdk_lg_put(t, " with pincers ");
    sdk_lg_put_cells(t, st->cells + 1, 2);
    sdk_lg_put(t, ": one of them holds ");
    sdk_lg_put_digit(t, st->neliminations ? st->eliminations[0].digit : 0);
    return false;
}

/* ---- WXYZ- and VWXYZ-Wings ------------------------------------------------------------
 *
 * Sukaku Explainer's generalised wings: m mutually visible cells holding m+1
 * digits between them (an almost locked set) and a bivalue cell {x,z} that
 * sees every one of them holding x. If the bivalue cell is x, the set loses
 * x and locks its other m digits, z among them; so z is in the bivalue cell
 * or in the set, and it leaves every cell that sees all of those z (and,
 * doubly linked, every digit of the m+1 cells leaves what sees all its
 * places: see sdk_lg_als_wing_found). Rated
 * 5.5-5.6 (m = 3) and 6.2-6.4 (m = 4) by the largest cell of the set, as
 * Sukaku Explainer does. (Its UVWXYZ-Wing, m = 5, is left out: it came
 * after the version that rated the Sudoku Exchange bank.) */

typedef struct sdk_lg_als {
    int m, cells[4], ncells;
    uint64_t digits;
    int best, best_elims; /* the step kept: its score and removals */
    char best_suffix[40]; /* and its SE suffix (sdk_lg_als_wing_found) */
} sdk_lg_als;

static int sdk_lg_als_score(int m, int biggest)
{
    int d = biggest > 3 ? biggest - 3 : 3 - biggest;
    return m == 3 ? 55 + (1 - d) : 62 + (2 - d);
}

/* Whether bivalue cell yz sees every cell of the set holding x. */
static bool sdk_lg_als_restricted(sudoku_logic *lg, const sdk_lg_als *a, int yz, int x)
{
    uint64_t peers[SDK_LG_WORDS];
    for (int i = 0; i < a->ncells; i++) {
        if (!(lg->cand[a->cells[i]] & sdk_bit(x))) continue;
        sdk_lg_peers(lg, a->cells[i], peers);
        if (!sdk_lg_has(peers, yz)) return false;
    }
    return true;
}

/* Removes z from the cells outside the set and yz that see every cell of
 * the set holding z, and yz too when with_yz. Returns how many. */
static int sdk_lg_als_elim(sudoku_logic *lg, sudoku_step *st, const sdk_lg_als *a, int yz, int z,
                           bool with_yz)
{
    uint64_t seen_all[SDK_LG_WORDS], peers[SDK_LG_WORDS];
    if (with_yz)
        sdk_lg_peers(lg, yz, seen_all);
    else
        memset(seen_all, 0xff, sizeof(seen_all));
    for (int i = 0; i < a->ncells; i++) {
        if (!(lg->cand[a->cells[i]] & sdk_bit(z))) continue;
        sdk_lg_peers(lg, a->cells[i], peers);
        for (int v = 0; v < lg->words; v++) seen_all[v] &= peers[v];
    }
    for (int i = 0; i < a->ncells; i++)
        seen_all[a->cells[i] >> 6] &= ~(UINT64_C(1) << (a->cells[i] & 63));
    seen_all[yz >> 6] &= ~(UINT64_C(1) << (yz & 63));
    return sdk_lg_elim_set(lg, st, seen_all, z);
}

/* Tries every bivalue cell against the full set a; keeps the best step, as
 * Sukaku Explainer sorts its wings: the lowest score, then the most
 * removals, then the greatest suffix, a string: 2 when doubly linked else 1,
 * the largest cell's candidates, then all the set's candidates (compared as
 * text, as SE does). When the bivalue cell sees every place of both its
 * digits in the set (Sukaku Explainer's doubly linked wing, rated the same),
 * the cells lock their digits: each leaves every cell that sees all its
 * places. */
static bool sdk_lg_als_wing_found(sudoku_logic *lg, sudoku_step *st, sdk_lg_als *a)
{
    int biggest = 0, size = 0;
    uint64_t peers[SDK_LG_WORDS], any[SDK_LG_WORDS] = {0};
    for (int i = 0; i < a->ncells; i++) {
        int pc = sdk_popcount(lg->cand[a->cells[i]]);
        if (pc > biggest) biggest = pc;
        size += pc;
        sdk_lg_peers(lg, a->cells[i], peers);
        for (int w = 0; w < lg->words; w++) any[w] |= peers[w];
    }
    int score = sdk_lg_als_score(a->m, biggest);
    if (score > a->best) return false;
    bool found = false;
    sudoku_technique t = a->m == 3 ? SUDOKU_TECH_WXYZ_WING : SUDOKU_TECH_VWXYZ_WING;
    sudoku_step trial; /* on the stack: the engine keeps no globals */
    for (int w = 0; w < lg->words; w++) {
        for (uint64_t mm = any[w]; mm; mm &= mm - 1) {
            int yz = w * 64 + sdk_ctz(mm);
            uint64_t c = lg->cand[yz];
            if (sdk_popcount(c) != 2 || (c & ~a->digits)) continue;
            bool in = false;
            for (int i = 0; i < a->ncells; i++) in |= a->cells[i] == yz;
            if (in) continue;
            int lo = sdk_ctz(c) + 1, hi = 63 - __builtin_clzll(c) + 1;
            bool rlo = sdk_lg_als_restricted(lg, a, yz, lo);
            bool rhi = sdk_lg_als_restricted(lg, a, yz, hi);
            if (!rlo && !rhi) continue;
            bool locked = rlo && rhi;
            sdk_lg_step_begin(&trial, t, score);
            trial.digits = a->digits;
            int added = rlo ? sdk_lg_als_elim(lg, &trial, a, yz, hi, true) : 0;
            if (rhi && (locked || !added)) added += sdk_lg_als_elim(lg, &trial, a, yz, lo, true);
            for (uint64_t ws = locked ? a->digits & ~c : 0; ws; ws &= ws - 1)
                added += sdk_lg_als_elim(lg, &trial, a, yz, sdk_ctz(ws) + 1, false);
            if (!added) continue;
            char suffix[40];
            snprintf(suffix, sizeof(suffix), "%d%d%d", rlo && rhi ? 2 : 1, biggest, size);
            if (score == a->best &&
                (added < a->best_elims ||
                 (added == a->best_elims && strcmp(suffix, a->best_suffix) <= 0)))
                continue;
            for (int i = 0; i < a->ncells; i++) sdk_lg_add_cell(&trial, a->cells[i]);
            sdk_lg_add_cell(&trial, yz);
            *st = trial;
            a->best = score;
            a->best_elims = added;
            memcpy(a->best_suffix, suffix, sizeof(suffix));
            found = true;
        }
    }
    return found;
}

/* True when cells a and b share a unit. */
static bool sdk_lg_sees(const sudoku_logic *lg, int a, int b)
{
    for (int k = 0; k < lg->cell_nunits[a]; k++) {
        if (sdk_lg_has(lg->unit_bits[lg->cell_units[a][k]], b)) return true;
    }
    return false;
}

/* Grows mutually visible sets of cells (ascending) with at most m+1 digits. */
static bool sdk_lg_als_grow(sudoku_logic *lg, sudoku_step *st, sdk_lg_als *a, int from)
{
    if (a->ncells == a->m)
        return sdk_popcount(a->digits) == a->m + 1 && sdk_lg_als_wing_found(lg, st, a);
    bool found = false;
    for (int c = from; c < lg->ncells; c++) {
        int pc = sdk_popcount(lg->cand[c]);
        if (pc < 2 || pc > a->m + 1) continue;
        uint64_t digits = a->digits | lg->cand[c];
        if (sdk_popcount(digits) > a->m + 1) continue;
        bool sees = true;
        for (int i = 0; i < a->ncells && sees; i++) sees = sdk_lg_sees(lg, c, a->cells[i]);
        if (!sees) continue;
        uint64_t saved = a->digits;
        a->cells[a->ncells++] = c;
        a->digits = digits;
        found |= sdk_lg_als_grow(lg, st, a, c + 1);
        a->ncells--;
        a->digits = saved;
    }
    return found;
}

bool sdk_lg_als_wing(sudoku_logic *lg, sudoku_step *st, int m)
{
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    sdk_lg_als a = {.m = m, .best = 1000};
    return sdk_lg_als_grow(lg, st, &a, 0);
}

bool sdk_lg_say_als_wing(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "%s: ", st->technique == SUDOKU_TECH_WXYZ_WING ? "WXYZ-Wing" : "VWXYZ-Wing");
    sdk_lg_put_cells(t, st->cells, st->ncells - 1);
    sdk_lg_put(t, " hold one digit more than their count and the bivalue cell ");
    sdk_lg_put_cell(t, st->cells[st->ncells - 1]);
    uint64_t removed = 0;
    for (int i = 0; i < st->neliminations; i++) removed |= sdk_bit(st->eliminations[i].digit);
    if (sdk_popcount(removed) > 1) { /* doubly linked: only that removes two digits */
        sdk_lg_put(t, " sees every place of both its digits: the %s cells hold ",
                   st->ncells == 4 ? "four" : "five");
        sdk_lg_put_digits(t, st->digits);
        return false;
    }
    sdk_lg_put(t, " sees them: ");
    sdk_lg_put_digit(t, st->neliminations ? st->eliminations[0].digit : 0);
    sdk_lg_put(t, " is in one of them");
    return false;
}
