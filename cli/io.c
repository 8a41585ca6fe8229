/* io.c -- the puzzle reader: getline over a list of files, records cut by
 * the library.
 *
 * getline grows one buffer as needed, so a line has no length limit. For
 * records, lines are appended to a second buffer until sudoku_record_next()
 * finds a record in it; what a record used up is dropped at the next call,
 * so the buffer holds one record's lines at a time, and a record is returned
 * as soon as its last line is read (a puzzle typed at a terminal is answered
 * at once). A file whose first line opens a format of several lines that
 * the records cannot cut (fmt_whole_file: an .sdk with metadata, an .ss, a
 * pencil-mark grid) is one record, read to its end.
 */
#include "cli/io.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/formats.h"
#include "solver/sudoku.h"

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
    r->base_line = 0;
    r->pending_len = 0;
    r->drop = 0;
    r->file_start = true;
    r->file_end = false;
    r->whole = -1;
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

/* Reads the next line of the open file into r->buf, its newline kept and a
 * byte-order mark before the first line removed. Returns its length, 0 at
 * the end of the file, or -1 after reporting a read error (the file is then
 * closed). */
static ssize_t read_line(cli_reader *r)
{
    errno = 0;
    ssize_t n = getline(&r->buf, &r->cap, r->fp);
    if (n < 0) {
        if (!ferror(r->fp)) return 0;
        fprintf(stderr, "sudoku: cannot read %s: %s\n", r->name, strerror(errno ? errno : EIO));
        close_current(r);
        return -1;
    }
    if (r->file_start) {
        size_t bom = sudoku_bom_len(r->buf, (size_t)n);
        memmove(r->buf, r->buf + bom, (size_t)n - bom + 1);
        n -= (ssize_t)bom;
        r->file_start = false;
    }
    return n;
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
        ssize_t n = read_line(r);
        if (n < 0) return -1;
        if (n == 0) {
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

/* Drops the first n bytes of pending, which hold `lines` lines. */
static void drop_pending(cli_reader *r, size_t n, unsigned long lines)
{
    if (n == 0) return;
    memmove(r->pending, r->pending + n, r->pending_len - n);
    r->pending_len -= n;
    r->base_line += lines;
}

/* Appends r->buf's n bytes to pending, keeping room for a NUL. Returns 0,
 * or -1 when out of memory. */
static int append_pending(cli_reader *r, size_t n)
{
    if (r->pending_len + n + 1 > r->pending_cap) {
        size_t cap = r->pending_cap ? r->pending_cap : 256;
        while (cap < r->pending_len + n + 1) cap *= 2;
        char *p = realloc(r->pending, cap);
        if (!p) return -1;
        r->pending = p;
        r->pending_cap = cap;
    }
    memcpy(r->pending + r->pending_len, r->buf, n);
    r->pending_len += n;
    return 0;
}

int cli_reader_record(cli_reader *r, int size, const char **text, size_t *len)
{
    drop_pending(r, r->drop, r->drop_lines);
    r->drop = 0;
    r->drop_lines = 0;
    for (;;) {
        if (!r->fp) {
            int rc = open_next(r);
            if (rc <= 0) return rc;
        }
        sudoku_record rec;
        if (r->whole < 0 && r->pending_len > 0) {
            r->whole = fmt_whole_file(r->pending, r->pending_len);
            if (!r->whole && strspn(r->pending, " \t\r\n") == r->pending_len) r->whole = -1;
        }
        if (r->whole == 1 && r->file_end && r->pending_len > 0) {
            r->lineno = r->base_line + 1;
            r->record_size = 0;
            r->drop = r->pending_len;
            r->drop_lines = 0;
            r->pending[r->pending_len] = '\0';
            *text = r->pending;
            *len = r->pending_len;
            return 1;
        }
        if (r->whole == 1 && !r->file_end) {
            rec.next = 0;
            rec.lines = 0;
        } else if (sudoku_record_next(r->pending, r->pending_len, 0, size, r->file_end, &rec)) {
            r->lineno = r->base_line + rec.line + 1;
            r->record_size = size ? size : rec.size;
            r->drop = rec.next;
            r->drop_lines = rec.lines;
            /* the bytes after a record's end are used up with it, or are the
             * room append_pending keeps */
            r->pending[rec.end] = '\0';
            *text = r->pending + rec.start;
            *len = rec.end - rec.start;
            return 1;
        }
        drop_pending(r, rec.next, rec.lines);
        if (r->file_end) {
            close_current(r);
            continue;
        }
        ssize_t n = read_line(r);
        if (n < 0) return -1;
        if (n == 0) {
            r->file_end = true;
        } else if (append_pending(r, (size_t)n) != 0) {
            fprintf(stderr, "sudoku: %s: out of memory\n", r->name);
            close_current(r);
            return -1;
        }
    }
}

long cli_reader_count(char *const *files, int nfiles, int size)
{
    struct stat st;
    if (nfiles == 0) return -1;
    for (int i = 0; i < nfiles; i++)
        if (is_stdin(files[i]) || stat(files[i], &st) != 0 || !S_ISREG(st.st_mode) ||
            access(files[i], R_OK) != 0)
            return -1;
    cli_reader r;
    const char *text;
    size_t len;
    long n = 0;
    int rc;
    cli_reader_init(&r, files, nfiles);
    while ((rc = cli_reader_record(&r, size, &text, &len)) > 0) n++;
    cli_reader_close(&r);
    return rc < 0 ? -1 : n;
}

void cli_reader_close(cli_reader *r)
{
    close_current(r);
    free(r->buf);
    free(r->pending);
    r->buf = NULL;
    r->pending = NULL;
    r->cap = r->pending_cap = 0;
}

int cli_parse_puzzle(const char *text, size_t len, int size, int box_rows, int box_cols,
                     sudoku_puzzle *p, uint8_t *entries, uint64_t *marks, char *err)
{
    if (fmt_detect(text, len) == FMT_LINE)
        return sudoku_parse(text, len, size, box_rows, box_cols, p, err);
    char ferr[FMT_ERR_LEN];
    fmt_state *s = malloc(sizeof(*s));
    int rc = -1;
    if (s == NULL) {
        snprintf(err, SUDOKU_ERR_LEN, "out of memory");
    } else if (fmt_read(text, len, FMT_AUTO, s, NULL, ferr) != 0) {
        snprintf(err, SUDOKU_ERR_LEN, "%.127s", ferr);
    } else if (size != 0 && s->size != size) {
        snprintf(err, SUDOKU_ERR_LEN, "a %dx%d grid, not %dx%d", s->size, s->size, size, size);
    } else if (sudoku_puzzle_init(p, s->size, box_rows, box_cols, err) == 0) {
        size_t cells = (size_t)s->size * (size_t)s->size;
        memcpy(p->cells, s->givens, cells);
        if (entries != NULL) memcpy(entries, s->entries, cells);
        if (marks != NULL) memcpy(marks, s->marks, cells * sizeof(*marks));
        rc = 0;
    }
    free(s);
    return rc;
}
