/* buf.h -- a growable byte buffer for building response bodies.
 *
 * Response bodies are built once, front to back, then handed to the HTTP
 * layer, which frees them. A buffer that failed to grow stays failed
 * (`oom` set, later appends are no-ops), so writers append freely and check
 * once at the end instead of after every call.
 */
#ifndef SUDOKUD_BUF_H
#define SUDOKUD_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct buf {
    char *data; /* NUL-terminated when len > 0 or cap > 0 */
    size_t len;
    size_t cap;
    bool oom; /* an allocation failed; contents are incomplete */
} buf;

#define BUF_INIT                                                                                   \
    {                                                                                              \
        NULL, 0, 0, false                                                                          \
    }

/* Makes room for `extra` more bytes plus a NUL. Returns 0, or -1 and sets
 * b->oom when memory runs out. */
int buf_reserve(buf *b, size_t extra);

/* Appends n bytes / a C string / one byte / a decimal number. */
void buf_append(buf *b, const void *data, size_t n);
void buf_puts(buf *b, const char *s);
void buf_putc(buf *b, char c);
void buf_put_u64(buf *b, uint64_t v);
void buf_put_i64(buf *b, int64_t v);

/* The most digits a uint64_t has in decimal. */
#define BUF_U64_LEN 20

/* Writes v in decimal at out (room for BUF_U64_LEN bytes, no NUL) and
 * returns the end: the raw cursor the hot writers format with. */
char *buf_write_u64(char *out, uint64_t v);

/* Appends printf-style text. */
void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Hands the data to the caller (who frees it with free()) and resets b.
 * Returns NULL when b->oom is set (the data is then freed) or nothing was
 * ever appended; *len gets the length. */
char *buf_take(buf *b, size_t *len);

/* Frees the data and resets b. NULL is accepted. */
void buf_free(buf *b);

#endif /* SUDOKUD_BUF_H */
