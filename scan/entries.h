/* entries.h -- reading the digits written by hand with the puzzle's solution as a prior.
 *
 * Internal to scan/. Handwriting is where the classifier errs most, and
 * mostly between digits of similar shape (8/9, 5/6, 4/7). A player's
 * entries are mostly right, so once the givens have exactly one solution,
 * an entry read as a digit the solution does not have there is taken as
 * the solution's digit when the network found that nearly as likely. One
 * it did not is pencil marks when the network gave those a fair chance (a
 * player's candidates, read as one of their digits, need not be the
 * solution's). A clearly written wrong digit keeps its reading, so a
 * mistake on paper is still reported as the player wrote it. Pure function:
 * reentrant.
 */
#ifndef SCAN_ENTRIES_H
#define SCAN_ENTRIES_H

#include <stdint.h>

#include "scan/classify.h"

/* The solution's handwritten digit is taken when its probability is at least
 * this share of the probability of the class read (tuned by cross-validation
 * on the train photos: ENTRY_PRIOR in scan/train/reader.py, kept equal). */
#define SCAN_ENTRY_PRIOR 0.05f
/* An entry off the solution that is not taken as the solution's digit is read as
 * pencil marks when their probability is at least this share of the entry's
 * (ENTRY_PENCIL in scan/train/reader.py, kept equal). */
#define SCAN_ENTRY_PENCIL 0.01f

/* For each cell i with cls[i] a handwritten class whose digit is not
 * solution[i] (1..9), sets cls[i] to the handwritten class of solution[i]
 * when probs[i][that class] >= SCAN_ENTRY_PRIOR * probs[i][cls[i]], else to
 * SCAN_CLASS_PENCIL when probs[i][SCAN_CLASS_PENCIL] >= SCAN_ENTRY_PENCIL *
 * probs[i][cls[i]], and conf[i] to the new class's probability. Writes the
 * cells changed, ascending, to changed[] and returns how many. */
int scan_settle_entries(const float probs[81][SCAN_CLASSES], const uint8_t solution[81],
                        int cls[81], float conf[81], uint8_t changed[81]);

#endif
