/* extload's read-only ext2/ext3/ext4 reader.
 *
 * All state lives in caller-owned structs: struct ext_fs (one per mounted
 * filesystem, holding the only sector buffer), struct ext_file (an open
 * inode plus its block-map cache) and struct ext_dir (a directory walk).
 * Every function returns 0 (or a count) on success and a negative
 * enum ext_err on failure; ext_error_describe() then says what and where.
 */
#ifndef EXTLOAD_EXT_H
#define EXTLOAD_EXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blockdev.h"
#include "ext_conf.h"          /* the options shape struct ext_fs */

/* Every error: its code, value and ext_strerror() text, in one table
 * (ext_err.c builds the texts from it, so the two cannot fall out of
 * step). */
#define EXT_ERRORS(X) \
    X(EXT_OK,            0, "success") \
    X(EXT_EIO,          -1, "I/O error") \
    X(EXT_ENOTEXT,      -2, "not an ext filesystem") \
    X(EXT_ESUPER,       -3, "bad superblock") \
    X(EXT_EFEATURE,     -4, "unsupported feature") \
    X(EXT_ECORRUPT,     -5, "corrupt filesystem") \
    X(EXT_ECSUM,        -6, "checksum mismatch") \
    X(EXT_ENOENT,       -7, "no such file or directory") \
    X(EXT_ENOTDIR,      -8, "not a directory") \
    X(EXT_ELOOP,        -9, "too many symbolic links") \
    X(EXT_ETOOBIG,     -10, "file too large") \
    X(EXT_EINVAL,      -11, "invalid argument") \
    X(EXT_ENAMETOOLONG,-12, "name too long") \
    X(EXT_ERANGE,      -13, "block out of range") \
    X(EXT_EISDIR,      -14, "is a directory") \
    X(EXT_EUNSUPP,     -15, "unsupported inode") \
    X(EXT_EEXTENT,     -16, "bad extent tree") \
    X(EXT_ESYSZONE,    -17, "block in the system zone") \
    X(EXT_ERESERVED,   -18, "reserved inode named by a directory") \
    X(EXT_ESYMLINK,    -19, "bad symbolic link") \
    X(EXT_EFBIG,       -20, "file size past what its map can address") \
    X(EXT_EJOURNAL,    -21, "journal cannot be replayed") \
    X(EXT_EJFULL,      -22, "journal replay table full")

enum ext_err {
#define EXT_ERR_ENUM(name, value, text) name = (value),
    EXT_ERRORS(EXT_ERR_ENUM)
#undef EXT_ERR_ENUM
};

/* Warnings a mount may carry; reading goes on. */
#define EXT_WARN_NEEDS_RECOVERY 0x1u  /* journal holds unreplayed updates */
#define EXT_WARN_NOT_CLEAN      0x2u  /* s_state lacks "cleanly unmounted" */
#define EXT_WARN_ERRORS         0x4u  /* s_state has "errors detected" */
#define EXT_WARN_JOURNAL_CSUM   0x8u  /* journal blocks failed their tag
                                         checksum and were not replayed */
#define EXT_WARN_DESC_CSUM      0x10u /* a group descriptor failed its
                                         checksum and was read as it is */

/* Block numbers, physical and logical, as wide as the device's sector
 * numbers (BLOCKDEV_LBA32): a filesystem whose blocks do not fit is
 * refused at mount, a file whose map reaches past them when opened. */
typedef blockdev_lba_t ext_blk_t;
#define EXT_BLK_MAX BLOCKDEV_LBA_MAX

/* File sizes and byte offsets in a file (EXT_OFF32, fs/ext_conf.h). */
#if EXT_OFF32
typedef uint32_t ext_off_t;
#define EXT_OFF_MAX UINT32_MAX
#else
typedef uint64_t ext_off_t;
#define EXT_OFF_MAX UINT64_MAX
#endif

/* Journal replay in memory (fs/ext_journal.c). The caller owns the table:
 * one entry per filesystem block whose newest committed version lives in
 * the journal. Nothing is written back; reads of that block are served
 * from its journal copy. */
struct ext_jblock {
    ext_blk_t blk;                /* filesystem block */
    ext_blk_t src;                /* block holding its journal copy, its top
                                     bit set when the copy is escaped; 0
                                     while the scan holds a revoke record */
};

/* Why the log scan stopped where it did (struct ext_journal.stop). */
enum ext_jstop {
    EXT_JSTOP_NONE = 0,           /* no replay: clean, or built without */
    EXT_JSTOP_EMPTY,              /* the log is empty (s_start 0) */
    EXT_JSTOP_MAGIC,              /* a block without the journal magic */
    EXT_JSTOP_SEQUENCE,           /* a block of an older transaction */
    EXT_JSTOP_TYPE,               /* a block of an unknown type */
    EXT_JSTOP_COMMIT_CSUM,        /* a commit block failed its checksum */
    EXT_JSTOP_STALE,              /* a checksum failure in stale blocks */
    EXT_JSTOP_WRAP,               /* the scan came round the whole log */
};

#if EXT_FAST_COMMIT
/* One entry of a replayed fast commit (fs/ext_fc.c): what a tag of the
 * journal's fast-commit area changes, and where its value lies. */
struct ext_fc_rec {
    ext_blk_t pblk;               /* ADD_RANGE: first physical block; 0
                                     unwritten (reads as zeros) */
    ext_blk_t src;                /* the block holding the tag's value */
    uint32_t ino;                 /* the inode it changes (a dentry tag's:
                                     the directory) */
    uint32_t arg;                 /* ADD/DEL_RANGE: first logical block;
                                     dentry tags: the entry's inode;
                                     INODE: bytes of the raw inode */
    uint32_t len;                 /* ADD/DEL_RANGE: blocks; dentry tags:
                                     the name's bytes */
    uint16_t off;                 /* the value's byte offset in src */
    uint8_t tag;                  /* EXT4_FC_TAG_* */
};
#endif

struct ext_journal {
    struct ext_jblock *tab;       /* set by the caller: the table ... */
    uint32_t cap;                 /* ... and its entries (< 2^31) */
#if EXT_FAST_COMMIT
    struct ext_fc_rec *fc;        /* set by the caller: fast-commit ... */
    uint32_t fc_cap;              /* ... entries, and how many */
    uint32_t fc_n;                /* filled: entries replayed */
    uint32_t fc_commits;          /* fast commits (valid TAILs) replayed */
#endif
    /* Filled by the mount: */
    uint32_t n;                   /* blocks replaced (entries in use) */
    uint32_t transactions;        /* committed transactions applied */
    uint32_t revokes;             /* revoke records honoured */
    uint32_t bad_tags;            /* versions skipped: checksum mismatch */
    uint32_t first_seq;           /* transactions [first_seq, end_seq) */
    uint32_t end_seq;
    uint32_t stop_blk;            /* log block where the scan stopped */
    uint32_t scan_sectors;        /* sectors the scan and replay read */
    uint8_t stop;                 /* enum ext_jstop */
    uint8_t replayed;             /* 1: the journal was replayed */
};

/* RO_COMPAT bits the reader acts on (sparse_super, large_file, huge_file,
 * gdt_csum, bigalloc, metadata_csum); all others are ignored for reading. */
#define EXT_RO_COMPAT_USED 0x061Bu

#define EXT_ROOT_INO 2u
#define EXT_NAME_MAX 255u
/* Bytes of path still to walk, with symlink targets spliced in
 * (struct ext_walk). The host tool builds with 4096. */
#ifndef EXT_PATH_MAX
#define EXT_PATH_MAX 256u
#endif
#define EXT_SYMLINK_HOPS 8u
#define EXT_PATH_COMPONENTS 64u
/* Runs of bitmaps and inode tables kept for the system-zone check. */
#ifndef EXT_ZONES
#define EXT_ZONES 3u
#endif

struct ext_fs {
    blockdev_lba_t lba0;          /* first sector of the filesystem */
    ext_blk_t blocks_count;
    blockdev_lba_t buf_lba;       /* sector in buf (fs-relative); ~0 none */
    ext_blk_t err_blk;             /* the last error: which block, ... */
#if EXT_MESSAGES
    const char *err_what;         /* ... what was wrong, ... */
#endif
    uint32_t err_ino;             /* ... which inode (0: n/a) ... */
    int32_t err;                  /* ... and its code */
    uint32_t err_features;        /* EXT_EFEATURE: the INCOMPAT bits */
    int32_t err_dev;              /* EXT_EIO: the block device's own
                                     (negative) code; 0 none; set with
                                     each EXT_EIO, stale otherwise */
#if EXT_PATH_LIMIT
    uint32_t path_max;            /* set after the mount: the bytes a
                                     lookup may use (0: EXT_PATH_MAX) */
#endif
    const struct blockdev *bd;
    uint32_t inodes_count;
    uint32_t inodes_per_group;
    uint32_t blocks_per_group;
    uint32_t first_data_block;
    uint32_t groups;
    uint32_t first_meta_bg;       /* descriptor blocks in the table after
                                     each backup: s_first_meta_bg with
                                     meta_bg, else the whole table's */
    uint32_t first_ino;           /* s_first_ino: below it, reserved */
    uint32_t backup_bgs[2];       /* sparse_super2's backup groups */
    /* System zone (ext_blk_sys): bitmaps and inode tables seen at mount
     * in the descriptor sector mount reads anyway, merged into runs. */
    uint32_t zone_lo[EXT_ZONES];  /* [zone_lo, zone_hi) */
    uint32_t zone_hi[EXT_ZONES];
    uint32_t compat, incompat, ro_compat;
#if EXT_CSUM_VERIFY
    uint32_t csum_seed;           /* crc32c seed for metadata_csum */
#endif
#if EXT_HTREE
    uint32_t hash_seed[4];
#endif
    uint32_t reads;               /* blockdev read calls made */
    uint32_t sectors_read;        /* sectors those calls moved */
    uint16_t inode_size;
    uint16_t inodes_per_blk;      /* block size / inode_size, >= 1 */
    uint16_t desc_size;
    uint16_t reserved_gdt;        /* s_reserved_gdt_blocks */
    uint8_t zones;                /* zone_* entries in use */
    uint8_t clu_shift;            /* log2(cluster size), = blk_shift */
    uint8_t blk_shift;            /* log2(block size in bytes), 10..16 */
    uint8_t hash_unsigned;        /* s_flags says unsigned char hashes */
    uint8_t warnings;             /* EXT_WARN_* */
#if EXT_JOURNAL
    struct ext_journal *jnl;      /* replay table; NULL: none */
#endif

    uint8_t buf[BLOCKDEV_SECTOR]; /* the single sector buffer */
};

struct ext_inode {
    ext_blk_t at_blk;             /* where the inode is: its block, and */
    uint32_t at_off;              /* the byte offset in it */
    ext_off_t size;
    uint64_t blocks;              /* i_blocks in 512-byte units */
    uint32_t ino;
    uint32_t gen;                 /* i_generation, seeds its checksums */
    uint32_t flags;               /* i_flags */
    uint16_t mode;
    uint16_t links;
    uint16_t extra_isize;         /* i_extra_isize, 0 for 128-byte inodes */
    uint8_t fast_link;            /* a symlink whose target is in i_block */
    uint8_t iblock[60];           /* i_block: map, extent root or inline */
};

/* S_IFMT values of i_mode. */
#define EXT_S_IFMT   0xF000u
#define EXT_S_IFIFO  0x1000u
#define EXT_S_IFCHR  0x2000u
#define EXT_S_IFDIR  0x4000u
#define EXT_S_IFBLK  0x6000u
#define EXT_S_IFREG  0x8000u
#define EXT_S_IFLNK  0xA000u
#define EXT_S_IFSOCK 0xC000u

/*@ assigns \nothing; */
static inline bool ext_is_dir(const struct ext_inode *in)
{
    return (in->mode & EXT_S_IFMT) == EXT_S_IFDIR;
}

/*@ assigns \nothing; */
static inline bool ext_is_link(const struct ext_inode *in)
{
    return (in->mode & EXT_S_IFMT) == EXT_S_IFLNK;
}

/* An open inode and the block-map state that keeps sequential reads cheap:
 * the last contiguous run mapped, and for indirect maps the last indirect
 * block seen at each level. */
struct ext_file {
    struct ext_inode in;
    ext_blk_t run_lblk;           /* logical block of the cached run */
    ext_blk_t run_pblk;           /* its physical block; 0 = hole */
    ext_blk_t run_len;            /* blocks in the run; 0 = nothing cached */
    ext_blk_t ind_base[2];        /* first logical block each level covers */
    ext_blk_t ind_pblk[2];        /* indirect block at that level; 0 none */
    ext_blk_t win_first;          /* double-indirect pointers kept: index */
    uint32_t win[8];              /* of the first, and the pointers */
    uint32_t win_n;
    ext_blk_t leaf_pblk;          /* extent leaf last searched; 0 none */
    ext_blk_t leaf_first;         /* first logical block that leaf covers */
    ext_blk_t leaf_last;          /* the last it covers (inclusive) */
    ext_blk_t leaf_last_seen;     /* last block of the last entry checked */
    uint32_t leaf_entries;        /* its entry count (checked, verified) */
    uint32_t leaf_hint;           /* entries at or before the last block
                                     mapped (node_search's count) */
    uint32_t leaf_checked;        /* entries checked so far, in order */
};

struct ext_dirent {
    uint32_t ino;
    uint8_t type;                 /* one of '-','d','l','c','b','p','s','?' */
    uint8_t name_len;
    char name[EXT_NAME_MAX + 1];  /* NUL-terminated */
};

struct ext_dir {
    struct ext_file f;
    ext_off_t pos;                /* byte offset of the next entry */
    ext_off_t csum_ok_blk;        /* logical block + 1 whose csum passed */
    uint32_t inl_at;              /* inline dir: system.data value (byte
                                   * offset in the inode's block) ... */
    uint32_t inl_len;             /* ... and its length */
    uint8_t dots;                 /* inline dir: "." and ".." given out */
#if EXT_FAST_COMMIT
    uint32_t fc_next;             /* fast-commit entries listed so far */
#endif
};

/* Mount the filesystem that starts at sector lba0 and spans `sectors`
 * (0: unknown, use the device's capacity). */
int ext_mount(struct ext_fs *fs, const struct blockdev *bd,
              blockdev_lba_t lba0, blockdev_lba_t sectors);
/* The same, replaying a dirty journal in memory into j->tab (j->cap
 * entries; j stays in use while fs is). With j NULL a journal that needs
 * replay fails the mount (EXT_EJFULL). Built with EXT_JOURNAL 0 such a
 * journal fails the mount with EXT_EFEATURE (err_features: needs_recovery),
 * even when its log turns out empty: that build never reads the journal. */
int ext_mount_journal(struct ext_fs *fs, const struct blockdev *bd,
                      blockdev_lba_t lba0, blockdev_lba_t sectors,
                      struct ext_journal *j);
/* Why the scan stopped, as a phrase ("a block of an older transaction"). */
const char *ext_journal_stop_text(int stop);
/* One line on the journal: none, clean, replayed (transactions, blocks,
 * revokes, checksum failures, where and why the scan stopped) or not
 * replayed. Returns the length written. */
uint32_t ext_journal_describe(const struct ext_fs *fs, char *buf,
                              uint32_t len);

int ext_inode_read(struct ext_fs *fs, uint32_t ino, struct ext_inode *out);

/* What a path lookup works in: the directory being searched, and the
 * rest of the path with symlink targets spliced in. */
struct ext_walk {
    struct ext_dir dir;
    char path[EXT_PATH_MAX];
};

/* Resolve a path from the root into f->in (f is not opened: it is where
 * symlinks on the way are read). Symlinks in the middle are always
 * followed; the last component's only when follow_last. w is the
 * caller's scratch, and path may lie in w->path; after an error f->in
 * holds some inode of the path, not the one asked for. */
int ext_lookup_in(struct ext_fs *fs, const char *path, bool follow_last,
                  struct ext_file *f, struct ext_walk *w);
/* The same with the ext_file and the ext_walk on the stack; *out is
 * written only on success. */
int ext_lookup(struct ext_fs *fs, const char *path, bool follow_last,
               struct ext_inode *out);

int ext_file_open(struct ext_fs *fs, const struct ext_inode *in,
                  struct ext_file *f);

/* Open a path, following every symlink, for reading; ext_open_in with
 * the caller's scratch (see ext_lookup_in), ext_open with it on the
 * stack. */
int ext_open(struct ext_fs *fs, const char *path, struct ext_file *f);
int ext_open_in(struct ext_fs *fs, const char *path, struct ext_file *f,
                struct ext_walk *w);

/* Read up to len bytes at off. Returns the bytes read (0 at or past the
 * end) or a negative error. len is clamped to INT32_MAX. */
int32_t ext_read(struct ext_fs *fs, struct ext_file *f, ext_off_t off,
                 void *dst, uint32_t len);

/* Load a whole file into dst. A file larger than max is refused with
 * EXT_ETOOBIG, a directory with EXT_EISDIR, before a byte is written. */
int ext_load(struct ext_fs *fs, struct ext_file *f, void *dst,
             ext_off_t max, ext_off_t *size_out);

/* A symlink's target, NUL-terminated. */
int ext_readlink(struct ext_fs *fs, const struct ext_inode *in,
                 char *buf, uint32_t bufsize);

int ext_dir_open(struct ext_fs *fs, const struct ext_inode *in,
                 struct ext_dir *d);
/* 1: *e holds the next entry; 0: end of directory; < 0: error. */
int ext_dir_next(struct ext_fs *fs, struct ext_dir *d, struct ext_dirent *e);

/* Feature names for messages: each set bit of `bits` in the given
 * feature word (0 compat, 1 incompat, 2 ro_compat) written as a
 * space-separated list. Returns the length written. */
uint32_t ext_feature_names(int word, uint32_t bits, char *buf, uint32_t len);

/* "ext2", "ext3" or "ext4", from the feature bits. */
const char *ext_flavour(const struct ext_fs *fs);

const char *ext_strerror(int err);

/* "inode 12, block 4711: extent header magic is not 0xF30A"; without
 * EXT_MESSAGES "inode 12, block 4711: ext error -5". */
uint32_t ext_error_describe(const struct ext_fs *fs, char *buf, uint32_t len);
/* The same; a failed device read (EXT_EIO) then carries the driver's own
 * code, and its sentence when dev_strerror is given: "block 9: the block
 * device failed a read: data CRC mismatch (device error -10)". */
uint32_t ext_error_describe_dev(const struct ext_fs *fs,
                                blockdev_strerror_fn *dev_strerror,
                                char *buf, uint32_t len);

#endif
