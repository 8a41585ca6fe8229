/* fuzz_scan.c -- libFuzzer harness for the photo scanner: scan_read() on arbitrary bytes.
 *
 * Input: the bytes of an upload, as POST /v1/scan and `sudoku scan` hand
 * them over: decoding (type sniffing, header checks, Leptonica's JPEG, PNG
 * and WebP readers), grid detection, warping, cell cutting, classification
 * and the solver check all run on it. The pixel limit is lowered to 256x256
 * so an input claiming a large image is refused or decoded quickly; a
 * photo-sized decode is what the unit tests cover.
 *
 * Beyond memory safety it checks what scan.h promises: a known status with
 * a sentence; a reading has 81-character puzzle and entries strings of
 * '1'-'9' and '.', never a given and an entry in one cell, confidences in
 * 0..1, finite corners, changed and conflict cells in range; and the JSON
 * the server would send for it is strict JSON (json_check).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz/fuzz_common.h"
#include "scan/scan.h"
#include "writers/json_scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool fuzz_scan_cells_ok(const char *s)
{
    for (int i = 0; i < 81; i++)
        if (!(s[i] == '.' || (s[i] >= '1' && s[i] <= '9'))) return false;
    return s[81] == '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        scan_init();
        ready = true;
    }
    scan_options opts = {.max_pixels = 256 * 256};
    scan_result r;
    scan_status st = scan_read(data, size, &opts, &r);
    FUZZ_ASSERT(st == r.status && strcmp(scan_status_str(st), "unknown") != 0);
    FUZZ_ASSERT(r.reason != NULL && r.reason[0] != '\0');
    if (SCAN_IS_READING(st)) {
        FUZZ_ASSERT(fuzz_scan_cells_ok(r.puzzle) && fuzz_scan_cells_ok(r.entries));
        for (int i = 0; i < 81; i++) {
            FUZZ_ASSERT(r.puzzle[i] == '.' || r.entries[i] == '.');
            FUZZ_ASSERT(r.confidence[i] >= 0.0f && r.confidence[i] <= 1.0f);
        }
        for (int k = 0; k < 4; k++)
            FUZZ_ASSERT(isfinite(r.corners[k][0]) && isfinite(r.corners[k][1]));
        FUZZ_ASSERT(r.nchanged >= 0 && r.nchanged <= 81 && r.nconflict >= 0 && r.nconflict <= 81);
        for (int k = 0; k < r.nchanged; k++) FUZZ_ASSERT(r.changed[k] < 81);
        FUZZ_ASSERT((st == SCAN_CONFLICT) == (r.nconflict > 0));
        FUZZ_ASSERT(r.npencil >= 0 && r.npencil <= 81);
        for (int k = 0; k < r.npencil; k++) {
            int c = r.pencil[k];
            FUZZ_ASSERT(c < 81 && (k == 0 || c > r.pencil[k - 1]));
            FUZZ_ASSERT(r.puzzle[c] == '.' && r.entries[c] == '.' && r.kind[c] == SCAN_CELL_PENCIL);
        }
        for (int i = 0; i < 81; i++)
            FUZZ_ASSERT((r.candidates[i] & ~0x3FEu) == 0 &&
                        (r.candidates[i] == 0 || r.kind[i] == SCAN_CELL_PENCIL));
    }
    buf b = BUF_INIT;
    json_render_scan(&b, &r);
    fuzz_check_body(&b);
    return 0;
}
