/* json_members.c -- cJSON values -> input_puzzle: one reader per option type of options.h.
 *
 * DESIGN: json_read_object() looks each key up in the option table, refuses
 * one the request kind does not take (or takes twice), and hands the value
 * to json_read_member(), which reads it by the row's type: plain values
 * through option_store(), structured ones (a puzzle, regions, a box, ...) by
 * their own reader below. Numbers arrive as doubles: integers are accepted
 * only when the double is integral and inside the option's range, which
 * also rejects 1e300 (64-digit numbers are stopped earlier, by json_check).
 * Every refusal names the value by its JSON Pointer.
 */
#include "server/json_members.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fpuzzles.h"

/* out = base + "/" + key escaped as RFC 6901 (~ -> ~0, / -> ~1), truncated. */
void json_ptr_key(char *out, size_t cap, const char *base, const char *key, size_t keylen)
{
    size_t n = (size_t)snprintf(out, cap, "%s/", base);
    if (n >= cap) n = cap - 1;
    for (size_t i = 0; i < keylen && n + 3 < cap; i++) {
        if (key[i] == '~' || key[i] == '/') {
            out[n++] = '~';
            out[n++] = key[i] == '~' ? '0' : '1';
        } else {
            out[n++] = key[i];
        }
    }
    out[n] = '\0';
}

void json_ptr_index(char *out, size_t cap, const char *base, size_t index)
{
    if (snprintf(out, cap, "%s/%zu", base, index) < 0) out[0] = '\0';
}

enum { JSON_INT_OK = 0, JSON_INT_TYPE, JSON_INT_FRACTION, JSON_INT_RANGE };

/* Reads an integer in min..max from a number node. */
static int json_int(const cJSON *v, double min, double max, long long *out)
{
    if (!cJSON_IsNumber(v)) return JSON_INT_TYPE;
    double d = v->valuedouble;
    if (!(d >= min && d <= max)) /* also false for NaN */
        return JSON_INT_RANGE;
    long long x = (long long)d; /* in range, so exact for the integral part */
    if ((double)x != d) return JSON_INT_FRACTION;
    *out = x;
    return JSON_INT_OK;
}

/* Reads an integer option, with invalid-request problems on failure. */
static int json_int_option(const cJSON *v, const char *ptr, const char *name, long long min,
                           long long max, long long *out, api_problem *pb)
{
    if (json_int(v, (double)min, (double)max, out) == JSON_INT_OK) return 0;
    return option_range_problem(pb, ptr, name, min, max);
}

/* One cell: null or an integer 0..n. */
static int json_cell(const cJSON *v, int n, const char *ptr, uint8_t *out, api_problem *pb)
{
    long long x;
    if (cJSON_IsNull(v)) {
        *out = 0;
        return 0;
    }
    switch (json_int(v, 0, n, &x)) {
    case JSON_INT_OK:
        *out = (uint8_t)x;
        return 0;
    case JSON_INT_RANGE:
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, ptr,
                           "value %g is out of range: a %dx%d grid takes 1..%d, 0 or null "
                           "for a blank",
                           v->valuedouble, n, n, n);
    case JSON_INT_FRACTION:
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, ptr, "a cell must be an integer");
    default:
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, ptr,
                           "a cell must be an integer 0..%d or null", n);
    }
}

static int json_isqrt(int n)
{
    int r = 0;
    while ((r + 1) * (r + 1) <= n) r++;
    return r * r == n ? r : -1;
}

/* Reads a puzzle given as one text string per row: N strings of N cells. */
static int json_read_row_text(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    char rptr[API_POINTER_LEN], err[SUDOKU_ERR_LEN];
    int n = cJSON_GetArraySize(v);
    if (n > SUDOKU_MAX_TEXT_SIZE || !sudoku_size_ok(n))
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "%d rows of text: N must be %d..%d and not prime (larger grids "
                           "need arrays of numbers)",
                           n, SUDOKU_MIN_SIZE, SUDOKU_MAX_TEXT_SIZE);
    int r = 0;
    for (const cJSON *row = v->child; row != NULL; row = row->next, r++) {
        json_ptr_index(rptr, sizeof(rptr), ptr, (size_t)r);
        if (!cJSON_IsString(row))
            return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, rptr,
                               "row %d is not a string like the first row", r + 1);
        if (sudoku_parse_row(row->valuestring, strlen(row->valuestring), n, &p->cells[r * n],
                             err) != 0)
            return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, rptr, "row %d: %s", r + 1, err);
    }
    p->size = n;
    p->form = JSON_FORM_ROW_TEXT;
    p->has_puzzle = true;
    return 0;
}

/* Reads `puzzle`: a text string, a 2-D array of rows or a flat array. A
 * value of another type is an invalid puzzle (it counts as one refused),
 * not merely an invalid request. */
int json_read_puzzle(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    char cptr[API_POINTER_LEN], rptr[API_POINTER_LEN];

    if (cJSON_IsString(v))
        return input_read_text(p, v->valuestring, strlen(v->valuestring), ptr, pb);
    if (!cJSON_IsArray(v))
        return problem_set(
            pb, API_PROBLEM_INVALID_PUZZLE, ptr,
            "puzzle must be a string, an array of rows (strings or arrays) or a flat array");

    const cJSON *first = v->child;
    if (first == NULL)
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, ptr, "the puzzle is empty");
    if (cJSON_IsString(first)) return json_read_row_text(v, ptr, p, pb);

    if (cJSON_IsArray(first)) {
        int n = 0;
        for (const cJSON *row = first; row != NULL && n <= SUDOKU_MAX_SIZE; row = row->next) n++;
        if (!sudoku_size_ok(n))
            return problem_set(
                pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr, "%s%d rows: N must be %d..%d and not prime",
                n > SUDOKU_MAX_SIZE ? "more than " : "", n > SUDOKU_MAX_SIZE ? SUDOKU_MAX_SIZE : n,
                SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
        int r = 0;
        for (const cJSON *row = first; row != NULL; row = row->next, r++) {
            json_ptr_index(rptr, sizeof(rptr), ptr, (size_t)r);
            if (!cJSON_IsArray(row))
                return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, rptr, "row %d is not an array",
                                   r + 1);
            int c = 0;
            for (const cJSON *cell = row->child; cell != NULL; cell = cell->next, c++) {
                json_ptr_index(cptr, sizeof(cptr), rptr, (size_t)c);
                if (c >= n)
                    return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, rptr,
                                       "row %d has more than %d cells", r + 1, n);
                if (json_cell(cell, n, cptr, &p->cells[r * n + c], pb) != 0) return -1;
            }
            if (c != n)
                return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, rptr,
                                   "row %d has %d cells, %d expected", r + 1, c, n);
        }
        p->size = n;
        p->form = JSON_FORM_ROWS;
        p->has_puzzle = true;
        return 0;
    }

    int count = 0;
    for (const cJSON *cell = first; cell != NULL && count <= SUDOKU_MAX_CELLS; cell = cell->next)
        count++;
    if (count > SUDOKU_MAX_CELLS)
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "more than %d cells: the largest grid is %dx%d", SUDOKU_MAX_CELLS,
                           SUDOKU_MAX_SIZE, SUDOKU_MAX_SIZE);
    int n = json_isqrt(count);
    if (n < 0)
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, ptr,
                           "%d cells do not make a square grid (81 for 9x9, 16 for 4x4...)", count);
    if (!sudoku_size_ok(n))
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "a %dx%d grid is not supported: N must be %d..%d and not prime", n, n,
                           SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
    int i = 0;
    for (const cJSON *cell = first; cell != NULL; cell = cell->next, i++) {
        json_ptr_index(cptr, sizeof(cptr), ptr, (size_t)i);
        if (json_cell(cell, n, cptr, &p->cells[i], pb) != 0) return -1;
    }
    p->size = n;
    p->form = JSON_FORM_FLAT;
    p->has_puzzle = true;
    return 0;
}

/* One region id of an array layout. */
static int json_region_id(const cJSON *v, const char *ptr, uint8_t *out, api_problem *pb)
{
    long long x;
    switch (json_int(v, 0, SUDOKU_MAX_SIZE - 1, &x)) {
    case JSON_INT_OK:
        *out = (uint8_t)x;
        return 0;
    case JSON_INT_RANGE:
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "region id %g is out of range 0..N-1", v->valuedouble);
    default:
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "a region id must be an integer 0..N-1");
    }
}

/* Reads `regions`: a label string, or a 2-D / flat array of ids. */
static int json_read_regions(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    char cptr[API_POINTER_LEN], rptr[API_POINTER_LEN];
    size_t count = 0;

    if (cJSON_IsString(v))
        return input_read_region_labels(p, v->valuestring, strlen(v->valuestring), ptr, pb);
    if (!cJSON_IsArray(v))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "regions must be a string of labels or an array of region ids");
    size_t r = 0;
    for (const cJSON *e = v->child; e != NULL; e = e->next, r++) {
        json_ptr_index(rptr, sizeof(rptr), ptr, r);
        if (cJSON_IsArray(e)) {
            size_t c = 0;
            for (const cJSON *x = e->child; x != NULL; x = x->next, c++) {
                json_ptr_index(cptr, sizeof(cptr), rptr, c);
                if (count == SUDOKU_MAX_CELLS)
                    return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                                       "more than %d region ids", SUDOKU_MAX_CELLS);
                if (json_region_id(x, cptr, &p->regions_buf[count++], pb) != 0) return -1;
            }
        } else {
            if (count == SUDOKU_MAX_CELLS)
                return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                                   "more than %d region ids", SUDOKU_MAX_CELLS);
            if (json_region_id(e, rptr, &p->regions_buf[count++], pb) != 0) return -1;
        }
    }
    if (count == 0)
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr, "the region layout is empty");
    p->nregions = count;
    p->regions = p->regions_buf;
    p->nlabels = 0; /* ids, not labels (a batch item may override labelled shared regions) */
    return 0;
}

static int json_read_box(const cJSON *v, const char *ptr, const option_row *o, input_puzzle *p,
                         api_problem *pb)
{
    char kptr[API_POINTER_LEN];
    long long rows = 0, cols = 0;
    bool have_rows = false, have_cols = false;

    if (!cJSON_IsObject(v))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "box must be an object {\"rows\": R, \"cols\": C}");
    for (const cJSON *e = v->child; e != NULL; e = e->next) {
        json_ptr_key(kptr, sizeof(kptr), ptr, e->string, strlen(e->string));
        bool is_rows = strcmp(e->string, "rows") == 0;
        if (!is_rows && strcmp(e->string, "cols") != 0)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, kptr,
                               "unknown key \"%.64s\" in box (rows, cols)", e->string);
        if (is_rows ? have_rows : have_cols)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, kptr, "duplicate key \"%s\"",
                               e->string);
        if (json_int_option(e, kptr, is_rows ? "box.rows" : "box.cols", o->min, o->max,
                            is_rows ? &rows : &cols, pb) != 0)
            return -1;
        if (is_rows)
            have_rows = true;
        else
            have_cols = true;
    }
    if (!have_rows || !have_cols) {
        json_ptr_key(kptr, sizeof(kptr), ptr, have_rows ? "cols" : "rows", 4);
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, kptr,
                           "box needs both \"rows\" and \"cols\"");
    }
    p->box_rows = (int)rows;
    p->box_cols = (int)cols;
    return 0;
}

static int json_read_check(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    char eptr[API_POINTER_LEN];
    size_t i = 0;

    if (!cJSON_IsArray(v))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "check must be an array of \"solvable\" and \"unique\"");
    p->check = 0;
    for (const cJSON *e = v->child; e != NULL; e = e->next, i++) {
        json_ptr_index(eptr, sizeof(eptr), ptr, i);
        if (cJSON_IsString(e) && strcmp(e->valuestring, "solvable") == 0)
            p->check |= INPUT_CHECK_SOLVABLE;
        else if (cJSON_IsString(e) && strcmp(e->valuestring, "unique") == 0)
            p->check |= INPUT_CHECK_UNIQUE;
        else
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, eptr,
                               "unknown check: the checks are \"solvable\" and \"unique\"");
    }
    return 0;
}

/* Reads `entries`, the user's digits: any form a puzzle takes, into
 * p->entries. json_read_object reads it after the other members, so a grid
 * of another size than the puzzle is refused as that, not as a puzzle of
 * some size of its own. */
static int json_read_entries(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    int n = p->has_puzzle ? p->size : 0;
    if (n > 0 && cJSON_IsString(v) && n <= SUDOKU_MAX_TEXT_SIZE) {
        char err[SUDOKU_ERR_LEN];
        const char *text = v->valuestring;
        if (sudoku_parse_cells(text, strlen(text), n, p->entries, err) == n) {
            p->entries_size = n;
            return 0;
        }
        int m = sudoku_parse_cells(text, strlen(text), 0, p->entries, NULL);
        if (m > 0)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                               "entries are a %dx%d grid, the puzzle %dx%d", m, m, n, n);
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, ptr, "entries: %s (the puzzle is %dx%d)",
                           err, n, n);
    }
    if (n > 0 && cJSON_IsArray(v) && v->child != NULL) {
        bool rows = cJSON_IsArray(v->child) || cJSON_IsString(v->child);
        size_t count = (size_t)cJSON_GetArraySize(v), want = rows ? (size_t)n : (size_t)n * n;
        if (count != want)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                               "entries have %zu %s, the %dx%d puzzle %zu", count,
                               rows ? "rows" : "cells", n, n, want);
    }
    input_puzzle grid;
    memset(&grid, 0, sizeof(grid));
    grid.cells = p->entries;
    if (json_read_puzzle(v, ptr, &grid, pb) != 0) return -1;
    p->entries_size = grid.size;
    return 0;
}

/* Reads `candidates`: N*N lists of pencil-mark digits, row-major, each an
 * array of integers 1..64 (empty or null: no marks for that cell). */
static int json_read_candidates(const cJSON *v, const char *ptr, const option_row *o,
                                input_puzzle *p, api_problem *pb)
{
    char cptr[API_POINTER_LEN], dptr[API_POINTER_LEN];
    if (!cJSON_IsArray(v))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "candidates must be an array of N*N arrays of digits");
    size_t i = 0;
    for (const cJSON *cell = v->child; cell != NULL; cell = cell->next, i++) {
        json_ptr_index(cptr, sizeof(cptr), ptr, i);
        if (i == SUDOKU_MAX_CELLS)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, cptr,
                               "more than %d cells of candidates", SUDOKU_MAX_CELLS);
        if (!cJSON_IsArray(cell) && !cJSON_IsNull(cell))
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, cptr,
                               "a cell's candidates must be an array of digits");
        uint64_t mask = 0;
        size_t k = 0;
        for (const cJSON *d = cJSON_IsArray(cell) ? cell->child : NULL; d != NULL;
             d = d->next, k++) {
            long long x;
            json_ptr_index(dptr, sizeof(dptr), cptr, k);
            if (json_int_option(d, dptr, "a candidate", o->min, o->max, &x, pb) != 0) return -1;
            mask |= UINT64_C(1) << (x - 1);
        }
        p->marks[i] = mask;
    }
    p->nmarks = i;
    return 0;
}

/* Reads a score on SE's scale (a number, at most one decimal) into tenths. */
static int json_score(const cJSON *v, const char *ptr, const char *name, int *tenths,
                      api_problem *pb)
{
    double d = cJSON_IsNumber(v) ? v->valuedouble * 10 : -1;
    /* The range first: converting a double past long long's range is undefined. */
    if (!(d >= 0 && d <= INPUT_MAX_SCORE)) return option_score_problem(pb, ptr, name);
    long long t = (long long)(d + 0.5);
    if ((double)t - d > 1e-6 || d - (double)t > 1e-6) return option_score_problem(pb, ptr, name);
    *tenths = (int)t;
    return 0;
}

/* Reads `score`, {"min": 2.5, "max": 4.4} (either may be left out). */
static int json_read_score_range(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    char sub[API_POINTER_LEN];
    const cJSON *min = cJSON_GetObjectItemCaseSensitive(v, "min");
    const cJSON *max = cJSON_GetObjectItemCaseSensitive(v, "max");
    if (!cJSON_IsObject(v) || cJSON_GetArraySize(v) != (min != NULL) + (max != NULL) ||
        (min == NULL && max == NULL))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "score must be an object {\"min\": 2.5, \"max\": 4.4}");
    problem_pointer_join(sub, ptr, "/min");
    if (min != NULL && json_score(min, sub, "score.min", &p->score_min, pb) != 0) return -1;
    problem_pointer_join(sub, ptr, "/max");
    p->score_max = INPUT_MAX_SCORE;
    if (max != NULL && json_score(max, sub, "score.max", &p->score_max, pb) != 0) return -1;
    return 0;
}

/* Reads a format's name: `format`, the puzzle text's (one that is read),
 * or `to`, the one convert writes (any). */
static int json_read_format(const cJSON *v, const char *ptr, const option_row *o, input_puzzle *p,
                            api_problem *pb)
{
    bool reading = o->id == OPTION_KEY_FORMAT;
    int id = cJSON_IsString(v) ? fmt_lookup(v->valuestring, strlen(v->valuestring)) : -1;
    if (id >= 0 && (reading ? id == FMT_AUTO || fmt_readable((fmt_id)id) : id != FMT_AUTO)) {
        option_store(p, o, id);
        return 0;
    }
    char names[API_DETAIL_LEN] = "";
    size_t n = 0;
    for (int f = reading ? FMT_AUTO : FMT_AUTO + 1; f < FMT_COUNT; f++) {
        if (reading && f != FMT_AUTO && !fmt_readable((fmt_id)f)) continue;
        int w =
            snprintf(names + n, sizeof(names) - n, "%s%s", n > 0 ? ", " : "", fmt_name((fmt_id)f));
        if (w < 0 || (size_t)w >= sizeof(names) - n) break;
        n += (size_t)w;
    }
    if (!cJSON_IsString(v))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr, "%s must be a format's name: %s",
                           o->key, names);
    return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                       "%s: unknown format \"%.40s\"; the formats are %s", o->key, v->valuestring,
                       names);
}

/* Reads a variant (an f-puzzles object, or a string carrying one: a link,
 * LZ-String data, the JSON as text) at ptr into *v, re-printed into
 * `printed` when not NULL, and its grid into p's cells and shape as a
 * puzzle would be. The reader's pointer goes under ptr for an object; a
 * string is one value. A key the reader does not know is a constraint it
 * cannot honour: unsupported-shape; every other fault invalid-puzzle. */
static int json_read_variant(const cJSON *v, const char *ptr, sudoku_variant *variant, buf *printed,
                             input_puzzle *p, api_problem *pb)
{
    fmt_variant_read r = {.v = variant, .printed = printed};
    int rc;
    if (cJSON_IsString(v)) {
        rc = fmt_variant_read_text(v->valuestring, strlen(v->valuestring), &r);
        r.pointer[0] = '\0'; /* inside a string, nothing to point at */
    } else {
        char *text = cJSON_PrintUnformatted(v);
        if (text == NULL) return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, ptr, "out of memory");
        rc = fmt_fpuzzles_variant_read(text, strlen(text), &r);
        cJSON_free(text);
    }
    if (rc != 0) {
        char where[API_POINTER_LEN];
        snprintf(where, sizeof(where), "%s%s", ptr, r.pointer);
        return problem_set(
            pb, r.unsupported ? API_PROBLEM_UNSUPPORTED_SHAPE : API_PROBLEM_INVALID_PUZZLE, where,
            "%s", r.err);
    }
    const sudoku_puzzle *g = &variant->grid;
    size_t cells = (size_t)g->size * (size_t)g->size;
    p->size = g->size;
    p->form = JSON_FORM_STRING;
    p->has_puzzle = true;
    p->box_rows = g->box_rows;
    p->box_cols = g->box_cols;
    memcpy(p->cells, g->cells, cells);
    if (g->has_regions) {
        memcpy(p->regions_buf, g->regions, cells);
        p->regions = p->regions_buf;
        p->nregions = cells;
    }
    return 0;
}

/* Reads the `fpuzzles` member into a new p->variant (json_read_variant). */
static int json_read_fpuzzles(const cJSON *v, const char *ptr, input_puzzle *p, api_problem *pb)
{
    if (!p->variant_ok)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "fpuzzles is read by POST /v1/solve and /v1/validate alone");
    if (p->has_puzzle)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "send either puzzle or fpuzzles, not both");
    if (p->box_rows != 0 || p->nregions != 0 || p->diagonal)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "an f-puzzles object holds its own shape: no box, regions or diagonal");
    if (!cJSON_IsObject(v) && !cJSON_IsString(v))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "fpuzzles must be an f-puzzles object, or a string: its link, its "
                           "LZ-String data or its JSON");
    p->variant = malloc(sizeof(*p->variant));
    if (p->variant == NULL)
        return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, ptr, "out of memory");
    return json_read_variant(v, ptr, p->variant, NULL, p, pb);
}

/* Reads convert's puzzle when it is written to f-puzzles: a classic puzzle
 * as ever, else a variant (an f-puzzles object, or a text carrying one),
 * re-printed into p->variant_json. A text the classic readers refuse is
 * read as a variant only when it is f-puzzles data, so every other text
 * keeps its own reader's message. */
static int json_read_convert_puzzle(const cJSON *v, const char *ptr, input_puzzle *p,
                                    api_problem *pb)
{
    if (!cJSON_IsObject(v)) {
        int rc = json_read_puzzle(v, ptr, p, pb);
        if (rc == 0 || !cJSON_IsString(v)) return rc;
        fmt_id f = fmt_detect(v->valuestring, strlen(v->valuestring));
        if (f != FMT_FPUZZLES && f != FMT_SUDOKUPAD_LINK) return -1;
    }
    sudoku_variant *variant = malloc(sizeof(*variant));
    if (variant == NULL) return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, ptr, "out of memory");
    int rc = json_read_variant(v, ptr, variant, p->variant_json, p, pb);
    free(variant);
    return rc;
}

/* Reads the value of one member, whose row is o, into p. */
int json_read_member(const option_row *o, const cJSON *v, const char *ptr, uint32_t max_timeout_ms,
                     input_puzzle *p, api_problem *pb)
{
    long long x, max = option_max(o, max_timeout_ms);
    int tenths;

    switch (o->type) {
    case OPTION_INT:
    case OPTION_TIMEOUT:
        if (json_int_option(v, ptr, o->key, o->min, max, &x, pb) != 0) return -1;
        option_store(p, o, x);
        return 0;
    case OPTION_BOOL:
        if (!cJSON_IsBool(v)) return option_bool_problem(pb, ptr, o->key);
        option_store(p, o, cJSON_IsTrue(v));
        return 0;
    case OPTION_SCORE:
        if (json_score(v, ptr, o->key, &tenths, pb) != 0) return -1;
        option_store(p, o, tenths);
        return 0;
    case OPTION_LEVEL:
    case OPTION_SYMMETRY:
    case OPTION_TECHNIQUE:
    case OPTION_START:
    case OPTION_DATE:
        if (!cJSON_IsString(v))
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr, "%s must be a string", o->key);
        return option_set_name(o->type, p, v->valuestring, ptr, pb);
    case OPTION_BOX:
        return json_read_box(v, ptr, o, p, pb);
    case OPTION_SCORE_RANGE:
        return json_read_score_range(v, ptr, p, pb);
    case OPTION_PUZZLE:
        if (p->variant_json != NULL && p->to == FMT_FPUZZLES)
            return json_read_convert_puzzle(v, ptr, p, pb);
        return json_read_puzzle(v, ptr, p, pb);
    case OPTION_REGIONS:
        return json_read_regions(v, ptr, p, pb);
    case OPTION_CHECK:
        return json_read_check(v, ptr, p, pb);
    case OPTION_ENTRIES:
        return json_read_entries(v, ptr, p, pb);
    case OPTION_CANDIDATES:
        return json_read_candidates(v, ptr, o, p, pb);
    case OPTION_FORMAT:
        return json_read_format(v, ptr, o, p, pb);
    case OPTION_FPUZZLES:
        return json_read_fpuzzles(v, ptr, p, pb);
    case OPTION_PUZZLES:
        break;
    }
    return problem_set(pb, API_PROBLEM_INTERNAL_ERROR, ptr, "unexpected key");
}

/* The row of a member's key when a `kind` request takes it, else NULL with
 * *pb (unknown or, when the key is in `seen`, duplicate key). Adds it to seen. */
const option_row *json_member_row(request_kind kind, const char *key, size_t keylen,
                                  const char *ptr, unsigned *seen, api_problem *pb)
{
    const option_row *o = option_lookup(key, keylen);
    if (o == NULL || (o->json & (1u << kind)) == 0) {
        problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr, "unknown key \"%.*s\"",
                    (int)(keylen > 64 ? 64 : keylen), key);
        return NULL;
    }
    if (*seen & (1u << o->id)) {
        problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr, "duplicate key \"%s\"", o->key);
        return NULL;
    }
    *seen |= 1u << o->id;
    return o;
}

/* Reads the members of a `kind` request object into p. */
int json_read_object(const cJSON *obj, request_kind kind, const char *base, uint32_t max_timeout_ms,
                     input_puzzle *p, api_problem *pb)
{
    char ptr[API_POINTER_LEN];
    unsigned seen = 0;

    if (!cJSON_IsObject(obj))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, base,
                           "the request must be a JSON object");
    /* Read late, in this order: the puzzle after its `format`; fpuzzles after
     * the puzzle and the shape options, which it refuses; candidates and
     * entries after the puzzle, whose text may hold its own (the members win),
     * entries last, as they are checked against the puzzle's size. */
    static const option_type late[] = {OPTION_PUZZLE, OPTION_FPUZZLES, OPTION_CANDIDATES,
                                       OPTION_ENTRIES};
    enum { NLATE = sizeof(late) / sizeof(late[0]) };
    const cJSON *deferred[NLATE] = {NULL};
    const option_row *deferred_row[NLATE] = {NULL};
    for (const cJSON *e = obj->child; e != NULL; e = e->next) {
        size_t keylen = strlen(e->string);
        json_ptr_key(ptr, sizeof(ptr), base, e->string, keylen);
        const option_row *o = json_member_row(kind, e->string, keylen, ptr, &seen, pb);
        if (o == NULL) return -1;
        size_t k = 0;
        while (k < NLATE && late[k] != o->type) k++;
        if (k < NLATE) {
            deferred[k] = e;
            deferred_row[k] = o;
            continue;
        }
        if (json_read_member(o, e, ptr, max_timeout_ms, p, pb) != 0) return -1;
    }
    for (size_t k = 0; k < NLATE; k++) {
        if (deferred[k] == NULL) continue;
        json_ptr_key(ptr, sizeof(ptr), base, deferred[k]->string, strlen(deferred[k]->string));
        if (json_read_member(deferred_row[k], deferred[k], ptr, max_timeout_ms, p, pb) != 0)
            return -1;
    }
    p->given |= seen;
    return 0;
}

/* cJSON-parses a span json_check() accepted. NULL only when out of memory. */
cJSON *json_parse_span(const char *s, size_t len, api_problem *pb)
{
    const char *end = NULL;
    cJSON *v = cJSON_ParseWithLengthOpts(s, len, &end, false);
    if (v == NULL) problem_set(pb, API_PROBLEM_INTERNAL_ERROR, NULL, "out of memory reading JSON");
    return v;
}
