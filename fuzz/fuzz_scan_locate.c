/* fuzz_scan_locate.c -- libFuzzer harness for the scanner's middle stages: pixels to cells.
 *
 * Input: a grey picture as raw bytes, byte 0 giving the width (16 + byte % 240)
 * and the rest the rows (0 = black), the height being what the bytes fill.
 * It runs what scan_locate() runs after decoding: scan_find_grid (threshold,
 * components, the corner and line tests), scan_warp from the corners it
 * found, and scan_cut_cells. Feeding pixels, not a JPEG, lets the fuzzer
 * shape the grid the finder sees directly and skips the decoder and the
 * network, whose own costs belong to fuzz_scan_decode and fuzz_scan.
 *
 * Beyond memory safety it checks what grid.h promises: a status of SCAN_OK,
 * SCAN_NO_GRID or SCAN_NO_MEMORY with a sentence, and for a grid four
 * finite corners inside the picture or within grid.h's margin of it, and
 * finite bends, all zero unless the grid is bent.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz/fuzz_common.h"
#include "scan/cells.h"
#include "scan/grid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    int w = 16 + data[0] % 240;
    int h = (int)((size - 1) / (size_t)w);
    if (h < 1) return 0;
    scan_image img;
    if (scan_image_alloc(&img, w, h) != 0) return 0;
    memcpy(img.px, data + 1, (size_t)w * (size_t)h);

    scan_grid found;
    const char *reason = NULL;
    scan_status st = scan_find_grid(&img, &found, &reason);
    FUZZ_ASSERT(st == SCAN_OK || st == SCAN_NO_GRID || st == SCAN_NO_MEMORY);
    FUZZ_ASSERT(reason != NULL && reason[0] != '\0');
    if (st == SCAN_OK) {
        double margin = (w > h ? w : h) / 100.0 + 4;
        for (int k = 0; k < 4; k++) {
            const double *c = found.corners[k];
            FUZZ_ASSERT(isfinite(c[0]) && isfinite(c[1]));
            FUZZ_ASSERT(c[0] >= -margin && c[0] <= w + margin);
            FUZZ_ASSERT(c[1] >= -margin && c[1] <= h + margin);
        }
        for (int line = 0; line <= 9; line++)
            for (int e = 0; e < 3; e++) {
                double r = found.row[line][e], c = found.col[line][e];
                FUZZ_ASSERT(isfinite(r) && isfinite(c) && (found.bent || (r == 0 && c == 0)));
            }
        scan_image grid;
        if (scan_warp(&img, &found, SCAN_WARP_SIDE, &grid) == 0) {
            FUZZ_ASSERT(grid.w == SCAN_WARP_SIDE && grid.h == SCAN_WARP_SIDE);
            static unsigned char cells[81][SCAN_CELL_BYTES], ink[81][SCAN_INK_BYTES];
            uint8_t all[81]; /* every cell's ink image, not only a reading's pencil cells */
            for (int i = 0; i < 81; i++) all[i] = (uint8_t)i;
            scan_cut_cells(&grid, cells);
            scan_cut_ink(&grid, all, 81, ink);
            scan_image_free(&grid);
        }
    }
    scan_image_free(&img);
    return 0;
}
