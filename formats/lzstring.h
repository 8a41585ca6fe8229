/* lzstring.h -- LZ-String's base64 form, both ways: how f-puzzles and SudokuPad pack a puzzle.
 *
 * f-puzzles links carry their JSON through lz-string's compressToBase64
 * (LZW over UTF-16 code units, 6 bits a character). This codec reads and
 * writes exactly that stream, on UTF-8 text. Pure and thread-safe; the
 * output is appended to a caller's buf.
 */
#ifndef FORMATS_LZSTRING_H
#define FORMATS_LZSTRING_H

#include <stddef.h>

#include "writers/buf.h"

/* The most UTF-16 units a decoding may make: LZW can expand quadratically,
 * and no puzzle comes near this. */
#define LZSTRING_MAX_UNITS (1u << 20)

/* Appends the compressToBase64 form of the UTF-8 text (len bytes) to out.
 * Returns 0, or -1 when the text is not valid UTF-8 (out->oom tells of memory). */
int lzstring_encode(const char *utf8, size_t len, buf *out);

/* Appends the UTF-8 text that base64 LZ data (len characters; '=' padding,
 * and a space for a '+' a URL turned into one, accepted) decodes to.
 * Returns 0, or -1 with a reason in err (128 bytes): a character outside
 * base64, a code the dictionary does not have, no end marker, more than
 * LZSTRING_MAX_UNITS, text that is not UTF-16. */
int lzstring_decode(const char *b64, size_t len, buf *out, char *err);

#endif /* FORMATS_LZSTRING_H */
