/* Directories: the one walker behind listing and lookup. */
#include "ext_priv.h"
#include "ext_fc.h"

#define INLINE_DIR_A     (I_BLOCK_SIZE - INLINE_DIR_HEAD)

struct dirent_raw {
    ext_blk_t name_blk;           /* the name: block, and byte offset */
    uint32_t name_off;            /* from its start */
    uint32_t ino;
    uint8_t name_len;
    uint8_t ftype;
};

/* ext_dir_open for an inode known to be a directory (a path lookup
 * checks each component first). */
/*@ assigns *fs, *d; */
static int dir_open(struct ext_fs *fs, const struct ext_inode *in,
                    struct ext_dir *d)
{
    int rc;

    /* in may be d's own inode (ext_lookup walks in place). */
    memset(&d->pos, 0, sizeof(*d) - offsetof(struct ext_dir, pos));
    /* A directory holds no more bytes than its filesystem: every walk of
     * it (listing, lookup) is bounded by the filesystem's size. */
    if (in->size && (in->size - 1) >> fs->blk_shift >= fs->blocks_count)
        return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                        "directory is larger than the filesystem");
#if EXT_FAST_COMMIT
    if (ext_fc_on(fs)) {
        rc = ext_fc_dir_check(fs, in);
        if (rc)
            return rc;
    }
#endif
    rc = ext_file_open(fs, in, &d->f);
    if (!rc && ext_inline(in))
        rc = ext_inline_find(fs, in, &d->inl_at, &d->inl_len);
    return rc;
}

int ext_dir_open(struct ext_fs *fs, const struct ext_inode *in,
                 struct ext_dir *d)
{
    if (!ext_is_dir(in))
        return ext_fail(fs, EXT_ENOTDIR, in->ino, 0, "not a directory");
    return dir_open(fs, in, d);
}

/* rec_len is 16 bits; 64 KiB blocks store 65536 as 0 or 65535, and any
 * other length keeps its bits 16-17 in the low two bits. */
static uint32_t rec_len_decode(const struct ext_fs *fs, uint32_t raw)
{
    if (fs->blk_shift < 16)
        return raw;
    if (raw == 0 || raw == 0xFFFF)
        return 1u << 16;
    return (raw & 0xFFFCu) | ((raw & 3u) << 16);
}

#if EXT_CSUM_VERIFY
/* metadata_csum on a directory block: a leaf ends in a 12-byte fake entry
 * (inode 0, rec_len 12, name_len 0, type 0xDE) holding crc32c of the
 * bytes before it; a hash-tree node ends its dx entries with a dx_tail
 * (reserved, crc32c) after `limit` entries. */
int ext_dirblk_verify(struct ext_fs *fs, struct ext_dir *d, ext_blk_t lblk,
                      ext_blk_t pblk)
{
    uint32_t bs = ext_blk_size(fs);
    uint32_t crc = ext_inode_seed(fs, d->f.in.ino, d->f.in.gen);
    uint32_t count_off, limit, count;
    uint8_t t[DET_SIZE] = { 0 };
    int rc;

    if (!ext_has_csum(fs) || d->csum_ok_blk == lblk + 1)
        return 0;
    rc = ext_bytes(fs, pblk, bs - DET_SIZE, t, DET_SIZE);
    if (rc)
        return rc;
    if (!le32(t + DE_INODE) && le16(t + DE_REC_LEN) == DET_SIZE &&
        !t[DE_NAME_LEN] && t[DE_FILE_TYPE] == DET_FILE_TYPE) {
        rc = ext_crc32c_span(fs, pblk, 0, bs - DET_SIZE, &crc);
        if (rc)
            return rc;
        if (crc != le32(t + DET_CHECKSUM))
            return ext_fail(fs, EXT_ECSUM, d->f.in.ino, pblk,
                            "directory block checksum mismatch");
        d->csum_ok_blk = lblk + 1;
        return 0;
    }
    /* A hash-tree node: the root keeps dx_root_info after "." and "..";
     * an inner node hides behind one empty entry spanning the block. */
    rc = ext_bytes(fs, pblk, 0, t, DE_HEADER_SIZE);
    if (rc)
        return rc;
    count_off = DX_NODE_ENTRIES;
    if (lblk == 0) {
        rc = ext_bytes(fs, pblk, DX_ROOT_INFO, t, DE_HEADER_SIZE);
        if (rc)
            return rc;
        count_off = DX_ROOT_INFO + t[DXI_INFO_LENGTH];
    } else if (le32(t + DE_INODE) ||
               rec_len_decode(fs, le16(t + DE_REC_LEN)) != bs) {
        return ext_fail(fs, EXT_ECSUM, d->f.in.ino, pblk,
                        "directory block has no checksum tail");
    }
    rc = ext_bytes(fs, pblk, count_off, t, DX_ENTRY_SIZE);
    if (rc)
        return rc;
    limit = le16(t + DXC_LIMIT);
    count = le16(t + DXC_COUNT);
    if (count_off + DX_ENTRY_SIZE * limit + DXT_SIZE > bs)
        return ext_fail(fs, EXT_ECSUM, d->f.in.ino, pblk,
                        "directory block has no checksum tail");
    if (count > limit)
        return ext_fail(fs, EXT_ECORRUPT, d->f.in.ino, pblk,
                        "hash-tree node's count exceeds its limit");
    /* Over the used dx entries, then the tail with its crc as zero. */
    rc = ext_crc32c_span(fs, pblk, 0, count_off + DX_ENTRY_SIZE * count,
                         &crc);
    if (!rc)
        rc = ext_bytes(fs, pblk, count_off + DX_ENTRY_SIZE * limit, t,
                       DXT_SIZE);
    if (rc)
        return rc;
    count = le32(t + DXT_CHECKSUM);
    memset(t + DXT_CHECKSUM, 0, sizeof(uint32_t));
    crc = ext_crc32c(crc, t, DXT_SIZE);
    if (crc != count)
        return ext_fail(fs, EXT_ECSUM, d->f.in.ino, pblk,
                        "hash-tree node checksum mismatch");
    d->csum_ok_blk = lblk + 1;
    return 0;
}
#endif

/* Where d->pos lives: its place (*at bytes into block *at_blk) and the
 * block (or inline region) around it. 1: found; 0: a hole, d->pos moved
 * past it. */
static int dir_locate(struct ext_fs *fs, struct ext_dir *d, ext_blk_t *at_blk,
                      uint32_t *at, uint32_t *in_blk, uint32_t *blk_len,
                      ext_blk_t *pblk)
{
    struct ext_run run;
    ext_blk_t lblk;
    int rc;

    if (ext_inline(&d->f.in)) {
        *pblk = 0;
        *at_blk = d->f.in.at_blk;
        if (d->pos < INLINE_DIR_A) {
            *at = d->f.in.at_off + I_BLOCK + INLINE_DIR_HEAD +
                  (uint32_t)d->pos;
            *in_blk = (uint32_t)d->pos;
            *blk_len = INLINE_DIR_A;
        } else {
            *at = d->inl_at + (uint32_t)(d->pos - INLINE_DIR_A);
            *in_blk = (uint32_t)(d->pos - INLINE_DIR_A);
            *blk_len = d->inl_len;
        }
        return 1;
    }
    lblk = (ext_blk_t)(d->pos >> fs->blk_shift);
    rc = ext_map(fs, &d->f, lblk, &run);
    if (rc)
        return rc;
    if (!run.pblk) {
        /* Directories may have holes; the whole run is skipped (as the
         * kernel's readdir does), so a hole costs one map call. */
        if (run.len > (d->f.in.size >> fs->blk_shift) - lblk)
            d->pos = d->f.in.size;
        else
            d->pos = ext_pos(fs, lblk + run.len);
        return 0;
    }
    rc = ext_dirblk_verify(fs, d, lblk, run.pblk);
    if (rc)
        return rc;
    *pblk = run.pblk;
    *in_blk = (uint32_t)(d->pos & (ext_blk_size(fs) - 1));
    *blk_len = ext_blk_size(fs);
    *at_blk = run.pblk;
    *at = *in_blk;
    return 1;
}

static ext_off_t dir_end(const struct ext_dir *d)
{
    if (ext_inline(&d->f.in))
        return INLINE_DIR_A + (ext_off_t)d->inl_len;
    return d->f.in.size;
}

/* What is wrong with an entry header h of rec_len rec, with room bytes
 * left in its block; NULL when it may be used. */
static const char *dirent_bad(const struct ext_fs *fs, const uint8_t *h,
                              uint32_t rec, uint32_t room)
{
    if (rec == 0)
        return "directory entry rec_len is 0";
    if (rec < DE_HEADER_SIZE || (rec & 3))
        return "directory entry rec_len is not a multiple of 4 >= 8";
    if (rec > room)
        return "directory entry rec_len runs past the block";
    if (h[DE_NAME_LEN] + DE_HEADER_SIZE > rec)
        return "directory entry name_len is longer than its rec_len";
    if (le32(h + DE_INODE) > fs->inodes_count)
        return "directory entry names an inode past the inode count";
    if (le32(h + DE_INODE) && !h[DE_NAME_LEN])
        return "directory entry has an empty name";
    return NULL;
}

/* The next live entry before byte `stop`. Every entry is checked against
 * its block before use; each pass moves d->pos forward by at least 8
 * bytes or past a hole's run, so the walk is bounded by the directory
 * size, which ext_dir_open() holds to the filesystem's. */
/*@ assigns *fs, *d, *r; */
static int dir_step(struct ext_fs *fs, struct ext_dir *d, ext_off_t stop,
                    struct dirent_raw *r)
{
    ext_off_t end = dir_end(d);

    if (stop < end)
        end = stop;
    while (d->pos < end) {
        ext_blk_t at_blk = 0, pblk = 0;
        uint32_t at = 0, in_blk = 0, blk_len = 0, rec = 0;
        uint8_t h[DE_HEADER_SIZE] = { 0 };
        const char *bad;
        int rc = dir_locate(fs, d, &at_blk, &at, &in_blk, &blk_len, &pblk);

        if (rc <= 0) {
            if (rc < 0)
                return rc;
            continue;
        }
        if (blk_len - in_blk < DE_HEADER_SIZE)
            return ext_fail(fs, EXT_ECORRUPT, d->f.in.ino, pblk,
                            "directory entry header runs past the block");
        rc = ext_bytes(fs, at_blk, at, h, DE_HEADER_SIZE);
        if (rc)
            return rc;
        rec = rec_len_decode(fs, le16(h + DE_REC_LEN));
        bad = dirent_bad(fs, h, rec, blk_len - in_blk);
        if (bad)
            return ext_fail(fs, EXT_ECORRUPT, d->f.in.ino, pblk, bad);
        d->pos += rec;
        r->ino = le32(h + DE_INODE);
        if (!r->ino)
            continue;
        /* Linux's lookup refuses the reserved inodes (the journal, the
         * resize inode, ...): only the root and s_first_ino on. */
        if (r->ino != EXT_ROOT_INO && r->ino < fs->first_ino)
            return ext_fail(fs, EXT_ERESERVED, d->f.in.ino, pblk,
                            "directory entry names a reserved inode (1, "
                            "or 3 to s_first_ino - 1)");
        r->name_blk = at_blk;
        r->name_off = at + DE_NAME;
        r->name_len = h[DE_NAME_LEN];
        r->ftype = h[DE_FILE_TYPE];
        return 1;
    }
    return 0;
}

static uint8_t type_char(const struct ext_fs *fs, uint8_t ftype)
{
    static const char types[] = "?-dcbpsl";

    if (!(fs->incompat & INCOMPAT_FILETYPE) || ftype > 7)
        return '?';
    return (uint8_t)types[ftype];
}

/* e from the entry r: 0, or the error reading its name. */
static int dirent_fill(struct ext_fs *fs, const struct dirent_raw *r,
                       struct ext_dirent *e)
{
    int rc = ext_bytes(fs, r->name_blk, r->name_off, e->name, r->name_len);

    if (rc)
        return rc;
    e->name[r->name_len] = 0;
    e->name_len = r->name_len;
    e->ino = r->ino;
    e->type = type_char(fs, r->ftype);
    return 0;
}

int ext_dir_next(struct ext_fs *fs, struct ext_dir *d, struct ext_dirent *e)
{
    struct dirent_raw r;
    int rc;

    if (ext_inline(&d->f.in) && d->dots < 2) {
        /* Inline directories store no "." or ".." entries. */
        e->ino = d->dots ? le32(d->f.in.iblock + INLINE_DIR_PARENT)
                         : d->f.in.ino;
        e->type = 'd';
        e->name_len = (uint8_t)(d->dots + 1);
        memcpy(e->name, "..", 2);
        e->name[e->name_len] = 0;
        d->dots++;
        return 1;
    }
#if EXT_FAST_COMMIT
    /* Entries a fast commit unlinked or replaced are skipped (each step
     * moves d->pos on); the ones it added follow the disk's. */
    while ((rc = dir_step(fs, d, EXT_OFF_MAX, &r)) > 0) {
        rc = dirent_fill(fs, &r, e);
        if (!rc && ext_fc_on(fs))
            rc = ext_fc_hides(fs, d->f.in.ino, e);
        if (rc <= 0)
            return rc ? rc : 1;
    }
    if (!rc && ext_fc_on(fs))
        rc = ext_fc_next(fs, d, e);
    return rc;
#else
    rc = dir_step(fs, d, EXT_OFF_MAX, &r);
    if (rc <= 0)
        return rc;
    rc = dirent_fill(fs, &r, e);
    return rc ? rc : 1;
#endif
}

/* Compare a name on disk with the one sought, a chunk at a time. Out of
 * line: the chunk is on the stack only while a name is compared. */
/*@ requires \valid(fs) && \valid_read(name + (0 .. len - 1));
    assigns *fs; */
__attribute__((noinline))
static int name_eq(struct ext_fs *fs, ext_blk_t blk, uint32_t at,
                   const char *name, uint32_t len)
{
    uint8_t chunk[32] = { 0 };

    /*@ loop invariant len <= \at(len, Pre);
        loop invariant name == \at(name, Pre) + (\at(len, Pre) - len);
        loop assigns len, at, name, *fs, chunk[0 .. 31]; */
    while (len) {
        uint32_t n = len < sizeof(chunk) ? len : sizeof(chunk), i;
        int rc = ext_bytes(fs, blk, at, chunk, n);

        if (rc)
            return rc;
        /* A byte at a time: WP (make prove) proves each read of name
         * from the contract; memcmp's would also need name's bytes
         * proven initialized up the caller chain. */
        /*@ loop invariant i <= n;
            loop invariant name == \at(name, LoopEntry) + i;
            loop assigns i, name; */
        for (i = 0; i < n; i++)
            if (chunk[i] != (uint8_t)*name++)
                return 0;
        at += n;
        len -= n;
    }
    return 1;
}

#if EXT_FAST_COMMIT
/*@ requires \valid(fs) && \valid_read(name + (0 .. len - 1));
    assigns *fs; */
int ext_name_eq(struct ext_fs *fs, ext_blk_t blk, uint32_t at,
                const char *name, uint32_t len)
{
    return name_eq(fs, blk, at, name, len);
}
#endif

/* Walk entries from d->pos up to `stop` looking for name. */
/*@ requires \valid(fs) && \valid(d) && \valid(ino);
    requires \valid_read(name + (0 .. name_len - 1));
    assigns *fs, *d, *ino; */
static int dir_scan(struct ext_fs *fs, struct ext_dir *d, ext_off_t stop,
                    const char *name, uint32_t name_len, uint32_t *ino)
{
    /* Zeroed for gcc 12's -flto, which inlines dir_step and then calls
     * r maybe-uninitialized (dir_step fills it whenever it returns 1). */
    struct dirent_raw r = { 0 };
    int rc;

    /*@ loop assigns rc, r, *fs, *d; */
    while ((rc = dir_step(fs, d, stop, &r)) > 0) {
        if (r.name_len != name_len)
            continue;
        rc = name_eq(fs, r.name_blk, r.name_off, name, name_len);
        if (rc < 0)
            return rc;
        if (rc) {
            *ino = r.ino;
            return 1;
        }
    }
    return rc;
}

/*@ requires \valid(fs) && \valid(d) && \valid(ino);
    requires \valid_read(name + (0 .. name_len - 1));
    assigns *fs, *d, *ino; */
int ext_dirblk_find(struct ext_fs *fs, struct ext_dir *d, ext_blk_t lblk,
                    const char *name, uint32_t name_len, uint32_t *ino)
{
    d->pos = ext_pos(fs, lblk);
    return dir_scan(fs, d, d->pos + ext_blk_size(fs), name, name_len, ino);
}

/*@ requires \valid(fs) && \valid(d) && \valid(ino);
    requires \valid_read(name + (0 .. name_len - 1));
    assigns *fs, *d, *ino; */
int ext_dir_find(struct ext_fs *fs, struct ext_dir *d, const char *name,
                 uint32_t name_len, uint32_t *ino)
{
    const struct ext_inode *dir = &d->f.in;
    int rc = dir_open(fs, dir, d);

    if (rc)
        return rc;
#if EXT_FAST_COMMIT
    if (ext_fc_on(fs)) {
        rc = ext_fc_find(fs, dir->ino, name, name_len, ino);
        if (rc != 2)
            return rc;
    }
#endif
    if (ext_inline(dir)) {
        /* "." or "..": byte tests, which WP (make prove) proves in the
         * name's bounds (a memcmp would need its bytes proven
         * initialized too). */
        if (name_len && name_len <= 2 && name[0] == '.' &&
            name[name_len - 1] == '.') {
            *ino = name_len == 1 ? dir->ino
                                 : le32(dir->iblock + INLINE_DIR_PARENT);
            return 1;
        }
    } else if (EXT_HTREE && (fs->compat & COMPAT_DIR_INDEX) &&
               (dir->flags & IFL_INDEX) &&
               !(dir->flags & IFL_CASEFOLD)) {
        /* A casefolded directory hashes the folded name; looking up the
         * exact bytes, only the linear walk is sure to see them. */
        rc = ext_htree_find(fs, d, name, name_len, ino);
        if (rc != 2)
            return rc;
        d->pos = 0;                /* the tree is unusable: walk it all */
    }
    return dir_scan(fs, d, EXT_OFF_MAX, name, name_len, ino);
}
