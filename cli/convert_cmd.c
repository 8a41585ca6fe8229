/* convert_cmd.c -- `sudoku convert --to F [--format F] [FILE...]`: puzzles from one file format to
 * another.
 *
 * Each FILE (standard input when none, or `-`) is read whole: a file in a
 * format of several lines (fmt_whole_file: an .sdk with metadata, an .ss,
 * a pencil-mark grid, f-puzzles JSON), or any format --format names other
 * than line and sdm, is one puzzle; any other file is cut into records as
 * every command cuts it (sudoku_record_next: a puzzle a line, or a drawn
 * grid), each record in its own format (a link, a library line, ...). Each
 * puzzle is written in F (formats/formats.h), a text of several lines as
 * it is, a one-line text with a newline. f-puzzles data the classic reader
 * refuses is read as a variant (formats/fpuzzles.h), whose constraints
 * only the f-puzzles and SudokuPad links can carry: to those, and no other.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "formats/formats.h"
#include "formats/fpuzzles.h"
#include "writers/buf.h"

/* Reads all of fp into b. Returns 0, or -1 on a read error (errno set). */
static int slurp(FILE *fp, buf *b)
{
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) buf_append(b, chunk, n);
    return ferror(fp) || b->oom ? -1 : 0;
}

/* What a conversion reads into: a classic state, and a variant (about 90
 * KiB) for f-puzzles data with constraints. */
typedef struct convert_space {
    fmt_state state;
    sudoku_variant variant;
} convert_space;

/* Whether text, which the classic reader refused, is f-puzzles data to read as a variant. */
static bool convert_is_variant(const char *text, size_t len, fmt_id from)
{
    fmt_id f = fmt_detect(text, len);
    return (from == FMT_AUTO || from == f) && (f == FMT_FPUZZLES || f == FMT_SUDOKUPAD_LINK);
}

/* Reads a variant from text and appends it to out as a link of format to. Returns 0 or -1 with err.
 */
static int convert_variant(const char *text, size_t len, fmt_id to, sudoku_variant *v, buf *out,
                           char *err)
{
    buf printed = BUF_INIT;
    fmt_variant_read r = {.v = v, .printed = &printed};
    int rc = fmt_variant_read_text(text, len, &r);
    if (rc == 0 && printed.oom) {
        rc = -1;
        snprintf(r.err, sizeof(r.err), "out of memory");
    }
    if (rc == 0)
        rc = fmt_variant_link_write(to, printed.data, printed.len, out, err);
    else
        snprintf(err, FMT_ERR_LEN, "%s", r.err);
    buf_free(&printed);
    return rc;
}

/* Converts one puzzle text; prints it or a message naming name:line. Returns 0 or 1. */
static int convert_one(const char *text, size_t len, fmt_id from, fmt_id to, const char *name,
                       unsigned long line, convert_space *space)
{
    char err[FMT_ERR_LEN];
    buf out = BUF_INIT;
    int rc = fmt_read(text, len, from, &space->state, NULL, err);
    if (rc == 0)
        rc = fmt_write(to, &space->state, &out, err);
    else if (convert_is_variant(text, len, from))
        rc = convert_variant(text, len, to, &space->variant, &out, err);
    if (rc != 0) {
        fprintf(stderr, "sudoku: convert: %s:%lu: %s\n", name, line, err);
        buf_free(&out);
        return 1;
    }
    if (out.len > 0) fwrite(out.data, 1, out.len, stdout);
    if (out.len == 0 || out.data[out.len - 1] != '\n') putchar('\n');
    rc = out.oom ? 1 : 0;
    buf_free(&out);
    return rc;
}

static int convert_file(const char *path, fmt_id from, fmt_id to, convert_space *space)
{
    bool std_in = strcmp(path, "-") == 0;
    const char *name = std_in ? "stdin" : path;
    FILE *fp = std_in ? stdin : fopen(path, "r");
    buf b = BUF_INIT;
    if (fp == NULL || slurp(fp, &b) != 0) {
        fprintf(stderr, "sudoku: convert: cannot read %s: %s\n", name,
                b.oom ? "out of memory" : strerror(errno));
        if (fp != NULL && !std_in) fclose(fp);
        buf_free(&b);
        return 2;
    }
    if (!std_in) fclose(fp);
    const char *text = b.data != NULL ? b.data : "";
    size_t bom = sudoku_bom_len(text, b.len), len = b.len - bom;
    text += bom;
    int rc = 0;
    if ((from != FMT_AUTO && from != FMT_LINE && from != FMT_SDM) || fmt_whole_file(text, len)) {
        rc = convert_one(text, len, from, to, name, 1, space);
    } else {
        sudoku_record rec;
        unsigned long line = 1;
        for (size_t pos = 0; sudoku_record_next(text, len, pos, 0, true, &rec); pos = rec.next) {
            rc |= convert_one(text + rec.start, rec.end - rec.start, from, to, name,
                              line + rec.line, space);
            line += rec.lines;
        }
    }
    buf_free(&b);
    return rc;
}

/* A format named by an option, or -1 after a message. */
static int format_arg(const char *opt, const char *name, bool reading)
{
    int id = fmt_lookup(name, strlen(name));
    if (id > FMT_AUTO && (!reading || fmt_readable((fmt_id)id))) return id;
    if (id == FMT_AUTO && reading) return id;
    fprintf(stderr, "sudoku: convert: %s: unknown format '%s'; the formats are", opt, name);
    for (int f = FMT_AUTO + 1; f < FMT_COUNT; f++)
        if (!reading || fmt_readable((fmt_id)f)) fprintf(stderr, " %s", fmt_name((fmt_id)f));
    fputc('\n', stderr);
    return -1;
}

int cli_convert_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int to = -1, from = FMT_AUTO, c;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 't':
            if ((to = format_arg("--to", optarg, false)) < 0) return cli_usage_error("convert");
            break;
        case 'f':
            if ((from = format_arg("--format", optarg, true)) < 0)
                return cli_usage_error("convert");
            break;
        default:
            return cli_help_or_usage_error(c, "convert");
        }
    }
    if (to < 0) {
        fprintf(stderr, "sudoku: convert: --to FORMAT is required\n");
        return cli_usage_error("convert");
    }
    convert_space *space = malloc(sizeof(*space));
    if (space == NULL) {
        fprintf(stderr, "sudoku: convert: out of memory\n");
        return 2;
    }
    static char dash[] = "-";
    char *std_in[] = {dash};
    char **files = optind < argc ? argv + optind : std_in;
    int nfiles = optind < argc ? argc - optind : 1, rc = 0;
    for (int i = 0; i < nfiles; i++) {
        int r = convert_file(files[i], (fmt_id)from, (fmt_id)to, space);
        if (r > rc) rc = r;
    }
    free(space);
    if (fflush(stdout) != 0) {
        perror("sudoku: stdout");
        return 2;
    }
    return rc;
}
