/* The seed of inode-owned metadata (the CRCs themselves: lib/crc.c). */
#include "ext_priv.h"

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
    return ext_crc32c(ext_csum_seed(fs), le, 8);
}
