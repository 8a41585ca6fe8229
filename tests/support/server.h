/* server.h -- run a real sudokud for a test: start on 127.0.0.1 port 0, stop with SIGTERM.
 *
 * The binary is $SUDOKUD_BIN (the Makefile points it at the variant under
 * test), else build/asan/sudokud. The server's stderr goes to a temporary
 * file that is printed when the server does not exit 0, so a sanitizer
 * report (ASan's exitcode=23, TSan's 66) fails the test with its text.
 */
#ifndef TEST_SUPPORT_SERVER_H
#define TEST_SUPPORT_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct test_server {
    pid_t pid;
    int port;
    char url[64];     /* "http://127.0.0.1:PORT", no trailing slash */
    char errpath[64]; /* the server's stderr */
    int out_fd;       /* read end of the server's stdout */
} test_server;

/* Starts sudokud with `--bind 127.0.0.1 --port 0 --log-level warn
 * --generate-reserve 0` and the
 * NULL-terminated extra args (may be NULL), then waits for its
 * "listening on ADDR:PORT" line. Fails the test when it cannot. The server
 * gets SIGTERM if the test process dies first. */
void test_server_start(test_server *s, const char *const *args);

/* Sends SIGTERM and waits (at most timeout_ms) for the exit. Returns the
 * exit status (0..255), or -1 when it did not exit in time (it is then
 * killed) or died of a signal. Prints the server's stderr when not 0. */
int test_server_stop_status(test_server *s, int timeout_ms);

/* test_server_stop_status() with 10 s, asserting exit status 0. */
void test_server_stop(test_server *s);

/* Runs the sudokud binary to completion with the NULL-terminated args and
 * extra environment entries ("NAME=value", NULL-terminated, may be NULL),
 * capturing stdout and stderr together into out (cap bytes, NUL-terminated).
 * Returns the exit status, or -1 when it died of a signal or ran over 20 s. */
int test_server_run(const char *const *args, const char *const *env, char *out, size_t cap);

/* The server's stderr so far (malloc'd, caller frees). */
char *test_server_stderr(const test_server *s);

#endif /* TEST_SUPPORT_SERVER_H */
