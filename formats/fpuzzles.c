/* fpuzzles.c -- the f-puzzles JSON object (fpuzzles.h), read with cJSON and written by hand.
 *
 * DESIGN: the top-level keys are a table (fmt_fpuzzles_keys): each key is
 * read (size, grid), kept as metadata, ignored as drawing, or is a
 * constraint with its reader. The classic reader refuses every constraint
 * row by name; the variant reader runs the row's reader, once for a flag
 * (`antiknight`: true) or once per entry of a list (`killercage`: [...]),
 * and a key not in the table is refused by both. Supporting a constraint
 * is a row and its reader, never a change to the walk.
 *
 * Where an entry is goes with every message: the readers work through a
 * fmt_fp_ctx that knows the key and the entry index, so "killercage[3]:
 * cells[1] R10C1 is outside the 9x9 grid" and its JSON Pointer
 * "/killercage/3/cells/1" are written in one place (fmt_fp_fail).
 */
#include "formats/fpuzzles.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats_int.h"
#include "writers/json_write.h"

#ifdef FMT_NO_CJSON

int fmt_fpuzzles_object_read(const char *json, size_t len, fmt_state *s, char *err)
{
    (void)json;
    (void)len;
    (void)s;
    return fmt_errf(err, "this build reads no f-puzzles JSON: it was built without cJSON");
}

int fmt_fpuzzles_variant_read(const char *json, size_t len, fmt_variant_read *r)
{
    (void)json;
    (void)len;
    r->pointer[0] = '\0';
    return fmt_errf(r->err, "this build reads no f-puzzles JSON: it was built without cJSON");
}

#else

#include <cjson/cJSON.h>

/* Entries one key may list, and cells one line or cage may name: far above
 * any puzzle, low enough that a hostile object is refused before work. */
#define FMT_FP_MAX_ENTRIES SUDOKU_VARIANT_MAX_CONSTRAINTS
#define FMT_FP_MAX_LINE    (SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE)
/* A clue value's magnitude: six digits say every sum a 16x16 can make. */
#define FMT_FP_MAX_VALUE   999999
/* Distinct ratios the dots may use: a ratio's cells must meet it, so no
 * more than N - 1 of them are ever added. */
#define FMT_FP_MAX_RATIOS  SUDOKU_VARIANT_MAX_SIZE

/* Where the variant reader is, and what it fills. */
typedef struct fmt_fp_ctx {
    fmt_variant_read *r;
    sudoku_variant *v;
    int n;
    const char *key;               /* the key being read */
    int index;                     /* its entry, -1 for a flag */
    int ratios[FMT_FP_MAX_RATIOS]; /* the distinct values of the ratio dots added */
    int nratios;
} fmt_fp_ctx;

/* Writes "key[index]: <message>" and the pointer "/key/index[/sub]" into
 * the result; returns -1. `sub` (may be NULL) is the member inside the entry. */
__attribute__((format(printf, 3, 4))) static int fmt_fp_fail(fmt_fp_ctx *c, const char *sub,
                                                             const char *fmt, ...)
{
    char msg[FMT_ERR_LEN - 64], ptr[FMT_PTR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    int k = c->index >= 0 ? snprintf(ptr, sizeof(ptr), "/%.40s/%d", c->key, c->index)
                          : snprintf(ptr, sizeof(ptr), "/%.40s", c->key);
    if (sub != NULL && k > 0 && (size_t)k < sizeof(ptr))
        snprintf(ptr + k, sizeof(ptr) - (size_t)k, "/%s", sub);
    /* RFC 6901: '~' and '/' in a key are escaped; the keys read here have neither */
    memcpy(c->r->pointer, ptr, sizeof(ptr));
    if (c->index >= 0)
        snprintf(c->r->err, FMT_ERR_LEN, "%.24s[%d]: %s", c->key, c->index, msg);
    else
        snprintf(c->r->err, FMT_ERR_LEN, "%.24s: %s", c->key, msg);
    return -1;
}

/* Parses "R<row>C<col>" (either case, 1..3 digits each) into 1-based *row, *col,
 * which may lie outside the grid (clue cells do). */
static bool fmt_fp_parse_cell(const char *s, int *row, int *col)
{
    int *out[2] = {row, col};
    const char tags[2] = {'r', 'c'};
    for (int part = 0; part < 2; part++) {
        if ((*s | 0x20) != tags[part]) return false;
        s++;
        int v = 0, digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 3) v = v * 10 + (*s++ - '0'), digits++;
        if (digits == 0) return false;
        *out[part] = v;
    }
    return *s == '\0';
}

/* A cell string at sub ("cells/2") of the entry: its 1-based row and
 * column, which may lie outside the grid (the caller checks where). */
static int fmt_fp_cell_at(fmt_fp_ctx *c, const cJSON *v, const char *sub, int *row, int *col)
{
    if (!cJSON_IsString(v))
        return fmt_fp_fail(c, sub, "%s is not a cell string like \"R1C1\"", sub);
    if (!fmt_fp_parse_cell(v->valuestring, row, col))
        return fmt_fp_fail(c, sub, "%s \"%.16s\" is not a cell like \"R1C1\"", sub, v->valuestring);
    return 0;
}

/* An inside cell's index row * N + col, or -1 with the problem. */
static int fmt_fp_cell(fmt_fp_ctx *c, const cJSON *v, const char *sub)
{
    int row, col;
    if (fmt_fp_cell_at(c, v, sub, &row, &col) != 0) return -1;
    if (row < 1 || row > c->n || col < 1 || col > c->n)
        return fmt_fp_fail(c, sub, "%s R%dC%d is outside the %dx%d grid", sub, row, col, c->n,
                           c->n);
    return (row - 1) * c->n + (col - 1);
}

/* The member `name` of an entry object, or NULL (absent or null). */
static const cJSON *fmt_fp_member(const cJSON *entry, const char *name)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(entry, name);
    return cJSON_IsNull(m) ? NULL : m;
}

/* Reads the array member `name` of cell strings into cells (at most max).
 * Returns the count, or -1 with the problem. */
static int fmt_fp_cells(fmt_fp_ctx *c, const cJSON *arr, const char *name, uint8_t *cells, int max)
{
    if (!cJSON_IsArray(arr)) return fmt_fp_fail(c, name, "%s is not an array of cells", name);
    int count = cJSON_GetArraySize(arr);
    if (count > max)
        return fmt_fp_fail(c, name, "%s has %d cells, more than the %d it may", name, count, max);
    int i = 0;
    const cJSON *cell;
    cJSON_ArrayForEach(cell, arr)
    {
        char sub[48];
        snprintf(sub, sizeof(sub), "%s/%d", name, i);
        int at = fmt_fp_cell(c, cell, sub);
        if (at < 0) return -1;
        cells[i++] = (uint8_t)at;
    }
    return count;
}

/* The clue value of an entry: a number or a numeric string ("15"). *out
 * gets it, or `dflt` when absent or "" (then the return is 1, so a reader
 * can tell "no clue"). Returns 0, 1, or -1 with the problem. */
static int fmt_fp_value(fmt_fp_ctx *c, const cJSON *entry, int dflt, int *out)
{
    const cJSON *v = fmt_fp_member(entry, "value");
    *out = dflt;
    if (v == NULL) return 1;
    if (cJSON_IsNumber(v)) {
        if (v->valuedouble < -FMT_FP_MAX_VALUE || v->valuedouble > FMT_FP_MAX_VALUE ||
            v->valuedouble != (double)(int)v->valuedouble)
            return fmt_fp_fail(c, "value", "value is not an integer within +-%d", FMT_FP_MAX_VALUE);
        *out = (int)v->valuedouble;
        return 0;
    }
    if (!cJSON_IsString(v)) return fmt_fp_fail(c, "value", "value is not a number or a string");
    const char *s = v->valuestring;
    if (*s == '\0') return 1;
    char *end;
    long x = strtol(s, &end, 10);
    if (*end != '\0' || end == s || (*s != '-' && (*s < '0' || *s > '9')) ||
        x < -FMT_FP_MAX_VALUE || x > FMT_FP_MAX_VALUE)
        return fmt_fp_fail(c, "value", "value \"%.16s\" is not an integer within +-%d", s,
                           FMT_FP_MAX_VALUE);
    *out = (int)x;
    return 0;
}

/* Appends a constraint; sudoku_variant_add's refusal comes back with where. */
static int fmt_fp_add(fmt_fp_ctx *c, sudoku_constraint_kind kind, int value, int aux,
                      const uint8_t *cells, int ncells)
{
    char why[SUDOKU_ERR_LEN];
    if (sudoku_variant_add(c->v, kind, value, aux, cells, ncells, why) != 0)
        return fmt_fp_fail(c, NULL, "%s", why);
    return 0;
}

/* Runs one line reader per member of the entry's `lines` (an array of cell arrays). */
static int fmt_fp_lines(fmt_fp_ctx *c, const cJSON *entry,
                        int (*line)(fmt_fp_ctx *c, const cJSON *entry, const uint8_t *cells,
                                    int ncells))
{
    const cJSON *lines = fmt_fp_member(entry, "lines");
    if (!cJSON_IsArray(lines)) return fmt_fp_fail(c, "lines", "lines is not an array of lines");
    if (cJSON_GetArraySize(lines) > FMT_FP_MAX_ENTRIES)
        return fmt_fp_fail(c, "lines", "lines has more than %d lines", FMT_FP_MAX_ENTRIES);
    int i = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, lines)
    {
        char name[24];
        uint8_t cells[FMT_FP_MAX_LINE];
        snprintf(name, sizeof(name), "lines/%d", i++);
        int k = fmt_fp_cells(c, l, name, cells, FMT_FP_MAX_LINE);
        if (k < 0 || line(c, entry, cells, k) != 0) return -1;
    }
    return 0;
}

/* ---- the constraints: one reader per key ---------------------------------------------- */

static int fmt_fp_cage(fmt_fp_ctx *c, const cJSON *e)
{
    uint8_t cells[FMT_FP_MAX_LINE];
    int sum, k = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", cells, FMT_FP_MAX_LINE);
    if (k < 0 || fmt_fp_value(c, e, 0, &sum) < 0) return -1;
    return fmt_fp_add(c, SUDOKU_CON_CAGE, sum, 0, cells, k);
}

static int fmt_fp_extra_region(fmt_fp_ctx *c, const cJSON *e)
{
    uint8_t cells[FMT_FP_MAX_LINE];
    int k = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", cells, FMT_FP_MAX_LINE);
    return k < 0 ? -1 : fmt_fp_add(c, SUDOKU_CON_CAGE, 0, 0, cells, k);
}

static int fmt_fp_diagonal(fmt_fp_ctx *c, bool rising)
{
    uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < c->n; i++) cells[i] = (uint8_t)((rising ? c->n - 1 - i : i) * c->n + i);
    return fmt_fp_add(c, SUDOKU_CON_CAGE, 0, 0, cells, c->n);
}

static int fmt_fp_diagonal_rising(fmt_fp_ctx *c, const cJSON *e)
{
    (void)e;
    return fmt_fp_diagonal(c, true);
}

static int fmt_fp_diagonal_falling(fmt_fp_ctx *c, const cJSON *e)
{
    (void)e;
    return fmt_fp_diagonal(c, false);
}

/* The clue cell of an entry, outside the grid: its 1-based row and column. */
static int fmt_fp_clue_cell(fmt_fp_ctx *c, const cJSON *e, int *row, int *col)
{
    if (fmt_fp_cell_at(c, fmt_fp_member(e, "cell"), "cell", row, col) != 0) return -1;
    bool row_in = *row >= 1 && *row <= c->n, col_in = *col >= 1 && *col <= c->n;
    if (*row > c->n + 1 || *col > c->n + 1 || (row_in && col_in))
        return fmt_fp_fail(c, "cell",
                           "cell R%dC%d is not in the ring of clues around the %dx%d grid", *row,
                           *col, c->n, c->n);
    return 0;
}

static int fmt_fp_little_killer(fmt_fp_ctx *c, const cJSON *e)
{
    static const struct {
        const char *name;
        int dr, dc;
    } dirs[] = {{"UR", -1, 1}, {"DR", 1, 1}, {"DL", 1, -1}, {"UL", -1, -1}};
    int row, col, sum;
    int has = fmt_fp_value(c, e, 0, &sum);
    if (has < 0 || fmt_fp_clue_cell(c, e, &row, &col) != 0) return -1;
    const cJSON *d = fmt_fp_member(e, "direction");
    size_t k = 0;
    while (k < sizeof(dirs) / sizeof(dirs[0]) &&
           !(cJSON_IsString(d) && strcmp(d->valuestring, dirs[k].name) == 0))
        k++;
    if (k == sizeof(dirs) / sizeof(dirs[0]))
        return fmt_fp_fail(c, "direction", "direction is not \"UR\", \"DR\", \"DL\" or \"UL\"");
    if (has == 1) return 0; /* an empty clue is no clue */
    uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
    int ncells = 0;
    for (int r = row + dirs[k].dr, q = col + dirs[k].dc; r >= 1 && r <= c->n && q >= 1 && q <= c->n;
         r += dirs[k].dr, q += dirs[k].dc)
        cells[ncells++] = (uint8_t)((r - 1) * c->n + (q - 1));
    if (ncells == 0)
        return fmt_fp_fail(c, "direction", "from R%dC%d, %s meets no cell of the grid", row, col,
                           dirs[k].name);
    return fmt_fp_add(c, SUDOKU_CON_SUM, sum, 0, cells, ncells);
}

static int fmt_fp_sandwich(fmt_fp_ctx *c, const cJSON *e)
{
    int row, col, sum;
    int has = fmt_fp_value(c, e, 0, &sum);
    if (has < 0 || fmt_fp_clue_cell(c, e, &row, &col) != 0) return -1;
    bool column = row < 1 || row > c->n;
    if (column && (col < 1 || col > c->n))
        return fmt_fp_fail(c, "cell", "cell R%dC%d is a corner: it names no row or column", row,
                           col);
    if (has == 1) return 0;
    uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < c->n; i++)
        cells[i] = (uint8_t)(column ? i * c->n + (col - 1) : (row - 1) * c->n + i);
    return fmt_fp_add(c, SUDOKU_CON_SANDWICH, sum, 0, cells, c->n);
}

static int fmt_fp_thermo_line(fmt_fp_ctx *c, const cJSON *e, const uint8_t *cells, int n)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_THERMO, 0, 0, cells, n);
}

static int fmt_fp_thermometer(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_lines(c, e, fmt_fp_thermo_line);
}

static int fmt_fp_between_line(fmt_fp_ctx *c, const cJSON *e, const uint8_t *cells, int n)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_BETWEEN, 0, 0, cells, n);
}

static int fmt_fp_between(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_lines(c, e, fmt_fp_between_line);
}

static int fmt_fp_renban_line(fmt_fp_ctx *c, const cJSON *e, const uint8_t *cells, int n)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_RENBAN, 0, 0, cells, n);
}

static int fmt_fp_renban(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_lines(c, e, fmt_fp_renban_line);
}

static int fmt_fp_whispers_line(fmt_fp_ctx *c, const cJSON *e, const uint8_t *cells, int n)
{
    int gap;
    if (fmt_fp_value(c, e, (c->n + 1) / 2, &gap) < 0) return -1;
    return fmt_fp_add(c, SUDOKU_CON_WHISPERS, gap, 0, cells, n);
}

static int fmt_fp_whispers(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_lines(c, e, fmt_fp_whispers_line);
}

static int fmt_fp_palindrome_line(fmt_fp_ctx *c, const cJSON *e, const uint8_t *cells, int n)
{
    (void)e;
    for (int i = 0; i < n / 2; i++)
        if (fmt_fp_add(c, SUDOKU_CON_EQUAL, 0, 0, (uint8_t[]){cells[i], cells[n - 1 - i]}, 2) != 0)
            return -1;
    return 0;
}

static int fmt_fp_palindrome(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_lines(c, e, fmt_fp_palindrome_line);
}

static int fmt_fp_arrow(fmt_fp_ctx *c, const cJSON *e)
{
    uint8_t cells[FMT_FP_MAX_LINE], line[FMT_FP_MAX_LINE];
    bool seen[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE] = {false};
    int bulb = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", cells, 3);
    if (bulb < 0) return -1;
    if (bulb == 0) return fmt_fp_fail(c, "cells", "cells names no bulb cell");
    /* a pill's digits read in reading order, as it is drawn */
    for (int i = 1; i < bulb; i++)
        for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
            uint8_t t = cells[j];
            cells[j] = cells[j - 1];
            cells[j - 1] = t;
        }
    for (int i = 0; i < bulb; i++) {
        if (seen[cells[i]]) return fmt_fp_fail(c, "cells", "cells names a bulb cell twice");
        seen[cells[i]] = true;
    }
    int ncells = bulb;
    const cJSON *lines = fmt_fp_member(e, "lines");
    if (!cJSON_IsArray(lines)) return fmt_fp_fail(c, "lines", "lines is not an array of lines");
    if (cJSON_GetArraySize(lines) > FMT_FP_MAX_ENTRIES)
        return fmt_fp_fail(c, "lines", "lines has more than %d lines", FMT_FP_MAX_ENTRIES);
    int li = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, lines)
    {
        char name[24];
        snprintf(name, sizeof(name), "lines/%d", li++);
        int k = fmt_fp_cells(c, l, name, line, FMT_FP_MAX_LINE);
        if (k < 0) return -1;
        bool from_bulb = false;
        for (int i = 0; k > 0 && i < bulb; i++) from_bulb |= line[0] == cells[i];
        if (!from_bulb) return fmt_fp_fail(c, name, "%s does not start in the arrow's bulb", name);
        /* lines may branch from one another and share cells: each shaft cell counts once */
        for (int i = 1; i < k; i++) {
            if (seen[line[i]]) continue;
            seen[line[i]] = true;
            cells[ncells++] = line[i];
        }
    }
    return fmt_fp_add(c, SUDOKU_CON_ARROW, 0, bulb, cells, ncells);
}

/* A two-cell dot: DIFFERENCE or RATIO, its value defaulting to `dflt`. */
static int fmt_fp_dot(fmt_fp_ctx *c, const cJSON *e, sudoku_constraint_kind kind, int dflt,
                      int *value)
{
    uint8_t cells[2];
    int k = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", cells, 2);
    if (k < 0 || fmt_fp_value(c, e, dflt, value) < 0) return -1;
    return fmt_fp_add(c, kind, *value, 0, cells, k);
}

static int fmt_fp_difference(fmt_fp_ctx *c, const cJSON *e)
{
    int value;
    return fmt_fp_dot(c, e, SUDOKU_CON_DIFFERENCE, 1, &value);
}

static int fmt_fp_ratio(fmt_fp_ctx *c, const cJSON *e)
{
    int value;
    if (fmt_fp_dot(c, e, SUDOKU_CON_RATIO, 2, &value) != 0) return -1;
    int i = 0;
    while (i < c->nratios && c->ratios[i] != value) i++;
    if (i == c->nratios && c->nratios < (int)(sizeof(c->ratios) / sizeof(c->ratios[0])))
        c->ratios[c->nratios++] = value;
    return 0;
}

static int fmt_fp_xv(fmt_fp_ctx *c, const cJSON *e)
{
    uint8_t cells[2];
    int k = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", cells, 2);
    if (k < 0) return -1;
    const cJSON *v = fmt_fp_member(e, "value");
    const char *s = cJSON_IsString(v) ? v->valuestring : "";
    int sum = (s[0] | 0x20) == 'x' ? 10 : (s[0] | 0x20) == 'v' ? 5 : 0;
    if (sum == 0 || s[1] != '\0') return fmt_fp_fail(c, "value", "value is not \"X\" or \"V\"");
    return fmt_fp_add(c, SUDOKU_CON_PAIR_SUM, sum, 0, cells, k);
}

static int fmt_fp_nonconsecutive(fmt_fp_ctx *c, const cJSON *e)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_NEGATIVE, 1, SUDOKU_CON_DIFFERENCE, NULL, 0);
}

static int fmt_fp_antiknight(fmt_fp_ctx *c, const cJSON *e)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_ANTIKNIGHT, 0, 0, NULL, 0);
}

static int fmt_fp_antiking(fmt_fp_ctx *c, const cJSON *e)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_ANTIKING, 0, 0, NULL, 0);
}

static int fmt_fp_disjoint(fmt_fp_ctx *c, const cJSON *e)
{
    (void)e;
    return fmt_fp_add(c, SUDOKU_CON_DISJOINT, 0, 0, NULL, 0);
}

/* `negative`: the listed dots' absence is a clue. Read after every other
 * key, as "ratio" forbids the ratios the puzzle's black dots use. */
static int fmt_fp_negative(fmt_fp_ctx *c, const cJSON *e)
{
    int i = 0;
    const cJSON *name;
    cJSON_ArrayForEach(name, e)
    {
        char sub[16];
        snprintf(sub, sizeof(sub), "%d", i++);
        const char *s = cJSON_IsString(name) ? name->valuestring : "";
        if (strcmp(s, "ratio") == 0) {
            if (c->nratios == 0) c->ratios[c->nratios++] = 2;
            for (int k = 0; k < c->nratios; k++)
                if (fmt_fp_add(c, SUDOKU_CON_NEGATIVE, c->ratios[k], SUDOKU_CON_RATIO, NULL, 0))
                    return -1;
        } else if (strcmp(s, "xv") == 0) {
            if (fmt_fp_add(c, SUDOKU_CON_NEGATIVE, 5, SUDOKU_CON_PAIR_SUM, NULL, 0) != 0 ||
                fmt_fp_add(c, SUDOKU_CON_NEGATIVE, 10, SUDOKU_CON_PAIR_SUM, NULL, 0) != 0)
                return -1;
        } else {
            return fmt_fp_fail(c, sub,
                               "entry %d is not \"ratio\" or \"xv\", the negative "
                               "constraints read",
                               i - 1);
        }
    }
    return 0;
}

static int fmt_fp_parity(fmt_fp_ctx *c, const cJSON *e, uint32_t mask)
{
    int at = fmt_fp_cell(c, fmt_fp_member(e, "cell"), "cell");
    if (at < 0) return -1;
    uint8_t cell = (uint8_t)at;
    return fmt_fp_add(c, SUDOKU_CON_DIGITS, (int)(mask & ((1u << c->n) - 1)), 0, &cell, 1);
}

static int fmt_fp_odd(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_parity(c, e, 0x5555u);
}

static int fmt_fp_even(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_parity(c, e, 0xAAAAu);
}

/* `minimum` (the cell below each orthogonal neighbour) or `maximum` (above). */
static int fmt_fp_extreme(fmt_fp_ctx *c, const cJSON *e, bool minimum)
{
    int at = fmt_fp_cell(c, fmt_fp_member(e, "cell"), "cell");
    if (at < 0) return -1;
    int row = at / c->n, col = at % c->n;
    static const int step[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int k = 0; k < 4; k++) {
        int r = row + step[k][0], q = col + step[k][1];
        if (r < 0 || r >= c->n || q < 0 || q >= c->n) continue;
        uint8_t pair[2] = {(uint8_t)at, (uint8_t)(r * c->n + q)};
        if (!minimum) pair[0] = pair[1], pair[1] = (uint8_t)at;
        if (fmt_fp_add(c, SUDOKU_CON_LESS, 0, 0, pair, 2) != 0) return -1;
    }
    return 0;
}

static int fmt_fp_minimum(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_extreme(c, e, true);
}

static int fmt_fp_maximum(fmt_fp_ctx *c, const cJSON *e)
{
    return fmt_fp_extreme(c, e, false);
}

static int fmt_fp_clone(fmt_fp_ctx *c, const cJSON *e)
{
    uint8_t a[FMT_FP_MAX_LINE], b[FMT_FP_MAX_LINE];
    int na = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", a, FMT_FP_MAX_LINE);
    if (na < 0) return -1;
    int nb = fmt_fp_cells(c, fmt_fp_member(e, "cloneCells"), "cloneCells", b, FMT_FP_MAX_LINE);
    if (nb < 0) return -1;
    if (na != nb)
        return fmt_fp_fail(c, "cloneCells",
                           "cloneCells has %d cells, cells %d: a clone is "
                           "cell for cell",
                           nb, na);
    for (int i = 0; i < na; i++)
        if (fmt_fp_add(c, SUDOKU_CON_EQUAL, 0, 0, (uint8_t[]){a[i], b[i]}, 2) != 0) return -1;
    return 0;
}

static int fmt_fp_quadruple(fmt_fp_ctx *c, const cJSON *e)
{
    uint8_t cells[4];
    int k = fmt_fp_cells(c, fmt_fp_member(e, "cells"), "cells", cells, 4);
    if (k < 0) return -1;
    const cJSON *values = fmt_fp_member(e, "values");
    if (!cJSON_IsArray(values) || cJSON_GetArraySize(values) < 1 || cJSON_GetArraySize(values) > 4)
        return fmt_fp_fail(c, "values", "values is not an array of 1..4 digits");
    int packed = 0, count = 0;
    const cJSON *d;
    cJSON_ArrayForEach(d, values)
    {
        if (!cJSON_IsNumber(d) || d->valuedouble < 1 || d->valuedouble > c->n ||
            d->valuedouble != (double)(int)d->valuedouble) {
            char sub[24];
            snprintf(sub, sizeof(sub), "values/%d", count);
            return fmt_fp_fail(c, sub, "%s is not a digit 1..%d", sub, c->n);
        }
        packed |= (int)d->valuedouble << (5 * count++);
    }
    return fmt_fp_add(c, SUDOKU_CON_QUADRUPLE, packed, count, cells, k);
}

/* ---- the key table and the walk ------------------------------------------------------- */

enum fmt_fpuzzles_use {
    FMT_FP_SIZE,
    FMT_FP_GRID,
    FMT_FP_META,
    FMT_FP_DRAWING,
    FMT_FP_FLAG, /* a constraint that is on when true: the reader runs once */
    FMT_FP_LIST, /* a constraint per entry of an array: the reader runs per entry */
    FMT_FP_LAST, /* a constraint read after all others, from the whole value */
};

typedef int (*fmt_fp_reader)(fmt_fp_ctx *c, const cJSON *entry);

static const struct {
    const char *key;
    enum fmt_fpuzzles_use use;
    fmt_meta_id meta;
    fmt_fp_reader read;
} fmt_fpuzzles_keys[] = {
    {"size", FMT_FP_SIZE, 0, NULL},
    {"grid", FMT_FP_GRID, 0, NULL},
    {"title", FMT_FP_META, FMT_META_TITLE, NULL},
    {"author", FMT_FP_META, FMT_META_AUTHOR, NULL},
    {"ruleset", FMT_FP_DRAWING, 0, NULL},
    {"solution", FMT_FP_DRAWING, 0, NULL},
    {"line", FMT_FP_DRAWING, 0, NULL},
    {"rectangle", FMT_FP_DRAWING, 0, NULL},
    {"circle", FMT_FP_DRAWING, 0, NULL},
    {"text", FMT_FP_DRAWING, 0, NULL},
    {"colours", FMT_FP_DRAWING, 0, NULL},
    {"cellcolors", FMT_FP_DRAWING, 0, NULL},
    {"highlighted", FMT_FP_DRAWING, 0, NULL},
    {"highlightConflicts", FMT_FP_DRAWING, 0, NULL},
    {"disabledlogic", FMT_FP_DRAWING, 0, NULL},
    {"truecandidatesoptions", FMT_FP_DRAWING, 0, NULL},
    {"killercage", FMT_FP_LIST, 0, fmt_fp_cage},
    {"cage", FMT_FP_LIST, 0, fmt_fp_cage},
    {"extraregion", FMT_FP_LIST, 0, fmt_fp_extra_region},
    {"diagonal+", FMT_FP_FLAG, 0, fmt_fp_diagonal_rising},
    {"diagonal-", FMT_FP_FLAG, 0, fmt_fp_diagonal_falling},
    {"littlekillersum", FMT_FP_LIST, 0, fmt_fp_little_killer},
    {"thermometer", FMT_FP_LIST, 0, fmt_fp_thermometer},
    {"arrow", FMT_FP_LIST, 0, fmt_fp_arrow},
    {"difference", FMT_FP_LIST, 0, fmt_fp_difference},
    {"ratio", FMT_FP_LIST, 0, fmt_fp_ratio},
    {"nonconsecutive", FMT_FP_FLAG, 0, fmt_fp_nonconsecutive},
    {"negative", FMT_FP_LAST, 0, fmt_fp_negative},
    {"xv", FMT_FP_LIST, 0, fmt_fp_xv},
    {"sandwichsum", FMT_FP_LIST, 0, fmt_fp_sandwich},
    {"antiknight", FMT_FP_FLAG, 0, fmt_fp_antiknight},
    {"antiking", FMT_FP_FLAG, 0, fmt_fp_antiking},
    {"disjointgroups", FMT_FP_FLAG, 0, fmt_fp_disjoint},
    {"odd", FMT_FP_LIST, 0, fmt_fp_odd},
    {"even", FMT_FP_LIST, 0, fmt_fp_even},
    {"betweenline", FMT_FP_LIST, 0, fmt_fp_between},
    {"minimum", FMT_FP_LIST, 0, fmt_fp_minimum},
    {"maximum", FMT_FP_LIST, 0, fmt_fp_maximum},
    {"palindrome", FMT_FP_LIST, 0, fmt_fp_palindrome},
    {"clone", FMT_FP_LIST, 0, fmt_fp_clone},
    {"quadruple", FMT_FP_LIST, 0, fmt_fp_quadruple},
    {"whispers", FMT_FP_LIST, 0, fmt_fp_whispers},
    {"renban", FMT_FP_LIST, 0, fmt_fp_renban},
};

#define FMT_FP_NKEYS (sizeof(fmt_fpuzzles_keys) / sizeof(fmt_fpuzzles_keys[0]))

/* The table row of a key, or -1. */
static int fmt_fp_row(const char *key)
{
    for (size_t k = 0; k < FMT_FP_NKEYS; k++)
        if (strcmp(fmt_fpuzzles_keys[k].key, key) == 0) return (int)k;
    return -1;
}

/* An integer lo..hi from a JSON number, else -1. */
static int fmt_fp_int(const cJSON *v, int lo, int hi)
{
    if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi ||
        v->valuedouble != (double)(int)v->valuedouble)
        return -1;
    return (int)v->valuedouble;
}

/* What the grid's cells give besides the state: the region ids (NULL: only
 * a classic grid's boxes are read) and the given pencil marks. */
typedef struct fmt_fp_grid_out {
    uint8_t *regions;     /* N*N ids */
    uint32_t *restricted; /* N*N masks of givenPencilMarks, 0 = none */
} fmt_fp_grid_out;

static int fmt_fp_grid_cell(const cJSON *cell, int i, int box_rows, int box_cols, fmt_state *s,
                            const fmt_fp_grid_out *g, char *err)
{
    int n = s->size, r = i / n + 1, c = i % n + 1;
    if (!cJSON_IsObject(cell)) return fmt_errf(err, "f-puzzles grid r%dc%d is not an object", r, c);
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(cell, "value");
    const cJSON *given = cJSON_GetObjectItemCaseSensitive(cell, "given");
    const cJSON *region = cJSON_GetObjectItemCaseSensitive(cell, "region");
    const cJSON *centre = cJSON_GetObjectItemCaseSensitive(cell, "centerPencilMarks");
    if (value != NULL) {
        int v = fmt_fp_int(value, 1, n);
        if (v < 0) return fmt_errf(err, "f-puzzles grid r%dc%d: value is not 1..%d", r, c, n);
        (cJSON_IsTrue(given) ? s->givens : s->entries)[i] = (uint8_t)v;
    }
    int box = (r - 1) / box_rows * (n / box_cols) + (c - 1) / box_cols;
    if (g != NULL) g->regions[i] = (uint8_t)box;
    if (region != NULL) {
        int id = fmt_fp_int(region, 0, n - 1);
        if (g != NULL && id >= 0)
            g->regions[i] = (uint8_t)id;
        else if (g != NULL)
            return fmt_errf(err, "f-puzzles grid r%dc%d: \"region\" is not 0..%d", r, c, n - 1);
        else if (id != box)
            return fmt_errf(err,
                            "f-puzzles grid r%dc%d: \"region\" makes the grid irregular: only "
                            "a classic grid's boxes are read",
                            r, c);
    }
    if (value == NULL && cJSON_IsArray(centre)) {
        const cJSON *d;
        cJSON_ArrayForEach(d, centre)
        {
            int v = fmt_fp_int(d, 1, n);
            if (v < 0)
                return fmt_errf(err, "f-puzzles grid r%dc%d: a centre pencil mark is not 1..%d", r,
                                c, n);
            s->marks[i] |= UINT64_C(1) << (v - 1);
        }
    }
    const cJSON *restrict_marks = cJSON_GetObjectItemCaseSensitive(cell, "givenPencilMarks");
    if (g != NULL && cJSON_IsArray(restrict_marks) && cJSON_GetArraySize(restrict_marks) > 0) {
        const cJSON *d;
        cJSON_ArrayForEach(d, restrict_marks)
        {
            int v = fmt_fp_int(d, 1, n);
            if (v < 0)
                return fmt_errf(err, "f-puzzles grid r%dc%d: a given pencil mark is not 1..%d", r,
                                c, n);
            g->restricted[i] |= 1u << (v - 1);
        }
    }
    return 0;
}

static int fmt_fp_grid(const cJSON *grid, fmt_state *s, const fmt_fp_grid_out *g, char *err)
{
    int n = s->size, box_rows, box_cols;
    sudoku_default_box(n, &box_rows, &box_cols);
    if (!cJSON_IsArray(grid) || cJSON_GetArraySize(grid) != n)
        return fmt_errf(err, "f-puzzles \"grid\" must be %d rows", n);
    int r = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, grid)
    {
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != n)
            return fmt_errf(err, "f-puzzles \"grid\" row %d must be %d cells", r + 1, n);
        int c = 0;
        const cJSON *cell;
        cJSON_ArrayForEach(cell, row)
        {
            if (fmt_fp_grid_cell(cell, r * n + c, box_rows, box_cols, s, g, err) != 0) return -1;
            c++;
        }
        r++;
    }
    return 0;
}

/* The common start of both readers: a JSON object with a size f-puzzles
 * draws. Returns the tree (the caller deletes it), or NULL with err and,
 * unless pointer is NULL, the JSON Pointer at fault ("" for the whole). */
static cJSON *fmt_fp_parse(const char *json, size_t len, fmt_state *s, char *err, char *pointer)
{
    if (pointer) pointer[0] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(json, len, &end, false);
    if (root == NULL || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        fmt_errf(err, "the f-puzzles data is not a JSON object");
        return NULL;
    }
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(root, "size");
    s->size = fmt_fp_int(size, SUDOKU_MIN_SIZE, FMT_FPUZZLES_MAX_SIZE);
    if (s->size < 0 || !sudoku_size_ok(s->size)) {
        cJSON_Delete(root);
        if (pointer) snprintf(pointer, FMT_PTR_LEN, "/size");
        fmt_errf(err, "f-puzzles \"size\" must be %d..%d and not prime", SUDOKU_MIN_SIZE,
                 FMT_FPUZZLES_MAX_SIZE);
        return NULL;
    }
    if (cJSON_GetObjectItemCaseSensitive(root, "grid") == NULL) {
        cJSON_Delete(root);
        if (pointer) snprintf(pointer, FMT_PTR_LEN, "/grid");
        fmt_errf(err, "the f-puzzles data has no \"grid\"");
        return NULL;
    }
    return root;
}

static void fmt_fp_meta(const cJSON *member, int row, fmt_state *s)
{
    if (fmt_fpuzzles_keys[row].use == FMT_FP_META && cJSON_IsString(member))
        fmt_set_meta(s, fmt_fpuzzles_keys[row].meta, member->valuestring,
                     strlen(member->valuestring));
}

int fmt_fpuzzles_object_read(const char *json, size_t len, fmt_state *s, char *err)
{
    cJSON *root = fmt_fp_parse(json, len, s, err, NULL);
    if (root == NULL) return -1;
    int rc = -1;
    const cJSON *member;
    cJSON_ArrayForEach(member, root)
    {
        int k = fmt_fp_row(member->string);
        if (k < 0) {
            fmt_errf(err,
                     "f-puzzles key \"%.40s\" is a constraint this reader does not support: "
                     "only a classic grid is read",
                     member->string);
            goto done;
        }
        if (fmt_fpuzzles_keys[k].read != NULL) {
            fmt_errf(err,
                     "f-puzzles key \"%.40s\" is a variant constraint: only a classic grid is "
                     "read here",
                     member->string);
            goto done;
        }
        if (fmt_fpuzzles_keys[k].use == FMT_FP_GRID && fmt_fp_grid(member, s, NULL, err) != 0)
            goto done;
        fmt_fp_meta(member, k, s);
    }
    fmt_settle_flags(s);
    rc = 0;
done:
    cJSON_Delete(root);
    return rc;
}

/* Fills r->v from the state and regions the grid gave: the grid, then the
 * givenPencilMarks restrictions. */
static int fmt_fp_variant_grid(const cJSON *root, fmt_fp_ctx *c, fmt_state *s)
{
    fmt_variant_read *r = c->r;
    uint8_t regions[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    uint32_t restricted[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE] = {0};
    fmt_fp_grid_out g = {regions, restricted};
    if (fmt_fp_grid(cJSON_GetObjectItemCaseSensitive(root, "grid"), s, &g, r->err) != 0) {
        snprintf(r->pointer, FMT_PTR_LEN, "/grid");
        return -1;
    }
    int n = s->size, box_rows, box_cols;
    size_t cells = (size_t)n * (size_t)n;
    sudoku_default_box(n, &box_rows, &box_cols);
    sudoku_puzzle p;
    char why[SUDOKU_ERR_LEN];
    if (sudoku_puzzle_init(&p, n, box_rows, box_cols, why) != 0) {
        snprintf(r->pointer, FMT_PTR_LEN, "/size");
        return fmt_errf(r->err, "f-puzzles \"size\": %s", why);
    }
    memcpy(p.cells, s->givens, cells);
    for (size_t i = 0; i < cells; i++) {
        int row = (int)i / n, col = (int)i % n;
        p.has_regions |= regions[i] != (row / box_rows) * (n / box_cols) + col / box_cols;
    }
    if (p.has_regions) memcpy(p.regions, regions, cells);
    if (sudoku_variant_init(c->v, &p, why) != 0) {
        snprintf(r->pointer, FMT_PTR_LEN, "/grid");
        return fmt_errf(r->err, "f-puzzles \"grid\": %s", why);
    }
    c->key = "grid";
    for (size_t i = 0; i < cells; i++) {
        if (restricted[i] == 0) continue;
        uint8_t cell = (uint8_t)i;
        char why2[SUDOKU_ERR_LEN];
        if (sudoku_variant_add(c->v, SUDOKU_CON_DIGITS, (int)restricted[i], 0, &cell, 1, why2) !=
            0) {
            snprintf(r->pointer, FMT_PTR_LEN, "/grid/%u/%u/givenPencilMarks",
                     (unsigned char)(i / (size_t)n), (unsigned char)(i % (size_t)n));
            return fmt_errf(r->err, "f-puzzles grid r%dc%d givenPencilMarks: %s", (int)i / n + 1,
                            (int)i % n + 1, why2);
        }
    }
    return 0;
}

/* Runs one constraint row's reader over its value. */
static int fmt_fp_constraint(fmt_fp_ctx *c, int row, const cJSON *value)
{
    c->key = fmt_fpuzzles_keys[row].key;
    c->index = -1;
    switch (fmt_fpuzzles_keys[row].use) {
    case FMT_FP_FLAG:
        if (!cJSON_IsBool(value)) return fmt_fp_fail(c, NULL, "is not true or false");
        return cJSON_IsTrue(value) ? fmt_fpuzzles_keys[row].read(c, value) : 0;
    case FMT_FP_LAST:
    case FMT_FP_LIST:
        if (!cJSON_IsArray(value)) return fmt_fp_fail(c, NULL, "is not an array");
        if (cJSON_GetArraySize(value) > FMT_FP_MAX_ENTRIES)
            return fmt_fp_fail(c, NULL, "has %d entries, more than the %d read",
                               cJSON_GetArraySize(value), FMT_FP_MAX_ENTRIES);
        if (fmt_fpuzzles_keys[row].use == FMT_FP_LAST) return fmt_fpuzzles_keys[row].read(c, value);
        const cJSON *entry;
        cJSON_ArrayForEach(entry, value)
        {
            c->index++;
            if (!cJSON_IsObject(entry)) return fmt_fp_fail(c, NULL, "is not an object");
            if (fmt_fpuzzles_keys[row].read(c, entry) != 0) return -1;
        }
        return 0;
    default:
        return 0;
    }
}

/* Writes the JSON Pointer of a top-level key (RFC 6901 escapes). */
static void fmt_fp_key_pointer(char *out, const char *key)
{
    size_t o = 0;
    out[o++] = '/';
    for (; *key != '\0' && o + 3 < FMT_PTR_LEN; key++) {
        if (*key == '~' || *key == '/') {
            out[o++] = '~';
            out[o++] = *key == '~' ? '0' : '1';
        } else {
            out[o++] = *key;
        }
    }
    out[o] = '\0';
}

int fmt_fpuzzles_variant_read(const char *json, size_t len, fmt_variant_read *r)
{
    fmt_state *s = r->state != NULL ? r->state : malloc(sizeof(*s));
    fmt_fp_ctx *c = calloc(1, sizeof(*c));
    cJSON *root = NULL;
    int rc = -1;
    r->pointer[0] = '\0';
    r->unsupported = false;
    if (s == NULL || c == NULL) {
        fmt_errf(r->err, "out of memory");
        goto done;
    }
    fmt_state_clear(s);
    root = fmt_fp_parse(json, len, s, r->err, r->pointer);
    if (root == NULL) goto done;
    c->r = r;
    c->v = r->v;
    c->n = s->size;
    if (fmt_fp_variant_grid(root, c, s) != 0) goto done;
    const cJSON *member, *last[FMT_FP_NKEYS];
    size_t nlast = 0;
    int last_row[FMT_FP_NKEYS];
    cJSON_ArrayForEach(member, root)
    {
        int k = fmt_fp_row(member->string);
        if (k < 0) {
            fmt_fp_key_pointer(r->pointer, member->string);
            r->unsupported = true;
            fmt_errf(r->err, "f-puzzles key \"%.40s\" is a constraint this reader does not support",
                     member->string);
            goto done;
        }
        fmt_fp_meta(member, k, s);
        if (fmt_fpuzzles_keys[k].use == FMT_FP_LAST && nlast < FMT_FP_NKEYS) {
            last_row[nlast] = k;
            last[nlast++] = member;
        } else if (fmt_fp_constraint(c, k, member) != 0) {
            goto done;
        }
    }
    for (size_t i = 0; i < nlast; i++)
        if (fmt_fp_constraint(c, last_row[i], last[i]) != 0) goto done;
    fmt_settle_flags(s);
    if (r->printed != NULL) {
        char *text = cJSON_PrintUnformatted(root);
        if (text == NULL) {
            fmt_errf(r->err, "out of memory");
            goto done;
        }
        buf_puts(r->printed, text);
        cJSON_free(text);
    }
    rc = 0;
done:
    cJSON_Delete(root);
    free(c);
    if (s != r->state) free(s);
    return rc;
}

#endif /* FMT_NO_CJSON */

int fmt_fpuzzles_object_write(const fmt_state *s, buf *out, char *err)
{
    int n = s->size;
    if (n > FMT_FPUZZLES_MAX_SIZE || !sudoku_size_ok(n))
        return fmt_errf(err, "f-puzzles draws boxed grids up to %dx%d, not %dx%d",
                        FMT_FPUZZLES_MAX_SIZE, FMT_FPUZZLES_MAX_SIZE, n, n);
    buf_printf(out, "{\"size\":%d", n);
    static const fmt_meta_id kept[] = {FMT_META_TITLE, FMT_META_AUTHOR};
    for (size_t k = 0; k < sizeof(kept) / sizeof(kept[0]); k++) {
        const char *v = s->meta[kept[k]];
        if (v[0] == '\0') continue;
        buf_printf(out, ",\"%s\":", fmt_meta_key(kept[k]));
        json_put_string(out, v, strlen(v));
    }
    buf_puts(out, ",\"grid\":[");
    for (int i = 0; i < n * n; i++) {
        buf_puts(out, i % n == 0 ? (i > 0 ? "],[" : "[") : ",");
        if (s->givens[i] != 0) {
            buf_printf(out, "{\"value\":%d,\"given\":true}", s->givens[i]);
        } else if (s->entries[i] != 0) {
            buf_printf(out, "{\"value\":%d}", s->entries[i]);
        } else if (s->has_marks && s->marks[i] != 0) {
            buf_puts(out, "{\"centerPencilMarks\":[");
            const char *comma = "";
            for (int d = 1; d <= n; d++) {
                if ((s->marks[i] & (UINT64_C(1) << (d - 1))) == 0) continue;
                buf_printf(out, "%s%d", comma, d);
                comma = ",";
            }
            buf_puts(out, "]}");
        } else {
            buf_puts(out, "{}");
        }
    }
    buf_puts(out, "]]}");
    return 0;
}
