/* Fast-commit replay in memory: what Linux's ext4_fc_replay (and
 * e2fsck's) would leave after the log's replay, without writing.
 *
 * One walk of the area (ext_fc_replay), the way the scan phase walks
 * it: entries are checked (lengths, tags), folded into the commit's
 * crc32c and taken into the caller's table; a TAIL whose tid is the
 * transaction the log ends before and whose crc32c matches makes the
 * entries before it replayed. The walk ends at the first entry that
 * does not fit that (a HEAD of an older transaction, a zeroed or stale
 * block); such an entry after a good TAIL ends the area, before one it
 * fails the mount with its sentence, as the kernel's scan fails it.
 *
 * Then reads go through the table, newest entry first, as the replay
 * phase would have applied them in order:
 *   INODE       the inode's bytes but i_block (the extent tree stays the
 *               disk's, an empty one when its magic is gone; inline
 *               data comes with the entry), its checksum not checked
 *               (the replay writes a new one);
 *   ADD_RANGE   logical blocks mapped to the entry's physical ones;
 *   DEL_RANGE   logical blocks made a hole;
 *   CREAT, LINK a name added to (or replacing one in) a directory;
 *   UNLINK      a name removed.
 * A directory a CREAT made is refused: Linux's replay builds its first
 * block (".", "..") itself, and the disk has no such block.
 */
#include "ext_fc.h"

#if EXT_FAST_COMMIT

struct fc_scan {
    uint32_t crc;                 /* of the commit's entries so far */
    uint32_t n;                   /* table entries taken */
    uint32_t valid;               /* ... of them before the last good TAIL */
    uint32_t commits;             /* good TAILs */
    uint32_t tid;                 /* the transaction the commits extend */
    bool full;                    /* an entry found the table full */
};

#define FC_STOP 1                 /* the area ends here */

/* An entry that does not fit the format: the area ends at it after a
 * good TAIL; before one, the mount fails. */
static int fc_bad(struct ext_fs *fs, const struct fc_scan *s, int err,
                  ext_blk_t blk, const char *what)
{
    return s->commits ? FC_STOP : ext_fail(fs, err, 0, blk, what);
}

/* The value lengths the kernel's ext4_fc_value_len_isvalid accepts;
 * the sentence for a length it refuses (NULL: fits). */
static const char *fc_len_bad(const struct ext_fs *fs, uint32_t tag,
                              uint32_t len)
{
    switch (tag) {
    case EXT4_FC_TAG_ADD_RANGE:
        return len == FC_ADD_SIZE ? NULL : "fast commit: ADD_RANGE value "
               "is not 16 bytes";
    case EXT4_FC_TAG_DEL_RANGE:
        return len == FC_DEL_SIZE ? NULL : "fast commit: DEL_RANGE value "
               "is not 12 bytes";
    case EXT4_FC_TAG_CREAT:
    case EXT4_FC_TAG_LINK:
    case EXT4_FC_TAG_UNLINK:
        return len > FC_DENTRY_NAME && len <= FC_DENTRY_NAME + EXT_NAME_MAX
               ? NULL : "fast commit: CREAT, LINK or UNLINK name is empty "
               "or longer than 255 bytes";
    case EXT4_FC_TAG_INODE:
        return len >= FC_INODE_RAW + I_GOOD_OLD_SIZE &&
               len <= FC_INODE_RAW + (uint32_t)fs->inode_size
               ? NULL : "fast commit: INODE value is not 128 bytes up to "
               "the inode size";
    case EXT4_FC_TAG_PAD:
        return NULL;
    case EXT4_FC_TAG_TAIL:
        return len >= FC_TAIL_SIZE ? NULL : "fast commit: TAIL value is "
               "shorter than 8 bytes";
    case EXT4_FC_TAG_HEAD:
        return len == FC_HEAD_SIZE ? NULL : "fast commit: HEAD value is "
               "not 8 bytes";
    default:
        return "fast commit: unknown tag (not ADD_RANGE, DEL_RANGE, CREAT, "
               "LINK, UNLINK, INODE, PAD, TAIL or HEAD)";
    }
}

/* An entry into the table. */
static int fc_take(struct ext_fs *fs, struct ext_journal *j,
                   struct fc_scan *s, ext_blk_t blk, uint32_t off,
                   uint32_t tag, uint32_t len)
{
    uint8_t v[FC_ADD_SIZE] = { 0 };
    struct ext_fc_rec *r;
    int rc;

    if (tag == EXT4_FC_TAG_PAD)
        return 0;
    if (s->n >= j->fc_cap) {
        s->full = true;
        return 0;
    }
    rc = ext_bytes(fs, blk, off, v, len < sizeof(v) ? len : sizeof(v));
    if (rc)
        return rc;
    r = &j->fc[s->n];
    memset(r, 0, sizeof(*r));
    r->src = blk;
    r->off = (uint16_t)off;
    r->tag = (uint8_t)tag;
    /* Every tag that names an inode names it first (a dentry: its
     * parent). */
    _Static_assert(FC_ADD_INO == 0 && FC_DEL_INO == 0 &&
                   FC_DENTRY_PARENT == 0 && FC_INODE_INO == 0,
                   "the inode leads each value");
    r->ino = le32(v + FC_ADD_INO);
    if (tag == EXT4_FC_TAG_ADD_RANGE) {
        const uint8_t *e = v + FC_ADD_EXTENT;
        uint32_t n = le16(e + EE_LEN);

        r->arg = le32(e + EE_BLOCK);
        r->len = n > EE_INIT_MAX_LEN ? n - EE_INIT_MAX_LEN : n;
        /* A written extent at block 0 (never data) is kept apart from
         * an unwritten one: past every filesystem, refused when read. */
        if (n <= EE_INIT_MAX_LEN) {
            r->pblk = ext_blk_join(le32(e + EE_START_LO),
                                   le16(e + EE_START_HI));
            if (!r->pblk)
                r->pblk = EXT_BLK_MAX;
        }
    } else if (tag == EXT4_FC_TAG_DEL_RANGE) {
        r->arg = le32(v + FC_DEL_LBLK);
        r->len = le32(v + FC_DEL_LEN);
    } else if (tag == EXT4_FC_TAG_INODE) {
        r->arg = len - FC_INODE_RAW;
    } else {
        r->arg = le32(v + FC_DENTRY_INO);
        r->len = len - FC_DENTRY_NAME;
    }
    s->n++;
    return 0;
}

/* The TAIL at off of blk: its commit replayed when tid and crc32c
 * match. */
static int fc_tail(struct ext_fs *fs, struct fc_scan *s, ext_blk_t blk,
                   uint32_t off)
{
    uint8_t v[FC_TAIL_SIZE] = { 0 };
    int rc = ext_bytes_crc(fs, blk, off, NULL, FC_TL_SIZE + FC_TAIL_CRC,
                           &s->crc);

    if (!rc)
        rc = ext_bytes(fs, blk, off + FC_TL_SIZE, v, sizeof(v));
    if (rc)
        return rc;
    if (le32(v + FC_TAIL_TID) != s->tid)
        return fc_bad(fs, s, EXT_EJOURNAL, blk, "fast commit: TAIL's tid "
                      "is not the transaction the journal ends before");
    if (le32(v + FC_TAIL_CRC) != s->crc)
        return fc_bad(fs, s, EXT_ECSUM, blk, "fast commit: TAIL's crc32c "
                      "does not match its commit's entries");
    if (s->full)
        return ext_fail(fs, EXT_EJFULL, 0, blk, "fast commit: more entries "
                        "to replay than the fast-commit table holds "
                        "(struct ext_journal.fc_cap)");
    s->valid = s->n;
    s->commits++;
    s->crc = 0;
    return 0;
}

/* The entries of one block of the area; the first block must begin
 * with a HEAD of transaction tid, or there is nothing to replay. */
static int fc_block(struct ext_fs *fs, struct ext_journal *j,
                    struct fc_scan *s, ext_blk_t blk, bool first)
{
    uint32_t off = 0, bsize = ext_blk_size(fs);

    /* Each entry moves off on by 4 bytes at least. */
    /*@ loop invariant fc_table: s->n <= j->fc_cap && s->valid <= j->fc_cap; */
    while (off + FC_TL_SIZE <= bsize) {
        uint8_t tl[FC_TL_SIZE] = { 0 };
        uint32_t tag, len;
        const char *bad;
        int rc = ext_bytes(fs, blk, off, tl, FC_TL_SIZE);

        if (rc)
            return rc;
        tag = le16(tl + FC_TL_TAG);
        len = le16(tl + FC_TL_LEN);
        if (first && off == 0 && tag != EXT4_FC_TAG_HEAD)
            return FC_STOP;
        if (len > bsize - off - FC_TL_SIZE)
            return fc_bad(fs, s, EXT_EJOURNAL, blk, "fast commit: an "
                          "entry's value runs past the end of its block");
        bad = fc_len_bad(fs, tag, len);
        if (bad)
            return fc_bad(fs, s, EXT_EJOURNAL, blk, bad);
        if (tag == EXT4_FC_TAG_HEAD) {
            uint8_t v[FC_HEAD_SIZE] = { 0 };

            rc = ext_bytes(fs, blk, off + FC_TL_SIZE, v, sizeof(v));
            if (rc)
                return rc;
            if (le32(v + FC_HEAD_FEATURES))
                return ext_fail(fs, EXT_EJOURNAL, 0, blk, "fast commit: "
                                "HEAD names features this reader does not "
                                "know");
            /* A HEAD of another transaction: the area is stale, left
             * from before the last full commit. */
            if (le32(v + FC_HEAD_TID) != s->tid)
                return FC_STOP;
        }
        if (tag == EXT4_FC_TAG_TAIL) {
            rc = fc_tail(fs, s, blk, off);
        } else {
            rc = ext_bytes_crc(fs, blk, off, NULL, FC_TL_SIZE + len,
                               &s->crc);
            if (!rc && tag != EXT4_FC_TAG_HEAD)
                rc = fc_take(fs, j, s, blk, off + FC_TL_SIZE, tag, len);
        }
        if (rc)
            return rc;
        off += FC_TL_SIZE + len;
    }
    return 0;
}

/* Out of line: its scan and run stay off the log replay's deeper path
 * (inlined into ext_journal_replay they cost that frame 40 bytes). */
__attribute__((noinline))
int ext_fc_replay(struct ext_fs *fs, struct ext_journal *j,
                  struct ext_file *jf, uint32_t first, uint32_t end,
                  uint32_t tid)
{
    struct fc_scan s;
    uint32_t l;

    memset(&s, 0, sizeof(s));
    s.tid = tid;
    j->fc_n = j->fc_commits = 0;
    if (!j->fc)
        j->fc_cap = 0;
    /*@ loop invariant fc_table: s.n <= j->fc_cap && s.valid <= j->fc_cap; */
    for (l = first; l < end; l++) {
        struct ext_run run;
        int rc = ext_map(fs, jf, l, &run);

        if (rc)
            return rc;
        if (!run.pblk)
            return ext_fail(fs, EXT_EJOURNAL, 0, l, "fast commit: hole in "
                            "the journal inode's fast-commit area");
        rc = fc_block(fs, j, &s, run.pblk, l == first);
        if (rc < 0)
            return rc;
        if (rc == FC_STOP)
            break;
    }
    j->fc_n = s.valid;
    j->fc_commits = s.commits;
    return 0;
}

/* ---- reads through the table ------------------------------------------ */

/*@ assigns \nothing; */
static bool fc_is_dentry(uint32_t tag)
{
    return tag == EXT4_FC_TAG_CREAT || tag == EXT4_FC_TAG_LINK ||
           tag == EXT4_FC_TAG_UNLINK;
}

/* The newest INODE entry for ino, or NULL. */
static const struct ext_fc_rec *fc_inode_rec(const struct ext_fs *fs,
                                             uint32_t ino)
{
    const struct ext_journal *j = fs->jnl;
    uint32_t i;

    for (i = j->fc_n; i > 0; i--) {
        const struct ext_fc_rec *r = &j->fc[i - 1];

        if (r->tag == EXT4_FC_TAG_INODE && r->ino == ino)
            return r;
    }
    return NULL;
}

bool ext_fc_has_inode(const struct ext_fs *fs, uint32_t ino)
{
    return fc_inode_rec(fs, ino) != NULL;
}

int ext_fc_inode(struct ext_fs *fs, uint32_t ino, uint8_t *raw,
                 uint32_t have)
{
    const struct ext_fc_rec *r = fc_inode_rec(fs, ino);
    uint32_t n, flags;
    int rc;

    if (!r)
        return 0;
    /* Bytes up to i_block, and from i_generation on (the entry holds
     * 128 bytes at least; have is 128 or more). */
    n = r->arg;               /* a local: EVA bounds it, not r->arg */
    if (n > have)
        n = have;
    rc = ext_bytes(fs, r->src, r->off + FC_INODE_RAW, raw, I_BLOCK);
    if (!rc && n > I_GENERATION)
        rc = ext_bytes(fs, r->src, r->off + FC_INODE_RAW + I_GENERATION,
                       raw + I_GENERATION, n - I_GENERATION);
    if (rc)
        return rc;
    flags = le32(raw + I_FLAGS);
    if (flags & IFL_EXTENTS) {
        if (le16(raw + I_BLOCK + EH_MAGIC) != EH_MAGIC_VALUE) {
            memset(raw + I_BLOCK, 0, EH_SIZE);
            raw[I_BLOCK + EH_MAGIC] = (uint8_t)EH_MAGIC_VALUE;
            raw[I_BLOCK + EH_MAGIC + 1] = (uint8_t)(EH_MAGIC_VALUE >> 8);
            raw[I_BLOCK + EH_MAX] = (60u - EH_SIZE) / EXT_ENTRY_SIZE;
        }
    } else if (flags & IFL_INLINE_DATA) {
        rc = ext_bytes(fs, r->src, r->off + FC_INODE_RAW + I_BLOCK,
                       raw + I_BLOCK, I_GENERATION - I_BLOCK);
        if (rc)
            return rc;
    }
    return 0;
}

int ext_fc_map(struct ext_fs *fs, uint32_t ino, ext_blk_t lblk,
               struct ext_run *run)
{
    const struct ext_journal *j = fs->jnl;
    ext_blk_t newer = EXT_BLK_MAX;    /* blocks before a newer entry */
    uint32_t i;

    for (i = j->fc_n; i > 0; i--) {
        const struct ext_fc_rec *r = &j->fc[i - 1];
        ext_blk_t left;

        if (r->ino != ino || (r->tag != EXT4_FC_TAG_ADD_RANGE &&
                              r->tag != EXT4_FC_TAG_DEL_RANGE))
            continue;
        if (lblk < r->arg || lblk - r->arg >= r->len) {
            if (r->arg > lblk && r->arg - lblk < newer)
                newer = r->arg - lblk;
            continue;
        }
        left = r->len - (lblk - r->arg);
        run->len = left < newer ? left : newer;
        run->pblk = 0;
        if (r->tag == EXT4_FC_TAG_DEL_RANGE || !r->pblk)
            return 0;
        if (!ext_blk_ok(fs, r->pblk) || r->pblk >= fs->blocks_count ||
            r->len > fs->blocks_count - r->pblk)
            return ext_fail(fs, EXT_ERANGE, ino, r->pblk, "fast commit: "
                            "ADD_RANGE maps blocks outside the filesystem");
        run->pblk = r->pblk + (lblk - r->arg);
        return 0;
    }
    if (run->len > newer)
        run->len = newer;
    return 0;
}

/* The newest dentry entry of dir naming name: its index, or fc_n. */
/*@ requires \valid(fs) && \valid(at);
    requires \valid_read(name + (0 .. name_len - 1));
    assigns *fs, *at; */
static int fc_dentry(struct ext_fs *fs, uint32_t dir, const char *name,
                     uint32_t name_len, uint32_t *at)
{
    const struct ext_journal *j = fs->jnl;
    uint32_t i;

    *at = j->fc_n;
    /*@ loop assigns i, *fs, *at; */
    for (i = j->fc_n; i > 0; i--) {
        const struct ext_fc_rec *r = &j->fc[i - 1];
        int rc;

        if (!fc_is_dentry(r->tag) || r->ino != dir || r->len != name_len)
            continue;
        rc = ext_name_eq(fs, r->src, r->off + FC_DENTRY_NAME, name,
                         name_len);
        if (rc < 0)
            return rc;
        if (rc) {
            *at = i - 1;
            return 0;
        }
    }
    return 0;
}

/*@ requires \valid(fs) && \valid(ino);
    requires \valid_read(name + (0 .. name_len - 1));
    assigns *fs, *ino; */
int ext_fc_find(struct ext_fs *fs, uint32_t dir, const char *name,
                uint32_t name_len, uint32_t *ino)
{
    const struct ext_journal *j = fs->jnl;
    uint32_t at;
    int rc = fc_dentry(fs, dir, name, name_len, &at);

    if (rc)
        return rc;
    if (at >= j->fc_n)
        return 2;
    if (j->fc[at].tag == EXT4_FC_TAG_UNLINK)
        return 0;
    *ino = j->fc[at].arg;
    return 1;
}

int ext_fc_hides(struct ext_fs *fs, uint32_t dir, const struct ext_dirent *e)
{
    uint32_t at;
    int rc = fc_dentry(fs, dir, e->name, e->name_len, &at);

    return rc ? rc : at < fs->jnl->fc_n;
}

static uint8_t fc_type(const struct ext_inode *in)
{
    switch (in->mode & EXT_S_IFMT) {
    case EXT_S_IFREG:  return '-';
    case EXT_S_IFDIR:  return 'd';
    case EXT_S_IFLNK:  return 'l';
    case EXT_S_IFCHR:  return 'c';
    case EXT_S_IFBLK:  return 'b';
    case EXT_S_IFIFO:  return 'p';
    case EXT_S_IFSOCK: return 's';
    default:           return '?';
    }
}

/* Out of line: the inode is on the stack only while an added entry's
 * type is looked up. */
__attribute__((noinline))
static int fc_entry_type(struct ext_fs *fs, uint32_t ino, uint8_t *type)
{
    struct ext_inode in;
    int rc = ext_inode_read(fs, ino, &in);

    *type = rc ? '?' : fc_type(&in);
    return rc;
}

int ext_fc_next(struct ext_fs *fs, struct ext_dir *d, struct ext_dirent *e)
{
    const struct ext_journal *j = fs->jnl;
    uint32_t dir = d->f.in.ino;

    for (; d->fc_next < j->fc_n; d->fc_next++) {
        const struct ext_fc_rec *r = &j->fc[d->fc_next];
        uint32_t later;
        int rc;

        if ((r->tag != EXT4_FC_TAG_CREAT && r->tag != EXT4_FC_TAG_LINK) ||
            r->ino != dir)
            continue;
        rc = ext_bytes(fs, r->src, r->off + FC_DENTRY_NAME, e->name, r->len);
        if (rc)
            return rc;
        e->name[r->len] = 0;
        e->name_len = (uint8_t)r->len;
        /* Listed where the newest entry for its name adds it. */
        rc = fc_dentry(fs, dir, e->name, r->len, &later);
        if (rc)
            return rc;
        if (later != d->fc_next)
            continue;
        e->ino = r->arg;
        rc = fc_entry_type(fs, r->arg, &e->type);
        if (rc)
            return rc;
        d->fc_next++;
        return 1;
    }
    return 0;
}

int ext_fc_dir_check(struct ext_fs *fs, const struct ext_inode *in)
{
    const struct ext_journal *j = fs->jnl;
    uint32_t i;

    for (i = 0; i < j->fc_n; i++)
        if (j->fc[i].tag == EXT4_FC_TAG_CREAT && j->fc[i].arg == in->ino)
            return ext_fail(fs, EXT_EJOURNAL, in->ino, 0, "fast commit: a "
                            "directory its CREAT made (Linux's replay builds "
                            "its first block; this reader does not)");
    return 0;
}

#endif /* EXT_FAST_COMMIT */
