/* engine.c -- the ladder of techniques, the next step, and the rating.
 *
 * The ladder is data (STYLE rule 16): one row per finder, in the order of
 * Sudoku Explainer's scores, walked from the top at every step so that the
 * easiest step available is always the one taken. A rating is the hardest
 * step of that path; an explanation is the path itself; a hint is its first
 * step from the user's state. Rows whose score varies (chains) keep their
 * base score in technique.h and put the length increments in the step.
 */
#include <string.h>

#include "solver/logic/logic_int.h"

static bool sdk_lg_direct_pointing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_pointing(lg, st, true);
}
static bool sdk_lg_direct_claiming(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_claiming(lg, st, true);
}
static bool sdk_lg_plain_pointing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_pointing(lg, st, false);
}
static bool sdk_lg_plain_claiming(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_claiming(lg, st, false);
}
static bool sdk_lg_direct_hidden_pair(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_hidden_set(lg, st, 2, true);
}
static bool sdk_lg_direct_hidden_triple(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_hidden_set(lg, st, 3, true);
}
static bool sdk_lg_naked_pair(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_naked_set(lg, st, 2);
}
static bool sdk_lg_naked_triple(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_naked_set(lg, st, 3);
}
static bool sdk_lg_naked_quad(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_naked_set(lg, st, 4);
}
static bool sdk_lg_hidden_pair(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_hidden_set(lg, st, 2, false);
}
static bool sdk_lg_hidden_triple(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_hidden_set(lg, st, 3, false);
}
static bool sdk_lg_hidden_quad(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_hidden_set(lg, st, 4, false);
}
static bool sdk_lg_x_wing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_fish(lg, st, 2);
}
static bool sdk_lg_swordfish(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_fish(lg, st, 3);
}
static bool sdk_lg_jellyfish(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_fish(lg, st, 4);
}
static bool sdk_lg_wxyz_wing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_als_wing(lg, st, 3);
}
static bool sdk_lg_vwxyz_wing(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_als_wing(lg, st, 4);
}
static bool sdk_lg_turbot_fish(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_strong_links(lg, st, 2);
}
static bool sdk_lg_three_links(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_strong_links(lg, st, 3);
}
static bool sdk_lg_four_links(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_strong_links(lg, st, 4);
}
static bool sdk_lg_five_links(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_strong_links(lg, st, 5);
}
static bool sdk_lg_six_links(sudoku_logic *lg, sudoku_step *st)
{
    return sdk_lg_strong_links(lg, st, 6);
}

/* One rung: the technique (for its base score) and the finder. The chain
 * finder returns the lowest-scoring of X-, Y- and XY-cycles and forcing X- and
 * XY-chains, as SE sorts the hints of its one chaining rule. */
static const struct sdk_lg_rung {
    sudoku_technique technique;
    bool (*find)(sudoku_logic *lg, sudoku_step *st);
} sdk_lg_ladder[] = {
    {SUDOKU_TECH_FULL_HOUSE, sdk_lg_full_house},
    {SUDOKU_TECH_HIDDEN_SINGLE_BOX, sdk_lg_hidden_single_box},
    {SUDOKU_TECH_HIDDEN_SINGLE_LINE, sdk_lg_hidden_single_line},
    {SUDOKU_TECH_DIRECT_POINTING, sdk_lg_direct_pointing},
    {SUDOKU_TECH_DIRECT_CLAIMING, sdk_lg_direct_claiming},
    {SUDOKU_TECH_DIRECT_HIDDEN_PAIR, sdk_lg_direct_hidden_pair},
    {SUDOKU_TECH_NAKED_SINGLE, sdk_lg_naked_single},
    {SUDOKU_TECH_DIRECT_HIDDEN_TRIPLE, sdk_lg_direct_hidden_triple},
    {SUDOKU_TECH_POINTING, sdk_lg_plain_pointing},
    {SUDOKU_TECH_CLAIMING, sdk_lg_plain_claiming},
    {SUDOKU_TECH_NAKED_PAIR, sdk_lg_naked_pair},
    {SUDOKU_TECH_X_WING, sdk_lg_x_wing},
    {SUDOKU_TECH_HIDDEN_PAIR, sdk_lg_hidden_pair},
    {SUDOKU_TECH_NAKED_TRIPLE, sdk_lg_naked_triple},
    {SUDOKU_TECH_SWORDFISH, sdk_lg_swordfish},
    {SUDOKU_TECH_HIDDEN_TRIPLE, sdk_lg_hidden_triple},
    {SUDOKU_TECH_TURBOT_FISH, sdk_lg_turbot_fish},
    {SUDOKU_TECH_XY_WING, sdk_lg_xy_wing},
    {SUDOKU_TECH_XYZ_WING, sdk_lg_xyz_wing},
    {SUDOKU_TECH_UNIQUE_RECTANGLE, sdk_lg_unique_loops},
    {SUDOKU_TECH_NAKED_QUAD, sdk_lg_naked_quad},
    {SUDOKU_TECH_JELLYFISH, sdk_lg_jellyfish},
    {SUDOKU_TECH_HIDDEN_QUAD, sdk_lg_hidden_quad},
    {SUDOKU_TECH_STRONG_LINKS, sdk_lg_three_links},
    {SUDOKU_TECH_WXYZ_WING, sdk_lg_wxyz_wing},
    {SUDOKU_TECH_BUG, sdk_lg_bug},
    {SUDOKU_TECH_STRONG_LINKS, sdk_lg_four_links},
    {SUDOKU_TECH_VWXYZ_WING, sdk_lg_vwxyz_wing},
    {SUDOKU_TECH_ALIGNED_PAIR_EXCLUSION, sdk_lg_aligned_pair_exclusion},
    {SUDOKU_TECH_STRONG_LINKS, sdk_lg_five_links},
    {SUDOKU_TECH_STRONG_LINKS, sdk_lg_six_links},
    {SUDOKU_TECH_CYCLE, sdk_lg_forcing_chain},
    {SUDOKU_TECH_NISHIO, sdk_lg_nishio},
    {SUDOKU_TECH_FORCING_CHAIN, sdk_lg_multiple_chain},
    {SUDOKU_TECH_DYNAMIC_FORCING_CHAIN, sdk_lg_dynamic_chain},
};

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
    if (lg->nsolved == lg->ncells) return SUDOKU_LOGIC_SOLVED;
    /* Steps are sound, so a state loaded consistent stays so: the check for
     * a broken one waits until the ladder has nothing (it costs a pass). */
    for (size_t i = 0; i < sizeof(sdk_lg_ladder) / sizeof(sdk_lg_ladder[0]); i++) {
        if (sdk_lg_ladder[i].find(lg, st)) return SUDOKU_LOGIC_STEP;
        if (lg->timed_out) return SUDOKU_LOGIC_LIMIT;
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

/* ---- names and levels ------------------------------------------------------------ */

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
