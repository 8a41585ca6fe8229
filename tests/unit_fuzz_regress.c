/* unit_fuzz_regress.c -- replays fuzzer findings and seed corpora through the fuzz harnesses.
 *
 * Every file in tests/data/fuzz-regress/<harness>/ (inputs that once crashed
 * or broke an invariant) and in fuzz/corpus/<harness>/ (the seeds) is fed to
 * the harness's LLVMFuzzerTestOneInput, compiled into this binary under a
 * per-harness name, so the regression runs with the same entry points and the
 * same checks as the fuzzer, but in the ordinary ASan+UBSan unit build and
 * without libFuzzer. One case a harness replays all its files in one
 * process, as libFuzzer does (a process a file cost six minutes of start-up
 * and leak checks under ASan). A harness check fails with __builtin_trap()
 * and a sanitizer report aborts: either way Criterion reports that
 * harness's case as crashed, and `build/asan/tests/unit --filter
 * fuzz_regress/replay --verbose` names each file as it is replayed, the
 * culprit last.
 *
 * Adding a finding: save the input as tests/data/fuzz-regress/<harness>/<slug>
 * (the harness name is the fuzz/<harness>.c file name without .c).
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each harness defines LLVMFuzzerTestOneInput: give each its own name. */
#define LLVMFuzzerTestOneInput fuzz_regress_grid
#include "fuzz/fuzz_grid.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_solve_json
#include "fuzz/fuzz_solve_json.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_validate_json
#include "fuzz/fuzz_validate_json.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_batch_json
#include "fuzz/fuzz_batch_json.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_batch_text
#include "fuzz/fuzz_batch_text.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_api
#include "fuzz/fuzz_api.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_generate
#include "fuzz/fuzz_generate.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_scan
#include "fuzz/fuzz_scan.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_scan_decode
#include "fuzz/fuzz_scan_decode.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_scan_locate
#include "fuzz/fuzz_scan_locate.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_formats
#include "fuzz/fuzz_formats.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_query
#include "fuzz/fuzz_query.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_regress_fpuzzles
#include "fuzz/fuzz_fpuzzles.c"
#undef LLVMFuzzerTestOneInput

typedef int (*regress_entry)(const uint8_t *data, size_t size);

static const struct {
    const char *name;
    regress_entry entry;
} regress_harnesses[] = {
    {"fuzz_grid", fuzz_regress_grid},
    {"fuzz_solve_json", fuzz_regress_solve_json},
    {"fuzz_validate_json", fuzz_regress_validate_json},
    {"fuzz_batch_json", fuzz_regress_batch_json},
    {"fuzz_batch_text", fuzz_regress_batch_text},
    {"fuzz_api", fuzz_regress_api},
    {"fuzz_generate", fuzz_regress_generate},
    {"fuzz_scan", fuzz_regress_scan},
    {"fuzz_scan_decode", fuzz_regress_scan_decode},
    {"fuzz_scan_locate", fuzz_regress_scan_locate},
    {"fuzz_formats", fuzz_regress_formats},
    {"fuzz_query", fuzz_regress_query},
    {"fuzz_fpuzzles", fuzz_regress_fpuzzles},
};
#define REGRESS_NHARNESSES (sizeof(regress_harnesses) / sizeof(regress_harnesses[0]))

static const char *const regress_roots[] = {"tests/data/fuzz-regress", "fuzz/corpus"};

/* One harness. Plain data: parameters live in Criterion's shared memory. */
struct regress_case {
    size_t harness;
};

typedef void regress_visit(size_t harness, bool seed, const char *path);

/* Calls visit (unless NULL) on every file of harness h's directories (seed:
 * from fuzz/corpus, which may be refused, not tests/data/fuzz-regress) and
 * returns how many there are. */
static size_t regress_each(size_t h, regress_visit *visit)
{
    size_t n = 0;
    for (size_t r = 0; r < sizeof(regress_roots) / sizeof(regress_roots[0]); r++) {
        char dir[160], path[512]; /* a 160-byte directory, "/" and a 255-byte name fit */
        snprintf(dir, sizeof(dir), "%s/%s", regress_roots[r], regress_harnesses[h].name);
        DIR *d = opendir(dir);
        if (d == NULL) continue;
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (e->d_name[0] == '.') continue;
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
            if (visit) visit(h, r > 0, path);
            n++;
        }
        closedir(d);
    }
    return n;
}

static void regress_free_params(struct criterion_test_params *p)
{
    cr_free(p->params);
}

ParameterizedTestParameters(fuzz_regress, replay)
{
    struct regress_case *cases = cr_malloc(sizeof(*cases) * REGRESS_NHARNESSES);
    if (cases == NULL) return cr_make_param_array(struct regress_case, NULL, 0);
    for (size_t h = 0; h < REGRESS_NHARNESSES; h++) cases[h].harness = h;
    return cr_make_param_array(struct regress_case, cases, REGRESS_NHARNESSES, regress_free_params);
}

/* Reads a whole file into a malloc'd buffer of exactly its size, so the
 * harness sees no bytes past the end (ASan catches over-reads, as in libFuzzer). */
static uint8_t *regress_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s: %s", path, strerror(errno));
    cr_assert_eq(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    cr_assert_geq(size, 0);
    rewind(f);
    uint8_t *data = malloc(size > 0 ? (size_t)size : 1);
    cr_assert_not_null(data);
    cr_assert_eq(fread(data, 1, (size_t)size, f), (size_t)size, "short read of %s", path);
    fclose(f);
    *len = (size_t)size;
    return data;
}

static void regress_replay(size_t harness, bool seed, const char *path)
{
    size_t len;
    uint8_t *data = regress_read(path, &len);
    cr_log_info("%s <- %s", regress_harnesses[harness].name, path);
    int rc = regress_harnesses[harness].entry(data, len);
    /* -1 is libFuzzer's "not worth running" (too long, an unusable query line):
     * fine for a grown seed, but a regression input must really run */
    if (seed)
        cr_expect(rc == 0 || rc == -1, "%s: rc %d", path, rc);
    else
        cr_expect_eq(rc, 0, "%s: the harness refused the input (rc %d)", path, rc);
    free(data);
}

ParameterizedTest(struct regress_case *c, fuzz_regress, replay, .timeout = 600)
{
    regress_each(c->harness, regress_replay);
}

/* A directory name that matches no harness would silently never be replayed. */
Test(fuzz_regress, every_directory_names_a_harness)
{
    for (size_t r = 0; r < sizeof(regress_roots) / sizeof(regress_roots[0]); r++) {
        DIR *d = opendir(regress_roots[r]);
        cr_assert_not_null(d, "run from the repository root: %s is missing", regress_roots[r]);
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (e->d_name[0] == '.') continue;
            bool known = false;
            for (size_t h = 0; h < REGRESS_NHARNESSES; h++)
                known |= strcmp(e->d_name, regress_harnesses[h].name) == 0;
            cr_expect(known, "%s/%s matches no harness", regress_roots[r], e->d_name);
        }
        closedir(d);
    }
}

/* The harnesses' own seed corpora are part of the replay: make sure it found some. */
Test(fuzz_regress, corpora_are_present)
{
    size_t files = 0;
    for (size_t h = 0; h < REGRESS_NHARNESSES; h++) files += regress_each(h, NULL);
    cr_assert_gt(files, REGRESS_NHARNESSES, "no seed corpora found");
}
