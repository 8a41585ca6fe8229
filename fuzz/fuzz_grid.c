/* fuzz_grid.c -- libFuzzer harness for the text grid form: sudoku_parse() and input_read_text().
 *
 * Input: a puzzle in the text form, optionally preceded by one header line
 *   @SIZE,BOX_ROWS,BOX_COLS,FLAGS\n
 * (decimal, may be negative or huge) that becomes sudoku_parse()'s size and
 * box arguments; FLAGS bit 0 turns on the diagonal variant and bits 1.. pick
 * max_solutions. Without the header the puzzle is parsed as the API does
 * (size and box inferred), which is the form the seed corpus mostly uses.
 *
 * Beyond memory safety it checks: error texts are NUL-terminated inside
 * SUDOKU_ERR_LEN; an accepted puzzle passes sudoku_puzzle_check() and
 * survives sudoku_format() -> sudoku_parse() unchanged; the server's own
 * reader (input_read_text, used for JSON strings and text batch lines)
 * accepts exactly what sudoku_parse accepts with inferred shape and reads the
 * same cells, and refuses what it refuses unless another file format of
 * formats/ claims the text, so the API and the CLI cannot disagree on a
 * puzzle string;
 * and the budgeted solve keeps every promise checked in fuzz_common.h.
 * The whole input is also cut into puzzle records (sudoku_record_next, the
 * reader of the CLI's files and of text batches), once whole and once fed a
 * line at a time as the CLI reads a terminal: both walks must find the same
 * records, each inside the text and moving the walk on.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "formats/formats.h"
#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads a decimal int (optional '-') from s[*i..end), clamped to +-1e6 so
 * that huge values stay huge without overflowing. Stops at ',' or end. */
static int fuzz_header_int(const uint8_t *s, size_t end, size_t *i)
{
    long v = 0;
    bool neg = false;
    if (*i < end && s[*i] == '-') {
        neg = true;
        (*i)++;
    }
    while (*i < end && s[*i] >= '0' && s[*i] <= '9') {
        if (v < 1000000) v = v * 10 + (s[*i] - '0');
        (*i)++;
    }
    while (*i < end && s[*i] != ',') (*i)++;
    if (*i < end) (*i)++;
    return (int)(neg ? -v : v);
}

/* Walks text[0..len) whole, then again as its lines arrive (a record that
 * is complete when its last line is in must not change with what follows),
 * and checks that both walks meet the same records. */
static void fuzz_check_records(const char *text, size_t len, int size)
{
    enum { MAX_RECORDS = 4096 };
    static sudoku_record whole[MAX_RECORDS];
    size_t n = 0, pos = 0, got = 0;
    sudoku_record rec;
    while (n < MAX_RECORDS && sudoku_record_next(text, len, pos, size, true, &rec)) {
        FUZZ_ASSERT(rec.next > pos && rec.next <= len);
        FUZZ_ASSERT(pos <= rec.start && rec.start < rec.end && rec.end <= rec.next);
        whole[n++] = rec;
        pos = rec.next;
    }
    if (n == MAX_RECORDS) return;
    FUZZ_ASSERT(rec.next == len);
    pos = 0;
    for (size_t avail = 0; avail <= len; avail++) {
        bool at_end = avail == len;
        if (!at_end && text[avail] != '\n') continue;
        size_t upto = at_end ? len : avail + 1;
        while (sudoku_record_next(text, upto, pos, size, at_end, &rec)) {
            FUZZ_ASSERT(got < n);
            FUZZ_ASSERT(rec.start == whole[got].start && rec.end == whole[got].end &&
                        rec.next == whole[got].next && rec.size == whole[got].size &&
                        rec.line == whole[got].line && rec.lines == whole[got].lines);
            got++;
            pos = rec.next;
        }
        FUZZ_ASSERT(rec.next >= pos && rec.next <= upto);
    }
    FUZZ_ASSERT(got == n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sudoku_puzzle p, again;
    static uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    char err[SUDOKU_ERR_LEN], text[SUDOKU_MAX_CELLS + 1];
    int n = 0, rows = 0, cols = 0, flags = 0;
    bool header = false;

    if (size > FUZZ_MAX_INPUT) return -1;
    if (size > 0 && data[0] == '@') {
        const uint8_t *nl = memchr(data, '\n', size < 64 ? size : 64);
        if (nl != NULL) {
            size_t end = (size_t)(nl - data), i = 1;
            n = fuzz_header_int(data, end, &i);
            rows = fuzz_header_int(data, end, &i);
            cols = fuzz_header_int(data, end, &i);
            flags = fuzz_header_int(data, end, &i);
            data = nl + 1;
            size = size - end - 1;
            header = true;
        }
    }
    const char *src = (const char *)data;
    fuzz_check_records(src, size, n >= SUDOKU_MIN_SIZE && n <= SUDOKU_MAX_TEXT_SIZE ? n : 0);

    memset(err, 0x55, sizeof(err));
    int rc = sudoku_parse(src, size, n, rows, cols, &p, err);
    if (rc != 0) {
        FUZZ_ASSERT(rc == -1);
        FUZZ_ASSERT(memchr(err, '\0', sizeof(err)) != NULL);
    } else {
        FUZZ_ASSERT(p.size >= SUDOKU_MIN_SIZE && p.size <= SUDOKU_MAX_TEXT_SIZE);
        FUZZ_ASSERT(p.box_rows * p.box_cols == p.size);
        FUZZ_ASSERT(sudoku_puzzle_check(&p, NULL) == 0);
        int len = sudoku_format(&p, p.cells, text, sizeof(text));
        FUZZ_ASSERT(len == p.size * p.size);
        FUZZ_ASSERT(sudoku_parse(text, (size_t)len, p.size, p.box_rows, p.box_cols, &again, NULL) ==
                    0);
        FUZZ_ASSERT(memcmp(again.cells, p.cells, (size_t)len) == 0);
    }

    /* The API reads strings through formats/: what sudoku_parse accepts it reads alike, and
     * what sudoku_parse refuses it refuses too, unless another format claims the text (those
     * are fuzz_formats' to check). */
    if (!header || (n == 0 && rows == 0 && cols == 0)) {
        input_puzzle in;
        api_problem pb;
        input_init(&in, cells, regions, 1000);
        int irc = input_read_text(&in, src, size, "/puzzle", &pb);
        if (irc == 0) irc = input_finish(&in, "", "/puzzle", &pb);
        if (rc == 0 || fmt_detect(src, size) == FMT_LINE) FUZZ_ASSERT((irc == 0) == (rc == 0));
        if (irc == 0 && rc == 0) {
            FUZZ_ASSERT(in.size == p.size && in.form == JSON_FORM_STRING);
            FUZZ_ASSERT(in.box_rows == p.box_rows && in.box_cols == p.box_cols);
            FUZZ_ASSERT(memcmp(in.cells, p.cells, (size_t)p.size * (size_t)p.size) == 0);
        } else if (irc != 0) {
            fuzz_check_problem(&pb, -1);
        }
    }

    if (rc == 0) {
        unsigned f = (unsigned)flags;
        p.diagonal = (f & 1) != 0;
        fuzz_solve(&p, 1 + (f >> 1 & 7), f >> 4 & 3, JSON_FORM_STRING, -1);
    }
    return 0;
}
