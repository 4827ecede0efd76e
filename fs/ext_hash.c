/* Directory-index hashes: legacy, half-MD4 and TEA, each with signed and
 * unsigned char variants (hash versions 0-2 and 3-5). */
#include "ext_priv.h"

enum { DX_LEGACY, DX_HALF_MD4, DX_TEA };

/*@ assigns \nothing; */
static uint32_t rol32(uint32_t v, uint32_t s)
{
    return (v << s) | (v >> (32 - s));
}

/* Char c of the name, sign-extended in the signed variants. */
/*@ requires \valid_read(name + i);
    assigns \nothing; */
static uint32_t name_char(const char *name, uint32_t i, bool is_unsigned)
{
    uint8_t c = (uint8_t)name[i];

    return is_unsigned ? c : (uint32_t)(int32_t)(int8_t)c;
}

/*@ requires \valid_read(name + (0 .. len - 1));
    assigns \nothing; */
static uint32_t hash_legacy(const char *name, uint32_t len, bool is_unsigned)
{
    uint32_t h0 = 0x12A3FE2D, h1 = 0x37ABE8F9, i;

    /*@ loop invariant i <= len;
        loop assigns i, h0, h1; */
    for (i = 0; i < len; i++) {
        uint32_t h = h1 + (h0 ^ (name_char(name, i, is_unsigned) *
                                 7152373u));

        if (h & 0x80000000u)
            h -= 0x7FFFFFFF;
        h1 = h0;
        h0 = h;
    }
    return h0 << 1;
}

/* Pack up to 4*words name bytes into words, big-endian within each word,
 * padded with a pattern made of the length. */
/*@ requires 1 <= words <= 8 && \valid(w + (0 .. words - 1));
    requires \valid_read(name + (0 .. len - 1));
    assigns w[0 .. words - 1]; */
static void name_words(const char *name, uint32_t len, uint32_t *w,
                       uint32_t words, bool is_unsigned)
{
    uint32_t pad = len | (len << 8), val, i, n;

    pad |= pad << 16;
    val = pad;
    if (len > words * 4)
        len = words * 4;
    /*@ loop invariant i <= len <= words * 4;
        loop assigns i, val, w[0 .. words - 1]; */
    for (i = 0; i < len; i++) {
        val = name_char(name, i, is_unsigned) + (val << 8);
        if ((i & 3) == 3) {
            w[i / 4] = val;
            val = pad;
        }
    }
    n = len / 4;
    if (n < words)
        w[n++] = val;
    /*@ loop invariant n <= words;
        loop assigns n, w[0 .. words - 1]; */
    while (n < words)
        w[n++] = pad;
}

/* MD4's three rounds cut to 8 steps each, as the kernel's halfmd4. */
/*@ assigns buf[0 .. 3]; */
static void half_md4(uint32_t buf[4], const uint32_t in[8])
{
    static const uint8_t order[3][8] = {
        { 0, 1, 2, 3, 4, 5, 6, 7 },
        { 1, 3, 5, 7, 0, 2, 4, 6 },
        { 3, 7, 2, 6, 1, 5, 0, 4 },
    };
    static const uint8_t shifts[3][4] = {
        { 3, 7, 11, 19 }, { 3, 5, 9, 13 }, { 3, 9, 11, 15 },
    };
    static const uint32_t k[3] = { 0, 0x5A827999, 0x6ED9EBA1 };
    uint32_t s[4] = { buf[0], buf[1], buf[2], buf[3] };
    uint32_t r, i;

    for (r = 0; r < 3; r++) {
        for (i = 0; i < 8; i++) {
            /* Step i updates a, d, c, b in turn: s[(4 - i) & 3]. */
            uint32_t a = (4 - i) & 3;
            uint32_t x = s[(a + 1) & 3], y = s[(a + 2) & 3],
                     z = s[(a + 3) & 3], f;

            if (r == 0)
                f = z ^ (x & (y ^ z));
            else if (r == 1)
                f = (x & y) + ((x ^ y) & z);
            else
                f = x ^ y ^ z;
            s[a] = rol32(s[a] + f + in[order[r][i]] + k[r],
                         shifts[r][i & 3]);
        }
    }
    for (i = 0; i < 4; i++)
        buf[i] += s[i];
}

/*@ assigns buf[0 .. 3]; */
static void tea(uint32_t buf[4], const uint32_t in[4])
{
    uint32_t sum = 0, b0 = buf[0], b1 = buf[1], n;

    for (n = 0; n < 16; n++) {
        sum += 0x9E3779B9;
        b0 += ((b1 << 4) + in[0]) ^ (b1 + sum) ^ ((b1 >> 5) + in[1]);
        b1 += ((b0 << 4) + in[2]) ^ (b0 + sum) ^ ((b0 >> 5) + in[3]);
    }
    buf[0] += b0;
    buf[1] += b1;
}

/*@ requires \valid_read(name + (0 .. len - 1));
    requires \valid_read(seed + (0 .. 3));
    assigns \nothing; */
uint32_t ext_dx_hash(const char *name, uint32_t len, uint32_t version,
                     const uint32_t seed[4])
{
    uint32_t buf[4] = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476 };
    uint32_t in[8] = { 0 }, hash, off;
    bool is_unsigned = version >= 3;

    if (seed[0] | seed[1] | seed[2] | seed[3]) {
        /*@ loop assigns off, buf[0 .. 3]; */
        for (off = 0; off < 4; off++)
            buf[off] = seed[off];
    }
    switch (version % 3) {
    case DX_LEGACY:
        hash = hash_legacy(name, len, is_unsigned);
        break;
    case DX_HALF_MD4:
        /*@ loop assigns off, buf[0 .. 3], in[0 .. 7]; */
        for (off = 0; off < len; off += 32) {
            name_words(name + off, len - off, in, 8, is_unsigned);
            half_md4(buf, in);
        }
        hash = buf[1];
        break;
    default:
        /*@ loop assigns off, buf[0 .. 3], in[0 .. 7]; */
        for (off = 0; off < len; off += 16) {
            name_words(name + off, len - off, in, 4, is_unsigned);
            tea(buf, in);
        }
        hash = buf[0];
        break;
    }
    hash &= ~1u;
    /* 0xFFFFFFFE is the end-of-directory cookie; the kernel moves it. */
    if (hash == 0xFFFFFFFEu)
        hash = 0xFFFFFFFCu;
    return hash;
}
