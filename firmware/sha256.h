/* SHA-256 (FIPS 180-4), streaming. */
#ifndef EXTLOAD_SHA256_H
#define EXTLOAD_SHA256_H

#include <stdint.h>

#define SHA256_BYTES 32u

/* SHA256_UNROLL: the compression function with the whole 64-word
 * message schedule made first, then eight rounds per loop step in
 * straight-line code, the working variables renamed round by round
 * instead of moved.
 *   1 (default): 37.9 Cortex-M3 instructions a byte (`make bench`);
 *     costs 420 bytes of flash (`make size`), and the compression
 *     function's frame grows from 160 to 328 bytes of stack (the
 *     256-byte schedule).
 *   0: one round per loop step over a 16-word ring, 68.4 a byte.
 */
#ifndef SHA256_UNROLL
#define SHA256_UNROLL 1
#endif

struct sha256 {
    uint32_t h[8];
    uint64_t len_bytes;
    uint8_t block[64];
    uint32_t fill;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, uint32_t len);
void sha256_final(struct sha256 *s, uint8_t out[SHA256_BYTES]);

/* out: 65 bytes, lowercase hex and a NUL. */
void sha256_hex(const uint8_t digest[SHA256_BYTES], char *out);
/* Parse the first 64 characters of a sha256sum line; 0 or -1. */
int sha256_parse_hex(const char *s, uint32_t len, uint8_t out[SHA256_BYTES]);

#endif
