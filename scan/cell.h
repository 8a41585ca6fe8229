/* cell.h -- the cell image: the contract between the grid reader and the digit classifier.
 *
 * The grid reader (scan/grid.c) cuts the perspective-corrected grid into 81
 * cells and turns each into one small grey image; the classifier
 * (scan/classify.h) reads nothing else. Training reads the very same images,
 * written by `build/scan-dump IMAGE OUT` (81 cells, row-major), so what the
 * network learns is exactly what it is shown at run time.
 *
 *   one cell: SCAN_CELL_SIDE x SCAN_CELL_SIDE bytes, row-major
 *
 *     byte [y * SCAN_CELL_SIDE + x]    0 = paper ... 255 = ink
 *
 *   It is cut from inside the cell's grid lines; what is left of the lines
 *   is removed; the contrast is stretched so the darkest ink is near 255 and
 *   the paper 0. A blank cell is (nearly) all 0.
 */
#ifndef SCAN_CELL_H
#define SCAN_CELL_H

#define SCAN_CELL_SIDE  32
#define SCAN_CELL_BYTES (SCAN_CELL_SIDE * SCAN_CELL_SIDE)

#endif
