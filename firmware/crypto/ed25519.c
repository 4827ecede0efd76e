/* Ed25519 verification (RFC 8032 section 5.1.7); the choices are in
 * firmware/crypto/ed25519.h.
 *
 * Field GF(p), p = 2^255 - 19: ten unsigned limbs of 26 bits, the value
 * sum(v[i] * 2^(26 i)), 260 bits of room. Every operation leaves each
 * limb at most 2^26, so a product of two limbs fits 52 bits and a column
 * of ten of them a 64-bit accumulator: one UMULL/UMLAL per limb product
 * on a Cortex-M3. Bits at and above 2^260 fold back times 608, because
 * 2^260 = 2^5 * 2^255 = 32 * 19 (mod p). Values are kept only weakly
 * reduced (below 2^260); fe_tobytes makes the canonical form.
 *
 * Curve: -x^2 + y^2 = 1 + d x^2 y^2, points in extended coordinates
 * (X:Y:Z:T), x = X/Z, y = Y/Z, x y = T/Z (Hisil, Wong, Carter, Dawson,
 * "Twisted Edwards curves revisited", 2008: the a = -1 formulas, which
 * are complete on this curve because d is not a square). A point that is
 * only ever added is kept "cached": (Y+X, Y-X, Z, 2d T).
 *
 * [S]B - [k]A is one pass of Shamir's trick over the 253 bits of the
 * scalars (both below L < 2^253): a doubling per bit and an addition of
 * B, -A or B-A where a bit is set. */
#include <string.h>

#include "firmware/crypto/ed25519.h"

#define LIMBS 10u
#define LIMB_BITS 26u
#define LIMB_MASK ((1u << LIMB_BITS) - 1u)
#define FOLD_260 608u               /* 2^260 mod p */
#define TOP_BITS 21u                /* bits of the top limb below 2^255 */
#define FOLD_255 19u                /* 2^255 mod p */
#define SCALAR_BITS 253u            /* L < 2^253 */
#define SIGN_BYTE 31u               /* the x sign bit: bit 7 of byte 31 */

struct fe {
    uint32_t v[LIMBS];
};

struct ge {                         /* extended: X, Y, Z, T */
    struct fe x, y, z, t;
};

struct ge_cached {                  /* Y+X, Y-X, Z, 2dT */
    struct fe ypx, ymx, z, t2d;
};

/* Constants, little-endian. d = -121665/121666 (RFC 8032 5.1). */
static const uint8_t d_bytes[32] = {
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75,
    0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
    0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c,
    0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
};

/* 2^((p-1)/4), a square root of -1 (5.1.3 step 3). */
static const uint8_t sqrtm1_bytes[32] = {
    0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4,
    0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
    0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b,
    0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b,
};

/* The base point B: x (even), and y = 4/5. */
static const uint8_t bx_bytes[32] = {
    0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9,
    0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7, 0x2c, 0x69,
    0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0,
    0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21,
};

/* The group order L = 2^252 + 27742317777372353535851937790883648493,
 * as eight little-endian 32-bit words. */
static const uint32_t order_l[8] = {
    0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de,
    0x00000000, 0x00000000, 0x00000000, 0x10000000,
};

const char *ed25519_strerror(int err)
{
    switch (err) {
#define ED25519_ERR_CASE(name, value, text) case name: return text;
    ED25519_ERRORS(ED25519_ERR_CASE)
#undef ED25519_ERR_CASE
    default: return "unknown Ed25519 error";
    }
}

/* ---- the field ---- */

/* Limbs of up to 2^28 back to at most 2^26 each. */
static void fe_carry(struct fe *r)
{
    uint32_t c = 0;

    for (unsigned i = 0; i < LIMBS; i++) {
        uint32_t t = r->v[i] + c;

        r->v[i] = t & LIMB_MASK;
        c = t >> LIMB_BITS;
    }
    r->v[0] += FOLD_260 * c;
    r->v[1] += r->v[0] >> LIMB_BITS;
    r->v[0] &= LIMB_MASK;
}

static void fe_add(struct fe *r, const struct fe *a, const struct fe *b)
{
    for (unsigned i = 0; i < LIMBS; i++)
        r->v[i] = a->v[i] + b->v[i];
    fe_carry(r);
}

/* a - b as a + 64p - b: 64p = 2^266 - 1216 has limbs 2^27 - 1216, then
 * 2^27 - 2 nine times, each above any limb of b, so no limb goes
 * negative. */
static void fe_sub(struct fe *r, const struct fe *a, const struct fe *b)
{
    r->v[0] = a->v[0] + ((1u << 27) - 1216u) - b->v[0];
    for (unsigned i = 1; i < LIMBS; i++)
        r->v[i] = a->v[i] + ((1u << 27) - 2u) - b->v[i];
    fe_carry(r);
}

static void fe_neg(struct fe *r, const struct fe *a)
{
    struct fe zero;

    memset(&zero, 0, sizeof(zero));
    fe_sub(r, &zero, a);
}

/* Column by column into c[0..19] (26 bits each, c[19] the rest), then
 * c[10..19] folded onto c[0..9] times 608. r may be a or b. */
static void fe_mul(struct fe *r, const struct fe *a, const struct fe *b)
{
    uint32_t c[2 * LIMBS];
    uint64_t acc = 0;

    for (unsigned k = 0; k < 2 * LIMBS - 1; k++) {
        unsigned lo = k < LIMBS ? 0 : k - (LIMBS - 1);
        unsigned hi = k < LIMBS ? k : LIMBS - 1;

        for (unsigned i = lo; i <= hi; i++)
            acc += (uint64_t)a->v[i] * b->v[k - i];
        c[k] = (uint32_t)acc & LIMB_MASK;
        acc >>= LIMB_BITS;
    }
    c[2 * LIMBS - 1] = (uint32_t)acc;
    acc = 0;
    for (unsigned k = 0; k < LIMBS; k++) {
        acc += c[k] + (uint64_t)FOLD_260 * c[k + LIMBS];
        r->v[k] = (uint32_t)acc & LIMB_MASK;
        acc >>= LIMB_BITS;
    }
    r->v[0] += FOLD_260 * (uint32_t)acc;
    r->v[1] += r->v[0] >> LIMB_BITS;
    r->v[0] &= LIMB_MASK;
}

static void fe_sq(struct fe *r, const struct fe *a)
{
    fe_mul(r, a, a);
}

/* r = a^(2^n) */
static void fe_sqn(struct fe *r, const struct fe *a, unsigned n)
{
    *r = *a;
    for (unsigned i = 0; i < n; i++)
        fe_sq(r, r);
}

/* The low 255 bits of s (bit 255, the sign of x, is not part of y). */
static void fe_frombytes(struct fe *r, const uint8_t s[32])
{
    uint64_t acc = 0;
    unsigned bits = 0, j = 0;

    for (unsigned i = 0; i < LIMBS; i++) {
        while (bits < LIMB_BITS && j < 32) {
            acc |= (uint64_t)s[j++] << bits;
            bits += 8;
        }
        r->v[i] = (uint32_t)acc & LIMB_MASK;
        acc >>= LIMB_BITS;
        bits = bits > LIMB_BITS ? bits - LIMB_BITS : 0;
    }
    r->v[LIMBS - 1] &= (1u << TOP_BITS) - 1u;
}

/* Propagates the carries of limbs 0..8 into limb 9 (no fold). */
static void fe_ripple(struct fe *t)
{
    for (unsigned i = 0; i < LIMBS - 1; i++) {
        t->v[i + 1] += t->v[i] >> LIMB_BITS;
        t->v[i] &= LIMB_MASK;
    }
}

/* The canonical encoding: the value in [0, p), 32 bytes little-endian. */
static void fe_tobytes(uint8_t s[32], const struct fe *a)
{
    struct fe t = *a, u;
    uint64_t acc = 0;
    unsigned bits = 0, j = 0;

    /* Below 2^260: bits from 2^255 up fold back times 19. The first
     * pass leaves at most 2^255 + 2^234, the second less than 2^255. */
    for (unsigned pass = 0; pass < 2; pass++) {
        uint32_t q = t.v[LIMBS - 1] >> TOP_BITS;

        t.v[LIMBS - 1] &= (1u << TOP_BITS) - 1u;
        t.v[0] += FOLD_255 * q;
        fe_ripple(&t);
    }
    /* In [p, 2^255) exactly when t + 19 reaches 2^255. */
    u = t;
    u.v[0] += FOLD_255;
    fe_ripple(&u);
    if (u.v[LIMBS - 1] >> TOP_BITS) {
        u.v[LIMBS - 1] &= (1u << TOP_BITS) - 1u;
        t = u;
    }
    for (unsigned i = 0; i < LIMBS; i++) {
        acc |= (uint64_t)t.v[i] << bits;
        bits += LIMB_BITS;
        while (bits >= 8 && j < 32) {
            s[j++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
}

static int fe_iszero(const struct fe *a)
{
    uint8_t s[32];
    uint8_t any = 0;

    fe_tobytes(s, a);
    for (unsigned i = 0; i < 32; i++)
        any |= s[i];
    return any == 0;
}

static int fe_equal(const struct fe *a, const struct fe *b)
{
    struct fe t;

    fe_sub(&t, a, b);
    return fe_iszero(&t);
}

/* The "sign" of x (5.1.2): the low bit of its canonical form. */
static int fe_isodd(const struct fe *a)
{
    uint8_t s[32];

    fe_tobytes(s, a);
    return s[0] & 1;
}

/* z^((p-5)/8) = z^(2^252 - 3), for the square root in decoding. */
static void fe_pow22523(struct fe *r, const struct fe *z)
{
    struct fe t0, t1, t2, t3;

    fe_sq(&t0, z);                       /* z^2 */
    fe_sqn(&t1, &t0, 2);                 /* z^8 */
    fe_mul(&t1, &t1, z);                 /* z^9 */
    fe_mul(&t0, &t0, &t1);               /* z^11 */
    fe_sq(&t0, &t0);                     /* z^22 */
    fe_mul(&t0, &t0, &t1);               /* z^(2^5 - 1) */
    fe_sqn(&t1, &t0, 5);
    fe_mul(&t1, &t1, &t0);               /* z^(2^10 - 1) */
    fe_sqn(&t2, &t1, 10);
    fe_mul(&t2, &t2, &t1);               /* z^(2^20 - 1) */
    fe_sqn(&t3, &t2, 20);
    fe_mul(&t2, &t3, &t2);               /* z^(2^40 - 1) */
    fe_sqn(&t2, &t2, 10);
    fe_mul(&t2, &t2, &t1);               /* z^(2^50 - 1) */
    fe_sqn(&t1, &t2, 50);
    fe_mul(&t1, &t1, &t2);               /* z^(2^100 - 1) */
    fe_sqn(&t3, &t1, 100);
    fe_mul(&t3, &t3, &t1);               /* z^(2^200 - 1) */
    fe_sqn(&t3, &t3, 50);
    fe_mul(&t3, &t3, &t2);               /* z^(2^250 - 1) */
    fe_sqn(&t3, &t3, 2);
    fe_mul(r, &t3, z);                   /* z^(2^252 - 3) */
}

/* ---- the curve ---- */

static void ge_identity(struct ge *p)
{
    memset(p, 0, sizeof(*p));
    p->y.v[0] = 1;
    p->z.v[0] = 1;
}

static void ge_to_cached(struct ge_cached *c, const struct ge *p)
{
    struct fe d2;

    fe_frombytes(&d2, d_bytes);
    fe_add(&d2, &d2, &d2);
    fe_add(&c->ypx, &p->y, &p->x);
    fe_sub(&c->ymx, &p->y, &p->x);
    c->z = p->z;
    fe_mul(&c->t2d, &p->t, &d2);
}

/* -P from P, cached: x and T change sign, so Y+X and Y-X swap. */
static void ge_cached_neg(struct ge_cached *c)
{
    struct fe t = c->ypx;

    c->ypx = c->ymx;
    c->ymx = t;
    fe_neg(&c->t2d, &c->t2d);
}

/* r = p + q ("add-2008-hwcd-3"); r may be p. Five temporaries: E, F, G
 * and H take the places of the A..D they are made from. */
static void ge_add(struct ge *r, const struct ge *p, const struct ge_cached *q)
{
    struct fe a, b, c, d, e;

    fe_sub(&a, &p->y, &p->x);
    fe_mul(&a, &a, &q->ymx);             /* A = (Y1-X1)(Y2-X2) */
    fe_add(&b, &p->y, &p->x);
    fe_mul(&b, &b, &q->ypx);             /* B = (Y1+X1)(Y2+X2) */
    fe_mul(&c, &p->t, &q->t2d);          /* C = T1 2d T2 */
    fe_mul(&d, &p->z, &q->z);
    fe_add(&d, &d, &d);                  /* D = 2 Z1 Z2 */
    fe_sub(&e, &b, &a);                  /* E = B - A */
    fe_add(&b, &b, &a);                  /* H = B + A */
    fe_sub(&a, &d, &c);                  /* F = D - C */
    fe_add(&d, &d, &c);                  /* G = D + C */
    fe_mul(&r->x, &e, &a);
    fe_mul(&r->y, &d, &b);
    fe_mul(&r->t, &e, &b);
    fe_mul(&r->z, &a, &d);
}

/* r = 2p ("dbl-2008-hwcd" with a = -1); r may be p. */
static void ge_dbl(struct ge *r, const struct ge *p)
{
    struct fe a, b, c, e, t;

    fe_sq(&a, &p->x);                    /* A = X^2 */
    fe_sq(&b, &p->y);                    /* B = Y^2 */
    fe_sq(&c, &p->z);
    fe_add(&c, &c, &c);                  /* C = 2 Z^2 */
    fe_add(&t, &a, &b);
    fe_add(&e, &p->x, &p->y);
    fe_sq(&e, &e);
    fe_sub(&e, &e, &t);                  /* E = (X+Y)^2 - A - B = 2XY */
    fe_sub(&b, &b, &a);                  /* G = -A + B */
    fe_neg(&a, &t);                      /* H = -A - B */
    fe_sub(&c, &b, &c);                  /* F = G - C */
    fe_mul(&r->x, &e, &c);
    fe_mul(&r->y, &b, &a);
    fe_mul(&r->t, &e, &a);
    fe_mul(&r->z, &c, &b);
}

static int ge_is_identity(const struct ge *p)
{
    return fe_iszero(&p->x) && fe_equal(&p->y, &p->z);
}

/* 1 when the 32 bytes are a canonical encoding (5.1.3): y < p, and not
 * x = 0 (y = 1 or y = p - 1) with the sign bit set. By the bytes alone. */
static int encoding_canonical(const uint8_t s[32])
{
    unsigned ones = 1;                   /* bytes 1..30 all 0xff */
    unsigned zeros = 1;                  /* bytes 1..30 all 0 */

    for (unsigned i = 1; i < SIGN_BYTE; i++) {
        ones &= s[i] == 0xff;
        zeros &= s[i] == 0;
    }
    /* y >= p = 2^255 - 19: 0xed..0xff, then 0xff, then 0x7f. */
    if (ones && s[0] >= 0xed && (s[SIGN_BYTE] & 0x7f) == 0x7f)
        return 0;
    if (s[SIGN_BYTE] & 0x80) {
        if (zeros && s[0] == 1 && s[SIGN_BYTE] == 0x80)
            return 0;                    /* y = 1 */
        if (ones && s[0] == 0xec && s[SIGN_BYTE] == 0xff)
            return 0;                    /* y = p - 1 */
    }
    return 1;
}

/* 5.1.3: decodes s (already known canonical) into p; 0, or -1 when no
 * point of the curve has that y. */
static int ge_decode(struct ge *p, const uint8_t s[32])
{
    struct fe u, v, v3, x, t;

    fe_frombytes(&p->y, s);
    fe_sq(&u, &p->y);
    fe_frombytes(&t, d_bytes);
    fe_mul(&v, &u, &t);
    memset(&t, 0, sizeof(t));
    t.v[0] = 1;
    fe_sub(&u, &u, &t);                  /* u = y^2 - 1 */
    fe_add(&v, &v, &t);                  /* v = d y^2 + 1 */
    p->z = t;                            /* Z = 1 */
    /* x = u v^3 (u v^7)^((p-5)/8) */
    fe_sq(&v3, &v);
    fe_mul(&v3, &v3, &v);
    fe_sq(&t, &v3);
    fe_mul(&t, &t, &v);
    fe_mul(&t, &t, &u);
    fe_pow22523(&t, &t);
    fe_mul(&x, &u, &v3);
    fe_mul(&x, &x, &t);
    /* v x^2 = u: x is a root; v x^2 = -u: x sqrt(-1) is; else none. */
    fe_sq(&t, &x);
    fe_mul(&t, &t, &v);
    if (!fe_equal(&t, &u)) {
        fe_neg(&u, &u);
        if (!fe_equal(&t, &u))
            return -1;
        fe_frombytes(&t, sqrtm1_bytes);
        fe_mul(&x, &x, &t);
    }
    if (fe_isodd(&x) != (s[SIGN_BYTE] >> 7))
        fe_neg(&x, &x);
    p->x = x;
    fe_mul(&p->t, &p->x, &p->y);
    return 0;
}

/* 1 when [8]p is the identity; q is the caller's room for [8]p. */
static int ge_small_order(const struct ge *p, struct ge *q)
{
    ge_dbl(q, p);
    ge_dbl(q, q);
    ge_dbl(q, q);
    return ge_is_identity(q);
}

/* A from key into a; scratch: room for a point. */
static int key_decode(struct ge *a, const uint8_t key[32], struct ge *scratch)
{
    if (!encoding_canonical(key))
        return ED25519_EKEY;
    if (ge_decode(a, key) != 0)
        return ED25519_EKEYCURVE;
    if (ge_small_order(a, scratch))
        return ED25519_EKEYORDER;
    return 0;
}

int ed25519_key_check(const uint8_t key[ED25519_KEY_BYTES])
{
    struct ge a, scratch;

    return key_decode(&a, key, &scratch);
}

/* ---- scalars ---- */

static void words_from_bytes(uint32_t w[8], const uint8_t s[32])
{
    for (unsigned i = 0; i < 8; i++)
        w[i] = (uint32_t)s[4 * i] | ((uint32_t)s[4 * i + 1] << 8) |
               ((uint32_t)s[4 * i + 2] << 16) | ((uint32_t)s[4 * i + 3] << 24);
}

/* 1 when w < L. */
static int below_order(const uint32_t w[8])
{
    for (unsigned i = 8; i-- > 0;) {
        if (w[i] != order_l[i])
            return w[i] < order_l[i];
    }
    return 0;
}

/* Bit by bit from the top: r = 2r + bit, less L when it reaches L. r
 * stays below L < 2^253, so 2r + 1 fits eight words. Not fast (512
 * steps of a few word operations), but small. */
void ed25519_scalar_reduce(uint8_t out[32], const uint8_t in[64])
{
    uint32_t r[8];

    memset(r, 0, sizeof(r));
    for (unsigned n = 512; n-- > 0;) {
        uint32_t carry = (in[n >> 3] >> (n & 7)) & 1u;

        for (unsigned i = 0; i < 8; i++) {
            uint32_t top = r[i] >> 31;

            r[i] = (r[i] << 1) | carry;
            carry = top;
        }
        if (!below_order(r)) {
            uint32_t borrow = 0;

            for (unsigned i = 0; i < 8; i++) {
                uint64_t t = (uint64_t)r[i] - order_l[i] - borrow;

                r[i] = (uint32_t)t;
                borrow = (uint32_t)(t >> 63);
            }
        }
    }
    for (unsigned i = 0; i < 32; i++)
        out[i] = (uint8_t)(r[i >> 2] >> (8 * (i & 3)));
}

static unsigned scalar_bit(const uint8_t s[32], unsigned n)
{
    return (s[n >> 3] >> (n & 7)) & 1u;
}

/* ---- verification ---- */

int ed25519_verify_init(struct ed25519_verify *v,
                        const uint8_t key[ED25519_KEY_BYTES],
                        const uint8_t sig[ED25519_SIG_BYTES])
{
    uint32_t s[8];

    memcpy(v->key, key, ED25519_KEY_BYTES);
    memcpy(v->sig, sig, ED25519_SIG_BYTES);
    words_from_bytes(s, sig + 32);
    if (!encoding_canonical(key))
        v->err = ED25519_EKEY;
    else if (!encoding_canonical(sig))
        v->err = ED25519_ER;
    else if (!below_order(s))
        v->err = ED25519_ES;
    else
        v->err = 0;
    sha512_init(&v->hash);
    sha512_update(&v->hash, sig, 32);
    sha512_update(&v->hash, key, ED25519_KEY_BYTES);
    return v->err;
}

void ed25519_verify_update(struct ed25519_verify *v, const void *data,
                           uint32_t len)
{
    if (v->err == 0)
        sha512_update(&v->hash, data, len);
}

/* [8]([S]B - [k]A - R) must be the identity. */
int ed25519_verify_final(struct ed25519_verify *v)
{
    uint8_t h[SHA512_BYTES], k[32];
    struct ge p, q;
    struct ge_cached b, ma, bma, mr;
    const uint8_t *s = v->sig + 32;
    int rc;

    if (v->err)
        return v->err;
    sha512_final(&v->hash, h);
    ed25519_scalar_reduce(k, h);

    rc = key_decode(&p, v->key, &q);
    if (rc)
        return v->err = rc;
    ge_to_cached(&ma, &p);
    ge_cached_neg(&ma);                  /* -A */
    if (ge_decode(&p, v->sig) != 0)
        return v->err = ED25519_ERCURVE;
    ge_to_cached(&mr, &p);
    ge_cached_neg(&mr);                  /* -R */
    /* B = (x, 4/5); 4/5 encodes as 0x58, then 0x66 31 times (in the
     * digest's room, free once k is made). */
    memset(h, 0x66, 32);
    h[0] = 0x58;
    fe_frombytes(&p.y, h);
    fe_frombytes(&p.x, bx_bytes);
    memset(&p.z, 0, sizeof(p.z));
    p.z.v[0] = 1;
    fe_mul(&p.t, &p.x, &p.y);
    ge_to_cached(&b, &p);
    ge_add(&p, &p, &ma);                 /* B - A */
    ge_to_cached(&bma, &p);

    ge_identity(&q);
    for (unsigned n = SCALAR_BITS; n-- > 0;) {
        unsigned sb = scalar_bit(s, n), kb = scalar_bit(k, n);

        ge_dbl(&q, &q);
        if (sb && kb)
            ge_add(&q, &q, &bma);
        else if (sb)
            ge_add(&q, &q, &b);
        else if (kb)
            ge_add(&q, &q, &ma);
    }
    ge_add(&q, &q, &mr);
    if (!ge_small_order(&q, &q))
        return v->err = ED25519_EBAD;
    return 0;
}

int ed25519_verify(const uint8_t key[ED25519_KEY_BYTES],
                   const uint8_t sig[ED25519_SIG_BYTES], const void *msg,
                   uint32_t len)
{
    struct ed25519_verify v;

    ed25519_verify_init(&v, key, sig);
    ed25519_verify_update(&v, msg, len);
    return ed25519_verify_final(&v);
}

#ifdef ED25519_SIGNER
/* [s]B encoded (RFC 8032 5.1.2), s 32 bytes little-endian: the signer's
 * A and R. Only the host's signer (board/host/ed25519_sign.c) builds it
 * (ED25519_SIGNER); like the rest of this file it is not constant
 * time: the host signs, the boards never do. */
void ed25519_base_mul(uint8_t out[ED25519_KEY_BYTES], const uint8_t s[32])
{
    struct ge p, q;
    struct ge_cached b;
    struct fe zi, t;
    uint8_t y[32];

    memset(y, 0x66, 32);                 /* B's y = 4/5, as in verify */
    y[0] = 0x58;
    fe_frombytes(&p.y, y);
    fe_frombytes(&p.x, bx_bytes);
    memset(&p.z, 0, sizeof(p.z));
    p.z.v[0] = 1;
    fe_mul(&p.t, &p.x, &p.y);
    ge_to_cached(&b, &p);
    ge_identity(&q);
    for (unsigned n = 256; n-- > 0;) {
        ge_dbl(&q, &q);
        if (scalar_bit(s, n))
            ge_add(&q, &q, &b);
    }
    /* 1/Z = Z^(p-2) = (Z^(2^252-3))^8 * Z^3 */
    fe_pow22523(&t, &q.z);
    fe_sqn(&t, &t, 3);
    fe_sq(&zi, &q.z);
    fe_mul(&zi, &zi, &q.z);
    fe_mul(&zi, &zi, &t);
    fe_mul(&p.x, &q.x, &zi);
    fe_mul(&p.y, &q.y, &zi);
    fe_tobytes(out, &p.y);
    out[SIGN_BYTE] |= (uint8_t)(fe_isodd(&p.x) << 7);
}
#endif
