/* main.c -- `sudoku`, the command-line face of libsudoku: dispatch and usage.
 *
 * One binary with subcommands (solve, count, bench, generate, rate, explain,
 * hint), git style, so
 * the shape options and the puzzle line format are learnt once. Each command
 * lives in its own file and returns the exit status; this file only picks
 * it and holds the usage text, the one place the interface is documented.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"solve", cli_solve_main},       {"count", cli_count_main}, {"bench", cli_bench_main},
    {"generate", cli_generate_main}, {"rate", cli_rate_main},   {"explain", cli_explain_main},
    {"hint", cli_hint_main},
};

/* The one-line forms, which a usage error prints; `help` adds the rest. */
static const char synopsis[] =
    "usage: sudoku solve [--unique] [--box RxC] [--diagonal] [--threads N] [--nodes N] [FILE...]\n"
    "       sudoku count [--limit K] [--box RxC] [--diagonal] [--threads N] [--nodes N] [FILE...]\n"
    "       sudoku bench [--unique] [--box RxC] [--threads N] [--runs R] [--seed S] FILE...\n"
    "       sudoku generate --size N [--box RxC] [--density D] [--count K] [--seed S]\n"
    "       sudoku rate [--box RxC] [--diagonal] [--nodes N] [--timing] [--json] [FILE...]\n"
    "       sudoku explain [--box RxC] [--diagonal] [--nodes N] [--json] [FILE...]\n"
    "       sudoku hint [--box RxC] [--diagonal] [--nodes N] [--json] [FILE...]\n"
    "       sudoku help\n";

static const char details[] =
    "\n"
    "Puzzles are read one per line from the FILEs, or from standard input when\n"
    "there are none (or for '-'). A line holds the N*N cells row by row: symbols\n"
    "1-9 then A-Z, blanks '.', '0' or '_'; spaces and '|', '+', '-' are ignored.\n"
    "Blank lines and lines starting with '#' are skipped. N comes from the cell\n"
    "count, with the most nearly square box (9: 3x3, 6: 2x3, 12: 3x4).\n"
    "\n"
    "solve: one line per puzzle, in input order: the solution, or\n"
    "      ! no_solution       nothing completes the givens\n"
    "      ! multiple          (--unique only) two or more solutions\n"
    "      ! conflict DETAILS  the givens repeat a symbol; per unit, 1-based:\n"
    "                          'row 1 symbol 5 cells r1c2 r1c7; box 2 ...'\n"
    "      ! invalid: REASON   the line is not a puzzle of the asked shape\n"
    "      ! limit             the --nodes budget ran out\n"
    "    A puzzle with several solutions prints the first one found; with\n"
    "    --unique it prints '! multiple'. Exit 1 when any puzzle was not solved.\n"
    "\n"
    "count: one line per puzzle: its number of solutions, or 'K+' when counting\n"
    "    stopped at K (--limit, default 1000000); '!' lines as for solve. Exit 1\n"
    "    on any '!' line.\n"
    "\n"
    "bench: times the solve calls alone. Each FILE is parsed into memory and\n"
    "    every puzzle randomly relabelled (rows in bands, bands, columns in\n"
    "    stacks, stacks, symbols; --seed, default 1) before the clock starts.\n"
    "    Prints a markdown table, one row per FILE, and how it was measured.\n"
    "    Solves stop at 2 solutions with --unique, else at 1. With --runs R\n"
    "    (default 1) the median run is reported. Every answer is checked against\n"
    "    FILE.solutions or FILE.counts when present, else by the rules (every\n"
    "    puzzle must then be solvable); a wrong answer is reported on stderr and\n"
    "    exits 1.\n"
    "\n"
    "generate: prints --count K (default 1) random solvable puzzles of size\n"
    "    N <= 35 with a fraction D (default 0.5) of the cells given, not\n"
    "    necessarily unique. The same --seed (default 1) gives the same puzzles.\n"
    "\n"
    "rate: one line per puzzle: its Sudoku Explainer-style score, level, hardest\n"
    "    technique and step count, 'search_nodes=M' when logic stalls (the score\n"
    "    is then above every technique), e.g. '4.2 hard xy_wing steps=57'.\n"
    "    Levels: easy <= 1.5 < medium <= 2.5 < hard <= 4.4 < expert <= 6.2 <\n"
    "    extreme. Puzzles without exactly one solution get '! multiple' etc.\n"
    "    --timing appends 'us=T', the microseconds of the rating call alone.\n"
    "\n"
    "explain: the steps of the rating path, one a line, '1. [1.2 hidden_single_box]\n"
    "    r1c4 = 5: the only place for 5 in box 2', then 'solved SCORE LEVEL' or\n"
    "    'stuck SCORE extreme', and a blank line.\n"
    "\n"
    "hint: lines 'PUZZLE[:ENTRIES[:MARKS]]': ENTRIES the user's digits as a grid,\n"
    "    MARKS N*N comma-separated pencil-mark lists ('' = none for that cell).\n"
    "    Prints 'mistake r1c2=5 r3c4 marks' (wrong entries; cells whose marks\n"
    "    leave out the right digit), else 'step [SCORE technique] TEXT', the\n"
    "    easiest next step from the user's state, else 'solved'.\n"
    "    rate, explain and hint take --json: one JSON object a line, the\n"
    "    shapes of /v1/rate, /v1/explain and /v1/hint (0-based row/col).\n"
    "\n"
    "Options:\n"
    "  --box RxC     boxes of R rows by C columns (N = R*C)\n"
    "  --diagonal    both main diagonals must also hold every symbol once\n"
    "  --threads N   solve on N threads, each with its own solver (0: one per\n"
    "                CPU; default 1); output stays in input order\n"
    "  --nodes N     give up on a puzzle after N search nodes\n"
    "\n"
    "Exit status: 0 success; 1 a puzzle not solved or a check failed; 2 a\n"
    "usage error or a file that cannot be read.\n";

void cli_usage(FILE *out)
{
    fputs(synopsis, out);
    fputs(details, out);
}

int cli_usage_error(void)
{
    fputs(synopsis, stderr);
    fputs("Run 'sudoku help' for the formats and options.\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) return cli_usage_error();
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "-h") == 0) {
        cli_usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "sudoku: unknown command '%s'\n", argv[1]);
    return cli_usage_error();
}
