/* image.h -- the grey image every stage of the scanner passes on, and the decoder that makes one.
 *
 * Internal to scan/ (outside code includes scan/scan.h). One byte per pixel,
 * row-major, no padding, 0 = black ... 255 = white, the way the photo looks:
 *
 *   px[y * w + x]      0 <= x < w, 0 <= y < h
 *
 * Plain data owned by whoever filled it; free the pixels with
 * scan_image_free. Every function here is reentrant (no globals).
 */
#ifndef SCAN_IMAGE_H
#define SCAN_IMAGE_H

#include <stddef.h>

#include "scan/scan.h"

typedef struct scan_image {
    int w, h;
    unsigned char *px; /* w * h bytes, malloc'd */
} scan_image;

/* Allocates a w x h image (contents undefined). Returns 0, or -1 when out
 * of memory or a side is not positive (img->px is then NULL). */
int scan_image_alloc(scan_image *img, int w, int h);
/* Frees the pixels; a zeroed or already freed image is accepted. */
void scan_image_free(scan_image *img);

/* A photo as the decoder hands it over: grey pixels at 1/reduction of the
 * photo's size in each direction (JPEGs are scaled while decoding), and the
 * photo's own size as its header gives it. */
typedef struct scan_photo {
    scan_image grey;
    int width, height; /* the photo's pixels */
    int reduction;     /* 1, 2, 4 or 8: photo pixel = grey pixel * reduction */
} scan_photo;

/* Decodes a JPEG, PNG or WebP held in bytes[0..len) into *out (zeroed on
 * failure). The size is read from the header first, and a photo above
 * max_pixels is refused before any pixel is decoded. JPEGs larger than
 * about two megapixels are decoded at 1/2, 1/4 or 1/8 scale, which libjpeg
 * does in its DCT at a fraction of the cost of a full decode.
 * Returns SCAN_OK or SCAN_EMPTY, SCAN_NOT_IMAGE, SCAN_UNSUPPORTED,
 * SCAN_TOO_LARGE, SCAN_BAD_IMAGE, SCAN_NO_MEMORY. */
scan_status scan_decode(const void *bytes, size_t len, size_t max_pixels, scan_photo *out);

#endif
