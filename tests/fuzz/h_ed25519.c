/* Ed25519 harness: the input is a public key (32 bytes), a signature (64)
 * and the message (the rest), through firmware/crypto/ed25519.c as the label flow
 * calls it. Invariants:
 *   - the answer is 0 or one of the ED25519_E... codes;
 *   - the message fed in pieces (sizes from the input's length) gives the
 *     same answer as in one piece, and init's answer is 0 or that one;
 *   - a key refusal is ed25519_key_check's, and a key that check refuses
 *     as not canonical is refused so by the verifier too;
 *   - a signature that verifies no longer does with a message bit flipped;
 *   - the RFC 8032 section 7.1 vectors (the seeds) verify. */
#include <stdlib.h>
#include <string.h>

#include "firmware/crypto/ed25519.h"
#include "tests/fuzz/harness.h"
#include "tests/support/rfc8032.h"

#define MSG_MAX (64u << 10)

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

/* 1 when key || sig || msg is one of the RFC 8032 vectors. */
static int is_rfc_vector(const uint8_t *data, size_t len)
{
    uint8_t buf[96 + 1024];

    for (unsigned i = 0; i < RFC8032_VECTORS; i++) {
        const struct rfc8032_vector *v = &rfc8032_vectors[i];
        size_t mlen = strlen(v->msg) / 2;

        if (len != 96 + mlen || mlen > sizeof(buf) - 96)
            continue;
        unhex(buf, v->key, 32);
        unhex(buf + 32, v->sig, 64);
        unhex(buf + 96, v->msg, mlen);
        if (!memcmp(buf, data, len))
            return 1;
    }
    return 0;
}

static int pieces(const uint8_t *key, const uint8_t *sig, const uint8_t *msg,
                  size_t mlen, int *init_rc)
{
    struct ed25519_verify v;
    uint32_t x = (uint32_t)mlen * 2654435761u + 1, off = 0;

    *init_rc = ed25519_verify_init(&v, key, sig);
    while (off < mlen) {
        uint32_t n;

        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        n = 1 + x % 200;
        if (n > mlen - off)
            n = (uint32_t)(mlen - off);
        ed25519_verify_update(&v, msg + off, n);
        off += n;
    }
    return ed25519_verify_final(&v);
}

const char *fuzz_ed25519_one(const uint8_t *data, size_t len)
{
    const uint8_t *key = data, *sig = data + 32, *msg = data + 96;
    size_t mlen;
    int rc, rc2, init_rc, kc;

    if (len < 96 || len - 96 > MSG_MAX)
        return NULL;
    mlen = len - 96;
    rc = ed25519_verify(key, sig, msg, (uint32_t)mlen);
    if (rc > 0 || rc < ED25519_EBAD)
        return "the answer is not an ED25519_E... code";
    rc2 = pieces(key, sig, msg, mlen, &init_rc);
    if (rc2 != rc)
        return "the message in pieces gives another answer than in one";
    if (init_rc != 0 && init_rc != rc)
        return "init refused for another reason than final";
    kc = ed25519_key_check(key);
    if ((rc == ED25519_EKEY || rc == ED25519_EKEYCURVE ||
         rc == ED25519_EKEYORDER) && kc != rc)
        return "the verifier refused the key, ed25519_key_check not so";
    if (kc == ED25519_EKEY && rc != ED25519_EKEY)
        return "a non-canonical key was not refused as such";
    if (is_rfc_vector(data, len) && rc != 0)
        return "an RFC 8032 vector did not verify";
    if (rc == 0) {
        /* The message with its first bit flipped (or one byte more). */
        uint8_t *m2 = malloc(mlen + 1);

        if (!m2)
            return NULL;
        memcpy(m2, msg, mlen);
        m2[0] = mlen ? (uint8_t)(msg[0] ^ 1) : 0;
        rc2 = ed25519_verify(key, sig, m2, (uint32_t)(mlen ? mlen : 1));
        free(m2);
        if (rc2 != ED25519_EBAD)
            return "a verified signature still verifies a changed message";
    }
    return NULL;
}
