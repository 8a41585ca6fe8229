/* read.c -- scan_read: the cells' classes, the puzzle and entries strings, and the solver's word on
 * them.
 *
 * DESIGN: scan_locate (scan/locate.c) gives 81 cell images; the classifier
 * (scan/classify.h) gives each a probability per class; the most probable
 * class is the reading. The givens then go to the solver (max two
 * solutions). When they are not a valid unique puzzle, the reading is
 * probably wrong in a cell the classifier was unsure of, so the cells whose
 * best and second-best classes differ in what they give (a printed digit
 * against another, or against a blank or a handwritten digit) are ranked
 * by how much less likely their second-best class is (cells that clash
 * come first: one of them must change), and every set of up to
 * max_changes of the first CHANGEABLE is tried (92 solves of a
 * 9x9 at most, microseconds each for real givens; all the checks of a
 * reading share a bound of search nodes, SCAN_READ_NODES, so givens read off
 * noise cannot hold a worker for long); the set with the smallest total cost
 * that gives a unique puzzle is taken and reported in changed[]. When none
 * does, the first reading stands with its status, less its unsure digits when
 * it holds too few to be a puzzle (drop_unsure_digits). Once the givens have one
 * solution, the entries are read against it (scan/entries.h), and the
 * entries so changed are reported in changed[] too.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "scan/candidates.h"
#include "scan/cells.h"
#include "scan/classify.h"
#include "scan/entries.h"
#include "solver/sudoku.h"

#define DEFAULT_MAX_CHANGES 3
#define CHANGEABLE          8 /* least confident cells the search may change */
/* No 9x9 puzzle with fewer givens has one solution (McGuire, Tugemann and Civario, 2012). A
 * reading of fewer digits in all, givens and entries, is no puzzle, solved or not, whatever the
 * search changes: a blank grid, a page of pencil marks, or a puzzle's first rows. With no
 * solution to check a digit against, a digit the network reads at less than even odds (a pencil
 * mark or a smudge it half took for one) is not shown as one: it is read as the more probable of
 * blank and pencil marks. Printed givens read at 0.8 and more there; a page of pencil marks in a
 * hand never trained on gave its strays 0.44 at most. A blank grid filled by hand holds more
 * digits, and is read as written. */
#define MIN_PUZZLE_GIVENS 17
#define EVEN_ODDS         0.5f
/* The node bounds, SCAN_CHECK_NODES and SCAN_READ_NODES, are scan/scan.h's. Every puzzle of the
 * shared benchmark sets (49,151 17-clue, top1465, top95, serg's 10,000) has its uniqueness settled
 * within 1,000 nodes, and the checks of a train photo took 270 nodes at most in all; a fuzzed
 * 164x164 JPEG (tests/data/fuzz-regress/fuzz_scan/slow-solver-checks.jpg) spent 8 million
 * nodes, 1.2 s, on its 93 checks before the bounds. */

typedef struct cell_guess {
    int cls[2];    /* best and second-best class */
    float prob[2]; /* their probabilities */
} cell_guess;

/* The digit a class gives as a printed given, or 0. */
static int given_of(int cls)
{
    return cls >= 1 && cls < SCAN_CLASS_HANDWRITTEN ? cls : 0;
}

/* A cell the cutter left without ink is blank for certain: no evidence
 * the network could weigh, and most of a puzzle's cells, so it is not run. */
static bool inkless(const unsigned char cell[SCAN_CELL_BYTES])
{
    for (int i = 0; i < SCAN_CELL_BYTES; i++)
        if (cell[i] != 0) return false;
    return true;
}

static void classify_all(const unsigned char cells[81][SCAN_CELL_BYTES],
                         float probs[81][SCAN_CLASSES], cell_guess guess[81])
{
    for (int i = 0; i < 81; i++) {
        if (inkless(cells[i])) {
            memset(probs[i], 0, sizeof(probs[i]));
            probs[i][0] = 1.0f;
            guess[i] = (cell_guess){{0, 0}, {1.0f, 0.0f}};
            continue;
        }
        const float *p = probs[i];
        scan_classify(cells[i], probs[i]);
        int best = 0, second = 1;
        for (int c = 1; c < SCAN_CLASSES; c++)
            if (p[c] > p[best]) best = c;
        if (best == 1) second = 0;
        for (int c = 0; c < SCAN_CLASSES; c++)
            if (c != best && p[c] > p[second]) second = c;
        guess[i] = (cell_guess){{best, second}, {p[best], p[second]}};
    }
}

/* The solver's verdict on the givens in cells[81]: SUDOKU_SOLVED (exactly one solution),
 * SUDOKU_MULTIPLE, SUDOKU_NO_SOLUTION, SUDOKU_CONFLICT, or SUDOKU_LIMIT when the nodes ran
 * out first: at most SCAN_CHECK_NODES, and no more than take *spent to allowance. Adds the nodes
 * used to *spent. solution (may be NULL) receives the first solution found. */
static sudoku_status check(sudoku_solver *solver, sudoku_puzzle *p, const uint8_t cells[81],
                           uint8_t *solution, uint64_t *spent, uint64_t allowance)
{
    /* node_budget 0 would mean no limit */
    if (*spent >= allowance) return SUDOKU_LIMIT;
    uint64_t left = allowance - *spent;
    memcpy(p->cells, cells, 81);
    sudoku_limits limits = {.max_solutions = 2,
                            .node_budget = left < SCAN_CHECK_NODES ? left : SCAN_CHECK_NODES};
    sudoku_result r = {.solutions = solution, .solutions_capacity = solution != NULL};
    sudoku_status v = sudoku_solve(solver, p, &limits, &r);
    *spent += r.stats.nodes;
    return v;
}

/* The scan status of a check's verdict. A check that ran out of nodes found no solution (real
 * puzzles never get there), so it reads as one with none. */
static scan_status verdict(sudoku_status v)
{
    switch (v) {
    case SUDOKU_SOLVED:
        return SCAN_OK;
    case SUDOKU_MULTIPLE:
        return SCAN_MULTIPLE;
    case SUDOKU_CONFLICT:
        return SCAN_CONFLICT;
    default:
        return SCAN_NO_SOLUTION;
    }
}

/* Tries every set of at most max_changes of the cand[0..n) cells at their
 * second-best given; keeps in *best_set the cheapest that checks SCAN_OK.
 * set is the current choice (a bitmask over cand), from is the next index. */
typedef struct search {
    sudoku_solver *solver;
    sudoku_puzzle *puzzle;
    uint8_t cells[81];
    const cell_guess *guess;
    int cand[CHANGEABLE], n, max_changes;
    double cost[CHANGEABLE], best_cost;
    unsigned best_set;
    uint64_t nodes; /* spent by the checks so far, at most about SCAN_READ_NODES */
} search;

static void try_sets(search *s, unsigned set, int size, double cost, int from)
{
    if (size > 0 && cost < s->best_cost &&
        check(s->solver, s->puzzle, s->cells, NULL, &s->nodes, SCAN_READ_NODES) == SUDOKU_SOLVED) {
        s->best_cost = cost;
        s->best_set = set;
    }
    if (size == s->max_changes) return;
    for (int k = from; k < s->n; k++) {
        int i = s->cand[k];
        uint8_t was = s->cells[i];
        s->cells[i] = (uint8_t)given_of(s->guess[i].cls[1]);
        try_sets(s, set | 1u << k, size + 1, cost + s->cost[k], k + 1);
        s->cells[i] = was;
    }
}

/* Marks in clash[81] the cells of p holding a given that repeats in a unit. */
static void clashing(const sudoku_puzzle *p, uint8_t clash[81])
{
    sudoku_conflict found[27 * 9];
    size_t n = sudoku_conflicts(p, found, sizeof(found) / sizeof(found[0]));
    memset(clash, 0, 81);
    for (size_t k = 0; k < n && k < sizeof(found) / sizeof(found[0]); k++)
        for (int j = 0; j < found[k].ncells; j++) clash[found[k].cells[j]] = 1;
}

/* On a reading of fewer than MIN_PUZZLE_GIVENS digits, givens and entries, reads each read below
 * EVEN_ODDS as the more probable of blank and pencil marks, and marks it in changed[].
 * Returns whether a given was so read. */
static bool drop_unsure_digits(const float probs[81][SCAN_CLASSES], cell_guess guess[81],
                               bool changed[81])
{
    int digits = 0;
    for (int i = 0; i < 81; i++)
        digits += guess[i].cls[0] != 0 && guess[i].cls[0] != SCAN_CLASS_PENCIL;
    if (digits >= MIN_PUZZLE_GIVENS) return false;
    bool dropped_given = false;
    for (int i = 0; i < 81; i++) {
        int cls = guess[i].cls[0];
        if (cls == 0 || cls == SCAN_CLASS_PENCIL || guess[i].prob[0] >= EVEN_ODDS) continue;
        dropped_given |= given_of(cls) != 0;
        cls = probs[i][SCAN_CLASS_PENCIL] > probs[i][0] ? SCAN_CLASS_PENCIL : 0;
        guess[i].cls[0] = cls;
        guess[i].prob[0] = probs[i][cls];
        changed[i] = true;
    }
    return dropped_given;
}

scan_status scan_read(const void *bytes, size_t len, const scan_options *opts, scan_result *out)
{
    static const char *const verdicts[] = {
        [SCAN_OK] = "the givens have exactly one solution",
        [SCAN_NO_SOLUTION] = "the givens as read have no solution: check the marked cells",
        [SCAN_MULTIPLE] = "the givens as read have more than one solution: check the marked cells",
        [SCAN_CONFLICT] = "two givens as read clash: check the marked cells",
    };
    unsigned char cells[81][SCAN_CELL_BYTES];
    scan_image grid;
    if (scan_locate(bytes, len, opts, out, cells, &grid) != SCAN_OK) return out->status;

    uint64_t t0 = sudoku_now_ns();
    float probs[81][SCAN_CLASSES];
    cell_guess guess[81];
    classify_all(cells, probs, guess);
    int max_changes =
        opts != NULL && opts->max_changes != 0 ? opts->max_changes : DEFAULT_MAX_CHANGES;

    sudoku_solver *solver = sudoku_solver_new(9);
    if (solver == NULL) {
        scan_image_free(&grid);
        out->status = SCAN_NO_MEMORY;
        out->reason = "out of memory";
        return out->status;
    }
    search s = {
        .solver = solver, .guess = guess, .max_changes = max_changes, .best_cost = INFINITY};
    sudoku_puzzle puzzle;
    sudoku_puzzle_init(&puzzle, 9, 3, 3, NULL);
    s.puzzle = &puzzle;
    for (int i = 0; i < 81; i++) s.cells[i] = (uint8_t)given_of(guess[i].cls[0]);
    sudoku_status checked = check(solver, &puzzle, s.cells, NULL, &s.nodes, SCAN_READ_NODES);
    scan_status st = verdict(checked);
    bool changed[81] = {false};

    if (st != SCAN_OK && max_changes > 0) {
        /* The CHANGEABLE cells whose second class changes the givens, the
         * clashing ones first (one of them must change), then the cheapest. */
        uint8_t clash[81] = {0};
        double rank[CHANGEABLE];
        if (st == SCAN_CONFLICT) clashing(&puzzle, clash);
        for (int i = 0; i < 81; i++) {
            if (given_of(guess[i].cls[0]) == given_of(guess[i].cls[1])) continue;
            double cost = log(guess[i].prob[0] + 1e-9) - log(guess[i].prob[1] + 1e-9);
            double r = clash[i] ? cost - 1e6 : cost;
            int k;
            if (s.n < CHANGEABLE)
                k = s.n++;
            else if (r < rank[CHANGEABLE - 1])
                k = CHANGEABLE - 1;
            else
                continue;
            for (; k > 0 && rank[k - 1] > r; k--) {
                s.cand[k] = s.cand[k - 1];
                s.cost[k] = s.cost[k - 1];
                rank[k] = rank[k - 1];
            }
            s.cand[k] = i;
            s.cost[k] = cost;
            rank[k] = r;
        }
        try_sets(&s, 0, 0, 0.0, 0);
        if (s.best_set != 0) {
            for (int k = 0; k < s.n; k++)
                if (s.best_set & 1u << k) {
                    cell_guess *g = &guess[s.cand[k]];
                    g->cls[0] = g->cls[1];
                    g->prob[0] = g->prob[1];
                    changed[s.cand[k]] = true;
                }
            st = SCAN_OK;
        }
    }
    if (st != SCAN_OK && drop_unsure_digits((const float(*)[SCAN_CLASSES])probs, guess, changed)) {
        /* a dropped given may have been one of a clash: the verdict is the givens left's */
        for (int i = 0; i < 81; i++) s.cells[i] = (uint8_t)given_of(guess[i].cls[0]);
        checked = check(solver, &puzzle, s.cells, NULL, &s.nodes, SCAN_READ_NODES);
        st = verdict(checked);
    }

    int read[81];
    float conf[81];
    for (int i = 0; i < 81; i++) {
        read[i] = guess[i].cls[0];
        conf[i] = guess[i].prob[0];
        s.cells[i] = (uint8_t)given_of(read[i]);
    }
    uint8_t solution[81], settled[81];
    /* these givens checked within SCAN_CHECK_NODES once, so they do again, however few are left */
    if (st == SCAN_OK && check(solver, &puzzle, s.cells, solution, &s.nodes,
                               s.nodes + SCAN_CHECK_NODES) == SUDOKU_SOLVED) {
        int n =
            scan_settle_entries((const float(*)[SCAN_CLASSES])probs, solution, read, conf, settled);
        for (int k = 0; k < n; k++) changed[settled[k]] = true;
    }
    for (int i = 0; i < 81; i++)
        if (changed[i]) out->changed[out->nchanged++] = (uint8_t)i;

    for (int i = 0; i < 81; i++) {
        int cls = read[i];
        out->puzzle[i] = given_of(cls) ? (char)('0' + cls) : '.';
        bool entry = scan_class_is_entry(cls);
        out->entries[i] = entry ? (char)('0' + cls - 9) : '.';
        out->kind[i] = cls == 0                       ? SCAN_CELL_BLANK
                       : cls < SCAN_CLASS_HANDWRITTEN ? SCAN_CELL_PRINTED
                       : entry                        ? SCAN_CELL_HANDWRITTEN
                                                      : SCAN_CELL_PENCIL;
        if (cls == SCAN_CLASS_PENCIL) out->pencil[out->npencil++] = (uint8_t)i;
        out->confidence[i] = conf[i];
    }
    out->puzzle[81] = out->entries[81] = '\0';
    /* only now are the pencil cells known: the checks above may change a cell's class */
    unsigned char ink[81][SCAN_INK_BYTES];
    scan_cut_ink(&grid, out->pencil, out->npencil, ink);
    scan_image_free(&grid);
    for (int k = 0; k < out->npencil; k++)
        out->candidates[out->pencil[k]] = (uint16_t)scan_read_candidates(ink[out->pencil[k]]);
    if (st == SCAN_CONFLICT) {
        uint8_t clash[81];
        memcpy(puzzle.cells, s.cells, 81);
        clashing(&puzzle, clash);
        for (int i = 0; i < 81; i++)
            if (clash[i]) out->conflict[out->nconflict++] = (uint8_t)i;
    }
    sudoku_solver_free(solver);
    out->solver_nodes = s.nodes;
    out->status = st;
    out->reason = st == SCAN_NO_SOLUTION && checked == SUDOKU_LIMIT
                      ? "the solver found no solution to the givens as read within its budget: "
                        "check the marked cells"
                      : verdicts[st];
    out->timing_us.recognise = (sudoku_now_ns() - t0) / 1000;
    return st;
}
