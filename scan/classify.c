/* classify.c -- forward pass of the digit network over one cell, in plain C.
 *
 * DESIGN: the network (scan/train/train.py, class Net) is fixed here as it is there:
 *
 *   cell 32x32 bytes / 255
 *     conv3x3 pad 1,  1 -> 16, relu, maxpool 2    16 x 16 x 16
 *     conv3x3 pad 1, 16 -> 32, relu, maxpool 2    32 x  8 x  8
 *     conv3x3 pad 1, 32 -> 64, relu, maxpool 2    64 x  4 x  4  = 1024, channel-major
 *                                                 (torch's flatten order)
 *     dense 1024 -> 128, relu
 *     dense  128 -> 20, softmax
 *
 * about 2.6 million multiply-adds a cell. The first network had half these channels (8/16/32,
 * dense 64: 0.7 million) and read 97.4% of the cells of held-out handwritten photos; this one
 * reads 98.2% (scan/train/README.md).
 *
 * Speed. The weights are repacked once (pthread_once) into aligned tables with the output channel
 * innermost, and the loops of scan/classify_kernels.h run vectors along the output channels:
 * 4 floats wide anywhere, 8 (AVX2) where the CPU has it, chosen at run time, so the binary
 * still runs on any x86-64 with SSE4.2. Every output sums in the order the plain scalar loop
 * does, so every width gives that loop's bits (tests/unit_scan_classify.c holds both widths to
 * a plain loop and to each other). 81 cells take
 * 6.1 ms of one core with AVX2, 11.2 ms 4 floats wide (GCC 12 -O2 -msse4.2, the last table of
 * bench/scan.sh; the plain loop took 17.5 ms, scan/train/README.md).
 *
 * digits.bin (little-endian), as the build embeds it (the packed tables are copied from it):
 *
 *   offset  0  "SDKN"                      magic
 *           4  u32 version = 1
 *           8  u32 side = 32, u32 classes = 20, u32 layers = 5
 *          20  5 x (u32 kind, u32 inputs, u32 outputs)
 *                 kind 1 conv3x3+relu+maxpool2, 2 dense+relu, 3 dense+softmax
 *          80  f32 1.0                         byte-order and float-format check
 *          84  per layer: f32 weights [out][in][3][3] or [out][in], then f32 biases [out]
 *
 * The blob is an unsigned char array with no alignment promise, so every float is read with
 * memcpy, which compilers turn into a plain (unaligned) load.
 */
#include "scan/classify.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#define SIDE         SCAN_CELL_SIDE
#define HEADER_BYTES 84
#define LAYERS       5
#define C1           16 /* channels of the three conv stages */
#define C2           32
#define C3           64
#define LAST         (SIDE / 8) /* side of the last pooled map */
#define FLAT         (C3 * LAST * LAST)
#define HIDDEN       128

/* The 8-wide kernels (AVX2, chosen at run time) exist on x86-64 unless a portable build asks
 * for plain C. */
#if defined(__x86_64__) && !defined(SDK_PORTABLE)
#define CLASSIFY_AVX2 1
#else
#define CLASSIFY_AVX2 0
#endif

_Static_assert(SIDE % 8 == 0, "three 2x2 poolings need a side divisible by 8");
_Static_assert(C1 % 8 == 0 && C2 % 8 == 0 && C3 % 8 == 0,
               "the kernels step whole aligned vectors of up to 8 output channels");

enum { LAYER_CONV = 1, LAYER_DENSE = 2, LAYER_OUT = 3 };

static const uint32_t shape[LAYERS][3] = {
    {LAYER_CONV, 1, C1},
    {LAYER_CONV, C1, C2},
    {LAYER_CONV, C2, C3},
    {LAYER_DENSE, FLAT, HIDDEN},
    {LAYER_OUT, HIDDEN, SCAN_CLASSES},
};

static uint32_t u32_at(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float f32_at(const unsigned char *p, size_t i)
{
    float f;
    memcpy(&f, p + i * sizeof(f), sizeof(f));
    return f;
}

static size_t layer_weights(int l)
{
    return (size_t)shape[l][1] * shape[l][2] * (shape[l][0] == LAYER_CONV ? 9 : 1);
}

static size_t model_bytes(void)
{
    size_t n = HEADER_BYTES;
    for (int l = 0; l < LAYERS; l++) n += (layer_weights(l) + shape[l][2]) * sizeof(float);
    return n;
}

bool scan_classify_model_ok(void)
{
    const unsigned char *b = scan_model_digits;
    static const unsigned char one[4] = {0x00, 0x00, 0x80, 0x3f};
    float f = 1.0f;

    if (scan_model_digits_size != model_bytes() || memcmp(b, "SDKN", 4) != 0 ||
        u32_at(b + 4) != 1 || u32_at(b + 8) != SIDE || u32_at(b + 12) != SCAN_CLASSES ||
        u32_at(b + 16) != LAYERS || memcmp(b + 80, one, 4) != 0 || memcmp(&f, one, 4) != 0)
        return false;
    for (int l = 0; l < LAYERS; l++)
        for (int k = 0; k < 3; k++)
            if (u32_at(b + 20 + 12 * l + 4 * k) != shape[l][k]) return false;
    return true;
}

/* The weights, repacked once from the blob so that eight consecutive output channels sit in one
 * aligned vector: conv[ci][tap][co] and dense[i][o] (the blob has [co][ci][tap] and [o][i]). */
static struct packed {
    _Alignas(32) float conv1[1 * 9 * C1];
    _Alignas(32) float conv2[C1 * 9 * C2];
    _Alignas(32) float conv3[C2 * 9 * C3];
    _Alignas(32) float bias1[C1];
    _Alignas(32) float bias2[C2];
    _Alignas(32) float bias3[C3];
    _Alignas(32) float hidden[FLAT * HIDDEN];
    _Alignas(32) float hidden_bias[HIDDEN];
    const unsigned char *out_layer; /* the last layer's weights, read in place from the blob */
    bool ok;
    bool avx2; /* this CPU runs the 8-wide kernels */
} net;
/* pthread_once, not C11's call_once: glibc builds call_once on an internal pthread_once that
 * ThreadSanitizer does not see, so it reported the first concurrent calls as a race. */
static pthread_once_t net_once = PTHREAD_ONCE_INIT;

/* The larger of two finite floats. Not fmaxf: GCC calls libm for it (NaN rules), a fifth of
 * the forward pass when it did. */
static inline float max_of(float a, float b)
{
    return a > b ? a : b;
}

#define KERNEL_LANES 4
#define KERNEL(name) name##4
#define KERNEL_TARGET
#include "scan/classify_kernels.h"
#undef KERNEL_LANES
#undef KERNEL
#undef KERNEL_TARGET

#if CLASSIFY_AVX2
#define KERNEL_LANES  8
#define KERNEL(name)  name##8
#define KERNEL_TARGET __attribute__((target("avx2")))
#include "scan/classify_kernels.h"
#undef KERNEL_LANES
#undef KERNEL
#undef KERNEL_TARGET
#endif

/* One width's kernels (scan/classify_kernels.h). */
typedef struct kernels {
    void (*conv_pool)(const float *in, int cin, int n, float *out, int cout, const float *conv,
                      const float *bias);
    void (*hidden_layer)(const float in[FLAT], float hidden[HIDDEN]);
} kernels;

static const kernels kernels4 = {conv_pool4, hidden_layer4};
#if CLASSIFY_AVX2
static const kernels kernels8 = {conv_pool8, hidden_layer8};
#endif

/* Copies one conv layer's weights [co][ci][tap] at *w to conv[ci][tap][co], its biases to bias,
 * and moves *w past them. */
static void pack_conv(int cin, int cout, float *conv, float *bias, const unsigned char **w)
{
    for (int co = 0; co < cout; co++)
        for (int ci = 0; ci < cin; ci++)
            for (int t = 0; t < 9; t++)
                conv[(ci * 9 + t) * cout + co] = f32_at(*w, ((size_t)co * cin + ci) * 9 + t);
    *w += (size_t)cout * cin * 9 * sizeof(float);
    for (int co = 0; co < cout; co++) bias[co] = f32_at(*w, (size_t)co);
    *w += (size_t)cout * sizeof(float);
}

static void pack(void)
{
    const unsigned char *w = scan_model_digits + HEADER_BYTES;

    net.ok = scan_classify_model_ok();
    if (!net.ok) return;
    pack_conv(1, C1, net.conv1, net.bias1, &w);
    pack_conv(C1, C2, net.conv2, net.bias2, &w);
    pack_conv(C2, C3, net.conv3, net.bias3, &w);
    for (int o = 0; o < HIDDEN; o++)
        for (int i = 0; i < FLAT; i++) net.hidden[i * HIDDEN + o] = f32_at(w, (size_t)o * FLAT + i);
    w += (size_t)HIDDEN * FLAT * sizeof(float);
    for (int o = 0; o < HIDDEN; o++) net.hidden_bias[o] = f32_at(w, (size_t)o);
    net.out_layer = w + (size_t)HIDDEN * sizeof(float);
#if CLASSIFY_AVX2
    net.avx2 = __builtin_cpu_supports("avx2");
#endif
}

/* out[o] = bias[o] + sum_i W[o][i] in[i], with the blob's weights [o][i] then biases at w. */
static void dense(const float *in, int nin, float *out, int nout, const unsigned char *w)
{
    const unsigned char *bias = w + (size_t)nout * nin * sizeof(float);
    for (int o = 0; o < nout; o++) {
        const unsigned char *row = w + (size_t)o * nin * sizeof(float);
        float s = 0.0f;
        for (int i = 0; i < nin; i++) s += f32_at(row, (size_t)i) * in[i];
        out[o] = s + f32_at(bias, (size_t)o);
    }
}

static void forward(const unsigned char cell[SCAN_CELL_SIDE * SCAN_CELL_SIDE],
                    float probs[SCAN_CLASSES], const kernels *kern)
{
    float in[(SIDE + 2) * (SIDE + 2)] = {0};
    float a1[C1 * (SIDE / 2 + 2) * (SIDE / 2 + 2)] = {0};
    float a2[C2 * (SIDE / 4 + 2) * (SIDE / 4 + 2)] = {0};
    float a3[C3 * (LAST + 2) * (LAST + 2)] = {0};
    float flat[FLAT], hidden[HIDDEN], logits[SCAN_CLASSES];

    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            in[(y + 1) * (SIDE + 2) + x + 1] = cell[y * SIDE + x] / 255.0f;
    kern->conv_pool(in, 1, SIDE, a1, C1, net.conv1, net.bias1);
    kern->conv_pool(a1, C1, SIDE / 2, a2, C2, net.conv2, net.bias2);
    kern->conv_pool(a2, C2, SIDE / 4, a3, C3, net.conv3, net.bias3);

    /* Drop the border: the dense layer reads the map channel-major, as torch flattens it. */
    for (int c = 0; c < C3; c++)
        for (int y = 0; y < LAST; y++)
            for (int x = 0; x < LAST; x++)
                flat[(c * LAST + y) * LAST + x] = a3[(c * (LAST + 2) + y + 1) * (LAST + 2) + x + 1];
    kern->hidden_layer(flat, hidden);
    dense(hidden, HIDDEN, logits, SCAN_CLASSES, net.out_layer);

    float top = logits[0], sum = 0.0f;
    for (int k = 1; k < SCAN_CLASSES; k++) top = fmaxf(top, logits[k]);
    for (int k = 0; k < SCAN_CLASSES; k++) sum += probs[k] = expf(logits[k] - top);
    for (int k = 0; k < SCAN_CLASSES; k++) probs[k] /= sum;
}

bool scan_classify_lanes(const unsigned char cell[SCAN_CELL_SIDE * SCAN_CELL_SIDE],
                         float probs[SCAN_CLASSES], int lanes)
{
    pthread_once(&net_once, pack);
    if (!net.ok) return false;
    if (lanes == 4) {
        forward(cell, probs, &kernels4);
        return true;
    }
#if CLASSIFY_AVX2
    if (lanes == 8 && net.avx2) {
        forward(cell, probs, &kernels8);
        return true;
    }
#endif
    return false;
}

void scan_classify(const unsigned char cell[SCAN_CELL_SIDE * SCAN_CELL_SIDE],
                   float probs[SCAN_CLASSES])
{
    if (!scan_classify_lanes(cell, probs, 8) && !scan_classify_lanes(cell, probs, 4))
        memset(probs, 0, SCAN_CLASSES * sizeof(*probs));
}
