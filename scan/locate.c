/* locate.c -- from photo bytes to the 81 cell images: decode, find the grid, warp, cut.
 *
 * The part of a reading that needs no classifier, so the cell dumper that
 * makes the classifier's training data (scan/tools/dump.c) runs exactly the
 * code the reader runs. Corners are found in the decoded (possibly reduced)
 * grey image and reported in the photo's own pixels.
 */
#include <string.h>

#include "scan/cells.h"
#include "scan/grid.h"
#include "solver/sudoku.h"

static const char *refusal(scan_status st)
{
    switch (st) {
    case SCAN_EMPTY:
        return "the image is empty";
    case SCAN_NOT_IMAGE:
        return "the bytes are not a JPEG, PNG or WebP image";
    case SCAN_UNSUPPORTED:
        return "this image type is not supported: send a JPEG, PNG or WebP";
    case SCAN_TOO_LARGE:
        return "the image has too many pixels";
    case SCAN_BAD_IMAGE:
        return "the image is damaged or truncated and cannot be decoded";
    case SCAN_NO_MEMORY:
        return "out of memory";
    default:
        return "the image could not be read";
    }
}

scan_status scan_locate(const void *bytes, size_t len, const scan_options *opts, scan_result *out,
                        unsigned char cells[81][SCAN_CELL_BYTES], scan_image *grid_out)
{
    size_t max_pixels = opts != NULL && opts->max_pixels > 0 ? opts->max_pixels : SCAN_MAX_PIXELS;
    scan_photo photo;
    scan_image grid = {0, 0, NULL};
    memset(out, 0, sizeof(*out));

    uint64_t t0 = sudoku_now_ns();
    scan_status st = scan_decode(bytes, len, max_pixels, &photo);
    uint64_t t1 = sudoku_now_ns();
    out->timing_us.decode = (t1 - t0) / 1000;
    out->status = st;
    if (st != SCAN_OK) {
        out->reason = refusal(st);
        return st;
    }
    out->width = photo.width;
    out->height = photo.height;

    scan_grid found;
    st = scan_find_grid(&photo.grey, &found, &out->reason);
    if (st == SCAN_OK && scan_warp(&photo.grey, &found, SCAN_WARP_SIDE, &grid) != 0) {
        st = SCAN_NO_MEMORY;
        out->reason = refusal(st);
    }
    if (st == SCAN_OK) {
        scan_cut_cells(&grid, cells);
        for (int k = 0; k < 4; k++) {
            out->corners[k][0] = found.corners[k][0] * photo.reduction;
            out->corners[k][1] = found.corners[k][1] * photo.reduction;
        }
    }
    out->timing_us.detect = (sudoku_now_ns() - t1) / 1000;
    out->status = st;
    if (st != SCAN_OK) scan_image_free(&grid); /* zeroes it */
    if (grid_out != NULL)
        *grid_out = grid;
    else
        scan_image_free(&grid);
    scan_image_free(&photo.grey);
    return st;
}
