/* batch.h -- the puzzle loop behind `solve` and `count`.
 *
 * Both commands read puzzles (cli/io.h), solve each with the same shape options,
 * and print one line per puzzle in input order, reporting unparsable
 * lines, conflicting givens and exhausted budgets the same way. They differ
 * only in the limits and in how an answer is written, which is what a
 * command passes in.
 */
#ifndef CLI_BATCH_H
#define CLI_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "solver/sudoku.h"

/* Writes the output line (no newline, NUL-terminated, at most outlen bytes)
 * for a solve of p that ended SUDOKU_SOLVED, SUDOKU_MULTIPLE or
 * SUDOKU_NO_SOLUTION; r->solutions holds r->solutions_stored solutions.
 * Returns true when the line counts as answered for the exit status. Called
 * concurrently from several threads. */
typedef bool cli_answer_fn(const sudoku_puzzle *p, const sudoku_result *r, char *out,
                           size_t outlen);

typedef struct cli_batch_opts {
    int box_rows, box_cols;    /* 0, 0: each line's size picks the default box */
    bool diagonal;             /* both main diagonals are units */
    int threads;               /* >= 1 */
    sudoku_limits limits;      /* passed to every solve */
    size_t solutions_capacity; /* solutions each solve may store: 0..2 */
    cli_answer_fn *answer;
    bool true_candidates; /* solve: print each cell's true candidates instead (up to 16x16) */
    const char *command;  /* its name, for the progress line (cli/progress.h) */
} cli_batch_opts;

/* Reads puzzles (cli_reader_record rules) from files, stdin when nfiles is
 * 0, solves each and prints one line per puzzle to stdout in input order:
 * o->answer's line, or `! invalid: REASON`, `! conflict DETAILS` or
 * `! limit`; every `!` line ends in ` (FILE:LINE)`, where its puzzle starts. Returns the exit
 * status: 0 when every line was answered, 1 when some was not, 2 when a file could not be read (it
 * is skipped, the others are done) or memory ran out (the lines before are printed). Progress goes
 * to stderr when it is a terminal. */
int cli_batch_run(const cli_batch_opts *o, char *const *files, int nfiles);

/* The command line of `solve` (counting false) and `count` (true): parses
 * the shared flags (--box, --diagonal, --threads, --nodes, --help) and the
 * command's own (--unique and --true-candidates for solve; --limit K for count, which overrides
 * o->limits.max_solutions) into *o, then runs cli_batch_run on the files
 * left. Returns its exit status, or 2 after a usage error. */
int cli_batch_main(int argc, char **argv, bool counting, cli_batch_opts *o);

#endif /* CLI_BATCH_H */
