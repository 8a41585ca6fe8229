/* http_scan.c -- POST /v1/scan over real HTTP: train photos read exactly (JPEG, PNG, WebP), each
 * refusal with its problem type (415, 413 before the body is read, empty, truncated, a header
 * claiming 100000x100000 pixels, random bytes, no grid), the query's timeout_ms, the queue,
 * the per-route metrics, and a server still healthy and solving right after all of them.
 *
 * The photos and what they hold are tests/data/scan/ (expected.txt, README.md: from the train
 * lists of wichtounet/sudoku_dataset, CC-BY-4.0). */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/fixtures.h"
#include "tests/support/http_client.h"
#include "tests/support/robust_net.h"
#include "tests/support/server.h"

#define SCAN_DIR "tests/data/scan/"

/* A corner may sit this many pixels from the dataset's outline (hand-marked). */
#define SCAN_CORNER_SLACK 12.0

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* One line of expected.txt: the photo's givens, entries and corners. */
typedef struct expected {
    char puzzle[82], entries[82];
    double corners[4][2];
} expected;

static void expected_for(const char *file, expected *e)
{
    size_t n;
    char **lines = test_read_lines(SCAN_DIR "expected.txt", &n);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++) {
        char name[64];
        if (lines[i][0] == '#') continue;
        found = sscanf(lines[i], "%63s %81s %81s %lf,%lf %lf,%lf %lf,%lf %lf,%lf", name, e->puzzle,
                       e->entries, &e->corners[0][0], &e->corners[0][1], &e->corners[1][0],
                       &e->corners[1][1], &e->corners[2][0], &e->corners[2][1], &e->corners[3][0],
                       &e->corners[3][1]) == 11 &&
                strcmp(name, file) == 0;
    }
    test_free_lines(lines);
    cr_assert(found, "%s is not in expected.txt", file);
}

/* POSTs len bytes to path (with its query) as content_type (NULL: no header). */
static void post(const test_server *s, const char *path, const char *content_type, const char *data,
                 size_t len, test_http_resp *r)
{
    char url[256];
    test_http_url(url, sizeof(url), s->url, path);
    /* a body of 0 bytes is still a POST: the client sends Content-Length: 0 */
    test_http_req req = {.method = "POST",
                         .content_type = content_type,
                         .body = data != NULL ? data : "",
                         .len = len};
    cr_assert_eq(test_http_request(url, &req, r), 0, "%s: %s", path, r->error);
}

static void post_file(const test_server *s, const char *path, const char *content_type,
                      const char *file, test_http_resp *r)
{
    char name[128];
    size_t len;
    snprintf(name, sizeof(name), SCAN_DIR "%s", file);
    char *data = test_read_file(name, &len);
    post(s, path, content_type, data, len, r);
    free(data);
}

/* Expects a problem+json answer of `status` and `slug`; returns its detail (static copy). */
static const char *expect_problem(test_http_resp *r, long status, const char *slug,
                                  const char *what)
{
    static char detail[512];
    char ct[128];
    cr_assert_eq(r->status, status, "%s: status %ld, body %.300s", what, r->status, r->body);
    cr_assert_str_eq(test_http_header(r, "Content-Type", ct, sizeof(ct)),
                     "application/problem+json", "%s", what);
    cJSON *j = test_http_json(r);
    cr_assert_not_null(j, "%s: %s", what, r->body);
    char want[128];
    snprintf(want, sizeof(want), "urn:sudokud:problem:%s", slug);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "type")), want, "%s: %s", what, r->body);
    cr_assert_eq(get(j, "status")->valueint, status, "%s", what);
    const char *d = cJSON_GetStringValue(get(j, "detail"));
    cr_assert(d != NULL && strlen(d) > 10, "%s: a detail that says what was wrong: %s", what,
              r->body);
    snprintf(detail, sizeof(detail), "%s", d);
    cJSON_Delete(j);
    test_http_resp_free(r);
    return detail;
}

static void expect_healthy_and_solving(const test_server *s, const char *when)
{
    char url[256];
    test_http_resp r;
    test_http_url(url, sizeof(url), s->url, "/healthz");
    cr_assert_eq(test_http_get(url, &r), 0, "%s: %s", when, r.error);
    cr_assert_eq(r.status, 200, "%s: /healthz %ld", when, r.status);
    test_http_resp_free(&r);
    test_http_url(url, sizeof(url), s->url, "/v1/solve");
    cr_assert_eq(
        test_http_post_json(url,
                            "{\"puzzle\":\"53..7....6..195....98....6.8...6...34..8.3..17...2"
                            "...6.6....28....419..5....8..79\"}",
                            &r),
        0);
    cr_assert_eq(r.status, 200, "%s: %s", when, r.body);
    cJSON *j = test_http_json(&r);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "solution")),
                     "534678912672195348198342567859761423426853791713924856961537284287419635"
                     "345286179",
                     "%s", when);
    cJSON_Delete(j);
    test_http_resp_free(&r);
}

/* A 200 reading of `file` equals its expected.txt line; returns nothing, frees r. */
static void expect_reading(test_http_resp *r, const char *file)
{
    expected e;
    expected_for(file, &e);
    cr_assert_eq(r->status, 200, "%s: %ld %.300s", file, r->status, r->body);
    char ct[128], timing[256];
    cr_assert_str_eq(test_http_header(r, "Content-Type", ct, sizeof(ct)), "application/json");
    cr_assert_not_null(test_http_header(r, "Server-Timing", timing, sizeof(timing)));
    cr_assert(strstr(timing, "decode;dur=") != NULL && strstr(timing, "recognise;dur=") != NULL,
              "%s", timing);
    cJSON *j = test_http_json(r);
    cr_assert_not_null(j, "%s", r->body);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "puzzle")), e.puzzle, "%s: the givens", file);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "entries")), e.entries, "%s: the entries", file);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "status")), "ok", "%s", file);
    /* read right: a cell changed can only be an entry read as the solution's digit */
    for (const cJSON *c = get(j, "changed")->child; c != NULL; c = c->next) {
        int cell =
            9 * (int)cJSON_GetNumberValue(get(c, "row")) + (int)cJSON_GetNumberValue(get(c, "col"));
        cr_assert(cell >= 0 && cell < 81 && e.entries[cell] != '.',
                  "%s: cell %d changed, not an entry", file, cell);
    }
    cr_assert_eq(cJSON_GetArraySize(get(j, "conflicts")), 0, "%s", file);
    cr_assert_eq(cJSON_GetArraySize(get(j, "pencil")), 0, "%s: no pencil marks", file);
    const cJSON *candidates = get(j, "candidates");
    cr_assert_eq(cJSON_GetArraySize(candidates), 81, "%s: 81 candidate lists", file);
    for (const cJSON *c = candidates->child; c != NULL; c = c->next)
        cr_assert(cJSON_IsArray(c) && cJSON_GetArraySize(c) == 0, "%s: no candidates", file);
    const cJSON *corners = get(j, "corners");
    cr_assert_eq(cJSON_GetArraySize(corners), 4, "%s", file);
    for (int k = 0; k < 4; k++) {
        const cJSON *c = cJSON_GetArrayItem(corners, k);
        double x = cJSON_GetArrayItem(c, 0)->valuedouble, y = cJSON_GetArrayItem(c, 1)->valuedouble;
        cr_assert(fabs(x - e.corners[k][0]) <= SCAN_CORNER_SLACK &&
                      fabs(y - e.corners[k][1]) <= SCAN_CORNER_SLACK,
                  "%s: corner %d at %.1f,%.1f, the dataset says %.0f,%.0f", file, k, x, y,
                  e.corners[k][0], e.corners[k][1]);
    }
    const cJSON *conf = get(j, "confidence"), *c;
    cr_assert_eq(cJSON_GetArraySize(conf), 81, "%s", file);
    cJSON_ArrayForEach(c, conf)
    {
        cr_assert(cJSON_IsNumber(c) && c->valuedouble >= 0 && c->valuedouble <= 1, "%s", file);
    }
    const cJSON *t = get(j, "timing_us");
    static const char *const stages[] = {"queue", "decode", "detect", "recognise", "total"};
    for (size_t k = 0; k < sizeof(stages) / sizeof(stages[0]); k++)
        cr_assert(cJSON_IsNumber(get(t, stages[k])), "%s: timing_us.%s", file, stages[k]);
    cr_assert_gt(get(t, "decode")->valuedouble, 0, "%s: decoding takes time", file);
    cr_assert_geq(get(t, "total")->valuedouble,
                  get(t, "decode")->valuedouble + get(t, "detect")->valuedouble +
                      get(t, "recognise")->valuedouble,
                  "%s: the total holds the stages", file);
    cJSON_Delete(j);
    test_http_resp_free(r);
}

Test(scan, train_photos_are_read_exactly_as_jpeg_png_and_webp_with_their_entries, .timeout = 120)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    post_file(&s, "/v1/scan", "image/jpeg", "printed182.jpg", &r);
    expect_reading(&r, "printed182.jpg");
    post_file(&s, "/v1/scan", "image/png", "printed182.png", &r);
    expect_reading(&r, "printed182.png");
    post_file(&s, "/v1/scan?timeout_ms=5000", "image/webp; q=1", "printed182.webp", &r);
    expect_reading(&r, "printed182.webp");
    post_file(&s, "/v1/scan", "image/jpeg", "printed113.jpg", &r);
    expect_reading(&r, "printed113.jpg");
    /* a player's half-finished paper puzzle: givens and handwritten entries apart */
    post_file(&s, "/v1/scan", "image/jpeg", "mixed9.jpg", &r);
    expect_reading(&r, "mixed9.jpg");
    expect_healthy_and_solving(&s, "after readings");
    test_server_stop(&s);
}

/* A phone photo of a page with pencil marks: its reading (givens, entries and the candidates
 * read in the marks, cells 2, 6, 40, 48, 50, 76 and 78 of scan/train/candidates.txt) goes into
 * /v1/hint as it is, the use `candidates` has the form of /v1/hint's for. */
Test(scan, a_phone_photo_with_pencil_marks_goes_straight_into_a_hint, .timeout = 60)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    post_file(&s, "/v1/scan", "image/jpeg", "phone-02_21.jpg", &r);
    cr_assert_eq(r.status, 200, "%ld %.300s", r.status, r.body);
    cJSON *scan = test_http_json(&r);
    cr_assert_not_null(scan, "%s", r.body);
    static const int pencil[] = {2, 6, 40, 48, 50, 76, 78};
    static const char *const pencilled[] = {"[5,6]", "[5,6]", "[5,7]", "[8,9]",
                                            "[5,8]", "[1,9]", "[1,9]"};
    const cJSON *listed = get(scan, "pencil"), *candidates = get(scan, "candidates");
    cr_assert_eq(cJSON_GetArraySize(listed), 7);
    for (int k = 0; k < 7; k++) {
        cr_assert_eq(cJSON_GetArrayItem(listed, k)->valueint, pencil[k]);
        char *got = cJSON_PrintUnformatted(cJSON_GetArrayItem(candidates, pencil[k]));
        cr_assert_str_eq(got, pencilled[k], "cell %d", pencil[k]);
        free(got);
    }

    cJSON *hint = cJSON_CreateObject();
    for (int k = 0; k < 3; k++) {
        static const char *const members[] = {"puzzle", "entries", "candidates"};
        cJSON_AddItemToObject(hint, members[k], cJSON_Duplicate(get(scan, members[k]), true));
    }
    char *body = cJSON_PrintUnformatted(hint);
    test_http_resp h;
    post(&s, "/v1/hint", "application/json", body, strlen(body), &h);
    cr_assert_eq(h.status, 200, "%ld %.300s", h.status, h.body);
    cJSON *answer = test_http_json(&h);
    cr_assert_str_eq(cJSON_GetStringValue(get(answer, "kind")), "step", "%s", h.body);
    cJSON_Delete(answer);
    free(body);
    cJSON_Delete(hint);
    cJSON_Delete(scan);
    test_http_resp_free(&h);
    test_http_resp_free(&r);
    test_server_stop(&s);
}

/* One hostile request: its body (a file of tests/data/scan/, or none), and the answer wanted. */
static const struct hostile {
    const char *what, *path, *content_type, *file;
    long status;
    const char *slug, *in_detail; /* a phrase the detail must hold */
} hostile[] = {
    {"empty body", "/v1/scan", "image/jpeg", NULL, 400, "bad-image", "empty"},
    {"truncated JPEG", "/v1/scan", "image/jpeg", "truncated.jpg", 400, "bad-image", "truncated"},
    {"random bytes", "/v1/scan", "image/jpeg", "random.bin", 400, "bad-image", "not a JPEG"},
    {"text sent as a PNG", "/v1/scan", "image/png", "not-image.txt", 400, "bad-image",
     "not a JPEG, PNG or WebP"},
    {"a header claiming 100000x100000", "/v1/scan", "image/png", "huge-header.png", 422,
     "too-many-pixels", "more than the 50000000 this server decodes (--max-image-pixels)"},
    {"a blank page", "/v1/scan", "image/png", "blank.png", 422, "no-grid", "photo"},
    {"a dark photo", "/v1/scan", "image/jpeg", "dark.jpg", 422, "no-grid", "photo"},
    /* GIF: refused by its Content-Type, and by its bytes under another one */
    {"a GIF", "/v1/scan", "image/gif", "tiny.gif", 415, "unsupported-media-type",
     "image/jpeg, image/png, image/webp"},
    {"a GIF sent as a PNG", "/v1/scan", "image/png", "tiny.gif", 415, "unsupported-media-type",
     "send a JPEG, PNG or WebP"},
    {"a photo without a Content-Type", "/v1/scan", NULL, "printed182.jpg", 415,
     "unsupported-media-type", "image/webp"},
    {"JSON", "/v1/scan", "application/json", "expected.txt", 415, "unsupported-media-type",
     "image/webp"},
    /* options come as query parameters, read by the option table */
    {"timeout_ms=abc", "/v1/scan?timeout_ms=abc", "image/jpeg", "printed182.jpg", 400,
     "invalid-request", "timeout_ms must be an integer in 1.."},
    {"count=2", "/v1/scan?count=2", "image/jpeg", "printed182.jpg", 400, "invalid-request",
     "unknown query parameter \"count\" (timeout_ms)"},
};

Test(scan,
     hostile_images_get_clean_4xx_problems_counted_in_the_metrics_and_leave_the_server_healthy,
     .timeout = 120)
{
    test_server s;
    test_server_start(&s, NULL);
    test_http_resp r;
    for (size_t i = 0; i < sizeof(hostile) / sizeof(hostile[0]); i++) {
        const struct hostile *h = &hostile[i];
        if (h->file == NULL)
            post(&s, h->path, h->content_type, NULL, 0, &r);
        else
            post_file(&s, h->path, h->content_type, h->file, &r);
        const char *d = expect_problem(&r, h->status, h->slug, h->what);
        cr_assert(strstr(d, h->in_detail) != NULL, "%s: the detail says \"%s\": %s", h->what,
                  h->in_detail, d);
    }
    char url[256];
    test_http_url(url, sizeof(url), s.url, "/v1/scan");
    cr_assert_eq(test_http_get(url, &r), 0);
    expect_problem(&r, 405, "method-not-allowed", "GET /v1/scan");

    expect_healthy_and_solving(&s, "after hostile images");
    post_file(&s, "/v1/scan", "image/jpeg", "printed182.jpg", &r);
    expect_reading(&r, "printed182.jpg");

    /* every answer is counted under the route, like any other's */
    test_http_url(url, sizeof(url), s.url, "/metrics");
    /* a request is counted when it completes, after its answer left: wait for each */
    static const char *const series[] = {
        "\nsudokud_requests_total{route=\"scan\",status=\"200\"} 1\n",
        "\nsudokud_requests_total{route=\"scan\",status=\"400\"} 6\n",
        "\nsudokud_requests_total{route=\"scan\",status=\"405\"} 1\n",
        "\nsudokud_requests_total{route=\"scan\",status=\"415\"} 4\n",
        "\nsudokud_requests_total{route=\"scan\",status=\"422\"} 3\n",
    };
    for (size_t k = 0; k < sizeof(series) / sizeof(series[0]); k++) {
        cr_assert_eq(test_http_wait_for(url, series[k], 5000, &r), 0, "%s not in %s", series[k],
                     r.body);
        if (k + 1 < sizeof(series) / sizeof(series[0])) test_http_resp_free(&r);
    }
    test_http_resp_free(&r);
    test_server_stop(&s);
}

Test(scan, photos_over_the_image_limit_are_refused_before_their_body_is_read, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--max-image-body", "20K", NULL});
    test_http_resp r;

    /* the whole photo through libcurl: 413 naming the limit and its setting */
    post_file(&s, "/v1/scan", "image/jpeg", "printed182.jpg", &r);
    const char *d = expect_problem(&r, 413, "body-too-large", "a 20K limit");
    cr_assert(strstr(d, "20480 bytes") != NULL && strstr(d, "--max-image-body") != NULL, "%s", d);

    /* headers only: the answer comes without a byte of the body sent */
    int fd = rn_connect(s.port);
    cr_assert_geq(fd, 0);
    cr_assert_eq(rn_send_str(fd,
                             "POST /v1/scan HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             "Content-Type: image/jpeg\r\nContent-Length: 100000\r\n\r\n",
                             2000),
                 0);
    rn_response raw;
    cr_assert_eq(rn_read_response(fd, 5000, &raw), 0, "no 413 before the body");
    cr_assert_eq(raw.status, 413);
    cr_assert(strstr(raw.body, "urn:sudokud:problem:body-too-large") != NULL, "%s", raw.body);
    rn_response_free(&raw);
    close(fd);

    /* a chunked body is cut off as soon as it passes the limit: 40000 bytes, the body not
     * finished, and the server hangs up at once -- not reading on for an allowance (a JSON
     * body's, 1 MiB at least) to answer 413 at the body's end, nor waiting for the rest */
    fd = rn_connect(s.port);
    cr_assert_geq(fd, 0);
    cr_assert_eq(rn_send_str(fd,
                             "POST /v1/scan HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             "Content-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\n\r\n",
                             2000),
                 0);
    static char chunk[4000 + 16];
    memcpy(chunk, "fa0\r\n", 5);
    memset(chunk + 5, 0xff, 4000);
    memcpy(chunk + 4005, "\r\n", 2);
    for (int k = 0; k < 10 && rn_send_all(fd, chunk, 4007, 2000) == 0; k++)
        ; /* a send fails once the server has hung up */
    long long t0 = rn_now_ms();
    cr_assert_eq(rn_wait_closed(fd, 5000), 1, "the connection is still open 5 s later");
    cr_assert_lt(rn_now_ms() - t0, 2000, "closed, but only after %lld ms", rn_now_ms() - t0);
    close(fd);

    /* a photo under the limit still reads */
    test_server_stop(&s);
    test_server_start(&s, (const char *const[]){"--max-image-body", "1M", NULL});
    post_file(&s, "/v1/scan", "image/jpeg", "printed182.jpg", &r);
    expect_reading(&r, "printed182.jpg");
    expect_healthy_and_solving(&s, "after oversized photos");
    test_server_stop(&s);
}

/* One request in a thread, for the queue test. */
struct shot {
    const test_server *s;
    const char *path, *content_type, *file; /* file NULL: a JSON body */
    const char *json;
    test_http_resp r;
};

static void *shoot(void *arg)
{
    struct shot *sh = arg;
    char url[256];
    test_http_url(url, sizeof(url), sh->s->url, sh->path);
    if (sh->file == NULL) {
        test_http_post_json(url, sh->json, &sh->r);
    } else {
        char name[128];
        size_t len;
        snprintf(name, sizeof(name), SCAN_DIR "%s", sh->file);
        char *data = test_read_file(name, &len);
        test_http_req req = {.content_type = sh->content_type, .body = data, .len = len};
        test_http_request(url, &req, &sh->r);
        free(data);
    }
    return NULL;
}

Test(scan, scans_queue_time_out_and_are_refused_like_any_job, .timeout = 60)
{
    test_server s;
    test_server_start(&s, (const char *const[]){"--workers", "1", "--queue-depth", "1", NULL});
    /* the one worker counts the solutions of an empty 35x35 grid until its 1.5 s run out */
    char dots[35 * 35 + 1], body[35 * 35 + 128];
    memset(dots, '.', sizeof(dots) - 1);
    dots[sizeof(dots) - 1] = '\0';
    snprintf(body, sizeof(body),
             "{\"puzzle\":\"%s\",\"max_solutions\":1000000,\"timeout_ms\":1500}", dots);
    struct shot busy = {&s, "/v1/solve", NULL, NULL, body, {0}};
    struct shot waiting = {&s, "/v1/scan?timeout_ms=200", "image/jpeg", "printed182.jpg", NULL,
                           {0}};
    pthread_t tb, tw;
    pthread_create(&tb, NULL, shoot, &busy);
    rn_sleep_ms(300);
    pthread_create(&tw, NULL, shoot, &waiting); /* fills the queue of 1 */
    rn_sleep_ms(300);
    test_http_resp r;
    post_file(&s, "/v1/scan", "image/jpeg", "printed182.jpg", &r);
    char retry[16];
    cr_assert_not_null(test_http_header(&r, "Retry-After", retry, sizeof(retry)));
    expect_problem(&r, 503, "queue-full", "a scan past a full queue");
    pthread_join(tb, NULL);
    pthread_join(tw, NULL);
    cr_assert_eq(busy.r.status, 200, "%s", busy.r.body);
    /* the queued scan waited past its 200 ms: answered like a solve out of time */
    cr_assert_eq(waiting.r.status, 200, "%s", waiting.r.body);
    cJSON *j = test_http_json(&waiting.r);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "status")), "limit", "%s", waiting.r.body);
    cr_assert_str_eq(cJSON_GetStringValue(get(j, "limit_reason")), "deadline");
    cr_assert_geq(get(get(j, "timing_us"), "queue")->valuedouble, 200000.0, "%s", waiting.r.body);
    cJSON_Delete(j);
    test_http_resp_free(&busy.r);
    test_http_resp_free(&waiting.r);
    expect_healthy_and_solving(&s, "after the queue filled");
    test_server_stop(&s);
}
