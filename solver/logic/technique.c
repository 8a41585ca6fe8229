/* technique.c -- the names, scores and levels of the techniques.
 *
 * What technique.h lists, read back: a technique's API key and base score,
 * the level a rating falls in, and the names of the engine's statuses. Kept
 * apart from the engine and the finders because all of them read it (a
 * finder takes its base score from here) and it calls none of them.
 */
#include <string.h>

#include "solver/solver_int.h"

/* The rows of technique.h: key, base score and description, by technique. */
static const struct {
    const char *key;
    int score;
    const char *description;
} sdk_lg_techniques[] = {
#define SDK_LG_ROW(id, key, score, description) {key, score, description},
    SUDOKU_TECHNIQUES(SDK_LG_ROW)
#undef SDK_LG_ROW
};

const char *sudoku_technique_str(sudoku_technique t)
{
    return (unsigned)t < SUDOKU_TECHNIQUE_COUNT ? sdk_lg_techniques[t].key : "unknown";
}

int sudoku_technique_from_str(const char *key, sudoku_technique *out)
{
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        if (strcmp(key, sdk_lg_techniques[t].key) == 0) {
            *out = (sudoku_technique)t;
            return 0;
        }
    }
    return -1;
}

const char *sudoku_technique_description(sudoku_technique t)
{
    return (unsigned)t < SUDOKU_TECHNIQUE_COUNT ? sdk_lg_techniques[t].description : "";
}

int sudoku_technique_score(sudoku_technique t)
{
    return (unsigned)t < SUDOKU_TECHNIQUE_COUNT ? sdk_lg_techniques[t].score : 0;
}

sudoku_level sudoku_level_of(int score, bool needs_search)
{
    if (needs_search || score > 62) return SUDOKU_LEVEL_EXTREME;
    if (score > 44) return SUDOKU_LEVEL_EXPERT;
    if (score > 25) return SUDOKU_LEVEL_HARD;
    if (score > 15) return SUDOKU_LEVEL_MEDIUM;
    return SUDOKU_LEVEL_EASY;
}

SDK_DEFINE_NAME_FN(sudoku_level_str, sudoku_level, SUDOKU_LEVELS)
SDK_DEFINE_NAME_FN(sudoku_logic_status_str, sudoku_logic_status, SUDOKU_LOGIC_STATUSES)
