/* buf.c -- growable byte buffer; doubling growth, sticky out-of-memory flag. */
#include "writers/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int buf_reserve(buf *b, size_t extra)
{
    if (b->oom) return -1;
    if (extra < b->cap - b->len) return 0;
    if (extra > SIZE_MAX / 2 - b->len - 1) {
        b->oom = true;
        return -1;
    }
    size_t want = b->len + extra + 1;
    size_t cap = b->cap < 64 ? 64 : b->cap;
    while (cap < want) cap *= 2;
    char *p = realloc(b->data, cap);
    if (p == NULL) {
        b->oom = true;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

void buf_append(buf *b, const void *data, size_t n)
{
    if (buf_reserve(b, n) != 0) return;
    if (n > 0) memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_puts(buf *b, const char *s)
{
    buf_append(b, s, strlen(s));
}

void buf_putc(buf *b, char c)
{
    if (buf_reserve(b, 1) != 0) return;
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

char *buf_write_u64(char *out, uint64_t v)
{
    char tmp[BUF_U64_LEN];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) *out++ = tmp[--n];
    return out;
}

void buf_put_u64(buf *b, uint64_t v)
{
    char tmp[BUF_U64_LEN];
    buf_append(b, tmp, (size_t)(buf_write_u64(tmp, v) - tmp));
}

void buf_put_i64(buf *b, int64_t v)
{
    if (v < 0) {
        buf_putc(b, '-');
        buf_put_u64(b, (uint64_t)0 - (uint64_t)v);
    } else {
        buf_put_u64(b, (uint64_t)v);
    }
}

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    char small[256];

    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof(small), fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof(small)) {
        buf_append(b, small, (size_t)n);
        return;
    }
    if (buf_reserve(b, (size_t)n) != 0) return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *buf_take(buf *b, size_t *len)
{
    char *data = b->oom ? NULL : b->data;
    *len = data != NULL ? b->len : 0;
    if (data == NULL) free(b->data);
    *b = (buf)BUF_INIT;
    return data;
}

void buf_free(buf *b)
{
    if (b == NULL) return;
    free(b->data);
    *b = (buf)BUF_INIT;
}
