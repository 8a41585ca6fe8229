/* bench_cmd.c -- `sudoku bench`: time the solver on puzzle files and check
 * every answer.
 *
 * DESIGN. A file is loaded whole before the clock starts: lines parsed to
 * cell arrays. One untimed pass over them (which also warms the caches and
 * the branch predictors) says how many copies of the file fill --seconds;
 * the set is then that many copies, each puzzle of each copy relabelled by
 * its own random band/stack/symbol permutation (seeded, so runs are
 * repeatable, and the same transform is applied to the expected solution so
 * the check stays exact). A file of 95 puzzles solves in a millisecond,
 * far too little to time; its copies give the clock a second's work and the
 * solver no chance to learn one file by heart. A round is then only a loop
 * of sudoku_solve calls over memory already written once (so that no page
 * faults in under the clock), split over the threads, each with its
 * own solver and scratch puzzle, timed by the CPU time of the process (the
 * solving threads), which other work on the machine does not inflate the way
 * it inflates the wall clock (--wall times by that clock instead, the way
 * other solvers' benchmarks do, to set the two side by side on a quiet
 * machine). Answers are checked after each round, outside
 * the clock, so a fast wrong solver never makes the table. The row reports
 * the median round.
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
#include <time.h>
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

/* --seconds: a round's CPU time, at most an hour. */
#define MAX_SECONDS 3600.0
/* Most bytes the copies of one file may fill (givens, expected and found
 * solutions): a second of the fastest 9x9 set takes about 150 MB, tiny
 * shapes would ask for far more and get fewer copies instead. */
#define MAX_SET_BYTES ((size_t)1 << 30)

struct bench_opts {
    int box_rows, box_cols; /* 0, 0: the default box of the first puzzle's size */
    bool unique;
    int threads;
    int runs;
    double seconds; /* --seconds: CPU time a round aims at */
    uint64_t seed;
    bool as_written; /* --as-written: time the puzzles in their own labels, as a server gets them */
    bool wall;       /* --wall: time rounds by the wall clock, as other solvers' benches do */
};

enum expect_kind { EXPECT_RULES, EXPECT_SOLUTIONS, EXPECT_COUNTS };

/* One file in memory. */
struct set {
    char *path;
    sudoku_puzzle shape; /* the file's shape; its cells are scratch */
    size_t cells;        /* size * size */
    size_t n;            /* puzzles: the file's, then its copies' (expand_set) */
    size_t file_n;       /* puzzles in the file: puzzle i is line lines[i % file_n] */
    uint8_t *givens;
    unsigned long *lines; /* line number of each puzzle of the file, for messages */
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
    uint64_t round_ns; /* CPU time of the round, or with --wall its wall time */
    uint64_t call_ns;  /* sum of the calls' own elapsed_ns */
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
                    s->lines[i % s->file_n], expected_str(s, i, unique), why);
        st->call_ns += o->elapsed_ns;
        st->guesses += o->guesses;
        st->no_guess += o->guesses == 0;
    }
    if (wrong > MAX_REPORTED) fprintf(stderr, "sudoku: %s: %zu wrong answers\n", s->path, wrong);
    return wrong;
}

/* Makes s `copies` copies of the file, expected answers included. Returns 0,
 * or 2 when memory ran out (s is then unchanged but for capacity). */
static int expand_set(struct set *s, size_t copies)
{
    size_t n = s->n * copies, size = n * s->cells;
    uint8_t *givens = realloc(s->givens, size + 1);
    if (givens) s->givens = givens;
    uint8_t *solutions = s->solutions ? realloc(s->solutions, size + 1) : NULL;
    if (solutions) s->solutions = solutions;
    uint64_t *counts = s->counts ? realloc(s->counts, n * sizeof(*counts) + 1) : NULL;
    if (counts) s->counts = counts;
    if (!givens || (s->solutions && !solutions) || (s->counts && !counts)) return 2;
    for (size_t k = 1; k < copies; k++) {
        memcpy(s->givens + k * s->n * s->cells, s->givens, s->n * s->cells);
        if (s->solutions) memcpy(s->solutions + k * s->n * s->cells, s->solutions, s->n * s->cells);
        if (s->counts) memcpy(s->counts + k * s->n, s->counts, s->n * sizeof(*s->counts));
    }
    s->n = n;
    return 0;
}

/* How many copies of a file that one pass solves in pass_ns fill a round of
 * o->seconds, within MAX_SET_BYTES. */
static size_t copies_for(const struct set *s, const struct bench_opts *o, uint64_t pass_ns,
                         size_t cap)
{
    double want = o->seconds * 1e9 / (double)(pass_ns ? pass_ns : 1);
    size_t per_copy = s->n * s->cells * (2 + cap) + s->n * sizeof(struct outcome);
    size_t most = MAX_SET_BYTES / per_copy;
    if (want < 1.0 || most < 1) return 1;
    return want >= (double)most ? most : (size_t)want + 1;
}

/* The CPU time of the process (the solving threads), or with --wall the
 * monotonic clock. */
static uint64_t round_clock_ns(const struct bench_opts *o)
{
    struct timespec ts;
    clock_gettime(o->wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Solves every puzzle of s once, timed, and checks the answers into *st.
 * Returns 0, 1 on a wrong answer, 2 when a thread could not start. */
static int run_round(struct set *s, struct run_ctx *c, const struct bench_opts *o,
                     struct run_stats *st)
{
    uint64_t t0 = round_clock_ns(o);
    int used = cli_parallel_for(s->n, o->threads, solve_one, c);
    st->round_ns = round_clock_ns(o) - t0;
    if (used < o->threads) {
        fprintf(stderr, "sudoku: %s: only %d of %d threads started\n", s->path, used, o->threads);
        return 2;
    }
    return check_run(s, c, o->unique, st) != 0;
}

/* Room for the answers of s->n puzzles, every page of it written once
 * here: a page's first write is a fault the kernel serves, and a second's
 * copies fill some 100 MB, whose faults (3 us a page on the development
 * machine) would otherwise fall in the first timed round, 4% of it.
 * Returns 0, or 2 when memory ran out. */
static int size_answers(const struct set *s, struct run_ctx *c)
{
    size_t found_bytes = s->n * c->cap * s->cells + 1,
           outcome_bytes = s->n * sizeof(struct outcome) + 1;
    uint8_t *found = realloc(c->found, found_bytes);
    if (found) c->found = found;
    struct outcome *outcomes = realloc(c->outcomes, outcome_bytes);
    if (outcomes) c->outcomes = outcomes;
    if (!found || !outcomes) return 2;
    memset(found, 0, found_bytes);
    memset(outcomes, 0, outcome_bytes);
    return 0;
}

static int cmp_round(const void *a, const void *b)
{
    const struct run_stats *x = a, *y = b;
    return (x->round_ns > y->round_ns) - (x->round_ns < y->round_ns);
}

/* Sizes s to o->seconds a round, times o->runs rounds and prints its row.
 * Returns 0, 1 on a wrong answer, 2 when memory ran out. */
static int bench_set(struct set *s, const struct bench_opts *o)
{
    struct run_ctx c = {.set = s, .cap = o->unique ? 2 : 1};
    struct run_stats *runs = calloc((size_t)o->runs, sizeof(*runs)), pass = {0};
    int status = 2;

    c.limits.max_solutions = c.cap;
    c.workers = calloc((size_t)o->threads, sizeof(*c.workers));
    if (!runs || !c.workers || size_answers(s, &c) != 0) goto fail;
    for (int i = 0; i < o->threads; i++) {
        c.workers[i].puzzle = s->shape;
        c.workers[i].solver = sudoku_solver_new(s->shape.size);
        if (!c.workers[i].solver) goto fail;
    }
    /* the untimed pass: answers checked, caches warm, the copies sized */
    status = run_round(s, &c, o, &pass);
    if (status != 0) goto done;
    status = 2;
    if (expand_set(s, copies_for(s, o, pass.round_ns, c.cap)) != 0 || size_answers(s, &c) != 0)
        goto fail;
    if (!o->as_written) relabel_set(s, o->seed);
    for (int r = 0; r < o->runs; r++) {
        status = run_round(s, &c, o, &runs[r]);
        if (status != 0) goto done;
    }
    qsort(runs, (size_t)o->runs, sizeof(*runs), cmp_round);
    const struct run_stats *m = &runs[(o->runs - 1) / 2];
    const char *name = strrchr(s->path, '/') ? strrchr(s->path, '/') + 1 : s->path;
    double n = (double)s->n; /* > 0: bench_file skips empty files */
    printf("| %s | %zu | %.0f | %.2f | %.1f | %.2f |\n", name, s->file_n,
           m->round_ns ? n * (o->wall ? 1 : o->threads) * 1e9 / (double)m->round_ns : 0.0,
           (double)m->call_ns / n / 1e3, 100.0 * (double)m->no_guess / n, (double)m->guesses / n);
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
    s->file_n = s->n;
    if (status == 0) status = find_expected(s);
    if (status == 0) status = bench_set(s, o);
    free_set(s);
    free(s);
    return status;
}

int cli_bench_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"unique", no_argument, NULL, 'u'},        {"box", required_argument, NULL, 'b'},
        {"threads", required_argument, NULL, 't'}, {"runs", required_argument, NULL, 'r'},
        {"seconds", required_argument, NULL, 'S'}, {"seed", required_argument, NULL, 's'},
        {"as-written", no_argument, NULL, 'w'},    {"wall", no_argument, NULL, 'W'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    struct bench_opts o = {.threads = 1, .runs = 5, .seconds = 1.0, .seed = 1};
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
        case 'S':
            rc = cli_parse_double("--seconds", optarg, 0.0, MAX_SECONDS, &o.seconds);
            break;
        case 's':
            rc = cli_parse_u64("--seed", optarg, 0, UINT64_MAX, &o.seed);
            break;
        case 'W':
            o.wall = true;
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
    printf("\nMeasured: sudoku_solve calls only, on puzzles parsed into memory; each file "
           "copied until a round takes %g s of %s, the copies %s; "
           "stop at %d solution%s; %d thread%s; "
           "median of %d round%s after an untimed one; puzzles/s = puzzles%s / %s "
           "of the round, us/puzzle = mean time of one call; every answer checked "
           "(FILE.solutions, FILE.counts, else the rules).\n",
           o.seconds, o.wall ? "wall time" : "CPU time", labels, o.unique ? 2 : 1,
           o.unique ? "s" : "", o.threads, o.threads > 1 ? "s" : "", o.runs, o.runs > 1 ? "s" : "",
           o.wall ? "" : " x threads", o.wall ? "wall time" : "CPU time");
    if (fflush(stdout) != 0) {
        perror("sudoku: stdout");
        status = 2;
    }
    return status;
}
