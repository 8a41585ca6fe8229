/* json_scan.h -- JSON out: a photo's reading (scan/scan.h) as one object.
 *
 * The one form of a reading for `sudoku scan --json` and POST /v1/scan.
 * Appends to a buf like the other writers (json_write.h): out of memory
 * sets b->oom. Thread-safe: no shared state. libc only; needs libscan only
 * for scan_status_str.
 */
#ifndef SUDOKUD_JSON_SCAN_H
#define SUDOKUD_JSON_SCAN_H

#include "scan/scan.h"
#include "writers/buf.h"

/* Appends the object for r:
 *
 *   {"status":"ok","reason":"...","width":W,"height":H,
 *    "puzzle":"81 chars","entries":"81 chars",
 *    "corners":[[x,y],[x,y],[x,y],[x,y]],      top-left, top-right, bottom-right,
 *                                              bottom-left, photo pixels, 1 decimal
 *    "confidence":[81 numbers 0..1, 3 decimals],
 *    "changed":[{"row":R,"col":C}...],          0-based, cells re-read as their
 *                                              second-best class
 *    "conflicts":[{"row":R,"col":C}...],        status "conflict": the clashing cells
 *    "pencil":[I...],                           cells (row * 9 + col) holding pencil
 *                                              marks, '.' in puzzle and entries
 *    "candidates":[[D...] x 81],                the digits read in each pencil cell,
 *                                              [] elsewhere (/v1/hint's form)
 *    "timing_us":{"decode":D,"detect":E,"recognise":F}}
 *
 * A refusal (no reading: not SCAN_IS_READING) has status, reason, width and
 * height (0 when the photo was not decoded) and timing_us only. */
void json_render_scan(buf *b, const scan_result *r);

/* The same object without its timing_us and closing brace, left open for a
 * caller that times more than the three stages (POST /v1/scan adds the
 * queue and the total): it then appends ',', json_render_timing() and '}'. */
void json_render_scan_open(buf *b, const scan_result *r);

#endif
