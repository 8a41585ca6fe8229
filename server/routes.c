/* routes.c -- the table of endpoints, and the lookup over it.
 *
 * A handful of rows: a linear scan of strcmp is faster than anything with
 * set-up cost and cannot be wrong about prefixes ("/v1/solve" and
 * "/v1/solve/batch" are both exact, and "/v1/solve/" is a 404). Prefix rows
 * come last and are asked whether they claim the path, so an unknown path
 * is a 404 whatever the method.
 */
#include <string.h>

#include "server/endpoint.h"

static const route route_table[] = {
    {.label = "solve",
     .path = "/v1/solve",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_solve_parse,
     .quick = ep_single_quick,
     .run = ep_single_run,
     .render = ep_solve_render},
    {.label = "batch",
     .path = "/v1/solve/batch",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON | MEDIA_TEXT | MEDIA_NDJSON,
     .limit = ROUTE_LIMIT_BATCH,
     .parse = ep_batch_parse,
     .run = ep_batch_run,
     .render = ep_batch_render},
    {.label = "validate",
     .path = "/v1/validate",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_validate_parse,
     .quick = ep_single_quick,
     .run = ep_single_run,
     .render = ep_validate_render},
    {.label = "rate",
     .path = "/v1/rate",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_rate_parse,
     .run = ep_rate_run,
     .render = ep_logic_render},
    {.label = "explain",
     .path = "/v1/explain",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_explain_parse,
     .run = ep_explain_run,
     .render = ep_logic_render},
    {.label = "hint",
     .path = "/v1/hint",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_hint_parse,
     .run = ep_hint_run,
     .render = ep_logic_render},
    {.label = "generate",
     .path = "/v1/generate",
     .methods = ROUTE_GET | ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_generate_parse,
     .run = ep_generate_run,
     .render = ep_generate_render},
    {.label = "daily",
     .path = "/v1/daily",
     .methods = ROUTE_GET,
     .parse = ep_daily_parse,
     .run = ep_daily_run,
     .render = ep_daily_render},
    {.label = "scan",
     .path = "/v1/scan",
     .methods = ROUTE_POST,
     .media = MEDIA_IMAGE,
     .limit = ROUTE_LIMIT_IMAGE,
     .parse = ep_scan_parse,
     .run = ep_scan_run,
     .render = ep_scan_render},
    {.label = "convert",
     .path = "/v1/convert",
     .methods = ROUTE_POST,
     .media = MEDIA_JSON,
     .limit = ROUTE_LIMIT_BODY,
     .parse = ep_convert_parse},
    {.label = "info", .path = "/v1/info", .methods = ROUTE_GET, .parse = ep_info},
    {.label = "healthz", .path = "/healthz", .methods = ROUTE_GET, .parse = ep_healthz},
    {.label = "readyz", .path = "/readyz", .methods = ROUTE_GET, .parse = ep_readyz},
    {.label = "metrics", .path = "/metrics", .methods = ROUTE_GET, .parse = ep_metrics},
    {.label = "openapi", .path = "/openapi.yaml", .methods = ROUTE_GET, .parse = ep_static},
    {.label = "static",
     .path = "/",
     .claims = ep_static_claims,
     .methods = ROUTE_GET,
     .parse = ep_static},
};

#define ROUTE_COUNT (sizeof(route_table) / sizeof(route_table[0]))
_Static_assert(ROUTE_COUNT <= ROUTES_MAX, "raise ROUTES_MAX");

static bool route_matches(const route *r, const char *path)
{
    if (r->claims == NULL) return strcmp(r->path, path) == 0;
    return strncmp(r->path, path, strlen(r->path)) == 0 && r->claims(path);
}

route_match route_lookup(const char *method, const char *path)
{
    route_match m = {ROUTE_NOT_FOUND, NULL, NULL};

    for (size_t i = 0; i < ROUTE_COUNT; i++) {
        const route *r = &route_table[i];
        if (!route_matches(r, path)) continue;
        m.route = r;
        m.allow = r->methods == ROUTE_GET    ? "GET, HEAD, OPTIONS"
                  : r->methods == ROUTE_POST ? "POST, OPTIONS"
                                             : "GET, HEAD, POST, OPTIONS";
        if (strcmp(method, "OPTIONS") == 0)
            m.verdict = ROUTE_PREFLIGHT;
        else if ((r->methods & ROUTE_GET) != 0 &&
                 (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0))
            m.verdict = ROUTE_OK;
        else if ((r->methods & ROUTE_POST) != 0 && strcmp(method, "POST") == 0)
            m.verdict = ROUTE_OK;
        else
            m.verdict = ROUTE_METHOD_NOT_ALLOWED;
        return m;
    }
    return m;
}

size_t route_index(const route *r)
{
    return r != NULL ? (size_t)(r - route_table) : ROUTES_MAX;
}

const char *route_label(size_t index)
{
    return index < ROUTE_COUNT ? route_table[index].label : "none";
}

size_t route_count(void)
{
    return ROUTE_COUNT;
}
