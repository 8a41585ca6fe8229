/* count_cmd.c -- `sudoku count`: print the number of solutions of each
 * puzzle line, up to a cap.
 *
 * Counting an empty or nearly empty grid would never end, so the count stops
 * at --limit (default CLI_COUNT_LIMIT, in commands.h for the usage text)
 * and prints `K+` when it got there: the true count is at least K.
 */
#include <inttypes.h>
#include <stdio.h>

#include "cli/batch.h"
#include "cli/commands.h"

static bool answer_count(const sudoku_puzzle *p, const sudoku_result *r, char *out, size_t outlen)
{
    (void)p;
    snprintf(out, outlen, "%" PRIu64 "%s", r->solution_count, r->count_exact ? "" : "+");
    return true;
}

int cli_count_main(int argc, char **argv)
{
    cli_batch_opts o = {.threads = 1, .answer = answer_count};

    o.limits.max_solutions = CLI_COUNT_LIMIT;
    return cli_batch_main(argc, argv, true, &o);
}
