/* dump.c -- build/scan-dump IMAGE OUT: the 81 cell images of a photo, for training the classifier.
 *
 * Writes 81 * SCAN_CELL_BYTES bytes to OUT, the cells of the grid found in
 * IMAGE in row-major order, each as scan/cell.h describes, cut by the same
 * code the reader uses (scan_locate). Prints the grid's corners in photo
 * pixels on stdout, "x,y x,y x,y x,y" (top-left, top-right, bottom-right,
 * bottom-left), and exits 0; exits 1 with a one-line reason on stderr when
 * the image cannot be read or holds no grid, 2 on usage errors.
 */
#include <stdio.h>
#include <stdlib.h>

#include "scan/cells.h"

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf != NULL && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: scan-dump IMAGE OUT\n");
        return 2;
    }
    scan_init();
    size_t len = 0;
    unsigned char *bytes = slurp(argv[1], &len);
    if (bytes == NULL) {
        fprintf(stderr, "scan-dump: %s: cannot read\n", argv[1]);
        return 1;
    }
    static unsigned char cells[81][SCAN_CELL_BYTES];
    scan_result r;
    scan_status st = scan_locate(bytes, len, NULL, &r, cells);
    free(bytes);
    if (st != SCAN_OK) {
        fprintf(stderr, "scan-dump: %s: %s: %s\n", argv[1], scan_status_str(st), r.reason);
        return 1;
    }
    FILE *out = fopen(argv[2], "wb");
    int written = out != NULL && fwrite(cells, sizeof(cells), 1, out) == 1;
    if (out == NULL || fclose(out) != 0 || !written) {
        fprintf(stderr, "scan-dump: %s: cannot write\n", argv[2]);
        return 1;
    }
    printf("%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\n", r.corners[0][0], r.corners[0][1], r.corners[1][0],
           r.corners[1][1], r.corners[2][0], r.corners[2][1], r.corners[3][0], r.corners[3][1]);
    return 0;
}
