/* log.h -- levelled, thread-safe logging to stderr, one line per event.
 *
 * Lines look like `2026-11-22T08:00:00.123Z info access method=POST ...`:
 * UTC time, level, a short component word, then the message. The macros
 * check the format string at compile time and skip the formatting entirely
 * when the level is filtered out, so a disabled debug line costs one atomic
 * load.
 */
#ifndef SUDOKUD_LOG_H
#define SUDOKUD_LOG_H

#include <stdarg.h>
#include <stdbool.h>

/* X(ENUM, name): name is what log_level_parse() reads and log_level_str() gives. */
#define LOG_LEVELS(X)                                                                              \
    X(ERROR, "error") /* the process cannot do what it was asked */                                \
    X(WARN, "warn")   /* something odd that the service survives */                                \
    X(INFO, "info")   /* start, stop, one access line per request */                               \
    X(DEBUG, "debug") /* details for developers */

typedef enum log_level {
#define X(id, name) LOG_LEVEL_##id,
    LOG_LEVELS(X)
#undef X
} log_level;

/* Sets the most verbose level written. Thread-safe; may be called at any time. */
void log_set_level(log_level level);

/* True when lines of this level are written. Thread-safe. */
bool log_enabled(log_level level);

/* Parses "error", "warn", "info" or "debug" (exact, lower case). Returns 0, or -1
 * and leaves *out alone when the name is unknown. */
int log_level_parse(const char *name, log_level *out);

/* The lower-case name of a level ("?" when out of range). */
const char *log_level_str(log_level level);

/* Formats one line and writes it to stderr with a single write(2), so lines
 * of concurrent threads never interleave. Long lines are truncated. Use the
 * LOG_* macros instead of calling this directly. Thread-safe. */
void log_write(log_level level, const char *component, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* log_write() with a va_list, for libraries that log through a callback.
 * A trailing newline in the message is dropped. */
void log_vwrite(log_level level, const char *component, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

#define LOG_AT(level, component, ...)                                                              \
    do {                                                                                           \
        if (log_enabled(level)) log_write(level, component, __VA_ARGS__);                          \
    } while (0)

#define LOG_ERROR(component, ...) LOG_AT(LOG_LEVEL_ERROR, component, __VA_ARGS__)
#define LOG_WARN(component, ...)  LOG_AT(LOG_LEVEL_WARN, component, __VA_ARGS__)
#define LOG_INFO(component, ...)  LOG_AT(LOG_LEVEL_INFO, component, __VA_ARGS__)
#define LOG_DEBUG(component, ...) LOG_AT(LOG_LEVEL_DEBUG, component, __VA_ARGS__)

#endif /* SUDOKUD_LOG_H */
