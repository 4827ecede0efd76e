/* Internals shared by the fs/ext_*.c files: on-disk offsets and helpers. */
#ifndef EXTLOAD_EXT_PRIV_H
#define EXTLOAD_EXT_PRIV_H

#include <string.h>

#include "ext.h"
#include "crc.h"
#include "ext_conf.h"
#include "le.h"

/* Superblock (1024 bytes at byte 1024 of the filesystem). */
#define SB_OFFSET               1024u
#define SB_INODES_COUNT         0x00
#define SB_BLOCKS_COUNT_LO      0x04
#define SB_FIRST_DATA_BLOCK     0x14
#define SB_LOG_BLOCK_SIZE       0x18
#define SB_LOG_CLUSTER_SIZE     0x1C
#define SB_BLOCKS_PER_GROUP     0x20
#define SB_CLUSTERS_PER_GROUP   0x24
#define SB_INODES_PER_GROUP     0x28
#define SB_MAGIC                0x38
#define SB_STATE                0x3A
#define SB_REV_LEVEL            0x4C
#define SB_FIRST_INO            0x54
#define SB_INODE_SIZE           0x58
#define SB_FEATURE_COMPAT       0x5C
#define SB_FEATURE_INCOMPAT     0x60
#define SB_FEATURE_RO_COMPAT    0x64
#define SB_UUID                 0x68
#define SB_HASH_SEED            0xEC
#define SB_DESC_SIZE            0xFE
#define SB_JOURNAL_INUM         0xE0
#define SB_FIRST_META_BG        0x104
#define SB_BLOCKS_COUNT_HI      0x150
#define SB_FLAGS                0x160
#define SB_CHECKSUM_TYPE        0x175
#define SB_BACKUP_BGS           0x24C
#define SB_CHECKSUM_SEED        0x270
#define SB_CHECKSUM             0x3FC

#define EXT_MAGIC               0xEF53u
#define SB_STATE_VALID          0x1u
#define SB_STATE_ERROR          0x2u
#define SB_FLAGS_UNSIGNED_HASH  0x2u

#define COMPAT_HAS_JOURNAL      0x0004u
#define COMPAT_SPARSE_SUPER2    0x0200u

#define INCOMPAT_COMPRESSION    0x00001u
#define INCOMPAT_FILETYPE       0x00002u
#define INCOMPAT_RECOVER        0x00004u
#define INCOMPAT_JOURNAL_DEV    0x00008u
#define INCOMPAT_META_BG        0x00010u
#define INCOMPAT_EXTENTS        0x00040u
#define INCOMPAT_64BIT          0x00080u
#define INCOMPAT_MMP            0x00100u
#define INCOMPAT_FLEX_BG        0x00200u
#define INCOMPAT_EA_INODE       0x00400u
#define INCOMPAT_DIRDATA        0x01000u
#define INCOMPAT_CSUM_SEED      0x02000u
#define INCOMPAT_LARGEDIR       0x04000u
#define INCOMPAT_INLINE_DATA    0x08000u
#define INCOMPAT_ENCRYPT        0x10000u
#define INCOMPAT_CASEFOLD       0x20000u

#define RO_COMPAT_SPARSE_SUPER  0x0001u
#define RO_COMPAT_HUGE_FILE     0x0008u
#define RO_COMPAT_GDT_CSUM      0x0010u
#define RO_COMPAT_BIGALLOC      0x0200u
#define RO_COMPAT_METADATA_CSUM 0x0400u

/* Group descriptor. */
#define BG_INODE_TABLE_LO       0x08
#define BG_FLAGS                0x12
#define BG_ITABLE_UNUSED_LO     0x1C
#define BG_CHECKSUM             0x1E
#define BG_INODE_TABLE_HI       0x28
#define BG_ITABLE_UNUSED_HI     0x32
#define BG_FLAG_INODE_UNINIT    0x1u

/* Inode. */
#define I_MODE                  0x00
#define I_SIZE_LO               0x04
#define I_LINKS_COUNT           0x1A
#define I_BLOCKS_LO             0x1C
#define I_FLAGS                 0x20
#define I_BLOCK                 0x28
#define I_GENERATION            0x64
#define I_SIZE_HIGH             0x6C
#define I_BLOCKS_HIGH           0x74
#define I_CHECKSUM_LO           0x7C
#define I_EXTRA_ISIZE           0x80
#define I_CHECKSUM_HI           0x82
#define I_GOOD_OLD_SIZE         128u

#define IFL_INDEX               0x00001000u
#define IFL_ENCRYPT             0x00000800u
#define IFL_HUGE_FILE           0x00040000u
#define IFL_EXTENTS             0x00080000u
#define IFL_INLINE_DATA         0x10000000u
#define IFL_CASEFOLD            0x40000000u

#define EXT_NO_SECTOR           UINT64_MAX

static inline uint32_t ext_blk_size(const struct ext_fs *fs)
{
    return 1u << fs->blk_shift;
}

/* Record an error with its place and return its code. */
int ext_fail_at(struct ext_fs *fs, int err, uint32_t ino, uint64_t blk,
                const char *what);
#if EXT_MESSAGES
#define ext_fail(fs, err, ino, blk, what) ext_fail_at(fs, err, ino, blk, what)
#else
#define ext_fail(fs, err, ino, blk, what) \
    ext_fail_at(fs, err, ino, blk, ((void)(what), (const char *)0))
#endif

/* Block device access, relative to the filesystem's first sector.
 * ext_dev_read serves replayed journal blocks; ext_dev_raw never does. */
int ext_sector(struct ext_fs *fs, uint64_t sector);
int ext_dev_raw(struct ext_fs *fs, uint64_t sector, uint32_t count,
                void *dst);
int ext_dev_read(struct ext_fs *fs, uint64_t sector, uint32_t count,
                 void *dst);
/* n bytes at a byte offset of the fs through the sector buffer (the
 * range may straddle sectors): copied to dst and/or folded into *crc. */
int ext_bytes_crc(struct ext_fs *fs, uint64_t off, void *dst, uint32_t n,
                  uint32_t *crc);
int ext_bytes(struct ext_fs *fs, uint64_t off, void *dst, uint32_t n);
/* A block number that may be read: inside the filesystem, not block 0
 * of a 1 KiB-block fs's boot area. */
bool ext_blk_ok(const struct ext_fs *fs, uint64_t blk);
int ext_blk_check(struct ext_fs *fs, uint32_t ino, uint64_t blk);

/* Checksums (ext_csum.c; the CRCs themselves: crc.h). */
/* crc32c over n bytes of the fs at off, streamed through the buffer. */
int ext_crc32c_span(struct ext_fs *fs, uint64_t off, uint32_t n,
                    uint32_t *crc);
uint32_t ext_inode_seed(const struct ext_fs *fs, uint32_t ino, uint32_t gen);
static inline bool ext_has_csum(const struct ext_fs *fs)
{
    return EXT_CSUM_VERIFY && (fs->ro_compat & RO_COMPAT_METADATA_CSUM);
}

static inline bool ext_has_gdt_csum(const struct ext_fs *fs)
{
    return EXT_CSUM_VERIFY && (fs->ro_compat & RO_COMPAT_GDT_CSUM);
}

/* Block maps and extents (ext_map.c): the run of blocks at lblk. */
struct ext_run {
    uint64_t pblk;                /* 0: a hole, reads as zeros */
    uint64_t len;                 /* blocks, >= 1 */
};
int ext_map(struct ext_fs *fs, struct ext_file *f, uint64_t lblk,
            struct ext_run *run);

/* Inline data (ext_inline.c): where the bytes past i_block sit. */
int ext_inline_find(struct ext_fs *fs, const struct ext_inode *in,
                    uint64_t *off, uint32_t *len);

/* Directory lookup of one name in a directory inode (ext_dir.c, with the
 * hash tree in ext_htree.c). */
int ext_dir_find(struct ext_fs *fs, const struct ext_inode *dir,
                 const char *name, uint32_t name_len, uint32_t *ino);
int ext_htree_find(struct ext_fs *fs, struct ext_dir *d, const char *name,
                   uint32_t name_len, uint32_t *ino);
int ext_dirblk_verify(struct ext_fs *fs, struct ext_dir *d, uint64_t lblk,
                      uint64_t pblk);
/* Scan one directory block for a name: 1 found (ino set), 0 not there. */
int ext_dirblk_find(struct ext_fs *fs, struct ext_dir *d, uint64_t lblk,
                    const char *name, uint32_t name_len, uint32_t *ino);

/* Journal replay (ext_journal.c): scan the log of a dirty journal and
 * fill j's table; then reads are patched from it (j NULL: no table). */
int ext_journal_replay(struct ext_fs *fs, struct ext_journal *j);
int ext_journal_patch(struct ext_fs *fs, uint64_t sector, uint32_t count,
                      uint8_t *dst);

/* Hashes for hash-tree directories (ext_hash.c). */
uint32_t ext_dx_hash(const char *name, uint32_t len, uint32_t version,
                     const uint32_t seed[4]);

#endif
