/* sudoku.h -- the public interface of libsudoku, the solver behind sudokud.
 *
 * This is the one solver header that code outside solver/ includes (it pulls
 * in technique.h, the list of techniques). The library depends on libc only:
 * no threads, no I/O, no globals, and no allocation while solving. All state
 * lives in caller-owned structs: a sudoku_solver holds the scratch memory of
 * one solve at a time, so give each thread its own solver and any thread can
 * solve any puzzle. Randomness too is a caller-owned sudoku_rng, seeded, so
 * the same seed gives the same relabellings and grids everywhere.
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
 * are answers about the puzzle, not failures of the library.
 * X(ENUM, name): name is the stable string sudoku_status_str() gives. */
#define SUDOKU_STATUSES(X)                                                                         \
    X(SOLVED, "solved")           /* a solution found; unique if count_exact */                    \
    X(MULTIPLE, "multiple")       /* at least two solutions */                                     \
    X(NO_SOLUTION, "no_solution") /* givens are consistent but nothing completes them */           \
    X(CONFLICT, "conflict")       /* givens already break a rule: see sudoku_conflicts */          \
    X(LIMIT, "limit")             /* a budget ran out before the answer was known */               \
    X(INVALID, "invalid")         /* the shape or a cell value is not acceptable */

typedef enum sudoku_status {
#define X(id, name) SUDOKU_##id,
    SUDOKU_STATUSES(X)
#undef X
} sudoku_status;

/* Which budget stopped a solve that returned SUDOKU_LIMIT. Also set on a
 * SUDOKU_MULTIPLE whose count a budget cut short (two solutions seen stand).
 * X(ENUM, name) as for the statuses. */
#define SUDOKU_LIMIT_REASONS(X)                                                                    \
    X(NONE, "none")                                                                                \
    X(NODES, "nodes")       /* node_budget exhausted */                                            \
    X(DEADLINE, "deadline") /* deadline_ns passed */                                               \
    X(CANCEL, "cancel")     /* *cancel became true */                                              \
    X(ATTEMPTS, "attempts") /* sudoku_generate only: max_attempts puzzles missed the target */

typedef enum sudoku_limit_reason {
#define X(id, name) SUDOKU_LIMIT_##id,
    SUDOKU_LIMIT_REASONS(X)
#undef X
} sudoku_limit_reason;

/* X(ENUM, name) as for the statuses. */
#define SUDOKU_UNIT_KINDS(X)                                                                       \
    X(ROW, "row")                                                                                  \
    X(COLUMN, "column")                                                                            \
    X(BOX, "box")           /* a box, or a region of a jigsaw */                                   \
    X(DIAGONAL, "diagonal") /* index 0: top-left to bottom-right; 1: the other */

typedef enum sudoku_unit_kind {
#define X(id, name) SUDOKU_UNIT_##id,
    SUDOKU_UNIT_KINDS(X)
#undef X
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

/* The shape rules, one place for the library, the service and the CLI.
 * sudoku_size_ok: true when an N x N grid has a box (4 <= N <= 64, N not
 * prime). sudoku_box_check: 0 when box_rows x box_cols boxes (sides >= 2)
 * tile an N x N grid. sudoku_regions_check: 0 when `count` region ids form
 * a jigsaw of an N x N grid (N*N ids below N, N cells each). The checks
 * return -1 with the first problem in err (SUDOKU_ERR_LEN bytes, may be
 * NULL). Thread-safe. */
bool sudoku_size_ok(int size);
int sudoku_box_check(int size, int box_rows, int box_cols, char *err);
int sudoku_regions_check(int size, const uint8_t *regions, size_t count, char *err);

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

/* Reads one row of `size` cells in the text form (the same symbols, blanks
 * and separators as sudoku_parse) into cells[0..size). Returns 0, or -1 with
 * the reason in err (may be NULL): a wrong cell count, a character that is
 * no symbol, a symbol above size. size is 4..SUDOKU_MAX_TEXT_SIZE.
 * Thread-safe. */
int sudoku_parse_row(const char *text, size_t len, int size, uint8_t *cells, char *err);

/* ---- puzzle records: where one puzzle of a text stream ends (records.c) ----
 *
 * A text of puzzles (a file for the CLI, a text/plain batch for the server)
 * holds one puzzle per record, and a record is one line or several:
 *   - `#` comment lines are skipped; a line with no cell (blank, or a border
 *     such as `+-------+-------+`) never starts a record.
 *   - A line that holds a whole puzzle is a record: N*N cells for the known
 *     size N, else a square number of cells (16 only while no symbol is
 *     above 4: see below).
 *   - A line of R cells, 4 <= R <= 35 (R = N when N is known), starts a grid
 *     written a row per line: the record ends after R such lines (cell-less
 *     border lines between them belong to it). A blank line, a comment, a
 *     line of another cell count, a line with any other character, or the
 *     end of the text ends it early (the line that did so is then read as
 *     the start of the next record), and sudoku_parse refuses the short
 *     record with its cell count.
 *   - Any other line (a wrong cell count, a character that is no symbol,
 *     blank or separator: a JSON object, `PUZZLE:ENTRIES`) is a record alone.
 * A line of 16 cells is thus a 4x4 puzzle, unless a symbol above 4 makes it
 * the first row of a 16x16 grid; a known size of 16 settles it.
 * Records end without looking past their last line, so a reader at a
 * terminal answers each puzzle as soon as it is complete. */
typedef struct sudoku_record {
    size_t start, end;   /* the record: [start, end) of text, trimmed of blanks */
    size_t next;         /* where the next call resumes: past the record, or
                            (none found) past the lines that can be dropped */
    unsigned long line;  /* lines before the record's first, counted from pos */
    unsigned long lines; /* line breaks in [pos, next) */
    int size;            /* a grid written a row per line: its row length, the
                            size to parse it with (a short one then says how many
                            cells it lacks); 0 for a record of one line */
} sudoku_record;

/* Finds the first record of text[pos..len) for a grid of size N (0: not
 * known). at_end says that no more text follows; otherwise a record still
 * open at len, or a last line without its newline, waits for more. Returns
 * true with *rec filled; false when no record is complete yet (at_end: none
 * is left), with rec->next and rec->lines saying how far the text holds
 * nothing more. Pure: reads text only. Thread-safe. */
bool sudoku_record_next(const char *text, size_t len, size_t pos, int size, bool at_end,
                        sudoku_record *rec);

/* The length of a UTF-8 byte-order mark at the start of text: 3, or 0 when
 * there is none. Text editors on Windows write one; skip it before reading. */
size_t sudoku_bom_len(const char *text, size_t len);

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
 * "limit", "invalid"; "nodes", "deadline", "cancel", "attempts"; "row", "column", "box",
 * "diagonal" ("region" for box conflicts of a jigsaw is the caller's call). */
const char *sudoku_status_str(sudoku_status status);
const char *sudoku_limit_reason_str(sudoku_limit_reason reason);
const char *sudoku_unit_kind_str(sudoku_unit_kind kind);

/* Current CLOCK_MONOTONIC time in ns, the clock of sudoku_limits.deadline_ns. */
uint64_t sudoku_now_ns(void);

/* ---- randomness: the PRNG, relabellings, random grids ---------------------- */

/* One step of splitmix64 (Steele, Lea and Flood): adds a constant to *state
 * and returns a well-mixed 64-bit value of it. Used to seed sudoku_rng and,
 * on its own, to turn a counter into distinct, unpredictable-looking ids.
 * Thread-safe for distinct state. */
uint64_t sudoku_splitmix64(uint64_t *state);

/* A seeded pseudo-random stream (xoshiro256**): the same seed gives the same
 * numbers on every machine. Not for secrets. Plain data owned by the caller;
 * one stream must not be used by two threads at once. */
typedef struct sudoku_rng {
    uint64_t s[4];
} sudoku_rng;

/* Seeds *r from one 64-bit value through splitmix64; every seed, 0
 * included, gives a usable stream. */
void sudoku_rng_seed(sudoku_rng *r, uint64_t seed);

/* Returns the next 64 random bits of the stream. */
uint64_t sudoku_rng_next(sudoku_rng *r);

/* Returns a uniform value in [0, n), without modulo bias; n must be > 0. */
uint64_t sudoku_rng_below(sudoku_rng *r, uint64_t n);

/* Shuffles a[0..n) uniformly (Fisher-Yates). */
void sudoku_rng_shuffle(sudoku_rng *r, uint8_t *a, size_t n);

/* A relabelling of a plain grid that keeps every rule: output cell (r, c)
 * takes input cell (row[r], col[c]) with its symbol v replaced by sym[v];
 * sym[0] is 0, so blanks stay blank. Kept as maps so that the same one can
 * be applied to a puzzle and to its expected solution. */
typedef struct sudoku_relabel {
    int size;
    uint8_t row[SUDOKU_MAX_SIZE];
    uint8_t col[SUDOKU_MAX_SIZE];
    uint8_t sym[SUDOKU_MAX_SIZE + 1];
} sudoku_relabel;

/* Draws a uniformly random relabelling of shape's grid: the rows within each
 * band, the bands, the columns within each stack, the stacks and the symbols
 * are permuted. Each keeps every row, column and box a unit, so a solution
 * maps to a solution and the solution count is unchanged. Reads shape's size,
 * box and variant flags, never its cells. Returns 0, or -1 (nothing drawn, *t
 * untouched) when the shape is invalid or has diagonals or regions, which
 * these moves break. */
int sudoku_relabel_random(sudoku_relabel *t, const sudoku_puzzle *shape, sudoku_rng *rng);

/* Writes t applied to the size*size cells of in to out; in and out must not
 * overlap. Thread-safe. */
void sudoku_relabel_apply(const sudoku_relabel *t, const uint8_t *in, uint8_t *out);

/* Writes to cells (size*size bytes) a complete valid grid of shape's size
 * and box: a fixed pattern grid under a sudoku_relabel_random() drawn from
 * rng, so it is uniform over that pattern's relabellings, not over every
 * grid of the shape. Returns 0, or -1 (cells and rng untouched) on the
 * shapes sudoku_relabel_random() refuses. */
int sudoku_grid_random(const sudoku_puzzle *shape, sudoku_rng *rng, uint8_t *cells);

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
/* A chain step keeps the chains of its proof: up to MAX_CHAINS of them (one
 * a branch), at most MAX_SHOWN potentials of each (the first ones and the
 * last), fewer when there are many branches, MAX_LINKS in all. */
#define SUDOKU_STEP_MAX_CHAINS 16
#define SUDOKU_STEP_MAX_SHOWN  16
#define SUDOKU_STEP_MAX_LINKS  128
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

/* One potential of a chain: a candidate taken as true (on, written
 * "r1c2=5") or false ("r1c2<>5"). rule is 0 when the potential follows
 * from the one before by a link (a cell or a unit); in nested chains, a
 * technique + 1 when a rule applied to the chain's grid removed it (the
 * potential before is then one of the removals it rests on). */
typedef struct sudoku_link {
    uint16_t cell;
    uint8_t digit;
    uint8_t on;
    uint8_t rule;
} sudoku_link;

/* One deduction. Plain data (about 3 KB): copy it, keep it on the stack. */
typedef struct sudoku_step {
    sudoku_technique technique;
    int score;       /* tenths: the technique's score plus SE's size and length increments */
    uint64_t digits; /* the digits the pattern is about, bit d-1 for digit d */
    int nplacements, neliminations, ncells, nunits;
    sudoku_cand placements[SUDOKU_STEP_MAX_PLACEMENTS];     /* cells this step solves */
    sudoku_cand eliminations[SUDOKU_STEP_MAX_ELIMINATIONS]; /* candidates it removes */
    uint16_t cells[SUDOKU_STEP_MAX_CELLS];                  /* cells that prove it */
    sudoku_unit_ref units[SUDOKU_STEP_MAX_UNITS];           /* units that prove it */
    /* Chains (X-/XY-chains, cycles, forcing chains; 0 for other techniques):
     * chain i has chain_len[i] potentials from its assumption to what it
     * implies, of which chain_shown[i] are in links, one chain after another:
     * all of them, or the first ones and the last. */
    int nchains;
    uint16_t chain_len[SUDOKU_STEP_MAX_CHAINS];
    uint8_t chain_shown[SUDOKU_STEP_MAX_CHAINS];
    sudoku_link links[SUDOKU_STEP_MAX_LINKS];
} sudoku_step;

/* Where the engine stands after a search for the next step.
 * X(ENUM, name): name is the stable string sudoku_logic_status_str() gives. */
#define SUDOKU_LOGIC_STATUSES(X)                                                                   \
    X(STEP, "step")       /* a step was found */                                                   \
    X(SOLVED, "solved")   /* every cell holds a digit */                                           \
    X(STUCK, "stuck")     /* no technique of the ladder applies: the rest needs search */          \
    X(BROKEN, "broken")   /* a cell has no candidate or a unit has no place for a digit (found     \
                             when no step applies; steps keep a sound grid sound) */               \
    X(LIMIT, "limit")     /* the deadline or cancel flag stopped a chain search */                 \
    X(INVALID, "invalid") /* the shape or the cells are not acceptable */

typedef enum sudoku_logic_status {
#define X(id, name) SUDOKU_LOGIC_##id,
    SUDOKU_LOGIC_STATUSES(X)
#undef X
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
 * >= 5.0), with hidden singles in a line kept easy and chains set apart.
 * X(ENUM, name): name is the stable string sudoku_level_str() gives. */
#define SUDOKU_LEVELS(X)                                                                           \
    X(EASY, "easy")                                                                                \
    X(MEDIUM, "medium")                                                                            \
    X(HARD, "hard")                                                                                \
    X(EXPERT, "expert")                                                                            \
    X(EXTREME, "extreme")

typedef enum sudoku_level {
#define X(id, name) SUDOKU_LEVEL_##id,
    SUDOKU_LEVELS(X)
#undef X
} sudoku_level;

typedef struct sudoku_logic sudoku_logic;

/* Allocates an engine (about 6.4 MB, for every size; a puzzle that needs
 * nested forcing chains allocates one more per nesting level, up to three,
 * freed with it). Returns NULL when out of memory. One engine serves one
 * puzzle at a time; give each thread its own. */
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

/* sudoku_logic_next on the ladder cut after `ceiling`: rungs of harder
 * techniques are not searched, so a state that needs one is STUCK. The
 * step found, when one is, is the one sudoku_logic_next finds. Generating
 * for a technique walks this way, so that a puzzle harder than the target
 * is refused without the costly search of the rungs above it.
 * SUDOKU_TECHNIQUE_COUNT walks the whole ladder. */
sudoku_logic_status sudoku_logic_next_upto(sudoku_logic *lg, sudoku_technique ceiling,
                                           sudoku_step *st);

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
 * LIMIT or INVALID. On LIMIT, r holds the steps taken and r->score a lower
 * bound: their hardest, or the least score a rung left unsearched gives.
 * Reentrant on distinct engines. */
sudoku_logic_status sudoku_rate(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                                const sudoku_limits *limits, sudoku_rating *r);

/* Sees each step of a rating before it is applied: its index from 0, and the
 * engine in the state the step starts from. */
typedef void sudoku_step_fn(void *arg, uint32_t index, const sudoku_step *st,
                            const sudoku_logic *lg);

/* sudoku_rate that also hands every step to fn (when not NULL), so an
 * explanation and its rating come from one walk. */
sudoku_logic_status sudoku_rate_steps(sudoku_logic *lg, sudoku_solver *s, const sudoku_puzzle *p,
                                      const sudoku_limits *limits, sudoku_rating *r,
                                      sudoku_step_fn *fn, void *arg);

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

/* ---- generator: seeded puzzles with exactly one solution ------------------ */

/* Which moves of the grid map the givens onto givens. Any shape takes any
 * symmetry: it constrains the positions of the givens, not the units. */
/* X(ENUM, name): name is the stable string sudoku_symmetry_str() gives. */
#define SUDOKU_SYMMETRIES(X)                                                                       \
    X(NONE, "none")                 /* givens anywhere */                                          \
    X(ROTATIONAL, "rotational")     /* a half turn about the centre: (r, c) -> (N-1-r, N-1-c) */   \
    X(ROTATIONAL90, "rotational90") /* a quarter turn: (r, c) -> (c, N-1-r), so every turn */      \
    X(MIRROR, "mirror")             /* left-right reflection: (r, c) -> (r, N-1-c) */              \
    X(DIAGONAL, "diagonal")         /* reflection in the main diagonal: (r, c) -> (c, r) */

typedef enum sudoku_symmetry {
#define X(id, name) SUDOKU_SYMMETRY_##id,
    SUDOKU_SYMMETRIES(X)
#undef X
} sudoku_symmetry;

/* Stable lower-case names: "none", "rotational", "rotational90", "mirror",
 * "diagonal"; "unknown" out of range. */
const char *sudoku_symmetry_str(sudoku_symmetry symmetry);

/* The symmetry named `name` (a name sudoku_symmetry_str gives) in *out.
 * Returns 0, or -1 (*out untouched) for any other string. Thread-safe. */
int sudoku_symmetry_from_str(const char *name, sudoku_symmetry *out);

/* The difficulty of a unique puzzle as the caller measures it (the step
 * engine's rating: tenths of Sudoku Explainer's scale), or a negative value
 * when it could not tell. `puzzle` holds the givens and is only read; arg is
 * the caller's sudoku_generate_opts.score_arg. score_max is the top of the
 * target range: a rating may stop as soon as it knows the score is above it
 * and answer any value above it, which spares the costly end of a rating
 * (chains) on most candidates of an easy target; the closest-so-far choice
 * then takes it as just above. Called from the thread that called
 * sudoku_generate, once per candidate puzzle, between the generator's own
 * solves: it may use the generator's solver. A level is a score range. */
typedef int sudoku_score_fn(const sudoku_puzzle *puzzle, int score_max, void *arg);

/* Search nodes one uniqueness check may take by default before the
 * generator gives up on removing that cell and keeps it given. Few checks
 * need more, and those mostly find a second solution in the end, while a
 * 25x25 node costs some 25 us. */
#define SUDOKU_GENERATE_CHECK_NODES 200

/* What to generate, and the budget. Zero-initialise, then set what you need:
 * all zeros is one puzzle without symmetry, not minimal, any difficulty. */
typedef struct sudoku_generate_opts {
    sudoku_symmetry symmetry;
    /* Every removable given removed: no given (no orbit of the symmetry,
     * with one) can be blanked without a second solution. Slower: every
     * orbit is tried and every uniqueness check must end, so check_nodes
     * does not apply. Not minimal, thinning stops after a run of orbits
     * that had to stay. */
    bool minimal;
    /* The difficulty target: a candidate puzzle is accepted when
     * score_min <= score(puzzle) <= score_max. NULL accepts the first. */
    sudoku_score_fn *score;
    void *score_arg;
    int score_min, score_max;
    /* Candidate puzzles (each from a new grid) to try for the target before
     * giving up with the closest one; 0 is taken as 1. */
    uint32_t max_attempts;
    /* Nodes per uniqueness check when not minimal; 0 = SUDOKU_GENERATE_CHECK_NODES.
     * A check that runs out keeps its cell: uniqueness never depends on it. */
    uint64_t check_nodes;
    uint64_t deadline_ns;     /* absolute sudoku_now_ns() time; 0 = none */
    const atomic_int *cancel; /* non-zero => stop soon; may be NULL; read relaxed */
} sudoku_generate_opts;

/* What sudoku_generate reports besides the puzzle. */
typedef struct sudoku_generated {
    /* SUDOKU_SOLVED: the puzzle meets the target. SUDOKU_LIMIT: a budget
     * (limit_reason: attempts, deadline or cancel) stopped the search and the
     * puzzle is the closest to the target so far, still with one solution,
     * or none at all when givens is 0. SUDOKU_INVALID: a bad shape or option,
     * a solver smaller than the shape, or a shape without any complete grid
     * (some jigsaws, with or without diagonals). */
    sudoku_status status;
    sudoku_limit_reason limit_reason;
    int givens;        /* given cells of the puzzle */
    int score;         /* score() of the puzzle; -1 without a score function, or
                          when a stop cut the only candidate short before scoring */
    uint32_t attempts; /* candidate puzzles made (full grids filled) */
    uint64_t checks;   /* uniqueness checks run */
} sudoku_generated;

/* Makes a puzzle of shape's size, box, diagonal and regions (its cells are
 * not read) that has exactly one solution: a random full grid, filled by a
 * search that guesses in random order, from which orbits of `symmetry` are
 * blanked in random order while sudoku_solve still finds one solution (with
 * max_solutions 2). opts NULL means all defaults. Writes the shape and the
 * givens to *puzzle, the solution to `solution` (N*N bytes, may be NULL) and
 * the report to *g; returns g->status.
 *
 * Seed contract: every random choice is drawn from one sudoku_rng seeded with
 * `seed`, and no decision reads the clock, floating point or the platform's
 * rand(), so the same seed, shape and options (symmetry, minimal, check_nodes,
 * max_attempts, the score range, and a score function that answers the same)
 * give the same bytes on every machine and build of this version, whatever
 * the thread; tests/unit_generate.c pins examples. Only a deadline or cancel, which stop
 * the work at a moment the clock picks, make the result depend on timing. A
 * batch of puzzles should use seeds seed, seed+1, ... so that each one can be
 * made again alone.
 *
 * s must serve shape's size. Never allocates; reentrant on distinct solvers
 * (the score function's own state is the caller's business). */
sudoku_status sudoku_generate(sudoku_solver *s, const sudoku_puzzle *shape, uint64_t seed,
                              const sudoku_generate_opts *opts, sudoku_puzzle *puzzle,
                              uint8_t *solution, sudoku_generated *g);

/* A difficulty target from the step engine's rating (generate_rating.c): a
 * level is the score range sudoku_level_range() gives, scored by
 * sudoku_score_by_rating(), so that the puzzle's level is the one
 * sudoku_rate() gives it. */

/* The scores (tenths) sudoku_level_of() puts in `level`, as [*min, *max];
 * the extreme level's max is INT_MAX. Returns 0, or -1 (nothing written)
 * for a value that is no level. Thread-safe. */
int sudoku_level_range(sudoku_level level, int *min, int *max);

/* The level named `name` (a name sudoku_level_str gives) in *out. Returns 0,
 * or -1 (*out untouched) for any other string. Thread-safe. */
int sudoku_level_from_str(const char *name, sudoku_level *out);

/* What sudoku_score_by_rating needs, owned by the caller: an engine, a solver
 * for the rating's search after a stall (the generator's own may serve), and
 * the limits of its chain searches and that search (NULL: none). One per
 * thread. */
typedef struct sudoku_rating_scorer {
    sudoku_logic *lg;
    sudoku_solver *s;
    const sudoku_limits *limits;
} sudoku_rating_scorer;

/* A sudoku_score_fn, arg a sudoku_rating_scorer: the score sudoku_rate()
 * gives the puzzle when that is at most score_max, else a value above
 * score_max (the first step of the rating path found above it, the rating
 * stopped there). Returns -1 when the rating fails (a limit ran out, the
 * givens are broken). Reentrant on distinct scorers. */
int sudoku_score_by_rating(const sudoku_puzzle *puzzle, int score_max, void *arg);

/* ---- practice: a puzzle that needs one chosen technique (generate_technique.c) ---- */

/* The technique whose key (technique.h, e.g. "x_wing") is `key` in *out.
 * Returns 0, or -1 (*out untouched) for any other string. Thread-safe. */
int sudoku_technique_from_str(const char *key, sudoku_technique *out);

/* The one-line description of a technique (technique.h), "" out of range. */
const char *sudoku_technique_description(sudoku_technique t);

/* The budget of sudoku_generate_technique. Zero-initialise, then set what you need. */
typedef struct sudoku_technique_opts {
    uint64_t deadline_ns;     /* absolute sudoku_now_ns() time; 0 = none */
    const atomic_int *cancel; /* non-zero => stop soon; may be NULL; read relaxed */
    uint32_t max_tries;       /* candidate puzzles to try; 0 = no cap (set a deadline!) */
    /* Search from random puzzles only, never from the built-in examples of
     * the rarest techniques (how those examples were found). */
    bool fresh;
} sudoku_technique_opts;

/* What sudoku_generate_technique reports besides the puzzle. */
typedef struct sudoku_practice {
    /* SUDOKU_SOLVED: the puzzle's rating path has the technique as its
     * hardest step. SUDOKU_LIMIT: none was found before limit_reason
     * (deadline, cancel or attempts: max_tries); the puzzle is empty.
     * SUDOKU_INVALID: a bad shape or technique, a solver smaller than the
     * shape, or a shape without a complete grid. */
    sudoku_status status;
    sudoku_limit_reason limit_reason;
    int givens;
    uint32_t tries;      /* candidate puzzles: random ones, and relabelled examples */
    uint32_t walks;      /* rating walks (each a path up to the technique) */
    uint32_t start_step; /* SOLVED: index in the rating path of the technique's first step */
    uint64_t elapsed_ns;
} sudoku_practice;

/* Makes a puzzle of shape's size, box, diagonal and regions with exactly one
 * solution whose rating (sudoku_rate) names `t` as the hardest step: t is
 * needed and nothing harder is. Writes the puzzle to *puzzle, its solution
 * to `solution` (N*N bytes), and the state of the rating path just before
 * t's first step to start_values (N*N digits, givens included, 0 = open)
 * and start_cand (N*N candidate masks, 0 for a placed cell): loaded as a
 * user's entries and pencil marks, sudoku_hint_next's step is t.
 * start_values and start_cand may be NULL. opts NULL: no budget at all, so
 * only for techniques known to be found. Returns rep->status.
 *
 * Seed contract as sudoku_generate's: the same seed, shape, technique and
 * `fresh` give the same puzzle on every machine, unless the deadline or
 * cancel stops the search. Never allocates; reentrant on distinct solvers
 * and engines. */
sudoku_status sudoku_generate_technique(sudoku_solver *s, sudoku_logic *lg,
                                        const sudoku_puzzle *shape, sudoku_technique t,
                                        uint64_t seed, const sudoku_technique_opts *opts,
                                        sudoku_puzzle *puzzle, uint8_t *solution,
                                        uint8_t *start_values, uint64_t *start_cand,
                                        sudoku_practice *rep);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
