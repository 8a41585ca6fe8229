/* table.c -- the format table, and fmt_read / fmt_write / fmt_detect over it.
 *
 * DESIGN: one row per format: its detector, reader, writer and what part
 * of a state it holds. The rows are in detection order, most particular
 * first (a link names its site; `:`, `{`, `#`, `*` open the library line,
 * f-puzzles JSON, .sdk and .ss), so the plain text form, which claims
 * everything, is last: a text the earlier rows pass over is read exactly as
 * before formats existed. .sdm and json are never detected: an .sdm line
 * is the text form, and json is an answer, not an input.
 */
#include <string.h>

#include "formats/formats_int.h"
#include "formats/fpuzzles.h"

#define FMT_META_ALL  ((1u << FMT_META_COUNT) - 1)
#define FMT_META_SDK  (FMT_META_ALL & ~(1u << FMT_META_TITLE))
#define FMT_META_FPUZ ((1u << FMT_META_TITLE) | (1u << FMT_META_AUTHOR))
#define FMT_GIVENS    FMT_HOLDS_GIVENS
#define FMT_ALL       (FMT_HOLDS_GIVENS | FMT_HOLDS_ENTRIES | FMT_HOLDS_MARKS)

/* Cells a reader finds zeroed: every grid of the 9x9-only formats and of f-puzzles. */
#define FMT_ZEROED_CELLS (FMT_FPUZZLES_MAX_SIZE * FMT_FPUZZLES_MAX_SIZE)

typedef struct fmt_row {
    fmt_id id;
    fmt_detect_fn detect; /* NULL: named only */
    fmt_read_fn read;     /* NULL: written only */
    fmt_write_fn write;
    unsigned holds, meta;
    fmt_detect_fn bare; /* NULL, or the part of detect that can claim a text of cell symbols
                         * alone (a link's bare LZ data) */
} fmt_row;

static const fmt_row fmt_table[] = {
    {FMT_SUDOKUWIKI_LINK, fmt_sudokuwiki_detect, fmt_sudokuwiki_read, fmt_sudokuwiki_write,
     FMT_GIVENS, 0, NULL},
    {FMT_SUDOKUPAD_LINK, fmt_sudokupad_detect, fmt_sudokupad_read, fmt_sudokupad_write, FMT_ALL,
     FMT_META_FPUZ, fmt_sudokupad_detect_bare},
    {FMT_FPUZZLES, fmt_fpuzzles_detect, fmt_fpuzzles_read, fmt_fpuzzles_write, FMT_ALL,
     FMT_META_FPUZ, fmt_fpuzzles_detect_bare},
    {FMT_HODOKU, fmt_hodoku_detect, fmt_hodoku_read, fmt_hodoku_write, FMT_ALL, 0, NULL},
    {FMT_SDK, fmt_sdk_detect, fmt_sdk_read, fmt_sdk_write, FMT_GIVENS, FMT_META_SDK, NULL},
    {FMT_SS, fmt_ss_detect, fmt_ss_read, fmt_ss_write, FMT_GIVENS, 0, NULL},
    {FMT_PM_GRID, fmt_pm_detect, fmt_pm_read, fmt_pm_write, FMT_GIVENS | FMT_HOLDS_MARKS, 0, NULL},
    {FMT_LINE, fmt_line_detect, fmt_line_read, fmt_line_write, FMT_GIVENS, 0, NULL},
    {FMT_SDM, NULL, fmt_sdm_read, fmt_sdm_write, FMT_GIVENS, 0, NULL},
    {FMT_JSON, NULL, NULL, fmt_json_write, FMT_ALL, FMT_META_ALL, NULL},
};

#define FMT_ROWS (sizeof(fmt_table) / sizeof(fmt_table[0]))
_Static_assert(FMT_ROWS == FMT_COUNT - 1, "one row per format");

static const char *const fmt_names[FMT_COUNT] = {"auto",
#define X(id, name) name,
                                                 FMT_FORMATS(X)
#undef X
};

static const char *const fmt_meta_keys[FMT_META_COUNT] = {
#define X(id, key, letter) key,
    FMT_META_FIELDS(X)
#undef X
};

static const fmt_row *fmt_row_of(fmt_id id)
{
    for (size_t i = 0; i < FMT_ROWS; i++)
        if (fmt_table[i].id == id) return &fmt_table[i];
    return NULL;
}

const char *fmt_name(fmt_id id)
{
    return (unsigned)id < FMT_COUNT ? fmt_names[id] : "unknown";
}

const char *fmt_meta_key(fmt_meta_id id)
{
    return (unsigned)id < FMT_META_COUNT ? fmt_meta_keys[id] : "unknown";
}

int fmt_lookup(const char *name, size_t len)
{
    for (int i = 0; i < FMT_COUNT; i++)
        if (strlen(fmt_names[i]) == len && memcmp(fmt_names[i], name, len) == 0) return i;
    return -1;
}

unsigned fmt_holds(fmt_id id)
{
    const fmt_row *r = fmt_row_of(id);
    return r != NULL ? r->holds : 0;
}

unsigned fmt_holds_meta(fmt_id id)
{
    const fmt_row *r = fmt_row_of(id);
    return r != NULL ? r->meta : 0;
}

bool fmt_readable(fmt_id id)
{
    const fmt_row *r = fmt_row_of(id);
    return r != NULL && r->read != NULL;
}

void fmt_state_clear(fmt_state *s)
{
    memset(s, 0, sizeof(*s));
}

/* Clears what a reader may leave unwritten, without the whole 14 KB: the
 * plain text form is read for every item of a batch. Readers of grids
 * above FMT_ZEROED_CELLS (line, sdk, ss) write every given and no entry or
 * mark, whose rest fmt_read zeroes once the size is known. */
static void fmt_state_start(fmt_state *s)
{
    s->size = 0;
    s->has_entries = s->has_marks = false;
    memset(s->givens, 0, FMT_ZEROED_CELLS);
    memset(s->entries, 0, FMT_ZEROED_CELLS);
    memset(s->marks, 0, FMT_ZEROED_CELLS * sizeof(*s->marks));
    for (int m = 0; m < FMT_META_COUNT; m++) s->meta[m][0] = '\0';
}

/* True for a text of cell symbols alone, one line, no spaces: what every puzzle of a batch or
 * a file of the text form is, and what only the rows with a bare detector can claim too
 * (every other format needs a separator, a border, a link's punctuation or a second line).
 * Checked first, so that such a text, the common case by far, meets two prefix tests and not
 * every detector's search. */
static bool fmt_is_cells_only(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
    size_t end = len;
    while (end > i && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' ' ||
                       text[end - 1] == '\t'))
        end--;
    if (i == end) return false;
    for (; i < end; i++) {
        unsigned char c = (unsigned char)text[i];
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              c == '.' || c == '_'))
            return false;
    }
    return true;
}

fmt_id fmt_detect(const char *text, size_t len)
{
    fmt_line first;
    if (!fmt_first_line(text, len, &first)) return FMT_LINE;
    const char *t = text + first.start;
    size_t n = len - first.start;
    bool bare = fmt_is_cells_only(t, n);
    for (size_t i = 0; i < FMT_ROWS; i++) {
        fmt_detect_fn detect = bare ? fmt_table[i].bare : fmt_table[i].detect;
        if (detect != NULL && detect(t, n)) return fmt_table[i].id;
    }
    return FMT_LINE;
}

bool fmt_whole_file(const char *line, size_t len)
{
    fmt_line l;
    if (!fmt_first_line(line, len, &l)) return false;
    const char *t = line + l.start;
    size_t n = l.end - l.start;
    if (n >= 2 && t[0] == '#' && t[1] >= 'A' && t[1] <= 'Z') return true;   /* .sdk metadata */
    if (n >= 2 && strchr("*.:'", t[0]) != NULL && t[1] == '-') return true; /* drawn borders */
    if (t[0] == '{') return true;                                           /* f-puzzles JSON */
    /* a pencil-mark row without borders: 9 cells, some of several digits */
    int cells = 0, digits = 0;
    for (size_t i = 0; i < n; i++) {
        bool cell = t[i] != ' ' && t[i] != '\t' && t[i] != '|';
        if (cell && (i == 0 || t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '|')) cells++;
        if (t[i] >= '1' && t[i] <= '9')
            digits++;
        else if (cell)
            return false;
    }
    return cells == 9 && digits > 9;
}

int fmt_read(const char *text, size_t len, fmt_id id, fmt_state *s, fmt_id *used, char *err)
{
    if (text == NULL) text = "", len = 0;
    bool told = id == FMT_AUTO;
    if (told) id = fmt_detect(text, len);
    const fmt_row *r = fmt_row_of(id);
    if (used != NULL) *used = id;
    if (r == NULL || r->read == NULL)
        return fmt_errf(err, "format \"%s\" is written, not read", fmt_name(id));
    fmt_state_start(s);
    if (r->read(text, len, s, err) != 0) {
        /* a guess that failed never costs a text the plain form reads (spaced cells with a
         * run of digits look like a pencil-mark grid): that text reads as it always did, and
         * any other keeps the guessed format's message */
        char plain_err[FMT_ERR_LEN];
        if (!told || id == FMT_LINE) return -1;
        fmt_state_start(s);
        if (fmt_line_read(text, len, s, plain_err) != 0) return -1;
        if (used != NULL) *used = FMT_LINE;
    }
    size_t cells = (size_t)s->size * (size_t)s->size;
    if (cells > FMT_ZEROED_CELLS) {
        memset(s->entries + FMT_ZEROED_CELLS, 0, cells - FMT_ZEROED_CELLS);
        memset(s->marks + FMT_ZEROED_CELLS, 0, (cells - FMT_ZEROED_CELLS) * sizeof(*s->marks));
    }
    return 0;
}

int fmt_write(fmt_id id, const fmt_state *s, buf *out, char *err)
{
    const fmt_row *r = fmt_row_of(id);
    if (r == NULL) return fmt_errf(err, "no format to write: name one");
    return r->write(s, out, err);
}
