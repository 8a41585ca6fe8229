/* decode.c -- JPEG, PNG and WebP bytes to a grey image, with Leptonica.
 *
 * The type is taken from the first bytes (never from a name or a
 * Content-Type), the size from the header, and only then are pixels
 * decoded, so a 100000 x 100000 header costs nothing. The reading needs a
 * grid of a few hundred pixels, not a 12-megapixel photo: a JPEG is decoded
 * at 1/2, 1/4 or 1/8 scale by libjpeg's DCT scaling (luminance only), and a
 * big PNG or WebP is averaged down while it is copied out, so every later
 * stage sees at most about two megapixels. Leptonica functions here are
 * reentrant; its only global, the message level, is set by scan_init.
 */
#include <leptonica/allheaders.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/image.h"

/* Decoded JPEGs aim at no fewer pixels than this (see pick_reduction). */
#define TARGET_PIXELS 700000.0

enum kind { KIND_JPEG, KIND_PNG, KIND_WEBP, KIND_OTHER_IMAGE, KIND_UNKNOWN };

static enum kind sniff(const unsigned char *b, size_t n)
{
    static const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff) return KIND_JPEG;
    if (n >= 8 && memcmp(b, png, 8) == 0) return KIND_PNG;
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0) return KIND_WEBP;
    /* Images we know but do not read: GIF, TIFF (both byte orders), BMP,
     * JPEG 2000, PNM, HEIF/AVIF (an ISO box "ftyp"). */
    if ((n >= 6 && (memcmp(b, "GIF87a", 6) == 0 || memcmp(b, "GIF89a", 6) == 0)) ||
        (n >= 4 && (memcmp(b, "II*\0", 4) == 0 || memcmp(b, "MM\0*", 4) == 0)) ||
        (n >= 2 && memcmp(b, "BM", 2) == 0) || (n >= 12 && memcmp(b, "\0\0\0\x0cjP  ", 8) == 0) ||
        (n >= 2 && b[0] == 'P' && b[1] >= '1' && b[1] <= '7') ||
        (n >= 12 && memcmp(b + 4, "ftyp", 4) == 0))
        return KIND_OTHER_IMAGE;
    return KIND_UNKNOWN;
}

/* Whether a JPEG's end-of-image marker is in its last bytes: libjpeg
 * decodes a truncated file with grey rows and says so on stderr itself, so
 * a cut-off upload is refused here. Cameras may pad after the marker. */
static int jpeg_complete(const unsigned char *b, size_t n)
{
    size_t from = n > 4096 ? n - 4096 : 2;
    for (size_t i = n - 1; i > from; i--)
        if (b[i - 1] == 0xff && b[i] == 0xd9) return 1;
    return 0;
}

/* The largest of 1, 2, 4, 8 that keeps at least TARGET_PIXELS. */
static int pick_reduction(int w, int h)
{
    int r = 1;
    while (r < 8 && (double)w * h / ((double)(2 * r) * (2 * r)) >= TARGET_PIXELS) r *= 2;
    return r;
}

/* Copies an 8 bpp Pix into img, averaging r x r blocks (r = 1: a copy). */
static int copy_grey(PIX *pix, int r, scan_image *img)
{
    int pw = (int)pixGetWidth(pix), ph = (int)pixGetHeight(pix);
    int w = pw / r, h = ph / r;
    if (scan_image_alloc(img, w, h) != 0) return -1;
    l_uint32 *data = pixGetData(pix);
    int wpl = pixGetWpl(pix);
    for (int y = 0; y < h; y++) {
        unsigned char *out = img->px + (size_t)y * w;
        if (r == 1) {
            const l_uint32 *line = data + (size_t)y * wpl;
            for (int x = 0; x < w; x++) out[x] = (unsigned char)GET_DATA_BYTE(line, x);
            continue;
        }
        for (int x = 0; x < w; x++) {
            unsigned sum = 0;
            for (int dy = 0; dy < r; dy++) {
                const l_uint32 *line = data + (size_t)(y * r + dy) * wpl;
                for (int dx = 0; dx < r; dx++) sum += GET_DATA_BYTE(line, x * r + dx);
            }
            out[x] = (unsigned char)(sum / (unsigned)(r * r));
        }
    }
    return 0;
}

scan_status scan_decode(const void *bytes, size_t len, size_t max_pixels, scan_photo *out)
{
    const l_uint8 *b = bytes;
    memset(out, 0, sizeof(*out));
    if (len == 0 || bytes == NULL) return SCAN_EMPTY;
    enum kind kind = sniff(b, len);
    if (kind == KIND_UNKNOWN) return SCAN_NOT_IMAGE;
    if (kind == KIND_OTHER_IMAGE) return SCAN_UNSUPPORTED;

    l_int32 w = 0, h = 0, spp = 0, bps = 0, cmap = 0, ycck = 0, cmyk = 0;
    l_ok bad = 1;
    if (kind == KIND_JPEG)
        bad = !jpeg_complete(b, len) || readHeaderMemJpeg(b, len, &w, &h, &spp, &ycck, &cmyk);
    else if (kind == KIND_PNG)
        bad = len >= 24 ? readHeaderMemPng(b, len, &w, &h, &bps, &spp, &cmap) : 1;
    else
        bad = readHeaderMemWebP(b, len, &w, &h, &spp);
    if (bad || w <= 0 || h <= 0) return SCAN_BAD_IMAGE;
    if ((uint64_t)w * (uint64_t)h > max_pixels) return SCAN_TOO_LARGE;

    int r = pick_reduction(w, h);
    PIX *pix = NULL;
    if (kind == KIND_JPEG) {
        l_int32 nwarn = 0;
        pix = pixReadMemJpeg(b, len, 0, r, &nwarn, L_JPEG_READ_LUMINANCE);
        /* A truncated JPEG decodes with a warning and grey rows: refuse it. */
        if (pix != NULL && nwarn > 0) pixDestroy(&pix);
    } else if (kind == KIND_PNG) {
        pix = pixReadMemPng(b, len);
    } else {
        pix = pixReadMemWebP(b, len);
    }
    if (pix == NULL) return SCAN_BAD_IMAGE;

    scan_status st = SCAN_OK;
    PIX *grey = pixGetDepth(pix) == 8 && pixGetColormap(pix) == NULL ? pixClone(pix)
                                                                     : pixConvertTo8(pix, 0);
    int copy_r = kind == KIND_JPEG ? 1 : r;
    if (grey == NULL)
        st = SCAN_BAD_IMAGE;
    else if ((int)pixGetWidth(grey) < copy_r || (int)pixGetHeight(grey) < copy_r)
        st = SCAN_BAD_IMAGE;
    else if (copy_grey(grey, copy_r, &out->grey) != 0)
        st = SCAN_NO_MEMORY;
    pixDestroy(&grey);
    pixDestroy(&pix);
    if (st != SCAN_OK) return st;
    out->width = w;
    out->height = h;
    out->reduction = r;
    return SCAN_OK;
}

int scan_image_alloc(scan_image *img, int w, int h)
{
    img->w = w;
    img->h = h;
    img->px = w > 0 && h > 0 ? malloc((size_t)w * (size_t)h) : NULL;
    return img->px != NULL ? 0 : -1;
}

void scan_image_free(scan_image *img)
{
    free(img->px);
    img->px = NULL;
    img->w = img->h = 0;
}
