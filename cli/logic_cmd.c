/* logic_cmd.c -- `sudoku rate`, `sudoku explain` and `sudoku hint`: the step
 * engine (solver/logic/) on puzzle lines.
 *
 * The three commands share everything but the answer: the shape options of
 * `solve`, the puzzle reader (cli/io.h), a uniqueness check first (ratings and
 * uniqueness techniques assume one solution), and `!` lines for what is not
 * a proper puzzle. They run on one thread: a rating takes microseconds to a
 * few milliseconds, and explain's output is long anyway.
 *
 *   rate     SCORE LEVEL HARDEST steps=K [search_nodes=M] [us=T with --timing]
 *   explain  one line per step "N. [SCORE technique] text", then the rate line
 *   hint     line "PUZZLE[:ENTRIES[:MARKS]]": ENTRIES a grid of the user's
 *            digits, MARKS N*N comma-separated candidate lists ("" = none);
 *            answers "mistake r1c2=5 r3c4 marks", "step [SCORE technique] text"
 *            or "solved"
 *
 * With --json each answer is one JSON object a line, the members the HTTP
 * endpoints answer with (writers/json_write.h writes both), and a line that
 * is not a proper puzzle is {"error": "...", "file": ..., "line": ...}.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/io.h"
#include "cli/progress.h"
#include "formats/formats.h"
#include "solver/sudoku.h"
#include "writers/json_write.h"

typedef enum { CLI_RATE, CLI_EXPLAIN, CLI_HINT } cli_logic_mode;

typedef struct cli_logic {
    cli_logic_mode mode;
    bool timing; /* rate: append the time of sudoku_rate alone */
    bool json;   /* one JSON object a line */
    int box_rows, box_cols;
    bool diagonal;
    sudoku_limits limits;
    uint64_t timeout_ms; /* each puzzle's time budget, 0 for none */
    sudoku_solver *solver;
    sudoku_logic *lg;
    sudoku_puzzle p;
    uint8_t entries[SUDOKU_MAX_CELLS];
    uint64_t marks[SUDOKU_MAX_CELLS];
    sudoku_hint hint;
    char text[SUDOKU_STEP_TEXT_LEN];
    const char *source; /* where the puzzle being answered starts: file and line */
    unsigned long line;
    int size; /* its size, 0 for the cell count's (cli_reader.record_size) */
} cli_logic;

static void print_buf(buf *b);

/* Prints the answer of a puzzle that is not a proper one: "! WHAT
 * (FILE:LINE)", or {"error": "WHAT", "file": FILE, "line": LINE} with --json. */
static void fail(const cli_logic *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(const cli_logic *c, const char *fmt, ...)
{
    char what[2 * SUDOKU_ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    if (!c->json) {
        printf("! %s (%s:%lu)\n", what, c->source, c->line);
        return;
    }
    buf b = BUF_INIT;
    buf_puts(&b, "{\"error\":");
    json_put_string(&b, what, strlen(what));
    buf_puts(&b, ",\"file\":");
    json_put_string(&b, c->source, strlen(c->source));
    buf_printf(&b, ",\"line\":%lu}\n", c->line);
    print_buf(&b);
}

/* Writes a rendered line to stdout and frees it. */
static void print_buf(buf *b)
{
    if (b->data != NULL) fwrite(b->data, 1, b->len, stdout);
    buf_free(b);
}

/* Prints a score in tenths as SE writes it: 4.2. */
static void print_score(int score)
{
    printf("%d.%d", score / 10, score % 10);
}

static void print_rating(const sudoku_rating *r, uint64_t ns, bool timing, bool limit)
{
    print_score(r->score);
    printf(" %s %s steps=%u", sudoku_level_str(sudoku_level_of(r->score, r->needs_search)),
           r->hardest < SUDOKU_TECHNIQUE_COUNT ? sudoku_technique_str(r->hardest) : "none",
           r->steps);
    if (r->needs_search) printf(" search_nodes=%llu", (unsigned long long)r->search_nodes);
    if (timing) printf(" us=%.1f", (double)ns / 1000);
    if (limit) printf(" limit");
    putchar('\n');
}

static void print_step(cli_logic *c, const sudoku_step *st)
{
    printf("[");
    print_score(st->score);
    sudoku_step_text(&c->p, st, c->text, sizeof(c->text));
    printf(" %s] %s\n", sudoku_technique_str(st->technique), c->text);
}

/* explain: the steps of the rating path, then the rating line. */
static bool explain(cli_logic *c)
{
    sudoku_rating r = {.hardest = SUDOKU_TECHNIQUE_COUNT};
    sudoku_step st;
    sudoku_logic_set_limits(c->lg, &c->limits);
    if (sudoku_logic_load(c->lg, &c->p, NULL, NULL) != SUDOKU_LOGIC_STEP) {
        fail(c, "broken");
        return false;
    }
    buf b = BUF_INIT;
    buf_puts(&b, "{\"steps\":[");
    sudoku_logic_status ls;
    while ((ls = sudoku_logic_next(c->lg, &st)) == SUDOKU_LOGIC_STEP) {
        if (c->json) {
            if (r.steps > 0) buf_putc(&b, ',');
            json_render_step(&b, &c->p, &st);
        } else {
            printf("%u. ", r.steps + 1);
            print_step(c, &st);
        }
        r.steps++;
        if (st.score > r.score) r.score = st.score, r.hardest = st.technique;
        sudoku_logic_apply(c->lg, &st);
    }
    r.needs_search = ls != SUDOKU_LOGIC_SOLVED;
    if (c->json) {
        buf_printf(&b, "],\"status\":\"%s\",", sudoku_logic_status_str(ls));
        json_render_rating(&b, &r, false);
        buf_puts(&b, "}\n");
        print_buf(&b);
    } else {
        buf_free(&b);
        printf("%s ", sudoku_logic_status_str(ls));
        print_score(r.score);
        printf(" %s\n\n", sudoku_level_str(sudoku_level_of(r.score, r.needs_search)));
    }
    return ls == SUDOKU_LOGIC_SOLVED;
}

/* Parses hint's optional fields after the puzzle. Returns false after a `!` line. */
static bool parse_user(cli_logic *c, const char *entries, const char *marks)
{
    int n = c->p.size;
    char err[SUDOKU_ERR_LEN];
    if (entries && *entries && *entries != ':') {
        size_t len = strcspn(entries, ":");
        sudoku_puzzle e;
        if (sudoku_parse(entries, len, n, c->p.box_rows, c->p.box_cols, &e, err) != 0) {
            fail(c, "invalid entries: %s", err);
            return false;
        }
        memcpy(c->entries, e.cells, (size_t)(n * n));
    }
    if (marks && *marks) {
        int cell = 0;
        for (const char *s = marks; *s && cell < n * n; s++) {
            if (*s == ',') {
                cell++;
                continue;
            }
            int v = *s >= '1' && *s <= '9'                     ? *s - '0'
                    : (*s | 0x20) >= 'a' && (*s | 0x20) <= 'z' ? (*s | 0x20) - 'a' + 10
                                                               : 0;
            if (v < 1 || v > n) {
                fail(c, "invalid marks: '%c' is not a digit of this grid", *s);
                return false;
            }
            c->marks[cell] |= UINT64_C(1) << (v - 1);
        }
        if (cell != n * n - 1) {
            fail(c, "invalid marks: %d cells expected, %d found", n * n, cell + 1);
            return false;
        }
    }
    return true;
}

/* The hint for the state in c->entries and c->marks. */
static bool hint(cli_logic *c)
{
    sudoku_status s =
        sudoku_hint_next(c->lg, c->solver, &c->p, c->entries, c->marks, &c->limits, &c->hint);
    if (s != SUDOKU_SOLVED) {
        fail(c, "%s", sudoku_status_str(s));
        return false;
    }
    const sudoku_hint *h = &c->hint;
    if (c->json) {
        buf b = BUF_INIT;
        buf_putc(&b, '{');
        json_render_hint(&b, &c->p, h);
        buf_puts(&b, "}\n");
        print_buf(&b);
        return h->kind != SUDOKU_HINT_STUCK;
    }
    int n = c->p.size;
    switch (h->kind) {
    case SUDOKU_HINT_MISTAKE:
        printf("mistake");
        for (int i = 0; i < h->nmistakes; i++) {
            printf(" r%dc%d", h->mistakes[i].cell / n + 1, h->mistakes[i].cell % n + 1);
            if (h->mistakes[i].digit)
                printf("=%d", h->mistakes[i].digit);
            else
                printf(" marks");
        }
        putchar('\n');
        return true;
    case SUDOKU_HINT_STEP:
        printf("step ");
        print_step(c, &h->step);
        return true;
    case SUDOKU_HINT_SOLVED:
        puts("solved");
        return true;
    case SUDOKU_HINT_STUCK:
        puts("stuck");
        return false;
    }
    return false;
}

/* Answers one line; returns true when it counts as answered. */
static bool answer(cli_logic *c, const char *line, size_t len)
{
    char err[SUDOKU_ERR_LEN];
    /* PUZZLE:ENTRIES:MARKS is the text form's; other formats hold their own state */
    bool text_form = fmt_detect(line, len) == FMT_LINE;
    const char *colon = c->mode == CLI_HINT && text_form ? memchr(line, ':', len) : NULL;
    size_t plen = colon ? (size_t)(colon - line) : len;
    memset(c->entries, 0, sizeof(c->entries));
    memset(c->marks, 0, sizeof(c->marks));
    if (cli_parse_puzzle(line, plen, c->size, c->box_rows, c->box_cols, &c->p, c->entries, c->marks,
                         err) != 0) {
        fail(c, "invalid: %s", err);
        return false;
    }
    c->p.diagonal = c->diagonal;
    c->limits.deadline_ns = c->timeout_ms ? sudoku_now_ns() + c->timeout_ms * 1000000 : 0;
    if (c->mode == CLI_HINT) {
        const char *marks = colon ? strchr(colon + 1, ':') : NULL;
        if (text_form && !parse_user(c, colon ? colon + 1 : NULL, marks ? marks + 1 : NULL))
            return false;
        return hint(c);
    }
    sudoku_limits lim = c->limits;
    lim.max_solutions = 2;
    sudoku_result res = {0};
    sudoku_status s = sudoku_solve(c->solver, &c->p, &lim, &res);
    if (s != SUDOKU_SOLVED) {
        fail(c, "%s", sudoku_status_str(s));
        return false;
    }
    if (c->mode == CLI_EXPLAIN) return explain(c);
    sudoku_rating r;
    uint64_t t0 = sudoku_now_ns();
    sudoku_logic_status ls = sudoku_rate(c->lg, c->solver, &c->p, &c->limits, &r);
    uint64_t ns = sudoku_now_ns() - t0;
    bool limit = ls == SUDOKU_LOGIC_LIMIT; /* a result: r->score is a lower bound */
    if (ls != SUDOKU_LOGIC_SOLVED && ls != SUDOKU_LOGIC_STUCK && !limit) {
        fail(c, "%s", sudoku_logic_status_str(ls));
        return false;
    }
    if (c->json) {
        buf b = BUF_INIT;
        buf_putc(&b, '{');
        json_render_rating(&b, &r, true);
        if (limit) buf_puts(&b, ",\"status\":\"limit\"");
        if (c->timing) buf_printf(&b, ",\"us\":%.1f", (double)ns / 1000);
        buf_puts(&b, "}\n");
        print_buf(&b);
        return true;
    }
    print_rating(&r, ns, c->timing, limit);
    return true;
}

static int logic_main(int argc, char **argv, cli_logic_mode mode)
{
    static const struct option longopts[] = {
        {"box", required_argument, NULL, 'b'},
        {"diagonal", no_argument, NULL, 'd'},
        {"nodes", required_argument, NULL, 'n'},
        {"timing", no_argument, NULL, 'T'},
        {"timeout-ms", required_argument, NULL, 't'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    cli_logic *c = calloc(1, sizeof(*c));
    int opt, status = 2;
    if (!c) {
        fprintf(stderr, "sudoku: out of memory\n");
        return 2;
    }
    c->mode = mode;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'b':
            if (cli_parse_box(optarg, &c->box_rows, &c->box_cols) != 0) goto usage;
            break;
        case 'd':
            c->diagonal = true;
            break;
        case 'n':
            if (cli_parse_u64("--nodes", optarg, 1, UINT64_MAX, &c->limits.node_budget) != 0)
                goto usage;
            break;
        case 't':
            if (cli_parse_u64("--timeout-ms", optarg, 1, 86400000, &c->timeout_ms) != 0) goto usage;
            break;
        case 'T':
            if (mode != CLI_RATE) goto usage;
            c->timing = true;
            break;
        case 'j':
            c->json = true;
            break;
        default:
            status = cli_help_or_usage_error(opt, argv[0]);
            goto done;
        }
    }
    c->solver = sudoku_solver_new(SUDOKU_MAX_TEXT_SIZE);
    c->lg = sudoku_logic_new();
    if (!c->solver || !c->lg) {
        fprintf(stderr, "sudoku: out of memory\n");
        goto done;
    }
    cli_progress progress;
    cli_progress_start(&progress, argv[0], "puzzles", 0);
    if (cli_progress_on(&progress)) {
        long total = cli_reader_count(argv + optind, argc - optind, c->box_rows * c->box_cols);
        cli_progress_set_total(&progress, total > 0 ? (uint64_t)total : 0);
    }
    cli_reader reader;
    cli_reader_init(&reader, argv + optind, argc - optind);
    bool all_ok = true, io_error = false;
    const char *line;
    size_t len;
    int rc;
    while ((rc = cli_reader_record(&reader, c->box_rows * c->box_cols, &line, &len)) != 0) {
        if (rc < 0) {
            io_error = true;
            continue;
        }
        c->source = reader.name;
        c->line = reader.lineno;
        c->size = reader.record_size;
        cli_progress_clear(&progress);
        all_ok &= answer(c, line, len);
        cli_progress_add(&progress, 1);
    }
    cli_progress_end(&progress);
    cli_reader_close(&reader);
    status = io_error ? 2 : all_ok ? 0 : 1;
    if (fflush(stdout) != 0) {
        perror("sudoku: stdout");
        status = 2;
    }
    goto done;
usage:
    status = cli_usage_error(argv[0]);
done:
    sudoku_logic_free(c->lg);
    sudoku_solver_free(c->solver);
    free(c);
    return status;
}

int cli_rate_main(int argc, char **argv)
{
    return logic_main(argc, argv, CLI_RATE);
}

int cli_explain_main(int argc, char **argv)
{
    return logic_main(argc, argv, CLI_EXPLAIN);
}

int cli_hint_main(int argc, char **argv)
{
    return logic_main(argc, argv, CLI_HINT);
}
