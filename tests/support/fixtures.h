/* fixtures.h -- read the test fixture files under tests/data/ (tests run from the repo root). */
#ifndef TEST_SUPPORT_FIXTURES_H
#define TEST_SUPPORT_FIXTURES_H

#include <stddef.h>

/* The whole file, NUL-terminated (caller frees); *len gets its size when
 * not NULL. Fails the test when the file cannot be read. */
char *test_read_file(const char *path, size_t *len);

/* The file's non-empty lines, without newlines, as a NULL-terminated array
 * of strings (free with test_free_lines); *n gets the count. */
char **test_read_lines(const char *path, size_t *n);
void test_free_lines(char **lines);

#endif /* TEST_SUPPORT_FIXTURES_H */
