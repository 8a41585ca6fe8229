/* cells.h -- cutting the warped grid into the 81 cell images of scan/cell.h.
 *
 * Internal to scan/. Both the reader (scan/read.c) and the cell dumper that
 * feeds the classifier's training (scan/tools/dump.c) call scan_cut_cells,
 * so training and inference see the same images. Reentrant.
 */
#ifndef SCAN_CELLS_H
#define SCAN_CELLS_H

#include <stdint.h>

#include "scan/cell.h"
#include "scan/image.h"

/* Pixels per cell side in the warped grid: the warp is 9 * SCAN_WARP_CELL
 * pixels square, and a cell image is its middle SCAN_CELL_SIDE pixels. */
#define SCAN_WARP_CELL 40
#define SCAN_WARP_SIDE (9 * SCAN_WARP_CELL)

/* The ink image of a cell, for reading its pencil marks (scan/candidates.h): the
 * whole SCAN_WARP_CELL cell, since marks are written up to its lines, with
 * every stroke but specks and line remnants kept in place, in scan/cell.h's
 * levels (0 paper .. 255 the darkest ink). */
#define SCAN_INK_SIDE  SCAN_WARP_CELL
#define SCAN_INK_BYTES (SCAN_INK_SIDE * SCAN_INK_SIDE)

/* Cuts the SCAN_WARP_SIDE-square grey grid into cells[81] (row-major), each
 * as scan/cell.h describes; a cell with no ink left is all 0. */
void scan_cut_cells(const scan_image *grid, unsigned char cells[81][SCAN_CELL_BYTES]);

/* Cuts the ink images of the n cells which[0..n) (indices 0..80) of the same grid
 * into ink[which[k]]; the other entries of ink are left as they are. */
void scan_cut_ink(const scan_image *grid, const uint8_t *which, int n,
                  unsigned char ink[81][SCAN_INK_BYTES]);

/* The first stages of scan_read: decodes bytes, finds the grid, warps it
 * and cuts its cells into cells[81]. Fills out->status (SCAN_OK when cells
 * were cut, else the refusal), out->reason, width, height, corners (photo
 * pixels) and timing_us.decode/detect; zeroes the rest of *out. grid, unless
 * NULL, receives the warped grid when cells were cut (the caller frees it
 * with scan_image_free; it is zeroed otherwise), for scan_cut_ink.
 * opts may be NULL. Reentrant (scan/locate.c). */
scan_status scan_locate(const void *bytes, size_t len, const scan_options *opts, scan_result *out,
                        unsigned char cells[81][SCAN_CELL_BYTES], scan_image *grid);

#endif
