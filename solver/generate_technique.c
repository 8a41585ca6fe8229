/* generate_technique.c -- sudoku_generate_technique(): a puzzle whose rating
 * path has a chosen technique as its hardest step, and the state just before
 * that technique is first due.
 *
 * A puzzle "is" technique T when sudoku_rate() names T as its hardest step:
 * T is needed and nothing harder is. Random puzzles rarely are (in 2,000
 * random 9x9 puzzles of the plain generator: one X-Wing, two Swordfish, no
 * naked quad, Jellyfish or X-chain), so testing puzzles one by one is hopeless
 * for most rungs. Two things make it fast.
 *
 * DESIGN, the walk: a candidate is rated by walking its path with
 * sudoku_logic_next_upto(T), the ladder cut after T's rung. Below the cut
 * the walk takes the very steps sudoku_rate() takes, so a walk that solves
 * the puzzle rates it exactly; a state that needs a harder rung is STUCK at
 * once, without the chain searches that make a full rating costly (a walk
 * is some 40 us below the chains, against 2 ms for a full rating).
 *
 * DESIGN, the descent: a stuck puzzle is too hard, and a given added from
 * its solution makes it easier. So from a random puzzle stuck under T,
 * givens are added one at a time (each a cell still open where the walk
 * stuck, in random order) until the walk gets through: the puzzle then
 * crosses from "needs more than T" to "needs at most T" one given at a time,
 * and each crossing that lands on T is a hit. A given that jumps past T (the
 * puzzle rates easier) is taken back and the next cell tried; a given that
 * leaves it stuck is kept and the descent goes on from the new stall. This
 * finds an X-Wing or an XY-Wing in tens of ms, a Swordfish in a few hundred.
 *
 * DESIGN, the examples: the rarest rungs (Jellyfish, naked quads, X-chains)
 * still take seconds that way, so on a plain 9x9 each rung with examples
 * (technique_examples.c, found by the descent offline) starts from one of
 * them chosen by the seed, under a seeded relabelling (bands, rows, stacks,
 * columns, digits), and then takes SDK_TECH_MOVES random moves (a given
 * removed, added or moved, the solution kept), each kept only when the
 * puzzle stays unique and still rates T. The answer is a different puzzle
 * for each seed, rated exactly like any other, in a few ms.
 *
 * Every choice comes from one sudoku_rng seeded by the caller, so the same
 * seed gives the same puzzle; only a deadline or cancel depends on time.
 */
#include <string.h>

#include "solver/solver_int.h"

/* Random moves made on an example; each is one uniqueness check and one walk. */
#define SDK_TECH_MOVES 40

/* Relabellings of an example tried before falling back to the descent (the
 * walk's order of search can differ on a relabelled grid, rarely). */
#define SDK_TECH_RELABELS 4

typedef struct sdk_tech {
    sudoku_solver *s;
    sudoku_logic *lg;
    sudoku_technique t;
    sudoku_rng rng;
    sudoku_limits limits; /* deadline and cancel: the walks' and the solves' */
    uint32_t max_tries;   /* 0: no budget but the deadline */
    sudoku_practice *rep;
} sdk_tech;

/* What a walk found. */
typedef enum {
    SDK_WALK_HIT,    /* solved, T the hardest step */
    SDK_WALK_EASIER, /* solved without T, or T not the hardest; or this try led nowhere */
    SDK_WALK_STUCK,  /* T does not reach the end */
    SDK_WALK_STOP,   /* the deadline, cancel or the try budget */
    SDK_WALK_NO_GRID /* the shape has no complete grid to start from */
} sdk_walk;

/* Walks p's path up to T. STUCK leaves the engine in the stalled state;
 * HIT when the path ends with T its hardest step, as sudoku_rate() picks it
 * (the first step of the top score). With `values`/`cand`, writes the state
 * before T's first step there and its index to rep->start_step. */
static sdk_walk sdk_tech_walk(sdk_tech *k, const sudoku_puzzle *p, uint8_t *values, uint64_t *cand)
{
    sudoku_step st;
    sudoku_logic_status ls;
    sudoku_technique hardest = SUDOKU_TECHNIQUE_COUNT;
    int score = 0;
    uint32_t index = 0;
    bool seen = false;

    k->rep->walks++;
    sudoku_logic_set_limits(k->lg, &k->limits);
    if (sudoku_logic_load(k->lg, p, NULL, NULL) != SUDOKU_LOGIC_STEP) return SDK_WALK_EASIER;
    while ((ls = sudoku_logic_next_upto(k->lg, k->t, &st)) == SUDOKU_LOGIC_STEP) {
        if (st.score > score || hardest == SUDOKU_TECHNIQUE_COUNT) {
            score = st.score > score ? st.score : score;
            hardest = st.technique;
        }
        if (st.technique == k->t && !seen && values) {
            sudoku_logic_state(k->lg, values, cand);
            k->rep->start_step = index;
        }
        seen |= st.technique == k->t;
        sudoku_logic_apply(k->lg, &st);
        index++;
    }
    if (ls == SUDOKU_LOGIC_SOLVED) return hardest == k->t ? SDK_WALK_HIT : SDK_WALK_EASIER;
    if (ls == SUDOKU_LOGIC_LIMIT) return SDK_WALK_STOP;
    return SDK_WALK_STUCK;
}

/* Whether the deadline, cancel or the try budget has come; records which. */
static bool sdk_tech_stopped(sdk_tech *k)
{
    if (k->max_tries && k->rep->tries >= k->max_tries)
        k->rep->limit_reason = SUDOKU_LIMIT_ATTEMPTS;
    else if (k->limits.cancel && atomic_load_explicit(k->limits.cancel, memory_order_relaxed))
        k->rep->limit_reason = SUDOKU_LIMIT_CANCEL;
    else if (k->limits.deadline_ns && sudoku_now_ns() >= k->limits.deadline_ns)
        k->rep->limit_reason = SUDOKU_LIMIT_DEADLINE;
    return k->rep->limit_reason != SUDOKU_LIMIT_NONE;
}

/* One random puzzle, and the descent from it. Returns HIT with the puzzle in
 * *p, EASIER when this one led nowhere, STOP on the deadline or cancel. */
static sdk_walk sdk_tech_descend(sdk_tech *k, const sudoku_puzzle *shape, sudoku_puzzle *p,
                                 uint8_t *solution)
{
    sudoku_generate_opts o = {.deadline_ns = k->limits.deadline_ns, .cancel = k->limits.cancel};
    sudoku_generated g;
    uint8_t stall[SUDOKU_MAX_CELLS];
    uint16_t open[SUDOKU_MAX_CELLS];
    int ncells = shape->size * shape->size;

    if (sudoku_generate(k->s, shape, sudoku_rng_next(&k->rng), &o, p, solution, &g) !=
        SUDOKU_SOLVED)
        return g.status == SUDOKU_INVALID ? SDK_WALK_NO_GRID : SDK_WALK_STOP;
    k->rep->tries++;
    sdk_walk w = sdk_tech_walk(k, p, NULL, NULL);
    while (w == SDK_WALK_STUCK) {
        sudoku_logic_state(k->lg, stall, NULL);
        int nopen = 0;
        for (int c = 0; c < ncells; c++)
            if (!stall[c]) open[nopen++] = (uint16_t)c;
        for (int i = nopen; i > 1; i--) { /* Fisher-Yates over the open cells */
            int j = (int)sudoku_rng_below(&k->rng, (uint64_t)i);
            uint16_t x = open[i - 1];
            open[i - 1] = open[j];
            open[j] = x;
        }
        w = SDK_WALK_EASIER;
        for (int i = 0; i < nopen && w == SDK_WALK_EASIER; i++) {
            if (sdk_tech_stopped(k)) return SDK_WALK_STOP;
            p->cells[open[i]] = solution[open[i]];
            w = sdk_tech_walk(k, p, NULL, NULL);
            if (w == SDK_WALK_EASIER) p->cells[open[i]] = 0;
        }
    }
    return w;
}

/* A random cell of p that is (given true) or is not a given. */
static int sdk_tech_pick(sdk_tech *k, const sudoku_puzzle *p, bool given)
{
    int ncells = p->size * p->size, count = 0;
    for (int c = 0; c < ncells; c++) count += (p->cells[c] != 0) == given;
    if (count == 0) return -1;
    int pick = (int)sudoku_rng_below(&k->rng, (uint64_t)count);
    for (int c = 0; c < ncells; c++)
        if ((p->cells[c] != 0) == given && pick-- == 0) return c;
    return -1;
}

/* True when p has one solution (a check that runs out counts as not). */
static bool sdk_tech_unique(sdk_tech *k, const sudoku_puzzle *p)
{
    sudoku_limits lim = k->limits;
    lim.max_solutions = 2;
    sudoku_result r = {0};
    return sudoku_solve(k->s, p, &lim, &r) == SUDOKU_SOLVED;
}

/* An example of T under a seeded relabelling, moved about at random while
 * it stays unique and T. Returns HIT with the puzzle in *p, EASIER when T
 * has no example for this shape (or no relabelling of it rated T). */
static sdk_walk sdk_tech_from_example(sdk_tech *k, const sudoku_puzzle *shape, sudoku_puzzle *p,
                                      uint8_t *solution)
{
    int count = sdk_technique_examples(k->t, NULL);
    if (count == 0 || shape->size != 9 || shape->box_rows != 3 || shape->diagonal ||
        shape->has_regions)
        return SDK_WALK_EASIER;
    const char *text = NULL;
    sdk_technique_examples(k->t, &text);
    text += 82 * sudoku_rng_below(&k->rng, (uint64_t)count);
    sudoku_puzzle example;
    uint8_t grid[SUDOKU_MAX_CELLS];
    sudoku_result r = {.solutions = grid, .solutions_capacity = 1};
    if (sudoku_parse(text, 81, 9, 3, 3, &example, NULL) != 0 ||
        sudoku_solve(k->s, &example, NULL, &r) != SUDOKU_SOLVED)
        return SDK_WALK_EASIER;
    sdk_walk w = SDK_WALK_EASIER;
    for (int i = 0; i < SDK_TECH_RELABELS && w == SDK_WALK_EASIER; i++) {
        sudoku_relabel t;
        *p = *shape;
        sudoku_relabel_random(&t, shape, &k->rng);
        sudoku_relabel_apply(&t, example.cells, p->cells);
        sudoku_relabel_apply(&t, grid, solution);
        k->rep->tries++;
        w = sdk_tech_walk(k, p, NULL, NULL);
    }
    if (w != SDK_WALK_HIT) return w == SDK_WALK_STOP ? w : SDK_WALK_EASIER;
    for (int m = 0; m < SDK_TECH_MOVES; m++) {
        if (sdk_tech_stopped(k)) return SDK_WALK_HIT; /* the puzzle in hand is T */
        sudoku_puzzle q = *p;
        int kind = (int)sudoku_rng_below(&k->rng, 3); /* 0 remove, 1 add, 2 move */
        int out = kind != 1 ? sdk_tech_pick(k, &q, true) : -1;
        int in = kind != 0 ? sdk_tech_pick(k, &q, false) : -1;
        if (out >= 0) q.cells[out] = 0;
        if (in >= 0) q.cells[in] = solution[in];
        if (out >= 0 && !sdk_tech_unique(k, &q)) continue;
        if (sdk_tech_walk(k, &q, NULL, NULL) == SDK_WALK_HIT) *p = q;
    }
    return SDK_WALK_HIT;
}

sudoku_status sudoku_generate_technique(sudoku_solver *s, sudoku_logic *lg,
                                        const sudoku_puzzle *shape, sudoku_technique t,
                                        uint64_t seed, const sudoku_technique_opts *opts,
                                        sudoku_puzzle *puzzle, uint8_t *solution,
                                        uint8_t *start_values, uint64_t *start_cand,
                                        sudoku_practice *rep)
{
    static const sudoku_technique_opts defaults = {0};
    uint64_t t0 = sudoku_now_ns();
    sdk_tech k = {.s = s, .lg = lg, .t = t, .rep = rep};

    memset(rep, 0, sizeof(*rep));
    rep->status = SUDOKU_INVALID;
    if (!opts) opts = &defaults;
    if ((unsigned)t >= SUDOKU_TECHNIQUE_COUNT || sudoku_puzzle_check(shape, NULL) != 0 ||
        shape->size > s->max_size)
        return rep->status;
    k.limits.deadline_ns = opts->deadline_ns;
    k.limits.cancel = opts->cancel;
    k.max_tries = opts->max_tries;
    sudoku_rng_seed(&k.rng, seed);
    *puzzle = *shape;
    memset(puzzle->cells, 0, sizeof(puzzle->cells));

    sdk_walk w = opts->fresh ? SDK_WALK_EASIER : sdk_tech_from_example(&k, shape, puzzle, solution);
    while (w == SDK_WALK_EASIER && !sdk_tech_stopped(&k))
        w = sdk_tech_descend(&k, shape, puzzle, solution);
    if (w == SDK_WALK_HIT) {
        /* Once more, to keep the state before T's first step. */
        k.limits = (sudoku_limits){0};
        sdk_tech_walk(&k, puzzle, start_values, start_cand);
        for (int c = 0; c < shape->size * shape->size; c++) rep->givens += puzzle->cells[c] != 0;
        rep->status = SUDOKU_SOLVED;
        rep->limit_reason = SUDOKU_LIMIT_NONE;
    } else if (w == SDK_WALK_NO_GRID) {
        memset(puzzle->cells, 0, sizeof(puzzle->cells));
        rep->limit_reason = SUDOKU_LIMIT_NONE;
    } else {
        memset(puzzle->cells, 0, sizeof(puzzle->cells));
        rep->status = SUDOKU_LIMIT;
        if (rep->limit_reason == SUDOKU_LIMIT_NONE) rep->limit_reason = SUDOKU_LIMIT_DEADLINE;
    }
    rep->elapsed_ns = sudoku_now_ns() - t0;
    return rep->status;
}
