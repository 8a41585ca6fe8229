/* log.c -- levelled log lines on stderr.
 *
 * Each line is formatted into a stack buffer and handed to the kernel in one
 * write(2). Appends of up to PIPE_BUF bytes to a pipe are atomic and a file
 * opened by the shell for stderr is written the same way, so no lock is
 * needed and a slow terminal never holds up other threads inside a mutex.
 */
#include "server/log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Longest line written; longer messages end in "...". Below PIPE_BUF (4096). */
#define LOG_LINE_MAX 2048

static atomic_int log_current_level = LOG_LEVEL_INFO;

static const char *const log_level_names[] = {
#define X(id, name) [LOG_LEVEL_##id] = name,
    LOG_LEVELS(X)
#undef X
};

void log_set_level(log_level level)
{
    atomic_store_explicit(&log_current_level, (int)level, memory_order_relaxed);
}

bool log_enabled(log_level level)
{
    return (int)level <= atomic_load_explicit(&log_current_level, memory_order_relaxed);
}

int log_level_parse(const char *name, log_level *out)
{
    for (size_t i = 0; i < sizeof(log_level_names) / sizeof(log_level_names[0]); i++) {
        if (strcmp(name, log_level_names[i]) == 0) {
            *out = (log_level)i;
            return 0;
        }
    }
    return -1;
}

const char *log_level_str(log_level level)
{
    if ((unsigned)level >= sizeof(log_level_names) / sizeof(log_level_names[0])) return "?";
    return log_level_names[level];
}

void log_write(log_level level, const char *component, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vwrite(level, component, fmt, ap);
    va_end(ap);
}

void log_vwrite(log_level level, const char *component, const char *fmt, va_list ap)
{
    char line[LOG_LINE_MAX];
    struct timespec ts;
    struct tm tm;
    size_t len;
    int n;

    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    n = snprintf(line, sizeof(line), "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ %s %s ",
                 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                 ts.tv_nsec / 1000000L, log_level_str(level), component);
    len = n < 0 ? 0 : (size_t)n;

    n = vsnprintf(line + len, sizeof(line) - len - 1, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof(line) - len - 1) {
        len += (size_t)n;
    } else if (n >= 0) {
        len = sizeof(line) - 4;
        memcpy(line + len - 3, "...", 3);
    }
    while (len > 0 && line[len - 1] == '\n') len--;
    line[len++] = '\n';

    const char *p = line;
    while (len > 0) {
        ssize_t w = write(STDERR_FILENO, p, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        p += w;
        len -= (size_t)w;
    }
}
