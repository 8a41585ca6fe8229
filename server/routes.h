/* routes.h -- the route table: one row per endpoint, carrying everything about it.
 *
 * A row names the path (exact, or a prefix for files), the methods, the
 * media types its body may have, which body limit applies, and the
 * functions that parse, run and render it. api.c looks the request up here
 * and calls the row's functions; nothing else knows an endpoint exists. To
 * add one: write server/ep_<name>.c with its functions (declared in
 * endpoint.h) and add its row to routes.c. A body of another media type
 * (an image, say) is a MEDIA_* bit here and a row of api.c's media table;
 * the options of such a request come as query parameters (options.h).
 */
#ifndef SUDOKUD_ROUTES_H
#define SUDOKUD_ROUTES_H

#include <stdbool.h>
#include <stddef.h>

/* Methods a route takes; GET also answers HEAD. */
#define ROUTE_GET  1u
#define ROUTE_POST 2u

/* Body media types a route accepts. */
#define MEDIA_JSON   1u /* application/json */
#define MEDIA_TEXT   2u /* text/plain */
#define MEDIA_NDJSON 4u /* application/x-ndjson */

/* Photos (POST /v1/scan); libscan also tells them apart by their bytes. */
#define MEDIA_JPEG  8u  /* image/jpeg */
#define MEDIA_PNG   16u /* image/png */
#define MEDIA_WEBP  32u /* image/webp */
#define MEDIA_IMAGE (MEDIA_JPEG | MEDIA_PNG | MEDIA_WEBP)

/* Which configured limit bounds a route's body. */
typedef enum route_limit {
    ROUTE_LIMIT_BODY = 0, /* --max-body */
    ROUTE_LIMIT_BATCH,    /* --max-batch-body */
    ROUTE_LIMIT_IMAGE,    /* --max-image-body; a chunked body past it is cut off at once */
} route_limit;

/* The most rows the table may have (metrics keep fixed arrays per route). */
#define ROUTES_MAX 32

typedef struct route route;

typedef enum route_verdict {
    ROUTE_OK = 0,             /* path and method match */
    ROUTE_NOT_FOUND,          /* no such path */
    ROUTE_METHOD_NOT_ALLOWED, /* known path, other method: answer with `allow` */
    ROUTE_PREFLIGHT,          /* OPTIONS on a known path */
} route_verdict;

typedef struct route_match {
    route_verdict verdict;
    const route *route; /* NULL when not found */
    const char *allow;  /* the Allow header value, NULL when not found */
} route_match;

/* Looks a path (no query string) and a method up: exact paths first, then
 * prefixes whose row claims the path. Never fails; thread-safe. */
route_match route_lookup(const char *method, const char *path);

/* The row's position, 0..ROUTES_MAX-1, and ROUTES_MAX for NULL (metrics). */
size_t route_index(const route *r);

/* The label of a position from route_index ("none" for ROUTES_MAX). */
const char *route_label(size_t index);

/* How many rows the table has. */
size_t route_count(void);

#endif /* SUDOKUD_ROUTES_H */
