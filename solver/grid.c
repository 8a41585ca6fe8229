/* grid.c -- shapes, the text form, and the rules a grid must keep.
 *
 * Everything here works on a sudoku_puzzle alone, without a solver: the
 * server parses, validates and formats with it, and the solver asks it for
 * the cells of each unit when it builds its tables.
 *
 * DESIGN: a unit is known by one integer (rows, then columns, then boxes or
 * regions, then the diagonals; see solver_int.h), so conflicts, solution
 * checks and the solver's tables share a single definition of the rules.
 * Checks run one pass over the cells with a "seen" and a "repeated" mask per
 * unit; only the rare conflicting unit is walked again to list its cells.
 *
 *   box of (r, c) with 2x3 boxes in a 6x6 grid: (r / 2) * 2 + c / 3
 *
 *       c: 0 1 2   3 4 5
 *     r 0  0 0 0 | 1 1 1
 *       1  0 0 0 | 1 1 1
 *          ------+------
 *       2  2 2 2 | 3 3 3
 *       ...
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "solver/bits.h"
#include "solver/solver_int.h"

/* ---- shapes ---------------------------------------------------------------- */

int sudoku_default_box(int size, int *rows, int *cols)
{
    if (size < SUDOKU_MIN_SIZE || size > SUDOKU_MAX_SIZE) return -1;
    /* The largest factor not above the square root gives the most nearly
     * square pair, with rows <= cols. */
    int best = 0;
    for (int r = 2; r * r <= size; r++) {
        if (size % r == 0) best = r;
    }
    if (best == 0) return -1;
    *rows = best;
    *cols = size / best;
    return 0;
}

/* Formats a message into err (SUDOKU_ERR_LEN bytes) unless err is NULL. */
static void sdk_errf(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sdk_errf(char *err, const char *fmt, ...)
{
    if (!err) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, SUDOKU_ERR_LEN, fmt, ap);
    va_end(ap);
}

bool sudoku_size_ok(int size)
{
    /* a divisor up to the root, at most 7 steps: this runs for every batch
     * item, where sudoku_default_box()'s search for the squarest box showed */
    if (size < SUDOKU_MIN_SIZE || size > SUDOKU_MAX_SIZE) return false;
    for (int d = 2; d * d <= size; d++) {
        if (size % d == 0) return true;
    }
    return false;
}

int sudoku_regions_check(int size, const uint8_t *regions, size_t count, char *err)
{
    int n = size, cells[SUDOKU_MAX_SIZE] = {0};
    if (count != (size_t)n * (size_t)n) {
        sdk_errf(err, "the region layout has %zu cells, the grid %d", count, n * n);
        return -1;
    }
    for (int i = 0; i < n * n; i++) {
        if (regions[i] >= n) {
            sdk_errf(err, "region id %d at r%dc%d is not below %d", regions[i], i / n + 1,
                     i % n + 1, n);
            return -1;
        }
        cells[regions[i]]++;
    }
    for (int g = 0; g < n; g++) {
        if (cells[g] != n) {
            sdk_errf(err, "region %d has %d cells, %d expected", g, cells[g], n);
            return -1;
        }
    }
    return 0;
}

int sudoku_box_check(int size, int box_rows, int box_cols, char *err)
{
    if (size < SUDOKU_MIN_SIZE || size > SUDOKU_MAX_SIZE) {
        sdk_errf(err, "size %d is out of range %d..%d", size, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
        return -1;
    }
    if (box_rows < 2 || box_cols < 2) {
        sdk_errf(err, "box %dx%d is too small: both sides must be at least 2", box_rows, box_cols);
        return -1;
    }
    if ((long long)box_rows * box_cols != size) {
        sdk_errf(err, "box %dx%d does not tile a %dx%d grid", box_rows, box_cols, size, size);
        return -1;
    }
    return 0;
}

int sudoku_puzzle_init(sudoku_puzzle *p, int size, int box_rows, int box_cols, char *err)
{
    if (size < SUDOKU_MIN_SIZE || size > SUDOKU_MAX_SIZE) {
        sdk_errf(err, "size %d is out of range %d..%d", size, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
        return -1;
    }
    /* One side given: the other follows from the size. */
    if (box_rows == 0 && box_cols > 0 && size % box_cols == 0) box_rows = size / box_cols;
    if (box_cols == 0 && box_rows > 0 && size % box_rows == 0) box_cols = size / box_rows;
    if (box_rows == 0 && box_cols == 0 && sudoku_default_box(size, &box_rows, &box_cols) != 0) {
        sdk_errf(err, "size %d is prime: no box shape fits a %dx%d grid", size, size, size);
        return -1;
    }
    if (sudoku_box_check(size, box_rows, box_cols, err) != 0) return -1;
    memset(p, 0, sizeof(*p));
    p->size = size;
    p->box_rows = box_rows;
    p->box_cols = box_cols;
    return 0;
}

int sudoku_puzzle_check(const sudoku_puzzle *p, char *err)
{
    if (sudoku_box_check(p->size, p->box_rows, p->box_cols, err) != 0) return -1;
    int n = p->size;
    if (p->has_regions && sudoku_regions_check(n, p->regions, (size_t)n * (size_t)n, err) != 0)
        return -1;
    for (int i = 0; i < n * n; i++) {
        if (p->cells[i] > n) {
            sdk_errf(err, "cell r%dc%d holds %d, above %d", i / n + 1, i % n + 1, p->cells[i], n);
            return -1;
        }
    }
    return 0;
}

/* ---- units ----------------------------------------------------------------- */

int sdk_unit_count(const sudoku_puzzle *p)
{
    return 3 * p->size + (p->diagonal ? 2 : 0);
}

/* Box or region index of the cell at row r, column c. */
static int sdk_box_of(const sudoku_puzzle *p, int r, int c)
{
    if (p->has_regions) return p->regions[r * p->size + c];
    return r / p->box_rows * p->box_rows + c / p->box_cols;
}

void sdk_unit_cells(const sudoku_puzzle *p, int unit, uint16_t *out)
{
    int n = p->size;
    int k = unit % n;
    switch (unit < 3 * n ? unit / n : 3) {
    case SUDOKU_UNIT_ROW:
        for (int i = 0; i < n; i++) out[i] = (uint16_t)(k * n + i);
        break;
    case SUDOKU_UNIT_COLUMN:
        for (int i = 0; i < n; i++) out[i] = (uint16_t)(i * n + k);
        break;
    case SUDOKU_UNIT_BOX:
        if (p->has_regions) {
            int j = 0;
            for (int i = 0; i < n * n && j < n; i++) {
                if (p->regions[i] == k) out[j++] = (uint16_t)i;
            }
        } else {
            int r0 = k / p->box_rows * p->box_rows, c0 = k % p->box_rows * p->box_cols;
            for (int i = 0; i < n; i++) {
                out[i] = (uint16_t)((r0 + i / p->box_cols) * n + c0 + i % p->box_cols);
            }
        }
        break;
    default: /* anti-diagonal cells (i, n-1-i) ascend too: each row adds n-1 */
        for (int i = 0; i < n; i++)
            out[i] = (uint16_t)(unit == 3 * n ? i * n + i : i * n + n - 1 - i);
        break;
    }
}

/* Per unit, the symbols seen and those seen twice or more, in one pass.
 * Memory-safe on any puzzle: values and region ids out of range are skipped
 * (sudoku_puzzle_check reports them). Returns false for a size out of range;
 * otherwise sets the first sdk_unit_count(p) entries of both arrays (only
 * those: this runs before every solve the service queues). */
static bool sdk_unit_masks(const sudoku_puzzle *p, const uint8_t *cells, uint64_t *seen,
                           uint64_t *twice)
{
    int n = p->size;
    if (n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE) return false;
    memset(seen, 0, sizeof(*seen) * (size_t)sdk_unit_count(p));
    memset(twice, 0, sizeof(*twice) * (size_t)sdk_unit_count(p));
    for (int r = 0, i = 0; r < n; r++) {
        for (int c = 0; c < n; c++, i++) {
            if (cells[i] == 0 || cells[i] > n) continue;
            uint64_t b = sdk_bit(cells[i]);
            int box = sdk_box_of(p, r, c);
            int units[SDK_CELL_UNITS] = {r, n + c, 2 * n + (box < n ? box : 0)};
            int k = box < n ? 3 : 2;
            if (p->diagonal && r == c) units[k++] = 3 * n;
            if (p->diagonal && r + c == n - 1) units[k++] = 3 * n + 1;
            for (int j = 0; j < k; j++) {
                twice[units[j]] |= seen[units[j]] & b;
                seen[units[j]] |= b;
            }
        }
    }
    return true;
}

size_t sudoku_conflicts(const sudoku_puzzle *p, sudoku_conflict *out, size_t max)
{
    uint64_t seen[SDK_MAX_UNITS], twice[SDK_MAX_UNITS];
    if (!sdk_unit_masks(p, p->cells, seen, twice)) return 0;
    int n = p->size, nunits = sdk_unit_count(p);
    size_t total = 0;
    for (int u = 0; u < nunits; u++) {
        if (!twice[u]) continue;
        uint16_t cells[SUDOKU_MAX_SIZE];
        sdk_unit_cells(p, u, cells);
        for (uint64_t m = twice[u]; m; m &= m - 1) {
            int symbol = sdk_ctz(m) + 1;
            if (total < max) {
                sudoku_conflict *c = &out[total];
                c->kind = u < 3 * n ? (sudoku_unit_kind)(u / n) : SUDOKU_UNIT_DIAGONAL;
                c->unit = u < 3 * n ? u % n : u - 3 * n;
                c->symbol = symbol;
                c->ncells = 0;
                for (int i = 0; i < n; i++) {
                    if (p->cells[cells[i]] == symbol) c->cells[c->ncells++] = cells[i];
                }
            }
            total++;
        }
    }
    return total;
}

bool sudoku_is_solution(const sudoku_puzzle *p, const uint8_t *cells)
{
    if (sudoku_puzzle_check(p, NULL) != 0) return false;
    int n = p->size;
    for (int i = 0; i < n * n; i++) {
        if (cells[i] == 0 || cells[i] > n) return false;
    }
    /* N cells per unit, all filled: no repeat means every symbol once. */
    uint64_t seen[SDK_MAX_UNITS], twice[SDK_MAX_UNITS];
    if (!sdk_unit_masks(p, cells, seen, twice)) return false;
    for (int u = 0; u < sdk_unit_count(p); u++) {
        if (twice[u]) return false;
    }
    return true;
}

/* ---- text form --------------------------------------------------------------- */

/* The class of every byte, as 1 + its value (1 = blank, 2..36 = symbols
 * 1..35), SDK_SEP for separators and 0 for junk, so that unlisted bytes are
 * junk. A table, because this runs for every character of every puzzle a
 * batch body holds; sdk_char_value() in solver_int.h reads it. */
#define SDK_LETTER(ch, code) [ch] = code, [(ch) + ('a' - 'A')] = code
const uint8_t sdk_char_class[256] = {
    ['.'] = 1,           ['0'] = 1,           ['_'] = 1,           ['1'] = 2,
    ['2'] = 3,           ['3'] = 4,           ['4'] = 5,           ['5'] = 6,
    ['6'] = 7,           ['7'] = 8,           ['8'] = 9,           ['9'] = 10,
    SDK_LETTER('A', 11), SDK_LETTER('B', 12), SDK_LETTER('C', 13), SDK_LETTER('D', 14),
    SDK_LETTER('E', 15), SDK_LETTER('F', 16), SDK_LETTER('G', 17), SDK_LETTER('H', 18),
    SDK_LETTER('I', 19), SDK_LETTER('J', 20), SDK_LETTER('K', 21), SDK_LETTER('L', 22),
    SDK_LETTER('M', 23), SDK_LETTER('N', 24), SDK_LETTER('O', 25), SDK_LETTER('P', 26),
    SDK_LETTER('Q', 27), SDK_LETTER('R', 28), SDK_LETTER('S', 29), SDK_LETTER('T', 30),
    SDK_LETTER('U', 31), SDK_LETTER('V', 32), SDK_LETTER('W', 33), SDK_LETTER('X', 34),
    SDK_LETTER('Y', 35), SDK_LETTER('Z', 36), [' '] = SDK_SEP,     ['\t'] = SDK_SEP,
    ['\n'] = SDK_SEP,    ['\v'] = SDK_SEP,    ['\f'] = SDK_SEP,    ['\r'] = SDK_SEP,
    ['|'] = SDK_SEP,     ['+'] = SDK_SEP,     ['-'] = SDK_SEP,
};
#undef SDK_LETTER

/* The size whose N*N is nearest to ncells among those the text form can
 * spell and that have a box (not prime); the smaller on a tie. */
static int sdk_nearest_size(size_t ncells)
{
    int best = 0;
    size_t best_gap = 0;
    for (int n = SUDOKU_MIN_SIZE; n <= SUDOKU_MAX_TEXT_SIZE; n++) {
        int r, c;
        if (sudoku_default_box(n, &r, &c) != 0) continue;
        size_t sq = (size_t)n * (size_t)n;
        size_t gap = sq > ncells ? sq - ncells : ncells - sq;
        if (best == 0 || gap < best_gap) best = n, best_gap = gap;
    }
    return best;
}

/* The error for the first cell holding a symbol above size: found again by
 * scanning text, since only the error path needs the character itself. */
static void sdk_symbol_error(const char *text, size_t len, int size, char *err)
{
    int cell = 0;
    for (size_t i = 0; i < len; i++) {
        int v = sdk_char_value((unsigned char)text[i]);
        if (v == SDK_SEPARATOR) continue;
        if (v > size) {
            sdk_errf(err, "character '%c' at r%dc%d is not a symbol of a %dx%d grid", text[i],
                     cell / size + 1, cell % size + 1, size, size);
            return;
        }
        cell++;
    }
}

/* The text form's symbol of each value, blank first. */
static const char sdk_symbols[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

char sdk_symbol(int v)
{
    return sdk_symbols[v];
}

/* One pass over text: writes the cells (up to SUDOKU_MAX_TEXT_SIZE^2 of
 * them) and counts them all in *ncells, noting the largest symbol in *top.
 * Returns 0, or -1 with err on a character that is no symbol, blank or
 * separator. */
static int sdk_read_cells(const char *text, size_t len, uint8_t *cells, size_t *ncells, int *top,
                          char *err)
{
    /* counts in locals: stores through the uint8_t pointer could alias the
     * out-parameters, which would make the compiler reload them per cell */
    size_t n = 0;
    int highest = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        int v = sdk_char_value(ch);
        if (v == SDK_SEPARATOR) continue;
        if (v == SDK_JUNK) {
            if (ch > ' ' && ch < 0x7f) {
                sdk_errf(err, "character '%c' at position %zu is not a symbol, blank or separator",
                         ch, i + 1);
            } else {
                sdk_errf(err, "byte 0x%02x at position %zu is not a symbol, blank or separator", ch,
                         i + 1);
            }
            return -1;
        }
        if (n < SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE) cells[n] = (uint8_t)v;
        if (v > highest) highest = v;
        n++;
    }
    *ncells = n;
    *top = highest;
    return 0;
}

int sudoku_parse_row(const char *text, size_t len, int size, uint8_t *cells, char *err)
{
    uint8_t row[SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE];
    size_t ncells;
    int top;
    if (size < SUDOKU_MIN_SIZE || size > SUDOKU_MAX_TEXT_SIZE) {
        sdk_errf(err, "rows as text hold %d..%d cells", SUDOKU_MIN_SIZE, SUDOKU_MAX_TEXT_SIZE);
        return -1;
    }
    if (sdk_read_cells(text != NULL ? text : "", text != NULL ? len : 0, row, &ncells, &top, err) !=
        0)
        return -1;
    if (ncells != (size_t)size) {
        sdk_errf(err, "%d cells expected in a row, %zu found", size, ncells);
        return -1;
    }
    for (int c = 0; c < size; c++) {
        if (row[c] > size) {
            sdk_errf(err, "'%c' in column %d is not a symbol of a %dx%d grid", sdk_symbols[row[c]],
                     c + 1, size, size);
            return -1;
        }
        cells[c] = row[c];
    }
    return 0;
}

int sudoku_parse_cells(const char *text, size_t len, int size, uint8_t *cells, char *err)
{
    if (size > SUDOKU_MAX_TEXT_SIZE && size <= SUDOKU_MAX_SIZE) {
        sdk_errf(err, "size %d is above %d: larger grids need the cells array form", size,
                 SUDOKU_MAX_TEXT_SIZE);
        return -1;
    }
    if (size != 0 && (size < SUDOKU_MIN_SIZE || size > SUDOKU_MAX_SIZE)) {
        sdk_errf(err, "size %d is out of range %d..%d", size, SUDOKU_MIN_SIZE,
                 SUDOKU_MAX_TEXT_SIZE);
        return -1;
    }
    if (!text) len = 0;

    /* N is known only at the end, so values above N are checked once, against it */
    size_t ncells;
    int top;
    if (sdk_read_cells(text, len, cells, &ncells, &top, err) != 0) return -1;
    if (size == 0) {
        for (int n = SUDOKU_MIN_SIZE; n <= SUDOKU_MAX_SIZE; n++) {
            if ((size_t)n * (size_t)n == ncells) size = n;
        }
        if (size > SUDOKU_MAX_TEXT_SIZE) {
            sdk_errf(err,
                     "%zu cells make a %dx%d grid, above %dx%d: such grids need the cells "
                     "array form",
                     ncells, size, size, SUDOKU_MAX_TEXT_SIZE, SUDOKU_MAX_TEXT_SIZE);
            return -1;
        }
        if (size == 0) size = sdk_nearest_size(ncells);
    }
    if ((size_t)size * (size_t)size != ncells) {
        sdk_errf(err, "%d cells expected, %zu found", size * size, ncells);
        return -1;
    }
    if (top > size) {
        sdk_symbol_error(text, len, size, err);
        return -1;
    }
    return size;
}

int sudoku_parse(const char *text, size_t len, int size, int box_rows, int box_cols,
                 sudoku_puzzle *out, char *err)
{
    uint8_t cells[SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE];
    int n = sudoku_parse_cells(text, len, size, cells, err);
    if (n < 0 || sudoku_puzzle_init(out, n, box_rows, box_cols, err) != 0) return -1;
    memcpy(out->cells, cells, (size_t)n * (size_t)n);
    return 0;
}

int sudoku_format(const sudoku_puzzle *p, const uint8_t *cells, char *out, size_t outlen)
{
    int n = p->size;
    if (n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_TEXT_SIZE || outlen < (size_t)(n * n) + 1) return -1;
    for (int i = 0; i < n * n; i++) {
        if (cells[i] > n) return -1;
        out[i] = sdk_symbols[cells[i]];
    }
    out[n * n] = '\0';
    return n * n;
}

/* ---- names and time ----------------------------------------------------------- */

SDK_DEFINE_NAME_FN(sudoku_status_str, sudoku_status, SUDOKU_STATUSES)
SDK_DEFINE_NAME_FN(sudoku_limit_reason_str, sudoku_limit_reason, SUDOKU_LIMIT_REASONS)
SDK_DEFINE_NAME_FN(sudoku_unit_kind_str, sudoku_unit_kind, SUDOKU_UNIT_KINDS)

uint64_t sudoku_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
