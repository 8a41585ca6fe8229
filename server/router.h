/* router.h -- the route table: (method, path) -> route, or why not.
 *
 * ROUTER_ROUTES is the one list of endpoints. The HTTP layer looks a request
 * up on its first call (the route decides the body limit), api.c answers it,
 * and metrics label requests with the route's short name.
 */
#ifndef SUDOKUD_ROUTER_H
#define SUDOKUD_ROUTER_H

/* Which methods a route takes. GET routes also answer HEAD. */
#define ROUTER_GET  1
#define ROUTER_POST 2

/* X(ENUM, path, label, methods) */
#define ROUTER_ROUTES(X)                                                                           \
    X(SOLVE, "/v1/solve", "solve", ROUTER_POST)                                                    \
    X(BATCH, "/v1/solve/batch", "batch", ROUTER_POST)                                              \
    X(VALIDATE, "/v1/validate", "validate", ROUTER_POST)                                           \
    X(INFO, "/v1/info", "info", ROUTER_GET)                                                        \
    X(HEALTHZ, "/healthz", "healthz", ROUTER_GET)                                                  \
    X(READYZ, "/readyz", "readyz", ROUTER_GET)                                                     \
    X(METRICS, "/metrics", "metrics", ROUTER_GET)                                                  \
    X(OPENAPI, "/openapi.yaml", "openapi", ROUTER_GET)

typedef enum router_route {
    ROUTE_NONE = 0, /* no such path */
#define X(name, path, label, methods) ROUTE_##name,
    ROUTER_ROUTES(X)
#undef X
        ROUTE_COUNT
} router_route;

typedef enum router_verdict {
    ROUTER_OK = 0,             /* route and method match */
    ROUTER_NOT_FOUND,          /* unknown path */
    ROUTER_METHOD_NOT_ALLOWED, /* known path, other method: answer with `allow` */
    ROUTER_PREFLIGHT,          /* OPTIONS on a known path */
} router_verdict;

typedef struct router_match {
    router_verdict verdict;
    router_route route; /* ROUTE_NONE when not found */
    const char *allow;  /* the Allow header value of the path, NULL when not found */
} router_match;

/* Looks up an exact path (no query string) and a method name. Never fails;
 * the result's strings are static. Thread-safe. */
router_match router_lookup(const char *method, const char *path);

/* The route's label for metrics and logs ("none" for ROUTE_NONE). */
const char *router_label(router_route route);

#endif /* SUDOKUD_ROUTER_H */
