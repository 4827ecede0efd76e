/* Big-endian loads (jbd2 stores its journal big-endian). */
#ifndef EXTLOAD_BE_H
#define EXTLOAD_BE_H

#include <stdint.h>

/* As le.h: one load (and a byte reverse) on a core that loads unaligned
 * words, so always inlined there. */
#if defined(__ARM_FEATURE_UNALIGNED)
#define BE_INLINE static inline __attribute__((always_inline))
#else
#define BE_INLINE static inline
#endif

BE_INLINE uint16_t be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

BE_INLINE uint32_t be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

BE_INLINE uint64_t be64(const uint8_t *p)
{
    return ((uint64_t)be32(p) << 32) | be32(p + 4);
}

BE_INLINE void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#endif
