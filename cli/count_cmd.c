/* count_cmd.c -- `sudoku count`: print the number of solutions of each
 * puzzle line, up to a cap.
 *
 * Counting an empty or nearly empty grid would never end, so the count stops
 * at --limit (default CLI_COUNT_LIMIT) and prints `K+` when it got there:
 * the true count is at least K.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>

#include "cli/args.h"
#include "cli/batch.h"
#include "cli/commands.h"

/* Large enough for any proper or near-proper puzzle, small enough to return
 * within a few seconds on a wide-open grid. */
#define CLI_COUNT_LIMIT 1000000

static bool answer_count(const sudoku_puzzle *p, const sudoku_result *r, char *out, size_t outlen)
{
    (void)p;
    snprintf(out, outlen, "%" PRIu64 "%s", r->solution_count, r->count_exact ? "" : "+");
    return true;
}

int cli_count_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"limit", required_argument, NULL, 'l'},
        {"box", required_argument, NULL, 'b'},
        {"diagonal", no_argument, NULL, 'd'},
        {"threads", required_argument, NULL, 't'},
        {"nodes", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    cli_batch_opts o = {.threads = 1, .answer = answer_count};
    int c;

    o.limits.max_solutions = CLI_COUNT_LIMIT;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'l':
            if (cli_parse_u64("--limit", optarg, 1, UINT64_MAX, &o.limits.max_solutions) != 0)
                return cli_usage_error();
            break;
        case 'b':
            if (cli_parse_box(optarg, &o.box_rows, &o.box_cols) != 0) return cli_usage_error();
            break;
        case 'd':
            o.diagonal = true;
            break;
        case 't':
            if (cli_parse_threads(optarg, &o.threads) != 0) return cli_usage_error();
            break;
        case 'n':
            if (cli_parse_u64("--nodes", optarg, 1, UINT64_MAX, &o.limits.node_budget) != 0)
                return cli_usage_error();
            break;
        case 'h':
            cli_usage(stdout);
            return 0;
        default:
            return cli_usage_error();
        }
    }
    return cli_batch_run(&o, argv + optind, argc - optind);
}
