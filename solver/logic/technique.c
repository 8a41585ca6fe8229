/* technique.c -- the names, scores and levels of the techniques.
 *
 * What technique.h lists, read back: a technique's API key and base score,
 * the level a rating falls in, and the names of the engine's statuses. Kept
 * apart from the engine and the finders because all of them read it (a
 * finder takes its base score from here) and it calls none of them.
 */
#include "solver/sudoku.h"

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

const char *sudoku_level_str(sudoku_level level)
{
    switch (level) {
    case SUDOKU_LEVEL_EASY:
        return "easy";
    case SUDOKU_LEVEL_MEDIUM:
        return "medium";
    case SUDOKU_LEVEL_HARD:
        return "hard";
    case SUDOKU_LEVEL_EXPERT:
        return "expert";
    case SUDOKU_LEVEL_EXTREME:
        return "extreme";
    }
    return "unknown";
}

const char *sudoku_logic_status_str(sudoku_logic_status status)
{
    switch (status) {
    case SUDOKU_LOGIC_STEP:
        return "step";
    case SUDOKU_LOGIC_SOLVED:
        return "solved";
    case SUDOKU_LOGIC_STUCK:
        return "stuck";
    case SUDOKU_LOGIC_BROKEN:
        return "broken";
    case SUDOKU_LOGIC_LIMIT:
        return "limit";
    case SUDOKU_LOGIC_INVALID:
        return "invalid";
    }
    return "unknown";
}
