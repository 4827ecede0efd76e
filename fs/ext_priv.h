/* Internals shared by the fs/ext_*.c files (on-disk layout: ext_format.h). */
#ifndef EXTLOAD_EXT_PRIV_H
#define EXTLOAD_EXT_PRIV_H

#include <string.h>

#include "ext.h"
#include "lib/crc.h"
#include "ext_conf.h"
#include "ext_format.h"
#include "lib/le.h"

#define EXT_NO_SECTOR           BLOCKDEV_LBA_MAX

/*@ assigns \nothing; */
static inline uint32_t ext_blk_size(const struct ext_fs *fs)
{
    return 1u << fs->blk_shift;
}

/* The byte offset of logical block blk of a file, as wide as file
 * offsets (EXT_OFF32): callers pass blocks below the file's size. */
/*@ assigns \nothing; */
static inline ext_off_t ext_pos(const struct ext_fs *fs, ext_blk_t blk)
{
    return (ext_off_t)blk << fs->blk_shift;
}

/* A block number stored in two on-disk halves. Where ext_blk_t is 32-bit
 * a high half saturates to EXT_BLK_MAX, past every filesystem's block
 * count, so the checks that follow refuse it as out of range. */
/*@ assigns \nothing; */
static inline ext_blk_t ext_blk_join(uint32_t lo, uint32_t hi)
{
#if BLOCKDEV_LBA32
    return hi ? EXT_BLK_MAX : lo;
#else
    return (uint64_t)hi << 32 | lo;
#endif
}

/* The first sector of block blk (fits: mount checked the filesystem's
 * sectors do). */
/*@ assigns \nothing; */
static inline blockdev_lba_t ext_blk_sector(const struct ext_fs *fs,
                                            ext_blk_t blk)
{
    return (blockdev_lba_t)blk << (fs->blk_shift - 9);
}

/* Record an error with its place and return its code. */
int ext_fail_at(struct ext_fs *fs, int err, uint32_t ino, ext_blk_t blk,
                const char *what);
#if EXT_MESSAGES
#define ext_fail(fs, err, ino, blk, what) ext_fail_at(fs, err, ino, blk, what)
#else
#define ext_fail(fs, err, ino, blk, what) \
    ext_fail_at(fs, err, ino, blk, ((void)(what), (const char *)0))
#endif

/* Block device access, relative to the filesystem's first sector.
 * ext_dev_read reads through the replay overlay (fs->jnl's table: each
 * replaced block from its journal copy, once); ext_dev_raw never does.
 * Neither calls up into the journal code: the journal fills the table,
 * the I/O layer only looks it up. */
int ext_sector(struct ext_fs *fs, blockdev_lba_t sector);
int ext_dev_raw(struct ext_fs *fs, blockdev_lba_t sector, uint32_t count,
                void *dst);
int ext_dev_read(struct ext_fs *fs, blockdev_lba_t sector, uint32_t count,
                 void *dst);
/* n bytes at byte off of block blk (off may run past the block) through
 * the sector buffer (the range may straddle sectors): copied to dst
 * and/or folded into *crc. */
int ext_bytes_crc(struct ext_fs *fs, ext_blk_t blk, uint32_t off, void *dst,
                  uint32_t n, uint32_t *crc);
int ext_bytes(struct ext_fs *fs, ext_blk_t blk, uint32_t off, void *dst,
              uint32_t n);
/* A block number that may be read: inside the filesystem, not block 0
 * of a 1 KiB-block fs's boot area. */
bool ext_blk_ok(const struct ext_fs *fs, ext_blk_t blk);
/* Does [blk, blk + len) touch the system zone (ext_inode.c)? No I/O. */
bool ext_blk_sys(const struct ext_fs *fs, ext_blk_t blk, ext_blk_t len);
int ext_zones_init(struct ext_fs *fs);
/* The i_size target bytes of the symlink f->in into dst, checked; f is
 * opened on it in place (ext_file.c). */
int ext_link_read(struct ext_fs *fs, struct ext_file *f, char *dst);

/* Checksums (ext_csum.c; the CRCs themselves: crc.h). */
/* crc32c over n bytes at byte off of block blk, streamed through the
 * buffer. */
int ext_crc32c_span(struct ext_fs *fs, ext_blk_t blk, uint32_t off,
                    uint32_t n, uint32_t *crc);
uint32_t ext_inode_seed(const struct ext_fs *fs, uint32_t ino, uint32_t gen);
/* The checksum seed; no build without EXT_CSUM_VERIFY ever uses it. */
/*@ assigns \nothing; */
static inline uint32_t ext_csum_seed(const struct ext_fs *fs)
{
#if EXT_CSUM_VERIFY
    return fs->csum_seed;
#else
    (void)fs;
    return 0;
#endif
}

/* The feature tests below are macros: where their switch is 0 they are
 * the constant 0, so the code behind them is gone for Frama-C's front
 * end too (make prove counts only the code a profile builds). */
#define ext_has_csum(fs) \
    (EXT_CSUM_VERIFY && ((fs)->ro_compat & RO_COMPAT_METADATA_CSUM))

/* meta_bg descriptor placement; never in a build without EXT_META_BG,
 * where the feature fails the mount. */
#define ext_meta_bg(fs) (EXT_META_BG && ((fs)->incompat & INCOMPAT_META_BG))

#define ext_has_gdt_csum(fs) \
    (EXT_CSUM_VERIFY && ((fs)->ro_compat & RO_COMPAT_GDT_CSUM))

/* Block maps and extents (ext_map.c): the run of blocks at lblk. */
struct ext_run {
    ext_blk_t pblk;               /* 0: a hole, reads as zeros */
    ext_blk_t len;                /* blocks, >= 1 */
};
int ext_map(struct ext_fs *fs, struct ext_file *f, ext_blk_t lblk,
            struct ext_run *run);

/* Is in's data inline? Never in a build without EXT_INLINE: there the
 * feature fails the mount, and ext_file_open refuses the flag alone. */
#define ext_inline(in) (EXT_INLINE && ((in)->flags & IFL_INLINE_DATA))

/* Inline data (ext_inline.c): where the bytes past i_block sit, as a byte
 * offset in the inode's block (in->at_blk). */
int ext_inline_find(struct ext_fs *fs, const struct ext_inode *in,
                    uint32_t *off, uint32_t *len);

/* Directory lookup of one name in the directory d->f.in (the caller has
 * checked it is one), which d is opened on in place (ext_dir.c, with the
 * hash tree in ext_htree.c). */
int ext_dir_find(struct ext_fs *fs, struct ext_dir *d, const char *name,
                 uint32_t name_len, uint32_t *ino);
int ext_htree_find(struct ext_fs *fs, struct ext_dir *d, const char *name,
                   uint32_t name_len, uint32_t *ino);
/* A directory block's metadata_csum; nothing to check without
 * EXT_CSUM_VERIFY. */
#if EXT_CSUM_VERIFY
int ext_dirblk_verify(struct ext_fs *fs, struct ext_dir *d, ext_blk_t lblk,
                      ext_blk_t pblk);
#else
#define ext_dirblk_verify(fs, d, lblk, pblk) \
    ((void)(fs), (void)(d), (void)(lblk), (void)(pblk), 0)
#endif
/* Does the name of len bytes at byte at of block blk equal name? 1 yes,
 * 0 no, < 0 error (ext_dir.c; for the fast-commit replay). */
int ext_name_eq(struct ext_fs *fs, ext_blk_t blk, uint32_t at,
                const char *name, uint32_t len);
/* Scan one directory block for a name: 1 found (ino set), 0 not there. */
int ext_dirblk_find(struct ext_fs *fs, struct ext_dir *d, ext_blk_t lblk,
                    const char *name, uint32_t name_len, uint32_t *ino);

/* Journal replay (ext_journal.c): scan the log of a dirty journal and
 * fill j's table; then reads are patched from it (j NULL: no table). */
int ext_journal_replay(struct ext_fs *fs, struct ext_journal *j,
                       blockdev_lba_t sectors);
/* A table entry's src with this bit set is an escaped copy: JBD2_MAGIC
 * goes back into its first four bytes (no block below s_blocks_count
 * has the top bit: 2^31 where blocks are 32-bit). */
#define EXT_JB_ESCAPE ((ext_blk_t)1 << (sizeof(ext_blk_t) * 8 - 1))
/* Index of the first table entry not below blk (ext_io.c). */
uint32_t ext_jlower(const struct ext_jblock *t, uint32_t n, ext_blk_t blk);

/* Hashes for hash-tree directories (ext_hash.c). */
uint32_t ext_dx_hash(const char *name, uint32_t len, uint32_t version,
                     const uint32_t seed[4]);

#endif
