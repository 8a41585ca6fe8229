/* unit_cli.c -- the `sudoku` command line (cli/commands.c), run in-process:
 * --version, per-command help by both spellings, usage errors, and the
 * seeded output of `sudoku random` and `sudoku generate`.
 *
 * cli_main() writes to the real stdout, which Criterion redirects to a pipe
 * the assertions read. Each test runs in its own process, so getopt's global
 * state starts fresh in every one.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "version.h"

static const char *const command_names[] = {"solve",   "count", "bench",    "random", "rate",
                                            "explain", "hint",  "generate", "scan"};

/* cli_usage(command) as a string (caller frees). */
static char *usage_of(const char *command)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    cr_assert_eq(cli_usage(f, command), 0, "%s", command ? command : "(all)");
    fclose(f);
    return text;
}

/* Runs the command line `line` (words split at spaces), flushing stdout for
 * the assertions. Returns the exit status. */
static int run(const char *line)
{
    static char buf[256];
    char *argv[16];
    int argc = 0;

    cr_assert_lt(strlen(line), sizeof(buf));
    strcpy(buf, line);
    for (char *w = strtok(buf, " "); w && argc < 15; w = strtok(NULL, " ")) argv[argc++] = w;
    argv[argc] = NULL;
    int status = cli_main(argc, argv);
    fflush(stdout);
    return status;
}

Test(cli, version_prints_the_release_the_server_reports, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku --version"), 0);
    cr_assert_stdout_eq_str("sudoku " SUDOKUD_VERSION "\n");
}

Test(cli, usage_of_one_command_names_no_other)
{
    for (size_t i = 0; i < sizeof(command_names) / sizeof(command_names[0]); i++) {
        char *text = usage_of(command_names[i]);
        char mine[32];
        snprintf(mine, sizeof(mine), "usage: sudoku %s ", command_names[i]);
        cr_assert(strncmp(text, mine, strlen(mine)) == 0, "%s:\n%s", command_names[i], text);
        for (size_t j = 0; j < sizeof(command_names) / sizeof(command_names[0]); j++) {
            char other[32];
            snprintf(other, sizeof(other), "sudoku %s ", command_names[j]);
            if (j != i)
                cr_assert_null(strstr(text, other), "%s mentions %s", command_names[i], other);
        }
        free(text);
    }
}

Test(cli, full_usage_lists_every_command)
{
    char *text = usage_of(NULL);
    for (size_t i = 0; i < sizeof(command_names) / sizeof(command_names[0]); i++) {
        char line[32];
        snprintf(line, sizeof(line), "sudoku %s ", command_names[i]);
        cr_assert_not_null(strstr(text, line), "%s missing", command_names[i]);
    }
    cr_assert_not_null(strstr(text, "sudoku help [COMMAND]"));
    free(text);
}

Test(cli, unknown_command_has_no_usage)
{
    cr_assert_eq(cli_usage(stdout, "frobnicate"), -1);
}

/* Runs `line` and checks that it printed the usage of `command` alone. */
static void assert_prints_usage_of(const char *line, const char *command)
{
    char *want = usage_of(command);
    cr_assert_eq(run(line), 0, "%s", line);
    cr_assert_stdout_eq_str(want, "%s", line);
    free(want);
}

Test(cli, help_command_prints_that_command_only, .init = cr_redirect_stdout)
{
    assert_prints_usage_of("sudoku help solve", "solve");
}

Test(cli, solve_help_flag_prints_solve_usage_only, .init = cr_redirect_stdout)
{
    assert_prints_usage_of("sudoku solve --help", "solve");
}

Test(cli, count_short_help_flag_prints_count_usage_only, .init = cr_redirect_stdout)
{
    assert_prints_usage_of("sudoku count -h", "count");
}

Test(cli, bench_help_flag_prints_bench_usage_only, .init = cr_redirect_stdout)
{
    assert_prints_usage_of("sudoku bench --help", "bench");
}

Test(cli, random_help_flag_prints_random_usage_only, .init = cr_redirect_stdout)
{
    assert_prints_usage_of("sudoku random --help", "random");
}

Test(cli, generate_help_flag_prints_generate_usage_only, .init = cr_redirect_stdout)
{
    assert_prints_usage_of("sudoku generate --help", "generate");
}

Test(cli, a_bad_option_prints_that_command_synopsis, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku random --bogus"), 2);
    fflush(stderr);
    cr_assert_stderr_eq_str("random: unrecognized option '--bogus'\n"
                            "usage: sudoku random --size N [--box RxC] [--density D] [--count K] "
                            "[--seed S]\n"
                            "Run 'sudoku help random' for the formats and options.\n");
}

Test(cli, help_for_an_unknown_command_is_a_usage_error, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku help nope"), 2);
}

Test(cli, unknown_command_is_a_usage_error, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku frobnicate --size 9"), 2);
}

Test(cli, random_prints_the_same_puzzles_for_the_same_seed, .init = cr_redirect_stdout)
{
    /* Recorded from `sudoku generate --size 9 --count 2 --seed 1` before this
     * mode was renamed and its generator moved into the library: files made
     * from a seed must stay reproducible. */
    cr_assert_eq(run("sudoku random --size 9 --count 2 --seed 1"), 0);
    cr_assert_stdout_eq_str(
        ".641...9.1.7.9..4682..4.17.543.....9.9.53.217...68.5...8..5.9.173.9.14.8...46.75.\n"
        "....3...5....25.4.5.24....121854.6.3..4...812.76.82.5969.31..24..59.6..88.1..4.96\n");
}

/* The seed contract seen from the command line: the library's pinned
 * puzzles (tests/unit_generate.c), one a line, whatever the thread count. */
static const char generated[] =
    ".37.2..41...31.....9...4.7...2...3.....142.....8...6...5.4...2.....71...17..6.49.\n"
    "...2715...2.45...9......72.........11.45.79.25.........12......6...28.7...7134...\n";

Test(cli, generate_prints_the_same_puzzles_for_the_same_seed, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku generate --count 2 --seed 1 --symmetry rotational"), 0);
    cr_assert_stdout_eq_str(generated);
}

Test(cli, generate_output_does_not_depend_on_threads, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku generate --count 2 --seed 1 --symmetry rotational --threads 2"), 0);
    cr_assert_stdout_eq_str(generated);
}

Test(cli, generate_json_carries_puzzle_solution_and_seed, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku generate --seed 2 --symmetry rotational --json"), 0);
    cr_assert_stdout_eq_str(
        "{\"puzzle\":\"...2715...2.45...9......72.........11.45.79.25.........12......6...28.7..."
        "7134...\",\"solution\":\"93627158472845631945189372627364985116458793258931264731276"
        "5498645928173897134265\",\"seed\":2,\"givens\":28,\"symmetry\":\"rotational\"}\n");
}

Test(cli, generate_difficulty_gives_a_rated_puzzle_of_that_level, .init = cr_redirect_stdout)
{
    /* `sudoku rate` says 2.8 hard of this puzzle too */
    cr_assert_eq(
        run("sudoku generate --difficulty hard --seed 3 --symmetry rotational --minimal --json"),
        0);
    cr_assert_stdout_eq_str(
        "{\"puzzle\":\"2...35...74.9..15..69..........6.3.5.1.....6.4.6.7..........64..34..7.82..."
        "68...3\",\"solution\":\"28173549674392615856984123792746831531825976445617382987539264"
        "1634517982192684573\",\"seed\":3,\"givens\":28,\"symmetry\":\"rotational\",\"score\":"
        "2.8,\"level\":\"hard\"}\n");
}

Test(cli, generate_refuses_an_unknown_difficulty, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku generate --difficulty diabolical"), 2);
}

Test(cli, generate_refuses_an_unknown_symmetry, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku generate --symmetry spiral"), 2);
}

Test(cli, generate_refuses_a_size_without_a_box, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku generate --size 7"), 2);
}

Test(cli, no_command_is_a_usage_error, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku"), 2);
}

Test(cli, rate_explain_and_hint_print_json_objects_with_json, .init = cr_redirect_stdout)
{
    char path[] = "/tmp/sudoku-cli-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("003020600900305001001806400008102900700000008006708200002609500800203009005010300\n"
          "1...............\n",
          f);
    fclose(f);
    char line[128];
    snprintf(line, sizeof(line), "sudoku rate --json %s", path);
    cr_assert_eq(run(line), 1, "the second line has several solutions");
    unlink(path);
    cr_assert_stdout_eq_str(
        "{\"score\":1.2,\"level\":\"easy\",\"hardest_technique\":\"hidden_single_box\","
        "\"needs_search\":false,\"techniques\":{\"full_house\":20,\"hidden_single_box\":29},"
        "\"steps\":49,"
        "\"search_nodes\":0}\n"
        "{\"error\":\"multiple\"}\n");
}

/* `sudoku scan` on the train photos of tests/data/scan/ (see its README). */
Test(cli, scan_prints_one_puzzle_line_per_photo, .init = cr_redirect_stdout, .timeout = 60)
{
    cr_assert_eq(run("sudoku scan tests/data/scan/printed9.jpg tests/data/scan/printed36.jpg"), 0);
    cr_assert_stdout_eq_str(
        "3.97.2...6.43..1.28.......9.9.....76.3629...1.4.6.......1..6.9...5..1.6...35....8\n"
        "7.........214.5.8.....29..6.123.6.9.84....5......5....9....3..2......7.8.6..1.4..\n");
}

Test(cli, scan_entries_follow_the_puzzle_after_a_colon, .init = cr_redirect_stdout, .timeout = 60)
{
    cr_assert_eq(run("sudoku scan --entries tests/data/scan/mixed9.jpg"), 0);
    cr_assert_stdout_eq_str(
        "3.97.2...6.43..1.28.......9.9.....76.3629...1.4.6.......1..6.9...5..1.6...35....8:"
        ".5..1.684.7..89.5..1246573.2.81435..5....784.1.7.5892372.83.4.548.92.3.796..7421.\n");
}

Test(cli, scan_of_a_file_that_is_no_photo_is_a_line_and_exit_1, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku scan tests/data/scan/not-image.txt"), 1);
    cr_assert_stdout_eq_str("! not_image: the bytes are not a JPEG, PNG or WebP image\n");
}

Test(cli, scan_without_an_image_is_a_usage_error, .init = cr_redirect_stderr)
{
    cr_assert_eq(run("sudoku scan"), 2);
}
