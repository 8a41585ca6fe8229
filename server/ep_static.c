/* ep_static.c -- GET of the files embedded at build time: the page, /openapi.yaml.
 *
 * Every file has a strong ETag made from its content at build time, so a
 * browser revalidates with If-None-Match and gets a bodiless 304 when the
 * binary has not changed. Cache-Control: no-cache asks for exactly that on
 * every use: the page's files carry no version in their names, and a page
 * must never mix files of two builds. HEAD is answered like GET without the
 * body by the HTTP layer.
 */
#include <string.h>

#include "server/assets.h"
#include "server/endpoint.h"

static const asset *static_find(const char *path)
{
    for (unsigned long i = 0; i < assets_count; i++)
        if (strcmp(assets[i].path, path) == 0) return &assets[i];
    if (strcmp(path, "/index.html") == 0) return static_find("/");
    return NULL;
}

bool ep_static_claims(const char *path)
{
    return static_find(path) != NULL;
}

/* True when an If-None-Match list names etag (or is "*"). */
static bool static_matches(const char *if_none_match, const char *etag)
{
    if (if_none_match == NULL) return false;
    if (strcmp(if_none_match, "*") == 0) return true;
    size_t n = strlen(etag);
    for (const char *p = strstr(if_none_match, etag); p != NULL; p = strstr(p + 1, etag)) {
        /* a whole entry: bounded by the list's start/end, commas, spaces or W/ */
        char after = p[n];
        if (after == '\0' || after == ',' || after == ' ') return true;
    }
    return false;
}

job *ep_static(api_context *ctx, const api_request *req, api_response *resp)
{
    (void)ctx;
    const asset *a = static_find(req->path);
    if (a == NULL) {
        reply_error(resp, req, API_PROBLEM_NOT_FOUND,
                    "no such file: %.128s; the API is described at /openapi.yaml", req->path);
        return NULL;
    }
    if (static_matches(req->if_none_match, a->etag)) {
        resp->status = API_HTTP_NOT_MODIFIED;
    } else {
        reply_static(resp, API_HTTP_OK, a->content_type, a->data, a->size);
    }
    reply_header(resp, "ETag", a->etag);
    reply_header(resp, "Cache-Control", "no-cache");
    return NULL;
}
