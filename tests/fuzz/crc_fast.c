/* crc32c for the fuzz targets: the same function as fs/ext_csum.c's (a
 * nibble table, 64 bytes of flash, 5.5 ns a byte: a fifth of an image
 * run went to it), by the CPU's crc32 instruction when it has SSE4.2.
 * The fuzz build renames fs/ext_csum.c's to ext_crc32c_nib (rules.mk),
 * and every 32nd call runs it too on the same bytes: both must agree, so
 * the firmware's loop still reads every buffer the reader hands it under
 * ASan, only less often. Without SSE4.2 the nibble loop does it all. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fs/crc.h"

uint32_t ext_crc32c_nib(uint32_t crc, const void *p, uint32_t n);

#if defined(__x86_64__)
__attribute__((target("sse4.2")))
static uint32_t hw(uint32_t crc, const uint8_t *b, uint32_t n)
{
    uint64_t c = crc, w;

    for (; n >= 8; n -= 8, b += 8) {
        memcpy(&w, b, 8);
        c = __builtin_ia32_crc32di(c, w);
    }
    for (; n; n--, b++)
        c = __builtin_ia32_crc32qi((uint32_t)c, *b);
    return (uint32_t)c;
}
#endif

uint32_t ext_crc32c(uint32_t crc, const void *p, uint32_t n)
{
#if defined(__x86_64__)
    static unsigned calls;
    static int have = -1;
    uint32_t r;

    if (have < 0)
        have = __builtin_cpu_supports("sse4.2") ? 1 : 0;
    if (have) {
        r = hw(crc, p, n);
        if (++calls % 32u == 0 && ext_crc32c_nib(crc, p, n) != r)
            abort();
        return r;
    }
#endif
    return ext_crc32c_nib(crc, p, n);
}
