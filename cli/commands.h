/* commands.h -- the entry points of the `sudoku` subcommands and the usage.
 *
 * main.c dispatches on argv[1]; each command parses its own options from
 * argv (argv[0] is the command name) and returns the process exit status:
 * 0 success, 1 some puzzle not answered or a check failed, 2 usage or I/O
 * error.
 */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

#include <stdio.h>

int cli_solve_main(int argc, char **argv);
int cli_count_main(int argc, char **argv);
int cli_bench_main(int argc, char **argv);
int cli_generate_main(int argc, char **argv);
int cli_rate_main(int argc, char **argv);
int cli_explain_main(int argc, char **argv);
int cli_hint_main(int argc, char **argv);

/* Prints the full usage text, every command with its formats, to out. */
void cli_usage(FILE *out);

/* Prints the short usage to stderr and returns 2: the answer to a bad
 * command line, after the caller has said what was wrong. */
int cli_usage_error(void);

#endif /* CLI_COMMANDS_H */
