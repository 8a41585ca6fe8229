/* progress.c -- the progress line on a terminal (progress.h).
 *
 * The line is written with a carriage return before it and an erase-to-end
 * ("\033[K") after, so a shorter line leaves no tail of a longer one, and is
 * erased the same way. Workers race for the right to draw with one
 * compare-and-swap on the next due time: whoever wins draws, the others go
 * back to work at once, so a draw never makes a worker wait.
 */
#include "cli/progress.h"

#include <unistd.h>

#include "solver/sudoku.h"

#define ERASE_TAIL "\033[K" /* erase to the end of the line */

void cli_progress_init(cli_progress *p, FILE *out, bool interleaved, const char *what,
                       const char *unit, uint64_t total, uint64_t start_ns)
{
    p->out = out;
    p->interleaved = interleaved;
    p->what = what;
    p->unit = unit;
    p->total = total;
    p->start_ns = start_ns;
    atomic_init(&p->done, 0);
    atomic_init(&p->next_ns, 0);
    atomic_init(&p->shown, false);
}

void cli_progress_start(cli_progress *p, const char *what, const char *unit, uint64_t total)
{
    cli_progress_init(p, isatty(STDERR_FILENO) ? stderr : NULL, isatty(STDOUT_FILENO), what, unit,
                      total, sudoku_now_ns());
}

bool cli_progress_on(const cli_progress *p)
{
    return p->out != NULL;
}

void cli_progress_set_total(cli_progress *p, uint64_t total)
{
    p->total = total;
}

/* A duration as a clock shows it: 0:07, 12:34, 1:02:03. */
static int format_clock(char *out, size_t len, uint64_t s)
{
    if (s >= 3600)
        return snprintf(out, len, "%llu:%02llu:%02llu", (unsigned long long)(s / 3600),
                        (unsigned long long)(s / 60 % 60), (unsigned long long)(s % 60));
    return snprintf(out, len, "%llu:%02llu", (unsigned long long)(s / 60),
                    (unsigned long long)(s % 60));
}

size_t cli_progress_format(char *out, size_t len, const char *what, const char *unit, uint64_t done,
                           uint64_t total, uint64_t elapsed_ns)
{
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        int k = n < len ? snprintf(out + n, len - n, __VA_ARGS__) : 0;                             \
        n += k > 0 ? (size_t)k : 0;                                                                \
    } while (0)

    if (len == 0) return 0;
    out[0] = '\0';
    bool known = total > 0 && done <= total;
    if (known)
        PUT("%s: %llu/%llu %s (%llu%%)", what, (unsigned long long)done, (unsigned long long)total,
            unit, (unsigned long long)(done * 100 / total));
    else
        PUT("%s: %llu %s", what, (unsigned long long)done, unit);
    if (done > 0 && elapsed_ns > 0) {
        double rate = (double)done * 1e9 / (double)elapsed_ns;
        PUT(", %.*f/s", rate < 10 ? 2 : rate < 100 ? 1 : 0, rate);
        if (known && done < total) {
            char clock[32];
            format_clock(clock, sizeof(clock), (uint64_t)((double)(total - done) / rate + 0.5));
            PUT(", %s left", clock);
        }
    }
#undef PUT
    return n < len ? n : len - 1;
}

void cli_progress_tick(cli_progress *p, uint64_t n, uint64_t now_ns)
{
    if (p->out == NULL) return;
    uint64_t done = atomic_fetch_add(&p->done, n) + n;
    unsigned long long due = atomic_load(&p->next_ns);
    if (now_ns < due || !atomic_compare_exchange_strong(
                            &p->next_ns, &due, now_ns + CLI_PROGRESS_EVERY_MS * UINT64_C(1000000)))
        return;
    char line[CLI_PROGRESS_LINE];
    cli_progress_format(line, sizeof(line), p->what, p->unit, done, p->total,
                        now_ns > p->start_ns ? now_ns - p->start_ns : 0);
    fprintf(p->out, "\r%s" ERASE_TAIL, line);
    fflush(p->out);
    atomic_store(&p->shown, true);
}

void cli_progress_add(cli_progress *p, uint64_t n)
{
    if (p->out != NULL) cli_progress_tick(p, n, sudoku_now_ns());
}

/* Erases a shown line; the next add draws at once. */
static void erase(cli_progress *p)
{
    if (p->out == NULL || !atomic_exchange(&p->shown, false)) return;
    fputs("\r" ERASE_TAIL, p->out);
    fflush(p->out);
    atomic_store(&p->next_ns, 0);
}

void cli_progress_clear(cli_progress *p)
{
    if (p->interleaved) erase(p);
}

void cli_progress_end(cli_progress *p)
{
    erase(p);
}
