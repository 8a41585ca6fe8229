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
 *     dense  128 -> 19, softmax
 *
 * about 2.6 million multiply-adds a cell. The first network had half these channels (8/16/32,
 * dense 64: 0.7 million, 5.5 ms for 81 cells) and read 97.4% of the cells of held-out
 * handwritten photos; this one reads 98.2% (scan/train/README.md). Each activation map is kept
 * with a one-pixel zero border, so a convolution adds, for each output row, the nine taps over
 * three input rows in one pass with no bounds tests: a loop the compiler vectorises, which loads
 * and stores the accumulator row once per input channel rather than once per tap. 81 cells take
 * 17.5 ms of CPU at -O2 -msse4.2 (about 12 multiply-adds a nanosecond, near what 4-wide SSE
 * without fused multiply-add gives).
 *
 * digits.bin (little-endian), read in place from the embedded bytes:
 *
 *   offset  0  "SDKN"                      magic
 *           4  u32 version = 1
 *           8  u32 side = 32, u32 classes = 19, u32 layers = 5
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

_Static_assert(SIDE % 8 == 0, "three 2x2 poolings need a side divisible by 8");

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

/* One conv3x3 (padding 1) + relu + maxpool 2 over in[cin][n+2][n+2] (zero border) into
 * out[cout][n/2+2][n/2+2] (interior written, border left as the caller zeroed it). Reads
 * weights then biases at *w and moves *w past them. */
static void conv_pool(const float *in, int cin, int n, float *out, int cout,
                      const unsigned char **w)
{
    const unsigned char *bias = *w + (size_t)cout * cin * 9 * sizeof(float);
    int p = n + 2, h = n / 2, q = h + 2;
    float acc[SIDE * SIDE];

    for (int co = 0; co < cout; co++) {
        float b = f32_at(bias, (size_t)co);
        for (int i = 0; i < n * n; i++) acc[i] = b;
        for (int ci = 0; ci < cin; ci++) {
            const float *plane = in + (size_t)ci * p * p;
            float k[9];
            for (int i = 0; i < 9; i++) k[i] = f32_at(*w, ((size_t)co * cin + ci) * 9 + i);
            for (int y = 0; y < n; y++) {
                const float *r0 = plane + y * p, *r1 = r0 + p, *r2 = r1 + p;
                float *a = acc + y * n;
                for (int x = 0; x < n; x++)
                    a[x] += k[0] * r0[x] + k[1] * r0[x + 1] + k[2] * r0[x + 2] + k[3] * r1[x] +
                            k[4] * r1[x + 1] + k[5] * r1[x + 2] + k[6] * r2[x] + k[7] * r2[x + 1] +
                            k[8] * r2[x + 2];
            }
        }
        float *dst = out + (size_t)co * q * q;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < h; x++) {
                const float *a = acc + 2 * y * n + 2 * x;
                float m = fmaxf(fmaxf(a[0], a[1]), fmaxf(a[n], a[n + 1]));
                dst[(y + 1) * q + x + 1] = fmaxf(m, 0.0f);
            }
    }
    *w = bias + (size_t)cout * sizeof(float);
}

/* out[o] = bias[o] + sum_i W[o][i] in[i]; weights then biases at *w, moved past them. */
static void dense(const float *in, int nin, float *out, int nout, const unsigned char **w)
{
    const unsigned char *bias = *w + (size_t)nout * nin * sizeof(float);
    for (int o = 0; o < nout; o++) {
        const unsigned char *row = *w + (size_t)o * nin * sizeof(float);
        float s = 0.0f;
        for (int i = 0; i < nin; i++) s += f32_at(row, (size_t)i) * in[i];
        out[o] = s + f32_at(bias, (size_t)o);
    }
    *w = bias + (size_t)nout * sizeof(float);
}

void scan_classify(const unsigned char cell[SCAN_CELL_SIDE * SCAN_CELL_SIDE],
                   float probs[SCAN_CLASSES])
{
    float in[(SIDE + 2) * (SIDE + 2)] = {0};
    float a1[C1 * (SIDE / 2 + 2) * (SIDE / 2 + 2)] = {0};
    float a2[C2 * (SIDE / 4 + 2) * (SIDE / 4 + 2)] = {0};
    float a3[C3 * (LAST + 2) * (LAST + 2)] = {0};
    float flat[FLAT], hidden[HIDDEN], logits[SCAN_CLASSES];
    const unsigned char *w = scan_model_digits + HEADER_BYTES;

    if (!scan_classify_model_ok()) {
        memset(probs, 0, SCAN_CLASSES * sizeof(*probs));
        return;
    }
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            in[(y + 1) * (SIDE + 2) + x + 1] = cell[y * SIDE + x] / 255.0f;
    conv_pool(in, 1, SIDE, a1, C1, &w);
    conv_pool(a1, C1, SIDE / 2, a2, C2, &w);
    conv_pool(a2, C2, SIDE / 4, a3, C3, &w);

    /* Drop the border: the dense layer reads the map channel-major, as torch flattens it. */
    for (int c = 0; c < C3; c++)
        for (int y = 0; y < LAST; y++)
            for (int x = 0; x < LAST; x++)
                flat[(c * LAST + y) * LAST + x] = a3[(c * (LAST + 2) + y + 1) * (LAST + 2) + x + 1];
    dense(flat, FLAT, hidden, HIDDEN, &w);
    for (int i = 0; i < HIDDEN; i++) hidden[i] = fmaxf(hidden[i], 0.0f);
    dense(hidden, HIDDEN, logits, SCAN_CLASSES, &w);

    float top = logits[0], sum = 0.0f;
    for (int k = 1; k < SCAN_CLASSES; k++) top = fmaxf(top, logits[k]);
    for (int k = 0; k < SCAN_CLASSES; k++) sum += probs[k] = expf(logits[k] - top);
    for (int k = 0; k < SCAN_CLASSES; k++) probs[k] /= sum;
}
