/* bench_cmd.c -- `sudoku bench`: time the solver on puzzle files and check
 * every answer.
 *
 * DESIGN. A file is loaded whole before the clock starts: lines parsed to
 * cell arrays, each puzzle relabelled by its own random band/stack/symbol
 * permutation (seeded, so runs are repeatable, and the same transform is
 * applied to the expected solution so the check stays exact). The timed part
 * is then only a loop of sudoku_solve calls over memory, split over the
 * threads, each with its own solver and scratch puzzle. Answers are checked
 * after each run, outside the clock, so a fast wrong solver never makes the
 * table. The row reports the median run by wall time.
 *
 *   set.givens    n * cells bytes      puzzle i at i * cells, relabelled
 *   set.expect    n * cells | n counts  from FILE.solutions | FILE.counts
 *   found         n * cap * cells      up to cap solutions written by solve i
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/io.h"
#include "cli/parallel.h"
#include "solver/sudoku.h"

enum {
    MAX_REPORTED = 5,     /* wrong answers described per file; the rest are counted */
    MAX_RUNS = 1000,      /* --runs: enough for any median, few enough to finish */
    FIRST_CAPACITY = 1024 /* elements grow() makes room for before it starts doubling */
};

struct bench_opts {
    int box_rows, box_cols; /* 0, 0: the default box of the first puzzle's size */
    bool unique;
    int threads;
    int runs;
    uint64_t seed;
    bool as_written; /* --as-written: time the puzzles in their own labels, as a server gets them */
};

enum expect_kind { EXPECT_RULES, EXPECT_SOLUTIONS, EXPECT_COUNTS };

/* One file in memory. */
struct set {
    char *path;
    sudoku_puzzle shape; /* the file's shape; its cells are scratch */
    size_t cells;        /* size * size */
    size_t n;            /* puzzles */
    uint8_t *givens;
    unsigned long *lines; /* line number of each puzzle, for messages */
    enum expect_kind kind;
    char *expect_path; /* FILE.solutions or FILE.counts */
    uint8_t *solutions;
    uint64_t *counts;
};

/* What one solve call left behind, beyond the solutions in `found`. */
struct outcome {
    sudoku_status status;
    size_t stored;
    uint64_t guesses;
    uint64_t elapsed_ns;
};

struct worker {
    sudoku_solver *solver;
    sudoku_puzzle puzzle;
};

/* Shared by the threads of a run: read-only but for each index's slots. */
struct run_ctx {
    const struct set *set;
    struct worker *workers;
    sudoku_limits limits;
    size_t cap; /* solutions stored per puzzle */
    uint8_t *found;
    struct outcome *outcomes;
};

struct run_stats {
    uint64_t wall_ns;
    uint64_t call_ns; /* sum of the calls' own elapsed_ns */
    uint64_t guesses;
    size_t no_guess;
};

static void free_set(struct set *s)
{
    free(s->givens);
    free(s->lines);
    free(s->expect_path);
    free(s->solutions);
    free(s->counts);
}

/* Returns p grown to hold need + 1 elements of size elem, doubling *cap, or
 * NULL when out of memory (p is then untouched). */
static void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    size_t ncap = *cap ? *cap : FIRST_CAPACITY;

    if (need < *cap) return p;
    while (ncap <= need) ncap *= 2;
    void *np = realloc(p, ncap * elem);
    if (np) *cap = ncap;
    return np;
}

/* Reads the puzzles of s->path; the first fixes the shape for the rest.
 * Returns 0, or 2 after a message. */
static int load_puzzles(struct set *s, const struct bench_opts *o)
{
    char *files[] = {s->path};
    cli_reader rd;
    const char *line;
    size_t len, cap = 0, lcap = 0;
    char err[SUDOKU_ERR_LEN];
    sudoku_puzzle *p = malloc(sizeof(*p));
    int rc, status = 2;

    cli_reader_init(&rd, files, 1);
    if (!p) goto fail;
    while ((rc = cli_reader_record(&rd, s->n ? s->shape.size : o->box_rows * o->box_cols, &line,
                                   &len)) == 1) {
        if (sudoku_parse(line, len, rd.record_size, o->box_rows, o->box_cols, p, err) != 0) {
            fprintf(stderr, "sudoku: %s:%lu: %s\n", s->path, rd.lineno, err);
            goto done;
        }
        /* The scratch grids here are sized for the text form; never trust more. */
        if (p->size > SUDOKU_MAX_TEXT_SIZE) {
            fprintf(stderr, "sudoku: %s:%lu: size %d is beyond the text form\n", s->path, rd.lineno,
                    p->size);
            goto done;
        }
        if (s->n == 0) {
            s->shape = *p;
            s->cells = (size_t)p->size * (size_t)p->size;
        }
        uint8_t *givens = grow(s->givens, &cap, (s->n + 1) * s->cells, 1);
        if (givens) s->givens = givens;
        unsigned long *lines = grow(s->lines, &lcap, s->n, sizeof(*s->lines));
        if (lines) s->lines = lines;
        if (!givens || !lines) goto fail;
        memcpy(s->givens + s->n * s->cells, p->cells, s->cells);
        s->lines[s->n++] = rd.lineno;
    }
    if (rc == 0) status = 0;
    goto done;
fail:
    fprintf(stderr, "sudoku: %s: out of memory\n", s->path);
done:
    free(p);
    cli_reader_close(&rd);
    return status;
}

/* Reads s->expect_path: one solution grid or one count per puzzle. Returns
 * 0, or 2 after a message. */
static int load_expected(struct set *s)
{
    char *files[] = {s->expect_path};
    cli_reader rd;
    const char *line;
    size_t len, got = 0;
    char err[SUDOKU_ERR_LEN];
    sudoku_puzzle *p = malloc(sizeof(*p));
    int rc, status = 2;

    cli_reader_init(&rd, files, 1);
    if (s->kind == EXPECT_SOLUTIONS)
        s->solutions = malloc(s->n * s->cells + 1);
    else
        s->counts = malloc(s->n * sizeof(*s->counts) + 1);
    if (!p || (!s->solutions && !s->counts)) {
        fprintf(stderr, "sudoku: %s: out of memory\n", s->expect_path);
        goto done;
    }
    while ((rc = cli_reader_next(&rd, &line, &len)) == 1) {
        if (got == s->n) break;
        if (s->kind == EXPECT_SOLUTIONS) {
            if (sudoku_parse(line, len, s->shape.size, s->shape.box_rows, s->shape.box_cols, p,
                             err) != 0) {
                fprintf(stderr, "sudoku: %s:%lu: %s\n", s->expect_path, rd.lineno, err);
                goto done;
            }
            memcpy(s->solutions + got * s->cells, p->cells, s->cells);
        } else {
            char *end;
            errno = 0;
            s->counts[got] = strtoull(line, &end, 10);
            if (errno || end == line || *end != '\0' || line[0] == '-') {
                fprintf(stderr, "sudoku: %s:%lu: not a solution count\n", s->expect_path,
                        rd.lineno);
                goto done;
            }
        }
        got++;
    }
    if (rc < 0) goto done;
    if (rc == 1 || got != s->n) {
        fprintf(stderr, "sudoku: %s: %s entries than the %zu puzzles of %s\n", s->expect_path,
                rc == 1 ? "more" : "fewer", s->n, s->path);
        goto done;
    }
    status = 0;
done:
    free(p);
    cli_reader_close(&rd);
    return status;
}

/* Finds FILE.solutions, else FILE.counts, else leaves the rule check. */
static int find_expected(struct set *s)
{
    static const struct {
        const char *suffix;
        enum expect_kind kind;
    } kinds[] = {{".solutions", EXPECT_SOLUTIONS}, {".counts", EXPECT_COUNTS}};

    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        size_t len = strlen(s->path) + strlen(kinds[i].suffix) + 1;
        char *path = malloc(len);
        if (!path) return 2;
        snprintf(path, len, "%s%s", s->path, kinds[i].suffix);
        if (access(path, F_OK) == 0) {
            s->expect_path = path;
            s->kind = kinds[i].kind;
            return load_expected(s);
        }
        free(path);
    }
    s->kind = EXPECT_RULES;
    return 0;
}

/* Gives every puzzle (and its expected solution) its own relabelling. */
static void relabel_set(struct set *s, uint64_t seed)
{
    uint8_t tmp[SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE];
    sudoku_relabel t;
    sudoku_rng rng;

    sudoku_rng_seed(&rng, seed);
    for (size_t i = 0; i < s->n; i++) {
        sudoku_relabel_random(&t, &s->shape, &rng); /* a parsed plain shape: never refused */
        sudoku_relabel_apply(&t, s->givens + i * s->cells, tmp);
        memcpy(s->givens + i * s->cells, tmp, s->cells);
        if (s->kind == EXPECT_SOLUTIONS) {
            sudoku_relabel_apply(&t, s->solutions + i * s->cells, tmp);
            memcpy(s->solutions + i * s->cells, tmp, s->cells);
        }
    }
}

static void solve_one(void *ctx, int worker, size_t i)
{
    struct run_ctx *c = ctx;
    struct worker *w = &c->workers[worker];
    size_t cells = c->set->cells;
    sudoku_result r = {.solutions = c->found + i * c->cap * cells, .solutions_capacity = c->cap};

    memcpy(w->puzzle.cells, c->set->givens + i * cells, cells);
    sudoku_solve(w->solver, &w->puzzle, &c->limits, &r);
    c->outcomes[i] = (struct outcome){
        .status = r.status,
        .stored = r.solutions_stored,
        .guesses = r.stats.guesses,
        .elapsed_ns = r.stats.elapsed_ns,
    };
}

/* A complete grid that keeps the rules and every given of puzzle i. */
static bool valid_solution(struct set *s, size_t i, const uint8_t *sol)
{
    const uint8_t *g = s->givens + i * s->cells;

    for (size_t k = 0; k < s->cells; k++)
        if (g[k] && g[k] != sol[k]) return false;
    return sudoku_is_solution(&s->shape, sol);
}

/* Checks the answer to puzzle i. Returns NULL when right, else what is wrong. */
static const char *check_one(struct set *s, const struct run_ctx *c, size_t i, bool unique)
{
    const struct outcome *o = &c->outcomes[i];
    const uint8_t *sol = c->found + i * c->cap * s->cells;
    sudoku_status want = SUDOKU_SOLVED;

    if (s->kind == EXPECT_COUNTS) {
        uint64_t n = s->counts[i];
        want = n == 0 ? SUDOKU_NO_SOLUTION : unique && n > 1 ? SUDOKU_MULTIPLE : SUDOKU_SOLVED;
    } else if (s->kind == EXPECT_RULES && unique && o->status == SUDOKU_MULTIPLE) {
        want = SUDOKU_MULTIPLE; /* any count is possible; the solutions are checked below */
    }
    if (o->status != want) return sudoku_status_str(o->status);
    if (want == SUDOKU_NO_SOLUTION) return NULL;
    size_t need = want == SUDOKU_MULTIPLE ? 2 : 1;
    if (o->stored < need) return "solutions missing";
    if (s->kind == EXPECT_SOLUTIONS && memcmp(sol, s->solutions + i * s->cells, s->cells) != 0)
        return "a different solution";
    for (size_t k = 0; k < need; k++)
        if (!valid_solution(s, i, sol + k * s->cells)) return "an invalid solution";
    if (need == 2 && memcmp(sol, sol + s->cells, s->cells) == 0) return "the same solution twice";
    return NULL;
}

static const char *expected_str(const struct set *s, size_t i, bool unique)
{
    if (s->kind != EXPECT_COUNTS) return unique && s->kind == EXPECT_RULES ? "solvable" : "solved";
    if (s->counts[i] == 0) return "no_solution";
    return unique && s->counts[i] > 1 ? "multiple" : "solved";
}

/* Checks every answer of a run and sums its stats. Returns the number wrong. */
static size_t check_run(struct set *s, const struct run_ctx *c, bool unique, struct run_stats *st)
{
    size_t wrong = 0;

    for (size_t i = 0; i < s->n; i++) {
        const struct outcome *o = &c->outcomes[i];
        const char *why = check_one(s, c, i, unique);
        if (why && ++wrong <= MAX_REPORTED)
            fprintf(stderr, "sudoku: %s:%lu: wrong answer: expected %s, got %s\n", s->path,
                    s->lines[i], expected_str(s, i, unique), why);
        st->call_ns += o->elapsed_ns;
        st->guesses += o->guesses;
        st->no_guess += o->guesses == 0;
    }
    if (wrong > MAX_REPORTED) fprintf(stderr, "sudoku: %s: %zu wrong answers\n", s->path, wrong);
    return wrong;
}

static int cmp_wall(const void *a, const void *b)
{
    const struct run_stats *x = a, *y = b;
    return (x->wall_ns > y->wall_ns) - (x->wall_ns < y->wall_ns);
}

/* Times o->runs runs of s and prints its row. Returns 0, 1 on a wrong
 * answer, 2 when memory ran out. */
static int bench_set(struct set *s, const struct bench_opts *o)
{
    struct run_ctx c = {.set = s, .cap = o->unique ? 2 : 1};
    struct run_stats *runs = calloc((size_t)o->runs, sizeof(*runs));
    int status = 2;

    c.limits.max_solutions = c.cap;
    c.found = malloc(s->n * c.cap * s->cells + 1);
    c.outcomes = malloc(s->n * sizeof(*c.outcomes) + 1);
    c.workers = calloc((size_t)o->threads, sizeof(*c.workers));
    if (!runs || !c.found || !c.outcomes || !c.workers) goto fail;
    for (int i = 0; i < o->threads; i++) {
        c.workers[i].puzzle = s->shape;
        c.workers[i].solver = sudoku_solver_new(s->shape.size);
        if (!c.workers[i].solver) goto fail;
    }
    for (int r = 0; r < o->runs; r++) {
        uint64_t t0 = sudoku_now_ns();
        int used = cli_parallel_for(s->n, o->threads, solve_one, &c);
        runs[r].wall_ns = sudoku_now_ns() - t0;
        if (used < o->threads) {
            fprintf(stderr, "sudoku: %s: only %d of %d threads started\n", s->path, used,
                    o->threads);
            status = 2;
            goto done;
        }
        if (check_run(s, &c, o->unique, &runs[r]) != 0) {
            status = 1;
            goto done;
        }
    }
    qsort(runs, (size_t)o->runs, sizeof(*runs), cmp_wall);
    const struct run_stats *m = &runs[(o->runs - 1) / 2];
    const char *name = strrchr(s->path, '/') ? strrchr(s->path, '/') + 1 : s->path;
    double n = (double)s->n; /* > 0: bench_file skips empty files */
    printf("| %s | %zu | %.0f | %.2f | %.1f | %.2f |\n", name, s->n,
           m->wall_ns ? (double)s->n * 1e9 / (double)m->wall_ns : 0.0, (double)m->call_ns / n / 1e3,
           100.0 * (double)m->no_guess / n, (double)m->guesses / n);
    fflush(stdout);
    status = 0;
    goto done;
fail:
    fprintf(stderr, "sudoku: %s: out of memory\n", s->path);
done:
    if (c.workers)
        for (int i = 0; i < o->threads; i++) sudoku_solver_free(c.workers[i].solver);
    free(c.workers);
    free(c.outcomes);
    free(c.found);
    free(runs);
    return status;
}

static int bench_file(char *path, const struct bench_opts *o)
{
    struct set *s = calloc(1, sizeof(*s));
    int status;

    if (!s) {
        fprintf(stderr, "sudoku: %s: out of memory\n", path);
        return 2;
    }
    s->path = path;
    status = load_puzzles(s, o);
    if (status == 0 && s->n == 0) {
        fprintf(stderr, "sudoku: %s: no puzzles\n", path);
        status = 2;
    }
    if (status == 0) status = find_expected(s);
    if (status == 0) {
        if (!o->as_written) relabel_set(s, o->seed);
        status = bench_set(s, o);
    }
    free_set(s);
    free(s);
    return status;
}

int cli_bench_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"unique", no_argument, NULL, 'u'},        {"box", required_argument, NULL, 'b'},
        {"threads", required_argument, NULL, 't'}, {"runs", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},    {"as-written", no_argument, NULL, 'w'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    struct bench_opts o = {.threads = 1, .runs = 1, .seed = 1};
    int c, status = 0;

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int rc = 0;
        switch (c) {
        case 'u':
            o.unique = true;
            break;
        case 'b':
            rc = cli_parse_box(optarg, &o.box_rows, &o.box_cols);
            break;
        case 't':
            rc = cli_parse_threads(optarg, &o.threads);
            break;
        case 'r':
            rc = cli_parse_int("--runs", optarg, 1, MAX_RUNS, &o.runs);
            break;
        case 's':
            rc = cli_parse_u64("--seed", optarg, 0, UINT64_MAX, &o.seed);
            break;
        case 'w':
            o.as_written = true;
            break;
        default:
            return cli_help_or_usage_error(c, argv[0]);
        }
        if (rc != 0) return cli_usage_error(argv[0]);
    }
    if (optind == argc) {
        fprintf(stderr, "sudoku: bench needs at least one FILE\n");
        return cli_usage_error(argv[0]);
    }
    printf("| file | puzzles | puzzles/s | us/puzzle | %%no_guess | guesses/puzzle |\n"
           "|------|--------:|----------:|----------:|----------:|---------------:|\n");
    fflush(stdout);
    for (int i = optind; i < argc; i++) {
        int rc = bench_file(argv[i], &o);
        if (rc > status) status = rc;
    }
    char labels[64] = "as written";
    if (!o.as_written)
        snprintf(labels, sizeof(labels), "each randomly relabelled (seed %" PRIu64 ")", o.seed);
    printf("\nMeasured: sudoku_solve calls only, on puzzles parsed into memory, %s; "
           "stop at %d solution%s; %d thread%s; "
           "median of %d run%s by wall time; puzzles/s = puzzles / wall time, us/puzzle = mean "
           "time of one call; every answer checked (FILE.solutions, FILE.counts, else the "
           "rules).\n",
           labels, o.unique ? 2 : 1, o.unique ? "s" : "", o.threads, o.threads > 1 ? "s" : "",
           o.runs, o.runs > 1 ? "s" : "");
    if (fflush(stdout) != 0) {
        perror("sudoku: stdout");
        status = 2;
    }
    return status;
}
