/* links.c -- puzzles carried in links: f-puzzles, SudokuPad and sudokuwiki.
 *
 *   https://www.f-puzzles.com/?load=N4IgzglgXgp...   LZ-String base64 of the
 *   https://sudokupad.app/fpuzN4IgzglgXgp...         f-puzzles JSON object
 *   https://www.sudokuwiki.org/sudoku.htm?bd=0030... 81 digits, 0 blank
 *
 * This file is the link layer only: it finds the data in a link (or takes
 * it bare), undoes the URL's percent-encoding, and hands the LZ data to
 * lzstring.c and the JSON to fpuzzles.c. Writers percent-encode `+`, `/`
 * and `=`, which messaging apps and URL parsers otherwise mangle.
 */
#include <string.h>

#include "formats/formats_int.h"
#include "formats/fpuzzles.h"
#include "formats/lzstring.h"

#define FMT_FPUZZLES_PREFIX  "https://www.f-puzzles.com/?load="
#define FMT_SUDOKUPAD_PREFIX "https://sudokupad.app/fpuz"
#define FMT_WIKI_PREFIX      "https://www.sudokuwiki.org/sudoku.htm?bd="

/* Whether the trimmed text holds `needle`, ignoring ASCII case. */
static bool fmt_has(const char *text, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++)
        if (fmt_starts_with(text + i, len - i, needle)) return true;
    return false;
}

/* The value of query parameter `key` ("load=") in text: from after it to
 * the next '&' or '#' or the end. False when there is none. */
static bool fmt_param(const char *text, size_t len, const char *key, size_t *from, size_t *to)
{
    size_t n = strlen(key);
    for (size_t i = 0; i + n <= len; i++) {
        if ((i > 0 && text[i - 1] != '?' && text[i - 1] != '&') ||
            !fmt_starts_with(text + i, len - i, key))
            continue;
        *from = i + n;
        *to = *from;
        while (*to < len && text[*to] != '&' && text[*to] != '#') ++*to;
        return true;
    }
    return false;
}

static int fmt_hex(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* Appends text with %XX escapes undone. */
static void fmt_unescape(const char *text, size_t len, buf *out)
{
    for (size_t i = 0; i < len; i++) {
        int hi, lo;
        if (text[i] == '%' && i + 2 < len && (hi = fmt_hex(text[i + 1])) >= 0 &&
            (lo = fmt_hex(text[i + 2])) >= 0) {
            buf_putc(out, (char)(hi * 16 + lo));
            i += 2;
        } else {
            buf_putc(out, text[i]);
        }
    }
}

/* The f-puzzles JSON object that data (a JSON object, or LZ-String base64
 * of one, URL-escaped or not) holds: *json and *n point at data itself or
 * into tmp (the caller's, freed by it). Returns 0, or -1 with err. */
static int fmt_fpuzzles_json(const char *data, size_t len, buf *tmp, const char **json, size_t *n,
                             char *err)
{
    while (len > 0 && (data[len - 1] == ' ' || data[len - 1] == '\n' || data[len - 1] == '\r'))
        len--;
    if (len > 0 && data[0] == '{') {
        *json = data;
        *n = len;
        return 0;
    }
    buf raw = BUF_INIT;
    char lerr[128];
    int rc = 0;
    fmt_unescape(data, len, &raw);
    if (raw.oom)
        rc = fmt_errf(err, "out of memory");
    else if (lzstring_decode(raw.data != NULL ? raw.data : "", raw.len, tmp, lerr) != 0)
        rc = fmt_errf(err, "the f-puzzles data is not LZ-String base64: %s", lerr);
    else if (tmp->oom)
        rc = fmt_errf(err, "out of memory");
    buf_free(&raw);
    *json = tmp->data != NULL ? tmp->data : "";
    *n = tmp->len;
    return rc;
}

/* Reads f-puzzles data: a JSON object, or LZ-String base64 of one (URL-escaped or not). */
static int fmt_fpuzzles_data(const char *data, size_t len, fmt_state *s, char *err)
{
    buf tmp = BUF_INIT;
    const char *json;
    size_t n;
    int rc = fmt_fpuzzles_json(data, len, &tmp, &json, &n, err);
    if (rc == 0) rc = fmt_fpuzzles_object_read(json, n, s, err);
    buf_free(&tmp);
    return rc;
}

/* Appends an f-puzzles JSON text (len bytes) as URL-safe LZ-String base64. */
static int fmt_json_packed(const char *json, size_t len, buf *out, char *err)
{
    buf lz = BUF_INIT;
    int rc = 0;
    if (lzstring_encode(json, len, &lz) != 0) rc = fmt_errf(err, "the metadata is not UTF-8");
    for (size_t i = 0; rc == 0 && i < lz.len; i++) {
        char c = lz.data[i];
        if (c == '+' || c == '/' || c == '=')
            buf_printf(out, "%%%02X", (unsigned char)c);
        else
            buf_putc(out, c);
    }
    out->oom |= lz.oom;
    buf_free(&lz);
    return rc;
}

/* Appends the f-puzzles object of s as URL-safe LZ-String base64. */
static int fmt_fpuzzles_packed(const fmt_state *s, buf *out, char *err)
{
    buf json = BUF_INIT;
    int rc = fmt_fpuzzles_object_write(s, &json, err);
    if (rc == 0 && !json.oom) rc = fmt_json_packed(json.data, json.len, out, err);
    out->oom |= json.oom;
    buf_free(&json);
    return rc;
}

int fmt_variant_link_write(fmt_id to, const char *json, size_t len, buf *out, char *err)
{
    if (to != FMT_FPUZZLES && to != FMT_SUDOKUPAD_LINK)
        return fmt_errf(err,
                        "a variant puzzle is written as fpuzzles or sudokupad-link, "
                        "whose links carry its constraints; %s cannot",
                        fmt_name(to));
    buf_puts(out, to == FMT_FPUZZLES ? FMT_FPUZZLES_PREFIX : FMT_SUDOKUPAD_PREFIX);
    return fmt_json_packed(json, len, out, err);
}

bool fmt_fpuzzles_detect_bare(const char *text, size_t len)
{
    return fmt_starts_with(text, len, "n4ig"); /* how '{"size":' compresses */
}

bool fmt_fpuzzles_detect(const char *text, size_t len)
{
    return fmt_has(text, len, "f-puzzles.com") || fmt_fpuzzles_detect_bare(text, len) ||
           (len > 0 && text[0] == '{');
}

int fmt_fpuzzles_read(const char *text, size_t len, fmt_state *s, char *err)
{
    size_t from, to;
    if (fmt_param(text, len, "load=", &from, &to))
        return fmt_fpuzzles_data(text + from, to - from, s, err);
    if (fmt_has(text, len, "://"))
        return fmt_errf(err,
                        "an f-puzzles link carries its puzzle in ?load=, and this one has none");
    return fmt_fpuzzles_data(text, len, s, err);
}

int fmt_fpuzzles_write(const fmt_state *s, buf *out, char *err)
{
    buf_puts(out, FMT_FPUZZLES_PREFIX);
    return fmt_fpuzzles_packed(s, out, err);
}

bool fmt_sudokupad_detect_bare(const char *text, size_t len)
{
    return fmt_starts_with(text, len, "fpuz");
}

bool fmt_sudokupad_detect(const char *text, size_t len)
{
    return fmt_has(text, len, "sudokupad") || fmt_has(text, len, "crackingthecryptic.com") ||
           fmt_sudokupad_detect_bare(text, len);
}

/* The f-puzzles data of a SudokuPad link (after its fpuz or fpuzzles
 * prefix): *from and *to. Returns 0, or -1 with err for the links that
 * carry none. */
static int fmt_sudokupad_data(const char *text, size_t len, size_t *from, size_t *to, char *err)
{
    *from = 0;
    *to = len;
    if (!fmt_param(text, len, "puzzleid=", from, to)) {
        /* the puzzle is the link's path from its fpuz segment on, '/' and all
         * (LZ-String's base64 has it), else its last segment */
        while (*to > 0 && (text[*to - 1] == '\n' || text[*to - 1] == ' ')) --*to;
        for (size_t i = 0; i < *to; i++)
            if (text[i] == '?' || text[i] == '#') *to = i;
        *from = *to;
        while (*from > 0 && text[*from - 1] != '/') --*from;
        for (size_t i = 1; i + 4 <= *to; i++) {
            if (text[i - 1] == '/' && memcmp(text + i, "fpuz", 4) == 0) {
                *from = i;
                break;
            }
        }
    }
    const char *id = text + *from;
    size_t n = *to - *from;
    if (fmt_starts_with(id, n, "fpuzzles")) {
        *from += 8;
        return 0;
    }
    if (fmt_starts_with(id, n, "fpuz")) {
        *from += 4;
        return 0;
    }
    if (fmt_starts_with(id, n, "scl") || fmt_starts_with(id, n, "ctc"))
        return fmt_errf(err, "SudokuPad's own scl data is not read: only links that carry "
                             "f-puzzles data (fpuz...) are");
    return fmt_errf(err, "this SudokuPad link names a puzzle kept on its server; only links "
                         "that carry the puzzle (fpuz...) can be read");
}

int fmt_sudokupad_read(const char *text, size_t len, fmt_state *s, char *err)
{
    size_t from, to;
    if (fmt_sudokupad_data(text, len, &from, &to, err) != 0) return -1;
    return fmt_fpuzzles_data(text + from, to - from, s, err);
}

int fmt_sudokupad_write(const fmt_state *s, buf *out, char *err)
{
    buf_puts(out, FMT_SUDOKUPAD_PREFIX);
    return fmt_fpuzzles_packed(s, out, err);
}

bool fmt_sudokuwiki_detect(const char *text, size_t len)
{
    return fmt_has(text, len, "sudokuwiki") || fmt_starts_with(text, len, "?bd=") ||
           fmt_starts_with(text, len, "bd=");
}

int fmt_sudokuwiki_read(const char *text, size_t len, fmt_state *s, char *err)
{
    size_t from, to;
    if (!fmt_param(text, len, "bd=", &from, &to))
        return fmt_errf(err, "a sudokuwiki link carries its puzzle in bd=, and this one has none");
    while (to > from && (text[to - 1] == '\n' || text[to - 1] == ' ' || text[to - 1] == '\r')) to--;
    if (to - from != 81)
        return fmt_errf(err, "a sudokuwiki bd= holds 81 digits, this one %zu characters",
                        to - from);
    for (size_t i = from; i < to; i++)
        if (text[i] < '0' || text[i] > '9')
            return fmt_errf(err, "sudokuwiki bd= cell %zu: '%c' is not a digit 0-9", i - from + 1,
                            text[i]);
    return fmt_line_read(text + from, to - from, s, err);
}

int fmt_sudokuwiki_write(const fmt_state *s, buf *out, char *err)
{
    if (fmt_need_9x9(s, "a sudokuwiki link", err) != 0) return -1;
    buf_puts(out, FMT_WIKI_PREFIX);
    for (int i = 0; i < 81; i++) buf_putc(out, (char)('0' + s->givens[i]));
    return 0;
}

int fmt_variant_read_text(const char *text, size_t len, fmt_variant_read *r)
{
    size_t from = 0, to = len;
    r->pointer[0] = '\0';
    while (from < to &&
           (text[from] == ' ' || text[from] == '\n' || text[from] == '\r' || text[from] == '\t'))
        from++;
    if (from < to && text[from] != '{') {
        if (fmt_param(text, len, "load=", &from, &to)) {
            /* an f-puzzles link */
        } else if (fmt_sudokupad_detect(text, len) && !fmt_fpuzzles_detect_bare(text, len)) {
            if (fmt_sudokupad_data(text, len, &from, &to, r->err) != 0) return -1;
        } else if (fmt_has(text, len, "://")) {
            return fmt_errf(r->err, "this link carries no f-puzzles data: an f-puzzles link "
                                    "has ?load=, a SudokuPad one fpuz...");
        }
    }
    buf tmp = BUF_INIT;
    const char *json;
    size_t n;
    int rc = fmt_fpuzzles_json(text + from, to - from, &tmp, &json, &n, r->err);
    if (rc == 0) rc = fmt_fpuzzles_variant_read(json, n, r);
    buf_free(&tmp);
    return rc;
}
