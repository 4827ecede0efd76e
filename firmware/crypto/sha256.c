#include "firmware/crypto/sha256.h"

static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32u - n));
}

static uint32_t be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | p[3];
}

#if SHA256_UNROLL
#define BSIG0(x) (ror(x, 2) ^ ror(x, 13) ^ ror(x, 22))
#define BSIG1(x) (ror(x, 6) ^ ror(x, 11) ^ ror(x, 25))
#define SSIG0(x) (ror(x, 7) ^ ror(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ror(x, 17) ^ ror(x, 19) ^ ((x) >> 10))
#define CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))
#define MAJ(a, b, c) (((a) & (b)) | ((c) & ((a) | (b))))
/* One round with the eight working variables renamed instead of moved:
 * the caller rotates the names, so a round is its arithmetic only. */
#define ROUND(a, b, c, d, e, f, g, h, j)                                  \
    do {                                                                  \
        uint32_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + kp[j] + wp[j];      \
        (d) += t1_;                                                       \
        (h) = t1_ + BSIG0(a) + MAJ(a, b, c);                              \
    } while (0)

/* The whole 64-word message schedule first (256 bytes of stack, against
 * 64 for the ring of the compact form), then eight rounds per loop step,
 * unrolled: every index in a round is a constant. */
static void compress(uint32_t hs[8], const uint8_t *block)
{
    uint32_t w[64];
    uint32_t a = hs[0], b = hs[1], c = hs[2], d = hs[3];
    uint32_t e = hs[4], f = hs[5], g = hs[6], h = hs[7];

    for (unsigned i = 0; i < 16; i++)
        w[i] = be32(block + 4 * i);
    for (unsigned i = 16; i < 64; i++)
        w[i] = SSIG1(w[i - 2]) + w[i - 7] + SSIG0(w[i - 15]) + w[i - 16];
    for (unsigned i = 0; i < 64; i += 8) {
        const uint32_t *kp = k + i, *wp = w + i;

        ROUND(a, b, c, d, e, f, g, h, 0);
        ROUND(h, a, b, c, d, e, f, g, 1);
        ROUND(g, h, a, b, c, d, e, f, 2);
        ROUND(f, g, h, a, b, c, d, e, 3);
        ROUND(e, f, g, h, a, b, c, d, 4);
        ROUND(d, e, f, g, h, a, b, c, 5);
        ROUND(c, d, e, f, g, h, a, b, 6);
        ROUND(b, c, d, e, f, g, h, a, 7);
    }
    hs[0] += a;
    hs[1] += b;
    hs[2] += c;
    hs[3] += d;
    hs[4] += e;
    hs[5] += f;
    hs[6] += g;
    hs[7] += h;
}
#else
static void compress(uint32_t h[8], const uint8_t *block)
{
    uint32_t w[16], v[8];

    for (unsigned i = 0; i < 16; i++)
        w[i] = be32(block + 4 * i);
    for (unsigned i = 0; i < 8; i++)
        v[i] = h[i];
    /* The message schedule is kept as a 16-word ring. */
    for (unsigned i = 0; i < 64; i++) {
        if (i >= 16) {
            uint32_t w15 = w[(i - 15) & 15], w2 = w[(i - 2) & 15];
            uint32_t s0 = ror(w15, 7) ^ ror(w15, 18) ^ (w15 >> 3);
            uint32_t s1 = ror(w2, 17) ^ ror(w2, 19) ^ (w2 >> 10);
            w[i & 15] += s0 + w[(i - 7) & 15] + s1;
        }
        uint32_t e = v[4], a = v[0];
        uint32_t t1 = v[7] + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) +
                      ((e & v[5]) ^ (~e & v[6])) + k[i] + w[i & 15];
        uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) +
                      ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
        v[7] = v[6];
        v[6] = v[5];
        v[5] = v[4];
        v[4] = v[3] + t1;
        v[3] = v[2];
        v[2] = v[1];
        v[1] = v[0];
        v[0] = t1 + t2;
    }
    for (unsigned i = 0; i < 8; i++)
        h[i] += v[i];
}
#endif

void sha256_init(struct sha256 *s)
{
    static const uint32_t iv[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };

    for (unsigned i = 0; i < 8; i++)
        s->h[i] = iv[i];
    s->len_bytes = 0;
    s->fill = 0;
}

void sha256_update(struct sha256 *s, const void *data, uint32_t len)
{
    const uint8_t *p = data;

    s->len_bytes += len;
    /* Whole blocks straight from the input when none is part-filled;
     * the rest a byte at a time through s->block. */
    while (len) {
        if (s->fill == 0 && len >= 64) {
            compress(s->h, p);
            p += 64;
            len -= 64;
            continue;
        }
        s->block[s->fill++] = *p++;
        len--;
        if (s->fill == 64) {
            compress(s->h, s->block);
            s->fill = 0;
        }
    }
}

void sha256_final(struct sha256 *s, uint8_t out[SHA256_BYTES])
{
    uint64_t bits = s->len_bytes * 8u;
    uint8_t b = 0x80;

    /* 0x80, zeros to 56 mod 64, then the bit length big-endian. */
    do {
        sha256_update(s, &b, 1);
        b = 0;
    } while (s->fill != 56);
    for (unsigned i = 0; i < 8; i++) {
        b = (uint8_t)(bits >> (56 - 8 * i));
        sha256_update(s, &b, 1);
    }
    for (unsigned i = 0; i < SHA256_BYTES; i++)
        out[i] = (uint8_t)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

void sha256_hex(const uint8_t *digest, uint32_t n, char *out)
{
    static const char hex[] = "0123456789abcdef";

    for (uint32_t i = 0; i < n; i++) {
        out[2 * i] = hex[digest[i] >> 4];
        out[2 * i + 1] = hex[digest[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hexval(char c)
{
    uint32_t d = (uint32_t)(uint8_t)c - '0';

    if (d < 10)
        return (int)d;
    d = ((uint32_t)(uint8_t)c | 0x20u) - 'a';      /* either case */
    return d < 6 ? (int)d + 10 : -1;
}

int sha256_parse_hex(const char *s, uint32_t len, uint8_t out[SHA256_BYTES])
{
    if (len < 2 * SHA256_BYTES)
        return -1;
    /* sha256sum writes the digest, then a space or the end of the line. */
    if (len > 2 * SHA256_BYTES) {
        char c = s[2 * SHA256_BYTES];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return -1;
    }
    for (unsigned i = 0; i < SHA256_BYTES; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}
