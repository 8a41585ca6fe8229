/* cells.c -- one warped grid cell to one clean, centred cell image.
 *
 * DESIGN: the grid is 9 x 40 pixels square; a cell image is the middle
 * 32 x 32 of its cell, so 4 pixels of margin take the grid lines (and a few
 * pixels of error in the corners). What is left of a line is removed in
 * two ways: a row or column near the edge that is mostly ink is a line, not
 * a stroke, and is cleared; then only the ink components that reach the
 * middle half of the cell are kept (specks and line stubs at the edge are
 * not). Levels are local: the paper is the cell's 80th percentile, a stroke
 * is darker than the paper by 40% of the cell's darkest ink in its middle,
 * and a cell whose middle is no darker than 15% of the whole grid's
 * contrast is blank; so a shadow over part of the grid does not turn its
 * cells to ink, and faint print keeps its shape beside dark handwriting. The kept
 * ink keeps its grey (stretched so the cell's darkest ink is 255) and its
 * size, and is shifted so its bounding box is centred: position in the
 * cell says nothing about the digit, size does (printed digits are all
 * alike, handwriting is not).
 *
 * Pencil marks (several small candidate digits, mostly away from the
 * middle, often in a corner) would not survive that: when no kept
 * component is as tall as a digit and marks lie beside it (or there is
 * nothing in the middle), the cell is cut again for marks, its
 * darkest ink sought in the whole inner cell and every component of a
 * mark's size kept where it is (not a speck, not a line: nothing longer than
 * MARK_MAX, no thin stub at the edge), since where a candidate sits in the
 * cell is part of what it looks like. The classifier tells marks from a
 * blank or a small digit.
 *
 *   cell in the warped grid (40 px)
 *   +----------------------------------+
 *   |  4 px margin (grid line)         |
 *   |   +--------------------------+   |
 *   |   |  32 x 32 cell image      |   |
 *   |   |      +----------+        |   |
 *   |   |      | middle   | <- ink must reach here
 *   |   |      +----------+        |   |
 *   |   +--------------------------+   |
 *   +----------------------------------+
 */
#include <stdbool.h>
#include <string.h>

#include "scan/cells.h"

#define S          SCAN_CELL_SIDE
#define MAX_SIDE   SCAN_INK_SIDE /* the largest image cut */
#define MARGIN     ((SCAN_WARP_CELL - S) / 2)
#define EDGE       6   /* rows/columns this close to the edge may be line remnants */
#define LINE_SHARE 0.6 /* ... when this share of them is ink */
#define MIN_INK    12  /* fewer kept ink pixels than this: blank */
#define DIGIT_TALL 11  /* a kept component this many rows tall is a digit, not a pencil mark */
#define MARK_MIN   6   /* pencil-mark cut: smaller components are specks, */
#define MARK_MAX   16  /* ... wider or taller ones lines, as are those this thin at the edge */
#define MARK_THIN  2

/* The value below which a share `num/den` of the n values lie. */
static int percentile(const unsigned char *v, int n, int stride, int rows, int num, int den)
{
    unsigned hist[256] = {0};
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < n; x++) hist[v[(size_t)y * stride + x]]++;
    long want = (long)n * rows * num / den, acc = 0;
    for (int i = 0; i < 256; i++) {
        acc += hist[i];
        if (acc > want) return i;
    }
    return 255;
}

/* Which components of the mask a cut keeps. */
typedef enum cut_mode {
    CUT_DIGIT, /* those with a pixel in the middle half of the cell */
    CUT_MARKS, /* those the size of a pencil mark, the edge's thin line stubs left out */
    CUT_INK,   /* all but specks and the edge's thin line stubs */
} cut_mode;

/* Keeps in mask only the 8-connected components mode names; returns how
 * many pixels are kept, sets *tallest to the most rows one spans and *apart
 * to how many of them have no pixel in the middle half. */
static int keep_components(unsigned char *mask, int side, cut_mode mode, int *tallest, int *apart)
{
    unsigned char label[MAX_SIDE * MAX_SIDE];
    short stack[MAX_SIDE * MAX_SIDE], members[MAX_SIDE * MAX_SIDE];
    int kept = 0;
    *tallest = *apart = 0;
    memset(label, 0, sizeof(label));
    for (int start = 0; start < side * side; start++) {
        if (!mask[start] || label[start]) continue;
        int top = 0, n = 0, middle = 0, edge = 0, x0 = side, x1 = -1, y0 = side, y1 = -1;
        stack[top++] = (short)start;
        label[start] = 1;
        while (top > 0) {
            int i = stack[--top], x = i % side, y = i / side;
            members[n++] = (short)i;
            middle |= x >= side / 4 && x < 3 * side / 4 && y >= side / 4 && y < 3 * side / 4;
            edge |= x == 0 || y == 0 || x == side - 1 || y == side - 1;
            x0 = x < x0 ? x : x0;
            x1 = x > x1 ? x : x1;
            y0 = y < y0 ? y : y0;
            y1 = y > y1 ? y : y1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= side || yy >= side) continue;
                    int j = yy * side + xx;
                    if (mask[j] && !label[j]) {
                        label[j] = 1;
                        stack[top++] = (short)j;
                    }
                }
        }
        int w = x1 - x0 + 1, h = y1 - y0 + 1;
        bool stroke = n >= MARK_MIN && !(edge && (w <= MARK_THIN || h <= MARK_THIN));
        /* CUT_INK's whole cell: a thin stroke in the margin along a side is a line */
        int band = (side - S) / 2 + MARK_THIN;
        bool remnant = (w <= MARK_THIN + 1 && (x1 < band || x0 >= side - band)) ||
                       (h <= MARK_THIN + 1 && (y1 < band || y0 >= side - band));
        bool keep = mode == CUT_DIGIT   ? middle
                    : mode == CUT_MARKS ? stroke && w <= MARK_MAX && h <= MARK_MAX
                                        : stroke && !remnant;
        if (keep) {
            kept += n;
            *apart += !middle;
            *tallest = h > *tallest ? h : *tallest;
        } else {
            for (int k = 0; k < n; k++) mask[members[k]] = 0;
        }
    }
    return kept;
}

/* The ink of the cell (how much darker than its paper each pixel is) and the
 * darkest of it in the middle half and in the cell less a line's margin. */
static void measure(const unsigned char *grid, int stride, int side, int margin, unsigned char *ink,
                    int *middle, int *inner)
{
    int paper = percentile(grid, side, stride, side, 4, 5);
    *middle = *inner = 0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int d = paper - grid[(size_t)y * stride + x];
            ink[y * side + x] = (unsigned char)(d > 0 ? d : 0);
            if (x >= side / 4 && x < 3 * side / 4 && y >= side / 4 && y < 3 * side / 4 &&
                d > *middle)
                *middle = d;
            if (x >= margin && x < side - margin && y >= margin && y < side - margin && d > *inner)
                *inner = d;
        }
}

/* The strokes of the cell: ink darker than a share of `darkest` (so faint
 * print beside dark handwriting keeps its shape) and than floor, less the
 * rows and columns near the edge that are mostly ink (grid lines). */
static void strokes(const unsigned char *ink, int side, int darkest, int floor, unsigned char *mask)
{
    int threshold = darkest * 2 / 5 > floor ? darkest * 2 / 5 : floor;
    int edge = EDGE + (side - S) / 2; /* as far from the middle in a whole cell */
    for (int i = 0; i < side * side; i++) mask[i] = ink[i] > threshold;
    for (int i = 0; i < side; i++) {
        if (i >= edge && i < side - edge) continue;
        int row = 0, col = 0;
        for (int j = 0; j < side; j++) {
            row += mask[i * side + j];
            col += mask[j * side + i];
        }
        for (int j = 0; j < side; j++) {
            if (row > LINE_SHARE * side) mask[i * side + j] = 0;
            if (col > LINE_SHARE * side) mask[j * side + i] = 0;
        }
    }
}

/* Writes the kept ink and its soft edge (one pixel around it) to out, its
 * grey stretched so the darkest is 255; centred when `centre`, else in place. */
static void draw(const unsigned char *ink, const unsigned char *mask, int side, bool centre,
                 unsigned char *out)
{
    int x0 = side, y0 = side, x1 = -1, y1 = -1, top = 1;
    unsigned char keep[MAX_SIDE * MAX_SIDE];
    memset(keep, 0, sizeof(keep));
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            if (!mask[y * side + x]) continue;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
            if (ink[y * side + x] > top) top = ink[y * side + x];
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx >= 0 && yy >= 0 && xx < side && yy < side) keep[yy * side + xx] = 1;
                }
        }
    int shift_x = centre ? (side - 1 - x1 - x0) / 2 : 0,
        shift_y = centre ? (side - 1 - y1 - y0) / 2 : 0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int sx = x - shift_x, sy = y - shift_y;
            if (sx < 0 || sy < 0 || sx >= side || sy >= side || !keep[sy * side + sx]) continue;
            int v = ink[sy * side + sx] * 255 / top;
            out[y * side + x] = (unsigned char)(v > 255 ? 255 : v);
        }
}

/* One cell image: grid points at the cell's middle S square; floor is ink_floor's. */
static void cut_cell(const unsigned char *grid, int stride, int floor, unsigned char out[S * S])
{
    unsigned char ink[S * S], mask[S * S], marks[S * S];
    int middle, inner, tallest, apart;
    bool digit = false;
    memset(out, 0, S * S);
    measure(grid, stride, S, 2, ink, &middle, &inner);
    if (middle > floor) {
        strokes(ink, S, middle, floor, mask);
        digit = keep_components(mask, S, CUT_DIGIT, &tallest, &apart) >= MIN_INK;
        if (digit && tallest >= DIGIT_TALL) {
            draw(ink, mask, S, true, out);
            return;
        }
    }
    if (inner <= floor) return;
    strokes(ink, S, inner, floor, marks);
    int kept = keep_components(marks, S, CUT_MARKS, &tallest, &apart);
    /* a small digit with nothing beside it is still a digit: centred */
    if (digit && apart == 0)
        draw(ink, mask, S, true, out);
    else if (kept >= MIN_INK)
        draw(ink, marks, S, false, out);
}

/* One ink image: cell points at the whole cell, its lines included. */
static void cut_ink(const unsigned char *cell, int stride, int floor,
                    unsigned char out[SCAN_INK_SIDE * SCAN_INK_SIDE])
{
    enum { N = SCAN_INK_SIDE };
    unsigned char ink[N * N], mask[N * N];
    int middle, inner, tallest, apart;
    memset(out, 0, N * N);
    measure(cell, stride, N, MARGIN + 2, ink, &middle, &inner);
    if (inner <= floor) return;
    strokes(ink, N, inner, floor, mask);
    if (keep_components(mask, N, CUT_INK, &tallest, &apart) >= MIN_INK)
        draw(ink, mask, N, false, out);
}

/* The least ink that is not noise: 15% of the grid's contrast (its paper against its darkest
 * ink, the lines), and at least 10 levels. */
static int ink_floor(const scan_image *img)
{
    int paper = percentile(img->px, img->w, img->w, img->h, 4, 5);
    int dark = percentile(img->px, img->w, img->w, img->h, 1, 100);
    int floor = (paper - dark) * 15 / 100;
    return floor < 10 ? 10 : floor;
}

/* The top-left pixel of cell i of the warped grid, its lines included. */
static const unsigned char *cell_at(const scan_image *grid, int i)
{
    return grid->px + (size_t)(i / 9 * SCAN_WARP_CELL) * grid->w + i % 9 * SCAN_WARP_CELL;
}

void scan_cut_cells(const scan_image *grid, unsigned char cells[81][SCAN_CELL_BYTES])
{
    int floor = ink_floor(grid);
    for (int i = 0; i < 81; i++)
        cut_cell(cell_at(grid, i) + MARGIN * grid->w + MARGIN, grid->w, floor, cells[i]);
}

void scan_cut_ink(const scan_image *grid, const uint8_t *which, int n,
                  unsigned char ink[81][SCAN_INK_BYTES])
{
    int floor = ink_floor(grid);
    for (int k = 0; k < n; k++) cut_ink(cell_at(grid, which[k]), grid->w, floor, ink[which[k]]);
}
