/* fpuzzles.c -- the f-puzzles JSON object (fpuzzles.h), read with cJSON and written by hand.
 *
 * DESIGN: the top-level keys are a table (fmt_fpuzzles_keys): each key is
 * read, kept as metadata, or ignored as drawing; a key not in the table is
 * a constraint, refused by name. Supporting a constraint later is a row
 * and its reader, never a change to the walk.
 */
#include "formats/fpuzzles.h"

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

#else

#include <cjson/cJSON.h>

enum fmt_fpuzzles_use { FMT_FP_SIZE, FMT_FP_GRID, FMT_FP_META, FMT_FP_DRAWING };

static const struct {
    const char *key;
    enum fmt_fpuzzles_use use;
    fmt_meta_id meta;
} fmt_fpuzzles_keys[] = {
    {"size", FMT_FP_SIZE, 0},
    {"grid", FMT_FP_GRID, 0},
    {"title", FMT_FP_META, FMT_META_TITLE},
    {"author", FMT_FP_META, FMT_META_AUTHOR},
    {"ruleset", FMT_FP_DRAWING, 0},
    {"solution", FMT_FP_DRAWING, 0},
    {"line", FMT_FP_DRAWING, 0},
    {"rectangle", FMT_FP_DRAWING, 0},
    {"circle", FMT_FP_DRAWING, 0},
    {"text", FMT_FP_DRAWING, 0},
    {"cage", FMT_FP_DRAWING, 0},
    {"highlightConflicts", FMT_FP_DRAWING, 0},
    {"disabledlogic", FMT_FP_DRAWING, 0},
    {"truecandidatesoptions", FMT_FP_DRAWING, 0},
};

#define FMT_FP_NKEYS (sizeof(fmt_fpuzzles_keys) / sizeof(fmt_fpuzzles_keys[0]))

/* An integer lo..hi from a JSON number, else -1. */
static int fmt_fp_int(const cJSON *v, int lo, int hi)
{
    if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi ||
        v->valuedouble != (double)(int)v->valuedouble)
        return -1;
    return (int)v->valuedouble;
}

static int fmt_fp_cell(const cJSON *cell, int i, int box_rows, int box_cols, fmt_state *s,
                       char *err)
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
    if (region != NULL) {
        int want = (r - 1) / box_rows * (n / box_cols) + (c - 1) / box_cols;
        if (fmt_fp_int(region, 0, n - 1) != want)
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
    return 0;
}

static int fmt_fp_grid(const cJSON *grid, fmt_state *s, char *err)
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
            if (fmt_fp_cell(cell, r * n + c, box_rows, box_cols, s, err) != 0) return -1;
            c++;
        }
        r++;
    }
    return 0;
}

int fmt_fpuzzles_object_read(const char *json, size_t len, fmt_state *s, char *err)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(json, len, &end, false);
    int rc = -1;
    if (root == NULL || !cJSON_IsObject(root)) {
        fmt_errf(err, "the f-puzzles data is not a JSON object");
        goto done;
    }
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(root, "size");
    s->size = fmt_fp_int(size, SUDOKU_MIN_SIZE, FMT_FPUZZLES_MAX_SIZE);
    if (s->size < 0 || !sudoku_size_ok(s->size)) {
        fmt_errf(err, "f-puzzles \"size\" must be %d..%d and not prime", SUDOKU_MIN_SIZE,
                 FMT_FPUZZLES_MAX_SIZE);
        goto done;
    }
    const cJSON *member;
    cJSON_ArrayForEach(member, root)
    {
        size_t k = 0;
        while (k < FMT_FP_NKEYS && strcmp(fmt_fpuzzles_keys[k].key, member->string) != 0) k++;
        if (k == FMT_FP_NKEYS) {
            fmt_errf(err,
                     "f-puzzles key \"%.40s\" is a constraint this reader does not support: "
                     "only a classic grid is read",
                     member->string);
            goto done;
        }
        if (fmt_fpuzzles_keys[k].use == FMT_FP_GRID && fmt_fp_grid(member, s, err) != 0) goto done;
        if (fmt_fpuzzles_keys[k].use == FMT_FP_META && cJSON_IsString(member))
            fmt_set_meta(s, fmt_fpuzzles_keys[k].meta, member->valuestring,
                         strlen(member->valuestring));
    }
    if (cJSON_GetObjectItemCaseSensitive(root, "grid") == NULL) {
        fmt_errf(err, "the f-puzzles data has no \"grid\"");
        goto done;
    }
    fmt_settle_flags(s);
    rc = 0;
done:
    cJSON_Delete(root);
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
