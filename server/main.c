/* main.c -- sudokud: flags and environment -> config -> log -> HTTP server; signals; drain.
 *
 * DESIGN: signals are handled synchronously. SIGTERM and SIGINT are blocked
 * before any thread starts (threads inherit the mask), and the main thread
 * then sleeps in sigwait() while the server runs on its own threads. No
 * async handler means no async-signal-safety puzzles: the drain runs as
 * ordinary code. The worker pool is owned by the HTTP server rather than
 * made here, because its per-worker solvers are an API concern and only the
 * HTTP layer submits to it.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "scan/scan.h"
#include "server/config.h"
#include "server/http.h"
#include "server/json_read.h"
#include "server/log.h"
#include "server/probe.h"

/* How long a drain waits for requests in flight before closing anyway. */
#define MAIN_DRAIN_MS 5000u

/* File descriptors beyond the connections: listening socket, epoll sets,
 * wake-up pipes, stdio, log. */
#define MAIN_SPARE_FDS 64u

extern char **environ;

/* Raises the soft RLIMIT_NOFILE so max_connections sockets fit. */
static void main_raise_nofile(unsigned long long connections)
{
    struct rlimit rl;
    rlim_t want = (rlim_t)(connections + MAIN_SPARE_FDS);

    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= want) return;
    rlim_t soft = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want ? rl.rlim_max : want;
    rl.rlim_cur = soft;
    if (setrlimit(RLIMIT_NOFILE, &rl) != 0 || soft < want)
        LOG_WARN("start",
                 "open-file limit %llu is below --max-connections %llu + %u; connections past it "
                 "will be refused",
                 (unsigned long long)soft, connections, MAIN_SPARE_FDS);
}

int main(int argc, char **argv)
{
    struct config cfg;
    char err[CONFIG_ERR_LEN];
    sigset_t stop;
    int sig = 0;

    switch (config_load(&cfg, argc, (const char *const *)argv, (const char *const *)environ, err,
                        sizeof(err))) {
    case CONFIG_ERROR:
        fprintf(stderr, "%s: %s\n", SUDOKUD_NAME, err);
        return 2;
    case CONFIG_HELP:
        config_print_help(stdout);
        return 0;
    case CONFIG_VERSION:
        printf("%s %s\n", SUDOKUD_NAME, SUDOKUD_VERSION);
        return 0;
    case CONFIG_PROBE:
        if (probe_run(cfg.probe_url, err, sizeof(err)) != 0) {
            fprintf(stderr, "%s: probe: %s\n", SUDOKUD_NAME, err);
            return 1;
        }
        return 0;
    case CONFIG_RUN:
        break;
    }

    log_set_level(cfg.log_level);
    main_raise_nofile(cfg.max_connections);

    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigprocmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    json_global_init(); /* before any thread: cJSON's hooks are a global */
    scan_init();        /* likewise Leptonica's message setting */
    http_server *srv = http_start(&cfg, err, sizeof(err));
    if (srv == NULL) {
        LOG_ERROR("start", "%s", err);
        return 1;
    }
    if (strchr(cfg.bind, ':') != NULL)
        printf("listening on [%s]:%u\n", cfg.bind, (unsigned)http_port(srv));
    else
        printf("listening on %s:%u\n", cfg.bind, (unsigned)http_port(srv));
    fflush(stdout);
    LOG_INFO("start",
             "%s %s port=%u workers=%llu queue_depth=%llu max_connections=%llu log_level=%s "
             "cors_origins=\"%s\"",
             SUDOKUD_NAME, SUDOKUD_VERSION, (unsigned)http_port(srv),
             (unsigned long long)cfg.workers, (unsigned long long)cfg.queue_depth,
             (unsigned long long)cfg.max_connections, log_level_str(cfg.log_level),
             cfg.cors_origins[0] != '\0' ? cfg.cors_origins : "(off)");

    while (sigwait(&stop, &sig) != 0)
        ;
    LOG_INFO("stop", "%s: draining", sig == SIGINT ? "SIGINT" : "SIGTERM");
    http_drain(srv, MAIN_DRAIN_MS);
    http_stop(srv);
    LOG_INFO("stop", "stopped");
    return 0;
}
