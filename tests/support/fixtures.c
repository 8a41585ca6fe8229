/* fixtures.c -- fixture files for the tests. */
#include "tests/support/fixtures.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s: cannot open (run the tests from the repository root)", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    cr_assert_geq(size, 0);
    char *text = malloc((size_t)size + 1);
    cr_assert_not_null(text);
    size_t n = fread(text, 1, (size_t)size, f);
    fclose(f);
    text[n] = '\0';
    if (len != NULL) *len = n;
    return text;
}

char **test_read_lines(const char *path, size_t *n)
{
    char *text = test_read_file(path, NULL);
    size_t count = 0, cap = 16;
    char **lines = malloc(cap * sizeof(*lines));
    for (char *save = NULL, *line = strtok_r(text, "\r\n", &save); line != NULL;
         line = strtok_r(NULL, "\r\n", &save)) {
        if (count + 1 >= cap) {
            cap *= 2;
            lines = realloc(lines, cap * sizeof(*lines));
        }
        lines[count++] = strdup(line);
    }
    lines[count] = NULL;
    free(text);
    *n = count;
    return lines;
}

void test_free_lines(char **lines)
{
    for (size_t i = 0; lines != NULL && lines[i] != NULL; i++) free(lines[i]);
    free(lines);
}
