/* ep_metrics.c -- GET /metrics: the Prometheus text exposition of metrics.c's counters. */
#include "server/endpoint.h"

#define CT_METRICS "text/plain; version=0.0.4; charset=utf-8"

job *ep_metrics(api_context *ctx, const api_request *req, api_response *resp)
{
    buf b = BUF_INIT;
    (void)req;
    metrics_render(ctx->metrics, job_runner_queued(ctx->runner), &b);
    reply_buf(resp, API_HTTP_OK, CT_METRICS, &b);
    return NULL;
}
