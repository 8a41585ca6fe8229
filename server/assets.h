/* assets.h -- files embedded in the binary at build time (scripts/embed.sh writes the table).
 *
 * The page under web/ and openapi.yaml, served by ep_static.c. Read-only
 * data: thread-safe.
 */
#ifndef SUDOKUD_ASSETS_H
#define SUDOKUD_ASSETS_H

#include <stddef.h>

typedef struct asset {
    const char *path;         /* URL path, e.g. "/" or "/openapi.yaml" */
    const char *content_type; /* from the file's extension */
    const char *etag;         /* quoted strong ETag of the content */
    const char *data;         /* the bytes, followed by a NUL */
    size_t size;
} asset;

extern const asset assets[];
extern const unsigned long assets_count;

#endif /* SUDOKUD_ASSETS_H */
