/* fuzz_formats.c -- libFuzzer harness for the puzzle file formats (formats/) and LZ-String.
 *
 * The first byte picks the format to read with (0: told from the text), the
 * rest is the text. Beyond the sanitizers it checks what the formats
 * promise, and traps when one breaks:
 *   - a state read is a grid of 4..35 with digits in range, a cell never
 *     both given and entered;
 *   - every format that writes the state reads its own text back, with the
 *     same size (json: the text passes the server's strict json_check);
 *   - LZ data that decodes encodes again to data that decodes to the same text.
 */
#include <stdint.h>
#include <string.h>

#include "formats/formats.h"
#include "formats/lzstring.h"
#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void formats_check_state(const fmt_state *s)
{
    int n = s->size;
    FUZZ_ASSERT(n >= SUDOKU_MIN_SIZE && n <= SUDOKU_MAX_TEXT_SIZE);
    for (int i = 0; i < n * n; i++) {
        FUZZ_ASSERT(s->givens[i] <= n && s->entries[i] <= n);
        FUZZ_ASSERT(s->givens[i] == 0 || s->entries[i] == 0);
    }
}

static void formats_check_writers(const fmt_state *s)
{
    static fmt_state back;
    char err[FMT_ERR_LEN];
    for (int f = FMT_AUTO + 1; f < FMT_COUNT; f++) {
        buf out = BUF_INIT;
        if (fmt_write((fmt_id)f, s, &out, err) == 0 && !out.oom) {
            const char *text = out.data != NULL ? out.data : "";
            if (f == FMT_JSON) {
                api_problem pb;
                FUZZ_ASSERT(json_check(text, out.len, &pb) == 0);
            } else {
                FUZZ_ASSERT(fmt_read(text, out.len, (fmt_id)f, &back, NULL, err) == 0);
                FUZZ_ASSERT(back.size == s->size);
            }
        }
        buf_free(&out);
    }
}

static void formats_check_lz(const char *text, size_t len)
{
    buf plain = BUF_INIT, packed = BUF_INIT, again = BUF_INIT;
    char err[128];
    if (lzstring_decode(text, len, &plain, err) == 0 && !plain.oom) {
        const char *p = plain.data != NULL ? plain.data : "";
        FUZZ_ASSERT(lzstring_encode(p, plain.len, &packed) == 0);
        if (!packed.oom) {
            FUZZ_ASSERT(lzstring_decode(packed.data, packed.len, &again, err) == 0 ||
                        plain.len == 0);
            FUZZ_ASSERT(plain.len == 0 ||
                        (again.len == plain.len && memcmp(again.data, p, plain.len) == 0));
        }
    }
    buf_free(&plain);
    buf_free(&packed);
    buf_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fmt_state s;
    char err[FMT_ERR_LEN];
    if (size == 0) return 0;
    fmt_id id = (fmt_id)(data[0] % FMT_COUNT);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    if (fmt_read(text, len, id, &s, NULL, err) == 0) {
        formats_check_state(&s);
        formats_check_writers(&s);
    } else {
        FUZZ_ASSERT(err[0] != '\0');
    }
    formats_check_lz(text, len);
    return 0;
}
