/* Metadata checksums: crc32c (metadata_csum) and crc16 (gdt_csum).
 * Nibble tables: 96 bytes of flash, a quarter of the bitwise loop's work. */
#include "ext_priv.h"

static const uint32_t crc32c_nib[16] = {
    0x00000000, 0x105EC76F, 0x20BD8EDE, 0x30E349B1,
    0x417B1DBC, 0x5125DAD3, 0x61C69362, 0x7198540D,
    0x82F63B78, 0x92A8FC17, 0xA24BB5A6, 0xB21572C9,
    0xC38D26C4, 0xD3D3E1AB, 0xE330A81A, 0xF36E6F75,
};

static const uint16_t crc16_nib[16] = {
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
};

uint32_t ext_crc32c(uint32_t crc, const void *p, uint32_t n)
{
    const uint8_t *b = p;

    while (n--) {
        crc ^= *b++;
        crc = (crc >> 4) ^ crc32c_nib[crc & 15];
        crc = (crc >> 4) ^ crc32c_nib[crc & 15];
    }
    return crc;
}

uint16_t ext_crc16(uint16_t crc, const void *p, uint32_t n)
{
    const uint8_t *b = p;

    while (n--) {
        crc ^= *b++;
        crc = (uint16_t)((crc >> 4) ^ crc16_nib[crc & 15]);
        crc = (uint16_t)((crc >> 4) ^ crc16_nib[crc & 15]);
    }
    return crc;
}

/* Inode-owned metadata (inode, extent blocks, directory blocks) is seeded
 * with crc32c(fs seed, le32 inode number, le32 i_generation). */
uint32_t ext_inode_seed(const struct ext_fs *fs, uint32_t ino, uint32_t gen)
{
    uint8_t le[8];
    int i;

    for (i = 0; i < 4; i++) {
        le[i] = (uint8_t)(ino >> (8 * i));
        le[4 + i] = (uint8_t)(gen >> (8 * i));
    }
    return ext_crc32c(fs->csum_seed, le, 8);
}
