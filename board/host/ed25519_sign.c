/* Ed25519 signing and PEM keys for the host tool (ed25519_sign.h). */
#include "board/host/ed25519_sign.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "firmware/crypto/sha512.h"

#ifdef ED25519_SIGNER              /* the default host build's */

/* The DER before the key bytes (RFC 8410 section 7, OID 1.3.101.112):
 * PrivateKeyInfo { version 0, { id-Ed25519 }, OCTET STRING { OCTET
 * STRING { seed } } } and SubjectPublicKeyInfo { { id-Ed25519 },
 * BIT STRING { 0 unused bits, key } }. */
static const uint8_t der_private_head[16] = {
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
    0x04, 0x22, 0x04, 0x20,
};
static const uint8_t der_public_head[12] = {
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
};
#define PEM_FILE_MAX 4096u
#define DER_MAX 512u

static void expand(const uint8_t seed[ED25519_SEED_BYTES], uint8_t a[32],
                   uint8_t prefix[32])
{
    struct sha512 h;
    uint8_t d[SHA512_BYTES];

    sha512_init(&h);
    sha512_update(&h, seed, ED25519_SEED_BYTES);
    sha512_final(&h, d);
    memcpy(a, d, 32);
    a[0] &= 248;                   /* RFC 8032 5.1.5 step 2: the clamp */
    a[31] &= 127;
    a[31] |= 64;
    memcpy(prefix, d + 32, 32);
}

void ed25519_public_key(uint8_t key[ED25519_KEY_BYTES],
                        const uint8_t seed[ED25519_SEED_BYTES])
{
    uint8_t a[32], prefix[32];

    expand(seed, a, prefix);
    ed25519_base_mul(key, a);
}

/* SHA-512(x || y || msg) mod L; y may be NULL. */
static void hash_mod_l(uint8_t out[32], const uint8_t x[32],
                       const uint8_t *y, const void *msg, size_t len)
{
    struct sha512 h;
    uint8_t d[SHA512_BYTES];
    const uint8_t *m = msg;

    sha512_init(&h);
    sha512_update(&h, x, 32);
    if (y)
        sha512_update(&h, y, 32);
    while (len > 0) {              /* sha512_update takes 32-bit lengths */
        uint32_t n = len > 0x40000000u ? 0x40000000u : (uint32_t)len;

        sha512_update(&h, m, n);
        m += n;
        len -= n;
    }
    sha512_final(&h, d);
    ed25519_scalar_reduce(out, d);
}

void ed25519_sign(uint8_t sig[ED25519_SIG_BYTES],
                  const uint8_t seed[ED25519_SEED_BYTES], const void *msg,
                  size_t len)
{
    uint8_t a[32], prefix[32], key[32], r[32], k[32], wide[64];

    expand(seed, a, prefix);
    ed25519_base_mul(key, a);
    hash_mod_l(r, prefix, NULL, msg, len);         /* step 2 */
    ed25519_base_mul(sig, r);                      /* R = [r]B */
    hash_mod_l(k, sig, key, msg, len);             /* step 4 */
    /* S = (r + k * a) mod L: the 512-bit sum, then the reduction. */
    uint32_t acc[64] = { 0 };
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++)
            acc[i + j] += (uint32_t)k[i] * a[j];
    for (unsigned i = 0; i < 32; i++)
        acc[i] += r[i];
    uint32_t carry = 0;
    for (unsigned i = 0; i < 64; i++) {
        uint32_t v = acc[i] + carry;

        wide[i] = (uint8_t)v;
        carry = v >> 8;
    }
    ed25519_scalar_reduce(sig + 32, wide);
}

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

/* The DER inside "-----BEGIN label-----" ... "-----END label-----" of
 * the file at path: its length, or -1 with why set. */
static long pem_read(const char *path, const char *label, uint8_t *der,
                     const char **why)
{
    char text[PEM_FILE_MAX + 1], begin[64], end[64];
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f) {
        *why = strerror(errno);
        return -1;
    }
    n = fread(text, 1, PEM_FILE_MAX, f);
    fclose(f);
    text[n] = '\0';
    snprintf(begin, sizeof(begin), "-----BEGIN %s-----", label);
    snprintf(end, sizeof(end), "-----END %s-----", label);
    char *s = strstr(text, begin), *e = s ? strstr(s, end) : NULL;
    if (!s || !e) {
        *why = label[1] == 'R' ? "no PRIVATE KEY in PEM (openssl genpkey "
                                 "-algorithm ed25519 writes one)"
                               : "no PUBLIC KEY in PEM (openssl pkey "
                                 "-pubout writes one)";
        return -1;
    }
    uint32_t bits = 0, nbits = 0;
    long len = 0;
    for (s += strlen(begin); s < e; s++) {
        int v = b64_value((unsigned char)*s);

        if (*s == '=')
            break;
        if (v < 0)
            continue;              /* line ends and blanks */
        bits = bits << 6 | (uint32_t)v;
        nbits += 6;
        if (nbits >= 8) {
            nbits -= 8;
            if (len == DER_MAX) {
                *why = "PEM body too long for an Ed25519 key";
                return -1;
            }
            der[len++] = (uint8_t)(bits >> nbits);
        }
    }
    return len;
}

int ed25519_read_private_pem(const char *path,
                             uint8_t seed[ED25519_SEED_BYTES],
                             const char **why)
{
    uint8_t der[DER_MAX];
    long n = pem_read(path, "PRIVATE KEY", der, why);

    if (n < 0)
        return -1;
    if (n != (long)sizeof(der_private_head) + ED25519_SEED_BYTES ||
        memcmp(der, der_private_head, sizeof(der_private_head))) {
        *why = "not an Ed25519 private key (PKCS#8, RFC 8410)";
        return -1;
    }
    memcpy(seed, der + sizeof(der_private_head), ED25519_SEED_BYTES);
    return 0;
}

int ed25519_read_public_pem(const char *path, uint8_t key[ED25519_KEY_BYTES],
                            const char **why)
{
    uint8_t der[DER_MAX];
    long n = pem_read(path, "PUBLIC KEY", der, why);

    if (n < 0)
        return -1;
    if (n != (long)sizeof(der_public_head) + ED25519_KEY_BYTES ||
        memcmp(der, der_public_head, sizeof(der_public_head))) {
        *why = "not an Ed25519 public key (SubjectPublicKeyInfo, RFC 8410)";
        return -1;
    }
    memcpy(key, der + sizeof(der_public_head), ED25519_KEY_BYTES);
    if (ed25519_key_check(key)) {
        *why = ed25519_strerror(ed25519_key_check(key));
        return -1;
    }
    return 0;
}
#endif
