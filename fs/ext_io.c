/* Sector I/O for the reader: the one sector buffer and direct runs. */
#include "ext_priv.h"

int ext_fail_at(struct ext_fs *fs, int err, uint32_t ino, ext_blk_t blk,
                const char *what)
{
    fs->err = err;
    fs->err_ino = ino;
    fs->err_blk = blk;
    fs->err_what = what;
    return err;
}

/* Reads past the filesystem are refused here, so a block number the
 * checks missed still cannot leave it; mount has checked that the
 * filesystem fits its partition. Before the block count is known only
 * the superblock's two sectors are read. */
static int ext_dev_bounds(struct ext_fs *fs, blockdev_lba_t sector,
                          uint32_t count)
{
    blockdev_lba_t limit = ext_blk_sector(fs, fs->blocks_count);

    if (sector > BLOCKDEV_LBA_MAX - count ||
        (fs->blocks_count && sector + count > limit))
        return ext_fail(fs, EXT_ERANGE, 0, sector >> (fs->blk_shift - 9),
                        "read past the end of the partition");
    return 0;
}

int ext_dev_raw(struct ext_fs *fs, blockdev_lba_t sector, uint32_t count,
                void *dst)
{
    int rc = ext_dev_bounds(fs, sector, count);

    if (rc)
        return rc;
    fs->reads++;
    fs->sectors_read += count;
    if (fs->bd->read(fs->bd->ctx, fs->lba0 + sector, count, dst))
        return ext_fail(fs, EXT_EIO, 0, sector >> (fs->blk_shift - 9),
                        "the block device failed a read");
    return 0;
}

/* Every read of the reader: after a journal replay, the sectors of
 * replaced blocks are then read again from their journal copies. */
int ext_dev_read(struct ext_fs *fs, blockdev_lba_t sector, uint32_t count,
                 void *dst)
{
    int rc = ext_dev_raw(fs, sector, count, dst);

#if EXT_JOURNAL
    if (!rc && fs->jnl && fs->jnl->n)
        rc = ext_journal_patch(fs, sector, count, dst);
#endif
    return rc;
}

int ext_sector(struct ext_fs *fs, blockdev_lba_t sector)
{
    int rc;

    if (fs->buf_lba == sector)
        return 0;
    fs->buf_lba = EXT_NO_SECTOR;
    rc = ext_dev_read(fs, sector, 1, fs->buf);
    if (rc)
        return rc;
    fs->buf_lba = sector;
    return 0;
}

/*
 * A metadata item may straddle a sector edge (a 12-byte extent at byte 504,
 * a directory entry header at byte 508):
 *
 *      sector k            sector k+1
 *   |.......[xxxxxxx|xxxxx].........|
 *           ^off          ^off+n
 *
 * Each piece is taken from the sector buffer in turn: copied to dst when
 * there is one, folded into *crc (crc32c) when there is one. The place is
 * a block and a byte offset from its start (which may run past the block,
 * as into an inode table), so no 64-bit byte address is ever formed.
 */
int ext_bytes_crc(struct ext_fs *fs, ext_blk_t blk, uint32_t off, void *dst,
                  uint32_t n, uint32_t *crc)
{
    uint8_t *out = dst;
    blockdev_lba_t sector = ext_blk_sector(fs, blk) + (off >> 9);

    /* Past the filesystem the sector number could wrap back into it. */
    if ((fs->blocks_count && blk >= fs->blocks_count) ||
        sector < (off >> 9))
        return ext_fail(fs, EXT_ERANGE, 0, blk,
                        "read past the end of the partition");
    off &= BLOCKDEV_SECTOR - 1;
    while (n) {
        uint32_t take = BLOCKDEV_SECTOR - off;
        int rc = ext_sector(fs, sector++);

        if (rc)
            return rc;
        if (take > n)
            take = n;
        if (out) {
            memcpy(out, fs->buf + off, take);
            out += take;
        }
        if (crc)
            *crc = ext_crc32c(*crc, fs->buf + off, take);
        off = 0;
        n -= take;
    }
    return 0;
}

int ext_bytes(struct ext_fs *fs, ext_blk_t blk, uint32_t off, void *dst,
              uint32_t n)
{
    return ext_bytes_crc(fs, blk, off, dst, n, NULL);
}

int ext_crc32c_span(struct ext_fs *fs, ext_blk_t blk, uint32_t off,
                    uint32_t n, uint32_t *crc)
{
    return ext_bytes_crc(fs, blk, off, NULL, n, crc);
}

bool ext_blk_ok(const struct ext_fs *fs, ext_blk_t blk)
{
    return blk >= fs->first_data_block && blk < fs->blocks_count;
}
