/* dump.c -- build/scan-dump IMAGE OUT: the 81 cell images of a photo, for training the classifier.
 *
 * Writes 81 * SCAN_CELL_BYTES bytes to OUT, the cells of the grid found in
 * IMAGE in row-major order, each as scan/cell.h describes, cut by the same
 * code the reader uses (scan_locate). Prints the grid's corners in photo
 * pixels on stdout, "x,y x,y x,y x,y" (top-left, top-right, bottom-right,
 * bottom-left), and exits 0; exits 1 with a one-line reason on stderr when
 * the image cannot be read or holds no grid, 2 on usage errors.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan/cells.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: scan-dump IMAGE OUT\n");
        return 2;
    }
    scan_init();
    int fd = open(argv[1], O_RDONLY);
    struct stat sb;
    void *bytes = MAP_FAILED;
    if (fd >= 0 && fstat(fd, &sb) == 0 && sb.st_size > 0)
        bytes = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (fd >= 0) close(fd);
    if (bytes == MAP_FAILED) {
        fprintf(stderr, "scan-dump: %s: cannot read\n", argv[1]);
        return 1;
    }
    static unsigned char cells[81][SCAN_CELL_BYTES];
    scan_result r;
    scan_status st = scan_locate(bytes, (size_t)sb.st_size, NULL, &r, cells, NULL);
    munmap(bytes, (size_t)sb.st_size);
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
    printf("%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\n", r.corners[0][0], r.corners[0][1],
           r.corners[1][0], r.corners[1][1], r.corners[2][0], r.corners[2][1], r.corners[3][0],
           r.corners[3][1]);
    return 0;
}
