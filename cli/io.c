/* io.c -- the puzzle line reader: getline over a list of files.
 *
 * getline grows one buffer as needed, so a line has no length limit; the
 * buffer is reused for every line, and callers that keep a line copy it.
 */
#include "cli/io.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void cli_reader_init(cli_reader *r, char *const *files, int nfiles)
{
    memset(r, 0, sizeof(*r));
    r->files = files;
    r->nfiles = nfiles;
}

static bool is_stdin(const char *name)
{
    return strcmp(name, "-") == 0;
}

/* Opens the next file, or stdin for an empty list. Returns 1 when a file is
 * open, 0 when none is left, -1 after reporting an open error. */
static int open_next(cli_reader *r)
{
    static char dash[] = "-";
    static char *const stdin_only[] = {dash};

    if (r->nfiles == 0) {
        r->files = stdin_only;
        r->nfiles = 1;
    }
    if (r->next_file >= r->nfiles) return 0;
    const char *path = r->files[r->next_file++];
    r->lineno = 0;
    if (is_stdin(path)) {
        r->fp = stdin;
        r->name = "stdin";
        return 1;
    }
    r->fp = fopen(path, "r");
    r->name = path;
    if (!r->fp) {
        fprintf(stderr, "sudoku: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 1;
}

static void close_current(cli_reader *r)
{
    if (r->fp && r->fp != stdin) fclose(r->fp);
    r->fp = NULL;
}

/* A blank line, or a comment: `#` as the first non-blank character. */
static bool skippable(const char *s)
{
    while (isspace((unsigned char)*s)) s++;
    return *s == '\0' || *s == '#';
}

int cli_reader_next(cli_reader *r, const char **line, size_t *len)
{
    for (;;) {
        if (!r->fp) {
            int rc = open_next(r);
            if (rc <= 0) return rc;
        }
        errno = 0;
        ssize_t n = getline(&r->buf, &r->cap, r->fp);
        if (n < 0) {
            if (ferror(r->fp)) {
                fprintf(stderr, "sudoku: cannot read %s: %s\n", r->name,
                        strerror(errno ? errno : EIO));
                close_current(r);
                return -1;
            }
            close_current(r);
            continue;
        }
        r->lineno++;
        while (n > 0 && isspace((unsigned char)r->buf[n - 1])) r->buf[--n] = '\0';
        if (skippable(r->buf)) continue;
        *line = r->buf;
        *len = (size_t)n;
        return 1;
    }
}

void cli_reader_close(cli_reader *r)
{
    close_current(r);
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}
