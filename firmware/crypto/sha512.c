/* SHA-512 (FIPS 180-4). The message schedule is a ring of 16 words, one
 * round per loop step: small code, 128 bytes of schedule on the stack.
 * SHA-512 only hashes the short Ed25519 message here (R, A and the signed
 * text), so speed matters less than flash. */
#include <string.h>

#include "firmware/crypto/sha512.h"

/* Section 4.2.3: the first 64 bits of the fractional parts of the cube
 * roots of the first 80 primes. */
static const uint64_t k512[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull,
    0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull,
    0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull,
    0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull,
    0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull,
    0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull,
    0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull,
    0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull,
    0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull,
    0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull,
    0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull,
    0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull,
    0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull,
    0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull,
    0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull,
    0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull,
    0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull,
    0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull,
    0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull,
    0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull,
    0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static uint64_t ror64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64u - n));
}

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < 8; i++)
        v = (v << 8) | p[i];
    return v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56u - 8u * i));
}

/* Section 6.4.2, with W[t] kept in w[t mod 16]. */
static void compress(uint64_t hs[8], const uint8_t *block)
{
    uint64_t w[16], v[8];

    for (unsigned i = 0; i < 16; i++)
        w[i] = be64(block + 8 * i);
    for (unsigned i = 0; i < 8; i++)
        v[i] = hs[i];
    for (unsigned t = 0; t < 80; t++) {
        uint64_t a = v[0], e = v[4], wt, t1, t2;

        if (t < 16) {
            wt = w[t];
        } else {
            uint64_t w2 = w[(t - 2) & 15], w15 = w[(t - 15) & 15];

            wt = (ror64(w2, 19) ^ ror64(w2, 61) ^ (w2 >> 6)) + w[(t - 7) & 15] +
                 (ror64(w15, 1) ^ ror64(w15, 8) ^ (w15 >> 7)) + w[t & 15];
            w[t & 15] = wt;
        }
        t1 = v[7] + (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41)) +
             ((e & v[5]) ^ (~e & v[6])) + k512[t] + wt;
        t2 = (ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39)) +
             ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
        for (unsigned i = 7; i > 0; i--)
            v[i] = v[i - 1];
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (unsigned i = 0; i < 8; i++)
        hs[i] += v[i];
}

/* Section 5.3.5: the first 64 bits of the fractional parts of the square
 * roots of the first 8 primes. */
static const uint64_t h512[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull,
    0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

void sha512_init(struct sha512 *s)
{
    for (unsigned i = 0; i < 8; i++)
        s->h[i] = h512[i];
    s->len_bytes = 0;
    s->fill = 0;
}

void sha512_update(struct sha512 *s, const void *data, uint32_t len)
{
    const uint8_t *p = data;

    s->len_bytes += len;
    while (len > 0) {
        uint32_t n = SHA512_BLOCK - s->fill;

        if (n > len)
            n = len;
        if (s->fill == 0 && n == SHA512_BLOCK) {
            compress(s->h, p);
        } else {
            memcpy(s->block + s->fill, p, n);
            s->fill += n;
            if (s->fill == SHA512_BLOCK) {
                compress(s->h, s->block);
                s->fill = 0;
            }
        }
        p += n;
        len -= n;
    }
}

/* Section 5.1.2: 0x80, zeros, then the length in bits as 128 bits
 * big-endian in the last 16 bytes of a block. */
void sha512_final(struct sha512 *s, uint8_t out[SHA512_BYTES])
{
    uint64_t bits = s->len_bytes << 3;

    s->block[s->fill++] = 0x80;
    if (s->fill > SHA512_BLOCK - 16) {
        memset(s->block + s->fill, 0, SHA512_BLOCK - s->fill);
        compress(s->h, s->block);
        s->fill = 0;
    }
    memset(s->block + s->fill, 0, SHA512_BLOCK - 8 - s->fill);
    put_be64(s->block + SHA512_BLOCK - 8, bits);
    compress(s->h, s->block);
    for (unsigned i = 0; i < 8; i++)
        put_be64(out + 8 * i, s->h[i]);
}
