/* commands.h -- the entry points of the `sudoku` subcommands and the usage.
 *
 * cli_main() dispatches on argv[1]; each command parses its own options from
 * argv (argv[0] is the command name) and returns the process exit status:
 * 0 success, 1 some puzzle not answered or a check failed, 2 usage or I/O
 * error.
 */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

#include <stdio.h>

/* The default --limit of `count`: large enough for any proper or
 * near-proper puzzle, small enough to return within a few seconds on a
 * wide-open grid. A plain number: the usage text spells it. */
#define CLI_COUNT_LIMIT 1000000

/* Candidate puzzles `generate --difficulty` tries for one line before it
 * gives up: an expert 9x9 takes some 40 on average, a miss after this many
 * is then below one in 10^10. A plain number: the usage text spells it. */
#define CLI_GENERATE_ATTEMPTS 1000

int cli_solve_main(int argc, char **argv);
int cli_count_main(int argc, char **argv);
int cli_bench_main(int argc, char **argv);
int cli_random_main(int argc, char **argv);
int cli_generate_main(int argc, char **argv);
int cli_rate_main(int argc, char **argv);
int cli_explain_main(int argc, char **argv);
int cli_hint_main(int argc, char **argv);
int cli_scan_main(int argc, char **argv);
int cli_convert_main(int argc, char **argv);

/* The whole command line of `sudoku` (argv[0] is the program): runs the
 * command argv[1] names, or answers `help [COMMAND]`, `--help`, `-h` and
 * `--version` or `-V` on stdout. Returns the exit status. Uses getopt, so not
 * reentrant: one call per process, or reset optind between calls. */
int cli_main(int argc, char **argv);

/* Prints the usage of `command` alone (its synopsis, input format, output,
 * options and the exit status), or of every command when command is NULL,
 * to out. Returns 0, or -1 (nothing printed) when no command has that name. */
int cli_usage(FILE *out, const char *command);

/* Prints the short usage of `command` (every command's when NULL or
 * unknown) to stderr and returns 2: the answer to a bad command line, after
 * the caller has said what was wrong. */
int cli_usage_error(const char *command);

/* The last cases of every command's getopt switch, `h` and anything getopt
 * refused (it has said why): prints the usage of `command` to stdout and
 * returns 0 for opt 'h', else returns cli_usage_error(command). */
int cli_help_or_usage_error(int opt, const char *command);

#endif /* CLI_COMMANDS_H */
