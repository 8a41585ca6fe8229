/* table.c -- vx_families: one row per constraint kind, in variant.h's order.
 *
 * The cell counts each kind takes are the last two fields: VX_N is the
 * grid's size, VX_ANY any count; the chess and negative rules take none.
 */
#include "solver/constraints/constraints.h"

#define VX_ROW(family, lo, hi)                                                                     \
    {                                                                                              \
        vx_##family##_check, vx_##family##_holds, vx_##family##_compile, lo, hi                    \
    }

const vx_family vx_families[SUDOKU_CON_COUNT] = {
    [SUDOKU_CON_CAGE] = VX_ROW(cage, 1, VX_N),
    [SUDOKU_CON_SUM] = VX_ROW(sum, 1, VX_N),
    [SUDOKU_CON_ARROW] = VX_ROW(arrow, 2, VX_ANY),
    [SUDOKU_CON_THERMO] = VX_ROW(thermo, 2, VX_N),
    [SUDOKU_CON_DIFFERENCE] = VX_ROW(pair, 2, 2),
    [SUDOKU_CON_RATIO] = VX_ROW(pair, 2, 2),
    [SUDOKU_CON_PAIR_SUM] = VX_ROW(pair, 2, 2),
    [SUDOKU_CON_WHISPERS] = VX_ROW(whispers, 2, VX_ANY),
    [SUDOKU_CON_RENBAN] = VX_ROW(renban, 1, VX_N),
    [SUDOKU_CON_EQUAL] = VX_ROW(pair, 2, 2),
    [SUDOKU_CON_LESS] = VX_ROW(pair, 2, 2),
    [SUDOKU_CON_BETWEEN] = VX_ROW(between, 3, VX_ANY),
    [SUDOKU_CON_SANDWICH] = VX_ROW(sandwich, VX_N, VX_N),
    [SUDOKU_CON_QUADRUPLE] = VX_ROW(quadruple, 1, 4),
    [SUDOKU_CON_DIGITS] = VX_ROW(digits, 1, 1),
    [SUDOKU_CON_ANTIKNIGHT] = VX_ROW(chess, 0, 0),
    [SUDOKU_CON_ANTIKING] = VX_ROW(chess, 0, 0),
    [SUDOKU_CON_DISJOINT] = VX_ROW(chess, 0, 0),
    [SUDOKU_CON_NEGATIVE] = VX_ROW(negative, 0, 0),
};
