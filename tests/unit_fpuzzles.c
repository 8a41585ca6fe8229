/* unit_fpuzzles.c -- the f-puzzles variant reader (formats/fpuzzles.h): each key's mapping into
 * a sudoku_variant, and each refusal with its message and JSON Pointer.
 *
 * The objects are written here, around an empty 9x9 grid, so each case
 * shows the clue and the constraints it must become side by side. The
 * killer fixture of tests/data/variants/ is read whole through its link
 * and its LZ-String data as well.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fpuzzles.h"
#include "formats/lzstring.h"
#include "tests/support/fixtures.h"

#define EMPTY9                                                                                     \
    "\"grid\":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{}" \
    ",{}],"                                                                                        \
    "[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],"      \
    "[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]]"

static sudoku_variant *fp_variant(void)
{
    sudoku_variant *v = malloc(sizeof(*v));
    cr_assert_not_null(v);
    return v;
}

/* Reads {"size":9, <empty grid>, <members>}: the variant, or a failed test. */
static sudoku_variant *read_ok(const char *members)
{
    char json[4096];
    snprintf(json, sizeof(json), "{\"size\":9," EMPTY9 "%s%s}", members[0] ? "," : "", members);
    sudoku_variant *v = fp_variant();
    fmt_variant_read r = {.v = v};
    cr_assert_eq(fmt_fpuzzles_variant_read(json, strlen(json), &r), 0, "%s: %s", members, r.err);
    return v;
}

/* The refusal of {"size":9, <empty grid>, <members>}: its message holds `says`
 * and its pointer is `pointer`. */
static void read_refused(const char *members, const char *says, const char *pointer)
{
    char json[4096];
    snprintf(json, sizeof(json), "{\"size\":9," EMPTY9 ",%s}", members);
    sudoku_variant *v = fp_variant();
    fmt_variant_read r = {.v = v};
    cr_expect_neq(fmt_fpuzzles_variant_read(json, strlen(json), &r), 0, "%s was read", members);
    cr_expect(strstr(r.err, says) != NULL, "%s: \"%s\" does not say \"%s\"", members, r.err, says);
    cr_expect_str_eq(r.pointer, pointer, "%s: %s", members, r.err);
    free(v);
}

/* Constraint i: its kind, value, aux and cells (R1C1 = 0), -1 ending the cells. */
static void expect_con(const sudoku_variant *v, uint32_t i, sudoku_constraint_kind kind, int value,
                       int aux, const int *cells)
{
    cr_assert_lt(i, v->nconstraints, "no constraint %u", i);
    const sudoku_constraint *c = &v->constraints[i];
    cr_expect_eq(c->kind, kind, "constraint %u is a %s, not a %s", i,
                 sudoku_constraint_kind_str(c->kind), sudoku_constraint_kind_str(kind));
    cr_expect_eq(c->value, value, "constraint %u: value %d, not %d", i, c->value, value);
    cr_expect_eq(c->aux, aux, "constraint %u: aux %d, not %d", i, c->aux, aux);
    int n = 0;
    while (cells[n] >= 0) n++;
    cr_assert_eq(c->ncells, n, "constraint %u: %u cells, not %d", i, c->ncells, n);
    for (int k = 0; k < n; k++)
        cr_expect_eq(v->cells[c->first + k], cells[k], "constraint %u cell %d: %d, not %d", i, k,
                     v->cells[c->first + k], cells[k]);
}

#define CELLS(...) ((const int[]){__VA_ARGS__, -1})
#define NONE       ((const int[]){-1})

Test(fpuzzles, a_classic_object_reads_with_no_constraints)
{
    sudoku_variant *v = read_ok("\"title\":\"t\",\"author\":\"a\",\"solution\":[],\"line\":[]");
    cr_expect_eq(v->nconstraints, 0);
    cr_expect_eq(v->grid.size, 9);
    free(v);
}

Test(fpuzzles, cages_and_extra_regions_are_cages)
{
    sudoku_variant *v =
        read_ok("\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"},"
                "{\"cells\":[\"R2C1\",\"R2C2\"],\"value\":\"\"},{\"cells\":[\"R3C1\"]}],"
                "\"cage\":[{\"cells\":[\"R9C9\",\"R8C9\"],\"value\":17}],"
                "\"extraregion\":[{\"cells\":[\"R5C5\",\"R5C6\",\"R6C5\"]}]");
    expect_con(v, 0, SUDOKU_CON_CAGE, 3, 0, CELLS(0, 1));
    expect_con(v, 1, SUDOKU_CON_CAGE, 0, 0, CELLS(9, 10));
    expect_con(v, 2, SUDOKU_CON_CAGE, 0, 0, CELLS(18));
    expect_con(v, 3, SUDOKU_CON_CAGE, 17, 0, CELLS(80, 71));
    expect_con(v, 4, SUDOKU_CON_CAGE, 0, 0, CELLS(40, 41, 49));
    cr_expect_eq(v->nconstraints, 5);
    free(v);
}

Test(fpuzzles, diagonals_are_cages_of_n_cells)
{
    sudoku_variant *v = read_ok("\"diagonal+\":true,\"diagonal-\":true");
    expect_con(v, 0, SUDOKU_CON_CAGE, 0, 0, CELLS(72, 64, 56, 48, 40, 32, 24, 16, 8));
    expect_con(v, 1, SUDOKU_CON_CAGE, 0, 0, CELLS(0, 10, 20, 30, 40, 50, 60, 70, 80));
    free(v);
    v = read_ok("\"diagonal+\":false");
    cr_expect_eq(v->nconstraints, 0);
    free(v);
}

Test(fpuzzles, little_killers_walk_the_diagonal_from_their_clue)
{
    sudoku_variant *v =
        read_ok("\"littlekillersum\":[{\"cell\":\"R0C1\",\"direction\":\"DR\",\"value\":\"40\"},"
                "{\"cell\":\"R10C3\",\"direction\":\"UR\",\"value\":\"20\"},"
                "{\"cell\":\"R3C10\",\"direction\":\"DL\",\"value\":\"\"},"
                "{\"cell\":\"R7C0\",\"direction\":\"UR\",\"value\":\"12\",\"cells\":[]}]");
    expect_con(v, 0, SUDOKU_CON_SUM, 40, 0, CELLS(1, 11, 21, 31, 41, 51, 61, 71));
    expect_con(v, 1, SUDOKU_CON_SUM, 20, 0, CELLS(75, 67, 59, 51, 43, 35));
    /* the empty clue is none */
    expect_con(v, 2, SUDOKU_CON_SUM, 12, 0, CELLS(45, 37, 29, 21, 13, 5));
    cr_expect_eq(v->nconstraints, 3);
    free(v);
}

Test(fpuzzles, lines_become_one_constraint_each)
{
    sudoku_variant *v =
        read_ok("\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"],[\"R2C1\",\"R3C1\"]]}],"
                "\"betweenline\":[{\"lines\":[[\"R5C1\",\"R5C2\",\"R5C3\"]]}],"
                "\"renban\":[{\"lines\":[[\"R6C1\",\"R6C2\"]]}],"
                "\"whispers\":[{\"lines\":[[\"R7C1\",\"R7C2\"]]},{\"lines\":[[\"R8C1\",\"R8C2\"]],"
                "\"value\":3}]");
    expect_con(v, 0, SUDOKU_CON_THERMO, 0, 0, CELLS(0, 1, 2));
    expect_con(v, 1, SUDOKU_CON_THERMO, 0, 0, CELLS(9, 18));
    expect_con(v, 2, SUDOKU_CON_BETWEEN, 0, 0, CELLS(36, 37, 38));
    expect_con(v, 3, SUDOKU_CON_RENBAN, 0, 0, CELLS(45, 46));
    expect_con(v, 4, SUDOKU_CON_WHISPERS, 5, 0, CELLS(54, 55));
    expect_con(v, 5, SUDOKU_CON_WHISPERS, 3, 0, CELLS(63, 64));
    free(v);
}

Test(fpuzzles, arrows_list_the_bulb_then_each_shaft_cell_once)
{
    sudoku_variant *v =
        read_ok("\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"]]},"
                "{\"cells\":[\"R5C6\",\"R5C5\"],\"lines\":[[\"R5C5\",\"R6C5\",\"R7C5\"],"
                "[\"R5C5\",\"R6C5\",\"R6C4\"]]}]");
    expect_con(v, 0, SUDOKU_CON_ARROW, 0, 1, CELLS(0, 1, 2));
    /* a pill reads in reading order; the shared R6C5 counts once */
    expect_con(v, 1, SUDOKU_CON_ARROW, 0, 2, CELLS(40, 41, 49, 58, 48));
    free(v);
}

Test(fpuzzles, dots_and_their_negative_constraints)
{
    sudoku_variant *v = read_ok(
        "\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"]},{\"cells\":[\"R2C1\",\"R2C2\"],"
        "\"value\":\"3\"}],\"ratio\":[{\"cells\":[\"R3C1\",\"R3C2\"]},{\"cells\":[\"R4C1\","
        "\"R4C2\"],\"value\":3},{\"cells\":[\"R5C1\",\"R5C2\"]}],"
        "\"negative\":[\"ratio\",\"xv\"],\"nonconsecutive\":true,"
        "\"xv\":[{\"cells\":[\"R6C1\",\"R6C2\"],\"value\":\"X\"},{\"cells\":[\"R7C1\",\"R7C2\"],"
        "\"value\":\"V\"}]");
    expect_con(v, 0, SUDOKU_CON_DIFFERENCE, 1, 0, CELLS(0, 1));
    expect_con(v, 1, SUDOKU_CON_DIFFERENCE, 3, 0, CELLS(9, 10));
    expect_con(v, 2, SUDOKU_CON_RATIO, 2, 0, CELLS(18, 19));
    expect_con(v, 3, SUDOKU_CON_RATIO, 3, 0, CELLS(27, 28));
    expect_con(v, 4, SUDOKU_CON_RATIO, 2, 0, CELLS(36, 37));
    expect_con(v, 5, SUDOKU_CON_NEGATIVE, 1, SUDOKU_CON_DIFFERENCE, NONE);
    expect_con(v, 6, SUDOKU_CON_PAIR_SUM, 10, 0, CELLS(45, 46));
    expect_con(v, 7, SUDOKU_CON_PAIR_SUM, 5, 0, CELLS(54, 55));
    /* negative comes last, one per ratio the dots use */
    expect_con(v, 8, SUDOKU_CON_NEGATIVE, 2, SUDOKU_CON_RATIO, NONE);
    expect_con(v, 9, SUDOKU_CON_NEGATIVE, 3, SUDOKU_CON_RATIO, NONE);
    expect_con(v, 10, SUDOKU_CON_NEGATIVE, 5, SUDOKU_CON_PAIR_SUM, NONE);
    expect_con(v, 11, SUDOKU_CON_NEGATIVE, 10, SUDOKU_CON_PAIR_SUM, NONE);
    cr_expect_eq(v->nconstraints, 12);
    free(v);
    v = read_ok("\"negative\":[\"ratio\"]");
    expect_con(v, 0, SUDOKU_CON_NEGATIVE, 2, SUDOKU_CON_RATIO, NONE);
    free(v);
}

Test(fpuzzles, sandwiches_take_the_row_or_column_of_their_clue)
{
    sudoku_variant *v =
        read_ok("\"sandwichsum\":[{\"cell\":\"R0C3\",\"value\":\"12\"},"
                "{\"cell\":\"R4C10\",\"value\":0},{\"cell\":\"R10C1\",\"value\":\"\"}]");
    expect_con(v, 0, SUDOKU_CON_SANDWICH, 12, 0, CELLS(2, 11, 20, 29, 38, 47, 56, 65, 74));
    expect_con(v, 1, SUDOKU_CON_SANDWICH, 0, 0, CELLS(27, 28, 29, 30, 31, 32, 33, 34, 35));
    cr_expect_eq(v->nconstraints, 2);
    free(v);
}

Test(fpuzzles, global_flags_and_cell_marks)
{
    sudoku_variant *v = read_ok("\"antiknight\":true,\"antiking\":true,\"disjointgroups\":true,"
                                "\"odd\":[{\"cell\":\"R1C1\"}],\"even\":[{\"cell\":\"R9C9\"}]");
    expect_con(v, 0, SUDOKU_CON_ANTIKNIGHT, 0, 0, NONE);
    expect_con(v, 1, SUDOKU_CON_ANTIKING, 0, 0, NONE);
    expect_con(v, 2, SUDOKU_CON_DISJOINT, 0, 0, NONE);
    expect_con(v, 3, SUDOKU_CON_DIGITS, 0x155, 0, CELLS(0));
    expect_con(v, 4, SUDOKU_CON_DIGITS, 0xAA, 0, CELLS(80));
    free(v);
}

Test(fpuzzles, extremes_palindromes_clones_and_quadruples_are_pairs)
{
    sudoku_variant *v = read_ok(
        "\"minimum\":[{\"cell\":\"R1C1\"}],\"maximum\":[{\"cell\":\"R9C9\"}],"
        "\"palindrome\":[{\"lines\":[[\"R5C1\",\"R5C2\",\"R5C3\",\"R5C4\",\"R5C5\"]]}],"
        "\"clone\":[{\"cells\":[\"R2C2\",\"R2C3\"],\"cloneCells\":[\"R8C8\",\"R8C7\"]}],"
        "\"quadruple\":[{\"cells\":[\"R3C3\",\"R3C4\",\"R4C3\",\"R4C4\"],\"values\":[1,2,2]}]");
    expect_con(v, 0, SUDOKU_CON_LESS, 0, 0, CELLS(0, 9));
    expect_con(v, 1, SUDOKU_CON_LESS, 0, 0, CELLS(0, 1));
    expect_con(v, 2, SUDOKU_CON_LESS, 0, 0, CELLS(71, 80));
    expect_con(v, 3, SUDOKU_CON_LESS, 0, 0, CELLS(79, 80));
    expect_con(v, 4, SUDOKU_CON_EQUAL, 0, 0, CELLS(36, 40));
    expect_con(v, 5, SUDOKU_CON_EQUAL, 0, 0, CELLS(37, 39));
    expect_con(v, 6, SUDOKU_CON_EQUAL, 0, 0, CELLS(10, 70));
    expect_con(v, 7, SUDOKU_CON_EQUAL, 0, 0, CELLS(11, 69));
    expect_con(v, 8, SUDOKU_CON_QUADRUPLE, 1 | 2 << 5 | 2 << 10, 3, CELLS(20, 21, 29, 30));
    cr_expect_eq(v->nconstraints, 9);
    free(v);
}

Test(fpuzzles, a_jigsaw_keeps_its_regions)
{
    char json[4096] = "{\"size\":4,\"grid\":[";
    static const int regions[16] = {0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3};
    for (int r = 0; r < 4; r++) {
        strcat(json, r ? ",[" : "[");
        for (int c = 0; c < 4; c++) {
            char cell[32];
            snprintf(cell, sizeof(cell), "%s{\"region\":%d}", c ? "," : "", regions[r * 4 + c]);
            strcat(json, cell);
        }
        strcat(json, "]");
    }
    strcat(json, "]}");
    sudoku_variant *v = fp_variant();
    fmt_variant_read rd = {.v = v};
    cr_assert_eq(fmt_fpuzzles_variant_read(json, strlen(json), &rd), 0, "%s", rd.err);
    cr_expect(v->grid.has_regions);
    for (int i = 0; i < 16; i++)
        cr_expect_eq(v->grid.regions[i], regions[i], "cell %d: region %d", i, v->grid.regions[i]);
    free(v);
}

Test(fpuzzles, each_bad_clue_is_refused_by_key_entry_and_pointer)
{
    read_refused("\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"1\"},"
                 "{\"cells\":[\"R1C2\",\"R10C1\"],\"value\":\"5\"}]",
                 "killercage[1]: cells/1 R10C1 is outside the 9x9 grid", "/killercage/1/cells/1");
    read_refused("\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"99\"}]",
                 "killercage[0]: ", "/killercage/0");
    read_refused("\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C1\"]]}]",
                 "thermometer[0]: ", "/thermometer/0");
    read_refused("\"xsum\":[]", "\"xsum\"", "/xsum");
    read_refused("\"skyscraper\":[]", "\"skyscraper\"", "/skyscraper");
    read_refused("\"entropicline\":[]", "\"entropicline\"", "/entropicline");
    read_refused("\"antiknight\":1", "antiknight: is not true or false", "/antiknight");
    read_refused("\"killercage\":{}", "killercage: is not an array", "/killercage");
    read_refused("\"killercage\":[3]", "killercage[0]: is not an object", "/killercage/0");
    read_refused("\"killercage\":[{\"cells\":[7]}]", "cells/0 is not a cell string",
                 "/killercage/0/cells/0");
    read_refused("\"killercage\":[{\"cells\":[\"A1\"]}]", "\"A1\" is not a cell",
                 "/killercage/0/cells/0");
    read_refused("\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"ten\"}]", "\"ten\"",
                 "/killercage/0/value");
    read_refused("\"littlekillersum\":[{\"cell\":\"R5C5\",\"direction\":\"DR\",\"value\":\"5\"}]",
                 "ring of clues", "/littlekillersum/0/cell");
    read_refused("\"littlekillersum\":[{\"cell\":\"R0C1\",\"direction\":\"N\",\"value\":\"5\"}]",
                 "direction", "/littlekillersum/0/direction");
    read_refused("\"littlekillersum\":[{\"cell\":\"R0C9\",\"direction\":\"UR\",\"value\":\"5\"}]",
                 "meets no cell", "/littlekillersum/0/direction");
    read_refused("\"sandwichsum\":[{\"cell\":\"R0C0\",\"value\":\"5\"}]", "corner",
                 "/sandwichsum/0/cell");
    read_refused("\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[[\"R2C2\",\"R2C3\"]]}]",
                 "does not start in the arrow's bulb", "/arrow/0/lines/0");
    read_refused("\"xv\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"Y\"}]", "\"X\" or \"V\"",
                 "/xv/0/value");
    read_refused("\"negative\":[\"kropki\"]", "\"ratio\" or \"xv\"", "/negative/0");
    read_refused("\"clone\":[{\"cells\":[\"R1C1\"],\"cloneCells\":[]}]", "cell for cell",
                 "/clone/0/cloneCells");
    read_refused(
        "\"quadruple\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R2C2\"],\"values\":[10]}]",
        "values/0 is not a digit 1..9", "/quadruple/0/values/0");
}

Test(fpuzzles, a_hundred_thousand_entries_are_refused_before_work)
{
    size_t cap = 100000 * 24 + 1024;
    char *json = malloc(cap);
    cr_assert_not_null(json);
    size_t n = (size_t)snprintf(json, cap, "{\"size\":9," EMPTY9 ",\"odd\":[");
    for (int i = 0; i < 100000; i++)
        n += (size_t)snprintf(json + n, cap - n, "%s{\"cell\":\"R1C1\"}", i ? "," : "");
    snprintf(json + n, cap - n, "]}");
    sudoku_variant *v = fp_variant();
    fmt_variant_read r = {.v = v};
    cr_expect_neq(fmt_fpuzzles_variant_read(json, strlen(json), &r), 0);
    cr_expect(strstr(r.err, "100000 entries") != NULL, "%s", r.err);
    cr_expect_str_eq(r.pointer, "/odd");
    free(v);
    free(json);
}

Test(fpuzzles, the_shape_and_the_carrier_are_checked)
{
    sudoku_variant *v = fp_variant();
    fmt_variant_read r = {.v = v};
    static const struct {
        const char *text, *says, *pointer;
    } bad[] = {
        {"{\"size\":7,\"grid\":[]}", "\"size\"", "/size"},
        {"{\"size\":9}", "no \"grid\"", "/grid"},
        {"{1,2}", "not a JSON object", ""},
        {"N4IgzglgXgp!!!", "not LZ-String", ""},
        {"https://www.f-puzzles.com/?id=3", "no f-puzzles data", ""},
        {"https://sudokupad.app/scl123", "scl", ""},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        cr_expect_neq(fmt_variant_read_text(bad[i].text, strlen(bad[i].text), &r), 0, "%s",
                      bad[i].text);
        cr_expect(strstr(r.err, bad[i].says) != NULL, "%s: %s", bad[i].text, r.err);
        cr_expect_str_eq(r.pointer, bad[i].pointer, "%s", bad[i].text);
    }
    free(v);
}

/* The killer fixture reads the same as JSON, as LZ-String data, and in both links, SudokuPad's
 * with its data's '/' and '+' left as they are too (as SudokuPad itself writes them). */
Test(fpuzzles, the_killer_fixture_reads_in_every_carrier)
{
    size_t len;
    char *json = test_read_file("tests/data/variants/killer.fpuzzles.json", &len);
    sudoku_variant *v = fp_variant(), *w = fp_variant();
    buf printed = BUF_INIT, lz = BUF_INIT;
    fmt_variant_read r = {.v = v, .printed = &printed};
    cr_assert_eq(fmt_variant_read_text(json, len, &r), 0, "%s", r.err);
    cr_expect_gt(v->nconstraints, 20);
    cr_assert_eq(lzstring_encode(json, len, &lz), 0);
    const char *prefixes[] = {"", "https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuz",
                              "https://sudokupad.app/fpuzzles"};
    cr_assert(memchr(lz.data, '/', lz.len) != NULL, "the fixture's data has a '/' to keep");
    for (size_t i = 0; i < 4; i++) {
        buf text = BUF_INIT;
        buf_puts(&text, prefixes[i]);
        /* as links carry it: the characters URLs mangle escaped */
        for (size_t k = 0; k < lz.len; k++) {
            char c = lz.data[k];
            if ((i == 1 || i == 2) && (c == '+' || c == '/' || c == '='))
                buf_printf(&text, "%%%02X", (unsigned char)c);
            else
                buf_putc(&text, c);
        }
        fmt_variant_read rw = {.v = w};
        cr_assert_eq(fmt_variant_read_text(text.data, text.len, &rw), 0, "%s: %s", prefixes[i],
                     rw.err);
        cr_expect_eq(w->nconstraints, v->nconstraints);
        cr_expect_eq(memcmp(w->cells, v->cells, v->ncells), 0);
        buf_free(&text);
    }
    /* the re-printed object reads back to the same list */
    fmt_variant_read rp = {.v = w};
    cr_assert_eq(fmt_fpuzzles_variant_read(printed.data, printed.len, &rp), 0, "%s", rp.err);
    cr_expect_eq(w->nconstraints, v->nconstraints);
    buf_free(&printed);
    buf_free(&lz);
    free(json);
    free(v);
    free(w);
}

/* The classic reader still takes no constraint: a variant is never solved as a classic. */
Test(fpuzzles, the_classic_reader_refuses_every_constraint_key)
{
    fmt_state *s = malloc(sizeof(*s));
    char err[FMT_ERR_LEN];
    static const char *const members[] = {"\"cage\":[]", "\"killercage\":[]", "\"diagonal+\":false",
                                          "\"xsum\":[]"};
    for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
        char json[2048];
        snprintf(json, sizeof(json), "{\"size\":9," EMPTY9 ",%s}", members[i]);
        fmt_state_clear(s);
        cr_expect_neq(fmt_read(json, strlen(json), FMT_AUTO, s, NULL, err), 0, "%s", members[i]);
        cr_expect(strstr(err, "constraint") != NULL, "%s: %s", members[i], err);
    }
    free(s);
}
