/* Sector I/O for the reader: the one sector buffer and direct runs. */
#include "ext_priv.h"
#include "jbd2.h"

/*@ assigns *fs;
    ensures fs->bd == \old(fs->bd);
    ensures \result == err; */
int ext_fail_at(struct ext_fs *fs, int err, uint32_t ino, ext_blk_t blk,
                const char *what)
{
    fs->err = err;
    fs->err_ino = ino;
    fs->err_blk = blk;
#if EXT_MESSAGES
    fs->err_what = what;
#else
    (void)what;
#endif
    return err;
}

/* Reads past the filesystem are refused here, so a block number the
 * checks missed still cannot leave it; mount has checked that the
 * filesystem fits its partition. Before the block count is known only
 * the superblock's two sectors are read. */
/*@ assigns *fs;
    ensures fs->bd == \old(fs->bd);
    ensures \result <= 0;
    ensures \result == 0 ==> sector + count <= BLOCKDEV_LBA_MAX; */
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

/* make prove: the device is the proof's card (fs/blockdev.h), which
 * WP needs to prove the call below names it (its `calls`). */
/*@ requires count >= 1;
    requires \valid((uint8_t *)dst + (0 .. count * BLOCKDEV_SECTOR - 1));
    requires \separated(fs, fs->bd) && fs->bd->read == blockdev_proof_read;
    assigns *fs, ((uint8_t *)dst)[0 .. count * BLOCKDEV_SECTOR - 1];
    ensures \result <= 0; */
int ext_dev_raw(struct ext_fs *fs, blockdev_lba_t sector, uint32_t count,
                void *dst)
{
    int rc = ext_dev_bounds(fs, sector, count);

    if (rc)
        return rc;
    fs->reads++;
    fs->sectors_read += count;
    /*@ calls blockdev_proof_read; */
    rc = fs->bd->read(fs->bd->ctx, fs->lba0 + sector, count, dst);
    if (rc) {
        /* The driver's own code stays for ext_error_describe (read only
         * for EXT_EIO, which only this sets); a driver breaking
         * blockdev.h's promise (a positive value) still fails. */
        ext_fail(fs, EXT_EIO, 0, sector >> (fs->blk_shift - 9),
                 "the block device failed a read");
        fs->err_dev = rc < 0 ? rc : 0;
        return EXT_EIO;
    }
    return 0;
}

#if EXT_JOURNAL
/*@ assigns \nothing; */
uint32_t ext_jlower(const struct ext_jblock *t, uint32_t n, ext_blk_t blk)
{
    uint32_t lo = 0, hi = n;

    /* lo + hi < 2^32: n <= cap < 2^31 (struct ext_journal). EVA (make
     * prove) bounds this mid; lo + (hi - lo) / 2 it cannot without
     * relating lo to hi. */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;

        if (t[mid].blk < blk)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/*
 * The replay overlay: a read of [sector, end) after (and during) a journal
 * replay. The table (sorted by block) names the blocks whose newest
 * version is a journal copy; every other sector comes from its home:
 *
 *   home:   |  card  |  block 7  |  card  |  block 9 |card|
 *   reads:    run 1    its copy    run 2    its copy  run 3
 *
 * Each sector is read once, from where its version lives; the runs
 * between replaced blocks stay single multi-sector reads. An escaped
 * copy (its first four bytes zeroed in the log) gets JBD2_MAGIC back.
 */
/*@ requires count >= 1 && sector + count <= BLOCKDEV_LBA_MAX;
    requires count * BLOCKDEV_SECTOR <= UINT32_MAX;
    requires \valid(dst + (0 .. count * BLOCKDEV_SECTOR - 1));
    assigns *fs, dst[0 .. count * BLOCKDEV_SECTOR - 1];
    ensures \result <= 0; */
static int ext_dev_overlay(struct ext_fs *fs, const struct ext_journal *j,
                           blockdev_lba_t sector, uint32_t count,
                           uint8_t *dst)
{
    uint32_t sh = fs->blk_shift - 9u;
    blockdev_lba_t end = sector + count;    /* in bounds: checked */
    uint32_t i = ext_jlower(j->tab, j->n, sector >> sh);

    /*@ loop invariant \at(sector, Pre) <= sector <= end;
        loop invariant dst == \at(dst, Pre) +
                              (sector - \at(sector, Pre)) * BLOCKDEV_SECTOR;
        loop assigns sector, dst, i, *fs,
                     \at(dst, Pre)[0 .. count * BLOCKDEV_SECTOR - 1]; */
    while (sector < end) {
        const struct ext_jblock *e = i < j->n ? &j->tab[i] : NULL;
        blockdev_lba_t b0 = e ? ext_blk_sector(fs, e->blk) : end, hi;
        int rc;

        /* a run of home sectors (!e: b0 = end > sector, which EVA
         * cannot tell from e) */
        if (!e || b0 > sector) {
            hi = b0 < end ? b0 : end;
            rc = ext_dev_raw(fs, sector, (uint32_t)(hi - sector), dst);
        } else {                            /* part of a journal copy */
            blockdev_lba_t b1 = b0 + (1u << sh);

            /* A copy wholly before sector is passed over (the table is
             * sorted, so none is: this says so to WP, make prove). */
            if (b1 <= sector) {
                i++;
                continue;
            }
            hi = b1 < end ? b1 : end;
            rc = ext_dev_raw(fs, ext_blk_sector(fs, e->src & ~EXT_JB_ESCAPE)
                                 + (sector - b0),
                             (uint32_t)(hi - sector), dst);
            if (!rc && (e->src & EXT_JB_ESCAPE) && sector == b0) {
                dst[0] = (uint8_t)(JBD2_MAGIC >> 24);
                dst[1] = (uint8_t)(JBD2_MAGIC >> 16);
                dst[2] = (uint8_t)(JBD2_MAGIC >> 8);
                dst[3] = (uint8_t)JBD2_MAGIC;
            }
            i++;
        }
        if (rc)
            return rc;
        dst += (hi - sector) * BLOCKDEV_SECTOR;
        sector = hi;
    }
    return 0;
}
#endif

/* Every read of the reader: through the replay overlay when a journal
 * was (or is being) replayed, straight from the device otherwise. */
/*@ requires count >= 1;
    requires count * BLOCKDEV_SECTOR <= UINT32_MAX;
    requires \valid((uint8_t *)dst + (0 .. count * BLOCKDEV_SECTOR - 1));
    assigns *fs, ((uint8_t *)dst)[0 .. count * BLOCKDEV_SECTOR - 1];
    ensures \result <= 0; */
int ext_dev_read(struct ext_fs *fs, blockdev_lba_t sector, uint32_t count,
                 void *dst)
{
#if EXT_JOURNAL
    const struct ext_journal *j = fs->jnl;

    if (j && j->n) {
        int rc = ext_dev_bounds(fs, sector, count);

        return rc ? rc : ext_dev_overlay(fs, j, sector, count, dst);
    }
#endif
    return ext_dev_raw(fs, sector, count, dst);
}

/*@ assigns *fs; */
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
/*@ requires \valid(fs);
    requires dst == \null || \valid((uint8_t *)dst + (0 .. n - 1));
    requires crc == \null || \valid(crc);
    assigns *fs, ((uint8_t *)dst)[0 .. n - 1], *crc; */
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
    /*@ loop invariant off < BLOCKDEV_SECTOR && n <= \at(n, Pre);
        loop invariant dst == \null ? out == \null :
                       out == (uint8_t *)dst + (\at(n, Pre) - n);
        loop assigns n, off, out, sector, *fs,
                     ((uint8_t *)dst)[0 .. \at(n, Pre) - 1], *crc; */
    while (n) {
        uint32_t take = n;
        int rc = ext_sector(fs, sector++);

        if (rc)
            return rc;
        if (n > BLOCKDEV_SECTOR - off) {
            /* For EVA (make prove): each start of an item that straddles
             * the sector's edge apart, so that both its pieces are known
             * to lie in both buffers (a header's or an entry's few dozen
             * cases; more than -eva-split-limit's 100 stay whole). */
            /*@ split off; */
            take = BLOCKDEV_SECTOR - off;
        }
        /* For EVA: out is null or valid (WP proves it from the
         * contract), so it may be compared with null. */
        /*@ assert out == \null || \valid(out); */
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

/*@ requires \valid(fs);
    requires dst == \null || \valid((uint8_t *)dst + (0 .. n - 1));
    assigns *fs, ((uint8_t *)dst)[0 .. n - 1];
    ensures \result <= 0; */
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
