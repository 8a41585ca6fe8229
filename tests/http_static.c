/* http_static.c -- files embedded in sudokud, over real HTTP: the index, ETag and 304,
 * Cache-Control, HEAD, and where unknown paths point. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/http_client.h"
#include "tests/support/server.h"

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s: run the tests from the repository root", path);
    char *data = malloc(1 << 22);
    *len = fread(data, 1, 1 << 22, f);
    fclose(f);
    return data;
}

Test(http_static, the_index_is_the_embedded_page_with_etag_and_revalidation, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char url[256], etag[80], hdr[128], ct[80], cc[80];
    size_t len;
    char *file = read_file("web/index.html", &len);
    test_http_resp r;

    test_http_url(url, sizeof(url), s.url, "/");
    cr_assert_eq(test_http_get(url, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)),
                     "text/html; charset=utf-8");
    cr_assert_str_eq(test_http_header(&r, "Cache-Control", cc, sizeof(cc)), "no-cache");
    cr_assert_eq(r.len, len);
    cr_assert(memcmp(r.body, file, len) == 0, "the page is served as it is in web/");
    cr_assert(strstr(r.body, "href=\"/openapi.yaml\"") != NULL, "the index links the API");
    cr_assert_not_null(test_http_header(&r, "ETag", etag, sizeof(etag)));
    cr_assert(etag[0] == '"' && etag[strlen(etag) - 1] == '"', "a strong, quoted ETag: %s", etag);
    test_http_resp_free(&r);

    /* the same ETag back: 304 without a body */
    snprintf(hdr, sizeof(hdr), "If-None-Match: %s", etag);
    test_http_req cond = {.headers = (const char *const[]){hdr, NULL}};
    cr_assert_eq(test_http_request(url, &cond, &r), 0);
    cr_assert_eq(r.status, 304);
    cr_assert_eq(r.len, 0);
    char again[80];
    cr_assert_str_eq(test_http_header(&r, "ETag", again, sizeof(again)), etag);
    test_http_resp_free(&r);

    /* another ETag: the whole file */
    test_http_req other = {.headers = (const char *const[]){"If-None-Match: \"0000\"", NULL}};
    cr_assert_eq(test_http_request(url, &other, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, len);
    test_http_resp_free(&r);

    /* HEAD: the headers of GET, no body */
    test_http_req head = {.method = "HEAD"};
    cr_assert_eq(test_http_request(url, &head, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, 0);
    cr_assert_str_eq(test_http_header(&r, "ETag", again, sizeof(again)), etag);
    test_http_resp_free(&r);

    /* /index.html is the same file */
    test_http_url(url, sizeof(url), s.url, "/index.html");
    cr_assert_eq(test_http_get(url, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.len, len);
    test_http_resp_free(&r);
    free(file);
    test_server_stop(&s);
}

Test(http_static, openapi_yaml_has_an_etag_too, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char url[256], etag[80];
    test_http_resp r;
    test_http_url(url, sizeof(url), s.url, "/openapi.yaml");
    cr_assert_eq(test_http_get(url, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_not_null(test_http_header(&r, "ETag", etag, sizeof(etag)));
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_static, unknown_paths_are_404_problems_pointing_at_the_api_description, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    char url[256], ct[80];
    test_http_resp r;
    static const char *const paths[] = {"/nope", "/v1/solve/", "/web/index.html", "/v2/solve"};
    for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
        test_http_url(url, sizeof(url), s.url, paths[i]);
        cr_assert_eq(test_http_get(url, &r), 0);
        cr_assert_eq(r.status, 404, "%s", paths[i]);
        cr_assert_str_eq(test_http_header(&r, "Content-Type", ct, sizeof(ct)),
                         "application/problem+json");
        cr_assert(strstr(r.body, "/openapi.yaml") != NULL, "%s: %s", paths[i], r.body);
        test_http_resp_free(&r);
    }
    /* a POST to an unknown path is a 404 too, not a 405 of the file route */
    test_http_url(url, sizeof(url), s.url, "/nope");
    test_http_req post = {.content_type = "application/json", .body = "{}"};
    cr_assert_eq(test_http_request(url, &post, &r), 0);
    cr_assert_eq(r.status, 404);
    test_http_resp_free(&r);
    /* and a POST to a file is a 405 naming GET */
    test_http_url(url, sizeof(url), s.url, "/");
    cr_assert_eq(test_http_request(url, &post, &r), 0);
    cr_assert_eq(r.status, 405);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(http_static, gzip_goes_to_clients_that_take_it_with_its_own_etag_and_vary, .timeout = 60)
{
    size_t len;
    char *file = read_file("web/app.js", &len), url[256], etag[80], plain_etag[80], hdr[128],
         val[80];
    test_http_resp r;
    test_server s;
    test_server_start(&s, NULL);
    test_http_url(url, sizeof(url), s.url, "/app.js");

    test_http_req gz = {.headers =
                            (const char *const[]){"Accept-Encoding: deflate, gzip;q=0.8", NULL}};
    cr_assert_eq(test_http_request(url, &gz, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_str_eq(test_http_header(&r, "Content-Encoding", val, sizeof(val)), "gzip");
    cr_assert_str_eq(test_http_header(&r, "Vary", val, sizeof(val)), "Accept-Encoding");
    cr_assert(r.len > 18 && (unsigned char)r.body[0] == 0x1f && (unsigned char)r.body[1] == 0x8b,
              "gzip bytes");
    cr_assert(r.len * 2 < len, "compressed: %zu bytes of %zu", r.len, len);
    /* gzip's trailer ends with the input's size (mod 2^32), little-endian */
    const unsigned char *t = (const unsigned char *)r.body + r.len - 4;
    cr_assert_eq((size_t)(t[0] | t[1] << 8 | t[2] << 16 | (size_t)t[3] << 24), len);
    cr_assert_not_null(test_http_header(&r, "ETag", etag, sizeof(etag)));
    test_http_resp_free(&r);

    /* its ETag revalidates it */
    snprintf(hdr, sizeof(hdr), "If-None-Match: %s", etag);
    test_http_req cond = {.headers = (const char *const[]){"Accept-Encoding: gzip", hdr, NULL}};
    cr_assert_eq(test_http_request(url, &cond, &r), 0);
    cr_assert_eq(r.status, 304);
    test_http_resp_free(&r);

    /* gzip refused (q=0) or not named: the file as it is, another ETag, the same Vary */
    static const char *const plain[] = {"Accept-Encoding: gzip;q=0, br",
                                        "Accept-Encoding: identity"};
    for (size_t i = 0; i < 2; i++) {
        test_http_req no = {.headers = (const char *const[]){plain[i], NULL}};
        cr_assert_eq(test_http_request(url, &no, &r), 0);
        cr_assert_eq(r.status, 200);
        cr_assert_null(test_http_header(&r, "Content-Encoding", val, sizeof(val)), "%s", plain[i]);
        cr_assert_str_eq(test_http_header(&r, "Vary", val, sizeof(val)), "Accept-Encoding");
        cr_assert_eq(r.len, len);
        cr_assert(memcmp(r.body, file, len) == 0);
        cr_assert_not_null(test_http_header(&r, "ETag", plain_etag, sizeof(plain_etag)));
        cr_assert_str_neq(plain_etag, etag, "each representation has its own strong ETag");
        test_http_resp_free(&r);
    }
    free(file);

    /* the icon may be kept a day; the page is revalidated */
    test_http_url(url, sizeof(url), s.url, "/favicon.svg");
    cr_assert_eq(test_http_get(url, &r), 0);
    cr_assert_str_eq(test_http_header(&r, "Cache-Control", val, sizeof(val)),
                     "public, max-age=86400");
    cr_assert_str_eq(test_http_header(&r, "Content-Type", val, sizeof(val)), "image/svg+xml");
    test_http_resp_free(&r);
    test_server_stop(&s);
}
