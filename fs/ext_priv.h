/* Internals shared by the fs/ext_*.c files (on-disk layout: ext_format.h). */
#ifndef EXTLOAD_EXT_PRIV_H
#define EXTLOAD_EXT_PRIV_H

#include <string.h>

#include "ext.h"
#include "ext_format.h"
#include "le.h"

#define EXT_NO_SECTOR           UINT64_MAX

static inline uint32_t ext_blk_size(const struct ext_fs *fs)
{
    return 1u << fs->blk_shift;
}

/*
 * Build options, FatFs-style; `make size` prints what each one costs.
 *   EXT_MESSAGES     1: errors carry a sentence (what and where); 0: only
 *                    ext_strerror's short text with the inode and block.
 *   EXT_CSUM_VERIFY  1: metadata_csum and gdt_csum are verified; 0: they
 *                    are ignored (both are RO_COMPAT, so reading stays
 *                    correct; corruption is then caught only by the
 *                    structural checks).
 *   EXT_HTREE        1: hash-tree directories are looked up through the
 *                    tree; 0: every directory is walked linearly (which
 *                    reads hash-tree directories correctly, just slower).
 */
#ifndef EXT_MESSAGES
#define EXT_MESSAGES 1
#endif
#ifndef EXT_CSUM_VERIFY
#define EXT_CSUM_VERIFY 1
#endif
#ifndef EXT_HTREE
#define EXT_HTREE 1
#endif

/* Record an error with its place and return its code. */
int ext_fail_at(struct ext_fs *fs, int err, uint32_t ino, uint64_t blk,
                const char *what);
#if EXT_MESSAGES
#define ext_fail(fs, err, ino, blk, what) ext_fail_at(fs, err, ino, blk, what)
#else
#define ext_fail(fs, err, ino, blk, what) \
    ext_fail_at(fs, err, ino, blk, ((void)(what), (const char *)0))
#endif

/* Block device access, relative to the filesystem's first sector. */
int ext_sector(struct ext_fs *fs, uint64_t sector);
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
/* Does [blk, blk + len) touch the system zone (ext_inode.c)? No I/O. */
bool ext_blk_sys(const struct ext_fs *fs, uint64_t blk, uint64_t len);
int ext_zones_init(struct ext_fs *fs);
/* A symlink's i_size target bytes into dst, checked (ext_file.c). */
int ext_link_read(struct ext_fs *fs, const struct ext_inode *in, char *dst);

/* Checksums (ext_csum.c). crc32c without pre/post inversion, as ext4
 * stores it; crc16 is the ANSI polynomial (0x8005 reflected). */
uint32_t ext_crc32c(uint32_t crc, const void *p, uint32_t n);
uint16_t ext_crc16(uint16_t crc, const void *p, uint32_t n);
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

/* Hashes for hash-tree directories (ext_hash.c). */
uint32_t ext_dx_hash(const char *name, uint32_t len, uint32_t version,
                     const uint32_t seed[4]);

#endif
