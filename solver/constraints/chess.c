/* chess.c -- ANTIKNIGHT, ANTIKING and DISJOINT: rules of the grid's geometry, no cells of their
 * own.
 *
 * DESIGN: a knight's or king's move apart is a neighbour list turned into
 * peers (a solved cell then clears its moves like its row). Disjoint groups
 * (the same place in every box) are N more units. They share a file because
 * each is "these cells differ", drawn from the shape.
 */
#include <stdlib.h>

#include "solver/constraints/constraints.h"

/* Whether cells a and b (a != b) are a move of c's kind apart, or in one disjoint group. */
static bool vx_chess_linked(const sudoku_variant *v, const sudoku_constraint *c, int a, int b)
{
    int n = v->grid.size, dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    switch (c->kind) {
    case SUDOKU_CON_ANTIKNIGHT:
        return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
    case SUDOKU_CON_ANTIKING:
        return dr <= 1 && dc <= 1;
    default:
        return a / n % v->grid.box_rows == b / n % v->grid.box_rows &&
               a % n % v->grid.box_cols == b % n % v->grid.box_cols;
    }
}

int vx_chess_check(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                   char *err)
{
    (void)cells;
    if (c->kind == SUDOKU_CON_DISJOINT && v->grid.has_regions)
        return vx_err(err, "disjoint groups need boxes, and this grid has irregular regions");
    return 0;
}

bool vx_chess_holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *cells,
                    const uint8_t *digits)
{
    (void)cells;
    int cells_n = v->grid.size * v->grid.size;
    for (int a = 0; a < cells_n; a++) {
        for (int b = a + 1; b < cells_n; b++) {
            if (digits[a] == digits[b] && vx_chess_linked(v, c, a, b)) return false;
        }
    }
    return true;
}

bool vx_chess_compile(vx_engine *e, const sudoku_constraint *c, const uint8_t *cells)
{
    (void)cells;
    const sudoku_variant *v = e->v;
    int n = e->n;
    if (c->kind == SUDOKU_CON_DISJOINT) {
        for (int r = 0; r < v->grid.box_rows; r++) {
            for (int col = 0; col < v->grid.box_cols; col++) {
                uint8_t group[SUDOKU_VARIANT_MAX_SIZE];
                int k = 0;
                for (int x = 0; x < n * n; x++) {
                    if (x / n % v->grid.box_rows == r && x % n % v->grid.box_cols == col) {
                        group[k++] = (uint8_t)x;
                    }
                }
                vx_add_peers(e, group, k);
                vx_add_unit(e, group);
            }
        }
        return true;
    }
    for (int a = 0; a < n * n; a++) {
        for (int b = a + 1; b < n * n; b++) {
            if (vx_chess_linked(v, c, a, b)) vx_add_peer_pair(e, a, b);
        }
    }
    return true;
}
