/* input.c -- text puzzles, region labels and the shape rules shared by every input form.
 *
 * DESIGN: the text reader is on the batch fast path (a 4 MB file of 81-char
 * lines), so it is one pass over the bytes with a 256-entry class table,
 * writing straight into the cell buffer; N is known only at the end, so
 * values above N are checked in a second pass over the (at most 1,225)
 * cells rather than per byte. The classes follow sudoku_parse(): `1`-`9`
 * and `A`-`Z` in either case are symbols, `.` `0` `_` are blanks, and
 * whitespace `|` `+` `-` separate.
 */
#include "server/input.h"

#include <stdio.h>
#include <string.h>

/* Byte -> its class: 0 is not allowed, INPUT_SEP separates, anything else is
 * 1 + the cell value (1 blank, 2..36 the symbols 1..35). Zero-initialised
 * entries are the junk class, so only the allowed bytes are listed. */
enum { INPUT_JUNK = 0, INPUT_SEP = 0xFF };

static const uint8_t input_class[256] = {
    ['.'] = 1,          ['0'] = 1,          ['_'] = 1,          ['1'] = 2,
    ['2'] = 3,          ['3'] = 4,          ['4'] = 5,          ['5'] = 6,
    ['6'] = 7,          ['7'] = 8,          ['8'] = 9,          ['9'] = 10,
    ['A'] = 11,         ['a'] = 11,         ['B'] = 12,         ['b'] = 12,
    ['C'] = 13,         ['c'] = 13,         ['D'] = 14,         ['d'] = 14,
    ['E'] = 15,         ['e'] = 15,         ['F'] = 16,         ['f'] = 16,
    ['G'] = 17,         ['g'] = 17,         ['H'] = 18,         ['h'] = 18,
    ['I'] = 19,         ['i'] = 19,         ['J'] = 20,         ['j'] = 20,
    ['K'] = 21,         ['k'] = 21,         ['L'] = 22,         ['l'] = 22,
    ['M'] = 23,         ['m'] = 23,         ['N'] = 24,         ['n'] = 24,
    ['O'] = 25,         ['o'] = 25,         ['P'] = 26,         ['p'] = 26,
    ['Q'] = 27,         ['q'] = 27,         ['R'] = 28,         ['r'] = 28,
    ['S'] = 29,         ['s'] = 29,         ['T'] = 30,         ['t'] = 30,
    ['U'] = 31,         ['u'] = 31,         ['V'] = 32,         ['v'] = 32,
    ['W'] = 33,         ['w'] = 33,         ['X'] = 34,         ['x'] = 34,
    ['Y'] = 35,         ['y'] = 35,         ['Z'] = 36,         ['z'] = 36,
    [' '] = INPUT_SEP,  ['\t'] = INPUT_SEP, ['\n'] = INPUT_SEP, ['\v'] = INPUT_SEP,
    ['\f'] = INPUT_SEP, ['\r'] = INPUT_SEP, ['|'] = INPUT_SEP,  ['+'] = INPUT_SEP,
    ['-'] = INPUT_SEP,
};

#define INPUT_MAX_TEXT_CELLS (SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE)

void input_init(input_puzzle *p, uint8_t *cells, uint8_t *regions_buf, uint32_t default_timeout_ms)
{
    memset(p, 0, sizeof(*p));
    p->cells = cells;
    p->regions_buf = regions_buf;
    p->max_solutions = INPUT_DEFAULT_MAX_SOLUTIONS;
    p->return_solutions = INPUT_DEFAULT_RETURN_SOLUTIONS;
    p->timeout_ms = default_timeout_ms;
}

static int input_isqrt(size_t n)
{
    size_t r = 0;
    while ((r + 1) * (r + 1) <= n) r++;
    return r * r == n ? (int)r : -1;
}

/* True when N has a box: 4..64 and not prime. */
/* A divisor up to the root, at most 7 steps: this runs for every batch
 * item, where sudoku_default_box()'s search for the squarest box showed. */
bool input_size_ok(int n)
{
    if (n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE) return false;
    for (int d = 2; d * d <= n; d++) {
        if (n % d == 0) return true;
    }
    return false;
}

int input_read_text(input_puzzle *p, const char *text, size_t len, const char *pointer,
                    api_problem *pb)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t ncells = 0;
    unsigned top = 0; /* the largest symbol seen */

    for (size_t i = 0; i < len; i++) {
        uint8_t v = input_class[s[i]];
        if (v != INPUT_JUNK && v != INPUT_SEP) {
            if (ncells < INPUT_MAX_TEXT_CELLS) p->cells[ncells] = (uint8_t)(v - 1);
            top = v - 1u > top ? v - 1u : top;
            ncells++;
        } else if (v == INPUT_JUNK) {
            if (s[i] > ' ' && s[i] < 0x7f)
                return api_problem_set(pb, API_PROBLEM_INVALID_PUZZLE, pointer,
                                       "character '%c' at position %zu is not a symbol "
                                       "(1-9, A-Z), a blank (. 0 _) or a separator",
                                       s[i], i + 1);
            return api_problem_set(pb, API_PROBLEM_INVALID_PUZZLE, pointer,
                                   "byte 0x%02x at position %zu is not a symbol (1-9, A-Z), a "
                                   "blank (. 0 _) or a separator",
                                   s[i], i + 1);
        }
    }
    if (ncells == 0)
        return api_problem_set(pb, API_PROBLEM_INVALID_PUZZLE, pointer, "the puzzle is empty");
    int n = input_isqrt(ncells);
    if (n < 0)
        return api_problem_set(pb, API_PROBLEM_INVALID_PUZZLE, pointer,
                               "%zu cells do not make a square grid (81 for 9x9, 16 for 4x4...)",
                               ncells);
    if (n > SUDOKU_MAX_TEXT_SIZE)
        return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                               "a %dx%d grid is beyond the text form (up to %dx%d): send an "
                               "array of integers",
                               n, n, SUDOKU_MAX_TEXT_SIZE, SUDOKU_MAX_TEXT_SIZE);
    if (!input_size_ok(n))
        return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                               "a %dx%d grid is not supported: N must be %d..%d and not prime", n,
                               n, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
    for (int i = 0; top > (unsigned)n && i < n * n; i++) {
        if (p->cells[i] > n) {
            static const char symbols[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
            return api_problem_set(pb, API_PROBLEM_INVALID_PUZZLE, pointer,
                                   "symbol '%c' at row %d column %d is above %d, the size of the "
                                   "grid",
                                   symbols[p->cells[i]], i / n + 1, i % n + 1, n);
        }
    }
    p->size = n;
    p->form = INPUT_FORM_STRING;
    p->has_puzzle = true;
    return 0;
}

/* Decodes one UTF-8 character at s (valid UTF-8 assumed); returns its length. */
static size_t input_utf8_char(const unsigned char *s, size_t len, uint32_t *cp)
{
    size_t n = s[0] < 0x80 ? 1 : s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
    if (n > len) n = len;
    uint32_t v = n == 1 ? s[0] : s[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) v = (v << 6) | (s[i] & 0x3F);
    *cp = v;
    return n;
}

int input_read_region_labels(input_puzzle *p, const char *text, size_t len, const char *pointer,
                             api_problem *pb)
{
    const unsigned char *s = (const unsigned char *)text;
    uint32_t labels[SUDOKU_MAX_SIZE];
    size_t nlabels = 0, count = 0;

    for (size_t i = 0; i < len;) {
        uint32_t cp;
        i += input_utf8_char(s + i, len - i, &cp);
        if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r') continue;
        size_t id = 0;
        while (id < nlabels && labels[id] != cp) id++;
        if (id == nlabels) {
            if (nlabels == SUDOKU_MAX_SIZE)
                return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                                       "more than %d distinct region labels", SUDOKU_MAX_SIZE);
            labels[nlabels++] = cp;
        }
        if (count == SUDOKU_MAX_CELLS)
            return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                                   "more than %d region labels", SUDOKU_MAX_CELLS);
        p->regions_buf[count++] = (uint8_t)id;
    }
    if (count == 0)
        return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                               "the region layout is empty");
    p->nregions = count;
    p->regions = p->regions_buf;
    return 0;
}

int input_finish(input_puzzle *p, const char *base, const char *puzzle_ptr, api_problem *pb)
{
    char ptr[API_POINTER_LEN];
    int n = p->size;

    if (!p->has_puzzle)
        return api_problem_set(pb, API_PROBLEM_INVALID_REQUEST, puzzle_ptr,
                               "the required key \"puzzle\" is missing");
    if (!input_size_ok(n)) {
        return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, puzzle_ptr,
                               "a %dx%d grid is not supported: N must be %d..%d and not prime", n,
                               n, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
    }
    if (p->box_rows != 0) {
        if (p->box_rows < 2 || p->box_cols < 2 || p->box_rows * p->box_cols != n) {
            api_pointer_join(ptr, base, "/box");
            return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                                   "a %dx%d box does not tile a %dx%d grid (sides of 2 or more)",
                                   p->box_rows, p->box_cols, n, n);
        }
    } else {
        sudoku_default_box(n, &p->box_rows, &p->box_cols);
    }
    if (p->nregions != 0) {
        int count[SUDOKU_MAX_SIZE] = {0};
        api_pointer_join(ptr, base, "/regions");
        if (p->nregions != (size_t)n * (size_t)n)
            return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                                   "the region layout has %zu cells, the puzzle %d", p->nregions,
                                   n * n);
        for (int i = 0; i < n * n; i++) {
            if (p->regions[i] >= n)
                return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                                       "region %d at row %d column %d: a %dx%d grid has regions "
                                       "0..%d",
                                       p->regions[i], i / n + 1, i % n + 1, n, n, n - 1);
            count[p->regions[i]]++;
        }
        for (int g = 0; g < n; g++) {
            if (count[g] != n)
                return api_problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                                       "region %d has %d cells, %d expected", g, count[g], n);
        }
    }
    return 0;
}

void input_to_puzzle(const input_puzzle *p, sudoku_puzzle *out)
{
    size_t cells = (size_t)p->size * (size_t)p->size;
    out->size = p->size;
    out->box_rows = p->box_rows;
    out->box_cols = p->box_cols;
    out->diagonal = p->diagonal;
    out->has_regions = p->nregions != 0;
    memcpy(out->cells, p->cells, cells);
    if (out->has_regions) memcpy(out->regions, p->regions, cells);
}
