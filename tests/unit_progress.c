/* unit_progress.c -- the CLI's progress line (cli/progress.c): its text, how
 * often it is drawn (on a clock the test gives), and that it shows only when
 * stderr is a terminal: `sudoku rate`, `solve` and `generate` with stderr on a
 * pseudo-terminal draw it and erase it at the end, and with stderr on a pipe
 * write nothing there, their stdout the same either way.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/progress.h"

#define MS UINT64_C(1000000)

static const char *format(uint64_t done, uint64_t total, uint64_t elapsed_ns)
{
    static char line[CLI_PROGRESS_LINE];
    cli_progress_format(line, sizeof(line), "rate", "puzzles", done, total, elapsed_ns);
    return line;
}

Test(progress, the_line_says_done_of_total_the_rate_and_the_time_left)
{
    cr_assert_str_eq(format(120, 375, 2000 * MS), "rate: 120/375 puzzles (32%), 60.0/s, 0:04 left");
    cr_assert_str_eq(format(3, 375, 2000 * MS), "rate: 3/375 puzzles (0%), 1.50/s, 4:08 left");
    cr_assert_str_eq(format(1000, 100000, 1000 * MS),
                     "rate: 1000/100000 puzzles (1%), 1000/s, 1:39 left");
    cr_assert_str_eq(format(1, 10000, 1000 * MS),
                     "rate: 1/10000 puzzles (0%), 1.00/s, 2:46:39 left");
    cr_assert_str_eq(format(375, 375, 2000 * MS), "rate: 375/375 puzzles (100%), 188/s");
}

Test(progress, an_unknown_total_gives_the_count_and_rate_without_a_time_left)
{
    cr_assert_str_eq(format(120, 0, 2000 * MS), "rate: 120 puzzles, 60.0/s");
    /* a total that proves wrong (a file that grew) is not trusted */
    cr_assert_str_eq(format(400, 375, 2000 * MS), "rate: 400 puzzles, 200/s");
    cr_assert_str_eq(format(0, 375, 0), "rate: 0/375 puzzles (0%)");
}

Test(progress, a_short_buffer_gets_a_cut_line)
{
    char line[12];
    size_t n = cli_progress_format(line, sizeof(line), "rate", "puzzles", 120, 375, 2000 * MS);
    cr_assert_eq(n, 11);
    cr_assert_str_eq(line, "rate: 120/3");
}

/* A memstream standing for the terminal. */
typedef struct screen {
    FILE *f;
    char *text;
    size_t len, seen;
} screen;

static screen *screen_open(void)
{
    screen *s = calloc(1, sizeof(*s));
    s->f = open_memstream(&s->text, &s->len);
    cr_assert_not_null(s->f);
    return s;
}

/* What was written since the last look ("" for nothing); valid until the next write. */
static const char *screen_news(screen *s)
{
    fflush(s->f);
    const char *news = s->text ? s->text + s->seen : "";
    s->seen = s->len;
    return news;
}

static void screen_close(screen *s)
{
    fclose(s->f);
    free(s->text);
    free(s);
}

Test(progress, it_draws_at_the_first_item_then_at_most_every_250_ms_and_erases_at_the_end)
{
    screen *s = screen_open();
    cli_progress p;
    cli_progress_init(&p, s->f, false, "generate", "puzzles", 10, 0);
    cli_progress_tick(&p, 1, 100 * MS);
    cr_assert_str_eq(screen_news(s), "\rgenerate: 1/10 puzzles (10%), 10.0/s, 0:01 left\033[K");
    cli_progress_tick(&p, 1, 200 * MS); /* 100 ms after the first draw: not yet */
    cli_progress_tick(&p, 1, 349 * MS);
    cr_assert_str_eq(screen_news(s), "");
    cli_progress_tick(&p, 1, 350 * MS);
    cr_assert_str_eq(screen_news(s), "\rgenerate: 4/10 puzzles (40%), 11.4/s, 0:01 left\033[K");
    /* not interleaved: stdout goes elsewhere, so the line stays up */
    cli_progress_clear(&p);
    cr_assert_str_eq(screen_news(s), "");
    cli_progress_end(&p);
    cr_assert_str_eq(screen_news(s), "\r\033[K");
    cli_progress_end(&p); /* nothing shown: nothing to erase */
    cr_assert_str_eq(screen_news(s), "");
    screen_close(s);
}

Test(progress, interleaved_it_erases_before_stdout_lines_and_draws_again_at_the_next_item)
{
    screen *s = screen_open();
    cli_progress p;
    cli_progress_init(&p, s->f, true, "rate", "puzzles", 0, 0);
    cli_progress_tick(&p, 1, 1000 * MS);
    cr_assert_str_eq(screen_news(s), "\rrate: 1 puzzles, 1.00/s\033[K");
    cli_progress_clear(&p);
    cr_assert_str_eq(screen_news(s), "\r\033[K");
    cli_progress_tick(&p, 1, 1001 * MS); /* 1 ms later, but the line was erased */
    cr_assert_str_eq(screen_news(s), "\rrate: 2 puzzles, 2.00/s\033[K");
    screen_close(s);
}

Test(progress, silent_it_writes_nothing)
{
    cli_progress p;
    cli_progress_init(&p, NULL, true, "rate", "puzzles", 10, 0);
    cr_assert_not(cli_progress_on(&p));
    cli_progress_tick(&p, 5, 1000 * MS);
    cli_progress_clear(&p);
    cli_progress_end(&p);
    cr_assert_not(atomic_load(&p.shown));
}

/* ---- the commands, with stderr on a pseudo-terminal or a pipe ---- */

/* Runs the command line (words split at spaces) with stdout into a temporary
 * file and stderr on fd err; returns what stdout got (caller frees). */
static char *run_with_stderr(const char *line, int err)
{
    char buf[256], *argv[16];
    int argc = 0;
    snprintf(buf, sizeof(buf), "%s", line);
    for (char *w = strtok(buf, " "); w && argc < 15; w = strtok(NULL, " ")) argv[argc++] = w;
    argv[argc] = NULL;
    FILE *out = tmpfile();
    cr_assert_not_null(out);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO);
    dup2(fileno(out), STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    optind = 0; /* getopt starts afresh for each command line */
    cr_assert_lt(cli_main(argc, argv), 2, "%s", line);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, STDOUT_FILENO);
    dup2(saved_err, STDERR_FILENO);
    close(saved_out);
    close(saved_err);
    long n = ftell(out);
    char *text = calloc((size_t)n + 1, 1);
    rewind(out);
    cr_assert_eq(fread(text, 1, (size_t)n, out), (size_t)n);
    fclose(out);
    return text;
}

/* All that is waiting on fd (non-blocking), as a string (caller frees). */
static char *drain(int fd)
{
    size_t cap = 1 << 16, n = 0;
    char *text = calloc(cap, 1);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    ssize_t got;
    while (n + 1 < cap && (got = read(fd, text + n, cap - n - 1)) > 0) n += (size_t)got;
    return text;
}

static void assert_progress_only_on_a_terminal(const char *line, const char *starts)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert_geq(master, 0);
    cr_assert_eq(grantpt(master), 0);
    cr_assert_eq(unlockpt(master), 0);
    int tty = open(ptsname(master), O_RDWR | O_NOCTTY);
    cr_assert_geq(tty, 0);
    char *on_tty = run_with_stderr(line, tty);
    char *shown = drain(master);
    close(tty);
    close(master);

    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    char *on_pipe = run_with_stderr(line, fds[1]);
    close(fds[1]);
    char *piped = drain(fds[0]);
    close(fds[0]);

    cr_assert_str_eq(on_tty, on_pipe, "%s: stdout does not depend on stderr", line);
    cr_assert_str_eq(piped, "", "%s: nothing on a piped stderr", line);
    cr_assert(strncmp(shown, starts, strlen(starts)) == 0, "%s: the terminal shows \"%s\"", line,
              shown);
    size_t n = strlen(shown);
    cr_assert(n > 4 && strcmp(shown + n - 4, "\r\033[K") == 0, "%s: the line is erased at the end",
              line);
    free(on_tty);
    free(on_pipe);
    free(shown);
    free(piped);
}

Test(progress, rate_shows_its_progress_on_a_terminal_and_nothing_on_a_pipe, .timeout = 60)
{
    /* one puzzle, drawn over 13 lines: the total counts records, not lines */
    assert_progress_only_on_a_terminal("sudoku rate tests/data/drawn.txt",
                                       "\rrate: 1/1 puzzles (100%)");
}

Test(progress, solve_and_generate_show_theirs_with_threads_too, .timeout = 60)
{
    assert_progress_only_on_a_terminal("sudoku solve --threads 2 tests/data/http/top95.txt",
                                       "\rsolve: ");
    assert_progress_only_on_a_terminal("sudoku solve tests/data/http/top95.txt",
                                       "\rsolve: 1/95 puzzles (1%)");
    assert_progress_only_on_a_terminal("sudoku generate --count 40 --seed 1 --threads 2",
                                       "\rgenerate: ");
}
