/* candidates.h -- reading the small digits of a cell of pencil marks.
 *
 * Internal to scan/. A player notes a cell's candidates as a row of small
 * digits ("18", "259"), rarely one alone. Once the classifier has called a
 * cell pencil marks, its ink is split into those digits: strokes that
 * overlap left to right are one digit (the bar and body of a 5), strokes
 * side by side are two, and a blob too wide for one digit (two touching
 * digits) is cut at its thinnest columns. Each digit is scaled to the size
 * of a written digit and read by the same classifier, printed and written
 * alike. Pure function of the cell image: reentrant.
 */
#ifndef SCAN_CANDIDATES_H
#define SCAN_CANDIDATES_H

#include "scan/cells.h"

/* The candidates read in the ink image (scan_cut_ink, scan/cells.h) of a cell of
 * pencil marks: bit d set for each digit d (1..9) read; 0 when no digit-like
 * ink was found. */
unsigned scan_read_candidates(const unsigned char ink[SCAN_INK_BYTES]);

#endif
