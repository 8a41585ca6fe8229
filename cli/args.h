/* args.h -- parsing and range-checking of command-line option values.
 *
 * Each parser prints what was wrong with which option to stderr and returns
 * -1, so a command only adds the usage text and exits 2.
 */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include <stdint.h>

#include "solver/sudoku.h"

/* Parses an integer in [min, max] (decimal) for option opt into *out.
 * Returns 0, or -1 after a message on stderr; *out is then untouched. */
int cli_parse_int(const char *opt, const char *s, int min, int max, int *out);

/* Same for a 64-bit unsigned value. */
int cli_parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* Same for a real number in [min, max]. */
int cli_parse_double(const char *opt, const char *s, double min, double max, double *out);

/* Parses a box shape "RxC" (R rows by C columns; `x` or `X`) that
 * sudoku_puzzle_init() accepts and the text form can spell (R*C <= 35).
 * Returns 0, or -1 after a message on stderr. */
int cli_parse_box(const char *s, int *rows, int *cols);

/* The shape of a command's --size and --box options (box_rows 0: the
 * default box of size) in *p: checks that the box fits the size and that
 * the library takes the shape. Returns 0, or -1 after a message naming
 * `command` on stderr. */
int cli_shape_init(const char *command, int size, int box_rows, int box_cols, sudoku_puzzle *p);

/* Parses a thread count: 1..CLI_MAX_THREADS, or 0 for the number of online
 * CPUs. */
int cli_parse_threads(const char *s, int *out);

/* A seed for a command run without --seed: 32 random bits from the
 * kernel (getrandom), or from the clock and the process id when that fails,
 * so that every run differs; short enough to copy. Prints
 * "sudoku: COMMAND: seed S" to stderr, so the run can be made again with
 * --seed S, and returns S. */
uint64_t cli_random_seed(const char *command);

#endif /* CLI_ARGS_H */
