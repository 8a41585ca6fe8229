/* solve_cmd.c -- `sudoku solve`: print the solution of each puzzle line.
 *
 * By default a puzzle with several solutions prints the first one found,
 * which is what someone asking "solve this" wants and stops the search
 * early; --unique asks the solver for a second solution and prints
 * `! multiple` instead, for checking that puzzles are proper.
 */
#include <stdio.h>

#include "cli/batch.h"
#include "cli/commands.h"

static bool answer_solve(const sudoku_puzzle *p, const sudoku_result *r, char *out, size_t outlen)
{
    switch (r->status) {
    case SUDOKU_SOLVED:
        if (sudoku_format(p, r->solutions, out, outlen) >= 0) return true;
        snprintf(out, outlen, "! invalid: too large to print");
        return false;
    case SUDOKU_MULTIPLE:
        snprintf(out, outlen, "! multiple");
        return false;
    default:
        snprintf(out, outlen, "! %s", sudoku_status_str(r->status));
        return false;
    }
}

int cli_solve_main(int argc, char **argv)
{
    cli_batch_opts o = {.threads = 1, .answer = answer_solve, .solutions_capacity = 1};

    return cli_batch_main(argc, argv, false, &o);
}
