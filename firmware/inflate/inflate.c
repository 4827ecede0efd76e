/* DEFLATE (RFC 1951) inside a gzip member (RFC 1952), written from the
 * RFCs (firmware/inflate/inflate.h).
 *
 * Every loop is bounded by what it walks: a symbol's bits (at most 15),
 * a table's symbols (288), a block's header (286 + 30 lengths), and the
 * streams themselves: each pass of a block loop takes at least one bit
 * of input or writes at least one byte of output, and both are finite
 * (the callback's file, the caller's capacity). Past the input's end the
 * bit reader feeds zero bits and sets the sticky error, which every loop
 * checks. */
#include "firmware/inflate/inflate.h"

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
    z->in = z->in_end = 0;
    z->bits = 0;
    z->nbits = 0;
    z->err = 0;
    z->in_total = 0;
    z->crc = 0;
}

static int fail(struct inflate *z, int err)
{
    if (!z->err)
        z->err = err;
    return z->err;
}

/* The next input byte; past the end 0, with the sticky error set. */
static uint32_t next_byte(struct inflate *z)
{
    if (z->in == z->in_end) {
        if (z->err)
            return 0;
        int32_t n = z->read(z->ctx, &z->in);

        if (n <= 0) {
            z->in = z->in_end = 0;
            if (n < 0) {
                z->read_err = n;
                fail(z, INFLATE_EREAD);
            } else {
                fail(z, INFLATE_ETRUNC);
            }
            return 0;
        }
        z->in_end = z->in + n;
    }
    z->in_total++;
    return *z->in++;
}

/* n (<= 24) bits, the first in the stream lowest (3.1.1). */
static uint32_t get_bits(struct inflate *z, uint32_t n)
{
    while (z->nbits < n) {          /* at most 3 bytes */
        z->bits |= next_byte(z) << z->nbits;
        z->nbits += 8;
    }
    uint32_t v = z->bits & ((1u << n) - 1u);

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

/* Builds the canonical code of n lengths (3.2.2): codes of one length
 * are consecutive, ordered by symbol. An incomplete code is accepted
 * only as a single code of one bit (a distance code may have one used
 * distance); none at all is accepted too (a block of literals only
 * needs no distance code), decoding then fails on use. */
static int build(struct inflate *z, uint16_t *count, uint16_t *sym,
                 const uint8_t *lens, uint32_t n)
{
    uint16_t next[INFLATE_MAXBITS + 1u];
    int32_t left = 1;

    for (uint32_t b = 0; b <= INFLATE_MAXBITS; b++)
        count[b] = 0;
    for (uint32_t i = 0; i < n; i++)
        count[lens[i]]++;
    if (count[0] == n)
        return 0;
    for (uint32_t b = 1; b <= INFLATE_MAXBITS; b++) {
        left = left * 2 - count[b];
        if (left < 0)
            return fail(z, INFLATE_EOVERSUB);
    }
    if (left > 0 && !(count[1] == 1 && count[0] == n - 1u))
        return fail(z, INFLATE_EINCOMPLETE);
    next[1] = 0;
    for (uint32_t b = 1; b < INFLATE_MAXBITS; b++)
        next[b + 1u] = (uint16_t)(next[b] + count[b]);
    for (uint32_t i = 0; i < n; i++)
        if (lens[i])
            sym[next[lens[i]]++] = (uint16_t)i;
    return 0;
}

/* One symbol, bit by bit: at each length the codes of that length are
 * the range [first, first + count), in order (3.2.2). */
static uint32_t decode(struct inflate *z, const uint16_t *count,
                       const uint16_t *sym)
{
    uint32_t code = 0, first = 0, index = 0;

    for (uint32_t b = 1; b <= INFLATE_MAXBITS; b++) {
        if (!z->nbits) {
            z->bits = next_byte(z);
            z->nbits = 8;
        }
        code |= z->bits & 1u;
        z->bits >>= 1;
        z->nbits--;
        if (code - first < count[b])
            return sym[index + code - first];
        index += count[b];
        first = (first + count[b]) << 1;
        code <<= 1;
    }
    /* Past every code: the unused part of an incomplete code, or a table
     * with no codes at all. */
    fail(z, INFLATE_EINCOMPLETE);
    return 0;
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

        if (z->len == z->cap)
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
    build(z, z->lit.count, z->lit.sym, z->lens, 288);
    build(z, z->dist.count, z->dist.sym, d, 32);
}

/* A dynamic block's header (3.2.7): the code length code, then the
 * literal/length and distance codes' lengths in one run. */
static int dynamic(struct inflate *z)
{
    uint32_t hlit = get_bits(z, 5) + 257u;
    uint32_t hdist = get_bits(z, 5) + 1u;
    uint32_t hclen = get_bits(z, 4) + 4u;
    uint8_t clens[CLEN_CODES];

    if (hlit > LIT_CODES || hdist > DIST_CODES)
        return fail(z, INFLATE_ELENS);
    for (uint32_t i = 0; i < CLEN_CODES; i++)
        clens[clen_order[i]] = (uint8_t)(i < hclen ? get_bits(z, 3) : 0);
    if (z->err || build(z, z->dist.count, z->dist.sym, clens, CLEN_CODES))
        return z->err;
    /* Each pass sets at least one length. */
    for (uint32_t i = 0; i < hlit + hdist && !z->err;) {
        uint32_t s = decode(z, z->dist.count, z->dist.sym), n;
        uint8_t v = 0;

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
        if (n > hlit + hdist - i)
            return fail(z, INFLATE_ELENS);
        for (uint32_t k = 0; k < n; k++)
            z->lens[i++] = v;
    }
    if (z->err)
        return z->err;
    if (z->lens[SYM_END] == 0)
        return fail(z, INFLATE_ELENS);        /* no end-of-block code */
    if (build(z, z->lit.count, z->lit.sym, z->lens, hlit))
        return z->err;
    return build(z, z->dist.count, z->dist.sym, z->lens + hlit, hdist);
}

/* A length symbol 257-285 (3.2.5): base and extra bits, as the table
 * there lays them out: 8 lengths of 0 extra bits, then 4 each of 1 to 5,
 * then 258. */
static uint32_t length_of(struct inflate *z, uint32_t s)
{
    uint32_t i = s - 257u;

    if (i < 8)
        return i + 3u;
    if (i == 28)
        return 258;
    uint32_t e = (i - 4u) / 4u;
    return ((4u + (i & 3u)) << e) + 3u + get_bits(z, e);
}

/* A distance symbol 0-29: 4 of 0 extra bits, then 2 each of 1 to 13. */
static uint32_t distance_of(struct inflate *z, uint32_t d)
{
    if (d < 4)
        return d + 1u;
    uint32_t e = (d - 2u) / 2u;
    return ((2u + (d & 1u)) << e) + 1u + get_bits(z, e);
}

/* A Huffman block's symbols to its end of block. */
static int codes(struct inflate *z)
{
    for (;;) {
        uint32_t s = decode(z, z->lit.count, z->lit.sym);

        if (z->err)
            return z->err;
        if (s < 256) {
            if (z->len == z->cap)
                return fail(z, INFLATE_EFULL);
            z->out[z->len++] = (uint8_t)s;
            continue;
        }
        if (s == SYM_END)
            return 0;
        if (s >= LIT_CODES)
            return fail(z, INFLATE_ESYMBOL);
        uint32_t len = length_of(z, s);
        uint32_t d = decode(z, z->dist.count, z->dist.sym);

        if (z->err)
            return z->err;
        if (d >= DIST_CODES)
            return fail(z, INFLATE_ESYMBOL);
        uint32_t dist = distance_of(z, d);
        if (z->err)
            return z->err;
        if (dist > z->len)
            return fail(z, INFLATE_EDIST);
        /* Byte by byte: a copy may overlap what it writes (3.2.3). */
        uint32_t room = z->cap - z->len, n = len < room ? len : room;
        uint8_t *o = z->out + z->len;
        const uint8_t *from = o - dist;

        for (uint32_t k = 0; k < n; k++)
            o[k] = from[k];
        z->len += n;
        if (n < len)
            return fail(z, INFLATE_EFULL);
    }
}

int inflate_raw(struct inflate *z)
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
    if (gzip_header(z) || inflate_raw(z))
        return z->err;
    z->bits >>= z->nbits & 7u;      /* the trailer starts on a byte */
    z->nbits -= z->nbits & 7u;
    uint32_t crc = get_bits(z, 16);
    crc |= get_bits(z, 16) << 16;
    uint32_t isize = get_bits(z, 16);
    isize |= get_bits(z, 16) << 16;

    if (z->err)
        return z->err;
    if (~ext_crc32(~0u, z->out, z->len) != crc)
        return fail(z, INFLATE_ECRC);
    if (isize != z->len)
        return fail(z, INFLATE_EISIZE);
    /* Nothing may follow: the bit buffer is empty on a byte's edge, so
     * any byte left is in the chunk or the callback's next one. */
    if (z->in != z->in_end)
        return fail(z, INFLATE_ETRAILING);
    int32_t n = z->read(z->ctx, &z->in);
    if (n < 0) {
        z->read_err = n;
        return fail(z, INFLATE_EREAD);
    }
    z->in_end = z->in;
    return n > 0 ? fail(z, INFLATE_ETRAILING) : 0;
}
