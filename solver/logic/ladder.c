/* ladder.c -- the ladder of techniques: one row per rung, in Sudoku Explainer's order.
 *
 * The ladder is data (STYLE rule 16). A row is everything about a rung: the
 * technique (its name and base score are technique.h's), the finder and
 * the argument it takes (a degree, a link count, SDK_LG_DIRECT), and the
 * writer of the technique's sentence, which lives beside the finder.
 * sudoku_logic_next walks the rows from the top; sudoku_step_text finds a
 * step's sentence through the first row of its technique. Adding a
 * technique is its finder and sentence plus one row here (and its line in
 * technique.h).
 *
 * Where one finder yields several techniques, as SE sorts the hints of one
 * rule together (the chain finder: cycles, X- and XY-chains; the unique loop
 * finder: rectangles and loops), the finder's rung is followed by rows
 * without a finder, which give the other techniques their sentences. Rows
 * whose score varies (chains) keep their base score in technique.h and put
 * the size and length increments in the step.
 *
 * The rungs are those of the Sukaku Explainer that rated the Sudoku Exchange
 * bank (1.15, January 2020), with its default techniques: chains of four to
 * six strong links were not among them, so they have no rung here.
 */
#include "solver/logic/logic_int.h"

const sdk_lg_rung sdk_lg_ladder[] = {
    {SUDOKU_TECH_FULL_HOUSE, sdk_lg_full_house, 0, sdk_lg_say_full_house},
    {SUDOKU_TECH_HIDDEN_SINGLE_BOX, sdk_lg_hidden_single_box, 0, sdk_lg_say_hidden_single},
    {SUDOKU_TECH_HIDDEN_SINGLE_LINE, sdk_lg_hidden_single_line, 0, sdk_lg_say_hidden_single},
    {SUDOKU_TECH_DIRECT_POINTING, sdk_lg_pointing, SDK_LG_DIRECT, sdk_lg_say_locked},
    {SUDOKU_TECH_DIRECT_CLAIMING, sdk_lg_claiming, SDK_LG_DIRECT, sdk_lg_say_locked},
    {SUDOKU_TECH_DIRECT_HIDDEN_PAIR, sdk_lg_hidden_set, 2 | SDK_LG_DIRECT, sdk_lg_say_hidden_set},
    {SUDOKU_TECH_NAKED_SINGLE, sdk_lg_naked_single, 0, sdk_lg_say_naked_single},
    {SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE, sdk_lg_hidden_set, 3 | SDK_LG_DIRECT, sdk_lg_say_hidden_set},
    {SUDOKU_TECH_POINTING, sdk_lg_pointing, 0, sdk_lg_say_locked},
    {SUDOKU_TECH_CLAIMING, sdk_lg_claiming, 0, sdk_lg_say_locked},
    {SUDOKU_TECH_NAKED_PAIR, sdk_lg_naked_set, 2, sdk_lg_say_naked_set},
    {SUDOKU_TECH_X_WING, sdk_lg_fish, 2, sdk_lg_say_fish},
    {SUDOKU_TECH_HIDDEN_PAIR, sdk_lg_hidden_set, 2, sdk_lg_say_hidden_set},
    {SUDOKU_TECH_NAKED_TRIPLE, sdk_lg_naked_set, 3, sdk_lg_say_naked_set},
    {SUDOKU_TECH_SWORDFISH, sdk_lg_fish, 3, sdk_lg_say_fish},
    {SUDOKU_TECH_HIDDEN_TRIPLE, sdk_lg_hidden_set, 3, sdk_lg_say_hidden_set},
    {SUDOKU_TECH_TURBOT_FISH, sdk_lg_strong_links, 2, sdk_lg_say_strong_links},
    {SUDOKU_TECH_XY_WING, sdk_lg_xy_wing, 0, sdk_lg_say_wing},
    {SUDOKU_TECH_XYZ_WING, sdk_lg_xyz_wing, 0, sdk_lg_say_wing},
    {SUDOKU_TECH_UNIQUE_RECTANGLE, sdk_lg_unique_loops, 0, sdk_lg_say_unique_loop},
    {SUDOKU_TECH_UNIQUE_LOOP, NULL, 0, sdk_lg_say_unique_loop},
    {SUDOKU_TECH_NAKED_QUAD, sdk_lg_naked_set, 4, sdk_lg_say_naked_set},
    {SUDOKU_TECH_JELLYFISH, sdk_lg_fish, 4, sdk_lg_say_fish},
    {SUDOKU_TECH_HIDDEN_QUAD, sdk_lg_hidden_set, 4, sdk_lg_say_hidden_set},
    {SUDOKU_TECH_STRONG_LINKS, sdk_lg_strong_links, 3, sdk_lg_say_strong_links},
    {SUDOKU_TECH_WXYZ_WING, sdk_lg_als_wing, 3, sdk_lg_say_als_wing},
    {SUDOKU_TECH_BUG, sdk_lg_bug, 0, sdk_lg_say_bug},
    {SUDOKU_TECH_VWXYZ_WING, sdk_lg_als_wing, 4, sdk_lg_say_als_wing},
    {SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION, sdk_lg_aligned_pair_exclusion, 0,
     sdk_lg_say_aligned_exclusion},
    {SUDOKU_TECH_CYCLE, sdk_lg_forcing_chain, 0, sdk_lg_say_cycle},
    {SUDOKU_TECH_X_CHAIN, NULL, 0, sdk_lg_say_single_chain},
    {SUDOKU_TECH_XY_CHAIN, NULL, 0, sdk_lg_say_single_chain},
    {SUDOKU_TECH_ALIGNED_TRIPLE_EXCLUSION, sdk_lg_aligned_triple_exclusion, 0,
     sdk_lg_say_aligned_exclusion},
    {SUDOKU_TECH_NISHIO, sdk_lg_nishio, 0, sdk_lg_say_nishio},
    {SUDOKU_TECH_FORCING_CHAIN, sdk_lg_multiple_chain, 0, sdk_lg_say_forcing_chain},
    {SUDOKU_TECH_DYNAMIC_FORCING_CHAIN, sdk_lg_dynamic_chain, 0, sdk_lg_say_dynamic_chain},
    {SUDOKU_TECH_DYNAMIC_FORCING_CHAIN_PLUS, sdk_lg_nested_chain, 1, sdk_lg_say_nested_chain},
    {SUDOKU_TECH_NESTED_FORCING_CHAIN, sdk_lg_nested_chain, 2, sdk_lg_say_nested_chain},
    {SUDOKU_TECH_NESTED_MULTIPLE_CHAIN, sdk_lg_nested_chain, 3, sdk_lg_say_nested_chain},
    {SUDOKU_TECH_NESTED_DYNAMIC_CHAIN, sdk_lg_nested_chain, 4, sdk_lg_say_nested_chain},
    {SUDOKU_TECH_NESTED_DYNAMIC_CHAIN, sdk_lg_nested_chain, 5, sdk_lg_say_nested_chain},
    {SUDOKU_TECH_NESTED_DYNAMIC_CHAIN, sdk_lg_nested_chain, 6, sdk_lg_say_nested_chain},
};

const int sdk_lg_rungs = (int)(sizeof(sdk_lg_ladder) / sizeof(sdk_lg_ladder[0]));

const sdk_lg_rung *sdk_lg_rung_of(sudoku_technique t)
{
    for (int i = 0; i < sdk_lg_rungs; i++)
        if (sdk_lg_ladder[i].technique == t) return &sdk_lg_ladder[i];
    return NULL;
}
