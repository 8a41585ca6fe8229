/* text.c -- the sentence of a step, in the r1c1 notation solvers use (1-based).
 *
 * Every step reads "<what was seen>: <what follows>", built from the step's
 * own lists (cells, units, digits, placements, eliminations), so the sentence
 * cannot say anything the step does not carry. Digits print as numbers,
 * whatever N is, like the JSON.
 */
#include <stdarg.h>
#include <stdio.h>

#include "solver/logic/logic_int.h"

typedef struct sdk_lg_text {
    char *out;
    size_t cap, len; /* len: what was wanted, may pass cap */
} sdk_lg_text;

__attribute__((format(printf, 2, 3))) static void sdk_lg_put(sdk_lg_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    int w = vsnprintf(room ? t->out + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (w > 0) t->len += (size_t)w;
}

static void sdk_lg_put_cell(sdk_lg_text *t, int n, int cell)
{
    sdk_lg_put(t, "r%dc%d", cell / n + 1, cell % n + 1);
}

static void sdk_lg_put_unit(sdk_lg_text *t, const sudoku_puzzle *p, sudoku_unit_ref u)
{
    switch (u.kind) {
    case SUDOKU_UNIT_ROW:
        sdk_lg_put(t, "row %d", u.index + 1);
        break;
    case SUDOKU_UNIT_COLUMN:
        sdk_lg_put(t, "column %d", u.index + 1);
        break;
    case SUDOKU_UNIT_BOX:
        sdk_lg_put(t, "%s %d", p->has_regions ? "region" : "box", u.index + 1);
        break;
    case SUDOKU_UNIT_DIAGONAL:
        sdk_lg_put(t, "%s", u.index == 0 ? "the main diagonal" : "the anti-diagonal");
        break;
    }
}

static void sdk_lg_put_digits(sdk_lg_text *t, uint64_t digits)
{
    int k = sdk_popcount(digits), i = 0;
    for (uint64_t m = digits; m; m &= m - 1, i++)
        sdk_lg_put(t, "%s%d", i == 0 ? "" : i + 1 == k ? " and " : ", ", sdk_ctz(m) + 1);
}

static void sdk_lg_put_cells(sdk_lg_text *t, int n, const uint16_t *cells, int k)
{
    for (int i = 0; i < k; i++) {
        if (i) sdk_lg_put(t, i + 1 == k ? " and " : ", ");
        sdk_lg_put_cell(t, n, cells[i]);
    }
}

/* "removes 3 from r1c7 and r1c8, 7 from r1c9": eliminations grouped by digit. */
static void sdk_lg_put_eliminations(sdk_lg_text *t, int n, const sudoku_step *st)
{
    uint64_t digits = 0;
    for (int i = 0; i < st->neliminations; i++) digits |= sdk_bit(st->eliminations[i].digit);
    sdk_lg_put(t, "removes ");
    const char *sep = "";
    for (uint64_t m = digits; m; m &= m - 1) {
        int d = sdk_ctz(m) + 1;
        sdk_lg_put(t, "%s%d from ", sep, d);
        const char *csep = "";
        for (int i = 0; i < st->neliminations; i++) {
            if (st->eliminations[i].digit != d) continue;
            sdk_lg_put(t, "%s", csep);
            sdk_lg_put_cell(t, n, st->eliminations[i].cell);
            csep = ", ";
        }
        sep = "; ";
    }
}

static const char *sdk_lg_set_name(int k)
{
    return k == 2 ? "pair" : k == 3 ? "triple" : "quad";
}

int sudoku_step_text(const sudoku_puzzle *p, const sudoku_step *st, char *out, size_t outlen)
{
    sdk_lg_text t = {out, outlen, 0};
    int n = p->size;
    int d = st->digits ? sdk_ctz(st->digits) + 1 : 0;
    if (outlen) out[0] = '\0';
    switch (st->technique) {
    case SUDOKU_TECH_FULL_HOUSE:
        sdk_lg_put_cell(&t, n, st->placements[0].cell);
        sdk_lg_put(&t, " = %d: the last empty cell of ", d);
        sdk_lg_put_unit(&t, p, st->units[0]);
        return (int)t.len;
    case SUDOKU_TECH_HIDDEN_SINGLE_BOX:
    case SUDOKU_TECH_HIDDEN_SINGLE_LINE:
        sdk_lg_put_cell(&t, n, st->placements[0].cell);
        sdk_lg_put(&t, " = %d: the only place for %d in ", d, d);
        sdk_lg_put_unit(&t, p, st->units[0]);
        return (int)t.len;
    case SUDOKU_TECH_NAKED_SINGLE:
        sdk_lg_put_cell(&t, n, st->placements[0].cell);
        sdk_lg_put(&t, " = %d: the only digit left for ", d);
        sdk_lg_put_cell(&t, n, st->placements[0].cell);
        return (int)t.len;
    case SUDOKU_TECH_DIRECT_POINTING:
    case SUDOKU_TECH_DIRECT_CLAIMING:
    case SUDOKU_TECH_POINTING:
    case SUDOKU_TECH_CLAIMING:
        sdk_lg_put(&t, "%s: in ",
                   st->technique == SUDOKU_TECH_POINTING ||
                           st->technique == SUDOKU_TECH_DIRECT_POINTING
                       ? "pointing"
                       : "claiming");
        sdk_lg_put_unit(&t, p, st->units[0]);
        sdk_lg_put(&t, ", %d can only go in ", d);
        sdk_lg_put_unit(&t, p, st->units[1]);
        break;
    case SUDOKU_TECH_NAKED_PAIR:
    case SUDOKU_TECH_NAKED_TRIPLE:
    case SUDOKU_TECH_NAKED_QUAD:
        sdk_lg_put(&t, "naked %s: ", sdk_lg_set_name(st->ncells));
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        sdk_lg_put(&t, " hold only ");
        sdk_lg_put_digits(&t, st->digits);
        sdk_lg_put(&t, " in ");
        sdk_lg_put_unit(&t, p, st->units[0]);
        break;
    case SUDOKU_TECH_DIRECT_HIDDEN_PAIR:
    case SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE:
    case SUDOKU_TECH_HIDDEN_PAIR:
    case SUDOKU_TECH_HIDDEN_TRIPLE:
    case SUDOKU_TECH_HIDDEN_QUAD:
        sdk_lg_put(&t, "hidden %s: in ", sdk_lg_set_name(st->ncells));
        sdk_lg_put_unit(&t, p, st->units[0]);
        sdk_lg_put(&t, ", ");
        sdk_lg_put_digits(&t, st->digits);
        sdk_lg_put(&t, " go only in ");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        break;
    case SUDOKU_TECH_X_WING:
    case SUDOKU_TECH_SWORDFISH:
    case SUDOKU_TECH_JELLYFISH: {
        int k = st->nunits / 2;
        sdk_lg_put(&t, "%s on %d: in ",
                   st->technique == SUDOKU_TECH_X_WING      ? "X-Wing"
                   : st->technique == SUDOKU_TECH_SWORDFISH ? "Swordfish"
                                                            : "Jellyfish",
                   d);
        for (int i = 0; i < k; i++) {
            if (i) sdk_lg_put(&t, i + 1 == k ? " and " : ", ");
            sdk_lg_put_unit(&t, p, st->units[i]);
        }
        sdk_lg_put(&t, " it can only go in ");
        for (int i = k; i < st->nunits; i++) {
            if (i > k) sdk_lg_put(&t, i + 1 == st->nunits ? " and " : ", ");
            sdk_lg_put_unit(&t, p, st->units[i]);
        }
        break;
    }
    case SUDOKU_TECH_XY_WING:
    case SUDOKU_TECH_XYZ_WING:
        sdk_lg_put(&t, "%s: pivot ", st->technique == SUDOKU_TECH_XY_WING ? "XY-Wing" : "XYZ-Wing");
        sdk_lg_put_cell(&t, n, st->cells[0]);
        sdk_lg_put(&t, " with pincers ");
        sdk_lg_put_cells(&t, n, st->cells + 1, 2);
        sdk_lg_put(&t, ": one of them holds %d", st->neliminations ? st->eliminations[0].digit : 0);
        break;
    case SUDOKU_TECH_UNIQUE_RECTANGLE:
        sdk_lg_put(&t, "unique rectangle ");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells < 4 ? st->ncells : 4);
        sdk_lg_put(&t, " on ");
        sdk_lg_put_digits(&t, st->digits);
        sdk_lg_put(&t, ": leaving it whole would give the puzzle two solutions");
        break;
    case SUDOKU_TECH_UNIQUE_LOOP:
        /* The loop's cells, then those of a type 3's naked set. */
        sdk_lg_put(&t, "unique loop ");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        sdk_lg_put(&t, " on ");
        sdk_lg_put_digits(&t, st->digits);
        sdk_lg_put(&t, ": leaving it whole would give the puzzle two solutions");
        break;
    case SUDOKU_TECH_BUG:
        if (st->nunits) {
            /* Type 3: the breaking cells, then the naked set's other cells. */
            int others = __builtin_popcountll(st->digits) - 1;
            sdk_lg_put(&t, "bivalue universal grave: one of ");
            sdk_lg_put_cells(&t, n, st->cells, st->ncells - others);
            sdk_lg_put(&t, " holds a digit beyond two, which with ");
            sdk_lg_put_cells(&t, n, st->cells + st->ncells - others, others);
            sdk_lg_put(&t, " makes a naked set of ");
            sdk_lg_put_digits(&t, st->digits);
            sdk_lg_put(&t, " in ");
            sdk_lg_put_unit(&t, p, st->units[0]);
            break;
        }
        sdk_lg_put(&t, "bivalue universal grave: without %d in ", d);
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        sdk_lg_put(&t, " every cell would hold two candidates and the puzzle two solutions");
        break;
    case SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION:
        sdk_lg_put(&t, "aligned pair exclusion: no pair of digits for ");
        sdk_lg_put_cells(&t, n, st->cells, 2);
        sdk_lg_put(&t, " that the bivalue cells ");
        sdk_lg_put_cells(&t, n, st->cells + 2, st->ncells - 2);
        sdk_lg_put(&t, " allow uses the digits removed");
        break;
    case SUDOKU_TECH_X_CHAIN:
    case SUDOKU_TECH_XY_CHAIN:
        sdk_lg_put(&t, "%s: assuming the opposite at ",
                   st->technique == SUDOKU_TECH_X_CHAIN ? "forcing X-chain on one digit"
                                                        : "forcing chain");
        sdk_lg_put_cell(&t, n, st->nplacements ? st->placements[0].cell : st->eliminations[0].cell);
        sdk_lg_put(&t, " contradicts itself along ");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        break;
    case SUDOKU_TECH_WXYZ_WING:
    case SUDOKU_TECH_VWXYZ_WING:
        sdk_lg_put(&t, "%s: ", st->technique == SUDOKU_TECH_WXYZ_WING ? "WXYZ-Wing" : "VWXYZ-Wing");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells - 1);
        sdk_lg_put(&t, " hold one digit more than their count and the bivalue cell ");
        sdk_lg_put_cell(&t, n, st->cells[st->ncells - 1]);
        sdk_lg_put(&t, " sees them: %d is in one of them",
                   st->neliminations ? st->eliminations[0].digit : 0);
        break;
    case SUDOKU_TECH_TURBOT_FISH:
    case SUDOKU_TECH_STRONG_LINKS:
        sdk_lg_put(&t, "%d strong links on %d: ", st->nunits, d);
        for (int i = 0; i < st->nunits; i++) {
            if (i) sdk_lg_put(&t, ", ");
            sdk_lg_put_unit(&t, p, st->units[i]);
        }
        sdk_lg_put(&t, "; one end of the chain ");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        sdk_lg_put(&t, " holds %d", d);
        break;
    case SUDOKU_TECH_CYCLE:
        sdk_lg_put(&t, "cycle through ");
        sdk_lg_put_cells(&t, n, st->cells, st->ncells);
        sdk_lg_put(&t, ": one end of each of its weak links is true");
        break;
    case SUDOKU_TECH_NISHIO:
        sdk_lg_put(&t, "nishio: placing %d in ", d);
        sdk_lg_put_cell(&t, n, st->cells[0]);
        sdk_lg_put(&t, " leaves a unit with no place for %d", d);
        break;
    case SUDOKU_TECH_DYNAMIC_FORCING_CHAIN:
        if (st->nunits) {
            sdk_lg_put(&t, "dynamic forcing chains: every place of %d in ", d);
            sdk_lg_put_unit(&t, p, st->units[0]);
        } else if (st->ncells == 1 && st->nplacements) {
            sdk_lg_put(&t, "dynamic forcing chain: removing %d from ", d);
            sdk_lg_put_cell(&t, n, st->cells[0]);
            sdk_lg_put(&t, " and following the singles breaks the grid");
            break;
        } else {
            sdk_lg_put(&t, "dynamic forcing chains: every candidate of ");
            sdk_lg_put_cell(&t, n, st->cells[0]);
        }
        sdk_lg_put(&t, ", followed with singles, leads to the same result");
        break;
    case SUDOKU_TECH_FORCING_CHAIN:
        if (st->nunits) {
            sdk_lg_put(&t, "forcing chains: every place of %d in ", d);
            sdk_lg_put_unit(&t, p, st->units[0]);
        } else {
            sdk_lg_put(&t, "forcing chains: every candidate of ");
            sdk_lg_put_cell(&t, n, st->cells[0]);
        }
        sdk_lg_put(&t, " leads to the same result");
        break;
    default:
        sdk_lg_put(&t, "%s", sudoku_technique_str(st->technique));
        break;
    }
    if (st->neliminations) {
        sdk_lg_put(&t, ": ");
        sdk_lg_put_eliminations(&t, n, st);
    }
    for (int i = 0; i < st->nplacements; i++) {
        sdk_lg_put(&t, i ? ", " : st->neliminations ? "; so " : ": ");
        sdk_lg_put_cell(&t, n, st->placements[i].cell);
        sdk_lg_put(&t, " = %d", st->placements[i].digit);
    }
    return (int)t.len;
}
