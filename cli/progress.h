/* progress.h -- a sign of life on a terminal for long runs: done/total, rate, time left.
 *
 * A command that works through many items (puzzles to rate, solve or make,
 * photos to scan) tells this module of each finished one. When stderr is a
 * terminal, one line there says how many are done, of how many when that is
 * known, how fast and how long is left, redrawn in place: at the first item,
 * then at most every CLI_PROGRESS_EVERY_MS. cli_progress_end erases it, so a
 * finished run leaves the terminal as a silent one would. When stderr is not a
 * terminal (a pipe, a file, a test) nothing at all is written: output stays
 * byte for byte what it was.
 *
 * Thread safety: cli_progress_add may run in several threads at once
 * (cli_parallel_for's workers; one of them draws); every other call from one
 * thread while no add runs. A command that writes stdout lines to the same
 * terminal calls cli_progress_clear before them, so no line is written over.
 */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Least time between two draws: often enough to look alive, rarely enough
 * to cost nothing next to the work. */
#define CLI_PROGRESS_EVERY_MS 250

/* Longest line drawn, NUL included. */
#define CLI_PROGRESS_LINE 128

typedef struct cli_progress {
    FILE *out;             /* stderr when it is a terminal; NULL: silent */
    bool interleaved;      /* stdout goes to a terminal too: erase before its lines */
    const char *what;      /* the command, first on the line (borrowed) */
    const char *unit;      /* "puzzles", "photos" (borrowed) */
    uint64_t total;        /* items in the run; 0 when unknown */
    uint64_t start_ns;     /* sudoku_now_ns() at the start */
    atomic_ullong done;    /* items finished */
    atomic_ullong next_ns; /* earliest time of the next draw; 0: at the next add */
    atomic_bool shown;     /* a line is on the terminal */
} cli_progress;

/* Starts p for a run of `total` items (0: unknown) named what and unit,
 * drawing on stderr only when isatty(2). Both strings must outlive p. */
void cli_progress_start(cli_progress *p, const char *what, const char *unit, uint64_t total);

/* The same on out (NULL: silent), interleaved or not, from start_ns: what the
 * unit tests drive, with their own clock through cli_progress_tick. */
void cli_progress_init(cli_progress *p, FILE *out, bool interleaved, const char *what,
                       const char *unit, uint64_t total, uint64_t start_ns);

/* True when p draws: a caller may then do extra work for it (count its input). */
bool cli_progress_on(const cli_progress *p);

/* Sets the run's total once known (0: unknown). Not concurrent with add. */
void cli_progress_set_total(cli_progress *p, uint64_t total);

/* n more items are done: counts them and draws when it is time. Thread-safe. */
void cli_progress_add(cli_progress *p, uint64_t n);

/* cli_progress_add with the time given: now_ns on the start_ns clock. */
void cli_progress_tick(cli_progress *p, uint64_t n, uint64_t now_ns);

/* Call before writing stdout lines: when they go to the terminal too, erases
 * the line, and the next add draws it again under them. Else nothing: the
 * line stays up while stdout goes elsewhere. */
void cli_progress_clear(cli_progress *p);

/* The end of the run: erases the line, if one is shown. */
void cli_progress_end(cli_progress *p);

/* Writes the line for `done` of `total` (0: unknown) items after elapsed_ns,
 * e.g. "rate: 120/375 puzzles (32%), 60.0/s, 0:04 left", into out (at most
 * len bytes, NUL-terminated). Returns its length. Pure: thread-safe. */
size_t cli_progress_format(char *out, size_t len, const char *what, const char *unit, uint64_t done,
                           uint64_t total, uint64_t elapsed_ns);

#endif /* CLI_PROGRESS_H */
