/* fuzz_scan_decode.c -- libFuzzer harness for the scanner's first stage: bytes to grey pixels.
 *
 * Input: an upload's bytes, handed to scan_decode() as scan_read() hands
 * them: type sniffing, the header checks (size read before any pixel, the
 * JPEG end marker), Leptonica's JPEG, PNG and WebP readers and the copy to
 * grey. This is where hostile bytes meet parsers, and it runs thousands of
 * times a second, so the long runs that count executions run it; fuzz_scan
 * runs the whole reading on the same kind of input, at the pace of its
 * network. The pixel limit is 512x512: a larger claim must be refused
 * before decoding, which the harness checks.
 *
 * Beyond memory safety it checks what image.h promises: a status from the
 * list, a zeroed photo on refusal, and on success a grey image of the
 * photo's size divided by the reduction (1, 2, 4 or 8), and the same
 * pixels from a second decode of the same bytes (the decoder keeps no state
 * between calls; the comparison reads every byte, within that size).
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz/fuzz_common.h"
#include "scan/image.h"

#define FUZZ_MAX_PIXELS (512 * 512)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    scan_photo photo;
    scan_status st = scan_decode(data, size, FUZZ_MAX_PIXELS, &photo);
    if (st != SCAN_OK) {
        FUZZ_ASSERT(st == SCAN_EMPTY || st == SCAN_NOT_IMAGE || st == SCAN_UNSUPPORTED ||
                    st == SCAN_TOO_LARGE || st == SCAN_BAD_IMAGE || st == SCAN_NO_MEMORY);
        FUZZ_ASSERT(photo.grey.px == NULL && photo.width == 0 && photo.height == 0);
        return 0;
    }
    int r = photo.reduction;
    FUZZ_ASSERT(r == 1 || r == 2 || r == 4 || r == 8);
    FUZZ_ASSERT((uint64_t)photo.width * (uint64_t)photo.height <= FUZZ_MAX_PIXELS);
    FUZZ_ASSERT(photo.grey.w >= 1 && photo.grey.h >= 1);
    /* libjpeg rounds a scaled size up, the block average rounds down */
    FUZZ_ASSERT(photo.grey.w >= photo.width / r && photo.grey.w <= (photo.width + r - 1) / r);
    FUZZ_ASSERT(photo.grey.h >= photo.height / r && photo.grey.h <= (photo.height + r - 1) / r);
    scan_photo again;
    FUZZ_ASSERT(scan_decode(data, size, FUZZ_MAX_PIXELS, &again) == SCAN_OK);
    FUZZ_ASSERT(again.grey.w == photo.grey.w && again.grey.h == photo.grey.h);
    FUZZ_ASSERT(memcmp(again.grey.px, photo.grey.px, (size_t)photo.grey.w * photo.grey.h) == 0);
    scan_image_free(&again.grey);
    scan_image_free(&photo.grey);
    return 0;
}
