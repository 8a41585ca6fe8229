/* criterion.h -- the part of Criterion's API the solver tests use, in libc alone.
 *
 * The solver's unit tests (those the Makefile finds for ARM64_UNIT_SRC: no
 * server/, cli/ or fuzz/ header, plain Test()s only) run on arm64 under
 * qemu-user, cross-built with gcc-aarch64-linux-gnu.
 * Debian's Criterion is not cross-installable without arm64 multiarch
 * packages, so this header stands in for <criterion/criterion.h> in that
 * build only (the Makefile puts tests/cross first on the include path):
 * the tests compile unchanged, and tests/cross/runner.c runs them.
 *
 * DESIGN. Test(suite, name) defines the body and a constructor that adds
 * it to a fixed table. The runner forks per test, as Criterion does, so a
 * failed assertion (exit 1), a skip (exit 77) or a crash ends that test
 * only. Assertions print file:line, the expression and the message.
 * Supported: Test with no options, cr_assert and its _eq _neq _lt _leq _gt
 * _geq _null _not_null _str_eq _str_neq _arr_eq forms, cr_expect (the
 * same as cr_assert), cr_skip, cr_skip_test, cr_log_info.
 */
#ifndef SUDOKU_CROSS_CRITERION_H
#define SUDOKU_CROSS_CRITERION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef void (*cross_test_fn)(void);

/* Adds a test to the runner's table; called by the constructors Test() makes. */
void cross_register(const char *suite, const char *name, cross_test_fn fn);
/* Prints the failure and ends the test's process with exit 1. */
_Noreturn void cross_fail(const char *file, int line, const char *expr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Prints the reason and ends the test's process as skipped (exit 77). */
_Noreturn void cross_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints a line to stderr. */
void cross_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define Test(suite, name, ...)                                                                     \
    static void suite##_##name(void);                                                              \
    __attribute__((constructor)) static void suite##_##name##_register(void)                       \
    {                                                                                              \
        cross_register(#suite, #name, suite##_##name);                                             \
    }                                                                                              \
    static void suite##_##name(void)

/* The optional message is a printf format and its arguments; " " keeps the
 * format non-empty when there is none. */
#define cr_assert(cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond)) cross_fail(__FILE__, __LINE__, #cond, " " __VA_ARGS__);                       \
    } while (0)
#define cr_expect                         cr_assert
#define cr_assert_eq(a, b, ...)           cr_assert((a) == (b), __VA_ARGS__)
#define cr_assert_neq(a, b, ...)          cr_assert((a) != (b), __VA_ARGS__)
#define cr_assert_lt(a, b, ...)           cr_assert((a) < (b), __VA_ARGS__)
#define cr_assert_leq(a, b, ...)          cr_assert((a) <= (b), __VA_ARGS__)
#define cr_assert_gt(a, b, ...)           cr_assert((a) > (b), __VA_ARGS__)
#define cr_assert_geq(a, b, ...)          cr_assert((a) >= (b), __VA_ARGS__)
#define cr_assert_null(p, ...)            cr_assert((p) == NULL, __VA_ARGS__)
#define cr_assert_not_null(p, ...)        cr_assert((p) != NULL, __VA_ARGS__)
#define cr_assert_str_eq(a, b, ...)       cr_assert(strcmp((a), (b)) == 0, __VA_ARGS__)
#define cr_assert_str_neq(a, b, ...)      cr_assert(strcmp((a), (b)) != 0, __VA_ARGS__)
#define cr_assert_arr_eq(a, b, size, ...) cr_assert(memcmp((a), (b), (size)) == 0, __VA_ARGS__)
#define cr_skip(...)                      cross_skip(" " __VA_ARGS__)
#define cr_skip_test(...)                 cross_skip(" " __VA_ARGS__)
#define cr_log_info(...)                  cross_log(__VA_ARGS__)

#endif /* SUDOKU_CROSS_CRITERION_H */
