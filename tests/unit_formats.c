/* unit_formats.c -- formats/ (libformats.a): every format reads its sample files, the round
 * trip over the format table, the refusals, and the LZ-String codec.
 *
 * The samples in tests/data/formats/ were written from each format's
 * description; expected.txt says what each holds. The round trip walks the
 * table: a state with givens, an entry, candidates and metadata is cut down
 * to what a format holds (fmt_holds), written, read back, and must come
 * back equal.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "formats/lzstring.h"
#include "tests/support/fixtures.h"

#define DIR "tests/data/formats/"

/* The state of a sample file, read in the format its text shows. */
static fmt_state *read_sample(const char *path, fmt_id *used, char *err)
{
    size_t len;
    char *text = test_read_file(path, &len);
    fmt_state *s = malloc(sizeof(*s));
    cr_assert_not_null(s);
    int rc = fmt_read(text, len, FMT_AUTO, s, used, err);
    free(text);
    if (rc == 0) return s;
    free(s);
    return NULL;
}

static void cells_text(int n, const uint8_t *cells, char *out)
{
    for (int i = 0; i < n * n; i++) out[i] = cells[i] ? (char)('0' + cells[i]) : '.';
    out[n * n] = '\0';
}

Test(formats, samples_read_as_described)
{
    size_t nlines;
    char **lines = test_read_lines(DIR "expected.txt", &nlines);
    int checked = 0;
    for (size_t i = 0; i < nlines; i++) {
        if (lines[i][0] == '#') continue;
        char file[64], format[32], givens[128], entries[128], marks[8], author[64], path[128];
        cr_assert_eq(sscanf(lines[i], "%63s %31s %127s %127s %7s %63s", file, format, givens,
                            entries, marks, author),
                     6, "expected.txt: %s", lines[i]);
        snprintf(path, sizeof(path), DIR "%s", file);
        char err[FMT_ERR_LEN], got[128];
        fmt_id used;
        fmt_state *s = read_sample(path, &used, err);
        cr_assert_not_null(s, "%s: %s", file, err);
        cr_expect_str_eq(fmt_name(used), format, "%s read as %s", file, fmt_name(used));
        cr_assert_eq(s->size, 9, "%s", file);
        cells_text(9, s->givens, got);
        cr_expect_str_eq(got, givens, "%s givens", file);
        cells_text(9, s->entries, got);
        cr_expect_eq(s->has_entries, strcmp(entries, "-") != 0, "%s entries", file);
        if (s->has_entries) cr_expect_str_eq(got, entries, "%s entries", file);
        int with_marks = 0;
        for (int c = 0; c < 81; c++) with_marks += s->marks[c] != 0;
        cr_expect_eq(s->has_marks, strcmp(marks, "-") != 0, "%s marks", file);
        if (s->has_marks)
            cr_expect_eq(with_marks, atoi(marks), "%s: %d cells of marks", file, with_marks);
        cr_expect_str_eq(s->meta[FMT_META_AUTHOR], strcmp(author, "-") ? author : "", "%s", file);
        free(s);
        checked++;
    }
    test_free_lines(lines);
    cr_assert_geq(checked, 9);
}

Test(formats, sdk_keeps_every_metadata_line)
{
    char err[FMT_ERR_LEN];
    fmt_state *s = read_sample(DIR "sudocue.sdk", NULL, err);
    cr_assert_not_null(s, "%s", err);
    cr_expect_str_eq(s->meta[FMT_META_DESCRIPTION], "A random puzzle created by SudoCue");
    cr_expect_str_eq(s->meta[FMT_META_COMMENT], "Just start plugging in the numbers");
    cr_expect_str_eq(s->meta[FMT_META_DATE], "03-08-2006");
    cr_expect_str_eq(s->meta[FMT_META_SOURCE], "SudoCue");
    cr_expect_str_eq(s->meta[FMT_META_LEVEL], "Easy");
    cr_expect_str_eq(s->meta[FMT_META_URL], "http://www.sudocue.net/");
    free(s);
}

Test(formats, sdm_lines_are_the_text_form)
{
    size_t n;
    char **lines = test_read_lines(DIR "three.sdm", &n);
    cr_assert_eq(n, 3);
    for (size_t i = 0; i < n; i++) {
        static fmt_state s;
        char err[FMT_ERR_LEN], got[128];
        cr_assert_eq(fmt_read(lines[i], strlen(lines[i]), FMT_SDM, &s, NULL, err), 0, "%s", err);
        cells_text(9, s.givens, got);
        for (char *c = lines[i]; *c; c++)
            if (*c == '0') *c = '.';
        cr_expect_str_eq(got, lines[i]);
    }
    test_free_lines(lines);
}

/* Each bad sample is refused, and the message says why. */
Test(formats, bad_samples_are_refused_by_what_is_wrong)
{
    static const struct {
        const char *file, *says;
    } bad[] = {
        {"truncated.sdk", "cut short"},
        {"empty-cell.pm", "no candidates"},
        {"fields.hdk", "this one has 3"},
        {"lz-garbage.link", "not LZ-String"},
        {"killer.fpuzzles.json", "\"killercage\""},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char path[128], err[FMT_ERR_LEN] = "";
        snprintf(path, sizeof(path), DIR "bad/%s", bad[i].file);
        cr_expect_null(read_sample(path, NULL, err), "%s was read", bad[i].file);
        cr_expect(strstr(err, bad[i].says) != NULL, "%s: \"%s\" does not say \"%s\"", bad[i].file,
                  err, bad[i].says);
    }
}

/* The candidates the placed digits leave a 9x9 cell (the round trip's marks). */
static uint64_t plain_marks(const fmt_state *s, int cell)
{
    uint64_t m = 0x1FF;
    for (int j = 0; j < 81; j++) {
        int d = s->givens[j] ? s->givens[j] : s->entries[j];
        bool peer = j / 9 == cell / 9 || j % 9 == cell % 9 ||
                    (j / 27 == cell / 27 && j % 9 / 3 == cell % 9 / 3);
        if (d && peer) m &= ~(UINT64_C(1) << (d - 1));
    }
    return m;
}

/* A state with every part: givens, an entry, candidates (some deleted), metadata. */
static void rich_state(fmt_state *s)
{
    char err[FMT_ERR_LEN];
    fmt_state *sdk = read_sample(DIR "sudocue.sdk", NULL, err);
    cr_assert_not_null(sdk, "%s", err);
    *s = *sdk;
    free(sdk);
    s->entries[79] = 3; /* the solution's digit */
    s->has_entries = s->has_marks = true;
    strcpy(s->meta[FMT_META_TITLE], "A rich state");
    for (int i = 0; i < 81; i++) {
        if (s->givens[i] || s->entries[i]) continue;
        s->marks[i] = plain_marks(s, i);
        /* drop the highest candidate where at least three are left */
        if (__builtin_popcountll(s->marks[i]) >= 3)
            s->marks[i] &= ~(UINT64_C(1) << (63 - __builtin_clzll(s->marks[i])));
    }
}

/* s cut down to what format f holds. A format without entries holds the
 * placed digits as givens only when it also holds candidates (the
 * pencil-mark grid), where a cell left one candidate is a placed one too. */
static void project(fmt_state *s, fmt_id f)
{
    unsigned holds = fmt_holds(f), meta = fmt_holds_meta(f);
    bool marks = holds & FMT_HOLDS_MARKS;
    for (int i = 0; i < 81; i++) {
        if (!(holds & FMT_HOLDS_ENTRIES)) {
            if (marks && s->entries[i]) s->givens[i] = s->entries[i];
            s->entries[i] = 0;
        }
        uint64_t m = s->marks[i];
        if (!marks) s->marks[i] = 0;
        if (!(holds & FMT_HOLDS_ENTRIES) && marks && m && (m & (m - 1)) == 0) {
            s->givens[i] = (uint8_t)(__builtin_ctzll(m) + 1);
            s->marks[i] = 0;
        }
    }
    if (!(holds & FMT_HOLDS_ENTRIES)) s->has_entries = false;
    if (!marks) s->has_marks = false;
    for (int m = 0; m < FMT_META_COUNT; m++)
        if (!(meta & (1u << m))) s->meta[m][0] = '\0';
}

static void expect_same(const fmt_state *a, const fmt_state *b, const char *how)
{
    cr_expect_eq(a->size, b->size, "%s: size", how);
    cr_expect_arr_eq(a->givens, b->givens, 81, "%s: givens", how);
    cr_expect_eq(a->has_entries, b->has_entries, "%s: has entries", how);
    cr_expect_arr_eq(a->entries, b->entries, 81, "%s: entries", how);
    cr_expect_eq(a->has_marks, b->has_marks, "%s: has marks", how);
    cr_expect_arr_eq(a->marks, b->marks, 81 * sizeof(uint64_t), "%s: marks", how);
    for (int m = 0; m < FMT_META_COUNT; m++)
        cr_expect_str_eq(a->meta[m], b->meta[m], "%s: %s", how, fmt_meta_key((fmt_meta_id)m));
}

Test(formats, round_trip_walks_the_table)
{
    static fmt_state rich, want, got;
    rich_state(&rich);
    int walked = 0;
    for (int f = FMT_AUTO + 1; f < FMT_COUNT; f++) {
        if (!fmt_readable((fmt_id)f)) continue;
        want = rich;
        project(&want, (fmt_id)f);
        buf text = BUF_INIT;
        char err[FMT_ERR_LEN], how[64];
        cr_assert_eq(fmt_write((fmt_id)f, &want, &text, err), 0, "%s: %s", fmt_name(f), err);
        cr_assert(!text.oom);
        fmt_id used;
        cr_assert_eq(fmt_read(text.data, text.len, (fmt_id)f, &got, NULL, err), 0, "%s: %s\n%s",
                     fmt_name(f), err, text.data);
        snprintf(how, sizeof(how), "%s named", fmt_name(f));
        expect_same(&want, &got, how);
        /* read back as told from the text: an .sdm line is the text form */
        cr_assert_eq(fmt_read(text.data, text.len, FMT_AUTO, &got, &used, err), 0, "%s: %s",
                     fmt_name(f), err);
        cr_expect((int)used == f || (f == FMT_SDM && used == FMT_LINE), "%s told as %s",
                  fmt_name(f), fmt_name(used));
        snprintf(how, sizeof(how), "%s detected", fmt_name(f));
        expect_same(&want, &got, how);
        buf_free(&text);
        walked++;
    }
    cr_assert_eq(walked, FMT_COUNT - 2, "every format but json is read back");
}

Test(formats, the_text_form_reads_as_before)
{
    static const char *const texts[] = {
        "1234341221434321",
        "12.4|3.12\n21.3 4321",
        "+-----+\n|1 2|3 4|\n|3 4|1 2|\n+-----+\n|2 1|4 3|\n|4 3|2 1|\n",
        "123456789ABCDEFG" /* 16 cells of a 4x4 count: refused as before */,
    };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        static fmt_state s;
        uint8_t cells[SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE];
        char err[FMT_ERR_LEN], want_err[SUDOKU_ERR_LEN];
        fmt_id used;
        int n = sudoku_parse_cells(texts[i], strlen(texts[i]), 0, cells, want_err);
        int rc = fmt_read(texts[i], strlen(texts[i]), FMT_AUTO, &s, &used, err);
        cr_expect_eq(used, FMT_LINE, "%s", texts[i]);
        cr_expect_eq(rc, n < 0 ? -1 : 0, "%s", texts[i]);
        if (n < 0) cr_expect_str_eq(err, want_err);
        if (n > 0) cr_expect_arr_eq(s.givens, cells, (size_t)n * n);
    }
}

Test(formats, lzstring_matches_a_real_link)
{
    /* f-puzzles' own link (tests/data/formats/fpuzzles.link): decoding and
     * encoding it again gives the same characters, so lz-string reads ours */
    static const char link[] = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3v"
                               "yGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A";
    buf json = BUF_INIT, again = BUF_INIT;
    char err[128];
    cr_assert_eq(lzstring_decode(link, strlen(link), &json, err), 0, "%s", err);
    cr_assert(strncmp(json.data, "{\"size\":9", 9) == 0, "%s", json.data);
    cr_assert_eq(lzstring_encode(json.data, json.len, &again), 0);
    cr_expect_str_eq(again.data, link);
    buf_free(&json);
    buf_free(&again);
}

Test(formats, lzstring_round_trips_any_text)
{
    static const char *const texts[] = {
        "a",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "{\"title\":\"h\xc3\xa9llo \xf0\x9f\x98\x80\"}",
        "abcabcabcabcxyzxyzxyz\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac",
    };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        buf lz = BUF_INIT, back = BUF_INIT;
        char err[128];
        cr_assert_eq(lzstring_encode(texts[i], strlen(texts[i]), &lz), 0);
        cr_expect_eq(lz.len % 4, 0, "base64 is padded: %s", lz.data);
        cr_assert_eq(lzstring_decode(lz.data, lz.len, &back, err), 0, "%s: %s", texts[i], err);
        cr_expect_str_eq(back.data, texts[i]);
        buf_free(&lz);
        buf_free(&back);
    }
}

Test(formats, lzstring_refuses_garbage)
{
    static const char *const bad[] = {"", "====", "N4Ig!!", "AAAA", "N4IgzglgXgpiBcBOANCA5gJw"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        buf out = BUF_INIT;
        char err[128] = "";
        cr_expect_eq(lzstring_decode(bad[i], strlen(bad[i]), &out, err), -1, "\"%s\"", bad[i]);
        cr_expect_neq(err[0], '\0');
        buf_free(&out);
    }
}

Test(formats, names_and_holds)
{
    for (int f = 0; f < FMT_COUNT; f++) {
        const char *name = fmt_name((fmt_id)f);
        cr_expect_eq(fmt_lookup(name, strlen(name)), f, "%s", name);
        if (f != FMT_AUTO) cr_expect_neq(fmt_holds((fmt_id)f) & FMT_HOLDS_GIVENS, 0, "%s", name);
    }
    cr_expect_eq(fmt_lookup("xml", 3), -1);
    cr_expect_eq(fmt_holds(FMT_SUDOKUWIKI_LINK), FMT_HOLDS_GIVENS);
    cr_expect(!fmt_readable(FMT_JSON));
}
