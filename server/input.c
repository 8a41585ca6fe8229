/* input.c -- text puzzles, region labels and the shape rules shared by every input form.
 *
 * DESIGN: text puzzles go through the formats' reader, fmt_read(), whose
 * plain text form is the solver's own sudoku_parse_cells(), so the service
 * and the CLI accept exactly the same texts (an .sdk, a link, a pencil-mark
 * grid, ...) and say the same thing about what they refuse.
 */
#include "server/input.h"
#include "server/options.h"

#include <stdio.h>
#include <string.h>

#include "writers/utf8.h"

void input_init(input_puzzle *p, uint8_t *cells, uint8_t *regions_buf, uint32_t default_timeout_ms)
{
    memset(p, 0, sizeof(*p));
    p->cells = cells;
    p->regions_buf = regions_buf;
    p->max_solutions = INPUT_DEFAULT_MAX_SOLUTIONS;
    p->return_solutions = INPUT_DEFAULT_RETURN_SOLUTIONS;
    p->timeout_ms = default_timeout_ms;
    p->count = 1;
}

int input_read_text(input_puzzle *p, const char *text, size_t len, const char *pointer,
                    api_problem *pb)
{
    char err[FMT_ERR_LEN];
    fmt_state local, *s = p->state != NULL ? p->state : &local;
    if (fmt_read(text, len, p->format, s, NULL, err) != 0)
        return problem_set(pb, API_PROBLEM_INVALID_PUZZLE, pointer, "%s", err);
    int n = s->size;
    size_t cells = (size_t)n * (size_t)n;
    memcpy(p->cells, s->givens, cells);
    if (s->has_entries && p->entries != NULL) {
        memcpy(p->entries, s->entries, cells);
        p->entries_size = n;
    }
    if (s->has_marks && p->marks != NULL) {
        memcpy(p->marks, s->marks, cells * sizeof(*p->marks));
        p->nmarks = cells;
    }
    if (!sudoku_size_ok(n))
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                           "a %dx%d grid is not supported: N must be %d..%d and not prime", n, n,
                           SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
    p->size = n;
    p->form = JSON_FORM_STRING;
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
                return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                                   "more than %d distinct region labels", SUDOKU_MAX_SIZE);
            labels[nlabels++] = cp;
        }
        if (count == SUDOKU_MAX_CELLS)
            return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                               "more than %d region labels", SUDOKU_MAX_CELLS);
        p->regions_buf[count++] = (uint8_t)id;
    }
    if (count == 0)
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, pointer,
                           "the region layout is empty");
    p->nregions = count;
    p->regions = p->regions_buf;
    p->nlabels = nlabels;
    memcpy(p->region_labels, labels, nlabels * sizeof(labels[0]));
    return 0;
}

/* Checks a layout given as labels against an NxN grid, naming the client's
 * labels (the solver's own check knows only the ids it was handed). */
static int input_check_labels(const input_puzzle *p, int n, const char *ptr, api_problem *pb)
{
    char label[UTF8_PUT_LEN];
    int cells[SUDOKU_MAX_SIZE] = {0};
    if (p->nregions != (size_t)n * (size_t)n)
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "the region layout has %zu labels, the %dx%d grid %d cells", p->nregions,
                           n, n, n * n);
    for (int i = 0; i < n * n; i++) {
        if (p->regions[i] < n) {
            cells[p->regions[i]]++;
            continue;
        }
        utf8_put(p->region_labels[p->regions[i]], label);
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "%zu distinct labels, but a %dx%d grid has %d regions: \"%s\" at "
                           "r%dc%d is one too many",
                           p->nlabels, n, n, n, label, i / n + 1, i % n + 1);
    }
    for (int g = 0; g < n; g++) {
        if (cells[g] == n) continue;
        utf8_put(p->region_labels[g], label);
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr,
                           "region \"%s\" has %d cells, %d expected", label, cells[g], n);
    }
    return 0;
}

int input_finish(input_puzzle *p, const char *base, const char *puzzle_ptr, api_problem *pb)
{
    char ptr[API_POINTER_LEN];
    int n = p->size;

    if (!p->has_puzzle)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, puzzle_ptr,
                           "the required key \"puzzle\" is missing");
    if (!sudoku_size_ok(n)) {
        return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, puzzle_ptr,
                           "a %dx%d grid is not supported: N must be %d..%d and not prime", n, n,
                           SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE);
    }
    char err[SUDOKU_ERR_LEN];
    if (p->box_rows != 0) {
        if (sudoku_box_check(n, p->box_rows, p->box_cols, err) != 0) {
            problem_pointer_join(ptr, base, "/box");
            return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr, "%s", err);
        }
    } else {
        sudoku_default_box(n, &p->box_rows, &p->box_cols);
        p->box_assumed = true;
    }
    if (p->nregions != 0) {
        problem_pointer_join(ptr, base, "/regions");
        if (p->nlabels != 0) {
            if (input_check_labels(p, n, ptr, pb) != 0) return -1;
        } else if (sudoku_regions_check(n, p->regions, p->nregions, err) != 0) {
            return problem_set(pb, API_PROBLEM_UNSUPPORTED_SHAPE, ptr, "%s", err);
        }
    }
    if (p->entries_size != 0 && p->entries_size != n) {
        problem_pointer_join(ptr, base, "/entries");
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                           "entries are a %dx%d grid, the puzzle %dx%d", p->entries_size,
                           p->entries_size, n, n);
    }
    if (p->nmarks != 0) {
        problem_pointer_join(ptr, base, "/candidates");
        if (p->nmarks != (size_t)n * (size_t)n)
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, ptr,
                               "%zu cells of candidates, the puzzle has %d", p->nmarks, n * n);
        uint64_t over = n == 64 ? 0 : ~((UINT64_C(1) << n) - 1);
        for (int i = 0; i < n * n; i++) {
            if ((p->marks[i] & over) == 0) continue;
            char index[16], cell[API_POINTER_LEN];
            snprintf(index, sizeof(index), "/%d", i);
            problem_pointer_join(cell, ptr, index);
            return problem_set(pb, API_PROBLEM_INVALID_REQUEST, cell,
                               "r%dc%d: a candidate above %d", i / n + 1, i % n + 1, n);
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
    /* the reader may have written straight into out's own arrays */
    if (out->cells != p->cells) memcpy(out->cells, p->cells, cells);
    if (out->has_regions && out->regions != p->regions) memcpy(out->regions, p->regions, cells);
}

int input_finish_generate(input_puzzle *p, api_problem *pb)
{
    if (p->size == 0) {
        if (p->box_rows != 0)
            p->size = p->box_rows * p->box_cols;
        else if (p->nregions != 0)
            for (int n = SUDOKU_MIN_SIZE; n <= SUDOKU_MAX_SIZE; n++)
                if ((size_t)n * (size_t)n == p->nregions) p->size = n;
        if (p->size == 0) p->size = INPUT_DEFAULT_GENERATE_SIZE;
    }
    if (p->score_min > 0 && p->score_max == 0) p->score_max = INPUT_MAX_SCORE;
    if (p->score_max != 0 && p->score_min > p->score_max)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, "/score",
                           "the score range is empty: min is above max");
    bool practice = (p->given & OPTION_BIT(TECHNIQUE)) != 0;
    if (practice && (p->score_max != 0 || p->symmetry != SUDOKU_SYMMETRY_NONE || p->minimal))
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, "/technique",
                           "technique is a target of its own: it takes no difficulty, score, "
                           "symmetry or minimal");
    if (p->start_technique && !practice)
        return problem_set(pb, API_PROBLEM_INVALID_REQUEST, "/start",
                           "start=technique needs a technique");
    p->has_puzzle = true; /* the grid is to be made: its shape is all there is to check */
    return input_finish(p, "", "/size", pb);
}

const uint32_t *input_region_labels(const input_puzzle *p)
{
    return p->nregions != 0 && p->nlabels != 0 ? p->region_labels : NULL;
}
