/* The four mem* functions fs/, drivers/ and firmware/ use (gcc may emit
 * calls to them too); nothing else of libc. Architecture-neutral C, shared
 * by every freestanding image (board/README.md). */
#include <stddef.h>
#include <stdint.h>

#include "board/board_conf.h"

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;

    if (d <= s) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else {
        while (n > 0) {
            n--;
            d[n] = s[n];
        }
    }
    return dst;
}

#if EXTLOAD_TINY
/* The tiny profile's memcpy is memmove, byte by byte: the loader copies
 * only partial sectors and small records (file data is read straight into
 * place), and one function is the smaller image. */
void *memcpy(void *dst, const void *src, size_t n)
    __attribute__((alias("memmove")));
#else
/* Word by word when both are aligned. */
void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;

    if ((((uintptr_t)d | (uintptr_t)s) & 3u) == 0) {
        for (; n >= 4; n -= 4, d += 4, s += 4)
            *(uint32_t *)(void *)d = *(const uint32_t *)(const void *)s;
    }
    for (; n > 0; n--)
        *d++ = *s++;
    return dst;
}
#endif

void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;

    for (; n > 0; n--)
        *d++ = (uint8_t)c;
    return dst;
}

/* The sign is that of the first differing byte pair's difference. */
int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *p = a, *q = b;

    for (size_t i = 0; i < n; i++)
        if (p[i] != q[i])
            return p[i] - q[i];
    return 0;
}
