/* io.h -- reading puzzle lines from files or standard input.
 *
 * Every command that takes puzzles reads them the same way: one puzzle per
 * line, lines of any length, blank lines and `#` comment lines skipped, the
 * files in the order given and standard input when there are none (or for
 * `-`). Problems are reported on stderr naming the file, so callers only
 * decide what to do next.
 */
#ifndef CLI_IO_H
#define CLI_IO_H

#include <stdio.h>

/* A cursor over the lines of a list of files. Zero fields beyond those
 * cli_reader_init() sets are private. */
typedef struct cli_reader {
    char *const *files; /* borrowed from the caller, not copied */
    int nfiles;
    int next_file;        /* index of the next file to open */
    FILE *fp;             /* the open file, or NULL between files */
    const char *name;     /* name of fp for messages; "-" shown as "stdin" */
    unsigned long lineno; /* line number of the last line returned, within name */
    char *buf;            /* getline buffer, owned */
    size_t cap;
} cli_reader;

/* Prepares r to read files[0..nfiles), or standard input when nfiles is 0.
 * files must outlive r. Opens nothing yet. */
void cli_reader_init(cli_reader *r, char *const *files, int nfiles);

/* Stores the next puzzle line in *line and *len: trailing whitespace (the
 * newline, a CR) removed, NUL-terminated, valid until the next call. Returns
 * 1 for a line, 0 at the end of the last file, and -1 when a file cannot be
 * opened or read: a message naming it is already on stderr, and the next
 * call goes on with the next file, as cat does. */
int cli_reader_next(cli_reader *r, const char **line, size_t *len);

/* Closes any open file and frees the buffer; r may be read no more. */
void cli_reader_close(cli_reader *r);

#endif /* CLI_IO_H */
