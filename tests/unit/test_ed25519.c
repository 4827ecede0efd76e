/* SHA-512 (FIPS 180-4 vectors) and Ed25519 verification (RFC 8032
 * section 7.1 vectors, and the edge cases the verifier must refuse or
 * accept, built here from those vectors). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/crypto/ed25519.h"
#include "firmware/crypto/sha512.h"
#include "tests/support/rfc8032.h"

static void unhex(uint8_t *out, const char *hex, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v = 0;

        for (unsigned j = 0; j < 2; j++) {
            char c = hex[2 * i + j];

            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
        out[i] = (uint8_t)v;
    }
}

static void expect_digest(const uint8_t *d, const char *hex)
{
    uint8_t want[SHA512_BYTES];

    unhex(want, hex, SHA512_BYTES);
    assert_memory_equal(d, want, SHA512_BYTES);
}

static void sha512_of(const void *data, uint32_t len, uint8_t out[64])
{
    struct sha512 s;

    sha512_init(&s);
    sha512_update(&s, data, len);
    sha512_final(&s, out);
}

/* ---- SHA-512 ---- */

static void test_sha512_vectors(void **state)
{
    static const char two_block[] =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
        "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    uint8_t d[SHA512_BYTES];

    (void)state;
    sha512_of("", 0, d);
    expect_digest(d, "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                     "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
    sha512_of("abc", 3, d);
    expect_digest(d, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    assert_int_equal(strlen(two_block), 112);      /* 896 bits */
    sha512_of(two_block, 112, d);
    expect_digest(d, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
}

static const char million_a[] =
    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
    "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b";

/* One million 'a': whole, then in odd pieces (1..997 bytes, so pieces
 * start and end everywhere in a block). */
static void test_sha512_million_a(void **state)
{
    static uint8_t a[1000000];
    struct sha512 s;
    uint8_t d[SHA512_BYTES];
    uint32_t off = 0, piece = 1;

    (void)state;
    memset(a, 'a', sizeof(a));
    sha512_of(a, sizeof(a), d);
    expect_digest(d, million_a);
    sha512_init(&s);
    while (off < sizeof(a)) {
        uint32_t n = piece < sizeof(a) - off ? piece : (uint32_t)sizeof(a) - off;

        sha512_update(&s, a + off, n);
        off += n;
        piece = piece % 997 + 13;
    }
    sha512_final(&s, d);
    expect_digest(d, million_a);
}

/* The padding's edges: 111 bytes leave room for the 0x80 and the
 * 16-byte length, 112 do not (a second block), 128 fill one exactly. */
static void test_sha512_padding_edges(void **state)
{
    static const struct {
        uint32_t n;
        const char *hex;
    } v[] = {
        {111, "fa9121c7b32b9e01733d034cfc78cbf67f926c7ed83e82200ef86818196921760b4beff48404df811b953828274461673c68d04e297b0eb7b2b4d60fc6b566a2"},
        {112, "c01d080efd492776a1c43bd23dd99d0a2e626d481e16782e75d54c2503b5dc32bd05f0f1ba33e568b88fd2d970929b719ecbb152f58f130a407c8830604b70ca"},
        {113, "55ddd8ac210a6e18ba1ee055af84c966e0dbff091c43580ae1be703bdb85da31acf6948cf5bd90c55a20e5450f22fb89bd8d0085e39f85a86cc46abbca75e24d"},
        {127, "828613968b501dc00a97e08c73b118aa8876c26b8aac93df128502ab360f91bab50a51e088769a5c1eff4782ace147dce3642554199876374291f5d921629502"},
        {128, "b73d1929aa615934e61a871596b3f3b33359f42b8175602e89f7e06e5f658a243667807ed300314b95cacdd579f3e33abdfbe351909519a846d465c59582f321"},
        {129, "4f681e0bd53cda4b5a2041cc8a06f2eabde44fb16c951fbd5b87702f07aeab611565b19c47fde30587177ebb852e3971bbd8d3fd30da18d71037dfbd98420429"},
        {239, "52c853cb8d907f3d4d6b889beb027985d7c273486d75f8baf26f80d24e90c74c6c3de3e22131582380a7d14d43f2941a31385439cd6ddc469f628015e50bf286"},
        {240, "4c296d90c61052a62ffb1dd196f1b7b09373b1f93e71836baebf89690546b7595684dbe9467a8e484fa0d1094272b4344a7c24f5fee8daedeb0bf549c985ab5f"},
    };
    uint8_t a[240], d[SHA512_BYTES];

    (void)state;
    memset(a, 'a', sizeof(a));
    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        struct sha512 s;

        sha512_of(a, v[i].n, d);
        expect_digest(d, v[i].hex);
        /* byte by byte */
        sha512_init(&s);
        for (uint32_t j = 0; j < v[i].n; j++)
            sha512_update(&s, a + j, 1);
        sha512_final(&s, d);
        expect_digest(d, v[i].hex);
    }
}

/* ---- Ed25519: RFC 8032 section 7.1 ---- */

#define NRFC RFC8032_VECTORS


struct loaded {
    uint8_t key[32], sig[64], msg[1024];
    uint32_t len;
};

static void load(struct loaded *l, const struct rfc8032_vector *v)
{
    l->len = (uint32_t)strlen(v->msg) / 2;
    assert_true(l->len <= sizeof(l->msg));
    unhex(l->key, v->key, 32);
    unhex(l->sig, v->sig, 64);
    unhex(l->msg, v->msg, l->len);
}

static void test_rfc8032_vectors(void **state)
{
    (void)state;
    for (size_t i = 0; i < NRFC; i++) {
        struct loaded l;

        load(&l, &rfc8032_vectors[i]);
        assert_int_equal(ed25519_key_check(l.key), 0);
        assert_int_equal(ed25519_verify(l.key, l.sig, l.msg, l.len), 0);
    }
    /* The SHA(abc) message is SHA-512("abc") (FIPS and RFC agree). */
    {
        struct loaded l;
        uint8_t d[SHA512_BYTES];

        load(&l, &rfc8032_vectors[4]);
        sha512_of("abc", 3, d);
        assert_memory_equal(l.msg, d, 64);
    }
}

/* The message in pieces of every size 1..37 gives the same answer as in
 * one piece; the context can be reused. */
static void test_streaming(void **state)
{
    struct loaded l;
    struct ed25519_verify v;

    (void)state;
    load(&l, &rfc8032_vectors[3]);
    for (uint32_t piece = 1; piece <= 37; piece += 6) {
        assert_int_equal(ed25519_verify_init(&v, l.key, l.sig), 0);
        for (uint32_t off = 0; off < l.len; off += piece)
            ed25519_verify_update(&v, l.msg + off,
                                  l.len - off < piece ? l.len - off : piece);
        assert_int_equal(ed25519_verify_final(&v), 0);
    }
    /* the last byte missing */
    ed25519_verify_init(&v, l.key, l.sig);
    ed25519_verify_update(&v, l.msg, l.len - 1);
    assert_int_equal(ed25519_verify_final(&v), ED25519_EBAD);
    /* one byte too many */
    ed25519_verify_init(&v, l.key, l.sig);
    ed25519_verify_update(&v, l.msg, l.len);
    ed25519_verify_update(&v, "", 1);
    assert_int_equal(ed25519_verify_final(&v), ED25519_EBAD);
}

/* Every bit of the message (TEST 3, SHA(abc)), and every bit of R, S and
 * A (TEST 2): all refused. A flipped key bit may leave a non-canonical
 * encoding or a point off the curve; whatever the reason, not 0. */
static void test_bit_flips(void **state)
{
    (void)state;
    for (size_t t = 2; t < NRFC; t += 2) {
        struct loaded l;

        load(&l, &rfc8032_vectors[t]);
        for (uint32_t bit = 0; bit < 8 * l.len; bit++) {
            l.msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            assert_int_not_equal(ed25519_verify(l.key, l.sig, l.msg, l.len), 0);
            l.msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        assert_int_equal(ed25519_verify(l.key, l.sig, l.msg, l.len), 0);
    }
    {
        struct loaded l;

        load(&l, &rfc8032_vectors[1]);
        for (uint32_t bit = 0; bit < 8 * 64; bit++) {
            l.sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            assert_int_not_equal(ed25519_verify(l.key, l.sig, l.msg, l.len), 0);
            l.sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        for (uint32_t bit = 0; bit < 8 * 32; bit++) {
            l.key[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            assert_int_not_equal(ed25519_verify(l.key, l.sig, l.msg, l.len), 0);
            l.key[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
    }
}

/* ---- scalars, for the edge cases below ---- */

static const uint8_t order_l[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58,
    0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

/* out = a + b over n bytes, little-endian; the carry out. */
static unsigned add_bytes(uint8_t *out, const uint8_t *a, const uint8_t *b,
                          size_t n)
{
    unsigned c = 0;

    for (size_t i = 0; i < n; i++) {
        c += (unsigned)a[i] + b[i];
        out[i] = (uint8_t)c;
        c >>= 8;
    }
    return c;
}

/* a b mod L (32-byte operands below 2^256). */
static void mul_mod_l(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    uint32_t acc[64];
    uint8_t wide[64];
    uint32_t c = 0;

    memset(acc, 0, sizeof(acc));
    for (size_t i = 0; i < 32; i++)
        for (size_t j = 0; j < 32; j++)
            acc[i + j] += (uint32_t)a[i] * b[j];
    for (size_t i = 0; i < 64; i++) {
        c += acc[i];
        wide[i] = (uint8_t)c;
        c >>= 8;
    }
    ed25519_scalar_reduce(out, wide);
}

static void add_mod_l(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    uint8_t wide[64];

    memset(wide, 0, sizeof(wide));
    wide[32] = (uint8_t)add_bytes(wide, a, b, 32);
    ed25519_scalar_reduce(out, wide);
}

/* L - a, for a below L. */
static void neg_mod_l(uint8_t out[32], const uint8_t a[32])
{
    int borrow = 0;

    for (size_t i = 0; i < 32; i++) {
        int t = (int)order_l[i] - a[i] - borrow;

        borrow = t < 0;
        out[i] = (uint8_t)(t + (borrow ? 256 : 0));
    }
}

/* k = SHA-512(R || A || M) mod L */
static void challenge(uint8_t k[32], const uint8_t *r, const uint8_t *key,
                      const uint8_t *msg, uint32_t len)
{
    struct sha512 s;
    uint8_t h[64];

    sha512_init(&s);
    sha512_update(&s, r, 32);
    sha512_update(&s, key, 32);
    sha512_update(&s, msg, len);
    sha512_final(&s, h);
    ed25519_scalar_reduce(k, h);
}

/* The secret scalar of a seed (RFC 8032 5.1.5 steps 1-2). */
static void secret_scalar(uint8_t a[32], const char *seed_hex)
{
    uint8_t seed[32], h[64];

    unhex(seed, seed_hex, 32);
    sha512_of(seed, 32, h);
    memcpy(a, h, 32);
    a[0] &= 248;
    a[31] &= 127;
    a[31] |= 64;
}

static void test_scalar_reduce(void **state)
{
    uint8_t in[64], out[32], want[32];

    (void)state;
    memset(in, 0xff, sizeof(in));
    ed25519_scalar_reduce(out, in);
    unhex(want, "000f9c44e31106a447938568a71b0ed065bef517d273ecce3d9a307c1b419903", 32);
    assert_memory_equal(out, want, 32);
    for (int i = 0; i < 64; i++)
        in[i] = (uint8_t)i;
    ed25519_scalar_reduce(out, in);
    unhex(want, "7a3c6282f02d37a05023b60d5428e6cc5961d4c31221937adae0b574e4d07205", 32);
    assert_memory_equal(out, want, 32);
    memset(in, 0, sizeof(in));
    memcpy(in, order_l, 32);                 /* L mod L = 0 */
    ed25519_scalar_reduce(out, in);
    memset(want, 0, 32);
    assert_memory_equal(out, want, 32);
}

/* ---- edge cases ---- */

/* S = L, S + L, S + 2^255 for a valid signature: refused as S >= L,
 * before any curve arithmetic. S = L - 1 is in range but wrong. */
static void test_s_range(void **state)
{
    struct loaded l;
    uint8_t sig[64];

    (void)state;
    load(&l, &rfc8032_vectors[0]);
    memcpy(sig, l.sig, 64);
    memcpy(sig + 32, order_l, 32);
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_ES);
    memcpy(sig, l.sig, 64);
    assert_int_equal(add_bytes(sig + 32, l.sig + 32, order_l, 32), 0);
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_ES);
    memcpy(sig, l.sig, 64);
    sig[63] |= 0x80;
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_ES);
    memset(sig + 32, 0xff, 32);
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_ES);
    memcpy(sig, l.sig, 64);
    memcpy(sig + 32, order_l, 32);
    sig[32] -= 1;
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_EBAD);
}

/* The eight points of small order (they are the multiples of a point of
 * order 8): (0, 1), (0, -1), (+-sqrt(-1), 0), and four of order 8. */
static const char *const small_order[8] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
};

/* As A: refused, whatever the signature (under the cofactored check such a
 * key would verify anything with R = [S]B). */
static void test_small_order_key(void **state)
{
    struct loaded l;

    (void)state;
    load(&l, &rfc8032_vectors[0]);
    for (int i = 0; i < 8; i++) {
        uint8_t key[32];

        unhex(key, small_order[i], 32);
        assert_int_equal(ed25519_key_check(key), ED25519_EKEYORDER);
        assert_int_equal(ed25519_verify(key, l.sig, l.msg, l.len),
                         ED25519_EKEYORDER);
    }
}

/* As R with the real key: with the vector's S, the equation fails. With
 * S = k a (k made over that R), [8][S]B = [8][k]A = [8]R + [8][k]A holds:
 * the cofactored check accepts, as RFC 8032 5.1.7 asks. The cofactorless
 * [S]B = R + [k]A would refuse all but R = (0, 1): this is the case that
 * tells the two apart. */
static void test_small_order_r(void **state)
{
    struct loaded l;
    uint8_t a[32];

    (void)state;
    load(&l, &rfc8032_vectors[2]);
    secret_scalar(a, rfc8032_vectors[2].seed);
    for (int i = 0; i < 8; i++) {
        uint8_t sig[64], k[32];

        memcpy(sig, l.sig, 64);
        unhex(sig, small_order[i], 32);
        assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_EBAD);
        challenge(k, sig, l.key, l.msg, l.len);
        mul_mod_l(sig + 32, k, a);
        assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), 0);
        /* and a flipped message bit still fails */
        l.msg[0] ^= 1;
        assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_EBAD);
        l.msg[0] ^= 1;
    }
}

/* R + T, T = (0, -1) of order 2: R' = (-x, -y), encoded as p - y with the
 * sign bit flipped. With S' = S + (k' - k) a, [S']B = R + [k']A = R' - T +
 * [k']A: the cofactored check accepts (8T = 0), the cofactorless one
 * would not. The same signature with the old S is refused. */
static void test_mixed_order_r(void **state)
{
    (void)state;
    for (size_t t = 0; t < NRFC; t++) {
        struct loaded l;
        uint8_t a[32], sig[64], k[32], k2[32], dk[32], t32[32];
        uint8_t p_bytes[32];
        int borrow = 0;

        load(&l, &rfc8032_vectors[t]);
        secret_scalar(a, rfc8032_vectors[t].seed);
        memset(p_bytes, 0xff, 32);
        p_bytes[0] = 0xed;
        p_bytes[31] = 0x7f;
        memcpy(sig, l.sig, 64);
        for (int i = 0; i < 32; i++) {              /* y' = p - y */
            int y = l.sig[i] & (i == 31 ? 0x7f : 0xff);
            int d = (int)p_bytes[i] - y - borrow;

            borrow = d < 0;
            sig[i] = (uint8_t)(d + (borrow ? 256 : 0));
        }
        sig[31] |= (uint8_t)((l.sig[31] & 0x80) ^ 0x80);
        assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_EBAD);
        challenge(k, l.sig, l.key, l.msg, l.len);
        challenge(k2, sig, l.key, l.msg, l.len);
        neg_mod_l(t32, k);
        add_mod_l(dk, k2, t32);                      /* k' - k */
        mul_mod_l(t32, dk, a);
        add_mod_l(sig + 32, l.sig + 32, t32);        /* S + (k' - k) a */
        assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), 0);
    }
}

/* y values with no x on the curve (found with the curve equation: (y^2 -
 * 1) / (d y^2 + 1) is not a square for y = 2, 7, 8, 11), beside ones
 * that have one (3, 4, 5, 6). */
static void test_not_on_curve(void **state)
{
    static const uint8_t off[] = {2, 7, 8, 11, 12, 13};
    static const uint8_t on[] = {3, 4, 5, 6, 9, 10};
    struct loaded l;

    (void)state;
    load(&l, &rfc8032_vectors[0]);
    for (size_t i = 0; i < sizeof(off); i++) {
        uint8_t enc[32], sig[64];

        for (int sign = 0; sign < 2; sign++) {
            memset(enc, 0, 32);
            enc[0] = off[i];
            enc[31] = (uint8_t)(sign << 7);
            assert_int_equal(ed25519_key_check(enc), ED25519_EKEYCURVE);
            assert_int_equal(ed25519_verify(enc, l.sig, l.msg, l.len),
                             ED25519_EKEYCURVE);
            memcpy(sig, l.sig, 64);
            memcpy(sig, enc, 32);
            assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len),
                             ED25519_ERCURVE);
            enc[0] = on[i];
            assert_int_equal(ed25519_key_check(enc), 0);
        }
    }
}

/* y = p, p + 1, ..., 2^255 - 1 (the 19 values of y >= p), each with and
 * without the sign bit; and x = 0 (y = 1, y = p - 1) with the sign bit:
 * refused for A and for R before any arithmetic. */
static void test_non_canonical(void **state)
{
    struct loaded l;
    uint8_t enc[32], sig[64];

    (void)state;
    load(&l, &rfc8032_vectors[0]);
    for (unsigned low = 0xed; low <= 0xff; low++) {
        for (int sign = 0; sign < 2; sign++) {
            memset(enc, 0xff, 32);
            enc[0] = (uint8_t)low;
            enc[31] = (uint8_t)(sign ? 0xff : 0x7f);
            assert_int_equal(ed25519_key_check(enc), ED25519_EKEY);
            assert_int_equal(ed25519_verify(enc, l.sig, l.msg, l.len),
                             ED25519_EKEY);
            memcpy(sig, l.sig, 64);
            memcpy(sig, enc, 32);
            assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len),
                             ED25519_ER);
        }
    }
    /* y = p - 1 (0xec) without the sign bit is canonical (order 2). */
    memset(enc, 0xff, 32);
    enc[0] = 0xec;
    enc[31] = 0x7f;
    assert_int_equal(ed25519_key_check(enc), ED25519_EKEYORDER);
    enc[31] = 0xff;
    assert_int_equal(ed25519_key_check(enc), ED25519_EKEY);
    memcpy(sig, l.sig, 64);
    memcpy(sig, enc, 32);
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_ER);
    memset(enc, 0, 32);
    enc[0] = 1;
    enc[31] = 0x80;
    assert_int_equal(ed25519_key_check(enc), ED25519_EKEY);
    memcpy(sig, enc, 32);
    assert_int_equal(ed25519_verify(l.key, sig, l.msg, l.len), ED25519_ER);
    /* init reports what the bytes show, and final returns the same */
    {
        struct ed25519_verify v;

        assert_int_equal(ed25519_verify_init(&v, l.key, sig), ED25519_ER);
        ed25519_verify_update(&v, l.msg, l.len);
        assert_int_equal(ed25519_verify_final(&v), ED25519_ER);
    }
}

static void test_strerror(void **state)
{
    (void)state;
    for (int e = 0; e >= -7; e--) {
        const char *s = ed25519_strerror(e);

        assert_non_null(s);
        assert_string_not_equal(s, ed25519_strerror(-100));
        for (int f = 0; f > e; f--)
            assert_string_not_equal(s, ed25519_strerror(f));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha512_vectors),
        cmocka_unit_test(test_sha512_million_a),
        cmocka_unit_test(test_sha512_padding_edges),
        cmocka_unit_test(test_rfc8032_vectors),
        cmocka_unit_test(test_streaming),
        cmocka_unit_test(test_bit_flips),
        cmocka_unit_test(test_scalar_reduce),
        cmocka_unit_test(test_s_range),
        cmocka_unit_test(test_small_order_key),
        cmocka_unit_test(test_small_order_r),
        cmocka_unit_test(test_mixed_order_r),
        cmocka_unit_test(test_not_on_curve),
        cmocka_unit_test(test_non_canonical),
        cmocka_unit_test(test_strerror),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
