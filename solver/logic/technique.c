/* technique.c -- the names, scores and levels of the techniques.
 *
 * What technique.h lists, read back: a technique's API key and base score,
 * the level a rating falls in, and the names of the engine's statuses. Kept
 * apart from the engine and the finders because all of them read it (a
 * finder takes its base score from here) and it calls none of them.
 */
#include "solver/solver_int.h"

/* The rows of technique.h: key and base score, by technique. */
static const struct {
    const char *key;
    int score;
} sdk_lg_techniques[] = {
#define SDK_LG_ROW(id, key, score, description) {key, score},
    SUDOKU_TECHNIQUES(SDK_LG_ROW)
#undef SDK_LG_ROW
};

const char *sudoku_technique_str(sudoku_technique t)
{
    return (unsigned)t < SUDOKU_TECHNIQUE_COUNT ? sdk_lg_techniques[t].key : "unknown";
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

static const char *const sdk_level_names[] = {
#define X(id, name) [SUDOKU_LEVEL_##id] = name,
    SUDOKU_LEVELS(X)
#undef X
};

const char *sudoku_level_str(sudoku_level level)
{
    return SDK_NAME_OF(sdk_level_names, level);
}

static const char *const sdk_logic_status_names[] = {
#define X(id, name) [SUDOKU_LOGIC_##id] = name,
    SUDOKU_LOGIC_STATUSES(X)
#undef X
};

const char *sudoku_logic_status_str(sudoku_logic_status status)
{
    return SDK_NAME_OF(sdk_logic_status_names, status);
}
