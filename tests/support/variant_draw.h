/* variant_draw.h -- random constraints that a given solution grid keeps, for the variant tests
 * (tests/unit_variant.c) and the puzzle generator of the benches (bench/variant_gen.c).
 *
 * Every function reads the complete grid `sol` (N*N digits of v->grid's shape) and appends
 * to v through sudoku_variant_add() only constraints that sol satisfies, so a variant drawn
 * from a grid is never empty of solutions. They know the kinds' meanings from variant.h
 * alone, nothing of the engine's propagators. Reentrant: all state is the caller's.
 */
#ifndef TEST_SUPPORT_VARIANT_DRAW_H
#define TEST_SUPPORT_VARIANT_DRAW_H

#include "solver/variant.h"

/* Appends one constraint of `kind` that sol keeps, at a random place: a cell kind on
 * cells sol can carry it on (a thermometer along increasing digits, a kropki dot on a
 * pair in ratio); NEGATIVE with every pair of sol in its relation marked first
 * (vdraw_all_pairs). The global kinds (ANTIKNIGHT, ANTIKING, DISJOINT) are appended as
 * they are: sol may break them. Returns 0, or -1 when no place was found in a few hundred
 * tries or sudoku_variant_add() refused. */
int vdraw_one(sudoku_variant *v, sudoku_constraint_kind kind, const uint8_t *sol, sudoku_rng *rng);

/* Appends a constraint of `kind` (DIFFERENCE, RATIO or PAIR_SUM) with `value` on every
 * orthogonal pair of sol in that relation, then the NEGATIVE of it when `negative`: the
 * "all dots are given" form of kropki and XV. Returns how many it added, -1 when v ran
 * out of room. */
int vdraw_all_pairs(sudoku_variant *v, sudoku_constraint_kind kind, int value, bool negative,
                    const uint8_t *sol);

/* Appends a whispers line (neighbours differ by at least gap) of 2 or more cells.
 * Returns 0, or -1 as vdraw_one() does. */
int vdraw_whispers(sudoku_variant *v, int gap, const uint8_t *sol, sudoku_rng *rng);

/* Appends killer cages (CAGE with its sum) of 1..max_cells connected cells tiling the
 * whole grid when `tile`, else about a third of it. Returns the cages added, -1 when v
 * ran out of room. */
int vdraw_cages(sudoku_variant *v, int max_cells, bool tile, const uint8_t *sol, sudoku_rng *rng);

#endif /* TEST_SUPPORT_VARIANT_DRAW_H */
