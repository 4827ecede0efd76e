/* crc32c for the fuzz targets: the same function as lib/crc.c's (a
 * nibble table, 64 bytes of flash, 5.5 ns a byte: a fifth of an image
 * run went to it), by the CPU's crc32 instruction when it has SSE4.2.
 * The fuzz build renames lib/crc.c's to ext_crc32c_nib (rules.mk),
 * and every 32nd call runs it too on the same bytes: both must agree, so
 * the firmware's loop still reads every buffer the reader hands it under
 * ASan, only less often. Without SSE4.2 the nibble loop does it all.
 * The GPT CRC32 (fs/part.c sums a 16 KiB entry array for each partition
 * asked about) the same way: eight bytes a step through eight tables
 * made on the first call, lib/crc.c's loop (renamed ext_crc32_nib)
 * checking every 32nd call. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/crc.h"

uint32_t ext_crc32c_nib(uint32_t crc, const void *p, uint32_t n);
uint32_t ext_crc32_nib(uint32_t crc, const void *p, uint32_t n);

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

/* crc32 (IEEE, reflected), slicing by 8. */
static uint32_t crc32_tab[8][256];

static void crc32_tables(void)
{
    uint32_t i, k, c;

    for (i = 0; i < 256; i++) {
        for (c = i, k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        crc32_tab[0][i] = c;
    }
    for (i = 0; i < 256; i++)
        for (k = 1; k < 8; k++)
            crc32_tab[k][i] = (crc32_tab[k - 1][i] >> 8) ^
                              crc32_tab[0][crc32_tab[k - 1][i] & 0xFF];
}

/* Not under ASan: the table lookups' checks cost more than the sum. The
 * bytes summed are the reader's buffer, which lib/crc.c's loop reads
 * under ASan on every 32nd call (and the reader fills under ASan). */
__attribute__((no_sanitize("address")))
uint32_t ext_crc32(uint32_t crc, const void *p, uint32_t n)
{
    static unsigned calls;
    const uint8_t *b = p;
    uint32_t c = crc, n0 = n, lo, hi;

    if (!crc32_tab[0][1])
        crc32_tables();
    for (; n >= 8; n -= 8, b += 8) {
        memcpy(&lo, b, 4);
        memcpy(&hi, b + 4, 4);
        lo ^= c;
        c = crc32_tab[7][lo & 0xFF] ^ crc32_tab[6][(lo >> 8) & 0xFF] ^
            crc32_tab[5][(lo >> 16) & 0xFF] ^ crc32_tab[4][lo >> 24] ^
            crc32_tab[3][hi & 0xFF] ^ crc32_tab[2][(hi >> 8) & 0xFF] ^
            crc32_tab[1][(hi >> 16) & 0xFF] ^ crc32_tab[0][hi >> 24];
    }
    for (; n; n--, b++)
        c = (c >> 8) ^ crc32_tab[0][(c ^ *b) & 0xFF];
    if (++calls % 32u == 0 && ext_crc32_nib(crc, p, n0) != c)
        abort();
    return c;
}
