/* config.h -- every tunable of sudokud: one table, flags beat environment beat defaults.
 *
 * CONFIG_OPTIONS is the single place where an option is named: its field in
 * struct config, its --flag, its SUDOKUD_* variable, its kind, default and
 * range. config_defaults(), config_load() and config_print_help() all expand
 * the same table, so --help cannot drift from what is parsed.
 */
#ifndef SUDOKUD_CONFIG_H
#define SUDOKUD_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scan/scan.h"
#include "server/log.h"
#include "version.h"

#define SUDOKUD_NAME "sudokud"

/* Room for any start-up error message config_load() writes. */
#define CONFIG_ERR_LEN 256

/* Kinds of values: STR (text), UINT (decimal integer), SIZE (bytes, with an
 * optional K/M/G or KiB/MiB/GiB suffix, binary), LEVEL (a log level name). */
enum config_kind { CONFIG_STR, CONFIG_UINT, CONFIG_SIZE, CONFIG_LEVEL };

#define CONFIG_KIB (UINT64_C(1024))
#define CONFIG_MIB (UINT64_C(1024) * CONFIG_KIB)
#define CONFIG_GIB (UINT64_C(1024) * CONFIG_MIB)

/* X(field, flag, env, kind, default, min, max, metavar, help)
 * For STR and LEVEL min/max are unused (0).
 * `workers` defaults to the number of online CPUs (0 here means "ask"). */
#define CONFIG_OPTIONS(X)                                                                          \
    X(bind, "--bind", "SUDOKUD_BIND", CONFIG_STR, "127.0.0.1", 0, 0, "ADDR",                       \
      "address to listen on (IPv4 or IPv6 literal)")                                               \
    X(port, "--port", "SUDOKUD_PORT", CONFIG_UINT, 8080, 0, 65535, "N",                            \
      "TCP port; 0 picks a free one")                                                              \
    X(workers, "--workers", "SUDOKUD_WORKERS", CONFIG_UINT, 0, 1, 1024, "N", "solver threads")     \
    X(queue_depth, "--queue-depth", "SUDOKUD_QUEUE_DEPTH", CONFIG_UINT, 1024, 1, 1000000, "N",     \
      "jobs waiting for a worker before 503 queue-full")                                           \
    X(max_body, "--max-body", "SUDOKUD_MAX_BODY", CONFIG_SIZE, CONFIG_MIB, 1024, CONFIG_GIB,       \
      "BYTES", "largest solve/validate request body")                                              \
    X(max_batch_body, "--max-batch-body", "SUDOKUD_MAX_BATCH_BODY", CONFIG_SIZE, 16 * CONFIG_MIB,  \
      1024, CONFIG_GIB, "BYTES", "largest batch request body")                                     \
    X(max_image_body, "--max-image-body", "SUDOKUD_MAX_IMAGE_BODY", CONFIG_SIZE, 16 * CONFIG_MIB,  \
      1024, CONFIG_GIB, "BYTES", "largest photo POST /v1/scan takes")                              \
    X(max_image_pixels, "--max-image-pixels", "SUDOKUD_MAX_IMAGE_PIXELS", CONFIG_UINT,             \
      SCAN_MAX_PIXELS, 10000, SCAN_MAX_PIXELS, "N",                                                \
      "most pixels a photo's header may claim (a PNG decodes at ~6 B each)")                       \
    X(max_batch_items, "--max-batch-items", "SUDOKUD_MAX_BATCH_ITEMS", CONFIG_UINT, 100000, 1,     \
      10000000, "N", "most puzzles in one batch")                                                  \
    X(default_timeout_ms, "--default-timeout-ms", "SUDOKUD_DEFAULT_TIMEOUT_MS", CONFIG_UINT, 2000, \
      1, 3600000, "N", "solve time budget when the request names none")                            \
    X(max_timeout_ms, "--max-timeout-ms", "SUDOKUD_MAX_TIMEOUT_MS", CONFIG_UINT, 10000, 1,         \
      3600000, "N", "largest timeout_ms a request may ask for")                                    \
    X(max_nodes, "--max-nodes", "SUDOKUD_MAX_NODES", CONFIG_UINT, 10000000, 1,                     \
      UINT64_C(1000000000000000), "N", "search node budget of one solve")                          \
    X(max_connections, "--max-connections", "SUDOKUD_MAX_CONNECTIONS", CONFIG_UINT, 4096, 1,       \
      1000000, "N", "open connections at once (raises RLIMIT_NOFILE)")                             \
    X(connection_timeout, "--connection-timeout", "SUDOKUD_CONNECTION_TIMEOUT", CONFIG_UINT, 30,   \
      0, 86400, "S",                                                                               \
      "idle seconds before a close; also caps sending headers, then body; 0 = never")              \
    X(generate_reserve, "--generate-reserve", "SUDOKUD_GENERATE_RESERVE", CONFIG_UINT, 4, 0, 100,  \
      "N", "unseeded 9x9 puzzles kept ready per difficulty by idle workers; 0 = none")             \
    X(cors_origins, "--cors-origins", "SUDOKUD_CORS_ORIGINS", CONFIG_STR, "", 0, 0, "LIST",        \
      "comma-separated allowed Origins, or *")                                                     \
    X(log_level, "--log-level", "SUDOKUD_LOG_LEVEL", CONFIG_LEVEL, LOG_LEVEL_INFO, 0, 0, "L",      \
      "error, warn, info or debug")

#define CONFIG_TYPE_CONFIG_STR   const char *
#define CONFIG_TYPE_CONFIG_UINT  uint64_t
#define CONFIG_TYPE_CONFIG_SIZE  uint64_t
#define CONFIG_TYPE_CONFIG_LEVEL log_level

/* The CPUs this process may run on (its affinity mask: taskset, a
 * container's cpuset), at least 1. */
uint64_t config_cpus(void);

/* The settings of one server. Strings point into argv, the environment or
 * static defaults: they live as long as those do (the whole process). */
struct config {
#define X(field, flag, env, kind, def, min, max, metavar, help) CONFIG_TYPE_##kind field;
    CONFIG_OPTIONS(X)
#undef X
    const char *probe_url; /* --probe URL, else NULL */
};

/* What main should do after config_load(). */
typedef enum config_action {
    CONFIG_RUN = 0, /* serve with the loaded settings */
    CONFIG_HELP,    /* print config_print_help() and exit 0 */
    CONFIG_VERSION, /* print the version and exit 0 */
    CONFIG_PROBE,   /* run the health probe against cfg->probe_url */
    CONFIG_ERROR,   /* err names the flag or variable; exit 2 */
} config_action;

/* Fills cfg with the defaults (workers = online CPUs). Never fails. */
void config_defaults(struct config *cfg);

/* Loads defaults, then the SUDOKUD_* variables of envp (NULL-terminated, may
 * be NULL; an empty value counts as unset), then argv[1..argc-1] flags
 * (`--flag value` or `--flag=value`). On CONFIG_ERROR err (errlen bytes,
 * CONFIG_ERR_LEN is enough) says which flag or variable was bad and why, and
 * cfg is unspecified. Thread-safe (touches only its arguments). */
config_action config_load(struct config *cfg, int argc, const char *const *argv,
                          const char *const *envp, char *err, size_t errlen);

/* Writes the usage text: every flag with its variable and default. */
void config_print_help(FILE *out);

#endif /* SUDOKUD_CONFIG_H */
