/* unit_scan_classify.c -- the C forward pass (scan/classify.c) against the training script.
 *
 * tests/data/scan/classify_ref.txt is written by scan/train/train.py with the very weights it
 * exported to scan/model/digits.bin: cells of every class cut by build/scan-dump from train
 * photos of wichtounet/sudoku_dataset (CC-BY-4.0, see tests/data/README.md), a few rendered
 * digits, and an all-paper and an all-ink cell, each with PyTorch's probabilities. The C code
 * must give the same class and the same probabilities up to float rounding (the two sum in
 * different orders). Retraining rewrites both files together.
 *
 *   line: CLASS P0 .. P18 HEX   (HEX: the 32x32 cell bytes, row-major, as 2048 hex digits)
 */
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/classify.h"
#include "tests/support/fixtures.h"

#define REF       "tests/data/scan/classify_ref.txt"
#define TOLERANCE 1e-4f

typedef struct ref_cell {
    int cls;
    float probs[SCAN_CLASSES];
    unsigned char cell[SCAN_CELL_BYTES];
} ref_cell;

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Parses one fixture line into r; fails the test on a malformed line. */
static void parse_ref(const char *line, ref_cell *r)
{
    int used = 0;
    cr_assert_eq(sscanf(line, "%d%n", &r->cls, &used), 1, "no class in: %.40s", line);
    const char *p = line + used;
    for (int k = 0; k < SCAN_CLASSES; k++) {
        cr_assert_eq(sscanf(p, "%f%n", &r->probs[k], &used), 1, "probability %d missing", k);
        p += used;
    }
    cr_assert_eq(*p, ' ');
    p++;
    cr_assert_eq(strlen(p), 2 * SCAN_CELL_BYTES, "cell is not %d hex digits", 2 * SCAN_CELL_BYTES);
    for (int i = 0; i < SCAN_CELL_BYTES; i++) {
        int hi = hex_digit(p[2 * i]), lo = hex_digit(p[2 * i + 1]);
        cr_assert(hi >= 0 && lo >= 0, "bad hex digit at byte %d", i);
        r->cell[i] = (unsigned char)(hi << 4 | lo);
    }
}

static int argmax(const float *p)
{
    int best = 0;
    for (int k = 1; k < SCAN_CLASSES; k++)
        if (p[k] > p[best]) best = k;
    return best;
}

Test(scan_classify, embedded_model_has_the_expected_layout)
{
    cr_assert(scan_classify_model_ok());
}

Test(scan_classify, agrees_with_the_training_script_on_its_reference_cells)
{
    size_t n = 0;
    char **lines = test_read_lines(REF, &n);
    bool seen[SCAN_CLASSES] = {false};

    cr_assert_geq(n, SCAN_CLASSES, "%s holds %zu cells", REF, n);
    for (size_t i = 0; i < n; i++) {
        ref_cell r;
        float probs[SCAN_CLASSES];
        parse_ref(lines[i], &r);
        scan_classify(r.cell, probs);
        cr_expect_eq(argmax(probs), r.cls, "cell %zu: C reads %d, torch %d", i, argmax(probs),
                     r.cls);
        for (int k = 0; k < SCAN_CLASSES; k++)
            cr_expect(fabsf(probs[k] - r.probs[k]) <= TOLERANCE,
                      "cell %zu class %d: C %.7f, torch %.7f", i, k, probs[k], r.probs[k]);
        seen[r.cls] = true;
    }
    test_free_lines(lines);
    /* The fixture must exercise the printed and the handwritten halves, not only blanks. */
    cr_assert(seen[0]);
    for (int d = 1; d <= 9; d++)
        cr_assert(seen[d] && seen[d + 9], "no reference cell read as %d and as %d", d, d + 9);
}

/* scan/classify_kernels.h promises the same bits from every vector width: the 8-wide kernels
 * run where the CPU has AVX2 (then scan_classify uses them), the 4-wide ones everywhere. An
 * AVX2 machine that did not run them would compare nothing here, so that fails too. */
Test(scan_classify, every_vector_width_gives_the_same_bits)
{
    size_t n = 0;
    char **lines = test_read_lines(REF, &n);
    float probs[SCAN_CLASSES];
    unsigned char blank[SCAN_CELL_BYTES] = {0};
#if defined(__x86_64__) && !defined(SDK_PORTABLE)
    bool avx2 = __builtin_cpu_supports("avx2");
#else
    bool avx2 = false;
#endif

    cr_assert_gt(n, 0, "%s holds no cells", REF);
    cr_assert_not(scan_classify_lanes(blank, probs, 16), "no 16-wide kernels are built");
    cr_assert_not(scan_classify_lanes(blank, probs, 0));
    cr_assert_eq(scan_classify_lanes(blank, probs, 8), avx2, "8-wide kernels ran: %d, AVX2: %d",
                 !avx2, avx2);
    for (size_t i = 0; i < n; i++) {
        ref_cell r;
        float widest[SCAN_CLASSES], four[SCAN_CLASSES], eight[SCAN_CLASSES];
        parse_ref(lines[i], &r);
        scan_classify(r.cell, widest);
        cr_assert(scan_classify_lanes(r.cell, four, 4));
        if (avx2) {
            cr_assert(scan_classify_lanes(r.cell, eight, 8));
            cr_expect_arr_eq(eight, four, sizeof(four), "cell %zu: 8-wide and 4-wide differ", i);
            cr_expect_arr_eq(widest, eight, sizeof(eight), "cell %zu: not the 8-wide reading", i);
        } else {
            cr_expect_arr_eq(widest, four, sizeof(four), "cell %zu: not the 4-wide reading", i);
        }
    }
    test_free_lines(lines);
}

/* The blob's float number i after its 84-byte header (scan/classify.c draws the layout). */
static float blob(size_t i)
{
    float f;
    memcpy(&f, scan_model_digits + 84 + i * sizeof(f), sizeof(f));
    return f;
}

/* conv3x3 + relu + maxpool 2 as the plain scalar loop the vector kernels replaced: in and out
 * carry a zero border; each output is its bias plus, per input channel, the nine taps summed
 * left to right. Weights [co][ci][9] then biases from blob index *w, moved past them. */
static void plain_conv_pool(const float *in, int cin, int n, float *out, int cout, size_t *w)
{
    int p = n + 2, q = n / 2 + 2;
    size_t bias = *w + (size_t)cout * cin * 9;
    float acc[SCAN_CELL_SIDE * SCAN_CELL_SIDE];

    for (int co = 0; co < cout; co++) {
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                float a = blob(bias + (size_t)co);
                for (int ci = 0; ci < cin; ci++) {
                    const float *r0 = in + ((size_t)ci * p + y) * p + x, *r1 = r0 + p, *r2 = r1 + p;
                    size_t k = *w + ((size_t)co * cin + ci) * 9;
                    a += blob(k) * r0[0] + blob(k + 1) * r0[1] + blob(k + 2) * r0[2] +
                         blob(k + 3) * r1[0] + blob(k + 4) * r1[1] + blob(k + 5) * r1[2] +
                         blob(k + 6) * r2[0] + blob(k + 7) * r2[1] + blob(k + 8) * r2[2];
                }
                acc[y * n + x] = a;
            }
        for (int y = 0; y < n / 2; y++)
            for (int x = 0; x < n / 2; x++) {
                const float *a = acc + 2 * y * n + 2 * x;
                float m = fmaxf(fmaxf(a[0], a[1]), fmaxf(a[n], a[n + 1]));
                out[((size_t)co * q + y + 1) * q + x + 1] = fmaxf(m, 0.0f);
            }
    }
    *w = bias + (size_t)cout;
}

/* out[o] = (sum over i ascending of W[o][i] in[i]) + bias[o], relu when hidden. */
static void plain_dense(const float *in, int nin, float *out, int nout, bool relu, size_t *w)
{
    size_t bias = *w + (size_t)nout * nin;
    for (int o = 0; o < nout; o++) {
        float s = 0.0f;
        for (int i = 0; i < nin; i++) s += blob(*w + (size_t)o * nin + i) * in[i];
        out[o] = s + blob(bias + (size_t)o);
        if (relu) out[o] = fmaxf(out[o], 0.0f);
    }
    *w = bias + (size_t)nout;
}

/* The 16/32/64 network of scan/classify.c, plainly. */
static void plain_classify(const unsigned char *cell, float probs[SCAN_CLASSES])
{
    enum { S = SCAN_CELL_SIDE, FLAT = 64 * (S / 8) * (S / 8), HIDDEN = 128 };
    static float in[(S + 2) * (S + 2)], a1[16 * (S / 2 + 2) * (S / 2 + 2)],
        a2[32 * (S / 4 + 2) * (S / 4 + 2)], a3[64 * (S / 8 + 2) * (S / 8 + 2)];
    float flat[FLAT], hidden[HIDDEN], logits[SCAN_CLASSES];
    size_t w = 0;

    memset(in, 0, sizeof(in));
    memset(a1, 0, sizeof(a1));
    memset(a2, 0, sizeof(a2));
    memset(a3, 0, sizeof(a3));
    for (int y = 0; y < S; y++)
        for (int x = 0; x < S; x++) in[(y + 1) * (S + 2) + x + 1] = cell[y * S + x] / 255.0f;
    plain_conv_pool(in, 1, S, a1, 16, &w);
    plain_conv_pool(a1, 16, S / 2, a2, 32, &w);
    plain_conv_pool(a2, 32, S / 4, a3, 64, &w);
    for (int c = 0; c < 64; c++)
        for (int y = 0; y < S / 8; y++)
            for (int x = 0; x < S / 8; x++)
                flat[(c * (S / 8) + y) * (S / 8) + x] =
                    a3[(c * (S / 8 + 2) + y + 1) * (S / 8 + 2) + x + 1];
    plain_dense(flat, FLAT, hidden, HIDDEN, true, &w);
    plain_dense(hidden, HIDDEN, logits, SCAN_CLASSES, false, &w);
    float top = logits[0], sum = 0.0f;
    for (int k = 1; k < SCAN_CLASSES; k++) top = fmaxf(top, logits[k]);
    for (int k = 0; k < SCAN_CLASSES; k++) sum += probs[k] = expf(logits[k] - top);
    for (int k = 0; k < SCAN_CLASSES; k++) probs[k] /= sum;
}

/* scan/classify.c promises its kernels sum every output in the plain loop's order, so they give
 * its bits exactly (as the code before them did), on the reference cells and on odd ones. */
Test(scan_classify, gives_the_plain_loops_bits)
{
    size_t n = 0;
    char **lines = test_read_lines(REF, &n);
    unsigned char odd[3][SCAN_CELL_BYTES];

    for (int i = 0; i < SCAN_CELL_BYTES; i++) {
        odd[0][i] = 255;
        odd[1][i] = (unsigned char)(i * 37 % 256);
        odd[2][i] = (unsigned char)(i % 5 == 0 ? 255 : 0);
    }
    for (size_t i = 0; i < n + 3; i++) {
        ref_cell r;
        if (i < n)
            parse_ref(lines[i], &r);
        else
            memcpy(r.cell, odd[i - n], sizeof(r.cell));
        float plain[SCAN_CLASSES], probs[SCAN_CLASSES];
        plain_classify(r.cell, plain);
        scan_classify(r.cell, probs);
        cr_expect_arr_eq(probs, plain, sizeof(plain), "cell %zu: not the plain loop's bits", i);
    }
    test_free_lines(lines);
}

typedef struct first_use {
    unsigned char cell[SCAN_CELL_BYTES];
    float probs[SCAN_CLASSES];
} first_use;

static void *classify_one(void *arg)
{
    first_use *u = arg;
    scan_classify(u->cell, u->probs);
    return NULL;
}

/* Each Criterion test runs in a fresh process, so these threads are the first callers and race
 * to repack the weights: the repacking must happen once, fully, before any of them reads it
 * (make test-tsan runs this under ThreadSanitizer, which flagged C11 call_once here). */
Test(scan_classify, threads_calling_first_at_once_read_alike)
{
    enum { THREADS = 4 };
    first_use use[THREADS];
    pthread_t tid[THREADS];

    for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < SCAN_CELL_BYTES; i++) use[t].cell[i] = (unsigned char)(i * 37 % 256);
        cr_assert_eq(pthread_create(&tid[t], NULL, classify_one, &use[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) cr_assert_eq(pthread_join(tid[t], NULL), 0);
    float sum = 0;
    for (int k = 0; k < SCAN_CLASSES; k++) sum += use[0].probs[k];
    cr_assert_float_eq(sum, 1.0f, 1e-5f, "the first thread read no distribution");
    for (int t = 1; t < THREADS; t++)
        cr_assert_arr_eq(use[t].probs, use[0].probs, sizeof(use[0].probs), "thread %d differs", t);
}

Test(scan_classify, probabilities_are_a_distribution)
{
    unsigned char cell[SCAN_CELL_BYTES];
    float probs[SCAN_CLASSES];

    for (int i = 0; i < SCAN_CELL_BYTES; i++) cell[i] = (unsigned char)(i * 37 % 256);
    scan_classify(cell, probs);
    float sum = 0;
    for (int k = 0; k < SCAN_CLASSES; k++) {
        cr_assert(probs[k] >= 0.0f && probs[k] <= 1.0f);
        sum += probs[k];
    }
    cr_assert_float_eq(sum, 1.0f, 1e-5f);
}

Test(scan_classify, paper_only_cell_is_blank)
{
    unsigned char cell[SCAN_CELL_BYTES] = {0};
    float probs[SCAN_CLASSES];

    scan_classify(cell, probs);
    cr_assert_eq(argmax(probs), 0);
    cr_assert_gt(probs[0], 0.9f);
}
