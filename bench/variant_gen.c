/* variant_gen.c -- variant puzzles of our own for the tests and bench/vs-sigh.sh: a random
 * 9x9 grid, constraints of one family it keeps, then givens taken away while the puzzle
 * stays unique.
 *
 *   build/variant-gen FAMILY COUNT SEED OUT   writes OUT.jsonl and OUT.txt, COUNT puzzles
 *
 * OUT.jsonl holds one f-puzzles JSON object per line (the field names of f-puzzles, as
 * dclamage/SudokuSolver's FPuzzlesBoard reads them, with its `solution`), OUT.txt the same
 * puzzle, line for line, as the engine's own constraint list (tests/support/variant_text.h).
 * The constraints come from tests/support/variant_draw.c; uniqueness is
 * sudoku_variant_solve() with max_solutions 2 under a node budget (a puzzle it cannot
 * settle keeps the given). The same seed gives the same puzzles.
 *
 * DESIGN: a family is a row of vg_families: its name and the function that draws its
 * constraints on a grid. The f-puzzles writer is here, not in formats/, because only the
 * benches write f-puzzles; each constraint kind it meets is one case of vg_json_constraint.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/variant.h"
#include "tests/support/variant_draw.h"
#include "tests/support/variant_text.h"

#define VG_N           9
#define VG_NODE_BUDGET 200000

typedef int vg_draw(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng);

static int vg_some(sudoku_variant *v, sudoku_constraint_kind kind, int lo, int hi,
                   const uint8_t *sol, sudoku_rng *rng)
{
    int want = lo + (int)sudoku_rng_below(rng, (uint64_t)(hi - lo + 1));
    for (int tries = 0; want > 0 && tries < 4 * hi; tries++)
        want -= vdraw_one(v, kind, sol, rng) == 0;
    return want > 0 ? -1 : 0;
}

static int vg_killer(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    bool tile = sudoku_rng_below(rng, 2) == 0;
    return vdraw_cages(v, tile ? 5 : 4, tile, sol, rng) < 0 ? -1 : 0;
}

static int vg_thermo(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    return vg_some(v, SUDOKU_CON_THERMO, 6, 12, sol, rng);
}

static int vg_arrow(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    return vg_some(v, SUDOKU_CON_ARROW, 6, 12, sol, rng);
}

/* Every dot of sol, and half the time "no other pair" (f-puzzles' nonconsecutive and
 * negative ratio). */
static int vg_kropki(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    bool negative = sudoku_rng_below(rng, 2) == 0;
    if (vdraw_all_pairs(v, SUDOKU_CON_DIFFERENCE, 1, negative, sol) < 0) return -1;
    return vdraw_all_pairs(v, SUDOKU_CON_RATIO, 2, negative, sol) < 0 ? -1 : 0;
}

static int vg_xv(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    bool negative = sudoku_rng_below(rng, 2) == 0;
    if (vdraw_all_pairs(v, SUDOKU_CON_PAIR_SUM, 10, negative, sol) < 0) return -1;
    return vdraw_all_pairs(v, SUDOKU_CON_PAIR_SUM, 5, negative, sol) < 0 ? -1 : 0;
}

static int vg_little_killer(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    return vg_some(v, SUDOKU_CON_SUM, 6, 12, sol, rng);
}

static int vg_sandwich(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    return vg_some(v, SUDOKU_CON_SANDWICH, 8, 14, sol, rng);
}

static int vg_lines(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    for (int k = 2 + (int)sudoku_rng_below(rng, 3); k > 0; k--) {
        if (vdraw_one(v, SUDOKU_CON_BETWEEN, sol, rng) != 0) return -1;
        if (vdraw_one(v, SUDOKU_CON_RENBAN, sol, rng) != 0) return -1;
        if (vdraw_whispers(v, 5, sol, rng) != 0) return -1;
    }
    return 0;
}

static int vg_mixed(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    static const int kinds[] = {SUDOKU_CON_CAGE,   SUDOKU_CON_THERMO,   SUDOKU_CON_ARROW,
                                SUDOKU_CON_SUM,    SUDOKU_CON_SANDWICH, SUDOKU_CON_BETWEEN,
                                SUDOKU_CON_RENBAN, SUDOKU_CON_WHISPERS};
    int nkinds = (int)(sizeof(kinds) / sizeof(kinds[0]));
    for (int k = 4 + (int)sudoku_rng_below(rng, 6); k > 0; k--) {
        int kind = kinds[sudoku_rng_below(rng, (uint64_t)nkinds)];
        int ok = kind == SUDOKU_CON_WHISPERS ? vdraw_whispers(v, 5, sol, rng)
                                             : vdraw_one(v, (sudoku_constraint_kind)kind, sol, rng);
        if (ok != 0 && kind == SUDOKU_CON_CAGE) continue; /* a cage can fail to grow */
        if (ok != 0) return -1;
    }
    return 0;
}

/* chess: the rule goes in before the grid is chosen (vg_chess_grid) */
static int vg_chess(sudoku_variant *v, const uint8_t *sol, sudoku_rng *rng)
{
    (void)v, (void)sol, (void)rng;
    return 0;
}

static const struct {
    const char *name;
    vg_draw *draw;
} vg_families[] = {
    {"killer", vg_killer},     {"thermo", vg_thermo}, {"arrow", vg_arrow},
    {"kropki", vg_kropki},     {"xv", vg_xv},         {"littlekiller", vg_little_killer},
    {"sandwich", vg_sandwich}, {"chess", vg_chess},   {"lines", vg_lines},
    {"mixed", vg_mixed},
};
#define VG_NFAMILIES (sizeof(vg_families) / sizeof(vg_families[0]))

/* ---- uniqueness ---- */

static bool vg_unique(sudoku_variant_solver *s, const sudoku_variant *v)
{
    sudoku_limits lim = {.max_solutions = 2, .node_budget = VG_NODE_BUDGET};
    sudoku_result r = {0};
    return sudoku_variant_solve(s, v, &lim, &r) == SUDOKU_SOLVED && r.count_exact;
}

/* Givens: none when the constraints alone are unique, else all of sol, taken away one by
 * one in random order while the puzzle stays unique. False when even all givens are not
 * unique (a budget ran out). */
static bool vg_reduce(sudoku_variant_solver *s, sudoku_variant *v, const uint8_t *sol,
                      sudoku_rng *rng)
{
    int nn = VG_N * VG_N;
    memset(v->grid.cells, 0, (size_t)nn);
    if (vg_unique(s, v)) return true;
    memcpy(v->grid.cells, sol, (size_t)nn);
    if (!vg_unique(s, v)) return false;
    uint8_t order[VG_N * VG_N];
    for (int i = 0; i < nn; i++) order[i] = (uint8_t)i;
    sudoku_rng_shuffle(rng, order, (size_t)nn);
    for (int i = 0; i < nn; i++) {
        v->grid.cells[order[i]] = 0;
        if (!vg_unique(s, v)) v->grid.cells[order[i]] = sol[order[i]];
    }
    return true;
}

/* A grid that keeps a chess rule: the rule, a few random givens, the engine's first
 * solution. False when no draw found one. */
static bool vg_chess_grid(sudoku_variant_solver *s, sudoku_variant *v, sudoku_rng *rng,
                          uint8_t *sol)
{
    sudoku_constraint_kind rule =
        sudoku_rng_below(rng, 2) ? SUDOKU_CON_ANTIKNIGHT : SUDOKU_CON_ANTIKING;
    if (sudoku_variant_add(v, rule, 0, 0, NULL, 0, NULL) != 0) return false;
    for (int t = 0; t < 50; t++) {
        memset(v->grid.cells, 0, sizeof(v->grid.cells));
        for (int k = 0; k < 6; k++)
            v->grid.cells[sudoku_rng_below(rng, VG_N * VG_N)] =
                (uint8_t)(1 + sudoku_rng_below(rng, VG_N));
        sudoku_limits lim = {.max_solutions = 1, .node_budget = VG_NODE_BUDGET};
        sudoku_result r = {.solutions = sol, .solutions_capacity = 1};
        if (sudoku_variant_solve(s, v, &lim, &r) == SUDOKU_SOLVED) return true;
    }
    return false;
}

/* ---- f-puzzles JSON ---- */

static void vg_cell(FILE *f, int cell)
{
    fprintf(f, "\"R%dC%d\"", cell / VG_N + 1, cell % VG_N + 1);
}

static void vg_cells(FILE *f, const uint8_t *cells, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++) {
        if (i) fputc(',', f);
        vg_cell(f, cells[i]);
    }
    fputc(']', f);
}

/* The f-puzzles key each kind is written under (NULL: a flag or a negative, see below). */
static const char *vg_json_key(int kind)
{
    switch (kind) {
    case SUDOKU_CON_CAGE:
        return "killercage";
    case SUDOKU_CON_SUM:
        return "littlekillersum";
    case SUDOKU_CON_ARROW:
        return "arrow";
    case SUDOKU_CON_THERMO:
        return "thermometer";
    case SUDOKU_CON_DIFFERENCE:
        return "difference";
    case SUDOKU_CON_RATIO:
        return "ratio";
    case SUDOKU_CON_PAIR_SUM:
        return "xv";
    case SUDOKU_CON_SANDWICH:
        return "sandwichsum";
    case SUDOKU_CON_BETWEEN:
        return "betweenline";
    case SUDOKU_CON_RENBAN:
        return "renban";
    case SUDOKU_CON_WHISPERS:
        return "whispers";
    default:
        return NULL;
    }
}

/* One entry of c's array. */
static void vg_json_constraint(FILE *f, const sudoku_variant *v, const sudoku_constraint *c)
{
    const uint8_t *cells = v->cells + c->first;
    int k = c->ncells;
    switch (c->kind) {
    case SUDOKU_CON_CAGE:
        fputs("{\"cells\":", f);
        vg_cells(f, cells, k);
        fprintf(f, ",\"value\":\"%d\"}", (int)c->value);
        return;
    case SUDOKU_CON_SUM: { /* the clue sits outside the grid, one step back along the line */
        int dr = cells[1] / VG_N - cells[0] / VG_N, dc = cells[1] % VG_N - cells[0] % VG_N;
        fprintf(f, "{\"cell\":\"R%dC%d\",\"direction\":\"%c%c\",\"value\":\"%d\",\"cells\":",
                cells[0] / VG_N + 1 - dr, cells[0] % VG_N + 1 - dc, dr > 0 ? 'D' : 'U',
                dc > 0 ? 'R' : 'L', (int)c->value);
        vg_cells(f, cells, k);
        fputc('}', f);
        return;
    }
    case SUDOKU_CON_ARROW: /* the line starts in the pill cell the shaft leaves from */
        fputs("{\"cells\":", f);
        vg_cells(f, cells, c->aux);
        fputs(",\"lines\":[", f);
        vg_cells(f, cells + c->aux - 1, k - c->aux + 1);
        fputs("]}", f);
        return;
    case SUDOKU_CON_DIFFERENCE:
    case SUDOKU_CON_RATIO:
        fputs("{\"cells\":", f);
        vg_cells(f, cells, 2);
        if (c->value != (c->kind == SUDOKU_CON_RATIO ? 2 : 1))
            fprintf(f, ",\"value\":\"%d\"", (int)c->value);
        fputc('}', f);
        return;
    case SUDOKU_CON_PAIR_SUM:
        fputs("{\"cells\":", f);
        vg_cells(f, cells, 2);
        fprintf(f, ",\"value\":\"%s\"}", c->value == 10 ? "X" : "V");
        return;
    case SUDOKU_CON_SANDWICH: /* above a column or left of a row */
        if (cells[1] - cells[0] == 1)
            fprintf(f, "{\"cell\":\"R%dC0\",\"value\":\"%d\"}", cells[0] / VG_N + 1, (int)c->value);
        else
            fprintf(f, "{\"cell\":\"R0C%d\",\"value\":\"%d\"}", cells[0] % VG_N + 1, (int)c->value);
        return;
    default: /* the lines */
        fputs("{\"lines\":[", f);
        vg_cells(f, cells, k);
        fputs("]}", f);
    }
}

static void vg_json(FILE *f, const sudoku_variant *v, const uint8_t *sol, const char *title)
{
    fprintf(f, "{\"size\":%d,\"title\":\"%s\",\"author\":\"bench/variant_gen.c\",\"grid\":[", VG_N,
            title);
    for (int r = 0; r < VG_N; r++) {
        fputs(r ? ",[" : "[", f);
        for (int c = 0; c < VG_N; c++) {
            int d = v->grid.cells[r * VG_N + c];
            if (d)
                fprintf(f, "%s{\"value\":%d,\"given\":true}", c ? "," : "", d);
            else
                fputs(c ? ",{}" : "{}", f);
        }
        fputc(']', f);
    }
    fputc(']', f);
    for (int kind = 0; kind < SUDOKU_CON_COUNT; kind++) {
        const char *key = vg_json_key(kind);
        bool first = true;
        for (uint32_t i = 0; key && i < v->nconstraints; i++) {
            if (v->constraints[i].kind != kind) continue;
            if (first)
                fprintf(f, ",\"%s\":[", key);
            else
                fputc(',', f);
            first = false;
            vg_json_constraint(f, v, &v->constraints[i]);
        }
        if (!first) fputc(']', f);
    }
    const char *negative[2] = {0};
    int nneg = 0;
    for (uint32_t i = 0; i < v->nconstraints; i++) {
        const sudoku_constraint *c = &v->constraints[i];
        if (c->kind == SUDOKU_CON_ANTIKNIGHT) fputs(",\"antiknight\":true", f);
        if (c->kind == SUDOKU_CON_ANTIKING) fputs(",\"antiking\":true", f);
        if (c->kind != SUDOKU_CON_NEGATIVE) continue;
        if (c->aux == SUDOKU_CON_DIFFERENCE) fputs(",\"nonconsecutive\":true", f);
        if (c->aux == SUDOKU_CON_RATIO) negative[nneg++] = "ratio";
        if (c->aux == SUDOKU_CON_PAIR_SUM && c->value == 10) negative[nneg++] = "xv";
    }
    for (int i = 0; i < nneg; i++) fprintf(f, "%s\"%s\"", i ? "," : ",\"negative\":[", negative[i]);
    if (nneg) fputc(']', f);
    fputs(",\"solution\":[", f);
    for (int i = 0; i < VG_N * VG_N; i++) fprintf(f, "%s%d", i ? "," : "", sol[i]);
    fputs("]}\n", f);
}

/* ---- main ---- */

static FILE *vg_open(const char *out, const char *ext)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s.%s", out, ext);
    FILE *f = fopen(path, "w");
    if (!f) perror(path);
    return f;
}

int main(int argc, char **argv)
{
    size_t family = 0;
    while (argc == 5 && family < VG_NFAMILIES && strcmp(vg_families[family].name, argv[1]) != 0)
        family++;
    if (argc != 5 || family == VG_NFAMILIES) {
        fprintf(stderr, "usage: %s FAMILY COUNT SEED OUT\nfamilies:", argv[0]);
        for (size_t i = 0; i < VG_NFAMILIES; i++) fprintf(stderr, " %s", vg_families[i].name);
        fputc('\n', stderr);
        return 2;
    }
    int count = atoi(argv[2]);
    sudoku_rng rng;
    sudoku_rng_seed(&rng, strtoull(argv[3], NULL, 10));
    FILE *json = vg_open(argv[4], "jsonl"), *text = vg_open(argv[4], "txt");
    sudoku_variant *v = malloc(sizeof(*v));
    sudoku_variant_solver *s = sudoku_variant_solver_new();
    static char line[1 << 20];
    static sudoku_puzzle shape;
    uint8_t sol[VG_N * VG_N];
    if (!json || !text || !v || !s || sudoku_puzzle_init(&shape, VG_N, 0, 0, NULL) != 0) return 1;
    bool chess = vg_families[family].draw == vg_chess;
    for (int made = 0, tries = 0; made < count && tries < 20 * count; tries++) {
        if (sudoku_variant_init(v, &shape, NULL) != 0) return 1;
        if (chess ? !vg_chess_grid(s, v, &rng, sol) : sudoku_grid_random(&shape, &rng, sol) != 0)
            continue;
        if (vg_families[family].draw(v, sol, &rng) != 0 || !vg_reduce(s, v, sol, &rng)) continue;
        if (!sudoku_variant_satisfied(v, sol) || vtext_write(v, sol, line, sizeof(line)) < 0) {
            fprintf(stderr, "%s #%d: the engine says its own grid breaks a rule\n", argv[1], made);
            return 1;
        }
        char title[64];
        snprintf(title, sizeof(title), "%s %s #%d", argv[1], argv[3], made + 1);
        vg_json(json, v, sol, title);
        fprintf(text, "%s\n", line);
        made++;
    }
    sudoku_variant_solver_free(s);
    free(v);
    return fclose(json) | fclose(text);
}
