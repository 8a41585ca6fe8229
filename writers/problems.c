/* problems.c -- the lookups and the setter behind problems.h's table. */
#include "writers/problems.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const struct {
    const char *slug;
    const char *title;
    int status;
} problem_table[API_PROBLEM_COUNT] = {
#define X(name, slug, status, title) [API_PROBLEM_##name] = {slug, title, status},
    API_PROBLEMS(X)
#undef X
};

/* Copies at most cap-1 bytes without splitting a UTF-8 sequence. */
static void problem_copy_utf8(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80) n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

int problem_set(api_problem *pb, api_problem_type type, const char *pointer, const char *fmt, ...)
{
    va_list ap;
    char tmp[4 * API_DETAIL_LEN];

    pb->type = type;
    pb->has_pointer = pointer != NULL;
    pb->in_query = false;
    problem_copy_utf8(pb->pointer, sizeof(pb->pointer), pointer != NULL ? pointer : "");
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    problem_copy_utf8(pb->detail, sizeof(pb->detail), tmp);
    return -1;
}

void problem_pointer_join(char *out, const char *base, const char *suffix)
{
    char tmp[2 * API_POINTER_LEN];
    size_t a = strnlen(base, API_POINTER_LEN), b = strnlen(suffix, API_POINTER_LEN);
    memcpy(tmp, base, a);
    memcpy(tmp + a, suffix, b);
    tmp[a + b] = '\0';
    problem_copy_utf8(out, API_POINTER_LEN, tmp);
}

const char *problem_slug(api_problem_type type)
{
    return (unsigned)type < API_PROBLEM_COUNT ? problem_table[type].slug : "internal-error";
}

const char *problem_title(api_problem_type type)
{
    return (unsigned)type < API_PROBLEM_COUNT ? problem_table[type].title : "Internal error";
}

int problem_status(api_problem_type type)
{
    return (unsigned)type < API_PROBLEM_COUNT ? problem_table[type].status
                                              : API_HTTP_INTERNAL_SERVER_ERROR;
}
