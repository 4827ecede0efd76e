/* Mount: read and check the superblock, decide what the reader can do. */
#include "ext_priv.h"
#include "lib/num.h"

/*
 * Feature policy for a read-only boot loader, bit by bit.
 *
 * COMPAT bits never change how data is found; all are accepted.
 *
 * INCOMPAT, handled:
 *   filetype        directory entries carry the type byte
 *   recover         journal holds unreplayed updates: replayed in
 *                   memory (ext_journal.c); a build without EXT_JOURNAL
 *                   refuses it rather than read a stale state
 *   meta_bg         group descriptor placement per meta group
 *                   (refused in a build without EXT_META_BG)
 *   extents         extent trees
 *   64bit           64-byte descriptors, 48-bit block numbers
 *   mmp             multi-mount protection guards writers only
 *   flex_bg         only moves bitmaps and inode tables: found by address
 *   ea_inode        large xattr values in inodes: no file data lives there
 *   csum_seed       metadata_csum seed stored in s_checksum_seed
 *   large_dir       3-level hash trees, larger directories
 *   inline_data     small files and directories inside the inode
 *                   (refused in a build without EXT_INLINE)
 *   encrypt         mounts; an encrypted inode is refused when read
 *   casefold        names looked up by their exact bytes
 * INCOMPAT, refused:
 *   compression     never merged into Linux; data is not plain
 *   journal_dev     an external journal device holds no files
 *   dirdata         Lustre's extra data in directory entries
 *   any unknown bit a later format change we cannot read
 *
 * RO_COMPAT bits matter to writers. Handled: sparse_super, sparse_super2
 * (backup placement), large_file and huge_file (64-bit sizes, i_blocks
 * units), gdt_csum and metadata_csum (verified), bigalloc (cluster
 * geometry). Every other bit, known or not, is ignored for reading and
 * listed by `extload info`.
 */
#define INCOMPAT_HANDLED (INCOMPAT_FILETYPE | INCOMPAT_RECOVER | \
    INCOMPAT_EXTENTS | INCOMPAT_64BIT | INCOMPAT_MMP | \
    INCOMPAT_FLEX_BG | INCOMPAT_EA_INODE | INCOMPAT_CSUM_SEED | \
    INCOMPAT_LARGEDIR | INCOMPAT_ENCRYPT | INCOMPAT_CASEFOLD | \
    (EXT_META_BG ? INCOMPAT_META_BG : 0) | \
    (EXT_INLINE ? INCOMPAT_INLINE_DATA : 0))

/* Names in bit order, one word per feature field; "-" for unused bits. */
static const char *const feature_words[3] = {
    "dir_prealloc imagic_inodes has_journal ext_attr resize_inode "
    "dir_index lazy_bg exclude_inode exclude_bitmap sparse_super2 "
    "fast_commit stable_inodes orphan_file",
    "compression filetype needs_recovery journal_dev meta_bg - extents "
    "64bit mmp flex_bg ea_inode - dirdata metadata_csum_seed large_dir "
    "inline_data encrypt casefold",
    "sparse_super large_file btree_dir huge_file gdt_csum dir_nlink "
    "extra_isize has_snapshot quota bigalloc metadata_csum replica "
    "read-only project shared_blocks verity orphan_present",
};

static uint32_t put_str(char *buf, uint32_t len, uint32_t at, const char *s,
                        uint32_t n)
{
    while (n-- && at + 1 < len)
        buf[at++] = *s++;
    if (at < len)
        buf[at] = 0;
    return at;
}

uint32_t ext_feature_names(int word, uint32_t bits, char *buf, uint32_t len)
{
    uint32_t at = 0;
    uint32_t bit;

    if (len)
        buf[0] = 0;
    if (word < 0 || word > 2)
        return 0;
    for (bit = 0; bit < 32; bit++) {
        const char *w = feature_words[word];
        uint32_t i = 0, n = 0;

        if (!(bits & (1u << bit)))
            continue;
        /* Walk to the bit'th name in the list. */
        while (*w && i < bit) {
            if (*w++ == ' ')
                i++;
        }
        while (w[n] && w[n] != ' ')
            n++;
        if (at)
            at = put_str(buf, len, at, " ", 1);
        if (n && !(n == 1 && w[0] == '-')) {
            at = put_str(buf, len, at, w, n);
        } else {
            at = num_put(buf, len, at, "bit_0x");
            at = num_put_u(buf, len, at, 1u << bit, 16);
        }
    }
    return at;
}

const char *ext_flavour(const struct ext_fs *fs)
{
    if (fs->incompat & (INCOMPAT_EXTENTS | INCOMPAT_64BIT | INCOMPAT_FLEX_BG |
                        INCOMPAT_INLINE_DATA) ||
        fs->ro_compat & (RO_COMPAT_HUGE_FILE | RO_COMPAT_METADATA_CSUM |
                         RO_COMPAT_GDT_CSUM))
        return "ext4";
    return (fs->compat & COMPAT_HAS_JOURNAL) ? "ext3" : "ext2";
}

#if EXT_CSUM_VERIFY
static int sb32(struct ext_fs *fs, uint32_t off, uint32_t *v)
{
    uint8_t b[4];
    int rc = ext_bytes(fs, 0, SB_OFFSET + off, b, 4);

    *v = le32(b);
    return rc;
}
#endif

static int sb_bad(struct ext_fs *fs, const char *what)
{
    return ext_fail(fs, EXT_ESUPER, 0, 0, what);
}

static bool pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* Every field but the tail ones sits in the superblock's first sector;
 * it is parsed in place, in the sector buffer. */
static int sb_read_head(struct ext_fs *fs)
{
    int rc = ext_sector(fs, SB_OFFSET / BLOCKDEV_SECTOR);

    if (rc)
        return rc;
    if (le16(fs->buf + SB_MAGIC) != EXT_MAGIC)
        return ext_fail(fs, EXT_ENOTEXT, 0, 0,
                        "no ext superblock (magic is not 0xEF53)");
    return 0;
}

static int sb_geometry(struct ext_fs *fs, const uint8_t *sb,
                       blockdev_lba_t sectors)
{
    uint32_t log_blk = le32(sb + SB_LOG_BLOCK_SIZE);
    uint32_t log_clu = le32(sb + SB_LOG_CLUSTER_SIZE);
    uint32_t cpg = le32(sb + SB_CLUSTERS_PER_GROUP);
    uint32_t blocks_hi = 0, bsize;
    ext_blk_t data_blocks, groups;

    if (le32(sb + SB_REV_LEVEL) > 1)
        return sb_bad(fs, "unknown superblock revision (s_rev_level > 1)");
    if (!EXT_REV0 && le32(sb + SB_REV_LEVEL) == 0)
        return sb_bad(fs, "revision 0 superblock, which this build leaves "
                          "out (EXT_REV0=0)");
    if (log_blk > 6)
        return sb_bad(fs, "block size field too large (s_log_block_size > 6,"
                          " over 64 KiB)");
    fs->blk_shift = (uint8_t)(10 + log_blk);
    fs->clu_shift = fs->blk_shift;
    bsize = 1u << fs->blk_shift;

    fs->blocks_count = le32(sb + SB_BLOCKS_COUNT_LO);
    if (fs->incompat & INCOMPAT_64BIT)
        blocks_hi = le32(sb + SB_BLOCKS_COUNT_HI);
#if BLOCKDEV_LBA32
    if (blocks_hi)
        return sb_bad(fs, "more than 2^32 blocks, past this build's 32-bit "
                          "block numbers (BLOCKDEV_LBA32)");
#else
    fs->blocks_count |= (uint64_t)blocks_hi << 32;
#endif
    fs->inodes_count = le32(sb + SB_INODES_COUNT);
    fs->blocks_per_group = le32(sb + SB_BLOCKS_PER_GROUP);
    fs->inodes_per_group = le32(sb + SB_INODES_PER_GROUP);
    fs->first_data_block = le32(sb + SB_FIRST_DATA_BLOCK);
    if (!fs->blocks_count || !fs->inodes_count)
        return sb_bad(fs, "zero blocks or inodes count");
    if (!fs->blocks_per_group || !fs->inodes_per_group)
        return sb_bad(fs, "zero blocks or inodes per group");

    /* bigalloc: bitmaps count clusters; a group still spans
     * s_blocks_per_group blocks, which must equal clusters * ratio. A
     * cluster is at most 1 GiB (s_log_cluster_size 20, as Linux's
     * ext4_handle_clustersize): 2^clu_shift stays a 32-bit number. */
    if (fs->ro_compat & RO_COMPAT_BIGALLOC) {
        /* Past 16 also when log_clu < log_blk: the difference wraps. */
        uint32_t ratio_log = log_clu - log_blk;

        if (log_clu > 20 || ratio_log > 16)
            return sb_bad(fs, "bad cluster size (s_log_cluster_size)");
        if ((uint64_t)cpg * (1u << ratio_log) !=
            fs->blocks_per_group)
            return sb_bad(fs, "blocks per group is not clusters per group "
                              "times the cluster ratio");
        fs->clu_shift = (uint8_t)(10 + log_clu);
    } else {
        cpg = fs->blocks_per_group;
    }
    if (cpg > 8 * bsize || fs->inodes_per_group > 8 * bsize)
        return sb_bad(fs, "more blocks or inodes per group than a bitmap "
                          "block can hold");

    /* s_first_data_block is the block holding the superblock: 1 on 1 KiB
     * blocks (0 with bigalloc there), else 0. */
    if (fs->first_data_block != (bsize == 1024 &&
                                 !(fs->ro_compat & RO_COMPAT_BIGALLOC)))
        return sb_bad(fs, "s_first_data_block does not match the block "
                          "size");
    if (fs->first_data_block >= fs->blocks_count)
        return sb_bad(fs, "s_first_data_block is past the block count");

#if !BLOCKDEV_LBA32
    if (fs->blocks_count > UINT64_MAX >> fs->blk_shift)
        return sb_bad(fs, "block count overflows 64-bit byte offsets");
#endif
    /* Every sector of the filesystem, from the device's first, must have
     * a sector number (the device's last is BLOCKDEV_LBA_MAX). */
    if (fs->blocks_count > (BLOCKDEV_LBA_MAX - fs->lba0) >>
                               (fs->blk_shift - 9))
        return sb_bad(fs, "filesystem reaches past the last sector number "
                          "this build can address");
    if (sectors && fs->blocks_count > sectors >> (fs->blk_shift - 9))
        return sb_bad(fs, "filesystem is larger than its partition "
                          "(truncated image?)");

    /* At least one data block: s_first_data_block is below the count. */
    data_blocks = fs->blocks_count - fs->first_data_block;
    groups = (data_blocks - 1) / fs->blocks_per_group + 1;
    if (groups > UINT32_MAX ||
        (uint64_t)groups * fs->inodes_per_group != fs->inodes_count)
        return sb_bad(fs, "inode count is not groups times inodes per "
                          "group");
    fs->groups = (uint32_t)groups;
    return 0;
}

static int sb_inodes(struct ext_fs *fs, const uint8_t *sb)
{
    uint32_t first_ino = le32(sb + SB_FIRST_INO);
    uint32_t isize = le16(sb + SB_INODE_SIZE), per_blk;

    fs->first_ino = EXT_GOOD_OLD_FIRST_INO;
    if (EXT_REV0 && le32(sb + SB_REV_LEVEL) == 0) {
        fs->inode_size = I_GOOD_OLD_SIZE;
        fs->inodes_per_blk = (uint16_t)(ext_blk_size(fs) / I_GOOD_OLD_SIZE);
        return 0;
    }
    /* 0 for an inode larger than the block. */
    per_blk = isize >= I_GOOD_OLD_SIZE ? ext_blk_size(fs) / isize : 0;
    if (!per_blk || !pow2(isize))
        return sb_bad(fs, "inode size is not a power of two between 128 "
                          "and the block size");
    if (first_ino < 11 || first_ino > fs->inodes_count)
        return sb_bad(fs, "first non-reserved inode (s_first_ino) is out "
                          "of range");
    fs->inode_size = (uint16_t)isize;
    fs->inodes_per_blk = (uint16_t)per_blk;
    fs->first_ino = first_ino;
    return 0;
}

static int sb_descriptors(struct ext_fs *fs, const uint8_t *sb)
{
    uint32_t gdt_blocks;

    fs->desc_size = 32;
    if (fs->incompat & INCOMPAT_64BIT) {
        uint32_t ds = le16(sb + SB_DESC_SIZE);

        if (ds < 64 || ds > 1024 || !pow2(ds))
            return sb_bad(fs, "group descriptor size (s_desc_size) is not a"
                              " power of two from 64 to 1024");
        fs->desc_size = (uint16_t)ds;
    }
    /* Whole descriptors per block (both are powers of two, the
     * descriptor at most 1 KiB); at least one group. */
    gdt_blocks = (fs->groups - 1) / (ext_blk_size(fs) / fs->desc_size) + 1;
    fs->reserved_gdt = le16(sb + SB_RESERVED_GDT_BLOCKS);
    fs->first_meta_bg = le32(sb + SB_FIRST_META_BG);

    if (!ext_meta_bg(fs))
        fs->first_meta_bg = gdt_blocks;
    if (fs->first_meta_bg > gdt_blocks)
        return sb_bad(fs, "s_first_meta_bg is past the descriptor table");
    return 0;
}

static int sb_features(struct ext_fs *fs, const uint8_t *sb)
{
    uint32_t refused = fs->incompat & ~INCOMPAT_HANDLED;
    uint16_t state = le16(sb + SB_STATE);
    uint8_t warn = 0;

    if (!EXT_JOURNAL && (fs->incompat & INCOMPAT_RECOVER) &&
        (fs->compat & COMPAT_HAS_JOURNAL))
        refused |= INCOMPAT_RECOVER;

    if (refused) {
        fs->err_features = refused;
        return ext_fail(fs, EXT_EFEATURE, 0, 0,
                        refused == INCOMPAT_RECOVER
                            ? "the journal needs recovery, which this "
                              "build leaves out (EXT_JOURNAL=0)"
                            : "unsupported INCOMPAT feature");
    }
    if (fs->incompat & INCOMPAT_RECOVER)
        warn |= EXT_WARN_NEEDS_RECOVERY;
    if (!(state & SB_STATE_VALID))
        warn |= EXT_WARN_NOT_CLEAN;
    if (state & SB_STATE_ERROR)
        warn |= EXT_WARN_ERRORS;
    fs->warnings |= warn;
    return 0;
}

static void sb_hash(struct ext_fs *fs, const uint8_t *sb)
{
#if EXT_HTREE
    int i;

    for (i = 0; i < 4; i++)
        fs->hash_seed[i] = le32(sb + SB_HASH_SEED + 4 * i);
    fs->hash_unsigned = (le32(sb + SB_FLAGS) & SB_FLAGS_UNSIGNED_HASH) != 0;
#else
    (void)fs;
    (void)sb;
#endif
}

/* metadata_csum: the superblock's own crc32c, and the seed for the rest.
 * Needs bytes past the first sector, so it runs after the head is parsed. */
static int sb_checksum(struct ext_fs *fs, const uint8_t *sb)
{
#if EXT_CSUM_VERIFY
    uint8_t uuid[16], csum_type = sb[SB_CHECKSUM_TYPE];
    uint32_t crc = ~0u, stored, seed;
    int rc;

    /* Copied out: the checksum reads past the buffer's sector. */
    memcpy(uuid, sb + SB_UUID, sizeof(uuid));

    if (!ext_has_csum(fs)) {
        if (ext_has_gdt_csum(fs))
            fs->csum_seed = ext_crc16(0xFFFF, uuid, 16);
        return 0;
    }
    if (csum_type != 1)
        return sb_bad(fs, "unknown metadata checksum type "
                          "(s_checksum_type is not crc32c)");
    rc = ext_crc32c_span(fs, 0, SB_OFFSET, SB_CHECKSUM, &crc);
    if (!rc)
        rc = sb32(fs, SB_CHECKSUM, &stored);
    if (!rc && crc != stored)
        return ext_fail(fs, EXT_ECSUM, 0, 0, "superblock checksum mismatch");
    if (!rc && (fs->incompat & INCOMPAT_CSUM_SEED))
        rc = sb32(fs, SB_CHECKSUM_SEED, &seed);
    else
        seed = ext_crc32c(~0u, uuid, 16);
    fs->csum_seed = seed;
    return rc;
#else
    (void)fs;
    (void)sb;
    return 0;
#endif
}

/* The superblock: read, checked, the reader's geometry set. Runs again
 * after a journal replay, which may have replaced it. */
static int sb_parse(struct ext_fs *fs, blockdev_lba_t sectors)
{
    const uint8_t *sb = fs->buf;
    int rc = sb_read_head(fs);

    if (rc)
        return rc;
    fs->compat = le32(sb + SB_FEATURE_COMPAT);
    fs->incompat = le32(sb + SB_FEATURE_INCOMPAT);
    fs->ro_compat = le32(sb + SB_FEATURE_RO_COMPAT);
    if (EXT_REV0 && le32(sb + SB_REV_LEVEL) == 0)
        fs->compat = fs->incompat = fs->ro_compat = 0;
    rc = sb_features(fs, sb);
    if (!rc)
        rc = sb_geometry(fs, sb, sectors);
    if (!rc)
        rc = sb_inodes(fs, sb);
    if (!rc)
        rc = sb_descriptors(fs, sb);
    if (rc)
        return rc;
    sb_hash(fs, sb);
    rc = sb_checksum(fs, sb);
    if (!rc && (fs->compat & COMPAT_SPARSE_SUPER2)) {
        uint8_t b[2 * sizeof(uint32_t)];

        rc = ext_bytes(fs, 0, SB_OFFSET + SB_BACKUP_BGS, b, sizeof(b));
        if (!rc) {
            fs->backup_bgs[0] = le32(b);
            fs->backup_bgs[1] = le32(b + sizeof(uint32_t));
        }
    }
    if (!rc)
        rc = ext_zones_init(fs);
    return rc;
}

/* Out of line where there is a journal: the root inode is on the stack
 * only while it is checked, never under the replay (104 bytes of that
 * path). */
#if EXT_JOURNAL
__attribute__((noinline))
#endif
static int root_check(struct ext_fs *fs)
{
    struct ext_inode root;
    int rc = ext_inode_read(fs, EXT_ROOT_INO, &root);

    if (rc)
        return rc;
    if (!ext_is_dir(&root))
        return ext_fail(fs, EXT_ECORRUPT, EXT_ROOT_INO, 0,
                        "the root inode is not a directory");
    return 0;
}

int ext_mount_journal(struct ext_fs *fs, const struct blockdev *bd,
                      blockdev_lba_t lba0, blockdev_lba_t sectors,
                      struct ext_journal *j)
{
    int rc;

    memset(fs, 0, sizeof(*fs));
    fs->bd = bd;
    fs->lba0 = lba0;
    if (!sectors && bd->sectors > lba0)
        sectors = bd->sectors - lba0;
    fs->buf_lba = EXT_NO_SECTOR;
    fs->blk_shift = 10;           /* for messages until the real one */
    /* Until the block count is known nothing bounds reads but this: the
     * superblock's two sectors (2 and 3) must lie in the partition. */
    if (sectors && sectors < (SB_OFFSET + 1024) / BLOCKDEV_SECTOR)
        return ext_fail(fs, EXT_ENOTEXT, 0, 0,
                        "partition too small to hold a superblock");

    rc = sb_parse(fs, sectors);
    if (rc)
        return rc;
#if EXT_JOURNAL
    /* Replay before anything past the superblock is read: descriptors,
     * inodes and the root may live in the journal. The superblock too,
     * so it is parsed again from what the replay left. */
    if ((fs->incompat & INCOMPAT_RECOVER) &&
        (fs->compat & COMPAT_HAS_JOURNAL)) {
        uint8_t warn, shift = fs->blk_shift;

        rc = ext_journal_replay(fs, j, sectors);
        if (rc)
            return rc;
        /* The replayed superblock is parsed whole again: block count,
         * groups, features, checksum and hash seeds all come from it
         * (a resize logged in the journal grows the filesystem). The
         * table counts blocks of the old size: a new size is refused. */
        warn = fs->warnings;
        rc = sb_parse(fs, sectors);
        fs->warnings = warn;
        if (!rc && fs->blk_shift != shift)
            rc = ext_fail(fs, EXT_EJOURNAL, 0, 0, "journal: the replayed "
                          "superblock changes the block size");
        if (rc)
            return rc;
    }
#else
    (void)j;
#endif

    return root_check(fs);
}

int ext_mount(struct ext_fs *fs, const struct blockdev *bd,
              blockdev_lba_t lba0, blockdev_lba_t sectors)
{
    return ext_mount_journal(fs, bd, lba0, sectors, NULL);
}
