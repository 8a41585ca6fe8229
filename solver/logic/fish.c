/* fish.c -- basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).
 *
 * When digit d's places in k rows all fall in the same k columns, d fills
 * those columns within those rows, so it leaves the rest of the columns (and
 * the same with rows and columns swapped). Rows and columns exist in every
 * shape, so this works for any N; boxes and diagonals take no part, as in
 * Sudoku Explainer. Like SE, d must still be missing from at least 2k lines.
 */
#include "solver/logic/logic_int.h"

static const sudoku_technique fish_tech[5] = {0, 0, SUDOKU_TECH_X_WING, SUDOKU_TECH_SWORDFISH,
                                              SUDOKU_TECH_JELLYFISH};

typedef struct sdk_lg_fish_ctx {
    int k, d, base; /* base 0: rows are the base lines; 1: columns */
    int nlines;
    int line[SUDOKU_MAX_SIZE];      /* base lines where d has 2..k places */
    uint64_t mask[SUDOKU_MAX_SIZE]; /* their places, as cross-line indices */
    int pick[4];
} sdk_lg_fish_ctx;

/* The cell on base line b at cross index x. */
static int sdk_lg_fish_cell(const sudoku_logic *lg, int base, int b, int x)
{
    return base == 0 ? b * lg->n + x : x * lg->n + b;
}

static bool sdk_lg_fish_found(sudoku_logic *lg, sudoku_step *st, sdk_lg_fish_ctx *f, uint64_t cover)
{
    sudoku_technique t = fish_tech[f->k];
    sdk_lg_step_begin(st, t, sudoku_technique_score(t));
    st->digits = sdk_bit(f->d);
    uint64_t bases = 0;
    for (int j = 0; j < f->k; j++) bases |= UINT64_C(1) << f->line[f->pick[j]];
    for (uint64_t m = cover; m; m &= m - 1) {
        int x = sdk_ctz(m);
        for (int b = 0; b < lg->n; b++) {
            int c = sdk_lg_fish_cell(lg, f->base, b, x);
            if (!(lg->cand[c] & sdk_bit(f->d))) continue;
            if (bases >> b & 1)
                sdk_lg_add_cell(st, c);
            else
                sdk_lg_add_elim(st, c, f->d);
        }
    }
    if (!st->neliminations) return false;
    for (int j = 0; j < f->k; j++) sdk_lg_add_unit(lg, st, f->base * lg->n + f->line[f->pick[j]]);
    for (uint64_t m = cover; m; m &= m - 1)
        sdk_lg_add_unit(lg, st, (1 - f->base) * lg->n + sdk_ctz(m));
    return true;
}

static bool sdk_lg_fish_choose(sudoku_logic *lg, sudoku_step *st, sdk_lg_fish_ctx *f, int depth,
                               int from, uint64_t acc)
{
    if (depth == f->k) return sdk_lg_fish_found(lg, st, f, acc);
    for (int i = from; i <= f->nlines - (f->k - depth); i++) {
        uint64_t next = acc | f->mask[i];
        if (sdk_popcount(next) > f->k) continue;
        f->pick[depth] = i;
        if (sdk_lg_fish_choose(lg, st, f, depth + 1, i + 1, next)) return true;
    }
    return false;
}

bool sdk_lg_fish(sudoku_logic *lg, sudoku_step *st, int degree)
{
    sdk_lg_fish_ctx f = {.k = degree};
    int n = lg->n;
    uint64_t *clean = lg->fish_clean[degree];
    for (int d = 1; d <= n; d++) {
        if (clean[d - 1] == lg->digit_stamp[d - 1]) continue;
        clean[d - 1] = lg->digit_stamp[d - 1];
        /* Lines still missing d: one per row with a place for it. */
        int missing = 0;
        for (int r = 0; r < n; r++) missing += sdk_lg_unit_positions(lg, r)[d - 1] != 0;
        if (missing < 2 * degree) continue;
        f.d = d;
        for (f.base = 0; f.base < 2; f.base++) {
            f.nlines = 0;
            for (int b = 0; b < n; b++) {
                /* a row's positions are column indices and a column's row indices */
                uint64_t m = sdk_lg_unit_positions(lg, f.base * n + b)[d - 1];
                int pc = sdk_popcount(m);
                if (pc < 2 || pc > degree) continue;
                f.line[f.nlines] = b;
                f.mask[f.nlines++] = m;
            }
            if (f.nlines >= degree && sdk_lg_fish_choose(lg, st, &f, 0, 0, 0)) {
                clean[d - 1] = 0; /* the step is found again until it is applied */
                return true;
            }
        }
    }
    return false;
}

bool sdk_lg_say_fish(sdk_lg_text *t, const sudoku_step *st)
{
    int k = st->nunits / 2;
    sdk_lg_put(t, "%s on ",
               st->technique == SUDOKU_TECH_X_WING      ? "X-Wing"
               : st->technique == SUDOKU_TECH_SWORDFISH ? "Swordfish"
                                                        : "Jellyfish");
    sdk_lg_put_digit(t, sdk_lg_step_digit(st));
    sdk_lg_put(t, ": in ");
    sdk_lg_put_units(t, st->units, k, " and ");
    sdk_lg_put(t, " it can only go in ");
    sdk_lg_put_units(t, st->units + k, st->nunits - k, " and ");
    return false;
}
