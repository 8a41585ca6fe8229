/* config.c -- defaults, SUDOKUD_* variables and flags, in that order of precedence.
 *
 * DESIGN: the X-macro table of config.h is turned into an array of option
 * descriptors (offset of the field, kind, range), so one loop handles the
 * environment and one handles argv whatever the option. Parsing is strict: a
 * number is all digits and within its range, sizes take a binary suffix, and
 * every error names the flag or variable it came from, because a typo in a
 * container's environment should stop the start, not be ignored.
 */
#include "server/config.h"

#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Per-kind halves of the table's default column. */
#define CONFIG_DSTR_CONFIG_STR(d)   (d)
#define CONFIG_DSTR_CONFIG_UINT(d)  NULL
#define CONFIG_DSTR_CONFIG_SIZE(d)  NULL
#define CONFIG_DSTR_CONFIG_LEVEL(d) NULL
#define CONFIG_DNUM_CONFIG_STR(d)   0
#define CONFIG_DNUM_CONFIG_UINT(d)  ((uint64_t)(d))
#define CONFIG_DNUM_CONFIG_SIZE(d)  ((uint64_t)(d))
#define CONFIG_DNUM_CONFIG_LEVEL(d) ((uint64_t)(d))

struct config_option {
    const char *flag;
    const char *env;
    enum config_kind kind;
    const char *def_str;
    uint64_t def_num;
    uint64_t min, max;
    const char *metavar;
    const char *help;
    size_t offset;
};

static const struct config_option config_options[] = {
#define X(field, flag, env, kind, def, min, max, metavar, help)                                    \
    {flag,  env,     kind, CONFIG_DSTR_##kind(def),       CONFIG_DNUM_##kind(def), (min),          \
     (max), metavar, help, offsetof(struct config, field)},
    CONFIG_OPTIONS(X)
#undef X
};

#define CONFIG_NOPTIONS (sizeof(config_options) / sizeof(config_options[0]))

uint64_t config_cpus(void)
{
    /* the CPUs this process may run on (taskset, a container's cpuset), not
     * all the machine has: more threads than that only take turns */
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
        return (uint64_t)CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (uint64_t)n;
}

void config_defaults(struct config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    for (size_t i = 0; i < CONFIG_NOPTIONS; i++) {
        const struct config_option *o = &config_options[i];
        char *field = (char *)cfg + o->offset;
        switch (o->kind) {
        case CONFIG_STR:
            memcpy(field, &o->def_str, sizeof(o->def_str));
            break;
        case CONFIG_UINT:
        case CONFIG_SIZE:
            memcpy(field, &o->def_num, sizeof(o->def_num));
            break;
        case CONFIG_LEVEL: {
            log_level level = (log_level)o->def_num;
            memcpy(field, &level, sizeof(level));
            break;
        }
        }
    }
    cfg->workers = config_cpus();
    if (cfg->workers > 1024) cfg->workers = 1024;
}

/* Parses decimal digits with an optional binary suffix when `sized`. Returns
 * 0, or -1 with the reason in why. */
static int config_parse_number(const char *text, bool sized, uint64_t *out, const char **why)
{
    uint64_t v = 0, mult = 1;
    const char *p = text;

    if (*p < '0' || *p > '9') {
        *why = sized ? "is not a size in bytes (digits, optional K/M/G suffix)"
                     : "is not a non-negative integer";
        return -1;
    }
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10) {
            *why = "is too large";
            return -1;
        }
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (*p != '\0' && sized) {
        if (strcasecmp(p, "k") == 0 || strcasecmp(p, "kib") == 0)
            mult = CONFIG_KIB;
        else if (strcasecmp(p, "m") == 0 || strcasecmp(p, "mib") == 0)
            mult = CONFIG_MIB;
        else if (strcasecmp(p, "g") == 0 || strcasecmp(p, "gib") == 0)
            mult = CONFIG_GIB;
        else
            mult = 0;
        p += strlen(p);
    }
    if (*p != '\0' || mult == 0) {
        *why = sized ? "is not a size in bytes (digits, optional K/M/G suffix)"
                     : "is not a non-negative integer";
        return -1;
    }
    if (v > UINT64_MAX / mult) {
        *why = "is too large";
        return -1;
    }
    *out = v * mult;
    return 0;
}

/* Sets one option from text; `source` is the flag or variable for messages. */
static int config_set(struct config *cfg, const struct config_option *o, const char *source,
                      const char *text, char *err, size_t errlen)
{
    char *field = (char *)cfg + o->offset;
    const char *why = NULL;
    uint64_t v;

    switch (o->kind) {
    case CONFIG_STR:
        memcpy(field, &text, sizeof(text));
        return 0;
    case CONFIG_LEVEL: {
        log_level level;
        if (log_level_parse(text, &level) != 0) {
            snprintf(err, errlen, "%s: '%s' is not one of error, warn, info, debug", source, text);
            return -1;
        }
        memcpy(field, &level, sizeof(level));
        return 0;
    }
    case CONFIG_UINT:
    case CONFIG_SIZE:
        if (config_parse_number(text, o->kind == CONFIG_SIZE, &v, &why) != 0) {
            snprintf(err, errlen, "%s: '%s' %s", source, text, why);
            return -1;
        }
        if (v < o->min || v > o->max) {
            snprintf(err, errlen, "%s: '%s' is out of range %llu..%llu", source, text,
                     (unsigned long long)o->min, (unsigned long long)o->max);
            return -1;
        }
        memcpy(field, &v, sizeof(v));
        return 0;
    }
    return -1;
}

static const char *config_getenv(const char *const *envp, const char *name)
{
    size_t n = strlen(name);
    for (const char *const *e = envp; e != NULL && *e != NULL; e++) {
        if (strncmp(*e, name, n) == 0 && (*e)[n] == '=') return *e + n + 1;
    }
    return NULL;
}

config_action config_load(struct config *cfg, int argc, const char *const *argv,
                          const char *const *envp, char *err, size_t errlen)
{
    config_defaults(cfg);
    if (errlen > 0) err[0] = '\0';

    for (size_t i = 0; i < CONFIG_NOPTIONS; i++) {
        const struct config_option *o = &config_options[i];
        const char *v = config_getenv(envp, o->env);
        if (v != NULL && v[0] != '\0' && config_set(cfg, o, o->env, v, err, errlen) != 0)
            return CONFIG_ERROR;
    }

    config_action action = CONFIG_RUN;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *eq = strchr(arg, '=');
        size_t name_len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
        const char *value = eq != NULL ? eq + 1 : NULL;

        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            return CONFIG_HELP;
        } else if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0) {
            action = action == CONFIG_RUN ? CONFIG_VERSION : action;
            continue;
        }

        const struct config_option *o = NULL;
        bool probe = name_len == strlen("--probe") && strncmp(arg, "--probe", name_len) == 0;
        for (size_t k = 0; k < CONFIG_NOPTIONS && !probe; k++) {
            if (strlen(config_options[k].flag) == name_len &&
                strncmp(arg, config_options[k].flag, name_len) == 0)
                o = &config_options[k];
        }
        if (o == NULL && !probe) {
            snprintf(err, errlen, "%.*s: unknown option (see --help)", (int)name_len, arg);
            return CONFIG_ERROR;
        }
        if (value == NULL) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "%.*s: missing value", (int)name_len, arg);
                return CONFIG_ERROR;
            }
            value = argv[++i];
        }
        if (probe) {
            cfg->probe_url = value;
            action = CONFIG_PROBE;
        } else if (config_set(cfg, o, o->flag, value, err, errlen) != 0) {
            return CONFIG_ERROR;
        }
    }

    if (cfg->default_timeout_ms > cfg->max_timeout_ms) {
        snprintf(err, errlen,
                 "--default-timeout-ms/SUDOKUD_DEFAULT_TIMEOUT_MS: %llu exceeds "
                 "--max-timeout-ms/SUDOKUD_MAX_TIMEOUT_MS %llu",
                 (unsigned long long)cfg->default_timeout_ms,
                 (unsigned long long)cfg->max_timeout_ms);
        return CONFIG_ERROR;
    }
    return action;
}

void config_print_help(FILE *out)
{
    fprintf(out,
            "usage: %s [options]\n\n"
            "Sudoku-solving HTTP JSON service. Flags beat environment variables beat "
            "defaults.\n\n",
            SUDOKUD_NAME);
    for (size_t i = 0; i < CONFIG_NOPTIONS; i++) {
        const struct config_option *o = &config_options[i];
        char lhs[64], def[64];
        snprintf(lhs, sizeof(lhs), "%s %s", o->flag, o->metavar);
        switch (o->kind) {
        case CONFIG_STR:
            snprintf(def, sizeof(def), "\"%s\"", o->def_str);
            break;
        case CONFIG_LEVEL:
            snprintf(def, sizeof(def), "%s", log_level_str((log_level)o->def_num));
            break;
        case CONFIG_UINT:
        case CONFIG_SIZE:
            if (o->offset == offsetof(struct config, workers))
                snprintf(def, sizeof(def), "online CPUs");
            else
                snprintf(def, sizeof(def), "%llu", (unsigned long long)o->def_num);
            break;
        }
        fprintf(out, "  %-28s %s\n  %-28s env %s, default %s\n", lhs, o->help, "", o->env, def);
    }
    fprintf(out, "  %-28s %s\n", "--probe URL",
            "GET an http://HOST:PORT/PATH URL, exit 0 on 2xx, else 1 (health checks)");
    fprintf(out, "  %-28s %s\n", "--help, -h", "print this help and exit");
    fprintf(out, "  %-28s %s\n", "--version, -V", "print the version and exit");
}
