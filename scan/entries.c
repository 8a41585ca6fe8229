/* entries.c -- handwritten entries read against the solution (see entries.h). */
#include "scan/entries.h"

int scan_settle_entries(const float probs[81][SCAN_CLASSES], const uint8_t solution[81],
                        int cls[81], float conf[81], uint8_t changed[81])
{
    int n = 0;
    for (int i = 0; i < 81; i++) {
        if (!scan_class_is_entry(cls[i]) || solution[i] < 1 || solution[i] > 9) continue;
        int want = SCAN_CLASS_HANDWRITTEN - 1 + solution[i];
        if (want == cls[i]) continue;
        if (probs[i][want] < SCAN_ENTRY_PRIOR * probs[i][cls[i]]) {
            want = SCAN_CLASS_PENCIL;
            if (probs[i][want] < SCAN_ENTRY_PENCIL * probs[i][cls[i]]) continue;
        }
        cls[i] = want;
        conf[i] = probs[i][want];
        changed[n++] = (uint8_t)i;
    }
    return n;
}
