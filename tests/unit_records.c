/* unit_records.c -- sudoku_record_next (solver/records.c): where one puzzle
 * of a text ends, for the CLI's files and the server's text batches.
 *
 * Each case walks a whole text with at_end true and compares the records
 * found (their trimmed text and 1-based first line) with what a reader of
 * the text would call its puzzles; the streaming cases feed a text a line at
 * a time, as the CLI reads a terminal.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/sudoku.h"
#include "tests/support/fixtures.h"

enum { MAX_RECORDS = 16 };

struct walk {
    int n;
    char text[MAX_RECORDS][1024];
    unsigned long line[MAX_RECORDS];
    int size[MAX_RECORDS];
};

/* Every record of text, for a grid of `size` (0: not known). */
static void walk(const char *text, int size, struct walk *w)
{
    size_t len = strlen(text), pos = sudoku_bom_len(text, len);
    unsigned long line = 1;
    sudoku_record rec;

    w->n = 0;
    while (sudoku_record_next(text, len, pos, size, true, &rec)) {
        cr_assert_lt(w->n, MAX_RECORDS);
        cr_assert_lt(rec.end - rec.start, sizeof(w->text[0]));
        cr_assert_leq(rec.start, rec.end);
        cr_assert_gt(rec.next, pos, "a record moves the walk on");
        memcpy(w->text[w->n], text + rec.start, rec.end - rec.start);
        w->text[w->n][rec.end - rec.start] = '\0';
        w->line[w->n] = line + rec.line;
        w->size[w->n] = rec.size;
        w->n++;
        line += rec.lines;
        pos = rec.next;
    }
    cr_assert_eq(rec.next, len, "the walk ends at the end of the text");
}

#define EASY "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

/* Parses a record as the CLI does and returns its cells as text. */
static void parsed(const char *record, int size, char *out)
{
    sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN];
    cr_assert_eq(sudoku_parse(record, strlen(record), size, 0, 0, &p, err), 0, "%s: %s", record,
                 err);
    cr_assert_gt(sudoku_format(&p, p.cells, out, 82), 0);
}

Test(records, one_puzzle_a_line_is_one_record_a_line)
{
    struct walk w;
    walk("# two puzzles\n" EASY "\n\n  " EASY "  \r\n", 0, &w);
    cr_assert_eq(w.n, 2);
    cr_assert_str_eq(w.text[0], EASY);
    cr_assert_eq(w.line[0], 2);
    cr_assert_str_eq(w.text[1], EASY, "blanks and the CR are trimmed");
    cr_assert_eq(w.line[1], 4);
    cr_assert_eq(w.size[0], 0);
}

Test(records, a_drawn_grid_is_one_record_from_its_first_row)
{
    /* a comment line, then borders, bars and spaces around nine rows */
    char *drawn = test_read_file("tests/data/drawn.txt", NULL);
    char text[2048], cells[82];
    struct walk w;
    snprintf(text, sizeof(text), "%s%s" EASY "\n", drawn, drawn);
    free(drawn);
    walk(text, 0, &w);
    cr_assert_eq(w.n, 3);
    cr_assert_eq(w.line[0], 3, "the border above it holds no cell");
    cr_assert_eq(w.line[1], 17);
    cr_assert_eq(w.line[2], 29);
    cr_assert_eq(w.size[0], 9);
    parsed(w.text[0], w.size[0], cells);
    cr_assert_str_eq(
        cells, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    cr_assert_str_eq(w.text[2], EASY);
}

Test(records, nine_plain_lines_are_one_puzzle)
{
    char cells[82];
    struct walk w;
    walk("003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n"
         "800203009\n005010300\n",
         0, &w);
    cr_assert_eq(w.n, 1);
    parsed(w.text[0], w.size[0], cells);
    cr_assert_str_eq(
        cells, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "the cells of " EASY);
}

Test(records, a_short_grid_ends_at_a_blank_line_and_keeps_the_next_puzzle)
{
    struct walk w;
    walk("53..7....\n6..195...\n\n" EASY "\n", 0, &w);
    cr_assert_eq(w.n, 2);
    cr_assert_str_eq(w.text[0], "53..7....\n6..195...");
    cr_assert_eq(w.size[0], 9, "so that the parser says 81 cells are expected");
    cr_assert_str_eq(w.text[1], EASY);
    cr_assert_eq(w.line[1], 4);
}

Test(records, a_line_of_another_count_ends_a_grid_and_starts_anew)
{
    struct walk w;
    walk("53..7....\n6..195...\n" EASY "\n", 0, &w);
    cr_assert_eq(w.n, 2);
    cr_assert_str_eq(w.text[0], "53..7....\n6..195...");
    cr_assert_str_eq(w.text[1], EASY);
    cr_assert_eq(w.line[1], 3);
}

Test(records, json_and_other_lines_are_records_alone)
{
    struct walk w;
    walk("53..7....\n{\"puzzle\": \"" EASY "\"}\n\"" EASY "\"\n" EASY ":49\nhello\n", 0, &w);
    cr_assert_eq(w.n, 5);
    cr_assert_str_eq(w.text[0], "53..7....");
    cr_assert_str_eq(w.text[1], "{\"puzzle\": \"" EASY "\"}");
    cr_assert_str_eq(w.text[2], "\"" EASY "\"");
    cr_assert_str_eq(w.text[3], EASY ":49");
    cr_assert_str_eq(w.text[4], "hello");
    cr_assert_eq(w.line[4], 5);
}

Test(records, a_comment_inside_a_grid_ends_it)
{
    struct walk w;
    walk("53..7....\n# note\n6..195...\n", 0, &w);
    cr_assert_eq(w.n, 2);
    cr_assert_str_eq(w.text[0], "53..7....");
    cr_assert_str_eq(w.text[1], "6..195...");
    cr_assert_eq(w.line[1], 3);
}

Test(records, sixteen_cells_are_a_4x4_puzzle_unless_a_symbol_is_above_4)
{
    static const char rows16[] = "1234 5678 9ABC DEFG\n";
    char text[1024] = "";
    struct walk w;
    walk("1...............\n..3.\n4...\n.2..\n...1\n", 0, &w);
    cr_assert_eq(w.n, 2);
    cr_assert_str_eq(w.text[0], "1...............");
    cr_assert_eq(w.size[1], 4);
    cr_assert_str_eq(w.text[1], "..3.\n4...\n.2..\n...1");

    for (int i = 0; i < 16; i++) strcat(text, rows16);
    walk(text, 0, &w);
    cr_assert_eq(w.n, 1, "G is no symbol of a 4x4");
    cr_assert_eq(w.size[0], 16);
}

Test(records, a_known_size_reads_sixteen_cells_as_a_row)
{
    char text[1024] = "";
    struct walk w;
    for (int i = 0; i < 16; i++) strcat(text, "1...............\n");
    walk(text, 16, &w);
    cr_assert_eq(w.n, 1);
    walk(text, 9, &w);
    cr_assert_eq(w.n, 16, "not a 9x9: each line alone, to be refused");
}

Test(records, a_stream_gets_each_puzzle_when_its_last_row_comes)
{
    static const char *const lines[] = {"# typed\n",   "53..7....\n", "6..195...\n", ".98....6.\n",
                                        "8...6...3\n", "4..8.3..1\n", "7...2...6\n", ".6....28.\n",
                                        "...419..5\n", "....8..79\n", EASY "\n"};
    char text[1024] = "";
    size_t len = 0, pos = 0;
    int found = 0;
    sudoku_record rec;
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        strcat(text, lines[i]);
        len += strlen(lines[i]);
        bool got = sudoku_record_next(text, len, pos, 0, false, &rec);
        cr_assert_eq(got, i == 9 || i == 10, "line %zu", i + 1);
        if (!got) {
            cr_assert_eq(rec.next, i == 0 ? len : strlen(lines[0]), "only the comment is done");
            continue;
        }
        pos = rec.next;
        found++;
    }
    cr_assert_eq(found, 2);
    cr_assert_eq(pos, len);
}

Test(records, a_last_line_without_newline_waits_for_the_end)
{
    sudoku_record rec;
    cr_assert(!sudoku_record_next(EASY, 81, 0, 0, false, &rec));
    cr_assert_eq(rec.next, 0);
    cr_assert(sudoku_record_next(EASY, 81, 0, 0, true, &rec));
    cr_assert_eq(rec.end, 81);
    cr_assert_eq(rec.next, 81);
}

Test(records, a_byte_order_mark_is_found_at_the_start_only)
{
    cr_assert_eq(sudoku_bom_len("\xEF\xBB\xBF" EASY, 84), 3);
    cr_assert_eq(sudoku_bom_len(EASY, 81), 0);
    cr_assert_eq(sudoku_bom_len("\xEF\xBB", 2), 0);
}
