/* Logical to physical block mapping: ext2/3 block maps and ext4 extents.
 * Each call answers with the longest run it can see from what one
 * metadata sector (or one extent) says, so reads stay long. */
#include "ext_priv.h"
#include "ext_fc.h"

#define NDIR I_NDIR_BLOCKS

/* Blocks from lblk through last (<= 2^32 - 1, so all of them is one more
 * than ext_blk_t may hold: the run is then as long as it can say). */
static ext_blk_t run_through(ext_blk_t last, ext_blk_t lblk)
{
    ext_blk_t n = last - lblk;

    return n == EXT_BLK_MAX ? n : n + 1;
}

/* ---- block maps ---------------------------------------------------- */

/* Blocks [blk, blk + len) a file's map names: inside the filesystem and
 * outside the system zone (Linux's ext4_inode_block_valid); what the
 * failure says depends on the map (a block map's pointer or an extent). */
static int span_check(struct ext_fs *fs, uint32_t ino, ext_blk_t blk,
                      ext_blk_t len, bool extent)
{
    if (!ext_blk_ok(fs, blk) || len > fs->blocks_count - blk)
        return ext_fail(fs, EXT_ERANGE, ino, blk,
                        extent ? "extent maps blocks outside the filesystem"
                               : "block number outside the filesystem");
    if (ext_blk_sys(fs, blk, len))
        return ext_fail(fs, EXT_ESYSZONE, ino, blk,
                        extent ? "extent points into the system zone "
                                 "(superblock, group descriptors, bitmaps, "
                                 "inode table)"
                               : "block map points into the system zone "
                                 "(superblock, group descriptors, bitmaps, "
                                 "inode table)");
    return 0;
}

/* Pointer idx of the remembered double-indirect block. Between two of
 * its single-indirect blocks the sector buffer holds their pointers, so
 * the next few of its own are kept from the last read of its sector:
 * a sequential read re-reads that sector once per 8 indirect blocks. */
static int dind_ptr(struct ext_fs *fs, struct ext_file *f, uint32_t idx,
                    uint32_t *p)
{
    uint32_t at, i, k = idx - f->win_first;
    int rc;

    if (k >= f->win_n) {
        /* Its sector into the buffer, and from idx on into the window. */
        rc = ext_bytes(fs, f->ind_pblk[1], idx * EXT_PTR_SIZE, NULL,
                       EXT_PTR_SIZE);
        if (rc)
            return rc;
        at = (idx * EXT_PTR_SIZE) & (BLOCKDEV_SECTOR - 1);
        for (i = 0; i < 8 && at < BLOCKDEV_SECTOR; i++, at += EXT_PTR_SIZE)
            f->win[i] = le32(fs->buf + at);
        f->win_first = idx;
        f->win_n = i;
        k = 0;
    }
    *p = f->win[k];
    return 0;
}

/* Pointer idx of a map holder: i_block (holder 0) or an indirect block
 * (the remembered double-indirect one through its window). */
static int ptr_get(struct ext_fs *fs, struct ext_file *f, ext_blk_t holder,
                   uint32_t idx, uint32_t *p)
{
    uint8_t b[EXT_PTR_SIZE] = { 0 };
    int rc;

    if (!holder) {
        *p = le32(f->in.iblock + EXT_PTR_SIZE * idx);
        return 0;
    }
    if (holder == f->ind_pblk[1])
        return dind_ptr(fs, f, idx, p);
    rc = ext_bytes(fs, holder, idx * EXT_PTR_SIZE, b, EXT_PTR_SIZE);
    if (!rc)
        *p = le32(b);
    return rc;
}

/* A pointer read from i_block or an indirect block (its holder): 0 is a
 * hole; anything else must lie inside the filesystem, outside the system
 * zone, and must not point back at the block that holds it (an indirect
 * block pointing to itself). */
static int ptr_check(struct ext_fs *fs, const struct ext_file *f,
                     uint32_t ptr, ext_blk_t holder)
{
    if (!ptr)
        return 0;
    if (ptr == holder)
        return ext_fail(fs, EXT_ECORRUPT, f->in.ino, ptr,
                        "indirect block points to itself");
    return span_check(fs, f->in.ino, ptr, 1, false);
}

/* 2^sh blocks, what one pointer covers sh / log2(ppb) levels up; past
 * 2^32 - 1 only for i_block[14] on 8 KiB blocks or more, where it stays
 * 2^32 - 1, past every logical block. */
static ext_blk_t level_span(uint32_t sh)
{
    return sh < 32 ? (ext_blk_t)1 << sh : UINT32_MAX;
}

/*
 * i_block[0..11] map the first 12 blocks; i_block[12] maps the next ppb
 * through one indirect block, i_block[13] the next ppb^2 through a
 * double-indirect one, i_block[14] the next ppb^3 through a
 * triple-indirect one (ppb = block size / 4). One walk down the levels
 * serves them all: a holder (i_block, or an indirect block at `level`,
 * whose pointers each cover ppb^level blocks from base) gives the pointer
 * covering lblk, until a level-0 pointer names the data block. f->ind_*
 * remember the last single-indirect (level 0) and double-indirect
 * (level 1) blocks, so a sequential read goes back to the top only when
 * it leaves them. The data pointer's run extends over the pointers after
 * it in the same sector while they stay contiguous (or stay holes).
 */
__attribute__((noinline))
static int map_blockmap(struct ext_fs *fs, struct ext_file *f, ext_blk_t lblk,
                        struct ext_run *run)
{
    uint32_t shift = fs->blk_shift - 2;
    uint32_t ppb = 1u << shift;
    ext_blk_t holder = 0, base = 0, span;
    /* p: 0 where a failed read leaves it (ptr_get writes it on success). */
    uint32_t level = 0, idx = 0, end, p = 0;
    int rc;

    if (lblk < NDIR) {
        idx = (uint32_t)lblk;
    } else {
        /* The remembered single-, then double-indirect block. */
        for (; level < 2; level++) {
            if (f->ind_pblk[level] &&
                lblk - f->ind_base[level] < (ext_blk_t)ppb << shift * level)
                break;
        }
        if (level < 2) {
            holder = f->ind_pblk[level];
            base = f->ind_base[level];
        } else {
            /* Which of i_block[12..14] covers lblk. */
            base = NDIR;
            for (level = 1; lblk - base >= (span = level_span(shift * level));
                 level++) {
                if (level == 3)
                    return ext_fail(fs, EXT_ECORRUPT, f->in.ino, 0,
                                    "file size is past what a block map "
                                    "can address");
                base += span;
            }
            idx = I_IND_BLOCK - 1 + level;
        }
    }
    for (;;) {
        /* What one of this holder's pointers covers: ppb^level. */
        uint32_t sh = shift * level;

        span = level_span(sh);
        if (holder) {
            idx = (uint32_t)((lblk - base) >> sh);
            base += (ext_blk_t)idx << sh;
        }
        rc = ptr_get(fs, f, holder, idx, &p);
        if (!rc)
            rc = ptr_check(fs, f, p, holder);
        if (rc)
            return rc;
        if (!level)
            break;
        if (!p) {
            run->pblk = 0;
            run->len = span - (lblk - base);
            return 0;
        }
        holder = p;
        if (--level < 2) {
            if (level && f->ind_pblk[1] != p)
                f->win_n = 0;
            f->ind_pblk[level] = p;
            f->ind_base[level] = base;
        }
    }
    run->pblk = p;
    run->len = 1;
    end = NDIR;
    /* For EVA: i_block's run (end 12) apart from an indirect block's. */
    /*@ split holder == 0; */
    if (holder) {
        end = (idx / (BLOCKDEV_SECTOR / EXT_PTR_SIZE) + 1) *
              (BLOCKDEV_SECTOR / EXT_PTR_SIZE);
        if (end > ppb)
            end = ppb;
    }
    for (idx++; idx < end; idx++) {
        rc = ptr_get(fs, f, holder, idx, &p);
        if (rc)
            return rc;
        if (run->pblk ? p != run->pblk + run->len : p != 0)
            break;
        rc = ptr_check(fs, f, p, holder);
        if (rc)
            return rc;
        run->len++;
    }
    return 0;
}

/* ---- extents --------------------------------------------------------- */

/* One node of an extent tree: in i_block (blk 0) or in a block. */
struct ext_node {
    ext_blk_t blk;
    uint32_t entries;
    uint32_t depth;
    uint32_t checked;             /* entries node_open checked */
};

static uint32_t ee_len(const uint8_t *e)
{
    uint32_t len = le16(e + EE_LEN);

    return len > EE_INIT_MAX_LEN ? len - EE_INIT_MAX_LEN : len;
}

static ext_blk_t ee_start(const uint8_t *e)
{
    return ext_blk_join(le32(e + EE_START_LO), le16(e + EE_START_HI));
}

static ext_blk_t ei_leaf(const uint8_t *e)
{
    return ext_blk_join(le32(e + EI_LEAF_LO), le16(e + EI_LEAF_HI));
}

/*
 * Entry i of node n against the one before it, as Linux's
 * ext4_valid_extent_entries does: the first starts where the parent's
 * index says (parent_first; any for the root), each starts past *last,
 * the last block of the one before (no overlap, no disorder, no shared
 * start), a leaf entry is not empty and does not wrap past 2^32, and the
 * blocks it names are inside the filesystem and outside the system zone.
 * Bounds are inclusive, so 32 bits hold them all.
 */
static int entry_check(struct ext_fs *fs, const struct ext_file *f,
                       const struct ext_node *n, uint32_t i, const uint8_t *e,
                       uint32_t parent_first, ext_blk_t *last)
{
    uint32_t first = le32(e + EE_BLOCK);          /* == EI_BLOCK */
    ext_blk_t pblk = n->depth ? ei_leaf(e) : ee_start(e);
    uint32_t len = n->depth ? 1 : ee_len(e);
    const char *bad = NULL;
    bool prev = i != 0;
    ext_blk_t last_was = *last;

    *last = first + (len - 1);
    if (!prev && n->blk && first != parent_first)
        bad = "extent node's first entry does not start where its index "
              "entry says";
    else if (prev && first <= last_was)
        bad = "extent entries overlap or are out of order";
    else if (!len)
        bad = "extent entry has length 0";
    else if ((uint32_t)*last < first)          /* first + len - 1 wrapped */
        bad = "extent's logical range wraps past 2^32";
    else
        return span_check(fs, f->in.ino, pblk, len, true);
    return ext_fail(fs, EXT_EEXTENT, f->in.ino, n->blk ? n->blk : pblk, bad);
}

/* Entry i of a node, folded into *crc when one is given. Entries of the
 * cached leaf that node_open left unchecked are checked here, in order,
 * as reads reach them. */
static int node_entry_crc(struct ext_fs *fs, struct ext_file *f,
                          const struct ext_node *n, uint32_t i,
                          uint8_t e[EXT_ENTRY_SIZE], uint32_t *crc)
{
    uint32_t at = EH_SIZE + EXT_ENTRY_SIZE * i;
    int rc = 0;

    if (!n->blk)
        memcpy(e, f->in.iblock + at, EXT_ENTRY_SIZE);
    else
        rc = ext_bytes_crc(fs, n->blk, at, e, EXT_ENTRY_SIZE, crc);
    if (!rc && !n->depth && n->blk && n->blk == f->leaf_pblk &&
        i == f->leaf_checked && i < n->entries) {
        rc = entry_check(fs, f, n, i, e, f->leaf_first, &f->leaf_last_seen);
        f->leaf_checked += !rc;
    }
    return rc;
}

static int node_entry(struct ext_fs *fs, struct ext_file *f,
                      const struct ext_node *n, uint32_t i,
                      uint8_t e[EXT_ENTRY_SIZE])
{
    return node_entry_crc(fs, f, n, i, e, NULL);
}

/*
 * Open a node: header checks (magic, entries <= max <= what fits where
 * the node lives, the depth the parent expects, an index node is not
 * empty), then every entry through entry_check(). The same pass streams
 * the block's crc32c (metadata_csum), so checking the entries reads
 * nothing more, and a checksum mismatch is reported before what the
 * entries break. A leaf block without a checksum is the exception: its
 * entries are checked as reads reach them (node_entry_crc), so a
 * sequential read still reads each of its sectors once.
 */
static int node_open(struct ext_fs *fs, struct ext_file *f, ext_blk_t blk,
                     int32_t want_depth, uint32_t parent_first,
                     struct ext_node *n)
{
    uint32_t room = blk ? ext_blk_size(fs) : I_BLOCK_SIZE;
    uint32_t ino = f->in.ino;
    uint8_t h[EH_SIZE] = { 0 };
    uint32_t max, entries, crc = ext_inode_seed(fs, ino, f->in.gen), i;
    /* EXT_CSUM_VERIFY in the tests of pcrc below: 0, they drop what a
     * build without it never runs, for the proof's coverage too. */
    uint32_t *pcrc = ext_has_csum(fs) && blk ? &crc : NULL;
    ext_blk_t last = 0;
    int bad = 0, rc;

    /* Block 0 stands for the root (i_block): an index entry naming it
     * (read again since its node was checked: a card may have changed
     * it) would lead back to the root. Refused before n changes. */
    if (want_depth >= 0 && !blk)
        return ext_fail(fs, EXT_EEXTENT, ino, 0,
                        "extent index entry points to block 0");
    n->blk = blk;
    n->entries = n->checked = 0;
    if (blk) {
        rc = ext_bytes_crc(fs, blk, 0, h, sizeof(h), pcrc);
        if (rc)
            return rc;
    } else {
        memcpy(h, f->in.iblock, sizeof(h));
    }
    n->depth = le16(h + EH_DEPTH);
    max = le16(h + EH_MAX);
    entries = le16(h + EH_ENTRIES);
    if (le16(h + EH_MAGIC) != EH_MAGIC_VALUE)
        return ext_fail(fs, EXT_ECORRUPT, ino, blk,
                        "extent header magic is not 0xF30A");
    /* max against one quotient, entries against max as read once: the
     * bounds EVA (make prove) keeps, so the root's entries fit i_block. */
    if (max > (room - EH_SIZE) / EXT_ENTRY_SIZE || entries > max)
        return ext_fail(fs, EXT_ECORRUPT, ino, blk,
                        "extent node holds more entries than fit");
    if (n->depth > EH_MAX_DEPTH)
        return ext_fail(fs, EXT_ECORRUPT, ino, blk,
                        "extent tree deeper than 5 levels");
    if (want_depth >= 0 && n->depth != (uint32_t)want_depth)
        return ext_fail(fs, EXT_ECORRUPT, ino, blk,
                        "extent node depth does not decrease by one "
                        "(a cycle in the tree?)");
    if (EXT_CSUM_VERIFY && pcrc &&
        EH_SIZE + EXT_ENTRY_SIZE * max + ET_CHECKSUM_SIZE > room)
        return ext_fail(fs, EXT_ECORRUPT, ino, blk,
                        "no room for the extent block checksum");
    n->entries = entries;
    if (n->depth && !n->entries)
        bad = ext_fail(fs, EXT_EEXTENT, ino, blk,
                       "extent index node has no entries");
    if (blk && !pcrc && !n->depth)
        return 0;                    /* checked lazily, see above */
    for (i = 0; i < n->entries; i++) {
        uint8_t e[EXT_ENTRY_SIZE] = { 0 };

        rc = node_entry_crc(fs, f, n, i, e, pcrc);
        if (rc)
            return rc;
        if (!bad)
            bad = entry_check(fs, f, n, i, e, parent_first, &last);
    }
    n->checked = n->entries;
    if (EXT_CSUM_VERIFY && pcrc) {
        uint32_t used = EH_SIZE + EXT_ENTRY_SIZE * n->entries;
        uint32_t end = EH_SIZE + EXT_ENTRY_SIZE * max;

        rc = ext_crc32c_span(fs, blk, used, end - used, &crc);
        if (!rc)
            rc = ext_bytes(fs, blk, end, h, ET_CHECKSUM_SIZE);
        if (rc)
            return rc;
        if (crc != le32(h))
            return ext_fail(fs, EXT_ECSUM, ino, blk,
                            "extent block checksum mismatch");
    }
    /* Two returns, so EVA keeps a node that opened apart from one that
     * did not (-eva-split-return-function node_open:0). */
    if (bad)
        return bad;
    return 0;
}

/*
 * How many entries start at or before lblk (*count; sorted, so they are
 * the first ones), the last of them into e, and the block before the
 * next entry's start (*next_last; left alone when there is no next
 * entry). The scan starts at entry `from` (the count found last)
 * and walks forward while entries start at or before lblk; when the
 * first step does not, it walks back instead. A sequential read then
 * reads the entry it continues into and the one after, nothing more,
 * and forward steps go in entry order, so the cached leaf's entries are
 * checked as reached (node_entry_crc): all up to the one past the
 * answer; the ones behind `from` have been checked already.
 */
static int node_search(struct ext_fs *fs, struct ext_file *f,
                       const struct ext_node *n, ext_blk_t lblk,
                       uint32_t from, uint32_t *count, ext_blk_t *next_last,
                       uint8_t e[EXT_ENTRY_SIZE])
{
    uint8_t t[EXT_ENTRY_SIZE] = { 0 };
    uint32_t b;                   /* entries [0, b) start <= lblk */
    int rc;

    memset(e, 0, EXT_ENTRY_SIZE);     /* defined on every return */
    if (from > n->entries)
        from = n->entries;
    for (b = from; b < n->entries; b++) {
        rc = node_entry(fs, f, n, b, t);
        if (rc)
            return rc;
        if (le32(t + EE_BLOCK) > lblk) {
            *next_last = (ext_blk_t)le32(t + EE_BLOCK) - 1;
            break;
        }
        memcpy(e, t, EXT_ENTRY_SIZE);
    }
    for (; b == from && b; b--, from--) {
        rc = node_entry(fs, f, n, b - 1, t);
        if (rc)
            return rc;
        if (le32(t + EE_BLOCK) <= lblk) {
            memcpy(e, t, EXT_ENTRY_SIZE);
            break;
        }
        *next_last = (ext_blk_t)le32(t + EE_BLOCK) - 1;
    }
    *count = b;
    return 0;
}

/* In a checked leaf covering lblk through at most last: the extent
 * holding lblk, or the hole up to the next one (entries are sorted and
 * disjoint, so the next starts past lblk). */
static int map_leaf(struct ext_fs *fs, struct ext_file *f,
                    const struct ext_node *n, ext_blk_t lblk, ext_blk_t last,
                    struct ext_run *run)
{
    uint8_t e[EXT_ENTRY_SIZE];
    uint32_t count, len, first;
    int rc = node_search(fs, f, n, lblk, f->leaf_hint, &count, &last, e);

    if (rc)
        return rc;
    f->leaf_hint = count;
    run->pblk = 0;
    run->len = run_through(last, lblk);
    if (!count)
        return 0;                    /* before the first extent: a hole */
    first = le32(e + EE_BLOCK);
    len = ee_len(e);
    if (lblk - first >= len)
        return 0;                    /* a gap after this extent */
    run->len = len - (ext_blk_t)(lblk - first);
    /* An unwritten extent reads as zeros in a file, but a directory's
     * block is read as it is: Linux's ext4_bread maps it for readdir
     * and lookup alike, so its entries are listed, or it fails as a
     * corrupted directory block would. */
    if (le16(e + EE_LEN) <= EE_INIT_MAX_LEN || ext_is_dir(&f->in))
        run->pblk = ee_start(e) + (ext_blk_t)(lblk - first);
    return 0;
}

/* Descend from the root to the leaf covering lblk. Depth <= 5 and
 * strictly decreasing bounds the walk; the leaf found is cached with the
 * logical range its parent index gives it. */
__attribute__((noinline))
static int map_extents(struct ext_fs *fs, struct ext_file *f, ext_blk_t lblk,
                       struct ext_run *run)
{
    struct ext_node n;
    uint32_t first = 0;
    ext_blk_t last = UINT32_MAX;
    uint8_t e[EXT_ENTRY_SIZE];
    int rc;

#if !BLOCKDEV_LBA32
    if (lblk > UINT32_MAX)
        return ext_fail(fs, EXT_EFBIG, f->in.ino, 0,
                        "file size is past what extents can address");
#endif
    if (f->leaf_pblk &&
        lblk - f->leaf_first <= f->leaf_last - f->leaf_first) {
        n.blk = f->leaf_pblk;          /* its header checked when cached */
        n.entries = f->leaf_entries;
        n.depth = 0;
        return map_leaf(fs, f, &n, lblk, f->leaf_last, run);
    }
    rc = node_open(fs, f, 0, -1, 0, &n);
    /* For EVA: each level apart, the root (entries in i_block) first. */
    /*@ loop unroll EH_MAX_DEPTH + 1; */
    while (!rc && n.depth) {
        uint32_t count;

        rc = node_search(fs, f, &n, lblk, 0, &count, &last, e);
        if (rc)
            return rc;
        if (!count) {
            run->pblk = 0;
            run->len = run_through(last, lblk);
            return 0;
        }
        first = le32(e + EI_BLOCK);
        rc = node_open(fs, f, ei_leaf(e), (int32_t)n.depth - 1, first, &n);
    }
    if (rc)
        return rc;
    if (n.blk) {
        f->leaf_pblk = n.blk;
        f->leaf_first = first;
        f->leaf_last = last;
        f->leaf_entries = n.entries;
        f->leaf_hint = 0;
        f->leaf_checked = n.checked;
        f->leaf_last_seen = 0;
    }
    return map_leaf(fs, f, &n, lblk, last, run);
}

/*@ assigns *fs, *f, *run;
    ensures \result <= 0; */
int ext_map(struct ext_fs *fs, struct ext_file *f, ext_blk_t lblk,
            struct ext_run *run)
{
    int rc;

    if (f->run_len && lblk - f->run_lblk < f->run_len) {
        ext_blk_t skip = lblk - f->run_lblk;

        run->pblk = f->run_pblk ? f->run_pblk + skip : 0;
        run->len = f->run_len - skip;
        return 0;
    }
    run->pblk = 0;                    /* defined on every return */
    run->len = 0;
    if (f->in.flags & IFL_EXTENTS)
        rc = map_extents(fs, f, lblk, run);
    else
        rc = map_blockmap(fs, f, lblk, run);
#if EXT_FAST_COMMIT
    if (!rc && ext_fc_on(fs))
        rc = ext_fc_map(fs, f->in.ino, lblk, run);
#endif
    if (rc) {
        f->run_len = 0;
        return rc;
    }
    f->run_lblk = lblk;
    f->run_pblk = run->pblk;
    f->run_len = run->len;
    return 0;
}
