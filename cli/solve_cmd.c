/* solve_cmd.c -- `sudoku solve`: print the solution of each puzzle line.
 *
 * By default a puzzle with several solutions prints the first one found,
 * which is what someone asking "solve this" wants and stops the search
 * early; --unique asks the solver for a second solution and prints
 * `! multiple` instead, for checking that puzzles are proper.
 */
#include <getopt.h>
#include <stdio.h>

#include "cli/args.h"
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
    static const struct option longopts[] = {
        {"box", required_argument, NULL, 'b'},
        {"diagonal", no_argument, NULL, 'd'},
        {"threads", required_argument, NULL, 't'},
        {"unique", no_argument, NULL, 'u'},
        {"nodes", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    cli_batch_opts o = {.threads = 1, .answer = answer_solve};
    bool unique = false;
    int c;

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (cli_parse_box(optarg, &o.box_rows, &o.box_cols) != 0) return cli_usage_error();
            break;
        case 'd':
            o.diagonal = true;
            break;
        case 't':
            if (cli_parse_threads(optarg, &o.threads) != 0) return cli_usage_error();
            break;
        case 'u':
            unique = true;
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
    o.limits.max_solutions = unique ? 2 : 1;
    o.solutions_capacity = 1;
    return cli_batch_run(&o, argv + optind, argc - optind);
}
