/* Group descriptors and inodes. */
#include "ext_priv.h"
#include "ext_fc.h"

struct ext_group {
    ext_blk_t itable;             /* first block of the inode table */
    uint32_t flags;
    uint32_t itable_unused;       /* trailing inodes never initialised */
};

/* sparse_super keeps backups in groups 0, 1 and powers of 3, 5 and 7;
 * sparse_super2 in at most the two groups s_backup_bgs names (read at
 * mount). */
static bool group_has_super(const struct ext_fs *fs, uint32_t g)
{
    uint32_t p;

    if (g == 0)
        return true;
    if (fs->compat & COMPAT_SPARSE_SUPER2)
        return g == fs->backup_bgs[0] || g == fs->backup_bgs[1];
    if (g == 1 || !(fs->ro_compat & RO_COMPAT_SPARSE_SUPER))
        return true;
    if (!(g & 1))
        return false;
    /* A power of p: nothing but p's factors (g > 1 here). */
    for (p = 3; p <= 7; p += 2) {
        uint32_t v = g;

        while (v % p == 0)
            v /= p;
        if (v == 1)
            return true;
    }
    return false;
}

/* Blocks at the start of group g holding its superblock backup, its copy
 * of the descriptor table and the blocks reserved for the table to grow
 * (Linux's ext4_num_base_meta_blocks). With meta_bg, a meta group's
 * descriptor block sits in its first, second and last group. */
static uint32_t group_meta(const struct ext_fs *fs, uint32_t g)
{
    uint32_t per_blk = ext_blk_size(fs) / fs->desc_size;
    uint32_t n = group_has_super(fs, g);

    if (ext_meta_bg(fs) && g / per_blk >= fs->first_meta_bg) {
        uint32_t r = g % per_blk;

        n += r == 0 || r == 1 || r == per_blk - 1;
    } else if (n) {
        n += fs->first_meta_bg + fs->reserved_gdt;
    }
    return n;
}

/*
 * The system zone, as Linux's ext4_inode_block_valid sees it, checked
 * without reading anything: does [blk, blk + len) touch
 *   - a group's superblock backup, descriptor table or reserved
 *     descriptor blocks (from the geometry, for every group), or the
 *     boot block (block 0 below s_first_data_block), or
 *   - a bitmap or inode table among the runs ext_zones_init() kept?
 * Limits: bitmaps and inode tables are known only for the groups whose
 * descriptors share the first descriptor sector (16 groups, 8 with
 * 64-byte descriptors; with flex_bg that is where mke2fs puts them all
 * for small filesystems), merged into EXT_ZONES (3) runs below 2^32;
 * the journal's blocks are not part of it (reserved inodes are refused
 * instead).
 */
bool ext_blk_sys(const struct ext_fs *fs, ext_blk_t blk, ext_blk_t len)
{
    /* The callers have checked blk + len <= s_blocks_count, and where
     * blocks are 32-bit that is <= 2^31 (blocks of 2 sectors or more), so
     * no sum here wraps. */
    ext_blk_t end = blk + len, start;
    ext_blk_t g;
    uint32_t i;

    for (i = 0; i < fs->zones; i++) {
        if (blk < fs->zone_hi[i] && fs->zone_lo[i] < end)
            return true;
    }
    if (blk < fs->first_data_block)
        return true;
    g = blk - fs->first_data_block;
#if !BLOCKDEV_LBA32
    if (g >> 32)
        g /= fs->blocks_per_group;
    else                        /* a 32-bit divide when it fits */
#endif
        g = (uint32_t)g / fs->blocks_per_group;
    start = fs->first_data_block + g * fs->blocks_per_group;
    /* Each group from blk's own to the one holding end - 1: its base
     * metadata is [start, start + meta), empty in a group with no
     * superblock backup and no meta_bg descriptor block. */
    for (; start < end && g < fs->groups; g++) {
        uint32_t meta = group_meta(fs, (uint32_t)g);

        if (meta && blk < start + meta)
            return true;
        start += fs->blocks_per_group;
    }
    return false;
}

/* Keep [lo, lo + len) in a zone run, merged into one it touches; a run
 * reaching past 2^32 - 1, or one more than EXT_ZONES hold, is not kept. */
static void zone_add(struct ext_fs *fs, ext_blk_t lo, uint32_t len)
{
    uint32_t i, hi;

    if (lo > UINT32_MAX - len)
        return;
    hi = (uint32_t)lo + len;
    for (i = 0; i < fs->zones; i++) {
        if (lo <= fs->zone_hi[i] && fs->zone_lo[i] <= hi) {
            if (lo < fs->zone_lo[i])
                fs->zone_lo[i] = (uint32_t)lo;
            if (hi > fs->zone_hi[i])
                fs->zone_hi[i] = hi;
            return;
        }
    }
    if (fs->zones < EXT_ZONES) {
        fs->zone_lo[fs->zones] = (uint32_t)lo;
        fs->zone_hi[fs->zones] = hi;
        fs->zones++;
    }
}

static ext_blk_t desc_blk(const struct ext_fs *fs, const uint8_t *d,
                          uint32_t lo, uint32_t hi)
{
    return ext_blk_join(le32(d + lo), fs->desc_size >= BG_DESC_SIZE_64BIT
                                          ? le32(d + hi) : 0);
}

/* inode_size is a power of two <= block size, inodes_per_group <=
 * 8 * block size (checked at mount): at most 2^19 blocks. */
static uint32_t itable_blocks(const struct ext_fs *fs)
{
    uint32_t per_blk = fs->inodes_per_blk;

    return (fs->inodes_per_group + per_blk - 1) / per_blk;
}

static uint32_t desc_place(const struct ext_fs *fs, uint32_t g,
                           ext_blk_t *blk);

/* At mount: the bitmaps and inode tables of the groups whose descriptors
 * share group 0's descriptor sector, which the root inode's lookup reads
 * next anyway (so this costs no read). Taken kind by kind (all block
 * bitmaps, then inode bitmaps, then inode tables) so that flex_bg's
 * packed runs merge into one zone, and without flex_bg the first groups'
 * [bitmaps, inode table] runs each fill one. */
int ext_zones_init(struct ext_fs *fs)
{
    /* The three kinds' fields are consecutive 32-bit words, low and high
     * halves alike (bg_block_bitmap, bg_inode_bitmap, bg_inode_table). */
    _Static_assert(BG_INODE_BITMAP_LO == BG_BLOCK_BITMAP_LO + 4 &&
                   BG_INODE_TABLE_LO == BG_BLOCK_BITMAP_LO + 8 &&
                   BG_INODE_BITMAP_HI == BG_BLOCK_BITMAP_HI + 4 &&
                   BG_INODE_TABLE_HI == BG_BLOCK_BITMAP_HI + 8,
                   "descriptor block fields are consecutive words");
    ext_blk_t blk;
    uint32_t off = desc_place(fs, 0, &blk), g, at, kind;
    int rc = ext_bytes(fs, blk, off, NULL, 1);    /* its sector, in buf */

    if (rc)
        return rc;
    /*@ loop invariant zones: fs->zones <= EXT_ZONES; */
    for (kind = 0; kind < 3; kind++) {
        uint32_t len = kind == 2 ? itable_blocks(fs) : 1;

        at = (uint32_t)(off % BLOCKDEV_SECTOR);
        /*@ loop invariant zones: fs->zones <= EXT_ZONES; */
        for (g = 0; g < fs->groups &&
                    at + BG_INODE_TABLE_HI + sizeof(uint32_t) <=
                        BLOCKDEV_SECTOR;
             g++, at += fs->desc_size)
            zone_add(fs, desc_blk(fs, fs->buf + at,
                                  BG_BLOCK_BITMAP_LO + 4 * kind,
                                  BG_BLOCK_BITMAP_HI + 4 * kind),
                     len);
    }
    return 0;
}

/* Where group g's descriptor sits: its block, and the byte offset in it
 * returned. With meta_bg, descriptor block n (for n >= s_first_meta_bg)
 * lives in the first group of its meta group, after that group's
 * superblock backup when it has one (g < s_groups: no sum wraps). */
static uint32_t desc_place(const struct ext_fs *fs, uint32_t g,
                           ext_blk_t *blk)
{
    uint32_t per_blk = ext_blk_size(fs) / fs->desc_size;
    uint32_t n = g / per_blk;

    /* The table starts in the block after the superblock's. */
    *blk = (ext_blk_size(fs) == 1024 ? 2 : 1) + n;
    if (ext_meta_bg(fs) && n >= fs->first_meta_bg) {
        uint32_t first = n * per_blk;

        *blk = fs->first_data_block +
               (ext_blk_t)first * fs->blocks_per_group +
               group_has_super(fs, first);
        /* 1 KiB blocks with s_first_data_block 0 (bigalloc): group 0's
         * superblock is block 1, so its descriptor block is block 2. */
        if (n == 0 && fs->first_data_block == 0 && ext_blk_size(fs) == 1024)
            (*blk)++;
    }
    return g % per_blk * fs->desc_size;
}

/* gdt_csum: crc16 over uuid, group, descriptor minus bg_checksum (0x1E).
 * metadata_csum: low 16 bits of crc32c over group and the whole
 * descriptor with bg_checksum zeroed. */
static int desc_verify(struct ext_fs *fs, uint32_t g, ext_blk_t blk,
                       uint32_t off, uint8_t *d, uint32_t have)
{
    uint8_t le[4] = { (uint8_t)g, (uint8_t)(g >> 8), (uint8_t)(g >> 16),
                      (uint8_t)(g >> 24) };
    uint16_t stored = le16(d + BG_CHECKSUM);
    uint32_t crc, at;

    d[BG_CHECKSUM] = d[BG_CHECKSUM + 1] = 0;
    if (ext_has_csum(fs)) {
        crc = ext_crc32c(ext_crc32c(ext_csum_seed(fs), le, 4), d, have);
        for (at = have; at < fs->desc_size; at += have) {
            int rc = ext_bytes(fs, blk, off + at, d, have);

            if (rc)
                return rc;
            crc = ext_crc32c(crc, d, have);
        }
    } else if (ext_has_gdt_csum(fs)) {
        crc = ext_crc16((uint16_t)ext_csum_seed(fs), le, 4);
        crc = ext_crc16((uint16_t)crc, d, BG_CHECKSUM);
        crc = ext_crc16((uint16_t)crc, d + BG_CHECKSUM + 2,
                        have - BG_CHECKSUM - 2);
        for (at = have; at < fs->desc_size; at += have) {
            int rc = ext_bytes(fs, blk, off + at, d, have);

            if (rc)
                return rc;
            crc = ext_crc16((uint16_t)crc, d, have);
        }
    } else {
        return 0;
    }
    /* Linux refuses a descriptor that fails its checksum only for a
     * read-write mount (ext4_check_descriptors); read-only it warns and
     * mounts, as `tune2fs -O uninit_bg` without e2fsck leaves a card.
     * The descriptor's other checks (group_read) still hold. */
    if ((uint16_t)crc != stored)
        fs->warnings |= EXT_WARN_DESC_CSUM;
    return 0;
}

static int group_read(struct ext_fs *fs, uint32_t g, struct ext_group *out)
{
    uint8_t d[BG_DESC_SIZE_64BIT];
    uint32_t have = fs->desc_size < sizeof(d) ? fs->desc_size : sizeof(d);
    ext_blk_t blk;
    uint32_t off = desc_place(fs, g, &blk);
    int rc;

    memset(d, 0, sizeof(d));      /* defined whatever EVA sees of the read */
    rc = ext_bytes(fs, blk, off, d, have);

    if (rc)
        return rc;
    out->itable = desc_blk(fs, d, BG_INODE_TABLE_LO, BG_INODE_TABLE_HI);
    out->flags = le16(d + BG_FLAGS);
    out->itable_unused = le16(d + BG_ITABLE_UNUSED_LO);
    if (have >= BG_DESC_SIZE_64BIT)
        out->itable_unused |= (uint32_t)le16(d + BG_ITABLE_UNUSED_HI) << 16;
    rc = desc_verify(fs, g, blk, off, d, have);
    if (rc)
        return rc;
    if (!ext_blk_ok(fs, out->itable) ||
        out->itable + itable_blocks(fs) > fs->blocks_count)
        return ext_fail(fs, EXT_ECORRUPT, 0, out->itable,
                        "group's inode table lies outside the filesystem");
    /* Both checksum features let mke2fs leave inode tables unwritten;
     * without them bg_flags and bg_itable_unused mean nothing. */
    if (!(fs->ro_compat & (RO_COMPAT_METADATA_CSUM | RO_COMPAT_GDT_CSUM))) {
        out->flags = 0;
        out->itable_unused = 0;
    } else if (out->itable_unused > fs->inodes_per_group) {
        return ext_fail(fs, EXT_ECORRUPT, 0, blk,
                        "bg_itable_unused is larger than "
                        "s_inodes_per_group");
    }
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
    rc = ext_crc32c_span(fs, in->at_blk, in->at_off + have,
                         fs->inode_size - have, &crc);
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

/*@ assigns *fs, *in; */
int ext_inode_read(struct ext_fs *fs, uint32_t ino, struct ext_inode *in)
{
    uint8_t raw[I_CHECKSUM_HI + 2];
    uint32_t have, idx, per_blk;
    struct ext_group grp;
    bool replayed = false;
    int rc;

    memset(in, 0, sizeof(*in));
    memset(raw, 0, sizeof(raw));  /* as group_read's d */
    if (ino - 1 >= fs->inodes_count)       /* 0, or past the count */
        return ext_fail(fs, EXT_EINVAL, ino, 0,
                        "inode number is 0 or past the inode count");
    rc = group_read(fs, (ino - 1) / fs->inodes_per_group, &grp);
    if (rc) {
        fs->err_ino = ino;
        return rc;
    }
    idx = (ino - 1) % fs->inodes_per_group;
#if EXT_FAST_COMMIT
    /* A fast commit's inode: its group descriptor may still call its
     * slot unused (the replay would mark it used). */
    replayed = ext_fc_on(fs) && ext_fc_has_inode(fs, ino);
#endif
    if (!replayed && ((grp.flags & BG_FLAG_INODE_UNINIT) ||
                      idx >= fs->inodes_per_group - grp.itable_unused))
        return ext_fail(fs, EXT_ENOENT, ino, 0,
                        "inode is not in use (its inode table slot was "
                        "never initialised)");

    in->ino = ino;
    per_blk = fs->inodes_per_blk;
    in->at_blk = grp.itable + idx / per_blk;
    in->at_off = idx % per_blk * fs->inode_size;
    have = fs->inode_size > I_GOOD_OLD_SIZE ? sizeof(raw) : I_GOOD_OLD_SIZE;
    rc = ext_bytes(fs, in->at_blk, in->at_off, raw, have);
#if EXT_FAST_COMMIT
    if (!rc && replayed)
        rc = ext_fc_inode(fs, ino, raw, have);
#endif
    if (rc)
        return rc;

    in->mode = le16(raw + I_MODE);
    in->links = le16(raw + I_LINKS_COUNT);
    in->flags = le32(raw + I_FLAGS);
    in->gen = le32(raw + I_GENERATION);
#if EXT_OFF32
    if (le32(raw + I_SIZE_HIGH))
        return ext_fail(fs, EXT_EFBIG, ino, 0,
                        "file of 4 GiB or more: this build reads files "
                        "below 4 GiB (EXT_OFF32)");
    in->size = le32(raw + I_SIZE_LO);
#else
    in->size = le32(raw + I_SIZE_LO) | (uint64_t)le32(raw + I_SIZE_HIGH) << 32;
#endif
    in->blocks = le32(raw + I_BLOCKS_LO);
    memcpy(in->iblock, raw + I_BLOCK, sizeof(in->iblock));
    if (fs->ro_compat & RO_COMPAT_HUGE_FILE) {
        in->blocks |= (uint64_t)le16(raw + I_BLOCKS_HIGH) << 32;
        if (in->flags & IFL_HUGE_FILE)  /* a multiply: no 64-bit shift */
            in->blocks *= 1u << (fs->blk_shift - 9);
    }
    /* Fast or slow symlink, decided as Linux's
     * ext4_inode_is_fast_symlink does: by i_blocks (less the xattr
     * block's cluster). An EA inode, which it decides by i_size, is
     * refused below. */
    if (ext_is_link(in)) {
        uint64_t acl = le32(raw + I_FILE_ACL_LO);

        if (fs->incompat & INCOMPAT_64BIT)
            acl |= (uint64_t)le16(raw + I_FILE_ACL_HIGH) << 32;
        in->fast_link = !(in->flags & IFL_INLINE_DATA) &&
                        in->blocks == (acl ? (1u << fs->clu_shift) >> 9
                                           : 0);
    }
    if (fs->inode_size > I_GOOD_OLD_SIZE) {
        in->extra_isize = le16(raw + I_EXTRA_ISIZE);
        if (in->extra_isize & 3 ||
            I_GOOD_OLD_SIZE + in->extra_isize > fs->inode_size)
            return ext_fail(fs, EXT_ECORRUPT, ino, 0,
                            "i_extra_isize runs past the inode");
    }
    /* A replayed inode's checksum is the replay's to write. */
    if (ext_has_csum(fs) && !replayed) {
        rc = inode_verify(fs, in, raw, have);
        if (rc)
            return rc;
    }
    if (!in->links)
        return ext_fail(fs, EXT_ENOENT, ino, 0,
                        "inode is not in use (links count 0)");
    /* An EA inode holds a large xattr value, never a file, a directory
     * or a link, and the reader reads no value from one (ext_inline.c
     * refuses e_value_inum): Linux's check_igot_inode refuses it on
     * every lookup ("unexpected EA_INODE flag"), the root's too. */
    if (in->flags & IFL_EA_INODE)
        return ext_fail(fs, EXT_ECORRUPT, ino, 0,
                        "unexpected EA_INODE flag (an xattr value's "
                        "inode, not a file)");
    return 0;
}
