/* unit_scan_entries.c -- the reader's entries against the solution (scan/entries.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "scan/entries.h"

/* One photo's classifier output and reading, as scan_settle_entries sees them. */
typedef struct reading {
    float probs[81][SCAN_CLASSES], conf[81];
    int cls[81];
    uint8_t solution[81], changed[81];
} reading;

/* A solved grid (row r, column c holds (r * 3 + r / 3 + c) % 9 + 1) and every
 * cell blank for certain, read as blank. */
static void reading_init(reading *r)
{
    memset(r, 0, sizeof(*r));
    for (int i = 0; i < 81; i++) {
        r->solution[i] = (uint8_t)((i / 9 * 3 + i / 27 + i % 9) % 9 + 1);
        r->probs[i][0] = 1.0f;
        r->conf[i] = 1.0f;
    }
}

/* Cell i read as handwritten digit `read` with probability p_read, and the
 * handwritten class of digit `other` given p_other. */
static void entry(reading *r, int i, int read, float p_read, int other, float p_other)
{
    memset(r->probs[i], 0, sizeof(r->probs[i]));
    r->probs[i][SCAN_CLASS_HANDWRITTEN - 1 + read] = p_read;
    r->probs[i][SCAN_CLASS_HANDWRITTEN - 1 + other] = p_other;
    r->cls[i] = SCAN_CLASS_HANDWRITTEN - 1 + read;
    r->conf[i] = p_read;
}

static int settle(reading *r)
{
    return scan_settle_entries((const float(*)[SCAN_CLASSES])r->probs, r->solution, r->cls, r->conf,
                               r->changed);
}

/* A digit other than the solution's at cell i. */
static int wrong_digit(const reading *r, int i)
{
    return r->solution[i] % 9 + 1;
}

Test(scan_entries, an_unsure_entry_becomes_the_solutions_digit)
{
    reading r;
    reading_init(&r);
    entry(&r, 10, wrong_digit(&r, 10), 0.6f, r.solution[10], 0.35f);
    cr_assert_eq(settle(&r), 1);
    cr_assert_eq(r.changed[0], 10);
    cr_assert_eq(r.cls[10], SCAN_CLASS_HANDWRITTEN - 1 + r.solution[10]);
    cr_assert_float_eq(r.conf[10], 0.35f, 1e-6);
}

Test(scan_entries, a_clearly_written_mistake_stays_as_written)
{
    reading r;
    reading_init(&r);
    int wrong = wrong_digit(&r, 40);
    float p_solution = 0.9f * SCAN_ENTRY_PRIOR * 0.95f; /* just under the prior's share */
    entry(&r, 40, wrong, 0.95f, r.solution[40], p_solution);
    cr_assert_eq(settle(&r), 0);
    cr_assert_eq(r.cls[40], SCAN_CLASS_HANDWRITTEN - 1 + wrong);
    cr_assert_float_eq(r.conf[40], 0.95f, 1e-6);
}

/* Pencil marks read as one of their digits: not the solution's there, and the network gave
 * pencil marks a fair share (at least SCAN_ENTRY_PENCIL of the digit's). Just under that share,
 * the digit stands as written. */
Test(scan_entries, an_entry_off_the_solution_with_a_fair_chance_of_pencil_marks_is_pencil_marks)
{
    reading r;
    reading_init(&r);
    float p_read = 0.9f;
    entry(&r, 20, wrong_digit(&r, 20), p_read, r.solution[20], 0.0f);
    r.probs[20][SCAN_CLASS_PENCIL] = 1.1f * SCAN_ENTRY_PENCIL * p_read;
    entry(&r, 60, wrong_digit(&r, 60), p_read, r.solution[60], 0.0f);
    r.probs[60][SCAN_CLASS_PENCIL] = 0.9f * SCAN_ENTRY_PENCIL * p_read;
    cr_assert_eq(settle(&r), 1);
    cr_assert_eq(r.changed[0], 20);
    cr_assert_eq(r.cls[20], SCAN_CLASS_PENCIL);
    cr_assert_float_eq(r.conf[20], 1.1f * SCAN_ENTRY_PENCIL * p_read, 1e-6);
    cr_assert_eq(r.cls[60], SCAN_CLASS_HANDWRITTEN - 1 + wrong_digit(&r, 60));
}

/* The solution's digit comes first: pencil marks are only what an entry it cannot be is. */
Test(scan_entries, the_solutions_digit_wins_over_pencil_marks)
{
    reading r;
    reading_init(&r);
    entry(&r, 30, wrong_digit(&r, 30), 0.5f, r.solution[30], 0.3f);
    r.probs[30][SCAN_CLASS_PENCIL] = 0.2f;
    cr_assert_eq(settle(&r), 1);
    cr_assert_eq(r.cls[30], SCAN_CLASS_HANDWRITTEN - 1 + r.solution[30]);
}

Test(scan_entries, givens_blanks_and_right_entries_are_left_alone)
{
    reading r;
    reading_init(&r);
    /* a printed given that differs from the solution is the givens' business, not this rule's */
    int wrong = wrong_digit(&r, 0);
    r.probs[0][0] = 0.0f;
    r.probs[0][wrong] = 0.5f;
    r.probs[0][SCAN_CLASS_HANDWRITTEN - 1 + r.solution[0]] = 0.5f;
    r.cls[0] = wrong;
    entry(&r, 80, r.solution[80], 0.5f, wrong_digit(&r, 80), 0.5f);
    int before[81];
    memcpy(before, r.cls, sizeof(before));
    cr_assert_eq(settle(&r), 0);
    cr_assert_arr_eq(r.cls, before, sizeof(before));
}

Test(scan_entries, changed_cells_come_out_ascending)
{
    reading r;
    reading_init(&r);
    static const int cells[] = {3, 27, 79};
    for (int k = 0; k < 3; k++)
        entry(&r, cells[k], wrong_digit(&r, cells[k]), 0.5f, r.solution[cells[k]], 0.4f);
    cr_assert_eq(settle(&r), 3);
    for (int k = 0; k < 3; k++) cr_assert_eq(r.changed[k], cells[k]);
}
