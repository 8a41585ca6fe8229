/* ep_health.c -- GET /healthz, /readyz and /v1/info: answered from memory, never queued.
 *
 * /healthz says the version too (version.h), so a probe or an operator can
 * tell which release answers without a second request. */
#include "server/config.h"
#include "server/endpoint.h"
#include "server/input.h"

job *ep_healthz(api_context *ctx, const api_request *req, api_response *resp)
{
    static const char ok[] = "{\"status\":\"ok\",\"version\":\"" SUDOKUD_VERSION "\"}";
    (void)ctx;
    (void)req;
    reply_static(resp, API_HTTP_OK, CT_JSON, ok, sizeof(ok) - 1);
    return NULL;
}

job *ep_readyz(api_context *ctx, const api_request *req, api_response *resp)
{
    static const char ready[] = "{\"status\":\"ready\"}";
    if (api_draining(ctx))
        reply_error(resp, req, API_PROBLEM_DRAINING, "the server is shutting down");
    else
        reply_static(resp, API_HTTP_OK, CT_JSON, ready, sizeof(ready) - 1);
    return NULL;
}

job *ep_info(api_context *ctx, const api_request *req, api_response *resp)
{
    const struct config *c = ctx->cfg;
    buf b = BUF_INIT;
    (void)req;
    buf_printf(&b,
               "{\"name\":\"%s\",\"version\":\"%s\",\"shapes\":{\"min_size\":%d,\"max_size\":%d,"
               "\"text_max_size\":%d},\"variants\":[\"diagonal\",\"regions\"],\"limits\":{"
               "\"max_body\":%llu,\"max_batch_body\":%llu,\"max_batch_items\":%llu,"
               "\"max_image_body\":%llu,\"max_image_pixels\":%llu,"
               "\"default_timeout_ms\":%llu,\"max_timeout_ms\":%llu,\"max_nodes\":%llu,"
               "\"max_solutions\":%u,\"max_return_solutions\":%u,\"queue_depth\":%llu,"
               "\"max_connections\":%llu,\"connection_timeout\":%llu},\"workers\":%llu,",
               SUDOKUD_NAME, SUDOKUD_VERSION, SUDOKU_MIN_SIZE, SUDOKU_MAX_SIZE,
               SUDOKU_MAX_TEXT_SIZE, (unsigned long long)c->max_body,
               (unsigned long long)c->max_batch_body, (unsigned long long)c->max_batch_items,
               (unsigned long long)c->max_image_body, (unsigned long long)c->max_image_pixels,
               (unsigned long long)c->default_timeout_ms, (unsigned long long)c->max_timeout_ms,
               (unsigned long long)c->max_nodes, INPUT_MAX_SOLUTIONS, INPUT_MAX_RETURN_SOLUTIONS,
               (unsigned long long)c->queue_depth, (unsigned long long)c->max_connections,
               (unsigned long long)c->connection_timeout, (unsigned long long)c->workers);
    json_render_techniques(&b);
    buf_putc(&b, '}');
    reply_buf(resp, API_HTTP_OK, CT_JSON, &b);
    return NULL;
}
