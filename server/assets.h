/* assets.h -- files embedded in the binary at build time (scripts/embed.sh writes the table).
 *
 * The page under web/ and openapi.yaml, served by ep_static.c, each also
 * gzip-compressed when that pays. Read-only data: thread-safe.
 */
#ifndef SUDOKUD_ASSETS_H
#define SUDOKUD_ASSETS_H

#include <stddef.h>

typedef struct asset {
    const char *path;          /* URL path, e.g. "/" or "/openapi.yaml" */
    const char *content_type;  /* from the file's extension */
    const char *cache_control; /* what fits the file: revalidate the page, keep the icons a day */
    const char *etag;          /* quoted strong ETag of the content */
    const char *gz_etag;       /* quoted strong ETag of the gzip bytes */
    const char *data;          /* the bytes, followed by a NUL */
    size_t size;
    const char *gz_data; /* the bytes gzip-compressed at build time; NULL when that saves little */
    size_t gz_size;
} asset;

extern const asset assets[];
extern const unsigned long assets_count;

#endif /* SUDOKUD_ASSETS_H */
