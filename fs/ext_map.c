/* Logical to physical block mapping: ext2/3 block maps and ext4 extents.
 * Each call answers with the longest run it can see from what one
 * metadata sector (or one extent) says, so reads stay long. */
#include "ext_priv.h"

#define NDIR 12u                     /* i_block[0..11] map blocks 0..11 */
#define EH_MAGIC 0xF30Au
#define EH_MAX_DEPTH 5u
#define EXT_INIT_MAX_LEN 32768u      /* ee_len above this: uninitialized */

/* ---- block maps ---------------------------------------------------- */

static int ptr_at(struct ext_fs *fs, uint64_t blk, uint64_t idx, uint32_t *v)
{
    uint8_t b[4];
    int rc = ext_bytes(fs, (blk << fs->blk_shift) + idx * 4, b, 4);

    *v = le32(b);
    return rc;
}

/* A pointer read from an indirect block: 0 is a hole; anything else must
 * lie inside the filesystem and must not point back at the block that
 * holds it (an indirect block pointing to itself). */
static int ptr_check(struct ext_fs *fs, const struct ext_file *f,
                     uint32_t ptr, uint64_t holder)
{
    if (!ptr)
        return 0;
    if (ptr == holder)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, ptr,
                        "indirect block points to itself");
    return ext_blk_check(fs, f->in.ino, ptr);
}

/* Extend a run over the following pointers of the same sector while they
 * stay contiguous (or stay holes). */
static int run_extend(struct ext_fs *fs, const struct ext_file *f,
                      uint64_t blk, uint64_t idx, uint64_t last,
                      struct ext_run *run)
{
    uint64_t per_sector = BLOCKDEV_SECTOR / 4;
    uint64_t end = (idx / per_sector + 1) * per_sector;

    if (end > last)
        end = last;
    for (idx++; idx < end; idx++) {
        uint32_t p;
        int rc = ptr_at(fs, blk, idx, &p);

        if (rc)
            return rc;
        if (run->pblk ? p != run->pblk + run->len : p != 0)
            break;
        rc = ptr_check(fs, f, p, blk);
        if (rc)
            return rc;
        run->len++;
    }
    return 0;
}

/* Pointer idx of the remembered double-indirect block. Between two of
 * its single-indirect blocks the sector buffer holds their pointers, so
 * the next few of its own are kept from the last read of its sector:
 * a sequential read re-reads that sector once per 8 indirect blocks. */
static int dind_ptr(struct ext_fs *fs, struct ext_file *f, uint64_t idx,
                    uint32_t *p)
{
    uint32_t at, i;
    int rc;

    if (idx - f->win_first < f->win_n) {
        *p = f->win[idx - f->win_first];
        return 0;
    }
    rc = ptr_at(fs, f->ind_pblk[1], idx, p);
    if (rc)
        return rc;
    at = (uint32_t)(((f->ind_pblk[1] << fs->blk_shift) + idx * 4) &
                    (BLOCKDEV_SECTOR - 1));
    for (i = 0; i < 8 && at + 4 * i < BLOCKDEV_SECTOR; i++)
        f->win[i] = le32(fs->buf + at + 4 * i);
    f->win_first = idx;
    f->win_n = i;
    return 0;
}

/*
 * i_block[12] maps the next ppb blocks through one indirect block,
 * i_block[13] the next ppb^2 through a double-indirect one, i_block[14]
 * the next ppb^3 through a triple-indirect one (ppb = block size / 4).
 * f->ind_* remember the last single-indirect block (level 0) and the last
 * double-indirect block (level 1), so a sequential read goes back to the
 * top only when it leaves them.
 */
static int map_blockmap(struct ext_fs *fs, struct ext_file *f, uint64_t lblk,
                        struct ext_run *run)
{
    uint32_t shift = fs->blk_shift - 2;
    uint64_t ppb = 1ull << shift;
    uint64_t base, span, blk = 0, idx;
    uint32_t p, level;
    int rc;

    if (lblk < NDIR) {
        run->pblk = le32(f->in.iblock + 4 * lblk);
        run->len = 1;
        rc = ext_blk_check(fs, f->in.ino, run->pblk);
        if (!run->pblk)
            rc = 0;
        while (!rc && lblk + run->len < NDIR) {
            p = le32(f->in.iblock + 4 * (lblk + run->len));
            if (run->pblk ? p != run->pblk + run->len || !ext_blk_ok(fs, p)
                          : p != 0)
                break;
            run->len++;
        }
        return rc;
    }

    if (f->ind_pblk[0] && lblk - f->ind_base[0] < ppb) {
        blk = f->ind_pblk[0];
        base = f->ind_base[0];
    } else if (f->ind_pblk[1] && lblk - f->ind_base[1] < ppb * ppb) {
        base = f->ind_base[1];
        idx = (lblk - base) >> shift;
        rc = dind_ptr(fs, f, idx, &p);
        if (!rc)
            rc = ptr_check(fs, f, p, f->ind_pblk[1]);
        if (rc)
            return rc;
        blk = p;
        base += idx << shift;
        span = ppb;
        if (!blk)
            goto hole;
    } else {
        /* From the top: which of i_block[12..14] covers lblk. */
        base = NDIR;
        span = ppb;
        for (level = 0; level < 3; level++) {
            if (lblk - base < span)
                break;
            base += span;
            span <<= shift;
        }
        if (level == 3)
            return ext_fail(fs, EXT_ECORRUPT, f->in.ino, 0,
                            "file size is past what a block map can "
                            "address");
        blk = le32(f->in.iblock + 4 * (NDIR + level));
        rc = ext_blk_check(fs, f->in.ino, blk);
        if (!blk)
            goto hole;
        if (rc)
            return rc;
        /* Walk down to the single-indirect block holding lblk's pointer. */
        while (level--) {
            uint64_t holder = blk;

            span >>= shift;
            idx = (lblk - base) / span;
            if (level == 0) {
                /* holder is a double-indirect block: remember it. */
                if (f->ind_pblk[1] != holder)
                    f->win_n = 0;
                f->ind_pblk[1] = holder;
                f->ind_base[1] = base;
                rc = dind_ptr(fs, f, idx, &p);
            } else {
                rc = ptr_at(fs, holder, idx, &p);
            }
            if (!rc)
                rc = ptr_check(fs, f, p, holder);
            if (rc)
                return rc;
            base += idx * span;
            blk = p;
            if (!blk)
                goto hole;
        }
    }
    f->ind_pblk[0] = blk;
    f->ind_base[0] = base;
    idx = lblk - base;
    rc = ptr_at(fs, blk, idx, &p);
    if (!rc)
        rc = ptr_check(fs, f, p, blk);
    if (rc)
        return rc;
    run->pblk = p;
    run->len = 1;
    return run_extend(fs, f, blk, idx, ppb, run);

hole:
    run->pblk = 0;
    run->len = base + span - lblk;
    return 0;
}

/* ---- extents --------------------------------------------------------- */

/* One node of an extent tree: in i_block (blk 0) or in a block. */
struct ext_node {
    uint64_t blk;
    uint32_t entries;
    uint32_t depth;
};

static int node_entry(struct ext_fs *fs, const struct ext_file *f,
                      const struct ext_node *n, uint32_t i, uint8_t e[12])
{
    uint32_t at = 12 + 12 * i;

    if (!n->blk) {
        memcpy(e, f->in.iblock + at, 12);
        return 0;
    }
    return ext_bytes(fs, (n->blk << fs->blk_shift) + at, e, 12);
}

/* Header checks: magic, entries <= max <= what fits where the node lives,
 * the depth the parent expects; then the tail crc32c after max entries. */
static int node_open(struct ext_fs *fs, const struct ext_file *f,
                     uint64_t blk, int32_t want_depth, struct ext_node *n)
{
    uint32_t room = blk ? ext_blk_size(fs) : sizeof(f->in.iblock);
    uint8_t h[12];
    uint32_t max, crc, stored;
    int rc;

    if (blk) {
        rc = ext_bytes(fs, blk << fs->blk_shift, h, sizeof(h));
        if (rc)
            return rc;
    } else {
        memcpy(h, f->in.iblock, sizeof(h));
    }
    n->blk = blk;
    n->entries = le16(h + 2);
    max = le16(h + 4);
    n->depth = le16(h + 6);
    if (le16(h) != EH_MAGIC)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, blk,
                        "extent header magic is not 0xF30A");
    if (n->entries > max || 12 + 12 * max > room)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, blk,
                        "extent node holds more entries than fit");
    if (n->depth > EH_MAX_DEPTH)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, blk,
                        "extent tree deeper than 5 levels");
    if (want_depth >= 0 && n->depth != (uint32_t)want_depth)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, blk,
                        "extent node depth does not decrease by one "
                        "(a cycle in the tree?)");
    if (!blk || !ext_has_csum(fs))
        return 0;
    if (12 + 12 * max + 4 > room)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, blk,
                        "no room for the extent block checksum");
    crc = ext_inode_seed(fs, f->in.ino, f->in.gen);
    rc = ext_crc32c_span(fs, blk << fs->blk_shift, 12 + 12 * max, &crc);
    if (!rc)
        rc = ext_bytes(fs, (blk << fs->blk_shift) + 12 + 12 * max, h, 4);
    if (rc)
        return rc;
    stored = le32(h);
    if (crc != stored)
        return ext_fail(fs, EXT_ECSUM, f->in.ino, blk,
                        "extent block checksum mismatch");
    return 0;
}

/* Binary search: the last entry whose first logical block is <= lblk, or
 * entries when lblk is before them all. Also the next entry's start.
 * The hint (the entry after the last one found) is tried first: a
 * sequential read finds its extent there without touching the leaf's
 * other sectors. */
static int node_search(struct ext_fs *fs, const struct ext_file *f,
                       const struct ext_node *n, uint64_t lblk,
                       uint32_t hint, uint32_t *found, uint64_t *next_start,
                       uint8_t e[12])
{
    uint32_t lo = 0, hi = n->entries;   /* answer in [lo, hi) */
    int rc;

    *found = n->entries;
    if (hint < n->entries) {
        rc = node_entry(fs, f, n, hint, e);
        if (rc)
            return rc;
        if (le32(e) <= lblk) {
            *found = hint;
            lo = hint + 1;
            if (lo < hi) {
                rc = node_entry(fs, f, n, lo, e);
                if (rc)
                    return rc;
                if (le32(e) > lblk)
                    hi = lo;
            }
        } else {
            hi = hint;
        }
    }
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;

        rc = node_entry(fs, f, n, mid, e);
        if (rc)
            return rc;
        if (le32(e) <= lblk) {
            *found = mid;
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (*found + 1 < n->entries) {
        rc = node_entry(fs, f, n, *found + 1, e);
        if (rc)
            return rc;
        *next_start = le32(e);
    }
    if (*found < n->entries)
        return node_entry(fs, f, n, *found, e);
    if (n->entries) {
        rc = node_entry(fs, f, n, 0, e);
        if (rc)
            return rc;
        *next_start = le32(e);
    }
    return 0;
}

static int map_leaf(struct ext_fs *fs, struct ext_file *f,
                    const struct ext_node *n, uint64_t lblk, uint64_t end,
                    struct ext_run *run)
{
    uint8_t e[12];
    uint32_t i, len;
    uint64_t first, start, next = end;
    int rc = node_search(fs, f, n, lblk, f->leaf_hint, &i, &next, e);

    if (rc)
        return rc;
    f->leaf_hint = i + 1;
    run->pblk = 0;
    run->len = next - lblk;
    if (next <= lblk)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, n->blk,
                        "extents are not in logical order");
    if (i == n->entries)
        return 0;                    /* before the first extent: a hole */
    first = le32(e);
    len = le16(e + 4);
    if (len > EXT_INIT_MAX_LEN)
        len -= EXT_INIT_MAX_LEN;
    if (lblk >= first + len)
        return 0;                    /* a gap after this extent */
    start = (uint64_t)le16(e + 6) << 32 | le32(e + 8);
    if (!len || !ext_blk_ok(fs, start) || start + len > fs->blocks_count)
        return ext_fail(fs, EXT_ERANGE, f->in.ino, start,
                        "extent maps blocks outside the filesystem");
    run->len = first + len - lblk;
    if (le16(e + 4) <= EXT_INIT_MAX_LEN)
        run->pblk = start + (lblk - first);
    return 0;
}

/* Descend from the root to the leaf covering lblk. Depth <= 5 and
 * strictly decreasing bounds the walk; the leaf found is cached with the
 * logical range its parent index gives it. */
static int map_extents(struct ext_fs *fs, struct ext_file *f, uint64_t lblk,
                       struct ext_run *run)
{
    struct ext_node n;
    uint64_t first = 0, end = 1ull << 32;
    uint8_t e[12];
    int rc;

    if (lblk >= end)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, 0,
                        "file size is past what extents can address");
    if (f->leaf_pblk && lblk >= f->leaf_first && lblk < f->leaf_end) {
        n.blk = f->leaf_pblk;          /* checked when it was cached */
        n.entries = f->leaf_entries;
        n.depth = 0;
        return map_leaf(fs, f, &n, lblk, f->leaf_end, run);
    }
    rc = node_open(fs, f, 0, -1, &n);
    while (!rc && n.depth) {
        uint32_t i;
        uint64_t next = end, child;

        rc = node_search(fs, f, &n, lblk, UINT32_MAX, &i, &next, e);
        if (rc)
            return rc;
        if (i == n.entries) {
            run->pblk = 0;
            run->len = next - lblk;
            return 0;
        }
        if (next <= lblk)
            return ext_fail(fs, EXT_ECORRUPT, f->in.ino, n.blk,
                            "extent index is not in logical order");
        first = le32(e);
        end = next;
        child = (uint64_t)le16(e + 8) << 32 | le32(e + 4);
        rc = ext_blk_check(fs, f->in.ino, child);
        if (!rc)
            rc = node_open(fs, f, child, (int32_t)n.depth - 1, &n);
    }
    if (rc)
        return rc;
    if (n.blk) {
        f->leaf_pblk = n.blk;
        f->leaf_first = first;
        f->leaf_end = end;
        f->leaf_entries = n.entries;
        f->leaf_hint = 0;
    }
    return map_leaf(fs, f, &n, lblk, end, run);
}

int ext_map(struct ext_fs *fs, struct ext_file *f, uint64_t lblk,
            struct ext_run *run)
{
    int rc;

    if (f->run_len && lblk - f->run_lblk < f->run_len) {
        uint64_t skip = lblk - f->run_lblk;

        run->pblk = f->run_pblk ? f->run_pblk + skip : 0;
        run->len = f->run_len - skip;
        return 0;
    }
    if (f->in.flags & IFL_EXTENTS)
        rc = map_extents(fs, f, lblk, run);
    else
        rc = map_blockmap(fs, f, lblk, run);
    if (rc) {
        f->run_len = 0;
        return rc;
    }
    f->run_lblk = lblk;
    f->run_pblk = run->pblk;
    f->run_len = run->len;
    return 0;
}
