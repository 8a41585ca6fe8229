/* grid.c -- finds the Sudoku grid in a grey photo: threshold, components, corners.
 *
 * DESIGN: the photo is reduced to about 900 pixels on its long side (the
 * grid's outline needs no more), thresholded against the mean of a window
 * around each pixel (so shadows and uneven light do not matter), and cut
 * into 8-connected components of ink. The grid's lines touch each other, so
 * the whole grid is one component, and usually the largest. For each of the
 * few largest components with a plausible shape, its corners are the pixels
 * extreme along x+y and x-y (top-left = smallest x+y, ...), and the
 * candidate is kept when the ten horizontal and ten vertical lines that a
 * 9x9 grid with those corners would have are mostly ink in the threshold
 * image, with paper beside them and inside the cells near their edges. The
 * largest kept candidate wins. When the largest component is not kept (text
 * or a crossword touching the grid, lines too faint to join), the grid is
 * also sought by its lines (scan/lattice.c), first in each large and sparse
 * component's own ink, then in the whole photo, and taken when it scores
 * better and is bigger. The grid taken is then moved, or one of its sides
 * moved, a cell at a time while that scores better (realign): a page's edge
 * one cell from the grid makes ten evenly spaced lines with nine of the
 * grid's, and a steep view spaces them unevenly. A page lifted at the
 * spine bows, and its lines are curves that no quadrilateral's straight
 * lines follow: each of the twenty lines is traced near its straight
 * place and fitted with a quadratic (trace_bend), a component that fails
 * the straight test is kept when its bent lines pass it, and the grid
 * taken is warped along its bent lines when they score better than the
 * straight ones. When none is kept, the
 * reason is worked out from what was seen (dark photo, grid cut by the
 * photo's edge, grid too small).
 *
 *        TL (min x+y) *----------------* TR (max x-y)
 *                     |                |
 *                     |   component    |
 *                     |                |
 *        BL (min x-y) *----------------* BR (max x+y)
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/grid.h"

#define DETECT_LONG_SIDE 900        /* reduce until the long side is at most this */
#define CANDIDATES       6          /* largest components tried */
#define LINE_SAMPLES     60         /* points tested along each of the 20 lines */
#define MIN_ON_LINES     0.35       /* share of the grid's lines on ink */
#define MIN_LINE_SCORE   0.25       /* line_score of a grid */
#define BOX_BONUS        0.25       /* weight of the box lines' extra ink in line_score */
#define BESIDE           (0.15 / 9) /* beside a line: this share of a cell off it */
#define MAX_LINE_INK     0.25       /* share of its box a component searched for lines may ink */
#define LATTICE_QUADS    64         /* grids by their lines (scan/lattice.c) tried */
#define REALIGN_STEPS    2          /* cells the grid found may be moved by, each way */
#define BEND_SAMPLES     27         /* points traced along each line of a bowed page */
#define BEND_STEPS       12         /* offsets tried each way across it, */
#define BEND_REACH       0.35       /* ... out to this share of a cell */
#define BEND_STRETCH     0.3        /* share of a cell along the line read at a point */
#define BEND_SLACK       0.08       /* share of a cell a traced point may be off its fit */
#define BEND_INKED       4          /* of the 5 points of a stretch, inked on a line */
#define BEND_SMOOTH      0.15       /* share of a cell a line may bend unlike both neighbours */
#define BEND_MIN_LINES   6          /* of each family's ten, at least this many traced */
#define BEND_MIN         0.15       /* share of a cell a line strays on a bent grid */
#define BEND_CORNER      0.15       /* share of a cell an outer line may miss a corner by */
#define BENT_STRIDE      8          /* warp samples along a bent line between exact maps */

typedef struct component {
    int count;
    int seed;           /* one of its pixels, to flood it again */
    int x0, y0, x1, y1; /* bounding box, inclusive */
    int ext[4][2];      /* TL, TR, BR, BL extreme pixels */
    int ext_val[4];     /* their x+y, x-y, x+y, x-y */
} component;

int scan_homography_of(const double c[4][2], scan_homography *m)
{
    double sx = c[0][0] - c[1][0] + c[2][0] - c[3][0];
    double sy = c[0][1] - c[1][1] + c[2][1] - c[3][1];
    double dx1 = c[1][0] - c[2][0], dx2 = c[3][0] - c[2][0];
    double dy1 = c[1][1] - c[2][1], dy2 = c[3][1] - c[2][1];
    double den = dx1 * dy2 - dx2 * dy1;
    if (fabs(den) < 1e-9) return -1;
    m->g = (sx * dy2 - dx2 * sy) / den;
    m->h = (dx1 * sy - sx * dy1) / den;
    m->a = c[1][0] - c[0][0] + m->g * c[1][0];
    m->b = c[3][0] - c[0][0] + m->h * c[3][0];
    m->c = c[0][0];
    m->d = c[1][1] - c[0][1] + m->g * c[1][1];
    m->e = c[3][1] - c[0][1] + m->h * c[3][1];
    m->f = c[0][1];
    return 0;
}

/* Box-averages img by an integer factor into out. */
static int reduce(const scan_image *img, int f, scan_image *out)
{
    if (scan_image_alloc(out, img->w / f, img->h / f) != 0) return -1;
    for (int y = 0; y < out->h; y++)
        for (int x = 0; x < out->w; x++) {
            unsigned sum = 0;
            for (int dy = 0; dy < f; dy++) {
                const unsigned char *row = img->px + (size_t)(y * f + dy) * img->w + x * f;
                for (int dx = 0; dx < f; dx++) sum += row[dx];
            }
            out->px[(size_t)y * out->w + x] = (unsigned char)(sum / (unsigned)(f * f));
        }
    return 0;
}

/* ink[i] = 1 where the pixel is clearly darker than the mean of the
 * (2r+1)^2 window around it; an integral image makes each mean O(1). */
static int threshold(const scan_image *img, int r, unsigned char *ink)
{
    int w = img->w, h = img->h;
    uint32_t *sum = malloc(sizeof(*sum) * (size_t)(w + 1) * (size_t)(h + 1));
    if (sum == NULL) return -1;
    memset(sum, 0, sizeof(*sum) * (size_t)(w + 1));
    for (int y = 0; y < h; y++) {
        uint32_t row = 0;
        uint32_t *s = sum + (size_t)(y + 1) * (w + 1);
        s[0] = 0;
        for (int x = 0; x < w; x++) {
            row += img->px[(size_t)y * w + x];
            s[x + 1] = s[x + 1 - (w + 1)] + row;
        }
    }
    for (int y = 0; y < h; y++) {
        int ya = y - r < 0 ? 0 : y - r, yb = y + r + 1 > h ? h : y + r + 1;
        for (int x = 0; x < w; x++) {
            int xa = x - r < 0 ? 0 : x - r, xb = x + r + 1 > w ? w : x + r + 1;
            uint32_t s = sum[(size_t)yb * (w + 1) + xb] - sum[(size_t)ya * (w + 1) + xb] -
                         sum[(size_t)yb * (w + 1) + xa] + sum[(size_t)ya * (w + 1) + xa];
            int n = (xb - xa) * (yb - ya);
            int p = img->px[(size_t)y * w + x] * n;
            /* darker than 94% of the local mean, and not by a mere ripple */
            ink[(size_t)y * w + x] = (p * 100 < (int)s * 94) && ((int)s - p > 5 * n);
        }
    }
    free(sum);
    return 0;
}

/* Labels the 8-connected components of ink; keeps the CANDIDATES with the
 * largest bounding boxes in best[] (sorted, largest first). Returns how
 * many were kept, or -1 when out of memory. */
static int components(const unsigned char *ink, int w, int h, component *best)
{
    size_t n = (size_t)w * h;
    unsigned char *seen = calloc(n, 1);
    int32_t *stack = malloc(sizeof(*stack) * n);
    if (seen == NULL || stack == NULL) {
        free(seen);
        free(stack);
        return -1;
    }
    int kept = 0;
    for (size_t start = 0; start < n; start++) {
        if (!ink[start] || seen[start]) continue;
        component c = {.seed = (int)start,
                       .x0 = w,
                       .y0 = h,
                       .x1 = -1,
                       .y1 = -1,
                       .ext_val = {INT32_MAX, INT32_MIN, INT32_MIN, INT32_MAX}};
        size_t top = 0;
        stack[top++] = (int32_t)start;
        seen[start] = 1;
        while (top > 0) {
            int32_t i = stack[--top];
            int x = i % w, y = i / w;
            c.count++;
            if (x < c.x0) c.x0 = x;
            if (x > c.x1) c.x1 = x;
            if (y < c.y0) c.y0 = y;
            if (y > c.y1) c.y1 = y;
            int s = x + y, d = x - y;
            if (s < c.ext_val[0]) {
                c.ext_val[0] = s;
                c.ext[0][0] = x;
                c.ext[0][1] = y;
            }
            if (d > c.ext_val[1]) {
                c.ext_val[1] = d;
                c.ext[1][0] = x;
                c.ext[1][1] = y;
            }
            if (s > c.ext_val[2]) {
                c.ext_val[2] = s;
                c.ext[2][0] = x;
                c.ext[2][1] = y;
            }
            if (d < c.ext_val[3]) {
                c.ext_val[3] = d;
                c.ext[3][0] = x;
                c.ext[3][1] = y;
            }
            for (int dy = -1; dy <= 1; dy++) {
                int yy = y + dy;
                if (yy < 0 || yy >= h) continue;
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx;
                    if (xx < 0 || xx >= w) continue;
                    size_t j = (size_t)yy * w + xx;
                    if (ink[j] && !seen[j]) {
                        seen[j] = 1;
                        stack[top++] = (int32_t)j;
                    }
                }
            }
        }
        long area = (long)(c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);
        int pos = kept;
        while (pos > 0 && (long)(best[pos - 1].x1 - best[pos - 1].x0 + 1) *
                                  (best[pos - 1].y1 - best[pos - 1].y0 + 1) <
                              area)
            pos--;
        if (pos >= CANDIDATES) continue;
        int last = kept < CANDIDATES ? kept : CANDIDATES - 1;
        memmove(best + pos + 1, best + pos, sizeof(*best) * (size_t)(last - pos));
        best[pos] = c;
        if (kept < CANDIDATES) kept++;
    }
    free(seen);
    free(stack);
    return kept;
}

static double poly(const double c[3], double t)
{
    return c[0] + t * (c[1] + t * c[2]);
}

/* A bent grid's bend along the line v = const of the unit square: its
 * points (u, v) move across by the columns' bends at v, cols[0..9],
 * weighed by nearness between the two either side of u, and down by the
 * two rows' bends either side of v weighed alike, a quadratic in u, down. */
typedef struct bend_at {
    double v, down[3], cols[10];
} bend_at;

static void bend_along(const scan_grid *grid, double v, bend_at *b)
{
    int i = (int)floor(v * 9);
    i = i < 0 ? 0 : i > 8 ? 8 : i;
    double tv = v * 9 - i;
    b->v = v;
    for (int e = 0; e < 3; e++) b->down[e] = (1 - tv) * grid->row[i][e] + tv * grid->row[i + 1][e];
    for (int j = 0; j <= 9; j++) b->cols[j] = poly(grid->col[j], v);
}

/* Where the point (u, b->v) of the bent grid lies in the image through m. */
static void bent_point(const bend_at *b, const scan_homography *m, double u, double *x, double *y)
{
    int j = (int)floor(u * 9);
    j = j < 0 ? 0 : j > 8 ? 8 : j;
    double tu = u * 9 - j;
    double across = b->cols[j] + tu * (b->cols[j + 1] - b->cols[j]);
    scan_homography_map(m, u + across, b->v + poly(b->down, u), x, y);
}

/* Where the point (u, v) of a 9x9 grid lies in the image: through the
 * grid's bend when it is bent (NULL: a plain quadrilateral), then m. */
static void grid_point(const scan_grid *grid, const scan_homography *m, double u, double v,
                       double *x, double *y)
{
    if (grid == NULL || !grid->bent) {
        scan_homography_map(m, u, v, x, y);
        return;
    }
    bend_at b;
    bend_along(grid, v, &b);
    bent_point(&b, m, u, x, y);
}

/* Whether there is ink within (rx, ry) pixels of the point (u, v) of the
 * grid (bent, or NULL for the plain quadrilateral of m). */
static int ink_near(const unsigned char *ink, int w, int h, const scan_homography *m,
                    const scan_grid *bent, double u, double v, int rx, int ry)
{
    double x, y;
    grid_point(bent, m, u, v, &x, &y);
    /* one pixel past the search radius is as far off the image as any */
    int xi = scan_round_clamp(x, -2, w + 1), yi = scan_round_clamp(y, -2, h + 1);
    for (int dy = -ry; dy <= ry; dy++)
        for (int dx = -rx; dx <= rx; dx++) {
            int xx = xi + dx, yy = yi + dy;
            if (xx >= 0 && yy >= 0 && xx < w && yy < h && ink[(size_t)yy * w + xx]) return 1;
        }
    return 0;
}

/* line_score's formula: on of the 20 * LINE_SAMPLES points along the
 * lines are on a thin line, box of them on the box lines, and off of the
 * 81 * 8 points inside the cells are ink. Grows with on and box, and
 * with on when box stays (a line's point counts for more than it costs
 * the box bonus), falls with off. */
static double grid_score(int on, int box, int off)
{
    double on_share = on / (20.0 * LINE_SAMPLES);
    if (on_share < MIN_ON_LINES) return 0.0;
    double off_share = off / (81.0 * 8);
    double box_share = box / (8.0 * LINE_SAMPLES), thin_share = (on - box) / (12.0 * LINE_SAMPLES);
    return on_share - off_share + BOX_BONUS * (box_share - thin_share);
}

/* How much a 9x9 grid with these corners looks like one: the share of
 * points along its 20 lines with ink on them and paper beside them, less
 * the share of points inside its cells, near their corners and sides, that
 * are ink (paper in a grid: digits sit in the middle; as inked as the lines
 * in a blob or a paragraph), plus a bonus when the box lines (0, 3, 6, 9)
 * are inked more than the others, as printed grids draw them: a grid
 * shifted by a row or two onto text beside it has no such pattern. The
 * grid's lines are bent's when it is not NULL. As soon as the score cannot
 * reach need, the best it could still be (below need) is returned instead:
 * most grids tried lose to the best so far, and they lose early. */
static double line_score(const unsigned char *ink, int w, int h, const double corners[4][2],
                         const scan_grid *bent, double need)
{
    scan_homography m;
    if (scan_homography_of(corners, &m) != 0) return 0.0;
    int on = 0, off = 0, box = 0;
    for (int line = 0; line <= 9; line++) {
        int is_box = line % 3 == 0;
        for (int k = 0; k < LINE_SAMPLES; k++) {
            double t = (k + 0.5) / LINE_SAMPLES;
            double u = line / 9.0;
            /* a line is thin: ink on it, and paper beside it on one side at least */
            int here = ink_near(ink, w, h, &m, bent, u, t, 1, 0) &&
                       !(ink_near(ink, w, h, &m, bent, u - BESIDE, t, 0, 0) &&
                         ink_near(ink, w, h, &m, bent, u + BESIDE, t, 0, 0));
            here += ink_near(ink, w, h, &m, bent, t, u, 0, 1) &&
                    !(ink_near(ink, w, h, &m, bent, t, u - BESIDE, 0, 0) &&
                      ink_near(ink, w, h, &m, bent, t, u + BESIDE, 0, 0));
            on += here;
            box += is_box * here;
            if (k % 10 != 9) continue;
            /* every point of the lines left on ink, and none inside a cell */
            int rest = 2 * (LINE_SAMPLES * (9 - line) + LINE_SAMPLES - 1 - k);
            int rest_box = 2 * LINE_SAMPLES * (3 - line / 3) + is_box * 2 * (LINE_SAMPLES - 1 - k);
            double best = grid_score(on + rest, box + rest_box, 0);
            if (best < need) return best;
        }
    }
    static const double inside[8][2] = {{0.2, 0.2},  {0.8, 0.2},  {0.2, 0.8},  {0.8, 0.8},
                                        {0.5, 0.15}, {0.15, 0.5}, {0.85, 0.5}, {0.5, 0.85}};
    for (int i = 0; i < 81; i++) {
        for (int k = 0; k < 8; k++)
            off += ink_near(ink, w, h, &m, bent, (i % 9 + inside[k][0]) / 9.0,
                            (i / 9 + inside[k][1]) / 9.0, 0, 0);
        double best = grid_score(on, box, off);
        if (best < need) return best;
    }
    return grid_score(on, box, off);
}

/* Fits c0 + c1 t + c2 t^2 to the n points (t[k], y[k]) with keep[k] set,
 * by least squares. Returns 0, or -1 when they do not fix a quadratic. */
static int fit_quadratic(const double *t, const double *y, const int *keep, int n, double c[3])
{
    double s[5] = {0}, r[3] = {0};
    for (int k = 0; k < n; k++) {
        if (!keep[k]) continue;
        double p = 1;
        for (int e = 0; e < 5; e++, p *= t[k]) {
            s[e] += p;
            if (e < 3) r[e] += p * y[k];
        }
    }
    /* the normal equations, a symmetric 3x3 system, by Cramer's rule */
    double det = s[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (s[1] * s[4] - s[3] * s[2]) +
                 s[2] * (s[1] * s[3] - s[2] * s[2]);
    if (fabs(det) < 1e-12) return -1;
    c[0] = (r[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (r[1] * s[4] - s[3] * r[2]) +
            s[2] * (r[1] * s[3] - s[2] * r[2])) /
           det;
    c[1] = (s[0] * (r[1] * s[4] - r[2] * s[3]) - r[0] * (s[1] * s[4] - s[3] * s[2]) +
            s[2] * (s[1] * r[2] - r[1] * s[2])) /
           det;
    c[2] = (s[0] * (s[2] * r[2] - s[3] * r[1]) - s[1] * (s[1] * r[2] - s[2] * r[1]) +
            r[0] * (s[1] * s[3] - s[2] * s[2])) /
           det;
    return 0;
}

/* Traces where line `line` of a family (the columns when cols, else the
 * rows) really runs near where the map m puts it: at BEND_SAMPLES points
 * along it, the offset across, within BEND_REACH of a cell, nearest the
 * straight place at which a short stretch along the line is inked (the
 * middle of a run of such offsets, for a thick line), then a quadratic fitted to the
 * offsets, refitted without the points far off the first fit (a digit's
 * stroke beside the line). Returns 0 with c set, or -1 when too few
 * points lie on ink. */
static int trace_line(const unsigned char *ink, int w, int h, const scan_homography *m, int cols,
                      int line, double c[3])
{
    enum { OFFSETS = 2 * BEND_STEPS + 1 };
    double at[BEND_SAMPLES], off[BEND_SAMPLES];
    int keep[BEND_SAMPLES], n = 0;
    for (int k = 0; k < BEND_SAMPLES; k++) {
        double t = (k + 0.5) / BEND_SAMPLES;
        int count[OFFSETS];
        for (int o = 0; o < OFFSETS; o++) {
            double across = (line + (o - BEND_STEPS) * BEND_REACH / BEND_STEPS) / 9.0;
            count[o] = 0;
            for (int s = -2; s <= 2; s++) {
                double along = t + s * BEND_STRETCH / (4 * 9.0);
                count[o] += cols ? ink_near(ink, w, h, m, NULL, across, along, 0, 0)
                                 : ink_near(ink, w, h, m, NULL, along, across, 0, 0);
            }
        }
        /* the run of inked offsets nearest the straight place: a digit's
         * stroke beside the line may be more inked, it is not nearer */
        double mid = 0;
        int found = 0;
        for (int o = 0; o < OFFSETS; o++) {
            if (count[o] < BEND_INKED || (o > 0 && count[o - 1] >= BEND_INKED)) continue;
            int end = o;
            while (end + 1 < OFFSETS && count[end + 1] >= BEND_INKED) end++;
            double here = (o + end) / 2.0 - BEND_STEPS;
            if (!found || fabs(here) < fabs(mid)) mid = here;
            found = 1;
        }
        if (!found) {
            /* too few points left to fit */
            if (n + BEND_SAMPLES - 1 - k < BEND_SAMPLES / 3) return -1;
            continue;
        }
        at[n] = t;
        off[n] = mid * BEND_REACH / (9.0 * BEND_STEPS);
        keep[n++] = 1;
    }
    for (int round = 0; round < 2; round++) {
        int kept = 0;
        for (int k = 0; k < n; k++) kept += keep[k];
        if (kept < BEND_SAMPLES / 3 || fit_quadratic(at, off, keep, n, c) != 0) return -1;
        for (int k = 0; k < n; k++) keep[k] = fabs(poly(c, at[k]) - off[k]) <= BEND_SLACK / 9.0;
    }
    return 0;
}

/* Whether two lines' bends differ by more than BEND_SMOOTH of a cell. */
static int unlike(const double a[3], const double b[3])
{
    for (int k = 0; k <= 4; k++)
        if (fabs(poly(a, k / 4.0) - poly(b, k / 4.0)) * 9 > BEND_SMOOTH) return 1;
    return 0;
}

/* Traces the lines of the grid whose outer corners are q (trace_line),
 * and sets grid->bent when some line strays more than BEND_MIN of a cell
 * from its straight place while the outer lines run through the corners
 * q; then grid's rows and columns say how each line bends, a line too
 * faint to trace bending as the traced lines either side of it do.
 * Otherwise grid is q unbent. Returns grid->bent. */
static int trace_bend(const unsigned char *ink, int w, int h, const double q[4][2], scan_grid *grid)
{
    scan_homography m;
    scan_grid traced;
    memset(&traced, 0, sizeof(traced));
    memcpy(traced.corners, q, sizeof(traced.corners));
    *grid = traced;
    if (scan_homography_of(q, &m) != 0) return 0;
    double stray = 0;
    for (int cols = 0; cols < 2; cols++) {
        double(*fam)[3] = cols ? traced.col : traced.row;
        int found[10], known = 0;
        /* the corners are where the outer lines meet: traced, they must
         * run through them */
        for (int e = 0; e <= 9; e += 9) {
            found[e] = trace_line(ink, w, h, &m, cols, e, fam[e]) == 0;
            if (!found[e] || fabs(poly(fam[e], 0)) * 9 > BEND_CORNER ||
                fabs(poly(fam[e], 1)) * 9 > BEND_CORNER)
                return 0;
        }
        for (int line = 1; line <= 8; line++)
            found[line] = trace_line(ink, w, h, &m, cols, line, fam[line]) == 0;
        /* a page bends smoothly: a line bent unlike the lines either side
         * of it followed a row of digits, and is taken as not traced */
        int odd[10] = {0};
        for (int line = 1; line <= 8; line++)
            odd[line] = found[line] && found[line - 1] && found[line + 1] &&
                        unlike(fam[line], fam[line - 1]) && unlike(fam[line], fam[line + 1]);
        for (int line = 0; line <= 9; line++) {
            found[line] &= !odd[line];
            known += found[line];
        }
        if (known < BEND_MIN_LINES) return 0;
        for (int line = 0; line <= 9; line++) {
            if (!found[line]) {
                int a = line, b = line; /* the outer lines are traced */
                while (!found[a]) a--;
                while (!found[b]) b++;
                for (int e = 0; e < 3; e++)
                    fam[line][e] = fam[a][e] + (fam[b][e] - fam[a][e]) * (line - a) / (b - a);
            }
            for (int k = 0; k <= 4; k++) stray = fmax(stray, fabs(poly(fam[line], k / 4.0)));
        }
    }
    if (stray * 9 < BEND_MIN) return 0;
    traced.bent = 1;
    *grid = traced;
    return 1;
}

/* Twice the signed area of the quadrilateral; positive when convex and
 * clockwise on screen (y down) is checked by the cross products. */
static int convex(const double c[4][2])
{
    for (int i = 0; i < 4; i++) {
        const double *p = c[i], *q = c[(i + 1) % 4], *r = c[(i + 2) % 4];
        double cross = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
        if (cross <= 0) return 0;
    }
    return 1;
}

/* The quadrilateral's area (corners in order). */
static double area(const double c[4][2])
{
    double a = 0;
    for (int i = 0; i < 4; i++) a += c[i][0] * c[(i + 1) % 4][1] - c[(i + 1) % 4][0] * c[i][1];
    return fabs(a) / 2;
}

/* Moves the grid a cell at a time, across and down, and each of its sides
 * a cell out or in, while that makes it look more like one (line_score).
 * Ten evenly spaced lines need not be the grid's: a page's edge or a
 * border one cell from the grid's outer line makes ten with nine of the
 * grid's, and the finders may take those; a curled page or a steep view
 * spaces the lines unevenly, so the line finder may stop a row short.
 * Moved back onto all of the grid's lines, the box lines fall on the thick
 * ones and the line beside the page's edge on a line again, so the score
 * rises. Returns the score of the grid it leaves. */
static double realign(const unsigned char *ink, int w, int h, double grid[4][2])
{
    /* each move: cells its left, right, top and bottom sides go by; the
     * whole grid across, down and diagonally, then one side out or in */
    static const int moves[16][4] = {
        {-1, -1, -1, -1}, {-1, -1, 0, 0}, {-1, -1, 1, 1}, {0, 0, -1, -1},
        {0, 0, 1, 1},     {1, 1, -1, -1}, {1, 1, 0, 0},   {1, 1, 1, 1},
        {-1, 0, 0, 0},    {1, 0, 0, 0},   {0, 1, 0, 0},   {0, -1, 0, 0},
        {0, 0, -1, 0},    {0, 0, 1, 0},   {0, 0, 0, 1},   {0, 0, 0, -1},
    };
    static const int unit[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    double here = line_score(ink, w, h, grid, NULL, -INFINITY);
    for (int step = 0; step < REALIGN_STEPS; step++) {
        scan_homography m;
        if (scan_homography_of(grid, &m) != 0) return here;
        double best[4][2], top = here;
        for (int i = 0; i < 16; i++) {
            double q[4][2];
            int inside = 1;
            for (int k = 0; k < 4; k++) {
                double u = unit[k][0] + moves[i][unit[k][0]] / 9.0,
                       v = unit[k][1] + moves[i][2 + unit[k][1]] / 9.0;
                scan_homography_map(&m, u, v, &q[k][0], &q[k][1]);
                inside &= q[k][0] > -2 && q[k][1] > -2 && q[k][0] < w + 2 && q[k][1] < h + 2;
            }
            if (!inside || !convex(q)) continue;
            double score = line_score(ink, w, h, q, NULL, top);
            if (score > top) {
                top = score;
                memcpy(best, q, sizeof(best));
            }
        }
        if (top <= here) return here;
        here = top; /* a move taken beat the score: it was scored whole */
        memcpy(grid, best, sizeof(best));
    }
    return here;
}

/* The best grid found by its lines so far (scan/lattice.c): taken when it
 * is bigger than min_area and scores at least top. */
typedef struct lattice_pick {
    const unsigned char *ink; /* the whole photo's, for scoring */
    int w, h;
    double min_area, top;
    int found;
    double grid[4][2];
} lattice_pick;

/* Offers pick the grids scan_lattice_quads finds in part[pw*ph], a window
 * of the photo whose top-left pixel is (x0, y0). Returns 0, or -1 when out
 * of memory. */
static int lattice_in(lattice_pick *pick, const unsigned char *part, int x0, int y0, int pw, int ph)
{
    double quads[LATTICE_QUADS][4][2];
    int n = scan_lattice_quads(part, pw, ph, quads, LATTICE_QUADS);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        double q[4][2];
        int inside = 1;
        for (int k = 0; k < 4; k++) {
            q[k][0] = quads[i][k][0] + x0 + 0.5;
            q[k][1] = quads[i][k][1] + y0 + 0.5;
            inside &=
                q[k][0] > -2 && q[k][1] > -2 && q[k][0] < pick->w + 2 && q[k][1] < pick->h + 2;
        }
        if (!inside || !convex(q) || area(q) < pick->min_area) continue;
        double score = line_score(pick->ink, pick->w, pick->h, q, NULL, pick->top);
        if (score < pick->top) continue;
        pick->top = score;
        pick->found = 1;
        memcpy(pick->grid, q, sizeof(q));
    }
    return 0;
}

/* Offers pick the grids found by their lines in component c's own ink,
 * flooded again from its seed into a window of its bounding box. Returns 0,
 * or -1 when out of memory. */
static int component_lattice(lattice_pick *pick, const component *c)
{
    int pw = c->x1 - c->x0 + 1, ph = c->y1 - c->y0 + 1, w = pick->w;
    unsigned char *part = calloc((size_t)pw * ph, 1);
    int32_t *stack = malloc(sizeof(*stack) * (size_t)c->count);
    if (part == NULL || stack == NULL) {
        free(part);
        free(stack);
        return -1;
    }
    size_t top = 0;
    stack[top++] = c->seed;
    part[(size_t)(c->seed / w - c->y0) * pw + c->seed % w - c->x0] = 1;
    while (top > 0) {
        int32_t i = stack[--top];
        int x = i % w, y = i / w;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx, yy = y + dy;
                if (xx < c->x0 || xx > c->x1 || yy < c->y0 || yy > c->y1) continue;
                unsigned char *mark = part + (size_t)(yy - c->y0) * pw + (xx - c->x0);
                if (*mark || !pick->ink[(size_t)yy * w + xx]) continue;
                *mark = 1;
                stack[top++] = yy * w + xx;
            }
    }
    free(stack);
    int rc = lattice_in(pick, part, c->x0, c->y0, pw, ph);
    free(part);
    return rc;
}

static const char *why_not(const scan_image *img, const component *best, int kept)
{
    uint64_t sum = 0;
    unsigned hist[256] = {0};
    size_t n = (size_t)img->w * img->h;
    for (size_t i = 0; i < n; i++) {
        sum += img->px[i];
        hist[img->px[i]]++;
    }
    size_t acc = 0;
    int p5 = -1, p95 = 255;
    for (int v = 0; v < 256; v++) {
        acc += hist[v];
        if (p5 < 0 && acc >= n / 20) p5 = v;
        if (acc >= n - n / 20) {
            p95 = v;
            break;
        }
    }
    if (sum / n < 45) return "the photo is too dark: take it in better light";
    if (p95 - p5 < 40)
        return "the photo has too little contrast: it may be blurred, washed out or blank";
    if (kept > 0) {
        const component *c = &best[0];
        int side = c->x1 - c->x0 > c->y1 - c->y0 ? c->x1 - c->x0 : c->y1 - c->y0;
        int small = img->w < img->h ? img->w : img->h;
        int edges = (c->x0 <= 1) + (c->y0 <= 1) + (c->x1 >= img->w - 2) + (c->y1 >= img->h - 2);
        if (edges >= 1 && side > small / 3)
            return "the grid's corners are outside the photo: step back so the whole grid is in "
                   "the picture";
        if (side < small / 5)
            return "the grid is too small in the photo: come closer so it fills most of the "
                   "picture";
    }
    return "no 9x9 grid was found: photograph the puzzle from above with the whole grid in the "
           "picture";
}

scan_status scan_find_grid(const scan_image *img, scan_grid *out, const char **reason)
{
    int longest = img->w > img->h ? img->w : img->h;
    int f = (longest + DETECT_LONG_SIDE - 1) / DETECT_LONG_SIDE;
    scan_image small = {0, 0, NULL};
    unsigned char *ink = NULL;
    component best[CANDIDATES];
    scan_status st = SCAN_NO_MEMORY;
    *reason = "out of memory";
    if (img->w < 9 * 4 || img->h < 9 * 4) {
        *reason = "the photo is too small to hold a readable grid";
        return SCAN_NO_GRID;
    }
    if (reduce(img, f, &small) != 0) goto done;
    ink = malloc((size_t)small.w * small.h);
    if (ink == NULL) goto done;
    int side = small.w < small.h ? small.w : small.h;
    if (threshold(&small, side / 40 + 2, ink) != 0) goto done;
    int kept = components(ink, small.w, small.h, best);
    if (kept < 0) goto done;

    st = SCAN_NO_GRID;
    scan_grid grid; /* the grid found, in small's pixels */
    memset(&grid, 0, sizeof(grid));
    int won = -1;
    double won_area = 0, won_score = MIN_LINE_SCORE;
    for (int i = 0; i < kept; i++) {
        const component *c = &best[i];
        int bw = c->x1 - c->x0 + 1, bh = c->y1 - c->y0 + 1;
        if (bw < side / 6 || bh < side / 6 || bw > 3 * bh || bh > 3 * bw) continue;
        double q[4][2];
        for (int k = 0; k < 4; k++) {
            q[k][0] = c->ext[k][0] + 0.5;
            q[k][1] = c->ext[k][1] + 0.5;
        }
        if (!convex(q)) continue;
        scan_grid bend;
        double score = line_score(ink, small.w, small.h, q, NULL, MIN_LINE_SCORE);
        /* a bowed page: the lines curve away from the corners' straight map */
        int bent = score < MIN_LINE_SCORE && trace_bend(ink, small.w, small.h, q, &bend);
        if (bent) score = line_score(ink, small.w, small.h, q, &bend, MIN_LINE_SCORE);
        if (score < MIN_LINE_SCORE) continue;
        if (bent)
            grid = bend;
        else
            memcpy(grid.corners, q, sizeof(grid.corners));
        st = SCAN_OK;
        *reason = "a grid was found";
        won = i;
        won_area = area(q);
        won_score = score;
        break;
    }
    /* The largest component was no grid: text or a crossword may touch the
     * grid, or its lines be broken. Look for its lines, first among each
     * large component's own ink (a page's edge or a shadow joined to the
     * grid spoils its extreme points, while texture elsewhere, wood grain
     * or a carpet, would outvote its lines in the whole photo), then in the
     * whole photo; a grid found so is taken over a smaller component's when
     * it looks more like a grid. */
    if (won != 0) {
        lattice_pick pick = {ink, small.w, small.h, 1.5 * won_area, won_score, 0, {{0}}};
        for (int i = 0; i < kept && (won < 0 || i < won); i++) {
            const component *c = &best[i];
            long bw = c->x1 - c->x0 + 1, bh = c->y1 - c->y0 + 1;
            /* a grid's lines ink a tenth of its box; a blob or noise much more */
            if (bw < side / 6 || bh < side / 6 || c->count > MAX_LINE_INK * bw * bh) continue;
            if (component_lattice(&pick, c) != 0) goto out_of_memory;
        }
        if (lattice_in(&pick, ink, 0, 0, small.w, small.h) != 0) goto out_of_memory;
        if (pick.found) {
            memcpy(grid.corners, pick.grid, sizeof(grid.corners));
            st = SCAN_OK;
            *reason = "a grid was found";
        }
    }
    if (st == SCAN_OK) {
        if (!grid.bent) {
            double straight = realign(ink, small.w, small.h, grid.corners);
            scan_grid bend;
            if (trace_bend(ink, small.w, small.h, grid.corners, &bend) &&
                line_score(ink, small.w, small.h, grid.corners, &bend, straight) > straight)
                grid = bend;
        }
        for (int k = 0; k < 4; k++) {
            grid.corners[k][0] *= f;
            grid.corners[k][1] *= f;
        }
        *out = grid;
    }
    if (st == SCAN_NO_GRID) *reason = why_not(&small, best, kept);
    goto done;
out_of_memory: /* a component's grid may have been taken: it is not reported */
    st = SCAN_NO_MEMORY;
    *reason = "out of memory";
done:
    free(ink);
    scan_image_free(&small);
    return st;
}

/* Bilinear sample of img at (x, y), which must lie in [0, w-1] x [0, h-1]. */
static inline double sample(const scan_image *img, double x, double y)
{
    int x0 = (int)x, y0 = (int)y;
    int x1 = x0 + 1 < img->w ? x0 + 1 : x0, y1 = y0 + 1 < img->h ? y0 + 1 : y0;
    double fx = x - x0, fy = y - y0;
    const unsigned char *r0 = img->px + (size_t)y0 * img->w, *r1 = img->px + (size_t)y1 * img->w;
    return (r0[x0] * (1 - fx) + r0[x1] * fx) * (1 - fy) + (r1[x0] * (1 - fx) + r1[x1] * fx) * fy;
}

static inline double clamp(double v, double hi)
{
    return v < 0 ? 0 : v > hi ? hi : v;
}

/* The image points of the n samples (k + 0.5) / n along the bent grid's
 * line v = const, less half a pixel and clamped into the image (as
 * sample() wants them), in at[2k] and at[2k + 1]: mapped exactly every
 * BENT_STRIDE samples and linearly between, as a bend is smooth. */
static void bent_row(const scan_grid *grid, const scan_homography *m, double v, int n, double xmax,
                     double ymax, double *at)
{
    bend_at b;
    bend_along(grid, v, &b);
    double x0, y0, x1, y1;
    bent_point(&b, m, 0.5 / n, &x0, &y0);
    for (int k0 = 0; k0 < n - 1; k0 += BENT_STRIDE) {
        int k1 = k0 + BENT_STRIDE < n - 1 ? k0 + BENT_STRIDE : n - 1;
        bent_point(&b, m, (k1 + 0.5) / n, &x1, &y1);
        for (int k = k0; k < k1; k++) {
            double t = (double)(k - k0) / (k1 - k0);
            at[2 * k] = clamp(x0 + t * (x1 - x0) - 0.5, xmax);
            at[2 * k + 1] = clamp(y0 + t * (y1 - y0) - 0.5, ymax);
        }
        x0 = x1;
        y0 = y1;
    }
    at[2 * (n - 1)] = clamp(x0 - 0.5, xmax);
    at[2 * (n - 1) + 1] = clamp(y0 - 0.5, ymax);
}

int scan_warp(const scan_image *img, const scan_grid *grid, int side, scan_image *out)
{
    const double(*corners)[2] = grid->corners;
    scan_homography m;
    if (scan_homography_of(corners, &m) != 0) return -1;
    /* Sub-samples per output pixel along each axis: enough that their
     * spacing in the source is about one pixel. */
    double span = 0;
    for (int k = 0; k < 4; k++) {
        double dx = corners[(k + 1) % 4][0] - corners[k][0],
               dy = corners[(k + 1) % 4][1] - corners[k][1];
        span = fmax(span, sqrt(dx * dx + dy * dy));
    }
    int sub = (int)ceil(span / side);
    sub = sub < 1 ? 1 : sub > 4 ? 4 : sub;
    int n = side * sub;
    double *acc = malloc(sizeof(*acc) * (size_t)side);
    double *at = grid->bent ? malloc(sizeof(*at) * 2 * (size_t)n) : NULL;
    if (acc == NULL || (grid->bent && at == NULL) || scan_image_alloc(out, side, side) != 0) {
        free(acc);
        free(at);
        return -1;
    }
    /* Along a row of samples v is fixed and the map's numerators and
     * denominator are linear in u: step them instead of mapping each point.
     * A row whose two ends are inside the image lies inside it (the map
     * keeps lines straight), so only rows that leave it are clamped. */
    double du = 1.0 / n, xmax = img->w - 1, ymax = img->h - 1;
    for (int y = 0; y < side; y++) {
        memset(acc, 0, sizeof(*acc) * (size_t)side);
        for (int sy = 0; sy < sub; sy++) {
            double v = (y * sub + sy + 0.5) / n, u = 0.5 / n;
            if (grid->bent) {
                bent_row(grid, &m, v, n, xmax, ymax, at);
                for (int k = 0; k < n; k++) acc[k / sub] += sample(img, at[2 * k], at[2 * k + 1]);
                continue;
            }
            double X = m.a * u + m.b * v + m.c, Y = m.d * u + m.e * v + m.f,
                   W = m.g * u + m.h * v + 1;
            double dX = m.a * du, dY = m.d * du, dW = m.g * du;
            double Wend = W + dW * (n - 1), xa = X / W - 0.5, ya = Y / W - 0.5;
            double xb = (X + dX * (n - 1)) / Wend - 0.5, yb = (Y + dY * (n - 1)) / Wend - 0.5;
            int inside = W > 0 && Wend > 0 && xa >= 0 && xa <= xmax && xb >= 0 && xb <= xmax &&
                         ya >= 0 && ya <= ymax && yb >= 0 && yb <= ymax;
            for (int k = 0; k < n; k++, X += dX, Y += dY, W += dW) {
                double px, py;
                if (inside) {
                    px = X / W - 0.5;
                    py = Y / W - 0.5;
                } else {
                    double w = fabs(W) < 1e-12 ? 1e-12 : W;
                    px = clamp(X / w - 0.5, xmax);
                    py = clamp(Y / w - 0.5, ymax);
                }
                acc[k / sub] += sample(img, px, py);
            }
        }
        for (int x = 0; x < side; x++)
            out->px[(size_t)y * side + x] = (unsigned char)(acc[x] / (sub * sub) + 0.5);
    }
    free(acc);
    free(at);
    return 0;
}
