/* Ed25519 signature verification (RFC 8032 section 5.1.7), freestanding:
 * no heap, no recursion, constant memory, every loop bounded by the
 * 255-bit field or the 253-bit scalars. SHA-512 is firmware/crypto/sha512.h.
 *
 * The check is the cofactored one RFC 8032 states first,
 *     [8][S]B = [8]R + [8][k]A,   k = SHA-512(R || A || M) mod L,
 * not the cofactorless [S]B = R + [k]A it also allows. The two differ
 * only for signatures whose R, or keys whose A, carry a small-order
 * component, which an honest signer never makes; the cofactored
 * equation is the one every RFC-conforming verifier (and batch
 * verification) accepts, so a signature made for this board verifies
 * the same way everywhere ("Taming the many EdDSAs", Chalkias et al.,
 * 2020, and ZIP-215 argue for it). OpenSSL checks cofactorless; its
 * signatures satisfy both. Beyond 5.1.7, and before any curve
 * arithmetic:
 *   - S must be below the group order L (5.1.7 step 1 asks for it);
 *   - A and R must be canonical encodings: y < p, and not x = 0 with
 *     the sign bit set (5.1.3 step 1 and 4 refuse these for decoding);
 *   - A must be a point of the curve, and not one of the 8 points of
 *     small order (such a key verifies signatures of every message under
 *     the cofactored check; refusing it costs three doublings).
 * R may be any point of the curve, small order included (5.1.7 does not
 * refuse it, and the equation still binds the key's owner to the
 * message).
 *
 * Constant time is not attempted: everything verification computes on
 * is public (the key, the signature, the message).
 *
 * Streaming: the signed message enters SHA-512(R || A || M) in pieces,
 *     ed25519_verify_init(&v, key, sig);
 *     ed25519_verify_update(&v, piece, len);   any number of times
 *     rc = ed25519_verify_final(&v);           0: the signature verifies
 * so the caller never holds M whole. init refuses what the bytes alone
 * show (encodings, S); the error sticks and final returns it. */
#ifndef EXTLOAD_ED25519_H
#define EXTLOAD_ED25519_H

#include <stdint.h>

#include "firmware/crypto/sha512.h"

#define ED25519_KEY_BYTES 32u
#define ED25519_SIG_BYTES 64u        /* R (32 bytes), then S (32 bytes) */

/* Every verification error: name, value, and ed25519_strerror()'s text. */
#define ED25519_ERRORS(X) \
    X(ED25519_OK,          0, "the signature verifies") \
    X(ED25519_EKEY,       -1, "the public key is not a canonical encoding") \
    X(ED25519_EKEYCURVE,  -2, "the public key is not a point of the curve") \
    X(ED25519_EKEYORDER,  -3, "the public key is a point of small order") \
    X(ED25519_ER,         -4, "the signature's R is not a canonical encoding") \
    X(ED25519_ERCURVE,    -5, "the signature's R is not a point of the curve") \
    X(ED25519_ES,         -6, "the signature's S is not below the group order") \
    X(ED25519_EBAD,       -7, "the signature does not match the message and key")

enum ed25519_err {
#define ED25519_ERR_ENUM(name, value, text) name = value,
    ED25519_ERRORS(ED25519_ERR_ENUM)
#undef ED25519_ERR_ENUM
};

/* One verification in progress: the caller owns it (about 300 bytes). */
struct ed25519_verify {
    struct sha512 hash;             /* SHA-512(R || A || M so far) */
    uint8_t key[ED25519_KEY_BYTES];
    uint8_t sig[ED25519_SIG_BYTES];
    int err;                        /* the first refusal, or 0 */
};

/* Starts a verification of sig by key; 0, or the refusal the bytes of
 * key and sig already show (it is also what final will return). */
int ed25519_verify_init(struct ed25519_verify *v,
                        const uint8_t key[ED25519_KEY_BYTES],
                        const uint8_t sig[ED25519_SIG_BYTES]);
/* The next len bytes of the signed message. */
void ed25519_verify_update(struct ed25519_verify *v, const void *data,
                           uint32_t len);
/* 0 when the signature verifies, else a negative ED25519_E...; once per
 * init. */
int ed25519_verify_final(struct ed25519_verify *v);

/* All three at once over a message in memory. */
int ed25519_verify(const uint8_t key[ED25519_KEY_BYTES],
                   const uint8_t sig[ED25519_SIG_BYTES], const void *msg,
                   uint32_t len);

/* 0 when key is usable (canonical, on the curve, not of small order),
 * else ED25519_EKEY, ED25519_EKEYCURVE or ED25519_EKEYORDER. */
int ed25519_key_check(const uint8_t key[ED25519_KEY_BYTES]);

/* in (64 bytes, little-endian) modulo the group order L, as 32 bytes
 * little-endian: how k is made from SHA-512's digest. */
void ed25519_scalar_reduce(uint8_t out[32], const uint8_t in[64]);

const char *ed25519_strerror(int err);

#ifdef ED25519_SIGNER
/* [s]B encoded: the host signer's (board/host/ed25519_sign.c). */
void ed25519_base_mul(uint8_t out[ED25519_KEY_BYTES], const uint8_t s[32]);
#endif

#endif
