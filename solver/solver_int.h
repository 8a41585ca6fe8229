/* solver_int.h -- declarations shared inside solver/ only (never included outside).
 *
 * sudoku_solve() in search.c checks the shape and the givens, then sends a
 * plain 9x9 (3x3 boxes, no variant) to the bit-band fast path in fast9.c and
 * every other shape to the generic bitmask search.
 *
 * DESIGN: the generic search works on one candidate mask per cell and undoes
 * its moves with a trail instead of copying the board at every level: for a
 * 64x64 grid a board is 32 KiB and a search can be thousands of levels deep,
 * while the trail is bounded by the number of candidates (N*N*N entries,
 * 2.5 MB at 64x64) and allocated once in sudoku_solver_new().
 *
 *   unit ids      0 .. N-1     rows
 *                 N .. 2N-1    columns
 *                 2N .. 3N-1   boxes, or the regions of a jigsaw
 *                 3N, 3N+1     main and anti diagonal (p->diagonal only)
 *
 *   unit_cells    [unit][0..N-1]   cell indices of each unit, ascending
 *   cell_units    [cell][0..4]     the 3 to 5 units of each cell
 *   cand          [cell]           candidate mask, bit d-1 = symbol d
 *   trail         (cell, mask before) ... pushed on every change, popped on undo
 *   frames        [depth]          the guessed cell, its untried candidates,
 *                                  the trail length to come back to
 */
#ifndef SOLVER_INT_H
#define SOLVER_INT_H

#include "solver/sudoku.h"

/* The text form's characters (grid.c holds the table; records.c reads it
 * too): sdk_char_value() is 0 for a blank, 1..35 for a symbol, or one of
 * these for a separator (whitespace, '|', '+', '-') and for anything else. */
enum { SDK_SEPARATOR = -1, SDK_JUNK = -2 };
#define SDK_SEP 0xff
extern const uint8_t sdk_char_class[256];

static inline int sdk_char_value(unsigned char ch)
{
    uint8_t c = sdk_char_class[ch];
    return c == SDK_SEP ? SDK_SEPARATOR : c == 0 ? SDK_JUNK : c - 1;
}

/* Solves a plain 9x9 whose givens (81 cells, 0 = blank) are known not to
 * conflict. Fills r exactly as sudoku_solve() documents (status, count,
 * count_exact, stats except elapsed_ns, solutions) and returns r->status.
 * Uses only the stack; reentrant. */
sudoku_status sdk_fast9_solve(const uint8_t *cells, const sudoku_limits *limits, sudoku_result *r);

/* The two builds of it sdk_fast9_solve chooses from, the same code: _base
 * for the target the Makefile sets, _v3 for AVX2 and BMI2 (fast9_v3.c),
 * which exists on x86-64 but for a portable build and is chosen on CPUs
 * that have both. The tests hold them to the same answers. */
sudoku_status sdk_fast9_solve_base(const uint8_t *cells, const sudoku_limits *limits,
                                   sudoku_result *r);
#if defined(__x86_64__) && !defined(SDK_PORTABLE)
#define SDK_FAST9_V3 1
sudoku_status sdk_fast9_solve_v3(const uint8_t *cells, const sudoku_limits *limits,
                                 sudoku_result *r);
#else
#define SDK_FAST9_V3 0
#endif

/* Solves any shape sudoku_puzzle_check() accepts, givens known not to
 * conflict, with the generic bitmask search; same contract for r. The tests
 * call it directly to check the fast path against it. */
sudoku_status sdk_generic_solve(sudoku_solver *s, const sudoku_puzzle *p,
                                const sudoku_limits *limits, sudoku_result *r);

/* sdk_generic_solve() with each guess trying a random candidate of its cell
 * first, drawn from rng, instead of the lowest: the first solution of an
 * empty grid is then a random grid, which is how the generator fills one.
 * The draws, and so the solution, depend on the seed and on this search's
 * choices alone, never on the clock unless a deadline stops it. */
sudoku_status sdk_random_solve(sudoku_solver *s, const sudoku_puzzle *p,
                               const sudoku_limits *limits, sudoku_rng *rng, sudoku_result *r);

/* ---- what both searches share (search.c) ---- */

/* Clears everything in r but the caller's solution buffer. */
void sdk_result_reset(sudoku_result *r);

/* Sets r->status from its count and limit_reason, and returns it. */
sudoku_status sdk_result_status(sudoku_result *r);

/* The cancel flag or the deadline of lim, when one stops the search now. */
sudoku_limit_reason sdk_out_of_time(const sudoku_limits *lim);

/* The budget that forbids another node after `nodes`, if any. The clock
 * and the cancel flag are read only every SDK_CHECK_EVERY nodes (search.c),
 * starting with the first: *next_check, 0 at the start, keeps the count. */
sudoku_limit_reason sdk_over_budget(uint64_t nodes, const sudoku_limits *lim, uint64_t *next_check);

/* ---- geometry (grid.c) ---------------------------------------------------- */

#define SDK_MAX_UNITS   (3 * SUDOKU_MAX_SIZE + 2)
#define SDK_CELL_UNITS  5 /* row, column, box, and both diagonals at an odd centre */
#define SDK_DIRTY_WORDS ((SDK_MAX_UNITS + 63) / 64) /* a bit per unit, in 64-bit words */

/* Number of units of p's shape: 3N, plus 2 with the diagonals. */
int sdk_unit_count(const sudoku_puzzle *p);

/* The text form's symbol of value v, 0..SUDOKU_MAX_TEXT_SIZE: '.' for 0,
 * then '1'-'9' and 'A'-'Z', as sudoku_format writes the board. */
char sdk_symbol(int v);

/* Writes the N cells of unit `unit` (numbered as drawn above) to out in
 * ascending order. p's shape must be valid. */
void sdk_unit_cells(const sudoku_puzzle *p, int unit, uint16_t *out);

/* ---- board and propagation (propagate.c) ----------------------------------- */

/* One guess level of the depth-first search. */
typedef struct sdk_frame {
    uint64_t untried; /* candidates of `cell` not tried yet at this level */
    uint32_t mark;    /* trail length before this level's guesses */
    uint16_t cell;
    uint16_t nsolved; /* solved cells before this level's guesses */
} sdk_frame;

struct sudoku_solver {
    int max_size; /* capacity every array below was sized for */

    /* The shape the tables describe; sdk_shape_load() rebuilds them only
     * when a puzzle of another shape comes in. size 0 = none yet. */
    int size, ncells, nunits;
    int box_rows, box_cols;
    bool diagonal, has_regions;
    uint8_t regions[SUDOKU_MAX_CELLS];
    uint16_t *unit_cells; /* [nunits][size] */
    uint8_t *cell_units;  /* [ncells][SDK_CELL_UNITS] */
    uint8_t *cell_nunits; /* [ncells] */
    /* Scratch of the locked candidates pass, [line][box] with the lines
     * numbered rows, columns, diagonals: what a line's cells in a
     * box may hold, and what the rest of the line and of the box may hold. */
    uint64_t *piece, *line_out, *box_out;

    /* The board of the solve in progress. */
    uint64_t full; /* all N candidates */
    uint64_t *cand;
    int nsolved;     /* cells down to one candidate */
    uint16_t *queue; /* solved cells whose symbol peers still hold */
    int qhead, qtail;
    uint64_t dirty[SDK_DIRTY_WORDS]; /* units to scan for hidden singles, a bit each */
    uint16_t *trail_cell;
    uint64_t *trail_mask;
    uint32_t trail_len;
    sdk_frame *frames; /* [ncells] */
    sudoku_stats stats;
};

/* Builds the unit tables for p's shape unless they already describe it. */
void sdk_shape_load(sudoku_solver *s, const sudoku_puzzle *p);

/* Sets the board to the givens `cells` (the shape already loaded), each
 * blank holding the symbols its peers' givens leave, all units to scan.
 * Returns false when a blank is left with nothing or a given repeats. */
bool sdk_board_init(sudoku_solver *s, const uint8_t *cells);

/* Narrows `cell` to the single candidate `bit` (a guess); sdk_propagate()
 * carries it out. */
void sdk_place(sudoku_solver *s, int cell, uint64_t bit);

/* Runs the deductions to a fixpoint. Returns false on a contradiction (some
 * cell or some unit symbol has no place left); the board is then garbage
 * until sdk_undo(). */
bool sdk_propagate(sudoku_solver *s);

/* Takes the board back to the fixpoint it was in at trail length `mark`,
 * when `nsolved` cells were solved. */
void sdk_undo(sudoku_solver *s, uint32_t mark, int nsolved);

/* An enum's X-macro (sudoku.h) lists its values in order, X(ENUM, name), so
 * its name table is the rows' names in order. */
#define SDK_NAME_ROW(id, name) name,

/* The name of enum value v in such a table, "unknown" out of range. */
#define SDK_NAME_OF(table, v)                                                                      \
    ((unsigned)(v) < sizeof(table) / sizeof((table)[0]) ? (table)[v] : "unknown")

/* Defines fn, the public *_str() of an enum of type `type`, from its X-macro
 * LIST: every such function is one line of this. */
#define SDK_DEFINE_NAME_FN(fn, type, LIST)                                                         \
    const char *fn(type v)                                                                         \
    {                                                                                              \
        static const char *const names[] = {LIST(SDK_NAME_ROW)};                                   \
        return SDK_NAME_OF(names, v);                                                              \
    }

/* The built-in examples of technique t (technique_examples.c): returns how
 * many, and points *text (when not NULL) at the first; each is 81 cells and
 * a newline, one after another. */
int sdk_technique_examples(sudoku_technique t, const char **text);

#endif /* SOLVER_INT_H */
