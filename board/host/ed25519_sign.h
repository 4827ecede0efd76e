/* Ed25519 signing for the host tool (`extload sign`), on the verifier's
 * own SHA-512 and field arithmetic
 * (firmware/crypto/ed25519.c, ED25519_SIGNER),
 * and the PEM key files OpenSSL writes:
 *
 *   openssl genpkey -algorithm ed25519 -out boot.key      PRIVATE KEY
 *   openssl pkey -in boot.key -pubout -out boot.pub.pem   PUBLIC KEY
 *
 * Host only: nothing here is linked into a board image. */
#ifndef EXTLOAD_HOST_ED25519_SIGN_H
#define EXTLOAD_HOST_ED25519_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "firmware/crypto/ed25519.h"

#define ED25519_SEED_BYTES 32u

/* The key a seed gives (RFC 8032 5.1.5). */
void ed25519_public_key(uint8_t key[ED25519_KEY_BYTES],
                        const uint8_t seed[ED25519_SEED_BYTES]);
/* The signature of msg[0..len) (RFC 8032 5.1.6; deterministic, so it is
 * byte for byte what `openssl pkeyutl -sign -rawin` writes). */
void ed25519_sign(uint8_t sig[ED25519_SIG_BYTES],
                  const uint8_t seed[ED25519_SEED_BYTES], const void *msg,
                  size_t len);

/* Reads a PEM file: PKCS#8 "PRIVATE KEY" (RFC 8410: 48 bytes of DER, the
 * seed last) into seed, or SubjectPublicKeyInfo "PUBLIC KEY" (44 bytes,
 * the key last) into key. 0, or -1 with why (a sentence) set. */
int ed25519_read_private_pem(const char *path,
                             uint8_t seed[ED25519_SEED_BYTES],
                             const char **why);
int ed25519_read_public_pem(const char *path, uint8_t key[ED25519_KEY_BYTES],
                            const char **why);

#endif
