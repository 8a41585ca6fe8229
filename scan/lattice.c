/* lattice.c -- finds a grid by its lines when its ink is not one clean component.
 *
 * DESIGN: scan/grid.c's first way needs the grid's lines to form one
 * connected component of ink whose extreme points are the grid's corners.
 * That fails when text or a neighbouring crossword touches the grid (the
 * extreme points are theirs) or when faint lines break the grid apart. This
 * way looks at lines instead: every ink pixel votes for the near-horizontal
 * and near-vertical lines through it (a Hough transform over tilts of
 * +-MAX_TILT degrees), the strongest lines of each family are kept, and in
 * each family a pair of lines is sought with lines at most of the eight
 * evenly spaced positions between them: the first and last of the grid's
 * ten lines. Each family's best pairs are crossed into quadrilaterals,
 * whose sides are then fitted by least squares to the ink near them (the
 * transform's one-degree steps are too coarse for the corners).
 *
 *   family "rows": y cos(t) - x sin(t) = rho        t in -MAX_TILT..MAX_TILT
 *   family "cols": x cos(t) + y sin(t) = rho        (a line tilted by t)
 *
 *   a line's place in its family: where it crosses the image's middle
 *   column (rows) or middle row (cols); a grid is lines at p, p + s, ...,
 *   p + 9 s with at most a few missing.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/grid.h"

#define MAX_TILT  20 /* degrees each family's lines may lean */
#define TILTS     (2 * MAX_TILT + 1)
#define PEAKS     40 /* strongest lines kept per family */
#define PAIRS     8  /* best first/last pairs per family crossed */
#define MIN_INNER 6  /* of the 8 inner lines, at least this many found */
#define FIT_BAND  3  /* pixels each side of a side line that its fit reads */

typedef struct line {
    double tilt; /* radians */
    double rho;
    double pos; /* where it crosses the middle column (rows) or row (cols) */
    int votes;
} line;

typedef struct pair {
    int first, last, inner, votes;
} pair;

/* Votes of the ink for the lines of one family; keeps the PEAKS strongest
 * local maxima in out (sorted by place). Returns how many, or -1 when out
 * of memory. cols: the near-vertical family. */
static int family(const unsigned char *ink, int w, int h, int cols, line *out)
{
    int span = w + h, off = w + h / 2; /* rho + off is in 0..2 span for both families */
    int nrho = 2 * span + 1, n = 0;
    int32_t *acc = calloc((size_t)TILTS * nrho, sizeof(*acc));
    if (acc == NULL) return -1;
    /* rho = along_x x + along_y y, in fixed point with 32 fraction bits:
     * the vote is most of the finder's time, and integer steps cost a
     * fifth of a rounded double. |sin| < 0.35 keeps rho + off inside the
     * accumulator for every pixel; the rounding is half up. */
    int64_t along_x[TILTS], along_y[TILTS], row[TILTS];
    const double one = 4294967296.0;
    for (int t = 0; t < TILTS; t++) {
        double a = (t - MAX_TILT) * M_PI / 180.0;
        along_x[t] = llround((cols ? cos(a) : -sin(a)) * one);
        along_y[t] = llround((cols ? sin(a) : cos(a)) * one);
    }
    for (int y = 0; y < h; y++) {
        for (int t = 0; t < TILTS; t++)
            row[t] = ((int64_t)off << 32) + (INT64_C(1) << 31) + along_y[t] * y;
        for (int x = 0; x < w; x++) {
            if (!ink[(size_t)y * w + x]) continue;
            int32_t *col = acc;
            for (int t = 0; t < TILTS; t++, col += nrho) col[(row[t] + along_x[t] * x) >> 32]++;
        }
    }
    int top = 0;
    for (size_t i = 0; i < (size_t)TILTS * nrho; i++)
        if (acc[i] > top) top = acc[i];
    /* A grid line is at least a sixth of the shorter side long. */
    int least = (w < h ? w : h) / 6;
    if (least < top / 5) least = top / 5;
    for (int t = 0; t < TILTS; t++)
        for (int r = 0; r < nrho; r++) {
            int v = acc[(size_t)t * nrho + r], peak = v >= least;
            for (int dt = -2; dt <= 2 && peak; dt++)
                for (int dr = -3; dr <= 3 && peak; dr++) {
                    int tt = t + dt, rr = r + dr;
                    if ((dt || dr) && tt >= 0 && tt < TILTS && rr >= 0 && rr < nrho) {
                        int u = acc[(size_t)tt * nrho + rr];
                        /* ties: the first in scan order is the peak */
                        peak = u < v || (u == v && (dt > 0 || (dt == 0 && dr > 0)));
                    }
                }
            if (!peak) continue;
            line l = {(t - MAX_TILT) * M_PI / 180.0, r - off, 0, v};
            double c = cos(l.tilt), s = sin(l.tilt);
            l.pos = cols ? (l.rho - h / 2.0 * s) / c : (l.rho + w / 2.0 * s) / c;
            /* keep the PEAKS strongest: replace the weakest when full */
            int at = n < PEAKS ? n++ : -1;
            if (at < 0) {
                at = 0;
                for (int k = 1; k < PEAKS; k++)
                    if (out[k].votes < out[at].votes) at = k;
                if (out[at].votes >= v) continue;
            }
            out[at] = l;
        }
    free(acc);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1].pos > out[j].pos; j--) {
            line tmp = out[j];
            out[j] = out[j - 1];
            out[j - 1] = tmp;
        }
    return n;
}

/* The PAIRS best (first, last) pairs of one family: most inner lines found
 * at their eight evenly spaced places, then most votes. Returns how many. */
static int best_pairs(const line *l, int n, int min_span, pair *out)
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double s = (l[j].pos - l[i].pos) / 9.0;
            if (9.0 * s < min_span || fabs(l[j].tilt - l[i].tilt) > 12 * M_PI / 180.0) continue;
            pair p = {i, j, 0, l[i].votes + l[j].votes};
            for (int k = 1; k <= 8; k++) {
                double want = l[i].pos + k * s;
                int best = -1;
                for (int m = i + 1; m < j; m++)
                    if (fabs(l[m].pos - want) < 0.15 * s &&
                        (best < 0 || l[m].votes > l[best].votes))
                        best = m;
                if (best >= 0) {
                    p.inner++;
                    p.votes += l[best].votes;
                }
            }
            if (p.inner < MIN_INNER) continue;
            int at = kept;
            while (at > 0 && (out[at - 1].inner < p.inner ||
                              (out[at - 1].inner == p.inner && out[at - 1].votes < p.votes)))
                at--;
            if (at >= PAIRS) continue;
            int last = kept < PAIRS ? kept : PAIRS - 1;
            memmove(out + at + 1, out + at, sizeof(*out) * (size_t)(last - at));
            out[at] = p;
            if (kept < PAIRS) kept++;
        }
    return kept;
}

/* The line a x + b y = c through a (row: cols == 0) line of a family. */
static void implicit(const line *l, int cols, double abc[3])
{
    double c = cos(l->tilt), s = sin(l->tilt);
    abc[0] = cols ? c : -s;
    abc[1] = cols ? s : c;
    abc[2] = l->rho;
}

static int cross(const double p[3], const double q[3], double out[2])
{
    double det = p[0] * q[1] - p[1] * q[0];
    if (fabs(det) < 1e-9) return -1;
    out[0] = (p[2] * q[1] - p[1] * q[2]) / det;
    out[1] = (p[0] * q[2] - p[2] * q[0]) / det;
    return 0;
}

/* Refits side abc (from corner a to corner b) to the ink within FIT_BAND
 * pixels of it, by least squares of the distance across it; leaves it
 * as it was when too little ink is there. */
static void fit_side(const unsigned char *ink, int w, int h, const double a[2], const double b[2],
                     double abc[3])
{
    double dx = b[0] - a[0], dy = b[1] - a[1], len = sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    double ux = dx / len, uy = dy / len; /* along */
    double nx = -uy, ny = ux;            /* across */
    double st = 0, sd = 0, stt = 0, std = 0;
    int count = 0;
    for (int k = 0; k <= (int)len; k++) {
        double cx = a[0] + ux * k, cy = a[1] + uy * k;
        double d_sum = 0;
        int d_n = 0;
        for (int d = -FIT_BAND; d <= FIT_BAND; d++) {
            int x = scan_round_clamp(cx + nx * d, -1, w), y = scan_round_clamp(cy + ny * d, -1, h);
            if (x >= 0 && y >= 0 && x < w && y < h && ink[(size_t)y * w + x]) {
                d_sum += d;
                d_n++;
            }
        }
        /* a digit or text across the band inks most of it: not the line */
        if (d_n == 0 || d_n > FIT_BAND + 1) continue;
        double t = k, d = d_sum / d_n;
        st += t;
        sd += d;
        stt += t * t;
        std += t * d;
        count++;
    }
    if (count < len / 3) return;
    double var = stt - st * st / count;
    if (var < 1e-9) return;
    double slope = (std - st * sd / count) / var, at0 = (sd - slope * st) / count;
    /* the fitted line: points a + u t + n (at0 + slope t) */
    double px = a[0] + nx * at0, py = a[1] + ny * at0;
    double qx = px + ux + nx * slope, qy = py + uy + ny * slope;
    double lx = qx - px, ly = qy - py, ll = sqrt(lx * lx + ly * ly);
    abc[0] = -ly / ll;
    abc[1] = lx / ll;
    abc[2] = abc[0] * px + abc[1] * py;
}

int scan_lattice_quads(const unsigned char *ink, int w, int h, double quads[][4][2], int max)
{
    line rows[PEAKS], cols[PEAKS];
    pair rp[PAIRS], cp[PAIRS];
    int nr = family(ink, w, h, 0, rows);
    int nc = nr < 0 ? -1 : family(ink, w, h, 1, cols);
    if (nr < 0 || nc < 0) return -1;
    int min_span = (w < h ? w : h) / 6;
    int npr = best_pairs(rows, nr, min_span, rp), npc = best_pairs(cols, nc, min_span, cp);
    int n = 0;
    for (int i = 0; i < npr; i++)
        for (int j = 0; j < npc && n < max; j++) {
            double side[4][3]; /* top, right, bottom, left */
            implicit(&rows[rp[i].first], 0, side[0]);
            implicit(&cols[cp[j].last], 1, side[1]);
            implicit(&rows[rp[i].last], 0, side[2]);
            implicit(&cols[cp[j].first], 1, side[3]);
            double q[4][2];
            int ok = 1;
            for (int round = 0; round < 2 && ok; round++) {
                for (int k = 0; k < 4 && ok; k++) ok = cross(side[(k + 3) % 4], side[k], q[k]) == 0;
                if (round == 0 && ok)
                    for (int k = 0; k < 4; k++) fit_side(ink, w, h, q[k], q[(k + 1) % 4], side[k]);
            }
            if (!ok) continue;
            memcpy(quads[n++], q, sizeof(q));
        }
    return n;
}
