/* unit_scan.c -- the photo scanner (scan/scan.h): refusals, grid detection, readings, `sudoku
 * scan`.
 *
 * The photos in tests/data/scan/ are train photos of wichtounet/sudoku_dataset
 * (CC-BY-4.0, see the README there); expected.txt gives each one's givens,
 * entries and corners from the dataset's own files. Every test calls the
 * library as the server and the CLI do, on whole files held in memory.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <criterion/redirect.h>
#include <leptonica/allheaders.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/grid.h"
#include "scan/scan.h"
#include "server/json_check.h"
#include "tests/support/fixtures.h"
#include "writers/json_scan.h"

#define DATA "tests/data/scan/"

TestSuite(scan, .init = scan_init);

static scan_status read_file(const char *name, const scan_options *opts, scan_result *r)
{
    char path[256];
    size_t len;
    snprintf(path, sizeof(path), DATA "%s", name);
    char *bytes = test_read_file(path, &len);
    scan_status st = scan_read(bytes, len, opts, r);
    free(bytes);
    return st;
}

/* One line of expected.txt. */
struct expected {
    char file[64];
    char puzzle[82], entries[82];
    double corners[4][2];
};

static void free_params(struct criterion_test_params *p)
{
    cr_free(p->params);
}

/* Every photo line of expected.txt, in memory Criterion shares with the tests
 * (the comment lines at its top are not counted). */
ParameterizedTestParameters(scan, photo)
{
    size_t count;
    char **lines = test_read_lines(DATA "expected.txt", &count);
    struct expected *e = cr_malloc(sizeof(*e) * count);
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        if (lines[i][0] == '#') continue;
        double *c = &e[n].corners[0][0];
        int got = sscanf(lines[i], "%63s %81s %81s %lf,%lf %lf,%lf %lf,%lf %lf,%lf", e[n].file,
                         e[n].puzzle, e[n].entries, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6],
                         &c[7]);
        if (got == 11) n++;
    }
    test_free_lines(lines);
    return cr_make_param_array(struct expected, e, n, free_params);
}

/* The largest distance from a corner found to the dataset's, as a share
 * of the grid's top edge. */
static double corner_error(const double found[4][2], const double want[4][2], double scale)
{
    double side = hypot(want[1][0] - want[0][0], want[1][1] - want[0][1]) * scale, worst = 0;
    for (int k = 0; k < 4; k++) {
        double d = hypot(found[k][0] - want[k][0] * scale, found[k][1] - want[k][1] * scale) / side;
        worst = d > worst ? d : worst;
    }
    return worst;
}

ParameterizedTest(struct expected *e, scan, photo, .timeout = 60)
{
    scan_result r;
    scan_status st = read_file(e->file, NULL, &r);
    cr_assert(SCAN_IS_READING(st), "%s: %s: %s", e->file, scan_status_str(st), r.reason);
    double err = corner_error(r.corners, e->corners, 1.0);
    cr_expect_lt(err, 0.02, "%s: corners %.0f%% of the side away from the dataset's", e->file,
                 err * 100);
    cr_expect_str_eq(r.puzzle, e->puzzle, "%s: givens", e->file);
    cr_expect_str_eq(r.entries, e->entries, "%s: entries", e->file);
    cr_expect_eq(st, SCAN_OK, "%s: %s", e->file, scan_status_str(st));
    cr_expect(r.timing_us.decode > 0 && r.timing_us.detect > 0 && r.timing_us.recognise > 0);
}

/* A photo too big to decode whole is decoded at reduced size; its corners
 * still come back in its own pixels and the reading is the same. */
Test(scan, big_jpeg_is_read_at_reduced_size_in_its_own_pixels, .timeout = 60)
{
    scan_result small, big;
    cr_assert_eq(read_file("printed9.jpg", NULL, &small), SCAN_OK);

    size_t len;
    char *bytes = test_read_file(DATA "printed9.jpg", &len);
    PIX *pix = pixReadMemJpeg((const l_uint8 *)bytes, len, 0, 1, NULL, 0);
    free(bytes);
    cr_assert_not_null(pix);
    PIX *scaled = pixScale(pix, 5.0f, 5.0f);
    l_uint8 *jpeg = NULL;
    size_t jpeg_len = 0;
    cr_assert_eq(pixWriteMemJpeg(&jpeg, &jpeg_len, scaled, 90, 0), 0);
    pixDestroy(&scaled);
    pixDestroy(&pix);

    scan_status st = scan_read(jpeg, jpeg_len, NULL, &big);
    free(jpeg);
    cr_assert_eq(st, SCAN_OK, "%s: %s", scan_status_str(st), big.reason);
    cr_expect_eq(big.width, 5 * small.width);
    cr_expect_eq(big.height, 5 * small.height);
    cr_expect_lt(corner_error(big.corners, small.corners, 5.0), 0.01);
    cr_expect_str_eq(big.puzzle, small.puzzle);
}

/* printed1049.jpg: text joins the grid to a crossword beside it and its
 * faint lines break apart, so no component of ink is the grid; it is found
 * by its lines (scan/lattice.c), at the dataset's corners. Before that it
 * was refused as "corners outside the photo". */
Test(scan, a_grid_touching_a_crossword_is_found_by_its_lines, .timeout = 60)
{
    static const double want[4][2] = {{58, 285}, {722, 283}, {720, 938}, {51, 943}};
    scan_result r;
    scan_status st = read_file("printed1049.jpg", NULL, &r);
    cr_assert(SCAN_IS_READING(st), "%s: %s", scan_status_str(st), r.reason);
    double err = corner_error(r.corners, want, 1.0);
    cr_expect_lt(err, 0.02, "corners %.1f%% of the side away from the dataset's", err * 100);
}
/* Phone photos whose grid was missed (tests/data/scan/README.md): wood grain
 * around the page outvoted the grid's lines in the whole photo, and the page's
 * edge or a shadow joined to the grid spoiled its component's corners
 * (phone-01_08.jpg); a steep view spaced the lines so unevenly that the line
 * finder stopped a row short (phone-02_02.jpg). The grid is found in its own
 * component's ink and its sides moved a row out. Corners: the set's own,
 * halved like the photos. */
Test(scan, phone_grids_beside_wood_grain_and_seen_at_a_slant_are_found, .timeout = 60)
{
    static const struct {
        const char *file;
        double want[4][2];
    } photos[] = {
        {"phone-01_08.jpg", {{257.5, 494}, {1169.5, 473.5}, {1254.5, 1408.5}, {232, 1447.5}}},
        {"phone-02_02.jpg", {{510.5, 313.5}, {1620, 230.5}, {1807.5, 1385.5}, {425.5, 1472.5}}},
    };
    for (size_t i = 0; i < sizeof(photos) / sizeof(photos[0]); i++) {
        scan_result r;
        scan_status st = read_file(photos[i].file, NULL, &r);
        cr_assert(SCAN_IS_READING(st), "%s: %s: %s", photos[i].file, scan_status_str(st), r.reason);
        double err = corner_error(r.corners, photos[i].want, 1.0);
        cr_expect_lt(err, 0.02, "%s: corners %.1f%% of the side away from the set's",
                     photos[i].file, err * 100);
    }
}

/* rendered-conflict.png: a unique puzzle printed with one 5 too many (row 1,
 * column 9: against the 5 of row 1 and the 5 of column 9), drawn with a
 * Debian font. */
static const char unique_puzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

Test(scan, a_clashing_given_is_re_read_as_its_second_best_class, .timeout = 60)
{
    scan_result r;
    cr_assert_eq(read_file("rendered-conflict.png", NULL, &r), SCAN_OK, "%s", r.reason);
    cr_assert_str_eq(r.puzzle, unique_puzzle);
    cr_assert_eq(r.nchanged, 1);
    cr_assert_eq(r.changed[0], 8);
    cr_assert_eq(r.nconflict, 0);
}

Test(scan, without_changes_a_clash_is_a_conflict_naming_its_cells, .timeout = 60)
{
    scan_result r;
    scan_options opts = {.max_changes = -1};
    cr_assert_eq(read_file("rendered-conflict.png", &opts, &r), SCAN_CONFLICT, "%s", r.reason);
    cr_assert_eq(r.nchanged, 0);
    cr_assert_eq(r.nconflict, 3);
    cr_assert_eq(r.conflict[0], 0);
    cr_assert_eq(r.conflict[1], 8);
    cr_assert_eq(r.conflict[2], 7 * 9 + 8); /* row 8, column 9 */
    cr_assert_eq(r.puzzle[8], '5');
}

/* rendered-empty.png: a grid with nothing written in it is a reading of 81 empty cells (and so
 * many solutions), not a refusal and not a guess. */
Test(scan, an_empty_grid_is_read_with_every_cell_empty, .timeout = 60)
{
    scan_result r;
    cr_assert_eq(read_file("rendered-empty.png", NULL, &r), SCAN_MULTIPLE, "%s", r.reason);
    cr_assert_eq(strspn(r.puzzle, "."), 81u, "%s", r.puzzle);
    cr_assert_eq(strspn(r.entries, "."), 81u, "%s", r.entries);
    cr_assert_eq(r.npencil, 0);
    cr_assert_eq(r.nchanged, 0);
}

/* rendered-pencil.png: a grid holding only pencil marks, two to four small grey candidates in 30
 * cells, in a handwriting font the network was never trained on. It lists most of them as
 * pencil marks, and half takes one for a digit; a page of so few digits holds no puzzle to check
 * it against, so it is read as no digit, and the reading is of 81 empty cells, not a guess. */
Test(scan, a_page_of_pencil_marks_only_is_read_with_every_cell_empty, .timeout = 60)
{
    scan_result r;
    cr_assert_eq(read_file("rendered-pencil.png", NULL, &r), SCAN_MULTIPLE, "%s", r.reason);
    cr_assert_eq(strspn(r.puzzle, "."), 81u, "%s", r.puzzle);
    cr_assert_eq(strspn(r.entries, "."), 81u, "%s", r.entries);
    cr_assert_geq(r.nchanged, 1, "the network reads no digit here: the fixture tests nothing");
    cr_expect_geq(r.npencil, 20, "of the 30 cells of pencil marks, %d listed", r.npencil);
    for (int k = 0; k < r.nchanged; k++) {
        int kind = r.kind[r.changed[k]];
        cr_expect(kind == SCAN_CELL_BLANK || kind == SCAN_CELL_PENCIL, "cell %d", r.changed[k]);
    }
}

Test(scan, too_few_givens_are_read_as_they_are_and_reported_multiple, .timeout = 60)
{
    scan_result r;
    cr_assert_eq(read_file("rendered-multiple.png", NULL, &r), SCAN_MULTIPLE, "%s", r.reason);
    cr_assert_eq(strncmp(r.puzzle, unique_puzzle, 27), 0, "%s", r.puzzle);
    cr_assert_eq(strspn(r.puzzle + 27, "."), 54u, "%s", r.puzzle);
    cr_assert_eq(r.nchanged, 0);
}

/* The givens of this rendered grid have no solution, which the solver needs 1.5 million nodes
 * to prove, and so have the second-best readings the search tries; every check stops at its
 * share, and the reading says the budget ran out. */
Test(scan, the_solver_checks_of_a_reading_are_bounded, .timeout = 60)
{
    scan_result r;
    cr_assert_eq(read_file("rendered-hard.png", NULL, &r), SCAN_NO_SOLUTION, "%s", r.reason);
    cr_assert_not_null(strstr(r.reason, "budget"), "%s", r.reason);
    cr_assert_gt(r.solver_nodes, SCAN_CHECK_NODES, "the fixture no longer needs the bounds");
    cr_assert_leq(r.solver_nodes, SCAN_READ_NODES + SCAN_CHECK_NODES);
    cr_assert_eq(read_file("mixed9.jpg", NULL, &r), SCAN_OK, "%s", r.reason);
    cr_assert_lt(r.solver_nodes, 1000, "a real photo's checks took %llu nodes",
                 (unsigned long long)r.solver_nodes);
}

struct refusal {
    char file[32];
    scan_status status;
    char reason[32]; /* a word the sentence must hold */
};

ParameterizedTestParameters(scan, refusal)
{
    static struct refusal cases[] = {
        {"not-image.txt", SCAN_NOT_IMAGE, "not"},
        {"random.bin", SCAN_NOT_IMAGE, "not"},
        {"tiny.gif", SCAN_UNSUPPORTED, "JPEG"},
        {"truncated.jpg", SCAN_BAD_IMAGE, "truncated"},
        {"huge-header.png", SCAN_TOO_LARGE, "pixels"},
        {"blank.png", SCAN_NO_GRID, "contrast"},
        {"dark.jpg", SCAN_NO_GRID, "dark"},
    };
    return cr_make_param_array(struct refusal, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct refusal *c, scan, refusal)
{
    scan_result r;
    scan_status st = read_file(c->file, NULL, &r);
    cr_assert_eq(st, c->status, "%s: %s (%s)", c->file, scan_status_str(st), r.reason);
    cr_assert_eq(r.status, st);
    cr_assert_not_null(strstr(r.reason, c->reason), "%s: reason '%s'", c->file, r.reason);
    cr_assert_eq(r.puzzle[0], '\0', "a refusal has no reading");
}

Test(scan, empty_and_short_inputs_are_refused)
{
    scan_result r;
    cr_assert_eq(scan_read(NULL, 0, NULL, &r), SCAN_EMPTY);
    cr_assert_eq(scan_read("", 0, NULL, &r), SCAN_EMPTY);
    cr_assert_eq(scan_read("\xff\xd8", 2, NULL, &r), SCAN_NOT_IMAGE);
    cr_assert_eq(scan_read("\xff\xd8\xff", 3, NULL, &r), SCAN_BAD_IMAGE);
    cr_assert_eq(scan_read("\x89PNG\r\n\x1a\n", 8, NULL, &r), SCAN_BAD_IMAGE);
    cr_assert_eq(scan_read("RIFF\0\0\0\0WEBP", 12, NULL, &r), SCAN_BAD_IMAGE);
}

Test(scan, the_pixel_limit_is_checked_from_the_header)
{
    scan_result r;
    scan_options opts = {.max_pixels = 640 * 480 - 1};
    cr_assert_eq(read_file("printed9.jpg", &opts, &r), SCAN_TOO_LARGE);
    cr_assert_eq(r.timing_us.detect, 0);
}

Test(scan, every_status_has_a_distinct_name)
{
    static const scan_status all[] = {
#define SCAN_STATUS_ALL(name, string, meaning) name,
        SCAN_STATUSES(SCAN_STATUS_ALL)
#undef SCAN_STATUS_ALL
    };
    size_t n = sizeof(all) / sizeof(all[0]);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            cr_assert_str_neq(scan_status_str(all[i]), scan_status_str(all[j]));
    cr_assert_str_eq(scan_status_str(SCAN_OK), "ok");
    cr_assert_str_eq(scan_status_str(SCAN_NO_GRID), "no_grid");
    cr_assert_str_eq(scan_status_str((scan_status)99), "unknown");
}

Test(scan, the_homography_maps_the_unit_square_onto_the_corners)
{
    const double q[4][2] = {{12, 30}, {410, 7}, {433, 400}, {20, 380}};
    const double unit[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    scan_homography m;
    cr_assert_eq(scan_homography_of(q, &m), 0);
    for (int k = 0; k < 4; k++) {
        double x, y;
        scan_homography_map(&m, unit[k][0], unit[k][1], &x, &y);
        cr_assert_lt(hypot(x - q[k][0], y - q[k][1]), 1e-9, "corner %d", k);
    }
    const double line[4][2] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}};
    cr_assert_eq(scan_homography_of(line, &m), -1);
}

static void assert_strict_json(const scan_result *r, const char *must)
{
    buf b = BUF_INIT;
    api_problem pb;
    json_render_scan(&b, r);
    cr_assert(!b.oom);
    cr_assert_eq(json_check(b.data, b.len, &pb), 0, "%s", b.data);
    cr_assert_not_null(strstr(b.data, must), "%s lacks %s", b.data, must);
    buf_free(&b);
}

Test(scan, readings_and_refusals_render_as_strict_json)
{
    scan_result r;
    read_file("mixed9.jpg", NULL, &r);
    assert_strict_json(&r, "\"entries\":\"");
    assert_strict_json(&r, "\"confidence\":[");
    assert_strict_json(&r, "\"pencil\":[");
    read_file("tiny.gif", NULL, &r);
    assert_strict_json(&r, "\"status\":\"unsupported\"");
}

/* A phone photo of a page with pencil marks (tests/data/scan/phones.txt): every cell with
 * pencil marks is listed in pencil and is a digit in neither string, every digit is read
 * (the set's labels do not say printed or written, so either string will do), and every
 * empty cell is empty. */
Test(scan, phone_photos_are_read_cell_by_cell_with_pencil_marks_and_their_candidates, .timeout = 60)
{
    size_t count;
    char **lines = test_read_lines(DATA "phones.txt", &count);
    size_t tested = 0;
    for (size_t i = 0; i < count; i++) {
        char file[64], labels[82], candidates[128];
        if (lines[i][0] == '#' ||
            sscanf(lines[i], "%63s %81s %127s", file, labels, candidates) != 3)
            continue;
        cr_assert_eq(strlen(labels), 81, "%s: 81 labels", file);
        scan_result r;
        scan_status st = read_file(file, NULL, &r);
        cr_assert(SCAN_IS_READING(st), "%s: %s: %s", file, scan_status_str(st), r.reason);
        bool listed[81] = {false};
        for (int k = 0; k < r.npencil; k++) {
            cr_assert(r.pencil[k] < 81 && (k == 0 || r.pencil[k] > r.pencil[k - 1]),
                      "%s: pencil cells ascending", file);
            listed[r.pencil[k]] = true;
        }
        const char *next = candidates;
        for (int c = 0; c < 81; c++) {
            char got = r.puzzle[c] != '.' ? r.puzzle[c] : r.entries[c];
            char want = labels[c] == 'p' || labels[c] == '0' ? '.' : labels[c];
            cr_expect_eq(got, want, "%s: r%dc%d read '%c', labelled '%c'", file, c / 9 + 1,
                         c % 9 + 1, got, labels[c]);
            cr_expect_eq(listed[c], labels[c] == 'p', "%s: r%dc%d %s in pencil", file, c / 9 + 1,
                         c % 9 + 1, listed[c] ? "wrongly" : "missing");
            cr_expect_eq(r.kind[c] == SCAN_CELL_PENCIL, labels[c] == 'p', "%s: r%dc%d kind", file,
                         c / 9 + 1, c % 9 + 1);
            if (labels[c] != 'p') {
                cr_expect_eq(r.candidates[c], 0, "%s: r%dc%d has candidates", file, c / 9 + 1,
                             c % 9 + 1);
                continue;
            }
            /* the next comma-separated set of digits */
            unsigned pencilled = 0;
            for (; *next != '\0' && *next != ','; next++) pencilled |= 1u << (*next - '0');
            if (*next == ',') next++;
            cr_expect_eq(r.candidates[c], pencilled,
                         "%s: r%dc%d candidates read %#x, pencilled %#x", file, c / 9 + 1,
                         c % 9 + 1, r.candidates[c], pencilled);
        }
        tested++;
    }
    test_free_lines(lines);
    cr_assert_gt(tested, 0, "phones.txt names no photo");
}
