/* Journal replay in memory: a dirty ext3/ext4 filesystem read as jbd2
 * recovery (e2fsck's, the kernel's) would leave it, without writing.
 *
 * Recovery walks the log twice, the way do_one_pass() does:
 *
 *   scan    from s_start / s_sequence: descriptor, revoke and commit
 *           blocks of consecutive transactions, checksums checked; finds
 *           the end transaction (the first one that is not complete and
 *           valid).
 *   replay  the same walk up to that end. Every tagged block version
 *           goes into the caller's table (the newest replaces an older
 *           one of the same block); a revoke record removes the version
 *           of its block (recovery skips a tag of transaction T when a
 *           revoke record for its block has a sequence >= T; versions
 *           from later transactions are replayed again). Revoke records
 *           take no table entry: the table holds only the blocks that are
 *           patched. A tag that follows a revoke record of its own
 *           transaction (a 256-bit filter of the transaction's revoked
 *           blocks says when it may) is taken, and the transaction's
 *           revoke blocks are read again at its commit to drop it.
 *
 * Checksum failures, as e2fsck's recovery treats them:
 *   commit block (v1 crc32_be of the transaction, v2/v3 crc32c):
 *           the log ends before that transaction (async_commit: scanning
 *           goes on, and the last failing commit marks the end);
 *   descriptor or revoke block (v2/v3): if a later commit block is not
 *           older than the last good one, recovery fails (nothing is
 *           replayed: the mount fails here); if it is older, the blocks
 *           are stale and the log ends there;
 *   tag (v2/v3, a logged block's own checksum): that version is not
 *           replayed, the rest is (EXT_WARN_JOURNAL_CSUM).
 *
 * Reads then go to the journal copy of each replaced block: the table
 * is the overlay ext_io.c reads through (ext_dev_read); nothing here is
 * called from below.
 */
#include "ext_priv.h"
#include "lib/num.h"
#include "lib/be.h"
#include "jbd2.h"
#include "ext_fc.h"

#if EXT_JOURNAL

/* A table entry's src: EXT_JB_ESCAPE (ext_priv.h) restores JBD2_MAGIC
 * at byte 0. */
#define JREV_BITS       256u      /* the revoke filter of a transaction */

struct jscan {
    struct ext_file f;            /* the journal inode */
    uint32_t total;               /* blocks in the journal */
    uint32_t first;               /* first log block (s_first) */
    uint32_t start;               /* s_start */
    uint32_t seq;                 /* s_sequence */
    uint32_t compat, incompat;
    uint32_t seed;                /* crc32c seed of csum v2/v3 */
    uint32_t tag_bytes;
    uint32_t tail;                /* descriptor/revoke tail: 4 or 0 */
    uint32_t end;                 /* end transaction, once known */
    uint32_t fc_first;            /* fast-commit area: log blocks from */
    uint32_t fc_end;              /* fc_first up to fc_end; 0 none */
    uint32_t used;                /* table entries in use */
    uint32_t failed_blk;          /* commit block that failed; ~0 none */
    uint32_t left;                /* log blocks this pass may still visit */
    ext_blk_t limit;              /* tags at or past it are left out */
    uint32_t txn_first;           /* log block the transaction began at */
    uint32_t rev_filter[JREV_BITS / 32]; /* its revoked blocks, hashed */
    bool rev_seen;                /* it has had a revoke block */
    bool rev_again;               /* a tag may follow its own revoke */
    bool have_end;
};

static bool tid_geq(uint32_t x, uint32_t y)
{
    return (int32_t)(x - y) >= 0;
}

static bool csum23(const struct jscan *js)
{
    return (js->incompat & (JBD2_INCOMPAT_CSUM_V2 | JBD2_INCOMPAT_CSUM_V3))
           != 0;
}

static int jfail(struct ext_fs *fs, int err, uint64_t lblk, const char *what)
{
    return ext_fail(fs, err, 0, lblk, what);
}

/* Physical block of log block lblk. */
static int jmap(struct ext_fs *fs, struct jscan *js, uint32_t lblk,
                ext_blk_t *pblk)
{
    struct ext_run run;
    int rc;

    *pblk = 0;                    /* defined on every return */
    if (lblk >= js->total)
        return jfail(fs, EXT_EJOURNAL, lblk,
                     "journal: log block past the end of the journal");
    rc = ext_map(fs, &js->f, lblk, &run);
    if (rc)
        return rc;
    if (!run.pblk)
        return jfail(fs, EXT_EJOURNAL, lblk, "journal: hole in the "
                     "journal inode");
    *pblk = run.pblk;
    return 0;
}

/* crc32c of a whole journal block with the 4 bytes at `hole` taken as
 * zero (hole past the block: none). */
static int jcrc32c(struct ext_fs *fs, ext_blk_t pblk, uint32_t hole,
                   uint32_t *crc)
{
    static const uint8_t zero[4];
    uint32_t bsize = ext_blk_size(fs);
    int rc;

    if (hole >= bsize)
        return ext_crc32c_span(fs, pblk, 0, bsize, crc);
    rc = ext_crc32c_span(fs, pblk, 0, hole, crc);
    if (rc)
        return rc;
    *crc = ext_crc32c(*crc, zero, 4);
    return ext_crc32c_span(fs, pblk, hole + 4,
                           bsize - hole - 4, crc);
}

/* Checksum v2/v3 of a descriptor or revoke block (tail) or of a commit
 * block (JC_CHKSUM): true when it matches. */
static int jcsum_ok(struct ext_fs *fs, const struct jscan *js, ext_blk_t pblk,
                    uint32_t at, bool *ok)
{
    uint32_t crc = js->seed;
    uint8_t b[4] = { 0 };
    int rc = jcrc32c(fs, pblk, at, &crc);

    if (!rc)
        rc = ext_bytes(fs, pblk, at, b, 4);
    *ok = !rc && be32(b) == crc;
    return rc;
}

static int jcrc32_be(struct ext_fs *fs, ext_blk_t pblk, uint32_t *crc)
{
    blockdev_lba_t s = ext_blk_sector(fs, pblk);
    uint32_t i, n = ext_blk_size(fs) >> 9;

    for (i = 0; i < n; i++) {
        int rc = ext_sector(fs, s + i);

        if (rc)
            return rc;
        *crc = ext_crc32_be(*crc, fs->buf, BLOCKDEV_SECTOR);
    }
    return 0;
}

static uint32_t wrap(const struct jscan *js, uint32_t blk)
{
    return blk >= js->total ? blk - (js->total - js->first) : blk;
}

/* ---- the table --------------------------------------------------------- */

/* The table stays sorted by block, one entry per block, so lookups (and
 * the reads after the mount, ext_io.c's overlay) are binary searches. */
static uint32_t jfind(const struct ext_journal *j, ext_blk_t blk)
{
    uint32_t i = ext_jlower(j->tab, j->n, blk);

    return i < j->n && j->tab[i].blk == blk ? i : j->n;  /* n: none */
}

/* The table changed at blk: the sector buffer may hold its old bytes
 * (reads in the replay pass go through the overlay). */
static void jchanged(struct ext_fs *fs, ext_blk_t blk)
{
    if (fs->buf_lba != EXT_NO_SECTOR &&
        fs->buf_lba >> (fs->blk_shift - 9) == blk)
        fs->buf_lba = EXT_NO_SECTOR;
}

static int jadd(struct ext_fs *fs, struct ext_journal *j, ext_blk_t blk,
                ext_blk_t src)
{
    uint32_t i = ext_jlower(j->tab, j->n, blk), k;

    jchanged(fs, blk);
    if (i < j->n && j->tab[i].blk == blk) {
        j->tab[i].src = src;
        return 0;
    }
    if (j->n >= j->cap)
        return ext_fail(fs, EXT_EJFULL, 0, blk,
                        "journal: more blocks to replay than the replay "
                        "table holds (struct ext_journal.cap entries)");
    /* Entries moved a field at a time, each index tested against n
     * (which EVA, make prove, bounds; a memmove's count it would have
     * to relate to i, a struct copy's two places to each other); the
     * loop ends with k == i. */
    for (k = j->n; k > i; k--) {
        j->tab[k].blk = j->tab[k - 1].blk;
        j->tab[k].src = j->tab[k - 1].src;
    }
    j->tab[k].blk = blk;
    j->tab[k].src = src;
    j->n++;
    return 0;
}

static void jdrop(struct ext_fs *fs, struct ext_journal *j, ext_blk_t blk)
{
    uint32_t i = jfind(j, blk);

    if (i < j->n) {
        jchanged(fs, blk);
        for (; i + 1 < j->n; i++) {
            j->tab[i].blk = j->tab[i + 1].blk;
            j->tab[i].src = j->tab[i + 1].src;
        }
        j->n--;
    }
}

/* The revoke filter: one bit per hashed block (Fibonacci hashing). */
static uint32_t jrev_bit(uint64_t blk)
{
    return ((uint32_t)(blk ^ (blk >> 32)) * 2654435761u) >> 24;
}

static bool jrev_may(const struct jscan *js, uint64_t blk)
{
    uint32_t b = jrev_bit(blk);

    return js->rev_seen && (js->rev_filter[b / 32] >> (b % 32) & 1u);
}

/* The blocks recovery may write: inside the partition, where a replayed
 * superblock may grow the filesystem (e2fsck judges tags against the
 * filesystem the replay leaves, not the one before it). */
static bool jreach(const struct ext_fs *fs, const struct jscan *js,
                   uint64_t blk)
{
    (void)fs;
    return blk < js->limit;
}

/* ---- the log ----------------------------------------------------------- */

static bool tag_csum_match(const struct jscan *js, const uint8_t *t,
                           uint32_t crc)
{
    if (js->incompat & JBD2_INCOMPAT_CSUM_V3)
        return be32(t + JT3_CHECKSUM) == crc;
    return be16(t + JT_CSUM16) == (uint16_t)crc;
}

/* One tag's block (log block io) in the replay pass. */
static int replay_tag(struct ext_fs *fs, struct ext_journal *j,
                      struct jscan *js, const uint8_t *t, uint32_t io,
                      uint32_t seq)
{
    uint16_t flags = be16(t + JT_FLAGS16);
    uint64_t blk = be32(t + JT_BLOCKNR);
    ext_blk_t src;
    uint32_t i;
    int rc;

    if (js->incompat & JBD2_INCOMPAT_64BIT)
        blk |= (uint64_t)be32(t + JT_BLOCKNR_HIGH) << 32;
    rc = jmap(fs, js, io, &src);
    if (rc)
        return rc;
    if (csum23(js)) {
        uint8_t s[4] = { (uint8_t)(seq >> 24), (uint8_t)(seq >> 16),
                         (uint8_t)(seq >> 8), (uint8_t)seq };
        uint32_t crc = ext_crc32c(js->seed, s, 4);

        rc = jcrc32c(fs, src, UINT32_MAX, &crc);
        if (rc)
            return rc;
        if (!tag_csum_match(js, t, crc)) {
            j->bad_tags++;
            fs->warnings |= EXT_WARN_JOURNAL_CSUM;
            return 0;
        }
    }
    /* A block no read can reach (past the filesystem) is left out. */
    if (!jreach(fs, js, blk))
        return 0;
    /* Maybe revoked earlier in this transaction: taken now, dropped at
     * the commit when it was (revoke_again). */
    if (jrev_may(js, blk))
        js->rev_again = true;
    if (flags & JBD2_FLAG_ESCAPE)
        src |= EXT_JB_ESCAPE;
    /* A log block an earlier transaction rewrote: its version is what
     * this one copies (its magic restored when either copy is escaped),
     * so the table never chains. */
    i = jfind(j, src & ~EXT_JB_ESCAPE);
    if (i < j->n)
        src = j->tab[i].src | (src & EXT_JB_ESCAPE);
    return jadd(fs, j, (ext_blk_t)blk, src);
}

/* The tags of the descriptor at dblk (physical); the blocks they
 * describe follow it in the log from *blk. replay: put them in the
 * table; v1 (crc non-NULL): fold them into the transaction checksum;
 * else only count them. */
static int walk_tags(struct ext_fs *fs, struct ext_journal *j,
                     struct jscan *js, ext_blk_t dblk, uint32_t seq,
                     uint32_t *blk, bool replay, uint32_t *crc)
{
    uint32_t off = JH_SIZE, limit = ext_blk_size(fs) - js->tail;
    uint8_t t[JT3_SIZE] = { 0 };

    /*@ loop invariant table: j->n <= j->cap; */
    while (off + js->tag_bytes <= limit && js->left) {
        uint32_t io = *blk;
        uint16_t flags;
        int rc = ext_bytes(fs, dblk, off, t, js->tag_bytes);

        if (rc)
            return rc;
        flags = be16(t + JT_FLAGS16);
        *blk = wrap(js, *blk + 1);
        js->left--;
        if (replay) {
            rc = replay_tag(fs, j, js, t, io, seq);
        } else if (crc) {
            ext_blk_t p;

            rc = jmap(fs, js, io, &p);
            if (!rc)
                rc = jcrc32_be(fs, p, crc);
        }
        if (rc)
            return rc;
        off += js->tag_bytes;
        if (!(flags & JBD2_FLAG_SAME_UUID))
            off += JT_UUID_SIZE;
        if (flags & JBD2_FLAG_LAST_TAG)
            break;
    }
    return 0;
}

/* The records of the revoke block at rblk: each revoked block's version
 * leaves the table (it takes no entry of its own) and is noted in the
 * transaction's filter. */
static int revoke_records(struct ext_fs *fs, struct ext_journal *j,
                          struct jscan *js, ext_blk_t rblk, bool count_them)
{
    uint32_t rl = (js->incompat & JBD2_INCOMPAT_64BIT) ? 8 : 4;
    uint32_t off = JR_SIZE, count;
    uint8_t b[8] = { 0 };
    int rc = ext_bytes(fs, rblk, JR_COUNT, b, 4);

    if (rc)
        return rc;
    count = be32(b);
    if (count > ext_blk_size(fs) - js->tail)
        return jfail(fs, EXT_EJOURNAL, rblk, "journal: revoke block byte "
                     "count (r_count) larger than the block");
    js->rev_seen = true;
    /*@ loop invariant table: j->n <= j->cap; */
    for (; off + rl <= count; off += rl) {
        uint64_t blk;
        uint32_t bit;

        rc = ext_bytes(fs, rblk, off, b, rl);
        if (rc)
            return rc;
        blk = rl == 8 ? be64(b) : be32(b);
        if (count_them)
            j->revokes++;
        if (!jreach(fs, js, blk))
            continue;                  /* no read reaches it */
        jdrop(fs, j, (ext_blk_t)blk);
        bit = jrev_bit(blk);
        js->rev_filter[bit / 32] |= 1u << (bit % 32);
    }
    return 0;
}

/* At the commit (log block `to`) of a transaction where a tag may have
 * followed a revoke record of its own block: its revoke blocks are read
 * again, from the transaction's first block, and drop those versions
 * (recovery skips a tag whose block a record of its own transaction
 * revokes, wherever the record sits). Bounded by the log's length. */
static int revoke_again(struct ext_fs *fs, struct ext_journal *j,
                        struct jscan *js, uint32_t to)
{
    uint32_t blk = js->txn_first, n, left = js->left;
    int rc = 0;

    js->left = js->total - js->first;
    /*@ loop invariant table: j->n <= j->cap; */
    for (n = 0; blk != to && n < js->total - js->first && js->left; n++) {
        uint8_t h[JH_SIZE] = { 0 };
        ext_blk_t pblk;
        uint32_t type;

        rc = jmap(fs, js, blk, &pblk);
        if (!rc)
            rc = ext_bytes(fs, pblk, 0, h, JH_SIZE);
        if (rc)
            break;
        blk = wrap(js, blk + 1);
        js->left--;
        if (be32(h + JH_MAGIC) != JBD2_MAGIC)
            break;
        type = be32(h + JH_BLOCKTYPE);
        if (type == JBD2_DESCRIPTOR_BLOCK)
            rc = walk_tags(fs, j, js, pblk, 0, &blk, false, NULL);
        else if (type == JBD2_REVOKE_BLOCK)
            rc = revoke_records(fs, j, js, pblk, false);
        else
            break;
        if (rc)
            break;
    }
    js->left = left;
    return rc;
}

/* The commit block at pblk in the scan: false when its checksum fails
 * (v1: the transaction's crc32_be; v2/v3: the block's crc32c). */
static int commit_ok(struct ext_fs *fs, struct jscan *js, ext_blk_t pblk,
                     uint32_t crc, bool *ok)
{
    uint8_t h[JC_CHKSUM + 4] = { 0 };
    int rc;

    *ok = true;
    if (js->compat & JBD2_COMPAT_CHECKSUM) {
        uint32_t found;

        rc = ext_bytes(fs, pblk, 0, h, sizeof(h));
        if (rc)
            return rc;
        found = be32(h + JC_CHKSUM);
        *ok = (crc == found && h[JC_CHKSUM_TYPE] == JC_CRC32_CHKSUM &&
               h[JC_CHKSUM_SIZE] == JC_CRC32_CHKSUM_SIZE) ||
              (h[JC_CHKSUM_TYPE] == 0 && h[JC_CHKSUM_SIZE] == 0 &&
               found == 0);
        return 0;
    }
    if (csum23(js))
        return jcsum_ok(fs, js, pblk, JC_CHKSUM, ok);
    return 0;
}

/* One pass over the log (do_one_pass). One function on purpose, as jbd2's
 * is: each block type's arm reads and moves the pass's own state
 * (next_id, last_time, need_check, crc, stop), and split apart that state
 * would travel by pointer through every arm, costing the tiny image bytes
 * and the reader the one place where the pass can be read in order. */
static int jpass(struct ext_fs *fs, struct ext_journal *j, struct jscan *js,
                 bool replay)
{
    uint32_t next_id = js->seq, blk = js->start, crc = ~0u;
    uint64_t last_time = 0;
    bool need_check = false;
    uint8_t stop = EXT_JSTOP_WRAP;
    uint32_t stop_blk = blk;

    js->txn_first = blk;
    /* One pass visits each log block at most once, as jbd2's walk does:
     * descriptors, the blocks their tags name, revoke and commit blocks
     * all count, so no crafted descriptor can make a pass circle. */
    js->left = js->total - js->first;
    /*@ loop invariant table: j->n <= j->cap; */
    while (js->left) {
        uint8_t h[JH_SIZE] = { 0 }, c[8] = { 0 };
        uint32_t cur = blk, type, seq;
        uint64_t ctime;
        ext_blk_t pblk;
        bool ok = true, fold;
        int rc;

        if (replay && tid_geq(next_id, js->end))
            return 0;
        stop_blk = cur;
        rc = jmap(fs, js, cur, &pblk);
        if (!rc)
            rc = ext_bytes(fs, pblk, 0, h, JH_SIZE);
        if (rc)
            return rc;
        blk = wrap(js, blk + 1);
        js->left--;
        if (be32(h + JH_MAGIC) != JBD2_MAGIC) {
            stop = EXT_JSTOP_MAGIC;
            break;
        }
        type = be32(h + JH_BLOCKTYPE);
        seq = be32(h + JH_SEQUENCE);
        if (seq != next_id) {
            stop = EXT_JSTOP_SEQUENCE;
            break;
        }
        if (type == JBD2_DESCRIPTOR_BLOCK) {
            if (js->tail) {
                rc = jcsum_ok(fs, js, pblk, ext_blk_size(fs) - JTAIL_SIZE,
                              &ok);
                if (rc)
                    return rc;
            }
            if (!ok) {
                if (replay)
                    return jfail(fs, EXT_ECSUM, pblk, "journal: descriptor "
                                 "block checksum mismatch");
                need_check = true;
            }
            /* v1: the transaction's crc32_be covers the descriptor,
             * then the blocks it describes (calc_chksums). */
            fold = !replay && (js->compat & JBD2_COMPAT_CHECKSUM) &&
                   !need_check && !js->have_end;
            if (fold)
                rc = jcrc32_be(fs, pblk, &crc);
            if (!rc)
                rc = walk_tags(fs, j, js, pblk, seq, &blk, replay,
                               fold ? &crc : NULL);
            if (rc)
                return rc;
            continue;
        }
        if (type == JBD2_COMMIT_BLOCK) {
            rc = ext_bytes(fs, pblk, JC_COMMIT_SEC, c, 8);
            if (rc)
                return rc;
            ctime = be64(c);
            if (need_check) {
                if (ctime >= last_time)
                    return jfail(fs, EXT_ECSUM, pblk, "journal: a descriptor"
                                 " or revoke block failed its checksum in a"
                                 " committed transaction (recovery fails)");
                stop = EXT_JSTOP_STALE;
                break;
            }
            if (replay) {
                if (js->rev_again) {
                    rc = revoke_again(fs, j, js, cur);
                    if (rc)
                        return rc;
                }
                memset(js->rev_filter, 0, sizeof(js->rev_filter));
                js->rev_seen = js->rev_again = false;
                js->txn_first = blk;
                j->transactions++;
                next_id++;
                continue;
            }
            if ((js->compat & JBD2_COMPAT_CHECKSUM) && js->have_end)
                continue;
            rc = commit_ok(fs, js, pblk, crc, &ok);
            if (rc)
                return rc;
            if (js->compat & JBD2_COMPAT_CHECKSUM)
                crc = ok ? ~0u : crc;
            if (!ok) {
                if (ctime < last_time) {
                    stop = EXT_JSTOP_STALE;
                    break;
                }
                js->end = next_id;
                js->have_end = true;
                js->failed_blk = cur;
                if (!(js->incompat & JBD2_INCOMPAT_ASYNC_COMMIT))
                    continue;
            }
            last_time = ctime;
            next_id++;
            continue;
        }
        if (type == JBD2_REVOKE_BLOCK) {
            if (!replay && js->tail) {
                rc = jcsum_ok(fs, js, pblk, ext_blk_size(fs) - JTAIL_SIZE,
                              &ok);
                if (rc)
                    return rc;
                if (!ok)
                    need_check = true;
            }
            if (replay) {
                rc = revoke_records(fs, j, js, pblk, true);
                if (rc)
                    return rc;
            }
            continue;
        }
        stop = EXT_JSTOP_TYPE;
        break;
    }
    if (!replay) {
        if (!js->have_end) {
            js->end = next_id;
            js->have_end = true;
        }
        j->stop = stop;
        j->stop_blk = stop_blk;
        if (js->failed_blk != UINT32_MAX) {
            j->stop = EXT_JSTOP_COMMIT_CSUM;
            j->stop_blk = js->failed_blk;
        }
    }
    return 0;
}

/* ---- the journal superblock ---------------------------------------------- */

static int jsb_bad(struct ext_fs *fs, const char *what)
{
    return jfail(fs, EXT_EJOURNAL, 0, what);
}

/* Out of line: its buffers are not on the stack while the log is
 * scanned. Its checks run in the order jbd2's load_superblock makes them,
 * each a line or two on the one superblock buffer; split into helpers it
 * measured 40 bytes more in the default image (#36), so it stays whole. */
__attribute__((noinline))
static int jsb_load(struct ext_fs *fs, struct jscan *js, uint32_t inum)
{
#if EXT_FAST_COMMIT
    uint8_t sb[JSB_NUM_FC_BLKS + 4] = { 0 };
#else
    uint8_t sb[JSB_CHECKSUM_TYPE + 1] = { 0 };
#endif
    ext_blk_t pblk;
    uint32_t type, maxlen, ro;
    int rc = ext_inode_read(fs, inum, &js->f.in);

    if (!rc)
        rc = ext_file_open(fs, &js->f.in, &js->f);
    if (rc)
        return rc;
    if ((js->f.in.mode & EXT_S_IFMT) != EXT_S_IFREG)
        return ext_fail(fs, EXT_EJOURNAL, inum, 0,
                        "journal: the journal inode is not a regular file");
    /* e2fsck and the kernel refuse a journal under 1024 blocks. */
    if ((js->f.in.size >> fs->blk_shift) < JBD2_MIN_JOURNAL_BLOCKS)
        return jsb_bad(fs, "journal: shorter than 1024 blocks");
    js->total = (uint32_t)(js->f.in.size >> fs->blk_shift);
#if !EXT_OFF32
    if ((js->f.in.size >> fs->blk_shift) > UINT32_MAX)
        js->total = UINT32_MAX;
#endif
    rc = jmap(fs, js, 0, &pblk);
    if (!rc)
        rc = ext_bytes(fs, pblk, 0, sb, sizeof(sb));
    if (rc)
        return rc;
    if (be32(sb + JH_MAGIC) != JBD2_MAGIC)
        return jsb_bad(fs, "journal: superblock has no jbd2 magic");
    type = be32(sb + JH_BLOCKTYPE);
    if (type == JBD2_SUPERBLOCK_V1) {
        js->compat = js->incompat = ro = 0;
    } else if (type == JBD2_SUPERBLOCK_V2) {
        js->compat = be32(sb + JSB_FEATURE_COMPAT);
        js->incompat = be32(sb + JSB_FEATURE_INCOMPAT);
        ro = be32(sb + JSB_FEATURE_RO_COMPAT);
        if (be32(sb + JSB_NR_USERS) > 1)
            return jsb_bad(fs, "journal: shared by several filesystems "
                           "(s_nr_users > 1)");
    } else {
        return jsb_bad(fs, "journal: superblock type is not v1 or v2");
    }
#if !EXT_FAST_COMMIT
    if (js->incompat & JBD2_INCOMPAT_FAST_COMMIT)
        return jsb_bad(fs, "journal: feature fast_commit (its replay is "
                       "not supported)");
#endif
    if ((js->incompat & ~(JBD2_INCOMPAT_REVOKE | JBD2_INCOMPAT_64BIT |
                          (EXT_FAST_COMMIT ? JBD2_INCOMPAT_FAST_COMMIT : 0) |
                          JBD2_INCOMPAT_ASYNC_COMMIT | JBD2_INCOMPAT_CSUM_V2 |
                          JBD2_INCOMPAT_CSUM_V3)) || ro)
        return jsb_bad(fs, "journal: unknown INCOMPAT or RO_COMPAT "
                       "feature");
    if ((js->incompat & JBD2_INCOMPAT_CSUM_V2) &&
        (js->incompat & JBD2_INCOMPAT_CSUM_V3))
        return jsb_bad(fs, "journal: both checksum v2 and v3");
    if (csum23(js)) {
        uint32_t crc = ~0u;
        uint8_t b[4] = { 0 };

        if (js->compat & JBD2_COMPAT_CHECKSUM)
            return jsb_bad(fs, "journal: checksum v1 together with v2/v3");
        if (sb[JSB_CHECKSUM_TYPE] != JBD2_CSUM_TYPE_CRC32C)
            return jsb_bad(fs, "journal: superblock checksum type is not "
                           "crc32c");
        rc = ext_crc32c_span(fs, pblk, 0, JSB_CHECKSUM, &crc);
        if (!rc) {
            crc = ext_crc32c(crc, "\0\0\0", 4);
            rc = ext_crc32c_span(fs, pblk, JSB_CHECKSUM + 4,
                                 JSB_SIZE - JSB_CHECKSUM - 4, &crc);
        }
        if (!rc)
            rc = ext_bytes(fs, pblk, JSB_CHECKSUM, b, 4);
        if (rc)
            return rc;
        if (be32(b) != crc)
            return ext_fail(fs, EXT_ECSUM, 0, 0,
                            "journal: superblock checksum mismatch");
        rc = ext_bytes(fs, pblk, JSB_UUID, sb, 16);
        if (rc)
            return rc;
        js->seed = ext_crc32c(~0u, sb, 16);
        rc = ext_bytes(fs, pblk, 0, sb, sizeof(sb));
        if (rc)
            return rc;
    }
    if (be32(sb + JSB_BLOCKSIZE) != ext_blk_size(fs))
        return jsb_bad(fs, "journal: block size is not the filesystem's");
    maxlen = be32(sb + JSB_MAXLEN);
    if (maxlen > js->total)
        return jsb_bad(fs, "journal: s_maxlen is longer than the journal "
                       "inode");
    /* i_blocks counts every block the inode has (its map's too): a log
     * longer than that names blocks that are not there. */
    if (maxlen > js->f.in.blocks >> (fs->blk_shift - 9))
        return jsb_bad(fs, "journal: s_maxlen is more blocks than the "
                       "journal inode holds (i_blocks)");
    js->total = maxlen;
#if EXT_FAST_COMMIT
    /* The fast-commit area is the log's last s_num_fc_blks blocks
     * (jbd2's j_fc_first = j_last + 1 up to j_fc_last = s_maxlen, the
     * last one past the journal); the log wraps before it. */
    if (js->incompat & JBD2_INCOMPAT_FAST_COMMIT) {
        uint32_t nfc = be32(sb + JSB_NUM_FC_BLKS);

        if (!nfc)
            nfc = FC_DEFAULT_BLOCKS;
        if (nfc >= maxlen || maxlen - nfc < JBD2_MIN_JOURNAL_BLOCKS)
            return jsb_bad(fs, "journal: s_num_fc_blks leaves a log "
                           "shorter than 1024 blocks");
        js->total = maxlen - nfc;
        js->fc_first = js->total + 1;
        js->fc_end = maxlen;
    }
#endif
    js->first = be32(sb + JSB_FIRST);
    js->seq = be32(sb + JSB_SEQUENCE);
    js->start = be32(sb + JSB_START);
    if (js->first == 0 || js->first >= js->total)
        return jsb_bad(fs, "journal: s_first is outside the journal");
    if ((uint64_t)js->first + JBD2_MIN_JOURNAL_BLOCKS > (uint64_t)maxlen + 1)
        return jsb_bad(fs, "journal: log shorter than 1024 blocks "
                       "(s_first, s_maxlen)");
    if (js->start && (js->start >= js->total))
        return jsb_bad(fs, "journal: s_start is outside the journal");
    if (js->incompat & JBD2_INCOMPAT_CSUM_V3)
        js->tag_bytes = JT3_SIZE;
    else
        js->tag_bytes = ((js->incompat & JBD2_INCOMPAT_64BIT) ? JT_SIZE64
                                                             : JT_SIZE32) +
                        ((js->incompat & JBD2_INCOMPAT_CSUM_V2)
                         ? JT_CSUM_V2_EXTRA : 0);
    js->tail = csum23(js) ? JTAIL_SIZE : 0;
    return 0;
}

/* sectors: the partition's (0 unknown). A replayed superblock may grow
 * the filesystem into it, so a tag is judged against the partition,
 * as e2fsck judges it against the filesystem the replay leaves; reads
 * stay bounded by the block count the mount parses afterwards. */
int ext_journal_replay(struct ext_fs *fs, struct ext_journal *j,
                       blockdev_lba_t sectors)
{
    struct jscan js;
    uint8_t b[4] = { 0 };
    uint32_t sectors0 = fs->sectors_read;
    int rc;

    memset(&js, 0, sizeof(js));
    js.failed_blk = UINT32_MAX;
    js.limit = sectors ? sectors >> (fs->blk_shift - 9) : EXT_BLK_MAX;
    if (j) {
        struct ext_jblock *tab = j->tab;
        uint32_t cap = j->cap;
#if EXT_FAST_COMMIT
        struct ext_fc_rec *fc = j->fc;
        uint32_t fc_cap = j->fc_cap;
#endif

        memset(j, 0, sizeof(*j));
        j->tab = tab;
        j->cap = cap;
#if EXT_FAST_COMMIT
        j->fc = fc;
        j->fc_cap = fc_cap;
#endif
    }
    rc = ext_bytes(fs, 0, SB_OFFSET + SB_JOURNAL_INUM, b, 4);
    if (rc)
        return rc;
    if (!le32(b))
        return jfail(fs, EXT_EJOURNAL, 0, "journal: on an external device "
                     "(s_journal_inum 0, journal_dev); cannot replay it");
    rc = jsb_load(fs, &js, le32(b));
    if (rc)
        return rc;
    if (js.start) {
        if (!j || !j->cap)
            return jfail(fs, EXT_EJFULL, 0, "journal: needs replay but "
                         "no replay table was given (capacity 0)");
        rc = jpass(fs, j, &js, false);
        /* The replay pass reads the log through the table it fills, as
         * e2fsck's recovery reads it through the blocks it has written:
         * an earlier transaction's version of a log block is what a
         * later one replays from. */
        fs->jnl = j;
        fs->buf_lba = EXT_NO_SECTOR;
        if (!rc)
            rc = jpass(fs, j, &js, true);
#if EXT_FAST_COMMIT
        if (!rc && js.fc_end)
            rc = ext_fc_replay(fs, j, &js.f, js.fc_first, js.fc_end, js.end);
#endif
        if (rc) {
            fs->jnl = NULL;
            j->transactions = 0;
            j->n = 0;
#if EXT_FAST_COMMIT
            j->fc_n = 0;
#endif
            return rc;
        }
        j->first_seq = js.seq;
        j->end_seq = js.end;
    } else if (j) {
        j->stop = EXT_JSTOP_EMPTY;
        j->first_seq = j->end_seq = js.seq;
    }
    if (j) {
        j->replayed = 1;
        j->scan_sectors = fs->sectors_read - sectors0;
    }
    fs->jnl = j;
    fs->warnings &= (uint8_t)~EXT_WARN_NEEDS_RECOVERY;
    fs->buf_lba = EXT_NO_SECTOR;
    return 0;
}

const char *ext_journal_stop_text(int stop)
{
    static const char *const txt[] = {
        "not replayed",
        "the log is empty (s_start 0)",
        "a block without the journal magic",
        "a block of an older transaction",
        "a block of an unknown type",
        "a commit block failed its checksum",
        "a checksum failure in stale blocks",
        "the scan came round the whole log",
    };

    if (stop < 0 || stop >= (int)(sizeof(txt) / sizeof(txt[0])))
        return "?";
    return txt[stop];
}

static uint32_t jreplayed(const struct ext_journal *j, char *buf,
                          uint32_t len)
{
    uint32_t at = num_put(buf, len, 0, "replayed in memory: ");

    at = num_put_u(buf, len, at, j->transactions, 10);
    at = num_put(buf, len, at, " transactions (");
    at = num_put_u(buf, len, at, j->first_seq, 10);
    at = num_put(buf, len, at, " to ");
    at = num_put_u(buf, len, at, j->end_seq, 10);
    at = num_put(buf, len, at, " excluded), ");
    at = num_put_u(buf, len, at, j->n, 10);
    at = num_put(buf, len, at, " blocks, ");
    at = num_put_u(buf, len, at, j->revokes, 10);
    at = num_put(buf, len, at, " revoke records, ");
    at = num_put_u(buf, len, at, j->bad_tags, 10);
    at = num_put(buf, len, at, " blocks failed their checksum; the scan "
              "stopped at log block ");
    at = num_put_u(buf, len, at, j->stop_blk, 10);
    at = num_put(buf, len, at, ": ");
    at = num_put(buf, len, at, ext_journal_stop_text(j->stop));
#if EXT_FAST_COMMIT
    if (j->fc_commits) {
        at = num_put(buf, len, at, "; then ");
        at = num_put_u(buf, len, at, j->fc_commits, 10);
        at = num_put(buf, len, at, " fast commits, ");
        at = num_put_u(buf, len, at, j->fc_n, 10);
        at = num_put(buf, len, at, " entries");
    }
#endif
    return at;
}

#else /* !EXT_JOURNAL */

const char *ext_journal_stop_text(int stop)
{
    return stop ? "?" : "not replayed";
}

static uint32_t jreplayed(const struct ext_journal *j, char *buf,
                          uint32_t len)
{
    (void)j;
    return num_put(buf, len, 0, "?");
}

#endif /* EXT_JOURNAL */

/* A build without EXT_JOURNAL never has a replayed journal: one that
 * needs replay does not mount there. */
uint32_t ext_journal_describe(const struct ext_fs *fs, char *buf,
                              uint32_t len)
{
#if EXT_JOURNAL
    const struct ext_journal *j = fs->jnl;
#else
    const struct ext_journal *j = NULL;
#endif

    if (!len)
        return 0;
    buf[0] = 0;
    /* The replayed superblock may no longer say needs_recovery. */
    if (fs->warnings & EXT_WARN_NEEDS_RECOVERY)
        return num_put(buf, len, 0, "NOT replayed: reading the last "
                    "checkpointed state");
    if (!j || !j->replayed) {
        if (!(fs->compat & COMPAT_HAS_JOURNAL))
            return num_put(buf, len, 0, "none");
        return num_put(buf, len, 0, "clean, nothing to replay");
    }
    return jreplayed(j, buf, len);
}
