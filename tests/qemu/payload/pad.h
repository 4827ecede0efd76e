/* The padding mkkernel appends to the test kernel: byte `off` of the file
 * (an offset past the linked image) is a fixed function of the offset. */
#ifndef EXTLOAD_PAYLOAD_PAD_H
#define EXTLOAD_PAYLOAD_PAD_H

#include <stdint.h>

static inline uint8_t payload_pad_byte(uint32_t off)
{
    uint32_t x = off * 2654435761u;
    return (uint8_t)((x >> 24) ^ (x >> 11) ^ off);
}

#endif
