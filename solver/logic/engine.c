/* engine.c -- the next step, and the rating.
 *
 * The ladder (ladder.c) is walked from the top at every step so that the
 * easiest step available is always the one taken. A rating is the hardest
 * step of that path; an explanation is the path itself; a hint is its first
 * step from the user's state. The engine knows no finder by name: it reads
 * the ladder's rows.
 */
#include <string.h>

#include "solver/logic/logic_int.h"

/* Search effort beyond the ladder: a stalled puzzle rates above every
 * technique, by as much as SE's dynamic chains and beyond. */
#define SDK_LG_STALL_SCORE 96

/* True when an unsolved cell has no candidate or a unit has no place left
 * for a digit it still misses. */
static bool sdk_lg_broken(const sudoku_logic *lg)
{
    for (int u = 0; u < lg->nunits; u++) {
        uint64_t seen = 0;
        for (int i = 0; i < lg->n; i++) {
            int c = lg->unit_cells[u][i];
            if (lg->value[c])
                seen |= sdk_bit(lg->value[c]);
            else if (!lg->cand[c])
                return true;
            else
                seen |= lg->cand[c];
        }
        if (seen != lg->full) return true;
    }
    return false;
}

sudoku_logic_status sudoku_logic_next(sudoku_logic *lg, sudoku_step *st)
{
    return sudoku_logic_next_upto(lg, SUDOKU_TECHNIQUE_COUNT, st);
}

/* The rows a walk up to `ceiling` reads: through the last row of that
 * technique, so a technique found by an earlier row's finder (X- and
 * XY-chains by the cycle rung's) is reached with it. */
static int sdk_lg_rows_upto(sudoku_technique ceiling)
{
    for (int i = sdk_lg_rungs; i > 0; i--)
        if (sdk_lg_ladder[i - 1].technique == ceiling) return i;
    return sdk_lg_rungs;
}

sudoku_logic_status sudoku_logic_next_upto(sudoku_logic *lg, sudoku_technique ceiling,
                                           sudoku_step *st)
{
    if (lg->nsolved == lg->ncells) return SUDOKU_LOGIC_SOLVED;
    int rows = sdk_lg_rows_upto(ceiling);
    /* Steps are sound, so a state loaded consistent stays so: the check for
     * a broken one waits until the ladder has nothing (it costs a pass). */
    for (int i = 0; i < rows; i++) {
        const sdk_lg_rung *rung = &sdk_lg_ladder[i];
        if (rung->find == NULL) continue;
        bool found = rung->find(lg, st, rung->arg);
        if (!lg->timed_out) {
            if (found) return SUDOKU_LOGIC_STEP;
            continue;
        }
        /* A search cut short may have kept a harder step than the easiest:
         * none is taken. What is known is that the rungs above had none. */
        lg->limit_score = sudoku_technique_score(rung->technique);
        for (int j = i + 1; j < sdk_lg_rungs; j++) {
            int score = sudoku_technique_score(sdk_lg_ladder[j].technique);
            if (sdk_lg_ladder[j].find && score < lg->limit_score) lg->limit_score = score;
        }
        return SUDOKU_LOGIC_LIMIT;
    }
    return sdk_lg_broken(lg) ? SUDOKU_LOGIC_BROKEN : SUDOKU_LOGIC_STUCK;
}

sudoku_logic_status sudoku_rate(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                                const sudoku_limits *limits, sudoku_rating *r)
{
    return sudoku_rate_steps(lg, s, p, limits, r, NULL, NULL);
}

sudoku_logic_status sudoku_rate_steps(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                                      const sudoku_limits *limits, sudoku_rating *r,
                                      sudoku_step_fn *fn, void *arg)
{
    memset(r, 0, sizeof(*r));
    r->hardest = SUDOKU_TECHNIQUE_COUNT;
    sudoku_logic_set_limits(lg, limits);
    sudoku_logic_status ls = sudoku_logic_load(lg, p, NULL, NULL);
    if (ls != SUDOKU_LOGIC_STEP) return ls;
    sudoku_step step;
    while ((ls = sudoku_logic_next(lg, &step)) == SUDOKU_LOGIC_STEP) {
        if (fn) fn(arg, r->steps, &step, lg);
        r->steps++;
        r->counts[step.technique]++;
        if (step.score > r->score || r->hardest == SUDOKU_TECHNIQUE_COUNT) {
            r->score = step.score > r->score ? step.score : r->score;
            r->hardest = step.technique;
        }
        sudoku_logic_apply(lg, &step);
    }
    if (ls == SUDOKU_LOGIC_LIMIT && lg->limit_score > r->score) r->score = lg->limit_score;
    if (ls != SUDOKU_LOGIC_STUCK) return ls;
    r->needs_search = true;
    if (r->score < SDK_LG_STALL_SCORE) r->score = SDK_LG_STALL_SCORE;
    /* The effort of finishing by search from the stall breaks ties. */
    static const sudoku_limits none;
    sudoku_limits lim = limits ? *limits : none;
    lim.max_solutions = 1;
    sudoku_puzzle rest = *p;
    memcpy(rest.cells, lg->value, (size_t)lg->ncells);
    sudoku_result res = {0};
    sudoku_solve(s, &rest, &lim, &res);
    r->search_nodes = res.stats.nodes;
    return ls;
}
