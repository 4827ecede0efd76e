/* SHA-512 (FIPS 180-4), streaming, in constant memory: the hash inside
 * Ed25519 (firmware/crypto/ed25519.h). */
#ifndef EXTLOAD_SHA512_H
#define EXTLOAD_SHA512_H

#include <stdint.h>

#define SHA512_BYTES 64u
#define SHA512_BLOCK 128u

struct sha512 {
    uint64_t h[8];
    uint64_t len_bytes;             /* bytes hashed so far (the 128-bit
                                     * length field's upper half stays 0) */
    uint8_t block[SHA512_BLOCK];
    uint32_t fill;                  /* bytes waiting in block */
};

void sha512_init(struct sha512 *s);
void sha512_update(struct sha512 *s, const void *data, uint32_t len);
void sha512_final(struct sha512 *s, uint8_t out[SHA512_BYTES]);

#endif
