/* DEFLATE (RFC 1951) inside a gzip member (RFC 1952), written from the
 * RFCs (firmware/inflate/inflate.h).
 *
 * Every loop is bounded by what it walks: a symbol's bits (at most 15),
 * a table's entries (512), a block's header (286 + 30 lengths), a
 * refill (a word), and the streams themselves: each pass of a block
 * loop takes at least one bit of input or writes at least one byte of
 * output, and both are finite (the callback's file, the caller's
 * capacity). A table lookup may look at bits past the input's end (they
 * read as zeros); taking them sets the sticky error (INFLATE_ETRUNC),
 * which every loop checks. */
#include "firmware/inflate/inflate.h"

#include <stddef.h>
#include <string.h>

#include "lib/crc.h"

/* gzip header (RFC 1952 2.3.1) */
#define GZ_CM_DEFLATE 8u
#define GZ_FTEXT 0x01u
#define GZ_FHCRC 0x02u
#define GZ_FEXTRA 0x04u
#define GZ_FNAME 0x08u
#define GZ_FCOMMENT 0x10u
#define GZ_FRESERVED 0xE0u
#define GZ_MTIME_XFL_OS 6u            /* MTIME (4), XFL, OS */
/* A NUL-terminated FNAME or FCOMMENT is read to its NUL; this bounds the
 * loop (the input's end bounds it anyway). */
#define GZ_STRING_MAX 0xFFFFFFFFu

/* block types (RFC 1951 3.2.3) */
#define BTYPE_STORED 0u
#define BTYPE_FIXED 1u
#define BTYPE_DYNAMIC 2u

#define SYM_END 256u
#define LIT_CODES 286u                /* 286, 287 never occur */
#define DIST_CODES 30u                /* 30, 31 never occur */
#define CLEN_CODES 19u
#define SYMS 288u                     /* struct inflate_huff's sym */
_Static_assert(sizeof(((struct inflate_huff *)0)->sym) == SYMS * 2u,
               "SYMS is sym's length");

/* The order the code length code's lengths come in (3.2.7). */
static const uint8_t clen_order[CLEN_CODES] = {
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
};

const char *inflate_strerror(int err)
{
    static const char *const inflate_msg[] = {
#define INFLATE_ERR_TEXT(name, value, text) [-(value)] = text,
        INFLATE_ERRORS(INFLATE_ERR_TEXT)
#undef INFLATE_ERR_TEXT
    };
    const int count = (int)(sizeof(inflate_msg) / sizeof(inflate_msg[0]));

    if (err > 0 || err <= -count)
        return "unknown error";
    return inflate_msg[-err];
}

void inflate_init(struct inflate *z, uint8_t *out, uint32_t cap,
                  inflate_read_fn read, void *ctx)
{
    z->out = out;
    z->cap = cap;
    z->len = 0;
    z->read = read;
    z->ctx = ctx;
    z->read_err = 0;
    z->chunk = 0;
    z->pos = z->end = z->stop = 0;
    z->bits = 0;
    z->nbits = 0;
    z->eof = 0;
    z->err = 0;
    z->in_done = 0;
    z->in_total = 0;
    z->crc = 0;
    /* Whatever the state's memory held: a length is at most 15 from the
     * start (a block's lengths are all set before its codes are built). */
    memset(z->lens, 0, sizeof(z->lens));
}

static int fail(struct inflate *z, int err)
{
    if (!z->err)
        z->err = err;
    return z->err;
}

#define WORD_BITS (8u * (uint32_t)sizeof(inflate_bits_t))
/* A word loaded at any address: where the CPU does it in one load
 * (x86, Armv7-M; __builtin_memcpy, since -ffreestanding makes a plain
 * memcpy a call), else four bytes put together (RISC-V: the U54 traps a
 * misaligned load). */
#if defined(INFLATE_WORD_LOADS)
#define WORD_LOADS INFLATE_WORD_LOADS   /* the proof's: its target's choice */
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || \
     defined(__ARM_FEATURE_UNALIGNED))
#define WORD_LOADS 1
#else
#define WORD_LOADS 0
#endif
/* Frama-C has no contract for __builtin_memcpy; its memcpy's contract
 * checks the bytes read. */
#ifdef __FRAMAC__
#define WORD_COPY memcpy
#else
#define WORD_COPY __builtin_memcpy
#endif
#define FAST_MASK ((1u << INFLATE_FAST_BITS) - 1u)
/* The bytes a refill loads at once, from any pos below z->stop. */
#define LOAD_BYTES (WORD_LOADS ? (uint32_t)sizeof(inflate_bits_t) : 4u)

static uint32_t load_stop(uint32_t end)
{
    return end >= LOAD_BYTES ? end - (LOAD_BYTES - 1u) : 0;
}

/* The next chunk from the callback: 1, or 0 at the end (a read error
 * sets the sticky error; the end only once bits past it are asked for). */
static int more(struct inflate *z)
{
    /* Called with the chunk taken (pos == end): none left either way. */
    z->in_done += z->end;
    z->pos = z->end = z->stop = 0;
    if (z->eof)
        return 0;
    int32_t n = z->read(z->ctx, &z->chunk);

    if (n <= 0) {
        z->eof = 1;
        if (n < 0) {
            z->read_err = n;
            fail(z, INFLATE_EREAD);
        }
        return 0;
    }
    z->end = (uint32_t)n;
    z->stop = load_stop(z->end);
    return 1;
}

/* The bit buffer topped up: a word from the chunk when it holds one
 * (the bytes past the bits counted are the stream's own, taken again by
 * the next refill), else byte by byte across chunks (each pass takes a
 * byte or a chunk, or ends). Fewer bits than asked for after it: the
 * input's end. */
static void refill(struct inflate *z)
{
    if (WORD_LOADS && z->pos < z->stop) {
        inflate_bits_t w;
        uint32_t take = (WORD_BITS - 1u - z->nbits) >> 3;

        WORD_COPY(&w, z->chunk + z->pos, sizeof(w));
        z->bits |= w << z->nbits;
        z->pos += take;
        z->nbits += take * 8u;
        return;
    }
    if (!WORD_LOADS && z->nbits <= WORD_BITS - 32u && z->pos < z->stop) {
        const uint8_t *p = z->chunk + z->pos;

        z->bits |= (inflate_bits_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
                                    (uint32_t)p[2] << 16 |
                                    (uint32_t)p[3] << 24) << z->nbits;
        z->pos += 4;
        z->nbits += 32;
        return;
    }
    while (z->nbits <= WORD_BITS - 8u) {
        if (z->pos >= z->end && !more(z))
            return;
        z->bits |= (inflate_bits_t)z->chunk[z->pos++] << z->nbits;
        z->nbits += 8;
    }
}

/* n (<= 16) bits, the first in the stream lowest (3.1.1); past the
 * input's end 0, with the sticky error set. */
static uint32_t get_bits(struct inflate *z, uint32_t n)
{
    if (z->nbits < n) {
        refill(z);
        if (z->nbits < n) {
            fail(z, INFLATE_ETRUNC);
            return 0;
        }
    }
    uint32_t v = (uint32_t)z->bits & ((1u << n) - 1u);

    z->bits >>= n;
    z->nbits -= n;
    return v;
}

/* A byte of a gzip header or trailer (the bit buffer is on a byte's
 * edge there), folded into the header's CRC. */
static uint32_t get_byte(struct inflate *z)
{
    uint8_t b = (uint8_t)get_bits(z, 8);

    z->crc = ext_crc32(z->crc, &b, 1);
    return b;
}

/* What a table's entry says (inflate.h). */
#define E_LEN(e) ((e) & 15u)
#define E_EXTRA(e) ((e) >> 4 & 15u)
#define E_KIND(e) ((e) >> 8 & 15u)
#define E_VALUE(e) ((e) >> 16)
#define K_LIT 0u                      /* a byte, or a code length 0-18 */
#define K_COPY 1u                     /* a length or distance */
#define K_END 2u                      /* end of block */
#define K_BAD 3u                      /* 286-287, 30-31: never occur */
#define K_LONG 4u                     /* a code longer than the table */
#define CODE_LENS 0u                  /* the code length code (3.2.7) */
#define CODE_LIT 1u
#define CODE_DIST 2u

/* A symbol's meaning (3.2.5): lengths 257-285 have 8 of 0 extra bits,
 * then 4 each of 1 to 5, then 258; distances 0-29 have 4 of 0 extra
 * bits, then 2 each of 1 to 13. */
static uint32_t entry_of(uint32_t sym, uint32_t what)
{
    uint32_t x = 0, base;

    if (what == CODE_LIT && sym >= SYM_END) {
        if (sym == SYM_END)
            return K_END << 8;
        if (sym >= LIT_CODES)
            return K_BAD << 8;
        uint32_t i = sym - 257u;

        if (i < 8) {
            base = i + 3u;
        } else if (i == 28) {
            base = 258;
        } else {
            x = (i - 4u) >> 2;
            base = ((4u + (i & 3u)) << x) + 3u;
        }
    } else if (what == CODE_DIST) {
        if (sym >= DIST_CODES)
            return K_BAD << 8;
        if (sym < 4) {
            base = sym + 1u;
        } else {
            x = (sym - 2u) >> 1;
            base = ((2u + (sym & 1u)) << x) + 1u;
        }
    } else {
        return sym << 16 | K_LIT << 8;
    }
    return base << 16 | K_COPY << 8 | x << 4;
}

/* Builds the canonical code of n lengths (3.2.2): codes of one length
 * are consecutive, ordered by symbol, and come first in the stream by
 * their most significant bit, so the table is indexed by the code's
 * bits reversed. An incomplete code is accepted only as a single code
 * of one bit (a distance code may have one used distance); none at all
 * is accepted too (a block of literals only needs no distance code),
 * decoding then fails on use. */
static int build(struct inflate *z, struct inflate_huff *h,
                 const uint8_t *lens, uint32_t n, uint32_t what)
{
    uint16_t next[INFLATE_MAXBITS + 2u], code[INFLATE_MAXBITS + 1u];
    int32_t left = 1;

    h->what = what;
    for (uint32_t b = 0; b <= INFLATE_MAXBITS; b++)
        h->count[b] = 0;
    for (uint32_t i = 0; i < (1u << INFLATE_FAST_BITS); i++)
        h->fast[i] = 0;
    for (uint32_t i = 0; i < n; i++)
        h->count[lens[i]]++;
    if (h->count[0] == n)
        return 0;
    /*@ loop unroll INFLATE_MAXBITS; */
    for (uint32_t b = 1; b <= INFLATE_MAXBITS; b++) {
        left = left * 2 - h->count[b];
        if (left < 0)
            return fail(z, INFLATE_EOVERSUB);
    }
    if (left > 0 && !(h->count[1] == 1 && h->count[0] == n - 1u))
        return fail(z, INFLATE_EINCOMPLETE);
    /* next: where a length's symbols start in sym; code: its first code */
    next[1] = 0;
    code[0] = 0;
    h->count[0] = 0;
    /*@ loop unroll INFLATE_MAXBITS; */
    for (uint32_t b = 1; b <= INFLATE_MAXBITS; b++) {
        next[b + 1u] = (uint16_t)(next[b] + h->count[b]);
        code[b] = (uint16_t)((code[b - 1u] + h->count[b - 1u]) << 1);
        if (b == INFLATE_FAST_BITS) {
            h->long_index = next[b + 1u];
            h->long_first = (uint16_t)((code[b] + h->count[b]) << 1);
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t l = lens[i];

        if (!l)
            continue;
        uint32_t at = next[l]++;

        /* Always below n, by the counts' sum: one compare a symbol. */
        if (at < SYMS)
            h->sym[at] = (uint16_t)i;
        uint32_t c = code[l]++, r = 0;
        uint32_t k = l > INFLATE_FAST_BITS ? INFLATE_FAST_BITS : l;

        if (l > INFLATE_FAST_BITS)
            c >>= l - INFLATE_FAST_BITS;
        /*@ loop unroll INFLATE_FAST_BITS; */
        for (uint32_t b = 0; b < k; b++)
            r = r << 1 | ((c >> b) & 1u);
        if (l > INFLATE_FAST_BITS) {
            h->fast[r] = c << 16 | K_LONG << 8;
            continue;
        }
        uint32_t e = entry_of(i, what) | l;
        for (; r < (1u << INFLATE_FAST_BITS); r += 1u << l)
            h->fast[r] = e;
    }
    return 0;
}

/* One symbol, its extra bits taken: its kind and value (E_KIND,
 * E_VALUE). The table's entry for the next bits, or past it the
 * canonical order bit by bit: at each length the codes of that length
 * are the range [first, first + count), in order (3.2.2). */
static uint32_t decode(struct inflate *z, const struct inflate_huff *h)
{
    if (z->nbits < INFLATE_MAXBITS)
        refill(z);
    uint32_t e = h->fast[z->bits & FAST_MASK], l = E_LEN(e);

    if (E_KIND(e) == K_LONG) {
        uint32_t code = E_VALUE(e) << 1;
        uint32_t first = h->long_first, index = h->long_index;
        inflate_bits_t rest = z->bits >> INFLATE_FAST_BITS;

        e = 0;
        for (l = INFLATE_FAST_BITS + 1u; l <= INFLATE_MAXBITS; l++) {
            if (l > z->nbits)
                break;
            code |= (uint32_t)rest & 1u;
            rest >>= 1;
            if (code - first < h->count[l]) {
                uint32_t at = index + (code - first);

                /* Below the code's symbol count by its canonical order:
                 * one compare a long code. */
                if (at < SYMS)
                    e = entry_of(h->sym[at], h->what) | l;
                break;
            }
            index += h->count[l];
            first = (first + h->count[l]) << 1;
            code <<= 1;
        }
        /* A complete code's long prefix always ends in a code of at most
         * 15 bits: only the input's end stops short of it. */
        if (!e) {
            fail(z, INFLATE_ETRUNC);
            return K_BAD << 8;
        }
    } else if (!l || l > z->nbits) {
        /* The unused part of an incomplete code, or a table with no
         * codes at all; or the input's end inside a code. */
        fail(z, l || !z->nbits ? INFLATE_ETRUNC : INFLATE_EINCOMPLETE);
        return K_BAD << 8;
    }
    z->bits >>= l;
    z->nbits -= l;
    uint32_t x = get_bits(z, E_EXTRA(e));

    return e + (x << 16);
}

static int stored(struct inflate *z)
{
    z->bits >>= z->nbits & 7u;      /* to the byte's edge (3.2.4) */
    z->nbits -= z->nbits & 7u;
    uint32_t len = get_bits(z, 16), nlen = get_bits(z, 16);

    if (z->err)
        return z->err;
    if ((len ^ nlen) != 0xFFFFu)
        return fail(z, INFLATE_ESTORED);
    for (uint32_t i = 0; i < len && !z->err; i++) {
        uint8_t b = (uint8_t)get_bits(z, 8);

        if (z->err)
            break;
        if (z->len >= z->cap)
            return fail(z, INFLATE_EFULL);
        z->out[z->len++] = b;
    }
    return z->err;
}

/* The fixed codes (3.2.6): 288 literal/length lengths (286 and 287 take
 * part in the code but never occur) and 32 distance codes of 5 bits. */
static void fixed(struct inflate *z)
{
    uint8_t *d = z->lens + 288;
    uint32_t i = 0;

    for (; i < 144; i++)
        z->lens[i] = 8;
    for (; i < 256; i++)
        z->lens[i] = 9;
    for (; i < 280; i++)
        z->lens[i] = 7;
    for (; i < 288; i++)
        z->lens[i] = 8;
    for (i = 0; i < 32; i++)
        d[i] = 5;
    build(z, &z->lit, z->lens, 288, CODE_LIT);
    build(z, &z->dist, d, 32, CODE_DIST);
}

/* A dynamic block's header (3.2.7): the code length code, then the
 * literal/length and distance codes' lengths in one run. */
static int dynamic(struct inflate *z)
{
    uint32_t hlit = get_bits(z, 5) + 257u;
    uint32_t hdist = get_bits(z, 5) + 1u;
    uint32_t hclen = get_bits(z, 4) + 4u;
    uint8_t clens[CLEN_CODES] = { 0 };

    if (hlit > LIT_CODES || hdist > DIST_CODES)
        return fail(z, INFLATE_ELENS);
    for (uint32_t i = 0; i < CLEN_CODES; i++)
        clens[clen_order[i]] = (uint8_t)(i < hclen ? get_bits(z, 3) : 0);
    if (z->err || build(z, &z->dist, clens, CLEN_CODES, CODE_LENS))
        return z->err;
    /* Each pass sets at least one length. */
    for (uint32_t i = 0; i < hlit + hdist && !z->err;) {
        uint32_t s = E_VALUE(decode(z, &z->dist)), n;
        uint8_t v = 0;

        if (z->err)
            return z->err;
        if (s < 16) {
            z->lens[i++] = (uint8_t)s;
            continue;
        }
        if (s == 16) {
            if (i == 0)
                return fail(z, INFLATE_ELENS);
            v = z->lens[i - 1u];
            n = 3u + get_bits(z, 2);
        } else if (s == 17) {
            n = 3u + get_bits(z, 3);
        } else {
            n = 11u + get_bits(z, 7);
        }
        uint32_t stop = i + n;          /* i < 316, n <= 138: no wrap */

        if (stop > hlit + hdist)
            return fail(z, INFLATE_ELENS);
        while (i < stop)
            z->lens[i++] = v;
    }
    if (z->err)
        return z->err;
    if (z->lens[SYM_END] == 0)
        return fail(z, INFLATE_ELENS);        /* no end-of-block code */
    if (build(z, &z->lit, z->lens, hlit, CODE_LIT))
        return z->err;
    return build(z, &z->dist, z->lens + hlit, hdist, CODE_DIST);
}

/* A Huffman block's symbols to its end of block. The bit buffer, the
 * input's place and the output's count are held apart from z while
 * bytes are written (a byte store may alias anything of z's), and put
 * back around the calls that take z: a refill across chunks, a code
 * longer than the table's bits, a failure. */
#define PUT_BACK() (z->bits = bits, z->nbits = nbits, z->pos = (uint32_t)pos)
#define TAKE() (bits = z->bits, nbits = z->nbits, in = z->chunk, \
                pos = z->pos, in_stop = z->stop)
/* The input's end, or a refill across chunks: through z. */
#define REFILL_SLOW() (PUT_BACK(), refill(z), TAKE())
#if WORD_LOADS
#define REFILL() do { \
        if (pos < in_stop) { \
            inflate_bits_t w_; \
            uint32_t take_ = (WORD_BITS - 1u - nbits) >> 3; \
            WORD_COPY(&w_, in + pos, sizeof(w_)); \
            bits |= w_ << nbits; \
            pos += take_; \
            nbits += take_ * 8u; \
        } else { \
            REFILL_SLOW(); \
        } \
    } while (0)
#else
#define REFILL() do { \
        if (nbits <= WORD_BITS - 32u && pos < in_stop) { \
            const uint8_t *p_ = in + pos; \
            bits |= (inflate_bits_t)((uint32_t)p_[0] | \
                                     (uint32_t)p_[1] << 8 | \
                                     (uint32_t)p_[2] << 16 | \
                                     (uint32_t)p_[3] << 24) << nbits; \
            pos += 4; \
            nbits += 32; \
        } else { \
            REFILL_SLOW(); \
        } \
    } while (0)
#endif
/* The entry of table t for the next bits into e. */
#define LOOKUP(t, e) do { \
        if (nbits < INFLATE_MAXBITS + 13u) \
            REFILL(); \
        e = (t)[bits & FAST_MASK]; \
    } while (0)
/* Its symbol and extra bits taken, e the value with the extra bits
 * added; else decode()'s. */
#define SYMBOL(h, e) do { \
        uint32_t l_ = E_LEN(e), n_ = l_ + E_EXTRA(e); \
        if (l_ && n_ <= nbits) { \
            e += ((uint32_t)(bits >> l_) & ((1u << E_EXTRA(e)) - 1u)) << 16; \
            bits >>= n_; \
            nbits -= n_; \
        } else { \
            PUT_BACK(); \
            e = decode(z, h); \
            TAKE(); \
            if (z->err) \
                goto out; \
        } \
    } while (0)

static int codes(struct inflate *z)
{
    /* len never passes cap: the min bounds o for EVA from the first
     * block on (tests/prove/h_image.c). */
    uint32_t len = z->len < z->cap ? z->len : z->cap;
    uint8_t *const out = z->out, *o = out + len;
    uint8_t *const end = out + z->cap;
    const uint32_t *const lit = z->lit.fast, *const dst = z->dist.fast;
    inflate_bits_t bits;
    uint32_t nbits;
    size_t pos, in_stop;
    const uint8_t *in;

    TAKE();
    for (;;) {
        uint32_t e, d;

        LOOKUP(lit, e);
        /* A literal in the table: its code's length 1 .. nbits. */
        if (E_KIND(e) == K_LIT && E_LEN(e) - 1u < nbits) {
            if (o >= end) {
                fail(z, INFLATE_EFULL);
                break;
            }
            *o++ = (uint8_t)E_VALUE(e);
            bits >>= E_LEN(e);
            nbits -= E_LEN(e);
            continue;
        }
        SYMBOL(&z->lit, e);
        if (E_KIND(e) == K_LIT) {
            if (o >= end) {
                fail(z, INFLATE_EFULL);
                break;
            }
            *o++ = (uint8_t)E_VALUE(e);
            continue;
        }
        if (E_KIND(e) == K_END)
            break;
        if (E_KIND(e) != K_COPY) {
            fail(z, INFLATE_ESYMBOL);
            break;
        }
        LOOKUP(dst, d);
        SYMBOL(&z->dist, d);
        if (E_KIND(d) != K_COPY) {
            fail(z, INFLATE_ESYMBOL);
            break;
        }
        uint32_t n = E_VALUE(e), dist = E_VALUE(d);
        if (dist > (uint32_t)(o - out)) {
            fail(z, INFLATE_EDIST);
            break;
        }
        /* Byte by byte: a copy may overlap what it writes (3.2.3). */
        size_t room = (size_t)(end - o), k = n < room ? n : room;
        const uint8_t *from = o - dist;
        uint8_t *stop = o + k;

        /* Never true (k <= room): one compare a match, so that EVA
         * bounds stop by end, and o by stop once copied (o = stop). */
        if (stop > end)
            stop = end;
        while (stop - o >= 4) {
            o[0] = from[0];
            o[1] = from[1];
            o[2] = from[2];
            o[3] = from[3];
            o += 4;
            from += 4;
        }
        while (o < stop)
            *o++ = *from++;
        o = stop;
        if (k < n) {
            fail(z, INFLATE_EFULL);
            break;
        }
    }
out:
    PUT_BACK();
    z->len = (uint32_t)(o - out);
    return z->err;
}

static int deflate_blocks(struct inflate *z)
{
    uint32_t last = 0;

    /* Each block takes at least 3 bits of input. */
    while (!last && !z->err) {
        last = get_bits(z, 1);
        uint32_t type = get_bits(z, 2);

        if (z->err)
            break;
        if (type == BTYPE_STORED) {
            stored(z);
        } else if (type == BTYPE_FIXED) {
            fixed(z);
            codes(z);
        } else if (type == BTYPE_DYNAMIC) {
            if (!dynamic(z))
                codes(z);
        } else {
            fail(z, INFLATE_EBTYPE);
        }
    }
    return z->err;
}

/* The compressed bytes taken: the chunks' less the whole bytes still in
 * the bit buffer. */
static int done(struct inflate *z)
{
    z->in_total = z->in_done + z->pos - z->nbits / 8u;
    return z->err;
}

/* The first chunk, before any bit is asked for: from here on z->chunk
 * is the callback's, never NULL (EVA cannot tie it to z->end). */
static int first_chunk(struct inflate *z)
{
    if (!more(z))
        return fail(z, INFLATE_ETRUNC);
    return 0;
}

int inflate_raw(struct inflate *z)
{
    if (!first_chunk(z))
        deflate_blocks(z);
    return done(z);
}

/* A NUL-terminated FNAME or FCOMMENT, skipped. */
static void skip_string(struct inflate *z)
{
    for (uint32_t i = 0; i < GZ_STRING_MAX && !z->err; i++)
        if (get_byte(z) == 0)
            return;
}

static int gzip_header(struct inflate *z)
{
    z->crc = ~0u;
    uint32_t id1 = get_byte(z), id2 = get_byte(z);

    if (z->err)
        return z->err;
    if (id1 != GZIP_ID1 || id2 != GZIP_ID2)
        return fail(z, INFLATE_EMAGIC);
    uint32_t cm = get_byte(z), flg = get_byte(z);

    if (z->err)
        return z->err;
    if (cm != GZ_CM_DEFLATE)
        return fail(z, INFLATE_EMETHOD);
    if (flg & GZ_FRESERVED)
        return fail(z, INFLATE_EFLAGS);
    for (uint32_t i = 0; i < GZ_MTIME_XFL_OS; i++)
        get_byte(z);
    if (flg & GZ_FEXTRA) {
        uint32_t xlen = get_byte(z);

        xlen |= get_byte(z) << 8;
        for (uint32_t i = 0; i < xlen && !z->err; i++)
            get_byte(z);
    }
    if (flg & GZ_FNAME)
        skip_string(z);
    if (flg & GZ_FCOMMENT)
        skip_string(z);
    if (flg & GZ_FHCRC) {
        /* the low 16 bits of the CRC-32 of the bytes before it */
        uint32_t want = ~z->crc & 0xFFFFu;
        uint32_t got = get_bits(z, 8);

        got |= get_bits(z, 8) << 8;
        if (!z->err && got != want)
            return fail(z, INFLATE_EHCRC);
    }
    return z->err;
}

int inflate_gzip(struct inflate *z)
{
    if (first_chunk(z) || gzip_header(z) || deflate_blocks(z))
        return done(z);
    z->bits >>= z->nbits & 7u;      /* the trailer starts on a byte */
    z->nbits -= z->nbits & 7u;
    uint32_t crc = get_bits(z, 16);
    crc |= get_bits(z, 16) << 16;
    uint32_t isize = get_bits(z, 16);
    isize |= get_bits(z, 16) << 16;

    if (z->err)
        return done(z);
    if (~ext_crc32_bulk(~0u, z->out, z->len) != crc)
        fail(z, INFLATE_ECRC);
    else if (isize != z->len)
        fail(z, INFLATE_EISIZE);
    /* Nothing may follow: not a byte in the bit buffer (on a byte's edge
     * now), the chunk, or the callback's next one. */
    else if (z->nbits || z->pos != z->end)
        fail(z, INFLATE_ETRAILING);
    else if (more(z))
        fail(z, INFLATE_ETRAILING);
    return done(z);
}
