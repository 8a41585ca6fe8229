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
#include "tests/support/fixtures.h"
#include "version.h"

static const char *const command_names[] = {"solve",   "count", "bench",    "random", "rate",
                                            "explain", "hint",  "generate", "scan",   "convert"};

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

/* Writes contents to a new temporary file whose name goes to path (room for
 * 32 bytes); the caller unlinks it. */
static void temp_file(const char *contents, char *path)
{
    strcpy(path, "/tmp/sudoku-cli-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    cr_assert_not_null(f);
    fputs(contents, f);
    fclose(f);
}

/* Runs `sudoku ARGS FILE` on a temporary file holding contents. */
static int run_on(const char *args, const char *contents, char *path)
{
    char line[160];
    temp_file(contents, path);
    snprintf(line, sizeof(line), "sudoku %s %s", args, path);
    int status = run(line);
    unlink(path);
    return status;
}

Test(cli, rate_explain_and_hint_print_json_objects_with_json, .init = cr_redirect_stdout)
{
    char path[32], want[512];
    cr_assert_eq(run_on("rate --json",
                        "003020600900305001001806400008102900700000008006708200002609500800203009"
                        "005010300\n"
                        "1...............\n",
                        path),
                 1, "the second line has several solutions");
    snprintf(want, sizeof(want),
             "{\"score\":1.2,\"level\":\"easy\",\"hardest_technique\":\"hidden_single_box\","
             "\"needs_search\":false,\"techniques\":{\"full_house\":20,\"hidden_single_box\":29},"
             "\"steps\":49,\"search_nodes\":0}\n"
             "{\"error\":\"multiple\",\"file\":\"%s\",\"line\":2}\n",
             path);
    cr_assert_stdout_eq_str(want);
}

Test(cli, short_version_flag_prints_the_release, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku -V"), 0);
    cr_assert_stdout_eq_str("sudoku " SUDOKUD_VERSION "\n");
}

Test(cli, help_of_rate_explain_and_hint_explains_json)
{
    static const char *const takers[] = {"rate", "explain", "hint"};
    for (size_t i = 0; i < sizeof(takers) / sizeof(takers[0]); i++) {
        char *text = usage_of(takers[i]);
        cr_assert_not_null(strstr(text, "\n  --json "), "%s --help:\n%s", takers[i], text);
        free(text);
    }
}

/* tests/data/drawn.txt (a comment line, then the README's drawn grid) with
 * a UTF-8 byte-order mark first, as Windows editors write it, then the same
 * puzzle a row per line, a grid two rows short, and a puzzle on one line
 * (caller frees). */
static char *drawn_input(void)
{
    char *drawn = test_read_file("tests/data/drawn.txt", NULL), *text;
    cr_assert_gt(asprintf(&text,
                          "\xEF\xBB\xBF%s\n"
                          "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                          "7...2...6\n.6....28.\n...419..5\n....8..79\n"
                          "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                          "7...2...6\n.6....28.\n\n"
                          "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8.."
                          "2.3..9..5.1.3..\n",
                          drawn),
                 0);
    free(drawn);
    return text;
}

#define DRAWN_SOLUTION                                                                             \
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

Test(cli, solve_reads_grids_over_lines_and_names_the_line_of_a_bad_one, .init = cr_redirect_stdout)
{
    char path[32], want[512], *input = drawn_input();
    cr_assert_eq(run_on("solve", input, path), 1, "the short grid is not solved");
    free(input);
    snprintf(want, sizeof(want),
             DRAWN_SOLUTION "\n" DRAWN_SOLUTION "\n"
                            "! invalid: 81 cells expected, 63 found (%s:25)\n"
                            "483921657967345821251876493548132976729564138136798245372689514814253"
                            "769695417382\n",
             path);
    cr_assert_stdout_eq_str(want);
}

Test(cli, threaded_solve_and_rate_read_the_same_records, .init = cr_redirect_stdout)
{
    char path[32], *input = drawn_input();
    cr_assert_eq(run_on("solve --threads 2", input, path), 1);
    optind = 0;
    cr_assert_eq(run_on("rate", input, path), 1);
    free(input);
    FILE *out = cr_get_redirected_stdout();
    char line[256];
    int n = 0, bad = 0;
    while (fgets(line, sizeof(line), out)) {
        n++;
        bad += strncmp(line, "! invalid: 81 cells expected, 63 found (", 40) == 0;
    }
    cr_assert_eq(n, 8, "four records, twice");
    cr_assert_eq(bad, 2);
}

/* The seed a run without --seed told on stderr ("sudoku: CMD: seed S"). */
static unsigned long long told_seed(FILE *err, const char *command)
{
    char line[128], want[64];
    cr_assert_not_null(fgets(line, sizeof(line), err));
    int n = snprintf(want, sizeof(want), "sudoku: %s: seed ", command);
    cr_assert_eq(strncmp(line, want, (size_t)n), 0, "%s", line);
    char *end;
    unsigned long long seed = strtoull(line + n, &end, 10);
    cr_assert(end > line + n && *end == '\n', "%s", line);
    return seed;
}

/* Runs `sudoku CMD ARGS` twice without --seed and once with the first
 * run's seed: the first two differ, the third repeats the first. */
static void assert_random_seed_repeats(const char *command, const char *args)
{
    char line[128], first[1024], second[1024], again[1024];
    FILE *out = cr_get_redirected_stdout(), *err = cr_get_redirected_stderr();

    snprintf(line, sizeof(line), "sudoku %s %s", command, args);
    cr_assert_eq(run(line), 0);
    fflush(stderr);
    unsigned long long s1 = told_seed(err, command);
    cr_assert_not_null(fgets(first, sizeof(first), out));
    optind = 0;
    cr_assert_eq(run(line), 0);
    fflush(stderr);
    unsigned long long s2 = told_seed(err, command);
    cr_assert_not_null(fgets(second, sizeof(second), out));
    cr_assert_neq(s1, s2, "two runs, two seeds (a 1 in 2^32 chance to fail)");
    cr_assert_str_neq(first, second);
    snprintf(line, sizeof(line), "sudoku %s %s --seed %llu", command, args, s1);
    optind = 0;
    cr_assert_eq(run(line), 0);
    cr_assert_not_null(fgets(again, sizeof(again), out));
    cr_assert_str_eq(again, first);
}

Test(cli, generate_without_a_seed_picks_one_and_tells_it, .init = cr_redirect_stdout)
{
    cr_redirect_stderr();
    assert_random_seed_repeats("generate", "--symmetry rotational");
}

Test(cli, random_without_a_seed_picks_one_and_tells_it, .init = cr_redirect_stdout)
{
    cr_redirect_stderr();
    assert_random_seed_repeats("random", "--size 9");
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

Test(cli, convert_writes_each_format_from_a_file, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku convert --to line tests/data/formats/sudocue.sdk "
                     "tests/data/formats/simple.ss tests/data/formats/three.sdm"),
                 0);
    char *sdm = test_read_file("tests/data/formats/three.sdm", NULL);
    char want[512];
    snprintf(want, sizeof(want), "%.82s%.82s%s",
             "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1\n",
             "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1\n",
             sdm);
    free(sdm);
    cr_assert_stdout_eq_str(want);
}

Test(cli, commands_read_every_format, .init = cr_redirect_stdout)
{
    /* an .sdk with metadata and a bordered pencil-mark grid are one puzzle each */
    cr_assert_eq(run("sudoku solve tests/data/formats/sudocue.sdk tests/data/formats/bordered.pm "
                     "tests/data/formats/sudokuwiki.link"),
                 0);
#define SOLUTION                                                                                   \
    "278145693354698712916273485692817354837564129145329876423751968581936247769482531\n"
    cr_assert_stdout_eq_str(SOLUTION SOLUTION SOLUTION);
#undef SOLUTION
}

Test(cli, convert_refuses_a_bad_file_and_an_unknown_format)
{
    cr_expect_eq(run("sudoku convert --to line tests/data/formats/bad/truncated.sdk"), 1);
    cr_expect_eq(run("sudoku convert --to xml tests/data/formats/sudocue.sdk"), 2);
    cr_expect_eq(run("sudoku convert tests/data/formats/sudocue.sdk"), 2);
}

/* f-puzzles variants go through the variant reader: the killer's answer is
 * the grid its cages were cut from (tests/data/README.md). */
Test(cli, solve_reads_a_variant, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku solve tests/data/variants/killer.fpuzzles.json"), 0);
    cr_assert_stdout_eq_str(
        "135849672269357841748261359896524137412736598357198264574612983681973425923485716\n");
}

Test(cli, true_candidates_list_each_cell_s_digits, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku solve --true-candidates tests/data/variants/one-cage.fpuzzles.json"),
                 0);
    cr_assert_stdout_eq_str("12 12 34 34 34 34 12 12 1234 1234 1234 1234 1234 1234 1234 1234\n");
}

Test(cli, count_reads_a_variant, .init = cr_redirect_stdout)
{
    cr_assert_eq(run("sudoku count tests/data/variants/one-cage.fpuzzles.json"), 0);
    cr_assert_stdout_eq_str("48\n");
}

/* A variant converts to the two links that carry its constraints, which
 * read back to the same puzzle; to any other format it is refused. */
Test(cli, convert_writes_a_variant_as_a_link_that_solves_alike, .init = cr_redirect_stdout)
{
    const char *killer = "tests/data/variants/killer.fpuzzles.json";
    const char *prefixes[] = {"https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuz"};
    char line[160], links[2][4096], path[32];
    cr_redirect_stderr(); /* the refusal's message */
    snprintf(line, sizeof(line), "sudoku convert --to fpuzzles %s", killer);
    cr_assert_eq(run(line), 0);
    optind = 0;
    snprintf(line, sizeof(line), "sudoku convert --to sudokupad-link %s", killer);
    cr_assert_eq(run(line), 0);
    FILE *out = cr_get_redirected_stdout();
    for (int i = 0; i < 2; i++) {
        cr_assert_not_null(fgets(links[i], sizeof(links[i]), out));
        cr_assert(strncmp(links[i], prefixes[i], strlen(prefixes[i])) == 0, "%s", links[i]);
    }
    for (int i = 0; i < 2; i++) {
        optind = 0;
        cr_assert_eq(run_on("solve", links[i], path), 0);
        char solution[128];
        cr_assert_not_null(fgets(solution, sizeof(solution), out));
        cr_assert_str_eq(solution, "135849672269357841748261359896524137412736598357198264574612983"
                                   "681973425923485716\n");
    }
    optind = 0;
    snprintf(line, sizeof(line), "sudoku convert --to line %s", killer);
    cr_assert_eq(run(line), 1, "a line cannot carry the cages");
}

Test(cli, a_constraint_the_reader_does_not_know_is_an_invalid_line, .init = cr_redirect_stdout)
{
    cr_expect_eq(run("sudoku solve tests/data/variants/bad/xsum.fpuzzles.json"), 1);
    cr_assert_stdout_eq_str(
        "! invalid: f-puzzles key \"xsum\" is a constraint this reader does not "
        "support (tests/data/variants/bad/xsum.fpuzzles.json:1)\n");
}
