/* variant_text.c -- the fixture line of a variant puzzle: see variant_text.h. */
#include "tests/support/variant_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int vtext_write(const sudoku_variant *v, const uint8_t *sol, char *out, size_t outlen)
{
    char text[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE + 1];
    size_t at = 0;
#define VTEXT_PUT(...)                                                                             \
    do {                                                                                           \
        int w = snprintf(out + at, outlen - at, __VA_ARGS__);                                      \
        if (w < 0 || (size_t)w >= outlen - at) return -1;                                          \
        at += (size_t)w;                                                                           \
    } while (0)
    sudoku_format(&v->grid, v->grid.cells, text, sizeof(text));
    VTEXT_PUT("%s", text);
    sudoku_format(&v->grid, sol, text, sizeof(text));
    VTEXT_PUT(" %s", text);
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        VTEXT_PUT(" %s:%d:%d:", sudoku_constraint_kind_str((sudoku_constraint_kind)c->kind),
                  (int)c->value, c->aux);
        for (int k = 0; k < c->ncells; k++) VTEXT_PUT("%s%d", k ? "." : "", v->cells[c->first + k]);
    }
#undef VTEXT_PUT
    return (int)at;
}

static int vtext_kind(const char *name, size_t len)
{
    for (int k = 0; k < SUDOKU_CON_COUNT; k++) {
        const char *s = sudoku_constraint_kind_str((sudoku_constraint_kind)k);
        if (strlen(s) == len && memcmp(s, name, len) == 0) return k;
    }
    return -1;
}

/* One `kind:value:aux:cells` field of [s, end). */
static int vtext_constraint(const char *s, const char *end, sudoku_variant *v, char *err)
{
    const char *colon = memchr(s, ':', (size_t)(end - s));
    int kind = colon ? vtext_kind(s, (size_t)(colon - s)) : -1;
    if (kind < 0) return snprintf(err, SUDOKU_ERR_LEN, "no kind in '%.*s'", (int)(end - s), s), -1;
    char *next;
    long value = strtol(colon + 1, &next, 10), aux = 0;
    if (*next == ':') aux = strtol(next + 1, &next, 10);
    if (*next != ':')
        return snprintf(err, SUDOKU_ERR_LEN, "bad field '%.*s'", (int)(end - s), s), -1;
    uint8_t cells[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    int ncells = 0;
    for (const char *p = next + 1; p < end; p = next + (next < end && *next == '.')) {
        long cell = strtol(p, &next, 10);
        if (next == p || cell < 0 || cell > 255 || ncells == (int)sizeof(cells))
            return snprintf(err, SUDOKU_ERR_LEN, "bad cells in '%.*s'", (int)(end - s), s), -1;
        cells[ncells++] = (uint8_t)cell;
    }
    return sudoku_variant_add(v, (sudoku_constraint_kind)kind, (int)value, (int)aux, cells, ncells,
                              err);
}

int vtext_read(const char *line, size_t len, sudoku_variant *v, uint8_t *sol, char *err)
{
    const char *end = memchr(line, '\n', len);
    end = end ? end : line + len;
    const char *s = line, *f = memchr(s, ' ', (size_t)(end - s));
    static _Thread_local sudoku_puzzle p, q;
    if (!f || sudoku_parse(s, (size_t)(f - s), 0, 0, 0, &p, err) != 0) return -1;
    s = f + 1;
    f = memchr(s, ' ', (size_t)(end - s));
    f = f ? f : end;
    if (sudoku_parse(s, (size_t)(f - s), p.size, 0, 0, &q, err) != 0) return -1;
    if (sol) memcpy(sol, q.cells, (size_t)(p.size * p.size));
    if (sudoku_variant_init(v, &p, err) != 0) return -1;
    for (s = f; s < end; s = f) {
        s++;
        f = memchr(s, ' ', (size_t)(end - s));
        f = f ? f : end;
        if (f > s && vtext_constraint(s, f, v, err) != 0) return -1;
    }
    return 0;
}
