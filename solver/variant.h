/* variant.h -- variant Sudoku: a grid plus a plain list of constraints, and the solver of it.
 *
 * A sudoku_variant is plain data: the grid (shape, jigsaw regions, givens)
 * and constraints, each a kind, a value and a run of cells in one shared
 * cell list. Readers (the f-puzzles reader in formats/) fill it with
 * sudoku_variant_add(); nothing here knows any file format. The struct is
 * some 90 KiB: allocate it, do not put it on a thread's stack.
 *
 * The solver compiles the list once per solve into propagators over the
 * candidate masks, one family per file in solver/constraints/ and one row
 * in their table (constraints.c), and searches with MRV and propagation at
 * every node. A variant without constraints goes to sudoku_solve(), so a
 * classic grid keeps the fast 9x9 path. A sudoku_variant_solver holds the
 * scratch of one solve at a time: one per thread. Sizes 4..16.
 *
 * Cells are indices row * N + col. Digits are 1..N.
 */
#ifndef SUDOKU_VARIANT_H
#define SUDOKU_VARIANT_H

#include "solver/sudoku.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUDOKU_VARIANT_MAX_SIZE        16
#define SUDOKU_VARIANT_MAX_CONSTRAINTS 4096
#define SUDOKU_VARIANT_MAX_REFS        32768 /* cells over all constraints */

/* The kinds, X(ENUM, name, what its cells and value mean). `name` is the
 * stable string sudoku_constraint_kind_str() gives. Two-cell kinds take
 * exactly 2 orthogonal or any cells as noted; a "line" is cells in order. */
#define SUDOKU_CONSTRAINT_KINDS(X)                                                                 \
    X(CAGE, "cage", "distinct digits; value = their sum, 0 = no sum (killer cage, extra region)")  \
    X(SUM, "sum", "digits summing to value, repeats allowed (little killer)")                      \
    X(ARROW, "arrow",                                                                              \
      "the first aux cells (1..3) read as a decimal number equal the sum of the rest")             \
    X(THERMO, "thermometer", "a line strictly increasing from its first cell")                     \
    X(DIFFERENCE, "difference", "2 cells differing by value (white kropki dot)")                   \
    X(RATIO, "ratio", "2 cells, one value times the other (black kropki dot)")                     \
    X(PAIR_SUM, "pair_sum", "2 cells summing to value (X = 10, V = 5)")                            \
    X(WHISPERS, "whispers", "a line whose neighbours differ by at least value")                    \
    X(RENBAN, "renban", "distinct digits forming a run of consecutive digits")                     \
    X(EQUAL, "equal", "2 cells with the same digit (clone, palindrome)")                           \
    X(LESS, "less", "2 cells, the first below the second (minimum, maximum)")                      \
    X(BETWEEN, "between", "a line whose inner digits lie strictly between its two ends")           \
    X(SANDWICH, "sandwich",                                                                        \
      "a whole row or column: the digits between its 1 and its N sum to value")                    \
    X(QUADRUPLE, "quadruple",                                                                      \
      "cells holding aux (1..4) digits, 5 bits each in value, low first, with multiplicity")       \
    X(DIGITS, "digits", "1 cell limited to the digits of mask value, bit d-1 = d (odd, even)")     \
    X(ANTIKNIGHT, "antiknight", "no cells: cells a knight's move apart differ")                    \
    X(ANTIKING, "antiking", "no cells: cells a king's move apart differ")                          \
    X(DISJOINT, "disjoint", "no cells: cells at the same place in their boxes differ")             \
    X(NEGATIVE, "negative",                                                                        \
      "no cells: orthogonal neighbours without an `aux`-kind constraint (DIFFERENCE, RATIO or "    \
      "PAIR_SUM) are not in that relation with value")

typedef enum sudoku_constraint_kind {
#define X(id, name, doc) SUDOKU_CON_##id,
    SUDOKU_CONSTRAINT_KINDS(X)
#undef X
        SUDOKU_CON_COUNT
} sudoku_constraint_kind;

typedef struct sudoku_constraint {
    uint8_t kind;    /* sudoku_constraint_kind */
    uint8_t aux;     /* ARROW: pill cells; QUADRUPLE: digits; NEGATIVE: the kind negated */
    uint16_t ncells; /* cells[first .. first + ncells) of the variant */
    uint32_t first;
    int32_t value;
} sudoku_constraint;

typedef struct sudoku_variant {
    sudoku_puzzle grid; /* shape, regions, givens; size <= 16 */
    uint32_t nconstraints, ncells;
    sudoku_constraint constraints[SUDOKU_VARIANT_MAX_CONSTRAINTS];
    uint8_t cells[SUDOKU_VARIANT_MAX_REFS];
} sudoku_variant;

/* The stable name of a kind ("unknown" out of range). */
const char *sudoku_constraint_kind_str(sudoku_constraint_kind kind);

/* Sets *v to the grid *grid (copied; its shape must pass
 * sudoku_puzzle_check(), size <= 16, no `diagonal`: diagonals are CAGEs)
 * with no constraints. Returns 0, or -1 with the reason in err
 * (SUDOKU_ERR_LEN bytes, may be NULL). */
int sudoku_variant_init(sudoku_variant *v, const sudoku_puzzle *grid, char *err);

/* Appends a constraint after checking it against the grid: the cell count
 * its kind takes, cells inside the grid and not repeated, a value its cells
 * can meet (a cage sum of 99 in 2 cells is refused), room in the lists.
 * Returns 0, or -1 with the reason in err (v unchanged). */
int sudoku_variant_add(sudoku_variant *v, sudoku_constraint_kind kind, int value, int aux,
                       const uint8_t *cells, int ncells, char *err);

/* True when the complete grid `digits` (N*N values 1..N) keeps the units
 * and every constraint of v. Thread-safe. */
bool sudoku_variant_satisfied(const sudoku_variant *v, const uint8_t *digits);

typedef struct sudoku_variant_solver sudoku_variant_solver;

/* NULL when out of memory. */
sudoku_variant_solver *sudoku_variant_solver_new(void);
void sudoku_variant_solver_free(sudoku_variant_solver *s);

/* Solves v as sudoku_solve() solves a puzzle: the same limits, result,
 * statuses and counting (max_solutions 2 proves uniqueness). A given that
 * breaks a unit is SUDOKU_CONFLICT, one that breaks a constraint
 * SUDOKU_NO_SOLUTION. */
sudoku_status sudoku_variant_solve(sudoku_variant_solver *s, const sudoku_variant *v,
                                   const sudoku_limits *limits, sudoku_result *r);

/* The true candidates of v: masks[c] (bit d-1 = d) gets the digits that
 * stand in cell c in at least one solution. Solves once per candidate not
 * yet seen in a solution, under one shared budget; r sums the stats and
 * holds the first solution found. Its status: SOLVED when every cell has
 * one true candidate (the solution is unique), MULTIPLE when a cell has
 * more (solution_count is then 2, count_exact false), NO_SOLUTION,
 * CONFLICT, or LIMIT when the budget ran out first (masks then hold what
 * was proven so far). masks has N*N entries. */
sudoku_status sudoku_variant_true_candidates(sudoku_variant_solver *s, const sudoku_variant *v,
                                             const sudoku_limits *limits, uint32_t *masks,
                                             sudoku_result *r);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_VARIANT_H */
