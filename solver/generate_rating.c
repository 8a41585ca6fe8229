/* generate_rating.c -- a difficulty target for sudoku_generate() from the step
 * engine's rating: a level's score range, and a score function.
 *
 * generate.c knows nothing of the rating (a score is whatever the caller's
 * function says); this file is the bridge the server and the CLI share, so
 * that both ask for "hard" the same way and a generated puzzle's level is the
 * one sudoku_rate() gives it. The level cuts stay where they are defined,
 * sudoku_level_of(): the ranges are read off it, not written again. It lives
 * apart from solver/logic/ because it serves the generator, not the engine.
 *
 * DESIGN: the score function walks the same easiest-step path as
 * sudoku_rate(), but stops at the first step above the target's top. Rating
 * is most of the cost of generating to a target (a candidate takes 0.12 ms on
 * a 9x9, a full rating of one that needs chains some 3.5 ms), and a candidate
 * already too hard need not be rated to the end: measured on one core, 9x9
 * rotational, easy 944 -> 4,190 puzzles/s, hard (minimal) 136 -> 484/s. A
 * candidate the engine cannot finish is rated by sudoku_rate() itself, which
 * knows the score of a stall.
 */
#include <limits.h>
#include <string.h>

#include "solver/sudoku.h"

/* Beyond every score the ladder gives (Sudoku Explainer's scale ends below
 * 12.0), so a scan up to it sees every level's cuts. */
#define SDK_SCORE_SCAN 200

int sudoku_level_range(sudoku_level level, int *min, int *max)
{
    int lo = -1, hi = -1;

    for (int score = 0; score <= SDK_SCORE_SCAN; score++) {
        if (sudoku_level_of(score, false) != level) continue;
        if (lo < 0) lo = score;
        hi = score;
    }
    if (lo < 0) return -1;
    *min = lo;
    *max = level == SUDOKU_LEVEL_EXTREME ? INT_MAX : hi;
    return 0;
}

int sudoku_level_from_str(const char *name, sudoku_level *out)
{
    for (int k = SUDOKU_LEVEL_EASY; k <= SUDOKU_LEVEL_EXTREME; k++) {
        if (strcmp(name, sudoku_level_str((sudoku_level)k)) == 0) {
            *out = (sudoku_level)k;
            return 0;
        }
    }
    return -1;
}

int sudoku_score_by_rating(const sudoku_puzzle *puzzle, int score_max, void *arg)
{
    sudoku_rating_scorer *rs = arg;
    sudoku_step step;
    sudoku_rating full;
    sudoku_logic_status st;
    int hardest = 0;

    sudoku_logic_set_limits(rs->lg, rs->limits);
    if (sudoku_logic_load(rs->lg, puzzle, NULL, NULL) != SUDOKU_LOGIC_STEP) return -1;
    while ((st = sudoku_logic_next(rs->lg, &step)) == SUDOKU_LOGIC_STEP) {
        if (step.score > hardest) hardest = step.score;
        if (hardest > score_max) return hardest;
        sudoku_logic_apply(rs->lg, &step);
    }
    if (st == SUDOKU_LOGIC_SOLVED) return hardest;
    if (st != SUDOKU_LOGIC_STUCK) return -1;
    st = sudoku_rate(rs->lg, rs->s, puzzle, rs->limits, &full);
    return st == SUDOKU_LOGIC_STUCK || st == SUDOKU_LOGIC_SOLVED ? full.score : -1;
}
