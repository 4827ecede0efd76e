/* Group descriptors and inodes. */
#include "ext_priv.h"

struct ext_group {
    uint64_t itable;              /* first block of the inode table */
    uint32_t flags;
    uint32_t itable_unused;       /* trailing inodes never initialised */
};

/* sparse_super keeps backups in groups 0, 1 and powers of 3, 5 and 7;
 * sparse_super2 in at most the two groups s_backup_bgs (0x24C) names,
 * read from the superblock when asked (only meta_bg asks). */
static int group_has_super(struct ext_fs *fs, uint32_t g, bool *has)
{
    uint8_t b[8];
    uint32_t p;
    int rc;

    *has = true;
    if (g == 0)
        return 0;
    if (fs->compat & COMPAT_SPARSE_SUPER2) {
        rc = ext_bytes(fs, SB_OFFSET + SB_BACKUP_BGS, b, 8);
        *has = !rc && (g == le32(b) || g == le32(b + 4));
        return rc;
    }
    if (g == 1 || !(fs->ro_compat & RO_COMPAT_SPARSE_SUPER))
        return 0;
    *has = false;
    if (!(g & 1))
        return 0;
    for (p = 3; p <= 7; p += 2) {
        uint64_t v = p;

        while (v < g)
            v *= p;
        if (v == g)
            *has = true;
    }
    return 0;
}

/* Where group g's descriptor sits. With meta_bg, descriptor block n (for
 * n >= s_first_meta_bg) lives in the first group of its meta group, after
 * that group's superblock backup when it has one. */
static int desc_offset(struct ext_fs *fs, uint32_t g, uint64_t *off)
{
    uint32_t per_blk = ext_blk_size(fs) / fs->desc_size;
    uint32_t n = g / per_blk;
    /* The table starts in the block after the superblock's. */
    uint64_t blk = (ext_blk_size(fs) == 1024 ? 2 : 1) + n;
    bool backup;
    int rc;

    if ((fs->incompat & INCOMPAT_META_BG) && n >= fs->first_meta_bg) {
        uint32_t first = n * per_blk;

        rc = group_has_super(fs, first, &backup);
        if (rc)
            return rc;
        blk = fs->first_data_block +
              (uint64_t)first * fs->blocks_per_group + backup;
    }
    *off = (blk << fs->blk_shift) + (uint64_t)(g % per_blk) * fs->desc_size;
    return 0;
}

/* gdt_csum: crc16 over uuid, group, descriptor minus bg_checksum (0x1E).
 * metadata_csum: low 16 bits of crc32c over group and the whole
 * descriptor with bg_checksum zeroed. */
static int desc_verify(struct ext_fs *fs, uint32_t g, uint64_t off,
                       uint8_t *d, uint32_t have)
{
    uint8_t le[4] = { (uint8_t)g, (uint8_t)(g >> 8), (uint8_t)(g >> 16),
                      (uint8_t)(g >> 24) };
    uint16_t stored = le16(d + BG_CHECKSUM);
    uint32_t crc, at;

    d[BG_CHECKSUM] = d[BG_CHECKSUM + 1] = 0;
    if (ext_has_csum(fs)) {
        crc = ext_crc32c(ext_crc32c(fs->csum_seed, le, 4), d, have);
        for (at = have; at < fs->desc_size; at += have) {
            int rc = ext_bytes(fs, off + at, d, have);

            if (rc)
                return rc;
            crc = ext_crc32c(crc, d, have);
        }
    } else if (ext_has_gdt_csum(fs)) {
        crc = ext_crc16((uint16_t)fs->csum_seed, le, 4);
        crc = ext_crc16((uint16_t)crc, d, BG_CHECKSUM);
        crc = ext_crc16((uint16_t)crc, d + BG_CHECKSUM + 2,
                        have - BG_CHECKSUM - 2);
        for (at = have; at < fs->desc_size; at += have) {
            int rc = ext_bytes(fs, off + at, d, have);

            if (rc)
                return rc;
            crc = ext_crc16((uint16_t)crc, d, have);
        }
    } else {
        return 0;
    }
    if ((uint16_t)crc != stored)
        return ext_fail(fs, EXT_ECSUM, 0, off >> fs->blk_shift,
                        "group descriptor checksum mismatch");
    return 0;
}

static int group_read(struct ext_fs *fs, uint32_t g, struct ext_group *out)
{
    uint8_t d[64];
    uint32_t have = fs->desc_size < 64 ? fs->desc_size : 64;
    uint64_t off, itable_blocks;
    int rc = desc_offset(fs, g, &off);

    if (!rc)
        rc = ext_bytes(fs, off, d, have);
    if (rc)
        return rc;
    out->itable = le32(d + BG_INODE_TABLE_LO);
    out->flags = le16(d + BG_FLAGS);
    out->itable_unused = le16(d + BG_ITABLE_UNUSED_LO);
    if (have >= 64) {
        out->itable |= (uint64_t)le32(d + BG_INODE_TABLE_HI) << 32;
        out->itable_unused |= (uint32_t)le16(d + BG_ITABLE_UNUSED_HI) << 16;
    }
    rc = desc_verify(fs, g, off, d, have);
    if (rc)
        return rc;
    itable_blocks = ((uint64_t)fs->inodes_per_group * fs->inode_size +
                     ext_blk_size(fs) - 1) >> fs->blk_shift;
    if (!ext_blk_ok(fs, out->itable) ||
        out->itable + itable_blocks > fs->blocks_count)
        return ext_fail(fs, EXT_ECORRUPT, 0, out->itable,
                        "group's inode table lies outside the filesystem");
    return 0;
}

/* metadata_csum over the whole inode, i_checksum_lo (0x7C) and, when the
 * extra fields reach it, i_checksum_hi (0x82) counted as zero. */
static int inode_verify(struct ext_fs *fs, struct ext_inode *in,
                        uint8_t *raw, uint32_t have)
{
    uint32_t stored = le16(raw + I_CHECKSUM_LO);
    uint32_t crc = ext_inode_seed(fs, in->ino, in->gen);
    bool hi = fs->inode_size > I_GOOD_OLD_SIZE && in->extra_isize >= 4;
    uint32_t i;
    int rc;

    if (hi)
        stored |= (uint32_t)le16(raw + I_CHECKSUM_HI) << 16;
    raw[I_CHECKSUM_LO] = raw[I_CHECKSUM_LO + 1] = 0;
    if (hi)
        raw[I_CHECKSUM_HI] = raw[I_CHECKSUM_HI + 1] = 0;
    crc = ext_crc32c(crc, raw, have);
    rc = ext_crc32c_span(fs, in->addr + have, fs->inode_size - have, &crc);
    if (rc)
        return rc;
    if (!hi)
        crc &= 0xFFFF;
    if (crc == stored)
        return 0;
    /* An inode never written since mke2fs is all zeros, checksum too. */
    for (i = 0; i < have && !raw[i]; i++)
        ;
    if (i == have && !stored)
        return 0;
    return ext_fail(fs, EXT_ECSUM, in->ino, 0, "inode checksum mismatch");
}

int ext_inode_read(struct ext_fs *fs, uint32_t ino, struct ext_inode *in)
{
    uint8_t raw[I_CHECKSUM_HI + 2];
    uint32_t have, idx;
    struct ext_group grp;
    int rc;

    memset(in, 0, sizeof(*in));
    if (ino == 0 || ino > fs->inodes_count)
        return ext_fail(fs, EXT_EINVAL, ino, 0,
                        "inode number is 0 or past the inode count");
    rc = group_read(fs, (ino - 1) / fs->inodes_per_group, &grp);
    if (rc) {
        fs->err_ino = ino;
        return rc;
    }
    idx = (ino - 1) % fs->inodes_per_group;
    /* Both checksum features let mke2fs leave inode tables unwritten. */
    if ((fs->ro_compat & (RO_COMPAT_METADATA_CSUM | RO_COMPAT_GDT_CSUM)) &&
        ((grp.flags & BG_FLAG_INODE_UNINIT) ||
         idx >= fs->inodes_per_group - grp.itable_unused))
        return ext_fail(fs, EXT_ENOENT, ino, 0,
                        "inode is not in use (its inode table slot was "
                        "never initialised)");

    in->ino = ino;
    in->addr = (grp.itable << fs->blk_shift) + (uint64_t)idx * fs->inode_size;
    have = fs->inode_size > I_GOOD_OLD_SIZE ? sizeof(raw) : I_GOOD_OLD_SIZE;
    rc = ext_bytes(fs, in->addr, raw, have);
    if (rc)
        return rc;

    in->mode = le16(raw + I_MODE);
    in->links = le16(raw + I_LINKS_COUNT);
    in->flags = le32(raw + I_FLAGS);
    in->gen = le32(raw + I_GENERATION);
    in->size = le32(raw + I_SIZE_LO) | (uint64_t)le32(raw + I_SIZE_HIGH) << 32;
    in->blocks = le32(raw + I_BLOCKS_LO);
    memcpy(in->iblock, raw + I_BLOCK, sizeof(in->iblock));
    if (fs->ro_compat & RO_COMPAT_HUGE_FILE) {
        in->blocks |= (uint64_t)le16(raw + I_BLOCKS_HIGH) << 32;
        if (in->flags & IFL_HUGE_FILE)
            in->blocks <<= fs->blk_shift - 9;
    }
    if (fs->inode_size > I_GOOD_OLD_SIZE) {
        in->extra_isize = le16(raw + I_EXTRA_ISIZE);
        if (in->extra_isize & 3 ||
            I_GOOD_OLD_SIZE + in->extra_isize > fs->inode_size)
            return ext_fail(fs, EXT_ECORRUPT, ino, 0,
                            "i_extra_isize runs past the inode");
    }
    if (ext_has_csum(fs)) {
        rc = inode_verify(fs, in, raw, have);
        if (rc)
            return rc;
    }
    if (!in->links)
        return ext_fail(fs, EXT_ENOENT, ino, 0,
                        "inode is not in use (links count 0)");
    return 0;
}
