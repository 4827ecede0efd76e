/* Hash-tree (dir_index) lookup: O(depth) blocks instead of the whole
 * directory. Anything odd about the tree falls back to the linear walk,
 * which reads the same entries; only checksum and I/O errors are final. */
#include "ext_priv.h"

#if EXT_HTREE

#define DX_FALLBACK 2

struct dx_node {
    ext_blk_t blk;                /* the node's block */
    uint32_t count_off;           /* where limit, count sit */
    uint32_t count;
};

/*@ assigns *fs, *d, *n; */
__attribute__((noinline))          /* its buffers off the leaf scan's path */
static int dx_open(struct ext_fs *fs, struct ext_dir *d, uint32_t lblk,
                   uint32_t count_off, struct dx_node *n)
{
    struct ext_run run;
    uint8_t c[DX_ENTRY_SIZE] = { 0 };
    int rc;

    memset(n, 0, sizeof(*n));     /* defined on every return */
    rc = ext_map(fs, &d->f, lblk, &run);
    if (rc)
        return rc;
    if (!run.pblk)
        return DX_FALLBACK;
    rc = ext_dirblk_verify(fs, d, lblk, run.pblk);
    if (!rc)
        rc = ext_bytes(fs, run.pblk, count_off, c, DX_ENTRY_SIZE);
    if (rc)
        return rc;
    n->blk = run.pblk;
    n->count_off = count_off;
    n->count = le16(c + DXC_COUNT);
    if (!n->count || n->count > le16(c + DXC_LIMIT) ||
        count_off + DX_ENTRY_SIZE * le16(c + DXC_LIMIT) > ext_blk_size(fs))
        return DX_FALLBACK;
    return 0;
}

/* dx entry i: hash (4), block (4); entry 0's hash slot holds limit/count
 * and its hash counts as 0. */
/*@ assigns *fs, *hash, *blk; */
static int dx_entry(struct ext_fs *fs, const struct dx_node *n, uint32_t i,
                    uint32_t *hash, uint32_t *blk)
{
    uint8_t e[DX_ENTRY_SIZE] = { 0 };
    int rc = ext_bytes(fs, n->blk, n->count_off + DX_ENTRY_SIZE * i, e,
                       DX_ENTRY_SIZE);

    *hash = i ? le32(e + DXE_HASH) : 0;
    *blk = le32(e + DXE_BLOCK) & 0x0FFFFFFF;
    return rc;
}

/* The last entry whose hash is <= h, and the entry after it. */
/*@ assigns *fs, *i_out; */
static int dx_search(struct ext_fs *fs, const struct dx_node *n, uint32_t h,
                     uint32_t *i_out)
{
    uint32_t lo = 1, hi = n->count, eh, eb;

    *i_out = 0;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int rc = dx_entry(fs, n, mid, &eh, &eb);

        if (rc)
            return rc;
        if (eh <= h) {
            *i_out = mid;
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return 0;
}

/*@ requires \valid(fs) && \valid(d) && \valid(ino);
    requires \valid_read(name + (0 .. name_len - 1));
    assigns *fs, *d, *ino; */
int ext_htree_find(struct ext_fs *fs, struct ext_dir *d, const char *name,
                   uint32_t name_len, uint32_t *ino)
{
    uint32_t levels, version, hash, i, eh, blk = 0, lvl, tries;
    uint32_t max_levels = (fs->incompat & INCOMPAT_LARGEDIR) ? 3 : 2;
    ext_off_t blocks = d->f.in.size >> fs->blk_shift;
    struct dx_node n;
    uint8_t info[DXI_SIZE] = { 0 };
    int rc;

    rc = dx_open(fs, d, 0, DX_ROOT_INFO + DXI_SIZE, &n);
    if (rc)
        return rc;
    rc = ext_bytes(fs, n.blk, DX_ROOT_INFO, info, sizeof(info));
    if (rc)
        return rc;
    version = info[DXI_HASH_VERSION];
    levels = info[DXI_INDIRECT_LEVELS];
    if (le32(info + DXI_RESERVED_ZERO) || info[DXI_INFO_LENGTH] != DXI_SIZE ||
        levels >= max_levels || version > 2)
        return DX_FALLBACK;
    if (fs->hash_unsigned)
        version += 3;
    hash = ext_dx_hash(name, name_len, version, fs->hash_seed);

    /*@ loop assigns lvl, rc, i, eh, blk, n, *fs, *d; */
    for (lvl = 0;; lvl++) {
        rc = dx_search(fs, &n, hash, &i);
        if (!rc)
            rc = dx_entry(fs, &n, i, &eh, &blk);
        if (rc)
            return rc;
        if (blk == 0 || blk >= blocks)
            return DX_FALLBACK;
        if (lvl == levels)
            break;
        rc = dx_open(fs, d, blk, DX_NODE_ENTRIES, &n);
        if (rc)
            return rc;
    }

    /* The leaf; names whose hashes collide may continue in the next leaf,
     * whose index entry then has bit 0 set. */
    /*@ loop assigns tries, rc, i, blk, *fs, *d, *ino; */
    for (tries = 0; tries < n.count; tries++) {
        uint32_t next_hash, next_blk;

        rc = ext_dirblk_find(fs, d, blk, name, name_len, ino);
        if (rc)
            return rc;
        if (++i >= n.count)
            return levels ? DX_FALLBACK : 0;
        rc = dx_entry(fs, &n, i, &next_hash, &next_blk);
        if (rc)
            return rc;
        if ((next_hash & ~1u) != hash || !(next_hash & 1))
            return 0;
        blk = next_blk;
        if (blk == 0 || blk >= blocks)
            return DX_FALLBACK;
    }
    return 0;
}

#endif
