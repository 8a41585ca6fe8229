/* unit_api_scan.c -- POST /v1/scan without a socket: a photo in, its reading or its problem out,
 * and the body limit the route asks of the HTTP layer.
 *
 * The photos are tests/data/scan/ (train photos of wichtounet/sudoku_dataset, CC-BY-4.0);
 * tests/http_scan.c sends the same ones to a real server.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/scan.h"
#include "tests/support/api_harness.h"
#include "tests/support/fixtures.h"

/* POSTs the bytes of tests/data/scan/<file> (NULL: an empty body) as content_type. */
static struct exchange scan_post(const char *file, const char *content_type, const api_param *query,
                                 size_t nquery)
{
    char path[128];
    size_t len = 0;
    char *photo = NULL;
    if (file != NULL) {
        snprintf(path, sizeof(path), "tests/data/scan/%s", file);
        photo = test_read_file(path, &len);
    }
    scan_init();
    api_request req = {.method = "POST",
                       .path = "/v1/scan",
                       .content_type = content_type,
                       .body = photo,
                       .body_len = len,
                       .query = query,
                       .nquery = nquery};
    struct exchange x = run_request(&req);
    free(photo);
    return x;
}

Test(api, scan_reads_a_photo_with_its_stages_timed)
{
    struct exchange x = scan_post("printed182.jpg", "image/jpeg", NULL, 0);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    cr_assert_str_eq(get_str(x.json, "status"), "ok");
    cr_assert_str_eq(
        get_str(x.json, "puzzle"),
        "9.3.....2.6.49.1.3...1...........9..3.1..4....8.7.243.1785.93........759...367...");
    const cJSON *t = get(x.json, "timing_us");
    static const char *const keys[] = {"queue", "decode", "detect", "recognise", "total"};
    cr_assert_eq(cJSON_GetArraySize(t), 5, "%s", x.text);
    for (size_t k = 0; k < 5; k++)
        cr_assert_str_eq(cJSON_GetArrayItem(t, (int)k)->string, keys[k], "%s", x.text);
    cr_assert_not_null(strstr(x.resp.server_timing, "detect;dur="), "%s", x.resp.server_timing);
    done(&x);
}

Test(api, scan_refusals_are_problems_of_their_own_types)
{
    static const struct {
        const char *file, *content_type; /* file NULL: an empty body */
        int status;
        const char *slug;
    } refused[] = {
        {NULL, "image/png", 400, "bad-image"},
        {"random.bin", "image/webp", 400, "bad-image"},
        {"huge-header.png", "image/png", 422, "too-many-pixels"},
        {"dark.jpg", "image/jpeg", 422, "no-grid"},
    };
    struct exchange x;
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        x = scan_post(refused[i].file, refused[i].content_type, NULL, 0);
        expect_problem(&x, refused[i].status, refused[i].slug);
        done(&x);
    }
    x = scan_post("tiny.gif", "image/gif", NULL, 0);
    const cJSON *p = expect_problem(&x, 415, "unsupported-media-type");
    cr_assert_str_eq(get_str(p, "detail"),
                     "/v1/scan takes a body of Content-Type image/jpeg, image/png, image/webp");
    done(&x);
    /* a text body is not pointed at the batch, which takes no photos */
    x = scan_post("expected.txt", "text/plain", NULL, 0);
    p = expect_problem(&x, 415, "unsupported-media-type");
    cr_assert_null(strstr(get_str(p, "detail"), "batch"), "%s", x.text);
    done(&x);
    api_param q[] = {{"timeout_ms", "0"}};
    x = scan_post("printed182.jpg", "image/jpeg", q, 1);
    p = expect_problem(&x, 400, "invalid-request");
    cr_assert_str_eq(get_str(p, "detail"), "timeout_ms must be an integer in 1..10000");
    done(&x);
}

Test(api, scan_pixels_have_a_setting_below_the_library_ceiling)
{
    /* printed182.jpg is 640 x 480: 307200 pixels */
    harness_cfg.max_image_pixels = 300000;
    struct exchange x = scan_post("printed182.jpg", "image/jpeg", NULL, 0);
    const cJSON *p = expect_problem(&x, 422, "too-many-pixels");
    cr_assert_not_null(strstr(get_str(p, "detail"), "more than the 300000 this server decodes"),
                       "%s", x.text);
    done(&x);
    harness_cfg.max_image_pixels = 307200;
    x = scan_post("printed182.jpg", "image/jpeg", NULL, 0);
    cr_assert_eq(x.resp.status, 200, "%s", x.text);
    done(&x);
    x = run((struct call){.method = "GET", .path = "/v1/info"});
    cr_assert_eq(get(get(x.json, "limits"), "max_image_pixels")->valuedouble, 307200);
    done(&x);
}

Test(api, scan_bodies_have_their_own_limit_and_are_cut_off_past_it)
{
    harness_cfg.max_image_body = 4096;
    api_request scan = {.method = "POST", .path = "/v1/scan"};
    cr_assert_eq(api_route(harness_ctx, &scan), 4096);
    cr_assert_str_eq(scan.limit_setting, "--max-image-body");
    cr_assert(scan.limit_cuts, "a photo past its limit is not read on for a 413");
    api_request solve = {.method = "POST", .path = "/v1/solve"};
    cr_assert_eq(api_route(harness_ctx, &solve), harness_cfg.max_body);
    cr_assert_str_eq(solve.limit_setting, "--max-body");
    cr_assert(!solve.limit_cuts, "a JSON body past its limit is read to its end and answered 413");
    api_request batch = {.method = "POST", .path = "/v1/solve/batch"};
    cr_assert_eq(api_route(harness_ctx, &batch), harness_cfg.max_batch_body);
    cr_assert_str_eq(batch.limit_setting, "--max-batch-body");
}
