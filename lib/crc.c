/* The CRCs of the on-disk formats and the records every layer checks
 * (lib/crc.h): one module. */
#include "lib/crc.h"

/* Each reflected CRC folds a byte in as two nibbles through its table of
 * 16 remainders: 64 bytes of flash a polynomial, a quarter of the bitwise
 * loop's work. */
static const uint32_t crc32c_nib[16] = {
    0x00000000, 0x105EC76F, 0x20BD8EDE, 0x30E349B1,
    0x417B1DBC, 0x5125DAD3, 0x61C69362, 0x7198540D,
    0x82F63B78, 0x92A8FC17, 0xA24BB5A6, 0xB21572C9,
    0xC38D26C4, 0xD3D3E1AB, 0xE330A81A, 0xF36E6F75,
};

#if CRC32_NIBBLES
static const uint32_t crc32_nib[16] = {
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC,
    0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
    0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C,
};
#endif

static const uint32_t crc16_nib[16] = {
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
};

/*@ requires \valid_read(b + (0 .. n - 1));
    assigns \nothing; */
static uint32_t reflected(uint32_t crc, const uint8_t *b, uint32_t n,
                          const uint32_t nib[16])
{
    /*@ loop invariant i <= n;
        loop assigns i, crc; */
    for (uint32_t i = 0; i < n; i++) {
        crc ^= b[i];
        crc = (crc >> 4) ^ nib[crc & 15];
        crc = (crc >> 4) ^ nib[crc & 15];
    }
    return crc;
}

/*@ requires \valid_read((const uint8_t *)p + (0 .. n - 1));
    assigns \nothing; */
uint32_t ext_crc32c(uint32_t crc, const void *p, uint32_t n)
{
    return reflected(crc, p, n, crc32c_nib);
}

#if CRC32_NIBBLES
/*@ requires \valid_read((const uint8_t *)p + (0 .. n - 1));
    assigns \nothing; */
uint32_t ext_crc32(uint32_t crc, const void *p, uint32_t n)
{
    return reflected(crc, p, n, crc32_nib);
}
#else
/* Without the table (the tiny profile, whose reader verifies no metadata
 * checksums: only a GPT's header and entry array are summed, once a
 * boot): bit by bit. */
uint32_t ext_crc32(uint32_t crc, const void *p, uint32_t n)
{
    const uint8_t *b = p;

    for (uint32_t i = 0; i < n; i++) {
        crc ^= b[i];
        for (uint32_t k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return crc;
}
#endif

/*@ requires \valid_read((const uint8_t *)p + (0 .. n - 1));
    assigns \nothing; */
uint16_t ext_crc16(uint16_t crc, const void *p, uint32_t n)
{
    return (uint16_t)reflected(crc, p, n, crc16_nib);
}

/* Bit by bit: only jbd2's old v1 checksum uses it. */
uint32_t ext_crc32_be(uint32_t crc, const void *p, uint32_t n)
{
    const uint8_t *b = p;

    for (uint32_t i = 0; i < n; i++) {
        crc ^= (uint32_t)b[i] << 24;
        for (uint32_t k = 0; k < 8; k++)
            crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04C11DB7u
                                      : crc << 1;
    }
    return crc;
}
