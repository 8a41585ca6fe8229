/* io.h -- reading puzzles, and plain lines, from files or standard input.
 *
 * Every command that takes puzzles reads them the same way: the files in
 * the order given, standard input when there are none (or for `-`), a UTF-8
 * byte-order mark at the start of a file skipped, and the text cut into
 * puzzle records by the library's sudoku_record_next() (solver/sudoku.h: a
 * puzzle on one line, or a grid written a row per line; `#` comments and
 * blank lines skipped), the same rules as the server's text batches.
 * Problems are reported on stderr naming the file, so callers only decide
 * what to do next.
 */
#ifndef CLI_IO_H
#define CLI_IO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "solver/sudoku.h"

/* A cursor over the records or lines of a list of files. Zero fields beyond
 * those cli_reader_init() sets are private. */
typedef struct cli_reader {
    char *const *files; /* borrowed from the caller, not copied */
    int nfiles;
    int next_file;        /* index of the next file to open */
    FILE *fp;             /* the open file, or NULL between files */
    const char *name;     /* name of fp for messages; "-" shown as "stdin" */
    unsigned long lineno; /* line of the last line or record returned (its first), within name */
    int record_size;      /* the last record's sudoku_record.size: parse it with this */
    bool file_start;      /* no line of fp read yet: a byte-order mark may come */
    bool file_end;        /* fp has no more lines */
    char *buf;            /* getline buffer, owned */
    size_t cap;
    char *pending; /* lines read but not yet returned as records, owned */
    size_t pending_len, pending_cap;
    size_t drop;              /* bytes of pending the last record used up */
    unsigned long drop_lines; /* and their lines */
    unsigned long base_line;  /* lines of name before pending[0] */
    int whole; /* -1 not known yet; 1: the file is one puzzle in a format of several lines
                  (fmt_whole_file: an .sdk with metadata, an .ss, a pencil-mark grid) */
} cli_reader;

/* Prepares r to read files[0..nfiles), or standard input when nfiles is 0.
 * files must outlive r. Opens nothing yet. */
void cli_reader_init(cli_reader *r, char *const *files, int nfiles);

/* Stores the next puzzle record in *text and *len: one line or the lines of
 * a grid (newlines inside), blanks trimmed, NUL-terminated, valid until the
 * next call; r->lineno and r->name say where it starts. size is the grid
 * size when known (--box), else 0; r->record_size is then the size to parse
 * the record with (0: from its cell count). Returns 1 for a record, 0 at the end of
 * the last file, and -1 when a file cannot be opened or read or memory ran
 * out: a message naming it is already on stderr, and the next call goes on
 * with the next file, as cat does. Records never span two files. */
int cli_reader_record(cli_reader *r, int size, const char **text, size_t *len);

/* The number of records files[0..nfiles) hold for size (as
 * cli_reader_record counts them), read with a reader of its own; -1 when it
 * cannot be known without using the input up: standard input (no files, or
 * `-`), a file that is not a regular one or cannot be read. Writes nothing
 * to stderr: the real read reports the problems. For progress totals. */
long cli_reader_count(char *const *files, int nfiles, int size);

/* Reads a record into p: the text form as sudoku_parse() reads it, or any
 * other format of formats/formats.h, told from the text. size (0: any) and
 * the box are as for sudoku_parse. entries and marks (N*N each, may be
 * NULL) get the player's digits and pencil marks such a format holds, zero
 * where it holds none. Returns 0, or -1 with the reason in err
 * (SUDOKU_ERR_LEN bytes). */
int cli_parse_puzzle(const char *text, size_t len, int size, int box_rows, int box_cols,
                     sudoku_puzzle *p, uint8_t *entries, uint64_t *marks, char *err);

/* The same for single lines, for files of one item a line that are not
 * puzzles (bench's FILE.counts): trailing whitespace removed, blank and `#`
 * lines skipped. Use one of the two on a reader, not both. */
int cli_reader_next(cli_reader *r, const char **line, size_t *len);

/* Closes any open file and frees the buffers; r may be read no more. */
void cli_reader_close(cli_reader *r);

#endif /* CLI_IO_H */
