/* unit_logic_ladder.c -- the ladder of techniques (solver/logic/ladder.c) as data:
 * every technique of technique.h has a row, every row a sentence, and every
 * sentence says more than the technique's name (what a step of a technique
 * with no row would read).
 *
 * The ladder is internal, so this file reads solver/logic/logic_int.h; the
 * steps it finds are tested through the public API in unit_logic.c.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "solver/logic/logic_int.h"

Test(ladder, every_technique_has_a_rung_and_a_sentence)
{
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        const sdk_lg_rung *rung = sdk_lg_rung_of((sudoku_technique)t);
        cr_assert_not_null(rung, "%s has no rung", sudoku_technique_str((sudoku_technique)t));
        cr_assert_eq((int)rung->technique, t);
        cr_assert_not_null(rung->say, "%s has no sentence", sudoku_technique_str(rung->technique));
    }
}

Test(ladder, every_sentence_names_what_it_saw)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 3, 3, NULL), 0);
    char text[SUDOKU_STEP_TEXT_LEN];
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        /* A step of every list, enough for any sentence to read. */
        sudoku_step st = {.technique = (sudoku_technique)t, .digits = 1u << 4};
        st.placements[st.nplacements++] = (sudoku_cand){10, 5};
        st.eliminations[st.neliminations++] = (sudoku_cand){20, 5};
        for (int i = 0; i < 4; i++) st.cells[st.ncells++] = (uint16_t)(i * 10);
        st.units[st.nunits++] = (sudoku_unit_ref){SUDOKU_UNIT_ROW, 1};
        st.units[st.nunits++] = (sudoku_unit_ref){SUDOKU_UNIT_BOX, 0};
        int len = sudoku_step_text(&p, &st, text, sizeof(text));
        cr_assert_eq((size_t)len, strlen(text));
        /* a technique without a sentence would read "<key>: removes ..." */
        char bare[64];
        snprintf(bare, sizeof(bare), "%s: removes", sudoku_technique_str(st.technique));
        cr_assert_neq(strncmp(text, bare, strlen(bare)), 0, "%s", text);
        cr_assert_gt(strlen(text), strlen(bare), "%s", text);
    }
}
