/* classify.c -- the digit network's speed at each vector width, for bench/scan.sh.
 *
 *   build/bench-classify FILE...   each FILE: 81 cells as build/scan-dump writes them
 *
 * Reads every cell of every file, then, for each vector width this machine runs
 * (scan_classify_lanes: 4 everywhere, 8 with AVX2), classifies all of them ROUNDS times on the
 * thread's CPU clock and prints one table row: the width, the cells, the median milliseconds
 * for 81 cells, microseconds a cell, and whether every probability is the same bits as the
 * 4-wide kernels give. Every cell is classified, blank ones too (a reading skips cells with no
 * ink). Exits 1 when a width gives other bits, 2 on usage or read errors or when the embedded
 * model is not one scan_classify can run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scan/classify.h"

#define ROUNDS 7

static double thread_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Appends the 81 cells of path to *cells (grown with realloc); returns 0, or -1. */
static int read_cells(const char *path, unsigned char **cells, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return -1;
    unsigned char *grown = realloc(*cells, (*n + 81) * SCAN_CELL_BYTES);
    int ok = grown != NULL && fread(grown + *n * SCAN_CELL_BYTES, SCAN_CELL_BYTES, 81, f) == 81;
    fclose(f);
    if (grown != NULL) *cells = grown;
    if (!ok) return -1;
    *n += 81;
    return 0;
}

int main(int argc, char **argv)
{
    unsigned char *cells = NULL;
    float *four = NULL, *probs = NULL;
    size_t n = 0;
    int status = 2;
    if (argc < 2) {
        fprintf(stderr, "usage: bench-classify FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (read_cells(argv[i], &cells, &n) != 0) {
            fprintf(stderr, "bench-classify: %s: cannot read 81 cells\n", argv[i]);
            goto done;
        }
    four = malloc(n * SCAN_CLASSES * sizeof(float));
    probs = malloc(n * SCAN_CLASSES * sizeof(float));
    if (four == NULL || probs == NULL) {
        fprintf(stderr, "bench-classify: out of memory\n");
        goto done;
    }
    /* The 4-wide kernels run on every machine, so failing here means the model, not the CPU;
     * this first call also repacks the weights outside the timed rounds. */
    if (!scan_classify_lanes(cells, four, 4)) {
        fprintf(stderr, "bench-classify: the embedded model is not one scan_classify can run\n");
        goto done;
    }
    status = 0;
    printf("| vector width | cells | ms per 81 cells | us per cell | same bits as 4-wide |\n");
    printf("|---|--:|--:|--:|---|\n");
    for (int lanes = 4; lanes <= 8; lanes *= 2) {
        double ms[ROUNDS];
        int runs = 1;
        for (int r = 0; r < ROUNDS && runs; r++) {
            double t0 = thread_ms();
            for (size_t c = 0; c < n && runs; c++)
                runs = scan_classify_lanes(cells + c * SCAN_CELL_BYTES, probs + c * SCAN_CLASSES,
                                           lanes);
            ms[r] = thread_ms() - t0;
        }
        if (!runs) continue; /* not built for, or not run by, this CPU */
        if (lanes == 4) memcpy(four, probs, n * SCAN_CLASSES * sizeof(float));
        bool same = memcmp(four, probs, n * SCAN_CLASSES * sizeof(float)) == 0;
        status |= !same;
        qsort(ms, ROUNDS, sizeof(ms[0]), by_value);
        double per_cell = ms[ROUNDS / 2] / (double)n;
        printf("| %d floats%s | %zu | %.1f | %.0f | %s |\n", lanes, lanes == 8 ? " (AVX2)" : "", n,
               81 * per_cell, 1e3 * per_cell, same ? "yes" : "NO");
    }
done:
    free(cells);
    free(four);
    free(probs);
    return status;
}
