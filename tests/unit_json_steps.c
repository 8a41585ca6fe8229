/* unit_json_steps.c -- server/json_steps.c: the JSON of steps, ratings and hints. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "server/json_steps.h"

static char *take(buf *b)
{
    size_t len;
    char *s = buf_take(b, &len);
    cr_assert_not_null(s);
    return s;
}

Test(json_steps, step_has_0_based_coordinates_and_region_units_on_jigsaws)
{
    static sudoku_puzzle p;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 3, 3, NULL), 0);
    sudoku_step st = {.technique = SUDOKU_TECH_HIDDEN_SINGLE_BOX,
                      .score = 12,
                      .digits = 1 << 4,
                      .nplacements = 1,
                      .ncells = 1,
                      .nunits = 1};
    st.placements[0] = (sudoku_cand){5 * 9 + 1, 5};
    st.cells[0] = 5 * 9 + 1;
    st.units[0] = (sudoku_unit_ref){SUDOKU_UNIT_BOX, 3};
    buf b = BUF_INIT;
    json_step_write(&b, &p, &st);
    char *s = take(&b);
    cr_assert_str_eq(s, "{\"technique\":\"hidden_single_box\",\"score\":1.2,\"placements\":"
                        "[{\"row\":5,\"col\":1,\"digit\":5}],\"eliminations\":[],\"cells\":"
                        "[{\"row\":5,\"col\":1}],\"units\":[{\"type\":\"box\",\"index\":3}],"
                        "\"text\":\"r6c2 = 5: the only place for 5 in box 4\"}");
    free(s);
    p.has_regions = true;
    json_step_write(&b, &p, &st);
    s = take(&b);
    cr_assert_not_null(strstr(s, "{\"type\":\"region\",\"index\":3}"), "%s", s);
    cr_assert_not_null(strstr(s, "in region 4"), "%s", s);
    free(s);
}

Test(json_steps, rating_lists_used_techniques_only)
{
    sudoku_rating r = {.score = 42, .hardest = SUDOKU_TECH_XY_WING, .steps = 3};
    r.counts[SUDOKU_TECH_XY_WING] = 1;
    r.counts[SUDOKU_TECH_NAKED_SINGLE] = 2;
    buf b = BUF_INIT;
    json_rating_write(&b, &r);
    char *s = take(&b);
    cr_assert_str_eq(s, "{\"score\":4.2,\"level\":\"hard\",\"hardest_technique\":\"xy_wing\","
                        "\"needs_search\":false,\"search_nodes\":0,\"techniques\":"
                        "{\"naked_single\":2,\"xy_wing\":1},\"steps\":3}");
    free(s);
}

Test(json_steps, mistakes_in_pencil_marks_do_not_reveal_the_digit)
{
    static sudoku_puzzle p;
    static sudoku_hint h;
    cr_assert_eq(sudoku_puzzle_init(&p, 9, 3, 3, NULL), 0);
    h.kind = SUDOKU_HINT_MISTAKE;
    h.nmistakes = 2;
    h.mistakes[0] = (sudoku_cand){1, 9};
    h.mistakes[1] = (sudoku_cand){12, 0};
    buf b = BUF_INIT;
    json_hint_write(&b, &p, &h);
    char *s = take(&b);
    cr_assert_str_eq(s, "{\"kind\":\"mistake\",\"cells\":[{\"row\":0,\"col\":1,\"digit\":9},"
                        "{\"row\":1,\"col\":3}]}");
    free(s);
}
