/* scan_cmd.c -- `sudoku scan IMAGE...`: read Sudoku grids from photos (libscan, scan/scan.h).
 *
 * One line per image, in the order given: the puzzle string (printed
 * givens, '.' for the rest), with --entries followed by ':' and the entries
 * string (digits written by hand), the form `sudoku hint` reads; with
 * --json the whole reading as POST /v1/scan answers it (writers/json_scan.h).
 * A reading whose givens are not a unique puzzle is still printed, with a
 * note on stderr; an image with no reading prints '! STATUS: REASON'. The
 * whole file is read into memory: scan_read takes bytes, like the server.
 *
 * Builds without the scanner (-DCLI_NO_SCAN: the arm64 cross build, which
 * has no Leptonica), where the command says so and exits 2.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/progress.h"

#ifdef CLI_NO_SCAN
int cli_scan_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "sudoku: scan: this build has no photo scanner\n");
    return 2;
}
#else
#include "scan/scan.h"
#include "writers/json_scan.h"

/* The bytes of path ("-" = standard input) in a malloc'd buffer, or NULL
 * after a message on stderr. */
static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    size_t cap = 0, n = 0;
    unsigned char *data = NULL;
    if (f == NULL) {
        perror(path);
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            unsigned char *grown = realloc(data, cap = cap ? 2 * cap : 1 << 16);
            if (grown == NULL) {
                free(data);
                data = NULL;
                fprintf(stderr, "sudoku: scan: %s: out of memory\n", path);
                break;
            }
            data = grown;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                perror(path);
                free(data);
                data = NULL;
            }
            break;
        }
    }
    if (f != stdin) fclose(f);
    *len = n;
    return data;
}

/* Reads one image and prints its line, after erasing the progress line when
 * stdout shares its terminal (and before a note on stderr). Returns 0 (an ok
 * reading), 1 (no reading, or givens that are not a unique puzzle) or 2
 * (unreadable file). */
static int scan_one(const char *path, bool entries, bool json, cli_progress *progress)
{
    size_t len = 0;
    unsigned char *bytes = read_all(path, &len);
    if (bytes == NULL) return 2;
    scan_result r;
    scan_status st = scan_read(bytes, len, NULL, &r);
    free(bytes);
    cli_progress_clear(progress);
    if (json) {
        buf b = BUF_INIT;
        json_render_scan(&b, &r);
        if (b.oom)
            fprintf(stderr, "sudoku: scan: %s: out of memory\n", path);
        else
            puts(b.data);
        buf_free(&b);
    } else if (!SCAN_IS_READING(st)) {
        printf("! %s: %s\n", scan_status_str(st), r.reason);
    } else {
        printf(entries ? "%s:%s\n" : "%s\n", r.puzzle, r.entries);
    }
    if (SCAN_IS_READING(st) && st != SCAN_OK) {
        cli_progress_end(progress);
        fprintf(stderr, "sudoku: scan: %s: %s: %s\n", path, scan_status_str(st), r.reason);
    }
    return st == SCAN_OK ? 0 : 1;
}

int cli_scan_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"entries", no_argument, NULL, 'e'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool entries = false, json = false;
    int c, status = 0;

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'e':
            entries = true;
            break;
        case 'j':
            json = true;
            break;
        default:
            return cli_help_or_usage_error(c, argv[0]);
        }
    }
    if (optind == argc) {
        fprintf(stderr, "sudoku: scan: no IMAGE given\n");
        return cli_usage_error(argv[0]);
    }
    scan_init();
    cli_progress progress;
    cli_progress_start(&progress, "scan", "photos", (uint64_t)(argc - optind));
    for (int i = optind; i < argc; i++) {
        int rc = scan_one(argv[i], entries, json, &progress);
        if (rc > status) status = rc;
        cli_progress_add(&progress, 1);
    }
    cli_progress_end(&progress);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("sudoku: stdout");
        return 2;
    }
    return status;
}
#endif
