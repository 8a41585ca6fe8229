/* candidates.c -- the digits of a pencil-mark cell (see candidates.h).
 *
 * DESIGN: strokes are the pixels of the cell's ink image (scan_cut_ink)
 * above INK; their 8-connected components, dust left out, are taken left
 * to right, and a component joins the digit before it when their columns
 * overlap by half the narrower one. Ink wider than tall is two or three
 * touching digits, cut at the columns with the least ink near the even
 * split; ink a little narrower is read both whole and cut in two, and cut
 * when both halves read surer than the whole (two digits written close
 * touch and overlap). Each digit's box (one pixel more for the soft edge
 * the cutter drew) is scaled to TALL rows, bilinearly, and centred, the way
 * the cutter centres a digit, then read by the classifier as the digit
 * whose printed and written classes together are most probable.
 */
#include <string.h>

#include "scan/candidates.h"
#include "scan/classify.h"

#define N          SCAN_INK_SIDE  /* the ink image read */
#define C          SCAN_CELL_SIDE /* the classifier's image */
#define INK        96             /* a stroke pixel: the cut image's darkest ink is 255 */
#define DUST       4              /* components of fewer pixels are not strokes */
#define TALL       20 /* rows a candidate is scaled to: a written digit's height in a cell image */
#define MAX_DIGITS 9
/* Ink wider than its height holds touching digits, each about DIGIT_NUM / DIGIT_DEN of the
 * height wide; ink wider than NARROW_NUM / NARROW_DEN of its height may, and is read as two
 * digits when both read surer than the one. */
#define DIGIT_NUM  3
#define DIGIT_DEN  4
#define NARROW_NUM 7
#define NARROW_DEN 10

typedef struct box {
    int x0, x1, y0, y1;
} box;

/* Labels the strokes' components 1..n in label[] (0: none, dust included) and returns n; their
 * boxes go to comp[1..n]. */
static int components(const unsigned char cell[N * N], unsigned char label[N * N],
                      box comp[N * N / 2 + 1])
{
    short stack[N * N], members[N * N];
    int n = 0;
    memset(label, 0, N * N);
    for (int start = 0; start < N * N; start++) {
        if (cell[start] <= INK || label[start]) continue;
        int top = 0, count = 0;
        box b = {N, -1, N, -1};
        stack[top++] = (short)start;
        label[start] = 0xFF;
        while (top > 0) {
            int i = stack[--top], x = i % N, y = i / N;
            members[count++] = (short)i;
            b.x0 = x < b.x0 ? x : b.x0;
            b.x1 = x > b.x1 ? x : b.x1;
            b.y0 = y < b.y0 ? y : b.y0;
            b.y1 = y > b.y1 ? y : b.y1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy, j = yy * N + xx;
                    if (xx < 0 || yy < 0 || xx >= N || yy >= N || cell[j] <= INK || label[j])
                        continue;
                    label[j] = 0xFF;
                    stack[top++] = (short)j;
                }
        }
        int id = count >= DUST && n < 254 ? ++n : 0;
        for (int k = 0; k < count; k++) label[members[k]] = (unsigned char)id;
        if (id) comp[id] = b;
    }
    return n;
}

/* The box of the pixels labelled in `in` (a set of component ids) within columns x0..x1;
 * y0 > y1 when there are none. */
static box piece_box(const unsigned char label[N * N], const unsigned char in[256], int x0, int x1)
{
    box b = {x1 + 1, x0 - 1, N, -1};
    for (int y = 0; y < N; y++)
        for (int x = x0; x <= x1; x++)
            if (in[label[y * N + x]]) {
                b.x0 = x < b.x0 ? x : b.x0;
                b.x1 = x > b.x1 ? x : b.x1;
                b.y0 = y < b.y0 ? y : b.y0;
                b.y1 = y > b.y1 ? y : b.y1;
            }
    return b;
}

/* The digit drawn in box b of the cell (other components' strokes left out), scaled to TALL
 * rows (narrower when it would not fit) and centred, read by the classifier: 1..9, its
 * probability (printed and written together) in *prob. */
static int read_digit(const unsigned char cell[N * N], const unsigned char label[N * N],
                      const unsigned char in[256], box b, float *prob)
{
    /* the piece with its soft edge, and nothing of its neighbours */
    float src[N][N];
    int top = 1;
    memset(src, 0, sizeof(src));
    for (int y = b.y0 - 1; y <= b.y1 + 1; y++)
        for (int x = b.x0 - 1; x <= b.x1 + 1; x++) {
            if (x < 0 || y < 0 || x >= N || y >= N) continue;
            unsigned char id = label[y * N + x];
            if (id != 0 && !in[id]) continue;
            src[y][x] = cell[y * N + x];
            if (cell[y * N + x] > top) top = cell[y * N + x];
        }
    float w = (float)(b.x1 - b.x0 + 3), h = (float)(b.y1 - b.y0 + 3);
    float scale = (float)(TALL + 2) / h;
    if (w * scale > C - 2) scale = (float)(C - 2) / w;
    /* output pixel (ox, oy) samples source (x0 - 1 + (ox - left + 0.5) / scale - 0.5, ...) */
    float left = (C - w * scale) / 2, up = (C - h * scale) / 2;
    unsigned char digit[SCAN_CELL_BYTES];
    for (int oy = 0; oy < C; oy++)
        for (int ox = 0; ox < C; ox++) {
            float sx = (float)(b.x0 - 1) + ((float)ox - left + 0.5f) / scale - 0.5f;
            float sy = (float)(b.y0 - 1) + ((float)oy - up + 0.5f) / scale - 0.5f;
            float v = 0;
            if (sx > -1 && sy > -1 && sx < N && sy < N) {
                int ix = sx < 0 ? -1 : (int)sx, iy = sy < 0 ? -1 : (int)sy;
                float fx = sx - (float)ix, fy = sy - (float)iy;
                for (int k = 0; k < 4; k++) {
                    int xx = ix + (k & 1), yy = iy + (k >> 1);
                    if (xx < 0 || yy < 0 || xx >= N || yy >= N) continue;
                    v += src[yy][xx] * ((k & 1) ? fx : 1 - fx) * ((k >> 1) ? fy : 1 - fy);
                }
            }
            int q = (int)(v * 255.0f / (float)top + 0.5f);
            digit[oy * C + ox] = (unsigned char)(q > 255 ? 255 : q);
        }
    float probs[SCAN_CLASSES];
    scan_classify(digit, probs);
    int best = 1;
    for (int d = 2; d <= 9; d++)
        if (probs[d] + probs[SCAN_CLASS_HANDWRITTEN - 1 + d] >
            probs[best] + probs[SCAN_CLASS_HANDWRITTEN - 1 + best])
            best = d;
    *prob = probs[best] + probs[SCAN_CLASS_HANDWRITTEN - 1 + best];
    return best;
}

/* The column of x0..x1 with the fewest stroke pixels of the piece, the one nearest want on
 * a tie. */
static int thinnest(const unsigned char label[N * N], const unsigned char in[256], int x0, int x1,
                    int want)
{
    int best = want, least = N + 1;
    for (int x = x0; x <= x1; x++) {
        int ink = 0;
        for (int y = 0; y < N; y++) ink += in[label[y * N + x]] != 0;
        int far = x > want ? x - want : want - x,
            best_far = best > want ? best - want : want - best;
        if (ink < least || (ink == least && far < best_far)) {
            least = ink;
            best = x;
        }
    }
    return best;
}

/* The digits read in group g cut into `parts` pieces at its thinnest columns near the even
 * split; *least is the probability of the least sure. */
static unsigned read_parts(const unsigned char cell[N * N], const unsigned char label[N * N],
                           const unsigned char in[256], box g, int parts, float *least)
{
    unsigned digits = 0;
    int w = g.x1 - g.x0 + 1, from = g.x0;
    *least = 1.0f;
    for (int p = 1; p <= parts; p++) {
        int to = g.x1;
        if (p < parts) {
            int want = g.x0 + w * p / parts, reach = w / (4 * parts);
            to = thinnest(label, in, want - reach, want + reach, want);
        }
        box b = piece_box(label, in, from, to);
        from = to + 1;
        if (b.y0 > b.y1) continue;
        float prob;
        digits |= 1u << read_digit(cell, label, in, b, &prob);
        if (prob < *least) *least = prob;
    }
    return digits;
}

unsigned scan_read_candidates(const unsigned char cell[SCAN_INK_BYTES])
{
    unsigned char label[N * N];
    box comp[N * N / 2 + 1];
    int n = components(cell, label, comp);

    /* the components in order of their left edge */
    int order[N * N / 2];
    for (int i = 0; i < n; i++) {
        int k = i;
        for (; k > 0 && comp[order[k - 1]].x0 > comp[i + 1].x0; k--) order[k] = order[k - 1];
        order[k] = i + 1;
    }

    unsigned digits = 0;
    int found = 0;
    for (int i = 0; i < n && found < MAX_DIGITS;) {
        /* one digit: the next component and those whose columns overlap it by half */
        unsigned char in[256] = {0};
        box g = comp[order[i]];
        in[order[i++]] = 1;
        for (; i < n; i++) {
            box c = comp[order[i]];
            int overlap = (c.x1 < g.x1 ? c.x1 : g.x1) - c.x0 + 1;
            int narrower = c.x1 - c.x0 < g.x1 - g.x0 ? c.x1 - c.x0 + 1 : g.x1 - g.x0 + 1;
            if (2 * overlap < narrower) break;
            in[order[i]] = 1;
            g.x1 = c.x1 > g.x1 ? c.x1 : g.x1;
            g.y0 = c.y0 < g.y0 ? c.y0 : g.y0;
            g.y1 = c.y1 > g.y1 ? c.y1 : g.y1;
        }
        int w = g.x1 - g.x0 + 1, h = g.y1 - g.y0 + 1;
        float least;
        unsigned read;
        if (w > h) {
            int parts = (2 * DIGIT_DEN * w + DIGIT_NUM * h) / (2 * DIGIT_NUM * h);
            read = read_parts(cell, label, in, g, parts < 2 ? 2 : parts > 3 ? 3 : parts, &least);
        } else {
            read = read_parts(cell, label, in, g, 1, &least);
            float split_least;
            unsigned split = NARROW_DEN * w > NARROW_NUM * h
                                 ? read_parts(cell, label, in, g, 2, &split_least)
                                 : 0;
            if (split != 0 && split_least > least) read = split;
        }
        for (int d = 1; d <= 9 && found < MAX_DIGITS; d++)
            if (read & ~digits & 1u << d) {
                digits |= 1u << d;
                found++;
            }
    }
    return digits;
}
