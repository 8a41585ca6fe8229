/* classify.h -- the scanner's digit classifier: one cell image in, 20 class probabilities out.
 *
 * A small convolutional network, trained offline by scan/train/train.py on cells that
 * build/scan-dump cut from the train photos of wichtounet/sudoku_dataset and the train and val
 * phone photos of AlexKubiesa/sudoku-scanner, plus digits rendered from Debian's fonts. Its weights
 * are scan/model/digits.bin, which the build embeds as scan_model_digits below; the layout of that
 * file is described in scan/classify.c.
 *
 * Classes:
 *
 *   0        blank cell
 *   1 .. 9   printed digit 1 .. 9       (a given)
 *   10 .. 18 handwritten digit 1 .. 9   (an entry: class - 9)
 *   19       pencil marks               (small candidate digits: neither a given nor an entry)
 *
 * Thread safety: any number of threads may call these at once. The first call repacks the
 * weights into a static table (about 604 KiB, once, through pthread_once); after that they read
 * only their arguments and that table, allocate nothing and use about 52 KiB of stack.
 */
#ifndef SCAN_CLASSIFY_H
#define SCAN_CLASSIFY_H

#include <stdbool.h>

#include "scan/cell.h"

#define SCAN_CLASSES           20
#define SCAN_CLASS_HANDWRITTEN 10 /* classes 10 .. 18 are handwritten digits */
#define SCAN_CLASS_PENCIL      19 /* the last class: pencil marks */

/* True for the classes of a digit written by hand (an entry). */
static inline bool scan_class_is_entry(int cls)
{
    return cls >= SCAN_CLASS_HANDWRITTEN && cls < SCAN_CLASS_PENCIL;
}

/* The embedded weights: the bytes of scan/model/digits.bin and their count, written by the
 * build into a generated C file. */
extern const unsigned char scan_model_digits[];
extern const unsigned long scan_model_digits_size;

/* Fills probs[0..SCAN_CLASSES) with the probabilities (summing to 1) that the cell holds each
 * class. cell is SCAN_CELL_SIDE * SCAN_CELL_SIDE bytes of scan/cell.h's format. When the
 * embedded model is not one this code can run (see scan_classify_model_ok), every probability
 * is 0. */
void scan_classify(const unsigned char cell[SCAN_CELL_SIDE * SCAN_CELL_SIDE],
                   float probs[SCAN_CLASSES]);

/* scan_classify with the kernels of one vector width: lanes 4 (every machine) or 8 (x86-64
 * with AVX2, unless built with -DSDK_PORTABLE). Every width gives the same bits; scan_classify runs
 * the widest this CPU has. Returns false, leaving probs untouched, when this CPU or build lacks
 * that width or the model is not one this code can run. For tests and benchmarks. */
bool scan_classify_lanes(const unsigned char cell[SCAN_CELL_SIDE * SCAN_CELL_SIDE],
                         float probs[SCAN_CLASSES], int lanes);

/* True when the embedded blob has the expected magic, version, layer shapes and size, and this
 * machine's floats are the blob's (IEEE 754, little-endian). Thread-safe. */
bool scan_classify_model_ok(void);

#endif
