/* variant_text.h -- one line of text per variant puzzle: the fixture form of
 * tests/data/variants/ and bench/data/variants/ (written by bench/variant_gen.c, read
 * by tests/unit_variant.c and bench/variant_bench.c).
 *
 * A line is space-separated fields: the givens in the solver's text form (sudoku_parse),
 * the solution in the same form, then one field per constraint,
 * `kind:value:aux:cells` with kind the name sudoku_constraint_kind_str() gives and cells
 * the cell indices joined by `.` (empty for a kind without cells). Boxes are the default
 * ones of the size. This is the engine's own list written out, so a reader of f-puzzles
 * can be checked against it; the f-puzzles object of the same puzzle sits on the same
 * line number of the .jsonl file next to it. Reentrant.
 */
#ifndef TEST_SUPPORT_VARIANT_TEXT_H
#define TEST_SUPPORT_VARIANT_TEXT_H

#include <stddef.h>

#include "solver/variant.h"

/* Writes v and its solution sol as one line (no newline) to out. Returns the length,
 * or -1 when outlen is too small. */
int vtext_write(const sudoku_variant *v, const uint8_t *sol, char *out, size_t outlen);

/* Reads one line (up to len bytes; a newline ends it) into *v and sol (N*N bytes, may be
 * NULL). Returns 0, or -1 with the reason in err (SUDOKU_ERR_LEN bytes). */
int vtext_read(const char *line, size_t len, sudoku_variant *v, uint8_t *sol, char *err);

#endif /* TEST_SUPPORT_VARIANT_TEXT_H */
