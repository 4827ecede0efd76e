/* Little-endian loads from on-disk bytes; never cast a buffer to a struct. */
#ifndef EXTLOAD_LE_H
#define EXTLOAD_LE_H

#include <stdint.h>

/* Where the core loads unaligned words (Cortex-M3), gcc makes each of
 * these one load instruction, smaller than a call: always inline them
 * there. Elsewhere (RV64 loads bytes) the compiler decides. */
#if defined(__ARM_FEATURE_UNALIGNED)
#define LE_INLINE static inline __attribute__((always_inline))
#else
#define LE_INLINE static inline
#endif

/*@ assigns \nothing; */
LE_INLINE uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

/*@ assigns \nothing; */
LE_INLINE uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
           ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/*@ assigns \nothing; */
LE_INLINE uint64_t le64(const uint8_t *p)
{
    return (uint64_t)le32(p) | ((uint64_t)le32(p + 4) << 32);
}

LE_INLINE void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#endif
