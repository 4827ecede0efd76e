/* A test of the read path: stream a file of any size through SHA-256,
 * a window-sized chunk at a time, and print the digest. */
#ifndef EXTLOAD_BOOT_STREAM_H
#define EXTLOAD_BOOT_STREAM_H

#include "firmware/boot.h"
#include "firmware/sha256.h"

/* After boot_mount(). Prints "stream: PATH, N bytes, T ms, sha256 HEX". */
int boot_stream_sha256(const struct boot_env *env, struct boot_state *st,
                       const char *path, uint8_t digest[SHA256_BYTES]);

#endif
