/* unit_scan_entries.c -- the reader's entries against the solution (scan/entries.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "scan/entries.h"

/* A solved grid: row r, column c holds (r * 3 + r / 3 + c) % 9 + 1. */
static void solved(uint8_t solution[81])
{
    for (int i = 0; i < 81; i++) solution[i] = (uint8_t)((i / 9 * 3 + i / 27 + i % 9) % 9 + 1);
}

/* Every cell blank for certain, read as blank. */
static void all_blank(float probs[81][SCAN_CLASSES], int cls[81], float conf[81])
{
    memset(probs, 0, sizeof(float) * 81 * SCAN_CLASSES);
    for (int i = 0; i < 81; i++) {
        probs[i][0] = 1.0f;
        cls[i] = 0;
        conf[i] = 1.0f;
    }
}

/* Cell i read as handwritten digit `read` with probability p_read, and the
 * handwritten class of digit `other` given p_other. */
static void entry(float probs[81][SCAN_CLASSES], int cls[81], float conf[81], int i, int read,
                  float p_read, int other, float p_other)
{
    memset(probs[i], 0, sizeof(probs[i]));
    probs[i][SCAN_CLASS_HANDWRITTEN - 1 + read] = p_read;
    probs[i][SCAN_CLASS_HANDWRITTEN - 1 + other] = p_other;
    cls[i] = SCAN_CLASS_HANDWRITTEN - 1 + read;
    conf[i] = p_read;
}

Test(scan_entries, an_unsure_entry_becomes_the_solutions_digit)
{
    float probs[81][SCAN_CLASSES], conf[81];
    int cls[81];
    uint8_t solution[81], changed[81];
    solved(solution);
    all_blank(probs, cls, conf);
    int wrong = solution[10] % 9 + 1;
    entry(probs, cls, conf, 10, wrong, 0.6f, solution[10], 0.35f);
    cr_assert_eq(
        scan_settle_entries((const float(*)[SCAN_CLASSES])probs, solution, cls, conf, changed), 1);
    cr_assert_eq(changed[0], 10);
    cr_assert_eq(cls[10], SCAN_CLASS_HANDWRITTEN - 1 + solution[10]);
    cr_assert_float_eq(conf[10], 0.35f, 1e-6);
}

Test(scan_entries, a_clearly_written_mistake_stays_as_written)
{
    float probs[81][SCAN_CLASSES], conf[81];
    int cls[81];
    uint8_t solution[81], changed[81];
    solved(solution);
    all_blank(probs, cls, conf);
    int wrong = solution[40] % 9 + 1;
    float p_solution = 0.9f * SCAN_ENTRY_PRIOR * 0.95f; /* just under the prior's share */
    entry(probs, cls, conf, 40, wrong, 0.95f, solution[40], p_solution);
    cr_assert_eq(
        scan_settle_entries((const float(*)[SCAN_CLASSES])probs, solution, cls, conf, changed), 0);
    cr_assert_eq(cls[40], SCAN_CLASS_HANDWRITTEN - 1 + wrong);
    cr_assert_float_eq(conf[40], 0.95f, 1e-6);
}

Test(scan_entries, givens_blanks_and_right_entries_are_left_alone)
{
    float probs[81][SCAN_CLASSES], conf[81];
    int cls[81];
    uint8_t solution[81], changed[81];
    solved(solution);
    all_blank(probs, cls, conf);
    /* a printed given that differs from the solution is the givens' business, not this rule's */
    int wrong = solution[0] % 9 + 1;
    memset(probs[0], 0, sizeof(probs[0]));
    probs[0][wrong] = 0.5f;
    probs[0][SCAN_CLASS_HANDWRITTEN - 1 + solution[0]] = 0.5f;
    cls[0] = wrong;
    entry(probs, cls, conf, 80, solution[80], 0.5f, solution[80] % 9 + 1, 0.5f);
    int before[81];
    memcpy(before, cls, sizeof(before));
    cr_assert_eq(
        scan_settle_entries((const float(*)[SCAN_CLASSES])probs, solution, cls, conf, changed), 0);
    cr_assert_arr_eq(cls, before, sizeof(before));
}

Test(scan_entries, changed_cells_come_out_ascending)
{
    float probs[81][SCAN_CLASSES], conf[81];
    int cls[81];
    uint8_t solution[81], changed[81];
    solved(solution);
    all_blank(probs, cls, conf);
    static const int cells[] = {3, 27, 79};
    for (int k = 0; k < 3; k++) {
        int i = cells[k];
        entry(probs, cls, conf, i, solution[i] % 9 + 1, 0.5f, solution[i], 0.4f);
    }
    cr_assert_eq(
        scan_settle_entries((const float(*)[SCAN_CLASSES])probs, solution, cls, conf, changed), 3);
    for (int k = 0; k < 3; k++) cr_assert_eq(changed[k], cells[k]);
}
