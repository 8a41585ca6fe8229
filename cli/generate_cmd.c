/* generate_cmd.c -- `sudoku generate`: puzzles with exactly one solution,
 * one a line, from sudoku_generate().
 *
 * Puzzle i of a run (0-based) is sudoku_generate with seed S+i, so any line
 * can be made again alone with `--seed S+i --count 1` (without --seed, S is
 * random and told on stderr), and the output is the
 * same whatever --threads: workers only decide who computes a line, never
 * what it holds. Lines are made in chunks by cli_parallel_for (each worker
 * with its own solver) and printed in order before the next chunk, so memory
 * stays bounded for any --count.
 *
 * --difficulty LEVEL makes the rating the target: sudoku_score_by_rating
 * over the level's score range (generate_rating.c, shared with the server),
 * each worker with its own engine, up to CLI_GENERATE_ATTEMPTS candidates a
 * puzzle; a line that misses it after them all is '! limit seed S'.
 *
 * --technique T makes T the hardest step of the rating instead
 * (sudoku_generate_technique, the server's technique=), within --timeout-ms
 * a puzzle; --start technique adds the state before T's first step, as the
 * ENTRIES and MARKS of a `sudoku hint` line, so that the two pipe together.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "solver/sudoku.h"

enum {
    TEXT_CELLS = SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE,
    /* A JSON line: three grids, a seed, a few keys, and the candidates of
     * --start technique (each cell up to 3 characters a digit and 3 more). */
    LINE_MAX = 3 * TEXT_CELLS + 256 + TEXT_CELLS * (3 * SUDOKU_MAX_TEXT_SIZE + 3),
    DEFAULT_TIMEOUT_MS = 10000, /* a --technique puzzle's budget */
    LINES_PER_THREAD = 16,      /* chunk size per thread */
};

struct worker {
    sudoku_solver *solver;
    sudoku_logic *lg;            /* --difficulty only */
    sudoku_rating_scorer scorer; /* lg and solver */
    sudoku_puzzle puzzle;
    uint8_t solution[TEXT_CELLS];
};

struct run {
    const sudoku_puzzle *shape;
    sudoku_generate_opts opts;
    bool practice;              /* --technique */
    sudoku_technique technique; /* its T */
    bool start;                 /* --start technique */
    bool fresh;                 /* --fresh */
    uint64_t timeout_ms;        /* --timeout-ms: each --technique puzzle's budget */
    uint64_t seed;              /* of the chunk's first line */
    bool json;
    struct worker *workers;
    char *lines; /* chunk lines, LINE_MAX bytes each */
    bool *ok;
    cli_progress progress;
};

/* Writes line `index` of the chunk: the puzzle, or a JSON object. */
static void write_line(void *ctx, int worker, size_t index)
{
    struct run *run = ctx;
    struct worker *w = &run->workers[worker];
    char *line = run->lines + index * LINE_MAX;
    char puzzle[TEXT_CELLS + 1], solution[TEXT_CELLS + 1];
    uint64_t seed = run->seed + index;
    sudoku_generate_opts opts = run->opts;
    sudoku_generated g;

    opts.score_arg = &w->scorer;
    sudoku_generate(w->solver, run->shape, seed, &opts, &w->puzzle, w->solution, &g);
    run->ok[index] = g.status == SUDOKU_SOLVED;
    if (!run->ok[index]) {
        snprintf(line, LINE_MAX, "! %s seed %" PRIu64, sudoku_status_str(g.status), seed);
        return;
    }
    sudoku_format(&w->puzzle, w->puzzle.cells, puzzle, sizeof(puzzle));
    if (!run->json) {
        snprintf(line, LINE_MAX, "%s", puzzle);
        return;
    }
    sudoku_format(&w->puzzle, w->solution, solution, sizeof(solution));
    int n = snprintf(line, LINE_MAX,
                     "{\"puzzle\":\"%s\",\"solution\":\"%s\",\"seed\":%" PRIu64
                     ",\"givens\":%d,\"symmetry\":\"%s\"",
                     puzzle, solution, seed, g.givens, sudoku_symmetry_str(opts.symmetry));
    /* A rated puzzle's score is a stall's or a step's, never negative; above
     * the ladder is extreme whether or not the rating needed search. */
    if (opts.score)
        snprintf(line + n, LINE_MAX - (size_t)n, ",\"score\":%d.%d,\"level\":\"%s\"}", g.score / 10,
                 g.score % 10, sudoku_level_str(sudoku_level_of(g.score, false)));
    else
        snprintf(line + n, LINE_MAX - (size_t)n, "}");
}

/* write_line, counted for the progress line. */
static void make_line(void *ctx, int worker, size_t index)
{
    struct run *run = ctx;
    write_line(ctx, worker, index);
    cli_progress_add(&run->progress, 1);
}

/* Appends the state before the technique's first step to line (n bytes
 * used): ":ENTRIES:MARKS" as `sudoku hint` reads them, or the JSON members
 * "entries" and "candidates". Returns the new length. */
static int put_start(char *line, int n, const sudoku_puzzle *p, const uint8_t *values,
                     const uint64_t *cand, bool json)
{
    uint8_t entries[TEXT_CELLS];
    char text[TEXT_CELLS + 1];
    int cells = p->size * p->size;
    for (int c = 0; c < cells; c++) entries[c] = p->cells[c] ? 0 : values[c];
    sudoku_format(p, entries, text, sizeof(text));
    n += snprintf(line + n, LINE_MAX - (size_t)n,
                  json ? ",\"entries\":\"%s\",\"candidates\":[" : ":%s:", text);
    for (int c = 0; c < cells; c++) {
        n += snprintf(line + n, LINE_MAX - (size_t)n, "%s%s", c ? "," : "", json ? "[" : "");
        bool first = true;
        for (int d = 1; d <= p->size; d++) {
            if (!(cand[c] >> (d - 1) & 1)) continue;
            n += snprintf(line + n, LINE_MAX - (size_t)n, json ? "%s%d" : "%s%c",
                          json && !first ? "," : "",
                          json ? d : "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[d]);
            first = false;
        }
        if (json) n += snprintf(line + n, LINE_MAX - (size_t)n, "]");
    }
    if (json) n += snprintf(line + n, LINE_MAX - (size_t)n, "]");
    return n;
}

/* Writes line `index` of the chunk for --technique: the puzzle (and its
 * start), or a JSON object. */
static void make_practice_line(void *ctx, int worker, size_t index)
{
    struct run *run = ctx;
    struct worker *w = &run->workers[worker];
    char *line = run->lines + index * LINE_MAX;
    char puzzle[TEXT_CELLS + 1], solution[TEXT_CELLS + 1];
    uint64_t seed = run->seed + index;
    uint8_t values[TEXT_CELLS];
    uint64_t cand[TEXT_CELLS];
    sudoku_technique_opts opts = {.fresh = run->fresh,
                                  .deadline_ns = sudoku_now_ns() + run->timeout_ms * 1000000u};
    sudoku_practice r;

    sudoku_generate_technique(w->solver, w->lg, run->shape, run->technique, seed, &opts, &w->puzzle,
                              w->solution, values, cand, &r);
    run->ok[index] = r.status == SUDOKU_SOLVED;
    if (!run->ok[index]) {
        snprintf(line, LINE_MAX, "! %s seed %" PRIu64 " (%u tries, %" PRIu64 " ms)",
                 sudoku_status_str(r.status), seed, r.tries, r.elapsed_ns / 1000000u);
        cli_progress_add(&run->progress, 1);
        return;
    }
    sudoku_format(&w->puzzle, w->puzzle.cells, puzzle, sizeof(puzzle));
    sudoku_format(&w->puzzle, w->solution, solution, sizeof(solution));
    int n = run->json ? snprintf(line, LINE_MAX,
                                 "{\"puzzle\":\"%s\",\"solution\":\"%s\",\"seed\":%" PRIu64
                                 ",\"givens\":%d,\"technique\":\"%s\",\"tries\":%u",
                                 puzzle, solution, seed, r.givens,
                                 sudoku_technique_str(run->technique), r.tries)
                      : snprintf(line, LINE_MAX, "%s", puzzle);
    if (run->start) n = put_start(line, n, &w->puzzle, values, cand, run->json);
    if (run->json) snprintf(line + n, LINE_MAX - (size_t)n, "}");
    cli_progress_add(&run->progress, 1);
}

/* Makes and prints `count` puzzles from seed on `threads` workers. Returns
 * the exit status. */
static int print_puzzles(struct run *run, uint64_t count, int threads)
{
    size_t chunk = (size_t)threads * LINES_PER_THREAD;
    int status = 0;

    run->workers = calloc((size_t)threads, sizeof(*run->workers));
    run->lines = malloc(chunk * LINE_MAX);
    run->ok = calloc(chunk, sizeof(*run->ok));
    if (!run->workers || !run->lines || !run->ok) goto fail;
    for (int i = 0; i < threads; i++) {
        struct worker *w = &run->workers[i];
        w->solver = sudoku_solver_new(run->shape->size);
        if (!w->solver) goto fail;
        if ((run->opts.score || run->practice) && !(w->lg = sudoku_logic_new())) goto fail;
        w->scorer = (sudoku_rating_scorer){.lg = w->lg, .s = w->solver};
    }
    cli_progress_start(&run->progress, "generate", "puzzles", count);
    for (uint64_t done = 0; done < count; done += chunk) {
        size_t n = count - done < chunk ? (size_t)(count - done) : chunk;
        cli_parallel_for(n, threads, run->practice ? make_practice_line : make_line, run);
        cli_progress_clear(&run->progress);
        for (size_t i = 0; i < n; i++) {
            if (!run->ok[i]) status = 1;
            puts(run->lines + i * LINE_MAX);
        }
        run->seed += n;
        if (ferror(stdout)) break;
    }
    cli_progress_end(&run->progress);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("sudoku: stdout");
        status = 2;
    }
    goto done;

fail:
    fprintf(stderr, "sudoku: generate: out of memory\n");
    status = 2;
done:
    for (int i = 0; run->workers && i < threads; i++) {
        sudoku_solver_free(run->workers[i].solver);
        sudoku_logic_free(run->workers[i].lg);
    }
    free(run->workers);
    free(run->lines);
    free(run->ok);
    return status;
}

int cli_generate_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"count", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 's'},
        {"symmetry", required_argument, NULL, 'y'},
        {"size", required_argument, NULL, 'n'},
        {"box", required_argument, NULL, 'b'},
        {"diagonal", no_argument, NULL, 'd'},
        {"minimal", no_argument, NULL, 'm'},
        {"threads", required_argument, NULL, 't'},
        {"json", no_argument, NULL, 'j'},
        {"difficulty", required_argument, NULL, 'l'},
        {"technique", required_argument, NULL, 'T'},
        {"start", required_argument, NULL, 'S'},
        {"fresh", no_argument, NULL, 'F'},
        {"timeout-ms", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int size = 0, box_rows = 0, box_cols = 0, threads = 1, c;
    bool diagonal = false;
    uint64_t count = 1, seed = 0;
    bool seeded = false;
    sudoku_level level;
    sudoku_puzzle shape;
    struct run run = {.shape = &shape, .timeout_ms = DEFAULT_TIMEOUT_MS};

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int rc = 0;
        switch (c) {
        case 'c':
            rc = cli_parse_u64("--count", optarg, 0, UINT64_MAX, &count);
            break;
        case 's':
            rc = cli_parse_u64("--seed", optarg, 0, UINT64_MAX, &seed);
            seeded = true;
            break;
        case 'y':
            rc = sudoku_symmetry_from_str(optarg, &run.opts.symmetry);
            if (rc != 0)
                fprintf(stderr,
                        "sudoku: --symmetry: expected none, rotational, rotational90, mirror or "
                        "diagonal, got '%s'\n",
                        optarg);
            break;
        case 'n':
            rc = cli_parse_int("--size", optarg, SUDOKU_MIN_SIZE, SUDOKU_MAX_TEXT_SIZE, &size);
            break;
        case 'b':
            rc = cli_parse_box(optarg, &box_rows, &box_cols);
            break;
        case 'd':
            diagonal = true;
            break;
        case 'm':
            run.opts.minimal = true;
            break;
        case 't':
            rc = cli_parse_threads(optarg, &threads);
            break;
        case 'j':
            run.json = true;
            break;
        case 'l':
            rc = sudoku_level_from_str(optarg, &level);
            if (rc == 0) {
                sudoku_level_range(level, &run.opts.score_min, &run.opts.score_max);
                run.opts.score = sudoku_score_by_rating;
                run.opts.max_attempts = CLI_GENERATE_ATTEMPTS;
            } else {
                fprintf(stderr,
                        "sudoku: --difficulty: expected easy, medium, hard, expert or extreme, "
                        "got '%s'\n",
                        optarg);
            }
            break;
        case 'T':
            run.practice = true;
            rc = sudoku_technique_from_str(optarg, &run.technique);
            if (rc != 0)
                fprintf(stderr,
                        "sudoku: --technique: unknown technique '%s' (a key of the ladder, e.g. "
                        "x_wing; 'sudoku rate --json' names them)\n",
                        optarg);
            break;
        case 'S':
            rc = strcmp(optarg, "technique") == 0 || strcmp(optarg, "puzzle") == 0 ? 0 : -1;
            run.start = optarg[0] == 't';
            if (rc != 0)
                fprintf(stderr, "sudoku: --start: expected puzzle or technique, got '%s'\n",
                        optarg);
            break;
        case 'F':
            run.fresh = true;
            break;
        case 'o':
            rc = cli_parse_u64("--timeout-ms", optarg, 1, 86400000, &run.timeout_ms);
            break;
        default:
            return cli_help_or_usage_error(c, argv[0]);
        }
        if (rc != 0) return cli_usage_error(argv[0]);
    }
    if (optind != argc) {
        fprintf(stderr, "sudoku: generate takes no file arguments\n");
        return cli_usage_error(argv[0]);
    }
    if (run.practice &&
        (run.opts.score || run.opts.minimal || run.opts.symmetry != SUDOKU_SYMMETRY_NONE)) {
        fprintf(stderr, "sudoku: --technique takes no --difficulty, --symmetry or --minimal\n");
        return cli_usage_error(argv[0]);
    }
    if (run.start && !run.practice) {
        fprintf(stderr, "sudoku: --start technique needs --technique\n");
        return cli_usage_error(argv[0]);
    }
    if (size == 0) size = box_rows ? box_rows * box_cols : 9;
    if (cli_shape_init(argv[0], size, box_rows, box_cols, &shape) != 0)
        return cli_usage_error(argv[0]);
    shape.diagonal = diagonal;
    run.seed = seeded ? seed : cli_random_seed(argv[0]);
    return print_puzzles(&run, count, threads);
}
