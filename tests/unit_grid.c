/* unit_grid.c -- shapes, the text form, validation and conflict lists
 * (solver/grid.c): every parse error message, every unit kind of conflict.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "solver/sudoku.h"

static const char *const plain9 =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* Parses text that must parse; the puzzle is static because it is large. */
static sudoku_puzzle *parse_ok(const char *text, int size)
{
    static sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN] = "";
    cr_assert_eq(sudoku_parse(text, strlen(text), size, 0, 0, &p, err), 0, "%s", err);
    return &p;
}

/* Parses text that must fail with exactly the message `want`. */
static void parse_fails(const char *text, int size, int box_rows, int box_cols, const char *want)
{
    static sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN] = "";
    cr_assert_eq(sudoku_parse(text, text ? strlen(text) : 0, size, box_rows, box_cols, &p, err), -1,
                 "parsed: %s", text);
    cr_assert_str_eq(err, want);
}

Test(grid, default_box_is_the_most_square_factor_pair)
{
    static const int want[][3] = {{4, 2, 2},  {6, 2, 3},  {8, 2, 4},  {9, 3, 3},
                                  {10, 2, 5}, {12, 3, 4}, {15, 3, 5}, {16, 4, 4},
                                  {18, 3, 6}, {20, 4, 5}, {24, 4, 6}, {25, 5, 5},
                                  {35, 5, 7}, {36, 6, 6}, {48, 6, 8}, {64, 8, 8}};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        int r = 0, c = 0;
        cr_assert_eq(sudoku_default_box(want[i][0], &r, &c), 0);
        cr_assert(r == want[i][1] && c == want[i][2], "%d: %dx%d", want[i][0], r, c);
    }
    static const int refused[] = {-1, 0, 3, 5, 7, 11, 13, 37, 61, 65, 100};
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        int r, c;
        cr_assert_eq(sudoku_default_box(refused[i], &r, &c), -1, "%d", refused[i]);
    }
}

Test(grid, puzzle_init_names_the_shape_problem)
{
    static sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN];
    cr_assert_eq(sudoku_puzzle_init(&p, 3, 0, 0, err), -1);
    cr_assert_str_eq(err, "size 3 is out of range 4..64");
    cr_assert_eq(sudoku_puzzle_init(&p, 65, 0, 0, err), -1);
    cr_assert_str_eq(err, "size 65 is out of range 4..64");
    cr_assert_eq(sudoku_puzzle_init(&p, 7, 0, 0, err), -1);
    cr_assert_str_eq(err, "size 7 is prime: no box shape fits a 7x7 grid");
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 2, 3, err), -1);
    cr_assert_str_eq(err, "box 2x3 does not tile a 9x9 grid");
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 1, 9, err), -1);
    cr_assert_str_eq(err, "box 1x9 is too small: both sides must be at least 2");
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 0, 0, NULL), 0);
}

Test(grid, puzzle_init_takes_default_or_derived_box_sides)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 12, 0, 0, NULL), 0);
    cr_assert(p.size == 12 && p.box_rows == 3 && p.box_cols == 4);
    cr_assert_eq(sudoku_puzzle_init(&p, 12, 2, 0, NULL), 0);
    cr_assert(p.box_rows == 2 && p.box_cols == 6);
    cr_assert_eq(sudoku_puzzle_init(&p, 12, 0, 3, NULL), 0);
    cr_assert(p.box_rows == 4 && p.box_cols == 3);
    cr_assert(!p.diagonal && !p.has_regions && p.cells[143] == 0);
}

Test(grid, puzzle_check_names_the_first_bad_cell_or_region)
{
    static sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN];
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    cr_assert_eq(sudoku_puzzle_check(&p, err), 0);
    p.cells[6] = 5;
    cr_assert_eq(sudoku_puzzle_check(&p, err), -1);
    cr_assert_str_eq(err, "cell r2c3 holds 5, above 4");
    p.cells[6] = 0;
    p.has_regions = true; /* all zero: region 0 has every cell */
    cr_assert_eq(sudoku_puzzle_check(&p, err), -1);
    cr_assert_str_eq(err, "region 0 has 16 cells, 4 expected");
    p.regions[15] = 4;
    cr_assert_eq(sudoku_puzzle_check(&p, err), -1);
    cr_assert_str_eq(err, "region id 4 at r4c4 is not below 4");
    p.box_rows = 4;
    cr_assert_eq(sudoku_puzzle_check(&p, err), -1);
    cr_assert_str_eq(err, "box 4x2 does not tile a 4x4 grid");
}

Test(grid, parse_reads_symbols_and_every_blank)
{
    sudoku_puzzle *p = parse_ok(plain9, 0);
    cr_assert(p->size == 9 && p->box_rows == 3 && p->box_cols == 3);
    cr_assert(p->cells[0] == 5 && p->cells[1] == 3 && p->cells[2] == 0 && p->cells[80] == 9);

    p = parse_ok("1_3.0.0.0.0.0.0.", 4);
    cr_assert(p->cells[0] == 1 && p->cells[1] == 0 && p->cells[2] == 3 && p->cells[3] == 0);

    /* 16x16: A-G in either case are 10-16 */
    char text[257];
    memset(text, '.', 256);
    text[256] = '\0';
    text[0] = 'A', text[1] = 'g', text[2] = 'G', text[3] = '9';
    p = parse_ok(text, 0);
    cr_assert(p->size == 16 && p->box_rows == 4);
    cr_assert(p->cells[0] == 10 && p->cells[1] == 16 && p->cells[2] == 16 && p->cells[3] == 9);
}

Test(grid, parse_ignores_the_lines_of_a_drawn_grid)
{
    const char *drawn = "+-----+-----+\n"
                        "| 1 . | . 4 |\n"
                        "| . 4 | 1 . |\n"
                        "+-----+-----+\n"
                        "| . 1 | 4 . |\r\n"
                        "|\t4 . | . 1 |\n"
                        "+-----+-----+\n";
    sudoku_puzzle *p = parse_ok(drawn, 0);
    static const uint8_t want[16] = {1, 0, 0, 4, 0, 4, 1, 0, 0, 1, 4, 0, 4, 0, 0, 1};
    cr_assert(p->size == 4);
    cr_assert_arr_eq(p->cells, want, 16);
}

Test(grid, parse_infers_every_size_the_text_form_spells)
{
    static char text[35 * 35 + 1];
    for (int n = 4; n <= 35; n++) {
        int r, c;
        if (sudoku_default_box(n, &r, &c) != 0) continue;
        memset(text, '.', (size_t)(n * n));
        text[n * n] = '\0';
        sudoku_puzzle *p = parse_ok(text, 0);
        cr_assert(p->size == n && p->box_rows == r && p->box_cols == c, "size %d", n);
    }
}

Test(grid, parse_honours_a_given_box)
{
    static sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN];
    const char *text = "....................................";
    cr_assert_eq(sudoku_parse(text, 36, 6, 3, 2, &p, err), 0, "%s", err);
    cr_assert(p.box_rows == 3 && p.box_cols == 2);
}

Test(grid, parse_error_symbol_too_large_names_the_cell_r1c1)
{
    char text[82];
    memcpy(text, plain9, 82);
    text[2 * 9 + 6] = 'x';
    parse_fails(text, 0, 0, 0, "character 'x' at r3c7 is not a symbol of a 9x9 grid");
    parse_fails("1234123412341235", 4, 0, 0, "character '5' at r4c4 is not a symbol of a 4x4 grid");
}

Test(grid, parse_error_stray_character_gives_its_position)
{
    parse_fails("12#4............", 0, 0, 0,
                "character '#' at position 3 is not a symbol, blank or separator");
    parse_fails("\x01", 0, 0, 0, "byte 0x01 at position 1 is not a symbol, blank or separator");
    parse_fails("1234 \xc3\xa9", 0, 0, 0,
                "byte 0xc3 at position 6 is not a symbol, blank or separator");
}

Test(grid, parse_error_cell_count_names_the_nearest_size)
{
    parse_fails(plain9 + 1, 0, 0, 0, "81 cells expected, 80 found");
    parse_fails(plain9, 16, 0, 0, "256 cells expected, 81 found");
    parse_fails("", 0, 0, 0, "16 cells expected, 0 found");
    parse_fails(NULL, 0, 0, 0, "16 cells expected, 0 found");
    parse_fails("1234567", 0, 0, 0, "16 cells expected, 7 found");
    static char big[1300 + 1];
    memset(big, '.', 1300);
    parse_fails(big, 0, 0, 0, "1225 cells expected, 1300 found");
    static char big36[36 * 36 + 1];
    memset(big36, '.', 36 * 36);
    parse_fails(big36, 0, 0, 0,
                "1296 cells make a 36x36 grid, above 35x35: such grids need the cells array form");
}

Test(grid, parse_error_prime_cell_count)
{
    parse_fails(".........................", 0, 0, 0,
                "size 5 is prime: no box shape fits a 5x5 grid");
    parse_fails(".........................", 5, 0, 0,
                "size 5 is prime: no box shape fits a 5x5 grid");
}

Test(grid, parse_error_size_or_box_out_of_reach)
{
    parse_fails(plain9, 36, 0, 0, "size 36 is above 35: larger grids need the cells array form");
    parse_fails(plain9, 3, 0, 0, "size 3 is out of range 4..35");
    parse_fails(plain9, 70, 0, 0, "size 70 is out of range 4..35");
    parse_fails(plain9, 0, 2, 3, "box 2x3 does not tile a 9x9 grid");
    /* regression: the product of huge sides overflowed an int (found by fuzzing) */
    parse_fails(plain9, 0, 100000, 100000, "box 100000x100000 does not tile a 9x9 grid");
}

Test(grid, error_messages_fit_the_buffer)
{
    static char big[35 * 35 + 1];
    memset(big, '.', 35 * 35);
    big[35 * 35 - 1] = '#';
    parse_fails(big, 0, 0, 0, "character '#' at position 1225 is not a symbol, blank or separator");
    static sudoku_puzzle p;
    char err[SUDOKU_ERR_LEN];
    cr_assert_eq(sudoku_puzzle_init(&p, -2147483647 - 1, -2147483647, 2147483647, err), -1);
    cr_assert_lt(strlen(err), SUDOKU_ERR_LEN);
}

Test(grid, format_writes_symbols_and_dots)
{
    sudoku_puzzle *p = parse_ok(plain9, 0);
    char out[82];
    cr_assert_eq(sudoku_format(p, p->cells, out, sizeof(out)), 81);
    cr_assert_str_eq(out, plain9);
    cr_assert_eq(sudoku_format(p, p->cells, out, 81), -1); /* no room for the NUL */

    static sudoku_puzzle q;
    cr_assert_eq(sudoku_puzzle_init(&q, 35, 0, 0, NULL), 0);
    for (int i = 0; i < 35; i++) q.cells[i] = (uint8_t)(i + 1);
    static char wide[35 * 35 + 1];
    cr_assert_eq(sudoku_format(&q, q.cells, wide, sizeof(wide)), 35 * 35);
    cr_assert(strncmp(wide, "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ..", 37) == 0);

    cr_assert_eq(sudoku_puzzle_init(&q, 36, 0, 0, NULL), 0);
    static char huge[36 * 36 + 1];
    cr_assert_eq(sudoku_format(&q, q.cells, huge, sizeof(huge)), -1);
}

Test(grid, conflicts_list_every_cell_of_every_repeat)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 0, 0, NULL), 0);
    /* three 5s in row 0 (two share box 0), a 7 twice in column 8 */
    p.cells[0] = 5, p.cells[2] = 5, p.cells[8] = 5;
    p.cells[8 + 9 * 4] = 7, p.cells[8 + 9 * 6] = 7;
    p.cells[40] = 5; /* alone in its units */
    sudoku_conflict c[8];
    cr_assert_eq(sudoku_conflicts(&p, c, 8), 3);

    cr_assert(c[0].kind == SUDOKU_UNIT_ROW && c[0].unit == 0 && c[0].symbol == 5);
    cr_assert_eq(c[0].ncells, 3);
    cr_assert(c[0].cells[0] == 0 && c[0].cells[1] == 2 && c[0].cells[2] == 8);
    cr_assert(c[1].kind == SUDOKU_UNIT_COLUMN && c[1].unit == 8 && c[1].symbol == 7);
    cr_assert(c[1].ncells == 2 && c[1].cells[0] == 44 && c[1].cells[1] == 62);
    cr_assert(c[2].kind == SUDOKU_UNIT_BOX && c[2].unit == 0 && c[2].symbol == 5);
    cr_assert(c[2].ncells == 2 && c[2].cells[0] == 0 && c[2].cells[1] == 2);

    /* the total is returned whatever fits */
    cr_assert_eq(sudoku_conflicts(&p, c, 1), 3);
    cr_assert_eq(sudoku_conflicts(&p, NULL, 0), 3);
    sudoku_puzzle *ok = parse_ok(plain9, 0);
    cr_assert_eq(sudoku_conflicts(ok, c, 8), 0);
}

Test(grid, conflicts_cover_diagonals_and_regions)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    p.diagonal = true;
    p.cells[0] = 2, p.cells[15] = 2; /* main diagonal */
    p.cells[3] = 3, p.cells[6] = 3;  /* anti-diagonal, and box 1 */
    sudoku_conflict c[4];
    cr_assert_eq(sudoku_conflicts(&p, c, 4), 3);
    cr_assert(c[0].kind == SUDOKU_UNIT_BOX && c[0].unit == 1 && c[0].symbol == 3);
    cr_assert(c[1].kind == SUDOKU_UNIT_DIAGONAL && c[1].unit == 0 && c[1].symbol == 2);
    cr_assert(c[1].ncells == 2 && c[1].cells[0] == 0 && c[1].cells[1] == 15);
    cr_assert(c[2].kind == SUDOKU_UNIT_DIAGONAL && c[2].unit == 1 && c[2].symbol == 3);
    cr_assert(c[2].cells[0] == 3 && c[2].cells[1] == 6);

    /* regions: rows are regions here, so a row repeat is also a region repeat */
    memset(p.cells, 0, sizeof(p.cells));
    p.diagonal = false;
    p.has_regions = true;
    for (int i = 0; i < 16; i++) p.regions[i] = (uint8_t)(i / 4);
    p.cells[4] = 1, p.cells[7] = 1;
    cr_assert_eq(sudoku_conflicts(&p, c, 4), 2);
    cr_assert(c[0].kind == SUDOKU_UNIT_ROW && c[0].unit == 1);
    cr_assert(c[1].kind == SUDOKU_UNIT_BOX && c[1].unit == 1 && c[1].symbol == 1);
    cr_assert(c[1].ncells == 2 && c[1].cells[0] == 4 && c[1].cells[1] == 7);
}

Test(grid, conflicts_of_a_full_64x64_unit_fit)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 64, 0, 0, NULL), 0);
    for (int i = 0; i < 64; i++) p.cells[i] = 64; /* row 0 all 64s */
    static sudoku_conflict c[16];
    /* row 0, and the 8 boxes it crosses */
    cr_assert_eq(sudoku_conflicts(&p, c, 16), 9);
    cr_assert_eq(c[0].ncells, 64);
    cr_assert_eq(c[0].cells[63], 63);
    cr_assert(c[1].kind == SUDOKU_UNIT_BOX && c[1].ncells == 8 && c[8].unit == 7);
}

Test(grid, is_solution_checks_every_unit)
{
    sudoku_puzzle *p = parse_ok("1234341221434321", 0);
    uint8_t grid[16];
    memcpy(grid, p->cells, 16);
    cr_assert(sudoku_is_solution(p, grid));
    p->diagonal = true; /* 1,4,4,1 on the main diagonal */
    cr_assert(!sudoku_is_solution(p, grid));
    p->diagonal = false;
    grid[0] = 0;
    cr_assert(!sudoku_is_solution(p, grid));
    grid[0] = 5;
    cr_assert(!sudoku_is_solution(p, grid));
    /* rows and columns fine, boxes not */
    sudoku_puzzle *q = parse_ok("1234214334124321", 0);
    cr_assert(!sudoku_is_solution(q, q->cells));
}

Test(grid, names_are_stable)
{
    cr_assert_str_eq(sudoku_status_str(SUDOKU_SOLVED), "solved");
    cr_assert_str_eq(sudoku_status_str(SUDOKU_MULTIPLE), "multiple");
    cr_assert_str_eq(sudoku_status_str(SUDOKU_NO_SOLUTION), "no_solution");
    cr_assert_str_eq(sudoku_status_str(SUDOKU_CONFLICT), "conflict");
    cr_assert_str_eq(sudoku_status_str(SUDOKU_LIMIT), "limit");
    cr_assert_str_eq(sudoku_status_str(SUDOKU_INVALID), "invalid");
    cr_assert_str_eq(sudoku_limit_reason_str(SUDOKU_LIMIT_NODES), "nodes");
    cr_assert_str_eq(sudoku_limit_reason_str(SUDOKU_LIMIT_DEADLINE), "deadline");
    cr_assert_str_eq(sudoku_limit_reason_str(SUDOKU_LIMIT_CANCEL), "cancel");
    cr_assert_str_eq(sudoku_limit_reason_str(SUDOKU_LIMIT_NONE), "none");
    cr_assert_str_eq(sudoku_unit_kind_str(SUDOKU_UNIT_ROW), "row");
    cr_assert_str_eq(sudoku_unit_kind_str(SUDOKU_UNIT_COLUMN), "column");
    cr_assert_str_eq(sudoku_unit_kind_str(SUDOKU_UNIT_BOX), "box");
    cr_assert_str_eq(sudoku_unit_kind_str(SUDOKU_UNIT_DIAGONAL), "diagonal");
}

Test(grid, clock_is_monotonic)
{
    uint64_t a = sudoku_now_ns(), b = sudoku_now_ns();
    cr_assert(a > 0 && b >= a);
}

Test(grid, checks_are_memory_safe_on_unchecked_puzzles)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 4, 0, 0, NULL), 0);
    p.has_regions = true;
    memset(p.regions, 200, sizeof(p.regions)); /* ids far out of range */
    p.cells[0] = 1, p.cells[1] = 1, p.cells[2] = 99;
    sudoku_conflict c[4];
    cr_assert_eq(sudoku_conflicts(&p, c, 4), 1); /* the row; the bad box is skipped */
    cr_assert(!sudoku_is_solution(&p, p.cells));
    p.size = 0;
    cr_assert_eq(sudoku_conflicts(&p, c, 4), 0);
    p.size = 1000;
    cr_assert(!sudoku_is_solution(&p, p.cells));
}
