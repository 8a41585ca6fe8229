/* text.c -- the sentence of a step, in the r1c1 notation solvers use (1-based).
 *
 * Every step reads "<what was seen>: <what follows>". The first part is the
 * technique's own sentence, written beside its finder and found through the
 * ladder (ladder.c); the second, the eliminations and placements, is the
 * same for all and written here. Both are built from the step's own lists
 * (cells, units, digits, placements, eliminations), so the sentence cannot
 * say anything the step does not carry. The helpers below are what the
 * sentence writers put words with. Digits are written as the puzzle's
 * symbols (1-9, then A for 10, B for 11, ...), like the board; the JSON
 * lists keep them as numbers.
 */
#include <stdarg.h>
#include <stdio.h>

#include "solver/logic/logic_int.h"

void sdk_lg_put(sdk_lg_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    int w = vsnprintf(room ? t->out + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (w > 0) t->len += (size_t)w;
}

void sdk_lg_put_cell(sdk_lg_text *t, int cell)
{
    sdk_lg_put(t, "r%dc%d", cell / t->p->size + 1, cell % t->p->size + 1);
}

/* As the board shows it: 10 and up are letters (A = 10) on grids the text
 * form can write, numbers beyond. */
void sdk_lg_put_digit(sdk_lg_text *t, int d)
{
    if (t->p->size <= SUDOKU_MAX_TEXT_SIZE)
        sdk_lg_put(t, "%c", sdk_symbol(d));
    else
        sdk_lg_put(t, "%d", d);
}

void sdk_lg_put_placement(sdk_lg_text *t, int cell, int d)
{
    sdk_lg_put_cell(t, cell);
    sdk_lg_put(t, " = ");
    sdk_lg_put_digit(t, d);
}

void sdk_lg_put_unit(sdk_lg_text *t, sudoku_unit_ref u)
{
    switch (u.kind) {
    case SUDOKU_UNIT_ROW:
        sdk_lg_put(t, "row %d", u.index + 1);
        break;
    case SUDOKU_UNIT_COLUMN:
        sdk_lg_put(t, "column %d", u.index + 1);
        break;
    case SUDOKU_UNIT_BOX:
        sdk_lg_put(t, "%s %d", t->p->has_regions ? "region" : "box", u.index + 1);
        break;
    case SUDOKU_UNIT_DIAGONAL:
        sdk_lg_put(t, "%s", u.index == 0 ? "the main diagonal" : "the anti-diagonal");
        break;
    }
}

void sdk_lg_put_units(sdk_lg_text *t, const sudoku_unit_ref *units, int k, const char *last_sep)
{
    for (int i = 0; i < k; i++) {
        if (i) sdk_lg_put(t, "%s", i + 1 == k ? last_sep : ", ");
        sdk_lg_put_unit(t, units[i]);
    }
}

void sdk_lg_put_digits(sdk_lg_text *t, uint64_t digits)
{
    int k = sdk_popcount(digits), i = 0;
    for (uint64_t m = digits; m; m &= m - 1, i++) {
        if (i) sdk_lg_put(t, "%s", i + 1 == k ? " and " : ", ");
        sdk_lg_put_digit(t, sdk_ctz(m) + 1);
    }
}

void sdk_lg_put_cells(sdk_lg_text *t, const uint16_t *cells, int k)
{
    for (int i = 0; i < k; i++) {
        if (i) sdk_lg_put(t, i + 1 == k ? " and " : ", ");
        sdk_lg_put_cell(t, cells[i]);
    }
}

/* " (by pointing on that grid)": the rule of a nested chain's link, by its
 * key with spaces. */
static void sdk_lg_put_rule(sdk_lg_text *t, sudoku_technique rule)
{
    sdk_lg_put(t, " (by ");
    for (const char *k = sudoku_technique_str(rule); *k; k++)
        sdk_lg_put(t, "%c", *k == '_' ? ' ' : *k);
    sdk_lg_put(t, " on that grid)");
}

void sdk_lg_put_chains(sdk_lg_text *t, const sudoku_step *st, const char *sep)
{
    const sudoku_link *l = st->links;
    for (int c = 0; c < st->nchains; l += st->chain_shown[c++]) {
        int shown = st->chain_shown[c], len = st->chain_len[c];
        if (c) sdk_lg_put(t, "%s", sep);
        for (int i = 0; i < shown; i++) {
            if (i) sdk_lg_put(t, i + 1 == shown && len > shown ? " -> ... -> " : " -> ");
            sdk_lg_put_cell(t, l[i].cell);
            sdk_lg_put(t, l[i].on ? "=" : "<>");
            sdk_lg_put_digit(t, l[i].digit);
            if (l[i].rule) sdk_lg_put_rule(t, (sudoku_technique)(l[i].rule - 1));
        }
        if (len > shown) sdk_lg_put(t, " (%d links)", len - 1);
    }
}

const char *sdk_lg_set_name(int k)
{
    return k == 2 ? "pair" : k == 3 ? "triple" : "quad";
}

int sdk_lg_step_digit(const sudoku_step *st)
{
    return st->digits ? sdk_ctz(st->digits) + 1 : 0;
}

/* "removes 3 from r1c7 and r1c8, 7 from r1c9": eliminations grouped by digit. */
static void sdk_lg_put_eliminations(sdk_lg_text *t, const sudoku_step *st)
{
    uint64_t digits = 0;
    for (int i = 0; i < st->neliminations; i++) digits |= sdk_bit(st->eliminations[i].digit);
    sdk_lg_put(t, "removes ");
    const char *sep = "";
    for (uint64_t m = digits; m; m &= m - 1) {
        int d = sdk_ctz(m) + 1;
        sdk_lg_put(t, "%s", sep);
        sdk_lg_put_digit(t, d);
        sdk_lg_put(t, " from ");
        const char *csep = "";
        for (int i = 0; i < st->neliminations; i++) {
            if (st->eliminations[i].digit != d) continue;
            sdk_lg_put(t, "%s", csep);
            sdk_lg_put_cell(t, st->eliminations[i].cell);
            csep = ", ";
        }
        sep = "; ";
    }
}

int sudoku_step_text(const sudoku_puzzle *p, const sudoku_step *st, char *out, size_t outlen)
{
    sdk_lg_text t = {out, outlen, 0, p};
    if (outlen) out[0] = '\0';
    const sdk_lg_rung *rung = sdk_lg_rung_of(st->technique);
    if (rung == NULL)
        sdk_lg_put(&t, "%s", sudoku_technique_str(st->technique));
    else if (rung->say(&t, st))
        return (int)t.len;
    if (st->neliminations) {
        sdk_lg_put(&t, ": ");
        sdk_lg_put_eliminations(&t, st);
    }
    for (int i = 0; i < st->nplacements; i++) {
        sdk_lg_put(&t, i ? ", " : st->neliminations ? "; so " : ": ");
        sdk_lg_put_placement(&t, st->placements[i].cell, st->placements[i].digit);
    }
    return (int)t.len;
}
