/* args.c -- option value parsers shared by the CLI commands.
 *
 * strtoll and friends accept leading blanks, signs and trailing junk unless
 * the caller checks; these wrappers reject all of that so "--threads 2x" or
 * "--limit -1" is a usage error rather than a surprise.
 */
#include "cli/args.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cli/parallel.h"
#include "solver/sudoku.h"

/* strtoull quietly negates "-1" into a huge value; only digits may start. */
static int parse_u64(const char *s, uint64_t *out)
{
    char *end;

    if (!isdigit((unsigned char)*s)) return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0') return -1;
    *out = v;
    return 0;
}

int cli_parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t v;

    if (parse_u64(s, &v) != 0 || v < min || v > max) {
        fprintf(stderr, "sudoku: %s: expected an integer in %" PRIu64 "..%" PRIu64 ", got '%s'\n",
                opt, min, max, s);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_int(const char *opt, const char *s, int min, int max, int *out)
{
    uint64_t v;

    if (min < 0) return -1; /* no option takes a negative value */
    if (cli_parse_u64(opt, s, (uint64_t)min, (uint64_t)max, &v) != 0) return -1;
    *out = (int)v;
    return 0;
}

int cli_parse_double(const char *opt, const char *s, double min, double max, double *out)
{
    char *end;

    errno = 0;
    double v = strtod(s, &end);
    /* The negated comparison also rejects NaN. */
    if (end == s || *end != '\0' || errno != 0 || !(v >= min && v <= max)) {
        fprintf(stderr, "sudoku: %s: expected a number in %g..%g, got '%s'\n", opt, min, max, s);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_box(const char *s, int *rows, int *cols)
{
    char *end = NULL;
    unsigned long r = 0, c = 0;
    char err[SUDOKU_ERR_LEN];
    sudoku_puzzle p;

    if (isdigit((unsigned char)s[0])) r = strtoul(s, &end, 10);
    if (r > 0 && (*end == 'x' || *end == 'X') && isdigit((unsigned char)end[1]))
        c = strtoul(end + 1, &end, 10);
    if (r == 0 || c == 0 || *end != '\0') {
        fprintf(stderr, "sudoku: --box: expected RxC such as 3x3 or 2x3, got '%s'\n", s);
        return -1;
    }
    if (r > SUDOKU_MAX_TEXT_SIZE || c > SUDOKU_MAX_TEXT_SIZE || r * c > SUDOKU_MAX_TEXT_SIZE) {
        fprintf(stderr, "sudoku: --box: %s needs more than the %d symbols of the text form\n", s,
                SUDOKU_MAX_TEXT_SIZE);
        return -1;
    }
    if (sudoku_puzzle_init(&p, (int)(r * c), (int)r, (int)c, err) != 0) {
        fprintf(stderr, "sudoku: --box: %s\n", err);
        return -1;
    }
    *rows = (int)r;
    *cols = (int)c;
    return 0;
}

int cli_shape_init(const char *command, int size, int box_rows, int box_cols, sudoku_puzzle *p)
{
    char err[SUDOKU_ERR_LEN];

    if (box_rows && box_rows * box_cols != size) {
        fprintf(stderr, "sudoku: --box %dx%d does not fit --size %d\n", box_rows, box_cols, size);
        return -1;
    }
    if (sudoku_puzzle_init(p, size, box_rows, box_cols, err) != 0) {
        fprintf(stderr, "sudoku: %s: %s\n", command, err);
        return -1;
    }
    return 0;
}

int cli_parse_threads(const char *s, int *out)
{
    int n;

    if (cli_parse_int("--threads", s, 0, CLI_MAX_THREADS, &n) != 0) return -1;
    *out = n == 0 ? cli_cpu_count() : n;
    return 0;
}

uint64_t cli_random_seed(const char *command)
{
    uint32_t bits;

    if (getrandom(&bits, sizeof(bits), GRND_NONBLOCK) != (ssize_t)sizeof(bits)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t mix =
            (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec + (uint64_t)getpid();
        bits = (uint32_t)sudoku_splitmix64(&mix);
    }
    fprintf(stderr, "sudoku: %s: seed %" PRIu32 "\n", command, bits);
    return bits;
}
