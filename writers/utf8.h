/* utf8.h -- strict UTF-8 decoding and encoding for the JSON reader and writer. Pure, thread-safe.
 */
#ifndef SUDOKUD_UTF8_H
#define SUDOKUD_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Length (2..4) of the valid UTF-8 sequence at s, whose lead byte is >= 0x80
 * and of which avail bytes may be read; 0 when it is not valid UTF-8
 * (overlong, a surrogate, above U+10FFFF, cut short). */
size_t utf8_seq(const unsigned char *s, size_t avail);

/* Writes code point cp (at most U+10FFFF, not a surrogate) as UTF-8 and a NUL
 * to out, which has room for UTF8_PUT_LEN bytes. */
#define UTF8_PUT_LEN 5
void utf8_put(uint32_t cp, char *out);

#endif /* SUDOKUD_UTF8_H */
