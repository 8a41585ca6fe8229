/* lzstring.c -- the LZ-String base64 codec (lzstring.h), written from its algorithm.
 *
 * DESIGN. The stream is LZW over UTF-16 code units with a growing code
 * width, packed 6 bits to a base64 character, lowest bit of each value
 * first:
 *
 *   code 0 | 8 bits     a new character below 256 joins the dictionary
 *   code 1 | 16 bits    a new character, any unit
 *   code 2              end of data
 *   code k >= 3         dictionary entry k
 *
 * The width starts at 2 bits (encoder) / 3 bits (decoder, which reads the
 * first literal before its loop) and grows by one whenever the count of
 * codes it can still tell apart ("enlarge in") reaches 0; the two sides
 * count the same events, so they stay in step.
 *
 * The encoder keys its dictionary by (code of the prefix, next unit) in one
 * open-addressed hash table; single units have prefix "none". The decoder
 * needs no table of strings: every entry is a span of its own output (an
 * entry is the previous output plus the first unit of the next), so an
 * entry is (start, length) into the output array.
 */
#include "formats/lzstring.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "writers/utf8.h"

static const char lz_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/* ---- UTF-8 <-> UTF-16 ----------------------------------------------------------- */

/* The UTF-16 units of UTF-8 text, malloc'd into *units (count in *n).
 * Returns 0, or -1 for text that is not UTF-8 or when out of memory. */
static int lz_to_utf16(const char *utf8, size_t len, uint16_t **units, size_t *n)
{
    const unsigned char *s = (const unsigned char *)utf8;
    uint16_t *u = malloc((len + 1) * sizeof(*u));
    size_t k = 0;
    if (u == NULL) return -1;
    for (size_t i = 0; i < len;) {
        uint32_t cp = s[i];
        size_t step = 1;
        if (cp >= 0x80) {
            step = utf8_seq(s + i, len - i);
            if (step == 0) {
                free(u);
                return -1;
            }
            cp = s[i] & (0x7F >> step);
            for (size_t j = 1; j < step; j++) cp = (cp << 6) | (s[i + j] & 0x3F);
        }
        if (cp >= 0x10000) {
            cp -= 0x10000;
            u[k++] = (uint16_t)(0xD800 | (cp >> 10));
            u[k++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
        } else {
            u[k++] = (uint16_t)cp;
        }
        i += step;
    }
    *units = u;
    *n = k;
    return 0;
}

/* Appends UTF-16 units as UTF-8. Returns 0, or -1 on a lone surrogate or a NUL. */
static int lz_put_utf16(const uint16_t *u, size_t n, buf *out)
{
    char tmp[UTF8_PUT_LEN];
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = u[i];
        if (cp == 0) return -1;
        if (cp >= 0xD800 && cp < 0xDC00) {
            if (i + 1 == n || u[i + 1] < 0xDC00 || u[i + 1] >= 0xE000) return -1;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (u[++i] - 0xDC00);
        } else if (cp >= 0xDC00 && cp < 0xE000) {
            return -1;
        }
        utf8_put(cp, tmp);
        buf_puts(out, tmp);
    }
    return 0;
}

/* ---- the encoder --------------------------------------------------------------- */

/* One dictionary slot: key 0 is empty. key = (prefix code + 1) << 16 | unit,
 * so a single unit's key is the unit + 1 << 16 with prefix "none" (-1). */
typedef struct lz_slot {
    uint64_t key;
    uint32_t code;
    bool fresh; /* a single unit not yet sent as a literal */
} lz_slot;

typedef struct lz_writer {
    lz_slot *slots;
    size_t mask;
    uint32_t next_code, bits, enlarge_in;
    unsigned acc, pos; /* the base64 character being filled */
    buf *out;
} lz_writer;

static uint64_t lz_key(long prefix, uint16_t unit)
{
    return ((uint64_t)(prefix + 2) << 16) | unit;
}

static lz_slot *lz_find(lz_writer *w, uint64_t key)
{
    size_t h = (size_t)(key * UINT64_C(0x9E3779B97F4A7C15) >> 20) & w->mask;
    while (w->slots[h].key != 0 && w->slots[h].key != key) h = (h + 1) & w->mask;
    return &w->slots[h];
}

/* Writes the low `n` bits of v, lowest first. */
static void lz_put_bits(lz_writer *w, uint32_t v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++, v >>= 1) {
        w->acc = (w->acc << 1) | (v & 1);
        if (++w->pos == 6) {
            buf_putc(w->out, lz_alphabet[w->acc]);
            w->acc = w->pos = 0;
        }
    }
}

static void lz_spend(lz_writer *w)
{
    if (--w->enlarge_in == 0) {
        w->enlarge_in = 1u << w->bits;
        w->bits++;
    }
}

/* Sends the current phrase: its code, or first the literal of a fresh unit. */
static void lz_emit(lz_writer *w, lz_slot *phrase, uint16_t unit)
{
    if (phrase->fresh) {
        bool wide = unit >= 256;
        lz_put_bits(w, wide ? 1 : 0, w->bits);
        lz_put_bits(w, unit, wide ? 16 : 8);
        lz_spend(w);
        phrase->fresh = false;
    } else {
        lz_put_bits(w, phrase->code, w->bits);
    }
    lz_spend(w);
}

int lzstring_encode(const char *utf8, size_t len, buf *out)
{
    uint16_t *u;
    size_t n;
    if (lz_to_utf16(utf8, len, &u, &n) != 0) return -1;
    size_t cap = 64;
    while (cap < 4 * n + 16) cap *= 2;
    size_t start = out->len;
    lz_writer w = {.slots = calloc(cap, sizeof(lz_slot)),
                   .mask = cap - 1,
                   .next_code = 3,
                   .bits = 2,
                   .enlarge_in = 2,
                   .out = out};
    if (w.slots == NULL) {
        free(u);
        out->oom = true;
        return 0;
    }
    lz_slot *phrase = NULL;   /* the longest known phrase ending here */
    uint16_t phrase_unit = 0; /* its unit when it is a single one */
    for (size_t i = 0; i < n; i++) {
        lz_slot *single = lz_find(&w, lz_key(-1, u[i]));
        if (single->key == 0) {
            *single = (lz_slot){lz_key(-1, u[i]), w.next_code++, true};
        }
        if (phrase == NULL) {
            phrase = single;
            phrase_unit = u[i];
            continue;
        }
        lz_slot *longer = lz_find(&w, lz_key((long)phrase->code, u[i]));
        if (longer->key != 0) {
            phrase = longer;
            continue;
        }
        lz_emit(&w, phrase, phrase_unit);
        *longer = (lz_slot){lz_key((long)phrase->code, u[i]), w.next_code++, false};
        phrase = lz_find(&w, lz_key(-1, u[i]));
        phrase_unit = u[i];
    }
    if (phrase != NULL) lz_emit(&w, phrase, phrase_unit);
    lz_put_bits(&w, 2, w.bits);
    do lz_put_bits(&w, 0, 1); /* lz-string flushes a whole character even when none is open */
    while (w.pos != 0);
    static const char *const pad[] = {"", "===", "==", "="};
    buf_puts(out, pad[(out->len - start) % 4]);
    free(w.slots);
    free(u);
    return 0;
}

/* ---- the decoder ---------------------------------------------------------------- */

static int lz_fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int lz_fail(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, 128, fmt, ap);
    va_end(ap);
    return -1;
}

typedef struct lz_reader {
    const char *s;
    size_t len, index;  /* the next character to fetch */
    unsigned val, mask; /* the character being read, and its next bit */
    bool bad;           /* a character outside base64 */
} lz_reader;

static unsigned lz_value(lz_reader *r)
{
    if (r->index >= r->len) {
        r->index++;
        return 0; /* past the end reads as zeros, and the loop's end check stops it */
    }
    char c = r->s[r->index++];
    if (c == ' ') c = '+'; /* a '+' a URL's form decoding turned into a space */
    const char *at = c != '\0' ? strchr(lz_alphabet, c) : NULL;
    if (at == NULL) {
        r->bad = true;
        return 0;
    }
    return (unsigned)(at - lz_alphabet);
}

static uint32_t lz_get_bits(lz_reader *r, uint32_t n)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (r->val & r->mask) v |= 1u << i;
        r->mask >>= 1;
        if (r->mask == 0) {
            r->mask = 32;
            r->val = lz_value(r);
        }
    }
    return v;
}

/* The output so far, and the dictionary as spans of it. */
typedef struct lz_text {
    uint16_t *u;
    size_t n, cap;
    uint32_t (*dict)[2]; /* start, length */
    size_t ndict, dict_cap;
} lz_text;

/* Appends units [from, from + n) of the output itself, or one unit when
 * `unit` is given (from == SIZE_MAX). Returns -1 past the limit or out of memory. */
static int lz_append(lz_text *t, size_t from, size_t n, uint16_t unit)
{
    if (t->n + n > LZSTRING_MAX_UNITS) return -1;
    if (t->n + n > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->n + n) cap *= 2;
        uint16_t *u = realloc(t->u, cap * sizeof(*u));
        if (u == NULL) return -1;
        t->u = u;
        t->cap = cap;
    }
    if (from == SIZE_MAX)
        t->u[t->n] = unit;
    else
        memmove(t->u + t->n, t->u + from, n * sizeof(*t->u)); /* n may overlap: w + w[0] */
    t->n += n;
    return 0;
}

static int lz_define(lz_text *t, size_t start, size_t len)
{
    if (t->ndict == t->dict_cap) {
        size_t cap = t->dict_cap ? 2 * t->dict_cap : 256;
        uint32_t(*d)[2] = realloc(t->dict, cap * sizeof(*d));
        if (d == NULL) return -1;
        t->dict = d;
        t->dict_cap = cap;
    }
    t->dict[t->ndict][0] = (uint32_t)start;
    t->dict[t->ndict][1] = (uint32_t)len;
    t->ndict++;
    return 0;
}

/* The decoding proper: the output units in t. Returns 0, or -1 with err. */
static int lz_decode_units(lz_reader *r, lz_text *t, char *err)
{
    uint32_t bits = 3, enlarge_in = 4;
    for (int i = 0; i < 3; i++)
        if (lz_define(t, 0, 0) != 0) goto oom; /* codes 0..2 are not entries */
    uint32_t first = lz_get_bits(r, 2);
    if (first == 2) return 0;
    if (first > 2) return lz_fail(err, "the data does not start with a character");
    uint16_t c0 = (uint16_t)lz_get_bits(r, first == 0 ? 8 : 16);
    if (lz_append(t, SIZE_MAX, 1, c0) != 0 || lz_define(t, 0, 1) != 0) goto oom;
    size_t w_start = 0, w_len = 1;
    for (;;) {
        if (r->index > r->len) return lz_fail(err, "the data ends without its end marker");
        uint32_t code = lz_get_bits(r, bits);
        if (code == 2) return 0;
        if (code < 2) {
            uint16_t c = (uint16_t)lz_get_bits(r, code == 0 ? 8 : 16);
            if (lz_append(t, SIZE_MAX, 1, c) != 0) goto limit;
            if (lz_define(t, t->n - 1, 1) != 0) goto oom;
            t->n--; /* the literal is output below as its entry */
            code = (uint32_t)t->ndict - 1;
            enlarge_in--;
        }
        if (enlarge_in == 0) enlarge_in = 1u << bits++;
        size_t e_start = t->n, e_len;
        if (code < t->ndict && code >= 3) {
            e_len = t->dict[code][1];
            if (lz_append(t, t->dict[code][0], e_len, 0) != 0) goto limit;
        } else if (code == t->ndict) {
            e_len = w_len + 1; /* w + w[0] */
            if (lz_append(t, w_start, w_len, 0) != 0 || lz_append(t, w_start, 1, 0) != 0)
                goto limit;
        } else {
            return lz_fail(err, "code %u is not in the dictionary", code);
        }
        if (lz_define(t, w_start, w_len + 1) != 0) goto oom; /* w + entry[0], contiguous */
        w_start = e_start;
        w_len = e_len;
        if (--enlarge_in == 0) enlarge_in = 1u << bits++;
        if (bits > 24) return lz_fail(err, "the codes grow past 24 bits");
    }
limit:
    return lz_fail(err, "the data unpacks to more than %u characters", LZSTRING_MAX_UNITS);
oom:
    return lz_fail(err, "out of memory");
}

int lzstring_decode(const char *b64, size_t len, buf *out, char *err)
{
    while (len > 0 && b64[len - 1] == '=') len--;
    if (len == 0) return lz_fail(err, "the data is empty");
    lz_reader r = {.s = b64, .len = len, .mask = 32};
    r.val = lz_value(&r);
    lz_text t = {0};
    int rc = lz_decode_units(&r, &t, err);
    if (rc == 0 && r.bad) rc = lz_fail(err, "a character outside base64");
    if (rc == 0 && lz_put_utf16(t.u, t.n, out) != 0)
        rc = lz_fail(err, "the data is not UTF-16 text");
    free(t.u);
    free(t.dict);
    return rc;
}
