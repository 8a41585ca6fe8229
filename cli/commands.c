/* commands.c -- `sudoku`, the command-line face of libsudoku: dispatch and usage.
 *
 * One binary with subcommands (solve, count, bench, random, generate, rate,
 * explain, hint), git style, so
 * the shape options and the puzzle line format are learnt once. Each command
 * lives in its own file and returns the exit status; this file only picks
 * it and holds the usage text, the one place the interface is documented.
 *
 * DESIGN. The usage is data: one row per command (its synopsis, what it
 * does, which shared options it takes) and one row per shared option, so
 * `sudoku help` prints every row and `sudoku help CMD` or `sudoku CMD --help`
 * the rows of CMD alone, from the same text.
 */
#include "cli/commands.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "solver/sudoku.h"
#include "version.h"

/* A macro's value as a string literal, so the usage text quotes the limits
 * the code uses instead of copies of them. */
#define CLI_STR_(x) #x
#define CLI_STR(x)  CLI_STR_(x)
/* Object-like, so the usage text around them stays one literal per line. */
#define CLI_TEXT_SIZE_STR CLI_STR(SUDOKU_MAX_TEXT_SIZE)
#define CLI_ATTEMPTS_STR  CLI_STR(CLI_GENERATE_ATTEMPTS)

/* Which puzzle-reading commands take a shared option: a bit per command. */
enum {
    TAKES_BOX = 1 << 0,
    TAKES_DIAGONAL = 1 << 1,
    TAKES_THREADS = 1 << 2,
    TAKES_NODES = 1 << 3,
    TAKES_JSON = 1 << 4, /* the --json of rate, explain and hint */
};

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    bool reads_puzzles; /* takes puzzle lines: the input format applies */
    unsigned options;   /* TAKES_* */
    const char *synopsis;
    const char *details;
} commands[] = {
    {"solve", cli_solve_main, true, TAKES_BOX | TAKES_DIAGONAL | TAKES_THREADS | TAKES_NODES,
     "sudoku solve [--unique] [--true-candidates] [--box RxC] [--diagonal] [--threads N]\n"
     "             [--nodes N] [FILE...]",
     "solve: one line per puzzle, in input order: the solution, or\n"
     "      ! no_solution       nothing completes the givens\n"
     "      ! multiple          (--unique only) two or more solutions\n"
     "      ! conflict DETAILS  the givens repeat a symbol; per unit, 1-based:\n"
     "                          'row 1 symbol 5 cells r1c2 r1c7; box 2 ...'\n"
     "      ! invalid: REASON   the line is not a puzzle of the asked shape\n"
     "      ! limit             the --nodes budget ran out\n"
     "    A puzzle with several solutions prints the first one found; with\n"
     "    --unique it prints '! multiple'. Exit 1 when any puzzle was not solved.\n"
     "    Variants: f-puzzles links, their LZ-String data and JSON, and SudokuPad\n"
     "    fpuz links are solved with their constraints (killer cages, arrows, ...;\n"
     "    README 'Variant Sudoku'). --true-candidates prints, instead of the\n"
     "    solution, the digits each cell holds in some solution: N*N space-separated\n"
     "    groups (grids up to 16x16).\n"},
    {"count", cli_count_main, true, TAKES_BOX | TAKES_DIAGONAL | TAKES_THREADS | TAKES_NODES,
     "sudoku count [--limit K] [--box RxC] [--diagonal] [--threads N] [--nodes N] [FILE...]",
     "count: one line per puzzle: its number of solutions, or 'K+' when counting\n"
     "    stopped at K (--limit, default " CLI_STR(
         CLI_COUNT_LIMIT) "); '!' lines as for solve. Exit 1\n"
                          "    on any '!' line.\n"},
    {"bench", cli_bench_main, true, TAKES_BOX | TAKES_THREADS,
     "sudoku bench [--unique] [--box RxC] [--threads N] [--runs R] [--seconds S]\n"
     "             [--wall] [--seed S] [--as-written] FILE...",
     "bench: times the solve calls alone. Each FILE is parsed into memory,\n"
     "    solved once untimed, then copied until a round takes --seconds S of\n"
     "    CPU time (default 1), every puzzle of every copy randomly relabelled\n"
     "    (rows in bands, bands, columns in stacks, stacks, symbols; --seed,\n"
     "    default 1). Prints a markdown table, one row per FILE: the median of\n"
     "    --runs R rounds (default 5), and how it was measured. --wall times\n"
     "    the rounds by the wall clock, as other solvers' benchmarks do.\n"
     "    --as-written skips the relabelling: the puzzles as the file has them,\n"
     "    as a server would get them. Solves stop at 2 solutions with --unique,\n"
     "    else at 1. Every answer is checked against FILE.solutions or\n"
     "    FILE.counts when present, else by the rules (every puzzle must then\n"
     "    be solvable); a wrong answer is reported on stderr and exits 1.\n"},
    {"random", cli_random_main, false, TAKES_BOX,
     "sudoku random --size N [--box RxC] [--density D] [--count K] [--seed S]",
     "random: prints --count K (default 1) random solvable puzzles of size\n"
     "    N <= " CLI_STR(
         SUDOKU_MAX_TEXT_SIZE) " with a fraction D (default 0.5) of the cells given, not\n"
                               "    necessarily unique: a random full grid with cells blanked at "
                               "random.\n"
                               "    The same --seed gives the same puzzles; without one, the\n"
                               "    seed is random and told on stderr.\n"},
    {"rate", cli_rate_main, true, TAKES_BOX | TAKES_DIAGONAL | TAKES_NODES | TAKES_JSON,
     "sudoku rate [--box RxC] [--diagonal] [--nodes N] [--timeout-ms MS] [--timing] [--json]\n"
     "            [FILE...]",
     "rate: one line per puzzle: its Sudoku Explainer-style score, level, hardest\n"
     "    technique and step count, 'search_nodes=M' when logic stalls (the score\n"
     "    is then above every technique), e.g. '4.2 hard xy_wing steps=57'.\n"
     "    Levels: easy <= 1.5 < medium <= 2.5 < hard <= 4.4 < expert <= 6.2 <\n"
     "    extreme. Puzzles without exactly one solution get '! multiple' etc.\n"
     "    --timing appends 'us=T', the microseconds of the rating call alone.\n"
     "    --timeout-ms MS gives each puzzle MS milliseconds (as /v1/rate's\n"
     "    timeout_ms); one that runs out ends in ' limit', its score then a lower\n"
     "    bound: the hardest step so far, or the least score left to search.\n"},
    {"explain", cli_explain_main, true, TAKES_BOX | TAKES_DIAGONAL | TAKES_NODES | TAKES_JSON,
     "sudoku explain [--box RxC] [--diagonal] [--nodes N] [--timeout-ms MS] [--json] [FILE...]",
     "explain: the steps of the rating path, one a line, '1. [1.2 hidden_single_box]\n"
     "    r1c4 = 5: the only place for 5 in box 2', then 'solved SCORE LEVEL' or\n"
     "    'stuck SCORE extreme', and a blank line; 'limit SCORE LEVEL' (the hardest\n"
     "    step so far) when --timeout-ms MS, each puzzle's budget, runs out.\n"},
    {"hint", cli_hint_main, true, TAKES_BOX | TAKES_DIAGONAL | TAKES_NODES | TAKES_JSON,
     "sudoku hint [--box RxC] [--diagonal] [--nodes N] [--timeout-ms MS] [--json] [FILE...]",
     "hint: lines 'PUZZLE[:ENTRIES[:MARKS]]': ENTRIES the user's digits as a grid,\n"
     "    MARKS N*N comma-separated pencil-mark lists ('' = none for that cell).\n"
     "    Prints 'mistake r1c2=5 r3c4 marks' (wrong entries; cells whose marks\n"
     "    leave out the right digit), else 'step [SCORE technique] TEXT', the\n"
     "    easiest next step from the user's state, else 'solved'.\n"},
    {"generate", cli_generate_main, false, TAKES_BOX | TAKES_DIAGONAL | TAKES_THREADS,
     "sudoku generate [--count K] [--seed S] [--difficulty L] [--symmetry X]\n"
     "                [--size N|--box RxC] [--diagonal] [--minimal] [--threads N] [--json]\n"
     "                [--technique T [--start technique] [--timeout-ms MS] [--fresh]]",
     "generate: prints --count K (default 1) puzzles with exactly one solution,\n"
     "    one a line, of size N (default 9, at most " CLI_TEXT_SIZE_STR ").\n"
     "    Puzzle i (from 0) is made from seed S+i (--seed; without it S is random\n"
     "    and printed on stderr, 'sudoku: generate: seed S'): the same seed and\n"
     "    options give the same puzzle on every machine and with any --threads,\n"
     "    and '--seed S+i --count 1' makes it again alone.\n"
     "      --difficulty L  easy, medium, hard, expert or extreme: the level\n"
     "                      'sudoku rate' gives the puzzle; tries up to\n"
     "                      " CLI_ATTEMPTS_STR " candidates a puzzle (default: any level)\n"
     "      --symmetry X    where the givens stand: none (default), rotational\n"
     "                      (half turn), rotational90 (quarter turn), mirror\n"
     "                      (left-right), diagonal (main diagonal)\n"
     "      --minimal       remove every given (every symmetric group of givens)\n"
     "                      that can go; slower, fewer givens, harder\n"
     "      --json          {\"puzzle\", \"solution\", \"seed\", \"givens\", \"symmetry\"}\n"
     "                      a line, with \"score\" and \"level\" for --difficulty\n"
     "      --technique T   a puzzle whose hardest step ('sudoku rate') is the\n"
     "                      technique T (x_wing, xy_wing, unique_rectangle, ...),\n"
     "                      found within --timeout-ms MS (default 10000) a puzzle\n"
     "      --start technique  also the state before T's first step, as\n"
     "                      'PUZZLE:ENTRIES:MARKS' for 'sudoku hint' (with --json,\n"
     "                      \"entries\" and \"candidates\")\n"
     "      --fresh         search from random puzzles only, never from the\n"
     "                      built-in examples of the rarest techniques\n"
     "    A line that could not be made is '! STATUS seed S' ('! limit' when no\n"
     "    candidate met --difficulty or --technique), and exits 1.\n"},
    {"scan", cli_scan_main, false, 0, "sudoku scan [--entries] [--json] IMAGE...",
     "scan: reads the Sudoku grid in each photo (JPEG, PNG or WebP; '-' for\n"
     "    standard input), one line per IMAGE: the printed givens as a puzzle line\n"
     "    ('.' blank); with --entries then ':' and the digits written by hand into\n"
     "    empty cells, the PUZZLE:ENTRIES form hint reads; with --json the reading\n"
     "    as POST /v1/scan answers it (status, puzzle, entries, corners,\n"
     "    confidence, changed, conflicts, timing_us). A photo with no grid prints\n"
     "    '! STATUS: REASON'. Exit 1 when a photo has no grid or its givens are not\n"
     "    one puzzle with exactly one solution (said on stderr).\n"},
    {"convert", cli_convert_main, false, 0,
     "sudoku convert --to FORMAT [--format FORMAT] [FILE...]",
     "convert: writes each puzzle in FORMAT: line, sdk, sdm, ss, pm-grid, hodoku,\n"
     "    fpuzzles, sudokupad-link, sudokuwiki-link or json ({\"puzzle\", \"entries\",\n"
     "    \"candidates\", \"metadata\"}). Input in any of them but json, told\n"
     "    from the text (--format names it): a file that opens an .sdk with\n"
     "    metadata, an .ss, a pencil-mark grid or f-puzzles JSON is one puzzle;\n"
     "    any other holds a puzzle a line or a drawn grid, each line in its own\n"
     "    format (the text form, a HoDoKu library line, a link). What FORMAT\n"
     "    cannot hold (entries, candidates, metadata) is left out. A variant\n"
     "    (f-puzzles data with constraints) is written as fpuzzles or\n"
     "    sudokupad-link only: their links carry its constraints. Exit 1 when a\n"
     "    puzzle cannot be read or written (said on stderr, FILE:LINE).\n"},
};

static const struct option_help {
    unsigned bit;
    const char *text;
} option_help[] = {
    {TAKES_BOX, "  --box RxC     boxes of R rows by C columns (N = R*C)\n"},
    {TAKES_DIAGONAL, "  --diagonal    both main diagonals must also hold every symbol once\n"},
    {TAKES_THREADS, "  --threads N   solve on N threads, each with its own solver (0: one per\n"
                    "                CPU; default 1); output stays in input order\n"},
    {TAKES_NODES, "  --nodes N     give up on a puzzle after N search nodes\n"},
    {TAKES_JSON, "  --json        one JSON object a puzzle: the members /v1/rate, /v1/explain\n"
                 "                or /v1/hint answer with, or {\"error\", \"file\", \"line\"}\n"},
};

static const char help_synopsis[] =
    "sudoku help [COMMAND] | sudoku [COMMAND] --help | -h | sudoku --version | -V";

static const char input_format[] =
    "Puzzles are read from the FILEs, or from standard input when there are none\n"
    "(or for '-'). A puzzle is its N*N cells row by row: symbols 1-9 then A-Z,\n"
    "blanks '.', '0' or '_'; spaces and '|', '+', '-' are ignored. It is written\n"
    "on one line, or a row per line (N lines of N cells; lines of '+', '-' and\n"
    "'|' between them are borders, as in a drawn grid). Blank lines and lines\n"
    "starting with '#' are skipped; a blank line also ends a grid that is short.\n"
    "N comes from --box, else from the cell count (a line of 16 cells is a 4x4\n"
    "puzzle unless a symbol above 4 makes it a row of a 16x16), with the most\n"
    "nearly square box (9: 3x3, 6: 2x3, 12: 3x4). A UTF-8 byte-order mark at\n"
    "the start of a file is skipped. A '!' line ends in (FILE:LINE), where its\n"
    "puzzle starts.\n";

static const char exit_status[] =
    "Exit status: 0 success; 1 a puzzle not solved or a check failed; 2 a\n"
    "usage error or a file that cannot be read.\n";

enum { NCOMMANDS = sizeof(commands) / sizeof(commands[0]) };

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0) return &commands[i];
    return NULL;
}

/* The synopsis lines of cmd, or of every command and `help` for NULL. */
static void print_synopsis(FILE *out, const struct command *cmd)
{
    const char *lead = "usage: ";

    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (cmd && cmd != &commands[i]) continue;
        fprintf(out, "%s%s\n", lead, commands[i].synopsis);
        lead = "       ";
    }
    if (!cmd) fprintf(out, "%s%s\n", lead, help_synopsis);
}

/* The shared options whose bits are in `options`, under one heading. */
static void print_options(FILE *out, unsigned options)
{
    if (options == 0) return;
    fputs("\nOptions:\n", out);
    for (size_t i = 0; i < sizeof(option_help) / sizeof(option_help[0]); i++)
        if (options & option_help[i].bit) fputs(option_help[i].text, out);
}

int cli_usage(FILE *out, const char *command)
{
    const struct command *cmd = command ? find_command(command) : NULL;
    bool reads_puzzles = false;
    unsigned options = 0;

    if (command && !cmd) return -1;
    print_synopsis(out, cmd);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (cmd && cmd != &commands[i]) continue;
        reads_puzzles |= commands[i].reads_puzzles;
        options |= commands[i].options;
    }
    if (reads_puzzles) fprintf(out, "\n%s", input_format);
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!cmd || cmd == &commands[i]) fprintf(out, "\n%s", commands[i].details);
    print_options(out, options);
    fprintf(out, "\n%s", exit_status);
    return 0;
}

int cli_usage_error(const char *command)
{
    const struct command *cmd = command ? find_command(command) : NULL;

    print_synopsis(stderr, cmd);
    fprintf(stderr, "Run 'sudoku help%s%s' for the formats and options.\n", cmd ? " " : "",
            cmd ? cmd->name : "");
    return 2;
}

int cli_help_or_usage_error(int opt, const char *command)
{
    if (opt != 'h') return cli_usage_error(command);
    cli_usage(stdout, command);
    return 0;
}

static bool is_help_flag(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2) return cli_usage_error(NULL);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("sudoku %s\n", SUDOKUD_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0 || is_help_flag(argv[1])) {
        if (argc > 3) return cli_usage_error(NULL);
        if (cli_usage(stdout, argc == 3 ? argv[2] : NULL) == 0) return 0;
        fprintf(stderr, "sudoku: help: unknown command '%s'\n", argv[2]);
        return cli_usage_error(NULL);
    }
    const struct command *cmd = find_command(argv[1]);
    if (cmd) return cmd->run(argc - 1, argv + 1);
    fprintf(stderr, "sudoku: unknown command '%s'\n", argv[1]);
    return cli_usage_error(NULL);
}
