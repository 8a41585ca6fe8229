/* unit_variant.c -- the variant engine (solver/variant.h) against judges that share nothing
 * with it.
 *
 * On 4x4 and 6x6 grids every count sudoku_variant_solve() gives is compared with a brute
 * force: the grids that complete the givens, enumerated with the units as the only pruning,
 * filtered by a checker of every kind written here from variant.h's sentences (not
 * sudoku_variant_satisfied(), which is checked against it on every one of those grids).
 * The true candidates must be the union of the grids kept. On 9x9 the kinds exact cover
 * can say (an N-cell cage without a sum is one more unit, DIGITS drops rows, jigsaw
 * regions) are counted by tests/support/dlx.c as well.
 *
 * Constraints come from tests/support/variant_draw.c, drawn from a random grid so that
 * they have a solution, or from another grid than the givens' so that most have none.
 * Every case is seeded: a failure names its seed and round, and replays.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/variant.h"
#include "tests/support/dlx.h"
#include "tests/support/fixtures.h"
#include "tests/support/variant_draw.h"
#include "tests/support/variant_text.h"

#define BRUTE_CAP 6000 /* most completions a case enumerates; more givens until under it */

/* Every completion of a grid's givens, N*N digits each. */
typedef struct grids {
    int n;
    size_t count;
    uint8_t *cells;
} grids;

static int box_of(const sudoku_puzzle *p, int cell)
{
    int n = p->size, r = cell / n, c = cell % n;
    if (p->has_regions) return p->regions[cell];
    return r / p->box_rows * (n / p->box_cols) + c / p->box_cols;
}

typedef struct brute {
    const sudoku_puzzle *p;
    uint8_t digits[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    uint32_t row[SUDOKU_VARIANT_MAX_SIZE], col[SUDOKU_VARIANT_MAX_SIZE],
        box[SUDOKU_VARIANT_MAX_SIZE];
    grids *out;
    bool over;
} brute;

static void brute_place(brute *b, int cell, int d, bool on)
{
    int n = b->p->size;
    uint32_t bit = 1u << (d - 1);
    b->row[cell / n] ^= bit;
    b->col[cell % n] ^= bit;
    b->box[box_of(b->p, cell)] ^= bit;
    b->digits[cell] = on ? (uint8_t)d : 0;
}

static void brute_walk(brute *b, int cell)
{
    int n = b->p->size, nn = n * n;
    if (b->over) return;
    if (cell == nn) {
        if (b->out->count == BRUTE_CAP) {
            b->over = true;
            return;
        }
        memcpy(b->out->cells + b->out->count++ * (size_t)nn, b->digits, (size_t)nn);
        return;
    }
    if (b->p->cells[cell]) {
        brute_walk(b, cell + 1);
        return;
    }
    uint32_t used = b->row[cell / n] | b->col[cell % n] | b->box[box_of(b->p, cell)];
    for (int d = 1; d <= n; d++) {
        if (used >> (d - 1) & 1u) continue;
        brute_place(b, cell, d, true);
        brute_walk(b, cell + 1);
        brute_place(b, cell, d, false);
    }
}

/* The completions of p's givens (which keep the units), or false when more than BRUTE_CAP. */
static bool brute_all(const sudoku_puzzle *p, grids *out)
{
    static brute b;
    int nn = p->size * p->size;
    memset(&b, 0, sizeof(b));
    b.p = p;
    b.out = out;
    out->n = p->size;
    out->count = 0;
    for (int cell = 0; cell < nn; cell++)
        if (p->cells[cell]) brute_place(&b, cell, p->cells[cell], true);
    brute_walk(&b, 0);
    return !b.over;
}

/* ---- the checker: each kind's sentence of variant.h, on a complete grid ---- */

static bool orthogonal(int n, int a, int b)
{
    return (a / n == b / n && abs(a % n - b % n) == 1) ||
           (a % n == b % n && abs(a / n - b / n) == 1);
}

static bool related(int kind, int value, int a, int b)
{
    if (kind == SUDOKU_CON_DIFFERENCE) return abs(a - b) == value;
    if (kind == SUDOKU_CON_RATIO) return a == b * value || b == a * value;
    return a + b == value;
}

/* Does any constraint of `kind` join cells a and b? */
static bool marked(const sudoku_variant *v, int kind, int a, int b)
{
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        const uint8_t *cells = v->cells + c->first;
        if (c->kind == kind && c->ncells == 2 &&
            ((cells[0] == a && cells[1] == b) || (cells[0] == b && cells[1] == a)))
            return true;
    }
    return false;
}

/* No two cells a move of `moves` apart hold the same digit. */
static bool no_repeat_at(int n, const uint8_t *d, const int (*moves)[2], int nmoves)
{
    for (int cell = 0; cell < n * n; cell++) {
        for (int m = 0; m < nmoves; m++) {
            int r = cell / n + moves[m][0], c = cell % n + moves[m][1];
            if (r >= 0 && r < n && c >= 0 && c < n && d[r * n + c] == d[cell]) return false;
        }
    }
    return true;
}

static const int knight_moves[8][2] = {{1, 2},  {2, 1},  {-1, 2},  {-2, 1},
                                       {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
static const int king_moves[8][2] = {{1, 1},  {1, 0},  {1, -1}, {0, 1},
                                     {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}};

static bool holds(const sudoku_variant *v, const sudoku_constraint *c, const uint8_t *d)
{
    const sudoku_puzzle *p = &v->grid;
    const uint8_t *cells = v->cells + c->first;
    int n = p->size, k = c->ncells, sum = 0, lo = n + 1, hi = 0;
    uint32_t seen = 0;
    bool distinct = true;
    for (int i = 0; i < k; i++) {
        int x = d[cells[i]];
        sum += x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
        distinct &= !(seen >> x & 1u);
        seen |= 1u << x;
    }
    switch (c->kind) {
    case SUDOKU_CON_CAGE:
        return distinct && (c->value == 0 || sum == c->value);
    case SUDOKU_CON_SUM:
        return sum == c->value;
    case SUDOKU_CON_ARROW: {
        int number = 0, rest = 0;
        for (int i = 0; i < k; i++) {
            if (i < c->aux)
                number = number * 10 + d[cells[i]];
            else
                rest += d[cells[i]];
        }
        return number == rest;
    }
    case SUDOKU_CON_THERMO:
        for (int i = 1; i < k; i++)
            if (d[cells[i]] <= d[cells[i - 1]]) return false;
        return true;
    case SUDOKU_CON_DIFFERENCE:
    case SUDOKU_CON_RATIO:
    case SUDOKU_CON_PAIR_SUM:
        return related(c->kind, c->value, d[cells[0]], d[cells[1]]);
    case SUDOKU_CON_WHISPERS:
        for (int i = 1; i < k; i++)
            if (abs(d[cells[i]] - d[cells[i - 1]]) < c->value) return false;
        return true;
    case SUDOKU_CON_RENBAN:
        return distinct && hi - lo == k - 1;
    case SUDOKU_CON_EQUAL:
        return d[cells[0]] == d[cells[1]];
    case SUDOKU_CON_LESS:
        return d[cells[0]] < d[cells[1]];
    case SUDOKU_CON_BETWEEN: {
        int a = d[cells[0]], b = d[cells[k - 1]], low = a < b ? a : b, high = a < b ? b : a;
        for (int i = 1; i < k - 1; i++)
            if (d[cells[i]] <= low || d[cells[i]] >= high) return false;
        return true;
    }
    case SUDOKU_CON_SANDWICH: {
        int one = 0, top = 0, between = 0;
        for (int i = 0; i < k; i++) {
            one = d[cells[i]] == 1 ? i : one;
            top = d[cells[i]] == n ? i : top;
        }
        for (int i = (one < top ? one : top) + 1; i < (one < top ? top : one); i++)
            between += d[cells[i]];
        return between == c->value;
    }
    case SUDOKU_CON_QUADRUPLE:
        for (int i = 0; i < c->aux; i++) {
            int want = c->value >> (5 * i) & 31, need = 0, have = 0;
            for (int j = 0; j < c->aux; j++) need += (c->value >> (5 * j) & 31) == want;
            for (int j = 0; j < k; j++) have += d[cells[j]] == want;
            if (have < need) return false;
        }
        return true;
    case SUDOKU_CON_DIGITS:
        return c->value >> (d[cells[0]] - 1) & 1;
    case SUDOKU_CON_ANTIKNIGHT:
        return no_repeat_at(n, d, knight_moves, 8);
    case SUDOKU_CON_ANTIKING:
        return no_repeat_at(n, d, king_moves, 8);
    case SUDOKU_CON_DISJOINT:
        for (int a = 0; a < n * n; a++) {
            for (int b = a + 1; b < n * n; b++) {
                if (a / n % p->box_rows == b / n % p->box_rows &&
                    a % n % p->box_cols == b % n % p->box_cols && d[a] == d[b])
                    return false;
            }
        }
        return true;
    case SUDOKU_CON_NEGATIVE:
        for (int a = 0; a < n * n; a++) {
            for (int b = a + 1; b < n * n; b++) {
                if (orthogonal(n, a, b) && !marked(v, c->aux, a, b) &&
                    related(c->aux, c->value, d[a], d[b]))
                    return false;
            }
        }
        return true;
    }
    cr_assert(false, "no checker for kind %d", c->kind);
    return false;
}

static bool all_hold(const sudoku_variant *v, const uint8_t *d)
{
    for (uint32_t i = 0; i < v->nconstraints; i++)
        if (!holds(v, &v->constraints[i], d)) return false;
    return true;
}

/* ---- one case: the engine's count, first solution and true candidates ---- */

typedef struct verdict {
    size_t count;
    uint32_t union_masks[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
} verdict;

/* Counts the grids of all that keep v's givens and constraints, checking
 * sudoku_variant_satisfied() on every grid of all. */
static void judge(const sudoku_variant *v, const grids *all, verdict *out, const char *what)
{
    int nn = all->n * all->n;
    memset(out, 0, sizeof(*out));
    for (size_t g = 0; g < all->count; g++) {
        const uint8_t *d = all->cells + g * (size_t)nn;
        bool givens = true;
        for (int cell = 0; cell < nn; cell++)
            givens &= !v->grid.cells[cell] || v->grid.cells[cell] == d[cell];
        bool ok = all_hold(v, d);
        cr_assert_eq(sudoku_variant_satisfied(v, d), ok, "%s: grid %zu: satisfied() says %d", what,
                     g, !ok);
        if (!givens || !ok) continue;
        out->count++;
        for (int cell = 0; cell < nn; cell++) out->union_masks[cell] |= 1u << (d[cell] - 1);
    }
}

static sudoku_variant_solver *solver(void)
{
    static sudoku_variant_solver *s;
    if (!s) s = sudoku_variant_solver_new();
    cr_assert_not_null(s);
    return s;
}

/* The engine against the brute force on v; returns the count. */
static size_t check_case(const sudoku_variant *v, const grids *all, const char *what)
{
    static verdict want;
    static uint8_t first[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    static uint32_t masks[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    int nn = v->grid.size * v->grid.size;
    judge(v, all, &want, what);
    sudoku_limits lim = {.max_solutions = BRUTE_CAP + 1};
    sudoku_result r = {.solutions = first, .solutions_capacity = 1};
    sudoku_status st = sudoku_variant_solve(solver(), v, &lim, &r);
    cr_assert_eq(r.solution_count, want.count, "%s: engine counts %llu, brute force %zu (%s)", what,
                 (unsigned long long)r.solution_count, want.count, sudoku_status_str(st));
    cr_assert(r.count_exact, "%s: count not exact", what);
    sudoku_status expect = want.count == 0   ? SUDOKU_NO_SOLUTION
                           : want.count == 1 ? SUDOKU_SOLVED
                                             : SUDOKU_MULTIPLE;
    cr_assert_eq(st, expect, "%s: status %s", what, sudoku_status_str(st));
    if (want.count == 0) return 0;
    cr_assert_eq(r.solutions_stored, 1, "%s", what);
    cr_assert(all_hold(v, first) && sudoku_variant_satisfied(v, first), "%s: a wrong solution",
              what);
    sudoku_result tr = {0};
    sudoku_status ts = sudoku_variant_true_candidates(solver(), v, &(sudoku_limits){0}, masks, &tr);
    cr_assert_eq(ts, expect, "%s: true candidates: %s", what, sudoku_status_str(ts));
    cr_assert_eq(tr.solution_count, want.count > 1 ? 2 : 1, "%s: true candidates", what);
    for (int cell = 0; cell < nn; cell++)
        cr_assert_eq(masks[cell], want.union_masks[cell],
                     "%s: r%dc%d true candidates %#x, the solutions hold %#x", what,
                     cell / v->grid.size + 1, cell % v->grid.size + 1, masks[cell],
                     want.union_masks[cell]);
    return want.count;
}

/* ---- the rounds: a grid, givens from it, constraints from it (or another) ---- */

typedef struct round {
    sudoku_puzzle shape;
    uint8_t sol[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    grids all;
    sudoku_variant *v;
} round;

static round *round_new(void)
{
    round *x = calloc(1, sizeof(*x));
    cr_assert_not_null(x);
    x->v = malloc(sizeof(*x->v));
    x->all.cells = malloc((size_t)BRUTE_CAP * SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE);
    cr_assert(x->v && x->all.cells);
    return x;
}

static void round_free(round *x)
{
    free(x->all.cells);
    free(x->v);
    free(x);
}

/* A random grid of n x n (boxes 2 x n/2), givens drawn from it until at most BRUTE_CAP
 * grids complete them (at least `min_givens`), their completions, and v with those givens.
 * With `jigsaw`, regions replace the boxes: region (d - 1 + shift[r]) % n for digit d in
 * row r, shift a random permutation, takes one cell of each row and digit, so the grid
 * keeps them (they are scattered: the engine must not care). */
static void round_start(round *x, int n, int min_givens, bool jigsaw, sudoku_rng *rng)
{
    cr_assert_eq(sudoku_puzzle_init(&x->shape, n, 2, n / 2, NULL), 0);
    cr_assert_eq(sudoku_grid_random(&x->shape, rng, x->sol), 0);
    if (jigsaw) {
        uint8_t shift[SUDOKU_VARIANT_MAX_SIZE];
        for (int r = 0; r < n; r++) shift[r] = (uint8_t)r;
        sudoku_rng_shuffle(rng, shift, (size_t)n);
        for (int cell = 0; cell < n * n; cell++)
            x->shape.regions[cell] = (uint8_t)((x->sol[cell] - 1 + shift[cell / n]) % n);
        x->shape.has_regions = true;
        cr_assert_eq(sudoku_puzzle_check(&x->shape, NULL), 0);
    }
    uint8_t order[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < n * n; i++) order[i] = (uint8_t)i;
    sudoku_rng_shuffle(rng, order, (size_t)(n * n));
    int given = 0;
    for (; given < min_givens; given++) x->shape.cells[order[given]] = x->sol[order[given]];
    while (!brute_all(&x->shape, &x->all)) {
        x->shape.cells[order[given]] = x->sol[order[given]];
        given++;
    }
    char err[SUDOKU_ERR_LEN] = "";
    cr_assert_eq(sudoku_variant_init(x->v, &x->shape, err), 0, "%s", err);
}

static const char *kind_name(int kind)
{
    return sudoku_constraint_kind_str((sudoku_constraint_kind)kind);
}

/* Rounds of one kind (or of random kinds when kind < 0) on n x n, constraints drawn from
 * the givens' own grid, or from another one when `foreign`. Returns how many rounds had no
 * solution. */
static int run_rounds(int kind, int n, int rounds, bool foreign, bool jigsaw, uint64_t seed)
{
    round *x = round_new();
    sudoku_rng rng;
    sudoku_rng_seed(&rng, seed);
    int none = 0;
    for (int t = 0; t < rounds; t++) {
        round_start(x, n, n == 4 ? (int)sudoku_rng_below(&rng, 4) : 6, jigsaw, &rng);
        uint8_t other[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
        const uint8_t *from = x->sol;
        if (foreign) {
            cr_assert_eq(sudoku_grid_random(&x->shape, &rng, other), 0);
            from = other;
        }
        int want = 1 + (int)sudoku_rng_below(&rng, 3), drawn = 0;
        for (int tries = 0; drawn < want && tries < 20; tries++) {
            int k = kind >= 0 ? kind : (int)sudoku_rng_below(&rng, SUDOKU_CON_COUNT);
            drawn += vdraw_one(x->v, (sudoku_constraint_kind)k, from, &rng) == 0;
        }
        char what[160];
        snprintf(what, sizeof(what), "%dx%d%s %s seed %llu round %d (%u constraints)", n, n,
                 jigsaw ? " jigsaw" : "", kind >= 0 ? kind_name(kind) : "mixed",
                 (unsigned long long)seed, t, x->v->nconstraints);
        bool global = false;
        for (uint32_t i = 0; i < x->v->nconstraints; i++)
            global |= x->v->constraints[i].ncells == 0 &&
                      x->v->constraints[i].kind != SUDOKU_CON_NEGATIVE;
        if (!foreign && !global)
            cr_assert(all_hold(x->v, x->sol), "%s: a drawn constraint breaks its own grid", what);
        size_t count = check_case(x->v, &x->all, what);
        if (all_hold(x->v, x->sol)) cr_assert_gt(count, 0, "%s: its grid is a solution", what);
        none += count == 0;
    }
    round_free(x);
    return none;
}

/* One test per kind, named by the kind: 4x4 and 6x6 rounds of it. */
#define X(id, name, doc)                                                                           \
    Test(variant_kind, id)                                                                         \
    {                                                                                              \
        run_rounds(SUDOKU_CON_##id, 4, 24, false, false, 4000 + SUDOKU_CON_##id);                  \
        run_rounds(SUDOKU_CON_##id, 6, 8, false, false, 6000 + SUDOKU_CON_##id);                   \
    }
SUDOKU_CONSTRAINT_KINDS(X)
#undef X

Test(variant, the_brute_force_finds_every_4x4_grid)
{
    round *x = round_new();
    cr_assert_eq(sudoku_puzzle_init(&x->shape, 4, 2, 2, NULL), 0);
    cr_assert(brute_all(&x->shape, &x->all), "more than %d 4x4 grids", BRUTE_CAP);
    cr_assert_eq(x->all.count, 288, "the 4x4 grids are 288, the brute force finds %zu",
                 x->all.count);
    round_free(x);
}

Test(variant, drawn_constraints_of_mixed_kinds_count_as_the_brute_force)
{
    run_rounds(-1, 4, 60, false, false, 41);
    run_rounds(-1, 6, 30, false, false, 61);
}

Test(variant, drawn_constraints_on_jigsaws_count_as_the_brute_force)
{
    run_rounds(-1, 4, 60, false, true, 43);
    run_rounds(-1, 6, 40, false, true, 63);
    run_rounds(SUDOKU_CON_CAGE, 6, 30, false, true, 64);
}

/* Killer cages over the whole grid or a third of it, on boxes and jigsaws: what the
 * engine derives from whole units (innies, outies) must keep every count. */
Test(variant, killer_tilings_count_as_the_brute_force)
{
    round *x = round_new();
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 65);
    for (int t = 0; t < 80; t++) {
        int n = t % 4 ? 6 : 4;
        round_start(x, n, n == 4 ? 0 : 6, t % 2 == 1, &rng);
        cr_assert_gt(vdraw_cages(x->v, 2 + t % 5, t % 3 != 0, x->sol, &rng), 0);
        char what[96];
        snprintf(what, sizeof(what), "%dx%d%s killer round %d (%u cages)", n, n,
                 t % 2 ? " jigsaw" : "", t, x->v->nconstraints);
        cr_assert_gt(check_case(x->v, &x->all, what), 0, "%s: its grid is a solution", what);
    }
    round_free(x);
}

Test(variant, constraints_from_another_grid_are_mostly_unsatisfiable_and_counted_right)
{
    int none = run_rounds(-1, 4, 60, true, false, 42) + run_rounds(-1, 6, 30, true, false, 62);
    cr_assert_gt(none, 20,
                 "only %d of 90 rounds had no solution: the unsatisfiable side "
                 "is hardly tested",
                 none);
}

/* Constraints of random kinds on random cells with random values and aux, as a hostile
 * list would bring them: whatever sudoku_variant_add() accepts is counted right. */
Test(variant, random_lists_the_engine_accepts_count_as_the_brute_force)
{
    round *x = round_new();
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 77);
    int accepted = 0;
    for (int t = 0; t < 400; t++) {
        int n = t % 3 ? 4 : 6;
        round_start(x, n, n == 4 ? 2 : 8, t % 5 == 0, &rng);
        for (int k = 1 + (int)sudoku_rng_below(&rng, 3); k > 0; k--) {
            uint8_t cells[8];
            int kind = (int)sudoku_rng_below(&rng, SUDOKU_CON_COUNT);
            int ncells = (int)sudoku_rng_below(&rng, 7),
                value = (int)sudoku_rng_below(&rng, 30) - 3;
            int aux = (int)sudoku_rng_below(&rng, 5);
            for (int i = 0; i < ncells; i++)
                cells[i] = (uint8_t)sudoku_rng_below(&rng, (uint64_t)(n * n));
            accepted += sudoku_variant_add(x->v, (sudoku_constraint_kind)kind, value, aux, cells,
                                           ncells, NULL) == 0;
        }
        char what[96];
        snprintf(what, sizeof(what), "random list round %d (%u constraints)", t,
                 x->v->nconstraints);
        check_case(x->v, &x->all, what);
    }
    cr_assert_gt(accepted, 100, "only %d random constraints accepted", accepted);
    round_free(x);
}

/* ---- 9x9: exact cover as the second judge of what it can model ---- */

/* n cells of distinct digits of sol, chosen at random: one more unit sol keeps. */
static void random_unit(int n, const uint8_t *sol, sudoku_rng *rng, uint8_t *unit)
{
    uint8_t order[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    for (int i = 0; i < n * n; i++) order[i] = (uint8_t)i;
    sudoku_rng_shuffle(rng, order, (size_t)(n * n));
    int k = 0;
    uint32_t seen = 0;
    for (int i = 0; i < n * n && k < n; i++) {
        if (seen >> sol[order[i]] & 1u) continue;
        seen |= 1u << sol[order[i]];
        unit[k++] = order[i];
    }
}

/* Givens (given_pct of the cells), extra units and digit sets from sol on shape, counted
 * by both up to a cap. */
static void dlx_round(const sudoku_puzzle *shape, const uint8_t *sol, int given_pct,
                      sudoku_rng *rng, const char *what)
{
    enum { CAP = 300, MAX_UNITS = 3, NN = SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE };
    static sudoku_puzzle p;
    static sudoku_variant v;
    static uint8_t units[MAX_UNITS * SUDOKU_VARIANT_MAX_SIZE];
    static uint32_t allowed[NN];
    p = *shape;
    int n = p.size, nunits = (int)sudoku_rng_below(rng, MAX_UNITS + 1);
    uint32_t all = (1u << n) - 1, odd = 0x55555555u & all;
    for (int cell = 0; cell < n * n; cell++) {
        p.cells[cell] = (int)sudoku_rng_below(rng, 100) < given_pct ? sol[cell] : 0;
        allowed[cell] = all;
    }
    char err[SUDOKU_ERR_LEN] = "";
    cr_assert_eq(sudoku_variant_init(&v, &p, err), 0, "%s: %s", what, err);
    for (int u = 0; u < nunits; u++) {
        random_unit(n, sol, rng, units + u * n);
        cr_assert_eq(sudoku_variant_add(&v, SUDOKU_CON_CAGE, 0, 0, units + u * n, n, err), 0,
                     "%s: %s", what, err);
    }
    for (int k = (int)sudoku_rng_below(rng, 12); k > 0; k--) {
        uint8_t cell = (uint8_t)sudoku_rng_below(rng, (uint64_t)(n * n));
        uint32_t mask = sol[cell] % 2 ? odd : all & ~odd;
        if (sudoku_rng_below(rng, 3) == 0) mask |= (uint32_t)sudoku_rng_next(rng) & all;
        allowed[cell] &= mask;
        cr_assert_eq(sudoku_variant_add(&v, SUDOKU_CON_DIGITS, (int)mask, 0, &cell, 1, err), 0,
                     "%s: %s", what, err);
    }
    dlx_extra extra = {nunits, units, allowed};
    uint64_t want = dlx_count_extra(&p, &extra, CAP, NULL);
    sudoku_limits lim = {.max_solutions = CAP};
    sudoku_result r = {0};
    sudoku_status st = sudoku_variant_solve(solver(), &v, &lim, &r);
    cr_assert_eq(r.solution_count, want, "%s: engine %llu (%s), exact cover %llu", what,
                 (unsigned long long)r.solution_count, sudoku_status_str(st),
                 (unsigned long long)want);
    cr_assert_eq(r.count_exact, want < CAP, "%s", what);
}

Test(variant, extra_units_and_digit_sets_count_as_exact_cover_on_16x16)
{
    static sudoku_puzzle shape;
    static uint8_t sol[256];
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 16);
    cr_assert_eq(sudoku_puzzle_init(&shape, 16, 4, 4, NULL), 0);
    for (int t = 0; t < 20; t++) {
        char what[64];
        snprintf(what, sizeof(what), "16x16 round %d", t);
        cr_assert_eq(sudoku_grid_random(&shape, &rng, sol), 0);
        dlx_round(&shape, sol, 55, &rng, what);
    }
}

Test(variant, extra_units_and_digit_sets_count_as_exact_cover_on_9x9)
{
    static sudoku_puzzle shape;
    static uint8_t sol[81];
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 9);
    cr_assert_eq(sudoku_puzzle_init(&shape, 9, 3, 3, NULL), 0);
    for (int t = 0; t < 40; t++) {
        char what[64];
        snprintf(what, sizeof(what), "9x9 round %d", t);
        cr_assert_eq(sudoku_grid_random(&shape, &rng, sol), 0);
        dlx_round(&shape, sol, 26, &rng, what);
    }
}

Test(variant, jigsaw_extra_units_and_digit_sets_count_as_exact_cover)
{
    static sudoku_puzzle shape, grid;
    size_t nlines = 0;
    char **lines = test_read_lines("tests/data/jigsaw.txt", &nlines);
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 10);
    int rounds = 0;
    for (size_t i = 0; i < nlines; i++) {
        /* puzzle:count:solution:regions */
        char *f[4] = {lines[i]};
        int k = 1;
        for (char *s = lines[i]; *s && k < 4; s++)
            if (*s == ':') f[k++] = s + 1;
        if (lines[i][0] == '#' || k < 4 || strcspn(f[2], ":") != 81) continue;
        cr_assert_eq(sudoku_parse(f[3], 81, 9, 3, 3, &grid, NULL), 0);
        cr_assert_eq(sudoku_parse(f[2], 81, 9, 3, 3, &shape, NULL), 0);
        uint8_t sol[81];
        memcpy(sol, shape.cells, 81);
        memset(shape.cells, 0, sizeof(shape.cells));
        shape.has_regions = true;
        for (int cell = 0; cell < 81; cell++) shape.regions[cell] = (uint8_t)(grid.cells[cell] - 1);
        for (int t = 0; t < 4; t++, rounds++) {
            char what[64];
            snprintf(what, sizeof(what), "jigsaw line %zu round %d", i + 1, t);
            dlx_round(&shape, sol, 26, &rng, what);
        }
    }
    test_free_lines(lines);
    cr_assert_gt(rounds, 0, "no 9x9 jigsaw in tests/data/jigsaw.txt");
}

/* variant.h: with a cell of two true candidates, "solution_count is then 2, count_exact
 * false" (two of however many). */
Test(variant, true_candidates_of_several_solutions_count_two_not_exactly)
{
    static sudoku_puzzle grid;
    static sudoku_variant v;
    uint32_t masks[16];
    cr_assert_eq(sudoku_puzzle_init(&grid, 4, 2, 2, NULL), 0);
    cr_assert_eq(sudoku_variant_init(&v, &grid, NULL), 0);
    uint8_t cells[2] = {0, 1};
    cr_assert_eq(sudoku_variant_add(&v, SUDOKU_CON_PAIR_SUM, 5, 0, cells, 2, NULL), 0);
    sudoku_result r = {0};
    cr_assert_eq(sudoku_variant_true_candidates(solver(), &v, NULL, masks, &r), SUDOKU_MULTIPLE);
    cr_assert_eq(masks[0], 0xf, "r1c1 can hold any digit");
    cr_assert_eq(r.solution_count, 2);
    cr_assert(!r.count_exact, "two of several solutions are no exact count");
}

/* ---- the generated puzzles of tests/data/variants/ (bench/variant_gen.c) ---- */

/* Every puzzle of FAMILY.txt is unique, its solution the file's, which keeps every
 * constraint by both checkers; FAMILY.jsonl, its f-puzzles form, has as many lines. */
static int check_fixture(const char *txt, sudoku_variant *v)
{
    static uint8_t sol[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE],
        got[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    size_t n = 0, njson = 0;
    char **lines = test_read_lines(txt, &n), json[512];
    snprintf(json, sizeof(json), "%.*s.jsonl", (int)(strlen(txt) - 4), txt);
    test_free_lines(test_read_lines(json, &njson));
    cr_assert_eq(njson, n, "%s: %zu f-puzzles objects for %zu puzzles", json, njson, n);
    for (size_t i = 0; i < n; i++) {
        char err[SUDOKU_ERR_LEN] = "";
        cr_assert_eq(vtext_read(lines[i], strlen(lines[i]), v, sol, err), 0, "%s:%zu: %s", txt,
                     i + 1, err);
        cr_assert(all_hold(v, sol) && sudoku_variant_satisfied(v, sol), "%s:%zu: solution", txt,
                  i + 1);
        sudoku_limits lim = {.max_solutions = 2};
        sudoku_result r = {.solutions = got, .solutions_capacity = 1};
        cr_assert_eq(sudoku_variant_solve(solver(), v, &lim, &r), SUDOKU_SOLVED, "%s:%zu: %s", txt,
                     i + 1, sudoku_status_str(r.status));
        cr_assert(r.count_exact, "%s:%zu: not proven unique", txt, i + 1);
        cr_assert_arr_eq(got, sol, (size_t)(v->grid.size * v->grid.size), "%s:%zu", txt, i + 1);
    }
    test_free_lines(lines);
    return (int)n;
}

Test(variant, the_generated_puzzles_are_unique_with_their_solution)
{
    const char *dir = "tests/data/variants";
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "%s", dir);
    sudoku_variant *v = malloc(sizeof(*v));
    cr_assert_not_null(v);
    int files = 0, puzzles = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0) continue;
        char path[512];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        puzzles += check_fixture(path, v);
        files++;
    }
    closedir(d);
    free(v);
    cr_assert_geq(files, 9, "only %d families in %s", files, dir);
    cr_assert_geq(puzzles, 3 * files);
}

/* A solve that stops before propagating (a given its DIGITS forbids) left the whole
 * propagator queue behind; the next solve, of a variant with fewer propagators, walked it
 * with the new count and never came back (or wrote past the queue: the mixed rounds
 * above crashed so). */
Test(variant, a_solve_after_one_stopped_at_its_givens_starts_clean, .timeout = 10)
{
    static sudoku_puzzle grid;
    static sudoku_variant big, small;
    cr_assert_eq(sudoku_puzzle_init(&grid, 4, 2, 2, NULL), 0);
    grid.cells[0] = 1;
    cr_assert_eq(sudoku_variant_init(&big, &grid, NULL), 0);
    for (int i = 0; i < 12; i++) {
        uint8_t cells[2] = {(uint8_t)(4 + i), (uint8_t)(i % 4 == 3 ? 1 + i : 5 + i)};
        cr_assert_eq(sudoku_variant_add(&big, SUDOKU_CON_LESS, 0, 0, cells, 2, NULL), 0);
    }
    uint8_t corner = 0;
    cr_assert_eq(sudoku_variant_add(&big, SUDOKU_CON_DIGITS, 2, 0, &corner, 1, NULL), 0);
    sudoku_limits lim = {.max_solutions = 2};
    sudoku_result r = {0};
    cr_assert_eq(sudoku_variant_solve(solver(), &big, &lim, &r), SUDOKU_NO_SOLUTION);
    grid.cells[0] = 0;
    cr_assert_eq(sudoku_variant_init(&small, &grid, NULL), 0);
    uint8_t pair[2] = {0, 1};
    cr_assert_eq(sudoku_variant_add(&small, SUDOKU_CON_PAIR_SUM, 5, 0, pair, 2, NULL), 0);
    cr_assert_eq(sudoku_variant_solve(solver(), &small, &lim, &r), SUDOKU_MULTIPLE);
}

/* The kinds without cells take cells NULL (variant.c once passed it to memcpy: UBSan in
 * build/asan stops there). */
Test(variant, kinds_without_cells_take_null_cells)
{
    static sudoku_puzzle grid;
    static sudoku_variant v;
    cr_assert_eq(sudoku_puzzle_init(&grid, 4, 2, 2, NULL), 0);
    cr_assert_eq(sudoku_variant_init(&v, &grid, NULL), 0);
    char err[SUDOKU_ERR_LEN] = "";
    cr_assert_eq(sudoku_variant_add(&v, SUDOKU_CON_ANTIKING, 0, 0, NULL, 0, err), 0, "%s", err);
    cr_assert_eq(v.nconstraints, 1);
}

/* Thousands of sandwiches on a 16x16 make one node's propagation last far longer than a
 * request may: the deadline is read inside the propagation too, so the solve stops with it. */
Test(variant, a_long_propagation_stops_at_the_deadline)
{
    static sudoku_puzzle grid;
    static sudoku_variant v;
    cr_assert_eq(sudoku_puzzle_init(&grid, 16, 4, 4, NULL), 0);
    cr_assert_eq(sudoku_variant_init(&v, &grid, NULL), 0);
    for (int i = 0; i < 2048; i++) {
        uint8_t cells[16];
        int line = i % 32;
        for (int k = 0; k < 16; k++) {
            cells[k] = (uint8_t)(line < 16 ? line * 16 + k : k * 16 + (line - 16));
        }
        cr_assert_eq(sudoku_variant_add(&v, SUDOKU_CON_SANDWICH, 30 + i % 40, 0, cells, 16, NULL),
                     0);
    }
    sudoku_limits lim = {.max_solutions = 2, .deadline_ns = sudoku_now_ns() + 20 * 1000000ull};
    sudoku_result r = {0};
    cr_assert_eq(sudoku_variant_solve(solver(), &v, &lim, &r), SUDOKU_LIMIT);
    cr_assert_eq(r.limit_reason, SUDOKU_LIMIT_DEADLINE, "%s",
                 sudoku_limit_reason_str(r.limit_reason));
    cr_assert_eq(r.stats.nodes, 1, "it stopped in the root's propagation");
}
