/* The seed of inode-owned metadata (the CRCs themselves: lib/crc.c). */
#include "ext_priv.h"

/* Inode-owned metadata (inode, extent blocks, directory blocks) is seeded
 * with crc32c(fs seed, le32 inode number, le32 i_generation). */
uint32_t ext_inode_seed(const struct ext_fs *fs, uint32_t ino, uint32_t gen)
{
    uint8_t le[ISEED_SIZE];

    put_le32(le + ISEED_INO, ino);
    put_le32(le + ISEED_GEN, gen);
    return ext_crc32c(ext_csum_seed(fs), le, ISEED_SIZE);
}
