/* ep_static.c -- GET of the files embedded at build time: the page, /openapi.yaml.
 *
 * Every file has a strong ETag made from its content at build time, so a
 * browser revalidates with If-None-Match and gets a bodiless 304 when the
 * binary has not changed. Cache-Control comes with the file (assets.h): the
 * page's files carry no version in their names, and a page must never mix
 * files of two builds, so they are no-cache (revalidate on every use), and
 * so are the service worker /sw.js and /manifest.webmanifest
 * (application/manifest+json); the icons may be kept a day. The worker
 * keeps a copy of one build's files for offline use, in a cache named for
 * that build (scripts/embed.sh writes the build's hash into it).
 *
 * A client whose Accept-Encoding takes gzip gets the bytes compressed at
 * build time (scripts/embed.sh), with Content-Encoding: gzip and an ETag of
 * their own (a strong ETag names one representation); every answer of a
 * file that has both says Vary: Accept-Encoding, so caches keep them apart.
 * HEAD is answered like GET without the body by the HTTP layer.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* True when an Accept-Encoding list (RFC 9110 12.5.3) takes gzip: a "gzip",
 * "x-gzip" or "*" entry whose q is not zero. */
static bool static_takes_gzip(const char *accept)
{
    if (accept == NULL) return false;
    const char *p = accept;
    while (*p != '\0') {
        p += strspn(p, " \t,");
        size_t len = strcspn(p, " \t,;");
        bool named = (len == 4 && strncasecmp(p, "gzip", 4) == 0) ||
                     (len == 6 && strncasecmp(p, "x-gzip", 6) == 0) || (len == 1 && *p == '*');
        const char *end = p + strcspn(p, ",");
        const char *q = p + len;
        bool zero = false;
        while (q < end) { /* parameters: only q matters */
            q += strspn(q, " \t;");
            if (q < end && (q[0] == 'q' || q[0] == 'Q') && q[1] == '=') {
                zero = strtod(q + 2, NULL) == 0.0;
                break;
            }
            q += strcspn(q, ";,");
        }
        if (named && !zero) return true;
        p = end;
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
    bool gz = a->gz_data != NULL && static_takes_gzip(req->encodings);
    const char *etag = gz ? a->gz_etag : a->etag;
    if (static_matches(req->if_none_match, etag)) {
        resp->status = API_HTTP_NOT_MODIFIED;
    } else if (gz) {
        reply_static(resp, API_HTTP_OK, a->content_type, a->gz_data, a->gz_size);
        reply_header(resp, "Content-Encoding", "gzip");
    } else {
        reply_static(resp, API_HTTP_OK, a->content_type, a->data, a->size);
    }
    reply_header(resp, "ETag", etag);
    reply_header(resp, "Cache-Control", a->cache_control);
    if (a->gz_data != NULL) reply_header(resp, "Vary", "Accept-Encoding");
    return NULL;
}
