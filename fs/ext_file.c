/* File data: open, read, load, readlink. */
#include "ext_priv.h"

/* A fast symlink keeps its target in i_block (decided at inode read). */
/*@ assigns \nothing; */
static bool fast_symlink(const struct ext_inode *in)
{
    return ext_is_link(in) && in->fast_link;
}

/*@ assigns *fs, *f; */
int ext_file_open(struct ext_fs *fs, const struct ext_inode *in,
                  struct ext_file *f)
{
    _Static_assert(offsetof(struct ext_file, in) == 0,
                   "the map state follows the inode");

    /* in may be f's own inode (ext_open looks it up in place). */
    if (in != &f->in)
        f->in = *in;
    memset((uint8_t *)f + sizeof(f->in), 0, sizeof(*f) - sizeof(f->in));
    in = &f->in;
    if (in->flags & IFL_ENCRYPT)
        return ext_fail(fs, EXT_EUNSUPP, in->ino, 0,
                        "inode is encrypted");
    /* Without EXT_INLINE the feature fails the mount: the flag alone is
     * refused. */
    if ((in->flags & IFL_INLINE_DATA) &&
        !(EXT_INLINE && (fs->incompat & INCOMPAT_INLINE_DATA)))
        return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                        "inline-data inode on a filesystem without "
                        "inline_data");
    if (EXT_INLINE && (in->flags & IFL_EXTENTS) &&
        (in->flags & IFL_INLINE_DATA))
        return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                        "inode claims both extents and inline data");
    /* i_size no larger than the map can address: 2^32 blocks for an
     * extent tree, 12 + p + p^2 + p^3 for a block map (p pointers per
     * block), and that too at most 2^32 (Linux's logical block numbers,
     * ext4_lblk_t, are 32-bit). Inline data and fast links are bounded
     * where read. */
    if (!ext_inline(in) && !fast_symlink(in)) {
        uint32_t s = fs->blk_shift - 2;
        uint32_t last = UINT32_MAX;   /* the last block it may reach */

        if (!(in->flags & IFL_EXTENTS) && 3 * s < 32)
            last = I_NDIR_BLOCKS - 1 + (1u << s) + (1u << 2 * s) +
                   (1u << 3 * s);
        if (in->size && (in->size - 1) >> fs->blk_shift > last)
            return ext_fail(fs, EXT_EFBIG, in->ino, 0,
                            "i_size is past what the file's block map or "
                            "extent tree can address");
    }
    return 0;
}

/*@ requires \valid(fs) && \valid(f);
    requires \valid(dst + (0 .. len - 1));
    assigns *fs, dst[0 .. len - 1];
    ensures \result <= len; */
static int32_t read_small(struct ext_fs *fs, struct ext_file *f, ext_off_t off,
                          uint8_t *dst, uint32_t len)
{
    uint32_t head = 0, i;

    if (off < sizeof(f->in.iblock)) {
        head = sizeof(f->in.iblock) - (uint32_t)off;
        if (head > len)
            head = len;
        /* A byte at a time: WP proves these stores in dst's len bytes,
         * but not memcpy's (its pointer cast to char *, make prove). */
        /*@ loop invariant i <= head;
            loop assigns i, dst[0 .. head - 1]; */
        for (i = 0; i < head; i++)
            dst[i] = f->in.iblock[off + i];
    }
    if (EXT_INLINE && head < len) {
        uint32_t at, have;
        int rc = ext_inline_find(fs, &f->in, &at, &have);

        off += head;
        if (!rc && off - sizeof(f->in.iblock) + (len - head) > have)
            rc = ext_fail(fs, EXT_ECORRUPT, f->in.ino, 0,
                          "inline data is shorter than the file size");
        if (!rc)
            rc = ext_bytes(fs, f->in.at_blk,
                           at + (uint32_t)(off - sizeof(f->in.iblock)),
                           dst + head, len - head);
        if (rc)
            return rc;
    }
    return (int32_t)len;
}

/* Whole sectors collected for one device read. */
struct pending {
    blockdev_lba_t sector;
    uint32_t count;
    uint8_t *dst;
};

/* The count is named once (\let): written as p->count in each term,
 * EVA (make prove) reduced its states by the bound and kept none with
 * a run pending, so it never reached flush's read. */
/*@ predicate pending_in(struct pending *p) =
        \let c = p->count; c == 0 ||
        (c * BLOCKDEV_SECTOR <= UINT32_MAX &&
         \valid(p->dst + (0 .. c * BLOCKDEV_SECTOR - 1)));
    predicate pending_ok(struct pending *p, uint8_t *end) =
        pending_in(p) &&
        (p->count == 0 || p->dst + p->count * BLOCKDEV_SECTOR == end);
*/

/*@ requires \valid(fs) && \valid(p) && \separated(p, fs);
    requires pending_in(p);
    assigns *fs, p->count, p->dst[0 .. p->count * BLOCKDEV_SECTOR - 1];
    ensures p->count == 0 && \result <= 0; */
static int flush(struct ext_fs *fs, struct pending *p)
{
    int rc = 0;

    if (p->count)
        rc = ext_dev_read(fs, p->sector, p->count, p->dst);
    p->count = 0;
    return rc;
}

/*
 * One mapped piece of the file, at byte `at` from the start of block blk:
 *
 *   sector:  |    s0    |    s1    |    s2    |    s3    |
 *   piece:        [head ][ whole sectors ... ][tail]
 *
 * The partial head and tail go through the sector buffer; whole sectors
 * join the pending run when they continue it, so physically contiguous
 * pieces (adjacent extents, consecutive pointers) become one read. At
 * most three passes: head, whole sectors, tail.
 */
/*@ requires \valid(fs) && \valid(p) && \valid(dst + (0 .. n - 1));
    requires \separated(p, fs, dst + (0 .. n - 1));
    requires pending_ok(p, dst);
    requires p->count * BLOCKDEV_SECTOR + n <= UINT32_MAX;
    assigns *fs, *p, (p->count ? p->dst : dst)
                     [0 .. p->count * BLOCKDEV_SECTOR + n - 1];
    ensures pending_ok(p, dst + n) && \result <= 0;
    ensures p->count * BLOCKDEV_SECTOR <=
            \old(p->count) * BLOCKDEV_SECTOR + n; */
static int read_piece(struct ext_fs *fs, struct pending *p, ext_blk_t blk,
                      uint32_t at, uint8_t *dst, uint32_t n)
{
    /*@ loop invariant n <= \at(n, Pre);
        loop invariant dst == \at(dst, Pre) + (\at(n, Pre) - n);
        loop invariant pending_ok(p, dst);
        loop invariant p->count * BLOCKDEV_SECTOR <=
                       \at(p->count, Pre) * BLOCKDEV_SECTOR +
                       (\at(n, Pre) - n);
        loop invariant p->count == 0 || \at(dst, Pre) <= p->dst ||
                       (\at(p->count, Pre) && p->dst == \at(p->dst, Pre));
        loop assigns n, at, dst, *fs, *p,
                     (\at(p->count, Pre) ? \at(p->dst, Pre) : \at(dst, Pre))
                     [0 .. \at(p->count, Pre) * BLOCKDEV_SECTOR +
                           \at(n, Pre) - 1]; */
    while (n) {
        uint32_t in = at & (BLOCKDEV_SECTOR - 1);
        uint32_t take = BLOCKDEV_SECTOR - in;
        int rc;

        if (!in && n >= BLOCKDEV_SECTOR) {
            uint32_t whole = n / BLOCKDEV_SECTOR;
            blockdev_lba_t s = ext_blk_sector(fs, blk) + at / BLOCKDEV_SECTOR;

            /* A pending run ends at dst (the pieces are consecutive in
             * the destination), so it goes on when its sectors do. */
            if (p->count &&
                (p->sector + p->count != s ||
                 p->count > UINT32_MAX - whole)) {
                rc = flush(fs, p);
                if (rc)
                    return rc;
            }
            if (!p->count) {
                p->sector = s;
                p->dst = dst;
            }
            /*@ assert whole * BLOCKDEV_SECTOR <= n &&
                       p->count + whole <= UINT32_MAX; */
            p->count += whole;
            take = whole * BLOCKDEV_SECTOR;
        } else {
            if (take > n)
                take = n;
            rc = flush(fs, p);
            if (!rc)
                rc = ext_bytes(fs, blk, at, dst, take);
            if (rc)
                return rc;
        }
        at += take;
        dst += take;
        n -= take;
    }
    return 0;
}

/* Bounded: each pass consumes at least one mapped run, so the passes are
 * at most the blocks spanned by [off, off + len) plus one. */
/*@ requires \valid(fs) && \valid(f);
    requires \valid((uint8_t *)dst + (0 .. len - 1));
    requires \separated(fs, f, (uint8_t *)dst + (0 .. len - 1));
    assigns *fs, *f, ((uint8_t *)dst)[0 .. len - 1];
    ensures \result <= len; */
int32_t ext_read(struct ext_fs *fs, struct ext_file *f, ext_off_t off,
                 void *dst, uint32_t len)
{
    uint8_t *out = dst;
    uint32_t done = 0;
    struct pending p = { 0, 0, NULL };
    uint32_t bs = ext_blk_size(fs);
    int rc = 0;

    if (off >= f->in.size)
        return 0;
    if (len > INT32_MAX)
        len = INT32_MAX;
    if (len > f->in.size - off)
        len = (uint32_t)(f->in.size - off);
    if (ext_inline(&f->in) || fast_symlink(&f->in))
        return read_small(fs, f, off, out, len);

    /* g: done as a 64-bit ghost, so that out + g needs no proof that
     * done + n did not wrap (WP, make prove). */
    /*@ ghost uint64_t g = 0; */
    /*@ loop invariant done <= len && g == done && rc <= 0;
        loop invariant pending_ok(&p, out + g) &&
                       p.count * BLOCKDEV_SECTOR <= done;
        loop assigns done, g, rc, p, *fs, *f, out[0 .. len - 1]; */
    while (!rc && done < len) {
        ext_off_t pos = off + done;
        uint32_t in_blk = (uint32_t)(pos & (bs - 1));
        uint32_t n = len - done;
        struct ext_run run;

        rc = ext_map(fs, f, (ext_blk_t)(pos >> fs->blk_shift), &run);
        if (rc)
            break;
        /* n >= 1 and n + in_blk < 2^32: the run ends before the piece
         * when it is shorter than ceil((n + in_blk) / bs) blocks. */
        if (run.len <= (n - 1 + in_blk) >> fs->blk_shift)
            n = ((uint32_t)run.len << fs->blk_shift) - in_blk;
        /* Never past the caller's len, whatever the run said. */
        if (n > len - done)
            n = len - done;
        if (run.pblk) {
            rc = read_piece(fs, &p, run.pblk, in_blk, out + done, n);
        } else {
            rc = flush(fs, &p);
            memset(out + done, 0, n);
        }
        done += n;
        /*@ ghost g = g + n; */
    }
    if (!rc)
        rc = flush(fs, &p);
    return rc ? rc : (int32_t)done;
}

/*@ requires \valid(fs) && \valid(f);
    requires \valid((uint8_t *)dst + (0 .. max - 1));
    requires \separated(fs, f, (uint8_t *)dst + (0 .. max - 1));
    requires size_out == \null || \valid(size_out);
    assigns *fs, *f, ((uint8_t *)dst)[0 .. max - 1], *size_out; */
int ext_load(struct ext_fs *fs, struct ext_file *f, void *dst, ext_off_t max,
             ext_off_t *size_out)
{
    ext_off_t size = f->in.size, done = 0;

    if (size_out)
        *size_out = size;
    if (ext_is_dir(&f->in))
        return ext_fail(fs, EXT_EISDIR, f->in.ino, 0,
                        "a directory is not a file to load");
    if (size > max)
        return ext_fail(fs, EXT_ETOOBIG, f->in.ino, 0,
                        "file is larger than the space given for it");
    /*@ loop invariant done <= size;
        loop assigns done, *fs, *f, ((uint8_t *)dst)[0 .. max - 1]; */
    while (done < size) {
        ext_off_t want = size - done;
        int32_t got = ext_read(fs, f, done, (uint8_t *)dst + done,
                               want > INT32_MAX ? INT32_MAX
                                                : (uint32_t)want);
        if (got < 0)
            return got;
        if (got == 0)
            break;
        done += (uint32_t)got;
    }
    return 0;
}

#define LINK_NOT_EXACT "symlink target is not exactly i_size bytes (a NUL " \
                       "inside, or none after)"
#define LINK_TOO_BIG "symlink i_size does not fit where its target lives " \
                     "(i_block, or one block)"

/*
 * A symlink's target, checked as Linux and e2fsck check it: not empty; a
 * fast link's i_size below 60; a slow link's below the block size and its
 * block not a hole; the target exactly i_size bytes (no NUL inside, and a
 * fast link's i_block has its NUL right after).
 */
/*@ requires \valid(fs) && \valid(f);
    requires \valid(dst + (0 .. f->in.size - 1));
    requires \separated(fs, f, dst + (0 .. f->in.size - 1));
    assigns *fs, *f, dst[0 .. f->in.size - 1]; */
int ext_link_read(struct ext_fs *fs, struct ext_file *f, char *dst)
{
    const struct ext_inode *in = &f->in;
    struct ext_run run;
    uint32_t size = (uint32_t)in->size, i;
    bool inl = ext_inline(in);
    int32_t got;
    int rc;

    if (!in->size)
        return ext_fail(fs, EXT_ESYMLINK, in->ino, 0,
                        "symlink target is empty");
    if (in->fast_link) {
        if (in->size >= I_BLOCK_SIZE)
            return ext_fail(fs, EXT_ESYMLINK, in->ino, 0, LINK_TOO_BIG);
        if (in->iblock[in->size])
            return ext_fail(fs, EXT_ESYMLINK, in->ino, 0, LINK_NOT_EXACT);
    } else if (!inl && in->size >= ext_blk_size(fs)) {
        return ext_fail(fs, EXT_ESYMLINK, in->ino, 0, LINK_TOO_BIG);
    }
    rc = ext_file_open(fs, in, f);
    /* A hole reads as zeros, which the check below refuses with the
     * same code and place (the block: 0); only its sentence differs. */
    if (EXT_MESSAGES && !rc && !in->fast_link && !inl) {
        rc = ext_map(fs, f, 0, &run);
        if (!rc && !run.pblk)
            rc = ext_fail(fs, EXT_ESYMLINK, in->ino, 0,
                          "slow symlink's block is a hole");
    }
    if (rc)
        return rc;
    got = ext_read(fs, f, 0, dst, size);
    if (got < 0)
        return got;
    /*@ loop invariant 0 <= i <= got;
        loop assigns i; */
    for (i = 0; i < (uint32_t)got && dst[i]; i++)
        ;
    if (i != size)
        return ext_fail(fs, EXT_ESYMLINK, in->ino, f->run_pblk,
                        LINK_NOT_EXACT);
    return 0;
}

int ext_readlink(struct ext_fs *fs, const struct ext_inode *in, char *buf,
                 uint32_t bufsize)
{
    struct ext_file f;
    int rc;

    if (!ext_is_link(in))
        return ext_fail(fs, EXT_EINVAL, in->ino, 0, "not a symbolic link");
    if (in->size >= bufsize)
        return ext_fail(fs, EXT_ENAMETOOLONG, in->ino, 0,
                        "symlink target is too long for the buffer");
    f.in = *in;
    rc = ext_link_read(fs, &f, buf);
    if (!rc)
        buf[in->size] = 0;
    return rc;
}
