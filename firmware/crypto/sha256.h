/* SHA-256 (FIPS 180-4), streaming. */
#ifndef EXTLOAD_SHA256_H
#define EXTLOAD_SHA256_H

#include <stdint.h>

#include "firmware/boot_conf.h"

#define SHA256_BYTES 32u

struct sha256 {
    uint32_t h[8];
    uint64_t len_bytes;
    uint8_t block[64];
    uint32_t fill;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, uint32_t len);
void sha256_final(struct sha256 *s, uint8_t out[SHA256_BYTES]);

/* The first n bytes of a digest as lowercase hex and a NUL: 2n + 1 bytes
 * of out. */
void sha256_hex(const uint8_t *digest, uint32_t n, char *out);
/* Parse the first 64 characters of a sha256sum line; 0 or -1. */
int sha256_parse_hex(const char *s, uint32_t len, uint8_t out[SHA256_BYTES]);

#endif
