/* grid.h -- finding the Sudoku grid in a grey photo, and the square it maps to.
 *
 * Internal to scan/. Corners are (x, y) pairs in the grey image's pixels,
 * in the order top-left, top-right, bottom-right, bottom-left. Reentrant.
 */
#ifndef SCAN_GRID_H
#define SCAN_GRID_H

#include <math.h>

#include "scan/image.h"

/* The map from the unit square (u, v in 0..1; u along the top edge, v down
 * the left edge) to a quadrilateral: x = (a u + b v + c) / (g u + h v + 1),
 * y = (d u + e v + f) / (g u + h v + 1). */
typedef struct scan_homography {
    double a, b, c, d, e, f, g, h;
} scan_homography;

/* The homography taking the unit square's corners to corners[0..3].
 * Returns 0, or -1 when three corners are (nearly) on one line. */
int scan_homography_of(const double corners[4][2], scan_homography *m);
/* Applies m to (u, v). Inline: the grid test maps thousands of points a candidate. */
static inline void scan_homography_map(const scan_homography *m, double u, double v, double *x,
                                       double *y)
{
    double w = m->g * u + m->h * v + 1.0;
    if (fabs(w) < 1e-12) w = 1e-12;
    *x = (m->a * u + m->b * v + m->c) / w;
    *y = (m->d * u + m->e * v + m->f) / w;
}

/* x rounded as lround() rounds (halves away from zero), clamped to lo..hi;
 * NaN gives lo. Inline and branch-light: the pixel loops round millions of
 * coordinates, and a library lround() call cost more than the loop around
 * it. The half is added by arithmetic, not a test: whether a coordinate's
 * fraction is past a half is a coin toss, and a mispredicted branch in the
 * line finder's vote cost more than the vote. Clamping first keeps a point
 * far off the image (a wild homography) from overflowing the conversion. */
static inline int scan_round_clamp(double x, int lo, int hi)
{
    if (!(x > lo)) return lo;
    if (!(x < hi)) return hi;
    double t = trunc(x);
    t += (double)(fabs(x - t) >= 0.5) * copysign(1.0, x);
    return (int)t;
}

/* A grid as found: the quadrilateral of its outer lines, and, on a bowed
 * page, how its inner lines bend away from where the quadrilateral's map
 * puts them. Line i of the rows runs at v = i/9 + row[i](u), line j of the
 * columns at u = j/9 + col[j](v), each a quadratic c0 + c1 t + c2 t^2 in
 * the unit square's units; all zero when not bent. */
typedef struct scan_grid {
    double corners[4][2];
    int bent;
    double row[10][3], col[10][3];
} scan_grid;

/* Looks for the grid in img and writes it to *grid (corners in img pixels).
 * The corners lie inside img, or a few pixels outside it where a side fitted to
 * a grid's lines runs off the photo's edge (at most 1% of img's longer
 * side plus 4 pixels). Returns SCAN_OK, SCAN_NO_GRID with *reason set to a sentence for the
 * user (static storage), or SCAN_NO_MEMORY. */
scan_status scan_find_grid(const scan_image *img, scan_grid *grid, const char **reason);

/* The second way to find a grid (scan/lattice.c), for when its ink is not
 * one clean component: quadrilaterals whose sides are the first and last
 * of ten evenly spaced lines in each direction of the ink image ink[w*h]
 * (1 = ink), best first, at most max, in ink pixel coordinates (a pixel's
 * centre at its indices). Returns how many, or -1 when out of memory. */
int scan_lattice_quads(const unsigned char *ink, int w, int h, double quads[][4][2], int max);

/* Fills out (allocated here, side x side pixels) with the grid of img
 * warped to a square (its lines straightened when it is bent), sampled bilinearly and averaged
 * over the source pixels each output pixel covers, so thin pen strokes
 * survive a strong reduction. Returns 0, or -1 when out of memory or the
 * corners are degenerate. */
int scan_warp(const scan_image *img, const scan_grid *grid, int side, scan_image *out);

#endif
