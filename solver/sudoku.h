/* sudoku.h -- the public interface of libsudoku, the solver behind sudokud.
 *
 * This is the one solver header that code outside solver/ includes (it pulls
 * in technique.h, the list of techniques). The library depends on libc only:
 * no threads, no I/O, no globals, and no allocation while solving. All state lives in caller-owned structs: a
 * sudoku_solver holds the scratch memory of one solve at a time, so give each
 * thread its own solver and any thread can solve any puzzle.
 *
 * Shapes: an N x N grid, N = box_rows * box_cols, 4 <= N <= 64, both box
 * sides >= 2. Optional variants: `diagonal` (both main diagonals are units)
 * and `regions` (jigsaw: N*N region ids replace the boxes).
 *
 * Cells hold 0 for a blank, 1..N for a symbol, row-major.
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/technique.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUDOKU_MIN_SIZE  4
#define SUDOKU_MAX_SIZE  64
#define SUDOKU_MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
/* Largest size the text form can spell: 1-9 then A-Z. */
#define SUDOKU_MAX_TEXT_SIZE 35
/* Room for any error message the library writes. */
#define SUDOKU_ERR_LEN 128

/* A puzzle and its shape. Plain data: copy it, keep it on the stack or in a
 * job struct. Fill it with sudoku_parse() or sudoku_puzzle_init(). */
typedef struct sudoku_puzzle {
    int size;                          /* N */
    int box_rows, box_cols;            /* box_rows * box_cols == N */
    bool diagonal;                     /* both main diagonals are units */
    bool has_regions;                  /* regions[] replaces the boxes */
    uint8_t regions[SUDOKU_MAX_CELLS]; /* region id 0..N-1 per cell */
    uint8_t cells[SUDOKU_MAX_CELLS];   /* 0 = blank, 1..N = given */
} sudoku_puzzle;

/* Outcome of a solve. 0 is the plain success; "no solution" and "multiple"
 * are answers about the puzzle, not failures of the library. */
typedef enum sudoku_status {
    SUDOKU_SOLVED = 0,  /* a solution found; unique if count_exact */
    SUDOKU_MULTIPLE,    /* at least two solutions */
    SUDOKU_NO_SOLUTION, /* givens are consistent but nothing completes them */
    SUDOKU_CONFLICT,    /* givens already break a rule: see sudoku_conflicts */
    SUDOKU_LIMIT,       /* a budget ran out before the answer was known */
    SUDOKU_INVALID,     /* the shape or a cell value is not acceptable */
} sudoku_status;

/* Which budget stopped a solve that returned SUDOKU_LIMIT. Also set on a
 * SUDOKU_MULTIPLE whose count a budget cut short (two solutions seen stand). */
typedef enum sudoku_limit_reason {
    SUDOKU_LIMIT_NONE = 0,
    SUDOKU_LIMIT_NODES,    /* node_budget exhausted */
    SUDOKU_LIMIT_DEADLINE, /* deadline_ns passed */
    SUDOKU_LIMIT_CANCEL,   /* *cancel became true */
} sudoku_limit_reason;

typedef enum sudoku_unit_kind {
    SUDOKU_UNIT_ROW = 0,
    SUDOKU_UNIT_COLUMN,
    SUDOKU_UNIT_BOX,      /* a box, or a region of a jigsaw */
    SUDOKU_UNIT_DIAGONAL, /* index 0: top-left to bottom-right; 1: the other */
} sudoku_unit_kind;

/* One symbol repeated inside one unit: every cell of the unit holding it. */
typedef struct sudoku_conflict {
    sudoku_unit_kind kind;
    int unit;                        /* 0-based index of the row, column, box/region or diagonal */
    int symbol;                      /* 1..N */
    int ncells;                      /* >= 2 */
    uint16_t cells[SUDOKU_MAX_SIZE]; /* 0-based row-major cell indices, ascending */
} sudoku_conflict;

/* Budgets and the solution cap. Zero-initialise, then set what you need. */
typedef struct sudoku_limits {
    uint64_t max_solutions;   /* stop after this many; 0 is taken as 1. 2 proves uniqueness */
    uint64_t node_budget;     /* max search nodes; 0 = unlimited */
    uint64_t deadline_ns;     /* absolute CLOCK_MONOTONIC time in ns; 0 = none */
    const atomic_int *cancel; /* non-zero => stop soon; may be NULL; read relaxed */
} sudoku_limits;

/* Counters of one solve. Eliminations count candidates removed. */
typedef struct sudoku_stats {
    uint64_t nodes;      /* search nodes visited (the root counts as one) */
    uint64_t guesses;    /* branches tried beyond the first at a node, plus first choices */
    uint64_t backtracks; /* dead ends met */
#define SUDOKU_STATS_FIELD(field, technique, description) uint64_t field;
    SUDOKU_SEARCH_COUNTERS(SUDOKU_STATS_FIELD) /* what propagation did: see technique.h */
#undef SUDOKU_STATS_FIELD
    uint32_t max_depth;  /* deepest guess level reached */
    uint64_t elapsed_ns; /* wall time of the solve call */
} sudoku_stats;

/* What sudoku_solve reports. `solutions` is a caller buffer of
 * solutions_capacity * size * size bytes (may be NULL when capacity is 0);
 * the library writes the first solutions_stored solutions there. */
typedef struct sudoku_result {
    sudoku_status status;
    sudoku_limit_reason limit_reason;
    uint64_t solution_count; /* solutions found */
    bool count_exact;        /* true when the whole search space was covered; false
                                whenever max_solutions or a budget stopped the search */
    sudoku_stats stats;
    uint8_t *solutions;
    size_t solutions_capacity;
    size_t solutions_stored;
} sudoku_result;

typedef struct sudoku_solver sudoku_solver;

/* Fills *rows and *cols with the default box of an N x N grid: the square
 * root for a perfect square, else the most nearly square factor pair with
 * rows < cols (6 -> 2x3, 12 -> 3x4). Returns 0, or -1 when N is out of range
 * or has no such pair (a prime). Thread-safe. */
int sudoku_default_box(int size, int *rows, int *cols);

/* Sets *p to an empty puzzle of the given shape (box_rows/box_cols 0 = the
 * default box). Returns 0, or -1 with a reason in err (SUDOKU_ERR_LEN bytes,
 * may be NULL) when the shape is unsupported. */
int sudoku_puzzle_init(sudoku_puzzle *p, int size, int box_rows, int box_cols, char *err);

/* Checks the shape, the regions (ids < N, N cells each) and that every cell
 * is 0..N. Returns 0, or -1 with the first problem in err (may be NULL). */
int sudoku_puzzle_check(const sudoku_puzzle *p, char *err);

/* Parses the text form: N*N symbols, `1`-`9` then `A`-`Z` (either case);
 * blanks `.`, `0`, `_`; whitespace and `|`, `+`, `-` ignored. `size` 0 infers
 * N from the cell count; box_rows/box_cols 0 take the default box. On error
 * returns -1 and writes the reason and position to err (SUDOKU_ERR_LEN bytes,
 * may be NULL); *out is then unspecified. Thread-safe. */
int sudoku_parse(const char *text, size_t len, int size, int box_rows, int box_cols,
                 sudoku_puzzle *out, char *err);

/* The cell-reading half of sudoku_parse, for callers that keep cells in
 * their own buffer: writes the N*N values (0 blank) to cells, which has room
 * for SUDOKU_MAX_TEXT_SIZE^2 bytes. `size` 0 infers N from the cell count;
 * whether a box fits N (a prime has none) is left to sudoku_puzzle_init().
 * Returns N, or -1 with the reason in err (may be NULL). Thread-safe. */
int sudoku_parse_cells(const char *text, size_t len, int size, uint8_t *cells, char *err);

/* Writes N*N symbols of `cells` (grid of p's size) and a NUL to out, blanks as
 * `.`. Returns the length written, or -1 when outlen is too small, a size
 * is above SUDOKU_MAX_TEXT_SIZE or a cell is above N. */
int sudoku_format(const sudoku_puzzle *p, const uint8_t *cells, char *out, size_t outlen);

/* Lists every repeated symbol in every unit of the givens. Writes at most
 * max entries to out (may be NULL when max is 0) and returns the total
 * number of conflicts, so 0 means the givens are consistent. */
size_t sudoku_conflicts(const sudoku_puzzle *p, sudoku_conflict *out, size_t max);

/* True when the cells form a complete grid that breaks no rule of p's shape. */
bool sudoku_is_solution(const sudoku_puzzle *p, const uint8_t *cells);

/* Allocates scratch memory for grids up to max_size (0 = SUDOKU_MAX_SIZE;
 * 1..3 count as 4): about 10*N^3 bytes, 2.9 MB at 64. Returns NULL when out
 * of memory or max_size is negative or above 64. One solver serves one solve
 * at a time. */
sudoku_solver *sudoku_solver_new(int max_size);
/* Frees a solver; NULL is accepted. */
void sudoku_solver_free(sudoku_solver *s);

/* Solves p within limits (NULL = max_solutions 1, no budget) and fills *r.
 * Set r->solutions and r->solutions_capacity before the call; the other
 * fields are overwritten. Never allocates. Returns r->status.
 * SUDOKU_INVALID when the shape does not fit the solver or the puzzle fails
 * sudoku_puzzle_check; SUDOKU_CONFLICT when sudoku_conflicts() is non-zero. */
sudoku_status sudoku_solve(sudoku_solver *s, const sudoku_puzzle *p, const sudoku_limits *limits,
                           sudoku_result *r);

/* Stable lower-case names: "solved", "multiple", "no_solution", "conflict",
 * "limit", "invalid"; "nodes", "deadline", "cancel"; "row", "column", "box",
 * "diagonal" ("region" for box conflicts of a jigsaw is the caller's call). */
const char *sudoku_status_str(sudoku_status status);
const char *sudoku_limit_reason_str(sudoku_limit_reason reason);
const char *sudoku_unit_kind_str(sudoku_unit_kind kind);

/* Current CLOCK_MONOTONIC time in ns, the clock of sudoku_limits.deadline_ns. */
uint64_t sudoku_now_ns(void);

/* ==== logic: human-style steps, explanations, hints and ratings ============
 *
 * A step engine over candidate grids, for every shape sudoku_solve takes:
 * at each step it applies the easiest technique that makes progress, on
 * Sudoku Explainer's scale (technique.h lists the ladder, scores in tenths).
 * A rating, an explanation and a hint are three readers of the same steps.
 * Scores are in tenths throughout: 23 is SE's 2.3.
 *
 * Uniqueness techniques (unique rectangles, BUG) assume the puzzle has one
 * solution: check that with sudoku_solve (max_solutions 2) first, as the
 * endpoints do; on a puzzle with several solutions they may remove the
 * candidates of some of them.
 */

#define SUDOKU_STEP_MAX_PLACEMENTS   8
#define SUDOKU_STEP_MAX_ELIMINATIONS 512
#define SUDOKU_STEP_MAX_CELLS        64
#define SUDOKU_STEP_MAX_UNITS        8
/* Room for any text sudoku_step_text writes (longer text is cut). */
#define SUDOKU_STEP_TEXT_LEN 1024

/* One candidate: a cell (0-based, row-major) and a digit 1..N. */
typedef struct sudoku_cand {
    uint16_t cell;
    uint8_t digit;
} sudoku_cand;

/* A unit a step names. kind BOX is a jigsaw region when the puzzle has regions. */
typedef struct sudoku_unit_ref {
    sudoku_unit_kind kind;
    int index; /* 0-based among units of its kind */
} sudoku_unit_ref;

/* One deduction. Plain data (about 2.7 KB): copy it, keep it on the stack. */
typedef struct sudoku_step {
    sudoku_technique technique;
    int score;       /* tenths: the technique's score plus SE's size and length increments */
    uint64_t digits; /* the digits the pattern is about, bit d-1 for digit d */
    int nplacements, neliminations, ncells, nunits;
    sudoku_cand placements[SUDOKU_STEP_MAX_PLACEMENTS];     /* cells this step solves */
    sudoku_cand eliminations[SUDOKU_STEP_MAX_ELIMINATIONS]; /* candidates it removes */
    uint16_t cells[SUDOKU_STEP_MAX_CELLS];                  /* cells that prove it */
    sudoku_unit_ref units[SUDOKU_STEP_MAX_UNITS];           /* units that prove it */
} sudoku_step;

/* Where the engine stands after a search for the next step. */
typedef enum sudoku_logic_status {
    SUDOKU_LOGIC_STEP = 0, /* a step was found */
    SUDOKU_LOGIC_SOLVED,   /* every cell holds a digit */
    SUDOKU_LOGIC_STUCK,    /* no technique of the ladder applies: the rest needs search */
    SUDOKU_LOGIC_BROKEN,   /* a cell has no candidate or a unit has no place for a digit
                              (found when no step applies; steps keep a sound grid sound) */
    SUDOKU_LOGIC_LIMIT,    /* the deadline or cancel flag stopped a chain search */
    SUDOKU_LOGIC_INVALID,  /* the shape or the cells are not acceptable */
} sudoku_logic_status;

/* The rating of a puzzle: the hardest step on the path that always takes the
 * easiest step (Sudoku Explainer's definition). */
typedef struct sudoku_rating {
    int score;                /* tenths; when needs_search, above every technique */
    sudoku_technique hardest; /* technique of the hardest step; SUDOKU_TECHNIQUE_COUNT if none */
    bool needs_search;        /* logic stalled before the end */
    uint32_t steps;           /* steps taken */
    uint32_t counts[SUDOKU_TECHNIQUE_COUNT]; /* steps per technique */
    uint64_t search_nodes; /* when needs_search: nodes sudoku_solve needed from the stall
                              (the tie-breaker between such puzzles), else 0 */
} sudoku_rating;

/* Difficulty levels on the score (tenths), for people:
 *   easy     score <= 15   full houses and hidden singles only
 *   medium   score <= 25   plus direct pointing/claiming/hidden pairs and triples, naked singles
 *   hard     score <= 44   pointing, claiming, naked/hidden pairs and triples, X-Wing,
 *                          Swordfish, turbot fish, XY- and XYZ-Wings
 *   expert   score <= 62   unique rectangles, quads, Jellyfish, strong-link chains, WXYZ-Wing,
 *                          BUG, VWXYZ-Wing, aligned pair exclusion
 *   extreme  above, or needs_search: cycles, chains and beyond
 * The cuts follow the classes puzzle banks quote (SE <= 1.2, 1.5-2.3, 2.5-4.9,
 * >= 5.0), with hidden singles in a line kept easy and chains set apart. */
typedef enum sudoku_level {
    SUDOKU_LEVEL_EASY = 0,
    SUDOKU_LEVEL_MEDIUM,
    SUDOKU_LEVEL_HARD,
    SUDOKU_LEVEL_EXPERT,
    SUDOKU_LEVEL_EXTREME,
} sudoku_level;

typedef struct sudoku_logic sudoku_logic;

/* Allocates an engine (about 0.8 MB, for every size). Returns NULL when out
 * of memory. One engine serves one puzzle at a time; give each thread its own. */
sudoku_logic *sudoku_logic_new(void);
/* Frees an engine; NULL is accepted. */
void sudoku_logic_free(sudoku_logic *lg);

/* Loads p's shape and a grid state: `values` (N*N, 0 = blank; NULL = p->cells)
 * and optional pencil marks `marks` (N*N masks, bit d-1 = digit d; a 0 mask
 * leaves the cell's computed candidates; NULL = none): every blank gets the
 * digits its peers' values allow, narrowed by its marks. Never allocates.
 * Returns SUDOKU_LOGIC_STEP when loaded, SUDOKU_LOGIC_INVALID when p fails
 * sudoku_puzzle_check or a value is above N, SUDOKU_LOGIC_BROKEN when two
 * values repeat in a unit or a blank is left with no candidate. */
sudoku_logic_status sudoku_logic_load(sudoku_logic *lg, const sudoku_puzzle *p,
                                      const uint8_t *values, const uint64_t *marks);

/* Sets when chain searches give up (NULL = never): limits->deadline_ns and
 * limits->cancel are read; the rest is ignored. Kept until the next call. */
void sudoku_logic_set_limits(sudoku_logic *lg, const sudoku_limits *limits);

/* Finds the easiest step from the loaded state and writes it to *st without
 * applying it. Returns SUDOKU_LOGIC_STEP, or SOLVED, STUCK, BROKEN or LIMIT
 * (then *st is unspecified). */
sudoku_logic_status sudoku_logic_next(sudoku_logic *lg, sudoku_step *st);

/* Applies a step sudoku_logic_next returned on this state: its eliminations,
 * then its placements. */
void sudoku_logic_apply(sudoku_logic *lg, const sudoku_step *st);

/* The state: writes N*N digits (0 = unsolved) to values and N*N candidate
 * masks (0 for solved cells) to cand; either may be NULL. */
void sudoku_logic_state(const sudoku_logic *lg, uint8_t *values, uint64_t *cand);

/* Rates p from its givens: runs the engine to the end and fills *r. limits
 * may be NULL (no deadline); its deadline and cancel bound chain searches and,
 * on a stall, the search that measures the remaining effort (its node_budget
 * too). Returns SUDOKU_LOGIC_SOLVED, or STUCK (r->needs_search), BROKEN,
 * LIMIT or INVALID. Reentrant on distinct engines. */
sudoku_logic_status sudoku_rate(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                                const sudoku_limits *limits, sudoku_rating *r);

/* Writes the sentence of a step for p's shape, r1c1 notation (1-based), to out
 * (NUL-terminated, cut at outlen; SUDOKU_STEP_TEXT_LEN is always enough), e.g.
 * "r1c4 = 5: the only place for 5 in box 2". Returns the length it wanted. */
int sudoku_step_text(const sudoku_puzzle *p, const sudoku_step *st, char *out, size_t outlen);

/* What a hint is. */
typedef enum sudoku_hint_kind {
    SUDOKU_HINT_STEP = 0, /* the easiest next step from the user's state */
    SUDOKU_HINT_MISTAKE,  /* entries or pencil marks contradict the solution */
    SUDOKU_HINT_SOLVED,   /* every cell is filled, correctly */
    SUDOKU_HINT_STUCK,    /* no technique applies to the user's state */
} sudoku_hint_kind;

typedef struct sudoku_hint {
    sudoku_hint_kind kind;
    /* MISTAKE: each wrong cell with the user's digit, or digit 0 for a cell
     * whose pencil marks exclude the right digit (which is not revealed). */
    int nmistakes;
    sudoku_cand mistakes[SUDOKU_MAX_CELLS];
    sudoku_step step; /* STEP */
} sudoku_hint;

/* Hint for p's givens, the user's `entries` (N*N digits, 0 = blank, may be
 * NULL) and pencil marks `marks` (N*N masks, 0 = none for that cell, may be
 * NULL). Solves p with s (limits as for sudoku_solve; max_solutions is set to
 * 2) and returns that status: only SUDOKU_SOLVED fills *h (a puzzle with
 * several or no solutions gets no hint). Entries on given cells are ignored.
 * Never allocates; reentrant on distinct engines and solvers. */
sudoku_status sudoku_hint_next(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                               const uint8_t *entries, const uint64_t *marks,
                               const sudoku_limits *limits, sudoku_hint *h);

/* The level of a score, and its lower-case name ("easy" ... "extreme"). */
sudoku_level sudoku_level_of(int score, bool needs_search);
const char *sudoku_level_str(sudoku_level level);

/* The stable snake_case key of a technique (technique.h), "unknown" out of range. */
const char *sudoku_technique_str(sudoku_technique t);
/* Its base score in tenths, 0 out of range. */
int sudoku_technique_score(sudoku_technique t);
/* The status name: "step", "solved", "stuck", "broken", "limit", "invalid". */
const char *sudoku_logic_status_str(sudoku_logic_status status);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
