/* ep_daily.c -- GET /v1/daily: the same puzzle for everyone on a day.
 *
 * The puzzle of a day and a level is a generated one (ep_generate_level, the
 * reserve's options) whose seed is derived from the day and the level alone,
 * so every server of this version makes the same puzzle for it without
 * keeping any. Its ETag names the day, the level and the version, which is
 * all the answer depends on: a client's If-None-Match is answered 304 before
 * any work. Cache-Control lets a cache keep it until the end of the current
 * UTC day, when a request without a date starts naming the next day.
 *
 * DESIGN: the deadline is the server's --max-timeout, not the default: a day's
 * puzzle must not depend on how long the search was allowed. Should it run
 * out all the same, the answer says "limit" and is not to be stored, because
 * another try may find the day's real puzzle.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/endpoint.h"
#include "server/input.h"
#include "server/options.h"
#include "version.h"
#include "writers/json_write.h"

#define DAILY_SECONDS_PER_DAY 86400
/* The level of a request that names none. */
#define DAILY_DEFAULT_LEVEL SUDOKU_LEVEL_MEDIUM
/* Mixed into the seed so that a day's puzzle is not /v1/generate's seed 0, 1, ... */
#define DAILY_SEED_TAG UINT64_C(0x6461696c79)

typedef struct daily {
    api_context *ctx;
    int32_t day; /* days since 1970-01-01 */
    sudoku_level level;
    uint64_t deadline_ns;
    sudoku_status status;
    char date[40]; /* YYYY-MM-DD (room for any int the compiler sees) */
} daily;

/* Writes day (days since 1970-01-01) as YYYY-MM-DD (Howard Hinnant's civil_from_days). */
static void daily_date(int32_t day, char *out, size_t len)
{
    int z = day + 719468, era = z / 146097, doe = z - era * 146097;
    int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
    snprintf(out, len, "%04d-%02d-%02d", era * 400 + yoe + (m <= 2), m, d);
}

/* The headers every answer of a day carries, the 304 included. */
static void daily_headers(api_response *resp, const daily *d, bool store)
{
    reply_header_text(resp, "ETag", "\"daily-%s-%s-%s\"", d->date, sudoku_level_str(d->level),
                      SUDOKUD_VERSION);
    long left = DAILY_SECONDS_PER_DAY - (long)(time(NULL) % DAILY_SECONDS_PER_DAY);
    if (store)
        reply_header_text(resp, "Cache-Control", "public, max-age=%ld", left);
    else
        reply_header_text(resp, "Cache-Control", "no-store");
}

/* True when an If-None-Match list names this answer's ETag (or is "*"). */
static bool daily_matches(const char *if_none_match, const char *etag)
{
    if (if_none_match == NULL) return false;
    return strcmp(if_none_match, "*") == 0 || strstr(if_none_match, etag) != NULL;
}

job *ep_daily_parse(api_context *ctx, const api_request *req, api_response *resp)
{
    input_puzzle in;
    api_problem pb;
    uint8_t cells[1]; /* a daily request reads no puzzle */
    input_init(&in, cells, cells, 0);
    for (size_t i = 0; i < req->nquery; i++) {
        if (option_read_param(REQUEST_DAILY, req->query[i].key, req->query[i].value,
                              (uint32_t)ctx->cfg->max_timeout_ms, &in, &pb) != 0) {
            reply_problem(resp, req, &pb, NULL);
            return NULL;
        }
    }
    daily *d = calloc(1, sizeof(*d));
    if (d == NULL) {
        reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
        return NULL;
    }
    d->ctx = ctx;
    d->day = (in.given & OPTION_BIT(DATE)) ? in.day : (int32_t)(time(NULL) / DAILY_SECONDS_PER_DAY);
    d->level = DAILY_DEFAULT_LEVEL;
    for (int l = SUDOKU_LEVEL_EASY; l <= SUDOKU_LEVEL_EXTREME; l++) {
        int lo, hi;
        if (sudoku_level_range((sudoku_level)l, &lo, &hi) == 0 && lo == in.score_min &&
            hi == in.score_max && (in.given & OPTION_BIT(DIFFICULTY)))
            d->level = (sudoku_level)l;
    }
    daily_date(d->day, d->date, sizeof(d->date));
    d->deadline_ns = option_deadline_ns(req->start_ns, (uint64_t)ctx->cfg->max_timeout_ms);

    char etag[API_TEXT_HEADER_LEN];
    snprintf(etag, sizeof(etag), "\"daily-%s-%s-%s\"", d->date, sudoku_level_str(d->level),
             SUDOKUD_VERSION);
    if (daily_matches(req->if_none_match, etag)) {
        resp->status = API_HTTP_NOT_MODIFIED;
        daily_headers(resp, d, true);
        free(d);
        return NULL;
    }
    job *j = api_job_new(req, 1, d, free);
    if (j == NULL) reply_error(resp, req, API_PROBLEM_INTERNAL_ERROR, "out of memory");
    return j;
}

void ep_daily_run(job *j, size_t task, worker *w)
{
    daily *d = job_state(j);
    uint64_t state = (uint64_t)(int64_t)d->day * 8u + (uint64_t)d->level + DAILY_SEED_TAG;
    uint64_t seed = sudoku_splitmix64(&state) & INPUT_MAX_SEED;
    sudoku_limits limits = api_limits(d->ctx, 1, d->deadline_ns);
    d->status = ep_generate_level(job_task_out(j, task), w, d->level, seed, &limits);
}

void ep_daily_render(job *j, const api_request *req, api_response *resp)
{
    const daily *d = job_state(j);
    const buf *made = job_task_out(j, 0);
    buf b = BUF_INIT;
    /* The day's own members, then the generated puzzle's (past its '{'). */
    buf_printf(&b, "{\"date\":\"%s\",\"difficulty\":\"%s\",", d->date, sudoku_level_str(d->level));
    if (made->len > 1) buf_append(&b, made->data + 1, made->len - 1);
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    daily_headers(resp, d, d->status == SUDOKU_SOLVED);
    static const char *const names[] = {"total"};
    uint64_t us[] = {reply_us(req->start_ns, sudoku_now_ns())};
    reply_timing(resp, names, us, 1);
}
