/* hint.c -- the next hint for a person's grid: a mistake, a step, or "solved".
 *
 * Mistakes come first, because any step taken from a wrong grid would teach
 * something false: an entry that differs from the solution, or a cell whose
 * pencil marks leave out the solution's digit (reported without the digit,
 * so the hint does not give the answer away). Only then is the engine loaded
 * with the user's own state (entries, and their marks where given) and asked
 * for its easiest step.
 */
#include <string.h>

#include "solver/logic/logic_int.h"

sudoku_status sudoku_hint_next(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                               const uint8_t *entries, const uint64_t *marks,
                               const sudoku_limits *limits, sudoku_hint *h)
{
    h->kind = SUDOKU_HINT_STUCK;
    h->nmistakes = 0;
    static const sudoku_limits none;
    sudoku_limits lim = limits ? *limits : none;
    lim.max_solutions = 2;
    uint8_t solution[SUDOKU_MAX_CELLS];
    sudoku_result res = {.solutions = solution, .solutions_capacity = 1};
    sudoku_status status = sudoku_solve(s, p, &lim, &res);
    if (status != SUDOKU_SOLVED) return status;

    int n = p->size, ncells = n * n;
    uint8_t values[SUDOKU_MAX_CELLS];
    for (int c = 0; c < ncells; c++) {
        int e = entries ? entries[c] : 0;
        if (e > n) return SUDOKU_INVALID;
        values[c] = p->cells[c] ? p->cells[c] : (uint8_t)e;
        if (p->cells[c]) continue;
        if (e && e != solution[c]) {
            h->mistakes[h->nmistakes++] = (sudoku_cand){(uint16_t)c, (uint8_t)e};
        } else if (!e && marks && marks[c] && !(marks[c] & sdk_bit(solution[c]))) {
            h->mistakes[h->nmistakes++] = (sudoku_cand){(uint16_t)c, 0};
        }
    }
    if (h->nmistakes) {
        h->kind = SUDOKU_HINT_MISTAKE;
        return status;
    }
    sudoku_logic_set_limits(lg, limits);
    if (sudoku_logic_load(lg, p, values, marks) != SUDOKU_LOGIC_STEP) return status;
    switch (sudoku_logic_next(lg, &h->step)) {
    case SUDOKU_LOGIC_STEP:
        h->kind = SUDOKU_HINT_STEP;
        break;
    case SUDOKU_LOGIC_SOLVED:
        h->kind = SUDOKU_HINT_SOLVED;
        break;
    default:
        h->kind = SUDOKU_HINT_STUCK;
        break;
    }
    return status;
}
