/* unit_config_readme.c -- the README's configuration table says what the code's does.
 *
 * The code's table is CONFIG_OPTIONS (server/config.h), expanded here as
 * config.c expands it; the README's is the Markdown table under
 * "## Configuration", read from README.md when the test runs (the suites run
 * from the repository's root). Each option must have one README row with
 * the same flag, metavariable, variable and default; each README row must
 * be a table option, or (no variable) a flag config_load() takes that lies
 * outside the table, such as --probe.
 */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/config.h"

enum { MAX_ROWS = 64, CELL_LEN = 512 };

struct readme_row {
    char flag[CELL_LEN];     /* first column: `--flag METAVAR` */
    char variable[CELL_LEN]; /* `SUDOKUD_...`, or empty */
    char def[CELL_LEN];      /* the default column as written */
};

/* Copies the next `|`-separated cell of *s into out, trimmed and without
 * its backticks. Returns false when the line has no more cells. */
static bool next_cell(const char **s, char *out)
{
    const char *p = *s;
    if (*p != '|') return false;
    p++;
    const char *bar = strchr(p, '|');
    if (bar == NULL) return false;
    size_t n = 0;
    for (const char *q = p; q < bar && n + 1 < CELL_LEN; q++)
        if (*q != '`') out[n++] = *q;
    while (n > 0 && out[n - 1] == ' ') n--;
    out[n] = '\0';
    size_t lead = strspn(out, " ");
    memmove(out, out + lead, n - lead + 1);
    *s = bar;
    return true;
}

/* The rows of the README's configuration table; returns their count. */
static int readme_rows(struct readme_row *rows)
{
    FILE *f = fopen("README.md", "r");
    cr_assert_not_null(f, "README.md is read from the repository's root");
    char line[4096];
    bool in_section = false;
    int n = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, "## ", 3) == 0) in_section = strcmp(line, "## Configuration\n") == 0;
        /* option rows only: the header and the |---| rule start otherwise */
        if (!in_section || strncmp(line, "| `--", 5) != 0) continue;
        cr_assert_lt(n, MAX_ROWS);
        const char *p = line;
        cr_assert(next_cell(&p, rows[n].flag) && next_cell(&p, rows[n].variable) &&
                      next_cell(&p, rows[n].def),
                  "a row of four cells: %s", line);
        n++;
    }
    fclose(f);
    cr_assert_gt(n, 0, "README.md has a table under ## Configuration");
    return n;
}

/* The README's default for a code default: what a reader should see. */
static void expected_default(const char *field, enum config_kind kind, uint64_t number,
                             const char *text, char *out)
{
    if (strcmp(field, "workers") == 0)
        snprintf(out, CELL_LEN, "online CPUs"); /* 0 = ask, config.h */
    else if (kind == CONFIG_STR)
        snprintf(out, CELL_LEN, "%s", *text ? text : "empty");
    else if (kind == CONFIG_LEVEL)
        snprintf(out, CELL_LEN, "%s", log_level_str((log_level)number));
    else
        snprintf(out, CELL_LEN, "%" PRIu64, number);
}

/* Values of any kind as both a number and a string, so that one X
 * expansion fits every row. */
#define NUMBER_OF(def) _Generic((def), char * : 0, const char * : 0, default : (def))
#define TEXT_OF(def)   _Generic((def), char * : (def), const char * : (def), default : "")

Test(config_readme, every_option_has_its_row_with_the_same_variable_and_default)
{
    static struct readme_row rows[MAX_ROWS];
    int nrows = readme_rows(rows);
    bool matched[MAX_ROWS] = {false};
#define X(field, flag_, env_, kind_, def_, min_, max_, metavar_, help_)                            \
    {                                                                                              \
        char name[CELL_LEN], want[CELL_LEN];                                                       \
        snprintf(name, sizeof(name), "%s %s", flag_, metavar_);                                    \
        expected_default(#field, kind_, (uint64_t)NUMBER_OF(def_), TEXT_OF(def_), want);           \
        int found = -1;                                                                            \
        for (int i = 0; i < nrows; i++)                                                            \
            if (strcmp(rows[i].flag, name) == 0) found = i;                                        \
        cr_assert_geq(found, 0, "README.md has no row for %s", name);                              \
        cr_assert_str_eq(rows[found].variable, env_, "%s", name);                                  \
        cr_assert(                                                                                 \
            strncmp(rows[found].def, want, strlen(want)) == 0 &&                                   \
                (rows[found].def[strlen(want)] == '\0' || rows[found].def[strlen(want)] == ' '),   \
            "%s: the README says %s, the code %s", name, rows[found].def, want);                   \
        matched[found] = true;                                                                     \
    }
    CONFIG_OPTIONS(X)
#undef X
    for (int i = 0; i < nrows; i++) {
        if (matched[i]) continue;
        cr_assert_str_eq(rows[i].variable, "",
                         "README.md row %s names a variable the code's table lacks", rows[i].flag);
        /* a flag outside the table: config_load must still take it */
        char flag[CELL_LEN], err[CONFIG_ERR_LEN];
        memcpy(flag, rows[i].flag, sizeof(flag));
        char *space = strchr(flag, ' ');
        if (space != NULL) *space = '\0';
        const char *argv[] = {"sudokud", flag, "http://127.0.0.1:1/", NULL};
        struct config c;
        cr_assert_neq(config_load(&c, space != NULL ? 3 : 2, argv, NULL, err, sizeof(err)),
                      CONFIG_ERROR, "README.md row %s: %s", rows[i].flag, err);
    }
}
