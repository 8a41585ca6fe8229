/* runner.c -- main() for the solver tests built against tests/cross/criterion/criterion.h.
 *
 * Runs every registered test in a child process (fork, as Criterion does),
 * in registration order, with a 120 s alarm per test; prints one line per
 * failure or skip and a Criterion-like summary. Exit 0 when no test failed.
 *
 *   build/arm64/tests/solver [--filter SUITE/NAME-PREFIX]
 */
#include "criterion/criterion.h"

#include <stdarg.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define CROSS_MAX_TESTS    512
#define CROSS_EXIT_SKIP    77
#define CROSS_TEST_SECONDS 120

static struct {
    const char *suite, *name;
    cross_test_fn fn;
} tests[CROSS_MAX_TESTS];
static size_t ntests;

void cross_register(const char *suite, const char *name, cross_test_fn fn)
{
    if (ntests == CROSS_MAX_TESTS) {
        fprintf(stderr, "runner: more than %d tests: raise CROSS_MAX_TESTS\n", CROSS_MAX_TESTS);
        exit(2);
    }
    tests[ntests].suite = suite;
    tests[ntests].name = name;
    tests[ntests].fn = fn;
    ntests++;
}

void cross_fail(const char *file, int line, const char *expr, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: assertion failed: %s\n   ", file, line, expr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void cross_skip(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "   skipped:");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(CROSS_EXIT_SKIP);
}

void cross_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int main(int argc, char **argv)
{
    const char *filter = argc == 3 && strcmp(argv[1], "--filter") == 0 ? argv[2] : NULL;
    size_t passed = 0, failed = 0, skipped = 0;
    char full[256];

    for (size_t i = 0; i < ntests; i++) {
        snprintf(full, sizeof(full), "%s/%s", tests[i].suite, tests[i].name);
        if (filter != NULL && strncmp(full, filter, strlen(filter)) != 0) continue;
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("runner: fork");
            return 2;
        }
        if (pid == 0) {
            alarm(CROSS_TEST_SECONDS);
            tests[i].fn();
            fflush(NULL);
            _exit(0);
        }
        int st = 0;
        while (waitpid(pid, &st, 0) < 0) {
        }
        if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
            passed++;
        } else if (WIFEXITED(st) && WEXITSTATUS(st) == CROSS_EXIT_SKIP) {
            skipped++;
            fprintf(stderr, "[SKIP] %s\n", full);
        } else {
            failed++;
            if (WIFSIGNALED(st))
                fprintf(stderr, "[FAIL] %s: killed by signal %d\n", full, WTERMSIG(st));
            else
                fprintf(stderr, "[FAIL] %s\n", full);
        }
    }
    printf("[====] Synthesis: Tested: %zu | Passing: %zu | Failing: %zu | Skipped: %zu\n",
           passed + failed + skipped, passed, failed, skipped);
    return failed == 0 && passed > 0 ? 0 : 1;
}
