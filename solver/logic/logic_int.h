/* logic_int.h -- internals of the step engine (solver/logic/), never included outside solver/.
 *
 * The engine keeps a candidate grid and finds, one at a time, the easiest
 * human deduction it allows. Each technique family lives in its own file and
 * exports finders: functions that look at the grid, fill a sudoku_step for
 * the first instance they meet and return true, without changing the grid,
 * and the sentences of the techniques they find. ladder.c lists them, one
 * row per rung in score order; engine.c walks it, applies the step it gets,
 * and is what rating, explaining and hinting all read.
 *
 * DESIGN: every set of cells is a bitset over the N*N cells (`words` 64-bit
 * words: 2 for 9x9, 10 for 25x25, 64 for 64x64), so "the places of digit d in
 * unit u" is dcells[d] & unit_bits[u] for any shape: rows, columns, boxes,
 * jigsaw regions and diagonals are all just units. No finder knows 9x9
 * geometry; the few that need "lines" ask for the unit kind.
 *
 *   unit_bits[u]     cells of unit u            (units numbered as in solver_int.h)
 *   dcells[d-1]      unsolved cells where d is still a candidate
 *   cand[cell]       candidate mask of an unsolved cell, 0 once solved
 *   unsolved         cells without a value
 *   value[cell]      0, or the digit placed (given, entry or deduced)
 *
 * All of it lives in the caller's sudoku_logic, allocated once: finders use
 * the stack and the scratch arrays below, never malloc, so the engine is
 * reentrant and one object serves one puzzle at a time.
 */
#ifndef SDK_LOGIC_INT_H
#define SDK_LOGIC_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/bits.h"
#include "solver/solver_int.h"

#define SDK_LG_WORDS (SUDOKU_MAX_CELLS / 64)
/* Chains search the on/off states of every candidate; beyond this size the
 * N^3 candidates make them too slow to be worth it, so they are not tried. */
#define SDK_CHAIN_MAX_SIZE 16
/* Dynamic chains follow every assumption with singles over the whole grid:
 * past this size a 16x16 took seconds, so they stop here. */
#define SDK_DYNAMIC_MAX_SIZE 12
/* The scratch of SE's chaining runs (dynamic.c), which its static multiple
 * chains use up to SDK_CHAIN_MAX_SIZE: potentials, each one's parents at
 * most (the one that implied it and the removals that left one choice), and
 * a potential set as a bitset. */
#define SDK_DYN_CELLS     (SDK_CHAIN_MAX_SIZE * SDK_CHAIN_MAX_SIZE)
#define SDK_DYN_UNITS     (3 * SDK_CHAIN_MAX_SIZE + 2)
#define SDK_DYN_CANDS     (SDK_DYN_CELLS * SDK_CHAIN_MAX_SIZE)
#define SDK_DYN_NODES     (2 * SDK_DYN_CANDS)
#define SDK_DYN_POOL      ((SDK_DYN_NODES + 1) * (SDK_CHAIN_MAX_SIZE + 1))
#define SDK_DYN_SET_WORDS ((SDK_DYN_NODES + 63) / 64)
#define SDK_DYN_NEST      256 /* nested chains one run may rest on */
#define SDK_CHAIN_NODES   (2 * SDK_CHAIN_MAX_SIZE * SDK_CHAIN_MAX_SIZE * SDK_CHAIN_MAX_SIZE)
/* Units one unit can cross in two cells or more: a unit of N cells meets at
 * most N/2 others that way in each of rows, columns, boxes, plus diagonals. */
#define SDK_LG_MAX_CROSS (2 * SUDOKU_MAX_SIZE + 2)
/* Locked candidates one state can have: at most one per unit and digit
 * (see sdk_lg_locked_list in intersections.c). */
#define SDK_LG_MAX_LOCKED (SDK_MAX_UNITS * SUDOKU_MAX_SIZE)

/* A strong link of one digit (chains.c): in `unit`, every place of the digit
 * is in group a or group b (masks of positions in the unit), so one of them
 * holds it. Plain links have one cell a side; grouped ones (Sukaku
 * Explainer's "empty region" links, rated 4.3) more: a line whose places fall
 * in two boxes, a box whose places fall in two of its lines (the empty
 * rectangle when they cross; their crossing cell goes to one side or the
 * other). */
typedef struct sdk_lg_link {
    uint64_t a, b;
    int unit;
    bool grouped;
} sdk_lg_link;

/* Room for every link of one digit on a grid chains run on: a plain one per
 * unit, a grouped one per line, and a few splits per box. */
#define SDK_LG_MAX_LINKS (8 * (3 * SDK_CHAIN_MAX_SIZE + 2))

struct sudoku_logic {
    /* Shape, kept while puzzles of the same shape come in. */
    int n, ncells, nunits, words;
    int box_rows, box_cols;
    bool diagonal, has_regions;
    uint8_t regions[SUDOKU_MAX_CELLS];
    uint64_t full;
    uint16_t unit_cells[SDK_MAX_UNITS][SUDOKU_MAX_SIZE];
    uint64_t unit_bits[SDK_MAX_UNITS][SDK_LG_WORDS];
    uint8_t cell_units[SUDOKU_MAX_CELLS][SDK_CELL_UNITS];
    uint8_t cell_index[SUDOKU_MAX_CELLS][SDK_CELL_UNITS]; /* the cell's place in each */
    uint8_t cell_nunits[SUDOKU_MAX_CELLS];
    /* The units crossing each unit in two cells or more, with the crossing as
     * a mask of positions in the first: what locked candidates test. */
    uint8_t ncross[SDK_MAX_UNITS];
    uint8_t cross_unit[SDK_MAX_UNITS][SDK_LG_MAX_CROSS];
    uint64_t cross_mask[SDK_MAX_UNITS][SDK_LG_MAX_CROSS];
    int max_cross; /* most cells two units share */

    /* Candidate grid. */
    uint8_t value[SUDOKU_MAX_CELLS];
    uint64_t cand[SUDOKU_MAX_CELLS];
    uint64_t dcells[SUDOKU_MAX_SIZE][SDK_LG_WORDS];
    uint64_t unsolved[SDK_LG_WORDS]; /* cells without a value */
    int nsolved;

    /* Caches that finders share: every digit's positions in each unit (each
     * removal clears its bit; a load or restore marks them all dirty, to be
     * rebuilt when read), and the list of locked candidates (rebuilt when
     * `state` moved on). */
    uint64_t state; /* bumped by every change to the grid */
    uint64_t pos_dirty[(SDK_MAX_UNITS + 63) / 64];
    uint64_t pos[SDK_MAX_UNITS][SUDOKU_MAX_SIZE];
    uint64_t locked_state;

    /* Change stamps: every removal of a candidate takes a new stamp from
     * `changes` (never reused, never reset) and writes it on the units of the
     * cell and on the digit. A finder that only reads one unit (subsets) or
     * one digit (fish) and found nothing there records that unit's or digit's
     * stamp, and skips it until the stamp moves: after a step most units are
     * untouched, so the next pass of the ladder looks at a few. Strong-link
     * chains are one digit each too but keep the best over all digits, so a
     * digit counts as clean only when searched with nothing found before it. */
    uint64_t changes;
    uint64_t unit_stamp[SDK_MAX_UNITS];
    uint64_t digit_stamp[SUDOKU_MAX_SIZE];
    uint64_t single_clean[SDK_MAX_UNITS];   /* hidden singles */
    uint64_t locked_clean[SDK_MAX_UNITS];   /* `changes` when the unit last had no locked digit */
    uint64_t naked_clean[5][SDK_MAX_UNITS]; /* by degree */
    uint64_t hidden_clean[2][5][SDK_MAX_UNITS]; /* by direct, degree */
    uint64_t fish_clean[5][SUDOKU_MAX_SIZE];    /* by degree */
    uint64_t links_clean[7][SUDOKU_MAX_SIZE];   /* strong-link chains, by links */
    /* Each digit's strong links and the digit's stamp they were built at. */
    uint64_t links_stamp[SDK_CHAIN_MAX_SIZE];
    int nlinks[SDK_CHAIN_MAX_SIZE];
    sdk_lg_link links[SDK_CHAIN_MAX_SIZE][SDK_LG_MAX_LINKS];
    int nlocked;
    struct {
        uint8_t u1, u2, d;
    } locked[SDK_LG_MAX_LOCKED];

    /* Dynamic chains (dynamic.c): one run's grid and the potentials it
     * reached (dyn_mark == dyn_epoch), each with its parents
     * dyn_pool[dyn_pstart .. + dyn_pcount); a mark for counting ancestors;
     * and every candidate's "on" run, kept for the forcing kinds. */
    uint64_t dyn_cand[SDK_DYN_CELLS];
    uint8_t dyn_units[SDK_DYN_CELLS][SDK_CELL_UNITS];     /* in SE's order */
    uint8_t dyn_index[SDK_DYN_CELLS][SDK_CELL_UNITS];     /* the cell's place in each */
    uint64_t dyn_pos0[SDK_DYN_UNITS][SDK_CHAIN_MAX_SIZE]; /* places by unit, digit */
    uint64_t dyn_pos[SDK_DYN_UNITS][SDK_CHAIN_MAX_SIZE];  /* the same in the run */
    uint32_t dyn_mark[SDK_DYN_NODES], dyn_epoch;
    int32_t dyn_pstart[SDK_DYN_NODES];
    uint16_t dyn_pcount[SDK_DYN_NODES];
    int32_t dyn_pool[SDK_DYN_POOL];
    int dyn_npool;
    int32_t dyn_qon[SDK_DYN_NODES], dyn_qoff[SDK_DYN_NODES]; /* every potential reached */
    int dyn_nqon, dyn_nqoff;
    int dyn_absurd; /* the potential whose conjugate ended the last run, if one did */
    /* Nested chains (nested.c): the level runs go at (0: singles only), and
     * for each potential reached the technique + 1 of the rule that implied
     * it on the run's grid (0: a single). */
    int dyn_level;
    uint8_t dyn_rule[SDK_DYN_NODES];
    /* From level 2, a chain found on a run's grid: the run's nested chains'
     * complexities, each potential's nested chain + 1 (0: none), and the
     * complexity of the last dynamic or multiple step found here (what an
     * outer run counts for it). nest is the engine those chains are searched
     * with, allocated on first use and freed with lg. */
    int32_t dyn_nest_cx[SDK_DYN_NEST];
    int dyn_nnest;
    uint16_t dyn_nest[SDK_DYN_NODES];
    uint32_t dyn_nest_mark[SDK_DYN_NEST];
    int dyn_complexity;
    struct sudoku_logic *nest;
    uint32_t dyn_amark[SDK_DYN_NODES], dyn_aepoch;
    int32_t dyn_astack[SDK_DYN_POOL];
    uint64_t dyn_set[SDK_DYN_CANDS][SDK_DYN_SET_WORDS];

    /* When to give up on a chain search (0 = never), and whether one gave up. */
    uint64_t deadline_ns;
    const atomic_int *cancel;
    bool timed_out;
    int limit_score; /* when it did: the least score the next step can have */

    /* Chain scratch: breadth-first searches over the on/off states of the
     * candidates, node = 2 * (cell * n + digit - 1) + on. A node is reached in
     * the current search when mark[node] == epoch. */
    int32_t chain_parent[SDK_CHAIN_NODES];
    int32_t chain_queue[SDK_CHAIN_NODES];
    uint32_t chain_mark[SDK_CHAIN_NODES];
    uint32_t chain_epoch;
    int16_t chain_dist[SDK_CHAIN_NODES]; /* nodes on the path from the source, source = 1 */
};

/* ---- unit and bitset helpers ----------------------------------------------------- */

/* The kind of unit u and its 0-based index among units of that kind. */
static inline sudoku_unit_kind sdk_lg_kind(const sudoku_logic *lg, int u)
{
    return u < 3 * lg->n ? (sudoku_unit_kind)(u / lg->n) : SUDOKU_UNIT_DIAGONAL;
}

static inline int sdk_lg_index(const sudoku_logic *lg, int u)
{
    return u < 3 * lg->n ? u % lg->n : u - 3 * lg->n;
}

/* Number of cells in a & b. */
static inline int sdk_lg_count2(const sudoku_logic *lg, const uint64_t *a, const uint64_t *b)
{
    int c = 0;
    for (int w = 0; w < lg->words; w++) c += sdk_popcount(a[w] & b[w]);
    return c;
}

/* Lowest cell of a & b, or -1. */
static inline int sdk_lg_first2(const sudoku_logic *lg, const uint64_t *a, const uint64_t *b)
{
    for (int w = 0; w < lg->words; w++) {
        uint64_t x = a[w] & b[w];
        if (x) return w * 64 + sdk_ctz(x);
    }
    return -1;
}

static inline bool sdk_lg_has(const uint64_t *set, int cell)
{
    return (set[cell >> 6] >> (cell & 63)) & 1;
}

/* Loads into dst src's shape and limits with the candidates cand (an
 * unsolved cell of src keeps cand's, a solved one its value) and pos, the
 * places of each digit in each unit they make: the grid a nested chain is
 * searched on (a dynamic run's dyn_cand and dyn_pos). */
void sdk_lg_load_grid(sudoku_logic *dst, const sudoku_logic *src, const uint64_t *cand,
                      const uint64_t (*pos)[SDK_CHAIN_MAX_SIZE]);

/* Writes to out the cells sharing a unit with `cell` (itself excluded). */
void sdk_lg_peers(const sudoku_logic *lg, int cell, uint64_t *out);

/* Position masks of every digit in unit u: bit i of [d-1] is set when the
 * unit's i-th cell holds d as a candidate. Cached; valid until the grid
 * changes. Inline: chain searches read it at every link. */
const uint64_t *sdk_lg_unit_positions_build(sudoku_logic *lg, int u);
static inline const uint64_t *sdk_lg_unit_positions(sudoku_logic *lg, int u)
{
    if (!(lg->pos_dirty[u >> 6] >> (u & 63) & 1)) return lg->pos[u];
    return sdk_lg_unit_positions_build(lg, u);
}

/* ---- building a step ------------------------------------------------------------- */

/* Clears st and sets its technique and score (tenths). */
void sdk_lg_step_begin(sudoku_step *st, sudoku_technique t, int score);
/* Appends to the step's lists; entries beyond the capacity are dropped (an
 * elimination dropped is simply not made: a step stays sound). */
void sdk_lg_add_place(sudoku_step *st, int cell, int digit);
void sdk_lg_add_elim(sudoku_step *st, int cell, int digit);
void sdk_lg_add_cell(sudoku_step *st, int cell);
/* Appends a chain of len potentials (nodes 2 * (cell * n + digit - 1) + on,
 * in order from the assumption) to the step's links, one of `of` chains the
 * step will have: each keeps the first potentials and the last, 64 / of of
 * them (4 to SUDOKU_STEP_MAX_SHOWN), so a step's text stays readable. A
 * chain with no room left is not written. */
void sdk_lg_add_chain(sudoku_step *st, const int32_t *nodes, int len, int n, int of);
/* A node given to sdk_lg_add_chain may carry, from this bit up, the
 * technique + 1 of a rule that implied it (its link's `rule`). */
#define SDK_LG_RULE_SHIFT 24
void sdk_lg_add_unit(const sudoku_logic *lg, sudoku_step *st, int u);
/* Adds an elimination of d from every cell of the set that still has it;
 * returns how many were added. */
int sdk_lg_elim_set(const sudoku_logic *lg, sudoku_step *st, const uint64_t *set, int d);

/* ---- sentences (text.c) ----------------------------------------------------------- */

/* A sentence being written into the caller's buffer for puzzle p. */
typedef struct sdk_lg_text {
    char *out;
    size_t cap, len; /* len: what was wanted, may pass cap */
    const sudoku_puzzle *p;
} sdk_lg_text;

/* Appends to the sentence; what passes the buffer is counted, not written. */
__attribute__((format(printf, 2, 3))) void sdk_lg_put(sdk_lg_text *t, const char *fmt, ...);
void sdk_lg_put_cell(sdk_lg_text *t, int cell);                      /* r1c2 */
void sdk_lg_put_cells(sdk_lg_text *t, const uint16_t *cells, int k); /* r1c2, r3c4 and r5c6 */
/* The step's chains, each as its links, "r1c2=5 -> r1c7<>5 -> r3c7=5", a cut
 * one as "r1c2=5 -> ... -> r9c9<>4 (12 links)", joined by sep. */
void sdk_lg_put_chains(sdk_lg_text *t, const sudoku_step *st, const char *sep);
void sdk_lg_put_digit(sdk_lg_text *t, int d);               /* the puzzle's symbol: 7, A, ... */
void sdk_lg_put_digits(sdk_lg_text *t, uint64_t digits);    /* 1, 2 and 3 */
void sdk_lg_put_placement(sdk_lg_text *t, int cell, int d); /* r1c2 = 3 */
void sdk_lg_put_unit(sdk_lg_text *t, sudoku_unit_ref u);    /* row 1, box 3, ... */
/* The k units, separated by ", " and by last_sep before the last. */
void sdk_lg_put_units(sdk_lg_text *t, const sudoku_unit_ref *units, int k, const char *last_sep);
/* "pair", "triple" or "quad" for k = 2, 3, 4. */
const char *sdk_lg_set_name(int k);
/* The lowest digit of the step's digits, or 0. */
int sdk_lg_step_digit(const sudoku_step *st);

/* ---- the ladder (ladder.c) ---------------------------------------------------------- */

/* A finder: fills *st for the first instance found and returns true,
 * without changing the grid; arg is its rung's argument. */
typedef bool sdk_lg_find_fn(sudoku_logic *lg, sudoku_step *st, int arg);
/* A sentence writer: writes what a step of its technique saw; returns true
 * when that sentence already says what the step places (singles), false to
 * have the eliminations and placements appended. */
typedef bool sdk_lg_say_fn(sdk_lg_text *t, const sudoku_step *st);

/* One rung. find is NULL on a row that only gives a sentence to a technique
 * the finder of an earlier row yields (see ladder.c). */
typedef struct sdk_lg_rung {
    sudoku_technique technique;
    sdk_lg_find_fn *find;
    int arg;
    sdk_lg_say_fn *say;
} sdk_lg_rung;

extern const sdk_lg_rung sdk_lg_ladder[];
extern const int sdk_lg_rungs;
/* The first row of technique t, or NULL when it has none. */
const sdk_lg_rung *sdk_lg_rung_of(sudoku_technique t);

/* Added to a rung's argument: find only instances that leave a hidden
 * single at once (SE's "direct" techniques). */
#define SDK_LG_DIRECT 0x100

/* ---- finders and their sentences, by family ---------------------------------------- */

/* singles.c */
sdk_lg_find_fn sdk_lg_full_house, sdk_lg_hidden_single_box, sdk_lg_hidden_single_line,
    sdk_lg_naked_single;
sdk_lg_say_fn sdk_lg_say_full_house, sdk_lg_say_hidden_single, sdk_lg_say_naked_single;

/* intersections.c: arg SDK_LG_DIRECT or 0. */
sdk_lg_find_fn sdk_lg_pointing, sdk_lg_claiming;
sdk_lg_say_fn sdk_lg_say_locked;

/* subsets.c: arg the degree 2..4 (hidden: with SDK_LG_DIRECT or not). */
sdk_lg_find_fn sdk_lg_naked_set, sdk_lg_hidden_set;
sdk_lg_say_fn sdk_lg_say_naked_set, sdk_lg_say_hidden_set;

/* fish.c: arg the degree, X-Wing (2), Swordfish (3), Jellyfish (4). */
sdk_lg_find_fn sdk_lg_fish;
sdk_lg_say_fn sdk_lg_say_fish;

/* wings.c. sdk_lg_als_wing is Sukaku Explainer's WXYZ- (arg 3) and
 * VWXYZ-Wing (arg 4): an almost locked set of arg mutually visible cells and
 * a bivalue cell. */
sdk_lg_find_fn sdk_lg_xy_wing, sdk_lg_xyz_wing, sdk_lg_als_wing;
sdk_lg_say_fn sdk_lg_say_wing, sdk_lg_say_als_wing;

/* uniqueness.c: both assume the puzzle has one solution. The loop finder
 * yields unique rectangles and unique loops. */
sdk_lg_find_fn sdk_lg_unique_loops, sdk_lg_bug;
sdk_lg_say_fn sdk_lg_say_unique_loop, sdk_lg_say_bug;

/* exclusion.c: aligned pair (6.2) and triple (7.5) exclusion, one sentence. */
sdk_lg_find_fn sdk_lg_aligned_pair_exclusion, sdk_lg_aligned_triple_exclusion;
sdk_lg_say_fn sdk_lg_say_aligned_exclusion;

/* chains.c, static chains: sdk_lg_forcing_chain finds the lowest-scoring of
 * X-, Y- and XY-cycles (6.5/7.0) and single forcing X- and XY-chains
 * (6.6/7.0), plus SE length increments.
 * sdk_lg_strong_links: X-chains of exactly arg (2 or 3) strong links of one
 * digit, each pair joined by a weak link: one end is true, so the digit
 * leaves the cells that see both. Sukaku Explainer's "strong links" rungs as
 * its 1.15 rated the Sudoku Exchange bank (its four to six links were off by
 * default): 2 is the Turbot Fish (skyscraper 4.0, kite 4.1, with a box 4.2),
 * 3 scores 5.4, plus 0.1 when a link lies in a box, else 0.2 when the links
 * use both rows and columns. Links may be grouped (a line's places in two
 * boxes, a box's in two of its lines: the empty rectangle), which adds 0.3
 * instead (4.3, 5.7); no two links' units share a place of the digit. */
sdk_lg_find_fn sdk_lg_forcing_chain, sdk_lg_strong_links;
sdk_lg_say_fn sdk_lg_say_strong_links, sdk_lg_say_cycle, sdk_lg_say_single_chain;

/* dynamic.c: SE's chaining runs. Static multiple chains (8.0: cell and unit
 * forcing on the grid as it is, up to SDK_CHAIN_MAX_SIZE), and dynamic
 * chains, whose assumptions change the grid as they go (up to
 * SDK_DYNAMIC_MAX_SIZE): Nishio (7.5: one digit's links; a candidate whose
 * assumption ends in a contradiction) and dynamic forcing (8.5:
 * contradictions, double, cell and unit forcing); all plus SE's length
 * increments on their complexity. */
sdk_lg_find_fn sdk_lg_multiple_chain, sdk_lg_nishio, sdk_lg_dynamic_chain;
sdk_lg_say_fn sdk_lg_say_forcing_chain, sdk_lg_say_nishio, sdk_lg_say_dynamic_chain;

/* Adds node y to the run with the npending parents written at the end of
 * dyn_pool (dynamic.c). */
void sdk_lg_dyn_add(sudoku_logic *lg, int y, int npending);

/* nested.c: SE's nested levels of dynamic chains. sdk_lg_dynamic_chain's
 * argument is the level: 1 (9.0, "dynamic forcing chains (+)") lets a run,
 * when its singles run dry, apply locked candidates, hidden and naked pairs
 * and X-Wings to its grid. sdk_lg_nested_implied does that for the run
 * under way: it adds the removals of the first of those rules that applies
 * (and rests on the run's own removals) as "off" potentials whose parents
 * are those removals; returns false when none does.
 * sdk_lg_dyn_technique is the technique of a dynamic run at lg's level. */
bool sdk_lg_nested_implied(sudoku_logic *lg);
/* The rungs past 9.0: sdk_lg_dynamic_chain at level arg, on grids of boxes
 * and lines only (no diagonals, no jigsaw regions). */
sdk_lg_find_fn sdk_lg_nested_chain;
sdk_lg_say_fn sdk_lg_say_nested_chain;
sudoku_technique sdk_lg_dyn_technique(const sudoku_logic *lg);

/* The score SE adds to a chain's base for its length (nodes in the chain). */
int sdk_lg_length_bonus(int length);

/* True when a deadline or cancel set on lg has come. */
bool sdk_lg_expired(sudoku_logic *lg);

#endif /* SDK_LOGIC_INT_H */
