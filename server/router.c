/* router.c -- exact-path lookup over the ROUTER_ROUTES table.
 *
 * Eight fixed paths: a linear scan of strcmp is faster than anything with
 * set-up cost and cannot be wrong about prefixes ("/v1/solve" vs
 * "/v1/solve/batch" are both exact matches, and "/v1/solve/" is a 404).
 */
#include "server/router.h"

#include <string.h>

static const struct {
    const char *path;
    const char *label;
    int methods;
} router_table[ROUTE_COUNT] = {[ROUTE_NONE] = {NULL, "none", 0},
#define X(name, path, label, methods) [ROUTE_##name] = {path, label, methods},
                               ROUTER_ROUTES(X)
#undef X
};

router_match router_lookup(const char *method, const char *path)
{
    router_match m = {ROUTER_NOT_FOUND, ROUTE_NONE, NULL};

    for (int r = ROUTE_NONE + 1; r < ROUTE_COUNT; r++) {
        if (strcmp(router_table[r].path, path) != 0) continue;
        int methods = router_table[r].methods;
        m.route = (router_route)r;
        m.allow = methods == ROUTER_GET ? "GET, HEAD, OPTIONS" : "POST, OPTIONS";
        if (strcmp(method, "OPTIONS") == 0)
            m.verdict = ROUTER_PREFLIGHT;
        else if ((methods & ROUTER_GET) != 0 &&
                 (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0))
            m.verdict = ROUTER_OK;
        else if ((methods & ROUTER_POST) != 0 && strcmp(method, "POST") == 0)
            m.verdict = ROUTER_OK;
        else
            m.verdict = ROUTER_METHOD_NOT_ALLOWED;
        return m;
    }
    return m;
}

const char *router_label(router_route route)
{
    if ((unsigned)route >= ROUTE_COUNT) return "none";
    return router_table[route].label;
}
