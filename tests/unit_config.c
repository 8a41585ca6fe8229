/* unit_config.c -- flags beat environment beat defaults; bad values name their source. */
#include <criterion/criterion.h>
#include <string.h>

#include "server/config.h"
#include "server/log.h"

#define ARGV(...) ((const char *[]){"sudokud", __VA_ARGS__, NULL})

/* Loads from a NULL-terminated argv. */
static config_action load(struct config *cfg, const char **argv, const char **env, char *err)
{
    int n = 0;
    while (argv[n] != NULL) n++;
    return config_load(cfg, n, argv, env, err, CONFIG_ERR_LEN);
}

Test(config, defaults_match_the_contract)
{
    struct config c;
    char err[CONFIG_ERR_LEN];
    const char *argv[] = {"sudokud", NULL};
    cr_assert_eq(load(&c, argv, NULL, err), CONFIG_RUN);
    cr_assert_str_eq(c.bind, "127.0.0.1");
    cr_assert_eq(c.port, 8080);
    cr_assert_geq(c.workers, 1);
    cr_assert_eq(c.queue_depth, 1024);
    cr_assert_eq(c.max_body, 1024 * 1024);
    cr_assert_eq(c.max_batch_body, 16 * 1024 * 1024);
    cr_assert_eq(c.max_batch_items, 100000);
    cr_assert_eq(c.max_image_body, 16 * 1024 * 1024);
    cr_assert_eq(c.default_timeout_ms, 2000);
    cr_assert_eq(c.max_timeout_ms, 10000);
    cr_assert_eq(c.max_nodes, 10000000);
    cr_assert_eq(c.max_connections, 4096);
    cr_assert_eq(c.connection_timeout, 30);
    cr_assert_str_eq(c.cors_origins, "");
    cr_assert_eq(c.log_level, LOG_LEVEL_INFO);
    cr_assert_null(c.probe_url);
}

Test(config, env_beats_default_and_flag_beats_env)
{
    struct config c;
    char err[CONFIG_ERR_LEN];
    const char *env[] = {
        "SUDOKUD_WORKERS=3",         "SUDOKUD_PORT=9000", "SUDOKUD_LOG_LEVEL=debug",
        "SUDOKUD_MAX_IMAGE_BODY=4M", "OTHER=1",           NULL};
    const char **argv = ARGV("--port", "9100");
    cr_assert_eq(load(&c, argv, env, err), CONFIG_RUN, "%s", err);
    cr_assert_eq(c.workers, 3, "env beats default");
    cr_assert_eq(c.max_image_body, 4 * 1024 * 1024);
    cr_assert_eq(c.port, 9100, "flag beats env");
    cr_assert_eq(c.log_level, LOG_LEVEL_DEBUG);
}

Test(config, flag_equals_form_and_sizes_with_suffixes)
{
    struct config c;
    char err[CONFIG_ERR_LEN];
    const char **argv =
        ARGV("--max-body=64K", "--max-batch-body", "2MiB", "--cors-origins=*", "--bind=::1");
    cr_assert_eq(load(&c, argv, NULL, err), CONFIG_RUN, "%s", err);
    cr_assert_eq(c.max_body, 64 * 1024);
    cr_assert_eq(c.max_batch_body, 2 * 1024 * 1024);
    cr_assert_str_eq(c.cors_origins, "*");
    cr_assert_str_eq(c.bind, "::1");
}

Test(config, empty_env_counts_as_unset)
{
    struct config c;
    char err[CONFIG_ERR_LEN];
    const char *env[] = {"SUDOKUD_PORT=", NULL};
    const char *argv[] = {"sudokud", NULL};
    cr_assert_eq(load(&c, argv, env, err), CONFIG_RUN, "%s", err);
    cr_assert_eq(c.port, 8080);
}

static void expect_error(const char **argv, const char **env, const char *names)
{
    struct config c;
    char err[CONFIG_ERR_LEN];
    cr_assert_eq(load(&c, argv, env, err), CONFIG_ERROR, "accepted: %s", names);
    cr_assert(strstr(err, names) != NULL, "error '%s' does not name %s", err, names);
}

Test(config, bad_values_name_their_flag_or_variable)
{
    expect_error(ARGV("--workers", "0"), NULL, "--workers");
    expect_error(ARGV("--workers", "abc"), NULL, "--workers");
    expect_error(ARGV("--port", "70000"), NULL, "--port");
    expect_error(ARGV("--port", "-1"), NULL, "--port");
    expect_error(ARGV("--max-body", "12Q"), NULL, "--max-body");
    expect_error(ARGV("--max-body", "99999999999999999999999"), NULL, "--max-body");
    expect_error(ARGV("--log-level", "loud"), NULL, "--log-level");
    expect_error(ARGV("--queue-depth"), NULL, "--queue-depth");
    expect_error(ARGV("--frobnicate"), NULL, "--frobnicate");
    expect_error(ARGV("positional"), NULL, "positional");
    const char *env[] = {"SUDOKUD_MAX_NODES=lots", NULL};
    const char *argv[] = {"sudokud", NULL};
    expect_error(argv, env, "SUDOKUD_MAX_NODES");
}

Test(config, default_timeout_may_not_exceed_the_maximum)
{
    expect_error(ARGV("--default-timeout-ms", "5000", "--max-timeout-ms", "1000"), NULL, "timeout");
}

Test(config, log_level_names_read_back)
{
    static const char *const names[] = {"error", "warn", "info", "debug"};
    for (int k = 0; k < 4; k++) {
        log_level l;
        cr_assert_eq(log_level_parse(names[k], &l), 0, "%s", names[k]);
        cr_assert_eq(l, (log_level)k);
        cr_assert_str_eq(log_level_str(l), names[k]);
    }
    log_level l = LOG_LEVEL_WARN;
    cr_assert_eq(log_level_parse("Info", &l), -1);
    cr_assert_eq(l, LOG_LEVEL_WARN);
    cr_assert_str_eq(log_level_str((log_level)4), "?");
}

Test(config, help_version_and_probe_actions)
{
    struct config c;
    char err[CONFIG_ERR_LEN];
    cr_assert_eq(load(&c, ARGV("--help"), NULL, err), CONFIG_HELP);
    cr_assert_eq(load(&c, ARGV("--version"), NULL, err), CONFIG_VERSION);
    cr_assert_eq(load(&c, ARGV("--probe", "http://127.0.0.1:1/healthz"), NULL, err), CONFIG_PROBE);
    cr_assert_str_eq(c.probe_url, "http://127.0.0.1:1/healthz");
}

Test(config, help_lists_every_flag_with_its_variable)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    config_print_help(f);
    fclose(f);
    static const char *const expected[] = {
        "--bind",
        "SUDOKUD_BIND",
        "--port",
        "SUDOKUD_PORT",
        "--workers",
        "SUDOKUD_WORKERS",
        "--queue-depth",
        "--max-body",
        "--max-batch-body",
        "--max-batch-items",
        "--default-timeout-ms",
        "--max-timeout-ms",
        "--max-nodes",
        "--max-connections",
        "--connection-timeout",
        "--cors-origins",
        "--log-level",
        "SUDOKUD_LOG_LEVEL",
        "--probe",
        "--help",
        "--version",
    };
    for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++)
        cr_assert(strstr(text, expected[i]) != NULL, "--help does not mention %s", expected[i]);
    free(text);
}
