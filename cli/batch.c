/* batch.c -- read puzzle lines in batches, solve a batch in parallel, print
 * it in order.
 *
 * DESIGN. Lines are read into a batch, the batch is solved by
 * cli_parallel_for (each worker with its own solver and scratch puzzle), and
 * its output lines are printed in input order before the next batch is
 * read. Memory is thus bounded by the batch, not the input, and a single
 * thread uses batches of one line so that `solve` answers each line as soon
 * as it is read (handy when typing puzzles at a terminal).
 *
 * f-puzzles data (a link, its LZ-String text, its JSON) is read by the
 * variant reader (formats/fpuzzles.h) and solved by sudoku_variant_solve,
 * which sends a grid without constraints down the classic path itself; a
 * worker allocates its variant and its variant solver on the first one.
 */
#include "cli/batch.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/io.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "formats/fpuzzles.h"

enum {
    LINES_PER_THREAD = 64, /* batch size per thread when threads > 1 */
    OUT_MAX = 4096,        /* longest output line: a 35x35 grid, or conflict details */
    MAX_CONFLICTS = 4,     /* conflicts spelled out; the rest are counted */
};

struct item {
    char *text; /* owned copy of the input record */
    size_t len;
    const char *source; /* its file, as cli_reader names it (borrowed) */
    unsigned long line; /* its first line there */
    int size;           /* its size, 0 for the cell count's (cli_reader.record_size) */
    char *out;          /* owned output line, NULL when out of memory */
    bool ok;
};

struct worker {
    sudoku_solver *solver;
    sudoku_variant *variant;        /* NULL until the first variant */
    sudoku_variant_solver *vsolver; /* likewise */
    uint32_t masks[SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE]; /* true candidates */
    sudoku_puzzle puzzle;
    uint8_t solutions[2 * SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE];
    char out[OUT_MAX];
};

struct batch {
    const cli_batch_opts *o;
    struct worker *workers;
    struct item *items;
    cli_progress progress;
};

/* An append-only line in a fixed buffer; text beyond the end is dropped. */
struct line {
    char *p;
    size_t len, cap;
};

__attribute__((format(printf, 2, 3))) static void append(struct line *l, const char *fmt, ...)
{
    va_list ap;

    if (l->len + 1 >= l->cap) return;
    va_start(ap, fmt);
    int n = vsnprintf(l->p + l->len, l->cap - l->len, fmt, ap);
    va_end(ap);
    if (n > 0) l->len = l->len + (size_t)n < l->cap ? l->len + (size_t)n : l->cap - 1;
}

/* The text form's spelling of symbol v: 1-9 then A-Z. */
static char symbol_char(int v)
{
    return (char)(v <= 9 ? '0' + v : 'A' + v - 10);
}

/* `! conflict row 1 symbol 5 cells r1c2 r1c7; box 2 ...`: indices 1-based,
 * as a reader of the grid counts them. */
static void format_conflicts(const sudoku_puzzle *p, struct line *l)
{
    sudoku_conflict c[MAX_CONFLICTS];
    size_t total = sudoku_conflicts(p, c, MAX_CONFLICTS);
    size_t shown = total < MAX_CONFLICTS ? total : MAX_CONFLICTS;

    append(l, "! conflict");
    for (size_t i = 0; i < shown; i++) {
        append(l, "%s %s %d symbol %c cells", i ? ";" : "", sudoku_unit_kind_str(c[i].kind),
               c[i].unit + 1, symbol_char(c[i].symbol));
        for (int k = 0; k < c[i].ncells; k++)
            append(l, " r%dc%d", c[i].cells[k] / p->size + 1, c[i].cells[k] % p->size + 1);
    }
    if (total > shown) append(l, "; and %zu more", total - shown);
}

/* Reads a record into w->variant: f-puzzles data through the variant
 * reader, any other puzzle as its grid (true candidates of a classic),
 * the diagonals of --diagonal as cages. Returns 0, or -1 with err. */
static int read_variant(const cli_batch_opts *o, struct worker *w, const struct item *it,
                        bool fpuzzles, char *err)
{
    if (w->variant == NULL) w->variant = malloc(sizeof(*w->variant));
    if (w->vsolver == NULL) w->vsolver = sudoku_variant_solver_new();
    if (w->variant == NULL || w->vsolver == NULL)
        return snprintf(err, SUDOKU_ERR_LEN, "out of memory"), -1;
    if (fpuzzles) {
        fmt_variant_read r = {.v = w->variant};
        if (fmt_variant_read_text(it->text, it->len, &r) != 0)
            return snprintf(err, SUDOKU_ERR_LEN, "%.127s", r.err), -1;
    } else {
        if (cli_parse_puzzle(it->text, it->len, it->size, o->box_rows, o->box_cols, &w->puzzle,
                             NULL, NULL, err) != 0 ||
            sudoku_variant_init(w->variant, &w->puzzle, err) != 0)
            return -1;
    }
    int n = w->variant->grid.size;
    for (int d = 0; o->diagonal && d < 2; d++) {
        uint8_t cells[SUDOKU_VARIANT_MAX_SIZE];
        for (int i = 0; i < n; i++) cells[i] = (uint8_t)((d == 0 ? i : n - 1 - i) * n + i);
        if (sudoku_variant_add(w->variant, SUDOKU_CON_CAGE, 0, 0, cells, n, err) != 0) return -1;
    }
    return 0;
}

/* The true candidates of w->variant as N*N space-separated groups of symbols. */
static void format_candidates(const struct worker *w, struct line *l)
{
    int n = w->variant->grid.size;
    for (int i = 0; i < n * n; i++) {
        append(l, "%s", i > 0 ? " " : "");
        for (int d = 1; d <= n; d++)
            if (w->masks[i] & (1u << (d - 1))) append(l, "%c", symbol_char(d));
    }
}

/* Solves a variant record into w->out: as solve_item does a classic. */
static bool solve_variant(const cli_batch_opts *o, struct worker *w, const struct item *it,
                          bool fpuzzles, struct line *l)
{
    char err[SUDOKU_ERR_LEN];
    if (read_variant(o, w, it, fpuzzles, err) != 0) {
        append(l, "! invalid: %s", err);
        return false;
    }
    sudoku_result r = {.solutions = w->solutions, .solutions_capacity = o->solutions_capacity};
    switch (sudoku_variant_solve(w->vsolver, w->variant, &o->limits, &r)) {
    case SUDOKU_SOLVED:
    case SUDOKU_MULTIPLE:
        if (o->true_candidates) {
            sudoku_limits one = o->limits;
            sudoku_result found = {0};
            one.max_solutions = 1;
            /* complete: every candidate settled, whatever the status says of their count */
            sudoku_status st =
                sudoku_variant_true_candidates(w->vsolver, w->variant, &one, w->masks, &found);
            if ((st != SUDOKU_SOLVED && st != SUDOKU_MULTIPLE) ||
                found.limit_reason != SUDOKU_LIMIT_NONE) {
                append(l, "! limit");
                return false;
            }
            format_candidates(w, l);
            return true;
        }
        return o->answer(&w->variant->grid, &r, w->out, sizeof(w->out));
    case SUDOKU_NO_SOLUTION:
        return o->answer(&w->variant->grid, &r, w->out, sizeof(w->out));
    case SUDOKU_CONFLICT:
        format_conflicts(&w->variant->grid, l);
        return false;
    case SUDOKU_LIMIT:
        append(l, "! limit");
        return false;
    case SUDOKU_INVALID:
        append(l, "! invalid: the variant solver refused it");
        return false;
    }
    return false;
}

static void solve_item(void *ctx, int worker, size_t index)
{
    struct batch *b = ctx;
    const cli_batch_opts *o = b->o;
    struct worker *w = &b->workers[worker];
    struct item *it = &b->items[index];
    struct line l = {.p = w->out, .cap = sizeof(w->out)};
    char err[SUDOKU_ERR_LEN];

    w->out[0] = '\0';
    it->ok = false;
    fmt_id f = fmt_detect(it->text, it->len);
    bool fpuzzles = f == FMT_FPUZZLES || f == FMT_SUDOKUPAD_LINK;
    if (fpuzzles || o->true_candidates) {
        it->ok = solve_variant(o, w, it, fpuzzles, &l);
    } else if (cli_parse_puzzle(it->text, it->len, it->size, o->box_rows, o->box_cols, &w->puzzle,
                                NULL, NULL, err) != 0) {
        append(&l, "! invalid: %s", err);
    } else {
        sudoku_result r = {.solutions = w->solutions, .solutions_capacity = o->solutions_capacity};
        w->puzzle.diagonal = o->diagonal;
        switch (sudoku_solve(w->solver, &w->puzzle, &o->limits, &r)) {
        case SUDOKU_SOLVED:
        case SUDOKU_MULTIPLE:
        case SUDOKU_NO_SOLUTION:
            it->ok = o->answer(&w->puzzle, &r, w->out, sizeof(w->out));
            break;
        case SUDOKU_CONFLICT:
            format_conflicts(&w->puzzle, &l);
            break;
        case SUDOKU_LIMIT:
            append(&l, "! limit");
            break;
        case SUDOKU_INVALID:
            sudoku_puzzle_check(&w->puzzle, err);
            append(&l, "! invalid: %s", err);
            break;
        }
    }
    /* a `!` line says where its puzzle starts, the lines of a drawn grid
     * being many */
    if (w->out[0] == '!') {
        size_t n = strlen(w->out);
        snprintf(w->out + n, sizeof(w->out) - n, " (%s:%lu)", it->source, it->line);
    }
    it->out = strdup(w->out);
    cli_progress_add(&b->progress, 1);
}

/* Prints and frees the first n items. Returns false when one lacks its
 * output (out of memory). */
static bool flush_items(struct item *items, size_t n, bool *all_ok)
{
    bool complete = true;

    for (size_t i = 0; i < n; i++) {
        if (items[i].out)
            puts(items[i].out);
        else
            complete = false;
        *all_ok = *all_ok && items[i].ok;
        free(items[i].text);
        free(items[i].out);
    }
    return complete;
}

int cli_batch_run(const cli_batch_opts *o, char *const *files, int nfiles)
{
    size_t cap = o->threads > 1 ? (size_t)o->threads * LINES_PER_THREAD : 1;
    struct batch b = {.o = o};
    cli_reader reader;
    bool all_ok = true, io_error = false, eof = false;
    int status = 2;

    cli_progress_start(&b.progress, o->command, "puzzles", 0);
    if (cli_progress_on(&b.progress)) {
        long total = cli_reader_count(files, nfiles, o->box_rows * o->box_cols);
        cli_progress_set_total(&b.progress, total > 0 ? (uint64_t)total : 0);
    }
    cli_reader_init(&reader, files, nfiles);
    b.items = calloc(cap, sizeof(*b.items));
    b.workers = calloc((size_t)o->threads, sizeof(*b.workers));
    if (!b.items || !b.workers) goto fail;
    /* Solvers sized for the text form also answer SUDOKU_INVALID to anything
     * larger, so the worker buffers below can never be overrun. */
    for (int i = 0; i < o->threads; i++) {
        b.workers[i].solver = sudoku_solver_new(SUDOKU_MAX_TEXT_SIZE);
        if (!b.workers[i].solver) goto fail;
    }
    while (!eof) {
        size_t n = 0;
        bool oom = false;
        while (n < cap && !oom) {
            const char *text;
            size_t len;
            int rc = cli_reader_record(&reader, o->box_rows * o->box_cols, &text, &len);
            if (rc == 0) {
                eof = true;
                break;
            }
            /* An unreadable file is reported and skipped; the exit status says so. */
            if (rc < 0) {
                io_error = true;
                continue;
            }
            char *copy = strndup(text, len);
            if (copy)
                b.items[n++] = (struct item){.text = copy,
                                             .len = len,
                                             .source = reader.name,
                                             .line = reader.lineno,
                                             .size = reader.record_size};
            else
                oom = true;
        }
        cli_parallel_for(n, o->threads, solve_item, &b);
        cli_progress_clear(&b.progress);
        if (!flush_items(b.items, n, &all_ok) || oom) goto fail;
    }
    status = io_error ? 2 : all_ok ? 0 : 1;
    goto done;
fail:
    fprintf(stderr, "sudoku: out of memory\n");
done:
    cli_progress_end(&b.progress);
    if (b.workers)
        for (int i = 0; i < o->threads; i++) {
            sudoku_solver_free(b.workers[i].solver);
            sudoku_variant_solver_free(b.workers[i].vsolver);
            free(b.workers[i].variant);
        }
    free(b.workers);
    free(b.items);
    cli_reader_close(&reader);
    if (fflush(stdout) != 0) {
        perror("sudoku: stdout");
        status = 2;
    }
    return status;
}

int cli_batch_main(int argc, char **argv, bool counting, cli_batch_opts *o)
{
    static const struct option longopts[] = {
        {"box", required_argument, NULL, 'b'},
        {"diagonal", no_argument, NULL, 'd'},
        {"threads", required_argument, NULL, 't'},
        {"nodes", required_argument, NULL, 'n'},
        {"unique", no_argument, NULL, 'u'},
        {"limit", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {"true-candidates", no_argument, NULL, 'c'},
        {NULL, 0, NULL, 0},
    };
    bool unique = false;
    int c;

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (cli_parse_box(optarg, &o->box_rows, &o->box_cols) != 0)
                return cli_usage_error(argv[0]);
            break;
        case 'd':
            o->diagonal = true;
            break;
        case 't':
            if (cli_parse_threads(optarg, &o->threads) != 0) return cli_usage_error(argv[0]);
            break;
        case 'n':
            if (cli_parse_u64("--nodes", optarg, 1, UINT64_MAX, &o->limits.node_budget) != 0)
                return cli_usage_error(argv[0]);
            break;
        case 'u':
            if (counting) return cli_usage_error(argv[0]);
            unique = true;
            break;
        case 'c':
            if (counting) return cli_usage_error(argv[0]);
            o->true_candidates = true;
            break;
        case 'l':
            if (!counting ||
                cli_parse_u64("--limit", optarg, 1, UINT64_MAX, &o->limits.max_solutions) != 0)
                return cli_usage_error(argv[0]);
            break;
        default:
            return cli_help_or_usage_error(c, argv[0]);
        }
    }
    if (!counting) o->limits.max_solutions = unique ? 2 : 1;
    o->command = argv[0];
    return cli_batch_run(o, argv + optind, argc - optind);
}
