/* classify_kernels.h -- the network's two hot loops, written once for any vector width.
 *
 * Included by scan/classify.c only, once per width it builds (so no include guard), with:
 *
 *   KERNEL_LANES      floats per vector: 4 (SSE, NEON, generic) or 8 (AVX2)
 *   KERNEL(name)      the name of this width's copy of a function
 *   KERNEL_TARGET     an attribute enabling the instruction set, or nothing
 *
 * and the packed weights of scan/classify.c in scope. The vectors run along output channels,
 * and every output sums in the order of the plain scalar loop (a convolution: the bias, then for
 * each input channel the sum of its nine taps left to right; the hidden layer: the products in
 * input order, then the bias), so every width gives the same bits, and so does the blob's layout
 * read one float at a time. Each product is rounded unless the compiler fuses multiply-adds
 * (clang does by default where the target has them, as on arm64; GCC with -std=c11 does not):
 * it then fuses the same ones at every width, so the widths still agree with each other, but
 * not with a build that does not fuse.
 */

typedef float KERNEL(vec) __attribute__((vector_size(KERNEL_LANES * sizeof(float)), may_alias));

/* One vector of the packed arrays, read in place (may_alias above). p must be aligned to the
 * vector's size: the arrays are _Alignas(32) and every offset is a whole number of vectors. */
#define KERNEL_AT(p) (*(const KERNEL(vec) *)(const void *)(p))

/* One conv3x3 (padding 1) + relu + maxpool 2 over in[cin][n+2][n+2] (zero border) into
 * out[cout][n/2+2][n/2+2] (interior written, border left as the caller zeroed it), with the
 * packed weights conv[cin][9][cout] and bias[cout]. Each pooled pixel is computed as its 2x2
 * window of convolution outputs, so each weight vector loaded serves four outputs. */
KERNEL_TARGET static void KERNEL(conv_pool)(const float *in, int cin, int n, float *out, int cout,
                                            const float *conv, const float *bias)
{
    int p = n + 2, h = n / 2, q = h + 2;

    for (int y = 0; y < h; y++)
        for (int x = 0; x < h; x++)
            for (int co = 0; co < cout; co += KERNEL_LANES) {
                KERNEL(vec) acc[4]; /* the window's outputs (0,0) (0,1) (1,0) (1,1) */
                for (int w = 0; w < 4; w++) acc[w] = KERNEL_AT(bias + co);
                for (int ci = 0; ci < cin; ci++) {
                    const float *r = in + (size_t)ci * p * p + 2 * y * p + 2 * x;
                    const float *wt = conv + (size_t)ci * 9 * cout + co;
                    KERNEL(vec) k = KERNEL_AT(wt);
                    KERNEL(vec) t00 = k * r[0], t01 = k * r[1], t10 = k * r[p], t11 = k * r[p + 1];
#pragma GCC unroll 8
                    for (int tap = 1; tap < 9; tap++) {
                        const float *s = r + tap / 3 * p + tap % 3;
                        k = KERNEL_AT(wt + tap * cout);
                        t00 += k * s[0];
                        t01 += k * s[1];
                        t10 += k * s[p];
                        t11 += k * s[p + 1];
                    }
                    acc[0] += t00;
                    acc[1] += t01;
                    acc[2] += t10;
                    acc[3] += t11;
                }
                float a[4][KERNEL_LANES];
                memcpy(a, acc, sizeof(a));
                for (int j = 0; j < KERNEL_LANES; j++) {
                    float m = max_of(max_of(a[0][j], a[1][j]), max_of(a[2][j], a[3][j]));
                    out[(size_t)(co + j) * q * q + (y + 1) * q + x + 1] = max_of(m, 0.0f);
                }
            }
}

/* hidden[o] = relu(sum_i W[o][i] in[i] + bias[o]) with the packed W[i][o]: eight vectors of
 * outputs at a time, so eight independent sums hide the adder's latency. */
KERNEL_TARGET static void KERNEL(hidden_layer)(const float in[FLAT], float hidden[HIDDEN])
{
    enum { BLOCK = 8 * KERNEL_LANES };
    _Static_assert(HIDDEN % BLOCK == 0, "the hidden layer is a whole number of blocks");
    for (int o = 0; o < HIDDEN; o += BLOCK) {
        KERNEL(vec) s[8] = {0};
        for (int i = 0; i < FLAT; i++)
            for (int b = 0; b < 8; b++)
                s[b] += KERNEL_AT(net.hidden + i * HIDDEN + o + b * KERNEL_LANES) * in[i];
        float sum[BLOCK];
        memcpy(sum, s, sizeof(sum));
        for (int j = 0; j < BLOCK; j++)
            hidden[o + j] = max_of(sum[j] + net.hidden_bias[o + j], 0.0f);
    }
}

#undef KERNEL_AT
