/* server.c -- start and stop a sudokud child process for HTTP tests. */
#include "tests/support/server.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TEST_SERVER_MAX_ARGS 48
/* A sanitizer build can take a while to start on a loaded machine. */
#define TEST_SERVER_START_MS 30000

static const char *test_server_bin(void)
{
    const char *bin = getenv("SUDOKUD_BIN");
    return bin != NULL && bin[0] != '\0' ? bin : "build/asan/sudokud";
}

static long long test_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void test_server_start(test_server *s, const char *const *args)
{
    const char *bin = getenv("SUDOKUD_BIN");
    const char *argv[TEST_SERVER_MAX_ARGS];
    size_t argc = 0;
    int out[2];

    if (bin == NULL || bin[0] == '\0') bin = "build/asan/sudokud";
    memset(s, 0, sizeof(*s));
    argv[argc++] = bin;
    argv[argc++] = "--bind";
    argv[argc++] = "127.0.0.1";
    argv[argc++] = "--port";
    argv[argc++] = "0";
    argv[argc++] = "--log-level";
    argv[argc++] = "warn";
    /* no puzzles made ahead: a test's server spends its CPU on the test (a
     * later --generate-reserve in args wins) */
    argv[argc++] = "--generate-reserve";
    argv[argc++] = "0";
    for (size_t i = 0; args != NULL && args[i] != NULL; i++) {
        cr_assert(argc < TEST_SERVER_MAX_ARGS - 1, "too many server args");
        argv[argc++] = args[i];
    }
    argv[argc] = NULL;

    snprintf(s->errpath, sizeof(s->errpath), "/tmp/sudokud-test-XXXXXX");
    int errfd = mkstemp(s->errpath);
    cr_assert(errfd >= 0, "mkstemp: %s", strerror(errno));
    cr_assert(pipe2(out, O_CLOEXEC) == 0, "pipe: %s", strerror(errno));

    pid_t parent = getpid();
    s->pid = fork();
    cr_assert(s->pid >= 0, "fork: %s", strerror(errno));
    if (s->pid == 0) {
        /* a test that fails half-way must not leave servers behind */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) _exit(127);
        dup2(out[1], STDOUT_FILENO);
        dup2(errfd, STDERR_FILENO);
        execv(bin, (char *const *)(uintptr_t)argv);
        fprintf(stderr, "exec %s: %s\n", bin, strerror(errno));
        _exit(127);
    }
    close(out[1]);
    close(errfd);
    s->out_fd = out[0];

    char line[256];
    size_t got = 0;
    long long deadline = test_now_ms() + TEST_SERVER_START_MS;
    while (got < sizeof(line) - 1 && memchr(line, '\n', got) == NULL) {
        struct pollfd p = {s->out_fd, POLLIN, 0};
        long long left = deadline - test_now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) != 1) break;
        ssize_t n = read(s->out_fd, line + got, sizeof(line) - 1 - got);
        if (n <= 0) break;
        got += (size_t)n;
    }
    line[got] = '\0';
    char *colon = strrchr(line, ':');
    if (strncmp(line, "listening on ", 13) != 0 || colon == NULL) {
        char *err = test_server_stderr(s);
        kill(s->pid, SIGKILL);
        waitpid(s->pid, NULL, 0);
        cr_assert_fail("sudokud (%s) did not start: stdout '%s' stderr '%s'", bin, line,
                       err != NULL ? err : "");
    }
    s->port = atoi(colon + 1);
    snprintf(s->url, sizeof(s->url), "http://127.0.0.1:%d", s->port);
}

char *test_server_stderr(const test_server *s)
{
    FILE *f = fopen(s->errpath, "r");
    if (f == NULL) return NULL;
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    size_t n;
    while (text != NULL && (n = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            char *bigger = realloc(text, cap * 2);
            if (bigger == NULL) break;
            text = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (text != NULL) text[len] = '\0';
    return text;
}

int test_server_stop_status(test_server *s, int timeout_ms)
{
    int status = 0, rc = -1;
    long long deadline = test_now_ms() + timeout_ms;

    kill(s->pid, SIGTERM);
    for (;;) {
        pid_t w = waitpid(s->pid, &status, WNOHANG);
        if (w == s->pid) {
            rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            break;
        }
        if (test_now_ms() > deadline) {
            kill(s->pid, SIGKILL);
            waitpid(s->pid, &status, 0);
            break;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (rc != 0) {
        char *err = test_server_stderr(s);
        fprintf(stderr, "---- sudokud stderr (exit %d) ----\n%s\n----\n", rc,
                err != NULL ? err : "");
        free(err);
    }
    close(s->out_fd);
    unlink(s->errpath);
    return rc;
}

void test_server_stop(test_server *s)
{
    int rc = test_server_stop_status(s, 10000);
    cr_assert_eq(rc, 0, "sudokud exited with %d (see its stderr above)", rc);
}

int test_server_run(const char *const *args, const char *const *env, char *out, size_t cap)
{
    const char *bin = test_server_bin();
    const char *argv[TEST_SERVER_MAX_ARGS];
    size_t argc = 0;
    int pipefd[2];

    argv[argc++] = bin;
    for (size_t i = 0; args != NULL && args[i] != NULL && argc < TEST_SERVER_MAX_ARGS - 1; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    cr_assert(pipe2(pipefd, O_CLOEXEC) == 0);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(pipefd[1], STDOUT_FILENO);
        dup2(pipefd[1], STDERR_FILENO);
        for (size_t i = 0; env != NULL && env[i] != NULL; i++) putenv((char *)(uintptr_t)env[i]);
        execv(bin, (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    close(pipefd[1]);
    size_t got = 0;
    long long deadline = test_now_ms() + 20000;
    for (;;) {
        struct pollfd p = {pipefd[0], POLLIN, 0};
        long long left = deadline - test_now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) != 1) break;
        char sink[4096];
        char *dst = got + 1 < cap ? out + got : sink;
        size_t room = got + 1 < cap ? cap - 1 - got : sizeof(sink);
        ssize_t n = read(pipefd[0], dst, room);
        if (n <= 0) break;
        if (dst != sink) got += (size_t)n;
    }
    close(pipefd[0]);
    if (cap > 0) out[got] = '\0';
    int status = 0;
    if (test_now_ms() > deadline) kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
